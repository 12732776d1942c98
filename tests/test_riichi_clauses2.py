"""Riichi disputes, round 2 (RULEBOOK_RIICHI.md): the clauses and options tests/test_riichi_clauses.py
and tests/test_riichi_disputes.py leave unchecked, the money worked out by hand from the rulebook:
kazoe, double yakuman, renhou and kiriage per option and preset; four winds with a concealed kan in
between; the presets without abortive draws (four riichi, four winds play on); nagashi mangan
(per preset, by the dealer); empty pon and riichi calls, chombo with a valid win and unrevealed
false wins per preset; the 5-tile wall-collapse threshold and a collapse before an abort; discard
furiten after a change of waits; kuikae at the edges of a run; the chombo re-deal options at an
exhaustive draw and a chombo that passes the deal at the last scheduled hand (RJ-END-3); suukantsu
pao per preset; a rinshan win on the 70th draw; double-ron honba options; the extension against
goal_points and an abort at the last hand; a robbed fourth kan (no 四槓散了).

Base points (RJ-VAL-5) = fu × 2^(2 + han); mangan 2000 base, haneman 3000, baiman 4000,
sanbaiman 6000, yakuman 8000; a non-dealer's self-draw takes 2 × base from the dealer and 1 ×
from each other non-dealer, a ron 4 × base from the discarder.
"""
from __future__ import annotations

import pytest

from referee.errors import InputError

from .riichikit import Hand, hand_of, money, rule
from .test_riichi_clauses import game, nagashi_by
from .test_riichi_disputes import (DEAL, KANS, NO_YAKU, NOTEN_B, SUUKANTSU, WAITS, collapse, empty_pon_then,
                                   findings, four_riichi, next_of, riichi_b, ron_on_4p, table)


# ---------------------------------------------------------------------------------------------
# RJ-VAL-2 option kazoe: 13 han or more without a yakuman yaku

# B: 22 33 444 5 67 888 m, waiting on 3m/6m; with 6m: 234 234 456 678m and the pair 88m (chinitsu)
KAZOE = {"A": "13579p13579s135z", "B": "223344m45m678m88m", "C": "2468p2468s246z77z",
         "D": "1357p1357s1357z9s"}


def kazoe_tsumo(dora: str, **kw) -> dict:
    """B self-draws 6m on his second draw: menzen tsumo 1, pinfu 1, tanyao 1, iipeikou 1, chinitsu
    6 = 10 han, plus one per 4m (indicator 3m: three dora) or per 3m (indicator 2m: two)."""
    return Hand(KAZOE, dora=dora, avoid="3m6m", **kw).go(5).draw("B", "6m").win("B", "self_draw", "6m").rule()


YAKUMAN_TSUMO = {"A": -16000, "B": 32000, "C": -8000, "D": -8000}
SANBAIMAN_TSUMO = {"A": -12000, "B": 24000, "C": -6000, "D": -6000}


@pytest.mark.parametrize("kw, limit, expected", [
    # 13 han: a counted yakuman under the tenhou preset (kazoe: yakuman): 16,000 / 8,000
    pytest.param({}, "yakuman", YAKUMAN_TSUMO, id="tenhou-yakuman"),
    # the same hand with kazoe: sanbaiman: 12,000 / 6,000
    pytest.param({"options": {"kazoe": "sanbaiman"}}, "sanbaiman", SANBAIMAN_TSUMO, id="option-sanbaiman"),
    # the wrc2022 and ema2016 presets set kazoe: sanbaiman; mleague keeps yakuman
    pytest.param({"preset": "wrc2022"}, "sanbaiman", SANBAIMAN_TSUMO, id="wrc2022"),
    pytest.param({"preset": "ema2016"}, "sanbaiman", SANBAIMAN_TSUMO, id="ema2016"),
    pytest.param({"preset": "mleague"}, "yakuman", YAKUMAN_TSUMO, id="mleague"),
])
def test_val2_kazoe_thirteen_han(kw, limit, expected):
    r = kazoe_tsumo("3m", **kw)
    w = hand_of(r)["winners"][0]
    assert (w["han"], w["fu"], w["limit"]) == (13, 20, limit)
    assert money(r) == expected


