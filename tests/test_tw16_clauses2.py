"""tw16 disputes, round 2: clauses and combinations that tests/test_tw16_clauses.py and the other
tests do not rule on. Each fires and has a near miss, with the money to the unit (base 100, tai 20;
A deals with N = 0 unless a test says otherwise). Every amount was worked out from RULEBOOK.md
before running the engine; the comments carry the arithmetic.

Seats: A East (the dealer), B South, C West, D North; round wind East.
"""
from tests.tablekit import (
    discard, doc, draw, ev, kong, only_hand, paid, pon, rule, rulings as ruled, state, win,
)


def tsumogiri(player, tile):
    return [draw(player, tile), discard(player, tile)]


def faces(hand):
    return [(w["tai"], sorted(p["rule"] for p in w["patterns"])) for w in hand["winners"]]


# -- TW-DW-2 at its edge: the 8th live-wall draw, and a replacement taken before the 9th ----------

# B (chi 345s exposed) discards its 5s and nobody notices: TW-CD-4, liable for others' self-draws
# within the next 8 draws. D waits on 3z alone with 444z 666z 999p concealed.
CD4 = state({"A": "123m456m789m111z2z3z9s9s", "B": "123p456p789p123s7z4s",
             "C": "111m222m333m67s25p4p9s9s", "D": "123s444z666z456m999p3z"},
            turn="B", phase="discard", melds={"B": [{"kind": "chi", "tiles": "345s", "tile": "3s", "from": "A"}]})
FROM_MELD = ev("discard", player="B", tile="5s", from_meld=True)
# C draws the 1st, A pons C's 9s (D's draw is skipped), then B 2nd, C 3rd, D 4th, A 5th, B 6th,
# C 7th: D's next draw is the 8th.
TO_THE_8TH = [CD4, FROM_MELD, draw("C", "8p"), discard("C", "9s"), pon("A", "9s"), discard("A", "2z"),
              *tsumogiri("B", "8p"), *tsumogiri("C", "7s"), *tsumogiri("D", "9m"), *tsumogiri("A", "6p"),
              *tsumogiri("B", "8s"), *tsumogiri("C", "7m")]
KONG_WIN = [draw("D", "4z"), kong("D", "concealed", "4z4z4z4z"), draw("D", "3z", "back"), win("D", "self_draw", "3z")]


def test_dw2_a_self_draw_on_the_8th_draw_is_inside_the_window():
    hand = only_hand(rule(doc(*TO_THE_8TH, draw("D", "3z"), win("D", "self_draw", "3z"))))
    # D: 444z seat wind 1 + 666z 1 + 三暗刻 2 + 門清 1 + 不求 2 + 獨聽 1 = 8. Shares: the dealer A
    # 100 + (8 + 1) × 20 = 280, B and C 100 + 8 × 20 = 260 each; B pays all three (TW-DW-1).
    assert faces(hand)[0][0] == 8
    assert ruled(hand) == [("TW-CD-4", "B", 1, "ruled"), ("TW-DW-1", "B", 19, "ruled")]
    assert paid(hand) == [("B", "D", 280, "TW-DW-1"), ("B", "D", 260, "TW-DW-1"), ("B", "D", 260, "TW-DW-1")]


def test_dw2_a_kong_replacement_taken_after_the_8th_draw_is_still_inside():
    hand = only_hand(rule(doc(*TO_THE_8TH, *KONG_WIN)))
    # 4z kong instead of the 444z triplet: the same 8 + 杠上開花 1 = 9. A 100 + 10 × 20 = 300,
    # B and C 100 + 9 × 20 = 280; B pays 860.
    assert faces(hand)[0][0] == 9
    assert paid(hand) == [("B", "D", 300, "TW-DW-1"), ("B", "D", 280, "TW-DW-1"), ("B", "D", 280, "TW-DW-1")]


def test_dw2_near_miss_without_the_pon_the_same_kong_win_comes_on_the_10th_draw():
    late = [CD4, FROM_MELD, draw("C", "8p"), discard("C", "9s"), *tsumogiri("D", "9m"), *tsumogiri("A", "6p"),
            *tsumogiri("B", "8p"), *tsumogiri("C", "7s"), *tsumogiri("D", "5p"), *tsumogiri("A", "8s"),
            *tsumogiri("B", "7m"), *tsumogiri("C", "1p")]
    hand = only_hand(rule(doc(*late, *KONG_WIN)))
    assert ruled(hand) == [("TW-CD-4", "B", 1, "ruled")]
    assert paid(hand) == [("A", "D", 300, "TW-PAY-2"), ("B", "D", 280, "TW-PAY-2"), ("C", "D", 280, "TW-PAY-2")]


# -- TW-TAI exclusions in combination -------------------------------------------------------------

# B (South) holds the four wind triplets concealed and 123m, and waits on 9p alone.
WINDS = {"A": "123m456m789m123s5s6s7s8s", "B": "111z222z333z444z123m9p",
         "C": "111s222s333s148p25p9p7p", "D": "456s777z555z666z88p7p6p"}


def test_tai19_big_four_winds_with_concealed_self_draw():
    hand = only_hand(rule(doc(state(WINDS, turn="B"), draw("B", "9p"), win("B", "self_draw", "9p"))))
    # 大四喜 16 (no 風字刻) + 四暗刻 5 (no 三暗刻) + 門清 1 + 不求 2 (no 自摸) + 獨聽 1 = 25; not 對對和
    # (123m). The dealer A pays 100 + (25 + 1) × 20 = 620, C and D 100 + 25 × 20 = 600.
    assert faces(hand) == [(25, ["TW-TAI-11", "TW-TAI-17", "TW-TAI-19", "TW-TAI-3", "TW-TAI-4"])]
    assert paid(hand) == [("A", "B", 620, "TW-PAY-2"), ("C", "B", 600, "TW-PAY-2"), ("D", "B", 600, "TW-PAY-2")]


def test_tai19_near_miss_on_a_discard_no_bu_qiu():
    hand = only_hand(rule(doc(state(dict(WINDS, C="111s222s333s148p25p9p7p9p"), turn="C", phase="discard"),
                              discard("C", "9p"), win("B", "discard", "9p", frm="C"))))
    # The discard completes the pair, so the four triplets stay concealed: 16 + 5 + 1 + 1 = 23;
    # C pays 100 + 23 × 20 = 560.
    assert faces(hand) == [(23, ["TW-TAI-11", "TW-TAI-17", "TW-TAI-19", "TW-TAI-3"])]
    assert paid(hand) == [("C", "B", 560, "TW-PAY-1")]


# B: 123m 234m 456m 67m 789m 55m, all 萬, all sequences, waiting on 5m or 8m (two kinds).
FLUSH = {"A": "123m456m789m111z2z3z5s6s", "B": "123m234m456m67m789m55m",
         "C": "111s222s333s148p25p9p9p", "D": "123s444z555z666z99p7p7p"}


def test_tai14_tai7_full_flush_and_all_sequences_both_count():
    hand = only_hand(rule(doc(state(dict(FLUSH, C=FLUSH["C"] + "8m"), turn="C", phase="discard"),
                              discard("C", "8m"), win("B", "discard", "8m", frm="C"))))
    # 清一色 12 + 平和 2 + 門清 1 = 15 (清一色 excludes only 湊一色); C pays 100 + 15 × 20 = 400.
    assert faces(hand) == [(15, ["TW-TAI-14", "TW-TAI-3", "TW-TAI-7"])]
    assert paid(hand) == [("C", "B", 400, "TW-PAY-1")]


