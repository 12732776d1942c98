"""Riichi disputes, round 4 (RULEBOOK_RIICHI.md): where clauses meet in one hand or across the
hands of a ``hands`` document, the money worked out by hand from the rulebook. Rounds 1–3
(tests/test_riichi_disputes.py, tests/test_riichi_clauses.py, tests/test_riichi_clauses2.py,
tests/test_riichi_clauses3.py) check each clause alone; here two or more act together.

Most disputes play on tests/test_riichi_disputes.py's ``DEAL`` (its docstring shows it): A, the
dealer, noten; B waits on 1p/4p (pinfu), C on 4p/7p (tanyao pinfu), D on 4p/9s (East).

A chombo under ``table_mangan`` (RJ-IRR-0): a non-dealer pays the dealer 4000 and each other 2000,
the dealer pays 4000 to each.
"""
from __future__ import annotations

import pytest

from referee.errors import InputError

from .riichikit import Hand, hand_of, money, rule
from .test_riichi_clauses import DEALER_READY, game
from .test_riichi_disputes import (DEAL, FOUR, KAN_OK, NOTEN_B, TERMINALS, findings, long_hand_b,
                                   next_of, pao, payments, riichi_b, riichi_furiten, table)

NOTEN_C = dict(DEAL, C="234678m678s22s5p1z")  # C noten (5p and 1z single)


# ---------------------------------------------------------------------------------------------
# RJ-IRR-0 with RJ-IRR-1 / RJ-IRR-2: two offenders in one hand each pay their chombo


@pytest.mark.parametrize("c_furiten, expected", [
    # B and C both in furiten: two false wins, two chombos (RJ-IRR-0): B pays A 4000, C 2000,
    # D 2000; C pays A 4000, B 2000, D 2000; re-deal, honba and the carried stick unchanged
    pytest.param(True, {"A": 8000, "B": -6000, "C": -6000, "D": 4000}, id="both-furiten"),
    # near miss: C's ron stands (chombo_with_win: both): 2000 + 300 honba + the stick; B's chombo
    pytest.param(False, {"A": 1700, "B": -8000, "C": 5300, "D": 2000, "kyotaku": -1000}, id="c-valid"),
])
def test_irr0_two_false_rons_on_one_discard_two_chombos(c_furiten, expected):
    """B discarded 1p (RJ-FUR-1 on 1p/4p), C 7p or not (his waits 4p/7p); both ron A's 4p."""
    h = table(honba=1, sticks=1).go(1).draw("B", "1p").discard("B", "1p")
    h.draw("C", "7p" if c_furiten else None).discard("C").go(1)
    r = h.draw("A", "4p").discard("A", "4p").win("B", "discard", "4p", frm="A").win("C", "discard", "4p", frm="A").rule()
    assert money(r) == expected
    assert findings(r) == [("RJ-IRR-1", "ruled")] * (2 if c_furiten else 1)
    assert hand_of(r)["redeal"] is c_furiten
    assert next_of(r) == (("A", 1, 1) if c_furiten else ("B", 0, 0))


def test_irr2_two_false_riichi_at_the_exhaustive_draw_two_chombos():
    """B and C (both noten) declare riichi; the wall runs out: each a chombo (RJ-IRR-2), no noten
    payments, both sticks back, A deals again with the same honba and the carried stick."""
    h = table(dict(NOTEN_B, C=NOTEN_C["C"]), honba=1, sticks=1).go(5)
    r = h.draw("B").riichi("B").discard("B").draw("C").riichi("C").discard("C").exhaust().rule()
    assert findings(r) == [("RJ-IRR-2", "ruled"), ("RJ-IRR-2", "ruled")]
    assert money(r) == {"A": 8000, "B": -6000, "C": -6000, "D": 4000} and next_of(r) == ("A", 1, 1)
    assert payments(r)[3:] == [("C", "A", 4000, "RJ-IRR-2"), ("C", "B", 2000, "RJ-IRR-2"),
                               ("C", "D", 2000, "RJ-IRR-2")]