@pytest.mark.parametrize("options", [{}, {"kazoe": "sanbaiman"}], ids=["yakuman", "sanbaiman"])
def test_val2_kazoe_near_miss_twelve_han_is_sanbaiman_either_way(options):
    r = kazoe_tsumo("2m", options=options)
    w = hand_of(r)["winners"][0]
    assert (w["han"], w["limit"]) == (12, "sanbaiman") and money(r) == SANBAIMAN_TSUMO


# ---------------------------------------------------------------------------------------------
# RJ-ABT-2 four winds: a call of any kind in between (here D's concealed kan) prevents it


def test_abt2_a_concealed_kan_before_the_fourth_wind_no_abort():
    """A, B, C discard 2z first; D kans his East (indicator turned at once, RJ-FLOW-4), draws 2z
    from the dead wall and discards it: no 四風連打. The wall runs out: B, C, D tenpai (D: 44p 99s
    789m 567s + the kan), A pays 1000 to each; the noten dealer passes, honba + 1, the stick stays."""
    h = table(honba=1, sticks=1)
    for p in "ABC":
        h.draw(p, "2z").discard(p, "2z")
    h.draw("D", "1z").kong("D", "concealed", "1111z").ev(type="dora", tile="9m")
    r = h.draw("D", "2z", back=True).discard("D", "2z").exhaust().rule()
    assert hand_of(r)["result"] == "exhaustive_draw" and findings(r) == []
    assert money(r) == {"A": -3000, "B": 1000, "C": 1000, "D": 1000} and next_of(r) == ("B", 2, 1)


# ---------------------------------------------------------------------------------------------
# §6 presets without abortive draws (abortive_draws: []): the hand plays on


def test_abt4_wrc2022_four_riichi_play_on_the_next_winner_takes_five_sticks():
    """Under wrc2022 nobody aborts the four riichi: B self-draws 4p before his next discard:
    riichi, ippatsu, tsumo, pinfu, tanyao = 5 han, a mangan 4000 / 2000, + 100 honba from each;
    the carried stick and the four riichi sticks (5000) to B."""
    h = four_riichi()
    h.ruleset = {"preset": "wrc2022"}
    r = h.draw("A").discard("A").draw("B", "4p").win("B", "self_draw", "4p", ura="5z").rule()
    w = hand_of(r)["winners"][0]
    assert (w["han"], w["limit"]) == (5, "mangan")
    assert money(r) == {"A": -5100, "B": 12300, "C": -3100, "D": -3100, "kyotaku": -1000}
    assert next_of(r) == ("B", 0, 0)


def test_abt4_near_miss_tenhou_the_same_draw_is_an_input_error():
    h = four_riichi().draw("A").discard("A").draw("B", "4p").win("B", "self_draw", "4p", ura="5z")
    with pytest.raises(InputError, match="four riichi"):
        h.rule()


@pytest.mark.parametrize("preset", ["wrc2022", "ema2016", "mleague"])
def test_abt2_presets_without_aborts_four_winds_play_on(preset):
    h = table(preset=preset)
    for p in "ABCD":
        h.draw(p, "2z").discard(p, "2z")
    r = h.exhaust().rule()
    assert hand_of(r)["result"] == "exhaustive_draw"
    assert money(r) == {"A": -3000, "B": 1000, "C": 1000, "D": 1000}


# ---------------------------------------------------------------------------------------------
# RJ-PAY-9 nagashi mangan per preset (§6: on for tenhou and mleague, off for wrc2022 and ema2016)


@pytest.mark.parametrize("preset, expected", [
    # C and D each a non-dealer mangan as by self-draw (4000 from A, 2000 from each other non-dealer):
    # C and D net 8000 - 2000; the honba add nothing
    pytest.param("tenhou", {"A": -8000, "B": -4000, "C": 6000, "D": 6000}, id="tenhou"),
    pytest.param("mleague", {"A": -8000, "B": -4000, "C": 6000, "D": 6000}, id="mleague"),
    # off: noten payments; B, C, D tenpai, A pays 1000 to each
    pytest.param("wrc2022", {"A": -3000, "B": 1000, "C": 1000, "D": 1000}, id="wrc2022"),
    pytest.param("ema2016", {"A": -3000, "B": 1000, "C": 1000, "D": 1000}, id="ema2016"),
])
def test_pay9_nagashi_per_preset(preset, expected):
    r = nagashi_by("CD", honba=1, preset=preset).rule()
    assert money(r) == expected and next_of(r) == ("B", 2, 0)


