"""Wuhan disputes (see tests/test_wh_disputes.py): 全求人, each 承包 and its precedence, caps, 金顶,
liable_cap_mode, items of the losers (thrown and laid tiles, 皮 and 朝天), rounding."""

import pytest

from tests.whkit import discard, doc, draw, pay, rule, state, win
from tests.whprobe_kit import opts, lines, ruled, winner, wild_of, pats, kong, single, hard_or_soft


def quanqiuren_flush(ruleset=None):
    """B has 碰 111p (C), 333p (D), 666p (A), 999p (C) in that order, holds 8p, wins on D's 8p."""
    s = state({"B": "8p"}, melds={"B": [("pon:111p", "C"), ("pon:333p", "D"), ("pon:666p", "A"),
                                        ("pon:999p", "C")]}, turn="D", phase="discard", holding={"D": "8p"})
    return doc([s, discard("D", "8p"), win("B", "discard", "8p", "D")], ruleset=ruleset)


def test_quanqiuren_flush_pong_pong_on_a_jiang_the_discarder_pays():  # WH-HU-5, WH-CB-2, WH-CB-4
    # 清一色 + 碰碰胡 + 全求人: k 3, H 40, hard: M_B = 开口 2 × 硬胡 2 = 4; raws A 160, C 160,
    # D 放炮.big 1.5 → 240; 8p is a 将: D pays all (before A, the third feeder): 560 → 2800
    hand = rule(quanqiuren_flush())
    w = winner(hand)
    assert (w["value"], w["factor"], w["hard"]) == (40, 4, True)
    assert pats(w) == ["WH-HU-4.1", "WH-HU-4.4", "WH-HU-4.5"]
    assert lines(hand) == [("D", 800, 160, "WH-CB-2"), ("D", 1200, 240, None), ("D", 800, 160, "WH-CB-2")]
    assert hand["net"] == {"A": 0, "B": 2800, "C": 0, "D": -2800} and ruled(hand) == [("WH-CB-2", "D")]


def test_quanqiuren_bao_never_falls_to_the_third_feeder():  # WH-CB-2 never, WH-CB-1
    hand = rule(quanqiuren_flush(opts(quanqiuren_bao="never")))
    assert pay(hand) == {"A": 2800} and ruled(hand) == [("WH-CB-1", "A")]


def test_quanqiuren_koukoufan_jin_ding_liable():  # WH-FAN-1 per_claim, WH-PAY-3/4, §9.2
    # 口口翻: 开口 2^4 = 16 × 硬胡 2 = 32; raws 1280, 1280, 1920, all ≥ 300: 金顶 at 500 each,
    # the liable D pays 3 × 500 × 5 = 7500
    hand = rule(quanqiuren_flush(opts("koukoufan")))
    assert winner(hand)["factor"] == 32
    assert [(p["from"], p["amount"], p["cap"]) for p in hand["payments"]] == [("D", 2500, "jin_ding")] * 3


def quanqiuren_77(ruleset=None, d_ready=False):
    """B has 碰 111z (A), 222z (C), 444m (D), 666p (A), holds 7s, wins on D's 7s."""
    melds = {"B": [("pon:111z", "A"), ("pon:222z", "C"), ("pon:444m", "D"), ("pon:666p", "A")]}
    hands = {"B": "7s"}
    if d_ready:
        melds["D"] = [("pon:555m", "C")]
        hands["D"] = "234p678s22s34m7s"
    s = state(hands, melds=melds, turn="D", phase="discard", holding={} if d_ready else {"D": "7s"})
    return doc([s, discard("D", "7s"), win("B", "discard", "7s", "D")], ruleset=ruleset)


def test_quanqiuren_on_a_non_jiang_each_pays_his_own():  # WH-CB-2 on_258_tile near miss
    # 碰碰胡 + 全求人: H 20, hard, M_B 4: raws A 80, C 80, D 放炮 1.5 → 120: 400, 400, 600
    hand = rule(quanqiuren_77())
    assert (winner(hand)["value"], winner(hand)["factor"]) == (20, 4)
    assert lines(hand) == [("C", 400, 80, None), ("D", 600, 120, None), ("A", 400, 80, None)]
    assert hand["rulings"] == []


def test_quanqiuren_bao_not_ready():  # WH-CB-2 not_ready
    # D (no claim) could win on no tile: he pays all: 280 → 1400
    hand = rule(quanqiuren_77(opts(quanqiuren_bao="not_ready")))
    assert pay(hand) == {"D": 1400} and ruled(hand) == [("WH-CB-2", "D")]
    # near miss: D (碰 555m) waits on 2m/5m with 234p 678s 22s 34m after his 7s: ready: each his own;
    # M_D = 开口 2 × 放炮 1.5 = 3 → raw 240 → 1200
    hand = rule(quanqiuren_77(opts(quanqiuren_bao="not_ready"), d_ready=True))
    assert lines(hand) == [("C", 400, 80, None), ("D", 1200, 240, None), ("A", 400, 80, None)]


