"""百搭 wild tiles (SH-BD, preset `baida`) on ``referee.wild``: the wild kind (SH-BD-1), a wild tile
standing for another (SH-BD-2), 无百搭 (SH-FAN-12), 四百搭 (SH-BD-3); each fired and a near miss, the
points worked by hand (D 2, L 20)."""
import pytest

from rulesbook.shanghai.baida import wild_kind
from tests.shkit import count, rules

FIVE_M = 4  # the wild kind in these counts: 5m (an indicator 4m under ``next``)
BAIDA = rules("baida")


def rows(c) -> list[str]:
    return [p.rule for p in c.patterns]


@pytest.mark.parametrize("indicator, rule, wild", [
    pytest.param(3, "next", 4, id="4m-gives-5m"), pytest.param(8, "next", 0, id="9m-gives-1m"),
    pytest.param(26, "next", 18, id="9s-gives-1s"), pytest.param(30, "next", 27, id="north-gives-east"),
    pytest.param(27, "next", 28, id="east-gives-south"), pytest.param(33, "next", 31, id="red-gives-white"),
    pytest.param(3, "same", 3, id="same"),
])
def test_the_wild_kind(indicator, rule, wild):  # SH-BD-1 wild_rule
    assert wild_kind(indicator, rule) == wild


def test_a_wild_tile_stands_for_another():  # SH-BD-2: the two 5m read 5m (in 456m) and 5p (4p ? 6p)
    c = count("123m456m789m11s4p5m+6p", BAIDA, wild=FIVE_M, flowers="1f", how="self_draw")
    assert c.complete and c.wilds == 2 and rows(c) == ["SH-FAN-7"] and c.points == 6  # (2 + 1) × 2
    assert not count("123m456m789m11s4p5m+6p", BAIDA, flowers="1f", how="self_draw").complete  # no wild kind


def test_the_best_reading_is_taken():  # SH-FAN-0.2 over the readings: 5m read as 5p makes 清一色
    c = count("123p456p789p11p4p5m+6p", BAIDA, wild=FIVE_M, flowers="1f", how="self_draw")
    assert rows(c) == ["SH-FAN-4", "SH-FAN-7"] and c.points == 20  # (2 + 1) × 8 = 24 → 20


def test_no_wild_row_and_a_discarded_wild_is_its_face():  # SH-FAN-12, SH-BD-2
    won_on = count("123m46m789m11s345p+5m", BAIDA, wild=FIVE_M, flowers="1f", how="discard")
    assert won_on.wilds == 0 and rows(won_on) == ["SH-FAN-7", "SH-FAN-12"] and won_on.points == 12  # 3 × 4
    drawn = count("123m46m789m11s345p+5m", BAIDA, wild=FIVE_M, flowers="1f", how="self_draw")
    assert drawn.wilds == 1 and rows(drawn) == ["SH-FAN-7"] and drawn.points == 6  # near miss: a wild held


def test_no_wild_row_only_under_wild():  # SH-FAN-12 near miss: no 百搭 at the table
    assert "SH-FAN-12" not in rows(count("123m456m789m11s45p+3p", rules(), flowers="1f2f3f"))


def test_four_wilds_win_at_once():  # SH-BD-3 四百搭: P = L = 20, whatever the rest
    c = count("5555m123p456p79p1s+1s", BAIDA, wild=FIVE_M, flowers="1f", how="self_draw")
    assert rows(c) == ["SH-BD-3"] and c.points == 20 and c.qualifies
    on_discard = count("5555m123p456p79p1s+1s", BAIDA, wild=FIVE_M, flowers="1f", how="discard")
    assert rows(on_discard) != ["SH-BD-3"] and on_discard.wilds == 4  # near miss: not a self-draw


def test_same_rule_three_wilds_at_most():  # SH-BD-1 same: the indicator's kind, its three other copies
    r = rules("baida", wild_rule="same")
    assert count("123m456m789m11s4p5m+6p", r, wild=wild_kind(FIVE_M, "same"), flowers="1f", how="self_draw").wilds == 2


# --- through the loader: preset baida, the indicator 4m (the wild kind 5m), base 5 ---------------

from api.documents.documents import adjudicate_data  # noqa: E402
from referee.errors import InputError  # noqa: E402
from tests.shkit import WAITING, discard, doc, draw, rule, rules_of, state, win  # noqa: E402

BAIDA_RULES = {"preset": "baida", "base": 5}
#: C: 123m 678m 789s 11s 4p + the wild 5m: it waits on 3p and 6p (the 5m as 5p) among others
WILD_C = {**WAITING, "A": "2266m2345s3678p4z", "C": "123m678m789s11s4p5m"}


def baida_state(hands=None, turn="A", phase="discard", **kw) -> dict:
    hands = dict(hands or WILD_C)
    if (turn, phase) == ("A", "discard"):
        hands["A"] += "1z"
    s = state(hands=hands, turn=turn, phase=phase, knocked=(), flowers={"B": ["1f"], "C": ["2f"]}, **kw)
    s["indicator"] = "4m"
    return s


def test_a_wild_hand_may_not_win_on_a_discard():  # SH-BD-4, SH-ZH-1: 勒子 20 × 5 = 100 to each
    r = rule(doc([baida_state(), discard("A", "6p"), win("C", source="A")], BAIDA_RULES))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-BD-4", "ruled")] and r["net"]["C"] == -300


