"""Winning hands (WH-HU) and readings with 癞子 (WH-LZ-1…7, WH-HZ-1): the WH-LZ-6 example exactly,
the tie-break keys, opening, the 2/5/8 pair, the wild limits, each big hand and its units, 红中."""
import pytest

from referee.tiles import code, parse_tile
from rulesbook.wuhan.table import LAIZI_OF
from rulesbook.wuhan.hu import FAULTS
from tests.whkit import discard, doc, draw, pay, reads, rule, rules, rules_of, state, win


@pytest.mark.parametrize("indicator, laizi", [
    ("3m", "4m"), ("9m", "1m"), ("9p", "1p"), ("9s", "1s"), ("1z", "2z"), ("3z", "4z"), ("4z", "6z"),
    ("6z", "5z"), ("5z", "1z"), ("7z", "6z")])
def test_the_laizi_is_the_indicators_successor(indicator, laizi):  # WH-LZ-1
    assert code(LAIZI_OF[parse_tile(indicator)]) == laizi


def lz6_example(**kw):
    # WH-LZ-6's example: indicator 3m (癞子 4m); A has 碰 222p and 碰 777s, holds 5m 5m 4m 999s 5p and
    # wins on D's 5p
    s = state({"A": "55m4m999s5p"}, indicator="3m", melds={"A": [("pon:222p", "C"), ("pon:777s", "B")]},
              turn="D", phase="discard", holding={"D": "5p"})
    return doc([s, discard("D", "5p"), win("A", "discard", "5p", "D", **kw)])


def test_the_wh_lz_6_example():
    # 4m as itself leaves 4m 5m 5m unsplittable; as 5m: 555m 999s, pair 55p; as 5p: 555p 999s, pair
    # 55m; both 碰碰胡, soft, one unit, one stand-in, paying alike: key (6) takes 4m as 5m.
    # Money (dealer A, a big hand, no 庄): H 10, M_A = 开口 2; B, C raw 20 → 100 each; D 放炮 1.5 →
    # raw 30 → 150; A receives 350
    hand = rule(lz6_example())
    w = hand["winners"][0]
    assert w["wild"] == [{"tile": "4m", "as": "5m"}]
    assert [p["rule"] for p in w["patterns"]] == ["WH-HU-4.4"] and (w["hu"], w["value"], w["hard"]) == ("big", 10, False)
    assert pay(hand) == {"B": 100, "C": 100, "D": 150}
    readings = reads("55m4m999s5p+5p", melds=("pon:222p", "pon:777s"), indicator="3m").readings
    assert sorted(code(r.reading.wild_as[0]) for r in readings) == ["5m", "5p"]


def test_a_laizi_read_as_itself_keeps_the_hand_hard():  # WH-LZ-4
    # 癞子 8s (indicator 7s): the two 8s are both 癞子; read as themselves they are the 将 pair 88s,
    # hard; read as any other pair they are two stand-ins, over the small hand's limit
    c = reads("234m567p345s8s+8s", melds=("pon:111z",), indicator="7s")
    assert [(r.hard, r.stand_ins) for r in c.readings] == [(True, 0)]
    # near miss: 2s and a 癞子: it stands in for 2s (pair 22s) or for 5s (234s, pair 55s): soft
    c = reads("234m567p345s2s+8s", melds=("pon:111z",), indicator="7s")
    assert {(r.hard, r.stand_ins) for r in c.readings} == {(False, 1)}


def test_laizi_self_is_hard_false():
    # laizi_self_is_hard false: a 癞子 held makes the hand soft whatever it is read as (WH-LZ-4)
    c = reads("234m567p345s8s+8s", melds=("pon:111z",), indicator="7s", r=rules(laizi_self_is_hard=False))
    assert [r.hard for r in c.readings] == [False]


