"""What a Hong Kong ``state`` holds at a cut (``referee.cut``; RULEBOOK_HK §10): the family's
(``rulesbook.family13.cut``): 相公, 過水 bars, the 包 liabilities standing, a robbable added kong;
refused in the first go-round (天糊 and 地糊 read the deal), with a flower not laid out yet, or a
fault not reported yet.
"""
from __future__ import annotations

from referee.model import Document
from rulesbook.family13 import cut

from .adjudicate import PLAN


def cut_at(doc: Document, k: int, at: int) -> tuple[dict, dict]:
    """Hand ``k``'s header as its ruling used it, and the ``state`` before its event ``at``."""
    return cut.cut_at(doc, k, at, PLAN, "天糊 and 地糊")
