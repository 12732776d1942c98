"""Riichi disputes, round 5 (RULEBOOK_RIICHI.md): rulings that turn on WHEN an act happens or is
found. Each dispute is written at the moment the clause names and one event earlier or later, and
checks that the ruling (the money) changes exactly there. Rounds 1–4 (tests/test_riichi_disputes.py,
tests/test_riichi_clauses.py … tests/test_riichi_clauses4.py) are not repeated.

Most disputes play on tests/test_riichi_disputes.py's ``DEAL`` (its docstring shows it): A, the
dealer, noten; B waits on 1p/4p (pinfu), C on 4p/7p (tanyao pinfu), D on 4p/9s (East).
"""
from __future__ import annotations

import pytest

from referee.errors import InputError

from .riichikit import Hand, hand_of, money
from .test_riichi_clauses import NINE_B, TERMINALS, keys
from .test_riichi_disputes import (CHOMBO_B, DEAL, KAN, KUIKAE, WAITS, findings, long_hand_b, next_of, payments,
                                   riichi_b, table)


def restore(h: Hand, player: str) -> Hand:
    """``player``'s chi or pon just recorded is taken back (``correct restore``)."""
    return h.ev(type="correct", player=player, about=len(h.events) - 1, action="restore")


# ---------------------------------------------------------------------------------------------
# RJ-PR-3: a ron on a discard already claimed wins inside the window, the meld taken back first


@pytest.mark.parametrize("when, expected, rule", [
    # D pons A's 4p; the pon is taken back and B rons it: pinfu 1000, no one had passed it yet
    pytest.param("taken-back", {"A": -1000, "B": 1000}, None, id="taken-back"),
    # the pon is not taken back: the tile is no longer on offer: a false win, chombo
    pytest.param("not-taken-back", CHOMBO_B, "claimed", id="not-taken-back"),
    # one event later: D has discarded after his pon: the window is closed (RJ-PR-3)
    pytest.param("after-his-discard", CHOMBO_B, "claimed", id="after-his-discard"),
])
def test_pr3_a_ron_on_a_ponned_tile(when, expected, rule):
    h = table().go(4).draw("A", "4p").discard("A", "4p").pon("D", "4p", "44p")
    if when == "taken-back":
        restore(h, "D")
    elif when == "after-his-discard":
        h.discard("D", "9s")
    r = h.win("B", "discard", "4p", frm="A").rule()
    assert money(r) == expected
    if rule is None:
        assert findings(r) == [] and next_of(r) == ("B", 0, 0)
    else:
        assert findings(r) == [("RJ-IRR-1", "ruled")] and rule in hand_of(r)["rulings"][0]["decision"]


def test_rii4_a_pon_taken_back_for_the_riichi_players_ron_keeps_ippatsu():
    """B in riichi rons C's 4p, ponned by D and taken back: the pon never completed (RJ-RII-4, as
    a robbed kan): riichi, ippatsu, pinfu, 3 han 30 fu = 3900; his stick out and back."""
    h = restore(riichi_b(table()).draw("C", "4p").discard("C", "4p").pon("D", "4p", "44p"), "D")
    r = h.win("B", "discard", "4p", frm="C", ura="5z").rule()
    assert keys(r) == ["ippatsu", "pinfu", "riichi"] and money(r) == {"B": 3900, "C": -3900}


def test_rii4_near_miss_a_pon_that_stands_breaks_ippatsu():
    """D pons C's 1z (it stands) and discards 4p: riichi, pinfu, 2 han 30 fu = 2000."""
    h = riichi_b(table()).draw("C", "1z").discard("C", "1z").pon("D", "1z", "11z").discard("D", "4p")
    r = h.win("B", "discard", "4p", frm="D", ura="5z").rule()
    assert keys(r) == ["pinfu", "riichi"] and money(r) == {"B": 2000, "D": -2000}


