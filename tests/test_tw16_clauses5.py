"""tw16 disputes, round 5: rulings that turn on WHEN. Rounds 1–4 (tests/test_tw16_clauses.py …
test_tw16_clauses4.py, test_issue10_disputes.py) ruled clauses alone and where they meet; here each
dispute is written at the moment the rulebook names, one event earlier and one event later, and
the ruling must change exactly where RULEBOOK.md says, with the money to the unit (base 100, tai
20; A deals with N = 0 unless a test says otherwise). Every amount was worked out from RULEBOOK.md
before running the engine; the comments carry the arithmetic.

Seats: A East (the dealer), B South, C West, D North; round wind East. Turn order A → B → C → D.
"""
import pytest

from referee.errors import InputError
from tests.tablekit import (
    deal, discard, doc, draw, ev, flower, kong, only_hand, paid, pon, rule, rulings as ruled, state, win,
)


def report(against, about, by="A"):
    return ev("report", by=by, against=against, about=about)


# -- 1. A second 相公 violation reported before the last play, after the 荒局, or never -------------
#    (TW-XG-1 "a report may come … also after its last play", TW-XG-5, TW-BP-2, TW-FLOW-8)
#
# C is already 相公 with one violation. With 3 tiles left he draws, peeks at the wall (event 2: a new
# 相公 cause, so once reported his second violation, 包賠) and discards; D and A draw the last two
# tiles. C's standalone face is 0 (no honour set, no flower): 包賠 costs him 100 to each non-dealer
# and 100 + (0 + 1 + 2N) × 20 to the dealer.
H = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s456s7z",
     "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p7p"}
PEEK = [draw("C", "4p"), ev("peek", player="C", target="wall"), discard("C", "4p"),
        draw("D", "5p"), discard("D", "5p"), draw("A", "6p"), discard("A", "6p")]


def _peek(*events, **kw):
    return doc(state(H, turn="C", wall_left=3, status={"C": {"dead_hand": True, "dead_hand_violations": 1}}),
               *events, **kw)


def test_bp2_flow8_a_second_violation_reported_after_the_exhaustive_draw_pays_for_all_and_the_draw_rule_stands():
    hand = only_hand(rule(_peek(*PEEK, ev("exhaustive_draw"), report("C", 2))))
    # The report comes after the last play: the 包賠 is settled (A 120, B and D 100) but it did not
    # end the hand, the 荒局 did: result exhaustive_draw, the dealer A keeps the deal, N 0 → 1.
    assert ruled(hand) == [("TW-XG-1", "C", 2, "ruled"), ("TW-BP-1", "C", 9, "ruled")]
    assert paid(hand) == [("C", "A", 120, "TW-BP-2"), ("C", "B", 100, "TW-BP-2"), ("C", "D", 100, "TW-BP-2")]
    assert hand["result"] == "exhaustive_draw" and hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}
    assert "rule for the dealer stands" in hand["rulings"][1]["decision"]


def test_bp2_near_miss_reported_one_event_earlier_the_pay_for_all_ends_the_hand_and_the_streak_stops():
    # Reported after the last discard, before the 荒局 is called: the 包賠 ends the hand there
    # (TW-BP-2; no exhaustive_draw may follow) and, C not being the dealer, A keeps the deal without
    # N growing (TW-ZH-4). The same money.
    hand = only_hand(rule(_peek(*PEEK, report("C", 2), ev("end"))))
    assert ruled(hand) == [("TW-XG-1", "C", 2, "ruled"), ("TW-BP-1", "C", 8, "ruled")]
    assert paid(hand) == [("C", "A", 120, "TW-BP-2"), ("C", "B", 100, "TW-BP-2"), ("C", "D", 100, "TW-BP-2")]
    assert hand["result"] == "penalty" and hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_bp2_flow8_a_dealer_offender_keeps_the_deal_when_found_after_the_draw_and_loses_it_before():
    # C deals with N 1: each of the three gets 100 + (0 + 1 + 2) × 20 = 160 either way.
    after = only_hand(rule(_peek(*PEEK, ev("exhaustive_draw"), report("C", 2), dealer="C", streak=1)))
    assert paid(after) == [("C", "A", 160, "TW-BP-2"), ("C", "B", 160, "TW-BP-2"), ("C", "D", 160, "TW-BP-2")]
    assert after["next"] == {"dealer": "C", "streak": 2, "round_wind": None}  # 荒局: he keeps it, N + 1
    before = only_hand(rule(_peek(*PEEK, report("C", 2), ev("end"), dealer="C", streak=1)))
    assert paid(before) == paid(after)
    assert before["next"] == {"dealer": "D", "streak": 0, "round_wind": None}  # TW-ZH-4: he loses it


def test_bp2_near_miss_never_reported_the_peek_is_listed_and_the_draw_costs_nothing():
    hand = only_hand(rule(_peek(*PEEK, ev("exhaustive_draw"))))
    assert ruled(hand) == [("TW-XG-1", "C", 2, "unreported")] and paid(hand) == []
    assert hand["result"] == "exhaustive_draw" and hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


