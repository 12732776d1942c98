"""Riichi disputes, round 3 (RULEBOOK_RIICHI.md): the valuation inputs the replay builds (RJ-VAL-3)
and the clauses rounds 1 and 2 (tests/test_riichi_clauses.py, tests/test_riichi_clauses2.py) leave
unchecked, the money worked out by hand from the rulebook: fu of a closed ron against a self-draw,
seven pairs, an open pinfu shape, a double-wind pair, a concealed terminal kan, a shanpon ron's open
triplet; ura only for a riichi winner; kan dora (concealed, and an open kan's before a ron); red
fives that are dora or sit in a chi; menzen tsumo lost by a chi; riichi_needs_draw and
riichi_min_points; no double riichi after a concealed kan; an added kan let pass in riichi
(RJ-FUR-3); sticks and honba carried across a ``hands`` document after a draw, a chombo re-deal and
an abort (RJ-FLOW-9/10/11).

Base points (RJ-VAL-5) = fu × 2^(2 + han), each payment rounded up to 100: a ron pays 4 × base
(6 × for the dealer), a non-dealer's self-draw 2 × from the dealer and 1 × from each other.
"""
from __future__ import annotations

import pytest

from .riichikit import Hand, hand_of, money, rule
from .test_riichi_clauses import game
from .test_riichi_disputes import CHOMBO_B, DEAL, NO_YAKU, findings, next_of, riichi_b, table


def winner(r: dict) -> tuple:
    w = hand_of(r)["winners"][0]
    return w["han"], w["fu"]


# ---------------------------------------------------------------------------------------------
# RJ-VAL-3 fu: closed ron +10 (門前加符), self-draw +2, a kanchan +2


@pytest.mark.parametrize("how, fu, expected", [
    # riichi, ron on 3p from C: 20 + 10 (closed ron) + 2 (kanchan) = 32 → 40 fu, 1 han: 320 × 4 = 1300
    pytest.param("discard", 40, {"B": 1300, "C": -1300}, id="ron-40fu"),
    # riichi + menzen tsumo, 20 + 2 (tsumo) + 2 (kanchan) = 24 → 30 fu, 2 han: base 480,
    # 1000 from the dealer, 500 from each other non-dealer
    pytest.param("self_draw", 30, {"A": -1000, "B": 2000, "C": -500, "D": -500}, id="tsumo-30fu"),
])
def test_val3_closed_ron_ten_fu_against_self_draw_two(how, fu, expected):
    h = riichi_b(table(NO_YAKU, avoid="1p3p4p7p9s")).go(4)  # a go-round: no ippatsu
    if how == "discard":
        r = h.draw("C", "3p").discard("C", "3p").win("B", "discard", "3p", frm="C", ura="5z").rule()
    else:
        r = h.go(3).draw("B", "3p").win("B", "self_draw", "3p", ura="5z").rule()
    assert winner(r)[1] == fu and money(r) == expected


# ---------------------------------------------------------------------------------------------
# RJ-VAL-3 seven pairs: 25 fu flat

PAIRS = dict(DEAL, B="1133m5577p22s44z9s")  # seven pairs waiting on 9s alone (D holds 99s)


def test_val3_seven_pairs_25_fu():
    """B, not in riichi, rons C's 9s: chiitoitsu 2 han 25 fu: base 400, 1600 from C."""
    h = table(PAIRS, avoid="1p4p7p9s").go(6)
    r = h.draw("C", "9s").discard("C", "9s").win("B", "discard", "9s", frm="C").rule()
    assert winner(r) == (2, 25) and money(r) == {"B": 1600, "C": -1600}


# ---------------------------------------------------------------------------------------------
# RJ-VAL-2/3 fu_for_open_pinfu: an open all-runs hand won by ron on a two-sided wait is 30 fu

OPEN = dict(DEAL, C="34m678m678s22s56p7z")


def open_tanyao_c(chi: bool) -> dict:
    """C chis B's 2m (234m) and throws 7z: open tanyao, 234m 678m 678s 22s 56p, waiting on 4p/7p;
    A discards 4p. Without the chi C holds 7z and is not tenpai: his ron is a false win."""
    h = table(OPEN, avoid="1p4p7p9s2m").go(5).draw("B", "2m").discard("B", "2m")
    if chi:
        h.chi("C", "2m", "34m").discard("C", "7z")
    else:
        h.draw("C").discard("C")
    return h.go(1).draw("A", "4p").discard("A", "4p").win("C", "discard", "4p", frm="A").rule()


