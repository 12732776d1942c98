"""Riichi disputes, round 7 (RULEBOOK_RIICHI.md): the §13 money options round 6 left, in
combination: pao (and ``pao_ron_honba``) beside a second winner's furiten chombo; nagashi mangan
beside a chombo found at the draw or a dead hand; ``chombo_with_win`` with a double ron;
``wall_collapse`` with a riichi stick and honba. Rounds 1–6 are not repeated. Every figure below
is worked out by hand from the rulebook; the engine agreed with each one, so no engine change.
Where the rulebook is silent (a dead hand's nagashi, the head bump past a false win, plus_one at a
draw) the engine's reading is kept and the test says so.

The tables: tests/test_riichi_disputes.py's ``DEAL`` (A, the dealer, noten; B waits on 1p/4p, C on
4p/7p, D on 4p/9s) and its ``PAO`` (D pons A's 5z and 6z, then B's 7z: B is liable; D waits on
7p for daisangen; C's hand is DEAL's, waiting on 4p/7p).
"""
from __future__ import annotations

import pytest

from .riichikit import Hand, hand_of, money
from .test_riichi_clauses import SIMPLES, TERMINALS
from .test_riichi_disputes import CHOMBO_B, DEAL, PAO, findings, next_of, payments, riichi_b, table

CHOMBO_C = {"A": 4000, "B": 2000, "C": -8000, "D": 2000}  # RJ-IRR-0 table_mangan, C the offender


# ---------------------------------------------------------------------------------------------
# RJ-PAY-8 pao on A's 7p, won by D (daisangen, B liable) and by C, in furiten or not


def pao_7p(c_draws=None, **kw) -> Hand:
    """PAO with 1 honba and 1 stick; C draws ``c_draws`` (a filler if None) and discards it (4p:
    discard furiten on his 4p/7p, RJ-FUR-1); then A discards 7p."""
    h = Hand(PAO, avoid="7p1p4p2z", honba=1, sticks=1, **kw)
    h.draw("A", "5z").discard("A", "5z").pon("D", "5z", "55z").discard("D", "1s")
    h.draw("A", "6z").discard("A", "6z").pon("D", "6z", "66z").discard("D", "2s")
    h.draw("A").discard("A").draw("B", "7z").discard("B", "7z").pon("D", "7z", "77z").discard("D", "3s")
    h.go(2, start="A").draw("C", c_draws).discard("C").draw("D").discard("D")
    return h.draw("A", "7p").discard("A", "7p")


def pao_double_ron(c_draws: str, **kw) -> Hand:
    """C and D both declare ron on A's 7p (C first from A)."""
    return pao_7p(c_draws, **kw).win("C", "discard", "7p", frm="A").win("D", "discard", "7p", frm="A")


@pytest.mark.parametrize("options, expected", [
    # chombo_with_win both: D's daisangen halved, 16,000 from A and from B (RJ-PAY-8.5), the honba
    # 300 from the discarder A, the stick to D; C's false win costs him 4000/2000/2000
    pytest.param(None, {"A": -12300, "B": -14000, "C": -8000, "D": 35300, "kyotaku": -1000}, id="both"),
    # pao_ron_honba liable: the same, but B pays the 300
    pytest.param({"pao_ron_honba": "liable"}, {"A": -12000, "B": -14300, "C": -8000, "D": 35300, "kyotaku": -1000},
                 id="both-liable-honba"),
    # each_winner changes nothing: D is the only valid winner
    pytest.param({"multi_ron_honba": "each_winner"},
                 {"A": -12300, "B": -14000, "C": -8000, "D": 35300, "kyotaku": -1000}, id="both-each-winner"),
    # void_chombo: D's win alone
    pytest.param({"chombo_with_win": "void_chombo"}, {"A": -16300, "B": -16000, "D": 33300, "kyotaku": -1000},
                 id="void-chombo"),
])
def test_pay8_pao_ron_beside_a_second_winners_furiten(options, expected):
    r = pao_double_ron("4p", options=options).rule()
    assert findings(r) == [("RJ-PAY-8", "ruled"), ("RJ-IRR-1", "ruled")] and hand_of(r)["redeal"] is False
    assert [(w["player"], w["pao"]) for w in hand_of(r)["winners"]] == [("D", "B")]
    assert money(r) == expected and next_of(r) == ("B", 0, 0)


