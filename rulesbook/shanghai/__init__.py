"""Shanghai 上海麻将 (variant ``shanghai``: 敲麻, 百搭, 清混碰): RULEBOOK_SH.md, clause by clause,
on the 13-tile family's shared pieces (``rulesbook.family13``).

``adjudicate(document)`` rules a loaded document; ``cut`` picks a hand up at an event
(``referee.cut``); ``RULEBOOK_VERSION`` names the rulebook; the options, the three presets and the
番 table are data (``options``, ``fan_table``).
"""
from . import cut
from .adjudicate import adjudicate
from .options import DEFAULT_PRESET, OPTIONS_SPEC, PRESET_FAN, PRESETS, RULEBOOK_VERSION

__all__ = ["adjudicate", "cut", "DEFAULT_PRESET", "OPTIONS_SPEC", "PRESET_FAN", "PRESETS", "RULEBOOK_VERSION"]
