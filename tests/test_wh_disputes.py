"""Wuhan disputes as a club referee would bring them (RULEBOOK_WH.md), each worked out by hand from
the rulebook in the comment above it before it was run: the whole money (every line, the net), the
result, the clause IDs ruled, and the winner's value (H), factor (M_W), hard and wild.

B = 5 (``tests.whkit.doc``), dealer A unless said, preset ``kaikoufan`` unless said. Turn order
A → B → C → D; the 上家 of B is A, of C is B, of D is C, of A is D."""
import pytest

from tests.whkit import discard, doc, draw, rule, rules_of, ruling, state, win


def opts(preset: str | None = None, factor_table: dict | None = None, **options) -> dict:
    out: dict = {"base": 5}
    if preset:
        out["preset"] = preset
    if options:
        out["options"] = options
    if factor_table:
        out["factor_table"] = factor_table
    return out


def lines(hand: dict) -> list[tuple]:
    """(from, amount, raw, liability) of each payment line, in the ruling's order."""
    return [(p["from"], p["amount"], p.get("raw"), p.get("liability")) for p in hand["payments"]]


def by_payer(hand: dict) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in hand["payments"]:
        out[p["from"]] = out.get(p["from"], 0) + p["amount"]
    return out


def ruled(hand: dict) -> list[tuple[str, str]]:
    return [(r["rule"], r.get("player")) for r in hand["rulings"]]


def winner(hand: dict) -> dict:
    assert hand["result"] == "win" and len(hand["winners"]) == 1, hand
    return hand["winners"][0]


def wild_of(w: dict) -> list[tuple[str, str]]:
    return sorted((x["tile"], x["as"]) for x in w["wild"])


def pats(w: dict) -> list[str]:
    return [p["rule"] for p in w["patterns"]]


def kong(player, kind, tiles):
    return {"type": "kong", "player": player, "kind": kind, "tiles": tiles}


def single(player, tile):
    return {"type": "single_kong", "player": player, "tile": tile}


# --- WH-LZ-1: the indicator and its 癞子 ----------------------------------------------------------

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


# --- WH-LZ-6: readings and their tie-break keys -------------------------------------------------

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


def hard_or_soft(ruleset=None):
    """indicator 4m (癞子 5m); A (dealer) has 碰 111z (B), 碰 999s (C), 碰 111p (D), holds 3m 4m 5m 5p
    and wins on D's 5p."""
    s = state({"A": "345m5p"}, indicator="4m",
              melds={"A": [("pon:111z", "B"), ("pon:999s", "C"), ("pon:111p", "D")]},
              turn="D", phase="discard", holding={"D": "5p"})
    return doc([s, discard("D", "5p"), win("A", "discard", "5p", "D")], ruleset=ruleset)


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


# --- WH-HU: shapes without a split, units ---------------------------------------------------------

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


# --- 全求人 and 承包 --------------------------------------------------------------------------------

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
    assert by_payer(hand) == {"A": 2800} and ruled(hand) == [("WH-CB-1", "A")]


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
    assert by_payer(hand) == {"D": 1400} and ruled(hand) == [("WH-CB-2", "D")]
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
    assert by_payer(rule(quanqiuren_small(ruleset=opts(quanqiuren_bao="never")))) == {"A": 200, "C": 300, "D": 200}


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
    assert by_payer(hand) == {"A": total * 5} and hand["net"]["C"] == total * 5


GOLD = {"A": [("ankong:1111m", None), ("pon:777m", "B")], "B": [("ankong:1111s", None), ("pon:222z", "D")],
        "D": [("ankong:4444s", None), ("pon:111z", "A")]}


@pytest.mark.parametrize("mode, total", [("per_share", 1200), ("total", 400), ("normal", 1200)])
def test_liable_cap_modes_at_jin_ding(mode, total):  # WH-PAY-3, WH-PAY-4
    # each loser M 8 → raw 480: 金顶. per_share: 400 each = 1200; normal: the 金顶 shares 1200;
    # total: the shares of WH-PAY-2/3 (1200), their sum capped at liable_cap 400
    hand = rule(third_feed(GOLD, opts(liable_cap_mode=mode)))
    assert by_payer(hand) == {"A": total * 5}


def test_third_feed_by_a_claimed_kong():  # WH-CB-1 (a 冲杠 is a claim), WH-FAN-2
    # C: 碰 999p (D), 吃 123p (B), 冲杠 5555p (A): A fed the third; M_C = 开口 2 × 冲杠 2 × 硬胡 2 ×
    # 1.5 = 12 → raw 120 each; A pays 360 → 1800
    melds = {"C": [("pon:999p", "D"), ("chi:123p", "B"), ("kong:5555p", "A")]}
    s = state({"C": "678p2p"}, melds=melds, turn="C")
    hand = rule(doc([s, draw("C", "2p"), win("C")], dealer="B"))
    assert winner(hand)["factor"] == 12 and by_payer(hand) == {"A": 1800}


def jiang_third(ruleset=None):
    """C has 碰 222m (D), 碰 555p (B), 碰 888s (A), holds 2p 5s 8m 8m and self-draws 2s: 将一色."""
    s = state({"C": "2p5s88m"}, melds={"C": [("pon:222m", "D"), ("pon:555p", "B"), ("pon:888s", "A")]},
              turn="C")
    return doc([s, draw("C", "2s"), win("C")], ruleset=ruleset)


def test_third_feed_covers_jiang_only_by_option():  # WH-CB-1 third_feed_covers
    # 将一色, hard: M_C = 6, raw 60 → 300 each, no liability under flush
    hand = rule(jiang_third())
    assert pats(winner(hand)) == ["WH-HU-4.3"] and by_payer(hand) == {"A": 300, "B": 300, "D": 300}
    assert hand["rulings"] == []
    hand = rule(jiang_third(opts(third_feed_covers="flush_and_jiang")))
    assert by_payer(hand) == {"A": 900} and ruled(hand) == [("WH-CB-1", "A")]


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
    assert by_payer(rule(rob(ruleset=opts(special_self_draw=False)))) == {"B": 1200}


def test_robbing_a_concealed_kong_is_a_false_win():  # WH-PR-5, WH-ZH-1
    hand = rule(rob("concealed"))
    assert hand["result"] == "false_win" and ("WH-PR-5", "A") in ruled(hand)
    assert hand["net"] == {"A": -6000, "B": 2000, "C": 2000, "D": 2000}


# --- caps and 金顶 ----------------------------------------------------------------------------------

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


# --- WH-FAN: each item -----------------------------------------------------------------------------

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
    assert by_payer(rule(thrown_hongzhong("plain"))) == {"A": 40, "B": 20, "C": 40}


def test_a_wrong_single_kong_counts_nothing_and_bars_his_win():  # WH-IRR-2.2, WH-FAN-0, WH-IRR-0
    # B lays out a 9m singly (neither 红中 nor 癞子): a false set, unreported: no item; D then wins
    # on C's 5p as above: A 40, B raw 4 → 20, C 40. Near miss: a 红中 laid: B × 2 → 40
    def game(tile):
        s = state({"D": "46p234s567m55s"}, melds={"D": [("pon:222z", "A")]}, turn="B", phase="discard",
                  holding={"B": tile, "C": "5p"})
        return doc([s, single("B", tile), draw("B", "9s", back=True), discard("B", "9s"), draw("C", "9m"),
                    discard("C", "5p"), win("D", "discard", "5p", "C")])
    hand = rule(game("9m"))
    assert by_payer(hand) == {"A": 40, "B": 20, "C": 40} and ("WH-IRR-2", "B") in ruled(hand)
    assert by_payer(rule(game("7z"))) == {"A": 40, "B": 40, "C": 40}


