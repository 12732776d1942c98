"""Hand-written riichi disputes (RULEBOOK_RIICHI §12 A11): every RJ-FUR, RJ-IRR and RJ-ABT clause
fired once and missed once, with the money worked out by hand from the rulebook, and the presets,
several rons, pao, nagashi mangan and the noten payments.

The table (``DEAL``; dora indicator 5z, so 6z is dora and nobody but A holds it; the ura indicator
given is 5z too, so no ura dora):

    A, dealer (East)  113m 89p 38s 334667z   noten
    B (South)         123789m 234s 99p 23p    tenpai on 1p/4p, pinfu
    C (West)          234678m 678s 22s 56p    tenpai on 4p/7p, tanyao pinfu
    D (North)         111z 44p 99s 789m 567s  tenpai on 4p/9s; East is the round wind

Values (non-dealer winners, RJ-VAL-5): B's ron 1 han 30 fu = 1000; riichi + pinfu 2 han 30 fu =
2000; riichi + menzen tsumo + pinfu 3 han 20 fu = 700/1300 (2700); C's ron on 4p, tanyao + pinfu
2 han 30 fu = 2000; D's ron on 4p, East 1 han, 20 + 10 (closed ron) + 8 (concealed East) + 2 (4p
by ron) = 40 fu = 1300. A chombo under ``table_mangan`` (RJ-IRR-0): a non-dealer pays the dealer
4000 and each other 2000 (8000), the dealer pays 4000 to each (12000).

Filler tiles (tests/riichikit.py) keep every wait out of the river unless a test puts it there.
"""
from __future__ import annotations

import pytest

from referee.errors import InputError

from .riichikit import Hand, hand_of, money, rule

DEAL = {"A": "113m89p38s334667z", "B": "123789m234s99p23p", "C": "234678m678s22s56p",
        "D": "111z44p99s789m567s"}
WAITS = "1p4p7p9s"
CHOMBO_B = {"A": 4000, "B": -8000, "C": 2000, "D": 2000}  # RJ-IRR-0 table_mangan, B the offender


def table(deal: dict = DEAL, avoid: str = WAITS, **kw) -> Hand:
    return Hand(deal, avoid=avoid, **kw)


def riichi_b(h: Hand) -> Hand:
    """A plain riichi by B: one go-round first (no double riichi), then B declares with the tile
    he draws."""
    return h.go(5).draw("B").riichi("B").discard("B")


def next_of(ruling: dict) -> tuple:
    n = hand_of(ruling)["next"]
    return n["dealer"], n["honba"], n["sticks"]


def findings(ruling: dict) -> list[tuple[str, str]]:
    return [(f["rule"], f["status"]) for f in hand_of(ruling)["rulings"]]


def payments(ruling: dict) -> list[tuple]:
    return [(p["from"], p["to"], p["amount"], p["rule"]) for p in hand_of(ruling)["payments"]]


# ---------------------------------------------------------------------------------------------
# RJ-FUR: a ron in furiten is a false win (RJ-FUR-5 → RJ-IRR-1: chombo, re-deal)


def test_fur1_discard_furiten_ron_is_chombo():
    """B discarded 4p, one of his waits: he may not ron 1p (RJ-FUR-1)."""
    h = table().go(1).draw("B", "4p").discard("B", "4p").go(2)
    r = h.draw("A", "1p").discard("A", "1p").win("B", "discard", "1p", frm="A").rule()
    assert hand_of(r)["result"] == "false_win" and hand_of(r)["redeal"] is True
    assert findings(r) == [("RJ-IRR-1", "ruled")] and "RJ-FUR-1" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == CHOMBO_B and hand_of(r)["winners"] == []
    assert next_of(r) == ("A", 0, 0)  # the dealer keeps, honba unchanged


def test_fur1_near_miss_no_wait_in_his_river():
    h = table().go(4)
    r = h.draw("A", "1p").discard("A", "1p").win("B", "discard", "1p", frm="A").rule()
    assert hand_of(r)["result"] == "win" and findings(r) == []
    assert money(r) == {"A": -1000, "B": 1000} and next_of(r) == ("B", 0, 0)


def test_fur2_temporary_furiten_until_his_next_discard():
    """B lets C's 1p pass; before B discards again A's 4p comes: no ron (RJ-FUR-2)."""
    h = table().go(2).draw("C", "1p").discard("C", "1p").go(1)
    r = h.draw("A", "4p").discard("A", "4p").win("B", "discard", "4p", frm="A").rule()
    assert findings(r) == [("RJ-IRR-1", "ruled")] and "RJ-FUR-2" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == CHOMBO_B and next_of(r) == ("A", 0, 0)


def test_fur2_near_miss_his_discard_lifts_it():
    h = table().go(2).draw("C", "1p").discard("C", "1p").go(5)  # D A B C D: B discarded
    r = h.draw("A", "4p").discard("A", "4p").win("B", "discard", "4p", frm="A").rule()
    assert findings(r) == [] and money(r) == {"A": -1000, "B": 1000}


def riichi_furiten(**kw) -> Hand:
    """B in riichi lets C's 1p pass (RJ-FUR-3), goes round twice, then A discards 4p."""
    h = riichi_b(table(**kw)).draw("C", "1p").discard("C", "1p").go(5)
    return h.draw("A", "4p").discard("A", "4p")


def test_fur3_riichi_furiten_lasts_the_hand():
    r = riichi_furiten().win("B", "discard", "4p", frm="A", ura="5z").rule()
    assert findings(r) == [("RJ-IRR-1", "ruled")] and "RJ-FUR-3" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == CHOMBO_B  # and his riichi stick goes back (RJ-FLOW-10): no RJ-RII-3


def test_fur3_near_miss_self_draw_is_never_furiten():
    """RJ-FUR-5: B draws 4p himself: riichi, menzen tsumo, pinfu, 3 han 20 fu: 1300 from the
    dealer, 700 from each other; his stick goes out and comes back to him."""
    h = riichi_b(table()).draw("C", "1p").discard("C", "1p").go(6)  # D A B C D A
    r = h.draw("B", "4p").win("B", "self_draw", "4p", ura="5z").rule()
    w = hand_of(r)["winners"][0]
    assert (w["han"], w["fu"], w["points"]) == (3, 20, 2700)
    assert sorted(p["key"] for p in w["patterns"]) == ["pinfu", "riichi", "tsumo"]
    assert money(r) == {"A": -1300, "B": 2700, "C": -700, "D": -700}
    assert ("B", "kyotaku", 1000, "RJ-RII-3") in payments(r) and ("kyotaku", "B", 1000, "RJ-PAY-6") in payments(r)


# ---------------------------------------------------------------------------------------------
# RJ-IRR-0: what a chombo does, by option and preset


def test_chombo_re_deals_returns_the_hands_sticks_keeps_honba_and_carried_sticks():
    """2 honba and 1 stick carried in; B's riichi furiten ron: B pays 4000 + 2000 + 2000, no
    honba; his own stick goes back, the carried stick stays; A deals again with 2 honba."""
    r = riichi_furiten(honba=2, sticks=1).win("B", "discard", "4p", frm="A", ura="5z").rule()
    assert payments(r) == [("B", "A", 4000, "RJ-IRR-1"), ("B", "C", 2000, "RJ-IRR-1"),
                           ("B", "D", 2000, "RJ-IRR-1")]
    assert money(r) == CHOMBO_B and next_of(r) == ("A", 2, 1)
    assert hand_of(r)["scores"] == {"A": 29000, "B": 17000, "C": 27000, "D": 27000}


def test_chombo_by_the_dealer_pays_4000_to_each():
    """A (noten) declares a ron on B's 1p: his hand does not win (RJ-VAL-1 → RJ-IRR-1)."""
    h = table().go(1).draw("B", "1p").discard("B", "1p")
    r = h.win("A", "discard", "1p", frm="B").rule()
    assert money(r) == {"A": -12000, "B": 4000, "C": 4000, "D": 4000} and next_of(r) == ("A", 0, 0)


@pytest.mark.parametrize("options, nxt", [
    pytest.param({"chombo_dealer": "passes"}, ("B", 2, 1), id="dealer-passes"),
    pytest.param({"chombo_honba": "plus_one"}, ("A", 3, 1), id="honba-plus-one"),
])
def test_chombo_options(options, nxt):
    r = riichi_furiten(honba=2, sticks=1, options=options).win("B", "discard", "4p", frm="A", ura="5z").rule()
    assert money(r) == CHOMBO_B and next_of(r) == nxt


