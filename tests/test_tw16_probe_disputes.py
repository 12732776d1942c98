"""Probe (acceptance view) of tw16 disputes from RULEBOOK.md §4: claim priority (TW-PR), 錯打明牌 won on
by several players under `multiple_winners: all` (TW-CD-3, TW-PAY-4), with every finding, its clause
and each payment checked to the unit.

Seats: turn order A → B → C → D; A deals (N = 0) unless said; base 100, tai 20.
"""
import pytest

from tests.tablekit import discard, doc, draw, ev, paid, pon, rulings, state, under, win

BOTH = ("seed000", "common")


# B (123p 456p 789p 123s 456s + 9s) waits on 9s alone: 門清 1 + 獨聽 1 = 2.
H = {"A": "123m456m789m111z2z3z5s6s9s", "B": "123p456p789p123s456s9s", "C": "111m222m333m148p25p9s9s",
     "D": "123s444z555z666z99p7p7p"}
# 包賠 (TW-BP-2) of face 2 by B: 100 + 2 × 20 = 140 to C and D, the dealer A 1 tai more: 160.
B_PAYS_FOR_ALL = [("B", "A", 160, "TW-BP-2"), ("B", "C", 140, "TW-BP-2"), ("B", "D", 140, "TW-BP-2")]


# -- TW-PR-9: one finding per clause and event ---------------------------------------------------------

@pytest.mark.parametrize("preset", BOTH)
def test_pr9_win_pushed_down_after_a_pon_took_the_tile_is_ruled_once(preset):
    # A throws 9s, C pons it at once and discards; then B pushes down on A's 9s. The tile passed him
    # (TW-GS-1 at 1); play went on from a pon: he pushed down after losing the priority (TW-PR-9) →
    # 包賠 (TW-BP-1). The engine listed TW-PR-9 twice at event 4 (the priority decision, and again as
    # the reason the win is void).
    d = doc(state(H, turn="A", phase="discard"), discard("A", "9s"), pon("C", "9s"), discard("C", "1m"),
            win("B", "discard", "9s", frm="A"))
    hand = under(preset, d)
    assert rulings(hand) == [("TW-GS-1", "B", 1, "ruled"), ("TW-PR-9", "B", 4, "ruled"),
                             ("TW-GS-2", "B", 4, "ruled"), ("TW-BP-1", "B", 4, "ruled")]
    assert hand["result"] == "penalty" and paid(hand) == B_PAYS_FOR_ALL
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}  # TW-ZH-4: A keeps, N stays


@pytest.mark.parametrize("preset", BOTH)
def test_pr5_pr9_the_winner_who_reached_pushes_down_after_the_pon_is_ruled_once(preset):
    # B reaches for the wall (touched) while able to win: C's pon has the priority (TW-PR-5) and B is
    # in 過水; B then pushes down anyway: TW-PR-9 once, 包賠.
    d = doc(state(H, turn="A", phase="discard"), discard("A", "9s"), ev("reach", player="B", touched=True),
            pon("C", "9s"), win("B", "discard", "9s", frm="A"))
    hand = under(preset, d)
    assert rulings(hand) == [("TW-GS-1", "B", 1, "ruled"), ("TW-PR-5", "C", 3, "ruled"),
                             ("TW-PR-9", "B", 4, "ruled"), ("TW-GS-2", "B", 4, "ruled"), ("TW-BP-1", "B", 4, "ruled")]
    assert paid(hand) == B_PAYS_FOR_ALL


def test_pr7_pr9_near_miss_a_decision_of_another_clause_keeps_its_own_pr9_finding():
    # B himself draws and discards, then pushes down on A's 9s: the draw kept the tile (TW-PR-7) and
    # the PR-9 reason is its own finding beside it.
    d = doc(state(H, turn="A", phase="discard"), discard("A", "9s"), draw("B", "4m"), discard("B", "4m"),
            win("B", "discard", "9s", frm="A"))
    hand = under("seed000", d)
    assert [r for r in rulings(hand) if r[0].startswith("TW-PR")] == [("TW-PR-7", "B", 4, "ruled"),
                                                                      ("TW-PR-9", "B", 4, "ruled")]
    assert hand["result"] == "penalty" and paid(hand) == B_PAYS_FOR_ALL


# -- TW-GS-3 / TW-GS-5 / TW-XP-8 on whole hands, under both presets -------------------------------------
# B: 234m 567m 789p 55p 23s with a pon of 9s waits on 1s/4s (nothing else: 0 tai on a discard).
PLAIN = {"A": 17, "B": "234m567m789p55p23s", "C": 16, "D": 16}
PON_9S = {"B": [{"kind": "pon", "tiles": "999s", "tile": "9s", "from": "D"}]}


@pytest.mark.parametrize("preset", BOTH)
def test_gs3_an_added_kong_of_a_non_winning_tile_lifts_the_pass_and_its_replacement_wins(preset):
    # B lets A's 4s go (TW-GS-1), draws the 4th 9s and adds it to his pon (加杠 lifts 過水), then wins on
    # the replacement: 自摸 1 + 杠上開花 1 = 2: A (dealer) 160, C and D 140.
    d = doc(state(PLAIN, turn="A", phase="discard", melds=PON_9S), discard("A", "4s"), draw("B", "9s"),
            ev("kong", player="B", kind="added", tiles="9999s"), draw("B", "1s", "back"), win("B", "self_draw", "1s"))
    hand = under(preset, d)
    assert rulings(hand) == [("TW-GS-1", "B", 1, "ruled")] and hand["result"] == "win"
    assert paid(hand) == [("A", "B", 160, "TW-PAY-2"), ("C", "B", 140, "TW-PAY-2"), ("D", "B", 140, "TW-PAY-2")]
    # near miss: he self-draws 1s at once, still in 過水: 詐和 as declared 自摸 1: 120 each, A 140
    miss = under(preset, doc(state(PLAIN, turn="A", phase="discard", melds=PON_9S), discard("A", "4s"),
                             draw("B", "1s"), win("B", "self_draw", "1s")))
    assert rulings(miss) == [("TW-GS-1", "B", 1, "ruled"), ("TW-GS-2", "B", 3, "ruled"), ("TW-ZH-1", "B", 3, "ruled")]
    assert paid(miss) == [("B", "A", 140, "TW-ZH-2"), ("B", "C", 120, "TW-ZH-2"), ("B", "D", 120, "TW-ZH-2")]


