"""The 13-tile base's indicator (RULEBOOK_WH §10, RULEBOOK_SH §15): a variant switches it on with
its tile → wild mapping (``TableRules.wild_of``); one ``indicator`` event right after the deal (or
``state.indicator``), out of play, one wall tile fewer, counted in the census; ``state.wild``
checked against the mapping. Every other variant: an input error at the event's path."""
import pytest

from referee import events as ev
from referee.errors import InputError, ReplayError
from referee.thirteen import replay, thirteen_rules, wall_after_deal
from referee.tiles import parse_compact as t
from referee.tiles import parse_tile as one
from api.documents.loader import load_document
from api.documents.documents import adjudicate_data

P = ("A", "B", "C", "D")
#: a plain successor mapping (n → n + 1 in a suit, 9 → 1; honours 1z → 2z … 7z → 1z), for the test
NEXT = tuple((k // 9) * 9 + (k % 9 + 1) % 9 if k < 27 else 27 + (k - 27 + 1) % 7 for k in range(34))
RULES = thirteen_rules(flowers=False, tail=0, wild_of=NEXT)


def deal():
    return ev.Deal(hands={"A": t("123456789m12345p"), "B": t("123456789p5678s"),
                          "C": t("9999s111z222z333z"), "D": t("555666777888m9p")})


def test_the_indicator_follows_the_deal_and_lowers_the_wall():
    table = replay(P, "A", [deal(), ev.Indicator(tile=one("4p"))], RULES)
    assert table.wall_left == 82 == wall_after_deal(RULES)
    assert table.indicator == one("4p") and table.wild == one("5p")
    assert wall_after_deal(thirteen_rules(flowers=False, tail=0)) == 83  # near miss: none turned up


def test_the_indicator_counts_in_the_census():
    # A holds 8m and D 888m: an indicator 8m is a fifth; 9m (A's and D's: two) is not
    with pytest.raises(ReplayError) as err:
        replay(P, "A", [deal(), ev.Indicator(tile=one("8m"))], RULES)
    assert err.value.index == 1 and "fifth 8m" in err.value.reason
    events = [deal(), ev.Indicator(tile=one("9p")), ev.Discard(player="A", tile=one("1m")),
              ev.Draw(player="B", tile=one("9p"))]  # B and D hold 9p: the indicator is the third
    with pytest.raises(ReplayError) as err:
        replay(P, "A", events + [ev.Discard(player="B", tile=one("9p")),
                                 ev.Draw(player="C", tile=one("9p"))], RULES)
    assert err.value.index == 5 and "fifth 9p" in err.value.reason
    replay(P, "A", events, RULES)  # near miss: the fourth 9p


def test_another_event_after_the_deal_is_an_input_error():
    with pytest.raises(ReplayError) as err:
        replay(P, "A", [deal(), ev.Discard(player="A", tile=one("1m"))], RULES)
    assert err.value.index == 1 and err.value.field == "type"


def test_a_second_indicator_is_an_input_error():
    with pytest.raises(ReplayError) as err:
        replay(P, "A", [deal(), ev.Indicator(tile=one("4p")), ev.Indicator(tile=one("5p"))], RULES)
    assert err.value.index == 2


def test_a_flower_indicator_is_refused_unless_the_variant_lays_it_aside():
    with pytest.raises(ReplayError) as err:
        replay(P, "A", [deal(), ev.Indicator(tile=one("1f"))], RULES)
    assert err.value.index == 1 and err.value.field == "tile"


def test_without_the_switch_the_event_is_an_input_error():
    with pytest.raises(ReplayError) as err:
        replay(P, "A", [deal(), ev.Indicator(tile=one("4p"))], thirteen_rules(flowers=False, tail=0))
    assert err.value.index == 1 and err.value.field == "type"


def state(**kw):
    return ev.State(hands={"A": t("123456789m12345p"), "B": t("123456789p5678s"),
                           "C": t("9999s111z222z333z"), "D": t("555666777888m9p")},
                    wall_left=60, turn="A", phase="discard", **kw)


def test_a_state_carries_the_indicator_and_its_wild():
    table = replay(P, "A", [state(indicator=one("9m"), wild=one("1m"))], RULES)
    assert table.indicator == one("9m") and table.wild == one("1m")
    with pytest.raises(ReplayError) as err:  # near miss: the wrong wild kind
        replay(P, "A", [state(indicator=one("9m"), wild=one("2m"))], RULES)
    assert err.value.field == "wild"
    with pytest.raises(ReplayError) as err:  # required
        replay(P, "A", [state()], RULES)
    assert err.value.field == "indicator"
    with pytest.raises(ReplayError) as err:  # the census: 9999s are all in C's hand
        replay(P, "A", [state(indicator=one("9s"))], RULES)
    assert err.value.field == "indicator"
    with pytest.raises(ReplayError) as err:  # not switched on
        replay(P, "A", [state(indicator=one("9m"))], thirteen_rules(flowers=False, tail=0))
    assert err.value.field == "indicator"


def test_a_state_wall_left_is_at_most_82():
    with pytest.raises(ReplayError) as err:
        replay(P, "A", [ev.State(hands=state().hands, wall_left=83, turn="A", phase="discard",
                                 indicator=one("1m"))], RULES)
    assert err.value.field == "wall_left"


@pytest.mark.parametrize("variant", ["hk", "guangdong"])
def test_other_13_tile_variants_refuse_the_event_and_the_fields(variant):
    doc = {"format": "mjref/1", "variant": variant, "players": list(P), "hand": {"dealer": "A", "events": [
        {"type": "deal", "hands": {"A": "123456789m12345p", "B": "123456789p5678s",
                                   "C": "9999s111z222z333z", "D": "555666777888m9p"}},
        {"type": "indicator", "tile": "4p"}]}}
    with pytest.raises(InputError) as err:
        load_document(doc)
    assert "hand.events[1].type" in err.value.errors
    doc["hand"]["events"] = [{"type": "state", "indicator": "4p", "wild": "5p", "hands": {
        "A": "123456789m12345p", "B": "123456789p5678s", "C": "9999s111z222z333z", "D": "555666777888m9p"},
        "turn": "A", "phase": "discard"}]
    with pytest.raises(InputError) as err:
        adjudicate_data(doc)
    assert {"hand.events[0].indicator", "hand.events[0].wild"} <= set(err.value.errors)
