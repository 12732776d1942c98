"""相公 and the other irregularities (HK-IRR-0…6) on the family's watcher
(``rulesbook.family13.dead_hands``), with Hong Kong's clauses and words. Apart from 詐糊 no
irregularity costs money: the sanction is 相公, the player may not win for the rest of the hand
(HK-IRR-1's effect). Unreported faults: a wrong kong (HK-IRR-2), a wrong claim (HK-IRR-4: not a
set, 上 not from the 上家), the claimed tile's kind discarded in the claiming turn (HK-IRR-5,
HK-FLOW-7), a flower discarded (HK-IRR-3), a claim on the last discard (HK-IRR-4, HK-FLOW-8) or after
the next player's draw (HK-IRR-4, HK-PR-3), an irregular draw (HK-IRR-6); a wrong kong restored by a
``correct`` costs nothing (HK-IRR-2.1).
"""
from __future__ import annotations

from rulesbook.family13.dead_hands import DeadHands as FamilyDeadHands
from rulesbook.family13.dead_hands import IrrWords

CLAUSES = frozenset(f"HK-IRR-{n}" for n in range(1, 7))
WORDS = {
    "HK-IRR-1": ("a wrong count (大相公 / 小相公)", "牌數不符（大相公／小相公）"),
    "HK-IRR-2": ("a wrong kong (錯槓): a false set", "錯槓：假牌組"),
    "HK-IRR-3": ("a flower discarded or not laid out", "花牌打出或未補花"),
    "HK-IRR-4": ("a wrong claim (not a set, not from the 上家, out of its window, or on the last "
                 "discard)", "錯誤吃碰槓（不成組、非上家、逾時或食尾張）"),
    "HK-IRR-5": ("the claimed tile's kind discarded in the claiming turn (HK-FLOW-7)",
                 "上／碰後即打出同一張牌（HK-FLOW-7）"),
    "HK-IRR-6": ("an irregular draw or a peek", "錯摸、搶摸或偷看"),
}
HK_IRR = IrrWords(
    CLAUSES,
    {"wrong_kong": "HK-IRR-2", "wrong_chi": "HK-IRR-4", "chi_not_from_left": "HK-IRR-4",
     "wrong_pon": "HK-IRR-4", "irregular_draw": "HK-IRR-6"},
    {"flower": "HK-IRR-3", "same_kind": "HK-IRR-5", "late_claim": "HK-IRR-4"},
    WORDS,
    {"dismissed": ("The report names no irregularity of HK-IRR: dismissed.", "舉發未指明 HK-IRR 所列違例，不予受理。"),
     "ruled": ("{player}: {what}. 相公 from here: he may not win for the rest of the hand; no money.",
               "{player}：{what}。自此相公，本局不得食糊，不另罰款。"),
     "corrected": ("{player}: a wrong kong corrected in time (HK-IRR-2.1): no penalty.",
                   "{player}：錯槓及時更正（HK-IRR-2.1），不罰。"),
     "unreported": ("{player}: {what}; not reported, so it changes nothing.", "{player}：{what}；未經舉發，不影響本局。")},
    "HK-IRR-0")


class DeadHands(FamilyDeadHands):
    """Who is 相公 from which event, and the findings of HK-IRR."""

    def __init__(self) -> None:
        super().__init__(HK_IRR)
