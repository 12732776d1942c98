"""Shanghai rulings through the loader (RULEBOOK_SH, `qiaoma`, base 5): §15's worked example to the
unit, 敲 (SH-QIAO), the minimum (SH-HU-2), 漏胡 (SH-GS), the false win (SH-ZH), the irregularities
of a locked hand and of flower tiles (SH-IRR); each fired and a near miss, the money by hand."""
import pytest

from referee.errors import InputError
from api.documents.documents import adjudicate_data
from tests.shkit import WAITING, discard, doc, draw, knock, rule, rules_of, state, win

C3 = {"B": ["1f"], "C": ["2f", "3f", "4f"]}  # C with H 3: a plain hand may win on a discard
C2 = {"B": ["1f"], "C": ["2f", "3f"]}  # C with H 2: only by self-draw


def test_the_worked_example_of_section_15():
    # B: 1f, pong 西, 111p 333p 999p 2z; D discards 2z: 混碰 F 2, H 1 + 1 = 2,
    # P = min((2 + 2) × 4, 20) = 16; huang_fan 1, no dice: a 荒番 hand, P = 32, D pays 32 × 5 = 160
    r = rule(doc([state(turn="D"), discard("D", "2z"), win("B", source="D")], huang_fan=1))
    assert r["result"] == "win" and r["rulings"] == []
    assert r["winners"] == [{"player": "B", "how": "discard", "tile": "2z", "from": "D", "fan": 2,
                             "fan_paid": 2, "flowers": 2, "points": 32, "value": 160,
                             "patterns": [{"rule": "SH-FAN-5", "name": "混碰", "en": "half flush all pongs",
                                           "fan": 2}]}]
    assert r["payments"] == [{"from": "D", "to": "B", "amount": 160, "rule": "SH-PAY-2"}]
    assert r["net"] == {"A": 0, "B": 160, "C": 0, "D": -160}
    assert r["huang_fan"] == {"before": 1, "dice": 0, "hand": True, "after": 0}
    assert r["next"] == {"dealer": "B", "streak": 0, "round_wind": None, "huang_fan": 0}


def test_the_same_win_outside_huang_fan_is_one_share():  # SH-PAY-0, SH-PAY-2: 16 × 5 = 80
    r = rule(doc([state(turn="D"), discard("D", "2z"), win("B", source="D")]))
    assert r["payments"] == [{"from": "D", "to": "B", "amount": 80, "rule": "SH-PAY-2"}]
    assert r["huang_fan"] == {"before": 0, "dice": 0, "hand": False, "after": 0}


def test_no_knock_no_win():  # SH-QIAO-4, SH-ZH-1, SH-ZH-2 (勒子 20 × 5 = 100 to each, not doubled)
    r = rule(doc([state(turn="D", knocked=("C",)), discard("D", "2z"), win("B", source="D")], huang_fan=2))
    assert r["result"] == "false_win" and r["winners"] == []
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-QIAO-4", "ruled")]
    assert r["net"] == {"A": 100, "B": -300, "C": 100, "D": 100}
    assert {p["rule"] for p in r["payments"]} == {"SH-ZH-2"}
    assert r["next"] == {"dealer": "A", "streak": 1, "round_wind": None, "huang_fan": 2}  # SH-FLOW-9, SH-HF-4
    assert r["huang_fan"]["after"] == 2


def test_no_knock_needed_when_the_option_is_off():  # SH-QIAO-4 near miss
    r = rule(doc([state(turn="D", knocked=()), discard("D", "2z"), win("B", source="D")],
                 {"preset": "qiaoma", "base": 5, "options": {"knock_required": False}}))
    assert r["result"] == "win" and r["net"]["B"] == 80


def test_knock_with_a_discard_then_win():  # SH-QIAO-1: C knocks with 7p, wins on D's 3p
    # C: H 3 (2f 3f 4f), 门清 F 1: P = (2 + 3) × 2 = 10, D pays 50 (C knocked on the discard
    # before: the knock takes effect from it)
    events = [state(turn="C", knocked=("B",), flowers=C3), discard("C", "7p"), knock("C"),
              draw("D", "6p"), discard("D", "6p"), win("C", source="D")]
    r = rule(doc(events))
    assert r["payments"] == [{"from": "D", "to": "C", "amount": 50, "rule": "SH-PAY-2"}]
    assert r["winners"][0]["patterns"] == [{"rule": "SH-FAN-7", "name": "门清", "en": "concealed hand", "fan": 1}]