@pytest.mark.parametrize("options, expected", [
    # first_winner: C (first from A) takes the honba and the stick: 2000 + 300 + 1000 from A and
    # the table; D's 32,000 halved; pao_ron_honba does not move C's honba (his is no pao win)
    pytest.param(None, {"A": -18300, "B": -16000, "C": 3300, "D": 32000, "kyotaku": -1000}, id="first-winner"),
    pytest.param({"pao_ron_honba": "liable"}, {"A": -18300, "B": -16000, "C": 3300, "D": 32000, "kyotaku": -1000},
                 id="first-winner-liable"),
    # each_winner: D's ron carries 300 too, from the discarder A, or from B when liable
    pytest.param({"multi_ron_honba": "each_winner"},
                 {"A": -18600, "B": -16000, "C": 3300, "D": 32300, "kyotaku": -1000}, id="each-winner"),
    pytest.param({"multi_ron_honba": "each_winner", "pao_ron_honba": "liable"},
                 {"A": -18300, "B": -16300, "C": 3300, "D": 32300, "kyotaku": -1000}, id="each-winner-liable"),
])
def test_pay8_near_miss_the_second_winner_not_in_furiten(options, expected):
    r = pao_double_ron("3m", options=options).rule()
    assert findings(r) == [("RJ-PAY-8", "ruled")]
    assert [(w["player"], w["pao"]) for w in hand_of(r)["winners"]] == [("C", None), ("D", "B")]
    assert money(r) == expected and sum(hand_of(r)["net"].values()) == 0


def test_pay8_the_liable_player_false_rons_the_same_discard():
    """B, liable for D's daisangen, also declares ron on A's 7p (his hand waits on 1p/4p): a false
    win beside D's valid one (chombo_with_win both): B pays his half, 16,000 (RJ-PAY-8.5), and his
    chombo, 4000 to A and 2000 to C and D; A pays his half and the 300 honba."""
    r = pao_7p().win("B", "discard", "7p", frm="A").win("D", "discard", "7p", frm="A").rule()
    assert findings(r) == [("RJ-PAY-8", "ruled"), ("RJ-IRR-1", "ruled")]
    assert money(r) == {"A": -12300, "B": -24000, "C": 2000, "D": 35300, "kyotaku": -1000}


# ---------------------------------------------------------------------------------------------
# RJ-PAY-9 nagashi mangan (C and D) beside a chombo found at the draw, or a dead hand


def nagashi_cd(before=None, b_riichi: str = "", **kw) -> Hand:
    """C and D discard only terminals and honours (tests/test_riichi_clauses.py's
    ``nagashi_by``), 1 honba, 1 stick; ``before(h)`` acts first; ``b_riichi``: the tile B draws to
    declare riichi on his third turn (5s, discarding 9p: noten, a false riichi; ``drawn``: a
    simple, discarded: tenpai)."""
    h = table(dict(DEAL, A="223m89p38s334667z"), honba=1, sticks=1, **kw)
    if before:
        before(h)
    while h.draws < 70:
        p = h.turn
        if p == "B" and b_riichi and h.draws == 9:
            if b_riichi == "drawn":
                h.draw("B", pick=SIMPLES).riichi("B").discard("B")
            else:
                h.draw("B", b_riichi).riichi("B").discard("B", "9p")
            continue
        h.draw(p, pick=TERMINALS if p in "CD" else SIMPLES).discard(p)
    return h.ev(type="exhaustive_draw", nagashi=["C", "D"])


def collapse_by(player: str, count: int):
    return lambda h: h.ev(type="act", player=player, act="wall_disturbed", count=count)


def peek_by(player: str):
    return lambda h: h.ev(type="peek", player=player, target="A").ev(type="report", by="A", against=player, about=1)


NAGASHI_CD = {"A": -8000, "B": -4000, "C": 6000, "D": 6000}  # each 4000 from A, 2000 from the others


