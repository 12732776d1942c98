"""刮风下雨 kong money (SC-GF): paid when the replacement is drawn, among players in play, flat (never
multiplied or capped): 直杠 the feeder ``claimed`` × B (and ``claimed_kong_others`` × B from each
other player in play), 面下杠 ``added`` × B from each other player in play (under ``on_draw`` only
with a tile drawn in that same turn), 暗杠 ``concealed`` × B from each. Kong money still held can move later:
handed to the winner of a 杠上炮 (呼叫转移, SC-GF-6), given back by a player not ready at the
exhaustive draw (退税, SC-GF-7), reversed when the kong is ruled wrong (SC-GF-8, ``SC-IRR-2``). A
``state``'s ``kong_income`` is money held from before the position (outside this ruling's money,
but it moves as any other).
"""
from __future__ import annotations

from typing import Sequence

from referee import events as ev
from referee.ledger import Ledger, Payment

from .options import ScRules

KIND_RULE = {"claimed": "SC-GF-1", "added": "SC-GF-2", "concealed": "SC-GF-3"}


class KongMoney:
    def __init__(self, ledger: Ledger, rules: ScRules, table):
        self.ledger = ledger
        self.rules = rules
        self.table = table
        self.held: list[Payment] = []  # kong payments still held by their payee
        self.by_kong: dict[int, list[Payment]] = {}

    def seed(self, income: Sequence[ev.KongIncomeSpec]) -> None:
        """Kong money held from before the position (``state.kong_income``)."""
        for k in income:
            self.held.append(Payment(k.source, k.to, k.amount, KIND_RULE[k.kind], cause=None))

    def pay(self, kong_at: int, draw_at: int) -> None:
        """The kong at ``kong_at`` earns its money: its replacement was drawn at ``draw_at``."""
        t, o = self.table, self.rules.options
        e: ev.Kong = t.events[kong_at]
        base = self.rules.base
        others = [p for p in t.players if p != e.player and t.in_play(p, draw_at)]
        owed: list[tuple[str, int]] = []
        if e.kind == "claimed":
            feeder = getattr(t.events[t.claimed_from[kong_at]], "player", None) if kong_at in t.claimed_from else None
            if feeder is not None:
                owed.append((feeder, o.kong_pay["claimed"] * base))
            owed += [(p, o.claimed_kong_others * base) for p in others if p != feeder]
        elif e.kind == "added":
            if o.added_kong_pays == "always" or t.added_on_draw.get(kong_at):
                owed += [(p, o.kong_pay["added"] * base) for p in others]
        else:
            owed += [(p, o.kong_pay["concealed"] * base) for p in others]
        paid = [self.ledger.pay_points(p, e.player, amount, KIND_RULE[e.kind], cause=kong_at)
                for p, amount in owed if amount]
        self.by_kong[kong_at] = paid
        self.held.extend(paid)

    def _drop(self, payments: Sequence[Payment]) -> list[Payment]:
        out = [p for p in payments if any(p is h for h in self.held)]
        self.held = [h for h in self.held if not any(h is p for p in out)]
        return out

    def reverse(self, kong_at: int, at: int) -> None:
        """SC-GF-8: a kong ruled wrong earns nothing: its money back to each payer."""
        for p in self._drop(self.by_kong.get(kong_at, ())):
            self.ledger.give_back(p, "SC-IRR-2", cause=at)

    def transfer(self, kong_player: str, kong_at: int, winners: Sequence[tuple[str, int]], mode: str) -> int:
        """SC-GF-6 呼叫转移: the money of the kong at ``kong_at`` (``this_kong``) or all his kong
        money still held (``all_kongs``) handed to ``winners`` ((player, win event), nearest the
        discarder first), split equally, a remainder to the first. Returns the amount handed on."""
        if mode == "off":
            return 0
        chosen = self.by_kong.get(kong_at, ()) if mode == "this_kong" else \
            [h for h in self.held if h.payee == kong_player]
        moved = self._drop(chosen)
        total = sum(p.amount for p in moved)
        if total:
            each, rest = divmod(total, len(winners))
            for k, (winner, at) in enumerate(winners):
                amount = each + (rest if k == 0 else 0)
                if amount:
                    self.ledger.pay_points(kong_player, winner, amount, "SC-GF-6", cause=at)
        return total

    def refund(self, player: str, at: int) -> int:
        """SC-GF-7 退税: all kong money ``player`` holds back to each payer. Returns the amount."""
        moved = self._drop([h for h in self.held if h.payee == player])
        for p in moved:
            self.ledger.give_back(p, "SC-GF-7", cause=at)
        return sum(p.amount for p in moved)
