"""番 of Hong Kong wins (RULEBOOK_HK §2, HK-FAN-0 … 38): every row fires with its value on a hand
that holds it and is absent from a near miss; the procedure's steps (limit hands, strikes, the
minimum, the cap, ``fan_combination``) and the worked examples of the rulebook.

Expected results map row numbers to the 番 they add (``tests.fan13kit.fan``). The winner is the
dealer (seat 1, East) in an East round unless a case says otherwise; with no flower laid out 無花
(23) adds 1.
"""
from __future__ import annotations

import pytest

from rulesbook.hk.fan import count_win
from rulesbook.hk.fan_table import TABLE
from tests.fan13kit import CLUB, count, fan, rules, win

KONGS4 = ("kong:1111m", "kong:2222p", "ankong:3333s", "added:4444z")

# (id, win, the rows of the scored split): each row of the table fires
FIRES = [
    ("2 平糊", win("123m456m789p234s5s+5s"), {2: 1, 14: 1, 23: 1}),
    ("2 平糊 honour pair", win("123m456m789p234s1z+1z"), {2: 1, 14: 1, 23: 1}),
    ("3 對對糊", win("444p777s99s11z+9s", melds=("pon:222m",)), {3: 3, 23: 1}),
    ("4 坎坎糊 self-drawn", win("111m444p777s99s11z+9s", how="self_draw"), {4: 8, 14: 1, 15: 1, 23: 1}),
    ("4 坎坎糊 on a discard completing the pair", win("111m444p777s999s1z+1z"), {4: 8, 14: 1, 23: 1}),
    ("4 坎坎糊 with a concealed kong", win("444p777s999s1z+1z", melds=("ankong:1111m",)), {4: 8, 23: 1}),
    ("5 混一色", win("123m456m789m11z22z+2z"), {5: 3, 14: 1, 23: 1}),
    ("6 清一色", win("123m456m789m22m55m+5m"), {6: 7, 14: 1, 23: 1}),
    ("7 花么 with 對對糊", win("111m999p11z99s+9s", melds=("pon:111s",)), {3: 3, 7: 1, 23: 1}),
    ("8 番子 per set", win("123m456p555z66z11s+6z"), {8: 2, 14: 1, 23: 1}),
    ("9 門風", win("123m456p789s22z11s+2z", seat=2), {9: 1, 14: 1, 23: 1}),
    ("10 圈風", win("123m456p789s22z11s+2z", seat=3, round_wind="2z"), {10: 1, 14: 1, 23: 1}),
    ("9 and 10 on one wind", win("123m456p789s22z11s+2z", seat=2, round_wind="2z"),
     {9: 1, 10: 1, 14: 1, 23: 1}),
    ("11 小三元 with its 番子", win("123m456p666z777z5z+5z"), {8: 2, 11: 3, 14: 1, 23: 1}),
    ("12 大三元 with its 番子", win("123m555z666z777z1s+1s"), {8: 3, 12: 5, 14: 1, 23: 1}),
    ("13 小四喜 with winds and suit", win("111z222z333z44z12m+3m"),
     {5: 3, 9: 1, 10: 1, 13: 3, 14: 1, 23: 1}),
    ("14 門前清 on a discard", win("123m456p789s234s5s+5s"), {2: 1, 14: 1, 23: 1}),
    ("15 自摸", win("123m456p789s234s5s+5s", how="self_draw"), {2: 1, 14: 1, 15: 1, 23: 1}),
    ("16 搶槓 (no 自摸)", win("123m456p789s23s55s+4s", how="rob_kong"), {2: 1, 14: 1, 16: 1, 23: 1}),
    ("17 槓上開花 with 自摸", win("123m456p23s55s+4s", how="self_draw", melds=("kong:7777p",), kong_chain=1),
     {15: 1, 17: 1, 23: 1}),
    ("18 連槓開花 strikes 17", win("123m23s55s+4s", how="self_draw", melds=("kong:7777p", "ankong:9999m"),
                                  kong_chain=2), {15: 1, 18: 8, 23: 1}),
    ("19 海底撈月 with 自摸", win("123m456p789s23s55s+4s", how="self_draw", last_tile=True),
     {2: 1, 14: 1, 15: 1, 19: 1, 23: 1}),
    ("19 with 17 on the last replacement", win("123m456p23s55s+4s", how="self_draw", melds=("kong:7777p",),
                                               kong_chain=1, last_tile=True), {15: 1, 17: 1, 19: 1, 23: 1}),
    ("20 河底撈魚", win("123m456p789s23s55s+4s", last_discard=True), {2: 1, 14: 1, 20: 1, 23: 1}),
    ("21 正花, flower and season", win("123m456p789s23s55s+4s", flowers="15f"), {2: 1, 14: 1, 21: 2}),
    ("21 正花 of seat 3", win("123m456p789s23s55s+4s", flowers="37f", seat=3), {2: 1, 14: 1, 21: 2}),
    ("22 一台花 replaces its group's 正花", win("123m456p789s23s55s+4s", flowers="12345f"),
     {2: 1, 14: 1, 21: 1, 22: 2}),
    ("22 twice", win("123m456p789s23s55s+4s", flowers="12345678f"), {2: 1, 14: 1, 22: 4}),
    ("23 無花", win("123m456p789s23s55s+4s"), {2: 1, 14: 1, 23: 1}),
    ("24 花糊 alone", win(how="flower", flowers="1234567f"), {24: 3}),
    ("25 大花糊 alone", win(how="flower", flowers="12345678f"), {25: 8}),
    ("26 字一色", win("111z222z333z55z66z+6z"), {26: 10}),
    ("26 with how-won rows", win("111z222z333z55z66z+6z", how="self_draw", last_tile=True),
     {15: 1, 19: 1, 26: 10}),
    ("27 清么九", win("111m999m111p999p1s+1s"), {27: 10}),
    ("28 九子連環", win("1112345678999m+5m", how="self_draw"), {15: 1, 28: 10}),
    ("29 十三么", win("19m19p19s1234567z+1z"), {29: 13}),
    ("29 十三么 self-drawn", win("19m19p19s1234567z+9s", how="self_draw"), {15: 1, 29: 13}),
    ("30 大四喜", win("111z222z333z444z5m+5m"), {30: 13}),
    ("31 十八羅漢", win("5m+5m", melds=KONGS4), {31: 13}),
    ("32 天糊", win("123m456p789s23s55s+4s", how="self_draw", heavenly=True), {15: 1, 32: 13}),
    ("33 地糊", win("123m456p789s23s55s+4s", seat=3, earthly=True), {33: 13}),
    ("34 人糊", win("123m456p789s23s55s+4s", seat=3, human=True), {34: 13}),
]


