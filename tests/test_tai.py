"""Face tai 牌面 (RULEBOOK §3, TW-TAI): each pattern fires with its exact tai, and a near miss
does not. Hands are written ``concealed+win``: the concealed tiles without the winning tile, then
the winning tile; ``ctx()`` adds it back. Expected results map clause numbers to tai."""
from __future__ import annotations

from dataclasses import replace

import pytest

from rulesbook.tw16.face import WinContext
from referee.tiles import parse_compact, parse_tile
from rulesbook.tw16.options import Options
from rulesbook.tw16.tai import EXCLUDES, score, standalone
from rulesbook.tw16.values import PATTERNS, tai_values
from tests.fan13kit import parse_win

VALUES = tai_values({})
ALL_FLOWERS = "12345678f"


def ctx(hand: str, *, how: str = "discard", melds=(), flowers: str = "", seat: int = 1,
        round_wind: str = "1z", **flags) -> WinContext:
    concealed, win_tile, laid = parse_win(hand, melds)
    return WinContext(
        concealed=concealed,
        win_tile=win_tile,
        how=how,
        melds=laid,
        flowers=parse_compact(flowers),
        seat=seat,
        round_wind=parse_tile(round_wind),
        is_dealer=seat == 1,
        **flags,
    )


def tai(c: WinContext, values=VALUES, **options) -> dict[int, int] | None:
    """Clause number → tai of the scored win; None when the hand is not complete."""
    s = score(c, Options(**options), values)
    if not s.complete:
        assert s.patterns == ()
        return None
    return {int(p.rule.rsplit("-", 1)[1]): p.tai for p in s.patterns}


# Reusable hands.
PLAIN_PON = dict(hand="234m567m789p55p23s+4s", melds=["pon:999s"])  # nothing but what is added
KANCHAN = "123m456m789m234p55p46s+5s"  # 嵌張 5s, concealed
TWO_SIDED = "123m456m789m234p55s67p+8p"  # 平和 shape on a discard
FIVE_MELDS = ["kong:9999p", "chi:123m", "pon:777s", "added:2222s", "chi:456m"]  # for 全求/半求


def case(name: str, c: WinContext, expected: dict[int, int] | None, **options):
    """One scored win: ``expected`` maps clause numbers to tai (None: not a winning hand)."""
    return pytest.param(c, options, expected, id=name)


def flower_win(hand: str, how: str = "flower", **kw) -> WinContext:
    """八仙過海 (or 七搶一): all eight flowers, the hand after the replacement draw."""
    return ctx(hand, how=how, flowers=ALL_FLOWERS, **kw)


def plain(**kw) -> WinContext:
    return ctx(PLAIN_PON["hand"], melds=kw.pop("melds", PLAIN_PON["melds"]), **kw)


