"""tw16 disputes for clauses and option values no other test rules on: each fires and has a near
miss, with the money to the unit (base 100, tai 20; A deals with N = 0 unless a test says otherwise).
Every amount was worked out from RULEBOOK.md before running the engine; the comments carry the
arithmetic.

Seats: A East (the dealer, the wall opened at him), B South, C West, D North; round wind East.
"""
from tests.tablekit import (
    discard, doc, draw, ev, kong, only_hand, rule, state, win, paid, rulings as ruled,
)

# B waits on 7z alone (123p 456p 789p 123s 456s + 7z: 門清 1 + 獨聽 1 = 2 on a discard).
# D holds 444z 555z 666z 99p 7p7p 123s.
H = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s456s7z",
     "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p7p"}


def report(against, about=None, by="A"):
    return ev("report", by=by, against=against, **({"about": about} if about is not None else {}))


# -- TW-ZH face: a false win pushed down without `shown` lays down the whole concealed hand ------

# B draws and discards 4m; A (the dealer) pushes down on it: 123m 456m 789m 111z 2z 3z 5s 6s + 4m is
# no winning hand, so the face is the standalone face: 東 111z is his seat wind and the round wind,
# 2 tai (TW-TAI-1). A dealer offender pays each B + (face + 1 + 2N)·T (TW-ZH-2).
FALSE = [state(H, turn="B", phase="draw"), draw("B", "4m"), discard("B", "4m")]


def test_zh_face_without_shown_counts_the_concealed_honour_triplets_he_laid_down():
    hand = only_hand(rule(doc(*FALSE, win("A", "discard", "4m", frm="B"))))
    assert ("TW-ZH-1", "A", 3, "ruled") in ruled(hand) and hand["result"] == "false_win"
    # 100 + (2 + 1) × 20 = 160 to each; A loses the deal (TW-ZH-4).
    assert paid(hand) == [("A", "B", 160, "TW-ZH-2"), ("A", "C", 160, "TW-ZH-2"), ("A", "D", 160, "TW-ZH-2")]
    assert hand["next"]["dealer"] == "B"
    laid = only_hand(rule(doc(*FALSE, win("A", "discard", "4m", frm="B", shown="123m456m789m111z2z3z5s6s"))))
    assert paid(laid) == paid(hand)  # the same as naming every tile


def test_zh_face_near_miss_nothing_shown_counts_no_concealed_triplet():
    hand = only_hand(rule(doc(*FALSE, win("A", "discard", "4m", frm="B", shown=[]))))
    # face 0: 100 + (0 + 1) × 20 = 120 to each.
    assert paid(hand) == [("A", "B", 120, "TW-ZH-2"), ("A", "C", 120, "TW-ZH-2"), ("A", "D", 120, "TW-ZH-2")]


def test_flow9_zh2_a_false_winning_dealer_pays_by_the_worse_of_marker_and_streak():
    # option false_win_face fixed:3. TW-FLOW-9: paying, the dealer takes the higher of N and the
    # marker: N 2 / marker 1 and N 1 / marker 2 both pay 100 + (3 + 1 + 2 × 2) × 20 = 260.
    for streak, marker in ((2, 1), (1, 2)):
        hand = only_hand(rule(doc(*FALSE, win("A", "discard", "4m", frm="B"), streak=streak,
                                  streak_marker=marker, options={"false_win_face": "fixed:3"})))
        assert {p[2] for p in paid(hand)} == {260}, (streak, marker)
    # Near miss: N 1 shown by a marker of 1: 100 + (3 + 1 + 2) × 20 = 220.
    hand = only_hand(rule(doc(*FALSE, win("A", "discard", "4m", frm="B"), streak=1,
                              options={"false_win_face": "fixed:3"})))
    assert {p[2] for p in paid(hand)} == {220}