@pytest.mark.parametrize("pon, expected", [
    # the pon of A's riichi tile taken back and the tile ronned: the riichi never took effect
    # (RJ-RII-3): no stick; B's pinfu 1000
    pytest.param("taken-back", {"A": -1000, "B": 1000}, id="taken-back-and-ronned"),
    # the pon stands: the riichi is established by it; C, once he has discarded again, rons A's
    # 7p: tanyao pinfu 2000 and A's stick
    pytest.param("stands", {"A": -3000, "C": 3000}, id="pon-stands"),
])
def test_rii3_a_ponned_riichi_tile(pon, expected):
    h = table().go(4).draw("A", "4p").riichi("A").discard("A", "4p").pon("D", "4p", "44p")
    if pon == "taken-back":
        r = restore(h, "D").win("B", "discard", "4p", frm="A").rule()
        assert all(p[3] != "RJ-RII-3" for p in payments(r))
    else:
        h.discard("D", "9s").go(4)  # A B C D: C's discard ends his temporary furiten on 4p
        r = h.draw("A", "7p").discard("A", "7p").win("C", "discard", "7p", frm="A").rule()
        assert ("A", "kyotaku", 1000, "RJ-RII-3") in payments(r)
    assert findings(r) == [] and money(r) == expected


# ---------------------------------------------------------------------------------------------
# RJ-IRR-6(b): a wrong meld taken back before the claimer's discard, or standing after it


def wrong_pon(preset: str = "tenhou") -> Hand:
    """D pons A's 1z showing 1z and 4p: a meld whose tiles do not match."""
    return table(preset=preset).draw("A", "1z").discard("A", "1z").pon("D", "1z", "1z4p")


@pytest.mark.parametrize("preset, when, expected, nxt", [
    # taken back before his discard: as an empty call (empty_call deposit_1000): D's 1000 goes to
    # the table; his hand lives: B, C, D tenpai, A pays 1000 to each; the stick is carried
    pytest.param("tenhou", "taken-back", {"A": -3000, "B": 1000, "C": 1000, "kyotaku": 1000}, ("B", 1, 1),
                 id="tenhou-taken-back"),
    # taken back, then the right pon, carried out: the deposit only; D noten after it
    pytest.param("tenhou", "taken-back-then-pon", {"A": -1500, "B": 1500, "C": 1500, "D": -2500, "kyotaku": 1000},
                 ("B", 1, 1), id="tenhou-then-the-right-pon"),
    # one event later: he discarded: the meld stands, his hand is dead (noten): A pays B 1500, D
    # pays C 1500
    pytest.param("tenhou", "stands", {"A": -1500, "B": 1500, "C": 1500, "D": -1500}, ("B", 1, 0),
                 id="tenhou-stands"),
    # ema2016 (empty_call none): taken back costs nothing; wrc2022 (dead_hand): his hand is dead
    pytest.param("ema2016", "taken-back", {"A": -3000, "B": 1000, "C": 1000, "D": 1000}, ("B", 1, 0),
                 id="ema2016-taken-back"),
    pytest.param("wrc2022", "taken-back", {"A": -1500, "B": 1500, "C": 1500, "D": -1500}, ("B", 1, 0),
                 id="wrc2022-taken-back"),
])
def test_irr6b_a_wrong_pon_taken_back_before_his_discard(preset, when, expected, nxt):
    h = wrong_pon(preset)
    if when == "stands":
        h.discard("D", "9s")
    else:
        restore(h, "D")
        if when == "taken-back-then-pon":
            h.pon("D", "1z", "11z").discard("D", "9s")
        else:
            h.turn = "B"
    r = h.exhaust().rule()
    assert findings(r) == [("RJ-IRR-6", "ruled")]
    assert ("taken back" in hand_of(r)["rulings"][0]["decision"]) is (when != "stands")
    assert money(r) == expected and next_of(r) == nxt


def test_irr6b_a_wrong_pon_cannot_be_taken_back_after_his_discard():
    h = wrong_pon().discard("D", "9s")
    h.ev(type="correct", player="D", about=3, action="restore")
    with pytest.raises(InputError, match=r"events\[5\].*can no longer be taken back \(RJ-IRR-6\(b\)\)"):
        h.rule()