CASES = [
    # TW-TAI-1 風字刻
    case("1-seat-and-round", ctx("111z234m567m789p55p23s+4s", seat=1), {1: 2, 3: 1}),
    case("1-round-only", ctx("111z234m567m789p55p23s+4s", seat=2), {1: 1, 3: 1}),
    case("1-seat-melded", ctx("234m567m789p55p23s+4s", melds=["pon:222z"], seat=2), {1: 1}),
    case("1-miss-other-wind", ctx("333z234m567m789p55p23s+4s", seat=1), {3: 1}),
    case("1-miss-wind-pair", ctx("11z234m567m789p555p23s+4s", seat=1), {3: 1}),
    # TW-TAI-2 箭字刻: one entry for two dragon triplets
    case("2-two-dragons", ctx("555z666z234m789p55p23s+4s"), {2: 2, 3: 1}),
    case("2-miss-dragon-pair", ctx("55z234m567m789p555p23s+4s"), {3: 1}),
    # TW-TAI-3 門清
    case("3-concealed-kong-allowed", ctx("234m567m789p55p23s+4s", melds=["ankong:9999s"]), {3: 1}),
    case("3-miss-chi", ctx("234m567m789p55p23s+4s", melds=["chi:789s"]), {7: 2}),
    case("3-miss-added-kong", ctx("234m567m789p55p23s+4s", melds=["added:9999s"]), {}),
    case("3-miss-claimed-kong", ctx("234m567m789p55p23s+4s", melds=["kong:9999s"]), {}),
    # TW-TAI-4 不求 (removes 自摸, keeps 門清)
    case("4-concealed-self-draw", ctx("123m456m789p55p23s567s+4s", how="self_draw"), {3: 1, 4: 2}),
    case("4-miss-chi", ctx("456m789p55p23s567s+4s", melds=["chi:123m"], how="self_draw"), {23: 1}),
    # TW-TAI-5 全求 / TW-TAI-6 半求 (獨聽, and 自摸, added)
    case("5-all-from-others", ctx("5p+5p", melds=FIVE_MELDS), {5: 2, 11: 1}),
    case("5-on-robbed-kong", ctx("5p+5p", melds=FIVE_MELDS, how="rob_kong"), {5: 2, 11: 1, 12: 1}),
    case("5-miss-concealed-kong", ctx("5p+5p", melds=["ankong:9999p", *FIVE_MELDS[1:]]), {11: 1}),
    case("6-half-from-others", ctx("5p+5p", melds=FIVE_MELDS, how="self_draw"), {6: 1, 11: 1, 23: 1}),
    case("6-miss-four-melds", ctx("456s5p+5p", melds=FIVE_MELDS[:4], how="self_draw"), {11: 1, 23: 1}),
    # TW-TAI-7 平和
    case("7-all-sequences", ctx(TWO_SIDED), {3: 1, 7: 2}),
    case("7-exposed-chis", ctx("789m234p55s67p+8p", melds=["chi:123m", "chi:456m"]), {7: 2}),
    case("7-miss-flower", ctx(TWO_SIDED, flowers="2f"), {3: 1}),
    case("7-miss-self-draw", ctx(TWO_SIDED, how="self_draw"), {3: 1, 4: 2}),
    case("7-miss-single-wait", ctx("123m456m789m234p55s68p+7p"), {3: 1, 11: 1}),
    case("7-miss-triplet", ctx("123m456m789m222p55s67p+8p"), {3: 1}),
    case("7-miss-honour-pair", ctx("123m456m789m234p55z67p+8p"), {3: 1}),
    # TW-TAI-8 對對和
    case("8-all-triplets", ctx("444p777s999m55p11s+1s", melds=["pon:222m"]), {8: 4, 16: 2}),
    case("8-miss-one-sequence", ctx("444p777s123m55p11s+1s", melds=["pon:222m"]), {}),
    # TW-TAI-11 獨聽, single_wait "kinds" (default)
    case("11-middle", ctx(KANCHAN), {3: 1, 11: 1}),
    case("11-edge", ctx("123m456m789m234p55p12s+3s"), {3: 1, 11: 1}),
    case("11-pair", ctx("123m456m789m234p567s7z+7z"), {3: 1, 11: 1}),
    case("11-miss-pair-or-sequence", ctx("123m456m789m234p567s5p+5p"), {3: 1, 7: 2}),
    case("11-fifth-copy-is-no-wait", ctx("1113m456p789p456s+2m", melds=["pon:333m"]), {11: 1}),
    case("11-miss-two-kinds", ctx("1113m456p789p456s+2m", melds=["pon:999s"]), {}),
    case("11-lik-gu-off", ctx("112233m1333445599p+2p"), {3: 1, 11: 1}),
    case("11-miss-lik-gu-wait-counts", ctx("112233m1333445599p+2p"), {3: 1, 7: 2}, lik_gu=True),
    # single_wait "shape": the winning tile's spot in the scored reading
    case("11-shape-middle", ctx("1113m456p789p456s+2m", melds=["pon:999s"]),
         {11: 1}, single_wait="shape"),
    case("11-shape-pair", ctx("123m456m789m234p567s5p+5p"), {3: 1, 11: 1}, single_wait="shape"),
    case("11-shape-edge-3", ctx("123m456m789m234p55p12s+3s"), {3: 1, 11: 1}, single_wait="shape"),
    case("11-shape-edge-7", ctx("123m456m789m234p55p89s+7s"), {3: 1, 11: 1}, single_wait="shape"),
    case("11-shape-miss-two-sided", ctx("123m456m789m234p55p56s+4s"),
         {3: 1, 7: 2}, single_wait="shape"),
    # TW-TAI-12 搶杠
    case("12-rob-kong", ctx(TWO_SIDED, how="rob_kong"), {3: 1, 7: 2, 12: 1}),
    case("12-miss-discard", ctx(TWO_SIDED), {3: 1, 7: 2}),
    # TW-TAI-13 字一色 (16 − 4 with 小三元; removes 對對和, 湊一色)
    case("13-all-honours", ctx("111z222z333z555z66z77z+7z"), {1: 2, 3: 1, 13: 12, 17: 5, 22: 4}),
    case("13-with-five-concealed", ctx("111z222z333z555z66z77z+7z", how="self_draw"),
         {1: 2, 4: 2, 13: 12, 18: 12, 22: 4}),
    case("13-miss-one-suit-tile", ctx("111z222z333z555z66z78m+9m"),
         {1: 2, 2: 1, 3: 1, 15: 4, 17: 5}),
    # TW-TAI-14 清一色 (removes 湊一色) / TW-TAI-15 湊一色
    case("14-one-suit", ctx("123m123m456m789m55m67m+8m"), {3: 1, 7: 2, 14: 12}),
    case("15-one-suit-honours", ctx("123m456m789m234m77z55m+5m"), {3: 1, 15: 4}),
    case("15-miss-two-suits", ctx("123m456m789m234p77z55m+5m"), {3: 1}),
    # TW-TAI-16/17/18 暗刻
    case("16-three-concealed", ctx("111m555p999s234s67p88s+8p"), {3: 1, 16: 2}),
    case("16-miss-third-on-discard", ctx("111m555p99s234s678p88s+9s"), {3: 1}),
    case("16-third-self-drawn", ctx("111m555p99s234s678p88s+9s", how="self_draw"),
         {3: 1, 4: 2, 16: 2}),
    case("16-concealed-kong-counts", ctx("555p999s234s67p88s+8p", melds=["ankong:7777z"]),
         {2: 1, 3: 1, 16: 2}),
    case("16-miss-kong-and-claimed", ctx("555p99s234s678p88s+9s", melds=["ankong:7777z"]),
         {2: 1, 3: 1}),
    case("17-with-concealed-kong",
         ctx("555p999s234s88s11m+1m", melds=["ankong:7777z"], how="self_draw"),
         {2: 1, 3: 1, 4: 2, 17: 5}),
    case("18-five-concealed", ctx("111m555p999s222s77p11z+7p", how="self_draw"), {4: 2, 18: 12}),
    case("18-miss-fifth-on-discard", ctx("111m555p999s222s77p11z+7p"), {3: 1, 8: 4, 17: 5}),
    # TW-TAI-19 大四喜 (removes 風字刻, 小四喜; 對對和 still counts) / TW-TAI-20 小四喜
    case("19-big-four-winds", ctx("111z222z333z444z234m5m+5m"), {3: 1, 15: 4, 17: 5, 19: 16}),
    case("19-with-all-triplets", ctx("333z444z55m99m+9m", melds=["pon:111z", "pon:222z"]),
         {8: 4, 15: 4, 19: 16}),
    case("20-little-four-winds", ctx("111z222z333z44z234m56m+7m"),
         {1: 2, 3: 1, 15: 4, 16: 2, 20: 8}),
    case("20-miss-two-wind-sets", ctx("111z222z44z234m567m56m+7m"), {1: 2, 3: 1, 15: 4}),
    # TW-TAI-21 大三元 / TW-TAI-22 小三元 (both remove 箭字刻)
    case("21-big-three-dragons", ctx("555z666z777z234m567m8m+8m"), {3: 1, 15: 4, 16: 2, 21: 8}),
    case("22-little-three-dragons", ctx("555z666z77z234m567m99p+9p"), {3: 1, 22: 4}),
    case("22-miss-becomes-big", ctx("555z666z77z234m567m99p+7z"), {3: 1, 21: 8}),
    case("22-miss-wind-pair", ctx("555z666z11z234m567m99p+9p"), {2: 2, 3: 1}),
    # TW-TAI-23 自摸 / 24 杠上開花 / 25 海底撈月
    case("23-self-draw", plain(how="self_draw"), {23: 1}),
    case("23-miss-discard", plain(), {}),
    case("24-kong-replacement", plain(how="self_draw", kong_replacement=True), {23: 1, 24: 1}),
    case("24-concealed-kong-replacement",
         plain(melds=["ankong:9999s"], how="self_draw", kong_replacement=True),
         {3: 1, 4: 2, 24: 1}),
    case("25-last-tile", plain(how="self_draw", last_tile=True), {23: 1, 25: 1}),
    case("25-last-tile-replacement", plain(how="self_draw", last_tile=True, kong_replacement=True),
         {23: 1, 24: 1, 25: 1}),
    case("25-miss-last-discard", plain(last_discard=True), {}),
    # TW-TAI-26 花牌
    case("26-seat-flower", plain(flowers="1f"), {26: 1}),
    case("26-both-colours", plain(flowers="1f5f"), {26: 2}),
    case("26-seat-3", plain(flowers="3f7f4f", seat=3), {26: 2}),
    case("26-full-colour", plain(flowers="1234f"), {26: 2}),
    case("26-full-colour-and-seat", plain(flowers="1234f6f", seat=2), {26: 3}),
    case("26-all-eight", plain(flowers=ALL_FLOWERS), {26: 8}),
    case("26-miss-other-seats", plain(flowers="2f7f"), {}),
    # TW-TAI-29 八仙過海 / TW-TAI-30 七搶一 (remove 花牌; a winning replacement adds its face)
    case("29-hand-not-winning", flower_win("123m456m789p55p23s569s+4s"), {29: 8}),
    case("29-no-replacement-tile", flower_win("123m456m789p55p23s569s4s"), {29: 8}),
    case("29-replacement-wins", flower_win("123m456m789p55p23s567s+4s"), {3: 1, 4: 2, 24: 1, 29: 8}),
    case("29-replacement-unknown-hand-wins", flower_win("123m456m789p55p23s567s4s"),
         {3: 1, 4: 2, 24: 1, 29: 8}),
    case("29-miss-ordinary-self-draw", flower_win("123m456m789p55p23s567s+4s", how="self_draw"),
         {3: 1, 4: 2, 26: 8}),
    case("30-hand-not-winning", flower_win("123m456m789p55p23s569s+4s", how="rob_flower"), {30: 8}),
    case("30-replacement-wins",
         flower_win("456m789p55p23s567s+4s", how="rob_flower", melds=["pon:111z"]),
         {1: 2, 23: 1, 24: 1, 30: 8}),
    # TW-TAI-31 天聽 / 32 地聽 (remove 門清; 不求 on self-draw)
    case("31-heavenly-ready", ctx(KANCHAN, tian_ting=True), {11: 1, 31: 8}),
    case("31-self-draw", ctx(KANCHAN, how="self_draw", tian_ting=True), {4: 2, 11: 1, 31: 8}),
    case("31-miss-not-declared", ctx(KANCHAN), {3: 1, 11: 1}),
    case("32-earthly-ready", ctx(KANCHAN, di_ting=True), {11: 1, 32: 6}),
    case("32-self-draw", ctx(KANCHAN, how="self_draw", di_ting=True), {4: 2, 11: 1, 32: 6}),
    # TW-TAI-33 天和 / 34 地和 / 35 人和
    case("33-heavenly-win", ctx(KANCHAN, how="self_draw", tian_hu=True), {33: 16}),
    case("33-miss", ctx(KANCHAN, how="self_draw"), {3: 1, 4: 2, 11: 1}),
    case("34-earthly-win-self-draw", ctx(KANCHAN, how="self_draw", di_hu=True, tian_ting=True),
         {4: 2, 11: 1, 34: 16}),
    case("34-earthly-win-discard", ctx(KANCHAN, di_hu=True, tian_ting=True), {11: 1, 34: 16}),
    case("35-human-win-self-draw", ctx(KANCHAN, how="self_draw", ren_hu=True, di_ting=True),
         {4: 2, 11: 1, 35: 8}),
    case("35-human-win-discard", ctx(KANCHAN, ren_hu=True, di_ting=True), {11: 1, 35: 8}),
    # TW-TAI-36 嚦咕嚦咕 (option lik_gu; removes 門清 and 不求, 自摸 stays)
    case("36-dragon-triplet", ctx("11m55m99m22p66p33s77s55z+5z"), {2: 1, 36: 8}, lik_gu=True),
    case("36-self-draw", ctx("11m55m99m22p66p33s77s55z+5z", how="self_draw"),
         {2: 1, 23: 1, 36: 8}, lik_gu=True),
    case("36-worthless-triplet", ctx("11m55m99m22p66p33s77s33z+3z"), {36: 8}, lik_gu=True),
    case("36-one-suit-honours", ctx("11m22m55m77m99m11z33z22z+2z"), {15: 4, 36: 8}, lik_gu=True),
    case("36-four-as-two-pairs", ctx("1111m55m99m22p66p33s77z+7z"), {2: 1, 36: 8}, lik_gu=True),
    case("36-single-wait", ctx("11m55m99m22p66p33s555z7s+7s"), {2: 1, 11: 1, 36: 8}, lik_gu=True),
    case("36-shape-single-wait", ctx("11m55m99m22p66p33s555z7s+7s"), {2: 1, 11: 1, 36: 8},
         lik_gu=True, single_wait="shape"),
    case("36-shape-miss-triplet", ctx("11m55m99m22p66p33s77s55z+5z"), {2: 1, 36: 8},
         lik_gu=True, single_wait="shape"),
    case("36-better-than-regular", ctx("112233m445566p77s88s+8s"), {36: 8}, lik_gu=True),
    case("36-miss-option-off-regular", ctx("112233m445566p77s88s+8s"), {3: 1}),
    case("36-miss-option-off", ctx("11m55m99m22p66p33s77s55z+5z"), None),
    # TW-TAI-37 河底撈魚 (option river_bottom)
    case("37-last-discard", plain(last_discard=True), {37: 1}, river_bottom=True),
    case("37-miss-self-draw", plain(how="self_draw", last_discard=True),
         {23: 1}, river_bottom=True),
    # the best reading
    case("best-winning-tile-in-sequence", ctx("111p23p555m999s22s345s+1p"), {3: 1, 16: 2}),
    case("best-triplets-over-sequences", ctx("111222333m456p78s99s+9s", flowers="2f"),
         {3: 1, 16: 2}),
    # incomplete hands
    case("incomplete-no-sets", ctx("123m456m789p55p23s569s+4s"), None),
    case("incomplete-too-many-tiles", ctx("123m456m789p55p23s567s+4s", melds=["pon:999s"]), None),
]


