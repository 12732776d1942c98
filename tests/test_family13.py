"""The 13-tile family's shared pieces (rulesbook/family13): the splits of a winning hand, the
pattern predicates over a split, and 番 counting with a table as data (on a toy table, so that the
procedure is tested apart from any variant's values)."""
from __future__ import annotations

from types import MappingProxyType

import pytest

from referee.hand import SEQ, TRIPLET
from rulesbook.family13 import patterns as pt
from rulesbook.family13.context import Set13, Split, Win13
from rulesbook.family13.counting import Count, Row, Rules, Table, best, count_split, paid, patterns, qualifies
from rulesbook.family13.shapes import concealed_splits, splits, wins
from tests.fan13kit import win

# --- splits ------------------------------------------------------------------------------------


def test_a_pong_completed_by_a_discard_is_claimed():
    by_discard = splits(win("111m444p777s99s11z+9s"))
    assert len(by_discard) == 1 and Set13(TRIPLET, 26, False, True) in by_discard[0].sets
    self_drawn = splits(win("111m444p777s99s11z+9s", how="self_draw"))
    assert not any(s.claimed for s in self_drawn[0].sets)
    robbed = splits(win("111m444p777s99s11z+9s", how="rob_kong"))
    assert Set13(TRIPLET, 26, False, True) in robbed[0].sets


def test_the_winning_tile_in_a_pong_or_a_chow_gives_two_readings():
    """1111m 23m: the discarded 1m completes 111m (claimed) or 123m (111m stays concealed)."""
    out = splits(win("11123m456p789s55z+1m"))
    marks = sorted(next(s.claimed for s in x.sets if s.kind == TRIPLET and s.tile == 0) for x in out)
    assert marks == [False, True]
    assert len(splits(win("11123m456p789s55z+1m", how="self_draw"))) == 1  # one when self-drawn


def test_sets_on_the_table_join_every_split():
    w = win("789s23s55s+4s", melds=("pon:111m", "ankong:9999m"))
    (s,) = splits(w)
    assert Set13(TRIPLET, 0, False, True) in s.sets and Set13(TRIPLET, 8, True, False) in s.sets
    assert len(s.sets) == 4 and s.pair == 22


def test_thirteen_orphans_and_no_seven_pairs():
    (s,) = splits(win("19m19p19s1234567z+7z"))
    assert s.orphans and s.sets == () and s.pair is None
    assert not wins(win("1133557799m113p+3p"))  # 七對子: no winning hand of this family
    assert not wins(win("19m19p19s123456z+7z", sized=False))  # one short


def test_seven_pairs_where_a_variant_plays_them():
    """Off by default (Hong Kong); ``distinct`` pairs, or ``four_as_two`` (龍七對); never with a
    meld; a hand that is also four sets and a pair keeps both readings."""
    w = win("1133557799m113p+3p")
    assert splits(w) == () and splits(w, "distinct") == (Split((), None, pairs=(0, 2, 4, 6, 8, 9, 11)),)
    four = win("1111335577m113p+3p")
    assert splits(four, "distinct") == ()
    assert splits(four, "four_as_two")[0].pairs == (0, 0, 2, 4, 6, 9, 11)
    assert wins(win("112233m445566p7s+7s"), "distinct") and len(splits(win("112233m445566p7s+7s"), "distinct")) == 2


def test_wrong_sizes_do_not_win():
    assert splits(win("123m456p789s23s55s+4s", melds=("pon:111z",), sized=False)) == ()
    assert splits(win("123m456p789s23s5s+4s", sized=False)) == ()


def test_concealed_splits_are_memoised():
    c = win("11123m456p789s55z+1m").concealed
    assert concealed_splits(c, 0, True) is concealed_splits(c, 0, True)


def test_win_context_checks_its_tiles():
    with pytest.raises(ValueError):
        Win13((0,) * 33, None, "self_draw")
    with pytest.raises(ValueError):
        Win13((0,) * 34, 5, "discard")  # the winning tile must be among the concealed tiles
    for bad in ({"seat": 0}, {"seat": 5}, {"round_wind": 31}, {"kong_chain": -1}):
        with pytest.raises(ValueError):
            Win13((0,) * 34, None, "flower", **bad)
    Win13((0,) * 34, None, "flower", seat=4, round_wind=30, kong_chain=0)  # near miss


# --- predicates --------------------------------------------------------------------------------


def split_of(text: str, **kw) -> Split:
    return splits(win(text, **kw))[0]


