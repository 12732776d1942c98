"""Guangdong hands ruled end to end (RULEBOOK_GD): each clause fired with its money to the unit
(`base` 10), and a near miss beside it."""
from tests.gdkit import WAITING, discard, doc, draw, rule, rules_of, ruling, state, win

THREE = {"A": "234567m2378p33s5p7z", "B": "123s456s789s222z5p", "C": "123m456m789m11s46p",
         "D": "111m999m111p999s5p"}


def test_a_discard_win_one_share_from_the_discarder():  # GD-PAY-2, GD-FAN-2, GD-FAN-21
    hand = rule(doc([state(), discard("A", "3p"), win("C", "discard", "3p", "A")]))
    assert hand["net"] == {"A": -40, "B": 0, "C": 40, "D": 0}
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}  # GD-FLOW-8
    hand = rule(doc([state(), discard("A", "3p"), win("C", "discard", "3p", "A")],
                    {"base": 10, "options": {"discard_payment": "three_shares"}}))
    assert hand["net"]["A"] == -120


def test_a_passed_tile_is_barred_until_the_next_move():  # GD-GS-1…3, GD-ZH-1, GD-ZH-2
    events = [state(), discard("A", "3p"), draw("B", "9p"), discard("B", "3p"), win("C", "discard", "3p", "B")]
    hand = rule(doc(events))
    assert hand["result"] == "false_win"
    assert ("GD-ZH-1", "ruled") in rules_of(hand) and ("GD-GS-3", "ruled") in rules_of(hand)
    assert hand["net"] == {"A": 320, "B": 320, "C": -960, "D": 320}  # one cap share (32 × 10) to each
    near = [state(), discard("A", "3p"), draw("B", "9p"), discard("B", "6p"), win("C", "discard", "6p", "B")]
    assert rule(doc(near))["net"] == {"A": 0, "B": -40, "C": 40, "D": 0}  # 6p is not the passed kind
    void = rule(doc(events, {"base": 10, "options": {"pass_violation": "void"}}))
    assert void["result"] == "open" and ("GD-GS-3", "ruled") in rules_of(void) and void["net"]["C"] == 0


def test_a_false_win_by_the_dealer_loses_the_deal():  # GD-ZH-1, GD-ZH-2, GD-ZH-4
    hand = rule(doc([state(), win("A", "self_draw", "5z")]))
    assert hand["result"] == "false_win" and hand["net"]["A"] == -960
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}
    off = rule(doc([state(), win("A", "self_draw", "5z")], {"base": 10, "options": {"false_win": "off_table:64"}}))
    assert off["penalties"] == [{"player": "A", "amount": 640, "rule": "GD-ZH-2"}] and off["net"]["A"] == 0


def test_a_reported_dead_hand_may_not_win():  # GD-IRR-5, GD-IRR-0, GD-ZH-1
    events = [state(), discard("A", "3p"),
              {"type": "report", "by": "B", "against": "C", "about": 1, "offence": "GD-IRR-5"},
              win("C", "discard", "3p", "A")]
    hand = rule(doc(events))
    assert ("GD-IRR-5", "ruled") in rules_of(hand) and hand["result"] == "false_win"
    events[2]["offence"] = "HK-IRR-6"  # near miss: no GD-IRR clause named: dismissed, the win stands
    hand = rule(doc(events))
    assert hand["result"] == "win" and ("HK-IRR-6", "dismissed") in rules_of(hand)


def test_three_winners_on_one_discard_floored():  # GD-PR-2 all, GD-FAN-30.2, GD-PAY-4
    events = [state(THREE), discard("A", "5p"), win("B", "discard", "5p", "A"),
              win("C", "discard", "5p", "A"), win("D", "discard", "5p", "A")]
    hand = rule(doc(events))
    assert [(w["player"], w["fan"], w["fan_paid"], w["floor"]) for w in hand["winners"]] == [
        ("B", 2, 3, "GD-FAN-30.2"), ("C", 2, 3, "GD-FAN-30.2"), ("D", 3, 3, None)]
    assert hand["net"] == {"A": -240, "B": 80, "C": 80, "D": 80}
    assert {p["rule"] for p in hand["payments"]} == {"GD-PAY-4"}
    bump = rule(doc(events, {"base": 10, "options": {"multiple_winners": "head_bump"}}))
    assert bump["net"] == {"A": -40, "B": 40, "C": 0, "D": 0}  # one winner: no floor (截糊)


