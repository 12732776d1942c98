"""Shanghai acceptance probes (RULEBOOK_SH.md read clause by clause as a hidden acceptance suite
would): combinations and edges the other Shanghai modules do not rule yet, each worked out by hand
in its comment (base 5, preset ``qiaoma`` unless a case says otherwise; ``tests.shkit.WAITING``)."""
from __future__ import annotations

import pytest

from api.documents.documents import adjudicate_data
from api.text.text import format_text
from referee.errors import InputError
from tests.shkit import WAITING, discard, doc, draw, rule, rules_of, state, win

NO_KNOCK = {"preset": "qiaoma", "base": 5, "options": {"knock_required": False}}


def chi(p: str, tile: str, with_: list[str]) -> dict:
    return {"type": "chi", "player": p, "tile": tile, "with": with_}


def paid(r) -> list[tuple]:
    return sorted((p["from"], p["to"], p["amount"], p["rule"]) for p in r["payments"])


# --- SH-IRR-4 a wrong claim is a public act, ruled as it happens (SH-IRR-0) -----------------------

#: C (not ready: 123m 456m 78m 11s 45p 5s) chis 9m with 78m, discards 5s and waits on 3p/6p
CHI_HANDS = dict(WAITING, C="123m456m78m11s45p5s")
#: the feeder of the 9m holds one tile more (his discard phase)
FEEDER = {"B": "111p333p999p2z9m", "D": "34789m6789s2p122z4z"}


def chi_then_win(feeder: str) -> list:
    """``feeder`` (B, C's 上家, or D) discards 9m, C chis it and discards 5s; then D and A draw and
    discard, A's discard being 6p, and C declares a win on it."""
    return [state({**CHI_HANDS, feeder: FEEDER[feeder]}, turn=feeder, knocked=()),
            discard(feeder, "9m"), chi("C", "9m", ["7m", "8m"]), discard("C", "5s"), draw("D", "9s"),
            discard("D", "9s"), draw("A", "1z"), discard("A", "6p"), win("C", "discard", "A", "6p")]


def test_a_chi_not_from_the_left_kills_the_hand_without_a_report():  # SH-IRR-4, SH-IRR-0, SH-ZH-1, 2, 3
    # (knock_required off.) C chis D's 9m: D is not his 上家: a wrong claim, a public act ruled as it
    # happens; not restored before C's discard (event 3), so the meld stands and his hand is dead from
    # there. His win on A's 6p is a false win: the 勒子 20 × 5 = 100 to A, B and D; the hand ends,
    # A keeps the deal (streak 1) and the 荒番 counter stays 0
    r = rule(doc(chi_then_win("D"), NO_KNOCK))
    assert rules_of(r) == [("SH-IRR-4", "ruled"), ("SH-ZH-1", "ruled")]
    assert r["rulings"][0]["player"] == "C" and r["rulings"][0]["at"] == 2
    assert paid(r) == [("C", p, 100, "SH-ZH-2") for p in "ABD"] and r["result"] == "false_win"
    assert r["net"] == {"A": 100, "B": 100, "C": -300, "D": 100}
    assert r["next"] == {"dealer": "A", "streak": 1, "round_wind": None, "huang_fan": 0}


def test_the_same_chi_from_the_left_and_the_win_stands():  # SH-IRR-4 near miss, SH-FAN-11, SH-PAY-2
    # B, C's 上家, discards the 9m: the chi is legal; C wins A's 6p: no flowers, 无花果 (special), F 0,
    # P = 10 × 1 = 10 points: A pays 50; C deals next, the counter stays 0
    r = rule(doc(chi_then_win("B"), NO_KNOCK))
    assert r["rulings"] == [] and paid(r) == [("A", "C", 50, "SH-PAY-2")]
    assert r["winners"][0]["points"] == 10 and r["next"]["dealer"] == "C"


def test_a_wrong_chi_restored_before_the_discard_costs_nothing():  # SH-IRR-4 (restored), SH-IRR-0
    # C chis D's 9m and the chi is restored (`correct restore`) before C discards: ruled, no penalty,
    # no dead hand; A (next after D) draws and discards; nothing else happens: no money
    events = chi_then_win("D")[:3] + [{"type": "correct", "player": "C", "about": 2, "action": "restore"},
                                     draw("A", "1z"), discard("A", "1z")]
    r = rule(doc(events, NO_KNOCK))
    assert rules_of(r) == [("SH-IRR-4", "ruled")] and "restored" in r["rulings"][0]["decision"]
    assert r["payments"] == [] and r["result"] == "open"


# --- SH-GS-2 until_own_draw: only his own draw lifts a 漏胡, not a claim ----------------------------

UNTIL_DRAW = {"preset": "qiaoma", "base": 5, "options": {"knock_required": False, "pass_rule": "until_own_draw"}}


def passed_then(b_turn: list) -> list:
    """D discards 2z: B (混碰 on 2z) lets it go, A's draw closes the window (漏胡); ``b_turn`` is B's
    turn; C draws and discards 7s, D draws 5s and discards his second 2z and B declares on it."""
    return [state(dict(WAITING, D="34789m6789s2p122z4z"), turn="D", knocked=()), discard("D", "2z")] + b_turn + [
        draw("C", "7s"), discard("C", "7s"), draw("D", "5s"), discard("D", "2z"), win("B", "discard", "D", "2z")]


