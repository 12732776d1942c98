"""Hong Kong mahjong (variant ``hk``): RULEBOOK_HK.md, clause by clause.

``adjudicate(document)`` rules a loaded document; ``RULEBOOK_VERSION`` names the rulebook; the
options, presets and 番 table are data (``options``, ``fan_table``).
"""
from . import cut
from .adjudicate import adjudicate
from .options import DEFAULT_PRESET, OPTIONS_SPEC, PRESET_FAN, PRESETS, RULEBOOK_VERSION

__all__ = ["adjudicate", "cut", "DEFAULT_PRESET", "OPTIONS_SPEC", "PRESET_FAN", "PRESETS", "RULEBOOK_VERSION"]