def quanqiuren_small(self_draw=False, ruleset=None):
    """B has 吃 123m (A), 碰 111z (C), 碰 999s (D), 吃 456p (A), holds 5s; C discards 5s (or B draws it)."""
    melds = {"B": [("chi:123m", "A"), ("pon:111z", "C"), ("pon:999s", "D"), ("chi:456p", "A")]}
    if self_draw:
        s = state({"B": "5s"}, melds=melds, turn="B")
        return doc([s, draw("B", "5s"), win("B")], ruleset=ruleset)
    s = state({"B": "5s"}, melds=melds, turn="C", phase="discard", holding={"C": "5s"})
    return doc([s, discard("C", "5s"), win("B", "discard", "5s", "C")], ruleset=ruleset)


def test_quanqiuren_with_chows_on_a_jiang():  # WH-HU-4.5, WH-CB-2
    # 全求人 alone: H 10, hard, M_B 4: raws A 40, C 放炮 1.5 → 60, D 40; C pays 140 → 700
    hand = rule(quanqiuren_small())
    w = winner(hand)
    assert (w["value"], w["factor"], pats(w)) == (10, 4, ["WH-HU-4.5"])
    assert lines(hand) == [("C", 300, 60, None), ("C", 200, 40, "WH-CB-2"), ("C", 200, 40, "WH-CB-2")]
    # never: each his own: A 200, C 300, D 200
    assert pay(rule(quanqiuren_small(ruleset=opts(quanqiuren_bao="never")))) == {"A": 200, "C": 300, "D": 200}


def test_quanqiuren_self_drawn_is_only_small():  # WH-HU-4.5 ([BW])
    # small, hard, self-draw: M_B = 开口 2 × 硬胡 2 × 自摸 2 = 8; A 庄 2 → 16 → 80; C, D 8 → 40
    hand = rule(quanqiuren_small(self_draw=True))
    w = winner(hand)
    assert (w["hu"], w["value"], w["factor"]) == ("small", 1, 8) and hand["rulings"] == []
    assert lines(hand) == [("C", 40, 8, None), ("D", 40, 8, None), ("A", 80, 16, None)]


def third_feed(loser_melds: dict, ruleset=None, laid=None):
    """The WH-CB-1 example: dealer B; C has 碰 999p (D), 吃 123p (B), 碰 555p (A), holds 678p 2p and
    self-draws 2p (a hard 清一色: H 10, M_C = 开口 2 × 硬胡 2 × 自摸 1.5 = 6, raw 60 × M_L)."""
    melds = {"C": [("pon:999p", "D"), ("chi:123p", "B"), ("pon:555p", "A")], **loser_melds}
    s = state({"C": "678p2p"}, melds=melds, laid=laid, turn="C")
    return doc([s, draw("C", "2p"), win("C")], ruleset=ruleset, dealer="B")


def test_third_feed_example():  # WH-CB-1, WH-CB-5
    # A (暗杠: M 4) raw 240, B (1) 60, D (碰: 2) 120: A pays all: 420 → 2100
    hand = rule(third_feed({"A": [("ankong:1111m", None)], "D": [("pon:111z", "A")]}))
    w = winner(hand)
    assert (w["value"], w["factor"], w["hard"], pats(w)) == (10, 6, True, ["WH-HU-4.1"])
    assert sorted(lines(hand)) == [("A", 300, 60, "WH-CB-1"), ("A", 600, 120, "WH-CB-1"), ("A", 1200, 240, None)]
    assert hand["net"] == {"A": -2100, "B": 0, "C": 2100, "D": 0} and ruled(hand) == [("WH-CB-1", "A")]


BIG = {"A": [("ankong:1111m", None), ("pon:777m", "B")], "D": [("pon:111z", "A")]}  # A 8, D 2 × 红中杠


@pytest.mark.parametrize("mode, total", [("per_share", 700), ("total", 400), ("normal", 600)])
def test_liable_cap_modes(mode, total):  # WH-PAY-4
    # A M 8 → raw 480; B 1 → 60; D 开口 2 × 红中杠 2 = 4 → 240. per_share: 400 + 60 + 240 = 700;
    # total: 300 + 60 + 240 = 600 capped at 400; normal: 600
    hand = rule(third_feed(BIG, opts(liable_cap_mode=mode), laid={"D": "7z"}))
    assert pay(hand) == {"A": total * 5} and hand["net"]["C"] == total * 5


GOLD = {"A": [("ankong:1111m", None), ("pon:777m", "B")], "B": [("ankong:1111s", None), ("pon:222z", "D")],
        "D": [("ankong:4444s", None), ("pon:111z", "A")]}


