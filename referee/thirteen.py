"""The 13-tile table that the Chinese variants share (RULEBOOK_HK.md §10.1): what the replay folds
for 13-tile play beyond what every variant has.

* the numbers: 13 tiles, the dealer's 14th dealt with his hand (he discards first, without a
  draw); 144 tiles with flowers or 136 without; a tail (dead wall) kept or not (``thirteen_rules``);
* flowers are laid out one by one and each is replaced at once from the back, in the deal's
  replacement phase and in play alike: after a ``flower`` the same player's ``draw`` with ``from:
  back`` follows, unless his flower win comes first (or the wall is drawn out: the hand ends in an
  exhaustive draw); anything else between them is an input error;
* a concealed kong may be declared in the deal's replacement phase, before the dealer's first
  discard, by any player; a concealed kong can be won on (robbed) as the variant allows;
* a ``state`` may carry the liabilities created before it (``ThirteenTable.state_liabilities``) and
  each player's pass in force (``status.passed``: ``True`` or ``{"tiles": kinds}``);
* the indicator, in a variant that switches it on (``TableRules.wild_of``: the wild kind of each kind
  turned up; RULEBOOK_WH §10, RULEBOOK_SH §15): one ``indicator`` event right after the deal, or
  ``state.indicator`` (with an optional ``state.wild``, checked against the mapping); it leaves play,
  lowers ``wall_left`` by 1 and counts in the 4-of-a-kind census. Where it is not switched on, the
  event and the ``state`` fields are input errors. A variant that turns up flowers as indicators lays
  them aside in ``_indicator_flower`` and places the indicators in ``_indicator_order``;
* the facts of a win that the 13-tile rows need (``ThirteenWin``): the first go-round, a kong
  replacement's chain of kongs, a flower win's moment.

A variant's table subclasses ``ThirteenTable``; ``replay`` folds one hand.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Optional, Sequence

from . import events as ev
from .errors import ReplayError
from .observer import Observer
from .replay import Table
from .replay import replay as replay_table
from .table_facts import PlayerState, TableRules, WinFact
from .tiles import FIRST_FLOWER, FIRST_RED, UNKNOWN, code, is_flower, kind_of

#: what may come between a ``flower`` and its replacement: nothing of play (§10.1)
_BESIDE_FLOWER = frozenset({"end", "exhaustive_draw"})


def thirteen_rules(flowers: bool = True, tail: int = 14,
                   wild_of: Optional[tuple[Optional[int], ...]] = None) -> TableRules:
    """The 13-tile table: 144 tiles with flowers (136 without), ``tail`` tiles never drawn from the
    live wall (14, or 0 when the whole wall is drawn). The deal leaves 144 − 14 − 53 = 77.
    ``wild_of``: the indicator is turned up after the deal, and gives the wild kind by this table
    (34 entries, one per kind turned up)."""
    return TableRules(hand_size=13, wall_tiles=144 if flowers else 136, dead_wall=tail,
                      flowers=flowers, dealer_extra_dealt=True, wild_of=wild_of)


def wall_after_deal(rules: TableRules) -> int:
    """The drawable tiles after the deal (53 dealt) and the indicator (if the variant turns one):
    the most a ``state``'s ``wall_left`` may be."""
    return rules.wall_tiles - rules.dead_wall - 53 - (rules.wild_of is not None)


@dataclass(frozen=True)
class ThirteenWin(WinFact):
    """A 13-tile win declaration, with the facts of the first go-round, of a kong replacement and of
    a flower win."""

    from_deal: bool = False  # the hand was replayed from its deal (no first go-round from a state)
    before_own_discard: bool = False  # the winner had made no discard yet
    calls_before: bool = True  # a chi, pon or kong event came before the winning tile
    on_dealer_first_discard: bool = False  # won on the dealer's first discard
    kong_chain: tuple[int, ...] = ()  # the kongs (event indexes) whose replacement chain gave the tile
    flower_moment: bool = False  # a flower win declared right after his own flower event
    robbed_concealed: bool = False  # won on a concealed kong (robbing, as the variant allows)
    drawn: Optional[int] = None  # the tile he took last (drawn, or claimed), when known


class ThirteenPlayer(PlayerState):
    """A 13-tile player (nothing more than every variant's, so far)."""

    __slots__ = ()