def test_a_kong_at_wall_14_counts_nothing():  # WH-FLOW-4, WH-IRR-2
    # A lays a 红中 at wall_left 14: a wrong kong, no item; A then self-draws 8s on his replacement:
    # the declaration of a player with a false set is 诈胡 at once (WH-IRR-2.2)
    s = state({"A": "234m567p345s8s7z"}, melds={"A": [("pon:111z", "B")]}, phase="discard", wall_left=14)
    hand = rule(doc([s, single("A", "7z"), draw("A", "8s", back=True), win("A")]))
    assert hand["result"] == "false_win" and ("WH-IRR-2", "A") in ruled(hand)


# --- 诈胡, several claimants, passes -----------------------------------------------------------------

def test_hongzhong_held_is_a_false_win_in_each_mode():  # WH-HZ-1, WH-ZH-1/2/3
    s = state({"A": "234m567p345s7z"}, melds={"A": [("pon:111z", "B")]})
    data = doc([s, draw("A", "7z"), win("A")])
    hand = rule(data)
    assert ruled(hand) == [("WH-ZH-1", "A"), ("WH-HZ-1", "A")] and hand["net"]["A"] == -6000
    hand = rule(dict(data, ruleset=opts(false_win="fixed:50")))  # 50 × 5 to each
    assert hand["net"] == {"A": -750, "B": 250, "C": 250, "D": 250}
    hand = rule(dict(data, ruleset=opts(false_win="dead_hand")))
    assert hand["payments"] == [] and hand["result"] == "open"
    hand = rule(dict(data, ruleset=opts(false_win="fixed:0")))  # K = 0: the hand ends, nothing paid
    assert hand["result"] == "false_win" and hand["payments"] == [] and hand["next"]["dealer"] == "B"


def claimants(dealer, b_open=True):
    """A discards 5p; B (waits 2p/5p) and D (碰 222z, waits 5p) both declare (B first in the log)."""
    hands = {"D": "46p234s567m55s"}
    melds = {"D": [("pon:222z", "C")]}
    if b_open:
        hands["B"] = "34p234m567s88s"
        melds["B"] = [("pon:111z", "C")]
    else:
        hands["B"] = "34p234m567s88s999m"
    s = state(hands, melds=melds, turn="A", phase="discard", holding={"A": "5p"})
    return doc([s, discard("A", "5p"), win("B", "discard", "5p", "A"), win("D", "discard", "5p", "A")],
               dealer=dealer)


def test_one_winner_counted_from_the_dealer():  # WH-PR-2
    # dealer C: C, D, A, B: D wins. M_D = 开口 2 × 硬胡 2 = 4; A 放炮 2 → 8 → 40; B 开口 2 → 8 → 40;
    # C 庄 2 → 8 → 40; D +100; B's valid declaration is no fault
    hand = rule(claimants("C"))
    assert winner(hand)["player"] == "D" and hand["rulings"] == []
    assert lines(hand) == [("A", 40, 8, None), ("B", 40, 8, None), ("C", 40, 8, None)]
    assert hand["next"] == {"dealer": "D", "streak": 0, "round_wind": None}
    # dealer B: B first; B is the dealer: M_B = 开口 2 × 硬胡 2 × 庄 2 = 8; C raw 8 → 40;
    # D 开口 2 → 16 → 80; A 放炮 2 → 16 → 80; B +200, keeps the deal
    hand = rule(claimants("B"))
    assert winner(hand)["player"] == "B"
    assert lines(hand) == [("C", 40, 8, None), ("D", 80, 16, None), ("A", 80, 16, None)]
    assert hand["next"] == {"dealer": "B", "streak": 1, "round_wind": None}


def test_a_false_declaration_bumps_nobody_and_pays_as_well():  # WH-ZH-5
    # dealer A; B (not open) declares first in seat order: false; D wins: M_D 4: A 庄 → 8 → 40;
    # B 4 → 20; (A discarded: 放炮 2 × 庄 2 = 4 → raw 16 → 80). B pays 2000 to each of A, C, D.
    # net: A −80 + 2000 = 1920; B −20 − 6000 = −6020; C −20 + 2000 = 1980; D +120 + 2000 = 2120
    hand = rule(claimants("A", b_open=False))
    assert hand["result"] == "win" and winner(hand)["player"] == "D"
    assert ("WH-ZH-1", "B") in ruled(hand)
    assert hand["net"] == {"A": 1920, "B": -6020, "C": 1980, "D": 2120}
    assert hand["next"] == {"dealer": "D", "streak": 0, "round_wind": None}


def passed(events, ruleset=None):
    """dealer A; C discards 3p; B (碰 111z), holding 45p 234m 567s 88s, waits on 3p and 6p."""
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p", "D": "6p3p"})
    return doc([s, discard("C", "3p")] + events, ruleset=ruleset)


LATER_6P = [draw("D", "9s"), discard("D", "6p"), win("B", "discard", "6p", "D")]
LATER_3P = [draw("D", "9s"), discard("D", "3p"), win("B", "discard", "3p", "D")]


@pytest.mark.parametrize("rule_, events, wins", [
    ("all_waits_until_move", LATER_6P, False), ("same_tile_until_move", LATER_6P, True),
    ("same_tile_until_move", LATER_3P, False), ("none", LATER_3P, True)])
def test_pass_rules(rule_, events, wins):  # WH-GS-1, WH-GS-2, WH-GS-3
    # a valid win: small hard, M_B = 开口 2 × 硬胡 2 = 4; A 庄 2 → 8 → 40; C 4 → 20; D 放炮 2 → 8 → 40;
    # a barred one: 诈胡 with WH-GS-3 beside, B −6000
    hand = rule(passed(events, opts(pass_rule=rule_)))
    if wins:
        assert lines(hand) == [("C", 20, 4, None), ("D", 40, 8, None), ("A", 40, 8, None)]
    else:
        assert ruled(hand) == [("WH-ZH-1", "B"), ("WH-GS-3", "B")] and hand["net"]["B"] == -6000


def test_pass_violation_void_and_self_draw_still_allowed():  # WH-GS-3 void, WH-GS-2
    hand = rule(passed(LATER_6P, opts(pass_violation="void")))
    assert ruled(hand) == [("WH-GS-3", "B")] and hand["payments"] == [] and hand["result"] == "open"
    # a self-draw is never barred: D discards 9s, A draws and discards 9m, B draws 6p himself:
    # small hard self-draw: M_B = 开口 2 × 硬胡 2 × 自摸 2 = 8; A 庄 → 16 → 80; C, D 8 → 40
    hand = rule(passed([draw("D", "9s"), discard("D", "9s"), draw("A", "9m"), discard("A", "9m"),
                        draw("B", "6p"), win("B")]))
    assert lines(hand) == [("C", 40, 8, None), ("D", 40, 8, None), ("A", 80, 16, None)]


def test_thrown_laizi_cannot_be_won_on():  # WH-PR-6
    # indicator 1z (癞子 2z); D throws a 2z; A (碰 111z... from B), waiting on 8s, declares on it:
    # 诈胡 with WH-PR-6 beside; A is the dealer: −6000, B deals next
    s = state({"A": "234m567p345s8s"}, melds={"A": [("pon:333z", "B")]}, turn="D", phase="discard",
              holding={"D": "2z"})
    hand = rule(doc([s, discard("D", "2z"), win("A", "discard", "2z", "D")]))
    assert hand["result"] == "false_win" and ("WH-PR-6", "A") in ruled(hand)
    assert hand["net"]["A"] == -6000 and hand["next"]["dealer"] == "B"


