"""The Sichuan table (SC-FLOW, SC-QM-1, SC-XZ): 108 tiles, suited only (an honour or a flower tile
anywhere is an input error), no dead wall (55 drawable after the deal), the dealer dealt 14; 定缺
(``declare``, ``what: void_suit``) once per player after the deal and before the dealer's first
discard; several wins in one hand (``referee.several``: the hand ends at the third valid win).

Besides the replay's own facts the table keeps, for the rulebook: each player's void suit
(``voids``), and at each kong whether the added tile was drawn in that turn (``added_on_draw``,
SC-GF-2).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

from referee import events as ev
from referee.errors import ReplayError
from referee.observer import Observer
from referee.several import SeveralWins
from referee.table_facts import Anomaly, TableRules
from referee.tiles import N_KINDS, N_TILES, UNKNOWN, code, kind_of
from rulesbook.family13.judged import Continues, JudgedTable

TABLE_RULES = TableRules(hand_size=13, wall_tiles=108, dead_wall=0, flowers=False,
                         dealer_extra_dealt=True, wins_to_end=3)
SUITS = "mps"
#: events that move no tile but may not follow the end of the hand (§13)
_NOT_AFTER_END = ("call", "reach", "act", "merge", "expose", "peek", "declare")
SUITED = 27  # tiles below are suited


def _tile_fields(e: ev.Event):
    """(field, tiles) of every tile an event names (looked through only for an honour seen)."""
    if isinstance(e, (ev.Deal, ev.State)):
        for name, hand in e.hands.items():
            if not isinstance(hand, int):
                yield f"hands.{name}", hand
    if isinstance(e, ev.State):
        for name, melds in e.melds.items():
            for k, m in enumerate(melds):
                yield f"melds.{name}[{k}]", m.tiles
        for name, river in e.discards.items():
            yield f"discards.{name}", river
        for k, w in enumerate(e.left_play):
            yield f"left_play[{k}].tile", (w.tile,)
        if e.last_discard is not None:
            yield "last_discard.tile", (e.last_discard[1],)
    tile = getattr(e, "tile", None)
    if isinstance(tile, int):
        yield "tile", (tile,)
    for name in ("with_", "tiles", "shown"):
        tiles = getattr(e, name, None)
        if tiles:
            yield {"with_": "with"}.get(name, name), tiles


@dataclass
class ScTable(SeveralWins, JudgedTable):
    void_rule: str = "declared"  # SC-QM-1: declared | implicit
    voids: dict[str, int] = field(default_factory=dict)  # player -> suit (0 萬, 1 筒, 2 索)
    declared_at: dict[str, int] = field(default_factory=dict)
    added_on_draw: dict[int, bool] = field(default_factory=dict)  # added kong -> with a tile drawn in that turn

    def _handlers(self):
        handlers = {**super()._handlers(), "declare": self._in_play_only(self._on_declare)}
        for kind in _NOT_AFTER_END:  # §13: after the third win or the draw, only these move on
            handlers[kind] = self._before_the_end(handlers[kind])
        return handlers

    def _before_the_end(self, handler):
        def run(i: int, e: ev.Event) -> None:
            if self.ended is not None:
                raise ReplayError(i, f"the hand has ended ({self.ended}): only report, admit, correct and "
                                     "end may follow")
            handler(i, e)
        return run

    def _suited_only(self, limit: Optional[int] = None) -> None:
        """The first event (before ``limit``) that names an honour tile, refused at its field; the
        replay counts every known tile in the census, so this runs only when one was seen."""
        for i, e in enumerate(self.events[:limit]):
            for where, tiles in _tile_fields(e):
                bad = next((t for t in tiles if t != UNKNOWN and SUITED <= kind_of(t) < N_KINDS), None)
                if bad is not None:
                    raise ReplayError(i, f"{code(bad)} is not a Sichuan tile: 108 tiles, 萬 筒 索 only", where)

    # 定缺 ---------------------------------------------------------------------------------------
    def _on_declare(self, i: int, e: ev.Declare) -> None:
        if e.what != "void_suit":
            raise ReplayError(i, f"there is no '{e.what}' declaration in sichuan", "what")
        if self.void_rule == "implicit":
            raise ReplayError(i, "no void suit is declared under void_declaration implicit (SC-QM-1)",
                              "what")
        if self.play_started:
            self._all_declared()  # the earlier fault first
        if not self.from_deal or self.play_started:
            raise ReplayError(i, "the void suit is declared after the deal and before the dealer's "
                                 "first discard (SC-QM-1)")
        if e.player in self.voids:
            raise ReplayError(i, f"{e.player} declared his void suit at event {self.declared_at[e.player]}: "
                                 "the declaration is final (SC-QM-1)", "player")
        if e.suit not in tuple(SUITS):
            raise ReplayError(i, "must be m, p or s", "suit")
        self.voids[e.player] = SUITS.index(e.suit)
        self.declared_at[e.player] = i

    def replay(self, events, observers=()):
        self.replacements: list[int] = []  # kong replacements drawn (their events)
        self.restores: list[int] = []  # ``correct restore`` events
        try:
            super().replay(events, observers)
        except ReplayError as err:  # an honour tile before the fault is the first fault
            if any(self.seen[SUITED:N_KINDS]):
                self._suited_only(err.index + 1)
            raise
        if any(self.seen[SUITED:N_KINDS]):
            self._suited_only()
        self._all_declared()  # looked at once the hand is folded: no cost at every discard
        return self

    def _all_declared(self) -> None:
        """SC-QM-1: every player declared before the dealer's first discard (from the deal)."""
        first = self.first_discard_at.get(self.dealer)
        if self.from_deal and self.void_rule == "declared" and first is not None:
            missing = [p for p in self.players if self.declared_at.get(p, first) >= first]
            if missing:
                raise ReplayError(first, f"{', '.join(missing)} declared no void suit (定缺) before the "
                                         "dealer's first discard (SC-QM-1)")

    def _mark_replacement(self, i: int, ps) -> None:
        super()._mark_replacement(i, ps)
        self.replacements.append(i)

    def _on_correct(self, i: int, e: ev.Correct) -> None:
        super()._on_correct(i, e)
        if e.action == "restore":
            self.restores.append(i)

    def _on_state(self, i: int, e: ev.State) -> None:
        super()._on_state(i, e)
        for name in self.players:
            suit = e.status.get(name, {}).get("void_suit")
            if suit is None:
                if self.void_rule == "declared":
                    raise ReplayError(i, f"{name}'s void suit is required (SC-QM-1)",
                                      f"status.{name}.void_suit")
                continue
            if self.void_rule == "implicit":
                raise ReplayError(i, "no void suit is declared under void_declaration implicit",
                                  f"status.{name}.void_suit")
            self.voids[name] = SUITS.index(suit)  # type: ignore[arg-type]

    def void_of(self, player: str) -> int:
        """His void suit for the counter: 0 … 2, 3 under ``implicit``, -1 when not known."""
        if self.void_rule == "implicit":
            return 3
        return self.voids.get(player, -1)

    # kongs --------------------------------------------------------------------------------------
    #: another player's moves that end a player's turn (a declaration on his kong does not)
    _TURN_MOVES = frozenset(("draw", "discard", "chi", "pon", "kong"))

    def _drawn_this_turn(self, i: int, player: str) -> set[int]:
        """SC-GF-2: the kinds ``player`` drew (from the wall or the back) in his turn up to event
        ``i``: his draws and kongs back to his last other move; a ``state`` that starts the record
        in his turn gives the tile he has drawn. The fourth tile of a pong drawn this turn is
        the tile drawn (the pong holds the other three)."""
        out: set[int] = set()
        for j in range(i - 1, -1, -1):
            x = self.events[j]
            if isinstance(x, ev.State):
                if x.turn == player and x.drawn is not None and x.drawn[1] in ("wall", "back") \
                        and x.drawn[0] != UNKNOWN:
                    out.add(kind_of(x.drawn[0]))
                break
            who = getattr(x, "player", None)
            if who != player:
                if x.type in self._TURN_MOVES:
                    break
                continue
            if x.type == "draw":
                if x.tile != UNKNOWN:
                    out.add(kind_of(x.tile))
            elif x.type != "kong":
                break
        return out

    def _on_kong(self, i: int, e: ev.Kong) -> None:
        if e.kind == "added":
            ps = self.p[e.player]
            added = e.tiles[-1]
            self.added_on_draw[i] = added != UNKNOWN and kind_of(added) in self._drawn_this_turn(i, e.player)
        if e.kind == "concealed" and self.replacement_phase() and (self.turn != e.player or self.phase != "discard"):
            raise ReplayError(i, f"{e.player} may declare a concealed kong only in his own turn")
        no_wall = self.wall_left == 0
        super()._on_kong(i, e)
        if no_wall:  # SC-FLOW-6: no replacement is left; it stands as laid, ruled SC-IRR-3
            self.pending_back[e.player] -= 1
            self.anomalies.append(Anomaly("kong_no_wall", e.player, i, "a kong with no replacement left"))


def held_kinds(table: ScTable, player: str) -> Optional[list[int]]:
    """His concealed tiles and melds over the 34 kinds; None when a concealed tile is hidden."""
    ps = table.p[player]
    if ps.unknown:
        return None
    held = list(ps.counts[:N_KINDS])
    for m in ps.melds:
        for t in m.tiles:
            if t != UNKNOWN:
                held[kind_of(t)] += 1
    return held


def replay(players: Sequence[str], dealer: str, events: Sequence[ev.Event], void_rule: str = "declared",
           observers: Sequence[Observer] = (), continues: Optional[Continues] = None) -> ScTable:
    """Fold a Sichuan hand; ``continues`` judges each declaration as it is made."""
    table = ScTable(players=tuple(players), dealer=dealer, open_seat=dealer, rules=TABLE_RULES,
                    continues=continues, void_rule=void_rule)
    return table.replay(events, observers)  # type: ignore[return-value]
