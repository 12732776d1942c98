"""The riichi adjudication: one referee's checklist per hand (RULEBOOK_RIICHI).

``adjudicate(document)`` returns the ruling JSON of EVENT_LOG.md with §10's additions. Each hand
runs the steps of ``_rule_hand`` in order, each a call into the family that owns it.
"""
from __future__ import annotations

from typing import Optional

from referee import events as ev
from referee.errors import InputError
from referee.ledger import Ledger
from referee.model import Document, HandRecord
from referee.observer import Unfinished
from referee.tiles import code, kind_of, parse_tile

from rulesbook.hands import envelope, need_dealer, rule_hands
from rulesbook.rotation import next_dealer, next_round_wind

from .docket import Finding, Penalty, Words
from .game import Carry, final, game_over
from .options import RULEBOOK_VERSION, Options
from .proceedings import Proceedings
from .settle import (
    KYOTAKU,
    liable_for,
    nagashi_of,
    pao_of,
    pay_chombo,
    pay_deposits,
    pay_nagashi,
    pay_noten,
    pay_win,
    turn_order_from,
)
from .shapes import tenpai
from .table import RiichiTable, replay
from .wins import Judged, judge, rule_false_win
from .yaku_names import YAKU_NAMES

WINDS = (27, 28, 29, 30)


def adjudicate(doc: Document) -> dict:
    """The ruling of a whole document; ``InputError`` (with JSON paths) for a log that cannot have
    happened."""
    options = Options.of(doc.ruleset.preset, doc.ruleset.options)
    hands, net, carry = rule_hands(doc, list(doc.players) + [KYOTAKU],
                                   lambda record, carry, prefix: _rule_hand(doc, options, record, carry, prefix))
    penalties = [p for ruling in hands for p in ruling["penalties"]]
    out = envelope(doc, RULEBOOK_VERSION, None, hands, net)
    if carry is not None and carry.game_over and carry.scores is not None and not doc.single:
        out["final"] = final(doc.players, carry.scores, carry.sticks, carry.start_dealer, penalties)
    return out


def _seating(doc: Document, options: Options, record: HandRecord, carry: Optional[Carry], prefix: str):
    """The hand's dealer, round wind, honba, sticks and scores: as recorded, else as carried. A
    recorded value that contradicts the previous hand's ruling is an RJ-FLOW-11 finding."""
    need_dealer(record, carry, prefix)
    c = carry
    dealer = record.dealer if record.dealer is not None else c.dealer  # type: ignore[union-attr]
    round_wind = record.round_wind if record.round_wind is not None else (c.round_wind if c else WINDS[0])
    honba = record.honba if record.honba is not None else (c.honba if c else 0)
    sticks = record.sticks if record.sticks is not None else (c.sticks if c else 0)
    scores = dict(record.scores) if record.scores is not None else (
        dict(c.scores) if c and c.scores else None)
    if scores is None and c is None and doc.single is False:
        scores = {p: options.start_points for p in doc.players}
    if scores is not None and set(scores) != set(doc.players):
        raise InputError({f"{prefix}.scores": ["give every player's points, or none"]})
    start_dealer = record.start_dealer or (c.start_dealer if c else None)
    wrong: list[tuple[str, str, str]] = []  # (English, 中文, 日本語)
    if c is not None:
        if c.game_over:
            wrong.append(("the game had ended (RJ-END)", "對局已結束（RJ-END）", "対局は終了していた（RJ-END）"))
        for (en, zh, ja), have, want in ((("dealer", "莊家", "親"), dealer, c.dealer),
                                         (("honba", "本場", "本場"), honba, c.honba),
                                         (("sticks", "供託棒", "供託"), sticks, c.sticks),
                                         (("round wind", "圈風", "場風"), code(round_wind),
                                          code(c.round_wind))):
            if have != want:
                wrong.append((f"{en} {have} (expected {want})", f"{zh}{have}（應為{want}）",
                              f"{ja}{have}（本来は{want}）"))
        if c.scores is not None and scores is not None and scores != c.scores:
            off = [p for p in doc.players if scores[p] != c.scores[p]]
            wrong.append(("scores " + ", ".join(f"{p} {scores[p]} (expected {c.scores[p]})" for p in off),
                          "點數" + "、".join(f"{p} {scores[p]}（應為{c.scores[p]}）" for p in off),
                          "持ち点" + "、".join(f"{p} {scores[p]}（本来は{c.scores[p]}）" for p in off)))
    findings = []
    if wrong:
        en, zh, ja = ("; ".join(w[0] for w in wrong), "；".join(w[1] for w in wrong),
                      "、".join(w[2] for w in wrong))
        findings.append(("RJ-FLOW-11", dealer, Words(
            f"The recorded hand contradicts the previous hand's ruling: {en}; the recorded values "
            "are used for this hand's settlement.", f"本局記錄與上局裁定不符（{zh}），本局依記錄結算。",
            f"本局の記録が前局の裁定と合わない（{ja}）。本局は記録どおり精算する。")))
    return dealer, round_wind, honba, sticks, scores, start_dealer, findings