def test_zh2_flow9_a_non_dealer_false_win_pays_the_dealer_by_a_low_marker():
    # B deals, N 1, his marker shows 0: collecting, he gets the marker's 1 + 2 × 0 = 1 dealer tai.
    # A (not the dealer) pays each 100 + 3 × 20 = 160, and B 20 more = 180; B keeps the deal, N stays 1.
    hand = only_hand(rule(doc(*FALSE, win("A", "discard", "4m", frm="B"), dealer="B", streak=1,
                              streak_marker=0, options={"false_win_face": "fixed:3"})))
    assert paid(hand) == [("A", "B", 180, "TW-ZH-2"), ("A", "C", 160, "TW-ZH-2"), ("A", "D", 160, "TW-ZH-2")]
    assert hand["next"] == {"dealer": "B", "streak": 1, "round_wind": None}


# -- TW-CG-1.3: a wrong 暗杠 made within the last 8 tiles is liable for every later win -----------

def _wrong_kong_then_b_wins(wall_left):
    # D lays 4z4z4z5z as a concealed kong (wall_left as given, before its replacement), replaces and
    # discards; A draws 7z and discards it; B wins on it. Reported after the win (TW-XG-4: a
    # liability applies when its fault is in effect by settlement).
    return doc(state(dict(H, D="123s444z555z666z99p7p7p3p"), turn="D", phase="discard", wall_left=wall_left), kong("D", "concealed", "4z4z4z5z"),
               draw("D", "2p", "back"), discard("D", "2p"), draw("A", "7z"), discard("A", "7z"),
               win("B", "discard", "7z", frm="A"), report("D", 1))


def test_cg1_3_a_wrong_concealed_kong_in_the_last_8_pays_a_later_ordinary_deal_in():
    hand = only_hand(rule(_wrong_kong_then_b_wins(6)))
    # B's face 門清 1 + 獨聽 1 = 2; the discarder A deals: 100 + (2 + 1) × 20 = 160, paid by D instead.
    assert [w["tai"] for w in hand["winners"]] == [2]
    assert ("TW-DW-1", "D", 6, "ruled") in ruled(hand)
    assert paid(hand) == [("D", "B", 160, "TW-DW-1")]


def test_cg1_3_near_miss_before_the_last_8_the_deal_in_is_the_discarders():
    hand = only_hand(rule(_wrong_kong_then_b_wins(9)))
    assert ("TW-CG-1", "D", 1, "ruled") in ruled(hand)
    assert paid(hand) == [("A", "B", 160, "TW-PAY-1")]


# -- TW-GS-3: a 暗杠 does not lift 過水; a 加杠 of a tile that does not win lifts it ----------------

# B holds 111p (or has ponned it) and waits on 7z alone; A discards 7z and B lets it go (過水, found
# by the referee, TW-GS-4); B draws the 4th 1p, kongs it and replaces with 7z.
GS = {"A": "123m456m789m111z2z3z5s6s", "B": "111p456p789p123s456s7z",
      "C": "111m222m333m248p25p9s9s", "D": "123s444z555z666z99p7p7p"}


def test_gs3_a_concealed_kong_does_not_lift_the_pass_its_replacement_win_is_false():
    hand = only_hand(rule(doc(state(GS, turn="A"), draw("A", "7z"), discard("A", "7z"), draw("B", "1p"),
                              kong("B", "concealed", "1p1p1p1p"), draw("B", "7z", "back"), win("B", "self_draw", "7z"))))
    assert ruled(hand) == [("TW-GS-1", "B", 2, "ruled"), ("TW-GS-2", "B", 6, "ruled"), ("TW-ZH-1", "B", 6, "ruled")]
    # As declared (complete): 門清 1 + 不求 2 + 獨聽 1 + 杠上開花 1 = 5. B pays each 100 + 5 × 20 = 200,
    # and the dealer A (1 + 0) × 20 more = 220 (TW-ZH-2); A keeps the deal, N stays 0.
    assert paid(hand) == [("B", "A", 220, "TW-ZH-2"), ("B", "C", 200, "TW-ZH-2"), ("B", "D", 200, "TW-ZH-2")]
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_gs3_near_miss_an_added_kong_of_a_non_winning_tile_lifts_the_pass():
    melds = {"B": [{"kind": "pon", "tiles": "111p", "tile": "1p", "from": "D"}]}
    hand = only_hand(rule(doc(state(dict(GS, B="456p789p123s456s7z"), turn="A", melds=melds), draw("A", "7z"),
                              discard("A", "7z"), draw("B", "1p"), kong("B", "added", "1p1p1p1p"),
                              draw("B", "7z", "back"), win("B", "self_draw", "7z"))))
    assert ruled(hand) == [("TW-GS-1", "B", 2, "ruled")]
    # 自摸 1 + 杠上開花 1 + 獨聽 1 = 3: the dealer A pays 100 + (3 + 1) × 20 = 180, C and D 100 + 3 × 20 = 160.
    assert paid(hand) == [("A", "B", 180, "TW-PAY-2"), ("C", "B", 160, "TW-PAY-2"), ("D", "B", 160, "TW-PAY-2")]