def test_tai14_tai7_near_miss_a_self_draw_loses_all_sequences():
    hand = only_hand(rule(doc(state(FLUSH, turn="B"), draw("B", "8m"), win("B", "self_draw", "8m"))))
    # 清一色 12 + 門清 1 + 不求 2 = 15, no 平和 (自摸): A 100 + 16 × 20 = 420, C and D 400.
    assert faces(hand) == [(15, ["TW-TAI-14", "TW-TAI-3", "TW-TAI-4"])]
    assert paid(hand) == [("A", "B", 420, "TW-PAY-2"), ("C", "B", 400, "TW-PAY-2"), ("D", "B", 400, "TW-PAY-2")]


# -- TW-DW-3 with a mix of offenders: a TW-CD-4 window and a wrong 暗杠 (TW-CG-1.1) share one win ----

# As above, but C draws the 3rd tile 4m and lays 1m1m1m4m as a concealed kong (its replacement does
# not count as a draw): D's 杠上開花 on the 8th draw is covered by B's window and by C's wrong kong.
MIX = [CD4, FROM_MELD, draw("C", "8p"), discard("C", "9s"), pon("A", "9s"), discard("A", "2z"),
       *tsumogiri("B", "8p"), draw("C", "4m"), kong("C", "concealed", "1m1m1m4m"), draw("C", "7s", "back"),
       discard("C", "7s"), *tsumogiri("D", "9m"), *tsumogiri("A", "6p"), *tsumogiri("B", "8s"),
       *tsumogiri("C", "7m")]


def test_dw3_a_window_and_a_wrong_concealed_kong_share_the_whole_win_remainder_after_the_winner():
    hand = only_hand(rule(doc(*MIX, *KONG_WIN, base=101)))
    # Face 9 (as above). Shares at base 101: A 101 + 10 × 20 = 301, B and C 101 + 9 × 20 = 281:
    # 863 shared by B and C: 431 each, the remainder 1 paid by B, first after the winner D (A is
    # no offender).
    assert ruled(hand) == [("TW-CD-4", "B", 1, "ruled"), ("TW-CG-1.1", "C", 9, "ruled"), ("TW-DW-3", "B", 23, "ruled")]
    assert paid(hand) == [("B", "D", 432, "TW-DW-3"), ("C", "D", 431, "TW-DW-3")]


def test_dw3_near_miss_a_plain_self_draw_is_not_the_wrong_kongs_the_window_alone_pays():
    hand = only_hand(rule(doc(*MIX, draw("D", "3z"), win("D", "self_draw", "3z"), base=101)))
    # Face 8; D's win is no 杠上 win, so nothing checks C's wrong kong (made before the last 8, never
    # reported: listed, no money, TW-CG-1.3, TW-XG-4): B alone pays 101 + 9 × 20 = 281 and
    # 101 + 8 × 20 = 261 twice.
    assert ruled(hand) == [("TW-CD-4", "B", 1, "ruled"), ("TW-CG-1", "C", 9, "unreported"), ("TW-DW-1", "B", 21, "ruled")]
    assert paid(hand) == [("B", "D", 281, "TW-DW-1"), ("B", "D", 261, "TW-DW-1"), ("B", "D", 261, "TW-DW-1")]


# -- TW-PR default order with three claimants: 和 over 碰 over 吃 -------------------------------------

# A discards 7p: B (A's 下家) may chi it with 89p, C may pon it with 7p7p, D wins on it (56p).
THREE = state({"A": "123m456m789m111z2z3z5s6s7p", "B": "123p456p89p123s456s7z5m",
               "C": "111m222m333m148p7p7p9s9s", "D": "123s444z555z666z5p6p99p"}, turn="A", phase="discard")
CALLS = [THREE, discard("A", "7p"), ev("call", player="B", call="chi"), ev("call", player="C", call="pon")]


def test_pr_a_win_beats_a_pon_and_a_chi_called_before_it_no_fee_for_the_lost_pon():
    hand = only_hand(rule(doc(*CALLS, win("D", "discard", "7p", frm="A"))))
    # D: 444z his seat wind 1 + 555z 666z 2 + 三暗刻 2 + 門清 1 = 6 (two kinds wait: no 獨聽); the
    # dealer A deals in: 100 + (6 + 1) × 20 = 240. C's pon call lost to the win: no TW-PC-1 fee
    # (TW-PC-3), and a chi call costs nothing.
    assert ruled(hand) == []
    assert faces(hand)[0][0] == 6
    assert paid(hand) == [("A", "D", 240, "TW-PAY-1")]


def test_pr_near_miss_without_the_win_the_pon_call_not_carried_out_pays_its_fee():
    hand = only_hand(rule(doc(*CALLS[:2], ev("call", player="C", call="pon"), draw("B", "1s"), discard("B", "1s"),
                              ev("end"))))
    # D passed a win on 7p (TW-GS-1); C called pon and B drew: 1 T = 20 to A, not C's 上家.
    assert ruled(hand) == [("TW-GS-1", "D", 1, "ruled"), ("TW-PC-1", "C", 2, "ruled")]
    assert paid(hand) == [("C", "A", 20, "TW-PC-1")]


# -- TW-FLOW-8 / TW-PAY-3 / TW-SEAT-2 over a `hands` document ---------------------------------------

# D deals (N 0) in a game that A started; the winner holds 123m 234m 456m 67m 789m 55m (清一色).
FLUSH_W, X1, X2, X3 = FLUSH["B"], "123s444z555z666z99p7p7p", "111s222s333s148p25p9p9p", "111z2z3z5s6s7s8s123p456p7z"


def _game(round_wind_4):
    def hand(dealer, streak, events, round_wind="1z", **more):
        return {"round_wind": round_wind, "dealer": dealer, "streak": streak, **more, "events": events}
    return {"format": "mjref/1", "variant": "tw16", "ruleset": {"base": 100, "tai": 20}, "players": ["A", "B", "C", "D"],
            "hands": [
                hand("D", 0, [state({"A": X1, "B": X2, "C": X3, "D": FLUSH_W}, turn="D"), draw("D", "8m"),
                              win("D", "self_draw", "8m")], start_dealer="A"),
                hand("D", 1, [state({"A": X1, "B": X2, "C": X3 + "8m", "D": FLUSH_W}, turn="C", phase="discard"),
                              discard("C", "8m"), win("D", "discard", "8m", frm="C")]),
                hand("D", 2, [state({"A": X1, "B": FLUSH_W, "C": X3, "D": X2}, turn="B"), draw("B", "8m"),
                              win("B", "self_draw", "8m")]),
                hand("A", 0, [state({"A": X1, "B": X2, "C": X3, "D": FLUSH_W}, turn="C", wall_left=1),
                              draw("C", "9s"), discard("C", "9s"), ev("exhaustive_draw")], round_wind=round_wind_4)]}