@dataclass
class ThirteenTable(Table):
    flower_owed: Optional[tuple[str, int]] = None  # (player, flower event): the last flower laid out
    state_liabilities: Optional[tuple[ev.LiabilitySpec, ...]] = None  # as a ``state`` gave them
    concealed_kongs: set[int] = field(default_factory=set)  # concealed kong events (robbable)
    #: the events a replacement may follow in a chain of kongs (variant hook: wuhan's single kongs)
    kong_events: ClassVar[tuple[type, ...]] = (ev.Kong,)
    #: a chain of kongs holds only a kong made with the replacement drawn before it (HK-FAN-18: "a kong
    #: made with the previous kong's replacement"); False: any kongs made in a row in one turn
    kong_link: bool = False
    #: a ``state`` whose ``drawn`` tile came from the back, his last meld there being a kong, shows
    #: that kong's replacement: the chain is the state (event 0) (EVENT_LOG.md: ``drawn`` decides
    #: 杠上開花)
    state_bloom: bool = False
    indicator: Optional[int] = None  # the tile turned up (variants with ``wild_of``)
    wild: Optional[int] = None  # the wild kind it gives
    player_class = ThirteenPlayer

    def _handlers(self):
        return {**super()._handlers(), "flower": self._on_flower, "indicator": self._on_indicator}

    def replay(self, events, observers=()):
        if self.rules.flowers:
            self._replaced_at_once(events)
        else:
            self._no_flowers(events)
        if self.rules.wild_of is not None:
            self._indicator_order(events)
        return super().replay(events, observers)

    # the indicator ------------------------------------------------------------------------------
    def _indicator_order(self, events: Sequence[ev.Event]) -> None:
        """Variant hook: where the ``indicator`` events stand. Here: exactly one, right after the
        ``deal`` and before any other event (none after a ``state``, which carries it); checked
        before the replay, at the event out of place."""
        from_deal = bool(events) and events[0].type == "deal"
        if from_deal and len(events) > 1 and events[1].type not in ("indicator", "end"):
            raise ReplayError(1, "the indicator is turned up right after the deal: an 'indicator' "
                                 "event must come next", "type")
        for i, e in enumerate(events):
            if e.type == "indicator" and not (from_deal and i == 1):
                raise ReplayError(i, "the indicator is turned up once, right after the deal"
                                  + ("" if from_deal else " (a 'state' start gives it as 'indicator')"),
                                  "type")

    def _on_indicator(self, i: int, e: ev.Indicator) -> None:
        wild_of = self.rules.wild_of
        if wild_of is None:
            raise ReplayError(i, "this variant turns up no indicator: there is no 'indicator' event "
                                 "in it", "type")
        self._ensure_in_play(i)
        if e.tile == UNKNOWN:
            raise ReplayError(i, "the indicator is turned face up: give its code", "tile")
        if is_flower(e.tile):
            self._indicator_flower(i, e)
            return
        self._reveal(i, e.tile)
        self._lower_wall(i)
        self.indicator, self.wild = e.tile, wild_of[kind_of(e.tile)]

    def _indicator_flower(self, i: int, e: ev.Indicator) -> None:
        """Variant hook: a flower turned up as the indicator (RULEBOOK_SH §15: laid aside, and
        another indicator follows). Here a flower cannot be the indicator."""
        raise ReplayError(i, "a flower cannot be the indicator", "tile")

    def _state_indicator(self, i: int, e: ev.State) -> None:
        """A ``state``'s ``indicator`` (required where the variant turns one up; out of play and
        counted in the census) and ``wild`` (optional; it must be the indicator's wild kind);
        both input errors in a variant without."""
        wild_of = self.rules.wild_of
        if wild_of is None:
            for key in ("indicator", "wild"):
                if getattr(e, key) is not None:
                    raise ReplayError(i, "this variant turns up no indicator", key)
            return
        if e.indicator is None:
            raise ReplayError(i, "required: the tile turned up after the deal", "indicator")
        if e.indicator == UNKNOWN or is_flower(e.indicator):
            raise ReplayError(i, "the indicator is a known tile of the 34 kinds", "indicator")
        self._reveal(i, e.indicator, "indicator")
        self.indicator, self.wild = e.indicator, wild_of[kind_of(e.indicator)]
        if e.wild is not None and (self.wild is None or kind_of(e.wild) != self.wild):
            want = "no wild kind" if self.wild is None else f"the wild kind {code(self.wild)}"
            raise ReplayError(i, f"the indicator {code(e.indicator)} gives {want}, not {code(e.wild)}",
                              "wild")

    @staticmethod
    def _no_flowers(events: Sequence[ev.Event]) -> None:
        """Without flowers (136 tiles) a flower tile anywhere is an input error, at its event."""
        for i, e in enumerate(events):
            if e.type in ("deal", "state"):
                for name, hand in e.hands.items():  # type: ignore[attr-defined]
                    if not isinstance(hand, int) and any(is_flower(t) for t in hand):
                        raise ReplayError(i, "this table plays without flowers", f"hands.{name}")
                for name, laid in getattr(e, "flowers", {}).items():
                    if laid:
                        raise ReplayError(i, "this table plays without flowers", f"flowers.{name}")
            elif FIRST_FLOWER <= (getattr(e, "tile", None) or 0) < FIRST_RED:  # (is_flower, inline)
                raise ReplayError(i, "this table plays without flowers", "tile")

    def _replaced_at_once(self, events: Sequence[ev.Event]) -> None:
        """A flower's replacement follows it at once (§10.1): the same player's ``draw`` from the
        back, unless his flower win comes first, the record stops, or the wall is drawn out (the
        hand ends in an exhaustive draw: there is none to replace it). Checked before the replay,
        at the event that comes between; the replay checks the wall."""
        for i, e in enumerate(events):
            if e.type != "flower" or i + 1 >= len(events):
                continue
            x = events[i + 1]
            player = getattr(x, "player", None)
            if x.type == "draw" and player == e.player and x.source == "back":  # type: ignore[attr-defined]
                continue
            if x.type == "win" and player == e.player and x.how == "flower":  # type: ignore[attr-defined]
                continue
            if x.type in _BESIDE_FLOWER:
                continue
            raise ReplayError(i + 1, f"{e.player} laid out a flower at event {i}: his replacement "  # type: ignore[attr-defined]
                                     "('draw' from 'back') must follow at once")

    # flowers ------------------------------------------------------------------------------------
    def _on_flower(self, i: int, e: ev.Flower) -> None:
        if not self.rules.flowers:
            raise ReplayError(i, "this table plays without flowers", "type")
        self._ensure_in_play(i)
        ps = self.p[e.player]
        self._take(i, ps, e.tile)
        ps.flowers.append(e.tile)
        self.pending_back[e.player] += 1
        self.flower_owed = (e.player, i)

    def _special_win(self, i: int, e: ev.Win, ps: PlayerState) -> tuple[Optional[int], bool]:
        """A flower win: its tile is the flower just laid out (the variant judges the moment)."""
        if e.how != "flower":
            return super()._special_win(i, e, ps)
        return (ps.flowers[-1] if ps.flowers else None), False

    # the state ----------------------------------------------------------------------------------
    def _on_state(self, i: int, e: ev.State) -> None:
        super()._on_state(i, e)
        self._state_indicator(i, e)
        self.state_liabilities = e.liabilities
        if e.robbable is not None:  # a concealed kong stays concealed for the robbing (HK-PR-6, WH-PR-5)
            who, tile = e.robbable
            kongs = [m for m in self.p[who].melds if m.kind == "kong" and m.tiles[-1] != UNKNOWN
                     and kind_of(m.tiles[-1]) == kind_of(tile)]
            if kongs and all(m.kong == "concealed" for m in kongs):
                self.concealed_kongs.add(i)
        if e.wall_left is not None and e.wall_left > wall_after_deal(self.rules):
            raise ReplayError(i, f"at most {wall_after_deal(self.rules)} tiles are left after the "
                                 "deal", "wall_left")

    # kongs --------------------------------------------------------------------------------------
    def replacement_phase(self) -> bool:
        """The deal's flower replacements: from the deal until the dealer's first discard."""
        return self.from_deal and not self.play_started

    def _on_kong(self, i: int, e: ev.Kong) -> None:
        out_of_turn = (e.kind == "concealed" and self.replacement_phase()
                       and (self.turn != e.player or self.phase != "discard"))
        if out_of_turn:  # a concealed kong in the replacement phase (§10.1): his own moment
            turn, phase = self.turn, self.phase
            self.turn, self.phase = e.player, "discard"
            try:
                super()._on_kong(i, e)
            finally:
                self.turn, self.phase = turn, phase
        else:
            super()._on_kong(i, e)
        if e.kind == "concealed" and i not in self.undone:
            self.concealed_kongs.add(i)
            self.last_added_kong = (e.player, e.tiles[-1], i)  # robbable as the variant allows

    # wins ---------------------------------------------------------------------------------------
    def _win_fact(self, i: int, e: ev.Win, ps: PlayerState, facts: dict) -> WinFact:
        at = facts["claimed_at"]
        winning_at = at if at is not None else i
        robbed_concealed = e.how == "rob_kong" and at in self.concealed_kongs
        return ThirteenWin(
            **facts, from_deal=self.from_deal, before_own_discard=e.player not in self.first_discard_at,
            calls_before=self._first_call(winning_at) is not None,
            on_dealer_first_discard=at is not None and e.how == "discard"
            and self.first_discard_at.get(self.dealer) == at,
            kong_chain=self._kong_chain(ps) if e.how == "self_draw" and facts["kong_replacement"] else (),
            flower_moment=e.how == "flower" and self.flower_owed is not None
            and self.flower_owed[0] == e.player and self.flower_owed[1] == i - 1,
            robbed_concealed=robbed_concealed, drawn=ps.drawn)

    def _first_call(self, before: int) -> Optional[int]:
        """The first chi, pon or kong event before event ``before``."""
        return next((j for j in range(before) if self.events[j].type in ("chi", "pon", "kong")), None)

    def _kong_chain(self, ps: PlayerState) -> tuple[int, ...]:
        """The kongs of his turn whose replacements (and their flowers' replacements) led to the
        tile he drew last, earliest first; () when it replaces a flower drawn from the wall."""
        kongs: list[int] = []
        link: Optional[int] = None  # the replacement drawn last before the kong found last
        start = ps.drawn_at if ps.drawn_at is not None else len(self.events)
        for j in range(start - 1, -1, -1):
            x = self.events[j]
            if isinstance(x, ev.State):  # the position the record starts from
                tile = link if link is not None else (x.drawn[0] if x.drawn else None)
                if self._state_kong(x, ps.name) and (
                        not kongs or not self.kong_link or self._made_with(self.events[kongs[-1]], tile)):
                    kongs.append(j)
                break
            if getattr(x, "player", None) != ps.name:
                continue
            if isinstance(x, self.kong_events):
                if j in self.undone:
                    continue
                if kongs and self.kong_link and not self._made_with(self.events[kongs[-1]], link):
                    break
                kongs.append(j)
                link = None
            elif isinstance(x, ev.Draw) and x.source == "back":
                if kongs and link is None:
                    link = x.tile
            elif not isinstance(x, ev.Flower):
                break
        if not kongs and ps.drawn_at == 0 and self._state_kong(self.events[0], ps.name):
            return (0,)
        return tuple(reversed(kongs))

    def _state_kong(self, x: ev.Event, name: str) -> bool:
        """Under ``state_bloom``: the starting ``state`` shows ``name``'s kong replacement, drawn (his
        ``drawn`` from the back) or still owed (``back_owed``), his last meld there being a kong (else
        the replacement is a flower's)."""
        if not self.state_bloom or not isinstance(x, ev.State):
            return False
        shown = x.turn == name and x.drawn is not None and x.drawn[1] == "back"
        mine = x.melds.get(name, ())
        return (shown or x.back_owed.get(name, 0) > 0) and bool(mine) and mine[-1].kind == "kong"

    @staticmethod
    def _made_with(kong: ev.Event, tile: Optional[int]) -> bool:
        """Whether ``kong`` was made with the replacement ``tile`` (an unknown tile is given the
        benefit of the doubt)."""
        if tile is None or tile == UNKNOWN:
            return True
        tiles = getattr(kong, "tiles", ())
        return not tiles or any(t == UNKNOWN or kind_of(t) == kind_of(tile) for t in tiles)


def replay(players: Sequence[str], dealer: str, events: Sequence[ev.Event], rules: TableRules,
           observers: Sequence[Observer] = (), table_class: type[ThirteenTable] = ThirteenTable
           ) -> ThirteenTable:
    """Fold a 13-tile hand (the dealer is East: the open seat is his)."""
    return replay_table(players, dealer, dealer, events, rules, observers, table_class)  # type: ignore[return-value]