# ---------------------------------------------------------------------------------------------
# RJ-FUR-2 / RJ-FUR-3: a pass just before his riichi is lifted by the declaration's discard


@pytest.mark.parametrize("passed, expected", [
    # B's own draw passes A's 1p (RJ-PR-4), then he declares with that draw: temporary furiten,
    # lifted by his discard: D's 4p in the first go-round: riichi, ippatsu, pinfu 3900
    pytest.param("before", {"B": 3900, "D": -3900}, id="before-riichi"),
    # the same pass a go-round after the declaration: riichi furiten for the rest of the hand
    pytest.param("after", CHOMBO_B, id="after-riichi"),
])
def test_fur3_a_pass_before_or_after_his_riichi(passed, expected):
    if passed == "before":
        h = table().go(4).draw("A", "1p").discard("A", "1p").draw("B").riichi("B").discard("B").go(1)
    else:
        h = riichi_b(table()).go(2).draw("A", "1p").discard("A", "1p").draw("B").discard("B").go(1)
    r = h.draw("D", "4p").discard("D", "4p").win("B", "discard", "4p", frm="D", ura="5z").rule()
    assert money(r) == expected
    if passed == "before":
        assert keys(r) == ["ippatsu", "pinfu", "riichi"]
    else:
        assert "RJ-FUR-3" in hand_of(r)["rulings"][0]["decision"]


# ---------------------------------------------------------------------------------------------
# RJ-IRR-4 with RJ-IRR-5: a wrong count reported after his call, or before it


@pytest.mark.parametrize("report_first, result, expected", [
    # the pon comes before the report: it stands; from the report his hand is dead: noten at the
    # draw (C and D tenpai): A pays C 1500, B pays D 1500
    pytest.param(False, "exhaustive_draw", {"A": -1500, "B": -1500, "C": 1500, "D": 1500}, id="pon-then-report"),
    # one event the other way: reported first, the dead hand's pon is a chombo (RJ-IRR-5)
    pytest.param(True, "penalty", CHOMBO_B, id="report-then-pon"),
])
def test_irr4_a_long_hand_reported_before_or_after_his_pon(report_first, result, expected):
    h = long_hand_b()  # B holds one tile too many from his second turn

    def report():
        h.ev(type="report", by="referee", against="B", offence="RJ-IRR-4")

    if report_first:
        report()
    h.draw("B").discard("B").go(2).draw("A", "9p").discard("A", "9p").pon("B", "9p", "99p")
    if report_first:
        r = h.ev(type="end").rule()
        assert findings(r)[-2:] == [("RJ-IRR-4", "ruled"), ("RJ-IRR-5", "ruled")]
    else:
        h.discard("B", "2p")
        report()
        h.turn = "C"
        r = h.exhaust().rule()
        assert ("RJ-IRR-4", "ruled") in findings(r) and ("RJ-IRR-5", "ruled") not in findings(r)
    assert hand_of(r)["result"] == result and money(r) == expected


# ---------------------------------------------------------------------------------------------
# RJ-PR-5 kuikae: the same turn only


@pytest.mark.parametrize("turn, expected, rulings", [
    # C chis B's 7p with 5p6p and discards 4p at once: kuikae, his hand is dead (RJ-IRR-7): noten
    # with A; B and D tenpai: A pays B 1500, C pays D 1500
    pytest.param("same", {"A": -1500, "B": 1500, "C": -1500, "D": 1500}, [("RJ-IRR-7", "ruled")], id="same-turn"),
    # he discards 2s after the chi and 4p a turn later: no breach; B, C (4p alone) and D tenpai
    pytest.param("next", {"A": -3000, "B": 1000, "C": 1000, "D": 1000}, [], id="next-turn"),
])
def test_pr5_kuikae_is_the_same_turns_discard_only(turn, expected, rulings):
    h = table(KUIKAE).go(1).draw("B", "7p").discard("B", "7p").chi("C", "7p", "56p")
    if turn == "same":
        h.discard("C", "4p")
    else:
        h.discard("C", "2s").go(3).draw("C", "4p").discard("C", "4p")
    r = h.exhaust().rule()
    assert findings(r) == rulings and money(r) == expected