def test_the_reading_that_pays_most_is_taken():
    # 癞子 5z (indicator 6z): A holds 222m 333m 444m 5z and wins on D's 5z? no — the 癞子 read as 2m/3m/
    # 4m: all pongs 222 333 444 + pair from 癞子 + tile: A holds 222m333m444m8s + 5z(癞子) wins on 8s:
    # 5z as 8s: 碰碰胡 (pair 88s), big; or 234m 234m 234m + 88s: small. The big reading pays more.
    c = reads("222m333m444m5z+8s", melds=("pon:111p",), indicator="6z")
    assert {r.units for r in c.readings} == {0, 1}
    s = state({"A": "222m333m444m5z"}, indicator="6z", melds={"A": [("pon:111p", "B")]}, turn="D",
              phase="discard", holding={"D": "8s"})
    hand = rule(doc([s, discard("D", "8s"), win("A", "discard", "8s", "D")]))
    w = hand["winners"][0]
    assert [p["rule"] for p in w["patterns"]] == ["WH-HU-4.4"] and w["wild"] == [{"tile": "5z", "as": "8s"}]


def test_must_open():  # WH-HU-2.1
    c = reads("234m567p345s678m8s+8s", indicator="1z")
    assert not c.qualifies and c.complete and c.faults[0][0] == "WH-HU-2"
    assert reads("234m567p345s8s+8s", melds=("pon:111z",), indicator="1z").qualifies  # near miss: one pon
    assert not reads("234m567p345s8s+8s", melds=("ankong:1111z",), indicator="2z").qualifies  # a 暗杠 does not open
    assert reads("234m567p345s678m8s+8s", indicator="1z", r=rules(must_open=False)).qualifies


def test_the_258_pair():  # WH-HU-2.3
    assert not reads("234m567p345s3s+3s", melds=("pon:111z",), indicator="1z").qualifies
    assert reads("234m567p345s5s+5s", melds=("pon:111z",), indicator="1z").qualifies  # near miss
    assert reads("234m567p345s3s+3s", melds=("pon:111z",), indicator="1z", r=rules(pair_258=False)).qualifies
    # a shape big hand frees the pair: 碰碰胡 with 33s
    assert reads("222m555p3s+3s", melds=("pon:111z", "pon:777s"), indicator="1z").qualifies


def test_the_wild_limit():  # WH-LZ-5
    # 癞子 2z: 5p + two 癞子 is a set only with two stand-ins: a small hand may have one
    c = reads("234m5p345s88s2z+2z", melds=("pon:111s",), indicator="1z")
    assert not c.qualifies and c.faults == (FAULTS["wild"],)
    assert reads("234m45p345s88s+2z", melds=("pon:111s",), indicator="1z").qualifies  # near miss: one
    assert reads("234m5p345s88s2z+2z", melds=("pon:111s",), indicator="1z", r=rules(max_wild_small=2)).qualifies
    # a big hand has no limit: 清一色 with two stand-ins
    c = reads("234m5m678m88m2z+2z", melds=("pon:111m",), indicator="1z")
    assert c.qualifies and c.readings[0].has("WH-HU-4.1")
    assert not reads("234m5m678m88m2z+2z", melds=("pon:111m",), indicator="1z", r=rules(max_wild_big=1)).qualifies


def test_hongzhong_never_wins():  # WH-HZ-1
    c = reads("234m567p345s7z+7z", melds=("pon:111z",), indicator="1z")
    assert not c.qualifies and c.faults[0][0] == "WH-HZ-1"
    s = state({"A": "234m567p345s7z"}, melds={"A": [("pon:111z", "B")]}, turn="A", phase="draw")
    hand = rule(doc([s, draw("A", "7z"), win("A")]))
    assert hand["result"] == "false_win" and {"WH-ZH-1", "WH-HZ-1"} <= set(rules_of(hand))