def test_a_pong_does_not_lift_a_pass_until_his_own_draw():  # SH-GS-1, SH-GS-2 until_own_draw, SH-GS-3, SH-ZH-2
    # A draws 1p and discards it; B pongs it (111p on the table, 333p 999p 2z kept after discarding
    # 1p): a claim, not a draw: his 漏胡 still bars every discard win. His declaration on D's second
    # 2z is false: the 勒子 100 to each of A, C, D; the hand ends, A keeps the deal
    pong = {"type": "pon", "player": "B", "tile": "1p", "with": ["1p", "1p"]}
    r = rule(doc(passed_then([draw("A", "1p"), discard("A", "1p"), pong, discard("B", "1p")]), UNTIL_DRAW))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-GS-3", "ruled")]
    assert paid(r) == [("B", p, 100, "SH-ZH-2") for p in "ACD"] and r["result"] == "false_win"
    assert r["next"]["dealer"] == "A"


def test_his_own_draw_lifts_the_pass():  # SH-GS-2 until_own_draw near miss, SH-FAN-5, SH-PAY-2
    # A draws 1z and discards it; B draws 9s and discards it: his draw lifts the bar. His win on D's
    # second 2z stands: 混碰 F 2, H 2 (1f and the 西 pong): (2 + 2) × 4 = 16 points, D pays 80
    r = rule(doc(passed_then([draw("A", "1z"), discard("A", "1z"), draw("B", "9s"), discard("B", "9s")]), UNTIL_DRAW))
    assert r["rulings"] == [] and paid(r) == [("D", "B", 80, "SH-PAY-2")] and r["winners"][0]["points"] == 16


def test_a_pass_given_with_a_fan_is_refused_in_the_variants_words():  # §15 status.passed {"tiles": [...]}
    # Shanghai's pass names tiles (SH-GS-4); Sichuan's {"fan": F} is an input error at its path, and
    # its words name no other variant
    position = state(turn="D", status={"B": {"knocked": True, "passed": {"fan": 1}}})
    with pytest.raises(InputError) as err:
        rule(doc([position, discard("D", "2z")]))
    assert list(err.value.errors) == ["hand.events[0].status.B.passed.fan"]
    assert "hk" not in str(err.value.errors)


# --- combinations: 包三口 with two winners on one discard, the liable player one of them ----------

def test_the_liable_player_and_the_covered_one_win_the_same_discard():  # SH-BAO-1, SH-PAY-4, SH-FLOW-9, SH-HF-4
    # D has 111s (pon), 234s (chi) and 777s (pon), all fed by C: C is liable (包三口, listed at the
    # state, event 0). D (88p 45p, no flowers: 无花果, F 0, P 10) and C (123m 456m 789m 22s 45p, no
    # flowers: 无花果 + 门清, F 1, P 20) both win A's 6p: A pays D 50 and C 100 (SH-PAY-4) and C pays
    # D one share more, 50 (SH-BAO-1). The next dealer is the winner first after A: C; the counter
    # stays 0 (a win takes one off, not below 0). A -150, B 0, C +50, D +100
    melds = {"B": [{"kind": "pon", "tiles": "333z", "from": "A"}],
             "D": [{"kind": "pon", "tiles": "111s", "from": "C"}, {"kind": "chi", "tiles": "234s", "from": "C"},
                   {"kind": "pon", "tiles": "777s", "from": "C"}]}
    hands = {"A": "2256m2345s3678p4z1z", "B": "111p333p999p2z", "C": "123m456m789m22s45p", "D": "88p45p"}
    r = rule(doc([state(hands, melds=melds, knocked=("B", "C", "D")), discard("A", "6p"),
                  win("D", "discard", "A", "6p"), win("C", "discard", "A", "6p")]))
    assert paid(r) == [("A", "C", 100, "SH-PAY-4"), ("A", "D", 50, "SH-PAY-4"), ("C", "D", 50, "SH-BAO-1")]
    assert [(w["player"], w["fan"], w["points"]) for w in r["winners"]] == [("D", 0, 10), ("C", 1, 20)]
    assert rules_of(r) == [("SH-BAO-1", "ruled")] and r["rulings"][0]["player"] == "C"
    assert r["net"] == {"A": -150, "B": 0, "C": 50, "D": 100}
    assert r["next"] == {"dealer": "C", "streak": 0, "round_wind": None, "huang_fan": 0}


# --- SH-IRR-2 a false set found at its owner's declaration is ruled, not also "unreported" --------

C3 = {"B": ["1f"], "C": ["2f", "3f", "4f"]}


def wrong_kong_then(tail: list) -> list:
    """C (knocked, three flowers) draws 2s and lays 111s + 2s as a concealed "kong" (SH-IRR-2: not
    four of a kind), then draws 5p from the back."""
    return [state(hands={**WAITING, "C": "123m456m789m111s5p"}, turn="C", phase="draw", flowers=C3), draw("C", "2s"),
            {"type": "kong", "player": "C", "kind": "concealed", "tiles": ["1s", "1s", "1s", "2s"]},
            draw("C", "5p", back=True)] + tail


