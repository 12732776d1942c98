"""Wuhan disputes as a club referee would bring them (RULEBOOK_WH.md), each worked out by hand from
the rulebook in the comment above it before it was run: the whole money (every line, the net), the
result, the clause IDs ruled, and the winner's value (H), factor (M_W), hard and wild.

B = 5 (``tests.whkit.doc``), dealer A unless said, preset ``kaikoufan`` unless said. Turn order
A → B → C → D; the 上家 of B is A, of C is B, of D is C, of A is D.

This file: the indicator, readings of 癞子 and their tie-breaks, the wild limits, the hands and
their units, the 翻 items."""

import pytest

from tests.whkit import discard, doc, draw, pay, rule, state, win
from tests.whprobe_kit import opts, lines, ruled, winner, wild_of, pats, kong, single, hard_or_soft


def wild_draw(indicator: str, tile: str, ruleset=None):
    """A (dealer, 碰 666p from B) holds 234p 567s 789s 5m and self-draws ``tile``."""
    s = state({"A": "234p567789s5m"}, indicator=indicator, melds={"A": [("pon:666p", "B")]})
    return doc([s, draw("A", tile), win("A")], ruleset=ruleset)


@pytest.mark.parametrize("indicator, tile", [("9m", "1m"), ("9s", "1s"), ("4z", "6z"), ("5z", "1z"),
                                             ("7z", "6z"), ("6z", "5z"), ("3z", "4z"), ("1z", "2z")])
def test_indicator_gives_the_laizi(indicator, tile):  # WH-LZ-1
    # the drawn tile is the 癞子, read as 5m: 234p 567s 789s 55m, a soft small hand, one stand-in.
    # M_A = 开口 2 × 庄 2 × 自摸.small 2 = 8; B, C, D (M 1): raw 8 → 40 each; A +120
    hand = rule(wild_draw(indicator, tile))
    w = winner(hand)
    assert (w["hu"], w["value"], w["factor"], w["hard"]) == ("small", 1, 8, False)
    assert wild_of(w) == [(tile, "5m")] and pats(w) == ["WH-HU-3"]
    assert lines(hand) == [("B", 40, 8, None), ("C", 40, 8, None), ("D", 40, 8, None)]
    assert hand["net"] == {"A": 120, "B": -40, "C": -40, "D": -40} and hand["rulings"] == []


@pytest.mark.parametrize("indicator, tile", [("4z", "5z"), ("5z", "6z"), ("9m", "9m"), ("7z", "1z")])
def test_not_the_laizi_is_a_false_win(indicator, tile):  # WH-LZ-1 near misses, WH-ZH-1/2
    # 北 gives 发 not 白; 白 gives 东 not 发; the 皮 9m is no 癞子; 红中 gives 发 not 东: 5m 5z (…) has no
    # pair: no reading wins: 诈胡, A pays 400 × 5 = 2000 to each; a dealer offender loses the deal
    hand = rule(wild_draw(indicator, tile))
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "A")]
    assert hand["net"] == {"A": -6000, "B": 2000, "C": 2000, "D": 2000}
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def lz6_example(**kw):
    """The WH-LZ-6 example: indicator 3m (癞子 4m); A has 碰 222p (B), 碰 777s (C), holds 5m 5m 4m
    9s 9s 9s 5p and wins on D's 5p."""
    s = state({"A": "455m999s5p"}, indicator="3m", melds={"A": [("pon:222p", "B"), ("pon:777s", "C")]},
              turn="D", phase="discard", holding={"D": "5p"})
    return doc([s, discard("D", "5p"), win("A", "discard", "5p", "D", **kw)])


def test_lz6_example_key_6_reads_4m_as_5m():  # WH-LZ-6.5 (6)
    # 4m as 5m (555m 999s 55p) or as 5p (555p 999s 55m): 碰碰胡, soft, H 10, one stand-in, equal pay:
    # key 6 takes 5m. M_A = 开口 2; B, C (M 1) raw 20 → 100; D 放炮.big 1.5 → raw 30 → 150; A +350
    hand = rule(lz6_example())
    w = winner(hand)
    assert (w["hu"], w["value"], w["factor"], w["hard"]) == ("big", 10, 2, False)
    assert wild_of(w) == [("4m", "5m")] and pats(w) == ["WH-HU-4.4"]
    assert lines(hand) == [("B", 100, 20, None), ("C", 100, 20, None), ("D", 150, 30, None)]
    assert hand["net"] == {"A": 350, "B": -100, "C": -100, "D": -150}


