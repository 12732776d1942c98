"""tw16 disputes, round 4: where irregularities meet in one hand, and the order they happen in. Rounds
1–3 (tests/test_tw16_clauses.py, test_tw16_clauses2.py, test_tw16_clauses3.py,
test_issue10_disputes.py) ruled one clause at a time; here a 相公, a 過水, a restriction, a wrong
kong, a liability and side bets act on the same hand. Each dispute fires and has a near miss, with
the money to the unit (base 100, tai 20; A deals with N = 0 unless a test says otherwise). Every
amount was worked out from RULEBOOK.md before running the engine; the comments carry the arithmetic.

Seats: A East (the dealer), B South, C West, D North; round wind East. Turn order A → B → C → D.
"""
from tests.tablekit import discard, doc, draw, ev, kong, only_hand, paid, pon, rule, rulings as ruled, state, win


def call(player, what, **more):
    return ev("call", player=player, call=what, **more)


def report(against, about, by="A"):
    return ev("report", by=by, against=against, about=about)


def with_bettors(d, *bettors):
    d["bettors"] = list(bettors)
    return d


# -- 1. Three claimants on one discard: a 相公's false win, a pon call, a farther valid win ----------
#    (TW-XG-2, TW-ZH-1/2/7, TW-PAY-4 頭跳, TW-PC-3)
#
# A discards 9p. B (A's next player) holds 123m 456m 789m 234s 78p 55z: 9p completes it, 門清 1.
# C holds 9p9p and calls pon showing them. D holds 234m 123p 456p 444z 567s and waits on 9p alone:
# 門清 1 + 獨聽 1 + 北 (his seat wind) 1 = 3.
CLAIMS = {"A": "111s222s333s789s11z6z7z9p", "B": "123m456m789m234s78p55z",
          "C": "147m258m369m12346z9p9p", "D": "234m123p456p444z567s9p"}


def _three_claim(b_status=None, **kw):
    return doc(state(CLAIMS, turn="A", phase="discard", status={"B": b_status} if b_status else {}),
               discard("A", "9p"), call("C", "pon", **{"with": "9p9p"}), win("B", "discard", "9p", frm="A"),
               win("D", "discard", "9p", frm="A"), **kw)


def test_xg2_zh7_a_dead_hands_false_win_does_not_head_bump_the_farther_valid_winner():
    for option in ("head_bump", "all"):
        hand = only_hand(rule(_three_claim({"dead_hand": True}, options={"multiple_winners": option})))
        # B's declared hand is complete (false only because he is 相公): face as declared 1. B pays
        # the dealer A 100 + 1 × 20 + (1 + 0) × 20 = 140, C and D 100 + 20 = 120 (TW-ZH-2).
        # D's win stands although B is nearer: a false win bumps nobody. The dealer A deals in:
        # 100 + (3 + 1) × 20 = 180. C's pon call lost to the win: no 喊碰未碰 fee (TW-PC-3).
        assert ruled(hand) == [("TW-XG-2", "B", 3, "ruled"), ("TW-ZH-1", "B", 3, "ruled")], option
        assert paid(hand) == [("B", "A", 140, "TW-ZH-2"), ("B", "C", 120, "TW-ZH-2"), ("B", "D", 120, "TW-ZH-2"),
                              ("A", "D", 180, "TW-PAY-1")]
        assert hand["net"] == {"A": -40, "B": -380, "C": 120, "D": 300}
        # TW-ZH-7: the result is the win; the dealer A did not win, so B deals next (TW-FLOW-8).
        assert hand["result"] == "win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_pay4_near_miss_b_not_dead_is_nearest_and_wins_alone():
    hand = only_hand(rule(_three_claim()))
    # B wins with 1 tai: the dealer A pays 100 + (1 + 1) × 20 = 140. D loses by head bump only (no
    # irregularity), C's pon call lost to the win (no fee).
    assert ruled(hand) == [] and paid(hand) == [("A", "B", 140, "TW-PAY-1")]
    assert [w["player"] for w in hand["winners"]] == ["B"]


# -- 2. Three claimants where the winner is restricted: TW-XP-8 with a 相公's chi call -------------
#
# D showed his single 9p by his own fault earlier (TW-XP-8: he may not win on a discard with it).
# B is 相公 and no longer ready (5z 6z); A draws and discards 9p, B calls chi (78p), C calls pon
# (9p9p), D pushes down.
RESTRICTED = dict(CLAIMS, A="111s222s333s789s11z6z7z", B="123m456m789m234s78p56z")


