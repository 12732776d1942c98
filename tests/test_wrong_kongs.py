"""錯杠 (TW-CG): a wrong concealed kong found by the referee's own check at a kong-tile win or at
the exhaustive draw, or within the last 8 tiles (TW-CG-1.1…1.3); a wrong added kong (TW-CG-2.1…2.3)
and a wrong claimed kong (TW-CG-3, 3.1…3.3) by the stage they are found at, undone by `correct`;
shared liability with its remainder (TW-DW-3). Each fires and has a near-miss, with the money to
the unit. A deals (N = 0)."""
from dataclasses import replace

import pytest

from referee.errors import InputError
from referee.tiles import parse_tiles as parse
from rulesbook.tw16.table import TW16
from tests.tablekit import (
    discard, doc, draw, ev, flower, kong, only_hand, pon, rule, state, table, win,
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
    assert hand["result"] == "exhaustive_draw"  # the 包賠 is settled at the 荒局; its rule stands
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}
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
    assert "his hand is dead (相公) from event 2" in strict["rulings"][0]["decision"]
    assert "相公" not in only_hand(rule(doc(*events)))["rulings"][0]["decision"]


def test_cg2_3_found_after_the_discard_stands_dead_hand_and_liable_for_kong_tile_wins():
    events = [*ADD_START, draw("B", "2p", "back"), discard("B", "2p"), ev("report", by="C", against="B", about=1),
              draw("C", "1f"), flower("C", "1f"), draw("C", "3z", "back"), discard("C", "3z"),
              ev("end")]
    hand = only_hand(rule(doc(*events)))
    assert ruled(hand) == [("TW-CG-2.3", "B", 1, "ruled")] and paid(hand) == []


def test_cg2_1_a_replacement_drawn_but_not_taken_into_the_hand_is_still_restored_without_penalty():
    events = [*ADD_START, draw("B", "2p", "back"), ev("report", by="C", against="B", about=1),
              ev("correct", player="B", about=2, action="return_tile"),
              ev("correct", player="B", about=1, action="restore"), discard("B", "5m"), ev("end")]
    hand = only_hand(rule(doc(*events)))
    assert ruled(hand) == [("TW-CG-2.1", "B", 1, "ruled")] and paid(hand) == []
    assert "相公" not in hand["rulings"][0]["decision"]


# C waits on 2p alone (111m 222m 333m 789s 13p 9s9s); the tile B puts back on the kong is 2p.
WAITING = {"A": "123m456m789m11z2z3z4s5s6s", "B": "123p456p789p123s1z5m",
           "C": "111m222m333m789s13p9s9s", "D": "123s444z555z666z99p7p8p"}
# TW-CG-2.2: B's replacement entered his hand (merge at 3); found at 4, put back, kong restored.
PUT_BACK = [state(WAITING, turn="B", phase="discard", melds=MELDS), kong("B", "added", "7z7z7z1z"),
            draw("B", "2p", "back"), ev("merge", player="B"), ev("report", by="C", against="B", about=1),
            ev("correct", player="B", about=2, action="return_tile"),
            ev("correct", player="B", about=1, action="restore"), discard("B", "5m")]


def _self_draw_shares(face: int) -> list[int]:
    """What A (the dealer, N = 0), B and D owe C for a self-draw of ``face`` tai."""
    return [100 + (face + 1) * 20, 100 + face * 20, 100 + face * 20]


def test_cg2_2_found_in_hand_dead_hand_and_liable_for_a_self_draw_on_that_kong_tile():
    hand = only_hand(rule(doc(*PUT_BACK, draw("C", "1f"), flower("C", "1f"), draw("C", "2p", "back"),
                              win("C", "self_draw", "2p"))))
    assert ruled(hand) == [("TW-CG-2.2", "B", 1, "ruled"), ("TW-DW-1", "B", 11, "ruled")]
    assert "相公" in hand["rulings"][0]["decision"]
    assert paid(hand) == [("B", "C", amount, "TW-DW-1")
                          for amount in _self_draw_shares(hand["winners"][0]["tai"])]


