"""Acceptance-style scoring probes of the 13-tile variants as whole documents (each from a `state`),
written from the rulebooks' payment sections: Guangdong's 大四喜包 (GD-BAO-3) against its option and
the twelve-down liability it coincides with, Wuhan's 全求人 over a 蓄杠 against the same claims with a
暗杠 (a small hand, with the dealer's factor), to the unit."""
from __future__ import annotations

import pytest

from tests import gdkit
from tests import whkit
from tests.whprobe_kit import lines, pats, winner

# ---- Guangdong: GD-BAO-3 -------------------------------------------------------------------------

#: C has ponged 東 (A), 南 (B) and 西 (A); D discards 北, C pongs it (D feeds the fourth wind set and
#: the twelfth tile down) and later self-draws 5p onto his 5p: 大四喜 6, beyond the cap: S = 10 × 64
WINDS = {"C": [{"kind": "pon", "tiles": "111z", "tile": "1z", "from": "A"},
               {"kind": "pon", "tiles": "222z", "tile": "2z", "from": "B"},
               {"kind": "pon", "tiles": "333z", "tile": "3z", "from": "A"}]}


def big_four_winds(options: dict) -> dict:
    events = [gdkit.state({"A": 13, "B": 13, "C": "44z5p6p", "D": 14}, turn="D", melds=WINDS),
              gdkit.discard("D", "4z"), {"type": "pon", "player": "C", "tile": "4z", "with": "44z"},
              gdkit.discard("C", "6p"), gdkit.draw("D", "9s"), gdkit.discard("D", "9s"),
              gdkit.draw("A", "8s"), gdkit.discard("A", "8s"), gdkit.draw("B", "7s"), gdkit.discard("B", "7s"),
              gdkit.draw("C", "5p"), gdkit.win("C", "self_draw", "5p")]
    return gdkit.rule(gdkit.doc(events, {"base": 10, "options": options}))


def paid(hand: dict) -> list[tuple]:
    return [(p["from"], p["to"], p["amount"], p["rule"], p.get("liability")) for p in hand["payments"]]


def test_gd_big_four_winds_bao_the_feeder_pays_three_shares():  # GD-BAO-3, GD-PAY-6, GD-BAO-8, GD-FAN-14
    hand = big_four_winds({"twelve_down": False})
    w = hand["winners"][0]
    assert [(p["rule"], p["fan"]) for p in w["patterns"]] == [("GD-FAN-14", 6)] and w["fan_paid"] == 6
    # D's own share is his (GD-BAO-8), A's and B's move to him
    assert paid(hand) == [("D", "C", 640, "GD-PAY-1", None)] + [("D", "C", 640, "GD-PAY-1", "GD-BAO-3")] * 2
    assert hand["net"] == {"A": 0, "B": 0, "C": 1920, "D": -1920}
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("GD-BAO-3", "D", 2)]  # GD-BAO-9


def test_gd_big_four_winds_bao_with_twelve_down_lists_both_pays_once():  # GD-BAO-1, 3, 7 precedence
    hand = big_four_winds({})
    assert [(r["rule"], r["player"]) for r in hand["rulings"]] == [("GD-BAO-1", "D"), ("GD-BAO-3", "D")]
    assert paid(hand) == [("D", "C", 640, "GD-PAY-1", None)] + [("D", "C", 640, "GD-PAY-1", "GD-BAO-3")] * 2


def test_gd_big_four_winds_bao_off_is_a_plain_self_draw():  # GD-BAO-3 near miss: option off, GD-PAY-1
    hand = big_four_winds({"twelve_down": False, "big_four_winds_bao": False})
    assert paid(hand) == [(p, "C", 640, "GD-PAY-1", None) for p in "DAB"] and hand["rulings"] == []


# ---- Wuhan: 全求人 with a 蓄杠 (WH-HU-4.5, WH-FAN-0, WH-PAY-1, WH-CB-2) -----------------------------

def all_claimed(kong: str) -> dict:
    """A (not the dealer: B deals) has 吃 234m (D), 碰 777p (B), a kong of 5s (``kong``, fed by C), 碰
    999m (C); holds 8p and wins on D's 8p."""
    s = whkit.state({"A": "8p"}, melds={"A": [("chi:234m", "D"), ("pon:777p", "B"), (kong, "C"), ("pon:999m", "C")]},
                    turn="D", phase="discard", holding={"D": "8p"})
    return whkit.rule(whkit.doc([s, whkit.discard("D", "8p"), whkit.win("A", "discard", "8p", "D")], dealer="B"))


