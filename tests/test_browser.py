"""The table page in a real browser: headless Chromium (the system's, /usr/bin/chromium) driven by
Playwright, against the real server (waitress) on 127.0.0.1 with a temporary database.

Every request the browser makes is routed: one to another host than 127.0.0.1 is aborted and
recorded, and each test asserts there was none (the page works with the network off).

Without Playwright or Chromium these tests are skipped, saying why, except where
``REFEREE_BROWSER_TESTS=1`` (set by .ci/run): there they fail. The figures they measure (page
weight, time from pressing Rule to the ruling shown) are printed, never asserted. The 360×640
screenshots go to tests/artifacts/ (or ``$REFEREE_ARTIFACTS``); with ``REFEREE_README_SCREENSHOT=1``
the README's docs/table-page.png is made again.
"""
from __future__ import annotations

import copy
import json
import os
import re
import shutil
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest

from api.http.app import create_app
from api.http.context import STORE
from api.documents.documents import adjudicate_data
from tests.servicekit import ROOT
from tests.shared_skips import REASON, shared

CHROMIUM = os.environ.get("REFEREE_CHROMIUM", "/usr/bin/chromium")
REQUIRED = os.environ.get("REFEREE_BROWSER_TESTS") == "1"
ARTIFACTS = Path(os.environ.get("REFEREE_ARTIFACTS") or ROOT / "tests" / "artifacts")
EXAMPLES = shared("examples")
PHONE = {"width": 360, "height": 640}
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
TILE = re.compile(r"^(?:[0-9][mps]|[1-7]z|[1-8]f|\?)$")