@pytest.mark.parametrize("preset, points", [
    pytest.param("wrc2022", 30000, id="wrc2022"),
    pytest.param("ema2016", 20000, id="ema2016"),
    pytest.param("mleague", 20000, id="mleague"),
])
def test_chombo_final_presets_list_a_penalty_and_move_no_money(preset, points):
    """RJ-IRR-0 ``final:N``: deducted from the final score, listed under ``penalties``, not paid."""
    r = riichi_furiten(honba=1, sticks=1, preset=preset).win("B", "discard", "4p", frm="A", ura="5z").rule()
    assert hand_of(r)["penalties"] == [{"player": "B", "points": points, "rule": "RJ-IRR-1",
                                        "applies_to": "final_score"}]
    assert money(r) == {} and hand_of(r)["redeal"] is True and next_of(r) == ("A", 1, 1)


@pytest.mark.parametrize("option, expected", [
    # both (WRC 2015): C's win is scored (2000 + 300 honba + the stick) and B pays his chombo
    pytest.param("both", {"A": 1700, "B": -8000, "C": 5300, "D": 2000, "kyotaku": -1000}, id="both"),
    # void_chombo (EMA): only C's win
    pytest.param("void_chombo", {"A": -2300, "C": 3300, "kyotaku": -1000}, id="void-chombo"),
])
def test_chombo_at_the_same_moment_as_a_valid_win(option, expected):
    """B (furiten: he discarded 4p) and C both ron A's 4p; C is the first valid winner."""
    h = table(honba=1, sticks=1, options={"chombo_with_win": option}).go(1)
    h.draw("B", "4p").discard("B", "4p").go(2).draw("A", "4p").discard("A", "4p")
    r = h.win("B", "discard", "4p", frm="A").win("C", "discard", "4p", frm="A").rule()
    assert money(r) == expected and hand_of(r)["redeal"] is False
    assert [w["player"] for w in hand_of(r)["winners"]] == ["C"] and next_of(r) == ("B", 0, 0)


# ---------------------------------------------------------------------------------------------
# RJ-IRR-1: a win with no yaku; revealed or not

NO_YAKU = dict(DEAL, B="123789m234s99p24p")  # B waits on 3p alone (kanchan): no pinfu, no yaku


def test_irr1_ron_without_yaku_is_chombo():
    h = table(NO_YAKU, avoid=WAITS + "3p").go(4)
    r = h.draw("A", "3p").discard("A", "3p").win("B", "discard", "3p", frm="A").rule()
    assert hand_of(r)["result"] == "false_win" and "no yaku" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == CHOMBO_B


def test_irr1_near_miss_riichi_is_his_yaku():
    """Riichi 1 han, 20 + 10 (closed ron) + 2 (kanchan) = 40 fu: 1300; his stick comes back."""
    h = riichi_b(table(NO_YAKU, avoid=WAITS + "3p")).go(4)  # C D A B
    r = h.draw("C", "3p").discard("C", "3p").win("B", "discard", "3p", frm="C", ura="5z").rule()
    w = hand_of(r)["winners"][0]
    assert (w["han"], w["fu"], w["points"]) == (1, 40, 1300)
    assert money(r) == {"B": 1300, "C": -1300}


def test_irr1_a_win_called_but_not_revealed_is_a_dead_hand():
    """B calls a win on A's 3p (no yaku) and shows nothing; play goes on to the exhaustive draw,
    where B's dead hand is noten: C and D tenpai, A and B noten: A pays C 1500, B pays D 1500
    (paired in turn order from the dealer, RJ-PAY-7)."""
    h = table(NO_YAKU, avoid=WAITS + "3p").go(4).draw("A", "3p").discard("A", "3p")
    r = h.ev(type="call", player="B", call="win").exhaust().rule()
    assert ("RJ-IRR-1", "ruled") in findings(r)
    assert money(r) == {"A": -1500, "B": -1500, "C": 1500, "D": 1500}
    assert hand_of(r)["rulings"][0]["decision"] == ("False win (錯和): B declared a win but his hand "
                                                     "has no yaku (RJ-VAL-1); he did not reveal his hand, and it is dead.")


def test_irr1_a_win_with_nothing_shown_and_play_going_on_is_a_dead_hand():
    h = table(NO_YAKU, avoid=WAITS + "3p").go(4).draw("A", "3p").discard("A", "3p")
    r = h.win("B", "discard", "3p", frm="A", shown=[]).exhaust().rule()
    assert findings(r) == [("RJ-IRR-1", "ruled")] and hand_of(r)["tenpai"] == ["C", "D"]
    assert money(r) == {"A": -1500, "B": -1500, "C": 1500, "D": 1500}


@pytest.mark.parametrize("caller, options", [
    # option false_win_unrevealed: chombo (the wrc2022 preset's value): the hand ends at the call
    pytest.param("B", {"false_win_unrevealed": "chombo"}, id="option-chombo"),
    # a dead hand's declaration is chombo, revealed or not (RJ-IRR-5)
    pytest.param("D", None, id="dead-hand"),
])
def test_irr1_a_win_called_but_not_revealed_chombo(caller, options):
    h = (dead_by_peeking(caller) if options is None else table(NO_YAKU, avoid=WAITS + "3p", options=options))
    h.go(4).draw("A", "3p").discard("A", "3p").ev(type="call", player=caller, call="win")
    r = h.ev(type="end").rule()
    x = hand_of(r)
    assert (x["result"], x["redeal"]) == ("false_win", True) and ("RJ-IRR-1", "ruled") in findings(r)
    assert money(r) == (CHOMBO_B if caller == "B" else {"A": 4000, "B": 2000, "C": 2000, "D": -8000})


def test_irr1_a_chombo_call_ends_the_hand():
    h = table(NO_YAKU, avoid=WAITS + "3p", options={"false_win_unrevealed": "chombo"}).go(4)
    h.draw("A", "3p").discard("A", "3p").ev(type="call", player="B", call="win").draw("B")
    with pytest.raises(InputError, match=r"events\[12\].*ended at event 11 \(chombo, RJ-IRR-1\)"):
        h.rule()


def valid_call_c(finish: str) -> Hand:
    """C calls a win on A's 4p (tanyao, pinfu: it would stand) and records no `win`."""
    h = table().go(4).draw("A", "4p").discard("A", "4p").ev(type="call", player="C", call="win")
    if finish == "ron":  # B discards C's other wait 7p before C has discarded again
        return h.draw("B", "7p").discard("B", "7p").win("C", "discard", "7p", frm="B")
    return h.exhaust() if finish == "draw" else h.ev(type="end")


def test_irr1_a_valid_call_not_carried_out_is_a_pass_then_furiten():
    """RJ-PR-4: C let A's 4p pass (no penalty), so his ron on B's 7p is a temporary furiten
    (RJ-FUR-2): chombo."""
    r = valid_call_c("ron").rule()
    assert findings(r) == [("RJ-PR-4", "ruled"), ("RJ-IRR-1", "ruled")]
    assert "RJ-FUR-2" in hand_of(r)["rulings"][1]["decision"]
    assert money(r) == {"A": 4000, "B": 2000, "C": -8000, "D": 2000}


def test_irr1_near_miss_a_valid_call_not_carried_out_costs_nothing():
    """C is no dead hand: tenpai at the draw with B and D; A pays 1000 to each."""
    r = valid_call_c("draw").rule()
    assert findings(r) == [("RJ-PR-4", "ruled")] and hand_of(r)["tenpai"] == ["B", "C", "D"]
    assert money(r) == {"A": -3000, "B": 1000, "C": 1000, "D": 1000}


def test_irr1_a_valid_call_the_record_ends_on_lacks_its_win():
    x = hand_of(valid_call_c("end").rule())
    assert (x["result"], x["complete"], x["rulings"]) == ("open", False, [])
    assert [(m["fact"], m["player"], m["at"]) for m in x["missing"]] == [("win", "C", 11)]


def test_irr1_a_valid_self_draw_called_and_discarded_costs_nothing():
    h = table().go(1).draw("B", "4p").ev(type="call", player="B", call="win").discard("B", "4p")
    r = h.ev(type="end").rule()
    assert findings(r) == [("RJ-IRR-1", "ruled")] and "not a false win" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == {}


