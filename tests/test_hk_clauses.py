"""Hong Kong clauses end to end (RULEBOOK_HK.md): each fired by a document, a near miss that does
not fire it, and the money to the unit (`base` 5, `club` unless named: limit portion 640)."""
import pytest

from tests.hkkit import WAITING, discard, doc, draw, rule, rules_of, state, win

FALSE = [state(), discard("A", "9p"), win("B", "discard", "9p", "A")]  # B's tiles are no win
VALID = [state(), discard("A", "2s"), win("C", "discard", "2s", "A")]  # C: 6 番, P 160


def test_a_valid_discard_win_full_pay():  # HK-PAY-2 全銃
    hand = rule(doc(VALID))
    assert hand["result"] == "win" and hand["winners"][0]["fan"] == 6
    assert hand["net"] == {"A": -320, "B": 0, "C": 320, "D": 0}
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}


def test_half_pay():  # HK-PAY-2 半銃: A 160, B and D 80 each
    hand = rule(doc(VALID, {"base": 5, "options": {"payment": "half"}}))
    assert hand["net"] == {"A": -160, "B": -80, "C": 320, "D": -80}


@pytest.mark.parametrize("option, net, penalties", [
    ("reverse_limit", {"A": 640, "B": -1920, "C": 640, "D": 640}, []),
    ("each_limit_self_draw", {"A": 1920, "B": -5760, "C": 1920, "D": 1920}, []),
    ("fixed:50", {"A": 250, "B": -750, "C": 250, "D": 250}, []),
    ("off_table:256", {"A": 0, "B": 0, "C": 0, "D": 0}, [{"player": "B", "amount": 1280, "rule": "HK-ZH-2"}]),
])
def test_false_win_payment_options(option, net, penalties):  # HK-ZH-1, HK-ZH-2
    hand = rule(doc(FALSE, {"base": 5, "options": {"false_win": option}}))
    assert hand["result"] == "false_win" and ("HK-ZH-1", "ruled") in rules_of(hand)
    assert hand["net"] == net and hand["penalties"] == penalties
    assert {p["rule"] for p in hand["payments"]} <= {"HK-ZH-2"}


def test_a_false_win_under_casual_costs_its_own_limit_portion():  # 64 × base
    hand = rule(doc(FALSE, {"preset": "casual", "base": 5}))
    assert hand["net"]["B"] == -3 * 320


def test_dead_hand_false_win_play_goes_on():  # HK-ZH-2 dead_hand, HK-ZH-3
    events = FALSE + [draw("B", "3z"), discard("B", "3z"), draw("C", "5s"), win("C", "self_draw", "5s")]
    hand = rule(doc(events, {"base": 5, "options": {"false_win": "dead_hand"}}))
    assert hand["result"] == "win" and hand["winners"][0]["player"] == "C"
    assert ("HK-ZH-1", "ruled") in rules_of(hand)
    # C self-draws: 混一色 3 + 番子 1 + 門前清 1 + 自摸 1 + 無花 1 = 7, P 240 from each
    assert hand["net"] == {"A": -240, "B": -240, "C": 720, "D": -240}


def test_the_declarer_under_dead_hand_cannot_win_later():  # HK-IRR-1's effect after HK-ZH-2 dead_hand
    hands = dict(WAITING, B="34s111s789p555z99p", C="123456789m1p7z7z5s")
    events = [state(hands), discard("A", "9p"), win("B", "discard", "9p", "A"),  # false: 9p no win
              draw("B", "2s"), win("B", "self_draw", "2s")]
    hand = rule(doc(events, {"base": 5, "options": {"false_win": "dead_hand"}}))
    assert hand["result"] == "open" and hand["winners"] == []
    assert [r for r, _ in rules_of(hand)].count("HK-ZH-1") == 2


