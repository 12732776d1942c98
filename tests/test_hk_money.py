"""Hong Kong money and 包 (HK-PAY, HK-BAO, HK-ZH-2) on the family's liability engine: each clause
fired, a near miss, and the money to the unit (RULEBOOK_HK.md's worked examples, `base` 5)."""
from types import SimpleNamespace

from referee import events as ev
from referee.ledger import Ledger
from referee.melds import MeldView
from referee.thirteen import replay, thirteen_rules
from referee.tiles import parse_compact as t
from referee.tiles import parse_tile as one
from rulesbook.family13.liability import Liabilities, Liability, derive
from rulesbook.hk import bao
from rulesbook.hk.options import HkRules
from rulesbook.hk.settle import pay_false_win, pay_win

P = ("A", "B", "C", "D")


def rules(**kw):
    """The `club` preset with the options a test names, `base` 5."""
    return HkRules.of("club", kw, None, 5)


def opts(**kw):
    return rules(**kw).options


def win(how="self_draw", player="C", at=50, source=None, chain=()):
    return SimpleNamespace(how=how, player=player, at=at, source=source, kong_chain=chain)


def settle(r, how, source, p, acting=(), several=False, winner="C"):
    ledger = Ledger(0, 0)
    pay_win(ledger, r, P, winner, how, source, p, acting, several, cause=9)
    return ledger, ledger.net(P)


# HK-PAY -----------------------------------------------------------------------------------------

def test_self_draw_each_pays_p():  # HK-PAY-1: base 5, F 5: P 120, +360
    _, net = settle(rules(), "self_draw", None, 120)
    assert net == {"A": -120, "B": -120, "C": 360, "D": -120}


def test_discard_full_and_half():  # HK-PAY-2: base 5, F 6: P 160
    ledger, net = settle(rules(), "discard", "D", 160)
    assert net == {"A": 0, "B": 0, "C": 320, "D": -320}
    assert [p.as_json() for p in ledger.payments] == [{"from": "D", "to": "C", "amount": 320, "rule": "HK-PAY-2"}]
    _, net = settle(rules(payment="half"), "discard", "D", 160)
    assert net == {"A": -80, "B": -80, "C": 320, "D": -160}


def test_robbed_kong_the_kong_player_pays_3p():  # HK-PAY-3: F 4: P 80
    ledger, net = settle(rules(), "rob_kong", "B", 80)
    assert net["B"] == -240 and net["C"] == 240 and ledger.payments[0].rule == "HK-PAY-3"
    _, net = settle(rules(rob_kong_payment="discard"), "rob_kong", "B", 80)
    assert net["B"] == -160
    _, net = settle(rules(rob_kong_payment="discard", payment="half"), "rob_kong", "B", 80)
    assert net == {"A": -40, "B": -80, "C": 160, "D": -40}


def test_flower_win_paid_as_a_self_draw():  # HK-PAY-4: 大花糊 F 8, P 320
    ledger, net = settle(rules(), "flower", None, 320)
    assert net["C"] == 960 and {p.rule for p in ledger.payments} == {"HK-PAY-4"}


def test_several_winners_the_discarder_pays_each_2p():  # HK-PAY-6
    ledger = Ledger(0, 0)
    pay_win(ledger, rules(payment="half"), P, "B", "discard", "A", 120, (), True, cause=5)
    pay_win(ledger, rules(payment="half"), P, "C", "discard", "A", 40, (), True, cause=6)
    assert ledger.net(P) == {"A": -320, "B": 240, "C": 80, "D": 0}
    assert {p.rule for p in ledger.payments} == {"HK-PAY-6"}


# HK-BAO -----------------------------------------------------------------------------------------

def test_twelve_down_self_draw_the_feeder_pays_3p():  # HK-BAO-1: F 7, P 240: X pays 720
    li = Liability("HK-BAO-1", "A", "C", 10, 2)
    acting = bao.acting(opts(), [li], win(), None)
    ledger, net = settle(rules(), "self_draw", None, 240, acting)
    assert net == {"A": -720, "B": 0, "C": 720, "D": 0}
    assert sorted(str(p.liability) for p in ledger.payments) == ["HK-BAO-1", "HK-BAO-1", "None"]


def test_twelve_down_does_not_cover_a_discard_win():  # HK-BAO-7 discarder (default)
    li = Liability("HK-BAO-1", "A", "C", 10, 2)
    assert bao.acting(opts(), [li], win("discard", source="D"), None) == []
    acting = bao.acting(opts(bao_on_discard="feeder"), [li], win("discard", source="D"), None)
    _, net = settle(rules(bao_on_discard="feeder"), "discard", "D", 160, acting)
    assert net == {"A": -320, "B": 0, "C": 320, "D": 0}
    acting = bao.acting(opts(bao_on_discard="split"), [li], win("discard", source="D"), None)
    _, net = settle(rules(bao_on_discard="split"), "discard", "D", 160, acting)
    assert net == {"A": -160, "B": 0, "C": 320, "D": -160}
    # the liable player is himself the discarder: he pays as discarder
    acting = bao.acting(opts(bao_on_discard="feeder"), [li], win("discard", source="A"), None)
    _, net = settle(rules(bao_on_discard="feeder"), "discard", "A", 160, acting)
    assert net == {"A": -320, "B": 0, "C": 320, "D": 0}