def replay_watched(players, options: Options, dealer: str, round_wind: int, scores: Optional[dict[str, int]],
                   events, finish: bool = True) -> tuple[RiichiTable, Proceedings, dict[str, int]]:
    """The hand's events replayed with the families watching (``Proceedings``); each player's seat
    wind. ``finish``: the record ends the hand (False: it stops mid-hand, a cut)."""
    seats = {p: WINDS[(players.index(p) - players.index(dealer)) % 4] for p in players}
    proc = Proceedings(players, options, dealer, scores, seats, round_wind)
    table = replay(players, dealer, events, observers=(proc if finish else Unfinished(proc),), red_fives=options.red_fives,
                   kan_dora=options.kan_dora)
    return table, proc, seats  # type: ignore[return-value]


def seating_of(doc: Document, k: int, before: Optional[dict]) -> tuple:
    """Hand ``k``'s dealer, round wind, honba, sticks, scores and starting dealer as its ruling
    used them (``before``: the ruling of hand ``k - 1``, None for the first)."""
    options = Options.of(doc.ruleset.preset, doc.ruleset.options)
    carry = None
    if before is not None and before["next"] is not None:
        n = before["next"]
        start_dealer = None
        for record in doc.hands[:k]:
            start_dealer = record.start_dealer or start_dealer
        carry = Carry(n["dealer"], n["honba"], n["sticks"], parse_tile(n["round_wind"]), before["scores"],
                      start_dealer, n["game_over"])
    return _seating(doc, options, doc.hands[k], carry, "hand")[:6]


