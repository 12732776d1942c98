"""Issue 10's disputes, clause by clause: each fires and has a near miss, with the money to the unit
(base 100, tai 20; A deals with N = 0 unless a test says otherwise). Every amount below was worked out
from RULEBOOK.md before running the engine; the comments carry the arithmetic. A test marked xfail
states a place where the engine does not yet rule what the rulebook demands (strict: it fails once
the engine is fixed, to be unmarked).

The property test of item 3 (mutated documents) is tests/test_mutated_documents.py.
"""
import pytest

from referee.errors import InputError
from tests.tablekit import (
    chi, deal, discard, doc, draw, ev, flower, kong, only_hand, pon, rule, state, win,
    paid, rulings as ruled, rulings_at,
)
from tests.test_priority import D2, H, START, START2, call

# The position of tests/test_priority.py: A deals and is to discard 9s; B (his next player) waits
# on 7z alone; C holds 9s9s (he can pon A's 9s, not win on it); D waits on 9p/7p. In HD, D waits on
# 6s/9s instead and can win on A's 9s: his face on 9s (from A) or 6s is 門清 1 + 風字刻 北 (his
# seat) 1 + 箭字刻 白 發 2 + 三暗刻 2 = 6; a self-draw adds 不求 2: 8.
HD, START_D = D2, START2


def report(against, about=None, by="A", **more):
    return ev("report", by=by, against=against, **({"about": about} if about is not None else {}), **more)


def results(hand):
    return hand["result"], hand["next"]


# -- 1. TW-FLOW-3: the forgotten 門牌 is a flower ------------------------------------------------------
# A deals himself 16 (he forgot the 門牌); B lays out 2f in the flower pass and replaces it. A's 門牌
# is 5f (his seat flower). Replaced, A waits on 4s/7s and self-draws 4s: 門清 1 + 不求 2 + 花 1 = 4.
MEN_PAI_DEAL = deal(A="234m567m789m345p5s6s8p2z", B="123p456p789p123s456s2f", C="111m222m333m148p25p9s9s",
                    D="123s444z555z666z99p7p7p")
B_FLOWER_PASS = [flower("B", "2f"), draw("B", "7z", "back")]
GO_ROUND_TO_A = [draw("B", "3p"), discard("B", "3p"), draw("C", "4p"), discard("C", "4p"), draw("D", "5p"),
                 discard("D", "5p"), draw("A", "4s"), win("A", "self_draw", "4s")]


def test_flow3_forgotten_men_pai_drawn_after_the_flower_pass_is_a_flower_dead_hand_at_once():
    hand = only_hand(rule(doc(MEN_PAI_DEAL, *B_FLOWER_PASS, draw("A", "5f"), flower("A", "5f"),
                              discard("A", "2z"), ev("end"))))
    assert ruled(hand) == [("TW-FLOW-3", "A", 4, "ruled")]  # public: no report needed
    assert paid(hand) == [] and hand["result"] == "open"


def test_flow3_he_plays_one_short_and_his_later_win_is_a_false_win():
    hand = only_hand(rule(doc(MEN_PAI_DEAL, *B_FLOWER_PASS, draw("A", "5f"), flower("A", "5f"),
                              discard("A", "2z"), *GO_ROUND_TO_A)))
    assert hand["result"] == "false_win"
    assert ("TW-XG-2", "A", 13, "ruled") in ruled(hand) and ("TW-ZH-1", "A", 13, "ruled") in ruled(hand)
    # 16 concealed tiles, no complete hand: the standalone face, 花 5f = 1. A is the dealer: each of
    # the three gets 100 + (1 + 1) × 20 = 140 (TW-ZH-2); he loses the deal (TW-ZH-4).
    assert paid(hand) == [("A", p, 140, "TW-ZH-2") for p in "BCD"]
    assert results(hand) == ("false_win", {"dealer": "B", "streak": 0, "round_wind": None})


def test_flow3_near_miss_men_pai_taken_before_the_others_flower_pass_is_replaced():
    hand = only_hand(rule(doc(MEN_PAI_DEAL, draw("A", "5f"), flower("A", "5f"), draw("A", "8p", "back"),
                              *B_FLOWER_PASS, discard("A", "2z"), *GO_ROUND_TO_A)))
    assert hand["rulings"] == [] and hand["winners"][0]["tai"] == 4
    assert paid(hand) == [(p, "A", 100 + (4 + 1) * 20, "TW-PAY-2") for p in "BCD"]
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


def test_flow3_near_miss_men_pai_that_is_no_flower_after_the_pass():
    hand = only_hand(rule(doc(MEN_PAI_DEAL, *B_FLOWER_PASS, draw("A", "8p"), discard("A", "2z"),
                              *GO_ROUND_TO_A)))
    # no flower: 門清 1 + 不求 2 = 3; 100 + (3 + 1) × 20 = 180 from each
    assert hand["rulings"] == [] and paid(hand) == [(p, "A", 180, "TW-PAY-2") for p in "BCD"]


def test_flow3_replacing_it_anyway_is_a_misdraw_only_with_an_act():
    events = [MEN_PAI_DEAL, *B_FLOWER_PASS, draw("A", "5f"), flower("A", "5f"), draw("A", "8p", "back")]
    with pytest.raises(InputError) as err:
        rule(doc(*events, discard("A", "2z"), ev("end")))
    assert "hand.events[5].from" in err.value.errors
    hand = only_hand(rule(doc(*events, ev("act", player="A", act="misdraw"), discard("A", "2z"), ev("end"))))
    assert ruled(hand) == [("TW-FLOW-3", "A", 4, "ruled"), ("TW-XG-1", "A", 6, "unreported")]


# -- 2. TW-PR-9 from TW-PR-6 / TW-PR-7: a win pushed down after the window closed ----------------------
# D's as-declared face on A's 9s is 6: 包賠 pays A (dealer) 100 + (6 + 1) × 20 = 240, B and C 220.
D_PAYS_FOR_ALL = [("D", "A", 240, "TW-BP-2"), ("D", "B", 220, "TW-BP-2"), ("D", "C", 220, "TW-BP-2")]
CHI_HANDS = dict(HD, B="123p456p789p123s78s7z7z")  # B can chi A's 9s with 7s8s (or win on it)


def test_pr7_pr9_win_pushed_down_after_the_next_player_drew_and_discarded_is_pay_for_all():
    hand = only_hand(rule(doc(START_D, discard("A", "9s"), draw("B", "2p"), discard("B", "2p"),
                              win("D", "discard", "9s", frm="A"))))
    assert {("TW-PR-7", "D", 4, "ruled"), ("TW-PR-9", "D", 4, "ruled"), ("TW-BP-1", "D", 4, "ruled")} \
        <= set(ruled(hand))
    assert paid(hand) == D_PAYS_FOR_ALL
    # TW-ZH-4: a non-dealer's penalty leaves the deal with A, N not growing
    assert results(hand) == ("penalty", {"dealer": "A", "streak": 0, "round_wind": None})


