"""One referee's checklist per 13-tile hand (RULEBOOK_HK, RULEBOOK_GD): seating, the replay with
the family's watchers, 截糊, the findings of each declaration and each liability, the variant's
money for the valid wins, the false wins' money, the result and the next hand. The variant gives
its pieces (``HandPlan``): its rules, its proceedings, its replay, its settlement of the valid wins,
its false-win payment, and its words.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Optional

from referee.errors import InputError
from referee.ledger import Ledger
from referee.model import Document, HandRecord
from referee.tiles import code
from rulesbook.findings import Finding
from rulesbook.optionspec import RulesetError
from rulesbook.hands import Carry, envelope, next_json, rule_hands, seated
from rulesbook.rotation import next_hand

from .declarations import head_bump

__all__ = ["Carry", "HandPlan", "adjudicate", "read_rules", "rule_hand", "seating"]


#: the English of the checklist's sentences, the same in every 13-tile variant
ENGLISH = {
    "flow": "The recorded hand contradicts the previous hand's ruling: {items}; the recorded values "
            "are used for this hand's settlement.",
    "flow_item": "{name} {have} (expected {want})",
    "void": "{player}'s declaration is void: {what}. No money; play goes on.",
    "false": "{player} declared a win that does not win: {what}. {cost}",
    "dead_hand": "He is 相公 for the rest of the hand; no money; play goes on.",
}


def texts(chinese: Mapping[str, str], ends: str, shared: str) -> dict[str, tuple[str, str]]:
    """A variant's (en, zh) sentences: its Chinese, the English of ``ENGLISH``, ``ends`` (the
    English of a false win that ends the hand, naming the variant's clause) and ``shared`` (of a
    false declaration on the tile a valid win takes: that win ends the hand, ZH-5)."""
    own = {"ends": ends, "shared": shared}
    return {key: (own.get(key) or ENGLISH[key], zh) for key, zh in chinese.items()}


@dataclass(frozen=True)
class HandPlan:
    """``rules_of(preset, options, fan_table, base)``; ``proceedings(rules, round_wind)``;
    ``replay(players, dealer, events, options, observers, continues)``; ``settle(ledger, rules,
    players, table, proc, valid, findings) -> winners`` (the valid wins' money and the ruling's
    winners); ``pay_false_win(ledger, rules, players, offender, at)``; ``liability_finding(li)``;
    ``clause``: ``flow`` (a recorded hand against the previous ruling), ``zh`` (a false win),
    ``barred``, and the clauses listed beside a false win (``beside``); ``text``: (en, zh) of
    ``dead_hand``, ``ends``, ``void``, ``false``, ``beside``, ``flow``, ``flow_item``; ``missing``:
    what the concealed tiles are needed for (``win``, ``pass``); ``version``; ``next_hand``: the
    next hand's seating (``rulesbook.rotation.next_hand``'s signature; Shanghai gives its own)."""

    rules_of: Callable
    proceedings: Callable
    replay: Callable
    settle: Callable
    pay_false_win: Callable
    liability_finding: Callable
    clause: Mapping[str, str]
    beside: frozenset[str]
    text: Mapping[str, tuple[str, str]]
    missing: Mapping[str, str]
    version: str
    flow_names: tuple[str, str, str]
    next_hand: Callable = next_hand
    # wuhan: one winner counted from the dealer (WH-PR-2), no wind scored (``next.round_wind``
    # null, WH-FLOW-1), values in ``ruleset.factor_table``
    bump_from_dealer: bool = False
    winds: bool = True
    table_field: str = "fan_table"

    def adjudicate(self, doc: Document) -> dict:
        """The ruling of a whole document; ``InputError`` (with JSON paths) for a log that cannot
        have happened."""
        return adjudicate(doc, self)

    def read_rules(self, doc: Document):
        return read_rules(doc, self)

    def seating(self, record: HandRecord, carry: Optional["Carry"], prefix: str):
        return seating(record, carry, prefix, self)


def simplified_texts(prefix: str) -> dict[str, tuple[str, str]]:
    """The checklist's words of a variant written in simplified Chinese (Guangdong, Shanghai), its
    false-win clause ``{prefix}-ZH-2`` named."""
    return texts({
        "flow": "本局记录与上局裁定不符（{items}），本局按记录结算。", "flow_item": "{name}{have}（应为{want}）",
        "void": "{player}宣告无效：{what}。不罚款，照常行牌。", "false": "{player}宣告胡牌不成立：{what}。{cost}",
        "dead_hand": "本局相公，不罚款，照常行牌。", "ends": f"诈胡：本局结束，按{prefix}-ZH-2赔付。",
        "shared": f"诈胡：按{prefix}-ZH-2赔付；同一张牌的有效胡牌照常成立（{prefix}-ZH-5）。",
    }, f"False win (诈胡): the hand ends and he pays as {prefix}-ZH-2 says.", shared_words(prefix))


def shared_words(prefix: str) -> str:
    """The English of a false declaration beside a valid win on the same tile (``{prefix}-ZH-5``)."""
    return f"False win (诈胡): he pays as {prefix}-ZH-2 says; the valid win on the same tile stands ({prefix}-ZH-5)."


SIMPLIFIED_FLOW_NAMES = ("庄家", "连庄", "圈风")


def missing_words(prefix: str) -> dict[str, str]:
    """What a declarer's hidden tiles are needed for, under the variant's clause prefix."""
    return {"win": f"{prefix}-ZH-1: whether the declaration wins; {prefix}-FAN: its 番",
            "pass": f"{prefix}-GS-1: whether he let a win pass there, which would bar this one"}


def adjudicate(doc: Document, plan: HandPlan) -> dict:
    """The ruling of a whole document; ``InputError`` (with JSON paths) for a log that cannot have
    happened."""
    rules = read_rules(doc, plan)
    hands, net, _ = rule_hands(doc, doc.players,
                               lambda record, carry, prefix: rule_hand(doc, rules, record, carry, prefix, plan))
    return envelope(doc, plan.version, rules.preset, hands, net)


def read_rules(doc: Document, plan: HandPlan):
    """The document's ruleset resolved; ``InputError`` at its JSON path."""
    r = doc.ruleset
    try:
        return plan.rules_of(r.preset, r.options, getattr(r, plan.table_field), r.base)
    except RulesetError as err:
        raise InputError({err.path: [err.reason]}) from None


