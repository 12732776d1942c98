"""What a Guangdong ``state`` holds at a cut (``referee.cut``; RULEBOOK_GD §10, HK §10 as it
stands): the family's (``rulesbook.family13.cut``): 相公, 过水 bars (``passed: {"tiles": […]}``
under the default ``same_tile_until_move``), the 包 liabilities standing (GD-BAO-1…5), a robbable
added kong; refused in the first go-round (天和, 地和 and 人和 read the deal) or with a fault not
reported yet.
"""
from __future__ import annotations

from referee.model import Document
from rulesbook.family13 import cut

from .adjudicate import PLAN


def cut_at(doc: Document, k: int, at: int) -> tuple[dict, dict]:
    """Hand ``k``'s header as its ruling used it, and the ``state`` before its event ``at``."""
    return cut.cut_at(doc, k, at, PLAN, "天和, 地和 and 人和")
