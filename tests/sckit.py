"""Sichuan documents for the tests, ruled through the loader as every way in rules them (`base` 1,
preset `chengdu`, unless a test says otherwise).

``WAITING`` is a position with A (the dealer) to discard: B waits on 5p (平胡, 0 番), C on 5p (七对,
2 番), D is not ready; voids A m, B s, C m, D p."""
from __future__ import annotations

import copy

from api.documents.documents import adjudicate_data
from tests.tablekit import discard, win  # noqa: F401 (the events, as every variant's)

PLAYERS = ["A", "B", "C", "D"]

WAITING = {"A": "1199p5p123456789s", "B": "123456789m11p46p", "C": "22p33p77p88p11s99s5p",
           "D": "15m99m222s345s678s"}
VOIDS = {"A": "m", "B": "s", "C": "m", "D": "p"}


def doc(events: list, ruleset: dict | None = None, **hand) -> dict:
    return {"format": "mjref/1", "variant": "sichuan", "ruleset": ruleset or {"base": 1},
            "players": list(PLAYERS), "hand": {"dealer": "A", "streak": 0, **hand, "events": events}}


def state(hands: dict | None = None, turn: str = "A", phase: str = "discard", voids: dict | None = None,
          **kw) -> dict:
    status = {p: {"void_suit": v} for p, v in (voids or VOIDS).items()}
    for p, extra in kw.pop("status", {}).items():
        status.setdefault(p, {}).update(extra)
    return {"type": "state", "hands": copy.deepcopy(hands or WAITING), "wall_left": kw.pop("wall_left", 40),
            "turn": turn, "phase": phase, "status": status, **kw}


def draw(p: str, t: str, back: bool = False) -> dict:
    return {"type": "draw", "player": p, "tile": t, **({"from": "back"} if back else {})}


def kong(p: str, kind: str, tiles: str) -> dict:
    return {"type": "kong", "player": p, "kind": kind, "tiles": tiles}


def pon(p: str, tile: str, with_: str) -> dict:
    return {"type": "pon", "player": p, "tile": tile, "with": with_}


def declare(p: str, suit: str) -> dict:
    return {"type": "declare", "player": p, "what": "void_suit", "suit": suit}


def ruling(document: dict) -> dict:
    return adjudicate_data(document)


def rule(document: dict) -> dict:
    """The ruling's one hand (asserting the settlement sums to zero)."""
    hand = ruling(document)["hands"][0]
    assert sum(hand["net"].values()) == 0
    return hand


def rules_of(hand: dict) -> list[tuple[str, str]]:
    return [(r["rule"], r["status"]) for r in hand["rulings"]]


def paid(hand: dict) -> list[tuple[str, str, int, str, int]]:
    return [(p["from"], p["to"], p["amount"], p["rule"], p["at"]) for p in hand["payments"]]
