"""Probe (acceptance-style) cases for Guangdong: the first go-round (GD-FAN-17, 18, 19: 地和 is the
non-dealer's first self-draw, 人和 the win on the dealer's first discard, the other way round from
Hong Kong's names), the kong bloom chain (GD-BAO-4) and its near miss on an added kong, the
concealed kong off the table (GD-BAO-0), the closing draw of a pass (GD-GS-2), preset `qq` and
`seed_list1` on documents. `base` 10, preset `wufan` unless named."""
import pytest

from tests.gdkit import WAITING, discard, doc, draw, rule, rules_of, state, win


def m(kind, tiles, frm):
    return {"kind": kind, "tiles": tiles, "tile": tiles[0] + tiles[-1], "from": frm}


DEAL = {"A": "123456789m11z22z3z", "B": "123456789p33z55s", "C": "123456789s4z123m", "D": "5556667778889m"}


def deal(**hands):
    return {"type": "deal", "hands": dict(DEAL, **hands)}


def test_human_hand_is_the_win_on_the_dealers_first_discard():  # GD-FAN-19: 6, S 640, the dealer pays
    hand = rule(doc([deal(), discard("A", "3z"), win("B", "discard", "3z", "A")]))
    w = hand["winners"][0]
    assert [p["rule"] for p in w["patterns"]] == ["GD-FAN-19"] and (w["fan_paid"], w["portion"]) == (6, 640)
    assert hand["net"] == {"A": -640, "B": 640, "C": 0, "D": 0}
    hand = rule(doc([deal(), discard("A", "3z"), win("B", "discard", "3z", "A")], {"base": 10, "preset": "seed_list1"}))
    assert hand["winners"][0]["fan_paid"] == 9 and hand["net"]["A"] == -5120  # 10 × 2^9


def test_near_miss_a_discard_of_the_first_go_round_by_another_is_ordinary():  # not GD-FAN-19
    hand = rule(doc([deal(), discard("A", "1z"), draw("B", "4z"), discard("B", "4z"), win("C", "discard", "4z", "B")]))
    w = hand["winners"][0]
    assert w["limit"] is None and (w["fan"], w["portion"]) == (2, 40)  # 平胡 1 + 门前清 1


def test_earthly_hand_is_the_non_dealers_first_self_draw():  # GD-FAN-18
    events = [deal(D="555666777888m9s"), discard("A", "1z"), draw("B", "6z"), discard("B", "6z"), draw("C", "7z"),
              discard("C", "7z"), draw("D", "9s"), win("D", "self_draw", "9s")]
    hand = rule(doc(events))
    assert [p["rule"] for p in hand["winners"][0]["patterns"]] == ["GD-FAN-18"]
    assert hand["net"] == {"A": -640, "B": -640, "C": -640, "D": 1920}
    # near miss: a pon before it (seed 002: 如有人吃、碰牌 … 不成地和): 碰碰胡 2 + 自摸 + 门前清 = 4
    events = [deal(C="123456789s11z12m", D="555666777888m9s"), discard("A", "1z"),
              {"type": "pon", "player": "C", "tile": "1z", "with": "1z1z"}, discard("C", "1m"), draw("D", "9s"),
              win("D", "self_draw", "9s")]
    hand = rule(doc(events))
    assert hand["winners"][0]["fan"] == 4 and hand["net"]["D"] == 480


def test_heavenly_hand_and_the_dealer_keeps():  # GD-FAN-17, GD-FLOW-8
    hand = rule(doc([deal(A="123456789m11z222z"), win("A", "self_draw", "2z")], streak=1))
    assert [p["rule"] for p in hand["winners"][0]["patterns"]] == ["GD-FAN-17"] and hand["net"]["A"] == 1920
    assert hand["next"] == {"dealer": "A", "streak": 2, "round_wind": "1z"}


# 杠开包 along a chain: C claims A's 7p as a kong, kongs 9999m on its replacement, blooms on 5z ----------
CHAIN = dict(WAITING, A="1234567m1117p5z88s", C="777p999m123s456s5z")
CHAIN_EVENTS = [state(CHAIN), discard("A", "7p"), {"type": "kong", "player": "C", "kind": "claimed", "tiles": "7777p"},
                draw("C", "9m", back=True), {"type": "kong", "player": "C", "kind": "concealed", "tiles": "9999m"},
                draw("C", "5z", back=True), win("C", "self_draw", "5z")]


def test_kong_bloom_bao_follows_the_chain_to_the_claimed_kong():  # GD-BAO-4, GD-FAN-30.1
    hand = rule(doc(CHAIN_EVENTS))
    w = hand["winners"][0]
    assert (w["fan"], w["fan_paid"], w["floor"], w["portion"]) == (2, 3, "GD-FAN-30.1", 80)  # 鸡胡 + 自摸 + 杠开
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("GD-BAO-4", "A", 2)]
    assert hand["net"] == {"A": -240, "B": 0, "C": 240, "D": 0}
    hand = rule(doc(CHAIN_EVENTS, {"base": 10, "options": {"kong_bloom_bao": False}}))
    assert hand["rulings"] == [] and hand["net"] == {"A": -80, "B": -80, "C": 240, "D": -80}