def _restricted(fault):
    return doc(state(RESTRICTED, turn="D", status={"B": {"dead_hand": True}}),
               ev("expose", player="D", tiles="9p", fault=fault), draw("D", "1z"), discard("D", "1z"),
               draw("A", "9p"), discard("A", "9p"), call("B", "chi", **{"with": "78p"}),
               call("C", "pon", **{"with": "9p9p"}), win("D", "discard", "9p", frm="A"))


def test_xp8_zh1_a_restricted_winner_false_wins_and_the_calls_beside_it_cost_nothing():
    hand = only_hand(rule(_restricted("own")))
    # As declared the hand is complete: 門清 1 (an own-fault exposure keeps 門清, RULEBOOK §3) + 獨聽
    # 1 + 北 1 = 3. D pays A 100 + 3 × 20 + 20 = 180, B and C 100 + 60 = 160 (TW-ZH-2). B's chi
    # call and C's pon call were intents that the false win ended: no fee, and (engine's reading
    # of TW-XG-5, whose "claims" are 吃/碰/碰杠/搶花) a 相公's call alone is no violation.
    assert ruled(hand) == [("TW-XP-8", "D", 8, "ruled"), ("TW-ZH-1", "D", 8, "ruled")]
    assert paid(hand) == [("D", "A", 180, "TW-ZH-2"), ("D", "B", 160, "TW-ZH-2"), ("D", "C", 160, "TW-ZH-2")]
    assert hand["result"] == "false_win" and hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_xp8_near_miss_an_exposure_by_anothers_fault_leaves_the_win_standing():
    hand = only_hand(rule(_restricted("other")))
    # D wins on the dealer's 9p: 100 + (3 + 1) × 20 = 180; the lost pon call owes nothing.
    assert ruled(hand) == [] and paid(hand) == [("A", "D", 180, "TW-PAY-1")]


# -- 3. 錯位摸補 and the order of report and win (TW-XG-1/4, TW-ZH-6, TW-XG-2) -----------------------
#
# B waits on 7z alone (123p 456p 789p 123s 456s 7z): a self-draw is 門清 1 + 不求 2 + 獨聽 1 = 4, so
# every amount below is A 100 + (4 + 1) × 20 = 200, C and D 100 + 4 × 20 = 180, one way or the
# other.
SEVEN = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s456s7z",
         "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p7p"}
