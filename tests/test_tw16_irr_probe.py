"""tw16 irregularity families in combination, each from a `state`: two irregularities in one hand,
an irregularity beside a valid win, a side bettor on a player who commits one. Each dispute fires
its clause and has a near miss; every payment (players and bettors) checked to the unit, worked out
from RULEBOOK.md before running the engine (the comments carry the arithmetic).

Seats: A East (the dealer unless a test says otherwise), B South, C West, D North; round wind East;
base 100, 20 per tai. Outer bets by X and Y at base 50 and 10 per tai unless a test says otherwise.
"""
from tests.tablekit import chi as chi_, doc, draw, discard, ev, faces, only_hand, paid, rule, rulings as ruled, state, win

# B waits on 7z alone (門清 1 + 獨聽 1); C is junk; D waits on 9p / 7p (對倒).
H = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s456s7z",
     "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p7p"}


def bet(id_, bettor, principal, accepted_by, **stake):
    return {"id": id_, "kind": "outer", "bettor": bettor, "principal": principal,
            "stake": stake or {"base": 50, "tai": 10}, "accepted_by": accepted_by}


def inner(bettor, accepted_by, units=1):
    return {"id": "in" + bettor, "kind": "inner", "bettor": bettor, "principal": bettor, "units": units,
            "accepted_by": accepted_by}


def with_bets(d, bets, bettors):
    d["hand"]["side_bets"] = bets
    d["bettors"] = bettors
    return d


def zero_sum(hand):
    assert sum(hand["net"].values()) == 0


# -- TW-GS-2 + TW-ZH-2/3 + TW-HB-1/2: a passed win's self-draw by a player bettors back ------------
# A (dealer, N 1) discards 7z; B lets it go (過水, TW-GS-1/4), draws the next 7z and pushes down.
# Face as declared: 門清 1 + 不求 2 + 獨聽 1 = 4. B pays A 100 + (4 + 1 + 2) × 20 = 240, C and D
# 100 + 4 × 20 = 180 each (TW-ZH-2). X backs B, accepted by A and C: he pays A 50 + 7 × 10 = 120 and
# C 50 + 4 × 10 = 90, nothing to D (TW-HB-3). Y backs C at a fixed 30, accepted by B: C received from
# B, so Y receives 30 from B. D's inner unit, accepted by B only: one more 180 from B.
GS_BETS = [bet("x", "X", "B", ["A", "C"]), bet("y", "Y", "C", ["B"], fixed=30), inner("D", ["B"])]


def test_gs2_zh3_hb1_a_passed_self_draw_with_outer_fixed_and_inner_bets():
    d = with_bets(doc(state(H, turn="A"), draw("A", "7z"), discard("A", "7z"), draw("B", "7z"),
                      win("B", "self_draw", "7z"), streak=1), GS_BETS, ["X", "Y"])
    hand = only_hand(rule(d))
    assert hand["result"] == "false_win" and hand["winners"] == []
    assert ruled(hand) == [("TW-GS-1", "B", 2, "ruled"), ("TW-GS-2", "B", 4, "ruled"), ("TW-ZH-1", "B", 4, "ruled")]
    assert paid(hand) == [("B", "A", 240, "TW-ZH-2"), ("B", "C", 180, "TW-ZH-2"), ("B", "D", 180, "TW-ZH-2"),
                          ("X", "A", 120, "TW-HB-1"), ("X", "C", 90, "TW-HB-1"), ("B", "Y", 30, "TW-HB-1"),
                          ("B", "D", 180, "TW-HB-1")]
    assert hand["net"] == {"A": 360, "B": -810, "C": 270, "D": 360, "X": -210, "Y": 30}
    # TW-ZH-4: a non-dealer's false win: A keeps the deal, N does not grow.
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


def test_gs2_near_miss_the_same_self_draw_without_the_pass_is_a_win_the_bettors_mirror():
    # B draws 7z before any 7z was discarded: 4 tai. A pays 100 + (4 + 3) × 20 = 240, C, D 180.
    # X (on B) receives from A 120 and from C 90; Y (on C) pays B 30; D's inner unit pays B 180.
    d = with_bets(doc(state(H, turn="B"), draw("B", "7z"), win("B", "self_draw", "7z"), streak=1),
                  GS_BETS, ["X", "Y"])
    hand = only_hand(rule(d))
    assert ruled(hand) == [] and faces(hand) == [("B", 4, [("TW-TAI-3", 1), ("TW-TAI-4", 2), ("TW-TAI-11", 1)])]
    assert paid(hand) == [("A", "B", 240, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"), ("D", "B", 180, "TW-PAY-2"),
                          ("A", "X", 120, "TW-HB-1"), ("C", "X", 90, "TW-HB-1"), ("Y", "B", 30, "TW-HB-1"),
                          ("D", "B", 180, "TW-HB-1")]
    zero_sum(hand)
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}  # TW-FLOW-8: a non-dealer won


