"""Money for Sichuan wins (SC-PAY) and false wins (SC-ZH-2), each settled when it happens, among the
players in play at that moment (SC-XZ-1); every payment carries the event index it belongs to; and
the whole hand's money in the order of its events (``settle_hand``: kong money, wins, false wins,
the checks).

* SC-PAY-1 self-draw: each other player in play pays V, plus B under ``self_draw_bonus: add_base``;
* SC-PAY-2 a discard: the discarder alone pays V; SC-PAY-3 a robbed kong: the kong player pays V;
* SC-PAY-4 several winners on one tile: the discarder pays each winner his own V;
* SC-PAY-5 点杠花 under ``claimed_kong_bloom: discard``: the feeder of the claimed kong pays V alone;
* SC-ZH-2 a false win: ``cap_each`` B × 2^cap to each other player in play, ``fixed:K`` K × B,
  ``dead_hand`` nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from referee import events as ev
from referee.ledger import Ledger
from rulesbook.family13.false_win import pay_false_win as family_false_win
from rulesbook.family13.liability import state_kong
from rulesbook.findings import Finding

from .checks import check_players, settle_checks
from .fan import ScCount
from .kongs import KIND_RULE, KongMoney
from .options import ScRules
from .wins import bloom_feeder_of, kong_before_discard

MISSING_CHECKS = "SC-CH-0: whether he is a 花猪 or ready at the exhaustive draw"


def pay_win(ledger: Ledger, rules: ScRules, table, w, count: ScCount, several: bool) -> None:
    """One valid win ``w`` (a ``ThirteenWin``) worth ``count``."""
    o = rules.options
    v = count.value
    if w.how == "self_draw":
        feeder = bloom_feeder_of(table, w) if o.claimed_kong_bloom == "discard" else None
        if feeder is not None:
            ledger.pay_points(feeder[0], w.player, v, "SC-PAY-5", cause=w.at)
            return
        bonus = rules.base if o.self_draw_bonus == "add_base" else 0
        for p in table.players:
            if p != w.player and table.in_play(p, w.at):
                ledger.pay_points(p, w.player, v + bonus, "SC-PAY-1", cause=w.at)
        return
    rule = "SC-PAY-4" if several else "SC-PAY-3" if w.how == "rob_kong" else "SC-PAY-2"
    ledger.pay_points(w.source, w.player, v, rule, cause=w.at)


def pay_false_win(ledger: Ledger, rules: ScRules, table, offender: str, at: int) -> None:
    """SC-ZH-2 on the family's settlement (``cap_each`` is its ``reverse_limit``: the cap value to
    each other player, here each other player in play at event ``at``)."""
    option = rules.options.false_win
    others = [p for p in table.players if p != offender and table.in_play(p, at)]
    family_false_win(ledger, "reverse_limit" if option == "cap_each" else option, others, offender,
                     rules.base, rules.cap_value, "SC-ZH-2", at)


@dataclass
class HandMoney:
    """What the money of a hand adds to its ruling."""

    findings: list[Finding] = field(default_factory=list)
    missing: list[dict] = field(default_factory=list)
    checks: Optional[list[dict]] = None
    groups: dict[int, list] = field(default_factory=dict)  # the valid wins on each tile


def _transfer_finding(source: str, winners: list[str], moved: int, at: int) -> Finding:
    return Finding("SC-GF-6", source, at, "ruled",
                   f"呼叫转移: {source}'s discard after his kong was won (杠上炮): the kong money ({moved}) "
                   f"goes to {', '.join(winners)}.",
                   f"呼叫转移：{source}杠后打出的牌被胡（杠上炮），杠钱{moved}转给{'、'.join(winners)}。")


def settle_hand(ledger: Ledger, rules: ScRules, table, proc, valid: list, false: list, calls: list,
                events) -> HandMoney:
    """The money of a hand in the order of its events (SC-PAY-7), at its moments only: each kong
    replacement (SC-GF-1…3), each kong undone or ruled wrong (SC-GF-8), each valid win (SC-PAY)
    and 呼叫转移 after the last win on a 杠上炮 (SC-GF-6), each false win or false ``call: win``
    (SC-ZH-2), the exhaustive draw (SC-CH, SC-GF-7). ``valid`` in the order the wins happened."""
    o = rules.options
    out = HandMoney()
    kongs = KongMoney(ledger, rules, table)
    first = events[0] if events else None
    if isinstance(first, ev.State):
        kongs.seed(first.kong_income)
        last = state_kong(table, first.turn)
        if last is not None:  # SC-GF-6 this_kong: the replacement he has just drawn is that kong's
            kongs.by_kong[0] = [h for h in kongs.held if h.payee == first.turn and h.rule == KIND_RULE[last.kong]]
    valid_at = {j.w.at: j for j in valid}
    false_at = {j.w.at: j for j in false}
    calls_at = {c.at: c for c in calls}
    for j in valid:
        if j.w.how in ("discard", "rob_kong") and j.w.claimed_at is not None:
            out.groups.setdefault(j.w.claimed_at, []).append(j)
    wrong_kongs = {a.at: a.player for a in table.anomalies if a.kind == "wrong_kong"}
    reversed_: set[int] = set()

    def reverse(kong: int, at: int) -> None:
        if kong in kongs.by_kong and kong not in reversed_:
            reversed_.add(kong)
            kongs.reverse(kong, at)

    def reverse_wrong(player: str, at: int) -> None:
        for k, p in wrong_kongs.items():
            if p == player and k < at:
                reverse(k, at)

    reported = [f.at for f in proc.dead.findings if f.rule == "SC-IRR-2" and f.status == "ruled"]
    moments = set(table.replacements + table.restores + reported + [w.at for w in table.wins] + list(calls_at))
    if table.ended == "exhaustive_draw":
        moments.add(table.play_over_at)
    for i in sorted(moments):
        e = events[i]
        if e.type == "draw":
            k = table.replaced_by(i)
            if k is not None and isinstance(events[k], ev.Kong) and k not in kongs.by_kong \
                    and proc.dead.is_dead(events[k].player, k) is None:  # SC-IRR-1: a dead hand's kong earns nothing
                kongs.pay(k, i)
        elif e.type == "correct":
            reverse(e.about, i)
        elif e.type in ("report", "admit"):
            reverse_wrong(e.against if e.type == "report" else e.player, i)
        elif i in valid_at:
            j = valid_at[i]
            group = out.groups.get(j.w.claimed_at, []) if j.w.how in ("discard", "rob_kong") else []
            pay_win(ledger, rules, table, j.w, j.count, len(group) > 1)
            kong = kong_before_discard(table, j.w.claimed_at) if j.w.how == "discard" else None
            if kong is not None and i == max(g.w.at for g in group):
                moved = kongs.transfer(j.w.source, kong, [(g.w.player, g.w.at) for g in group], o.call_transfer)
                if moved:
                    out.findings.append(_transfer_finding(j.w.source, [g.w.player for g in group], moved, i))
        elif i in false_at:
            if any(c[0] == "SC-IRR-2" for c in false_at[i].causes):
                reverse_wrong(e.player, i)
            pay_false_win(ledger, rules, table, e.player, i)
        elif i in calls_at:
            pay_false_win(ledger, rules, table, calls_at[i].player, i)
        elif e.type == "exhaustive_draw":
            checks, hidden = check_players(table, rules, i, proc.dead.is_dead)
            out.checks = [c.as_json() for c in checks]
            out.missing += [{"fact": "concealed_tiles", "player": p, "at": i, "needed_for": MISSING_CHECKS}
                            for p in hidden]
            if not hidden:
                out.findings += settle_checks(ledger, kongs, rules, table, checks, i)
    return out
