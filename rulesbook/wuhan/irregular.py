"""相公 and the other irregularities (WH-IRR-0…5) on the family's watcher
(``rulesbook.family13.dead_hands``), with Wuhan's clauses and words (简体中文). Apart from 诈胡 no
irregularity costs money: the sanction is 相公 (he may not win; he plays on, claims and kongs, and
pays with his own product). Faults seen in the log and never reported are listed ``unreported``: a
wrong kong (WH-IRR-2: not four natural tiles, a 癞子 or 红中 in it, a single kong of another tile,
any kong at wall_left ≤ 14), a wrong claim (WH-IRR-3: not a set, not from the 上家, a 癞子 or 红中 in
it, a thrown tile claimed, out of its window), an irregular draw (WH-IRR-5). A wrong kong restored
in time costs nothing (WH-IRR-2.1). WH-IRR-4 (a wrong ``win.wild``) is ruled at the declaration.
"""
from __future__ import annotations

from rulesbook.family13.dead_hands import IrrWords

WH_IRR = IrrWords(
    frozenset(("WH-IRR-1", "WH-IRR-2", "WH-IRR-3", "WH-IRR-4", "WH-IRR-5")),
    {"wrong_kong": "WH-IRR-2", "wrong_chi": "WH-IRR-3", "chi_not_from_left": "WH-IRR-3",
     "wrong_pon": "WH-IRR-3", "thrown_claim": "WH-IRR-3", "wild_claim": "WH-IRR-3",
     "irregular_draw": "WH-IRR-5"},
    {"late_claim": "WH-IRR-3"},
    {"WH-IRR-1": ("a wrong count (相公)", "牌数不符（相公）"),
     "WH-IRR-2": ("a wrong kong (错杠): a false set", "错杠：假牌组"),
     "WH-IRR-3": ("a wrong claim (not a set, not from the 上家, a 癞子 or 红中 in it, a thrown tile, "
                  "a kong on a last discard, or out of its window)",
                  "错误吃碰杠（不成组、非上家、含癞子或红中、丢出的牌、海底打牌开杠或逾时）"),
     "WH-IRR-4": ("a wrong statement of the 癞子's use", "癞子用法报错"),
     "WH-IRR-5": ("an irregular draw or a peek", "错摸、抢摸或偷看")},
    {"dismissed": ("The report names no irregularity of WH-IRR: dismissed.", "举报未指明 WH-IRR 所列违例，不予受理。"),
     "ruled": ("{player}: {what}. 相公 from here: he may not win for the rest of the hand; no money.",
               "{player}：{what}。自此相公，本局不得胡牌，不另罚款。"),
     "corrected": ("{player}: a wrong kong corrected in time (WH-IRR-2.1): no penalty.",
                   "{player}：错杠及时更正（WH-IRR-2.1），不罚。"),
     "unreported": ("{player}: {what}; not reported, so it changes nothing.", "{player}：{what}；未经举报，不影响本局。")},
    "WH-IRR-0")
