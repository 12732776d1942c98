"""The harness of the table page's browser tests (tests/test_browser*.py): headless Chromium (the
system's, /usr/bin/chromium) driven by Playwright, against the real server (waitress) on 127.0.0.1
with a temporary database, and the taps that enter a document through the page.

Every request the browser makes is routed: one to another host than 127.0.0.1 is aborted and
recorded, and each test asserts there was none (the page works with the network off).

Without Playwright or Chromium these tests are skipped, saying why, except where
``REFEREE_BROWSER_TESTS=1`` (set by .ci/run): there they fail. The figures they measure (page
weight, time from pressing Rule to the ruling shown) are printed, never asserted. The 360×640
screenshots go to tests/artifacts/ (or ``$REFEREE_ARTIFACTS``).

A test module imports the fixtures it uses from here (``browser``, ``playwright``, ``public``,
``keyed``, ``tab``), with ``# noqa: F401``: pytest finds them in the module's namespace.
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
from tests.servicekit import ROOT
from tests.shared_skips import REASON, shared

CHROMIUM = os.environ.get("REFEREE_CHROMIUM", "/usr/bin/chromium")
REQUIRED = os.environ.get("REFEREE_BROWSER_TESTS") == "1"
ARTIFACTS = Path(os.environ.get("REFEREE_ARTIFACTS") or ROOT / "tests" / "artifacts")
EXAMPLES = shared("examples")
PHONE = {"width": 360, "height": 640}
IPHONE = {"width": 390, "height": 844}  # the newcomer's trial (tests/test_browser_polish.py)
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

    def __init__(self, browser, base: str, viewport: dict = PHONE):
        self.base = base
        self.context = browser.new_context(viewport=viewport, device_scale_factor=1, locale="en-US",
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
