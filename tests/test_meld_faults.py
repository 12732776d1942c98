"""錯碰 (TW-CP-1/2) and 錯打明牌 (TW-CD-1…4): each ruled by the stage at which it is found, with a
near-miss and the money to the unit. A deals (N = 0)."""
from tests.tablekit import (
    discard, doc, draw, ev, only_hand, pon, rule, state, win,
    paid, rulings as ruled,
)

H = {"A": "123m456m789m111z2z3z5s6s9s", "B": "123p456p789p123s456s7z",
     "C": "111m222m333m148p25p9s8p", "D": "123s444z555z666z99p7p7p"}
START = state(H, turn="A", phase="discard")



def report(about, against="C"):
    return ev("report", by="A", against=against, about=about)


# C pons A's 9s with 9s + 8p (the pair does not match) at event 2 and discards 1m.
WRONG_PON = [START, discard("A", "9s"), pon("C", "9s", "9s8p"), discard("C", "1m")]
# D then draws, merges and discards; A draws and discards; B self-draws 7z (face 4) at event 11.
PLAY_ON = [draw("D", "3p"), ev("merge", player="D"), discard("D", "3p"), draw("A", "4p"), discard("A", "4p"),
           draw("B", "7z"), win("B", "self_draw", "7z")]
B_SHARES = [("A", 200), ("C", 180), ("D", 180)]  # 100 + 4 × 20, the dealer A 1 tai more


def test_cp1_found_before_the_next_player_merges_dead_hand_no_liability():
    hand = only_hand(rule(doc(*WRONG_PON, report(2), *PLAY_ON)))
    assert ruled(hand) == [("TW-CP-1", "C", 2, "ruled")]
    assert paid(hand) == [(p, "B", amount, "TW-PAY-2") for p, amount in B_SHARES]


def test_cp2_found_after_the_next_player_merged_liable_for_the_self_draw():
    events = [*WRONG_PON, *PLAY_ON[:2], report(2), *PLAY_ON[2:]]
    hand = only_hand(rule(doc(*events)))
    assert ruled(hand) == [("TW-CP-2", "C", 2, "ruled"), ("TW-DW-1", "C", 11, "ruled")]
    assert paid(hand) == [("C", "B", amount, "TW-DW-1") for _, amount in B_SHARES]


def test_cp_never_found_is_listed_unreported_and_changes_nothing():
    hand = only_hand(rule(doc(*WRONG_PON, *PLAY_ON)))
    assert ruled(hand) == [("TW-CP-1", "C", 2, "unreported")]
    assert paid(hand) == [(p, "B", amount, "TW-PAY-2") for p, amount in B_SHARES]


# B has chied 345s from A and discards 5s out of that set (錯打明牌) at event 1.
CD = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s7z4s",
      "C": "111m222m333m67s25p4p9s9s", "D": "123s444z666z456m999p3z"}
MELDS = {"B": [{"kind": "chi", "tiles": "345s", "tile": "3s", "from": "A"}]}
CD_START = state(CD, turn="B", phase="discard", melds=MELDS)
FROM_MELD = {"type": "discard", "player": "B", "tile": "5s", "from_meld": True}


def test_cd1_corrected_before_the_next_draw_dead_hand():
    hand = only_hand(rule(doc(CD_START, FROM_MELD, report(1, "B"),
                              ev("correct", player="B", about=1, action="restore"), discard("B", "4s"),
                              ev("end"))))
    assert ruled(hand) == [("TW-CD-1", "B", 1, "ruled")] and paid(hand) == []


def test_cd2_called_on_with_tiles_shown_pays_each_caller_one_tai():
    hand = only_hand(rule(doc(CD_START, FROM_MELD, ev("call", player="C", call="chi", **{"with": "6s7s"}),
                              ev("correct", player="B", about=1, action="restore"), discard("B", "4s"),
                              ev("end"))))
    assert ruled(hand) == [("TW-CD-2", "B", 1, "ruled")]
    assert paid(hand) == [("B", "C", 20, "TW-CD-2")]  # 1 T flat


def test_cd2_near_miss_a_call_without_tiles_shown_earns_no_fee():
    hand = only_hand(rule(doc(CD_START, FROM_MELD, ev("call", player="C", call="pon"),
                              ev("correct", player="B", about=1, action="restore"), discard("B", "4s"),
                              ev("end"))))
    assert ruled(hand) == [("TW-CD-1", "B", 1, "ruled")] and paid(hand) == []  # no 喊碰未碰 either


def test_cd3_won_on_he_pays_the_win_and_the_dealer_keeps_the_deal():
    d_waits_5s = dict(CD, D="123s444z666z789p67s99p")
    hand = only_hand(rule(doc(state(d_waits_5s, turn="B", phase="discard", melds=MELDS), FROM_MELD,
                              win("D", "discard", "5s", frm="B"),
                              ev("correct", player="B", about=1, action="restore"), discard("B", "4s"))))
    assert hand["result"] == "win"
    assert ("TW-CD-3", "B", 1, "ruled") in ruled(hand)
    face = hand["winners"][0]["tai"]
    assert paid(hand) == [("B", "D", 100 + face * 20, "TW-PAY-1")]
    assert hand["next"]["dealer"] == "A" and hand["next"]["streak"] == 0  # not D's deal, N unchanged


def test_cd4_unnoticed_liable_for_the_next_self_draw_without_dead_hand():
    events = [CD_START, FROM_MELD, draw("C", "5p"), discard("C", "5p"), draw("D", "3z"), win("D", "self_draw", "3z")]
    hand = only_hand(rule(doc(*events)))
    assert ("TW-CD-4", "B", 1, "ruled") in ruled(hand) and ("TW-DW-1", "B", 5, "ruled") in ruled(hand)
    face = hand["winners"][0]["tai"]
    # B pays the three shares of D's self-draw: A (dealer) 1 tai more
    assert paid(hand) == [("B", "D", 100 + (face + 1) * 20, "TW-DW-1"), ("B", "D", 100 + face * 20, "TW-DW-1"),
                          ("B", "D", 100 + face * 20, "TW-DW-1")]
