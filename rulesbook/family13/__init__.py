"""What the 13-tile Chinese variants share (Hong Kong first; Guangdong, Wuhan, Sichuan and Shanghai
next): a win's context (``context``), the splits of a 13-tile hand (``shapes``), pattern predicates
over a split (``patterns``) and 番 counting with a table as data (``counting``). A variant package
holds its own table, options and presets and calls these; nothing here names a variant's clause.
"""