def test_dealer_false_win_loses_the_deal():  # HK-ZH-4
    hands = dict(WAITING, A="123456789p444m2s1z", B="2233445566778s")
    hands["D"] = "123m456m789m1p3p5z6z"
    events = [state(hands, turn="D"), discard("D", "6z"), win("A", "discard", "6z", "D")] \
        if False else None
    events = [state(dict(WAITING, D="123456789m1p3p5z6z", B="2233445566778s"), turn="A"),
              win("A", "self_draw", "1z")]
    hand = rule(doc(events, streak=2))
    assert hand["result"] == "false_win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}
    hand = rule(doc(FALSE, streak=2))  # a non-dealer's: dealer and streak as they were
    assert hand["next"] == {"dealer": "A", "streak": 2, "round_wind": "1z"}


def test_a_false_declarer_bumps_nobody():  # HK-ZH-5
    hands = dict(WAITING, B="123456789m1p7z7z5s", D="34s111s789s555z99s"[:0] + "2233445566779p")
    events = [state(hands), discard("A", "2s"), win("B", "discard", "2s", "A"), win("C", "discard", "2s", "A")]
    hand = rule(doc(events))
    assert hand["result"] == "win" and [w["player"] for w in hand["winners"]] == ["C"]
    assert hand["net"] == {"A": -320 + 640, "B": -1920, "C": 320 + 640, "D": 640}


def test_below_the_minimum_is_a_false_win_and_casual_lets_it_win():  # HK-FAN-35
    hands = dict(WAITING, A="123m456p789s222m5s", B="3456789m66z234z1z")
    events = [state(hands, phase="draw"), draw("A", "5s"), win("A", "self_draw", "5s")]
    hand = rule(doc(events))
    assert hand["result"] == "false_win" and "HK-FAN-35" in hand["rulings"][0]["decision"] + "HK-FAN-35"
    assert hand["net"]["A"] == -1920
    hand = rule(doc(events, {"preset": "casual", "base": 5}))
    assert hand["result"] == "win" and hand["net"]["A"] == 15


# 過水 (HK-GS) ----------------------------------------------------------------------------------------

PASS = [state(), discard("A", "2s"), draw("B", "6z"), discard("B", "5s"), win("C", "discard", "5s", "B")]


def test_a_pass_bars_the_next_discard():  # HK-GS-1, 2, 3
    hand = rule(doc(PASS))
    assert hand["result"] == "false_win"
    assert ("HK-GS-3", "ruled") in rules_of(hand) and ("HK-ZH-1", "ruled") in rules_of(hand)


def test_pass_violation_void():  # HK-GS-3 void: no money, play goes on, not 相公
    events = PASS + [draw("C", "7z"), discard("C", "7z"), draw("D", "1z"), discard("D", "8p"),
                     draw("A", "3z"), discard("A", "3z"), draw("B", "2z"), discard("B", "2z"),
                     draw("C", "5s"), win("C", "self_draw", "5s")]
    hand = rule(doc(events, {"base": 5, "options": {"pass_violation": "void"}}))
    assert rules_of(hand)[0] == ("HK-GS-3", "ruled") and "HK-ZH-1" not in [r for r, _ in rules_of(hand)]
    assert hand["result"] == "win" and hand["net"]["C"] == 720


def test_the_pass_is_lifted_by_his_own_draw():  # near miss: HK-GS-2 ends at his next draw
    events = [state(), discard("A", "2s"), draw("B", "6z"), discard("B", "6z"), draw("C", "7z"),
              discard("C", "7z"), draw("D", "5s"), discard("D", "5s"), win("C", "discard", "5s", "D")]
    hand = rule(doc(events))
    assert hand["result"] == "win" and hand["net"] == {"A": 0, "B": 0, "C": 320, "D": -320}


