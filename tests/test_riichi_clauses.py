"""Riichi disputes for the rulebook clauses no other test checks (RULEBOOK_RIICHI.md), the money
worked out by hand from the rulebook: honba on a self-draw and after a dealer's win, ippatsu and
double riichi and what breaks them, haitei / houtei / rinshan / chankan (a concealed kan robbed by
thirteen orphans, RJ-PR-7), tenhou and chiihou, several rons, nagashi by two, declared tenpai,
riichi under M-League's rules or without scores, claims of the houtei discard or kans on the
haitei draw (RJ-PR-6), claim priority and empty calls (RJ-PR-1), pao for daisuushi, the §13
options that move money, and the end of the game (bust, agari-yame and tenpai-yame, tonpuu, the
extension, the sticks left to the top player with ties by seat order from the starting dealer,
final penalties).

The table is tests/test_riichi_disputes.py's ``DEAL`` (dora indicator 5z, so 6z is dora and only
A holds it; ura indicator 5z: no ura dora):

    A, dealer (East)  113m 89p 38s 334667z   noten
    B (South)         123789m 234s 99p 23p    tenpai on 1p/4p, pinfu
    C (West)          234678m 678s 22s 56p    tenpai on 4p/7p, tanyao pinfu
    D (North)         111z 44p 99s 789m 567s  tenpai on 4p/9s; East is the round wind

Base points (RJ-VAL-5) = fu × 2^(2 + han); a ron pays 4 × base (6 × for the dealer), a self-draw
2 × base from the dealer and 1 × from each other (2 × from each for a dealer's), each rounded up
to 100.
"""
from __future__ import annotations

import pytest

from .riichikit import Hand, hand_of, money, rule
from .test_riichi_disputes import (DEAL, DOUBLE_PAO, KANS, KUIKAE, NO_YAKU, ONE_KANS, WAITS, next_of, pao,
                                   payments, table)

# A and B swap hands: the dealer A waits on 1p/4p (pinfu), B is noten
DEALER_READY = dict(DEAL, A=DEAL["B"], B=DEAL["A"])


def keys(ruling: dict, n: int = 0) -> list[str]:
    return sorted(p["key"] for p in hand_of(ruling)["winners"][n]["patterns"])


def value(ruling: dict, n: int = 0) -> tuple:
    w = hand_of(ruling)["winners"][n]
    return w["han"], w["fu"], w["points"]


# ---------------------------------------------------------------------------------------------
# RJ-PAY-5 honba on a self-draw; RJ-FLOW-9 after a dealer's win


def test_pay5_honba_on_a_self_draw_100_from_each_payer():
    """B's menzen tsumo + pinfu, 2 han 20 fu (base 320): 700 from the dealer, 400 from each other;
    2 honba add 200 from each payer; the carried stick is B's; B deals next, honba 0."""
    r = table(honba=2, sticks=1).go(5).draw("B", "4p").win("B", "self_draw", "4p").rule()
    assert value(r) == (2, 20, 1500) and keys(r) == ["pinfu", "tsumo"]
    assert money(r) == {"A": -900, "B": 3100, "C": -600, "D": -600, "kyotaku": -1000}
    assert next_of(r) == ("B", 0, 0)


def test_pay5_near_miss_no_honba_no_extra():
    r = table().go(5).draw("B", "4p").win("B", "self_draw", "4p").rule()
    assert money(r) == {"A": -700, "B": 1500, "C": -400, "D": -400}


@pytest.mark.parametrize("finish, expected", [
    # dealer ron, pinfu 1 han 30 fu: 6 × 240 = 1440 → 1500, + 300 for the honba
    pytest.param("ron", {"A": 1800, "C": -1800}, id="ron"),
    # dealer tsumo + pinfu 2 han 20 fu: 2 × 320 = 640 → 700 from each, + 100 each for the honba
    pytest.param("tsumo", {"A": 2400, "B": -800, "C": -800, "D": -800}, id="tsumo"),
])
def test_flow9_a_dealer_win_keeps_the_deal_honba_plus_one(finish, expected):
    h = table(DEALER_READY, honba=1).go(2)  # A B
    if finish == "ron":
        h.draw("C", "1p").discard("C", "1p").win("A", "discard", "1p", frm="C")
    else:
        h.go(2).draw("A", "1p").win("A", "self_draw", "1p")
    r = h.rule()
    assert money(r) == expected and next_of(r) == ("A", 2, 0)


def test_flow9_double_ron_with_the_dealer_second_keeps_the_deal():
    """B discards 4p; C (first after B: 2000 + 300 + the stick) and the dealer A (second: pinfu,
    1500, no honba, no stick: RJ-PAY-5/6 first_winner). A won too: he keeps the deal, honba + 1."""
    h = table(DEALER_READY, honba=1, sticks=1).go(1).draw("B", "4p").discard("B", "4p")
    r = h.win("A", "discard", "4p", frm="B").win("C", "discard", "4p", frm="B").rule()
    assert [w["player"] for w in hand_of(r)["winners"]] == ["C", "A"]
    assert money(r) == {"A": 1500, "B": -3800, "C": 3300, "kyotaku": -1000}
    assert next_of(r) == ("A", 2, 0)


# ---------------------------------------------------------------------------------------------
# RJ-RII-4: ippatsu and double riichi, and the calls that break them


def riichi_on_2s() -> Hand:
    """One go-round, then B draws 2s and declares riichi with it."""
    return table().go(5).draw("B", "2s").riichi("B").discard("B", "2s")


def test_rii4_ippatsu_riichi_ippatsu_pinfu():
    """D's 4p before B's next discard, no call in between: 3 han 30 fu = 4 × 960 → 3900."""
    h = riichi_on_2s().draw("C").discard("C").draw("D", "4p").discard("D", "4p")
    r = h.win("B", "discard", "4p", frm="D", ura="5z").rule()
    assert keys(r) == ["ippatsu", "pinfu", "riichi"] and value(r) == (3, 30, 3900)
    assert money(r) == {"B": 3900, "D": -3900}


def test_rii4_a_pon_of_the_riichi_tile_breaks_ippatsu():
    """C pons B's declaration tile (the riichi stands: RJ-RII-3); riichi + pinfu 2000."""
    h = riichi_on_2s().pon("C", "2s", "22s").discard("C", "8m").draw("D", "4p").discard("D", "4p")
    r = h.win("B", "discard", "4p", frm="D", ura="5z").rule()
    assert keys(r) == ["pinfu", "riichi"] and money(r) == {"B": 2000, "D": -2000}
    assert ("B", "kyotaku", 1000, "RJ-RII-3") in payments(r)


def test_rii4_double_riichi_on_his_first_discard():
    """B declares with his first discard, nothing called before: double riichi 2 + pinfu 1 (no
    ippatsu: he discarded again) = 3 han 30 fu = 3900."""
    h = table().draw("A").discard("A").draw("B").riichi("B").discard("B").go(4)  # C D A B
    r = h.draw("C", "4p").discard("C", "4p").win("B", "discard", "4p", frm="C", ura="5z").rule()
    assert keys(r) == ["daburu_riichi", "pinfu"] and money(r) == {"B": 3900, "C": -3900}


def test_rii4_double_riichi_and_ippatsu():
    """C's 4p before B's next discard: double riichi 2 + ippatsu + pinfu, 4 han 30 fu = 7700."""
    h = table().draw("A").discard("A").draw("B").riichi("B").discard("B").draw("C", "4p").discard("C", "4p")
    r = h.win("B", "discard", "4p", frm="C", ura="5z").rule()
    assert keys(r) == ["daburu_riichi", "ippatsu", "pinfu"] and money(r) == {"B": 7700, "C": -7700}


