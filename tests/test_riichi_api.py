"""Riichi over the HTTP API: /openapi.json describes a riichi document (its own components,
``riichi.Document`` … chosen by ``variant``) and every field of a riichi ruling; GET /v1/rulebooks
renders riichi's presets and options (integers, null, arrays, final:N, each preset's value);
POST /v1/rulings rules a riichi document as the command line does."""
from __future__ import annotations

import pytest

from api.documents.documents import adjudicate_data
from api.documents.schemas.riichi import EVENT_SCHEMAS
from api.records.tenhou import import_tenhou
from rulesbook.riichi.options import OPTIONS_SPEC, PRESETS
from tests.servicekit import EXAMPLE, make_app, store_of
from tests.test_tenhou_import import TENHOU, needs_data

PAO = TENHOU / "dnovikoff" / "pao.xml"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("r") / "r.db", REFEREE_PUBLIC_READS=True)
    yield app
    store_of(app).close()


@pytest.fixture(scope="module")
def spec(app):
    return app.test_client().get("/openapi.json").get_json()


def _ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


def test_a_request_body_is_a_document_of_its_variant(spec):
    body = spec["paths"]["/v1/rulings"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["discriminator"] == {"propertyName": "variant", "mapping": {
        "tw16": "#/components/schemas/Document", "riichi": "#/components/schemas/riichi.Document"}}
    schemas = spec["components"]["schemas"]
    riichi = schemas["riichi.Document"]
    assert riichi["properties"]["variant"]["enum"] == ["riichi"]
    assert riichi["properties"]["hands"]["items"] == _ref("riichi.Hand")
    assert riichi["properties"]["ruleset"] == _ref("riichi.Ruleset")
    assert riichi["properties"]["bettors"]["not"] == {}  # tw16's: refused under riichi
    assert "not" not in schemas["Document"]["properties"]["bettors"]  # the near miss
    hand = schemas["riichi.Hand"]["properties"]
    assert {"honba", "sticks", "scores", "wall"} <= set(hand) and "streak" not in hand


def test_every_riichi_event_type_has_its_component(spec):
    schemas = spec["components"]["schemas"]
    kinds = schemas["riichi.Hand"]["properties"]["events"]["items"]["oneOf"]
    names = [k["$ref"].rsplit("/", 1)[1] for k in kinds]
    assert sorted(schemas[n]["properties"]["type"]["enum"][0] for n in names) == sorted(EVENT_SCHEMAS)
    assert {"riichi.Riichi", "riichi.Dora", "riichi.Abort"} <= set(names)
    assert "riichi.Flower" not in schemas and "Flower" in schemas  # tw16's own event stays tw16's
    assert "0m 0p 0s" in schemas["riichi.Discard"]["properties"]["tile"]["description"]
    assert "0m" not in schemas["Discard"]["properties"]["tile"]["description"]
    assert set(schemas["riichi.Abort"]["properties"]["kind"]["enum"]) == {
        "nine_terminals", "four_winds", "four_kans", "four_riichi", "triple_ron"}


def test_no_riichi_loader_field_is_left_undescribed(spec):
    schemas = spec["components"]["schemas"]
    riichi = [name for name in schemas if name.startswith("riichi.")]
    assert len(riichi) >= 20
    for name in riichi:
        for field, prop in schemas[name]["properties"].items():
            assert {"type", "oneOf", "anyOf", "$ref", "allOf", "not"} & set(prop), (name, field, prop)


def test_the_riichi_options_are_described_with_their_defaults(spec):
    ruleset = spec["components"]["schemas"]["riichi.Ruleset"]["properties"]
    assert ruleset["preset"]["enum"] == list(PRESETS)
    options = ruleset["options"]
    assert options["additionalProperties"] is False
    assert {k: v["default"] for k, v in options["properties"].items()} == \
        {k: v[1] for k, v in OPTIONS_SPEC.items()}
    props = options["properties"]
    assert props["red_fives"]["type"] == "boolean"
    assert props["riichi_min_points"] == {**props["riichi_min_points"], "type": "integer", "nullable": True}
    assert "nullable" not in props["start_points"]
    assert props["pao"]["type"] == "array" and props["pao"]["items"]["enum"] == list(OPTIONS_SPEC["pao"][0])
    assert props["chombo"]["pattern"] == "^(table_mangan|final:[0-9]+)$"
    assert props["multiple_ron"]["enum"] == ["double", "head_bump", "all"]


def _undescribed(value, schema, schemas, where="ruling"):
    """The keys of a ruling (JSON) that its schema does not describe, with their place."""
    if len(schema.get("allOf", ())) == 1:
        schema = schema["allOf"][0]
    if "$ref" in schema:
        schema = schemas[schema["$ref"].rsplit("/", 1)[1]]
    out = []
    if isinstance(value, dict) and "properties" in schema:
        for key, item in value.items():
            if key not in schema["properties"]:
                out.append(f"{where}.{key}")
            else:
                out += _undescribed(item, schema["properties"][key], schemas, f"{where}.{key}")
    elif isinstance(value, list) and "items" in schema:
        for item in value:
            out += _undescribed(item, schema["items"], schemas, f"{where}[]")
    return out


@needs_data
def test_every_field_of_a_riichi_ruling_is_described(spec):
    schemas = spec["components"]["schemas"]
    document = import_tenhou(PAO)[0]
    ruling = adjudicate_data(document)
    single = {**document, "hand": document["hands"][0]}
    del single["hands"]
    for value in (ruling, adjudicate_data(single), adjudicate_data(EXAMPLE)):
        assert _undescribed(value, _ref("Ruling"), schemas) == []
    hand = schemas["HandRuling"]["properties"]
    assert {"redeal", "scores", "tenpai", "penalties", "abort"} <= set(hand)
    assert {"han", "fu", "limit", "points", "pao", "fu_details"} <= set(schemas["Winner"]["properties"])
    assert "decision_ja" in schemas["Finding"]["properties"]
    assert {"honba", "sticks", "game_over"} <= set(schemas["Next"]["properties"])
    assert schemas["Ruling"]["properties"]["final"]["allOf"] == [_ref("Final")] and "final" in ruling
    assert "kyotaku" in hand["net"]["description"]


def test_a_missing_description_is_found():
    schemas = {"Ruling": {"properties": {"hands": {"items": {"properties": {"net": {}}}},
                                         "final": {"allOf": [_ref("Final")]}}},
               "Final": {"properties": {"scores": {}}}}
    value = {"hands": [{"net": {}, "scores": {}}], "final": {"scores": {}, "adjusted": {}}}
    assert _undescribed(value, _ref("Ruling"), schemas) == ["ruling.hands[].scores", "ruling.final.adjusted"]


def test_the_rulebooks_render_riichis_presets_and_options(app):
    books = {b["variant"]: b for b in app.test_client().get("/v1/rulebooks").get_json()["rulebooks"]}
    riichi = books["riichi"]
    assert riichi["rulebook"] == "riichi-2026.12" and riichi["presets"] == list(PRESETS)
    options = riichi["options"]
    assert list(options) == list(OPTIONS_SPEC)
    assert options["start_points"] == {"values": ["integer"], "default": 25000, "clause": "RJ-END",
                                       "presets": {p: PRESETS[p]["start_points"] for p in PRESETS}}
    minimum = options["riichi_min_points"]
    assert minimum["values"] == ["integer", "null"] and minimum["presets"]["mleague"] is None
    assert options["pao"]["array"] is True
    assert options["pao"]["values"] == ["daisangen", "daisuushi", "suukantsu"]
    assert "array" not in options["multiple_ron"]
    assert options["chombo"]["values"] == ["table_mangan", "final:N"]
    assert options["chombo"]["presets"] == {"tenhou": "table_mangan", "wrc2022": "final:30000",
                                            "ema2016": "final:20000", "mleague": "final:20000"}
    for name, option in options.items():
        assert option["presets"] == {p: PRESETS[p][name] for p in PRESETS}
        assert option["default"] == PRESETS["tenhou"][name]
    from rulesbook.tw16 import PRESETS as TW16_PRESETS  # tw16's own presets (TW-RS-1), not riichi's
    assert all(o["presets"] == {p: TW16_PRESETS[p][n] for p in TW16_PRESETS}
               for n, o in books["tw16"]["options"].items())


@needs_data
def test_a_riichi_document_is_ruled_over_the_api(app):
    document = import_tenhou(PAO)[0]
    response = app.test_client().post("/v1/rulings", json=document)
    assert response.status_code == 200 and response.get_json() == adjudicate_data(document)
    hands = response.get_json()["hands"]
    liable = [(w["player"], w["pao"]) for h in hands for w in h["winners"] if w["pao"]]
    pao = [f for h in hands for f in h["rulings"] if f["rule"] == "RJ-PAY-8"]
    assert liable == [("P2", "P0")] and [f["player"] for f in pao] == ["P0"]
    assert "大三元" in pao[0]["decision_zh"] and "大三元" in pao[0]["decision_ja"]
    assert "Daisangen" in pao[0]["decision"]
    document["hands"][0]["streak"] = 1
    response = app.test_client().post("/v1/rulings", json=document)
    assert response.status_code == 422
    assert response.get_json()["errors"]["hands[0].streak"] == ["a tw16 field: not in variant riichi"]


def test_the_loader_reserves_the_party_the_rulebook_pays_the_sticks_to():
    """api.documents.doc_terms names the sticks' party without loading the riichi rulebook; it must be the
    one rulesbook.riichi.settle pays (a player so named is refused at the door)."""
    from api.documents.doc_terms import KYOTAKU
    from rulesbook.riichi.settle import KYOTAKU as PAID

    assert KYOTAKU == PAID
