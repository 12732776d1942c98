"""Properties of legal Sichuan 血战到底 hands (``rulesbook.sichuan.selfplay``): 108 tiles, 定缺
declared by all four, several wins per hand. Every self-played hand is ruled without error; every
win the bots declare stands (no false win: they declare only valid wins), in the order they were
made, each winner leaving play; every settlement sums to zero; the money of each win is its value V
= B × 2^F as SC-PAY-1 / SC-PAY-2 / SC-PAY-4 say; a game carries the deal as SC-FLOW-9 says; and
edited copies of them are ruled or rejected at a place, never an internal error."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from api.documents.documents import adjudicate_data
from referee.errors import InputError
from rulesbook.sichuan.options import ScRules
from rulesbook.sichuan.selfplay import document, play_game, play_hand, tiles_of

N_HANDS = 60
SUITS = set("mps")


def _wins(hand: dict) -> list[dict]:
    return [e | {"at": i} for i, e in enumerate(hand["events"]) if e["type"] == "win"]


@pytest.mark.parametrize("seed", range(N_HANDS))
def test_a_self_played_hand_rules_as_played(seed):
    hand = play_hand(random.Random(seed))
    events = hand["events"]
    tiles = [t for e in events if e["type"] == "deal" for ts in e["hands"].values() for t in ts]
    tiles += [e["tile"] for e in events if e["type"] == "draw"]
    assert tiles_of(hand) == len(tiles) <= 108 and all(t[1] in SUITS for t in tiles)  # no honour
    assert Counter(tiles).most_common(1)[0][1] <= 4 and "round_wind" not in hand
    declared = [e for e in events if e["type"] == "declare"]
    assert sorted(e["player"] for e in declared) == ["A", "B", "C", "D"]
    assert all(e["what"] == "void_suit" and e["suit"] in SUITS for e in declared)
    assert not any(e["type"] == "chi" for e in events)

    out = adjudicate_data(document(hand, ruleset={"base": 2}))["hands"][0]
    wins = _wins(hand)
    # every declared win stands, in the order made, at its event
    assert [(w["player"], w["at"]) for w in out["winners"]] == [(w["player"], w["at"]) for w in wins]
    assert [w["order"] for w in out["winners"]] == list(range(1, len(wins) + 1))
    assert out["left_play"] == [w["player"] for w in wins]
    assert not any(r["rule"] == "SC-ZH-1" for r in out["rulings"])
    assert out["result"] == ("win" if wins else "exhaustive_draw")
    assert len(wins) <= 3 and (len(wins) == 3) == (events[-1]["type"] == "win")
    assert ("checks" in out) == (events[-1]["type"] == "exhaustive_draw")
    # no event of a player after his win (he has left play)
    for w in wins:
        assert not any(e.get("player") == w["player"] for e in events[w["at"] + 1:])
    # the money of each win: V = B × 2^F (SC-PAY-0), from whom SC-PAY-1/2/4 say
    for w in out["winners"]:
        assert w["value"] == 2 << w["fan_paid"]
        paid = [p for p in out["payments"] if p["to"] == w["player"] and p.get("at") == w["at"]
                and p["rule"].startswith("SC-PAY")]
        if w["how"] == "self_draw":
            in_play = 3 - sum(1 for x in out["winners"] if x["order"] < w["order"])
            assert len(paid) == in_play and all(p["amount"] == w["value"] + 2 for p in paid)  # 自摸加底
        else:
            assert [(p["from"], p["amount"]) for p in paid] == [(w["from"], w["value"])]
    assert all(isinstance(p.get("at"), int) for p in out["payments"])  # SC-PAY-7
    assert sum(out["net"].values()) == 0


def test_several_wins_and_several_winners_on_one_tile_happen():
    """The generator reaches what the properties are about: two and three wins in a hand, and
    several winners on one discard (their wins share the tile and the discarder)."""
    counts: Counter = Counter()
    for seed in range(150):
        wins = _wins(play_hand(random.Random(seed)))
        counts[len(wins)] += 1
        if any(a["at"] + 1 == b["at"] and a.get("from") and a.get("from") == b.get("from")
               for a, b in zip(wins, wins[1:])):
            counts["one tile"] += 1
    assert counts[2] > 10 and counts[3] > 5 and counts["one tile"] >= 1, counts


def test_the_online_preset_self_plays():
    for seed in range(8):
        hand = play_hand(random.Random(seed), rules=ScRules.of("online"))
        out = adjudicate_data(document(hand, ruleset={"preset": "online", "base": 1}))["hands"][0]
        assert not any(r["rule"] == "SC-ZH-1" for r in out["rulings"])
        assert all(w["fan_paid"] <= 6 for w in out["winners"]) and sum(out["net"].values()) == 0


def test_a_game_carries_the_deal():
    """SC-FLOW-9: each hand is dealt by the previous hand's next dealer (no SC-FLOW-10 finding)."""
    game = play_game(random.Random(5), n_hands=8)
    out = adjudicate_data(game)
    assert not any(r["rule"] == "SC-FLOW-10" for h in out["hands"] for r in h["rulings"])
    for before, after in zip(out["hands"], game["hands"][1:]):
        assert before["next"]["dealer"] == after["dealer"] and before["next"]["streak"] == after["streak"]
        assert before["next"]["round_wind"] is None
    assert sum(out["net"].values()) == 0


def test_every_ruling_reads_as_text_and_each_payment_is_explained():
    """The text ruling and ``?explain=true`` over self-played hands, games and edited copies: no
    error, one explanation per payment, each ending with its clause; a win's payment gives its sum."""
    from api.text.text import format_text
    from api.text.text_money import explain
    from tests.mutations import documents

    docs = [document(play_hand(random.Random(s))) for s in range(30)] + [play_game(random.Random(2), 4)]
    docs += documents(150, seed=44, cut=0.5, variant="sichuan")
    said = 0
    for doc in docs:
        try:
            ruling = adjudicate_data(doc)
        except InputError:
            continue
        text = format_text(ruling, doc)
        assert text.startswith("Ruling (sichuan-2026.12") and all(len(line) < 100 for line in text.split("\n"))
        for hand, why in zip(ruling["hands"], explain(ruling, doc)):
            assert len(why["payments"]) == len(hand["payments"])
            for p, reason in zip(hand["payments"], why["payments"]):
                assert reason.endswith(f"({p['rule']})"), (p, reason)
                said += reason.startswith("= V")
    assert said > 50


def test_the_same_hand_for_the_same_seed():
    assert play_hand(random.Random(3)) == play_hand(random.Random(3))


def test_every_mutated_sichuan_document_is_ruled_or_rejected_at_a_place():
    from tests.mutations import verdicts

    count = 400
    seen = verdicts("sichuan", count, seed=31, cut=0.7)
    assert sum(seen.values()) == count
    assert count // 10 < seen["rejected"] < count - count // 10, seen
    assert seen["win"] >= 8 and seen["open"] >= 20, seen