def test_rii4_ippatsu_by_self_draw_on_his_next_draw():
    """Riichi + ippatsu + tsumo + pinfu, 4 han 20 fu (base 1280): 2600 / 1300."""
    h = table().go(5).draw("B").riichi("B").discard("B").go(3).draw("B", "4p")
    r = h.win("B", "self_draw", "4p", ura="5z").rule()
    assert keys(r) == ["ippatsu", "pinfu", "riichi", "tsumo"]
    assert money(r) == {"A": -2600, "B": 5200, "C": -1300, "D": -1300}


def test_rii4_near_miss_a_call_before_his_first_discard():
    """C pons A's first discard: B's riichi on his first discard is a plain riichi: 2000."""
    h = table().draw("A", "2s").discard("A", "2s").pon("C", "2s", "22s").discard("C", "8m")
    h.go(2).draw("B").riichi("B").discard("B").go(4)  # D A; B; C D A B
    r = h.draw("C", "4p").discard("C", "4p").win("B", "discard", "4p", frm="C", ura="5z").rule()
    assert keys(r) == ["pinfu", "riichi"] and money(r) == {"B": 2000, "C": -2000}


# ---------------------------------------------------------------------------------------------
# RJ-FLOW-6 haitei / houtei, RJ-FLOW-3 rinshan, RJ-PAY-3 chankan


def to_the_last_draw() -> Hand:
    h = table()
    while h.draws < 69:
        h.draw().discard()
    assert h.turn == "B"  # the 70th draw is B's
    return h


def test_flow6_haitei():
    """B's self-draw on the 70th draw: tsumo + pinfu + haitei, 3 han 20 fu (base 640): 1300 from
    the dealer, 700 from each other."""
    r = to_the_last_draw().draw("B", "4p").win("B", "self_draw", "4p").rule()
    assert keys(r) == ["haitei", "pinfu", "tsumo"] and money(r) == {"A": -1300, "B": 2700, "C": -700, "D": -700}


def test_flow6_houtei():
    """C rons B's discard after the 70th draw: tanyao + pinfu + houtei, 3 han 30 fu = 3900."""
    r = to_the_last_draw().draw("B", "7p").discard("B", "7p").win("C", "discard", "7p", frm="B").rule()
    assert keys(r) == ["houtei", "pinfu", "tanyao"] and money(r) == {"B": -3900, "C": 3900}


def test_flow6_near_miss_the_same_ron_earlier():
    r = table().go(1).draw("B", "7p").discard("B", "7p").win("C", "discard", "7p", frm="B").rule()
    assert keys(r) == ["pinfu", "tanyao"] and money(r) == {"B": -2000, "C": 2000}


def test_flow3_rinshan_after_a_concealed_kan_on_his_first_draw():
    """D kans East on his first draw (its indicator 9m turned at once, RJ-FLOW-4: 1m is dora, D
    has none) and draws 4p from the dead wall: tsumo + rinshan + East (round wind), no chiihou
    (a kan came before: RJ-VAL-3). Fu: 20 + 2 (tsumo) + 32 (concealed honour kan) + 4 (concealed
    444p) = 58 → 60; 3 han 60 fu, base 1920: 3900 from the dealer, 2000 from each other."""
    h = table().go(3).draw("D", "1z").kong("D", "concealed", "1111z").ev(type="dora", tile="9m")
    r = h.draw("D", "4p", back=True).win("D", "self_draw", "4p").rule()
    assert keys(r) == ["rinshan", "round_wind_east", "tsumo"]
    assert value(r) == (3, 60, 7900)
    assert money(r) == {"A": -3900, "B": -2000, "C": -2000, "D": 7900}


def test_pay3_chankan_the_robbed_player_pays_as_the_discarder():
    """D pons A's 4p, later adds the fourth; C robs it: tanyao + pinfu + chankan, 3 han 30 fu =
    3900 from D, + 300 for the honba, + the stick."""
    h = table(honba=1, sticks=1).draw("A", "4p").discard("A", "4p").pon("D", "4p", "44p").discard("D", "9s").go(3)
    r = h.draw("D", "4p").kong("D", "added", "4444p").win("C", "rob_kong", "4p", frm="D").rule()
    assert keys(r) == ["chankan", "pinfu", "tanyao"]
    assert payments(r) == [("D", "C", 3900, "RJ-PAY-3"), ("D", "C", 300, "RJ-PAY-5"),
                           ("kyotaku", "C", 1000, "RJ-PAY-6")]
    assert money(r) == {"C": 5200, "D": -4200, "kyotaku": -1000} and next_of(r) == ("B", 0, 0)


# ---------------------------------------------------------------------------------------------
# RJ-PAY-9 nagashi mangan: several players, no honba, the sticks stay; RJ-FLOW-8 declared tenpai

TERMINALS = "19m19p19s1234567z"
SIMPLES = "2345678m2345678p2345678s"


def nagashi_by(players: str, **kw) -> Hand:
    """Every tile ``players`` draw is a terminal or honour (they discard what they draw); A holds
    22m for DEAL's 11m, so that 34 terminal and honour tiles are left for C's and D's draws."""
    h = table(dict(DEAL, A="223m89p38s334667z"), **kw)
    while h.draws < 70:
        p = h.turn
        h.draw(p, pick=TERMINALS if p in players else SIMPLES).discard(p)
    return h.ev(type="exhaustive_draw", nagashi=list(players))


def test_pay9_two_nagashi_players_each_paid_no_honba():
    """C and D: each a non-dealer mangan as by self-draw (4000 from A, 2000 from each other), so
    C and D net 8000 − 2000; 2 honba add nothing; the stick stays; noten A passes, honba + 1."""
    r = nagashi_by("CD", honba=2, sticks=1).rule()
    assert money(r) == {"A": -8000, "B": -4000, "C": 6000, "D": 6000}
    assert {p[3] for p in payments(r)} == {"RJ-PAY-9"} and next_of(r) == ("B", 3, 1)


def test_pay9_near_miss_option_off_noten_payments():
    r = nagashi_by("CD", honba=2, sticks=1, options={"nagashi_mangan": False}).rule()
    assert money(r) == {"A": -3000, "B": 1000, "C": 1000, "D": 1000}


def test_pay9_a_claimed_discard_disqualifies():
    """D pons C's 1z: C's river lost a tile to a claim; only noten payments (B C D tenpai; D's
    hand after the pon: 44p 99s 789m 567s + 111z pon, still tenpai)."""
    h = table(dict(DEAL, D="11z44p99s789m567s9m"), avoid=WAITS + "9m")
    h.go(2).draw("C", "1z").discard("C", "1z").pon("D", "1z", "11z").discard("D", "9m")
    while h.draws < 70:
        p = h.turn
        h.draw(p, pick=TERMINALS if p == "C" else "").discard(p)
    r = h.ev(type="exhaustive_draw").rule()
    assert {p[3] for p in payments(r)} == {"RJ-PAY-7"}
    assert money(r) == {"A": -3000, "B": 1000, "C": 1000, "D": 1000}


