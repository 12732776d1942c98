"""tw16 presets (RULEBOOK_TW16_PRESETS.md, tw16-2026.12): ``seed000`` (the default) and ``common``
(seed 001's table), their resolution under a document's own entries (TW-RS-1…4), each value of
``common`` that differs from ``seed000``, and each new option (``buqiu``, ``first_turn_wins``,
``di_ting``, ``kong_from_upper``, TW-XP-9): each fires, has a near miss, and its money is worked out
to the unit (base 100, tai 20; A deals, N = 0). A payer pays base + face × tai; the dealer pays or
collects 1 tai more (TW-PAY).
"""
import pytest

from api.documents.loader import load_document
from referee.errors import InputError
from referee.model import Ruleset
from rulesbook.tw16.options import PRESET_TAI, PRESETS, Rules
from rulesbook.tw16.values import DEFAULT_TAI
from tests.tablekit import (
    deal, discard, doc, draw, ev, faces, flower, kong, only_hand, paid, pon, rule, rulings as ruled, state,
    under, win,
)

BOTH = ("seed000", "common")


def self_draw_by_b(face):
    """B (not the dealer) self-draws: A pays 100 + (face + 1) × 20, C and D 100 + face × 20."""
    return [("A", "B", 100 + (face + 1) * 20, "TW-PAY-2"), ("C", "B", 100 + face * 20, "TW-PAY-2"),
            ("D", "B", 100 + face * 20, "TW-PAY-2")]


# -- TW-RS-1…4: the presets, their resolution, errors and the record ----------------------------------

def test_rs1_seed000_is_the_rulebook_and_common_is_seed_001s_table():
    assert PRESET_TAI["seed000"] == DEFAULT_TAI
    differs = {k: v for k, v in PRESET_TAI["common"].items() if DEFAULT_TAI[k] != v}
    assert differs == {"TW-TAI-4": 1, "TW-TAI-13": 8, "TW-TAI-13.deduct": 0, "TW-TAI-14": 8, "TW-TAI-18": 8,
                       "TW-TAI-32": 4, "TW-TAI-33": 24, "TW-TAI-35": 16}
    assert PRESETS["common"] == {
        "multiple_winners": "all", "dead_wall": "plus_one_per_kong", "single_wait": "kinds",
        "false_win_face": "as_declared", "lik_gu": False, "river_bottom": True, "strict_kong_peek": False,
        "inner_unit": "stake", "buqiu": "with_zimo", "first_turn_wins": "first_go_round",
        "di_ting": "no_prior_claims", "kong_from_upper": False}


def test_rs2_explicit_entries_replace_only_their_own_key():
    # §9: common with 地聽 8 and river_bottom off
    rules = Rules.of(Ruleset(preset="common", tai_table={"TW-TAI-32": 8}, options={"river_bottom": False}))
    assert rules.preset == "common" and rules.values["TW-TAI-32"] == 8 and not rules.options.river_bottom
    assert {k: rules.values[k] for k in ("TW-TAI-4", "TW-TAI-13", "TW-TAI-13.deduct", "TW-TAI-14",
                                         "TW-TAI-18", "TW-TAI-33", "TW-TAI-35")} == \
        {"TW-TAI-4": 1, "TW-TAI-13": 8, "TW-TAI-13.deduct": 0, "TW-TAI-14": 8, "TW-TAI-18": 8,
         "TW-TAI-33": 24, "TW-TAI-35": 16}
    assert rules.options.buqiu == "with_zimo" and rules.options.dead_wall == "plus_one_per_kong"
    assert rules.table.kong_costs_wall  # the preset's dead_wall reaches the table
    # an entry for TW-TAI-13 leaves TW-TAI-13.deduct at the preset's value; an entry equal to it is allowed
    over = Rules.of(Ruleset(preset="common", tai_table={"TW-TAI-13": 16, "TW-TAI-4": 1}))
    assert over.values["TW-TAI-13"] == 16 and over.values["TW-TAI-13.deduct"] == 0
    # no preset named: seed000, the rulebook's defaults
    plain = Rules.of(Ruleset())
    assert plain.preset == "seed000" and dict(plain.values) == DEFAULT_TAI and plain.options.kong_from_upper


