"""What the 13-tile Chinese variants share (RULEBOOK_HK.md §10.1; Hong Kong first, then Guangdong,
Wuhan, Sichuan and Shanghai): the 包 liability engine (``liability``), claim and pass windows
(``passes``), false-win settlement (``false_win``), a win's facts (``win_facts``) and the findings
a ruling lists (``docket``). A variant package gives its clause IDs, tables and options as data.
"""
