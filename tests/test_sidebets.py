"""插花 side bets: the mirror rule (TW-HB-1…4) and placements, withdrawals, moves (TW-HB-5…7).

Base 100, tai 20 unless said; A deals with N = 0 unless said. Every money test checks each payment
to the unit and that the ledger sums to zero (Ledger.net asserts it)."""
import pytest

from referee.ledger import Ledger
from referee.model import SideBet, Stake
from rulesbook.tw16.settle import DealerTerms, pay_win
from rulesbook.tw16.side_bets import (EAST, NORTH, SOUTH, WEST, BetContext, check_changes, flows,
                                     mirror)

PLAYERS = ("A", "B", "C", "D")
PARTIES = PLAYERS + ("X", "Y")
ALL = ("A", "B", "C", "D")


def outer(principal, accepted=ALL, bettor="X", id="sb1", **stake):
    return SideBet(id, "outer", bettor, principal, tuple(a for a in accepted if a != principal),
                   Stake(**(stake or {"base": 50, "tai": 10})))


def inner(principal, units=1, accepted=ALL, id="in1"):
    return SideBet(id, "inner", principal, principal, tuple(a for a in accepted if a != principal),
                   units=units)


def mirrors(ledger):
    return [(p.payer, p.payee, p.amount, p.tai, p.with_base, p.cause) for p in ledger.payments
            if p.rule == "TW-HB-1"]


def discard_win(payer="B", winner="C", face=3, terms=DealerTerms("A", 0, 0), cause=9):
    led = Ledger(100, 20)
    pay_win(led, terms, winner, [payer], face, "TW-PAY-1", cause=cause)
    return led


def settle(bets, ledger=None, **kw):
    """The standard hand (B deals in to C, 3 tai, 160) with ``bets``; (mirrors, net, findings)."""
    led = ledger or discard_win()
    found = mirror(led.payments, bets, led, **kw)
    return mirrors(led), led.net(PARTIES), found


# --- TW-HB-1 the mirror rule ------------------------------------------------------------------

def test_hb1_discard_win_bettor_on_winner_collects_from_the_discarder():
    got, net, found = settle([outer("C")])
    assert got == [("B", "X", 50 + 3 * 10, 3, True, 9)]
    assert net == {"A": 0, "B": -160 - 80, "C": 160, "D": 0, "X": 80, "Y": 0}
    assert found == []


def test_hb1_bettor_on_the_discarder_pays_the_winner():
    got, net, _ = settle([outer("B")])
    assert got == [("X", "C", 80, 3, True, 9)]
    assert net["X"] == -80 and net["C"] == 240


def test_hb1_near_miss_principal_not_in_the_payment():
    got, net, _ = settle([outer("D"), outer("A", id="sb2")])
    assert got == []
    assert net == {"A": 0, "B": -160, "C": 160, "D": 0, "X": 0, "Y": 0}


def test_hb1_self_draw_each_payer_mirrored_dealer_share_with_dealer_tai():
    led = Ledger(100, 20)
    pay_win(led, DealerTerms("A", 0, 0), "C", ["A", "B", "D"], 2, "TW-PAY-2", cause=30)
    got, net, _ = settle([outer("C")], led)
    assert got == [("A", "X", 50 + 3 * 10, 3, True, 30), ("B", "X", 70, 2, True, 30),
                   ("D", "X", 70, 2, True, 30)]
    assert net == {"A": -160 - 80, "B": -140 - 70, "C": 440, "D": -210, "X": 220, "Y": 0}


def test_hb1_dealer_tai_with_a_high_marker_mirrored_with_the_same_tai():
    # TW-FLOW-9: dealer B (N = 1, marker 2) deals in: he pays by the marker, 3 + 1 + 4 = 8 tai.
    led = discard_win(payer="B", winner="C", face=3, terms=DealerTerms("B", 1, 2))
    assert led.payments[0].amount == 100 + 8 * 20
    got, net, _ = settle([outer("B", accepted=("C",)), outer("C", bettor="Y", id="sb2")], led)
    assert got == [("X", "C", 50 + 8 * 10, 8, True, 9), ("B", "Y", 130, 8, True, 9)]
    assert net == {"A": 0, "B": -260 - 130, "C": 260 + 130, "D": 0, "X": -130, "Y": 130}