@pytest.mark.parametrize("mode, total", [("per_share", 1200), ("total", 400), ("normal", 1200)])
def test_liable_cap_modes_at_jin_ding(mode, total):  # WH-PAY-3, WH-PAY-4
    # each loser M 8 → raw 480: 金顶. per_share: 400 each = 1200; normal: the 金顶 shares 1200;
    # total: the shares of WH-PAY-2/3 (1200), their sum capped at liable_cap 400
    hand = rule(third_feed(GOLD, opts(liable_cap_mode=mode)))
    assert pay(hand) == {"A": total * 5}


def test_third_feed_by_a_claimed_kong():  # WH-CB-1 (a 冲杠 is a claim), WH-FAN-2
    # C: 碰 999p (D), 吃 123p (B), 冲杠 5555p (A): A fed the third; M_C = 开口 2 × 冲杠 2 × 硬胡 2 ×
    # 1.5 = 12 → raw 120 each; A pays 360 → 1800
    melds = {"C": [("pon:999p", "D"), ("chi:123p", "B"), ("kong:5555p", "A")]}
    s = state({"C": "678p2p"}, melds=melds, turn="C")
    hand = rule(doc([s, draw("C", "2p"), win("C")], dealer="B"))
    assert winner(hand)["factor"] == 12 and pay(hand) == {"A": 1800}


def jiang_third(ruleset=None):
    """C has 碰 222m (D), 碰 555p (B), 碰 888s (A), holds 2p 5s 8m 8m and self-draws 2s: 将一色."""
    s = state({"C": "2p5s88m"}, melds={"C": [("pon:222m", "D"), ("pon:555p", "B"), ("pon:888s", "A")]},
              turn="C")
    return doc([s, draw("C", "2s"), win("C")], ruleset=ruleset)


def test_third_feed_covers_jiang_only_by_option():  # WH-CB-1 third_feed_covers
    # 将一色, hard: M_C = 6, raw 60 → 300 each, no liability under flush
    hand = rule(jiang_third())
    assert pats(winner(hand)) == ["WH-HU-4.3"] and pay(hand) == {"A": 300, "B": 300, "D": 300}
    assert hand["rulings"] == []
    hand = rule(jiang_third(opts(third_feed_covers="flush_and_jiang")))
    assert pay(hand) == {"A": 900} and ruled(hand) == [("WH-CB-1", "A")]


def rob(kind="added", ruleset=None):
    """A (dealer) has 碰 111z (B), holds 67m 234p 567s 55s; B (碰 888m from C) draws 8m and adds it
    (or holds 888m and makes a concealed kong); A robs the 8m."""
    if kind == "added":
        s = state({"A": "67m234p567s55s"}, melds={"A": [("pon:111z", "B")], "B": [("pon:888m", "C")]}, turn="B")
    else:
        s = state({"A": "67m234p567s55s", "B": "888m1234567899p"}, melds={"A": [("pon:111z", "B")]}, turn="B")
    return doc([s, draw("B", "8m"), kong("B", kind, "8888m"), win("A", "rob_kong", "8m", "B")], ruleset=ruleset)


def test_robbing_an_added_kong():  # WH-PR-5, WH-HU-4.8, WH-CB-3, WH-FAN-3
    # 抢杠: big, H 10, hard, self-draw item: M_A = 开口 2 × 硬胡 2 × 1.5 = 6; B: 开口 2 × 蓄杠 2 = 4
    # → raw 240; C, D raw 60; B pays all: 360 → 1800
    hand = rule(rob())
    w = winner(hand)
    assert (w["value"], w["factor"], pats(w)) == (10, 6, ["WH-HU-4.8"])
    assert lines(hand) == [("B", 1200, 240, None), ("B", 300, 60, "WH-CB-3"), ("B", 300, 60, "WH-CB-3")]
    assert ruled(hand) == [("WH-CB-3", "B")] and hand["net"] == {"A": 1800, "B": -1800, "C": 0, "D": 0}
    # special_self_draw false: M_A 4: raws 160, 40, 40 → 240 → 1200
    assert pay(rule(rob(ruleset=opts(special_self_draw=False)))) == {"B": 1200}


def test_robbing_a_concealed_kong_is_a_false_win():  # WH-PR-5, WH-ZH-1
    hand = rule(rob("concealed"))
    assert hand["result"] == "false_win" and ("WH-PR-5", "A") in ruled(hand)
    assert hand["net"] == {"A": -6000, "B": 2000, "C": 2000, "D": 2000}


def exactly_cap(d_melds):
    """indicator 1m (癞子 2m); cap 240; A has 碰 111z (B), 碰 222z (C), holds 333m 666p 2m, self-draws
    9s: 2m as 9s, a soft 碰碰胡, H 10, M_A = 开口 2 × 自摸 1.5 = 3, raw 30 × M_L."""
    melds = {"A": [("pon:111z", "B"), ("pon:222z", "C")],
             "B": [("pon:999p", "D"), ("ankong:1111s", None)], "C": [("pon:888p", "D"), ("ankong:7777s", None)],
             "D": d_melds}
    s = state({"A": "333m666p2m"}, indicator="1m", melds=melds)
    return doc([s, draw("A", "9s"), win("A")], ruleset=opts(cap=240))


