"""Wuhan probe (the acceptance suite's eye): 癞子 in wins and payments, 承包 by each clause and
preset, 金顶 and the caps as data, each preset's values. Documents start from a ``state``; every
payment is checked to the unit (``base`` 5 unless said)."""

import pytest

from tests.whkit import discard, doc, draw, pay, rule, state, win
from tests.whprobe_kit import kong, lines, opts, pats, ruled, wild_of, winner


def feng_third(third=("pon:333z", "D"), ruleset=None):
    """indicator 1m (癞子 2m); dealer A; B has 碰 111z (A), 222z (C) and a third claim, holds
    444z 5z and self-draws 5z."""
    s = state({"B": "444z5z"}, indicator="1m", melds={"B": [("pon:111z", "A"), ("pon:222z", "C"), third]},
              turn="B")
    return doc([s, draw("B", "5z"), win("B")], ruleset=ruleset)


def test_feng_yi_se_third_feeder_pays():  # WH-CB-1 (风一色 included), WH-HU-4.2, WH-HU-5, WH-CB-5
    # 风一色 (2 units) + 碰碰胡: k 3, H 40, hard: M_B = 开口 2 × 硬胡 2 × 自摸 1.5 = 6 → raw 240 each
    # (no 金顶: 240 < 300); D fed B's third claim: he pays all three, each ≤ 400: 720 → 3600
    hand = rule(feng_third())
    w = winner(hand)
    assert (w["value"], w["factor"], w["hard"]) == (40, 6, True)
    assert pats(w) == ["WH-HU-4.2", "WH-HU-4.4"]
    assert lines(hand) == [("D", 1200, 240, "WH-CB-1"), ("D", 1200, 240, None), ("D", 1200, 240, "WH-CB-1")]
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("WH-CB-1", "D", 0)]


def test_mixed_pong_pong_third_feed_is_no_liability():  # WH-CB-1 near miss (碰碰胡 is no flush)
    # third claim 999m: 碰碰胡 only, H 10, M_B 6 → raw 60 each → 300 each, nobody liable
    hand = rule(feng_third(("pon:999m", "D")))
    assert pats(winner(hand)) == ["WH-HU-4.4"]
    assert lines(hand) == [("C", 300, 60, None), ("D", 300, 60, None), ("A", 300, 60, None)]
    assert hand["rulings"] == []


@pytest.mark.parametrize("cap, jin, each, why", [(50, 70, 350, "jin_ding"), (61, 70, 300, None),
                                                  (60, 70, 350, "jin_ding")])
def test_cap_and_jin_ding_as_data(cap, jin, each, why):  # WH-PAY-2, WH-PAY-3, §9.1
    # the mixed 碰碰胡: raw 60 each. cap 50: all three reach it: 金顶 70 each (350); cap 61: none
    # does: 60 each (300); cap 60: reached (≥): 金顶
    hand = rule(feng_third(("pon:999m", "D"), opts(cap=cap, jin_ding=jin, liable_cap=jin)))
    assert [(p["amount"], p["cap"]) for p in hand["payments"]] == [(each, why)] * 3


def test_false_win_pays_the_jin_ding_option():  # WH-ZH-2 reverse_jin_ding reads jin_ding
    # B self-draws 6z to 444z 5z: no pair, no wild: 诈胡: 70 × 5 = 350 to each of the others
    s = state({"B": "444z5z"}, indicator="1m", melds={"B": [("pon:111z", "A"), ("pon:222z", "C"),
                                                           ("pon:999m", "D")]}, turn="B")
    hand = rule(doc([s, draw("B", "6z"), win("B")], ruleset=opts(cap=50, jin_ding=70, liable_cap=70)))
    assert hand["result"] == "false_win"
    assert hand["net"] == {"A": 350, "B": -1050, "C": 350, "D": 350}


def test_factor_table_big_base_and_self_draw():  # §9.3 factor_table, WH-HU-4, WH-FAN-10.big
    # WH-HU-4 20, WH-FAN-10.big 2: the mixed 碰碰胡: H 20, M_B = 2 × 2 × 2 = 8 → 160 each → 800
    hand = rule(feng_third(("pon:999m", "D"), opts(factor_table={"WH-HU-4": 20, "WH-FAN-10.big": 2})))
    w = winner(hand)
    assert (w["value"], w["factor"]) == (20, 8)
    assert pay(hand) == {"A": 800, "C": 800, "D": 800}


def flush_laizi(preset=None):
    """indicator 4m (癞子 5m); dealer A; C has 碰 999p (D), 吃 123p (B), 碰 555p (A): A fed the
    third; B has 碰 111z (A), 碰 222z (D) and has laid his 5m (癞子杠). C holds 678p 5m, self-draws 4p."""
    s = state({"C": "678p5m"}, indicator="4m",
              melds={"C": [("pon:999p", "D"), ("chi:123p", "B"), ("pon:555p", "A")],
                     "B": [("pon:111z", "A"), ("pon:222z", "D")]}, laid={"B": "5m"}, turn="C")
    return doc([s, draw("C", "4p"), win("C")], ruleset=opts(preset))


