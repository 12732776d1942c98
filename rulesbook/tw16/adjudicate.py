"""The tw16 adjudication pipeline: replay, rule, score, settle, explain.

``adjudicate(document)`` returns the ruling JSON of EVENT_LOG.md. The steps of one hand run in a
fixed order, like a referee's checklist (see ``_rule_hand``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from referee import events as ev
from referee.errors import InputError, ReplayError
from referee.ledger import Ledger
from referee.model import Document, HandRecord, SideBet
from referee.replay import Table, TableRules, WinFact, replay
from referee.scoring import Score, WinContext
from referee.tiles import code

from .findings import Finding
from .proceedings import FalseCall, Liability, Penalty, Proceedings, Reason
from .options import RULEBOOK_VERSION, Options
from .settle import WINDS, DealerTerms, head_bump, next_round_wind, pay_win
from .sidebets import BetContext, check_changes, mirror
from .tai import score, standalone
from .values import tai_values

RULING_FORMAT = "mjref-ruling/1"


@dataclass(frozen=True)
class Carry:
    """What one hand's outcome says the next hand must be (TW-FLOW-8, TW-SEAT-2)."""

    dealer: str
    streak: int
    round_wind: Optional[int]
    start_dealer: Optional[str]


@dataclass(frozen=True)
class BetsCarry:
    """What the side-bet checks of the next hand need from this one (TW-HB-5/6)."""

    bets: tuple[SideBet, ...]
    round_wind: int
    lost_to_win: frozenset[str]  # players who paid a win in this hand


@dataclass(frozen=True)
class Rules:
    options: Options
    values: dict[str, int]
    base: int
    tai: int
    table: TableRules


def rules_of(doc: Document) -> Rules:
    options = Options.from_mapping(doc.ruleset.options)
    table = TableRules(kong_costs_wall=options.dead_wall == "plus_one_per_kong")
    return Rules(options, tai_values(doc.ruleset.tai_table), doc.ruleset.base, doc.ruleset.tai, table)


def adjudicate(doc: Document) -> dict:
    """The ruling of a whole document. Raises ``InputError`` (with JSON paths) for a log that
    cannot have happened; an impossible log is never half-ruled."""
    rules = rules_of(doc)
    parties = list(doc.players) + list(doc.bettors)
    total = {p: 0 for p in parties}
    out_hands = []
    carry: Optional[Carry] = None
    bets: Optional[BetsCarry] = None
    for k, record in enumerate(doc.hands):
        prefix = "hand" if doc.single else f"hands[{k}]"
        try:
            ruling, carry, bets = _rule_hand(doc, rules, record, carry, bets, prefix)
        except ReplayError as err:
            raise InputError({err.path(prefix): [err.reason]}) from None
        for p, amount in ruling["net"].items():
            total[p] += amount
        out_hands.append(ruling)
    assert sum(total.values()) == 0
    return {"format": RULING_FORMAT, "variant": doc.variant, "rulebook": RULEBOOK_VERSION,
            "hands": out_hands, "net": total}


def _seating(doc: Document, record: HandRecord, carry: Optional[Carry], prefix: str):
    """The hand's dealer, streak and round wind: as recorded, else as carried from the previous
    hand. A recorded value that contradicts the previous outcome is a TW-FLOW-8 finding."""
    findings: list[Finding] = []
    if record.dealer is None and carry is None:
        raise InputError({f"{prefix}.dealer": ["the first hand must name its dealer"]})
    dealer = record.dealer if record.dealer is not None else carry.dealer  # type: ignore[union-attr]
    streak = record.streak if record.streak is not None else (carry.streak if carry else 0)
    round_wind = record.round_wind if record.round_wind is not None else (
        carry.round_wind if carry and carry.round_wind is not None else WINDS[0])
    start_dealer = record.start_dealer or (carry.start_dealer if carry else None)
    if carry is not None:
        wrong = []
        if dealer != carry.dealer:
            wrong.append(f"dealer {dealer} (expected {carry.dealer})")
        if streak != carry.streak:
            wrong.append(f"streak {streak} (expected {carry.streak})")
        if carry.round_wind is not None and round_wind != carry.round_wind:
            wrong.append(f"round wind {code(round_wind)} (expected {code(carry.round_wind)})")
        if wrong:
            findings.append(Finding(
                "TW-FLOW-8", dealer, None, "ruled",
                "The recorded hand contradicts the previous hand's outcome: " + ", ".join(wrong)
                + "; the recorded values are used for this hand's settlement.",
                "本盤記錄與上盤結果不符（" + "、".join(wrong) + "），本盤依記錄結算。"))
    marker = record.streak_marker if record.streak_marker is not None else streak
    return DealerTerms(dealer, streak, marker), round_wind, start_dealer, findings