def test_pr6_pr9_win_pushed_down_after_the_chi_player_exposed_and_discarded_is_pay_for_all():
    hand = only_hand(rule(doc(state(CHI_HANDS, turn="A", phase="discard"), discard("A", "9s"),
                              chi("B", "9s", "7s8s"), discard("B", "7z"), win("D", "discard", "9s", frm="A"))))
    assert ("TW-PR-6", "D", 4, "ruled") in ruled(hand) and ("TW-PR-9", "D", 4, "ruled") in ruled(hand)
    assert paid(hand) == D_PAYS_FOR_ALL and hand["result"] == "penalty"


def test_pr9_dealer_tai_follow_tw_zh_2_with_the_streak():
    hand = only_hand(rule(doc(START_D, discard("A", "9s"), draw("B", "2p"), discard("B", "2p"),
                              win("D", "discard", "9s", frm="A"), streak=2)))
    # N = 2: the dealer A gets 100 + (6 + 1 + 4) × 20 = 320; the deal stays with A at N = 2
    assert paid(hand) == [("D", "A", 320, "TW-BP-2"), ("D", "B", 220, "TW-BP-2"), ("D", "C", 220, "TW-BP-2")]
    assert hand["next"] == {"dealer": "A", "streak": 2, "round_wind": None}


def test_pr9_the_dealer_pushing_down_late_pays_each_with_dealer_tai_and_loses_the_deal():
    # B discards 4s; A (dealer) waits on 4s/7s: 門清 1 + 風字刻 東 (seat and round) 2 = 3
    hands = {"A": "123m456m789m111z5s6s7p7p", "B": "123p456p789p123s456s7z4s",
             "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7s8s"}
    hand = only_hand(rule(doc(state(hands, turn="B", phase="discard"), discard("B", "4s"), draw("C", "3p"),
                              discard("C", "3p"), win("A", "discard", "4s", frm="B"))))
    # TW-ZH-2 for a dealer: each of the three gets 100 + (3 + 1) × 20 = 180; TW-ZH-4: B deals next
    assert paid(hand) == [("A", p, 180, "TW-BP-2") for p in "BCD"]
    assert results(hand) == ("penalty", {"dealer": "B", "streak": 0, "round_wind": None})


def test_pr7_near_miss_the_same_win_while_the_discard_is_still_claimable_stands():
    hand = only_hand(rule(doc(START_D, discard("A", "9s"), draw("B", "2p"), win("D", "discard", "9s", frm="A"))))
    assert ruled(hand) == [("TW-PR-7", "D", 3, "ruled")]
    assert paid(hand) == [("A", "D", 240, "TW-PAY-1")] and hand["result"] == "win"


def test_pr2_pr9_win_pushed_down_after_the_next_players_winning_draw_was_merged_is_pay_for_all():
    hand = only_hand(rule(doc(START_D, discard("A", "9s"), draw("B", "7z"), ev("merge", player="B"),
                              win("D", "discard", "9s", frm="A"))))
    assert hand["result"] == "penalty" and paid(hand) == D_PAYS_FOR_ALL


def test_pr7_near_miss_a_merged_draw_that_does_not_win_for_him_leaves_the_discard_claimable():
    hand = only_hand(rule(doc(START_D, discard("A", "9s"), draw("B", "2p"), ev("merge", player="B"),
                              win("D", "discard", "9s", frm="A"))))
    assert hand["result"] == "win" and paid(hand) == [("A", "D", 240, "TW-PAY-1")]


# -- 3. TW-XP-4 / TW-ZH-1: declarations that cannot be a win are ruled, not internal errors -----------


def test_xp4_a_self_draw_naming_the_tile_just_chied_is_a_false_win():
    hand = only_hand(rule(doc(state(CHI_HANDS, turn="A", phase="discard"), discard("A", "9s"),
                              chi("B", "9s", "7s8s"), win("B", "self_draw", "9s"))))
    assert ("TW-XP-4", "B", 3, "ruled") in ruled(hand) and ("TW-ZH-1", "B", 3, "ruled") in ruled(hand)
    # the named tile completes his chi 789s: the hand as declared is complete, its face 自摸 1 (issue
    # 28: a declared self-draw's face includes 自摸). B pays each 100 + 20, the dealer A 20 more (TW-ZH-2)
    assert paid(hand) == [("B", "A", 140, "TW-ZH-2"), ("B", "C", 120, "TW-ZH-2"), ("B", "D", 120, "TW-ZH-2")]
    assert results(hand) == ("false_win", {"dealer": "A", "streak": 0, "round_wind": None})


def test_xp4_near_miss_a_self_draw_after_a_draw_stands():
    hand = only_hand(rule(doc(START, discard("A", "9s"), draw("B", "7z"), win("B", "self_draw", "7z"))))
    # 門清 1 + 不求 2 + 獨聽 1 = 4: A pays 100 + 5 × 20, C and D 100 + 4 × 20
    assert hand["rulings"] == [] and paid(hand) == [("A", "B", 200, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"),
                                                    ("D", "B", 180, "TW-PAY-2")]


# A deals 17 with 8f kept in his hand (TW-FL-4, never reported) and discards it.
FLOWER_DEAL = deal(A="123m456m789m111z2z3z5s6s8f", B="123p456p789p123s456s7z", C="111m222m333m148p25p9s9s",
                   D="123s444z555z666z99p7s8s")
D_FALSE_ZERO = [("D", "A", 120, "TW-ZH-2"), ("D", "B", 100, "TW-ZH-2"), ("D", "C", 100, "TW-ZH-2")]
# Pushed down without `shown`, D lays down his whole concealed hand (EVENT_LOG win.shown): the
# standalone face counts its honour triplets: 北 444z is his seat wind 1, 白 555z 1, 發 666z 1 = 3.
# A deals: 100 + (3 + 1) × 20 = 180; B and C 100 + 3 × 20 = 160.
D_FALSE_SHOWN = [("D", "A", 180, "TW-ZH-2"), ("D", "B", 160, "TW-ZH-2"), ("D", "C", 160, "TW-ZH-2")]


def test_zh1_a_win_on_a_discarded_flower_is_a_false_win():
    hand = only_hand(rule(doc(FLOWER_DEAL, discard("A", "8f"), win("D", "discard", "8f", frm="A"))))
    assert ("TW-ZH-1", "D", 2, "ruled") in ruled(hand) and hand["result"] == "false_win"
    assert paid(hand) == D_FALSE_SHOWN  # no hand wins on a flower: the standalone face
    shown_nothing = only_hand(rule(doc(FLOWER_DEAL, discard("A", "8f"), win("D", "discard", "8f", frm="A", shown=[]))))
    assert paid(shown_nothing) == D_FALSE_ZERO  # nothing laid face up: standalone face 0


def test_zh1_a_win_call_on_a_discarded_flower_is_a_false_win():
    hand = only_hand(rule(doc(FLOWER_DEAL, discard("A", "8f"), call("D", "win"), ev("end"))))
    assert ("TW-ZH-1", "D", 2, "ruled") in ruled(hand) and paid(hand) == D_FALSE_ZERO


def test_zh1_a_self_draw_naming_a_flower_kept_in_the_hand_is_a_false_win():
    hand = only_hand(rule(doc(FLOWER_DEAL, discard("A", "1z"), draw("B", "8s"), discard("B", "8s"),
                              draw("C", "4p"), discard("C", "4p"), draw("D", "5f"), win("D", "self_draw", "5f"))))
    assert ("TW-ZH-1", "D", 7, "ruled") in ruled(hand) and paid(hand) == D_FALSE_SHOWN


def test_zh1_near_miss_a_self_draw_naming_a_tile_he_never_held_is_an_input_error_at_the_tile():
    with pytest.raises(InputError) as err:
        rule(doc(START, discard("A", "9s"), draw("B", "7z"), win("B", "self_draw", "5m")))
    assert list(err.value.errors) == ["hand.events[3].tile"]


# -- 4. TW-CG-1.1 / 1.2: concealed kongs whose tiles are unknown ------------------------------------
# D holds a concealed kong whose tiles the log does not show (a `state` meld, his hand a count). C
# replaces a flower with 7z and discards it unchanged; B wins on it (門清 1 + 獨聽 1 = 2: 140 from C).
KONG_HIDDEN = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s456s7z",
               "C": "111m222m333m148p25p9s9s", "D": 13}