def test_a_wild_hand_wins_on_a_discard_when_the_option_is_off():  # SH-BD-4 near miss
    # C: H 1 (2f), 门清 F 1, a wild held (no 无百搭): P = (2 + 1) × 2 = 6, A pays 30
    ruleset = {**BAIDA_RULES, "options": {"no_wild_discard_win": False}}
    r = rule(doc([baida_state(), discard("A", "6p"), win("C", source="A")], ruleset))
    assert r["payments"] == [{"from": "A", "to": "C", "amount": 30, "rule": "SH-PAY-2"}]


def test_a_wild_hand_self_draws():  # SH-BD-2, SH-PAY-1: P 6, each pays 30, C +90
    events = [baida_state(turn="C", phase="draw"), draw("C", "6p"), win("C", "self_draw")]
    r = rule(doc(events, BAIDA_RULES))
    assert r["net"]["C"] == 90 and r["winners"][0]["patterns"][0]["rule"] == "SH-FAN-7"


def test_no_wild_hand_wins_on_a_discard_with_its_row():  # SH-FAN-12: F 门清 1 + 无百搭 1, (2 + 1) × 4 = 12
    hands = {**WILD_C, "C": "123m678m789s11s45p"}
    r = rule(doc([baida_state(hands), discard("A", "6p"), win("C", source="A")], BAIDA_RULES))
    assert r["net"]["C"] == 60 and [p["rule"] for p in r["winners"][0]["patterns"]] == ["SH-FAN-7", "SH-FAN-12"]


def test_four_wilds_paid_as_a_self_draw():  # SH-BD-3 四百搭: P = L = 20, 100 from each, +300
    hands = {**WILD_C, "C": "555m123s456s79s1p2p"}
    events = [baida_state(hands, turn="C", phase="draw"), draw("C", "5m"), win("C", "self_draw")]
    r = rule(doc(events, BAIDA_RULES))
    assert r["net"]["C"] == 300 and r["winners"][0]["patterns"][0]["rule"] == "SH-BD-3"


DEAL = {"type": "deal", "hands": {"A": 14, "B": 13, "C": 13, "D": 13}}


def indicators(*tiles) -> list:
    return [{"type": "indicator", "tile": t} for t in tiles]


def test_the_indicator_a_flower_laid_aside_and_another_turned():  # SH-BD-1, SH-FLOW-2
    r = rule(doc([DEAL] + indicators("1f", "7z", "4m") + [discard("A", "9s")], BAIDA_RULES))
    assert r["result"] == "open"
    from rulesbook.shanghai.options import ShRules
    from rulesbook.shanghai.table import replay
    from api.documents.loader import load_document
    events = load_document(doc([DEAL] + indicators("1f", "7z", "4m"), BAIDA_RULES)).hands[0].events
    table = replay(("A", "B", "C", "D"), "A", events, ShRules.of("baida").options)
    assert (table.wild, table.wall_left, len(table.laid_aside)) == (4, 88, 2)  # 91 − 3


@pytest.mark.parametrize("events, path", [
    pytest.param([DEAL] + indicators("4m", "5m"), "hand.events[2].type", id="two-tiles-of-play"),
    pytest.param([DEAL] + indicators("1f") + [discard("A", "9s")], "hand.events[2]", id="flower-then-nothing"),
    pytest.param([DEAL, discard("A", "9s")], "hand.events[1]", id="none-before-the-discard"),
    pytest.param([DEAL, discard("A", "9s")] + indicators("4m"), "hand.events[2].type", id="after-the-discard"),
])
def test_indicator_refusals(events, path):  # §15 indicator
    with pytest.raises(InputError) as err:
        adjudicate_data(doc(events, BAIDA_RULES))
    assert path in err.value.errors


def test_no_indicator_without_wild():  # §15: the event is an input error without 百搭
    with pytest.raises(InputError) as err:
        adjudicate_data(doc([DEAL] + indicators("4m")))
    assert "hand.events[1].type" in err.value.errors


@pytest.mark.parametrize("indicator, wild, path", [
    pytest.param("7z", None, "hand.events[0].indicator", id="a-dragon-is-a-flower"),
    pytest.param("4m", "6m", "hand.events[0].wild", id="wrong-wild"),
])
def test_state_indicator_refusals(indicator, wild, path):  # §15 state.indicator, state.wild
    s = baida_state()
    s["indicator"] = indicator
    if wild:
        s["wild"] = wild
    with pytest.raises(InputError) as err:
        adjudicate_data(doc([s], BAIDA_RULES))
    assert path in err.value.errors
    s["indicator"], s["wild"] = "4m", "5m"  # near miss: as the indicator gives it
    assert rule(doc([s], BAIDA_RULES))["result"] == "open"


def test_a_wild_hand_passing_a_win_is_barred():  # SH-GS-1 with 百搭 (no_wild_discard_win off)
    # C (wild 5m) lets A's 6p go; D's 6p later is barred to him: a false win, 100 to each
    ruleset = {**BAIDA_RULES, "options": {"no_wild_discard_win": False}}
    events = [baida_state(), discard("A", "6p"), draw("B", "5s"), discard("B", "5s"), draw("C", "7p"),
              discard("C", "7p"), draw("D", "6p"), discard("D", "6p"), win("C", source="D")]
    r = rule(doc(events, ruleset))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-GS-3", "ruled")] and r["net"]["C"] == -300
    ruleset["options"]["pass_rule"] = "none"  # near miss: no pass rule, he wins: P 6, 30 from D
    assert rule(doc(events, ruleset))["net"]["C"] == 30
