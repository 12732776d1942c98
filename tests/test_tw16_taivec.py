"""Face tai 牌面 (RULEBOOK §3, TW-TAI) on the hands two more public Taiwan 16-tile projects assert in
their unit tests, under both presets (`seed000`, `common`; RULEBOOK_TW16_PRESETS §4), and the money
of their worked payment examples (TW-PAY-1/2/3) on whole documents.

Sources (hands and what they assert are read from them; no code or wording is taken):

- ``yl``: yilinho/mahjong16tw_core, unittests/test_end_game_calculation.py (class MyTestCase). Its
  tiles 201–209, 211–219, 221–229 are written here m, p, s; 300–303 東南西北 (1z–4z); 310–312 the
  dragons (5z–7z); its flowers 100–103 and 104–107 are the two colours of flowers, its seat-1
  flowers 100 and 104 are our 5f and 1f. Its ``game_result(p, (q,))`` is a win on q's discard,
  ``(q, r, s)`` a self-draw.
- ``gto``: YuHsunWang/gto_mahjong, tests/test_scoring.py (known-answer tests with totals). Its
  contexts name no wind unless asked, so its rows sit at West seat in a West round (no 東 or 南
  tai); its ``kongs`` flag True is a 暗杠. Its ``migi_declared`` hand has no clause here.
- ``m16``: yuweiiihuang/mahjong16, tests/test_scoring.py (its ``taiwan_base`` profile). Where its test
  leaves the winning tile open (``ping_hu``, ``qing_yi_se``, ``xiao_san_yuan``, ``da_san_yuan``,
  ``xiao_si_xi``, ``da_si_xi``), the row names the tile it takes.

Not carried over: hands that are not sixteen-tile wins (m16 ``test_dragon_pung`` 10 tiles,
``test_hun_yi_se_only_4`` and ``test_zi_yi_se_detected`` no five sets and a pair, ``test_menqing_ron_is_1``
no winning tile; yl ``test_sequence`` fourteen tiles, the second and third hands of ``test_one_suit``
(three sets); m16 ``test_haitei_tsumo_plus_one`` holds five 1m, so its pon is taken as 999p).

Expected results are worked out from the clause text and the exclusion table of RULEBOOK §3 and
the presets' values, not from this scorer. Where a project's own figure differs, the row's comment
says "theirs: …" and RULEBOOK.md wins. Hands are written ``concealed+win`` (tests/test_tai.py's
``ctx``); seat 1 is East (the dealer), the round East, unless the row says otherwise.
"""
from __future__ import annotations

import pytest

from rulesbook.tw16.options import PRESETS, PRESET_TAI, Options
from rulesbook.tw16.tai import score
from tests.tablekit import discard, doc, draw, kong, only_hand, paid, rule, state, win
from tests.test_tai import ctx
from tests.test_tw16_probe_tai import C, on_discard, on_self_draw

BOTH = ("seed000", "common")
KONGS3 = ["ankong:1111m", "ankong:2222m", "ankong:3333m"]  # yl test_single_candidate's three 暗杠
WEST = dict(seat=3, round_wind="3z")  # gto rows: no wind of the hand is the seat's or the round's
PONS5 = ["pon:111m", "pon:222m", "pon:333m", "pon:444m", "pon:555m"]  # yl test_no_self_all_self


def row(name, c, seed, common=None):
    """One scored win: clause → tai under seed000 and (when it differs) under common."""
    return name, c, {"seed000": seed, "common": seed if common is None else common}


