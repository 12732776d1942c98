"""Acceptance-style scoring probes of the 13-tile fan tables, written from the rulebooks' words (not
from the engine): for HK (RULEBOOK_HK §2), Guangdong (RULEBOOK_GD §2) and Sichuan (RULEBOOK_SC §4),
overlaps and exclusions between rows, limit hands with their "how won" rows, caps, and a near miss
beside each case. Counter level: ``tests.fan13kit.win`` texts are concealed tiles + the winning tile."""
from __future__ import annotations

import pytest

from rulesbook.guangdong.fan import count_win as gd_count
from rulesbook.guangdong.options import GdRules
from rulesbook.sichuan.fan import count_win as sc_count, sc_win
from rulesbook.sichuan.options import ScRules
from tests.fan13kit import count, fan, rules, win

CLUB = rules()
KONGS4 = ("kong:1111m", "ankong:2222m", "added:3333p", "kong:4444s")


def hk(text: str, r=CLUB, **kw) -> tuple[dict, int, int, int]:
    w = win(text, **kw)
    c = count(w, r)
    return fan(w, r), c.fan, c.fan_min, c.fan_paid


# ---- HK ------------------------------------------------------------------------------------------

def test_hk_four_concealed_pongs_on_a_discard_that_completes_the_pair():  # HK-FAN-4 (strikes HK-FAN-3)
    assert hk("111m222p333s444s5s+5s") == ({4: 8, 14: 1, 23: 1}, 10, 9, 10)


def test_hk_four_concealed_pongs_near_miss_discard_completes_a_pong():  # HK-FAN-4 near miss → HK-FAN-3
    assert hk("111m222p333s44s55s+5s") == ({3: 3, 14: 1, 23: 1}, 5, 4, 5)


def test_hk_four_concealed_pongs_self_drawn_onto_a_pong():  # HK-FAN-4: a self-draw's pong is not claimed
    assert hk("111m222p333s44s55s+5s", how="self_draw") == ({4: 8, 14: 1, 15: 1, 23: 1}, 11, 10, 10)


@pytest.mark.parametrize("meld, rows", [
    ("ankong:4444s", {4: 8, 15: 1, 23: 1}),  # a declared concealed kong keeps 坎坎糊 but breaks 門前清
    ("added:4444s", {3: 3, 15: 1, 23: 1}),  # an added kong was a pong claimed: 對對糊 only
])
def test_hk_four_concealed_pongs_with_a_kong(meld, rows):  # HK-FAN-4, HK-FAN-14
    assert hk("111m222p333s5s+5s", melds=(meld,), how="self_draw")[0] == rows


def test_hk_mixed_terminals_small_dragons_all_add():  # HK-FAN-7, 11, 8 (no strikes between them), 5, 4
    # 111m 999m 白白白 發發發 + 中中 (the pair completed on a discard): 坎坎糊 8 (not 對對糊), 混一色 3, 花么 1,
    # 番子 2, 小三元 3, 門前清 1, 無花 1 = 19 → F 10
    assert hk("111m999m555z666z7z+7z") == ({4: 8, 5: 3, 7: 1, 8: 2, 11: 3, 14: 1, 23: 1}, 19, 18, 10)
    # two suits: no 混一色
    assert hk("111m999p555z666z7z+7z")[0] == {4: 8, 7: 1, 8: 2, 11: 3, 14: 1, 23: 1}


def test_hk_big_three_dragons_keeps_its_dragon_pongs():  # HK-FAN-12 + 3 × HK-FAN-8 = 8
    assert hk("555z666z777z22m34m+5m") == ({5: 3, 8: 3, 12: 5, 14: 1, 23: 1}, 13, 12, 10)


def test_hk_small_four_winds_keeps_seat_and_round_wind():  # HK-FAN-13, 9, 10, 5
    # seat South, round East: 東 南 西 pongs and 北 pair, a 78m + 9m chow on a discard
    assert hk("111z222z333z44z78m+9m", seat=2)[0] == {5: 3, 9: 1, 10: 1, 13: 3, 14: 1, 23: 1}
    # near miss: seat North (北 only the pair): no 門風
    assert hk("111z222z333z44z78m+9m", seat=4)[0] == {5: 3, 10: 1, 13: 3, 14: 1, 23: 1}


