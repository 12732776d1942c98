"""Probe (acceptance view) of the presets' readings on whole hands (RULEBOOK_TW16_PRESETS §4–§6) and
of the `common` options meeting other clauses: several winners (TW-PAY-4 `all`) with a 詐和, a
watcher, 搶杠 and 河底; the dead wall growing per kong (§0) against TW-XP-7; the first go-round
(TW-TAI-34.common/35.common) against a 暗杠, a claim, a dealer and a 天聽 declaration.

Seats: turn order A → B → C → D; A deals (N = 0) unless said; base 100, tai 20. A payment between
the dealer and another carries 1 tai more (TW-PAY-3). Every figure is worked out in the comment.
"""
import pytest

from tests.tablekit import (
    deal, discard, doc, draw, ev, faces, kong, paid, pon, rulings, state, under, win,
)

BOTH = ("seed000", "common")


def self_draw_by(winner, face, dealer="A"):
    return [(p, winner, 100 + (face + (p == dealer or winner == dealer)) * 20, "TW-PAY-2")
            for p in "ABCD" if p != winner]


# From the deal: A (dealer) 123m 456m 789m 123p 456p + 9s 5s; B waits 5s/8s with 南 222z (his seat
# wind, 1 tai) and 東 pair; C and D hold nothing that matters.
DEAL = deal(A="123m456m789m123p456p9s5s", B="234p789p345s67s11z222z", C="555z666z777z2s3s4s5s6s7s8s",
            D="1m2m3m4m5m6m7m8m9m7p8p9p1s5s99s")
TIAN_TING = ev("declare", player="B", what="tian_ting")


# -- TW-TAI-35.common 人胡: "any player, the dealer included" ----------------------------------------

def test_ren_hu_common_the_dealer_wins_on_a_non_dealers_first_discard():
    # A discards 5s and waits on 9s alone; B draws 9s and throws it: A wins on B's first discard.
    d = doc(DEAL, discard("A", "5s"), draw("B", "9s"), discard("B", "9s"), win("A", "discard", "9s", frm="B"))
    # common: 人胡 16 + 獨聽 1 = 17 (門清 excluded); A deals: B pays 100 + 18 × 20 = 460.
    # seed000: no 地聽 declared, no 人和: 門清 1 + 獨聽 1 = 2 → 100 + 3 × 20 = 160. A keeps the deal, N 1.
    common, seed = under("common", d), under("seed000", d)
    assert faces(common) == [("A", 17, [("TW-TAI-11", 1), ("TW-TAI-35.common", 16)])]
    assert paid(common) == [("B", "A", 460, "TW-PAY-1")] and paid(seed) == [("B", "A", 160, "TW-PAY-1")]
    assert common["next"]["dealer"] == "A" and common["next"]["streak"] == 1


def test_ren_hu_common_a_concealed_kong_in_the_first_go_round_does_not_break_it():
    # C draws the 4th 白 and kongs it (暗杠), then throws 8s: B wins on C's first discard.
    d = doc(DEAL, discard("A", "9s"), draw("B", "6p"), discard("B", "6p"), draw("C", "5z"),
            kong("C", "concealed", "5555z"), draw("C", "1p", "back"), discard("C", "8s"),
            win("B", "discard", "8s", frm="C"))
    # common: 人胡 16 + 南 1 = 17: C pays 100 + 17 × 20 = 440; seed000 門清 1 + 南 1 = 2: 140
    assert [paid(under(p, d)) for p in BOTH] == [[("C", "B", 140, "TW-PAY-1")], [("C", "B", 440, "TW-PAY-1")]]


# -- a 天聽 declared, won in the first go-round: TW-TAI-34 (seed000) against TW-TAI-35.common ---------