# -- TW-XG-3 + TW-YP-2 + TW-HB-1: a 相公 and a watcher pay another's self-draw, bettors mirror ------
# C is 相公 (status), D (ready on 9p / 7p) watches; B self-draws 7z: 4 tai. A (dealer, N 0) pays
# 100 + (4 + 1) × 20 = 200; C pays as usual 180 (TW-XG-3); D 180 and the watcher's flat 1 T = 20
# (TW-YP-2). X backs C, Y backs D, both accepted by B: X pays 50 + 4 × 10 = 90; Y pays 90 and the
# fee's mirror, 1 tai with no base = 10 (TW-HB-1).
WATCH_BETS = [bet("x", "X", "C", ["B"]), bet("y", "Y", "D", ["B"])]


def _watched(*extra):
    d = doc(state(H, turn="B", status={"C": {"dead_hand": True}}), *extra, draw("B", "7z"),
            win("B", "self_draw", "7z"))
    return only_hand(rule(with_bets(d, WATCH_BETS, ["X", "Y"])))


def _by(hand, frm, to):
    return sum(p[2] for p in paid(hand) if (p[0], p[1]) == (frm, to))


def test_xg3_yp2_hb1_a_dead_hand_and_a_watcher_pay_a_self_draw_and_their_bettors_mirror():
    hand = _watched(ev("declare", player="D", what="watch"))
    assert hand["result"] == "win" and ruled(hand) == []
    assert paid(hand)[:4] == [("A", "B", 200, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"),
                              ("D", "B", 180, "TW-PAY-2"), ("D", "B", 20, "TW-YP-2")]
    assert _by(hand, "X", "B") == 90 and _by(hand, "Y", "B") == 100
    assert hand["net"] == {"A": -200, "B": 770, "C": -180, "D": -200, "X": -90, "Y": -100}
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_yp2_near_miss_no_watch_no_fee_nor_its_mirror():
    hand = _watched()
    assert paid(hand) == [("A", "B", 200, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"), ("D", "B", 180, "TW-PAY-2"),
                          ("X", "B", 90, "TW-HB-1"), ("Y", "B", 90, "TW-HB-1")]
    zero_sum(hand)


# -- TW-PC-1 beside a valid win, and beside a 詐和 by the same player ------------------------------
# C discards 9m; B (C's 下家, so C is not his 上家) calls pon with no pair and D draws: B owes C 1 T
# = 20 (TW-PC-1), mirrored to X who backs C (accepted by B) as 1 tai, no base: 10.
PC = [draw("C", "9m"), discard("C", "9m"), ev("call", player="B", call="pon"), draw("D", "8m"),
      discard("D", "8m"), draw("A", "7z"), discard("A", "7z")]


def _pc(*events):
    d = doc(state(H, turn="C"), *events)
    return only_hand(rule(with_bets(d, [bet("x", "X", "C", ["B"])], ["X"])))


def test_pc1_fee_stands_beside_the_callers_own_valid_win():
    hand = _pc(*PC, win("B", "discard", "7z", frm="A"))
    # B wins on the dealer's 7z: 門清 1 + 獨聽 1 = 2; A pays 100 + (2 + 1) × 20 = 160.
    assert hand["result"] == "win" and ruled(hand) == [("TW-PC-1", "B", 3, "ruled")]
    assert faces(hand) == [("B", 2, [("TW-TAI-3", 1), ("TW-TAI-11", 1)])]
    assert paid(hand) == [("A", "B", 160, "TW-PAY-1"), ("B", "C", 20, "TW-PC-1"), ("B", "X", 10, "TW-HB-1")]
    assert hand["net"] == {"A": -160, "B": 130, "C": 20, "D": 0, "X": 10}


def test_pc1_zh2_two_irregularities_the_fee_and_a_passed_win_pushed_down():
    hand = _pc(*PC, draw("B", "7z"), win("B", "self_draw", "7z"))
    assert hand["result"] == "false_win"
    assert ruled(hand) == [("TW-PC-1", "B", 3, "ruled"), ("TW-GS-1", "B", 7, "ruled"),
                           ("TW-GS-2", "B", 9, "ruled"), ("TW-ZH-1", "B", 9, "ruled")]
    # 詐和 face 4: A 200, C 180, D 180; the fee 20 to C stands (TW-YP-5's rule for fees; TW-PC-3).
    # X mirrors both of B's payments to C: 50 + 4 × 10 = 90, and 10.
    assert paid(hand) == [("B", "A", 200, "TW-ZH-2"), ("B", "C", 180, "TW-ZH-2"), ("B", "D", 180, "TW-ZH-2"),
                          ("B", "C", 20, "TW-PC-1"), ("B", "X", 90, "TW-HB-1"), ("B", "X", 10, "TW-HB-1")]
    zero_sum(hand)
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_pc1_near_miss_a_pon_called_on_the_upper_neighbours_discard_costs_nothing():
    hand = _pc(draw("C", "9m"), discard("C", "9m"), draw("D", "8m"), discard("D", "8m"), draw("A", "8p"),
               discard("A", "8p"), ev("call", player="B", call="pon"), draw("B", "7z"), win("B", "self_draw", "7z"))
    assert hand["result"] == "win" and ruled(hand) == []
    assert ("B", "C", 20, "TW-PC-1") not in paid(hand)


# -- TW-YP-5 / TW-YP-4: a watcher's pass found looking back vs reported before his win -------------
# D (ready on 9p / 7p, 123s 456m 555z 666z 99p 7p7p) watches and lets A's 9p go (過水 found by the
# referee, TW-GS-4); two turns later he self-draws 7p. Declared face: 門清 1 + 不求 2 + 三暗刻 2 +
# 箭字刻 2 (白, 發) = 7. A deals with N 1: D pays A 100 + (7 + 1 + 2) × 20 = 300, B and C
# 100 + 7 × 20 = 240. X backs D, accepted by all three: pays A 50 + 10 × 10 = 150, B and C 120.
YP = {**H, "D": "123s456m555z666z99p7p7p"}
YP_BETS = [bet("x", "X", "D", ["A", "B", "C"])]
YP_MONEY = [("X", "A", 150, "TW-HB-1"), ("X", "B", 120, "TW-HB-1"), ("X", "C", 120, "TW-HB-1")]


def _watch_pass(*report):
    d = doc(state(YP, turn="A"), ev("declare", player="D", what="watch"), draw("A", "9p"), discard("A", "9p"),
            draw("B", "9m"), discard("B", "9m"), *report, draw("C", "2s"), discard("C", "2s"), draw("D", "7p"),
            win("D", "self_draw", "7p"), streak=1)
    return only_hand(rule(with_bets(d, YP_BETS, ["X"])))


def test_yp5_a_watchers_pass_found_at_his_win_is_pay_for_all_not_a_false_win():
    hand = _watch_pass()
    assert hand["result"] == "penalty" and hand["winners"] == []
    assert ruled(hand) == [("TW-GS-1", "D", 3, "ruled"), ("TW-YP-5", "D", 9, "ruled"), ("TW-BP-1", "D", 9, "ruled")]
    assert paid(hand) == [("D", "A", 300, "TW-BP-2"), ("D", "B", 240, "TW-BP-2"), ("D", "C", 240, "TW-BP-2"), *YP_MONEY]
    assert hand["net"] == {"A": 450, "B": 360, "C": 360, "D": -780, "X": -390}
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}  # TW-BP-2 -> TW-ZH-4


def test_yp5_near_miss_the_pass_reported_before_his_win_is_a_violation_and_the_win_false():
    # Reported once B has drawn past it: a watching violation (TW-YP-4) -> 相公, so the win is 詐和
    # (TW-XG-2, TW-ZH-1), not 包賠; the money is the same face by TW-ZH-2.
    hand = _watch_pass(ev("report", by="A", against="D", about=3))
    assert hand["result"] == "false_win"
    assert ruled(hand) == [("TW-GS-1", "D", 3, "ruled"), ("TW-YP-4", "D", 3, "ruled"),
                           ("TW-XG-2", "D", 10, "ruled"), ("TW-ZH-1", "D", 10, "ruled")]
    assert paid(hand) == [("D", "A", 300, "TW-ZH-2"), ("D", "B", 240, "TW-ZH-2"), ("D", "C", 240, "TW-ZH-2"), *YP_MONEY]
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


# -- TW-CD-4 twice + TW-DW-3: two unnoticed discards from exposed melds share a self-draw ----------
# C (pon 222m) and D (pon 444z) each discard a tile from their exposed pon, unnoticed (TW-CD-4: no
# report needed, liable for others' self-draws within the next 8 draws); B self-draws 7z (4 tai) on
# the 4th draw. The normal shares, A (dealer) 100 + 5 × 20 = 200, C and D 180 each, total 560, fall
# on C and D equally: 280 each (TW-DW-1/3); A pays nothing.
CD = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s456s7z",
      "C": "111m333m148p25p9s9s", "D": "123s555z666z99p7p7p"}