@pytest.mark.parametrize("before, b_riichi, options, rule, expected, nxt", [
    # B's false riichi (RJ-IRR-2) replaces the draw's result (RJ-IRR-0: "its result is replaced"):
    # his chombo only, no nagashi, his stick back, re-deal with the honba unchanged
    pytest.param(None, "5s", None, "RJ-IRR-2", CHOMBO_B, ("A", 1, 1), id="false-riichi"),
    # chombo_honba plus_one: the re-deal adds one honba even at a draw (the engine's reading: the
    # clause's "no honba added" is the draw's own honba; plus_one is the chombo's)
    pytest.param(None, "5s", {"chombo_honba": "plus_one"}, "RJ-IRR-2", CHOMBO_B, ("A", 2, 1), id="false-riichi-plus-one"),
    # a wall collapse under chombo_if_drawn, by B or by the nagashi player C himself: the same
    pytest.param(collapse_by("B", 6), "", {"wall_collapse": "chombo_if_drawn"}, "RJ-IRR-9", CHOMBO_B, ("A", 1, 1),
                 id="collapse-b"),
    pytest.param(collapse_by("C", 6), "", {"wall_collapse": "chombo_if_drawn"}, "RJ-IRR-9", CHOMBO_C, ("A", 1, 1),
                 id="collapse-c"),
])
def test_pay9_nagashi_beside_a_chombo_found_at_the_draw(before, b_riichi, options, rule, expected, nxt):
    r = nagashi_cd(before, b_riichi, options=options).rule()
    assert findings(r) == [(rule, "ruled")] and money(r) == expected and next_of(r) == nxt
    assert "RJ-PAY-9" not in {p[3] for p in payments(r)}


@pytest.mark.parametrize("before, b_riichi, expected, nxt", [
    # B's riichi is a true one: both nagashi paid, his stick stays on the table (RJ-PAY-9)
    pytest.param(None, "drawn", {"A": -8000, "B": -5000, "C": 6000, "D": 6000, "kyotaku": 1000}, ("B", 2, 2),
                 id="true-riichi"),
    # 4 tiles exposed: no irregularity (RJ-IRR-9)
    pytest.param(collapse_by("B", 4), "", NAGASHI_CD, ("B", 2, 1), id="four-tiles"),
])
def test_pay9_near_miss_no_chombo_at_the_draw(before, b_riichi, expected, nxt):
    r = nagashi_cd(before, b_riichi).rule()
    assert findings(r) == [] and money(r) == expected and next_of(r) == nxt
    assert {p[3] for p in payments(r)} - {"RJ-RII-3"} == {"RJ-PAY-9"}


@pytest.mark.parametrize("dead, expected", [
    # D's hand is dead (he looked at A's hand, RJ-IRR-9 reported): the engine's reading: a dead hand
    # may not win (RJ-IRR-5), so no nagashi for him either (RJ-PAY-9 does not say): C alone is
    # paid, and D pays his 2000 as any non-dealer; the rulebook leaves it open
    pytest.param("D", {"A": -4000, "B": -2000, "C": 8000, "D": -2000}, id="dead-d"),
    # near miss: B dead, who claimed no nagashi: both paid as usual
    pytest.param("B", NAGASHI_CD, id="near-miss-dead-b"),
])
def test_pay9_nagashi_of_a_dead_hand(dead, expected):
    r = nagashi_cd(peek_by(dead)).rule()
    assert findings(r) == [("RJ-IRR-9", "ruled")] and money(r) == expected and next_of(r) == ("B", 2, 1)


# ---------------------------------------------------------------------------------------------
# RJ-IRR-0 chombo_with_win with a double ron: B (furiten), C and D all ron A's 4p


def three_on_4p(b_draws: str, option: str, **options) -> dict:
    """B draws ``b_draws`` and discards it (4p: discard furiten); 1 honba, 1 stick."""
    h = table(honba=1, sticks=1, options={"chombo_with_win": option, **options}).go(1)
    h.draw("B", b_draws).discard("B", b_draws).go(2).draw("A", "4p").discard("A", "4p")
    return h.win("B", "discard", "4p", frm="A").win("C", "discard", "4p", frm="A").win("D", "discard", "4p",
                                                                                      frm="A").rule()


@pytest.mark.parametrize("option, expected", [
    # both: C (the first valid winner from A) 2000 + 300 + the stick, D 1300 (RJ-PAY-4/5/6), and
    # B's chombo: 4000 to A, 2000 to C and to D. A: −2300 − 1300 + 4000 = +400
    pytest.param("both", {"A": 400, "B": -8000, "C": 5300, "D": 3300, "kyotaku": -1000}, id="both"),
    pytest.param("void_chombo", {"A": -3600, "C": 3300, "D": 1300, "kyotaku": -1000}, id="void-chombo"),
])
def test_irr0_chombo_with_a_double_ron(option, expected):
    r = three_on_4p("4p", option)
    assert findings(r) == [("RJ-IRR-1", "ruled")] and hand_of(r)["redeal"] is False
    assert [w["player"] for w in hand_of(r)["winners"]] == ["C", "D"]
    assert money(r) == expected and next_of(r) == ("B", 0, 0)


