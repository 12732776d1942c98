"""The table page in a real browser (the harness: tests/browserkit.py): the shared tw16 worked
examples entered by taps at phone size get the API's ruling, an input error shows at its event,
the keyboard refuses a fifth copy, the page and the docs load with the network off, keys, games,
export and import, and the tw16 preset under "Table". The riichi page: tests/test_browser_riichi.py.
With ``REFEREE_README_SCREENSHOT=1`` the README's docs/table-page.png is made again.
"""
from __future__ import annotations

import json
import os
import re
import shutil

import pytest

from api.http.context import STORE
from api.documents.documents import adjudicate_data
from tests.browserkit import (EXAMPLES, Tab, browser, enter_document, example, keyed,  # noqa: F401
                              page_weight, playwright, public, report, rule, same_document,
                              screenshot, shown_ruling, tab, tap_chip, tap_tiles)
from tests.servicekit import ROOT


@pytest.mark.parametrize("name", ["tw16-discard-win.json", "tw16-dead-hand-false-win.json"])
def test_a_worked_example_by_taps_at_phone_size_gets_the_apis_ruling(tab, capsys, name):
    doc = example(name)
    expected = adjudicate_data(doc)["hands"][0]
    page = tab.open()
    size, count = page_weight(page)
    report(capsys, f"first load: {size / 1024:.1f} KB transferred in {count} responses")
    enter_document(tab, doc)
    ms = rule(page)
    report(capsys, f"{name}: {ms} ms from pressing Rule to the ruling shown")
    payments, net = shown_ruling(page)
    assert payments == [{k: p[k] for k in ("from", "to", "amount", "rule")}
                        for p in expected["payments"]]
    assert net == expected["net"]
    assert page.get_attribute(".result", "data-result") == expected["result"]
    assert page.get_attribute(".next", "data-dealer") == expected["next"]["dealer"]
    assert adjudicate_data(tab.doc())["hands"][0] == expected  # the page built the same document
    shot = screenshot(page, name.replace(".json", ".png"))
    if os.environ.get("REFEREE_README_SCREENSHOT") == "1" and name == "tw16-discard-win.json":
        (ROOT / "docs").mkdir(exist_ok=True)
        shutil.copy(shot, ROOT / "docs" / "table-page.png")
    # each clause ID opens its text; the language toggle shows the decisions in 中文
    first = expected["rulings"][0]["rule"] if expected["rulings"] else expected["payments"][0]["rule"]
    page.click(f'#ruling .rule-id[data-clause="{first}"]')
    page.wait_for_function("document.querySelector('#clause-text').textContent.length > 20")
    from rulesbook.clauses import clause

    assert page.inner_text("#clause-text") == clause("tw16", first)["text"]
    page.click("#clause-dialog button")
    page.click("#lang")
    for k, finding in enumerate(expected["rulings"]):
        assert page.inner_text(f"#ruling .finding >> nth={k} >> .dec >> nth=0") == finding["decision_zh"]
    assert page.inner_text("#rule") == "裁決"


def test_an_input_error_is_shown_at_the_event_it_names(tab):
    page = tab.open()
    doc = example("tw16-discard-win.json")
    assert page.evaluate("text => window.refereeTable.importText(text)", json.dumps(doc))
    page.click('li[data-index="1"] .sum')  # B's discard: make it a tile he does not hold
    tap_tiles(page, "hand.events[1].tile", ["1m"])
    rule(page)
    note = page.locator('li[data-index="1"] .err[data-error-for="hand.events[1].tile"]')
    assert note.is_visible() and "B does not hold 1m" in note.inner_text()
    assert page.locator(".err.placed").count() == 1  # beside that event only
    assert page.locator("tr.payment").count() == 0
    assert "Event 1 (B discard) · tile: B does not hold 1m" in page.inner_text("#errors")
    assert "hand.events" not in page.inner_text("#errors")  # named in words, not by JSON path
    # near miss: a fault in the position is shown at that player's hand
    tap_tiles(page, "hand.events[1].tile", ["3z"])
    page.click('.tiles[data-target="hand.events[0].hands.D"]')
    page.click('.tiles[data-target="hand.events[0].hands.D"] .t >> nth=0')  # tap a tile: removed
    page.click('#kbd-keys [data-key="done"]')
    rule(page)
    at_hand = page.locator('.err[data-error-for="hand.events[0].hands.D"]')
    assert at_hand.is_visible() and "D holds 15 concealed tiles" in at_hand.inner_text()
    assert page.locator('li[data-index="1"] .err').count() == 0


def test_the_tile_keyboard_refuses_a_fifth_copy(tab):
    page = tab.open()
    page.click('#position-form [data-value="state"]')
    page.click('.tiles[data-target="hand.events[0].hands.A"]')
    for _ in range(5):
        page.click('#kbd-keys [data-key="1m"]')
    assert tab.doc()["hand"]["events"][0]["hands"]["A"] == ["1m"] * 4
    assert "No fifth" in page.inner_text("#kbd-msg")
    assert page.get_attribute('#kbd-keys [data-key="1m"]', "class").split().count("full") == 1
    page.click('#kbd-keys [data-key="2m"]')  # near miss: another tile is still taken
    assert tab.doc()["hand"]["events"][0]["hands"]["A"] == ["1m"] * 4 + ["2m"]
    page.click('#kbd-keys [data-key="done"]')
    page.click('#add-event [data-add="draw"]')  # a draw brings a tile to the table too
    page.click('#kbd-keys [data-key="1m"]')
    assert "tile" not in tab.doc()["hand"]["events"][1]
    page.click('#kbd-keys [data-key="9m"]')
    assert tab.doc()["hand"]["events"][1]["tile"] == "9m"


