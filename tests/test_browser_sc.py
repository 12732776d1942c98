"""Sichuan 血战到底 disputes ruled on a phone (360×640) from the page as it opens, every tap counted
(``REFEREE_BROWSER_TESTS=1``): a win declared with a tile of the player's void suit (a false win,
SC-ZH-1 with SC-QM-2), and a 血战 hand with two wins on one discard (一炮多响: the first win keeps
the hand going, the second player then wins on the same tile). The page for ``sichuan`` has no
honours on its keyboard and no winds on its form; each player declares his void suit (定缺: four
taps, one per player, the rulebook requires them all); a player who has won is shown as left play
and is not offered for the next events. The counts are printed."""
from __future__ import annotations

from tests.browserkit import Tab, browser, playwright, public, report, screenshot  # noqa: F401
from tests.test_browser_disputes import Taps, shows_the_ruling_of

RUNS = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 2s 3s".split()  # four runs, the hands' common part


def kept(tiles: list[str]) -> list[str]:
    """A hand as the page keeps it: sorted, 萬 筒 索."""
    return sorted(tiles, key=lambda c: ("mps".index(c[1]), c[0]))


def sichuan(events: list, hands: dict, voids: dict) -> dict:
    return {"format": "mjref/1", "variant": "sichuan", "ruleset": {"preset": "chengdu", "base": 1},
            "players": ["A", "B", "C", "D"],
            "hand": {"dealer": "A", "streak": 0,
                     "events": [{"type": "state", "hands": hands, "phase": "discard",
                                 "status": {p: {"void_suit": s} for p, s in voids.items()}}, *events]}}


def declare_voids(tap: Taps, voids: dict) -> None:
    for p, s in voids.items():
        tap(f'[data-path="hand.events[0].status.{p}.void_suit"] [data-value="{s}"]')


def test_a_win_holding_the_void_suit_is_a_false_win(browser, public, capsys):
    tab = Tab(browser, public.url)
    try:
        page = tab.open()
        tap = Taps(page)
        tap('[data-path="variant"] [data-value="sichuan"]')
        assert not page.query_selector('[data-path="hand.round_wind"]')  # no winds in Sichuan
        voids = {"A": "m", "B": "m", "C": "p", "D": "s"}
        declare_voids(tap, voids)
        tap('.tiles[data-target="hand.events[0].hands.C"]')  # C, void 筒, still holds 4p
        assert not page.query_selector('#kbd-keys [data-key="1z"]')  # 108 tiles: no honours
        tap.group("run")
        tap.keys("1m", "4m", "7m", "1s")
        tap.group("1")
        tap.keys("4p")  # 13 tiles: the keyboard closes
        tap('#add-event [data-add="discard"]')
        tap.keys("4p")
        tap('#add-event [data-add="win"]')  # C on A's 4p: the pair, but of his void suit
        built = tap.rule()
        expected = shows_the_ruling_of(tab, built, sichuan(
            [{"type": "discard", "player": "A", "tile": "4p"},
             {"type": "win", "player": "C", "how": "discard", "tile": "4p", "from": "A"}],
            {"A": 14, "B": 13, "C": kept(RUNS + ["4p"]), "D": 13}, voids))
        rules = [r["rule"] for r in expected["rulings"]]
        assert "SC-ZH-1" in rules and "SC-QM-2" in rules and expected["winners"] == []
        # SC-ZH-2: the cap value B × 2^3 = 8 to each other player in play, the hand goes on
        assert sorted((p["to"], p["amount"]) for p in expected["payments"]) == [("A", 8), ("B", 8), ("D", 8)]
        assert "= 1 × 2^3" in page.inner_text("tr.why >> nth=0")
        screenshot(page, "dispute-sc-void-suit-win.png")
        report(capsys, f"sichuan win holding the void suit: {tap.n} taps (4 of them 定缺)")
        assert tap.n <= 17
    finally:
        tab.close()


