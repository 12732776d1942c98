"""The Sichuan adjudication: one referee's checklist per hand (RULEBOOK_SC.md), 血战到底.

1. seating (SC-FLOW-10), the replay with the watchers (``proceedings``), each declaration judged as
   it is made, the winners leaving play one by one (``referee.several``);
2. the findings: false wins (SC-ZH-1 and the clause beside it), wrong claims, void-suit faults,
   reports;
3. the money, event by event (SC-PAY-7): kong money at each replacement draw, reversed for a kong
   ruled wrong, each valid win, 呼叫转移 after a 杠上炮, each false win, the checks at the
   exhaustive draw (``checks``);
4. the result and the next dealer (SC-FLOW-9).

``adjudicate(document)`` returns the ruling JSON of EVENT_LOG.md with RULEBOOK_SC §13's additions.
"""
from __future__ import annotations

from typing import Optional

from referee import events as ev
from referee.errors import InputError
from referee.ledger import Ledger
from referee.model import Document, HandRecord
from referee.tiles import code
from rulesbook.family13.declarations import Judged
from rulesbook.findings import Finding
from rulesbook.hands import Carry, envelope, rule_hands, seated
from rulesbook.optionspec import RulesetError

from .options import RULEBOOK_VERSION, ScRules
from .proceedings import ScProceedings
from .settle import settle_hand
from .table import ScTable, replay

__all__ = ["Carry", "adjudicate", "rules_of"]

#: the clauses listed beside SC-ZH-1 when they made a declaration false
BESIDE = frozenset(("SC-QM-2", "SC-GS-3", "SC-IRR-1", "SC-IRR-2", "SC-PR-3", "SC-PR-5"))
MISSING = {"win": "SC-ZH-1: whether the declaration wins; SC-FAN: its 番",
           "pass": "SC-GS-1: whether he let a win pass there, which would bar this one"}


def rules_of(doc: Document) -> ScRules:
    r = doc.ruleset
    try:
        return ScRules.of(r.preset, r.options, r.fan_table, r.base)
    except RulesetError as err:
        raise InputError({err.path: [err.reason]}) from None


def adjudicate(doc: Document) -> dict:
    """The ruling of a whole document; ``InputError`` (with JSON paths) for a log that cannot have
    happened."""
    rules = rules_of(doc)
    hands, net, _ = rule_hands(doc, doc.players,
                               lambda record, carry, prefix: rule_hand(doc, rules, record, carry, prefix))
    return envelope(doc, RULEBOOK_VERSION, rules.preset, hands, net)


def _seating(record: HandRecord, carry: Optional[Carry], prefix: str) -> tuple[str, int, list[Finding]]:
    dealer, streak, _, _ = seated(record, carry, prefix)
    findings = []
    if carry is not None and (dealer, streak) != (carry.dealer, carry.streak):
        findings.append(Finding(
            "SC-FLOW-10", dealer, None, "ruled",
            f"The recorded hand contradicts the previous hand's ruling: dealer {dealer}, streak {streak} "
            f"(expected {carry.dealer}, {carry.streak}); the recorded dealer is used for this hand.",
            f"本局记录与上局裁定不符：庄家{dealer}、连庄{streak}（应为{carry.dealer}、{carry.streak}），本局按记录结算。"))
    return dealer, streak, findings


def false_findings(player: str, at: int, causes: list, void: bool, cost_en: str, cost_zh: str) -> list[Finding]:
    """SC-ZH-1 with the clauses of its causes beside it; SC-GS-3 alone for a void declaration."""
    en = "; ".join(c[1] for c in causes)
    zh = "；".join(c[2] for c in causes)
    if void:
        return [Finding("SC-GS-3", player, at, "ruled", f"{player}'s declaration is void: {en}. No money; play goes on.",
                        f"{player}宣告无效：{zh}。不罚款，照常行牌。")]
    out = [Finding("SC-ZH-1", player, at, "ruled", f"{player} declared a win that does not win (诈胡): {en}. {cost_en}",
                   f"{player}诈胡：{zh}。{cost_zh}")]
    out += [Finding(rule, player, at, "ruled", f"{player}: {c_en}.", f"{player}：{c_zh}。")
            for rule, c_en, c_zh in causes if rule in BESIDE]
    return out


def _cost(rules: ScRules) -> tuple[str, str]:
    o = rules.options
    if o.false_win == "dead_hand":
        return ("His hand is dead for the rest of the hand; no money; play goes on (SC-ZH-3).",
                "本局死牌，不罚款，照常行牌（SC-ZH-3）。")
    each = rules.fixed_or_cap(o.false_win)
    return (f"He pays {each} to each other player in play (SC-ZH-2); his hand is dead and play goes on (SC-ZH-3).",
            f"赔给每位在场的其他玩家各{each}（SC-ZH-2）；本局死牌，照常行牌（SC-ZH-3）。")