# ---------------------------------------------------------------------------------------------
# RJ-RII-5 / RJ-IRR-3: a concealed kan in the declaring turn, before the riichi


def test_irr3_near_miss_the_kan_made_before_the_declaration():
    """B kans 3333m and then declares with his rinshan draw: no kan after riichi (the same kan
    after the declaration is tests/test_riichi_disputes.py's chombo). At the draw B waits on 4m:
    B, C, D tenpai; A pays 1000 to each; B's stick stays on the table."""
    h = table(KAN, avoid="1m2m4m5m4p7p8s").go(5).draw("B", "3m").kong("B", "concealed", "3333m")
    h.ev(type="dora", tile="1p").draw("B", back=True).riichi("B").discard("B")
    r = h.exhaust().rule()
    assert findings(r) == [] and hand_of(r)["tenpai"] == ["B", "C", "D"]
    assert money(r) == {"A": -3000, "C": 1000, "D": 1000, "kyotaku": 1000} and next_of(r) == ("B", 1, 1)


# ---------------------------------------------------------------------------------------------
# RJ-ABT-1 / RJ-RII-4: the first go-round, broken by any call (a concealed kan included) before
# the act, not by one after it


def test_abt1_nine_terminals_after_the_dealers_concealed_kan_is_chombo():
    """A kans 6666z on his first draw; B's first draw is no longer uninterrupted (a call of any
    kind): his nine terminals are a false declaration (RJ-IRR-8): 4000 to A, 2000 to C and D.
    (Without the kan: tests/test_riichi_clauses.py's abortive draw.)"""
    h = table(dict(NINE_B, A="666z123m234s99p23p")).draw("A", "6z").kong("A", "concealed", "6666z")
    h.ev(type="dora", tile="2m").draw("A", back=True).discard("A")
    r = h.draw("B", "9s").ev(type="abort", kind="nine_terminals", player="B").rule()
    assert findings(r) == [("RJ-IRR-8", "ruled")] and hand_of(r)["result"] == "penalty"
    assert money(r) == {"A": 4000, "B": -8000, "C": 2000, "D": 2000} and next_of(r) == ("A", 0, 0)


def test_rii4_a_pon_after_his_double_riichi_keeps_it():
    """B declares with his first discard; C pons D's 2s in the same go-round, after it: the
    double riichi stands (no call BEFORE the declaration); 2 + pinfu 1 = 3 han 30 fu = 3900.
    (A pon before it: tests/test_riichi_clauses.py's plain riichi, 2000.)"""
    h = table().draw("A").discard("A").draw("B").riichi("B").discard("B").go(1)
    h.draw("D", "2s").discard("D", "2s").pon("C", "2s", "22s").discard("C", "8m").go(4, start="D")
    r = h.draw("D", "4p").discard("D", "4p").win("B", "discard", "4p", frm="D", ura="5z").rule()
    assert keys(r) == ["daburu_riichi", "pinfu"] and money(r) == {"B": 3900, "D": -3900}


def test_rii4_an_empty_call_in_the_go_round_keeps_ippatsu():
    """A calls pon and does not pon (RJ-IRR-6(a), deposit_1000): no call completed, so B's ron on
    D's 4p keeps ippatsu (3900) and B takes A's deposit."""
    h = riichi_b(table()).go(1).ev(type="call", player="A", call="pon").draw("D", "4p").discard("D", "4p")
    r = h.win("B", "discard", "4p", frm="D", ura="5z").rule()
    assert keys(r) == ["ippatsu", "pinfu", "riichi"]
    assert money(r) == {"A": -1000, "B": 4900, "D": -3900}


