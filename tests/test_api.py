"""The HTTP API through Flask's test client (a temporary database each): every endpoint, every
error in the one envelope, keys and roles, paging, append-only revisions; and one real server
process over loopback."""
import json
import logging
import select
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from api.documents.documents import adjudicate_data
from tests.servicekit import (EXAMPLE, ROOT, bearer, counts, example, make_app, role_headers,
                              store_of)

ENVELOPE = {"code", "status", "message", "errors"}
EXAMPLE_RULING = adjudicate_data(EXAMPLE)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def keys(app):
    return role_headers(store_of(app))


def error_of(response, code, status):
    """The envelope of an error response, checked."""
    body = response.get_json()
    assert response.status_code == code, body
    assert response.content_type == "application/json"
    assert set(body) == ENVELOPE and body["code"] == code and body["status"] == status
    assert "Traceback" not in response.get_data(as_text=True)
    return body


def post_game(client, keys, doc=None):
    response = client.post("/v1/games", json=doc or example(), headers=keys["referee"])
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def bad_tile():
    doc = example()
    doc["hand"]["events"][1]["tile"] = "0m"
    return doc


def impossible_move():
    doc = example()
    doc["hand"]["events"][1]["tile"] = "5m"  # B does not hold 5m
    return doc


# --- open endpoints ------------------------------------------------------------------------------


