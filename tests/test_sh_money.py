"""Shanghai money (SH-PAY, SH-BAO, SH-HF) and the next hand (SH-FLOW-9, 10) through the loader
(`qiaoma`, base 5): 包三口, the robbed kong, several winners, 荒番 with its dice, cap, doubling and
counter; each fired and a near miss, the money worked by hand in the comments."""
import pytest

from rulesbook.family13.liability import Liability
from rulesbook.shanghai import bao
from rulesbook.shanghai.huangfan import dice_adds
from rulesbook.shanghai.options import ShRules
from tests.shkit import WAITING, discard, doc, draw, knock, rule, rules_of, state, win

# 包三口: C has ponged 111m and 999s from A; A discards 西 and C pons it (his third claim on A)
BAO_HANDS = {"A": "2256m2345s678p134z", "B": "123456789p112s2z", "C": "33z45p77s8s", "D": "34789m6789s2p122z"}


def bao_melds(third_from: str = "A") -> dict:
    return {"C": [{"kind": "pon", "tiles": "111m", "from": third_from},
                  {"kind": "pon", "tiles": "999s", "from": "A"}]}


def bao_events(third_from: str = "A", tail=None) -> list:
    return [state(hands=BAO_HANDS, melds=bao_melds(third_from), flowers={"C": ["1f", "2f"]}, knocked=()),
            discard("A", "3z"), {"type": "pon", "player": "C", "tile": "3z", "with": ["3z", "3z"]},
            discard("C", "8s"), knock("C")] + (tail or [draw("D", "3p"), discard("D", "3p"), win("C", source="D")])


def test_bao_san_kou_on_a_discard_win():  # SH-BAO-1, SH-BAO-3
    # C: 1f 2f + 西 pong 1 = H 3 (a plain hand may win on a discard); F 0: P = 2 + 3 = 5, 25 money.
    # D pays 25 (SH-PAY-2); A, the feeder of three claims, pays 25 more
    r = rule(doc(bao_events()))
    assert r["payments"] == [{"from": "D", "to": "C", "amount": 25, "rule": "SH-PAY-2"},
                             {"from": "A", "to": "C", "amount": 25, "rule": "SH-BAO-1", "liability": "SH-BAO-1"}]
    assert ("SH-BAO-1", "ruled") in rules_of(r)
    assert next(f for f in r["rulings"] if f["rule"] == "SH-BAO-1")["at"] == 2  # at its creating claim


def test_bao_san_kou_on_a_self_draw():  # SH-BAO-1's example: the feeder 2P, the others P
    tail = [draw("D", "5s"), discard("D", "5s"), draw("A", "9m"), discard("A", "9m"), draw("B", "8p"),
            discard("B", "8p"), draw("C", "3p"), win("C", "self_draw")]
    r = rule(doc(bao_events(tail=tail)))
    assert r["net"] == {"A": -50, "B": -25, "C": 100, "D": -25}  # P 5 × 5 = 25; A 25 + 25


def test_bao_san_kou_near_miss_two_claims_on_the_feeder():  # the first pon was D's: no liability
    r = rule(doc(bao_events(third_from="D")))
    assert r["payments"] == [{"from": "D", "to": "C", "amount": 25, "rule": "SH-PAY-2"}]
    assert "SH-BAO-1" not in [f["rule"] for f in r["rulings"]]


def test_bao_san_kou_off():  # SH-BAO-1 option off
    r = rule(doc(bao_events(), {"preset": "qiaoma", "base": 5, "options": {"bao_san_kou": "off"}}))
    assert r["net"]["A"] == 0 and r["net"]["C"] == 25


def test_bao_san_kou_mutual_runs_both_ways():  # SH-BAO-1 mutual
    li = Liability("SH-BAO-1", "A", "C", 2, 0)
    feeder, mutual = ShRules.of().options, ShRules.of(None, {"bao_san_kou": "mutual"}).options
    assert bao.extra_payers(feeder, [li], "C", 9) == [("A", li)]
    assert bao.extra_payers(feeder, [li], "A", 9) == []  # near miss: feeder only
    assert bao.extra_payers(mutual, [li], "A", 9) == [("C", li)]
    assert bao.extra_payers(mutual, [li], "C", 2) == []  # not before its claim


