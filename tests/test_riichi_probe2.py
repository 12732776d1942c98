"""Riichi probes, part 2 (RULEBOOK_RIICHI.md): near-boundary cases the engine already rules as the
rulebook says, kept so that a change that breaks them is seen. Figures worked out by hand.
"""
from __future__ import annotations

import pytest

from .riichikit import Hand, hand_of, money
from .test_riichi_disputes import PAO, next_of, table


# ---------------------------------------------------------------------------------------------
# RJ-PAY-8 with the dealer as the pao winner: D deals; D pons A's 5z and 6z, then B's 7z (B
# liable) and waits on 7p; 1 honba, 1 stick. A dealer's yakuman is 48,000 (16,000 all by
# self-draw); its ron halves are 24,000 (8.5: multiples of 8000, whole hundreds).


def dealer_pao(finish: str, **kw) -> dict:
    h = Hand(PAO, dealer="D", avoid="7p1p4p2z", honba=1, sticks=1, **kw)
    h.draw("D").discard("D")
    h.draw("A", "5z").discard("A", "5z").pon("D", "5z", "55z").discard("D", "1s")
    h.draw("A", "6z").discard("A", "6z").pon("D", "6z", "66z").discard("D", "2s")
    h.draw("A").discard("A").draw("B", "7z").discard("B", "7z").pon("D", "7z", "77z").discard("D", "3s")
    h.go(3, start="A")
    if finish == "tsumo":
        return h.draw("D", "7p").win("D", "self_draw", "7p").rule()
    h.draw("D").discard("D")
    if finish == "ron-A":
        return h.draw("A", "7p").discard("A", "7p").win("D", "discard", "7p", frm="A").rule()
    return h.go(1).draw("B", "7p").discard("B", "7p").win("D", "discard", "7p", frm="B").rule()


@pytest.mark.parametrize("finish, options, expected", [
    # 8.3: B pays the dealer's whole self-draw value, 48,000, and the honba
    pytest.param("tsumo", None, {"B": -48300, "D": 49300, "kyotaku": -1000}, id="tsumo"),
    # 8.5: A and B 24,000 each; the honba from the discarder A, or from B under liable
    pytest.param("ron-A", None, {"A": -24300, "B": -24000, "D": 49300, "kyotaku": -1000}, id="ron-third"),
    pytest.param("ron-A", {"pao_ron_honba": "liable"}, {"A": -24000, "B": -24300, "D": 49300, "kyotaku": -1000},
                 id="ron-third-liable-honba"),
    # 8.4: the liable player deals in himself: an ordinary ron
    pytest.param("ron-B", None, {"B": -48300, "D": 49300, "kyotaku": -1000}, id="ron-liable"),
])
def test_pay8_the_dealers_daisangen(finish, options, expected):
    r = dealer_pao(finish, options=options)
    w = hand_of(r)["winners"][0]
    assert (w["points"], w["pao"]) == (48000, "B") and money(r) == expected
    assert hand_of(r)["next"]["dealer"] == "D" and hand_of(r)["next"]["honba"] == 2  # he keeps


# ---------------------------------------------------------------------------------------------
# RJ-FUR-1: discard furiten lasts while his waits include a tile of his river; a player not in
# riichi lifts it by changing his waits. C (234678m 678s 22s 56p, waits 4p/7p) discards a 4p.


def c_after_his_4p(change: bool) -> dict:
    h = table().go(2).draw("C", "4p").discard("C", "4p").go(3)
    if change:  # 8p in, 5p out: 68p, a kanchan on 7p alone
        h.draw("C", "8p").discard("C", "5p")
    else:
        h.draw("C").discard("C")
    h.go(2).draw("B").discard("B").draw("C").discard("C").go(1)
    return h.draw("A", "7p").discard("A", "7p").win("C", "discard", "7p", frm="A").rule()


