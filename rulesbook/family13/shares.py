"""Who pays a 13-tile self-draw (RULEBOOK_HK HK-PAY-1/8, HK-BAO-8; RULEBOOK_GD GD-PAY-1/6,
GD-BAO-7): each of the other three one share, unless a liability moves the shares it covers to
the liable player; under ``share`` (several liabilities acting) the liable players split the
three shares, an indivisible remainder paid by the first of them in turn order after the winner."""
from __future__ import annotations

from typing import Sequence

from referee.ledger import Ledger

from .liability import Liability


def after(players: Sequence[str], player: str) -> list[str]:
    """The other three in turn order after ``player``."""
    k = players.index(player)
    return [players[(k + d) % 4] for d in (1, 2, 3)]


def self_draw(ledger: Ledger, players: Sequence[str], winner: str, p: int, rule: str,
              acting: Sequence[Liability], cause: int) -> None:
    """``p`` from each of the three, moved by the liabilities ``acting`` (see the module)."""
    if len(acting) > 1:
        order = after(players, winner)
        liable = sorted(acting, key=lambda li: order.index(li.liable))
        each, rest = divmod(3 * p, len(liable))
        for k, li in enumerate(liable):
            ledger.pay_points(li.liable, winner, each + (rest if k == 0 else 0), rule, cause=cause,
                              liability=li.clause)
        return
    li = acting[0] if acting else None
    for o in after(players, winner):
        moved = li is not None and o != li.liable
        ledger.pay_points(li.liable if moved else o, winner, p, rule, cause=cause,  # type: ignore[union-attr]
                          liability=li.clause if moved else None)  # type: ignore[union-attr]
