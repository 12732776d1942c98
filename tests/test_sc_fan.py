"""Sichuan 番 (SC-FAN-0 … 30): each base row held and a near miss, one base row only (the highest),
the additions, 根 and its exceptions, the cap, ``fan_table`` overrides, and the rulebook's worked
examples. Counted from 0: V = B × 2^F (SC-PAY-0)."""
import pytest

from rulesbook.sichuan.fan import IMPLICIT, count_win, sc_win
from rulesbook.sichuan.options import ScRules
from tests.fan13kit import win as hand

CHENGDU = ScRules.of()


def sc(text: str, how: str = "discard", melds=(), void: int = -1, rules: ScRules = CHENGDU,
       kong_discard: bool = False, **flags):
    return count_win(sc_win(hand(text, how=how, melds=melds, **flags), kong_discard, void), rules)


def rows(c) -> list[str]:
    return [p.rule for p in c.patterns]


@pytest.mark.parametrize("text, melds, row, fan", [
    ("123m456m789m11p45p+6p", (), "SC-FAN-1", 0),  # 平胡
    ("111m222p333p44m55p+5p", (), "SC-FAN-2", 1),  # 对对胡
    ("123m456m789m22m45m+6m", (), "SC-FAN-3", 2),  # 清一色
    ("123m789m111p999p9m+9m", (), "SC-FAN-4", 2),  # 带幺九 (every set and the pair hold a 1 or a 9)
    ("11m22m33p44p66p77p9p+9p", (), "SC-FAN-5", 2),  # 七对
    ("5m+5m", ("pon:111p", "pon:222p", "pon:999m", "pon:333m"), "SC-FAN-6", 2),  # 金钩钓
    ("111m222m333m44m55m+5m", (), "SC-FAN-7", 3),  # 清对
    ("222m555m888p22p55p+5p", (), "SC-FAN-8", 3),  # 将对
    ("11m11m22p44p66p77p9p+9p", (), "SC-FAN-9", 4),  # 龙七对 (its four 1m are no 根)
    ("11m22m33m44m66m77m9m+9m", (), "SC-FAN-10", 4),  # 清七对
    ("123m789m111m99m78m+9m", (), "SC-FAN-11", 4),  # 清幺九 (four 1m, four 9m: + 2 根)
    ("5m+5m", ("pon:222p", "pon:888p", "pon:222m", "pon:888m"), "SC-FAN-12", 4),  # 将金钩钓
    ("5m+5m", ("pon:111m", "pon:222m", "pon:999m", "pon:333m"), "SC-FAN-13", 4),  # 清金钩钓
    ("11m11m22m44m66m77m9m+9m", (), "SC-FAN-14", 5),  # 清龙七对
    ("5m+5m", ("kong:1111p", "kong:2222p", "kong:9999m", "kong:3333m"), "SC-FAN-17", 6),  # 十八罗汉
    ("5m+5m", ("kong:1111m", "kong:2222m", "kong:9999m", "kong:3333m"), "SC-FAN-18", 8),  # 清十八罗汉
])
def test_each_base_row(text, melds, row, fan):  # SC-FAN-1 … 18 (uncapped count)
    c = sc(text, melds=melds)
    assert rows(c)[0] == row
    assert c.patterns[0].fan == fan
    assert rows(c)[1:] == (["SC-FAN-20", "SC-FAN-20"] if row == "SC-FAN-11" else [])


def test_one_base_row_only_the_highest():  # SC-FAN-0.2: 清一色 and 对对胡 are not added, 清对 counts
    c = sc("111m222m333m44m55m+5m")
    assert rows(c) == ["SC-FAN-7"] and c.fan == 3
    c = sc("123m456p789m22m45m+6m")  # near miss: two suits, 平胡
    assert rows(c) == ["SC-FAN-1"] and c.fan == 0


def test_roots_and_their_exceptions():  # SC-FAN-20, SC-FAN-9, SC-FAN-17
    assert rows(sc("1111m23m456p789p5p+5p")) == ["SC-FAN-1", "SC-FAN-20"]  # four 1m in hand
    assert rows(sc("1m23m456p789p5p+5p", melds=("pon:111m",))) == ["SC-FAN-1", "SC-FAN-20"]  # pon + the fourth
    assert rows(sc("23m456p789p55p+4m", melds=("pon:111m",))) == ["SC-FAN-1"]  # near miss: three
    c = sc("11m11m22p22p66p77p9p+9p")  # 龙七对 with two sets of four: the second is a 根
    assert rows(c) == ["SC-FAN-9", "SC-FAN-20"] and c.fan == 5
    c = sc("5m+5m", melds=("kong:1111p", "kong:2222p", "kong:9999m", "pon:333m"))  # 金钩钓 + 3 根
    assert rows(c) == ["SC-FAN-6", "SC-FAN-20", "SC-FAN-20", "SC-FAN-20"] and c.fan == 5


