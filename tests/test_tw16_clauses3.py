"""tw16 disputes, round 3: face tai patterns ruled through a whole hand (RULEBOOK §3), 天聽 lost,
搶杠 and dealer tai, 錯碰 by stage, a wrong dealer or streak in a `hands` document, a bettor's
influence and `missing` facts, in the combinations rounds 1 and 2 (tests/test_tw16_clauses.py,
test_tw16_clauses2.py) left out. Each
fires and has a near miss, with the money to the unit (base 100, tai 20; A deals with N = 0). Every
amount was worked out from RULEBOOK.md before running the engine; the comments carry the arithmetic.

Seats: A East (the dealer), B South, C West, D North; round wind East.
"""
from tests.tablekit import chi, discard, doc, draw, ev, flower, kong, only_hand, paid, pon, rule, state, win
from tests.test_meld_faults import START as CP_START, report


def faces(hand):
    return [(w["tai"], sorted((p["rule"], p["tai"]) for p in w["patterns"])) for w in hand["winners"]]


# -- 字一色 with 大四喜 and 五暗刻 (TW-TAI-13/18/19) ----------------------------------------------

# B (South) holds five honour triplets concealed and waits on 6z alone (單騎).
HONOURS = {"A": "111s222s333s456s78p99p", "B": "111z222z333z444z555z6z",
           "C": "111p333p666p789s88s77s", "D": "777m888m111m456m123p6z"}


def test_tai13_19_18_all_honours_big_four_winds_and_five_concealed_on_a_self_draw():
    hand = only_hand(rule(doc(state(HONOURS, turn="B"), draw("B", "6z"), win("B", "self_draw", "6z"))))
    # 大四喜 16 (no 風字刻) + 字一色 16 − 4 = 12 (no 對對和, 湊一色) + 五暗刻 12 (no 門清, 對對和,
    # 三/四暗刻) + 不求 2 (no 自摸) + 獨聽 1 + 555z 箭字刻 1 = 44. The dealer A pays
    # 100 + (44 + 1) × 20 = 1000; C and D 100 + 44 × 20 = 980 each.
    assert faces(hand) == [(44, [("TW-TAI-11", 1), ("TW-TAI-13", 12), ("TW-TAI-18", 12), ("TW-TAI-19", 16),
                                 ("TW-TAI-2", 1), ("TW-TAI-4", 2)])]
    assert paid(hand) == [("A", "B", 1000, "TW-PAY-2"), ("C", "B", 980, "TW-PAY-2"), ("D", "B", 980, "TW-PAY-2")]


def test_tai18_near_miss_the_pair_won_on_a_discard_keeps_five_concealed_but_not_bu_qiu():
    # D discards the 6z: it completes the pair, so the five triplets stay concealed (TW-TAI-16's
    # "a triplet completed by another's discard" does not touch them): 五暗刻 12 still, 門清 still
    # excluded, no 不求: 16 + 12 + 12 + 1 + 1 = 42. D pays 100 + 42 × 20 = 940.
    start = dict(HONOURS, D="777m888m111m456m123p6z7p")
    hand = only_hand(rule(doc(state(start, turn="D", phase="discard"), discard("D", "6z"),
                              win("B", "discard", "6z", frm="D"))))
    assert faces(hand)[0][0] == 42
    assert ("TW-TAI-4", 2) not in faces(hand)[0][1] and ("TW-TAI-3", 1) not in faces(hand)[0][1]
    assert paid(hand) == [("D", "B", 940, "TW-PAY-1")]


# -- 字一色 with 小四喜: the deduct, and 風字刻/箭字刻 kept (TW-TAI-1/2/13/20) -------------------

LITTLE = dict(HONOURS, B="111z222z333z555z666z4z", D="777m888m111m456m123p4z")