CD_MELDS = {"C": [{"kind": "pon", "tiles": "222m", "tile": "2m", "from": "A"}],
            "D": [{"kind": "pon", "tiles": "444z", "tile": "4z", "from": "A"}]}


def from_meld(player, tile):
    return {**discard(player, tile), "from_meld": True}


def _two_meld_discards(d_from_meld=True, base=100):
    d_discard = from_meld("D", "4z") if d_from_meld else discard("D", "6m")
    return only_hand(rule(doc(state(CD, turn="C", melds=CD_MELDS), draw("C", "5m"), from_meld("C", "2m"),
                              draw("D", "6m"), d_discard, draw("A", "8s"), discard("A", "8s"), draw("B", "7z"),
                              win("B", "self_draw", "7z"), base=base)))


def test_cd4_dw3_two_offenders_share_a_self_draw_equally():
    hand = _two_meld_discards()
    assert faces(hand) == [("B", 4, [("TW-TAI-3", 1), ("TW-TAI-4", 2), ("TW-TAI-11", 1)])]
    assert ruled(hand) == [("TW-CD-4", "C", 2, "ruled"), ("TW-CD-4", "D", 4, "ruled"), ("TW-DW-3", "C", 8, "ruled")]
    assert paid(hand) == [("C", "B", 280, "TW-DW-3"), ("D", "B", 280, "TW-DW-3")]
    assert hand["net"] == {"A": 0, "B": 560, "C": -280, "D": -280}