def test_pay9_his_own_call_does_not_disqualify():
    """Interpretation of RJ-PAY-9: C pons A's 1s and discards only terminals and honours: a
    non-dealer mangan, 4000 from the dealer and 2000 from each other; the stick stays."""
    h = table(dict(DEAL, C="234678m678s11s9m5p"), honba=1, sticks=1)
    h.draw("A", "1s").discard("A", "1s").pon("C", "1s", "11s").discard("C", "9m")
    while h.draws < 70:
        p = h.turn
        h.draw(p, pick=TERMINALS if p == "C" else SIMPLES).discard(p)
    r = h.ev(type="exhaustive_draw", nagashi=["C"]).rule()
    assert money(r) == {"A": -4000, "B": -2000, "C": 8000, "D": -2000} and next_of(r) == ("B", 2, 1)


@pytest.mark.parametrize("declared, expected", [
    # only B declares: C and D keep their tenpai hidden and pay as noten
    pytest.param(["B"], {"A": -1000, "B": 3000, "C": -1000, "D": -1000}, id="one-declared"),
    # A declares tenpai with a noten hand: he counts as noten
    pytest.param(["A", "B", "C"], {"A": -1500, "B": 1500, "C": 1500, "D": -1500}, id="false-declaration"),
])
def test_flow8_declared_tenpai(declared, expected):
    r = table(options={"tenpai_declaration": "declared"}).exhaust(tenpai=declared).rule()
    assert money(r) == expected and next_of(r) == ("B", 1, 0)


def test_flow8_near_miss_auto_ignores_the_declaration():
    r = table().exhaust(tenpai=["B"]).rule()
    assert money(r) == {"A": -3000, "B": 1000, "C": 1000, "D": 1000}


# ---------------------------------------------------------------------------------------------
# RJ-RII-1 under the mleague preset: no minimum, no draw needed


def test_rii1_mleague_riichi_below_1000_points_stands():
    """B has 900 (M-League: no minimum): the stick goes out (B at −100) and comes back with his
    ron: riichi + pinfu 2000."""
    scores = {"A": 25000, "B": 900, "C": 25000, "D": 49100}
    h = table(scores=scores, preset="mleague").go(5).draw("B").riichi("B").discard("B").go(5)
    r = h.draw("D", "1p").discard("D", "1p").win("B", "discard", "1p", frm="D", ura="5z").rule()
    assert ("RJ-RII-1", "ruled") not in [(f["rule"], f["status"]) for f in hand_of(r)["rulings"]]
    assert money(r) == {"B": 2000, "D": -2000}


def test_rii1_mleague_riichi_on_the_last_draw_stands():
    """B declares with the 70th draw: the stick goes out and stays (B C D tenpai)."""
    h = to_the_last_draw_of(table(preset="mleague"))
    r = h.draw("B").riichi("B").discard("B").ev(type="exhaustive_draw").rule()
    assert money(r) == {"A": -3000, "C": 1000, "D": 1000, "kyotaku": 1000} and next_of(r) == ("B", 1, 1)


def to_the_last_draw_of(h: Hand) -> Hand:
    while h.draws < 69:
        h.draw().discard()
    return h


# ---------------------------------------------------------------------------------------------
# RJ-PAY-6: several winners, every stick to the first (the second's own stick included)


def test_pay6_the_second_winners_own_stick_goes_to_the_first():
    """D declared riichi earlier; A discards 4p: B (first) and D (second) ron. B takes the carried
    stick and D's: 1000 + 600 + 2000; D riichi, East, 40 fu: 20 + 10 + 8 + 2 (4p shanpon... ron
    on a pair wait: 4p completes 444p, a triplet by ron, 2) = 40: 2 han 40 fu = 2600."""
    h = table(honba=2, sticks=1).go(7).draw("D").riichi("D").discard("D").go(4)  # A B C D
    h.draw("A", "4p").discard("A", "4p")
    r = h.win("D", "discard", "4p", frm="A", ura="5z").win("B", "discard", "4p", frm="A").rule()
    assert [w["player"] for w in hand_of(r)["winners"]] == ["B", "D"]
    assert value(r, 1) == (2, 40, 2600)
    assert money(r) == {"A": -4200, "B": 3600, "D": 1600, "kyotaku": -1000}


# ---------------------------------------------------------------------------------------------
# RJ-END: a `hands` document (a recorded game)


def game(*hands: Hand) -> dict:
    """A ``hands`` document of the given hands (each Hand's own dealer, round wind, honba, sticks
    and scores recorded)."""
    docs = [h.doc() for h in hands]
    out = {k: v for k, v in docs[0].items() if k != "hand"}
    out["hands"] = [d["hand"] for d in docs]
    return out


# C deals (noten): A, B and D are tenpai
C_DEALS = dict(DEAL, A=DEAL["C"], C=DEAL["A"])


def test_end5_sticks_left_go_to_the_top_ties_by_seat_order_from_the_start_dealer():
    """South 4 (start dealer D, so C deals the last hand): noten C pays 1000 to each; A and D tie
    on 32,000; the stick left goes to D, first from the start dealer (seat order would say A)."""
    h = Hand(C_DEALS, dealer="C", start_dealer="D", round_wind="2z", sticks=1, avoid=WAITS,
             scores={"A": 31000, "B": 16000, "C": 21000, "D": 31000}).exhaust()
    r = rule(game(h))
    assert money(r) == {"A": 1000, "B": 1000, "C": -3000, "D": 1000}
    assert hand_of(r)["next"]["game_over"] is True
    assert r["final"]["scores"] == {"A": 32000, "B": 17000, "C": 18000, "D": 33000}
    assert r["final"]["kyotaku_to"] == "D"


def test_end3_near_miss_nobody_at_30000_goes_into_the_west_round():
    h = Hand(C_DEALS, dealer="C", start_dealer="D", round_wind="2z", sticks=1, avoid=WAITS,
             scores={"A": 28000, "B": 19000, "C": 24000, "D": 28000}).exhaust()
    r = rule(game(h))
    assert hand_of(r)["next"] == {"dealer": "D", "honba": 1, "sticks": 1, "round_wind": "3z",
                                  "game_over": False}
    assert "final" not in r


@pytest.mark.parametrize("a_points, over", [
    pytest.param(2900, True, id="below-0-bust"),
    pytest.param(3000, False, id="exactly-0-plays-on"),
])
def test_end2_bust_below_zero_not_at_zero(a_points, over):
    """East 1: noten dealer A pays 3000 (B, C, D tenpai)."""
    scores = {"A": a_points, "B": 32000, "C": 32000, "D": 36000 - a_points}
    r = rule(game(table(scores=scores, start_dealer="A").exhaust()))
    assert hand_of(r)["scores"]["A"] == a_points - 3000
    assert hand_of(r)["next"]["game_over"] is over and ("final" in r) is over


@pytest.mark.parametrize("scores, over", [
    # A, the last dealer, wins and is sole top with ≥ 30,000: agari-yame
    pytest.param({"A": 29000, "B": 24000, "C": 23000, "D": 24000}, True, id="sole-top"),
    # sole top but below 30,000 (RULEBOOK §14.4): play goes on
    pytest.param({"A": 27000, "B": 26000, "C": 23000, "D": 24000}, False, id="below-goal"),
    # not sole top: goes on
    pytest.param({"A": 26000, "B": 31000, "C": 19000, "D": 24000}, False, id="not-top"),
])
def test_end3_all_last_dealer_win(scores, over):
    """South 4, start dealer B, so A deals: A rons C's 1p, pinfu 1500."""
    h = Hand(DEALER_READY, start_dealer="B", round_wind="2z", scores=scores, avoid=WAITS).go(2)
    r = rule(game(h.draw("C", "1p").discard("C", "1p").win("A", "discard", "1p", frm="C")))
    assert money(r) == {"A": 1500, "C": -1500} and hand_of(r)["next"]["game_over"] is over


