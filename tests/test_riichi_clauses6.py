"""Riichi disputes, round 6 (RULEBOOK_RIICHI.md): what round 5 left (a late claim by the drawer
himself, a chankan after the kan's player discarded, a wrong kan taken back) and the money options
of §13 in combination with an irregularity or a second winner. Rounds 1–5 (tests/test_riichi_disputes.py,
tests/test_riichi_clauses.py … tests/test_riichi_clauses5.py) are not repeated.

The disputes play on tests/test_riichi_disputes.py's ``DEAL`` (its docstring shows it): A, the
dealer, noten; B waits on 1p/4p (pinfu), C on 4p/7p (tanyao pinfu), D on 4p/9s (East, 111z).
"""
from __future__ import annotations

import pytest

from referee.errors import InputError

from .riichikit import LIVE, Hand, hand_of, money
from .test_riichi_clauses5 import restore
from .test_riichi_disputes import CHOMBO_B, findings, next_of, table


# ---------------------------------------------------------------------------------------------
# RJ-PR-3 → RJ-IRR-6(b): the next player draws, then claims the discard his draw went past


def drawer_pons(tile: str = "") -> Hand:
    """C discards 1z; D draws (``tile``, a filler if empty) and pons the 1z without putting his
    draw back."""
    h = table().go(2).draw("C", "1z").discard("C", "1z").draw("D", tile or None)
    return h


@pytest.mark.parametrize("when, expected, nxt", [
    # the late pon stands (the meld stands, his hand dead: RJ-IRR-6(b)): D, dead, is noten with A:
    # A pays B 1500, D pays C 1500
    pytest.param("stands", {"A": -1500, "B": 1500, "C": 1500, "D": -1500}, ("B", 1, 0), id="stands"),
    # taken back before his discard: the effect of an empty call (deposit_1000); he keeps his draw
    # and discards it: B, C, D tenpai, A pays each 1000; D's 1000 goes to the table
    pytest.param("taken-back", {"A": -3000, "B": 1000, "C": 1000, "kyotaku": 1000}, ("B", 1, 1), id="taken-back"),
])
def test_pr3_the_drawer_pons_the_discard_his_draw_went_past(when, expected, nxt):
    """Was an input error (the turn check: 'he must put the tile back'); RJ-PR-3 rules it."""
    h = drawer_pons().pon("D", "1z", "11z")
    if when == "taken-back":
        restore(h, "D")
    r = h.discard("D").exhaust().rule()
    assert findings(r) == [("RJ-IRR-6", "ruled")] and "late" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == expected and next_of(r) == nxt


@pytest.mark.parametrize("drawn", ["0p", "3m"])
def test_pr3_near_miss_the_drawer_puts_his_draw_back_first(drawn):
    """D puts his draw back (``correct return_tile``), then pons in time: no ruling. He cannot be
    tenpai after the pon (1z 44p 9s 789m 567s): A and D pay B and C 1500 each, as noten, not as a
    dead hand. A red five put back (0p) was a traceback (the wall's count of copies in play)."""
    h = drawer_pons(drawn)
    h.ev(type="correct", player="D", about=len(h.events) - 1, action="return_tile")
    h.draws -= 1  # the tile is in the wall again
    r = h.pon("D", "1z", "11z").discard("D", "9s").exhaust().rule()
    assert findings(r) == [] and money(r) == {"A": -1500, "B": 1500, "C": 1500, "D": -1500}


def test_pr3_the_late_pon_cannot_be_taken_back_after_his_discard():
    h = drawer_pons().pon("D", "1z", "11z").discard("D")
    h.ev(type="correct", player="D", about=len(h.events) - 2, action="restore")
    with pytest.raises(InputError, match="can no longer be taken back"):
        h.exhaust().rule()


# ---------------------------------------------------------------------------------------------
# RJ-PR-3 → RJ-IRR-1: a chankan after the kan's player discarded is a false win, not bad input


def added_kan_4p() -> Hand:
    """D pons A's 4p, later draws the fourth 4p, adds it and draws his replacement."""
    h = table().draw("A", "4p").discard("A", "4p").pon("D", "4p", "44p").discard("D", "9s").go(3)
    return h.draw("D", "4p").kong("D", "added", "4444p").draw("D", back=True)