@pytest.mark.parametrize("c, options, expected", CASES)
def test_patterns(c, options, expected):
    assert tai(c, **options) == expected


@pytest.mark.parametrize("c, options, expected", CASES)
def test_no_excluded_pair_survives(c, options, expected):
    got = tai(c, **options) or {}
    for rule, removed in EXCLUDES.items():
        if int(rule.rsplit("-", 1)[1]) in got:
            assert not {int(r.rsplit("-", 1)[1]) for r in removed} & got.keys()


def test_worked_example_a():
    # 111p 444p 777s 999m 55z 33z + 3z on a discard, North seat, East round: no 獨聽 (5z and 3z).
    s = score(ctx("111p444p777s999m55z33z+3z", seat=4), Options(), VALUES)
    assert [(p.rule, p.name, p.tai) for p in s.patterns] == [
        ("TW-TAI-3", "門清", 1), ("TW-TAI-8", "對對和", 4), ("TW-TAI-17", "四暗刻", 5)]
    assert s.tai == 10


def test_worked_example_b():
    # 123s 456s 789s 111z 222z 3z + self-drawn 3z, West seat, East round.
    s = score(ctx("123s456s789s111z222z3z+3z", how="self_draw", seat=3), Options(), VALUES)
    assert [(p.rule, p.tai) for p in s.patterns] == [
        ("TW-TAI-1", 1), ("TW-TAI-3", 1), ("TW-TAI-4", 2), ("TW-TAI-11", 1), ("TW-TAI-15", 4)]
    assert s.tai == 9