def test_jin_ding_at_exactly_the_cap():  # WH-PAY-3 (达到: ≥)
    # every loser 开口 2 × 暗杠 4 = 8: raw 240 = cap for all three: 金顶 400 each → 6000
    hand = rule(exactly_cap([("pon:555z", "B"), ("ankong:4444s", None)]))
    w = winner(hand)
    assert (w["value"], w["factor"], w["hard"], wild_of(w)) == (10, 3, False, [("2m", "9s")])
    assert [(p["amount"], p["raw"], p["cap"]) for p in hand["payments"]] == [(2000, 240, "jin_ding")] * 3
    # near miss: D has only a 碰 (M 2): raw 60: no 金顶: 240, 240, 60 → 2700
    hand = rule(exactly_cap([("pon:555z", "B")]))
    assert lines(hand) == [("B", 1200, 240, None), ("C", 1200, 240, None), ("D", 300, 60, None)]


def test_max_wild_big_zero():  # WH-LZ-5 max_wild_big
    data = exactly_cap([("pon:555z", "B")])
    data["ruleset"] = opts(max_wild_big=0)
    hand = rule(data)
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "A"), ("WH-HU-2", "A")]


def thrown_hongzhong(mode):
    """B throws a 红中; C draws 9m and discards 5p; D (碰 222z from A) wins with 46p 234s 567m 55s."""
    s = state({"D": "46p234s567m55s"}, melds={"D": [("pon:222z", "A")]}, turn="B", phase="discard",
              holding={"B": "7z", "C": "5p"})
    return doc([s, discard("B", "7z"), draw("C", "9m"), discard("C", "5p"), win("D", "discard", "5p", "C")],
               ruleset=opts(special_discard=mode))


def test_thrown_hongzhong_counts_as_its_kong():  # WH-HZ-2, WH-FAN-5, special_discard
    # D small hard: M_D = 开口 2 × 硬胡 2 = 4; A 庄 2 → 8 → 40; B 丢红中 2 → 8 → 40; C 放炮 2 → 8 → 40
    assert lines(rule(thrown_hongzhong("counts_as_kong"))) == [("A", 40, 8, None), ("B", 40, 8, None),
                                                                ("C", 40, 8, None)]
    # plain: B raw 4 → 20
    assert pay(rule(thrown_hongzhong("plain"))) == {"A": 40, "B": 20, "C": 40}


def test_state_laid_counts_for_the_loser():  # §10 laid, WH-FAN-5/6
    # indicator 7s (癞子 8s): D has laid 7z and 8s: M_D = 红中杠 2 × 癞子杠 4 = 8; A (dealer) self-draws
    # a hard small hand: M_A = 16 (开口, 庄, 硬胡, 自摸): B, C raw 16 → 80; D raw 128 → 640
    s = state({"A": "234m567p345s8m"}, indicator="7s", melds={"A": [("pon:111z", "B")]},
              laid={"D": "7z8s"})
    hand = rule(doc([s, draw("A", "8m"), win("A")]))
    assert lines(hand) == [("B", 80, 16, None), ("C", 80, 16, None), ("D", 640, 128, None)]
    assert [f["rule"] for f in hand["payments"][2]["factors"]] == ["WH-FAN-5", "WH-FAN-6"]


def pi_single(ruleset):
    """indicator 5s (皮 5s, 癞子 6s); B lays a 5s singly, draws 9m from the tail, discards it;
    C draws 9p and discards 5p; D (碰 222z from A) wins on it."""
    s = state({"D": "46p234m567m55m"}, indicator="5s", melds={"D": [("pon:222z", "A")]}, turn="B",
              phase="discard", holding={"B": "5s", "C": "5p"})
    return doc([s, single("B", "5s"), draw("B", "9m", back=True), discard("B", "9m"), draw("C", "9p"),
                discard("C", "5p"), win("D", "discard", "5p", "C")], ruleset=ruleset)


def test_pi_kong_single():  # WH-LZ-2 single, WH-FAN-7.single
    # D small hard: M_D 4; A 庄 → 8 → 40; B 皮子杠 2 → 8 → 40; C 放炮 → 8 → 40
    hand = rule(pi_single(opts(pi_kong="single")))
    assert lines(hand) == [("A", 40, 8, None), ("B", 40, 8, None), ("C", 40, 8, None)]
    # near miss: pi_kong none: laying a 皮 singly is a wrong kong: no item: B raw 4 → 20
    hand = rule(pi_single(opts()))
    assert pay(hand) == {"A": 40, "B": 20, "C": 40} and ("WH-IRR-2", "B") in ruled(hand)