@pytest.mark.parametrize("when, expected, nxt", [
    # D pons A's 1z after B drew (late, RJ-PR-3) and the pon is taken back before his discard: B
    # keeps his draw and discards; D's 1000 as an empty call; B, C, D tenpai at the draw
    pytest.param("taken-back", {"A": -3000, "B": 1000, "C": 1000, "kyotaku": 1000}, ("B", 1, 1), id="taken-back"),
    # the late pon stands: D's hand is dead and noten: A pays B 1500, D pays C 1500
    pytest.param("stands", {"A": -1500, "B": 1500, "C": 1500, "D": -1500}, ("B", 1, 0), id="stands"),
])
def test_irr6b_a_late_pon_taken_back_the_drawer_keeps_his_draw(when, expected, nxt):
    """(The same pon before B's draw is in time: tests/test_riichi_disputes.py's near miss.)"""
    h = table().draw("A", "1z").discard("A", "1z").draw("B").pon("D", "1z", "11z")
    if when == "taken-back":
        restore(h, "D")
    r = h.discard("B").exhaust().rule()
    assert findings(r) == [("RJ-IRR-6", "ruled")] and "late" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == expected and next_of(r) == nxt


# ---------------------------------------------------------------------------------------------
# RJ-RII-5 / RJ-IRR-10: the declaration's own discard is free; from the next turn he discards
# what he draws


@pytest.mark.parametrize("then, expected, rulings", [
    # B draws 4m, declares and discards 1m from his hand: no breach; still tenpai on 1p/4p: B, C, D
    # tenpai, A pays 1000 to each; B's stick stays on the table
    pytest.param(None, {"A": -3000, "C": 1000, "D": 1000, "kyotaku": 1000}, [], id="the-declaration"),
    # a turn later he keeps his draw and discards 4m from his hand: dead hand (RJ-IRR-10), noten
    # and no false riichi: A pays C 1500, B pays D 1500; his stick stays
    pytest.param("4m", {"A": -1500, "B": -2500, "C": 1500, "D": 1500, "kyotaku": 1000}, [("RJ-IRR-10", "ruled")],
                 id="the-next-turn"),
])
def test_irr10_a_discard_from_his_hand_at_the_declaration_or_after(then, expected, rulings):
    h = table(avoid=WAITS + "1m4m").go(5).draw("B", "4m").riichi("B").discard("B", "1m")
    if then:
        h.go(3).draw("B").discard("B", then)
    r = h.exhaust().rule()
    assert findings(r) == rulings and money(r) == expected and next_of(r) == ("B", 1, 1)


def test_val3_near_miss_no_chiihou_after_the_dealers_concealed_kan():
    """A kans 6666z on his first draw (a call of any kind): B's first draw wins only tsumo +
    pinfu (400 / 700), not chiihou (tests/test_riichi_clauses.py: 32,000 without the kan)."""
    h = table(dict(DEAL, A="113m89p38s346667z")).draw("A", "6z").kong("A", "concealed", "6666z")
    h.ev(type="dora", tile="1z").draw("A", back=True).discard("A")
    r = h.draw("B", "4p").win("B", "self_draw", "4p").rule()
    assert keys(r) == ["pinfu", "tsumo"] and money(r) == {"A": -700, "B": 1500, "C": -400, "D": -400}


# ---------------------------------------------------------------------------------------------
# RJ-FLOW-6: houtei is the discard after the 70th draw, a rinshan draw included


