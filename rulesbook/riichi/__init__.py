"""Japanese riichi (variant ``riichi``): RULEBOOK_RIICHI.md, clause by clause.

``valuation`` values a win through the ``mahjong`` library (RJ-VAL); ``yaku_names`` names each yaku
in Chinese, Japanese and English.
"""