def pong_pong_b(fourth):
    """dealer A; B has 碰 111z (A), 222z (C), 444m (D) and ``fourth``, holds 5s, wins on D's 5s."""
    s = state({"B": "5s"}, melds={"B": [("pon:111z", "A"), ("pon:222z", "C"), ("pon:444m", "D"), fourth]},
              turn="D", phase="discard", holding={"D": "5s"})
    return doc([s, discard("D", "5s"), win("B", "discard", "5s", "D")])


def test_a_concealed_kong_is_no_quanqiuren():  # WH-HU-4.5, WH-CB-2 near miss
    # with 暗杠 6666p: 碰碰胡 only, H 10, hard: M_B = 开口 2 × 暗杠 4 × 硬胡 2 = 16; raws C 160,
    # D 放炮 1.5 → 240, A 160; each his own: 800, 1200, 800
    hand = rule(pong_pong_b(("ankong:6666p", None)))
    w = winner(hand)
    assert (w["value"], w["factor"], pats(w)) == (10, 16, ["WH-HU-4.4"]) and hand["rulings"] == []
    assert lines(hand) == [("C", 800, 160, None), ("D", 1200, 240, None), ("A", 800, 160, None)]
    # with 碰 666p (A): 碰碰胡 + 全求人, H 20, M_B 4: raws 80, 120, 80; 5s is a 将: D pays 280 → 1400
    hand = rule(pong_pong_b(("pon:666p", "A")))
    assert (winner(hand)["value"], winner(hand)["factor"]) == (20, 4)
    assert pay(hand) == {"D": 1400} and ruled(hand) == [("WH-CB-2", "D")]


def test_third_claim_skips_a_concealed_kong():  # WH-CB-0/1
    # C: 暗杠 4444p, 碰 999p (D), 吃 123p (B), 碰 777p (A): the third claim is A's 777p; C self-draws
    # 2p to his 2p: 清一色, hard: M_C = 开口 2 × 暗杠 4 × 硬胡 2 × 1.5 = 24 → raw 240 each; A pays 720
    melds = {"C": [("ankong:4444p", None), ("pon:999p", "D"), ("chi:123p", "B"), ("pon:777p", "A")]}
    s = state({"C": "2p"}, melds=melds, turn="C")
    hand = rule(doc([s, draw("C", "2p"), win("C")], dealer="B"))
    assert winner(hand)["factor"] == 24 and pay(hand) == {"A": 3600} and ruled(hand) == [("WH-CB-1", "A")]


def test_an_added_kong_adds_no_claim():  # WH-CB-0, WH-FAN-0
    # C: 碰 999p (D), 蓄杠 5555p (its 碰 from A), 吃 123p (B): claims D, A, B: B fed the third.
    # C self-draws 2p: 999p 5555p 123p 678p 22p, 清一色 hard: M_C = 开口 2 × 蓄杠 2 × 硬胡 2 × 1.5 = 12
    # → raw 120 each; B pays 360 → 1800
    melds = {"C": [("pon:999p", "D"), ("added:5555p", "A"), ("chi:123p", "B")]}
    s = state({"C": "678p2p"}, melds=melds, turn="C")
    hand = rule(doc([s, draw("C", "2p"), win("C")], dealer="B"))
    assert winner(hand)["factor"] == 12 and pay(hand) == {"B": 1800} and ruled(hand) == [("WH-CB-1", "B")]


def test_third_feed_created_by_a_claim_in_the_log():  # WH-CB-1, WH-CB-5
    # C has 碰 999p (D), 吃 123p (B); A discards 5p, C 碰s it (his third claim, fed by A: event 2),
    # discards 9m; D, A, B draw and discard; C self-draws 2p: 清一色 hard, M_C = 6 → raw 60 each;
    # A pays 180 → 900; the liability is listed at event 2
    s = state({"C": "55p678p2p9m"}, melds={"C": [("pon:999p", "D"), ("chi:123p", "B")]}, turn="A",
              phase="discard", holding={"A": "5p"})
    events = [s, discard("A", "5p"), {"type": "pon", "player": "C", "tile": "5p", "with": "55p"},
              discard("C", "9m"), draw("D", "1s"), discard("D", "1s"), draw("A", "9s"), discard("A", "9s"),
              draw("B", "3s"), discard("B", "3s"), draw("C", "2p"), win("C")]
    hand = rule(doc(events))
    assert pay(hand) == {"A": 900}
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("WH-CB-1", "A", 2)]


def test_koukoufan_liable_cap_500():  # §9.2, WH-PAY-4
    # 口口翻: C (three claims: 开口 8) × 硬胡 2 × 1.5 = 24 → raw 240 × M_L: A (暗杠 4) 960 → 500;
    # B (1) 240; D (one 碰: 2) 480; not all ≥ 300: per_share ≤ 500: 500 + 240 + 480 = 1220 → 6100
    hand = rule(third_feed({"A": [("ankong:1111m", None)], "D": [("pon:111z", "A")]}, opts("koukoufan")))
    assert winner(hand)["factor"] == 24 and pay(hand) == {"A": 6100}
    assert sorted((p["raw"], p["amount"], p["cap"]) for p in hand["payments"]) == [
        (240, 1200, None), (480, 2400, None), (960, 2500, "liable_cap")]