def test_a_wrong_wild_statement_binds_nothing():  # WH-LZ-7, WH-IRR-4
    # A says his 4m stood for 7p (no win so read) or names 9s (no 癞子): WH-IRR-4 against A, no money
    # of its own; the hand is read as above and the win stands with the same money
    for said in ([{"tile": "4m", "as": "7p"}], [{"tile": "9s", "as": "5m"}]):
        hand = rule(lz6_example(wild=said))
        assert ruled(hand) == [("WH-IRR-4", "A")]
        assert hand["net"] == {"A": 350, "B": -100, "C": -100, "D": -150}
    # near miss: 4m as 5p is a valid reading (not the one scored): no fault
    hand = rule(lz6_example(wild=[{"tile": "4m", "as": "5p"}]))
    assert hand["rulings"] == [] and wild_of(winner(hand)) == [("4m", "5m")]


def flush_or_small(ruleset=None, **kw):
    """indicator 1p (癞子 2p); dealer C; A has 碰 111m (B), 吃 345m (D), 碰 999m (C) in that order,
    holds 678m 2p and self-draws a second 2p."""
    s = state({"A": "678m2p"}, indicator="1p",
              melds={"A": [("pon:111m", "B"), ("chi:345m", "D"), ("pon:999m", "C")]})
    return doc([s, draw("A", "2p"), win("A")], ruleset=ruleset, dealer="C", **kw)


def test_two_laizi_soft_flush_beats_hard_small_and_the_third_feeder_pays():  # WH-LZ-6.5 (1), WH-CB-1
    # 22p as itself: 678m 22p, hard small: M_A = 开口 2 × 硬胡 2 × 自摸 2 = 8, raws B 8, C 庄 16, D 8 =
    # 32 in all. Both 2p stand in: 清一色 (pair free), soft, H 10, M_A = 开口 2 × 自摸.big 1.5 = 3,
    # raws 30 each = 90: key (1) takes the flush; key (6): both 2p as 1m (pair 11m).
    # C fed the third claim (999m): WH-CB-1, C pays all three shares (per_share, ≤ 400): 3 × 150
    hand = rule(flush_or_small())
    w = winner(hand)
    assert (w["hu"], w["value"], w["factor"], w["hard"]) == ("big", 10, 3, False)
    assert wild_of(w) == [("2p", "1m"), ("2p", "1m")] and pats(w) == ["WH-HU-4.1"]
    assert lines(hand) == [("C", 150, 30, "WH-CB-1"), ("C", 150, 30, None), ("C", 150, 30, "WH-CB-1")]
    assert hand["net"] == {"A": 450, "B": 0, "C": -450, "D": 0}
    assert ruled(hand) == [("WH-CB-1", "C")]


def test_hard_reading_by_key_1():  # WH-LZ-4, WH-FAN-9
    # 5m as itself (345m 55p) hard; as 2m (234m) soft. Hard: M_A = 开口 2 × 硬胡 2 × 庄 2 = 8;
    # B, C raw 8 → 40; D 放炮 2 → raw 16 → 80; A +160
    hand = rule(hard_or_soft())
    w = winner(hand)
    assert (w["value"], w["factor"], w["hard"]) == (1, 8, True) and wild_of(w) == [("5m", "5m")]
    assert lines(hand) == [("B", 40, 8, None), ("C", 40, 8, None), ("D", 80, 16, None)]


def test_hard_before_soft_by_key_3():  # WH-LZ-6.5 (3)
    # factor_table 硬胡 1: both readings pay alike (M_A 4: raws 4, 4, 8): key (3) takes the hard one
    hand = rule(hard_or_soft(opts(factor_table={"WH-FAN-9": 1})))
    w = winner(hand)
    assert (w["factor"], w["hard"]) == (4, True) and wild_of(w) == [("5m", "5m")]
    assert hand["net"] == {"A": 80, "B": -20, "C": -20, "D": -40}


