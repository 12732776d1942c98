"""What both Tenhou formats share (``api.records.tenhou``): the errors, players' names, hands' labels,
tiles as codes, and the game being written (``_Game``).
"""
from __future__ import annotations

import os
import re
from typing import Iterable, Optional, Union

from referee.tiles import FIRST_RED, code, compact, kind_of

from referee.errors import InputError

from api.documents.doc_terms import KYOTAKU, id_look, id_seen
from api.documents.jsonvalues import bound_errors, clip, error_count
from api.limits import MAX_MONEY

WINDS = ("East", "South", "West", "North")
_RED_IDS = {16: FIRST_RED, 52: FIRST_RED + 1, 88: FIRST_RED + 2}  # mjlog ids of 0m 0p 0s
_LIMITS = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")  # AGARI ten[2]
_ABORTS = {"yao9": "nine_terminals", "kaze4": "four_winds", "kan4": "four_kans",
           "reach4": "four_riichi", "ron3": "triple_ron"}
_DRAW_TYPES = {None: "exhaustive", "nm": "nagashi", **_ABORTS}


class TenhouError(ValueError):
    """A file that cannot be imported; the message is one line and names the place."""


class ThreePlayerGame(TenhouError):
    """A three-player (sanma) record: out of scope for variant riichi (§14.12); an audit lists it
    as skipped, not rejected."""


Source = Union[str, os.PathLike, bytes]


_WHOLE = re.compile(r"-?\d{1,20}")
_DECIMAL = re.compile(r"-?\d{1,20}(\.\d{1,20})?")


def whole(value: object, what: str = "a number", limit: int = MAX_MONEY, low: Optional[int] = None) -> int:
    """A whole number of a record (an int, or its digits in mjlog text), bounded like a document's
    (``-limit`` or ``low`` to ``limit``); ``ValueError`` naming ``what`` and the value otherwise."""
    if isinstance(value, str):
        if value.isascii() and value.isdigit() and len(value) <= 20:  # the common case, at once
            value = int(value)
        elif _WHOLE.fullmatch(value.strip()):
            value = int(value)
    if type(value) is not int:
        raise ValueError(f"{what} {clip(repr(value), 40)} is not a whole number")
    low = -limit if low is None else low
    if not low <= value <= limit:
        raise ValueError(f"{what} {clip(str(value), 40)} is out of range ({low:,} to {limit:,})")
    return value


def decimal(value: object, what: str = "a number") -> float:
    """A number with a fraction of a record (the final points), finite and bounded by
    ``MAX_MONEY``; ``ValueError`` otherwise."""
    if isinstance(value, str) and _DECIMAL.fullmatch(value.strip()):
        value = float(value)
    if type(value) not in (int, float) or not -MAX_MONEY <= value <= MAX_MONEY:
        raise ValueError(f"{what} {clip(repr(value), 40)} is not a number from "
                         f"{-MAX_MONEY:,} to {MAX_MONEY:,}")
    return float(value)


def json_error_line(err: InputError) -> str:
    """The first fault the JSON reader found in a record, ``at PATH: reason`` (PATH in the
    record's JSON), with how many more there are: a record's error is one line."""
    errors = bound_errors(err.errors)
    path, reasons = next(((p, r) for p, r in errors.items() if r), ("", ["unreadable JSON"]))
    total = error_count(errors)
    more = f" (and {total - 1:,} more)" if total > 1 else ""
    return (f"at {path}: {reasons[0]}" if path else reasons[0]) + more


def player_names(raw: Iterable[str]) -> list[str]:
    """Names in seat order, as ids a document takes: a character nobody can see is left out; a
    name that is then empty, looks like an earlier one (``api.documents.doc_terms.id_look``) or is
    the reserved ``kyotaku`` gets ``#`` and the seat number appended (``NoName``, ``NoName#1``)."""
    names: list[str] = []
    looks: set[str] = set()
    for seat, name in enumerate(raw):
        name = id_seen(name)
        if not name or id_look(name) in looks or name == KYOTAKU:
            name = f"{name}#{seat}"
        names.append(name)
        looks.add(id_look(name))
    return names