def test_val3_open_pinfu_shape_ron_is_30_fu():
    """Open tanyao 1 han; 20 fu and nothing else, raised to 30 (not 20: 700): 240 × 4 = 1000."""
    r = open_tanyao_c(chi=True)
    assert winner(r) == (1, 30) and money(r) == {"A": -1000, "C": 1000}


def test_val3_near_miss_without_the_chi_no_win():
    """C kept 7z and 34m: not tenpai, his ron is a false win (RJ-IRR-1), chombo: 4000 to the
    dealer, 2000 to each other non-dealer."""
    r = open_tanyao_c(chi=False)
    assert ("RJ-IRR-1", "ruled") in findings(r)
    assert money(r) == {"A": 4000, "B": 2000, "C": -8000, "D": 2000}


# ---------------------------------------------------------------------------------------------
# RJ-VAL-3 a double-wind pair (the dealer's East in the East round): 4 fu

EAST = {"A": "11z111m567p678s45s", "B": DEAL["B"], "C": DEAL["C"], "D": "444z44p99s789m567s"}


@pytest.mark.parametrize("pair, fu, expected", [
    # 20 + 10 (closed ron) + 8 (concealed 111m) + 4 (East pair, seat and round) = 42 → 50 fu;
    # riichi 1 han, dealer ron: 400 × 6 = 2400
    pytest.param("11z", 50, 2400, id="double-wind-4fu"),
    # near miss: a South pair (no wind of his) 20 + 10 + 8 = 38 → 40 fu: 320 × 6 = 1920 → 2000
    pytest.param("22z", 40, 2000, id="near-miss-other-wind"),
])
def test_val3_double_wind_pair_four_fu(pair, fu, expected):
    deal = dict(EAST, A=pair + "111m567p678s45s")
    h = Hand(deal, avoid="1p3s4p6s7p9s").go(4).draw("A").riichi("A").discard("A").go(4)
    r = h.draw("B", "3s").discard("B", "3s").win("A", "discard", "3s", frm="B", ura="5z").rule()
    assert winner(r) == (1, fu) and money(r) == {"A": expected, "B": -expected}


# ---------------------------------------------------------------------------------------------
# RJ-VAL-3 ura indicators count only for a winner in riichi


@pytest.mark.parametrize("riichi, han, fu, expected", [
    # riichi: East 1 + riichi 1 + ura (indicator 4z → 1z, three in his 111z) 3 = 5 han: mangan 8000
    pytest.param(True, 5, 40, 8000, id="riichi-ura-counts"),
    # no riichi: the ura named in the win are ignored: East 1 han, 20 + 10 + 8 + 2 = 40 fu → 1300
    pytest.param(False, 1, 40, 1300, id="no-riichi-ura-ignored"),
])
def test_val3_ura_only_for_a_riichi_winner(riichi, han, fu, expected):
    h = table().go(7)  # D's second discard: no double riichi
    if riichi:
        h.draw("D").riichi("D").discard("D")
    else:
        h.go(1)
    r = h.go(6).draw("C", "4p").discard("C", "4p").win("D", "discard", "4p", frm="C", ura="4z").rule()
    assert winner(r) == (han, fu) and money(r) == {"C": -expected, "D": expected}


# ---------------------------------------------------------------------------------------------
# RJ-VAL-1/3 menzen tsumo and pinfu lost by a chi: an open hand with no yaku is a false win

CHI_B = dict(DEAL, B="123m78m234s99p45p7z")


@pytest.mark.parametrize("chi, expected", [
    # B chis A's 3p (345p), throws 7z, self-draws 9m: 123m 789m 234s 345p 99p open, no yaku →
    # RJ-IRR-1 chombo, table_mangan: B pays 4000 to the dealer and 2000 to each other
    pytest.param(True, CHOMBO_B, id="open-no-yaku-chombo"),
    # near miss: the same hand closed (345p dealt) self-draws 9m: menzen tsumo + pinfu, 2 han 20 fu,
    # base 320: 700 from the dealer, 400 from each other non-dealer
    pytest.param(False, {"A": -700, "B": 1500, "C": -400, "D": -400}, id="closed-tsumo-pinfu"),
])
def test_val1_menzen_tsumo_lost_by_a_chi(chi, expected):
    if chi:
        h = table(CHI_B, avoid="6m9m1p4p7p9s").go(4).draw("A", "3p").discard("A", "3p")
        h.chi("B", "3p", "45p").discard("B", "7z").go(3)
    else:
        h = table(dict(DEAL, B="123m78m234s99p345p"), avoid="6m9m1p4p7p9s").go(5)
    r = h.draw("B", "9m").win("B", "self_draw", "9m").rule()
    assert money(r) == expected


