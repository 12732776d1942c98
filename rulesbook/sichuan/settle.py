"""Money for Sichuan wins (SC-PAY) and false wins (SC-ZH-2), each settled when it happens, among the
players in play at that moment (SC-XZ-1); every payment carries the event index it belongs to.

* SC-PAY-1 self-draw: each other player in play pays V, plus B under ``self_draw_bonus: add_base``;
* SC-PAY-2 a discard: the discarder alone pays V; SC-PAY-3 a robbed kong: the kong player pays V;
* SC-PAY-4 several winners on one tile: the discarder pays each winner his own V;
* SC-PAY-5 点杠花 under ``claimed_kong_bloom: discard``: the feeder of the claimed kong pays V alone;
* SC-ZH-2 a false win: ``cap_each`` B × 2^cap to each other player in play, ``fixed:K`` K × B,
  ``dead_hand`` nothing.
"""
from __future__ import annotations

from typing import Optional

from referee.ledger import Ledger
from rulesbook.family13.liability import bloom_feeder

from .fan import ScCount
from .options import ScRules


def pay_win(ledger: Ledger, rules: ScRules, table, w, count: ScCount, several: bool) -> None:
    """One valid win ``w`` (a ``ThirteenWin``) worth ``count``."""
    o = rules.options
    v = count.value
    if w.how == "self_draw":
        feeder = bloom_feeder(table, w) if o.claimed_kong_bloom == "discard" else None
        if feeder is not None:
            ledger.pay_points(feeder[0], w.player, v, "SC-PAY-5", cause=w.at)
            return
        bonus = rules.base if o.self_draw_bonus == "add_base" else 0
        for p in table.players:
            if p != w.player and table.in_play(p, w.at):
                ledger.pay_points(p, w.player, v + bonus, "SC-PAY-1", cause=w.at)
        return
    rule = "SC-PAY-4" if several else "SC-PAY-3" if w.how == "rob_kong" else "SC-PAY-2"
    ledger.pay_points(w.source, w.player, v, rule, cause=w.at)


def pay_false_win(ledger: Ledger, rules: ScRules, table, offender: str, at: int) -> Optional[int]:
    """SC-ZH-2; the amount each other player in play got (None under ``dead_hand``)."""
    option = rules.options.false_win
    if option == "dead_hand":
        return None
    each = rules.fixed_or_cap(option)
    for p in table.players:
        if p != offender and table.in_play(p, at):
            ledger.pay_points(offender, p, each, "SC-ZH-2", cause=at)
    return each