ROB_HANDS = {"A": "2256m2348s3678p4z", "B": "111p333p999p2z", "C": "123m456m789m11s46s", "D": WAITING["D"]}


def rob_events(kind: str = "added") -> list:
    hands = dict(ROB_HANDS)
    melds = {"B": [{"kind": "pon", "tiles": "555s", "from": "A"}]}
    if kind == "concealed":
        hands["B"], melds = "111p333p999p555s2z", {}
    return [state(hands=hands, melds=melds, turn="B", phase="draw", flowers={"C": ["2f", "3f", "4f"]},
                  knocked=("C",)),
            draw("B", "5s"), {"type": "kong", "player": "B", "kind": kind, "tiles": ["5s"] * 4},
            win("C", "rob_kong", source="B")]


def test_a_robbed_kong_the_kong_player_pays_three_shares():  # SH-PAY-3, SH-BAO-2
    # C: H 3, 门清 F 1: P = (2 + 3) × 2 = 10, 50 money; B pays 3 × 50 = 150
    r = rule(doc(rob_events()))
    assert r["payments"] == [{"from": "B", "to": "C", "amount": 150, "rule": "SH-PAY-3", "liability": "SH-BAO-2"}]


def test_a_robbed_kong_paid_as_a_discard():  # SH-PAY-3 option rob_kong_payment: discard
    r = rule(doc(rob_events(), {"preset": "qiaoma", "base": 5, "options": {"rob_kong_payment": "discard"}}))
    assert r["payments"] == [{"from": "B", "to": "C", "amount": 50, "rule": "SH-PAY-3"}]


def test_a_concealed_kong_is_never_robbed():  # SH-PR-5: a false win, 100 to each
    r = rule(doc(rob_events("concealed")))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-PR-5", "ruled")] and r["net"]["C"] == -300


TWO = {**WAITING, "C": "123m456m789m111s2z"}  # C waits on 2z too (H 3, 门清: P 10)


def two_winners(order=("B", "C"), ruleset=None):
    events = [state(hands={**TWO, "D": WAITING["D"] + "4z"}, turn="D",
                    flowers={"B": ["1f"], "C": ["2f", "3f", "4f"]}), discard("D", "2z")]
    return rule(doc(events + [win(p, source="D") for p in order], ruleset))


def test_several_winners_each_paid():  # SH-PR-2 all, SH-PAY-4; B 16 × 5 = 80, C 10 × 5 = 50
    r = two_winners(("C", "B"))
    assert r["payments"] == [{"from": "D", "to": "C", "amount": 50, "rule": "SH-PAY-4"},
                             {"from": "D", "to": "B", "amount": 80, "rule": "SH-PAY-4"}]
    assert r["next"]["dealer"] == "B"  # SH-FLOW-9: the first after D in turn order, however recorded


def test_head_bump_only_the_first_wins():  # SH-PR-2 head_bump
    r = two_winners(ruleset={"preset": "qiaoma", "base": 5, "options": {"multiple_winners": "head_bump"}})
    assert r["payments"] == [{"from": "D", "to": "B", "amount": 80, "rule": "SH-PAY-2"}]


@pytest.mark.parametrize("dice, adds", [((1, 1), 2), ((4, 4), 2), ((1, 3), 1), ((6, 4), 1), ((2, 2), 1),
                                        ((5, 5), 1), ((2, 3), 0), ((5, 6), 0)])
def test_dice(dice, adds):  # SH-HF-2
    assert dice_adds(dice) == adds


DRAWN_OUT = [state(turn="A", wall_left=0), discard("A", "1z"), {"type": "exhaustive_draw"}]


def test_exhaustive_draw_raises_the_counter():  # SH-HF-5's example: Z 1, dice 1-3 → 2 → 3; no money
    r = rule(doc(DRAWN_OUT, huang_fan=1, dice=[1, 3]))
    assert r["huang_fan"] == {"before": 1, "dice": 1, "hand": True, "after": 3}
    assert r["payments"] == [] and r["next"] == {"dealer": "A", "streak": 1, "round_wind": None, "huang_fan": 3}


