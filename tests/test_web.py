"""The table page and the offline docs over HTTP (Flask's test client): what is served, to whom,
and that nothing it needs comes from another host. The page's behaviour is tested in a real
browser (tests/test_browser.py)."""
import json
import re

import pytest

from api.page.web import SWAGGER_UI_ASSETS, TABLES
from api.page.webfont import TILE_FACES, characters
from rulesbook import VARIANTS
from tests.servicekit import make_app, store_of


@pytest.fixture
def client(tmp_path):
    app = make_app(tmp_path / "web.db")  # no public reads: the page needs no key all the same
    yield app.test_client()
    store_of(app).close()


def config_of(html: str) -> dict:
    found = re.search(r'<script id="config" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(found.group(1))


def local_refs(html: str) -> list[str]:
    refs = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert refs
    return refs


def test_the_page_is_served_without_a_key_with_what_it_needs(client):
    response = client.get("/")
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and response.mimetype == "text/html"
    config = config_of(html)
    assert [b["variant"] for b in config["rulebooks"]] == list(VARIANTS)
    assert set(config["tables"]) == set(VARIANTS) == set(TABLES)
    assert config["game"] is None
    assert 'href="/docs"' in html
    for ref in local_refs(html):
        assert not re.match(r"(https?:)?//", ref), ref  # nothing from another host
        if ref.startswith("/static/"):
            assert client.get(ref).status_code == 200, ref
    for asset in ("/static/table.js", "/static/table.css", "/static/han.woff2"):
        assert client.get(asset).status_code == 200
    assert b"url(\"han.woff2\")" in client.get("/static/table.css").data


def test_a_permalink_opens_the_page_on_its_game_and_a_missing_file_is_404(client):
    assert config_of(client.get("/games/7").get_data(as_text=True))["game"] == 7
    missing = client.get("/static/nothing.js")
    assert missing.status_code == 404 and missing.get_json()["status"] == "not_found"
    assert client.get("/games/seven").status_code == 404


def test_the_docs_load_swagger_ui_from_the_package(client):
    html = client.get("/docs").get_data(as_text=True)
    refs = local_refs(html)
    assert all(ref.startswith(SWAGGER_UI_ASSETS) for ref in refs), refs
    for ref in refs:
        response = client.get(ref)
        assert response.status_code == 200 and len(response.data) > 1000, ref
    assert '"validatorUrl": null' in html  # no validator badge fetched from the internet
    spec = client.get("/openapi.json").get_json()
    assert "[the table page](/)" in spec["info"]["description"]
    assert not any(path == "/" or path.startswith("/static") for path in spec["paths"])


def test_the_webfont_covers_the_tiles_and_the_pages_words(client):
    font = client.get("/static/han.woff2").data
    assert font[:4] == b"wOF2" and len(font) < 120_000
    wanted = characters()
    assert set(TILE_FACES) <= set(wanted) and set("麻將裁判復原") <= set(wanted)


def test_each_variants_form_is_what_its_loader_accepts(client):
    config = config_of(client.get("/").get_data(as_text=True))
    tables, books = config["tables"], {b["variant"]: b for b in config["rulebooks"]}
    page_parts = {"stakes", "players", "options", "key_options"}  # the rest are the hand's fields
    for variant, table in tables.items():
        for part in table["form"] + table["more"]:
            assert part in page_parts or part in table["hand_fields"], (variant, part)
        assert set(table["key_options"]) <= set(books[variant]["options"])
        assert set(table["presets"]) == set(books[variant].get("presets", []))
    tw16, riichi = tables["tw16"], tables["riichi"]
    # riichi's own events and fields, and none of tw16's (each is an input error there) ...
    assert {"riichi", "dora", "abort"} <= set(riichi["events"])
    assert not {"flower", "declare", "rob_flower", "decline_last"} & set(riichi["events"])
    assert riichi["events"]["win"]["how"] == ["self_draw", "discard", "rob_kong"]
    assert "ura" in riichi["events"]["win"] and riichi["events"]["deal"] == {"hands": None, "dora": None}
    assert riichi["events"]["call"]["call"][-1] == "riichi"
    assert riichi["events"]["state"]["status"] == ["dead_hand", "furiten_temporary", "furiten_riichi"]
    assert riichi["events"]["state"]["riichi"] == ["double", "ippatsu", "established", "with_last_discard", "discard_owed"]
    assert "dead_wall" in riichi["events"]["peek"]["target"]
    assert {"honba", "sticks", "scores"} <= set(riichi["hand_fields"]) and "streak" not in riichi["hand_fields"]
    assert riichi["presets"]["wrc2022"]["start_points"] == 30000
    # ... and the near miss: tw16 keeps its own and gains none of riichi's
    assert not {"riichi", "dora", "abort"} & set(tw16["events"]) and "ura" not in tw16["events"]["win"]
    assert tw16["events"]["win"]["how"][-2:] == ["flower", "rob_flower"]
    assert tw16["events"]["state"]["status"] == ["dead_hand", "passed", "watching", "tian_ting", "di_ting"]
    assert tw16["events"]["peek"]["target"] == ["wall", "kong_tile"]
    assert set(tw16["presets"]) == {"seed000", "common"} and tw16["presets"]["common"]["buqiu"] == "with_zimo"
    assert "streak" in tw16["hand_fields"] and "honba" not in tw16["hand_fields"]