def test_dw3_the_indivisible_unit_falls_on_the_offender_first_after_the_winner():
    # Base 101: A 101 + 5 × 20 = 201, C and D 181: 563 = 281 + 281 + 1; the odd unit is C's, first
    # in turn order after the winner B.
    hand = _two_meld_discards(base=101)
    assert paid(hand) == [("C", "B", 282, "TW-DW-3"), ("D", "B", 281, "TW-DW-3")]


def test_dw3_near_miss_one_offender_pays_each_normal_share():
    hand = _two_meld_discards(d_from_meld=False)
    assert ruled(hand) == [("TW-CD-4", "C", 2, "ruled"), ("TW-DW-1", "C", 8, "ruled")]
    assert paid(hand) == [("C", "B", 200, "TW-DW-1"), ("C", "B", 180, "TW-DW-1"), ("C", "B", 180, "TW-DW-1")]


# -- TW-ZH-7: a false win and a valid win on the same discard, a bettor on the false winner ---------
# A (dealer) discards 7z; C (whose hand does not win) and B (waiting on 7z) both push down. Both are
# settled, the result is `win`, B deals next. C's standalone face 0 (no honour set): A gets
# 100 + 1 × 20 = 120, B and D 100 (TW-ZH-2); B's win 門清 1 + 獨聽 1 = 2 from the dealer: 160.
# X backs C, accepted by all: 50 + 1 × 10 = 60 to A, 50 to B and D.
ZH7_BETS = [bet("x", "X", "C", ["A", "B", "D"])]


def _on_7z(*wins):
    d = doc(state(H, turn="A"), draw("A", "7z"), discard("A", "7z"), *wins)
    return only_hand(rule(with_bets(d, ZH7_BETS, ["X"])))


