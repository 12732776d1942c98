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
from .test_riichi_clauses import DEALER_READY, NINE_B, SIMPLES, fourth_kan, game
from .test_riichi_disputes import (DEAL, FOUR, KAN_OK, NO_YAKU, NOTEN_B, PAO, TERMINALS, findings, long_hand_b,
                                   next_of, pao, payments, riichi_b, riichi_furiten, state_doc, table)

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


# ---------------------------------------------------------------------------------------------
# RJ-FLOW-10 with a ``state`` (§10): a riichi established before it put its stick out in this hand


@pytest.mark.parametrize("sticks, expected, nxt", [
    # the state's one stick is B's: the chombo re-deal gives it back (kyotaku pays B 1000)
    pytest.param(1, {"A": 4000, "B": -7000, "C": 2000, "D": 2000, "kyotaku": -1000}, ("A", 0, 0), id="his-stick-back"),
    # two on the table: B's goes back, the carried one stays
    pytest.param(2, {"A": 4000, "B": -7000, "C": 2000, "D": 2000, "kyotaku": -1000}, ("A", 0, 1), id="carried-stays"),
])
def test_flow10_a_chombo_re_deal_returns_a_state_riichis_stick(sticks, expected, nxt):
    """tests/test_riichi_disputes.py's ``state_doc``: B, in riichi from the state (1p/4p), draws
    4p and throws it; his ron on C's 1p is in discard furiten (RJ-FUR-1): chombo (RJ-IRR-1)."""
    doc = state_doc({"type": "draw", "player": "B", "tile": "4p"}, {"type": "discard", "player": "B", "tile": "4p"},
                    {"type": "draw", "player": "C", "tile": "1p"}, {"type": "discard", "player": "C", "tile": "1p"},
                    {"type": "win", "player": "B", "how": "discard", "tile": "1p", "from": "C", "ura": ["5z"]})
    doc["hand"]["sticks"] = sticks
    r = rule(doc)
    assert hand_of(r)["redeal"] is True and ("kyotaku", "B", 1000, "RJ-FLOW-10") in payments(r)
    assert money(r) == expected and next_of(r) == nxt


def test_flow10_near_miss_a_state_riichis_stick_goes_to_the_winner():
    """No chombo: B's tsumo takes every stick on the table, his own among them (RJ-PAY-6)."""
    r = rule(state_doc({"type": "draw", "player": "B", "tile": "4p"},
                       {"type": "win", "player": "B", "how": "self_draw", "tile": "4p", "ura": ["5z"]}))
    assert ("kyotaku", "B", 1000, "RJ-PAY-6") in payments(r) and "RJ-FLOW-10" not in {p[3] for p in payments(r)}


# ---------------------------------------------------------------------------------------------
# RJ-RII-1 / RJ-RII-4 / RJ-FLOW-6: the last riichi allowed, and ippatsu on the haitei draw


@pytest.mark.parametrize("declared_at, han, expected", [
    # B declares with draw 66 (4 tiles left, the fewest RJ-RII-1 allows); his next draw is the
    # 70th: riichi, ippatsu, menzen tsumo, haitei, pinfu 5 han: a mangan, 4000 / 2000, + 100 each
    pytest.param(66, 5, {"A": -4100, "B": 8300, "C": -2100, "D": -2100}, id="ippatsu-haitei"),
    # near miss: declared a go-round earlier (draw 62): no ippatsu, 4 han 20 fu (base 1280):
    # 2600 / 1300, + 100 each
    pytest.param(62, 4, {"A": -2700, "B": 5500, "C": -1400, "D": -1400}, id="haitei-only"),
])
def test_rii4_ippatsu_and_haitei_on_the_last_draw(declared_at, han, expected):
    h = table(honba=1)
    while h.draws < 69:
        p = h.turn
        h.draw(p)
        if h.draws == declared_at:
            h.riichi(p)
        h.discard(p)
    r = h.draw("B", "4p").win("B", "self_draw", "4p", ura="5z").rule()
    keys = {p["key"] for p in hand_of(r)["winners"][0]["patterns"]}
    assert {"riichi", "tsumo", "haitei", "pinfu"} <= keys and ("ippatsu" in keys) is (han == 5)
    assert hand_of(r)["winners"][0]["han"] == han and money(r) == expected