def test_irr2_two_false_riichi_final_penalties_each():
    """wrc2022 (chombo: final:30000): each offender's 30,000 is listed; no money moves."""
    h = table(dict(NOTEN_B, C=NOTEN_C["C"]), preset="wrc2022").go(5)
    r = h.draw("B").riichi("B").discard("B").draw("C").riichi("C").discard("C").exhaust().rule()
    assert money(r) == {}
    assert [(p["player"], p["points"], p["rule"]) for p in hand_of(r)["penalties"]] == [
        ("B", 30000, "RJ-IRR-2"), ("C", 30000, "RJ-IRR-2")]


@pytest.mark.parametrize("who, expected", [
    # B's own collapse and his false riichi: one offender, one chombo
    pytest.param("B", {"A": 4000, "B": -8000, "C": 2000, "D": 2000}, id="one-offender-pays-once"),
    # near miss: C collapsed the wall: B and C each pay a chombo
    pytest.param("C", {"A": 8000, "B": -6000, "C": -6000, "D": 4000}, id="two-offenders"),
])
def test_irr9_collapse_if_drawn_and_a_false_riichi_at_the_same_draw(who, expected):
    """wall_collapse: chombo_if_drawn; ``who`` exposes 6 wall tiles after B's riichi (noten), and
    the hand ends in an exhaustive draw: RJ-IRR-9 and RJ-IRR-2 both fall at the draw."""
    h = riichi_b(table(NOTEN_B, options={"wall_collapse": "chombo_if_drawn"}))
    r = h.ev(type="act", player=who, act="wall_disturbed", count=6).exhaust().rule()
    assert sorted(findings(r)) == [("RJ-IRR-2", "ruled"), ("RJ-IRR-9", "ruled")]
    assert money(r) == expected and next_of(r) == ("A", 0, 0)


# ---------------------------------------------------------------------------------------------
# RJ-PAY-4 with RJ-FUR-5 / RJ-IRR-0 / RJ-ABT-5: three declare on one discard, one in furiten


@pytest.mark.parametrize("preset, expected, winners, penalty", [
    # tenhou: two valid rons are no triple ron (RJ-ABT-5 needs three valid): C first (2000 + 300
    # honba + the stick), D second (East, 1300); B pays his chombo (chombo_with_win: both)
    pytest.param("tenhou", {"A": 400, "B": -8000, "C": 5300, "D": 3300, "kyotaku": -1000}, ["C", "D"], None,
                 id="tenhou-double-ron-and-chombo"),
    # ema2016 (multiple_ron all, each_winner honba, void_chombo): C 2000 + 300 + the stick, D 1300 +
    # 300; B's chombo is void
    pytest.param("ema2016", {"A": -3900, "C": 3300, "D": 1600, "kyotaku": -1000}, ["C", "D"], None,
                 id="ema2016-void-chombo"),
    # wrc2022 (head_bump): B is no winner, so he bumps nobody: C, the nearest valid winner, wins;
    # B's chombo comes off his final score
    pytest.param("wrc2022", {"A": -2300, "C": 3300, "kyotaku": -1000}, ["C"], 30000, id="wrc2022-head-bump"),
])
def test_pay4_three_declare_one_in_furiten(preset, expected, winners, penalty):
    """B discarded 4p (RJ-FUR-1); B, C and D ron A's 4p with 1 honba and 1 stick on the table.
    (Without B's furiten the three valid rons abort: tests/test_riichi_disputes.py's
    ``test_abt5_triple_ron_recorded_as_three_wins``.)"""
    h = table(honba=1, sticks=1, preset=preset).go(1)
    h.draw("B", "4p").discard("B", "4p").go(2).draw("A", "4p").discard("A", "4p")
    r = h.win("B", "discard", "4p", frm="A").win("C", "discard", "4p", frm="A").win("D", "discard", "4p", frm="A").rule()
    assert hand_of(r)["result"] == "win" and money(r) == expected
    assert [w["player"] for w in hand_of(r)["winners"]] == winners and next_of(r) == ("B", 0, 0)
    assert [p["points"] for p in hand_of(r)["penalties"]] == ([penalty] if penalty else [])


# ---------------------------------------------------------------------------------------------
# RJ-PAY-8 with RJ-PAY-4/5/6: pao on the second winner of a double ron