def test_two_wins_on_one_discard_keep_the_hand_going(browser, public, capsys):
    tab = Tab(browser, public.url)
    try:
        page = tab.open()
        tap = Taps(page)
        tap('[data-path="variant"] [data-value="sichuan"]')
        voids = {"A": "m", "B": "p", "C": "m", "D": "p"}
        declare_voids(tap, voids)
        for who in ("B", "D"):  # both wait on 9s: runs in 萬 and 索, a lone 9s
            tap(f'.tiles[data-target="hand.events[0].hands.{who}"]')
            tap.group("run")
            tap.keys("1m", "4m", "7m", "1s")
            tap.group("1")
            tap.keys("9s")
        tap('#add-event [data-add="discard"]')
        tap.keys("9s")
        tap('#add-event [data-add="win"]')  # B first (the first in turn order after A)
        tap('#add-event [data-add="win"]')  # then D on the same 9s: the hand is still going
        built = tap.rule()
        hand = kept(RUNS + ["9s"])
        expected = shows_the_ruling_of(tab, built, sichuan(
            [{"type": "discard", "player": "A", "tile": "9s"},
             {"type": "win", "player": "B", "how": "discard", "tile": "9s", "from": "A"},
             {"type": "win", "player": "D", "how": "discard", "tile": "9s", "from": "A"}],
            {"A": 14, "B": hand, "C": 13, "D": hand}, voids))
        assert [(w["player"], w["order"]) for w in expected["winners"]] == [("B", 1), ("D", 2)]
        assert expected["left_play"] == ["B", "D"] and expected["result"] in ("win", "open")
        assert page.get_attribute(".left-play", "data-left-play") == "B D"
        screenshot(page, "dispute-sc-two-wins-ruling.png")
        # the position shows who has left play, in order
        assert page.get_attribute('[data-player="B"] .badge.left', "data-left") == "1"
        assert page.get_attribute('[data-player="D"] .badge.left', "data-left") == "2"
        # and the next event's form offers only the players still in play
        tap('#add-event [data-add="draw"]')
        offered = page.eval_on_selector_all('[data-path="hand.events[4].player"] [data-value]',
                                            "bs => bs.map(b => b.dataset.value)")
        assert offered == ["A", "C"] and tab.doc()["hand"]["events"][4]["player"] == "A"
        screenshot(page, "dispute-sc-two-wins-next.png")
        report(capsys, f"sichuan two wins on one discard: {tap.n - 1} taps to the ruling (4 of them 定缺)")
        assert tap.n - 1 <= 26  # the variant, 4 定缺, two hands of 8, the discard, two wins, rule
    finally:
        tab.close()


def test_from_the_deal_the_void_suits_are_declare_events_before_the_first_discard(browser, public):
    """定缺 from the deal: each chip writes (or changes) that player's ``declare`` event, placed
    after the deal and the declarations before it; the ✂ is not offered (a sichuan hand cannot be
    cut yet)."""
    tab = Tab(browser, public.url)
    try:
        page = tab.open()
        page.click('[data-path="variant"] [data-value="sichuan"]')
        page.click('#position-form [data-value="deal"]')
        page.click('#add-event [data-add="discard"]')  # the dealer's first discard, entered first
        page.click('#kbd-keys [data-key="1m"]')
        for p, s in (("B", "p"), ("A", "m"), ("D", "s"), ("C", "m")):
            page.click(f'[data-player="{p}"] [data-value="{s}"]')
        page.click('[data-player="C"] [data-value="s"]')  # changed: C's event, not a fifth one
        events = tab.doc()["hand"]["events"]
        assert [e["type"] for e in events] == ["deal", "declare", "declare", "declare", "declare", "discard"]
        assert [(e["player"], e["suit"]) for e in events[1:5]] == [("B", "p"), ("A", "m"), ("D", "s"), ("C", "s")]
        assert all(e["what"] == "void_suit" for e in events[1:5]) and "round_wind" not in tab.doc()["hand"]
        assert not page.query_selector("[data-cut]")
    finally:
        tab.close()


def test_a_known_position_after_an_earlier_win(browser, public):
    """A dispute picked up after B has already won (``state.left_play``): B is shown as left play,
    his winning tile counts in the census, and play skips him."""
    tab = Tab(browser, public.url)
    try:
        page = tab.open()
        tap = Taps(page)
        tap('[data-path="variant"] [data-value="sichuan"]')
        declare_voids(tap, {"A": "m", "B": "m", "C": "p", "D": "s"})
        tap('[data-path="hand.events[0].left_play.B"] [data-value="self_draw"]')
        tap('.tiles[data-target="hand.events[0].left_play[0].tile"]')
        tap.keys("5p")
        state = tab.doc()["hand"]["events"][0]
        assert state["left_play"] == [{"players": ["B"], "how": "self_draw", "tile": "5p"}]
        assert page.get_attribute('[data-player="B"] .badge.left', "data-left") == "1"
        tap('#add-event [data-add="discard"]')  # A discards; the next to draw is C, not B
        tap.keys("9s")
        tap('#add-event [data-add="draw"]')
        assert tab.doc()["hand"]["events"][2]["player"] == "C"
        offered = page.eval_on_selector_all('[data-path="hand.events[2].player"] [data-value]',
                                            "bs => bs.map(b => b.dataset.value)")
        assert offered == ["A", "C", "D"]
        tap('[data-path="hand.events[0].left_play.B"] [data-value="discard"]')  # on A's tile instead
        assert tab.doc()["hand"]["events"][0]["left_play"] == [
            {"players": ["B"], "how": "discard", "tile": "5p", "from": "A"}]
    finally:
        tab.close()