def _rule_hand(doc: Document, rules: Rules, record: HandRecord, carry: Optional[Carry],
               prev_bets: Optional[BetsCarry], prefix: str) -> tuple[dict, Optional[Carry], BetsCarry]:
    terms, round_wind, start_dealer, findings = _seating(doc, record, carry, prefix)
    # 0. The side bets in force: a change from the previous hand is checked (TW-HB-5…7).
    in_force, bet_findings = check_changes(
        None if prev_bets is None else prev_bets.bets, record.side_bets,
        BetContext.between(None if prev_bets is None else prev_bets.round_wind, round_wind,
                           terms.streak, frozenset() if prev_bets is None else prev_bets.lost_to_win))
    findings.extend(bet_findings)
    open_seat = record.open_seat or terms.dealer
    # 1. Replay: every movement must be possible (else an input error with its event index), and
    #    the standing conditions (相公, 過水, restrictions) are followed as the hand goes on.
    proc = Proceedings(tuple(doc.players), strict_kong_peek=rules.options.strict_kong_peek)
    table = replay(doc.players, terms.dealer, open_seat, record.events, rules.table, (proc,))
    ledger = Ledger(rules.base, rules.tai)
    missing: list[dict] = []
    # 2. Each win declaration, in this order: a reason it cannot stand at the moment it was made
    #    (相公 in force, 過水, a self-draw restriction; TW-XG-4), one reported before settlement
    #    that concerns the winning tile (TW-ZH-6), then the declared hand itself (count, five sets
    #    and a pair, eight flowers). The first that applies makes it 詐和 (TW-ZH-1).
    # A 包賠 or a called false win ends the hand where it falls (TW-BP-2, TW-ZH-5): wins declared
    # after it are not settled, except wins on the same tile, which are simultaneous (TW-ZH-7).
    penalty = proc.penalties[0] if proc.penalties else None
    end_at, same_tile = _hand_end(proc)
    wins = [w for w in table.wins
            if end_at is None or w.at <= end_at or (same_tile is not None and w.claimed_at == same_tile)]
    missing.extend(proc.missing)
    void: list[Finding] = []
    for w in wins:
        if w.before_replacement:  # TW-FL-1: void without penalty; play went on
            void.append(Finding("TW-FL-1", w.player, w.at, "ruled",
                                    f"{w.player} declared the flower win before drawing the replacement: "
                                    "void, without penalty; play goes on and he may not declare it again.",
                                    f"{w.player}未補花即宣告花和：無效，不罰，牌局繼續，不得再宣告花和。"))
        elif w.out_of_turn:  # TW-FL-2: dealt flowers win at his first draw in turn
            void.append(Finding("TW-FL-2", w.player, w.at, "ruled",
                                    f"{w.player} declared the flower win out of his turn, before his first "
                                    "draw: void, without penalty; play goes on and he may declare it when "
                                    "he draws in turn.",
                                    f"{w.player}未於輪摸時宣告花和：無效，不罰，牌局繼續，可於輪摸時宣告。"))
    wins = [w for w in wins if not (w.before_replacement or w.out_of_turn)]
    judged = [_judge_win(table, proc, w, round_wind, rules, terms, missing) for w in wins]
    # 3. Of the valid wins on one tile, the nearest to the discarder wins (TW-PAY-4).
    valid = _apply_head_bump(table, [j for j in judged if j.valid], rules.options)
    #    At a win on a kong tile the referee checks the concealed kongs himself (TW-CG-1.1).
    for j in valid:
        if j.face is not None and _kong_tile_draw(table, j.win, _drawn_index(table, j.win)) is not None:
            proc.check_concealed_kongs(j.win.at)
    findings.extend(proc.findings())
    findings.extend(void)
    # 4. False wins pay the three (TW-ZH-2), also beside a valid win on the same tile (TW-ZH-7); a
    #    win pushed down against a lost priority (TW-PR-9) or a watcher's win after a pass (TW-YP-5)
    #    is 包賠 instead, paid the same way.
    for j in judged:
        if not j.valid:
            findings.extend(j.findings)
            if j.face is not None and j.pay_for_all is None:
                _pay_false_win(ledger, table, terms, j.win.player, j.face, "TW-ZH-2", j.win.at)
            elif j.face is not None:
                findings.append(_pay_for_all(ledger, table, terms, j.pay_for_all, j.face))
    offenders = []
    for call in proc.false_calls:
        if end_at is not None and call.at > end_at:
            continue
        face = _false_call_face(table, call, round_wind, terms, rules)
        first = call.reasons[0]
        findings.extend(Finding(r.rule, call.player, call.at, "ruled", f"{call.player} may not win: {r.en}.",
                                f"{call.player}不得和牌：{r.zh}。") for r in call.reasons if r.rule != "TW-ZH-1")
        findings.append(Finding(
            "TW-ZH-1", call.player, call.at, "ruled",
            f"False win (詐和): {call.player} called a win but {first.en}; he pays each of the three "
            f"base + face {face} tai (TW-ZH-2).",
            f"詐和：{call.player}叫和但{first.zh}，依底注加牌面{face}台賠付三家。"))
        _pay_false_win(ledger, table, terms, call.player, face, "TW-ZH-2", call.at)
        offenders.append(call.player)
    # 5. 包賠 (TW-BP-1/2): the offender pays the three, by the standalone face when no win was
    #    declared, by the declared win's face when it was (TW-YP-5).
    if penalty is not None:
        face = _penalty_face(table, penalty.player, round_wind, terms, rules)
        findings.append(_pay_for_all(ledger, table, terms, penalty, face))
        offenders.append(penalty.player)
    # 6. Settle the valid wins (TW-PAY-1…3) and the fees of a few tai (TW-PC-1, TW-YP-2).
    for j in valid:
        if j.face is not None:
            liable = _liable_for(table, proc, j.win)
            if liable:
                findings.append(_liability_finding(table, j.win, liable))
            _pay_valid_win(ledger, table, terms, j, [l.player for l in liable])
            for p in table.players:
                if p != j.win.player and proc.standing[p].watching:
                    ledger.pay(p, j.win.player, 1, "TW-YP-2", with_base=False, cause=j.win.at)
    for fee in proc.fees:
        ledger.pay(fee.payer, fee.payee, fee.tai, fee.rule, with_base=False, cause=fee.at)
    # 6b. Side bets mirror their principals' payments (TW-HB-1…4; TW-ZH-3, TW-BP-2's bettors).
    lost_to_win = frozenset(p.payer for p in ledger.payments if p.cause in {j.win.at for j in valid})
    influence = proc.influencers()
    voided = mirror(ledger.payments, in_force, ledger, inner_unit=rules.options.inner_unit,
                    voided=frozenset(influence))
    findings = [f for f in findings if not (f.rule == "TW-HB-4" and f.player in influence
                                            and any(v.player == f.player for v in voided))]
    findings.extend(replace(v, at=influence.get(v.player)) for v in voided)  # one finding each
    findings.sort(key=lambda f: -1 if f.at is None else f.at)
    # 7. The next dealer (TW-FLOW-8, TW-ZH-4).
    offenders += [j.win.player for j in judged if not j.valid]
    ended_by_penalty = penalty is not None or any(j.pay_for_all for j in judged)
    result, nxt = _outcome(table, terms, valid, offenders, ended_by_penalty, round_wind, start_dealer,
                           proc.cd3_offenders())
    parties = list(doc.players) + list(doc.bettors)
    ruling = {
        "result": result,
        "complete": not missing,
        "winners": [j.as_json() for j in valid],
        "rulings": [f.as_json() for f in findings],
        "payments": [p.as_json() for p in ledger.payments],
        "net": ledger.net(parties),
        "next": None if nxt is None else {
            "dealer": nxt.dealer, "streak": nxt.streak,
            "round_wind": None if nxt.round_wind is None else code(nxt.round_wind)},
        "missing": missing,
    }
    return ruling, nxt, BetsCarry(in_force, round_wind, lost_to_win)