def test_fractional_shares_round_down_after_the_caps():  # WH-PAY-5
    # factor_table 开口 1.5, 硬胡 1.5: hard M_A = 1.5 × 1.5 × 庄 2 = 4.5; B, C raw 4.5 → 4 → 20;
    # D 放炮 2 → raw 9 → 45 (soft would be 3: 15, 15, 30); A +85
    hand = rule(hard_or_soft(opts(factor_table={"WH-FAN-1": 1.5, "WH-FAN-9": 1.5})))
    w = winner(hand)
    assert (w["factor"], w["hard"]) == (4.5, True)
    assert lines(hand) == [("B", 20, 4.5, None), ("C", 20, 4.5, None), ("D", 45, 9, None)]
    assert hand["net"] == {"A": 85, "B": -20, "C": -20, "D": -45}


def test_third_feed_on_a_discard_pays_the_discarders_share_too():  # WH-CB-1 (on anyone's discard)
    # C wins the 清一色 on B's 2p: hard, M_C = 开口 2 × 硬胡 2 = 4, raw 40 × M_L: A (暗杠 4) 160,
    # B (放炮 1.5) 60, D (碰 2) 80; A, the third feeder, pays all: 300 → 1500
    melds = {"C": [("pon:999p", "D"), ("chi:123p", "B"), ("pon:555p", "A")], "A": [("ankong:1111m", None)],
             "D": [("pon:111z", "A")]}
    s = state({"C": "678p2p"}, melds=melds, turn="B", phase="discard", holding={"B": "2p"})
    hand = rule(doc([s, discard("B", "2p"), win("C", "discard", "2p", "B")], dealer="B"))
    assert lines(hand) == [("A", 400, 80, "WH-CB-1"), ("A", 800, 160, None), ("A", 300, 60, "WH-CB-1")]
    assert hand["net"] == {"A": -1500, "B": 0, "C": 1500, "D": 0}


def test_robbed_flush_the_konger_pays_before_the_third_feeder():  # WH-CB-4, WH-CB-3, WH-CB-5
    # A: 碰 999p (D), 吃 123p (D), 碰 444p (C) (C fed the third), holds 67p 22p; B adds 8p to his
    # 碰 888p; A robs it: 678p 22p: 清一色 + 抢杠, k 2, H 20, hard:
    # M_A = 开口 2 × 硬胡 2 × 1.5 = 6; B 开口 2 × 蓄杠 2 = 4 → raw 480; C, D raw 120;
    # B pays (抢杠 first), per_share ≤ 400: 400 + 120 + 120 = 640 → 3200; listed at the kong (event 2)
    melds = {"A": [("pon:999p", "D"), ("chi:123p", "D"), ("pon:444p", "C")], "B": [("pon:888p", "C")]}
    s = state({"A": "67p22p"}, melds=melds, turn="B")
    hand = rule(doc([s, draw("B", "8p"), kong("B", "added", "8888p"), win("A", "rob_kong", "8p", "B")]))
    w = winner(hand)
    assert (w["value"], w["factor"], pats(w)) == (20, 6, ["WH-HU-4.1", "WH-HU-4.8"])
    assert [(p["from"], p["amount"], p["raw"], p["cap"]) for p in hand["payments"]] == [
        ("B", 2000, 480, "liable_cap"), ("B", 600, 120, None), ("B", 600, 120, None)]
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("WH-CB-3", "B", 2)]


def test_quanqiuren_with_an_added_kong():  # WH-HU-4.5 (蓄杠 among its sets), WH-CB-2 listing
    # B: 碰 111z, 222z, 444m and 蓄杠 6666p: 全求人 + 碰碰胡, H 20, hard: M_B = 开口 2 × 蓄杠 2 × 硬胡 2
    # = 8; raws C 160, D 放炮 1.5 → 240, A 160; 5s a 将: D pays 560 → 2800, listed at the discard
    hand = rule(pong_pong_b(("added:6666p", "A")))
    assert (winner(hand)["value"], winner(hand)["factor"]) == (20, 8)
    assert pay(hand) == {"D": 2800}
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("WH-CB-2", "D", 1)]


def test_a_liable_xianggong_still_pays():  # WH-CB-5
    # A, the third feeder, is reported (WH-IRR-5) before C's flush: he still pays all (2100)
    s = state({"C": "678p2p"}, melds={"C": [("pon:999p", "D"), ("chi:123p", "B"), ("pon:555p", "A")],
                                      "A": [("ankong:1111m", None)], "D": [("pon:111z", "A")]}, turn="C")
    events = [s, {"type": "peek", "player": "A", "target": "wall"},
              {"type": "report", "by": "B", "against": "A", "about": 1, "offence": "WH-IRR-5"},
              draw("C", "2p"), win("C")]
    hand = rule(doc(events, dealer="B"))
    assert pay(hand) == {"A": 2100}
    assert [(r["rule"], r["player"]) for r in hand["rulings"]] == [("WH-CB-1", "A"), ("WH-IRR-5", "A")]  # by event


