"""Wuhan money (WH-FAN, WH-PAY) to the unit: the §10 worked example exactly, the WH-PAY-1…3
examples (the cap, 金顶), WH-PAY-4's three modes, WH-PAY-5's rounding, 口口翻 and ``cap_scale``.
Every amount is worked by hand in the comment beside it (B = 5 unless said)."""
import json
from fractions import Fraction

import pytest

from rulesbook.wuhan.settle import shares
from tests.whkit import discard, doc, draw, pay, rule, rules, ruling, state, win

EXAMPLE = {
    "format": "mjref/1", "variant": "wuhan", "ruleset": {"preset": "kaikoufan", "base": 5},
    "players": ["A", "B", "C", "D"],
    "hand": {"dealer": "B", "streak": 0, "events": [
        {"type": "state", "indicator": "7s",
         "hands": {"A": "34p67m558s", "B": "1155m2468p1379s3z", "C": "234m567p234s4466z",
                   "D": "23m589p66s1155z"},
         "melds": {"A": [{"kind": "pon", "tiles": "222z", "tile": "2z", "from": "C"},
                         {"kind": "kong", "kong": "claimed", "tiles": "9999m", "tile": "9m", "from": "B"}],
                   "D": [{"kind": "pon", "tiles": "111p", "tile": "1p", "from": "C"}]},
         "laid": {"D": ["8s"]},
         "wall_left": 40, "turn": "D", "phase": "discard"},
        {"type": "discard", "player": "D", "tile": "5p"},
        {"type": "win", "player": "A", "how": "discard", "tile": "5p", "from": "D"}]}}

EXAMPLE_RULING = json.loads("""{
  "format": "mjref-ruling/1", "variant": "wuhan", "rulebook": "wuhan-2026.12", "preset": "kaikoufan",
  "hands": [{
    "result": "win", "complete": true,
    "winners": [{"player": "A", "how": "discard", "tile": "5p", "from": "D",
                 "hu": "small", "value": 1, "factor": 4, "hard": false,
                 "wild": [{"tile": "8s", "as": "5m"}],
                 "patterns": [{"rule": "WH-HU-3", "name": "小胡", "en": "small hand"}],
                 "factors": [{"rule": "WH-FAN-1", "name": "开口", "x": 2},
                             {"rule": "WH-FAN-2", "name": "冲杠", "x": 2}]}],
    "rulings": [],
    "payments": [
      {"from": "B", "to": "A", "amount": 40, "rule": "WH-PAY-1", "raw": 8, "cap": null,
       "factors": [{"rule": "WH-FAN-8", "name": "庄", "x": 2}]},
      {"from": "C", "to": "A", "amount": 20, "rule": "WH-PAY-1", "raw": 4, "cap": null, "factors": []},
      {"from": "D", "to": "A", "amount": 320, "rule": "WH-PAY-1", "raw": 64, "cap": null,
       "factors": [{"rule": "WH-FAN-1", "name": "开口", "x": 2},
                   {"rule": "WH-FAN-6", "name": "癞子杠", "x": 4},
                   {"rule": "WH-FAN-11.small", "name": "放炮", "x": 2}]}],
    "penalties": [],
    "net": {"A": 380, "B": -40, "C": -20, "D": -320},
    "next": {"dealer": "A", "streak": 0, "round_wind": null},
    "missing": []
  }],
  "net": {"A": 380, "B": -40, "C": -20, "D": -320}
}""")


def test_the_section_10_example_rules_exactly():
    # indicator 7s, 癞子 8s; A: 345p, 8s as 5m (567m; as 8m 678m pays alike, key 6 takes 5m), 将 55s;
    # M_A = 开口 2 × 冲杠 2 = 4; B dealer 2 → raw 8 → 40; C raw 4 → 20; D 放炮 2 × 开口 2 × 癞子杠 4
    # = 16 → raw 64 → 320; A receives 380 and deals next
    assert ruling(EXAMPLE) == EXAMPLE_RULING