# ---------------------------------------------------------------------------------------------
# RJ-IRR-6(a) an empty pon call, per preset (§6: empty_call deposit_1000 / dead_hand / none /
# dead_hand)


@pytest.mark.parametrize("preset, expected, sticks", [
    # D's 1000 to the table; at the draw B, C, D tenpai: A pays 1000 to each
    pytest.param("tenhou", {"A": -3000, "B": 1000, "C": 1000, "kyotaku": 1000}, 1, id="tenhou"),
    # D dead and noten: B and C tenpai, A pays B 1500, D pays C 1500
    pytest.param("wrc2022", {"A": -1500, "B": 1500, "C": 1500, "D": -1500}, 0, id="wrc2022"),
    pytest.param("mleague", {"A": -1500, "B": 1500, "C": 1500, "D": -1500}, 0, id="mleague"),
    # none: nothing; B, C, D tenpai
    pytest.param("ema2016", {"A": -3000, "B": 1000, "C": 1000, "D": 1000}, 0, id="ema2016"),
])
def test_irr6a_empty_call_per_preset(preset, expected, sticks):
    r = empty_pon_then("draw", preset=preset).rule()
    assert ("RJ-IRR-6", "ruled") in findings(r)
    assert money(r) == expected and next_of(r)[2] == sticks


# ---------------------------------------------------------------------------------------------
# RJ-IRR-9: "5 or more" wall tiles exposed is the chombo threshold


def test_irr9_five_wall_tiles_exposed_is_chombo():
    """C, a non-dealer: 4000 to the dealer, 2000 to each other; re-deal, honba and stick kept."""
    r = collapse(5, "end").rule()
    assert findings(r) == [("RJ-IRR-9", "ruled")] and hand_of(r)["result"] == "penalty"
    assert money(r) == {"A": 4000, "B": 2000, "C": -8000, "D": 2000} and next_of(r) == ("A", 1, 1)


# ---------------------------------------------------------------------------------------------
# RJ-FUR-1: discard furiten after a change of waits, and lifted by another change

# C waits on 6p alone (57p), tanyao
FUR = dict(DEAL, C="234678m678s22s57p")


def changed_waits(early: str) -> Hand:
    """C discards ``early`` on his first turn (not a wait then), later draws 4p and discards 7p:
    he now waits on 3p/6p."""
    h = table(FUR, avoid="3p6p").go(2).draw("C", early).discard("C", early).go(3)
    return h.draw("C", "4p").discard("C", "7p").go(1)


def test_fur1_a_new_wait_among_his_discards_is_furiten():
    """His 3p is in his river: his ron on A's 6p is a false win, chombo (4000 / 2000 / 2000)."""
    r = changed_waits("3p").draw("A", "6p").discard("A", "6p").win("C", "discard", "6p", frm="A").rule()
    assert hand_of(r)["result"] == "false_win" and "RJ-FUR-1" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == {"A": 4000, "B": 2000, "C": -8000, "D": 2000}


def test_fur1_near_miss_the_early_discard_is_no_new_wait():
    """He discarded 2p: 234m 678m 678s 456p 22s, tanyao pinfu 2 han 30 fu = 2000."""
    r = changed_waits("2p").draw("A", "6p").discard("A", "6p").win("C", "discard", "6p", frm="A").rule()
    assert hand_of(r)["result"] == "win" and money(r) == {"A": -2000, "C": 2000}


def test_fur1_changing_waits_again_lifts_it():
    """From 3p/6p (furiten) C draws 7p and discards 4p: 57p waits on 6p alone, none in his river:
    tanyao, closed ron 30 + 2 (kanchan) = 32 → 40 fu, 1 han = 1300."""
    h = changed_waits("3p").go(2).draw("C", "7p").discard("C", "4p").go(1)
    r = h.draw("A", "6p").discard("A", "6p").win("C", "discard", "6p", frm="A").rule()
    assert hand_of(r)["result"] == "win" and money(r) == {"A": -1300, "C": 1300}


# ---------------------------------------------------------------------------------------------
# RJ-PR-5 / RJ-IRR-7 kuikae at the edges of a run


