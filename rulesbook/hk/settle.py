"""Hong Kong money (HK-PAY, HK-ZH-2): a win's shares of the portion P (self-draw, discard under 全銃
or 半銃, robbed kong, flower win, several winners), moved by the liability that acts (HK-PAY-8,
HK-BAO-6, 7, 8), and a false win's payment. Amounts are integers; the ledger asserts the sum.

P, the portion of a win, is ``base`` × m(F) on the curve in force (HK-PAY-0: ``portion``).
"""
from __future__ import annotations

from typing import Optional, Sequence

from referee.ledger import Ledger
from rulesbook.family13.false_win import pay_false_win as family_false_win
from rulesbook.family13.liability import Liability
from rulesbook.family13.shares import after, self_draw

from .options import HkRules
from .portion import discard_shares, limit_portion


def pay_win(ledger: Ledger, rules: HkRules, players: Sequence[str], winner: str, how: str,
            source: Optional[str], portion: int, acting: Sequence[Liability], several: bool,
            cause: int) -> None:
    """Settle one valid win of portion ``portion`` (P)."""
    p, opts = portion, rules.options
    if how in ("self_draw", "flower"):
        rule = "HK-PAY-1" if how == "self_draw" else "HK-PAY-4"
        self_draw(ledger, players, winner, p, rule, acting, cause)
        return
    assert source is not None
    if how == "rob_kong" and (several or opts.rob_kong_payment == "kong_player_pays_all"):
        ledger.pay_points(source, winner, 3 * p, "HK-PAY-6" if several else "HK-PAY-3", cause=cause)
        return
    rule = "HK-PAY-3" if how == "rob_kong" else "HK-PAY-2"
    li = acting[0] if acting and how == "discard" else None
    if several:  # HK-PAY-6: 2P from the discarder whatever `payment` says; HK-BAO-7 per win
        rule, shares = "HK-PAY-6", [(source, 2 * p)]
        if li is not None and li.clause == "HK-BAO-6":  # no other player's half to move
            li = None
    else:
        own, half = discard_shares(rules, p)
        shares = [(source, own)] + [(o, half) for o in after(players, winner) if o != source and half]
    if li is None or li.liable == source and li.clause != "HK-BAO-6":
        _lines(ledger, winner, shares, rule, None, cause)
    elif li.clause == "HK-BAO-6":  # HK-BAO-6: the liable pays the non-discarders' halves
        _lines(ledger, winner, shares, rule, li, cause)
    elif opts.bao_on_discard == "split":  # HK-BAO-7 split: P each
        ledger.pay_points(source, winner, p, rule, cause=cause)
        ledger.pay_points(li.liable, winner, p, rule, cause=cause, liability=li.clause)
    else:  # HK-BAO-7 feeder: the liable pays the whole 2P
        _lines(ledger, winner, shares, rule, li, cause, moved_all=True)


def _lines(ledger: Ledger, winner: str, shares, rule: str, li: Optional[Liability], cause: int,
           moved_all: bool = False) -> None:
    """One line per share, from whoever pays it after the liability ``li`` (HK-BAO-6 moves the
    shares of the players other than the discarder; HK-BAO-7's ``feeder`` moves them all)."""
    for k, (payer, amount) in enumerate(shares):
        moved = li is not None and payer != li.liable and (moved_all or k > 0)
        ledger.pay_points(li.liable if moved else payer, winner, amount, rule, cause=cause,
                          liability=li.clause if moved else None)


def pay_false_win(ledger: Ledger, rules: HkRules, players: Sequence[str], offender: str,
                  cause: int) -> Optional[dict]:
    """HK-ZH-2 on the family's false-win settlement: a limit portion is ``base`` × m(``limit_fan``)
    on the curve in force (``reverse_limit`` one to each other player, ``each_limit_self_draw``
    three, ``fixed:K`` K × base; ``off_table:K`` K × base lost, returned as the penalty)."""
    return family_false_win(ledger, rules.options.false_win, after(players, offender), offender,
                            rules.base, limit_portion(rules), "HK-ZH-2", cause)