def test_flow8_pay3_a_dealers_streak_grows_its_dealer_tai_and_the_round_advances_when_it_ends():
    ruling = rule(_game("2z"))
    h1, h2, h3, h4 = ruling["hands"]
    # Hand 1: the dealer D self-draws 清一色 12 + 門清 1 + 不求 2 = 15: each pays 100 + (15 + 1) × 20 = 420.
    assert paid(h1) == [(p, "D", 420, "TW-PAY-2") for p in "ABC"]
    assert h1["next"] == {"dealer": "D", "streak": 1, "round_wind": "1z"}
    # Hand 2 (N 1): D wins C's 8m, 清一色 12 + 平和 2 + 門清 1 = 15: 100 + (15 + 1 + 2) × 20 = 460.
    assert paid(h2) == [("C", "D", 460, "TW-PAY-1")]
    assert h2["next"] == {"dealer": "D", "streak": 2, "round_wind": "1z"}
    # Hand 3 (N 2): B self-draws 15: the dealer D pays 100 + (15 + 1 + 4) × 20 = 500, A and C 400.
    # The deal passes to A, the game's starting dealer: the round wind advances to South.
    assert paid(h3) == [("A", "B", 400, "TW-PAY-2"), ("C", "B", 400, "TW-PAY-2"), ("D", "B", 500, "TW-PAY-2")]
    assert h3["next"] == {"dealer": "A", "streak": 0, "round_wind": "2z"}
    assert ruled(h4) == [] and h4["next"] == {"dealer": "A", "streak": 1, "round_wind": "2z"}
    # A -420 -400, B -420 +1300, C -420 -460 -400, D +1260 +460 -500.
    assert ruling["net"] == {"A": -820, "B": 880, "C": -1280, "D": 1220}


def test_flow8_near_miss_the_next_hand_recorded_in_the_old_round_wind_is_ruled():
    ruling = rule(_game("1z"))
    assert ruled(ruling["hands"][3]) == [("TW-FLOW-8", "A", None, "ruled")]
    assert ruling["net"] == {"A": -820, "B": 880, "C": -1280, "D": 1220}


# -- TW-XG-5 / TW-BP-2 / TW-HB-1: a second 相公 violation, its face, dealer tai and side bets ---------

DEAD = {"A": "123m456m789m1111z3z99s", "B": "123p456p789p123s456s7z",
        "C": "111m222m333m444p55p66p", "D": "777s888s9p556677z444z"}
# X backs C against the three (50/10); Y backs A against C alone, a fixed 30 a payment.
BETS = [{"id": "sb1", "kind": "outer", "bettor": "X", "principal": "C", "stake": {"base": 50, "tai": 10},
         "accepted_by": ["A", "B", "D"]},
        {"id": "sb2", "kind": "outer", "bettor": "Y", "principal": "A", "stake": {"fixed": 30}, "accepted_by": ["C"]}]


def _dead_c_pons(violations, **hand):
    d = doc(state(dict(DEAD, B=DEAD["B"] + "5p"), turn="B", phase="discard",
                  status={"C": {"dead_hand": True, "dead_hand_violations": violations}}),
            discard("B", "5p"), pon("C", "5p", "5p5p"), *([] if violations else [discard("C", "1m"), ev("end")]),
            side_bets=BETS, **hand)
    d["bettors"] = ["X", "Y"]
    return d


def test_bp2_hb1_a_second_violation_pays_for_all_and_the_bettors_mirror_it():
    ruling = rule(_dead_c_pons(1))
    hand = only_hand(ruling)
    # C's standalone face is 0 (no honour set, no flower): C pays the dealer A 100 + (0 + 1) × 20 =
    # 120, B and D 100 each. X (on C) mirrors each: A 50 + 1 × 10 = 60, B and D 50; Y (on A,
    # accepted by C) receives the fixed 30 from C.
    assert hand["result"] == "penalty"
    assert ruled(hand) == [("TW-XG-5", "C", 2, "ruled"), ("TW-BP-1", "C", 2, "ruled")]
    assert paid(hand) == [("C", "A", 120, "TW-BP-2"), ("C", "B", 100, "TW-BP-2"), ("C", "D", 100, "TW-BP-2"),
                          ("X", "A", 60, "TW-HB-1"), ("X", "B", 50, "TW-HB-1"), ("X", "D", 50, "TW-HB-1"),
                          ("C", "Y", 30, "TW-HB-1")]
    assert ruling["net"] == {"A": 180, "B": 150, "C": -350, "D": 150, "X": -160, "Y": 30}
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_bp2_zh4_the_dealer_paying_for_all_pays_his_dealer_tai_to_each_and_loses_the_deal():
    hand = only_hand(rule(_dead_c_pons(1, dealer="C", streak=1)))
    # C deals, N 1: each of the three gets 100 + (0 + 1 + 2) × 20 = 160; X mirrors 50 + 3 × 10 = 80.
    assert paid(hand) == [("C", "A", 160, "TW-BP-2"), ("C", "B", 160, "TW-BP-2"), ("C", "D", 160, "TW-BP-2"),
                          ("X", "A", 80, "TW-HB-1"), ("X", "B", 80, "TW-HB-1"), ("X", "D", 80, "TW-HB-1"),
                          ("C", "Y", 30, "TW-HB-1")]
    assert hand["next"] == {"dealer": "D", "streak": 0, "round_wind": None}


def test_xg5_near_miss_the_first_violation_costs_nothing_and_no_bettor_pays():
    ruling = rule(_dead_c_pons(0))
    assert ruled(only_hand(ruling)) == [("TW-XG-5", "C", 2, "ruled")]
    assert set(ruling["net"].values()) == {0}


def _dead_c(violations, *events):
    return doc(state(DEAD, turn="C", status={"C": {"dead_hand": True, "dead_hand_violations": violations}}),
               *events, *([] if violations else [ev("end")]))


def test_xg5_a_new_cause_reported_is_the_second_violation_peek_or_flower_discarded():
    peek = only_hand(rule(_dead_c(1, ev("peek", player="C", target="wall"), ev("report", by="A", against="C", about=1))))
    flower = only_hand(rule(_dead_c(1, draw("C", "5f"), discard("C", "5f"), ev("report", by="A", against="C", about=2))))
    # Each cause is listed under its own clause (TW-XG-1 peeking, TW-FL-4 a discarded flower), and
    # the 包賠 under TW-BP-1: 120 to the dealer A, 100 to B and D.
    assert ruled(peek) == [("TW-XG-1", "C", 1, "ruled"), ("TW-BP-1", "C", 2, "ruled")]
    assert ruled(flower) == [("TW-FL-4", "C", 2, "ruled"), ("TW-BP-1", "C", 3, "ruled")]
    for hand in (peek, flower):
        assert hand["result"] == "penalty"
        assert paid(hand) == [("C", "A", 120, "TW-BP-2"), ("C", "B", 100, "TW-BP-2"), ("C", "D", 100, "TW-BP-2")]


def test_xg5_near_miss_a_new_cause_as_the_first_violation_is_ruled_without_money():
    hand = only_hand(rule(_dead_c(0, draw("C", "5f"), discard("C", "5f"), ev("report", by="A", against="C", about=2))))
    assert ruled(hand) == [("TW-FL-4", "C", 2, "ruled")] and paid(hand) == [] and hand["result"] == "open"


# -- TW-GS-5: passing one's own self-draw is no 過水; TW-XG-3: a 相公 still pays ------------------------

WAIT_7Z = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s456s7z",
           "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p7p"}


def test_gs5_a_player_who_passed_his_own_self_draw_may_win_on_the_next_discard_of_it():
    hand = only_hand(rule(doc(state(WAIT_7Z, turn="B"), draw("B", "7z"), discard("B", "7z"), *tsumogiri("C", "1s"),
                              *tsumogiri("D", "2s"), draw("A", "7z"), discard("A", "7z"), win("B", "discard", "7z", frm="A"))))
    # 門清 1 + 獨聽 1 = 2; the dealer A deals in: 100 + (2 + 1) × 20 = 160.
    assert ruled(hand) == [] and paid(hand) == [("A", "B", 160, "TW-PAY-1")]