@dataclass
class Judged:
    win: WinFact
    event: ev.Win
    valid: bool
    score: Optional[Score] = None
    face: Optional[int] = None  # None: the face cannot be known (a missing fact)
    findings: tuple[Finding, ...] = ()
    pay_for_all: Optional[Penalty] = None  # voided as 包賠 rather than 詐和 (TW-YP-5, TW-PR-9)
    self_draw: Optional[Score] = None  # 七搶一 (b) whose replacement wins: paid as a self-draw (TW-FL-3)

    def as_json(self) -> dict:
        tile = self.event.tile if self.event.tile is not None else self.win.tile
        return {"player": self.win.player, "how": self.win.how,
                "tile": None if tile is None else code(tile), "tai": self.face,
                "patterns": [p.as_json() for p in self.score.patterns] if self.score else []}


def _context(table: Table, w: WinFact, round_wind: int, dealer: str) -> WinContext:
    return WinContext(
        concealed=w.concealed or (), win_tile=w.tile, how=w.how, melds=w.melds, flowers=w.flowers,
        seat=table.seat(w.player), round_wind=round_wind, is_dealer=w.player == dealer,
        kong_replacement=w.kong_replacement, last_tile=w.last_tile, last_discard=w.last_discard,
        tian_hu=w.tian_hu, di_hu=w.di_hu, ren_hu=w.ren_hu, tian_ting=w.tian_ting, di_ting=w.di_ting)


