"""Shanghai money (SH-PAY, SH-BAO, SH-ZH-2). One share is P points (SH-PAY-0, ``fan.points``) × the
hand's 荒番 factor (SH-HF-3), in money × ``base``:

* SH-PAY-1 a self-draw: each of the three others pays one share;
* SH-PAY-2 a win on a discard: the discarder alone pays one share;
* SH-PAY-3 a robbed kong: the kong player pays three shares (SH-BAO-2; ``rob_kong_payment:
  discard``: one, as a discard);
* SH-PAY-4 several winners on one tile: each settled on its own, as SH-PAY-2/3 say;
* SH-BAO-1 包三口: the liable player pays one share more on the covered player's win;
* SH-PAY-5 no dealer money, no kong money, nothing at an exhaustive draw;
* SH-ZH-2 a false win: the 勒子 (L × ``base``) to each other player, not doubled (``reverse_lezi``),
  K × ``base`` (``fixed:K``), or nothing (``dead_hand``).

Amounts are integers; the ledger asserts that the net sums to zero.
"""
from __future__ import annotations

from typing import Optional, Sequence

from referee.ledger import Ledger
from referee.tiles import code
from rulesbook.family13.false_win import pay_false_win as family_false_win
from rulesbook.family13.shares import after

from . import bao
from .options import ShRules


def pay_win(ledger: Ledger, rules: ShRules, players: Sequence[str], w, value: int, several: bool,
            extra: Sequence[tuple[str, object]]) -> None:
    """Settle one valid win ``w`` (a ``ThirteenWin``) of one share ``value`` (money)."""
    winner, how, cause = w.player, w.how, w.at
    if how == "self_draw":
        for o in after(players, winner):
            ledger.pay_points(o, winner, value, "SH-PAY-1", cause=cause)
    elif how == "rob_kong" and rules.options.rob_kong_payment == "kong_player_three":
        ledger.pay_points(w.source, winner, 3 * value, "SH-PAY-4" if several else "SH-PAY-3", cause=cause,
                          liability="SH-BAO-2")
    else:
        rule = "SH-PAY-4" if several else ("SH-PAY-3" if how == "rob_kong" else "SH-PAY-2")
        ledger.pay_points(w.source, winner, value, rule, cause=cause)
    for payer, li in extra:
        ledger.pay_points(payer, winner, value, bao.CLAUSE, cause=cause, liability=li.clause)  # type: ignore[attr-defined]


def settle(ledger: Ledger, rules: ShRules, players: Sequence[str], liabilities, valid, factor: int) -> list[dict]:
    """The valid wins' money and the ruling's ``winners`` (SH-PAY, SH-BAO-1); ``factor``: the
    hand's 荒番 factor."""
    o = rules.options
    on_tile: dict = {}
    for j in valid:
        if j.w.claimed_at is not None:
            on_tile[j.w.claimed_at] = on_tile.get(j.w.claimed_at, 0) + 1
    winners = []
    for j in valid:
        w, count = j.w, j.count
        pts = count.points * factor
        value = pts * rules.base
        several = w.claimed_at is not None and on_tile[w.claimed_at] > 1
        extra = bao.extra_payers(o, liabilities, w.player, w.at)
        pay_win(ledger, rules, players, w, value, several, [(p, li) for p, li in extra if p != w.player])
        winner = {"player": w.player, "how": w.how, "tile": None if w.tile is None else code(w.tile)}
        if w.source is not None:
            winner["from"] = w.source
        winner.update(count.as_json(pts, value))
        winners.append(winner)
    return winners


def pay_false_win(ledger: Ledger, rules: ShRules, players: Sequence[str], offender: str,
                  cause: int) -> Optional[dict]:
    """SH-ZH-2 on the family's settlement: ``reverse_lezi`` is the family's reversed cap share
    priced at the 勒子 (never doubled), ``fixed:K`` K × base to each, ``dead_hand`` nothing."""
    option = rules.options.false_win
    return family_false_win(ledger, "reverse_limit" if option == "reverse_lezi" else option,
                            after(players, offender), offender, rules.base, rules.lezi_money, "SH-ZH-2", cause)
