"""A newcomer's trial of the table page on a phone (360×640), for every variant: the variant chip
tapped, one worked example read in (examples/, riichi's from tests/riichikit: examples/ has none)
and ruled, the ruling's payments the API's own, a clause ID tapped to open its text, the language
switched, and all along no console error, no raw word key on the page and nothing wider than the
screen. Then the faults the trial found, each with its test: Wuhan's position showed Shanghai's
百搭 fields (labels and a `wild` box the loader refuses beside the indicator)."""
from __future__ import annotations

import copy
import json
import re

import pytest

from api.documents.documents import adjudicate_data
from api.page.web import TABLES
from tests.browserkit import Tab, browser, playwright, public, report, screenshot  # noqa: F401
from tests.riichikit import RIICHI
from tests.test_browser_disputes import RUN, Taps, shows_the_ruling_of, thirteen_discard
from tests.servicekit import ROOT

#: one worked example per variant (examples/ has none for riichi)
EXAMPLES = {"tw16": "false-win.json", "riichi": None, "hk": "hk-false-win.json",
            "guangdong": "gd-rob-kong.json", "wuhan": "wh-wild-reading.json",
            "sichuan": "sc-void-suit-win.json", "shanghai": "sh-huangfan-hunpeng.json"}
#: a word key of table-words.js shown as itself: its table has no entry for it
RAW_KEY = re.compile(r"^(?:bd|sh|wh|sc)_[a-z_]+$|^(?:indicator|wild|void_suit|left_play|huang_fan)$")


def test_every_variant_has_an_example_here():
    assert set(EXAMPLES) == set(TABLES)


class Trial(Tab):
    """A Tab that also fails on any console error (a failed script, a bad fetch)."""

    def __init__(self, browser, base):
        super().__init__(browser, base)
        self.page.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)


def document(variant: str) -> dict:
    name = EXAMPLES[variant]
    return copy.deepcopy(RIICHI) if name is None else json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))


def wide(page) -> list[str]:
    """What reaches past the screen's right edge (the bar and keyboard are fixed and excluded)."""
    return page.evaluate("""() => { const w = document.documentElement.clientWidth;
        return [...document.querySelectorAll('#app *')].filter(e => !e.closest('[hidden],details:not([open])'))
          .filter(e => { const r = e.getBoundingClientRect(); return r.width && r.right > w + 0.5; })
          .map(e => e.tagName + '.' + e.className + ': ' + e.textContent.slice(0, 30)); }""")


def raw_keys(page) -> list[str]:
    texts = page.eval_on_selector_all("#app *", "es => es.filter(e => !e.children.length).map(e => e.textContent.trim())")
    return sorted({s for s in texts if RAW_KEY.match(s)})


@pytest.mark.parametrize("variant", sorted(EXAMPLES))
def test_a_newcomer_rules_one_example_of_each_variant(browser, public, variant):
    doc = document(variant)
    tab = Trial(browser, public.url)
    try:
        page = tab.open()
        page.click(f'[data-path="variant"] [data-value="{variant}"]')
        assert tab.doc()["variant"] == variant
        assert wide(page) == [] and raw_keys(page) == []
        page.evaluate("t => window.refereeTable.importText(t)", json.dumps(doc, ensure_ascii=False))
        page.click("#rule")
        page.wait_for_selector("tr.payment, .result")
        expected = adjudicate_data(doc)["hands"][0]
        first = page.eval_on_selector_all(
            "tr.payment", "rs => rs.map(r => [r.dataset.from, r.dataset.to, +r.dataset.amount])")[:len(expected["payments"])]
        assert first == [[p["from"], p["to"], p["amount"]] for p in expected["payments"]]
        assert page.get_attribute(".result", "data-result") == expected["result"]
        assert wide(page) == [] and raw_keys(page) == []
        cited = page.get_attribute("#ruling .rule-id", "data-clause")
        page.click("#ruling .rule-id")  # the clause's text opens over the page
        page.wait_for_function("id => document.querySelector('#clause-title').textContent.startsWith(id + ' ')"
                               " || document.querySelector('#clause-title').textContent.startsWith(id + ' (')", arg=cited)
        assert page.inner_text("#clause-text").strip()
        page.keyboard.press("Escape")
        langs = []
        for _ in TABLES[variant]["languages"]:
            page.click("#lang")
            langs.append(page.evaluate("document.documentElement.lang"))
            assert page.get_attribute(".result", "data-result") == expected["result"]  # drawn again
            assert raw_keys(page) == [] and wide(page) == []
        assert len(set(langs)) == len(TABLES[variant]["languages"])
        screenshot(page, f"variant-{variant}.png")
    finally:
        tab.close()