# --- the 海底 phase, 荒庄, the next dealer, state starts ----------------------------------------

def test_haidi_from_a_state():  # WH-FLOW-5.2, WH-HU-4.7, §10 haidi
    # wall 12, the 海底 draws begun, C to draw (A and B made theirs and hold 14): C (碰 111z) self-draws
    # 8s: 海底捞, H 10, hard; M_C = 开口 2 × 硬胡 2 × 1.5 = 6 → raw 60 → 300 each; C +900, deals next
    s = state({"C": "234m567p345s8s", "A": "123456789m12345p", "B": "123456789p12345s"},
              melds={"C": [("pon:111z", "B")]}, turn="C", wall_left=12, haidi=True)
    hand = rule(doc([s, draw("C", "8s"), win("C")]))
    w = winner(hand)
    assert (w["value"], w["factor"], pats(w)) == (10, 6, ["WH-HU-4.7"])
    assert by_payer(hand) == {"A": 300, "B": 300, "D": 300}
    # near miss: the same self-draw at wall 15 (a plain draw): small: M_C = 2 × 2 × 2 = 8;
    # A 庄 → 16 → 80, B, D 40
    s = state({"C": "234m567p345s8s"}, melds={"C": [("pon:111z", "B")]}, turn="C", wall_left=15)
    assert by_payer(rule(doc([s, draw("C", "8s"), win("C")]))) == {"A": 80, "B": 40, "D": 40}


def test_haidi_state_then_huangzhuang():  # WH-FLOW-5.3, WH-FLOW-6
    # wall 14 with the 海底 draws begun (B made the last discard): C, D, A, B draw one each, 荒庄 at
    # 10: no money, dealer A keeps the deal, streak + 1
    s = state({}, turn="C", wall_left=14, haidi=True)
    hand = rule(doc([s, draw("C", "9m"), draw("D", "9p"), draw("A", "9s"), draw("B", "8s"),
                     {"type": "exhaustive_draw"}]))
    assert hand["result"] == "exhaustive_draw" and hand["payments"] == []
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


def test_a_pong_on_a_last_discard_keeps_the_chain():  # WH-FLOW-5.1
    # A draws at 15 (14) and discards 5p: a last discard; B 碰s it and discards 9s (a last discard
    # too); nobody takes it: C, D, A, B draw one each; 荒庄
    s = state({"B": "55p123456789m99s"}, turn="A", wall_left=15, holding={"A": "5p"})
    events = [s, draw("A", "9p"), discard("A", "5p"), {"type": "pon", "player": "B", "tile": "5p", "with": "55p"},
              discard("B", "9s"), draw("C", "1s"), draw("D", "2s"), draw("A", "3s"), draw("B", "4s"),
              {"type": "exhaustive_draw"}]
    hand = rule(doc(events))
    assert hand["result"] == "exhaustive_draw" and hand["next"]["streak"] == 1


def test_dealer_rotation_next_seat():  # WH-FLOW-7
    # the claimants game with dealer C: D wins: next_seat: C's 下家 D deals, streak 0;
    # dealer B wins: keeps, streak 1
    data = claimants("C")
    data["ruleset"] = opts(dealer_rotation="next_seat")
    assert rule(data)["next"] == {"dealer": "D", "streak": 0, "round_wind": None}
    data = claimants("A")
    data["ruleset"] = opts(dealer_rotation="next_seat")
    hand = rule(data)
    assert winner(hand)["player"] == "B" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_state_passed_status_bars_a_discard_win():  # §10 status.passed, WH-GS-3
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p"}, status={"B": {"passed": True}})
    hand = rule(doc([s, discard("C", "3p"), win("B", "discard", "3p", "C")]))
    assert ruled(hand) == [("WH-ZH-1", "B"), ("WH-GS-3", "B")]


def test_state_laid_counts_for_the_loser():  # §10 laid, WH-FAN-5/6
    # indicator 7s (癞子 8s): D has laid 7z and 8s: M_D = 红中杠 2 × 癞子杠 4 = 8; A (dealer) self-draws
    # a hard small hand: M_A = 16 (开口, 庄, 硬胡, 自摸): B, C raw 16 → 80; D raw 128 → 640
    s = state({"A": "234m567p345s8m"}, indicator="7s", melds={"A": [("pon:111z", "B")]},
              laid={"D": "7z8s"})
    hand = rule(doc([s, draw("A", "8m"), win("A")]))
    assert lines(hand) == [("B", 80, 16, None), ("C", 80, 16, None), ("D", 640, 128, None)]
    assert [f["rule"] for f in hand["payments"][2]["factors"]] == ["WH-FAN-5", "WH-FAN-6"]


def test_must_open_and_pair_258_options():  # WH-HU-2.1, WH-HU-2.3 options
    # must_open false: A (dealer) self-draws 234m 567p 345s 678m 88s unopened: small hard:
    # M_A = 庄 2 × 硬胡 2 × 自摸 2 = 8 → 40 each
    s = state({"A": "234m567p345s678m8s"})
    data = doc([s, draw("A", "8s"), win("A")])
    assert rule(data)["result"] == "false_win"
    data["ruleset"] = opts(must_open=False)
    assert by_payer(rule(data)) == {"B": 40, "C": 40, "D": 40}
    # pair_258 false: a 99s pair wins small: with 碰 111z: M_A = 16 → 80 each
    s = state({"A": "234m567p345s9s"}, melds={"A": [("pon:111z", "B")]})
    data = doc([s, draw("A", "9s"), win("A")])
    assert rule(data)["result"] == "false_win"
    data["ruleset"] = opts(pair_258=False)
    assert by_payer(rule(data)) == {"B": 80, "C": 80, "D": 80}


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
    assert by_payer(hand) == {"A": 40, "B": 20, "C": 40} and ("WH-IRR-2", "B") in ruled(hand)


# --- more 承包 and 全求人 ---------------------------------------------------------------------------

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
    assert by_payer(hand) == {"D": 1400} and ruled(hand) == [("WH-CB-2", "D")]


def test_third_claim_skips_a_concealed_kong():  # WH-CB-0/1
    # C: 暗杠 4444p, 碰 999p (D), 吃 123p (B), 碰 777p (A): the third claim is A's 777p; C self-draws
    # 2p to his 2p: 清一色, hard: M_C = 开口 2 × 暗杠 4 × 硬胡 2 × 1.5 = 24 → raw 240 each; A pays 720
    melds = {"C": [("ankong:4444p", None), ("pon:999p", "D"), ("chi:123p", "B"), ("pon:777p", "A")]}
    s = state({"C": "2p"}, melds=melds, turn="C")
    hand = rule(doc([s, draw("C", "2p"), win("C")], dealer="B"))
    assert winner(hand)["factor"] == 24 and by_payer(hand) == {"A": 3600} and ruled(hand) == [("WH-CB-1", "A")]


