"""A riichi hand that starts from a ``state`` is ruled as the same play from the deal (RULEBOOK_RIICHI
§15.14): pao from the state's melds and their ``from``, its kans for the four-kan abort and the
fifth kan, nagashi mangan from its rivers and ``called_away``, furiten on its ``last_discard``, kuikae
after the claim it ends on; and the moments inside a turn a ``state`` can hold (EVENT_LOG.md
additions): ``back_owed``, ``dora_owed``, ``drawn_past``, ``robbable``, riichi ``stick``,
``established``, ``discard_owed``. Each fires, and a near miss does not; money to the unit.
"""
from __future__ import annotations

import pytest

from referee.errors import InputError

from .riichikit import hand_of, money, rule

PLAYERS = ["A", "B", "C", "D"]


def doc(state: dict, *events: dict, **hand) -> dict:
    base = {"type": "state", "hands": {"A": 13, "B": 13, "C": 13, "D": 13}, "dora_indicators": ["9s"],
            "wall_left": 40, "turn": "A", "phase": "draw"}
    return {"format": "mjref/1", "variant": "riichi", "players": PLAYERS,
            "hand": {"round_wind": "1z", "dealer": "A", "honba": hand.get("honba", 0), "sticks": 0,
                     "scores": {p: 25000 for p in PLAYERS}, "events": [{**base, **state}, *events]}}


def findings(ruling: dict) -> list[tuple[str, str]]:
    return [(f["rule"], f["player"]) for f in hand_of(ruling)["rulings"]]


# -- pao (RJ-PAY-8) from the state's melds ---------------------------------------------------------

def _dragons(third: dict) -> dict:
    melds = [{"kind": "pon", "tiles": "555z", "tile": "5z", "from": "B"},
             {"kind": "pon", "tiles": "666z", "tile": "6z", "from": "D"}]
    hands = {"A": 13, "B": 13, "C": "123m4p", "D": 13}
    if third:
        melds.append(third)
    else:
        hands["C"] = "777z123m4p"
    return {"hands": hands, "melds": {"C": melds}, "turn": "C"}


def test_pao_from_the_states_melds():
    """A fed C's third dragon set (a pon in the state, ``from: A``): A pays the whole daisangen
    self-draw, 32000 (8.3), and the finding names him."""
    r = rule(doc(_dragons({"kind": "pon", "tiles": "777z", "tile": "7z", "from": "A"}),
                 {"type": "draw", "player": "C", "tile": "4p"}, {"type": "win", "player": "C", "how": "self_draw"}))
    assert hand_of(r)["winners"][0]["pao"] == "A"
    assert money(r) == {"A": -32000, "C": 32000}
    assert ("RJ-PAY-8", "A") in findings(r)


def test_pao_near_miss_the_third_set_concealed():
    """The third dragon set concealed in C's hand: no one fed it; a yakuman self-draw, 16000/8000."""
    r = rule(doc(_dragons({}), {"type": "draw", "player": "C", "tile": "4p"},
                 {"type": "win", "player": "C", "how": "self_draw"}))
    assert hand_of(r)["winners"][0]["pao"] is None
    assert money(r) == {"A": -16000, "B": -8000, "C": 32000, "D": -8000}


# -- kans of the state: the four-kan abort (RJ-ABT-3) and the fifth kan (RJ-IRR-6) ------------------

def _kans(owners: dict) -> dict:
    melds, hands = {}, {"A": 13, "B": 13, "C": 13, "D": 13}
    tiles = iter(["1111m", "2222m", "3333m", "4444m"])
    for p, n in owners.items():
        melds[p] = [{"kind": "kong", "kong": "concealed", "tiles": next(tiles)} for _ in range(n)]
        hands[p] = 13 - 3 * n
    hands["B"] += 1
    return {"hands": hands, "melds": melds, "turn": "B", "phase": "discard"}


def _b_kans(*after: dict) -> list[dict]:
    return [{"type": "kong", "player": "B", "kind": "concealed", "tiles": "9999p"}, {"type": "dora", "tile": "1s"},
            {"type": "draw", "player": "B", "tile": "8p", "from": "back"}, {"type": "discard", "player": "B", "tile": "8p"},
            *after]


def test_four_kans_of_two_players_with_the_states_kans_abort():
    """C's and D's kans in the state and B's: four kans by three players; the abort after B's
    replacement discard stands (before, a valid document was refused)."""
    r = rule(doc(_kans({"C": 2, "D": 1}), *_b_kans({"type": "abort", "kind": "four_kans"})))
    assert hand_of(r)["result"] == "abortive_draw" and money(r) == {}


def test_four_kans_of_one_player_do_not_abort():
    """Near miss: D's three kans in the state and B's fourth... is by another player; three by D
    and none by B: only three kans, so no abort has arisen (an input error at the abort)."""
    with pytest.raises(InputError) as err:
        rule(doc(_kans({"D": 2}), *_b_kans({"type": "abort", "kind": "four_kans"})))
    assert "no four kans" in str(err.value.errors)


