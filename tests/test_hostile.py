"""Hostile requests to the HTTP app (Flask's test client): the JSON edges answered 400 at their
path, ids and cursors beyond SQLite's range 404/422, one 500 envelope whatever fails, the limits in
the OpenAPI document, issue 15's probes answered small with bounded work; and a bounded fuzz test of
hostile strings, numbers, sizes and nesting that never gets a 5xx, an answer outside the envelope,
an unbounded answer or unbounded work."""
from __future__ import annotations

import copy
import json
import logging
import re

import pytest
from flask import abort
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import fields

from api import limits
from api.http.auth import requires
from api.http.wire import cursor_pattern, encode_cursor
from benchmarks import hostile
from tests.servicekit import EXAMPLE, example, make_app, role_headers, store_of
from tests.test_schemas import _positions

ENVELOPE = {"code", "status", "message", "errors"}
ERROR_ANSWER = 64 * 1024  # an error answer, whatever the request: 100 errors of bounded size
MEGABYTE = 1024 * 1024


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("hostile") / "api.db")
    yield app
    store_of(app).close()


@pytest.fixture(scope="module")
def keys(app):
    return role_headers(store_of(app))


@pytest.fixture(scope="module")
def client(app):
    return app.test_client()


@pytest.fixture(scope="module")
def game(client, keys):
    return client.post("/v1/games", json=example(500), headers=keys["referee"]).get_json()


class Work:
    """Counts the values the loaders look at (every marshmallow field's ``deserialize``): work
    measured as a count, not a time."""

    def __init__(self, monkeypatch):
        self.count = 0
        original = fields.Field.deserialize

        def counting(field, *args, **kwargs):
            self.count += 1
            return original(field, *args, **kwargs)

        monkeypatch.setattr(fields.Field, "deserialize", counting)


def answer_of(response) -> dict:
    """The answer as strict UTF-8 JSON; an error's in the one envelope. The table page (``/``,
    ``/games/<id>``) and its static files are the only answers that are not JSON: successes."""
    if response.status_code == 200 and response.mimetype != "application/json":
        assert response.mimetype in ("text/html", "text/css", "text/javascript", "font/woff2",
                                     "text/plain"), response.mimetype
        return {}
    text = response.get_data().decode("utf-8")  # strict: no surrogate can be in it
    body = json.loads(text)
    assert response.status_code < 500, body
    if response.status_code >= 400:
        assert set(body) == ENVELOPE and body["code"] == response.status_code, body
        assert len(response.get_data()) <= ERROR_ANSWER
    return body


def post(client, keys, url: str, body: bytes, role: str = "admin"):
    return client.post(url, data=body, headers={**keys[role], "Content-Type": "application/json"})


# --- the JSON edges --------------------------------------------------------------------------------

EDGES = [
    pytest.param(b'{"format": "mjref/1", "players": ["A", "B", "C", "\\ud800"]}', "players[3]",
                 "lone surrogate (\\ud800)", id="surrogate-player"),
    pytest.param(b'{"format": "mjref/1", "\\udc01": 1}', "\\udc01", "this name holds a lone surrogate",
                 id="surrogate-name"),
    pytest.param(b'{"hand": {"streak": ' + b"9" * 4301 + b"}}", "hand.streak", "4,301 digits",
                 id="integer-too-long"),
    pytest.param(b'{"ruleset": {"base": NaN}}', "ruleset.base", "NaN is not JSON", id="nan"),
    pytest.param(b'{"ruleset": {"base": 1e400}}', "ruleset.base", "not a finite number", id="overflow"),
    pytest.param(b'{"hand": ' + b"[" * 70 + b"]" * 70 + b"}", "hand" + "[0]" * 63,
                 "nested deeper than 64 levels", id="deep"),
    pytest.param(b"[" * 5000 + b"]" * 5000, "", "nested deeper than 64 levels", id="recursion"),
]