def test_soft_flush_third_feeder_pays_kaikoufan():  # WH-CB-1, WH-LZ-6, WH-FAN-6, WH-PAY-4
    # 5m read as 4p: 678p + 44p: 清一色, soft, H 10: M_C = 开口 2 × 1.5 = 3 → 30 × M_L:
    # D 30, A 30, B 开口 2 × 癞子杠 4 = 8 → 240; A pays all: 300 → 1500
    hand = rule(flush_laizi())
    w = winner(hand)
    assert (w["value"], w["factor"], w["hard"], wild_of(w)) == (10, 3, False, [("5m", "4p")])
    assert lines(hand) == [("A", 150, 30, "WH-CB-1"), ("A", 150, 30, None), ("A", 1200, 240, "WH-CB-1")]


def test_soft_flush_third_feeder_pays_koukoufan():  # §9.2 koukoufan: per_claim, liable_cap 500
    # 口口翻: M_C = 开口 2³ × 1.5 = 12 → 120 × M_L: D 120, A 120, B 开口 2² × 癞子杠 4 = 16 → 1920,
    # not all three ≥ 300 (no 金顶): B's share ≤ liable_cap 500: 740 → 3700
    hand = rule(flush_laizi("koukoufan"))
    assert winner(hand)["factor"] == 12
    assert [(p["from"], p["amount"], p["raw"], p["cap"]) for p in hand["payments"]] == [
        ("A", 600, 120, None), ("A", 600, 120, None), ("A", 2500, 1920, "liable_cap")]
    assert hand["net"] == {"A": -3700, "B": 0, "C": 3700, "D": 0}


def rob_with_laizi(ruleset=None):
    """indicator 4m (癞子 5m); dealer A has 碰 111z (B), 碰 999s (C), 吃 123m (D), 碰 222z (C) and
    holds only 5m; B adds the fourth 5p to his 碰 555p (C); A robs it."""
    s = state({"A": "5m"}, indicator="4m",
              melds={"A": [("pon:111z", "B"), ("pon:999s", "C"), ("chi:123m", "D"), ("pon:222z", "C")],
                     "B": [("pon:555p", "C")]}, turn="B", phase="discard", holding={"B": "5p"})
    return doc([s, kong("B", "added", "5555p"), win("A", "rob_kong", "5p", "B")], ruleset=ruleset)


def test_robbing_with_the_laizi_for_the_fifth_5p():  # WH-PR-5, WH-LZ-3.1 (no copy limit), WH-CB-3
    # the 5m stands for a 5p whose four tiles are all in view: pair 55p, a 将: 抢杠 (not 全求人: no
    # discard), soft, H 10: M_A = 开口 2 × 1.5 = 3 → 30 × M_L; B 开口 2 × 蓄杠 2 = 4 → 120; C, D 30;
    # B pays all three (180 → 900); A is the dealer but a big hand carries no 庄
    hand = rule(rob_with_laizi())
    w = winner(hand)
    assert (w["value"], w["factor"], w["hard"], wild_of(w), pats(w)) == (10, 3, False, [("5m", "5p")],
                                                                        ["WH-HU-4.8"])
    assert lines(hand) == [("B", 600, 120, None), ("B", 150, 30, "WH-CB-3"), ("B", 150, 30, "WH-CB-3")]
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("WH-CB-3", "B", 1)]


def test_robbing_with_the_laizi_without_its_self_draw_item():  # WH-FAN-10 special_self_draw false
    # M_A = 开口 2: raws B 80, C 20, D 20 → 120 → 600
    hand = rule(rob_with_laizi(opts(special_self_draw=False)))
    assert winner(hand)["factor"] == 2 and pay(hand) == {"B": 600}


def test_a_false_win_ends_the_hand_and_its_liability_costs_nothing():  # WH-ZH-3, WH-CB-1
    # C (three claims, A the third feeder) self-draws 1s to 678p 5m: no reading wins: 诈胡; he pays
    # 400 × 5 to each other player, the hand ends, and A's liability costs nothing
    data = flush_laizi()
    data["hand"]["events"][1] = draw("C", "1s")
    hand = rule(data)
    assert hand["result"] == "false_win" and hand["winners"] == []
    assert hand["net"] == {"A": 2000, "B": 2000, "C": -6000, "D": 2000}
    assert [r for r, _ in ruled(hand)].count("WH-CB-1") == 0


def three_laizi(ruleset=None):
    """indicator 4m (癞子 5m); dealer A has 碰 111z (B), 碰 999s (C), holds 555m 777p 2s, draws 2s."""
    s = state({"A": "555m777p2s"}, indicator="4m", melds={"A": [("pon:111z", "B"), ("pon:999s", "C")]})
    return doc([s, draw("A", "2s"), win("A")], ruleset=ruleset)


