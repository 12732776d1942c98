"""Shanghai on the table page at 360×640: a win declared without a knock (敲) is 诈胡, ruled in a
dozen taps from the page as it opens; the same hand knocked (one chip more) wins; a declare after a
discard is that player's knock; 中發白 are flower tiles under the default preset; the hand's 荒番
counter and dice are entered by taps; the 百搭 indicator is offered under ``baida`` only. Every request stays
on 127.0.0.1 and the page raises no error (``Tab.close``). The money: RULEBOOK_SH, base 1."""
from __future__ import annotations

import json
from pathlib import Path

from api.documents.documents import adjudicate_data
from tests.browserkit import Tab, browser, playwright, public, report, screenshot  # noqa: F401
from tests.test_browser_disputes import BUDGET, Taps, thirteen_discard

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _enter_false_win(tab: Tab) -> tuple[Taps, dict]:
    tap = thirteen_discard(tab, "shanghai", "4p")  # C waits on 4p; A, the dealer, discards 4p
    return tap, tap.page


def test_a_win_without_a_knock_is_a_false_win_in_few_taps(browser, public, capsys):
    tab = Tab(browser, public.url)
    try:
        tap, page = _enter_false_win(tab)
        tap('#add-event [data-add="win"]')  # on A's 4p, by C (the hand entered)
        built = tap.rule()
        assert built["variant"] == "shanghai" and built["ruleset"] == {"preset": "qiaoma", "base": 1}
        assert built["hand"]["events"][2] == {"type": "win", "player": "C", "how": "discard",
                                              "tile": "4p", "from": "A"}
        expected = adjudicate_data(built)["hands"][0]
        assert expected["result"] == "false_win"
        assert [r["rule"] for r in expected["rulings"]] == ["SH-ZH-1", "SH-QIAO-4"]
        # SH-ZH-2 reverse_lezi: the 勒子 20 × base 1 to each other player
        assert expected["net"] == {"A": 20, "B": 20, "C": -60, "D": 20}
        assert page.get_attribute(".result", "data-result") == "false_win"
        rows = page.eval_on_selector_all("tr.payment", "rows => rows.map(r => [r.dataset.from, r.dataset.to, +r.dataset.amount])")
        assert rows == [[p["from"], p["to"], p["amount"]] for p in expected["payments"]]
        assert "勒子 20 × base 1" in page.inner_text("tr.why >> nth=0")
        screenshot(page, "dispute-sh-no-knock.png")
        report(capsys, f"shanghai win without a knock: {tap.n} taps (goal ≤ {BUDGET})")
        assert tap.n <= BUDGET
    finally:
        tab.close()


def test_the_same_hand_knocked_wins(browser, public):
    tab = Tab(browser, public.url)
    try:
        tap, page = _enter_false_win(tab)
        tap('[data-path="hand.events[0].status.C"] [data-value="knocked"]')
        tap('#add-event [data-add="win"]')
        built = tap.rule()
        assert built["hand"]["events"][0]["status"] == {"C": {"knocked": True}}
        expected = adjudicate_data(built)["hands"][0]
        # 无花果 (H 0) 门清 F 1: min(10 × 2, 20) = 20 points, one share from the discarder
        assert expected["result"] == "win" and expected["winners"][0]["points"] == 20
        assert expected["net"] == {"A": -20, "B": 0, "C": 20, "D": 0}
        assert page.get_attribute(".result", "data-result") == "win"
    finally:
        tab.close()


def test_a_declare_after_a_discard_is_the_discarders_knock_and_dragons_are_flowers(browser, public):
    tab = Tab(browser, public.url)
    try:
        page = tab.open()
        tap = Taps(page)
        tap('[data-path="variant"] [data-value="shanghai"]')
        tap('#add-event [data-add="discard"]')
        tap.keys("9m")
        tap('#add-event [data-add="declare"]')
        assert tab.doc()["hand"]["events"][2] == {"type": "declare", "player": "A", "what": "knock"}
        assert page.evaluate("() => [isFlower('5z'), isFlower('7z'), isFlower('1z'), isFlower('3f')]") == [True, True, False, True]
        page.click('[data-path="hand.huang_fan"] button >> nth=1')  # the 荒番 counter: + (SH-HF-1)
        page.click('[data-path="hand.dice[0]"] [data-value="1"]')  # the dice 1-3 (SH-HF-2)
        page.click('[data-path="hand.dice[1]"] [data-value="3"]')
        hand = tab.doc()["hand"]
        assert hand["huang_fan"] == 1 and hand["dice"] == [1, 3]
        page.click('[data-path="variant"] [data-value="hk"]')
        assert page.evaluate("() => isFlower('5z')") is False  # hk's dragons are tiles
    finally:
        tab.close()


def test_the_baida_indicator_is_offered_under_baida_only(browser, public):
    tab = Tab(browser, public.url)
    try:
        page = tab.open()
        page.click('[data-path="variant"] [data-value="shanghai"]')
        assert page.locator('#add-event [data-add="indicator"]').count() == 0  # qiaoma plays no wild
        assert page.locator('.tiles[data-target="hand.events[0].indicator"]').count() == 0
        page.click('[data-path="ruleset.preset"] [data-value="baida"]')
        assert tab.doc()["ruleset"]["preset"] == "baida"
        assert page.locator('.tiles[data-target="hand.events[0].indicator"]').count() == 1  # the state's indicator
        assert page.locator('#add-event [data-add="indicator"]').count() == 0  # not as an event after a state
        page.click('#position-form [data-value="deal"]')  # from the deal: the indicator event
        page.click('#add-event [data-add="indicator"]')
        page.click('#kbd-keys [data-key="4p"]')
        assert tab.doc()["hand"]["events"][1] == {"type": "indicator", "tile": "4p"}
    finally:
        tab.close()


def test_the_ruling_shows_the_flowers_points_and_the_huang_fan_counter(browser, public):
    doc = json.loads((EXAMPLES / "sh-huangfan-hunpeng.json").read_text(encoding="utf-8"))
    tab = Tab(browser, public.url)
    try:
        page = tab.open()
        assert page.evaluate("text => window.refereeTable.importText(text)", json.dumps(doc))
        Taps(page).rule()
        # §15: 混碰 F 2, H 2: min(4 × 4, 20) = 16, × 2 in a 荒番 hand = 32 points, × base 5 = 160
        winner = page.locator('.winner[data-winner="B"] b[data-fan]')
        assert winner.get_attribute("data-points") == "32" and winner.get_attribute("data-flowers") == "2"
        assert winner.get_attribute("data-fan") == "2" and "· 160" in page.inner_text('.winner[data-winner="B"]')
        counter = page.locator(".huang-fan")
        assert [counter.get_attribute(f"data-{k}") for k in ("before", "after", "doubled")] == ["1", "0", "true"]
    finally:
        tab.close()
