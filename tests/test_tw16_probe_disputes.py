"""Probe (acceptance view) of tw16 disputes from RULEBOOK.md §4: claim priority (TW-PR), 錯打明牌 won on
by several players under `multiple_winners: all` (TW-CD-3, TW-PAY-4), with every finding, its clause
and each payment checked to the unit.

Seats: turn order A → B → C → D; A deals (N = 0) unless said; base 100, tai 20.
"""
import pytest

from tests.tablekit import discard, doc, draw, ev, only_hand, paid, pon, rule, rulings, state, win

BOTH = ("seed000", "common")


def under(preset, d, **options):
    d = {**d, "ruleset": {**d["ruleset"], "preset": preset}}
    if options:
        d["ruleset"]["options"] = options
    return only_hand(rule(d))


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
