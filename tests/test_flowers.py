"""Flower faults: a flower win declared before the replacement (TW-FL-1) and flowers discarded or
kept in the hand (TW-FL-4); each fires and has a near-miss, with the money to the unit. B holds 7
flowers and draws the 8th; A deals (N = 0)."""
from tests.tablekit import (
    deal, discard, doc, draw, ev, flower, only_hand, rule, state, win,
    paid, rulings as ruled,
)

H = {"A": "123m456m789m111z2z3z5s6s9s", "B": "123p456p789p123s456s7z",
     "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p7p"}
START = [state(H, turn="A", phase="discard", flowers={"B": ["1f", "2f", "3f", "4f", "5f", "6f", "7f"]}),
         discard("A", "1z"), draw("B", "8f")]
ROUND = [draw("C", "3p"), discard("C", "3p"), draw("D", "4p"), discard("D", "4p"), draw("A", "5p"),
         discard("A", "5p"), draw("B", "6p")]



def test_fl1_flower_win_before_the_replacement_is_void_without_penalty_and_play_goes_on():
    hand = only_hand(rule(doc(*START, flower("B", "8f"), win("B", "flower"), draw("B", "2p", "back"),
                              discard("B", "2p"), ev("end"))))
    assert hand["result"] == "open" and ruled(hand) == [("TW-FL-1", "B", 4, "ruled")] and paid(hand) == []


def test_fl1_declaring_it_again_is_a_false_win():
    hand = only_hand(rule(doc(*START, flower("B", "8f"), win("B", "flower"), draw("B", "2p", "back"),
                              discard("B", "2p"), *ROUND, win("B", "flower"))))
    assert hand["result"] == "false_win"
    assert ("TW-FL-1", "B", 14, "ruled") in ruled(hand) and ("TW-ZH-1", "B", 14, "ruled") in ruled(hand)
    # face 8 (八仙過海): B pays A (dealer) 100 + 9 × 20, C and D 100 + 8 × 20
    assert paid(hand) == [("B", "A", 280, "TW-ZH-2"), ("B", "C", 260, "TW-ZH-2"), ("B", "D", 260, "TW-ZH-2")]


def test_fl1_near_miss_after_the_replacement_the_flower_win_stands():
    hand = only_hand(rule(doc(*START, flower("B", "8f"), draw("B", "2p", "back"), win("B", "flower"))))
    assert hand["result"] == "win" and hand["rulings"] == []
    assert paid(hand) == [("A", "B", 280, "TW-TAI-29"), ("C", "B", 260, "TW-TAI-29"), ("D", "B", 260, "TW-TAI-29")]


def test_fl4_a_discarded_flower_is_a_dead_hand_once_reported():
    hand = only_hand(rule(doc(*START, discard("B", "8f"), ev("report", by="A", against="B", about=3),
                              ev("end"))))
    assert ruled(hand) == [("TW-FL-4", "B", 3, "ruled")] and paid(hand) == []


def test_fl4_a_flower_kept_in_the_hand_is_listed_and_laying_it_out_is_no_fault():
    kept = only_hand(rule(doc(*START, discard("B", "7z"), ev("end"))))
    assert ruled(kept) == [("TW-FL-4", "B", 3, "unreported")]
    laid = only_hand(rule(doc(*START, flower("B", "8f"), draw("B", "2p", "back"), discard("B", "2p"),
                              ev("end"))))
    assert laid["rulings"] == []


# TW-FL-2: B is dealt 8 flowers; he lays them out in the deal's flower pass and replaces them (A deals).
DEALT = [deal(A="123m456m789m111z2z3z5s6s9s", B="123p456p78p1f2f3f4f5f6f7f8f", C="111m222m333m148p25p9s9s",
              D="123s444z555z666z99p7p7p"),
         *[flower("B", f"{k}f") for k in range(1, 9)],
         *[draw("B", t, "back") for t in ["9p", "4s", "4s", "4s", "7z", "7z", "7z", "8s"]]]
FIRST_DRAW = [discard("A", "3z"), draw("B", "1s")]
EIGHT_FLOWERS = [("A", "B", 280, "TW-TAI-29"), ("C", "B", 260, "TW-TAI-29"), ("D", "B", 260, "TW-TAI-29")]


