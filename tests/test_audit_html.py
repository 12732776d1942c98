"""``referee audit --html REPORT.html`` (issue 30): one self-contained page (inline CSS and SVG, no
script, a Content-Security-Policy that allows no request) with the summary and exit status, a bar
chart of findings by clause, one of money disagreements by game, and every finding linked to its
hand's text ruling, embedded. Every string from a record is escaped: players named like markup are
shown as text. Read here as HTML (its parts and numbers against the JSON report), and opened in
the system's Chromium (tests/browserkit.py's Playwright fixtures), offline: no request but the
file, the charts drawn, a finding's link opening its hand's ruling."""
from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser

import pytest

from api.cli import main
from api.text.text import format_text, hand_texts
from tests.servicekit import ROOT
from tests.test_audit_exit import PAO, altered_pao
from tests.browserkit import browser, playwright  # noqa: F401  (fixtures: the system's Chromium)
from tests.test_tenhou_import import needs_data

HOSTILE = ["<script>alert(1)</script>", '"><img src=x onerror=alert(2)>', "</pre></details><b>x</b>",
           "D&amp;gnp.exe"]
#: a name with a right-to-left override: refused (an id nobody can see whole), its reason shown escaped
OVERRIDE = "D&amp;\u202egnp.exe"


def hostile_copy(path, names=HOSTILE):
    """The example with its four players named like markup."""
    text = path.read_text(encoding="utf-8")
    for name, new in zip("ABCD", names):
        text = text.replace(json.dumps(name), json.dumps(new))
    return text


class Page(HTMLParser):
    """What the tests look at in the page: ids, links, bars, scripts, resources, text."""

    def __init__(self, text):
        super().__init__()
        self.ids, self.links, self.bars, self.tags, self.text = set(), [], [], [], []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a":
            self.links.append(a["href"])
        if tag == "rect" and a.get("class") == "bar":
            self.bars.append(a)

    def handle_data(self, data):
        self.text.append(data)


@pytest.fixture(scope="module")
def audited(tmp_path_factory):
    folder = tmp_path_factory.mktemp("html")
    records = folder / "records"
    shutil.copytree(ROOT / "examples", records, ignore=shutil.ignore_patterns("*.md", "*.ruling.json"))
    (records / "hostile.json").write_text(hostile_copy(ROOT / "examples" / "claim-priority.json"),
                                          encoding="utf-8")
    (records / "override.json").write_text(hostile_copy(ROOT / "examples" / "claim-priority.json",
                                                        ["A", "B", "C", OVERRIDE]), encoding="utf-8")
    (records / "broken.json").write_text("[1, 2", encoding="utf-8")
    if PAO.exists():
        altered_pao(records)
    page, report = folder / "report.html", folder / "report.json"
    code = main(["audit", str(records), "--jobs", "1", "--html", str(page), "--json", str(report)])
    return code, page.read_text(encoding="utf-8"), json.loads(report.read_text(encoding="utf-8")), records


def test_the_page_holds_the_summary_the_charts_and_every_finding_linked(audited):
    code, text, report, _ = audited
    summary, page = report["summary"], Page(text)
    assert code == 2  # the broken file: an input error
    assert f'<p class="exit s2" id="exit">{summary["exit"]["reason"]}</p>' in text
    bars = {(b["data-rule"], b["data-status"]): int(b["data-count"]) for b in page.bars if "data-rule" in b}
    assert bars == {(rule, s): n for rule, counts in summary["irregularities"].items()
                    for s, n in counts.items() if n}
    findings = sum(len(h["rulings"]) for d in report["documents"] if d["status"] == "ruled"
                   for h in d["ruling"]["hands"])
    assert text.count('<tr class="finding">') == findings > 10
    assert page.links and all(link.startswith("#hand-") and link[1:] in page.ids for link in page.links)
    hands = [h for d in report["documents"] if d["status"] == "ruled" for h in d["ruling"]["hands"]
             if h["rulings"]]
    assert len({link for link in page.links}) >= len(hands)
    assert "Documents rejected, by first error" in text and "broken.json" in text


def test_each_hand_is_embedded_with_its_text_ruling(audited):
    _, text, report, records = audited
    entry = next(d for d in report["documents"] if d["source"].endswith("false-win.json"))
    document = json.loads((records / "false-win.json").read_text(encoding="utf-8"))
    ruling_text = format_text(entry["ruling"], document)
    [hand] = hand_texts(entry["ruling"], document)
    assert hand in ruling_text  # the hand's part of the whole text ruling
    shown = re.search(r'<details><summary>[^<]*false-win\.json: Hand 1</summary><pre id="(hand-\d+)">(.*?)</pre>',
                      text, re.S)
    assert shown and shown.group(2) == hand.replace("&", "&amp;").replace("<", "&lt;").replace(
        ">", "&gt;").replace('"', "&quot;").replace("'", "&#x27;")
    assert f'href="#{shown.group(1)}"' in text