def test_pr5_a_chi_at_the_end_of_the_suit_bars_no_other_end():
    """C chis B's 7p with 89p: the run 789p has no kind beyond 9p; his 6p discard is no kuikae."""
    h = table(dict(DEAL, C="234678m678s22s89p"), avoid="7p").go(1).draw("B", "7p").discard("B", "7p")
    r = h.chi("C", "7p", "89p").discard("C", "6s").ev(type="end").rule()
    assert findings(r) == []


def test_pr5_a_red_five_is_the_same_kind():
    """C chis B's 0p with 46p and discards his plain 5p: the claimed kind, kuikae (RJ-IRR-7), a
    dead hand: at the draw he is noten (his 2s wait no longer counts); B and D tenpai, A pays B
    1500, C pays D 1500."""
    h = table(dict(DEAL, C="234678m678s2s46p5p"), avoid=WAITS + "2s").go(1).draw("B", "0p").discard("B", "0p")
    r = h.chi("C", "0p", "46p").discard("C", "5p").exhaust().rule()
    assert findings(r) == [("RJ-IRR-7", "ruled")]
    assert money(r) == {"A": -1500, "B": 1500, "C": -1500, "D": 1500}


# ---------------------------------------------------------------------------------------------
# RJ-VAL-2 double_yakuman per preset (§6: on for ema2016 only): suuankou tanki

SUU = dict(DEAL, B="222m777p444s777z5z")  # four concealed triplets, waiting on 5z alone


@pytest.mark.parametrize("preset, expected", [
    # a single yakuman, non-dealer self-draw: 16,000 from the dealer, 8,000 from each other
    pytest.param("tenhou", {"A": -16000, "B": 32000, "C": -8000, "D": -8000}, id="tenhou"),
    pytest.param("wrc2022", {"A": -16000, "B": 32000, "C": -8000, "D": -8000}, id="wrc2022"),
    # a double yakuman: 32,000 and 16,000
    pytest.param("ema2016", {"A": -32000, "B": 64000, "C": -16000, "D": -16000}, id="ema2016"),
])
def test_val2_double_yakuman_per_preset(preset, expected):
    r = Hand(SUU, avoid="5z", preset=preset).go(5).draw("B", "5z").win("B", "self_draw", "5z").rule()
    assert money(r) == expected


# ---------------------------------------------------------------------------------------------
# RJ-VAL-2 option renhou, at a dispute: the engine's reading of `mangan` is the library's 5-han
# yaku (renhou_as_yakuman false), which adds to the hand's other han; RJ-VAL-3: it is derived
# only when the option asks for it


@pytest.mark.parametrize("option, expected", [
    # none (tenhou): C's ron on A's first discard is tanyao pinfu, 2 han 30 fu = 2000
    pytest.param(None, 2000, id="none"),
    # mangan: renhou 5 + 2 = 7 han, haneman 12,000
    pytest.param("mangan", 12000, id="mangan"),
    # yakuman: 32,000
    pytest.param("yakuman", 32000, id="yakuman"),
])
def test_val2_renhou_option(option, expected):
    h = table(options={"renhou": option} if option else None)
    r = h.draw("A", "4p").discard("A", "4p").win("C", "discard", "4p", frm="A").rule()
    assert money(r) == {"A": -expected, "C": expected}


def test_val2_renhou_near_miss_after_his_own_first_draw():
    """C has drawn and discarded once: no renhou even with the option: 2000."""
    h = table(options={"renhou": "yakuman"}).go(4)
    r = h.draw("A", "4p").discard("A", "4p").win("C", "discard", "4p", frm="A").rule()
    assert money(r) == {"A": -2000, "C": 2000}


# ---------------------------------------------------------------------------------------------
# RJ-IRR-0 chombo_with_win and the chombo cost per preset: B (furiten on 4p, he discarded it)
# and C both ron A's 4p; C's win (2000 + 300 honba + the stick) stands under every preset


