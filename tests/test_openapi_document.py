"""/openapi.json describes a document field by field, from the loader's own schemas: a component
for the document, the hand, every event type (by its ``type``), and the ruling."""
import pytest

from referee.events import EVENT_TYPES
from tests.servicekit import make_app, store_of


@pytest.fixture(scope="module")
def spec(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("o") / "o.db")
    yield app.test_client().get("/openapi.json").get_json()
    store_of(app).close()


def _ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


def test_the_request_body_is_the_document(spec):
    body = spec["paths"]["/v1/rulings"]["post"]["requestBody"]["content"]["application/json"]
    assert body["schema"]["oneOf"] == [_ref("Document"), _ref("riichi.Document")]  # by variant
    document = spec["components"]["schemas"]["Document"]
    assert document["properties"]["hand"] == _ref("Hand")
    assert document["properties"]["hands"]["items"] == _ref("Hand")
    assert set(document["required"]) == {"format", "variant", "players"}
    assert document["properties"]["variant"]["enum"] == ["tw16"]
    assert document["additionalProperties"] is False  # unknown fields are refused


def test_every_event_type_has_its_component(spec):
    schemas = spec["components"]["schemas"]
    events = schemas["Hand"]["properties"]["events"]
    kinds = events["items"]["oneOf"]
    assert events["items"]["discriminator"] == {"propertyName": "type"}
    names = [k["$ref"].rsplit("/", 1)[1] for k in kinds]
    assert sorted(schemas[n]["properties"]["type"]["enum"][0] for n in names) == sorted(EVENT_TYPES)
    draw = schemas["Draw"]
    assert set(draw["required"]) == {"type", "player", "tile"}
    assert draw["properties"]["from"]["enum"] == ["wall", "back"]
    assert schemas["Chi"]["properties"]["with"]["oneOf"][1]["type"] == "array"


def test_no_loader_field_is_left_undescribed(spec):
    schemas = spec["components"]["schemas"]

    def described(prop):
        return bool({"type", "oneOf", "anyOf", "$ref", "allOf"} & set(prop))

    events = [k["$ref"].rsplit("/", 1)[1] for k in schemas["Hand"]["properties"]["events"]["items"]["oneOf"]]
    for name in ["Document", "Hand", "Ruleset", "SideBet", "Stake", "Meld", "Status", "Drawn",
                 "LastDiscard", *events]:
        for field, prop in schemas[name]["properties"].items():
            assert described(prop), (name, field, prop)


def test_the_ruling_is_described(spec):
    schemas = spec["components"]["schemas"]
    assert schemas["Ruling"]["properties"]["hands"]["items"] == _ref("HandRuling")
    hand = schemas["HandRuling"]["properties"]
    assert hand["payments"]["items"] == _ref("Payment") and "from" in schemas["Payment"]["properties"]
    assert hand["winners"]["items"] == _ref("Winner") and hand["missing"]["items"] == _ref("Missing")