def test_tian_ting_win_on_the_dealers_first_discard_is_di_he_under_seed000_and_ren_hu_under_common():
    d = doc(DEAL, TIAN_TING, discard("A", "5s"), win("B", "discard", "5s", frm="A"))
    # seed000 地和 16 (excludes 天聽, 門清) + 南 1; common 人胡 16 (excludes 門清, 天聽) + 南 1: both 17,
    # A deals: 100 + 18 × 20 = 460. Under common TW-TAI-34 (the declared reading) is replaced entirely.
    seed, common = under("seed000", d), under("common", d)
    assert faces(seed)[0][2] == [("TW-TAI-1", 1), ("TW-TAI-34", 16)]
    assert faces(common)[0][2] == [("TW-TAI-1", 1), ("TW-TAI-35.common", 16)]
    assert paid(seed) == paid(common) == [("A", "B", 460, "TW-PAY-1")]


def test_tian_ting_self_draw_at_the_first_draw():
    d = doc(DEAL, TIAN_TING, discard("A", "9s"), draw("B", "8s"), win("B", "self_draw", "8s"))
    # seed000 地和 16 + 不求 2 ("on 自摸 add 不求") + 南 1 = 19; common 地胡 16 (excludes 自摸 門清 不求
    # 天聽) + 南 1 = 17
    seed, common = under("seed000", d), under("common", d)
    assert faces(seed)[0][2] == [("TW-TAI-1", 1), ("TW-TAI-4", 2), ("TW-TAI-34", 16)]
    assert faces(common)[0][2] == [("TW-TAI-1", 1), ("TW-TAI-34.common", 16)]
    assert paid(seed) == self_draw_by("B", 19) and paid(common) == self_draw_by("B", 17)


# -- TW-TAI-34.common 地胡: his first turn, a replacement in it, a claim before it, the dealer ---------

def test_di_hu_common_on_the_replacement_of_his_own_concealed_kong_in_his_first_turn():
    d = doc(DEAL, discard("A", "9s"), draw("B", "2z"), kong("B", "concealed", "2222z"), draw("B", "8s", "back"),
            win("B", "self_draw", "8s"))
    # common 地胡 16 + 南 kong 1 + 杠上開花 1 = 18; seed000 門清 1 + 不求 2 + 南 1 + 杠上開花 1 = 5
    assert faces(under("common", d))[0][2] == [("TW-TAI-1", 1), ("TW-TAI-24", 1), ("TW-TAI-34.common", 16)]
    assert [paid(under(p, d)) for p in BOTH] == [self_draw_by("B", 5), self_draw_by("B", 18)]


def test_di_hu_common_near_miss_a_pon_before_his_first_draw():
    d = doc(DEAL, discard("A", "9s"), pon("D", "9s"), discard("D", "1m"), draw("A", "3p"), discard("A", "3p"),
            draw("B", "8s"), win("B", "self_draw", "8s"))
    # a claim came first: no 地胡. common 門清 1 + 不求 1 + 自摸 1 + 南 1 = 4; seed000 門清 1 + 不求 2 + 南 1
    hand = under("common", d)
    assert "TW-TAI-34.common" not in [r for _, _, pats in faces(hand) for r, _ in pats]
    assert [paid(under(p, d)) for p in BOTH] == [self_draw_by("B", 4)] * 2


def test_di_hu_common_near_miss_the_dealers_own_first_draw_is_no_di_hu():
    # A throws 5s (waits 9s alone); everyone throws; A self-draws 9s, still in the first go-round.
    d = doc(DEAL, discard("A", "5s"), draw("B", "6p"), discard("B", "6p"), draw("C", "1p"), discard("C", "1p"),
            draw("D", "2p"), discard("D", "2p"), draw("A", "9s"), win("A", "self_draw", "9s"))
    # 地胡 is a non-dealer's: common 門清 1 + 不求 1 + 自摸 1 + 獨聽 1 = 4; seed000 門清 1 + 不求 2 +
    # 獨聽 1 = 4. The dealer collects 100 + 5 × 20 = 200 from each.
    assert faces(under("common", d))[0][1] == 4
    assert [paid(under(p, d)) for p in BOTH] == [[(p, "A", 200, "TW-PAY-2") for p in "BCD"]] * 2