def test_end3_all_last_win_stop_off_plays_on():
    h = Hand(DEALER_READY, start_dealer="B", round_wind="2z", avoid=WAITS,
             scores={"A": 29000, "B": 24000, "C": 23000, "D": 24000},
             options={"all_last_win_stop": False}).go(2)
    r = rule(game(h.draw("C", "1p").discard("C", "1p").win("A", "discard", "1p", frm="C")))
    assert hand_of(r)["next"]["game_over"] is False


@pytest.mark.parametrize("c_points, over", [
    # West 1 (sudden death): after the hand C has exactly 30,000: over
    pytest.param(29000, True, id="someone-reaches-30000"),
    pytest.param(28900, False, id="nobody-reaches"),
])
def test_end4_extension_sudden_death(c_points, over):
    """West 1 (start dealer A): the noten dealer A pays 1000 to each of B, C, D."""
    scores = {"A": 25000, "B": 22000, "C": c_points, "D": 53000 - c_points}
    r = rule(game(table(scores=scores, start_dealer="A", round_wind="3z").exhaust()))
    assert hand_of(r)["next"]["game_over"] is over


# ---------------------------------------------------------------------------------------------
# RJ-PR-7: robbing a concealed kan, thirteen orphans only; RJ-RII-4: what breaks ippatsu

KOKUSHI = dict(DEAL, B="19m19p199s234567z")  # B: thirteen orphans waiting on East alone


def robbed_concealed_kan(**kw) -> Hand:
    """D draws the fourth East and kans it; B robs it (no indicator: a robbed kan turns none)."""
    h = Hand(KOKUSHI, avoid=WAITS + "1z", **kw).go(3).draw("D", "1z").kong("D", "concealed", "1111z")
    return h.win("B", "rob_kong", "1z", frm="D")


def test_pr7_thirteen_orphans_robs_a_concealed_kan():
    """Kokushi, a non-dealer's yakuman: 32,000 from D, who kanned (RJ-PAY-3)."""
    r = robbed_concealed_kan().rule()
    w = hand_of(r)["winners"][0]
    assert (w["limit"], w["points"]) == ("yakuman", 32000) and keys(r) == ["kokushi"]
    assert payments(r) == [("D", "B", 32000, "RJ-PAY-3")] and next_of(r) == ("B", 0, 0)


def test_pr7_near_miss_option_off_the_rob_is_a_false_win():
    r = robbed_concealed_kan(options={"chankan_closed_kokushi": False}).rule()
    assert hand_of(r)["result"] == "false_win" and "RJ-PR-7" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == {"A": 4000, "B": -8000, "C": 2000, "D": 2000}


def test_pr7_another_hand_robbing_a_concealed_kan_is_a_false_win():
    """A kans 7p on his first draw; C (tanyao, pinfu, waiting on 4p/7p) robs it: chombo."""
    h = table(dict(DEAL, A="113m7779p38s3346z")).draw("A", "7p").kong("A", "concealed", "7777p")
    r = h.win("C", "rob_kong", "7p", frm="A").rule()
    assert hand_of(r)["result"] == "false_win" and "RJ-PR-7" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == {"A": 4000, "B": 2000, "C": -8000, "D": 2000}


def test_pr7_near_miss_a_concealed_kan_nobody_robs_plays_on():
    h = Hand(KOKUSHI, avoid=WAITS + "1z").go(3).draw("D", "1z").kong("D", "concealed", "1111z")
    h.ev(type="dora", tile="7z").draw("D", back=True).discard("D").draw("A", "1m").discard("A", "1m")
    assert hand_of(h.ev(type="end").rule())["result"] == "open"


def test_rii4_a_robbed_added_kan_keeps_ippatsu():
    """B declares riichi; D adds the fourth 4p to his pon before B's next discard, and B robs it:
    riichi + ippatsu + chankan + pinfu, 4 han 30 fu = 4 × 1920 → 7700, from D."""
    h = table().draw("A", "4p").discard("A", "4p").pon("D", "4p", "44p").discard("D", "9s").go(1)
    h.draw("B").riichi("B").discard("B").go(1).draw("D", "4p").kong("D", "added", "4444p")
    r = h.win("B", "rob_kong", "4p", frm="D", ura="5z").rule()
    assert keys(r) == ["chankan", "ippatsu", "pinfu", "riichi"] and money(r) == {"B": 7700, "D": -7700}


def test_rii4_a_concealed_kan_breaks_ippatsu():
    """Interpretation of RJ-RII-4: D's concealed kan between B's declaration and A's 4p: riichi +
    pinfu, 2000 (the kan's indicator 7z makes 5z dora: nobody's)."""
    h = table().go(5).draw("B").riichi("B").discard("B").go(1).draw("D", "1z").kong("D", "concealed", "1111z")
    h.ev(type="dora", tile="7z").draw("D", back=True).discard("D").draw("A", "4p").discard("A", "4p")
    r = h.win("B", "discard", "4p", frm="A", ura="5z5z").rule()
    assert keys(r) == ["pinfu", "riichi"] and money(r) == {"A": -2000, "B": 2000}


def test_rii4_near_miss_no_kan_ippatsu():
    h = table().go(5).draw("B").riichi("B").discard("B").go(2).draw("A", "4p").discard("A", "4p")
    r = h.win("B", "discard", "4p", frm="A", ura="5z").rule()
    assert keys(r) == ["ippatsu", "pinfu", "riichi"] and money(r) == {"A": -3900, "B": 3900}


# ---------------------------------------------------------------------------------------------
# RJ-PR-6: no claim of the houtei discard


def test_pr6_a_pon_of_the_houtei_discard_stands_and_the_hand_is_dead():
    """C pons B's discard after the 70th draw and discards (RJ-IRR-6(b): the meld stands, his hand
    is dead); at the exhaustive draw B and D are tenpai, A and C noten: A pays B 1500, C pays D
    1500 (paired in turn order from the dealer)."""
    h = to_the_last_draw().draw("B", "2s").discard("B", "2s").pon("C", "2s", "22s").discard("C", "8m")
    r = h.ev(type="exhaustive_draw").rule()
    assert [(f["rule"], f["status"]) for f in hand_of(r)["rulings"]] == [("RJ-IRR-6", "ruled")]
    assert "houtei" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == {"A": -1500, "B": 1500, "C": -1500, "D": 1500}


def test_pr6_near_miss_the_same_pon_earlier():
    h = table().go(1).draw("B", "2s").discard("B", "2s").pon("C", "2s", "22s").discard("C", "8m")
    assert [f["rule"] for f in hand_of(h.ev(type="end").rule())["rulings"]] == []


def haitei_by_d(kan: bool) -> Hand:
    """C deals, so the 70th draw is D's: he draws the fourth East and (``kan``) kans it, draws his
    rinshan tile from the dead wall and discards."""
    h = to_the_last_draw_of(Hand(DEAL, dealer="C", avoid=WAITS)).draw("D", "1z")
    if kan:
        h.kong("D", "concealed", "1111z").ev(type="dora", tile="7z").draw("D", back=True)
    return h.discard("D").ev(type="exhaustive_draw")


