"""Probe (acceptance-style) scoring cases for Guangdong, each a whole document (most from a `state`)
ruled through the loader: the fan rows the unit tests meet only as counts (GD-FAN-7, 14, 15, 16, 22,
23, 24, 25, 32 …) with a hand that has the row and a near miss that does not, under the presets
(`wufan`, `yifan`, `sanfan`, `qq`, `seed_list1`) and the cap options, the money to the unit, and
GD-FAN-17 天和 refused after the dealer's own concealed kong. `base` 10 unless named; the players not
concerned hold tiles unknown to the referee (a count)."""
import pytest

from tests.gdkit import discard, doc, draw, rule, rules_of, state, win


def m(kind, tiles, frm):
    return {"kind": kind, "tiles": tiles, "tile": tiles[0] + tiles[-1], "from": frm}


def kong(p, kind, tiles):
    return {"type": "kong", "player": p, "kind": kind, "tiles": tiles}


def scored(hand, i=0):
    w = hand["winners"][i]
    return [(p["rule"], p["fan"]) for p in w["patterns"]], (w["fan"], w["fan_min"], w["fan_paid"], w["floor"],
                                                             w["limit"], w["portion"])


QQ = {"base": 10, "preset": "qq"}
SANFAN = {"base": 10, "preset": "sanfan"}
YIFAN = {"base": 10, "preset": "yifan"}


def opts(**o):
    return {"base": 10, "options": o}


# GD-FAN-17 天和: "no kong made" -----------------------------------------------------------------------
DEAL = {"B": "123456789p33z55s", "C": "123456789s4z123p", "D": "5556667778889p"}


def test_heavenly_hand_refused_after_the_dealers_concealed_kong():  # GD-FAN-17, GD-FAN-26, GD-FAN-21, GD-PAY-1
    # A kongs 1111m from his dealt 14 and wins on the replacement: 混一色 2 + 自摸 + 门前清 (the concealed
    # kong keeps it) + 杠上开花 = 5, S 320 from each of three; not 天和 (6, S 640)
    events = [{"type": "deal", "hands": dict(DEAL, A="1111m234567m11z22z")}, kong("A", "concealed", "1111m"),
              draw("A", "2z", back=True), win("A", "self_draw", "2z")]
    hand = rule(doc(events))
    assert scored(hand) == ([("GD-FAN-4", 2), ("GD-FAN-20", 1), ("GD-FAN-21", 1), ("GD-FAN-26", 1)],
                            (5, 5, 5, None, None, 320))
    assert hand["net"] == {"A": 960, "B": -320, "C": -320, "D": -320}
    # under seed_list1 (天和 9) the same: no heavenly hand to raise
    assert rule(doc(events, {"base": 10, "preset": "seed_list1"}))["net"]["A"] == 960


def test_heavenly_hand_stands_with_four_of_a_kind_held_but_no_kong():  # GD-FAN-17 near miss
    # 111m 123m 456m 11z 222z dealt: the four 1m are held, no kong made: 天和 6, S 640; 9 under seed_list1
    events = [{"type": "deal", "hands": dict(DEAL, A="111123456m11z222z")}, win("A", "self_draw", "2z")]
    hand = rule(doc(events))
    assert scored(hand) == ([("GD-FAN-17", 6)], (6, 6, 6, None, "GD-FAN-17", 640))
    assert hand["net"] == {"A": 1920, "B": -640, "C": -640, "D": -640}
    hand = rule(doc(events, {"base": 10, "preset": "seed_list1"}))
    assert hand["net"] == {"A": 15360, "B": -5120, "C": -5120, "D": -5120}  # 10 × 2^9 from each


# hand types at and beyond the cap ------------------------------------------------------------------------
PURE_PONGS = {"A": 14, "B": 13, "C": "111p333p555p777p9p", "D": 13}
PURE_PONGS_EVENTS = [state(PURE_PONGS), discard("A", "9p"), win("C", "discard", "9p", "A")]