def test_passed_win_is_not_lifted_by_a_concealed_kong_and_the_false_win_face_is_the_di_hu():
    # B passes A's 5s (his wait), draws 2z, kongs it (暗杠 does not lift 過水, TW-GS-3) and wins on the
    # replacement: 詐和 (TW-GS-2). as_declared face: seed000 5, common 18 (地胡 + 南 + 杠上開花).
    d = doc(DEAL, discard("A", "5s"), draw("B", "2z"), kong("B", "concealed", "2222z"), draw("B", "8s", "back"),
            win("B", "self_draw", "8s"))
    for preset, face in (("seed000", 5), ("common", 18)):
        hand = under(preset, d)
        assert hand["result"] == "false_win"
        assert [r for r in rulings(hand) if r[1] == "B"] == [("TW-GS-1", "B", 1, "ruled"), ("TW-GS-2", "B", 5, "ruled"),
                                                             ("TW-ZH-1", "B", 5, "ruled")]
        # B (not dealer) pays each 100 + face × 20, the dealer A 1 tai more (TW-ZH-2); A keeps the deal
        assert paid(hand) == [("B", "A", 100 + (face + 1) * 20, "TW-ZH-2"), ("B", "C", 100 + face * 20, "TW-ZH-2"),
                              ("B", "D", 100 + face * 20, "TW-ZH-2")]
        assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


# -- TW-TAI-31: a 天聽 player who passed a win keeps his later win; only 天聽 is lost ----------------
H = {"A": "123m456m789m111z2z3z7z6s9s", "B": "123p456p789p123s456s7z", "C": "111m222m333m148p25p9s9s",
     "D": "123s444z555z666z99p7p7p"}


@pytest.mark.parametrize("preset, patterns", [
    ("seed000", [("TW-TAI-3", 1), ("TW-TAI-4", 2), ("TW-TAI-11", 1)]),
    ("common", [("TW-TAI-3", 1), ("TW-TAI-4.common", 1), ("TW-TAI-11", 1), ("TW-TAI-23", 1)])])
def test_tian_ting_passes_a_win_then_self_draws_before_discarding(preset, patterns):
    d = doc(state(H, turn="A", phase="discard", status={"B": {"tian_ting": True}}), discard("A", "7z"),
            draw("B", "7z"), win("B", "self_draw", "7z"))
    hand = under(preset, d)
    # still in 過水 at the win (no discard since), but 天聽 overrides TW-GS-2: the win stands without
    # 天聽, and 門清 (and 不求) count again: 4 either way
    assert hand["result"] == "win" and faces(hand)[0][2] == patterns
    assert paid(hand) == self_draw_by("B", 4)
    # near miss: no 天聽, the same pass makes the win 詐和 (as declared 4: A 200, C and D 180)
    plain = under(preset, doc(state(H, turn="A", phase="discard"), discard("A", "7z"), draw("B", "7z"),
                              win("B", "self_draw", "7z")))
    assert plain["result"] == "false_win"
    assert paid(plain) == [("B", "A", 200, "TW-ZH-2"), ("B", "C", 180, "TW-ZH-2"), ("B", "D", 180, "TW-ZH-2")]


# -- TW-PAY-4 `all` (common) meeting other clauses ---------------------------------------------------
# On B's 9s: C 111m 999m 111p 999p 11s + 99s (門清 1 + 對對和 4 + 四暗刻 5 = 10), D 123s 123s 456s 78s
# 55z 777z (門清 1 + 中 1 + 湊一色 4 = 6); C is nearer to B (head bump under seed000).
MW = {"A": "111z222z333z444z55z66z", "B": "234m567m22p345p678p67s9s", "C": "111m999m111p999p11s99s",
      "D": "123s123s456s78s55z777z"}


def _both_win(**more):
    return doc(state(MW, turn="B", phase="discard", **{"wall_left": 30, **more}), discard("B", "9s"),
               win("D", "discard", "9s", frm="B"), win("C", "discard", "9s", frm="B"))