def _cannot(reason: str):
    if REQUIRED:
        pytest.fail(f"REFEREE_BROWSER_TESTS=1 but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def playwright():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _cannot("Playwright is not installed (pip install -e '.[test]')")
    if not (shutil.which(CHROMIUM) or os.path.exists(CHROMIUM)):
        _cannot(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield browser
    browser.close()


class Server:
    """The app under waitress on 127.0.0.1, any free port, in a thread."""

    def __init__(self, db: Path, **config):
        from waitress import create_server

        self.app = create_app({"REFEREE_DB": str(db), **config})
        self.server = create_server(self.app, host="127.0.0.1", port=0, threads=4)
        self.url = f"http://127.0.0.1:{self.server.effective_port}"
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()

    def close(self):
        self.server.close()
        self.thread.join(5)
        self.app.extensions[STORE].close()


@pytest.fixture(scope="module")
def public(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("public") / "referee.db", REFEREE_PUBLIC_READS=True)
    yield server
    server.close()


@pytest.fixture(scope="module")
def keyed(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("keyed") / "referee.db", REFEREE_PUBLIC_READS=False)
    yield server
    server.close()


class Tab:
    """A fresh phone-sized page (its own storage) whose requests beyond 127.0.0.1 are aborted."""

    def __init__(self, browser, base: str):
        self.base = base
        self.context = browser.new_context(viewport=PHONE, device_scale_factor=1, locale="en-US",
                                           accept_downloads=True)
        self.outside: list[str] = []
        self.with_key: list[str] = []  # every request that carried an Authorization header
        self.failed: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.set_default_timeout(10_000)
        self.page.on("requestfailed", lambda r: self.failed.append(r.url))
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _route(self, route):
        if "authorization" in route.request.headers:
            self.with_key.append(route.request.url)
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()

    def open(self, path: str = "/"):
        self.page.goto(self.base + path)
        self.page.wait_for_function("document.fonts.status === 'loaded' && !!window.refereeTable")
        return self.page

    def doc(self) -> dict:
        return self.page.evaluate("() => JSON.parse(JSON.stringify(window.refereeTable.doc))")

    def close(self):
        assert self.outside == [], f"requests left 127.0.0.1: {self.outside}"
        assert self.errors == [], f"errors in the page: {self.errors}"
        self.context.close()


@pytest.fixture
def tab(browser, public):
    t = Tab(browser, public.url)
    yield t
    t.close()


def report(capsys, line: str) -> None:
    with capsys.disabled():
        print(f"\n[table page] {line}")


def example(name: str) -> dict:
    path = EXAMPLES / name
    if not path.exists():
        _cannot(f"{REASON}: {path} is not here: the worked examples are read in place")
    return json.loads(path.read_text(encoding="utf-8"))


# --- entering a document by taps ----------------------------------------------------------------


def tiles_of(value) -> list[str]:
    from referee.tiles import code, parse_compact

    return [code(t) for t in parse_compact(value, red=True)] if isinstance(value, str) else list(value)


def normal(doc: dict) -> dict:
    """A document with tile lists as arrays of codes, concealed hands sorted: how the page keeps it."""
    doc = copy.deepcopy(doc)
    for e in doc["hand"]["events"]:
        for key in ("with", "tiles", "shown", "ura"):
            if key in e:
                e[key] = tiles_of(e[key])
        if "hands" in e:
            e["hands"] = {p: sorted(tiles_of(v)) for p, v in e["hands"].items()}
    return doc


def tap_tiles(page, target: str, tiles: list[str]) -> None:
    page.click(f'.tiles[data-target="{target}"]')
    for c in tiles:
        page.click(f'#kbd-keys [data-key="{c}"]')
    if page.is_visible("#kbd"):
        page.click('#kbd-keys [data-key="done"]')


def tap_chip(page, path: str, value) -> None:
    text = json.dumps(value) if isinstance(value, bool) or value is None else str(value)
    page.click(f'[data-path="{path}"] [data-value="{text}"]')


def enter_document(tab: Tab, doc: dict) -> None:
    """Enter a one-hand document with a known position through the page, by taps, the tile
    keyboard and (for the wall count) the number pad; then check the page holds that document."""
    page = tab.page
    hand = doc["hand"]
    fresh = tab.doc()
    assert doc["players"] == fresh["players"] and doc["ruleset"] == fresh["ruleset"]
    for key in ("dealer", "round_wind"):
        if hand[key] != fresh["hand"][key]:
            tap_chip(page, f"hand.{key}", hand[key])
    for _ in range(hand.get("streak", 0)):
        page.click('[data-path="hand.streak"] button:has-text("+")')
    state, *events = hand["events"]
    assert state["type"] == "state" and set(state) <= {"type", "hands", "turn", "phase", "wall_left"}
    page.click('#position-form [data-value="state"]')
    for key in ("turn", "phase"):  # first: how many tiles each hand holds follows from them
        if key in state:
            tap_chip(page, f"hand.events[0].{key}", state[key])
    for player, held in state["hands"].items():
        tap_tiles(page, f"hand.events[0].hands.{player}", tiles_of(held))
    page.click("#wall-left")
    page.keyboard.type(str(state["wall_left"]))
    page.keyboard.press("Enter")
    for i, event in enumerate(events, start=1):
        enter_event(tab, i, event)
    same_document(tab.doc(), doc)


def same_document(built: dict, wanted: dict) -> None:
    """The page's document is ``wanted`` (tile lists read alike), compared part by part."""
    built, wanted = normal(built), normal(wanted)
    for k, (b, w) in enumerate(zip(built["hand"]["events"], wanted["hand"]["events"])):
        assert b == w, f"event {k}"
    assert built == wanted


def enter_event(tab: Tab, i: int, event: dict) -> None:
    page = tab.page
    page.click(f'#add-event [data-add="{event["type"]}"]')
    path = f"hand.events[{i}]"
    filled = tab.doc()["hand"]["events"][i]
    for key in sorted(set(filled) | set(event)):
        want = event.get(key)
        if key == "type" or filled.get(key) == want:
            continue
        if isinstance(want, str) and TILE.match(want):
            tap_tiles(page, f"{path}.{key}", [want])
        elif isinstance(want, list) and want and all(TILE.match(c) for c in want):
            tap_tiles(page, f"{path}.{key}", want)  # ura indicators
        else:
            tap_chip(page, f"{path}.{key}", want)  # a player, a choice, an event, or left out
    if page.is_visible("#kbd"):
        page.click('#kbd-keys [data-key="done"]')
    page.click(f'[data-close="{i}"]')


def shown_ruling(page) -> tuple[list[dict], dict]:
    payments = page.eval_on_selector_all(
        "tr.payment", "rows => rows.map(r => ({from: r.dataset.from, to: r.dataset.to, "
                      "amount: +r.dataset.amount, rule: r.dataset.rule}))")
    net = page.eval_on_selector_all(
        ".hand-net [data-party]", "cells => cells.map(c => [c.dataset.party, +c.dataset.amount])")
    return payments, dict(net)


def rule(page) -> int:
    """Press Rule and wait for this ruling (not a mark left by an earlier one)."""
    before = page.get_attribute("#ruling", "data-done")
    page.click("#rule")
    page.wait_for_function("before => { const d = document.querySelector('#ruling').dataset.done;"
                           " return d && d !== before; }", arg=before)
    return int(page.get_attribute("#ruling", "data-ms"))


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    out = ARTIFACTS / name
    page.screenshot(path=str(out))
    return out


def page_weight(page) -> tuple[int, int]:
    """Bytes transferred for the page and everything it loaded (resource timing), and how many
    responses that was."""
    return tuple(page.evaluate("""() => {
        const all = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
        return [all.reduce((n, e) => n + (e.transferSize || 0), 0), all.length];
    }"""))


# --- the tests -------------------------------------------------------------------------------------


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

#: A short riichi hand from the deal: B (holding a red 5m) declares riichi on his first discard and
#: wins on the dealer's 4s within the go-round, with an ura indicator; one honba and one stick on
#: the table. Its value is the engine's (adjudicate_data), never written here.
RIICHI = {
    "format": "mjref/1", "variant": "riichi", "ruleset": {"preset": "tenhou"},
    "players": ["A", "B", "C", "D"],
    "hand": {
        "round_wind": "1z", "dealer": "A", "honba": 1, "sticks": 1,
        "scores": {"A": 25000, "B": 24000, "C": 26000, "D": 24000},
        "events": [
            {"type": "deal", "hands": {"A": "889m1199p223356z", "B": "1235m0m456p23789s",
                                       "C": "667m22337788p66s", "D": "7799m11355s4566z"}, "dora": "1z"},
            {"type": "draw", "player": "A", "tile": "7z"}, {"type": "discard", "player": "A", "tile": "7z"},
            {"type": "draw", "player": "B", "tile": "1z"}, {"type": "riichi", "player": "B"},
            {"type": "discard", "player": "B", "tile": "1z"},
            {"type": "draw", "player": "C", "tile": "4z"}, {"type": "discard", "player": "C", "tile": "4z"},
            {"type": "draw", "player": "D", "tile": "2z"}, {"type": "discard", "player": "D", "tile": "2z"},
            {"type": "draw", "player": "A", "tile": "4s"}, {"type": "discard", "player": "A", "tile": "4s"},
            {"type": "win", "player": "B", "how": "discard", "tile": "4s", "from": "A", "ura": ["4m"]},
        ],
    },
}


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