# -- TW-XP-3: no 暗杠 straight after a 碰杠 replacement ------------------------------------------

XP = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s456s7z",
      "C": "111m222m333m148p25p5s5s9s", "D": "999s444z555z666z8s8s8s8s"}
CLAIMED = [state(XP, turn="C", phase="discard"), discard("C", "9s"), kong("D", "claimed", "9s9s9s9s"),
           draw("D", "3p", "back")]


def test_xp3_a_concealed_kong_straight_after_a_claimed_kongs_replacement_is_ruled():
    hand = only_hand(rule(doc(*CLAIMED, kong("D", "concealed", "8s8s8s8s"), draw("D", "2p", "back"),
                              discard("D", "2p"), ev("end"))))
    assert ruled(hand) == [("TW-XP-3", "D", 4, "ruled")]


def test_xp3_near_miss_the_same_kong_on_his_next_draw_is_allowed():
    hand = only_hand(rule(doc(*CLAIMED, discard("D", "3p"), draw("A", "4p"), discard("A", "4p"), draw("B", "5p"),
                              discard("B", "5p"), draw("C", "6p"), discard("C", "6p"), draw("D", "8p"),
                              kong("D", "concealed", "8s8s8s8s"), draw("D", "2p", "back"), discard("D", "2p"),
                              ev("end"))))
    assert ruled(hand) == []


# -- TW-PAY-4 option multiple_winners: all, the dealer among the winners -------------------------

# B discards 9s; D and C both win on it. D: 123s 123s 456s 78s+9s 55z 777z = 門清 1 + 中 1 + 湊一色 4
# = 6; C: 111m 999m 111p 999p 11s 99s+9s = 門清 1 + 對對和 4 + 四暗刻 5 = 10.
MW = {"A": "111z222z333z444z55z66z", "B": "234m567m22p345p678p67s9s", "C": "111m999m111p999p11s99s",
      "D": "123s123s456s78s55z777z"}
BOTH = [state(MW, turn="B", phase="discard", wall_left=30), discard("B", "9s"), win("D", "discard", "9s", frm="B"),
        win("C", "discard", "9s", frm="B")]


def test_pay4_all_winners_the_dealer_among_them_keeps_the_deal_and_his_share_has_dealer_tai():
    hand = only_hand(rule(doc(*BOTH, dealer="D", streak=1, options={"multiple_winners": "all"})))
    # D deals, N 1: B pays D 100 + (6 + 1 + 2) × 20 = 280 and C 100 + 10 × 20 = 300 (TW-PAY-3).
    assert paid(hand) == [("B", "D", 280, "TW-PAY-1"), ("B", "C", 300, "TW-PAY-1")]
    assert hand["next"] == {"dealer": "D", "streak": 2, "round_wind": None}  # TW-FLOW-8


def test_pay4_near_miss_head_bump_the_nearest_non_dealer_wins_and_the_deal_passes():
    hand = only_hand(rule(doc(*BOTH, dealer="D", streak=1)))
    # C sits next after B: only C wins, 300; the dealer D did not win: A deals next, N 0.
    assert paid(hand) == [("B", "C", 300, "TW-PAY-1")]
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_pay4_all_winners_the_dealer_discarding_pays_each_with_dealer_tai():
    hand = only_hand(rule(doc(*BOTH, dealer="B", streak=2, options={"multiple_winners": "all"})))
    # B deals, N 2: D gets 100 + (6 + 1 + 4) × 20 = 320, C 100 + (10 + 5) × 20 = 400; C deals next.
    assert paid(hand) == [("B", "D", 320, "TW-PAY-1"), ("B", "C", 400, "TW-PAY-1")]
    assert hand["next"] == {"dealer": "C", "streak": 0, "round_wind": None}