def test_bp2_zh6_the_same_report_after_another_players_win_leaves_the_win_and_pays_for_all_beside_it():
    # With the wall open, B self-draws 7z alone (門清 1 + 不求 2 + 獨聽 1 = 4: A 100 + 5 × 20 = 200,
    # C and D 180), then the peek is reported. A 相公 cause reported after a win does not void it
    # (TW-ZH-6); C's second violation runs from the report and is settled beside the win (engine's
    # reading: RULEBOOK.md names no moment after which a 包賠 is no longer owed). Next dealer by the win.
    hand = only_hand(rule(doc(state(H, turn="C", status={"C": {"dead_hand": True, "dead_hand_violations": 1}}),
                              *PEEK, draw("B", "7z"), win("B", "self_draw", "7z"), report("C", 2))))
    assert ruled(hand) == [("TW-XG-1", "C", 2, "ruled"), ("TW-BP-1", "C", 10, "ruled")]
    assert paid(hand) == [("C", "A", 120, "TW-BP-2"), ("C", "B", 100, "TW-BP-2"), ("C", "D", 100, "TW-BP-2"),
                          ("A", "B", 200, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"), ("D", "B", 180, "TW-PAY-2")]
    assert hand["result"] == "win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


# -- 2. A win on a tile discarded from an exposed set: before the next draw, after it, after his discard
#    (TW-CD-3, TW-CD-4, TW-PR-7, TW-PR-9, TW-FLOW-8)
#
# B has chied 345s from A and discards its 5s (錯打明牌, event 1). D (123s 444z 666z 789p 67s 99p)
# wins on 5s or 8s (no 獨聽): 北 his seat wind 1 + 發 1 + 門清 1 = 3; B pays 100 + 3 × 20 = 160.
CD = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s7z4s",
      "C": "111m222m333m67s25p4p9s9s", "D": "123s444z666z789p67s99p"}
CD_MELDS = {"B": [{"kind": "chi", "tiles": "345s", "tile": "3s", "from": "A"}]}
FROM_MELD = {"type": "discard", "player": "B", "tile": "5s", "from_meld": True}
RESTORE = [ev("correct", player="B", about=1, action="restore"), discard("B", "4s")]


def _cd(*events, **kw):
    return only_hand(rule(doc(state(CD, turn="B", phase="discard", melds=CD_MELDS), FROM_MELD, *events, **kw)))


def test_cd3_near_miss_won_on_before_the_next_draw_the_offender_pays_and_the_dealer_keeps_the_deal():
    hand = _cd(win("D", "discard", "5s", frm="B"), *RESTORE)
    assert hand["winners"][0]["tai"] == 3 and ruled(hand) == [("TW-CD-3", "B", 1, "ruled")]
    assert paid(hand) == [("B", "D", 160, "TW-PAY-1")]
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}  # A keeps it, N does not grow


def test_cd3_pr7_won_on_after_the_next_player_drew_it_is_still_won_on_not_play_going_on():
    # C has drawn (event 2) but not discarded: D's win takes the priority over the draw (TW-PR-7), so
    # somebody won on the tile (TW-CD-3), not "nobody noticed and play went on" (TW-CD-4): the dealer
    # A keeps the deal with N unchanged, and B is liable for nothing more. (The engine ruled TW-CD-4
    # at the draw and passed the deal to B.) The same with the draw put back first.
    for undo in ([], [ev("correct", player="C", about=2, action="return_tile")]):
        hand = _cd(draw("C", "5p"), *undo, win("D", "discard", "5s", frm="B"), *RESTORE)
        assert ruled(hand) == [("TW-CD-3", "B", 1, "ruled"), ("TW-PR-7", "D", 3 + len(undo), "ruled")]
        assert paid(hand) == [("B", "D", 160, "TW-PAY-1")]
        assert hand["result"] == "win" and hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_cd4_pr9_near_miss_after_the_next_players_discard_play_went_on_and_the_late_win_pays_for_all():
    # C drew and discarded: play went on (TW-CD-4, no 相公); D's win on B's 5s lost its priority
    # (TW-PR-7) and he passed it (TW-GS-1): 包賠 by the face as declared 3 (TW-PR-9): the dealer A
    # 100 + (3 + 1) × 20 = 180, B and C 160. The dealer keeps the deal, N does not grow (TW-ZH-4).
    hand = _cd(draw("C", "5p"), discard("C", "5p"), win("D", "discard", "5s", frm="B"))
    assert ("TW-CD-4", "B", 1, "ruled") in ruled(hand) and ("TW-PR-9", "D", 4, "ruled") in ruled(hand)
    assert paid(hand) == [("D", "A", 180, "TW-BP-2"), ("D", "B", 160, "TW-BP-2"), ("D", "C", 160, "TW-BP-2")]
    assert hand["result"] == "penalty" and hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


# -- 3. A wrong added kong found before the replacement enters the hand, after, or after his discard:
#    who pays a later 杠上開花 by another player (TW-CG-2.1/2.2/2.3, TW-DW-1/2)
#
# B has ponned 中 and adds 1z instead of the 4th 中 (event 1), then takes his replacement 4m from 杠尾.
# Later C replaces a flower (2f) with 2p from 杠尾 and wins on it: 111m 222m 333m 789s 13p 9s9s + 2p:
# 門清 1 + 不求 2 + 獨聽 1 + 杠上開花 1 + 三暗刻 2 = 7. Shares: the dealer A 100 + 8 × 20 = 260, B and
# D 100 + 7 × 20 = 240 (740 in all).
KONG_HANDS = {"A": "123m456m789m11z2z3z4s5s6s", "B": "123p456p789p123s1z5m",
              "C": "111m222m333m789s13p9s9s", "D": "123s444z555z666z99p7p8p"}