@pytest.mark.parametrize("options, expected", [
    # C (first after A): 2000 + 300 honba + the stick; D (second): daisangen 32,000, B liable:
    # half from A, half from B (RJ-PAY-8.5); no honba for the second winner (first_winner)
    pytest.param(None, {"A": -18300, "B": -16000, "C": 3300, "D": 32000, "kyotaku": -1000}, id="first-winner"),
    # each_winner: A, the discarder, also pays D's 300 (pao_ron_honba: discarder)
    pytest.param({"multi_ron_honba": "each_winner"},
                 {"A": -18600, "B": -16000, "C": 3300, "D": 32300, "kyotaku": -1000}, id="each-winner"),
])
def test_pay8_pao_on_the_second_winner_of_a_double_ron(options, expected):
    """tests/test_riichi_disputes.py's ``pao``: D pons A's 5z and 6z and B's 7z (B fed the third
    dragon set), waits on 7p; A discards 7p and C (tanyao pinfu, 4p/7p) rons it too."""
    r = pao(finish="ron-A", options=options).win("C", "discard", "7p", frm="A").rule()
    x = hand_of(r)
    assert [(w["player"], w["points"], w["pao"]) for w in x["winners"]] == [("C", 2000, None), ("D", 32000, "B")]
    assert money(r) == expected and next_of(r) == ("B", 0, 0)


# ---------------------------------------------------------------------------------------------
# RJ-ABT-4 with RJ-RII-1: a void fourth declaration is no fourth riichi


def four_declarations(d_points: int) -> Hand:
    h = Hand(FOUR, honba=1, sticks=1, avoid="2p4p7p9s3z9m",
             scores={"A": 34000, "B": 32000, "C": 34000 - d_points, "D": d_points}).go(4)
    for p in "ABCD":
        h.draw(p).riichi(p).discard(p)
    return h


def test_abt4_a_void_fourth_riichi_is_no_abort():
    """D holds 900 (< riichi_min_points): his declaration is void (RJ-RII-1), no stick, no abort;
    the wall runs out with all four tenpai: no noten payments; A keeps, honba 2, 4 sticks."""
    r = four_declarations(900).exhaust().rule()
    assert findings(r) == [("RJ-RII-1", "ruled")] and hand_of(r)["tenpai"] == ["A", "B", "C", "D"]
    assert money(r) == {"A": -1000, "B": -1000, "C": -1000, "kyotaku": 3000} and next_of(r) == ("A", 2, 4)


def test_abt4_near_miss_1000_points_the_fourth_riichi_stands():
    """With 1000 points D's riichi is established: the hand ended there (RJ-ABT-4), so the next draw
    is an input error (RJ-ABT-6); recorded, the abort carries all five sticks."""
    with pytest.raises(InputError):
        four_declarations(1000).draw("A").rule()
    r = four_declarations(1000).ev(type="abort", kind="four_riichi").rule()
    assert money(r) == {"A": -1000, "B": -1000, "C": -1000, "D": -1000, "kyotaku": 4000}
    assert next_of(r) == ("A", 2, 5)


# ---------------------------------------------------------------------------------------------
# RJ-END with RJ-IRR-0, RJ-ABT-4, RJ-PAY-5: the last scheduled hand (South 4, start dealer B, so
# A deals)


@pytest.mark.parametrize("b_points, over, final", [
    # B's riichi furiten ron (RJ-FUR-3 → RJ-IRR-1): 8000, his own stick back (RJ-FLOW-10): 5000 →
    # −3000, a bust (RJ-END-2); the carried stick goes to the top A (RJ-END-5): 44,000 + 1000
    pytest.param(5000, True, {"A": 45000, "B": -3000, "C": 32000, "D": 26000}, id="bust-stick-to-top"),
    # near miss: 9000 → 1000: A deals again (chombo_dealer keeps), honba 0, the stick still there
    pytest.param(9000, False, None, id="near-miss-no-bust"),
])
def test_end2_a_chombo_in_the_last_hand_with_sticks(b_points, over, final):
    h = riichi_furiten(start_dealer="B", round_wind="2z", sticks=1,
                       scores={"A": 40000, "B": b_points, "C": 30000, "D": 29000 - b_points})
    r = rule(game(h.win("B", "discard", "4p", frm="A", ura="5z")))
    assert money(r) == {"A": 4000, "B": -8000, "C": 2000, "D": 2000}
    assert hand_of(r)["next"] == {"dealer": "A", "honba": 0, "sticks": 1, "round_wind": "2z", "game_over": over}
    assert r.get("final", {}).get("scores") == final