@pytest.mark.parametrize("preset", [None, "", "Common", "club", "tenhou", 7, ["common"], {}])
def test_rs3_an_unknown_preset_is_an_input_error_at_its_path(preset):
    d = doc(ev("end"))
    d["ruleset"]["preset"] = preset
    with pytest.raises(InputError) as info:
        load_document(d)
    assert list(info.value.errors) == ["ruleset.preset"]
    assert info.value.errors["ruleset.preset"] == [f"unknown preset {preset!r}; known: seed000, common"]


@pytest.mark.parametrize("field, entry, path", [
    ("options", {"buqiu": "both"}, "ruleset.options.buqiu"),
    ("options", {"kong_from_upper": "no"}, "ruleset.options.kong_from_upper"),
    ("tai_table", {"TW-TAI-34.common": 16}, "ruleset.tai_table.TW-TAI-34.common"),
])
def test_rs3_unknown_option_values_and_keys_stay_errors_under_a_preset(field, entry, path):
    d = doc(ev("end"), preset="common")
    d["ruleset"][field] = entry
    with pytest.raises(InputError) as info:
        load_document(d)
    assert list(info.value.errors) == [path]


def test_rs4_every_ruling_records_the_preset_in_force():
    assert rule(doc(ev("end")))["preset"] == "seed000"
    ruling = rule(doc(ev("end"), preset="common"))
    assert ruling["preset"] == "common" and ruling["rulebook"] == "tw16-2026.12"


# -- the values of common (§4), each against seed000 ----------------------------------------------------
# C discards the tile B wins on (neither deals): C pays B 100 + face × 20.
FILL_A, FILL_D = "123m456m789m123s456s7s", "123p456p789p678s678s8s"


def on_c(b_hand, tile, **more):
    hands = {"A": FILL_A, "B": b_hand, "C": "11m22m33m44m55m66m77m88m" + tile, "D": FILL_D}
    return doc(state(hands, turn="C", phase="discard"), discard("C", tile), win("B", "discard", tile, frm="C"), **more)


def test_value_14_one_suit_12_and_8():
    d = on_c("111p234p456p678p999p5p", "5p")
    # 門清 1 + 清一色 12 = 13: 360; common 1 + 8 = 9: 280
    assert [paid(under(p, d)) for p in BOTH] == [[("C", "B", 360, "TW-PAY-1")], [("C", "B", 280, "TW-PAY-1")]]


def test_value_13_all_honours_16_less_4_and_8_less_0_and_an_override_on_common():
    d = on_c("111z222z333z555z66z7z7z", "7z")
    # 風字刻 東 (round) 1 + 南 (B's seat) 1 + 門清 1 + 四暗刻 5 (777z was claimed) + 小三元 4, with
    # 字一色 16 − 4 = 12: 24 → 580; common 字一色 8 − 0 = 8: 20 → 500
    assert faces(under("seed000", d))[0][2] == [("TW-TAI-1", 2), ("TW-TAI-3", 1), ("TW-TAI-13", 12),
                                                ("TW-TAI-17", 5), ("TW-TAI-22", 4)]
    assert [paid(under(p, d)) for p in BOTH] == [[("C", "B", 580, "TW-PAY-1")], [("C", "B", 500, "TW-PAY-1")]]
    # common with 字一色 16: its deduct stays the preset's 0 (TW-RS-2): 16 + 12 = 28 → 660
    over = on_c("111z222z333z555z66z7z7z", "7z", preset="common", tai_table={"TW-TAI-13": 16})
    assert paid(only_hand(rule(over))) == [("C", "B", 660, "TW-PAY-1")]


def test_value_18_five_concealed_triplets_12_and_8_self_drawn():
    hands = {"A": FILL_A, "B": "111m222p333s444p999s5s", "C": "22m33m44m55m66m77m88m99m", "D": FILL_D}
    d = doc(state(hands, turn="B"), draw("B", "5s"), win("B", "self_draw", "5s"))
    # seed000 五暗刻 12 + 不求 2 = 14 (自摸 in 不求); common 五暗刻 8 + 不求 1 + 自摸 1 = 10 (§6.1)
    assert faces(under("common", d))[0][2] == [("TW-TAI-4.common", 1), ("TW-TAI-18", 8), ("TW-TAI-23", 1)]
    assert [paid(under(p, d)) for p in BOTH] == [self_draw_by_b(14), self_draw_by_b(10)]