# --- the faults the trial found --------------------------------------------------------------------


def test_the_words_table_names_each_word_once():
    """A key written twice in a words table keeps only the last (Shanghai's `indicator` and `wild`
    overwrote Wuhan's: its 癞子 read "Wild 百搭")."""
    text = (ROOT / "api" / "page" / "static" / "table-words.js").read_text(encoding="utf-8")
    block = text[text.index("const WORDS = {"):]
    block = block[:block.index("\n};")]
    keys = re.findall(r"(?:^|[{,]\s*)([a-z_0-9]+): \[", block, re.M)
    assert keys and sorted({k for k in keys if keys.count(k) > 1}) == []


def test_wuhan_shows_one_indicator_and_its_laizi_not_shanghai_baida(browser, public):
    """Wuhan's position: one indicator box, its 癞子 beside it, and no 百搭 fields (a `wild` typed
    there the loader refused: "the indicator 1z gives the wild kind 2z, not …")."""
    tab = Trial(browser, public.url)
    try:
        page = tab.open()
        page.click('[data-path="variant"] [data-value="wuhan"]')
        page.click('#position-form [data-value="state"]')
        assert page.locator('.tiles[data-target="hand.events[0].indicator"]').count() == 1
        assert page.locator('.tiles[data-target="hand.events[0].wild"]').count() == 0
        page.click('.tiles[data-target="hand.events[0].indicator"]')
        page.click('#kbd-keys [data-key="1z"]')
        form = page.inner_text("#position-form")
        assert "百搭" not in form and "Indicator" in form and "→ wild" in form
        page.click("#lang")
        form = page.inner_text("#position-form")
        assert "百搭" not in form and "翻牌" in form and "癞子" in form
    finally:
        tab.close()


def test_shanghai_baida_keeps_its_own_labels(browser, public):
    tab = Trial(browser, public.url)
    try:
        page = tab.open()
        page.click('[data-path="variant"] [data-value="shanghai"]')
        page.click('[data-path="ruleset.preset"] [data-value="baida"]')
        page.click('#position-form [data-value="state"]')
        assert page.locator('.tiles[data-target="hand.events[0].wild"]').count() == 1
        form = page.inner_text("#position-form")
        assert "百搭 indicator" in form and "Wild 百搭" in form
    finally:
        tab.close()


@pytest.mark.parametrize("variant", ["hk", "wuhan"])
def test_a_self_draw_win_after_a_known_position_names_the_player_on_turn(browser, public, variant):
    """The dealer's 14 tiles entered, then "win": the winner is the player on turn (the page left
    him out and Rule answered "Event 1 (win) · player: required, and missing")."""
    tab = Trial(browser, public.url)
    try:
        page = tab.open()
        tap = Taps(page)
        tap(f'[data-path="variant"] [data-value="{variant}"]')
        if variant == "wuhan":
            tap('.tiles[data-target="hand.events[0].indicator"]')
            tap.keys("1z")  # 南 is the 癞子
        tap('.tiles[data-target="hand.events[0].hands.A"]')
        tap.group("run")
        tap.keys("1m", "4m", "7m", "2p")
        tap.group("1")
        tap.keys("5p", "5p" if variant == "hk" else "2z")  # 14 tiles: the keyboard closes
        tap('#add-event [data-add="win"]')
        built = tap.rule()
        assert built["hand"]["events"][1] == {"type": "win", "player": "A", "how": "self_draw"}
        expected = adjudicate_data(built)["hands"][0]
        # hk club: a chicken hand self-drawn wins; wuhan kaikoufan: a closed 屁胡 is a 诈胡 (WH-HU-2)
        assert expected["result"] == {"hk": "win", "wuhan": "false_win"}[variant]
        assert page.get_attribute(".result", "data-result") == expected["result"]
        assert tap.n == {"hk": 12, "wuhan": 14}[variant]
    finally:
        tab.close()