@pytest.mark.parametrize("ruleset, rows, numbers", [
    (None, [("GD-FAN-7", 5), ("GD-FAN-21", 1)], (6, 5, 5, None, None, 320)),  # within the cap: capped at 5
    (QQ, [("GD-FAN-7", 5)], (5, 5, 5, None, None, 320)),  # beyond qq's cap 3: alone, uncapped
    (opts(limit_fan=9), [("GD-FAN-7", 5), ("GD-FAN-21", 1)], (6, 6, 6, None, None, 640)),
])
def test_pure_pongs_under_each_cap(ruleset, rows, numbers):  # GD-FAN-7, GD-FAN-0.3/0.4, GD-FAN-32, GD-PAY-2
    hand = rule(doc(PURE_PONGS_EVENTS, ruleset))
    assert scored(hand) == (rows, numbers)
    assert hand["net"] == {"A": -numbers[5], "B": 0, "C": numbers[5], "D": 0}


def test_pure_pongs_near_miss_a_chow_makes_a_full_flush():  # GD-FAN-5, not GD-FAN-7
    hands = {"A": 14, "B": 13, "C": "111p333p567p777p9p", "D": 13}
    hand = rule(doc([state(hands), discard("A", "9p"), win("C", "discard", "9p", "A")], QQ))
    assert scored(hand) == ([("GD-FAN-5", 4)], (4, 4, 4, None, None, 160))  # 4 > qq's 3: alone


BIG_WINDS_EVENTS = [state({"A": 14, "B": 13, "C": "111z222z333z444z5p", "D": 13}), discard("A", "5p"),
                    win("C", "discard", "5p", "A")]


@pytest.mark.parametrize("ruleset, rows, numbers", [
    (None, [("GD-FAN-14", 6)], (6, 6, 6, None, "GD-FAN-14", 640)),
    (QQ, [("GD-FAN-14", 6)], (6, 6, 6, None, "GD-FAN-14", 640)),
    ({"base": 10, "preset": "seed_list1"}, [("GD-FAN-14", 6)], (6, 6, 6, None, "GD-FAN-14", 640)),
    # a cap of 9 puts the limit row within it: 门前清, 门风 (C sits West, 333z) and 圈风 (东) are added
    (opts(limit_fan=9), [("GD-FAN-14", 6), ("GD-FAN-21", 1), ("GD-FAN-22", 1), ("GD-FAN-23", 1)],
     (9, 9, 9, None, "GD-FAN-14", 5120)),
])
def test_big_four_winds_on_a_discard(ruleset, rows, numbers):  # GD-FAN-14, GD-FAN-0.4, GD-FAN-32, GD-PAY-2
    hand = rule(doc(BIG_WINDS_EVENTS, ruleset))
    assert scored(hand) == (rows, numbers) and hand["rulings"] == []
    assert hand["net"] == {"A": -numbers[5], "B": 0, "C": numbers[5], "D": 0}


def test_nine_gates_and_its_near_miss_with_a_chow():  # GD-FAN-15 (concealed only), GD-FAN-5
    events = [state({"A": 14, "B": 13, "C": "1112345678999m", "D": 13}), discard("A", "5m"), win("C", "discard", "5m", "A")]
    for ruleset in (None, QQ):
        hand = rule(doc(events, ruleset))
        assert scored(hand) == ([("GD-FAN-15", 6)], (6, 6, 6, None, "GD-FAN-15", 640))
        assert hand["net"] == {"A": -640, "B": 0, "C": 640, "D": 0}
    hands = {"A": 14, "B": 13, "C": "1145678999m", "D": 13}
    events = [state(hands, melds={"C": [m("chi", "123m", "B")]}), discard("A", "9m"), win("C", "discard", "9m", "A")]
    hand = rule(doc(events))  # the same tiles with 123m chowed: 清一色 4, no 门前清
    assert scored(hand) == ([("GD-FAN-5", 4)], (4, 4, 4, None, None, 160))
    assert hand["net"] == {"A": -160, "B": 0, "C": 160, "D": 0}


