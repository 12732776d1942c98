"""Properties of legal Shanghai hands (``rulesbook.shanghai.selfplay``): every self-played hand is
ruled without error; a hand that ends in declared wins rules as wins of those players (一炮多响 too),
with no false win (the bots declare only valid wins, and only after a knock under ``qiaoma``); every
settlement sums to zero; the money is one share V = P × base as SH-PAY-1 / SH-PAY-2 say, with P
from the winner's flowers and 番 (SH-PAY-0); no flower tile (中發白 included) is ever held or
played; a game carries its 荒番 counter. And mutated Shanghai documents are ruled or rejected at a
place, never an internal error."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from api.documents.documents import adjudicate_data
from rulesbook.shanghai.options import ShRules
from rulesbook.shanghai.selfplay import document, play_game, play_hand

N_HANDS = 40
DRAGONS = ("5z", "6z", "7z")


def _points(w: dict, rules: ShRules, doubled: bool) -> int:
    """SH-PAY-0 by hand: min((D + H) × 2^F, L), 无花果 min(10 × 2^F, L), × h in a 荒番 hand."""
    o = rules.options
    raw = (10 if w["flowers"] == 0 else o.base_flowers + w["flowers"]) * 2 ** w["fan"]
    return min(raw, o.lezi) * (o.huang_fan_factor if doubled else 1)


@pytest.mark.parametrize("seed", range(N_HANDS))
def test_a_self_played_hand_rules_as_played(seed):
    hand = play_hand(random.Random(seed))
    events = hand["events"]
    played = [e for e in events if e["type"] in ("discard", "chi", "pon", "kong")]
    assert not any(e.get("tile") in DRAGONS or set(e.get("with") or ()) & set(DRAGONS) for e in played)
    assert all(e["tile"] in DRAGONS or e["tile"].endswith("f") for e in events if e["type"] == "flower")
    out = adjudicate_data(document(hand, ruleset={"base": 2}))["hands"][0]
    assert sum(out["net"].values()) == 0
    assert not any(r["rule"] in ("SH-ZH-1", "SH-GS-1", "SH-GS-3") or r["rule"].startswith("SH-IRR")
                   for r in out["rulings"])
    declared = [e["player"] for e in events if e["type"] == "win"]
    knocked = {e["player"] for e in events if e["type"] == "declare" and e["what"] == "knock"}
    if declared:
        assert out["result"] == "win" and [w["player"] for w in out["winners"]] == declared
        assert set(declared) <= knocked  # SH-QIAO-4: only a knocked player wins under qiaoma
        rules = ShRules.of()
        for w in out["winners"]:
            assert w["points"] == _points(w, rules, out["huang_fan"]["hand"]) and w["value"] == 2 * w["points"]
            got = sum(p["amount"] for p in out["payments"] if p["to"] == w["player"])
            shares = 3 if w["how"] == "self_draw" else 1  # SH-PAY-1, SH-PAY-2
            assert got == shares * w["value"] or any(p.get("liability") for p in out["payments"])
    else:
        assert out["result"] == "exhaustive_draw" and set(out["net"].values()) == {0}  # SH-PAY-5
        assert out["next"]["huang_fan"] == out["huang_fan"]["before"] + out["huang_fan"]["dice"] + 1


def test_self_play_knocks_and_wins_several_on_one_tile():
    """Over many hands the generator reaches what the properties are about: knocks, 一炮多响, a
    knocked player's kong (which the property test above sees ruled without SH-IRR-2)."""
    seen = Counter()
    for seed in range(120):
        events = play_hand(random.Random(seed))["events"]
        seen["knock"] += any(e["type"] == "declare" for e in events)
        seen["several"] += sum(e["type"] == "win" for e in events) > 1
        seen["self_draw"] += any(e.get("how") == "self_draw" for e in events)
        knocked = set()
        for e in events:  # SH-QIAO-2: a knocked hand's kong keeps its winning tiles
            knocked |= {e["player"]} if e["type"] == "declare" else set()
            seen["knocked kong"] += e["type"] == "kong" and e["player"] in knocked
    assert seen["knock"] > 60 and seen["several"] >= 1 and seen["self_draw"] > 10, seen
    assert seen["knocked kong"] >= 1, seen


SPECIAL = ("SH-FAN-2", "SH-FAN-3", "SH-FAN-4", "SH-FAN-5", "SH-FAN-6", "SH-FAN-11")


@pytest.mark.parametrize("preset", ["baida", "qinghunpeng"])
def test_presets_self_play(preset):
    seen = Counter()
    for seed in range(12):
        hand = play_hand(random.Random(seed), rules=ShRules.of(preset))
        assert not any(e["type"] == "declare" for e in hand["events"])  # no knock is needed
        out = adjudicate_data(document(hand, ruleset={"preset": preset}))["hands"][0]
        assert out["result"] in ("win", "exhaustive_draw") and sum(out["net"].values()) == 0
        assert [w["player"] for w in out["winners"]] == [e["player"] for e in hand["events"] if e["type"] == "win"]
        assert not any(r["rule"] == "SH-ZH-1" for r in out["rulings"])
        for w in out["winners"]:
            rows = {p["rule"] for p in w["patterns"]}
            seen["no wild"] += "SH-FAN-12" in rows
            if preset == "qinghunpeng":  # SH-HU-2 under special_only: every winner holds a special row
                assert rows & set(SPECIAL), rows
            elif "SH-FAN-12" not in rows:  # SH-BD-4: a hand holding a wild tile won by self-draw
                assert w["how"] == "self_draw", w
                seen["wild self-draw"] += 1
        if preset == "baida":  # SH-BD-1: the indicator turned after the deal's flowers
            turned = [e for e in hand["events"] if e["type"] == "indicator"]
            assert turned and all(e["tile"].endswith("f") or e["tile"] in DRAGONS for e in turned[:-1])
    if preset == "baida":
        assert seen["no wild"] and seen["wild self-draw"], seen


def test_a_game_deals_to_the_winner_and_carries_the_counter():  # SH-FLOW-9, SH-HF-4, SH-FLOW-10
    game = play_game(random.Random(11), n_hands=8)
    out = adjudicate_data(game)
    assert not any(r["rule"] == "SH-FLOW-10" for h in out["hands"] for r in h["rulings"])
    for hand, ruled, after in zip(game["hands"], out["hands"], game["hands"][1:]):
        assert ruled["next"]["dealer"] == after["dealer"] and ruled["next"]["huang_fan"] == after["huang_fan"]
    assert sum(out["net"].values()) == 0


def test_no_chi_is_played_where_chi_is_off():  # SH-FLOW-5, SH-IRR-4
    rules = ShRules.of(options={"chi": False})
    for seed in range(10):
        hand = play_hand(random.Random(seed), rules=rules)
        assert not any(e["type"] == "chi" for e in hand["events"])
        out = adjudicate_data(document(hand, ruleset={"options": {"chi": False}}))["hands"][0]
        assert not any(r["rule"].startswith("SH-IRR") or r["rule"] == "SH-ZH-1" for r in out["rulings"])
    assert any(e["type"] == "chi" for s in range(10) for e in play_hand(random.Random(s))["events"])


def test_the_same_hand_rules_the_same_twice():
    doc = document(play_hand(random.Random(5)))
    assert adjudicate_data(doc) == adjudicate_data(doc)


def test_every_mutated_shanghai_document_is_ruled_or_rejected_at_a_place():
    from tests.mutations import all_ruled_or_rejected

    all_ruled_or_rejected("shanghai", 400, seed=23, most_rejected=0.95)