def test_shape_predicates():
    assert pt.all_chows(split_of("123m456m789p234s1z+1z"))
    assert not pt.all_chows(split_of("123m456m789p222s5s+5s"))
    assert pt.all_pongs(split_of("111m444p777s99s11z+9s"))
    assert not pt.concealed_pongs(split_of("111m444p777s99s11z+9s"))
    assert pt.concealed_pongs(split_of("111m444p777s999s1z+1z"))
    assert pt.kongs(split_of("5m+5m", melds=("kong:1111m", "ankong:2222p", "added:3333s", "pon:444z"))) == 3


@pytest.mark.parametrize("hand, flags", [
    ("123m456m789m11z22z+2z", {"half_flush"}),
    ("123m456m789m22m55m+5m", {"full_flush"}),
    ("111z222z333z55z66z+6z", {"all_honours"}),
    ("111m999m111p999p1s+1s", {"all_terminals"}),
    ("111m999p11z99s111s+9s", {"mixed_terminals"}),
    ("123m456p789s23s55s+4s", set()),
])
def test_suit_predicates(hand, flags):
    h = pt.hand_tiles(win(hand))
    found = {name for name in ("half_flush", "full_flush", "all_honours", "all_terminals", "mixed_terminals")
             if getattr(pt, name)(h)}
    assert found == flags


def test_suit_predicates_read_the_melds_too():
    """A 萬 chow on the table breaks a 筒 flush."""
    assert pt.full_flush(pt.hand_tiles(win("456p789p23p55p+4p", melds=("chi:123p",))))
    assert not pt.full_flush(pt.hand_tiles(win("456p789p23p55p+4p", melds=("chi:123m",))))


def test_honour_predicates():
    s = split_of("123m555z666z777z1s+1s")
    assert pt.dragon_pongs(s) == 3 and pt.big_three_dragons(s) and not pt.small_three_dragons(s)
    s = split_of("123m456p666z777z5z+5z")
    assert pt.small_three_dragons(s) and not pt.big_three_dragons(s)
    s = split_of("111z222z333z44z12m+3m")
    assert pt.small_four_winds(s) and not pt.big_four_winds(s) and pt.pong_of(s, 27) and not pt.pong_of(s, 30)
    assert pt.big_four_winds(split_of("111z222z333z444z5m+5m"))


@pytest.mark.parametrize("extra", [f"{n}m" for n in range(1, 10)])
def test_nine_gates_with_any_tile_of_its_suit(extra):
    assert pt.nine_gates(win(f"1112345678999m+{extra}", how="self_draw"))


def test_nine_gates_near_misses():
    assert not pt.nine_gates(win("1112344566789m+9m", how="self_draw"))
    assert not pt.nine_gates(win("1114567899m+9m", how="self_draw", melds=("chi:123m",)))
    assert pt.nine_gates(win("1112345678999s+9s", how="self_draw"))


def test_flower_predicates():
    flowers = win(flowers="12345f", how="flower").flowers
    assert pt.full_flower_groups(flowers) == 1
    assert pt.seat_flowers(flowers, 1) == 1  # 5f 春; 1f 梅 is in its full group
    assert pt.seat_flowers(win(flowers="37f", how="flower").flowers, 3) == 2
    assert pt.seat_flowers(win(flowers="37f", how="flower").flowers, 4) == 0


# --- counting on a toy table -------------------------------------------------------------------

ROWS = {f"X-{n}": Row(f"X-{n}", f"行{n}", f"row {n}", cls) for n, cls in
        ((1, "S"), (2, "S"), (3, "U"), (4, "C"), (5, "B"), (6, "L"), (7, "L"), (8, "W"), (9, "C"))}
TOY = Table(MappingProxyType(ROWS), MappingProxyType({"X-1": ("X-2",), "X-2": ("X-3",), "X-9": ("X-4",)}),
            frozenset(("X-4", "X-9")))
VALUES = {"X-1": 2, "X-2": 3, "X-3": 1, "X-4": 1, "X-5": 2, "X-6": 10, "X-7": 13, "X-8": 8, "X-9": 5}


def rules(**kw) -> Rules:
    return Rules(kw.pop("values", VALUES), kw.pop("min_fan", 3), kw.pop("limit_fan", 10), **kw)


def listed(c: Count) -> list[tuple[str, int]]:
    return [(p.rule, p.fan) for p in patterns(TOY, c, VALUES)]


def test_strikes_come_at_once_from_every_holding_row():
    """X-1 strikes X-2 and X-2 (itself struck) still strikes X-3."""
    c = count_split(TOY, {"X-1": 1, "X-2": 1, "X-3": 1, "X-4": 1}, rules())
    assert listed(c) == [("X-1", 2), ("X-4", 1)] and c.fan == 3