def test_end5_four_riichi_at_the_last_hand_then_the_sticks_to_the_top():
    """Hand 1 (South 4): the four riichi abort (RJ-ABT-4): the game goes on (RJ-END-3: the dealer
    keeps by an abort), 4 sticks and 1 honba carried. Hand 2: A (noten) pays 1000 to each of B, C,
    D and loses the deal: B and D end on 31,000; the game is over (RJ-END-3) and the 4 sticks go
    to B, who comes first from the start dealer (RJ-END-5)."""
    h1 = Hand(FOUR, start_dealer="B", round_wind="2z", avoid="2p4p7p9s3z9m",
              scores={"A": 26000, "B": 31000, "C": 12000, "D": 31000}).go(4)
    for p in "ABCD":
        h1.draw(p).riichi(p).discard(p)
    d = game(h1.ev(type="abort", kind="four_riichi"), table().exhaust())
    for k in ("round_wind", "dealer", "honba", "sticks", "scores"):
        del d["hands"][1][k]  # carried from the first hand's ruling
    r = rule(d)
    assert r["hands"][0]["next"] == {"dealer": "A", "honba": 1, "sticks": 4, "round_wind": "2z", "game_over": False}
    assert r["hands"][1]["scores"] == {"A": 22000, "B": 31000, "C": 12000, "D": 31000}
    assert r["hands"][1]["next"]["game_over"] is True and r["hands"][1]["rulings"] == []
    assert r["final"]["scores"] == {"A": 22000, "B": 35000, "C": 12000, "D": 31000}
    assert r["final"]["kyotaku_to"] == "B"


@pytest.mark.parametrize("options, a_gets, over", [
    # first_winner: C (first after B) takes the honba and the stick; the dealer A, second, 1500:
    # 29,900, below 30,000: he keeps the deal and plays on
    pytest.param(None, 1500, False, id="first-winner-plays-on"),
    # each_winner: B also pays A's 300: 30,200, sole top: agari-yame (RJ-END-3)
    pytest.param({"multi_ron_honba": "each_winner"}, 1800, True, id="each-winner-agari-yame"),
])
def test_end3_a_double_ron_with_the_last_dealer_second(options, a_gets, over):
    """South 4 (1 honba, 1 stick): B discards 4p; C (tanyao pinfu 2000) and the dealer A (pinfu
    1500) ron it."""
    h = table(DEALER_READY, honba=1, sticks=1, start_dealer="B", round_wind="2z", options=options,
              scores={"A": 28400, "B": 24000, "C": 23000, "D": 23600}).go(1).draw("B", "4p").discard("B", "4p")
    r = rule(game(h.win("A", "discard", "4p", frm="B").win("C", "discard", "4p", frm="B")))
    assert money(r) == {"A": a_gets, "B": -2300 - a_gets, "C": 3300, "kyotaku": -1000}
    assert hand_of(r)["next"] == {"dealer": "A", "honba": 2, "sticks": 0, "round_wind": "2z", "game_over": over}


# ---------------------------------------------------------------------------------------------
# RJ-ABT-4 with RJ-PR-3 / RJ-RII-3: the fourth riichi's tile won on after the next player's draw


def fourth_on_9s() -> Hand:
    """tests/test_riichi_disputes.py's ``four_riichi``: A, B, C declare; D draws 9s and declares
    with it (event 20); C waits on 9s."""
    h = Hand(FOUR, honba=1, sticks=1, avoid="2p4p7p9s3z9m").go(4)
    for p in "ABC":
        h.draw(p).riichi(p).discard(p)
    return h.draw("D", "9s").riichi("D").discard("D", "9s")