def test_thirteen_orphans_robbing_an_added_kong():  # GD-FAN-16, GD-FAN-0.4, GD-PAY-3, GD-BAO-5, GD-FAN-30.1
    hands = {"A": 13, "B": "2345p678p99s1s", "C": "9m19p19s12345677z", "D": 13}
    events = [state(hands, turn="B", phase="draw", melds={"B": [m("pon", "111m", "A")]}), draw("B", "1m"),
              kong("B", "added", "1111m"), win("C", "rob_kong", "1m", "B")]
    hand = rule(doc(events))  # beyond the cap: 6 alone (no 自摸, no 抢杠 row), the floor does not raise it
    assert scored(hand) == ([("GD-FAN-16", 6)], (6, 6, 6, None, "GD-FAN-16", 640))
    assert rules_of(hand) == [("GD-BAO-5", "ruled")]
    assert hand["net"] == {"A": 0, "B": -1920, "C": 1920, "D": 0}  # 3S from the kong player
    hand = rule(doc(events, {"base": 10, "options": {"rob_kong_payment": "discard"}}))
    assert hand["net"] == {"A": 0, "B": -640, "C": 640, "D": 0}  # near miss: paid as a discard, one share


def test_mixed_terminals_beyond_qqs_cap_and_capped_at_the_default():  # GD-FAN-8, GD-FAN-23, GD-FAN-24, GD-FAN-32
    events = [state({"A": 14, "B": 13, "C": "111m999p111z555z9s", "D": 13}), discard("A", "9s"),
              win("C", "discard", "9s", "A")]
    hand = rule(doc(events))  # 混幺九 5 + 门前清 + 圈风 (111z) + 三元牌 (555z) = 8, capped at 5 (C sits West: no 门风)
    assert scored(hand) == ([("GD-FAN-8", 5), ("GD-FAN-21", 1), ("GD-FAN-23", 1), ("GD-FAN-24", 1)],
                            (8, 5, 5, None, None, 320))
    hand = rule(doc(events, QQ))
    assert scored(hand) == ([("GD-FAN-8", 5)], (5, 5, 5, None, None, 320))  # beyond 3: nothing added


HALF_FLUSH = [state({"A": 13, "B": 13, "C": "123m456m789m111z9m", "D": 13}, turn="C", phase="draw"),
              draw("C", "9m"), win("C", "self_draw", "9m")]


@pytest.mark.parametrize("ruleset, paid", [(None, 5), (QQ, 3), (opts(limit_fan=4), 4)])
def test_half_flush_self_drawn_capped_by_the_cap(ruleset, paid):  # GD-FAN-4, 20, 21, 23, GD-FAN-32, GD-PAY-1
    hand = rule(doc(HALF_FLUSH, ruleset))
    rows, numbers = scored(hand)
    assert rows == [("GD-FAN-4", 2), ("GD-FAN-20", 1), ("GD-FAN-21", 1), ("GD-FAN-23", 1)]
    s = 10 << paid
    assert numbers == (5, paid, paid, None, None, s)
    assert hand["net"] == {"A": -s, "B": -s, "C": 3 * s, "D": -s}


def test_full_flush_is_within_a_cap_of_four():  # GD-FAN-5, GD-FAN-32: a type worth the cap is within it
    events = [state({"A": 13, "B": 13, "C": "123p234p456p789p9p", "D": 13}, turn="C", phase="draw"),
              draw("C", "9p"), win("C", "self_draw", "9p")]
    hand = rule(doc(events, opts(limit_fan=4)))
    assert scored(hand) == ([("GD-FAN-5", 4), ("GD-FAN-20", 1), ("GD-FAN-21", 1)], (6, 4, 4, None, None, 160))
    assert hand["net"] == {"A": -160, "B": -160, "C": 480, "D": -160}
    hand = rule(doc(events, QQ))  # near miss: above qq's 3 it is beyond the cap, 4 alone
    assert scored(hand) == ([("GD-FAN-5", 4)], (4, 4, 4, None, None, 160))


# additions and circumstances ---------------------------------------------------------------------------
WINDS = [state({"A": 14, "B": 13, "C": 13, "D": "222z123m456m9p"}, melds={"D": [m("pon", "444z", "B")]}),
         discard("A", "9p"), win("D", "discard", "9p", "A")]


