"""Issue 28, items 2 and 3: two tw16 rulings that were wrong (base 100, tai 20; A deals, N = 0).

2. A self-draw declared on the tile just taken by 吃 is 詐和 (TW-XP-4); its face as declared (TW-ZH
   face ``as_declared``) is what the win would have scored had it been valid, 自摸 included.
3. A report names the irregularity, not one clause ID (TW-XG-4): without ``about``, an ``offence``
   citing any clause of the irregularity's family (the rule broken, the family, the sanction) puts it
   in effect; a report naming no irregularity in the log is dismissed. One test per family, each with
   a near miss, and the money to the unit.
"""
import pytest

from tests.tablekit import chi, discard, doc, draw, ev, only_hand, paid, rule, rulings as ruled, state, win
from tests.test_flowers import START as FLOWER_START
from tests.test_irregular import A17
from tests.test_issue10_disputes import EIGHT, PASS_THEN_LIFT, START, START_D, WATCH, report
from tests.test_meld_faults import B_SHARES, PLAY_ON, WRONG_PON
from tests.test_tw16_clauses3 import influenced
from tests.test_tw16_clauses4 import B_FALSE, B_WINS, EARLY

# -- item 2: the face of a self-draw declared on a chied tile ------------------------------------------
# B (South: his seat wind is 2z) holds 222z and waits on 7s alone with 8s9s; A discards 7s, B chies it
# with 8s9s and declares a self-draw on that 7s.
CHI_FACE = {"A": "123m456m789m111z3z5s6s7s9s", "B": "123p456p789p222z89s7z7z",
            "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7s8s"}
DECLARED = [state(CHI_FACE, turn="A", phase="discard"), discard("A", "7s"), chi("B", "7s", "8s9s"),
            win("B", "self_draw", "7s")]


def false_win_pays(face):
    """TW-ZH-2: B (not the dealer) pays each 100 + face × 20, the dealer A 1 × 20 more."""
    return [("B", "A", 100 + (face + 1) * 20, "TW-ZH-2"), ("B", "C", 100 + face * 20, "TW-ZH-2"),
            ("B", "D", 100 + face * 20, "TW-ZH-2")]


@pytest.mark.parametrize("single_wait", ["kinds", "shape"])
def test_zh_face_a_self_draw_declared_on_the_chied_tile_counts_zimo(single_wait):
    hand = only_hand(rule(doc(*DECLARED, options={"single_wait": single_wait})))
    assert ("TW-XP-4", "B", 3, "ruled") in ruled(hand) and ("TW-ZH-1", "B", 3, "ruled") in ruled(hand)
    # as declared, 7s completes the chi 789s and 123p456p789p222z7z7z the rest: 風字刻 (seat) 1 +
    # 獨聽 1 (before the chi he waited on 7s alone; and 7s is the 邊張 of 789s) + 自摸 1 = 3
    assert paid(hand) == false_win_pays(3)  # A 180, C 160, D 160


def test_zh_face_near_miss_the_standalone_face_has_no_zimo():
    hand = only_hand(rule(doc(*DECLARED, options={"false_win_face": "standalone"})))
    assert paid(hand) == false_win_pays(1)  # 風字刻 222z shown: 1; A 140, C 120, D 120


def test_zh_face_near_miss_two_waits_before_the_chi_no_single_wait():
    # B holds 7s8s instead and chies A's 9s: before the chi he waited on 6s and 9s: 風字刻 1 + 自摸 1
    hands = dict(CHI_FACE, A="123m456m789m111z3z5s6s8s9s", B="123p456p789p222z78s7z7z",
                 D="123s444z555z666z99p7s7s")
    hand = only_hand(rule(doc(state(hands, turn="A", phase="discard"), discard("A", "9s"),
                              chi("B", "9s", "7s8s"), win("B", "self_draw", "9s"))))
    assert paid(hand) == false_win_pays(2)  # A 160, C 140, D 140


# -- item 3: a report names the irregularity -------------------------------------------------------------


def accused(events_before, accuse, events_after):
    return only_hand(rule(doc(*events_before, accuse, *events_after)))


