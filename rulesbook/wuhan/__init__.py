"""Wuhan 武汉麻将 (开口翻, 红中癞子杠; variant ``wuhan``): RULEBOOK_WH.md, clause by clause, on the
13-tile family's shared pieces (``rulesbook.family13``) and the wild-tile readings of
``referee.wild``.

``adjudicate(document)`` rules a loaded document; ``RULEBOOK_VERSION`` names the rulebook; the
options, the two presets and the factor table are data (``options``).
"""
from . import cut
from .adjudicate import adjudicate
from .options import DEFAULT_PRESET, FACTORS, OPTIONS_SPEC, PRESETS, RULEBOOK_VERSION

__all__ = ["adjudicate", "cut", "DEFAULT_PRESET", "FACTORS", "OPTIONS_SPEC", "PRESETS", "RULEBOOK_VERSION"]