def test_seat_and_round_wind_in_the_south_round():  # GD-FAN-22, GD-FAN-23, GD-FAN-1, GD-PAY-2
    hand = rule(doc(WINDS, round_wind="2z"))  # D sits North (444z), the round is 南 (222z)
    assert scored(hand) == ([("GD-FAN-1", 0), ("GD-FAN-22", 1), ("GD-FAN-23", 1)], (2, 2, 2, None, None, 40))
    assert hand["net"] == {"A": -40, "B": 0, "C": 0, "D": 40}
    hand = rule(doc(WINDS))  # near miss: in the East round 222z is no wind of his
    assert scored(hand) == ([("GD-FAN-1", 0), ("GD-FAN-22", 1)], (1, 1, 1, None, None, 20))
    assert hand["net"] == {"A": -20, "B": 0, "C": 0, "D": 20}


def test_two_dragon_pongs_and_sanfans_minimum():  # GD-FAN-24 (1 each), GD-FAN-31, GD-ZH-1, GD-ZH-2
    melds = {"C": [m("pon", "555z", "B")]}
    hands = {"A": 14, "B": 13, "C": "666z234m789m1p", "D": 13}
    events = [state(hands, melds=melds), discard("A", "1p"), win("C", "discard", "1p", "A")]
    hand = rule(doc(events))
    assert scored(hand) == ([("GD-FAN-1", 0), ("GD-FAN-24", 1), ("GD-FAN-24", 1)], (2, 2, 2, None, None, 40))
    hand = rule(doc(events, SANFAN))  # 2 < 3: 诈胡, a cap share (320) to each of three
    assert hand["result"] == "false_win" and rules_of(hand) == [("GD-ZH-1", "ruled"), ("GD-FAN-31", "ruled")]
    assert hand["net"] == {"A": 320, "B": 320, "C": -960, "D": 320}
    hands = dict(hands, A=13)
    events = [state(hands, turn="C", phase="draw", melds=melds), draw("C", "1p"), win("C", "self_draw", "1p")]
    hand = rule(doc(events, SANFAN))  # near miss: self-drawn, 自摸 makes 3
    assert scored(hand) == ([("GD-FAN-1", 0), ("GD-FAN-20", 1), ("GD-FAN-24", 1), ("GD-FAN-24", 1)],
                            (3, 3, 3, None, None, 80))
    assert hand["net"] == {"A": -80, "B": -80, "C": 240, "D": -80}


LAST = {"A": 13, "B": 13, "C": "123m456p999s5p", "D": 13}
LAST_MELDS = {"C": [m("chi", "234s", "B")]}


@pytest.mark.parametrize("ruleset", [None, YIFAN, SANFAN])
def test_last_tile_self_draw_is_floored(ruleset):  # GD-FAN-25, GD-FAN-20, GD-FAN-30.1, GD-FAN-0.7, GD-PAY-1
    events = [state(LAST, turn="C", phase="draw", wall_left=1, melds=LAST_MELDS), draw("C", "5p"),
              win("C", "self_draw", "5p")]
    hand = rule(doc(events, ruleset))  # 鸡胡 + 自摸 + 海底 = 2, floored to 3 (it counts toward the minimum)
    assert scored(hand) == ([("GD-FAN-1", 0), ("GD-FAN-20", 1), ("GD-FAN-25", 1)], (2, 3, 3, "GD-FAN-30.1", None, 80))
    assert hand["net"] == {"A": -80, "B": -80, "C": 240, "D": -80}


def test_near_miss_the_discard_after_the_last_tile_has_no_row_and_no_floor():  # GD-FLOW-6, GD-FAN-31
    events = [state(LAST, turn="D", phase="draw", wall_left=1, melds=LAST_MELDS), draw("D", "5p"), discard("D", "5p"),
              win("C", "discard", "5p", "D")]
    hand = rule(doc(events))
    assert scored(hand) == ([("GD-FAN-1", 0)], (0, 0, 0, None, None, 10))
    assert hand["net"] == {"A": 0, "B": 0, "C": 10, "D": -10}
    hand = rule(doc(events, YIFAN))  # 0 < 1: 诈胡
    assert hand["result"] == "false_win" and hand["net"] == {"A": 320, "B": 320, "C": -960, "D": 320}


