"""TW-GS-4 with a hidden hand: the referee finds a passed win looking back once the hand is laid
down (the log then holds the fact: the tiles he held at each discard follow from the known tiles he
took in and gave out since). Before this, a win by a player whose hand the `state` gave as a count
was never checked for 過水, so a 詐和 stood as a valid win. Each fires and has near misses, with the
money to the unit (base 100, tai 20; A deals, N 0).

D's hand is a count (16); he lays down 123s 444z 555z 666z 99p 7p7p7p at his self-draw of 7p, so
before that draw he held 123s 444z 555z 666z 99p 7p7p: ready on 9p and 7p.
"""
from tests.tablekit import doc, draw, discard, ev, faces, only_hand, paid, rule, rulings as ruled, state, win

H = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s456s7z",
     "C": "111m222m333m148p25p9s9s", "D": 16}
SHOWN = "123s444z555z666z99p7p7p7p"
# 門清 1 + 不求 2 + 四暗刻 5 + 風字刻 北 (his seat) 1 + 箭字刻 白 發 2 = 11.
FACE = [("D", 11, [("TW-TAI-1", 1), ("TW-TAI-2", 2), ("TW-TAI-3", 1), ("TW-TAI-4", 2), ("TW-TAI-17", 5)])]


def _d_self_draws(a_discards="9p", between=()):
    return only_hand(rule(doc(state(H, turn="A"), draw("A", a_discards), discard("A", a_discards),
                              draw("B", "9m"), discard("B", "9m"), draw("C", "2s"), discard("C", "2s"),
                              *between, draw("D", "7p"), win("D", "self_draw", "7p", shown=SHOWN))))


def test_gs4_a_hidden_hand_laid_down_shows_the_pass_and_the_self_draw_is_false():
    hand = _d_self_draws()
    assert hand["result"] == "false_win" and hand["winners"] == [] and hand["missing"] == []
    assert ruled(hand) == [("TW-GS-1", "D", 2, "ruled"), ("TW-GS-2", "D", 8, "ruled"), ("TW-ZH-1", "D", 8, "ruled")]
    # 詐和 by the declared face 11 (TW-ZH face `as_declared`): D pays B and C 100 + 11 × 20 = 320 and
    # the dealer A 20 more, 340 (TW-ZH-2); A keeps the deal, N stays 0 (TW-ZH-4).
    assert paid(hand) == [("D", "A", 340, "TW-ZH-2"), ("D", "B", 320, "TW-ZH-2"), ("D", "C", 320, "TW-ZH-2")]
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_gs4_near_miss_a_tile_he_could_not_win_on_is_no_pass():
    hand = _d_self_draws(a_discards="8p")
    assert hand["result"] == "win" and ruled(hand) == [] and faces(hand) == FACE
    assert paid(hand) == [("A", "D", 340, "TW-PAY-2"), ("B", "D", 320, "TW-PAY-2"), ("C", "D", 320, "TW-PAY-2")]


def test_gs1_near_miss_a_discard_that_does_not_win_for_him_lifted_the_pass():
    # D drew and discarded 8m after the pass (his hand the same, 8m does not win for it): lifted.
    hand = _d_self_draws(between=(draw("D", "8m"), discard("D", "8m"), draw("A", "8s"), discard("A", "8s"),
                                  draw("B", "5m"), discard("B", "5m"), draw("C", "6m"), discard("C", "6m")))
    assert hand["result"] == "win" and ruled(hand) == [] and faces(hand) == FACE


def test_gs4_near_miss_a_hidden_tile_on_the_way_is_not_guessed():
    # D drew a hidden tile and discarded 8m: his hand at A's 9p cannot be told; nothing is ruled.
    hand = _d_self_draws(between=(draw("D", "?"), discard("D", "8m"), draw("A", "8s"), discard("A", "8s"),
                                  draw("B", "5m"), discard("B", "5m"), draw("C", "6m"), discard("C", "6m")))
    assert hand["result"] == "win" and ruled(hand) == []