def test_irr1_a_ron_after_the_next_players_discard_is_late():
    """RJ-PR-3: C's ron on A's 7p comes after B (the next player) drew and discarded."""
    h = table().go(4).draw("A", "7p").discard("A", "7p").draw("B").discard("B")
    r = h.win("C", "discard", "7p", frm="A").rule()
    assert "claim window" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == {"A": 4000, "B": 2000, "C": -8000, "D": 2000}


def test_pr3_near_miss_a_ron_after_the_next_players_draw_is_in_time():
    """B has drawn but not discarded: C's ron on A's 7p is in time (tanyao pinfu, 2000)."""
    h = table().go(4).draw("A", "7p").discard("A", "7p").draw("B")
    r = h.win("C", "discard", "7p", frm="A").rule()
    assert hand_of(r)["rulings"] == [] and money(r) == {"A": -2000, "C": 2000}


def test_pr3_a_riichi_tile_won_on_after_the_next_players_draw_puts_out_no_stick():
    """RJ-RII-3: A's riichi declaration tile 7p is won on in time (B has drawn, not discarded):
    the riichi never took effect, so A pays no stick and C takes none."""
    h = table().go(4).draw("A", "7p").riichi("A").discard("A", "7p").draw("B")
    r = h.win("C", "discard", "7p", frm="A").rule()
    assert money(r) == {"A": -2000, "C": 2000} and next_of(r) == ("B", 0, 0)


def test_pr4_the_next_players_own_draw_is_his_pass():
    """B could ron A's 1p and draws instead: his draw is his pass (RJ-PR-4); putting the tile
    back does not undo it, and his ron is a temporary furiten (RJ-FUR-2)."""
    h = table().go(4).draw("A", "1p").discard("A", "1p").draw("B")
    h.ev(type="correct", player="B", about=len(h.events) - 1, action="return_tile")
    r = h.win("B", "discard", "1p", frm="A").rule()
    assert "RJ-FUR-2" in hand_of(r)["rulings"][0]["decision"] and money(r) == CHOMBO_B


# ---------------------------------------------------------------------------------------------
# RJ-IRR-2: false riichi, found at the exhaustive draw only

NOTEN_B = dict(DEAL, B="123789m234s9p23p4z")


def test_irr2_false_riichi_at_the_exhaustive_draw_is_chombo():
    """No noten payments, B's stick back, honba unchanged, the carried stick stays, A deals."""
    r = riichi_b(table(NOTEN_B, honba=1, sticks=1)).exhaust().rule()
    x = hand_of(r)
    assert (x["result"], x["redeal"]) == ("exhaustive_draw", True)
    assert findings(r) == [("RJ-IRR-2", "ruled")]
    assert money(r) == CHOMBO_B and next_of(r) == ("A", 1, 1)


def test_irr2_near_miss_riichi_and_tenpai():
    """B, C, D tenpai, A noten: A pays 1000 to each; B's stick stays on the table; A's deal
    passes, honba + 1 (RJ-FLOW-9)."""
    r = riichi_b(table(honba=1, sticks=1)).exhaust().rule()
    assert hand_of(r)["tenpai"] == ["B", "C", "D"] and findings(r) == []
    assert money(r) == {"A": -3000, "C": 1000, "D": 1000, "kyotaku": 1000}
    assert next_of(r) == ("B", 2, 2)


def test_irr2_not_ruled_when_the_hand_ends_by_a_win():
    """B's false riichi ends with C's ron on A's 7p: C takes B's stick; nothing for B's noten."""
    h = riichi_b(table(NOTEN_B)).go(3)  # C D A
    r = h.draw("B").discard("B").go(2).draw("A", "7p").discard("A", "7p").win("C", "discard", "7p", frm="A").rule()
    assert findings(r) == [] and money(r) == {"A": -2000, "B": -1000, "C": 3000}


# ---------------------------------------------------------------------------------------------
# RJ-IRR-3: a concealed kan after riichi that is not allowed

KAN = {"A": "119m89p38s334667z", "B": "3334m234p678p999s", "C": "456m678m678s22s56p",
       "D": "111z44p88s789m567s"}
# B: 333m + 4m, or 33m + 34m: waits 2m, 4m, 5m; his kan of 3m leaves 4m alone: it changes his waits
KAN_OK = dict(KAN, B="222z23m234p678p99s")  # 222z + 23m: waits 1m, 4m before and after the kan


def kan_after_riichi(deal: dict, fourth: str) -> Hand:
    h = riichi_b(table(deal, avoid="1m2m4m5m4p7p8s")).go(3)  # C D A
    h.draw("B", fourth).kong("B", "concealed", fourth[0] * 4 + fourth[1]).ev(type="dora", tile="1p")
    return h.draw("B", back=True).discard("B").go(3)  # C D A


def test_irr3_invalid_kan_listed_at_once_chombo_at_his_win():
    h = kan_after_riichi(KAN, "3m")
    r = h.draw("B", "4m").win("B", "self_draw", "4m", ura="5z6z").rule()
    assert findings(r) == [("RJ-IRR-3", "ruled")]  # no longer listed unreported once ruled
    assert hand_of(r)["redeal"] is True and money(r) == CHOMBO_B  # his stick back


def test_irr3_invalid_kan_chombo_at_the_exhaustive_draw():
    r = kan_after_riichi(KAN, "3m").exhaust().rule()
    assert findings(r) == [("RJ-IRR-3", "ruled")]
    assert (hand_of(r)["result"], hand_of(r)["redeal"]) == ("exhaustive_draw", True)
    assert money(r) == CHOMBO_B and next_of(r) == ("A", 0, 0)


def test_irr3_invalid_kan_nothing_if_another_player_wins():
    """C rons A's 7p (tanyao pinfu 2000) and takes B's stick; B's kan stays unreported."""
    h = kan_after_riichi(KAN, "3m")
    r = h.draw("B").discard("B").go(2).draw("A", "7p").discard("A", "7p").win("C", "discard", "7p", frm="A").rule()
    assert findings(r) == [("RJ-IRR-3", "unreported")]
    assert money(r) == {"A": -2000, "B": -1000, "C": 3000}


def test_irr3_near_miss_a_kan_that_keeps_his_waits():
    """B's kan of South (his seat wind) keeps 1m/4m: his tsumo on 4m stands. Riichi, menzen
    tsumo, South, and 2p made dora by the kan's indicator 1p: 4 han, 20 + 2 (tsumo) + 32
    (concealed honour kan) = 54 → 60 fu: mangan, 4000 from the dealer, 2000 from each other."""
    h = kan_after_riichi(KAN_OK, "2z")
    r = h.draw("B", "4m").win("B", "self_draw", "4m", ura="5z6z").rule()
    w = hand_of(r)["winners"][0]
    assert findings(r) == [] and (w["han"], w["fu"], w["limit"], w["points"]) == (4, 60, "mangan", 8000)
    assert money(r) == {"A": -4000, "B": 8000, "C": -2000, "D": -2000}


# ---------------------------------------------------------------------------------------------
# RJ-IRR-4: a wrong tile count

def long_hand_b(**kw) -> Hand:
    """B draws a second tile out of turn (an ``act`` marks it) and discards one: he holds 14."""
    h = table(**kw).go(1).draw("B").draw("B").ev(type="act", player="B", act="grab_draw").discard("B")
    return h.go(3)  # C D A


@pytest.mark.parametrize("option, result, expected, nxt", [
    # dead hand: at the exhaustive draw B is noten; C, D tenpai; A pays C 1500, B pays D 1500
    pytest.param("dead_hand", "exhaustive_draw", {"A": -1500, "B": -1500, "C": 1500, "D": 1500},
                 ("B", 1, 0), id="dead-hand"),
    # chombo: the hand ends at the report (no play may follow a chombo)
    pytest.param("chombo", "penalty", CHOMBO_B, ("A", 0, 0), id="chombo"),
])
def test_irr4_wrong_count_reported(option, result, expected, nxt):
    h = long_hand_b(options={"wrong_count": option})
    h.ev(type="report", by="referee", against="B", offence="RJ-IRR-4")
    r = (h.exhaust() if option == "dead_hand" else h.ev(type="end")).rule()
    assert ("RJ-IRR-4", "ruled") in findings(r) and "long hand" in hand_of(r)["rulings"][-1]["decision"]
    assert hand_of(r)["result"] == result and money(r) == expected and next_of(r) == nxt