def test_fl2_dealt_eight_flowers_win_at_the_first_draw_in_turn():
    hand = only_hand(rule(doc(*DEALT, *FIRST_DRAW, win("B", "flower"))))
    assert hand["result"] == "win" and hand["rulings"] == [] and paid(hand) == EIGHT_FLOWERS


def test_fl2_near_miss_declared_before_his_first_draw_is_void_and_he_may_declare_it_in_turn():
    early = only_hand(rule(doc(*DEALT, win("B", "flower"), ev("end"))))
    assert early["result"] == "open" and ruled(early) == [("TW-FL-2", "B", 17, "ruled")] and paid(early) == []
    then = only_hand(rule(doc(*DEALT, win("B", "flower"), *FIRST_DRAW, win("B", "flower"))))
    assert ruled(then) == [("TW-FL-2", "B", 17, "ruled")] and paid(then) == EIGHT_FLOWERS


# TW-FL-3: C waits on 2p alone (111m 222m 333m 789s 13p 9s9s); A deals, round 1 (B, C, D are not dealer).
SEVEN = {"A": "123m456m789m111z2z3z5s6s9s", "B": "123p456p789p123s456s7z",
         "C": "111m222m333m789s13p9s9s", "D": "123s444z555z666z99p7p7p"}


def _rob(frm: str) -> dict:
    return ev("rob_flower", player="C", **{"from": frm})


def _robbed_from_the_drawer(replacement: str) -> list[dict]:
    """(a) C holds 7 flowers; D draws the 8th and C robs it before D replaces it."""
    return [state(SEVEN, turn="A", phase="discard", flowers={"C": [f"{k}f" for k in range(1, 8)]}),
            discard("A", "1z"), draw("B", "5p"), discard("B", "5p"), draw("C", "5m"), discard("C", "5m"),
            draw("D", "8f"), _rob("D"), draw("C", replacement, "back"), win("C", "rob_flower", "8f", frm="D")]


def test_fl3a_the_robbed_drawer_pays_eight_tai_and_one_base_as_a_deal_in():
    hand = only_hand(rule(doc(*_robbed_from_the_drawer("4s"))))
    assert hand["winners"][0]["tai"] == 8 and paid(hand) == [("D", "C", 100 + 8 * 20, "TW-TAI-30")]


def test_fl3a_a_replacement_that_also_wins_adds_its_face_still_paid_by_the_robbed_alone():
    hand = only_hand(rule(doc(*_robbed_from_the_drawer("2p"))))
    face = hand["winners"][0]["tai"]
    assert face > 8 and {p["rule"] for p in hand["winners"][0]["patterns"]} >= {"TW-TAI-24", "TW-TAI-30"}
    assert paid(hand) == [("D", "C", 100 + face * 20, "TW-TAI-30")]  # one base only


def _robbed_holder_of_one(replacement: str) -> list[dict]:
    """(b) C holds 6 flowers and D holds 7f; C draws the 8th himself and robs D's 7f."""
    return [state(SEVEN, turn="A", phase="discard", flowers={"C": [f"{k}f" for k in range(1, 7)], "D": ["7f"]}),
            discard("A", "1z"), draw("B", "5p"), discard("B", "5p"), draw("C", "8f"), flower("C", "8f"),
            _rob("D"), draw("C", replacement, "back"), win("C", "rob_flower", "7f", frm="D")]


def test_fl3b_the_holder_of_one_pays_eight_tai_and_one_base():
    hand = only_hand(rule(doc(*_robbed_holder_of_one("4s"))))
    assert paid(hand) == [("D", "C", 100 + 8 * 20, "TW-TAI-30")]


def test_fl3b_a_winning_replacement_is_a_self_draw_of_the_three_and_the_robbed_pays_the_eight_apart():
    hand = only_hand(rule(doc(*_robbed_holder_of_one("2p"))))
    patterns = {p["rule"]: p["tai"] for p in hand["winners"][0]["patterns"]}
    # C's flowers without the robbed 7f: 1f-4f a full colour (花杠) 2 tai; his seat flower 7f is not counted
    assert patterns["TW-TAI-26"] == 2 and patterns["TW-TAI-30"] == 8
    own = hand["winners"][0]["tai"] - 8
    assert paid(hand) == [("A", "C", 100 + (own + 1) * 20, "TW-PAY-2"), ("B", "C", 100 + own * 20, "TW-PAY-2"),
                          ("D", "C", 100 + own * 20, "TW-PAY-2"), ("D", "C", 8 * 20, "TW-TAI-30")]
