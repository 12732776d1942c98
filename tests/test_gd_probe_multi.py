"""Probe (acceptance-style) cases for Guangdong: 一炮多响 with 包 per win and the floor of three
winners (GD-PR-2, GD-PAY-4, GD-FAN-30.2, GD-BAO-6), a false declarer among them (GD-ZH-5, GD-FAN-0.7),
several robbers of one kong (GD-PAY-3, GD-BAO-5), 过水 on a robbed kong (GD-GS-1, GD-GS-2).
Documents ruled through the loader, `base` 10, preset `wufan` unless named."""
from tests.gdkit import discard, doc, draw, rule, rules_of, state, win

# C: four sets on the table, the fourth (666s) fed by B (十二张落地, GD-BAO-1 B→C), waits on 3s:
#   混一色 2 + 三元牌 1 = 3.  D: 123m 456m 中中中 东东东 + 3s: 鸡胡 + 门前清 + 圈风 + 三元牌 = 3.
#   B: 123m 456m 789m 12s 东东 waits on 3s: 平胡 1 + 门前清 1 = 2.
HANDS = {"A": "123456789p33z3s22z", "B": "123456789m12s44z", "C": "3s", "D": "123m456m777z111z3s"}
MELDS = {"C": [{"kind": "pon", "tiles": "555z", "tile": "5z", "from": "A"},
               {"kind": "pon", "tiles": "111s", "tile": "1s", "from": "D"},
               {"kind": "chi", "tiles": "789s", "tile": "7s", "from": "B"},
               {"kind": "pon", "tiles": "666s", "tile": "6s", "from": "B"}]}
THREE = [state(HANDS, melds=MELDS), discard("A", "3s"), win("D", "discard", "3s", "A"),
         win("C", "discard", "3s", "A"), win("B", "discard", "3s", "A")]


def ruleset(preset=None, **options):
    return {"base": 10, **({"preset": preset} if preset else {}), "options": options}


def paid(hand):
    return sorted((p["from"], p["to"], p["amount"], p["rule"], p.get("liability", "")) for p in hand["payments"])


def by_player(hand):
    return {w["player"]: (w["fan"], w["fan_paid"], w["floor"], w["portion"]) for w in hand["winners"]}


def test_three_winners_floored_the_discarder_pays_each():  # GD-PAY-4, GD-FAN-30.2
    hand = rule(doc(THREE))
    assert by_player(hand) == {"B": (2, 3, "GD-FAN-30.2", 80), "C": (3, 3, None, 80), "D": (3, 3, None, 80)}
    assert paid(hand) == [("A", p, 80, "GD-PAY-4", "") for p in "BCD"]
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}


def test_three_winners_the_feeder_pays_his_covered_win_and_is_paid_his_own():  # GD-BAO-6 feeder
    hand = rule(doc(THREE, ruleset(bao_on_discard="feeder")))
    assert paid(hand) == [("A", "B", 80, "GD-PAY-4", ""), ("A", "D", 80, "GD-PAY-4", ""),
                          ("B", "C", 80, "GD-PAY-4", "GD-BAO-1")]
    assert hand["net"] == {"A": -160, "B": 0, "C": 80, "D": 80}
    hand = rule(doc(THREE, ruleset(bao_on_discard="feeder", discard_payment="three_shares")))
    assert hand["net"] == {"A": -480, "B": 0, "C": 240, "D": 240}


def test_near_miss_no_floor_without_it_or_with_head_bump():  # GD-FAN-30.2 none; GD-PR-2 head_bump
    hand = rule(doc(THREE, ruleset(multi_win_floor="none")))
    assert by_player(hand)["B"] == (2, 2, None, 40) and hand["net"]["A"] == -200
    hand = rule(doc(THREE, ruleset(multiple_winners="head_bump")))  # B first after A, alone, unfloored
    assert by_player(hand) == {"B": (2, 2, None, 40)} and paid(hand) == [("A", "B", 40, "GD-PAY-2", "")]


def test_two_winners_are_floored_only_under_any_multiple():  # GD-FAN-30.2 any_multiple
    events = THREE[:2] + [win("C", "discard", "3s", "A"), win("B", "discard", "3s", "A")]
    hand = rule(doc(events))
    assert by_player(hand)["B"] == (2, 2, None, 40) and hand["net"]["A"] == -120
    hand = rule(doc(events, ruleset(multi_win_floor="any_multiple")))
    assert by_player(hand)["B"] == (2, 3, "GD-FAN-30.2", 80) and hand["net"]["A"] == -160


def test_under_sanfan_the_third_declarer_is_false_so_two_win_unfloored():  # GD-FAN-0.7, GD-ZH-5
    hand = rule(doc(THREE, ruleset("sanfan")))
    assert hand["result"] == "win" and sorted(by_player(hand)) == ["C", "D"]
    assert ("GD-ZH-1", "ruled") in rules_of(hand) and ("GD-FAN-31", "ruled") in rules_of(hand)
    # two valid wins at 80 from A; B pays one cap share (10 × 2^5 = 320) to each other player
    assert hand["net"] == {"A": -160 + 320, "B": -960, "C": 80 + 320, "D": 80 + 320}
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}
    hand = rule(doc(THREE, ruleset("sanfan", false_win="dead_hand")))
    assert hand["net"] == {"A": -160, "B": 0, "C": 80, "D": 80}