def test_fur1_lifted_by_changing_his_waits():
    """68p waits on 7p only: no wait in his river; tanyao + sanshoku 678 (2 closed) = 3 han, 20 +
    10 (closed ron) + 2 (kanchan) = 32 → 40 fu: 5200 from A."""
    r = c_after_his_4p(True)
    w = hand_of(r)["winners"][0]
    assert (w["han"], w["fu"], w["points"]) == (3, 40, 5200) and money(r) == {"A": -5200, "C": 5200}


def test_fur1_near_miss_his_waits_unchanged():
    r = c_after_his_4p(False)
    assert hand_of(r)["result"] == "false_win" and "RJ-FUR-1" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == {"A": 4000, "B": 2000, "C": -8000, "D": 2000} and next_of(r) == ("A", 0, 0)


# ---------------------------------------------------------------------------------------------
# RJ-PAY-3 with RJ-PAY-4/5 per preset: B (1p/4p) and C (4p/7p) both rob D's added kan of 4p (1
# honba, 1 stick carried). The robbed player pays as the discarder; the winners are ordered from
# D: B first. B chankan + pinfu 2000, C chankan + tanyao + pinfu 3900. Under ``kan_dora:
# immediate`` (wrc2022, ema2016, mleague) a robbed kan turns no indicator (RJ-FLOW-4).


def double_chankan(preset: str) -> dict:
    h = table(honba=1, sticks=1, preset=preset).draw("A", "4p").discard("A", "4p").pon("D", "4p", "44p")
    h.discard("D", "9s").go(3).draw("D", "4p").kong("D", "added", "4444p")
    return h.win("C", "rob_kong", "4p", frm="D").win("B", "rob_kong", "4p", frm="D").rule()


@pytest.mark.parametrize("preset, winners, expected", [
    # double: both; honba and the stick to B, the first
    pytest.param("tenhou", ["B", "C"], {"B": 3300, "C": 3900, "D": -6200, "kyotaku": -1000}, id="tenhou"),
    # head bump: B alone
    pytest.param("wrc2022", ["B"], {"B": 3300, "D": -2300, "kyotaku": -1000}, id="wrc2022"),
    pytest.param("mleague", ["B"], {"B": 3300, "D": -2300, "kyotaku": -1000}, id="mleague"),
    # all, honba to each winner: C's 3900 + 300 too
    pytest.param("ema2016", ["B", "C"], {"B": 3300, "C": 4200, "D": -6500, "kyotaku": -1000}, id="ema2016"),
])
def test_pay3_a_double_chankan_per_preset(preset, winners, expected):
    r = double_chankan(preset)
    assert [w["player"] for w in hand_of(r)["winners"]] == winners and hand_of(r)["rulings"] == []
    assert money(r) == expected and next_of(r) == ("B", 0, 0) and hand_of(r)["complete"]


# ---------------------------------------------------------------------------------------------
# RJ-PAY-8 §14.1 with ``multi_yakuman: false`` (§15.5): B's daisangen (D liable) and suukantsu (C
# liable, tests/test_riichi_probe.py's ``four_kans``) are worth one yakuman, 32,000: the first
# listed pao (daisangen's) answers for it; C's pao moves nothing, so no finding names him.


@pytest.mark.parametrize("multi, findings_for, expected", [
    pytest.param(False, ["D"], {"B": 32000, "D": -32000}, id="one-yakuman"),
    pytest.param(True, ["D", "C"], {"B": 64000, "C": -32000, "D": -32000}, id="near-miss-both"),
])
def test_pay8_two_liable_players_when_the_win_is_worth_one_yakuman(multi, findings_for, expected):
    from .test_riichi_probe import four_kans
    r = four_kans(options={"multi_yakuman": multi}).draw("B", "9m", back=True).win("B", "self_draw", "9m").rule()
    assert [(f["rule"], f["player"]) for f in hand_of(r)["rulings"]] == [("RJ-PAY-8", p) for p in findings_for]
    assert money(r) == expected
