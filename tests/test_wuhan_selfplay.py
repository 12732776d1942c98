"""Properties of legal Wuhan hands (``rulesbook.wuhan.selfplay``): every self-played hand is ruled
without error, as played: a hand that ends in a declared win rules as a win of that player with no
finding (the bots declare only valid wins, lay out and throw only what may be, claim only what may
be claimed), a 荒庄 as a 荒庄; every settlement sums to zero; a win is paid by all three (WH-PAY-1),
each share its raw share H × M_W × M_L under the cap or 金顶 or a 承包; games carry the deal
(WH-FLOW-6/7) with no WH-FLOW-8 finding. And randomly edited copies (``tests.mutations``) are each
ruled or rejected at a place in the hand, never an internal error."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from api.documents.documents import adjudicate_data
from api.documents.loader import load_document
from rulesbook import wuhan
from rulesbook.wuhan.options import PRESETS, WhRules
from rulesbook.wuhan.selfplay import document, play_game, play_hand
from tests.mutations import documents, verdict

N_HANDS = 40


def _checked(hand: dict, ruleset: dict) -> dict:
    out = adjudicate_data(document(hand, ruleset=ruleset))["hands"][0]
    assert sum(out["net"].values()) == 0
    events = hand["events"]
    assert events[1]["type"] == "indicator" and sum(e["type"] == "indicator" for e in events) == 1
    last = events[-1]
    if last["type"] == "win":
        assert out["result"] == "win" and [w["player"] for w in out["winners"]] == [last["player"]]
        assert out["rulings"] == [] or {r["rule"] for r in out["rulings"]} <= {"WH-CB-1", "WH-CB-2", "WH-CB-3"}
        w = out["winners"][0]
        shares = [p for p in out["payments"] if p["rule"] == "WH-PAY-1"]
        assert len(shares) == 3 and all(p["to"] == w["player"] for p in shares)
        base = ruleset.get("base", 1)
        for p in shares:  # the share is its raw share, unless a cap or 金顶 set it (WH-PAY-1…4)
            m = Fraction(1)
            for f in p["factors"]:
                m *= Fraction(str(f["x"]))
            assert Fraction(str(p["raw"])) == Fraction(str(w["value"])) * Fraction(str(w["factor"])) * m
            if p["cap"] is None:
                assert p["amount"] == base * int(Fraction(str(p["raw"])))
    else:
        assert last["type"] == "exhaustive_draw"
        assert out["result"] == "exhaustive_draw" and set(out["net"].values()) == {0}
        assert out["rulings"] == []
    return out


@pytest.mark.parametrize("seed", range(N_HANDS))
def test_a_self_played_hand_rules_as_played(seed):
    _checked(play_hand(random.Random(seed)), {"base": 3})


@pytest.mark.parametrize("preset", list(PRESETS))
def test_both_presets_self_play(preset):
    results = Counter()
    for seed in range(12):
        hand = play_hand(random.Random(100 + seed), rules=WhRules.of(preset))
        results[_checked(hand, {"preset": preset, "base": 1})["result"]] += 1
    assert sum(results.values()) == 12


OPTIONS = [
    {"cap_scale": "hand_base", "liable_cap_mode": "total"},
    {"liable_cap_mode": "normal", "quanqiuren_bao": "not_ready", "third_feed_covers": "flush_and_jiang"},
    {"laizi_self_is_hard": False, "special_self_draw": False, "special_discard": "plain"},
    {"max_wild_small": None, "max_wild_big": 1, "pair_258": False},
    {"must_open": False, "cap": 100, "jin_ding": 150, "liable_cap": 120, "dealer_rotation": "next_seat"},
    {"pi_kong": "single"},  # the 皮 laid out alone like 红中 (WH-LZ-2, WH-FAN-7.single)
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o))
def test_self_play_under_a_clubs_options(options):
    """The bots declare by the club's options (``rules``), so every hand still rules as played."""
    for seed in range(8):
        hand = play_hand(random.Random(200 + seed), rules=WhRules.of(None, options))
        _checked(hand, {"base": 2, "options": options})


def test_the_generator_plays_what_is_wuhans():
    """Over many hands: single kongs of 红中 and the 癞子, thrown ones, wins of each kind, the 海底
    phase (four draws with no discard between them) and 荒庄 all occur."""
    seen = Counter()
    for seed in range(60):
        events = play_hand(random.Random(seed))["events"]
        wild = None
        for k, e in enumerate(events):
            if e["type"] == "indicator":
                from rulesbook.wuhan.table import LAIZI_OF
                from referee.tiles import code, parse_tile
                wild = code(LAIZI_OF[parse_tile(e["tile"])])
            if e["type"] == "single_kong":
                seen["single " + ("红中" if e["tile"] == "7z" else "癞子")] += 1
                assert e["tile"] in ("7z", wild) and events[k + 1]["type"] == "draw"
                assert events[k + 1].get("from") == "back"
            if e["type"] == "discard" and e["tile"] in ("7z", wild):
                seen["thrown"] += 1
                assert events[k + 1]["type"] not in ("chi", "pon", "kong", "win")
            if e["type"] == "win":
                seen[e["how"]] += 1
        if events[-1]["type"] == "exhaustive_draw":
            seen["荒庄"] += 1
            assert [e["type"] for e in events[-5:-1]] == ["draw"] * 4  # the 海底 draws
    for what in ("single 红中", "single 癞子", "thrown", "self_draw", "discard", "荒庄"):
        assert seen[what] > 0, seen


def test_a_game_carries_the_deal():
    game = play_game(random.Random(7), n_hands=6)
    out = adjudicate_data(game)
    assert not any(r["rule"] == "WH-FLOW-8" for h in out["hands"] for r in h["rulings"])
    assert sum(out["net"].values()) == 0
    for hand, ruled in zip(game["hands"][1:], out["hands"]):
        assert (hand["dealer"], hand["streak"]) == (ruled["next"]["dealer"], ruled["next"]["streak"])


COUNT, SEED = 300, 24


def test_mutated_wuhan_documents_are_ruled_or_rejected_at_a_place():
    """A few hundred edited copies here; benchmarks/wuhan_mutations.py runs 20,000."""
    seen = Counter(verdict(load_document, wuhan.adjudicate, data, f"mutated wuhan document {k}")
                   for k, data in enumerate(documents(COUNT, seed=SEED, cut=0.7, variant="wuhan")))
    assert sum(seen.values()) == COUNT
    assert COUNT // 10 < seen["rejected"] < COUNT - COUNT // 10, seen
    assert seen["false_win"] >= 5, seen