@pytest.mark.parametrize("kan_at, expected, patterns", [
    # A's concealed kan on the 69th draw: his rinshan draw is the 70th, his 7p the houtei: C's
    # tanyao, pinfu, houtei, 3 han 30 fu = 3900
    pytest.param(68, {"A": -3900, "C": 3900}, ["houtei", "pinfu", "tanyao"], id="rinshan-is-the-70th"),
    # the same a go-round earlier: tanyao, pinfu 2000
    pytest.param(64, {"A": -2000, "C": 2000}, ["pinfu", "tanyao"], id="a-go-round-earlier"),
])
def test_flow6_houtei_on_the_discard_after_a_rinshan_70th_draw(kan_at, expected, patterns):
    h = table(dict(KAN, A="111m89p38s334667z"), avoid="1m2m4m5m4p7p8s")
    while h.draws < kan_at:
        h.draw().discard()
    h.draw("A", "1m").kong("A", "concealed", "1111m").ev(type="dora", tile="1p")
    r = h.draw("A", "7p", back=True).discard("A", "7p").win("C", "discard", "7p", frm="A").rule()
    assert keys(r) == patterns and money(r) == expected


# ---------------------------------------------------------------------------------------------
# RJ-RII-4 with RJ-PR-4: the ippatsu ron on the discard before his own draw, and not after it


@pytest.mark.parametrize("drew, expected", [
    # B rons A's 4p before drawing: riichi, ippatsu, pinfu 3900
    pytest.param(False, {"A": -3900, "B": 3900}, id="before-his-draw"),
    # he draws first (his pass, RJ-PR-4) and puts the tile back: riichi furiten, chombo
    pytest.param(True, CHOMBO_B, id="after-his-draw"),
])
def test_rii4_ippatsu_ron_before_his_own_draw(drew, expected):
    h = riichi_b(table()).go(2).draw("A", "4p").discard("A", "4p")
    if drew:
        h.draw("B")
        h.ev(type="correct", player="B", about=len(h.events) - 1, action="return_tile")
    r = h.win("B", "discard", "4p", frm="A", ura="5z").rule()
    assert money(r) == expected
    if drew:
        assert "RJ-FUR-3" in hand_of(r)["rulings"][0]["decision"]
    else:
        assert keys(r) == ["ippatsu", "pinfu", "riichi"]


def test_pr3_a_wrong_pon_taken_back_then_the_right_pon_taken_back_for_a_ron():
    """D pons A's 4p with 4p9s (RJ-IRR-6(b)), takes it back (his 1000 as an empty call), pons it
    rightly, and takes that back too for B's ron: the tile stayed on offer through both claims:
    B's pinfu 1000 and D's deposit."""
    h = restore(table().go(4).draw("A", "4p").discard("A", "4p").pon("D", "4p", "4p9s"), "D")
    r = restore(h.pon("D", "4p", "44p"), "D").win("B", "discard", "4p", frm="A").rule()
    assert findings(r) == [("RJ-IRR-6", "ruled")]
    assert money(r) == {"A": -1000, "B": 2000, "D": -1000}


# ---------------------------------------------------------------------------------------------
# RJ-PR-3 / RJ-PAY-3: an added kan can be robbed until its rinshan draw


@pytest.mark.parametrize("drawn, expected", [
    # before D's rinshan draw: chankan, pinfu, 2 han 30 fu = 2000 from D
    pytest.param(False, {"B": 2000, "D": -2000}, id="before-the-rinshan-draw"),
    # after it the kan has completed: B let it pass: a false win, chombo
    pytest.param(True, CHOMBO_B, id="after-the-rinshan-draw"),
])
def test_pay3_chankan_before_the_rinshan_draw_only(drawn, expected):
    h = table().draw("A", "4p").discard("A", "4p").pon("D", "4p", "44p").discard("D", "9s").go(3)
    h.draw("D", "4p").kong("D", "added", "4444p")
    if drawn:
        h.draw("D", back=True)
    r = h.win("B", "rob_kong", "4p", frm="D").rule()
    assert money(r) == expected and hand_of(r)["redeal"] is drawn


# ---------------------------------------------------------------------------------------------
# RJ-END-3: the last dealer's own riichi stick is on the table, not in his score


