"""Probe (acceptance-style) scoring cases for Sichuan, each a whole document ruled through the loader:
sums of a base row with 根 and the circumstance rows (金钩钓 on a bloom, 海底 on a kong's replacement,
地胡 holding four of a kind, 抢杠胡 with a 根, 将对 with a kong and 中张), a 杠上炮 won by the very
player who fed the kong, and 海底's near miss on the last discard, under presets `chengdu` (cap 3)
and `online` (cap 6, 门清 and 中张), with every payment (from, to, amount, rule, at). B = 1; voids as
``tests.sckit.VOIDS`` (A m, B s, C m, D p) unless a case gives its own; the players not concerned
hold tiles unknown to the referee (a count)."""
from __future__ import annotations

import pytest

from tests.sckit import VOIDS, declare, discard, doc, draw, kong, paid, rule, state, win

ONLINE = {"base": 1, "preset": "online"}


def nets(**kw) -> dict:
    return {p: kw.get(p, 0) for p in "ABCD"}


def scored(hand, i: int = 0) -> tuple[list[tuple[str, int]], int, int, int]:
    w = hand["winners"][i]
    return [(p["rule"], p["fan"]) for p in w["patterns"]], w["fan"], w["fan_paid"], w["value"]


def pons(*tiles, frm="C"):
    return [{"kind": "pon", "tiles": t * 3, "tile": t, "from": frm} for t in tiles]


def kongs(*tiles, frm="C"):
    return [{"kind": "kong", "kong": "claimed", "tiles": t * 4, "tile": t, "from": frm} for t in tiles]


# 金钩钓 on a bloom: B (void s) has pongs 2m 7m 3p, holds 999p 5p, draws 9p, kongs 9999p and draws 5p
HOOK = [state({"A": 13, "B": "999p5p", "C": 13, "D": 13}, turn="B", phase="draw", melds={"B": pons("2m", "7m", "3p")}),
        draw("B", "9p"), kong("B", "concealed", "9999p"), draw("B", "5p", back=True), win("B", "self_draw", "5p")]


@pytest.mark.parametrize("ruleset, paid_fan, each", [
    (None, 3, 9),  # 金钩钓 2 + 根 (the kong) 1 + 杠上花 1 = 4, capped 3: V 8, each pays 8 + 1 (自摸加底)
    (ONLINE, 4, 17),  # cap 6: V 16 + 1; no 门清 (pongs on the table), no 中张 (9p)
])
def test_golden_hook_on_a_kong_bloom(ruleset, paid_fan, each):  # SC-FAN-6, SC-FAN-20, SC-FAN-21, SC-GF-3, SC-PAY-1
    hand = rule(doc(HOOK, ruleset))
    assert scored(hand) == ([("SC-FAN-6", 2), ("SC-FAN-20", 1), ("SC-FAN-21", 1)], 4, paid_fan, 1 << paid_fan)
    assert paid(hand) == [(p, "B", 2, "SC-GF-3", 2) for p in "ACD"] + [(p, "B", each, "SC-PAY-1", 4) for p in "ACD"]
    assert hand["net"] == nets(A=-2 - each, B=6 + 3 * each, C=-2 - each, D=-2 - each)


def test_golden_hook_bloom_with_the_self_draw_fan_instead_of_the_base():  # SC-FAN-25, SC-PAY-1 add_fan
    hand = rule(doc(HOOK, {"base": 1, "options": {"self_draw_bonus": "add_fan", "cap_fan": 6}}))
    assert scored(hand) == ([("SC-FAN-6", 2), ("SC-FAN-20", 1), ("SC-FAN-21", 1), ("SC-FAN-25", 1)], 5, 5, 32)
    assert paid(hand)[3:] == [(p, "B", 32, "SC-PAY-1", 4) for p in "ACD"]  # no base added


# 海底 on a kong's replacement: B (void s) kongs 2222p at wall_left 1 and draws the last tile from the back
LAST_BLOOM = [state({"A": 13, "B": "2222p123m456m99m5p", "C": 13, "D": 13}, turn="B", phase="draw", wall_left=2),
              draw("B", "9m"), kong("B", "concealed", "2222p"), draw("B", "5p", back=True), win("B", "self_draw", "5p")]