# -- TW-YP-1 / TW-YP-3: a watcher may not kong nor decline the 海底 tile (眼牌違規, TW-YP-4) ----------

# D deals. A is ready (123m 456m 789m 111z 22z 99s waits on 2z/9s) unless said otherwise; in READY2
# he is not (11z 22z 3z 99s), so starting to watch is already one violation.
YP = {"A": "123m456m789m111z22z99s", "B": "123p456p789p123s456s7z", "C": "111m222m333m444p55p66p",
      "D": "777s888s9p556677z444z"}
NOT_READY = dict(YP, A="123m456m789m11z22z3z99s")


def _decline(hands, watch=True, then="exhaustive_draw"):
    return doc(state(hands, turn="A", wall_left=1), *([ev("declare", player="A", what="watch")] if watch else []),
               ev("decline_last", player="A"), ev(then), dealer="D")


def test_yp3_a_watcher_declining_the_last_tile_is_a_watching_violation():
    hand = only_hand(rule(_decline(YP)))
    assert ruled(hand) == [("TW-YP-4", "A", 2, "ruled")]
    assert hand["result"] == "exhaustive_draw" and paid(hand) == []  # one violation: 相公, no money


def test_yp3_near_miss_a_player_not_watching_may_decline_it():
    hand = only_hand(rule(_decline(YP, watch=False)))
    assert ruled(hand) == [] and hand["next"] == {"dealer": "D", "streak": 1, "round_wind": None}


def test_yp3_yp4_declining_it_as_the_second_violation_pays_for_all_before_the_exhaustive_draw():
    for then in ("exhaustive_draw", "end"):  # the 荒局 that follows the decline may be recorded
        hand = only_hand(rule(_decline(NOT_READY, then=then)))
        assert ruled(hand) == [("TW-YP-4", "A", 1, "ruled"), ("TW-YP-4", "A", 2, "ruled"), ("TW-BP-1", "A", 2, "ruled")]
        # Standalone face 0 (no set on the table): B and C 100 each, the dealer D 100 + 1 × 20 = 120
        # (TW-BP-2); the hand ended by the penalty: D keeps the deal and N does not grow (TW-ZH-4).
        assert paid(hand) == [("A", "B", 100, "TW-BP-2"), ("A", "C", 100, "TW-BP-2"), ("A", "D", 120, "TW-BP-2")]
        assert hand["result"] == "penalty" and hand["next"] == {"dealer": "D", "streak": 0, "round_wind": None}


def test_yp1_a_watcher_who_kongs_commits_a_watching_violation():
    hand = only_hand(rule(doc(state(YP, turn="A", wall_left=20), ev("declare", player="A", what="watch"),
                              draw("A", "1z"), kong("A", "concealed", "1z1z1z1z"), draw("A", "5s", "back"),
                              discard("A", "5s"), ev("end"), dealer="D")))
    assert ruled(hand) == [("TW-YP-4", "A", 3, "ruled")]


def test_yp1_near_miss_the_same_kong_without_watching_is_no_fault():
    hand = only_hand(rule(doc(state(YP, turn="A", wall_left=20), draw("A", "1z"), kong("A", "concealed", "1z1z1z1z"),
                              draw("A", "5s", "back"), discard("A", "5s"), ev("end"), dealer="D")))
    assert ruled(hand) == []


# -- option values that move money: single_wait, dead_wall, river_bottom ---------------------------