def test_zh7_hb1_a_false_win_beside_a_valid_win_both_settled_with_the_bettors_mirror():
    hand = _on_7z(win("C", "discard", "7z", frm="A"), win("B", "discard", "7z", frm="A"))
    assert hand["result"] == "win" and ruled(hand) == [("TW-ZH-1", "C", 3, "ruled")]
    assert faces(hand) == [("B", 2, [("TW-TAI-3", 1), ("TW-TAI-11", 1)])]
    assert paid(hand) == [("C", "A", 120, "TW-ZH-2"), ("C", "B", 100, "TW-ZH-2"), ("C", "D", 100, "TW-ZH-2"),
                          ("A", "B", 160, "TW-PAY-1"), ("X", "A", 60, "TW-HB-1"), ("X", "B", 50, "TW-HB-1"),
                          ("X", "D", 50, "TW-HB-1")]
    assert hand["net"] == {"A": 20, "B": 310, "C": -320, "D": 150, "X": -160}
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_zh7_near_miss_the_valid_win_alone_leaves_the_bettor_out():
    hand = _on_7z(win("B", "discard", "7z", frm="A"))
    assert ruled(hand) == [] and paid(hand) == [("A", "B", 160, "TW-PAY-1")] and hand["net"]["X"] == 0


# -- TW-XG-5 twice -> TW-BP-1/2 by a dealer on a streak, with a bettor -----------------------------
# C deals (N 2) and is 相公: he pons D's 9s (a 相公 violation, TW-XG-5, not corrected), later peeks
# at the wall and is reported (a new 相公 cause: the second violation, 包賠). Standalone face 0 (his
# pon of 9s is no honour); a dealer offender pays each B + (0 + 1 + 2 × 2)·T = 200 (TW-BP-2, TW-ZH-2)
# and loses the deal (TW-ZH-4). X backs C, accepted by the three: 50 + 5 × 10 = 100 to each.
def _dead_dealer(second):
    e = [state(H, turn="D", status={"C": {"dead_hand": True}}), draw("D", "9s"), discard("D", "9s"),
         {"type": "pon", "player": "C", "tile": "9s", "with": "9s9s"}, discard("C", "1m"), draw("D", "5m"),
         discard("D", "5m")]
    e += [ev("peek", player="C", target="wall"), ev("report", by="A", against="C", about=7)] if second else [ev("end")]
    return only_hand(rule(with_bets(doc(*e, dealer="C", streak=2), ZH7_BETS, ["X"])))


def test_xg5_bp2_a_dead_dealers_second_violation_pays_all_with_dealer_tai_and_loses_the_deal():
    hand = _dead_dealer(True)
    assert hand["result"] == "penalty"
    assert ruled(hand) == [("TW-XG-5", "C", 3, "ruled"), ("TW-XG-1", "C", 7, "ruled"), ("TW-BP-1", "C", 8, "ruled")]
    assert paid(hand) == [("C", "A", 200, "TW-BP-2"), ("C", "B", 200, "TW-BP-2"), ("C", "D", 200, "TW-BP-2"),
                          ("X", "A", 100, "TW-HB-1"), ("X", "B", 100, "TW-HB-1"), ("X", "D", 100, "TW-HB-1")]
    assert hand["next"] == {"dealer": "D", "streak": 0, "round_wind": None}


def test_xg5_near_miss_one_violation_alone_costs_no_money():
    hand = _dead_dealer(False)
    assert hand["result"] == "open" and ruled(hand) == [("TW-XG-5", "C", 3, "ruled")] and paid(hand) == []


# -- TW-PR-3 / TW-PC-3 vs TW-PC-1/2: a pon call that lost to a chi costs nothing; one not made does --
# A discards 3p; C holds 3p3p. X backs C, accepted by A, B and D.
PR = {**H, "C": "111m222m333m3p3p8p25p9s9s"}


def _pr(*events):
    d = doc(state(PR, turn="A"), draw("A", "3p"), discard("A", "3p"), *events, ev("end"))
    return only_hand(rule(with_bets(d, [bet("x", "X", "C", ["A", "B", "D"])], ["X"])))


def test_pr3_pc3_a_pon_called_after_the_chi_was_exposed_and_discarded_loses_and_costs_nothing():
    hand = _pr(chi_("B", "3p", "12p"), discard("B", "7z"),
               ev("call", player="C", call="pon", tile="3p", **{"with": "3p3p"}), draw("C", "5m"), discard("C", "5m"))
    assert ruled(hand) == [("TW-PR-3", "C", 5, "ruled")] and paid(hand) == []


