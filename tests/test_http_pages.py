"""What one request may cost (issue 32): a game's revisions come in pages of at most ``limit``
revisions and ``MAX_ANSWER`` bytes, built from the stored JSON as it is (never decoded), with
``next_cursor`` and a ``Link`` header; every revision is on exactly one page, as the store has it."""
from __future__ import annotations

import json
import re

import pytest

from api.http import routes
from api.documents.documents import adjudicate_data
from api.limits import MAX_ANSWER
from tests.servicekit import EXAMPLE, example, make_app, role_headers, store_of

CLI = {"key": None, "role": "cli"}


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path / "pages.db")
    yield app
    store_of(app).close()


def big_game(store, hands: int, revisions: int) -> int:
    """A game of ``hands`` copies of the example hand, reviewed until it has ``revisions``."""
    doc = {k: v for k, v in EXAMPLE.items() if k != "hand"}
    doc["hands"] = [EXAMPLE["hand"]] * hands
    game, _ = store.add_game(doc, adjudicate_data(doc), by=CLI)
    for _ in range(revisions - 1):
        store.add_revision(game["id"], kind="review", by=CLI, reason="checked")
    return game["id"]


def pages(client, headers, first: str) -> list:
    """Every page from ``first``, following the Link header; each checked against next_cursor."""
    found, url = [], first
    while url:
        response = client.get(url, headers=headers)
        assert response.status_code == 200 and response.content_type == "application/json"
        body = json.loads(response.data)
        found.append((len(response.data), body))
        link = response.headers.get("Link")
        if body["next_cursor"] is None:
            assert link is None
            url = None
        else:
            url = re.fullmatch(r'<(.+)>; rel="next"', link).group(1)
            assert f"cursor={body['next_cursor']}" in url
    return found


def test_pages_end_before_the_revision_that_would_pass_the_answer_limit(app, monkeypatch):
    store = store_of(app)
    game = big_game(store, 20, 9)
    one = len(json.dumps(store.revisions(game, limit=1)[0], ensure_ascii=False,
                         separators=(",", ":")).encode())
    monkeypatch.setattr(routes, "MAX_ANSWER", 3 * one + 100)  # three revisions a page, not four
    auditor = role_headers(store)["auditor"]
    found = pages(app.test_client(), auditor, f"/v1/games/{game}/rulings?limit=200")
    assert [len(body["items"]) for _, body in found] == [3, 3, 3]
    assert all(size <= 3 * one + 100 for size, _ in found)
    items = [item for _, body in found for item in body["items"]]
    assert items == store.revisions(game, limit=200)  # each once, in order, exactly as stored
    assert [i["revision"] for i in items] == list(range(1, 10))


def test_the_limit_still_counts_and_a_revision_past_the_answer_limit_comes_alone(app, monkeypatch):
    store = store_of(app)
    game = big_game(store, 3, 5)
    auditor = role_headers(store)["auditor"]
    client = app.test_client()
    assert [len(b["items"]) for _, b in pages(client, auditor, f"/v1/games/{game}/rulings?limit=2")] \
        == [2, 2, 1]
    monkeypatch.setattr(routes, "MAX_ANSWER", 10)  # smaller than any revision: one a page
    found = pages(client, auditor, f"/v1/games/{game}/rulings")
    assert [len(b["items"]) for _, b in found] == [1] * 5


def test_a_game_of_large_rulings_is_answered_in_pages_of_at_most_max_answer(app):
    """A 400 KB document of 1,000 hands has a ruling of about 780 KB: 200 revisions were one
    answer of 157 MB (1.27 GB of server memory); now 5 a page."""
    store = store_of(app)
    game = big_game(store, 1000, 6)
    auditor = role_headers(store)["auditor"]
    found = pages(app.test_client(), auditor, f"/v1/games/{game}/rulings?limit=200")
    assert [len(b["items"]) for _, b in found] == [5, 1]
    assert all(size <= MAX_ANSWER for size, _ in found)
    assert found[0][0] + found[0][0] // 5 > MAX_ANSWER  # one more would not have fitted


def test_an_unknown_game_is_404_and_a_game_past_its_last_revision_an_empty_page(app):
    store = store_of(app)
    auditor = role_headers(store)["auditor"]
    client = app.test_client()
    response = client.get("/v1/games/99/rulings", headers=auditor)
    assert response.status_code == 404 and response.get_json()["status"] == "not_found"
    game, _ = store.add_game(example(0), adjudicate_data(example(0)), by=CLI)
    response = client.get(f"/v1/games/{game['id']}/rulings?cursor=cmV2AAAAAAAAAAAF", headers=auditor)
    assert response.get_json() == {"items": [], "next_cursor": None}


def test_the_games_list_has_the_link_header_too(app):
    store = store_of(app)
    for n in range(3):
        store.add_game(example(n), adjudicate_data(example(n)), by=CLI)
    found = pages(app.test_client(), role_headers(store)["auditor"], "/v1/games?limit=2")
    assert [len(b["items"]) for _, b in found] == [2, 1]
