"""Acceptance-style scoring probes of Wuhan's hands (RULEBOOK_WH §3: WH-HU-1…5, the pair rule WH-HU-2.3,
opening WH-HU-2.1) and Shanghai's rows and points (RULEBOOK_SH §3, §4, §5, SH-PAY-0), written from the
rulebooks' words, each beside its near miss. Counter level; Wuhan under indicator 1m (癞子 2m) or 1z
(癞子 南), with no 癞子 held."""
from __future__ import annotations

import pytest

from rulesbook.shanghai.fan import points
from tests.shkit import count as sh_count, rules as sh_rules
from tests.whkit import reads


def wh(text: str, indicator: str = "1z", **kw) -> tuple[list, tuple]:
    """The valid readings (hands, units, H, hard, stand-ins), best first as the counter lists them, and
    the faults."""
    c = reads(text, indicator=indicator, **kw)
    assert c.complete
    return [(x.hands, x.units, int(x.value), x.hard, x.stand_ins) for x in c.readings], tuple(f[0] for f in c.faults)


# ---- Wuhan ---------------------------------------------------------------------------------------

def test_wh_wind_flush_with_all_pongs_is_three_units():  # WH-HU-4.2 (two units), 4.4, WH-HU-5: H 40
    found, _ = wh("333z444z555z6z+6z", "1m", melds=("pon:111z",))
    assert found[0] == (("WH-HU-4.2", "WH-HU-4.4"), 3, 40, True, 0)


def test_wh_wind_flush_needs_no_split():  # WH-HU-1, WH-HU-4.2: two units, H 20
    found, _ = wh("1z3z4z5z6z3z4z5z6z3z+4z", "1m", melds=("pon:111z",))
    assert found == [(("WH-HU-4.2",), 2, 20, True, 0)]


def test_wh_258_flush_needs_no_split_and_adds_all_pongs_when_it_splits():  # WH-HU-4.3, 4.4
    assert wh("2m5m8m2p5p8p2s5s8s2m+5m", melds=("pon:888s",))[0] == [(("WH-HU-4.3",), 1, 10, True, 0)]
    assert wh("222m555m888p2s+2s", melds=("pon:555s",))[0][0] == (("WH-HU-4.3", "WH-HU-4.4"), 2, 20, True, 0)


def test_wh_full_flush_frees_the_pair_and_adds_all_pongs():  # WH-HU-2.3, WH-HU-4.1, 4.4
    assert wh("123m456m789m6m+6m", melds=("chi:234m",))[0] == [(("WH-HU-4.1",), 1, 10, True, 0)]
    assert wh("111m333m999m6m+6m", melds=("pon:777m",))[0] == [(("WH-HU-4.1", "WH-HU-4.4"), 2, 20, True, 0)]


@pytest.mark.parametrize("text, flags, found, faults", [
    ("123m456p789s5m+5m", {}, [(("WH-HU-3",), 0, 1, True, 0)], ()),  # a 将 pair: a small hand, H 1
    ("123m456p789s6m+6m", {}, [], ("WH-HU-2",)),  # near miss: 66m is no 将
    ("123m456p789s6m+6m", {"how": "self_draw", "kong_chain": 1}, [], ("WH-HU-2",)),  # 杠上花 not freed
    ("123m456p789s5m+5m", {"how": "self_draw", "last_tile": True}, [(("WH-HU-4.7",), 1, 10, True, 0)], ()),
])
def test_wh_pair_rule(text, flags, found, faults):  # WH-HU-2.3, WH-HU-3, WH-HU-4.6, 4.7
    assert wh(text, melds=("chi:234m",), **flags) == (found, faults)


def test_wh_a_closed_hand_never_wins():  # WH-HU-2.1 (must_open), WH-HU-6
    assert wh("123m456p789s234m5m+5m") == ([], ("WH-HU-2",))


# ---- Shanghai ------------------------------------------------------------------------------------

QIAOMA = sh_rules()


def sh(text: str, r=QIAOMA, **kw) -> tuple[list, int, int, bool, int]:
    c = sh_count(text, r, **kw)
    return [(p.rule, p.fan) for p in c.patterns], c.fan, c.flowers, c.qualifies, points(r, c.flowers, c.fan)


@pytest.mark.parametrize("how", ["discard", "self_draw"])
def test_sh_no_flowers_is_special_and_priced_on_ten(how):  # SH-FAN-11, SH-HU-2, SH-PAY-0: min(10 × 2, 20)
    assert sh("123m456m789m11s45p+6p", how=how) == ([("SH-FAN-7", 1), ("SH-FAN-11", 0)], 1, 0, True, 20)


@pytest.mark.parametrize("how, wins", [("discard", False), ("self_draw", True)])
def test_sh_plain_hand_with_two_flowers(how, wins):  # SH-HU-2's example: (2 + 2) × 2 = 8
    assert sh("123m456m789m11s45p+6p", flowers="1f2f", how=how) == ([("SH-FAN-7", 1)], 1, 2, wins, 8)


def test_sh_half_flush_pongs_replace_their_parts_and_add_the_big_hook():  # SH-FAN-5, SH-FAN-9, SH-HUA-2
    # 混碰 2 (not 碰碰胡 1 + 混一色 1 + 2) + 大吊车 1; H = 1f + 南 pong 1 = 2: (2 + 2) × 8 = 32 → 勒子 20
    assert sh("1z+1z", melds=("pon:111m", "pon:999m", "pon:555m", "pon:222z"), flowers="1f") == (
        [("SH-FAN-5", 2), ("SH-FAN-9", 1)], 3, 2, True, 20)
    assert sh("1m+1m", melds=("pon:222m", "pon:999m", "pon:555m", "pon:333m"), flowers="1f") == (
        [("SH-FAN-6", 3), ("SH-FAN-9", 1)], 4, 1, True, 20)


def test_sh_dragons_not_flowers_count_as_wind_sets_and_honours():  # SH-HUA-2, SH-FAN-3 (dragons_as_flowers false)
    r = sh_rules(dragons_as_flowers=False)
    assert sh("123m456m789m1m+1m", r, melds=("pon:555z",)) == ([("SH-FAN-3", 1)], 1, 1, True, 6)
    # near miss: a second suit; H 1 is below the discard minimum 3
    assert sh("123m456m789p1p+1p", r, melds=("pon:555z",)) == ([], 0, 1, False, 3)


def test_sh_kong_bloom_after_a_flower_and_a_concealed_kong():  # SH-FAN-8, SH-FAN-7, SH-HUA-2
    # flower replacement: 门清 + 杠开 = 2, H 1: still a plain hand below the self-draw minimum 2
    assert sh("123m456m789m11s45p+6p", flowers="1f", how="self_draw", replacement=True) == (
        [("SH-FAN-7", 1), ("SH-FAN-8", 1)], 2, 1, False, 12)
    # a concealed suit kong keeps 门清 and counts 2 flowers: it may self-draw, (2 + 2) × 2 = 8
    assert sh("123m456m11s45p+6p", melds=("ankong:7777p",), how="self_draw") == ([("SH-FAN-7", 1)], 1, 2, True, 8)