def test_pc1_near_miss_the_same_call_in_time_and_no_pon_pays_the_discarder_and_the_bettor_mirrors():
    # C's 上家 is B, not A: 1 T = 20 to A (TW-PC-1); X pays A 1 tai, no base: 10 (TW-HB-1).
    hand = _pr(ev("call", player="C", call="pon"), draw("B", "5m"), discard("B", "5m"))
    assert ruled(hand) == [("TW-PC-1", "C", 3, "ruled")]
    assert paid(hand) == [("C", "A", 20, "TW-PC-1"), ("X", "A", 10, "TW-HB-1")]
    # with the pair shown, also 相公 (TW-PC-2); the money is the same
    shown = _pr(ev("call", player="C", call="pon", **{"with": "3p3p"}), draw("B", "5m"), discard("B", "5m"))
    assert ruled(shown) == [("TW-PC-1", "C", 3, "ruled"), ("TW-PC-2", "C", 3, "ruled")]
    assert paid(shown) == paid(hand)


# -- TW-HB-2 inner bets (飄: 2 units) on a player who false-wins, under both `inner_unit` values -----
# D (123s 444z 555z 666z 99p 7p7p) lets A's 9p go and self-draws 7p: 詐和 by the declared face 門清 1
# + 不求 2 + 四暗刻 5 + 北 1 + 白 發 2 = 11. A deals, N 1: D pays A 100 + (11 + 3) × 20 = 380, B and
# C 320 (TW-ZH-2). D's inner bet of 2 units, accepted by A and B, mirrors to them (TW-ZH-3).
def _inner_false_win(**options):
    d = doc(state(H, turn="A"), draw("A", "9p"), discard("A", "9p"), draw("B", "9m"), discard("B", "9m"),
            draw("C", "2s"), discard("C", "2s"), draw("D", "7p"), win("D", "self_draw", "7p"), streak=1,
            options=options or None)
    return only_hand(rule(with_bets(d, [inner("D", ["A", "B"], units=2)], [])))


ZH_D = [("D", "A", 380, "TW-ZH-2"), ("D", "B", 320, "TW-ZH-2"), ("D", "C", 320, "TW-ZH-2")]


def test_hb2_zh3_two_inner_units_at_the_stake_pay_twice_each_accepting_players_payment():
    hand = _inner_false_win()
    assert ruled(hand) == [("TW-GS-1", "D", 2, "ruled"), ("TW-GS-2", "D", 8, "ruled"), ("TW-ZH-1", "D", 8, "ruled")]
    assert paid(hand) == [*ZH_D, ("D", "A", 760, "TW-HB-1"), ("D", "B", 640, "TW-HB-1")]  # C did not accept


def test_hb2_near_miss_inner_unit_base_pays_one_base_per_unit_without_tai():
    hand = _inner_false_win(inner_unit="base")
    assert paid(hand) == [*ZH_D, ("D", "A", 200, "TW-HB-1"), ("D", "B", 200, "TW-HB-1")]


# -- TW-YP-2: the watcher's fee is owed to a winner only: not to a false win, nor by the winner -----

def test_yp2_no_fee_to_a_false_win():
    # D watches; B pushes down on 4m that does not win: standalone face 0 (TW-ZH-2): A 120, C and D
    # 100; D owes no watcher's fee (nobody won).
    hand = only_hand(rule(doc(state(H, turn="B"), ev("declare", player="D", what="watch"), draw("B", "4m"),
                              win("B", "self_draw", "4m"))))
    assert ruled(hand) == [("TW-ZH-1", "B", 3, "ruled")]
    assert paid(hand) == [("B", "A", 120, "TW-ZH-2"), ("B", "C", 100, "TW-ZH-2"), ("B", "D", 100, "TW-ZH-2")]


def test_yp2_zh7_a_watcher_who_wins_beside_a_false_win_pays_no_fee():
    # A discards 9p: C (nearer, no winning hand) and the watcher D both push down. C's 詐和 face 0:
    # A 120, B and D 100; D's win 門清 1 + 三暗刻 2 + 北 1 + 白 發 2 = 6 from the dealer: 240.
    hand = only_hand(rule(doc(state(H, turn="A"), ev("declare", player="D", what="watch"), draw("A", "9p"),
                              discard("A", "9p"), win("C", "discard", "9p", frm="A"),
                              win("D", "discard", "9p", frm="A"))))
    assert hand["result"] == "win" and ruled(hand) == [("TW-ZH-1", "C", 4, "ruled")]
    assert paid(hand) == [("C", "A", 120, "TW-ZH-2"), ("C", "B", 100, "TW-ZH-2"), ("C", "D", 100, "TW-ZH-2"),
                          ("A", "D", 240, "TW-PAY-1")]
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


