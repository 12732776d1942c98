"""Reviews go through the engine (issue 32): a review gives a note, options and corrections to the
stored document; what is stored is the engine's ruling of them, never money a client sent."""
from __future__ import annotations

import copy

import pytest

from api.documents.documents import adjudicate_data
from api.http.reviews import ReviewError, corrected, parse_path
from tests.servicekit import EXAMPLE, counts, example, make_app, role_headers, store_of


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path / "reviews.db")
    yield app
    store_of(app).close()


def stored(app, doc):
    keys = role_headers(store_of(app))
    client = app.test_client()
    game = client.post("/v1/games", json=doc, headers=keys["referee"]).get_json()
    return client, keys, game["id"]


def review(client, keys, game, **body):
    return client.post(f"/v1/games/{game}/rulings", json={"kind": "review", **body},
                       headers=keys["referee"])


def test_a_later_review_keeps_the_corrections_before_it_and_adds_its_own(app):
    doc = example(0)
    client, keys, game = stored(app, doc)
    first = review(client, keys, game, reason="no streak",
                   corrections=[{"path": "hand.streak", "value": 0}]).get_json()
    second = review(client, keys, game, reason="club plays all winners",
                    options={"multiple_winners": "all"}).get_json()
    expected = copy.deepcopy(doc)
    expected["hand"]["streak"] = 0
    expected["ruleset"]["options"] = {"multiple_winners": "all"}
    assert second["ruling"] == adjudicate_data(expected) and second["reviews"] == first["revision"]
    assert second["corrections"] == first["corrections"] == [
        {"op": "set", "path": "hand.streak", "value": 0}]
    assert second["options"] == {"multiple_winners": "all"}
    again = client.post(f"/v1/games/{game}/rulings", headers=keys["referee"]).get_json()
    assert again["ruling"] == adjudicate_data(doc) and again["corrections"] is None  # as recorded


def test_insert_and_remove_rule_the_corrected_events(app):
    """The recorded discard of 4p was never made: removed, C's win has no discard to win on."""
    doc = example(0)
    client, keys, game = stored(app, doc)
    removed = review(client, keys, game, reason="no such discard",
                     corrections=[{"op": "remove", "path": "hand.events[1]"}])
    assert removed.status_code == 422  # the engine's loader says why, at the corrected document
    assert any(path.startswith("document.hand.events") for path in removed.get_json()["errors"])
    back = review(client, keys, game, reason="the discard was made twice over the record",
                  corrections=[{"op": "insert", "path": "hand.events[1]",
                                "value": {"type": "discard", "player": "B", "tile": "4p"}},
                               {"op": "remove", "path": "hand.events[1]"}])
    assert back.status_code == 201 and back.get_json()["ruling"] == adjudicate_data(doc)


def test_money_sent_with_a_review_is_refused_and_nothing_is_stored(app):
    client, keys, game = stored(app, example(0))
    before = counts(store_of(app))
    rich = {**adjudicate_data(example(0)), "net": {"A": 10**40, "B": -10**40, "C": 0, "D": 0}}
    for body in ({"ruling": rich}, {"net": rich["net"]}, {"ruling": rich, "net": rich["net"]}):
        answer = review(client, keys, game, reason="x", **body)
        assert answer.status_code == 422
        assert set(answer.get_json()["errors"]) == set(body)  # each field named
    assert counts(store_of(app)) == before


def test_the_rulebook_of_another_variant_cannot_be_slipped_in(app):
    """A correction may change the document, variant and all; the engine then rules it by the
    rulebook it names, and the revision records that rulebook: no ruling is stored unruled."""
    client, keys, game = stored(app, example(0))
    answer = review(client, keys, game, reason="x", corrections=[{"path": "variant",
                                                                  "value": "riichi"}])
    assert answer.status_code == 422  # a tw16 hand is not a riichi document
    assert all(path.startswith(("document", "options")) for path in answer.get_json()["errors"])


@pytest.mark.parametrize("path, steps", [
    ("hand.events[3].tile", ["hand", "events", 3, "tile"]),
    ("hands[0].dealer", ["hands", 0, "dealer"]),
    ("players", ["players"]),
])
def test_paths_read_as_the_errors_write_them(path, steps):
    assert parse_path(path) == steps


@pytest.mark.parametrize("path", ["", ".hand", "hand.", "hand[x]", "[0]", "hand..events",
                                  "hand.events[1234567]", "ruleset.options.dead_wall"])
def test_what_is_not_a_path_is_refused(path):
    with pytest.raises(ValueError):
        parse_path(path)


def test_a_correction_past_the_document_names_what_is_missing():
    with pytest.raises(ReviewError) as found:
        corrected(EXAMPLE, [{"path": "hand.events[1].tile", "value": "5p"},
                            {"path": "hand.nothing.x", "value": 1}], 1)
    assert found.value.errors == {"corrections[0].path": ["the document has no hand.nothing"]}
    with pytest.raises(ReviewError) as found:
        corrected(EXAMPLE, [{"op": "insert", "path": "hand.events[9]", "value": {}}], 0)
    assert "has 3 items: insert at 0 to 3" in found.value.errors["corrections[0].path"][0]
