"""Face tai 牌面 cross-checked against the hands public Taiwan 16-tile projects test (RULEBOOK §3).

Each row is a hand of a kind one of these projects tests, with the patterns and tai RULEBOOK.md
gives it, worked out from the clause text (TW-TAI-*, the exclusion table, the options table and our
interpretations), not from this scorer. Where the project's own figure differs, the row's comment
says so ("theirs: …"); RULEBOOK.md wins. The id of a row starts with where its kind comes from:

- ``calc``: 91910lin/MahjongCalculate, src/core/scoring.test.ts (vitest)
- ``coach``: liang10339/taiwan-mahjong-coach, scoring.test.cjs
- ``classic``: lanyaliu521/taiwan-mahjong, outputs/taiwan-mahjong-m0/cases.json (TW16-CLASSIC-v1:
  hand, wait and score-coverage cases H/W/S/P)
- ``ww``: WinnerWang971119/Mahjong, backend/tests/test_scorer.py
- ``rb``: a near miss or an exclusion of our own beside them

Hands are written as in tests/test_tai.py: ``concealed+win``, melds as ``pon:555z``; seat 1 (East,
the dealer) and the East round unless the row says otherwise. Honours 1z–4z 東南西北, 5z 白 6z 發 7z
中; flowers 1f–4f 梅蘭竹菊 and 5f–8f 春夏秋冬 (seat n's flowers are nf and (n+4)f). Dealer tai
(作莊, 連N拉N) are paid by TW-PAY-3 and are never part of a face, so a project that lists 莊家 among
a hand's patterns is compared without it. Expected results map clause numbers to tai, and the
total is stated beside them; ``None`` means the tiles make no winning hand.
"""
from __future__ import annotations

import pytest

from rulesbook.tw16.options import Options
from rulesbook.tw16.tai import score
from tests.tablekit import deal, discard, doc, draw, ev, flower, kong, only_hand, pon, rule, win
from tests.test_tai import ALL_FLOWERS, VALUES, ctx

# Hands that come back in several rows.
PINGHU = "12356m234567p345s88s+4m"  # coach's 平胡 hand: 56m waits 4m/7m, all sequences, 88s pair
SINGLE_8S = "123456m234567p345s8s+8s"  # the same tiles waiting on 8s alone (單吊)
OPEN_PON = ["pon:999p"]
COACH_FIVE = ["chi:123m", "chi:456m", "pon:111p", "pon:222p", "chi:123s"]  # coach's 全求人 melds
H04 = "111m444m222p555p777s3z"  # classic H04 waiting on its West pair: five concealed triplets
PLAIN = dict(hand="234m567m789p55p23s+4s", melds=["pon:999s"])  # worth nothing by itself


def row(name: str, c, expected: dict[int, int] | None, total: int | None, **options):
    return pytest.param(c, options, expected, total, id=name)


def plain(**kw):
    return ctx(PLAIN["hand"], melds=kw.pop("melds", PLAIN["melds"]), **kw)


