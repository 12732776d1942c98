"""Every document the loader accepts is ruled (issue 10, item 3; TW-ZH-1, TW-XP-4): randomly edited
copies of generated valid hands (``tests.mutations``: a wrong ``how``, a tile from a meld, a flower,
a tile not held, a win out of turn, a claim of a tile long gone, a call naming an old discard) are
each either ruled (summing to zero, the same ruling twice) or rejected with an ``InputError`` that
names a place in the hand, never another exception.

The count is fixed (deterministic seeds); the time it takes is measured by running this file alone
(see the closing note of issue 10), never asserted.
"""
from collections import Counter

from api.documents.loader import load_document
from rulesbook import tw16
from tests.mutations import documents, verdict

COUNT, SEED = 5000, 10
#: the share of one-hand documents whose record stops a few events after the edit (shorter, and
#: fewer made impossible by the play recorded after the edit)
CUT = 0.7


def _verdict(k: int, data: dict) -> str:
    """'rejected', or the result of the last hand ruled (``tests.mutations.verdict``)."""
    return verdict(load_document, tw16.adjudicate, data, f"mutated document {k} (seed {SEED})")


def test_zh1_every_mutated_document_is_ruled_or_rejected_at_a_place():
    seen = Counter(_verdict(k, data) for k, data in enumerate(documents(COUNT, seed=SEED, cut=CUT)))
    assert sum(seen.values()) == COUNT
    # both outcomes occur in numbers, and the edits reach the rulebook's judgement of declarations
    assert COUNT // 10 < seen["rejected"] < COUNT - COUNT // 10, seen
    assert seen["false_win"] + seen["penalty"] >= 20, seen