# ---------------------------------------------------------------------------------------------
# RJ-ABT-3 with RJ-PR-3: the fourth kan's discard won on after the next player's draw


def after_the_fourth_kan(then) -> Hand:
    """tests/test_riichi_clauses.py's ``fourth_kan`` (A, B, C, D each kan their wind; 1 honba, 1
    stick): D throws his replacement 1m (event 20) and the dealer A draws."""
    return then(fourth_kan(lambda h: h.draw("D", "1m", back=True).discard("D", "1m").draw("A")))


def test_abt3_the_fourth_kans_discard_won_on_after_the_next_draw():
    """A has drawn, not discarded: B's ron on D's 1m is in time (RJ-PR-3): a win, no abort. B
    (2222z 23m 456p 789s 11m): South 1 han, 20 + 10 (closed ron) + 32 (concealed honour kan) = 62
    → 70 fu: 4 × 560 → 2300, + 300 honba, + the stick."""
    r = after_the_fourth_kan(lambda h: h.win("B", "discard", "1m", frm="D")).rule()
    assert [(w["player"], w["han"], w["fu"], w["points"]) for w in hand_of(r)["winners"]] == [("B", 1, 70, 2300)]
    assert money(r) == {"B": 3600, "D": -2600, "kyotaku": -1000} and next_of(r) == ("B", 0, 0)


@pytest.mark.parametrize("then, at, what", [
    pytest.param(lambda h: h.discard("A"), 22, "discard", id="next-player-discards"),
    pytest.param(lambda h: h, 21, "draw", id="record-ends-on-the-draw"),
    pytest.param(lambda h: h.win("A", "self_draw"), 22, "win", id="the-drawer-cannot-win-on-it"),
])
def test_abt6_near_miss_after_the_fourth_kans_discard_nobody_rons(then, at, what):
    with pytest.raises(InputError) as err:
        after_the_fourth_kan(then).rule()
    assert err.value.errors == {f"hand.events[{at}]": [
        f"the hand ended at event 20 by four kans (四槓散了, RJ-ABT): an abort event must follow, not a {what}"]}


def test_abt3_the_abort_recorded_after_the_next_draw():
    r = after_the_fourth_kan(lambda h: h.ev(type="abort", kind="four_kans")).rule()
    assert hand_of(r)["abort"] == "four_kans" and money(r) == {} and next_of(r) == ("A", 2, 1)



@pytest.mark.parametrize("then, expected, nxt", [
    # nobody wins on D's riichi tile: it stood (RJ-RII-3; as RJ-ABT-2 says of four winds), and its
    # stick stays on the table with the carried one; the dealer keeps, honba + 1
    pytest.param(lambda h: h.ev(type="abort", kind="four_kans"), {"D": -1000, "kyotaku": 1000}, ("A", 2, 2),
                 id="abort-keeps-his-stick"),
    # B rons it after A's draw, in time: D's riichi never stood: no stick (B's 2300 + 300 + 1000)
    pytest.param(lambda h: h.win("B", "discard", "1m", frm="D"), {"B": 3600, "D": -2600, "kyotaku": -1000},
                 ("B", 0, 0), id="ronned-no-stick"),
])
def test_abt3_a_riichi_declared_with_the_fourth_kans_discard(then, expected, nxt):
    """D declares riichi with his replacement 1m after the fourth kan (his kans are concealed);
    the dealer A draws."""
    h = fourth_kan(lambda h: h.draw("D", "1m", back=True).riichi("D").discard("D", "1m").draw("A"))
    r = then(h).rule()
    assert money(r) == expected and next_of(r) == nxt

# ---------------------------------------------------------------------------------------------
# RJ-PAY-3 with RJ-PAY-4/5/6 and RJ-RII-4: two players rob one added kan