def test_one_die_tapped_is_no_pair_of_dice(browser, public):
    """Shanghai: a 3 tapped on the first die made the roll 3-3, a 荒番 hand (SH-HF-2: 3-3 adds 1,
    SH-HF-3: shares doubled) the table never rolled. Now the roll stays half entered and Rule
    says where: the dice, two numbers from 1 to 6; the second die's tap completes it."""
    tab = Trial(browser, public.url)
    try:
        page = tab.open()
        page.click('[data-path="variant"] [data-value="shanghai"]')
        page.click('[data-path="hand.dice[0]"] [data-value="3"]')
        assert tab.doc()["hand"]["dice"] == [3, None]
        page.click("#rule")
        note = page.wait_for_selector('[data-error-for="hand.dice"]')  # beside the dice
        assert "must be two whole numbers from 1 to 6" in note.inner_text()
        shown = page.inner_text("#ruling")
        assert "Dice" in shown and "荒番 hand" not in shown
        page.click('[data-path="hand.dice[1]"] [data-value="5"]')  # 3-5: no 1, 4 or pair, adds 0
        assert tab.doc()["hand"]["dice"] == [3, 5]
        page.click("#rule")
        page.wait_for_selector(".result")
        assert "荒番 hand" not in page.inner_text("#ruling")
    finally:
        tab.errors = [e for e in tab.errors if "422" not in e]  # the refused document's response
        tab.close()


@pytest.mark.parametrize("variant", ["wuhan", "shanghai"])
def test_no_indicator_event_is_offered_after_a_known_position(browser, public, variant):
    """The loader takes an `indicator` event only from the deal, before the first discard (a
    `state` start carries it as `indicator`); the menu offered it after a state and Rule then
    refused the document ("a 'state' start gives the indicator as 'indicator', not as an event")."""
    tab = Trial(browser, public.url)
    try:
        page = tab.open()
        page.click(f'[data-path="variant"] [data-value="{variant}"]')
        if variant == "shanghai":
            page.click('[data-path="ruleset.preset"] [data-value="baida"]')
        assert tab.doc()["hand"]["events"][0]["type"] == "state"
        assert page.locator('#add-event [data-add="indicator"]').count() == 0
        page.click('#position-form [data-value="deal"]')
        if variant == "shanghai":  # wuhan's from the deal is the indicator box on the position
            assert page.locator('#add-event [data-add="indicator"]').count() == 1
            page.click('#add-event [data-add="indicator"]')
            page.click('#kbd-keys [data-key="4p"]')
            if page.is_visible("#kbd"):
                page.click('#kbd-keys [data-key="done"]')
        page.click('#add-event [data-add="discard"]')
        page.click('#kbd-keys [data-key="9m"]')
        assert page.locator('#add-event [data-add="indicator"]').count() == 0  # after the first discard
    finally:
        tab.close()


# --- the disputes of the variants without a tap trial of their own --------------------------------


def test_a_guangdong_false_win_on_a_discard_in_thirteen_taps(browser, public, capsys):
    """C, four runs and a lone 東, declares a win on A's 4p: 诈胡 (GD-ZH-1). wufan's false_win is
    reverse_limit, the cap share base 1 × 2^5 = 32 to each other player (GD-ZH-2): C −96."""
    tab = Trial(browser, public.url)
    try:
        tap = thirteen_discard(tab, "guangdong", "1z")
        tap('#add-event [data-add="win"]')
        built = tap.rule()
        expected = shows_the_ruling_of(tab, built, {
            "format": "mjref/1", "variant": "guangdong", "ruleset": {"preset": "wufan", "base": 1},
            "players": ["A", "B", "C", "D"],
            "hand": {"round_wind": "1z", "dealer": "A", "streak": 0, "events": [
                {"type": "state", "hands": {"A": 14, "B": 13, "C": RUN + ["1z"], "D": 13}, "phase": "discard"},
                {"type": "discard", "player": "A", "tile": "4p"},
                {"type": "win", "player": "C", "how": "discard", "tile": "4p", "from": "A"}]}})
        assert expected["result"] == "false_win" and [r["rule"] for r in expected["rulings"]] == ["GD-ZH-1"]
        assert expected["net"] == {"A": 32, "B": 32, "C": -96, "D": 32}
        report(capsys, f"guangdong 诈胡 on a discard: {tap.n} taps")
        assert tap.n == 13
    finally:
        tab.close()