def test_the_rulebooks_examples():  # SC-FAN-0, SC-FAN-30 (§4)
    # 清一色 with one 根, self-drawn: 2 + 1 = 3 番, F 3, ×8
    c = sc("1111m23m567m999m4m+4m", how="self_draw")
    assert (c.fan, c.fan_paid, c.value) == (3, 3, 8)
    # 龙七对 holding two sets of four: 4 + 1 = 5, F 3 under the default cap
    c = sc("11m11m22p22p66p77p9p+9p")
    assert (c.fan, c.fan_paid, c.value) == (5, 3, 8)
    # 对对胡 won on a 杠上炮: 1 + 1 = 2, ×4
    c = sc("111m222p333p44m55p+5p", kong_discard=True)
    assert (rows(c), c.fan, c.value) == (["SC-FAN-2", "SC-FAN-22"], 2, 4)


def test_circumstance_rows():  # SC-FAN-15, 16, 21, 23, 24
    assert rows(sc("123m456m789m11p45p+6p", how="self_draw", heavenly=True))[0] == "SC-FAN-15"
    assert rows(sc("123m456m789m11p45p+6p", how="self_draw", human=True))[0] == "SC-FAN-16"
    assert rows(sc("123m456m789m11p45p+6p", earthly=True))[0] == "SC-FAN-16"
    assert rows(sc("123m456m789m11p45p+6p", human=True)) == ["SC-FAN-1"]  # a discard, not the dealer's first
    off = ScRules.of(options={"heavenly_earthly": False})
    assert rows(sc("123m456m789m11p45p+6p", how="self_draw", heavenly=True, rules=off)) == ["SC-FAN-1"]
    assert rows(sc("123m456m789m11p45p+6p", how="self_draw", kong_chain=1)) == ["SC-FAN-1", "SC-FAN-21"]
    assert rows(sc("123m456m789m11p45p+6p", how="rob_kong")) == ["SC-FAN-1", "SC-FAN-23"]
    assert rows(sc("123m456m789m11p45p+6p", how="self_draw", last_tile=True)) == ["SC-FAN-1", "SC-FAN-24"]
    assert rows(sc("123m456m789m11p45p+6p", last_tile=True)) == ["SC-FAN-1"]  # 海底 is a self-draw's


def test_room_extras_only_with_their_options():  # SC-FAN-26, SC-FAN-27 (preset online)
    online = ScRules.of("online")
    assert rows(sc("234m456m678p22p45p+6p", how="self_draw", rules=online)) == ["SC-FAN-1", "SC-FAN-26", "SC-FAN-27"]
    assert rows(sc("234m456m678p22p45p+6p", how="self_draw")) == ["SC-FAN-1"]  # chengdu: neither
    assert rows(sc("234m678p22p45p+6p", how="self_draw", melds=("pon:555m",), rules=online)) == ["SC-FAN-1", "SC-FAN-27"]
    assert online.options.cap_fan == 6 and online.options.call_transfer == "all_kongs"


def test_cap_and_overrides():  # SC-FAN-30, §12 fan_table, cap_fan
    c = sc("5m+5m", melds=("kong:1111m", "kong:2222m", "kong:9999m", "kong:3333m"))
    assert (c.fan, c.fan_paid, c.value) == (8, 3, 8)
    c = sc("5m+5m", melds=("kong:1111m", "kong:2222m", "kong:9999m", "kong:3333m"), rules=ScRules.of(options={"cap_fan": 8}))
    assert (c.fan_paid, c.value) == (8, 256)
    c = sc("111m222p333p44m55p+5p", rules=ScRules.of(fan_table={"SC-FAN-2": 2}, base=5))
    assert (c.fan, c.value) == (2, 20)


def test_the_void_suit_breaks_a_win():  # SC-QM-2
    assert sc("123m456m789m11p45p+6p", void=2).qualifies  # void s: no s held
    assert not sc("123m456m789m11p45p+6p", void=1).qualifies  # void p: p held
    assert sc("123m456m789m11p45p+6p", void=IMPLICIT).qualifies  # two suits
    assert not sc("123m456p789s11p45p+6p", void=IMPLICIT).qualifies  # three suits