def test_pr6_a_kan_on_the_haitei_draw_stands_and_the_hand_is_dead():
    """RJ-IRR-6(b): D's dead hand is noten; B and the dealer C are tenpai: paired in turn order
    from C, D pays C 1500 and A pays B 1500; C keeps the deal."""
    r = haitei_by_d(kan=True).rule()
    assert [(f["rule"], f["status"]) for f in hand_of(r)["rulings"]] == [("RJ-IRR-6", "ruled")]
    assert "haitei" in hand_of(r)["rulings"][0]["decision"] and hand_of(r)["tenpai"] == ["B", "C"]
    assert money(r) == {"A": -1500, "B": 1500, "C": 1500, "D": -1500} and next_of(r) == ("C", 1, 0)


def test_pr6_near_miss_no_kan_on_the_haitei_draw():
    r = haitei_by_d(kan=False).rule()
    assert hand_of(r)["rulings"] == [] and money(r) == {"A": -3000, "B": 1000, "C": 1000, "D": 1000}


# ---------------------------------------------------------------------------------------------
# RJ-FLOW-8 declared tenpai: a riichi player must show; RJ-PAY-4 double: two may win


def test_flow8_declared_a_riichi_player_counts_by_his_hand_listed_or_not():
    """B, in riichi, is not listed; only a non-riichi player may keep his tenpai hidden: B and C
    count tenpai, A and D (hidden) noten: A pays B 1500, D pays C 1500; B's stick stays."""
    h = table(options={"tenpai_declaration": "declared"}).go(5).draw("B").riichi("B").discard("B")
    r = h.exhaust(tenpai=["C"]).rule()
    assert hand_of(r)["tenpai"] == ["B", "C"]
    assert money(r) == {"A": -1500, "B": 500, "C": 1500, "D": -1500, "kyotaku": 1000}


def test_pay4_double_without_the_triple_ron_abort_the_two_nearest_win():
    """Three ron A's 4p under multiple_ron double with RJ-ABT-5 off: B and C (the two first in
    turn order from A) win; B takes the 2 honba and the stick; D's declaration does not win."""
    h = table(honba=2, sticks=1, options={"abortive_draws": ["nine_terminals"]}).go(4)
    h.draw("A", "4p").discard("A", "4p")
    r = h.win("D", "discard", "4p", frm="A").win("C", "discard", "4p", frm="A").win("B", "discard", "4p", frm="A").rule()
    assert [w["player"] for w in hand_of(r)["winners"]] == ["B", "C"] and hand_of(r)["rulings"] == []
    assert money(r) == {"A": -3600, "B": 2600, "C": 2000, "kyotaku": -1000}


def test_pay4_near_miss_all_every_ron_stands():
    h = table(honba=2, sticks=1, options={"multiple_ron": "all"}).go(4).draw("A", "4p").discard("A", "4p")
    r = h.win("D", "discard", "4p", frm="A").win("C", "discard", "4p", frm="A").win("B", "discard", "4p", frm="A").rule()
    assert [w["player"] for w in hand_of(r)["winners"]] == ["B", "C", "D"]
    assert money(r) == {"A": -4900, "B": 2600, "C": 2000, "D": 1300, "kyotaku": -1000}


# ---------------------------------------------------------------------------------------------
# RJ-IRR-2 by the dealer with honba and sticks; RJ-PAY-8 daisuushi


def test_irr2_false_riichi_by_the_dealer():
    """A (noten) declares riichi on his first discard: at the exhaustive draw a chombo: 4000 to
    each; no noten payments; his stick goes back, the carried stick stays, honba unchanged."""
    r = table(honba=2, sticks=1).draw("A").riichi("A").discard("A").exhaust().rule()
    assert hand_of(r)["redeal"] is True and hand_of(r)["result"] == "exhaustive_draw"
    assert money(r) == {"A": -12000, "B": 4000, "C": 4000, "D": 4000} and next_of(r) == ("A", 2, 1)


WINDS4 = dict(DEAL, A="113m89p38s556677z", D="11z22z33z44z7p123s9m")


def daisuushi(finish: str = "tsumo", **kw) -> Hand:
    """D pons A's East, South, West, then B's North (B fed the fourth wind set, RJ-PAY-8.1) and
    waits on 7p alone."""
    h = Hand(WINDS4, avoid="7p1p4p", honba=1, sticks=1, **kw)
    for w, junk in (("1z", "1s"), ("2z", "2s"), ("3z", "3s")):
        h.draw("A", w).discard("A", w).pon("D", w, w[0] * 2 + "z").discard("D", junk)
    h.draw("A").discard("A").draw("B", "4z").discard("B", "4z").pon("D", "4z", "44z").discard("D", "9m")
    h.go(3, start="A")
    if finish == "tsumo":
        return h.draw("D", "7p").win("D", "self_draw", "7p")
    return h.draw("D").discard("D").draw("A", "7p").discard("A", "7p").win("D", "discard", "7p", frm="A")


@pytest.mark.parametrize("finish, options, expected", [
    # 8.3: B pays the whole 32,000 and the honba
    pytest.param("tsumo", None, {"B": -32300, "D": 33300, "kyotaku": -1000}, id="tsumo"),
    # 8.5: ron on A's 7p: A and B pay 16,000 each, A the honba
    pytest.param("ron", None, {"A": -16300, "B": -16000, "D": 33300, "kyotaku": -1000}, id="ron-halves"),
    # double_yakuman: daisuushi is a double: 64,000, all from B
    pytest.param("tsumo", {"double_yakuman": True}, {"B": -64300, "D": 65300, "kyotaku": -1000}, id="double"),
    # near miss: no daisuushi pao: an ordinary self-draw, 16,000 + 8,000 + 8,000 and 100 each
    pytest.param("tsumo", {"pao": ["daisangen"]}, {"A": -16100, "B": -8100, "C": -8100, "D": 33300,
                                                   "kyotaku": -1000}, id="no-pao"),
])
def test_pay8_daisuushi_pao(finish, options, expected):
    r = daisuushi(finish, options=options).rule()
    assert keys(r) == ["daisuushi"] and money(r) == expected
    assert hand_of(r)["winners"][0]["pao"] == (None if options == {"pao": ["daisangen"]} else "B")


# ---------------------------------------------------------------------------------------------
# RJ-VAL-3 tenhou / chiihou; RJ-FUR-2 a robbable added kan let pass


def test_val3_tenhou_the_dealers_first_draw():
    """Dealer's yakuman by self-draw: 16,000 from each, + 100 each for the honba; he keeps."""
    r = table(dict(DEAL, A="123m456p789s99m23p", B=DEAL["A"]), honba=1).draw("A", "4p").win("A", "self_draw", "4p").rule()
    assert keys(r) == ["tenhou"] and money(r) == {"A": 48300, "B": -16100, "C": -16100, "D": -16100}
    assert next_of(r) == ("A", 2, 0)


def test_val3_chiihou_a_non_dealers_first_draw():
    """Non-dealer's yakuman by self-draw: 16,000 from the dealer, 8,000 from each other."""
    r = table().draw("A").discard("A").draw("B", "4p").win("B", "self_draw", "4p").rule()
    assert keys(r) == ["chiihou"] and money(r) == {"A": -16000, "B": 32000, "C": -8000, "D": -8000}


def test_val3_near_miss_a_call_before_his_first_draw():
    """C pons A's first discard: B's first draw wins only tsumo + pinfu (700 / 400)."""
    h = table().draw("A", "2s").discard("A", "2s").pon("C", "2s", "22s").discard("C", "8m").go(2)
    r = h.draw("B", "4p").win("B", "self_draw", "4p").rule()
    assert keys(r) == ["pinfu", "tsumo"] and money(r) == {"A": -700, "B": 1500, "C": -400, "D": -400}