C_DEALS_IN_A_REPLACEMENT = [draw("C", "1f"), flower("C", "1f"), draw("C", "7z", "back"), discard("C", "7z"),
                            win("B", "discard", "7z", frm="C")]
CG11 = {"fact": "kong_tiles", "player": "D", "at": 0,
        "needed_for": "TW-CG-1.1: the referee's check of the concealed kongs"}


def _d_kong(tiles, hand=13):
    return state(dict(KONG_HIDDEN, D=hand), turn="C", phase="draw",
                 melds={"D": [{"kind": "kong", "kong": "concealed", "tiles": tiles}]})


@pytest.mark.parametrize("tiles", ["????", "4z4z4z?"])
def test_cg1_1_a_deal_in_with_a_replacement_and_an_unknown_concealed_kong_is_missing(tiles):
    hand = only_hand(rule(doc(_d_kong(tiles), *C_DEALS_IN_A_REPLACEMENT)))
    assert hand["missing"] == [CG11] and hand["complete"] is False
    assert paid(hand) == [] and hand["net"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert hand["result"] == "win" and hand["winners"][0]["tai"] == 2  # the win itself stands


def test_cg1_1_a_kong_replacement_self_draw_with_an_unknown_kong_event_is_missing():
    hidden = dict(KONG_HIDDEN, D=17)
    hand = only_hand(rule(doc(state(hidden, turn="D", phase="discard"), kong("D", "concealed", "????"),
                              draw("D", "?", "back"), discard("D", "?"), draw("A", "4p"), discard("A", "4p"),
                              draw("B", "1f"), flower("B", "1f"), draw("B", "7z", "back"),
                              win("B", "self_draw", "7z"))))
    assert hand["missing"] == [dict(CG11, at=1)] and paid(hand) == [] and not hand["complete"]


def test_cg1_1_near_miss_a_known_correct_concealed_kong_is_checked_and_the_discarder_pays():
    hand = only_hand(rule(doc(_d_kong("4444z", "123s555z666z99p7p7p"), *C_DEALS_IN_A_REPLACEMENT)))
    assert hand["missing"] == [] and paid(hand) == [("C", "B", 140, "TW-PAY-1")]


def test_cg1_1_near_miss_an_unknown_kong_at_a_win_not_on_a_kong_tile_is_not_needed():
    hand = only_hand(rule(doc(_d_kong("????"), draw("C", "7z"), discard("C", "7z"),
                              win("B", "discard", "7z", frm="C"))))
    assert hand["missing"] == [] and hand["complete"] and paid(hand) == [("C", "B", 140, "TW-PAY-1")]


def test_cg1_1_near_miss_the_winners_own_unknown_kong_is_no_check_of_tw_cg_1_1():
    own = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s7z", "C": "111m222m333m148p25p9s9s",
           "D": "123s444z555z666z99p7p7p"}
    hand = only_hand(rule(doc(state(own, turn="C", phase="draw",
                                    melds={"B": [{"kind": "kong", "kong": "concealed", "tiles": "????"}]}),
                              *C_DEALS_IN_A_REPLACEMENT)))
    # his own kong's tiles decide his face (TW-TAI), not a liability (no liability for his own win)
    assert [m["needed_for"] for m in hand["missing"]] == ["TW-TAI: the face of the win"]


def test_cg1_1_a_known_wrong_concealed_kong_in_a_state_meld_is_liable_at_a_kong_tile_win():
    hand = only_hand(rule(doc(_d_kong("4z4z4z5z", "123s555z666z99p7p7p"), *C_DEALS_IN_A_REPLACEMENT)))
    assert paid(hand) == [("D", "B", 140, "TW-DW-1")]  # in C's place (TW-DW-1)


def _draws(first, tiles):
    """From ``first`` on in turn order, each player draws the next of ``tiles`` and discards it."""
    out = []
    for k, t in enumerate(tiles):
        p = "ABCD"[("ABCD".index(first) + k) % 4]
        out += [draw(p, t), discard(p, t)]
    return out


def test_cg1_2_an_unknown_concealed_kong_made_in_the_last_8_is_missing_at_the_exhaustive_draw():
    hidden = dict(KONG_HIDDEN, D=17)
    hand = only_hand(rule(doc(state(hidden, turn="D", phase="discard", wall_left=5), kong("D", "concealed", "????"),
                              draw("D", "?", "back"), discard("D", "?"), *_draws("A", ["4p", "5p", "6p", "?"]),
                              ev("exhaustive_draw"))))
    assert hand["missing"] == [{"fact": "kong_tiles", "player": "D", "at": 1,
                                "needed_for": "TW-CG-1.2: the referee's check of the concealed kongs"}]
    assert hand["result"] == "exhaustive_draw" and not hand["complete"] and paid(hand) == []
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}  # the 荒局 rule either way