@pytest.mark.parametrize("ruleset, rows, fan, paid_fan, each", [
    # 平胡 0 + 根 + 杠上花 + 海底 = 3: V 8, each pays 8 + 1
    (None, [("SC-FAN-1", 0), ("SC-FAN-20", 1), ("SC-FAN-21", 1), ("SC-FAN-24", 1)], 3, 3, 9),
    # online: + 门清 (a concealed kong is no pong), no 中张 (1m, 9m): 4, V 16 + 1
    (ONLINE, [("SC-FAN-1", 0), ("SC-FAN-20", 1), ("SC-FAN-21", 1), ("SC-FAN-24", 1), ("SC-FAN-26", 1)], 4, 4, 17),
])
def test_last_tile_drawn_as_a_kong_replacement_counts_both_rows(ruleset, rows, fan, paid_fan, each):  # SC-FAN-21, 24
    hand = rule(doc(LAST_BLOOM, ruleset))
    assert scored(hand) == (rows, fan, paid_fan, 1 << paid_fan)
    assert paid(hand) == [(p, "B", 2, "SC-GF-3", 2) for p in "ACD"] + [(p, "B", each, "SC-PAY-1", 4) for p in "ACD"]
    assert hand["net"] == nets(A=-2 - each, B=6 + 3 * each, C=-2 - each, D=-2 - each)


def test_near_miss_a_win_on_the_last_discard_has_no_last_tile_row():  # SC-FAN-24 (self-draw only), SC-PAY-2
    events = [state({"A": 13, "B": "123456789m11p46p", "C": 13, "D": 13}, phase="draw", wall_left=1),
              draw("A", "5p"), discard("A", "5p"), win("B", "discard", "5p", "A")]
    hand = rule(doc(events))
    assert scored(hand) == ([("SC-FAN-1", 0)], 0, 0, 1)
    assert paid(hand) == [("A", "B", 1, "SC-PAY-2", 3)] and hand["net"] == nets(A=-1, B=1)


# 地胡 holding four of a kind: D (void p) dealt 1111m 22m 33m 55s 66s 7s draws 7s on his first draw
EARTHLY = [{"type": "deal", "hands": {"A": "1199p5p123456789s", "B": "223456789m11p46p",
                                      "C": "22p33p77p88p11s99s6p", "D": "1111m22m33m55s66s7s"}}] + \
          [declare(p, v) for p, v in VOIDS.items()] + \
          [discard("A", "5p"), draw("B", "9p"), discard("B", "9p"), draw("C", "4p"), discard("C", "4p"), draw("D", "7s"),
           win("D", "self_draw", "7s")]


@pytest.mark.parametrize("ruleset, rows, fan, paid_fan", [
    # 地胡 5 is the base row (not 龙七对 4), so the four 1m are a 根: 6, capped 3
    (None, [("SC-FAN-16", 5), ("SC-FAN-20", 1)], 6, 3),
    # online: + 门清 (self-drawn, nothing melded) = 7, capped 6: V 64
    (ONLINE, [("SC-FAN-16", 5), ("SC-FAN-20", 1), ("SC-FAN-26", 1)], 7, 6),
    # near miss: without 地胡 the base row is 龙七对, whose first four of a kind is no 根: 4 + 门清 = 5
    ({"base": 1, "preset": "online", "options": {"heavenly_earthly": False}}, [("SC-FAN-9", 4), ("SC-FAN-26", 1)], 5, 5),
])
def test_earthly_win_holding_four_of_a_kind(ruleset, rows, fan, paid_fan):  # SC-FAN-16, SC-FAN-20, SC-FAN-9, SC-FAN-26
    hand = rule(doc(EARTHLY, ruleset))
    v = 1 << paid_fan
    assert scored(hand) == (rows, fan, paid_fan, v)
    assert paid(hand) == [(p, "D", v + 1, "SC-PAY-1", 11) for p in "ABC"]
    assert hand["net"] == nets(A=-v - 1, B=-v - 1, C=-v - 1, D=3 * v + 3)


# 抢杠胡 with a 根: B (void s) 12m 456m 999m 111m 55m waits 3m; D (void s) adds 3333m with the 3m he drew
ROB = [state({"A": 13, "B": "12m456m999m111m55m", "C": 13, "D": "123p456p78p99p"}, turn="D", phase="draw",
             melds={"D": pons("3m", frm="A")}, voids=dict(VOIDS, D="s")),
       draw("D", "3m"), kong("D", "added", "3333m"), win("B", "rob_kong", "3m", "D")]