@pytest.mark.parametrize("body, path, fragment", EDGES)
@pytest.mark.parametrize("url", ["/v1/rulings", "/v1/keys"])
def test_json_edges_are_400_at_their_path_and_never_echoed(client, keys, url, body, path, fragment):
    answer = answer_of(post(client, keys, url, body))
    assert answer["status"] == "invalid_json" and answer["code"] == 400
    assert any(fragment in reason for reason in answer["errors"][path]), answer
    assert answer["message"].startswith("the body is not JSON the referee can read: ")


def test_a_surrogate_pair_is_a_character_not_an_error(client, keys):
    doc = example(1)
    body = json.dumps(doc).replace('"A"', '"\\ud83c\\udc04"').encode()  # A is 🀄 now
    assert post(client, keys, "/v1/rulings", body).status_code == 200


# --- ids and cursors beyond SQLite's range --------------------------------------------------------

BEYOND = 2**63


@pytest.mark.parametrize("method, url", [
    ("get", "/v1/games/{n}"), ("get", "/v1/games/{n}/rulings"), ("post", "/v1/games/{n}/rulings"),
    ("delete", "/v1/keys/{n}"),
])
def test_ids_beyond_sqlite_are_not_found(client, keys, game, method, url):
    for n, found in ((BEYOND, False), (BEYOND - 1, False), (10**30, False), (game["id"], True)):
        if not found or method != "delete":
            response = getattr(client, method)(url.format(n=n), headers=keys["admin"],
                                               json={"kind": "review", "reason": "x"})
            answer = answer_of(response)
            assert (response.status_code < 300) == found, answer
            if not found:
                assert answer["status"] == "not_found" and str(n) in answer["message"]


def test_a_revision_to_rebase_beyond_sqlite_is_422(client, keys, game):
    answer = answer_of(client.post(f"/v1/games/{game['id']}/rulings", headers=keys["referee"],
                                   json={"kind": "review", "reason": "x", "base_revision": BEYOND}))
    assert answer["status"] == "invalid_request" and "base_revision" in answer["errors"]


@pytest.mark.parametrize("kind", ["games", "revisions", "keys"])
def test_every_cursor_matches_its_pattern_and_the_last_possible_one_is_an_empty_page(client, keys,
                                                                                      game, kind):
    url = {"games": "/v1/games", "revisions": f"/v1/games/{game['id']}/rulings", "keys": "/v1/keys"}[kind]
    for after in (0, 1, 2**32, limits.MAX_ROW_ID):
        assert re.fullmatch(cursor_pattern(kind), encode_cursor(kind, after))
    last = client.get(f"{url}?cursor={encode_cursor(kind, limits.MAX_ROW_ID)}", headers=keys["admin"])
    assert answer_of(last) == {"items": [], "next_cursor": None}
    first = answer_of(client.get(f"{url}?cursor={encode_cursor(kind, 0)}", headers=keys["admin"]))
    assert first["items"]


@pytest.mark.parametrize("cursor", ["", "Z2FtA", "Z2FtIAAAAAAAAAAA", "Z2FtA" + "A" * 12, "x" * 10_000])
def test_a_cursor_that_is_not_one_is_422(client, keys, cursor):
    answer = answer_of(client.get(f"/v1/games?cursor={cursor}", headers=keys["auditor"]))
    assert answer["status"] == "invalid_request" and list(answer["errors"]) == ["query.cursor"]


# --- one 500 envelope -----------------------------------------------------------------------------


def _broken_app(tmp_path, view):
    app = make_app(tmp_path / "broken.db", PROPAGATE_EXCEPTIONS=False)
    app.view_functions["health.Health"] = requires(None)(view)  # open, as /healthz is
    return app