def test_cg1_2_near_miss_an_unknown_concealed_kong_made_before_the_last_8_is_not_needed():
    hidden = dict(KONG_HIDDEN, D=17)
    hand = only_hand(rule(doc(state(hidden, turn="D", phase="discard", wall_left=9), kong("D", "concealed", "????"),
                              draw("D", "?", "back"), discard("D", "?"),
                              *_draws("A", ["4p", "5p", "6p", "?", "4m", "5m", "6m", "?"]),
                              ev("exhaustive_draw"))))
    assert hand["missing"] == [] and hand["complete"] and hand["result"] == "exhaustive_draw"


# -- 5. TW-CG-1.2 / TW-FLOW-8: 包賠 at the exhaustive draw keeps the 荒局 rule --------------------------
# D lays a wrong concealed kong 9p9p7p7p (no honour: standalone face 0) with 5 tiles left; the wall
# runs out with no win.
KONGS = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s456s7z", "C": "111m222m333m148p25p9s9s",
         "D": "123s444z555z666z99p7p7p3p"}
D_WRONG_KONG_IN_THE_LAST_8 = [state(KONGS, turn="D", phase="discard", wall_left=5),
                              kong("D", "concealed", "9p9p7p7p"), draw("D", "2p", "back"), discard("D", "2p")]


def test_cg1_2_a_wrong_concealed_kong_in_the_last_8_pays_for_all_and_the_dealer_keeps_the_deal():
    hand = only_hand(rule(doc(*D_WRONG_KONG_IN_THE_LAST_8, *_draws("A", ["5p", "6p", "4m", "5m"]),
                              ev("exhaustive_draw"))))
    assert ("TW-BP-1", "D", 12, "ruled") in ruled(hand)
    # face 0: D pays the dealer A 100 + (0 + 1) × 20 = 120, B and C 100
    assert paid(hand) == [("D", "A", 120, "TW-BP-2"), ("D", "B", 100, "TW-BP-2"), ("D", "C", 100, "TW-BP-2")]
    assert results(hand) == ("exhaustive_draw", {"dealer": "A", "streak": 1, "round_wind": None})


def test_cg1_2_flow9_the_dealer_collects_by_a_low_marker_and_the_streak_grows_from_the_true_n():
    hand = only_hand(rule(doc(*D_WRONG_KONG_IN_THE_LAST_8, *_draws("A", ["5p", "6p", "4m", "5m"]),
                              ev("exhaustive_draw"), streak=2, streak_marker=1)))
    # N = 2, marker 1: A collects by the marker, 100 + (0 + 1 + 2) × 20 = 160; next N = 3
    assert paid(hand) == [("D", "A", 160, "TW-BP-2"), ("D", "B", 100, "TW-BP-2"), ("D", "C", 100, "TW-BP-2")]
    assert results(hand) == ("exhaustive_draw", {"dealer": "A", "streak": 3, "round_wind": None})


def test_cg1_2_every_wrong_concealed_kong_in_the_last_8_pays_for_all():
    events = [state(KONGS, turn="D", phase="discard", wall_left=6), kong("D", "concealed", "9p9p7p7p"),
              draw("D", "2p", "back"), discard("D", "2p"), draw("A", "3p"), kong("A", "concealed", "4m5m6m7m"),
              draw("A", "4p", "back"), discard("A", "4p"), *_draws("B", ["6p", "5m", "8m"]),
              ev("exhaustive_draw")]
    hand = only_hand(rule(doc(*events)))
    # D as above; A (the dealer) pays each of the three 100 + (0 + 1) × 20 = 120 (TW-ZH-2's dealer tai)
    assert paid(hand) == [("D", "A", 120, "TW-BP-2"), ("D", "B", 100, "TW-BP-2"), ("D", "C", 100, "TW-BP-2"),
                          ("A", "B", 120, "TW-BP-2"), ("A", "C", 120, "TW-BP-2"), ("A", "D", 120, "TW-BP-2")]
    assert hand["net"] == {"A": -240, "B": 220, "C": 220, "D": -200}
    assert results(hand) == ("exhaustive_draw", {"dealer": "A", "streak": 1, "round_wind": None})


def test_cg1_2_near_miss_a_wrong_concealed_kong_before_the_last_8_costs_nothing_at_the_draw():
    events = [state(KONGS, turn="D", phase="discard", wall_left=9), kong("D", "concealed", "9p9p7p7p"),
              draw("D", "2p", "back"), discard("D", "2p"),
              *_draws("A", ["5p", "6p", "4m", "5m", "6m", "7m", "8m", "9m"]), ev("exhaustive_draw")]
    hand = only_hand(rule(doc(*events)))
    assert ruled(hand) == [("TW-CG-1", "D", 1, "unreported")] and paid(hand) == []