def test_three_laizi_as_their_own_pong_keep_the_hand_hard():  # WH-LZ-4, WH-LZ-6.5, WH-HU-4.4, WH-FAN-9
    # the three 5m read as themselves: a pong of 5m, 777p, 22s: 碰碰胡, hard, no stand-in: H 10,
    # M_A = 开口 2 × 硬胡 2 × 1.5 = 6 → 60 each → 300 (a big hand: A's dealer item does not count)
    hand = rule(three_laizi(opts()))
    w = winner(hand)
    assert (w["value"], w["factor"], w["hard"], pats(w)) == (10, 6, True, ["WH-HU-4.4"])
    assert wild_of(w) == [("5m", "5m")] * 3
    assert pay(hand) == {"B": 300, "C": 300, "D": 300}


def test_three_laizi_as_themselves_are_soft_when_the_option_says_so():  # WH-LZ-4 laizi_self_is_hard false
    # any 癞子 in the hand makes it soft: M_A = 2 × 1.5 = 3 → 30 each → 150
    hand = rule(three_laizi(opts(laizi_self_is_hard=False)))
    assert (winner(hand)["hard"], winner(hand)["factor"]) == (False, 3)
    assert pay(hand) == {"B": 150, "C": 150, "D": 150}


def jiang_wait(events_after, ruleset=None):
    """B has 碰 222p (A), 555s (C), 888m (D) and holds 2m 5m 8p 2s: any 2, 5 or 8 makes 将一色 unsplit.
    C discards 5p (D holds an 8s)."""
    s = state({"B": "2m5m8p2s"}, melds={"B": [("pon:222p", "A"), ("pon:555s", "C"), ("pon:888m", "D")]},
              turn="C", phase="discard", holding={"C": "5p", "D": "8s"})
    return doc([s, discard("C", "5p")] + events_after, ruleset=ruleset)


def test_an_unsplit_jiang_yi_se_wins_on_any_258():  # WH-HU-1, WH-HU-4.3, WH-CB-1 third_feed_covers
    # 将一色 with no split, hard: H 10, M_B = 开口 2 × 硬胡 2 = 4 → 40 × M_L: C 放炮 1.5 → 60 (300),
    # D 40 (200), A 40 (200). Under flush_and_jiang D, who fed the third claim, pays all: 140 → 700
    hand = rule(jiang_wait([win("B", "discard", "5p", "C")]))
    assert pats(winner(hand)) == ["WH-HU-4.3"] and hand["rulings"] == []
    assert pay(hand) == {"C": 300, "D": 200, "A": 200}
    hand = rule(jiang_wait([win("B", "discard", "5p", "C")], opts(third_feed_covers="flush_and_jiang")))
    assert pay(hand) == {"D": 700} and ruled(hand) == [("WH-CB-1", "D")]


def test_an_unsplit_jiang_wait_let_go_is_a_pass():  # WH-GS-1/4 (the finder reads unsplit hands too)
    hand = rule(jiang_wait([draw("D", "1m"), discard("D", "8s"), win("B", "discard", "8s", "D")]))
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "B"), ("WH-GS-3", "B")]


def winner_threw_laizi(ruleset=None):
    """indicator 1z (癞子 2z); dealer A; B (碰 111z from C) throws his 2z, play goes round,
    B self-draws 8s to 234m 567p 345s 8s."""
    s = state({"B": "234m567p345s8s2z"}, melds={"B": [("pon:111z", "C")]}, turn="B", phase="discard",
              holding={"C": "9m", "D": "9p", "A": "9s"})
    events = [s, discard("B", "2z"), draw("C", "1m"), discard("C", "9m"), draw("D", "1p"), discard("D", "9p"),
              draw("A", "1s"), discard("A", "9s"), draw("B", "8s"), win("B")]
    return doc(events, ruleset=ruleset)


def test_the_winners_own_thrown_laizi_doubles_his_product():  # WH-LZ-3.3, WH-FAN-6 (丢癞子), WH-PAY-1
    # M_B = 开口 2 × 丢癞子 4 × 硬胡 2 × 自摸 2 = 32 → raw 32 × M_L: A 庄 2 → 64 (320); C, D 32 (160)
    hand = rule(winner_threw_laizi())
    w = winner(hand)
    assert (w["factor"], [f["rule"] for f in w["factors"]]) == (
        32, ["WH-FAN-1", "WH-FAN-6", "WH-FAN-9", "WH-FAN-10.small"])
    assert pay(hand) == {"A": 320, "C": 160, "D": 160}


def test_the_winners_thrown_laizi_under_plain_counts_nothing():  # special_discard plain near miss
    hand = rule(winner_threw_laizi(opts(special_discard="plain")))
    assert winner(hand)["factor"] == 8 and pay(hand) == {"A": 80, "C": 40, "D": 40}
