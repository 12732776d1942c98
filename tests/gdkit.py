"""Guangdong documents for the tests, ruled through the loader as every way in rules them (`base`
10, preset `wufan` unless a test says otherwise)."""
from __future__ import annotations

from api.documents.documents import adjudicate_data
from tests import hkkit
from tests.hkkit import discard, draw, rules_of, win

__all__ = ["WAITING", "discard", "doc", "draw", "rule", "rules_of", "ruling", "state", "win"]

PLAYERS = ["A", "B", "C", "D"]

#: C waits on 3p and 6p with 123m 456m 789m 11s 45p (平胡 1 + 门前清 1 on a discard: F 2, S 40);
#: the dealer A holds 14 and discards first
WAITING = {"A": "1199m23378p1234s5z", "B": "2236p55s678s6z777z", "C": "123m456m789m11s45p",
           "D": "5566m1267z999s88p"}


def doc(events: list, ruleset: dict | None = None, **hand) -> dict:
    return {"format": "mjref/1", "variant": "guangdong", "ruleset": ruleset or {"base": 10},
            "players": list(PLAYERS),
            "hand": {"round_wind": "1z", "dealer": "A", "streak": 0, "start_dealer": "A",
                     **hand, "events": events}}


def ruling(data: dict) -> dict:
    return adjudicate_data(data)


def rule(data: dict) -> dict:
    hand = ruling(data)["hands"][0]
    assert sum(hand["net"].values()) == 0
    return hand


def state(hands: dict | None = None, turn: str = "A", phase: str = "discard", **kw) -> dict:
    return hkkit.state(hands or WAITING, turn, phase, **kw)