# -- 6. TW-CG-3 / TW-PR-1: a claim undone, or that could not lawfully be made, holds no priority -------
B_SELF_DRAW = [("A", "B", 200, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"), ("D", "B", 180, "TW-PAY-2")]
THEN_B_SELF_DRAWS = [draw("B", "7z"), win("B", "self_draw", "7z")]


def test_cg3_a_wrong_claimed_kong_undone_in_time_holds_no_priority_the_self_draw_stands():
    hand = only_hand(rule(doc(START, discard("A", "9s"), kong("C", "claimed", "9s8p4p9s"),
                              report("C", 2, by="D"), ev("correct", player="C", about=2, action="restore"),
                              *THEN_B_SELF_DRAWS)))
    assert hand["result"] == "win" and [w["player"] for w in hand["winners"]] == ["B"]
    assert ("TW-CG-3", "C", 2, "ruled") in ruled(hand)
    assert not any(r[0] in ("TW-PR-1", "TW-PR-9") for r in ruled(hand))
    assert [p for p in paid(hand) if p[3] == "TW-PAY-2"] == B_SELF_DRAW


def test_cg3_the_undone_kong_still_owes_the_pon_call_fee_when_the_next_draw_wins():
    hand = only_hand(rule(doc(START, discard("A", "9s"), kong("C", "claimed", "9s8p4p9s"),
                              report("C", 2, by="D"), ev("correct", player="C", about=2, action="restore"),
                              *THEN_B_SELF_DRAWS)))
    # C showed one 9s of his own (no pair): 1 tai flat to the discarder A, who is not his 上家
    assert sorted(paid(hand)) == sorted(B_SELF_DRAW + [("C", "A", 20, "TW-CG-3")])
    assert hand["net"] == {"A": -180, "B": 560, "C": -200, "D": -180}


@pytest.mark.parametrize("claim, status, wall_left, rule_", [
    pytest.param(pon("C", "9s", "9s8p"), None, 40, "TW-CP-1", id="pair-not-matching"),
    pytest.param(pon("C", "9s"), {"C": {"dead_hand": True}}, 40, "TW-XG-5", id="dead-hand-claim"),
    pytest.param(pon("C", "9s"), None, 3, "TW-XP-7", id="restriction-broken"),
])
def test_pr1_an_unlawful_claim_undone_holds_no_priority_over_the_self_draw(claim, status, wall_left, rule_):
    begin = state(H, turn="A", phase="discard", wall_left=wall_left, **({"status": status} if status else {}))
    hand = only_hand(rule(doc(begin, discard("A", "9s"), claim, ev("correct", player="C", about=2, action="restore"),
                              *THEN_B_SELF_DRAWS)))
    assert rulings_at(hand) == [(rule_, "C", 2)] and paid(hand) == B_SELF_DRAW


def test_pr1_near_miss_a_lawful_pon_call_before_the_draw_still_has_the_priority():
    hand = only_hand(rule(doc(START, discard("A", "9s"), call("C", "pon"), *THEN_B_SELF_DRAWS)))
    assert hand["result"] == "penalty" and ("TW-PR-9", "B", 4, "ruled") in ruled(hand)
    # B's face 4 as declared: 包賠, A 100 + 5 × 20, C and D 100 + 4 × 20
    assert paid(hand) == [("B", "A", 200, "TW-BP-2"), ("B", "C", 180, "TW-BP-2"), ("B", "D", 180, "TW-BP-2")]


# -- 7. TW-ZH-1: a winning hand nobody can see ---------------------------------------------------------
# B discards 9s; C's 16 concealed tiles are not recorded.
HIDDEN_WINNER = {"A": "111z222z333z444z55z66z", "B": "234m567m22p345p678p67s9s", "C": 16,
                 "D": "123s123s456s789s5z6z77z"}
ZH1_MISSING = {"fact": "concealed_tiles", "player": "C", "at": 2,
               "needed_for": "TW-ZH-1: whether the win stands; its face (TW-TAI); the next dealer (TW-FLOW-8)"}


def _hidden_win(*more, hands=HIDDEN_WINNER, status=None, **kw):
    begin = state(hands, turn="B", phase="discard", wall_left=30, **({"status": status} if status else {}))
    return only_hand(rule(doc(begin, discard("B", "9s"), *more, **kw)))


def test_zh1_a_hidden_winning_hand_leaves_the_outcome_undetermined():
    hand = _hidden_win(win("C", "discard", "9s", frm="B"))
    assert hand["result"] == "undetermined" and hand["next"] is None
    assert hand["winners"] == [] and paid(hand) == [] and hand["rulings"] == []
    assert hand["missing"] == [ZH1_MISSING] and hand["complete"] is False


def test_zh1_near_miss_shown_reveals_a_complete_hand_and_it_is_ruled():
    hand = _hidden_win(win("C", "discard", "9s", frm="B", shown="111m999m111p999p11s99s"))
    # 111m 999m 111p 999p 11s 99s + 9s: 門清 1 + 對對和 4 + 四暗刻 5 (999s, completed by a discard, is
    # not concealed) = 10; B pays 100 + 10 × 20 = 300
    assert hand["result"] == "win" and hand["winners"][0]["tai"] == 10
    assert paid(hand) == [("B", "C", 300, "TW-PAY-1")] and hand["complete"]
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_zh1_near_miss_a_hidden_hand_void_anyway_is_a_false_win_with_its_face_unknown():
    hand = _hidden_win(win("C", "discard", "9s", frm="B"), status={"C": {"dead_hand": True}})
    assert hand["result"] == "false_win" and ("TW-XG-2", "C", 2, "ruled") in ruled(hand)
    assert paid(hand) == [] and not hand["complete"]
    assert [m["needed_for"] for m in hand["missing"]] == ["TW-TAI: the face of the win"]
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}  # TW-ZH-4: known


def test_pay4_a_farther_winner_behind_a_hidden_nearer_winner_is_not_paid_on_a_guess():
    # D (after C in turn order from B) wins on the same 9s: 門清 1 + 四暗刻 5 = 6, worth 220 from B
    hand = _hidden_win(win("C", "discard", "9s", frm="B"), win("D", "discard", "9s", frm="B"),
                       hands=dict(HIDDEN_WINNER, D="111p666p888p999p78s5z5z"))
    assert paid(hand) == [] and not hand["complete"]


def test_pay4_near_miss_with_all_winners_paid_the_farther_win_does_not_depend_on_the_hidden_one():
    hand = _hidden_win(win("C", "discard", "9s", frm="B"), win("D", "discard", "9s", frm="B"),
                       hands=dict(HIDDEN_WINNER, D="111p666p888p999p78s5z5z"),
                       options={"multiple_winners": "all"})
    assert paid(hand) == [("B", "D", 220, "TW-PAY-1")] and hand["missing"] == [ZH1_MISSING]


# -- 8. play after the end ------------------------------------------------------------------------------
@pytest.mark.parametrize("ending, after, index", [
    pytest.param([win("D", "discard", "9s", frm="A")], discard("B", "7z"), 3, id="discard-after-a-win"),
    pytest.param([win("D", "discard", "9s", frm="A")], draw("B", "7z"), 3, id="draw-after-a-win"),
    pytest.param([win("D", "discard", "9s", frm="A")], pon("C", "9s"), 3, id="pon-after-a-win"),
    pytest.param([win("C", "discard", "9s", frm="A")], discard("B", "7z"), 3, id="discard-after-a-false-win"),
    pytest.param([call("C", "pon"), draw("B", "7z"), win("B", "self_draw", "7z")], draw("C", "1p"), 5,
                 id="draw-after-pay-for-all"),
    pytest.param([call("C", "win")], pon("C", "9s"), 3, id="pon-after-a-called-false-win"),
])
def test_zh5_play_after_the_end_is_an_input_error_naming_the_event(ending, after, index):
    with pytest.raises(InputError) as err:
        rule(doc(START_D, discard("A", "9s"), *ending, after))
    assert list(err.value.errors) == [f"hand.events[{index}]"]


@pytest.mark.parametrize("then", [[ev("end")], [win("B", "self_draw", "7z")]], ids=["draw", "draw-and-self-draw"])
def test_zh5_a_draw_after_a_called_false_win_is_play_after_the_end(then):
    with pytest.raises(InputError) as err:
        rule(doc(START_D, discard("A", "9s"), call("C", "win"), draw("B", "7z"), *then))
    assert list(err.value.errors) == ["hand.events[3]"]


def test_zh7_near_miss_a_valid_win_on_the_same_discard_after_a_false_win_is_allowed():
    hand = only_hand(rule(doc(START_D, discard("A", "9s"), win("C", "discard", "9s", frm="A"),
                              win("D", "discard", "9s", frm="A"))))
    # C's false win, face 0: 120 / 100 / 100; D's win, face 6, from the dealer A: 100 + 7 × 20 = 240
    assert paid(hand) == [("C", "A", 120, "TW-ZH-2"), ("C", "B", 100, "TW-ZH-2"), ("C", "D", 100, "TW-ZH-2"),
                          ("A", "D", 240, "TW-PAY-1")]
    assert results(hand) == ("win", {"dealer": "B", "streak": 0, "round_wind": None})


# B discards 5s out of his exposed chi 345s; D wins on it (face 3); B restores and must discard 4s.
CD3 = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s7z4s", "C": "111m222m333m678p56s9s9s",
       "D": "123s444z666z789p67s99p"}
