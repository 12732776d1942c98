"""Claim priority (TW-PR-1…10), called wins (TW-ZH-1 / TW-GS-1 by `call: win`), TW-XP-5, TW-XP-8,
wrong-count reports (TW-XG-1) and substitute liability's next-8 window (TW-DW-2): each fires, and a
near-miss does not, with the money to the unit.

A deals (dealer tai 1, N = 0), discards 9s; B is his next player. B waits on 7z alone (face of his
self-draw: 門清 1 + 不求 2 + 獨聽 1 = 4); C holds 9s9s (he can pon it, not win on it); D waits on
9p/7p (in D2 on 6s/9s, so he can win on A's 9s).
"""
import pytest

from tests.tablekit import (
    chi, discard, doc, draw, ev, kong, only_hand, pon, rule, state, win,
    paid, rulings_at as ruled,
)

H = {"A": "123m456m789m111z2z3z5s6s9s", "B": "123p456p789p123s456s7z",
     "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p7p"}
D2 = dict(H, D="123s444z555z666z99p7s8s")
START = state(H, turn="A", phase="discard")
START2 = state(D2, turn="A", phase="discard")


def call(player, what, **more):
    return ev("call", player=player, call=what, **more)



# B's false self-draw as 包賠 (TW-PR-9, TW-BP-2): face 4; the dealer A gets 1 dealer tai more.
B_PAYS_FOR_ALL = [("B", "A", 100 + 5 * 20, "TW-BP-2"), ("B", "C", 180, "TW-BP-2"), ("B", "D", 180, "TW-BP-2")]
B_SELF_DRAW = [("A", "B", 100 + 5 * 20, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"), ("D", "B", 180, "TW-PAY-2")]


def test_pr1_pon_called_before_the_draw_wins_and_the_self_draw_is_pay_for_all():
    hand = only_hand(rule(doc(START, discard("A", "9s"), call("C", "pon"), draw("B", "7z"),
                              win("B", "self_draw", "7z"))))
    assert hand["result"] == "penalty"
    assert ruled(hand) == [("TW-PR-1", "B", 4), ("TW-PR-9", "B", 4), ("TW-BP-1", "B", 4)]
    assert paid(hand) == B_PAYS_FOR_ALL
    assert hand["next"]["dealer"] == "A" and hand["next"]["streak"] == 0  # TW-ZH-4


def test_pr1_near_miss_draw_before_the_pon_call_self_draw_stands_and_no_pon_fee():
    hand = only_hand(rule(doc(START, discard("A", "9s"), draw("B", "7z"), call("C", "pon"),
                              win("B", "self_draw", "7z"))))
    assert hand["result"] == "win"
    assert ruled(hand) == [("TW-PR-1", "C", 4)]  # the call lost: no 喊碰未碰 fee (TW-PC-3)
    assert paid(hand) == B_SELF_DRAW


def test_pr2_win_called_before_the_draw_wins_and_both_are_settled():
    hand = only_hand(rule(doc(START2, discard("A", "9s"), call("D", "win"), draw("B", "7z"),
                              win("B", "self_draw", "7z"), win("D", "discard", "9s", frm="A"))))
    assert hand["result"] == "win"  # TW-ZH-7: the 包賠 and the valid win are both settled
    assert [w["player"] for w in hand["winners"]] == ["D"]
    assert ruled(hand) == [("TW-PR-2", "B", 4), ("TW-PR-9", "B", 4), ("TW-BP-1", "B", 4)]
    # D's face 6: A (dealer) pays 100 + (6 + 1) × 20
    assert paid(hand) == B_PAYS_FOR_ALL + [("A", "D", 240, "TW-PAY-1")]
    assert hand["next"]["dealer"] == "B"


def test_pr2_near_miss_draw_first_the_discard_win_is_pay_for_all():
    hand = only_hand(rule(doc(START2, discard("A", "9s"), draw("B", "7z"), call("D", "win"),
                              win("B", "self_draw", "7z"), win("D", "discard", "9s", frm="A"))))
    assert [w["player"] for w in hand["winners"]] == ["B"]
    assert ruled(hand) == [("TW-PR-2", "D", 3), ("TW-PR-9", "D", 5), ("TW-BP-1", "D", 5)]
    assert paid(hand) == [("D", "A", 240, "TW-BP-2"), ("D", "B", 220, "TW-BP-2"),
                          ("D", "C", 220, "TW-BP-2")] + B_SELF_DRAW


def test_pr3_pon_called_before_the_chi_discard_takes_the_tile():
    chi_hands = dict(H, A="123m456m789m111z2z3z5s6s7s", C="111m222m333m148p25p7s7s")
    hand = only_hand(rule(doc(state(chi_hands, turn="A", phase="discard"), discard("A", "7s"),
                              chi("B", "7s", "5s6s"), call("C", "pon"),
                              ev("correct", player="B", about=2, action="restore"),
                              pon("C", "7s"), discard("C", "1m"), ev("end"))))
    assert ruled(hand) == [("TW-PR-3", "C", 5)]
    assert paid(hand) == []


def test_pr3_near_miss_chi_discarded_first_the_pon_call_is_a_pc1_fee():
    chi_hands = dict(H, A="123m456m789m111z2z3z5s6s7s", C="111m222m333m148p25p7s7s")
    hand = only_hand(rule(doc(state(chi_hands, turn="A", phase="discard"), discard("A", "7s"),
                              chi("B", "7s", "5s6s"), call("C", "pon"), discard("B", "7z"), ev("end"))))
    assert ruled(hand) == [("TW-PC-1", "C", 3)]
    assert paid(hand) == [("C", "A", 20, "TW-PC-1")]  # A is not C's 上家: 1 T, flat


def test_pr4_pon_called_before_the_merge_takes_the_tile_back_from_the_draw():
    hand = only_hand(rule(doc(START, discard("A", "9s"), draw("B", "2p"), call("C", "pon"),
                              ev("correct", player="B", about=2, action="return_tile"),
                              pon("C", "9s"), discard("C", "1m"), ev("end"))))
    assert ruled(hand) == [("TW-PR-4", "C", 5)]
    assert paid(hand) == []


def test_pr4_near_miss_pon_called_after_the_merge_lost_and_costs_nothing():
    hand = only_hand(rule(doc(START, discard("A", "9s"), draw("B", "2p"), ev("merge", player="B"),
                              call("C", "pon"), discard("B", "2p"), ev("end"))))
    assert ruled(hand) == [("TW-PR-4", "C", 4)]  # TW-PC-3: a lost call is no 喊碰未碰
    assert paid(hand) == []


# After C's pon at event 4 play resumes: B discards in turn, C draws and discards, D self-draws 7p
# (face 11). A deals: his share carries 1 dealer tai.
RESUMED = [discard("B", "2p"), draw("C", "3p"), discard("C", "3p"), draw("D", "7p"), win("D", "self_draw", "7p")]
D_SHARES = [("A", 340), ("B", 320), ("C", 320)]


def test_pr10_pon_pressed_after_the_merge_dead_hand_and_liable_for_the_next_self_draw():
    hand = only_hand(rule(doc(START, discard("A", "9s"), draw("B", "2p"), ev("merge", player="B"),
                              pon("C", "9s"), *RESUMED)))
    assert ruled(hand) == [("TW-PR-10", "C", 4), ("TW-DW-1", "C", 9)]
    assert paid(hand) == [("C", "D", amount, "TW-DW-1") for _, amount in D_SHARES]
    assert hand["net"] == {"A": 0, "B": 0, "C": -980, "D": 980}


def test_pr10_near_miss_pon_called_before_the_merge_is_no_fault():
    hand = only_hand(rule(doc(START, discard("A", "9s"), draw("B", "2p"), call("C", "pon"),
                              ev("merge", player="B"), pon("C", "9s"), *RESUMED)))
    assert ruled(hand) == [("TW-PR-4", "C", 5)]
    assert paid(hand) == [(p, "D", amount, "TW-PAY-2") for p, amount in D_SHARES]


def test_dw2_a_self_draw_after_the_eighth_draw_is_outside_the_window():
    go_round = []
    for p, t in (("D", "1p"), ("A", "4m"), ("B", "5m"), ("C", "6m"), ("D", "7m"), ("A", "8m"),
                 ("B", "9m")):
        go_round += [draw(p, t), discard(p, t)]
    inside = doc(START, discard("A", "9s"), draw("B", "2p"), ev("merge", player="B"), pon("C", "9s"),
                 discard("B", "2p"), draw("C", "3p"), discard("C", "3p"), *go_round[:12],
                 draw("B", "2s"), discard("B", "2s"), ev("end"))
    assert only_hand(rule(inside))["result"] == "open"
    # C's draw is the 1st after the pon; D's 7p after seven more draws would be the 9th
    late = doc(START, discard("A", "9s"), draw("B", "2p"), ev("merge", player="B"), pon("C", "9s"),
               discard("B", "2p"), draw("C", "3p"), discard("C", "3p"), *go_round[:12],
               draw("B", "2s"), discard("B", "2s"), draw("C", "4p"), discard("C", "4p"),
               draw("D", "7p"), win("D", "self_draw", "7p"))
    hand = only_hand(rule(late))
    assert ("TW-DW-1", "C", len(late["hand"]["events"]) - 1) not in ruled(hand)
    assert {p for p, _, _, r in paid(hand) if r == "TW-PAY-2"} == {"A", "B", "C"}


def test_pr5_pon_beats_a_winner_who_reached_for_the_wall():
    reach_hands = dict(H, B="123p456p789p123s456s9s")  # B can win on A's 9s
    hand = only_hand(rule(doc(state(reach_hands, turn="A", phase="discard"), discard("A", "9s"),
                              ev("reach", player="B", touched=True), pon("C", "9s"),
                              discard("C", "1m"), ev("end"))))
    assert ruled(hand) == [("TW-GS-1", "B", 1), ("TW-PR-5", "C", 3)]
    assert paid(hand) == []


def test_pr5_near_miss_a_win_without_a_reach_comes_before_the_pon():
    hand = only_hand(rule(doc(START2, discard("A", "9s"), call("C", "pon"), pon("C", "9s"),
                              ev("correct", player="C", about=3, action="restore"),
                              win("D", "discard", "9s", frm="A"))))
    assert hand["result"] == "win"
    assert ruled(hand) == [("TW-PR-5", "D", 5)]
    assert paid(hand) == [("A", "D", 240, "TW-PAY-1")]


def test_pr6_a_win_before_the_chi_discard_beats_the_chi():
    chi_hands = dict(D2, A="123m456m789m111z2z3z5s6s9s", B="123p456p789p123s78s7z7z")
    hand = only_hand(rule(doc(state(chi_hands, turn="A", phase="discard"), discard("A", "9s"),
                              chi("B", "9s", "7s8s"), ev("correct", player="B", about=2, action="restore"),
                              win("D", "discard", "9s", frm="A"))))
    assert ruled(hand) == [("TW-PR-6", "D", 4)]
    assert paid(hand) == [("A", "D", 240, "TW-PAY-1")]


def test_pr7_a_win_before_the_drawer_discards_beats_the_draw():
    hand = only_hand(rule(doc(START2, discard("A", "9s"), draw("B", "2p"),
                              win("D", "discard", "9s", frm="A"))))
    assert ruled(hand) == [("TW-PR-7", "D", 3)]
    assert paid(hand) == [("A", "D", 240, "TW-PAY-1")]


def test_pr8_two_winners_the_one_who_reached_is_in_passed_win():
    both = dict(D2, B="123p456p789p123s456s9s")  # B and D can both win on A's 9s
    hand = only_hand(rule(doc(state(both, turn="A", phase="discard"), discard("A", "9s"),
                              ev("reach", player="B"), win("B", "discard", "9s", frm="A"),
                              win("D", "discard", "9s", frm="A"))))
    assert hand["result"] == "win" and [w["player"] for w in hand["winners"]] == ["D"]
    rules = ruled(hand)
    assert ("TW-PR-8", "B", 4) in rules and ("TW-ZH-1", "B", 3) in rules  # 詐和, not 包賠 (TW-PR-9)
    assert ("TW-PR-9", "B", 3) not in rules
    assert ("A", "D", 240, "TW-PAY-1") in paid(hand)


def test_pr8_near_miss_without_the_reach_head_bump_decides_and_nobody_offends():
    both = dict(D2, B="123p456p789p123s456s9s")
    hand = only_hand(rule(doc(state(both, turn="A", phase="discard"), discard("A", "9s"),
                              win("B", "discard", "9s", frm="A"), win("D", "discard", "9s", frm="A"))))
    assert [w["player"] for w in hand["winners"]] == ["B"] and hand["rulings"] == []


# -- call: win ------------------------------------------------------------------------------------

def test_call_win_by_a_player_who_cannot_win_is_a_false_win():
    hand = only_hand(rule(doc(START, discard("A", "9s"), call("C", "win"), ev("end"))))
    assert hand["result"] == "false_win"
    assert ruled(hand) == [("TW-ZH-1", "C", 2)]
    # standalone face 0: C pays each B, the dealer A 1 dealer tai more (TW-ZH-2)
    assert paid(hand) == [("C", "A", 120, "TW-ZH-2"), ("C", "B", 100, "TW-ZH-2"), ("C", "D", 100, "TW-ZH-2")]
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_call_win_followed_by_the_win_is_only_its_intent():
    hand = only_hand(rule(doc(START2, discard("A", "9s"), call("D", "win"), win("D", "discard", "9s", frm="A"))))
    assert hand["rulings"] == [] and paid(hand) == [("A", "D", 240, "TW-PAY-1")]


def test_call_win_not_followed_by_the_win_is_a_passed_win():
    hand = only_hand(rule(doc(START2, discard("A", "9s"), call("D", "win"), pon("C", "9s"),
                              discard("C", "1m"), ev("end"))))
    assert ruled(hand) == [("TW-GS-1", "D", 1)] and paid(hand) == []


def test_call_win_by_a_dead_hand_is_a_false_win_even_when_the_hand_wins():
    hand = only_hand(rule(doc(state(D2, turn="A", phase="discard", status={"D": {"dead_hand": True}}),
                              discard("A", "9s"), call("D", "win"), ev("end"))))
    assert hand["result"] == "false_win"
    assert ("TW-XG-2", "D", 2) in ruled(hand) and ("TW-ZH-1", "D", 2) in ruled(hand)
    # as declared, the called hand would score 6 tai: D pays A 100 + 7 × 20, B and C 100 + 6 × 20
    assert paid(hand) == [("D", "A", 240, "TW-ZH-2"), ("D", "B", 220, "TW-ZH-2"), ("D", "C", 220, "TW-ZH-2")]


# -- TW-XP-5: 靠張 before a concealed kong -----------------------------------------------------------

XP5 = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p111s23s4s7z7z",
       "C": "111m222m333m148p25p9s9s", "D": "789s444z555z666z99p7p7p"}


def _xp5(merge: bool):
    rounds = [discard("B", "4s"), draw("C", "5m"), discard("C", "5m"), draw("D", "6m"), discard("D", "6m"),
              draw("A", "7m"), discard("A", "7m"), draw("B", "1s")]
    rounds += [ev("merge", player="B")] if merge else []
    rounds += [kong("B", "concealed", "1111s"), draw("B", "4s", "back"), win("B", "self_draw", "4s")]
    return doc(state(XP5, turn="B", phase="discard", wall_left=40), *rounds)


def test_xp5_merged_draw_before_a_concealed_kong_and_a_wait_discarded_in_his_go_round():
    hand = only_hand(rule(_xp5(merge=True)))
    assert hand["result"] == "false_win"
    assert ("TW-XP-5", "B", 12) in ruled(hand) and ("TW-ZH-1", "B", 12) in ruled(hand)


def test_xp5_near_miss_without_the_merge_the_replacement_win_stands():
    hand = only_hand(rule(_xp5(merge=False)))
    assert hand["result"] == "win" and hand["rulings"] == []
    assert any(p["rule"] == "TW-TAI-24" for p in hand["winners"][0]["patterns"])  # 杠上開花


# -- TW-XP-8: own-fault exposure ---------------------------------------------------------------------

@pytest.mark.parametrize("fault, expected", [
    pytest.param("own", [("TW-XP-8", "C", 3)], id="own-fault-fires"),
    pytest.param("other", [], id="near-miss-other-fault"),
])
def test_xp8_exposed_tiles_may_not_be_used_to_pon(fault, expected):
    hand = only_hand(rule(doc(START, ev("expose", player="C", tiles="9s9s", fault=fault),
                              discard("A", "9s"), pon("C", "9s"), discard("C", "1m"), ev("end"))))
    assert ruled(hand) == expected and paid(hand) == []


def test_xp8_exposed_tile_forbids_a_win_on_a_discard_but_not_a_self_draw():
    exposed = only_hand(rule(doc(START2, ev("expose", player="D", tiles="7s"), discard("A", "9s"),
                                 win("D", "discard", "9s", frm="A"))))
    assert exposed["result"] == "false_win" and ("TW-XP-8", "D", 3) in ruled(exposed)
    self_draw = only_hand(rule(doc(START2, ev("expose", player="D", tiles="7s"), discard("A", "2z"),
                                   draw("B", "2p"), discard("B", "2p"), draw("C", "3p"), discard("C", "3p"),
                                   draw("D", "9s"), win("D", "self_draw", "9s"))))
    assert self_draw["result"] == "win" and self_draw["rulings"] == []


# -- TW-XG-1: a report of a wrong count names no event -------------------------------------------------

@pytest.mark.parametrize("grab, expected", [
    pytest.param(True, [("TW-XG-1", "C", 3, "unreported"), ("TW-XG-1", "C", 4, "ruled")], id="long-hand-fires"),
    pytest.param(False, [("TW-XG-1", "C", 2, "dismissed")], id="near-miss-right-count"),
])
def test_xg1_a_count_report_without_about(grab, expected):
    """A report of a wrong count names no event: the count at the report decides (C drew out of
    turn and holds 17 at rest; the grab itself is a separate cause, never reported)."""
    events = [START, discard("A", "1z")]
    if grab:
        events += [draw("C", "3p"), ev("act", player="C", act="grab_draw")]
    events += [ev("report", by="D", against="C", offence="TW-XG-1"), ev("end")]
    hand = only_hand(rule(doc(*events)))
    assert [(r["rule"], r["player"], r["at"], r["status"]) for r in hand["rulings"]] == expected
    assert paid(hand) == []
