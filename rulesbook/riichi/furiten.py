"""振聽 furiten (RJ-FUR), followed by the referee himself (RJ-FUR-4).

Waits are the kinds that complete the concealed hand by shape (RJ-VAL-6; yaku ignored, §14.6).
* RJ-FUR-1 discard furiten: a wait among his own discards (tiles claimed from his river included).
* RJ-FUR-2 temporary furiten: he could have won on a discard (or a robbed added kan) on one of his
  waits and did not: no ron until his next discard.
* RJ-FUR-3 riichi furiten: in riichi, a wait let pass: no ron for the rest of the hand.
* RJ-FUR-5: a ron in furiten is a false win (RJ-IRR-1); a self-draw is never furiten.
"""
from __future__ import annotations

from typing import Optional

from referee.waits import WaitsIndex

from .docket import Words
from .shapes import riichi_waits_of
from .table import RiichiTable


class Furiten:
    def __init__(self, players: tuple[str, ...]):
        self.temporary: dict[str, Optional[int]] = {p: None for p in players}  # passed at
        self.riichi: dict[str, Optional[int]] = {p: None for p in players}
        self.passes: list[tuple[str, int]] = []  # (player, the discard or kan he let pass)
        self.index: Optional[WaitsIndex] = None  # who waits on each kind (made at the first question)

    def waits(self, table: RiichiTable) -> WaitsIndex:
        """Every player's waits by shape, kept until his concealed tiles or melds change."""
        if self.index is None or self.index.table is not table:
            self.index = WaitsIndex(table, riichi_waits_of)
        return self.index

    def offered(self, at: int, tile: int, offerer: str, table: RiichiTable) -> list[str]:
        """A discard or added kan: who could win on it by shape (RJ-FUR-4)."""
        index = self.index
        if index is None or index.table is not table:
            index = self.waits(table)
        return index.on(tile, offerer)

    def passed(self, player: str, at: int, in_riichi: bool) -> None:
        self.passes.append((player, at))
        if self.temporary[player] is None:
            self.temporary[player] = at
        if in_riichi and self.riichi[player] is None:
            self.riichi[player] = at

    def discarded(self, player: str) -> None:
        self.temporary[player] = None  # RJ-FUR-2 lasts until his next discard

    def reason(self, player: str, table: RiichiTable) -> Optional[tuple[str, Words]]:
        """Why a ron by ``player`` now is in furiten, if it is (before the winning tile joins)."""
        ps = table.p[player]
        waits = self.waits(table).of(player)
        own = set(ps.discarded)  # type: ignore[attr-defined]
        hit = sorted(waits & own)
        if hit:
            from referee.tiles import code
            names = ", ".join(code(t) for t in hit)
            return "RJ-FUR-1", Words(f"a wait of his ({names}) is among his own discards (discard furiten)",
                                     f"其聽牌（{names}）在自己捨牌中（捨牌振聽）", f"待ち牌（{names}）を自分で捨てている（捨て牌フリテン）")
        if self.riichi[player] is not None:
            at = self.riichi[player]
            return "RJ-FUR-3", Words(f"in riichi he let a winning tile pass (event {at}): riichi furiten",
                                     f"立直後放過和牌（第{at}事件）：立直振聽", f"リーチ後に和了牌を見逃した（第{at}事件）：リーチ後フリテン")
        if self.temporary[player] is not None:
            at = self.temporary[player]
            return "RJ-FUR-2", Words(f"he let a winning tile pass (event {at}) and has not discarded since: temporary furiten",
                                     f"放過和牌（第{at}事件）後尚未打牌：同巡振聽", f"和了牌を見逃し（第{at}事件）、まだ打牌していない：同巡内フリテン")
        return None
