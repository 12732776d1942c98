"""The table page for Wuhan (variant ``wuhan``), on a phone (360×640) from the page as it opens:
the variant chip, the indicator entered on the tile keyboard, the 癞子 it makes and 红中 marked on
the keys, and a 诈胡 ruled in 15 taps or fewer (the count is printed): C declares a whole hand on
A's discard without having opened (WH-HU-2.1), and pays each other player 金顶 (WH-ZH-2). Then a
single kong of 红中 and its draw from the back, entered from the event chips. Every request stays
on 127.0.0.1 and the page raises no error (``Tab.close``)."""
from __future__ import annotations

from api.documents.documents import adjudicate_data
from tests.browserkit import Tab, browser, playwright, public, report, screenshot  # noqa: F401
from tests.test_browser_disputes import RUN, Taps, shows_the_ruling_of

BUDGET = 15


def wuhan(events: list, hands: dict, indicator: str) -> dict:
    return {"format": "mjref/1", "variant": "wuhan", "ruleset": {"preset": "kaikoufan", "base": 1},
            "players": ["A", "B", "C", "D"],
            "hand": {"round_wind": "1z", "dealer": "A", "streak": 0,
                     "events": [{"type": "state", "hands": hands, "phase": "discard", "indicator": indicator},
                                *events]}}


def test_a_wuhan_false_win_within_the_budget(browser, public, capsys):
    tab = Tab(browser, public.url)
    try:
        page = tab.open()
        tap = Taps(page)
        tap('[data-path="variant"] [data-value="wuhan"]')
        tap('.tiles[data-target="hand.events[0].indicator"]')  # the indicator: 东, so 南 is the 癞子
        tap.keys("1z")
        tap('.tiles[data-target="hand.events[0].hands.C"]')  # C: four runs and a lone 5s, no claim
        assert page.get_attribute('#kbd-keys [data-key="2z"]', "data-mark") == "wild"
        assert page.get_attribute('#kbd-keys [data-key="7z"]', "data-mark") == "lay"
        assert page.get_attribute('#kbd-keys [data-key="3z"]', "data-mark") is None  # near miss
        tap.group("run")
        tap.keys("1m", "4m", "7m", "1p")
        tap.group("1")
        tap.keys("5s")  # 13 tiles: the keyboard closes by itself
        tap('#add-event [data-add="discard"]')
        tap.keys("5s")
        tap('#add-event [data-add="win"]')  # on A's 5s, by C (the hand entered)
        built = tap.rule()
        expected = shows_the_ruling_of(tab, built, wuhan(
            [{"type": "discard", "player": "A", "tile": "5s"},
             {"type": "win", "player": "C", "how": "discard", "tile": "5s", "from": "A"}],
            {"A": 14, "B": 13, "C": RUN + ["5s"], "D": 13}, "1z"))
        assert expected["result"] == "false_win"
        assert [r["rule"] for r in expected["rulings"]] == ["WH-ZH-1", "WH-HU-2"]
        assert expected["net"] == {"A": 400, "B": 400, "C": -1200, "D": 400}
        assert "= 1 × 400, 金顶 400 reversed (诈胡) (WH-ZH-2)" in page.inner_text("tr.why >> nth=0")
        assert page.get_attribute('.finding >> nth=0', "data-rule") == "WH-ZH-1"
        screenshot(page, "dispute-wuhan-false-win.png")
        report(capsys, f"wuhan 诈胡 on a discard: {tap.n} taps (goal ≤ {BUDGET})")
        assert tap.n <= BUDGET
    finally:
        tab.close()


def test_a_single_kong_of_red_dragon_and_its_replacement(browser, public):
    """The single-kong form offers only 红中 and the 癞子; its replacement is drawn from the back."""
    tab = Tab(browser, public.url)
    try:
        page = tab.open()
        tap = Taps(page)
        tap('[data-path="variant"] [data-value="wuhan"]')
        tap('.tiles[data-target="hand.events[0].indicator"]')
        tap.keys("4p")  # the 癞子 is 5p
        tap('#add-event [data-add="single_kong"]')  # by A, the dealer, in his turn
        keys = page.eval_on_selector_all("#kbd-keys [data-key]", "ks => ks.map(k => k.dataset.key)")
        assert [k for k in keys if k not in ("?", "clear", "done", "back")] == ["5p", "7z"]
        tap.keys("7z")
        tap('#add-event [data-add="draw"]')  # the replacement: A again, from the back
        tap.keys("3m")
        events = tab.doc()["hand"]["events"]
        assert events[1:] == [{"type": "single_kong", "player": "A", "tile": "7z"},
                              {"type": "draw", "player": "A", "tile": "3m", "from": "back"}]
        assert page.get_attribute("#position-form [data-wild]", "data-wild") == "5p"
        ruled = adjudicate_data(tab.doc())["hands"][0]  # a record that stops: open, no finding
        assert ruled["result"] == "open" and ruled["rulings"] == []
        tap('#add-event [data-add="draw"]')  # a draw after a draw not from the back: the next player's (海底)
        tap.keys("?")
        assert tab.doc()["hand"]["events"][-1] == {"type": "draw", "player": "B", "tile": "?"}
    finally:
        tab.close()


def test_a_wuhan_winner_shows_his_hand_items_and_each_share(browser, public):
    """An example read in and ruled: the winner's hand (大胡, H, M, hard), his 翻 items, the
    liability, and each share's sum with the loser's items (WH-CB-1: A pays all three)."""
    from tests.test_wuhan_ways import EXAMPLES

    tab = Tab(browser, public.url)
    try:
        page = tab.open()
        page.evaluate("t => window.refereeTable.importText(t)", (EXAMPLES / "wh-third-feed.json").read_text(encoding="utf-8"))
        page.click("#rule")
        page.wait_for_selector(".winner")
        won = page.get_attribute(".winner b[data-hu]", "data-value"), page.get_attribute(".winner b[data-hu]", "data-factor")
        assert won == ("10", "6") and "hard" in page.inner_text(".winner")
        factors = page.eval_on_selector_all(".winner div[data-factor]", "fs => fs.map(f => f.dataset.factor)")
        assert factors == ["WH-FAN-1", "WH-FAN-9", "WH-FAN-10.big"]
        whys = page.eval_on_selector_all("tr.why", "rows => rows.map(r => r.innerText)")
        assert whys[0].startswith("600 = 5 × 120, raw 120 = H 10 × M_C 6 × M_D 2; M_D = 开口 2 = 2")
        assert "D's share, 承包" in whys[0] and "承包" not in whys[1]
    finally:
        tab.close()

