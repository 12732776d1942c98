"""The fast loader (api.fastload) builds what the schemas build, and takes nothing they refuse."""
from __future__ import annotations

import pytest

from api.loader import load_document
from referee.errors import InputError


# --- found by the edits ----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", [{}, [], ["tenhou"], 7, None])
def test_a_riichi_preset_that_is_no_name_is_refused_at_its_path(preset):
    """A preset given as an object or an array was an internal error (an unhashable lookup in
    ``rulesbook.riichi.options.preset_error``); it is refused at ``ruleset.preset``."""
    data = {"format": "mjref/1", "variant": "riichi", "players": ["P0", "P1", "P2", "P3"],
            "ruleset": {"preset": preset}, "hand": {"dealer": "P0", "events": [{"type": "end"}]}}
    with pytest.raises(InputError) as info:
        load_document(data)
    assert list(info.value.errors) == ["ruleset.preset"]
    assert load_document({**data, "ruleset": {"preset": "mleague"}}).ruleset.preset == "mleague"
