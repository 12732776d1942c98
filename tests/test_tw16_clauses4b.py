"""tw16 disputes, round 4 (continued from tests/test_tw16_clauses4.py, whose docstring says how they are
written): disputes 11–23, where irregularities meet in one hand: 錯打明牌 won on beside a 詐和, a
相公's meld discard, 搶杠 passed, a watcher's 包賠, the streak marker, wrong kongs at an unknown
wall, one act under two clauses, side bets withdrawn, two false wins, a put-back tile, 天聽 with
相公, a reach, 搶花 by a 相公.
"""
from tests.tablekit import discard, doc, draw, ev, kong, only_hand, paid, pon, rule, rulings as ruled, state, win
from tests.test_tw16_clauses4 import (B_FALSE, B_WINS, CLAIMS, EARLY, FOUND, KONGER, LATE, MISDRAWN_7Z, PON_5S,
                                      SEVEN, call, report, with_bettors)


# -- 11. 錯打明牌 won on, and a 詐和 in the same hand: who deals next (TW-CD-3, TW-ZH-4/7, FLOW-8) ----
#
# B discards 5s out of his chi 345s (event 1); D wins on it: 北 444z 1 + 發 666z 1 + 門清 1 = 3, B
# pays 100 + 3 × 20 = 160 (TW-CD-3). TW-CD-3 keeps the deal with the dealer when the offender is
# not the dealer, but TW-FLOW-8 sends a hand ended by a penalty to TW-ZH-4, and by TW-ZH-4 a
# false-winning dealer loses the deal: when the dealer A also false-wins in that hand, B deals next.
# A's declared hand (123m 456m 789m 111z 2z 3z 5s 6s + the tile) does not win: the standalone face,
# 東 111z laid down, is his seat and the round wind: 2. A pays each 100 + (2 + 1) × 20 = 160.
MELD_5S = state({"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s7z4s",
                 "C": "111m222m333m456p9s9s3s5s", "D": "123s444z666z789p67s99p"},
                turn="B", phase="discard", melds={"B": [{"kind": "chi", "tiles": "345s", "tile": "3s", "from": "A"}]})
FROM_MELD = ev("discard", player="B", tile="5s", from_meld=True)
RESTORED = [ev("correct", player="B", about=1, action="restore"), discard("B", "4s")]
A_FALSE = [("A", "B", 160, "TW-ZH-2"), ("A", "C", 160, "TW-ZH-2"), ("A", "D", 160, "TW-ZH-2")]


def test_cd3_zh4_a_dealer_false_winning_beside_the_meld_discard_win_loses_the_deal():
    hand = only_hand(rule(doc(MELD_5S, FROM_MELD, win("A", "discard", "5s", frm="B"), win("D", "discard", "5s", frm="B"),
                              *RESTORED)))
    assert ("TW-CD-3", "B", 1, "ruled") in ruled(hand) and ("TW-ZH-1", "A", 2, "ruled") in ruled(hand)
    assert paid(hand) == A_FALSE + [("B", "D", 160, "TW-PAY-1")]
    assert hand["result"] == "win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_cd3_zh4_a_dealer_false_winning_on_the_forced_discard_loses_the_deal():
    hand = only_hand(rule(doc(MELD_5S, FROM_MELD, win("D", "discard", "5s", frm="B"), *RESTORED,
                              win("A", "discard", "4s", frm="B"))))
    assert ("TW-ZH-1", "A", 5, "ruled") in ruled(hand)
    assert paid(hand) == A_FALSE + [("B", "D", 160, "TW-PAY-1")]
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_cd3_near_miss_a_non_dealer_false_winning_beside_it_leaves_the_deal_with_the_dealer():
    # C's declared hand (111m 222m 333m 456p 9s9s 3s5s + 5s) does not win: standalone face 0; C pays
    # A 100 + 20 = 120, B and D 100. The dealer A keeps the deal, N does not grow (TW-CD-3, TW-ZH-4).
    hand = only_hand(rule(doc(MELD_5S, FROM_MELD, win("C", "discard", "5s", frm="B"), win("D", "discard", "5s", frm="B"),
                              *RESTORED, streak=1)))
    # A on a streak of 1: C pays him 100 + (0 + 1 + 2) × 20 = 160.
    assert paid(hand) == [("C", "A", 160, "TW-ZH-2"), ("C", "B", 100, "TW-ZH-2"), ("C", "D", 100, "TW-ZH-2"),
                          ("B", "D", 160, "TW-PAY-1")]
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


