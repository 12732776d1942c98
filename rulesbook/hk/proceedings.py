"""The moments of a Hong Kong hand: which family watches which event while the hand is replayed.

* 相公 from reports and admissions (``irregular.DeadHands``), before anything else;
* 包 created by claims (``rulesbook.family13.liability``, HK-BAO-1…4, 6), seeded by a ``state``'s
  ``liabilities`` or derived from its melds (§10.2);
* 過水 windows and bars (``rulesbook.family13.passes``, HK-GS-1, 2, 4);
* a ``call: win`` judged as it is made, ruled if its caller does not follow it with the win
  (``rulesbook.family13.calls``, HK-ZH-1);
* each win declaration judged the moment it is made (``wins.judge``): a false one under
  ``false_win: dead_hand`` and a barred one under ``pass_violation: void`` are folded void, and
  play goes on (HK-ZH-3, HK-GS-3); under ``dead_hand`` the declarer is 相公 from then.
"""
from __future__ import annotations

from typing import Optional

from referee import events as ev
from referee.observer import Observer
from referee.replay import WinFact
from referee.thirteen import ThirteenTable, ThirteenWin
from referee.tiles import N_KINDS, code, kind_of
from rulesbook.family13.calls import CalledWin, CalledWins
from rulesbook.family13.context import Win13
from rulesbook.family13.liability import Liabilities, Liability, derive
from rulesbook.family13.passes import Passes

from .bao import RANK, meld_rules
from .fan import count_win
from .irregular import DeadHands
from .options import HkRules
from .wins import Judged, judge


class Proceedings(Observer):
    def __init__(self, rules: HkRules, round_wind: int):
        o = rules.options
        self.rules = rules
        self.round_wind = round_wind
        self.dead = DeadHands()
        self.liabilities = Liabilities(meld_rules(o), o.concealed_kong_on_table)
        self.passes = Passes(o.pass_rule, self._can_win)
        self.judged: dict[int, Judged] = {}  # declaration event -> its judgement
        self.calls = CalledWins(self._call_reasons, self._call_confirmed)

    def observers(self) -> tuple[Observer, ...]:
        return (self.dead, self.calls, self, self.liabilities, self.passes)

    def _call_reasons(self, table, player: str, at: int, tile: Optional[int], how: str) -> list:
        """A ``call: win`` judged as it is made (HK-ZH-1): why it could not stand, [] if it could
        (or if his tiles are not known: then it is not ruled)."""
        out = []
        if self.dead.is_dead(player, at) is not None:
            out.append(("HK-ZH-1", f"{player} is 相公: he may not win", f"{player}相公，不得食糊"))
        ps = table.p[player]
        if tile is None or ps.unknown or kind_of(tile) >= N_KINDS:
            return out
        if how == "discard" and self.passes.barred(player, tile):
            out.append(("HK-GS-3", "a pass (過水) is in force", "過水未解"))
        counts = list(ps.counts[:N_KINDS])
        if how == "discard":
            counts[kind_of(tile)] += 1
        if not counts[kind_of(tile)]:  # a self-draw call on a tile no longer in his hand
            return out + [("HK-ZH-1", f"he holds no {code(tile)} to win with", f"手中並無{code(tile)}")]
        hand = Win13(concealed=tuple(counts), win_tile=kind_of(tile), how=how, melds=tuple(ps.melds),
                     flowers=tuple(ps.flowers), seat=table.seat(player), round_wind=self.round_wind)
        count = count_win(hand, self.rules)
        if not count.complete:
            out.append(("HK-ZH-1", f"his hand does not win on {code(tile)}", f"手牌不能食{code(tile)}"))
        elif not count.qualifies:
            out.append(("HK-FAN-35", f"{count.fan_min} 番 toward the minimum, below {self.rules.options.min_fan}",
                        f"計起糊番數{count.fan_min}番，不足起糊"))
        return out

    def _call_confirmed(self, call: CalledWin) -> None:
        if self.rules.options.false_win == "dead_hand":
            self.dead.make_dead(call.player, call.at)

    def hooks(self):
        return {}, {"state": self._from_state}, None, None

    def _from_state(self, i: int, e: ev.State, table) -> None:
        """The liabilities that stood before the position: given, or derived from its melds."""
        if e.liabilities is not None:
            self.liabilities.seed(Liability(li.clause, li.liable, li.covered, None, RANK[li.clause])
                                  for li in e.liabilities)
        else:
            self.liabilities.seed(derive(self.liabilities.rules,
                                         {p: list(ps.melds) for p, ps in table.p.items()},
                                         self.liabilities.concealed_kongs))
        for name, status in e.status.items():
            if status.get("dead_hand"):
                self.dead.make_dead(name, -1)

    def _can_win(self, table, player: str, tile: int, how: str, at: int) -> bool:
        """HK-GS-1: whether ``player`` would validly win on ``tile`` now (complete, a qualifying
        split, no 相公)."""
        if self.dead.is_dead(player, at + 1) is not None:
            return False
        robbing_concealed = how == "rob_kong" and at in table.concealed_kongs
        if robbing_concealed and not self.rules.options.rob_concealed_kong_13:
            return False
        ps = table.p[player]
        counts = list(ps.counts[:N_KINDS])
        k = kind_of(tile)
        counts[k] += 1
        hand = Win13(concealed=tuple(counts), win_tile=k, how=how, melds=tuple(ps.melds),
                     flowers=tuple(ps.flowers), seat=table.seat(player), round_wind=self.round_wind,
                     last_discard=how == "discard" and table.wall_left == 0)
        count = count_win(hand, self.rules)
        return count.qualifies and (not robbing_concealed or count.limit == "HK-FAN-29")

    def continues(self, table: ThirteenTable, i: int, w: WinFact) -> bool:
        """Judge the declaration at ``i`` now; whether play goes on after it."""
        assert isinstance(w, ThirteenWin)
        wrong_kong = any(a.kind == "wrong_kong" and a.player == w.player and a.at < i
                         and a.at not in table.undone for a in table.anomalies)
        barred = w.tile is not None and self.passes.barred(w.player, w.tile)
        j = judge(table, w, self.rules, self.round_wind, self.dead.is_dead(w.player, i), barred,
                  wrong_kong)
        if w.how in ("discard", "rob_kong") and not j.causes:
            j.pass_unknown = self.passes.unknown_pass(w.player)
        self.judged[i] = j
        o = self.rules.options
        if j.barred_only and o.pass_violation == "void":
            return True
        if j.false and o.false_win == "dead_hand":
            self.dead.make_dead(w.player, i)
            return True
        return False