@pytest.mark.parametrize("w, expected", [pytest.param(w, e, id=i) for i, w, e in FIRES])
def test_row_fires(w, expected):
    assert fan(w) == expected


def test_every_row_has_a_case():
    fired = {n for _, _, e in FIRES for n in e}
    casual_only = {37, 38}  # off under club: their cases are under casual below
    assert fired | casual_only == {row.number for row in TABLE.rows.values()}


# (id, win, the row that must not be listed): a near miss of each row
NEAR_MISSES = [
    ("2 a pong among the sets", win("123m456m789p222s5s+5s"), 2),
    ("3 one chow", win("444p777s78s11z+9s", melds=("pon:222m",)), 3),
    ("4 the discard completes a pong", win("111m444p777s99s11z+9s"), 4),
    ("4 a claimed pong", win("444p777s999s1z+1z", melds=("pon:111m",)), 4),
    ("5 two suits", win("123m456m789m11p22z+2z"), 5),
    ("5 no honour (清一色)", win("123m456m789m22m55m+5m"), 5),
    ("6 an honour", win("123m456m789m11z22z+2z"), 6),
    ("7 a middle tile", win("222m999p11z99s+9s", melds=("pon:111s",)), 7),
    ("7 no honour (清么九)", win("111m999m111p999p1s+1s"), 7),
    ("8 a wind pong", win("123m456p555s66s11z+1z"), 8),
    ("9 another seat's wind", win("123m456p789s22z11s+2z", seat=3), 9),
    ("9 the wind as the pair", win("123m456p789s111s2z+2z", seat=2), 9),
    ("10 not the round wind", win("123m456p789s22z11s+2z", seat=3, round_wind="1z"), 10),
    ("11 no dragon pair", win("123m456p666z777z1s+1s"), 11),
    ("12 two dragon pongs", win("123m456p666z777z5z+5z"), 12),
    ("13 a dragon pair", win("111z222z333z55z12m+3m"), 13),
    ("14 a concealed kong breaks it", win("456p789s23s55s+4s", melds=("ankong:1111m",)), 14),
    ("14 a chow", win("456p789s23s55s+4s", melds=("chi:123m",)), 14),
    ("15 on a discard", win("123m456p789s23s55s+4s"), 15),
    ("16 on a discard", win("123m456p789s23s55s+4s"), 16),
    ("17 no kong before", win("123m456p23s55s+4s", how="self_draw", melds=("kong:7777p",)), 17),
    ("17 on a discard after a kong", win("123m456p23s55s+4s", melds=("kong:7777p",), kong_chain=1), 17),
    ("18 one kong", win("123m23s55s+4s", how="self_draw", melds=("kong:7777p", "ankong:9999m"),
                        kong_chain=1), 18),
    ("19 not the last tile", win("123m456p789s23s55s+4s", how="self_draw"), 19),
    ("19 a discard at the end", win("123m456p789s23s55s+4s", last_tile=True), 19),
    ("20 a self-draw", win("123m456p789s23s55s+4s", how="self_draw", last_discard=True), 20),
    ("20 not the last discard", win("123m456p789s23s55s+4s"), 20),
    ("21 another seat's flowers", win("123m456p789s23s55s+4s", flowers="26f"), 21),
    ("22 three of a group", win("123m456p789s23s55s+4s", flowers="123f"), 22),
    ("23 a flower laid out", win("123m456p789s23s55s+4s", flowers="2f"), 23),
    ("26 a terminal pair", win("111z222z333z55z99m+9m"), 26),
    ("27 an honour", win("111m999m111p999p1z+1z"), 27),
    ("28 a chow on the table", win("1114567899m+9m", how="self_draw", melds=("chi:123m",)), 28),
    ("28 a broken gate", win("1112344566789m+9m", how="self_draw"), 28),
    ("29 a second pair", win("19m19p19s1234566z+1z"), 29),
    ("30 three wind pongs", win("111z222z333z44z12m+3m"), 30),
    ("31 three kongs and a pong", win("5m+5m", melds=KONGS4[:3] + ("pon:444z",)), 31),
    ("32 no flag", win("123m456p789s23s55s+4s", how="self_draw"), 32),
    ("33 no flag", win("123m456p789s23s55s+4s", seat=3), 33),
    ("34 no flag", win("123m456p789s23s55s+4s", seat=3), 34),
]