@pytest.mark.parametrize("riichi, scores, over, sticks", [
    # A, dealer at South 4, alone tenpai: 27,500 + 3000 = 30,500, sole top: the game ends
    pytest.param(False, {"A": 30500, "B": 24000, "C": 24000, "D": 21500}, True, 0, id="no-riichi-stops"),
    # the same after his riichi: 29,500 (his stick on the table), under 30,000: he deals again
    pytest.param(True, {"A": 29500, "B": 24000, "C": 24000, "D": 21500}, False, 1, id="riichi-plays-on"),
])
def test_end3_tenpai_stop_counts_his_score_without_his_stick(riichi, scores, over, sticks):
    deal = dict(DEAL, A=DEAL["B"], B=DEAL["A"], C="234678m678s22s5p1z", D="111z4p9s789m567s1p2s")
    h = table(deal, round_wind="2z", start_dealer="B", scores={"A": 27500, "B": 25000, "C": 25000, "D": 22500})
    if riichi:
        h.go(4).draw("A").riichi("A").discard("A")
    x = hand_of(h.exhaust().rule())
    assert x["tenpai"] == ["A"] and x["scores"] == scores
    assert (x["next"]["dealer"], x["next"]["sticks"], x["next"]["game_over"]) == ("A", sticks, over)


# ---------------------------------------------------------------------------------------------
# RJ-IRR-5 / RJ-IRR-9: a peek reported before his riichi, or after it


@pytest.mark.parametrize("report_first, expected", [
    # reported first: his riichi (declaration and its sideways discard, RJ-RII-2) is a dead
    # hand's: chombo (RJ-IRR-5), re-deal, no stick
    pytest.param(True, CHOMBO_B, id="report-then-riichi"),
    # reported after the declaration: the riichi stands (stick on the table); from the report his
    # hand is dead: noten at the draw, no false riichi: A pays C 1500, B pays D 1500
    pytest.param(False, {"A": -1500, "B": -2500, "C": 1500, "D": 1500, "kyotaku": 1000}, id="riichi-then-report"),
])
def test_irr5_a_peek_reported_before_or_after_his_riichi(report_first, expected):
    h = table().ev(type="peek", player="B", target="A").go(4)

    def report():
        h.ev(type="report", by="A", against="B", about=1)

    if report_first:
        report()
    h.draw("A").discard("A").draw("B").riichi("B").discard("B")
    if report_first:
        r = h.ev(type="end").rule()
        assert findings(r) == [("RJ-IRR-9", "ruled"), ("RJ-IRR-5", "ruled")]
        assert (hand_of(r)["result"], hand_of(r)["redeal"]) == ("penalty", True)
    else:
        report()
        r = h.exhaust().rule()
        assert findings(r) == [("RJ-IRR-9", "ruled")] and hand_of(r)["tenpai"] == ["C", "D"]
    assert money(r) == expected


def test_irr5_near_miss_nothing_may_follow_a_dead_hands_riichi_discard():
    h = table().ev(type="peek", player="B", target="A").go(4).ev(type="report", by="A", against="B", about=1)
    h.draw("A").discard("A").draw("B").riichi("B").discard("B").draw("C")
    with pytest.raises(InputError, match=r"events\[16\].*ended at event 14 \(chombo, RJ-IRR-5\)"):
        h.rule()


# ---------------------------------------------------------------------------------------------
# RJ-PAY-9 with RJ-IRR-6(b): a claim of his discard taken back leaves it in his river


def test_pay9_a_wrong_pon_of_his_discard_taken_back_does_not_disqualify():
    """D pons C's 1z showing 1z and 9m and takes it back (his 1000 as an empty call): C's 1z
    stayed in his river, unclaimed; C discards only terminals and honours: nagashi mangan, 4000
    from the dealer, 2000 from B and D. (The pon standing: tests/test_riichi_clauses.py's
    ``test_pay9_a_claimed_discard_disqualifies``.)"""
    h = table(dict(DEAL, D="11z44p99s789m567s9m"), avoid=WAITS + "9m")
    restore(h.go(2).draw("C", "1z").discard("C", "1z").pon("D", "1z", "1z9m"), "D")
    h.turn = "D"
    while h.draws < 70:
        p = h.turn
        h.draw(p, pick=TERMINALS if p == "C" else "").discard(p)
    r = h.ev(type="exhaustive_draw", nagashi=["C"]).rule()
    assert findings(r) == [("RJ-IRR-6", "ruled")]
    assert money(r) == {"A": -4000, "B": -2000, "C": 8000, "D": -3000, "kyotaku": 1000}


