"""Messages in one voice (none of marshmallow's own words), and "did you mean" for field names,
tile codes, event types, choices and player ids; a variant not ruled yet says which are."""
import copy
import re

import pytest

from api.documents.loader import load_document
from referee.errors import InputError
from tests.servicekit import EXAMPLE, make_app, role_headers, store_of
from tests.test_schemas import BAD

MARSHMALLOW = re.compile(r"Missing data|Not a valid|Unknown field|Invalid (value|type|input)|"
                         r"Field may not|Must be|Shorter than|Longer than|\.$")


def errors_of(mutate) -> dict:
    data = copy.deepcopy(EXAMPLE)
    mutate(data)
    with pytest.raises(InputError) as caught:
        load_document(data)
    return caught.value.errors


def _set(path, value):
    def apply(d):
        *parents, last = [int(k) if k.isdigit() else k for k in path.split(".")]
        for key in parents:
            d = d[key]
        d[last] = value
    return apply


def _drop(path):
    def apply(d):
        *parents, last = [int(k) if k.isdigit() else k for k in path.split(".")]
        for key in parents:
            d = d[key]
        del d[last]
    return apply


ONE_VOICE = [_drop("variant"), _drop("players"), _drop("hand.events"), _drop("hand.events.1.type"),
             _drop("hand.events.1.tile"), _set("hand", []), _set("hand.events", {}),
             _set("hand.side_bets", {}), _set("ruleset", "x"), _set("hand.events.0.melds", {"A": {}}),
             _set("hand.events.1.tile", None), _set("players", None), _set("hand.events.0.last_discard", 3)]


@pytest.mark.parametrize("mutate", ONE_VOICE)
def test_no_message_is_in_marshmallows_words(mutate):
    for path, reasons in errors_of(mutate).items():
        for reason in reasons:
            assert not MARSHMALLOW.search(reason), (path, reason)


def test_the_loaders_bad_input_cases_are_all_in_one_voice():
    for param in BAD:
        data, mutate, *_ = param.values
        data = copy.deepcopy(data)
        if mutate:
            mutate(data)
        try:
            load_document(data)
        except InputError as err:
            for path, reasons in err.errors.items():
                assert all(not MARSHMALLOW.search(r) for r in reasons), (param.id, path, reasons)


@pytest.mark.parametrize("mutate, path, message", [
    (_set("hand.events.1.playr", "B"), "hand.events[1].playr", "unknown field; did you mean 'player'?"),
    (_set("hand.dealr", "B"), "hand.dealr", "unknown field; did you mean 'dealer'?"),
    (_set("hand.events.0.wall_lef", 3), "hand.events[0].wall_lef", "unknown field; did you mean 'wall_left'?"),
    (_set("hand.events.1.tile", "6P"), "hand.events[1].tile", "unknown tile '6P'; did you mean '6p'?"),
    (_set("hand.events.1.tile", "p4"), "hand.events[1].tile", "unknown tile 'p4'; did you mean '4p'?"),
    # full-width, as a Chinese or Japanese keyboard types it: refused (tile codes are ASCII), with the hint
    (_set("hand.events.1.tile", "４ｐ"), "hand.events[1].tile", "unknown tile '４ｐ'; did you mean '4p'?"),
    (_set("hand.events.1.tile", "４p"), "hand.events[1].tile", "unknown tile '４p'; did you mean '4p'?"),
    (_set("hand.events.0.hands.A", "111222333P555666z7z"), "hand.events[0].hands.A",
     "cannot read '111222333P' at position 0 of '111222333P555666z7z'; did you mean '111222333p555666z7z'?"),
    (_set("hand.events.1.type", "discrad"), "hand.events[1].type", "unknown event type 'discrad'; "
                                                                 "did you mean 'discard'? (one of "),
    (_set("hand.events.2.how", "self-draw"), "hand.events[2].how", "not 'self-draw'; did you mean 'self_draw'?"),
    (_set("hand.events.1.player", "b"), "hand.events[1].player", "(players: A, B, C, D); did you mean 'B'?"),
    (_set("variant", "TW16"), "variant", "must be tw16, riichi, hk, guangdong, wuhan, sichuan or shanghai, not 'TW16'; did you mean 'tw16'?"),
])
def test_did_you_mean(mutate, path, message):
    errors = errors_of(mutate)
    assert any(message in reason for reason in errors[path]), errors


@pytest.mark.parametrize("mutate, path, message", [
    (_set("colour", "red"), "colour", "unknown field"),
    (_set("hand.events.1.tile", "0m"), "hand.events[1].tile", "unknown tile '0m'"),
    (_set("hand.events.1.tile", "XYZ"), "hand.events[1].tile", "unknown tile 'XYZ'"),
    (_set("hand.events.1.type", "jump"), "hand.events[1].type", "unknown event type 'jump' (one of"),
    (_set("hand.events.1.player", "Z"), "hand.events[1].player", "'Z' is not a seated player (players: A, B, C, D)"),
])
def test_no_guess_when_nothing_is_close(mutate, path, message):
    errors = errors_of(mutate)
    assert any(reason.startswith(message) for reason in errors[path]), errors
    assert not any("did you mean" in reason for reason in errors[path])


def test_a_variant_not_ruled_yet_says_which_are_and_that_others_are_planned():
    errors = errors_of(_set("variant", "hongkong"))
    assert errors == {"variant": ["'hongkong' is not a variant this referee rules yet: it rules tw16, "
                                  "riichi, hk, guangdong, wuhan, sichuan or shanghai (Taiwan 16-tile, "
                                  "Japanese riichi, Hong Kong, Guangdong, Wuhan, Sichuan, Shanghai)"]}


def test_the_api_speaks_the_same_voice(tmp_path):
    app = make_app(tmp_path / "m.db")
    keys = role_headers(store_of(app))
    client = app.test_client()
    body = client.post("/v1/keys", json={"label": "x"}, headers=keys["admin"]).get_json()
    assert body["errors"] == {"role": ["required, and missing"]}
    body = client.post("/v1/keys", json={"role": "owner"}, headers=keys["admin"]).get_json()
    assert body["errors"] == {"role": ["must be auditor, referee, admin, not 'owner'"]}
    body = client.get("/v1/games?limit=0", headers=keys["admin"]).get_json()
    assert body["errors"] == {"query.limit": ["must be 1 to 200, not 0"]}
    doc = copy.deepcopy(EXAMPLE)
    doc["hand"]["events"][1]["playr"] = "B"
    body = client.post("/v1/rulings", json=doc, headers=keys["admin"]).get_json()
    assert body["errors"]["hand.events[1].playr"] == ["unknown field; did you mean 'player'?"]
    store_of(app).close()