@pytest.mark.parametrize("view", [
    pytest.param(lambda: abort(500), id="werkzeug-500"),
    pytest.param(lambda: {"status": "\ud800"}, id="an-answer-that-cannot-be-written"),
    pytest.param(lambda: (_ for _ in ()).throw(KeyError("secret")), id="an-exception"),
])
def test_every_unexpected_failure_is_the_one_500_envelope_with_a_logged_reference(tmp_path, caplog,
                                                                                   view):
    app = _broken_app(tmp_path, view)
    with caplog.at_level(logging.ERROR):
        response = app.test_client().get("/healthz")
    body = json.loads(response.get_data().decode("utf-8"))
    assert response.status_code == 500 and set(body) == ENVELOPE
    assert body["status"] == "internal_error" and "secret" not in response.get_data(as_text=True)
    reference = re.search(r"reference ([0-9a-f]{12})", body["message"]).group(1)
    assert f"internal error {reference}" in caplog.text
    store_of(app).close()


def test_a_database_that_cannot_be_opened_is_the_same_500(tmp_path, caplog, monkeypatch, keys):
    from api.store.store import StoreError

    app = make_app(tmp_path / "gone.db")
    monkeypatch.setattr("api.store.store.Store.games", lambda *a, **k: (_ for _ in ()).throw(
        StoreError("cannot open the database /secret/path")))
    headers = role_headers(store_of(app))["auditor"]
    with caplog.at_level(logging.ERROR):
        response = app.test_client().get("/v1/games", headers=headers)
    body = response.get_json()
    assert response.status_code == 500 and body["status"] == "internal_error"
    assert "/secret/path" not in body["message"] and "/secret/path" in caplog.text
    store_of(app).close()


# --- the limits in the OpenAPI document --------------------------------------------------------------


def test_the_openapi_document_states_the_limits(client):
    spec = client.get("/openapi.json").get_json()
    schemas = spec["components"]["schemas"]
    document = schemas["Document"]
    players = document["properties"]["players"]
    assert (players["minItems"], players["maxItems"], players["uniqueItems"]) == (4, 4, True)
    assert players["items"]["maxLength"] == limits.MAX_ID_LENGTH
    assert document["properties"]["bettors"]["maxItems"] == limits.MAX_BETTORS
    assert document["oneOf"] == [{"required": ["hand"]}, {"required": ["hands"]}]
    assert schemas["Ruleset"]["properties"]["base"]["maximum"] == limits.MAX_MONEY
    hand = schemas["Hand"]["properties"]
    assert hand["events"]["maxItems"] == limits.MAX_EVENTS
    assert hand["streak"]["maximum"] == limits.MAX_STREAK
    assert [b["properties"]["kind"]["enum"] for b in schemas["RevisionRequest"]["oneOf"]] == [
        ["adjudication"], ["review"]]
    game = spec["paths"]["/v1/games/{game_id}"]["parameters"][0]["schema"]
    assert (game["minimum"], game["maximum"]) == (1, limits.MAX_ROW_ID)
    cursor = {p["name"]: p for p in spec["paths"]["/v1/games"]["get"]["parameters"]}["cursor"]
    assert cursor["schema"]["pattern"] == cursor_pattern("games")


# --- issue 15's probes: small answers, bounded work ----------------------------------------------

PROBES = [pytest.param(name, id=name.replace(",", "").replace(" ", "-")) for name in hostile.PROBES]


@pytest.mark.parametrize("name", PROBES)
def test_a_300_kb_request_of_any_shape_gets_a_small_answer_for_bounded_work(client, keys, monkeypatch,
                                                                            name):
    body = hostile.PROBES[name](300_000)
    work = Work(monkeypatch)
    response = post(client, keys, "/v1/rulings", body, "auditor")
    answer_of(response)
    assert len(response.get_data()) < MEGABYTE
    assert work.count <= len(body) // 4 + 100  # linear: a field per four bytes at most


def test_30000_bettors_are_refused_before_any_of_them_is_read(client, keys, monkeypatch):
    body = hostile.PROBES["30,000 bettors"](0)
    assert json.loads(body)["bettors"][29_999]
    work = Work(monkeypatch)
    answer = answer_of(post(client, keys, "/v1/rulings", body, "auditor"))
    assert answer["errors"] == {"bettors": ["must hold at most 64 bettors, not 30,000"]}
    assert work.count < 50


# --- fuzz ----------------------------------------------------------------------------------------------

