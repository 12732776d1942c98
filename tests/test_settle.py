"""TW-PAY-1…3 and TW-FLOW-9 at the level of single payments, and the ledger's zero sum."""
import pytest

from referee.ledger import Ledger
from rulesbook.tw16.settle import DealerTerms, head_bump, next_round_wind, pay_win

PLAYERS = ("A", "B", "C", "D")


def amounts(ledger):
    return [(p.payer, p.payee, p.amount, p.rule) for p in ledger.payments]


def test_discard_between_non_dealers_has_no_dealer_tai():
    led = Ledger(100, 20)
    pay_win(led, DealerTerms("A", 3, 3), "C", ["B"], 5, "TW-PAY-1")
    assert amounts(led) == [("B", "C", 200, "TW-PAY-1")]


def test_dealer_deals_in_pays_one_plus_2n():
    led = Ledger(100, 20)
    pay_win(led, DealerTerms("B", 2, 2), "C", ["B"], 3, "TW-PAY-1")
    assert amounts(led) == [("B", "C", 100 + (3 + 1 + 4) * 20, "TW-PAY-1")]


def test_self_draw_dealer_share_carries_dealer_tai():
    led = Ledger(100, 20)
    pay_win(led, DealerTerms("A", 0, 0), "B", ["A", "C", "D"], 5, "TW-PAY-2")
    assert amounts(led) == [("A", "B", 220, "TW-PAY-2"), ("C", "B", 200, "TW-PAY-2"),
                            ("D", "B", 200, "TW-PAY-2")]
    assert led.net(PLAYERS) == {"A": -220, "B": 620, "C": -200, "D": -200}


def test_dealer_self_draw_collects_from_all_three():
    led = Ledger(50, 10)
    pay_win(led, DealerTerms("A", 1, 1), "A", ["B", "C", "D"], 2, "TW-PAY-2")
    assert [p.amount for p in led.payments] == [50 + (2 + 1 + 2) * 10] * 3


@pytest.mark.parametrize("streak, marker, collect, pay", [
    pytest.param(2, 1, 1 + 2 * 1, 1 + 2 * 2, id="marker-low: collect by marker, pay by true N"),
    pytest.param(1, 3, 1 + 2 * 1, 1 + 2 * 3, id="marker-high: collect by true N, pay by marker"),
    pytest.param(2, 2, 5, 5, id="marker-true"),
])
def test_streak_marker_dealer_gets_the_worse(streak, marker, collect, pay):
    terms = DealerTerms("A", streak, marker)
    assert terms.dealer_tai(dealer_collects=True) == collect
    assert terms.dealer_tai(dealer_collects=False) == pay


@pytest.mark.parametrize("discarder, claimants, winner", [
    pytest.param("A", ["C", "D"], "C", id="C-nearer-after-A"),
    pytest.param("C", ["B", "D"], "D", id="wraps-around"),
    pytest.param("D", ["C", "B"], "B", id="B-follows-D-via-A"),
])
def test_head_bump_nearest_in_turn_order(discarder, claimants, winner):
    assert head_bump(PLAYERS, discarder, claimants) == winner


def test_round_wind_advances_when_deal_returns_to_start_dealer():
    assert next_round_wind(27, "A", "D", "A") == 28
    assert next_round_wind(30, "A", "D", "A") == 27
    assert next_round_wind(27, "B", "A", "A") == 27
    assert next_round_wind(28, "A", "A", "A") == 28  # the start dealer keeps the deal: no change
    assert next_round_wind(27, "A", "D", None) is None


def test_ledger_refuses_self_payment_and_checks_zero_sum():
    led = Ledger(100, 20)
    with pytest.raises(ValueError):
        led.pay("A", "A", 1, "TW-PAY-1")
    led.pay("A", "B", 2, "TW-PC-1", with_base=False)
    assert led.payments[0].amount == 40
    assert led.net(["A", "B", "X"]) == {"A": -40, "B": 40, "X": 0}