def test_cg2_2_near_miss_a_later_replacement_is_not_that_kong_tile():
    # C's first replacement (2f) is the tile B put back; his second (2p) is another kong tile.
    hand = only_hand(rule(doc(*PUT_BACK, draw("C", "1f"), flower("C", "1f"), draw("C", "2f", "back"),
                              flower("C", "2f"), draw("C", "2p", "back"), win("C", "self_draw", "2p"))))
    assert ruled(hand) == [("TW-CG-2.2", "B", 1, "ruled")]
    face = hand["winners"][0]["tai"]
    assert paid(hand) == [(p, "C", amount, "TW-PAY-2") for p, amount in zip("ABD", _self_draw_shares(face))]


def test_cg2_3_within_the_last_8_tiles_pays_for_all_and_ends_the_hand():
    events = [state(ADDED, turn="B", phase="discard", melds=MELDS, wall_left=6), kong("B", "added", "7z7z7z1z"),
              draw("B", "2p", "back"), discard("B", "2p"), ev("report", by="C", against="B", about=1)]
    hand = only_hand(rule(doc(*events)))
    assert hand["result"] == "penalty"
    assert ("TW-CG-2.3", "B", 1, "ruled") in ruled(hand) and ("TW-BP-1", "B", 4, "ruled") in ruled(hand)
    face = (hand["payments"][1]["amount"] - 100) // 20
    assert paid(hand) == [("B", "A", 100 + (face + 1) * 20, "TW-BP-2"), ("B", "C", 100 + face * 20, "TW-BP-2"),
                          ("B", "D", 100 + face * 20, "TW-BP-2")]


# 錯碰杠 (TW-CG-3): C discards 8p at event 1 and B claims a kong of it with tiles that are not 8p8p8p.
# C then waits on 2p alone. B's 上家 is A, so C (the discarder) is owed the 喊碰未碰 fee.
CLAIM = {"A": "123m456m789m11z2z3z4s5s6s", "B": "123p456p8p8p9p123s1z5m7z7z",
         "C": "111m222m333m789s13p9s9s8p", "D": "123s444z555z666z99p7p5p"}
OFFERED = [state(CLAIM, turn="C", phase="discard"), discard("C", "8p")]
NO_PAIR = [*OFFERED, kong("B", "claimed", "8p9p1z8p")]  # only one 8p of his own among the tiles shown
RESTORE_KONG = ev("correct", player="B", about=2, action="restore")


def test_cg3_undone_before_the_replacement_costs_the_pon_fee_without_dead_hand():
    hand = only_hand(rule(doc(*NO_PAIR, RESTORE_KONG, draw("D", "4p"), discard("D", "4p"), ev("end"))))
    assert ruled(hand) == [("TW-CG-3", "B", 2, "ruled")]
    assert "相公" not in hand["rulings"][0]["decision"]
    assert paid(hand) == [("B", "C", 20, "TW-CG-3")]  # flat 1 T: no base, no dealer tai


def test_cg3_near_miss_with_a_pair_of_the_discard_shown_it_becomes_a_pon_without_fee():
    pair = [*OFFERED, kong("B", "claimed", "8p8p9p8p"), RESTORE_KONG]
    hand = only_hand(rule(doc(*pair, pon("B", "8p"), discard("B", "1z"), ev("end"))))
    assert ruled(hand) == [("TW-CG-3", "B", 2, "ruled")] and paid(hand) == []
    # the pair shown and no pon made: the fee, and 相公 as TW-PC-2 says
    skipped = only_hand(rule(doc(*pair, draw("D", "4p"), discard("D", "4p"), ev("end"))))
    assert ruled(skipped) == [("TW-CG-3", "B", 2, "ruled"), ("TW-PC-2", "B", 2, "ruled")]
    assert paid(skipped) == [("B", "C", 20, "TW-CG-3")]


def test_cg3_1_replacement_not_yet_in_hand_dead_hand_without_liability():
    events = [*NO_PAIR, draw("B", "2s", "back"), ev("report", by="C", against="B", about=2),
              ev("correct", player="B", about=3, action="return_tile"), RESTORE_KONG,
              draw("D", "1f"), flower("D", "1f"), draw("D", "2p", "back"), discard("D", "2p"),
              win("C", "discard", "2p", frm="D")]
    hand = only_hand(rule(doc(*events)))
    assert ruled(hand) == [("TW-CG-3.1", "B", 2, "ruled")]
    assert paid(hand) == [("D", "C", 100 + hand["winners"][0]["tai"] * 20, "TW-PAY-1")]