def test_same_tile_rule_bars_only_the_passed_kind():  # HK-GS-2 same_tile_until_move
    hand = rule(doc(PASS, {"base": 5, "options": {"pass_rule": "same_tile_until_move"}}))
    assert hand["result"] == "win"
    events = [state(), discard("A", "2s"), draw("B", "2s"), discard("B", "2s"), win("C", "discard", "2s", "B")]
    hand = rule(doc(events, {"base": 5, "options": {"pass_rule": "same_tile_until_move"}}))
    assert hand["result"] == "false_win"
    assert rule(doc(PASS, {"base": 5, "options": {"pass_rule": "none"}}))["result"] == "win"


def test_a_state_pass_in_force():  # §10.1 status.passed
    events = [state(status={"C": {"passed": True}}), discard("A", "2s"), win("C", "discard", "2s", "A")]
    assert rule(doc(events))["result"] == "false_win"
    events[0]["status"] = {"C": {"passed": {"tiles": ["5s"]}}}
    assert rule(doc(events))["result"] == "win"


# claims (HK-PR) ------------------------------------------------------------------------------------

def test_several_winners_under_all():  # HK-PR-2 all, HK-PAY-6
    hands = dict(WAITING, B="345s678s555z777z2s", C="34s111s789s666z99s")
    events = [state(hands), discard("A", "2s"), win("C", "discard", "2s", "A"), win("B", "discard", "2s", "A")]
    hand = rule(doc(events))  # head bump: B, next after A, alone (7 番: P 240)
    assert [w["player"] for w in hand["winners"]] == ["B"] and hand["net"]["A"] == -480
    hand = rule(doc(events, {"base": 5, "options": {"multiple_winners": "all", "payment": "half"}}))
    assert sorted(w["player"] for w in hand["winners"]) == ["B", "C"]
    assert {p["rule"] for p in hand["payments"]} == {"HK-PAY-6"}  # 2P each, whatever payment says
    assert hand["net"] == {"A": -800, "B": 480, "C": 320, "D": 0}


def test_robbing_a_kong_the_kong_player_pays_3p():  # HK-PR-6, HK-PAY-3, HK-FAN-16
    hands = dict(WAITING, A="123456789p444m1z", B="123456789m3z2s")
    events = [state(hands, turn="B", melds={"B": [{"kind": "pon", "tiles": "222s", "tile": "2s", "from": "D"}]}),
              {"type": "kong", "player": "B", "kind": "added", "tiles": "2222s"},
              win("C", "rob_kong", "2s", "B")]
    hand = rule(doc(events))
    w = hand["winners"][0]
    assert any(p["rule"] == "HK-FAN-16" for p in w["patterns"])
    assert hand["net"]["B"] == -3 * w["portion"] and hand["payments"][0]["rule"] == "HK-PAY-3"


def test_a_thirteen_orphans_wait_let_go_is_a_pass():  # HK-GS-1 for 十三么 (no shape of sets)
    hands = dict(WAITING, C="19m19p19s1234567z", B="123456789m2p3p5s6s")
    hands["A"] = "2345678p444m2s1z1s9p"
    events = [state(hands), discard("A", "1s"), draw("B", "9p"), discard("B", "9p"), win("C", "discard", "9p", "B")]
    hand = rule(doc(events))
    assert hand["result"] == "false_win" and ("HK-GS-3", "ruled") in rules_of(hand)
    events[1] = discard("A", "2s")  # near miss: A's 2s is no wait of his
    hand = rule(doc(events))
    assert hand["result"] == "win" and hand["winners"][0]["limit"] == "HK-FAN-29"


def test_a_self_draw_on_a_tile_he_did_not_draw():  # HK-ZH-1
    events = [state(), discard("A", "9p"), draw("B", "3z"), discard("B", "3z"), draw("C", "5s"),
              win("C", "self_draw", "5s")]
    assert rule(doc(events))["result"] == "win"
    events[-1] = win("C", "self_draw", "9s")  # he holds 9s, but drew 5s
    hand = rule(doc(events))
    assert hand["result"] == "false_win" and "did not draw" in hand["rulings"][0]["decision"]