@pytest.mark.parametrize("when, expected, sticks", [
    # B in riichi pons A's 9p (RJ-RII-5) and takes it back before his discard: 1000 as an empty
    # call; still in riichi and tenpai: A pays B, C, D 1000 each; his stick and deposit stay
    pytest.param("taken-back", {"A": -3000, "B": -1000, "C": 1000, "D": 1000, "kyotaku": 2000}, 2, id="taken-back"),
    # he discards after it: the meld stands, his hand is dead (noten, no false riichi)
    pytest.param("stands", {"A": -1500, "B": -2500, "C": 1500, "D": 1500, "kyotaku": 1000}, 1, id="stands"),
])
def test_irr6b_a_pon_in_riichi_taken_back_before_his_discard(when, expected, sticks):
    h = riichi_b(table()).go(2).draw("A", "9p").discard("A", "9p").pon("B", "9p", "99p")
    if when == "taken-back":
        restore(h, "B").turn = "B"
    else:
        h.discard("B", "2p")
    r = h.exhaust().rule()
    assert findings(r) == [("RJ-IRR-6", "ruled")] and money(r) == expected and next_of(r) == ("B", 1, sticks)


@pytest.mark.parametrize("then, expected", [
    # D's open kan of A's 4p taken back before its rinshan draw: B's ron on it wins (pinfu 1000)
    pytest.param("taken-back", {"A": -1000, "B": 1000}, id="taken-back"),
    # after the rinshan draw the kan stands: the tile is no longer on offer: chombo
    pytest.param("rinshan", CHOMBO_B, id="after-the-rinshan-draw"),
])
def test_pr3_a_ron_on_a_tile_taken_by_an_open_kan(then, expected):
    h = table(dict(DEAL, D="444p11z99s789m567s")).go(4).draw("A", "4p").discard("A", "4p")
    h.kong("D", "claimed", "4444p")
    if then == "taken-back":
        restore(h, "D")
    else:
        h.draw("D", back=True)
    assert money(h.win("B", "discard", "4p", frm="A").rule()) == expected


def test_irr9_near_miss_a_peek_reported_after_his_win():
    """B looked at A's hand; the report comes after B's ron on A's 1p: a fault takes effect when
    reported (RJ-IRR-0 timing), so the win (pinfu 1000) stands. (Reported before the win:
    tests/test_riichi_disputes.py's chombo.)"""
    h = table().ev(type="peek", player="B", target="A").go(4).draw("A", "1p").discard("A", "1p")
    r = h.win("B", "discard", "1p", frm="A").ev(type="report", by="A", against="B", about=1).rule()
    assert hand_of(r)["result"] == "win" and findings(r) == [("RJ-IRR-9", "ruled")]
    assert money(r) == {"A": -1000, "B": 1000}


def test_irr6b_a_pon_of_the_houtei_discard_taken_back():
    """D pons B's houtei 1z (RJ-PR-6) and takes it back: his 1000 as an empty call, his hand
    lives: B, C, D tenpai at the draw, A pays 1000 to each. (The pon standing:
    tests/test_riichi_clauses.py's dead hand.)"""
    h = table()
    while h.draws < 69:
        h.draw().discard()
    restore(h.draw("B", "1z").discard("B", "1z").pon("D", "1z", "11z"), "D")
    r = h.ev(type="exhaustive_draw").rule()
    assert findings(r) == [("RJ-IRR-6", "ruled")] and "houtei" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == {"A": -3000, "B": 1000, "C": 1000, "kyotaku": 1000} and next_of(r) == ("B", 1, 1)