@pytest.mark.parametrize("riichi, expected", [
    # B (first from D, the kanner): chankan, pinfu 2 han 30 fu = 2000 + 300 honba + the stick;
    # C: tanyao, pinfu, chankan 3900; D pays both as the discarder (RJ-PAY-3)
    pytest.param(False, {"B": 3300, "C": 3900, "D": -6200, "kyotaku": -1000}, id="plain"),
    # B declared riichi before D's added kan: the robbed kan never completed, so his ippatsu holds
    # (RJ-RII-4): riichi, ippatsu, chankan, pinfu 4 han 30 fu = 7700 + 300 + both sticks
    pytest.param(True, {"B": 9000, "C": 3900, "D": -11900, "kyotaku": -1000}, id="riichi-ippatsu"),
])
def test_pay3_a_double_chankan(riichi, expected):
    """D pons A's 4p and later adds the fourth; B (1p/4p) and C (4p/7p) rob it (1 honba, 1 stick)."""
    h = table(honba=1, sticks=1).draw("A", "4p").discard("A", "4p").pon("D", "4p", "44p").discard("D", "9s")
    if riichi:
        h.draw("A").discard("A").draw("B").riichi("B").discard("B").draw("C").discard("C")
    else:
        h.go(3)
    h.draw("D", "4p").kong("D", "added", "4444p")
    r = h.win("C", "rob_kong", "4p", frm="D").win("B", "rob_kong", "4p", frm="D", **({"ura": ["5z"]} if riichi else {})).rule()
    assert [w["player"] for w in hand_of(r)["winners"]] == ["B", "C"]
    assert ("ippatsu" in [p["key"] for p in hand_of(r)["winners"][0]["patterns"]]) is riichi
    assert money(r) == expected and next_of(r) == ("B", 0, 0)


# ---------------------------------------------------------------------------------------------
# RJ-FUR-3 / RJ-IRR-0 with RJ-PAY-6: a riichi player's furiten ron beside a valid ron


@pytest.mark.parametrize("preset, expected", [
    # tenhou (chombo_with_win: both): no re-deal, so B's stick stood and goes with the carried one
    # to C (2000 + 300 + 2000); B pays his chombo: A 4000, C 2000, D 2000
    pytest.param("tenhou", {"A": 1700, "B": -9000, "C": 6300, "D": 2000, "kyotaku": -1000}, id="both"),
    # ema2016 (void_chombo, multiple_ron all): only C's win, with both sticks and the honba
    pytest.param("ema2016", {"A": -2300, "B": -1000, "C": 4300, "kyotaku": -1000}, id="void-chombo"),
])
def test_irr0_a_riichi_furiten_ron_beside_a_valid_ron_the_sticks(preset, expected):
    """B in riichi let C's 1p pass (RJ-FUR-3); B and C ron A's 4p (1 honba, 1 stick carried)."""
    h = riichi_furiten(honba=1, sticks=1, preset=preset)
    r = h.win("B", "discard", "4p", frm="A", ura="5z").win("C", "discard", "4p", frm="A").rule()
    assert [w["player"] for w in hand_of(r)["winners"]] == ["C"] and hand_of(r)["redeal"] is False
    assert money(r) == expected and next_of(r) == ("B", 0, 0)


def test_abt4_the_fourth_riichi_tile_ronned_in_furiten_re_deals_all_sticks_back():
    """C declared riichi with 9s, one of his waits (RJ-FUR-1), and rons D's fourth riichi tile 9s:
    a false win, chombo (RJ-IRR-1). No four riichi (the tile was won on); the re-deal gives A, B
    and C their sticks back (D's never stood); the carried stick and the honba stay."""
    h = Hand(FOUR, honba=1, sticks=1, avoid="2p4p7p9s3z9m").go(4)
    h.draw("A").riichi("A").discard("A").draw("B").riichi("B").discard("B")
    h.draw("C", "9s").riichi("C").discard("C", "9s").draw("D", "9s").riichi("D").discard("D", "9s")
    r = h.win("C", "discard", "9s", frm="D", ura="5z").rule()
    assert (hand_of(r)["result"], hand_of(r)["redeal"]) == ("false_win", True)
    assert money(r) == {"A": 4000, "B": 2000, "C": -8000, "D": 2000} and next_of(r) == ("A", 1, 1)