def _judge_win(table: Table, proc: Proceedings, w: WinFact, round_wind: int, rules: Rules,
               terms: DealerTerms, missing: list[dict]) -> Judged:
    event = table.events[w.at]
    assert isinstance(event, ev.Win)
    reasons = list(proc.win_reasons.get(w.at, ()))
    reasons += [r for _, r in proc.late_reasons(w.at, _drawn_index(table, w))]
    gaps = _missing_for_win(table, w)
    if gaps and not reasons:
        missing.extend(gaps)
        return Judged(w, event, valid=True, face=None)
    ctx = _context(table, w, round_wind, terms.dealer)
    want = table.rules.hand_size + 1 - 3 * len(w.melds)
    s = Score(False)
    if w.how in ("flower", "rob_flower"):
        if len(w.flowers) == 8:  # TW-TAI-29/30: the hand need not win
            s = score(ctx, rules.options, rules.values)
        else:
            reasons.append(Reason("TW-FL-1", f"僅有花牌{len(w.flowers)}張，未滿8張",
                                  f"he holds {len(w.flowers)} flowers, not 8"))
    elif w.concealed_count != want:
        reasons.append(Reason("TW-XG-1", f"暗牌{w.concealed_count}張，應為{want}張（缺張/逾張）",
                              f"he holds {w.concealed_count} concealed tiles, not {want}"))
    elif not gaps:
        s = score(ctx, rules.options, rules.values)
        if not s.complete:
            reasons.append(Reason("TW-ZH-1", "所示手牌未成五搭一將",
                                  "the declared hand is not five sets and a pair"))
    if not reasons:
        if w.robbed is not None:  # TW-FL-3 (b): a replacement that wins is a self-draw of its own
            flowers = list(w.flowers)
            flowers.remove(w.robbed)
            own = score(replace(ctx, how="self_draw", kong_replacement=True, flowers=tuple(flowers)),
                        rules.options, rules.values)
            if own.complete:
                rob = tuple(p for p in s.patterns if p.rule == "TW-TAI-30")
                both = Score(True, own.patterns + rob)
                return Judged(w, event, valid=True, score=both, face=both.tai, self_draw=own)
        return Judged(w, event, valid=True, score=s, face=s.tai)
    # 詐和 (TW-ZH-1). Its face: option false_win_face (as_declared: what the declared hand would
    # have scored had it been valid, when it is complete).
    if gaps:
        missing.extend(gaps)
        face = None
    else:
        face = _false_win_face(ctx, w, rules, s)
    first = reasons[0]
    found = [Finding(r.rule, w.player, w.at, "ruled", f"{w.player} may not win: {r.en}.",
                     f"{w.player}不得和牌：{r.zh}。") for r in reasons if r.rule != "TW-ZH-1"]
    for r in reasons:  # 包賠, not 詐和, and not a violation
        if r.rule in PAY_FOR_ALL:
            zh, en = PAY_FOR_ALL[r.rule]
            return Judged(w, event, valid=False, face=face, findings=tuple(found),
                          pay_for_all=Penalty(w.player, w.at, r.rule, zh, en))
    face_en = "unknown (a fact is missing)" if face is None else f"face {face} tai"
    found.append(Finding(
        "TW-ZH-1", w.player, w.at, "ruled",
        f"False win (詐和): {w.player} declared a win but {first.en}; he pays each of the three "
        f"base + face, {face_en} (TW-ZH-2).",
        f"詐和：{w.player}宣告和牌但{first.zh}，依底注加牌面台數賠付三家"
        + ("" if face is None else f"（牌面{face}台）") + "。"))
    return Judged(w, event, valid=False, score=None, face=face, findings=tuple(found))


