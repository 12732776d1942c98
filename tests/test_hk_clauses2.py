"""Hong Kong clauses end to end, continued: 包 by documents (HK-BAO-1, 7, 8, 9), irregularities
(HK-IRR), flower wins (HK-FAN-24, HK-PAY-4), the flow from hand to hand (HK-FLOW-9…12) and the
input errors of §10 (each at its JSON path)."""
import json
from pathlib import Path

import pytest

from api.documents.loader import load_document
from referee.errors import InputError
from tests.hkkit import discard, doc, draw, rule, rules_of, state, win

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


# 包 -----------------------------------------------------------------------------------------------

def test_twelve_down_off_means_no_liability():  # HK-BAO-1 near miss
    d = example("hk-twelve-down")
    d["ruleset"]["options"] = {"twelve_down": False}
    hand = rule(d)
    assert hand["net"] == {"A": -160, "B": -160, "C": 480, "D": -160}
    assert all("liability" not in p for p in hand["payments"]) and hand["rulings"] == []


def test_a_liability_does_not_cover_a_discard_win_unless_the_option_says():  # HK-BAO-7
    d = example("hk-twelve-down")
    events = d["hand"]["events"]
    events[6:] = [draw("A", "7m"), discard("A", "7m"), win("C", "discard", "7m", "A")]
    hand = rule(d)  # C on A's 7m: 混一色 3 + 番子 1 + 無花 1 = 5 番, P 120; A pays 2P
    assert hand["net"] == {"A": -240, "B": 0, "C": 240, "D": 0}
    assert ("HK-BAO-1", "ruled") in rules_of(hand)  # listed at its creation all the same (HK-BAO-9)
    d["ruleset"]["options"] = {"bao_on_discard": "feeder"}
    assert rule(d)["net"] == {"A": 0, "B": -240, "C": 240, "D": 0}
    d["ruleset"]["options"] = {"bao_on_discard": "split"}
    assert rule(d)["net"] == {"A": -120, "B": -120, "C": 240, "D": 0}


def test_precedence_pattern_bao_before_twelve_down():  # HK-BAO-8
    d = example("hk-dragons-bao")
    st = d["hand"]["events"][0]
    # C's third set on the table before the 中 pon, fed by B: the pon is his fourth (HK-BAO-1, A)
    st["hands"]["C"] = "77z99s"
    st["melds"]["C"].append({"kind": "chi", "tiles": "123s", "tile": "1s", "from": "B"})
    hand = rule(d)
    assert ("HK-BAO-1", "ruled") in rules_of(hand) and ("HK-BAO-2", "ruled") in rules_of(hand)
    assert {p.get("liability") for p in hand["payments"]} == {None, "HK-BAO-2"}
    assert hand["net"]["A"] == -1920
    d["ruleset"]["options"] = {"liability_combination": "share"}
    assert rule(d)["net"]["A"] == -1920  # one liable player: all of 3P


def test_a_state_names_its_liabilities():  # §10.1 state.liabilities
    d = example("hk-twelve-down")
    st = d["hand"]["events"][0]
    st["liabilities"] = [{"clause": "HK-BAO-1", "liable": "D", "covered": "C"}]
    hand = rule(d)
    # D's standing HK-BAO-1 is the earliest of the rank: D pays
    assert hand["net"] == {"A": 0, "B": 0, "C": 480, "D": -480}


# irregularities (HK-IRR) -----------------------------------------------------------------------------

def test_a_reported_fault_makes_the_player_dead():  # HK-IRR-0, HK-IRR-6
    events = [state(), discard("A", "9p"), {"type": "peek", "player": "C", "target": "wall"},
              {"type": "report", "by": "B", "against": "C", "about": 2, "offence": "HK-IRR-6"},
              draw("B", "2s"), discard("B", "2s"), win("C", "discard", "2s", "B")]
    hand = rule(doc(events))
    assert ("HK-IRR-6", "ruled") in rules_of(hand) and hand["result"] == "false_win"
    events[3]["offence"] = "HK-XX-1"  # a report naming no irregularity: dismissed, C may win
    hand = rule(doc(events))
    assert hand["rulings"][0]["status"] == "dismissed" and hand["result"] == "win"


def test_a_state_with_a_wrong_count_is_an_input_error():  # §10.1: 13 − 3 × melds
    events = [state(), discard("A", "2s"), win("C", "discard", "2s", "A")]
    events[0]["hands"]["C"] = "34s111s789s555z9s"  # 12 (a wrong count at the table is a report)
    with pytest.raises(InputError) as err:
        load_and_rule(doc(events))
    assert "hand.events[0].hands.C" in err.value.errors


def load_and_rule(document):
    from api.documents.documents import adjudicate_data
    return adjudicate_data(document)


