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
