"""相公 and the other irregularities (GD-IRR-0…5) on the family's watcher
(``rulesbook.family13.dead_hands``), with Guangdong's clauses and words (简体中文). Apart from 诈胡
no irregularity costs money: the sanction is 相公 (no win, no claim). Public acts, ruled at once
(GD-IRR-0): a wrong claim (GD-IRR-3: not a set, 上 not from the 上家, out of its window, on the
discard after the 海底, or by a 相公) and an exposed wrong kong (GD-IRR-2.2, claimed or added):
restored before the offender's discard it costs nothing, else he is 相公 from that discard. Until
reported: a concealed wrong kong (GD-IRR-2.2) and an irregular draw (GD-IRR-5); a wrong kong
restored in time costs nothing (GD-IRR-2.1). A flower tile is an input error (GD-IRR-4), never an
irregularity.
"""
from __future__ import annotations

from rulesbook.family13.dead_hands import IrrWords

GD_IRR = IrrWords(
    frozenset(("GD-IRR-1", "GD-IRR-2", "GD-IRR-3", "GD-IRR-5")),
    {"wrong_kong": "GD-IRR-2", "wrong_chi": "GD-IRR-3", "chi_not_from_left": "GD-IRR-3",
     "wrong_pon": "GD-IRR-3", "irregular_draw": "GD-IRR-5"},
    {"late_claim": "GD-IRR-3", "dead_claim": "GD-IRR-3", "public_claim": "GD-IRR-3", "public_kong": "GD-IRR-2"},
    {"GD-IRR-1": ("a wrong count (大相公 / 小相公)", "牌数不符（大相公／小相公）"),
     "GD-IRR-2": ("a wrong kong (错杠): a false set", "错杠：假牌组"),
     "GD-IRR-3": ("a wrong claim (not a set, not from the 上家, out of its window, or on the last "
                  "discard)", "错误上碰杠（不成组、非上家、逾时或海底之后）"),
     "GD-IRR-5": ("an irregular draw or a peek", "错摸、抢摸或偷看")},
    {"dismissed": ("The report names no irregularity of GD-IRR: dismissed.", "举报未指明 GD-IRR 所列违例，不予受理。"),
     "ruled": ("{player}: {what}. 相公 from here: he may not win or claim for the rest of the hand; no money.",
               "{player}：{what}。自此相公，本局不得胡牌、不得上碰杠，不另罚款。"),
     "corrected": ("{player}: a wrong kong corrected in time (GD-IRR-2.1): no penalty.",
                   "{player}：错杠及时更正（GD-IRR-2.1），不罚。"),
     "unreported": ("{player}: {what}; not reported, so it changes nothing.", "{player}：{what}；未经举报，不影响本局。"),
     "public": ("{player}: {what}, a public act ruled at once and not restored before his discard: "
                "相公 from that discard: he may not win or claim for the rest of the hand; no money.",
                "{player}：{what}，当场裁定，打牌前未更正：自其打牌起相公，本局不得胡牌、不得上碰杠，不另罚款。"),
     "public_pending": ("{player}: {what}, a public act ruled at once: he is 相公 from his next discard "
                        "unless he restores it first; no money.",
                        "{player}：{what}，当场裁定：打牌前未更正即自其打牌起相公，不另罚款。"),
     "public_restored": ("{player}: {what}, restored before his discard: no penalty.",
                         "{player}：{what}，于打牌前更正：不罚。"),
     "dead_claim": ("{player} claimed a discard while 相公 (a dead hand may not 上, 碰 or 杠 a discard): "
                    "the meld stands and he stays 相公; no money.",
                    "{player}相公时上碰杠他人打出的牌：牌组照留，仍为相公，不另罚款。"),
     "dead_claim_restored": ("{player} claimed a discard while 相公 and restored it before his discard: "
                             "no penalty.", "{player}相公时上碰杠，于打牌前更正：不罚。")},
    "GD-IRR-0")