def test_an_added_kong_adds_no_claim():  # WH-CB-0, WH-FAN-0
    # C: 碰 999p (D), 蓄杠 5555p (its 碰 from A), 吃 123p (B): claims D, A, B: B fed the third.
    # C self-draws 2p: 999p 5555p 123p 678p 22p, 清一色 hard: M_C = 开口 2 × 蓄杠 2 × 硬胡 2 × 1.5 = 12
    # → raw 120 each; B pays 360 → 1800
    melds = {"C": [("pon:999p", "D"), ("added:5555p", "A"), ("chi:123p", "B")]}
    s = state({"C": "678p2p"}, melds=melds, turn="C")
    hand = rule(doc([s, draw("C", "2p"), win("C")], dealer="B"))
    assert winner(hand)["factor"] == 12 and by_payer(hand) == {"B": 1800} and ruled(hand) == [("WH-CB-1", "B")]


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
    assert by_payer(hand) == {"A": 900}
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("WH-CB-1", "A", 2)]


def test_koukoufan_liable_cap_500():  # §9.2, WH-PAY-4
    # 口口翻: C (three claims: 开口 8) × 硬胡 2 × 1.5 = 24 → raw 240 × M_L: A (暗杠 4) 960 → 500;
    # B (1) 240; D (one 碰: 2) 480; not all ≥ 300: per_share ≤ 500: 500 + 240 + 480 = 1220 → 6100
    hand = rule(third_feed({"A": [("ankong:1111m", None)], "D": [("pon:111z", "A")]}, opts("koukoufan")))
    assert winner(hand)["factor"] == 24 and by_payer(hand) == {"A": 6100}
    assert sorted((p["raw"], p["amount"], p["cap"]) for p in hand["payments"]) == [
        (240, 1200, None), (480, 2400, None), (960, 2500, "liable_cap")]


# --- kongs and their flowers ------------------------------------------------------------------------

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
    assert by_payer(rule(data)) == {"B": 800, "C": 800, "D": 800}


def test_claimed_kong_flower():  # WH-FAN-2, WH-HU-4.6, WH-HU-2.1 (a 冲杠 opens)
    # B holds 999m 234p 567s 88s 55p; A discards 9m, B 冲杠s it and draws 5p from the tail:
    # 杠上花, hard: M_B = 开口 2 × 冲杠 2 × 硬胡 2 × 1.5 = 12 → raw 120 → 600 each
    s = state({"B": "999m234p567s88s55p"}, turn="A", phase="discard", holding={"A": "9m"})
    hand = rule(doc([s, discard("A", "9m"), kong("B", "claimed", "9999m"), draw("B", "5p", back=True), win("B")]))
    w = winner(hand)
    assert (w["value"], w["factor"], pats(w)) == (10, 12, ["WH-HU-4.6"])
    assert by_payer(hand) == {"A": 600, "C": 600, "D": 600}


def test_kong_flower_still_needs_a_jiang():  # WH-HU-2.3
    # A lays a 红中 and draws 9s: 234m 567p 345s 99s: 杠上花 but no shape hand: the pair must be a 将
    s = state({"A": "234m567p345s9s7z"}, melds={"A": [("pon:111z", "B")]}, phase="discard")
    hand = rule(doc([s, single("A", "7z"), draw("A", "9s", back=True), win("A")]))
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "A"), ("WH-HU-2", "A")]


# --- money details -----------------------------------------------------------------------------------

def test_fractional_shares_round_down_after_the_caps():  # WH-PAY-5
    # factor_table 开口 1.5, 硬胡 1.5: hard M_A = 1.5 × 1.5 × 庄 2 = 4.5; B, C raw 4.5 → 4 → 20;
    # D 放炮 2 → raw 9 → 45 (soft would be 3: 15, 15, 30); A +85
    hand = rule(hard_or_soft(opts(factor_table={"WH-FAN-1": 1.5, "WH-FAN-9": 1.5})))
    w = winner(hand)
    assert (w["factor"], w["hard"]) == (4.5, True)
    assert lines(hand) == [("B", 20, 4.5, None), ("C", 20, 4.5, None), ("D", 45, 9, None)]
    assert hand["net"] == {"A": 85, "B": -20, "C": -20, "D": -45}


def test_a_laizi_has_no_copy_limit():  # WH-LZ-3.1
    # C holds 碰 888s and A one 8s: A's 2z (癞子, indicator 1z) is read as a fifth 8s for his 将 pair:
    # small soft: M_A = 开口 2 × 自摸 2 × 庄 2 = 8; B 8 → 40; C 开口 2 → 16 → 80; D 40
    s = state({"A": "234m567p345s8s"}, melds={"A": [("pon:333z", "B")], "C": [("pon:888s", "D")]})
    hand = rule(doc([s, draw("A", "2z"), win("A")]))
    w = winner(hand)
    assert wild_of(w) == [("2z", "8s")] and w["hard"] is False
    assert lines(hand) == [("B", 40, 8, None), ("C", 80, 16, None), ("D", 40, 8, None)]


def test_a_win_on_the_last_discard():  # WH-FLOW-5.1
    # wall 15, D draws (14) and discards 8s: a last discard; A wins on it: a plain small hand:
    # M_A = 开口 2 × 硬胡 2 × 庄 2 = 8; B, C 8 → 40; D 放炮 → 16 → 80
    s = state({"A": "234m567p345s8s"}, melds={"A": [("pon:111z", "B")]}, turn="D", wall_left=15,
              holding={"D": "8s"})
    hand = rule(doc([s, draw("D", "9m"), discard("D", "8s"), win("A", "discard", "8s", "D")]))
    assert pats(winner(hand)) == ["WH-HU-3"]
    assert lines(hand) == [("B", 40, 8, None), ("C", 40, 8, None), ("D", 80, 16, None)]


# --- passes, windows, irregularities -------------------------------------------------------------------

def pong_instead(rule_):
    """dealer A; B (碰 111z) holds 33p 55p 234m 567s; C discards 3p, which B could win on (333p 55p);
    B 碰s it instead and discards a 5p; C draws and discards 5p; B declares on it."""
    s = state({"B": "33p55p234m567s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p5p"})
    return doc([s, discard("C", "3p"), {"type": "pon", "player": "B", "tile": "3p", "with": "33p"},
                discard("B", "5p"), draw("C", "9m"), discard("C", "5p"), win("B", "discard", "5p", "C")],
               ruleset=opts(pass_rule=rule_))


def test_a_pong_instead_of_a_win_is_a_pass_it_does_not_lift():  # WH-GS-1, WH-GS-2
    hand = rule(pong_instead("all_waits_until_move"))
    assert ruled(hand) == [("WH-ZH-1", "B"), ("WH-GS-3", "B")] and hand["net"]["B"] == -6000
    # same_tile_until_move bars only the 3p: the 5p wins: M_B = 开口 2 × 硬胡 2 = 4;
    # C 放炮 2 → 8 → 40; D 4 → 20; A 庄 2 → 8 → 40
    hand = rule(pong_instead("same_tile_until_move"))
    assert lines(hand) == [("C", 40, 8, None), ("D", 20, 4, None), ("A", 40, 8, None)]