def test_dice_alone_make_a_huang_fan_hand():  # SH-HF-3: Z 0, dice 2-2: this hand doubles at once
    r = rule(doc([state(turn="D"), discard("D", "2z"), win("B", source="D")], dice=[2, 2]))
    assert r["huang_fan"] == {"before": 0, "dice": 1, "hand": True, "after": 0} and r["net"]["B"] == 160


def test_huang_fan_doubles_after_the_cap():  # SH-PAY-0: 清一色 门清 H 3: 5 × 8 = 40 → 20, × 2 = 40 points
    # C: 123m 345m 678m 999m 5m waits on 5m; A discards it and pays 40 × 5 = 200
    events = [state(hands={**WAITING, "C": "1233455678999m", "A": WAITING["A"] + "1z"},
                    flowers={"B": ["1f"], "C": ["2f", "3f", "4f"]}), discard("A", "5m"), win("C", source="A")]
    r = rule(doc(events, huang_fan=1))
    assert (r["winners"][0]["fan"], r["winners"][0]["points"], r["winners"][0]["value"]) == (3, 40, 200)
    assert rule(doc(events))["net"]["C"] == 100  # near miss: no 荒番, the capped 20 points


def test_huang_fan_off():  # SH-HF-1: the option off: no doubling, the counter stays
    r = rule(doc(DRAWN_OUT, {"preset": "qiaoma", "base": 5, "options": {"huang_fan": False}}, huang_fan=2,
                 dice=[1, 1]))
    assert r["huang_fan"] == {"before": 2, "dice": 0, "hand": False, "after": 2}


def game(second_huang_fan=None) -> dict:
    from api.documents.documents import adjudicate_data
    first = doc(DRAWN_OUT)["hand"]
    second = doc([state(turn="D"), discard("D", "2z"), win("B", source="D")])["hand"]
    if second_huang_fan is not None:
        second["huang_fan"] = second_huang_fan
    data = doc([])
    del data["hand"]
    data["hands"] = [first, second]
    return adjudicate_data(data)


def test_the_counter_carries_into_the_next_hand():  # SH-HF-4: a draw makes the next hand 荒番
    g = game()
    assert g["hands"][0]["next"]["huang_fan"] == 1
    assert g["hands"][1]["huang_fan"] == {"before": 1, "dice": 0, "hand": True, "after": 0}
    assert g["net"]["B"] == 160 and g["hands"][1]["rulings"] == []


def test_a_recorded_counter_against_the_last_ruling():  # SH-FLOW-10: the recorded value is used
    g = game(second_huang_fan=0)
    assert [(f["rule"], f["player"]) for f in g["hands"][1]["rulings"]] == [("SH-FLOW-10", "A")]
    assert g["net"]["B"] == 80


@pytest.mark.parametrize("options, extra, money", [
    pytest.param({"huang_fan_factor": 3}, {"huang_fan": 1}, 240, id="factor-3"),  # 16 × 3 × 5
    pytest.param({"lezi": 10}, {}, 50, id="lezi-10"),  # min(16, 10) × 5
    pytest.param({"base_flowers": 3}, {}, 100, id="base-flowers-3"),  # min((3 + 2) × 4, 20) × 5
    pytest.param({}, {}, 80, id="defaults"),  # 16 × 5
])
def test_money_options(options, extra, money):  # SH-PAY-0, SH-HF-3 options on §15's hand
    ruleset = {"preset": "qiaoma", "base": 5, "options": options}
    r = rule(doc([state(turn="D"), discard("D", "2z"), win("B", source="D")], ruleset, **extra))
    assert r["net"]["B"] == money


def test_the_minimum_is_an_option():  # SH-HU-2 min_flowers_discard 2: H 2 wins, (2 + 2) × 2 = 8, 40
    ruleset = {"preset": "qiaoma", "base": 5, "options": {"min_flowers_discard": 2}}
    events = [state(flowers={"B": ["1f"], "C": ["2f", "3f"]}), discard("A", "6p"), win("C", source="A")]
    assert rule(doc(events, ruleset))["net"]["C"] == 40