# -- 12. A 相公 discards from his exposed set and is called on: the new cause is his second
#    violation (TW-CD-2, TW-XG-5, TW-BP-1/2, TW-HB-1) -------------------------------------------
#
# B (相公, one violation already) throws 5s out of his chi 345s; C, his next player, calls chi
# showing 6s7s; B restores the set (event 3). TW-CD-2 makes him 相公 again, a new cause: the second
# violation, 包賠 on the standalone face (no honour set, no flower: 0): A 100 + 20 = 120, C and D
# 100; and the 1 T fee to C, who showed his tiles. X backs C at 50/10, accepted by B and D: he
# mirrors each payment between B and C: the 包賠 (0 tai) 50 + 0 = 50, the fee 1 tai with no base, 10.
CALLED = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s7z4s", "C": "111m222m333m456p1z9s6s7s",
          "D": "123s444z666z789p1s7s99p"}
CHI_345S = {"B": [{"kind": "chi", "tiles": "345s", "tile": "3s", "from": "A"}]}


def _called_on(violations):
    return with_bettors(doc(
        state(CALLED, turn="B", phase="discard", melds=CHI_345S,
              status={"B": {"dead_hand": True, "dead_hand_violations": violations}}),
        FROM_MELD, call("C", "chi", **{"with": "6s7s"}), ev("correct", player="B", about=1, action="restore"), ev("end"),
        side_bets=[{"id": "x", "kind": "outer", "bettor": "X", "principal": "C", "stake": {"base": 50, "tai": 10},
                    "accepted_by": ["B", "D"]}]), "X")


def test_cd2_xg5_a_dead_hands_meld_discard_called_on_is_his_second_violation_pay_for_all_and_the_fee():
    ruling = rule(_called_on(1))
    hand = only_hand(ruling)
    assert ruled(hand) == [("TW-CD-2", "B", 1, "ruled"), ("TW-BP-1", "B", 3, "ruled")]
    assert paid(hand) == [("B", "A", 120, "TW-BP-2"), ("B", "C", 100, "TW-BP-2"), ("B", "D", 100, "TW-BP-2"),
                          ("B", "C", 20, "TW-CD-2"), ("B", "X", 50, "TW-HB-1"), ("B", "X", 10, "TW-HB-1")]
    assert ruling["net"] == {"A": 120, "B": -400, "C": 120, "D": 100, "X": 60}
    assert hand["result"] == "penalty" and hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_cd2_near_miss_as_his_first_violation_only_the_fee_and_its_mirror():
    ruling = rule(_called_on(0))
    hand = only_hand(ruling)
    assert ruled(hand) == [("TW-CD-2", "B", 1, "ruled")] and hand["result"] == "open"
    assert paid(hand) == [("B", "C", 20, "TW-CD-2"), ("B", "X", 10, "TW-HB-1")]


# -- 13. A 搶杠 passed, then a win on the other wait (TW-GS-4 for 加杠, TW-TAI-12, TW-GS-1/2) -------
#
# B (123p 456p 789p 999m 11z 34s) waits on 2s or 5s. C adds the 4th 5s to his pon (event 2): B could
# rob it and does not: 過水. D then throws 2s and B pushes down: 詐和, as declared 門清 1: A
# 100 + 20 + 20 = 140, C and D 120.
ROB = {"A": "111s222s666s1234567z", "B": "123p456p789p999m11z34s", "C": "123m456m789m66z79p",
       "D": "147m258m36m2s88s444z66p"}
ADDS_5S = [state(ROB, turn="C", melds=PON_5S), draw("C", "5s"), kong("C", "added", "5s5s5s5s"),
           draw("C", "3z", "back"), discard("C", "3z")]


def test_gs4_a_robbable_kong_let_go_is_a_pass_and_the_next_win_is_false():
    hand = only_hand(rule(doc(*ADDS_5S, draw("D", "7z"), discard("D", "2s"), win("B", "discard", "2s", frm="D"))))
    assert ruled(hand) == [("TW-GS-1", "B", 2, "ruled"), ("TW-GS-2", "B", 7, "ruled"), ("TW-ZH-1", "B", 7, "ruled")]
    assert paid(hand) == [("B", "A", 140, "TW-ZH-2"), ("B", "C", 120, "TW-ZH-2"), ("B", "D", 120, "TW-ZH-2")]