def test_a_robbable_kong_let_go_is_a_pass():  # WH-GS-1 (an added kong's window), WH-GS-3
    # A (waits 5m/8m) does not rob B's added 8m; B's replacement closes the window; B discards 5m:
    # A is barred: 诈胡, A (dealer) −6000. pass_rule none: A wins: M_A = 开口 2 × 硬胡 2 × 庄 2 = 8;
    # B 开口 2 × 蓄杠 2 × 放炮 2 = 8 → raw 64 → 320; C, D 8 → 40
    s = state({"A": "67m234p567s55s"}, melds={"A": [("pon:111z", "B")], "B": [("pon:888m", "C")]}, turn="B")
    events = [s, draw("B", "8m"), kong("B", "added", "8888m"), draw("B", "5m", back=True), discard("B", "5m"),
              win("A", "discard", "5m", "B")]
    hand = rule(doc(events))
    assert ruled(hand) == [("WH-ZH-1", "A"), ("WH-GS-3", "A")] and hand["net"]["A"] == -6000
    hand = rule(doc(events, ruleset=opts(pass_rule="none")))
    assert lines(hand) == [("B", 320, 64, None), ("C", 40, 8, None), ("D", 40, 8, None)]


def window(events):
    s = state({"B": "34p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "5p"})
    return doc([s, discard("C", "5p")] + events)


def test_a_discard_win_is_in_time_until_a_later_discard():  # WH-PR-3
    # D has drawn but not discarded: B's win on C's 5p is in time (D's draw undone):
    # M_B = 开口 2 × 硬胡 2 = 4; C 放炮 → 8 → 40; D 4 → 20; A 庄 → 8 → 40
    hand = rule(window([draw("D", "9m"), win("B", "discard", "5p", "C")]))
    assert lines(hand) == [("C", 40, 8, None), ("D", 20, 4, None), ("A", 40, 8, None)]
    # near miss: after D's discard it is late: 诈胡 with WH-PR-3 beside
    hand = rule(window([draw("D", "9m"), discard("D", "9m"), win("B", "discard", "5p", "C")]))
    assert hand["result"] == "false_win" and {"WH-ZH-1", "WH-PR-3"} <= set(rules_of(hand))


def wrong_chi(report: bool):
    """dealer A; C discards 4p and B 吃s it with 35p (C is not his 上家: WH-IRR-3), discards 9m;
    later B self-draws 9p: 345p 234m 567s 999p 88s."""
    s = state({"B": "35p234m567s88s9m99p"}, turn="C", phase="discard", holding={"C": "4p"})
    events = [s, discard("C", "4p"), {"type": "chi", "player": "B", "tile": "4p", "with": "35p"}, discard("B", "9m")]
    if report:
        events.append({"type": "report", "by": "A", "against": "B", "about": 2, "offence": "WH-IRR-3"})
    return doc(events + [draw("C", "1s"), discard("C", "1s"), draw("D", "2s"), discard("D", "2s"),
                         draw("A", "1m"), discard("A", "1m"), draw("B", "9p"), win("B")])


def test_a_wrong_claim_unreported_still_opens():  # WH-IRR-3, WH-IRR-0
    # the chi stands and is a claim (开口): small hard self-draw: M_B = 开口 2 × 硬胡 2 × 自摸 2 = 8;
    # C, D 8 → 40; A 庄 → 16 → 80; B +160; WH-IRR-3 listed unreported
    hand = rule(wrong_chi(False))
    assert lines(hand) == [("C", 40, 8, None), ("D", 40, 8, None), ("A", 80, 16, None)]
    assert [(r["rule"], r["status"]) for r in hand["rulings"]] == [("WH-IRR-3", "unreported")]
    # reported after his discard: 相公 from the report: his win is 诈胡
    hand = rule(wrong_chi(True))
    assert hand["result"] == "false_win" and hand["net"]["B"] == -6000
    assert ("WH-IRR-3", "ruled") in [(r["rule"], r["status"]) for r in hand["rulings"]]


# --- 承包 on a discard, precedence, listing ---------------------------------------------------------

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
    assert by_payer(hand) == {"D": 2800}
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("WH-CB-2", "D", 1)]


def test_a_liable_xianggong_still_pays():  # WH-CB-5
    # A, the third feeder, is reported (WH-IRR-5) before C's flush: he still pays all (2100)
    s = state({"C": "678p2p"}, melds={"C": [("pon:999p", "D"), ("chi:123p", "B"), ("pon:555p", "A")],
                                      "A": [("ankong:1111m", None)], "D": [("pon:111z", "A")]}, turn="C")
    events = [s, {"type": "peek", "player": "A", "target": "wall"},
              {"type": "report", "by": "B", "against": "A", "about": 1, "offence": "WH-IRR-5"},
              draw("C", "2p"), win("C")]
    hand = rule(doc(events, dealer="B"))
    assert by_payer(hand) == {"A": 2100}
    assert [(r["rule"], r["player"]) for r in hand["rulings"]] == [("WH-CB-1", "A"), ("WH-IRR-5", "A")]  # by event


# --- 相公 under dead_hand, several robbers ------------------------------------------------------------

def test_dead_hand_false_win_then_he_pays_with_his_own_product():  # WH-ZH-2 dead_hand, WH-IRR-1
    # A (dealer) declares a self-draw unopened: dead_hand: no money, A is 相公, play goes on; A discards
    # the 8s and B (碰 111z) wins on it: small hard, M_B = 开口 2 × 硬胡 2 = 4; C, D raw 4 → 20;
    # A 庄 2 × 放炮 2 → raw 16 → 80; B +120
    s = state({"A": "234m567p345s678m8s", "B": "234m567p345s8s"}, melds={"B": [("pon:111z", "C")]})
    hand = rule(doc([s, draw("A", "8s"), win("A"), discard("A", "8s"), win("B", "discard", "8s", "A")],
                    ruleset=opts(false_win="dead_hand")))
    assert winner(hand)["player"] == "B"
    assert lines(hand) == [("C", 20, 4, None), ("D", 20, 4, None), ("A", 80, 16, None)]
    assert ruled(hand)[:2] == [("WH-ZH-1", "A"), ("WH-HU-2", "A")]
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_two_robbers_seat_order():  # WH-PR-5, WH-PR-2
    # dealer C; A adds 8m to his 碰; B (waits 5m/8m) and D (waits 8m) both rob: from C: C, D, A, B:
    # D wins: 抢杠, H 10, hard: M_D = 开口 2 × 硬胡 2 × 1.5 = 6; A 开口 2 × 蓄杠 2 = 4 → raw 240;
    # B (开口) 2 → 120; C 60; A pays 420 → 2100
    s = state({"B": "67m234p567s55s", "D": "79m234s567p88p"},
              melds={"A": [("pon:888m", "C")], "B": [("pon:111z", "C")], "D": [("pon:222z", "C")]}, turn="A")
    hand = rule(doc([s, draw("A", "8m"), kong("A", "added", "8888m"), win("B", "rob_kong", "8m", "A"),
                     win("D", "rob_kong", "8m", "A")], dealer="C"))
    assert winner(hand)["player"] == "D" and by_payer(hand) == {"A": 2100}
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
    assert by_payer(hand) == {"B": 3600} and [p["cap"] for p in hand["payments"]] == [None] * 3


def test_huangzhuang_and_a_false_dealer_under_next_seat():  # WH-FLOW-6, WH-FLOW-7, WH-ZH-4
    # 荒庄: the dealer keeps the deal whatever dealer_rotation says
    s = state({}, turn="C", wall_left=14, haidi=True)
    hand = rule(doc([s, draw("C", "9m"), draw("D", "9p"), draw("A", "9s"), draw("B", "8s"),
                     {"type": "exhaustive_draw"}], ruleset=opts(dealer_rotation="next_seat")))
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}
    # a false-winning dealer loses the deal to his 下家
    s = state({"A": "234m567p345s678m8s"})
    hand = rule(doc([s, draw("A", "8s"), win("A")], ruleset=opts(dealer_rotation="next_seat")))
    assert hand["result"] == "false_win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_haidi_flush_two_units():  # WH-HU-4.7 with WH-HU-4.1, WH-HU-5
    # 海底 draws begun at 14, D to draw: D has 碰 111s, 吃 234s (both from C), holds 567s 999s 8s
    # and draws 8s: 清一色 + 海底捞, k 2, H 20, hard: M_D = 开口 2 × 硬胡 2 × 1.5 = 6 → raw 120 → 600 each
    s = state({"D": "567999s8s"}, melds={"D": [("pon:111s", "C"), ("chi:234s", "C")]}, turn="D",
              wall_left=14, haidi=True)
    hand = rule(doc([s, draw("D", "8s"), win("D")]))
    w = winner(hand)
    assert (w["value"], w["factor"], pats(w)) == (20, 6, ["WH-HU-4.1", "WH-HU-4.7"])
    assert by_payer(hand) == {"A": 600, "B": 600, "C": 600}


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
    assert by_payer(hand) == {"D": 2000}


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


