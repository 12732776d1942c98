"""RULEBOOK_RIICHI §15, the readings settled after publication, those not already covered where
their clause is tested (1 test_riichi_clauses: the two nearest win; 2 test_riichi_clauses7: plus_one
at a draw; 5 test_riichi_clauses: multi_yakuman; 9 test_riichi_clauses: declared tenpai; 11
test_riichi_clauses7: the head bump past a false win; 14 test_riichi_state): each fires, and a
near miss does not; money to the unit. Hands start from a ``state`` (§15.14).
"""
from __future__ import annotations

import pytest

from .riichikit import Hand, hand_of, money, rule
from .test_riichi_disputes import KAN, KAN_OK, kan_after_riichi
from .test_riichi_state import _dragons, _nagashi, doc, findings


# 3. pao with honba, on a self-draw: the liable player pays all the honba ----------------------------

def test_15_3_pao_self_draw_the_liable_pays_all_the_honba():
    """Two honba: A, liable for C's daisangen, pays 32000 + 600; the others pay nothing."""
    r = rule(doc(_dragons({"kind": "pon", "tiles": "777z", "tile": "7z", "from": "A"}),
                 {"type": "draw", "player": "C", "tile": "4p"}, {"type": "win", "player": "C", "how": "self_draw"},
                 honba=2))
    assert money(r) == {"A": -32600, "C": 32600}


def test_15_3_near_miss_without_pao_each_pays_his_honba():
    r = rule(doc(_dragons({}), {"type": "draw", "player": "C", "tile": "4p"},
                 {"type": "win", "player": "C", "how": "self_draw"}, honba=2))
    assert money(r) == {"A": -16200, "B": -8200, "C": 32600, "D": -8200}


# 6. five wall tiles knocked over: chombo, recoverable or not ---------------------------------------

@pytest.mark.parametrize("count, chombo", [(5, True), (4, False)])
def test_15_6_five_wall_tiles_are_a_chombo_even_if_put_back(count, chombo):
    r = rule(doc({}, {"type": "act", "player": "B", "act": "wall_disturbed", "count": count, "recoverable": True},
                 {"type": "end"}))
    assert (hand_of(r)["result"] == "penalty") is chombo
    assert money(r) == ({"A": 4000, "B": -8000, "C": 2000, "D": 2000} if chombo else {})


# 7. nagashi needs no claim; a claim by one not eligible gets nothing and no finding ----------------

def test_15_7_a_listed_player_not_eligible_gets_nothing_and_no_finding():
    """C (river 3m) claims nagashi: nothing for him, no finding; A and B, eligible and not
    listed, are paid."""
    data = _nagashi()
    data["hand"]["events"][-1]["nagashi"] = ["C"]
    r = rule(data)
    assert money(r) == {"A": 8000, "B": 4000, "C": -6000, "D": -6000}
    assert findings(r) == []


# 10. nine terminals not shown: withdrawn -------------------------------------------------------------

def _nine(shown: bool) -> dict:
    h = Hand({"A": "19m19p19s1234567z", "B": "2345678m234566p", "C": "2345678s345677m", "D": "2345678p234566s"})
    h.draw("A").ev(type="abort", kind="nine_terminals", player="A", shown=shown)
    if not shown:
        h.discard("A").go(2)
    return h.doc()


def test_15_10_nine_terminals_withdrawn_play_goes_on():
    r = rule(_nine(False))
    assert hand_of(r)["result"] == "open" and findings(r) == []


def test_15_10_near_miss_shown_aborts():
    r = rule(_nine(True))
    assert hand_of(r)["result"] == "abortive_draw" and findings(r) == []


# 12. a penalty deposit is not returned by a chombo re-deal ------------------------------------------

