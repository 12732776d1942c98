"""The table page's ✂ (pick the hand up at an event, ``POST /v1/cut``) in a real browser: the
fixtures and helpers of tests/browserkit.py (headless Chromium driven by Playwright, skipped
without them)."""
from __future__ import annotations

import json
import random

from api.documents.documents import adjudicate_data, cut_data
from referee.errors import InputError
from rulesbook.tw16.selfplay import document, play_hand
from tests.browserkit import browser, playwright, public, same_document, tab  # noqa: F401  (fixtures)


def test_pick_the_hand_up_at_an_event(tab, tmp_path):
    """The ✂ of an event: the document becomes the hand picked up there (POST /v1/cut), a state
    then the events from it, ruled as the whole; near miss: in the first go-round it is refused,
    said in the notice, and the document stays."""
    doc = document(play_hand(random.Random(3)))
    src = tmp_path / "hand.json"
    src.write_text(json.dumps(doc), encoding="utf-8")
    page = tab.open()
    page.set_input_files("#import-file", str(src))
    page.wait_for_selector('li[data-index="4"]')
    page.click('button[data-cut="1"]')
    page.wait_for_selector("#notice:not([hidden])")
    assert "first go-round" in page.inner_text("#notice")
    assert page.inner_text("#notice").startswith("Event 1 ✂: a state is never")  # named in words, not "at"
    same_document(tab.doc(), doc)

    def cuts(at):
        try:
            return cut_data(doc, at)
        except InputError:
            return None
    at = next(at for at in range(1, 60) if cuts(at) is not None)
    page.click(f'button[data-cut="{at}"]')
    page.wait_for_selector('li[data-index="0"][data-type="state"]')
    assert adjudicate_data(tab.doc())["hands"][0]["net"] == adjudicate_data(doc)["hands"][0]["net"]
    same_document(tab.doc(), cuts(at))