# ---------------------------------------------------------------------------------------------
# RJ-END-2 in a ``hands`` document without ``start_dealer``: a bust needs no hand number


@pytest.mark.parametrize("finish, options, over", [
    # the noten dealer A pays 1000 to each of B, C, D: 2900 → −100, the game is over
    pytest.param("draw", None, True, id="draw-bust"),
    pytest.param("draw", {"bust": False}, False, id="near-miss-bust-off"),
    # B's chombo (no yaku, RJ-IRR-1): 8000 from 5000: −3000, over, though the hand is re-dealt
    pytest.param("chombo", None, True, id="chombo-bust"),
])
def test_end2_a_bust_without_start_dealer(finish, options, over):
    if finish == "draw":
        h = table(scores={"A": 2900, "B": 32000, "C": 32000, "D": 33100}, options=options).exhaust()
    else:
        h = table(NO_YAKU, avoid="1p4p7p9s3p", scores={"A": 25000, "B": 5000, "C": 35000, "D": 35000}).go(4)
        h.draw("A", "3p").discard("A", "3p").win("B", "discard", "3p", frm="A")
    d = game(h)
    assert "start_dealer" not in d["hands"][0]
    r = rule(d)
    assert hand_of(r)["next"]["game_over"] is over and ("final" in r) is over


# ---------------------------------------------------------------------------------------------
# RJ-END-4 across two hands of the extension: a dealer kept by tenpai, then by an abortive draw


@pytest.mark.parametrize("second, over", [
    # our reading (RJ-END-4 names only tenpai): an abortive draw keeps the deal like tenpai; the
    # dealer A is not sole top (D 33,000), so play goes on
    pytest.param("abort", False, id="abort-plays-on"),
    # near miss: the noten dealer passes the deal and D holds 30,000 or more: over
    pytest.param("draw", True, id="lost-deal-ends"),
])
def test_end4_the_extension_after_a_tenpai_continuation(second, over):
    """West 1 (start dealer A). Hand 1: A tenpai (``DEALER_READY``), B noten pays 1000 to each:
    A 26,000, D 33,000: A keeps by tenpai without sole top and plays on. Hand 2: four winds
    (RJ-ABT-2), or A noten at the draw (3000 to B, C, D)."""
    h1 = table(DEALER_READY, start_dealer="A", round_wind="3z",
               scores={"A": 25000, "B": 21000, "C": 22000, "D": 32000}).exhaust()
    h2 = table()
    if second == "abort":
        for p in "ABCD":
            h2.draw(p, "2z").discard(p, "2z")
        h2.ev(type="abort", kind="four_winds")
    else:
        h2.exhaust()
    d = game(h1, h2)
    for k in ("round_wind", "dealer", "honba", "sticks", "scores"):
        del d["hands"][1][k]  # carried from the first hand's ruling
    r = rule(d)
    assert r["hands"][0]["next"] == {"dealer": "A", "honba": 1, "sticks": 0, "round_wind": "3z", "game_over": False}
    assert r["hands"][1]["rulings"] == [] and r["hands"][1]["next"]["game_over"] is over


# ---------------------------------------------------------------------------------------------
# RJ-RII-3 with RJ-RII-4: a ron on another player's riichi tile, within one's own ippatsu