VECTORS = [
    # -- yl test_discard_self_goal: the dealer's concealed hand waiting on 東 alone --------------
    # self-draw: theirs 門清自摸 3 (ALL_SELF_GOAL); ours 門清 1 + 不求 2 (+ 獨聽 1); common's 不求
    # beside 自摸 (TW-TAI-4.common) comes to the same 3
    row("yl-discard_self_goal-concealed-self-draw", ctx("123456789m123456p1z+1z", how="self_draw"),
        {"TW-TAI-3": 1, "TW-TAI-4": 2, "TW-TAI-11": 1},
        {"TW-TAI-3": 1, "TW-TAI-4.common": 1, "TW-TAI-23": 1, "TW-TAI-11": 1}),
    # on a discard: theirs 門清 1 (ALL_SELF)
    row("yl-discard_self_goal-concealed-discard", ctx("123456789m123456p1z+1z"),
        {"TW-TAI-3": 1, "TW-TAI-11": 1}),
    # a chi shown: self-draw is 自摸 1 alone (SELF_GOAL); on a discard nothing of the two
    row("yl-discard_self_goal-chi-self-draw", ctx("456789m123456p1z+1z", melds=["chi:123m"], how="self_draw"),
        {"TW-TAI-23": 1, "TW-TAI-11": 1}),
    row("yl-discard_self_goal-chi-discard", ctx("456789m123456p1z+1z", melds=["chi:123m"]),
        {"TW-TAI-11": 1}),

    # -- yl test_flower: TW-TAI-26 on its hand (東 triplet at East: 風字刻 seat 1 + round 1) -------
    # 春夏秋冬 + 梅蘭: 花杠 2 in place of 春 + 梅 1 = 3; theirs 春 1 + 梅 1 + 花槓 1 = 3 (花槓 at 1 and the
    # set's own seat flower beside it)
    row("yl-flower-set-and-seat", ctx("123456789m123p111z6z+6z", flowers="567812f"),
        {"TW-TAI-1": 2, "TW-TAI-3": 1, "TW-TAI-11": 1, "TW-TAI-26": 3}),
    # three of the plants (104–106): no 花杠, 梅 alone
    row("yl-flower-three-of-a-colour", ctx("123456789m123p111z6z+6z", flowers="123f"),
        {"TW-TAI-1": 2, "TW-TAI-3": 1, "TW-TAI-11": 1, "TW-TAI-26": 1}),
    # all four plants (104–107): 花杠 2; theirs 花槓 1 + 梅 1
    row("yl-flower-set-of-plants", ctx("123456789m123p111z6z+6z", flowers="1234f"),
        {"TW-TAI-1": 2, "TW-TAI-3": 1, "TW-TAI-11": 1, "TW-TAI-26": 2}),

    # -- yl test_wind: South seat, East round -----------------------------------------------------
    # 東 round 1 + 南 seat 1, concealed or shown (pon 東, kong 南); one suit + honours: 湊一色 4
    row("yl-wind-concealed", ctx("123456789m111z222z6z+6z", seat=2),
        {"TW-TAI-1": 2, "TW-TAI-3": 1, "TW-TAI-11": 1, "TW-TAI-15": 4}),
    row("yl-wind-shown", ctx("123456789m6z+6z", melds=["pon:111z", "kong:2222z"], seat=2),
        {"TW-TAI-1": 2, "TW-TAI-11": 1, "TW-TAI-15": 4}),
    # South round, North seat: the 東 暗杠 is neither wind (0), 南 triplet the round wind (1); the 暗杠
    # keeps 門清
    row("yl-wind-south-round", ctx("123456789m222z6z+6z", melds=["ankong:1111z"], seat=4, round_wind="2z"),
        {"TW-TAI-1": 1, "TW-TAI-3": 1, "TW-TAI-11": 1, "TW-TAI-15": 4}),
    # 小四喜 8 (SMALL_WIND); TW-TAI-20 keeps 風字刻: 南 kong at the South round 1
    row("yl-wind-little-four-winds",
        ctx("123456m333z4z+4z", melds=["ankong:1111z", "kong:2222z"], seat=4, round_wind="2z"),
        {"TW-TAI-1": 1, "TW-TAI-11": 1, "TW-TAI-15": 4, "TW-TAI-20": 8}),
    # 大四喜 16 (BIG_WIND) and no 風字刻 (theirs asserts none); four concealed wind triplets: 四暗刻 5
    row("yl-wind-big-four-winds", ctx("1m456m111z222z333z444z+1m", seat=4, round_wind="2z"),
        {"TW-TAI-3": 1, "TW-TAI-11": 1, "TW-TAI-15": 4, "TW-TAI-17": 5, "TW-TAI-19": 16}),

    # -- yl test_dragon: South seat ---------------------------------------------------------------
    row("yl-dragon-two-dragon-triplets", ctx("111m456789m1z666z777z+1z", seat=2),
        {"TW-TAI-2": 2, "TW-TAI-3": 1, "TW-TAI-11": 1, "TW-TAI-15": 4, "TW-TAI-16": 2}),
    # 小三元 4 and no 箭字刻 (theirs: SMALL_DRAGON, no DRAGON)
    row("yl-dragon-little-three", ctx("111m456789m5z666z777z+5z", seat=2),
        {"TW-TAI-3": 1, "TW-TAI-11": 1, "TW-TAI-15": 4, "TW-TAI-16": 2, "TW-TAI-22": 4}),
    # 大三元 8 (BIG_DRAGON), no 箭字刻; won on 白 from a 1m/白 double wait: that triplet is not
    # concealed, so two concealed triplets and no 三暗刻
    row("yl-dragon-big-three", ctx("11m456789m55z666z777z+5z", seat=2),
        {"TW-TAI-3": 1, "TW-TAI-15": 4, "TW-TAI-21": 8}),

    # -- yl test_pong / test_all_pong / test_no_self_all_self (South seat) -----------------------
    # 2m 暗杠 and four concealed triplets, the pair from a discard: 五暗刻. Theirs: 門清 1 + 碰碰胡 4 +
    # 五暗刻 8 = 13; ours TW-TAI-18 excludes 門清 and 對對和: 12 (+ 獨聽) / common 8 (+ 獨聽)
    row("yl-pong-five-concealed", ctx("111m333p444p111s1z+1z", melds=["ankong:2222m"], seat=2),
        {"TW-TAI-11": 1, "TW-TAI-18": 12}, {"TW-TAI-11": 1, "TW-TAI-18": 8}),
    row("yl-no_self_all_self-five-concealed", ctx("222m333p444p111s1z+1z", melds=["ankong:1111m"], seat=2),
        {"TW-TAI-11": 1, "TW-TAI-18": 12}, {"TW-TAI-11": 1, "TW-TAI-18": 8}),
    # 1m claimed kong: 對對和 4 + 四暗刻 5 (theirs the same two)
    row("yl-pong-four-concealed", ctx("333p444p111s1z+1z", melds=["ankong:2222m", "kong:1111m"], seat=2),
        {"TW-TAI-8": 4, "TW-TAI-11": 1, "TW-TAI-17": 5}),
    # near miss: a sequence instead of 333p: 三暗刻 2, no 對對和
    row("yl-pong-three-concealed", ctx("123p444p111s1z+1z", melds=["ankong:2222m", "kong:1111m"], seat=2),
        {"TW-TAI-11": 1, "TW-TAI-16": 2}),
    # test_all_pong: won on 3p from a 3p/東 double wait: 對對和 4, the 3p triplet not concealed
    row("yl-all_pong-on-the-double-wait", ctx("33p444p111s11z+3p", melds=["ankong:2222m", "kong:1111m"], seat=2),
        {"TW-TAI-8": 4, "TW-TAI-16": 2}),
    # five pons and 東 alone: 全求 2 on a discard (NO_SELF), 半求 1 + 自摸 on a self-draw (HALF_NO_SELF);
    # both + 獨聽, 對對和, 湊一色
    row("yl-no_self_all_self-all-from-others", ctx("1z+1z", melds=PONS5, seat=2),
        {"TW-TAI-5": 2, "TW-TAI-8": 4, "TW-TAI-11": 1, "TW-TAI-15": 4}),
    row("yl-no_self_all_self-half", ctx("1z+1z", melds=PONS5, seat=2, how="self_draw"),
        {"TW-TAI-6": 1, "TW-TAI-8": 4, "TW-TAI-11": 1, "TW-TAI-15": 4, "TW-TAI-23": 1}),

    # -- yl test_single_candidate: three 暗杠 (South seat), TW-TAI-11 獨聽 -------------------------
    row("yl-single_candidate-pair-wait", ctx("333p444p1z+1z", melds=KONGS3, seat=2),
        {"TW-TAI-11": 1, "TW-TAI-18": 12}, {"TW-TAI-11": 1, "TW-TAI-18": 8}),
    # near miss: 67m waits 5m/8m
    row("yl-single_candidate-two-sided", ctx("67m333p11z+8m", melds=KONGS3, seat=2),
        {"TW-TAI-3": 1, "TW-TAI-17": 5}),
    row("yl-single_candidate-middle", ctx("79m333p11z+8m", melds=KONGS3, seat=2),
        {"TW-TAI-3": 1, "TW-TAI-11": 1, "TW-TAI-17": 5}),
    row("yl-single_candidate-edge", ctx("89m333p11z+7m", melds=KONGS3, seat=2),
        {"TW-TAI-3": 1, "TW-TAI-11": 1, "TW-TAI-17": 5}),

    # -- yl test_one_suit (first hand): pons 2m 5m 7m. Theirs 清一色 8 = common; seed000 12 ----------
    row("yl-one_suit-one-suit", ctx("123456m8m+8m", melds=["pon:222m", "pon:555m", "pon:777m"], seat=2),
        {"TW-TAI-11": 1, "TW-TAI-14": 12}, {"TW-TAI-11": 1, "TW-TAI-14": 8}),
    # its last hand: 中 pon and the four winds concealed, won on 發. Theirs 字一色 8 and no 對對和.
    # seed000: 字一色 16 − 4 beside 大四喜 (TW-TAI-13) = 12; common 8 with no deduction
    row("yl-one_suit-all-honours", ctx("111z222z333z444z6z+6z", melds=["pon:777z"], seat=2),
        {"TW-TAI-2": 1, "TW-TAI-11": 1, "TW-TAI-13": 12, "TW-TAI-17": 5, "TW-TAI-19": 16},
        {"TW-TAI-2": 1, "TW-TAI-11": 1, "TW-TAI-13": 8, "TW-TAI-17": 5, "TW-TAI-19": 16}),

    # -- gto (tests/test_scoring.py), West seat in the West round ---------------------------------
    # test_full_flush_all_triplets_five_concealed_self_draw: theirs 22 = 清一色 8 + 碰碰胡 4 + 五暗刻 8 +
    # 門清 1 + 自摸 1. Ours: TW-TAI-18 removes 門清 and 對對和 and adds 不求 (12 + 12 + 2 = 26); common
    # 8 + 8 + 不求 1 + 自摸 1 = 18. Waits 3m/6m/7m: no 獨聽 (theirs the same)
    row("gto-full_flush_all_triplets_five_concealed_self_draw", ctx("111222333444555m6m+6m", how="self_draw", **WEST),
        {"TW-TAI-4": 2, "TW-TAI-14": 12, "TW-TAI-18": 12},
        {"TW-TAI-4.common": 1, "TW-TAI-14": 8, "TW-TAI-18": 8, "TW-TAI-23": 1}),
    # test_pinghu_all_runs_ron: 平和 2 + 門清 1 = 3 (theirs 3)
    row("gto-pinghu_all_runs_ron", ctx("123456789m123p11s78s+6s", **WEST), {"TW-TAI-3": 1, "TW-TAI-7": 2}),
    # test_ron_completed_triplet_is_not_concealed: on the discard 門清 1 + 三暗刻 2 = 3 (theirs 3); the
    # same tile self-drawn: 四暗刻. Theirs 7 = 門清 1 + 自摸 1 + 5; ours 門清一摸三 (TW-TAI-4): 8
    row("gto-ron_completed_triplet-ron", ctx("111222333m44p55p567s+4p", **WEST), {"TW-TAI-3": 1, "TW-TAI-16": 2}),
    row("gto-ron_completed_triplet-tsumo", ctx("111222333m44p55p567s+4p", how="self_draw", **WEST),
        {"TW-TAI-3": 1, "TW-TAI-4": 2, "TW-TAI-17": 5},
        {"TW-TAI-3": 1, "TW-TAI-4.common": 1, "TW-TAI-23": 1, "TW-TAI-17": 5}),
    # test_all_called_single_wait_ron: 全求 2 + 獨聽 1 + 白 pon 1 = 4 (theirs 4); 東 pon: neither wind
    row("gto-all_called_single_wait_ron",
        ctx("2z+2z", melds=["chi:123m", "chi:456p", "chi:789s", "pon:111z", "pon:555z"], **WEST),
        {"TW-TAI-2": 1, "TW-TAI-5": 2, "TW-TAI-11": 1}),
    # test_open_kong_counts_as_exposed_set_for_all_called / near miss test_concealed_kong_disqualifies
    row("gto-open_kong_counts_for_all_called",
        ctx("3z+3z", melds=["chi:123m", "chi:456m", "chi:789m", "pon:111z", "kong:2222z"], **WEST),
        {"TW-TAI-5": 2, "TW-TAI-11": 1, "TW-TAI-15": 4}),
    row("gto-concealed_kong_disqualifies_all_called",
        ctx("3z+3z", melds=["chi:123m", "chi:456m", "chi:789m", "pon:111z", "ankong:2222z"], **WEST),
        {"TW-TAI-11": 1, "TW-TAI-15": 4}),
    # test_big_winds_all_honors: theirs 48 = 大四喜 16 + 字一色 16 + 碰碰胡 4 + 五暗刻 8 + 白 1 + 門清 1 +
    # 自摸 1 + 獨聽 1. Ours: 字一色 16 − 4 beside 大四喜 (TW-TAI-13), no 對對和 or 門清 (TW-TAI-13/18),
    # 不求 2: 44; common 字一色 8, 五暗刻 8, 不求 1 + 自摸 1: 36
    row("gto-big_winds_all_honors", ctx("111222333444555z6z+6z", how="self_draw", **WEST),
        {"TW-TAI-2": 1, "TW-TAI-4": 2, "TW-TAI-11": 1, "TW-TAI-13": 12, "TW-TAI-18": 12, "TW-TAI-19": 16},
        {"TW-TAI-2": 1, "TW-TAI-4.common": 1, "TW-TAI-23": 1, "TW-TAI-11": 1, "TW-TAI-13": 8,
         "TW-TAI-18": 8, "TW-TAI-19": 16}),
    # test_big_dragons_half_flush: 大三元 8 + 湊一色 4 + 四暗刻 5 + 門清 1 + 獨聽 1 = 19 (theirs 19)
    row("gto-big_dragons_half_flush", ctx("123m111555666777z2z+2z", **WEST),
        {"TW-TAI-3": 1, "TW-TAI-11": 1, "TW-TAI-15": 4, "TW-TAI-17": 5, "TW-TAI-21": 8}),
    # test_round_and_seat_wind_tai: the same at East seat in the East round: + 東 2 = 21 (theirs 21)
    row("gto-round_and_seat_wind_tai", ctx("123m111555666777z2z+2z"),
        {"TW-TAI-1": 2, "TW-TAI-3": 1, "TW-TAI-11": 1, "TW-TAI-15": 4, "TW-TAI-17": 5, "TW-TAI-21": 8}),
    # test_legitimate_heavenly_hand_still_scores: 天和 (theirs asserts its presence only) excludes 門清,
    # 不求, 自摸, 獨聽: 16 (common 24) + the rest
    row("gto-legitimate_heavenly_hand", ctx("123m111555666777z2z+2z", how="self_draw", tian_hu=True),
        {"TW-TAI-1": 2, "TW-TAI-15": 4, "TW-TAI-17": 5, "TW-TAI-21": 8, "TW-TAI-33": 16},
        {"TW-TAI-1": 2, "TW-TAI-15": 4, "TW-TAI-17": 5, "TW-TAI-21": 8, "TW-TAI-33": 24}),
    # test_max_decomposition_is_chosen: 111222333m read as triplets: 三暗刻; 5s or 8s: no 獨聽
    row("gto-max_decomposition_is_chosen", ctx("111222333m456p5s678s+5s", how="self_draw", **WEST),
        {"TW-TAI-3": 1, "TW-TAI-4": 2, "TW-TAI-16": 2},
        {"TW-TAI-3": 1, "TW-TAI-4.common": 1, "TW-TAI-23": 1, "TW-TAI-16": 2}),
    # test_kong_bloom_on_self_draw_adds_one_tai: theirs 3 = 門清 1 + 自摸 1 + 杠上開花 1; ours 門清一摸三
    # with 杠上開花 = 4 (TW-TAI-24 names it: 門清 1 + 不求 2 + 1)
    row("gto-kong_bloom_on_self_draw", ctx("234567m234p34s55s+2s", melds=["ankong:1111z"], how="self_draw",
                                           kong_replacement=True, **WEST),
        {"TW-TAI-3": 1, "TW-TAI-4": 2, "TW-TAI-24": 1},
        {"TW-TAI-3": 1, "TW-TAI-4.common": 1, "TW-TAI-23": 1, "TW-TAI-24": 1}),
    # test_robbing_the_kong_on_ron: 搶杠 1; the claimed kong breaks 門清 (and its 東 breaks 平和)
    row("gto-robbing_the_kong_on_ron", ctx("234567m234p34s55s+2s", melds=["kong:1111z"], how="rob_kong", **WEST),
        {"TW-TAI-12": 1}),
    # test_concealed_kongs_count_toward_concealed_triplets / near miss with one kong claimed
    row("gto-concealed_kongs_count_as_concealed",
        ctx("11m234567p55s+1m", melds=["ankong:1111z", "ankong:2222z"], how="self_draw", **WEST),
        {"TW-TAI-3": 1, "TW-TAI-4": 2, "TW-TAI-16": 2},
        {"TW-TAI-3": 1, "TW-TAI-4.common": 1, "TW-TAI-23": 1, "TW-TAI-16": 2}),
    row("gto-open_kong_not_concealed",
        ctx("11m234567p55s+1m", melds=["ankong:1111z", "kong:2222z"], how="self_draw", **WEST),
        {"TW-TAI-23": 1}),
    # test_kong_counts_as_triplet_for_all_triplets: 對對和 4 with a claimed 東 kong; four concealed
    # triplets 5; one suit + honours 4; 自摸 1; waits 3m/5m/6m
    row("gto-kong_counts_for_all_triplets", ctx("111222333444m5m+5m", melds=["kong:1111z"], how="self_draw", **WEST),
        {"TW-TAI-8": 4, "TW-TAI-15": 4, "TW-TAI-17": 5, "TW-TAI-23": 1}),

    # -- m16 (tests/test_scoring.py) --------------------------------------------------------------
    # test_menqing_tsumo_is_3_only: 門清一摸三, no separate 門清/自摸 under seed000 (common lists 不求 1 +
    # 自摸 1 beside 門清). 1111m2222m3333m is also 111m 222m 333m 123m: with 444p four concealed
    # triplets, 四暗刻 5 (theirs asserts only the 3)
    row("m16-menqing_tsumo_is_3_only", ctx("1111m2222m3333m444p1z+1z", how="self_draw"),
        {"TW-TAI-3": 1, "TW-TAI-4": 2, "TW-TAI-11": 1, "TW-TAI-17": 5},
        {"TW-TAI-3": 1, "TW-TAI-4.common": 1, "TW-TAI-23": 1, "TW-TAI-11": 1, "TW-TAI-17": 5}),
    # test_tsumo_non_closed_is_1: 自摸 1 with a pon, no 門清; 12m waits 3m alone (邊張)
    row("m16-tsumo_non_closed_is_1", ctx("12m456m234p567p99s+3m", melds=["pon:111m"], how="self_draw"),
        {"TW-TAI-11": 1, "TW-TAI-23": 1}),
    # test_haitei_tsumo_plus_one: 自摸 1 + 海底撈月 1 (+ 獨聽 on 東)
    row("m16-haitei_tsumo_plus_one", ctx("112233m333s444s1z+1z", melds=["pon:999p"], how="self_draw",
                                         last_tile=True),
        {"TW-TAI-11": 1, "TW-TAI-23": 1, "TW-TAI-25": 1}),
    # test_peng_peng_hu_ron_from_discard: 對對和 4; 3p from a 3p/5m double wait is no 暗刻
    row("m16-peng_peng_hu_ron_from_discard", ctx("333m222p33p55m+3p", melds=["pon:111m", "pon:444m"]),
        {"TW-TAI-8": 4}),
    # test_ping_hu_is_2: two chis shown, won on 4s (23s: 1s/4s): 平和 2 and nothing else
    row("m16-ping_hu_is_2", ctx("234p567p23s99m+4s", melds=["chi:123m", "chi:456m"]), {"TW-TAI-7": 2}),
    # near miss: the same hand self-drawn is no 平和 (TW-TAI-7 not 自摸)
    row("m16-ping_hu-miss-self-draw", ctx("234p567p23s99m+4s", melds=["chi:123m", "chi:456m"], how="self_draw"),
        {"TW-TAI-23": 1}),
    # test_qing_yi_se_only_8, won on 8m: theirs 8 = common; 8m is one of 5m/6m/8m/9m (no 獨聽); the
    # pair from the discard leaves three concealed triplets
    row("m16-qing_yi_se_only_8", ctx("111m666m777m8m+8m", melds=["chi:345m", "pon:222m"]),
        {"TW-TAI-14": 12, "TW-TAI-16": 2}, {"TW-TAI-14": 8, "TW-TAI-16": 2}),
    # test_xiao_san_yuan_only_4, won on 白 (its pair): 小三元 4, no 箭字刻; 四暗刻 5
    row("m16-xiao_san_yuan_only_4", ctx("777z666z5z444p555s+5z", melds=["chi:123m"]),
        {"TW-TAI-11": 1, "TW-TAI-17": 5, "TW-TAI-22": 4}),
    # test_da_san_yuan_only_8, won on 5s: 大三元 8, no 箭字刻
    row("m16-da_san_yuan_only_8", ctx("777z666z555z444p5s+5s", melds=["chi:123m"]),
        {"TW-TAI-11": 1, "TW-TAI-17": 5, "TW-TAI-21": 8}),
    # test_xiao_si_xi_only_8, won on 北: theirs no 風圈/門風 beside 小四喜; ours TW-TAI-20 keeps
    # 風字刻: 東 at East seat in the East round, 2
    row("m16-xiao_si_xi_only_8", ctx("111z222z333z4z444p+4z", melds=["chi:123m"]),
        {"TW-TAI-1": 2, "TW-TAI-11": 1, "TW-TAI-17": 5, "TW-TAI-20": 8}),
    # test_da_si_xi_only_16, won on 4p: 大四喜 16, no 風字刻
    row("m16-da_si_xi_only_16", ctx("111z222z333z444z4p+4p", melds=["chi:123m"]),
        {"TW-TAI-11": 1, "TW-TAI-17": 5, "TW-TAI-19": 16}),
    # test_du_ting_detected: on a discard of 東, 獨聽 (with 門清 and 四暗刻 as above)
    row("m16-du_ting_detected", ctx("1111m2222m3333m444p1z+1z"),
        {"TW-TAI-3": 1, "TW-TAI-11": 1, "TW-TAI-17": 5}),
    # test_he_di_detected: 河底撈魚 counts under common only (option river_bottom, TW-TAI-37)
    row("m16-he_di_detected", ctx("222m333m444m55m66m+5m", melds=["pon:111m"], last_discard=True),
        {"TW-TAI-8": 4, "TW-TAI-14": 12, "TW-TAI-16": 2},
        {"TW-TAI-8": 4, "TW-TAI-14": 8, "TW-TAI-16": 2, "TW-TAI-37": 1}),
]