@pytest.mark.parametrize("preset", BOTH)
def test_gs5_throwing_ones_own_winning_draw_is_no_pass(preset):
    # B draws 4s (it wins for him) and throws it; C then throws 1s and B wins on it: no 過水, C pays 100
    d = doc(state(PLAIN, turn="A", phase="discard", melds=PON_9S), discard("A", "7z"), draw("B", "4s"),
            discard("B", "4s"), draw("C", "5z"), discard("C", "1s"), win("B", "discard", "1s", frm="C"))
    hand = under(preset, d)
    assert hand["rulings"] == [] and paid(hand) == [("C", "B", 100, "TW-PAY-1")]


CONCEALED = {"A": 17, "B": "234m567m789p55p23s567s", "C": 16, "D": 16}  # 平和 on 1s/4s


@pytest.mark.parametrize("preset", BOTH)
def test_xp8_own_fault_exposed_pair_cannot_win_on_a_discard_but_self_draws_concealed(preset):
    own = ev("expose", player="B", tiles="55p", fault="own")
    on_discard = under(preset, doc(state(CONCEALED, turn="A", phase="discard"), own, discard("A", "4s"),
                                   win("B", "discard", "4s", frm="A")))
    # 詐和 (TW-XP-8 → TW-ZH-1), as declared 門清 1 + 平和 2 = 3: 160 each, the dealer A 180
    assert rulings(on_discard) == [("TW-XP-8", "B", 3, "ruled"), ("TW-ZH-1", "B", 3, "ruled")]
    assert paid(on_discard) == [("B", "A", 180, "TW-ZH-2"), ("B", "C", 160, "TW-ZH-2"), ("B", "D", 160, "TW-ZH-2")]
    # the self-draw is allowed, and the exposure does not break 門清: 門清一摸三 = 3
    self_draw = under(preset, doc(state(CONCEALED, turn="A", phase="discard"), own, discard("A", "7z"),
                                  draw("B", "4s"), win("B", "self_draw", "4s")))
    assert self_draw["rulings"] == [] and self_draw["winners"][0]["tai"] == 3
    assert paid(self_draw) == [("A", "B", 180, "TW-PAY-2"), ("C", "B", 160, "TW-PAY-2"), ("D", "B", 160, "TW-PAY-2")]
    # near miss: shown by another's fault, the discard win stands: 門清 1 + 平和 2 = 3, A pays 180
    other = under(preset, doc(state(CONCEALED, turn="A", phase="discard"),
                              ev("expose", player="B", tiles="55p", fault="other"), discard("A", "4s"),
                              win("B", "discard", "4s", frm="A")))
    assert other["rulings"] == [] and paid(other) == [("A", "B", 180, "TW-PAY-1")]


# -- TW-CD-3 under `multiple_winners: all`: two win on the tile from the meld, a third on the forced one --
# B throws 5s out of his chi 345s. D (444z 666z 789p 99p 67s) and A (111z 22z 46s …) win on it under
# `all`; B restores and must throw the 4s he drew: C (三暗刻, 4s alone) wins on it.
CD3 = state({"A": "123m456m789m111z22z46s", "B": "123p456p789p123s7z4s", "C": "111m222m333m456p9s9s3s5s",
             "D": "123s444z666z789p67s99p"}, turn="B", phase="discard",
            melds={"B": [{"kind": "chi", "tiles": "345s", "tile": "3s", "from": "A"}]})
CD3_EVENTS = [CD3, ev("discard", player="B", tile="5s", from_meld=True), win("D", "discard", "5s", frm="B"),
              win("A", "discard", "5s", frm="B"), ev("correct", player="B", about=1, action="restore"),
              discard("B", "4s"), win("C", "discard", "4s", frm="B")]


def test_cd3_all_the_offender_pays_every_win_and_the_dealer_keeps_the_deal_without_growing():
    hand = under("common", doc(*CD3_EVENTS))
    # D: 444z (his seat wind) 1 + 666z 1 + 門清 1 = 3 → 160; A (dealer): 東 seat and round 2 + 門清 1 +
    # 獨聽 (嵌 5s) 1 = 4 → 100 + 5 × 20 = 200; C: 門清 1 + 獨聽 1 + 三暗刻 2 = 4 → 180.
    assert rulings(hand) == [("TW-CD-3", "B", 1, "ruled")]
    assert paid(hand) == [("B", "D", 160, "TW-PAY-1"), ("B", "A", 200, "TW-PAY-1"), ("B", "C", 180, "TW-PAY-1")]
    # TW-CD-3 (a non-dealer offender): "the dealer keeps it (even if another won) and N does not grow",
    # read as written though the dealer is one of the winners (TW-FLOW-8 lists TW-CD-3 as its exception)
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}
    # near miss: head bump (seed000): D, nearer to B than A, wins alone on the 5s
    seed = under("seed000", doc(*CD3_EVENTS))
    assert paid(seed) == [("B", "D", 160, "TW-PAY-1"), ("B", "C", 180, "TW-PAY-1")]