def test_15_12_an_empty_call_deposit_stays_on_the_table_at_a_chombo_redeal():
    """B calls pon and makes none (deposit_1000: 1000 to the table); then D's wall collapse, a
    chombo: re-deal. The deposit is not returned: the next hand has it among its sticks; B's
    riichi stick of this hand is returned (RJ-FLOW-10)."""
    state = {"hands": {"A": 13, "B": 13, "C": 13, "D": 13}, "discards": {"A": ["9m"]},
             "last_discard": {"player": "A", "tile": "9m"}, "turn": "B", "riichi": {"C": {"stick": "hand"}}}
    r = rule(doc(state, {"type": "call", "player": "B", "call": "pon"}, {"type": "draw", "player": "B", "tile": "1p"},
                 {"type": "discard", "player": "B", "tile": "1p"},
                 {"type": "act", "player": "D", "act": "wall_disturbed", "count": 6}, {"type": "end"}))
    h = hand_of(r)
    assert h["redeal"] and h["next"]["sticks"] == 1
    assert money(r) == {"A": 4000, "B": 1000, "C": 2000, "D": -8000, "kyotaku": 1000}


# 13. next.game_over in a one-hand document: a bust with known scores ---------------------------------

@pytest.mark.parametrize("d_points, over", [(1000, True), (8000, False)])
def test_15_13_a_bust_ends_the_game_in_a_one_hand_document(d_points, over):
    data = doc({}, {"type": "act", "player": "D", "act": "wall_disturbed", "count": 6}, {"type": "end"})
    data["hand"]["scores"]["D"] = d_points
    assert hand_of(rule(data))["next"]["game_over"] is over


# 8. a chombo under RJ-IRR-3 found at a complete, valued win: result penalty ---------------------------

@pytest.mark.parametrize("deal, fourth, result", [(KAN, "3m", "penalty"), (KAN_OK, "2z", "win")])
def test_15_8_a_win_after_an_invalid_kan_in_riichi_is_a_penalty(deal, fourth, result):
    """B's kan of 3m changed his waits: his complete self-draw on 4m is a chombo, result penalty;
    near miss: a kan that keeps his waits, the same win stands."""
    r = kan_after_riichi(deal, fourth).draw("B", "4m").win("B", "self_draw", "4m", ura="5z6z").rule()
    assert hand_of(r)["result"] == result


# 4. pao in a double ron: the honba to the first winner, from the discarder only ---------------------

def _double_ron(honba: int) -> dict:
    state = {"hands": {"A": 13, "B": "123m456m789m23p99s", "C": "123m4p", "D": 13},
             "melds": {"C": [{"kind": "pon", "tiles": "555z", "tile": "5z", "from": "B"},
                             {"kind": "pon", "tiles": "666z", "tile": "6z", "from": "A"},
                             {"kind": "pon", "tiles": "777z", "tile": "7z", "from": "D"}]},
             "discards": {"A": ["4p"]}, "last_discard": {"player": "A", "tile": "4p"},
             "riichi": {"B": {}}, "turn": "B"}
    return doc(state, {"type": "win", "player": "C", "how": "discard", "from": "A", "tile": "4p"},
               {"type": "win", "player": "B", "how": "discard", "from": "A", "tile": "4p", "ura": ["9s"]},
               honba=honba)


@pytest.mark.parametrize("honba, b_honba", [(1, 300), (0, 0)])
def test_15_4_pao_in_a_double_ron_the_honba_go_to_the_first_winner(honba, b_honba):
    """A's 4p: B (first from A) riichi pinfu ittsu, 4 han 30 fu 7700; C's daisangen, D liable (8.5: half
    each from D and A, 16000). The honba go to B from A; C, the pao winner, gets none."""
    r = rule(_double_ron(honba))
    b, c = hand_of(r)["winners"]
    assert (b["player"], b["points"], c["player"], c["pao"]) == ("B", 7700, "C", "D")
    assert money(r) == {"A": -7700 - b_honba - 16000, "B": 7700 + b_honba, "C": 32000, "D": -16000}