def _params():
    for name, c, by_preset in VECTORS:
        for preset in BOTH:
            yield pytest.param(c, preset, by_preset[preset], id=f"{name}-{preset}")


@pytest.mark.parametrize("c, preset, expected", list(_params()))
def test_vector(c, preset, expected):
    s = score(c, Options(**PRESETS[preset]), PRESET_TAI[preset])
    assert s.complete
    assert {p.rule: p.tai for p in s.patterns} == expected
    assert s.tai == sum(expected.values())


# -- whole documents: their payment examples with base 100, tai 20 (TW-PAY-1/2/3) -------------------
# A deals unless a row says otherwise; B wins; on a discard A discards. Faces (seed000 and common):
SINGLE_8S = "123456m234567p345s8s"  # concealed self-draw of 8s: 門清 1 + 不求 2 + 獨聽 1 = 4
PINGHU = "12356m234567p345s88s"  # concealed self-draw of 4m: 門清 1 + 不求 2 = 3 (no 平和 on 自摸)
CHI_PINGHU = ("456m789m234p55s67p", [C("123m")])  # on a discard of 8p: 平和 2
OPEN_PONS = ("444m55s99s", [{"kind": "pon", "tiles": t * 3, "tile": t, "from": "D"}
                            for t in ("1m", "2p", "3s")])  # on a discard of 9s: 對對和 4