# The deal: A (dealer) 17, the others 16; no flowers.
HEAVEN = deal(A="123m456m789m123p456p99s", B="111z222z333z444z5z6z7z1s", C="555z666z777z2s3s4s5s6s7s8s",
              D="1m2m3m4m5m6m7m8m9m7p8p9p1s2s3s4s")


def test_value_33_heavenly_win_16_and_24():
    d = doc(HEAVEN, win("A", "self_draw"))
    # 天和 alone (it excludes 門清 不求 自摸 獨聽); the dealer collects 1 tai more from each:
    # 100 + 17 × 20 = 440; common 100 + 25 × 20 = 600
    assert [paid(under(p, d)) for p in BOTH] == [[(p, "A", 440, "TW-PAY-2") for p in "BCD"],
                                                  [(p, "A", 600, "TW-PAY-2") for p in "BCD"]]


# -- first_turn_wins: 地胡 / 人胡 by the first go-round (TW-TAI-34.common / 35.common) ----------------
# B waits on 5s/8s (67s) with 南 222z, his seat wind (1 tai), and declares nothing.
DEAL = deal(A="123m456m789m123p456p9s5s", B="234p789p345s67s11z222z", C="555z666z777z2s3s4s5s6s7s8s",
            D="1m2m3m4m5m6m7m8m9m7p8p9p1s5s99s")
GO_ROUND = [discard("A", "9s"), draw("B", "6p"), discard("B", "6p"), draw("C", "1p"), discard("C", "1p"),
            draw("D", "2p")]


def test_ren_hu_on_the_dealers_first_discard():
    d = doc(DEAL, discard("A", "5s"), win("B", "discard", "5s", frm="A"))
    # seed000: 門清 1 + 風 1 = 2, the dealer pays 100 + 3 × 20 = 160; common: 人胡 16 (excludes 門清)
    # + 風 1 = 17: 100 + 18 × 20 = 460
    assert faces(under("common", d))[0][2] == [("TW-TAI-1", 1), ("TW-TAI-35.common", 16)]
    assert [paid(under(p, d)) for p in BOTH] == [[("A", "B", 160, "TW-PAY-1")], [("A", "B", 460, "TW-PAY-1")]]
    # the option alone on seed000 scores 人胡 at seed000's 人和 value, 8: 9 → 100 + 10 × 20 = 300
    alone = under("seed000", d, first_turn_wins="first_go_round")
    assert paid(alone) == [("A", "B", 300, "TW-PAY-1")]


def test_ren_hu_on_a_later_players_first_discard_and_the_near_miss_of_a_claim_before_it():
    clean = doc(DEAL, *GO_ROUND, discard("D", "5s"), win("B", "discard", "5s", frm="D"))
    assert paid(under("common", clean)) == [("D", "B", 440, "TW-PAY-1")]  # 17: 100 + 340
    # D pons A's 9s first: a claim came before the winning discard, no 人胡 (§9): 2 → 140
    claimed = doc(DEAL, discard("A", "9s"), pon("D", "9s"), discard("D", "5s"), win("B", "discard", "5s", frm="D"))
    assert [paid(under(p, claimed)) for p in BOTH] == [[("D", "B", 140, "TW-PAY-1")]] * 2


def test_ren_hu_near_miss_the_dealers_second_discard_is_past_the_first_go_round():
    d = doc(DEAL, *GO_ROUND, discard("D", "2p"), draw("A", "3p"), discard("A", "5s"),
            win("B", "discard", "5s", frm="A"))
    assert paid(under("common", d)) == [("A", "B", 160, "TW-PAY-1")]  # 門清 1 + 風 1


