"""The Hong Kong adjudication: one referee's checklist per hand (RULEBOOK_HK.md), on the family's
``rulesbook.family13.hand`` with Hong Kong's pieces.

``adjudicate(document)`` returns the ruling JSON of EVENT_LOG.md with RULEBOOK_HK §10's additions.
"""
from __future__ import annotations

from referee.tiles import code
from rulesbook.family13 import hand
from rulesbook.family13.hand import Carry, HandPlan
from rulesbook.findings import Finding

__all__ = ["Carry", "adjudicate", "rules_of"]

from . import bao
from .options import RULEBOOK_VERSION, HkRules
from .proceedings import Proceedings
from .settle import pay_false_win, pay_win
from .table import replay


def _settle(ledger, rules: HkRules, players, table, proc, valid, findings) -> list[dict]:
    """Each valid win's money (HK-PAY, HK-BAO): 槓上開花包 found at its win (HK-BAO-5)."""
    o = rules.options
    live = set(proc.liabilities.found)
    on_tile: dict = {}
    for j in valid:
        on_tile[j.w.claimed_at] = on_tile.get(j.w.claimed_at, 0) + 1
    winners = []
    for j in valid:
        w, count = j.w, j.count
        assert count is not None
        bloom = bao.kong_bloom(o, table, w)
        if bloom is not None and bloom not in live:
            findings.append(_liability_finding(bloom))
        acting = bao.acting(o, proc.liabilities.found, w, bloom)
        several = w.claimed_at is not None and on_tile[w.claimed_at] > 1
        pay_win(ledger, rules, players, w.player, w.how, w.source, count.portion, acting, several, w.at)
        winner = {"player": w.player, "how": w.how, "tile": None if w.tile is None else code(w.tile)}
        if w.source is not None:
            winner["from"] = w.source
        winner.update(count.as_json())
        winners.append(winner)
    return winners


def _liability_finding(li) -> Finding:
    """HK-BAO-9: a liability listed at its creating claim (a ``state``'s at the state)."""
    zh, en = bao.NAMES[li.clause]
    at = li.at if li.at is not None else 0
    if li.clause == "HK-BAO-6":
        return Finding(li.clause, li.liable, at, "ruled",
                       f"{li.liable} fed {li.covered}'s third set ({en}): he pays the other players' "
                       f"halves of {li.covered}'s discard wins.",
                       f"{li.liable}供{li.covered}第三組（{zh}）：{li.covered}食出銃時包其餘兩家之半銃。")
    return Finding(li.clause, li.liable, at, "ruled",
                   f"{li.liable} is liable (包) for {li.covered}'s self-draw: {en}.",
                   f"{li.liable}包{li.covered}自摸：{zh}。")


PLAN = HandPlan(
    rules_of=HkRules.of, proceedings=Proceedings, replay=replay, settle=_settle,
    pay_false_win=pay_false_win, liability_finding=_liability_finding,
    clause={"flow": "HK-FLOW-12", "zh": "HK-ZH-1", "barred": "HK-GS-3"},
    beside=frozenset(("HK-IRR-1", "HK-IRR-2", "HK-GS-3")),
    text=hand.texts({
        "flow": "本局記錄與上局裁定不符（{items}），本局依記錄結算。", "flow_item": "{name}{have}（應為{want}）",
        "void": "{player}宣告無效：{what}。不罰款，照常行牌。", "false": "{player}宣告食糊不成立：{what}。{cost}",
        "dead_hand": "本局相公，不罰款，照常行牌。", "ends": "詐糊：本局結束，依HK-ZH-2賠付。",
        "shared": "詐糊：依HK-ZH-2賠付；同一張牌的有效食糊照常成立（HK-ZH-5）。",
    }, "False win (詐糊): the hand ends and he pays as HK-ZH-2 says.",
        "False win (詐糊): he pays as HK-ZH-2 says; the valid win on the same tile stands (HK-ZH-5)."),
    flow_names=("莊家", "連莊", "圈風"),
    missing=hand.missing_words("HK"),
    version=RULEBOOK_VERSION)


rules_of = PLAN.read_rules
_seating = PLAN.seating
adjudicate = PLAN.adjudicate