def hand_label(round_: int, honba: int) -> str:
    """``"East 3, 1 honba"`` for round 2 (0-based: East 1 is 0, South 1 is 4) with 1 honba."""
    return f"{WINDS[round_ // 4 % 4]} {round_ % 4 + 1}, {honba} honba"


def _compact_sorted(tiles: Iterable[int]) -> str:
    return compact(sorted(tiles, key=_ORDER.__getitem__))


def _order(tile: int) -> tuple[int, int]:
    """Tiles by kind, a red five before the plain ones (as mjlog ids order them)."""
    return kind_of(tile), 0 if tile >= FIRST_RED else 1


_ORDER = [_order(t) for t in range(FIRST_RED + 3)]  # ``_order`` of every tile a record holds


def _codes(tiles: Iterable[int]) -> list[str]:
    return [code(t) for t in tiles]


class _Game:
    """The document and the recorded facts being built, hand by hand."""

    def __init__(self, names: list[str], options: dict):
        self.names = names
        self.options = options
        self.hands: list[dict] = []
        self.recorded_hands: list[dict] = []
        self.owari: Optional[dict] = None
        self.id: Optional[str] = None  # the game's id on the server (tenhou.net/6 ``ref``)

    def start_hand(self, round_: int, honba: int, sticks: int, dealer: int, start_dealer: int,
                   scores: list[int], deal: list[list[int]], dora: int) -> list[dict]:
        names = self.names
        events: list[dict] = [{"type": "deal",
                               "hands": {names[s]: _compact_sorted(deal[s]) for s in range(4)},
                               "dora": code(dora)}]
        self.hands.append({"round_wind": f"{round_ // 4 % 4 + 1}z", "dealer": names[dealer],
                           "honba": honba, "sticks": sticks,
                           "scores": {names[s]: scores[s] for s in range(4)},
                           "start_dealer": names[start_dealer], "events": events})
        self.recorded_hands.append({"label": hand_label(round_, honba), "results": [],
                                    "deltas": None, "before": None, "draw": None, "tenpai": None})
        return events

    def record(self, result: dict, deltas: list[int], before: Optional[list[int]] = None) -> None:
        hand = self.recorded_hands[-1]
        result["deltas"] = self.per_player(deltas)
        hand["results"].append(result)
        total = hand["deltas"] or {n: 0 for n in self.names}
        hand["deltas"] = {n: total[n] + result["deltas"][n] for n in self.names}
        if before is not None and hand["before"] is None:
            hand["before"] = self.per_player(before)

    def record_draw(self, kind: str, tenpai: Optional[list[int]], deltas: list[int],
                    before: Optional[list[int]] = None) -> None:
        """A draw of any kind; ``tenpai`` None where the record does not say."""
        hand = self.recorded_hands[-1]
        hand["draw"] = kind
        hand["tenpai"] = None if tenpai is None else [self.names[s] for s in tenpai]
        self.record({"result": "draw", "type": kind, "tenpai": hand["tenpai"]}, deltas, before)

    def per_player(self, values: list) -> dict:
        return {self.names[s]: values[s] for s in range(4)}

    def finish(self, source: str) -> tuple[dict, dict]:
        for hand in self.hands:
            if not _ends(hand["events"]):
                hand["events"].append({"type": "end"})  # a cut record: the hand stays open
        document = {"format": "mjref/1", "variant": "riichi",
                    "ruleset": {"preset": "tenhou", "options": self.options},
                    "players": self.names, "hands": self.hands}
        recorded = {"source": source, "id": self.id, "players": self.names,
                    "hands": self.recorded_hands, "owari": self.owari}
        return document, recorded


_END_TYPES = frozenset(("win", "exhaustive_draw", "abort"))  # the types of a hand's last event


def _ends(events: list[dict]) -> bool:
    return events[-1]["type"] in _END_TYPES


def _options(red: bool, open_tanyao: bool, hanchan: bool, first_scores: Optional[list[int]]) -> dict:
    from rulesbook.riichi.options import TENHOU_SERVER  # (here: an audit of no record never loads riichi)

    options = {"red_fives": red, "open_tanyao": open_tanyao,
               "length": "hanchan" if hanchan else "tonpuu", **TENHOU_SERVER}
    if first_scores and len(set(first_scores)) == 1 and first_scores[0] != 25000:
        options["start_points"] = first_scores[0]
    return options