@pytest.mark.parametrize("preset, penalty", [
    # both: B's chombo is also charged, as a final-score penalty (outside the hand's money)
    pytest.param("wrc2022", 30000, id="wrc2022-both"),
    pytest.param("mleague", 20000, id="mleague-both"),
    # void_chombo: no penalty
    pytest.param("ema2016", None, id="ema2016-void"),
])
def test_irr0_chombo_with_a_valid_win_per_preset(preset, penalty):
    h = table(honba=1, sticks=1, preset=preset).go(1)
    h.draw("B", "4p").discard("B", "4p").go(2).draw("A", "4p").discard("A", "4p")
    r = h.win("B", "discard", "4p", frm="A").win("C", "discard", "4p", frm="A").rule()
    assert money(r) == {"A": -2300, "C": 3300, "kyotaku": -1000} and hand_of(r)["redeal"] is False
    assert [(p["player"], p["points"]) for p in hand_of(r)["penalties"]] == ([("B", penalty)] if penalty else [])


# ---------------------------------------------------------------------------------------------
# RJ-IRR-1 false_win_unrevealed per preset: B calls a win on A's 3p (no yaku) and shows nothing


def test_irr1_unrevealed_false_win_wrc2022_chombo_off_the_final_score():
    """wrc2022: chombo, the hand re-dealt, 30,000 off B's final score, no money in the hand."""
    h = table(NO_YAKU, avoid=WAITS + "3p", preset="wrc2022").go(4).draw("A", "3p").discard("A", "3p")
    r = h.ev(type="call", player="B", call="win").ev(type="end").rule()
    x = hand_of(r)
    assert (x["result"], x["redeal"]) == ("false_win", True) and money(r) == {}
    assert [(p["player"], p["points"], p["rule"]) for p in x["penalties"]] == [("B", 30000, "RJ-IRR-1")]
    assert next_of(r) == ("A", 0, 0)


@pytest.mark.parametrize("preset", ["ema2016", "mleague"])
def test_irr1_unrevealed_false_win_near_miss_dead_hand_presets(preset):
    """A dead hand, no penalty: at the draw A and B noten, C and D tenpai: A pays C 1500, B pays D."""
    h = table(NO_YAKU, avoid=WAITS + "3p", preset=preset).go(4).draw("A", "3p").discard("A", "3p")
    r = h.ev(type="call", player="B", call="win").exhaust().rule()
    assert hand_of(r)["penalties"] == []
    assert money(r) == {"A": -1500, "B": -1500, "C": 1500, "D": 1500}


# ---------------------------------------------------------------------------------------------
# RJ-IRR-6(a) an empty riichi call (the `riichi` event never follows), per option empty_call


@pytest.mark.parametrize("option, expected, sticks", [
    # none: B, C, D tenpai, A pays 1000 to each
    pytest.param("none", {"A": -3000, "B": 1000, "C": 1000, "D": 1000}, 0, id="none"),
    # deposit: B's 1000 to the table, where it stays (no winner); he still takes 1000 from A
    pytest.param("deposit_1000", {"A": -3000, "C": 1000, "D": 1000, "kyotaku": 1000}, 1, id="deposit"),
    # dead hand: B noten; A pays C 1500, B pays D 1500
    pytest.param("dead_hand", {"A": -1500, "B": -1500, "C": 1500, "D": 1500}, 0, id="dead-hand"),
])
def test_irr6a_an_empty_riichi_call(option, expected, sticks):
    h = table(options={"empty_call": option}).go(5).draw("B").ev(type="call", player="B", call="riichi")
    r = h.discard("B").exhaust().rule()
    assert findings(r) == [("RJ-IRR-6", "ruled")] and "riichi" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == expected and next_of(r) == ("B", 1, sticks)


# ---------------------------------------------------------------------------------------------
# RJ-END-4 the extension's sudden death is judged against goal_points


@pytest.mark.parametrize("goal, c_points, over", [
    # West 1, the noten dealer A pays 1000 to each: C ends on 30,000, under a goal of 35,000
    pytest.param(35000, 29000, False, id="30000-under-35000"),
    pytest.param(35000, 34000, True, id="35000-reaches-35000"),
])
def test_end4_extension_against_goal_points(goal, c_points, over):
    scores = {"A": 25000, "B": 22000, "C": c_points, "D": 53000 - c_points}
    h = table(scores=scores, start_dealer="A", round_wind="3z", options={"goal_points": goal})
    assert hand_of(rule(game(h.exhaust())))["next"]["game_over"] is over


# ---------------------------------------------------------------------------------------------
# RJ-IRR-0 chombo_dealer / chombo_honba at an exhaustive draw, and RJ-END-3 after a chombo at the
# last scheduled hand: B's false riichi (RJ-IRR-2), 1 honba and 1 stick carried