def _rule_hand(doc: Document, options: Options, record: HandRecord, carry: Optional[Carry],
               prefix: str) -> tuple[dict, Carry]:
    players = doc.players
    # 0. Who deals, the round wind, honba, sticks and scores (RJ-FLOW-11).
    dealer, round_wind, honba, sticks, scores, start_dealer, seat_findings = \
        _seating(doc, options, record, carry, prefix)
    # 1. Replay with the families watching (RJ-RII, RJ-FUR, RJ-PR, RJ-IRR, RJ-ABT).
    table, proc, seats = replay_watched(players, options, dealer, round_wind, scores, record.events)
    docket = proc.docket
    for rule, player, words in seat_findings:
        docket.rule(rule, player, None, words)
    missing = list(docket.missing)
    # 2. Each win declaration judged at the moment it was made: valuation, furiten, window (those
    # not revealed, on which play went on, were ruled as they were made: ``proceedings``).
    judged = [judge(table, w, proc.moments[w.at], seats[w.player], round_wind, options, missing)  # type: ignore[arg-type]
              for w in table.wins if not w.void]
    for j in judged:
        if not j.valid and j.reason is not None:
            rule_false_win(docket, j, options)
        elif j.valid and proc.claims.win_after_invalid_kan(j.win):
            j.valid = False
    valid = [j for j in judged if j.valid]
    discarder = valid[0].win.source if valid and valid[0].win.how != "self_draw" else None
    # 3. Several rons on one discard (RJ-PAY-4, RJ-ABT-5).
    triple = len(valid) >= 3 and options.multiple_ron == "double" and "triple_ron" in options.abortive_draws
    if discarder is not None:
        order = turn_order_from(players, discarder)
        valid.sort(key=lambda j: order.index(j.win.player))
        if options.multiple_ron == "head_bump":
            valid = valid[:1]
        elif options.multiple_ron == "double":  # two may win (RJ-PAY-4), also with RJ-ABT-5 off
            valid = valid[:2]
    if triple:
        docket.rule("RJ-ABT-5", None, valid[0].win.at, Words(
            "Three players won on the same discard: triple ron (三家和了), an abortive draw; none is scored.",
            "三家同時榮和：三家和了，途中流局，均不計點。", "三家和：途中流局、いずれも和了とならない。"))
        valid = []
    # 4. Chombo (RJ-IRR-0) and what it voids.
    ledger = Ledger(0, 1)
    chombos = [p for p in docket.penalties if p.grade == "chombo"]
    if table.ended == "exhaustive_draw":
        chombos += _at_the_draw(docket, proc, table)
    redeal = bool(chombos) and not (valid and options.chombo_with_win == "both")
    if chombos and valid and options.chombo_with_win == "void_chombo":
        chombos = []
        redeal = False
    # the sticks put out in a re-dealt hand go back to their owners (RJ-FLOW-10): never paid; a
    # riichi standing from a ``state`` put out its stick before it (among the hand's sticks)
    established = [] if redeal else [d for d in proc.riichi.established() if not d.prior]
    # 5. Sticks put out (RJ-RII-3), the wins (RJ-PAY-1…6, 8), draws (RJ-PAY-7, 9).
    pay_deposits(ledger, established)
    on_table = sticks + len(established)
    for d in proc.riichi.made.values():  # a state's riichi won on in time never stood: its stick back
        if d.undone and on_table:
            ledger.pay_points(KYOTAKU, d.player, 1000, "RJ-RII-3", cause=d.discard)
            on_table -= 1
    if redeal:  # a riichi standing from a ``state`` put its stick out in this hand: it goes back
        for d in (d for d in proc.riichi.established() if d.prior):
            if on_table:
                ledger.pay_points(KYOTAKU, d.player, 1000, "RJ-FLOW-10", cause=chombos[0].at)
                on_table -= 1
    for p in docket.penalties:  # RJ-IRR-0 deposits: on the table, taken by the next winner
        if p.grade == "deposit":
            ledger.pay_points(p.player, KYOTAKU, 1000, p.rule, cause=p.at)
            on_table += 1
    result, tenpai_players, kept = "open", None, None
    penalties: list[dict] = []
    liable: dict[str, str] = {}  # winner: the player liable for the win (RJ-PAY-8)
    if valid and not redeal:
        result = "win"
        for j in valid:  # the facts a scored win's value needs (RJ-VAL-3)
            missing += j.needs
        for n, j in enumerate(valid):
            first = n == 0
            melds = list(table.p[j.win.player].melds)  # a pao needs three sets at least: no scan else
            claims_at = _meld_events(table, j.win.player) if len(melds) >= 3 else []
            paos = liable_for(j, pao_of(j.win.player, melds, claims_at, options,
                                        _kan_events(table, j.win.player, melds, claims_at)))
            pay_win(ledger, j, players, dealer, j.win.source if j.win.how != "self_draw" else None, honba,
                    first or options.multi_ron_honba == "each_winner", on_table, first, paos, options)
            for pao in paos if options.pao_scope == "yakuman" else paos[:1]:
                liable.setdefault(j.win.player, pao.player)
                zh, ja, en = YAKU_NAMES[pao.yakuman]
                docket.rule("RJ-PAY-8", pao.player, pao.at, Words(
                    f"Pao: {pao.player} fed the set that completed {j.win.player}'s {en} and pays "
                    "for it.", f"包牌：{pao.player}放出完成{j.win.player}{zh}之牌，負擔其役滿。",
                    f"包（責任払い）：{pao.player}が{j.win.player}の{ja}を確定させる牌を鳴かせたため、"
                    "その役満を支払う。"))
        kept = "win" if any(j.win.player == dealer for j in valid) else None
    elif table.ended == "exhaustive_draw" and not redeal:
        result = "exhaustive_draw"
        tenpai_players = _tenpai(table, docket, options, players,
                                 {d.player for d in proc.riichi.established()})
        # a dead hand may not win and pays as noten (RJ-IRR-5): no nagashi mangan for him
        nagashi = [p for p in nagashi_of(table, players) if not docket.is_dead(p, table.play_over_at or 0)] \
            if options.nagashi_mangan else []
        if nagashi:
            for p in nagashi:
                pay_nagashi(ledger, players, dealer, p, table.play_over_at or 0)
        else:
            pay_noten(ledger, players, dealer, tenpai_players, table.play_over_at or 0)
        kept = "tenpai" if dealer in tenpai_players else None
    elif table.ended == "abort" or triple:
        result = "abortive_draw"
        kept = "other"
    # each offender pays his chombo (RJ-IRR-0): two false rons on one discard, or two false riichi
    # at the draw, are two chombos; a player pays one, whatever else he did in the hand
    offenders: list[Penalty] = []
    for c in chombos:
        if all(o.player != c.player for o in offenders):
            offenders.append(c)
    for offender in offenders:
        if options.chombo == "table_mangan":
            pay_chombo(ledger, players, dealer, offender.player, offender.rule, offender.at)
        else:
            penalties.append({"player": offender.player, "points": int(options.chombo.split(":")[1]),
                              "rule": offender.rule, "applies_to": "final_score"})
    if chombos:
        offender = chombos[0]
        if redeal:
            result = "false_win" if offender.rule == "RJ-IRR-1" else (
                "exhaustive_draw" if table.ended == "exhaustive_draw" else "penalty")
    # 6. The next hand (RJ-FLOW-9/10) and the end of the game (RJ-END).
    net = ledger.net(list(players) + [KYOTAKU])
    after = {p: scores[p] + net[p] for p in players} if scores is not None else None
    sticks_next = 0 if valid and not redeal else on_table  # the first winner took them (RJ-PAY-6)
    nxt = _next(players, options, dealer, round_wind, honba, sticks_next, after, start_dealer,
                result, kept, redeal)
    findings = sorted(docket.findings + _causes(docket), key=lambda f: -1 if f.at is None else f.at)
    ruling = {
        "result": result,
        "complete": not missing,
        "redeal": redeal,
        "winners": [_winner(j, liable.get(j.win.player)) for j in valid] if not redeal else [],
        "rulings": [f.as_json() for f in findings],
        "payments": ledger.as_json(),
        "net": net,
        "scores": after,
        "tenpai": tenpai_players,
        "penalties": penalties,
        "next": None if nxt is None else {
            "dealer": nxt.dealer, "honba": nxt.honba, "sticks": nxt.sticks,
            "round_wind": code(nxt.round_wind), "game_over": nxt.game_over},
        "missing": missing,
    }
    if result == "abortive_draw" and table.ended == "abort" and proc.aborts.ruled:
        ruling["abort"] = proc.aborts.ruled
    elif result == "abortive_draw" and triple:
        ruling["abort"] = "triple_ron"
    return ruling, nxt or Carry(dealer, honba, sticks, round_wind, scores, start_dealer)