@pytest.mark.parametrize("kong", ["added:5555s", "kong:5555s"])
def test_wh_all_claimed_over_a_kong_that_was_claimed(kong):  # WH-HU-4.5 (蓄杠 / 冲杠 are claims)
    # H 10; M_A = 开口 2 × 蓄杠 (冲杠) 2 × 硬胡 2 = 8 (no 庄 on a big hand); D 放炮 1.5: raws B 80, C 80,
    # D 120; the 8p is a 将: D pays all three (WH-CB-2), B = 5
    hand = all_claimed(kong)
    w = winner(hand)
    assert (pats(w), w["value"], w["factor"]) == (["WH-HU-4.5"], 10, 8)
    assert lines(hand) == [("D", 400, 80, "WH-CB-2"), ("D", 400, 80, "WH-CB-2"), ("D", 600, 120, None)]
    assert hand["net"] == {"A": 1400, "B": 0, "C": 0, "D": -1400}


def test_wh_all_claimed_near_miss_a_concealed_kong():  # WH-HU-4.5 (a 暗杠 excludes it), WH-HU-3, WH-FAN-8
    # small hand H 1 (8p 将); M_A = 开口 2 × 暗杠 4 × 硬胡 2 = 16; B deals (庄 2 on a small hand): raw 32;
    # C 16; D 放炮 2: 32; B = 5
    hand = all_claimed("ankong:5555s")
    w = winner(hand)
    assert (pats(w), w["value"], w["factor"]) == (["WH-HU-3"], 1, 16)
    assert lines(hand) == [("B", 160, 32, None), ("C", 80, 16, None), ("D", 160, 32, None)]
    assert hand["net"] == {"A": 400, "B": -160, "C": -80, "D": -160}


# ---- HK: a flower drawn as the kong's replacement, then its replacement wins (HK-FAN-17) ---------

def test_hk_kong_bloom_through_a_flower_drawn_as_the_replacement():  # HK-FAN-17 (*Interpretation*), 21
    from tests.hkkit import doc, draw, rule, state, win
    from tests.hkprobekit import KONG, kong, rows, winner
    events = [state(dict(KONG), turn="A", phase="draw"), draw("A", "7p"), kong("A", "concealed", "7777p"),
              draw("A", "5f", back=True), {"type": "flower", "player": "A", "tile": "5f"},
              draw("A", "3s", back=True), win("A", "self_draw", "3s")]
    hand = rule(doc(events))
    # 番子 1 + 自摸 1 + 槓上開花 1 + 正花 (春, seat 1) 1 = 4 (no 門前清: a declared kong; no 無花): 80 each
    assert rows(hand, "A") == {"HK-FAN-8": 1, "HK-FAN-15": 1, "HK-FAN-17": 1, "HK-FAN-21": 1}
    assert winner(hand, "A")["portion"] == 80
    assert hand["net"] == {"A": 240, "B": -80, "C": -80, "D": -80}


# ---- Shanghai: 包三口 on top of the robbed kong and of the feeder's own discard (SH-BAO-1, 2) --------

def _sh_bao(tail: list) -> dict:
    """C has ponged 111m and 999s from A; A (with 碰 333p fed by B) discards 西 and C pons it, his third
    claim on A; C knocks waiting on 3p / 6p with 1f 2f laid out: H 3 (two flowers and a wind pong), F 0,
    P = 2 + 3 = 5 points, 25 money at base 5."""
    from tests.shkit import discard, doc, draw, knock, rule, state
    melds = {"C": [{"kind": "pon", "tiles": "111m", "from": "A"}, {"kind": "pon", "tiles": "999s", "from": "A"}],
             "A": [{"kind": "pon", "tiles": "333p", "from": "B"}]}
    events = [state(hands={"A": "256m2345s78p34z", "B": 13, "C": "33z45p77s8s", "D": 13}, melds=melds,
                    flowers={"C": ["1f", "2f"]}, knocked=()),
              discard("A", "3z"), {"type": "pon", "player": "C", "tile": "3z", "with": ["3z", "3z"]},
              discard("C", "8s"), knock("C"), draw("D", "5s"), discard("D", "5s"), draw("A", tail[0])] + tail[1:]
    return rule(doc(events))


