"""What loading a document needs besides its schemas: the document's seating for one load
(``seating``: players, bettors, variant, red fives), the kinds of tiles a field accepts, the
format's reserved names, and the bounds of a ruleset entry. Free of marshmallow: the fast loader
(``api.documents.fastload``) reads valid documents with these alone, and the schemas
(``api.documents.schema_fields``, ``api.documents.schemas.tw16``) build on them.
"""
from __future__ import annotations

import re
import reprlib
import unicodedata
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Callable, Iterator, Optional

from referee.tiles import UNKNOWN, code, is_flower
from rulesbook import VARIANTS

from api.limits import BETTORS, MAX_ID_LENGTH, MONEY, N_PLAYERS, TAI

KYOTAKU = "kyotaku"  # riichi: the sticks' party (RULEBOOK_RIICHI §10; rulesbook.riichi.settle pays it)


def id_look(name: str) -> str:
    """What an id looks like to a person at the table: its NFKC form, case folded, without the
    spaces around it ("Ａ", "a " and "A" look the same)."""
    return unicodedata.normalize("NFKC", name).casefold().strip()


def id_unseen(name: str) -> Optional[str]:
    """The first character of an id that a person cannot see (a control or format character such
    as a zero-width space, or a line break), named by its code point ("U+200B"); None when there
    is none."""
    for ch in name:
        if unicodedata.category(ch) in _UNSEEN:
            return f"U+{ord(ch):04X}"
    return None


def id_seen(name: str) -> str:
    """The id without the characters nobody can see (``id_unseen``)."""
    return "".join(ch for ch in name if unicodedata.category(ch) not in _UNSEEN)


_UNSEEN = frozenset(("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"))


FORMAT = "mjref/1"
REFEREE = "referee"  # ``report.by`` for a report made by the referee; no player or bettor may be named so
ROOT = ""  # the path of the document itself (as in api.cli)


@contextmanager
def seating(data: object) -> Iterator[_Seats]:
    """What the fields of one load need to know of the whole document (its players, bettors,
    variant, red fives), read first and kept for the load's duration (``api.documents.loader``)."""
    seats = _Seats.of(data)
    token = _SEATS.set(seats)
    try:
        yield seats
    finally:
        _SEATS.reset(token)


@dataclass
class _Seats:
    """The ids and variant of the document being loaded, read from the raw value before loading.

    A set is None when the document's own list is unusable: that list's error is reported, and the
    fields referring to it are not checked against it (no cascade of errors from one fault).
    """

    players: Optional[frozenset[str]]
    bettors: Optional[frozenset[str]]
    variant: Optional[str]
    event: int = 0  # index of the event being loaded, within its hand
    red: bool = False  # red fives (0m 0p 0s) are tiles of this document (riichi's red_fives)

    @classmethod
    def of(cls, data: object) -> "_Seats":
        raw = data if isinstance(data, dict) else {}
        variant = raw.get("variant")
        variant = variant if isinstance(variant, str) and variant in VARIANTS else None
        return cls(players=_id_set(raw.get("players"), N_PLAYERS, N_PLAYERS),
                   bettors=_id_set(raw.get("bettors", []), 0, BETTORS.value),
                   variant=variant, red=variant == "riichi" and _red_fives(raw.get("ruleset")))


def _red_fives(ruleset: object) -> bool:
    """Whether a riichi document's tiles include the red fives (option red_fives, default on)."""
    options = ruleset.get("options") if isinstance(ruleset, dict) else None
    red = options.get("red_fives") if isinstance(options, dict) else None
    return red if isinstance(red, bool) else True


def _id_set(value: object, fewest: int, most: int) -> Optional[frozenset[str]]:
    """The ids of a list that holds ``fewest`` to ``most`` of them (its length is looked at
    before its items), all strings of an id's length."""
    if isinstance(value, list) and fewest <= len(value) <= most and all(
            isinstance(x, str) and len(x) <= MAX_ID_LENGTH for x in value):
        return frozenset(value)
    return None


_SEATS: ContextVar[_Seats] = ContextVar("mjref_seats")  # set by seating() for one load


_REPR = reprlib.Repr()  # bounded work whatever the value's size or depth
_REPR.maxlevel, _REPR.maxdict, _REPR.maxlist = 2, 3, 3
_REPR.maxstring = _REPR.maxlong = _REPR.maxother = 40


def _show(value: object) -> str:
    """A value as a message shows it: at most 40 characters, whatever its size or depth."""
    text = _REPR.repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _too_long(value: str) -> str:
    return f"must be at most {MAX_ID_LENGTH} characters, not {len(value):,} ({_show(value)})"


@dataclass(frozen=True)
class _TileKind:
    """Which tiles a field accepts: ``test`` a known tile (else ``reason``, formatted with its code);
    ``hidden``: why ``?`` is refused here, None when it is accepted."""

    test: Callable[[int], bool]
    reason: str
    hidden: Optional[str] = None

    def check(self, tile: int) -> Optional[str]:
        if tile == UNKNOWN:
            return self.hidden
        return None if self.test(tile) else self.reason.format(tile=repr(code(tile)))