def test_hb1_dealer_collecting_with_a_low_marker_mirrored_by_the_marker():
    # Dealer C (N = 2, marker 1) wins on B's discard: collects by the marker, 3 + 1 + 2 = 6 tai.
    led = discard_win(payer="B", winner="C", face=3, terms=DealerTerms("C", 2, 1))
    got, net, _ = settle([outer("C")], led)
    assert got == [("B", "X", 50 + 6 * 10, 6, True, 9)]
    assert net == {"A": 0, "B": -220 - 110, "C": 220, "D": 0, "X": 110, "Y": 0}


def test_hb1_flat_fee_mirrored_as_that_many_tai_without_base():
    led = Ledger(100, 20)
    led.pay("A", "B", 1, "TW-PC-1", with_base=False, cause=4)
    got, net, _ = settle([outer("B"), outer("A", bettor="Y", id="sb2", base=40, tai=5)], led)
    assert got == [("A", "X", 10, 1, False, 4), ("Y", "B", 5, 1, False, 4)]
    assert net == {"A": -30, "B": 25, "C": 0, "D": 0, "X": 10, "Y": -5}


def test_hb1_one_cause_is_one_payment_base_counted_once():
    led = Ledger(100, 20)
    led.pay("B", "C", 3, "TW-BP-2", cause=7)
    led.pay("B", "C", 2, "TW-BP-2", with_base=False, cause=7)
    got, net, _ = settle([outer("C")], led)
    assert got == [("B", "X", 50 + 5 * 10, 5, True, 7)]
    assert net == {"A": 0, "B": -200 - 100, "C": 200, "D": 0, "X": 100, "Y": 0}


def test_hb1_near_miss_two_causes_are_two_payments():
    led = Ledger(100, 20)
    led.pay("B", "C", 3, "TW-PAY-1", cause=7)
    led.pay("B", "C", 2, "TW-PC-1", with_base=False, cause=2)
    got, net, _ = settle([outer("C")], led)
    assert got == [("B", "X", 80, 3, True, 7), ("B", "X", 20, 2, False, 2)]
    assert net["X"] == 100 and net["B"] == -300


def test_hb1_counter_flows_in_one_cause_are_netted():
    led = Ledger(100, 20)
    led.pay("B", "C", 1, "TW-PC-1", with_base=False, cause=3)
    led.pay("C", "B", 1, "TW-PC-1", with_base=False, cause=3)
    led.pay("C", "B", 4, "TW-PAY-1", cause=5)
    led.pay("B", "C", 1, "TW-PC-1", with_base=False, cause=5)
    got, net, _ = settle([outer("C")], led)
    assert got == [("X", "B", 50 + 3 * 10, 3, True, 5)]
    assert net == {"A": 0, "B": 160 + 80, "C": -160, "D": 0, "X": -80, "Y": 0}


def test_hb1_false_win_tw_zh_3_both_ways():
    # B (non-dealer) false-wins, face 5: B pays A 100 + 6·20, C and D 100 + 5·20.
    led = Ledger(100, 20)
    for other, tai in (("A", 6), ("C", 5), ("D", 5)):
        led.pay("B", other, tai, "TW-ZH-2", cause=12)
    on_c = outer("C", accepted=("B",))
    on_offender = outer("B", accepted=("A", "C"), bettor="Y", id="sb2")  # D did not accept
    got, net, _ = settle([on_c, on_offender], led)
    assert got == [("B", "X", 50 + 5 * 10, 5, True, 12),
                   ("Y", "A", 50 + 6 * 10, 6, True, 12), ("Y", "C", 100, 5, True, 12)]
    assert net == {"A": 220 + 110, "B": -620 - 100, "C": 200 + 100, "D": 200, "X": 100, "Y": -210}


