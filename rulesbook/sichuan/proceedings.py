"""The moments of a Sichuan hand: which watcher sees which event while the hand is replayed.

* dead hands from reports and admissions (``irregular.dead_hands``), first;
* a ``call: win`` judged as it is made (``rulesbook.family13.calls``): one that could not stand and
  is not followed by the win is a false win (SC-ZH-1);
* wrong claims and the void-suit faults as they happen (``irregular.WrongClaims``);
* each win declaration judged the moment it is made (``wins.judge``): a false one is folded void,
  its declarer's hand dead from then, and play goes on (SC-ZH-3); a barred one under
  ``pass_violation: void`` is void without more; under ``head_bump`` one winner per tile;
* 过胡 windows and bars (``passes``); 过碰 looked for at each pon (``irregular.WrongClaims``).
"""
from __future__ import annotations

from typing import Optional

from referee.observer import Observer
from referee.replay import WinFact
from referee.thirteen import ThirteenWin
from referee.tiles import N_KINDS, code, kind_of
from rulesbook.family13.calls import CalledWin, CalledWins
from rulesbook.family13.context import Win13
from rulesbook.family13.declarations import Judged

from .fan import count_win, sc_win
from .irregular import WrongClaims, dead_hands
from .options import ScRules
from .passes import WinPasses
from .table import ScTable
from .wins import CALL_TEXT, bump, judge, kong_before_discard


class ScProceedings(Observer):
    def __init__(self, rules: ScRules):
        o = rules.options
        self.rules = rules
        self.dead = dead_hands()
        self.passes = WinPasses(o.pass_rule, self._fan_of)
        self.claims = WrongClaims(self.dead, o.pass_pon_rule)
        self.calls = CalledWins(self._call_reasons, self._call_confirmed)
        self.judged: dict[int, Judged] = {}

    def observers(self) -> tuple[Observer, ...]:
        return (self.dead, self.calls, self.claims, self.passes)

    def _fan_of(self, table: ScTable, player: str, tile: int, how: str, at: int) -> Optional[int]:
        """The F of ``player``'s valid win on ``tile`` now (no dead hand, no void suit), else None."""
        if self.dead.is_dead(player, at + 1) is not None or how == "rob_kong" and at in table.concealed_kongs:
            return None
        count = self._count(table, player, tile, how, at)
        return count.fan_paid if count is not None and count.complete and count.qualifies else None

    def _count(self, table: ScTable, player: str, tile: int, how: str, at: Optional[int]):
        ps = table.p[player]
        counts = list(ps.counts[:N_KINDS])
        k = kind_of(tile)
        if how != "self_draw":
            counts[k] += 1
        if not counts[k]:
            return None
        hand = Win13(concealed=tuple(counts), win_tile=k, how=how, melds=tuple(ps.melds),
                     last_discard=how == "discard" and table.wall_left == 0,
                     earthly=self._earthly(table, player, how, at))
        kong_discard = how == "discard" and kong_before_discard(table, at) is not None
        return count_win(sc_win(hand, kong_discard, table.void_of(player)), self.rules)

    @staticmethod
    def _earthly(table: ScTable, player: str, how: str, at: Optional[int]) -> bool:
        """SC-FAN-16: a win on the dealer's first discard (event ``at``) by a player who has not
        discarded, before any claim or kong: the F a pass of it is kept at (SC-GS-2) counts 地胡
        as the win itself would (``rulesbook.family13.win_facts``)."""
        return how == "discard" and at is not None and table.from_deal and player != table.dealer \
            and player not in table.first_discard_at and table.first_discard_at.get(table.dealer) == at \
            and table._first_call(at) is None

    def _call_reasons(self, table: ScTable, player: str, at: int, tile: Optional[int], how: str) -> list:
        """A ``call: win`` judged as it is made: why it could not stand ([] if it could, or if his
        tiles are not known)."""
        def say(clause: str, key: str, **kw) -> tuple[str, str, str]:
            en, zh = CALL_TEXT[key]
            return clause, en.format(player=player, **kw), zh.format(player=player, **kw)

        out = []
        if self.dead.is_dead(player, at) is not None:
            out.append(say("SC-IRR-1", "dead"))
        ps = table.p[player]
        if tile is None or ps.unknown or kind_of(tile) >= N_KINDS:
            return out
        on = table.last_discard[2] if how == "discard" and table.last_discard else None
        count = self._count(table, player, tile, how, on)
        if count is None:
            return out + [say("SC-ZH-1", "no_tile", tile=code(tile))]
        if not count.complete:
            return out + [say("SC-ZH-1", "shape", tile=code(tile))]
        if not count.qualifies:
            out.append(say("SC-QM-2", "void"))
        elif how == "discard" and self.passes.barred(player, tile, count.fan_paid):
            out.append(say("SC-GS-3", "barred"))
        return out

    def _call_confirmed(self, call: CalledWin) -> None:
        self.dead.make_dead(call.player, call.at)  # SC-ZH-3

    def continues(self, table: ScTable, i: int, w: WinFact) -> bool:
        """Judge the declaration at ``i`` now; whether it is folded void (play goes on without it)."""
        assert isinstance(w, ThirteenWin)
        o = self.rules.options
        wrong_kong = any(a.kind == "wrong_kong" and a.player == w.player and a.at < i
                         and a.at not in table.undone for a in table.anomalies)
        j = judge(table, w, self.rules, self.dead.is_dead(w.player, i), self.passes, wrong_kong)
        if w.how in ("discard", "rob_kong") and not j.causes:
            j.pass_unknown = self.passes.unknown_pass(w.player)
        self.judged[i] = j
        if j.false:
            if not (j.barred_only and o.pass_violation == "void"):
                self.dead.make_dead(w.player, i)  # SC-ZH-3
            return True
        return o.multiple_winners == "head_bump" and j.wins and bump(table, self.judged, j)