def test_gs4_near_miss_his_own_discard_in_between_lifts_it_and_d_pays_the_win():
    hand = only_hand(rule(doc(*ADDS_5S, draw("D", "7z"), discard("D", "7z"), draw("A", "1p"), discard("A", "1p"),
                              draw("B", "1m"), discard("B", "1m"), draw("C", "2m"), discard("C", "2m"), draw("D", "3p"),
                              discard("D", "2s"), win("B", "discard", "2s", frm="D"))))
    # 門清 1: D pays 100 + 20 = 120.
    assert ruled(hand) == [("TW-GS-1", "B", 2, "ruled")] and paid(hand) == [("D", "B", 120, "TW-PAY-1")]


# -- 14. A watcher's 包賠 (a pass found looking back) beside a valid win on the same discard ---------
#    (TW-YP-5, TW-BP-2, TW-ZH-7, TW-PAY-4, TW-YP-2)
#
# D watches (123s 444z 555z 666z 99p 7z7z, ready on 9p or 7z) and lets A's 9p go (unreported). C
# throws 7z: D, nearer to C, pushes down, and so does B (waiting on 7z alone). D's win is 包賠
# (TW-YP-5), face as declared: 北 1 + 大三元 8 (no 箭字刻) + 三暗刻 2 (444z 555z 666z; 777z came by the
# discard) + 門清 1 = 12: A 100 + 12 × 20 + 20 = 360, B and C 340. B's win stands (a 包賠 bumps
# nobody): 門清 1 + 獨聽 1 = 2, C pays 140; and the watcher D owes the winner his 1 T.
WATCHER_7Z = dict(SEVEN, C="111m222m333m148p25p9s7z", D="123s444z555z666z99p7z7z")


def _watcher_beside(status):
    return doc(state(WATCHER_7Z, turn="A", status={"D": status} if status else {}), draw("A", "9p"), discard("A", "9p"),
               draw("B", "4m"), discard("B", "4m"), draw("C", "5m"), discard("C", "7z"),
               win("D", "discard", "7z", frm="C"), win("B", "discard", "7z", frm="C"))


def test_yp5_zh7_a_watchers_pay_for_all_beside_a_valid_win_and_his_fee_to_the_winner():
    hand = only_hand(rule(_watcher_beside({"watching": True})))
    assert ("TW-YP-5", "D", 7, "ruled") in ruled(hand) and ("TW-BP-1", "D", 7, "ruled") in ruled(hand)
    assert paid(hand) == [("D", "A", 360, "TW-BP-2"), ("D", "B", 340, "TW-BP-2"), ("D", "C", 340, "TW-BP-2"),
                          ("C", "B", 140, "TW-PAY-1"), ("D", "B", 20, "TW-YP-2")]
    assert hand["result"] == "win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_yp5_near_miss_not_watching_the_same_pass_is_plain_guo_shui_a_false_win_and_no_fee():
    # D has not discarded since the pass: his 過水 stands, so his win is 詐和 (TW-GS-2), not 包賠,
    # with the same face: A 360, B and C 340; B's win stands; no watcher, no fee.
    hand = only_hand(rule(_watcher_beside(None)))
    assert ("TW-GS-2", "D", 7, "ruled") in ruled(hand)
    assert paid(hand) == [("D", "A", 360, "TW-ZH-2"), ("D", "B", 340, "TW-ZH-2"), ("D", "C", 340, "TW-ZH-2"),
                          ("C", "B", 140, "TW-PAY-1")]


# -- 15. The streak marker in a 詐和 and in the side bet that mirrors it (TW-FLOW-9, TW-ZH-2/6, HB-1) -
#
# A deals on a true streak of 1. B's self-draw on a misdrawn 7z is reported after the win: 詐和,
# face 4 (section 3). X backs A at 50/10, accepted by B. The dealer always gets the worse of marker
# and true N, and X's mirror counts the same tai as A's payment.
def _marker(marker, *events):
    return with_bettors(doc(*events, streak=1, streak_marker=marker, side_bets=[
        {"id": "x", "kind": "outer", "bettor": "X", "principal": "A", "stake": {"base": 50, "tai": 10},
         "accepted_by": ["B"]}]), "X")


def test_flow9_hb1_a_low_marker_the_dealer_collects_the_false_win_by_it_and_so_does_his_bettor():
    hand = only_hand(rule(_marker(0, *MISDRAWN_7Z, report("B", 2, by="C"))))
    # Marker 0 < N 1: A collects by the marker: 100 + (4 + 1 + 0) × 20 = 200; X: 50 + 5 × 10 = 100.
    assert paid(hand) == [("B", "A", 200, "TW-ZH-2"), ("B", "C", 180, "TW-ZH-2"), ("B", "D", 180, "TW-ZH-2"),
                          ("B", "X", 100, "TW-HB-1")]
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


