"""過水 passed wins in 13-tile play (RULEBOOK_HK.md HK-GS-1, 2, 4; the claim windows of HK-PR-3),
found by the referee with full information.

After each discard and each tile added to a kong (or a concealed kong, robbable as the variant
allows), every other player whose hand would validly win on that tile (the variant's ``can_win``)
is a candidate. His window closes without his declaration at: a later discard (which is then
already barred to him), his own ``reach`` or ``draw``, his own claim of that discard, or (for a
kong) its replacement draw. Then he has passed, and a bar is in force: ``all`` (every discard and
robbing win) or the passed kinds, until his next own draw or claim after the act that closed the
window (``same_tile_rest_of_hand``, Shanghai's SH-GS-2: the passed kinds for the rest of the
hand). A ``state``'s ``status.passed`` is a bar in force at the start. A win declared on a tile
ends his candidacy; a hand that ends by another's win makes no pass. A player whose tiles are not
known may have passed each tile offered to him: those possible passes are kept the same way (their
kinds, lifted by his next move), and a later declaration they could bar is not known (HK-GS-4).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter
from typing import Callable, Optional

from referee import events as ev
from referee.observer import Observer
from referee.tiles import N_KINDS, kind_of

ORPHANS = frozenset({0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33})
_ORPHAN_ORDER = tuple(sorted(ORPHANS))
_orphan_counts = itemgetter(*_ORPHAN_ORDER)  # a hand's counts of the 13 orphan kinds, as a tuple

#: can_win(table, player, tile, how, at): whether ``player`` would validly win on ``tile`` now
CanWin = Callable[[object, str, int, str, int], bool]


@dataclass
class Bar:
    """A pass in force: every discard win barred (``tiles`` None) or the kinds in ``tiles``;
    ``since``: the act that closed the window (it never lifts the bar)."""

    tiles: Optional[set[int]]
    since: int
    passed_at: list[int] = field(default_factory=list)  # the tiles passed (their event indexes)
    kinds: list[int] = field(default_factory=list)  # their kinds, in the same order (blind passes)

    def bars(self, kind: int) -> bool:
        return self.tiles is None or kind in self.tiles

    def as_status(self) -> object:
        return True if self.tiles is None else {"tiles": sorted(self.tiles)}


class Passes(Observer):
    """Watches a replay for passes; ``barred(player, kind)`` answers for the moment being folded.
    ``lifted_by``: a player's own moves that lift his bar (a variant may lift it by a draw only)."""

    lifted_by: frozenset[str] = frozenset({"draw", "chi", "pon", "kong"})

    def __init__(self, rule: str, can_win: CanWin, orphans: bool = True):
        self.rule = rule  # all_waits_until_move | same_tile_until_move | same_tile_rest_of_hand | none
        self.can_win = can_win
        self.orphans = orphans  # 十三么 is a winning hand (not in wuhan)
        self.bars: dict[str, Bar] = {}
        self.window: Optional[tuple[int, int, set[str]]] = None  # (kind, event, candidates)
        self._orphans: dict[str, tuple[int, frozenset[int]]] = {}
        #: HK-GS-4: the tiles a player whose tiles were not known may have passed (a ``Bar`` whose
        #: ``passed_at`` are their events, ``tiles`` their kinds), and the open tile's window for
        #: such players (its kind, its event, the players)
        self.blind: dict[str, Bar] = {}
        self.blind_open: Optional[tuple[int, int, set[str]]] = None

    def hooks(self):
        before = {"discard": self._closing_discard, "draw": self._own_move, "reach": self._own_move,
                  "chi": self._own_move, "pon": self._own_move, "kong": self._kong_before,
                  "win": self._declared, "state": self._noop}
        after = {"discard": self._open_discard, "kong": self._open_kong, "state": self._from_state}
        return before, after, None, None

    def _noop(self, i: int, e: ev.Event, table) -> None:
        """Nothing before a ``state``."""

    # bars ---------------------------------------------------------------------------------------
    def unknown_pass(self, player: str, tile: Optional[int] = None) -> Optional[int]:
        """HK-GS-4: a tile (its event) he may have passed while his concealed tiles were not known,
        whose window has closed and whose bar would still hold against a win on ``tile`` (under a
        same-tile rule, only a tile of that kind): whether that win is barred is then not known
        (None when no such tile)."""
        bar = self.blind.get(player)
        if bar is None:
            return None
        if bar.tiles is None or tile is None:
            return bar.passed_at[0]
        kind = kind_of(tile)
        return next((at for at, k in zip(bar.passed_at, bar.kinds) if k == kind), None)

    def barred(self, player: str, tile: int) -> bool:
        bar = self.bars.get(player)
        return bar is not None and kind_of(tile) < N_KINDS and bar.bars(kind_of(tile))

    def _from_state(self, i: int, e: ev.State, table) -> None:
        for name, status in e.status.items():
            passed = status.get("passed")
            if passed is True:
                self.bars[name] = Bar(None, i)
            elif isinstance(passed, dict):
                self.bars[name] = Bar(set(passed.get("tiles", ())), i)
        # the tile on offer opens its window, as after its discard or added kong in the log; a
        # drawer past it (``drawn_past``) has passed it already (his ``passed``)
        if e.robbable is not None:
            who, tile = e.robbable
            cands = self._candidates(table, tile, i, "rob_kong", who)
            self.window = (kind_of(tile), i, cands) if cands else None
        elif e.last_discard is not None:
            who, tile = e.last_discard
            cands = self._candidates(table, tile, i, "discard", who) - ({e.turn} if e.drawn_past else set())
            self.window = (kind_of(tile), i, cands) if cands else None

    def _pass(self, player: str, at: int) -> None:
        """His window on the open tile closes at event ``at`` without his declaration."""
        assert self.window is not None
        kind, where, _ = self.window
        bar = self.bars.get(player)
        if bar is None:
            bar = self.bars[player] = Bar(None if self.rule == "all_waits_until_move" else set(), at)
        bar.since = at
        bar.passed_at.append(where)
        if bar.tiles is not None:
            bar.tiles.add(kind)

    def _lift(self, player: str, i: int) -> None:
        if self.rule == "same_tile_rest_of_hand":
            return
        bar = self.bars.get(player)
        if bar is not None and bar.since < i:
            del self.bars[player]

    # windows ------------------------------------------------------------------------------------
    def _candidates(self, table, tile: int, at: int, how: str, but: str) -> set[str]:
        if self.rule == "none":
            return set()
        ready = set(table.winners_on(tile, but))
        kind = kind_of(tile)
        # 十三么 is no shape of sets and a pair: its waits are looked at here
        if self.orphans and kind in ORPHANS:
            ready.update(name for name, ps in table.p.items()
                         if name != but and kind in self._orphan_waits(ps))
        return {p for p in ready if not self.barred(p, tile) and self.can_win(table, p, tile, how, at)}

    def _orphan_waits(self, ps) -> frozenset[int]:
        """The kinds that complete his 十三么, kept until his hand changes (13 orphan tiles, no
        meld: all 13 kinds with none paired, else the one kind missing)."""
        cached = self._orphans.get(ps.name)
        if cached is not None and cached[0] == ps.version:
            return cached[1]
        waits: frozenset[int] = frozenset()
        if not ps.melds and not ps.unknown:
            counts = _orphan_counts(ps.counts)  # (one C call: most hands stop at the sum)
            if sum(counts) == 13:
                held = [k for k, n in zip(_ORPHAN_ORDER, counts) if n]
                if len(held) == 13:
                    waits = ORPHANS
                elif len(held) == 12:
                    waits = ORPHANS - frozenset(held)
        self._orphans[ps.name] = (ps.version, waits)
        return waits

    def _open_discard(self, i: int, e: ev.Discard, table) -> None:
        cands = self._candidates(table, e.tile, i, "discard", e.player)
        self.window = (kind_of(e.tile), i, cands) if cands else None
        self._blind(i, e.player, table, e.tile)

    def _blind(self, i: int, but: str, table, tile: int) -> None:
        """The open tile's window for the players whose tiles are not known (HK-GS-4)."""
        if self.rule == "none":
            return
        names = {name for name, ps in table.p.items() if name != but and ps.unknown}
        self.blind_open = (kind_of(tile), i, names) if names else None

    def _blind_pass(self, player: str, at: int) -> None:
        """He may have passed the open tile: its window closed at event ``at``."""
        assert self.blind_open is not None
        kind, where, _ = self.blind_open
        bar = self.blind.get(player)
        if bar is None:
            bar = self.blind[player] = Bar(None if self.rule == "all_waits_until_move" else set(), at)
        bar.since = at
        bar.passed_at.append(where)
        bar.kinds.append(kind)
        if bar.tiles is not None:
            bar.tiles.add(kind)

    def _open_kong(self, i: int, e: ev.Kong, table) -> None:
        if e.kind == "claimed":
            return
        cands = self._candidates(table, e.tiles[-1], i, "rob_kong", e.player)
        self.window = (kind_of(e.tiles[-1]), i, cands) if cands else None
        self._blind(i, e.player, table, e.tiles[-1])

    def _closing_discard(self, i: int, e: ev.Discard, table) -> None:
        if self.blind_open is not None:
            for name in sorted(self.blind_open[2]):
                self._blind_pass(name, i)
            self.blind_open = None
        if self.window is not None:
            for p in sorted(self.window[2]):
                self._pass(p, i)
            self.window = None

    def _own_move(self, i: int, e: ev.Event, table) -> None:
        """His own draw, reach or claim: it lifts a bar from before it; if he could have won on the
        open tile, it closes his window (and the bar lasts to his next move)."""
        player = e.player  # type: ignore[attr-defined]
        prev = table.events[i - 1] if i else None
        if isinstance(e, ev.Draw) and isinstance(prev, ev.Reach) and prev.player == player:
            for bars in (self.bars, self.blind):  # the draw his reach began: one act, it lifts nothing
                bar = bars.get(player)
                if bar is not None and bar.since == i - 1:
                    bar.since = i
        self._blind_move(i, e, player, table)
        if isinstance(e, ev.Reach):
            if self.window is not None and player in self.window[2]:
                self._pass(player, i)
                self.window[2].discard(player)
            return
        if e.type in self.lifted_by:
            self._lift(player, i)
        if self.window is not None:
            kind, where, cands = self.window
            if player in cands:
                self._pass(player, i)
                cands.discard(player)
            if isinstance(e, ev.Draw) and e.source == "back" and isinstance(table.events[where], ev.Kong):
                for p in sorted(cands):  # the kong's replacement closes every window on its tile
                    self._pass(p, i)
                self.window = None

    def _blind_move(self, i: int, e: ev.Event, player: str, table) -> None:
        """HK-GS-4 as ``_own_move`` for a player whose tiles are not known: his move lifts a bar
        from before it, and closes his window on the open tile (a bar to his next move)."""
        bar = self.blind.get(player)
        if bar is not None and e.type in self.lifted_by and bar.since < i \
                and self.rule != "same_tile_rest_of_hand":
            del self.blind[player]
        if self.blind_open is None:
            return
        if player in self.blind_open[2]:
            self._blind_pass(player, i)
            self.blind_open[2].discard(player)
        where = self.blind_open[1]
        if isinstance(e, ev.Draw) and e.source == "back" and isinstance(table.events[where], ev.Kong):
            for p in sorted(self.blind_open[2]):
                self._blind_pass(p, i)
            self.blind_open = None

    def _kong_before(self, i: int, e: ev.Kong, table) -> None:
        if e.kind == "claimed":
            self._own_move(i, e, table)

    def _declared(self, i: int, e: ev.Win, table) -> None:
        if self.window is not None:
            self.window[2].discard(e.player)
        if self.blind_open is not None:
            self.blind_open[2].discard(e.player)
