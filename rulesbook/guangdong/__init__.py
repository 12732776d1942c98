"""Guangdong 鸡平胡 (variant ``guangdong``): RULEBOOK_GD.md, clause by clause, on the 13-tile
family's shared pieces (``rulesbook.family13``).

Not yet registered in ``rulesbook.VARIANTS``: the clauses built so far are the options and presets
(``options``), the 番 count (``fan``), the money (``settle``), 包 (``bao``) and the dealer's
continuation (``flow``); the table replay and the ways in are still to come.
"""
from .options import DEFAULT_PRESET, OPTIONS_SPEC, PRESET_FAN, PRESETS, RULEBOOK_VERSION

__all__ = ["DEFAULT_PRESET", "OPTIONS_SPEC", "PRESET_FAN", "PRESETS", "RULEBOOK_VERSION"]
