"""The JSON reader's depth check from the text (``api.documents.jsonvalues._shallow_text``): it answers
"shallow" only where the decoded value is, and where no string holds a bracket it answers as the
walk of the value (``_shallow``) does. The refusals themselves, at their paths, are
tests/test_limits.py's."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from api.documents.jsonvalues import JsonError, _shallow, _shallow_text, decode_json
from api.limits import MAX_DEPTH

#: strings made of what a depth count from the text could trip on
STRINGS = st.text(alphabet='[]{}"\\/ab\u00e9\u4e00\U0001f600', max_size=6)


def _nested(depth: int, leaf: object = 0) -> object:
    for level in range(depth):
        leaf = [leaf] if level % 2 else {"k": leaf}
    return leaf


def _values() -> st.SearchStrategy:
    scalars = st.one_of(st.none(), st.booleans(), st.integers(), STRINGS)
    tree = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                         st.dictionaries(STRINGS, inner, max_size=3)),
                        max_leaves=12)
    # a value at some depth around the limit, inside a few siblings
    return st.builds(lambda value, depth, before, after: [*before, _nested(depth, value), *after],
                     tree, st.sampled_from([0, 1, 5, MAX_DEPTH - 3, MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 2]),
                     st.lists(tree, max_size=2), st.lists(tree, max_size=2))


def _brackets_in_strings(value: object) -> bool:
    if isinstance(value, str):
        return any(c in value for c in "[]{}")
    if isinstance(value, dict):
        return any(_brackets_in_strings(k) or _brackets_in_strings(v) for k, v in value.items())
    if isinstance(value, list):
        return any(map(_brackets_in_strings, value))
    return False


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(_values(), st.booleans())
def test_the_text_is_called_shallow_only_where_the_value_is(value, ascii_only):
    text = json.dumps(value, ensure_ascii=ascii_only)
    shallow = _shallow(value)
    from_text = _shallow_text(text.encode("utf-8", "surrogatepass"))
    assert shallow or not from_text
    if not _brackets_in_strings(value):
        assert from_text == shallow


def _fooling(depth: int) -> str:
    """Nested arrays each led by the string "]" and closed after the string "[": their brackets
    alone, strings taken for structure, would nest one level."""
    text = "0"
    for _ in range(depth):
        text = f'["]", {text}, "["]'
    return text


@pytest.mark.parametrize("text, shallow", [
    pytest.param("[" * MAX_DEPTH + "]" * MAX_DEPTH, True, id="64-levels"),
    pytest.param("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), False, id="65-levels"),
    pytest.param('{"a": "x"}', True, id="flat"),
    pytest.param('"[[["', False, id="a-bracket-in-a-string"),  # cannot tell: the walk decides
    pytest.param(_fooling(MAX_DEPTH + 1), False, id="strings-of-brackets"),
    pytest.param('["\\\\", ["\\"[\\\\"]]', False, id="escaped-quote-before-a-bracket"),
    pytest.param('["\\\\", ["\\"\\\\"]]', True, id="escaped-quote-and-backslash"),
    pytest.param('["\\\\\\"", {"\\\\": []}]', True, id="escaped-backslash-then-quote"),
    pytest.param('["\u4e00\U0001f600", {"\\u005b": []}]', True, id="unicode-and-escaped-bracket"),
])
def test_the_depth_read_from_the_text(text, shallow):
    json.loads(text)  # valid JSON, each of them
    assert _shallow_text(text.encode("utf-8")) is shallow


def test_brackets_in_strings_do_not_hide_the_depth():
    """A document nested too deeply whose strings would, counted as brackets, make it look flat
    is refused as the plain one is: at the deepest container's path."""
    with pytest.raises(JsonError) as info:
        decode_json(_fooling(MAX_DEPTH + 1).encode())
    assert info.value.errors == {"[1]" * MAX_DEPTH: [f"JSON nested deeper than {MAX_DEPTH} levels"]}
    assert decode_json(_fooling(MAX_DEPTH).encode()) == json.loads(_fooling(MAX_DEPTH))


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-32"])
def test_the_depth_is_read_in_every_encoding(encoding):
    deep, limit = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "[" * MAX_DEPTH + "]" * MAX_DEPTH
    with pytest.raises(JsonError):
        decode_json(deep.encode(encoding))
    assert decode_json(limit.encode(encoding)) == json.loads(limit)