B_WINS = [("A", "B", 200, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"), ("D", "B", 180, "TW-PAY-2")]
B_FALSE = [("B", "A", 200, "TW-ZH-2"), ("B", "C", 180, "TW-ZH-2"), ("B", "D", 180, "TW-ZH-2")]
MISDRAWN_7Z = [state(SEVEN, turn="B"), draw("B", "7z"), ev("act", player="B", act="misdraw", about=1),
               win("B", "self_draw", "7z")]
# B misdraws a 4m at his previous turn (event 2 annotates the draw at 1) and throws it.
EARLY = [state(SEVEN, turn="B"), draw("B", "4m"), ev("act", player="B", act="misdraw", about=1), discard("B", "4m"),
         draw("C", "5m"), discard("C", "5m"), draw("D", "6m"), discard("D", "6m"), draw("A", "7m"), discard("A", "7m"),
         draw("B", "7z"), win("B", "self_draw", "7z")]


def test_zh6_the_winning_tile_misdrawn_and_reported_after_the_win_is_a_false_win():
    hand = only_hand(rule(doc(*MISDRAWN_7Z, report("B", 2, by="C"))))
    assert ruled(hand) == [("TW-XG-1", "B", 2, "ruled"), ("TW-ZH-6", "B", 3, "ruled"), ("TW-ZH-1", "B", 3, "ruled")]
    assert paid(hand) == B_FALSE and hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_zh6_near_miss_never_reported_the_misdraw_changes_nothing():
    hand = only_hand(rule(doc(*MISDRAWN_7Z)))
    assert ruled(hand) == [("TW-XG-1", "B", 2, "unreported")]
    assert paid(hand) == B_WINS and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_zh6_near_miss_an_earlier_misdraw_reported_after_the_win_does_not_void_it():
    # The report shows a 相公 cause, not a cause for the win itself: 相公 runs from the report.
    hand = only_hand(rule(doc(*EARLY, report("B", 2, by="C"))))
    assert ruled(hand) == [("TW-XG-1", "B", 2, "ruled")] and hand["rulings"][0]["decision"].endswith("event 12.")
    assert paid(hand) == B_WINS


def test_xg2_the_same_earlier_misdraw_reported_at_once_makes_the_later_self_draw_false():
    hand = only_hand(rule(doc(*EARLY[:4], report("B", 2, by="C"), *EARLY[4:])))
    assert ruled(hand) == [("TW-XG-1", "B", 2, "ruled"), ("TW-XG-2", "B", 12, "ruled"), ("TW-ZH-1", "B", 12, "ruled")]
    assert paid(hand) == B_FALSE and hand["result"] == "false_win"


# -- 4. 過水 then a win on another tile; what lifts it (TW-GS-1/2/4/5) ----------------------------
#
# D holds 123m 456m 789m 123p 99p 45s: he waits on 3s or 6s, 平和 2 + 門清 1 = 3 on a discard. B
# throws 3s and D lets it go (found by the referee, TW-GS-4).
PASSER = {"A": "147p258p369p1234567z", "B": "147s258s369s1234567z", "C": "111m222m333m444m567m8s",
          "D": "123m456m789m123p99p45s"}
PASSES_3S = [state(PASSER, turn="B"), draw("B", "9m"), discard("B", "3s")]
D_FALSE = [("D", "A", 180, "TW-ZH-2"), ("D", "B", 160, "TW-ZH-2"), ("D", "C", 160, "TW-ZH-2")]


def test_gs2_a_win_on_the_other_wait_before_his_own_discard_is_false():
    hand = only_hand(rule(doc(*PASSES_3S, draw("C", "6s"), discard("C", "6s"), win("D", "discard", "6s", frm="C"))))
    # 詐和, face as declared 3: A 100 + 3 × 20 + 20 = 180, B and C 160.
    assert ruled(hand) == [("TW-GS-1", "D", 2, "ruled"), ("TW-GS-2", "D", 5, "ruled"), ("TW-ZH-1", "D", 5, "ruled")]
    assert paid(hand) == D_FALSE


def test_gs1_near_miss_a_discard_that_does_not_win_for_him_lifts_the_pass():
    hand = only_hand(rule(doc(*PASSES_3S, draw("C", "9s"), discard("C", "9s"), draw("D", "5z"), discard("D", "5z"),
                              draw("A", "6s"), discard("A", "6s"), win("D", "discard", "6s", frm="A"))))
    # The dealer A deals in: 100 + (3 + 1) × 20 = 180.
    assert ruled(hand) == [("TW-GS-1", "D", 2, "ruled")] and paid(hand) == [("A", "D", 180, "TW-PAY-1")]


def test_gs1_gs5_throwing_his_own_self_draw_is_a_discard_that_wins_for_him_and_lifts_nothing():
    # D draws a 3s (his own self-draw, which he may pass, TW-GS-5) and throws it: that discard wins
    # for him, so it does not lift the pass on B's 3s; his win on A's 6s is still 詐和.
    hand = only_hand(rule(doc(*PASSES_3S, draw("C", "9s"), discard("C", "9s"), draw("D", "3s"), discard("D", "3s"),
                              draw("A", "6s"), discard("A", "6s"), win("D", "discard", "6s", frm="A"))))
    assert ruled(hand) == [("TW-GS-1", "D", 2, "ruled"), ("TW-GS-2", "D", 9, "ruled"), ("TW-ZH-1", "D", 9, "ruled")]
    assert paid(hand) == D_FALSE


# -- 5. 錯加杠 by the player who later wins, found at each stage (TW-CG-2.1/2.2/2.3, TW-XG-2) ------
#
# C has ponned 555s; he draws 6s and adds it as the kong 5s5s5s6s (event 2). He waits on 8s alone
# (123m 456m 789m 79s 11z + pon): 獨聽 1. Later B throws 8s and C pushes down: a valid win costs B
# 100 + 20 = 120; a 相公's win is 詐和 with the face as declared, 1: C pays A 140, B and D 120.
KONGER = {"A": "111p222p333p444p5p7p9p1s", "B": "12m147s258s234567z99p", "C": "123m456m789m11z79s",
          "D": "345m678m999m369s2345z"}
PON_5S = {"C": [{"kind": "pon", "tiles": "555s", "tile": "5s", "from": "A"}]}
ADDS_6S = [state(KONGER, turn="C", melds=PON_5S), draw("C", "6s"), kong("C", "added", "5s5s5s6s")]
B_THROWS_8S = [draw("D", "2p"), discard("D", "2p"), draw("A", "3p"), discard("A", "3p"), draw("B", "4p"),
               discard("B", "8s"), win("C", "discard", "8s", frm="B")]
FOUND = report("C", 2, by="D")
C_WINS = [("B", "C", 120, "TW-PAY-1")]
C_FALSE = [("C", "A", 140, "TW-ZH-2"), ("C", "B", 120, "TW-ZH-2"), ("C", "D", 120, "TW-ZH-2")]


def _restored_before_the_replacement(**kw):
    return doc(*ADDS_6S, FOUND, ev("correct", player="C", about=2, action="restore"), discard("C", "6s"),
               *B_THROWS_8S, **kw)


def test_cg2_1_restored_before_the_replacement_his_later_win_stands():
    hand = only_hand(rule(_restored_before_the_replacement()))
    assert ruled(hand) == [("TW-CG-2.1", "C", 2, "ruled")] and paid(hand) == C_WINS


def test_cg2_1_strict_kong_peek_makes_him_dead_and_the_same_win_false():
    hand = only_hand(rule(_restored_before_the_replacement(options={"strict_kong_peek": True})))
    assert ruled(hand) == [("TW-CG-2.1", "C", 2, "ruled"), ("TW-XG-2", "C", 12, "ruled"), ("TW-ZH-1", "C", 12, "ruled")]
    assert paid(hand) == C_FALSE


def test_cg2_2_found_with_the_replacement_merged_his_later_win_is_false():
    hand = only_hand(rule(doc(*ADDS_6S, draw("C", "3z", "back"), ev("merge", player="C"), FOUND,
                              ev("correct", player="C", about=3, action="return_tile"),
                              ev("correct", player="C", about=2, action="restore"), discard("C", "6s"), *B_THROWS_8S)))
    assert ruled(hand) == [("TW-CG-2.2", "C", 2, "ruled"), ("TW-XG-2", "C", 15, "ruled"), ("TW-ZH-1", "C", 15, "ruled")]
    assert paid(hand) == C_FALSE


def test_cg2_3_found_after_his_discard_the_kong_stands_and_his_later_win_is_false():
    # The kong stands (TW-CG-2.3): the engine reads the declared hand with it as one set, so the face
    # as declared is still 1 (RULEBOOK does not say whether a standing wrong kong is a set; kept).
    hand = only_hand(rule(doc(*ADDS_6S, draw("C", "3z", "back"), discard("C", "3z"), FOUND, *B_THROWS_8S)))
    assert ruled(hand) == [("TW-CG-2.3", "C", 2, "ruled"), ("TW-XG-2", "C", 12, "ruled"), ("TW-ZH-1", "C", 12, "ruled")]
    assert paid(hand) == C_FALSE


def test_cg2_near_miss_never_reported_the_wrong_kong_leaves_his_win_standing():
    hand = only_hand(rule(doc(*ADDS_6S, draw("C", "3z", "back"), discard("C", "3z"), *B_THROWS_8S)))
    assert ruled(hand) == [("TW-CG-2", "C", 2, "unreported")] and paid(hand) == C_WINS


# -- 6. A wrong 暗杠 by the player who wins on its replacement (TW-CG-1.1, TW-DW-1) ---------------
#
# B (111m 456p 789p 123s 57s 11z) draws 4m and lays 1m1m1m4m as a concealed kong, then wins by
# 杠上開花 on the 6s replacement: 門清 1 + 不求 2 + 獨聽 1 + 杠上開花 1 = 5; A pays 100 + 6 × 20 = 220,
# C and D 100 + 5 × 20 = 200. The referee's check at a kong-tile win finds the wrong kong, but its
# owner is not liable for his own win (TW-DW-1). RULEBOOK does not say the check voids his win
# (TW-ZH-6: a 相公 cause found after the win does not), so it stands.
OWN_KONG = {"A": "111p222p333p444p5p7p9p1s", "B": "111m456p789p123s57s11z", "C": "23m147s258s234567z89p",
            "D": "345m678m999m369s2345z"}


def _own_kong_win(drawn, tiles):
    return doc(state(OWN_KONG, turn="B"), draw("B", drawn), kong("B", "concealed", tiles), draw("B", "6s", "back"),
               win("B", "self_draw", "6s"))


def test_cg1_1_dw1_the_winners_own_wrong_concealed_kong_is_found_but_liable_for_nothing():
    hand = only_hand(rule(_own_kong_win("4m", "1m1m1m4m")))
    assert ruled(hand) == [("TW-CG-1.1", "B", 2, "ruled")]
    decision = hand["rulings"][0]["decision"]
    assert "his own win" in decision and "liable for that win" not in decision
    assert "自己和牌不負代位賠付" in hand["rulings"][0]["decision_zh"]
    assert paid(hand) == [("A", "B", 220, "TW-PAY-2"), ("C", "B", 200, "TW-PAY-2"), ("D", "B", 200, "TW-PAY-2")]


def test_cg1_1_near_miss_four_equal_tiles_no_ruling_the_same_money():
    hand = only_hand(rule(_own_kong_win("1m", "1m1m1m1m")))
    assert ruled(hand) == []
    assert paid(hand) == [("A", "B", 220, "TW-PAY-2"), ("C", "B", 200, "TW-PAY-2"), ("D", "B", 200, "TW-PAY-2")]


# -- 7. 代位 and a 詐和 on one discard, with side bets (TW-CG-1.3, TW-DW-1, TW-ZH-7, TW-HB-1) ------
#
# C lays 7z7z7z6z as a concealed kong at wall_left 7 (event 2; within the last 8 when made at 8 or
# fewer) and throws its replacement 3s unchanged: B and D both wait on 3s/6s and both let it go
# (TW-GS-4); D lifts his pass with a 9s, B does not. The dealer A throws 6s: B (nearer, still in
# 過水) and D both push down. The wrong kong is reported at settlement (TW-XG-4: a liability
# applies when its fault is in effect by settlement).
#   B 詐和, face as declared 門清 1 (123m 456m 789m 789p 456s 11z): A 100 + 20 + 20 = 140, C and D 120.
#   D wins, 平和 2 + 門清 1 = 3, dealt in by the dealer: 100 + (3 + 1) × 20 = 180, paid by C in
#   place of A (TW-CG-1.3: every later win of the hand).
# X backs D against A, B and C at 50/10: from C 50 + 4 × 10 = 90 (the dealer's share carries his
# dealer tai), from B 50 + 1 × 10 = 60. Y backs B at a fixed 30, accepted by A, C, D: B pays each of
# them, so Y pays each 30.
LATE = {"A": "111p222p333p444p5p7p9p1s", "B": "123m456m789m789p45s11z", "C": "777z2345z12789s5588m",
        "D": "234m567m99m123p456p45s"}
BETS = [{"id": "x", "kind": "outer", "bettor": "X", "principal": "D", "stake": {"base": 50, "tai": 10},
         "accepted_by": ["A", "B", "C"]},
        {"id": "y", "kind": "outer", "bettor": "Y", "principal": "B", "stake": {"fixed": 30}, "accepted_by": ["A", "C", "D"]}]


def _late_kong(wall_left):
    return with_bettors(doc(
        state(LATE, turn="C", wall_left=wall_left), draw("C", "6z"), kong("C", "concealed", "7z7z7z6z"),
        draw("C", "3s", "back"), discard("C", "3s"), draw("D", "9s"), discard("D", "9s"), draw("A", "6s"),
        discard("A", "6s"), win("B", "discard", "6s", frm="A"), win("D", "discard", "6s", frm="A"),
        report("C", 2), side_bets=BETS), "X", "Y")


def test_cg1_3_dw1_hb1_the_liable_kong_pays_the_valid_win_beside_a_false_win_and_the_bettors_follow():
    ruling = rule(_late_kong(8))
    hand = only_hand(ruling)
    assert ("TW-DW-1", "C", 10, "ruled") in ruled(hand) and ("TW-ZH-1", "B", 9, "ruled") in ruled(hand)
    assert paid(hand) == [("B", "A", 140, "TW-ZH-2"), ("B", "C", 120, "TW-ZH-2"), ("B", "D", 120, "TW-ZH-2"),
                          ("C", "D", 180, "TW-DW-1"),
                          ("B", "X", 60, "TW-HB-1"), ("C", "X", 90, "TW-HB-1"),
                          ("Y", "A", 30, "TW-HB-1"), ("Y", "C", 30, "TW-HB-1"), ("Y", "D", 30, "TW-HB-1")]
    # A +140 +30; B −380 −60; C +120 −180 −90 +30; D +120 +180 +30; X +150; Y −90.
    assert ruling["net"] == {"A": 170, "B": -440, "C": -120, "D": 330, "X": 150, "Y": -90}
    assert hand["result"] == "win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_cg1_3_near_miss_a_kong_made_before_the_last_8_leaves_the_dealer_paying_and_x_collecting_from_him():
    ruling = rule(_late_kong(10))
    hand = only_hand(ruling)
    assert "TW-DW-1" not in [r[0] for r in ruled(hand)]
    assert ("A", "D", 180, "TW-PAY-1") in paid(hand) and ("A", "X", 90, "TW-HB-1") in paid(hand)
    assert ruling["net"] == {"A": -100, "B": -440, "C": 150, "D": 330, "X": 150, "Y": -90}


# -- 8. A 相公 again: a claim is the second violation (包賠), a win declaration is 詐和 -------------
#    (TW-XG-5, TW-BP-1/2, TW-XG-2, TW-ZH face, TW-HB-1/2)
#
# C is 相公 with one violation already. He holds 123m 456m 789m 666z 55z 9p9p (ready on 5z or 9p);
# B throws 5z. C's own 插 (inner, 1 unit of one B/T stake) is accepted by A and D; X backs the
# dealer A at 40/10, accepted by B and C.
AGAIN = {"A": "111p222p333p444p5p7p9p1s", "B": "147s258s369s123457z88p", "C": "123m456m789m666z55z9p9p",
         "D": "234m567m99m123p456p45s"}
BETS8 = [{"id": "c", "kind": "inner", "bettor": "C", "principal": "C", "units": 1, "accepted_by": ["A", "D"]},
         {"id": "x", "kind": "outer", "bettor": "X", "principal": "A", "stake": {"base": 40, "tai": 10},
          "accepted_by": ["B", "C"]}]


def _dead_c(violations, *then):
    return with_bettors(doc(state(AGAIN, turn="B", phase="discard",
                                  status={"C": {"dead_hand": True, "dead_hand_violations": violations}}),
                            discard("B", "5z"), *then, side_bets=BETS8), "X")


def test_xg5_bp2_hb1_a_second_violation_pays_for_all_on_the_standalone_face_and_the_bets_mirror_it():
    ruling = rule(_dead_c(1, pon("C", "5z", "5z5z")))
    hand = only_hand(ruling)
    # No win declared: the standalone face, 箭字刻 of the sets on the table: the 白 pon 1 (his
    # concealed 發 was never shown). A 100 + 20 + 20 = 140, B and D 120. C's 插 mirrors what he pays
    # A and D (one B/T stake a unit): 100 + 2 × 20 = 140 and 100 + 20 = 120. X on A: C paid A 2 tai,
    # so C pays X 40 + 2 × 10 = 60.
    assert ruled(hand) == [("TW-XG-5", "C", 2, "ruled"), ("TW-BP-1", "C", 2, "ruled")]
    assert paid(hand) == [("C", "A", 140, "TW-BP-2"), ("C", "B", 120, "TW-BP-2"), ("C", "D", 120, "TW-BP-2"),
                          ("C", "A", 140, "TW-HB-1"), ("C", "D", 120, "TW-HB-1"), ("C", "X", 60, "TW-HB-1")]
    assert ruling["net"] == {"A": 280, "B": 120, "C": -700, "D": 240, "X": 60}
    assert hand["result"] == "penalty" and hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_xg2_zh2_hb1_his_win_declaration_instead_is_a_false_win_on_the_face_as_declared():
    ruling = rule(_dead_c(1, win("C", "discard", "5z", frm="B")))
    hand = only_hand(ruling)
    # Not a violation (TW-XG-5): 詐和, as declared 門清 1 + 白 1 + 發 1 = 3 (555z is completed by a
    # discard, so no 三暗刻). A 100 + 60 + 20 = 180, B and D 160; 插: A 180, D 160; X: 40 + 4 × 10 = 80.
    assert ruled(hand) == [("TW-XG-2", "C", 2, "ruled"), ("TW-ZH-1", "C", 2, "ruled")]
    assert paid(hand) == [("C", "A", 180, "TW-ZH-2"), ("C", "B", 160, "TW-ZH-2"), ("C", "D", 160, "TW-ZH-2"),
                          ("C", "A", 180, "TW-HB-1"), ("C", "D", 160, "TW-HB-1"), ("C", "X", 80, "TW-HB-1")]
    assert ruling["net"] == {"A": 360, "B": 160, "C": -920, "D": 320, "X": 80}
    assert hand["result"] == "false_win"


def test_xg5_near_miss_the_first_violation_is_ruled_without_money_and_the_bets_stay_still():
    ruling = rule(_dead_c(0, pon("C", "5z", "5z5z"), discard("C", "9p"), ev("end")))
    assert ruled(only_hand(ruling)) == [("TW-XG-5", "C", 2, "ruled")]
    assert set(ruling["net"].values()) == {0}


def test_xg5_a_violation_says_since_when_the_hand_was_dead():
    """The ruling of a 相公's claim names the event his hand has been dead from (the state's, 0)
    and calls the claim a violation (TW-XG-5), in both languages; near miss: a cause by a live
    player makes his hand dead from the event it takes effect."""
    ruling = only_hand(rule(_dead_c(0, pon("C", "5z", "5z5z"))))["rulings"][0]
    assert ruling["decision"] == ("Claiming with a dead hand by C (相公吃碰): his hand was already dead (相公) "
                                  "from event 0, so this is a violation (TW-XG-5).")
    assert ruling["decision_zh"] == "C相公吃碰；其自第0事件起已判相公，此為違規（TW-XG-5）。"
    alive = only_hand(rule(doc(state(AGAIN, turn="B", phase="discard"), discard("B", "5z"),
                               ev("peek", player="C", target="wall"),
                               ev("report", by="A", against="C", about=2))))["rulings"]
    assert ("TW-XG-1", "Peeking at concealed or wall tiles by C (窺視暗牌): his hand is dead (相公) from "
            "event 3.") in [(r["rule"], r["decision"]) for r in alive]


# -- 9. A `hands` document: what hand 1's irregularity does to hand 2's dealer (TW-FLOW-8, TW-ZH-4) -
#
# Hand 1: A deals on a streak of 1. B's self-draw on a misdrawn 7z is reported after the win: 詐和
# (TW-ZH-6), face 4: A 100 + 4 × 20 + (1 + 2) × 20 = 240, C and D 180. A non-dealer's false win:
# A keeps the deal and N does not grow (TW-ZH-4): hand 2 is A's at N 1, not 2.
# Hand 2 (N 1): position 1 again: B (相公) false-wins beside D's valid win on A's 9p (TW-ZH-7). B
# pays A 100 + 20 + 3 × 20 = 180, C and D 120; A deals in: 100 + (3 + 1 + 2) × 20 = 220. The next
# dealer follows the valid win: B, N 0.
# Hand 3: B deals (N 0); the wall runs out: B keeps the deal, N 1.
GAME = [
    [state(SEVEN, turn="B"), draw("B", "7z"), ev("act", player="B", act="misdraw", about=1), win("B", "self_draw", "7z"),
     report("B", 2, by="C")],
    [state(CLAIMS, turn="A", phase="discard", status={"B": {"dead_hand": True}}), discard("A", "9p"),
     win("B", "discard", "9p", frm="A"), win("D", "discard", "9p", frm="A")],
    [state(SEVEN, turn="C", wall_left=1), draw("C", "9s"), discard("C", "9s"), ev("exhaustive_draw")]]


def _game(second=("A", 1), third=("B", 0)):
    seats = [("A", 1), second, third]
    return {"format": "mjref/1", "variant": "tw16", "ruleset": {"base": 100, "tai": 20}, "players": ["A", "B", "C", "D"],
            "hands": [{"round_wind": "1z", "dealer": dealer, "streak": n, "start_dealer": "A", "events": events}
                      for (dealer, n), events in zip(seats, GAME)]}


def _hands(ruling):
    return [(ruled(h), paid(h), h["next"]) for h in ruling["hands"]]


H1 = ([("TW-XG-1", "B", 2, "ruled"), ("TW-ZH-6", "B", 3, "ruled"), ("TW-ZH-1", "B", 3, "ruled")],
      [("B", "A", 240, "TW-ZH-2"), ("B", "C", 180, "TW-ZH-2"), ("B", "D", 180, "TW-ZH-2")],
      {"dealer": "A", "streak": 1, "round_wind": "1z"})


def test_flow8_zh4_a_false_win_keeps_the_streak_and_a_valid_win_beside_a_false_one_passes_the_deal():
    ruling = rule(_game())
    assert _hands(ruling) == [
        H1,
        ([("TW-XG-2", "B", 2, "ruled"), ("TW-ZH-1", "B", 2, "ruled")],
         [("B", "A", 180, "TW-ZH-2"), ("B", "C", 120, "TW-ZH-2"), ("B", "D", 120, "TW-ZH-2"), ("A", "D", 220, "TW-PAY-1")],
         {"dealer": "B", "streak": 0, "round_wind": "1z"}),
        ([], [], {"dealer": "B", "streak": 1, "round_wind": "1z"})]
    # A +240 +180 −220; B −600 −420; C +180 +120; D +180 +120 +220.
    assert ruling["net"] == {"A": 200, "B": -1020, "C": 300, "D": 520}


def test_flow8_near_miss_hand_2_recorded_as_if_the_false_win_grew_the_streak_is_ruled_and_settles_as_recorded():
    ruling = rule(_game(second=("A", 2)))
    # Recorded N 2: B pays A 100 + 20 + 5 × 20 = 220; A deals in 100 + (3 + 1 + 4) × 20 = 260.
    h2 = ruling["hands"][1]
    assert ruled(h2)[0] == ("TW-FLOW-8", "A", None, "ruled")
    assert paid(h2) == [("B", "A", 220, "TW-ZH-2"), ("B", "C", 120, "TW-ZH-2"), ("B", "D", 120, "TW-ZH-2"),
                        ("A", "D", 260, "TW-PAY-1")]


def test_flow8_near_miss_hand_3_recorded_as_if_the_dealer_kept_the_deal_is_ruled():
    ruling = rule(_game(third=("A", 2)))
    assert _hands(ruling)[0] == H1
    assert ruled(ruling["hands"][2]) == [("TW-FLOW-8", "A", None, "ruled")]
    assert ruling["hands"][2]["next"] == {"dealer": "A", "streak": 3, "round_wind": "1z"}


# -- 10. A watcher passes, his pass is reported, and another player wins (TW-YP-1/2/4, TW-GS-4) ----
#
# D (123s 444z 555z 666z 99p 7p7p, ready on 9p/7p) watches; he lets A's 9p go (found once B has drawn
# and discarded). Then C throws 7z and B wins: 門清 1 + 獨聽 1 = 2, C pays 100 + 40 = 140.
WATCHED = [state(SEVEN, turn="A"), ev("declare", player="D", what="watch"), draw("A", "9p"), discard("A", "9p"),
           draw("B", "4m"), discard("B", "4m"), report("D", 3), draw("C", "7z"), discard("C", "7z"),
           win("B", "discard", "7z", frm="C")]


def test_yp4_yp2_a_reported_watchers_pass_makes_him_dead_and_he_still_pays_the_watchers_fee():
    hand = only_hand(rule(doc(*WATCHED)))
    # The first violation: 相公, no money. As a watcher (also while 相公) he pays the winner 1 T = 20.
    assert ruled(hand) == [("TW-GS-1", "D", 3, "ruled"), ("TW-YP-4", "D", 3, "ruled")]
    assert paid(hand) == [("C", "B", 140, "TW-PAY-1"), ("D", "B", 20, "TW-YP-2")]


def test_yp4_near_miss_the_pass_unreported_is_no_violation_but_the_fee_stands():
    hand = only_hand(rule(doc(*WATCHED[:6], *WATCHED[7:])))
    assert ruled(hand) == [("TW-GS-1", "D", 3, "ruled")]
    assert paid(hand) == [("C", "B", 140, "TW-PAY-1"), ("D", "B", 20, "TW-YP-2")]


def test_yp2_near_miss_not_watching_the_pass_costs_nothing():
    hand = only_hand(rule(doc(WATCHED[0], *WATCHED[2:6], *WATCHED[7:])))
    assert ruled(hand) == [("TW-GS-1", "D", 2, "ruled")] and paid(hand) == [("C", "B", 140, "TW-PAY-1")]