def test_fewer_stand_ins_by_key_5_when_laizi_self_is_soft():  # WH-LZ-4 option, WH-LZ-6.5 (5)
    # laizi_self_is_hard false: both soft, M_A = 开口 2 × 庄 2 = 4, equal pay, equal units: key (5)
    # takes 5m as itself (0 stand-ins) before 5m as 2m (key (6) would have taken 2m)
    hand = rule(hard_or_soft(opts(laizi_self_is_hard=False)))
    w = winner(hand)
    assert (w["factor"], w["hard"]) == (4, False) and wild_of(w) == [("5m", "5m")]
    assert hand["net"] == {"A": 80, "B": -20, "C": -20, "D": -40}


def test_max_wild_small_counts_stand_ins_not_held_laizi():  # WH-LZ-5
    # max_wild_small 0: 5m read as itself stands for nothing, so the hard small hand still wins
    hand = rule(hard_or_soft(opts(max_wild_small=0)))
    assert winner(hand)["hard"] is True and hand["net"]["A"] == 160


def two_wild_small(ruleset=None, kong_flower=False):
    """indicator 4m (癞子 5m); A (dealer) has 吃 678m (D), 碰 111z (B), 碰 999p (C), holds 5m 5m 2p 2p
    and self-draws 4s (or, ``kong_flower``, lays a 红中 and draws 4s as its replacement)."""
    hand = "55m22p7z" if kong_flower else "55m22p"
    s = state({"A": hand}, indicator="4m", phase="discard" if kong_flower else "draw",
              melds={"A": [("chi:678m", "D"), ("pon:111z", "B"), ("pon:999p", "C")]})
    events = [single("A", "7z"), draw("A", "4s", back=True)] if kong_flower else [draw("A", "4s")]
    return doc([s] + events + [win("A")], ruleset=ruleset)


def test_two_stand_ins_in_a_small_hand_is_a_false_win():  # WH-LZ-5, WH-HU-2.4, WH-ZH-1
    # every reading needs both 5m standing in (5m 5m 4s as 234s …, pair 22p; 222p + 44s fails the 将):
    # a small hand over max_wild_small 1: 诈胡 (WH-HU-2 beside), −6000; the dealer loses the deal
    hand = rule(two_wild_small())
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "A"), ("WH-HU-2", "A")]
    assert hand["net"] == {"A": -6000, "B": 2000, "C": 2000, "D": 2000}


def test_max_wild_small_two_lets_it_win():  # WH-LZ-5 option
    # small soft: M_A = 开口 2 × 庄 2 × 自摸 2 = 8 → 40 each; key (6): 5m 5m as 2s 3s (234s)
    hand = rule(two_wild_small(opts(max_wild_small=2)))
    w = winner(hand)
    assert (w["hu"], w["factor"], w["hard"]) == ("small", 8, False)
    assert wild_of(w) == [("5m", "2s"), ("5m", "3s")]
    assert hand["net"] == {"A": 120, "B": -40, "C": -40, "D": -40}


def test_two_stand_ins_win_on_a_kong_flower():  # WH-LZ-5 ([BW]'s 杠开), WH-HU-4.6, WH-FAN-5
    # 杠上花 is big: no wild limit. H 10, soft; M_A = 开口 2 × 红中杠 2 × 自摸.big 1.5 = 6; raws 60
    # each (no 庄 on a big hand) → 300 each; A +900
    hand = rule(two_wild_small(kong_flower=True))
    w = winner(hand)
    assert (w["hu"], w["value"], w["factor"], w["hard"]) == ("big", 10, 6, False)
    assert pats(w) == ["WH-HU-4.6"]
    assert lines(hand) == [("B", 300, 60, None), ("C", 300, 60, None), ("D", 300, 60, None)]


