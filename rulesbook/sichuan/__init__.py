"""Sichuan 血战到底 (variant ``sichuan``): RULEBOOK_SC.md, clause by clause, on the 13-tile family's
shared pieces (``rulesbook.family13``) and the replay's several wins in one hand
(``referee.several``).

``adjudicate(document)`` rules a loaded document; ``RULEBOOK_VERSION`` names the rulebook; the
options, the two presets and the 番 table are data (``options``, ``fan_table``).
"""
from .adjudicate import adjudicate
from .options import DEFAULT_PRESET, OPTIONS_SPEC, PRESET_FAN, PRESETS, RULEBOOK_VERSION

__all__ = ["adjudicate", "DEFAULT_PRESET", "OPTIONS_SPEC", "PRESET_FAN", "PRESETS", "RULEBOOK_VERSION"]
