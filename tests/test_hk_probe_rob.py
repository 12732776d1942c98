"""Probe (acceptance-style) cases for Hong Kong robbing (HK-PR-6, HK-PAY-3, HK-PAY-6, HK-BAO-0): a
robbing win is never covered by a liability, two robbers of one added kong under `all`, a
concealed kong robbed for 十三么 and its option. `base` 5, `club` unless named."""
import pytest

from tests.hkkit import WAITING, doc, rule, rules_of, state, win


def m(kind, tiles, frm):
    return {"kind": kind, "tiles": tiles, "tile": tiles[0] + tiles[-1], "from": frm}


def club(**options):
    return {"preset": "club", "base": 5, "options": options}


def paid(hand):
    return sorted((p["from"], p["to"], p["amount"], p["rule"], p.get("liability", "")) for p in hand["payments"])


# C: 白 發 中 ponged (the third fed by D: 大三元包 D) and 12s 99s; B adds 3s to his pong; C robs it:
#   混一色 3 + 番子 3 + 大三元 5 + 搶槓 1 + 無花 1 = 13 → F 10, P 640.
# D: 12s 456p 789p 東東東 南南 also waits on 3s: 圈風 1 + 門前清 1 + 搶槓 1 + 無花 1 = 4, P 80.
HANDS = {"A": "123456789p1234m", "B": "3s123456789m7z", "C": "12s99s", "D": "2233445566778p"}
MELDS = {"C": [m("pon", "555z", "A"), m("pon", "666z", "B"), m("pon", "777z", "D")], "B": [m("pon", "333s", "A")]}
ADD = {"type": "kong", "player": "B", "kind": "added", "tiles": "3333s"}


@pytest.mark.parametrize("options, amount", [({}, 1920), ({"rob_kong_payment": "discard"}, 1280),
                                             ({"rob_kong_payment": "discard", "bao_on_discard": "feeder"}, 1280)])
def test_a_robbing_win_is_never_covered(options, amount):  # HK-BAO-0, HK-PAY-3
    hand = rule(doc([state(HANDS, melds=MELDS, turn="B"), ADD, win("C", "rob_kong", "3s", "B")], club(**options)))
    w = hand["winners"][0]
    assert (w["fan"], w["fan_paid"], w["portion"]) == (13, 10, 640)
    assert rules_of(hand) == [("HK-BAO-2", "ruled")]  # listed at the state, moving nothing here
    assert paid(hand) == [("B", "C", amount, "HK-PAY-3", "")]


def test_two_robbers_under_all_each_paid_3p_whatever_rob_kong_payment_says():  # HK-PAY-6
    hands = dict(HANDS, D="12s456p789p111z22z")
    events = [state(hands, melds=MELDS, turn="B"), ADD, win("D", "rob_kong", "3s", "B"), win("C", "rob_kong", "3s", "B")]
    for options in ({"multiple_winners": "all"}, {"multiple_winners": "all", "rob_kong_payment": "discard"}):
        hand = rule(doc(events, club(**options)))
        assert paid(hand) == [("B", "C", 1920, "HK-PAY-6", ""), ("B", "D", 240, "HK-PAY-6", "")]
    hand = rule(doc(events))  # near miss: head bump, C first after B
    assert [w["player"] for w in hand["winners"]] == ["C"] and paid(hand) == [("B", "C", 1920, "HK-PAY-3", "")]


ORPHANS = dict(WAITING, A="123456789p1111m2s", B="2233445566778s", C="9m19p19s12345677z")
ROB_CONCEALED = [state(ORPHANS), {"type": "kong", "player": "A", "kind": "concealed", "tiles": "1111m"},
                 win("C", "rob_kong", "1m", "A")]


def test_thirteen_orphans_robs_a_concealed_kong():  # HK-PR-6 rob_concealed_kong_13, HK-FAN-16, 29
    hand = rule(doc(ROB_CONCEALED))
    w = hand["winners"][0]
    assert (w["fan"], w["limit"], w["portion"]) == (14, "HK-FAN-29", 640)
    assert paid(hand) == [("A", "C", 1920, "HK-PAY-3", "")]


def test_near_miss_with_the_option_off_it_is_a_false_win_saying_so():  # HK-PR-6, HK-ZH-1
    hand = rule(doc(ROB_CONCEALED, club(rob_concealed_kong_13=False)))
    assert hand["result"] == "false_win" and hand["net"]["C"] == -1920
    r = hand["rulings"][0]
    assert r["rule"] == "HK-ZH-1" and "may not be robbed" in r["decision"] and "暗槓不可搶" in r["decision_zh"]
