"""The Guangdong adjudication: one referee's checklist per hand (RULEBOOK_GD.md), on the family's
``rulesbook.family13.hand`` and ``proceedings`` with Guangdong's pieces.

``adjudicate(document)`` returns the ruling JSON of EVENT_LOG.md with RULEBOOK_GD §10's additions
(``winners[].floor``; ``fan`` the count, ``fan_paid`` F, ``portion`` S).
"""
from __future__ import annotations

from referee.tiles import code
from rulesbook.family13 import hand
from rulesbook.family13.declarations import Words
from rulesbook.family13.hand import Carry, HandPlan
from rulesbook.family13.proceedings import Plan, Proceedings
from rulesbook.findings import Finding

from . import bao
from .fan import count_win
from .irregular import GD_IRR
from .options import RULEBOOK_VERSION, GdRules
from .settle import floored_for_several, pay_false_win, pay_win
from .table import TABLE_RULES
from .wins import CLAUSES, TEXT, judge
from rulesbook.family13.judged import replay_judged

__all__ = ["Carry", "adjudicate", "rules_of"]

PROCEEDINGS = Plan(count=count_win, judge=judge, words=Words(CLAUSES, TEXT), irr=GD_IRR,
                   meld_rules=bao.meld_rules, rank=bao.RANK, robbable_concealed=lambda rules, count: False)


def _proceedings(rules: GdRules, round_wind: int) -> Proceedings:
    return Proceedings(rules, round_wind, PROCEEDINGS)


def _replay(players, dealer, events, options, observers, continues):
    return replay_judged(players, dealer, events, TABLE_RULES, observers, continues)


def _settle(ledger, rules: GdRules, players, table, proc, valid, findings) -> list[dict]:
    """Each valid win's money (GD-PAY, GD-BAO): the wins on one tile floored together
    (GD-FAN-30.2); 杠上开花包 (GD-BAO-4) and 抢杠包 (GD-BAO-5) listed at their win."""
    o = rules.options
    groups: dict = {}
    for j in valid:
        groups.setdefault(j.w.claimed_at if j.w.how == "discard" else ("own", j.w.at), []).append(j)
    counts = {}
    for group in groups.values():
        for j, c in zip(group, floored_for_several([j.count for j in group], rules)
                        if len(group) > 1 else [group[0].count]):
            counts[j.w.at] = c
    several_rob: dict = {}
    for j in valid:
        if j.w.how == "rob_kong":
            several_rob[j.w.claimed_at] = several_rob.get(j.w.claimed_at, 0) + 1
    winners = []
    for j in valid:
        w, count = j.w, counts[j.w.at]
        extra = None
        if w.how == "self_draw":
            extra = bao.kong_bloom(o, table, w)
        elif w.how == "rob_kong" and (o.rob_kong_payment == "kong_player_pays_all"
                                      or several_rob.get(w.claimed_at, 0) > 1):  # GD-BAO-5: 3S
            extra = bao.robbed(w.player, w.source, w.claimed_at if w.claimed_at is not None else w.at)  # type: ignore[arg-type]
        if extra is not None:
            findings.append(_liability_finding(extra))
        acting = bao.acting(o, proc.liabilities.found, w.player, w.how, w.at + 1 if w.how == "self_draw" else w.at,
                            extra if w.how == "self_draw" else None)
        several = len(groups.get(w.claimed_at, ())) > 1 if w.how == "discard" else \
            several_rob.get(w.claimed_at, 0) > 1
        pay_win(ledger, rules, players, w.player, w.how, w.source, count.portion, acting, several, w.at)
        winner = {"player": w.player, "how": w.how, "tile": None if w.tile is None else code(w.tile)}
        if w.source is not None:
            winner["from"] = w.source
        winner.update(count.as_json())
        winners.append(winner)
    return winners


def _liability_finding(li) -> Finding:
    """GD-BAO-9: GD-BAO-1…3 at their creating claim, GD-BAO-4 at its claimed kong and GD-BAO-5 at
    the robbed kong (each listed at its win)."""
    zh, en = bao.NAMES[li.clause]
    at = li.at if li.at is not None else 0
    if li.clause == "GD-BAO-5":
        return Finding(li.clause, li.liable, at, "ruled",
                       f"{li.covered} robbed {li.liable}'s kong ({en}): {li.liable} pays for all three.",
                       f"{li.covered}抢{li.liable}的杠（{zh}）：由{li.liable}包三家。")
    return Finding(li.clause, li.liable, at, "ruled",
                   f"{li.liable} is liable (包) for {li.covered}'s self-draw: {en}.",
                   f"{li.liable}包{li.covered}自摸：{zh}。")


PLAN = HandPlan(
    rules_of=GdRules.of, proceedings=_proceedings, replay=_replay, settle=_settle,
    pay_false_win=pay_false_win, liability_finding=_liability_finding,
    clause={"flow": "GD-FLOW-10", "zh": "GD-ZH-1", "barred": "GD-GS-3"},
    beside=frozenset(("GD-IRR-1", "GD-IRR-2", "GD-GS-3", "GD-FAN-31", "GD-PR-3", "GD-PR-6")),
    text=hand.simplified_texts("GD"),
    flow_names=hand.SIMPLIFIED_FLOW_NAMES,
    missing=hand.missing_words("GD"),
    version=RULEBOOK_VERSION)


rules_of = PLAN.read_rules
seating = PLAN.seating
adjudicate = PLAN.adjudicate