@pytest.mark.parametrize("option", ["both", "void_chombo"])
def test_irr0_near_miss_three_valid_rons_abort(option):
    """B not in furiten: three valid rons, a triple ron (RJ-ABT-5): nothing paid, the dealer keeps,
    honba + 1, the stick stays."""
    r = three_on_4p("3m", option)
    assert findings(r) == [("RJ-ABT-5", "ruled")] and hand_of(r)["result"] == "abortive_draw"
    assert money(r) == {} and next_of(r) == ("A", 2, 1)


@pytest.mark.parametrize("b_draws, option, expected, winners", [
    # head_bump: B, nearest A, declares a false win: the engine's reading: the head bump goes to the
    # nearest valid winner, C (RJ-PAY-4 does not say); D's declaration simply does not win; B's
    # chombo is charged under both, not under void_chombo
    pytest.param("4p", "both", {"A": 1700, "B": -8000, "C": 5300, "D": 2000, "kyotaku": -1000}, ["C"], id="both"),
    pytest.param("4p", "void_chombo", {"A": -2300, "C": 3300, "kyotaku": -1000}, ["C"], id="void-chombo"),
    # near miss: B not in furiten wins alone: 1000 + 300 + the stick; no triple ron under head_bump
    pytest.param("3m", "both", {"A": -1300, "B": 2300, "kyotaku": -1000}, ["B"], id="near-miss-b-valid"),
])
def test_irr0_chombo_with_a_head_bump(b_draws, option, expected, winners):
    r = three_on_4p(b_draws, option, multiple_ron="head_bump")
    assert [w["player"] for w in hand_of(r)["winners"]] == winners
    assert money(r) == expected and next_of(r) == ("B", 0, 0)


# ---------------------------------------------------------------------------------------------
# RJ-IRR-9 wall_collapse with a riichi stick (B's, this hand) and 1 honba and 1 stick carried


def collapse_after_riichi(player: str, finish: str, **options) -> dict:
    h = riichi_b(table(honba=1, sticks=1, options=options)).ev(type="act", player=player, act="wall_disturbed",
                                                              count=6)
    if finish == "end":
        return h.ev(type="end").rule()
    if finish == "win":
        return h.go(2, start="C").draw("A", "1p").discard("A", "1p").win("B", "discard", "1p", frm="A",
                                                                       ura="5z").rule()
    return h.exhaust().rule()


@pytest.mark.parametrize("player, finish, options, expected, nxt", [
    # chombo at once: C pays table_mangan; B's stick goes back to him, the carried one stays
    pytest.param("C", "end", {}, CHOMBO_C, ("A", 1, 1), id="chombo"),
    pytest.param("C", "end", {"chombo_honba": "plus_one"}, CHOMBO_C, ("A", 2, 1), id="chombo-plus-one"),
    pytest.param("C", "end", {"chombo_dealer": "passes"}, CHOMBO_C, ("B", 1, 1), id="chombo-passes"),
    # chombo_if_drawn, the dealer A collapsed, the hand drawn: 4000 to each, no noten payments
    pytest.param("A", "draw", {"wall_collapse": "chombo_if_drawn"}, {"A": -12000, "B": 4000, "C": 4000, "D": 4000},
                 ("A", 1, 1), id="if-drawn-dealer"),
    # final:20000: nothing paid in the hand, B's stick back
    pytest.param("A", "draw", {"wall_collapse": "chombo_if_drawn", "chombo": "final:20000"}, {}, ("A", 1, 1),
                 id="if-drawn-final"),
])
def test_irr9_wall_collapse_with_a_riichi_stick(player, finish, options, expected, nxt):
    r = collapse_after_riichi(player, finish, **options)
    assert findings(r) == [("RJ-IRR-9", "ruled")] and hand_of(r)["redeal"] is True
    assert money(r) == expected and next_of(r) == nxt
    assert ("B", "kyotaku", 1000, "RJ-RII-3") not in payments(r)


def test_irr9_near_miss_chombo_if_drawn_and_the_riichi_player_wins():
    """B's ron on the 1p within his first go-round: riichi ippatsu pinfu, 3 han 30 fu = 3900, + 300
    honba, + both sticks, − his own: 5200; no penalty."""
    r = collapse_after_riichi("C", "win", wall_collapse="chombo_if_drawn")
    assert findings(r) == [("RJ-IRR-9", "ruled")] and hand_of(r)["penalties"] == []
    assert money(r) == {"A": -4200, "B": 5200, "kyotaku": -1000} and next_of(r) == ("B", 0, 0)