def pay_example(a_hand: str = "34p678m55s", **opts):
    """WH-PAY-1…3: dealer B; A (pon 222z, 冲杠 9999m) wins a hard 345p 678m 55s on D's 5p; B (pon):
    dealer × 开口; C: 开口 × 暗杠; D: 开口 × two 癞子杠 (indicator 7s: 癞子 8s)."""
    melds = {"A": [("pon:222z", "C"), ("kong:9999m", "B")], "B": [("pon:111z", "C")],
             "C": [("ankong:4444s", None), ("pon:333z", "D")], "D": [("pon:777p", "B")]}
    melds.update(opts.pop("melds", {}))
    s = state({"A": a_hand}, indicator="7s", melds=melds, laid={"D": "8s8s"}, turn="D",
              phase="discard", holding={"D": "5p"})
    return doc([s, discard("D", "5p"), win("A", "discard", "5p", "D")], dealer="B", **opts)


def test_pay_example_the_cap():
    # M_A = 开口 2 × 冲杠 2 × 硬胡 2 = 8, H 1; B 2 × 2 = 4 → raw 32 → 160; C 2 × 4 = 8 → raw 64 → 320;
    # D 放炮 2 × 开口 2 × 4 × 4 = 64 → raw 512, capped at 300 → 1500; A receives 1980
    hand = rule(pay_example())
    assert hand["winners"][0]["factor"] == 8 and hand["winners"][0]["hard"] is True
    assert [(p["from"], p["raw"], p["cap"], p["amount"]) for p in hand["payments"]] == [
        ("B", 32, None, 160), ("C", 64, None, 320), ("D", 512, "cap", 1500)]
    assert hand["net"] == {"A": 1980, "B": -160, "C": -320, "D": -1500}


def test_the_cap_as_hand_base():
    # cap_scale hand_base: the cap is 300 × H = 300 on a small hand: the same 1980
    assert rule(pay_example(ruleset={"base": 5, "options": {"cap_scale": "hand_base"}}))["net"]["A"] == 1980
    # a cap of 500: D's 512 is capped at 500 → 2500; A receives 5 × (32 + 64 + 500) = 2980
    assert rule(pay_example(ruleset={"base": 5, "options": {"cap": 500, "jin_ding": 600,
                                                             "liable_cap": 600}}))["net"]["A"] == 2980


def test_koukoufan_counts_each_claim():
    # §9.2's example: A's only claim is his 冲杠 (222z held): M_A still 开口 2 × 冲杠 2 × 硬胡 2 = 8;
    # B and C one claim each pay as before (160, 320); D two claims: 放炮 2 × 开口 2 × 2 × 癞子杠 4 × 4
    # = 128, raw 1024, capped at 300 → 1500; A still receives 1980
    data = pay_example("34p678m55s222z", ruleset={"preset": "koukoufan", "base": 5},
                       melds={"A": [("kong:9999m", "B")], "D": [("pon:777p", "B"), ("pon:111s", "A")]})
    hand = rule(data)
    assert hand["winners"][0]["factor"] == 8
    assert [(p["from"], p["raw"], p["amount"]) for p in hand["payments"]] == [
        ("B", 32, 160), ("C", 64, 320), ("D", 1024, 1500)]
    # near miss: the same under 开口翻: D's two claims count once: 2 × 2 × 16 = 64, raw 512 → 1500
    data["ruleset"] = {"base": 5}
    assert rule(data)["payments"][2]["raw"] == 512


def jin_ding_example(a_red: bool):
    """WH-PAY-3: C self-draws a soft 碰碰胡 (indicator 1z, 癞子 2z read as 9p); A: 开口 × 暗杠 (× 红中杠);
    B: 开口 × 暗杠 × 红中杠; D: 开口 × 癞子杠 × 红中杠."""
    melds = {"A": [("pon:555m", "B"), ("ankong:6666m", None)], "B": [("pon:777m", "D"), ("ankong:8888p", None)],
             "C": [("pon:111s", "A"), ("pon:444s", "A")], "D": [("pon:999m", "B")]}
    laid = {"B": "7z", "D": "2z7z", **({"A": "7z"} if a_red else {})}
    s = state({"C": "222m33p9p2z"}, melds=melds, laid=laid, turn="C", phase="draw")
    return doc([s, draw("C", "3p"), win("C")], dealer="A")