CD3_WIN = [state(CD3, turn="B", phase="discard", melds={"B": [{"kind": "chi", "tiles": "345s", "tile": "3s",
                                                              "from": "A"}]}),
           ev("discard", player="B", tile="5s", from_meld=True), win("D", "discard", "5s", frm="B"),
           ev("correct", player="B", about=1, action="restore"), discard("B", "4s")]


def test_cd3_near_miss_the_forced_discard_and_a_second_win_on_it_are_allowed():
    hand = only_hand(rule(doc(*CD3_WIN, win("C", "discard", "4s", frm="B"))))
    # D: 風字刻 北 1 + 發 1 + 門清 1 = 3; C: 門清 1 + 三暗刻 2 = 3 (4s/7s: no 獨聽): B pays 160 twice
    assert paid(hand) == [("B", "D", 160, "TW-PAY-1"), ("B", "C", 160, "TW-PAY-1")]
    assert results(hand) == ("win", {"dealer": "A", "streak": 0, "round_wind": None})


def test_cd3_play_after_the_forced_discard_is_an_input_error():
    with pytest.raises(InputError) as err:
        rule(doc(*CD3_WIN, draw("C", "1p")))
    assert list(err.value.errors) == ["hand.events[5]"]


def test_fl1_near_miss_a_void_flower_win_does_not_end_play():
    flowers = {"B": ["1f", "2f", "3f", "4f", "5f", "6f", "7f"]}
    hand = only_hand(rule(doc(state(H, turn="A", phase="discard", flowers=flowers),
                              discard("A", "1z"), draw("B", "8f"), flower("B", "8f"), win("B", "flower"),
                              draw("B", "2p", "back"), discard("B", "2p"), draw("C", "3p"), discard("C", "3p"),
                              ev("end"))))
    assert hand["result"] == "open" and ruled(hand) == [("TW-FL-1", "B", 4, "ruled")]


# -- 9. TW-YP-1 / TW-YP-5: a watcher's pass is never lifted ---------------------------------------------
# D passes A's 9s, later discards the 1p he drew (which lifts an ordinary 過水) and self-draws 6s:
# face 8 (see H). Paid or paid for: A 100 + 9 × 20 = 280, B and C 100 + 8 × 20 = 260.
PASS_THEN_LIFT = [discard("A", "9s"), draw("B", "2p"), discard("B", "2p"), draw("C", "3p"), discard("C", "3p"),
                  draw("D", "1p"), discard("D", "1p"), draw("A", "4m"), discard("A", "4m"), draw("B", "5m"),
                  discard("B", "5m"), draw("C", "6m"), discard("C", "6m"), draw("D", "6s"),
                  win("D", "self_draw", "6s")]
WATCH = ev("declare", player="D", what="watch")
EIGHT = [("A", 280), ("B", 260), ("C", 260)]


def test_yp5_a_watcher_who_passed_wins_later_after_a_non_winning_discard_pays_for_all():
    hand = only_hand(rule(doc(START_D, WATCH, *PASS_THEN_LIFT)))
    assert ("TW-YP-5", "D", 16, "ruled") in ruled(hand) and ("TW-BP-1", "D", 16, "ruled") in ruled(hand)
    assert paid(hand) == [("D", p, amount, "TW-BP-2") for p, amount in EIGHT]
    assert results(hand) == ("penalty", {"dealer": "A", "streak": 0, "round_wind": None})


def test_yp5_near_miss_a_player_not_watching_has_his_pass_lifted_and_wins():
    hand = only_hand(rule(doc(START_D, *PASS_THEN_LIFT)))
    assert ruled(hand) == [("TW-GS-1", "D", 1, "ruled")] and hand["winners"][0]["tai"] == 8
    assert paid(hand) == [(p, "D", amount, "TW-PAY-2") for p, amount in EIGHT]


def test_yp5_near_miss_a_pass_lifted_before_he_started_watching_is_no_watchers_pass():
    hand = only_hand(rule(doc(START_D, *PASS_THEN_LIFT[:7], WATCH, *PASS_THEN_LIFT[7:])))
    assert hand["result"] == "win" and paid(hand) == [(p, "D", amount, "TW-PAY-2") for p, amount in EIGHT]


# -- 10. TW-TAI-31 / 32: 天聽 / 地聽 lost by a pass ----------------------------------------------------
# B has declared 天聽 (a state's status) and waits on 7z alone. A discards 7z: B draws instead (a
# pass); later he wins on C's 7z.
TING = {"A": "123m456m789m111z2z3z5s6s7z", "B": "123p456p789p123s456s7z", "C": "111m222m333m148p25p9s7z",
        "D": "123s444z555z666z99p7p7p"}
B_WINS_ON_CS_7Z = [draw("B", "4m"), discard("B", "4m"), draw("C", "5m"), discard("C", "7z"),
                   win("B", "discard", "7z", frm="C")]


@pytest.mark.parametrize("ting", ["tian_ting", "di_ting"])
def test_tai31_32_a_ready_declarer_who_passed_keeps_the_win_without_the_pattern(ting):
    hand = only_hand(rule(doc(state(TING, turn="A", phase="discard", status={"B": {ting: True}}),
                              discard("A", "7z"), *B_WINS_ON_CS_7Z)))
    # 天聽/地聽 lost, 門清 counts again: 門清 1 + 獨聽 1 = 2; C pays 100 + 2 × 20 = 140
    assert [p["rule"] for p in hand["winners"][0]["patterns"]] == ["TW-TAI-3", "TW-TAI-11"]
    assert paid(hand) == [("C", "B", 140, "TW-PAY-1")]


def test_tai31_near_miss_without_a_pass_tian_ting_counts():
    hand = only_hand(rule(doc(state(TING, turn="A", phase="discard", status={"B": {"tian_ting": True}}),
                              discard("A", "2z"), *B_WINS_ON_CS_7Z)))
    # 天聽 8 (excludes 門清) + 獨聽 1 = 9; C pays 100 + 9 × 20 = 280
    assert hand["winners"][0]["tai"] == 9 and paid(hand) == [("C", "B", 280, "TW-PAY-1")]