@pytest.mark.parametrize("ruleset, paid_fan", [(None, 3), (ONLINE, 4)])
def test_robbing_a_kong_with_a_root(ruleset, paid_fan):  # SC-FAN-3, SC-FAN-20, SC-FAN-23, SC-PAY-3, SC-GF-4
    # 清一色 2 + 根 (111m and the 1m of 123m) + 抢杠胡 = 4; the kong player alone pays V, the robbed
    # kong earns nothing; online adds no 门清 (not a self-draw) and no 中张
    hand = rule(doc(ROB, ruleset))
    v = 1 << paid_fan
    assert scored(hand) == ([("SC-FAN-3", 2), ("SC-FAN-20", 1), ("SC-FAN-23", 1)], 4, paid_fan, v)
    assert paid(hand) == [("D", "B", v, "SC-PAY-3", 3)] and hand["net"] == nets(B=v, D=-v)


def test_pure_dragon_seven_pairs_is_one_row_not_seven_pairs_and_a_root():  # SC-FAN-14, SC-FAN-10 near miss
    events = [state({"A": 14, "B": "1111p22p33p44p55p6p", "C": 13, "D": 13}, voids=dict(VOIDS, B="m")),
              discard("A", "6p"), win("B", "discard", "6p", "A")]
    hand = rule(doc(events, ONLINE))
    assert scored(hand) == ([("SC-FAN-14", 5)], 5, 5, 32)
    assert paid(hand) == [("A", "B", 32, "SC-PAY-2", 2)] and hand["net"] == nets(A=-32, B=32)
    hand = rule(doc(events))  # chengdu: capped at 3
    assert scored(hand) == ([("SC-FAN-14", 5)], 5, 3, 8) and hand["net"] == nets(A=-8, B=8)


def test_pongs_of_two_five_eight_with_a_kong_and_all_simples():  # SC-FAN-8, SC-FAN-20, SC-FAN-27 (online)
    events = [state({"A": 14, "B": "222m555m88m55p", "C": 13, "D": 13}, melds={"B": kongs("2p")}),
              discard("A", "8m"), win("B", "discard", "8m", "A")]
    hand = rule(doc(events, ONLINE))  # 将对 3 + 根 (the kong) + 中张 = 5, V 32
    assert scored(hand) == ([("SC-FAN-8", 3), ("SC-FAN-20", 1), ("SC-FAN-27", 1)], 5, 5, 32)
    assert hand["net"] == nets(A=-32, B=32)
    hand = rule(doc(events))  # chengdu: no 中张; 4, capped 3
    assert scored(hand) == ([("SC-FAN-8", 3), ("SC-FAN-20", 1)], 4, 3, 8) and hand["net"] == nets(A=-8, B=8)


def test_the_feeder_of_a_claimed_kong_wins_its_kong_discard():  # SC-FAN-22, SC-GF-1, SC-GF-6, SC-PAY-2
    # D discards 1p, A (void m) kongs it (D pays A 2), draws 4s and discards 5s; D wins on it: 平胡 +
    # 杠上炮 = 1, V 2; the kong's 2 is handed to D (呼叫转移): A −2, D +2
    events = [state({"A": "111p2345p678p99s5s", "B": 13, "C": 13, "D": "123m456m789m67s99s1p"}, turn="D",
                    voids={"A": "m", "B": "s", "C": "m", "D": "p"}),
              discard("D", "1p"), kong("A", "claimed", "1111p"), draw("A", "4s", back=True), discard("A", "5s"),
              win("D", "discard", "5s", "A")]
    hand = rule(doc(events))
    assert scored(hand) == ([("SC-FAN-1", 0), ("SC-FAN-22", 1)], 1, 1, 2)
    assert paid(hand) == [("D", "A", 2, "SC-GF-1", 2), ("A", "D", 2, "SC-PAY-2", 5), ("A", "D", 2, "SC-GF-6", 5)]
    assert [(r["rule"], r["player"]) for r in hand["rulings"]] == [("SC-GF-6", "A")]
    assert hand["net"] == nets(A=-2, D=2)
    hand = rule(doc(events, {"base": 1, "options": {"call_transfer": "off"}}))  # near miss: nothing handed on
    assert paid(hand) == [("D", "A", 2, "SC-GF-1", 2), ("A", "D", 2, "SC-PAY-2", 5)] and hand["net"] == nets()


