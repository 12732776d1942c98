"""A Shanghai win declaration judged the moment it is made (SH-HU-1, SH-ZH-1), on the family's
judge (``rulesbook.family13.declarations``) with Shanghai's clauses and words (简体中文), and its
own checks beside the family's (相公, count, false set, lateness, 漏胡, shape, minimum):

* SH-QIAO-4: under ``knock_required`` only a knocked player wins;
* SH-HU-2: a special row or enough flowers (none under ``special_only``);
* SH-IRR-3: a flower tile (中發白 under ``dragons_as_flowers``) among his tiles;
* SH-PR-5: only an added kong may be robbed;
* SH-BD-4: under ``no_wild_discard_win`` a hand holding a wild tile wins only by self-draw.
"""
from __future__ import annotations

from typing import Optional

from referee.thirteen import ThirteenTable, ThirteenWin
from rulesbook.family13 import declarations
from rulesbook.family13.declarations import ZH_SIMPLIFIED, Judged, Words, texts

from .fan import count_win, minimum
from .options import ShRules
from .table import knocked

CLAUSES = {"dead": "SH-ZH-1", "count": "SH-IRR-1", "false_set": "SH-IRR-2", "not_drawn": "SH-ZH-1",
           "late": "SH-PR-3", "barred": "SH-GS-3", "shape": "SH-ZH-1", "minimum": "SH-HU-2"}
_ZH = {**ZH_SIMPLIFIED, "barred": "漏胡之后不得再胡{tile}", "shape": "不成四组一对",
       "minimum": "垃圾胡仅{fan_min}花，不足{min_fan}花起胡", "call_barred": "漏胡在先",
       "call_minimum": "垃圾胡仅{fan_min}花，不足起胡"}
_EN = dict(barred="a passed win (漏胡) bars him from winning on {tile} by discard or robbed kong",
           shape="the tiles are not four sets and a pair", call_barred="a passed win (漏胡) bars it",
           minimum="a plain hand (垃圾胡, no special row) with {fan_min} flowers, below the {min_fan} it "
                   "needs won this way",
           call_minimum="a plain hand (垃圾胡) with {fan_min} flowers, below the minimum")
TEXT = texts(_ZH, **_EN)
TEXT_SPECIAL_ONLY = texts({**_ZH, "minimum": "垃圾胡（{fan_min}花）不能胡：本桌只胡特殊牌型",
                           "call_minimum": "垃圾胡不能胡：本桌只胡特殊牌型"},
                          **{**_EN, "minimum": "a plain hand (垃圾胡, {fan_min} flowers) never wins here: "
                                               "only a special row does (special_only)",
                             "call_minimum": "a plain hand (垃圾胡) never wins here (special_only)"})


def _checks(table: ThirteenTable, rules: ShRules):
    o = rules.options

    def before(j: Judged) -> None:
        w = j.w
        if o.knock_required and not knocked(table.p[w.player]):
            j.causes.append(("SH-QIAO-4", f"{w.player} has not knocked (敲): only a knocked hand wins",
                             f"{w.player}未敲牌，不得胡牌"))
        if w.robbed_concealed:
            j.causes.append(("SH-PR-5", "only an added kong (上杠) may be robbed", "只有上杠可抢"))

    def after(j: Judged, count) -> None:
        if count.flower_tile:
            j.causes.append(("SH-IRR-3", "a flower tile (中發白) is among his tiles: no winning hand",
                             "手中有花牌（中發白），不成胡牌"))
        if o.no_wild_discard_win and count.wilds and j.w.how in ("discard", "rob_kong"):
            j.causes.append(("SH-BD-4", "a hand holding a wild tile (百搭) wins only by self-draw",
                             "手中有百搭，只可自摸"))

    return before, after


def judge(table: ThirteenTable, w: ThirteenWin, rules: ShRules, round_wind: int,
          dead_since: Optional[int], barred: bool, wrong_kong: bool) -> Judged:
    """The declaration ``w`` as it stood when made."""
    before, after = _checks(table, rules)
    words = Words(CLAUSES, TEXT_SPECIAL_ONLY if rules.options.special_only else TEXT,
                  before=before, after=after)
    low = minimum(rules, w.how)
    return declarations.judge(table, w, lambda hand: count_win(hand, rules), words,
                              0 if low is None else low, round_wind, dead_since, barred, wrong_kong)