def test_irr4_near_miss_a_report_of_a_right_count_is_dismissed():
    h = table().go(4).ev(type="report", by="referee", against="B", offence="RJ-IRR-4")
    r = h.exhaust().rule()
    assert findings(r) == [("RJ-IRR-4", "dismissed")]
    assert money(r) == {"A": -3000, "B": 1000, "C": 1000, "D": 1000}


def test_irr4_found_at_his_win_declaration():
    """Never reported, but B's 15 tiles cannot win on A's 1p: a false win (RJ-IRR-1)."""
    r = long_hand_b().go(3).draw("A", "1p").discard("A", "1p").win("B", "discard", "1p", frm="A").rule()
    assert hand_of(r)["result"] == "false_win" and money(r) == CHOMBO_B


# ---------------------------------------------------------------------------------------------
# RJ-IRR-5: a dead hand may not call or win (here dead by RJ-IRR-9: he looked at a hand)


def dead_by_peeking(player: str) -> Hand:
    h = table().ev(type="peek", player=player, target="A")
    return h.ev(type="report", by="A", against=player, about=1)


def test_irr5_a_dead_hands_call_is_chombo():
    r = dead_by_peeking("D").draw("A", "1z").discard("A", "1z").pon("D", "1z", "11z").ev(type="end").rule()
    assert findings(r) == [("RJ-IRR-9", "ruled"), ("RJ-IRR-5", "ruled")]
    assert hand_of(r)["result"] == "penalty" and money(r) == {"A": 4000, "B": 2000, "C": 2000, "D": -8000}


def test_irr5_a_dead_hands_win_is_chombo():
    h = dead_by_peeking("B").go(4)
    r = h.draw("A", "1p").discard("A", "1p").win("B", "discard", "1p", frm="A").rule()
    assert hand_of(r)["result"] == "false_win" and "RJ-IRR-5" in hand_of(r)["rulings"][-1]["decision"]
    assert money(r) == CHOMBO_B


def test_irr5_near_miss_a_dead_hand_plays_on_and_is_noten():
    """Tenpai B is dead: at the draw C and D are tenpai; A pays C 1500, B pays D 1500."""
    r = dead_by_peeking("B").exhaust().rule()
    assert hand_of(r)["tenpai"] == ["C", "D"]
    assert money(r) == {"A": -1500, "B": -1500, "C": 1500, "D": 1500}


# ---------------------------------------------------------------------------------------------
# RJ-IRR-6: empty calls (a) and wrong calls (b)


def empty_pon_then(finish: str, **kw) -> Hand:
    """D calls pon on B's discard and does not pon; A's 1p is then won by B, or the wall runs out."""
    h = table(**kw).go(1).draw("B").discard("B").ev(type="call", player="D", call="pon").go(2)
    if finish == "win":
        return h.draw("A", "1p").discard("A", "1p").win("B", "discard", "1p", frm="A")
    return h.exhaust()


@pytest.mark.parametrize("option, finish, expected, sticks", [
    pytest.param("none", "win", {"A": -1000, "B": 1000}, 0, id="none-win"),
    # the deposit is on the table when B wins: he takes it (RJ-PAY-6)
    pytest.param("deposit_1000", "win", {"A": -1000, "B": 2000, "D": -1000}, 0, id="deposit-win"),
    # no winner: it stays on the table; B, C, D tenpai, A pays 1000 to each
    pytest.param("deposit_1000", "draw", {"A": -3000, "B": 1000, "C": 1000, "kyotaku": 1000}, 1,
                 id="deposit-draw"),
    pytest.param("dead_hand", "win", {"A": -1000, "B": 1000}, 0, id="dead-win"),
    # D dead: B and C tenpai; A pays B 1500, D pays C 1500
    pytest.param("dead_hand", "draw", {"A": -1500, "B": 1500, "C": 1500, "D": -1500}, 0, id="dead-draw"),
])
def test_irr6a_empty_call(option, finish, expected, sticks):
    r = empty_pon_then(finish, options={"empty_call": option}).rule()
    assert ("RJ-IRR-6", "ruled") in findings(r)
    assert money(r) == expected and next_of(r)[2] == sticks


def test_irr6a_near_miss_the_call_carried_out():
    h = table().draw("A", "1z").discard("A", "1z").ev(type="call", player="D", call="pon")
    r = h.pon("D", "1z", "11z").discard("D", "5s").exhaust().rule()
    assert findings(r) == []


def test_irr6b_late_pon_stands_and_the_hand_is_dead():
    """A's 1z, B draws, then D pons it: after the next player's draw (RJ-PR-3)."""
    h = table().draw("A", "1z").discard("A", "1z").draw("B").pon("D", "1z", "11z").ev(type="end")
    r = h.rule()
    assert findings(r) == [("RJ-IRR-6", "ruled")]
    assert "late" in hand_of(r)["rulings"][0]["decision"] and "dead" in hand_of(r)["rulings"][0]["decision"]


def test_irr6b_near_miss_the_draw_put_back_first():
    h = table().draw("A", "1z").discard("A", "1z").draw("B")
    h.ev(type="correct", player="B", about=3, action="return_tile").pon("D", "1z", "11z").discard("D", "5s")
    assert findings(h.ev(type="end").rule()) == []


def test_irr6b_a_pon_in_riichi():
    """RJ-RII-5 / RJ-PR-6: B in riichi pons A's 9p: the meld stands, his hand is dead."""
    h = riichi_b(table()).go(2).draw("A", "9p").discard("A", "9p").pon("B", "9p", "99p")
    r = h.ev(type="end").rule()
    assert findings(r) == [("RJ-IRR-6", "ruled")] and "riichi" in hand_of(r)["rulings"][0]["decision"]


# ---------------------------------------------------------------------------------------------
# RJ-IRR-7: kuikae

KUIKAE = dict(DEAL, C="234678m678s2s56p4p")  # C chis B's 7p with 5p6p: 4p and 7p are then barred


def test_irr7_kuikae_dead_hand_and_its_win_is_chombo():
    h = table(KUIKAE).go(1).draw("B", "7p").discard("B", "7p").chi("C", "7p", "56p").discard("C", "4p")
    r = h.go(1).draw("A", "2s").discard("A", "2s").win("C", "discard", "2s", frm="A").rule()
    assert findings(r)[0] == ("RJ-IRR-7", "ruled") and hand_of(r)["result"] == "false_win"
    assert money(r) == {"A": 4000, "B": 2000, "C": -8000, "D": 2000}


def test_irr7_near_miss_another_discard():
    """C discards 2s and waits on 4p alone: open tanyao, 1 han 30 fu = 1000."""
    h = table(KUIKAE).go(1).draw("B", "7p").discard("B", "7p").chi("C", "7p", "56p").discard("C", "2s")
    r = h.go(1).draw("A", "4p").discard("A", "4p").win("C", "discard", "4p", frm="A").rule()
    assert findings(r) == [] and money(r) == {"A": -1000, "C": 1000}


def test_irr7_kuikae_of_the_claimed_kind():
    h = table().draw("A", "1z").discard("A", "1z").pon("D", "1z", "11z").discard("D", "1z")
    assert findings(h.ev(type="end").rule()) == [("RJ-IRR-7", "ruled")]


# ---------------------------------------------------------------------------------------------
# RJ-IRR-8 / RJ-ABT-1: nine terminals

NINE = dict(DEAL, A="19m19p1s234z234m56s")  # eight terminal and honour kinds dealt to A


def test_irr8_false_nine_terminals_shown_is_chombo():
    """With 8s A has 8 kinds: the dealer pays 4000 to each; re-deal with the same honba."""
    r = table(NINE, honba=1, sticks=1).draw("A", "8s").ev(type="abort", kind="nine_terminals", player="A").rule()
    assert findings(r) == [("RJ-IRR-8", "ruled")]
    assert (hand_of(r)["result"], hand_of(r)["redeal"]) == ("penalty", True) and "abort" not in hand_of(r)
    assert money(r) == {"A": -12000, "B": 4000, "C": 4000, "D": 4000} and next_of(r) == ("A", 1, 1)


def test_irr8_not_on_his_first_draw():
    h = table(NINE).draw("A").discard("A").go(3).draw("A", "9s")
    r = h.ev(type="abort", kind="nine_terminals", player="A").rule()
    assert findings(r) == [("RJ-IRR-8", "ruled")] and money(r)["A"] == -12000


