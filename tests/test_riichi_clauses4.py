"""Riichi disputes, round 4 (RULEBOOK_RIICHI.md): where clauses meet in one hand or across the
hands of a ``hands`` document, the money worked out by hand from the rulebook. Rounds 1–3
(tests/test_riichi_disputes.py, tests/test_riichi_clauses.py, tests/test_riichi_clauses2.py,
tests/test_riichi_clauses3.py) check each clause alone; here two or more act together.

The table is tests/test_riichi_disputes.py's ``DEAL`` (dora indicator 5z, so 6z is dora and only
A holds it; ura indicator 5z: no ura dora):

    A, dealer (East)  113m 89p 38s 334667z   noten
    B (South)         123789m 234s 99p 23p    tenpai on 1p/4p, pinfu
    C (West)          234678m 678s 22s 56p    tenpai on 4p/7p, tanyao pinfu
    D (North)         111z 44p 99s 789m 567s  tenpai on 4p/9s; East is the round wind

A chombo under ``table_mangan`` (RJ-IRR-0): a non-dealer pays the dealer 4000 and each other 2000,
the dealer pays 4000 to each.
"""
from __future__ import annotations

import pytest

from .riichikit import Hand, hand_of, money, rule
from .test_riichi_clauses import game
from .test_riichi_disputes import DEAL, NOTEN_B, WAITS, findings, next_of, payments, riichi_b, table

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