def test_flow9_near_miss_the_true_marker_collects_both_dealer_tai():
    hand = only_hand(rule(_marker(1, *MISDRAWN_7Z, report("B", 2, by="C"))))
    # 100 + (4 + 1 + 2) × 20 = 240; X: 50 + 7 × 10 = 120.
    assert paid(hand) == [("B", "A", 240, "TW-ZH-2"), ("B", "C", 180, "TW-ZH-2"), ("B", "D", 180, "TW-ZH-2"),
                          ("B", "X", 120, "TW-HB-1")]


def test_flow9_hb1_a_high_marker_the_dealer_pays_the_valid_win_by_it_and_so_does_his_bettor():
    hand = only_hand(rule(_marker(2, *MISDRAWN_7Z)))
    # Unreported, B's self-draw stands. Marker 2 > N 1: A pays by the marker: 100 + (4 + 1 + 4) × 20
    # = 280; X pays B 50 + 9 × 10 = 140.
    assert paid(hand) == [("A", "B", 280, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"), ("D", "B", 180, "TW-PAY-2"),
                          ("X", "B", 140, "TW-HB-1")]


# -- 16. A wrong kong at a wall the log does not give: `missing`, never a guess (TW-CG-1.2/1.3/2.3) ---
#
# Whether a wrong kong was made within the last 8 tiles decides who pays a later win (TW-CG-1.3) or
# whether it is 包賠 (TW-CG-1.2, 2.3). With no `wall_left` in the log it cannot be known: the ruling
# lists the fact and leaves out the payment that depends on it.
def _late_kong_plain(wall_left, reported=True):
    # As dispute 7 without the pass: C's wrong 暗杠 (event 2), D wins on the dealer A's 6s (180).
    return doc(state(LATE, turn="C", wall_left=wall_left), draw("C", "6z"), kong("C", "concealed", "7z7z7z6z"),
               draw("C", "1z", "back"), discard("C", "1z"), draw("D", "9s"), discard("D", "9s"), draw("A", "6s"),
               discard("A", "6s"), win("D", "discard", "6s", frm="A"), *([report("C", 2)] if reported else []))


def test_cg1_3_a_reported_wrong_concealed_kong_at_an_unknown_wall_leaves_the_win_unpaid():
    hand = only_hand(rule(_late_kong_plain(None)))
    assert hand["missing"] == [{"fact": "wall_left", "player": "C", "at": 2, "needed_for":
                                "TW-CG-1.3: whether the wrong concealed kong was made within the last 8 tiles "
                                "(who pays the win)"}]
    assert paid(hand) == [] and hand["complete"] is False
    assert hand["result"] == "win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_cg1_3_near_miss_known_walls_name_the_payer():
    assert paid(only_hand(rule(_late_kong_plain(8)))) == [("C", "D", 180, "TW-DW-1")]
    assert paid(only_hand(rule(_late_kong_plain(10)))) == [("A", "D", 180, "TW-PAY-1")]


def test_cg1_3_near_miss_never_reported_the_wall_is_not_needed():
    hand = only_hand(rule(_late_kong_plain(None, reported=False)))
    assert hand["missing"] == [] and paid(hand) == [("A", "D", 180, "TW-PAY-1")]


def test_cg1_3_a_wrong_concealed_kong_given_in_a_state_with_8_or_fewer_left_is_of_unknown_time():
    # The state (event 0) gives C's kong 7z7z7z6z already made: with 6 tiles left it may have been
    # made before or within the last 8; with 12 left it was made before them.
    def state_kong(wall_left):
        melds = {"C": [{"kind": "kong", "kong": "concealed", "tiles": "7z7z7z6z"}]}
        return only_hand(rule(doc(state(dict(LATE, C="2345z12789s5588m"), turn="C", wall_left=wall_left, melds=melds),
                                  draw("C", "8p"), discard("C", "8p"), draw("D", "9s"), discard("D", "9s"),
                                  draw("A", "6s"), discard("A", "6s"), win("D", "discard", "6s", frm="A"),
                                  report("C", 0))))
    unknown, before = state_kong(6), state_kong(12)
    assert [m["at"] for m in unknown["missing"]] == [0] and paid(unknown) == []
    assert before["missing"] == [] and paid(before) == [("A", "D", 180, "TW-PAY-1")]


def test_cg2_3_a_completed_wrong_added_kong_at_an_unknown_wall_cannot_be_ruled_pay_for_all():
    def completed(wall_left):
        return only_hand(rule(doc(state(KONGER, turn="C", melds=PON_5S, wall_left=wall_left), draw("C", "6s"),
                                  kong("C", "added", "5s5s5s6s"), draw("C", "3z", "back"), discard("C", "3z"),
                                  FOUND)))
    unknown = completed(None)
    assert unknown["missing"] == [{"fact": "wall_left", "player": "C", "at": 2, "needed_for":
                                   "TW-CG-2.3: whether the wrong kong was made within the last 8 tiles (包賠)"}]
    assert paid(unknown) == [] and unknown["result"] == "open"
    # near misses: 6 left is 包賠 (A 120, B and D 100, standalone face 0), 10 left is not
    assert paid(completed(6)) == [("C", "A", 120, "TW-BP-2"), ("C", "B", 100, "TW-BP-2"), ("C", "D", 100, "TW-BP-2")]
    assert completed(10)["missing"] == [] and paid(completed(10)) == []


def test_cg1_2_a_wrong_concealed_kong_at_an_unknown_wall_at_the_exhaustive_draw_is_missing():
    hands = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s456s7z",
             "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p7p3p"}
    hand = only_hand(rule(doc(state(hands, turn="D", phase="discard", wall_left=None), kong("D", "concealed", "4z4z4z5z"),
                              draw("D", "2p", "back"), discard("D", "2p"), draw("A", "4p"), discard("A", "4p"),
                              ev("exhaustive_draw"))))
    assert [(m["fact"], m["player"], m["at"]) for m in hand["missing"]] == [("wall_left", "D", 1)]
    assert paid(hand) == [] and hand["complete"] is False
    # the 荒局 rule for the dealer stands either way (TW-CG-1.2)
    assert hand["result"] == "exhaustive_draw" and hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