def test_a_row_held_twice_is_listed_twice():
    c = count_split(TOY, {"X-3": 2, "X-5": 2}, rules())
    assert listed(c) == [("X-3", 1), ("X-3", 1), ("X-5", 2), ("X-5", 2)]
    assert (c.fan, c.fan_min) == (6, 2)  # bonus rows do not count toward the minimum
    assert count_split(TOY, {"X-3": 2, "X-5": 2}, rules(bonus_counts_to_minimum=True)).fan_min == 6


def test_a_zero_row_is_off_and_strikes_nothing():
    c = count_split(TOY, {"X-1": 1, "X-2": 1}, rules(values={**VALUES, "X-1": 0}))
    assert listed(c) == [("X-2", 3)]


def test_limit_rows():
    """The highest limit row and the how-won rows (their own strikes applied), nothing else."""
    c = count_split(TOY, {"X-1": 1, "X-6": 1, "X-7": 1, "X-4": 1, "X-9": 1, "X-5": 1}, rules())
    assert listed(c) == [("X-7", 13), ("X-9", 5)] and (c.fan, c.fan_min, c.limit) == (18, 18, "X-7")


def test_a_flower_win_alone():
    c = count_split(TOY, {"X-8": 1, "X-1": 1, "X-7": 1}, rules())
    assert listed(c) == [("X-8", 8)] and c.limit == "X-8"


def test_highest():
    c = count_split(TOY, {"X-1": 1, "X-2": 1, "X-5": 1}, rules(combination="highest"))
    assert listed(c) == [("X-2", 3)] and (c.fan, c.fan_min, c.limit) == (3, 3, None)
    c = count_split(TOY, {"X-5": 1, "X-3": 1}, rules(combination="highest"))
    assert (c.fan, c.fan_min) == (2, 1)  # the bonus row is the highest; the minimum reads the rest
    c = count_split(TOY, {"X-6": 1, "X-9": 1}, rules(combination="highest"))
    assert (c.fan, c.limit, c.limit_holds) == (10, "X-6", True)
    # a limit row that holds but is not the highest still lets the split qualify (HK-FAN-0.5)
    c = count_split(TOY, {"X-6": 1, "X-9": 1}, rules(combination="highest", values={**VALUES, "X-6": 1}))
    assert (c.fan, c.limit, c.limit_holds) == (5, None, True)
    assert qualifies(c, rules(min_fan=8)) and not qualifies(Count(5, 5, None, (("X-9", 1),)), rules(min_fan=8))
    assert count_split(TOY, {}, rules(combination="highest")) == Count(0, 0, None, ())


def test_one_hand_type_and_additions():
    """``combination: type``: of the type rows (here S and U) only the highest counts; the other
    rows add, after strikes (X-9 strikes X-4)."""
    typed = Table(TOY.rows, TOY.excludes, TOY.limit_keeps, frozenset("SU"))
    c = count_split(typed, {"X-2": 1, "X-3": 1, "X-4": 1, "X-9": 1, "X-5": 1}, rules(combination="type"))
    assert c.rows == (("X-2", 1), ("X-5", 1), ("X-9", 1)) and (c.fan, c.fan_min) == (10, 8)
    c = count_split(typed, {"X-1": 1, "X-3": 1}, rules(combination="type", values={**VALUES, "X-3": 2}))
    assert c.rows == (("X-1", 1),) and c.fan == 2  # equal values: the lower number
    assert count_split(TOY, {"X-1": 1, "X-3": 1}, rules(combination="type")).fan == 3  # no type classes: all add


def test_best_split_order_and_the_minimum():
    a = Count(5, 2, None, ())  # most 番 but below the minimum
    b = Count(4, 3, None, count_split(TOY, {"X-2": 1, "X-4": 1}, rules()).rows)
    c = Count(4, 4, None, ())
    d = Count(4, 4, None, count_split(TOY, {"X-1": 1, "X-9": 1}, rules()).rows[:1])
    scored, top = best([a, b, c, d], rules())
    assert top is a and scored is c  # ties: the higher fan_min, then the lower row numbers
    assert best([d, c], rules())[0] is c
    assert best([a], rules()) == (None, a) and best([], rules()) == (None, None)
    assert qualifies(Count(1, 1, "X-6", (), True), rules()) and not qualifies(Count(2, 2, None, ()), rules())


def test_cap():
    assert paid(13, rules()) == 10 and paid(9, rules()) == 9


def test_table_checks_its_data():
    with pytest.raises(AssertionError):
        Table(MappingProxyType(ROWS), MappingProxyType({"X-1": ("X-99",)}), frozenset())
    assert SEQ != TRIPLET