def test_pay4_all_a_dead_hand_claimant_is_a_false_win_beside_the_valid_one_under_both():
    hand_of = {p: under(p, _both_win(status={"C": {"dead_hand": True}})) for p in BOTH}
    for hand in hand_of.values():
        # C's 詐和 (相公), as declared 10: each 100 + 200 = 300, the dealer A 320; D's valid win 6: B pays
        # 220 (TW-ZH-7: both settled, result win, the next dealer follows D's win)
        assert rulings(hand) == [("TW-XG-2", "C", 3, "ruled"), ("TW-ZH-1", "C", 3, "ruled")]
        assert paid(hand) == [("C", "A", 320, "TW-ZH-2"), ("C", "B", 300, "TW-ZH-2"), ("C", "D", 300, "TW-ZH-2"),
                              ("B", "D", 220, "TW-PAY-1")]
        assert hand["result"] == "win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_pay4_all_a_watcher_pays_each_winner_one_tai_flat():
    hand = under("common", _both_win(status={"A": {"watching": True}}))
    # TW-YP-2: 1 T to each winner, no base, no dealer tai though A deals
    assert paid(hand) == [("B", "D", 220, "TW-PAY-1"), ("A", "D", 20, "TW-YP-2"), ("B", "C", 300, "TW-PAY-1"),
                          ("A", "C", 20, "TW-YP-2")]
    # near miss: seed000's head bump, C alone wins and alone is paid the fee
    assert paid(under("seed000", _both_win(status={"A": {"watching": True}}))) == \
        [("B", "C", 300, "TW-PAY-1"), ("A", "C", 20, "TW-YP-2")]


def test_pay4_all_river_bottom_counts_for_every_winner_on_the_last_discard():
    hand = under("common", _both_win(wall_left=0))
    # + 河底撈魚 1 each: D 7 → 240, C 11 → 320; seed000: C alone, no 河底: 300
    assert paid(hand) == [("B", "D", 240, "TW-PAY-1"), ("B", "C", 320, "TW-PAY-1")]
    assert paid(under("seed000", _both_win(wall_left=0))) == [("B", "C", 300, "TW-PAY-1")]


def test_pay1a_two_players_rob_one_added_kong():
    hands = {"A": 16, "B": "234m567m789p55p23s", "C": "123m456m789p11z56s", "D": 13}
    melds = {"B": [{"kind": "pon", "tiles": "999s", "tile": "9s", "from": "D"}],
             "C": [{"kind": "pon", "tiles": "333z", "tile": "3z", "from": "A"}],
             "D": [{"kind": "pon", "tiles": "444s", "tile": "4s", "from": "A"}]}
    d = doc(state(hands, turn="D", melds=melds), draw("D", "4s"), kong("D", "added", "4444s"),
            win("C", "rob_kong", "4s", frm="D"), win("B", "rob_kong", "4s", frm="D"))
    # common: D pays each as discarder: C 搶杠 1 + 西 (his seat) 1 = 2 → 140, B 搶杠 1 → 120.
    # seed000: B is nearer to D (D → A → B): B alone, 120.
    assert paid(under("common", d)) == [("D", "C", 140, "TW-PAY-1a"), ("D", "B", 120, "TW-PAY-1a")]
    assert paid(under("seed000", d)) == [("D", "B", 120, "TW-PAY-1a")]


# -- §0 dead wall `plus_one_per_kong` (common) and TW-XP-7 -------------------------------------------
KW = dict(MW, B="234m567m22p345p678p88m")


@pytest.mark.parametrize("wall_left, common_rulings", [(6, [("TW-XP-7", "B", 5, "ruled")]), (7, [])])
def test_xp7_the_kong_brings_the_last_three_tiles_sooner_under_common(wall_left, common_rulings):
    # A draws (wall_left − 1), kongs 東 (common: − 1 more), draws the replacement (− 1), throws 8m; B pons
    # it. From 6: seed000 pons at 4, common at 3 (XP-7, 相公). From 7: 5 and 4, both lawful.
    d = doc(state(KW, turn="A", wall_left=wall_left), draw("A", "1z"), kong("A", "concealed", "1111z"),
            draw("A", "8m", "back"), discard("A", "8m"), pon("B", "8m"), discard("B", "2p"), ev("end"))
    passed = [("TW-GS-1", "B", 4, "ruled")]  # B waited on 8m (with 2p) and ponned instead
    assert rulings(under("seed000", d)) == passed
    assert rulings(under("common", d)) == passed + common_rulings