def test_abt4_the_fourth_riichi_tile_won_on_after_the_next_draw():
    """A has drawn, not discarded: C's ron is in time (RJ-PR-3), so D's riichi never stood
    (RJ-RII-3) and there are not four (no RJ-ABT-4). C: riichi, ippatsu, East, 3 han 50 fu =
    6400, + 300 honba, + the carried stick and A's, B's and his own (4000)."""
    r = fourth_on_9s().draw("A").win("C", "discard", "9s", frm="D", ura="5z").rule()
    assert hand_of(r)["result"] == "win" and findings(r) == []
    assert money(r) == {"A": -1000, "B": -1000, "C": 9700, "D": -6700, "kyotaku": -1000}
    assert ("D", "kyotaku", 1000, "RJ-RII-3") not in payments(r)


@pytest.mark.parametrize("then, at, what", [
    pytest.param("discard", 22, "discard", id="next-player-discards"),
    pytest.param("nothing", 21, "draw", id="record-ends-on-the-draw"),
])
def test_abt6_near_miss_after_the_next_draw_nobody_rons(then, at, what):
    """Nobody ronned: D's riichi stood at A's draw and the hand ended there (RJ-ABT-4/6)."""
    h = fourth_on_9s().draw("A")
    if then == "discard":
        h.discard("A")
    with pytest.raises(InputError) as err:
        h.rule()
    assert err.value.errors == {f"hand.events[{at}]": [
        f"the hand ended at event 20 by four riichi (四家立直, RJ-ABT): an abort event must follow, not a {what}"]}


def test_abt4_the_abort_recorded_after_the_next_draw():
    r = fourth_on_9s().draw("A").ev(type="abort", kind="four_riichi").rule()
    assert hand_of(r)["abort"] == "four_riichi" and next_of(r) == ("A", 2, 5)
    assert money(r) == {"A": -1000, "B": -1000, "C": -1000, "D": -1000, "kyotaku": 4000}


# ---------------------------------------------------------------------------------------------
# RJ-PAY-9 with RJ-RII-3 / RJ-IRR-2: nagashi mangan by a player in riichi; beside a false riichi


def nagashi_by_c(deal: dict = DEAL, riichi_draw: int = 31) -> Hand:
    """1 honba, 1 stick carried. C draws only terminals and honours and discards what he draws;
    the player who makes draw number ``riichi_draw`` (31: C, 30: B; 0: none) declares riichi
    with it."""
    h = table(deal, honba=1, sticks=1)
    while h.draws < 70:
        p = h.turn
        h.draw(p, None, pick=TERMINALS if p == "C" else "")
        if h.draws == riichi_draw:
            h.riichi(p)
        h.discard(p)
    return h.ev(type="exhaustive_draw", nagashi=["C"])


def test_pay9_nagashi_by_a_player_in_riichi():
    """C's riichi tile is a terminal too: nagashi mangan, 4000 from the dealer A, 2000 from B and
    D (RJ-PAY-9), no noten payments, no honba added; C's stick stays on the table with the
    carried one; A (noten) passes the deal, honba + 1."""
    r = nagashi_by_c().rule()
    assert money(r) == {"A": -4000, "B": -2000, "C": 7000, "D": -2000, "kyotaku": 1000}
    assert {p[3] for p in payments(r)} == {"RJ-RII-3", "RJ-PAY-9"} and next_of(r) == ("B", 2, 2)


def test_pay9_nagashi_beside_a_false_riichi_the_chombo_replaces_it():
    """B (noten) declared riichi: his chombo at the draw (RJ-IRR-2) re-deals the hand: no nagashi,
    as no noten payments (RJ-IRR-0: a chombo found at the draw replaces its result; our reading,
    the rulebook names only the noten payments); B's stick back; A deals again, same honba."""
    r = nagashi_by_c(NOTEN_B, riichi_draw=30).rule()
    assert findings(r) == [("RJ-IRR-2", "ruled")] and hand_of(r)["redeal"] is True
    assert money(r) == {"A": 4000, "B": -8000, "C": 2000, "D": 2000} and next_of(r) == ("A", 1, 1)