def test_a_pong_taking_the_tile_makes_a_pass():  # WH-GS-1 (a higher claim), WH-GS-2
    # C discards 3p; B could win but D 碰s it and discards 6p: D's discard closed B's window, so the
    # 6p is already barred to B: 诈胡. pass_rule none: B wins: M_B 4; C 4 → 20; D 开口 2 × 放炮 2 → 16
    # → 80; A 庄 → 8 → 40
    s = state({"B": "45p234m567s88s", "D": "33p6p123456789m9s"}, melds={"B": [("pon:111z", "A")]}, turn="C",
              phase="discard", holding={"C": "3p"})
    events = [s, discard("C", "3p"), {"type": "pon", "player": "D", "tile": "3p", "with": "33p"},
              discard("D", "6p"), win("B", "discard", "6p", "D")]
    hand = rule(doc(events))
    assert ruled(hand) == [("WH-ZH-1", "B"), ("WH-GS-3", "B")]
    hand = rule(doc(events, ruleset=opts(pass_rule="none")))
    assert lines(hand) == [("C", 20, 4, None), ("D", 80, 16, None), ("A", 40, 8, None)]


def test_his_own_claim_lifts_the_bar():  # WH-GS-2
    # B (碰 111z; 45p 234m 88s 999m) lets C's 3p go; D discards 9m and B 碰s it (his claim lifts the
    # bar), discards 9m; C discards 6p: B wins: M_B = 开口 2 × 硬胡 2 = 4; C 放炮 → 8 → 40; D 4 → 20;
    # A 庄 → 8 → 40
    s = state({"B": "45p234m88s999m"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p6p", "D": "9m"})
    events = [s, discard("C", "3p"), draw("D", "1s"), discard("D", "9m"),
              {"type": "pon", "player": "B", "tile": "9m", "with": "99m"}, discard("B", "9m"),
              draw("C", "2s"), discard("C", "6p"), win("B", "discard", "6p", "C")]
    hand = rule(doc(events))
    assert lines(hand) == [("C", 40, 8, None), ("D", 20, 4, None), ("A", 40, 8, None)]


def test_robbing_a_late_added_kong_stands():  # WH-IRR-2.3, WH-FLOW-4, WH-CB-3
    # wall 15: B draws 8m (14) and adds it to his 碰 888m: a kong at 14 is a wrong kong; A robs it:
    # the robbing stands, paid by B (WH-CB-3). The false set counts for no item (WH-FAN-0): B's M is
    # 开口 2 → raw 120; C, D 60: B pays 240 → 1200
    s = state({"A": "67m234p567s55s"}, melds={"A": [("pon:111z", "B")], "B": [("pon:888m", "C")]}, turn="B",
              wall_left=15)
    hand = rule(doc([s, draw("B", "8m"), kong("B", "added", "8888m"), win("A", "rob_kong", "8m", "B")]))
    assert winner(hand)["player"] == "A" and pats(winner(hand)) == ["WH-HU-4.8"]
    assert lines(hand) == [("B", 600, 120, None), ("B", 300, 60, "WH-CB-3"), ("B", 300, 60, "WH-CB-3")]


def test_pi_in_hand_under_pi_kong_single():  # WH-HU-2.2
    # indicator 5s (皮 5s): A holds 55s as his pair: under single a 皮 may not stay in a winning hand
    s = state({"A": "234m567p345m5s"}, indicator="5s", melds={"A": [("pon:111z", "B")]})
    data = doc([s, draw("A", "5s"), win("A")], ruleset=opts(pi_kong="single"))
    hand = rule(data)
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "A"), ("WH-HU-2", "A")]
    # near miss: pi_kong none: 55s is an ordinary 将 pair: M_A = 开口 2 × 硬胡 2 × 自摸 2 × 庄 2 = 16
    data["ruleset"] = opts()
    assert by_payer(rule(data)) == {"B": 80, "C": 80, "D": 80}


# --- more `state` starts ----------------------------------------------------------------------------

def pending_last(events, **kw):
    """wall 14, D's 8s a last discard still on offer, A to draw; A (dealer, 碰 111z from C) and B
    (碰 333z from C) each hold 234m 567p 345s and an 8s."""
    s = state({"A": "234m567p345s8s", "B": "234m567p345s8s"}, melds={"A": [("pon:111z", "C")], "B": [("pon:333z", "C")]},
              turn="A", wall_left=14, last_discard={"player": "D", "tile": "8s"}, **kw)
    return doc([s] + events)


def test_state_pending_last_discard_won_on():  # §10 state, WH-FLOW-5.1, WH-PR-2
    # A and B both declare on D's 8s: dealer A first: small hard: M_A = 开口 2 × 硬胡 2 × 庄 2 = 8;
    # B 开口 2 → 16 → 80; C 8 → 40; D 放炮 2 → 16 → 80; A +200
    hand = rule(pending_last([win("B", "discard", "8s", "D"), win("A", "discard", "8s", "D")]))
    assert winner(hand)["player"] == "A"
    assert lines(hand) == [("B", 80, 16, None), ("C", 40, 8, None), ("D", 80, 16, None)]


def test_state_pending_last_discard_then_haidi():  # WH-FLOW-5.2, WH-GS-1 (no pass on a 海底 draw)
    # nobody takes D's 8s (A and B pass it); the 海底 draws begin with D's 下家 A: A draws 9m, B draws
    # 8s: 海底捞 (a self-draw, never barred): M_B = 开口 2 × 硬胡 2 × 1.5 = 6 → raw 60 × M_L:
    # A (开口 2) 120 → 600; C, D 60 → 300
    hand = rule(pending_last([draw("A", "9m"), draw("B", "8s"), win("B")]))
    w = winner(hand)
    assert (w["player"], pats(w), w["factor"]) == ("B", ["WH-HU-4.7"], 6)
    assert by_payer(hand) == {"A": 600, "C": 300, "D": 300}


def test_state_dead_hand_and_same_tile_pass():  # §10 status
    # B 相公 from the state: his win is 诈胡
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p6p"}, status={"B": {"dead_hand": True}})
    hand = rule(doc([s, discard("C", "3p"), win("B", "discard", "3p", "C")]))
    assert hand["result"] == "false_win" and hand["net"]["B"] == -6000
    # same_tile_until_move with 3p passed: the 3p is barred, the 6p is not
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p6p"}, status={"B": {"passed": {"tiles": ["3p"]}}})
    hand = rule(doc([s, discard("C", "3p"), win("B", "discard", "3p", "C")],
                    ruleset=opts(pass_rule="same_tile_until_move")))
    assert ruled(hand) == [("WH-ZH-1", "B"), ("WH-GS-3", "B")]
    hand = rule(doc([s, discard("C", "6p"), win("B", "discard", "6p", "C")],
                    ruleset=opts(pass_rule="same_tile_until_move")))
    assert by_payer(hand) == {"C": 40, "D": 20, "A": 40}