#: reasons that make a win declaration 包賠 rather than 詐和
PAY_FOR_ALL = {
    "TW-YP-5": ("眼牌者和牌而曾過水", "a watcher's win with a passed win found looking back"),
    "TW-PR-9": ("喪失優先權仍推倒和牌", "a win pushed down after losing the priority"),
}


def _hand_end(proc: Proceedings) -> tuple[Optional[int], Optional[int]]:
    """Where a 包賠 or a called false win ends the hand, and the tile wins on which still count."""
    ends = [(p.at, None) for p in proc.penalties[:1]]
    ends += [(c.at, c.contest_at) for c in proc.false_calls]
    if not ends:
        return None, None
    return min(ends, key=lambda x: x[0])


def _liable_for(table: Table, proc: Proceedings, w: WinFact) -> list:
    """代位 (TW-DW-1/2): the liabilities whose window holds this win, ordered for TW-DW-3 (the first
    in turn order after the winner pays an indivisible remainder). Windows: ``next8`` (others'
    self-draws by the next 8 live-wall draws), ``kong_tile`` (杠上開花, or a deal-in by discarding
    a replacement unchanged), ``that_kong_tile`` (the one tile put back on a kong). A kong-tile win
    also makes every wrong 暗杠 on the table liable (TW-CG-1.1, the referee's own check); a wrong
    暗杠 made within the last 8 tiles and found by settlement, every later win (TW-CG-1.3)."""
    drawn = _drawn_index(table, w)
    replacement = _kong_tile_draw(table, w, drawn)
    kong_tile = replacement is not None
    out = []
    for li in proc.liabilities:
        if li.player == w.player or li.at >= w.at:
            continue
        if li.window == "kong_tile" and kong_tile:
            out.append(li)
        elif li.window == "that_kong_tile" and kong_tile and replacement == next(
                (k for k in range(li.since + 1, w.at) if isinstance(table.events[k], ev.Draw)  # type: ignore[operator]
                 and table.events[k].source == "back"), None):
            out.append(li)
        elif li.window == "next8" and w.how == "self_draw" and drawn is not None and li.at < drawn:
            back = getattr(table.events[drawn], "source", "wall") == "back"
            n = sum(1 for k in range(li.at + 1, drawn + (0 if back else 1))
                    if isinstance(table.events[k], ev.Draw) and table.events[k].source == "wall")
            if n <= 8 and (n >= 1 or back):
                out.append(li)
    if kong_tile:
        out += [Liability(c.player, c.at, "TW-CG-1.1", "kong_tile")
                for c in proc.wrong_concealed_kongs(w.at) if c.player != w.player]
    out += [Liability(c.player, c.at, "TW-CG-1.3", "rest_of_hand")  # found by settlement
            for c in proc.wrong_concealed_kongs(w.at)
            if c.player != w.player and c.effective is not None and c.wall is not None and c.wall <= 8]
    first = {li.player: li for li in reversed(out)}  # one liability per player: his earliest
    k = table.players.index(w.player)
    return sorted(first.values(), key=lambda li: (table.players.index(li.player) - k) % 4)