def added_kan_let_pass(lifted: bool) -> Hand:
    """D adds the fourth 4p; B, waiting on 4p, does not rob it, and rons A's 1p before (or,
    ``lifted``, after) his own next discard."""
    h = table().draw("A", "4p").discard("A", "4p").pon("D", "4p", "44p").discard("D", "9s").go(3)
    h.draw("D", "4p").kong("D", "added", "4444p").draw("D", back=True).ev(type="dora", tile="7z").discard("D")
    if lifted:
        h.go(4)  # A B C D
    return h.draw("A", "1p").discard("A", "1p").win("B", "discard", "1p", frm="A")


def test_fur2_an_added_kan_let_pass_is_temporary_furiten():
    r = added_kan_let_pass(lifted=False).rule()
    assert "RJ-FUR-2" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == {"A": 4000, "B": -8000, "C": 2000, "D": 2000}


def test_fur2_near_miss_his_next_discard_lifts_it():
    r = added_kan_let_pass(lifted=True).rule()
    assert hand_of(r)["rulings"] == [] and money(r) == {"A": -1000, "B": 1000}


# ---------------------------------------------------------------------------------------------
# RJ-END-2/3/4 more: a chombo that busts, tenpai-yame, tonpuu, no extension, West 4, final: penalties


@pytest.mark.parametrize("b_points, over", [
    pytest.param(5000, True, id="chombo-leaves-B-below-0"),
    pytest.param(8000, False, id="near-miss-exactly-0"),
])
def test_end2_a_chombo_that_leaves_a_score_below_zero_ends_the_game(b_points, over):
    """B rons A's 3p with no yaku (RJ-IRR-1): 8000 under table_mangan."""
    scores = {"A": 25000, "B": b_points, "C": 35000, "D": 40000 - b_points}
    h = Hand(NO_YAKU, avoid=WAITS + "3p", start_dealer="A", scores=scores).go(4)
    r = rule(game(h.draw("A", "3p").discard("A", "3p").win("B", "discard", "3p", frm="A")))
    assert hand_of(r)["redeal"] is True and hand_of(r)["scores"]["B"] == b_points - 8000
    assert hand_of(r)["next"]["game_over"] is over and ("final" in r) is over


# C deals with B's tenpai hand, B holds A's noten hand, A holds C's: A, C and D are tenpai
C_TENPAI = dict(DEAL, A=DEAL["C"], B=DEAL["A"], C=DEAL["B"])


@pytest.mark.parametrize("scores, over", [
    # B, noten, pays 1000 to each: C 36,000, sole top: tenpai-yame
    pytest.param({"A": 28000, "B": 16000, "C": 35000, "D": 21000}, True, id="sole-top"),
    # C 22,000: he keeps the deal and plays on
    pytest.param({"A": 31000, "B": 16000, "C": 21000, "D": 32000}, False, id="not-top"),
])
def test_end3_all_last_tenpai_stop(scores, over):
    h = Hand(C_TENPAI, dealer="C", start_dealer="D", round_wind="2z", avoid=WAITS, scores=scores).exhaust()
    r = rule(game(h))
    assert money(r) == {"A": 1000, "B": -3000, "C": 1000, "D": 1000}
    assert hand_of(r)["next"]["dealer"] == "C" and hand_of(r)["next"]["game_over"] is over


@pytest.mark.parametrize("options, round_wind, over", [
    # tonpuu: East 4 is the last scheduled hand; D ends on 33,000
    pytest.param({"length": "tonpuu"}, "1z", True, id="tonpuu-east-4"),
    pytest.param(None, "1z", False, id="near-miss-hanchan-east-4"),
])
def test_end1_tonpuu(options, round_wind, over):
    h = Hand(C_DEALS, dealer="C", start_dealer="D", round_wind=round_wind, avoid=WAITS, options=options,
             scores={"A": 31000, "B": 16000, "C": 21000, "D": 32000}).exhaust()
    assert hand_of(rule(game(h)))["next"]["game_over"] is over


@pytest.mark.parametrize("round_wind, options, over", [
    # nobody reaches 30,000 (D 29,000): extension none ends the game at South 4
    pytest.param("2z", {"extension": "none"}, True, id="south-4-no-extension"),
    pytest.param("2z", None, False, id="near-miss-south-4-extension"),
    # West 4 is final whatever the scores
    pytest.param("3z", None, True, id="west-4-final"),
])
def test_end4_extension_option_and_west_4(round_wind, options, over):
    h = Hand(C_DEALS, dealer="C", start_dealer="D", round_wind=round_wind, avoid=WAITS, options=options,
             scores={"A": 28000, "B": 19000, "C": 25000, "D": 28000}).exhaust()
    r = rule(game(h))
    assert max(hand_of(r)["scores"].values()) == 29000 and hand_of(r)["next"]["game_over"] is over


def test_end5_final_penalties_under_wrc2022():
    """B's chombo in South 4 (start dealer B, A deals): 30,000 off his final score, no money; A
    deals again (noten: 1000 to each) and passes; A has 37,000: over. ``adjusted`` takes B's
    30,000 off."""
    h1 = Hand(NO_YAKU, avoid=WAITS + "3p", start_dealer="B", round_wind="2z", preset="wrc2022",
              scores={"A": 40000, "B": 30000, "C": 25000, "D": 25000}).go(4)
    h1.draw("A", "3p").discard("A", "3p").win("B", "discard", "3p", frm="A")
    d = game(h1, Hand(DEAL, avoid=WAITS, preset="wrc2022").exhaust())
    for k in ("round_wind", "dealer", "honba", "sticks", "scores"):
        del d["hands"][1][k]  # carried from the first hand's ruling
    r = rule(d)
    assert r["hands"][0]["net"] == {"A": 0, "B": 0, "C": 0, "D": 0, "kyotaku": 0}
    assert r["final"]["scores"] == {"A": 37000, "B": 31000, "C": 26000, "D": 26000}
    assert r["final"]["adjusted"] == {"A": 37000, "B": 1000, "C": 26000, "D": 26000}


# ---------------------------------------------------------------------------------------------
# RJ-ABT-1 / RJ-IRR-8: nine terminals by a non-dealer, and after a call

NINE_B = dict(DEAL, A=DEAL["B"], B="19m19p1s234z234m56s")  # B: eight kinds; his draw 9s is the ninth


def test_abt1_nine_terminals_by_a_non_dealer_on_his_first_draw():
    """RJ-ABT-0: no payments, the dealer keeps, honba + 1, the stick carried."""
    r = table(NINE_B, honba=1, sticks=1).draw("A").discard("A").draw("B", "9s").ev(
        type="abort", kind="nine_terminals", player="B").rule()
    assert hand_of(r)["abort"] == "nine_terminals" and money(r) == {} and next_of(r) == ("A", 2, 1)


def test_irr8_nine_terminals_after_a_call_is_chombo():
    """C pons A's first discard: B's first draw is no longer uninterrupted: a false declaration,
    shown: chombo, 4000 to the dealer and 2000 to each other; re-deal, honba unchanged."""
    h = table(NINE_B, honba=1, sticks=1).draw("A", "2s").discard("A", "2s").pon("C", "2s", "22s").discard("C", "8m")
    r = h.go(2).draw("B", "9s").ev(type="abort", kind="nine_terminals", player="B").rule()
    assert hand_of(r)["rulings"][0]["decision"] == (
        "B declared nine terminals (九種九牌) not on his first uninterrupted draw: a false declaration, chombo.")
    assert money(r) == {"A": 4000, "B": -8000, "C": 2000, "D": 2000} and next_of(r) == ("A", 1, 1)


