"""The key stays on the page's origin (issue 32), in a real browser (``tests.test_browser``'s
Chromium and server): a page opened at a doubled-slash path (``//games/1``) sends the key only to
its own origin, whether the server redirects it or a proxy serves it as it is; and a game's
revisions come a page at a time, as the API pages them."""
from __future__ import annotations

import json
from urllib.parse import urlparse

from api.http.context import STORE
from api.documents.documents import adjudicate_data
from tests.test_browser import Tab, browser, example, keyed, playwright  # noqa: F401  (fixtures)


def _stored_game(server, n: int = 0) -> int:
    doc = example("tw16-discard-win.json")
    doc["ruleset"]["base"] += n  # another game each n
    return server.app.extensions[STORE].add_game(doc, adjudicate_data(doc),
                                                 by={"key": None, "role": "cli"})[0]["id"]


def test_a_doubled_slash_url_never_sends_the_key_to_another_host(browser, keyed):
    """``//games/N`` (a typo) is redirected to ``/games/N``; and a page served at such a path
    anyway (by a proxy that does not redirect: the interceptor serves it here) still sends the key
    to its own origin only, never to the host a scheme-relative ``//v1/…`` would name."""
    token = keyed.app.extensions[STORE].create_key("referee", "browser test")[1]
    game = _stored_game(keyed)
    tab = Tab(browser, keyed.url)
    tab.context.add_init_script(f"localStorage.setItem('referee.key', {json.dumps(token)})")
    try:
        page = tab.open(f"//games/{game}")
        assert page.url == f"{keyed.url}/games/{game}"  # the server's 308 to the clean path
        page.wait_for_selector('#revisions li[data-revision="1"]')
        assert tab.with_key and all(url.startswith(keyed.url + "/v1/") for url in tab.with_key)

        from urllib.request import urlopen

        with urlopen(f"{keyed.url}/games/{game}", timeout=10) as answer:
            html = answer.read()
        served = []

        def doubled(route):
            served.append(route.request.url)
            route.fulfill(status=200, body=html, content_type="text/html; charset=utf-8")

        tab.context.route(lambda url: urlparse(url).path.startswith("//"), doubled)
        tab.with_key.clear()
        page = tab.open(f"//games/{game}")
        assert served == [f"{keyed.url}//games/{game}"]
        assert page.evaluate("() => location.pathname") == f"//games/{game}"
        page.wait_for_selector('#revisions li[data-revision="1"]')
        assert tab.with_key and all(url.startswith(keyed.url + "/v1/") for url in tab.with_key)
        assert page.get_attribute("#permalink a", "href") == f"{keyed.url}/games/{game}"
    finally:
        tab.close()  # and no request left 127.0.0.1 (the old page asked the host "v1")


def test_a_games_revisions_come_a_page_at_a_time(browser, keyed):
    """A page of revisions ends at 200 (or MAX_ANSWER bytes): "More" shows the next page."""
    store = keyed.app.extensions[STORE]
    token = store.create_key("auditor", "browser test")[1]
    game = _stored_game(keyed, 1)
    for _ in range(200):
        store.add_revision(game, kind="review", by={"key": None, "role": "cli"}, reason="checked")
    tab = Tab(browser, keyed.url)
    tab.context.add_init_script(f"localStorage.setItem('referee.key', {json.dumps(token)})")
    try:
        page = tab.open(f"/games/{game}")
        page.wait_for_selector('#revisions li[data-revision="200"]')
        assert page.locator('#revisions li[data-revision="201"]').count() == 0
        page.click("#more-revisions")
        page.wait_for_selector('#revisions li[data-revision="201"]')
        assert page.locator("#more-revisions").count() == 0  # the last page
    finally:
        tab.close()