# -- 17. One act, two clauses: a 相公's pon within the last 3 tiles is one violation (TW-XG-5, XP-7) --
#
# A throws 9s with 3 tiles left in the wall; C (111m 222m 333m 148p 25p 9s9s) pons it. A 相公's claim
# is a violation (TW-XG-5) and a claim within the last 3 tiles is 錯吃碰杠 (TW-XP-7): both are listed
# (TW-XG-4), but one act is one violation; only a second act makes the second (包賠).
NINES = {"A": "123m456m789m111z2z3z5s6s9s", "B": "123p456p789p123s456s7z",
         "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p7p"}


def _late_pon(status, *then):
    return doc(state(NINES, turn="A", phase="discard", wall_left=3, status={"C": status} if status else {}),
               discard("A", "9s"), pon("C", "9s"), *then)


def test_xg5_xp7_a_dead_hands_pon_in_the_last_3_is_listed_twice_and_counts_once():
    hand = only_hand(rule(_late_pon({"dead_hand": True}, discard("C", "1m"), ev("end"))))
    assert ruled(hand) == [("TW-XG-5", "C", 2, "ruled"), ("TW-XP-7", "C", 2, "ruled")]
    assert paid(hand) == [] and hand["result"] == "open"


def test_xg5_xp7_the_same_pon_as_his_second_violation_pays_for_all_once():
    hand = only_hand(rule(_late_pon({"dead_hand": True, "dead_hand_violations": 1})))
    # Standalone face 0 (his 9s pon is no honour set): A 100 + 20 = 120, B and D 100.
    assert ("TW-BP-1", "C", 2, "ruled") in ruled(hand)
    assert paid(hand) == [("C", "A", 120, "TW-BP-2"), ("C", "B", 100, "TW-BP-2"), ("C", "D", 100, "TW-BP-2")]


def test_xp7_near_miss_not_yet_dead_the_pon_makes_him_dead_and_is_no_violation():
    hand = only_hand(rule(_late_pon(None, discard("C", "1m"), ev("end"))))
    assert ruled(hand) == [("TW-XP-7", "C", 2, "ruled")] and paid(hand) == []


# -- 18. A side bet withdrawn after its principal's 詐和 (TW-HB-6/7, TW-ZH-3, TW-ZH-4) -------------
#
# X backs B at 50/10, accepted by A, C, D. Hand 1 (A deals, N 0): B's self-draw on a misdrawn 7z is
# reported after the win: 詐和, face 4; X mirrors what B pays: A 50 + 5 × 10 = 100, C and D 90. A
# keeps the deal at N 0. Hand 2 drops the bet. An outside bet may be withdrawn at N = 0 only when
# its principal "has just lost the stake to a win"; a 詐和 is no win, so the withdrawal is ruled
# against X and the bet stands for hand 2, where B self-draws the same 4 tai: X collects 100, 90, 90.
X_ON_B = {"id": "x", "kind": "outer", "bettor": "X", "principal": "B", "stake": {"base": 50, "tai": 10},
          "accepted_by": ["A", "C", "D"]}