def seating(record: HandRecord, carry: Optional[Carry], prefix: str, plan: HandPlan):
    """The hand's dealer, streak, round wind and start dealer: as recorded, else as carried; a
    recorded value that contradicts the previous hand's ``next`` is a finding (HK-FLOW-12,
    GD-FLOW-10)."""
    c = carry
    dealer, streak, wind, start = seated(record, c, prefix)
    if not plan.winds:
        start = None  # accepted and unused: no round wind is carried
    findings = []
    if c is not None:
        names = plan.flow_names
        wrong = [(en, zh, have, want) for en, zh, have, want in (
            ("dealer", names[0], dealer, c.dealer), ("streak", names[1], streak, c.streak),
            ("round wind", names[2], code(wind), code(c.round_wind))) if have != want
            and (plan.winds or en != "round wind")]
        if wrong:
            item_en, item_zh = plan.text["flow_item"]
            en, zh = plan.text["flow"]
            findings.append(Finding(
                plan.clause["flow"], dealer, None, "ruled",
                en.format(items="; ".join(item_en.format(name=n, have=h, want=w) for n, _, h, w in wrong)),
                zh.format(items="；".join(item_zh.format(name=n, have=h, want=w) for _, n, h, w in wrong))))
    return dealer, streak, wind, start, findings