def test_state_wild_must_follow_the_indicator():  # §10 state.wild
    from referee.errors import InputError
    s = state({"A": "234p567789s5m"}, indicator="4z", melds={"A": [("pon:666p", "B")]}, wild="6z")
    assert winner(rule(doc([s, draw("A", "6z"), win("A")])))["wild"] == [{"tile": "6z", "as": "5m"}]
    s["wild"] = "5z"  # 北 gives 发, not 白
    with pytest.raises(InputError) as err:
        rule(doc([s, draw("A", "6z"), win("A")]))
    assert any("wild" in path for path in err.value.errors)


def test_a_win_undoes_a_pong_and_its_opening():  # WH-PR-4, WH-PR-1, WH-FAN-0 (a claim undone counts nothing)
    # C discards 5p; D 碰s it; B declares on the 5p before any later discard: the win takes the tile,
    # D's 碰 is undone and opens nothing: M_B = 开口 2 × 硬胡 2 = 4; C 放炮 → 8 → 40; D 4 → 20;
    # A 庄 → 8 → 40 (had D's 碰 stood, D would pay 40)
    s = state({"B": "34p234m567s88s", "D": "55p123456789m99s"}, melds={"B": [("pon:111z", "A")]}, turn="C",
              phase="discard", holding={"C": "5p"})
    events = [s, discard("C", "5p"), {"type": "pon", "player": "D", "tile": "5p", "with": "55p"},
              {"type": "correct", "player": "D", "about": 2, "action": "restore"}, win("B", "discard", "5p", "C")]
    hand = rule(doc(events))
    assert lines(hand) == [("C", 40, 8, None), ("D", 20, 4, None), ("A", 40, 8, None)]
    # the same without the table's correction: the win still takes the tile (WH-PR-4)
    hand = rule(doc(events[:3] + events[4:]))
    assert winner(hand)["player"] == "B"
    assert lines(hand) == [("C", 40, 8, None), ("D", 20, 4, None), ("A", 40, 8, None)]


def test_four_identical_tiles_need_not_be_konged():  # WH-FLOW-4 (proposal), WH-HU-1
    # A (dealer, 碰 111z) holds 2222m 3m 4m 567p 5s and draws 5s: 222m 234m 567p 55s, all four 2m
    # in hand: small hard: M_A = 开口 2 × 硬胡 2 × 自摸 2 × 庄 2 = 16 → 80 each
    s = state({"A": "222234m567p5s"}, melds={"A": [("pon:111z", "B")]})
    hand = rule(doc([s, draw("A", "5s"), win("A")]))
    assert winner(hand)["factor"] == 16 and by_payer(hand) == {"B": 80, "C": 80, "D": 80}


def test_no_seven_pairs():  # WH-HU-1, WH-HU-6
    # must_open false (so only the shape decides): 11m 33m 55p 77p 99s 22s 44z: no reading: 诈胡
    s = state({"A": "1133m5577p2299s4z"})
    hand = rule(doc([s, draw("A", "4z"), win("A")], ruleset=opts(must_open=False)))
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "A")]


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


def laizi_misuse(first):
    """indicator 7s (癞子 8s); ``first`` events by B; then C discards 5p and D (碰 222z from A) wins
    with 46p 234s 567m 55s."""
    s = state({"D": "46p234s567m55s", "B": "3p8s88s1234567m9p1s"}, indicator="7s", melds={"D": [("pon:222z", "A")]},
              turn="A", phase="discard", holding={"A": "3p", "C": "5p"})
    return doc([s] + first + [draw("C", "9m"), discard("C", "5p"), win("D", "discard", "5p", "C")])


def test_a_laizi_pong_stands_as_a_claim():  # WH-LZ-3.2, WH-IRR-3, WH-FAN-0
    # A discards 3p; B 碰s it with 3p and a 癞子 8s: a wrong claim, unreported: it stands and is a claim:
    # D small hard: M_D = 开口 2 × 硬胡 2 = 4; A 庄 2 → 8 → 40; B 开口 2 → 8 → 40; C 放炮 → 8 → 40
    hand = rule(laizi_misuse([discard("A", "3p"), {"type": "pon", "player": "B", "tile": "3p", "with": "3p8s"},
                              discard("B", "9p")]))
    assert lines(hand) == [("A", 40, 8, None), ("B", 40, 8, None), ("C", 40, 8, None)]
    assert [(r["rule"], r["player"], r["status"]) for r in hand["rulings"]] == [("WH-IRR-3", "B", "unreported")]


def test_a_kong_of_four_laizi_counts_nothing():  # WH-LZ-3.2, WH-IRR-2.2
    # B (his turn) lays 8888s as a concealed kong: a wrong kong, a false set: no item; B raw 4 → 20
    hand = rule(laizi_misuse([discard("A", "3p"), draw("B", "8s"), kong("B", "concealed", "8888s"),
                              draw("B", "1s", back=True), discard("B", "1s")]))
    assert lines(hand) == [("A", 40, 8, None), ("B", 20, 4, None), ("C", 40, 8, None)]
    assert [(r["rule"], r["player"], r["status"]) for r in hand["rulings"]] == [("WH-IRR-2", "B", "unreported")]


def test_a_call_win_that_cannot_win():  # WH-ZH-1 (a `call: win`)
    # C discards 7p; B (waits 3p/6p) calls a win on it: 诈胡, B −6000, the hand ends
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "7p"})
    hand = rule(doc([s, discard("C", "7p"), {"type": "call", "player": "B", "call": "win"}]))
    assert hand["result"] == "false_win" and ("WH-ZH-1", "B") in ruled(hand)
    assert hand["net"] == {"A": 2000, "B": -6000, "C": 2000, "D": 2000}
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}  # a non-dealer's: unchanged


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


def test_his_own_draw_that_closes_the_window_does_not_lift_it():  # WH-GS-1, WH-GS-2
    # A discards 3p; B (waits 3p/6p) draws instead of winning: his draw closes his window (a pass) and
    # does not lift it; C and D play; D discards 6p: B is barred: 诈胡. pass_rule none: B wins:
    # M_B = 开口 2 × 硬胡 2 = 4; C 4 → 20; D 放炮 → 8 → 40; A 庄 → 8 → 40
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "C")]}, turn="A", phase="discard",
              holding={"A": "3p", "D": "6p"})
    events = [s, discard("A", "3p"), draw("B", "1s"), discard("B", "1s"), draw("C", "9m"), discard("C", "9m"),
              draw("D", "9s"), discard("D", "6p"), win("B", "discard", "6p", "D")]
    hand = rule(doc(events))
    assert ruled(hand) == [("WH-ZH-1", "B"), ("WH-GS-3", "B")]
    hand = rule(doc(events, ruleset=opts(pass_rule="none")))
    assert lines(hand) == [("C", 20, 4, None), ("D", 40, 8, None), ("A", 40, 8, None)]


