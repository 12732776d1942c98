"""Guangdong money, 包 and the next dealer (GD-PAY, GD-BAO, GD-ZH-2, GD-FAN-30.2, GD-FLOW-8): each
clause fired, a near miss, and the money to the unit (RULEBOOK_GD.md's worked examples, `base` 10)."""
from dataclasses import replace

from referee import events as ev
from referee.ledger import Ledger
from referee.melds import MeldView
from referee.thirteen import replay, thirteen_rules
from referee.tiles import parse_compact as t
from referee.tiles import parse_tile as one
from rulesbook.family13.liability import Liability, derive
from rulesbook.guangdong import bao
from rulesbook.guangdong.fan import GdCount, count_win
from rulesbook.guangdong.options import GdRules
from rulesbook.guangdong.settle import floored_for_several, pay_false_win, pay_win
from rulesbook.rotation import next_hand
from tests.fan13kit import win as hand

P = ("A", "B", "C", "D")


def rules(preset=None, **kw):
    return GdRules.of(preset, kw, None, 10)


def settle(r, how, source, s, acting=(), several=False, winner="C", ledger=None):
    ledger = ledger or Ledger(0, 0)
    pay_win(ledger, r, P, winner, how, source, s, acting, several, cause=9)
    return ledger, ledger.net(P)


def test_share_is_base_times_two_to_the_f():  # GD-PAY-0
    r = rules()
    assert [count_win(hand("123m456p789s234s5p+5p"), r).portion] == [40]  # F 2
    assert GdRules.of().base << 9 == 512


def test_self_draw_each_pays_s_no_dealer_money():  # GD-PAY-1, GD-PAY-5: F 4, S 160
    _, net = settle(rules(), "self_draw", None, 160, winner="A")  # A deals: no more for that
    assert net == {"A": 480, "B": -160, "C": -160, "D": -160}


def test_discard_one_share_and_three_shares():  # GD-PAY-2: F 2, S 40
    ledger, net = settle(rules(), "discard", "D", 40)
    assert net == {"A": 0, "B": 0, "C": 40, "D": -40}
    assert [p.as_json() for p in ledger.payments] == [{"from": "D", "to": "C", "amount": 40, "rule": "GD-PAY-2"}]
    _, net = settle(rules(discard_payment="three_shares"), "discard", "D", 40)
    assert net == {"A": 0, "B": 0, "C": 120, "D": -120}


def test_rob_kong_the_kong_player_pays_three_shares():  # GD-PAY-3, GD-BAO-5: count 3, S 80
    fc = count_win(hand("123m456p789s234s5p+5p", how="rob_kong"), rules())
    assert (fc.fan, fc.fan_paid, fc.portion) == (3, 3, 80)
    ledger, net = settle(rules(), "rob_kong", "B", 80)
    assert net == {"A": 0, "B": -240, "C": 240, "D": 0}
    assert ledger.payments[0].rule == "GD-PAY-3" and ledger.payments[0].liability == "GD-BAO-5"
    _, net = settle(rules(rob_kong_payment="discard"), "rob_kong", "B", 80)  # near miss: the option
    assert net["B"] == -80


def _count(fan: int, r: GdRules) -> GdCount:
    return GdCount(True, True, fan, fan, fan, None, None, r.base << fan)


def test_three_winners_on_one_discard_are_floored():  # GD-FAN-30.2, GD-PAY-4
    r = rules()
    counts = floored_for_several([_count(0, r), _count(2, r), _count(4, r)], r)
    assert [c.fan_paid for c in counts] == [3, 3, 4] and [c.floor for c in counts] == ["GD-FAN-30.2"] * 2 + [None]
    ledger = Ledger(0, 0)
    for w, c in zip("ABC", counts):
        pay_win(ledger, r, P, w, "discard", "D", c.portion, (), True, 9)
    assert ledger.net(P) == {"A": 80, "B": 80, "C": 160, "D": -320}
    assert {p.rule for p in ledger.payments} == {"GD-PAY-4"}
    two = floored_for_several([_count(0, r), _count(2, r)], r)  # near miss: two winners, no floor
    assert sum(c.portion for c in two) == 50
    assert [c.fan_paid for c in floored_for_several([_count(0, r), _count(2, r)],
                                                    rules(multi_win_floor="any_multiple"))] == [3, 3]
    assert [c.fan_paid for c in floored_for_several([_count(0, r)] * 3, rules(multi_win_floor="none"))] == [0] * 3