def _kong_tile_draw(table: Table, w: WinFact, drawn: Optional[int]) -> Optional[int]:
    """The replacement draw of a kong-tile win: 杠上開花 on it, or a win on it discarded unchanged
    by its drawer; None for any other win."""
    if w.how == "self_draw":
        return drawn if w.kong_replacement else None
    if w.how != "discard" or w.claimed_at is None or w.claimed_at == 0:
        return None
    d, prev = table.events[w.claimed_at], table.events[w.claimed_at - 1]
    if (isinstance(prev, ev.Draw) and prev.source == "back" and prev.player == d.player  # type: ignore[attr-defined]
            and prev.tile == d.tile):  # type: ignore[attr-defined]
        return w.claimed_at - 1
    return None


_WINDOW = {"next8": ("others' self-draws within the next 8 draws", "其後摸序八張內他人自摸"),
           "kong_tile": ("wins on kong tiles", "涉及杠上牌之和牌"),
           "that_kong_tile": ("wins on the kong tile put back", "其後該張杠上牌之和牌"),
           "rest_of_hand": ("every later win of the hand (a wrong concealed kong within the last 8 tiles)",
                            "末八張內錯暗杠：其後本盤之和牌")}


def _liability_finding(table: Table, w: WinFact, liable: list) -> Finding:
    names = ", ".join(li.player for li in liable)
    why = "; ".join(f"{li.rule} at event {li.at}: {_WINDOW[li.window][0]}" for li in liable)
    why_zh = "；".join(f"{li.rule}（第{li.at}事件）：{_WINDOW[li.window][1]}" for li in liable)
    kind = "self-draw" if w.how == "self_draw" else "win"
    if len(liable) == 1:
        return Finding("TW-DW-1", liable[0].player, w.at, "ruled",
                       f"Substitute liability (代位): {names} pays {w.player}'s {kind} in place of "
                       f"its payers ({why}).",
                       f"代位賠付：{names}代賠{w.player}之和牌（{why_zh}）。")
    return Finding("TW-DW-3", liable[0].player, w.at, "ruled",
                   f"Shared substitute liability (代位): {names} pay {w.player}'s {kind} equally "
                   f"({why}); {liable[0].player}, first after the winner in turn order, pays the "
                   "indivisible remainder.",
                   f"共同代位賠付：{names}平均代賠{w.player}之和牌（{why_zh}）；不能均分之餘數由"
                   f"{liable[0].player}支付。")


def _drawn_index(table: Table, w: WinFact) -> Optional[int]:
    """The event that brought the winning tile into a self-drawing winner's hand."""
    if w.how != "self_draw":
        return None
    for j in range(w.at - 1, -1, -1):
        e = table.events[j]
        if isinstance(e, ev.Draw) and e.player == w.player:
            return j
        if isinstance(e, (ev.Discard, ev.Chi, ev.Pon)) and getattr(e, "player", None) == w.player:
            return None
    return None


def _false_win_face(ctx: WinContext, w: WinFact, rules: Rules, declared: Score) -> int:
    """The face of a false win (TW-ZH, option ``false_win_face``)."""
    opt = rules.options.false_win_face
    if opt.startswith("fixed:"):
        return int(opt.split(":", 1)[1])
    if opt == "as_declared":
        if not declared.complete and w.concealed is not None and w.how not in ("flower", "rob_flower") \
                and w.concealed_count == rules.table.hand_size + 1 - 3 * len(w.melds):
            declared = score(ctx, rules.options, rules.values)
        if declared.complete:
            return declared.tai
    return standalone(ctx, w.shown or (), rules.values).tai