def test_hb1_mirrors_are_not_mirrored_again():
    led = discard_win()
    mirror(led.payments, [inner("C")], led)
    assert mirrors(led) == [("B", "C", 160, 3, True, 9)]
    assert flows(led.payments) == flows(led.payments[:1])
    assert led.net(PARTIES) == {"A": 0, "B": -320, "C": 320, "D": 0, "X": 0, "Y": 0}


# --- TW-HB-2 stakes: outer base/tai or fixed, inner units ---------------------------------------

def test_hb2_fixed_stake_once_per_payment_whatever_the_tai():
    led = Ledger(100, 20)
    pay_win(led, DealerTerms("A", 0, 0), "C", ["A", "B", "D"], 7, "TW-PAY-2", cause=30)
    led.pay("C", "D", 1, "TW-PC-1", with_base=False, cause=3)
    got, net, _ = settle([outer("C", fixed=30)], led)
    assert got == [("A", "X", 30, 0, False, 30), ("B", "X", 30, 0, False, 30),
                   ("D", "X", 30, 0, False, 30), ("X", "D", 30, 0, False, 3)]
    assert net["X"] == 60 and net["D"] == -240 - 30 + 20 + 30


@pytest.mark.parametrize("unit, units, extra", [
    ("stake", 1, 160), ("stake", 2, 320), ("stake", 3, 480),
    ("base", 1, 100), ("base", 2, 200), ("base", 3, 300)])
def test_hb2_inner_units_winner(unit, units, extra):
    got, net, _ = settle([inner("C", units)], inner_unit=unit)
    tai = 3 if unit == "stake" else 0
    assert got == [("B", "C", extra, tai, True, 9)]
    assert net == {"A": 0, "B": -160 - extra, "C": 160 + extra, "D": 0, "X": 0, "Y": 0}


@pytest.mark.parametrize("unit, units, extra", [
    ("stake", 1, 20), ("stake", 2, 40), ("stake", 3, 60), ("base", 1, 0), ("base", 3, 0)])
def test_hb2_inner_units_flat_fee(unit, units, extra):
    led = Ledger(100, 20)
    led.pay("C", "A", 1, "TW-PC-1", with_base=False, cause=2)
    got, net, _ = settle([inner("C", units)], led, inner_unit=unit)
    assert got == ([("C", "A", extra, 1, False, 2)] if extra else [])
    assert net == {"A": 20 + extra, "B": 0, "C": -20 - extra, "D": 0, "X": 0, "Y": 0}


def test_hb2_inner_bettor_pays_when_he_deals_in():
    got, net, _ = settle([inner("B", 2)])
    assert got == [("B", "C", 320, 3, True, 9)]
    assert net["B"] == -480 and net["C"] == 480


def test_hb2_outer_units_do_not_multiply_the_stake():
    bet = SideBet("sb1", "outer", "X", "C", ("B",), Stake(base=50, tai=10), units=3)
    got, _, _ = settle([bet])
    assert got == [("B", "X", 80, 3, True, 9)]


def test_hb2_unknown_inner_unit_is_refused():
    with pytest.raises(ValueError):
        settle([inner("C")], inner_unit="tai")


# --- TW-HB-3 a bet binds only those who accepted ------------------------------------------------

def test_hb3_not_accepted_by_the_payer_no_mirror():
    got, net, _ = settle([outer("C", accepted=("A", "D")), inner("C", 2, accepted=("A",), id="in2")])
    assert got == []
    assert net == {"A": 0, "B": -160, "C": 160, "D": 0, "X": 0, "Y": 0}