# B waits on 3s/6s; C pons A's 6s (B passes it) and discards 3s: B wins before any discard of his.
TING2 = {"A": "123m456m789m111z2z3z5s6s9s", "B": "123p456p789p123s45s7z7z", "C": "111m222m333m148p5p3s6s6s",
         "D": "123s444z555z666z99p7p7p"}
PASS_UNLIFTED = [discard("A", "6s"), pon("C", "6s"), discard("C", "3s"), win("B", "discard", "3s", frm="C")]


def test_tai31_the_pass_not_lifted_does_not_void_a_tian_ting_players_win():
    hand = only_hand(rule(doc(state(TING2, turn="A", phase="discard", status={"B": {"tian_ting": True}}),
                              *PASS_UNLIFTED)))
    assert hand["result"] == "win" and paid(hand) == [("C", "B", 120, "TW-PAY-1")]  # 門清 1: 100 + 20


def test_tai31_near_miss_an_ordinary_player_in_the_same_pass_false_wins():
    hand = only_hand(rule(doc(state(TING2, turn="A", phase="discard"), *PASS_UNLIFTED)))
    assert ("TW-GS-2", "B", 4, "ruled") in ruled(hand)
    # face 1 as declared: B pays A 100 + 2 × 20 = 140, C and D 120
    assert paid(hand) == [("B", "A", 140, "TW-ZH-2"), ("B", "C", 120, "TW-ZH-2"), ("B", "D", 120, "TW-ZH-2")]


def test_tai31_yp5_a_tian_ting_player_who_watched_and_passed_pays_for_all():
    hand = only_hand(rule(doc(state(TING, turn="A", phase="discard",
                                    status={"B": {"tian_ting": True, "watching": True}}),
                              discard("A", "7z"), *B_WINS_ON_CS_7Z)))
    # as declared 9 (天聽 8 + 獨聽 1): A 100 + 10 × 20 = 300, C and D 100 + 9 × 20 = 280
    assert hand["result"] == "penalty"
    assert paid(hand) == [("B", "A", 300, "TW-BP-2"), ("B", "C", 280, "TW-BP-2"), ("B", "D", 280, "TW-BP-2")]


# -- 11. TW-YP-4: a watcher's pass reported before his win ---------------------------------------------
@pytest.mark.parametrize("accuse", [
    pytest.param(report("D", 2), id="report-about-the-discard"),
    pytest.param(report("D", offence="TW-YP-4"), id="report-naming-the-clause"),
    pytest.param(ev("admit", player="D", about=2, offence="TW-YP-4"), id="admission"),
])
def test_yp4_a_reported_watchers_pass_makes_him_dead_and_his_win_false(accuse):
    hand = only_hand(rule(doc(START_D, WATCH, *PASS_THEN_LIFT[:3], accuse, *PASS_THEN_LIFT[3:])))
    assert ("TW-YP-4", "D", 2, "ruled") in ruled(hand) and ("TW-XG-2", "D", 17, "ruled") in ruled(hand)
    assert "TW-YP-5" not in {r[0] for r in ruled(hand)}  # a violation instead (TW-YP-5)
    # 詐和 with face 8 as declared: the same amounts as the 包賠 of item 9, by TW-ZH-2
    assert paid(hand) == [("D", p, amount, "TW-ZH-2") for p, amount in EIGHT]
    assert results(hand) == ("false_win", {"dealer": "A", "streak": 0, "round_wind": None})


def test_yp4_a_reported_pass_then_a_merge_is_the_second_violation_pay_for_all():
    hand = only_hand(rule(doc(START_D, WATCH, *PASS_THEN_LIFT[:3], report("D", 2), *PASS_THEN_LIFT[3:6],
                              ev("merge", player="D"), ev("end"))))
    assert ("TW-BP-1", "D", 9, "ruled") in ruled(hand)
    # no win declared: standalone face 0; A 100 + 20, B and C 100
    assert paid(hand) == [("D", "A", 120, "TW-BP-2"), ("D", "B", 100, "TW-BP-2"), ("D", "C", 100, "TW-BP-2")]
    assert results(hand) == ("penalty", {"dealer": "A", "streak": 0, "round_wind": None})


def test_yp4_two_passes_both_reported_are_two_violations_pay_for_all():
    # D passes A's 9s (event 2) and A's 6s (event 10, not lifted for a watcher); both reported
    events = [START_D, WATCH, *PASS_THEN_LIFT[:7], draw("A", "6s"), discard("A", "6s"), draw("B", "5m"),
              discard("B", "5m"), report("D", 2), report("D", 10), ev("end")]
    hand = only_hand(rule(doc(*events)))
    assert ("TW-YP-4", "D", 10, "ruled") in ruled(hand) and ("TW-BP-1", "D", 14, "ruled") in ruled(hand)
    assert paid(hand) == [("D", "A", 120, "TW-BP-2"), ("D", "B", 100, "TW-BP-2"), ("D", "C", 100, "TW-BP-2")]


def test_yp4_near_miss_a_pass_reported_while_the_discard_is_still_claimable_is_no_pass_yet():
    hand = only_hand(rule(doc(START_D, WATCH, *PASS_THEN_LIFT[:2], report("D", 2), *PASS_THEN_LIFT[2:])))
    assert ("TW-XG-4", "D", 4, "dismissed") in ruled(hand)  # B has not discarded: D may still win on 9s
    assert hand["result"] == "penalty"  # and his later win is TW-YP-5's 包賠, as never reported


# -- 12. TW-DW-3: several liable players share the whole win -------------------------------------------
# D (event 1) and C (event 9) each lay a wrong concealed kong; B wins by 杠上開花 on a flower's
# replacement: 門清 1 + 不求 2 + 獨聽 1 + 杠上開花 1 = 5. C and D pay the three shares together.
DW3 = [state(KONGS, turn="D", phase="discard"), kong("D", "concealed", "4z4z4z5z"), draw("D", "2p", "back"),
       discard("D", "2p"), draw("A", "4p"), discard("A", "4p"), draw("B", "5p"), discard("B", "5p"),
       draw("C", "4m"), kong("C", "concealed", "1m1m1m4m"), draw("C", "6p", "back"), discard("C", "6p"),
       draw("D", "7m"), discard("D", "7m"), draw("A", "8m"), discard("A", "8m"), draw("B", "1f"),
       flower("B", "1f"), draw("B", "7z", "back"), win("B", "self_draw", "7z")]


def test_dw3_an_even_whole_of_odd_shares_is_split_equally():
    hand = only_hand(rule(doc(*DW3, tai=25)))
    # shares: A (dealer) 100 + 6 × 25 = 250, C and D 100 + 5 × 25 = 225 each: whole 700 → 350 / 350
    # (split share by share it would be 125+113+113 = 351 against 349)
    assert paid(hand) == [("C", "B", 350, "TW-DW-3"), ("D", "B", 350, "TW-DW-3")]
    assert ("TW-DW-3", "C", 19, "ruled") in ruled(hand)


