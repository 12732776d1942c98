"""Tiles: every code and alias of EVENT_LOG.md, compact strings and the unknown tile."""
import pytest

from referee.tiles import (UNKNOWN, TileError, code, compact, flower_seat, parse_compact, parse_tile,
                           parse_tiles)

ALIAS_ROWS = [
    ("一萬 二萬 三萬 四萬 五萬 六萬 七萬 八萬 九萬", "123456789m"),
    ("一万 五万 九万", "159m"),
    ("🀇 🀈 🀉 🀊 🀋 🀌 🀍 🀎 🀏", "123456789m"),
    ("一筒 五筒 九筒", "159p"),
    ("🀙 🀚 🀛 🀜 🀝 🀞 🀟 🀠 🀡", "123456789p"),
    ("一索 五條 九条", "159s"),
    ("🀐 🀑 🀒 🀓 🀔 🀕 🀖 🀗 🀘", "123456789s"),
    ("E S W N", "1234z"),
    ("東 南 西 北", "1234z"),
    ("🀀 🀁 🀂 🀃", "1234z"),
    ("P F C", "567z"),
    ("白 發 中", "567z"),
    ("🀆 🀅 🀄", "567z"),
    ("梅 蘭 竹 菊 春 夏 秋 冬", "12345678f"),
    ("松", "1f"),
    ("🀢 🀣 🀤 🀥 🀦 🀧 🀨 🀩", "12345678f"),
]


@pytest.mark.parametrize("aliases, codes", ALIAS_ROWS, ids=[r[0].split()[0] for r in ALIAS_ROWS])
def test_aliases_name_the_same_tiles_as_codes(aliases, codes):
    assert parse_tiles(aliases.split()) == parse_compact(codes)


def test_every_code_round_trips():
    for t in range(42):
        assert parse_tile(code(t)) == t
    assert parse_tile("?") == UNKNOWN and code(UNKNOWN) == "?"


@pytest.mark.parametrize("text, expected", [
    pytest.param("123m11z??", ["1m", "2m", "3m", "1z", "1z", "?", "?"], id="digits-suit-and-unknown"),
    pytest.param("1m1m2p", ["1m", "1m", "2p"], id="one-digit-groups"),
    pytest.param("", [], id="empty"),
])
def test_compact_strings(text, expected):
    assert [code(t) for t in parse_compact(text)] == expected


@pytest.mark.parametrize("bad", ["8z", "0m", "9f", "12", "m", "1x", "東", "1m 2m"])
def test_bad_compact_strings_are_rejected(bad):
    with pytest.raises(TileError):
        parse_compact(bad)


@pytest.mark.parametrize("bad", ["0m", "8z", "ZZ", "", 5, None])
def test_bad_single_tiles_are_rejected(bad):
    with pytest.raises(TileError):
        parse_tile(bad)


def test_compact_output_groups_runs_of_a_suit():
    assert compact(parse_compact("123m456p11z?")) == "123m456p11z?"


def test_flower_seat_numbers():
    assert [flower_seat(t) for t in parse_compact("12345678f")] == [1, 2, 3, 4, 1, 2, 3, 4]


def test_red_fives_only_when_asked():
    from referee.tiles import TileError, code, is_flower, is_red, kind_of, parse_compact, parse_tile

    assert parse_compact("550m", red=True) == (4, 4, 42)
    assert [parse_tile(t, red=True) for t in ("0p", "5pr", "赤五索")] == [43, 43, 44]
    assert [code(t) for t in (42, 43, 44)] == ["0m", "0p", "0s"]
    assert [kind_of(t) for t in (42, 43, 44, 4, 34)] == [4, 13, 22, 4, 34]
    assert is_red(42) and not is_red(4) and not is_flower(42) and is_flower(41)
    for bad in (lambda: parse_tile("0m"), lambda: parse_compact("0m"), lambda: parse_compact("0z", red=True)):
        with pytest.raises(TileError):
            bad()