def false_riichi_at_the_draw(scores=None, **kw) -> Hand:
    return riichi_b(table(NOTEN_B, honba=1, sticks=1, scores=scores, **kw)).exhaust()


@pytest.mark.parametrize("options, nxt", [
    # WRC 2015 default: no honba added; the dealer keeps; B's stick back, the carried one stays
    pytest.param({}, ("A", 1, 1), id="default"),
    # chombo_honba: plus_one adds one here too (the option governs every re-deal)
    pytest.param({"chombo_honba": "plus_one"}, ("A", 2, 1), id="plus-one"),
    pytest.param({"chombo_dealer": "passes"}, ("B", 1, 1), id="passes"),
])
def test_irr2_chombo_at_the_draw_re_deal_options(options, nxt):
    r = false_riichi_at_the_draw(options=options).rule()
    assert money(r) == {"A": 4000, "B": -8000, "C": 2000, "D": 2000} and next_of(r) == nxt


@pytest.mark.parametrize("scores, options, over, wind", [
    # South 4 (start dealer B, so A deals last); the deal passes with A on 44,000: the game ends
    # (RJ-END-3), it does not go into West
    pytest.param({"A": 40000, "B": 20000, "C": 20000, "D": 20000}, {"chombo_dealer": "passes"}, True, "3z",
                 id="passes-someone-at-goal"),
    # near miss: after the chombo A has 29,000, nobody 30,000: the extension (West 1) follows
    pytest.param({p: 25000 for p in "ABCD"}, {"chombo_dealer": "passes"}, False, "3z", id="passes-nobody-at-goal"),
    # near miss: chombo_dealer keeps: South 4 is re-dealt
    pytest.param({"A": 40000, "B": 20000, "C": 20000, "D": 20000}, {}, False, "2z", id="keeps"),
])
def test_end3_a_chombo_at_the_last_hand_that_passes_the_deal(scores, options, over, wind):
    h = false_riichi_at_the_draw(scores, start_dealer="B", round_wind="2z", options=options)
    r = rule(game(h))
    assert hand_of(r)["next"]["game_over"] is over and hand_of(r)["next"]["round_wind"] == wind
    if over:  # RJ-END-5: the carried stick goes to the top player A (B's own came back to him)
        assert r["final"]["scores"] == {"A": 45000, "B": 12000, "C": 22000, "D": 22000}


# ---------------------------------------------------------------------------------------------
# RJ-PAY-8 suukantsu pao per preset (§6: in the tenhou and mleague lists, not wrc2022/ema2016);
# their kan_dora: immediate turns the open kan's indicator before the rinshan draw (RJ-FLOW-4)


def suukantsu_immediate(**kw) -> dict:
    h = Hand(SUUKANTSU, avoid="9m", **kw).go(1)
    for tile, indicator, others in (("1m", "6z", 3), ("2p", "7z", 3), ("3s", "1p", 2)):
        h.draw("B", tile).kong("B", "concealed", tile[0] * 4 + tile[1]).ev(type="dora", tile=indicator)
        h.draw("B", back=True).discard("B").go(others)
    h.draw("A", "4s").discard("A", "4s").kong("B", "claimed", "4444s").ev(type="dora", tile="8s")
    return h.draw("B", "9m", back=True).win("B", "self_draw", "9m").rule()


@pytest.mark.parametrize("preset, expected", [
    # pao: A fed the fourth kan and pays the whole self-draw
    pytest.param("mleague", {"A": -32000, "B": 32000}, id="mleague-pao"),
    # no suukantsu pao: an ordinary non-dealer yakuman self-draw
    pytest.param("wrc2022", {"A": -16000, "B": 32000, "C": -8000, "D": -8000}, id="wrc2022"),
    pytest.param("ema2016", {"A": -16000, "B": 32000, "C": -8000, "D": -8000}, id="ema2016"),
])
def test_pay8_suukantsu_pao_per_preset(preset, expected):
    r = suukantsu_immediate(preset=preset)
    assert hand_of(r)["complete"] and money(r) == expected


# ---------------------------------------------------------------------------------------------
# RJ-PAY-9 nagashi mangan by the dealer: 4000 from each; he is noten, so the deal passes