def _found_in_hand(returned: dict) -> list[dict]:
    """B's replacement entered his hand; found at 5; ``returned`` puts a tile back (event 6); D then
    draws the kong tile as his flower's replacement and discards it unchanged: C wins on it."""
    return [*NO_PAIR, draw("B", "2s", "back"), ev("merge", player="B"), ev("report", by="C", against="B", about=2),
            returned, RESTORE_KONG, draw("D", "1f"), flower("D", "1f"), draw("D", "2p", "back"),
            discard("D", "2p"), win("C", "discard", "2p", frm="D")]


def test_cg3_2_a_tile_drawn_back_at_random_makes_him_liable_for_that_kong_tile():
    hand = only_hand(rule(doc(*_found_in_hand(
        ev("correct", player="B", about=3, action="return_tile", tile="5m", random=True)))))
    assert ruled(hand) == [("TW-CG-3.2", "B", 2, "ruled"), ("TW-DW-1", "B", 12, "ruled")]
    assert paid(hand) == [("B", "C", 100 + hand["winners"][0]["tai"] * 20, "TW-DW-1")]


def test_cg3_2_near_miss_the_known_tile_put_back_leaves_only_the_dead_hand():
    hand = only_hand(rule(doc(*_found_in_hand(ev("correct", player="B", about=3, action="return_tile")))))
    assert ruled(hand) == [("TW-CG-3.2", "B", 2, "ruled")]
    assert paid(hand) == [("D", "C", 100 + hand["winners"][0]["tai"] * 20, "TW-PAY-1")]


def _completed(wall_left: int = 40) -> list[dict]:
    """B's wrong claimed kong stands: he replaced and discarded before it was reported (event 5)."""
    return [state(CLAIM, turn="C", phase="discard", wall_left=wall_left), discard("C", "8p"),
            kong("B", "claimed", "8p9p1z8p"), draw("B", "2s", "back"), discard("B", "2s"),
            ev("report", by="C", against="B", about=2)]


def test_cg3_3_found_after_the_discard_liable_for_a_self_draw_within_the_next_8_draws():
    hand = only_hand(rule(doc(*_completed(), draw("C", "2p"), win("C", "self_draw", "2p"))))
    assert ruled(hand) == [("TW-CG-3.3", "B", 2, "ruled"), ("TW-DW-1", "B", 7, "ruled")]
    assert paid(hand) == [("B", "C", amount, "TW-DW-1")
                          for amount in _self_draw_shares(hand["winners"][0]["tai"])]


def test_cg3_3_near_miss_a_self_draw_on_the_9th_draw_is_paid_as_usual():
    tiles = ["4p", "5p", "1s", "4m", "5m", "6m", "7m", "8m"]  # 8 draws from C on, then C's next
    play = []
    for k, tile in enumerate(tiles):
        p = "CDAB"[k % 4]
        play += [draw(p, tile), discard(p, tile)]
    hand = only_hand(rule(doc(*_completed(), *play, draw("C", "2p"), win("C", "self_draw", "2p"))))
    assert ruled(hand) == [("TW-CG-3.3", "B", 2, "ruled")]
    face = hand["winners"][0]["tai"]
    assert paid(hand) == [(p, "C", amount, "TW-PAY-2") for p, amount in zip("ABD", _self_draw_shares(face))]


def test_cg3_3_within_the_last_8_tiles_pays_for_all_and_ends_the_hand():
    hand = only_hand(rule(doc(*_completed(wall_left=7))))
    assert hand["result"] == "penalty" and ("TW-BP-1", "B", 5, "ruled") in ruled(hand)
    face = (hand["payments"][1]["amount"] - 100) // 20
    assert paid(hand) == [("B", "A", 100 + (face + 1) * 20, "TW-BP-2"), ("B", "C", 100 + face * 20, "TW-BP-2"),
                          ("B", "D", 100 + face * 20, "TW-BP-2")]