def test_a_robbing_win_and_a_flower_win_are_never_covered():
    li = Liability("HK-BAO-1", "A", "C", 10, 2)
    assert bao.acting(opts(), [li], win("rob_kong", source="B"), None) == []
    assert bao.acting(opts(), [li], win("flower"), None) == []


def test_nine_down_under_half_pay():  # HK-BAO-6: F 5, P 120 on Z's discard
    li = Liability("HK-BAO-6", "A", "C", 10, 3)
    r = rules(payment="half", nine_down=True)
    o = r.options
    acting = bao.acting(o, [li], win("discard", source="D"), None)
    ledger, net = settle(r, "discard", "D", 120, acting)
    assert net == {"A": -120, "B": 0, "C": 240, "D": -120}
    assert [p.liability for p in ledger.payments].count("HK-BAO-6") == 1
    acting = bao.acting(o, [li], win("discard", source="A"), None)
    _, net = settle(r, "discard", "A", 120, acting)
    assert net == {"A": -240, "B": 0, "C": 240, "D": 0}
    # a self-draw is not covered by it
    assert bao.acting(o, [li], win(), None) == []


def test_precedence_and_share():  # HK-BAO-8
    twelve = Liability("HK-BAO-1", "A", "C", 10, 2)
    dragons = Liability("HK-BAO-2", "B", "C", 12, 1)
    assert bao.acting(opts(), [twelve, dragons], win(), None) == [dragons]
    bloom = Liability("HK-BAO-5", "D", "C", 40, 0)
    assert bao.acting(opts(), [twelve, dragons], win(), bloom) == [bloom]
    r = rules(liability_combination="share")
    acting = bao.acting(r.options, [twelve, dragons], win(), None)
    _, net = settle(r, "self_draw", None, 240, acting)  # 3P = 720, 360 each
    assert net == {"A": -360, "B": -360, "C": 720, "D": 0}
    _, net = settle(r, "self_draw", None, 3, acting)  # base 3, F 0: 9 = 5 + 4, D first after C
    assert net == {"A": -5, "B": -4, "C": 9, "D": 0}  # A comes before B after C (D, A, B)


def test_a_liability_created_after_the_win_does_not_act():
    li = Liability("HK-BAO-1", "A", "C", 60, 2)
    assert bao.acting(opts(), [li], win(at=50), None) == []


# the engine: liabilities created by claims, and derived from a state -------------------------------

def _meld(kind, tiles, source=None, kong=None):
    ts = t(tiles)
    return MeldView(kind, ts, kong, None if kong == "concealed" else ts[0], source)


def test_derived_from_a_states_melds():
    o = opts()
    melds = {"C": [_meld("pon", "555z", "A"), _meld("pon", "666z", "B"), _meld("chi", "123m", "B"),
                   _meld("pon", "777z", "D")]}
    found = derive(bao.meld_rules(o), melds, True)
    assert {(li.clause, li.liable) for li in found} == {("HK-BAO-2", "D"), ("HK-BAO-1", "D")}
    # a fourth set that is a concealed kong creates nothing; it still counts as a set on the table
    melds = {"C": [_meld("pon", "555z", "A"), _meld("kong", "9999s", kong="concealed"),
                   _meld("chi", "123m", "B"), _meld("chi", "456m", "B")]}
    assert [(li.clause, li.liable) for li in derive(bao.meld_rules(o), melds, True)] == [("HK-BAO-1", "B")]
    assert derive(bao.meld_rules(o), melds, False) == []  # off the table: three sets only


def test_first_only_and_each():  # HK-BAO-1 包先不包後
    melds = {"B": [_meld("chi", "123m", "A"), _meld("chi", "456m", "A"), _meld("chi", "789m", "A"),
                   _meld("chi", "123p", "A")],
             "C": [_meld("pon", "111s", "A"), _meld("pon", "222s", "A"), _meld("pon", "333s", "B"),
                   _meld("pon", "444s", "A")]}
    found = derive(bao.meld_rules(opts()), melds, True)
    assert [(li.clause, li.liable, li.covered) for li in found] == [("HK-BAO-1", "A", "B")]
    found = derive(bao.meld_rules(opts(twelve_down_repeat="each")), melds, True)
    assert [(li.liable, li.covered) for li in found] == [("A", "B"), ("A", "C")]
    assert derive(bao.meld_rules(opts(twelve_down=False)), melds, True) == []