def test_single_wait_shape_a_pair_wait_of_two_kinds_is_a_single_wait_and_loses_all_sequences():
    # B: 4567p 123s 456s 789s 789m waits on 4p and 7p; A discards 7p: 456p + 77p.
    hands = dict(H, B="4567p123s456s789s789m")
    events = [state(hands, turn="A"), draw("A", "7p"), discard("A", "7p"), win("B", "discard", "7p", frm="A")]
    kinds = only_hand(rule(doc(*events)))
    # kinds (default): two kinds, no 獨聽; 門清 1 + 平和 2 = 3: A deals: 100 + (3 + 1) × 20 = 180.
    assert kinds["winners"][0]["tai"] == 3 and paid(kinds) == [("A", "B", 180, "TW-PAY-1")]
    shape = only_hand(rule(doc(*events, options={"single_wait": "shape"})))
    # shape: 7p is 單騎 in the only reading: 獨聽 1, and 平和 cannot hold with it: 門清 1 + 獨聽 1 = 2: 160.
    assert shape["winners"][0]["tai"] == 2 and paid(shape) == [("A", "B", 160, "TW-PAY-1")]


def test_dead_wall_plus_one_per_kong_moves_the_last_tile_forward():
    # wall_left 4: A draws (3), kongs 1z (plus_one_per_kong: 2), replaces (2 / 1), discards; B draws
    # 7z (1 / 0): under plus_one_per_kong it is the 海底 tile (drawn when wall_left was 1).
    events = [state(H, turn="A", wall_left=4), draw("A", "1z"), kong("A", "concealed", "1z1z1z1z"),
              draw("A", "4p", "back"), discard("A", "4p"), draw("B", "7z"), win("B", "self_draw", "7z")]
    fixed = only_hand(rule(doc(*events)))
    # 門清 1 + 不求 2 + 獨聽 1 = 4: A 100 + 5 × 20 = 200, C and D 180.
    assert paid(fixed) == [("A", "B", 200, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"), ("D", "B", 180, "TW-PAY-2")]
    plus = only_hand(rule(doc(*events, options={"dead_wall": "plus_one_per_kong"})))
    # + 海底撈月 1 = 5: A 220, C and D 200.
    assert paid(plus) == [("A", "B", 220, "TW-PAY-2"), ("C", "B", 200, "TW-PAY-2"), ("D", "B", 200, "TW-PAY-2")]


def test_river_bottom_the_last_discard_adds_a_tai_only_with_the_option():
    events = [state(H, turn="A", wall_left=1), draw("A", "7z"), discard("A", "7z"), win("B", "discard", "7z", frm="A")]
    # off: 門清 1 + 獨聽 1 = 2, A deals: 160; on: + 河底撈魚 1: 180.
    assert paid(only_hand(rule(doc(*events)))) == [("A", "B", 160, "TW-PAY-1")]
    assert paid(only_hand(rule(doc(*events, options={"river_bottom": True})))) == [("A", "B", 180, "TW-PAY-1")]


# -- flower wins carry dealer tai (TW-TAI-29, TW-FL-3, TW-PAY-3) -------------------------------------

SEVEN = {"A": "123m456m789m111z2z3z5s6s9s", "B": "123p456p789p123s456s7z",
         "C": "111m222m333m789s13p9s9s", "D": "123s444z555z666z99p7p7p"}


def _robbed(replacement):
    """TW-FL-3 (a): C holds seven flowers; D draws the 8th and C robs it before D replaces it."""
    return [state(SEVEN, turn="A", phase="discard", flowers={"C": [f"{k}f" for k in range(1, 8)]}),
            discard("A", "1z"), draw("B", "5p"), discard("B", "5p"), draw("C", "5m"), discard("C", "5m"),
            draw("D", "8f"), ev("rob_flower", player="C", **{"from": "D"}), draw("C", replacement, "back"),
            win("C", "rob_flower", "8f", frm="D")]


def test_fl3a_the_robbed_dealer_pays_eight_tai_one_base_and_his_dealer_tai():
    hand = only_hand(rule(doc(*_robbed("4s"), dealer="D", streak=1)))
    # D deals, N 1: 100 + (8 + 1 + 2) × 20 = 320, as a deal-in; the deal passes to A.
    assert paid(hand) == [("D", "C", 320, "TW-TAI-30")]
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_fl3a_the_replacement_also_winning_adds_its_face_to_the_robbed_dealers_payment():
    hand = only_hand(rule(doc(*_robbed("2p"), dealer="D", streak=1)))
    # C: 111m 222m 333m 789s 99s + 1p 3p + 2p: 門清 1 + 不求 2 + 獨聽 1 + 三暗刻 2 + 杠上開花 1 = 7,
    # + 七搶一 8 = 15 (no 花牌 beside it): D pays 100 + (15 + 1 + 2) × 20 = 460.
    assert hand["winners"][0]["tai"] == 15 and paid(hand) == [("D", "C", 460, "TW-TAI-30")]


def test_tai29_eight_flowers_the_dealer_pays_with_dealer_tai_and_keeps_winning_the_deal():
    eight = [state(dict(SEVEN, C="111m999m111p999p11s99s", A="111z222z333z444z55z66z", B="234m567m22p345p678p67s",
                        D="123s123s456s789s5z6z77z"), turn="C", wall_left=30,
                   flowers={"C": [f"{k}f" for k in range(1, 8)]}),
             draw("C", "8f"), ev("flower", player="C", tile="8f"), draw("C", "5p", "back"), win("C", "flower", "8f")]
    hand = only_hand(rule(doc(*eight, dealer="D", streak=1)))
    # All three pay 100 + 8 × 20 = 260; the dealer D 100 + (8 + 1 + 2) × 20 = 320.
    assert paid(hand) == [("A", "C", 260, "TW-TAI-29"), ("B", "C", 260, "TW-TAI-29"), ("D", "C", 320, "TW-TAI-29")]
    dealer_wins = only_hand(rule(doc(*eight, dealer="C", streak=1)))
    # C deals, N 1: each pays 320 and C keeps the deal with N 2 (TW-FLOW-8).
    assert {p[2] for p in paid(dealer_wins)} == {320}
    assert dealer_wins["next"] == {"dealer": "C", "streak": 2, "round_wind": None}


# -- TW-HB-1 with TW-DW-1: the liable offender's payment is one payment to mirror ------------------

# B discards 5s out of his exposed chi 345s unnoticed (TW-CD-4): liable for others' self-draws within
# the next 8 draws. D self-draws 3z on the 2nd: face 8; B pays A's share 100 + 9 × 20 = 280 and
# B's and C's 260 each: 800 to D, for one cause.
CD4 = [state({"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s7z4s", "C": "111m222m333m67s25p4p9s9s",
              "D": "123s444z666z456m999p3z"}, turn="B", phase="discard",
             melds={"B": [{"kind": "chi", "tiles": "345s", "tile": "3s", "from": "A"}]}),
       {"type": "discard", "player": "B", "tile": "5s", "from_meld": True}, draw("C", "5p"), discard("C", "5p"),
       draw("D", "3z"), win("D", "self_draw", "3z")]
D_SHARES = [("B", "D", 280, "TW-DW-1"), ("B", "D", 260, "TW-DW-1"), ("B", "D", 260, "TW-DW-1")]


def _with_bet(bet, **options):
    d = doc(*CD4, side_bets=[bet], options=options or None)
    if bet["kind"] == "outer":
        d["bettors"] = [bet["bettor"]]
    return only_hand(rule(d))


def test_hb1_dw1_a_bettor_on_the_winner_mirrors_the_liable_players_payment_once():
    hand = _with_bet({"id": "x", "kind": "outer", "bettor": "X", "principal": "D",
                      "stake": {"base": 50, "tai": 10}, "accepted_by": ["A", "B", "C"]})
    # One payment B → D of 9 + 8 + 8 = 25 tai: B pays X 50 + 25 × 10 = 300; A and C paid nothing.
    assert paid(hand) == [*D_SHARES, ("B", "X", 300, "TW-HB-1")]
    assert hand["net"] == {"A": 0, "B": -1100, "C": 0, "D": 800, "X": 300}


def test_hb1_near_miss_the_liable_player_did_not_accept_the_bet():
    hand = _with_bet({"id": "x", "kind": "outer", "bettor": "X", "principal": "D",
                      "stake": {"base": 50, "tai": 10}, "accepted_by": ["A", "C"]})
    assert paid(hand) == D_SHARES and hand["net"]["X"] == 0  # A and C paid D nothing: no mirror


def test_hb2_inner_unit_base_and_stake_on_the_liable_payment():
    bet = {"id": "d1", "kind": "inner", "bettor": "D", "principal": "D", "units": 1, "accepted_by": ["A", "B", "C"]}
    # stake (default): one B/T stake: 100 + 25 × 20 = 600 more; base: one B: 100 more.
    assert paid(_with_bet(bet)) == [*D_SHARES, ("B", "D", 600, "TW-HB-1")]
    assert paid(_with_bet(bet, inner_unit="base")) == [*D_SHARES, ("B", "D", 100, "TW-HB-1")]


def test_dw1_flow9_the_liable_player_pays_the_dealers_share_by_the_dealers_worse_n():
    # A deals; N 2 with a marker of 1, or N 1 with a marker of 2: paying, the dealer's share is by
    # 2: 100 + (8 + 1 + 4) × 20 = 360; B and C's shares 260 each, all paid by the liable B.
    for streak, marker in ((2, 1), (1, 2)):
        hand = only_hand(rule(doc(*CD4, streak=streak, streak_marker=marker)))
        assert paid(hand) == [("B", "D", 360, "TW-DW-1"), ("B", "D", 260, "TW-DW-1"), ("B", "D", 260, "TW-DW-1")]


def test_dw1_flow9_near_miss_the_winning_dealer_collects_each_share_by_the_better_n():
    # D deals (the wall opened at him: he is East, so 北 444z is no seat wind: face 7). Collecting,
    # he takes the lower of N and the marker, 1: B pays three shares of 100 + (7 + 1 + 2) × 20 = 300.
    for streak, marker, after in ((2, 1, 3), (1, 2, 2)):
        hand = only_hand(rule(doc(*CD4, dealer="D", streak=streak, streak_marker=marker)))
        assert hand["winners"][0]["tai"] == 7
        assert paid(hand) == [("B", "D", 300, "TW-DW-1")] * 3
        assert hand["next"] == {"dealer": "D", "streak": after, "round_wind": None}  # the true N + 1


# -- TW-CG-2 / TW-PAY-1a: a wrong added kong robbed: the win stands, the offender pays as discarder --

def test_cg2_pay1a_a_wrong_added_kong_robbed_is_paid_by_its_maker_as_the_discarder():
    # B has ponned 7z and adds a 1z; C waits on 1z alone and robs it: 門清 1 + 獨聽 1 + 搶杠 1 +
    # 三暗刻 2 (111m 222m 333m) = 5. B pays 100 + 5 × 20 = 200; dealing, N 1: 100 + 8 × 20 = 260.
    hands = {"A": "123m456m789m11z2z3z4s5s6s", "B": "123p456p789p123s1z5m", "C": "111m222m333m789s456p1z",
             "D": "123s444z555z666z99p7p8p"}
    robbed = [state(hands, turn="B", phase="discard", melds={"B": [{"kind": "pon", "tiles": "777z", "tile": "7z",
                                                                    "from": "D"}]}),
              kong("B", "added", "7z7z7z1z"), win("C", "rob_kong", "1z", frm="B")]
    hand = only_hand(rule(doc(*robbed)))
    assert hand["result"] == "win" and paid(hand) == [("B", "C", 200, "TW-PAY-1a")]
    assert paid(only_hand(rule(doc(*robbed, dealer="B", streak=1)))) == [("B", "C", 260, "TW-PAY-1a")]


# -- TW-PC-3: a 喊碰未碰 fee stands at 荒局; TW-YP-2: a watcher who deals in pays the fee as well --------

TAIL = [draw("B", "1s"), discard("B", "1s"), draw("C", "2s"), discard("C", "2s"), draw("D", "3s"), discard("D", "3s"),
        draw("A", "4s"), discard("A", "4s"), draw("B", "5s"), discard("B", "5s"), ev("exhaustive_draw")]


def test_pc3_a_pon_called_and_not_made_pays_its_flat_fee_though_the_hand_ends_in_an_exhaustive_draw():
    # D (the dealer, holding 55z) calls pon on A's 5z and does not pon; A is not his 上家 (C is):
    # 1 tai flat, no base, no dealer tai: 20. The 荒局 keeps D's deal, N 0 → 1.
    hand = only_hand(rule(doc(state(YP, turn="A", wall_left=6), draw("A", "5z"), discard("A", "5z"),
                              ev("call", player="D", call="pon"), *TAIL, dealer="D")))
    assert ruled(hand) == [("TW-PC-1", "D", 3, "ruled")] and paid(hand) == [("D", "A", 20, "TW-PC-1")]
    assert hand["next"] == {"dealer": "D", "streak": 1, "round_wind": None}


def test_pc3_near_miss_without_the_call_the_exhaustive_draw_costs_nothing():
    hand = only_hand(rule(doc(state(YP, turn="A", wall_left=6), draw("A", "5z"), discard("A", "5z"), *TAIL,
                              dealer="D")))
    assert ruled(hand) == [] and paid(hand) == []


def test_yp2_a_watcher_who_deals_in_pays_the_win_and_the_watchers_fee():
    # D deals (D East, A South, B West, C North). A watches, draws 5p and discards it as drawn; C
    # wins: 111m 222m 333m 444p 66p + 55p+5p: 門清 1 + 對對和 4 + 四暗刻 5 = 10: 100 + 10 × 20 = 300,
    # and the watcher's 1 tai flat: 20.
    hand = only_hand(rule(doc(state(YP, turn="A", status={"A": {"watching": True}}), draw("A", "5p"),
                              discard("A", "5p"), win("C", "discard", "5p", frm="A"), dealer="D")))
    assert paid(hand) == [("A", "C", 300, "TW-PAY-1"), ("A", "C", 20, "TW-YP-2")]
    not_watching = only_hand(rule(doc(state(YP, turn="A"), draw("A", "5p"), discard("A", "5p"),
                                      win("C", "discard", "5p", frm="A"), dealer="D")))
    assert paid(not_watching) == [("A", "C", 300, "TW-PAY-1")]


# -- option lik_gu (TW-TAI-36): both values in a dispute ------------------------------------------

# B: 11p 22p 33p 44p 11s 22s 777z + 6p waits on 6p alone (six pairs, a 中 triplet and a single).
LIK = dict(H, B="11p22p33p44p6p11s22s777z")
LIK_DISCARD = [state(LIK, turn="A"), draw("A", "6p"), discard("A", "6p"), win("B", "discard", "6p", frm="A")]


def test_lik_gu_on_seven_pairs_and_a_triplet_win_and_their_face():
    hand = only_hand(rule(doc(*LIK_DISCARD, options={"lik_gu": True})))
    # 嚦咕嚦咕 8 (no 門清) + 中 1 + 獨聽 1 = 10; A deals: 100 + 11 × 20 = 320.
    assert hand["winners"][0]["tai"] == 10 and paid(hand) == [("A", "B", 320, "TW-PAY-1")]
    drawn = only_hand(rule(doc(state(LIK, turn="B"), draw("B", "6p"), win("B", "self_draw", "6p"),
                               options={"lik_gu": True})))
    # self-drawn: + 自摸 1 (not 不求) = 11: A 100 + 12 × 20 = 340, C and D 320.
    assert paid(drawn) == [("A", "B", 340, "TW-PAY-2"), ("C", "B", 320, "TW-PAY-2"), ("D", "B", 320, "TW-PAY-2")]


def test_lik_gu_near_miss_off_the_same_hand_is_a_false_win():
    hand = only_hand(rule(doc(*LIK_DISCARD)))
    # No winning hand: the standalone face of the hand laid down, 中 777z = 1: B pays A (dealer)
    # 100 + (1 + 1) × 20 = 140, C and D 120; A keeps the deal.
    assert hand["result"] == "false_win"
    assert paid(hand) == [("B", "A", 140, "TW-ZH-2"), ("B", "C", 120, "TW-ZH-2"), ("B", "D", 120, "TW-ZH-2")]