def test_pattern_fields():
    s = score(ctx(KANCHAN), Options(), VALUES)
    assert [p.as_json() for p in s.patterns] == [
        {"rule": "TW-TAI-3", "name": "門清", "en": PATTERNS["TW-TAI-3"][1], "tai": 1},
        {"rule": "TW-TAI-11", "name": "獨聽", "en": PATTERNS["TW-TAI-11"][1], "tai": 1},
    ]
    assert s.complete


@pytest.mark.parametrize("c, overrides, expected", [
    pytest.param(ctx(KANCHAN), {"TW-TAI-3": 5}, {3: 5, 11: 1}, id="plain-key"),
    pytest.param(ctx("111z234m567m789p55p23s+4s"), {"TW-TAI-1.round": 3}, {1: 4, 3: 1},
                 id="sub-key-round"),
    pytest.param(plain(flowers="1234f"), {"TW-TAI-26.set": 5}, {26: 5}, id="sub-key-flower-set"),
    pytest.param(ctx("111z222z333z555z66z77z+7z"), {"TW-TAI-13.deduct": 0},
                 {1: 2, 3: 1, 13: 16, 17: 5, 22: 4}, id="sub-key-deduct"),
    # a pattern worth 0 is not listed but still holds: 不求 at 0 still removes 自摸
    pytest.param(ctx(KANCHAN, how="self_draw"), {"TW-TAI-4": 0}, {3: 1, 11: 1},
                 id="zero-value-still-excludes"),
])
def test_tai_table_overrides(c, overrides, expected):
    assert tai(c, values=tai_values(overrides)) == expected