def test_dw3_two_wrong_concealed_kongs_share_a_kong_tile_win_and_the_first_after_the_winner_pays_the_remainder():
    # D's wrong 暗杠 (event 1) and A's (event 9); C discards a replacement unchanged and B wins on it.
    both = [*WRONG_CONCEALED[:6], draw("B", "5p"), discard("B", "5p"), draw("C", "6p"), discard("C", "6p"),
            draw("D", "4m"), discard("D", "4m"), draw("A", "5m"), kong("A", "concealed", "1z1z1z2z"),
            draw("A", "6m", "back"), discard("A", "6m"), draw("B", "7m"), discard("B", "7m"),
            draw("C", "1f"), flower("C", "1f"), draw("C", "7z", "back"), discard("C", "7z"),
            win("B", "discard", "7z", frm="C")]
    hand = only_hand(rule(doc(*both, base=101)))
    total = 101 + hand["winners"][0]["tai"] * 20
    assert total % 2 == 1  # an odd share: the remainder is real
    assert ("TW-DW-3", "D", len(both) - 1, "ruled") in ruled(hand)
    assert paid(hand) == [("D", "B", total // 2 + 1, "TW-DW-3"), ("A", "B", total // 2, "TW-DW-3")]
    assert "D, first after the winner in turn order, pays the indivisible remainder" in hand["rulings"][-1]["decision"]


def _late_concealed_kong(wall_left: int) -> list[dict]:
    """D's wrong 暗杠 made with ``wall_left`` tiles left, reported at 4; B then wins on C's 7z."""
    return [state(H, turn="D", phase="discard", wall_left=wall_left), kong("D", "concealed", "4z4z4z5z"),
            draw("D", "2p", "back"), discard("D", "2p"), ev("report", by="A", against="D", about=1),
            draw("A", "4p"), discard("A", "4p"), draw("B", "5p"), discard("B", "5p"), draw("C", "7z"),
            discard("C", "7z"), win("B", "discard", "7z", frm="C")]


def test_cg1_3_a_wrong_concealed_kong_within_the_last_8_is_liable_for_every_later_win():
    hand = only_hand(rule(doc(*_late_concealed_kong(8))))
    assert ruled(hand) == [("TW-CG-1", "D", 1, "ruled"), ("TW-DW-1", "D", 11, "ruled")]
    assert paid(hand) == [("D", "B", 100 + hand["winners"][0]["tai"] * 20, "TW-DW-1")]  # in C's place


def test_cg1_3_near_miss_outside_the_last_8_an_ordinary_win_is_paid_by_the_discarder():
    hand = only_hand(rule(doc(*_late_concealed_kong(9))))
    assert ruled(hand) == [("TW-CG-1", "D", 1, "ruled")]
    assert paid(hand) == [("C", "B", 100 + hand["winners"][0]["tai"] * 20, "TW-PAY-1")]


def test_a_random_tile_put_back_must_be_named_from_a_known_hand_and_random_goes_only_with_return_tile():
    unnamed = _found_in_hand(ev("correct", player="B", about=3, action="return_tile", tile="?"))
    with pytest.raises(InputError) as exc:
        rule(doc(*unnamed))
    assert any("name the tile put back" in m for m in exc.value.errors["hand.events[6].tile"])
    wrong = [*NO_PAIR, ev("correct", player="B", about=2, action="restore", random=True)]
    with pytest.raises(InputError) as exc:
        rule(doc(*wrong))
    assert "hand.events[3].random" in exc.value.errors


def test_a_restored_kong_gives_back_its_tiles_its_meld_and_the_wall_it_cost():
    concealed = [*WRONG_CONCEALED[:3], ev("correct", player="D", about=2, action="return_tile"),
                 ev("correct", player="D", about=1, action="restore")]
    t = table(doc(*concealed), replace(TW16, kong_costs_wall=True))
    d = t.p["D"]
    assert d.melds == [] and t.pending_back["D"] == 0 and t.wall_left == 40  # the replacement went back too
    assert sorted(t for t in range(34) for _ in range(d.counts[t])) == sorted(parse(H["D"]))
    added = table(doc(*ADD_START, ev("correct", player="B", about=1, action="restore")))
    assert [(m.kind, len(m.tiles)) for m in added.p["B"].melds] == [("pon", 3)] and added.p["B"].counts[27] == 1
    claimed = table(doc(*NO_PAIR, RESTORE_KONG))
    assert claimed.p["B"].melds == [] and claimed.last_discard == ("C", parse("8p")[0], 1)
    assert (claimed.turn, claimed.phase) == ("D", "draw")