def test_gs5_near_miss_passing_anothers_discard_forbids_even_the_self_draw():
    hand = only_hand(rule(doc(state(WAIT_7Z, turn="A"), draw("A", "7z"), discard("A", "7z"), draw("B", "7z"),
                              win("B", "self_draw", "7z"))))
    # 詐和 (TW-GS-2), as declared 門清 1 + 不求 2 + 獨聽 1 = 4: 180 each, the dealer A 20 more.
    assert ruled(hand) == [("TW-GS-1", "B", 2, "ruled"), ("TW-GS-2", "B", 4, "ruled"), ("TW-ZH-1", "B", 4, "ruled")]
    assert paid(hand) == [("B", "A", 200, "TW-ZH-2"), ("B", "C", 180, "TW-ZH-2"), ("B", "D", 180, "TW-ZH-2")]


def test_xg3_a_dead_hand_pays_his_share_of_a_self_draw_as_usual():
    hand = only_hand(rule(doc(state(WAIT_7Z, turn="B", status={"C": {"dead_hand": True}}), draw("B", "7z"),
                              win("B", "self_draw", "7z"))))
    # 門清 1 + 不求 2 + 獨聽 1 = 4: A 100 + 5 × 20 = 200, C (相公) and D 180.
    assert paid(hand) == [("A", "B", 200, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"), ("D", "B", 180, "TW-PAY-2")]


# -- TW-ZH-7 on one discard: a valid win and a 過水 false win, under both multiple_winners values -----

# B and D both wait on 7z alone. Both pass A's 7z; B discards and lifts his 過水, D does not (he has
# not discarded since); both push down on C's 7z.
BOTH = [state(dict(WAIT_7Z, D="123s444z555z666z789p7z"), turn="D"), *tsumogiri("D", "1s"), draw("A", "7z"),
        discard("A", "7z"), *tsumogiri("B", "2s"), draw("C", "7z"), discard("C", "7z"),
        win("B", "discard", "7z", frm="C"), win("D", "discard", "7z", frm="C")]


def test_zh7_a_valid_win_and_a_false_win_on_one_discard_are_both_settled():
    for option in ("head_bump", "all"):
        hand = only_hand(rule(doc(*BOTH, options={"multiple_winners": option})))
        # D's declared hand is complete: 444z seat wind 1 + 小三元 4 (no 箭字刻) + 三暗刻 2 + 門清 1 +
        # 獨聽 1 = 9: D pays 100 + 9 × 20 = 280 to B and C, 300 to the dealer A. B's 2 tai:
        # C pays 100 + 2 × 20 = 140. The result is the win; B deals next.
        assert hand["result"] == "win", option
        assert ruled(hand) == [("TW-GS-1", "B", 4, "ruled"), ("TW-GS-1", "D", 4, "ruled"),
                               ("TW-GS-2", "D", 10, "ruled"), ("TW-ZH-1", "D", 10, "ruled")]
        assert paid(hand) == [("D", "A", 300, "TW-ZH-2"), ("D", "B", 280, "TW-ZH-2"), ("D", "C", 280, "TW-ZH-2"),
                              ("C", "B", 140, "TW-PAY-1")]
        assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_zh7_near_miss_without_the_pass_head_bump_gives_the_nearer_d_the_win_alone():
    hand = only_hand(rule(doc(BOTH[0], *tsumogiri("D", "1s"), *tsumogiri("A", "2s"), *tsumogiri("B", "5m"),
                              draw("C", "7z"), discard("C", "7z"), win("B", "discard", "7z", frm="C"),
                              win("D", "discard", "7z", frm="C"))))
    # Nobody passed; D is C's next player (TW-PAY-4 頭跳): he wins alone with 9 tai, C pays 280; B's
    # declaration loses by head bump only and is no irregularity.
    assert ruled(hand) == [] and paid(hand) == [("C", "D", 280, "TW-PAY-1")]


# -- TW-CD-3: the restored offender's forced discard deals in again; a dealer offender --------------

# B discards 5s out of his chi 345s; D wins on it. B restores the set and must discard the tile he
# drew, 4s: C (111m 222m 333m 456p 9s9s 3s5s) waits on 4s alone.
CD3 = state({"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s7z4s",
             "C": "111m222m333m456p9s9s3s5s", "D": "123s444z666z789p67s99p"},
            turn="B", phase="discard", melds={"B": [{"kind": "chi", "tiles": "345s", "tile": "3s", "from": "A"}]})
CD3_EVENTS = [CD3, FROM_MELD, win("D", "discard", "5s", frm="B"), ev("correct", player="B", about=1, action="restore"),
              discard("B", "4s")]


def test_cd3_the_forced_discard_dealing_in_again_is_paid_again_and_the_dealer_keeps_the_deal():
    hand = only_hand(rule(doc(*CD3_EVENTS, win("C", "discard", "4s", frm="B"))))
    # D: 444z his seat wind 1 + 666z 1 + 門清 1 = 3 (5s or 8s: no 獨聽): B pays 100 + 3 × 20 = 160.
    # C: 三暗刻 2 + 門清 1 + 獨聽 1 = 4: B pays 100 + 4 × 20 = 180. A keeps the deal, N stays 0.
    assert faces(hand) == [(3, ["TW-TAI-1", "TW-TAI-2", "TW-TAI-3"]), (4, ["TW-TAI-11", "TW-TAI-16", "TW-TAI-3"])]
    assert ruled(hand) == [("TW-CD-3", "B", 1, "ruled")]
    assert paid(hand) == [("B", "D", 160, "TW-PAY-1"), ("B", "C", 180, "TW-PAY-1")]
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_cd3_a_dealer_offender_pays_both_with_dealer_tai_and_loses_the_deal():
    hand = only_hand(rule(doc(*CD3_EVENTS, win("C", "discard", "4s", frm="B"), dealer="B", streak=2)))
    # B deals (N 2), so B is East and D West: D's 444z is no longer his seat wind, face 2:
    # 100 + (2 + 1 + 4) × 20 = 240; C's 4: 100 + (4 + 1 + 4) × 20 = 280. The deal passes to C.
    assert paid(hand) == [("B", "D", 240, "TW-PAY-1"), ("B", "C", 280, "TW-PAY-1")]
    assert hand["next"] == {"dealer": "C", "streak": 0, "round_wind": None}


def test_cd3_near_miss_the_forced_discard_not_won_on_costs_nothing_more():
    hand = only_hand(rule(doc(*CD3_EVENTS)))
    assert paid(hand) == [("B", "D", 160, "TW-PAY-1")] and hand["result"] == "win"


# -- option false_win_face: standalone on a complete declared hand, and `shown` ----------------------

def test_false_win_face_standalone_counts_only_the_honour_sets_laid_down():
    hand = only_hand(rule(doc(*BOTH, options={"false_win_face": "standalone"})))
    # D's whole hand laid down: 444z his seat wind 1 + 555z 666z 2 = 3 (小三元, 三暗刻, 門清, 獨聽
    # need the complete hand): 100 + 3 × 20 = 160, the dealer A 180. B's win as before.
    assert paid(hand) == [("D", "A", 180, "TW-ZH-2"), ("D", "B", 160, "TW-ZH-2"), ("D", "C", 160, "TW-ZH-2"),
                          ("C", "B", 140, "TW-PAY-1")]
    shown = [*BOTH[:-1], win("D", "discard", "7z", frm="C", shown="444z")]
    hand = only_hand(rule(doc(*shown, options={"false_win_face": "standalone"})))
    # Only 444z shown: 1 tai: 120, the dealer 140.
    assert paid(hand)[:3] == [("D", "A", 140, "TW-ZH-2"), ("D", "B", 120, "TW-ZH-2"), ("D", "C", 120, "TW-ZH-2")]


def test_false_win_face_near_miss_as_declared_the_complete_hand_scores_its_nine():
    hand = only_hand(rule(doc(*BOTH, options={"false_win_face": "as_declared"})))
    assert paid(hand)[:3] == [("D", "A", 300, "TW-ZH-2"), ("D", "B", 280, "TW-ZH-2"), ("D", "C", 280, "TW-ZH-2")]


# -- TW-PR-1/2 with three claimants: a pon call, then a win call, then the next player's self-draw ----

def _pon_win_then_self_draw(*calls):
    from tests.test_priority import START2  # A discards 9s; C holds 9s9s; D wins on 9s; B waits on 7z
    return doc(START2, discard("A", "9s"), *calls, draw("B", "7z"), win("B", "self_draw", "7z"),
               *([win("D", "discard", "9s", frm="A")] if len(calls) > 1 else []))


def test_pr2_a_win_called_after_a_pon_call_but_before_the_draw_takes_the_tile_and_is_the_ruling():
    hand = only_hand(rule(_pon_win_then_self_draw(ev("call", player="C", call="pon"),
                                                  ev("call", player="D", call="win"))))
    # 和 > 碰: D wins (face 6: A deals in, 100 + 7 × 20 = 240); B's self-draw lost to D's win
    # (TW-PR-2, not to C's pon) and he pushed down anyway: 包賠, face 4: A 200, C and D 180
    # (TW-PR-9). C's pon call lost to the win: no fee.
    assert ruled(hand) == [("TW-PR-2", "B", 5, "ruled"), ("TW-PR-9", "B", 5, "ruled"), ("TW-BP-1", "B", 5, "ruled")]
    assert "D has the priority" in hand["rulings"][0]["decision"]
    assert paid(hand) == [("B", "A", 200, "TW-BP-2"), ("B", "C", 180, "TW-BP-2"), ("B", "D", 180, "TW-BP-2"),
                          ("A", "D", 240, "TW-PAY-1")]
    assert hand["result"] == "win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_pr1_near_miss_the_pon_call_alone_is_the_ruling_and_the_hand_ends_in_the_penalty():
    hand = only_hand(rule(_pon_win_then_self_draw(ev("call", player="C", call="pon"))))
    assert ruled(hand) == [("TW-PR-1", "B", 4, "ruled"), ("TW-PR-9", "B", 4, "ruled"), ("TW-BP-1", "B", 4, "ruled")]
    assert "C has the priority" in hand["rulings"][0]["decision"]
    assert paid(hand) == [("B", "A", 200, "TW-BP-2"), ("B", "C", 180, "TW-BP-2"), ("B", "D", 180, "TW-BP-2")]
    assert hand["result"] == "penalty"


# -- §0 開門序 (hand field open_seat): seat wind and seat flower come from the opening seat ------------

OPEN = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p444z123s7z",
        "C": "111m222m333m148p25p9s9s", "D": "123s888s555z666z99p7p7p"}


def _b_self_draws(**hand):
    return only_hand(rule(doc(state(OPEN, turn="B", flowers={"B": ["4f", "2f"]}), draw("B", "7z"),
                              win("B", "self_draw", "7z"), **hand)))


def test_open_seat_moves_the_seat_wind_and_flower_but_not_the_dealer_tai():
    # The wall opened at C: C East 1, D South 2, A West 3, B North 4. B's 444z is his seat wind (1)
    # and 4f his seat flower (1); 2f is not: 門清 1 + 不求 2 + 獨聽 1 + 1 + 1 = 6. A still deals:
    # 100 + (6 + 1) × 20 = 240, C and D 220.
    hand = _b_self_draws(open_seat="C")
    assert paid(hand) == [("A", "B", 240, "TW-PAY-2"), ("C", "B", 220, "TW-PAY-2"), ("D", "B", 220, "TW-PAY-2")]
    # In the North round 444z is also the round wind: 7 tai, 260 and 240.
    hand = _b_self_draws(open_seat="C", round_wind="4z")
    assert paid(hand) == [("A", "B", 260, "TW-PAY-2"), ("C", "B", 240, "TW-PAY-2"), ("D", "B", 240, "TW-PAY-2")]


def test_open_seat_near_miss_opened_at_the_dealer_b_is_south():
    # B seat 2: 2f is his seat flower, 444z and 4f count nothing: 5 tai, 220 and 200.
    hand = _b_self_draws()
    assert paid(hand) == [("A", "B", 220, "TW-PAY-2"), ("C", "B", 200, "TW-PAY-2"), ("D", "B", 200, "TW-PAY-2")]


# -- TW-YP-2 with multiple_winners all: the watcher pays each winner his 1 T ------------------------

# C (ready on 4s) watches; A discards 7z, on which B and D both win.
WATCH = state({"A": "123m456m789m111z2z3z5s6s7z", "B": "123p456p789p123s456s7z",
               "C": "111m222m333m456p9s9s3s5s", "D": "123s444z555z666z789p7z"}, turn="A", phase="discard")
TWO_WIN = [WATCH, ev("declare", player="C", what="watch"), discard("A", "7z"), win("B", "discard", "7z", frm="A"),
           win("D", "discard", "7z", frm="A")]


def test_yp2_pay4_the_watcher_pays_each_of_two_winners():
    hand = only_hand(rule(doc(*TWO_WIN, options={"multiple_winners": "all"})))
    # B 2 tai: A 100 + 3 × 20 = 160; D 9 tai (as in TW-ZH-7 above): A 100 + 10 × 20 = 300; C 20 to each.
    assert paid(hand) == [("A", "B", 160, "TW-PAY-1"), ("C", "B", 20, "TW-YP-2"), ("A", "D", 300, "TW-PAY-1"),
                          ("C", "D", 20, "TW-YP-2")]


def test_yp2_near_miss_head_bump_one_winner_one_fee():
    hand = only_hand(rule(doc(*TWO_WIN)))
    assert paid(hand) == [("A", "B", 160, "TW-PAY-1"), ("C", "B", 20, "TW-YP-2")]


# -- TW-HB-6/7 hand to hand: an outside bet placed while the dealer is on a streak is void ------------

X_ON_D = [{"id": "x1", "kind": "outer", "bettor": "X", "principal": "D", "stake": {"base": 50, "tai": 10},
           "accepted_by": ["A", "B", "C"]}]


def _bet_placed_in_hand_2(first_winner):
    """Hand 1 (A deals, N 0): ``first_winner`` self-draws the flush; hand 2: X's bet on D appears
    and D self-draws the flush (15 tai)."""
    others = iter([X1, X2, X3])
    hand1 = {p: FLUSH_W if p == first_winner else next(others) for p in "ABCD"}
    dealer2, streak2 = ("A", 1) if first_winner == "A" else ("B", 0)
    return {"format": "mjref/1", "variant": "tw16", "ruleset": {"base": 100, "tai": 20},
            "players": ["A", "B", "C", "D"], "bettors": ["X"], "hands": [
                {"round_wind": "1z", "dealer": "A", "streak": 0, "start_dealer": "A",
                 "events": [state(hand1, turn=first_winner), draw(first_winner, "8m"),
                            win(first_winner, "self_draw", "8m")]},
                {"round_wind": "1z", "dealer": dealer2, "streak": streak2, "side_bets": X_ON_D,
                 "events": [state({"A": X1, "B": X2, "C": X3, "D": FLUSH_W}, turn="D"), draw("D", "8m"),
                            win("D", "self_draw", "8m")]}]}


def test_hb6_hb7_a_bet_placed_on_a_streak_is_void_and_moves_no_money():
    ruling = rule(_bet_placed_in_hand_2("A"))
    h2 = ruling["hands"][1]
    # A kept the deal (N 1): X may not start a bet. D's 15 tai: A 100 + (15 + 1 + 2) × 20 = 460, B, C 400.
    assert ruled(h2) == [("TW-HB-6", "X", None, "ruled")]
    assert paid(h2) == [("A", "D", 460, "TW-PAY-2"), ("B", "D", 400, "TW-PAY-2"), ("C", "D", 400, "TW-PAY-2")]
    assert ruling["net"]["X"] == 0


def test_hb6_near_miss_placed_at_n0_the_bet_mirrors_each_payment():
    ruling = rule(_bet_placed_in_hand_2("B"))
    h2 = ruling["hands"][1]
    # B deals, N 0: B pays 100 + 16 × 20 = 420, A and C 400; X collects 50 + 16 × 10 = 210 from B,
    # 50 + 15 × 10 = 200 from A and C.
    assert ruled(h2) == []
    assert paid(h2) == [("A", "D", 400, "TW-PAY-2"), ("B", "D", 420, "TW-PAY-2"), ("C", "D", 400, "TW-PAY-2"),
                        ("A", "X", 200, "TW-HB-1"), ("B", "X", 210, "TW-HB-1"), ("C", "X", 200, "TW-HB-1")]
    assert ruling["net"]["X"] == 610


def test_dw1_near_miss_a_win_on_a_discard_inside_the_window_is_the_discarders():
    # TW-CD-4 covers self-draws only: C draws the 1st tile and discards 3z, D wins on it: 444z 1 +
    # 666z 1 + 三暗刻 2 + 門清 1 + 獨聽 1 = 6, C pays 100 + 6 × 20 = 220 himself.
    cd4 = dict(CD4, hands=dict(CD4["hands"], C="111m222m333m67s25p4p9s3z"))
    hand = only_hand(rule(doc(cd4, FROM_MELD, draw("C", "8p"), discard("C", "3z"), win("D", "discard", "3z", frm="C"))))
    assert ruled(hand) == [("TW-CD-4", "B", 1, "ruled")]
    assert paid(hand) == [("C", "D", 220, "TW-PAY-1")]


# -- TW-XP-6 絡牌: after 吃 3 with 4-5 he may not discard 6; 吃 3 with 1-2 has no 絡牌 -----------------

def _chi_then_discard(with_, tile):
    from tests.tablekit import chi
    hands = {"A": "123m456m789m1111z3z99s3p", "B": "123p456p789p123s456s7z",
             "C": "111m222m333m148p25p9s9s", "D": "777s888s9p556677z444z"}
    return only_hand(rule(doc(state(hands, turn="A", phase="discard"), discard("A", "3p"), chi("B", "3p", with_),
                              discard("B", tile), ev("report", by="C", against="B", about=3), ev("end"))))


def test_xp6_discarding_the_luo_tile_after_a_chi_is_ruled_on_report():
    assert ruled(_chi_then_discard("4p5p", "6p")) == [("TW-XP-6", "B", 3, "ruled")]


def test_xp6_near_miss_a_chi_with_the_two_below_has_no_luo_tile():
    # 吃 3p with 1p2p: 4p is no 絡牌; the report names nothing and is dismissed.
    assert ruled(_chi_then_discard("1p2p", "4p")) == [("TW-XG-4", "B", 4, "dismissed")]


# TW-XP-6 打出吃入: B discards 3p and chis the next 3p in the same go-round (ruled as made).
XP6 = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s456s7z3p",
       "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p7p"}