def test_robbing_an_added_kong():  # GD-PR-6, GD-PAY-3, GD-BAO-5, GD-FAN-30.1
    hands = dict(WAITING, A="1199m2478p1234s5z", B="226p55s678s6z7z3p")
    events = [state(hands, turn="B", melds={"B": [{"kind": "pon", "tiles": "333p", "tile": "3p", "from": "D"}]}),
              {"type": "kong", "player": "B", "kind": "added", "tiles": "3333p"},
              win("C", "rob_kong", "3p", "B")]
    hand = rule(doc(events))
    w = hand["winners"][0]
    assert (w["fan"], w["fan_paid"], w["floor"], w["portion"]) == (3, 3, None, 80)  # 平胡 门清 自摸
    assert hand["net"] == {"A": 0, "B": -240, "C": 240, "D": 0}
    assert hand["payments"][0]["liability"] == "GD-BAO-5" and ("GD-BAO-5", "ruled") in rules_of(hand)
    assert [r["at"] for r in hand["rulings"] if r["rule"] == "GD-BAO-5"] == [1]  # at the robbed kong


def test_dealer_keeps_the_deal_on_his_win_and_on_a_draw():  # GD-FLOW-8
    hands = dict(WAITING, A="123m456m789m11s45p6p", C="1199m2378p1234s5z")
    hand = rule(doc([state(hands), win("A", "self_draw", "6p")], streak=2))
    assert hand["next"] == {"dealer": "A", "streak": 3, "round_wind": "1z"}
    assert hand["net"] == {"A": 240, "B": -80, "C": -80, "D": -80}  # 平胡 门清 自摸 = 3, no dealer money


def test_kong_bloom_on_a_claimed_kong_the_feeder_pays_all():  # GD-BAO-4, GD-FAN-26, GD-FAN-30.1
    hands = dict(WAITING, A="1199m23478p1234s5z", C="777p123m456m789m1s")
    events = [state(hands), discard("A", "7p"), {"type": "kong", "player": "C", "kind": "claimed", "tiles": "7777p"},
              draw("C", "1s", back=True), win("C", "self_draw", "1s")]
    hand = rule(doc(events))
    w = hand["winners"][0]
    assert (w["fan"], w["fan_paid"], w["floor"], w["portion"]) == (2, 3, "GD-FAN-30.1", 80)
    assert hand["net"] == {"A": -240, "B": 0, "C": 240, "D": 0} and ("GD-BAO-4", "ruled") in rules_of(hand)
    off = rule(doc(events, {"base": 10, "options": {"kong_bloom_bao": False}}))
    assert off["net"] == {"A": -80, "B": -80, "C": 240, "D": -80}


def test_twelve_down_self_draw_paid_by_the_last_feeder():  # GD-BAO-1, GD-BAO-9
    hands = dict(WAITING, A="1199m23378p1234s", C="9m")
    melds = {"C": [{"kind": "chi", "tiles": "123m", "tile": "1m", "from": "B"},
                   {"kind": "pon", "tiles": "555p", "tile": "5p", "from": "A"},
                   {"kind": "pon", "tiles": "777s", "tile": "7s", "from": "D"},
                   {"kind": "pon", "tiles": "888s", "tile": "8s", "from": "B"}]}
    events = [state(hands, turn="C", phase="draw", melds=melds), draw("C", "9m"), win("C", "self_draw", "9m")]
    hand = rule(doc(events))
    assert hand["winners"][0]["fan_paid"] == 1 and ("GD-BAO-1", "ruled") in rules_of(hand)
    assert hand["net"] == {"A": 0, "B": -60, "C": 60, "D": 0}
    off = rule(doc(events, {"base": 10, "options": {"twelve_down": False}}))
    assert off["net"] == {"A": -20, "B": -20, "C": 60, "D": -20}


def test_a_concealed_kong_is_never_robbed():  # GD-PR-6, GD-ZH-1
    hands = dict(WAITING, A="1199m2478p1234s5z", B="3333p55s678s6z777z1s")
    events = [state(hands, turn="B"), {"type": "kong", "player": "B", "kind": "concealed", "tiles": "3333p"},
              win("C", "rob_kong", "3p", "B")]
    hand = rule(doc(events))
    assert hand["result"] == "false_win" and ("GD-PR-6", "ruled") in rules_of(hand)
    assert hand["net"]["C"] == -960


def test_a_state_carries_the_passed_kinds():  # GD §10: status.passed {"tiles": […]}
    hands = dict(WAITING, A="1199m23678p1234s5z")
    status = {"C": {"passed": {"tiles": ["3p"]}}}
    hand = rule(doc([state(hands, status=status), discard("A", "3p"), win("C", "discard", "3p", "A")]))
    assert hand["result"] == "false_win" and ("GD-GS-3", "ruled") in rules_of(hand)
    near = rule(doc([state(hands, status=status), discard("A", "6p"), win("C", "discard", "6p", "A")]))
    assert near["result"] == "win" and near["net"]["A"] == -40