def test_hk_four_kongs_limit_with_its_how_won_rows():  # HK-FAN-31, 0.3: + 自摸 + 槓上開花, cap HK-FAN-36
    assert hk("5p+5p", melds=KONGS4, how="self_draw", kong_chain=1) == ({15: 1, 17: 1, 31: 13}, 15, 15, 10)
    assert hk("5p+5p", rules(limit_fan=13), melds=KONGS4, how="self_draw", kong_chain=1)[3] == 13


def test_hk_kong_on_kong_strikes_kong_bloom():  # HK-FAN-18 excludes HK-FAN-17; 自摸 added
    assert hk("123m456p789s5p+5p", melds=("ankong:2222z",), how="self_draw", kong_chain=2)[0] == {15: 1, 18: 8, 23: 1}
    # near miss: one kong only → 槓上開花, and with the 海底 too (HK-FAN-19 does not strike 17)
    assert hk("123m456p789s5p+5p", melds=("ankong:2222z",), how="self_draw", kong_chain=1,
              last_tile=True)[0] == {15: 1, 17: 1, 19: 1, 23: 1}


def test_hk_last_discard_and_robbing_have_no_self_draw():  # HK-FAN-20, HK-FAN-16 (no 自摸 番)
    assert hk("123m456p789s5p+5p", melds=("pon:555z",), last_discard=True)[0] == {8: 1, 20: 1, 23: 1}
    assert hk("123m456p789s5p+5p", melds=("pon:555z",), how="rob_kong")[0] == {8: 1, 16: 1, 23: 1}
    assert hk("123m456p789s5p+5p", melds=("pon:555z",))[0] == {8: 1, 23: 1}  # near miss: neither


def test_hk_thirteen_orphans_self_drawn_adds_only_self_draw():  # HK-FAN-29, 0.3 (no 無花, no 門前清)
    assert hk("19m19p19s1234567z+1z", how="self_draw") == ({15: 1, 29: 13}, 14, 14, 10)


def test_hk_half_flush_pongs_sum_under_club_one_row_under_casual():  # HK-FAN-37, 0.9
    assert hk("111m555m999m111z5z+5z", rules("casual"))[0] == {37: 4}
    assert hk("111m555m999m111z5z+5z")[0] == {4: 8, 5: 3, 9: 1, 10: 1, 14: 1, 23: 1}


PONG_WIN = ("123m456p789s5p+5p", ("pon:555z",))  # 番子 1, a pong: no 門前清


@pytest.mark.parametrize("flowers, rows", [
    ("2f6f", {8: 1, 21: 2}),  # seat South: both 正花 of seat 2
    ("1f2f3f4f", {8: 1, 22: 2}),  # 一台花 replaces that group's 正花
    ("1f2f3f4f6f", {8: 1, 21: 1, 22: 2}),  # ... but not the seasons' 正花
    ("1f3f", {8: 1}),  # near miss: neither flower is seat 2's, and not 無花
])
def test_hk_seat_flowers_and_a_full_group(flowers, rows):  # HK-FAN-21, HK-FAN-22, HK-FAN-23
    assert hk(PONG_WIN[0], melds=PONG_WIN[1], flowers=flowers, seat=2)[0] == rows


def test_hk_bonus_rows_do_not_reach_the_minimum():  # HK-FAN-0.6's example, HK-FAN-35
    w = win("123m456p789s555z5p+5p", flowers="1f2f3f4f", seat=3)
    c = count(w)
    assert (fan(w), c.fan, c.fan_min, c.qualifies) == ({8: 1, 14: 1, 22: 2}, 4, 2, False)
    c = count(w, rules(bonus_counts_to_minimum=True))
    assert (c.fan_min, c.qualifies) == (4, True)