def test_kong_bloom_on_the_last_tile_counts_both_rows():  # GD-FAN-25 ("a replacement included"), GD-FAN-26
    hands = {"A": 13, "B": 13, "C": "2222s123m456p99s5p", "D": 13}
    events = [state(hands, turn="C", phase="draw", wall_left=2), draw("C", "9s"), kong("C", "concealed", "2222s"),
              draw("C", "5p", back=True), win("C", "self_draw", "5p")]
    hand = rule(doc(events))  # 鸡胡 + 自摸 + 门前清 + 海底 + 杠开 = 4, above the floor; no 包 on a concealed kong
    assert scored(hand) == ([("GD-FAN-1", 0), ("GD-FAN-20", 1), ("GD-FAN-21", 1), ("GD-FAN-25", 1), ("GD-FAN-26", 1)],
                            (4, 4, 4, None, None, 160))
    assert hand["rulings"] == [] and hand["net"] == {"A": -160, "B": -160, "C": 480, "D": -160}


def test_earthly_hand_refused_after_his_own_concealed_kong():  # GD-FAN-18 near miss, GD-FAN-3, GD-FAN-26
    # D's first draw makes 5555m, he kongs it and wins on the replacement: a kong came before the win
    # ("no 上, 碰 or kong by anyone before it"): 碰碰胡 2 + 自摸 + 门前清 + 杠开 = 5, S 320 (地和 would be 640)
    hands = {"A": "111222333z44z55z6z", "B": "123456789p66z77z", "C": "123456789s11m23m", "D": "555566677788m9s"}
    events = [{"type": "deal", "hands": hands}, discard("A", "6z"), draw("B", "1p"), discard("B", "1p"), draw("C", "1s"),
              discard("C", "1s"), draw("D", "8m"), kong("D", "concealed", "5555m"), draw("D", "9s", back=True),
              win("D", "self_draw", "9s")]
    hand = rule(doc(events))
    assert scored(hand) == ([("GD-FAN-3", 2), ("GD-FAN-20", 1), ("GD-FAN-21", 1), ("GD-FAN-26", 1)],
                            (5, 5, 5, None, None, 320))
    assert hand["net"] == {"A": -320, "B": -320, "C": -320, "D": 960}


@pytest.mark.parametrize("ruleset", [None, QQ])
def test_all_chows_with_an_honour_pair(ruleset):  # GD-FAN-2 (any pair), GD-FAN-21; a wind pair is no 门风
    hands = {"A": 14, "B": "123m456m789p23s22z", "C": 13, "D": 13}  # B sits South: 22z is his wind, as a pair
    hand = rule(doc([state(hands), discard("A", "4s"), win("B", "discard", "4s", "A")], ruleset))
    assert scored(hand) == ([("GD-FAN-2", 1), ("GD-FAN-21", 1)], (2, 2, 2, None, None, 40))
    assert hand["net"] == {"A": -40, "B": 40, "C": 0, "D": 0}


def test_small_three_dragons_at_the_cap_and_beyond_qqs():  # GD-FAN-9, GD-FAN-0.3/0.4, exclusion of GD-FAN-24
    events = [state({"A": 14, "B": 13, "C": "555z666z77z123m99p", "D": 13}), discard("A", "9p"),
              win("C", "discard", "9p", "A")]
    hand = rule(doc(events))  # 小三元 5 + 门前清 (its two dragon pongs add nothing) = 6, capped at 5
    assert scored(hand) == ([("GD-FAN-9", 5), ("GD-FAN-21", 1)], (6, 5, 5, None, None, 320))
    hand = rule(doc(events, QQ))
    assert scored(hand) == ([("GD-FAN-9", 5)], (5, 5, 5, None, None, 320))
    assert hand["net"] == {"A": -320, "B": 0, "C": 320, "D": 0}


ALL_HONOURS = [state({"A": 14, "B": 13, "C": "111z555z666z777z3z", "D": 13}), discard("A", "3z"),
               win("C", "discard", "3z", "A")]


