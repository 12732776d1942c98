"""Hong Kong documents for the tests: a document from a few events, ruled through the loader as
every way in rules it (`base` 5 and the `club` preset unless a test says otherwise)."""
from __future__ import annotations

import copy

from api.documents.documents import adjudicate_data
from tests.tablekit import discard, win  # noqa: F401 (the hk tests' events, as tw16's)

PLAYERS = ["A", "B", "C", "D"]

#: C waits on 2s and 5s with 34s 111s 789s 白白白 99s (混一色 3 + 番子 1 + 門前清 1 + 無花 1 = 6 番);
#: the dealer A holds 14 and discards first; nobody else is ready on the tiles the tests discard
WAITING = {"A": "123456789p444m2s1z", "B": "123456789m1p7z7z5s", "C": "34s111s789s555z99s",
           "D": "2233445566778p"}


def doc(events: list, ruleset: dict | None = None, **hand) -> dict:
    return {"format": "mjref/1", "variant": "hk",
            "ruleset": {"preset": "club", "base": 5} if ruleset is None else ruleset,
            "players": list(PLAYERS),
            "hand": {"round_wind": "1z", "dealer": "A", "streak": 0, "start_dealer": "A",
                     **hand, "events": events}}


def state(hands: dict | None = None, turn: str = "A", phase: str = "discard", **kw) -> dict:
    return {"type": "state", "hands": copy.deepcopy(hands or WAITING), "wall_left": kw.pop("wall_left", 40),
            "turn": turn, "phase": phase, **kw}


def draw(p: str, t: str, back: bool = False) -> dict:
    return {"type": "draw", "player": p, "tile": t, **({"from": "back"} if back else {})}


def rule(document: dict) -> dict:
    """The ruling's one hand (asserting the settlement sums to zero)."""
    ruling = adjudicate_data(document)
    hand = ruling["hands"][0]
    assert sum(hand["net"].values()) == 0
    return hand


def rules_of(hand: dict) -> list[tuple[str, str]]:
    return [(r["rule"], r["status"]) for r in hand["rulings"]]