def test_two_robbing_winners_each_paid_three_shares():  # GD-PAY-4: counts 2 and 4 → S 80 and 160
    ledger = Ledger(0, 0)
    for w, s in (("A", 80), ("C", 160)):
        pay_win(ledger, rules(), P, w, "rob_kong", "B", s, (), True, 9)
    assert ledger.net(P)["B"] == -720


def test_twelve_down_feeder_pays_the_self_draw():  # GD-BAO-1 example: F 2, S 40: B pays 120
    o = rules().options
    melds = {"D": [MeldView("chi", t("123m"), None, one("1m"), "C"), MeldView("pon", t("555p"), None, one("5p"), "A"),
                   MeldView("pon", t("777s"), None, one("7s"), "A"), MeldView("pon", t("888s"), None, one("8s"), "B")]}
    found = derive(bao.meld_rules(o), melds, o.concealed_kong_on_table)
    assert [(li.clause, li.liable, li.covered) for li in found] == [("GD-BAO-1", "B", "D")]
    acting = bao.acting(o, found, "D", "self_draw", 50)
    _, net = settle(rules(), "self_draw", None, 40, acting, winner="D")
    assert net == {"A": 0, "B": -120, "C": 0, "D": 120}
    # near miss: a concealed kong as the fourth set makes no twelve down (GD-BAO-0)
    melds["D"][3] = MeldView("kong", t("8888s"), "concealed", None, None)
    assert derive(bao.meld_rules(o), melds, False) == []


def test_first_only_and_each():  # GD-BAO-1 包先不包后
    melds = {p: [MeldView("pon", t(k), None, one(k[0] + k[-1]), "A") for k in ks] for p, ks in
             (("B", ("111m", "222m", "333m", "444m")), ("C", ("111p", "222p", "333p", "444p")))}
    first = derive(bao.meld_rules(rules().options), melds, False)
    assert [(li.liable, li.covered) for li in first] == [("A", "B")]
    each = derive(bao.meld_rules(rules(twelve_down_repeat="each").options), melds, False)
    assert [(li.liable, li.covered) for li in each] == [("A", "B"), ("A", "C")]
    assert derive(bao.meld_rules(rules(twelve_down=False).options), melds, False) == []


def test_big_three_dragons_bao():  # GD-BAO-2: 大三元 6, S 640: X pays 1920
    o = rules().options
    melds = {"C": [MeldView("pon", t("555z"), None, one("5z"), "B"), MeldView("pon", t("666z"), None, one("6z"), "D"),
                   MeldView("pon", t("777z"), None, one("7z"), "A")]}
    found = derive(bao.meld_rules(o), melds, False)
    assert [(li.clause, li.liable) for li in found] == [("GD-BAO-2", "A")]
    _, net = settle(rules(), "self_draw", None, 640, bao.acting(o, found, "C", "self_draw", 50))
    assert net == {"A": -1920, "B": 0, "C": 1920, "D": 0}
    assert derive(bao.meld_rules(rules(big_three_dragons_bao=False).options), melds, False) == []


def test_covered_discard_win_paid_by_the_discarder_or_the_feeder():  # GD-BAO-6: F 2, S 40
    li = Liability("GD-BAO-1", "A", "C", 10, 3)
    assert bao.acting(rules().options, [li], "C", "discard", 50) == []
    _, net = settle(rules(), "discard", "D", 40, [])
    assert net == {"A": 0, "B": 0, "C": 40, "D": -40}
    o = rules(bao_on_discard="feeder")
    _, net = settle(o, "discard", "D", 40, bao.acting(o.options, [li], "C", "discard", 50))
    assert net == {"A": -40, "B": 0, "C": 40, "D": 0}