B_SELF_DRAWS = [state(SEVEN, turn="B"), draw("B", "7z"), win("B", "self_draw", "7z")]
# near miss: in hand 1 B throws 9p and D wins on it (門清 1 + 北 1 + 白 1 + 發 1 + 三暗刻 2 = 6: B pays
# 100 + 6 × 20 = 220): B lost the stake to a win; the deal passes to B (N 0), who self-draws 7z.
B_DEALS_IN = [state(SEVEN, turn="B"), draw("B", "9p"), discard("B", "9p"), win("D", "discard", "9p", frm="B")]


def _withdrawn(first, second_dealer):
    hands = [{"round_wind": "1z", "dealer": "A", "streak": 0, "start_dealer": "A", "side_bets": [X_ON_B],
              "events": first},
             {"round_wind": "1z", "dealer": second_dealer, "streak": 0, "side_bets": [], "events": B_SELF_DRAWS}]
    return rule({"format": "mjref/1", "variant": "tw16", "ruleset": {"base": 100, "tai": 20},
                 "players": ["A", "B", "C", "D"], "bettors": ["X"], "hands": hands})


def test_hb6_hb7_withdrawn_after_the_principals_false_win_the_bet_stands_for_the_next_hand():
    ruling = _withdrawn(MISDRAWN_7Z + [report("B", 2, by="C")], "A")
    h1, h2 = ruling["hands"]
    assert paid(h1) == B_FALSE + [("X", "A", 100, "TW-HB-1"), ("X", "C", 90, "TW-HB-1"), ("X", "D", 90, "TW-HB-1")]
    assert h1["next"] == {"dealer": "A", "streak": 0, "round_wind": "1z"}
    assert [r[0] for r in ruled(h2)] == ["TW-HB-6"]
    assert paid(h2) == B_WINS + [("A", "X", 100, "TW-HB-1"), ("C", "X", 90, "TW-HB-1"), ("D", "X", 90, "TW-HB-1")]
    assert ruling["net"] == {"A": 0, "B": 0, "C": 0, "D": 0, "X": 0}


def test_hb6_near_miss_withdrawn_after_the_principal_dealt_in_to_a_win_it_is_gone():
    ruling = _withdrawn(B_DEALS_IN, "B")
    h1, h2 = ruling["hands"]
    # X mirrors B's 220 (6 tai) to D: 50 + 6 × 10 = 110. In hand 2 B deals and self-draws: each pays
    # 100 + (4 + 1) × 20 = 200; no bet, no ruling.
    assert paid(h1) == [("B", "D", 220, "TW-PAY-1"), ("X", "D", 110, "TW-HB-1")]
    assert ruled(h2) == [] and paid(h2) == [(p, "B", 200, "TW-PAY-2") for p in "ACD"]


# -- 19. Two false wins on one discard, the dealer among them (TW-ZH-2/4/7) -----------------------
#
# Position 1 turned: C throws 9p; the dealer A (相公, 123m 456m 789m 234s 78p 55z: complete on 9p, face
# 1 as declared) and B (147m 258m 369m 1z2z3z4z6z 9p9p: no winning hand, standalone face 0) both push
# down. Both are settled, each to all three: A 100 + (1 + 1) × 20 = 140 each; B the dealer
# 100 + 20 = 120, C and D 100. A false-winning dealer loses the deal: B deals next.
TURNED = dict(CLAIMS, A=CLAIMS["B"], B=CLAIMS["C"], C=CLAIMS["A"])


def _two_false(a_status):
    return doc(state(TURNED, turn="C", phase="discard", status={"A": a_status}), discard("C", "9p"),
               win("A", "discard", "9p", frm="C"), win("B", "discard", "9p", frm="C"))


def test_zh7_zh4_two_false_wins_on_one_discard_both_pay_and_the_dealer_loses_the_deal():
    hand = only_hand(rule(_two_false({"dead_hand": True})))
    assert paid(hand) == [("A", "B", 140, "TW-ZH-2"), ("A", "C", 140, "TW-ZH-2"), ("A", "D", 140, "TW-ZH-2"),
                          ("B", "A", 120, "TW-ZH-2"), ("B", "C", 100, "TW-ZH-2"), ("B", "D", 100, "TW-ZH-2")]
    assert hand["result"] == "false_win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_zh7_near_miss_the_dealer_not_dead_wins_and_b_alone_false_wins():
    hand = only_hand(rule(_two_false({})))
    # A wins: C pays 100 + (1 + 1) × 20 = 140; B's 詐和 as above; A keeps the deal, N 1 (TW-ZH-7).
    assert paid(hand) == [("B", "A", 120, "TW-ZH-2"), ("B", "C", 100, "TW-ZH-2"), ("B", "D", 100, "TW-ZH-2"),
                          ("C", "A", 140, "TW-PAY-1")]
    assert hand["result"] == "win" and hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