def test_a_robbing_after_the_replacement_is_late():  # WH-PR-3, WH-ZH-1
    # B adds 8m to his 碰 and draws his replacement; only then A declares the robbing: out of its
    # window: 诈胡 with WH-PR-3 beside (and WH-GS-3: his let-go robbing is a pass); A (dealer) −6000
    s = state({"A": "67m234p567s55s"}, melds={"A": [("pon:111z", "B")], "B": [("pon:888m", "C")]}, turn="B")
    events = [s, draw("B", "8m"), kong("B", "added", "8888m"), draw("B", "1s", back=True),
              win("A", "rob_kong", "8m", "B")]
    hand = rule(doc(events))
    assert ruled(hand) == [("WH-ZH-1", "A"), ("WH-PR-3", "A"), ("WH-GS-3", "A")]
    assert hand["net"] == {"A": -6000, "B": 2000, "C": 2000, "D": 2000}
    hand = rule(doc(events, ruleset=opts(pass_rule="none")))  # no pass rule: still late
    assert ruled(hand) == [("WH-ZH-1", "A"), ("WH-PR-3", "A")]


def test_a_restored_claim_does_not_open():  # WH-HU-2.1, WH-FAN-0 (a restored claim counts nothing)
    # B (234m 567p 678s 22p 88s) 碰s A's 2p; the table restores it before his discard; B then draws 8s:
    # 234m 567p 678s 888s 22p is a hand, but B has no claim standing: not open: 诈胡, B −6000
    s = state({"B": "234m567p678s22p88s"}, turn="A", phase="discard", holding={"A": "2p"})
    events = [s, discard("A", "2p"), {"type": "pon", "player": "B", "tile": "2p", "with": "22p"},
              {"type": "correct", "player": "B", "about": 2, "action": "restore"},
              draw("B", "8s"), win("B")]
    hand = rule(doc(events))
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "B"), ("WH-HU-2", "B")]
    assert hand["net"] == {"A": 2000, "B": -6000, "C": 2000, "D": 2000}


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
    assert by_payer(hand) == {"D": 900}
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("WH-CB-1", "D", 10)]


def test_liable_total_leaves_no_zero_line():  # WH-PAY-4 total, WH-PAY-5
    # the 全求人 清一色 碰碰胡 (H 40, raws C 160, D 240, A 160), D liable: total: 560 capped at 400:
    # C's 160 and D's own 240 fill it; nothing is left for A's share, and no line of 0 is written
    hand = rule(quanqiuren_flush(opts(liable_cap_mode="total")))
    assert lines(hand) == [("D", 800, 160, "WH-CB-2"), ("D", 1200, 240, None)]
    assert hand["net"] == {"A": 0, "B": 2000, "C": 0, "D": -2000}


def test_a_kong_on_a_last_discard_counts_nothing():  # WH-FLOW-4, WH-FLOW-5.1, WH-IRR-2/3, WH-FAN-0
    # wall 15: D draws (14) and discards 9p, a last discard; B 冲杠s it (a kong at 14: wrong, a false
    # set: no 冲杠, no claim), draws from the tail and throws 1s; nobody takes it: C, D, A draw; A's
    # 海底 draw 8s wins: 海底捞, M_A = 开口 2 × 硬胡 2 × 1.5 = 6 → raw 60 × M_L: B (nothing) 60, C, D 60
    s = state({"A": "234m567p345s8s", "B": "999p123456789m9s"}, melds={"A": [("pon:111z", "C")]}, turn="D",
              wall_left=15, holding={"D": "9p"})
    events = [s, draw("D", "2z"), discard("D", "9p"), kong("B", "claimed", "9999p"), draw("B", "1s", back=True),
              discard("B", "1s"), draw("C", "2s"), draw("D", "3s"), draw("A", "8s"), win("A")]
    hand = rule(doc(events))
    assert pats(winner(hand)) == ["WH-HU-4.7"]
    assert lines(hand) == [("B", 300, 60, None), ("C", 300, 60, None), ("D", 300, 60, None)]
    assert ("WH-IRR-2", "B") in ruled(hand)


def test_no_pass_on_a_tile_that_would_not_win_validly():  # WH-GS-1 ("could win validly")
    # B (碰 111z) holds 33p 88s 234m 567s: on 8s only 888s + 33p, no 将 pair: not a valid win, so
    # letting C's 8s go is no pass; D then discards 3p: B wins: M_B = 开口 2 × 硬胡 2 = 4;
    # C 4 → 20; D 放炮 → 8 → 40; A 庄 → 8 → 40
    s = state({"B": "33p88s234m567s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "8s", "D": "3p"})
    hand = rule(doc([s, discard("C", "8s"), draw("D", "9m"), discard("D", "3p"), win("B", "discard", "3p", "D")]))
    assert lines(hand) == [("C", 20, 4, None), ("D", 40, 8, None), ("A", 40, 8, None)]


def test_a_hand_from_the_deal():  # WH-FLOW-2/3, WH-LZ-1, WH-PAY-1
    # indicator 8p (癞子 9p). A deals and throws 9s; B draws 1p and throws it; A 碰s it (a claim from
    # anyone) and throws 5p; B draws 2s, throws it; C draws 8m and throws 5p: A wins on it: 123m
    # 456m 789m 111p 55p, small hard: M_A = 开口 2 × 硬胡 2 × 庄 2 = 8; B 8 → 40; C 放炮 2 → 16 → 80;
    # D 8 → 40; A +160, deals again (streak 1)
    deal = {"A": "123456789m1155p9s", "B": "234567p11223z3z3z", "C": "13579s2468m579p6z",
            "D": "1368s1379p4455z7z"}
    events = [{"type": "deal", "hands": deal}, {"type": "indicator", "tile": "8p"}, discard("A", "9s"),
              draw("B", "1p"), discard("B", "1p"), {"type": "pon", "player": "A", "tile": "1p", "with": "11p"},
              discard("A", "5p"), draw("B", "2s"), discard("B", "2s"), draw("C", "8m"), discard("C", "5p"),
              win("A", "discard", "5p", "C")]
    hand = rule(doc(events))
    w = winner(hand)
    assert (w["player"], w["hu"], w["factor"], w["hard"], w["wild"]) == ("A", "small", 8, True, [])
    assert lines(hand) == [("B", 40, 8, None), ("C", 80, 16, None), ("D", 40, 8, None)]
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


def test_a_game_after_a_false_winning_dealer():  # WH-ZH-4, WH-FLOW-8
    # hand 1: dealer A declares unopened: 诈胡, B deals next (streak 0). Hand 2 recorded with A dealing
    # again: a WH-FLOW-8 finding against the record; its money is settled as recorded (荒庄: none)
    first = doc([state({"A": "234m567p345s678m8s"}), draw("A", "8s"), win("A")])["hand"]
    second = doc([state({}, turn="C", wall_left=14, haidi=True), draw("C", "9m"), draw("D", "9p"), draw("A", "9s"),
                  draw("B", "8s"), {"type": "exhaustive_draw"}])["hand"]
    data = {"format": "mjref/1", "variant": "wuhan", "ruleset": {"base": 5}, "players": list("ABCD"),
            "hands": [first, second]}
    out = ruling(data)
    assert out["hands"][0]["next"] == {"dealer": "B", "streak": 0, "round_wind": None}
    assert [(r["rule"], r["status"]) for r in out["hands"][1]["rulings"]] == [("WH-FLOW-8", "ruled")]
    assert out["net"] == {"A": -6000, "B": 2000, "C": 2000, "D": 2000}
    second["dealer"] = "B"  # near miss: as ruled
    assert ruling(data)["hands"][1]["rulings"] == []