def test_abt1_nine_terminals_near_miss():
    """With 9s: nine kinds on his first draw: an abortive draw (RJ-ABT-0): no payments, the dealer
    keeps, honba + 1, the stick carried."""
    r = table(NINE, honba=1, sticks=1).draw("A", "9s").ev(type="abort", kind="nine_terminals", player="A").rule()
    x = hand_of(r)
    assert (x["result"], x["abort"], x["redeal"]) == ("abortive_draw", "nine_terminals", False)
    assert findings(r) == [] and money(r) == {} and next_of(r) == ("A", 2, 1)


# ---------------------------------------------------------------------------------------------
# RJ-IRR-9: peeking and the wall


def test_irr9_peek_reported_dead_hand_then_his_win_is_chombo():
    h = table().go(1).ev(type="peek", player="B", target="dead_wall").draw("B").discard("B")
    h.ev(type="report", by="A", against="B", about=3).go(2)
    r = h.draw("A", "1p").discard("A", "1p").win("B", "discard", "1p", frm="A").rule()
    assert findings(r) == [("RJ-IRR-9", "ruled"), ("RJ-IRR-1", "ruled")] and money(r) == CHOMBO_B


def test_irr9_near_miss_peek_never_reported():
    h = table().go(1).ev(type="peek", player="B", target="ura").go(3)
    r = h.draw("A", "1p").discard("A", "1p").win("B", "discard", "1p", frm="A").rule()
    assert findings(r) == [("RJ-IRR-9", "unreported")] and money(r) == {"A": -1000, "B": 1000}


def collapse(count: int, finish: str, **kw) -> Hand:
    h = table(honba=1, sticks=1, **kw).go(1).ev(type="act", player="C", act="wall_disturbed", count=count)
    if finish == "end":
        return h.ev(type="end")
    if finish == "win":
        return h.go(3).draw("A", "1p").discard("A", "1p").win("B", "discard", "1p", frm="A")
    return h.exhaust()


CHOMBO_C = {"A": 4000, "B": 2000, "C": -8000, "D": 2000}


@pytest.mark.parametrize("option, finish, result, expected", [
    pytest.param("chombo", "end", "penalty", CHOMBO_C, id="chombo-at-once"),
    pytest.param("chombo_if_drawn", "draw", "exhaustive_draw", CHOMBO_C, id="if-drawn-drawn"),
    # chombo_if_drawn and B wins: no penalty; B 1000 + 300 honba + the stick
    pytest.param("chombo_if_drawn", "win", "win", {"A": -1300, "B": 2300, "kyotaku": -1000}, id="if-drawn-won"),
])
def test_irr9_wall_collapse(option, finish, result, expected):
    r = collapse(6, finish, options={"wall_collapse": option}).rule()
    assert findings(r) == [("RJ-IRR-9", "ruled")]
    assert hand_of(r)["rulings"][0]["decision"] == "6 wall tiles exposed by C: " + (
        "chombo" if option == "chombo" else "chombo if the hand ends in an exhaustive draw") + " (from event 3)."
    assert hand_of(r)["result"] == result and money(r) == expected
    if result != "win":
        assert next_of(r) == ("A", 1, 1)


def test_irr9_near_miss_four_tiles_exposed():
    r = collapse(4, "win").rule()
    assert findings(r) == [] and money(r) == {"A": -1300, "B": 2300, "kyotaku": -1000}


# ---------------------------------------------------------------------------------------------
# RJ-IRR-10: in riichi, a discard that is not the drawn tile's kind


def test_irr10_dead_hand_not_false_riichi():
    """B discards 9p from his hand: dead, noten at the draw but no chombo (RJ-IRR-5). C and D
    tenpai: A pays C 1500, B pays D 1500; B's stick stays on the table."""
    r = riichi_b(table()).go(3).draw("B", "5m").discard("B", "9p").exhaust().rule()
    assert findings(r) == [("RJ-IRR-10", "ruled")]
    assert money(r) == {"A": -1500, "B": -2500, "C": 1500, "D": 1500, "kyotaku": 1000}
    assert next_of(r) == ("B", 1, 1)


def test_irr10_near_miss_another_tile_of_the_drawn_kind():
    """B draws 9m and discards the 9m he held: no breach; tenpai B, C, D."""
    r = riichi_b(table()).go(3).draw("B", "9m").discard("B", "9m").exhaust().rule()
    assert findings(r) == [] and money(r) == {"A": -3000, "C": 1000, "D": 1000, "kyotaku": 1000}


# ---------------------------------------------------------------------------------------------
# RJ-RII-1: a riichi that may not be declared


@pytest.mark.parametrize("points, expected", [
    # 900 points: void, no stick, no riichi: B's ron is pinfu alone, 1000
    pytest.param(900, {"B": 1000, "D": -1000}, id="900-void"),
    # 1000 points: riichi + pinfu = 2000; his stick goes out and comes back
    pytest.param(1000, {"B": 2000, "D": -2000}, id="1000-near-miss"),
])
def test_rii1_riichi_needs_1000_points(points, expected):
    h = riichi_b(table(scores={"A": 25000, "B": points, "C": 25000, "D": 50000 - points})).go(5)
    r = h.draw("D", "1p").discard("D", "1p").win("B", "discard", "1p", frm="D", ura="5z").rule()
    assert (("RJ-RII-1", "ruled") in findings(r)) is (points < 1000)
    assert money(r) == expected


@pytest.mark.parametrize("draws, void, expected", [
    # B's 70th draw leaves nothing: void (no stick); B, C, D tenpai
    pytest.param(69, True, {"A": -3000, "B": 1000, "C": 1000, "D": 1000}, id="none-left"),
    # his 66th leaves 4: allowed, the stick goes out
    pytest.param(65, False, {"A": -3000, "C": 1000, "D": 1000, "kyotaku": 1000}, id="four-left"),
])
def test_rii1_riichi_needs_four_tiles_in_the_wall(draws, void, expected):
    h = table()
    while h.draws < draws:
        h.draw().discard()
    assert h.turn == "B"
    r = h.draw("B").riichi("B").discard("B").exhaust().rule()
    assert (("RJ-RII-1", "ruled") in findings(r)) is void and money(r) == expected


# ---------------------------------------------------------------------------------------------
# RJ-ABT: abortive draws, each ruled (RJ-ABT-0: no payments, dealer keeps, honba + 1, sticks
# carried); a compulsory one not recorded is an input error naming the event (RJ-ABT-6)


def four_winds(riichi_last: bool = False) -> Hand:
    h = table(honba=1, sticks=1)
    for p in "ABCD":
        h.draw(p, "2z")
        if riichi_last and p == "D":
            h.riichi("D")
        h.discard(p, "2z")
    return h


def test_abt2_four_winds():
    r = four_winds().ev(type="abort", kind="four_winds").rule()
    assert (hand_of(r)["result"], hand_of(r)["abort"]) == ("abortive_draw", "four_winds")
    assert money(r) == {} and next_of(r) == ("A", 2, 1)


def test_abt2_four_winds_on_a_riichi_discard_keeps_the_stick():
    r = four_winds(riichi_last=True).ev(type="abort", kind="four_winds").rule()
    assert money(r) == {"D": -1000, "kyotaku": 1000} and next_of(r) == ("A", 2, 2)


def test_abt6_four_winds_not_recorded_is_an_input_error():
    with pytest.raises(InputError) as err:
        four_winds().draw("A").rule()
    assert err.value.errors == {"hand.events[9]": [
        "the hand ended at event 8 by four winds (四風連打, RJ-ABT): an abort event must follow, not a draw"]}


def test_abt2_near_miss_a_different_fourth_wind_plays_on():
    h = table()
    for p, wind in zip("ABCD", ("2z", "2z", "2z", "3z")):
        h.draw(p, wind).discard(p, wind)
    assert hand_of(h.draw("A").discard("A").ev(type="end").rule())["result"] == "open"


KANS = {"A": "111z23m456p789s99m", "B": "222z23m456p789s11m", "C": "333z67m456s789p11s",
        "D": "444z67m123s789m88p"}


def four_kans() -> Hand:
    """Each player in turn draws the fourth of his wind and kans it (the concealed kan turns its
    indicator at once, RJ-FLOW-4), draws his replacement and discards it."""
    h = Hand(KANS, honba=1, sticks=1, avoid="1m4m8m9m5p7p2s8p")
    for p, wind, indicator in zip("ABCD", "1234", ("6z", "7z", "1p", "2p")):
        h.draw(p, wind + "z").kong(p, "concealed", wind * 4 + "z").ev(type="dora", tile=indicator)
        h.draw(p, back=True).discard(p)
    return h