ANY = _TileKind(lambda t: True, "")
NO_FLOWER = _TileKind(lambda t: not is_flower(t), "{tile} is a flower: flowers are laid out, not here")
FLOWER = _TileKind(is_flower, "{tile} is not a flower (1f-8f)",
                   hidden="'?' is not a flower: a flower is laid out face up, give its code")
#: shanghai (RULEBOOK_SH §15): the flower tiles are 1f-8f and, under dragons_as_flowers, 中發白
SH_FLOWER = _TileKind(lambda t: is_flower(t) or 31 <= t <= 33,
                      "{tile} is not a flower tile (1f-8f, or 5z 6z 7z under dragons_as_flowers)",
                      hidden="'?' is not a flower: a flower is laid out face up, give its code")
#: a tile turned face up (the 13-tile ``indicator``): known; a flower only where the variant turns
#: flowers up (the table refuses it elsewhere, at its event)
FACE_UP = _TileKind(lambda t: True, "", hidden="'?' cannot be turned face up: give the tile's code")
#: a tile kind named (``state.wild``): a known tile of the 34 kinds
KIND = _TileKind(lambda t: not is_flower(t), "{tile} is a flower, not a tile kind",
                 hidden="'?' is no kind: give its code")
WIND = _TileKind(lambda t: 27 <= t <= 30, "{tile} is not a wind (1z-4z, E S W N)",
                 hidden="'?' is not a wind: give the round wind")


#: the liabilities an hk ``state`` may carry (RULEBOOK_HK §10.2: HK-BAO-5 is never carried)
HK_BAO_CLAUSES = ("HK-BAO-1", "HK-BAO-2", "HK-BAO-3", "HK-BAO-4", "HK-BAO-6")
#: the liabilities a guangdong ``state`` may carry (RULEBOOK_GD §10: GD-BAO-4 and 5 are found at
#: their win)
GD_BAO_CLAUSES = ("GD-BAO-1", "GD-BAO-2", "GD-BAO-3")
#: the liabilities a shanghai ``state`` may carry (RULEBOOK_SH §15: 包三口)
SH_BAO_CLAUSES = ("SH-BAO-1",)
#: the liabilities a wuhan ``state`` may carry (RULEBOOK_WH §10: WH-CB-2 and 3 arise at the win)
WH_CB_CLAUSES = ("WH-CB-1",)

#: per variant, the ``mjref/1`` aliases that name another tile under its own flower numbering
#: (RULEBOOK_HK §10.2: under hk 菊 is 3f and 竹 is 4f, the reverse of the Taiwan table)
REFUSED_ALIASES: dict[str, frozenset[str]] = {
    "hk": frozenset({"竹", "菊", "\U0001F024", "\U0001F025"}),
}


#: a tile's code or alias is at most this long (``"一萬"``, ``"🀄"``, ``"5p"``)
_TILE_TEXT = 4


#: a number of tai in an option's text (``false_win_face: "fixed:K"``)
_TAI_IN_TEXT = re.compile(r":([0-9]+)\Z")


#: points written in a riichi option's text (``chombo: "final:N"``)
_POINTS_IN_TEXT = re.compile(r":([0-9]+)\Z")


def _bounded_riichi_option(name: str, value: object) -> Optional[str]:
    """The limits on a riichi ``ruleset.options`` entry, checked before the rulebook reads it (not
    ``_bounded_entry``'s: riichi writes points, not tai, in an option): its name and a text value
    at most ``MAX_ID_LENGTH`` characters; points in a text (``final:N``, RJ-IRR-0) at most
    ``MAX_MONEY``, a riichi score's bound; a list option (``pao``, ``abortive_draws``) no longer
    than its choices, refused before its items are looked at."""
    from rulesbook.riichi.options import OPTIONS_SPEC

    if len(name) > MAX_ID_LENGTH:
        return _too_long(name)
    if isinstance(value, str) and len(value) > MAX_ID_LENGTH:
        return _too_long(value)
    if isinstance(value, str) and (points := _POINTS_IN_TEXT.search(value)) and int(points[1]) > MONEY.value:
        return f"must be at most {MONEY.value:,} points, not {points[1]}"
    allowed = OPTIONS_SPEC[name][0] if name in OPTIONS_SPEC else None
    if isinstance(value, list) and isinstance(allowed, tuple) and len(value) > len(allowed):
        return f"must list at most {len(allowed)} values (each of its choices once), not {len(value):,}"
    return None


def _bounded_entry(table: str, value: object) -> Optional[str]:
    """The limits on a ruleset entry, checked before the rulebook reads it: a tai value at most
    ``MAX_TAI`` (also one written in an option, ``fixed:K``), a text value at most
    ``MAX_ID_LENGTH`` characters."""
    if table == "tai_table" and isinstance(value, int) and value > TAI.value:
        return f"must be at most {TAI.value:,} tai, not {_show(value)}"
    if isinstance(value, str) and len(value) > MAX_ID_LENGTH:
        return _too_long(value)
    if isinstance(value, str) and (tai := _TAI_IN_TEXT.search(value)) and int(tai[1]) > TAI.value:
        return f"must be at most {TAI.value:,} tai, not {tai[1]}"
    return None