# ---------------------------------------------------------------------------------------------
# RJ-RII-1 riichi_needs_draw (tenhou: on): at least 4 tiles left in the live wall


def riichi_at(draw_index: int, **kw) -> dict:
    """B (drawing at indices 1, 5, … 65, 69) declares riichi with the draw of that index; the
    wall runs out: B, C, D tenpai, noten dealer A pays 1000 to each."""
    h = table(**kw)
    while h.draws < draw_index:
        h.draw().discard()
    return h.draw("B").riichi("B").discard("B").exhaust().rule()


@pytest.mark.parametrize("draw_index, options, void, expected", [
    # the 66th draw leaves 4: the riichi stands, his stick stays on the table
    pytest.param(65, None, False, {"A": -3000, "C": 1000, "D": 1000, "kyotaku": 1000}, id="4-left-stands"),
    # the 70th leaves 0: void, no stick (RJ-RII-1)
    pytest.param(69, None, True, {"A": -3000, "B": 1000, "C": 1000, "D": 1000}, id="0-left-void"),
    # riichi_needs_draw off (explicit, tenhou preset): it stands
    pytest.param(69, {"riichi_needs_draw": False}, False, {"A": -3000, "C": 1000, "D": 1000, "kyotaku": 1000},
                 id="option-off-stands"),
])
def test_rii1_riichi_needs_draw(draw_index, options, void, expected):
    r = riichi_at(draw_index, options=options)
    assert (("RJ-RII-1", "ruled") in findings(r)) is void
    assert money(r) == expected and next_of(r) == ("B", 1, 0 if void else 1)


# ---------------------------------------------------------------------------------------------
# RJ-FLOW-10/11 a ``hands`` document: the stick and the honba carried into the next hand


def carried(sticks: int) -> dict:
    """Hand 1 (East 1): B's riichi, the wall runs out, B C D tenpai: A pays 1000 to each, B's stick
    stays; the deal passes to B with 1 honba and 1 stick (scores A 22000, B 25000, C D 26000).
    Hand 2 (East 2, B deals) records ``sticks``; B rons A's 1p: pinfu 1 han 30 fu as dealer
    (240 × 6 = 1500) + 300 honba from A + the carried stick (1000)."""
    h1 = riichi_b(table(start_dealer="A")).exhaust()
    scores = {"A": 22000, "B": 25000, "C": 26000, "D": 26000}
    h2 = table(dealer="B", honba=1, sticks=sticks, scores=scores, start_dealer="A").go(3)
    h2.draw("A", "1p").discard("A", "1p").win("B", "discard", "1p", frm="A")
    return rule(game(h1, h2))


def test_flow10_the_stick_and_honba_carry_into_the_next_hand():
    r = carried(1)
    one, two = r["hands"]
    assert one["next"]["dealer"] == "B" and (one["next"]["honba"], one["next"]["sticks"]) == (1, 1)
    assert {p: v for p, v in two["net"].items() if v} == {"A": -1800, "B": 2800, "kyotaku": -1000}
    assert [f["rule"] for f in two["rulings"]] == []


def test_flow11_near_miss_a_lost_stick_is_a_finding():
    """Hand 2 records no stick: RJ-FLOW-11 finds it; its own settlement uses the recorded 0."""
    r = carried(0)
    two = r["hands"][1]
    assert "RJ-FLOW-11" in [f["rule"] for f in two["rulings"]]
    assert {p: v for p, v in two["net"].items() if v} == {"A": -1800, "B": 1800}


# ---------------------------------------------------------------------------------------------
# RJ-VAL-3/4 a concealed kan: 32 fu for terminals, and its indicator (turned at once) counted

KAN9 = dict(DEAL, B="123m999m234s99p23p", D="111z44p99s456m567s")  # D gives up his 9m


