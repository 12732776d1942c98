"""Property: every valid example document of every variant (examples/, tests/cases), with any value
at any JSON path replaced by a hostile one (a wrong type, a huge or negative number, a unicode
digit or lookalike tile, NaN/Infinity, a deep list, an unknown player), dropped, or a list item
repeated, is either ruled (each hand's net and the whole net sum to zero, every payment a positive
integer) or refused as an ``InputError`` whose every path is a string and every reason a non-empty
string; never another exception. The HTTP API answers the same documents with 200 or a 4xx in
the error envelope, never a 500 (the brief "hostile documents and records")."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.documents.documents import adjudicate_data
from referee.errors import InputError
from tests.servicekit import make_app, role_headers, store_of

ROOT = Path(__file__).resolve().parent.parent


def _documents() -> list[dict]:
    out = []
    for path in sorted((ROOT / "examples").glob("*.json")) + sorted((ROOT / "tests" / "cases").glob("*.json")):
        if path.name.endswith(".ruling.json"):
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        data = data.get("document", data)
        if isinstance(data, dict) and "variant" in data:
            out.append(data)
    return out


DOCUMENTS = _documents()
VARIANTS = {d["variant"] for d in DOCUMENTS}
HOSTILE = st.one_of(
    st.sampled_from([None, True, False, 0, -1, 1.5, 2**63, -(10**30), 10**400 // 10**390, "", "x",
                     "１m", "４p", "٣s", "𝟒p", "4p\u200b", "🀜\ufe0f", "0m", "10m", "1M", "Z", "referee",
                     [], {}, [[]], [{}], {"A": []}, [None], float("nan"), float("inf"), -0.0]),
    st.integers(), st.text(max_size=6), st.lists(st.sampled_from(["1m", "5z", "8f", "A", 3]), max_size=6),
    st.recursive(st.none(), lambda inner: st.lists(inner, max_size=2), max_leaves=70),
)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, path + (i,))


@st.composite
def hostile_documents(draw) -> dict:
    doc = copy.deepcopy(draw(st.sampled_from(DOCUMENTS)))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(doc))[1:]
        path = draw(st.sampled_from(paths))
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        how = draw(st.sampled_from(("replace", "replace", "drop", "repeat")))
        if how == "replace":
            parent[path[-1]] = draw(HOSTILE)
        elif how == "drop":
            del parent[path[-1]]
        elif isinstance(parent, list):
            parent.insert(path[-1], copy.deepcopy(parent[path[-1]]))
    return doc


def _ruled_or_refused(doc: dict) -> str:
    try:
        ruling = adjudicate_data(doc)
    except InputError as err:
        assert err.errors and all(isinstance(p, str) for p in err.errors), err.errors
        assert all(r and isinstance(r, str) for reasons in err.errors.values() for r in reasons), err.errors
        return "refused"
    for hand in ruling.get("hands", []):
        assert sum(hand["net"].values()) == 0, hand
        assert all(isinstance(p["amount"], int) and p["amount"] > 0 for p in hand["payments"]), hand
    assert sum(ruling["net"].values()) == 0
    return "ruled"


def test_the_examples_cover_every_variant_but_riichi():
    assert VARIANTS >= {"tw16", "hk", "guangdong", "wuhan", "sichuan", "shanghai"}, VARIANTS


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.data_too_large])
@given(hostile_documents())
def test_a_hostile_edit_of_an_example_is_ruled_or_refused_at_a_place(doc):
    _ruled_or_refused(doc)


@pytest.fixture(scope="module")
def http(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("props") / "api.db")
    yield app.test_client(), role_headers(store_of(app))
    store_of(app).close()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.data_too_large])
@given(doc=hostile_documents())
def test_a_hostile_edit_is_200_or_a_4xx_envelope_over_http(http, doc):
    client, keys = http
    body = json.dumps(doc, allow_nan=True).encode()  # NaN and Infinity as a careless writer sends them
    answer = client.post("/v1/rulings", data=body, headers={**keys["referee"], "Content-Type": "application/json"})
    assert answer.status_code == 200 or 400 <= answer.status_code < 500, answer.get_json()
    if answer.status_code != 200:
        assert set(answer.get_json()) == {"code", "status", "message", "errors"}, answer.get_json()