def test_a_shanghai_knocked_win_in_a_huang_fan_hand_in_fifteen_taps(browser, public, capsys):
    """C knocked (敲) and wins on A's 4p with the 荒番 counter at 1: 无花果 门清, F 1, min(10 × 2,
    20) = 20 points (SH-PAY-2), doubled in a 荒番 hand (SH-HF-3): A pays C 40."""
    tab = Trial(browser, public.url)
    try:
        tap = thirteen_discard(tab, "shanghai", "4p")
        tap('[data-path="hand.events[0].status.C"] [data-value="knocked"]')
        tap('[data-path="hand.huang_fan"] button >> nth=1')  # the 荒番 counter: +
        tap('#add-event [data-add="win"]')
        built = tap.rule()
        assert built["hand"]["huang_fan"] == 1
        expected = adjudicate_data(built)["hands"][0]
        assert expected["result"] == "win" and expected["net"] == {"A": -40, "B": 0, "C": 40, "D": 0}
        assert page_rows(tab.page) == [["A", "C", 40]]
        assert "a 荒番 hand: shares doubled" in tab.page.inner_text("#ruling")
        report(capsys, f"shanghai knocked win in a 荒番 hand: {tap.n} taps")
        assert tap.n == 15
    finally:
        tab.close()


def page_rows(page) -> list:
    return page.eval_on_selector_all("tr.payment", "rs => rs.map(r => [r.dataset.from, r.dataset.to, +r.dataset.amount])")


def test_an_event_row_of_a_variant_without_cuts_shows_no_null(browser, public):
    """Sichuan's hands cannot be cut (no ✂): each event row showed the word "null" in its place."""
    tab = Trial(browser, public.url)
    try:
        page = tab.open()
        page.click('[data-path="variant"] [data-value="sichuan"]')
        page.click('#add-event [data-add="declare"]')
        head = page.inner_text("#events > li:nth-child(2) .head")
        assert "null" not in head and "✂" not in head and "✕" in head
    finally:
        tab.close()


@pytest.mark.parametrize("variant", ["tw16", "hk", "wuhan", "sichuan", "shanghai"])
def test_the_streak_marker_is_offered_only_where_the_loader_takes_it(browser, public, variant):
    """tw16's streak marker (TW-FLOW-9) sat beside every variant's streak; hk's loader, and the
    others', refuse it ("hand.streak_marker: a tw16 field: not in variant hk")."""
    tab = Trial(browser, public.url)
    try:
        page = tab.open()
        page.click(f'[data-path="variant"] [data-value="{variant}"]')
        assert page.locator('[data-path="hand.streak_marker"]').count() == (variant == "tw16")
    finally:
        tab.close()


@pytest.mark.parametrize("variant, preset, words", [("wuhan", "koukoufan", ("koukoufan 口口翻", "口口翻")),
                                                     ("sichuan", "chengdu", ("chengdu 成都", "成都")),
                                                     ("shanghai", "qiaoma", ("qiaoma 敲麻", "敲麻"))])
def test_a_preset_reads_in_the_variants_own_words(browser, public, variant, preset, words):
    """The presets of the three new variants showed as bare pinyin (kaikoufan, qiaoma): a Wuhan
    referee knows 开口翻 and 口口翻. The chip keeps the name the document carries."""
    tab = Trial(browser, public.url)
    try:
        page = tab.open()
        page.click(f'[data-path="variant"] [data-value="{variant}"]')
        chip = f'[data-path="ruleset.preset"] [data-value="{preset}"]'
        assert page.inner_text(chip) == words[0]
        page.click("#lang")
        assert page.inner_text(chip) == words[1]
        page.click(chip)
        assert tab.doc()["ruleset"]["preset"] == preset
    finally:
        tab.close()
