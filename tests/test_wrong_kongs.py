"""錯杠 (TW-CG): a wrong concealed kong found by the referee's own check at a kong-tile win
(TW-CG-1.1), a wrong added kong by the stage it is found at (TW-CG-2.1 / 2.3), a wrong claimed kong
corrected before its replacement (TW-CG-3); each with a near-miss and the money to the unit. A deals."""
from tests.tablekit import (
    discard, doc, draw, ev, flower, kong, only_hand, rule, state, win,
    paid, rulings as ruled,
)

H = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s456s7z",
     "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p7p3p"}
# D lays a concealed kong of 4z4z4z5z (not four equal tiles) at event 1, replaces and discards.
WRONG_CONCEALED = [state(H, turn="D", phase="discard"), kong("D", "concealed", "4z4z4z5z"),
                   draw("D", "2p", "back"), discard("D", "2p"), draw("A", "4p"), discard("A", "4p"),
                   draw("B", "5p"), discard("B", "5p")]



def test_cg1_1_a_deal_in_with_a_replacement_makes_the_wrong_concealed_kong_liable():
    # C draws a flower, replaces it with 7z and discards that 7z unchanged: B wins on it.
    hand = only_hand(rule(doc(*WRONG_CONCEALED, draw("C", "1f"), flower("C", "1f"), draw("C", "7z", "back"),
                              discard("C", "7z"), win("B", "discard", "7z", frm="C"))))
    face = hand["winners"][0]["tai"]
    assert ("TW-DW-1", "D", 12, "ruled") in ruled(hand)
    assert paid(hand) == [("D", "B", 100 + face * 20, "TW-DW-1")]  # in place of the discarder C


def test_cg1_1_near_miss_an_ordinary_self_draw_leaves_the_wrong_kong_unreported():
    hand = only_hand(rule(doc(*WRONG_CONCEALED, draw("C", "3p"), discard("C", "3p"), draw("D", "4p"),
                              discard("D", "4p"), draw("A", "6p"), discard("A", "6p"), draw("B", "7z"),
                              win("B", "self_draw", "7z"))))
    assert ruled(hand) == [("TW-CG-1", "D", 1, "unreported")]
    assert {p["rule"] for p in hand["payments"]} == {"TW-PAY-2"}


def _draws(n, first="A"):
    out, players, tiles = [], "ABCD", ["4p", "5p", "6p", "4m", "5m", "6m", "7m", "8m", "9m"]
    for k in range(n):
        p = players[(players.index(first) + k) % 4]
        out += [draw(p, tiles[k]), discard(p, tiles[k])]
    return out


def test_cg1_2_a_wrong_concealed_kong_in_the_last_8_found_at_the_exhaustive_draw_pays_for_all():
    last = [state(H, turn="D", phase="discard", wall_left=5), kong("D", "concealed", "4z4z4z5z"),
            draw("D", "2p", "back"), discard("D", "2p"), *_draws(4), ev("exhaustive_draw")]
    hand = only_hand(rule(doc(*last)))
    assert hand["result"] == "penalty"
    assert ("TW-BP-1", "D", 12, "ruled") in ruled(hand)
    face = int(hand["payments"][1]["amount"] - 100) // 20
    assert paid(hand) == [("D", "A", 100 + (face + 1) * 20, "TW-BP-2"), ("D", "B", 100 + face * 20, "TW-BP-2"),
                          ("D", "C", 100 + face * 20, "TW-BP-2")]


def test_cg1_2_near_miss_outside_the_last_8_the_exhaustive_draw_costs_nothing():
    early = [state(H, turn="D", phase="discard", wall_left=9), kong("D", "concealed", "4z4z4z5z"),
             draw("D", "2p", "back"), discard("D", "2p"), *_draws(8), ev("exhaustive_draw")]
    hand = only_hand(rule(doc(*early)))
    assert hand["result"] == "exhaustive_draw" and paid(hand) == []


# B has ponned 7z from D; he adds a 1z instead of the 4th 7z (a wrong added kong) at event 1.
ADDED = {"A": "123m456m789m11z2z3z4s5s6s", "B": "123p456p789p123s1z5m",
         "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p8p"}
MELDS = {"B": [{"kind": "pon", "tiles": "777z", "tile": "7z", "from": "D"}]}
ADD_START = [state(ADDED, turn="B", phase="discard", melds=MELDS), kong("B", "added", "7z7z7z1z")]


def test_cg2_1_restored_before_the_replacement_no_penalty_unless_strict():
    events = [*ADD_START, ev("report", by="C", against="B", about=1), ev("end")]
    assert ruled(only_hand(rule(doc(*events)))) == [("TW-CG-2.1", "B", 1, "ruled")]
    strict = only_hand(rule(doc(*events, options={"strict_kong_peek": True})))
    assert strict["rulings"][0]["decision"].endswith("his hand is dead (相公) from event 2.")
    assert "相公" not in only_hand(rule(doc(*events)))["rulings"][0]["decision"]


def test_cg2_3_found_after_the_discard_stands_dead_hand_and_liable_for_kong_tile_wins():
    events = [*ADD_START, draw("B", "2p", "back"), discard("B", "2p"), ev("report", by="C", against="B", about=1),
              draw("C", "1f"), flower("C", "1f"), draw("C", "3z", "back"), discard("C", "3z"),
              ev("end")]
    hand = only_hand(rule(doc(*events)))
    assert ruled(hand) == [("TW-CG-2.3", "B", 1, "ruled")] and paid(hand) == []
