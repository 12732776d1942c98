"""Wuhan rulings beyond a plain win: 诈胡 (WH-ZH), 过水 (WH-GS), one winner by seat order from the
dealer (WH-PR-2), the irregularities (WH-IRR-1…5), ``state`` starts and the document's input errors
(§10). Money worked by hand in the comments (B = 5)."""
import pytest

from referee.errors import InputError
from tests.whkit import discard, doc, draw, pay, rule, rules_of, ruling, state, win


def not_open(ruleset=None, dealer="A"):
    """A self-draws 234m 567p 345s 678m 88s without a claim: no valid reading (WH-HU-2.1)."""
    s = state({"A": "234m567p345s678m8s"}, turn="A", phase="draw")
    return doc([s, draw("A", "8s"), win("A")], ruleset=ruleset, dealer=dealer)


def test_a_false_win_pays_jin_ding_to_each():  # WH-ZH-1, WH-ZH-2, WH-ZH-3
    # reverse_jin_ding: 400 × 5 = 2000 to each other player, −6000 in all; the hand ends
    hand = rule(not_open())
    assert hand["result"] == "false_win" and hand["winners"] == []
    assert [(r["rule"], r["player"]) for r in hand["rulings"]] == [("WH-ZH-1", "A"), ("WH-HU-2", "A")]
    assert hand["net"] == {"A": -6000, "B": 2000, "C": 2000, "D": 2000}
    assert {p["rule"] for p in hand["payments"]} == {"WH-ZH-2"}


def test_a_false_win_under_koukoufan_pays_its_jin_ding():
    assert rule(not_open({"preset": "koukoufan", "base": 5}))["net"]["A"] == -7500  # 3 × 500 × 5


def test_false_win_fixed_and_dead_hand():
    assert rule(not_open({"base": 5, "options": {"false_win": "fixed:100"}}))["net"]["A"] == -1500
    hand = rule(not_open({"base": 5, "options": {"false_win": "dead_hand"}}))
    assert hand["payments"] == [] and hand["result"] == "open"  # play goes on; A is 相公


def test_a_false_winning_dealer_loses_the_deal():  # WH-ZH-4
    assert rule(not_open())["next"] == {"dealer": "B", "streak": 0, "round_wind": None}
    # near miss: a non-dealer's false win leaves the dealer and streak as they were
    assert rule(not_open(dealer="C"))["next"] == {"dealer": "C", "streak": 0, "round_wind": None}


def passed(events, ruleset=None):
    """C discards 3p; B (碰 111z), holding 45p 234m 567s 88s, waits on 3p and 6p (dealer A)."""
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p", "D": "6p"})
    return doc([s, discard("C", "3p")] + events, ruleset=ruleset)


def test_a_passed_win_bars_the_next_discard():  # WH-GS-1, WH-GS-2, WH-GS-3
    # B lets 3p go; D draws and discards 6p, which closes B's window: B's win on it is 诈胡
    hand = rule(passed([draw("D", "9s"), discard("D", "6p"), win("B", "discard", "6p", "D")]))
    assert hand["result"] == "false_win" and rules_of(hand) == ["WH-ZH-1", "WH-GS-3"]
    assert hand["net"]["B"] == -6000


def test_a_win_in_the_window_is_no_pass():  # near miss
    # B wins on C's 3p at once: small, hard: M_B = 开口 2 × 硬胡 2 = 4; A dealer 庄 2 → raw 8 → 40;
    # C 放炮 2 → raw 8 → 40; D raw 4 → 20
    hand = rule(passed([win("B", "discard", "3p", "C")]))
    assert hand["result"] == "win" and pay(hand) == {"A": 40, "C": 40, "D": 20}


def test_pass_rule_options():
    events = [draw("D", "9s"), discard("D", "6p"), win("B", "discard", "6p", "D")]
    # same_tile_until_move: only 3p is barred: the 6p wins (A 40, D 放炮 40, C 20)
    hand = rule(passed(events, {"base": 5, "options": {"pass_rule": "same_tile_until_move"}}))
    assert hand["result"] == "win" and pay(hand) == {"A": 40, "C": 20, "D": 40}
    hand = rule(passed(events, {"base": 5, "options": {"pass_violation": "void"}}))
    assert rules_of(hand) == ["WH-GS-3"] and hand["payments"] == []


def test_his_own_draw_lifts_the_bar():  # WH-GS-2
    # after B's own draw and discard, A's 6p may be won on: 放炮 A (dealer: 庄 × 放炮 = 4 → raw 16 → 80)
    events = [draw("D", "9s"), discard("D", "9s"), draw("A", "6p"), discard("A", "6p"), win("B", "discard", "6p", "A")]
    assert rule(passed(events))["result"] == "false_win"  # B has not moved yet: still barred
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p", "A": "6p"})
    events = [s, discard("C", "3p"), draw("D", "9s"), discard("D", "9s"), draw("A", "3z"), discard("A", "3z"),
              draw("B", "9p"), discard("B", "9p"), draw("C", "9m"), discard("C", "9m"), draw("D", "6z"),
              discard("D", "6z"), draw("A", "4z"), discard("A", "6p"), win("B", "discard", "6p", "A")]
    hand = rule(doc(events))
    assert hand["result"] == "win" and pay(hand)["A"] == 80