def test_di_hu_a_non_dealers_self_draw_at_his_first_draw():
    d = doc(DEAL, discard("A", "9s"), draw("B", "8s"), win("B", "self_draw", "8s"))
    # seed000 門清 1 + 不求 2 + 風 1 = 4; common 地胡 16 (excludes 自摸 門清 不求) + 風 1 = 17
    assert faces(under("common", d))[0][2] == [("TW-TAI-1", 1), ("TW-TAI-34.common", 16)]
    assert [paid(under(p, d)) for p in BOTH] == [self_draw_by_b(4), self_draw_by_b(17)]


def test_di_hu_near_miss_his_second_draw():
    d = doc(DEAL, *GO_ROUND, discard("D", "2p"), draw("A", "3p"), discard("A", "3p"), draw("B", "8s"),
            win("B", "self_draw", "8s"))
    # common: 門清 1 + 不求 1 + 自摸 1 + 風 1 = 4, as seed000's 門清 1 + 不求 2 + 風 1
    assert [paid(under(p, d)) for p in BOTH] == [self_draw_by_b(4)] * 2


# -- di_ting: 地聽 with no claim before it (TW-TAI-32.common); its value 6 / 4 ---------------------------
# B declares 地聽 after his first discard and self-draws 8s at his second draw after it (no 人和).
AFTER_TING = [draw("B", "6p"), discard("B", "6p"), ev("declare", player="B", what="di_ting"),
              draw("C", "1p"), discard("C", "1p"), draw("D", "2p"), discard("D", "2p"), draw("A", "4p"),
              discard("A", "4p"), draw("B", "4m"), discard("B", "4m"), draw("C", "2m"), discard("C", "2m"),
              draw("D", "3m"), discard("D", "3m"), draw("A", "5p"), discard("A", "5p"), draw("B", "8s"),
              win("B", "self_draw", "8s")]


def test_di_ting_value_and_its_exclusions_under_both():
    d = doc(DEAL, discard("A", "9s"), *AFTER_TING)
    # seed000 地聽 6 + 不求 2 + 風 1 = 9; common 地聽 4 + 自摸 1 + 風 1 = 6 (門清, 不求 excluded, §6.1)
    assert faces(under("common", d))[0][2] == [("TW-TAI-1", 1), ("TW-TAI-23", 1), ("TW-TAI-32.common", 4)]
    assert [paid(under(p, d)) for p in BOTH] == [self_draw_by_b(9), self_draw_by_b(6)]


def test_di_ting_no_prior_claims_a_declaration_after_a_claim_is_no_di_ting():
    d = doc(DEAL, discard("A", "9s"), pon("D", "9s"), discard("D", "1m"), draw("A", "3p"), discard("A", "3p"),
            *AFTER_TING)
    hand = under("common", d)
    # not a 地聽, and no irregularity: 門清 1 + 不求 1 + 自摸 1 + 風 1 = 4
    assert hand["rulings"] == [] and paid(hand) == self_draw_by_b(4)
    # near miss: claims_allowed (seed000) keeps it: 地聽 6 + 不求 2 + 風 1 = 9
    assert paid(under("seed000", d)) == self_draw_by_b(9)
    # the option alone on seed000: no 地聽, 門清 1 + 不求 2 (自摸 in it) + 風 1 = 4
    assert paid(under("seed000", d, di_ting="no_prior_claims")) == self_draw_by_b(4)


# -- buqiu: 不求 beside 自摸 (TW-TAI-4.common) --------------------------------------------------------
H = {"A": "123m456m789m111z2z3z5s6s9s", "B": "123p456p789p123s456s7z", "C": "111m222m333m148p25p9s9s",
     "D": "123s444z555z666z99p7p7p"}
SEVEN = [discard("A", "9s"), draw("B", "7z"), win("B", "self_draw", "7z")]


def test_buqiu_a_concealed_self_draw():
    d = doc(state(H, turn="A", phase="discard"), *SEVEN)
    # seed000 門清 1 + 不求 2 + 獨聽 1 = 4; common 門清 1 + 不求 1 + 自摸 1 + 獨聽 1 = 4
    assert [paid(under(p, d)) for p in BOTH] == [self_draw_by_b(4)] * 2
    # the option alone keeps 不求 at 2 (§5): 門清 1 + 不求 2 + 自摸 1 + 獨聽 1 = 5
    assert faces(under("seed000", d, buqiu="with_zimo"))[0][1] == 5
    assert paid(under("seed000", d, buqiu="with_zimo")) == self_draw_by_b(5)