def test_tai13_20_all_honours_little_four_winds_keeps_wind_and_dragon_triplets():
    hand = only_hand(rule(doc(state(LITTLE, turn="B"), draw("B", "4z"), win("B", "self_draw", "4z"))))
    # 小四喜 8 + 字一色 16 − 4 = 12 + 風字刻 222z seat 1 + 111z round 1 = 2 + 箭字刻 555z 666z 2
    # (no 小三元: the pair is a wind) + 五暗刻 12 + 不求 2 + 獨聽 1 = 39. A pays 100 + 40 × 20 = 900,
    # C and D 100 + 39 × 20 = 880.
    assert faces(hand) == [(39, [("TW-TAI-1", 2), ("TW-TAI-11", 1), ("TW-TAI-13", 12), ("TW-TAI-18", 12),
                                 ("TW-TAI-2", 2), ("TW-TAI-20", 8), ("TW-TAI-4", 2)])]
    assert paid(hand) == [("A", "B", 900, "TW-PAY-2"), ("C", "B", 880, "TW-PAY-2"), ("D", "B", 880, "TW-PAY-2")]


def test_tai13_near_miss_a_suit_pair_is_no_all_honours_and_takes_no_deduct():
    # The same five honour triplets with a 9m pair: no 字一色 (so no deduct) but 湊一色 4 (one suit
    # and honours), and no 小四喜 (three wind sets, no wind pair): 風字刻 2 + 箭字刻 2 + 湊一色 4 +
    # 五暗刻 12 + 不求 2 + 獨聽 1 = 23.
    # A pays 100 + 24 × 20 = 580, C and D 100 + 23 × 20 = 560.
    start = dict(LITTLE, B="111z222z333z555z666z9m", D="777m888m111m456m123p4z")
    hand = only_hand(rule(doc(state(start, turn="B"), draw("B", "9m"), win("B", "self_draw", "9m"))))
    assert faces(hand) == [(23, [("TW-TAI-1", 2), ("TW-TAI-11", 1), ("TW-TAI-15", 4), ("TW-TAI-18", 12),
                                 ("TW-TAI-2", 2), ("TW-TAI-4", 2)])]
    assert paid(hand) == [("A", "B", 580, "TW-PAY-2"), ("C", "B", 560, "TW-PAY-2"), ("D", "B", 560, "TW-PAY-2")]


# -- 杠上開花 and 海底撈月 on a flower's replacement (TW-TAI-24/25/26, TW-FLOW-2) ---------------

# B (South, seat 2) waits on 5s alone (嵌張), concealed.
KANCHAN = {"A": "111s222s333s456s78p99p", "B": "123m456m789m234p55p46s",
           "C": "111p333p666p789s11z22z", "D": "777m888m111m444z555z6z"}


def flower_replacement_win(wall_left):
    return doc(state(KANCHAN, turn="B", wall_left=wall_left), draw("B", "6f"), flower("B", "6f"),
               draw("B", "5s", "back"), win("B", "self_draw", "5s"))


def test_tai24_25_a_flowers_replacement_that_is_the_last_tile_scores_both():
    # The flower 6f (夏) is drawn at wall_left 2 → 1; its replacement lowers it to 0: the 海底 tile.
    # 門清 1 + 不求 2 + 獨聽 1 + 杠上開花 1 + 海底撈月 1 + 花牌 6f seat 2 1 = 7. A pays
    # 100 + 8 × 20 = 260, C and D 100 + 7 × 20 = 240.
    hand = only_hand(rule(flower_replacement_win(2)))
    assert faces(hand) == [(7, [("TW-TAI-11", 1), ("TW-TAI-24", 1), ("TW-TAI-25", 1), ("TW-TAI-26", 1),
                                ("TW-TAI-3", 1), ("TW-TAI-4", 2)])]
    assert paid(hand) == [("A", "B", 260, "TW-PAY-2"), ("C", "B", 240, "TW-PAY-2"), ("D", "B", 240, "TW-PAY-2")]


def test_tai25_near_miss_one_tile_more_in_the_wall_no_last_tile():
    # 6 tai: A 100 + 7 × 20 = 240, C and D 220.
    hand = only_hand(rule(flower_replacement_win(3)))
    assert faces(hand)[0][0] == 6 and ("TW-TAI-25", 1) not in faces(hand)[0][1]
    assert paid(hand) == [("A", "B", 240, "TW-PAY-2"), ("C", "B", 220, "TW-PAY-2"), ("D", "B", 220, "TW-PAY-2")]


# -- 全求 and 半求 through a hand (TW-TAI-5/6) ------------------------------------------------------