def test_robbing_a_concealed_kong_only_for_thirteen_orphans():  # HK-PR-6
    hands = dict(WAITING, A="123456789p4444m2s", B="2233445566778s", C="123s456s789s55z35m")
    events = [state(hands), {"type": "kong", "player": "A", "kind": "concealed", "tiles": "4444m"},
              win("C", "rob_kong", "4m", "A")]
    hand = rule(doc(events))
    assert hand["result"] == "false_win" and "十三么" in hand["rulings"][0]["decision"]


def test_a_called_win_that_cannot_stand():  # HK-ZH-1 by call: win
    call = {"type": "call", "player": "B", "call": "win"}
    events = [state(), discard("A", "9p"), call, draw("B", "3z"), discard("B", "3z")]
    hand = rule(doc(events))
    assert hand["result"] == "false_win" and hand["net"]["B"] == -1920
    assert hand["rulings"][0]["rule"] == "HK-ZH-1" and hand["rulings"][0]["at"] == 2
    # near miss: C calls a win he has on A's 2s and then does not declare it: a pass, no fault
    events = [state(), discard("A", "2s"), {"type": "call", "player": "C", "call": "win"},
              draw("B", "3z"), discard("B", "5s"), win("C", "discard", "5s", "B")]
    hand = rule(doc(events))
    assert [r for r, _ in rules_of(hand)] == ["HK-ZH-1", "HK-GS-3"] and hand["rulings"][0]["at"] == 5
    # followed by the win itself: the win is judged, the call is nothing more
    events = [state(), discard("A", "2s"), {"type": "call", "player": "C", "call": "win"},
              win("C", "discard", "2s", "A")]
    assert rule(doc(events))["result"] == "win"


def test_a_declaration_whose_tiles_are_hidden_is_undetermined():  # HK-ZH-1 needs the tiles
    hands = dict(WAITING, C=13)
    events = [state(hands), discard("A", "2s"), win("C", "discard", "2s", "A")]
    hand = rule(doc(events))
    assert hand["result"] == "undetermined" and hand["next"] is None and not hand["complete"]
    assert hand["missing"][0]["fact"] == "concealed_tiles" and hand["payments"] == []
    events[-1]["shown"] = "34s111s789s555z99s"  # near miss: shown, it is ruled
    hand = rule(doc(events))
    assert hand["result"] == "win" and hand["net"]["C"] == 320


def test_a_pass_that_cannot_be_known():  # HK-GS-4: his tiles hidden at an earlier discard
    hands = dict(WAITING, C=13)
    events = [state(hands), discard("A", "2s"), draw("B", "3z"), discard("B", "5s"),
              dict(win("C", "discard", "5s", "B"), shown="34s111s789s555z99s")]
    hand = rule(doc(events))
    assert hand["result"] == "undetermined" and hand["payments"] == []
    assert hand["missing"] == [{"fact": "concealed_tiles", "player": "C", "at": 1,
                                "needed_for": "HK-GS-1: whether he let a win pass there, which would bar this one"}]


def test_a_win_beats_a_pon_made_meanwhile():  # HK-PR-5, HK-PR-3
    hands = dict(WAITING, D="2223445566778s")
    pon = {"type": "pon", "player": "D", "tile": "2s", "with": "22s"}
    events = [state(hands), discard("A", "2s"), pon, win("C", "discard", "2s", "A")]
    hand = rule(doc(events))
    assert hand["result"] == "win" and hand["net"] == {"A": -320, "B": 0, "C": 320, "D": 0}
    events = [state(hands), discard("A", "2s"), pon, discard("D", "8s"), win("C", "discard", "2s", "A")]
    hand = rule(doc(events))  # near miss: the ponner discarded: the window has closed
    assert hand["result"] == "false_win" and "no longer claimable" in hand["rulings"][0]["decision"]