NAGASHI_AC = dict(DEAL, A="223m89p38s334667z", D="44p88s678m567s567m")  # D: tenpai on 4p/8s


def test_pay9_the_dealers_nagashi_4000_from_each():
    """A (dealer) and C both: A 12,000 − 4,000 (to C) = 8,000; C 4,000 + 2,000 + 2,000 − 4,000 =
    4,000; B and D pay 4,000 to A and 2,000 to C; no honba added; the noten dealer passes."""
    h = table(NAGASHI_AC, avoid="4p8s", honba=1)
    while h.draws < 70:
        p = h.turn
        h.draw(p, pick="19m19p19s1234567z" if p in "AC" else "2345678m2345678p2345678s").discard(p)
    r = h.ev(type="exhaustive_draw", nagashi=["A", "C"]).rule()
    assert money(r) == {"A": 8000, "B": -6000, "C": 4000, "D": -6000} and next_of(r) == ("B", 2, 0)


# ---------------------------------------------------------------------------------------------
# RJ-VAL-3 / RJ-FLOW-6: a rinshan draw that is the 70th draw is no haitei (Tenhou scores rinshan)


@pytest.mark.parametrize("before", [68, 64], ids=["kan-on-the-69th", "earlier"])
def test_val3_rinshan_as_the_last_draw_is_not_haitei(before):
    """The dealer A kans 2z (no yaku) and wins on his replacement 6s: rinshan 1 + menzen tsumo 1,
    20 + 2 (tsumo) + 32 (concealed honour kan) = 54 → 60 fu; 2 han 60 fu, base 960: 2000 from
    each. With haitei it would be 3 han (3900 each)."""
    h = table(dict(DEAL, A="222z234m456p78s99s"), avoid="2z6s9s")
    while h.draws < before:
        h.draw().discard()
    h.draw("A", "2z").kong("A", "concealed", "2222z").ev(type="dora", tile="9m")
    r = h.draw("A", "6s", back=True).win("A", "self_draw", "6s").rule()
    w = hand_of(r)["winners"][0]
    assert sorted(p["key"] for p in w["patterns"]) == ["rinshan", "tsumo"] and (w["han"], w["fu"]) == (2, 60)
    assert money(r) == {"A": 6000, "B": -2000, "C": -2000, "D": -2000}


# ---------------------------------------------------------------------------------------------
# RJ-PAY-4/5/6 options on a double ron under the tenhou preset: A's 4p won by B (pinfu, 1000)
# and C (tanyao pinfu, 2000) with 2 honba and 1 stick carried


@pytest.mark.parametrize("options, expected", [
    # first_winner (default): B 1000 + 600 + the stick; C 2000
    pytest.param({}, {"A": -3600, "B": 2600, "C": 2000, "kyotaku": -1000}, id="first-winner"),
    # each_winner: C's ron carries the 600 honba too; the stick still goes to B only
    pytest.param({"multi_ron_honba": "each_winner"}, {"A": -4200, "B": 2600, "C": 2600, "kyotaku": -1000},
                 id="each-winner"),
    # head_bump: only B, nearest to A in turn order, wins
    pytest.param({"multiple_ron": "head_bump"}, {"A": -1600, "B": 2600, "kyotaku": -1000}, id="head-bump"),
])
def test_pay5_double_ron_honba_options(options, expected):
    r = ron_on_4p("CB", options=options).rule()
    assert money(r) == expected and next_of(r) == ("B", 0, 0)


# ---------------------------------------------------------------------------------------------
# RJ-IRR-9 wall_collapse: chombo_if_drawn, and the hand ends in an abortive draw instead


def test_irr9_collapse_if_drawn_then_four_winds_costs_nothing():
    """C exposes 6 wall tiles between the first discards (no call: 四風連打 still stands); the hand
    ends by the abort, not an exhaustive draw: no chombo; RJ-ABT-0: no money, the dealer keeps,
    honba + 1, the stick carried."""
    h = table(honba=1, sticks=1, options={"wall_collapse": "chombo_if_drawn"})
    for p in "ABCD":
        h.draw(p, "2z").discard(p, "2z")
        if p == "B":
            h.ev(type="act", player="C", act="wall_disturbed", count=6)
    r = h.ev(type="abort", kind="four_winds").rule()
    assert (hand_of(r)["result"], hand_of(r)["redeal"]) == ("abortive_draw", False)
    assert money(r) == {} and hand_of(r)["penalties"] == [] and next_of(r) == ("A", 2, 1)


