"""``referee cut`` for ``wuhan`` (RULEBOOK_WH §10's ``state``): a hand cut at event N rules as the
whole, indices shifted: the indicator, single kongs and thrown tiles (``laid``), the 海底 draws
(``haidi``) carried into the ``state``; what it cannot hold is refused at ``at``."""
import pytest

from api.documents.documents import cut_data
from referee.errors import InputError

from .test_cut import same_as_whole
from .test_wh_money import EXAMPLE
from .test_wh_properties import random_hand


def test_the_section_10_example_cut_rules_as_the_whole():
    for at in (1, 2):
        same_as_whole(EXAMPLE, at)
    assert cut_data(EXAMPLE, 1)["hand"]["events"][0]["laid"] == {"D": ["8s"]}


@pytest.mark.parametrize("seed", [0, 3, 10])
def test_random_hands_cut_at_every_event(seed):
    data = random_hand(seed)
    n = len(data["hand"]["events"])
    cut = refused = 0
    for at in range(1, n):
        try:
            piece = same_as_whole(data, at)
        except InputError as err:
            assert set(err.errors) == {"at"}, err.errors
            refused += 1
            continue
        cut += 1
        state = piece["hand"]["events"][0]
        assert "indicator" in state and all(t not in ("7z",) for r in state.get("discards", {}).values() for t in r)
    assert cut > n // 2  # most moments after the first go-round can be cut