# -- 20. The tile put back on a wrong added kong, drawn by another and thrown unchanged (TW-CG-2.2,
#    TW-DW-1/2) ----------------------------------------------------------------------------------
#
# B adds 1z to his 7z pon (a wrong added kong, event 1), draws 2p as its replacement and merges it;
# found, the 2p goes back on the kong and the kong is restored (相公, liable for wins on that tile).
# D later draws a flower and replaces it with that 2p and throws it unchanged; C (111m 222m 333m
# 789s 13p 9s9s) wins on it: 三暗刻 2 + 門清 1 + 獨聽 1 = 4, 100 + 4 × 20 = 180, paid by B for D.
PUT_BACK_2P = [state({"A": "123m456m789m11z2z3z4s5s6s", "B": "123p456p789p123s1z5m",
                      "C": "111m222m333m789s13p9s9s", "D": "123s444z555z666z99p7p8p"}, turn="B", phase="discard",
                     melds={"B": [{"kind": "pon", "tiles": "777z", "tile": "7z", "from": "D"}]}),
               kong("B", "added", "7z7z7z1z"), draw("B", "2p", "back"), ev("merge", player="B"), report("B", 1, by="C"),
               ev("correct", player="B", about=2, action="return_tile"), ev("correct", player="B", about=1, action="restore"),
               discard("B", "5m"), draw("C", "4m"), discard("C", "4m"), draw("D", "1f"), ev("flower", player="D", tile="1f"),
               draw("D", "2p", "back")]


def test_cg2_2_dw2_the_put_back_tile_thrown_unchanged_by_another_is_the_offenders_deal_in():
    hand = only_hand(rule(doc(*PUT_BACK_2P, discard("D", "2p"), win("C", "discard", "2p", frm="D"))))
    assert ("TW-DW-1", "B", 14, "ruled") in ruled(hand)
    assert paid(hand) == [("B", "C", 180, "TW-DW-1")]


def test_cg2_2_near_miss_merged_before_it_was_thrown_it_is_no_longer_unchanged():
    hand = only_hand(rule(doc(*PUT_BACK_2P, ev("merge", player="D"), discard("D", "2p"),
                              win("C", "discard", "2p", frm="D"))))
    assert paid(hand) == [("D", "C", 180, "TW-PAY-1")]


# -- 21. 天聽 and 相公 in one hand: the face of the false win keeps 天聽 (TW-TAI-31, TW-XG-2, ZH face) -
#
# B has declared 天聽 (the state's status) and waits on 7z alone. He misdraws a 4m and throws it (the
# tile just drawn: 天聽 stands). His later self-draw of 7z scores 天聽 8 (no 門清) + 不求 2 + 獨聽 1 = 11.
# Reported at once, the misdraw makes him 相公 and the self-draw is 詐和 on that face: A
# 100 + 11 × 20 + 20 = 340, C and D 320. Reported only after the win, it does not void it (TW-ZH-6):
# the same amounts the other way.
TING = [state(SEVEN, turn="B", status={"B": {"tian_ting": True}}), *EARLY[1:]]


def test_tai31_xg2_a_tian_ting_player_made_dead_before_his_self_draw_false_wins_on_the_face_with_tian_ting():
    hand = only_hand(rule(doc(*TING[:4], report("B", 2, by="C"), *TING[4:])))
    assert ("TW-XG-2", "B", 12, "ruled") in ruled(hand)
    assert paid(hand) == [("B", "A", 340, "TW-ZH-2"), ("B", "C", 320, "TW-ZH-2"), ("B", "D", 320, "TW-ZH-2")]


def test_tai31_near_miss_reported_after_the_win_the_tian_ting_self_draw_stands():
    hand = only_hand(rule(doc(*TING, report("B", 2, by="C"))))
    assert hand["winners"][0]["tai"] == 11
    assert paid(hand) == [("A", "B", 340, "TW-PAY-2"), ("C", "B", 320, "TW-PAY-2"), ("D", "B", 320, "TW-PAY-2")]