def test_pr3_chankan_after_the_kans_discard_is_a_false_win():
    """B robs D's added 4p after D's discard: outside the window (RJ-PR-3), a false win, hand
    revealed: chombo, table_mangan: B pays the dealer A 4000, C and D 2000 each; re-deal."""
    r = added_kan_4p().discard("D").win("B", "rob_kong", "4p", frm="D").rule()
    assert findings(r) == [("RJ-IRR-1", "ruled")] and hand_of(r)["redeal"] is True
    assert "the kan had completed" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == CHOMBO_B and next_of(r) == ("A", 0, 0)


def test_pr3_near_miss_a_chankan_on_a_player_who_made_no_kan_is_still_bad_input():
    h = added_kan_4p().discard("D")
    with pytest.raises(InputError, match="no added kong to win on"):
        h.win("B", "rob_kong", "4p", frm="C").rule()


# ---------------------------------------------------------------------------------------------
# RJ-PR-6 → RJ-IRR-6(b): a wrong kan taken back before his discard, as an empty call


def haitei_kan(when: str) -> Hand:
    """C deals, so the 70th draw is D's: he draws the fourth 1z and makes a concealed kan of it
    on the haitei draw (RJ-PR-6)."""
    h = table(dealer="C")
    while h.draws < LIVE - 1:
        h.draw().discard()
    h.draw("D", "1z").kong("D", "concealed", "1111z")
    if when == "taken-back":
        return restore(h, "D").discard("D", "1z")
    return h.ev(type="dora", tile="2z").draw("D", back=True).discard("D")


@pytest.mark.parametrize("when, expected, nxt", [
    # the kan stands: D's hand is dead and noten: A pays B 1500, D pays C 1500; C, dealer, keeps
    pytest.param("stands", {"A": -1500, "B": 1500, "C": 1500, "D": -1500}, ("C", 1, 0), id="stands"),
    # taken back before his discard: the 1000 of an empty call; he discards the 1z, still tenpai:
    # B, C, D tenpai, A pays each 1000
    pytest.param("taken-back", {"A": -3000, "B": 1000, "C": 1000, "kyotaku": 1000}, ("C", 1, 1), id="taken-back"),
])
def test_irr6b_a_kan_on_the_haitei_draw_taken_back(when, expected, nxt):
    r = haitei_kan(when).ev(type="exhaustive_draw").rule()
    assert findings(r) == [("RJ-IRR-6", "ruled")] and "haitei" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == expected and next_of(r) == nxt


def riichi_d() -> Hand:
    """D declares riichi with his first discard (a double riichi: nothing turns on it at a
    draw), then C discards the fourth 1z a go-round later."""
    return table().go(3).draw("D").riichi("D").discard("D").go(2).draw("C", "1z").discard("C", "1z")


@pytest.mark.parametrize("when, expected, nxt", [
    # no kan: B, C, D tenpai, A pays each 1000; D's stick on the table
    pytest.param(None, {"A": -3000, "B": 1000, "C": 1000, "kyotaku": 1000}, ("B", 1, 1), id="near-miss-no-kan"),
    # the open kan in riichi stands: D dead, noten (no false riichi): A and D pay 1500; his stick stays
    pytest.param("stands", {"A": -1500, "B": 1500, "C": 1500, "D": -2500, "kyotaku": 1000}, ("B", 1, 1),
                 id="stands"),
    # taken back before his rinshan draw: the kan never was: D draws, discards, stays tenpai in
    # riichi; his 1000 for the empty call joins his stick on the table
    pytest.param("taken-back", {"A": -3000, "B": 1000, "C": 1000, "D": -1000, "kyotaku": 2000}, ("B", 1, 2),
                 id="taken-back"),
])
def test_irr6b_an_open_kan_in_riichi_taken_back(when, expected, nxt):
    h = riichi_d()
    if when is None:
        h.draw("D").discard("D")
    else:
        h.kong("D", "claimed", "1111z")
        if when == "taken-back":
            restore(h, "D").draw("D").discard("D")
        else:
            h.draw("D", back=True).ev(type="dora", tile="2z").discard("D")
    r = h.exhaust().rule()
    assert findings(r) == ([] if when is None else [("RJ-IRR-6", "ruled")])
    assert money(r) == expected and next_of(r) == nxt

