"""Guangdong 鸡平胡 (variant ``guangdong``): RULEBOOK_GD.md, clause by clause, on the 13-tile
family's shared pieces (``rulesbook.family13``).

``adjudicate(document)`` rules a loaded document; ``RULEBOOK_VERSION`` names the rulebook; the
options, the five presets and the 番 table are data (``options``, ``fan_table``).
"""
from . import cut
from .adjudicate import adjudicate
from .options import DEFAULT_PRESET, OPTIONS_SPEC, PRESET_FAN, PRESETS, RULEBOOK_VERSION

__all__ = ["adjudicate", "cut", "DEFAULT_PRESET", "OPTIONS_SPEC", "PRESET_FAN", "PRESETS", "RULEBOOK_VERSION"]