@pytest.mark.parametrize("hand, melds, how, flags, hands, units, value", [
    ("234m567m88m99m+9m", ("pon:111m",), "discard", {}, ["WH-HU-4.1"], 1, 10),  # 清一色
    ("222m555m88m99m+9m", ("pon:111m",), "discard", {}, ["WH-HU-4.1", "WH-HU-4.4"], 2, 20),  # 清一色 碰碰胡
    ("1z2z3z4z5z6z1z2z3z4z+5z", ("pon:666z",), "discard", {}, ["WH-HU-4.2"], 2, 20),  # 风一色, unsplit
    ("111z333z55z66z+6z", ("pon:222z",), "discard", {}, ["WH-HU-4.2", "WH-HU-4.4"], 3, 40),  # 风一色 碰碰胡
    ("258m258p25s88s+2p", ("pon:555s",), "discard", {}, ["WH-HU-4.3"], 1, 10),  # 将一色, unsplit
    ("222m555p333s9s+9s", ("pon:111z",), "discard", {}, ["WH-HU-4.4"], 1, 10),  # 碰碰胡
    ("8s+8s", ("chi:123m", "pon:555p", "pon:999p", "pon:333s"), "discard", {}, ["WH-HU-4.5"], 1, 10),  # 全求人
    ("234m567p345s8s+8s", ("pon:111z",), "self_draw", {"kong_chain": 1}, ["WH-HU-4.6"], 1, 10),  # 杠上花
    ("234m567p345s8s+8s", ("pon:111z",), "self_draw", {"last_tile": True}, ["WH-HU-4.7"], 1, 10),  # 海底捞
    ("234m567p345s8s+8s", ("pon:111z",), "rob_kong", {}, ["WH-HU-4.8"], 1, 10),  # 抢杠
    ("234m567p345s8s+8s", ("pon:111z",), "discard", {}, ["WH-HU-3"], 0, 1),  # near miss: 小胡
    ("8s+8s", ("chi:123m", "pon:555p", "pon:999p", "pon:333s"), "self_draw", {}, ["WH-HU-3"], 0, 1),  # self-drawn: 小胡
])
def test_each_big_hand_and_its_units(hand, melds, how, flags, hands, units, value):  # WH-HU-4, WH-HU-5
    r = reads(hand, melds=melds, indicator="7s", how=how, **flags)
    best = max(r.readings, key=lambda x: (x.units, x.hard))
    assert (list(best.hands), best.units, best.value) == (hands, units, value)


def test_big_hands_add_units():  # WH-HU-5: 清一色 + 碰碰胡 + 全求人: k 3, H 40
    r = reads("9m+9m", melds=("pon:111m", "pon:222m", "pon:555m", "pon:777m"), indicator="1z")
    assert max(x.units for x in r.readings) == 3 and max(x.value for x in r.readings) == 40


def test_no_seven_pairs():  # WH-HU-6
    assert not reads("1122m3344p5566s7s+7s", indicator="1z", r=rules(must_open=False)).complete


def test_a_wrong_statement_of_the_laizi_is_wh_irr_4_and_the_win_stands():  # WH-LZ-7
    hand = rule(lz6_example(wild=[{"tile": "4m", "as": "9m"}]))
    assert hand["result"] == "win" and rules_of(hand) == ["WH-IRR-4"]
    hand = rule(lz6_example(wild=[{"tile": "5m", "as": "5p"}]))  # 5m is no 癞子
    assert hand["result"] == "win" and rules_of(hand) == ["WH-IRR-4"]
    hand = rule(lz6_example(wild=[{"tile": "4m", "as": "5p"}]))  # near miss: a valid reading
    assert hand["result"] == "win" and rules_of(hand) == []
    assert hand["winners"][0]["wild"] == [{"tile": "4m", "as": "5m"}]  # not binding: the referee's reading


def test_an_unsplit_jiang_hand_reads_its_laizi_into_the_suit():  # WH-HU-4.1 + 4.3, WH-HU-5
    # 癞子 2z (indicator 1z): 碰 888p, 2222p 5555p 8p and two 癞子 (one self-drawn) split no way;
    # unsplit, the 癞子 read as 2p make it 将一色 and 清一色, two units (H 20); as 2m, 将一色 alone
    r = reads("2222p5555p8p2z+2z", melds=("pon:888p",), indicator="1z", how="self_draw")
    assert {(x.reading.wild_as, x.hands) for x in r.readings} == {
        ((1, 1), ("WH-HU-4.3",)), ((10, 10), ("WH-HU-4.1", "WH-HU-4.3"))}
    assert max(x.value for x in r.readings) == 20