def test_jin_ding_example():
    # H 10, M_C = 开口 2 × 自摸 1.5 = 3 → raw = 30 × M_L: A 8 → 240; B 16 → 480; D 16 → 480; A under
    # the cap: no 金顶: 240, 300, 300 → C receives 5 × 840 = 4200
    hand = rule(jin_ding_example(False))
    w = hand["winners"][0]
    assert (w["hu"], w["value"], w["factor"], w["hard"]) == ("big", 10, 3, False)
    assert w["wild"] == [{"tile": "2z", "as": "9p"}]
    assert [(p["from"], p["raw"], p["cap"], p["amount"]) for p in hand["payments"]] == [
        ("D", 480, "cap", 1500), ("A", 240, None, 1200), ("B", 480, "cap", 1500)]
    assert hand["net"]["C"] == 4200
    # A's 红中杠 too: M_A 16, raw 480: all three reach 300: 金顶, 400 each → 5 × 1200 = 6000
    hand = rule(jin_ding_example(True))
    assert {p["cap"] for p in hand["payments"]} == {"jin_ding"} and hand["net"]["C"] == 6000


def test_jin_ding_at_exactly_the_cap():
    # "达到" is ≥: raws 300, 300, 300 → 金顶 400 each; 299 for one → no 金顶
    r = rules()
    assert shares(r, [Fraction(300)] * 3, Fraction(10), False) == [(400, "jin_ding")] * 3
    assert [s for s, _ in shares(r, [Fraction(299), Fraction(300), Fraction(300)], Fraction(10), False)] == [299, 300, 300]


@pytest.mark.parametrize("mode, want", [
    ("per_share", [(240, None), (400, "liable_cap"), (400, "liable_cap")]),  # 5 × 1040 = 5200
    ("total", [(240, None), (160, "liable_cap"), (0, "liable_cap")]),  # 400 in all → 2000
    ("normal", [(240, None), (300, "cap"), (300, "cap")]),  # 5 × 840 = 4200
])
def test_one_payer_for_all_modes(mode, want):
    # WH-PAY-4's example: the 金顶 example's raws 240, 480, 480 covered by a liability
    r = rules(liable_cap_mode=mode)
    assert shares(r, [Fraction(240), Fraction(480), Fraction(480)], Fraction(10), True) == want


def test_a_liability_with_jin_ding_pays_jin_ding():
    # all three at the cap: 金顶 holds for a liability too: 400 each
    assert shares(rules(), [Fraction(300), Fraction(480), Fraction(480)], Fraction(10), True) == [(400, "jin_ding")] * 3


def test_fractional_shares_are_rounded_down_after_the_caps():
    # factor_table 开口 1.5 and 冲杠 1.5 on the §10 example: M_A = 2.25; B raw 1 × 2.25 × 2 = 4.5 → 4 → 20;
    # C raw 2.25 → 2 → 10; D raw 2.25 × (1.5 × 4 × 2 = 12) = 27 → 135; A receives 165
    data = json.loads(json.dumps(EXAMPLE))
    data["ruleset"]["factor_table"] = {"WH-FAN-1": 1.5, "WH-FAN-2": 1.5}
    hand = rule(data)
    assert [(p["raw"], p["amount"]) for p in hand["payments"]] == [(4.5, 20), (2.25, 10), (27, 135)]
    assert hand["winners"][0]["factor"] == 2.25 and hand["net"]["A"] == 165


def test_factor_table_changes_a_value():
    # the small base 2 (WH-HU-3): every raw of the §10 example doubles: 80, 40, 640 → A 760
    data = json.loads(json.dumps(EXAMPLE))
    data["ruleset"]["factor_table"] = {"WH-HU-3": 2}
    assert rule(data)["net"]["A"] == 760


@pytest.mark.parametrize("preset, factors, x", [
    ("kaikoufan", ["WH-FAN-1", "WH-FAN-3", "WH-FAN-5"], 8),  # 开口 2 × 蓄杠 2 × 红中杠 2
    ("koukoufan", ["WH-FAN-1", "WH-FAN-1", "WH-FAN-3", "WH-FAN-5"], 16),  # two claims: 2 × 2 × 2 × 2
])
def test_wh_fan_0_example(preset, factors, x):
    # a loser with a 吃, a 碰, a 蓄杠 on that 碰 and a 红中杠 (WH-FAN-0's example)
    data = pay_example(ruleset={"preset": preset, "base": 5},
                       melds={"C": [("chi:123p", "B"), ("added:6666s", "D")]})
    data["hand"]["events"][0]["laid"]["C"] = "7z"
    line = next(p for p in rule(data)["payments"] if p["from"] == "C")
    assert [f["rule"] for f in line["factors"]] == factors
    product = 1
    for f in line["factors"]:
        product *= f["x"]
    assert product == x