def _b_discards_then_chis(first):
    from tests.tablekit import chi
    return only_hand(rule(doc(state(dict(XP6, B=XP6["B"][:-2] + first), turn="B", phase="discard"),
                              discard("B", first), *tsumogiri("C", "1s"), *tsumogiri("D", "2s"), draw("A", "3p"),
                              discard("A", "3p"), chi("B", "3p", "4p5p"), discard("B", "7z"), ev("end"))))


def test_xp6_chi_of_the_tile_he_discarded_in_the_same_go_round_is_ruled_as_made():
    assert ruled(_b_discards_then_chis("3p")) == [("TW-XP-6", "B", 8, "ruled")]


def test_xp6_near_miss_his_discard_was_another_tile():
    assert ruled(_b_discards_then_chis("8s")) == []


# TW-XP-6 (interpretation): C lets A's 9s go unponned, then pons B's 9s in the same go-round.
def _c_pons_the_second_9s(*between):
    hands = dict(XP6, A=XP6["A"] + "9s", B="123p456p789p123s456s7z")
    return only_hand(rule(doc(state(hands, turn="A", phase="discard"), discard("A", "9s"), *between,
                              draw("B", "9s"), discard("B", "9s"), pon("C", "9s"), discard("C", "1m"), ev("end"))))


