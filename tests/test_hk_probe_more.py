"""Probe (acceptance-style) cases for Hong Kong: 大四喜包 made in play (HK-BAO-3 beside HK-BAO-1),
包先不包後 with the first liability carried by a `state` (HK-BAO-1, §10.1), the concealed kong as a
set on the table (HK-BAO-0 `concealed_kong_on_table`), a robbable kong let go (HK-GS-1), and the
first go-round's limit hands from the deal (HK-FAN-32, 33, 34). `base` 5, `club` unless named."""
import pytest

from tests.hkkit import WAITING, discard, doc, draw, rule, rules_of, state, win


def m(kind, tiles, frm):
    return {"kind": kind, "tiles": tiles, "tile": tiles[0] + tiles[-1], "from": frm}


def club(**options):
    return {"preset": "club", "base": 5, "options": options}


def liable(hand):
    return sorted((p["from"], p.get("liability", "")) for p in hand["payments"])


def test_big_four_winds_fed_in_play_outranks_twelve_down():  # HK-BAO-3, HK-BAO-1, HK-BAO-8, HK-FAN-30
    hands = {"A": "123456789p123m5z", "B": "123456789m4z5z6z7z4m", "C": "44z19s", "D": "2233445566778p"}
    melds = {"C": [m("pon", "111z", "A"), m("pon", "222z", "B"), m("pon", "333z", "B")]}
    events = [state(hands, turn="B", melds=melds), discard("B", "4z"),
              {"type": "pon", "player": "C", "tile": "4z", "with": "44z"}, discard("C", "1s"),
              draw("D", "9p"), discard("D", "9p"), draw("A", "5z"), discard("A", "5z"), draw("B", "9m"),
              discard("B", "9m"), draw("C", "9s"), win("C", "self_draw", "9s")]
    hand = rule(doc(events))
    w = hand["winners"][0]
    assert (w["fan"], w["fan_paid"], w["limit"], w["portion"]) == (14, 10, "HK-FAN-30", 640)  # 13 + 自摸
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("HK-BAO-1", "B", 2), ("HK-BAO-3", "B", 2)]
    assert liable(hand) == [("B", ""), ("B", "HK-BAO-3"), ("B", "HK-BAO-3")]
    assert hand["net"] == {"A": 0, "B": -1920, "C": 1920, "D": 0}
    # near miss: without the pattern 包 the same feed is still 十二張落地
    hand = rule(doc(events, club(big_four_winds_bao=False)))
    assert liable(hand) == [("B", ""), ("B", "HK-BAO-1"), ("B", "HK-BAO-1")]


# B is twelve down by A (in the state); A then feeds C his fourth set ----------------------------------
FIRST = {"A": "4s123456789p55z66z", "B": "5z", "C": "44s9m5p", "D": "2233445566778p"}
FIRST_MELDS = {"B": [m("chi", "123m", "A"), m("chi", "456m", "A"), m("chi", "789m", "A"), m("chi", "123p", "A")],
               "C": [m("pon", "111s", "A"), m("pon", "222s", "D"), m("pon", "333s", "B")]}
FIRST_TAIL = [discard("A", "4s"), {"type": "pon", "player": "C", "tile": "4s", "with": "44s"}, discard("C", "5p"),
              draw("D", "1z"), discard("D", "1z"), draw("A", "3z"), discard("A", "3z"), draw("B", "9s"),
              discard("B", "9s"), draw("C", "9m"), win("C", "self_draw", "9m")]  # 對對糊 3 + 自摸 + 無花: P 120


@pytest.mark.parametrize("given", [None, [{"clause": "HK-BAO-1", "liable": "A", "covered": "B"}]])
def test_first_only_a_feeder_already_liable_is_not_liable_again(given):  # HK-BAO-1 包先不包後
    st = state(FIRST, melds=FIRST_MELDS, **({} if given is None else {"liabilities": given}))
    hand = rule(doc([st] + FIRST_TAIL))
    assert rules_of(hand) == [("HK-BAO-1", "ruled")] and hand["rulings"][0]["at"] == 0
    assert hand["net"] == {"A": -120, "B": -120, "C": 360, "D": -120}
    hand = rule(doc([st] + FIRST_TAIL, club(twelve_down_repeat="each")))
    assert [(r["player"], r["at"]) for r in hand["rulings"]] == [("A", 0), ("A", 2)]
    assert hand["net"] == {"A": -360, "B": 0, "C": 360, "D": 0}


def test_near_miss_a_state_with_no_liabilities_lets_the_feed_create_one():  # §10.1 liabilities: []
    hand = rule(doc([state(FIRST, melds=FIRST_MELDS, liabilities=[])] + FIRST_TAIL))
    assert [(r["player"], r["at"]) for r in hand["rulings"]] == [("A", 2)]
    assert hand["net"] == {"A": -360, "B": 0, "C": 360, "D": 0}


def test_a_declared_concealed_kong_is_a_set_on_the_table():  # HK-BAO-0 concealed_kong_on_table
    melds = {"C": [m("chi", "123m", "B"), {"kind": "kong", "kong": "concealed", "tiles": "9999m"}, m("chi", "456m", "B")]}
    hands = {"A": "123456789p1234s", "B": "5z123456789p6z7z7z1z", "C": "55z78m", "D": "2233445566778p"}
    events = [state(hands, turn="B", melds=melds), discard("B", "5z"),
              {"type": "pon", "player": "C", "tile": "5z", "with": "55z"}, discard("C", "8m"), draw("D", "3z"),
              discard("D", "3z"), draw("A", "1z"), discard("A", "1z"), draw("B", "8s"), discard("B", "8s"),
              draw("C", "7m"), win("C", "self_draw", "7m")]  # 混一色 3 + 番子 1 + 自摸 1 + 無花 1: P 160
    hand = rule(doc(events))
    assert rules_of(hand) == [("HK-BAO-1", "ruled")] and hand["net"] == {"A": 0, "B": -480, "C": 480, "D": 0}
    hand = rule(doc(events, club(concealed_kong_on_table=False)))  # three sets on the table: none
    assert hand["rulings"] == [] and hand["net"] == {"A": -160, "B": -160, "C": 480, "D": -160}