def test_two_robbers_seat_order():  # WH-PR-5, WH-PR-2
    # dealer C; A adds 8m to his 碰; B (waits 5m/8m) and D (waits 8m) both rob: from C: C, D, A, B:
    # D wins: 抢杠, H 10, hard: M_D = 开口 2 × 硬胡 2 × 1.5 = 6; A 开口 2 × 蓄杠 2 = 4 → raw 240;
    # B (开口) 2 → 120; C 60; A pays 420 → 2100
    s = state({"B": "67m234p567s55s", "D": "79m234s567p88p"},
              melds={"A": [("pon:888m", "C")], "B": [("pon:111z", "C")], "D": [("pon:222z", "C")]}, turn="A")
    hand = rule(doc([s, draw("A", "8m"), kong("A", "added", "8888m"), win("B", "rob_kong", "8m", "A"),
                     win("D", "rob_kong", "8m", "A")], dealer="C"))
    assert winner(hand)["player"] == "D" and pay(hand) == {"A": 2100}
    assert lines(hand) == [("A", 1200, 240, None), ("A", 600, 120, "WH-CB-3"), ("A", 300, 60, "WH-CB-3")]


def test_quanqiuren_on_a_single_laizi():  # WH-HU-4.5 ([BW]: a 癞子 last tile wins on any 将), WH-CB-2
    # indicator 4m (癞子 5m); B: 吃 123m (A), 碰 111z (C), 碰 999s (D), 吃 456p (A), holds the 5m; D
    # discards 2s: 5m read as 2s, pair 22s: 全求人, soft, H 10, M_B = 开口 2: raws C 20, D 放炮 1.5
    # → 30, A 20; 2s is a 将: D pays 70 → 350
    melds = {"B": [("chi:123m", "A"), ("pon:111z", "C"), ("pon:999s", "D"), ("chi:456p", "A")]}
    s = state({"B": "5m"}, indicator="4m", melds=melds, turn="D", phase="discard", holding={"D": "2s"})
    hand = rule(doc([s, discard("D", "2s"), win("B", "discard", "2s", "D")]))
    w = winner(hand)
    assert (w["value"], w["factor"], w["hard"], wild_of(w), pats(w)) == (10, 2, False, [("5m", "2s")], ["WH-HU-4.5"])
    assert lines(hand) == [("D", 100, 20, "WH-CB-2"), ("D", 150, 30, None), ("D", 100, 20, "WH-CB-2")]
    # near miss: on a 3s the pair 33s is no 将 and the hand no shape hand: 诈胡
    s = state({"B": "5m"}, indicator="4m", melds=melds, turn="D", phase="discard", holding={"D": "3s"})
    hand = rule(doc([s, discard("D", "3s"), win("B", "discard", "3s", "D")]))
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "B"), ("WH-HU-2", "B")]


def test_cap_scale_hand_base_raises_the_liable_cap_too():  # WH-PAY-2 hand_base, WH-PAY-4
    # the robbed flush (H 20): raws 480, 120, 120; hand_base: liable_cap 400 × 20 = 8000: nothing
    # capped: 720 → 3600
    melds = {"A": [("pon:999p", "D"), ("chi:123p", "D"), ("pon:444p", "C")], "B": [("pon:888p", "C")]}
    s = state({"A": "67p22p"}, melds=melds, turn="B")
    hand = rule(doc([s, draw("B", "8p"), kong("B", "added", "8888p"), win("A", "rob_kong", "8p", "B")],
                    ruleset=opts(cap_scale="hand_base")))
    assert pay(hand) == {"B": 3600} and [p["cap"] for p in hand["payments"]] == [None] * 3


def test_not_ready_counts_the_laizi():  # WH-CB-2 not_ready, WH-LZ-3.1
    # indicator 4m (癞子 5m); D (碰 666z from C) throws the 7s keeping 234p 678s 22s 5m 9p: ready only
    # through the 5m (read as 9p with a 9p: 999p; or 7p/8p: 789p), so not liable: each pays his own
    # for B's 碰碰胡 + 全求人 on the 7s: H 20, M_B 4: C 80 → 400; D 开口 2 × 放炮 1.5 = 3 → raw 240
    # → 1200; A 80 → 400
    melds = {"B": [("pon:111z", "A"), ("pon:222z", "C"), ("pon:444m", "D"), ("pon:666p", "A")],
             "D": [("pon:666z", "C")]}
    s = state({"B": "7s", "D": "234p678s22s5m9p7s"}, indicator="4m", melds=melds, turn="D", phase="discard")
    hand = rule(doc([s, discard("D", "7s"), win("B", "discard", "7s", "D")], ruleset=opts(quanqiuren_bao="not_ready")))
    assert lines(hand) == [("C", 400, 80, None), ("D", 1200, 240, None), ("A", 400, 80, None)]
    # near miss: a natural 4m instead of the 5m (indicator 1z): not ready: D pays all three shares,
    # his own with his 开口: 80 + 240 + 80 = 400 → 2000
    s = state({"B": "7s", "D": "234p678s22s4m9p7s"}, melds=melds, turn="D", phase="discard")
    hand = rule(doc([s, discard("D", "7s"), win("B", "discard", "7s", "D")], ruleset=opts(quanqiuren_bao="not_ready")))
    assert pay(hand) == {"D": 2000}


