"""Shanghai documents for the tests, ruled through the loader as every way in rules them (`base` 5
and the `qiaoma` preset unless a test says otherwise), and a win for the counter written like a
score sheet (``tests.fan13kit``).

The position most tests start from (``WAITING``; the dealer A holds 14 and discards first):

* B: the §15 example: 1f laid out, a pong of 西 fed by A, 111p 333p 999p 2z: 混碰 on 2z (F 2, H 2);
* C: 123m 456m 789m 11s 45p, a plain hand waiting on 3p and 6p (门清 F 1), flowers as a test gives;
* A holds 3p and 6p to discard, D two 2z.

The player whose turn it is in his discard phase holds one tile more (``EXTRA``).
"""
from __future__ import annotations

import copy

from api.documents.documents import adjudicate_data
from rulesbook.shanghai.fan import count_win
from rulesbook.shanghai.options import ShRules
from tests.fan13kit import win as hand

__all__ = ["WAITING", "count", "discard", "doc", "draw", "hand", "knock", "rule", "rules", "rules_of",
           "state", "win"]

PLAYERS = ["A", "B", "C", "D"]
WAITING = {"A": "2256m2345s3678p4z", "B": "111p333p999p2z", "C": "123m456m789m11s45p",
           "D": "34789m6789s2p122z"}
EXTRA = {"A": "1z", "B": "9s", "C": "7p", "D": "4z"}
B_PONG = [{"kind": "pon", "tiles": "333z", "from": "A"}]


def doc(events: list, ruleset: dict | None = None, **hand_fields) -> dict:
    return {"format": "mjref/1", "variant": "shanghai",
            "ruleset": {"preset": "qiaoma", "base": 5} if ruleset is None else ruleset,
            "players": list(PLAYERS), "hand": {"dealer": "A", **hand_fields, "events": events}}


def state(hands: dict | None = None, turn: str = "A", phase: str = "discard", *, knocked=("B", "C"),
          flowers: dict | None = None, melds: dict | None = None, wall_left: int = 40, **kw) -> dict:
    """The position: ``knocked`` players have knocked; B's pong and 1f unless ``melds``/``flowers``."""
    if hands is None:
        hands = dict(WAITING)
        if phase == "discard":
            hands[turn] += EXTRA[turn]
    status = {p: {"knocked": True} for p in knocked}
    status.update(kw.pop("status", {}))
    return {"type": "state", "hands": copy.deepcopy(hands),
            "melds": {"B": B_PONG} if melds is None else melds,
            "flowers": {"B": ["1f"]} if flowers is None else flowers,
            "status": status, "turn": turn, "phase": phase, "wall_left": wall_left, **kw}


def discard(p: str, t: str) -> dict:
    return {"type": "discard", "player": p, "tile": t}


def draw(p: str, t: str, back: bool = False) -> dict:
    return {"type": "draw", "player": p, "tile": t, **({"from": "back"} if back else {})}


def knock(p: str) -> dict:
    return {"type": "declare", "player": p, "what": "knock"}


def win(p: str, how: str = "discard", source: str | None = None, tile: str | None = None) -> dict:
    out = {"type": "win", "player": p, "how": how}
    if source is not None:
        out["from"] = source
    if tile is not None:
        out["tile"] = tile
    return out


def rule(document: dict, k: int = 0) -> dict:
    """The ruling's hand ``k`` (asserting that its settlement sums to zero)."""
    ruling = adjudicate_data(document)
    out = ruling["hands"][k]
    assert sum(out["net"].values()) == 0
    return out


def rules_of(ruling: dict) -> list[tuple[str, str]]:
    return [(r["rule"], r["status"]) for r in ruling["rulings"]]


def rules(preset: str | None = None, fan_table: dict | None = None, base: int = 5, **options) -> ShRules:
    return ShRules.of(preset, options, fan_table, base)


def count(text: str, r: ShRules | None = None, **kw):
    """The count of a win written as ``tests.fan13kit.win`` reads it."""
    return count_win(hand(text, **kw), r or rules())
