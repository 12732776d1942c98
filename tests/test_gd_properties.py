"""Properties of legal Guangdong hands (``rulesbook.guangdong.selfplay``): every self-played hand
is ruled without error; a hand that ends in a declared win rules as a win of that player, with no
false win (the bots declare only valid wins); every settlement sums to zero; the money is the share
S = base × 2^F as GD-PAY-1 / GD-PAY-2 say; no flower tile is ever played."""
from __future__ import annotations

import random

import pytest

from rulesbook.guangdong.selfplay import play_game, play_hand
from tests.gdkit import ruling

N_HANDS = 40


def _doc(hand: dict, ruleset: dict | None = None) -> dict:
    return {"format": "mjref/1", "variant": "guangdong", "ruleset": ruleset or {"base": 1},
            "players": ["A", "B", "C", "D"], "hand": hand}


@pytest.mark.parametrize("seed", range(N_HANDS))
def test_a_self_played_hand_rules_as_played(seed):
    hand = play_hand(random.Random(seed))
    assert not any(e["type"] == "flower" for e in hand["events"])
    out = ruling(_doc(hand, {"base": 2}))["hands"][0]
    last = hand["events"][-1]
    if last["type"] == "win":
        assert out["result"] == "win" and [w["player"] for w in out["winners"]] == [last["player"]]
        w = out["winners"][0]
        assert w["portion"] == 2 << w["fan_paid"]
        got = out["net"][w["player"]]
        if w["how"] == "self_draw":
            assert got == 3 * w["portion"] or any(p.get("liability") for p in out["payments"])
        elif w["how"] == "discard":
            assert got == w["portion"] or any(p.get("liability") for p in out["payments"])
    else:
        assert out["result"] == "exhaustive_draw" and set(out["net"].values()) == {0}
    assert not any(r["rule"] == "GD-ZH-1" for r in out["rulings"])
    assert sum(out["net"].values()) == 0


@pytest.mark.parametrize("preset", ["yifan", "sanfan", "qq", "seed_list1"])
def test_presets_self_play(preset):
    from rulesbook.guangdong.options import GdRules
    for seed in range(5):
        hand = play_hand(random.Random(seed), rules=GdRules.of(preset))
        out = ruling(_doc(hand, {"preset": preset, "base": 1}))["hands"][0]
        assert out["result"] in ("win", "exhaustive_draw") and sum(out["net"].values()) == 0
        assert not any(r["rule"] == "GD-ZH-1" for r in out["rulings"])


def test_a_game_carries_the_deal():  # GD-FLOW-8, GD-FLOW-10: no contradiction findings
    game = play_game(random.Random(7), n_hands=6)
    doc = {**game, "ruleset": {"base": 1, "options": {"dealer_rotation": "dealer_win"}}}
    out = ruling(doc)
    assert not any(r["rule"] == "GD-FLOW-10" for h in out["hands"] for r in h["rulings"])
    assert sum(out["net"].values()) == 0


def test_every_mutated_guangdong_document_is_ruled_or_rejected_at_a_place():
    from tests.mutations import all_ruled_or_rejected

    all_ruled_or_rejected("guangdong", 600, seed=23)