@pytest.mark.parametrize("on, expected", [
    # B rons C's declaration tile 1p: C's riichi never stood (no stick); another's riichi is no
    # call, so B's ippatsu holds: riichi, ippatsu, pinfu 3 han 30 fu = 3900 + 300 + 2 sticks
    pytest.param("C", {"B": 5200, "C": -4200, "kyotaku": -1000}, id="on-the-riichi-tile"),
    # near miss: D's draw established C's riichi; B rons D's 1p: the same 3900 + 300, and three
    # sticks (the carried one, B's and C's)
    pytest.param("D", {"B": 6200, "C": -1000, "D": -4200, "kyotaku": -1000}, id="after-it-stood"),
])
def test_rii3_a_ron_on_a_riichi_tile_with_ippatsu(on, expected):
    h = riichi_b(table(honba=1, sticks=1)).draw("C", "1p" if on == "C" else None).riichi("C").discard("C")
    if on == "D":
        h.draw("D", "1p").discard("D", "1p")
    r = h.win("B", "discard", "1p", frm=on, ura="5z").rule()
    assert "ippatsu" in [p["key"] for p in hand_of(r)["winners"][0]["patterns"]]
    assert money(r) == expected and next_of(r) == ("B", 0, 0)


# ---------------------------------------------------------------------------------------------
# RJ-ABT-2 with RJ-ABT-4: four double riichi declared on the same wind


@pytest.mark.parametrize("kind, declarers", [
    # each declares riichi with his first discard, South: four winds and four riichi arise by the
    # same discard; either abort may be recorded; all four sticks stay (RJ-ABT-2/4)
    pytest.param("four_winds", "ABCD", id="recorded-as-four-winds"),
    pytest.param("four_riichi", "ABCD", id="recorded-as-four-riichi"),
    # near miss: three riichi are not four: only four winds arose
    pytest.param("four_riichi", "ABC", id="three-riichi"),
])
def test_abt2_four_double_riichi_on_four_winds(kind, declarers):
    h = table(honba=1, sticks=1)
    for p in "ABCD":
        h.draw(p, "2z")
        if p in declarers:
            h.riichi(p)
        h.discard(p, "2z")
    h.ev(type="abort", kind=kind)
    if len(declarers) < 4:
        with pytest.raises(InputError, match="no four riichi"):
            h.rule()
        return
    r = h.rule()
    assert (hand_of(r)["result"], hand_of(r)["abort"]) == ("abortive_draw", kind)
    assert money(r) == {"A": -1000, "B": -1000, "C": -1000, "D": -1000, "kyotaku": 4000}
    assert next_of(r) == ("A", 2, 5)


def test_abt1_nine_terminals_after_a_double_riichi():
    """The dealer A declares (double) riichi with his first discard; B's first draw gives him nine
    terminal and honour kinds (tests/test_riichi_clauses.py's ``NINE_B``). A riichi is no call, so
    B's 九種九牌 stands (RJ-ABT-1; after a pon it is chombo: ``test_irr8_nine_terminals_after_a_call_is_chombo``);
    B's draw established A's riichi: his stick stays with the carried one (RJ-ABT-0)."""
    h = table(NINE_B, honba=1, sticks=1).draw("A").riichi("A").discard("A").draw("B", "9s")
    r = h.ev(type="abort", kind="nine_terminals", player="B").rule()
    assert (hand_of(r)["abort"], findings(r)) == ("nine_terminals", [])
    assert money(r) == {"A": -1000, "kyotaku": 1000} and next_of(r) == ("A", 2, 2)


# ---------------------------------------------------------------------------------------------
# RJ-PAY-4 with RJ-FLOW-9: the dealer's ron and the deal, per preset


@pytest.mark.parametrize("preset, expected, nxt", [
    # double: C (first after B) 2000 + 300 + the stick, the dealer A 1500: A won, he keeps
    pytest.param("tenhou", {"A": 1500, "B": -3800, "C": 3300, "kyotaku": -1000}, ("A", 2, 0), id="tenhou"),
    # all, each_winner honba: A also gets 300; he keeps
    pytest.param("ema2016", {"A": 1800, "B": -4100, "C": 3300, "kyotaku": -1000}, ("A", 2, 0), id="ema2016"),
    # head_bump: C, nearer to B, takes the tile; A lost only by head bump (no irregularity, RJ-PAY-4)
    # and did not win: the deal passes, honba 0
    pytest.param("wrc2022", {"B": -2300, "C": 3300, "kyotaku": -1000}, ("B", 0, 0), id="wrc2022"),
    pytest.param("mleague", {"B": -2300, "C": 3300, "kyotaku": -1000}, ("B", 0, 0), id="mleague"),
])
def test_flow9_the_dealers_ron_beside_a_nearer_one_per_preset(preset, expected, nxt):
    """``DEALER_READY`` (the dealer A waits on 1p/4p): B discards 4p; A and C ron (1 honba, 1 stick)."""
    h = table(DEALER_READY, honba=1, sticks=1, preset=preset).go(1).draw("B", "4p").discard("B", "4p")
    r = h.win("A", "discard", "4p", frm="B").win("C", "discard", "4p", frm="B").rule()
    assert findings(r) == [] and money(r) == expected and next_of(r) == nxt


