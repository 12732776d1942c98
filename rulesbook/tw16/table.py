"""The tw16 table: what the replay folds for Taiwan 16-tile mahjong beyond what every variant has.

* the numbers (TW-FLOW-1, §0): 16 tiles, 144 in the set, 16 never drawn, flowers, the dealer's
  門牌 dealt with his hand (and the forgotten 門牌 he draws later, TW-FLOW-3);
* flowers (TW-FLOW-2): laid out and replaced from the back; a flower's replacement keeps the mark
  of the kong replacement it replaces (TW-XP-2/3); 搶花 (TW-FL-3) and the flower wins (TW-FL-1/2);
* 天聽 / 地聽 (TW-TAI-31/32): declared in time or not, lost when the hand changes, and the first
  go-round's wins 天和 / 地和 / 人和 (TW-TAI-33…35);
* declining the 海底 tile (TW-FLOW-7).

``replay`` folds a tw16 hand; ``Tw16Table`` is the variant's board (``referee.replay.Table``'s hooks).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Optional, Sequence

from referee import events as ev
from referee.errors import ReplayError
from referee.replay import Observer, PlayerState, Table, TableRules, WinFact
from referee.replay import replay as replay_table
from referee.tiles import FIRST_FLOWER, N_TILES, UNKNOWN

#: the tw16 table (option dead_wall: fixed16); plus_one_per_kong sets ``kong_costs_wall``
TW16 = TableRules(hand_size=16, wall_tiles=144, dead_wall=16, flowers=True, dealer_extra_dealt=True)


class Tw16Player(PlayerState):
    """A tw16 player: also his 天聽 / 地聽 declaration (TW-TAI-31/32)."""

    __slots__ = ("ting", "ting_broken", "ting_at")

    def __init__(self, name: str):
        super().__init__(name)
        self.ting: Optional[str] = None  # tian_ting | di_ting
        self.ting_broken = False
        self.ting_at: Optional[int] = None


@dataclass(frozen=True)
class Tw16Win(WinFact):
    """A tw16 win declaration: the first go-round's facts and the flower wins'."""

    tian_hu: bool = False
    di_hu: bool = False
    ren_hu: bool = False
    di_hu_round: bool = False  # 地胡 by the first go-round (TW-TAI-34.common)
    ren_hu_round: bool = False  # 人胡 by the first go-round (TW-TAI-35.common)
    tian_ting: bool = False
    di_ting: bool = False
    before_replacement: bool = False  # a flower win declared before the replacement (TW-FL-1)
    out_of_turn: bool = False  # a flower win declared before his first draw in turn (TW-FL-2)
    robbed: Optional[int] = None  # 七搶一 (b): the flower robbed from a holder of one, the 8th drawn by himself (TW-FL-3)


@dataclass
class Tw16Table(Table):
    robbed_flowers: dict[str, int] = field(default_factory=dict)  # 七搶一 (b), TW-FL-3
    declined_last: bool = False  # 棄摸 (TW-FLOW-7)
    men_pai_owed: bool = False  # the dealer forgot his 門牌 and has not taken it (TW-FLOW-3)
    men_pai_flower: Optional[int] = None  # the forgotten 門牌, a flower taken after the others' pass
    late_flower_at: Optional[int] = None  # ... laid out here: no replacement, 相公 (TW-FLOW-3)
    player_class = Tw16Player
    count_note = " (record a wrong count with a report citing TW-XG-1)"
    di_ting_no_prior_claims = False  # option di_ting: no_prior_claims (TW-TAI-32.common)

    def _handlers(self):
        return {**super()._handlers(), "deal": self._on_deal_tw16, "draw": self._on_draw_tw16,
                "flower": self._on_flower, "declare": self._on_declare,
                "rob_flower": self._on_rob_flower, "decline_last": self._on_decline_last}

    def _on_deal_tw16(self, i: int, e: ev.Deal) -> None:
        self._on_deal(i, e)
        self.men_pai_owed = self.p[self.dealer].concealed_count == self.rules.hand_size

    def _on_draw_tw16(self, i: int, e: ev.Draw) -> None:
        """TW-FLOW-3: the dealer's first wall draw, when he forgot it, is his 門牌; a flower taken
        after the others replaced theirs may not be replaced."""
        men_pai = self.men_pai_owed and e.player == self.dealer and e.source == "wall"
        if men_pai:
            self.men_pai_owed = False
            late = any(isinstance(x, (ev.Flower, ev.Draw)) and x.player != self.dealer
                       for x in self.events[:i])
            if late and self.rules.flowers and e.tile >= FIRST_FLOWER:
                self.men_pai_flower = e.tile
        self._on_draw(i, e)
    # the deal: the 門牌 (TW-FLOW-1/3) --------------------------------------------------------
    def _may_miss_extra_tile(self) -> bool:
        return True  # he forgot the 門牌: his later draw is the 門牌 (TW-FLOW-3)

    def _extra_tile_note(self) -> str:
        return " (or 16 if he forgot the 門牌)"

    def _standing_status(self, i: int, ps: PlayerState) -> None:
        for ting in ("tian_ting", "di_ting"):
            if ps.status.get(ting):
                ps.ting, ps.ting_at = ting, i  # type: ignore[attr-defined]

    # flowers (TW-FLOW-2, TW-FL) ----------------------------------------------------------------
    def _on_flower(self, i: int, e: ev.Flower) -> None:
        self._ensure_in_play(i)
        ps = self.p[e.player]
        self._take(i, ps, e.tile)
        ps.flowers.append(e.tile)
        if e.player == self.dealer and e.tile == self.men_pai_flower:
            self.men_pai_flower, self.late_flower_at = None, i  # not replaced: he plays one short
            return
        self.pending_back[e.player] += 1

    def _mark_replacement(self, i: int, ps: PlayerState) -> None:
        # TW-XP-2/3: a 碰杠's replacement, or the replacement of a flower drawn as that
        # replacement, keeps the mark (a flower's replacement leaves it as it was); any other
        # replacement takes its kong's kind.
        if not (ps.flowers and self._last_move_was_flower(i, ps.name)):
            super()._mark_replacement(i, ps)

    def _last_move_was_flower(self, i: int, player: str) -> bool:
        for j in range(i - 1, -1, -1):
            e = self.events[j]
            if getattr(e, "player", None) != player:
                continue
            if isinstance(e, ev.Flower):
                return True
            if isinstance(e, (ev.Kong, ev.Draw, ev.Discard, ev.Chi, ev.Pon)):
                return False
        return False

    def _on_rob_flower(self, i: int, e: ev.RobFlower) -> None:
        self._ensure_in_play(i)
        victim = self.p[e.source]
        robber = self.p[e.player]
        if not victim.flowers and not any(victim.counts[FIRST_FLOWER:]):
            raise ReplayError(i, f"{e.source} has no flower to rob", "from")
        own_eighth = self.pending_back[e.player] > 0 and self.pending_back[e.source] == 0
        if victim.flowers:
            stolen = victim.flowers.pop()
            if own_eighth:  # TW-FL-3 (b): he drew the 8th himself and robs the holder of one
                self.robbed_flowers[e.player] = stolen
            if self.pending_back[e.source] > 0:
                self.pending_back[e.source] -= 1  # he robs it before it is replaced
        else:
            stolen = next(t for t in range(FIRST_FLOWER, N_TILES) if victim.counts[t])
            victim.counts[stolen] -= 1
        robber.flowers.append(stolen)
        if robber.concealed_count < self.rules.hand_size + 1 - 3 * len(robber.melds):
            self.pending_back[e.player] += 1

    def _special_win(self, i: int, e: ev.Win, ps: PlayerState) -> tuple[Optional[int], bool]:
        """Flower wins (八仙過海, 七搶一): the concealed hand after the replacement, or after the
        wall draw on which he robs a hidden 8th (TW-FL-3 a) or wins his dealt flowers (TW-FL-2).
        Only a 杠尾 replacement is a kong tile (TW-TAI-24)."""
        if ps.drawn_source not in ("back", "wall") or ps.drawn is None:
            return None, False
        if ps.drawn != UNKNOWN and (ps.drawn >= FIRST_FLOWER or not ps.counts[ps.drawn]):
            return None, False  # a flower not yet replaced, or a tile no longer in his hand
        return ps.drawn, ps.drawn_source == "back"

    def _win_fact(self, i: int, e: ev.Win, ps: PlayerState, facts: dict) -> WinFact:
        win = Tw16Win(**facts, **self._first_round_flags(i, e, ps),  # type: ignore[arg-type]
                      robbed=self.robbed_flowers.get(e.player) if e.how == "rob_flower" else None)
        if e.how == "flower" and self.pending_back[e.player] > 0:
            # TW-FL-1: declared before the replacement: void, play goes on (EVENT_LOG.md)
            return replace(win, before_replacement=True, void=True)
        if e.how == "flower" and (self.turn != e.player or self.phase != "discard"):
            # TW-FL-2: dealt flowers are won on at his first draw in turn (a hand of 17): void
            return replace(win, out_of_turn=True, void=True)
        return win

    # 天聽 / 地聽 and the first go-round (TW-TAI-31…35) -------------------------------------------
    def _discarding(self, i: int, ps: PlayerState, e: ev.Discard) -> None:
        # (ps is a Tw16Player, this table's player_class: no isinstance check on every discard)
        if ps.ting and not ps.ting_broken and ps.ting_at is not None and ps.ting_at < i:  # type: ignore[attr-defined]
            # 天聽/地聽 is lost if he changes the hand: discards other than the tile just drawn
            if ps.drawn != e.tile or ps.merged:
                ps.ting_broken = True  # type: ignore[attr-defined]

    def _wins_on_deal(self, player: str) -> bool:
        """天和 (TW-TAI-33): the dealer wins on his dealt hand, after the flowers, before his first
        discard; a concealed kong first brings in a replacement, and that hand is no dealt hand."""
        return (self.from_deal and player == self.dealer and not self.play_started
                and not self.p[player].melds)

    def _first_round_flags(self, i: int, e: ev.Win, ps: PlayerState) -> dict[str, bool]:
        """天和 / 地和 / 人和 and a standing 天聽 / 地聽 (TW-TAI-31…35); only from a deal."""
        assert isinstance(ps, Tw16Player)
        flags = {"tian_hu": False, "di_hu": False, "ren_hu": False,
                 "tian_ting": False, "di_ting": False, "di_hu_round": False, "ren_hu_round": False}
        ting_ok = ps.ting is not None and not ps.ting_broken and not (ps.merged and e.how == "self_draw")
        if ting_ok:
            flags[ps.ting] = True  # type: ignore[index]
        if not self.from_deal:
            return flags
        if e.how == "self_draw" and self._wins_on_deal(e.player):
            flags["tian_hu"] = True
            return flags
        flags.update(self._first_go_round_wins(i, e, ps))
        if not ting_ok:
            return flags
        if ps.ting == "tian_ting":
            if e.how == "self_draw" and ps.n_wall_draws == 1 and ps.n_discards == 0:
                flags["di_hu"] = True
            elif e.how == "discard" and self.last_discard is not None:
                who, _, at = self.last_discard
                if self.first_discard_at.get(who) == at:
                    flags["di_hu"] = True
        elif ps.ting == "di_ting" and ps.ting_at is not None:
            # his next draw, with the replacements of the flowers it brought (TW-FLOW-2)
            first = self._first_wall_draw_after(ps.name, ps.ting_at)
            this = self._turn_draw(ps.name, ps.drawn_at)
            if e.how == "self_draw" and first is not None and this == first:
                flags["ren_hu"] = True
            elif e.how == "discard" and self.last_discard is not None:
                who, _, at = self.last_discard
                if self._first_discard_after(who, ps.ting_at) == at:
                    flags["ren_hu"] = True
        return flags

    def _first_go_round_wins(self, i: int, e: ev.Win, ps: PlayerState) -> dict[str, bool]:
        """地胡 / 人胡 by the first go-round, no declaration needed (TW-TAI-34.common/35.common;
        the option first_turn_wins decides which reading counts): no 吃, 碰 or 明杠 before the
        winning tile; 地胡 a non-dealer's self-draw in his first turn (his first wall draw, or a
        replacement taken in that turn), 人胡 a win on a discard made before the dealer's second."""
        if e.how == "self_draw":
            first_turn = e.player != self.dealer and ps.n_wall_draws == 1 and ps.n_discards == 0
            return {"di_hu_round": first_turn and not self._claims_before(i)}
        if e.how == "discard" and self.last_discard is not None:
            at = self.last_discard[2]
            dealer_discards = sum(1 for x in self.events[:at + 1]
                                  if isinstance(x, ev.Discard) and x.player == self.dealer)
            return {"ren_hu_round": dealer_discards <= 1 and not self._claims_before(at)}
        return {}

    def _claims_before(self, i: int) -> bool:
        """Whether a 吃, 碰 or 明杠 (碰杠 or 加杠) was made before event ``i`` and not undone by a
        ``correct`` before it (TW-TAI-32.common, TW-TAI-34.common, TW-TAI-35.common)."""
        undone = {x.about for x in self.events[:i] if isinstance(x, ev.Correct) and x.action == "restore"}
        return any(j not in undone and (isinstance(x, (ev.Chi, ev.Pon))
                                        or isinstance(x, ev.Kong) and x.kind != "concealed")
                   for j, x in enumerate(self.events[:i]))

    def _first_wall_draw_after(self, player: str, at: int) -> Optional[int]:
        for j in range(at + 1, len(self.events)):
            e = self.events[j]
            if isinstance(e, ev.Draw) and e.player == player and e.source == "wall":
                return j
        return None

    def _turn_draw(self, player: str, drawn_at: Optional[int]) -> Optional[int]:
        """The wall draw that the tile he drew at ``drawn_at`` belongs to: that draw itself, or the
        wall draw whose flowers it replaces (TW-FLOW-2: a flower is replaced at once, so its
        replacement completes the same draw); None for a kong's replacement."""
        for j in range(drawn_at if drawn_at is not None else -1, -1, -1):
            e = self.events[j]
            if getattr(e, "player", None) != player:
                continue
            if isinstance(e, ev.Draw) and e.source == "wall":
                return j
            if not isinstance(e, (ev.Draw, ev.Flower)):
                return None
        return None

    def _first_discard_after(self, player: str, at: int) -> Optional[int]:
        for j in range(at + 1, len(self.events)):
            e = self.events[j]
            if isinstance(e, ev.Discard) and e.player == player:
                return j
        return None

    def _on_declare(self, i: int, e: ev.Declare) -> None:
        ps = self.p[e.player]
        if e.what == "watch":
            ps.status["watching"] = True
            return
        assert isinstance(ps, Tw16Player)
        ps.ting = e.what
        ps.ting_at = i
        ps.ting_broken = not self._declaration_in_time(i, e)

    def _declaration_in_time(self, i: int, e: ev.Declare) -> bool:
        """天聽: a non-dealer, after the deal's flower passes, before the dealer's first discard.
        地聽: right after the player's own first discard (the dealer's first discard counts)."""
        if not self.from_deal:
            return False
        ps = self.p[e.player]
        if e.what == "tian_ting":
            return e.player != self.dealer and not self.play_started and not ps.melds
        prev = self.events[i - 1] if i else None
        if self.di_ting_no_prior_claims and self._claims_before(i):
            return False  # TW-TAI-32.common: a claim came before it; no 地聽, and no irregularity
        return (ps.n_discards == 1 and not ps.melds and isinstance(prev, ev.Discard)
                and prev.player == e.player)

    # the 海底 tile (TW-FLOW-7) ---------------------------------------------------------------
    def _on_decline_last(self, i: int, e: ev.DeclineLast) -> None:
        self._ensure_in_play(i)
        if self.wall_left not in (None, 1):
            raise ReplayError(i, f"only the 海底 tile may be declined; {self.wall_left} tiles are left")
        self.declined_last = True

    def _may_end_early(self) -> bool:
        return self.declined_last


class Tw16TableNoPriorClaims(Tw16Table):
    """The tw16 table under ``di_ting: no_prior_claims``: a 地聽 declared after a claim is none."""

    di_ting_no_prior_claims = True


def replay(players: Sequence[str], dealer: str, open_seat: Optional[str], events: Sequence[ev.Event],
           rules: TableRules = TW16, observers: Sequence[Observer] = (),
           di_ting_no_prior_claims: bool = False) -> Tw16Table:
    """Fold a tw16 hand's events (``referee.replay.replay`` on the tw16 table)."""
    cls = Tw16TableNoPriorClaims if di_ting_no_prior_claims else Tw16Table
    return replay_table(players, dealer, open_seat, events, rules, observers, cls)  # type: ignore[return-value]