def test_hk_concealed_hand_with_flowers_option():  # HK-FAN-14 option concealed_hand_with_flowers
    w = win("123m456p789s555z5p+5p", flowers="1f", seat=3)
    assert fan(w, rules(concealed_hand_with_flowers=False)) == {8: 1}
    assert fan(w) == {8: 1, 14: 1}
    assert fan(w, rules(concealed_hand_with_flowers=False, flowers=False)) == {8: 1, 14: 1}


def test_hk_human_hand_valued_three_stays_a_limit():  # HK-FAN-34 with fan_table 3: class L, no 番子/門前清
    r = rules(fan_table={"HK-FAN-34": 3})
    assert hk("123m456p789s555z5p+5p", r, human=True, seat=3) == ({34: 3}, 3, 3, 3)
    assert hk("123m456p789s555z5p+5p", r, human=True, seat=3, how="self_draw") == ({15: 1, 34: 3}, 4, 4, 4)


def test_hk_common_hand_on_an_honour_pair():  # HK-FAN-2: any pair (the two Chinese texts)
    assert hk("123m456p789s234s1z+1z")[0] == {2: 1, 14: 1, 23: 1}


# ---- Guangdong ----------------------------------------------------------------------------------

GD = GdRules.of()
GD9 = GdRules.of(options={"limit_fan": 9})


def gd(text: str, r=GD, **kw) -> tuple[list[tuple[str, int]], int, int]:
    fc = gd_count(win(text, **kw), r)
    return [(p.rule, p.fan) for p in fc.patterns], fc.fan, fc.fan_paid


def test_gd_big_three_dragons_beyond_the_cap_adds_nothing():  # GD-FAN-13, GD-FAN-0.4
    assert gd("555z666z777z234m1p+1p") == ([("GD-FAN-13", 6)], 6, 6)


def test_gd_big_three_dragons_within_a_raised_cap_keeps_its_additions():  # GD-FAN-0.3: only 9 and 10 strike
    assert gd("555z666z777z234m1p+1p", GD9) == (
        [("GD-FAN-13", 6), ("GD-FAN-21", 1)] + [("GD-FAN-24", 1)] * 3, 10, 9)


def test_gd_small_three_dragons_strikes_its_dragon_pongs():  # GD-FAN-9 strikes GD-FAN-24 of its two pongs
    assert gd("555z666z77z234m11p+1p") == ([("GD-FAN-9", 5), ("GD-FAN-21", 1)], 6, 5)
    assert gd("555z666z77z234m11p+1p", GD9) == ([("GD-FAN-9", 5), ("GD-FAN-21", 1)], 6, 6)


def test_gd_small_four_winds_strikes_seat_and_round_wind():  # GD-FAN-10 strikes GD-FAN-22, 23
    assert gd("111z222z123m3z+3z", GD9, melds=("pon:444z",), seat=1) == ([("GD-FAN-10", 5)], 5, 5)


def test_gd_terminals_and_honours_self_drawn_capped():  # GD-FAN-8 (5) + 自摸 = 6 → cap 5
    assert gd("111m999m111p5z+5z", melds=("pon:999s",), how="self_draw") == (
        [("GD-FAN-8", 5), ("GD-FAN-20", 1)], 6, 5)
    assert gd("111m999m111p9p+9p", melds=("pon:999s",)) == ([("GD-FAN-12", 6)], 6, 6)  # no honour: 清幺九


def test_gd_half_flush_with_a_dragon_pong_and_winds():  # GD-FAN-4, 24, 22, 23, 20
    assert gd("123m456m789m1z+1z", melds=("pon:555z",)) == ([("GD-FAN-4", 2), ("GD-FAN-24", 1)], 3, 3)
    assert gd("123m456m789m5z+5z", melds=("pon:111z",), how="self_draw", seat=1) == (
        [("GD-FAN-4", 2), ("GD-FAN-20", 1), ("GD-FAN-22", 1), ("GD-FAN-23", 1)], 5, 5)


