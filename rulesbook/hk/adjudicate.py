"""The Hong Kong adjudication: one referee's checklist per hand (RULEBOOK_HK.md).

``adjudicate(document)`` returns the ruling JSON of EVENT_LOG.md with RULEBOOK_HK §10's additions.
Each hand runs the steps of ``_rule_hand`` in order, each a call into the family that owns it.
"""
from __future__ import annotations

from typing import Optional

from referee.errors import InputError
from referee.ledger import Ledger
from referee.model import Document, HandRecord
from referee.tiles import code
from rulesbook.findings import Finding
from rulesbook.hands import Carry, envelope, next_json, rule_hands, seated

from . import bao
from .flow import Next, next_hand
from .options import RULEBOOK_VERSION, HkRules, RulesetError
from .proceedings import Proceedings
from .settle import pay_false_win, pay_win
from .table import replay
from .wins import head_bump


def rules_of(doc: Document) -> HkRules:
    r = doc.ruleset
    try:
        return HkRules.of(r.preset, r.options, r.fan_table, r.base)
    except RulesetError as err:
        raise InputError({err.path: [err.reason]}) from None


def adjudicate(doc: Document) -> dict:
    """The ruling of a whole document; ``InputError`` (with JSON paths) for a log that cannot have
    happened."""
    rules = rules_of(doc)
    hands, net, _ = rule_hands(doc, doc.players,
                               lambda record, carry, prefix: _rule_hand(doc, rules, record, carry, prefix))
    return envelope(doc, RULEBOOK_VERSION, rules.preset, hands, net)


def _seating(record: HandRecord, carry: Optional[Carry], prefix: str):
    """The hand's dealer, streak, round wind and start dealer: as recorded, else as carried; a
    recorded value that contradicts the previous hand's ``next`` is an HK-FLOW-12 finding."""
    c = carry
    dealer, streak, wind, start = seated(record, c, prefix)
    findings = []
    if c is not None:
        wrong = [(en, zh, have, want) for en, zh, have, want in (
            ("dealer", "莊家", dealer, c.dealer), ("streak", "連莊", streak, c.streak),
            ("round wind", "圈風", code(wind), code(c.round_wind))) if have != want]
        if wrong:
            findings.append(Finding(
                "HK-FLOW-12", dealer, None, "ruled",
                "The recorded hand contradicts the previous hand's ruling: "
                + "; ".join(f"{en} {have} (expected {want})" for en, _, have, want in wrong)
                + "; the recorded values are used for this hand's settlement.",
                "本局記錄與上局裁定不符（" + "；".join(f"{zh}{have}（應為{want}）" for _, zh, have, want in wrong)
                + "），本局依記錄結算。"))
    return dealer, streak, wind, start, findings