def test_dw3_the_remainder_of_the_whole_is_paid_by_the_first_liable_after_the_winner():
    hand = only_hand(rule(doc(*DW3, base=101)))
    # shares 101 + 6 × 20 = 221, 201, 201: whole 623 = 2 × 311 + 1; C comes first after B
    assert paid(hand) == [("C", "B", 312, "TW-DW-3"), ("D", "B", 311, "TW-DW-3")]


def test_dw3_flow9_the_dealers_share_in_the_whole_is_by_the_true_streak_when_the_marker_is_low():
    hand = only_hand(rule(doc(*DW3, base=101, streak=1, streak_marker=0)))
    # the dealer pays by the true N = 1: 101 + (5 + 1 + 2) × 20 = 261; whole 261 + 201 + 201 = 663
    assert paid(hand) == [("C", "B", 332, "TW-DW-3"), ("D", "B", 331, "TW-DW-3")]


def test_dw3_near_miss_one_liable_player_pays_the_shares_one_by_one():
    hand = only_hand(rule(doc(*DW3[:9], discard("C", "4m"), *DW3[12:])))  # C lays no kong
    assert paid(hand) == [("D", "B", 220, "TW-DW-1"), ("D", "B", 200, "TW-DW-1"), ("D", "B", 200, "TW-DW-1")]


# -- 13. reports of a fault already in effect; no ruling without a player ------------------------------
def test_xg4_a_report_of_a_claim_ruled_at_once_is_listed_as_already_in_effect():
    hand = only_hand(rule(doc(state(H, turn="A", phase="discard", wall_left=3), discard("A", "9s"),
                              pon("C", "9s"), report("C", 2, by="D"), discard("C", "1m"), ev("end"))))
    assert ruled(hand) == [("TW-XP-7", "C", 2, "ruled"), ("TW-XP-7", "C", 3, "ruled")]
    assert "already in effect since event 2" in hand["rulings"][1]["decision"] and paid(hand) == []


def test_xg4_a_second_report_of_a_wrong_count_is_listed_as_already_in_effect():
    hand = only_hand(rule(doc(START, discard("A", "1z"), draw("C", "3p"), ev("act", player="C", act="grab_draw"),
                              report("C", by="D", offence="TW-XG-1"), report("C", by="B", offence="TW-XG-1"),
                              ev("end"))))
    assert ruled(hand)[1:] == [("TW-XG-1", "C", 4, "ruled"), ("TW-XG-1", "C", 5, "ruled")]
    assert "already in effect since event 4" in hand["rulings"][2]["decision"]


def test_xg4_near_miss_a_report_naming_no_fault_is_still_dismissed():
    hand = only_hand(rule(doc(state(H, turn="A", phase="discard", wall_left=4), discard("A", "9s"),
                              pon("C", "9s"), report("C", 2, by="D"), discard("C", "1m"), ev("end"))))
    assert ruled(hand) == [("TW-XG-4", "C", 3, "dismissed")]


def test_pr1_a_priority_ruling_names_the_claimant_when_nobody_is_at_fault():
    hand = only_hand(rule(doc(START, discard("A", "9s"), draw("B", "7z"), call("C", "pon"),
                              win("B", "self_draw", "7z"))))
    assert ruled(hand) == [("TW-PR-1", "C", 4, "ruled")]
    assert all(r["player"] is not None for r in hand["rulings"])


# -- 14. `call` naming an earlier discard (call.tile) ----------------------------------------------------
CHI_7S = dict(H, A="123m456m789m111z2z3z5s6s7s", C="111m222m333m148p25p7s7s")


def test_pr3_a_pon_called_on_a_discard_after_the_chi_player_discarded_is_too_late_and_costs_nothing():
    hand = only_hand(rule(doc(state(CHI_7S, turn="A", phase="discard"), discard("A", "7s"), chi("B", "7s", "5s6s"),
                              discard("B", "7z"), call("C", "pon", tile="7s"), ev("end"))))
    assert ruled(hand) == [("TW-PR-3", "C", 4, "ruled")] and paid(hand) == []  # no 喊碰未碰 (TW-PC-3)


def test_pr4_a_pon_called_on_a_discard_after_the_next_player_drew_and_discarded_is_too_late():
    hand = only_hand(rule(doc(START, discard("A", "9s"), draw("B", "2p"), discard("B", "2p"),
                              call("C", "pon", tile="9s"), ev("end"))))
    assert ruled(hand) == [("TW-PR-4", "C", 4, "ruled")] and paid(hand) == []


def test_pr7_a_win_called_late_is_ruled_and_pushing_down_after_it_is_pay_for_all():
    called = only_hand(rule(doc(START_D, discard("A", "9s"), draw("B", "2p"), discard("B", "2p"),
                                call("D", "win", tile="9s"), ev("end"))))
    assert ("TW-PR-7", "D", 4, "ruled") in ruled(called) and paid(called) == []
    pushed = only_hand(rule(doc(START_D, discard("A", "9s"), draw("B", "2p"), discard("B", "2p"),
                                call("D", "win", tile="9s"), win("D", "discard", "9s", frm="A"))))
    assert paid(pushed) == D_PAYS_FOR_ALL


def test_pr6_a_win_called_after_the_chi_player_discarded_is_too_late():
    hand = only_hand(rule(doc(state(CHI_HANDS, turn="A", phase="discard"), discard("A", "9s"),
                              chi("B", "9s", "7s8s"), discard("B", "7z"), call("D", "win", tile="9s"), ev("end"))))
    assert ("TW-PR-6", "D", 4, "ruled") in ruled(hand) and paid(hand) == []


def test_zh1_a_late_win_call_by_a_player_who_cannot_win_on_the_tile_is_a_false_win():
    hand = only_hand(rule(doc(START, discard("A", "9s"), draw("B", "2p"), discard("B", "2p"),
                              call("C", "win", tile="9s"), ev("end"))))
    assert hand["result"] == "false_win"
    assert paid(hand) == [("C", "A", 120, "TW-ZH-2"), ("C", "B", 100, "TW-ZH-2"), ("C", "D", 100, "TW-ZH-2")]


@pytest.mark.parametrize("named", [{}, {"tile": "9s"}], ids=["no-tile", "tile-on-offer"])
def test_pc1_near_miss_a_call_naming_the_tile_on_offer_is_an_ordinary_pon_call(named):
    hand = only_hand(rule(doc(START, discard("A", "9s"), call("C", "pon", **named), draw("B", "2p"),
                              discard("B", "2p"), ev("end"))))
    assert ruled(hand) == [("TW-PC-1", "C", 2, "ruled")]
    assert paid(hand) == [("C", "A", 20, "TW-PC-1")]  # A is not C's 上家: 1 tai flat