def rule_hand(doc: Document, rules, record: HandRecord, carry: Optional[Carry], prefix: str,
              plan: HandPlan) -> tuple[dict, Optional[Carry]]:
    players = doc.players
    o = rules.options
    # 0. Who deals, the streak and the round wind.
    dealer, streak, round_wind, start_dealer, findings = seating(record, carry, prefix, plan)
    # 1. Replay with the families watching; each declaration judged as it is made (proceedings).
    proc = plan.proceedings(rules, round_wind)
    table = plan.replay(players, dealer, record.events, o, proc.observers(), proc.continues)
    findings += proc.dead.findings
    judged = [proc.judged[w.at] for w in table.wins]
    # 2. 截糊: one winner per tile unless several may win.
    head_bump(judged, players, o.multiple_winners, dealer if plan.bump_from_dealer else None)
    valid = [j for j in judged if j.wins]
    false = [j for j in judged if j.false and not (j.barred_only and o.pass_violation == "void")]
    missing = [{"fact": j.missing_fact, "player": j.w.player, "at": j.w.at,
                "needed_for": plan.missing["win"]} for j in judged if j.missing]
    missing += [{"fact": "concealed_tiles", "player": j.w.player, "at": j.pass_unknown,
                 "needed_for": plan.missing["pass"]}
                for j in judged if j.pass_unknown is not None and not j.missing]
    # 3. The findings of each declaration and each liability.
    taken = {j.w.claimed_at for j in valid if j.w.source is not None}
    for j in judged:
        findings.extend(declaration_findings(j.w.player, j.w.at, j.causes, j.barred_only, o, plan,
                                             j.w.source is not None and j.w.claimed_at in taken))
    # a ``call: win`` not followed by the win, that could not stand: under dead_hand the caller is
    # 相公 (play went on); else it ended the hand: a later win stands only on the same discard
    calls = proc.calls.confirmed
    for c in calls:
        findings.extend(declaration_findings(c.player, c.at, list(c.reasons), False, o, plan))
    ending = [] if o.false_win == "dead_hand" else calls
    if ending:
        first, same = min(c.at for c in ending), {c.on for c in ending if c.on is not None}
        valid = [j for j in valid if j.w.at < first or j.w.claimed_at in same]
    ledger = Ledger(0, 0)
    penalties: list[dict] = []
    for li in proc.liabilities.found:
        finding = plan.liability_finding(li)  # None: listed only when it moves money (WH-CB-5)
        if finding is not None:
            findings.append(finding)
    # 4. Money: the valid wins (the variant's), each false win that ended the hand.
    winners = plan.settle(ledger, rules, players, table, proc, valid, findings)
    missing += proc.missing  # e.g. whether a liable player was ready (WH-CB-2 not_ready)
    void = {w.at for w in table.wins if w.void}  # folded void: play went on
    ended_false = [j for j in false if j.w.at not in void]
    for player, at in [(j.w.player, j.w.at) for j in ended_false] + [(c.player, c.at) for c in ending]:
        penalty = plan.pay_false_win(ledger, rules, players, player, at)
        if penalty is not None:
            penalties.append(penalty)
    # 5. The result and the next hand.
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
    nxt = None if result == "undetermined" else plan.next_hand(
        o, players, dealer, streak, round_wind, start_dealer, result, in_turn_order(valid, players),
        [j.w.player for j in ended_false] + [c.player for c in ending])
    findings.sort(key=lambda f: (-1 if f.at is None else f.at))
    ruling = {
        "result": result, "complete": not missing and result != "open", "winners": winners,
        "rulings": [f.as_json() for f in findings + proc.dead.unreported(table, findings)],
        "payments": ledger.as_json(), "penalties": penalties,
        "net": ledger.net(players),
        "next": next_json(nxt),
        "missing": missing,
    }
    new_carry = None if nxt is None else Carry(nxt.dealer, nxt.streak,
                                               nxt.round_wind if nxt.round_wind is not None else round_wind,
                                               start_dealer)
    return ruling, new_carry


def in_turn_order(valid: list, players: tuple[str, ...]) -> list[str]:
    """The valid winners, several on one tile in turn order after its discarder (or kong player)."""
    def key(j) -> tuple:
        src = j.w.source
        return (j.w.at if src is None else j.w.claimed_at,
                0 if src is None else (players.index(j.w.player) - players.index(src)) % 4)
    return [j.w.player for j in sorted(valid, key=key)]


def declaration_findings(player: str, at: int, causes: list, barred_only: bool, o,
                         plan: HandPlan, beside_valid: bool = False) -> list[Finding]:
    """The false-win clause for a declaration that does not win, with the clauses of its causes
    beside it; the pass clause alone for a barred one under ``pass_violation: void``.
    ``beside_valid``: a valid win takes the same tile, so that win, not this one, ends the hand."""
    if not causes:
        return []
    en = "; ".join(c[1] for c in causes)
    zh = "；".join(c[2] for c in causes)
    if barred_only and o.pass_violation == "void":
        v_en, v_zh = plan.text["void"]
        return [Finding(plan.clause["barred"], player, at, "ruled", v_en.format(player=player, what=en),
                        v_zh.format(player=player, what=zh))]
    cost_en, cost_zh = plan.text["dead_hand" if o.false_win == "dead_hand"
                                 else "shared" if beside_valid else "ends"]
    f_en, f_zh = plan.text["false"]
    out = [Finding(plan.clause["zh"], player, at, "ruled", f_en.format(player=player, what=en, cost=cost_en),
                   f_zh.format(player=player, what=zh, cost=cost_zh))]
    for rule, c_en, c_zh in causes:
        if rule in plan.beside:
            out.append(Finding(rule, player, at, "ruled", f"{player}: {c_en}.", f"{player}：{c_zh}。"))
    return out
