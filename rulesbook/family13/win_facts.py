"""A win declaration's facts from the replay (``referee.thirteen.ThirteenWin``) as the family's
counters read them (``context.Win13``): the declared hand, how it was won, the seat and round wind,
and the first go-round's, kong replacement's and last tile's flags."""
from __future__ import annotations

from typing import Optional

from referee.thirteen import ThirteenTable, ThirteenWin
from referee.tiles import N_KINDS, kind_of

from .context import Win13


def win13(table: ThirteenTable, w: ThirteenWin, round_wind: int) -> Optional[Win13]:
    """The declaration as ``Win13``; None when the declarer's concealed tiles are not known."""
    if w.how == "flower":
        concealed = w.concealed if w.concealed is not None else (0,) * N_KINDS
        tile = None
    else:
        if w.concealed is None:
            return None
        concealed = w.concealed
        tile = kind_of(w.tile) if w.tile is not None and kind_of(w.tile) < N_KINDS else None
        if tile is not None and not concealed[tile]:
            tile = None
    dealer = w.player == table.dealer
    first = w.from_deal and w.before_own_discard and not w.calls_before
    heavenly = dealer and w.how == "self_draw" and w.from_deal and w.before_own_discard
    on_first = not dealer and w.from_deal and w.how == "discard" and w.on_dealer_first_discard
    earthly = first and on_first
    human = not dealer and first and not earthly and w.how in ("self_draw", "discard")
    return Win13(concealed=tuple(concealed), win_tile=tile, how=w.how, melds=tuple(w.melds),
                 flowers=tuple(w.flowers), seat=table.seat(w.player), round_wind=round_wind,
                 kong_chain=len(w.kong_chain), last_tile=w.last_tile, last_discard=w.last_discard,
                 heavenly=heavenly, earthly=earthly, human=human, dealer_first_discard=on_first,
                 indicator=table.indicator,
                 wild=table.wild, replacement=w.how == "self_draw" and w.kong_replacement)