def test_a_recorded_dealer_against_the_previous_ruling():  # GD-FLOW-10
    one = {"round_wind": "1z", "dealer": "A", "streak": 0, "start_dealer": "A",
           "events": [state(), discard("A", "3p"), win("C", "discard", "3p", "A")]}
    game = {"format": "mjref/1", "variant": "guangdong", "ruleset": {"base": 10}, "players": ["A", "B", "C", "D"],
            "hands": [one, dict(one)]}
    out = ruling(game)
    second = out["hands"][1]
    flow = [r for r in second["rulings"] if r["rule"] == "GD-FLOW-10"]
    assert flow and "庄家A（应为B）" in flow[0]["decision_zh"] and out["net"]["C"] == 80
    assert not any(r["rule"] == "GD-FLOW-10" for r in out["hands"][0]["rulings"])


def test_a_false_declaration_beside_a_valid_win():  # GD-ZH-5
    events = [state(), discard("A", "3p"), win("C", "discard", "3p", "A"), win("B", "discard", "3p", "A")]
    hand = rule(doc(events))
    assert hand["result"] == "win" and [w["player"] for w in hand["winners"]] == ["C"]
    assert hand["net"] == {"A": 280, "B": -960, "C": 360, "D": 320}
    assert hand["next"]["dealer"] == "B"  # the valid win decides the deal


def test_dead_hand_false_win_play_goes_on():  # GD-ZH-2 dead_hand, GD-ZH-3
    events = [state(), win("A", "self_draw", "5z"), discard("A", "3p"), win("C", "discard", "3p", "A")]
    hand = rule(doc(events, {"base": 10, "options": {"false_win": "dead_hand"}}))
    assert hand["result"] == "win" and hand["net"] == {"A": -40, "B": 0, "C": 40, "D": 0}
    assert ("GD-ZH-1", "ruled") in rules_of(hand)


def test_a_claim_by_a_dead_hand():  # GD-IRR-3, GD-IRR-5, GD-PAY-2
    # B is 相公 (a reported peek, GD-IRR-5) and still pons A's 2p: a wrong claim, ruled at once at
    # the pon; no money for it. B then discards 3p and C wins on it: 平胡 1 + 门前清 1 = F 2,
    # S = 10 × 2^2 = 40, paid by the discarder B alone (GD-PAY-2): B −40, C +40.
    report = {"type": "report", "by": "C", "against": "B", "about": 0, "offence": "GD-IRR-5"}
    pon = {"type": "pon", "player": "B", "tile": "2p", "with": "22p"}
    events = [state(), report, discard("A", "2p"), pon, discard("B", "3p"), win("C", "discard", "3p", "B")]
    hand = rule(doc(events))
    assert [(r["rule"], r["player"], r["at"], r["status"]) for r in hand["rulings"]
            if r["rule"] == "GD-IRR-3"] == [("GD-IRR-3", "B", 3, "ruled")]
    assert hand["net"] == {"A": 0, "B": -40, "C": 40, "D": 0}
    assert {p["rule"] for p in hand["payments"]} == {"GD-PAY-2"}
    # near miss: the report names D, not B: B's pon is an ordinary claim, the money the same
    events[1] = dict(report, against="D")
    hand = rule(doc(events))
    assert not [r for r in hand["rulings"] if r["rule"] == "GD-IRR-3"]
    assert hand["net"] == {"A": 0, "B": -40, "C": 40, "D": 0}


def test_a_dead_hand_claim_restored_in_time_costs_nothing():  # GD-IRR-3
    # B (相公) pons A's 2p and restores it before discarding; the 2p is back in A's river, B draws
    # in turn. Nobody wins: the hand is open and nobody pays (GD-IRR: no money).
    report = {"type": "report", "by": "C", "against": "B", "about": 0, "offence": "GD-IRR-5"}
    pon = {"type": "pon", "player": "B", "tile": "2p", "with": "22p"}
    restore = {"type": "correct", "player": "B", "about": 3, "action": "restore"}
    hand = rule(doc([state(), report, discard("A", "2p"), pon, restore, draw("B", "9s")]))
    irr3 = [r for r in hand["rulings"] if r["rule"] == "GD-IRR-3"]
    assert [(r["player"], r["at"], r["status"]) for r in irr3] == [("B", 3, "ruled")]
    assert "no penalty" in irr3[0]["decision"] and "不罚" in irr3[0]["decision_zh"]
    assert hand["net"] == {"A": 0, "B": 0, "C": 0, "D": 0} and hand["payments"] == []