def test_xp6_pon_of_a_tile_let_go_in_the_same_go_round_is_ruled():
    assert ruled(_c_pons_the_second_9s()) == [("TW-XP-6", "C", 4, "ruled")]


def test_xp6_near_miss_after_his_own_discard_the_pon_is_lawful():
    between = [*tsumogiri("B", "1s"), *tsumogiri("C", "2s"), *tsumogiri("D", "3s"), *tsumogiri("A", "4s")]
    assert ruled(_c_pons_the_second_9s(*between)) == []


# -- TW-CG-3.3: a completed wrong claimed kong is liable for kong-tile wins for the rest of the hand ----

def _after_the_window(*finish):
    from tests.test_wrong_kongs import _completed  # B's wrong claimed kong stands, reported at event 5
    play = []
    for k, tile in enumerate(["4p", "5p", "1s", "4m", "5m", "6m", "7m", "8m"]):  # the 8 draws of the window
        play += tsumogiri("CDAB"[k % 4], tile)
    return only_hand(rule(doc(*_completed(), *play, *finish)))


def test_cg3_3_a_flower_replacement_win_after_the_8_draws_is_still_the_offenders():
    hand = _after_the_window(draw("C", "2f"), ev("flower", player="C", tile="2f"), draw("C", "2p", "back"),
                             win("C", "self_draw", "2p"))
    # C (111m 222m 333m 789s 13p 9s9s + 2p): 三暗刻 2 + 門清 1 + 不求 2 + 獨聽 1 + 杠上開花 1 = 7 (2f is
    # not West's flower). B pays the three shares: A 100 + 8 × 20 = 260, B's own and D's 240.
    assert faces(hand) == [(7, ["TW-TAI-11", "TW-TAI-16", "TW-TAI-24", "TW-TAI-3", "TW-TAI-4"])]
    assert ruled(hand) == [("TW-CG-3.3", "B", 2, "ruled"), ("TW-DW-1", "B", 25, "ruled")]
    assert paid(hand) == [("B", "C", 260, "TW-DW-1"), ("B", "C", 240, "TW-DW-1"), ("B", "C", 240, "TW-DW-1")]


