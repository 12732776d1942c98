"""The riichi table page in a real browser (the harness: tests/browserkit.py): a riichi hand entered
from the deal by taps gets the API's payments, net and scores, in 日本語 too; the keyboard knows the
red fives; a riichi input error shows at its event.
"""
from __future__ import annotations

import json

from api.documents.documents import adjudicate_data
from tests.browserkit import (Tab, browser, enter_event, page_weight, playwright, public,  # noqa: F401
                              report, rule, same_document, screenshot, shown_ruling, tab, tap_chip,
                              tap_tiles, tiles_of)
from tests.riichikit import RIICHI


def enter_riichi_from_the_deal(tab: Tab, doc: dict) -> None:
    """Enter a one-hand riichi document that starts from the deal, by taps: the variant, honba
    and sticks (+), the scores (the number pad), the deal through the tile keyboard, the events."""
    page = tab.page
    hand = doc["hand"]
    tap_chip(page, "variant", "riichi")
    fresh = tab.doc()
    assert fresh["ruleset"] == doc["ruleset"] and fresh["players"] == doc["players"]
    assert fresh["hand"]["scores"] == {p: 25000 for p in doc["players"]}  # the preset's start points
    for key in ("dealer", "round_wind"):
        if hand[key] != fresh["hand"][key]:
            tap_chip(page, f"hand.{key}", hand[key])
    for key in ("honba", "sticks"):
        for _ in range(hand[key]):
            page.click(f'[data-path="hand.{key}"] button:has-text("+")')
    for player, points in hand["scores"].items():
        if points != fresh["hand"]["scores"][player]:
            page.click(f'[aria-label="score {player}"]', click_count=3)
            page.keyboard.type(str(points))
            page.keyboard.press("Enter")
    deal, *events = hand["events"]
    tap_chip(page, "hand.events[0]", "deal")
    for player, held in deal["hands"].items():
        tap_tiles(page, f"hand.events[0].hands.{player}", tiles_of(held))
        assert page.inner_text(f'[data-count="{player}"]') == "13/13"  # the dealer's 14th is a draw
    tap_tiles(page, "hand.events[0].dora", [deal["dora"]])
    for i, event in enumerate(events, start=1):
        enter_event(tab, i, event)
    same_document(tab.doc(), doc)


def test_a_riichi_dispute_from_the_deal_by_taps_gets_the_apis_ruling(tab, capsys):
    expected = adjudicate_data(RIICHI)["hands"][0]
    page = tab.open()
    size, count = page_weight(page)
    report(capsys, f"first load: {size / 1024:.1f} KB transferred in {count} responses")
    enter_riichi_from_the_deal(tab, RIICHI)
    assert adjudicate_data(tab.doc())["hands"][0] == expected  # the page built the same document
    ms = rule(page)
    report(capsys, f"riichi from the deal: {ms} ms from pressing Rule to the ruling shown")
    payments, net = shown_ruling(page)
    assert payments == [{k: p[k] for k in ("from", "to", "amount", "rule")} for p in expected["payments"]]
    assert "kyotaku" in {p["to"] for p in payments} and net == expected["net"]
    scores = dict(page.eval_on_selector_all(
        ".scores [data-party]", "cells => cells.map(c => [c.dataset.party, +c.dataset.amount])"))
    assert scores == expected["scores"]
    (winner,) = expected["winners"]
    shown = page.locator(f'.winner[data-winner="{winner["player"]}"]')
    assert shown.locator("[data-han]").get_attribute("data-han") == str(winner["han"])
    assert shown.locator("[data-han]").get_attribute("data-fu") == str(winner["fu"])
    assert shown.locator("[data-points]").get_attribute("data-points") == str(winner["points"])
    assert winner["limit"] in shown.inner_text()
    keys = shown.locator(".pat").evaluate_all("rows => rows.map(r => r.dataset.pattern)")
    assert keys == [p["key"] for p in winner["patterns"]]
    nxt = expected["next"]
    for key in ("dealer", "honba", "sticks"):
        assert page.get_attribute(".next", f"data-{key}") == str(nxt[key])
    assert page.get_attribute(".next", "data-game-over") == json.dumps(nxt["game_over"])
    assert page.get_attribute(".result", "data-result") == expected["result"]
    screenshot(page, "riichi-from-the-deal.png")
    # the clause of a payment opens its text from the riichi rulebook
    from rulesbook.clauses import clause

    page.click('#ruling .rule-id[data-clause="RJ-PAY-1"] >> nth=0')
    page.wait_for_function("document.querySelector('#clause-text').textContent.length > 20")
    assert page.inner_text("#clause-text") == clause("riichi", "RJ-PAY-1")["text"]
    page.click("#clause-dialog button")
    # the language button: 中文, then 日本語 (riichi's rulings have it), then English again
    names = lambda: shown.locator(".pat span:not(.n)").all_inner_texts()  # noqa: E731
    assert names() == [f'{p["name"]} {p["en"]}' for p in winner["patterns"]]
    assert page.inner_text("#lang") == "中文"
    page.click("#lang")
    assert names() == [p["name"] for p in winner["patterns"]]
    assert page.inner_text("#lang") == "日本語"
    page.click("#lang")
    assert names() == [p["ja"] for p in winner["patterns"]]
    assert page.inner_text("#rule") == "裁定" and page.evaluate("document.documentElement.lang") == "ja"
    screenshot(page, "riichi-ruling-ja.png")
    page.click("#lang")
    assert page.inner_text("#rule") == "Rule"