@pytest.mark.parametrize("events, at", [
    pytest.param([state(turn="C"), knock("C")], 1, id="not-after-a-discard"),
    pytest.param([state(turn="C", knocked=()), discard("C", "7p"), draw("D", "6p"), knock("C")], 3,
                 id="not-right-after"),
    pytest.param([state(turn="C"), discard("C", "7p"), knock("C")], 2, id="twice"),
])
def test_a_knock_anywhere_else_is_an_input_error(events, at):  # §15 declare
    with pytest.raises(InputError) as err:
        adjudicate_data(doc(events))
    assert list(err.value.errors) == [f"hand.events[{at}]"]


def test_plain_hand_discard_win_needs_three_flowers():  # SH-HU-2
    # H 3: P = (2 + 3) × 2 = 10, A pays 50
    ok = rule(doc([state(flowers=C3), discard("A", "3p"), win("C", source="A")]))
    assert ok["payments"] == [{"from": "A", "to": "C", "amount": 50, "rule": "SH-PAY-2"}]
    # H 2 on a discard: a false win, C pays 100 to each
    bad = rule(doc([state(flowers=C2), discard("A", "3p"), win("C", source="A")]))
    assert rules_of(bad) == [("SH-ZH-1", "ruled"), ("SH-HU-2", "ruled")]
    assert bad["net"] == {"A": 100, "B": 100, "C": -300, "D": 100}


def test_plain_hand_self_draw_needs_two_flowers():  # SH-HU-2, SH-PAY-1
    # H 2, 门清 F 1: P = (2 + 2) × 2 = 8; each of three pays 40, C +120
    r = rule(doc([state(turn="C", phase="draw", flowers=C2), draw("C", "6p"), win("C", "self_draw")]))
    assert [(p["from"], p["amount"], p["rule"]) for p in r["payments"]] == [
        ("D", 40, "SH-PAY-1"), ("A", 40, "SH-PAY-1"), ("B", 40, "SH-PAY-1")]
    assert r["net"]["C"] == 120 and r["next"]["dealer"] == "C"


def test_no_flowers_wins_as_wuhuaguo():  # SH-FAN-11: 10 × 2^1 = 20 points, A pays 100
    r = rule(doc([state(flowers={"B": ["1f"]}), discard("A", "3p"), win("C", source="A")]))
    assert r["winners"][0]["points"] == 20 and r["net"]["C"] == 100


#: C could win on A's 6p and lets it go (B's discard closes his window); D discards 6p later
PASSED = [state(flowers=C3), discard("A", "6p"), draw("B", "5s"), discard("B", "5s"), draw("C", "7p"),
          discard("C", "7p"), draw("D", "6p"), discard("D", "6p"), win("C", source="D")]


def test_a_passed_win_bars_the_tile_for_the_rest_of_the_hand():  # SH-GS-1, 2, 3
    r = rule(doc(PASSED))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-GS-3", "ruled")]
    assert r["result"] == "false_win" and r["net"]["C"] == -300


@pytest.mark.parametrize("rule_, won", [pytest.param("none", True, id="none"),
                                        pytest.param("until_own_draw", True, id="until-own-draw")])
def test_a_passed_win_near_misses(rule_, won):  # SH-GS-2 options: C's own draw lifts the bar
    r = rule(doc(PASSED, {"preset": "qiaoma", "base": 5, "options": {"pass_rule": rule_}}))
    assert (r["result"] == "win") is won and r["net"]["C"] == 50


def test_a_passed_win_voided_under_pass_violation_void():  # SH-GS-3 void: no money, play goes on
    r = rule(doc(PASSED, {"preset": "qiaoma", "base": 5, "options": {"pass_violation": "void"}}))
    assert rules_of(r) == [("SH-GS-3", "ruled")] and r["payments"] == []