ONE_KANS = {"A": "1123m89p38s6677z5p", "B": "111222333444z9m", "C": "234678m678s22s56p",
            "D": "44p99s789m567s567m"}


def test_abt3_four_kans_by_several_players():
    r = four_kans().ev(type="abort", kind="four_kans").rule()
    assert (hand_of(r)["result"], hand_of(r)["abort"]) == ("abortive_draw", "four_kans")
    assert money(r) == {} and next_of(r) == ("A", 2, 1)


def test_abt6_four_kans_not_recorded_is_an_input_error():
    with pytest.raises(InputError, match=r"ended at event 20 by four kans"):
        four_kans().draw("A").rule()


def test_abt3_near_miss_four_kans_by_one_player_end_nothing():
    h = table(ONE_KANS, avoid="9m").go(1)
    for wind, indicator in zip("1234", ("6z", "7z", "1p", "2p")):
        h.draw("B", wind + "z").kong("B", "concealed", wind * 4 + "z").ev(type="dora", tile=indicator)
        h.draw("B", back=True).discard("B").go(3)
    assert hand_of(h.ev(type="end").rule())["result"] == "open"


FOUR = {"A": "123789m234s99p13p", "B": "234678m678s22s56p", "C": "111z44p99s789m567s",
        "D": "345m345p678s33z99m"}


def four_riichi() -> Hand:
    h = Hand(FOUR, honba=1, sticks=1, avoid="2p4p7p9s3z9m").go(4)
    for p in "ABCD":
        h.draw(p).riichi(p).discard(p)
    return h


def test_abt4_four_riichi_all_four_sticks_stay():
    r = four_riichi().ev(type="abort", kind="four_riichi").rule()
    assert hand_of(r)["abort"] == "four_riichi"
    assert money(r) == {"A": -1000, "B": -1000, "C": -1000, "D": -1000, "kyotaku": 4000}
    assert next_of(r) == ("A", 2, 5)


def test_abt6_four_riichi_not_recorded_is_an_input_error():
    """The draw after D's riichi discard (event 20) establishes the fourth riichi: the hand ended
    there, and that draw is the error."""
    with pytest.raises(InputError) as err:
        four_riichi().draw("A").rule()
    assert err.value.errors == {"hand.events[21]": [
        "the hand ended at event 20 by four riichi (四家立直, RJ-ABT): an abort event must follow, not a draw"]}


def test_abt4_near_miss_the_fourth_riichi_tile_won_on():
    """C rons D's riichi tile 9s: riichi, ippatsu (D's discard came before C's next), East; 20 +
    10 (closed ron) + 8 (concealed East) + 4 (9s by ron) = 42 → 50 fu: 3 han 50 fu = 6400, + 300
    honba, + the carried stick and A's, B's and his own; D's riichi never stood."""
    h = four_riichi()
    h.events[-3]["tile"] = h.events[-1]["tile"] = "9s"  # D draws and declares with 9s
    r = h.win("C", "discard", "9s", frm="D", ura="5z").rule()
    w = hand_of(r)["winners"][0]
    assert (w["han"], w["fu"], w["points"]) == (3, 50, 6400)
    assert money(r) == {"A": -1000, "B": -1000, "C": 9700, "D": -6700, "kyotaku": -1000}


def ron_on_4p(winners: str, honba: int = 2, sticks: int = 1, riichi: bool = False, **kw) -> Hand:
    h = table(honba=honba, sticks=sticks, **kw).go(4).draw("A", "4p")
    if riichi:
        h.riichi("A")
    h.discard("A", "4p")
    for w in winners:
        h.win(w, "discard", "4p", frm="A")
    return h


def test_abt5_triple_ron_recorded_as_three_wins():
    r = ron_on_4p("DCB").rule()
    assert (hand_of(r)["result"], hand_of(r)["abort"]) == ("abortive_draw", "triple_ron")
    assert findings(r) == [("RJ-ABT-5", "ruled")] and money(r) == {} and next_of(r) == ("A", 3, 1)


def test_abt5_triple_ron_recorded_as_the_abort():
    h = table(honba=2, sticks=1).go(4).draw("A", "4p").discard("A", "4p")
    r = h.ev(type="abort", kind="triple_ron", players=["B", "C", "D"]).rule()
    assert hand_of(r)["abort"] == "triple_ron" and money(r) == {} and next_of(r) == ("A", 3, 1)


def test_abt5_triple_ron_on_a_riichi_declaration_tile_puts_out_no_stick():
    r = ron_on_4p("BCD", riichi=True).rule()
    assert money(r) == {} and next_of(r) == ("A", 3, 1)


def test_pay4_double_ron_honba_and_sticks_to_the_first_winner():
    """Near miss of RJ-ABT-5: C and B (in that order in the log) ron A's 4p with 2 honba and a
    stick carried: B is the first after A: 1000 + 600 + 1000; C 2000."""
    r = ron_on_4p("CB").rule()
    assert [w["player"] for w in hand_of(r)["winners"]] == ["B", "C"]
    assert payments(r) == [("A", "B", 1000, "RJ-PAY-1"), ("A", "B", 600, "RJ-PAY-5"),
                           ("kyotaku", "B", 1000, "RJ-PAY-6"), ("A", "C", 2000, "RJ-PAY-1")]
    assert money(r) == {"A": -3600, "B": 2600, "C": 2000, "kyotaku": -1000} and next_of(r) == ("B", 0, 0)


# ---------------------------------------------------------------------------------------------
# RJ-PAY-4 / RJ-PAY-5 under the presets


def test_wrc2022_head_bump_only_the_nearest_wins():
    r = ron_on_4p("DCB", preset="wrc2022").rule()
    assert [w["player"] for w in hand_of(r)["winners"]] == ["B"]
    assert money(r) == {"A": -1600, "B": 2600, "kyotaku": -1000}


def test_ema2016_every_ron_stands_honba_to_each_sticks_to_the_first():
    """B 1000 + 600 + the stick, C 2000 + 600, D 1300 + 600 (multi_ron_honba: each_winner)."""
    r = ron_on_4p("DCB", preset="ema2016").rule()
    assert [w["player"] for w in hand_of(r)["winners"]] == ["B", "C", "D"]
    assert money(r) == {"A": -6100, "B": 2600, "C": 2600, "D": 1900, "kyotaku": -1000}


# ---------------------------------------------------------------------------------------------
# RJ-PAY-8: pao

PAO = {"A": "1123m89p389s3344z", "B": "123789m234s99p23p", "C": "234678m678s22s56p",
       "D": "556677z123s44m89p"}
# D pons A's 5z and 6z, then B's 7z: B fed the third dragon set; D waits on 7p (daisangen)
DOUBLE_PAO = dict(PAO, D="556677z11z22z334z")  # D also waits on 1z/2z: daisangen and tsuuiisou


def pao(deal: dict = PAO, finish: str = "tsumo", **kw) -> Hand:
    h = Hand(deal, avoid="7p1p4p2z", honba=1, sticks=1, **kw)
    junk = ("1s", "2s", "3s") if deal is PAO else ("3z", "3z", "4z")
    h.draw("A", "5z").discard("A", "5z").pon("D", "5z", "55z").discard("D", junk[0])
    h.draw("A", "6z").discard("A", "6z").pon("D", "6z", "66z").discard("D", junk[1])
    h.draw("A").discard("A").draw("B", "7z").discard("B", "7z").pon("D", "7z", "77z").discard("D", junk[2])
    h.go(3, start="A")
    tile = "7p" if deal is PAO else "2z"
    if finish == "tsumo":
        return h.draw("D", tile).win("D", "self_draw", tile)
    h.draw("D").discard("D")
    if finish == "ron-A":
        return h.draw("A", tile).discard("A", tile).win("D", "discard", tile, frm="A")
    return h.go(1).draw("B", tile).discard("B", tile).win("D", "discard", tile, frm="B")


def test_pay8_pao_self_draw_the_liable_pays_all_and_the_honba():
    """RJ-PAY-8.3: a non-dealer's daisangen by self-draw: B pays 32,000 + 300; D takes the stick."""
    r = pao().rule()
    w = hand_of(r)["winners"][0]
    assert (w["limit"], w["points"], w["pao"]) == ("yakuman", 32000, "B")
    assert ("RJ-PAY-8", "ruled") in findings(r)
    assert money(r) == {"B": -32300, "D": 33300, "kyotaku": -1000}