@pytest.mark.parametrize("kan, indicator, han, fu, expected", [
    # no kan: riichi, 20 + 10 (closed ron) + 8 (concealed 999m) = 38 → 40 fu, 1 han: 1300
    pytest.param(False, None, 1, 40, 1300, id="near-miss-triplet-40fu"),
    # a concealed kan of 9m, indicator 2z (3z: nobody's): 20 + 10 + 32 = 62 → 70 fu: 560 × 4 = 2300
    pytest.param(True, "2z", 1, 70, 2300, id="kan-70fu"),
    # the kan's indicator 8m makes 9m dora: four more han, 5 han: mangan 8000
    pytest.param(True, "8m", 5, 70, 8000, id="kan-dora-four"),
])
def test_val3_concealed_terminal_kan_fu_and_its_dora(kan, indicator, han, fu, expected):
    h = table(KAN9, avoid="1p4p7p9s9m").go(1)
    if kan:
        h.draw("B", "9m").kong("B", "concealed", "9999m").ev(type="dora", tile=indicator)
        h.draw("B", back=True).discard("B")
    else:
        h.go(1)
    h.go(3).draw("B").riichi("B").discard("B").go(4)
    ura = "5z5z" if kan else "5z"
    r = h.draw("C", "1p").discard("C", "1p").win("B", "discard", "1p", frm="C", ura=ura).rule()
    assert winner(r) == (han, fu) and money(r) == {"B": expected, "C": -expected}


# ---------------------------------------------------------------------------------------------
# RJ-VAL-4 a red five that is also dora counts twice


@pytest.mark.parametrize("five, han, expected", [
    # indicator 4p: 5p is dora; C's 0p is dora and aka: tanyao + pinfu + 2 = 4 han 30 fu: 7700
    pytest.param("0p", 4, 7700, id="red-and-dora"),
    # near miss: a plain 5p is dora once: 3 han 30 fu: 3900
    pytest.param("5p", 3, 3900, id="plain-five-dora-once"),
])
def test_val4_a_red_five_that_is_dora_counts_twice(five, han, expected):
    h = table(dict(DEAL, C=f"234678m678s22s{five}6p"), dora="4p").go(1)
    r = h.draw("B", "7p").discard("B", "7p").win("C", "discard", "7p", frm="B").rule()
    assert winner(r) == (han, 30) and money(r) == {"B": -expected, "C": expected}


# ---------------------------------------------------------------------------------------------
# RJ-FLOW-4 (kan_dora: tenhou) an open kan's indicator, turned after the rinshan draw and before
# the kanner's discard, counts for a ron on that discard


@pytest.mark.parametrize("indicator, expected", [
    # indicator 9p: 1p is dora, B's winning 1p with it: pinfu + dora 2 han 30 fu = 2000
    pytest.param("9p", 2000, id="new-dora-counts"),
    # near miss: indicator 2z (3z, nobody's): pinfu 1 han 30 fu = 1000
    pytest.param("2z", 1000, id="near-miss-no-dora"),
])
def test_flow4_open_kan_indicator_counts_for_a_ron_on_the_kanners_discard(indicator, expected):
    """A throws 1z, D kans it (1111z), draws 1p from the dead wall, the indicator is turned, D
    throws 1p and B rons it."""
    h = table().draw("A", "1z").discard("A", "1z").kong("D", "claimed", "1111z")
    h.draw("D", "1p", back=True).ev(type="dora", tile=indicator).discard("D", "1p")
    r = h.win("B", "discard", "1p", frm="D").rule()
    assert money(r) == {"B": expected, "D": -expected}


def test_flow10_a_chombo_re_deal_carries_the_old_stick_and_honba_not_the_new():
    """Hand 1 (1 honba, 1 stick): B's riichi, then C rons A's 1p, not one of his waits: a false win
    (RJ-IRR-1), chombo: C pays 4000 to the dealer and 2000 to each other; B's stick goes back, the
    carried one stays; the re-deal: A deals again, 1 honba, 1 stick (RJ-FLOW-9/10). Hand 2, so
    recorded: B rons A's 1p, pinfu 1000 + 300 + the stick."""
    h1 = riichi_b(table(honba=1, sticks=1, start_dealer="A")).go(2)
    h1.draw("A", "1p").discard("A", "1p").win("C", "discard", "1p", frm="A")
    scores = {"A": 29000, "B": 27000, "C": 17000, "D": 27000}
    h2 = table(honba=1, sticks=1, scores=scores, start_dealer="A").go(4)
    h2.draw("A", "1p").discard("A", "1p").win("B", "discard", "1p", frm="A")
    one, two = rule(game(h1, h2))["hands"]
    assert {p: v for p, v in one["net"].items() if v} == {"A": 4000, "B": 2000, "C": -8000, "D": 2000}
    assert (one["next"]["dealer"], one["next"]["honba"], one["next"]["sticks"]) == ("A", 1, 1)
    assert one["scores"] == scores and [f["rule"] for f in two["rulings"]] == []
    assert {p: v for p, v in two["net"].items() if v} == {"A": -1300, "B": 2300, "kyotaku": -1000}