def test_jiang_yi_se_without_a_split():  # WH-HU-1, WH-HU-4.3
    # 碰 222m, 碰 555p; 2s 5s 8s 88m 2p 8p + 5s: all 2/5/8, no split; hard (no 癞子), H 10;
    # M_A = 开口 2 × 硬胡 2 × 自摸.big 1.5 = 6 → raw 60 → 300 each; A +900
    s = state({"A": "258s88m28p"}, melds={"A": [("pon:222m", "B"), ("pon:555p", "C")]})
    hand = rule(doc([s, draw("A", "5s"), win("A")]))
    w = winner(hand)
    assert (w["value"], w["factor"], w["hard"], w["wild"]) == (10, 6, True, [])
    assert pats(w) == ["WH-HU-4.3"] and hand["net"] == {"A": 900, "B": -300, "C": -300, "D": -300}
    # near miss: a 3s instead of the 2s: no split and not all 2/5/8: 诈胡
    s = state({"A": "358s88m28p"}, melds={"A": [("pon:222m", "B"), ("pon:555p", "C")]})
    assert rule(doc([s, draw("A", "5s"), win("A")]))["result"] == "false_win"


def test_feng_yi_se_without_a_split_counts_two_units():  # WH-HU-4.2, WH-HU-5
    # indicator 1m (癞子 2m); 碰 111z, 碰 222z; 33z 44z 5z 66z + 5z: no split; two units, H 20, hard;
    # M_A = 6 → raw 120 → 600 each; A +1800; WH-HU-4.2 listed once
    s = state({"A": "3344566z"}, indicator="1m", melds={"A": [("pon:111z", "B"), ("pon:222z", "C")]})
    hand = rule(doc([s, draw("A", "5z"), win("A")]))
    w = winner(hand)
    assert (w["value"], w["factor"], w["hard"]) == (20, 6, True) and pats(w) == ["WH-HU-4.2"]
    assert hand["net"] == {"A": 1800, "B": -600, "C": -600, "D": -600}


def test_feng_yi_se_with_pong_pong_three_units_and_cap_scale():  # WH-HU-5, WH-PAY-2
    # 碰 111z (B), 碰 222z (C), 333z 444z 5z + 5z: 风一色 (2) + 碰碰胡 (1): k 3, H 40, hard;
    # M_A = 6: raw 240 × M_L. B has 碰 999m (M 2): raw 480; C, D raw 240.
    # cap_scale unit: B capped 300 (not all three ≥ 300: no 金顶): 300 + 240 + 240 = 780 → 3900
    # cap_scale hand_base: the cap is 300 × 40: nothing capped: 960 → 4800
    s = state({"A": "3334445z"}, indicator="1m",
              melds={"A": [("pon:111z", "B"), ("pon:222z", "C")], "B": [("pon:999m", "D")]})
    data = doc([s, draw("A", "5z"), win("A")])
    hand = rule(data)
    w = winner(hand)
    assert (w["value"], w["factor"]) == (40, 6) and pats(w) == ["WH-HU-4.2", "WH-HU-4.4"]
    assert lines(hand) == [("B", 1500, 480, None), ("C", 1200, 240, None), ("D", 1200, 240, None)]
    assert hand["payments"][0]["cap"] == "cap"
    hand = rule(dict(data, ruleset=opts(cap_scale="hand_base")))
    assert lines(hand) == [("B", 2400, 480, None), ("C", 1200, 240, None), ("D", 1200, 240, None)]


def many_items(preset=None):
    """A (dealer, 碰 111z from B) self-draws 8s to 234m 567p 345s 88s; C has 吃 123p (B), a 蓄杠 9999m
    (its 碰 from D) and a 红中 laid out."""
    s = state({"A": "234m567p345s8s"}, melds={"A": [("pon:111z", "B")], "C": [("chi:123p", "B"), ("added:9999m", "D")]},
              laid={"C": "7z"})
    return doc([s, draw("A", "8s"), win("A")], ruleset=opts(preset))


def test_the_fan_example_kaikoufan_and_koukoufan():  # WH-FAN-0 example, WH-FAN-1/3/5/8/9/10
    # M_A = 开口 2 × 庄 2 × 硬胡 2 × 自摸 2 = 16. C kaikoufan: 开口 2 × 蓄杠 2 × 红中杠 2 = 8 → raw 128
    # → 640; B, D raw 16 → 80; A +800. koukoufan: C 2 × 2 (吃, 碰) × 2 × 2 = 16 → raw 256 → 1280
    hand = rule(many_items())
    w = winner(hand)
    assert [f["rule"] for f in w["factors"]] == ["WH-FAN-1", "WH-FAN-8", "WH-FAN-9", "WH-FAN-10.small"]
    assert lines(hand) == [("B", 80, 16, None), ("C", 640, 128, None), ("D", 80, 16, None)]
    assert [f["rule"] for f in hand["payments"][1]["factors"]] == ["WH-FAN-1", "WH-FAN-3", "WH-FAN-5"]
    hand = rule(many_items("koukoufan"))
    assert lines(hand) == [("B", 80, 16, None), ("C", 1280, 256, None), ("D", 80, 16, None)]