def test_sh_bao_san_kou_adds_a_share_to_a_robbed_kong():  # SH-BAO-1 ("on any win by P"), SH-BAO-2, SH-PAY-3
    from tests.shkit import win
    hand = _sh_bao(["3p", {"type": "kong", "player": "A", "kind": "added", "tiles": ["3p"] * 4},
                    win("C", "rob_kong", source="A")])
    assert hand["payments"] == [
        {"from": "A", "to": "C", "amount": 75, "rule": "SH-PAY-3", "liability": "SH-BAO-2"},
        {"from": "A", "to": "C", "amount": 25, "rule": "SH-BAO-1", "liability": "SH-BAO-1"}]
    assert hand["net"] == {"A": -100, "B": 0, "C": 100, "D": 0}


def test_sh_bao_san_kou_feeder_who_discards_pays_two_shares():  # SH-BAO-1 (2P when X is the discarder)
    from tests.shkit import discard, win
    hand = _sh_bao(["6p", discard("A", "6p"), win("C", source="A")])
    assert hand["payments"] == [
        {"from": "A", "to": "C", "amount": 25, "rule": "SH-PAY-2"},
        {"from": "A", "to": "C", "amount": 25, "rule": "SH-BAO-1", "liability": "SH-BAO-1"}]
    assert hand["net"] == {"A": -50, "B": 0, "C": 50, "D": 0}


# ---- Sichuan: 查大叫's best call counts class P and 根 only, capped (SC-CH-2, SC-FAN-0.5) -----------

@pytest.mark.parametrize("ruleset, b_fan, b_money", [
    ({"base": 1, "preset": "online"}, 4, 16),  # 清七对 4 on 8p; 中张 (all 2…8) would add 1 but is a room extra
    ({"base": 1}, 3, 8),  # chengdu: capped 3
])
def test_sc_best_call_without_the_room_extras(ruleset, b_fan, b_money):  # SC-CH-2, SC-FAN-0.5, SC-FAN-10, 27
    from tests.sckit import WAITING, discard, doc, draw, paid, rule, state
    hands = {**WAITING, "B": "22p33p44p55p66p77p8p"}  # B (void s) waits on 8p; C 七对 on 5p (2)
    hand = rule(doc([state(hands, wall_left=1), discard("A", "2s"), draw("B", "3m"), discard("B", "3m"),
                     {"type": "exhaustive_draw"}], ruleset))
    assert [(c["player"], c["ready"], c.get("best_fan")) for c in hand["checks"]] == [
        ("A", False, None), ("B", True, b_fan), ("C", True, 2), ("D", False, None)]
    assert paid(hand) == [("A", "B", b_money, "SC-CH-2", 4), ("A", "C", 4, "SC-CH-2", 4),
                          ("D", "B", b_money, "SC-CH-2", 4), ("D", "C", 4, "SC-CH-2", 4)]
    assert hand["net"] == {"A": -b_money - 4, "B": 2 * b_money, "C": 8, "D": -b_money - 4}


def test_wh_all_claimed_under_koukoufan_reaches_the_golden_top():  # WH-FAN-0, WH-FAN-1 per_claim, WH-PAY-3, 4
    # 吃, 碰, 蓄杠 (its 碰 one claim) and 碰: 开口 2^4 = 16 × 蓄杠 2 × 硬胡 2 = 64; raws B 640, C 640, D 960:
    # all three ≥ 300: 金顶 at 500 (koukoufan) each, D liable for all three (WH-CB-2): 3 × 500 × 5
    s = whkit.state({"A": "8p"}, melds={"A": [("chi:234m", "D"), ("pon:777p", "B"), ("added:5555s", "C"),
                                             ("pon:999m", "C")]}, turn="D", phase="discard", holding={"D": "8p"})
    hand = whkit.rule(whkit.doc([s, whkit.discard("D", "8p"), whkit.win("A", "discard", "8p", "D")],
                                {"base": 5, "preset": "koukoufan"}, dealer="B"))
    assert winner(hand)["factor"] == 64
    assert lines(hand) == [("D", 2500, 640, "WH-CB-2"), ("D", 2500, 640, "WH-CB-2"), ("D", 2500, 960, None)]
    assert hand["net"] == {"A": 7500, "B": 0, "C": 0, "D": -7500}