def test_flow10_four_winds_after_a_double_riichi_carries_his_stick():
    """Hand 1: A declares (double) riichi with his first discard, 4z; B, C, D each draw and throw
    4z: 四風連打 (RJ-ABT-2). A's discard was not won on, so his stick is out (RJ-RII-3) and stays
    (RJ-FLOW-10); A keeps the deal, honba + 1 (RJ-FLOW-9). Hand 2: B rons A's 1p: 1000 + 300 +
    the stick."""
    h1 = table(start_dealer="A").draw("A").riichi("A").discard("A", "4z")
    for p in "BCD":
        h1.draw(p, "4z").discard(p, "4z")
    h1.ev(type="abort", kind="four_winds")
    scores = {"A": 24000, "B": 25000, "C": 25000, "D": 25000}
    h2 = table(honba=1, sticks=1, scores=scores, start_dealer="A").go(4)
    h2.draw("A", "1p").discard("A", "1p").win("B", "discard", "1p", frm="A")
    one, two = rule(game(h1, h2))["hands"]
    assert one["abort"] == "four_winds"
    assert {p: v for p, v in one["net"].items() if v} == {"A": -1000, "kyotaku": 1000}
    assert (one["next"]["dealer"], one["next"]["honba"], one["next"]["sticks"]) == ("A", 1, 1)
    assert [f["rule"] for f in two["rulings"]] == []
    assert {p: v for p, v in two["net"].items() if v} == {"A": -1300, "B": 2300, "kyotaku": -1000}


# ---------------------------------------------------------------------------------------------
# RJ-FUR-2/3 a robbable added kan let pass: temporary furiten, or for the rest of the hand in riichi


@pytest.mark.parametrize("riichi, expected", [
    # in riichi: furiten for the rest of the hand, his ron a go-round later is a false win:
    # chombo (his stick goes back)
    pytest.param(True, CHOMBO_B, id="riichi-furiten-chombo"),
    # near miss, not in riichi: his next discard lifted it: pinfu 1 han 30 fu, 1000 from A
    pytest.param(False, {"A": -1000, "B": 1000}, id="temporary-lifted"),
])
def test_fur3_a_robbable_added_kan_let_pass_in_riichi(riichi, expected):
    """D pons A's 4p (throws 9s); B draws and (riichi:) declares; D draws the last 4p and adds it
    to his pon: B could rob it (RJ-PR-7 chankan) and lets it pass; a go-round later A throws 1p and
    B rons."""
    h = table().draw("A", "4p").discard("A", "4p").pon("D", "4p", "44p").discard("D", "9s")
    h.go(1).draw("B")
    if riichi:
        h.riichi("B")
    h.discard("B").go(1).draw("D", "4p").kong("D", "added", "4444p")
    h.draw("D", back=True).ev(type="dora", tile="2z").discard("D").go(4)
    r = h.draw("A", "1p").discard("A", "1p").win("B", "discard", "1p", frm="A", ura="5z5z").rule()
    assert (("RJ-IRR-1", "ruled") in findings(r)) is riichi
    assert money(r) == expected


# ---------------------------------------------------------------------------------------------
# RJ-RII-1 riichi_min_points (tenhou: 1000): a void riichi puts out no stick and scores no riichi


