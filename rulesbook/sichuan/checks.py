"""The checks at the exhaustive draw (SC-CH): for each player in play, whether he is a 花猪 (his
tiles hold his void suit; under ``implicit`` all three suits) and whether he is ready (no 花猪, no
dead hand, a tile not of his void suit completes a winning hand; his best call F, SC-CH-0). Then,
in this order (SC-CH-4), each payment at the ``exhaustive_draw`` event: 查花猪 (SC-CH-1), 查大叫
(SC-CH-2), 退税 (SC-GF-7). Players who have left play take no part (a pig pays them too under
``checks_include_winners``). A player whose concealed tiles are hidden makes the checks ``missing``
and their money is left out.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from referee.ledger import Ledger
from rulesbook.family13.context import Win13
from rulesbook.findings import Finding

from .fan import best_call, breaks_void
from .kongs import KongMoney
from .options import ScRules
from .table import ScTable, held_kinds


@dataclass(frozen=True)
class Check:
    player: str
    pig: bool
    ready: bool
    best_fan: Optional[int] = None

    def as_json(self) -> dict:
        out = {"player": self.player, "pig": self.pig, "ready": self.ready}
        if self.ready:
            out["best_fan"] = self.best_fan
        return out


def check_players(table: ScTable, rules: ScRules, at: int, dead: Callable[[str, int], object]
                  ) -> tuple[list[Check], list[str]]:
    """SC-CH-0 for each player in play at the draw (event ``at``); the players whose tiles are hidden."""
    out, hidden = [], []
    for p in table.players:
        if not table.in_play(p):
            continue
        held = held_kinds(table, p)
        if held is None:
            hidden.append(p)
            continue
        void = table.void_of(p)
        pig = breaks_void(held, void)
        fan = None
        if not pig and dead(p, at + 1) is None:
            ps = table.p[p]
            hand = Win13(concealed=tuple(ps.counts[:34]), win_tile=None, how="discard", melds=tuple(ps.melds))
            fan = best_call(hand, void, rules)
        out.append(Check(p, pig, fan is not None, fan))
    return out, hidden


def settle_checks(ledger: Ledger, kongs: KongMoney, rules: ScRules, table: ScTable, checks: list[Check],
                  at: int) -> list[Finding]:
    """SC-CH-1, SC-CH-2, SC-GF-7 in order; the findings against those who pay or refund."""
    o = rules.options
    findings = []
    pigs = [c.player for c in checks if c.pig]
    clean = [c.player for c in checks if not c.pig]
    winners = list(table.left) if o.checks_include_winners else []
    pig_amount = rules.fixed_or_cap(o.pig_pay)
    for pig in pigs:
        paid = [q for q in clean + winners if q != pig]
        for q in paid:
            ledger.pay_points(pig, q, pig_amount, "SC-CH-1", cause=at)
        findings.append(Finding(
            "SC-CH-1", pig, at, "ruled",
            f"{pig} is a 花猪 (he still holds his void suit): he pays {pig_amount} to each player in play "
            f"who is no 花猪 ({', '.join(paid) or 'nobody'}).",
            f"{pig}为花猪（仍持有缺门的牌）：赔给每位非花猪的在场玩家各{pig_amount}（{'、'.join(paid) or '无'}）。"))
    ready = [c for c in checks if c.ready]
    if o.big_call and ready:
        for c in checks:
            if c.pig or c.ready:
                continue
            for r in ready:
                ledger.pay_points(c.player, r.player, rules.value(r.best_fan or 0), "SC-CH-2", cause=at)
            owed = ", ".join(f"{r.player} {rules.value(r.best_fan or 0)}" for r in ready)
            findings.append(Finding(
                "SC-CH-2", c.player, at, "ruled",
                f"{c.player} is not ready (没下叫): he pays each ready player his best call ({owed}).",
                f"{c.player}没下叫（查大叫）：赔给每位下叫玩家其最大可能番（{owed}）。"))
    if o.kong_refund:
        for c in checks:
            if c.ready:
                continue
            amount = kongs.refund(c.player, at)
            if amount:
                findings.append(Finding(
                    "SC-GF-7", c.player, at, "ruled",
                    f"{c.player} is not ready at the draw: he gives back the kong money he holds ({amount}) "
                    "to its payers (退税).",
                    f"{c.player}流局时未下叫：退还所得刮风下雨共{amount}（退税）。"))
    return findings
