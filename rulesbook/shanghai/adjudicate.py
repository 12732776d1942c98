"""The Shanghai adjudication: one referee's checklist per hand (RULEBOOK_SH.md), on the family's
``rulesbook.family13.hand`` with Shanghai's pieces, and what Shanghai adds around it: the hand's
荒番 (SH-HF: ``huang_fan`` in the ruling and in ``next``), a recorded counter that contradicts the
previous hand's ``next`` (SH-FLOW-10), the next dealer (SH-FLOW-9).

``adjudicate(document)`` returns the ruling JSON of EVENT_LOG.md with RULEBOOK_SH §15's additions
(per hand ``huang_fan``; per winner ``flowers``, ``points``, ``value``).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

from referee.model import Document, HandRecord
from rulesbook.family13 import hand
from rulesbook.family13.hand import Carry, HandPlan
from rulesbook.findings import Finding
from rulesbook.hands import envelope, rule_hands

from . import huangfan
from .flow import next_hand
from .options import RULEBOOK_VERSION, ShRules
from .proceedings import Proceedings
from .settle import pay_false_win, settle
from .table import replay

__all__ = ["Carry", "adjudicate", "rules_of"]


def _liability_finding(li) -> Finding:
    """SH-BAO-3: 包三口 listed at its creating claim (a ``state``'s at the state)."""
    at = li.at if li.at is not None else 0
    return Finding(li.clause, li.liable, at, "ruled",
                   f"{li.liable} has fed three of {li.covered}'s claims (包三口): he pays one share "
                   f"more on {li.covered}'s wins.",
                   f"{li.liable}已供{li.covered}三口（包三口）：{li.covered}胡牌时{li.liable}多付一份。")


def _settle_with(factor: int):
    def _settle(ledger, rules: ShRules, players, table, proc, valid, findings) -> list[dict]:
        return settle(ledger, rules, players, proc.liabilities.found, valid, factor)
    return _settle


PLAN = HandPlan(
    rules_of=ShRules.of, proceedings=Proceedings, replay=replay, settle=_settle_with(1),
    pay_false_win=pay_false_win, liability_finding=_liability_finding,
    clause={"flow": "SH-FLOW-10", "zh": "SH-ZH-1", "barred": "SH-GS-3"},
    beside=frozenset(("SH-IRR-1", "SH-IRR-2", "SH-IRR-3", "SH-GS-3", "SH-HU-2", "SH-QIAO-4",
                      "SH-PR-3", "SH-PR-5", "SH-BD-4")),
    text=hand.simplified_texts("SH"),
    flow_names=hand.SIMPLIFIED_FLOW_NAMES,
    missing=hand.missing_words("SH"),
    version=RULEBOOK_VERSION,
    next_hand=next_hand,
    winds=False)  # §15: round_wind and start_dealer are accepted and carry nothing


def _flow_finding(dealer: str, have: int, want: int) -> Finding:
    return Finding("SH-FLOW-10", dealer, None, "ruled",
                   f"The recorded hand contradicts the previous hand's ruling: 荒番 {have} (expected "
                   f"{want}); the recorded value is used for this hand.",
                   f"本局记录与上局裁定不符（荒番{have}（应为{want}）），本局按记录结算。")


def _flow(rulings: list[dict], dealer: str, have: int, want: int) -> None:
    """SH-FLOW-10 once per hand: a contradicted 荒番 joins the family's finding on the dealer (or
    streak) when there is one, else it is a finding of its own."""
    item_en, item_zh = PLAN.text["flow_item"]
    en, zh = item_en.format(name="荒番", have=have, want=want), item_zh.format(name="荒番", have=have, want=want)
    for f in rulings:
        if f["rule"] == "SH-FLOW-10" and "; the recorded" in f["decision"] and "），本局" in f["decision_zh"]:
            f["decision"] = f["decision"].replace("; the recorded", f"; {en}; the recorded", 1)
            f["decision_zh"] = f["decision_zh"].replace("），本局", f"；{zh}），本局", 1)
            return
    rulings.insert(0, _flow_finding(dealer, have, want).as_json())


def rule_hand(doc: Document, rules: ShRules, record: HandRecord,
              carry: Optional[tuple[Carry, int]], prefix: str) -> tuple[dict, tuple[Carry, int]]:
    """One hand: the family's checklist at the hand's 荒番 factor, then SH-HF and SH-FLOW-10."""
    o = rules.options
    seats, carried = carry if carry is not None else (None, None)
    hf = huangfan.of_hand(record.huang_fan, carried, record.dice, o.huang_fan)
    plan = replace(PLAN, settle=_settle_with(hf.factor(o.huang_fan_factor)))
    ruling, nxt = hand.rule_hand(doc, rules, record, seats, prefix, plan)
    if carried is not None and record.huang_fan is not None and record.huang_fan != carried:
        dealer = record.dealer if record.dealer is not None else seats.dealer  # type: ignore[union-attr]
        _flow(ruling["rulings"], dealer, record.huang_fan, carried)
    result = ruling["result"]
    after = hf.after(result)
    ruling["huang_fan"] = hf.as_json(result)
    if ruling["next"] is not None:
        ruling["next"]["huang_fan"] = after
    return ruling, (nxt, after)  # type: ignore[return-value]


def adjudicate(doc: Document) -> dict:
    """The ruling of a whole document; ``InputError`` (with JSON paths) for a log that cannot have
    happened."""
    rules = PLAN.read_rules(doc)
    hands, net, _ = rule_hands(doc, doc.players,
                               lambda record, carry, prefix: rule_hand(doc, rules, record, carry, prefix))
    return envelope(doc, RULEBOOK_VERSION, rules.preset, hands, net)


rules_of = PLAN.read_rules
seating = PLAN.seating