def test_buqiu_tian_ting_excludes_buqiu_not_zimo():
    d = doc(state(H, turn="A", phase="discard", status={"B": {"tian_ting": True}}), *SEVEN)
    # §9: seed000 天聽 8 + 不求 2 + 獨聽 1 = 11; common 天聽 8 + 自摸 1 + 獨聽 1 = 10
    assert [paid(under(p, d)) for p in BOTH] == [self_draw_by_b(11), self_draw_by_b(10)]


def test_buqiu_near_miss_a_win_on_a_discard_has_neither():
    hands = dict(H, A="123m456m789m111z2z3z5s6s", C="111m222m333m148p25p9s9s7z")
    d = doc(state(hands, turn="C", phase="discard"), discard("C", "7z"), win("B", "discard", "7z", frm="C"))
    # 門清 1 + 獨聽 1 = 2 under both: C pays 140
    assert [paid(under(p, d)) for p in BOTH] == [[("C", "B", 140, "TW-PAY-1")]] * 2


# -- kong_from_upper: TW-XP-9 no 碰杠 of the 上家's discard ----------------------------------------------
# B holds 999s and waits on 7z; he kongs A's 9s (A is his 上家), plays on and self-draws 7z.
K = dict(H, B="123p456p789p123s999s7z", C="111m222m333m148p25p4s4s")
KONG_PLAY = [draw("B", "1p", "back"), discard("B", "1p"), draw("C", "5m"), discard("C", "5m"), draw("D", "6m"),
             discard("D", "6m"), draw("A", "7m"), discard("A", "7m"), draw("B", "7z"), win("B", "self_draw", "7z")]


def test_xp9_a_kong_of_the_upper_players_discard_is_a_dead_hand_and_his_win_false():
    d = doc(state(K, turn="A", phase="discard"), discard("A", "9s"), kong("B", "claimed", "9999s"), *KONG_PLAY)
    hand = under("common", d)
    assert ruled(hand) == [("TW-XP-9", "B", 2, "ruled"), ("TW-XG-2", "B", 12, "ruled"), ("TW-ZH-1", "B", 12, "ruled")]
    # 詐和, face as declared 自摸 1 + 獨聽 1 = 2: B pays A 160, C and D 140 (TW-ZH-2)
    assert paid(hand) == [("B", "A", 160, "TW-ZH-2"), ("B", "C", 140, "TW-ZH-2"), ("B", "D", 140, "TW-ZH-2")]
    # the option alone does the same on seed000
    assert ruled(under("seed000", d, kong_from_upper=False))[0] == ("TW-XP-9", "B", 2, "ruled")
    # near miss: kong_from_upper true (seed000): the kong stands and B wins, 2 tai
    assert paid(under("seed000", d)) == self_draw_by_b(2)


def test_xp9_near_miss_a_pon_of_it_and_a_kong_of_another_players_discard_are_allowed():
    pon_it = doc(state(K, turn="A", phase="discard"), discard("A", "9s"), pon("B", "9s"), discard("B", "1p"),
                 ev("end"))
    assert under("common", pon_it)["rulings"] == []
    c_kongs = doc(state(dict(H, C="111m222m333m148p999s7s"), turn="A", phase="discard"), discard("A", "9s"),
                  kong("C", "claimed", "9999s"), draw("C", "1p", "back"), discard("C", "1p"), ev("end"))
    assert under("common", c_kongs)["rulings"] == []


def test_xp9_pc3_a_kong_call_on_the_upper_players_discard_not_made_is_no_pon_call_fault():
    d = doc(state(K, turn="A", phase="discard"), discard("A", "9s"), ev("call", player="B", call="kong"),
            draw("B", "1p"), discard("B", "1p"), ev("end"))
    assert ruled(under("seed000", d)) == [("TW-PC-1", "B", 2, "ruled")]  # (no fee: A is his 上家)
    assert ruled(under("common", d)) == []


# -- the options common sets that were options already (§4): river_bottom, dead_wall, multiple_winners --