def claimants(dealer):
    """C discards 5p; B (waits 2p/5p) and D (waits 5p) both declare."""
    s = state({"B": "34p234m567s88s", "D": "46p234s567m55s"},
              melds={"B": [("pon:111z", "A")], "D": [("pon:222z", "A")]}, turn="C", phase="discard",
              holding={"C": "5p"})
    return doc([s, discard("C", "5p"), win("D", "discard", "5p", "C"), win("B", "discard", "5p", "C")],
               dealer=dealer)


def test_one_winner_first_from_the_dealer():  # WH-PR-2
    # A deals: A, B, C, D: B beats D whatever the log's order; no head bump from the discarder
    hand = rule(claimants("A"))
    assert [w["player"] for w in hand["winners"]] == ["B"] and hand["rulings"] == []
    # near miss: D deals: D, A, B, C: D wins
    assert [w["player"] for w in rule(claimants("D"))["winners"]] == ["D"]


def test_a_report_makes_him_xianggong():  # WH-IRR-5, WH-IRR-0
    # B grabs a draw (act), A reports it: B is 相公 and his later win is 诈胡
    events = [{"type": "peek", "player": "B", "target": "wall"},
              {"type": "report", "by": "A", "against": "B", "about": 2, "offence": "WH-IRR-5"},
              win("B", "discard", "3p", "C")]
    hand = rule(passed(events))
    assert [(r["rule"], r["status"]) for r in hand["rulings"]][:2] == [("WH-IRR-5", "ruled"), ("WH-ZH-1", "ruled")]
    hand = rule(passed(events[:1] + [win("B", "discard", "3p", "C")]))  # near miss: never reported
    assert hand["result"] == "win"


def test_a_report_that_names_no_clause_is_dismissed():
    events = [{"type": "report", "by": "A", "against": "B", "offence": "WH-PAY-1"}, win("B", "discard", "3p", "C")]
    hand = rule(passed(events))
    assert hand["result"] == "win" and [(r["rule"], r["status"]) for r in hand["rulings"]] == [("WH-PAY-1", "dismissed")]


def test_a_wrong_count_at_the_declaration():  # WH-IRR-1
    # B draws out of turn (grab_draw) and holds one tile too many when he declares
    events = [draw("B", "9s"), {"type": "act", "player": "B", "act": "grab_draw"}, win("B", "discard", "3p", "C")]
    hand = rule(passed(events))
    assert hand["result"] == "false_win" and "WH-IRR-1" in rules_of(hand)


def test_a_wrong_kong_reported_and_corrected():  # WH-IRR-2.1, WH-IRR-2.2
    s = state({"A": "234m567p345s9m8s"}, melds={"A": [("pon:111z", "B")]}, turn="A", phase="discard")
    kong = [s, {"type": "single_kong", "player": "A", "tile": "9m"}]
    hand = rule(doc(kong + [{"type": "correct", "player": "A", "about": 1, "action": "restore"},
                            discard("A", "9m")]))
    assert [(r["rule"], r["status"]) for r in hand["rulings"]] == [("WH-IRR-2", "ruled")]  # corrected
    assert "corrected in time" in hand["rulings"][0]["decision"]
    hand = rule(doc(kong + [draw("A", "1s", back=True), discard("A", "1s"),
                            {"type": "report", "by": "B", "against": "A", "about": 1, "offence": "WH-IRR-2"}]))
    assert [(r["rule"], r["status"]) for r in hand["rulings"]] == [("WH-IRR-2", "ruled")]


def test_a_claim_of_a_thrown_hongzhong_is_a_wrong_claim():  # WH-IRR-3, WH-PR-6
    s = state({"B": "77z234m567p345s8s9m"}, turn="A", phase="discard", holding={"A": "7z"})
    hand = rule(doc([s, discard("A", "7z"), {"type": "pon", "player": "B", "tile": "7z", "with": "77z"},
                     discard("B", "8s")]))
    assert ("WH-IRR-3", "unreported") in [(r["rule"], r["status"]) for r in hand["rulings"]]


def test_state_liabilities_are_derived_or_given():  # §10 liabilities (WH-CB-1)
    melds = {"C": [("pon:999p", "D"), ("chi:123p", "B"), ("pon:555p", "A")]}
    s = state({"C": "678p2p"}, melds=melds, turn="C", phase="draw",
              liabilities=[{"clause": "WH-CB-1", "liable": "B", "covered": "C"}])
    hand = rule(doc([s, draw("C", "2p"), win("C")]))
    assert set(pay(hand)) == {"B"}  # as given, not as derived (A)
    bad = dict(s, liabilities=[{"clause": "WH-CB-2", "liable": "B", "covered": "C"}])
    with pytest.raises(InputError) as err:
        ruling(doc([bad, draw("C", "2p"), win("C")]))
    assert "hand.events[0].liabilities[0].clause" in err.value.errors