def test_hb3_self_draw_only_accepting_payers_mirrored():
    led = Ledger(100, 20)
    pay_win(led, DealerTerms("A", 0, 0), "C", ["A", "B", "D"], 2, "TW-PAY-2", cause=30)
    got, net, _ = settle([outer("C", accepted=("A", "D")), inner("C", 1, accepted=("B",))], led)
    assert got == [("A", "X", 80, 3, True, 30), ("D", "X", 70, 2, True, 30),
                   ("B", "C", 140, 2, True, 30)]
    assert net == {"A": -240, "B": -280, "C": 580, "D": -210, "X": 150, "Y": 0}


# --- TW-HB-4 influence: wins void, losses paid --------------------------------------------------

def test_hb4_voided_bettor_wins_nothing():
    got, net, found = settle([outer("C")], voided=frozenset({"X"}))
    assert got == []
    assert net == {"A": 0, "B": -160, "C": 160, "D": 0, "X": 0, "Y": 0}
    assert [(f.rule, f.player, f.at, f.status) for f in found] == [("TW-HB-4", "X", None, "ruled")]
    assert "(80) are void" in found[0].decision and "80無效" in found[0].decision_zh


def test_hb4_voided_bettor_still_pays_his_losses():
    led = Ledger(100, 20)
    led.pay("A", "B", 1, "TW-PC-1", with_base=False, cause=4)  # B collects: X's win, void
    pay_win(led, DealerTerms("A", 0, 0), "C", ["B"], 3, "TW-PAY-1", cause=9)  # B pays: X pays
    got, net, found = settle([outer("B")], led, voided=frozenset({"X"}))
    assert got == [("X", "C", 80, 3, True, 9)]
    assert net == {"A": -20, "B": 20 - 160, "C": 240, "D": 0, "X": -80, "Y": 0}
    assert "(10) are void" in found[0].decision and "(80) are paid" in found[0].decision


def test_hb4_near_miss_other_bettor_and_unreported_bettor_paid():
    got, net, found = settle([outer("C"), outer("C", bettor="Y", id="sb2", fixed=25)],
                             voided=frozenset({"Y"}))
    assert got == [("B", "X", 80, 3, True, 9)]
    assert net == {"A": 0, "B": -240, "C": 160, "D": 0, "X": 80, "Y": 0}
    assert [f.player for f in found] == ["Y"]
    got, net, found = settle([outer("C")], voided=frozenset())
    assert got == [("B", "X", 80, 3, True, 9)] and found == []


def test_hb4_inner_bets_are_not_voided():
    got, net, found = settle([inner("C")], voided=frozenset({"C"}))
    assert got == [("B", "C", 160, 3, True, 9)] and found == []
    assert net["C"] == 320


# --- TW-HB-5 inner bets: placed by the West round's first deal, kept to the game's end ----------

def ctx(wind=EAST, streak=0, **kw):
    return BetContext(streak, wind, **kw)


def money(bets):
    """The standard hand's mirrors under ``bets`` (and the zero sum)."""
    return settle(list(bets))[0]


@pytest.mark.parametrize("context", [
    ctx(EAST), ctx(SOUTH), BetContext.between(SOUTH, WEST, 0)])
def test_hb5_inner_placement_in_time(context):
    force, found = check_changes([], [inner("C")], context)
    assert found == [] and force == (inner("C"),)
    assert money(force) == [("B", "C", 160, 3, True, 9)]


@pytest.mark.parametrize("context", [BetContext.between(WEST, WEST, 0), ctx(NORTH)])
def test_hb5_inner_placement_too_late_is_void(context):
    force, found = check_changes([], [inner("C")], context)
    assert force == () and money(force) == []
    assert [(f.rule, f.player, f.at, f.status) for f in found] == [("TW-HB-5", "C", None, "ruled")]
    assert "TW-HB-7" in found[0].decision and "西風起庄" in found[0].decision_zh