FIVE = [{"kind": "pon", "tiles": "999m", "tile": "9m", "from": "A"},
        {"kind": "chi", "tiles": "123m", "tile": "1m", "from": "A"},
        {"kind": "pon", "tiles": "777s", "tile": "7s", "from": "C"},
        {"kind": "kong", "kong": "claimed", "tiles": "2222p", "tile": "2p", "from": "D"},
        {"kind": "chi", "tiles": "456m", "tile": "4m", "from": "A"}]
ONE_LEFT = dict(KANCHAN, B="5p")


def test_tai5_all_from_others_on_a_discard_with_a_claimed_kong():
    # 全求 2 + 獨聽 1 = 3 (a 明杠 keeps 全求, RULEBOOK §3 interpretation). C pays 100 + 3 × 20 = 160.
    start = dict(ONE_LEFT, C="111p333p666p789s11z22z5p")
    hand = only_hand(rule(doc(state(start, turn="C", phase="discard", melds={"B": FIVE}), discard("C", "5p"),
                              win("B", "discard", "5p", frm="C"))))
    assert faces(hand) == [(3, [("TW-TAI-11", 1), ("TW-TAI-5", 2)])]
    assert paid(hand) == [("C", "B", 160, "TW-PAY-1")]


def test_tai6_near_miss_the_same_tile_self_drawn_is_half_from_others():
    # 半求 1 + 獨聽 1 + 自摸 1 = 3: A 100 + 4 × 20 = 180, C and D 160.
    hand = only_hand(rule(doc(state(ONE_LEFT, turn="B", melds={"B": FIVE}), draw("B", "5p"),
                              win("B", "self_draw", "5p"))))
    assert faces(hand) == [(3, [("TW-TAI-11", 1), ("TW-TAI-23", 1), ("TW-TAI-6", 1)])]
    assert paid(hand) == [("A", "B", 180, "TW-PAY-2"), ("C", "B", 160, "TW-PAY-2"), ("D", "B", 160, "TW-PAY-2")]


# -- missing facts: a ruling never guesses (EVENT_LOG `missing`, TW-TAI-37) -----------------------

DEAL_IN = dict(KANCHAN, C="111p333p666p789s11z22z5s")


def discard_win(**kw):
    return doc(state(DEAL_IN, turn="C", phase="discard", wall_left=None), discard("C", "5s"),
               win("B", "discard", "5s", frm="C"), **kw)


def test_tai37_river_bottom_on_an_unknown_wall_leaves_the_win_unpriced():
    # With 河底撈魚 on, whether C's 5s was the last discard decides a tai; wall_left is unknown, so
    # the face and its payment are left out, as for 海底 (TW-TAI-25) on a self-draw.
    hand = only_hand(rule(discard_win(options={"river_bottom": True})))
    assert hand["missing"] == [{"fact": "wall_left", "player": "B", "at": 2,
                                "needed_for": "TW-TAI-37: whether the winning tile was the last discard"}]
    assert paid(hand) == [] and hand["complete"] is False


def test_tai37_near_miss_option_off_the_wall_is_not_needed():
    # 門清 1 + 獨聽 1 = 2: C pays 100 + 2 × 20 = 140.
    hand = only_hand(rule(discard_win()))
    assert hand["missing"] == [] and hand["complete"]
    assert paid(hand) == [("C", "B", 140, "TW-PAY-1")]


# -- TW-HB-2 an inner bet of 2 units (飄) and an outer bet at a fixed stake, through a hand ----------

BETS = [{"id": "in", "kind": "inner", "bettor": "B", "principal": "B", "units": 2, "accepted_by": ["A", "C"]},
        {"id": "x", "kind": "outer", "bettor": "X", "principal": "B", "stake": {"fixed": 30},
         "accepted_by": ["A", "C", "D"]}]


def bet_doc(**kw):
    d = doc(state(DEAL_IN, turn="C", phase="discard"), discard("C", "5s"), win("B", "discard", "5s", frm="C"),
            side_bets=BETS, **kw)
    d["bettors"] = ["X"]
    return d


def test_hb2_two_inner_units_and_a_fixed_outer_stake_mirror_the_one_payment():
    # C pays B 140 (2 tai). 飄 = 2 units of one B/T stake: 2 × (100 + 2 × 20) = 280 more; X's fixed
    # stake 30 once for that payment. Net: B 420, C −450, X 30.
    hand = only_hand(rule(bet_doc()))
    assert paid(hand) == [("C", "B", 140, "TW-PAY-1"), ("C", "B", 280, "TW-HB-1"), ("C", "X", 30, "TW-HB-1")]
    assert hand["net"] == {"A": 0, "B": 420, "C": -450, "D": 0, "X": 30}