def test_a_state_pass_in_force():  # §10 status.passed
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p"}, status={"B": {"passed": True}})
    hand = rule(doc([s, discard("C", "3p"), win("B", "discard", "3p", "C")]))
    assert hand["result"] == "false_win" and "WH-GS-3" in rules_of(hand)
    s["status"] = {"B": {"passed": {"tiles": ["3p"]}}}
    with pytest.raises(InputError):  # {"tiles"} is for same_tile_until_move: true only under the default
        ruling(doc([dict(s, status={"B": {"passed": True}}), discard("C", "3p")],
                   ruleset={"options": {"pass_rule": "same_tile_until_move"}}))


@pytest.mark.parametrize("change, path", [
    ({"laid": {"A": ["5m"]}}, "hand.events[0].laid.A"),  # not a 红中 or 癞子
    ({"discards": {"B": ["7z"]}}, "hand.events[0].discards.B"),  # a thrown 红中 is laid, not discarded
    ({"wild": "3m"}, "hand.events[0].wild"),  # the indicator 1z gives 2z
    ({"indicator": None}, "hand.events[0].indicator"),  # required
    ({"wall_left": 83}, "hand.events[0].wall_left"),
    ({"flowers": {"A": ["1f"]}}, "hand.events[0].flowers.A"),
])
def test_state_input_errors(change, path):
    s = {**state({"A": "234m567p345s8s"}, melds={"A": [("pon:111z", "B")]}), **change}
    with pytest.raises(InputError) as err:
        ruling(doc([s]))
    assert path in err.value.errors


@pytest.mark.parametrize("ruleset, path", [
    ({"fan_table": {"HK-FAN-1": 1}}, "ruleset.fan_table"),
    ({"factor_table": {"WH-FAN-99": 2}}, "ruleset.factor_table.WH-FAN-99"),
    ({"factor_table": {"WH-FAN-1": 1.25}}, "ruleset.factor_table.WH-FAN-1"),
    ({"options": {"cap": 500}}, "ruleset.options.jin_ding"),
    ({"options": {"false_win": "reverse_limit"}}, "ruleset.options.false_win"),
    ({"preset": "wufan"}, "ruleset.preset"),
])
def test_ruleset_input_errors(ruleset, path):
    with pytest.raises(InputError) as err:
        ruling(doc([state({"A": "234m567p345s8s"}, melds={"A": [("pon:111z", "B")]})], ruleset=ruleset))
    assert path in err.value.errors


def test_wuhan_fields_are_input_errors_elsewhere():
    data = doc([state({"A": "234m567p345s8s"}, melds={"A": [("pon:111z", "B")]}, laid={"B": "7z"}),
                {"type": "single_kong", "player": "A", "tile": "7z"}], ruleset={"factor_table": {"WH-HU-3": 2}})
    data["variant"] = "hk"
    with pytest.raises(InputError) as err:
        ruling(data)
    assert {"hand.events[0].laid", "hand.events[0].indicator", "hand.events[1].type",
            "ruleset.factor_table"} <= set(err.value.errors)


def test_win_wild_names_tiles_of_his_hand():  # §10 win.wild
    s = state({"A": "234m567p345s8s"}, melds={"A": [("pon:111z", "B")]}, turn="A", phase="draw")
    with pytest.raises(InputError) as err:
        ruling(doc([s, draw("A", "8s"), win("A", wild=[{"tile": "9m", "as": "8s"}])]))
    assert "hand.events[2].wild[0].tile" in err.value.errors


def test_a_flower_win_does_not_exist():
    s = state({"A": "234m567p345s8s"}, melds={"A": [("pon:111z", "B")]}, turn="A", phase="draw")
    with pytest.raises(InputError) as err:
        ruling(doc([s, draw("A", "8s"), win("A", "flower")]))
    assert "hand.events[2].how" in err.value.errors


def test_a_win_after_its_window_is_false():  # WH-PR-3
    # C's 3p, then D's discard: B's win on the 3p comes after a later discard: 诈胡 (WH-PR-3 beside)
    hand = rule(passed([draw("D", "9s"), discard("D", "9s"), win("B", "discard", "3p", "C")]))
    assert hand["result"] == "false_win" and "WH-PR-3" in rules_of(hand)


def test_a_call_win_that_cannot_stand_is_a_false_win():  # WH-ZH-1 (call: win)
    # A calls a win on his self-drawn 8s without having opened, then discards: 诈胡, 2000 to each
    s = state({"A": "234m567p345s678m8s"}, turn="A", phase="draw")
    hand = rule(doc([s, draw("A", "8s"), {"type": "call", "player": "A", "call": "win"}, discard("A", "8s")]))
    assert hand["result"] == "false_win" and hand["net"]["A"] == -6000
    assert ("WH-HU-2", "A") in [(r["rule"], r["player"]) for r in hand["rulings"]]