def test_an_unreported_chi_from_the_wrong_player_is_listed_and_changes_nothing():  # HK-IRR-4
    events = [state(), discard("A", "2s"), {"type": "chi", "player": "C", "tile": "2s", "with": "34s"},
              discard("C", "9s")]
    hand = rule(doc(events))
    assert ("HK-IRR-4", "unreported") in rules_of(hand)
    assert hand["result"] == "open" and hand["net"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    events.append({"type": "report", "by": "A", "against": "C", "about": 2, "offence": "HK-IRR-4"})
    assert ("HK-IRR-4", "ruled") in rules_of(rule(doc(events)))


# flowers (HK-FAN-24, HK-PAY-4) ------------------------------------------------------------------------

def test_seven_flowers_win():
    events = [state(flowers={"B": ["1f", "2f", "3f", "4f", "5f", "6f"]}), discard("A", "9p"),
              draw("B", "7f"), {"type": "flower", "player": "B", "tile": "7f"}, win("B", "flower")]
    hand = rule(doc(events))
    w = hand["winners"][0]
    assert w["fan"] == 3 and w["limit"] == "HK-FAN-24" and w["portion"] == 40
    assert hand["net"] == {"A": -40, "B": 120, "C": -40, "D": -40}
    assert {p["rule"] for p in hand["payments"]} == {"HK-PAY-4"}


def test_a_flower_win_at_another_moment_is_false():  # HK-FAN-25's moment, HK-ZH-1
    events = [state(flowers={"B": ["1f", "2f", "3f", "4f", "5f", "6f", "7f"]}), discard("A", "9p"),
              draw("B", "3z"), win("B", "flower")]
    hand = rule(doc(events))
    assert hand["result"] == "false_win" and hand["net"]["B"] == -1920


# from hand to hand (HK-FLOW) ---------------------------------------------------------------------------

def test_exhaustive_draw_and_dealer_rotation():  # HK-FLOW-9, 10
    events = [state(wall_left=1), discard("A", "9p"), draw("B", "3z"), discard("B", "3z"),
              {"type": "exhaustive_draw"}]
    hand = rule(doc(events, streak=1))
    assert hand["result"] == "exhaustive_draw" and hand["payments"] == []
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}
    hand = rule(doc(events, {"base": 5, "options": {"dealer_rotation": "dealer_win_or_draw"}}, streak=1))
    assert hand["next"] == {"dealer": "A", "streak": 2, "round_wind": "1z"}


def test_a_hand_that_contradicts_the_previous_next():  # HK-FLOW-12
    one = doc([state(), discard("A", "2s"), win("C", "discard", "2s", "A")])
    two = doc([state(), discard("A", "2s"), win("C", "discard", "2s", "A")])
    game = dict(one)
    del game["hand"]
    game["hands"] = [one["hand"], dict(two["hand"], dealer="A", streak=0)]
    from api.documents.documents import adjudicate_data
    ruling = adjudicate_data(game)
    second = ruling["hands"][1]
    assert second["rulings"][0]["rule"] == "HK-FLOW-12" and "dealer A (expected B)" in second["rulings"][0]["decision"]
    assert ruling["net"] == {"A": -640, "B": 0, "C": 640, "D": 0}


# input errors (§10) --------------------------------------------------------------------------------

@pytest.mark.parametrize("change, path, fragment", [
    (lambda d: d["ruleset"].update(tai=20), "ruleset.tai", "a tw16 field"),
    (lambda d: d["hand"].update(honba=1), "hand.honba", "a riichi field"),
    (lambda d: d["hand"].update(open_seat="B"), "hand.open_seat", "a tw16 field"),
    (lambda d: d["ruleset"].update(preset="seed000"), "ruleset.preset", "unknown preset"),
    (lambda d: d["ruleset"].update(options={"limit_fan": 2}), "ruleset.options.limit_fan", "min_fan"),
    (lambda d: d["ruleset"].update(fan_table={"HK-FAN-99": 1}), "ruleset.fan_table.HK-FAN-99", "unknown row"),
    (lambda d: d["hand"]["events"][0]["melds"]["C"][0].pop("from"), "hand.events[0].melds.C[0].from",
     "who fed it"),
    (lambda d: d["hand"]["events"][0].update(liabilities=[{"clause": "HK-BAO-5", "liable": "A",
                                                           "covered": "C"}]),
     "hand.events[0].liabilities[0].clause", "must be HK-BAO-1"),
    (lambda d: d["hand"]["events"].insert(1, {"type": "declare", "player": "A", "what": "watch"}),
     "hand.events[1].type", "another variant"),
    (lambda d: d["hand"]["events"][0]["flowers"].update(C=["竹"]), "hand.events[0].flowers.C", "ambiguous"),
])
def test_input_errors_name_their_path(change, path, fragment):
    d = example("hk-twelve-down")
    d["hand"]["events"][0]["flowers"] = {}
    change(d)
    with pytest.raises(InputError) as err:
        load_document(d)
    found = {p: r for p, r in err.value.errors.items()}
    assert path in found and any(fragment in r for r in found[path]), found


