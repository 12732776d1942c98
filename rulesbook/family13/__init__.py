"""What the 13-tile Chinese variants share (RULEBOOK_HK.md §10.1; Hong Kong first, then Guangdong,
Wuhan, Sichuan and Shanghai): a win's context (``context``), the splits of a 13-tile hand
(``shapes``), pattern predicates over a split (``patterns``), 番 counting with a table as data
(``counting``), the 包 liability engine (``liability``), claim and pass windows (``passes``),
false-win settlement (``false_win``) and a win's facts from the replay (``win_facts``). A variant
package holds its own table, options and presets and calls these; nothing here names a variant's
clause.
"""