PONNED = {"B": [{"kind": "pon", "tiles": "777z", "tile": "7z", "from": "D"}]}
WRONG_ADD = [state(KONG_HANDS, turn="B", phase="discard", melds=PONNED), kong("B", "added", "7z7z7z1z"),
             draw("B", "4m", "back")]
PUT_BACK = [ev("correct", player="B", about=2, action="return_tile"), ev("correct", player="B", about=1, action="restore")]
# C replaces his first flower with the tile on top of 杠尾 and throws it (the put-back 4m when B
# put it back); a go-round later his 2f brings 2p.
def later(first="4m"):
    return [draw("C", "1f"), flower("C", "1f"), draw("C", first, "back"), discard("C", first), draw("D", "5p"),
            discard("D", "5p"), draw("A", "1p"), discard("A", "1p"), draw("B", "7p"), discard("B", "7p"),
            draw("C", "2f"), flower("C", "2f"), draw("C", "2p", "back"), win("C", "self_draw", "2p")]


THREE_PAY = [("A", "C", 260, "TW-PAY-2"), ("B", "C", 240, "TW-PAY-2"), ("D", "C", 240, "TW-PAY-2")]


def test_cg2_1_found_before_the_replacement_entered_the_hand_the_later_kong_tile_win_is_paid_by_the_three():
    hand = only_hand(rule(doc(*WRONG_ADD, report("B", 1, by="C"), *PUT_BACK, discard("B", "5m"), *later())))
    assert ruled(hand) == [("TW-CG-2.1", "B", 1, "ruled")] and paid(hand) == THREE_PAY


def test_cg2_2_found_one_event_later_after_the_merge_he_is_liable_only_for_the_tile_put_back():
    # The 4m he put back went to C and was thrown (no win on it); 2p is another kong tile: the three pay.
    hand = only_hand(rule(doc(*WRONG_ADD, ev("merge", player="B"), report("B", 1, by="C"), *PUT_BACK,
                              discard("B", "5m"), *later())))
    assert ruled(hand) == [("TW-CG-2.2", "B", 1, "ruled")] and paid(hand) == THREE_PAY


def test_cg2_3_found_after_his_discard_he_pays_every_later_kong_tile_win():
    # The kong stands and B is liable for wins on kong tiles for the rest of the hand: all 740.
    hand = only_hand(rule(doc(*WRONG_ADD, discard("B", "5m"), report("B", 1, by="C"), *later("3p"))))
    assert ruled(hand) == [("TW-CG-2.3", "B", 1, "ruled"), ("TW-DW-1", "B", 18, "ruled")]
    assert paid(hand) == [("B", "C", 260, "TW-DW-1"), ("B", "C", 240, "TW-DW-1"), ("B", "C", 240, "TW-DW-1")]


# -- 4. 自摸 against a pon call or a win on the discard: the next player's reach is his self-draw act
#    (TW-PR-1, TW-PR-2, TW-PR-9, TW-PC-3, TW-ZH-7)
#
# A discards 9s. B (A's next player) waits on 7z alone: his self-draw is 門清 1 + 不求 2 + 獨聽 1 = 4
# (A 100 + 5 × 20 = 200, C and D 180). C holds 9s9s; in PR-2's table D can win on 9s (face 6).
PR = {"A": "123m456m789m111z2z3z5s6s9s", "B": "123p456p789p123s456s7z",
      "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p7p"}