def test_an_unknocked_player_misses_nothing():  # SH-GS-1 near miss: not knocked, no 漏胡 to find
    events = [state(flowers=C3, knocked=("B",)), discard("A", "6p"), draw("B", "5s"), discard("B", "5s"),
              draw("C", "7p"), discard("C", "7p"), knock("C"), draw("D", "6p"), discard("D", "6p"),
              win("C", source="D")]
    assert rule(doc(events))["net"]["C"] == 50


def test_false_win_options():  # SH-ZH-2 fixed:K (3 × 5 = 15 to each) and dead_hand (no money)
    events = [state(turn="D", knocked=("C",)), discard("D", "2z"), win("B", source="D")]
    fixed = rule(doc(events, {"preset": "qiaoma", "base": 5, "options": {"false_win": "fixed:3"}}))
    assert fixed["net"] == {"A": 15, "B": -45, "C": 15, "D": 15}
    dead = rule(doc(events, {"preset": "qiaoma", "base": 5, "options": {"false_win": "dead_hand"}}))
    assert dead["payments"] == [] and dead["result"] == "open"


def test_a_false_win_beside_a_valid_one():  # SH-ZH-4: the valid win settled, the false one paid
    # B wins 80 from D; C (plain, H 0 … no: 无花果 but not knocked) pays 100 to each
    events = [state(turn="D", knocked=("B",), hands={**WAITING, "C": "123m456m789m111s2z",
                                                        "D": WAITING["D"] + "4z"}),
              discard("D", "2z"), win("B", source="D"), win("C", source="D")]
    r = rule(doc(events))
    assert r["result"] == "win" and [w["player"] for w in r["winners"]] == ["B"]
    assert r["net"] == {"A": 100, "B": 180, "C": -300, "D": 20}  # D: -80 + 100


def test_a_locked_hand_discarding_another_tile():  # SH-IRR-5, SH-IRR-0
    events = [state(turn="C", phase="draw"), draw("C", "7p"), discard("C", "1s")]
    assert rules_of(rule(doc(events))) == [("SH-IRR-5", "unreported")]
    reported = events + [{"type": "report", "by": "referee", "against": "C", "offence": "SH-IRR-5"}]
    assert rules_of(rule(doc(reported))) == [("SH-IRR-5", "ruled")]
    assert rules_of(rule(doc(events[:2] + [discard("C", "7p")]))) == []  # near miss: the drawn tile


def test_a_knocked_player_may_not_pon():  # SH-IRR-4
    hands = {**WAITING, "A": "2256m2345s1678p4z1z"}
    events = [state(hands=hands), discard("A", "1p"),
              {"type": "pon", "player": "B", "tile": "1p", "with": ["1p", "1p"]}, discard("B", "9p")]
    assert rules_of(rule(doc(events))) == [("SH-IRR-4", "ruled")]  # SH-IRR-0: a claim is ruled as it happens
    free = rule(doc([state(hands=hands, knocked=("C",))] + events[1:]))
    assert rules_of(free) == []  # near miss: not knocked


@pytest.mark.parametrize("c, found", [
    pytest.param("123m456m789m111s2s", [("SH-IRR-2", "unreported")], id="2s-3s-become-2s"),
    pytest.param("123m456m789m111s4p", [], id="4p-stays-4p-near-miss"),
])
def test_a_knocked_kong_that_changes_the_waits(c, found):  # SH-QIAO-2, SH-IRR-2
    events = [state(hands={**WAITING, "C": c}, turn="C", phase="draw"), draw("C", "1s"),
              {"type": "kong", "player": "C", "kind": "concealed", "tiles": ["1s", "1s", "1s", "1s"]},
              draw("C", "9s", back=True), discard("C", "9s")]
    assert rules_of(rule(doc(events))) == found


