"""The Wuhan table (WH-FLOW, WH-LZ-1/2, WH-HZ-2): 136 tiles, no flowers, no tail kept back; the
indicator turned up after the deal (82 left) and its 癞子 (``LAIZI_OF``); single kongs of 红中 and
癞子 (``single_kong``, its replacement at once); thrown 红中 and 癞子 (丢, never claimable); no kong
at ``wall_left`` ≤ 14; the 海底 phase (a last discard nobody takes, then one draw each, nobody
discarding; 荒庄 after the fourth). On the 13-tile table of ``referee.thirteen`` with the family's
judged declarations (``rulesbook.family13.judged``).

What breaks a rule but could happen at a table is kept as an anomaly for WH-IRR (a wrong kong, a
wrong claim, a claim of a thrown tile); what cannot happen is an input error at its event.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

from referee import events as ev
from referee.errors import ReplayError
from referee.observer import Observer
from referee.replay import PlayerState, WinFact
from referee.table_facts import Anomaly
from referee.thirteen import thirteen_rules
from referee.tiles import N_KINDS, UNKNOWN, code, kind_of
from referee.waits import WaitsIndex
from rulesbook.family13.judged import Continues, JudgedTable

HONG = 33  # 红中 7z
#: WH-LZ-1 as data: the 癞子 of each indicator kind (n → n + 1 in a suit, 9 → 1; 东南西北发白东,
#: 红中 skipped; an indicator 红中 gives 发)
LAIZI_OF: tuple[int, ...] = tuple(
    [(k // 9) * 9 + (k % 9 + 1) % 9 for k in range(27)] + [28, 29, 30, 32, 27, 31, 32])
TABLE_RULES = thirteen_rules(flowers=False, tail=0, wild_of=LAIZI_OF)
LAST = 14  # WH-FLOW-5: a discard at wall_left ≤ 14 is a last discard; no kong then (WH-FLOW-4)
HAIDI_DRAWS = 4


def special(tile: int, wild: Optional[int], pi: Optional[int]) -> bool:
    """A tile laid out singly or thrown (红中, the 癞子; the 皮 under ``pi_kong: single``)."""
    k = kind_of(tile)
    return k == HONG or k == wild or (pi is not None and k == pi)


@dataclass
class WuhanTable(JudgedTable):
    kong_events = (ev.Kong, ev.SingleKong)  # 杠上花 on a single kong's replacement too (WH-HU-4.6)
    pi_single: bool = False  # option pi_kong: single (WH-LZ-2)
    chaotian: bool = False  # option pi_kong: chaotian
    laid: dict[str, list[int]] = field(default_factory=dict)  # laid out singly or thrown, in order
    singles: list[tuple[str, int, int]] = field(default_factory=list)  # (player, tile, event): laid
    thrown: dict[int, tuple[str, int]] = field(default_factory=dict)  # discard event -> (player, tile)
    last_discards: set[int] = field(default_factory=set)  # discards at wall_left ≤ 14
    haidi_left: Optional[int] = None  # 海底 draws still to come (None: not begun)
    haidi_draws: set[int] = field(default_factory=set)  # the 海底 draws (event indexes)
    haidi_held: set[str] = field(default_factory=set)  # a state's players holding their 海底 tile
    _specials: Optional[frozenset[int]] = None  # 红中, the 癞子 (and 皮): worked out at the first discard

    @property
    def pi(self) -> Optional[int]:
        return kind_of(self.indicator) if self.pi_single and self.indicator is not None else None

    def _handlers(self):
        return {**super()._handlers(), "single_kong": self._on_single_kong}

    def replay(self, events, observers=()):
        self.laid = {p: [] for p in self.players}
        self._replacement_at_once(events)
        return super().replay(events, observers)

    @staticmethod
    def _replacement_at_once(events: Sequence[ev.Event]) -> None:
        """§10: a ``single_kong`` is followed at once by the same player's ``draw`` from the back
        (or its ``correct restore``, or the record's end); anything else is an input error."""
        for i in [i for i, e in enumerate(events[:-1]) if e.type == "single_kong"]:
            e, x = events[i], events[i + 1]
            if x.type == "draw" and x.player == e.player and x.source == "back":  # type: ignore[attr-defined]
                continue
            if x.type == "correct" and x.about == i and x.action == "restore" or x.type == "end":  # type: ignore[attr-defined]
                continue
            raise ReplayError(i + 1, f"{e.player} laid out a single kong at event {i}: his replacement "  # type: ignore[attr-defined]
                                     "('draw' from 'back') must follow at once")

    # the state ----------------------------------------------------------------------------------
    def _on_state(self, i: int, e: ev.State) -> None:
        if e.haidi and e.wall_left is not None and e.turn is not None:
            # the players before ``turn`` who made their 海底 draw keep the tile (WH-FLOW-5.2)
            made = max(0, min(HAIDI_DRAWS, HAIDI_DRAWS - (e.wall_left - (LAST - HAIDI_DRAWS))))
            k = self.players.index(e.turn)
            self.haidi_held = {self.players[(k - d) % 4] for d in range(1, made + 1)}
        super()._on_state(i, e)
        for name, river in e.discards.items():
            for t in river:
                if special(t, self.wild, self.pi):
                    raise ReplayError(i, f"{code(t)} is thrown, not discarded: list it under 'laid'",
                                      f"discards.{name}")
        for name, tiles in e.laid.items():
            for t in tiles:
                if t == UNKNOWN or not special(t, self.wild, self.pi):
                    raise ReplayError(i, f"{code(t)} is no tile laid out singly (红中, the 癞子"
                                         f"{', a 皮' if self.pi_single else ''})", f"laid.{name}")
                self._reveal(i, t, f"laid.{name}")
            self.laid[name].extend(tiles)
        if e.haidi:
            if self.wall_left is None or self.wall_left > LAST or e.phase != "draw":
                raise ReplayError(i, "the 海底 draws begin only at wall_left 14 or less, with 'turn' "
                                     "the next to draw (phase draw)", "haidi")
            self.haidi_left = max(0, self.wall_left - (LAST - HAIDI_DRAWS))
        if e.last_discard is not None:  # on offer (or drawn past)
            who, tile = e.last_discard
            if special(tile, self.wild, self.pi):  # a thrown tile on offer: never claimable
                self.thrown[i] = (who, tile)
            if self.wall_left is not None and self.wall_left <= LAST:
                self.last_discards.add(i)

    def _held_over(self, name: str) -> int:
        return 1 if name in self.haidi_held else 0

    # single kongs, kongs and claims -------------------------------------------------------------
    def _on_single_kong(self, i: int, e: ev.SingleKong) -> None:
        """红中杠 / 癞子杠 (WH-FLOW-4, WH-HZ-2, WH-LZ-3.3): in his own turn; a tile that may not be
        laid out singly, or one laid at wall_left ≤ 14, is a wrong kong (WH-IRR-2), laid aside as
        recorded."""
        self._ensure_in_play(i)
        if self.turn != e.player or self.phase != "discard":
            raise ReplayError(i, f"{e.player} may lay out a single kong only in his own turn")
        ps = self.p[e.player]
        self._take(i, ps, e.tile)
        if not special(e.tile, self.wild, self.pi):
            self.anomalies.append(Anomaly("wrong_kong", e.player, i, f"a single kong of {code(e.tile)}"))
        elif self.wall_left is not None and self.wall_left <= LAST:
            self.anomalies.append(Anomaly("wrong_kong", e.player, i, "a kong at wall_left 14 or less"))
        self.laid[e.player].append(e.tile)
        self.singles.append((e.player, e.tile, i))
        self.pending_back[e.player] += 1

    def _on_kong(self, i: int, e: ev.Kong) -> None:
        if e.kind == "added" and len(e.tiles) != 4:
            raise ReplayError(i, "an added kong lists the three tiles of the 碰 and the tile added", "tiles")
        super()._on_kong(i, e)
        if self.anomalies and self.anomalies[-1].at == i:
            return  # already a wrong kong (unequal tiles)
        kinds = {kind_of(t) for t in e.tiles if t != UNKNOWN}
        pi = kind_of(self.indicator) if self.indicator is not None else None
        if self.wall_before[i] is not None and self.wall_before[i] <= LAST:
            self.anomalies.append(Anomaly("wrong_kong", e.player, i, "a kong at wall_left 14 or less"))
        elif kinds & {HONG, self.wild}:
            self.anomalies.append(Anomaly("wrong_kong", e.player, i, "a 癞子 or 红中 in a kong"))
        elif len(e.tiles) == 3 and not (self.chaotian and kinds == {pi} and e.kind != "added"):
            self.anomalies.append(Anomaly("wrong_kong", e.player, i, "three tiles outside 朝天"))

    def _claim(self, i: int, player: str, meld, from_hand, field_: str) -> None:
        src = self.last_discard or self._past_draw()
        at = src[2] if src is not None else None
        super()._claim(i, player, meld, from_hand, field_)
        if self.anomalies and self.anomalies[-1].at == i:
            return  # already a wrong claim (no set, not from the 上家): one WH-IRR-3 per claim
        kinds = {kind_of(t) for t in meld.tiles if t != UNKNOWN}
        if at in self.thrown:
            self.anomalies.append(Anomaly("thrown_claim", player, i, "a thrown tile claimed"))
        elif kinds & {HONG, self.wild}:
            self.anomalies.append(Anomaly("wild_claim", player, i, "a 癞子 or 红中 in a claim"))

    def _on_correct(self, i: int, e: ev.Correct) -> None:
        target = self.events[e.about]
        if e.action == "restore" and isinstance(target, ev.SingleKong):
            if e.about in self.undone:
                raise ReplayError(i, f"the single kong at event {e.about} is already restored", "about")
            laid = self.laid[target.player]
            del laid[len(laid) - 1 - laid[::-1].index(target.tile)]  # the last one of it laid
            self._give_back(self.p[target.player], target.tile)
            self.undone.add(e.about)
            self.singles = [s for s in self.singles if s[2] != e.about]
            if self.pending_back[target.player] > 0:
                self.pending_back[target.player] -= 1
            return
        super()._on_correct(i, e)

    # discards and the 海底 phase ----------------------------------------------------------------
    def _discarding(self, i: int, ps: PlayerState, e: ev.Discard) -> None:
        if self.haidi_left is not None and self.ended is None:
            raise ReplayError(i, "nobody discards during the 海底 draws (WH-FLOW-5.2)")
        specials = self._specials
        if specials is None:
            specials = self._specials = frozenset(
                k for k in (HONG, self.wild, self.pi) if k is not None)
        if e.tile in specials:  # a kind: wuhan plays no red fives
            self.thrown[i] = (ps.name, e.tile)  # 丢红中 / 丢癞子: not claimable (WH-PR-6)
            self.laid[ps.name].append(e.tile)
        if self.wall_left is not None and self.wall_left <= LAST:
            self.last_discards.add(i)

    def _on_draw(self, i: int, e: ev.Draw) -> None:
        if e.source != "wall" or self.haidi_left is None and not self.last_discards:
            super()._on_draw(i, e)  # before any last discard (the most draws)
            return
        if self.ended is None:
            if self.haidi_left is not None:
                if self.haidi_left <= 0:
                    raise ReplayError(i, "the four 海底 draws are done: the hand ends (exhaustive_draw "
                                         "or a win)")
                if self.phase == "discard" and e.player == self.next_of(self.turn):  # type: ignore[arg-type]
                    self.turn, self.phase = e.player, "draw"  # he keeps his 海底 tile, discarding none
            elif self.last_discard is not None and self.last_discard[2] in self.last_discards:
                self.haidi_left = HAIDI_DRAWS  # a last discard nobody took (WH-FLOW-5.2)
        super()._on_draw(i, e)
        if e.source == "wall" and self.haidi_left is not None and self.ended is None:
            self.haidi_left -= 1
            self.haidi_draws.add(i)

    def _may_end_early(self) -> bool:
        """荒庄 (WH-FLOW-6): after the fourth 海底 draw."""
        return self.haidi_left == 0

    def _on_exhaustive_draw(self, i: int, e: ev.ExhaustiveDraw) -> None:
        if self.haidi_left != 0 and self.ended is None:
            raise ReplayError(i, "荒庄 comes after the four 海底 draws (WH-FLOW-5.3): "
                                 f"{'none has begun' if self.haidi_left is None else f'{self.haidi_left} to come'}")
        super()._on_exhaustive_draw(i, e)

    def _mark_replacement(self, i: int, ps: PlayerState) -> None:
        """A replacement's kind (tw16's TW-XP-2/3) scores nothing in wuhan: not looked for."""

    # who wins on a tile (the 过水 finder's question) --------------------------------------------
    def winners_on(self, tile: int, but: Optional[str] = None) -> list[str]:
        """The players whose hand ``tile`` would complete, 癞子 read as they may (WH-LZ-6); nobody
        on a thrown 红中 or 癞子 (WH-PR-6)."""
        if self.last_discard is not None and self.last_discard[2] in self.thrown:
            return []
        index = self._wins_index
        if index is None:
            from .hu import winning_kinds  # hu reads this module's tiles

            index = self._wins_index = WaitsIndex(
                self, lambda counts, melds: winning_kinds(counts, melds, self.wild),
                slot="wins_cache")
        return index.on(tile, but)

    # wins -----------------------------------------------------------------------------------------
    def _win_fact(self, i: int, e: ev.Win, ps: PlayerState, facts: dict) -> WinFact:
        """海底捞 is a self-draw on one's 海底 draw (WH-HU-4.7); a robbing after the kong's
        replacement is late (WH-PR-3); ``win.wild`` names tiles of his declared hand (§10)."""
        facts["last_tile"] = e.how == "self_draw" and ps.drawn_at in self.haidi_draws
        facts["last_discard"] = False
        at = facts.get("claimed_at")
        if e.how == "rob_kong" and at is not None and any(x.type == "draw" for x in self.events[at + 1:i]):
            facts["late"] = True
        if e.wild and facts["concealed"] is not None:
            left = list(facts["concealed"])
            for n, (tile, _) in enumerate(e.wild):
                if left[kind_of(tile)] <= 0:
                    raise ReplayError(i, f"{code(tile)} is not a tile of {e.player}'s declared hand",
                                      f"wild[{n}].tile")
                left[kind_of(tile)] -= 1
        return super()._win_fact(i, e, ps, facts)


    def _kong_chain(self, ps: PlayerState) -> tuple[int, ...]:
        """A ``state`` whose drawn tile came from the back (a kong's replacement) starts the chain
        (杠上花 from a position, WH-HU-4.6)."""
        chain = super()._kong_chain(ps)
        if not chain and ps.drawn_at == 0 and ps.drawn_source == "back":
            return (0,)
        return chain


def replay(players: Sequence[str], dealer: str, events: Sequence[ev.Event], options,
           observers: Sequence[Observer] = (), continues: Optional[Continues] = None) -> WuhanTable:
    """Fold a Wuhan hand under ``options`` (``pi_kong``); ``continues`` judges each declaration."""
    table = WuhanTable(players=tuple(players), dealer=dealer, open_seat=dealer, rules=TABLE_RULES,
                       continues=continues, pi_single=options.pi_kong == "single",
                       chaotian=options.pi_kong == "chaotian")
    return table.replay(events, observers)  # type: ignore[return-value]


__all__ = ["HONG", "LAIZI_OF", "TABLE_RULES", "WuhanTable", "replay", "special"]
