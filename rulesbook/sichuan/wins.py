"""A Sichuan win declaration judged the moment it is made (SC-ZH-1 with the clause that made it
false beside it: SC-QM-2 a tile of the void suit, SC-GS-3 a pass in force, SC-IRR-1 a wrong count
or a dead hand, SC-IRR-2 a false set, SC-PR-3 a discard no longer claimable, SC-PR-5 a
concealed kong robbed), on the family's judge
(``rulesbook.family13.declarations``) with Sichuan's clauses and words (简体中文); several
declarations on one tile (SC-PR-2: all win, or ``head_bump``).
"""
from __future__ import annotations

from typing import Optional

from referee.thirteen import ThirteenWin
from rulesbook.family13 import declarations
from rulesbook.family13.declarations import ZH_SIMPLIFIED, Judged, Words, texts
from rulesbook.family13.liability import bloom_feeder, state_bloom_feeder, state_replacement
from rulesbook.family13.win_facts import win13

from .fan import ScCount, count_win, sc_win
from .options import ScRules
from .table import ScTable

ROUND_WIND = 27  # no round wind in Sichuan (the family's counter wants one)

CLAUSES = {"dead": "SC-IRR-1", "count": "SC-IRR-1", "false_set": "SC-IRR-2", "not_drawn": "SC-ZH-1",
           "late": "SC-PR-3", "barred": "SC-GS-3", "shape": "SC-ZH-1", "minimum": "SC-QM-2"}
TEXT = texts({
    **ZH_SIMPLIFIED, "dead": "{player}{since_zh}相公（死牌），不得胡牌",
    "barred": "过胡未解：摸牌之前不得胡别人打出的牌（除非番数更高）", "shape": "不成四组一对，亦非七对",
    "minimum": "手中仍有缺门的牌，不能胡（缺一门才可胡）",
}, barred="a passed win (过胡) is in force: no win on another's tile until his next draw, unless it "
          "scores more", shape="the tiles are not four sets and a pair, nor seven pairs",
    minimum="his hand holds a tile of his void suit: it cannot win (缺一门才可胡)")
CALL_TEXT = {
    "dead": ("{player} is 相公 (a dead hand): he may not win", "{player}相公（死牌），不得胡牌"),
    "barred": ("a passed win (过胡) is in force", "过胡未解"),
    "no_tile": ("he holds no {tile} to win with", "手中并无{tile}"),
    "shape": ("his hand does not win on {tile}", "手牌不能胡{tile}"),
    "void": ("his hand holds a tile of his void suit", "手中仍有缺门的牌"),
}


def _robbed_concealed(j: Judged) -> None:
    """SC-PR-5: only an added kong may be robbed; a declaration robbing a concealed kong does not
    win (a false win, as the family's 13-tile base rules it, HK-ZH-1)."""
    if j.w.robbed_concealed:
        j.causes.append(("SC-PR-5", "a concealed kong may not be robbed (only an added kong)",
                         "暗杠不能被抢杠胡（只可抢面下杠）"))


WORDS = Words(CLAUSES, TEXT, before=_robbed_concealed)


def count_of(table: ScTable, w: ThirteenWin, rules: ScRules):
    """The counter of ``w``'s declarer (his void suit; 杠上炮 when the discard won on followed his
    kong replacement; a 点杠花 paid as a discard, SC-PAY-5)."""
    kong_discard = w.how == "discard" and kong_before_discard(table, w.claimed_at) is not None
    void = table.void_of(w.player)
    fed = rules.options.claimed_kong_bloom == "discard" and bloom_feeder_of(table, w) is not None
    return lambda hand: count_win(sc_win(hand, kong_discard, void, fed), rules)


def bloom_feeder_of(table, w) -> Optional[tuple[str, int]]:
    """SC-PAY-5 点杠花: the feeder of the claimed kong whose replacement won (``bloom_feeder``), or
    of the claimed kong whose replacement the starting ``state`` shows him just drawn (§13)."""
    found = bloom_feeder(table, w)
    return found if found is not None else state_bloom_feeder(table, w)


def kong_before_discard(table: ScTable, at: Optional[int]) -> Optional[int]:
    """The kong whose replacement the discarder drew right before the discard at ``at`` (杠上炮,
    SC-FAN-22, SC-GF-6), else None."""
    if at is None:
        return None
    player = getattr(table.events[at], "player", None)
    for j in range(at - 1, -1, -1):
        x = table.events[j]
        if getattr(x, "player", None) != player:
            continue
        if x.type == "draw":
            if x.source != "back":
                return None
            kong = table.replaced_by(j)
            return kong if kong is not None and kong not in table.undone and kong not in table.robbed else None
        if x.type in ("pon", "chi", "deal", "state"):
            return None
    return 0 if state_replacement(table, player) else None


def judge(table: ScTable, w: ThirteenWin, rules: ScRules, dead_since: Optional[int], passes,
          wrong_kong: bool) -> Judged:
    """The declaration ``w`` as it stood when made; ``passes`` the 过胡 watcher."""
    counter = count_of(table, w, rules)
    barred = False
    if w.how in ("discard", "rob_kong") and w.tile is not None:
        hand = win13(table, w, ROUND_WIND)
        count: Optional[ScCount] = counter(hand) if hand is not None else None
        fan = count.fan_paid if count is not None and count.complete and count.qualifies else None
        barred = passes.barred(w.player, w.tile, fan)
    return declarations.judge(table, w, counter, WORDS, 0, ROUND_WIND, dead_since, barred, wrong_kong)


def bump(table: ScTable, judged: dict[int, Judged], j: Judged) -> bool:
    """SC-PR-2 ``head_bump``: of the valid declarations on one tile only the one first in turn
    order after the discarder wins. Whether ``j`` (valid) is bumped now; an earlier one it bumps is
    put back in play."""
    w = j.w
    if w.how not in ("discard", "rob_kong") or w.claimed_at is None or w.source is None:
        return False
    k = table.players.index(w.source)

    def order(p: str) -> int:
        return (table.players.index(p) - k) % 4

    for other in judged.values():
        if other is j or other.bumped or not other.wins or other.w.claimed_at != w.claimed_at:
            continue
        if order(other.w.player) < order(w.player):
            j.bumped = True
            return True
        other.bumped = True
        table.reinstate(other.w.player)
    return False