def _next(players, options: Options, dealer: str, round_wind: int, honba: int, sticks: int,
          scores: Optional[dict[str, int]], start_dealer: Optional[str], result: str,
          kept: Optional[str], redeal: bool) -> Optional[Carry]:
    """RJ-FLOW-9: who deals next, and the honba counter."""
    if result == "open":
        return None
    if redeal:
        new = dealer if options.chombo_dealer == "keeps" else next_dealer(players, dealer)
        # a chombo's cost that leaves a score below 0 ends the game too (RJ-END-2)
        bust = options.bust and scores is not None and min(scores.values()) < 0
        # under chombo_dealer: passes the dealer did not keep the deal: at the last scheduled hand
        # or in the extension the game may end there (RJ-END-3/4), as after any lost deal
        passed = new != dealer and game_over(players, options, round_wind, dealer, start_dealer, None, scores)
        return Carry(new, honba + (options.chombo_honba == "plus_one"), sticks,
                     next_round_wind(players, round_wind, dealer, new, start_dealer), scores, start_dealer,
                     bust or passed)
    if result == "win":
        new = dealer if kept else next_dealer(players, dealer)
        new_honba = honba + 1 if kept else 0
    else:  # exhaustive or abortive draw: honba + 1 either way
        new = dealer if kept else next_dealer(players, dealer)
        new_honba = honba + 1
    over = game_over(players, options, round_wind, dealer, start_dealer,
                     kept if new == dealer else None, scores)
    return Carry(new, new_honba, sticks, next_round_wind(players, round_wind, dealer, new, start_dealer),
                 scores, start_dealer, over)


def _tenpai(table, docket, options: Options, players, in_riichi: set[str]) -> list[str]:
    """RJ-FLOW-8 / RJ-VAL-6: tenpai by shape (``auto``), or the declared and tenpai
    (``declared``: only a non-riichi player may keep a tenpai hand hidden; players in riichi must
    show, so they count by their hands); a dead hand is never tenpai."""
    out = []
    at = table.play_over_at or 0
    declared = getattr(table.events[at], "tenpai", None)
    for p in players:
        ps = table.p[p]
        if docket.is_dead(p, at) or ps.unknown:
            continue
        if options.tenpai_declaration == "declared" and p not in in_riichi and (declared is None or p not in declared):
            continue
        if tenpai(ps.concealed34(), not ps.melds):
            out.append(p)
    return out