@pytest.mark.parametrize("options, over", [
    pytest.param(None, True, id="tenpai-yame"),
    pytest.param({"all_last_tenpai_stop": False}, False, id="near-miss-option-off"),
])
def test_end3_nagashi_at_the_last_hand_and_the_tenpai_dealer_stops(options, over):
    """South 4 (start dealer B, A deals), the dealer A tenpai (``DEALER_READY``), C's nagashi:
    A pays C 4000, B and D 2000 (RJ-PAY-9); A keeps the deal by tenpai (RJ-FLOW-9) on 36,000, sole
    top: tenpai-yame (RJ-END-3), and the carried stick goes to him (RJ-END-5)."""
    h = nagashi_by_c(DEALER_READY, riichi_draw=0)
    h.hand.update(round_wind="2z", start_dealer="B", scores={"A": 40000, "B": 20000, "C": 20000, "D": 19000})
    if options:
        h.ruleset["options"] = options
    r = rule(game(h))
    assert money(r) == {"A": -4000, "B": -2000, "C": 8000, "D": -2000}
    assert hand_of(r)["next"] == {"dealer": "A", "honba": 2, "sticks": 1, "round_wind": "2z", "game_over": over}
    assert r.get("final", {}).get("scores") == ({"A": 37000, "B": 18000, "C": 28000, "D": 17000} if over else None)


# ---------------------------------------------------------------------------------------------
# RJ-RII-4 with RJ-PAY-2/5: ippatsu broken by another player's call, then a self-draw with honba


@pytest.mark.parametrize("pon, han, expected", [
    # D pons C's East: no ippatsu: riichi, menzen tsumo, pinfu 3 han 20 fu (base 640): 1300 from
    # the dealer, 700 from each other, + 200 each for 2 honba; B's stick comes back
    pytest.param(True, 3, {"A": -1500, "B": 3300, "C": -900, "D": -900}, id="pon-breaks-ippatsu"),
    # near miss, D draws instead: + ippatsu, 4 han 20 fu (base 1280): 2600 / 1300, + 200 each
    pytest.param(False, 4, {"A": -2800, "B": 5800, "C": -1500, "D": -1500}, id="ippatsu"),
])
def test_rii4_ippatsu_broken_by_a_pon_then_a_self_draw_with_honba(pon, han, expected):
    h = riichi_b(table(honba=2)).draw("C", "1z").discard("C", "1z")
    if pon:
        h.pon("D", "1z", "11z").discard("D", "9s")
    else:
        h.draw("D").discard("D")
    r = h.draw("A").discard("A").draw("B", "4p").win("B", "self_draw", "4p", ura="5z").rule()
    assert hand_of(r)["winners"][0]["han"] == han and money(r) == expected and next_of(r) == ("B", 0, 0)


# ---------------------------------------------------------------------------------------------
# RJ-RII-1 with RJ-IRR-6(a): a deposit paid earlier in the hand counts against riichi_min_points


@pytest.mark.parametrize("b_points, void, expected", [
    # 1500 − the 1000 deposit = 500 at the declaration: void (no stick, no riichi); at the draw B,
    # C, D are tenpai: A pays 1000 to each; the deposit stays on the table
    pytest.param(1500, True, {"A": -3000, "C": 1000, "D": 1000, "kyotaku": 1000}, id="500-left-void"),
    # near miss: 2000 − 1000 = 1000: the riichi stands, its stick goes out too
    pytest.param(2000, False, {"A": -3000, "B": -1000, "C": 1000, "D": 1000, "kyotaku": 2000}, id="1000-left"),
])
def test_rii1_a_deposit_for_an_empty_call_before_the_declaration(b_points, void, expected):
    """B calls pon on nothing (an empty call, tenhou preset: 1000 to the table, RJ-IRR-6(a)), then
    a go-round later declares riichi."""
    h = table(scores={"A": 25000, "B": b_points, "C": 25000, "D": 50000 - b_points}).go(1)
    h.draw("B").discard("B").ev(type="call", player="B", call="pon").go(3)
    r = h.draw("B").riichi("B").discard("B").exhaust().rule()
    assert findings(r) == [("RJ-IRR-6", "ruled")] + ([("RJ-RII-1", "ruled")] if void else [])
    if void:
        assert "he holds 500 points, fewer than 1000" in hand_of(r)["rulings"][1]["decision"]
    assert money(r) == expected and next_of(r) == ("B", 1, 2 - void)


