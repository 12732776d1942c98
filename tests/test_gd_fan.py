"""RULEBOOK_GD §2: the 番 count (one type row plus additions, the cap, the floor GD-FAN-30.1, the
minimum), its worked counts, each row firing and a near miss, and the presets' effect on it."""
from __future__ import annotations

import pytest

from rulesbook.guangdong.fan import count_win
from rulesbook.guangdong.options import GdRules
from tests.fan13kit import win

D = GdRules.of()


def rows(fc) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in fc.patterns:
        out[p.rule] = out.get(p.rule, 0) + p.fan
    return out


def test_worked_count_all_chows_concealed_on_a_discard():
    fc = count_win(win("123m456p789s234s5p+5p"), D)
    assert rows(fc) == {"GD-FAN-2": 1, "GD-FAN-21": 1} and (fc.fan, fc.fan_paid, fc.portion) == (2, 2, 4)
    assert fc.patterns[0].rule == "GD-FAN-2"  # the type row first


def test_worked_count_all_pongs_winds_self_drawn():
    fc = count_win(win("111z222p333s7p+7p", melds=("pon:999m",), how="self_draw", seat=1), D)
    assert rows(fc) == {"GD-FAN-3": 2, "GD-FAN-22": 1, "GD-FAN-23": 1, "GD-FAN-20": 1}
    assert (fc.fan, fc.fan_paid) == (5, 5)


def test_worked_count_full_flush_capped_and_qq_beyond_the_cap():
    w = win("123p234p456p789p9p+9p", how="self_draw")
    fc = count_win(w, D)
    assert rows(fc) == {"GD-FAN-5": 4, "GD-FAN-20": 1, "GD-FAN-21": 1} and (fc.fan, fc.fan_paid) == (6, 5)
    assert fc.portion == 32 and fc.limit is None
    q = count_win(win("123s345s567s999s8s+8s", how="self_draw"), GdRules.of("qq"))
    assert rows(q) == {"GD-FAN-5": 4} and (q.fan, q.fan_paid, q.portion) == (4, 4, 16)  # alone, uncapped
    near = count_win(win("123s345s567s999s8s+8s", how="self_draw"), D)
    assert (near.fan, near.fan_paid) == (6, 5)


def test_worked_count_big_three_dragons_beyond_the_cap():
    fc = count_win(win("555z666z777z234m1p+1p"), D)
    assert rows(fc) == {"GD-FAN-13": 6} and (fc.fan, fc.fan_paid, fc.limit) == (6, 6, "GD-FAN-13")
    assert fc.portion == 64


def test_chicken_hand_is_listed_at_zero_and_wins_under_wufan_only():
    w = win("123m456p999s5p+5p", melds=("chi:234s",))
    fc = count_win(w, D)
    assert [p.rule for p in fc.patterns] == ["GD-FAN-1"] and fc.fan == 0 and fc.portion == 1 and fc.qualifies
    assert not count_win(w, GdRules.of("yifan")).qualifies  # GD-FAN-31, preset yifan
    assert count_win(win("123m456p999s5p+5p", melds=("chi:234s",), how="self_draw"),
                     GdRules.of("yifan")).qualifies  # near miss: 自摸 makes 1


def test_kong_bloom_floor_and_its_near_miss():
    w = win("123m456p999s5p+5p", melds=("kong:2222s",), how="self_draw", kong_chain=1)
    fc = count_win(w, D)
    assert rows(fc) == {"GD-FAN-1": 0, "GD-FAN-20": 1, "GD-FAN-26": 1}
    assert (fc.fan, fc.fan_paid, fc.floor, fc.fan_min, fc.portion) == (2, 3, "GD-FAN-30.1", 3, 8)
    plain = count_win(win("123m456p999s5p+5p", melds=("kong:2222s",), how="self_draw"), D)
    assert (plain.fan_paid, plain.floor) == (1, None)
    assert count_win(w, GdRules.of(options={"special_floor": 0})).floor is None
    assert count_win(w, GdRules.of("sanfan")).qualifies  # the floor counts toward the minimum (0.7)


def test_rob_kong_counts_self_draw_and_is_floored():
    w = win("123m456p999s5p+5p", melds=("chi:234s",), how="rob_kong")
    fc = count_win(w, D)
    assert rows(fc) == {"GD-FAN-1": 0, "GD-FAN-20": 1} and (fc.fan_paid, fc.floor) == (3, "GD-FAN-30.1")
    off = count_win(w, GdRules.of(options={"rob_kong_self_draw_fan": False}))
    assert rows(off) == {"GD-FAN-1": 0} and off.fan == 0 and off.fan_paid == 3