# 眼牌 (TW-YP): D watches and passes A's 9s (event 2); reported before his win, it is a violation
# (TW-YP-4): 相公, and his win is 詐和 with face 8; never reported, the win is TW-YP-5's 包賠.
@pytest.mark.parametrize("offence", ["TW-YP-1", "TW-GS-1", "TW-YP-4", "TW-YP-5", "TW-YP", "TW-GS", "TW-XG-1"])
def test_report_yp_a_watchers_pass_named_by_any_clause_of_its_family(offence):
    hand = accused([START_D, WATCH, *PASS_THEN_LIFT[:3]], report("D", offence=offence), PASS_THEN_LIFT[3:])
    assert ("TW-YP-4", "D", 2, "ruled") in ruled(hand) and ("TW-XG-2", "D", 17, "ruled") in ruled(hand)
    assert paid(hand) == [("D", p, amount, "TW-ZH-2") for p, amount in EIGHT]  # A 280, B 260, C 260


@pytest.mark.parametrize("offence", ["TW-YP-1", "TW-GS-1"])
def test_report_yp_about_the_pass_with_the_prohibition_or_the_pass_cited(offence):
    hand = accused([START_D, WATCH, *PASS_THEN_LIFT[:3]], report("D", 2, offence=offence), PASS_THEN_LIFT[3:])
    assert ("TW-YP-4", "D", 2, "ruled") in ruled(hand) and hand["result"] == "false_win"


@pytest.mark.parametrize("offence", ["TW-ZH-1", "TW-CG-1", "TW-HB-4"])
def test_report_yp_near_miss_naming_another_irregularity_is_dismissed(offence):
    hand = accused([START_D, WATCH, *PASS_THEN_LIFT[:3]], report("D", offence=offence), PASS_THEN_LIFT[3:])
    assert (offence, "D", 5, "dismissed") in ruled(hand) and hand["result"] == "penalty"
    assert paid(hand) == [("D", p, amount, "TW-BP-2") for p, amount in EIGHT]  # TW-YP-5's 包賠


# 相公 (TW-XG): B misdraws (event 2) and throws the tile; reported at event 4, his later self-draw is
# 詐和 (TW-XG-2): B pays A 200, C and D 180. Unreported, he wins: A 200, C and D 180 to him.
@pytest.mark.parametrize("offence", ["TW-XG-1", "TW-XG-2", "TW-XG"])
def test_report_xg_a_misdraw_named_by_the_cause_the_effect_or_the_family(offence):
    hand = accused(EARLY[:4], report("B", by="C", offence=offence), EARLY[4:])
    assert ("TW-XG-1", "B", 2, "ruled") in ruled(hand) and ("TW-XG-2", "B", 12, "ruled") in ruled(hand)
    assert paid(hand) == B_FALSE


def test_report_xg_near_miss_naming_watching_is_dismissed():
    hand = accused(EARLY[:4], report("B", by="C", offence="TW-YP-4"), EARLY[4:])
    assert ("TW-YP-4", "B", 4, "dismissed") in ruled(hand) and paid(hand) == B_WINS


# 吃入打出 (TW-XP-6): B chies 3p with 1p2p and discards 3p (event 3); the report is event 4.
XP6 = [state(A17, turn="A", phase="discard"), discard("A", "3p"), chi("B", "3p", "1p2p"), discard("B", "3p")]


@pytest.mark.parametrize("offence", ["TW-XP-6", "TW-XP", "TW-XP-1", "TW-XG-1", "TW-XG-2"])
def test_report_xp_a_forbidden_discard_named_by_its_family_or_its_sanction(offence):
    hand = accused(XP6, report("B", by="C", offence=offence), [ev("end")])
    assert ruled(hand) == [("TW-XP-6", "B", 3, "ruled")] and paid(hand) == []
    assert "dead (相公) from event 4" in hand["rulings"][0]["decision"]


def test_report_xp_near_miss_naming_a_flower_fault_is_dismissed():
    hand = accused(XP6, report("B", by="C", offence="TW-FL-4"), [ev("end")])
    assert ruled(hand) == [("TW-XP-6", "B", 3, "unreported"), ("TW-FL-4", "B", 4, "dismissed")]


