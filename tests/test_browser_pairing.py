"""A phone pairs with the table server in Chromium (``referee serve --table``): the server's own
machine shows the code and the QR code; a second browser context (the phone) enters the code once,
rules and saves with the key it got; the QR code's address pairs by itself. Save's confirmation
shows where the finger is, at 360×640, and "Keep and share" holds no stray "null"."""
from __future__ import annotations

import json

import pytest

from api.documents.documents import adjudicate_data
from tests.test_browser import (Server, Tab, browser, example, playwright,  # noqa: F401
                                rule, shown_ruling)

CODE = "135790"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    from api.http import pairing

    pairing.TRIES.__init__()
    server = Server(tmp_path_factory.mktemp("table") / "referee.db", REFEREE_PUBLIC_READS=False,
                    REFEREE_PAIRING_CODE=CODE)
    yield server
    server.close()


def test_a_phone_pairs_by_the_code_then_rules_and_saves(browser, table):
    laptop = Tab(browser, table.url)
    phone = Tab(browser, table.url)
    try:
        shown = laptop.open()
        assert shown.is_visible("#phones .qr svg")
        code = shown.inner_text("#pair-code-shown")
        assert code == CODE and f"{table.url}/" in shown.inner_text("#pairing")
        page = phone.open()
        doc = example("tw16-discard-win.json")
        page.evaluate("text => window.refereeTable.importText(text)", json.dumps(doc))
        page.click("#rule")
        page.wait_for_selector("#key-dialog[open]")
        page.fill("#pair-input", "000000")  # a wrong code: asked again, saying why
        page.click('#key-dialog button[value="ok"]')
        page.wait_for_function("document.querySelector('#key-why').textContent.includes('wrong pairing code')")
        assert page.is_visible("#key-dialog[open]")
        page.fill("#pair-input", code)
        page.click('#key-dialog button[value="ok"]')
        page.wait_for_selector("#ruling[data-done]")
        assert shown_ruling(page)[1] == adjudicate_data(doc)["net"]
        key = page.evaluate("() => localStorage.getItem('referee.key')")
        assert key and len(key) > 30 and "Paired" in page.inner_text("#notice")
        # save: the confirmation is under the button, on the screen
        page.click("#games summary")
        assert "null" not in page.inner_text("#keep-actions")
        page.click("#save-game")
        page.wait_for_selector("#saved-link")
        box = page.locator("#saved").bounding_box()
        button = page.locator("#save-game").bounding_box()
        bar = page.locator("#bar").bounding_box()  # the Undo and Rule bar covers the foot
        assert 0 <= box["y"] and box["y"] + box["height"] <= bar["y"]
        assert 0 <= box["y"] - (button["y"] + button["height"]) < 80  # right under the button
        assert "Saved as game #1" in page.inner_text("#saved")
        link = page.get_attribute("#saved-link", "href")
        assert page.locator("tr.why").count() == len(adjudicate_data(doc)["hands"][0]["payments"])
        page.click("#save-ruling")  # again, from under the ruling: the same game, said there
        page.wait_for_selector("#saved.err")
        box = page.locator("#saved").bounding_box()
        button = page.locator("#save-ruling").bounding_box()
        assert 0 <= box["y"] - (button["y"] + button["height"]) < 80
        assert box["y"] + box["height"] <= bar["y"] and "game 1" in page.inner_text("#saved")
        assert link.startswith(table.url + "/games/")  # the permalink: this origin's, always
        page.goto(link)
        page.wait_for_selector("tr.why")  # its money explained too
        assert "(TW-PAY-1)" in page.inner_text("tr.why >> nth=0")
    finally:
        laptop.close()
        phone.close()


def test_the_qr_codes_address_pairs_by_itself_and_leaves_no_code_in_the_address(browser, table):
    phone = Tab(browser, table.url)
    try:
        page = phone.open(f"/#pair={CODE}")
        page.wait_for_function("!!localStorage.getItem('referee.key')")
        assert "#pair" not in page.url
        assert "Paired: this phone may rule and save games for 8 hours" in page.inner_text("#notice")
        page.evaluate("text => window.refereeTable.importText(text)",
                      json.dumps(example("tw16-discard-win.json")))
        rule(page)  # no key asked: the paired key is sent
        assert not page.is_visible("#key-dialog") and page.locator("tr.payment").count() > 0
    finally:
        phone.close()