@pytest.mark.parametrize("options, expected", [
    # the tenhou preset: RJ-PAY-8.5 as written: halves, the honba from the discarder
    pytest.param(None, {"A": -16300, "B": -16000, "D": 33300, "kyotaku": -1000}, id="tenhou"),
    # Tenhou's server (pao_ron_honba: liable, as it settled fastmaj 2010060416 East 2)
    pytest.param({"pao_ron_honba": "liable"}, {"A": -16000, "B": -16300, "D": 33300, "kyotaku": -1000},
                 id="liable"),
])
def test_pay8_pao_ron_by_a_third_player_halves(options, expected):
    assert money(pao(finish="ron-A", options=options).rule()) == expected


def test_pay8_near_miss_ron_on_the_liables_own_discard_is_an_ordinary_ron():
    r = pao(finish="ron-B").rule()
    assert money(r) == {"B": -32300, "D": 33300, "kyotaku": -1000}
    assert [p[3] for p in payments(r)] == ["RJ-PAY-1", "RJ-PAY-5", "RJ-PAY-6"]


@pytest.mark.parametrize("options, expected", [
    # the tenhou preset: RJ-PAY-8.2: B pays daisangen's 32,000 and all honba; tsuuiisou is paid as
    # a self-draw, 16,000 by the dealer, 8,000 by each other
    pytest.param(None, {"A": -16000, "B": -40300, "C": -8000, "D": 65300, "kyotaku": -1000},
                 id="tenhou"),
    # pao_scope whole (Tenhou's server settled so mjlog2json 2019103023 East 4): B pays both
    pytest.param({"pao_scope": "whole"}, {"B": -64300, "D": 65300, "kyotaku": -1000}, id="whole"),
])
def test_pay8_pao_with_two_yakuman(options, expected):
    r = pao(DOUBLE_PAO, options=options).rule()
    assert hand_of(r)["winners"][0]["points"] == 64000 and money(r) == expected


SUUKANTSU = {"A": "235m89p58s334667z", "B": "111m222p333s444s9m", "C": "234678m678s22s56p",
             "D": "111z44p99s789m567p"}  # B: three sets to kan, 444s to complete by A's 4s, 9m


def suukantsu(**kw) -> Hand:
    """B kans 1m, 2p, 3s from the wall, then A's 4s by an open kan, and wins on his replacement
    9m: suukantsu by rinshan (the open kan's indicator is not yet turned, RJ-FLOW-4)."""
    h = Hand(SUUKANTSU, avoid="9m", **kw).go(1)
    for tile, indicator, others in (("1m", "6z", 3), ("2p", "7z", 3), ("3s", "1p", 2)):
        h.draw("B", tile).kong("B", "concealed", tile[0] * 4 + tile[1]).ev(type="dora", tile=indicator)
        h.draw("B", back=True).discard("B").go(others)  # C D (A)
    h.draw("A", "4s").discard("A", "4s").kong("B", "claimed", "4444s").draw("B", "9m", back=True)
    return h.win("B", "self_draw", "9m")


def test_pay8_suukantsu_pao_in_the_tenhou_preset():
    """RULEBOOK §6 and RJ-PAY-8.1: the tenhou preset's pao list holds suukantsu; A fed the fourth
    kan and pays the whole self-draw."""
    r = suukantsu().rule()
    assert hand_of(r)["winners"][0]["pao"] == "A" and money(r) == {"A": -32000, "B": 32000}
    assert hand_of(r)["complete"]  # the open kan's indicator was not due yet: nothing missing


def test_pay8_near_miss_suukantsu_without_pao_is_an_ordinary_self_draw():
    """Tenhou's server's pao list leaves suukantsu out (docs/riichi.md): 16,000 from
    the dealer A, 8,000 from C and D."""
    r = suukantsu(options={"pao": ["daisangen", "daisuushi"]}).rule()
    assert hand_of(r)["winners"][0]["pao"] is None
    assert money(r) == {"A": -16000, "B": 32000, "C": -8000, "D": -8000}


# ---------------------------------------------------------------------------------------------
# RJ-PAY-7 and RJ-PAY-9: noten payments, nagashi mangan

ALL_NOTEN = dict(DEAL, B="123789m234s9p23p4z", C="234678m678s2s56p4z", D="111z4p99s789m567s4z")


@pytest.mark.parametrize("deal, tenpai, expected, nxt", [
    pytest.param(ALL_NOTEN, [], {}, ("B", 1, 0), id="0"),
    pytest.param(dict(ALL_NOTEN, B=DEAL["B"]), ["B"], {"A": -1000, "B": 3000, "C": -1000, "D": -1000},
                 ("B", 1, 0), id="1"),
    # 2: noten A and D pay 1500, paired in turn order from the dealer: A to B, D to C
    pytest.param(dict(DEAL, D=ALL_NOTEN["D"]), ["B", "C"], {"A": -1500, "B": 1500, "C": 1500, "D": -1500},
                 ("B", 1, 0), id="2"),
    pytest.param(DEAL, ["B", "C", "D"], {"A": -3000, "B": 1000, "C": 1000, "D": 1000}, ("B", 1, 0), id="3"),
    # 4: the dealer tenpai too: nothing moves, he keeps the deal
    pytest.param(dict(DEAL, A="666z777z345s88p99m"), ["A", "B", "C", "D"], {}, ("A", 1, 0), id="4"),
])
def test_pay7_noten_payments(deal, tenpai, expected, nxt):
    r = table(deal).exhaust().rule()
    assert hand_of(r)["tenpai"] == tenpai and money(r) == expected and next_of(r) == nxt
    assert sum(hand_of(r)["net"].values()) == 0


TERMINALS = "19m19p19s1234567z"


def nagashi(players: str, spoil: bool = False) -> Hand:
    """Every tile ``players`` draw is a terminal or honour (they discard what they draw); with
    ``spoil``, their last discard is a 5m."""
    h = table(honba=1, sticks=1)
    while h.draws < 70:
        p = h.turn
        last = spoil and h.draws >= 64 and p in players
        h.draw(p, "5m" if last else None, pick="" if last or p not in players else TERMINALS).discard(p)
    return h.ev(type="exhaustive_draw", nagashi=list(players))


@pytest.mark.parametrize("player, expected", [
    # non-dealer C: 4000 from the dealer, 2000 from each other; no noten payments
    pytest.param("C", {"A": -4000, "B": -2000, "C": 8000, "D": -2000}, id="non-dealer"),
    pytest.param("A", {"A": 12000, "B": -4000, "C": -4000, "D": -4000}, id="dealer"),
])
def test_pay9_nagashi_mangan(player, expected):
    """The stick stays on the table; the noten dealer A passes the deal, honba + 1."""
    r = nagashi(player).rule()
    assert money(r) == expected and next_of(r) == ("B", 2, 1)
    assert {p[3] for p in payments(r)} == {"RJ-PAY-9"}


def test_pay9_near_miss_one_simple_among_his_discards():
    r = nagashi("C", spoil=True).rule()
    assert {p[3] for p in payments(r)} == {"RJ-PAY-7"} and money(r) == {"A": -3000, "B": 1000, "C": 1000, "D": 1000}


# ---------------------------------------------------------------------------------------------
# input errors


def test_a_fifth_red_five_is_an_input_error():
    h = table(dict(DEAL, A="113m89p38s33467z0m")).go(1).draw("B", "0m")
    with pytest.raises(InputError) as err:
        rule(h.doc(strict=False))
    assert err.value.errors == {"hand.events[3].tile": ["a second 0m: the set has one red five of each suit"]}


def test_a_fifth_red_five_near_miss_a_plain_five():
    h = table(dict(DEAL, A="113m89p38s33467z0m")).go(1).draw("B", "5m").discard("B")
    assert hand_of(h.ev(type="end").rule())["result"] == "open"


# ---------------------------------------------------------------------------------------------
# RJ-FLOW-4 / §10: a kan's dora indicator is turned at the time option kan_dora gives it

AT_ONCE = "turns its indicator at once, right after the kan (before the rinshan draw)"
AFTER_DRAW = "turns its indicator after D's rinshan draw and before his discard (or at his next kan)"


def dora_error(h: Hand) -> dict:
    with pytest.raises(InputError) as err:
        h.rule()
    return err.value.errors