def _at_the_draw(docket, proc, table) -> list:
    """RJ-IRR-2 false riichi and RJ-IRR-3 an invalid kan after riichi, found at the exhaustive draw;
    a wall collapse under ``chombo_if_drawn``."""
    out = []
    at = table.play_over_at or 0
    for d in proc.riichi.established():
        ps = table.p[d.player]
        if not ps.unknown and not docket.is_dead(d.player, at) and not tenpai(ps.concealed34(), not ps.melds):
            w = Words(f"{d.player} is in riichi and not tenpai at the exhaustive draw: false riichi, chombo",
                      f"{d.player}立直而流局時未聽牌：錯立直（罰滿貫）", f"{d.player}はリーチしているが流局時ノーテン：ノーテンリーチ、チョンボ")
            docket.rule("RJ-IRR-2", d.player, at, w)
            out.append(Penalty(d.player, at, "RJ-IRR-2", "chombo", w))
    for p, k in proc.claims.invalid_kans.items():
        proc.claims.ruled_invalid_kan(p)
        w = Words(f"{p}'s concealed kan after riichi was not allowed: chombo at the exhaustive draw",
                  f"{p}立直後不當暗槓：流局時罰滿貫", f"{p}のリーチ後の暗槓は不正：流局でチョンボ")
        docket.rule("RJ-IRR-3", p, at, w)
        out.append(Penalty(p, at, "RJ-IRR-3", "chombo", w))
    for c in docket.causes:
        if c.kind == "wall" and c.grade == "chombo_if_drawn" and c.effective is not None:
            out.append(Penalty(c.player, at, c.rule, "chombo", c.what))
    return out


def _causes(docket) -> list:
    out = []
    for c in docket.causes:
        if c.effective is None:
            out.append(Finding(c.rule, c.player, c.at, "unreported",
                               f"{c.what.en} by {c.player}; never reported or admitted: no effect.",
                               f"{c.player}{c.what.zh}，未經舉發或自承，不生效力。",
                               f"{c.player}：{c.what.ja}。指摘・自己申告がなく、効力なし。"))
            continue
        cost = {"chombo": ("chombo", "罰滿貫", "チョンボ"), "dead_hand": ("his hand is dead", "判和了放棄", "和了放棄"),
                "deposit": ("1000 points to the table", "供託1000點", "供託1000点"),
                "none": ("no penalty", "不罰", "罰なし"),
                "chombo_if_drawn": ("chombo if the hand ends in an exhaustive draw", "若流局則罰滿貫",
                                    "流局ならチョンボ")}.get(c.grade, ("", "", ""))
        if c.stands is not None:  # the act stands, and the cost follows
            cost = (f"{c.stands.en}, and {cost[0]}", f"{c.stands.zh}，{cost[1]}", f"{c.stands.ja}、{cost[2]}")
        out.append(Finding(c.rule, c.player, c.at, "ruled",
                           f"{c.what.en} by {c.player}: {cost[0]} (from event {c.effective}).",
                           f"{c.player}{c.what.zh}：{cost[1]}（自第{c.effective}事件起）。",
                           f"{c.player}：{c.what.ja}。{cost[2]}（第{c.effective}事件から）。"))
    return out


def _meld_events(table, player: str) -> list[int]:
    """The event index of each of the player's melds, in order (a ``state``'s melds: the state's,
    §15.14)."""
    out = []
    for k, e in enumerate(table.events):
        if isinstance(e, ev.State):
            out += [k] * len(e.melds.get(player, ()))
        elif isinstance(e, (ev.Chi, ev.Pon)) and e.player == player and k not in table.undone:
            out.append(k)
        elif isinstance(e, ev.Kong) and e.player == player and k not in table.undone and e.kind != "added":
            out.append(k)
    return out


def _kan_events(table, player: str, melds: list, claims_at: list[int]) -> list[int]:
    """When each of the player's melds became a kan, in meld order: an added kan at its own event
    (its pon's place among the melds is earlier), any other meld at its claim (RJ-PAY-8.1, the
    fourth kan)."""
    added = {kind_of(e.tiles[0]): k for k, e in enumerate(table.events)
             if isinstance(e, ev.Kong) and e.kind == "added" and e.player == player and k not in table.undone}
    return [added.get(kind_of(m.tiles[0]), at) if m.kind == "kong" and m.kong == "added" else at
            for m, at in zip(melds, claims_at)]


def _winner(j: Judged, pao: Optional[str]) -> dict:
    v = j.value
    assert v is not None
    w = j.win
    return {"player": w.player, "how": w.how, "tile": None if w.tile is None else code(w.tile),
            "from": w.source, "han": v.han, "fu": v.fu, "limit": v.limit, "points": v.points,
            "pao": pao, "patterns": j.patterns(),
            "fu_details": [{"fu": f, "reason": r} for f, r in v.fu_details]}

