"""The fast loader's pieces (``api.documents.fastload``): readers of one JSON value (whole numbers, choices,
seated players, tiles by the schema's tile kinds, compact tile strings) and the shapes of JSON
objects (fields, readers, required fields, a check across fields). A reader returns the value
loaded or raises one of ``_REFUSED``: the schema will then say what is wrong.
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, Callable, Iterable, Optional

from referee.tiles import (
    ALIASES,
    CODE_INDEX,
    RED_ALIASES,
    RED_INDEX,
    UNKNOWN,
    TileError,
    parse_tile,
)

from api.limits import MAX_COUNT, MAX_ID_LENGTH, MAX_TILES, N_PLAYERS
from api.documents.doc_terms import _TILE_TEXT, _TileKind


class _Refused(Exception):
    """This loader does not take the value: the schema will say what is wrong with it."""


#: what a reader raises for a value it does not take
_REFUSED = (_Refused, KeyError, TypeError)


class _Load:
    """One document's load: its seated players, its bettors, the index of the event being read."""

    __slots__ = ("players", "bettors", "index")

    def __init__(self, players: frozenset[str], bettors: frozenset[str]):
        self.players, self.bettors, self.index = players, bettors, 0


Reader = Callable[[Any, _Load], Any]


def _refuse() -> Any:
    raise _Refused


# --- readers of one value -------------------------------------------------------------------------


def _int(low: int = 0, high: int = MAX_COUNT) -> Reader:
    """``api.documents.schemas.tw16.Int``: a whole number (not a bool) from ``low`` to ``high``."""
    def read(value: Any, load: _Load) -> int:
        return value if type(value) is int and low <= value <= high else _refuse()
    return read


def _same(value: Any, load: _Load) -> Any:
    return value


def _bool(value: Any, load: _Load) -> bool:
    return value if type(value) is bool else _refuse()


def _text(value: Any, load: _Load) -> str:
    """``api.documents.schemas.tw16.Text``: a non-empty string of at most ``MAX_ID_LENGTH`` characters."""
    return value if type(value) is str and 0 < len(value) <= MAX_ID_LENGTH else _refuse()


def _choice(*choices: str) -> Reader:
    words = frozenset(choices)

    def read(value: Any, load: _Load) -> str:
        return value if value in words else _refuse()
    return read


def _player(value: Any, load: _Load) -> str:
    """A seated player's id (the seated ids are strings of an id's length)."""
    return value if value in load.players else _refuse()


def _player_or_bettor(value: Any, load: _Load) -> str:
    return value if value in load.players or value in load.bettors else _refuse()


def _player_or(*also: str, bettors: bool = False) -> Reader:
    """``api.documents.schemas.tw16.Player(also=…, bettors=…)``: a seated player, one of ``also``, a bettor."""
    words = frozenset(also)

    def read(value: Any, load: _Load) -> str:
        if value in words or value in load.players or (bettors and value in load.bettors):
            return value
        return _refuse()
    return read


def _players(value: Any, load: _Load) -> tuple[str, ...]:
    """``api.documents.schemas.tw16.Players``: distinct seated players."""
    if type(value) is not list or len(value) > N_PLAYERS or len(set(value)) != len(value):
        return _refuse()
    for name in value:
        if name not in load.players:
            return _refuse()
    return tuple(value)


def _about(value: Any, load: _Load) -> int:
    """``api.documents.schemas.tw16.About``: the index of an earlier event of the same hand."""
    return value if type(value) is int and 0 <= value < load.index else _refuse()


def _tile_table(kind: _TileKind, red: bool) -> dict[str, int]:
    """Every text a tile field of ``kind`` takes, as ``api.documents.schemas.tw16.Tile`` reads it, and its tile."""
    table = {}
    for text in ("?", *CODE_INDEX, *ALIASES, *RED_INDEX, *RED_ALIASES):
        try:
            tile = parse_tile(text, red=red)
        except TileError:
            continue
        if len(text) <= _TILE_TEXT and kind.check(tile) is None:
            table[text] = tile
    return table


def _tile(table: dict[str, int]) -> Reader:
    def read(value: Any, load: _Load) -> int:
        return table[value]
    return read


def _compact(text: str, codes: dict[str, int]) -> tuple[int, ...]:
    """``referee.tiles.parse_compact`` (``"123m11z??"``), read from the end (each digit then
    knows its suit), about four times sooner; ``codes``: the codes it takes (red fives or not)."""
    out = []
    suit, counted = "", True  # the suit of the run being read; whether it has a digit yet
    for ch in reversed(text):
        if ch in _SUITS:
            if not counted:
                return _refuse()
            suit, counted = ch, False
        elif ch == "?":
            if not counted:
                return _refuse()
            suit = ""
            out.append(UNKNOWN)
        else:
            out.append(codes[ch + suit])
            counted = True
    if not counted:
        return _refuse()
    out.reverse()
    return tuple(out)


_SUITS = frozenset("mpszf")