# ---------------------------------------------------------------------------------------------
# RJ-RII-5 / RJ-FLOW-4 / RJ-FLOW-5 / RJ-VAL-3: a riichi player's allowed kan, its rinshan win,
# the kan's indicator and the ura under it


@pytest.mark.parametrize("ura, han, expected", [
    # riichi, menzen tsumo, rinshan, South (seat wind) 4 han + 2p dora (the kan's indicator 1p) =
    # 5; the ura under the kan's indicator is 1z: 2z, his kan, 4 ura: 9 han, baiman: 8000 from
    # the dealer, 4000 from each other; his stick comes back
    pytest.param("5z1z", 9, {"A": -8000, "B": 16000, "C": -4000, "D": -4000}, id="kan-ura-baiman"),
    # near miss: no ura dora under either indicator: 5 han, a mangan: 4000 / 2000
    pytest.param("5z6z", 5, {"A": -4000, "B": 8000, "C": -2000, "D": -2000}, id="no-ura-mangan"),
])
def test_val3_rinshan_after_a_kan_in_riichi_with_the_kans_ura(ura, han, expected):
    """tests/test_riichi_disputes.py's ``KAN_OK``: B (222z 23m 234p 678p 99s) in riichi draws the
    fourth South and kans it (his waits 1m/4m stay), the indicator 1p is turned at once, and he
    wins on his replacement 4m."""
    h = riichi_b(table(KAN_OK, avoid="1m2m4m5m4p7p8s")).go(3)
    h.draw("B", "2z").kong("B", "concealed", "2222z").ev(type="dora", tile="1p")
    r = h.draw("B", "4m", back=True).win("B", "self_draw", "4m", ura=ura).rule()
    w = hand_of(r)["winners"][0]
    assert (w["han"], w["fu"]) == (han, 60) and "rinshan" in [p["key"] for p in w["patterns"]]
    assert money(r) == expected and findings(r) == []


# ---------------------------------------------------------------------------------------------
# RJ-IRR-4 found later: a long hand reported after another player's win or after the draw


def long_b_then(finish: str, option: str, report: bool = True) -> Hand:
    """tests/test_riichi_disputes.py's ``long_hand_b`` (B holds 14, never reported in play); the
    hand ends by C's ron on A's 7p (tanyao pinfu 2000) or the exhaustive draw; then the referee
    reports B's count."""
    h = long_hand_b(options={"wrong_count": option})
    if finish == "win":
        h.go(3).draw("A", "7p").discard("A", "7p").win("C", "discard", "7p", frm="A")
    else:
        h.exhaust()
    if report:
        h.ev(type="report", by="referee", against="B", offence="RJ-IRR-4")
    return h


@pytest.mark.parametrize("finish, option, report, redeal, expected", [
    # wrong_count dead_hand: the report after C's win changes nothing
    pytest.param("win", "dead_hand", True, False, {"A": -2000, "C": 2000}, id="win-dead-hand"),
    # wrong_count chombo: found after a valid win, B's chombo is paid beside it and the win stands
    # (our reading of chombo_with_win: both, which names a chombo at the same moment as the win)
    pytest.param("win", "chombo", True, False, {"A": 2000, "B": -8000, "C": 4000, "D": 2000}, id="win-chombo"),
    pytest.param("win", "chombo", False, False, {"A": -2000, "C": 2000}, id="near-miss-never-reported"),
    # at the exhaustive draw B's 14 tiles are noten (RJ-IRR-4) whatever the report: C, D tenpai,
    # A pays C 1500, B pays D 1500; under chombo the report replaces the result: a re-deal
    pytest.param("draw", "dead_hand", True, False, {"A": -1500, "B": -1500, "C": 1500, "D": 1500}, id="draw-dead-hand"),
    pytest.param("draw", "chombo", True, True, {"A": 4000, "B": -8000, "C": 2000, "D": 2000}, id="draw-chombo"),
])
def test_irr4_a_long_hand_reported_at_the_end(finish, option, report, redeal, expected):
    r = long_b_then(finish, option, report).rule()
    assert (("RJ-IRR-4", "ruled") in findings(r)) is report
    assert hand_of(r)["redeal"] is redeal and money(r) == expected