@pytest.mark.parametrize("w, row", [pytest.param(w, r, id=i) for i, w, r in NEAR_MISSES])
def test_row_near_miss(w, row):
    rows = fan(w)
    assert rows is None or row not in rows


def test_flower_win_needs_seven_flowers_and_its_row():
    """HK-FAN-24/25 near misses: six flowers win nothing; with flowers off, or the row at 0
    (`casual`), a flower win does not stand (HK-FAN-0.8)."""
    assert fan(win(how="flower", flowers="123456f")) is None
    assert fan(win(how="flower", flowers="1234567f"), rules(flowers=False)) is None
    assert fan(win(how="flower", flowers="1234567f"), rules("casual")) is None
    c = count(win(how="flower", flowers="12345678f"))
    assert (c.limit, c.fan_min, c.qualifies, c.fan_paid) == ("HK-FAN-25", 8, True, 8)


def test_not_a_winning_hand():
    assert fan(win("123m456p789s23s56s+4s")) is None
    c = count(win("123m456p789s23s56s+4s"))
    assert not c.complete and not c.qualifies and c.portion == 0
    assert fan(win("1133557799m113p+3p")) is None  # 七對子 is no winning hand (§0)


# --- the procedure (HK-FAN-0) ------------------------------------------------------------------

def test_rulebook_example_of_section_10():
    """§10.2's example: 對對糊 3 + 番子 1 + 正花 1 = 5, fan_min 4, P = 5 × 24 = 120."""
    w = win("111m999p3344s+4s", melds=("pon:666z",), flowers="1f")
    c = count(w, rules(base=5))
    assert (c.fan, c.fan_min, c.fan_paid, c.limit, c.portion) == (5, 4, 5, None, 120)
    assert [p.as_json() for p in c.patterns] == [
        {"rule": "HK-FAN-3", "name": "對對糊", "en": "all pongs", "fan": 3},
        {"rule": "HK-FAN-8", "name": "番子", "en": "dragon pong", "fan": 1},
        {"rule": "HK-FAN-21", "name": "正花", "en": "seat flower", "fan": 1}]
    assert c.as_json()["portion"] == 120 and c.as_json()["limit"] is None