def test_precedence_and_share():  # GD-BAO-7: 大三元 self-draw S 640 under X's BAO-2 and Y's BAO-1
    twelve = Liability("GD-BAO-1", "B", "C", 5, 3)
    dragons = Liability("GD-BAO-2", "A", "C", 8, 2)
    acting = bao.acting(rules().options, [twelve, dragons], "C", "self_draw", 50)
    assert acting == [dragons]
    _, net = settle(rules(), "self_draw", None, 640, acting)
    assert net == {"A": -1920, "B": 0, "C": 1920, "D": 0}
    sh = rules(liability_combination="share")
    _, net = settle(sh, "self_draw", None, 640, bao.acting(sh.options, [twelve, dragons], "C", "self_draw", 50))
    assert net == {"A": -960, "B": -960, "C": 1920, "D": 0}
    one_unit = GdRules.of(None, {"liability_combination": "share"})
    _, net = settle(one_unit, "self_draw", None, 1, bao.acting(one_unit.options, [twelve, dragons], "C", "self_draw", 50))
    assert net == {"A": -2, "B": -1, "C": 3, "D": 0}  # after C: D, A, B: A is the first liable


def test_kong_bloom_bao_before_the_others():  # GD-BAO-4: count 2 floored to 3, S 80: feeder pays 240
    hands = {"A": t("1234567m1117p5z88s"), "B": t("234567m123456s5p"), "C": t("777p123s456s99m5p6z"),
             "D": t("9999s12345689p1z")}
    events = [ev.State(hands=hands, turn="A", phase="discard", wall_left=30),
              ev.Discard(player="A", tile=one("7p")), ev.Kong(player="C", kind="claimed", tiles=t("7777p")),
              ev.Draw(player="C", tile=one("5p"), source="back"), ev.Win(player="C", how="self_draw")]
    table = replay(P, "A", events, thirteen_rules(flowers=False, tail=0))
    w = table.wins[0]
    o = rules().options
    bloom = bao.kong_bloom(o, table, w)
    assert bloom == Liability("GD-BAO-4", "A", "C", 2, 1)
    twelve = Liability("GD-BAO-1", "B", "C", 1, 3)
    acting = bao.acting(o, [twelve], "C", "self_draw", w.at + 1, bloom)
    assert acting == [bloom]
    fc = count_win(hand("123s456s999m5p+5p", melds=("kong:7777p",), how="self_draw", kong_chain=1), rules())
    assert (fc.fan, fc.fan_paid, fc.portion) == (2, 3, 80)
    _, net = settle(rules(), "self_draw", None, fc.portion, acting)
    assert net == {"A": -240, "B": 0, "C": 240, "D": 0}
    assert bao.kong_bloom(rules(kong_bloom_bao=False).options, table, w) is None


def test_false_win_payments():  # GD-ZH-2 at base 10: cap share 320
    for option, net_a, pen in (("reverse_limit", -960, None), ("each_limit_self_draw", -2880, None),
                               ("fixed:20", -600, None), ("off_table:64", 0, 640), ("dead_hand", 0, None)):
        ledger = Ledger(0, 0)
        penalty = pay_false_win(ledger, rules(false_win=option), P, "A", 4)
        assert ledger.net(P)["A"] == net_a and (penalty or {}).get("amount") == pen
    assert rules("qq").cap_share == 80


def test_next_dealer():  # GD-FLOW-8, GD-ZH-4
    o = rules().options
    n = next_hand(o, P, "A", 0, 27, "A", "exhaustive_draw", [], [])
    assert (n.dealer, n.streak) == ("A", 1)
    n = next_hand(rules(dealer_rotation="dealer_win").options, P, "A", 0, 27, "A", "exhaustive_draw", [], [])
    assert (n.dealer, n.streak) == ("B", 0)
    n = next_hand(o, P, "A", 2, 27, "A", "win", ["C", "A"], [])
    assert (n.dealer, n.streak) == ("A", 3)  # the dealer one of several winners keeps
    n = next_hand(rules(dealer_rotation="winner_deals").options, P, "A", 2, 27, "A", "win", ["C", "A"], [])
    assert (n.dealer, n.streak) == ("C", 0)
    n = next_hand(o, P, "B", 1, 27, "A", "false_win", [], ["C"])
    assert (n.dealer, n.streak) == ("B", 1)
    n = next_hand(o, P, "D", 1, 27, "A", "false_win", [], ["D"])
    assert (n.dealer, n.streak, n.round_wind) == ("A", 0, 28)  # back to the start dealer: 南