# three wins at three moments, each with its rows: who is still in play pays ------------------------------
THREE_WINS = [
    state({"A": "555p123s456s789s9s", "B": "111m123m456m789m5m", "C": "1111p22p33p55s66s7s", "D": 13},
          turn="B", phase="draw"),
    draw("B", "5m"), win("B", "self_draw", "5m"),  # 2: 清一色 + 根 (1m), online + 门清
    draw("C", "2m"), discard("C", "2m"), draw("D", "7s"), discard("D", "7s"),
    win("C", "discard", "7s", "D"),  # 7: 龙七对 (its four 1p no 根)
    draw("D", "3m"), discard("D", "3m"), draw("A", "5p"), kong("A", "concealed", "5555p"),  # 11: D alone pays 2
    draw("A", "9s", back=True), win("A", "self_draw", "9s"),  # 13: 平胡 + 根 + 杠上花, online + 门清; D alone pays
]


@pytest.mark.parametrize("ruleset, fans, values, nets_", [
    (None, [(3, 3), (4, 3), (2, 2)], [8, 8, 4], nets(A=-2, B=27, C=-1, D=-24)),
    (ONLINE, [(4, 4), (4, 4), (3, 3)], [16, 16, 8], nets(A=-6, B=51, C=-1, D=-44)),
])
def test_three_wins_with_their_rows_each_paid_by_those_still_in_play(ruleset, fans, values, nets_):
    # SC-XZ-1, SC-XZ-2, SC-XZ-3, SC-PAY-1, SC-PAY-2, SC-GF-3, SC-GF-4, SC-FAN-3, 9, 20, 21, 26, SC-FLOW-9
    hand = rule(doc(THREE_WINS, ruleset))
    assert [(w["player"], w["order"], w["at"], w["how"]) for w in hand["winners"]] == [
        ("B", 1, 2, "self_draw"), ("C", 2, 7, "discard"), ("A", 3, 13, "self_draw")]
    assert [(w["fan"], w["fan_paid"]) for w in hand["winners"]] == fans
    assert [w["value"] for w in hand["winners"]] == values
    online = ruleset == ONLINE
    assert [p["rule"] for p in hand["winners"][0]["patterns"]] == ["SC-FAN-3", "SC-FAN-20"] + ["SC-FAN-26"] * online
    assert [p["rule"] for p in hand["winners"][1]["patterns"]] == ["SC-FAN-9"]
    assert [p["rule"] for p in hand["winners"][2]["patterns"]] == ["SC-FAN-1", "SC-FAN-20", "SC-FAN-21"] + \
        ["SC-FAN-26"] * online
    b, c, a = values
    assert paid(hand) == [(p, "B", b + 1, "SC-PAY-1", 2) for p in "ACD"] + [("D", "C", c, "SC-PAY-2", 7),
                                                                             ("D", "A", 2, "SC-GF-3", 11),
                                                                             ("D", "A", a + 1, "SC-PAY-1", 13)]
    assert hand["net"] == nets_ and hand["result"] == "win" and hand["left_play"] == ["B", "C", "A"]
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_two_earthly_wins_on_the_dealers_first_discard():  # SC-FAN-16, SC-PAY-4, SC-PR-2, SC-XZ-1
    # B (平胡 shape) and C (七对 shape) both win on A's first discard 5p: each 地胡 5, capped 3, V 8; A pays each
    hands = {"A": "1199p5p123456789s", "B": "123456789m11p46p", "C": "22p33p77p88p11s99s5p", "D": "15m99m222s345s678s"}
    events = [{"type": "deal", "hands": hands}] + [declare(p, v) for p, v in VOIDS.items()] + \
        [discard("A", "5p"), win("B", "discard", "5p", "A"), win("C", "discard", "5p", "A")]
    hand = rule(doc(events))
    assert [scored(hand, i) for i in (0, 1)] == [([("SC-FAN-16", 5)], 5, 3, 8)] * 2
    assert paid(hand) == [("A", "B", 8, "SC-PAY-4", 6), ("A", "C", 8, "SC-PAY-4", 7)]
    assert hand["net"] == nets(A=-16, B=8, C=8) and hand["left_play"] == ["B", "C"]
    hand = rule(doc(events, {"base": 1, "options": {"heavenly_earthly": False}}))  # near miss: 平胡 0 and 七对 2
    assert [scored(hand, i)[0] for i in (0, 1)] == [[("SC-FAN-1", 0)], [("SC-FAN-5", 2)]]
    assert paid(hand) == [("A", "B", 1, "SC-PAY-4", 6), ("A", "C", 4, "SC-PAY-4", 7)]