def _rule_hand(doc: Document, rules: HkRules, record: HandRecord, carry: Optional[Carry],
               prefix: str) -> tuple[dict, Optional[Carry]]:
    players = doc.players
    o = rules.options
    # 0. Who deals, the streak and the round wind (HK-FLOW-10…12).
    dealer, streak, round_wind, start_dealer, findings = _seating(record, carry, prefix)
    # 1. Replay with the families watching; each declaration judged as it is made (proceedings).
    proc = Proceedings(rules, round_wind)
    table = replay(players, dealer, record.events, o, proc.observers(), proc.continues)
    findings += proc.dead.findings
    judged = [proc.judged[w.at] for w in table.wins]
    # 2. 截糊: one winner per tile unless several may win (HK-PR-2).
    head_bump(judged, players, o.multiple_winners)
    valid = [j for j in judged if j.wins]
    false = [j for j in judged if j.false and not (j.barred_only and o.pass_violation == "void")]
    missing = [{"fact": "concealed_tiles", "player": j.w.player, "at": j.w.at,
                "needed_for": "HK-ZH-1: whether the declaration wins; HK-FAN: its 番"}
               for j in judged if j.missing]
    missing += [{"fact": "concealed_tiles", "player": j.w.player, "at": j.pass_unknown,
                 "needed_for": "HK-GS-1: whether he let a win pass there, which would bar this one"}
                for j in judged if j.pass_unknown is not None and not j.missing]
    # 3. The findings of each declaration (HK-ZH-1 with its cause, HK-GS-3) and each liability.
    for j in judged:
        findings.extend(_declaration_findings(j.w.player, j.w.at, j.causes, j.barred_only, o))
    # a ``call: win`` not followed by the win, that could not stand (HK-ZH-1): under dead_hand the
    # caller is 相公 (play went on); else it ended the hand: a later win stands only on the same
    # discard (HK-ZH-5)
    calls = proc.calls.confirmed
    for c in calls:
        findings.extend(_declaration_findings(c.player, c.at, list(c.reasons), False, o))
    ending = [] if o.false_win == "dead_hand" else calls
    if ending:
        first, same = min(c.at for c in ending), {c.on for c in ending if c.on is not None}
        valid = [j for j in valid if j.w.at < first or j.w.claimed_at in same]
    ledger = Ledger(0, 0)
    penalties: list[dict] = []
    winners = []
    live = {li for li in proc.liabilities.found}
    for li in proc.liabilities.found:
        findings.append(_liability_finding(li))
    # 4. Money: each valid win (HK-PAY, HK-BAO); each false win that ended the hand (HK-ZH-2).
    on_tile: dict[Optional[int], int] = {}
    for j in valid:
        on_tile[j.w.claimed_at] = on_tile.get(j.w.claimed_at, 0) + 1
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
    void = {w.at for w in table.wins if w.void}  # folded void: play went on (HK-ZH-3, HK-GS-3)
    ended_false = [j for j in false if j.w.at not in void]
    for player, at in [(j.w.player, j.w.at) for j in ended_false] + [(c.player, c.at) for c in ending]:
        penalty = pay_false_win(ledger, rules, players, player, at)
        if penalty is not None:
            penalties.append(penalty)
    # 5. The result and the next hand (HK-FLOW-9…11, HK-ZH-3…5).
    if valid:
        result = "win"
    elif ended_false or ending:
        result = "false_win"
    elif any(j.undetermined and not j.w.void for j in judged):
        result = "undetermined"  # whether it stands is listed under missing
    elif table.ended == "exhaustive_draw":
        result = "exhaustive_draw"
    else:
        result = "open"
    nxt: Optional[Next] = None if result == "undetermined" else next_hand(o, players, dealer, streak, round_wind, start_dealer, result,
                                    [j.w.player for j in valid],
                                    [j.w.player for j in ended_false] + [c.player for c in ending])
    findings.sort(key=lambda f: (-1 if f.at is None else f.at))
    ruling = {
        "result": result, "complete": not missing and result != "open", "winners": winners,
        "rulings": [f.as_json() for f in findings + proc.dead.unreported(table)],
        "payments": [p.as_json() for p in ledger.payments], "penalties": penalties,
        "net": ledger.net(players),
        "next": next_json(nxt),
        "missing": missing,
    }
    new_carry = None if nxt is None else Carry(nxt.dealer, nxt.streak,
                                               nxt.round_wind if nxt.round_wind is not None else round_wind,
                                               start_dealer)
    return ruling, new_carry


def _declaration_findings(player: str, at: int, causes: list, barred_only: bool, o) -> list[Finding]:
    """HK-ZH-1 for a declaration that does not win, with HK-IRR-1, HK-IRR-2 or HK-GS-3 beside it
    for those causes; HK-GS-3 alone for a barred one under ``pass_violation: void``."""
    if not causes:
        return []
    en = "; ".join(c[1] for c in causes)
    zh = "；".join(c[2] for c in causes)
    if barred_only and o.pass_violation == "void":
        return [Finding("HK-GS-3", player, at, "ruled",
                        f"{player}'s declaration is void: {en}. No money; play goes on.",
                        f"{player}宣告無效：{zh}。不罰款，照常行牌。")]
    cost = ("He is 相公 for the rest of the hand; no money; play goes on." if o.false_win == "dead_hand"
            else "False win (詐糊): the hand ends and he pays as HK-ZH-2 says.")
    cost_zh = "本局相公，不罰款，照常行牌。" if o.false_win == "dead_hand" else "詐糊：本局結束，依HK-ZH-2賠付。"
    out = [Finding("HK-ZH-1", player, at, "ruled", f"{player} declared a win that does not win: "
                   f"{en}. {cost}", f"{player}宣告食糊不成立：{zh}。{cost_zh}")]
    for rule, c_en, c_zh in causes:
        if rule in ("HK-IRR-1", "HK-IRR-2", "HK-GS-3"):
            out.append(Finding(rule, player, at, "ruled", f"{player}: {c_en}.", f"{player}：{c_zh}。"))
    return out


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