def _money(d):
    hand = only_hand(rule(d))
    assert hand["rulings"] == [] and hand["result"] == "win", hand["rulings"]
    assert sum(hand["net"].values()) == 0
    (w,) = hand["winners"]
    return w["tai"], paid(hand), hand["net"]


@pytest.mark.parametrize("preset", BOTH)
def test_m16_payments_example1_tsumo_nondealer(preset):
    # m16 test_payments_example1_tsumo_nondealer: face 4, the dealer pays 200, the others 180 each
    face, payments, net = _money(on_self_draw(SINGLE_8S, "8s", preset=preset))
    assert face == 4
    assert payments == [("A", "B", 200, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"), ("D", "B", 180, "TW-PAY-2")]
    assert net == {"A": -200, "B": 560, "C": -180, "D": -180}


@pytest.mark.parametrize("preset", BOTH)
def test_m16_payments_example2_tsumo_dealer_streak(preset):
    # m16 test_payments_example2_tsumo_dealer_streak: dealer self-draw, face 3, 連2拉2: each pays
    # 100 + (3 + 1 作莊 + 4) × 20 = 260
    face, payments, net = _money(on_self_draw(PINGHU, "4m", preset=preset, dealer="B", streak=2))
    assert face == 3
    assert payments == [("A", "B", 260, "TW-PAY-2"), ("C", "B", 260, "TW-PAY-2"), ("D", "B", 260, "TW-PAY-2")]
    assert net == {"A": -260, "B": 780, "C": -260, "D": -260}


@pytest.mark.parametrize("preset", BOTH)
def test_m16_payments_example3_ron_from_dealer(preset):
    # m16 test_payments_example3_ron_from_dealer: face 2 off the dealer on a streak of 3:
    # 100 + (2 + 1 + 6) × 20 = 280
    face, payments, _ = _money(on_discard(CHI_PINGHU[0], "8p", CHI_PINGHU[1], preset=preset, streak=3))
    assert face == 2
    assert payments == [("A", "B", 280, "TW-PAY-1")]


@pytest.mark.parametrize("preset", BOTH)
def test_m16_payments_example4_ron_between_guests(preset):
    # m16 test_payments_example4_ron_between_guests: C deals; A pays B 100 + 4 × 20 = 180, no dealer tai
    face, payments, _ = _money(on_discard(OPEN_PONS[0], "9s", OPEN_PONS[1], preset=preset, dealer="C"))
    assert face == 4
    assert payments == [("A", "B", 180, "TW-PAY-1")]


@pytest.mark.parametrize("preset", BOTH)
def test_m16_payments_example5_tsumo_from_guest_hits_dealer(preset):
    # m16 test_payments_example5_tsumo_from_guest_hits_dealer: face 3, the dealer on a streak of 1
    # pays 100 + (3 + 1 + 2) × 20 = 220, the others 160
    face, payments, net = _money(on_self_draw(PINGHU, "4m", preset=preset, streak=1))
    assert face == 3
    assert payments == [("A", "B", 220, "TW-PAY-2"), ("C", "B", 160, "TW-PAY-2"), ("D", "B", 160, "TW-PAY-2")]
    assert net == {"A": -220, "B": 540, "C": -160, "D": -160}


@pytest.mark.parametrize("preset", BOTH)
def test_m16_payments_dealer_ron_single_payer(preset):
    # m16 test_payments_dealer_ron_single_payer: the dealer B wins 平和 2 on A's discard:
    # 100 + (2 + 1 作莊) × 20 = 160, the others pay nothing
    face, payments, net = _money(on_discard(CHI_PINGHU[0], "8p", CHI_PINGHU[1], preset=preset, dealer="B"))
    assert face == 2
    assert payments == [("A", "B", 160, "TW-PAY-1")]
    assert net == {"A": -160, "B": 160, "C": 0, "D": 0}


@pytest.mark.parametrize("preset", BOTH)
@pytest.mark.parametrize("streak, amount", [(5, 360), (0, 160)])
def test_yl_discard_self_goal_running(preset, streak, amount):
    # yl test_discard_self_goal (its running = 5: RUNNING 10 paid with BANKER 1): the dealer B wins
    # 門清 1 + 獨聽 1 = 2 on A's discard; A pays 100 + (2 + 1 + 2 × 5) × 20 = 360; near miss, no
    # streak: 100 + (2 + 1) × 20 = 160
    face, payments, _ = _money(on_discard("123456789m123456p1z", "1z", preset=preset, dealer="B", streak=streak))
    assert face == 2
    assert payments == [("A", "B", amount, "TW-PAY-1")]


# -- gto's kong rows as whole documents: B (South) in a West round, so 東 is no wind of his ----------
GTO_KONG_HAND = "234567m234p34s55s"  # waits 2s/5s; with a 東 kong: five sets and a pair


def _gto_rob(win_how):
    hands = {"A": 16, "B": GTO_KONG_HAND, "C": "123m456m789p33z56s", "D": 16}
    melds = {"B": [{"kind": "kong", "kong": "claimed", "tiles": "1111z", "tile": "1z", "from": "D"}],
             "C": [{"kind": "pon", "tiles": "222s", "tile": "2s", "from": "A"}]}
    if win_how == "rob_kong":
        events = (draw("C", "2s"), kong("C", "added", "2222s"), win("B", "rob_kong", "2s", frm="C"))
    else:  # near miss: C draws another tile and lets 2s go as a plain discard
        hands["C"] = "123m456m789p33z2s6s"
        events = (draw("C", "5s"), discard("C", "2s"), win("B", "discard", "2s", frm="C"))
    return doc(state(hands, turn="C", melds=melds), *events, round_wind="3z")


@pytest.mark.parametrize("preset", BOTH)
def test_gto_robbing_the_kong_on_ron_as_a_document(preset):
    # gto test_robbing_the_kong_on_ron_adds_one_tai_and_open_kong_breaks_menqing: 搶杠 1 (TW-TAI-12),
    # no 門清 (the claimed 東 kong). C, whose added kong was robbed, pays 100 + 1 × 20 = 120
    face, payments, _ = _money({**_gto_rob("rob_kong"), "ruleset": {"base": 100, "tai": 20, "preset": preset}})
    assert face == 1
    assert payments == [("C", "B", 120, "TW-PAY-1a")]
    # near miss: the same tile as a plain discard carries no 搶杠: a face of 0, C pays the base
    face, payments, _ = _money({**_gto_rob("discard"), "ruleset": {"base": 100, "tai": 20, "preset": preset}})
    assert face == 0
    assert payments == [("C", "B", 100, "TW-PAY-1")]


@pytest.mark.parametrize("preset", BOTH)
@pytest.mark.parametrize("replacement, patterns", [
    # gto test_kong_bloom_on_self_draw_adds_one_tai: 2s on the 杠尾 after B's 東 暗杠: 門清 1 + 不求 2 +
    # 杠上開花 1 = 4 (theirs 3, no 不求); common 門清 1 + 不求 1 + 自摸 1 + 杠上開花 1 = 4
    ("2s", {"seed000": {"TW-TAI-3": 1, "TW-TAI-4": 2, "TW-TAI-24": 1},
            "common": {"TW-TAI-3": 1, "TW-TAI-4.common": 1, "TW-TAI-23": 1, "TW-TAI-24": 1}}),
])
def test_gto_kong_bloom_as_a_document(preset, replacement, patterns):
    hands = {"A": 16, "B": GTO_KONG_HAND + "111z", "C": 16, "D": 16}
    d = doc(state(hands, turn="B"), draw("B", "1z"), kong("B", "concealed", "1111z"),
            draw("B", replacement, "back"), win("B", "self_draw", replacement), round_wind="3z", preset=preset)
    hand = only_hand(rule(d))
    (w,) = hand["winners"]
    assert {p["rule"]: p["tai"] for p in w["patterns"]} == patterns[preset]
    # A deals: he pays 100 + (4 + 1) × 20 = 200, C and D 100 + 4 × 20 = 180
    assert w["tai"] == 4
    assert paid(hand) == [("A", "B", 200, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"), ("D", "B", 180, "TW-PAY-2")]