# 花牌打出 (TW-FL-4): B discards 8f (event 3); the report is event 4.
@pytest.mark.parametrize("offence", ["TW-FL-4", "TW-FL", "TW-XG-1"])
def test_report_fl_a_discarded_flower_named_by_its_family_or_its_sanction(offence):
    hand = accused([*FLOWER_START, discard("B", "8f")], report("B", offence=offence), [ev("end")])
    assert ruled(hand) == [("TW-FL-4", "B", 3, "ruled")] and paid(hand) == []


def test_report_fl_near_miss_naming_a_pon_call_is_dismissed():
    hand = accused([*FLOWER_START, discard("B", "8f")], report("B", offence="TW-PC-1"), [ev("end")])
    assert ruled(hand) == [("TW-FL-4", "B", 3, "unreported"), ("TW-PC-1", "B", 4, "dismissed")]


# 錯碰 (TW-CP): C's wrong pon (event 2), found after D merged (TW-CP-2): C is liable for B's
# self-draw (TW-DW-1) and pays all three shares, A 200, C 180, D 180.
@pytest.mark.parametrize("offence", ["TW-CP-1", "TW-CP-2", "TW-CP", "TW-XG-1", "TW-DW-1", "TW-BP-1"])
def test_report_cp_a_wrong_pon_named_by_its_family_or_a_sanction_of_its_stage(offence):
    hand = accused([*WRONG_PON, *PLAY_ON[:2]], report("C", offence=offence), PLAY_ON[2:])
    assert ruled(hand) == [("TW-CP-2", "C", 2, "ruled"), ("TW-DW-1", "C", 11, "ruled")]
    assert paid(hand) == [("C", "B", amount, "TW-DW-1") for _, amount in B_SHARES]


def test_report_cp_near_miss_naming_a_flower_fault_is_dismissed():
    hand = accused([*WRONG_PON, *PLAY_ON[:2]], report("C", offence="TW-FL-4"), PLAY_ON[2:])
    assert ("TW-CP-1", "C", 2, "unreported") in ruled(hand) and ("TW-FL-4", "C", 6, "dismissed") in ruled(hand)
    assert paid(hand) == [(p, "B", amount, "TW-PAY-2") for p, amount in B_SHARES]


# 插花 (TW-HB-4): bettor X influences play; reported, his winning bet is void (he collects nothing).
@pytest.mark.parametrize("offence", ["TW-HB-4", "TW-HB", "TW-HB-1"])
def test_report_hb_a_bettors_influence_named_by_its_family(offence):
    assert influenced("B", {"offence": offence}) == ([("TW-HB-4", "X", "ruled")], [("C", "B", 140, "TW-PAY-1")], 0)


def test_report_hb_near_miss_a_bettor_is_no_dead_hand():
    # 相公 is a seated player's sanction: a report citing TW-XG-1 names nothing of the bettor's
    assert influenced("B", {"offence": "TW-XG-1"}) == (
        [("TW-HB-4", "X", "unreported"), ("TW-XG-1", "X", "dismissed")],
        [("C", "B", 140, "TW-PAY-1"), ("C", "X", 70, "TW-HB-1")], 70)


# 缺張 / 逾張 (a standing fault, TW-XG-1): C grabs a draw out of turn and holds one too many; a report
# with no ``about`` citing the dead-hand family judges his count at that moment.
@pytest.mark.parametrize("offence", ["TW-XG-1", "TW-XG-2", "TW-XG"])
def test_report_xg_a_wrong_count_named_by_the_dead_hand_family(offence):
    hand = only_hand(rule(doc(START, discard("A", "1z"), draw("C", "3p"), ev("act", player="C", act="grab_draw"),
                              report("C", by="D", offence=offence), ev("end"))))
    assert ("TW-XG-1", "C", 4, "ruled") in ruled(hand) and paid(hand) == []


def test_report_xg_near_miss_a_wrong_count_is_not_named_by_another_family():
    hand = only_hand(rule(doc(START, discard("A", "1z"), draw("C", "3p"), ev("act", player="C", act="grab_draw"),
                              report("C", by="D", offence="TW-FL-4"), ev("end"))))
    assert ("TW-FL-4", "C", 4, "dismissed") in ruled(hand) and ("TW-XG-1", "C", 4, "ruled") not in ruled(hand)
