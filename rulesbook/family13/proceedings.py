"""The moments of a 13-tile hand: which family watches which event while the hand is replayed
(RULEBOOK_HK and RULEBOOK_GD alike; the variant's pieces come in a ``Plan``).

* 相公 from reports and admissions (``dead_hands.DeadHands``), before anything else;
* 包 created by claims (``liability``), seeded by a ``state``'s ``liabilities`` or derived from its
  melds (HK §10.2, GD §10);
* 过水 windows and bars (``passes``);
* a ``call: win`` judged as it is made, ruled if its caller does not follow it with the win
  (``calls``);
* each win declaration judged the moment it is made (the plan's ``judge``): a false one under
  ``false_win: dead_hand`` and a barred one under ``pass_violation: void`` are folded void, and
  play goes on; under ``dead_hand`` the declarer is 相公 from then.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Optional

from referee import events as ev
from referee.observer import Observer
from referee.replay import WinFact
from referee.thirteen import ThirteenTable, ThirteenWin
from referee.tiles import N_KINDS, code, kind_of

from .calls import CalledWin, CalledWins
from .context import Win13
from .dead_hands import DeadHands, IrrWords
from .declarations import Judged, Words
from .liability import Liabilities, Liability, MeldRule, derive
from .passes import Passes


@dataclass(frozen=True)
class Plan:
    """A variant's pieces: its count (``count(win, rules)``: ``complete``, ``qualifies``,
    ``fan_min``, ``limit``), its judge (``judge(table, w, rules, round_wind, dead_since, barred,
    wrong_kong)``), its words (the judge's, with ``call_*`` for a ``call: win``) and IRR words, its
    claim liabilities (``meld_rules(options)``, ``rank`` by clause), whether a concealed kong may
    be robbed for a count (``robbable_concealed(rules, count)``), and the flags a hypothetical win
    reads (``flowers``: the flowers laid out count)."""

    count: Callable
    judge: Callable
    words: Words
    irr: IrrWords
    meld_rules: Callable[[object], list[MeldRule]]
    rank: Mapping[str, int]
    robbable_concealed: Callable[[object, object], bool]
    #: the variant's own condition on a hypothetical win that qualifies (Shanghai's SH-QIAO-4 and
    #: SH-BD-4): ``may_win(rules, table, player, how, count)``
    may_win: Callable[..., bool] = lambda rules, table, player, how, count: True
    orphans: bool = True  # 十三幺 is a hand of the variant: the pass finder looks at its waits


class Proceedings(Observer):
    def __init__(self, rules, round_wind: int, plan: Plan):
        o = rules.options
        self.rules = rules
        self.plan = plan
        self.round_wind = round_wind
        self.dead = DeadHands(plan.irr)
        self.liabilities = Liabilities(plan.meld_rules(o), o.concealed_kong_on_table)
        self.passes = Passes(o.pass_rule, self._can_win, plan.orphans)
        self.judged: dict[int, Judged] = {}  # declaration event -> its judgement
        self.missing: list[dict] = []  # facts a variant's settlement needs and the log lacks
        self.calls = CalledWins(self._call_reasons, self._call_confirmed)

    def observers(self) -> tuple[Observer, ...]:
        return (self.dead, self.calls, self, self.liabilities, self.passes)

    def _say(self, key: str, clause: str, **kw) -> tuple[str, str, str]:
        en, zh = self.plan.words.text[key]
        return (self.plan.words.clause[clause], en.format(**kw), zh.format(**kw))

    def _call_reasons(self, table, player: str, at: int, tile: Optional[int], how: str) -> list:
        """A ``call: win`` judged as it is made: why it could not stand, [] if it could (or if his
        tiles are not known: then it is not ruled)."""
        out = []
        if self.dead.is_dead(player, at) is not None:
            out.append(self._say("call_dead", "dead", player=player))
        ps = table.p[player]
        if tile is None or ps.unknown or kind_of(tile) >= N_KINDS:
            return out
        if how == "discard" and self.passes.barred(player, tile):
            out.append(self._say("call_barred", "barred"))
        counts = list(ps.counts[:N_KINDS])
        if how == "discard":
            counts[kind_of(tile)] += 1
        if not counts[kind_of(tile)]:  # a self-draw call on a tile no longer in his hand
            return out + [self._say("call_no_tile", "not_drawn", tile=code(tile))]
        hand = Win13(concealed=tuple(counts), win_tile=kind_of(tile), how=how, melds=tuple(ps.melds),
                     flowers=tuple(ps.flowers), seat=table.seat(player), round_wind=self.round_wind,
                     indicator=table.indicator, wild=table.wild)
        count = self.plan.count(hand, self.rules)
        if not count.complete:
            out.append(self._say("call_shape", "shape", tile=code(tile)))
        elif not count.qualifies:
            out.append(self._say("call_minimum", "minimum", fan_min=count.fan_min,
                                 min_fan=self.rules.options.min_fan))
        return out

    def _call_confirmed(self, call: CalledWin) -> None:
        if self.rules.options.false_win == "dead_hand":
            self.dead.make_dead(call.player, call.at)

    def hooks(self):
        return {}, {"state": self._from_state}, None, None

    def _from_state(self, i: int, e: ev.State, table) -> None:
        """The liabilities that stood before the position: given, or derived from its melds."""
        if e.liabilities is not None:
            self.liabilities.seed(Liability(li.clause, li.liable, li.covered, None, self.plan.rank[li.clause])
                                  for li in e.liabilities)
        else:
            self.liabilities.seed(derive(self.liabilities.rules,
                                         {p: list(ps.melds) for p, ps in table.p.items()},
                                         self.liabilities.concealed_kongs))
        for name, status in e.status.items():
            if status.get("dead_hand"):
                self.dead.make_dead(name, -1)

    def _can_win(self, table, player: str, tile: int, how: str, at: int) -> bool:
        """Whether ``player`` would validly win on ``tile`` now (complete, a qualifying split, no
        相公; a concealed kong robbed only as the variant allows)."""
        if self.dead.is_dead(player, at + 1) is not None:
            return False
        robbing_concealed = how == "rob_kong" and at in table.concealed_kongs
        ps = table.p[player]
        counts = list(ps.counts[:N_KINDS])
        k = kind_of(tile)
        counts[k] += 1
        hand = Win13(concealed=tuple(counts), win_tile=k, how=how, melds=tuple(ps.melds),
                     flowers=tuple(ps.flowers), seat=table.seat(player), round_wind=self.round_wind,
                     last_discard=how == "discard" and table.wall_left == 0, indicator=table.indicator,
                     wild=table.wild)
        count = self.plan.count(hand, self.rules)
        return count.qualifies and (not robbing_concealed or self.plan.robbable_concealed(self.rules, count)) \
            and self.plan.may_win(self.rules, table, player, how, count)

    def continues(self, table: ThirteenTable, i: int, w: WinFact) -> bool:
        """Judge the declaration at ``i`` now; whether play goes on after it."""
        assert isinstance(w, ThirteenWin)
        wrong_kong = any(a.kind == "wrong_kong" and a.player == w.player and a.at < i
                         and a.at not in table.undone for a in table.anomalies)
        barred = w.tile is not None and self.passes.barred(w.player, w.tile)
        j = self.plan.judge(table, w, self.rules, self.round_wind, self.dead.is_dead(w.player, i), barred,
                            wrong_kong)
        if w.how in ("discard", "rob_kong") and not j.causes:
            j.pass_unknown = self.passes.unknown_pass(w.player, w.tile)
        self.judged[i] = j
        o = self.rules.options
        if j.barred_only and o.pass_violation == "void":
            return True
        if j.false and o.false_win == "dead_hand":
            self.dead.make_dead(w.player, i)
            return True
        return False