def test_kan_dora_turned_out_of_its_time_is_an_input_error():
    """RJ-FLOW-4 tenhou timing: a concealed kan turns its indicator at once, before the rinshan
    draw."""
    h = table(KAN_OK, avoid="1m4m").go(1).draw("B", "2z").kong("B", "concealed", "2222z")
    h.draw("B", back=True).ev(type="dora", tile="1p").discard("B").ev(type="end")
    assert dora_error(h) == {"hand.events[6]": [
        f"this dora is out of its time: the concealed kan at event 4 {AT_ONCE} (RJ-FLOW-4, kan_dora: tenhou)"]}


def open_kan(dora_at: str, **kw) -> Hand:
    """D calls an open kan on A's 1z (event 3), draws his rinshan tile (event 4) and discards;
    the `dora` comes ``before`` the rinshan draw, ``after`` it, or after his ``discard``."""
    h = table(**kw).draw("A", "1z").discard("A", "1z").kong("D", "claimed", "1111z")
    if dora_at == "before":
        h.ev(type="dora", tile="1p")
    h.draw("D", back=True)
    if dora_at == "after":
        h.ev(type="dora", tile="1p")
    h.discard("D")
    if dora_at == "discard":
        h.ev(type="dora", tile="1p")
    return h.ev(type="end")


@pytest.mark.parametrize("dora_at, options, error", [
    pytest.param("before", None, f"the open kan at event 3 {AFTER_DRAW} (RJ-FLOW-4, kan_dora: tenhou)",
                 id="tenhou-before-the-rinshan-draw"),
    pytest.param("discard", None, f"the open kan at event 3 {AFTER_DRAW} (RJ-FLOW-4, kan_dora: tenhou)",
                 id="tenhou-after-his-discard"),
    pytest.param("after", {"kan_dora": "immediate"},
                 f"the open kan at event 3 {AT_ONCE} (RJ-FLOW-4, kan_dora: immediate)", id="immediate-late"),
])
def test_kan_dora_of_an_open_kan_out_of_its_time(dora_at, options, error):
    at = {"before": 4, "after": 5, "discard": 6}[dora_at]
    assert dora_error(open_kan(dora_at, options=options)) == {
        f"hand.events[{at}]": [f"this dora is out of its time: {error}"]}


@pytest.mark.parametrize("dora_at, options", [
    pytest.param("after", None, id="tenhou-after-the-rinshan-draw"),
    pytest.param("before", {"kan_dora": "immediate"}, id="immediate-at-once"),
])
def test_kan_dora_of_an_open_kan_near_miss_in_its_time(dora_at, options):
    assert hand_of(open_kan(dora_at, options=options).rule())["result"] == "open"


def test_kan_dora_of_an_open_kan_is_turned_at_his_next_kan():
    """tenhou: D's open kan's indicator is still owed when he kans again before discarding: both
    indicators are turned right after his concealed kan, then he draws his second rinshan tile."""
    h = table(dict(DEAL, D="111z444p999s789m5s")).draw("A", "1z").discard("A", "1z")
    h.kong("D", "claimed", "1111z").draw("D", "4p", back=True).kong("D", "concealed", "4444p")
    h.ev(type="dora", tile="1p").ev(type="dora", tile="2p").draw("D", back=True).discard("D")
    assert hand_of(h.ev(type="end").rule())["result"] == "open"


def robbed_added_kan(dora: bool, **kw) -> Hand:
    """D pons A's 4p, later adds the fourth 4p (event 12), and C robs it (tanyao, pinfu, chankan)."""
    h = table(**kw).draw("A", "4p").discard("A", "4p").pon("D", "4p", "44p").discard("D", "9s").go(3)
    h.draw("D", "4p").kong("D", "added", "4444p")
    if dora:
        h.ev(type="dora", tile="1p")
    return h.win("C", "rob_kong", "4p", frm="D")


def test_kan_dora_a_robbed_kan_turns_none():
    assert dora_error(robbed_added_kan(True, options={"kan_dora": "immediate"})) == {"hand.events[13]": [
        "the added kan at event 12 is robbed (event 14): a robbed kan turns no indicator (RJ-FLOW-4)"]}


@pytest.mark.parametrize("options", [None, {"kan_dora": "immediate"}], ids=["tenhou", "immediate"])
def test_kan_dora_near_miss_a_robbed_kan_without_one(options):
    x = hand_of(robbed_added_kan(False, options=options).rule())
    assert x["result"] == "win" and x["complete"] and "chankan" in [p["key"] for p in x["winners"][0]["patterns"]]


@pytest.mark.parametrize("dora, complete", [
    pytest.param(False, False, id="never-turned"),
    pytest.param(True, True, id="near-miss-turned"),
])
def test_kan_dora_never_turned_is_missing_at_the_win(dora, complete):
    """B's concealed kan of South: its indicator was due before his rinshan draw; with none in the
    log, his win on the rinshan tile lacks a fact (never guessed)."""
    h = table(KAN_OK, avoid="1m4m").go(1).draw("B", "2z").kong("B", "concealed", "2222z")
    if dora:
        h.ev(type="dora", tile="1p")
    x = hand_of(h.draw("B", "4m", back=True).win("B", "self_draw", "4m").rule())
    assert x["complete"] is complete and x["result"] == "win"
    assert [m["fact"] for m in x["missing"]] == ([] if dora else ["dora_indicators"])


# ---------------------------------------------------------------------------------------------
# a `state` mid-hand: its riichi and standing conditions hold


STATE = {"type": "state", "hands": DEAL, "discards": {"A": ["9m", "8m"], "B": ["7z", "1z"],
                                                      "C": ["2z", "9m"], "D": ["3z", "1s"]},
         "dora_indicators": ["5z"], "riichi": {"B": {"double": False, "ippatsu": False}},
         "wall_left": 40, "turn": "B", "phase": "draw"}


def state_doc(*events: dict, **status) -> dict:
    state = dict(STATE, status=status) if status else STATE
    return {"format": "mjref/1", "variant": "riichi", "players": ["A", "B", "C", "D"],
            "hand": {"round_wind": "1z", "dealer": "A", "honba": 0, "sticks": 1,
                     "scores": {"A": 25000, "B": 24000, "C": 25000, "D": 25000}, "events": [state, *events]}}


def test_state_riichi_counts_for_his_win():
    """B's riichi from the state: riichi + menzen tsumo + pinfu, 700/1300, and the stick already
    on the table; no second stick."""
    r = rule(state_doc({"type": "draw", "player": "B", "tile": "4p"},
                       {"type": "win", "player": "B", "how": "self_draw", "tile": "4p", "ura": ["5z"]}))
    assert sorted(p["key"] for p in hand_of(r)["winners"][0]["patterns"]) == ["pinfu", "riichi", "tsumo"]
    assert money(r) == {"A": -1300, "B": 3700, "C": -700, "D": -700, "kyotaku": -1000}


def test_state_riichi_binds_his_discards():
    r = rule(state_doc({"type": "draw", "player": "B", "tile": "5m"},
                       {"type": "discard", "player": "B", "tile": "9p"}, {"type": "end"}))
    assert findings(r) == [("RJ-IRR-10", "ruled")] and money(r) == {}


@pytest.mark.parametrize("status, rule_id", [
    pytest.param({"dead_hand": True}, "RJ-IRR-5", id="dead-hand"),
    pytest.param({"furiten_riichi": True}, "RJ-FUR-3", id="riichi-furiten"),
    pytest.param({"furiten_temporary": True}, "RJ-FUR-2", id="temporary-furiten"),
])
def test_state_status_holds(status, rule_id):
    r = rule(state_doc({"type": "draw", "player": "B", "tile": "5m"},
                       {"type": "discard", "player": "B", "tile": "5m"},
                       {"type": "draw", "player": "C", "tile": "1p"},
                       {"type": "discard", "player": "C", "tile": "1p"},
                       {"type": "win", "player": "B", "how": "discard", "tile": "1p", "from": "C", "ura": ["5z"]},
                       B=status))
    if rule_id == "RJ-FUR-2":  # his discard after the state lifted it: the ron stands
        assert findings(r) == [] and hand_of(r)["result"] == "win"
    else:  # the re-deal gives B back the stick his riichi put out before the state (RJ-FLOW-10)
        assert rule_id in hand_of(r)["rulings"][0]["decision"]
        assert money(r) == dict(CHOMBO_B, B=-7000, kyotaku=-1000) and next_of(r) == ("A", 0, 0)