PR2 = dict(PR, D="123s444z555z666z99p7s8s")
B_SELF_DRAW = [("A", "B", 200, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"), ("D", "B", 180, "TW-PAY-2")]
B_PAYS_ALL = [("B", "A", 200, "TW-BP-2"), ("B", "C", 180, "TW-BP-2"), ("B", "D", 180, "TW-BP-2")]


def call(player, what):
    return ev("call", player=player, call=what)


def reach(touched=False):
    return ev("reach", player="B", touched=touched)


def _pr(hands, *events):
    return only_hand(rule(doc(state(hands, turn="A", phase="discard"), discard("A", "9s"), *events)))


def test_pr1_pr9_a_pon_called_before_the_next_players_reach_takes_the_tile_and_his_self_draw_pays_for_all():
    hand = _pr(PR, call("C", "pon"), reach(), draw("B", "7z"), win("B", "self_draw", "7z"))
    assert ruled(hand) == [("TW-PR-1", "B", 5, "ruled"), ("TW-PR-9", "B", 5, "ruled"), ("TW-BP-1", "B", 5, "ruled")]
    assert paid(hand) == B_PAYS_ALL and hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_pr1_pc3_a_pon_called_one_event_later_after_the_reach_loses_and_owes_no_fee():
    # The reach (touched or not) is his self-draw act: the self-draw stands, C's call lost the dispute.
    for touched in (False, True):
        hand = _pr(PR, reach(touched), call("C", "pon"), draw("B", "7z"), win("B", "self_draw", "7z"))
        assert ruled(hand) == [("TW-PR-1", "C", 5, "ruled")] and paid(hand) == B_SELF_DRAW
        assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_pr2_zh7_a_win_called_before_the_reach_wins_and_the_self_draw_pays_for_all_beside_it():
    # D's win on 9s (face 6): the dealer A pays 100 + 7 × 20 = 240; B's self-draw is 包賠.
    hand = _pr(PR2, call("D", "win"), reach(), draw("B", "7z"), win("B", "self_draw", "7z"),
               win("D", "discard", "9s", frm="A"))
    assert ruled(hand) == [("TW-PR-2", "B", 5, "ruled"), ("TW-PR-9", "B", 5, "ruled"), ("TW-BP-1", "B", 5, "ruled")]
    assert paid(hand) == B_PAYS_ALL + [("A", "D", 240, "TW-PAY-1")]
    assert hand["result"] == "win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_pr2_pr9_the_same_win_called_after_the_reach_lost_and_pushing_down_pays_for_all():
    # D 包賠 on his declared face 6: A 100 + 7 × 20 = 240, B and C 220; B's self-draw stands.
    hand = _pr(PR2, reach(), call("D", "win"), draw("B", "7z"), win("B", "self_draw", "7z"),
               win("D", "discard", "9s", frm="A"))
    assert ruled(hand) == [("TW-PR-2", "D", 3, "ruled"), ("TW-PR-9", "D", 6, "ruled"), ("TW-BP-1", "D", 6, "ruled")]
    assert paid(hand) == [("D", "A", 240, "TW-BP-2"), ("D", "B", 220, "TW-BP-2"), ("D", "C", 220, "TW-BP-2")] + B_SELF_DRAW


# -- 5. 天聽 and the first go-round: 地和 on a first discard or a second, 人和's window, a late
#    declaration (TW-TAI-31, TW-TAI-32, TW-TAI-34, TW-TAI-35)
#
# From the deal: B (123p 456p 789p 123s 46s 7z7z) waits on 5s alone (獨聽 1); nobody has a flower.
DEALT = deal(A="123m456m789m111z2z3z5s6s9s", B="123p456p789p123s46s7z7z", C="111m222m333m148p25p9s9s",
             D="789s444z555z666z99p7p7p")
TIAN_TING = ev("declare", player="B", what="tian_ting")
DI_TING = ev("declare", player="B", what="di_ting")
FIRST_GO = [discard("A", "2z"), draw("B", "8m"), discard("B", "8m")]  # B keeps his hand: 天聽 stands
C_THEN_ROUND = [draw("C", "4m"), discard("C", "4m"), draw("D", "1p"), discard("D", "1p")]


def _dealt(*events):
    return only_hand(rule(doc(DEALT, *events)))


def faces(hand):
    return [(w["tai"], sorted(p["rule"] for p in w["patterns"])) for w in hand["winners"]]


def test_tai34_tian_ting_won_on_the_dealers_first_discard_or_cs_first_is_di_hu():
    # 地和 16 + 獨聽 1 = 17 (no 天聽, no 門清): the dealer A pays 100 + 18 × 20 = 460, C 100 + 17 × 20 = 440.
    hand = _dealt(TIAN_TING, discard("A", "5s"), win("B", "discard", "5s", frm="A"))
    assert faces(hand) == [(17, ["TW-TAI-11", "TW-TAI-34"])] and paid(hand) == [("A", "B", 460, "TW-PAY-1")]
    hand = _dealt(TIAN_TING, *FIRST_GO, draw("C", "5s"), discard("C", "5s"), win("B", "discard", "5s", frm="C"))
    assert faces(hand) == [(17, ["TW-TAI-11", "TW-TAI-34"])] and paid(hand) == [("C", "B", 440, "TW-PAY-1")]


def test_tai34_near_miss_on_cs_second_discard_it_is_tian_ting_only():
    # 天聽 8 + 獨聽 1 = 9: C pays 100 + 9 × 20 = 280.
    hand = _dealt(TIAN_TING, *FIRST_GO, *C_THEN_ROUND, draw("A", "2p"), discard("A", "2p"), draw("B", "8m"),
                  discard("B", "8m"), draw("C", "5s"), discard("C", "5s"), win("B", "discard", "5s", frm="C"))
    assert faces(hand) == [(9, ["TW-TAI-11", "TW-TAI-31"])] and paid(hand) == [("C", "B", 280, "TW-PAY-1")]


def test_tai31_near_miss_declared_one_event_late_after_the_dealers_first_discard_counts_nothing():
    # Not 天聽 (the dealer had discarded) and not 地聽 (not right after B's own first discard): 門清 1
    # + 獨聽 1 = 2, C pays 140.
    hand = _dealt(discard("A", "2z"), TIAN_TING, draw("B", "8m"), discard("B", "8m"), draw("C", "5s"),
                  discard("C", "5s"), win("B", "discard", "5s", frm="C"))
    assert faces(hand) == [(2, ["TW-TAI-11", "TW-TAI-3"])] and paid(hand) == [("C", "B", 140, "TW-PAY-1")]


def test_tai35_di_ting_won_on_each_players_first_discard_after_the_declaration_is_ren_hu():
    # 人和 8 + 獨聽 1 = 9 (no 地聽, no 門清): C 280; on A's first discard after it (A's second) the
    # dealer pays 100 + 10 × 20 = 300; on B's next draw each pays 不求 2 more: A 340, C and D 320.
    hand = _dealt(*FIRST_GO, DI_TING, draw("C", "5s"), discard("C", "5s"), win("B", "discard", "5s", frm="C"))
    assert faces(hand) == [(9, ["TW-TAI-11", "TW-TAI-35"])] and paid(hand) == [("C", "B", 280, "TW-PAY-1")]
    hand = _dealt(*FIRST_GO, DI_TING, *C_THEN_ROUND, draw("A", "5s"), discard("A", "5s"),
                  win("B", "discard", "5s", frm="A"))
    assert paid(hand) == [("A", "B", 300, "TW-PAY-1")]
    hand = _dealt(*FIRST_GO, DI_TING, *C_THEN_ROUND, draw("A", "2p"), discard("A", "2p"), draw("B", "5s"),
                  win("B", "self_draw", "5s"))
    assert faces(hand) == [(11, ["TW-TAI-11", "TW-TAI-35", "TW-TAI-4"])]
    assert paid(hand) == [("A", "B", 340, "TW-PAY-2"), ("C", "B", 320, "TW-PAY-2"), ("D", "B", 320, "TW-PAY-2")]


def test_tai35_near_miss_a_go_round_later_it_is_di_ting_only_and_declared_late_it_is_nothing():
    # On C's discard after B's next discard: 地聽 6 + 獨聽 1 = 7, C pays 240.
    hand = _dealt(*FIRST_GO, DI_TING, *C_THEN_ROUND, draw("A", "2p"), discard("A", "2p"), draw("B", "8m"),
                  discard("B", "8m"), draw("C", "5s"), discard("C", "5s"), win("B", "discard", "5s", frm="C"))
    assert faces(hand) == [(7, ["TW-TAI-11", "TW-TAI-32"])] and paid(hand) == [("C", "B", 240, "TW-PAY-1")]
    # Declared one event late (after C's draw): no 地聽, no 人和: 門清 1 + 獨聽 1 = 2, D pays 140.
    hand = _dealt(*FIRST_GO, draw("C", "4m"), DI_TING, discard("C", "4m"), draw("D", "5s"), discard("D", "5s"),
                  win("B", "discard", "5s", frm="D"))
    assert faces(hand) == [(2, ["TW-TAI-11", "TW-TAI-3"])] and paid(hand) == [("D", "B", 140, "TW-PAY-1")]


# -- 6. A wrong added kong completed at wall_left 9 or 8, and found before or after the 荒局
#    (TW-CG-2.3 "within the last 8 tiles": wall_left ≤ 8 at the kong, before its replacement; TW-BP-2,
#    TW-FLOW-8)
#
# B adds 1z to his 中 pon, replaces (2p), discards it, and is reported (the kong stands, 相公). His
# standalone face is 中 1: 包賠 costs the dealer A's share 100 + (1 + 1) × 20 = 140, C and D 120.
B_PAYS_FOR_ALL = [("B", "A", 140, "TW-BP-2"), ("B", "C", 120, "TW-BP-2"), ("B", "D", 120, "TW-BP-2")]
NOBODY_WAITS_2P = dict(KONG_HANDS, C="111m222m333m148p25p9s9s")


def _added(wall_left, *events):
    return only_hand(rule(doc(state(NOBODY_WAITS_2P, turn="B", phase="discard", melds=PONNED, wall_left=wall_left),
                              kong("B", "added", "7z7z7z1z"), draw("B", "2p", "back"), discard("B", "2p"), *events)))


def test_cg2_3_completed_at_wall_left_8_pays_for_all_and_ends_the_hand():
    hand = _added(8, report("B", 1, by="C"))
    assert ruled(hand) == [("TW-CG-2.3", "B", 1, "ruled"), ("TW-BP-1", "B", 4, "ruled")]
    assert paid(hand) == B_PAYS_FOR_ALL and hand["result"] == "penalty"


def test_cg2_3_near_miss_completed_one_tile_earlier_at_wall_left_9_it_is_not_within_the_last_8():
    hand = _added(9, report("B", 1, by="C"), ev("end"))
    assert ruled(hand) == [("TW-CG-2.3", "B", 1, "ruled")] and paid(hand) == [] and hand["result"] == "open"


def test_cg2_3_flow8_found_after_the_exhaustive_draw_the_pay_for_all_is_settled_at_the_draw():
    # wall_left 4: C, D and A draw the last three tiles. Reported after the 荒局: the same 包賠, the
    # 荒局 rule stands (A keeps the deal, N 0 → 1); reported before it, after A's last discard, the
    # 包賠 ends the hand (N stays 0); never reported, the 荒局 costs nothing.
    last = [draw("C", "4p"), discard("C", "4p"), draw("D", "5p"), discard("D", "5p"), draw("A", "9m"), discard("A", "9m")]
    after = _added(4, *last, ev("exhaustive_draw"), report("B", 1, by="C"))
    assert ruled(after) == [("TW-CG-2.3", "B", 1, "ruled"), ("TW-BP-1", "B", 11, "ruled")]
    assert paid(after) == B_PAYS_FOR_ALL
    assert after["result"] == "exhaustive_draw" and after["next"] == {"dealer": "A", "streak": 1, "round_wind": None}
    before = _added(4, *last, report("B", 1, by="C"), ev("end"))
    assert paid(before) == B_PAYS_FOR_ALL
    assert before["result"] == "penalty" and before["next"] == {"dealer": "A", "streak": 0, "round_wind": None}
    never = _added(4, *last, ev("exhaustive_draw"))
    assert ruled(never) == [("TW-CG-2", "B", 1, "unreported")] and paid(never) == []


# -- 7. TW-XP-5's "same go-round": a wait discarded just before or at the start of his go-round
#
# B's 4s is his wait after a concealed kong of 1s (123p 456p 789p 23s 7z7z + 1111s: 1s is no wait, he
# holds all four). He draws the 4th 1s, merges it (靠張), kongs, and wins on the replacement 4s:
# 門清 1 + 不求 2 + 杠上開花 1 + 獨聽 1 = 5 (A 100 + 6 × 20 = 220, C and D 200) unless TW-XP-5 voids it
# (詐和, the same amounts the other way, TW-ZH-2).
XP5 = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p111s23s4s7z7z",
       "C": "111m222m333m148p25p9s9s", "D": "789s444z555z666z99p7p7p"}
GO_ROUND = [draw("C", "5m"), discard("C", "5m"), draw("D", "6m"), discard("D", "6m"), draw("A", "7m"), discard("A", "7m")]
KONG_WIN = [draw("B", "1s"), ev("merge", player="B"), kong("B", "concealed", "1111s"), draw("B", "4s", "back"),
            win("B", "self_draw", "4s")]


def _xp5(*events):
    return only_hand(rule(doc(state(XP5, turn="B", phase="discard"), *events)))


def test_xp5_his_own_last_discard_of_the_wait_begins_the_go_round_and_voids_the_replacement_win():
    hand = _xp5(discard("B", "4s"), *GO_ROUND, *KONG_WIN)
    assert ("TW-XP-5", "B", 12, "ruled") in ruled(hand) and hand["result"] == "false_win"
    assert paid(hand) == [("B", "A", 220, "TW-ZH-2"), ("B", "C", 200, "TW-ZH-2"), ("B", "D", 200, "TW-ZH-2")]


def test_xp5_near_miss_discarded_in_his_previous_go_round_the_win_stands():
    # He threw 4s a go-round earlier; his last discard (8m, event 14) began a new go-round.
    hand = _xp5(discard("B", "4s"), *GO_ROUND, draw("B", "8m"), discard("B", "8m"), *GO_ROUND, *KONG_WIN)
    assert ruled(hand) == [] and hand["result"] == "win"
    assert paid(hand) == [("A", "B", 220, "TW-PAY-2"), ("C", "B", 200, "TW-PAY-2"), ("D", "B", 200, "TW-PAY-2")]


def test_xp5_near_miss_without_the_merge_the_same_go_round_does_not_matter():
    hand = _xp5(discard("B", "4s"), *GO_ROUND, *[e for e in KONG_WIN if e["type"] != "merge"])
    assert ruled(hand) == [] and paid(hand) == [("A", "B", 220, "TW-PAY-2"), ("C", "B", 200, "TW-PAY-2"),
                                                ("D", "B", 200, "TW-PAY-2")]


# -- 8. A false win and a valid win on one discard: simultaneous until a later draw (TW-ZH-7, TW-ZH-5)
#
# D is 相公 and pushes down on A's 9p (his declared hand 234m 123p 456p 444z 567s + 9p is complete:
# 門清 1 + 獨聽 1 + 北 1 = 3): D pays the dealer A 100 + 4 × 20 = 180, B and C 160 (TW-ZH-2). C wins
# on the same 9p (門清 1, 獨聽 0: 78p waits on 6p/9p): the dealer A pays 100 + 2 × 20 = 140.
SAME = {"A": "111s222s333s789s11z6z7z9p", "B": "147m258m369m12346z5z1s",
        "C": "123m456m789m234s78p55z", "D": "234m123p456p444z567s9p"}


def _same(*events):
    return doc(state(SAME, turn="A", phase="discard", status={"D": {"dead_hand": True}}), discard("A", "9p"),
               win("D", "discard", "9p", frm="A"), *events)


def test_zh7_a_reach_between_is_no_later_draw_the_two_are_simultaneous_and_both_settled():
    for between in ([], [ev("reach", player="B", touched=True)]):
        hand = only_hand(rule(_same(*between, win("C", "discard", "9p", frm="A"))))
        assert ruled(hand) == [("TW-XG-2", "D", 2, "ruled"), ("TW-ZH-1", "D", 2, "ruled")]
        assert paid(hand) == [("D", "A", 180, "TW-ZH-2"), ("D", "B", 160, "TW-ZH-2"), ("D", "C", 160, "TW-ZH-2"),
                              ("A", "C", 140, "TW-PAY-1")]
        assert hand["result"] == "win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_zh5_near_miss_after_the_next_players_draw_the_false_win_had_ended_the_hand():
    with pytest.raises(InputError, match=r"events\[3\]"):
        rule(_same(draw("B", "1p"), win("C", "discard", "9p", frm="A")))
    hand = only_hand(rule(_same()))  # alone: the false win ends the hand, the dealer keeps it, N stays
    assert hand["result"] == "false_win" and hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


# -- 9. A wrong pon found after the next player's draw: before it entered his hand, after his kong
#    with it, after his self-draw on it (TW-CP-1/2, TW-XG-4 "entered the hand at its merge, or else
#    at the player's next discard, kong or win", TW-DW-1/2)
#
# C pons A's 9s with 9s + 8p (event 2) and discards 1m. D draws next. D (123s 444z 555z 666z 99p
# 7p7p) self-draws 7p: 門清 1 + 不求 2 + 北 1 + 白 1 + 發 1 + 四暗刻 5 = 11 (A 100 + 12 × 20 = 340, B
# and C 320); after a concealed kong of 4z, on its replacement, 杠上開花 1 more = 12 (A 360, B and C
# 340). Found 既遂 (TW-CP-2), C pays every share of a self-draw within the next 8 draws.
CP = {"A": "123m456m789m111z2z3z5s6s9s", "B": "123p456p789p123s456s7z",
      "C": "111m222m333m148p25p9s8p", "D": "123s444z555z666z99p7p7p"}
WRONG_PON = [state(CP, turn="A", phase="discard"), discard("A", "9s"), pon("C", "9s", "9s8p"), discard("C", "1m")]
D_KONGS = [draw("D", "4z"), kong("D", "concealed", "4z4z4z4z"), draw("D", "7p", "back")]


def test_cp1_found_after_the_next_players_draw_before_it_entered_his_hand_no_liability():
    hand = only_hand(rule(doc(*WRONG_PON, draw("D", "7p"), report("C", 2), win("D", "self_draw", "7p"))))
    assert ruled(hand) == [("TW-CP-1", "C", 2, "ruled")]
    assert paid(hand) == [("A", "D", 340, "TW-PAY-2"), ("B", "D", 320, "TW-PAY-2"), ("C", "D", 320, "TW-PAY-2")]
    hand = only_hand(rule(doc(*WRONG_PON, D_KONGS[0], report("C", 2), *D_KONGS[1:], win("D", "self_draw", "7p"))))
    assert ruled(hand) == [("TW-CP-1", "C", 2, "ruled")]
    assert paid(hand) == [("A", "D", 360, "TW-PAY-2"), ("B", "D", 340, "TW-PAY-2"), ("C", "D", 340, "TW-PAY-2")]


def test_cp2_found_one_event_later_after_the_next_players_kong_with_his_draw_he_pays_the_replacement_win():
    # D's kong took the drawn 4z into his hand (TW-XG-4): the pon is 既遂 when found. (The engine
    # counted only a merge or a discard and ruled TW-CP-1.)
    hand = only_hand(rule(doc(*WRONG_PON, *D_KONGS, report("C", 2), win("D", "self_draw", "7p"))))
    assert ruled(hand) == [("TW-CP-2", "C", 2, "ruled"), ("TW-DW-1", "C", 8, "ruled")]
    assert paid(hand) == [("C", "D", 360, "TW-DW-1"), ("C", "D", 340, "TW-DW-1"), ("C", "D", 340, "TW-DW-1")]


def test_cp2_found_after_the_next_players_self_draw_on_his_draw_he_pays_it():
    # The win took the drawn 7p in (TW-XG-4); a liability in effect by settlement covers the win even
    # when reported after it (TW-XG-4, TW-DW-1). Never reported, the three pay.
    hand = only_hand(rule(doc(*WRONG_PON, draw("D", "7p"), win("D", "self_draw", "7p"), report("C", 2))))
    assert ruled(hand) == [("TW-CP-2", "C", 2, "ruled"), ("TW-DW-1", "C", 5, "ruled")]
    assert paid(hand) == [("C", "D", 340, "TW-DW-1"), ("C", "D", 320, "TW-DW-1"), ("C", "D", 320, "TW-DW-1")]
    hand = only_hand(rule(doc(*WRONG_PON, draw("D", "7p"), win("D", "self_draw", "7p"))))
    assert ruled(hand) == [("TW-CP-1", "C", 2, "unreported")]
    assert paid(hand) == [("A", "D", 340, "TW-PAY-2"), ("B", "D", 320, "TW-PAY-2"), ("C", "D", 320, "TW-PAY-2")]


# -- 10. A 相公's pon as his second violation, and a win on the same discard (TW-XG-5, TW-BP-2,
#     TW-ZH-7, TW-PAY-4's order 和 > 碰)
#
# A discards 中 (7z). C is 相公 and holds 7z7z; B waits on 7z alone (門清 1 + 獨聽 1 = 2: the dealer A
# pays 100 + 3 × 20 = 160). C's pon is a claim, a violation ruled as made; as his second it is 包賠
# on his standalone face 0 (the pon undone): A 100 + 1 × 20 = 120, B and D 100. A win on the same
# discard outranks the pon (recorded after a `correct` undoing it, EVENT_LOG.md).
DEAD_PON = {"A": "123m456m789m111z3z99s7z5s", "B": "123p456p789p123s456s7z",
            "C": "111m222m333m444p7z7z6p8p", "D": "777s888s9p55p66p444z1s2s"}
C_PAYS_FOR_ALL = [("C", "A", 120, "TW-BP-2"), ("C", "B", 100, "TW-BP-2"), ("C", "D", 100, "TW-BP-2")]
UNDO_PON = ev("correct", player="C", about=2, action="restore")


def _dead_pon(violations, *events):
    return only_hand(rule(doc(state(DEAD_PON, turn="A", phase="discard",
                                    status={"C": {"dead_hand": True, "dead_hand_violations": violations}}),
                              discard("A", "7z"), *events)))


def test_xg5_zh7_the_pay_for_all_pon_and_the_win_on_the_same_discard_are_one_moment_both_settled():
    # The engine ended the hand at the pon and refused the win as play after the end (an input error).
    hand = _dead_pon(1, pon("C", "7z"), UNDO_PON, win("B", "discard", "7z", frm="A"))
    assert ruled(hand) == [("TW-XG-5", "C", 2, "ruled"), ("TW-BP-1", "C", 2, "ruled")]
    assert paid(hand) == C_PAYS_FOR_ALL + [("A", "B", 160, "TW-PAY-1")]
    assert hand["result"] == "win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_xg5_near_miss_one_event_earlier_a_pon_call_alone_is_no_claim_and_b_simply_wins():
    hand = _dead_pon(1, ev("call", player="C", call="pon"), win("B", "discard", "7z", frm="A"))
    assert ruled(hand) == [] and paid(hand) == [("A", "B", 160, "TW-PAY-1")]


def test_xg5_near_miss_without_the_win_the_pay_for_all_ends_the_hand_and_as_a_first_violation_costs_nothing():
    # The pon stands on the table: his standalone face is 中 1, A 100 + 2 × 20 = 140, B and D 120.
    hand = _dead_pon(1, pon("C", "7z"), ev("end"))
    assert paid(hand) == [("C", "A", 140, "TW-BP-2"), ("C", "B", 120, "TW-BP-2"), ("C", "D", 120, "TW-BP-2")]
    assert hand["result"] == "penalty" and hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}
    hand = _dead_pon(0, pon("C", "7z"), UNDO_PON, win("B", "discard", "7z", frm="A"))
    assert ruled(hand) == [("TW-XG-5", "C", 2, "ruled")] and paid(hand) == [("A", "B", 160, "TW-PAY-1")]