def test_last_tile_self_draw_floor_but_not_on_a_discard():
    fc = count_win(win("123m456p999s5p+5p", melds=("chi:234s",), how="self_draw", last_tile=True), D)
    assert rows(fc)["GD-FAN-25"] == 1 and (fc.fan, fc.fan_paid, fc.floor) == (2, 3, "GD-FAN-30.1")
    d = count_win(win("123m456p999s5p+5p", melds=("chi:234s",), last_discard=True), D)
    assert (d.fan_paid, d.floor) == (0, None)


@pytest.mark.parametrize("hand, melds, rule, how", [
    ("111z222z333z555z4z+4z", (), "GD-FAN-11", "discard"),
    ("111m999m111p999p1s+1s", (), "GD-FAN-12", "discard"),
    ("111z222z333z44z55z+5z", (), None, "discard"),
    ("1112345678999m+5m", (), "GD-FAN-15", "discard"),
    ("19m19p19s1234567z+1z", (), "GD-FAN-16", "discard"),
    ("111m999p111z555z9s+9s", (), "GD-FAN-8", "discard"),
    ("555z666z77z123m99p+9p", (), "GD-FAN-9", "discard"),
    ("111z222z333z44z23p+4p", (), "GD-FAN-10", "discard"),
])
def test_types(hand, melds, rule, how):
    if rule is None:
        return
    fc = count_win(win(hand, melds=melds, how=how), D)
    assert fc.patterns[0].rule == rule


def test_small_winds_strikes_its_wind_additions_above_the_cap():
    r = GdRules.of(options={"limit_fan": 9})
    fc = count_win(win("111z222z333z44z23p+4p", seat=1), r)
    assert rows(fc) == {"GD-FAN-10": 5, "GD-FAN-21": 1}  # no 门风 / 圈风 for 东
    dr = count_win(win("555z666z77z123m99p+9p"), r)
    assert rows(dr) == {"GD-FAN-9": 5, "GD-FAN-21": 1}  # no 三元牌 for its two pongs


def test_half_flush_pongs_and_dragon_additions():
    fc = count_win(win("111m333m555z9m+9m", melds=("pon:777m",)), D)
    assert rows(fc) == {"GD-FAN-6": 4, "GD-FAN-24": 1} and fc.fan_paid == 5
    near = count_win(win("111m345m555z9m+9m", melds=("pon:777m",)), D)
    assert rows(near) == {"GD-FAN-4": 2, "GD-FAN-24": 1}


def test_heavenly_earthly_human_and_seed_list1():
    h = win("123m456p789s234s5p+5p", how="self_draw", heavenly=True)
    assert count_win(h, D).patterns[0].rule == "GD-FAN-17" and count_win(h, D).fan_paid == 6
    assert count_win(h, GdRules.of("seed_list1")).fan_paid == 9
    e = win("123m456p789s234s5p+5p", how="self_draw", seat=2, human=True)
    assert count_win(e, D).patterns[0].rule == "GD-FAN-18"
    hu = win("123m456p789s234s5p+5p", seat=2, earthly=True)
    assert count_win(hu, D).patterns[0].rule == "GD-FAN-19"
    near = win("123m456p789s234s5p+5p", seat=2, human=True)  # a discard win is no 地和
    assert count_win(near, D).patterns[0].rule == "GD-FAN-2"


def test_not_a_win_and_no_seven_pairs():
    assert not count_win(win("1122m3344p5566s7z+7z"), D).complete


def test_the_split_paid_most_is_scored():  # GD-FAN-0.6: 111 222 333m read as pongs (混碰 4) beyond qq's cap
    w = win("111m222m333m555z7m+7m", how="self_draw")
    q = count_win(w, GdRules.of("qq"))
    assert q.patterns[0].rule == "GD-FAN-6" and (q.fan, q.fan_paid) == (4, 4)
    # near miss: at the default cap the chows' reading (混一色 2 + 自摸 + 门清 + 三元牌 = 5) and the
    # pongs' (混碰 4 + 3 = 7) both pay 5; the higher type, 混碰, is listed
    d = count_win(w, D)
    assert d.fan_paid == 5 and d.patterns[0].rule == "GD-FAN-6"