def test_gs2_a_hidden_hand_winning_later_on_a_discard_after_the_pass_is_false():
    # D passes A's 9p; C discards 7p and D pushes down on it (shown: his 16 concealed tiles).
    hand = only_hand(rule(doc(state(H, turn="A"), draw("A", "9p"), discard("A", "9p"), draw("B", "9m"),
                              discard("B", "9m"), draw("C", "7p"), discard("C", "7p"),
                              win("D", "discard", "7p", frm="C", shown="123s444z555z666z99p7p7p"))))
    assert ruled(hand) == [("TW-GS-1", "D", 2, "ruled"), ("TW-GS-2", "D", 7, "ruled"), ("TW-ZH-1", "D", 7, "ruled")]
    # declared: 門清 1 + 三暗刻 2 (the 7p triplet completed by a discard is not concealed) + 北 1 +
    # 白 發 2 = 6: D pays B and C 100 + 6 × 20 = 220, A 240.
    assert paid(hand) == [("D", "A", 240, "TW-ZH-2"), ("D", "B", 220, "TW-ZH-2"), ("D", "C", 220, "TW-ZH-2")]


def test_gs4_near_miss_the_tile_won_on_is_no_pass():
    hand = only_hand(rule(doc(state(H, turn="A"), draw("A", "9p"), discard("A", "9p"),
                              win("D", "discard", "9p", frm="A", shown="123s444z555z666z99p7p7p"))))
    assert hand["result"] == "win" and ruled(hand) == []
    assert paid(hand) == [("A", "D", 100 + (6 + 1) * 20, "TW-PAY-1")]


# -- TW-YP-5 with a hidden hand: a watcher's pass found looking back is 包賠 ------------------------

def _watcher(between=()):
    return only_hand(rule(doc(state(H, turn="A"), ev("declare", player="D", what="watch"), draw("A", "9p"),
                              discard("A", "9p"), draw("B", "9m"), discard("B", "9m"), draw("C", "2s"),
                              discard("C", "2s"), *between, draw("D", "7p"), win("D", "self_draw", "7p", shown=SHOWN))))


def test_yp5_a_hidden_watchers_pass_found_at_his_win_is_pay_for_all():
    hand = _watcher()
    assert hand["result"] == "penalty"
    assert ruled(hand) == [("TW-GS-1", "D", 3, "ruled"), ("TW-YP-5", "D", 9, "ruled"), ("TW-BP-1", "D", 9, "ruled")]
    assert paid(hand) == [("D", "A", 340, "TW-BP-2"), ("D", "B", 320, "TW-BP-2"), ("D", "C", 320, "TW-BP-2")]


def test_yp1_a_watchers_pass_is_not_lifted_by_his_later_discard():
    # The same discard of 8m that lifts an ordinary player's pass (above) does not lift a watcher's.
    hand = _watcher(between=(draw("D", "8m"), discard("D", "8m"), draw("A", "8s"), discard("A", "8s"),
                             draw("B", "5m"), discard("B", "5m"), draw("C", "6m"), discard("C", "6m")))
    assert hand["result"] == "penalty" and ("TW-YP-5", "D", 17, "ruled") in ruled(hand)


def test_yp5_near_miss_a_hidden_watcher_who_passed_nothing_wins():
    hand = only_hand(rule(doc(state(H, turn="C"), ev("declare", player="D", what="watch"), draw("C", "2s"),
                              discard("C", "2s"), draw("D", "7p"), win("D", "self_draw", "7p", shown=SHOWN))))
    assert hand["result"] == "win" and ruled(hand) == []
    # 11 tai; the watcher is the winner: no YP-2 fee. A 340, B and C 320.
    assert paid(hand) == [("A", "D", 340, "TW-PAY-2"), ("B", "D", 320, "TW-PAY-2"), ("C", "D", 320, "TW-PAY-2")]