def test_near_miss_a_bloom_on_an_added_kong_of_a_fed_pong_is_no_bao():  # GD-BAO-4
    hands = dict(WAITING, A="1234567m111p5z88s", C="999m123s456s5z7p")
    events = [state(hands, turn="C", melds={"C": [m("pon", "777p", "A")]}),
              {"type": "kong", "player": "C", "kind": "added", "tiles": "7777p"}, draw("C", "5z", back=True),
              win("C", "self_draw", "5z")]
    hand = rule(doc(events))
    assert hand["rulings"] == [] and hand["net"] == {"A": -80, "B": -80, "C": 240, "D": -80}


def test_a_concealed_kong_is_off_the_table_unless_the_option_says():  # GD-BAO-0, GD-BAO-1
    melds = {"C": [m("chi", "123m", "B"), {"kind": "kong", "kong": "concealed", "tiles": "9999m"}, m("chi", "456m", "B")]}
    hands = {"A": "123456789p1234s", "B": "5z123456789p6z7z7z1z", "C": "55z78m", "D": "2233445566778p"}
    events = [state(hands, turn="B", melds=melds), discard("B", "5z"),
              {"type": "pon", "player": "C", "tile": "5z", "with": "55z"}, discard("C", "8m"), draw("D", "3z"),
              discard("D", "3z"), draw("A", "1z"), discard("A", "1z"), draw("B", "8s"), discard("B", "8s"),
              draw("C", "7m"), win("C", "self_draw", "7m")]  # 混一色 2 + 自摸 1 + 三元牌 1 = 4, S 160
    hand = rule(doc(events))
    assert hand["rulings"] == [] and hand["net"] == {"A": -160, "B": -160, "C": 480, "D": -160}
    hand = rule(doc(events, {"base": 10, "options": {"concealed_kong_on_table": True}}))
    assert rules_of(hand) == [("GD-BAO-1", "ruled")] and hand["net"] == {"A": 0, "B": -480, "C": 480, "D": 0}


PASS_HANDS = dict(WAITING, A="1199m2378p1234s5z", B="2236p55s678s6z777z3p")  # C waits on 3p / 6p


@pytest.mark.parametrize("tile, result", [("3p", "false_win"), ("6p", "win")])
def test_a_draw_that_closes_the_window_does_not_lift_its_bar(tile, result):  # GD-GS-1, GD-GS-2
    events = [state(PASS_HANDS, turn="B"), discard("B", "3p"), draw("C", "1z"), discard("C", "1z"),
              draw("D", tile), discard("D", tile), win("C", "discard", tile, "D")]
    hand = rule(doc(events))
    assert hand["result"] == result
    assert hand["net"] == ({"A": 320, "B": 320, "C": -960, "D": 320} if result == "false_win"
                           else {"A": 0, "B": 0, "C": 40, "D": -40})


def test_qq_caps_ordinary_hands_at_three_and_prices_its_false_win():  # preset qq, GD-ZH-2
    events = [state(), discard("A", "9m"), draw("B", "1z"), discard("B", "1z"), draw("C", "3p"), win("C", "self_draw", "3p")]
    hand = rule(doc(events, {"base": 10, "preset": "qq"}))  # 平胡 1 + 自摸 1 + 门前清 1 = 3, S 80
    assert hand["winners"][0]["fan_paid"] == 3 and hand["net"]["C"] == 240
    hand = rule(doc([state(), discard("A", "9m"), win("B", "discard", "9m", "A")], {"base": 10, "preset": "qq"}))
    assert hand["net"] == {"A": 80, "B": -240, "C": 80, "D": 80}  # the cap share 10 × 2^3


def test_the_bloom_floor_counts_toward_sanfans_minimum():  # GD-FAN-0.7, GD-FAN-30.1, GD-FAN-31
    hand = rule(doc(CHAIN_EVENTS, {"base": 10, "preset": "sanfan"}))  # count 2, floored to 3: qualifies
    assert hand["result"] == "win" and hand["net"] == {"A": -240, "B": 0, "C": 240, "D": 0}
    hand = rule(doc(CHAIN_EVENTS, {"base": 10, "preset": "sanfan", "options": {"special_floor": 0}}))
    assert hand["result"] == "false_win" and [r for r, _ in rules_of(hand)] == ["GD-ZH-1", "GD-FAN-31"]
    assert hand["net"] == {"A": 320, "B": 320, "C": -960, "D": 320}  # no GD-BAO-4: no bloom won
