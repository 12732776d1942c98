"""Issue 32, item 4: every mutated riichi document and every mutated real Tenhou record is ruled or
rejected with a reason at a place, never an internal error (``tests.riichi_mutants``: the records of
``../shared/data`` with random byte and field edits, their hands with random event edits).

The counts are fixed (deterministic seeds); ``python -m benchmarks.mutants`` runs 20,000 of each
through ``referee audit`` and counts the outcomes. The time is measured there, never asserted.
"""
from __future__ import annotations

import json
from collections import Counter

import pytest

from api.audit.audit_items import REJECTED, RULED, SKIPPED, rule_tenhou
from api.documents.loader import load_document
from referee.errors import InputError
from rulesbook import get
from tests.riichi_mutants import documents, mutated_records
from tests.test_tenhou_import import needs_data

pytestmark = needs_data

DOCUMENTS, RECORDS, SEED = 5000, 1500, 32


def _verdict(k: int, data: dict) -> str:
    try:
        document = load_document(data)
        ruling = get("riichi").adjudicate(document)
    except InputError as err:
        assert err.errors, k
        for path, reasons in err.errors.items():
            assert path.startswith(("hand", "ruleset")), (k, err.errors)
            assert reasons and all(isinstance(r, str) and r for r in reasons), (k, err.errors)
        return "rejected"
    except Exception as err:  # an internal error
        pytest.fail(f"mutated document {k} (seed {SEED}): {type(err).__name__}: {err}\n"
                    + json.dumps(data, ensure_ascii=False))
    for hand in ruling["hands"]:
        assert sum(hand["net"].values()) == 0, (k, hand["net"])
        assert all(type(p["amount"]) is int and p["amount"] > 0 for p in hand["payments"]), k
        for finding in hand["rulings"]:
            assert finding["rule"] and finding["decision"] and finding["decision_zh"], (k, finding)
    json.dumps(ruling, ensure_ascii=False, allow_nan=False).encode("utf-8")  # written back out as it is
    return ruling["hands"][-1]["result"]


def test_every_mutated_riichi_document_is_ruled_or_rejected_at_a_place():
    seen = Counter(_verdict(k, data) for k, data in enumerate(documents(DOCUMENTS, seed=SEED)))
    assert sum(seen.values()) == DOCUMENTS
    # both outcomes in numbers, and the edits reach the rulebook's judgement of declarations
    assert DOCUMENTS // 10 < seen["rejected"] < DOCUMENTS - DOCUMENTS // 10, seen
    assert seen["false_win"] >= DOCUMENTS // 50 and seen["win"] >= 20 and seen["penalty"] >= 10, seen


def test_every_mutated_record_is_ruled_rejected_or_skipped_with_a_reason():
    seen: Counter = Counter()
    for k, data in enumerate(mutated_records(RECORDS, seed=SEED)):
        outcome = rule_tenhou(f"mutant {k}", data)  # raises on an internal error: the test fails
        seen[outcome["status"]] += 1
        assert outcome["status"] in (RULED, REJECTED, SKIPPED), outcome
        if outcome["status"] == REJECTED:
            assert all(r for reasons in outcome["errors"].values() for r in reasons), outcome
        # the report can hold it: UTF-8, no number JSON cannot write
        json.dumps(outcome, ensure_ascii=False, allow_nan=False).encode("utf-8")
    assert seen[RULED] >= RECORDS // 20 and seen[REJECTED] >= RECORDS // 2, seen