# -- 22. Dispute 1 with a reach instead of a 相公 (TW-PR-8, TW-GS-1/2, TW-ZH-7) ----------------------
#
# B reaches for the wall and touches it while able to win on A's 9p (過水, TW-GS-1), then pushes
# down; D wins too. B's is 詐和 (TW-PR-8: the other claimant, later in turn order, wins); the money
# is dispute 1's.
def test_pr8_a_winner_who_reached_for_the_wall_false_wins_and_the_later_claimant_wins():
    hand = only_hand(rule(doc(state(CLAIMS, turn="A", phase="discard"), discard("A", "9p"),
                              ev("reach", player="B", touched=True), win("B", "discard", "9p", frm="A"),
                              win("D", "discard", "9p", frm="A"))))
    assert ("TW-PR-8", "B", 4, "ruled") in ruled(hand) and ("TW-ZH-1", "B", 3, "ruled") in ruled(hand)
    assert paid(hand) == [("B", "A", 140, "TW-ZH-2"), ("B", "C", 120, "TW-ZH-2"), ("B", "D", 120, "TW-ZH-2"),
                          ("A", "D", 180, "TW-PAY-1")]
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_pr8_near_miss_without_the_reach_b_is_nearest_and_wins_alone():
    hand = only_hand(rule(doc(state(CLAIMS, turn="A", phase="discard"), discard("A", "9p"),
                              win("B", "discard", "9p", frm="A"), win("D", "discard", "9p", frm="A"))))
    assert ruled(hand) == [] and paid(hand) == [("A", "B", 140, "TW-PAY-1")]


# -- 23. 七搶一 by a 相公: 搶花 is a claim (TW-XG-2/5, TW-FL-3, TW-ZH-1, TW-BP-2) ----------------------
#
# C holds the seven flowers 1f…7f and is 相公; D draws the 8th (8f) and C robs it (event 7). TW-XG-5
# names 搶花 among the claims a 相公 may not make: a violation, ruled at once. His win declaration
# (event 9) is 詐和: the flower win's face 8; C pays A 100 + 8 × 20 + 20 = 280, B and D 260 (D
# robbed of nothing: the 七搶一 payment is not made). As his second violation the rob itself is
# 包賠 and ends the hand there; its standalone face counts his flowers as on the table after the rob
# (engine's reading, as a 相公's pon counts in dispute 8): all 8, 8 tai, the same amounts.
ROBBER = {"A": "123m456m789m111z2z3z5s6s9s", "B": "123p456p789p123s456s7z",
          "C": "111m222m333m789s13p9s9s", "D": "123s444z555z666z99p7p7p"}


def _robbing(violations, *then):
    dead = {} if violations is None else {"C": {"dead_hand": True, "dead_hand_violations": violations}}
    return doc(state(ROBBER, turn="A", phase="discard", flowers={"C": [f"{k}f" for k in range(1, 8)]}, status=dead),
               discard("A", "1z"), draw("B", "5p"), discard("B", "5p"), draw("C", "5m"), discard("C", "5m"),
               draw("D", "8f"), ev("rob_flower", player="C", **{"from": "D"}), *then)


def test_xg5_zh1_a_dead_hand_robbing_the_eighth_flower_violates_and_his_flower_win_is_false():
    hand = only_hand(rule(_robbing(0, draw("C", "4s", "back"), win("C", "rob_flower", "8f", frm="D"))))
    assert ruled(hand) == [("TW-XG-5", "C", 7, "ruled"), ("TW-XG-2", "C", 9, "ruled"), ("TW-ZH-1", "C", 9, "ruled")]
    assert paid(hand) == [("C", "A", 280, "TW-ZH-2"), ("C", "B", 260, "TW-ZH-2"), ("C", "D", 260, "TW-ZH-2")]


def test_xg5_bp2_the_rob_as_his_second_violation_pays_for_all_and_ends_the_hand_there():
    hand = only_hand(rule(_robbing(1)))
    assert ruled(hand) == [("TW-XG-5", "C", 7, "ruled"), ("TW-BP-1", "C", 7, "ruled")] and hand["result"] == "penalty"
    assert paid(hand) == [("C", "A", 280, "TW-BP-2"), ("C", "B", 260, "TW-BP-2"), ("C", "D", 260, "TW-BP-2")]


def test_fl3_near_miss_not_dead_the_robbed_player_pays_seven_rob_one():
    # 七搶一: D pays as the discarder, 100 + 8 × 20 = 260; C's 4s replacement does not win.
    hand = only_hand(rule(_robbing(None, draw("C", "4s", "back"), win("C", "rob_flower", "8f", frm="D"))))
    assert ruled(hand) == [] and paid(hand) == [("D", "C", 260, "TW-TAI-30")]