def test_worked_count_of_section_2():
    """§2's worked count: seat 2, round East, 中 ponged, 234p 567p 999p + 東東 on a discard:
    混一色 3 + 番子 1 + 無花 1 = 5, fan_min 4 (無花 is a bonus row)."""
    c = count(win("234p567p999p1z+1z", melds=("pon:777z",), seat=2))
    assert (c.fan, c.fan_min, c.fan_paid) == (5, 4, 5)


def test_best_split_is_scored():
    """HK-FAN-0.5: 111222333p 444p 55p self-drawn reads as four concealed pongs (坎坎糊 8) or as
    chows (no 8); the pongs are scored: 8 + 清一色 7 + 門前清 1 + 自摸 1 + 無花 1 = 18, paid 10."""
    c = count(win("1112223334445p+5p", how="self_draw"))
    assert fan(win("1112223334445p+5p", how="self_draw")) == {4: 8, 6: 7, 14: 1, 15: 1, 23: 1}
    assert (c.fan, c.fan_min, c.fan_paid) == (18, 17, 10)


def test_minimum_counts_without_bonus_rows():
    """HK-FAN-0.6 / 35: 番子 1 + 門前清 1 + 一台花 2: fan 4 but fan_min 2, below 3 — it does
    not win; ``bonus_counts_to_minimum`` makes it 4."""
    w = win("123m456p789s555z1s+1s", flowers="1234f", seat=2)
    c = count(w)
    assert (c.fan, c.fan_min, c.qualifies, c.complete) == (4, 2, False, True)
    c = count(w, rules(bonus_counts_to_minimum=True))
    assert (c.fan, c.fan_min, c.qualifies) == (4, 4, True)


@pytest.mark.parametrize("min_fan, wins", [(3, True), (4, False), (0, True)])
def test_minimum(min_fan, wins):
    """HK-FAN-35: fan_min 3 (番子 1 + 門前清 1 + 門風 1) wins at a minimum of 3, not of 4."""
    c = count(win("123m456p555z11z99s+1z", seat=1, round_wind="2z"), rules(min_fan=min_fan))
    assert c.fan_min == 3 and c.qualifies is wins


def test_limit_hand_qualifies_whatever_its_value():
    """HK-FAN-35: a class-L row qualifies even when set below the minimum (人糊 at 3, a club's
    choice); it stays a limit hand (HK-FAN-0.3: nothing else counts)."""
    w = win("123m456p789s23s55s+4s", seat=3, human=True)
    c = count(w, rules(fan_table={"HK-FAN-34": 3}, min_fan=5))
    assert (c.fan, c.limit, c.qualifies) == (3, "HK-FAN-34", True)


def test_cap():
    """HK-FAN-36: a count above limit_fan is paid at it; limit_fan 13 pays 13."""
    w = win("111z222z333z444z5m+5m")
    assert (count(w).fan, count(w).fan_paid, count(w).portion) == (13, 10, 128)
    assert count(w, rules(limit_fan=13)).fan_paid == 13


def test_small_four_winds_as_a_limit():
    """HK-FAN-13 with ``small_four_winds: limit``: an L row of 13; nothing else counts."""
    c = count(win("111z222z333z44z12m+3m"), rules(small_four_winds="limit"))
    assert (c.fan, c.limit, c.fan_paid) == (13, "HK-FAN-13", 10)
    c = count(win("111z222z333z44z12m+3m"), rules(small_four_winds="limit", fan_table={"HK-FAN-13": 11}))
    assert (c.fan, c.limit) == (11, "HK-FAN-13")