def test_winning_tile_must_be_in_hand():
    c = replace(ctx(KANCHAN), win_tile=parse_tile("7z"))
    with pytest.raises(ValueError):
        score(c, Options(), VALUES)


def test_excludes_names_known_clauses():
    assert all(r in PATTERNS for rule, removed in EXCLUDES.items() for r in (rule, *removed))


# --- standalone face (TW-ZH) ---------------------------------------------------------------------

def face(c: WinContext, shown: str) -> dict[int, int]:
    s = standalone(c, parse_compact(shown), VALUES)
    assert s.complete
    return {int(p.rule.rsplit("-", 1)[1]): p.tai for p in s.patterns}


@pytest.mark.parametrize("c, shown, expected", [
    pytest.param(ctx("", melds=["pon:111z", "ankong:5555z"], flowers="1f"), "666z12m",
                 {1: 2, 2: 2, 26: 1}, id="melds-shown-and-flowers"),
    pytest.param(ctx("", melds=["pon:222z"], seat=2), "6666z", {1: 1, 2: 1}, id="four-shown-once"),
    pytest.param(ctx("", melds=["chi:123m"], flowers="2f"), "66z333z", {}, id="miss-worthless"),
    pytest.param(ctx("", melds=["pon:555p"]), "", {}, id="miss-nothing"),
])
def test_standalone(c, shown, expected):
    assert face(c, shown) == expected


def test_equal_rulesets_are_read_once_and_a_bad_one_raises_every_time():
    """Rules.of keeps the rules of a ruleset (an audit's documents mostly share one): an equal
    ruleset gets the same rules; a value equal as a key but not as an option (1 for true) is
    read, and refused, on its own; the values read are read-only (shared by every document)."""
    from referee.model import Ruleset
    from rulesbook.tw16.options import Rules

    first = Rules.of(Ruleset(options={"strict_kong_peek": True}, tai_table={"TW-TAI-3": 2}))
    again = Rules.of(Ruleset(options={"strict_kong_peek": True}, tai_table={"TW-TAI-3": 2}))
    assert again is first and first.values["TW-TAI-3"] == 2
    assert Rules.of(Ruleset(options={"strict_kong_peek": False})) is not first  # near miss
    for _ in range(2):
        with pytest.raises(ValueError, match="strict_kong_peek"):
            Rules.of(Ruleset(options={"strict_kong_peek": 1}))
    with pytest.raises(TypeError):
        first.values["TW-TAI-3"] = 5  # type: ignore[index]