def test_hb5_inner_withdrawal_before_the_game_ends_stands():
    force, found = check_changes([inner("C")], [], BetContext.between(SOUTH, WEST, 0,
                                                                      frozenset({"C"})))
    assert force == (inner("C"),) and [f.rule for f in found] == ["TW-HB-5"]
    assert money(force) == [("B", "C", 160, 3, True, 9)]


def test_hb5_inner_withdrawal_at_a_new_game_not_clearly_losing_stands():
    force, found = check_changes([inner("C")], [], BetContext.between(NORTH, EAST, 0))
    assert force == (inner("C"),) and [f.rule for f in found] == ["TW-HB-5"]
    assert "next game" in found[0].decision


@pytest.mark.parametrize("more", [{"clearly_losing": frozenset({"C"})}, {"games_run": {"in1": 2}}])
def test_hb5_near_miss_inner_withdrawal_at_a_new_game_allowed(more):
    force, found = check_changes([inner("C")], [], BetContext.between(NORTH, EAST, 0, **more))
    assert force == () and found == [] and money(force) == []


# --- TW-HB-6 outside bets (and 飄/飛): start at N = 0, stop after losing, move ------------------

def test_hb6_outer_start_at_n0_valid():
    force, found = check_changes([], [outer("C")], ctx(SOUTH, 0))
    assert force == (outer("C"),) and found == []
    assert money(force) == [("B", "X", 80, 3, True, 9)]


@pytest.mark.parametrize("context, text", [
    (ctx(EAST, 2), "streak (N = 2)"), (BetContext.between(NORTH, NORTH, 0), "full round")])
def test_hb6_outer_start_invalid_is_void(context, text):
    force, found = check_changes([], [outer("C")], context)
    assert force == () and money(force) == []
    assert [(f.rule, f.player) for f in found] == [("TW-HB-6", "X")] and text in found[0].decision


def test_hb6_near_miss_first_north_deal_has_a_full_round_left():
    force, found = check_changes([], [outer("C")], BetContext.between(WEST, NORTH, 0))
    assert force == (outer("C"),) and found == []


def test_hb6_outer_withdrawal_after_losing_at_n0_valid():
    force, found = check_changes([outer("B")], [], ctx(EAST, 0, lost_to_win=frozenset({"B"})))
    assert force == () and found == [] and money(force) == []


@pytest.mark.parametrize("context", [ctx(EAST, 0), ctx(EAST, 1, lost_to_win=frozenset({"B"}))])
def test_hb6_outer_withdrawal_invalid_stands(context):
    force, found = check_changes([outer("B")], [], context)
    assert force == (outer("B"),) and [(f.rule, f.player) for f in found] == [("TW-HB-6", "X")]
    assert money(force) == [("X", "C", 80, 3, True, 9)]


def test_hb6_move_after_losing_valid_even_on_a_streak():
    force, found = check_changes([outer("B")], [outer("C")],
                                 ctx(SOUTH, 3, lost_to_win=frozenset({"B"})))
    assert force == (outer("C"),) and found == []
    assert money(force) == [("B", "X", 80, 3, True, 9)]


@pytest.mark.parametrize("context", [
    ctx(SOUTH, 0), ctx(NORTH, 0, lost_to_win=frozenset({"B"}), full_round_left=False)])
def test_hb6_move_invalid_bet_stays_on_the_old_principal(context):
    force, found = check_changes([outer("B")], [outer("C")], context)
    assert force == (outer("B"),) and [f.rule for f in found] == ["TW-HB-6"]
    assert money(force) == [("X", "C", 80, 3, True, 9)]


def test_hb6_inner_raise_to_piao_at_n0_valid_and_on_a_streak_not():
    force, found = check_changes([inner("C", 1)], [inner("C", 2)], ctx(WEST, 0))
    assert force == (inner("C", 2),) and found == [] and money(force) == [("B", "C", 320, 3, True, 9)]
    force, found = check_changes([inner("C", 1)], [inner("C", 2)], ctx(WEST, 1))
    assert force == (inner("C", 1),) and [f.rule for f in found] == ["TW-HB-6"]
    assert money(force) == [("B", "C", 160, 3, True, 9)]