def test_the_page_the_docs_and_the_openapi_load_with_the_network_off(tab, capsys):
    page = tab.open()
    assert page.inner_text("h1") == "Mahjong referee"
    page.click('a[href="/docs"]')
    page.wait_for_selector(".swagger-ui .info .title")
    assert "The mahjong referee" in page.inner_text(".swagger-ui .info .title")
    page.wait_for_selector('.swagger-ui .opblock-summary-path[data-path="/v1/rulings"]')
    with tab.context.expect_page() as opened:  # the docs link back to the table page (a new tab)
        page.click('.swagger-ui .info a[href="/"]')
    opened.value.wait_for_selector('#position-form [data-value="state"]')
    response = page.goto(tab.base + "/openapi.json")
    assert response.ok and "/v1/rulebooks" in response.json()["paths"]
    assert tab.failed == []
    report(capsys, "/, /docs and /openapi.json loaded with every request on 127.0.0.1")


def test_a_key_is_asked_once_kept_and_games_are_saved_listed_and_opened(browser, keyed):
    token = keyed.app.extensions[STORE].create_key("referee", "browser test")[1]
    tab = Tab(browser, keyed.url)
    try:
        page = tab.open()
        doc = example("tw16-discard-win.json")
        page.evaluate("text => window.refereeTable.importText(text)", json.dumps(doc))
        page.click("#rule")
        page.wait_for_selector("#key-dialog[open]")
        page.click("#key-dialog details summary")  # a key, not a pairing code
        page.fill("#key-input", token)
        page.click('#key-dialog button[value="ok"]')
        page.wait_for_selector("#ruling[data-done]")
        assert shown_ruling(page)[1] == adjudicate_data(doc)["net"]
        assert page.evaluate("() => localStorage.getItem('referee.key')") == token
        page.click("#rule")  # asked once: kept
        page.wait_for_selector("tr.payment")
        assert not page.is_visible("#key-dialog")
        page.click("#games summary")
        page.click("#save-game")
        page.wait_for_selector("#saved-link")
        link = page.get_attribute("#saved-link", "href")
        assert re.fullmatch(re.escape(keyed.url) + r"/games/\d+", link)  # this origin's, always
        page.click("#list-games")
        page.wait_for_selector(f'#game-list li[data-game="{link.rsplit("/", 1)[1]}"]')
        page.goto(link)  # the permalink: the game's document and its ruling
        page.wait_for_selector('#revisions li[data-revision="1"]')
        same_document(tab.doc(), doc)
        assert shown_ruling(page)[1] == adjudicate_data(doc)["net"]
        assert page.locator("#key-dialog[open]").count() == 0
    finally:
        tab.close()


def test_export_and_import_the_document(tab, tmp_path):
    page = tab.open()
    doc = example("tw16-dead-hand-false-win.json")
    page.set_input_files("#import-file", str(EXAMPLES / "tw16-dead-hand-false-win.json"))
    page.wait_for_selector('li[data-index="4"]')
    same_document(tab.doc(), doc)
    page.click("#games summary")
    with page.expect_download() as download:
        page.click("#export")
    saved = tmp_path / "dispute.json"
    download.value.save_as(saved)
    exported = json.loads(saved.read_text(encoding="utf-8"))
    assert adjudicate_data(exported) == adjudicate_data(doc)
    # near miss: a file that is not a document changes nothing and says so
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "other"}', encoding="utf-8")
    page.set_input_files("#import-file", str(bad))
    page.wait_for_selector("#notice:not([hidden])")
    assert "Not an mjref/1 document" in page.inner_text("#notice")
    same_document(tab.doc(), doc)


# --- riichi ----------------------------------------------------------------------------------------


def test_the_tw16_preset_is_one_choice_under_table(tab):
    """RULEBOOK_TW16_PRESETS §7: the table page offers the preset beside base and tai; choosing it
    names it in the document, and an option set to the preset's own value is left out."""
    page = tab.open()
    assert page.is_visible('[data-path="ruleset.preset"] [data-value="seed000"]')
    tap_chip(page, "ruleset.preset", "common")
    assert tab.doc()["ruleset"]["preset"] == "common" and tab.doc()["ruleset"]["base"] == 100
    page.click("text=More")
    tap_chip(page, "ruleset.options.river_bottom", False)  # common's is true: an entry of its own
    assert tab.doc()["ruleset"]["options"] == {"river_bottom": False}
    tap_chip(page, "ruleset.options.river_bottom", True)  # the preset's value again: left out
    assert "options" not in tab.doc()["ruleset"]