def test_hk_fields_are_input_errors_under_tw16():
    d = json.loads((EXAMPLES / "discard-win.json").read_text(encoding="utf-8"))
    d["ruleset"]["fan_table"] = {"HK-FAN-3": 2}
    with pytest.raises(InputError) as err:
        load_document(d)
    assert "ruleset.fan_table" in err.value.errors


def test_the_claimed_kind_discarded_at_once_and_a_claim_on_the_last_discard():  # HK-IRR-5, HK-IRR-4
    hands = {"A": "123456789p444m2s1z", "B": "123456789m1p7z7z5s", "C": "34s111s789s555z99s",
             "D": "2223445566778s"}
    events = [state(hands), discard("A", "9p"), draw("B", "3z"), discard("B", "3z"), draw("C", "7z"),
              discard("C", "7z"), draw("D", "9m"), discard("D", "9m")]
    assert rule(doc(events))["rulings"] == []  # near miss: nothing irregular
    events = [state(hands), discard("A", "2s"), {"type": "pon", "player": "D", "tile": "2s", "with": "22s"},
              discard("D", "2s")]
    assert ("HK-IRR-5", "unreported") in rules_of(rule(doc(events)))
    events = [state(hands, wall_left=1), discard("A", "2s"), draw("B", "3z"), discard("B", "5s"),
              {"type": "pon", "player": "D", "tile": "5s", "with": "55s"}, discard("D", "8s")]
    assert ("HK-IRR-4", "unreported") in rules_of(rule(doc(events)))


def test_a_state_dead_hand_cannot_win():  # HK-IRR-1's effect from a position
    events = [state(status={"C": {"dead_hand": True}}), discard("A", "2s"), win("C", "discard", "2s", "A")]
    hand = rule(doc(events))
    assert hand["result"] == "false_win" and "from the position given" in hand["rulings"][0]["decision"]
    events[0]["status"] = {"D": {"dead_hand": True}}  # near miss: another player's
    assert rule(doc(events))["result"] == "win"


def test_a_pon_after_the_next_players_draw_is_out_of_its_window():  # HK-PR-3, HK-IRR-4
    hands = {"A": "123456789p444m2s1z", "B": "123456789m1p7z7z5s", "C": "34s111s789s555z99s",
             "D": "2223445566778s"}
    events = [state(hands), discard("A", "2s"), draw("B", "3z"),
              {"type": "pon", "player": "D", "tile": "2s", "with": "22s"}, {"type": "end"}]
    assert ("HK-IRR-4", "unreported") in rules_of(rule(doc(events)))
    events.insert(3, {"type": "correct", "player": "B", "about": 2, "action": "return_tile", "tile": "3z"})
    events[-1:] = [discard("D", "8s")]  # near miss: the draw was put back first, D plays on
    hand = rule(doc(events))
    assert "HK-IRR-4" not in [r for r, _ in rules_of(hand)]


def test_a_flower_drawn_and_kept():  # HK-IRR-3
    events = [state(), discard("A", "9p"), draw("B", "5f"), discard("B", "5s")]
    assert ("HK-IRR-3", "unreported") in rules_of(rule(doc(events)))
    events[3:] = [{"type": "flower", "player": "B", "tile": "5f"}, draw("B", "3z", back=True), discard("B", "5s")]
    assert rule(doc(events))["rulings"] == []  # near miss: laid out and replaced


def test_a_liability_survives_the_liable_players_dead_hand():  # HK-BAO-10
    d = example("hk-twelve-down")
    d["hand"]["events"].insert(6, {"type": "report", "by": "A", "against": "B", "offence": "HK-IRR-6"})
    hand = rule(d)
    assert ("HK-IRR-6", "ruled") in rules_of(hand) and hand["net"]["B"] == -480


def test_a_wrong_kong_standing_makes_the_declaration_false():  # HK-IRR-2.2 with HK-ZH-1
    hands = {"A": "123456789p444m2s", "B": "123456789m1p7z7z5s", "C": "1112s345s789s55z9s6z",
             "D": "2233445566778p"}
    events = [state(hands, turn="C"), {"type": "kong", "player": "C", "kind": "concealed", "tiles": "1112s"},
              draw("C", "9s", back=True), win("C", "self_draw", "9s")]
    hand = rule(doc(events))
    assert hand["result"] == "false_win"
    assert ("HK-ZH-1", "ruled") in rules_of(hand) and ("HK-IRR-2", "ruled") in rules_of(hand)


def test_letting_ones_own_self_draw_go_is_no_pass():  # HK-GS-5
    events = [state(), discard("A", "9p"), draw("B", "3z"), discard("B", "3z"), draw("C", "2s"),
              discard("C", "2s"), draw("D", "5s"), discard("D", "5s"), win("C", "discard", "5s", "D")]
    hand = rule(doc(events))
    assert hand["result"] == "win" and hand["net"] == {"A": 0, "B": 0, "C": 320, "D": -320}
