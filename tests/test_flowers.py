"""Flower faults: a flower win declared before the replacement (TW-FL-1) and flowers discarded or
kept in the hand (TW-FL-4); each fires and has a near-miss, with the money to the unit. B holds 7
flowers and draws the 8th; A deals (N = 0)."""
from tests.tablekit import (
    discard, doc, draw, ev, flower, only_hand, rule, state, win,
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