def test_a_fifth_kan_after_the_states_four():
    """D's four kans in the state: B's kan is a fifth, RJ-IRR-6 (his hand is dead)."""
    r = rule(doc(_kans({"D": 4}), *_b_kans({"type": "end"})))
    assert ("RJ-IRR-6", "B") in findings(r)


def test_a_fourth_kan_after_the_states_three_is_no_fifth():
    r = rule(doc(_kans({"D": 3}), *_b_kans({"type": "end"})))
    assert ("RJ-IRR-6", "B") not in findings(r)


# -- nagashi mangan (RJ-PAY-9) from the state's rivers ---------------------------------------------

NOTEN = {"A": "2468m2468p2468s2z", "B": "2468m2468p2468s3z", "C": "2468m2468p2468s4z", "D": "2468m2468p2468s6z"}


def _nagashi(**more) -> dict:
    state = {"hands": dict(NOTEN), "discards": {"A": ["1m", "9m", "1p", "9p"], "B": ["1m", "9m", "7z"],
                                                 "C": ["3m"], "D": ["3p"]},
             "wall_left": 1, "turn": "D", "phase": "draw"}
    return doc({**state, **more}, {"type": "draw", "player": "D", "tile": "9s"},
               {"type": "discard", "player": "D", "tile": "9s"}, {"type": "exhaustive_draw"})


def test_nagashi_from_the_states_river():
    """A (dealer) discarded only terminals before the state and B too: each is paid a mangan
    (A 4000 all; B 4000 from the dealer, 2000 from the others). D's river holds 3p: his 9s
    after the state does not make him eligible."""
    r = rule(_nagashi())
    assert money(r) == {"A": 12000 - 4000, "B": 8000 - 4000, "C": -6000, "D": -6000}


def test_nagashi_a_tile_called_away_disqualifies():
    """Near miss: a tile of B's river was called (``called_away``): only A is paid."""
    r = rule(_nagashi(called_away={"B": ["9s"]}))
    assert money(r) == {"A": 12000, "B": -4000, "C": -4000, "D": -4000}


# -- furiten (RJ-FUR-2) on the state's last discard ------------------------------------------------

def _furiten(**more) -> dict:
    state = {"hands": {"A": 13, "B": 13, "C": "12m456p789s555z11z", "D": 13}, "discards": {"A": ["3m"]},
             "turn": "B", **more}
    return doc(state, {"type": "draw", "player": "B", "tile": "3m"}, {"type": "discard", "player": "B", "tile": "3m"},
               {"type": "win", "player": "C", "how": "discard", "from": "B", "tile": "3m"})


def test_the_states_last_discard_let_pass_is_temporary_furiten():
    """A's 3m is on offer in the state; C waits on it and lets it pass: his ron on B's 3m is in
    temporary furiten, a false win (chombo, 8000 to the others' 4000 / 2000 / 2000 for a
    non-dealer: 4000 to the dealer A, 2000 each to B and D)."""
    r = rule(_furiten(last_discard={"player": "A", "tile": "3m"}))
    h = hand_of(r)
    assert h["result"] == "false_win" and h["redeal"]
    assert money(r) == {"A": 4000, "B": 2000, "C": -8000, "D": 2000}


def test_a_river_tile_not_on_offer_is_no_pass():
    """Near miss: the 3m only lies in A's river (no ``last_discard``): C's ron stands, haku 1 han
    50 fu, 1600."""
    r = rule(_furiten())
    assert hand_of(r)["result"] == "win"
    assert money(r) == {"B": -1600, "C": 1600}


def test_drawn_past_the_drawer_keeps_his_furiten_and_the_others_pass_at_his_discard():
    """``drawn_past``: B drew past A's 3m (state in B's discard phase); C lets it pass when B
    discards: the same false win as from the log."""
    state = {"hands": {"A": 13, "B": 14, "C": "12m456p789s555z11z", "D": 13}, "discards": {"A": ["3m"]},
             "last_discard": {"player": "A", "tile": "3m"}, "drawn_past": True, "turn": "B", "phase": "discard",
             "drawn": {"tile": "3m", "from": "wall"}}
    r = rule(doc(state, {"type": "discard", "player": "B", "tile": "3m"},
                 {"type": "win", "player": "C", "how": "discard", "from": "B", "tile": "3m"}))
    assert hand_of(r)["result"] == "false_win"


# -- kuikae (RJ-IRR-7) after the state's claim -----------------------------------------------------

def _kuikae(tile: str) -> dict:
    state = {"hands": {"A": 13, "B": 13, "C": "45m6m11p234s567s", "D": 13},
             "melds": {"C": [{"kind": "chi", "tiles": "345m", "tile": "3m", "from": "B"}]},
             "turn": "C", "phase": "discard", "drawn": {"tile": "3m", "from": "claim"}}
    return doc(state, {"type": "discard", "player": "C", "tile": tile}, {"type": "end"})