# the checks at the exhaustive draw with best calls made of rows -----------------------------------------
#: A (void m) not ready; B (void s) 1112345678999m waits on every m (best: 清一色 + 根 = 3); C (void m)
#: still holds 1m: a 花猪; D (void p) has pongs 2s 8s 4m 6m and waits on 9s (金钩钓 2)
CHECKS = [state({"A": "12345679p13579s", "B": "1112345678999m", "C": "1m22p33p44p55s66s77s", "D": "9s"},
                phase="draw", wall_left=1, melds={"D": pons("2s", "8s", "4m", "6m", frm="A")}),
          draw("A", "8p"), discard("A", "8p"), {"type": "exhaustive_draw"}]


@pytest.mark.parametrize("ruleset, pig, nets_", [
    (None, 8, nets(A=-4, B=16, C=-24, D=12)),  # the cap value 2^3
    (ONLINE, 64, nets(A=52, B=72, C=-192, D=68)),  # 2^6; the best calls count no 门清 / 中张
])
def test_pig_and_best_calls_of_a_nine_gates_shape_and_a_golden_hook(ruleset, pig, nets_):
    # SC-CH-0, SC-CH-1, SC-CH-2, SC-CH-4, SC-CH-5, SC-FAN-0.5, SC-FAN-3, SC-FAN-6, SC-FAN-20
    hand = rule(doc(CHECKS, ruleset))
    assert hand["result"] == "exhaustive_draw"
    assert [(c["player"], c["pig"], c["ready"], c.get("best_fan")) for c in hand["checks"]] == [
        ("A", False, False, None), ("B", False, True, 3), ("C", True, False, None), ("D", False, True, 2)]
    assert paid(hand) == [("C", p, pig, "SC-CH-1", 3) for p in "ABD"] + [("A", "B", 8, "SC-CH-2", 3),
                                                                         ("A", "D", 4, "SC-CH-2", 3)]
    assert sorted((r["rule"], r["player"]) for r in hand["rulings"]) == [("SC-CH-1", "C"), ("SC-CH-2", "A")]
    assert hand["net"] == nets_


def test_near_miss_without_the_big_call_only_the_pig_pays():  # SC-CH-2 option big_call
    hand = rule(doc(CHECKS, {"base": 1, "options": {"big_call": False}}))
    assert paid(hand) == [("C", p, 8, "SC-CH-1", 3) for p in "ABD"] and hand["net"] == nets(A=8, B=8, C=-24, D=8)


@pytest.mark.parametrize("source, payments", [
    # B has just drawn 5m as the replacement of 3333p claimed from A, kongs 5555m, blooms on 9m: under
    # 点杠花 as a discard, the chain reaches back to the claimed kong: A alone pays V 8
    ("back", [("A", "B", 8, "SC-PAY-5", 3)]),
    # near miss: 5m came from the wall: the bloom is on the concealed kong alone, a self-draw (8 + 1 each)
    ("wall", [(p, "B", 9, "SC-PAY-1", 3) for p in "ACD"]),
])
def test_a_fed_bloom_along_a_chain_from_the_position(source, payments):  # SC-PAY-5, SC-FAN-20, SC-FAN-21, SC-GF-3
    melds = {"B": [{"kind": "kong", "kong": "claimed", "tiles": "3333p", "tile": "3p", "from": "A"}]}
    events = [state({"A": 13, "B": "5555m123m99m5p5p", "C": 13, "D": 13}, turn="B", melds=melds,
                    drawn={"tile": "5m", "from": source}),
              kong("B", "concealed", "5555m"), draw("B", "9m", back=True), win("B", "self_draw", "9m")]
    hand = rule(doc(events, {"base": 1, "options": {"claimed_kong_bloom": "discard"}}))
    # 平胡 + 根 (3333p) + 根 (5555m) + 杠上花 = 3, V 8
    assert scored(hand) == ([("SC-FAN-1", 0), ("SC-FAN-20", 1), ("SC-FAN-20", 1), ("SC-FAN-21", 1)], 3, 3, 8)
    assert paid(hand) == [(p, "B", 2, "SC-GF-3", 1) for p in "ACD"] + payments