def test_hb2_near_miss_inner_unit_base_pays_one_base_per_unit():
    # inner_unit base: 2 × 100 = 200; the outer fixed stake is unchanged.
    hand = only_hand(rule(bet_doc(options={"inner_unit": "base"})))
    assert paid(hand) == [("C", "B", 140, "TW-PAY-1"), ("C", "B", 200, "TW-HB-1"), ("C", "X", 30, "TW-HB-1")]


# -- TW-TAI-31 天聽 lost by changing the hand or by 靠張, and 門清 back -------------------------------

TING = state(KANCHAN, turn="B", status={"B": {"tian_ting": True}})
C_DEALS_5S = [draw("C", "5s"), discard("C", "5s"), win("B", "discard", "5s", frm="C")]


def test_tai31_near_miss_discarding_the_drawn_tile_keeps_tian_ting():
    # 天聽 8 (no 門清) + 獨聽 1 = 9: C pays 100 + 9 × 20 = 280.
    hand = only_hand(rule(doc(TING, draw("B", "7s"), discard("B", "7s"), *C_DEALS_5S)))
    assert faces(hand) == [(9, [("TW-TAI-11", 1), ("TW-TAI-31", 8)])]
    assert paid(hand) == [("C", "B", 280, "TW-PAY-1")]


def test_tai31_keeping_the_drawn_tile_loses_tian_ting_and_scores_the_new_hand():
    # B keeps 7s and throws 4s: 67s waits on 5s and 8s, so 5s scores 平和 2 + 門清 1 = 3 (no 獨聽,
    # no 天聽): C pays 100 + 3 × 20 = 160.
    hand = only_hand(rule(doc(TING, draw("B", "7s"), discard("B", "4s"), *C_DEALS_5S)))
    assert faces(hand) == [(3, [("TW-TAI-3", 1), ("TW-TAI-7", 2)])]
    assert paid(hand) == [("C", "B", 160, "TW-PAY-1")]


def test_tai31_a_drawn_tile_merged_loses_tian_ting_though_it_is_discarded():
    # 靠張: the same hand, 門清 1 + 獨聽 1 = 2: C pays 140.
    hand = only_hand(rule(doc(TING, draw("B", "7s"), ev("merge", player="B"), discard("B", "7s"), *C_DEALS_5S)))
    assert faces(hand) == [(2, [("TW-TAI-11", 1), ("TW-TAI-3", 1)])]
    assert paid(hand) == [("C", "B", 140, "TW-PAY-1")]


# -- TW-CP 錯碰 by stage: the pon-er's discard claimed by a chi -----------------------------------

# From tests/test_meld_faults.py's table: C pons A's 9s with 9s + 8p (event 2) and discards 8p,
# which D chis with 7p 9p (event 4). Later B self-draws 7z alone: 門清 1 + 不求 2 + 獨聽 1 = 4;
# shares A 100 + 5 × 20 = 200, C and D 100 + 4 × 20 = 180.
WRONG_PON_CHIED = [discard("A", "9s"), pon("C", "9s", "9s8p"),
                   discard("C", "8p"), chi("D", "8p", "7p9p")]
AFTER_CHI = [discard("D", "7p"), draw("A", "4p"), discard("A", "4p"), draw("B", "7z"), win("B", "self_draw", "7z")]


def cp_doc(report_after_d_discards):
    rest = [AFTER_CHI[0], report(2), *AFTER_CHI[1:]] if report_after_d_discards else [report(2), *AFTER_CHI]
    return doc(CP_START, *WRONG_PON_CHIED, *rest)