def test_flower_tiles_laid_out_count_and_a_dragon_discarded():  # SH-FLOW-4, SH-HUA-1, SH-IRR-3
    # B lays out 中 (7z): H = 1f + 7z + 西 pong = 3; 混碰 F 2: min(5 × 4, 20) = 20, D pays 100
    events = [state(turn="B", phase="draw"), draw("B", "7z"), {"type": "flower", "player": "B", "tile": "7z"},
              draw("B", "5s", back=True), discard("B", "5s"), draw("C", "7p"), discard("C", "7p"),
              draw("D", "4z"), discard("D", "2z"), win("B", source="D")]
    r = rule(doc(events))
    assert r["winners"][0]["flowers"] == 3 and r["net"]["B"] == 100
    kept = [state(turn="D", phase="draw"), draw("D", "5z"), discard("D", "5z")]
    assert rules_of(rule(doc(kept))) == [("SH-IRR-3", "unreported")]
    with pytest.raises(InputError) as err:  # SH-FLOW-1: no dragon is a flower with the option off
        adjudicate_data(doc(events, {"preset": "qiaoma", "base": 5, "options": {"dragons_as_flowers": False}}))
    assert list(err.value.errors) == ["hand.events[2].tile"]


def test_a_called_win_by_a_player_who_has_not_knocked():  # SH-QIAO-4 on a ``call: win``, SH-ZH-1
    events = [state(turn="D", knocked=("C",)), discard("D", "2z"), {"type": "call", "player": "B", "call": "win"},
              draw("A", "9s")]
    r = rule(doc(events))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-QIAO-4", "ruled")] and r["net"]["B"] == -300


def test_no_claim_on_the_last_discard():  # SH-FLOW-7, SH-IRR-4
    hands = {**WAITING, "A": "2256m2345s1678p4z1z"}
    events = [state(hands=hands, knocked=(), wall_left=0), discard("A", "1p"),
              {"type": "pon", "player": "B", "tile": "1p", "with": ["1p", "1p"]}, discard("B", "9p")]
    assert rules_of(rule(doc(events))) == [("SH-IRR-4", "ruled")]  # SH-IRR-0: a claim is ruled as it happens
    assert rules_of(rule(doc([state(hands=hands, knocked=(), wall_left=5)] + events[1:]))) == []  # near miss


def test_no_chi_at_a_table_without_it():  # SH-FLOW-5 chi: false, SH-IRR-4
    hands = {**WAITING, "A": "2256m2345s3678p4z1z", "B": "111p333p99p23s"}
    events = [state(hands=hands, knocked=(), melds={"B": [{"kind": "pon", "tiles": "333z", "from": "C"}]}),
              discard("A", "4s"), {"type": "chi", "player": "B", "tile": "4s", "with": ["2s", "3s"]},
              discard("B", "9p")]
    off = {"preset": "qiaoma", "base": 5, "options": {"chi": False}}
    assert rules_of(rule(doc(events, off))) == [("SH-IRR-4", "ruled")]  # SH-IRR-0: a claim is ruled as it happens
    assert rules_of(rule(doc(events))) == []  # near miss: chi allowed by default


def test_a_knock_by_a_hand_not_ready_is_no_offence():  # SH-QIAO-5: locked, every win false
    hands = {**WAITING, "C": "123m456m789m19s45p7p"}  # 1s 9s: not ready
    events = [state(hands=hands, turn="C", knocked=("B",), flowers=C3), discard("C", "7p"), knock("C")]
    assert rules_of(rule(doc(events))) == []
    false = rule(doc(events + [draw("D", "6p"), discard("D", "6p"), win("C", source="D")]))
    assert rules_of(false) == [("SH-ZH-1", "ruled")] and false["net"]["C"] == -300



def test_a_dragon_kept_in_hand():  # SH-FLOW-4, SH-IRR-3: a 中 drawn and kept past his discard
    kept = [state(turn="D", phase="draw"), draw("D", "7z"), discard("D", "2p")]
    assert rules_of(rule(doc(kept))) == [("SH-IRR-3", "unreported")]
    laid = [state(turn="D", phase="draw"), draw("D", "7z"), {"type": "flower", "player": "D", "tile": "7z"},
            draw("D", "4z", back=True), discard("D", "4z")]
    assert rules_of(rule(doc(laid))) == []  # near miss: laid out and replaced