def test_common_river_bottom_the_last_discard_adds_a_tai():
    from tests.test_tw16_clauses import H as H1
    d = doc(state(H1, turn="A", wall_left=1), draw("A", "7z"), discard("A", "7z"), win("B", "discard", "7z", frm="A"))
    # 門清 1 + 獨聽 1 = 2, A deals: 160; common + 河底撈魚 1: 180; common with river_bottom off: 160
    assert [paid(under(p, d)) for p in BOTH] == [[("A", "B", 160, "TW-PAY-1")], [("A", "B", 180, "TW-PAY-1")]]
    assert paid(under("common", d, river_bottom=False)) == [("A", "B", 160, "TW-PAY-1")]


def test_common_dead_wall_grows_per_kong_so_the_last_tile_comes_sooner():
    from tests.test_tw16_clauses import H as H1
    d = doc(state(H1, turn="A", wall_left=4), draw("A", "1z"), kong("A", "concealed", "1z1z1z1z"),
            draw("A", "4p", "back"), discard("A", "4p"), draw("B", "7z"), win("B", "self_draw", "7z"))
    # seed000: 門清 1 + 不求 2 + 獨聽 1 = 4;
    # common: 門清 1 + 不求 1 + 自摸 1 + 獨聽 1 + 海底撈月 1 = 5
    assert [paid(under(p, d)) for p in BOTH] == [self_draw_by_b(4), self_draw_by_b(5)]
    assert paid(under("common", d, dead_wall="fixed16")) == self_draw_by_b(4)  # near miss: no 海底


def test_common_pays_every_winner_on_one_discard():
    from tests.test_tw16_clauses import MW
    d = doc(state(MW, turn="B", phase="discard", wall_left=30), discard("B", "9s"), win("D", "discard", "9s", frm="B"),
            win("C", "discard", "9s", frm="B"), dealer="D", streak=1)
    # D deals, N 1: D 門清 1 + 中 1 + 湊一色 4 = 6 → 100 + (6 + 1 + 2) × 20 = 280; C 門清 1 + 對對和 4 +
    # 四暗刻 5 = 10 → 300. seed000's head bump pays the nearer C alone.
    assert paid(under("common", d)) == [("B", "D", 280, "TW-PAY-1"), ("B", "C", 300, "TW-PAY-1")]
    assert paid(under("seed000", d)) == [("B", "C", 300, "TW-PAY-1")]


def test_di_hu_on_the_replacement_of_a_flower_drawn_in_his_first_turn_with_kong_bloom():
    d = doc(DEAL, discard("A", "9s"), draw("B", "1f"), flower("B", "1f"), draw("B", "8s", "back"),
            win("B", "self_draw", "8s"))
    # 1f is East's flower, not B's: 0. seed000 門清 1 + 不求 2 + 風 1 + 杠上開花 1 = 5;
    # common 地胡 16 + 風 1 + 杠上開花 1 = 18 (其餘另計)
    assert faces(under("common", d))[0][2] == [("TW-TAI-1", 1), ("TW-TAI-24", 1), ("TW-TAI-34.common", 16)]
    assert [paid(under(p, d)) for p in BOTH] == [self_draw_by_b(5), self_draw_by_b(18)]


def test_rs3_over_http_an_unknown_preset_is_422_at_its_path_and_a_known_one_is_ruled(tmp_path):
    from tests.servicekit import make_app, store_of
    app = make_app(tmp_path / "p.db", REFEREE_PUBLIC_READS=True)
    try:
        client = app.test_client()
        d = doc(state(H, turn="A", phase="discard"), *SEVEN, preset="club")
        bad = client.post("/v1/rulings", json=d)
        assert bad.status_code == 422
        assert bad.get_json()["errors"] == {"ruleset.preset": ["unknown preset 'club'; known: seed000, common"]}
        d["ruleset"]["preset"] = "common"
        good = client.post("/v1/rulings", json=d)
        assert good.status_code == 200 and good.get_json()["preset"] == "common"
        assert paid(good.get_json()["hands"][0]) == self_draw_by_b(4)
    finally:
        store_of(app).close()
