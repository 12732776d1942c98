"""The 13-tile base (RULEBOOK_HK.md §10.1) as the replay folds it: the deal, flowers replaced at
once, a concealed kong in the replacement phase, a ``state``'s counts, liabilities and passes."""
import pytest

from referee import events as ev
from referee.errors import ReplayError
from referee.thirteen import ThirteenWin, replay, thirteen_rules, wall_after_deal
from referee.tiles import parse_compact as t
from referee.tiles import parse_tile as one

P = ("A", "B", "C", "D")
RULES = thirteen_rules()

def hands():
    """53 tiles: the dealer A 14 (a flower among them), the others 13 (C holds four 9s)."""
    return {"A": t("123456789m1234p") + (one("1f"),), "B": t("123456789p5678s"),
            "C": t("9999s111z222z333z"), "D": t("555666777888m9p")}


def deal():
    return ev.Deal(hands=hands())


def test_the_deal_leaves_77_and_the_dealer_discards_first():  # HK-FLOW-2, HK-FLOW-3
    table = replay(P, "A", [deal()], RULES)
    assert table.wall_left == 77 == wall_after_deal(RULES)
    assert table.turn == "A" and table.phase == "discard"
    assert wall_after_deal(thirteen_rules(flowers=False)) == 69
    assert wall_after_deal(thirteen_rules(tail=0)) == 91
    assert wall_after_deal(thirteen_rules(flowers=False, tail=0)) == 83


def test_a_flower_is_replaced_at_once_and_lowers_the_wall():  # HK-FLOW-4
    events = [deal(), ev.Flower(player="A", tile=one("1f")), ev.Draw(player="A", tile=one("4p"), source="back"),
              ev.Discard(player="A", tile=one("4p"))]
    table = replay(P, "A", events, RULES)
    assert table.p["A"].flowers == [one("1f")]
    assert table.wall_left == 76 and table.turn == "B"


def test_anything_between_a_flower_and_its_replacement_is_an_input_error():  # HK-FLOW-4 (§10.1)
    events = [deal(), ev.Flower(player="A", tile=one("1f")), ev.Discard(player="A", tile=one("1m"))]
    with pytest.raises(ReplayError) as err:
        replay(P, "A", events, RULES)
    assert err.value.index == 2 and "must follow at once" in err.value.reason


def test_a_flower_win_may_come_before_the_replacement():
    events = [deal(), ev.Flower(player="A", tile=one("1f")), ev.Win(player="A", how="flower")]
    table = replay(P, "A", events, RULES)
    win = table.wins[0]
    assert isinstance(win, ThirteenWin) and win.flower_moment and win.tile == one("1f")


def test_without_flowers_a_flower_event_is_an_input_error():
    h = hands()
    h["A"] = t("123456789m12345p")
    events = [ev.Deal(hands=h), ev.Flower(player="A", tile=one("1m"))]
    with pytest.raises(ReplayError) as err:
        replay(P, "A", events, thirteen_rules(flowers=False))
    assert "without flowers" in err.value.reason


def test_a_concealed_kong_in_the_replacement_phase_by_a_non_dealer():  # HK-FLOW-4, HK-FLOW-6
    events = [deal(), ev.Flower(player="A", tile=one("1f")), ev.Draw(player="A", tile=one("4p"), source="back"),
              ev.Kong(player="C", kind="concealed", tiles=t("9999s")),
              ev.Draw(player="C", tile=one("5z"), source="back"), ev.Discard(player="A", tile=one("4p"))]
    table = replay(P, "A", events, RULES)
    assert table.p["C"].concealed_count == 10 and table.wall_left == 75
    # once the dealer has discarded, it is no longer the replacement phase
    late = events[:3] + [events[5], ev.Kong(player="C", kind="concealed", tiles=t("9999s"))]
    with pytest.raises(ReplayError):
        replay(P, "A", late, RULES)


def test_kong_chain_and_first_go_round_facts():  # HK-FAN-17/18, 34 facts
    events = [deal(), ev.Flower(player="A", tile=one("1f")), ev.Draw(player="A", tile=one("3p"), source="back"),
              ev.Discard(player="A", tile=one("9m")), ev.Draw(player="B", tile=one("4z")),
              ev.Discard(player="B", tile=one("4z")), ev.Draw(player="C", tile=one("5z")),
              ev.Kong(player="C", kind="concealed", tiles=t("9999s")),
              ev.Draw(player="C", tile=one("5z"), source="back"),
              ev.Win(player="C", how="self_draw", tile=one("5z"))]
    win = replay(P, "A", events, RULES).wins[0]
    assert win.kong_chain == (7,) and win.kong_replacement and win.before_own_discard
    assert win.calls_before and win.from_deal
    # a replacement of a flower drawn from the wall is no kong replacement chain
    events = events[:6] + [ev.Draw(player="C", tile=one("2f")), ev.Flower(player="C", tile=one("2f")),
                           ev.Draw(player="C", tile=one("5z"), source="back"),
                           ev.Win(player="C", how="self_draw", tile=one("5z"))]
    win = replay(P, "A", events, RULES).wins[0]
    assert win.kong_chain == () and not win.calls_before


def test_won_on_the_dealers_first_discard():
    h = hands()
    h["B"] = t("123456789p5567s")
    events = [ev.Deal(hands=h),
              ev.Flower(player="A", tile=one("1f")), ev.Draw(player="A", tile=one("8s"), source="back"),
              ev.Discard(player="A", tile=one("8s")), ev.Win(player="B", how="discard", tile=one("8s"), source="A")]
    win = replay(P, "A", events, RULES).wins[0]
    assert win.on_dealer_first_discard and not win.calls_before and win.before_own_discard


def _state(**kw):
    base = dict(hands={"A": t("123456789m1234p5s"), "B": t("123456789p5678s"), "C": t("111222333z4444z"),
                       "D": t("555666777888m9p")}, turn="A", phase="discard", wall_left=40)
    base.update(kw)
    return ev.State(**base)


def test_a_state_carries_passes_and_liabilities_and_checks_its_counts():
    spec = (ev.LiabilitySpec("HK-BAO-1", "B", "D"),)
    table = replay(P, "A", [_state(status={"C": {"passed": {"tiles": (one("3p"),)}}, "D": {"passed": True}},
                                   liabilities=spec)], RULES)
    assert table.state_liabilities == spec
    assert table.p["C"].status["passed"] == {"tiles": (one("3p"),)} and table.p["D"].status["passed"] is True
    with pytest.raises(ReplayError) as err:
        replay(P, "A", [_state(turn="B")], RULES)
    assert err.value.field == "hands.A" and "must hold 13" in err.value.reason
    with pytest.raises(ReplayError) as err:
        replay(P, "A", [_state(wall_left=78)], RULES)
    assert err.value.field == "wall_left"


def test_without_flowers_a_flower_tile_is_an_input_error():
    rules = thirteen_rules(flowers=False)
    with pytest.raises(ReplayError) as err:
        replay(P, "A", [deal()], rules)  # A was dealt 1f
    assert err.value.field == "hands.A" and "without flowers" in err.value.reason
    h = hands()
    h["A"] = t("123456789m12345p")
    with pytest.raises(ReplayError) as err:
        replay(P, "A", [ev.Deal(hands=h), ev.Discard(player="A", tile=one("1m")),
                        ev.Draw(player="B", tile=one("2f"))], rules)
    assert err.value.index == 2 and err.value.field == "tile"
    assert replay(P, "A", [ev.Deal(hands=h), ev.Discard(player="A", tile=one("1m"))], rules).wall_left == 69