def test_laizi_kong_flower():  # WH-FAN-6, WH-HU-4.6, WH-FAN-10 special_self_draw
    # indicator 1z (癞子 2z); A (dealer, 碰 333z) lays a 2z, draws 8s from the tail: 杠上花, hard:
    # M_A = 开口 2 × 癞子杠 4 × 硬胡 2 × 1.5 = 24 → raw 240 → 1200 each; A +3600.
    # special_self_draw false: M_A 16 → raw 160 → 800 each
    s = state({"A": "234m567p345s8s2z"}, melds={"A": [("pon:333z", "B")]}, phase="discard")
    data = doc([s, single("A", "2z"), draw("A", "8s", back=True), win("A")])
    hand = rule(data)
    w = winner(hand)
    assert (w["value"], w["factor"], w["hard"], w["wild"], pats(w)) == (10, 24, True, [], ["WH-HU-4.6"])
    assert lines(hand) == [("B", 1200, 240, None), ("C", 1200, 240, None), ("D", 1200, 240, None)]
    data["ruleset"] = opts(special_self_draw=False)
    assert pay(rule(data)) == {"B": 800, "C": 800, "D": 800}


def test_claimed_kong_flower():  # WH-FAN-2, WH-HU-4.6, WH-HU-2.1 (a 冲杠 opens)
    # B holds 999m 234p 567s 88s 55p; A discards 9m, B 冲杠s it and draws 5p from the tail:
    # 杠上花, hard: M_B = 开口 2 × 冲杠 2 × 硬胡 2 × 1.5 = 12 → raw 120 → 600 each
    s = state({"B": "999m234p567s88s55p"}, turn="A", phase="discard", holding={"A": "9m"})
    hand = rule(doc([s, discard("A", "9m"), kong("B", "claimed", "9999m"), draw("B", "5p", back=True), win("B")]))
    w = winner(hand)
    assert (w["value"], w["factor"], pats(w)) == (10, 12, ["WH-HU-4.6"])
    assert pay(hand) == {"A": 600, "C": 600, "D": 600}


def test_kong_flower_still_needs_a_jiang():  # WH-HU-2.3
    # A lays a 红中 and draws 9s: 234m 567p 345s 99s: 杠上花 but no shape hand: the pair must be a 将
    s = state({"A": "234m567p345s9s7z"}, melds={"A": [("pon:111z", "B")]}, phase="discard")
    hand = rule(doc([s, single("A", "7z"), draw("A", "9s", back=True), win("A")]))
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "A"), ("WH-HU-2", "A")]


def test_a_laizi_has_no_copy_limit():  # WH-LZ-3.1
    # C holds 碰 888s and A one 8s: A's 2z (癞子, indicator 1z) is read as a fifth 8s for his 将 pair:
    # small soft: M_A = 开口 2 × 自摸 2 × 庄 2 = 8; B 8 → 40; C 开口 2 → 16 → 80; D 40
    s = state({"A": "234m567p345s8s"}, melds={"A": [("pon:333z", "B")], "C": [("pon:888s", "D")]})
    hand = rule(doc([s, draw("A", "2z"), win("A")]))
    w = winner(hand)
    assert wild_of(w) == [("2z", "8s")] and w["hard"] is False
    assert lines(hand) == [("B", 40, 8, None), ("C", 80, 16, None), ("D", 40, 8, None)]