def test_a_robbable_kong_let_go_is_a_pass():  # HK-GS-1 on an added kong, HK-GS-2
    hands = dict(WAITING, A="123456789p444m1z", B="123456789m3z2s")
    melds = {"B": [{"kind": "pon", "tiles": "222s", "tile": "2s", "from": "D"}]}
    events = [state(hands, turn="B", melds=melds), {"type": "kong", "player": "B", "kind": "added", "tiles": "2222s"},
              draw("B", "5s", back=True), discard("B", "5s"), win("C", "discard", "5s", "B")]
    hand = rule(doc(events))
    assert hand["result"] == "false_win" and ("HK-GS-3", "ruled") in rules_of(hand)
    hand = rule(doc(events, club(pass_rule="same_tile_until_move")))  # near miss: only 2s barred
    assert hand["result"] == "win" and hand["net"] == {"A": 0, "B": -320, "C": 320, "D": 0}


# the first go-round, from the deal -----------------------------------------------------------------
DEAL = {"A": "123456789m11z22z3z", "B": "123456789p33z55s", "C": "123456789s4z123m", "D": "5556667778889m"}


def deal(**hands):
    return {"type": "deal", "hands": dict(DEAL, **hands)}


def test_earthly_hand_on_the_dealers_first_discard():  # HK-FAN-33: 13, F 10, 2P 1280
    hand = rule(doc([deal(), discard("A", "3z"), win("B", "discard", "3z", "A")]))
    w = hand["winners"][0]
    assert (w["fan"], w["limit"], w["portion"]) == (13, "HK-FAN-33", 640) and hand["net"]["A"] == -1280


def test_human_hand_on_a_discard_of_the_first_go_round_or_the_first_draw():  # HK-FAN-34
    hand = rule(doc([deal(), discard("A", "1z"), draw("B", "4z"), discard("B", "4z"), win("C", "discard", "4z", "B")]))
    assert hand["winners"][0]["limit"] == "HK-FAN-34" and hand["net"]["B"] == -1280
    events = [deal(D="555666777888m9s"), discard("A", "1z"), draw("B", "6z"), discard("B", "6z"), draw("C", "7z"),
              discard("C", "7z"), draw("D", "9s"), win("D", "self_draw", "9s")]
    hand = rule(doc(events))
    assert (hand["winners"][0]["fan"], hand["winners"][0]["limit"]) == (14, "HK-FAN-34")
    assert hand["net"] == {"A": -640, "B": -640, "C": -640, "D": 1920}
    # a club that plays 人糊 at 3 (it stays a limit row): 3 + 自摸 1 = 4, P 80
    hand = rule(doc(events, {"preset": "club", "base": 5, "fan_table": {"HK-FAN-34": 3}}))
    assert (hand["winners"][0]["fan"], hand["winners"][0]["limit"], hand["winners"][0]["portion"]) == (4, "HK-FAN-34", 80)


def test_near_miss_a_pon_before_it_spoils_the_human_hand():  # HK-FAN-34 "no chi, pon or kong"
    events = [deal(C="123456789s11z12m", D="555666777888m9s"), discard("A", "1z"),
              {"type": "pon", "player": "C", "tile": "1z", "with": "1z1z"}, discard("C", "1m"), draw("D", "9s"),
              win("D", "self_draw", "9s")]
    w = rule(doc(events))["winners"][0]
    assert w["limit"] is None and {p["rule"] for p in w["patterns"]} == {"HK-FAN-4", "HK-FAN-14", "HK-FAN-15", "HK-FAN-23"}
    assert w["fan"] == 11  # 坎坎糊 8 + 門前清 1 + 自摸 1 + 無花 1


def test_heavenly_hand_the_dealer_keeps():  # HK-FAN-32
    hand = rule(doc([deal(A="123456789m11z222z"), win("A", "self_draw", "2z")], streak=1))
    assert hand["winners"][0]["limit"] == "HK-FAN-32" and hand["net"]["A"] == 1920
    assert hand["next"] == {"dealer": "A", "streak": 2, "round_wind": "1z"}


def test_a_flower_drawn_as_the_kong_replacement_keeps_the_bloom_and_its_bao():  # HK-FAN-17, HK-BAO-5
    hands = dict(WAITING, D="2233445566889p", A="1234567m1117p5z8s9s", C="777p123s456s99m55z")
    events = [state(hands), discard("A", "7p"), {"type": "kong", "player": "C", "kind": "claimed", "tiles": "7777p"},
              draw("C", "3f", back=True), {"type": "flower", "player": "C", "tile": "3f"}, draw("C", "9m", back=True),
              win("C", "self_draw", "9m")]
    # 自摸 1 + 槓上開花 1 + 正花 (菊, seat 3) 1 = 3, fan_min 2: a club at min_fan 1; P = 5 × 8
    hand = rule(doc(events, club(min_fan=1)))
    assert {p["rule"] for p in hand["winners"][0]["patterns"]} == {"HK-FAN-15", "HK-FAN-17", "HK-FAN-21"}
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("HK-BAO-5", "A", 2)]
    assert hand["net"] == {"A": -120, "B": 0, "C": 120, "D": 0}
    hand = rule(doc(events))  # near miss: at the club's 3 番 minimum (2 without the flower) it is 詐糊
    assert hand["result"] == "false_win" and hand["net"]["C"] == -1920