VECTORS = [
    # --- 門清 TW-TAI-3, 不求 TW-TAI-4, 自摸 TW-TAI-23 -------------------------------------------
    row("coach-pinghu-concealed", ctx(PINGHU, seat=2), {3: 1, 7: 2}, 3),
    row("coach-pinghu-self-draw", ctx(PINGHU, seat=2, how="self_draw"), {3: 1, 4: 2}, 3),
    # 門清一摸三 with 獨聽; theirs adds 莊家 1 (dealer tai, TW-PAY-3)
    row("coach-concealed-self-draw-dealer", ctx(SINGLE_8S, how="self_draw"), {3: 1, 4: 2, 11: 1}, 4),
    row("coach-concealed-self-draw-nondealer", ctx(SINGLE_8S, how="self_draw", seat=3),
        {3: 1, 4: 2, 11: 1}, 4),
    row("classic-S15-discard-is-only-concealed", ctx(SINGLE_8S, seat=3), {3: 1, 11: 1}, 2),
    row("classic-S02-concealed-kong-keeps-concealed",
        ctx("12356m234p345s88s+4m", melds=["ankong:9999p"]), {3: 1}, 1),
    row("classic-S02-concealed-kong-self-draw",
        ctx("12356m234p345s88s+4m", melds=["ankong:9999p"], how="self_draw"), {3: 1, 4: 2}, 3),
    row("classic-S02-pon-breaks-concealed", ctx("12356m234p345s88s+4m", melds=OPEN_PON), {}, 0),
    row("rb-added-kong-breaks-concealed", ctx("12356m234p345s88s+4m", melds=["added:9999p"]), {}, 0),
    row("rb-claimed-kong-self-draw", ctx("12356m234p345s88s+4m", melds=["kong:9999p"],
                                         how="self_draw"), {23: 1}, 1),
    row("classic-S01-self-draw-open", ctx("12356m234p345s88s+4m", melds=OPEN_PON, how="self_draw"),
        {23: 1}, 1),
    row("rb-chi-self-draw-no-buqiu", ctx("12356m567p345s88s+4m", melds=["chi:234p"], how="self_draw"),
        {23: 1}, 1),
    # theirs scores 門清 on 15 tiles and the winning tile: one short of five sets and a pair
    row("ww-menqing-hand-one-tile-short", ctx("123456789m123456p+1s"), None, None),

    # --- 風字刻 TW-TAI-1 -------------------------------------------------------------------------
    row("coach-seat-and-round-wind", ctx("111z222z123m567p234s9m+9m", seat=2, how="self_draw"),
        {1: 2, 3: 1, 4: 2, 11: 1}, 6),
    row("classic-S04-round-wind", ctx("111z123m456m789p23s55p+1s", seat=3), {1: 1, 3: 1}, 2),
    row("classic-S04-miss-other-wind", ctx("222z123m456m789p23s55p+1s", seat=3), {3: 1}, 1),
    row("classic-S05-seat-wind", ctx("222z123m456m789p23s55p+1s", seat=2), {1: 1, 3: 1}, 2),
    row("classic-S05-seat-is-round", ctx("222z123m456m789p23s55p+1s", seat=2, round_wind="2z"),
        {1: 2, 3: 1}, 3),
    row("classic-S05-miss-wind-pair", ctx("22z123m456m789p234s55p+5p", seat=2), {3: 1}, 1),
    row("rb-wind-pon-seat-and-round", ctx("123m456m789p23s55p+1s", melds=["pon:444z"], seat=4,
                                          round_wind="4z"), {1: 2}, 2),
    row("rb-wind-claimed-kong-round", ctx("123m456m789p23s55p+1s", melds=["kong:2222z"], seat=3,
                                          round_wind="2z"), {1: 1}, 1),
    row("rb-wind-concealed-kong-seat", ctx("123m456m789p23s55p+1s", melds=["ankong:3333z"], seat=3),
        {1: 1, 3: 1}, 2),
    row("rb-two-wind-triplets", ctx("111z222z123m789p23s55p+1s", round_wind="2z"), {1: 2, 3: 1}, 3),

    # --- 箭字刻 TW-TAI-2 -------------------------------------------------------------------------
    row("ww-dragon-triplet", ctx("123m456m789m777z123p1s+1s", seat=2), {2: 1, 3: 1, 11: 1}, 3),
    row("classic-S03-two-dragons", ctx("666z123m456p23s88s+4s", melds=["pon:555z"]), {2: 2}, 2),
    row("classic-S03-miss-dragon-pair", ctx("55z123m456m789p234s66p+6p"), {3: 1}, 1),
    row("rb-dragon-concealed-kong", ctx("123m456m789p23s55p+1s", melds=["ankong:6666z"]),
        {2: 1, 3: 1}, 2),

    # --- 大三元 TW-TAI-21 / 小三元 TW-TAI-22 (both remove 箭字刻) --------------------------------
    # 對對和, 三暗刻 (the 5m completes the pair), 大三元, 湊一色, 獨聽: theirs lists the same
    row("coach-big-dragons", ctx("555z666z777z5m+5m", melds=["pon:111m", "pon:999m"], seat=2),
        {8: 4, 11: 1, 15: 4, 16: 2, 21: 8}, 19),
    # the 中 triplet completed by a discard is not concealed: two 暗刻 only; waits 5m and 中
    row("coach-big-dragons-triplet-claimed", ctx("555z666z77z55m+7z",
                                                 melds=["pon:111m", "pon:999m"], seat=2),
        {8: 4, 15: 4, 21: 8}, 16),
    row("coach-little-dragons", ctx("777z666z55z123m456m78m+9m", seat=4, how="self_draw"),
        {3: 1, 4: 2, 15: 4, 22: 4}, 11),
    row("classic-S18-little-dragons", ctx("555z666z77z123m456p78s+9s"), {3: 1, 22: 4}, 5),
    row("classic-S18-miss-wind-pair", ctx("555z666z11z123m456m78m+9m"), {2: 2, 3: 1, 15: 4}, 7),
    row("classic-S23-big-dragons", ctx("555z666z777z123m45m88p+6m"), {3: 1, 16: 2, 21: 8}, 11),
    row("classic-S23-big-dragons-open", ctx("777z456m78m11p+9m", melds=["pon:555z", "pon:666z"]),
        {21: 8}, 8),

    # --- 大四喜 TW-TAI-19 / 小四喜 TW-TAI-20 -----------------------------------------------------
    # 小四喜 keeps 風字刻 (TW-TAI-20: 東 round 1 + 南 seat 1); theirs (classic S22) drops them: 13
    row("coach-little-winds", ctx("111z222z333z44z123m56p+7p", seat=2, how="self_draw"),
        {1: 2, 3: 1, 4: 2, 16: 2, 20: 8}, 15),
    row("classic-S22-little-winds-west-seat", ctx("111z222z333z44z123m56p+7p", seat=3),
        {1: 2, 3: 1, 16: 2, 20: 8}, 13),
    row("classic-S22-little-winds-north-seat-pair", ctx("111z222z333z44z123m56p+7p", seat=4),
        {1: 1, 3: 1, 16: 2, 20: 8}, 12),
    # 字一色 16 − 4 with 大四喜; 五暗刻 without 門清/對對和, 不求 added; 中 triplet; 獨聽 on 白.
    # Theirs: 字一色 16 + 大四喜 16 without the deduct, 五暗刻 8 and 碰碰胡 4 counted, 門清自摸 3
    row("coach-all-honours-big-winds", ctx("111z222z333z444z777z5z+5z", seat=2, how="self_draw"),
        {2: 1, 4: 2, 11: 1, 13: 12, 18: 12, 19: 16}, 44),
    row("classic-S27-big-winds-and-sequence", ctx("333z444z123m5m+5m", melds=["pon:111z", "pon:222z"]),
        {11: 1, 15: 4, 19: 16}, 21),
    # 五暗刻 on a discard that completes the pair; it removes 對對和 (大四喜 alone would not)
    row("rb-big-winds-five-concealed-discard", ctx("111z222z333z444z999m6p+6p"),
        {11: 1, 18: 12, 19: 16}, 29),
    row("rb-big-winds-all-triplets-west-round",
        ctx("333z444z55m99m+9m", melds=["pon:111z", "pon:222z"], seat=3, round_wind="3z"),
        {8: 4, 15: 4, 19: 16}, 24),
    row("classic-S27-miss-two-wind-sets", ctx("111z222z44z123m567m56m+7m", seat=2),
        {1: 2, 3: 1, 15: 4}, 7),

    # --- 清一色 TW-TAI-14 / 湊一色 TW-TAI-15 / 字一色 TW-TAI-13 ---------------------------------
    # five concealed triplets with the 6m completing the pair: 五暗刻 (TW-TAI-18) with 清一色;
    # waits 1m–7m, so no 獨聽. Theirs only checks that 清一色 is listed
    row("calc-one-suit", ctx("111m222m333m444m555m6m+6m"), {14: 12, 18: 12}, 24),
    # 春夏秋 for East: only 春 is East's flower (TW-TAI-26); theirs counts 花牌 3
    row("calc-one-suit-flowers", ctx("111m222m333m444m555m6m+6m", flowers="5f6f7f"),
        {14: 12, 18: 12, 26: 1}, 25),
    # theirs: 清一色 8 (with 三暗刻 2 and 門清自摸 3: 13)
    row("coach-one-suit", ctx("111m234m567m888m999m2m+2m", seat=2, how="self_draw"),
        {3: 1, 4: 2, 14: 12, 16: 2}, 17),
    row("coach-miss-one-suit-honours", ctx("111m234m567m888m777z2m+2m", seat=2, how="self_draw"),
        {2: 1, 3: 1, 4: 2, 15: 4, 16: 2}, 10),
    row("classic-S17-one-suit-honours", ctx("123m456m789m234m11z55m+5m", seat=3), {3: 1, 15: 4}, 5),
    row("classic-S17-miss-two-suits", ctx("123m456m789p234m11z55m+5m", seat=3), {3: 1}, 1),
    row("classic-S21-miss-one-honour", ctx("123m456m789m234m77z55m+5m"), {3: 1, 15: 4}, 5),
    row("rb-one-suit-all-sequences-open", ctx("789p234p66p78p+9p", melds=["chi:123p", "chi:456p"]),
        {7: 2, 14: 12}, 14),
    # 字一色 16 − 4 (小三元); 風字刻 2 on the claimed 東; 四暗刻 with 門清; no 對對和
    row("classic-S26-all-honours", ctx("11z222z333z666z777z55z+1z"),
        {1: 2, 3: 1, 13: 12, 17: 5, 22: 4}, 24),
    row("rb-all-honours-big-dragons", ctx("555z666z777z111z222z3z+3z", seat=2, how="self_draw"),
        {1: 2, 4: 2, 11: 1, 13: 12, 18: 12, 21: 8}, 37),
    row("rb-all-honours-little-winds", ctx("111z222z333z44z555z66z+6z"),
        {1: 2, 2: 2, 3: 1, 13: 12, 17: 5, 20: 8}, 30),
    row("classic-S26-miss-one-suit-tile", ctx("111z222z333z666z777z5m+5m"),
        {1: 2, 2: 2, 11: 1, 15: 4, 18: 12}, 21),

    # --- 三暗刻 TW-TAI-16 / 四暗刻 TW-TAI-17 / 五暗刻 TW-TAI-18 ----------------------------------
    # the 1m completes the pair, so all three triplets stay concealed; waits 1m 2m 3m
    row("calc-three-concealed", ctx("1m222m333m456m789m111p+1m"), {3: 1, 16: 2}, 3),
    row("classic-S20-five-concealed-self-draw", ctx(H04 + "+3z", how="self_draw"),
        {4: 2, 11: 1, 18: 12}, 15),
    row("classic-S20-five-concealed-single-wait-discard", ctx(H04 + "+3z"), {11: 1, 18: 12}, 13),
    row("classic-S20-fifth-triplet-on-discard", ctx("111m444m222p555p77s33z+7s"),
        {3: 1, 8: 4, 17: 5}, 10),
    row("classic-S19-four-concealed-with-pon", ctx("111m444m222p555p3z+3z", melds=["pon:999s"],
                                                   how="self_draw"), {8: 4, 11: 1, 17: 5, 23: 1}, 11),
    row("classic-S14-concealed-kong-counts",
        ctx("111m999m678p7z+7z", melds=["ankong:5555p", "chi:123s"]), {11: 1, 16: 2}, 3),
    row("classic-S14-miss-third-on-discard", ctx("222p666p88s345m567m99s+8s"), {3: 1}, 1),
    row("classic-S14-third-self-drawn", ctx("222p666p88s345m567m99s+8s", how="self_draw"),
        {3: 1, 4: 2, 16: 2}, 5),
    # the discarded 1m is read into 123m, so 111m stays concealed
    row("rb-winning-tile-into-sequence", ctx("111m23m555p999s234s88s+1m"), {3: 1, 16: 2}, 3),
    # ww's 對對胡 hand: the 5m completes 555m from a discard, four triplets stay concealed
    row("ww-all-triplets", ctx("111m222m333m444m99s55m+5m", seat=2), {3: 1, 8: 4, 17: 5}, 10),

    # --- 平和 TW-TAI-7 ---------------------------------------------------------------------------
    # a single wait on the pair is 獨聽, which 平和 cannot hold with; theirs gives 平胡 2
    row("ww-pinghu-single-wait", ctx("123m456m789m123p456s1s+1s", seat=2), {3: 1, 11: 1}, 2),
    # 1234m waits 1m and 4m; the 4m makes the pair. Kinds: not 獨聽, so 平和 (theirs, classic S13,
    # chose no 平和 here); shape: 單騎 is 獨聽 and removes 平和
    row("classic-S13-two-kinds-pair-win", ctx("1234m456p789p234s678s+4m"), {3: 1, 7: 2}, 3),
    row("classic-S13-two-kinds-pair-win-shape", ctx("1234m456p789p234s678s+4m"), {3: 1, 11: 1}, 2,
        single_wait="shape"),
    row("coach-pinghu-miss-flower", ctx(PINGHU, seat=2, flowers="6f"), {3: 1, 26: 1}, 2),
    row("coach-pinghu-miss-other-seat-flower", ctx(PINGHU, seat=2, flowers="5f"), {3: 1}, 1),
    row("classic-S13-pinghu-exposed-chi", ctx("12356m567p345s88s+4m", melds=["chi:234p"]), {7: 2}, 2),
    row("classic-S13-miss-honour-pair", ctx("12356m234567p345s11z+4m"), {3: 1}, 1),
    row("classic-S13-miss-concealed-kong", ctx("12356m234p345s88s+4m", melds=["ankong:7777p"]),
        {3: 1}, 1),
    row("coach-pinghu-rob-kong", ctx(PINGHU, seat=2, how="rob_kong"), {3: 1, 7: 2, 12: 1}, 4),
    # 河底撈魚 is option river_bottom (TW-TAI-37), off by default; theirs counts it always
    row("coach-last-discard", ctx(PINGHU, seat=2, last_discard=True), {3: 1, 7: 2}, 3),
    row("coach-last-discard-river-bottom", ctx(PINGHU, seat=2, last_discard=True),
        {3: 1, 7: 2, 37: 1}, 4, river_bottom=True),
    # read as three 123m the hand is 平和; as three triplets the discarded 3m breaks one 暗刻
    row("rb-pinghu-over-triplets", ctx("11122233m456p789s55s+3m"), {3: 1, 7: 2}, 3),

    # --- 獨聽 TW-TAI-11 --------------------------------------------------------------------------
    row("classic-W01-single-on-east", ctx("123456m234p345s789s1z+1z"), {3: 1, 11: 1}, 2),
    row("classic-W02-two-sided", ctx("34m456p234p345s789s11z+5m"), {3: 1}, 1),
    row("classic-W02-two-sided-self-draw", ctx("34m456p234p345s789s11z+2m", how="self_draw"),
        {3: 1, 4: 2}, 3),
    row("classic-W03-middle", ctx("46m456p234p345s789s11z+5m"), {3: 1, 11: 1}, 2),
    row("classic-W04-edge", ctx("12m456p234p345s789s11z+3m"), {3: 1, 11: 1}, 2),
    row("classic-W05-two-pairs-east", ctx("123456m234p345s11z55z+1z"), {1: 2, 3: 1}, 3),
    row("classic-W05-two-pairs-white-self-draw", ctx("123456m234p345s11z55z+5z", how="self_draw"),
        {2: 1, 3: 1, 4: 2}, 4),
    row("classic-W05-two-pairs-shape", ctx("123456m234p345s11z55z+1z"), {1: 2, 3: 1}, 3,
        single_wait="shape"),
    row("classic-W03-middle-shape", ctx("46m456p234p345s789s11z+5m"), {3: 1, 11: 1}, 2,
        single_wait="shape"),
    row("classic-W04-edge-shape", ctx("12m456p234p345s789s11z+3m"), {3: 1, 11: 1}, 2,
        single_wait="shape"),
    row("classic-W02-two-sided-shape", ctx("34m456p234p345s789s11z+5m"), {3: 1}, 1,
        single_wait="shape"),
    # five concealed triplets with the 7p completing the pair (五暗刻 removes 對對和 and 門清);
    # theirs expects 碰碰胡
    row("calc-all-triplets-single-wait", ctx("111m444m777m111p444p7p+7p"), {11: 1, 18: 12}, 13),
    # 1112m waits 2m and 3m, but he holds the four 3m (a concealed kong): one kind (TW-TAI-11)
    row("rb-fifth-copy-is-no-wait", ctx("1112m+2m", melds=["ankong:3333m", "pon:555p", "chi:789s",
                                                           "pon:777z"], how="self_draw"),
        {2: 1, 11: 1, 23: 1}, 3),
    row("rb-miss-fifth-copy-three-held", ctx("1112m+2m", melds=["pon:333m", "pon:555p", "chi:789s",
                                                                "pon:777z"], how="self_draw"),
        {2: 1, 23: 1}, 2),
    # 23m with all four 1m in his own kong: 4m is the only kind (獨聽), though a two-sided shape
    row("rb-one-kind-two-sided-shape", ctx("23m456p789p234s55s+4m", melds=["ankong:1111m"]),
        {3: 1, 11: 1}, 2),
    row("rb-one-kind-two-sided-shape-option", ctx("23m456p789p234s55s+4m", melds=["ankong:1111m"]),
        {3: 1}, 1, single_wait="shape"),

    # --- 全求 TW-TAI-5 / 半求 TW-TAI-6 ------------------------------------------------------------
    # theirs: 全求人 1 + 獨聽 1 = 2
    row("coach-all-from-others", ctx("1z+1z", melds=COACH_FIVE, seat=2), {5: 2, 11: 1}, 3),
    row("classic-S12-miss-concealed-kong", ctx("1z+1z", melds=["ankong:9999m", *COACH_FIVE[1:]],
                                               seat=2), {11: 1}, 1),
    row("classic-S12-self-draw-is-half", ctx("1z+1z", melds=COACH_FIVE, seat=2, how="self_draw"),
        {6: 1, 11: 1, 23: 1}, 3),
    row("rb-all-from-others-little-dragons",
        ctx("7z+7z", melds=["pon:555z", "kong:6666z", "chi:123m", "chi:789m", "pon:999p"]),
        {5: 2, 11: 1, 22: 4}, 7),
    row("rb-all-from-others-all-triplets",
        ctx("9s+9s", melds=["pon:111m", "pon:222p", "pon:333s", "pon:444m", "kong:5555p"]),
        {5: 2, 8: 4, 11: 1}, 7),
    row("rb-half-kong-replacement", ctx("1z+1z", melds=[*COACH_FIVE[:4], "added:3333s"], seat=2,
                                        how="self_draw", kong_replacement=True),
        {6: 1, 11: 1, 23: 1, 24: 1}, 4),
    row("rb-half-last-tile", ctx("1z+1z", melds=COACH_FIVE, seat=2, how="self_draw", last_tile=True),
        {6: 1, 11: 1, 23: 1, 25: 1}, 4),
    # four melds leave four concealed tiles: not 全求 (theirs, ww, counts it from four melds)
    row("ww-miss-four-melds", ctx("456s1z+1z", melds=COACH_FIVE[:4], seat=2), {11: 1}, 1),

    # --- 搶杠 TW-TAI-12, 杠上開花 TW-TAI-24, 海底撈月 TW-TAI-25 -----------------------------------
    row("coach-last-tile", ctx(PINGHU, seat=2, how="self_draw", last_tile=True),
        {3: 1, 4: 2, 25: 1}, 4),
    row("coach-kong-replacement", ctx("123m56m234p567p88s+4m", melds=["ankong:9999s"], seat=2,
                                      how="self_draw", kong_replacement=True), {3: 1, 4: 2, 24: 1}, 4),
    row("rb-flower-replacement", ctx(PINGHU, seat=2, flowers="6f", how="self_draw",
                                     kong_replacement=True), {3: 1, 4: 2, 24: 1, 26: 1}, 5),
    row("rb-replacement-is-last-tile", ctx("123m56m234p567p88s+4m", melds=["ankong:9999s"],
                                           how="self_draw", kong_replacement=True, last_tile=True),
        {3: 1, 4: 2, 24: 1, 25: 1}, 5),
    # an added kong's replacement wins (TW-TAI-24); a claimed kong's may not win by self-draw
    # (TW-XP-2, as classic S09 says): that win is ruled 詐和 before any face
    row("classic-S09-added-kong-replacement", ctx("123m56m234p567p88s+4m", melds=["added:9999s"],
                                                  how="self_draw", kong_replacement=True),
        {23: 1, 24: 1}, 2),
    # the dealer's concealed kong before his first discard: no 天和 (classic S30), 杠上開花
    row("classic-S30-dealer-kong-replacement", ctx("456m789m123p56s77z+7s", melds=["ankong:1111m"],
                                                   how="self_draw", kong_replacement=True),
        {3: 1, 4: 2, 24: 1}, 4),
    row("classic-S10-miss-last-discard", ctx("12356m234p345s88s+4m", melds=OPEN_PON, last_discard=True),
        {}, 0),
    row("rb-rob-kong-open-hand", ctx("12356m234p345s88s+4m", melds=OPEN_PON, how="rob_kong"),
        {12: 1}, 1),

    # --- 花牌 TW-TAI-26 --------------------------------------------------------------------------
    # 春夏秋冬 is a 花杠 (2, in place of 夏); 蘭 is South's own. Theirs: 正花 夏 1 + 正花 蘭 1 +
    # 花槓 1 = 3, the same sum split otherwise
    row("coach-flowers-set-and-seat", ctx(SINGLE_8S, seat=2, how="self_draw", flowers="5678f2f"),
        {3: 1, 4: 2, 11: 1, 26: 3}, 7),
    row("classic-S06-both-east-flowers", plain(flowers="1f5f"), {26: 2}, 2),
    row("classic-S06-miss-south-flower", plain(flowers="2f"), {}, 0),
    row("classic-S11-flower-set", plain(flowers="5678f"), {26: 2}, 2),
    row("classic-S11-miss-three-of-set", plain(flowers="567f"), {26: 1}, 1),
    row("classic-S11-miss-three-of-set-not-own", plain(flowers="678f"), {}, 0),
    row("ww-own-seat-flower-south", plain(flowers="6f", seat=2), {26: 1}, 1),
    row("rb-seven-flowers-east", plain(flowers="1234567f"), {26: 3}, 3),
    row("rb-seven-flowers-north", plain(flowers="1234567f", seat=4), {26: 2}, 2),
    row("rb-west-flowers", plain(flowers="37f", seat=3), {26: 2}, 2),
    # all eight, kept and won with later (seed 000 item 27): 8, counted once
    row("rb-all-eight-ordinary-win", plain(flowers=ALL_FLOWERS, seat=3), {26: 8}, 8),

    # --- 八仙過海 TW-TAI-29 / 七搶一 TW-TAI-30 ----------------------------------------------------
    # the replacement wins: 8 + the self-draw's face (門清一摸三 + 杠上開花); theirs (classic P07) 12
    row("classic-P07-eight-flowers-replacement-wins", ctx(PINGHU, seat=2, how="flower",
                                                          flowers=ALL_FLOWERS),
        {3: 1, 4: 2, 24: 1, 29: 8}, 12),
    row("rb-eight-flowers-replacement-wins-open", ctx("123m456m789p55p23s+4s", melds=["pon:777z"],
                                                      how="flower", flowers=ALL_FLOWERS),
        {2: 1, 23: 1, 24: 1, 29: 8}, 11),
    row("coach-eight-flowers-hand-not-winning", ctx("12356m234567p345s88s+9s", seat=2, how="flower",
                                                    flowers=ALL_FLOWERS), {29: 8}, 8),
    row("classic-P08-seven-rob-one", ctx("12356m234567p345s88s+9s", seat=2, how="rob_flower",
                                         flowers=ALL_FLOWERS), {30: 8}, 8),
    row("classic-P06-seven-rob-one-replacement-wins", ctx(PINGHU, seat=2, how="rob_flower",
                                                          flowers=ALL_FLOWERS),
        {3: 1, 4: 2, 24: 1, 30: 8}, 12),

    # --- 天聽 TW-TAI-31, 地聽 TW-TAI-32, 天和 TW-TAI-33, 地和 TW-TAI-34, 人和 TW-TAI-35 -----------
    # theirs: 天胡 24
    row("coach-heavenly-win", ctx(SINGLE_8S, how="self_draw", tian_hu=True), {33: 16}, 16),
    row("rb-heavenly-win-three-concealed-flower",
        ctx("111m222p333s456m78m99p+9m", how="self_draw", tian_hu=True, flowers="1f"),
        {16: 2, 26: 1, 33: 16}, 19),
    # a first self-draw without the 天聽 declaration is no 地和 (our interpretation of TW-TAI-34);
    # theirs: 地胡 16 + 門清自摸 3 + 獨聽 1
    row("coach-first-draw-undeclared", ctx(SINGLE_8S, seat=3, how="self_draw"), {3: 1, 4: 2, 11: 1}, 4),
    row("rb-earthly-win-self-draw", ctx(SINGLE_8S, seat=3, how="self_draw", di_hu=True, tian_ting=True),
        {4: 2, 11: 1, 34: 16}, 19),
    row("rb-earthly-win-discard", ctx(SINGLE_8S, seat=3, di_hu=True, tian_ting=True),
        {11: 1, 34: 16}, 17),
    # a win on the dealer's first discard without 地聽 is no 人和; theirs (coach, classic S28):
    # 人胡 16
    row("coach-first-discard-undeclared", ctx(SINGLE_8S, seat=3), {3: 1, 11: 1}, 2),
    row("rb-human-win-discard", ctx(SINGLE_8S, seat=3, ren_hu=True, di_ting=True), {11: 1, 35: 8}, 9),
    row("rb-human-win-pinghu", ctx(PINGHU, seat=2, ren_hu=True, di_ting=True), {7: 2, 35: 8}, 10),
    row("rb-human-win-self-draw", ctx(PINGHU, seat=2, how="self_draw", ren_hu=True, di_ting=True),
        {4: 2, 35: 8}, 10),
    row("rb-heavenly-ready-pinghu", ctx(PINGHU, seat=2, tian_ting=True), {7: 2, 31: 8}, 10),
    row("rb-heavenly-ready-self-draw", ctx(SINGLE_8S, seat=3, how="self_draw", tian_ting=True),
        {4: 2, 11: 1, 31: 8}, 11),
    row("rb-heavenly-ready-last-tile", ctx(PINGHU, seat=2, how="self_draw", last_tile=True,
                                           tian_ting=True), {4: 2, 25: 1, 31: 8}, 11),
    # theirs (ww): 地聽 4
    row("ww-earthly-ready", ctx(SINGLE_8S, seat=3, di_ting=True), {11: 1, 32: 6}, 7),
    row("rb-earthly-ready-self-draw", ctx(PINGHU, seat=2, how="self_draw", di_ting=True),
        {4: 2, 32: 6}, 8),
    row("rb-dealer-earthly-ready", ctx(SINGLE_8S, di_ting=True), {11: 1, 32: 6}, 7),

    # --- 嚦咕嚦咕 TW-TAI-36 (option lik_gu) ------------------------------------------------------
    # seven pairs and 中中中; the 東 completes the seventh pair (one kind: 獨聽); 自摸 1, not 不求.
    # Theirs: 嚦咕嚦咕 8 + 三元刻 1 + 門清自摸 3, no 獨聽
    row("coach-lik-gu", ctx("11m33m22p99p44s77s1z777z+1z", seat=2, how="self_draw"),
        {2: 1, 11: 1, 23: 1, 36: 8}, 11, lik_gu=True),
    row("coach-lik-gu-option-off", ctx("11m33m22p99p44s77s1z777z+1z", seat=2, how="self_draw"),
        None, None),
    row("classic-H09-eight-pairs-not-a-win", ctx("11m33m55m77m99m22p44p66s+6s"), None, None),
    row("classic-H09-eight-pairs-lik-gu", ctx("11m33m55m77m99m22p44p66s+6s"), {36: 8}, 8, lik_gu=True),
    row("rb-lik-gu-one-suit-beats-sequences", ctx("1122334455667799m+9m"), {14: 12, 36: 8}, 20,
        lik_gu=True),
    row("rb-lik-gu-one-suit-option-off", ctx("1122334455667799m+9m"), {3: 1, 14: 12}, 13),
    # four 東 are two pairs; 字一色 holds and nothing is deducted (no 四喜 or 三元 sets)
    row("rb-lik-gu-all-honours", ctx("1111z22z33z44z55z66z77z+7z"), {2: 1, 13: 16, 36: 8}, 25,
        lik_gu=True),
    row("rb-lik-gu-wind-triplet", ctx("11m55m99m22p66p33s77s11z+1z"), {1: 2, 36: 8}, 10, lik_gu=True),

    # --- exclusions and combinations -------------------------------------------------------------
    row("rb-honours-one-suit-all-triplets", ctx("555m777z11z88m+1z", melds=["pon:222m", "pon:999m"]),
        {1: 2, 2: 1, 8: 4, 15: 4}, 11),
    row("rb-open-hand-nothing", plain(), {}, 0),
    row("rb-open-hand-self-draw", plain(how="self_draw"), {23: 1}, 1),
]