def test_zh5_near_miss_play_after_the_pay_for_all_pon_is_still_an_input_error():
    with pytest.raises(InputError, match=r"events\[3\]"):
        rule(doc(state(DEAD_PON, turn="A", phase="discard", status={"C": {"dead_hand": True, "dead_hand_violations": 1}}),
                 discard("A", "7z"), pon("C", "7z"), discard("C", "6p")))


# -- 11. A wrong added kong's replacement "entered the hand" at his next kong (TW-CG-2.1/2.2, TW-XG-4)
#
# B adds 1z to his 中 pon (event 1) and takes 2p from 杠尾 (event 2) without merging it; he then
# lays a concealed kong of 1s (event 3) and replaces it with 3p. TW-XG-4: a drawn tile has entered
# the hand at its merge, or else at the player's next discard, kong or win. Later B self-draws 3p
# (自摸 1 + 獨聽 1 = 2: A 100 + 3 × 20 = 160, C and D 140; the table recorded no restore).
WRONG_ADD_2 = {"A": "123m456m789m11z2z3z4s5s6s", "B": "123p456p789p1111s1z",
               "C": "111m222m333m148p25p9s9s", "D": "234s444z555z666z99p7p8p"}
SECOND_KONG = [kong("B", "concealed", "1111s"), draw("B", "3p", "back")]
B_LATER = [discard("B", "2p"), draw("C", "4m"), discard("C", "4m"), draw("D", "5m"), discard("D", "5m"),
           draw("A", "6m"), discard("A", "6m"), draw("B", "3p"), win("B", "self_draw", "3p")]


