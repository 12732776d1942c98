"""Every document the loader accepts is ruled (issue 10, item 3; TW-ZH-1, TW-XP-4): randomly edited
copies of generated valid hands (``tests.mutations``: a wrong ``how``, a tile from a meld, a flower,
a tile not held, a win out of turn, a claim of a tile long gone, a call naming an old discard) are
each either ruled (summing to zero, the same ruling twice) or rejected with an ``InputError`` that
names a place in the hand, never another exception.

The count is fixed (deterministic seeds); the time it takes is measured by running this file alone
(see the closing note of issue 10), never asserted.
"""
from collections import Counter

import pytest

from api.documents.loader import load_document
from referee.errors import InputError
from rulesbook import tw16
from tests.mutations import documents

COUNT, SEED = 5000, 10
#: the share of one-hand documents whose record stops a few events after the edit (shorter, and
#: fewer made impossible by the play recorded after the edit)
CUT = 0.7


def _verdict(k: int, data: dict) -> str:
    """'rejected', or the result of the last hand ruled; any other exception fails the test, naming
    the document."""
    try:
        document = load_document(data)
        ruling = tw16.adjudicate(document)
    except InputError as err:
        assert err.errors and all(path.startswith(("hand.", "hands[")) for path in err.errors), err.errors
        return "rejected"
    except Exception as err:  # an internal error
        pytest.fail(f"mutated document {k} (seed {SEED}): {type(err).__name__}: {err}")
    for hand in ruling["hands"]:
        assert sum(hand["net"].values()) == 0, hand
        assert all(isinstance(p["amount"], int) and p["amount"] > 0 for p in hand["payments"]), hand
        assert all(f["player"] is not None for f in hand["rulings"]), hand  # every ruling names a player
    assert sum(ruling["net"].values()) == 0
    assert tw16.adjudicate(document) == ruling  # the same log always gives the same ruling
    return ruling["hands"][-1]["result"]


def test_zh1_every_mutated_document_is_ruled_or_rejected_at_a_place():
    seen = Counter(_verdict(k, data) for k, data in enumerate(documents(COUNT, seed=SEED, cut=CUT)))
    assert sum(seen.values()) == COUNT
    # both outcomes occur in numbers, and the edits reach the rulebook's judgement of declarations
    assert COUNT // 10 < seen["rejected"] < COUNT - COUNT // 10, seen
    assert seen["false_win"] + seen["penalty"] >= 20, seen
