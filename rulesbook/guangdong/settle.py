"""Guangdong money (GD-PAY, GD-ZH-2): S = ``base`` × 2^F; a self-draw S from each of three
(GD-PAY-1), a discard S (or 3S under ``three_shares``) from the discarder alone (GD-PAY-2), a robbed
kong 3S from the kong player (GD-PAY-3), several winners each settled on their own (GD-PAY-4: each robber
of one kong 3S, whatever ``rob_kong_payment`` says) with the floor of three winners on one discard
(GD-FAN-30.2); no dealer money (GD-PAY-5); liabilities
move shares (GD-PAY-6). Amounts are integers; the ledger's net sums to zero.
"""
from __future__ import annotations

from typing import Optional, Sequence

from referee.ledger import Ledger
from rulesbook.family13.false_win import pay_false_win as family_false_win
from rulesbook.family13.liability import Liability
from rulesbook.family13.shares import after, self_draw

from .fan import FLOOR_THREE, GdCount, with_floor
from .options import GdRules


def floored_for_several(counts: Sequence[GdCount], rules: GdRules) -> list[GdCount]:
    """GD-FAN-30.2: the counts of the valid wins on one discard, each raised to the floor when
    ``multi_win_floor`` names their number (three, or any several)."""
    rule = rules.options.multi_win_floor
    n = len(counts)
    if rule == "three_winners" and n == 3 or rule == "any_multiple" and n > 1:
        return [with_floor(c, rules, FLOOR_THREE) for c in counts]
    return list(counts)


def pay_win(ledger: Ledger, rules: GdRules, players: Sequence[str], winner: str, how: str,
            source: Optional[str], s: int, acting: Sequence[Liability], several: bool,
            cause: int) -> None:
    """Settle one valid win of share ``s`` (S). ``acting``: the liabilities ``bao.acting`` chose."""
    o = rules.options
    if how == "self_draw":
        self_draw(ledger, players, winner, s, "GD-PAY-1", acting, cause)
        return
    assert source is not None
    if how == "rob_kong" and (several or o.rob_kong_payment == "kong_player_pays_all"):  # GD-PAY-3, 4
        ledger.pay_points(source, winner, 3 * s, "GD-PAY-4" if several else "GD-PAY-3", cause=cause,
                          liability="GD-BAO-5")
        return
    rule = "GD-PAY-4" if several else ("GD-PAY-3" if how == "rob_kong" else "GD-PAY-2")
    amount = 3 * s if o.discard_payment == "three_shares" else s
    li = acting[0] if acting else None
    if li is not None and li.liable != source:  # GD-BAO-6 ``feeder``: the liable pays it instead
        ledger.pay_points(li.liable, winner, amount, rule, cause=cause, liability=li.clause)
    else:
        ledger.pay_points(source, winner, amount, rule, cause=cause)


def pay_false_win(ledger: Ledger, rules: GdRules, players: Sequence[str], offender: str,
                  cause: int) -> Optional[dict]:
    """GD-ZH-2 on the family's settlement, priced by the cap share ``base`` × 2^``limit_fan``."""
    return family_false_win(ledger, rules.options.false_win, after(players, offender), offender,
                            rules.base, rules.cap_share, "GD-ZH-2", cause)