def test_cp1_found_after_the_chi_but_before_the_chi_players_discard_is_not_yet_accomplished():
    hand = only_hand(rule(cp_doc(False)))
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("TW-CP-1", "C", 2)]
    assert paid(hand) == [("A", "B", 200, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"), ("D", "B", 180, "TW-PAY-2")]


def test_cp2_found_after_the_chi_player_discarded_makes_the_pon_er_pay_the_self_draw():
    # 既遂: C is liable for the self-draw two draws later and pays all three shares (560).
    hand = only_hand(rule(cp_doc(True)))
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("TW-CP-2", "C", 2), ("TW-DW-1", "C", 10)]
    assert paid(hand) == [("C", "B", 200, "TW-DW-1"), ("C", "B", 180, "TW-DW-1"), ("C", "B", 180, "TW-DW-1")]


# -- TW-SEAT / TW-FLOW-8 / TW-FLOW-9 over a `hands` document: a wrong dealer or streak recorded ------

# A deals hand 1 (N 0) and self-draws 5s alone: 門清 1 + 不求 2 + 獨聽 1 = 4, each pays
# 100 + (4 + 1) × 20 = 200. So hand 2 must be A's again with N = 1; A self-draws the same hand.
A_WINS = dict(KANCHAN, A=KANCHAN["B"], B=KANCHAN["A"])


def _two_hands(dealer, streak, **more):
    events = [state(A_WINS, turn="A"), draw("A", "5s"), win("A", "self_draw", "5s")]
    hands = [{"round_wind": "1z", "dealer": "A", "streak": 0, "start_dealer": "A", "events": events},
             {"round_wind": "1z", "dealer": dealer, "streak": streak, **more, "events": list(events)}]
    return {"format": "mjref/1", "variant": "tw16", "ruleset": {"base": 100, "tai": 20},
            "players": ["A", "B", "C", "D"], "hands": hands}


def _second(dealer, streak, **more):
    h = rule(_two_hands(dealer, streak, **more))["hands"][1]
    return [(r["rule"], r["player"], r["status"]) for r in h["rulings"]], paid(h), h["next"]


def test_flow8_near_miss_the_true_streak_recorded_pays_one_lian_zhuang():
    # N 1: 100 + (4 + 1 + 2) × 20 = 240 from each; A keeps the deal, N 2.
    assert _second("A", 1) == ([], [(p, "A", 240, "TW-PAY-2") for p in "BCD"],
                               {"dealer": "A", "streak": 2, "round_wind": "1z"})


def test_flow8_seat_a_streak_recorded_too_low_or_too_high_is_ruled_and_the_recorded_one_settles():
    # Recorded N 0: ruled against A; paid by N 0, 200 each. Recorded N 2: 100 + (4 + 1 + 4) × 20 = 280.
    # The next streak counts on from the recorded one (RULEBOOK: "the recorded values are used").
    low = ([("TW-FLOW-8", "A", "ruled")], [(p, "A", 200, "TW-PAY-2") for p in "BCD"],
           {"dealer": "A", "streak": 1, "round_wind": "1z"})
    high = ([("TW-FLOW-8", "A", "ruled")], [(p, "A", 280, "TW-PAY-2") for p in "BCD"],
            {"dealer": "A", "streak": 3, "round_wind": "1z"})
    assert (_second("A", 0), _second("A", 2)) == (low, high)


def test_flow9_a_marker_below_the_true_streak_collects_by_the_marker_without_a_ruling():
    # True N 1 (recorded correctly), the dice show 0: the dealer collects by the marker, 200 each.
    assert _second("A", 1, streak_marker=0) == ([], [(p, "A", 200, "TW-PAY-2") for p in "BCD"],
                                                 {"dealer": "A", "streak": 2, "round_wind": "1z"})


def test_seat_a_wrong_dealer_recorded_is_ruled_and_settles_as_recorded():
    # B recorded as dealer instead of A: A self-draws as a non-dealer, the dealer B pays
    # 100 + (4 + 1) × 20 = 200, C and D 100 + 4 × 20 = 180; B loses the deal to C.
    assert _second("B", 0) == ([("TW-FLOW-8", "B", "ruled")],
                               [("B", "A", 200, "TW-PAY-2"), ("C", "A", 180, "TW-PAY-2"), ("D", "A", 180, "TW-PAY-2")],
                               {"dealer": "C", "streak": 0, "round_wind": "1z"})


# -- TW-TAI-12 搶杠 with TW-PAY-1a and dealer tai --------------------------------------------------

# C (pon 555s from A) draws the 4th 5s and adds it; B robs it for his 嵌張 wait:
# 門清 1 + 獨聽 1 + 搶杠 1 = 3.
ROB = [state(dict(KANCHAN, A="111s222s333s789s78p99p", C="111p333p666p11z2z3z"), turn="C",
             melds={"C": [{"kind": "pon", "tiles": "555s", "tile": "5s", "from": "A"}]}),
       draw("C", "5s"), kong("C", "added", "5s5s5s5s"), win("B", "rob_kong", "5s", frm="C")]


def robbed(dealer, streak):
    hand = only_hand(rule(doc(*ROB, dealer=dealer, streak=streak)))
    assert faces(hand) == [(3, [("TW-TAI-11", 1), ("TW-TAI-12", 1), ("TW-TAI-3", 1)])]
    return paid(hand), (hand["next"]["dealer"], hand["next"]["streak"])


def test_pay1a_the_robbed_dealer_on_a_streak_pays_as_the_discarder_with_his_dealer_tai():
    # C deals with N 1: 100 + (3 + 1 + 2) × 20 = 220; the deal passes to D.
    assert robbed("C", 1) == ([("C", "B", 220, "TW-PAY-1a")], ("D", 0))


def test_pay1a_a_dealer_robbing_on_a_streak_collects_his_dealer_tai_and_keeps_the_deal():
    # B deals with N 2: 100 + (3 + 1 + 4) × 20 = 260; B keeps the deal, N 3.
    assert robbed("B", 2) == ([("C", "B", 260, "TW-PAY-1a")], ("B", 3))


def test_pay1a_near_miss_neither_is_the_dealer_no_dealer_tai():
    # A deals: 100 + 3 × 20 = 160; the deal passes to B.
    assert robbed("A", 0) == ([("C", "B", 160, "TW-PAY-1a")], ("B", 0))


# -- TW-HB-4 a bettor's influence, reported, through a hand ----------------------------------------

# X backs a principal against the three at 50/10; he then influences play (event 1). C deals in B's
# 5s: 門清 1 + 獨聽 1 = 2, C pays B 100 + 2 × 20 = 140; the mirror is 50 + 2 × 10 = 70.


def influenced(principal, report):
    """``report``: the fields naming the offence, or None for no report."""
    events = [state(DEAL_IN, turn="C", phase="discard"), ev("act", player="X", act="influence")]
    if report is not None:
        events.append(ev("report", by="A", against="X", **report))
    d = doc(*events, discard("C", "5s"), win("B", "discard", "5s", frm="C"),
            side_bets=[{"id": "x", "kind": "outer", "bettor": "X", "principal": principal,
                        "stake": {"base": 50, "tai": 10}, "accepted_by": ["A", "B", "C", "D"]}])
    d["bettors"] = ["X"]
    hand = only_hand(rule(d))
    return [(r["rule"], r["player"], r["status"]) for r in hand["rulings"]], paid(hand), hand["net"]["X"]


def test_hb4_reported_influence_voids_the_bettors_win():
    for report in ({"about": 1}, {"offence": "TW-HB-4"}):
        assert influenced("B", report) == ([("TW-HB-4", "X", "ruled")], [("C", "B", 140, "TW-PAY-1")], 0)


def test_hb4_reported_influence_still_pays_the_bettors_loss():
    assert influenced("C", {"about": 1}) == ([("TW-HB-4", "X", "ruled")],
                                        [("C", "B", 140, "TW-PAY-1"), ("X", "B", 70, "TW-HB-1")], -70)


def test_hb4_near_miss_a_report_against_the_bettor_naming_nothing_is_dismissed_and_he_collects():
    # A report with neither `about` nor `offence` names no irregularity (EVENT_LOG `report`): it is
    # dismissed, not read as a wrong count of tiles a bettor does not hold (this used to raise).
    assert influenced("B", {}) == ([("TW-HB-4", "X", "unreported"), ("TW-XG-4", "X", "dismissed")],
                                   [("C", "B", 140, "TW-PAY-1"), ("C", "X", 70, "TW-HB-1")], 70)


def test_hb4_near_miss_unreported_influence_changes_nothing():
    assert influenced("B", None) == ([("TW-HB-4", "X", "unreported")],
                                     [("C", "B", 140, "TW-PAY-1"), ("C", "X", 70, "TW-HB-1")], 70)