def test_all_honours_alone_at_the_defaults_and_added_to_under_a_cap_of_nine():  # GD-FAN-11, GD-FAN-0.4, §2 exclusions
    hand = rule(doc(ALL_HONOURS))  # 字一色 (and 大三元) 6: beyond the cap, alone
    assert scored(hand) == ([("GD-FAN-11", 6)], (6, 6, 6, None, "GD-FAN-11", 640))
    assert hand["net"] == {"A": -640, "B": 0, "C": 640, "D": 0}
    # cap 9: 6 is within it: 门前清 + 圈风 (111z) + 三元牌 × 3 (the exclusion table strikes them only for
    # 小三元) = 11, paid 9
    hand = rule(doc(ALL_HONOURS, opts(limit_fan=9)))
    rows, numbers = scored(hand)
    assert rows == [("GD-FAN-11", 6), ("GD-FAN-21", 1), ("GD-FAN-23", 1)] + [("GD-FAN-24", 1)] * 3
    assert numbers == (11, 9, 9, None, "GD-FAN-11", 5120) and hand["net"]["A"] == -5120


def test_all_terminals_and_its_additions_under_a_cap_of_nine():  # GD-FAN-12, GD-FAN-32
    events = [state({"A": 14, "B": 13, "C": "111m999m111p999p1s", "D": 13}), discard("A", "1s"),
              win("C", "discard", "1s", "A")]
    assert scored(rule(doc(events))) == ([("GD-FAN-12", 6)], (6, 6, 6, None, "GD-FAN-12", 640))
    hand = rule(doc(events, opts(limit_fan=9)))
    assert scored(hand) == ([("GD-FAN-12", 6), ("GD-FAN-21", 1)], (7, 7, 7, None, "GD-FAN-12", 1280))
    assert hand["net"] == {"A": -1280, "B": 0, "C": 1280, "D": 0}


def test_half_flush_pongs_with_a_claimed_kong_and_a_seat_wind():  # GD-FAN-6, GD-FAN-22, no GD-FAN-21
    melds = {"C": [dict(m("kong", "1111m", "B"), kong="claimed"), m("pon", "555m", "D"), m("pon", "777m", "B")]}
    events = [state({"A": 14, "B": 13, "C": "333z9m", "D": 13}, melds=melds), discard("A", "9m"),
              win("C", "discard", "9m", "A")]
    hand = rule(doc(events))  # 混碰 4 + 门风 (C sits West: 333z) = 5
    assert scored(hand) == ([("GD-FAN-6", 4), ("GD-FAN-22", 1)], (5, 5, 5, None, None, 320))
    assert hand["net"] == {"A": -320, "B": 0, "C": 320, "D": 0}
    hand = rule(doc(events, QQ))  # 4 > 3: beyond qq's cap, alone
    assert scored(hand) == ([("GD-FAN-6", 4)], (4, 4, 4, None, None, 160))


# a position taken right after a kong's replacement (state ``drawn.from: back``): no kong event follows --
BLOOM_HANDS = {"A": 13, "B": 13, "C": "123m456p999s5p5p", "D": 13}


def bloom_state(kind: str, source: str) -> dict:
    meld = {"kind": "kong", "kong": kind, "tiles": "2222s", **({"tile": "2s", "from": "A"} if kind == "claimed" else {})}
    return state(BLOOM_HANDS, turn="C", melds={"C": [meld]}, drawn={"tile": "5p", "from": source})


def test_a_bloom_on_a_replacement_drawn_before_the_position():  # GD-FAN-26, GD-FAN-21, GD-PAY-1
    # C holds 2222s (concealed) 123m 456p 999s 5p and has just drawn 5p from the back: 鸡胡 + 自摸 +
    # 门前清 + 杠上开花 = 3, S 80 from each of three
    hand = rule(doc([bloom_state("concealed", "back"), win("C", "self_draw", "5p")]))
    assert scored(hand) == ([("GD-FAN-1", 0), ("GD-FAN-20", 1), ("GD-FAN-21", 1), ("GD-FAN-26", 1)],
                            (3, 3, 3, None, None, 80))
    assert hand["rulings"] == [] and hand["net"] == {"A": -80, "B": -80, "C": 240, "D": -80}