# ---------------------------------------------------------------------------------------------
# RJ-END-3: at the last scheduled hand only a dealer's win or tenpai can stop the game; an abortive
# draw keeps the deal and the game goes on, also with the dealer sole top above goal_points


@pytest.mark.parametrize("abort", [True, False], ids=["abort-plays-on", "near-miss-noten-draw-ends"])
def test_end3_an_abortive_draw_at_the_last_hand_plays_on(abort):
    scores = {"A": 40000, "B": 20000, "C": 20000, "D": 20000}
    h = table(scores=scores, start_dealer="B", round_wind="2z")
    if abort:
        for p in "ABCD":
            h.draw(p, "2z").discard(p, "2z")
        h.ev(type="abort", kind="four_winds")
    else:  # the noten dealer pays 3000 and loses the deal: A still has 37,000, the game ends
        h.exhaust()
    assert hand_of(rule(game(h)))["next"]["game_over"] is (not abort)


# ---------------------------------------------------------------------------------------------
# RJ-VAL-2 kiriage per preset (§6: on for wrc2022 only)


@pytest.mark.parametrize("preset, points", [
    pytest.param("tenhou", 7700, id="tenhou"), pytest.param("wrc2022", 8000, id="wrc2022"),
    pytest.param("ema2016", 7700, id="ema2016"), pytest.param("mleague", 7700, id="mleague"),
])
def test_val2_kiriage_per_preset(preset, points):
    """C: riichi + ippatsu + tanyao + pinfu, 4 han 30 fu: 4 × 1920 = 7680 → 7700, or a mangan."""
    h = table(preset=preset).go(6).draw("C").riichi("C").discard("C")
    r = h.draw("D", "4p").discard("D", "4p").win("C", "discard", "4p", frm="D", ura="5z").rule()
    assert money(r) == {"C": points, "D": -points}


# ---------------------------------------------------------------------------------------------
# RJ-ABT-3 a fourth kan that is robbed never completed: no 四槓散了, the chankan scores (RJ-PAY-3)

ROB4 = dict(KANS, A="111z79p456p789s99m")  # A, after his East kan: 79p, waiting on 8p


def fourth_kan_added_by_d() -> Hand:
    """A, B, C kan their winds (each indicator at once); C discards 8p, D pons it, and later
    adds his drawn 8p: the fourth kan of the hand, by a second player."""
    h = Hand(ROB4, honba=1, sticks=1, avoid="8p1m4m5m9m2s")
    for p, wind, indicator in zip("ABC", "123", ("6z", "7z", "1p")):
        h.draw(p, wind + "z").kong(p, "concealed", wind * 4 + "z").ev(type="dora", tile=indicator)
        h.draw(p, back=True).discard(p, "8p" if p == "C" else None)
    h.pon("D", "8p", "88p").discard("D", "6m").go(3)
    return h.draw("D", "8p").kong("D", "added", "8888p")


def test_abt3_a_robbed_fourth_kan_is_no_abort():
    """The dealer A robs it: chankan 1 + East as round and seat wind 2 = 3 han; 20 + 10 (closed
    ron) + 32 (concealed honour kan) + 2 (kanchan) = 64 → 70 fu; base 2240 > 2000: a mangan,
    12,000 from D, + 300 honba, + the stick. The robbed kan turns no indicator (RJ-FLOW-4)."""
    r = fourth_kan_added_by_d().win("A", "rob_kong", "8p", frm="D").rule()
    w = hand_of(r)["winners"][0]
    assert (w["han"], w["fu"], w["limit"]) == (3, 70, "mangan")
    assert money(r) == {"A": 13300, "D": -12300, "kyotaku": -1000} and next_of(r) == ("A", 2, 0)


def test_abt3_near_miss_the_fourth_kan_not_robbed_aborts():
    h = fourth_kan_added_by_d().draw("D", back=True).ev(type="dora", tile="2p").discard("D")
    r = h.ev(type="abort", kind="four_kans").rule()
    assert hand_of(r)["abort"] == "four_kans" and money(r) == {} and next_of(r) == ("A", 2, 1)
