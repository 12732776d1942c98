"""Irregularities I: play restrictions ruled as made (TW-XP), 吃入打出 on report, the second 相公
violation (TW-XG-5 → 包賠); each fires, and a near-miss does not."""
import pytest

from tests.tablekit import chi, discard, doc, draw, ev, kong, only_hand, pon, rule, state, win

HANDS = {"A": "123m456m789m1111z3z99s", "B": "123p456p789p123s456s9s7z",
         "C": "111m222m333m444p55p66p", "D": "777s888s9p556677z444z"}


def rules_of(document):
    return [(r["rule"], r["player"], r["at"], r["status"]) for r in only_hand(rule(document))["rulings"]]


@pytest.mark.parametrize("wall_left, expected", [
    pytest.param(3, [("TW-XP-7", "A", 2, "ruled")], id="fires-at-3-left"),
    pytest.param(4, [], id="near-miss-4-left"),
])
def test_xp7_no_claim_within_the_last_three_tiles(wall_left, expected):
    d = doc(state(HANDS, turn="B", phase="discard", wall_left=wall_left), discard("B", "9s"),
            pon("A", "9s", "9s9s"), discard("A", "3z"), ev("end"))
    assert rules_of(d) == expected


def test_xp1_kong_straight_after_a_pon():
    d = doc(state(HANDS, turn="B", phase="discard"), discard("B", "9s"), pon("A", "9s", "9s9s"),
            kong("A", "concealed", "1111z"), draw("A", "2z", "back"), discard("A", "2z"), ev("end"))
    assert rules_of(d) == [("TW-XP-1", "A", 3, "ruled")]
    near = doc(state(HANDS, turn="B", phase="discard"), discard("B", "9s"), pon("A", "9s", "9s9s"),
               discard("A", "3z"), ev("end"))
    assert rules_of(near) == []


A17 = dict(HANDS, A="123m456m789m1111z3z99s3p", B="123p456p789p123s456s7z")


@pytest.mark.parametrize("tile, reported, expected", [
    pytest.param("3p", True, [("TW-XP-6", "B", 3, "ruled")], id="same-tile-reported"),
    pytest.param("3p", False, [("TW-XP-6", "B", 3, "unreported")], id="same-tile-unreported"),
    pytest.param("1s", True, [("TW-XG-4", "B", 4, "dismissed")], id="near-miss-other-tile"),
])
def test_xp6_discarding_the_chi_tile(tile, reported, expected):
    events = [state(A17, turn="A", phase="discard"), discard("A", "3p"), chi("B", "3p", "1p2p"),
              discard("B", tile)]
    if reported:
        events.append(ev("report", by="C", against="B", about=3))
    assert rules_of(doc(*events, ev("end"))) == expected


@pytest.mark.parametrize("before, expected_result, payments", [
    pytest.param(1, "penalty", [("C", "A", 120), ("C", "B", 100), ("C", "D", 100)], id="second-violation"),
    pytest.param(0, "open", [], id="near-miss-first-violation"),
])
def test_xg5_a_dead_hand_claiming(before, expected_result, payments):
    d = doc(state(HANDS, turn="B", phase="discard",
                  status={"C": {"dead_hand": True, "dead_hand_violations": before}}),
            discard("B", "5p"), pon("C", "5p", "5p5p"),
            *([] if before else [discard("C", "1m")]),  # a 包賠 ends the hand: no discard after it
            ev("end"))
    hand = only_hand(rule(d))
    assert hand["result"] == expected_result
    assert [(p["from"], p["to"], p["amount"]) for p in hand["payments"]] == payments
    assert ("TW-XG-5", "C", 2, "ruled") in [(r["rule"], r["player"], r["at"], r["status"])
                                             for r in hand["rulings"]]



@pytest.mark.parametrize("recoverable, result, payments", [
    pytest.param(False, "penalty", [("C", "A", 120), ("C", "B", 100), ("C", "D", 100)], id="beyond-recovery"),
    pytest.param(True, "open", [], id="near-miss-restored"),
])
def test_bp1_the_wall_disturbed_beyond_recovery_is_pay_for_all(recoverable, result, payments):
    """TW-BP-1: a disturbance beyond recovery is 包賠 (standalone face 0 here; A deals: 1 dealer
    tai); restored, it costs nothing and the ruling says so. A report of it finds it in effect."""
    d = doc(state(HANDS, turn="B", phase="discard"), discard("B", "7z"),
            ev("act", player="C", act="wall_disturbed", recoverable=recoverable),
            ev("report", by="B", against="C", about=2))
    hand = only_hand(rule(d))
    assert hand["result"] == result
    assert [(p["from"], p["to"], p["amount"]) for p in hand["payments"]] == payments
    assert [(r["rule"], r["player"], r["at"], r["status"]) for r in hand["rulings"]] == [
        ("TW-BP-1", "C", 2, "ruled"), ("TW-BP-1", "C", 3, "ruled")]


XP2 = {"A": "456m789m999m1111z3z99s", "B": "123p456p789p123s456s7z3m",
       "C": "33m222m456p789p123s6p5z", "D": "777s888s9p556677z444z"}


def _two_kongs(*finish: dict) -> dict:
    """C pons 3m, then kongs D's 2m (a 碰杠) and plays on: his latest kong is the claimed one."""
    return doc(state(XP2, turn="B", phase="discard"), discard("B", "3m"), pon("C", "3m", "3m3m"),
               discard("C", "5z"), draw("D", "2m"), discard("D", "2m"), kong("C", "claimed", "2222m"),
               *finish)


def test_xp2_an_added_kongs_replacement_may_win_after_an_earlier_claimed_kong():
    """TW-XP-2 forbids the self-draw on a 碰杠's replacement only: C's latest kong is an added kong
    (加杠, upgrading his earlier pon in place), so its replacement wins."""
    d = _two_kongs(draw("C", "5z", "back"), discard("C", "5z"), draw("D", "1p"), discard("D", "1p"),
                   draw("A", "2p"), discard("A", "2p"), draw("B", "9s"), discard("B", "9s"),
                   draw("C", "3m"), kong("C", "added", "3333m"), draw("C", "6p", "back"),
                   win("C", "self_draw", "6p"))
    hand = only_hand(rule(d))
    assert hand["result"] == "win" and rules_of(d) == []


def test_xp2_near_miss_the_claimed_kongs_own_replacement_may_not_win():
    d = _two_kongs(draw("C", "6p", "back"), win("C", "self_draw", "6p"))
    assert only_hand(rule(d))["result"] == "false_win"
    assert [r[:3] for r in rules_of(d)] == [("TW-XP-2", "C", 8), ("TW-ZH-1", "C", 8)]