def test_hb6_inner_lower_from_fei_needs_a_lost_stake_at_n0():
    force, found = check_changes([inner("C", 3)], [inner("C", 1)],
                                 ctx(EAST, 0, lost_to_win=frozenset({"C"})))
    assert force == (inner("C", 1),) and found == []
    force, found = check_changes([inner("C", 3)], [inner("C", 1)], ctx(EAST, 0))
    assert force == (inner("C", 3),) and [f.rule for f in found] == ["TW-HB-6"]
    assert money(force) == [("B", "C", 480, 3, True, 9)]


def test_hb6_new_inner_bet_on_a_streak_stands_at_one_unit():
    force, found = check_changes([], [inner("C", 3)], ctx(SOUTH, 1))
    assert force == (inner("C", 1),) and [f.rule for f in found] == ["TW-HB-6"]
    assert money(force) == [("B", "C", 160, 3, True, 9)]


def test_hb6_inner_withdrawal_with_piao_needs_both_clauses():
    at_new_game = dict(clearly_losing=frozenset({"C"}))
    force, found = check_changes([inner("C", 2)], [], BetContext.between(NORTH, EAST, 0, **at_new_game))
    assert force == (inner("C", 2),) and [f.rule for f in found] == ["TW-HB-6"]
    force, found = check_changes([inner("C", 2)], [], BetContext.between(
        NORTH, EAST, 0, frozenset({"C"}), **at_new_game))
    assert force == () and found == []


# --- TW-HB-7 consequences: bet as before, re-checked next hand, first hand as given -------------

def test_hb7_first_hand_taken_as_given():
    bets = [outer("C"), inner("B", 3)]
    force, found = check_changes(None, bets, ctx(NORTH, 5))
    assert force == tuple(bets) and found == []
    assert money(force) == [("B", "X", 80, 3, True, 9), ("B", "C", 480, 3, True, 9)]


def test_hb7_rejected_placement_is_a_new_attempt_next_hand():
    hand1, found1 = check_changes([], [outer("C")], ctx(EAST, 1))
    assert hand1 == () and len(found1) == 1
    hand2, found2 = check_changes(hand1, [outer("C")], ctx(EAST, 0))
    assert hand2 == (outer("C"),) and found2 == []


def test_hb7_rejected_withdrawal_is_checked_again_next_hand():
    hand1, found1 = check_changes([outer("B")], [], ctx(EAST, 0))
    assert hand1 == (outer("B"),) and len(found1) == 1
    hand2, found2 = check_changes(hand1, [], ctx(EAST, 0))
    assert hand2 == (outer("B"),) and len(found2) == 1
    hand3, found3 = check_changes(hand2, [], ctx(EAST, 0, lost_to_win=frozenset({"B"})))
    assert hand3 == () and found3 == []


def test_hb7_unchanged_set_on_a_streak_no_finding():
    bets = [outer("C"), inner("B", 2)]
    force, found = check_changes(bets, bets, ctx(NORTH, 4))
    assert force == tuple(bets) and found == []


def test_hb7_stake_change_taken_as_given_kind_change_checked():
    force, found = check_changes([outer("C")], [outer("C", fixed=40)], ctx(NORTH, 2))
    assert force == (outer("C", fixed=40),) and found == []
    as_inner = SideBet("sb1", "inner", "C", "C", ("A", "B", "D"))
    force, found = check_changes([outer("C")], [as_inner], ctx(SOUTH, 0))
    assert force == (outer("C"),) and [(f.rule, f.player) for f in found] == [("TW-HB-6", "X")]
    force, found = check_changes([outer("C")], [as_inner], ctx(SOUTH, 0, lost_to_win=frozenset({"C"})))
    assert force == (as_inner,) and found == []
