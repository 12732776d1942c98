"""Taiwan 16-tile mahjong (variant ``tw16``): RULEBOOK.md, clause by clause.

``adjudicate(document)`` rules a loaded document; ``RULEBOOK_VERSION`` names the rulebook.
"""
from .adjudicate import adjudicate
from .options import OPTIONS_SPEC, RULEBOOK_VERSION, Options

__all__ = ["adjudicate", "OPTIONS_SPEC", "RULEBOOK_VERSION", "Options"]