def test_key_2_at_jin_ding():  # WH-LZ-6.5 (2)
    # factor_table 暗杠 64; B, C (dealer), D each hold a 暗杠: M 64 (C 64 too: no 庄 on a big hand).
    # Hard small: raws 512, 1024, 512: 金顶, 1200. Soft flush: raws 1920 each: 金顶, C (third feeder)
    # pays 400 each = 1200. Key (1) ties; key (2): 5760 > 2048: the flush: C pays 6000
    melds = {"A": [("pon:111m", "B"), ("chi:345m", "D"), ("pon:999m", "C")], "B": [("ankong:1111s", None)],
             "C": [("ankong:4444s", None)], "D": [("ankong:7777s", None)]}
    s = state({"A": "678m2p"}, indicator="1p", melds=melds)
    hand = rule(doc([s, draw("A", "2p"), win("A")], ruleset=opts(factor_table={"WH-FAN-4": 64}), dealer="C"))
    w = winner(hand)
    assert (pats(w), w["hard"]) == (["WH-HU-4.1"], False)
    assert [(p["from"], p["amount"], p["raw"], p["cap"]) for p in hand["payments"]] == [("C", 2000, 1920, "jin_ding")] * 3


def test_a_wrong_statement_beside_a_false_win():  # WH-ZH-1, WH-IRR-4
    data = two_wild_small()
    data["hand"]["events"][-1]["wild"] = [{"tile": "5m", "as": "3s"}, {"tile": "5m", "as": "5s"}]
    hand = rule(data)
    assert hand["result"] == "false_win"
    assert ruled(hand) == [("WH-ZH-1", "A"), ("WH-HU-2", "A"), ("WH-IRR-4", "A")]


def test_pi_in_hand_under_pi_kong_single():  # WH-HU-2.2
    # indicator 5s (皮 5s): A holds 55s as his pair: under single a 皮 may not stay in a winning hand
    s = state({"A": "234m567p345m5s"}, indicator="5s", melds={"A": [("pon:111z", "B")]})
    data = doc([s, draw("A", "5s"), win("A")], ruleset=opts(pi_kong="single"))
    hand = rule(data)
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "A"), ("WH-HU-2", "A")]
    # near miss: pi_kong none: 55s is an ordinary 将 pair: M_A = 开口 2 × 硬胡 2 × 自摸 2 × 庄 2 = 16
    data["ruleset"] = opts()
    assert pay(rule(data)) == {"B": 80, "C": 80, "D": 80}


def test_four_identical_tiles_need_not_be_konged():  # WH-FLOW-4 (proposal), WH-HU-1
    # A (dealer, 碰 111z) holds 2222m 3m 4m 567p 5s and draws 5s: 222m 234m 567p 55s, all four 2m
    # in hand: small hard: M_A = 开口 2 × 硬胡 2 × 自摸 2 × 庄 2 = 16 → 80 each
    s = state({"A": "222234m567p5s"}, melds={"A": [("pon:111z", "B")]})
    hand = rule(doc([s, draw("A", "5s"), win("A")]))
    assert winner(hand)["factor"] == 16 and pay(hand) == {"B": 80, "C": 80, "D": 80}


def test_no_seven_pairs():  # WH-HU-1, WH-HU-6
    # must_open false (so only the shape decides): 11m 33m 55p 77p 99s 22s 44z: no reading: 诈胡
    s = state({"A": "1133m5577p2299s4z"})
    hand = rule(doc([s, draw("A", "4z"), win("A")], ruleset=opts(must_open=False)))
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "A")]


def test_key_1_counts_the_liability_as_paid():  # WH-LZ-6.5 (1) "as it would be paid", WH-PAY-4 total
    # the key-2 position under liable_cap_mode total: the flush is 金顶 (1200) capped for the liable C
    # at 400; the hard small hand is 金顶 paid by each: 1200: key (1) takes the small hand, 22p as
    # itself: hard, M_A = 开口 2 × 硬胡 2 × 自摸 2 = 8 (C deals: no 庄 for A); 2000 from each
    melds = {"A": [("pon:111m", "B"), ("chi:345m", "D"), ("pon:999m", "C")], "B": [("ankong:1111s", None)],
             "C": [("ankong:4444s", None)], "D": [("ankong:7777s", None)]}
    s = state({"A": "678m2p"}, indicator="1p", melds=melds)
    hand = rule(doc([s, draw("A", "2p"), win("A")], dealer="C",
                    ruleset=opts(factor_table={"WH-FAN-4": 64}, liable_cap_mode="total")))
    w = winner(hand)
    assert (pats(w), w["hard"], w["factor"], wild_of(w)) == (["WH-HU-3"], True, 8, [("2p", "2p"), ("2p", "2p")])
    assert [(p["from"], p["amount"], p["raw"], p["cap"]) for p in hand["payments"]] == [
        ("B", 2000, 512, "jin_ding"), ("C", 2000, 1024, "jin_ding"), ("D", 2000, 512, "jin_ding")]
    assert hand["rulings"] == []


