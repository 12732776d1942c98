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

from .riichikit import LIVE, Hand, hand_of, money, rule
from .test_riichi_clauses import game
from .test_riichi_clauses5 import restore
from .test_riichi_disputes import CHOMBO_B, DEAL, findings, next_of, payments, riichi_b, table


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



# ---------------------------------------------------------------------------------------------
# §13 options that move money, in combination with an irregularity or a second winner


@pytest.mark.parametrize("option, expected", [
    # first_winner: B (first from D) takes the 2 honba (600), his own stick back and A's deposit
    pytest.param("first_winner", {"A": -1000, "B": 3600, "C": 2000, "D": -4600}, id="first-winner"),
    # each_winner: C's ron carries 600 too; the sticks (riichi and deposit) still go to B only
    pytest.param("each_winner", {"A": -1000, "B": 3600, "C": 2600, "D": -5200}, id="each-winner"),
])
def test_pay5_multi_ron_honba_with_an_empty_call_deposit_and_a_riichi_stick(option, expected):
    """B in riichi; A calls pon on C's discard and does not pon (RJ-IRR-6(a), deposit_1000); D's 4p
    is won by B (riichi pinfu, no ippatsu: 2000) and C (tanyao pinfu 2000). B: 2000 + 600 + 2000 in
    sticks − his own 1000 = 3600."""
    h = riichi_b(table(honba=2, options={"multi_ron_honba": option})).go(4)
    h.draw("C").ev(type="call", player="A", call="pon").discard("C")
    h.draw("D", "4p").discard("D", "4p").win("B", "discard", "4p", frm="D", ura="5z")
    r = h.win("C", "discard", "4p", frm="D").rule()
    assert findings(r) == [("RJ-IRR-6", "ruled")] and len(hand_of(r)["winners"]) == 2
    assert money(r) == expected and next_of(r) == ("B", 0, 0)


@pytest.mark.parametrize("listed, riichi, expected, rulings", [
    # B in riichi on a hand he broke (9p out for 1z): noten at the draw, listed tenpai or not, a
    # false riichi (RJ-IRR-2): chombo, table_mangan; no noten payments; his stick back; re-deal
    pytest.param(["B", "C"], True, {"A": 4000, "B": -8000, "C": 2000, "D": 2000}, [("RJ-IRR-2", "ruled")],
                 id="riichi-listed"),
    pytest.param(["C"], True, {"A": 4000, "B": -8000, "C": 2000, "D": 2000}, [("RJ-IRR-2", "ruled")],
                 id="riichi-not-listed"),
    # near miss: the same hand without riichi, listed: he counts as noten, no penalty; D keeps his
    # tenpai hidden: C alone tenpai, A, B, D pay 1000 each
    pytest.param(["B", "C"], False, {"A": -1000, "B": -1000, "C": 3000, "D": -1000}, [], id="near-miss-no-riichi"),
])
def test_flow8_declared_tenpai_with_a_false_riichi(listed, riichi, expected, rulings):
    h = table(options={"tenpai_declaration": "declared"}).go(5).draw("B", "1z")
    if riichi:
        h.riichi("B")
    r = h.discard("B", "9p").exhaust(tenpai=listed).rule()
    assert findings(r) == rulings and money(r) == expected


def all_last_c_wins(kiriage: bool) -> dict:
    """South 4 (B started, A deals last): C, on 22,000, wins D's 4p with riichi + ippatsu + tanyao +
    pinfu, 4 han 30 fu: 7700, or 8000 with kiriage."""
    h = Hand(DEAL, avoid="1p4p7p9s", round_wind="2z", start_dealer="B", options={"kiriage": kiriage},
             scores={"A": 26000, "B": 26000, "C": 22000, "D": 26000})
    h.go(6).draw("C").riichi("C").discard("C")
    h.draw("D", "4p").discard("D", "4p").win("C", "discard", "4p", frm="D", ura="5z")
    return rule(game(h))


@pytest.mark.parametrize("kiriage, c, over", [
    # 22,000 − 1000 + 1000 + 7700 = 29,700: top but under 30,000: the game goes on (RJ-END-4)
    pytest.param(False, 29700, False, id="off-west-round"),
    # with kiriage the mangan takes him to exactly 30,000: the game ends
    pytest.param(True, 30000, True, id="on-game-over"),
])
def test_end4_kiriage_at_the_last_hand(kiriage, c, over):
    h = hand_of(all_last_c_wins(kiriage))
    assert h["scores"]["C"] == c and h["next"]["game_over"] is over


@pytest.mark.parametrize("chombo, b, over, penalties", [
    # table_mangan: B (7000) pays 8000: −1000, bust: the game ends, though the hand is re-dealt
    pytest.param("table_mangan", -1000, True, [], id="table-mangan-busts"),
    # final:20000 comes off his final score only: his table score stays 7000 and the game goes on
    # (the engine's reading: a final-score penalty is no payment, so it cannot bust; RJ-IRR-0 and
    # RJ-END-2 do not say)
    pytest.param("final:20000", 7000, False, [("B", 20000, "final_score")], id="final-penalty-no-bust"),
])
def test_end2_bust_with_a_chombo(chombo, b, over, penalties):
    h = table(start_dealer="A", scores={"A": 25000, "B": 7000, "C": 34000, "D": 34000}, options={"chombo": chombo})
    h.go(4).draw("A", "5m").discard("A", "5m").win("B", "discard", "5m", frm="A")  # 5m completes nothing
    r = hand_of(rule(game(h)))
    assert (r["result"], r["scores"]["B"], r["next"]["game_over"]) == ("false_win", b, over)
    assert [(p["player"], p["points"], p["applies_to"]) for p in r.get("penalties", [])] == penalties


@pytest.mark.parametrize("option, expected, rulings, deposit", [
    # none: the call costs nothing; riichi pinfu 2000 from A and his stick back
    pytest.param("none", {"A": -2000, "B": 2000}, [("RJ-IRR-6", "ruled")], False, id="none"),
    # deposit_1000: his 1000 goes to the table and he, the winner, takes it back with his stick:
    # the same net, with the deposit among the payments
    pytest.param("deposit_1000", {"A": -2000, "B": 2000}, [("RJ-IRR-6", "ruled")], True, id="deposit"),
    # dead_hand: his riichi hand is dead; his ron is a false win (RJ-IRR-5 → RJ-IRR-1): chombo,
    # table_mangan, re-deal, his stick back
    pytest.param("dead_hand", CHOMBO_B, [("RJ-IRR-6", "ruled"), ("RJ-IRR-1", "ruled")], False, id="dead-hand"),
])
def test_irr6a_an_empty_call_by_a_player_in_riichi_then_his_ron(option, expected, rulings, deposit):
    """B, in riichi (ippatsu over), calls pon on C's discard and does not pon (an empty call: the
    engine's reading, RJ-IRR-6(a); a pon carried out would be RJ-PR-6's breach), then rons A's 4p."""
    h = riichi_b(table(options={"empty_call": option})).go(4)
    h.draw("C").ev(type="call", player="B", call="pon").discard("C").go(1).draw("A", "4p").discard("A", "4p")
    r = h.win("B", "discard", "4p", frm="A", ura="5z").rule()
    assert findings(r) == rulings and money(r) == expected
    assert ("B", "kyotaku", 1000, "RJ-IRR-6") in payments(r) if deposit else \
        all(p[3] != "RJ-IRR-6" for p in payments(r))