def test_several_limit_rows_take_the_highest():
    """HK-FAN-0.3: 字一色 (10) and 大四喜 (13) both hold: 13 counts, listed alone."""
    assert fan(win("111z222z333z444z5z+5z")) == {30: 13}


def test_zero_value_switches_a_row_off():
    """HK-FAN-0.8: a row at 0 never holds nor strikes: 坎坎糊 off leaves 對對糊 standing."""
    w = win("111m444p777s99s11z+9s", how="self_draw")
    assert fan(w, rules(fan_table={"HK-FAN-4": 0})) == {3: 3, 14: 1, 15: 1, 23: 1}


def test_fan_table_overrides_a_value():
    assert fan(win("123m456m789m11z22z+2z"), rules(fan_table={"HK-FAN-5": 4})) == {5: 4, 14: 1, 23: 1}


def test_concealed_hand_with_flowers_off():
    """HK-FAN-14 under ``concealed_hand_with_flowers: false``: no 門前清 while flowers are played;
    with ``flowers: false`` it holds again (and 無花 is gone)."""
    w = win("123m456p789s23s55s+4s")
    assert 14 not in fan(w, rules(concealed_hand_with_flowers=False))
    assert fan(w, rules(concealed_hand_with_flowers=False, flowers=False)) == {2: 1, 14: 1}


# --- casual: one row per hand (HK-FAN-0.9) -----------------------------------------------------

CASUAL = rules("casual")


def test_casual_half_flush_pongs():
    """§2's example: 111m 555m 999m 東東東 + 白白 holds 對對糊 2, 混一色 2 and 混碰 4: count 4."""
    w = win("111m999m111z5z+5z", melds=("pon:555m",))
    c = count(w, CASUAL)
    assert (c.fan, c.fan_min, [p.rule for p in c.patterns]) == (4, 4, ["HK-FAN-37"])
    club = fan(w)
    assert club == {3: 3, 5: 3, 9: 1, 10: 1, 23: 1}  # 37 is off; its parts add
    assert count(w, rules("casual", base=5)).portion == 80  # §9.2: P = 5 × 16, the discarder pays 160


def test_casual_full_flush_pongs():
    """HK-FAN-38 清碰 5 under casual; near miss: one chow is 清一色 4."""
    assert fan(win("111m333m555m777m9m+9m"), CASUAL) == {38: 5}
    assert fan(win("123m333m555m777m9m+9m"), CASUAL) == {6: 4}


def test_chicken_hand_is_never_listed_and_loses_under_club():
    """HK-FAN-1 雞糊: a winning hand with no row counts 0 and lists nothing; under club (min 3)
    it does not win; near miss: one row (平糊) is listed."""
    w = win("456p222s78s55s+9s", melds=("chi:123m",), flowers="2f")
    c = count(w)
    assert (c.complete, c.qualifies, c.fan, c.patterns) == (True, False, 0, ())
    assert fan(win("456p789s23s55s+4s", melds=("chi:123m",), flowers="2f")) == {2: 1}


def test_casual_chicken_hand_wins():
    """§9.2: a 雞糊 (no row) wins under casual (min_fan 0): fan 0, P = base × 1."""
    c = count(win("456p222s78s55s+9s", how="self_draw", melds=("chi:123m",)), rules("casual", base=5))
    assert (c.fan, c.qualifies, c.patterns, c.portion) == (0, True, (), 5)


def test_casual_limit_and_curve():
    """casual: 大四喜 6 (its 例牌 value) at its cap 6 on the spicy curve: P = 64 × base."""
    c = count(win("111z222z333z444z5m+5m"), rules("casual", base=5))
    assert (c.fan, c.fan_paid, c.portion, c.limit) == (6, 6, 320, "HK-FAN-30")


def test_count_is_memoised():
    w = win("123m456m789m11z22z+2z")
    assert count_win(w, CLUB) is count_win(w, rules())