def test_a_bloom_from_the_position_on_a_claimed_kong_is_floored_and_paid_by_its_feeder():  # GD-BAO-4, GD-FAN-30.1
    # the kong was claimed from A: 鸡胡 + 自摸 + 杠开 = 2, floored to 3, S 80; A pays 3S = 240
    hand = rule(doc([bloom_state("claimed", "back"), win("C", "self_draw", "5p")]))
    assert scored(hand) == ([("GD-FAN-1", 0), ("GD-FAN-20", 1), ("GD-FAN-26", 1)], (2, 3, 3, "GD-FAN-30.1", None, 80))
    assert [(r["rule"], r["player"], r["status"]) for r in hand["rulings"]] == [("GD-BAO-4", "A", "ruled")]
    assert hand["net"] == {"A": -240, "B": 0, "C": 240, "D": 0}
    hand = rule(doc([bloom_state("claimed", "back"), win("C", "self_draw", "5p")], SANFAN))
    assert hand["result"] == "win" and hand["net"]["A"] == -240  # the floor counts toward the minimum (0.7)
    hand = rule(doc([bloom_state("claimed", "back"), win("C", "self_draw", "5p")], opts(kong_bloom_bao=False)))
    assert hand["rulings"] == [] and hand["net"] == {"A": -80, "B": -80, "C": 240, "D": -80}


@pytest.mark.parametrize("kind", ["concealed", "claimed"])
def test_near_miss_the_tile_drawn_from_the_wall_is_no_bloom(kind):  # GD-FAN-26, GD-BAO-4 near miss
    hand = rule(doc([bloom_state(kind, "wall"), win("C", "self_draw", "5p")]))
    rows = [("GD-FAN-1", 0), ("GD-FAN-20", 1)] + ([("GD-FAN-21", 1)] if kind == "concealed" else [])
    s = 10 << len(rows) - 1
    assert scored(hand) == (rows, (len(rows) - 1, len(rows) - 1, len(rows) - 1, None, None, s))
    assert hand["rulings"] == [] and hand["net"] == {"A": -s, "B": -s, "C": 3 * s, "D": -s}
    hand = rule(doc([bloom_state(kind, "wall"), win("C", "self_draw", "5p")], SANFAN))
    assert hand["result"] == "false_win"  # no floor: below 3


@pytest.mark.parametrize("source, net", [
    ("back", {"A": -240, "B": 0, "C": 240, "D": 0}),  # the chain reaches back to the claimed kong: A pays 3S
    ("wall", {"A": -80, "B": -80, "C": 240, "D": -80}),  # near miss: the chain starts at the concealed kong
])
def test_a_chain_of_kongs_from_the_position(source, net):  # GD-BAO-4 (unbroken chain), GD-FAN-26, GD-FAN-30.1
    # C has claimed 2222s from A and has just drawn 9s (from the back: that kong's replacement); he
    # kongs 9999s and blooms on 5p: 鸡胡 + 自摸 + 杠开 = 2, floored to 3, S 80
    meld = {"kind": "kong", "kong": "claimed", "tiles": "2222s", "tile": "2s", "from": "A"}
    events = [state(dict(BLOOM_HANDS, C="123m456p9999s5p"), turn="C", melds={"C": [meld]},
                    drawn={"tile": "9s", "from": source}),
              kong("C", "concealed", "9999s"), draw("C", "5p", back=True), win("C", "self_draw", "5p")]
    hand = rule(doc(events))
    assert scored(hand) == ([("GD-FAN-1", 0), ("GD-FAN-20", 1), ("GD-FAN-26", 1)], (2, 3, 3, "GD-FAN-30.1", None, 80))
    assert [r["rule"] for r in hand["rulings"]] == (["GD-BAO-4"] if source == "back" else [])
    assert hand["net"] == net


# GD-FAN-19 人和: the dealer's first discard, "庄家打出的第一张牌" (the row asks nothing of what came before) -----
HUMAN_DEAL = {"type": "deal", "hands": dict(DEAL, A="1111m234567m11z22z")}  # B waits on 3z / 5s: 123456789p 33z 55s


def test_human_hand_stands_after_the_dealers_concealed_kong():  # GD-FAN-19, GD-PAY-2
    events = [HUMAN_DEAL, kong("A", "concealed", "1111m"), draw("A", "3z", back=True), discard("A", "3z"),
              win("B", "discard", "3z", "A")]
    hand = rule(doc(events))  # 6, beyond the cap: S 640 from the dealer
    assert scored(hand) == ([("GD-FAN-19", 6)], (6, 6, 6, None, "GD-FAN-19", 640))
    assert hand["net"] == {"A": -640, "B": 640, "C": 0, "D": 0}
    hand = rule(doc(events, {"base": 10, "preset": "seed_list1"}))
    assert hand["net"] == {"A": -5120, "B": 5120, "C": 0, "D": 0}