def _missing_for_win(table: Table, w: WinFact) -> list[dict]:
    """Facts a win's face needs that the log does not hold (never guessed)."""
    gaps = []
    if w.how not in ("flower", "rob_flower"):
        if w.concealed is None:
            gaps.append({"fact": "concealed_tiles", "player": w.player, "at": w.at,
                         "needed_for": "TW-TAI: the face of the win"})
        elif w.tile is None:
            gaps.append({"fact": "tile", "player": w.player, "at": w.at,
                         "needed_for": "TW-TAI-11: which tile completed the hand"})
        if w.how == "self_draw" and w.wall_left is None and not w.tian_hu:
            gaps.append({"fact": "wall_left", "player": w.player, "at": w.at,
                         "needed_for": "TW-TAI-25: whether the winning tile was the 海底 tile"})
    for m in w.melds:
        if m.concealed and -1 in m.tiles:
            gaps.append({"fact": "kong_tiles", "player": w.player, "at": w.at,
                         "needed_for": "TW-TAI: the face of the win"})
            break
    return gaps


def _apply_head_bump(table: Table, wins: list[Judged], options: Options) -> list[Judged]:
    """頭跳 TW-PAY-4 (default) or every winner (option multiple_winners: all)."""
    if options.multiple_winners == "all":
        return wins
    by_tile: dict[int, list[Judged]] = {}
    for j in wins:  # wins on one discard or added kong share its index; others stand alone
        key = j.win.claimed_at if j.win.claimed_at is not None else -1 - j.win.at
        by_tile.setdefault(key, []).append(j)
    kept = []
    for group in by_tile.values():
        if len(group) == 1:
            kept.extend(group)
            continue
        first = head_bump(table.players, group[0].win.source, [j.win.player for j in group])
        kept.extend(j for j in group if j.win.player == first)
    return sorted(kept, key=lambda j: j.win.at)


def _payers(table: Table, w: WinFact) -> list[str]:
    """放銃 pays alone (discard, robbed kong TW-PAY-1a, robbed flower TW-TAI-30); otherwise the
    other three (self-draw, 八仙過海)."""
    if w.how in ("discard", "rob_kong", "rob_flower"):
        return [w.source]  # type: ignore[list-item]
    return [p for p in table.players if p != w.player]


_PAY_RULE = {"discard": "TW-PAY-1", "rob_kong": "TW-PAY-1a", "self_draw": "TW-PAY-2",
             "flower": "TW-TAI-29", "rob_flower": "TW-TAI-30"}


def _pay_valid_win(ledger: Ledger, table: Table, terms: DealerTerms, j: Judged,
                   liable: list[str]) -> None:
    if j.self_draw is not None:
        # TW-FL-3 (b): the replacement won as 杠上開花: all three pay that self-draw by its face
        # (the robbed flower not counted), and the robbed player pays the 七搶一 tai apart (flat:
        # the base and the dealer tai are in the self-draw's shares; *interpretation*).
        w = j.win
        pay_win(ledger, terms, w.player, [p for p in table.players if p != w.player], j.self_draw.tai,
                "TW-PAY-2", cause=w.at, liable=liable)
        rob = (j.face or 0) - j.self_draw.tai
        ledger.pay(w.source, w.player, rob, "TW-TAI-30", with_base=False, cause=w.at)  # type: ignore[arg-type]
        return
    pay_win(ledger, terms, j.win.player, _payers(table, j.win), j.face or 0, _PAY_RULE[j.win.how],
            cause=j.win.at, liable=liable)