def test_a_wrong_kong_found_at_the_declaration_is_listed_once():  # SH-IRR-2, SH-IRR-0, SH-ZH-1, 2, 3
    # C self-draws on 5p: the false set makes the declaration false at once: SH-ZH-1 with SH-IRR-2
    # beside it, both ruled; the same wrong kong is in effect, so it is not listed "unreported" as
    # well. 100 to each of A, B, D; A keeps the deal
    r = rule(doc(wrong_kong_then([win("C", "self_draw")])))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-IRR-2", "ruled")]
    assert paid(r) == [("C", p, 100, "SH-ZH-2") for p in "ABD"]


def test_a_wrong_kong_never_reported_nor_declared_on_is_listed_unreported():  # SH-IRR-2, SH-IRR-0 near miss
    # C discards 5p instead: nothing puts the false set in effect: listed once, unreported; no money
    r = rule(doc(wrong_kong_then([discard("C", "5p")])))
    assert rules_of(r) == [("SH-IRR-2", "unreported")] and r["payments"] == []


def test_the_text_ruling_counts_the_dead_hands_event_alike_in_both_languages():  # SH-IRR-4, SH-ZH-1, text
    # the JSON says "since event 3" (0-based, as ``at``: C's discard at 3 made him 相公); the text
    # ruling counts events from 1 in English and in Chinese alike: 4
    document = doc(chi_then_win("D"), NO_KNOCK)
    found = next(f for f in adjudicate_data(document)["hands"][0]["rulings"] if f["rule"] == "SH-ZH-1")
    assert "since event 3" in found["decision"] and "自第3事件起" in found["decision_zh"]
    text = format_text(adjudicate_data(document), document)
    assert "since event 4" in text and "自第4事件起" in text


# --- SH-BAO-1 a third claim undone creates no 包三口 ----------------------------------------------

#: C has ponged 111m and 999s from A (2f 3f laid out) and holds 22z 45p 777s; A discards 2z
BAO3 = {"A": "2256m2345s678p142z", "B": "111p333p999p2z", "C": "22z45p777s", "D": "34789m6789s2p134z"}
BAO3_MELDS = {"B": [{"kind": "pon", "tiles": "333z", "from": "A"}],
              "C": [{"kind": "pon", "tiles": "111m", "from": "A"}, {"kind": "pon", "tiles": "999s", "from": "A"}]}


def bao3(tail: list) -> list:
    position = state(hands=BAO3, melds=BAO3_MELDS, flowers={"B": ["1f"], "C": ["2f", "3f"]}, knocked=())
    return [position, discard("A", "2z"), {"type": "pon", "player": "C", "tile": "2z", "with": ["2z", "2z"]}] + tail


def test_a_third_claim_restored_creates_no_liability():  # SH-BAO-1, SH-BAO-3, SH-PAY-1
    # (knock_required off.) C pons A's 2z, his third claim on A, but the pon is restored (`correct`)
    # before his discard: it never stood, so A is not liable. B draws and discards 5m, C draws 3p
    # and self-draws: H = 2f 3f = 2 (a plain hand may self-draw with 2), F 0: P 4, 20 from each of
    # A, B, D; no extra share, no SH-BAO-1 ruling. A -20, B -20, C +60, D -20
    tail = [{"type": "correct", "player": "C", "about": 2, "action": "restore"}, draw("B", "5m"),
            discard("B", "5m"), draw("C", "3p"), win("C", "self_draw", tile="3p")]
    r = rule(doc(bao3(tail), NO_KNOCK))
    assert r["rulings"] == [] and paid(r) == [(p, "C", 20, "SH-PAY-1") for p in "ABD"]
    assert r["net"] == {"A": -20, "B": -20, "C": 60, "D": -20}


def test_the_third_claim_standing_makes_the_feeder_pay_one_share_more():  # SH-BAO-1 near miss, SH-HUA-2
    # the pon stands: C discards 7s (45p 77s left), D, A, B draw and discard, C self-draws 3p: H = 2f
    # 3f + the 南 pong = 3, F 0: P 5, 25 from each; A, the feeder of three claims, 25 more (at 2)
    tail = [discard("C", "7s"), draw("D", "5m"), discard("D", "5m"), draw("A", "9p"), discard("A", "9p"),
            draw("B", "1m"), discard("B", "1m"), draw("C", "3p"), win("C", "self_draw", tile="3p")]
    r = rule(doc(bao3(tail), NO_KNOCK))
    assert rules_of(r) == [("SH-BAO-1", "ruled")] and r["rulings"][0]["at"] == 2
    assert paid(r) == [("A", "C", 25, "SH-BAO-1"), ("A", "C", 25, "SH-PAY-1"), ("B", "C", 25, "SH-PAY-1"),
                       ("D", "C", 25, "SH-PAY-1")]
    assert r["net"] == {"A": -50, "B": -25, "C": 100, "D": -25}