def _ordered(table: ScTable, valid: list[Judged]) -> list[Judged]:
    """The valid wins in the order they happened; those on one tile in turn order from its discarder."""
    players = table.players

    def key(j: Judged):
        w = j.w
        if w.how in ("discard", "rob_kong") and w.claimed_at is not None and w.source is not None:
            return (w.claimed_at, (players.index(w.player) - players.index(w.source)) % 4)
        return (w.at, 0)
    return sorted(valid, key=key)


def _winner_json(j: Judged, order: int) -> dict:
    w, c = j.w, j.count
    out = {"player": w.player, "order": order, "at": w.at, "how": w.how,
           "tile": None if w.tile is None else code(w.tile)}
    if w.source is not None:
        out["from"] = w.source
    out.update(c.as_json())  # type: ignore[union-attr]
    return out


def _first_state_win(record: HandRecord) -> Optional[ev.LeftPlaySpec]:
    first = record.events[0] if record.events else None
    return first.left_play[0] if isinstance(first, ev.State) and first.left_play else None


def _next(dealer: str, streak: int, first_state: Optional[ev.LeftPlaySpec], first: list[Judged]) -> Carry:
    """SC-FLOW-9: the first winner deals; the discarder when the first win was several on one tile;
    the dealer keeps the deal when nobody won."""
    if first_state is not None:
        new = first_state.players[0] if len(first_state.players) == 1 else first_state.source
    elif first:
        new = first[0].w.player if len(first) == 1 else first[0].w.source
    else:
        new = dealer
    assert new is not None
    return Carry(new, streak + 1 if new == dealer else 0, 27, None)


def rule_hand(doc: Document, rules: ScRules, record: HandRecord, carry: Optional[Carry],
              prefix: str) -> tuple[dict, Optional[Carry]]:
    players = doc.players
    o = rules.options
    dealer, streak, findings = _seating(record, carry, prefix)
    proc = ScProceedings(rules)
    table = replay(players, dealer, record.events, o.void_declaration, proc.observers(), proc.continues)
    judged = [proc.judged[w.at] for w in table.wins]
    valid = _ordered(table, [j for j in judged if j.wins])
    void_barred = [j for j in judged if j.false and j.barred_only and o.pass_violation == "void"]
    false = [j for j in judged if j.false and j not in void_barred]
    missing = [{"fact": "concealed_tiles", "player": j.w.player, "at": j.w.at, "needed_for": MISSING["win"]}
               for j in judged if j.missing]
    missing += [{"fact": "concealed_tiles", "player": j.w.player, "at": j.pass_unknown,
                 "needed_for": MISSING["pass"]} for j in judged if j.pass_unknown is not None and not j.missing]
    cost_en, cost_zh = _cost(rules)
    for j in judged:
        if j.causes:
            findings += false_findings(j.w.player, j.w.at, j.causes, j in void_barred, cost_en, cost_zh)
    calls = proc.calls.confirmed
    for c in calls:
        findings += false_findings(c.player, c.at, list(c.reasons), False, cost_en, cost_zh)
    findings += proc.dead.findings + proc.claims.findings
    # money, event by event
    ledger = Ledger(0, 0)
    money = settle_hand(ledger, rules, table, proc, valid, false, calls, record.events)
    findings += money.findings
    missing += money.missing
    groups = money.groups
    first = record.events[0] if record.events else None
    # the result and the next dealer
    first_state = _first_state_win(record)
    if any(j.undetermined for j in judged):
        result = "undetermined"  # whether it stands is listed under missing
    elif table.ended not in ("win", "exhaustive_draw"):
        result = "open"
    else:
        result = "win" if valid or first_state is not None else "exhaustive_draw"
    nxt = None
    if result in ("win", "exhaustive_draw"):
        head = groups.get(valid[0].w.claimed_at, valid[:1]) if valid and valid[0].w.how != "self_draw" else valid[:1]
        nxt = _next(dealer, streak, first_state, head)
    findings.sort(key=lambda f: (-1 if f.at is None else f.at))
    ruling = {
        "result": result, "complete": not missing and result != "open",
        "winners": [_winner_json(j, k + 1 + sum(len(w.players) for w in (first.left_play if isinstance(first, ev.State) else ())))
                    for k, j in enumerate(valid)],
        # SC-PR-2: winners on one tile left play together, in turn order from the discarder, as ordered
        "left_play": [p for p in table.left if p not in {j.w.player for j in valid}] + [j.w.player for j in valid],
    }
    if money.checks is not None:
        ruling["checks"] = money.checks
    ruling.update({
        "rulings": [f.as_json() for f in findings + proc.dead.unreported(table, findings)],
        "payments": ledger.as_json(with_at=True), "penalties": [],
        "net": ledger.net(players),
        "next": None if nxt is None else {"dealer": nxt.dealer, "streak": nxt.streak, "round_wind": None},
        "missing": missing,
    })
    return ruling, nxt
