"""Taiwan 16-tile mahjong (variant ``tw16``): RULEBOOK.md, clause by clause.

``adjudicate(document)`` rules a loaded document; ``RULEBOOK_VERSION`` names the rulebook;
``PRESETS`` / ``PRESET_TAI`` are its presets' option values and tai tables (TW-RS).
"""
from . import cut
from .adjudicate import adjudicate
from .options import OPTIONS_SPEC, PRESET_TAI, PRESETS, RULEBOOK_VERSION, Options

__all__ = ["adjudicate", "cut", "OPTIONS_SPEC", "PRESETS", "PRESET_TAI", "RULEBOOK_VERSION", "Options"]