# ---------------------------------------------------------------------------------------------
# RJ-ABT-3: the fourth kan by a second player ends the hand only if its rinshan discard passes


def fourth_kan(finish) -> Hand:
    """tests/test_riichi_disputes.py's ``KANS``: A, B and C each kan their wind; D kans North
    (indicator 2p) and ``finish`` plays his rinshan draw. 1 honba, 1 stick."""
    h = Hand(KANS, honba=1, sticks=1, avoid="1m4m8m9m5p7p2s8p5m")
    for p, wind, indicator in zip("ABC", "123", ("6z", "7z", "1p")):
        h.draw(p, wind + "z").kong(p, "concealed", wind * 4 + "z").ev(type="dora", tile=indicator)
        h.draw(p, back=True).discard(p)
    return finish(h.draw("D", "4z").kong("D", "concealed", "4444z").ev(type="dora", tile="2p"))


def test_abt3_a_rinshan_win_on_the_fourth_kan_is_a_win():
    """D: rinshan + tsumo + North (seat wind); 20 + 2 + 32 (concealed honour kan) = 54 → 60 fu,
    3 han (base 1920): 3900 + 100 from the dealer, 2000 + 100 from each other, + the stick."""
    r = fourth_kan(lambda h: h.draw("D", "8m", back=True).win("D", "self_draw", "8m")).rule()
    assert keys(r) == ["rinshan", "seat_wind_north", "tsumo"] and value(r) == (3, 60, 7900)
    assert money(r) == {"A": -4000, "B": -2100, "C": -2100, "D": 9200, "kyotaku": -1000}


def test_abt3_a_ron_on_the_fourth_kans_discard_is_a_win():
    """The dealer A rons D's 1m: double East, 20 + 10 (closed ron) + 32 = 62 → 70 fu, 2 han:
    6 × 1120 → 6800, + 300, + the stick; A keeps the deal with 2 honba."""
    r = fourth_kan(lambda h: h.draw("D", "1m", back=True).discard("D", "1m").win("A", "discard", "1m", frm="D")).rule()
    assert value(r) == (2, 70, 6800) and money(r) == {"A": 8100, "D": -7100, "kyotaku": -1000}
    assert next_of(r) == ("A", 2, 0)


# ---------------------------------------------------------------------------------------------
# §13 options that change money, through a whole dispute: kiriage, open_tanyao, multi_yakuman


@pytest.mark.parametrize("kiriage, points", [pytest.param(False, 7700, id="off"), pytest.param(True, 8000, id="on")])
def test_kiriage_4_han_30_fu(kiriage, points):
    """C: riichi + ippatsu + tanyao + pinfu, 4 han 30 fu: 4 × 1920 = 7680 → 7700, or a mangan."""
    h = table(options={"kiriage": kiriage}).go(6).draw("C").riichi("C").discard("C")
    r = h.draw("D", "4p").discard("D", "4p").win("C", "discard", "4p", frm="D", ura="5z").rule()
    assert value(r)[:2] == (4, 30) and money(r) == {"C": points, "D": -points}


@pytest.mark.parametrize("open_tanyao, expected", [
    pytest.param(True, {"A": -1000, "C": 1000}, id="on-1000"),
    # no yaku: a false win, chombo
    pytest.param(False, {"A": 4000, "B": 2000, "C": -8000, "D": 2000}, id="off-chombo"),
])
def test_open_tanyao(open_tanyao, expected):
    h = table(KUIKAE, options={"open_tanyao": open_tanyao}).go(1).draw("B", "7p").discard("B", "7p")
    h.chi("C", "7p", "56p").discard("C", "2s").go(1).draw("A", "4p").discard("A", "4p")
    assert money(h.win("C", "discard", "4p", frm="A").rule()) == expected


@pytest.mark.parametrize("multi, expected", [
    # daisangen + tsuuiisou: B pays daisangen's 32,000 and the honba, tsuuiisou is a self-draw
    pytest.param(True, {"A": -16000, "B": -40300, "C": -8000, "D": 65300, "kyotaku": -1000}, id="summed"),
    # one yakuman only: daisangen, all from B
    pytest.param(False, {"B": -32300, "D": 33300, "kyotaku": -1000}, id="single"),
])
def test_multi_yakuman(multi, expected):
    assert money(pao(DOUBLE_PAO, options={"multi_yakuman": multi}).rule()) == expected


@pytest.mark.parametrize("scores, over", [
    # West 1: C reaches 30,000, but the dealer A kept the deal by tenpai without being sole top
    pytest.param({"A": 25000, "B": 20000, "C": 29000, "D": 26000}, False, id="dealer-tenpai-not-top"),
    pytest.param({"A": 29000, "B": 20000, "C": 25000, "D": 26000}, True, id="dealer-tenpai-sole-top"),
])
def test_end4_extension_a_dealer_kept_by_tenpai(scores, over):
    """B (noten) pays 1000 to each of A, C, D."""
    h = Hand(DEALER_READY, start_dealer="A", round_wind="3z", avoid=WAITS, scores=scores).exhaust()
    r = rule(game(h))
    assert money(r) == {"A": 1000, "B": -3000, "C": 1000, "D": 1000}
    assert hand_of(r)["next"]["dealer"] == "A" and hand_of(r)["next"]["game_over"] is over


# ---------------------------------------------------------------------------------------------
# §10 / RJ-RII-1: a riichi in a single-hand document without scores


@pytest.mark.parametrize("preset, with_scores, missing", [
    pytest.param("tenhou", False, [{"fact": "scores", "player": "B", "at": 12,
                                    "needed_for": "RJ-RII-1: riichi needs 1000 points"}], id="missing"),
    pytest.param("tenhou", True, [], id="near-miss-scores-given"),
    pytest.param("mleague", False, [], id="near-miss-no-minimum"),
])
def test_rii1_riichi_points_without_scores_are_a_missing_fact(preset, with_scores, missing):
    h = table(preset=preset).go(5).draw("B").riichi("B").discard("B").go(5)
    d = h.draw("D", "1p").discard("D", "1p").win("B", "discard", "1p", frm="D", ura="5z").doc()
    if not with_scores:
        del d["hand"]["scores"]
    r = rule(d)
    assert hand_of(r)["missing"] == missing and hand_of(r)["complete"] is (not missing)
    assert money(r) == {"B": 2000, "D": -2000}


# ---------------------------------------------------------------------------------------------
# RJ-FUR-1 a wait claimed away from his river; RJ-VAL-4 a red five; RJ-END start_points


@pytest.mark.parametrize("claimed, expected", [
    # D pons B's 4p: it lies in D's meld but counts in B's river: B's ron on 1p is a false win
    pytest.param(True, {"A": 4000, "B": -8000, "C": 2000, "D": 2000}, id="claimed-away"),
    # near miss: B discards a filler tile, no wait of his: pinfu 1000
    pytest.param(False, {"A": -1000, "B": 1000}, id="near-miss-another-tile"),
])
def test_fur1_a_wait_claimed_away_from_his_river(claimed, expected):
    h = table().go(1)
    if claimed:
        h.draw("B", "4p").discard("B", "4p").pon("D", "4p", "44p").discard("D", "9s")
    else:
        h.go(3)  # B C D
    r = h.go(4).draw("A", "1p").discard("A", "1p").win("B", "discard", "1p", frm="A").rule()  # A B C D
    assert money(r) == expected
    assert [f["decision"].count("RJ-FUR-1") for f in hand_of(r)["rulings"]] == ([1] if claimed else [])