def chaotian_loser(kind):
    """indicator 5p (皮 5p), pi_kong chaotian; B lays a 朝天 (暗朝天 from three held, or 小朝天 on
    A's 5p), draws from the tail and discards; C discards 8s; A (dealer, 碰 111z) wins on it."""
    if kind == "concealed":
        s = state({"A": "234m678m345s8s", "B": "555p123456789m12s"}, indicator="5p",
                  melds={"A": [("pon:111z", "D")]}, turn="B", phase="discard", holding={"C": "8s"})
        events = [s, kong("B", "concealed", "555p")]
    else:
        s = state({"A": "234m678m345s8s5p", "B": "55p123456789m12s"}, indicator="5p",
                  melds={"A": [("pon:111z", "D")]}, turn="A", phase="discard", holding={"C": "8s"})
        events = [s, discard("A", "5p"), kong("B", "claimed", "555p")]
    return doc(events + [draw("B", "9s", back=True), discard("B", "9s"), draw("C", "9p"), discard("C", "8s"),
                         win("A", "discard", "8s", "C")], ruleset=opts(pi_kong="chaotian"))


@pytest.mark.parametrize("kind, m_b", [("concealed", 4), ("claimed", 4)])
def test_chaotian_counts_for_a_loser(kind, m_b):  # WH-LZ-2 chaotian, WH-FAN-7, WH-FAN-1
    # A: small hard: M_A = 开口 2 × 硬胡 2 × 庄 2 = 8. B: 暗朝天 4, or 小朝天 2 × 开口 2 (a claim) = 4:
    # raw 32 → 160; C 放炮 2 → 16 → 80; D 8 → 40; A +280
    hand = rule(chaotian_loser(kind))
    assert lines(hand) == [("B", 160, 8 * m_b, None), ("C", 80, 16, None), ("D", 40, 8, None)]
    keys = [f["rule"] for f in hand["payments"][0]["factors"]]
    assert keys == (["WH-FAN-7.concealed"] if kind == "concealed" else ["WH-FAN-1", "WH-FAN-7.claimed"])


def test_a_restored_third_claim_is_not_the_third():  # WH-CB-0 (a restored claim is not counted), WH-CB-1
    # C has 碰 999p (D), 吃 123p (B). He 碰s A's 5p, restored; later 碰s D's 7p: that is his third claim
    # (fed by D, event 10). C self-draws 8p: 999p 123p 777p 678p 55p, 清一色 hard: M_C = 6, raw 60 each:
    # D pays 180 → 900
    s = state({"C": "55p77p678p"}, melds={"C": [("pon:999p", "D"), ("chi:123p", "B")]}, turn="A",
              phase="discard", holding={"A": "5p", "D": "7p"})
    events = [s, discard("A", "5p"), {"type": "pon", "player": "C", "tile": "5p", "with": "55p"},
              {"type": "correct", "player": "C", "about": 2, "action": "restore"},
              draw("B", "1s"), discard("B", "1s"), draw("C", "3s"), discard("C", "3s"), draw("D", "9m"),
              discard("D", "7p"), {"type": "pon", "player": "C", "tile": "7p", "with": "77p"}, discard("C", "8p"),
              draw("D", "1m"), discard("D", "1m"), draw("A", "2m"), discard("A", "2m"), draw("B", "4s"),
              discard("B", "4s"), draw("C", "8p"), win("C")]
    hand = rule(doc(events))
    assert pay(hand) == {"D": 900}
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("WH-CB-1", "D", 10)]


def test_liable_total_leaves_no_zero_line():  # WH-PAY-4 total, WH-PAY-5
    # the 全求人 清一色 碰碰胡 (H 40, raws C 160, D 240, A 160), D liable: total: 560 capped at 400:
    # C's 160 and D's own 240 fill it; nothing is left for A's share, and no line of 0 is written
    hand = rule(quanqiuren_flush(opts(liable_cap_mode="total")))
    assert lines(hand) == [("D", 800, 160, "WH-CB-2"), ("D", 1200, 240, None)]
    assert hand["net"] == {"A": 0, "B": 2000, "C": 0, "D": -2000}
