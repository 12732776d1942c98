"""Scenario files: tests/cases/*.json, each a whole document and the ruling it must get.

A case is ``{"description": …, "document": {…}, "expect": {…}}``. ``expect`` is compared with the
ruling as a pattern: every key it names must be there with the same value (dicts recursively, lists
element by element and of the same length); keys it leaves out are not checked. An ``expect`` of
``{"error": {path: fragment}}`` says the document must be rejected with that path. A case with an
``xfail`` (the reason) states the ruling the rulebook demands where the engine does not yet give it:
it is expected to fail, strictly (once the engine is fixed, the key is removed).
"""
import json
from pathlib import Path

import pytest

from referee.errors import InputError
from tests.tablekit import rule

CASES = sorted((Path(__file__).parent / "cases").glob("*.json"))


def _param(path: Path):
    reason = json.loads(path.read_text(encoding="utf-8")).get("xfail")
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(path, id=path.stem, marks=marks)


def matches(expected, actual, where="ruling"):
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{where}.{key} is missing"
            matches(value, actual[key], f"{where}.{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), \
            f"{where}: expected {len(expected)} items, got {actual!r}"
        for k, (e, a) in enumerate(zip(expected, actual)):
            matches(e, a, f"{where}[{k}]")
    else:
        assert expected == actual, f"{where}: expected {expected!r}, got {actual!r}"


@pytest.mark.parametrize("path", [_param(p) for p in CASES])
def test_case(path):
    case = json.loads(path.read_text(encoding="utf-8"))
    expect = case["expect"]
    if "error" in expect:
        with pytest.raises(InputError) as exc:
            rule(case["document"])
        for where, fragment in expect["error"].items():
            assert where in exc.value.errors, exc.value.errors
            assert any(fragment in m for m in exc.value.errors[where]), exc.value.errors
        return
    ruling = rule(case["document"])
    matches(expect, ruling)
    assert rule(case["document"]) == ruling  # the same log always gives the same ruling


def test_there_are_cases():
    assert len(CASES) >= 10