@pytest.mark.parametrize("b_points, options, void", [
    pytest.param(900, None, True, id="900-void"),
    pytest.param(1000, None, False, id="exactly-1000-stands"),
    pytest.param(1500, {"riichi_min_points": 2000}, True, id="option-2000-void"),
    pytest.param(900, {"riichi_min_points": None}, False, id="option-null-stands"),
])
def test_rii1_riichi_min_points(b_points, options, void):
    """B declares, a go-round later rons D's 1p: riichi + pinfu 2 han 30 fu = 2000; void: pinfu
    alone, 1 han 30 fu = 1000 (and no RJ-RII-3 stick out and back)."""
    scores = {"A": 25000, "B": b_points, "C": 25000, "D": 50000 - b_points}
    h = table(scores=scores, options=options).go(5).draw("B").riichi("B").discard("B").go(5)
    r = h.draw("D", "1p").discard("D", "1p").win("B", "discard", "1p", frm="D", ura="5z").rule()
    assert (("RJ-RII-1", "ruled") in findings(r)) is void
    ron = 1000 if void else 2000
    assert money(r) == {"B": ron, "D": -ron}


# ---------------------------------------------------------------------------------------------
# RJ-VAL-3 is_tsumo and the winning tile: a triplet completed by ron is open (no sanankou, 2 fu)

SHANPON = dict(DEAL, B="222m333p789s11s77p")  # B waits on 1s / 7p (shanpon)


@pytest.mark.parametrize("how, han, fu, expected", [
    # ron on 7p from C: riichi only (777p is open by the ron): 20 + 10 + 4 + 4 + 2 = 40 fu, 1300
    pytest.param("discard", 1, 40, {"B": 1300, "C": -1300}, id="ron-no-sanankou"),
    # self-draw 7p: riichi + tsumo + sanankou 4 han, 20 + 2 + 4 + 4 + 4 = 34 → 40 fu: base 2560,
    # a mangan: 4000 from the dealer, 2000 from each other non-dealer
    pytest.param("self_draw", 4, 40, {"A": -4000, "B": 8000, "C": -2000, "D": -2000}, id="tsumo-sanankou"),
])
def test_val3_shanpon_ron_triplet_is_open(how, han, fu, expected):
    h = riichi_b(table(SHANPON, avoid="1s7p1p4p9s")).go(4)
    if how == "discard":
        h.draw("C", "7p").discard("C", "7p").win("B", "discard", "7p", frm="C", ura="5z")
    else:
        h.go(3).draw("B", "7p").win("B", "self_draw", "7p", ura="5z")
    r = h.rule()
    assert winner(r) == (han, fu) and money(r) == expected


# ---------------------------------------------------------------------------------------------
# RJ-RII-4 double riichi: a concealed kan by anyone before his first discard prevents it

KAN_A = dict(DEAL, A="113m89p38s333667z")


@pytest.mark.parametrize("kan, ura, expected", [
    # A's concealed 3333z first: B's riichi is single: riichi + pinfu 2 han 30 fu = 2000
    pytest.param(True, "5z5z", 2000, id="kan-single-riichi"),
    # near miss, no kan: double riichi + pinfu 3 han 30 fu = 3900
    pytest.param(False, "5z", 3900, id="no-kan-double-riichi"),
])
def test_rii4_a_concealed_kan_before_his_first_discard_no_double_riichi(kan, ura, expected):
    h = table(KAN_A)
    if kan:
        h.draw("A", "3z").kong("A", "concealed", "3333z").ev(type="dora", tile="2z")
        h.draw("A", back=True).discard("A")
    else:
        h.go(1)
    h.draw("B").riichi("B").discard("B").go(4)  # a go-round: no ippatsu
    r = h.draw("C", "1p").discard("C", "1p").win("B", "discard", "1p", frm="C", ura=ura).rule()
    assert money(r) == {"B": expected, "C": -expected}


# ---------------------------------------------------------------------------------------------
# RJ-VAL-3/4 a red five in an open meld is passed as the red copy: one more dora


@pytest.mark.parametrize("five, han, expected", [
    # C chis B's 0m (345m): open tanyao + aka, 2 han 30 fu: 480 × 4 = 1920 → 2000
    pytest.param("0m", 2, 2000, id="red-in-the-chi"),
    # near miss: a plain 5m: open tanyao 1 han 30 fu = 1000
    pytest.param("5m", 1, 1000, id="plain-five"),
])
def test_val4_a_red_five_in_a_chi(five, han, expected):
    h = table(OPEN, avoid="1p4p7p9s5m").go(5).draw("B", five).discard("B", five)
    h.chi("C", five, "34m").discard("C", "7z").go(1)
    r = h.draw("A", "4p").discard("A", "4p").win("C", "discard", "4p", frm="A").rule()
    assert winner(r) == (han, 30) and money(r) == {"A": -expected, "C": expected}