def _tiles(table: dict[str, int], red: bool, length: Optional[int] = None, *,
           count: bool = False) -> Reader:
    """``api.documents.schemas.tw16.Tiles``: a compact string or an array of tiles, all in ``table``; ``length``:
    exactly that many; ``count`` (``HandTiles``): or a count of hidden tiles."""
    codes = {**CODE_INDEX, **(RED_INDEX if red else {})}
    allowed = frozenset(table.values())
    every = allowed >= frozenset(codes.values()) | {UNKNOWN}

    def read(value: Any, load: _Load) -> Any:
        kind = type(value)
        if kind is list:
            if len(value) > MAX_TILES:
                return _refuse()
            tiles = tuple(map(table.__getitem__, value))
        elif kind is str:
            if len(value) > 2 * MAX_TILES:
                return _refuse()
            tiles = _compact(value, codes)
            if not every and not allowed.issuperset(tiles):
                return _refuse()
        elif count and kind is int and 0 <= value <= MAX_TILES:
            return value
        else:
            return _refuse()
        if length is not None and len(tiles) != length:
            return _refuse()
        return tiles
    return read


def _player_map(values: Reader) -> Reader:
    """``api.documents.schemas.tw16.PlayerMap``: an object keyed by seated players; loads as a plain dict."""
    def read(value: Any, load: _Load) -> dict[str, Any]:
        if type(value) is not dict:
            return _refuse()
        out = {}
        for key, item in value.items():
            if key not in load.players or item is None:
                return _refuse()
            out[key] = values(item, load)
        return out
    return read


# --- objects --------------------------------------------------------------------------------------


def _blank(cls: type, given: Iterable[str]) -> Optional[dict[str, Any]]:
    """The ``__dict__`` a frozen dataclass's own ``__init__`` leaves, its fields in order, each at
    its default, None for the fields ``given`` (always set by the caller). A frozen dataclass's
    ``__init__`` sets each field through ``object.__setattr__``, over half the cost of loading a
    draw or a discard; ``object.__new__(cls)`` with this dict, then the given fields, put in its
    ``__dict__`` is the same object (equal, the same ``repr`` and ``vars``) for a fraction.
    None (build it by ``cls(**fields)``) unless ``__init__`` does no more than that: no
    ``__post_init__``, no slots, no default factory, every field without a default given."""
    if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__") or not cls.__dataclass_params__.frozen:
        return None
    given = frozenset(given)
    blank = {}
    for field in fields(cls):
        if field.default_factory is not MISSING or (field.default is MISSING and field.name not in given):
            return None
        blank[field.name] = None if field.name in given else field.default
    return blank


@dataclass(frozen=True)
class _Shape:
    """A JSON object as its schema declares it: ``fields`` maps each JSON name to (attribute,
    reader, null accepted), in the schema's order; ``required`` JSON names; ``check`` (the loaded
    attributes, the load) → whether the schema's validators pass; ``build`` makes the object of
    the loaded attributes."""

    fields: dict[str, tuple[str, Reader, bool]]
    required: frozenset[str]
    build: Callable[[dict[str, Any]], Any]
    check: Optional[Callable[[dict[str, Any], _Load], bool]] = None


def _shape(build: Callable[..., Any], *fields: tuple, check: Optional[Callable] = None,
           plain: bool = False) -> _Shape:
    """A shape of ``fields``: each (JSON name, reader, flags), flags a string holding ``r``
    (required) and/or ``n`` (null accepted), and an attribute name after ``=`` when it is not the
    JSON name (``("from", _player, "n=source")``). ``plain``: ``build`` takes the attributes as a
    dict in the schema's order (marshmallow's plain dict); else as keyword arguments."""
    table, required = {}, set()
    for name, reader, flags in fields:
        flags, _, attr = flags.partition("=")
        table[name] = (attr or name, reader, "n" in flags)
        if "r" in flags:
            required.add(name)
    if plain:
        order = [attr for attr, _, _ in table.values()]
        return _Shape(table, frozenset(required), lambda kw: build({k: kw[k] for k in order if k in kw}),
                      check)
    return _Shape(table, frozenset(required), lambda kw: build(**kw), check)


def _attributes(raw: Any, shape: _Shape, load: _Load) -> dict[str, Any]:
    """The loaded attributes of a JSON object of ``shape``, its check passed."""
    if type(raw) is not dict:
        return _refuse()
    fields = shape.fields
    out = {}
    for key, value in raw.items():
        attr, read, nullable = fields[key]
        if value is None:
            if not nullable:
                return _refuse()
            out[attr] = None
        else:
            out[attr] = read(value, load)
    if not raw.keys() >= shape.required or (shape.check is not None and not shape.check(out, load)):
        return _refuse()
    return out


def _nested(shape: _Shape) -> Reader:
    def read(value: Any, load: _Load) -> Any:
        return shape.build(_attributes(value, shape, load))
    return read


def _list_of(shape: _Shape, limit: Optional[int] = None) -> Reader:
    """``api.documents.schemas.tw16.TupleList`` of objects: a tuple; ``limit``: of at most that many."""
    def read(value: Any, load: _Load) -> tuple:
        if type(value) is not list or (limit is not None and len(value) > limit):
            return _refuse()
        return tuple([shape.build(_attributes(item, shape, load)) for item in value])
    return read