# -- TW-TAI-23 / TW-ZH-1: a drawn tile merged (靠張) cannot be won as a self-draw -----------------------

def test_merged_self_draw_is_a_false_win_with_its_face_as_declared_and_standalone():
    hands = {"A": 16, "B": "234m567m789p55p23s567s", "C": 16, "D": 16}
    d = doc(state(hands, turn="B"), draw("B", "4s"), ev("merge", player="B"), win("B", "self_draw", "4s"))
    for preset in BOTH:
        hand = under(preset, d)
        assert rulings(hand) == [("TW-TAI-23", "B", 3, "ruled"), ("TW-ZH-1", "B", 3, "ruled")]
        # as declared 門清一摸三 = 3: 160 each, the dealer A 180
        assert paid(hand) == [("B", "A", 180, "TW-ZH-2"), ("B", "C", 160, "TW-ZH-2"), ("B", "D", 160, "TW-ZH-2")]
        # standalone: nothing stands without the hand: 100 each, A 120
        alone = under(preset, d, false_win_face="standalone")
        assert paid(alone) == [("B", "A", 120, "TW-ZH-2"), ("B", "C", 100, "TW-ZH-2"), ("B", "D", 100, "TW-ZH-2")]


# -- TW-TAI-32.common: a 地聽 declared after a claim is no 地聽, and has none of its effects -------------
# D pons A's 9s; B then throws his first discard and declares 地聽. C throws 5s (B's wait).
AFTER_PON = [discard("A", "9s"), pon("D", "9s"), discard("D", "1m"), draw("A", "3p"), discard("A", "3p"),
             draw("B", "6p"), discard("B", "6p"), ev("declare", player="B", what="di_ting"), draw("C", "1p"),
             discard("C", "5s")]


def test_di_ting_after_a_claim_loses_the_pass_rule_of_tian_ting_under_no_prior_claims():
    # B passes C's 5s and self-draws 8s before discarding again: still in 過水.
    d = doc(DEAL, *AFTER_PON, draw("D", "2m"), discard("D", "2m"), draw("A", "4p"), discard("A", "4p"),
            draw("B", "8s"), win("B", "self_draw", "8s"))
    # claims_allowed (seed000): a 地聽 that passed keeps its win, only 地聽 is lost: 門清 1 + 不求 2 + 南 1
    # = 4 (A 200, C and D 180)
    seed = under("seed000", d)
    assert seed["result"] == "win" and paid(seed) == self_draw_by("B", 4)
    # no_prior_claims (common, or the option alone): no 地聽, so the pass makes the win 詐和 (TW-GS-2), as
    # declared 4: B pays A 200, C and D 180; A keeps the deal
    for hand in (under("common", d), under("seed000", d, di_ting="no_prior_claims")):
        assert ("TW-GS-2", "B", 16, "ruled") in rulings(hand) and hand["result"] == "false_win"
        assert paid(hand) == [("B", "A", 200, "TW-ZH-2"), ("B", "C", 180, "TW-ZH-2"), ("B", "D", 180, "TW-ZH-2")]


def test_di_ting_after_a_claim_gives_no_ren_he_under_declared_first_turn_wins():
    d = doc(DEAL, *AFTER_PON, win("B", "discard", "5s", frm="C"))
    # seed000: 人和 8 (C's first discard after the declaration; excludes 地聽 and 門清) + 南 1 = 9: 280
    assert faces(under("seed000", d))[0][2] == [("TW-TAI-1", 1), ("TW-TAI-35", 8)]
    assert paid(under("seed000", d)) == [("C", "B", 280, "TW-PAY-1")]
    # no_prior_claims: no 地聽, so no 人和 (and no 人胡 either under common: D's pon came first):
    # 門清 1 + 南 1 = 2: 140
    for hand in (under("seed000", d, di_ting="no_prior_claims"), under("common", d)):
        assert paid(hand) == [("C", "B", 140, "TW-PAY-1")]