def test_val4_a_red_five_is_one_more_dora():
    """C holds 0p: tanyao + pinfu + aka dora, 3 han 30 fu = 3900 (near miss: 5p, 2000, in
    test_flow6_near_miss_the_same_ron_earlier)."""
    r = table(dict(DEAL, C="234678m678s22s06p")).go(1).draw("B", "7p").discard("B", "7p").win(
        "C", "discard", "7p", frm="B").rule()
    assert keys(r) == ["aka_dora", "pinfu", "tanyao"] and money(r) == {"B": -3900, "C": 3900}


@pytest.mark.parametrize("preset, start", [pytest.param("wrc2022", 30000, id="wrc2022"),
                                           pytest.param("tenhou", 25000, id="tenhou")])
def test_end_start_points_of_a_game_without_scores(preset, start):
    d = game(Hand(DEAL, avoid=WAITS, preset=preset, start_dealer="A").exhaust())
    del d["hands"][0]["scores"]
    r = rule(d)
    assert hand_of(r)["scores"] == {"A": start - 3000, "B": start + 1000, "C": start + 1000, "D": start + 1000}


# ---------------------------------------------------------------------------------------------
# RJ-PR-1: a meld call that loses the tile by priority is no empty call (RJ-IRR-6(a))


def test_pr1_a_pon_call_beaten_by_a_ron_is_no_empty_call():
    """D calls pon on A's 4p, C rons it: the ron has priority; C's 2000, no deposit from D."""
    h = table().go(4).draw("A", "4p").discard("A", "4p").ev(type="call", player="D", call="pon")
    r = h.win("C", "discard", "4p", frm="A").rule()
    assert hand_of(r)["rulings"] == [] and money(r) == {"A": -2000, "C": 2000}


def test_pr1_near_miss_a_pon_call_nobody_beats_is_empty():
    h = table().go(4).draw("A", "4p").discard("A", "4p").ev(type="call", player="D", call="pon")
    r = h.go(1).ev(type="end").rule()  # B draws: D's call was empty (deposit_1000)
    assert [f["rule"] for f in hand_of(r)["rulings"]] == ["RJ-IRR-6"]
    assert money(r) == {"D": -1000, "kyotaku": 1000}


def both_call(priority: str, taker: str) -> dict:
    """A discards 4p; B calls chi, D calls pon; ``taker`` takes it."""
    h = table(options={"meld_priority": priority}).draw("A", "4p").discard("A", "4p")
    h.ev(type="call", player="B", call="chi").ev(type="call", player="D", call="pon")
    if taker == "D":
        h.pon("D", "4p", "44p").discard("D", "9s").go(1, start="A")
    else:
        h.chi("B", "4p", "23p").discard("B", "9p").go(1)
    return h.ev(type="end").rule()


@pytest.mark.parametrize("priority, taker, fined", [
    # type: the pon beats the chi: B's call lost by priority
    pytest.param("type", "D", None, id="type-pon-beats-chi"),
    # near miss: D, with the priority, did not take it: his call was empty
    pytest.param("type", "B", "D", id="type-near-miss-chi-taken"),
    # first_call: B called first; D's later call lost by priority
    pytest.param("first_call", "B", None, id="first-call-chi-first"),
])
def test_pr1_meld_priority_and_empty_calls(priority, taker, fined):
    r = both_call(priority, taker)
    assert money(r) == ({} if fined is None else {fined: -1000, "kyotaku": 1000})


# ---------------------------------------------------------------------------------------------
# more §13 options that move money or end the game: kan_dora, bust, goal_points, tenpai-yame off


@pytest.mark.parametrize("options, dora, expected", [
    # tenhou: the open kan's indicator comes after the rinshan draw: the win does not count it;
    # rinshan + East, 20 + 2 + 16 (open honour kan) + 4 (444p by self-draw) = 42 → 50 fu, 2 han
    pytest.param(None, False, {"A": -1600, "B": -800, "C": -800, "D": 3200}, id="tenhou"),
    # immediate: 3p turned at once: 444p is 3 dora: 5 han, mangan 4000 / 2000
    pytest.param({"kan_dora": "immediate"}, True, {"A": -4000, "B": -2000, "C": -2000, "D": 8000}, id="immediate"),
])
def test_kan_dora_timing_and_a_rinshan_win(options, dora, expected):
    h = table(options=options).draw("A", "1z").discard("A", "1z").kong("D", "claimed", "1111z")
    if dora:
        h.ev(type="dora", tile="3p")
    r = h.draw("D", "4p", back=True).win("D", "self_draw", "4p").rule()
    assert money(r) == expected


@pytest.mark.parametrize("options, over", [pytest.param(None, True, id="bust-on"),
                                           pytest.param({"bust": False}, False, id="bust-off")])
def test_end2_bust_option(options, over):
    scores = {"A": 2900, "B": 32000, "C": 32000, "D": 33100}
    r = rule(game(table(scores=scores, start_dealer="A", options=options).exhaust()))
    assert hand_of(r)["scores"]["A"] == -100 and hand_of(r)["next"]["game_over"] is over


@pytest.mark.parametrize("options, over", [pytest.param(None, True, id="goal-30000"),
                                           pytest.param({"goal_points": 35000}, False, id="goal-35000")])
def test_end3_goal_points(options, over):
    """South 4, C deals and passes; D ends on 33,000 (tests above): below a 35,000 goal: West."""
    h = Hand(C_DEALS, dealer="C", start_dealer="D", round_wind="2z", avoid=WAITS, options=options,
             scores={"A": 31000, "B": 16000, "C": 21000, "D": 32000}).exhaust()
    assert hand_of(rule(game(h)))["next"]["game_over"] is over


def test_end3_all_last_tenpai_stop_off_plays_on():
    h = Hand(C_TENPAI, dealer="C", start_dealer="D", round_wind="2z", avoid=WAITS,
             options={"all_last_tenpai_stop": False},
             scores={"A": 28000, "B": 16000, "C": 35000, "D": 21000}).exhaust()
    assert hand_of(rule(game(h)))["next"]["game_over"] is False


@pytest.mark.parametrize("kan, expected", [
    # RJ-IRR-6(b): C's fifth kan stands, his hand is dead and noten: A pays B 1500, C pays D 1500
    pytest.param(True, {"A": -1500, "B": 1500, "C": -1500, "D": 1500}, id="fifth-kan"),
    # near miss: C discards the 2s and stays tenpai on 5p: A pays 1000 to each
    pytest.param(False, {"A": -3000, "B": 1000, "C": 1000, "D": 1000}, id="no-kan"),
])
def test_pr6_a_fifth_kan_stands_and_the_hand_is_dead(kan, expected):
    """tests/test_riichi_disputes.py's ``ONE_KANS``: B kans the four winds; then C (222s 678m 678s
    345m 5p, tenpai on 5p) draws the fourth 2s."""
    h = table(dict(ONE_KANS, C="222s678m678s345m5p"), avoid="9m4p9s5p").go(1)
    for wind, indicator in zip("1234", ("6z", "7z", "1p", "2p")):
        h.draw("B", wind + "z").kong("B", "concealed", wind * 4 + "z").ev(type="dora", tile=indicator)
        h.draw("B", back=True).discard("B").go(3)
    h.go(1).draw("C", "2s")
    if kan:
        h.kong("C", "concealed", "2222s").draw("C", back=True)
    r = h.discard("C").exhaust().rule()
    assert [f["rule"] for f in hand_of(r)["rulings"]] == (["RJ-IRR-6"] if kan else []) and money(r) == expected