def three_laizi(ruleset=None):
    """indicator 4m (癞子 5m); A (dealer, 碰 111z from B, 碰 999p from C) holds 5m 5m 5m 2s 3s 4s 7p
    and self-draws 7p."""
    s = state({"A": "555m234s7p"}, indicator="4m", melds={"A": [("pon:111z", "B"), ("pon:999p", "C")]})
    return doc([s, draw("A", "7p"), win("A")], ruleset=ruleset)


def test_three_laizi_read_two_as_themselves():  # WH-LZ-3.1, WH-LZ-5, WH-LZ-6.5 (5)
    # 555m as itself leaves 77p, no 将: no. 55m as itself (a 将 pair) and the third 5m as 7p (777p),
    # 234s: small, soft, one stand-in: the only reading under max_wild_small 1.
    # M_A = 开口 2 × 自摸 2 × 庄 2 = 8 → 40 each
    hand = rule(three_laizi())
    w = winner(hand)
    assert (w["hu"], w["factor"], w["hard"]) == ("small", 8, False)
    assert wild_of(w) == [("5m", "5m"), ("5m", "5m"), ("5m", "7p")]
    assert pay(hand) == {"B": 40, "C": 40, "D": 40}
    # max_wild_small null: readings with 2 or 3 stand-ins join (e.g. 22s pair + 777p), all small,
    # all paying alike: key (5) keeps the one stand-in
    hand = rule(three_laizi(opts(max_wild_small=None)))
    assert wild_of(winner(hand)) == [("5m", "5m"), ("5m", "5m"), ("5m", "7p")] and hand["net"]["A"] == 120


def test_a_concealed_kong_and_a_laid_hongzhong_do_not_open():  # WH-HU-2.1
    # A has only a 暗杠 1111s and a 红中 laid out: he has made no claim: his self-draw is 诈胡
    s = state({"A": "234m567p345m8s"}, melds={"A": [("ankong:1111s", None)]}, laid={"A": "7z"})
    hand = rule(doc([s, draw("A", "8s"), win("A")]))
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "A"), ("WH-HU-2", "A")]
    # near miss: must_open false: small hard: M_A = 暗杠 4 × 红中杠 2 × 硬胡 2 × 自摸 2 × 庄 2 = 64
    # → raw 64 → 320 each
    hand = rule(doc([s, draw("A", "8s"), win("A")], ruleset=opts(must_open=False)))
    assert winner(hand)["factor"] == 64 and pay(hand) == {"B": 320, "C": 320, "D": 320}


def test_a_statement_against_an_unsplit_jiang_yi_se():  # WH-LZ-7, WH-IRR-4, WH-HU-4.3
    # 碰 222m, 碰 555p; 2s 5s 8s 88m 2p 2z (癞子, indicator 1z) + 8p: 将一色 with no split, the 2z read
    # as a 将 (2m by key 6): soft, H 10: M_A = 开口 2 × 自摸 1.5 = 3 → raw 30 → 150 each.
    # Said "2z as 3s": so read, no 将一色: WH-IRR-4 (no money); "as 5s" is a reading that wins: none
    s = state({"A": "258s88m2p2z"}, melds={"A": [("pon:222m", "B"), ("pon:555p", "C")]})
    for said, rulings in (("3s", [("WH-IRR-4", "A")]), ("5s", [])):
        hand = rule(doc([s, draw("A", "8p"), win("A", wild=[{"tile": "2z", "as": said}])]))
        w = winner(hand)
        assert (pats(w), w["hard"], wild_of(w)) == (["WH-HU-4.3"], False, [("2z", "2m")])
        assert ruled(hand) == rulings and pay(hand) == {"B": 150, "C": 150, "D": 150}