def test_healthz_docs_and_openapi_need_no_key(client):
    health = client.get("/healthz").get_json()
    assert health["status"] == "ok" and health["rulebooks"]["tw16"] == EXAMPLE_RULING["rulebook"]
    spec = client.get("/openapi.json").get_json()
    assert set(spec["paths"]) == {"/v1/rulings", "/v1/cut", "/v1/games", "/v1/games/{game_id}",
                                  "/v1/games/{game_id}/rulings", "/v1/keys", "/v1/keys/{key_id}",
                                  "/healthz", "/v1/rulebooks",
                                  "/v1/rulebooks/{variant}/clauses/{clause_id}", "/v1/pair",
                                  "/v1/pairing"}
    assert spec["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"
    docs = client.get("/docs")
    assert docs.status_code == 200 and b"swagger" in docs.data.lower()


# --- rulings -------------------------------------------------------------------------------------


def test_a_ruling_is_the_cli_json_and_stores_nothing(app, client, keys):
    before = counts(store_of(app))
    response = client.post("/v1/rulings", json=EXAMPLE, headers=keys["auditor"])
    assert response.status_code == 200
    assert list(json.loads(response.data)) == list(EXAMPLE_RULING)  # the ruling's own key order
    assert response.get_json() == EXAMPLE_RULING
    assert "門清" in response.get_data(as_text=True)  # not escaped, as the CLI prints it
    assert counts(store_of(app)) == before


@pytest.mark.parametrize("endpoint", ["/v1/rulings", "/v1/games"])
@pytest.mark.parametrize("doc, path, fragment", [
    pytest.param(bad_tile(), "hand.events[1].tile", "0m", id="unknown-tile"),
    pytest.param(impossible_move(), "hand.events[1].tile", "B does not hold 5m", id="impossible"),
    pytest.param({"format": "mjref/1"}, "variant", "", id="missing-fields"),
    pytest.param([1, 2], "", "", id="not-an-object"),
    pytest.param(None, "", "", id="null"),
])
def test_an_invalid_document_is_422_with_its_paths_and_writes_nothing(app, client, keys, endpoint,
                                                                      doc, path, fragment):
    before = counts(store_of(app))
    response = client.post(endpoint, data=json.dumps(doc), content_type="application/json",
                           headers=keys["referee"])
    body = error_of(response, 422, "invalid_document")
    assert path in body["errors"] and fragment in " ".join(body["errors"][path])
    assert path in body["message"] or not path
    assert counts(store_of(app)) == before


@pytest.mark.parametrize("kwargs, code, status, fragment", [
    pytest.param({"data": "{not json", "content_type": "application/json"}, 400, "invalid_json",
                 "line 1 column 2", id="not-json"),
    pytest.param({"data": b"\xff\xfe\xfa", "content_type": "application/json"}, 400, "invalid_json",
                 "", id="not-utf8"),
    pytest.param({}, 400, "missing_body", "no body", id="empty"),
    pytest.param({"data": json.dumps(EXAMPLE), "content_type": "text/plain"}, 415,
                 "unsupported_media_type", "text/plain", id="not-sent-as-json"),
])
@pytest.mark.parametrize("endpoint", ["/v1/rulings", "/v1/games"])
def test_bodies_that_are_not_json_documents(app, client, keys, endpoint, kwargs, code, status,
                                            fragment):
    before = counts(store_of(app))
    body = error_of(client.post(endpoint, headers=keys["referee"], **kwargs), code, status)
    assert fragment in body["message"]
    assert counts(store_of(app)) == before


def test_a_body_over_the_default_limit_is_413(client, keys):
    big = b'{"pad": "' + b"x" * (1024 * 1024) + b'"}'
    body = error_of(client.post("/v1/rulings", data=big, content_type="application/json",
                                headers=keys["auditor"]), 413, "body_too_large")
    assert "1048576 bytes" in body["message"]


def test_the_body_limit_is_configurable(tmp_path):
    app = make_app(tmp_path / "small.db", REFEREE_MAX_BODY=2000)
    client, keys = app.test_client(), role_headers(store_of(app))
    assert client.post("/v1/rulings", json=EXAMPLE, headers=keys["auditor"]).status_code == 200
    padded = {**EXAMPLE, "pad": "x" * 2000}
    error_of(client.post("/v1/rulings", json=padded, headers=keys["auditor"]), 413, "body_too_large")
    error_of(client.post("/v1/games", json=padded, headers=keys["referee"]), 413, "body_too_large")
    assert counts(store_of(app))["games"] == 0
    store_of(app).close()


def test_bad_settings_are_refused_at_start(tmp_path, monkeypatch):
    from api.http.app import ConfigError

    with pytest.raises(ConfigError, match="REFEREE_MAX_BODY"):
        make_app(tmp_path / "x.db", REFEREE_MAX_BODY="lots")
    monkeypatch.setenv("REFEREE_PUBLIC_READS", "maybe")
    with pytest.raises(ConfigError, match="REFEREE_PUBLIC_READS must be 1 or 0"):
        make_app(tmp_path / "x.db")


# --- routing errors and internal errors ----------------------------------------------------------


def test_unknown_paths_and_methods(client, keys):
    body = error_of(client.get("/v2/nothing", headers=keys["admin"]), 404, "not_found")
    assert "/v2/nothing" in body["message"]
    wrong = client.delete("/v1/rulings", headers=keys["admin"])
    body = error_of(wrong, 405, "method_not_allowed")
    assert "POST" in wrong.headers["Allow"] and "POST" in body["message"]
    error_of(client.get("/v1/games/999", headers=keys["admin"]), 404, "not_found")
    error_of(client.get("/v1/games/999/rulings", headers=keys["admin"]), 404, "not_found")
    error_of(client.post("/v1/games/999/rulings", json={}, headers=keys["admin"]), 404, "not_found")


def test_an_internal_error_is_500_without_internals(app, client, keys, monkeypatch, caplog):
    def broken(document):
        raise RuntimeError("secret detail of the engine")

    monkeypatch.setattr("api.http.routes.adjudicate_data", broken)
    with caplog.at_level(logging.ERROR):
        response = client.post("/v1/rulings", json=EXAMPLE, headers=keys["auditor"])
    body = error_of(response, 500, "internal_error")
    assert "secret" not in response.get_data(as_text=True) and "reference" in body["message"]
    assert "secret detail of the engine" in caplog.text  # kept in the server's log


def test_a_write_that_fails_inside_its_transaction_stores_nothing(app, client, keys, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("api.store.store.Store._insert_revision", staticmethod(broken))
    before = counts(store_of(app))
    error_of(client.post("/v1/games", json=example(), headers=keys["referee"]), 500, "internal_error")
    assert counts(store_of(app)) == before


# --- keys and roles ------------------------------------------------------------------------------


@pytest.mark.parametrize("headers, fragment", [
    pytest.param({}, "needs an API key", id="none"),
    pytest.param(bearer("not-a-key"), "unknown or revoked", id="unknown"),
    pytest.param({"Authorization": "Basic dXNlcjpwdw=="}, "Bearer <key>", id="not-bearer"),
    pytest.param({"Authorization": "Bearer "}, "Bearer <key>", id="empty"),
])
def test_requests_without_a_good_key_are_401(client, headers, fragment):
    for method, url in [("post", "/v1/rulings"), ("get", "/v1/games"), ("get", "/v1/keys")]:
        response = getattr(client, method)(url, json=EXAMPLE, headers=headers)
        body = error_of(response, 401, "unauthorized")
        assert fragment in body["message"] and response.headers["WWW-Authenticate"] == "Bearer"


@pytest.mark.parametrize("role, method, url, allowed", [
    ("auditor", "post", "/v1/rulings", True),
    ("auditor", "get", "/v1/games", True),
    ("auditor", "post", "/v1/games", False),
    ("auditor", "post", "/v1/games/1/rulings", False),
    ("auditor", "get", "/v1/keys", False),
    ("referee", "post", "/v1/games", True),
    ("referee", "post", "/v1/games/1/rulings", True),
    ("referee", "get", "/v1/keys", False),
    ("referee", "post", "/v1/keys", False),
    ("admin", "get", "/v1/keys", True),
    ("admin", "post", "/v1/games", True),
])
def test_roles(client, keys, role, method, url, allowed):
    if url.startswith("/v1/games/1"):
        post_game(client, keys, example(99))
    body = {"/v1/keys": {"role": "auditor"}, "/v1/games/1/rulings": {}}.get(url, example())
    response = getattr(client, method)(url, json=body, headers=keys[role])
    if allowed:
        assert response.status_code < 300, response.get_json()
    else:
        message = error_of(response, 403, "forbidden")["message"]
        assert f"role {role} may not" in message


def test_public_reads_open_gets_and_rulings_but_no_writes(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_PUBLIC_READS", "1")
    app = make_app(tmp_path / "public.db")
    client, keys = app.test_client(), role_headers(store_of(app))
    game = post_game(client, keys)
    assert client.post("/v1/rulings", json=EXAMPLE).get_json() == EXAMPLE_RULING
    assert client.get("/v1/games").get_json()["items"][0]["id"] == game["id"]
    assert client.get(f"/v1/games/{game['id']}/rulings").status_code == 200
    error_of(client.post("/v1/games", json=example(5)), 401, "unauthorized")
    error_of(client.post(f"/v1/games/{game['id']}/rulings", json={}), 401, "unauthorized")
    error_of(client.get("/v1/keys"), 401, "unauthorized")  # keys are never public
    error_of(client.get("/v1/games", headers=bearer("wrong")), 401, "unauthorized")
    store_of(app).close()


def test_keys_are_made_listed_and_revoked_by_an_admin(client, keys):
    made = client.post("/v1/keys", json={"role": "auditor", "label": "club 7"}, headers=keys["admin"])
    assert made.status_code == 201
    key = made.get_json()
    assert key["role"] == "auditor" and key["label"] == "club 7" and len(key["key"]) >= 40
    assert client.get("/v1/games", headers=bearer(key["key"])).status_code == 200
    listed = client.get("/v1/keys", headers=keys["admin"]).get_json()["items"]
    assert [k["label"] for k in listed][-1] == "club 7"
    assert all("key" not in k and "sha256" not in k for k in listed)
    revoked = client.delete(f"/v1/keys/{key['id']}", headers=keys["admin"])
    assert revoked.status_code == 200 and revoked.get_json()["revoked"]
    error_of(client.get("/v1/games", headers=bearer(key["key"])), 401, "unauthorized")
    error_of(client.delete(f"/v1/keys/{key['id']}", headers=keys["admin"]), 409, "already_revoked")
    error_of(client.delete("/v1/keys/999", headers=keys["admin"]), 404, "not_found")


def test_request_validation_by_flask_smorest_uses_the_envelope(client, keys):
    body = error_of(client.post("/v1/keys", json={"role": "owner", "colour": 1},
                                headers=keys["admin"]), 422, "invalid_request")
    assert set(body["errors"]) == {"role", "colour"}
    assert body["message"].startswith("the request is not valid: ")


# --- games ---------------------------------------------------------------------------------------


def test_a_stored_game_reads_back_with_its_document_and_ruling(client, keys):
    doc = example(3)
    response = client.post("/v1/games", json=doc, headers=keys["referee"])
    assert response.status_code == 201
    game = response.get_json()
    assert response.headers["Location"].endswith(f"/v1/games/{game['id']}")
    assert game["latest"]["revision"] == 1 and game["latest"]["ruling"] == adjudicate_data(doc)
    assert game["by"]["role"] == "referee" and game["latest"]["by"] == game["by"]
    stored = client.get(f"/v1/games/{game['id']}", headers=keys["auditor"]).get_json()
    assert stored["document"] == doc and stored["latest"] == game["latest"]
    assert stored["kind"] == "hand" and stored["players"] == ["A", "B", "C", "D"]


def test_a_recorded_game_of_many_hands_is_stored(client, keys):
    from rulesbook.tw16.selfplay import play_game

    doc = play_game(11, n_hands=3)
    game = post_game(client, keys, doc)
    assert game["kind"] == "hands" and game["hands"] == 3
    assert len(game["latest"]["ruling"]["hands"]) == 3


def test_the_same_document_again_is_409_naming_the_game(app, client, keys):
    game = post_game(client, keys)
    before = counts(store_of(app))
    body = error_of(client.post("/v1/games", json=example(), headers=keys["referee"]), 409,
                    "duplicate_game")
    assert f"game {game['id']}" in body["message"]
    assert counts(store_of(app)) == before


def test_games_page_with_an_opaque_cursor(client, keys):
    ids = [post_game(client, keys, example(k))["id"] for k in range(5)]
    seen, cursor, pages = [], None, 0
    while True:
        url = "/v1/games?limit=2" + (f"&cursor={cursor}" if cursor else "")
        page = client.get(url, headers=keys["auditor"]).get_json()
        seen += [g["id"] for g in page["items"]]
        pages += 1
        cursor = page["next_cursor"]
        if cursor is None:
            break
        assert not cursor.isdigit()  # opaque, not the id itself
    assert seen == ids and pages == 3
    assert len(client.get("/v1/games", headers=keys["auditor"]).get_json()["items"]) == 5


@pytest.mark.parametrize("query, path", [
    ("limit=0", "query.limit"),
    ("limit=201", "query.limit"),
    ("limit=many", "query.limit"),
    ("cursor=nonsense", "query.cursor"),
])
def test_bad_paging_arguments_are_422(client, keys, query, path):
    body = error_of(client.get(f"/v1/games?{query}", headers=keys["auditor"]), 422, "invalid_request")
    assert list(body["errors"]) == [path]


def test_a_cursor_of_another_list_is_refused(client, keys):
    game = post_game(client, keys)
    for _ in range(2):
        client.post(f"/v1/games/{game['id']}/rulings", json={"kind": "review", "reason": "look"},
                    headers=keys["referee"])
    cursor = client.get(f"/v1/games/{game['id']}/rulings?limit=1",
                        headers=keys["auditor"]).get_json()["next_cursor"]
    body = error_of(client.get(f"/v1/games?cursor={cursor}", headers=keys["auditor"]), 422,
                    "invalid_request")
    assert "not a cursor of this list of games" in body["errors"]["query.cursor"][0]


# --- revisions -----------------------------------------------------------------------------------


def revise(client, keys, game_id, body, role="referee"):
    return client.post(f"/v1/games/{game_id}/rulings", json=body, headers=keys[role])


def test_revisions_are_added_never_overwritten(client, keys):
    doc = example()
    doc["ruleset"]["options"] = {"dead_wall": "fixed16"}
    game = post_game(client, keys, doc)
    first = game["latest"]
    again = revise(client, keys, game["id"], {"options": {"false_win_face": "standalone"},
                                              "reason": "club rule"})
    assert again.status_code == 201
    second = again.get_json()
    assert second["revision"] == 2 and second["kind"] == "adjudication"
    assert second["options"] == {"dead_wall": "fixed16", "false_win_face": "standalone"}
    assert second["reason"] == "club rule" and second["rulebook"] == first["rulebook"]
    review = revise(client, keys, game["id"], {"kind": "review", "reason": "checked at the table",
                                               "base_revision": 2}).get_json()
    assert (review["revision"], review["reviews"], review["ruling"]) == (3, 2, second["ruling"])
    corrections = [{"path": "hand.streak", "value": 0}]  # B had not dealt before: no 連1拉1
    corrected = revise(client, keys, game["id"], {"kind": "review", "reason": "B's first deal",
                                                  "corrections": corrections}).get_json()
    fixed = {**doc, "hand": {**doc["hand"], "streak": 0},
             "ruleset": {**doc["ruleset"], "options": second["options"]}}
    assert corrected["revision"] == 4 and corrected["ruling"] == adjudicate_data(fixed)
    assert corrected["ruling"]["net"] != second["ruling"]["net"]  # the engine's money, not sent
    assert corrected["corrections"] == [{"op": "set", **corrections[0]}]
    replaced = corrected
    listed = client.get(f"/v1/games/{game['id']}/rulings", headers=keys["auditor"]).get_json()
    assert [r["revision"] for r in listed["items"]] == [1, 2, 3, 4]
    assert listed["items"][0] == first and listed["items"][1] == second  # unchanged
    latest = client.get(f"/v1/games/{game['id']}", headers=keys["auditor"]).get_json()["latest"]
    assert latest == replaced and latest["by"]["role"] == "referee"


def test_a_revision_without_a_body_rules_the_document_again_as_stored(client, keys):
    game = post_game(client, keys)
    response = client.post(f"/v1/games/{game['id']}/rulings", headers=keys["referee"])
    assert response.status_code == 201
    again = response.get_json()
    assert again["revision"] == 2 and again["kind"] == "adjudication"
    assert again["ruling"] == game["latest"]["ruling"] and again["options"] == {}


def test_readjudication_under_other_options_can_change_the_ruling(client, keys):
    # C and D both win on B's 9s: head bump (the default) keeps one winner, "all" pays both
    dispute = example()
    dispute["hand"] = {"round_wind": "1z", "dealer": "A", "streak": 0, "events": [
        {"type": "state", "turn": "B", "phase": "discard", "wall_left": 30,
         "hands": {"A": "111z222z333z444z55z66z", "B": "234m567m22p345p678p67s9s",
                   "C": "111m999m111p999p11s99s", "D": "123s123s456s78s55z777z"}},
        {"type": "discard", "player": "B", "tile": "9s"},
        {"type": "win", "player": "D", "how": "discard", "from": "B", "tile": "9s"},
        {"type": "win", "player": "C", "how": "discard", "from": "B", "tile": "9s"}]}
    game = post_game(client, keys, dispute)
    assert len(game["latest"]["ruling"]["hands"][0]["winners"]) == 1
    again = revise(client, keys, game["id"], {"options": {"multiple_winners": "all"}}).get_json()
    merged = {**dispute, "ruleset": {**dispute["ruleset"], "options": {"multiple_winners": "all"}}}
    assert again["ruling"] == adjudicate_data(merged)
    assert len(again["ruling"]["hands"][0]["winners"]) == 2


@pytest.mark.parametrize("body, path, fragment", [
    ({"kind": "review"}, "reason", "needs a reason"),
    ({"kind": "review", "reason": "x", "options": {"nope": 1}}, "options.nope", "unknown option"),
    ({"ruling": EXAMPLE_RULING}, "ruling", "the engine rules every revision"),
    ({"kind": "verdict"}, "kind", "adjudication, review"),
    ({"options": {"nope": 1}}, "options.nope", "unknown option"),
    ({"options": {"multiple_winners": "some"}}, "options.multiple_winners", ""),
    ({"kind": "review", "reason": "x", "ruling": {**EXAMPLE_RULING, "net": {"A": 10**40, "B": 0,
                                                                           "C": 0, "D": 0}}},
     "ruling", "never a ruling or money"),
    ({"kind": "review", "reason": "x", "net": {"A": -10**40, "B": 10**40, "C": 0, "D": 0}},
     "net", "never a ruling or money"),
    ({"kind": "review", "reason": "x", "corrections": [{"path": "hand.events[99].tile",
                                                        "value": "1m"}]},
     "corrections[0].path", "no hand.events[99]"),
    ({"kind": "review", "reason": "x", "corrections": [{"path": "hand..x", "value": 1}]},
     "corrections[0].path", "not a path"),
    ({"kind": "review", "reason": "x", "corrections": [{"path": "ruleset.options.x", "value": 1}]},
     "corrections[0].path", "review's options"),
    ({"kind": "review", "reason": "x", "corrections": [{"path": "hand.events[1].tile",
                                                        "value": "0m"}]},
     "document.hand.events[1].tile", "0m"),
    ({"kind": "review", "reason": "x", "corrections": [{"op": "remove", "path": "hand.streak",
                                                        "value": 1}]},
     "corrections[0].value", "remove takes no value"),
    ({"kind": "review", "reason": "x", "corrections": [{"op": "insert", "path": "hand.streak",
                                                        "value": 1}]},
     "corrections[0].path", "end the path with [index]"),
    ({"corrections": [{"path": "hand.streak", "value": 0}]}, "corrections", "only with kind 'review'"),
    ({"base_revision": "1"}, "base_revision", ""),
])
def test_bad_revision_requests_are_422_and_add_nothing(app, client, keys, body, path, fragment):
    game = post_game(client, keys)
    before = counts(store_of(app))
    found = error_of(revise(client, keys, game["id"], body), 422, "invalid_request")
    assert path in found["errors"] and fragment in " ".join(found["errors"][path])
    assert counts(store_of(app)) == before


def test_a_revision_on_a_stale_base_is_409(app, client, keys):
    game = post_game(client, keys)
    revise(client, keys, game["id"], {"kind": "review", "reason": "first"})
    before = counts(store_of(app))
    body = error_of(revise(client, keys, game["id"], {"kind": "review", "reason": "second",
                                                       "base_revision": 1}), 409, "stale_revision")
    assert "revision 2" in body["message"] and counts(store_of(app)) == before


# --- a real server -------------------------------------------------------------------------------


def test_a_real_server_process_over_loopback(tmp_path):
    """``referee serve`` as a user starts it (by default one worker per core) answers over
    loopback, and SIGTERM stops it. Its workers may take up to ``GRACE_SECONDS`` to finish what
    they hold, so the stop is awaited for that and a margin for a loaded machine; a server that
    does not stop then is killed and the test fails."""
    from api.http.serve import GRACE_SECONDS
    from api.store.store import Store

    db = str(tmp_path / "served.db")
    store = Store(db)
    token = store.create_key("auditor")[1]
    store.close()
    proc = subprocess.Popen([sys.executable, "-m", "api.cli", "serve", "--port", "0", "--db", db],
                            cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        assert select.select([proc.stderr], [], [], 60)[0], "the server printed nothing in 60 s"
        line = proc.stderr.readline()
        assert "serving on http://127.0.0.1:" in line, line
        base = line.split("serving on ", 1)[1].split()[0]
        for _ in range(100):  # the socket listens before the line is printed; poll anyway
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=5) as r:
                    assert json.load(r)["status"] == "ok"
                break
            except urllib.error.URLError:
                time.sleep(0.05)
        request = urllib.request.Request(f"{base}/v1/rulings", data=json.dumps(EXAMPLE).encode(),
                                         headers={"Content-Type": "application/json",
                                                  **bearer(token)})
        with urllib.request.urlopen(request, timeout=10) as r:
            assert r.status == 200 and json.load(r) == EXAMPLE_RULING
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{base}/v1/games", timeout=10)
        assert refused.value.code == 401 and set(json.load(refused.value)) == ENVELOPE
    finally:
        proc.terminate()
        try:
            proc.wait(GRACE_SECONDS + 20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            raise
