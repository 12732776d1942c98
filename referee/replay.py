"""Replay: fold a hand's events into table state.

The replay checks that every tile movement could have happened (a player holds what he lays down,
no fifth copy of a tile, turns follow one another) and raises ``ReplayError`` with the event index
when one cannot. Movements that break a *rule* but could happen at a table (a chi from the wrong
player, a pon whose pair does not match, a kong of four different tiles) are taken as recorded
and listed in ``Table.anomalies`` for the rulebook to rule on; so are movements that an ``act``
marks as irregular (an out-of-turn draw marked ``grab_draw``).

Nothing here knows a variant's numbers or its own events: hand size, wall, dead wall, flowers and
the deal's extra tile come from ``TableRules``; a variant's rulebook subclasses ``Table`` to add the
events only it has (tw16's flowers passes, 天聽 and 七搶一; riichi's declarations) through the hooks
marked "variant hook" below (python-chess's way with its variant boards).

``Table`` is laid out in parts: ``referee.table_facts`` (what it is made of: rules, anomalies, win
facts, each player's state), ``referee.starts`` (a hand from the deal or a ``state``),
``referee.corrections`` (``correct``: acts undone), ``referee.queries`` (who wins on a tile, a
player's waits) and ``referee.win_checks`` (a win's tile, its lateness, the variant's win hooks); this module folds the moves of play (draws, discards, claims, kongs, wins, ends),
calling the rulebook's observers (``referee.observer``) around each event.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Optional, Sequence

from . import events as ev
from .corrections import Corrections
from .errors import ReplayError
from .melds import MeldView
from .observer import Observer, chain_of
from .queries import Queries
from .starts import Starts
from .table_facts import Anomaly, PlayerState, TableRules, WinFact
from .win_checks import WinChecks
from .tiles import FIRST_FLOWER, FIRST_RED, N_KINDS, N_TILES, UNKNOWN, code, kind_of

#: acts that make an otherwise impossible draw a recorded irregularity
_IRREGULAR_DRAW_ACTS = frozenset({"misdraw", "grab_draw", "draw_holding", "steal"})


#: play before the hand has a start (no deal, no known position): nobody's turn is known
NO_START = ("play begins before the hand has a start: record the deal or a known position (a "
            "deal or state event) first")

@dataclass
class Table(Starts, Corrections, Queries, WinChecks):
    """Table state after folding events. Read-only for the rulebook."""

    players: tuple[str, ...]
    dealer: str
    open_seat: str
    rules: TableRules
    events: Sequence[ev.Event] = ()
    p: dict[str, PlayerState] = field(default_factory=dict)
    wall_left: Optional[int] = None
    turn: Optional[str] = None
    phase: str = "draw"  # draw | discard
    pending_back: dict[str, int] = field(default_factory=dict)
    last_discard: Optional[tuple[str, int, int]] = None  # (player, tile, index), still claimable
    last_added_kong: Optional[tuple[str, int, int]] = None  # robbable
    # the discard a wall draw went past, with the drawer and the draw's index: until the drawer
    # discards it may still be won or claimed (the rulebook rules the priority, TW-PR-4/7/10)
    passed_over: Optional[tuple[tuple[str, int, int], str, int]] = None
    claimed_from: dict[int, int] = field(default_factory=dict)  # claim index -> discard index
    meld_discards: dict[int, tuple[int, MeldView]] = field(default_factory=dict)  # 錯打明牌
    undone: set[int] = field(default_factory=set)  # kongs restored by a correction (TW-CG)
    from_deal: bool = False
    play_started: bool = False  # the dealer has made his first discard
    ended: Optional[str] = None  # win | exhaustive_draw | end (record stops)
    play_over_at: Optional[int] = None
    wins: list[WinFact] = field(default_factory=list)
    anomalies: list[Anomaly] = field(default_factory=list)
    acts: dict[int, list[ev.Act]] = field(default_factory=dict)  # annotated event index -> acts
    wall_before: list[Optional[int]] = field(default_factory=list)  # wall_left as each event began
    seen: list[int] = field(default_factory=lambda: [0] * N_TILES)  # known copies in play
    first_discard_at: dict[str, int] = field(default_factory=dict)
    stopped: bool = False  # an 'end' event: the record stops
    forced_discard: Optional[str] = None  # after the end: a discard still owed (tw16 TW-CD-3)
    _following: dict[str, str] = field(default_factory=dict, init=False, repr=False)  # next_of
    player_class = PlayerState  # variant hook: a variant's players may carry more
    # variant hook: the only tiles the variant's own ``_give``/``_reveal`` treat otherwise (None:
    # any tile may be, when it has its own), so that a deal gives the others in one loop
    own_tiles: ClassVar[Optional[frozenset[int]]] = None
    count_note = ""  # variant hook: how the variant records a wrong count instead (a state's error)
    # whether the class moves tiles with Table's own _give, _take, _reveal and _lower_wall: a draw
    # and a discard then do their work inline (two tile moves a turn; set for each subclass)
    _plain_tiles: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls._plain_tiles = all(getattr(cls, name) is getattr(Table, name)
                               for name in ("_give", "_take", "_reveal", "_lower_wall"))

    # -- seats ---------------------------------------------------------------------------------
    def seat(self, player: str) -> int:
        """Seat number 1 East … 4 North, counted from the open seat (開門序)."""
        return (self.players.index(player) - self.players.index(self.open_seat)) % 4 + 1

    def next_of(self, player: str) -> str:
        nxt = self._following.get(player)
        if nxt is not None:  # the seats are fixed: worked out once per table
            return nxt
        following = self._following
        if not following:
            following.update((p, self.players[(self.players.index(p) + 1) % 4]) for p in self.players)
            if player in following:
                return following[player]
        return self.players[(self.players.index(player) + 1) % 4]  # not a player: the same error

    def prev_of(self, player: str) -> str:
        return self.players[(self.players.index(player) - 1) % 4]

    # -- tiles ---------------------------------------------------------------------------------
    def _reveal(self, at: int, tile: int, field_: Optional[str] = "tile") -> None:
        """A known tile enters the table (dealt, drawn, or a hidden tile shown)."""
        if tile == UNKNOWN:
            return
        seen = self.seen[tile] = self.seen[tile] + 1
        limit = 1 if FIRST_FLOWER <= tile < FIRST_RED else 4  # a flower is one of a kind
        if seen > limit:
            raise ReplayError(at, f"a {'second' if limit == 1 else 'fifth'} {code(tile)}: "
                                  f"only {limit} in the set", field_)

    def _give(self, at: int, ps: PlayerState, tile: int, field_: Optional[str] = "tile") -> None:
        ps.version += 1
        if tile == UNKNOWN:
            ps.unknown += 1
        else:
            self._reveal(at, tile, field_)
            ps.counts[tile] += 1

    def _take(self, at: int, ps: PlayerState, tile: int, field_: Optional[str] = "tile") -> None:
        """Remove a tile from a concealed hand; a hidden tile may turn out to be it."""
        ps.version += 1
        if tile == UNKNOWN:
            if ps.unknown:
                ps.unknown -= 1
                return
            raise ReplayError(at, f"{ps.name} holds no hidden tile to play as '?'", field_)
        if ps.counts[tile]:
            ps.counts[tile] -= 1
        elif ps.unknown:
            ps.unknown -= 1
            self._reveal(at, tile, field_)
        else:
            raise ReplayError(at, f"{ps.name} does not hold {code(tile)}", field_)

    def _take_all(self, at: int, ps: PlayerState, tiles: Sequence[int], field_: str) -> None:
        for t in tiles:
            self._take(at, ps, t, field_)

    def _lower_wall(self, at: int, n: int = 1) -> None:
        if self.wall_left is None:
            return
        if self.wall_left < n:
            raise ReplayError(at, "the wall is drawn out: no tile is left to draw")
        self.wall_left -= n

    # -- folding -------------------------------------------------------------------------------
    def replay(self, events: Sequence[ev.Event], observers: Sequence["Observer"] = ()) -> "Table":
        """Fold ``events`` in order. Each observer sees the table just before and just after each
        event (``before``/``after``): rules read the state at the moment of an act, never change it."""
        self.events = events
        self.p = {name: self.player_class(name) for name in self.players}
        self.pending_back = {name: 0 for name in self.players}
        for i, e in enumerate(events):
            if e.type == "act":
                about = e.about if e.about is not None else self._previous_of(events, i, e.player)
                if about is not None:
                    self.acts.setdefault(about, []).append(e)
        hooks = [ob.hooks() for ob in observers]
        handlers = self._handlers()
        chains: dict[str, tuple[tuple, object, tuple]] = {}
        wall_before = self.wall_before
        for i, e in enumerate(events):
            if self.stopped:
                raise ReplayError(i, "nothing may follow an 'end' event")
            chain = chains.get(e.type)
            if chain is None:
                if e.type not in handlers:
                    raise ReplayError(i, f"there is no '{e.type}' event in this variant", "type")
                chain = chains[e.type] = chain_of(e.type, handlers[e.type], hooks)
            befores, handler, afters = chain
            wall_before.append(self.wall_left)
            for before in befores:
                before(i, e, self)
            handler(i, e)
            for after in afters:
                after(i, e, self)
        for ob in observers:
            ob.done(self)
        return self

    @staticmethod
    def _previous_of(events: Sequence[ev.Event], i: int, player: str) -> Optional[int]:
        for j in range(i - 1, -1, -1):
            if getattr(events[j], "player", None) == player:
                return j
        return None

    def _handlers(self):
        """Event type -> handler. Variant hook: a variant adds the events only it has."""
        return {
            "state": self._on_state, "deal": self._on_deal,
            "draw": self._on_draw, "discard": self._on_discard, "chi": self._on_chi,
            "pon": self._on_pon, "kong": self._on_kong, "win": self._on_win,
            "merge": self._on_merge, "exhaustive_draw": self._on_exhaustive_draw,
            "end": self._on_end, "correct": self._on_correct,
            "call": self._on_note, "reach": self._on_note, "expose": self._on_note,
            "peek": self._on_note, "act": self._on_note, "report": self._on_note,
            "admit": self._on_note,
        }

    def _on_note(self, i: int, e: ev.Event) -> None:
        """Timing and report events move no tile; the rulebook reads them from the log."""

    def _ensure_in_play(self, i: int) -> None:
        if self.ended is not None:
            raise ReplayError(i, f"play has ended ({self.ended}): no tile moves after it")

    def _fill_hand(self, i: int, ps: PlayerState, hand: ev.HandTiles) -> None:
        """A concealed hand as a ``state`` or ``deal`` gives it: tiles, or only a count."""
        if isinstance(hand, int):
            ps.unknown = hand
            return
        where = f"hands.{ps.name}"
        own = self.own_tiles
        if own is None and (type(self)._give is not Table._give or type(self)._reveal is not Table._reveal):
            for t in hand:  # a variant that gives or reveals tiles its own way
                self._give(i, ps, t, where)
            return
        # the plain _give and _reveal of each tile in one loop (a deal gives 65 tiles); the tiles a
        # variant gives its own way (``own_tiles``: riichi's fives) through its ``_give``
        seen, counts = self.seen, ps.counts
        plain = len(hand)
        for t in hand:
            if t == UNKNOWN:
                ps.unknown += 1
                continue
            if own is not None and t in own:
                self._give(i, ps, t, where)
                plain -= 1
                continue
            n = seen[t] = seen[t] + 1
            if n > (1 if FIRST_FLOWER <= t < FIRST_RED else 4):
                seen[t] -= 1
                self._reveal(i, t, where)  # raises: a copy too many, said as _reveal says it
            counts[t] += 1
        ps.version += plain

    # draws -----------------------------------------------------------------------------------
    def _on_draw(self, i: int, e: ev.Draw) -> None:
        if self.ended is not None:
            self._ensure_in_play(i)
        player, source = e.player, e.source
        ps = self.p[player]
        acts = self.acts.get(i)
        irregular = acts is not None and any(a.act in _IRREGULAR_DRAW_ACTS for a in acts)
        if source == "back":
            if self.pending_back[player] <= 0 and not irregular:
                raise ReplayError(i, f"{player} owes no replacement: a back draw follows only a "
                                     "flower or a kong", "from")
            if self.pending_back[player] > 0:
                self.pending_back[player] -= 1
            self._mark_replacement(i, ps)
        else:
            if not irregular:
                if self.turn is None:
                    raise ReplayError(i, NO_START)
                if self.turn != player or self.phase != "draw":
                    why = (f"{player} must discard before drawing again" if self.turn == player
                           else f"it is {self.turn}'s turn, not {player}'s")
                    raise ReplayError(i, why + " (mark an irregular draw with an 'act')")
                if self.pending_back[player]:
                    raise ReplayError(i, f"{player} owes a replacement from the back first", "from")
            self.passed_over = (self.last_discard, player, i) if self.last_discard else None
            self.last_discard = None
            self.last_added_kong = None
            ps.intake = "draw"
            ps.n_wall_draws += 1
            ps.after_claimed_kong = False
            ps.merged = False
            if self.turn == player:
                self.phase = "discard"
        if irregular:
            self.anomalies.append(Anomaly("irregular_draw", player, i))
        tile = e.tile
        if self._plain_tiles and tile != UNKNOWN:  # (the plain _lower_wall and _give, inline)
            left = self.wall_left
            if left is not None:
                if left < 1:
                    self._lower_wall(i)  # raises: the wall is drawn out
                self.wall_left = left - 1
            n = self.seen[tile] = self.seen[tile] + 1
            if n > (1 if FIRST_FLOWER <= tile < FIRST_RED else 4):
                self.seen[tile] -= 1
                self._reveal(i, tile)  # raises: a copy too many, said as _reveal says it
            ps.counts[tile] += 1
            ps.version += 1
        else:
            self._lower_wall(i)
            self._give(i, ps, tile)
        ps.drawn_version = ps.version
        ps.drawn, ps.drawn_source, ps.drawn_at = e.tile, source, i
        if source == "back":
            ps.merged = False

    def _mark_replacement(self, i: int, ps: PlayerState) -> None:
        """A replacement takes its kong's kind: whether it is a claimed kong's (tw16 TW-XP-2/3).
        Variant hook."""
        ps.after_claimed_kong = self._last_kong_kind(i, ps.name) == "claimed"

    def _last_kong_kind(self, i: int, player: str) -> Optional[str]:
        """The kind of the player's latest kong before event ``i`` that stands (an added kong
        upgrades an earlier pon in place, so the order of his melds does not say which is last)."""
        for k in range(i - 1, -1, -1):
            e = self.events[k]
            if isinstance(e, ev.Kong) and e.player == player and k not in self.undone:
                return e.kind
        return None

    def _on_merge(self, i: int, e: ev.Merge) -> None:
        self.p[e.player].merged = True

    def _on_discard(self, i: int, e: ev.Discard) -> None:
        player, tile = e.player, e.tile
        if self.ended is not None:
            if self.forced_discard != player:
                self._ensure_in_play(i)
            self.forced_discard = None
        ps = self.p[player]
        if self.ended is None:
            if self.turn is None:
                raise ReplayError(i, NO_START)
            if self.turn != player or self.phase != "discard":
                raise ReplayError(i, f"it is not {player}'s turn to discard "
                                     f"({self.turn} must {self.phase})")
            if self.pending_back[player]:
                raise ReplayError(i, f"{player} owes a replacement from the back before discarding")
        if e.from_meld:
            self.meld_discards[i] = self._discard_from_meld(i, ps, tile)
        else:
            if self._plain_tiles and tile >= 0 and ps.counts[tile]:  # (the plain _take, inline)
                ps.counts[tile] -= 1
                ps.version += 1
            else:
                self._take(i, ps, tile)
            if tile == ps.drawn and ps.version == ps.drawn_version + 1:
                self._hand_as_before_draw(ps)  # the drawn tile discarded at once (摸打)
        self._discarding(i, ps, e)
        ps.river.append(tile)
        ps.n_discards += 1
        if player not in self.first_discard_at:
            self.first_discard_at[player] = i
        ps.drawn = None
        ps.merged = False
        self.last_discard = (player, tile, i)
        self.last_added_kong = None
        self.passed_over = None
        if self.ended is None:
            self.play_started = True
            self.turn = self.next_of(player)
            self.phase = "draw"

    def _discarding(self, i: int, ps: PlayerState, e: ev.Discard) -> None:
        """Variant hook: what a discard changes for the variant, seen before it enters the river
        (the player's drawn tile is still known)."""

    def _discard_from_meld(self, i: int, ps: PlayerState, tile: int) -> tuple[int, MeldView]:
        for k, m in enumerate(ps.melds):
            if tile in m.tiles and m.kind != "kong":
                rest = list(m.tiles)
                rest.remove(tile)
                ps.melds[k] = MeldView(m.kind, tuple(rest), m.kong, m.tile, m.source)
                ps.version += 1
                return k, m
        raise ReplayError(i, f"{ps.name} has no exposed set holding {code(tile)}", "tile")

    # claims and kongs ------------------------------------------------------------------------
    def _claimable(self, i: int, tile: int) -> tuple[str, int, int]:
        self._ensure_in_play(i)
        src = self.last_discard or self._past_draw()
        if src is None:
            raise ReplayError(i, "there is no discard to claim")
        who, t, at = src
        if t != tile and t != UNKNOWN:
            raise ReplayError(i, f"the last discard is {code(t)}, not {code(tile)}", "tile")
        return who, t, at

    def _past_draw(self) -> Optional[tuple[str, int, int]]:
        """The discard the last wall draw went past, while the drawer has not discarded."""
        return self.passed_over[0] if self.passed_over is not None else None

    def _claim(self, i: int, player: str, meld: MeldView, from_hand: Sequence[int], field_: str) -> None:
        over_draw = self.last_discard is None  # claimed past a draw that was not put back
        who, t, at = self.last_discard or self._past_draw()  # type: ignore[misc]
        if over_draw and self.passed_over is not None and self.passed_over[1] == player:
            self._drawer_claims(i, player)
        self.claimed_from[i] = at
        ps = self.p[player]
        self._take_all(i, ps, from_hand, field_)
        river = self.p[who].river
        if river:
            river.pop()
        if t == UNKNOWN and meld.tile is not None:
            self._reveal(i, meld.tile)
        ps.melds.append(meld)
        self.last_discard = None
        self.passed_over = None
        if not over_draw:  # past a standing draw the drawer keeps his turn (TW-PR-10)
            self.turn = player
            self.phase = "discard"
        ps.drawn, ps.drawn_source, ps.drawn_at = meld.tile, "claim", i
        ps.merged = False
        ps.after_claimed_kong = False

    def _drawer_claims(self, i: int, player: str) -> None:
        """The player who drew past a discard claims it without putting his draw back. Variant
        hook: an input error here; riichi rules it a late claim (RJ-PR-3) and he keeps his draw."""
        raise ReplayError(i, f"{player} drew after this discard: he must put the tile back "
                             "('correct') before claiming it")

    def _on_chi(self, i: int, e: ev.Chi) -> None:
        who, _, _ = self._claimable(i, e.tile)
        if who == e.player:
            raise ReplayError(i, f"{e.player} cannot claim his own discard")
        tiles = tuple(sorted((e.tile,) + tuple(e.with_), key=kind_of))
        k = sorted(kind_of(t) for t in tiles if t != UNKNOWN)  # a red five is its kind's five
        # a hidden tile may be any: the known ones are wrong only when no third tile makes a run
        is_run = all(x < 27 for x in k) and len({x // 9 for x in k}) <= 1 and len(set(k)) == len(k) \
            and (not k or k[-1] - k[0] <= 2) and (len(k) < 3 or k[1] == k[0] + 1)
        if self.prev_of(e.player) != who:
            self.anomalies.append(Anomaly("chi_not_from_left", e.player, i, f"chi from {who}"))
        if not is_run:
            self.anomalies.append(Anomaly("wrong_chi", e.player, i, "tiles are not a sequence"))
        self._claim(i, e.player, MeldView("chi", tiles, None, e.tile, who), e.with_, "with")
        self.p[e.player].intake = "chi"

    def _on_pon(self, i: int, e: ev.Pon) -> None:
        who, _, _ = self._claimable(i, e.tile)
        if who == e.player:
            raise ReplayError(i, f"{e.player} cannot claim his own discard")
        known = [kind_of(t) for t in (e.tile, *e.with_) if t != UNKNOWN]  # a hidden tile may be any
        if any(k != known[0] for k in known):
            self.anomalies.append(Anomaly("wrong_pon", e.player, i, "the pair does not match"))
        tiles = (e.tile,) + tuple(e.with_)
        self._claim(i, e.player, MeldView("pon", tiles, None, e.tile, who), e.with_, "with")
        self.p[e.player].intake = "pon"

    def _on_kong(self, i: int, e: ev.Kong) -> None:
        self._ensure_in_play(i)
        ps = self.p[e.player]
        tiles = tuple(e.tiles)
        known = [kind_of(t) for t in tiles if t != UNKNOWN]  # a hidden tile may be any: not known wrong
        if any(t != known[0] for t in known):
            self.anomalies.append(Anomaly("wrong_kong", e.player, i, f"{e.kind} kong of unequal tiles"))
        if e.kind == "claimed":
            src = self.last_discard or self._past_draw()
            claimed = self._claimable(i, tiles[-1] if src is None else src[1])[1]
            if claimed not in tiles and claimed != UNKNOWN:
                raise ReplayError(i, f"the claimed discard {code(claimed)} is not among the kong's tiles",
                                  "tiles")
            rest = list(tiles)
            rest.remove(claimed if claimed != UNKNOWN else tiles[-1])
            who = (self.last_discard or self._past_draw())[0]  # type: ignore[index]
            if who == e.player:
                raise ReplayError(i, f"{e.player} cannot claim his own discard")
            self._claim(i, e.player, MeldView("kong", tiles, "claimed", claimed, who), rest, "tiles")
            ps.intake = "kong"
        else:
            if self.turn != e.player or self.phase != "discard":
                raise ReplayError(i, f"{e.player} may declare a {e.kind} kong only in his own turn")
            if e.kind == "concealed":
                self._take_all(i, ps, tiles, "tiles")
                ps.melds.append(MeldView("kong", tiles, "concealed"))
            else:
                self._add_kong(i, ps, tiles)
        self.pending_back[e.player] += 1
        if self.rules.kong_costs_wall:
            self._lower_wall(i)

    def _add_kong(self, i: int, ps: PlayerState, tiles: tuple[int, ...]) -> None:
        exposed = sorted(tiles[:3])
        for k, m in enumerate(ps.melds):
            if m.kind == "pon" and sorted(m.tiles) == exposed:
                self._take(i, ps, tiles[3], "tiles")
                ps.melds[k] = MeldView("kong", m.tiles + (tiles[3],), "added", m.tile, m.source)
                self.last_added_kong = (ps.name, tiles[3], i)
                return
        raise ReplayError(i, f"{ps.name} has no exposed pon of {code(tiles[0])} to add to", "tiles")

    # wins and the end --------------------------------------------------------------------------
    def _on_win(self, i: int, e: ev.Win) -> None:
        if self.ended not in (None, "win"):
            raise ReplayError(i, {"exhaustive_draw": "the hand ended in an exhaustive draw",
                                  "end": "the record has stopped"}.get(self.ended, f"the hand ended ({self.ended})"))
        ps = self.p[e.player]
        how = e.how
        counts = list(ps.counts[:N_KINDS])
        unknown = ps.unknown
        shown = tuple(e.shown) if e.shown is not None else None
        if shown is not None and unknown:
            counts, unknown = self._with_shown(i, counts, unknown, shown)
        tile = e.tile
        kong_replacement = last_tile = last_discard = False
        claimed_at = None
        robbed_late = False
        if how == "self_draw":
            on_deal = self._wins_on_deal(e.player)
            if (e.player != self.turn or self.phase != "discard") and not on_deal:
                raise ReplayError(i, f"{e.player} holds no drawn tile to win by self-draw")
            if tile is None:
                tile = ps.drawn if ps.drawn is not None else UNKNOWN
            elif tile not in (ps.drawn, UNKNOWN) and ps.counts[kind_of(tile)] == 0 and not ps.unknown:
                raise ReplayError(i, f"{e.player} does not hold {code(tile)}", "tile")
            kong_replacement = ps.drawn_source == "back" and tile == ps.drawn and not on_deal
            last_tile = self.wall_left == 0 and ps.drawn_source in ("wall", "back") and tile == ps.drawn
        elif how in ("discard", "rob_kong"):
            src = (self.last_discard or self._past_draw()) if how == "discard" else self.last_added_kong
            late = None if how == "rob_kong" else self._late_discard(i, e, src)
            if late is not None:
                src = late
            if src is None:
                what = "discard" if how == "discard" else "added kong"
                raise ReplayError(i, f"there is no {what} to win on")
            who, t, claimed_at = src
            # a robbing is in time until the kong's replacement is drawn (HK-PR-3 and its kin)
            robbed_late = how == "rob_kong" and any(x.type == "draw" for x in self.events[claimed_at + 1:i])
            if e.source != who:
                raise ReplayError(i, f"the last {'discard' if how == 'discard' else 'added kong'} "
                                     f"was {who}'s, not {e.source}'s", "from")
            if tile is None:
                tile = t
            elif t not in (tile, UNKNOWN):
                raise ReplayError(i, f"{who}'s tile was {code(t)}, not {code(tile)}", "tile")
            if tile == UNKNOWN:
                unknown += 1
            elif kind_of(tile) < N_KINDS:  # a flower is no tile of a hand: the rulebook rules the win
                counts[kind_of(tile)] += 1
            last_discard = how == "discard" and self.wall_left == 0
        else:
            tile, kong_replacement = self._special_win(i, e, ps)
        known = None
        if unknown == 0:
            known = tuple(counts)
        concealed_count = sum(counts) + unknown
        win = self._win_fact(i, e, ps, dict(
            at=i, player=e.player, how=how, tile=None if tile == UNKNOWN else tile, source=e.source,
            concealed=known, concealed_count=concealed_count, melds=tuple(ps.melds),
            flowers=tuple(ps.flowers), shown=shown, wall_left=self.wall_left, claimed_at=claimed_at,
            kong_replacement=kong_replacement, after_claimed_kong=ps.after_claimed_kong,
            normal_draw_turn=ps.intake in ("draw", "deal") and ps.drawn_source != "claim",
            merged=ps.merged, last_tile=last_tile, last_discard=last_discard,
            late=(how == "discard" and late is not None) or robbed_late))
        if self.ended == "win" and not win.void:
            self._check_simultaneous(i, win)
        self.wins.append(win)
        if not win.void and self.ended is None:
            self.ended = "win"
            self.play_over_at = i

    def _on_exhaustive_draw(self, i: int, e: ev.ExhaustiveDraw) -> None:
        self._ensure_in_play(i)
        if self.wall_left not in (None, 0) and not self._may_end_early():
            raise ReplayError(i, f"the wall is not drawn out: {self.wall_left} tiles are left")
        self.ended = "exhaustive_draw"
        self.play_over_at = i

    def _may_end_early(self) -> bool:
        """Variant hook: whether the hand may end in an exhaustive draw with tiles left (tw16: the
        last tile declined)."""
        return False

    def _on_end(self, i: int, e: ev.End) -> None:
        self.stopped = True
        if self.ended is None:
            self.ended = "end"



def replay(players: Sequence[str], dealer: str, open_seat: Optional[str], events: Sequence[ev.Event],
           rules: TableRules, observers: Sequence[Observer] = (), table_class: type[Table] = Table) -> Table:
    """Fold ``events`` into a ``table_class`` table (a variant's own, or the plain ``Table``); raises
    ``ReplayError`` for a movement that cannot happen."""
    table = table_class(players=tuple(players), dealer=dealer, open_seat=open_seat or dealer, rules=rules)
    return table.replay(events, observers)
