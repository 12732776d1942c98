"""相公 and the other irregularities (SH-IRR-0…6) on the family's watcher
(``rulesbook.family13.dead_hands``), with Shanghai's clauses and words (简体中文). Apart from 诈胡
no irregularity costs money: the sanction is 相公 (no claim, no knock, no win; he plays on), in
effect from a ``report`` or ``admit`` (SH-IRR-0); a fault never in effect is listed
``unreported``. A wrong claim (SH-IRR-4) is a public act, ruled as it happens (SH-IRR-0):
restored before the claimer's discard it costs nothing, else the meld stands and his hand is dead
from that discard, without a report. The replay lists what it sees (``rulesbook.shanghai.table``): a wrong kong, also a
knocked hand's kong that changes its waits (SH-IRR-2), a flower tile discarded or melded
(SH-IRR-3), a wrong claim (SH-IRR-4: not a set, not from the 上家, a chi under ``chi: false``, a chi
or pon by a knocked player, a claim on the last discard or out of its window), a knocked player's
discard other than his drawn tile (SH-IRR-5), an irregular draw (SH-IRR-6).
"""
from __future__ import annotations

from rulesbook.family13.dead_hands import IrrWords

SH_IRR = IrrWords(
    frozenset(("SH-IRR-1", "SH-IRR-2", "SH-IRR-3", "SH-IRR-4", "SH-IRR-5", "SH-IRR-6")),
    {"wrong_kong": "SH-IRR-2", "wrong_chi": "SH-IRR-4", "chi_not_from_left": "SH-IRR-4",
     "wrong_pon": "SH-IRR-4", "chi_barred": "SH-IRR-4", "knocked_claim": "SH-IRR-4",
     "flower_tile": "SH-IRR-3", "knocked_discard": "SH-IRR-5", "irregular_draw": "SH-IRR-6"},
    {"flower": "SH-IRR-3", "late_claim": "SH-IRR-4"},
    {"SH-IRR-1": ("a wrong count (相公)", "牌数不符（相公）"),
     "SH-IRR-2": ("a wrong kong (not four of a kind, or one that changes a knocked hand's waits)",
                  "错杠（非四张同牌，或敲牌后改变听牌的杠）"),
     "SH-IRR-3": ("a flower tile kept in hand, discarded or melded", "花牌留在手中、打出或组入牌组"),
     "SH-IRR-4": ("a wrong claim (not a set, not from the 上家, no chi at this table, a chi or pon "
                  "after knocking, out of its window or on the last discard)",
                  "错误吃碰杠（不成组、非上家、本桌不许吃、敲牌后吃碰、逾时或海底之后）"),
     "SH-IRR-5": ("a knocked player discarded a tile other than the one he had just drawn: his knock "
                  "is void", "敲牌后打出非刚摸之牌：敲牌作废"),
     "SH-IRR-6": ("an irregular draw or a peek", "错摸、抢摸或偷看")},
    {"dismissed": ("The report names no irregularity of SH-IRR: dismissed.", "举报未指明 SH-IRR 所列违例，不予受理。"),
     "ruled": ("{player}: {what}. 相公 from here: no claim, no knock, no win for the rest of the hand; "
               "no money.", "{player}：{what}。自此相公，本局不得吃碰杠、敲牌或胡牌，不另罚款。"),
     "corrected": ("{player}: a wrong kong corrected before his next discard (SH-IRR-2): no penalty.",
                   "{player}：错杠于下次打牌前更正（SH-IRR-2），不罚。"),
     "unreported": ("{player}: {what}; not reported, so it changes nothing.", "{player}：{what}；未经举报，不影响本局。"),
     "claim_ruled": ("{player}: {what}; not corrected before his discard: the meld stands and his hand is "
                     "dead (相公) for the rest of the hand: no claim, no knock, no win; no money.",
                     "{player}：{what}；出牌前未更正：牌组照留，自此相公，本局不得吃碰杠、敲牌或胡牌，不另罚款。"),
     "claim_restored": ("{player}: {what}; restored before his discard: no penalty.",
                        "{player}：{what}；出牌前已更正，不罚。")},
    "SH-IRR-0", at_once=frozenset(("SH-IRR-4",)))
