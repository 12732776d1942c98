"""A tiny language for writing table situations in tests.

    doc(state(hands={"A": "...", ...}, turn="B", phase="discard"), discard("B", "4p"),
        win("C", "discard", "4p", frm="B"), dealer="B")

builds an ``mjref/1`` document (a JSON-able dict); ``rule(document)`` adjudicates it through the same
path as the command line; ``table(document)`` replays its (single) hand.
"""
from __future__ import annotations

import copy
from typing import Any

from api.documents.documents import adjudicate_data
from api.documents.loader import load_document
from referee.replay import TableRules
from rulesbook.tw16.table import TW16, replay

PLAYERS = ["A", "B", "C", "D"]


def doc(*events: dict, dealer: str = "A", streak: int = 0, base: int = 100, tai: int = 20,
        options: dict | None = None, tai_table: dict | None = None, round_wind: str = "1z",
        preset: str | None = None, **hand: Any) -> dict:
    ruleset: dict = {"base": base, "tai": tai}
    if preset is not None:
        ruleset["preset"] = preset
    if options:
        ruleset["options"] = options
    if tai_table:
        ruleset["tai_table"] = tai_table
    return {"format": "mjref/1", "variant": "tw16", "ruleset": ruleset, "players": list(PLAYERS),
            "hand": {"round_wind": round_wind, "dealer": dealer, "streak": streak, **hand,
                     "events": list(events)}}


def state(hands: dict, turn: str = "A", phase: str = "draw", wall_left: int | None = 40, **more) -> dict:
    e = {"type": "state", "hands": hands, "turn": turn, "phase": phase, **more}
    if wall_left is not None:
        e["wall_left"] = wall_left
    return e


def deal(**hands: str) -> dict:
    return {"type": "deal", "hands": hands}


def draw(player: str, tile: str, frm: str = "wall") -> dict:
    e = {"type": "draw", "player": player, "tile": tile}
    if frm != "wall":
        e["from"] = frm
    return e


def discard(player: str, tile: str) -> dict:
    return {"type": "discard", "player": player, "tile": tile}


def flower(player: str, tile: str) -> dict:
    return {"type": "flower", "player": player, "tile": tile}


def chi(player: str, tile: str, with_: str) -> dict:
    return {"type": "chi", "player": player, "tile": tile, "with": with_}


def pon(player: str, tile: str, with_: str | None = None) -> dict:
    return {"type": "pon", "player": player, "tile": tile, "with": with_ or tile + tile}


def kong(player: str, kind: str, tiles: str) -> dict:
    return {"type": "kong", "player": player, "kind": kind, "tiles": tiles}


def win(player: str, how: str, tile: str | None = None, frm: str | None = None, **more) -> dict:
    e: dict = {"type": "win", "player": player, "how": how, **more}
    if tile is not None:
        e["tile"] = tile
    if frm is not None:
        e["from"] = frm
    return e


def ev(type_: str, **fields: Any) -> dict:
    return {"type": type_, **fields}


def rule(document: dict) -> dict:
    return adjudicate_data(copy.deepcopy(document))


def table(document: dict, rules: TableRules = TW16):
    d = load_document(copy.deepcopy(document))
    h = d.hands[0]
    return replay(d.players, h.dealer, h.open_seat, h.events, rules)


def only_hand(ruling: dict) -> dict:
    assert len(ruling["hands"]) == 1
    return ruling["hands"][0]


def rulings(hand: dict) -> list[tuple]:
    """A hand's rulings as (rule, player, at, status)."""
    return [(r["rule"], r["player"], r["at"], r["status"]) for r in hand["rulings"]]


def rulings_at(hand: dict) -> list[tuple]:
    """A hand's rulings as (rule, player, at)."""
    return [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]]


def paid(hand: dict) -> list[tuple]:
    """A hand's payments as (from, to, amount, rule)."""
    return [(p["from"], p["to"], p["amount"], p["rule"]) for p in hand["payments"]]


def under(preset: str, d: dict, **options) -> dict:
    """The one hand of document ``d`` ruled under ``preset`` (and ``options``, when given)."""
    d = {**d, "ruleset": {**d["ruleset"], "preset": preset}}
    if options:
        d["ruleset"]["options"] = options
    return only_hand(rule(d))


def faces(hand: dict) -> list[tuple]:
    """Each winner as (player, tai, [(pattern rule, its tai)])."""
    return [(w["player"], w["tai"], [(p["rule"], p["tai"]) for p in w["patterns"]]) for w in hand["winners"]]