def test_strings_from_records_are_escaped(audited):
    _, text, _, _ = audited
    page = Page(text)
    assert not any(tag in ("script", "img", "b", "iframe", "object") for tag, _ in page.tags)
    assert not any(k.startswith("on") for _, attrs in page.tags for k in attrs)
    shown = "".join(page.text)
    for name in HOSTILE:
        assert name in shown  # each name shown as the text it is
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text and "D&amp;amp;gnp.exe" in text
    # the name with an override is refused, named in its reason as its escape (U+202E), which never
    # reorders the page
    assert "D&amp;amp;\\u202egnp.exe" in text and "U+202E" in text
    assert "\u202e" not in text


def test_the_page_asks_for_nothing(audited):
    _, text, _, _ = audited
    assert 'content="default-src \'none\'; style-src \'unsafe-inline\'"' in text
    assert not re.search(r"(src|href)=\"(?!#)", text) and "url(" not in text and "@import" not in text
    assert "http://" not in text and "https://" not in text


@needs_data
def test_money_disagreements_are_charted_by_game(audited):
    _, text, report, records = audited
    [dis] = report["summary"]["tenhou"]["disagreements"]
    assert dis["source"] == str(records / "altered.xml")
    [bar] = [b for b in Page(text).bars if "data-source" in b]
    assert bar["data-source"] == str(records / "altered.xml") and bar["data-count"] == "1"
    assert "1 hand(s), 100 points off" in text
    assert re.search(r'<tr class="disagreement"><td>money</td><td>ruled − recorded</td><td><a href="#hand-\d+">'
                     r'[^<]*altered\.xml: Hand 4 \(East 2, 1 honba\)</a></td><td>P0 -100, P1 0, P2 \+100, P3 0</td>',
                     text)


def test_a_run_without_records_or_findings_says_so(tmp_path):
    shutil.copy(ROOT / "examples" / "discard-win.json", tmp_path / "one.json")
    page = tmp_path / "r.html"
    assert main(["audit", str(tmp_path / "one.json"), "--jobs", "1", "--html", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert "<p>No finding.</p>" in text and "No record carries money recorded by a server" in text
    assert "<details" not in text and "Exit status 0: every document ruled, no finding, no disagreement" in text


def test_in_chromium_offline_the_charts_show_and_a_link_opens_its_ruling(audited, browser, tmp_path):  # noqa: F811
    _, text, _, records = audited
    path = tmp_path / "report.html"
    path.write_text(text, encoding="utf-8")
    context = browser.new_context(viewport={"width": 900, "height": 800}, offline=True)
    requests, dialogs, errors = [], [], []
    context.on("request", lambda r: requests.append(r.url))
    page = context.new_page()
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    for chart in ("#clause-chart", "#money-chart") if (records / "altered.xml").exists() else ("#clause-chart",):
        box = page.locator(chart).bounding_box()
        assert box and box["width"] > 300 and box["height"] > 20, chart
        bars = page.locator(f"{chart} rect.bar")
        assert bars.count() >= 1 and all(bars.nth(k).bounding_box()["width"] > 0 for k in range(bars.count()))
    from playwright.sync_api import expect

    link = page.locator("tr.finding a").first
    target = link.get_attribute("href")[1:]
    details = page.locator(f"details:has(pre#{target})")
    assert not details.evaluate("d => d.open") and not page.locator(f"pre#{target}").is_visible()
    link.click()
    expect(details).to_have_attribute("open", "")  # (the page's CSP forbids a string evaluated)
    ruling = page.locator(f"pre#{target}")
    assert ruling.is_visible() and ruling.inner_text().strip() and ruling.bounding_box()["y"] < 800
    assert page.evaluate("() => location.hash") == f"#{target}"
    assert page.locator("text=<script>alert(1)</script>").count() >= 1  # shown as text
    path_dir = tmp_path / "report.png"
    page.screenshot(path=str(path_dir), full_page=True)
    assert requests == [path.as_uri(), path.as_uri() + f"#{target}"] or requests == [path.as_uri()]
    assert dialogs == [] and errors == []
    context.close()


def test_a_text_ruling_that_fails_is_said_on_the_page_and_the_audit_goes_on(tmp_path, monkeypatch):
    def broken(ruling, document=None):
        raise KeyError("a defect")

    monkeypatch.setattr("api.text.text.hand_texts", broken)
    shutil.copy(ROOT / "examples" / "false-win.json", tmp_path / "one.json")
    page = tmp_path / "r.html"
    assert main(["audit", str(tmp_path / "one.json"), "--jobs", "1", "--html", str(page)]) == 0
    assert "(no text ruling: internal error KeyError: &#x27;a defect&#x27;)" in page.read_text(encoding="utf-8")