def test_near_miss_the_dealers_second_discard_is_ordinary():  # not GD-FAN-19: 鸡胡 + 门前清 = 1
    events = [HUMAN_DEAL, kong("A", "concealed", "1111m"), draw("A", "9s", back=True), discard("A", "9s"),
              draw("B", "1s"), discard("B", "1s"), draw("C", "2s"), discard("C", "2s"), draw("D", "3s"), discard("D", "3s"),
              draw("A", "3z"), discard("A", "3z"), win("B", "discard", "3z", "A")]
    hand = rule(doc(events))
    assert scored(hand) == ([("GD-FAN-1", 0), ("GD-FAN-21", 1)], (1, 1, 1, None, None, 20))
    assert hand["net"] == {"A": -20, "B": 20, "C": 0, "D": 0}


# GD-PAY-3's example: a robbing 平胡 + 门前清 + 自摸 = 3, S 80, the kong player pays 240 -----------------------
ROB_EVENTS = [state({"A": 13, "B": "2345p678p99s1s", "C": "23m456p789s234s11p", "D": 13}, turn="B", phase="draw",
                    melds={"B": [m("pon", "111m", "A")]}),
              draw("B", "1m"), kong("B", "added", "1111m"), win("C", "rob_kong", "1m", "B")]


@pytest.mark.parametrize("ruleset, rows, numbers", [
    (None, [("GD-FAN-2", 1), ("GD-FAN-20", 1), ("GD-FAN-21", 1)], (3, 3, 3, None, None, 80)),
    (QQ, [("GD-FAN-2", 1), ("GD-FAN-20", 1), ("GD-FAN-21", 1)], (3, 3, 3, None, None, 80)),
    # no 自摸 番 for robbing: 2, floored to 3 (GD-FAN-30.1)
    (opts(rob_kong_self_draw_fan=False), [("GD-FAN-2", 1), ("GD-FAN-21", 1)], (2, 3, 3, "GD-FAN-30.1", None, 80)),
    # a club valuing the 抢杠 row at 1: it is listed and counted
    ({"base": 10, "fan_table": {"GD-FAN-27": 1}}, [("GD-FAN-2", 1), ("GD-FAN-20", 1), ("GD-FAN-21", 1), ("GD-FAN-27", 1)],
     (4, 4, 4, None, None, 160)),
])
def test_robbing_all_chows(ruleset, rows, numbers):  # GD-FAN-27, GD-FAN-20, GD-FAN-30.1, GD-PAY-3, GD-BAO-5
    hand = rule(doc(ROB_EVENTS, ruleset))
    assert scored(hand) == (rows, numbers) and rules_of(hand) == [("GD-BAO-5", "ruled")]
    assert hand["net"] == {"A": 0, "B": -3 * numbers[5], "C": 3 * numbers[5], "D": 0}


@pytest.mark.parametrize("ruleset, paid_", [(None, 20), (opts(discard_payment="three_shares"), 60)])
def test_seat_winds_follow_the_dealer_and_the_discarder_pays(ruleset, paid_):  # GD-FAN-22, §0 seats, GD-PAY-2, GD-PAY-5
    # dealer C: D sits South, so his pong of 222z is his 门风 and 444z nobody's: 鸡胡 + 门风 = 1, S 20;
    # the dealer discards and pays as anyone (no dealer money): S, or 3S under three_shares
    events = [state({"A": 13, "B": 13, "C": 14, "D": "444z123m456m9p"}, turn="C", melds={"D": [m("pon", "222z", "B")]}),
              discard("C", "9p"), win("D", "discard", "9p", "C")]
    hand = rule(doc(events, ruleset, dealer="C", start_dealer="C"))
    assert scored(hand) == ([("GD-FAN-1", 0), ("GD-FAN-22", 1)], (1, 1, 1, None, None, 20))
    assert hand["net"] == {"A": 0, "B": 0, "C": -paid_, "D": paid_}