# The first go-round's wins need facts from the log (table.py): whole hands from the deal.
ONE_SUIT_READY = deal(A="123m456m789m123p456s33z", B="111m222m333m444p55p66p",
                      C="678m678p678s999p1122z", D="234s234s55s66s77s1334z")
EARTHLY_READY = (discard("A", "3z"), draw("B", "9s"), discard("B", "9s"),
                 ev("declare", player="B", what="di_ting"), draw("C", "3s"), discard("C", "3s"),
                 draw("D", "4z"), discard("D", "4z"), draw("A", "9m"), discard("A", "9m"))
DEALER_KONG = deal(A="1111m456m789m123p56s77z", B="222m333m444p55p66p99s4z",
                   C="678m678p678s999p1122z", D="234s234s55s66s77s1333z")
FIVE_CONCEALED_SELF_DRAWN = [("TW-TAI-4", 2), ("TW-TAI-18", 12)]


def hand_row(name: str, events: tuple, winner: str, patterns: list[tuple[str, int]], total: int,
             start=ONE_SUIT_READY):
    return pytest.param(doc(start, *events), winner, patterns, total, id=name)


HANDS = [
    # 地和 on C's first discard though D claimed before (不論他人吃碰與否); theirs (coach): no 地胡
    # once anyone has claimed. 5p from a discard: 四暗刻 and 對對和; 門清 and 天聽 removed
    hand_row("coach-earthly-win-after-a-pon",
             (ev("declare", player="B", what="tian_ting"), discard("A", "3z"), pon("D", "3z"),
              discard("D", "4z"), draw("A", "9m"), discard("A", "9m"), draw("B", "9s"),
              discard("B", "9s"), draw("C", "5p"), discard("C", "5p"), win("B", "discard", "5p", frm="C")),
             "B", [("TW-TAI-8", 4), ("TW-TAI-17", 5), ("TW-TAI-34", 16)], 25),
    # his first draw is a flower (南's own 蘭): its replacement wins, still his first draw
    hand_row("rb-earthly-win-on-flower-replacement",
             (ev("declare", player="B", what="tian_ting"), discard("A", "3z"), draw("B", "2f"),
              flower("B", "2f"), draw("B", "5p", frm="back"), win("B", "self_draw")),
             "B", [*FIVE_CONCEALED_SELF_DRAWN, ("TW-TAI-24", 1), ("TW-TAI-26", 1), ("TW-TAI-34", 16)],
             32),
    hand_row("coach-human-win-next-draw", (*EARTHLY_READY, draw("B", "5p"), win("B", "self_draw")),
             "B", [*FIVE_CONCEALED_SELF_DRAWN, ("TW-TAI-35", 8)], 22),
    # TW-TAI-35 "self-draws his next draw": a flower drawn is replaced at once (TW-FLOW-2), and
    # the replacement completes that same draw, as for 地和
    hand_row("rb-human-win-next-draw-a-flower",
             (*EARTHLY_READY, draw("B", "1f"), flower("B", "1f"), draw("B", "5p", frm="back"),
              win("B", "self_draw")),
             "B", [*FIVE_CONCEALED_SELF_DRAWN, ("TW-TAI-24", 1), ("TW-TAI-35", 8)], 23),
    hand_row("rb-human-win-miss-second-draw",
             (*EARTHLY_READY, draw("B", "9p"), discard("B", "9p"), draw("C", "1s"), discard("C", "1s"),
              draw("D", "1p"), discard("D", "1p"), draw("A", "8s"), discard("A", "8s"), draw("B", "5p"),
              win("B", "self_draw")),
             "B", [*FIVE_CONCEALED_SELF_DRAWN, ("TW-TAI-32", 6)], 20),
    hand_row("classic-S30-heavenly-win", (win("A", "self_draw"),), "A", [("TW-TAI-33", 16)], 16,
             start=deal(A="111m456m789m123p456s77z", B="222m333m444p55p66p99s4z",
                        C="678m678p678s999p1122z", D="234s234s55s66s77s1333z")),
    # classic S30: a concealed kong first, then the win on its replacement, is no 天和
    hand_row("classic-S30-dealer-kong-then-win",
             (kong("A", "concealed", "1111m"), draw("A", "7s", frm="back"), win("A", "self_draw")),
             "A", [("TW-TAI-3", 1), ("TW-TAI-4", 2), ("TW-TAI-24", 1)], 4, start=DEALER_KONG),
]


@pytest.mark.parametrize("document, winner, patterns, total", HANDS)
def test_first_go_round(document, winner, patterns, total):
    hand = only_hand(rule(document))
    assert hand["rulings"] == []
    won = {w["player"]: w for w in hand["winners"]}[winner]
    assert [(p["rule"], p["tai"]) for p in won["patterns"]] == patterns
    assert won["tai"] == total


@pytest.mark.parametrize("c, options, expected, total", VECTORS)
def test_vector(c, options, expected, total):
    s = score(c, Options(**options), VALUES)
    if expected is None:
        assert not s.complete and total is None
        return
    assert s.complete
    assert sum(expected.values()) == total, "the row's patterns do not add up to its total"
    assert {int(p.rule.rsplit("-", 1)[1]): p.tai for p in s.patterns} == expected
    assert s.tai == total

