"""Properties of legal Hong Kong hands (rulesbook.hk.selfplay) and of edited copies of them.

* any legal hand rules with no finding (a 包 listed at its claim, HK-BAO-9, is no finding of
  fault), sums to zero, conserves the 144 tiles and gives the same ruling twice, under each preset;
* the mutation property (as tw16's, tests/test_mutated_documents.py): randomly edited copies are
  each either ruled (summing to zero, the same ruling twice) or rejected with an ``InputError`` at
  a place in the hand, never another exception.
"""
from collections import Counter

import pytest

from api.documents.loader import load_document
from referee.tiles import N_KINDS
from rulesbook import hk
from rulesbook.hk.options import HkRules
from rulesbook.hk.selfplay import document, play_hand
from rulesbook.hk.table import replay
from tests.mutations import documents, verdict

RULESETS = [{"base": 1}, {"preset": "casual", "base": 3}, {"preset": "tournament", "base": 2},
            {"base": 2, "options": {"payment": "half", "multiple_winners": "all"}},
            {"base": 1, "options": {"flowers": False}}]


def _hands(ruleset: dict, n: int, seed: int):
    rules = HkRules.of(ruleset.get("preset"), ruleset.get("options"), None, ruleset["base"])
    for k in range(n):
        yield document(play_hand(seed * 1000 + k, rules=rules), ruleset=ruleset)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.get("preset") or str(r.get("options", "club")))
def test_legal_hands_rule_cleanly(ruleset):
    results = Counter()
    for data in _hands(ruleset, 16, seed=len(str(ruleset))):
        doc = load_document(data)
        ruling = hk.adjudicate(doc)
        hand = ruling["hands"][0]
        results[hand["result"]] += 1
        faults = [r for r in hand["rulings"] if not r["rule"].startswith("HK-BAO-")]
        assert faults == [] and hand["missing"] == [], (data, faults)
        assert hand["result"] in ("win", "exhaustive_draw")
        assert sum(hand["net"].values()) == 0 and hand["penalties"] == []
        assert all(isinstance(p["amount"], int) and p["amount"] > 0 for p in hand["payments"])
        assert hk.adjudicate(doc) == ruling  # the same log, the same ruling
        _conserved(doc, ruleset)
    assert results["win"] >= 2, results


def _conserved(doc, ruleset: dict) -> None:
    """Every tile is somewhere: hands, melds, flowers, rivers (claimed tiles are in melds), the
    drawable wall and the 14-tile tail."""
    rules = HkRules.of(ruleset.get("preset"), ruleset.get("options"), None, ruleset["base"])
    record = doc.hands[0]
    table = replay(doc.players, record.dealer, record.events, rules.options)
    total = 144 if rules.options.flowers else 136
    held = sum(ps.concealed_count + sum(len(m.tiles) for m in ps.melds) + len(ps.flowers) + len(ps.river)
               for ps in table.p.values())
    assert held + table.wall_left + 14 == total
    for ps in table.p.values():
        assert all(0 <= c <= 4 for c in ps.counts[:N_KINDS])


def _verdict(k: int, data: dict) -> str:
    return verdict(load_document, hk.adjudicate, data, f"mutated hk document {k}")


def test_every_mutated_hk_document_is_ruled_or_rejected_at_a_place():
    count = 600
    seen = Counter(_verdict(k, data) for k, data in enumerate(documents(count, seed=22, cut=0.7,
                                                                        variant="hk")))
    assert sum(seen.values()) == count
    assert count // 10 < seen["rejected"] < count - count // 10, seen
    assert seen["false_win"] >= 2 and seen["win"] >= 2, seen  # edits reach the judgement of declarations


def test_a_self_played_game_follows_the_deal_from_hand_to_hand():  # HK-FLOW-10, 11, 12
    from rulesbook.hk.selfplay import play_game

    data = play_game(5, n_hands=10)
    ruling = hk.adjudicate(load_document(data))
    assert not any(r["rule"] == "HK-FLOW-12" for h in ruling["hands"] for r in h["rulings"])
    assert sum(ruling["net"].values()) == 0
    for before, after in zip(ruling["hands"], data["hands"][1:]):
        assert before["next"]["dealer"] == after["dealer"] and before["next"]["streak"] == after["streak"]
        assert before["next"]["round_wind"] == after["round_wind"]
    data["hands"][3]["streak"] += 1  # near miss made a miss: a wrong streak is HK-FLOW-12
    ruling = hk.adjudicate(load_document(data))
    assert ruling["hands"][3]["rulings"][0]["rule"] == "HK-FLOW-12"


def test_the_fast_loader_builds_hk_documents_as_the_schema_does():
    """Generated, edited and hand-written hk documents: the fast loader takes every valid one and
    builds what the schema builds, and refuses what the schema refuses (tests/test_fastload.py)."""
    import json
    from pathlib import Path

    from tests.test_fastload import agree

    valid = [document(play_hand(k)) for k in range(6)]
    valid += [json.loads(p.read_text(encoding="utf-8"))
              for p in sorted((Path(__file__).parent.parent / "examples").glob("hk-*.json"))
              if not p.name.endswith(".ruling.json")]
    for data in valid:
        assert agree(data) is not None
    edited = documents(300, seed=7, cut=0.5, variant="hk")
    taken = sum(agree(data) is not None for data in edited)
    assert 0 < taken < len(edited)
    d = valid[-1]
    d["hand"]["events"][0]["liabilities"] = [{"clause": "HK-BAO-2", "liable": "A", "covered": "C"}]
    d["hand"]["events"][0]["status"] = {"C": {"passed": {"tiles": ["3p"]}}, "D": {"passed": True, "dead_hand": False}}
    assert agree(d) is not None
    d["ruleset"] = {"preset": "tournament", "base": 3, "options": {"payment": "half"}, "fan_table": {"HK-FAN-34": 3}}
    assert agree(d) is not None
    d["ruleset"]["options"]["min_fan"] = 0  # half pay, min_fan 0 and an odd base: refused (HK-PAY-7)
    assert agree(d) is None