def test_gd_full_flush_under_qq_is_beyond_its_cap():  # GD-FAN-0.4 under preset qq (cap 3)
    assert gd("123m123m789m789m5m+5m", how="self_draw") == (
        [("GD-FAN-5", 4), ("GD-FAN-20", 1), ("GD-FAN-21", 1)], 6, 5)
    assert gd("123m123m789m789m5m+5m", GdRules.of("qq"), how="self_draw") == ([("GD-FAN-5", 4)], 4, 4)


def test_gd_nine_gates_beats_full_flush():  # GD-FAN-15
    assert gd("1112345678999m+5m") == ([("GD-FAN-15", 6)], 6, 6)


def test_gd_fan_table_override_moves_a_row_across_the_cap():  # GD-FAN-0.3/0.4 decide by value, not class
    # 大三元 valued 4: within the cap, so its additions count (the table strikes none for 大三元)
    assert gd("555z666z777z234m1p+1p", GdRules.of(None, {}, {"GD-FAN-13": 4})) == (
        [("GD-FAN-13", 4), ("GD-FAN-21", 1)] + [("GD-FAN-24", 1)] * 3, 8, 5)
    # 碰碰胡 valued 6: beyond the cap, nothing added, F 6; near miss: its own value 2 adds and caps at 5
    assert gd("111m222p333s777z5p+5p", GdRules.of(None, {}, {"GD-FAN-3": 6}), how="self_draw") == (
        [("GD-FAN-3", 6)], 6, 6)
    assert gd("111m222p333s777z5p+5p", how="self_draw") == (
        [("GD-FAN-3", 2), ("GD-FAN-20", 1), ("GD-FAN-21", 1), ("GD-FAN-24", 1)], 5, 5)


def test_hk_fan_table_override_keeps_a_limit_class_or_switches_it_off():  # HK-FAN-0.8, §2 overrides
    w = win("111z222z333z555z6z+6z")  # 字一色, the pair completed on a discard
    assert (fan(w, rules(fan_table={"HK-FAN-26": 5})), count(w, rules(fan_table={"HK-FAN-26": 5})).fan_paid) == ({26: 5}, 5)
    # switched off: the hand is scored on its other rows (坎坎糊, 番子, 門風, 圈風, 門前清, 無花)
    assert fan(w, rules(fan_table={"HK-FAN-26": 0})) == {4: 8, 8: 1, 9: 1, 10: 1, 14: 1, 23: 1}


def test_gd_split_choice_tie_on_f_goes_to_the_higher_type():  # GD-FAN-0.6
    # 111 222 333 999m + 55m self-drawn: 清碰 5 (+2) or 123m ×3 as 清一色 4 (+2): both F 5 → 清碰
    assert gd("111m222m333m999m5m+5m", how="self_draw") == ([("GD-FAN-7", 5), ("GD-FAN-20", 1), ("GD-FAN-21", 1)], 7, 5)
    assert gd("111m222m333m999m5m+5m", GD9, how="self_draw")[1:] == (7, 7)
    # the pongs' split wins where it is worth more, the chows' where they are
    assert gd("111m222m333m777p5s+5s") == ([("GD-FAN-3", 2), ("GD-FAN-21", 1)], 3, 3)
    assert gd("111m222m333m456p9p+9p") == ([("GD-FAN-2", 1), ("GD-FAN-21", 1)], 2, 2)


def test_hk_split_choice_chows_or_pongs():  # HK-FAN-0.5
    assert hk("111m222m333m456p9p+9p")[0] == {2: 1, 14: 1, 23: 1}  # 平糊 (123m ×3), not three pongs
    assert hk("111m222m333m999p5p+5p")[0] == {4: 8, 14: 1, 23: 1}  # 坎坎糊 beats 123m ×3 + 999p


