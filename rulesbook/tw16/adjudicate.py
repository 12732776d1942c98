"""The tw16 adjudication: one referee's checklist per hand.

``adjudicate(document)`` returns the ruling JSON of EVENT_LOG.md. Each hand runs the steps of
``_rule_hand`` in a fixed order; every step is a call into the family of rules that owns it
(``proceedings`` and its families while the hand is replayed; then ``false_win``, ``pay_for_all``,
``liability``, ``settle``, ``watching``, ``side_bets``). Nothing else orchestrates.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping, Optional

from referee.ledger import Ledger
from referee.model import Document, HandRecord, SideBet
from referee.observer import Unfinished
from rulesbook.hands import envelope, next_json, rule_hands

from .false_win import face_by_round, judge, pay_false_win, round_wind_gap, settle_false_call
from .flowers import void_win
from .liability import drawn_index, kong_tile_draw, liability_finding, liable_for
from .options import RULEBOOK_VERSION, Rules
from .pay_for_all import hand_end, pay_for_all, penalty_face
from .proceedings import Proceedings
from .settle import Carry, apply_head_bump, outcome, pay_valid_win, seating
from .side_bets import EAST, NORTH, BetContext, check_changes, mirror
from .table import replay


@dataclass(frozen=True)
class BetsCarry:
    """What the side-bet checks of the next hand need from this one (TW-HB-5/6)."""

    bets: tuple[SideBet, ...]
    round_wind: int
    lost_to_win: frozenset[str]  # players who paid a win in this hand
    game: int = 0  # games counted from the document's first (a new one after the North round)
    seen: Mapping[str, frozenset[int]] = field(default_factory=dict)  # inner bet id → its games
    inner_net: Mapping[str, int] = field(default_factory=dict)  # inner bet id → its net this game
    dealer: str = ""  # this hand's dealer and whether its round wind was known (an unknown round
    round_known: bool = True  # wind stays what it was while the deal stays, TW-SEAT-2)


def adjudicate(doc: Document) -> dict:
    """The ruling of a whole document. Raises ``InputError`` (with JSON paths) for a log that
    cannot have happened; an impossible log is never half-ruled."""
    rules = Rules.of(doc.ruleset)

    def rule(record: HandRecord, carried: Optional[tuple[Carry, BetsCarry]], prefix: str):
        carry, bets = carried if carried is not None else (None, None)
        ruling, carry, bets = _rule_hand(doc, rules, record, carry, bets, prefix)
        return ruling, (carry, bets)

    hands, net, _ = rule_hands(doc, list(doc.players) + list(doc.bettors), rule)
    return envelope(doc, RULEBOOK_VERSION, rules.preset, hands, net)  # TW-RS-4


def replay_watched(players, rules: Rules, dealer: str, open_seat: str, events, finish: bool = True):
    """The hand's events replayed with the families watching (``Proceedings``); ``finish``: the
    record ends the hand (False: it stops mid-hand, a cut)."""
    proc = Proceedings(tuple(players), strict_kong_peek=rules.options.strict_kong_peek,
                       kong_from_upper=rules.options.kong_from_upper)
    table = replay(players, dealer, open_seat, events, rules.table, (proc if finish else Unfinished(proc),),
                   di_ting_no_prior_claims=rules.options.di_ting == "no_prior_claims")
    return table, proc


def _rule_hand(doc: Document, rules: Rules, record: HandRecord, carry: Optional[Carry],
               prev_bets: Optional[BetsCarry], prefix: str) -> tuple[dict, Optional[Carry], BetsCarry]:
    # 0. Who deals, the streak and the round wind, checked against the previous hand (TW-FLOW-8,
    #    TW-SEAT-2); the side bets in force: a change from the previous hand is checked (TW-HB-5…7).
    terms, round_wind, start_dealer, findings = seating(record, carry, prefix)
    # a later hand that leaves its round wind out after an outcome whose round wind could not be
    # computed (no start_dealer): faces that depend on it are missing, not scored in East; unless
    # the deal stayed with the same dealer, which never moves the round wind (TW-SEAT-2)
    round_known = record.round_wind is not None or carry is None or carry.round_wind is not None
    if not round_known and prev_bets is not None and prev_bets.round_known and carry.dealer == prev_bets.dealer:
        round_wind, round_known = prev_bets.round_wind, True
    prev = prev_bets or BetsCarry((), round_wind, frozenset(), game=-1)
    new_game = prev_bets is not None and prev.round_wind == NORTH and round_wind == EAST
    # TW-HB-5 at a new game (side_bets.py, interpretation 13): an inner bet may go if its bettor
    # lost by it over the game just ended, or it has run through two games.
    more = {} if not new_game else {
        "clearly_losing": frozenset(b.principal for b in prev.bets
                                    if b.kind == "inner" and prev.inner_net.get(b.id, 0) < 0),
        "games_run": {bid: len(games) for bid, games in prev.seen.items()}}
    in_force, bet_findings = check_changes(
        None if prev_bets is None else prev_bets.bets, record.side_bets,
        BetContext.between(None if prev_bets is None else prev_bets.round_wind, round_wind,
                           terms.streak, prev.lost_to_win, **more))
    game = prev.game + 1 if new_game or prev_bets is None else prev.game
    seen = dict(prev.seen)
    inner_net = {} if new_game else dict(prev.inner_net)
    findings.extend(bet_findings)
    open_seat = record.open_seat or terms.dealer
    # 1. Replay: every movement must be possible (else an input error with its event index), and
    #    the standing conditions (相公, 過水, restrictions) are followed as the hand goes on.
    table, proc = replay_watched(doc.players, rules, terms.dealer, open_seat, record.events)
    docket, false_wins = proc.docket, proc.false_wins
    ledger = Ledger(rules.base, rules.tai)
    missing: list[dict] = []
    # 2. Each win declaration, in this order: a reason it cannot stand at the moment it was made
    #    (相公 in force, 過水, a self-draw restriction; TW-XG-4), one reported before settlement
    #    that concerns the winning tile (TW-ZH-6), then the declared hand itself (count, five sets
    #    and a pair, eight flowers). The first that applies makes it 詐和 (TW-ZH-1).
    # A 包賠 or a called false win ends the hand where it falls (TW-BP-2, TW-ZH-5): wins declared
    # after it are not settled, except wins on the same tile, which are simultaneous (TW-ZH-7).
    penalty = docket.penalties[0] if docket.penalties else None
    end_at, same_tile = hand_end(docket.penalties, false_wins.false_calls, table.claimed_from)
    wins = [w for w in table.wins
            if end_at is None or w.at <= end_at or (same_tile is not None and w.claimed_at == same_tile)]
    missing.extend(docket.missing)
    void = [void_win(w) for w in wins if w.void]  # TW-FL-1/2: void without penalty; play went on
    judged = []
    for w in wins:
        if w.void:
            continue
        reasons = list(false_wins.win_reasons.get(w.at, ()))
        reasons += [r for _, r in false_wins.late_reasons(w.at, drawn_index(table, w))]
        lost = docket.standing[w.player].ting_lost
        judged.append(judge(table, w, reasons, round_wind, rules, terms, missing,  # type: ignore[arg-type]
                            ting_lost=lost is not None and lost < w.at, round_known=round_known))
    # 3. Of the valid wins on one tile, the nearest to the discarder wins (TW-PAY-4).
    valid, undecided = apply_head_bump(table, [j for j in judged if j.valid or j.unknown],
                                       rules.options.multiple_winners)
    #    At a win on a kong tile the referee checks the concealed kongs himself (TW-CG-1.1); a
    #    concealed kong whose tiles the log does not show leaves that win's payment unknown.
    unpaid = set()
    for j in valid:
        if j.face is not None and kong_tile_draw(table, j.win, drawn_index(table, j.win)) is not None:
            proc.melds.check_concealed_kongs(j.win.at, j.win.player)
            hidden = proc.melds.hidden_concealed_kongs(j.win.at, table, "TW-CG-1.1", but=j.win.player)
        elif j.face is not None:  # TW-CG-1.3: a reported wrong 暗杠 made at an unknown wall
            hidden = proc.melds.unknown_last8(j.win.at, j.win.player)
        else:
            continue
        if hidden:
            missing.extend(hidden)
            unpaid.add(j.win.at)
    if table.ended == "exhaustive_draw" and table.play_over_at is not None:  # TW-CG-1.2 at 荒局
        missing.extend(proc.melds.hidden_concealed_kongs(table.play_over_at, table, "TW-CG-1.2",
                                                         last8=True))
    findings.extend(proc.findings())
    findings.extend(void)
    # 4. False wins pay the three (TW-ZH-2), also beside a valid win on the same tile (TW-ZH-7); a
    #    win pushed down against a lost priority (TW-PR-9) or a watcher's win after a pass (TW-YP-5)
    #    is 包賠 instead, paid the same way.
    for j in judged:
        if not j.valid and not j.unknown:
            findings.extend(j.findings)
            if j.face is not None and j.pay_for_all is None:
                pay_false_win(ledger, table, terms, j.win.player, j.face, "TW-ZH-2", j.win.at)
            elif j.face is not None:
                findings.append(pay_for_all(ledger, table, terms, j.pay_for_all, j.face))  # type: ignore[arg-type]
    offenders = []
    for call in false_wins.false_calls:
        if end_at is not None and call.at > end_at:
            continue
        findings.extend(settle_false_call(ledger, table, terms, call, round_wind, rules, missing,
                                          round_known))
        offenders.append(call.player)
    # 5. 包賠 (TW-BP-1/2): the offender pays the three, by the standalone face when no win was
    #    declared, by the declared win's face when it was (TW-YP-5). Found at 荒局 (TW-CG-1.2),
    #    every wrong concealed kong within the last 8 tiles pays, and the 荒局 rule stands.
    #    So is one found after play ended in 荒局 (reported after its last play, TW-XG-1): it did
    #    not end the hand, and a 包賠 settled at a 荒局 leaves the 荒局 rule in force (TW-FLOW-8).
    drawn_out = table.play_over_at if table.ended == "exhaustive_draw" else None
    at_draw = penalty is not None and drawn_out is not None and penalty.at >= drawn_out
    settled = ([q for q in docket.penalties if q.at >= drawn_out] if at_draw  # type: ignore[operator]
               else [penalty] if penalty else [])
    for p in settled:
        face = face_by_round(lambda r: penalty_face(table, p.player, r, terms, rules), round_wind, round_known)
        if face is None:
            missing.append(round_wind_gap(p.player, p.at, "TW-BP-2: the face of the 包賠 (TW-TAI-1)"))
        findings.append(pay_for_all(ledger, table, terms, p, face, at_draw))
        if not at_draw:
            offenders.append(p.player)
    # 6. Settle the valid wins (TW-PAY-1…3, moved to the liable by 代位, TW-DW), each watcher's
    #    fee to the winner (TW-YP-2), and the fees of a few tai (TW-PC-1, TW-CD-2, TW-CG-3).
    for j in valid:
        if j.face is not None and j.win.at not in unpaid:
            liable = liable_for(table, docket.liabilities, proc.melds, j.win)
            if liable:
                findings.append(liability_finding(j.win, liable))
            pay_valid_win(ledger, table, terms, j, [li.player for li in liable])
            proc.watching.pay_fees(ledger, table.players, j.win.player, j.win.at)
    for fee in docket.fees:
        ledger.pay(fee.payer, fee.payee, fee.tai, fee.rule, with_base=False, cause=fee.at)
    # 6b. Side bets mirror their principals' payments (TW-HB-1…4; TW-ZH-3, TW-BP-2's bettors).
    lost_to_win = frozenset(p.payer for p in ledger.payments if p.cause in {j.win.at for j in valid})
    for bet in in_force:  # each inner bet's own net, for TW-HB-5 at the next game
        if bet.kind == "inner":
            seen[bet.id] = seen.get(bet.id, frozenset()) | {game}
            alone = Ledger(rules.base, rules.tai)
            mirror(ledger.payments, [bet], alone, inner_unit=rules.options.inner_unit)
            inner_net[bet.id] = inner_net.get(bet.id, 0) + sum(
                q.amount if q.payee == bet.bettor else -q.amount for q in alone.payments)
    influence = {c.player: c.at for c in docket.causes if c.rule == "TW-HB-4" and c.effective is not None}
    voided = mirror(ledger.payments, in_force, ledger, inner_unit=rules.options.inner_unit,
                    voided=frozenset(influence))
    findings = [f for f in findings if not (f.rule == "TW-HB-4" and f.player in influence
                                            and any(v.player == f.player for v in voided))]
    findings.extend(replace(v, at=influence.get(v.player)) for v in voided)  # one finding each
    findings.sort(key=lambda f: -1 if f.at is None else f.at)
    # 7. The next dealer (TW-FLOW-8, TW-ZH-4, TW-CD-3).
    offenders += [j.win.player for j in judged if not j.valid and not j.unknown]
    ended_by_penalty = (penalty is not None and not at_draw) or any(j.pay_for_all for j in judged)
    result, nxt = outcome(table, terms, valid, offenders, ended_by_penalty, round_wind, start_dealer,
                          proc.melds.cd3_offenders())
    if undecided:  # a hidden winning hand: the outcome cannot be known (TW-ZH-1)
        result, nxt = ("win" if valid else "undetermined"), None
    parties = list(doc.players) + list(doc.bettors)
    ruling = {
        "result": result,
        "complete": not missing,
        "winners": [j.as_json() for j in valid],
        "rulings": [f.as_json() for f in findings],
        "payments": ledger.as_json(),
        "net": ledger.net(parties),
        "next": next_json(nxt),
        "missing": missing,
    }
    return ruling, nxt, BetsCarry(in_force, round_wind, lost_to_win, game, seen, inner_net, terms.dealer, round_known)


