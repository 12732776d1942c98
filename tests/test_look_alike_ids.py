"""Player and bettor ids a referee could not tell apart at the table are refused at their place:
an id that looks the same as another once case, width (NFKC) and surrounding spaces are set aside
("a" beside "A", "Ａ" beside "A", "A " beside "A"), and an id holding a character nobody can see (a
zero-width space, a control character). Both loaders agree (the fast one refuses, the schemas say
why); a Tenhou record's names are made into such ids on import (``player_names``)."""
import pytest

from api.documents.documents import adjudicate_data
from api.documents.loader import load_document
from api.records.tenhou_game import player_names
from referee.errors import InputError


def _doc(players, bettors=()):
    doc = {"format": "mjref/1", "variant": "tw16", "players": list(players),
           "hand": {"dealer": players[0], "events": [
               {"type": "deal", "hands": {p: 16 + (p == players[0]) for p in players}}]}}
    if bettors:
        doc["bettors"] = list(bettors)
    return doc


def _errors(doc) -> dict:
    with pytest.raises(InputError) as err:
        adjudicate_data(doc)
    return err.value.errors


@pytest.mark.parametrize("second, why", [
    ("a", "looks the same as 'A'"), ("Ａ", "looks the same as 'A'"), (" A", "looks the same as 'A'"),
    ("B\u200b", "U+200B"), ("B\u0007", "U+0007"), ("B\u2028", "U+2028")])
def test_an_id_that_cannot_be_told_apart_is_refused_at_its_place(second, why):
    errors = _errors(_doc(["A", second, "C", "D"]))
    assert list(errors) == ["players[1]"]
    assert why in errors["players[1]"][0]


def test_a_bettor_that_looks_like_a_player_is_refused():
    errors = _errors(_doc(["A", "B", "C", "D"], bettors=["x", "ｂ"]))
    assert list(errors) == ["bettors[1]"] and "looks the same as the player 'B'" in errors["bettors[1]"][0]


@pytest.mark.parametrize("players", [["A", "B", "C", "D"], ["東", "南", "西", "北"], ["Mr Wang", "Mr Li", "王　小明", "Zoë"],
                                     ["Ａ", "B", "C", "D"]])
def test_near_miss_ids_told_apart_load_the_same_by_both_loaders(players):
    doc = _doc(players, bettors=["bettor1"])
    assert load_document(doc) == load_document(doc, fast=False)
    assert adjudicate_data(doc)["hands"][0]["net"] == {p: 0 for p in players} | {"bettor1": 0}


def test_tenhou_names_become_ids_told_apart():
    assert player_names(["NoName", "NoName", "a\u200b", "A"]) == ["NoName", "NoName#1", "a", "A#3"]
    assert player_names(["\u200b", "kyotaku", "Ｂ", "b"]) == ["#0", "kyotaku#1", "Ｂ", "b#3"]
