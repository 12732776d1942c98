"""Guangdong documents for the tests. Until ``guangdong`` is registered in the ways in, a document
is read by the 13-tile schema (hk's, which has the same events) and its ruleset is then replaced by
the guangdong one, so the rulebook itself is what is tested (`base` 10, preset `wufan`)."""
from __future__ import annotations

import dataclasses

from api.loader import load_document
from referee.model import Ruleset
from rulesbook.guangdong.adjudicate import adjudicate
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


def load(data: dict):
    hk = {**data, "variant": "hk", "ruleset": {}}
    d = load_document(hk)
    r = data.get("ruleset") or {}
    return dataclasses.replace(d, variant="guangdong", ruleset=Ruleset(
        base=r.get("base", 1), options=r.get("options") or {}, preset=r.get("preset"),
        fan_table=r.get("fan_table") or {}))


def ruling(data: dict) -> dict:
    return adjudicate(load(data))


def rule(data: dict) -> dict:
    hand = ruling(data)["hands"][0]
    assert sum(hand["net"].values()) == 0
    return hand


def state(hands: dict | None = None, turn: str = "A", phase: str = "discard", **kw) -> dict:
    return hkkit.state(hands or WAITING, turn, phase, **kw)