def test_gd_robbing_counts_the_self_draw_fan_under_its_option():  # GD-FAN-27, GD-FAN-20, option rob_kong_self_draw_fan
    assert gd("123m456m789m234m5m+5m", GD9, how="rob_kong") == (
        [("GD-FAN-5", 4), ("GD-FAN-20", 1), ("GD-FAN-21", 1)], 6, 6)
    off = GdRules.of(options={"limit_fan": 9, "rob_kong_self_draw_fan": False})
    assert gd("123m456m789m234m5m+5m", off, how="rob_kong") == ([("GD-FAN-5", 4), ("GD-FAN-21", 1)], 5, 5)
    assert gd("123m456m789m234m5m+5m", GD9) == ([("GD-FAN-5", 4), ("GD-FAN-21", 1)], 5, 5)  # a discard


def test_hk_nine_gates_is_a_limit_with_only_its_self_draw():  # HK-FAN-28, HK-FAN-0.3
    assert hk("1112345678999p+5p") == ({28: 10}, 10, 10, 10)
    assert hk("1112345678999p+9p", how="self_draw")[0] == {15: 1, 28: 10}
    # near miss: the 123p chow claimed: 清一色 7 + 無花 (no 門前清)
    assert hk("1114567899p+9p", melds=("chi:123p",))[0] == {6: 7, 23: 1}


# ---- Sichuan ------------------------------------------------------------------------------------

CHENGDU, ONLINE = ScRules.of(), ScRules.of("online")


def sc(text: str, r=CHENGDU, how: str = "discard", melds=()) -> tuple[list[tuple[str, int]], int, int]:
    c = sc_count(sc_win(win(text, how=how, melds=melds), False, -1), r)
    return [(p.rule, p.fan) for p in c.patterns], c.fan, c.fan_paid


def test_sc_pure_terminals_without_a_root():  # SC-FAN-11 (one base row: not also 清一色), SC-FAN-30
    assert sc("123m789m789m789m1m+1m") == ([("SC-FAN-11", 4)], 4, 3)
    assert sc("123m789m789m789m1m+1m", ONLINE, "self_draw") == ([("SC-FAN-11", 4), ("SC-FAN-26", 1)], 5, 5)
    assert sc("123m789m789m789m5m+5m") == ([("SC-FAN-3", 2)], 2, 2)  # near miss: a 5m pair


def test_sc_terminals_in_every_set_with_a_pong_and_its_fourth_tile_in_a_chow():  # SC-FAN-4, SC-FAN-20
    assert sc("123p789m789p9m+9m", melds=("pon:111p",)) == ([("SC-FAN-4", 2), ("SC-FAN-20", 1)], 3, 3)


def test_sc_jiang_golden_hook_with_a_kong_root():  # SC-FAN-12 + 根 (a kong, not 十八罗汉) + 中张 online
    melds = ("pon:222m", "kong:8888p", "pon:555p", "pon:222p")
    assert sc("5m+5m", melds=melds) == ([("SC-FAN-12", 4), ("SC-FAN-20", 1)], 5, 3)
    assert sc("5m+5m", ONLINE, melds=melds) == ([("SC-FAN-12", 4), ("SC-FAN-20", 1), ("SC-FAN-27", 1)], 6, 6)


def test_sc_eighteen_arhats_kongs_are_no_roots():  # SC-FAN-17, SC-FAN-18
    assert sc("9p+9p", ONLINE, melds=("kong:1111p", "ankong:2222p", "kong:3333p", "added:4444p")) == (
        [("SC-FAN-18", 8)], 8, 6)
    assert sc("9p+9p", ONLINE, melds=("kong:1111p", "ankong:2222p", "kong:3333m", "added:4444p")) == (
        [("SC-FAN-17", 6)], 6, 6)
    # near miss: four pongs → 清金钩钓 4 (beats 清对 3)
    assert sc("9p+9p", ONLINE, melds=("pon:111p", "pon:222p", "pon:333p", "pon:444p")) == ([("SC-FAN-13", 4)], 4, 4)


def test_sc_pure_dragon_seven_pairs_three_quads():  # SC-FAN-14: the first quad is no 根, the other two are
    assert sc("11p11p22p33p33p44p4p+4p", ONLINE, "self_draw") == (
        [("SC-FAN-14", 5), ("SC-FAN-20", 1), ("SC-FAN-20", 1), ("SC-FAN-26", 1)], 8, 6)
