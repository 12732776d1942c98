"""The riichi table: what the replay folds for Japanese riichi beyond what every variant has.

* the numbers (RJ-FLOW-1, §0): 13 tiles, 136 in the set, 14 in the dead wall, so 70 live draws;
  the dealer's 14th tile is his first draw; no flowers;
* the red fives (§10): a red five is a tile of its kind; the hand counts kinds and keeps how many of
  its fives are red, and the set holds one red and three plain fives of each suit;
* dora indicators (RJ-FLOW-1/4): the deal turns the first, each kan one more, at the time option
  ``kan_dora`` gives it (``_Owed``); a ``dora`` out of its time is an input error saying where it
  belongs, and one never turned is listed at a win that it should have counted for;
* riichi declarations (RJ-RII-2), abortive draws (RJ-ABT) end play, a concealed kan can be robbed
  (by thirteen orphans only: RJ-PR-7, ruled by the rulebook);
* a win declared and not revealed (RJ-IRR-1): a ``call: win`` that no ``win`` of the caller answers
  before play goes on, or a ``win`` with ``shown: []`` after which play goes on, is folded as a
  void win (``WinFact.void``): judged by the rulebook, it does not end play.

``replay`` folds a riichi hand; ``RiichiTable`` is the variant's board (``referee.replay.Table``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

from referee import events as ev
from referee.errors import ReplayError
from referee.replay import Observer, PlayerState, Table, TableRules, WinFact
from referee.tiles import FIRST_RED, RED_FIVES, UNKNOWN, code, kind_of

#: the acts of play that move the kan-dora clock (RJ-FLOW-4)
_PLAY = ("draw", "discard", "chi", "pon", "kong", "riichi", "win", "abort", "exhaustive_draw")
_CLOCKS_ITSELF = ("draw", "discard")  # the tile moves of every turn: their handler moves it, no wrapper
#: the events after which a win declaration can no longer be answered by its ``win`` (RJ-IRR-1)
_PLAYS_ON = (ev.Draw, ev.Discard, ev.Chi, ev.Pon, ev.Kong, ev.Riichi, ev.Dora, ev.Abort, ev.ExhaustiveDraw)
#: the tiles a hand gives and takes the plain way (every kind but the fives, which may be red)
_PLAIN = frozenset(range(34)) - {4, 13, 22}
RIICHI = TableRules(hand_size=13, wall_tiles=136, dead_wall=14, flowers=False, dealer_extra_dealt=False)
LIVE_DRAWS = 70


class RiichiPlayer(PlayerState):
    """A riichi player: also his red fives, his riichi declaration, every tile he discarded (tiles
    claimed away from his river included: furiten reads them), and his kans."""

    __slots__ = ("red", "riichi_at", "riichi_discard", "discarded", "kans")

    def __init__(self, name: str):
        super().__init__(name)
        self.red = [0, 0, 0]  # red fives among the concealed tiles, by suit m p s
        self.riichi_at: Optional[int] = None  # the riichi declaration
        self.riichi_discard: Optional[int] = None  # the discard that declared it
        self.discarded: list[int] = []  # every discard, in order (kinds)
        self.kans = 0


@dataclass
class _Owed:
    """A kan whose indicator is not turned yet (RJ-FLOW-4). ``when``: ``at_once`` (the next event
    of play must be its ``dora``), ``after_draw`` (tenhou, an open or added kan: not before the
    rinshan draw), ``open`` (from that draw until his discard; at his next kan it is due at once).
    ``missed``: the event by which its time passed with no ``dora``."""

    kan: int
    player: str
    kind: str
    when: str
    where: str  # where its dora belongs, for the error of one out of time
    missed: Optional[int] = None


_KAN_NAMES = {"concealed": "concealed kan", "added": "added kan", "claimed": "open kan"}


@dataclass(frozen=True)
class RiichiWin(WinFact):
    """A riichi win declaration: the red fives of the concealed hand (the winning tile included),
    the dora indicators turned before it (and the kans whose indicator was due and never turned),
    the ura indicators it declares."""

    red: tuple[int, int, int] = (0, 0, 0)
    indicators: tuple[int, ...] = ()
    unturned: tuple[int, ...] = ()
    ura: Optional[tuple[int, ...]] = None
    rinshan_draw: bool = False  # the winning tile was drawn from the dead wall after his own kan


@dataclass
class RiichiTable(Table):
    indicators: list[int] = field(default_factory=list)  # dora indicators turned (RJ-FLOW-4)
    kans: list[tuple[str, str, int]] = field(default_factory=list)  # (player, kind, event)
    kan_dora: str = "tenhou"  # option kan_dora: when a kan's indicator is turned (RJ-FLOW-4)
    owed: list[_Owed] = field(default_factory=list)  # kans whose indicator is not turned yet
    turned_for: dict[int, int] = field(default_factory=dict)  # kan event -> its dora event
    riichi_pending: Optional[str] = None  # declared; his discard must follow (RJ-RII-2)
    calls: list[int] = field(default_factory=list)  # chi, pon and kans (first go-round, RJ-RII-4…)
    over_draw: dict[int, tuple] = field(default_factory=dict)  # a late claim -> the draw it went past
    seen_red: list[int] = field(default_factory=lambda: [0, 0, 0])
    # a ``state``'s rivers (tiles called away included) and how many were called away (RJ-PAY-9)
    state_rivers: dict[str, tuple[int, ...]] = field(default_factory=dict)
    state_called: dict[str, int] = field(default_factory=dict)
    red_fives: bool = True
    player_class = RiichiPlayer
    own_tiles = frozenset((4, 13, 22, *RED_FIVES))  # the fives: red, or plain beside a red (§10)
    count_note = " (record a wrong count with a report citing RJ-IRR-4)"

    def _handlers(self):
        handlers = {**super()._handlers(), "riichi": self._on_riichi, "abort": self._on_abort,
                    "call": self._on_call}
        for name in _PLAY:  # every act of play first moves the kan-dora clock (RJ-FLOW-4)
            if name not in _CLOCKS_ITSELF:
                handlers[name] = self._clocked(handlers[name])
        return {**handlers, "dora": self._on_dora}

    def _clocked(self, handler):
        def run(i: int, e: ev.Event) -> None:
            if self.owed or self.turned_for and isinstance(e, ev.Win):
                self._dora_clock(i, e)
            handler(i, e)
        return run

    # -- the red fives --------------------------------------------------------------------------
    def _reveal(self, at: int, tile: int, field_: Optional[str] = "tile") -> None:
        if tile == UNKNOWN:
            return
        if tile >= FIRST_RED:
            if not self.red_fives:
                raise ReplayError(at, f"{code(tile)}: this table plays without red fives", field_)
            self.seen_red[tile - FIRST_RED] += 1
            if self.seen_red[tile - FIRST_RED] > 1:
                raise ReplayError(at, f"a second {code(tile)}: the set has one red five of each suit", field_)
            tile = RED_FIVES[tile]
        elif self.red_fives and tile in (4, 13, 22):
            plain = self.seen[tile] + 1 - self.seen_red[(tile - 4) // 9]
            if plain > 3:
                raise ReplayError(at, f"a fourth plain {code(tile)}: with red fives the fourth is "
                                      f"{code(FIRST_RED + (tile - 4) // 9)}", field_)
        super()._reveal(at, tile, field_)

    def _unreveal(self, tile: int) -> None:
        """A tile put back in the wall (``correct return_tile``): a red five is its kind's five."""
        if tile >= FIRST_RED:
            self.seen_red[tile - FIRST_RED] -= 1
            tile = RED_FIVES[tile]
        super()._unreveal(tile)

    def _give(self, at: int, ps: PlayerState, tile: int, field_: Optional[str] = "tile") -> None:
        if tile in _PLAIN:  # not a five (nor hidden): the plain give and reveal at once, as a deal's
            n = self.seen[tile] + 1
            if n <= 4:
                self.seen[tile] = n
                ps.counts[tile] += 1
                ps.version += 1
                return
        if tile >= FIRST_RED:
            self._reveal(at, tile, field_)
            ps.red[tile - FIRST_RED] += 1  # type: ignore[attr-defined]
            ps.counts[RED_FIVES[tile]] += 1
            ps.version += 1
            return
        super()._give(at, ps, tile, field_)

    def _take(self, at: int, ps: PlayerState, tile: int, field_: Optional[str] = "tile") -> None:
        if tile in _PLAIN and ps.counts[tile]:  # not a five, and held: the plain take at once
            ps.counts[tile] -= 1
            ps.version += 1
            return
        if tile < FIRST_RED:
            if tile in (4, 13, 22) and ps.counts[tile] and ps.counts[tile] == ps.red[(tile - 4) // 9] \
                    and not ps.unknown:  # type: ignore[attr-defined]
                raise ReplayError(at, f"{ps.name}'s only {code(tile)} is the red {code(FIRST_RED + (tile - 4) // 9)}",
                                  field_)
            super()._take(at, ps, tile, field_)
            return
        suit = tile - FIRST_RED
        ps.version += 1
        if ps.red[suit]:  # type: ignore[attr-defined]
            ps.red[suit] -= 1  # type: ignore[attr-defined]
            ps.counts[RED_FIVES[tile]] -= 1
        elif ps.unknown:
            ps.unknown -= 1
            self._reveal(at, tile, field_)
        else:
            raise ReplayError(at, f"{ps.name} does not hold {code(tile)}", field_)

    @staticmethod
    def _give_back(ps: PlayerState, tile: int) -> None:
        ps.version += 1
        if tile == UNKNOWN:
            ps.unknown += 1
        elif tile >= FIRST_RED:
            ps.red[tile - FIRST_RED] += 1  # type: ignore[attr-defined]
            ps.counts[RED_FIVES[tile]] += 1
        else:
            ps.counts[tile] += 1

    # -- the deal and the indicators (RJ-FLOW-1/4) ------------------------------------------------
    def _on_state(self, i: int, e: ev.State) -> None:
        super()._on_state(i, e)
        self.indicators = list(e.dora_indicators)
        for t in e.dora_indicators:
            self._reveal(i, t, "dora_indicators")
        for name, tiles in e.called_away.items():
            self.p[name].discarded.extend(kind_of(t) for t in tiles)  # type: ignore[attr-defined]
        for name, river in e.discards.items():
            self.p[name].discarded.extend(kind_of(t) for t in river)  # type: ignore[attr-defined]
        for name, st in e.riichi.items():
            ps = self.p[name]
            ps.riichi_at = i  # type: ignore[attr-defined]
            if st.get("discard_owed"):  # declared: his riichi discard follows at once (RJ-RII-2)
                self.riichi_pending = name
            else:
                ps.riichi_discard = i  # type: ignore[attr-defined]
        for name, meld_list in e.melds.items():  # its kans count as kans of the hand (§15.14)
            for m in meld_list:
                if m.kind == "kong":
                    self.p[name].kans += 1  # type: ignore[attr-defined]
                    self.kans.append((name, m.kong or "concealed", i))
        self.state_rivers = {name: tuple(e.discards.get(name, ())) + tuple(e.called_away.get(name, ()))
                             for name in self.players}
        self.state_called = {name: len(e.called_away.get(name, ())) for name in self.players}
        for player, kind, when in e.dora_owed:  # kans whose indicator is still to be turned
            where = ("at once, right after the kan (before the rinshan draw)" if when == "at_once" else
                     f"after {player}'s rinshan draw and before his discard (or at his next kan)")
            self.owed.append(_Owed(i, player, kind, when, where))
        self.calls.append(0)  # a state is never the first go-round

    def _on_deal(self, i: int, e: ev.Deal) -> None:
        super()._on_deal(i, e)
        if e.dora is None:
            raise ReplayError(i, "the deal turns the first dora indicator: give 'dora'", "dora")
        self._reveal(i, e.dora, "dora")
        self.indicators.append(e.dora)

    def _on_dora(self, i: int, e: ev.Dora) -> None:
        """RJ-FLOW-4: a kan's indicator, in its time; several due together are turned in the
        order of their kans."""
        due = next((o for o in self.owed if o.missed is None and o.when != "after_draw"), None)
        if due is None:
            if not self.owed:
                raise ReplayError(i, "no kan is waiting for its dora indicator", "tile")
            o = self.owed[0]
            raise ReplayError(i, f"this dora is out of its time: the {_KAN_NAMES[o.kind]} at event {o.kan} "
                                 f"turns its indicator {o.where} (RJ-FLOW-4, kan_dora: {self.kan_dora})")
        self.owed.remove(due)
        self.turned_for[due.kan] = i
        self._reveal(i, e.tile)
        self.indicators.append(e.tile)

    def _dora_clock(self, i: int, e: ev.Event) -> None:
        """Before an act of play: the indicators whose time it ends are missed; a rinshan draw opens
        the time of its open or added kan's (tenhou); his next kan makes it due at once."""
        if isinstance(e, ev.Win) and e.how == "rob_kong" and self.last_added_kong is not None:
            robbed = self.last_added_kong[2]  # a robbed kan turns none
            if robbed in self.turned_for:
                kind = _KAN_NAMES[self.events[robbed].kind]  # type: ignore[attr-defined]
                raise ReplayError(self.turned_for[robbed], f"the {kind} at event {robbed} is robbed (event "
                                                           f"{i}): a robbed kan turns no indicator (RJ-FLOW-4)")
            self.owed = [o for o in self.owed if o.kan != robbed]
        player = getattr(e, "player", None)
        for o in self.owed:
            if o.missed is not None:
                continue
            if o.when == "at_once":
                o.missed = i
            elif o.player != player:
                continue
            elif o.when == "after_draw" and isinstance(e, ev.Draw) and e.source == "back":
                o.when = "open"
            elif o.when == "open" and isinstance(e, ev.Discard):
                o.missed = i
            elif o.when == "open" and isinstance(e, ev.Kong):
                o.when, o.where = "at_once", f"at his next kan (event {i}), right after it"

    def _lower_wall(self, at: int, n: int = 1) -> None:
        """A kan on the haitei draw or on the houtei discard is a breach that stands (RJ-PR-6 →
        RJ-IRR-6(b)): its rinshan tile comes from the dead wall, the live wall stays drawn out."""
        left = self.wall_left
        if left is not None and left >= n:  # the tiles are there: the wall lowered at once
            self.wall_left = left - n
            return
        if left == 0:
            e = self.events[at]
            if isinstance(e, ev.Draw) and e.source == "back":
                return
        super()._lower_wall(at, n)

    def _on_kong(self, i: int, e: ev.Kong) -> None:
        super()._on_kong(i, e)
        ps = self.p[e.player]
        ps.kans += 1  # type: ignore[attr-defined]
        self.kans.append((e.player, e.kind, i))
        if self.kan_dora == "immediate" or e.kind == "concealed":
            owed = _Owed(i, e.player, e.kind, "at_once", "at once, right after the kan (before the rinshan draw)")
        else:
            owed = _Owed(i, e.player, e.kind, "after_draw",
                         f"after {e.player}'s rinshan draw and before his discard (or at his next kan)")
        self.owed.append(owed)
        self.calls.append(i)
        if e.kind == "concealed":  # robbable by thirteen orphans only (RJ-PR-7, judged by ``wins``)
            self.last_added_kong = (e.player, e.tiles[-1], i)

    def _on_correct(self, i: int, e: ev.Correct) -> None:
        super()._on_correct(i, e)
        if e.action == "restore" and isinstance(self.events[e.about], (ev.Chi, ev.Pon)):
            self.undone.add(e.about)  # a chi or pon taken back never completed (RJ-RII-4, RJ-PR-3)
            if e.about in self.over_draw:  # a late claim taken back: the drawer still holds his draw
                self.passed_over = self.over_draw[e.about]
                self.last_discard = None
                self.turn, self.phase = self.passed_over[1], "discard"

    def _restore_kong(self, i: int, at: int, e: ev.Kong) -> None:
        super()._restore_kong(i, at, e)
        self.owed = [o for o in self.owed if o.kan != at]  # an undone kan turns none

    # -- draws, claims, discards ------------------------------------------------------------------
    def _on_draw(self, i: int, e: ev.Draw) -> None:
        if self.owed:
            self._dora_clock(i, e)
        if self.riichi_pending is not None:
            self._owes_riichi_discard(i, e)
        Table._on_draw(self, i, e)

    def _drawer_claims(self, i: int, player: str) -> None:
        """The drawer claims the discard his draw went past, his draw not put back: a late claim
        (RJ-PR-3 → RJ-IRR-6(b), ruled by ``claims``); he keeps his draw and his turn."""

    def _claim(self, i, player, meld, from_hand, field_) -> None:
        self._owes_riichi_discard(i, None)
        if self.last_discard is None and self.passed_over is not None:
            self.over_draw[i] = self.passed_over  # a late claim: the drawer keeps his turn
        super()._claim(i, player, meld, from_hand, field_)
        self.calls.append(i)

    def _on_discard(self, i: int, e: ev.Discard) -> None:
        if self.owed:
            self._dora_clock(i, e)
        if self.riichi_pending is not None and self.riichi_pending != e.player:
            self._owes_riichi_discard(i, e)
        ps = self.p[e.player]
        Table._on_discard(self, i, e)
        if self.riichi_pending == e.player:
            ps.riichi_discard = i  # type: ignore[attr-defined]
            self.riichi_pending = None
        tile = e.tile
        ps.discarded.append(RED_FIVES[tile] if tile >= FIRST_RED else tile)  # type: ignore[attr-defined]  # its kind

    def _on_riichi(self, i: int, e: ev.Riichi) -> None:
        self._ensure_in_play(i)
        ps = self.p[e.player]
        if self.turn != e.player or self.phase != "discard":
            raise ReplayError(i, f"{e.player} may declare riichi only in his turn, before his discard")
        if ps.riichi_at is not None:  # type: ignore[attr-defined]
            raise ReplayError(i, f"{e.player} is already in riichi (event {ps.riichi_at})")  # type: ignore[attr-defined]
        ps.riichi_at = i  # type: ignore[attr-defined]
        self.riichi_pending = e.player

    def _owes_riichi_discard(self, i: int, e: Optional[ev.Event]) -> None:
        if self.riichi_pending is not None:
            raise ReplayError(i, f"{self.riichi_pending} declared riichi: his discard follows at once "
                                 "(RJ-RII-2)")

    # -- a chankan out of its window (RJ-PR-3 → RJ-IRR-1) ------------------------------------------
    def late_kong(self, e: ev.Win) -> Optional[tuple[str, int, int]]:
        """A rob of an added (or, by thirteen orphans, concealed) kan of ``from`` that is no longer
        robbable: its player has discarded since. The latest such kan standing, or None when the
        robbable kan is the one won on (or ``from`` made none: an input error, as before)."""
        if e.how != "rob_kong":
            return None
        k = self.last_added_kong
        if k is not None and k[0] == e.source:
            return None
        for j in range(len(self.events) - 1, -1, -1):
            x = self.events[j]
            if isinstance(x, ev.Kong) and x.kind in ("added", "concealed") and x.player == e.source \
                    and j not in self.undone and (e.tile is None or kind_of(x.tiles[-1]) == kind_of(e.tile)):
                return x.player, x.tiles[-1], j
        return None

    def _on_win(self, i: int, e: ev.Win) -> None:
        late = self.late_kong(e)
        if late is None:
            super()._on_win(i, e)
            return
        robbable, self.last_added_kong = self.last_added_kong, late  # judged a false win (RJ-IRR-1)
        try:
            super()._on_win(i, e)
        finally:
            self.last_added_kong = robbable

    # -- win declarations not revealed (RJ-IRR-1) --------------------------------------------------
    def answer(self, i: int, player: str) -> Optional[str]:
        """What follows the declaration at ``i``: ``win`` (his own, before play goes on; others'
        wins on the same tile may come between), ``play`` (an act of play), or None (the record
        ends)."""
        for e in self.events[i + 1:]:
            if isinstance(e, ev.Win):
                if e.player == player:
                    return "win"
            elif isinstance(e, _PLAYS_ON):
                return "play"
            elif isinstance(e, ev.End):
                return None
        return None

    def declaration(self, i: int, e: ev.Event) -> Optional[ev.Win]:
        """The win a ``call: win`` declares when no ``win`` of his answers it: on his drawn tile
        in his turn, else on the kan or discard on offer, with nothing shown."""
        if not isinstance(e, ev.Call) or e.call != "win" or self.answer(i, e.player) == "win":
            return None
        if self.turn == e.player and self.phase == "discard":
            return ev.Win(player=e.player, how="self_draw", tile=e.tile, shown=())
        if self.last_added_kong is not None:
            who, tile, _ = self.last_added_kong
            return ev.Win(player=e.player, how="rob_kong", tile=tile, source=who, shown=())
        src = self.last_discard or self._past_draw()
        if src is None:
            raise ReplayError(i, f"{e.player} calls a win with no tile on offer: no discard or kan to "
                                 "win on, and it is not his turn")
        return ev.Win(player=e.player, how="discard", tile=e.tile, source=src[0], shown=())

    def declared_only(self, i: int, e: ev.Win) -> bool:
        """A ``win`` with nothing shown after which play goes on: a declaration, not an end."""
        return e.shown is not None and not e.shown and self.answer(i, e.player) == "play"

    def _on_call(self, i: int, e: ev.Call) -> None:
        win = self.declaration(i, e)
        if win is not None:
            self._on_win(i, win)

    # -- the end --------------------------------------------------------------------------------
    def _on_exhaustive_draw(self, i: int, e: ev.ExhaustiveDraw) -> None:
        """RJ-FLOW-7: the hand ends when the 70th draw's discard passes with no win: not while the
        player who drew the last tile still holds it."""
        if self.wall_left == 0 and self.phase == "discard" and self.turn is not None and not self.stopped:
            raise ReplayError(i, f"{self.turn} drew the last tile and has not discarded: the hand ends in an "
                                 "exhaustive draw only after his discard (RJ-FLOW-7)")
        super()._on_exhaustive_draw(i, e)

    def _on_abort(self, i: int, e: ev.Abort) -> None:
        self._ensure_in_play(i)
        if not e.shown:  # nine terminals withdrawn, the hand not shown: play goes on (§15.10)
            return
        self.ended = "abort"
        self.play_over_at = i

    def _win_fact(self, i: int, e: ev.Win, ps: PlayerState, facts: dict) -> WinFact:
        red = list(ps.red)  # type: ignore[attr-defined]
        tile = e.tile if e.tile is not None else facts["tile"]
        if e.how != "self_draw" and tile is not None and tile >= FIRST_RED:
            red[tile - FIRST_RED] += 1  # the red five won on joins the hand
        void = isinstance(self.events[i], ev.Call) or self.declared_only(i, e)
        return RiichiWin(**facts, void=void, red=tuple(red), indicators=tuple(self.indicators),  # type: ignore[arg-type]
                         unturned=tuple(o.kan for o in self.owed if o.missed is not None),
                         ura=tuple(e.ura) if e.ura is not None else None,
                         rinshan_draw=facts["kong_replacement"])

    @property
    def draws_made(self) -> Optional[int]:
        return None if self.wall_left is None else LIVE_DRAWS - self.wall_left


def replay(players: Sequence[str], dealer: str, events: Sequence[ev.Event], rules: TableRules = RIICHI,
           observers: Sequence[Observer] = (), red_fives: bool = True, kan_dora: str = "tenhou") -> RiichiTable:
    """Fold a riichi hand's events (``referee.replay.replay`` on the riichi table)."""
    table = RiichiTable(players=tuple(players), dealer=dealer, open_seat=dealer, rules=rules,
                        red_fives=red_fives, kan_dora=kan_dora)
    return table.replay(events, observers)  # type: ignore[return-value]