def test_the_dealer_among_three_winners_keeps_the_deal():  # GD-FLOW-8 dealer_win_or_draw
    hand = rule(doc(THREE, dealer="D", streak=1))
    assert hand["next"] == {"dealer": "D", "streak": 2, "round_wind": "1z"}
    hand = rule(doc(THREE, ruleset(dealer_rotation="winner_deals"), dealer="C", streak=1))
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}  # first after the discarder


# several robbers of one added kong -------------------------------------------------------------------

# B adds 3p to his pong (fed by D); C (123m 456m 789m 11s 45p) and D (111p 789p 中中中 12p 白白) both
# wait on 3p. C: 平胡 1 + 门前清 1 + 自摸 1 = 3 (S 80); D: 混一色 2 + 自摸 + 门前清 + 三元牌 = 5 (S 320).
ROB_HANDS = {"A": "1199m278p12346s5z", "B": "3p123456789m7z", "C": "123m456m789m11s45p", "D": "111p789p777z12p55z"}
ROB_MELDS = {"B": [{"kind": "pon", "tiles": "333p", "tile": "3p", "from": "D"}]}
ADD = {"type": "kong", "player": "B", "kind": "added", "tiles": "3333p"}


def robbing(**st):
    return [state(ROB_HANDS, melds=ROB_MELDS, turn="B", **st), ADD,
            win("D", "rob_kong", "3p", "B"), win("C", "rob_kong", "3p", "B")]


def test_two_robbers_each_paid_three_shares_by_the_kong_player():  # GD-PAY-4, GD-BAO-5
    hand = rule(doc(robbing()))
    assert by_player(hand) == {"C": (3, 3, None, 80), "D": (5, 5, None, 320)}
    assert paid(hand) == [("B", "C", 240, "GD-PAY-4", "GD-BAO-5"), ("B", "D", 960, "GD-PAY-4", "GD-BAO-5")]
    assert [r for r, _ in rules_of(hand)] == ["GD-BAO-5", "GD-BAO-5"]


def test_robbing_floor_counts_toward_the_minimum():  # GD-FAN-30.1, GD-FAN-0.7, rob_kong_self_draw_fan
    hand = rule(doc(robbing(), ruleset("sanfan", rob_kong_self_draw_fan=False)))
    assert by_player(hand) == {"C": (2, 3, "GD-FAN-30.1", 80), "D": (4, 4, None, 160)}
    assert hand["net"] == {"A": 0, "B": -720, "C": 240, "D": 480}
    # near miss: without the floor C's 2 番 is paid as counted
    hand = rule(doc(robbing(), ruleset(special_floor=0, rob_kong_self_draw_fan=False)))
    assert by_player(hand)["C"] == (2, 2, None, 40) and hand["net"]["B"] == -600


def test_rob_kong_paid_as_a_discard_lists_no_robbed_kong_liability():  # GD-PAY-3 discard, GD-BAO-5
    events = robbing()[:2] + [win("C", "rob_kong", "3p", "B")]
    hand = rule(doc(events, ruleset(rob_kong_payment="discard")))
    assert paid(hand) == [("B", "C", 80, "GD-PAY-3", "")]
    assert rules_of(hand) == []  # nobody paid for three: no GD-BAO-5 "pays for all three"
    hand = rule(doc(events))  # near miss: the default, 3S with the liability listed
    assert paid(hand) == [("B", "C", 240, "GD-PAY-3", "GD-BAO-5")] and rules_of(hand) == [("GD-BAO-5", "ruled")]


def test_two_robbers_are_paid_three_shares_each_whatever_rob_kong_payment_says():  # GD-PAY-4's words
    hand = rule(doc(robbing(), ruleset(rob_kong_payment="discard")))
    assert paid(hand) == [("B", "C", 240, "GD-PAY-4", "GD-BAO-5"), ("B", "D", 960, "GD-PAY-4", "GD-BAO-5")]
    assert [r for r, _ in rules_of(hand)] == ["GD-BAO-5", "GD-BAO-5"]


def test_a_barred_robber_is_false_the_other_robbing_win_stands():  # GD-GS-3 on a robbed kong, GD-ZH-5
    hand = rule(doc(robbing(status={"C": {"passed": {"tiles": ["3p"]}}})))
    assert by_player(hand) == {"D": (5, 5, None, 320)}
    assert ("GD-GS-3", "ruled") in rules_of(hand) and ("GD-ZH-1", "ruled") in rules_of(hand)
    assert hand["net"] == {"A": 320, "B": -960 + 320, "C": -960, "D": 960 + 320}


def test_letting_a_robbable_kong_go_bars_that_tile_only():  # GD-GS-1 on an added kong, GD-GS-2
    events = [state(ROB_HANDS, melds=ROB_MELDS, turn="B"), ADD, draw("B", "6p", back=True),
              discard("B", "6p"), win("C", "discard", "6p", "B")]
    hand = rule(doc(events))  # same_tile_until_move: 3p barred, 6p open: 平胡 + 门前清, S 40
    assert hand["result"] == "win" and paid(hand) == [("B", "C", 40, "GD-PAY-2", "")]
    hand = rule(doc(events, ruleset(pass_rule="all_waits_until_move")))
    assert hand["result"] == "false_win" and ("GD-GS-3", "ruled") in rules_of(hand)
    assert hand["net"] == {"A": 320, "B": 320, "C": -960, "D": 320}