# -- TW-FL-1: a flower win declared before the replacement is void without penalty; the 8 flowers
# still score in a later win (TW-TAI-26) ------------------------------------------------------------
F7 = {"B": ["1f", "2f", "3f", "4f", "5f", "6f", "7f"]}


def test_fl1_an_early_flower_win_is_void_and_the_later_win_counts_all_eight_flowers():
    hand = only_hand(rule(doc(state(H, turn="B", flowers=F7), draw("B", "8f"), ev("flower", player="B", tile="8f"),
                              win("B", "flower"), draw("B", "4m", "back"), discard("B", "4m"), draw("C", "5m"),
                              discard("C", "5m"), draw("D", "6m"), discard("D", "6m"), draw("A", "7z"),
                              discard("A", "7z"), win("B", "discard", "7z", frm="A"))))
    assert hand["result"] == "win" and ruled(hand) == [("TW-FL-1", "B", 3, "ruled")]
    # 門清 1 + 獨聽 1 + all 8 flowers 8 = 10; the dealer A pays 100 + (10 + 1) × 20 = 320.
    assert faces(hand) == [("B", 10, [("TW-TAI-3", 1), ("TW-TAI-11", 1), ("TW-TAI-26", 8)])]
    assert paid(hand) == [("A", "B", 320, "TW-PAY-1")]


def test_fl1_near_miss_the_flower_win_after_the_replacement_stands():
    hand = only_hand(rule(doc(state(H, turn="B", flowers=F7), draw("B", "8f"), ev("flower", player="B", tile="8f"),
                              draw("B", "4m", "back"), win("B", "flower"))))
    # 八仙過海 (TW-TAI-29): each pays 1 B + 8 T, the dealer 1 tai more: A 280, C and D 260.
    assert ruled(hand) == [] and faces(hand) == [("B", 8, [("TW-TAI-29", 8)])]
    assert paid(hand) == [("A", "B", 280, "TW-TAI-29"), ("C", "B", 260, "TW-TAI-29"), ("D", "B", 260, "TW-TAI-29")]


# -- TW-CD-2 with two callers and bettors on both sides: each 1 T fee mirrored as 1 tai, no base ----
# B has chied 345s from A and discards 5s out of that set (錯打明牌); C calls chi showing 6s7s and D
# calls pon showing 5s5s; B restores the set and discards 4s. B pays C and D 1 T = 20 each. X backs
# C (accepted by B): B pays X 10. Y backs B (accepted by D): Y pays D 10. Near miss: D calls without
# showing the pair: no fee to D, nor Y's mirror. (D holds 5s5s but no hand that wins on 5s.)
CD2 = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s7z4s",
       "C": "111m222m333m67s25p4p9s9s", "D": "123s444z666z8p45m99p5s5s"}
CD2_MELDS = {"B": [{"kind": "chi", "tiles": "345s", "tile": "3s", "from": "A"}]}


def _cd2(d_with):
    call_d = {"with": "5s5s"} if d_with else {}
    d = doc(state(CD2, turn="B", phase="discard", melds=CD2_MELDS), from_meld("B", "5s"),
            ev("call", player="C", call="chi", **{"with": "6s7s"}), ev("call", player="D", call="pon", **call_d),
            ev("correct", player="B", about=1, action="restore"), discard("B", "4s"), ev("end"))
    return only_hand(rule(with_bets(d, [bet("x", "X", "C", ["B"]), bet("y", "Y", "B", ["D"])], ["X", "Y"])))


def test_cd2_hb1_two_callers_paid_one_tai_each_and_the_bettors_mirror_without_base():
    hand = _cd2(True)
    assert ruled(hand) == [("TW-CD-2", "B", 1, "ruled")]
    assert sorted(paid(hand)) == sorted([("B", "C", 20, "TW-CD-2"), ("B", "D", 20, "TW-CD-2"),
                                         ("B", "X", 10, "TW-HB-1"), ("Y", "D", 10, "TW-HB-1")])
    zero_sum(hand)


def test_cd2_near_miss_a_pon_call_without_the_pair_shown_earns_no_fee():
    hand = _cd2(False)
    assert sorted(paid(hand)) == sorted([("B", "C", 20, "TW-CD-2"), ("B", "X", 10, "TW-HB-1")])