def test_kuikae_after_the_states_chi():
    """C's chi of 3m (345m) ends the state: his 6m straight after it is kuikae (suji), RJ-IRR-7."""
    assert ("RJ-IRR-7", "C") in findings(rule(_kuikae("6m")))


def test_kuikae_near_miss():
    assert findings(rule(_kuikae("7s"))) == []


# -- riichi of the state: a stick of this hand, a declaration not yet established, a discard owed ---

def test_a_riichi_stick_of_this_hand_is_paid_in_the_ruling():
    """``stick: hand``: B's riichi stick is paid in this ruling (RJ-RII-3); ``table`` (the default):
    it is among the hand's sticks already."""
    r = rule(doc({"riichi": {"B": {"stick": "hand"}}}, {"type": "end"}))
    assert money(r) == {"B": -1000, "kyotaku": 1000}
    assert money(rule(doc({"riichi": {"B": {}}}, {"type": "end"}))) == {}


def test_a_riichi_not_yet_established_is_undone_by_a_ron_on_its_discard():
    """``established: false``: B's riichi discard (the last discard) is won on: no stick, no riichi.
    Near miss: play goes on and the next draw establishes it (1000 to the table)."""
    state = {"hands": {"A": 13, "B": 13, "C": "12m456p789s555z11z", "D": 13}, "discards": {"B": ["3m"]},
             "last_discard": {"player": "B", "tile": "3m"}, "riichi": {"B": {"established": False}},
             "turn": "C"}
    won = rule(doc(state, {"type": "win", "player": "C", "how": "discard", "from": "B", "tile": "3m"}))
    assert money(won) == {"B": -1600, "C": 1600}
    went_on = rule(doc(state, {"type": "draw", "player": "C", "tile": "9p"}, {"type": "end"}))
    assert money(went_on) == {"B": -1000, "kyotaku": 1000}


def test_a_riichi_discard_owed_must_follow():
    """``discard_owed``: B declared riichi; another act before his discard is an input error."""
    state = {"hands": {"A": 13, "B": 14, "C": 13, "D": 13}, "riichi": {"B": {"discard_owed": True}},
             "turn": "B", "phase": "discard"}
    r = rule(doc(state, {"type": "discard", "player": "B", "tile": "1m"}, {"type": "draw", "player": "C", "tile": "9p"},
                 {"type": "end"}))
    assert money(r) == {"B": -1000, "kyotaku": 1000}
    with pytest.raises(InputError) as err:
        rule(doc(state, {"type": "draw", "player": "C", "tile": "9p"}, {"type": "end"}))
    assert "RJ-RII-2" in str(err.value.errors)


def test_back_owed_and_dora_owed():
    """After C's concealed kan (state): his replacement and its indicator are owed; a discard
    before the replacement is an input error, and a draw before the indicator too (at_once)."""
    state = {"hands": {"A": 13, "B": 13, "C": 10, "D": 13},
             "melds": {"C": [{"kind": "kong", "kong": "concealed", "tiles": "1111m"}]},
             "turn": "C", "phase": "discard", "back_owed": {"C": 1},
             "dora_owed": [{"player": "C", "kong": "concealed", "when": "at_once"}]}
    ok = rule(doc(state, {"type": "dora", "tile": "2s"}, {"type": "draw", "player": "C", "tile": "3p", "from": "back"},
                  {"type": "discard", "player": "C", "tile": "3p"}, {"type": "end"}))
    assert hand_of(ok)["result"] == "open"
    with pytest.raises(InputError):
        rule(doc(state, {"type": "discard", "player": "C", "tile": "1p"}, {"type": "end"}))
    with pytest.raises(InputError):
        rule(doc(state, {"type": "draw", "player": "C", "tile": "3p", "from": "back"}, {"type": "dora", "tile": "2s"},
                 {"type": "end"}))


# -- the new fields, refused at their path -----------------------------------------------------------

@pytest.mark.parametrize("more, path", [
    ({"drawn_past": True}, "hand.events[0].drawn_past"),
    ({"riichi": {"B": {"stick": "pocket"}}}, "hand.events[0].riichi.B.stick"),
    ({"dora_owed": [{"player": "B", "kong": "added", "when": "later"}]}, "hand.events[0].dora_owed[0].when"),
    ({"back_owed": {"B": -1}}, "hand.events[0].back_owed.B"),
    ({"robbable": {"player": "B"}}, "hand.events[0].robbable.tile"),
    ({"status": {"B": {"unponned": ["1m"]}}}, "hand.events[0].status.B.unponned"),  # tw16's, not riichi's
])
def test_a_wrong_new_state_field_is_named_at_its_path(more, path):
    with pytest.raises(InputError) as err:
        rule(doc(more, {"type": "end"}))
    assert path in err.value.errors, err.value.errors