# -- TW-TAI-31: 天聽 kept by throwing the drawn tile, lost by a 靠張 (merge) -------------------------
TT_START = [TIAN_TING, discard("A", "9s"), draw("B", "9p")]
TT_REST = [draw("C", "1p"), discard("C", "1p"), draw("D", "2p"), discard("D", "2p"), draw("A", "3p"),
           discard("A", "3p"), draw("B", "8s"), win("B", "self_draw", "8s")]


def test_tian_ting_kept_when_the_drawn_tile_is_thrown_unchanged():
    d = doc(DEAL, *TT_START, discard("B", "9p"), *TT_REST)
    # seed000 天聽 8 + 不求 2 + 南 1 = 11; common 天聽 8 + 自摸 1 + 南 1 = 10 (§6.1: 門清, 不求 excluded)
    assert faces(under("seed000", d))[0][2] == [("TW-TAI-1", 1), ("TW-TAI-4", 2), ("TW-TAI-31", 8)]
    assert faces(under("common", d))[0][2] == [("TW-TAI-1", 1), ("TW-TAI-23", 1), ("TW-TAI-31", 8)]
    assert [paid(under(p, d)) for p in BOTH] == [self_draw_by("B", 11), self_draw_by("B", 10)]


def test_tian_ting_near_miss_a_drawn_tile_merged_loses_it_and_brings_back_concealed():
    d = doc(DEAL, *TT_START, ev("merge", player="B"), discard("B", "9p"), *TT_REST)
    # no 天聽: 門清 1 + 不求 2 + 南 1 = 4 (seed000); 門清 1 + 不求 1 + 自摸 1 + 南 1 = 4 (common)
    assert faces(under("common", d))[0][2] == [("TW-TAI-1", 1), ("TW-TAI-3", 1), ("TW-TAI-4.common", 1),
                                               ("TW-TAI-23", 1)]
    assert [paid(under(p, d)) for p in BOTH] == [self_draw_by("B", 4)] * 2


# -- TW-TAI-32 "the dealer's first discard counts as 地聽", and what it wins under each preset ----------
# A throws 5s and declares 地聽 (he waits on 9s alone).
DEALER_TING = [discard("A", "5s"), ev("declare", player="A", what="di_ting")]


def test_dealer_di_ting_then_a_win_on_bs_first_discard():
    d = doc(DEAL, *DEALER_TING, draw("B", "9s"), discard("B", "9s"), win("A", "discard", "9s", frm="B"))
    # seed000 人和 8 (excludes 地聽, 門清) + 獨聽 1 = 9: B pays the dealer 100 + 10 × 20 = 300;
    # common 人胡 16 + 獨聽 1 = 17: 460
    assert faces(under("seed000", d))[0][2] == [("TW-TAI-11", 1), ("TW-TAI-35", 8)]
    assert [paid(under(p, d)) for p in BOTH] == [[("B", "A", 300, "TW-PAY-1")], [("B", "A", 460, "TW-PAY-1")]]


def test_dealer_di_ting_then_his_next_draw_self_drawn():
    d = doc(DEAL, *DEALER_TING, draw("B", "6p"), discard("B", "6p"), draw("C", "1p"), discard("C", "1p"),
            draw("D", "2p"), discard("D", "2p"), draw("A", "9s"), win("A", "self_draw", "9s"))
    # seed000: 人和 by his next draw 8 + 不求 2 + 獨聽 1 = 11 → 100 + 12 × 20 = 340 from each.
    # common: 人胡 needs a discard and 地胡 a non-dealer: 地聽 4 + 自摸 1 + 獨聽 1 = 6 → 240 from each
    assert faces(under("seed000", d))[0][2] == [("TW-TAI-4", 2), ("TW-TAI-11", 1), ("TW-TAI-35", 8)]
    assert faces(under("common", d))[0][2] == [("TW-TAI-11", 1), ("TW-TAI-23", 1), ("TW-TAI-32.common", 4)]
    assert [paid(under(p, d)) for p in BOTH] == [[(p, "A", 340, "TW-PAY-2") for p in "BCD"],
                                                  [(p, "A", 240, "TW-PAY-2") for p in "BCD"]]