def _wrong_add_2(*events):
    return only_hand(rule(doc(state(WRONG_ADD_2, turn="B", phase="discard", melds=PONNED),
                              kong("B", "added", "7z7z7z1z"), draw("B", "2p", "back"), *events)))


def test_cg2_1_found_before_his_next_kong_no_penalty_and_his_later_win_stands():
    hand = _wrong_add_2(report("B", 1, by="C"), *SECOND_KONG, *B_LATER)
    assert ruled(hand) == [("TW-CG-2.1", "B", 1, "ruled")]
    assert paid(hand) == [("A", "B", 160, "TW-PAY-2"), ("C", "B", 140, "TW-PAY-2"), ("D", "B", 140, "TW-PAY-2")]


def test_cg2_2_found_one_event_later_after_his_next_kong_he_is_dead_and_his_later_win_is_false():
    # The engine counted only a merge and ruled TW-CG-2.1 (no penalty) here.
    hand = _wrong_add_2(*SECOND_KONG, report("B", 1, by="C"), *B_LATER)
    assert ruled(hand) == [("TW-CG-2.2", "B", 1, "ruled"), ("TW-XG-2", "B", 14, "ruled"), ("TW-ZH-1", "B", 14, "ruled")]
    assert "相公" in hand["rulings"][0]["decision"]
    assert paid(hand) == [("B", "A", 160, "TW-ZH-2"), ("B", "C", 140, "TW-ZH-2"), ("B", "D", 140, "TW-ZH-2")]


def test_cg2_near_miss_never_reported_the_later_win_stands():
    hand = _wrong_add_2(*SECOND_KONG, *B_LATER)
    assert ruled(hand) == [("TW-CG-2", "B", 1, "unreported")]
    assert paid(hand) == [("A", "B", 160, "TW-PAY-2"), ("C", "B", 140, "TW-PAY-2"), ("D", "B", 140, "TW-PAY-2")]