def test_cg3_3_near_miss_a_plain_self_draw_there_is_paid_by_the_three():
    hand = _after_the_window(draw("C", "2p"), win("C", "self_draw", "2p"))
    # 6 tai without 杠上開花: A 100 + 7 × 20 = 240, B and D 220.
    assert paid(hand) == [("A", "C", 240, "TW-PAY-2"), ("B", "C", 220, "TW-PAY-2"), ("D", "C", 220, "TW-PAY-2")]


# -- TW-YP-5 (last sentence) / TW-PC-1: a fee owed earlier stands whatever ends the hand ----------------

FEE = [state({"A": "123m456m789m111z2z3z5s6s9s", "B": "123p456p789p123s456s7z",
              "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p7p"}, turn="A", phase="discard"),
       discard("A", "9s"), ev("call", player="C", call="pon"), *tsumogiri("B", "1s"), *tsumogiri("C", "2s")]


def test_pc1_the_fee_stands_when_a_pay_for_all_ends_the_hand():
    hand = only_hand(rule(doc(*FEE, ev("act", player="D", act="wall_disturbed", recoverable=False),
                              ev("report", by="A", against="D", about=7))))
    # D's standalone face 0: A 100 + 1 × 20 = 120, B and C 100; C's 喊碰未碰 1 T to A stands.
    assert hand["result"] == "penalty"
    assert paid(hand) == [("D", "A", 120, "TW-BP-2"), ("D", "B", 100, "TW-BP-2"), ("D", "C", 100, "TW-BP-2"),
                          ("C", "A", 20, "TW-PC-1")]


def test_pc1_near_miss_the_fee_stands_beside_a_win_too():
    hand = only_hand(rule(doc(*FEE, draw("D", "7p"), win("D", "self_draw", "7p"))))
    # D: 444z 1 + 555z 666z 2 + 四暗刻 5 + 門清 1 + 不求 2 = 11: A 100 + 12 × 20 = 340, B and C 320.
    assert paid(hand) == [("A", "D", 340, "TW-PAY-2"), ("B", "D", 320, "TW-PAY-2"), ("C", "D", 320, "TW-PAY-2"),
                          ("C", "A", 20, "TW-PC-1")]


# -- TW-FL-3 (a), last sentence: a hidden 8th found later is robbed on the holder of 7's next draw ----

def _seven_and_a_hidden_eighth():
    from tests.test_flowers import SEVEN  # A deals; C holds 1f-7f
    hands = dict(SEVEN, C="111m222m333m789s23p9s9s")  # C waits on 1p or 4p
    return [state(hands, turn="A", phase="discard", flowers={"C": [f"{k}f" for k in range(1, 8)]}),
            discard("A", "1z"), *tsumogiri("B", "5p"), *tsumogiri("C", "5m"),
            draw("D", "8f"), discard("D", "1s"),  # D keeps the 8th flower in his hand (TW-FL-4)
            *tsumogiri("A", "6p"), *tsumogiri("B", "6m")]


def test_fl3a_a_hidden_eighth_robbed_on_a_wall_draw_that_wins_adds_a_plain_self_draw():
    hand = only_hand(rule(doc(*_seven_and_a_hidden_eighth(), ev("report", by="C", against="D", about=7),
                              draw("C", "4p"), ev("rob_flower", player="C", **{"from": "D"}),
                              win("C", "rob_flower", "8f", frm="D"))))
    # 七搶一 8 + the self-draw on the wall tile 4p: 三暗刻 2 + 門清 1 + 不求 2 = 13 (two kinds: no
    # 獨聽; a wall draw: no 杠上開花). D pays as the discarder: 100 + 13 × 20 = 360.
    assert faces(hand) == [(13, ["TW-TAI-16", "TW-TAI-3", "TW-TAI-30", "TW-TAI-4"])]
    assert ruled(hand) == [("TW-FL-4", "D", 7, "ruled")]
    assert paid(hand) == [("D", "C", 360, "TW-TAI-30")]


def test_fl3a_a_hidden_eighth_robbed_on_a_draw_that_does_not_win_is_eight_tai():
    hand = only_hand(rule(doc(*_seven_and_a_hidden_eighth(), ev("report", by="C", against="D", about=7),
                              draw("C", "4s"), ev("rob_flower", player="C", **{"from": "D"}),
                              win("C", "rob_flower", "8f", frm="D"))))
    assert faces(hand) == [(8, ["TW-TAI-30"])] and paid(hand) == [("D", "C", 260, "TW-TAI-30")]


def test_fl3a_near_miss_robbed_before_the_replacement_the_winning_4p_from_the_back_is_a_kong_tile():
    from tests.test_flowers import SEVEN
    hands = dict(SEVEN, C="111m222m333m789s23p9s9s")
    hand = only_hand(rule(doc(state(hands, turn="A", phase="discard", flowers={"C": [f"{k}f" for k in range(1, 8)]}),
                              discard("A", "1z"), *tsumogiri("B", "5p"), *tsumogiri("C", "5m"), draw("D", "8f"),
                              ev("rob_flower", player="C", **{"from": "D"}), draw("C", "4p", "back"),
                              win("C", "rob_flower", "8f", frm="D"))))
    # The same 13 + 杠上開花 1 = 14: 100 + 14 × 20 = 380.
    assert faces(hand) == [(14, ["TW-TAI-16", "TW-TAI-24", "TW-TAI-3", "TW-TAI-30", "TW-TAI-4"])]
    assert paid(hand) == [("D", "C", 380, "TW-TAI-30")]


def test_tai29_the_scorer_counts_a_kong_tile_for_a_flower_win_only_off_the_wall():
    from tests.test_tai import flower_win, tai
    hand = "123m456m789p55p23s567s+4s"
    assert tai(flower_win(hand, wall_draw=True)) == {3: 1, 4: 2, 29: 8}
    assert tai(flower_win(hand)) == {3: 1, 4: 2, 24: 1, 29: 8}  # near miss: the replacement


def test_fl2_dealt_eight_flowers_won_on_a_first_draw_that_completes_the_hand_adds_a_plain_self_draw():
    from tests.test_flowers import DEALT, EIGHT_FLOWERS  # B is dealt 8 flowers: 123p 456p 789p 444s 777z 8s
    hand = only_hand(rule(doc(*DEALT, discard("A", "3z"), draw("B", "8s"), win("B", "flower"))))
    # 八仙過海 8 + 中 1 + 門清 1 + 不求 2 + 獨聽 1 = 13 (a wall draw: no 杠上開花): the dealer A pays
    # 100 + 14 × 20 = 380, C and D 100 + 13 × 20 = 360.
    assert faces(hand) == [(13, ["TW-TAI-11", "TW-TAI-2", "TW-TAI-29", "TW-TAI-3", "TW-TAI-4"])]
    assert paid(hand) == [("A", "B", 380, "TW-TAI-29"), ("C", "B", 360, "TW-TAI-29"), ("D", "B", 360, "TW-TAI-29")]
    # near miss: his first draw 1s does not complete the hand: 8 tai alone
    assert paid(only_hand(rule(doc(*DEALT, discard("A", "3z"), draw("B", "1s"), win("B", "flower"))))) == EIGHT_FLOWERS


# -- TW-DW-3 with three offenders: the remainder goes whole to the first after the winner -------------