def test_the_riichi_keyboard_knows_the_red_fives(tab):
    page = tab.open()
    tap_chip(page, "variant", "riichi")
    tap_chip(page, "ruleset.options.red_fives", False)  # red fives off: four plain 5m, no red key
    assert tab.doc()["ruleset"]["options"] == {"red_fives": False}
    tap_chip(page, "hand.events[0]", "deal")
    page.click('.tiles[data-target="hand.events[0].hands.A"]')
    assert page.locator('#kbd-keys [data-key="0m"]').count() == 0
    for _ in range(4):
        page.click('#kbd-keys [data-key="5m"]')
    assert tab.doc()["hand"]["events"][0]["hands"]["A"] == ["5m"] * 4
    page.click('#kbd-keys [data-key="done"]')
    tap_chip(page, "ruleset.options.red_fives", True)  # on again: the preset's value, left out
    assert "options" not in tab.doc()["ruleset"]
    page.click('.tiles[data-target="hand.events[0].hands.A"]')
    page.click('#kbd-keys [data-key="0m"]')  # all four fives are in play: a fifth copy
    assert "No fifth" in page.inner_text("#kbd-msg")
    page.click('.tiles[data-target="hand.events[0].hands.A"] .t >> nth=0')  # one 5m taken out
    page.click('#kbd-keys [data-key="0m"]')
    assert tab.doc()["hand"]["events"][0]["hands"]["A"] == ["5m", "5m", "5m", "0m"]
    page.click('.tiles[data-target="hand.events[0].hands.A"] .t >> nth=3')  # the red one out
    page.click('#kbd-keys [data-key="5m"]')  # 3 plain and 1 red: a fourth plain 5m is refused
    assert tab.doc()["hand"]["events"][0]["hands"]["A"] == ["5m", "5m", "5m"]
    assert "No fourth plain" in page.inner_text("#kbd-msg")
    page.click('#kbd-keys [data-key="0p"]')  # near miss: another suit's red five is taken
    page.click('#kbd-keys [data-key="0m"]')
    page.click('#kbd-keys [data-key="0m"]')  # a second red 5m is refused
    assert "No second" in page.inner_text("#kbd-msg")
    assert tab.doc()["hand"]["events"][0]["hands"]["A"] == ["5m", "5m", "5m", "0m", "0p"]
    assert page.get_attribute('#kbd-keys [data-key="0m"]', "class").split().count("full") == 1


def test_a_riichi_input_error_is_shown_at_its_event(tab):
    page = tab.open()
    assert page.evaluate("text => window.refereeTable.importText(text)", json.dumps(RIICHI))
    assert page.locator('#add-event [data-add="flower"]').count() == 0  # only riichi's events
    assert page.locator('#add-event [data-add="win"]').count() == 1  # after a win: a double ron
    page.click('li[data-index="5"] .sum')  # B's riichi discard: a tile he does not hold
    tap_tiles(page, "hand.events[5].tile", ["1p"])
    rule(page)
    note = page.locator('li[data-index="5"] .err[data-error-for="hand.events[5].tile"]')
    assert note.is_visible() and "B does not hold 1p" in note.inner_text()
    assert page.locator(".err.placed").count() == 1 and page.locator("tr.payment").count() == 0
    tap_tiles(page, "hand.events[5].tile", ["1z"])  # near miss: the tile he drew
    page.click("#rule")
    page.wait_for_selector("tr.payment")  # the ruling this time (#ruling[data-done] is there already)
    assert page.locator(".err.placed").count() == 0
    assert shown_ruling(page)[1] == adjudicate_data(RIICHI)["net"]