# ---------------------------------------------------------------------------------------------
# RJ-PAY-8 with RJ-PAY-4/5/6: the liable player is the other winner of a double ron


@pytest.mark.parametrize("options, expected", [
    # D (first after C): daisangen 32,000, half from C, half from the liable B (RJ-PAY-8.5), 300
    # honba from C (pao_ron_honba: discarder) and the stick; B, second: pinfu 1000 from C
    pytest.param(None, {"B": -15000, "C": -17300, "D": 33300, "kyotaku": -1000}, id="discarder-pays-honba"),
    # pao_ron_honba: liable (Tenhou's server): B pays the 300
    pytest.param({"pao_ron_honba": "liable"}, {"B": -15300, "C": -17000, "D": 33300, "kyotaku": -1000},
                 id="liable-pays-honba"),
])
def test_pay8_the_liable_player_is_the_other_winner_of_a_double_ron(options, expected):
    """``pao`` with B waiting on 4p/7p (123789m 234s 99p 56p): B fed D's third dragon set; C
    discards 7p and D and B both ron it (1 honba, 1 stick)."""
    h = Hand(dict(PAO, B="123789m234s99p56p"), avoid="7p1p4p2z", honba=1, sticks=1, options=options)
    h.draw("A", "5z").discard("A", "5z").pon("D", "5z", "55z").discard("D", "1s")
    h.draw("A", "6z").discard("A", "6z").pon("D", "6z", "66z").discard("D", "2s")
    h.draw("A").discard("A").draw("B", "7z").discard("B", "7z").pon("D", "7z", "77z").discard("D", "3s")
    h.go(3, start="A").draw("D").discard("D").go(2).draw("C", "7p").discard("C", "7p")
    r = h.win("B", "discard", "7p", frm="C").win("D", "discard", "7p", frm="C").rule()
    assert [(w["player"], w["points"], w["pao"]) for w in hand_of(r)["winners"]] == [("D", 32000, "B"), ("B", 1000, None)]
    assert money(r) == expected and next_of(r) == ("B", 0, 0)


@pytest.mark.parametrize("dead", [pytest.param(True, id="dead-hand"), pytest.param(False, id="near-miss-alive")])
def test_pay9_a_dead_hand_is_paid_no_nagashi(dead):
    """C calls a win on A's first discard and shows nothing: under the tenhou preset his hand is
    dead (RJ-IRR-1 unrevealed, RJ-IRR-5), and a dead hand may not win and pays as noten, so his
    river of terminals earns no nagashi mangan; D's still does (4000 from the dealer A, 2000 from
    B and C) and replaces the noten payments (RJ-PAY-9). Near miss: no call, both are paid."""
    h = table(dict(DEAL, A="223m89p38s334667z"))
    while h.draws < 70:
        p = h.turn
        h.draw(p, pick=TERMINALS if p in "CD" else SIMPLES).discard(p)
        if dead and h.draws == 1:
            h.ev(type="call", player="C", call="win")
    r = h.ev(type="exhaustive_draw", nagashi=["D"] if dead else ["C", "D"]).rule()
    assert {p[3] for p in payments(r)} == {"RJ-PAY-9"}
    if dead:
        assert money(r) == {"A": -4000, "B": -2000, "C": -2000, "D": 8000}
    else:
        assert money(r) == {"A": -8000, "B": -4000, "C": 6000, "D": 6000}
