"""riichi ``ruleset.options`` bounded as the other variants' maps are (RulebookMap's key and entry
bounds), in riichi's terms: an option's name or text at most ``MAX_ID_LENGTH`` characters, points
written in a text (``chombo: "final:N"``, RJ-IRR-0) at most ``MAX_MONEY`` (a riichi score's bound;
tw16's tai bound would refuse ``final:8000``), a list option no longer than its choices, refused
before its items are looked at. Each at its limit loads; one past it is refused at its path, in
both loaders (the fast one and the schema's)."""
from __future__ import annotations

import pytest

from api import limits
from api.documents.loader import load_document
from referee.errors import InputError
from tests.riichikit import Hand
from tests.test_limits import Untouchable

ID, MONEY = limits.MAX_ID_LENGTH, limits.MAX_MONEY


def _doc(options: dict) -> dict:
    doc = Hand({"A": "123406789m1155p", "B": "234567m234p5567s", "C": "1111z258m258p258s",
                "D": "77z135m130p130s99s"}).doc()
    doc["ruleset"]["options"] = options
    return doc


def _errors(options: dict) -> dict:
    with pytest.raises(InputError) as info:
        load_document(_doc(options))
    return info.value.errors


@pytest.mark.parametrize("options", [
    pytest.param({"chombo": f"final:{MONEY}"}, id="points-at-the-limit"),
    pytest.param({"chombo": "final:20000"}, id="ema-chombo"),  # 8000-point values: no tai bound
    pytest.param({"chombo": "final:" + "0" * (ID - 7) + "1"}, id="text-of-64"),
    pytest.param({"pao": ["daisangen", "daisuushi", "suukantsu"]}, id="list-of-its-choices"),
])
def test_a_riichi_option_at_its_limit_loads(options):
    assert load_document(_doc(options)).ruleset.options == options


@pytest.mark.parametrize("options, path, reason", [
    pytest.param({"chombo": f"final:{MONEY + 1}"}, "ruleset.options.chombo",
                 f"must be at most {MONEY:,} points, not {MONEY + 1}", id="points"),
    pytest.param({"chombo": "final:" + "9" * 5000}, "ruleset.options.chombo",
                 f"must be at most {ID} characters, not 5,006", id="digits"),
    pytest.param({"chombo": "final:" + "0" * (ID - 6) + "1"}, "ruleset.options.chombo",
                 f"must be at most {ID} characters, not {ID + 1}", id="text"),
    pytest.param({"x" * (ID + 1): True}, "ruleset.options." + "x" * (ID + 1),
                 f"must be at most {ID} characters, not {ID + 1}", id="name"),
    pytest.param({"pao": ["daisangen"] * 4}, "ruleset.options.pao",
                 "must list at most 3 values (each of its choices once), not 4", id="list"),
])
def test_one_past_a_riichi_option_limit_is_refused_at_its_path(options, path, reason):
    errors = _errors(options)
    assert list(errors) == [path] and errors[path][0].startswith(reason), errors


def test_a_name_of_64_characters_is_only_unknown():  # the near miss of the name's bound
    errors = _errors({"x" * ID: True})
    assert errors["ruleset.options." + "x" * ID][0].startswith("unknown option")


def test_a_list_option_past_its_choices_is_refused_before_its_items():
    errors = _errors({"abortive_draws": Untouchable(["kyuushu"] * 10_000)})
    assert errors["ruleset.options.abortive_draws"][0].startswith("must list at most")
