"""HK-FLOW-10/11 and HK-ZH-4: the next dealer, streak and round wind (RULEBOOK_HK's example:
dealer A, streak 2)."""
from types import SimpleNamespace

from rulesbook.hk.flow import Next, next_hand

P = ("A", "B", "C", "D")


def nxt(rotation, result, winners=(), offenders=(), dealer="A", start="C"):
    return next_hand(SimpleNamespace(dealer_rotation=rotation), P, dealer, 2, 27, start, result,
                     winners, offenders)


def test_dealer_win_keeps_other_ends_pass():
    assert nxt("dealer_win", "win", ["A"]) == Next("A", 3, 27)
    assert nxt("dealer_win", "win", ["C"]) == Next("B", 0, 27)
    assert nxt("dealer_win", "win", ["C", "A"]) == Next("A", 3, 27)  # one of several winners
    assert nxt("dealer_win", "exhaustive_draw") == Next("B", 0, 27)


def test_draw_keeps_under_dealer_win_or_draw_and_always_passes():
    assert nxt("dealer_win_or_draw", "exhaustive_draw") == Next("A", 3, 27)
    for result, winners in (("win", ["A"]), ("exhaustive_draw", []), ("false_win", [])):
        assert nxt("always", result, winners, ["C"]) == Next("B", 0, 27)


def test_false_win_next_dealer():  # HK-ZH-4
    assert nxt("dealer_win", "false_win", offenders=["A"]) == Next("B", 0, 27)
    assert nxt("dealer_win", "false_win", offenders=["C"]) == Next("A", 2, 27)


def test_round_wind_advances_when_the_deal_returns_to_the_start_dealer():  # HK-FLOW-11
    assert nxt("dealer_win", "win", ["C"], dealer="D", start="A") == Next("A", 0, 28)
    assert nxt("dealer_win", "win", ["C"], dealer="D", start=None) == Next("A", 0, None)
    assert nxt("dealer_win", "open") is None
