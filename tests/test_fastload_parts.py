"""The fast loader's parts (see tests/test_fastload.py for the whole documents): events built
without their frozen ``__init__``, the compact tile strings, and what the edits found."""
from __future__ import annotations

from typing import Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from api.documents.fastload_readers import _blank, _compact
from api.documents.loader import load_document
from referee.errors import InputError
from referee.tiles import CODE_INDEX, RED_INDEX, TileError, parse_compact
from tests.test_fastload import _tw16, agree, by_schema, fast

# --- events built without their __init__ ------------------------------------------------------------


@pytest.mark.parametrize("event", [
    pytest.param({"type": "draw", "player": "A", "tile": "1m"}, id="draw"),
    pytest.param({"type": "discard", "player": "B", "tile": "E"}, id="discard"),
    pytest.param({"type": "flower", "player": "C", "tile": "1f"}, id="flower"),
    pytest.param({"type": "draw", "player": "D", "tile": "1m", "from": "back"}, id="draw-from"),
    pytest.param({"type": "draw", "player": "D", "tile": "1m", "t": 7}, id="draw-t"),
    pytest.param({"type": "discard", "player": "D", "tile": "1m", "from_meld": True}, id="discard-from-meld"),
    pytest.param({"type": "pon", "player": "A", "tile": "1m", "with": "11m", "t": 5}, id="pon"),
    pytest.param({"type": "win", "player": "A", "how": "discard", "from": "B"}, id="win"),
])
def test_an_event_built_without_its_init_is_the_one_init_builds(event):
    (built,) = agree(_tw16(event)).hands[0].events  # type: ignore[union-attr]
    assert list(vars(built).items()) == list(vars(by_schema(_tw16(event)).hands[0].events[0]).items())


@pytest.mark.parametrize("event, path", [
    pytest.param({"type": "draw", "player": "A", "t": 5}, "hand.events[0].tile", id="three-fields-no-tile"),
    pytest.param({"type": "discard", "tile": "1m", "t": 5}, "hand.events[0].player", id="three-fields-no-player"),
    pytest.param({"type": "draw", "player": "X", "tile": "1m"}, "hand.events[0].player", id="not-seated"),
    pytest.param({"type": "draw", "player": "A", "from": "back", "t": 5}, "hand.events[0].tile",
                 id="four-fields-no-tile"),
    pytest.param({"type": "draw", "player": "A", "tile": "1m", "from": "claim"}, "hand.events[0].from",
                 id="from-a-claim"),
    pytest.param({"type": "draw", "player": "X", "tile": "1m", "from": "wall"}, "hand.events[0].player",
                 id="four-fields-not-seated"),
    pytest.param({"type": "flower", "player": "A", "tile": "1m"}, "hand.events[0].tile", id="not-a-flower"),
    pytest.param({"type": "discard", "player": "A", "tile": "0m"}, "hand.events[0].tile", id="unknown-tile"),
])
def test_a_draw_or_discard_not_valid_falls_to_the_schema(event, path):
    """The shortest way (three fields, ``player`` and ``tile``; a draw's ``from`` the fourth)
    refuses what is not that: the schema names the fault."""
    assert agree(_tw16(event)) is None
    assert list(by_schema(_tw16(event)).errors) == [path]  # type: ignore[union-attr]


def test_only_a_class_whose_init_just_sets_its_fields_is_built_without_it():
    from dataclasses import dataclass, field

    @dataclass(frozen=True)
    class Plain:
        a: int
        b: str = "x"

    @dataclass(frozen=True)
    class Checked(Plain):
        def __post_init__(self) -> None:
            pass

    @dataclass(frozen=True)
    class Factory:
        a: int
        b: dict = field(default_factory=dict)

    @dataclass
    class Mutable:
        a: int

    @dataclass(frozen=True, slots=True)
    class Slotted:
        a: int

    assert _blank(Plain, {"a"}) == {"a": None, "b": "x"}
    assert _blank(Plain, set()) is None  # a field without default that is not always given
    assert _blank(Checked, {"a"}) is None and _blank(Factory, {"a"}) is None
    assert _blank(Mutable, {"a"}) is None and _blank(Slotted, {"a"}) is None


# --- the compact tile strings -----------------------------------------------------------------------


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(st.text(alphabet="0123456789mpszf?x٣ M", max_size=24), st.booleans())
def test_compact_strings_are_read_as_parse_compact_reads_them(text, red):
    codes = {**CODE_INDEX, **(RED_INDEX if red else {})}
    try:
        expected: Optional[tuple] = parse_compact(text, red=red)
    except TileError:
        expected = None
    try:
        got: Optional[tuple] = _compact(text, codes)
    except Exception:  # the fast loader's refusal
        got = None
    assert got == expected


@pytest.mark.parametrize("text,red,tiles", [
    ("123m11z??", False, (0, 1, 2, 27, 27, -1, -1)),
    ("550m", True, (4, 4, 42)),
    ("1f8f", False, (34, 41)),
])
def test_compact_strings_read(text, red, tiles):
    codes = {**CODE_INDEX, **(RED_INDEX if red else {})}
    assert _compact(text, codes) == tiles == parse_compact(text, red=red)


@pytest.mark.parametrize("text", ["550m", "1m?m", "m", "12", "1mm", "?1m2", "1x"])
def test_compact_strings_refused(text):
    with pytest.raises(TileError):
        parse_compact(text)
    assert fast({"format": "mjref/1", "variant": "tw16", "players": ["A", "B", "C", "D"],
                 "hand": {"dealer": "A", "events": [{"type": "deal", "hands": {"A": text}}]}}) is None


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