SURROGATE = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
CONTROL = st.characters(max_codepoint=0x1F)
STRINGS = st.one_of(
    st.text(max_size=20),
    st.text(st.one_of(SURROGATE, CONTROL, st.characters()), max_size=20),
    st.builds(lambda c, n: c * n, st.sampled_from(["x", "\ud800", "1m", "🀄"]),
              st.integers(0, 100_000)),
    st.sampled_from(["", "?", "referee", "A", "0m", "\x00", "E", "fixed:" + "9" * 60]),
)
NUMBERS = st.one_of(
    st.integers(-2**70, 2**70), st.sampled_from([2**63, 2**63 - 1, -1, 0, 10**12 + 1, 10**13]),
    st.floats(allow_nan=False, allow_infinity=False), st.just("BIG"), st.just("NAN"),
)
LEAVES = st.one_of(STRINGS, NUMBERS, st.booleans(), st.none())
VALUES = st.recursive(LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(STRINGS, inner, max_size=4)), max_leaves=8)
RAW = {'"BIG"': "1" + "0" * 4300, '"NAN"': "NaN"}  # numbers json.dumps cannot write


PLACES = list(_positions(EXAMPLE))


@st.composite
def hostile_bodies(draw) -> bytes:
    """The example document with one hostile change: a value replaced, a field added, a list made
    long, or nesting made deep; as JSON text (lone surrogates as \\u escapes)."""
    doc = copy.deepcopy(EXAMPLE)
    path = draw(st.sampled_from(PLACES))
    how = draw(st.sampled_from(["replace", "add", "lengthen", "nest"]))
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    target = parent[path[-1]] if path else doc
    if how == "replace" and path:
        parent[path[-1]] = draw(VALUES)
    elif how == "add" and isinstance(target, dict):
        target[draw(STRINGS)] = draw(VALUES)
    elif how == "lengthen" and isinstance(target, list):
        target.extend([copy.deepcopy(target[-1] if target else draw(LEAVES))] * draw(
            st.sampled_from([3, 100, 2000, 30_000])))
    elif how == "nest" and path:
        depth = draw(st.sampled_from([10, 63, 64, 65, 1000]))
        nested = draw(LEAVES)
        for _ in range(depth):
            nested = [nested]
        parent[path[-1]] = nested
    text = json.dumps(doc)
    for placeholder, raw in RAW.items():
        text = text.replace(placeholder, raw)
    return text.encode()


@settings(max_examples=300, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(body=hostile_bodies(), url=st.sampled_from(["/v1/rulings", "/v1/games", "/v1/keys",
                                                   "/v1/games/1/rulings"]))
def test_fuzz_no_5xx_envelopes_bounded_answers_bounded_work(app, keys, body, url):
    with pytest.MonkeyPatch.context() as monkeypatch:
        work = Work(monkeypatch)
        response = post(app.test_client(), keys, url, body)
    answer_of(response)
    assert len(response.get_data()) <= max(ERROR_ANSWER, 8 * len(body))
    assert work.count <= len(body) + 100


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(segment=st.one_of(STRINGS, NUMBERS.map(str)), query=st.dictionaries(
    st.sampled_from(["limit", "cursor", "other"]), st.one_of(STRINGS, NUMBERS.map(str)), max_size=2),
    url=st.sampled_from(["/v1/games/{}", "/v1/games/{}/rulings", "/v1/keys/{}", "/v1/games",
                         "/v1/keys", "/{}"]), method=st.sampled_from(["get", "delete", "post"]))
def test_fuzz_paths_and_queries(app, keys, segment, query, url, method):
    from urllib.parse import quote, urlencode

    def raw(text: str) -> bytes:  # a lone surrogate too, as the bytes a client could send
        return text.encode("utf-8", "surrogatepass")

    path = url.format(quote(raw(segment), safe=""))
    query_string = urlencode({name: raw(value) for name, value in query.items()})
    answer_of(getattr(app.test_client(), method)(path, query_string=query_string,
                                                 headers=keys["admin"]))