def test_claims_in_play_create_liabilities():  # HK-BAO-1 and HK-BAO-3 at one claim, HK-BAO-9
    state = ev.State(hands={"A": t("1234567m1112p88s"), "B": t("4z") + t("234567m123456s5p"),
                            "C": t("44z99m"), "D": t("9999s12345689p1z")},
                     melds={"C": (ev.MeldSpec("pon", t("111z"), None, one("1z"), "A"),
                                  ev.MeldSpec("pon", t("222z"), None, one("2z"), "B"),
                                  ev.MeldSpec("pon", t("333z"), None, one("3z"), "B"))},
                     turn="B", phase="discard", wall_left=30)
    events = [state, ev.Discard(player="B", tile=one("4z")), ev.Pon(player="C", tile=one("4z"), with_=t("44z")),
              ev.Discard(player="C", tile=one("9m"))]
    watcher = Liabilities(bao.meld_rules(opts()), True)
    replay(P, "A", events, thirteen_rules(), [watcher])
    assert [(li.clause, li.liable, li.covered, li.at) for li in watcher.found] == \
        [("HK-BAO-1", "B", "C", 2), ("HK-BAO-3", "B", "C", 2)]
    # near miss: the same discard not claimed creates nothing
    watcher = Liabilities(bao.meld_rules(opts()), True)
    replay(P, "A", events[:2] + [ev.Draw(player="C", tile=one("9m"))], thirteen_rules(), [watcher])
    assert watcher.found == []


def test_kong_bloom_after_a_claimed_kong():  # HK-BAO-5
    state = ev.State(hands={"A": t("1234567m1117p5z88s"), "B": t("234567m123456s5p"),
                            "C": t("777p123s456s99m5z6z"), "D": t("9999s12345689p1z")},
                     turn="A", phase="discard", wall_left=30)
    events = [state, ev.Discard(player="A", tile=one("7p")),
              ev.Kong(player="C", kind="claimed", tiles=t("7777p")),
              ev.Draw(player="C", tile=one("9m"), source="back"), ev.Win(player="C", how="self_draw")]
    table = replay(P, "A", events, thirteen_rules())
    w = table.wins[0]
    li = bao.kong_bloom(opts(), table, w)
    assert li == Liability("HK-BAO-5", "A", "C", 2, 0)
    assert bao.kong_bloom(opts(kong_bloom_bao=False), table, w) is None
    # near miss: a concealed kong's replacement has no feeder
    state2 = ev.State(hands={**state.hands, "A": t("1234567m1112p5z6z"), "C": t("7777p123s456s9m5z6z8s")},
                      turn="C", phase="discard", wall_left=30)
    table = replay(P, "A", [state2, ev.Kong(player="C", kind="concealed", tiles=t("7777p")),
                            ev.Draw(player="C", tile=one("9m"), source="back"),
                            ev.Win(player="C", how="self_draw")], thirteen_rules())
    assert table.wins[0].kong_chain == (1,) and bao.kong_bloom(opts(), table, table.wins[0]) is None


def test_false_win_payments():  # HK-ZH-2 at base 5, club: limit portion 640
    ledger = Ledger(0, 0)
    assert pay_false_win(ledger, rules(), P, "B", cause=3) is None
    assert ledger.net(P) == {"A": 640, "B": -1920, "C": 640, "D": 640}
    ledger = Ledger(0, 0)
    pay_false_win(ledger, rules(false_win="each_limit_self_draw"), P, "B", cause=3)
    assert ledger.net(P)["B"] == -5760
    ledger = Ledger(0, 0)
    assert pay_false_win(ledger, rules(false_win="off_table:256"), P, "B", cause=3) == \
        {"player": "B", "amount": 1280, "rule": "HK-ZH-2"}
    assert ledger.net(P) == {"A": 0, "B": 0, "C": 0, "D": 0}
    ledger = Ledger(0, 0)
    pay_false_win(ledger, rules(false_win="fixed:50"), P, "B", cause=3)
    assert ledger.net(P)["B"] == -750
    ledger = Ledger(0, 0)
    pay_false_win(ledger, rules(false_win="dead_hand"), P, "B", cause=3)
    assert ledger.payments == []


def test_four_kongs_counts_every_declared_kong():  # HK-BAO-4, whatever concealed_kong_on_table says
    melds = {"C": [_meld("kong", "1111m", kong="concealed"), _meld("kong", "2222m", "A", "claimed"),
                   _meld("kong", "3333m", kong="concealed"), _meld("kong", "4444p", "B", "claimed")]}
    for on_table in (True, False):
        found = derive(bao.meld_rules(opts()), melds, on_table)
        assert ("HK-BAO-4", "B") in {(li.clause, li.liable) for li in found}
    melds["C"][3] = _meld("pon", "444p", "B")  # near miss: a pon is no fourth kong
    assert "HK-BAO-4" not in {li.clause for li in derive(bao.meld_rules(opts()), melds, True)}