# -- TW-ZH face with a hidden hand: the standalone and fixed faces need no concealed tiles ---------
# C is 相公 (status), his hand a count; he self-draws 5m and pushes down showing nothing (`shown`:
# []). 詐和 (TW-XG-2) whatever his tiles. Under `as_declared` the face needs his hand (complete or
# not): missing. Under `standalone` it counts only what is on the table and what he showed; under
# `fixed:K` it is K. Before, both were left out as missing too.
HID = {**H, "C": 16, "D": "123s444z555z666z99p7p7p"}


def _c_false(shown, face):
    return only_hand(rule(doc(state(HID, turn="C", status={"C": {"dead_hand": True}}), draw("C", "5m"),
                              win("C", "self_draw", "5m", shown=shown), options={"false_win_face": face})))


def test_zh_face_standalone_of_a_hidden_hand_showing_nothing_is_zero():
    hand = _c_false([], "standalone")
    assert ruled(hand) == [("TW-XG-2", "C", 2, "ruled"), ("TW-ZH-1", "C", 2, "ruled")]
    assert hand["complete"] and hand["missing"] == []
    # face 0: the dealer A gets 100 + 1 × 20 = 120, B and D 100 (TW-ZH-2).
    assert paid(hand) == [("C", "A", 120, "TW-ZH-2"), ("C", "B", 100, "TW-ZH-2"), ("C", "D", 100, "TW-ZH-2")]
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_zh_face_standalone_counts_the_honour_triplet_he_showed():
    hand = _c_false("7z7z7z", "standalone")  # 中 triplet shown: 箭字刻 1
    assert paid(hand) == [("C", "A", 140, "TW-ZH-2"), ("C", "B", 120, "TW-ZH-2"), ("C", "D", 120, "TW-ZH-2")]


def test_zh_face_fixed_needs_no_tiles():
    hand = _c_false([], "fixed:3")  # 100 + 3 × 20 = 160, the dealer 180
    assert hand["complete"] and paid(hand) == [("C", "A", 180, "TW-ZH-2"), ("C", "B", 160, "TW-ZH-2"),
                                               ("C", "D", 160, "TW-ZH-2")]


def test_zh_face_near_miss_as_declared_needs_the_hidden_hand():
    hand = _c_false([], "as_declared")
    assert hand["result"] == "false_win" and not hand["complete"] and paid(hand) == []
    assert hand["missing"] == [{"fact": "concealed_tiles", "player": "C", "at": 2,
                                "needed_for": "TW-TAI: the face of the win"}]


# -- TW-CP / TW-XG-1 錯吃碰: a pon or chi with a hidden tile is not known wrong ----------------------

def _claim(claim):
    return only_hand(rule(doc(state(HID, turn="B"), draw("B", "5m"), discard("B", "5m"), claim,
                              discard("C", "?"), ev("end"))))


def test_cp_a_pon_with_hidden_tiles_is_no_wrong_pon():
    for with_ in ("??", "?5m"):
        assert ruled(_claim({"type": "pon", "player": "C", "tile": "5m", "with": with_})) == []


def test_cp_near_miss_a_known_tile_that_does_not_match_is_a_wrong_pon():
    assert ruled(_claim({"type": "pon", "player": "C", "tile": "5m", "with": "?6m"})) == [
        ("TW-CP-1", "C", 3, "unreported")]


def test_xg1_a_chi_with_a_hidden_tile_is_wrong_only_when_no_tile_makes_a_run():
    assert ruled(_claim({"type": "chi", "player": "C", "tile": "5m", "with": "?6m"})) == []
    assert ruled(_claim({"type": "chi", "player": "C", "tile": "5m", "with": "??"})) == []
    wrong = ruled(_claim({"type": "chi", "player": "C", "tile": "5m", "with": "?8m"}))
    assert [r[:2] for r in wrong] == [("TW-XG-1", "C")]
