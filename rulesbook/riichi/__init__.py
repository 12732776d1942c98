"""Japanese riichi (variant ``riichi``): RULEBOOK_RIICHI.md, clause by clause.

``adjudicate(document)`` rules a loaded document; ``RULEBOOK_VERSION`` names the rulebook;
``valuation`` values a win through the ``mahjong`` library (RJ-VAL); ``yaku_names`` names each yaku
in Chinese, Japanese and English.
"""
from . import cut
from .adjudicate import adjudicate
from .options import OPTIONS_SPEC, PRESETS, RULEBOOK_VERSION, Options

__all__ = ["adjudicate", "cut", "OPTIONS_SPEC", "PRESETS", "RULEBOOK_VERSION", "Options"]