THREE_KONGS = [state({"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s456s7z",
                      "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p7p3p"}, turn="D", phase="discard"),
               kong("D", "concealed", "4z4z4z5z"), draw("D", "2p", "back"), discard("D", "2p"),
               draw("A", "9m"), kong("A", "concealed", "1z1z1z2z"), draw("A", "4p", "back"), discard("A", "4p"),
               *tsumogiri("B", "5p"), draw("C", "4m"), kong("C", "concealed", "1m1m1m4m"), draw("C", "6p", "back"),
               discard("C", "6p"), *tsumogiri("D", "7m"), *tsumogiri("A", "8m")]


def test_dw3_three_wrong_concealed_kongs_share_a_kong_tile_win():
    hand = only_hand(rule(doc(*THREE_KONGS, draw("B", "1f"), ev("flower", player="B", tile="1f"),
                              draw("B", "7z", "back"), win("B", "self_draw", "7z"), base=101)))
    # B: 門清 1 + 不求 2 + 獨聽 1 + 杠上開花 1 = 5 (1f is not South's). Shares at base 101: the dealer A
    # 101 + 6 × 20 = 221, C and D 201: 623 = 3 × 207 + 2; C, first after B, pays 209.
    assert ruled(hand) == [("TW-CG-1.1", "D", 1, "ruled"), ("TW-CG-1.1", "A", 5, "ruled"),
                           ("TW-CG-1.1", "C", 11, "ruled"), ("TW-DW-3", "C", 21, "ruled")]
    assert paid(hand) == [("C", "B", 209, "TW-DW-3"), ("D", "B", 207, "TW-DW-3"), ("A", "B", 207, "TW-DW-3")]


def test_dw3_near_miss_an_ordinary_self_draw_leaves_the_three_kongs_unchecked():
    hand = only_hand(rule(doc(*THREE_KONGS, draw("B", "7z"), win("B", "self_draw", "7z"), base=101)))
    # 4 tai without 杠上開花: A 101 + 5 × 20 = 201, C and D 181, each his own share.
    assert paid(hand) == [("A", "B", 201, "TW-PAY-2"), ("C", "B", 181, "TW-PAY-2"), ("D", "B", 181, "TW-PAY-2")]


# -- TW-XG-2 / TW-XG-5: a 相公 may make his own 暗杠 but not a 碰杠 ---------------------------------

KONGER = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s456s7z",
          "C": "111m222m333m148p2p9s9s9s", "D": "123s444z555z666z99p7p7p"}


def test_xg2_a_dead_hands_claimed_kong_is_his_second_violation_and_pays_for_all():
    hand = only_hand(rule(doc(state(dict(KONGER, A=KONGER["A"] + "9s"), turn="A", phase="discard",
                                    status={"C": {"dead_hand": True, "dead_hand_violations": 1}}),
                              discard("A", "9s"), kong("C", "claimed", "9s9s9s9s"))))
    # Standalone face 0: the dealer A 100 + 1 × 20 = 120, B and D 100.
    assert ruled(hand) == [("TW-XG-5", "C", 2, "ruled"), ("TW-BP-1", "C", 2, "ruled")]
    assert paid(hand) == [("C", "A", 120, "TW-BP-2"), ("C", "B", 100, "TW-BP-2"), ("C", "D", 100, "TW-BP-2")]


def test_xg2_near_miss_his_own_concealed_kong_is_allowed():
    hand = only_hand(rule(doc(state(KONGER, turn="C", status={"C": {"dead_hand": True, "dead_hand_violations": 1}}),
                              draw("C", "9s"), kong("C", "concealed", "9s9s9s9s"), draw("C", "3p", "back"),
                              discard("C", "3p"), ev("end"))))
    assert ruled(hand) == [] and paid(hand) == [] and hand["result"] == "open"


# -- TW-TAI-23 / TW-ZH-1: a drawn tile that touched the hand (靠張) or fell may not win by self-draw ------

def test_tai23_a_self_draw_on_a_merged_or_dropped_tile_is_a_false_win():
    for touch in (ev("merge", player="B"), ev("act", player="B", act="tile_dropped")):
        hand = only_hand(rule(doc(state(WAIT_7Z, turn="B"), draw("B", "7z"), touch, win("B", "self_draw", "7z"))))
        # Checked at once (TW-XG-4). As declared: 門清 1 + 不求 2 + 獨聽 1 = 4: 180 each, the dealer 200.
        assert ruled(hand) == [("TW-TAI-23", "B", 3, "ruled"), ("TW-ZH-1", "B", 3, "ruled")], touch
        assert paid(hand) == [("B", "A", 200, "TW-ZH-2"), ("B", "C", 180, "TW-ZH-2"), ("B", "D", 180, "TW-ZH-2")]
        assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_tai23_near_miss_the_untouched_tile_wins():
    hand = only_hand(rule(doc(state(WAIT_7Z, turn="B"), draw("B", "7z"), win("B", "self_draw", "7z"))))
    assert paid(hand) == [("A", "B", 200, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"), ("D", "B", 180, "TW-PAY-2")]


# -- TW-CD-2 with two callers: the chi caller who showed his sequence and the pon caller his pair ------

def _from_meld_called(pon_call):
    from tests.test_meld_faults import CD, MELDS
    hands = dict(CD, D="123s444z666z456m9p8p5s5s")  # D holds 5s5s (and cannot win on 5s)
    return only_hand(rule(doc(state(hands, turn="B", phase="discard", melds=MELDS), FROM_MELD,
                              ev("call", player="C", call="chi", **{"with": "6s7s"}), pon_call,
                              ev("correct", player="B", about=1, action="restore"), discard("B", "4s"), ev("end"))))


def test_cd2_each_caller_who_showed_his_tiles_gets_one_tai():
    hand = _from_meld_called(ev("call", player="D", call="pon", **{"with": "5s5s"}))
    assert ruled(hand) == [("TW-CD-2", "B", 1, "ruled")]
    assert paid(hand) == [("B", "C", 20, "TW-CD-2"), ("B", "D", 20, "TW-CD-2")]


def test_cd2_near_miss_the_pon_caller_who_showed_nothing_gets_nothing_and_owes_no_fee():
    hand = _from_meld_called(ev("call", player="D", call="pon"))
    assert paid(hand) == [("B", "C", 20, "TW-CD-2")]


# -- TW-ZH face as_declared includes 海底撈月: a 相公's self-draw on the last tile ----------------------

def test_zh_face_as_declared_counts_the_last_tile_of_a_dead_hands_self_draw():
    hand = only_hand(rule(doc(state(WAIT_7Z, turn="B", wall_left=1, status={"B": {"dead_hand": True}}),
                              draw("B", "7z"), win("B", "self_draw", "7z"))))
    # 門清 1 + 不求 2 + 獨聽 1 + 海底撈月 1 = 5: 100 + 5 × 20 = 200 each, the dealer A 220 (TW-ZH-2).
    assert ruled(hand) == [("TW-XG-2", "B", 2, "ruled"), ("TW-ZH-1", "B", 2, "ruled")]
    assert paid(hand) == [("B", "A", 220, "TW-ZH-2"), ("B", "C", 200, "TW-ZH-2"), ("B", "D", 200, "TW-ZH-2")]


def test_zh_face_near_miss_before_the_last_tile_four_tai():
    hand = only_hand(rule(doc(state(WAIT_7Z, turn="B", wall_left=2, status={"B": {"dead_hand": True}}),
                              draw("B", "7z"), win("B", "self_draw", "7z"))))
    assert paid(hand) == [("B", "A", 200, "TW-ZH-2"), ("B", "C", 180, "TW-ZH-2"), ("B", "D", 180, "TW-ZH-2")]