def _pay_false_win(ledger: Ledger, table: Table, terms: DealerTerms, offender: str, face: int,
                   rule: str, at: int) -> None:
    """TW-ZH-2 (and TW-BP-2, which pays the same way): B + face·T to each of the three; a
    non-dealer offender pays the dealer (1+2N)·T more; a dealer offender pays each
    B + (face + 1 + 2N)·T (paying: the worse N, TW-FLOW-9)."""
    for other in table.players:
        if other == offender:
            continue
        tai = face
        if terms.dealer in (offender, other):
            tai += terms.dealer_tai(dealer_collects=other == terms.dealer)
        ledger.pay(offender, other, tai, rule, cause=at)


def _pay_for_all(ledger: Ledger, table: Table, terms: DealerTerms, penalty: Penalty,
                 face: int) -> Finding:
    """包賠 (TW-BP-2): paid as a false win is (TW-ZH-2); the hand ends."""
    _pay_false_win(ledger, table, terms, penalty.player, face, "TW-BP-2", penalty.at)
    return Finding(
        "TW-BP-1", penalty.player, penalty.at, "ruled",
        f"Pay for all (包賠): {penalty.en} by {penalty.player} ({penalty.rule}); he pays each of "
        f"the three base + face {face} tai (TW-BP-2) and the hand ends.",
        f"包賠：{penalty.player}{penalty.zh}（{penalty.rule}），依底注加牌面{face}台賠付三家，本盤終止。")


def _false_call_face(table: Table, call: FalseCall, round_wind: int, terms: DealerTerms,
                     rules: Rules) -> int:
    """The face of a called false win (TW-ZH face): as_declared scores the hand he called when it
    is complete, else the standalone face of what is on the table."""
    opt = rules.options.false_win_face
    if opt.startswith("fixed:"):
        return int(opt.split(":", 1)[1])
    ctx = WinContext(concealed=call.concealed or (), win_tile=call.tile, how=call.how,
                     melds=call.melds, flowers=call.flowers, seat=table.seat(call.player),
                     round_wind=round_wind, is_dealer=call.player == terms.dealer)
    if opt == "as_declared" and call.concealed is not None:
        s = score(ctx, rules.options, rules.values)
        if s.complete:
            return s.tai
    return standalone(ctx, (), rules.values).tai


def _penalty_face(table: Table, player: str, round_wind: int, terms: DealerTerms, rules: Rules) -> int:
    """A 包賠 with no win declared uses the standalone face (TW-ZH face)."""
    opt = rules.options.false_win_face
    if opt.startswith("fixed:"):
        return int(opt.split(":", 1)[1])
    ps = table.p[player]
    ctx = WinContext(concealed=(), win_tile=None, how="self_draw", melds=tuple(ps.melds),
                     flowers=tuple(ps.flowers), seat=table.seat(player), round_wind=round_wind,
                     is_dealer=player == terms.dealer)
    return standalone(ctx, (), rules.values).tai


def _outcome(table: Table, terms: DealerTerms, valid: list[Judged], offenders: list[str],
             penalty: bool, round_wind: int, start_dealer: Optional[str],
             meld_discarders: list[str]) -> tuple[str, Optional[Carry]]:
    dealer = terms.dealer

    def carry(new: str, streak: int) -> Carry:
        return Carry(new, streak, next_round_wind(round_wind, new, dealer, start_dealer), start_dealer)

    if valid and meld_discarders:  # TW-CD-3: as a penalty, whoever won
        if dealer in meld_discarders:
            return "win", carry(table.next_of(dealer), 0)
        return "win", carry(dealer, terms.streak)

    if valid:  # TW-FLOW-8 (also beside a false win or 包賠 in the same moment, TW-ZH-7)
        if any(j.win.player == dealer for j in valid):
            return "win", carry(dealer, terms.streak + 1)
        return "win", carry(table.next_of(dealer), 0)
    if offenders:
        # TW-ZH-4: an offending dealer loses the deal; otherwise he keeps it and N does not grow.
        result = "penalty" if penalty else "false_win"
        if dealer in offenders:
            return result, carry(table.next_of(dealer), 0)
        return result, carry(dealer, terms.streak)
    if table.ended == "exhaustive_draw":
        return "exhaustive_draw", carry(dealer, terms.streak + 1)
    return "open", None
