"""Input schemas: a JSON document (format ``mjref/1``, EVENT_LOG.md) into the engine's objects.

Its fields and the tw16 document (``TW16_DOCUMENT_SCHEMA``); ``api.loader.load_document`` is the
way in, choosing the variant's schema (riichi's: ``api.riichi_schemas``). A load checks all that can be checked without replaying a hand: the
shape of every object (an unknown field is an error: a typo must not silently change a ruling), tile
codes, enumerations, that every player id is seated, that an ``about`` points back, that a ``state``
comes first. Whether a movement could happen (does he hold that tile, a fifth copy, whose turn) is
the replay's business (``referee.replay``).

Every error is reported at once, as ``InputError(errors)`` mapping JSON paths to reasons (at most
``api.limits.MAX_ERRORS`` of them, then how many more). The limits of ``api.limits`` are checked
here: a number above its limit is refused at its path, a list longer than its limit before any of
its items is looked at (``players`` first of all), and no check costs more than linear work.
Only this package imports marshmallow; the engine sees frozen dataclasses, tiles as ints.
"""
from __future__ import annotations

import re
import reprlib
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterator, Optional

from marshmallow import (
    RAISE,
    Schema,
    ValidationError,
    fields,
    post_load,
    validates_schema,
)

from referee import events as ev
from referee.model import Document, HandRecord, Ruleset, SideBet, Stake
from referee.tiles import (
    ALIASES,
    UNKNOWN,
    TileError,
    code,
    is_flower,
    parse_compact,
    parse_tile,
)
from rulesbook import VARIANTS
from rulesbook.riichi.options import option_error as riichi_option_error
from rulesbook.tw16.options import option_error
from rulesbook.tw16.values import tai_table_error

from .jsonvalues import join_path
from .limits import (BETTORS, COUNT, EVENTS, HANDS, MAX_ID_LENGTH, MAX_TILES, MONEY, N_PLAYERS,
                     PLAYERS, SIDE_BETS, STREAK, TAI, TILES, TIME, Limit)
from .messages import REQUIRED, hint, suggest_fields, tile_hint

FORMAT = "mjref/1"
REFEREE = "referee"  # ``report.by`` for a report made by the referee; no player or bettor may be named so
ROOT = ""  # the path of the document itself (as in api.cli)

#: per variant, the rulebook's checks of one ``ruleset.options`` / ``ruleset.tai_table`` entry
_RULEBOOK_CHECKS: dict[str, dict[str, Callable[[str, object], Optional[str]]]] = {
    "tw16": {"options": option_error, "tai_table": tai_table_error},
    "riichi": {"options": riichi_option_error},  # its loader (api.riichi_schemas) checks each
}
assert set(VARIANTS) <= set(_RULEBOOK_CHECKS), "every variant's options must be checked"


@contextmanager
def seating(data: object) -> Iterator[_Seats]:
    """What the fields of one load need to know of the whole document (its players, bettors,
    variant, red fives), read first and kept for the load's duration (``api.loader``)."""
    seats = _Seats.of(data)
    token = _SEATS.set(seats)
    try:
        yield seats
    finally:
        _SEATS.reset(token)


def error_paths(messages: object, path: str = ROOT) -> dict[str, list[str]]:
    """Flatten marshmallow's nested error messages into JSON paths.

    ``{"hand": {"events": {3: {"tile": ["…"]}}}}`` becomes ``{"hand.events[3].tile": ["…"]}``;
    an error about an object itself (marshmallow's ``_schema`` key) is listed under the object.
    """
    out: dict[str, list[str]] = {}

    def walk(node: object, at: str) -> None:
        if isinstance(node, dict):
            for key, sub in node.items():
                walk(sub, _join(at, key))
        elif isinstance(node, list):
            for item in node:
                walk(item, at)
        else:
            out.setdefault(at, []).append(str(node))

    walk(messages, path)
    return out


def _join(path: str, key: object) -> str:
    return path if key == "_schema" else join_path(path, key)


# --- what a document's fields are checked against --------------------------------------------


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


def _too_many(value: list, limit: Limit, what: str) -> Optional[str]:
    """Why a list is too long to be looked at, or None."""
    if len(value) > limit.value:
        return f"must hold {limit.reason(what)}, not {len(value):,}"
    return None


def _alternatives(choices: tuple[str, ...]) -> str:
    return choices[0] if len(choices) == 1 else ", ".join(choices[:-1]) + " or " + choices[-1]


# --- fields: strict JSON types, one reason per fault --------------------------------------------


class Int(fields.Field):
    """A whole number (not a bool, not 3.0), at least ``minimum``, at most ``limit``."""

    def __init__(self, *, minimum: int = 0, limit: Limit = COUNT, **kwargs: Any):
        super().__init__(**kwargs)
        self.minimum = minimum
        self.maximum = limit.value

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValidationError(f"must be a whole number, not {_show(value)}")
        if value < self.minimum:
            raise ValidationError(f"must be {self.minimum} or more, not {_show(value)}")
        if value > self.maximum:
            raise ValidationError(f"must be at most {self.maximum:,}, not {_show(value)}")
        return value


class Bool(fields.Field):
    """``true`` or ``false`` (not 1, not "yes")."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError(f"must be true or false, not {_show(value)}")
        return value


class Text(fields.Field):
    """A non-empty string of at most ``MAX_ID_LENGTH`` characters (an id, a clause ID)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        if not isinstance(value, str) or not value:
            raise ValidationError(f"must be a non-empty string, not {_show(value)}")
        if len(value) > MAX_ID_LENGTH:
            raise ValidationError(_too_long(value))
        return value


def _too_long(value: str) -> str:
    return f"must be at most {MAX_ID_LENGTH} characters, not {len(value):,} ({_show(value)})"


class Choice(fields.Field):
    """One of a few strings."""

    def __init__(self, *choices: str, **kwargs: Any):
        super().__init__(**kwargs)
        self.choices = choices

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        if not isinstance(value, str) or value not in self.choices:
            raise ValidationError(f"must be {_alternatives(self.choices)}, not {_show(value)}"
                                  + hint(value, self.choices))
        return value


class Variant(Choice):
    """``variant``: one this referee rules; another is named as not yet available."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        if isinstance(value, str) and value not in self.choices and not hint(value, self.choices):
            raise ValidationError(f"{_show(value)} is not a variant this referee rules yet: it "
                                  f"rules {_alternatives(self.choices)} (Taiwan 16-tile, Japanese "
                                  "riichi); Hong Kong, Guangdong, Wuhan, Shanghai and Sichuan are planned")
        return super()._deserialize(value, attr, data, **kwargs)


def _check_player(value: object, *, bettors: bool = False, also: tuple[str, ...] = ()) -> str:
    if not isinstance(value, str) or not value:
        raise ValidationError(f"must be a player id (a non-empty string), not {_show(value)}")
    if len(value) > MAX_ID_LENGTH:
        raise ValidationError(_too_long(value))
    seats = _SEATS.get()
    if value in also or seats.players is None or value in seats.players:
        return value
    if bettors and (seats.bettors is None or value in seats.bettors):
        return value
    what = ["a seated player"] + (["a bettor"] if bettors else []) + [repr(a) for a in also]
    known = [*seats.players, *((seats.bettors or ()) if bettors else ()), *also]
    raise ValidationError(f"{_show(value)} is not {_alternatives(tuple(what))} "
                          f"(players: {', '.join(sorted(seats.players))})" + hint(value, known))


class Player(fields.Field):
    """A seated player's id; with ``bettors``, a bettor's too; ``also``: a few other words."""

    def __init__(self, *, bettors: bool = False, also: tuple[str, ...] = (), **kwargs: Any):
        super().__init__(**kwargs)
        self.bettors = bettors
        self.also = also

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        return _check_player(value, bettors=self.bettors, also=self.also)


class Players(fields.Field):
    """An array of distinct seated players' ids, as a tuple."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise ValidationError("must be an array of player ids")
        if reason := _too_many(value, PLAYERS, "players"):
            raise ValidationError(reason)
        errors: dict[int, list[str]] = {}
        seen: set[str] = set()
        for i, name in enumerate(value):
            try:
                _check_player(name)
            except ValidationError as err:
                errors[i] = err.messages  # type: ignore[assignment]
            else:
                if name in seen:
                    errors[i] = [f"{name!r} is listed twice"]
                seen.add(name)
        if errors:
            raise ValidationError(errors)  # type: ignore[arg-type]
        return tuple(value)


class Ids(fields.Field):
    """``players`` (``count`` 4) or ``bettors`` (``outside``: none of them a player): distinct
    non-empty ids, as a tuple."""

    def __init__(self, *, count: Optional[int] = None, outside: bool = False, **kwargs: Any):
        super().__init__(**kwargs)
        self.count = count
        self.outside = outside

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise ValidationError("must be an array of ids (strings)")
        if self.count is not None and len(value) != self.count:  # before looking at any of them
            raise ValidationError(f"must list exactly {self.count} players, not {len(value):,}")
        if reason := _too_many(value, BETTORS, "bettors"):
            raise ValidationError(reason)
        players = _SEATS.get().players if self.outside else None
        errors: dict[object, list[str]] = {}
        seen: set[str] = set()
        for i, name in enumerate(value):
            if not isinstance(name, str) or not name:
                errors[i] = [f"must be a non-empty string, not {_show(name)}"]
            elif len(name) > MAX_ID_LENGTH:
                errors[i] = [_too_long(name)]
            elif name == REFEREE:
                errors[i] = [f"{REFEREE!r} is reserved for reports made by the referee"]
            elif name in seen:
                errors[i] = [f"{name!r} is listed twice"]
            elif players is not None and name in players:
                errors[i] = [f"{name!r} is a player: a bettor is not seated at the table"]
            if isinstance(name, str):
                seen.add(name)
        if errors:
            raise ValidationError(errors)  # type: ignore[arg-type]
        return tuple(value)


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
WIND = _TileKind(lambda t: 27 <= t <= 30, "{tile} is not a wind (1z-4z, E S W N)",
                 hidden="'?' is not a wind: give the round wind")

_ALIAS_CHARS = frozenset("".join(ALIASES))


#: a tile's code or alias is at most this long (``"一萬"``, ``"🀄"``, ``"5p"``)
_TILE_TEXT = 4


def _parse_tile(value: object) -> int:
    """``referee.tiles.parse_tile``, a long string refused before it is looked up (and shown cut)."""
    if isinstance(value, str) and len(value) > _TILE_TEXT:
        raise TileError(f"unknown tile {_show(value)}")
    return parse_tile(value, red=_SEATS.get().red)  # type: ignore[arg-type]


def _read_tiles(value: object) -> tuple[int, ...]:
    """A tile list: a compact string of codes or an array of codes/aliases (``referee.tiles``), of
    at most ``MAX_TILES`` tiles (a compact string spends 1 to 2 characters a tile)."""
    if isinstance(value, str):
        if len(value) > 2 * MAX_TILES:
            raise ValidationError(f"must hold {TILES.reason('tiles')}, not a string of "
                                  f"{len(value):,} characters")
        try:
            return parse_compact(value, red=_SEATS.get().red)
        except TileError as err:
            why = tile_hint(value) or (
                "; aliases are accepted only in an array of tiles, not in a compact string"
                if any(ch in _ALIAS_CHARS for ch in value) else "")
            raise ValidationError(f"{err}{why}") from None
    if isinstance(value, list):
        if reason := _too_many(value, TILES, "tiles"):
            raise ValidationError(reason)
        tiles, reasons = [], []
        for i, item in enumerate(value):
            try:
                tiles.append(_parse_tile(item))
            except TileError as err:
                reasons.append(f"tile [{i}]: {err}{tile_hint(item)}")
        if reasons:
            raise ValidationError(reasons)
        return tuple(tiles)
    raise ValidationError('must be tiles: a compact string ("123m11z") or an array of tiles')


class Tile(fields.Field):
    """One tile: a code, an alias or ``?`` (UNKNOWN), as an int."""

    def __init__(self, kind: _TileKind = ANY, **kwargs: Any):
        super().__init__(**kwargs)
        self.kind = kind

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> int:
        try:
            tile = _parse_tile(value)
        except TileError as err:
            raise ValidationError(f"{err}{tile_hint(value)}") from None
        reason = self.kind.check(tile)
        if reason:
            raise ValidationError(reason)
        return tile


class Tiles(fields.Field):
    """A tile list as a tuple of ints; ``length``: exactly that many tiles."""

    def __init__(self, kind: _TileKind = ANY, *, length: Optional[int] = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.kind = kind
        self.length = length

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> tuple[int, ...]:
        tiles = _read_tiles(value)
        reasons = [r for r in dict.fromkeys(self.kind.check(t) for t in tiles) if r]
        if self.length is not None and len(tiles) != self.length:
            reasons.append(f"must be {self.length} tiles, not {len(tiles)}")
        if reasons:
            raise ValidationError(reasons)
        return tiles


class HandTiles(Tiles):
    """A player's concealed tiles, or their count when they are unknown."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, str, list)):
            raise ValidationError("must be tiles (a compact string or an array) or a count")
        if isinstance(value, int):
            if value < 0:
                raise ValidationError(f"a count of tiles must be 0 or more, not {value}")
            if value > MAX_TILES:
                raise ValidationError(f"a count of tiles must be at most {MAX_TILES}, not {_show(value)}")
            return value
        return super()._deserialize(value, attr, data, **kwargs)


class PlayerMap(fields.Field):
    """An object keyed by seated players' ids; a fault is reported under its key
    (``hand.events[0].hands.B``). Loads as a plain dict."""

    def __init__(self, values: fields.Field, **kwargs: Any):
        super().__init__(**kwargs)
        self.values = values

    def _bind_to_schema(self, field_name: str, parent: Any) -> None:
        super()._bind_to_schema(field_name, parent)
        self.values._bind_to_schema(field_name, self)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise ValidationError("must be an object keyed by player id")
        out: dict[str, Any] = {}
        errors: dict[str, Any] = {}
        for key, item in value.items():
            try:
                _check_player(key)
                out[key] = self.values.deserialize(item)
            except ValidationError as err:
                errors[key] = err.messages
        if errors:
            raise ValidationError(errors)
        return out


class TupleList(fields.List):
    """An array, loaded as a tuple; with a ``limit``, of at most that many items (``what``), a
    longer one refused before its items are loaded."""

    def __init__(self, inner: fields.Field, *, limit: Optional[Limit] = None, what: str = "",
                 **kwargs: Any):
        super().__init__(inner, **kwargs)
        self.limit, self.what = limit, what

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> tuple[Any, ...]:
        if self.limit and isinstance(value, list) and (
                reason := _too_many(value, self.limit, self.what)):
            raise ValidationError(reason)
        return tuple(super()._deserialize(value, attr, data, **kwargs))


class RulebookMap(fields.Field):
    """``ruleset.options`` or ``ruleset.tai_table``: each entry checked by the variant's rulebook,
    a fault reported under its key (``ruleset.options.single_wait``)."""

    def __init__(self, table: str, **kwargs: Any):
        super().__init__(**kwargs)
        self.table = table

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> dict[str, object]:
        if not isinstance(value, dict):
            raise ValidationError("must be an object")
        variant = _SEATS.get().variant
        check = _RULEBOOK_CHECKS[variant][self.table] if variant else None  # else: variant's error
        errors: dict[str, list[str]] = {}
        for key, item in value.items():
            reason = ("must be a string" if not isinstance(key, str)
                      else _too_long(key) if len(key) > MAX_ID_LENGTH
                      else _bounded_entry(self.table, item) or (check(key, item) if check else None))
            if reason:
                errors[str(key)] = [reason]
        if errors:
            raise ValidationError(errors)  # type: ignore[arg-type]
        return dict(value)


#: a number of tai in an option's text (``false_win_face: "fixed:K"``)
_TAI_IN_TEXT = re.compile(r":([0-9]+)\Z")


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


class About(Int):
    """``about``: the index of an earlier event of the same hand."""

    def __init__(self, **kwargs: Any):
        super().__init__(limit=EVENTS, **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> int:
        index = super()._deserialize(value, attr, data, **kwargs)
        here = _SEATS.get().event
        if index >= here:
            raise ValidationError(f"must be the index of an earlier event of this hand (below {here}), "
                                  f"not {index}")
        return index


# --- schemas -------------------------------------------------------------------------------------


class Strict(Schema):
    """A JSON object whose every field is declared: an unknown field is an error at its path."""

    class Meta:
        unknown = RAISE

    error_messages = {"type": "must be a JSON object", "unknown": "unknown field"}

    def handle_error(self, error: ValidationError, data: Any, *, many: bool, **kwargs: Any) -> None:
        """An unknown field says which declared one it was likely meant to be."""
        known = (f.data_key or name for name, f in self.load_fields.items())
        suggest_fields(error.messages, data, known)


class Faults(dict[str, list[str]]):
    """The faults a schema validator finds across fields (keys are JSON names: ``from``)."""

    def add(self, key: str, reason: str) -> None:
        self.setdefault(key, []).append(reason)

    def raise_any(self) -> None:
        if self:
            raise ValidationError(dict(self))  # type: ignore[arg-type]


def _given(original: object, key: str) -> bool:
    """Whether the raw object gives ``key`` (a null is not giving it)."""
    return isinstance(original, dict) and original.get(key) is not None


# events


class EventSchema(Strict):
    """An event; subclasses name the dataclass they build (``event``) and its fields."""

    event: ClassVar[type[ev.Event]]
    type = fields.Raw(required=True)  # already checked by _load_event, which picked this schema
    t = Int(limit=TIME, allow_none=True)

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> ev.Event:
        del data["type"]
        return self.event(**data)


class PlayerEventSchema(EventSchema):
    player = Player(required=True)


class MeldSchema(Strict):
    kind = Choice("chi", "pon", "kong", required=True)
    kong = Choice(*ev.KONG_KINDS)
    tiles = Tiles(NO_FLOWER, required=True)
    tile = Tile(NO_FLOWER, allow_none=True)
    source = Player(data_key="from", allow_none=True)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def check(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        faults = Faults()
        kind, tiles, tile = data.get("kind"), data.get("tiles"), data.get("tile")
        if kind == "kong" and not _given(original, "kong"):
            faults.add("kong", "required for a kong: concealed, added or claimed")
        if kind in ("chi", "pon") and _given(original, "kong"):
            faults.add("kong", f"only for a kong, not a {kind}")
        size = 4 if kind == "kong" else 3
        if kind and tiles is not None and len(tiles) != size:
            faults.add("tiles", f"a {kind} has {size} tiles, not {len(tiles)}")
        if data.get("kong") == "concealed":
            for key in ("tile", "from"):
                if _given(original, key):
                    faults.add(key, "not for a concealed kong: it claims no tile")
        elif tile is not None and tiles and UNKNOWN not in (tile, *tiles) and tile not in tiles:
            faults.add("tile", f"the claimed tile {code(tile)} is not among the meld's tiles")
        faults.raise_any()

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> ev.MeldSpec:
        return ev.MeldSpec(**data)


class LastDiscardSchema(Strict):
    player = Player(required=True)
    tile = Tile(NO_FLOWER, required=True)

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> tuple[str, int]:
        return data["player"], data["tile"]


class DrawnSchema(Strict):
    tile = Tile(required=True)
    source = Choice("wall", "back", "claim", data_key="from", load_default="wall")

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> tuple[int, str]:
        return data["tile"], data["source"]


class StatusSchema(Strict):
    """A player's standing conditions; loads as the plain dict of the fields given."""

    dead_hand = Bool()
    passed = Bool()
    watching = Bool()
    tian_ting = Bool()
    di_ting = Bool()
    watch_violations = Int()
    dead_hand_violations = Int()


class StateSchema(EventSchema):
    event = ev.State
    hands = PlayerMap(HandTiles(NO_FLOWER), required=True)
    melds = PlayerMap(TupleList(fields.Nested(MeldSchema)))
    flowers = PlayerMap(Tiles(FLOWER))
    discards = PlayerMap(Tiles(NO_FLOWER))
    last_discard = fields.Nested(LastDiscardSchema, allow_none=True)
    drawn = fields.Nested(DrawnSchema, allow_none=True)
    wall_left = Int(allow_none=True)
    turn = Player(allow_none=True)
    phase = Choice("draw", "discard")
    status = PlayerMap(fields.Nested(StatusSchema))

    @validates_schema(skip_on_field_errors=False)
    def check(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("drawn") is not None and data.get("phase", "draw") != "discard":
            raise ValidationError({"drawn": ["only for a turn in its discard phase (phase: discard)"]})


class DealSchema(EventSchema):
    event = ev.Deal
    hands = PlayerMap(HandTiles(), required=True)  # dealt flowers are laid out later, by `flower`


class FlowerSchema(PlayerEventSchema):
    event = ev.Flower
    tile = Tile(FLOWER, required=True)


class DrawSchema(PlayerEventSchema):
    event = ev.Draw
    tile = Tile(required=True)
    source = Choice("wall", "back", data_key="from")


class DiscardSchema(PlayerEventSchema):
    event = ev.Discard
    tile = Tile(required=True)
    from_meld = Bool()


class ChiSchema(PlayerEventSchema):
    event = ev.Chi
    tile = Tile(required=True)
    with_ = Tiles(length=2, data_key="with", required=True)


class PonSchema(ChiSchema):
    event = ev.Pon


class KongSchema(PlayerEventSchema):
    event = ev.Kong
    kind = Choice(*ev.KONG_KINDS, required=True)
    tiles = Tiles(length=4, required=True)


class FromOtherSchema(PlayerEventSchema):
    """An event whose ``from`` names another player than ``player``."""

    @validates_schema(skip_on_field_errors=False)
    def check_from(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("source") is not None and data.get("source") == data.get("player"):
            raise ValidationError({"from": ["must be another player than player"]})


class WinSchema(FromOtherSchema):
    event = ev.Win
    how = Choice(*ev.WIN_HOWS, required=True)
    tile = Tile(allow_none=True)
    source = Player(data_key="from", allow_none=True)
    shown = Tiles(NO_FLOWER, allow_none=True)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def check(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        how, given = data.get("how"), _given(original, "from")
        if how in ("discard", "rob_kong", "rob_flower") and not given:
            raise ValidationError({"from": [f"required for a {how} win: whose tile was won on"]})
        if how in ("self_draw", "flower") and given:
            raise ValidationError({"from": [f"not allowed for a {how} win"]})


class DeclareSchema(PlayerEventSchema):
    event = ev.Declare
    what = Choice("tian_ting", "di_ting", "watch", required=True)


class CallSchema(PlayerEventSchema):
    event = ev.Call
    call = Choice("chi", "pon", "kong", "win", required=True)
    with_ = Tiles(data_key="with", allow_none=True)
    tile = Tile(NO_FLOWER)  # the discard it is about; default the last discard


class ReachSchema(PlayerEventSchema):
    event = ev.Reach
    touched = Bool()


class MergeSchema(PlayerEventSchema):
    event = ev.Merge


class ExposeSchema(PlayerEventSchema):
    event = ev.Expose
    tiles = Tiles(required=True)
    fault = Choice("own", "other")


class PeekSchema(PlayerEventSchema):
    event = ev.Peek
    target = Player(also=("wall", "kong_tile"), required=True)


_DISTURBANCES = ("wall_disturbed", "hand_disturbed")


class ActSchema(EventSchema):
    event = ev.Act
    player = Player(bettors=True, required=True)  # a bettor's act: influence (TW-HB-4)
    act = Choice(*ev.ACTS, required=True)
    about = About(allow_none=True)
    recoverable = Bool(allow_none=True)

    @validates_schema(skip_on_field_errors=False)
    def check(self, data: dict[str, Any], **kwargs: Any) -> None:
        act = data.get("act")
        players = _SEATS.get().players
        if act and act != "influence" and players is not None and data.get("player") not in (None, *players):
            raise ValidationError({"player": [f"a side bettor's act can only be influence, not {act}"]})
        if act and act not in _DISTURBANCES and data.get("recoverable") is not None:
            raise ValidationError({"recoverable": [f"only for {_alternatives(_DISTURBANCES)}, "
                                                   f"not for {act}"]})


class ReportSchema(EventSchema):
    event = ev.Report
    by = Player(bettors=True, also=(REFEREE,), required=True)
    against = Player(bettors=True, required=True)  # a bettor, for influence (TW-HB-4)
    about = About(allow_none=True)
    offence = Text(allow_none=True)


class AdmitSchema(PlayerEventSchema):
    event = ev.Admit
    about = About(allow_none=True)
    offence = Text(allow_none=True)


class CorrectSchema(PlayerEventSchema):
    event = ev.Correct
    about = About(required=True)
    action = Choice("restore", "return_tile", required=True)
    tile = Tile(allow_none=True)
    random = Bool()

    @validates_schema(skip_on_field_errors=False)
    def check(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("random") and data.get("action") == "restore":
            raise ValidationError({"random": ["only for return_tile: a tile put back at random"]})


class RobFlowerSchema(FromOtherSchema):
    event = ev.RobFlower
    source = Player(data_key="from", required=True)


class DeclineLastSchema(PlayerEventSchema):
    event = ev.DeclineLast


class ExhaustiveDrawSchema(EventSchema):
    event = ev.ExhaustiveDraw


class EndSchema(EventSchema):
    event = ev.End


_EVENT_SCHEMAS: dict[str, EventSchema] = {
    s.event.type: s()
    for s in (StateSchema, DealSchema, FlowerSchema, DrawSchema, DiscardSchema, ChiSchema, PonSchema,
              KongSchema, WinSchema, DeclareSchema, CallSchema, ReachSchema, MergeSchema, ExposeSchema,
              PeekSchema, ActSchema, ReportSchema, AdmitSchema, CorrectSchema, RobFlowerSchema,
              DeclineLastSchema, ExhaustiveDrawSchema, EndSchema)
}
assert _EVENT_SCHEMAS.keys() == ev.EVENT_TYPES.keys(), "one schema per event type"


def _load_event(raw: object, index: int, schemas: dict[str, EventSchema] = _EVENT_SCHEMAS,
                others: frozenset[str] = ev.RIICHI_ONLY) -> ev.Event:
    if not isinstance(raw, dict):
        raise ValidationError("an event must be a JSON object")
    if "type" not in raw:
        raise ValidationError({"type": [REQUIRED]})
    kind = raw["type"]
    schema = schemas.get(kind) if isinstance(kind, str) else None
    if schema is None and isinstance(kind, str) and kind in others:
        raise ValidationError({"type": [f"a {kind} event belongs to another variant than "
                                        f"{_SEATS.get().variant or 'tw16'}"]})
    if schema is None:
        raise ValidationError({"type": [f"unknown event type {_show(kind)}{hint(kind, schemas)}"
                                        f" (one of {', '.join(schemas)})"]})
    if kind == "state" and index > 0:
        raise ValidationError("a state event may only be the first event of a hand")
    return schema.load(raw)  # type: ignore[return-value]


class Events(fields.Field):
    """A hand's ``events``: each loaded by the schema of its ``type``, as a tuple. ``schemas``: the
    variant's event schemas; ``others``: the event types only other variants have."""

    schemas: ClassVar[dict[str, EventSchema]] = _EVENT_SCHEMAS
    others: ClassVar[frozenset[str]] = ev.RIICHI_ONLY

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> tuple[ev.Event, ...]:
        if not isinstance(value, list):
            raise ValidationError("must be an array of events")
        if reason := _too_many(value, EVENTS, "events"):
            raise ValidationError(reason)
        seats = _SEATS.get()
        out: list[ev.Event] = []
        errors: dict[int, Any] = {}
        for i, raw in enumerate(value):
            seats.event = i  # for About
            try:
                out.append(_load_event(raw, i, self.schemas, self.others))
            except ValidationError as err:
                errors[i] = err.messages
        if errors:
            raise ValidationError(errors)  # type: ignore[arg-type]
        return tuple(out)


# hands and the document


class StakeSchema(Strict):
    """An outer bet's stake: ``{base, tai}`` or ``{fixed}``."""

    base = Int(limit=MONEY)
    tai = Int(limit=MONEY)
    fixed = Int(limit=MONEY)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def check(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        given = {k for k in ("base", "tai", "fixed") if _given(original, k)}
        if given not in ({"base", "tai"}, {"fixed"}):
            raise ValidationError("must be {base, tai} or {fixed}")

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> Stake:
        return Stake(**data)


class SideBetSchema(Strict):
    id = Text(required=True)
    kind = Choice("outer", "inner", required=True)
    bettor = Text(required=True)
    principal = Player(required=True)
    stake = fields.Nested(StakeSchema)
    units = Int(minimum=1)
    accepted_by = Players(required=True)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def check(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        faults = Faults()
        kind, bettor, principal = data.get("kind"), data.get("bettor"), data.get("principal")
        bettors = _SEATS.get().bettors
        if kind == "outer":
            if not _given(original, "stake"):
                faults.add("stake", "an outer bet needs a stake: {base, tai} or {fixed}")
            if bettor and bettors is not None and bettor not in bettors:
                faults.add("bettor", f"{bettor!r} is not one of bettors (an outer bet's bettor "
                                     "sits outside the table)")
        elif kind == "inner":
            if _given(original, "stake"):
                faults.add("stake", "an inner bet has no stake of its own: its unit is set by "
                                    "the ruleset option inner_unit")
            if bettor and principal and bettor != principal:
                faults.add("bettor", f"an inner bet's bettor is its principal {principal!r}, "
                                     f"not {bettor!r}")
        faults.raise_any()

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> SideBet:
        return SideBet(**data)


class HandSchema(Strict):
    round_wind = Tile(WIND, allow_none=True)
    dealer = Player(allow_none=True)
    streak = Int(limit=STREAK, allow_none=True)
    streak_marker = Int(limit=STREAK, allow_none=True)
    open_seat = Player(allow_none=True)
    start_dealer = Player(allow_none=True)
    side_bets = TupleList(fields.Nested(SideBetSchema), limit=SIDE_BETS, what="side bets")
    events = Events(required=True)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def check(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        bets = original.get("side_bets") if isinstance(original, dict) else None
        if not isinstance(bets, list) or len(bets) > SIDE_BETS.value:
            return  # side_bets' own error
        ids = [b.get("id") if isinstance(b, dict) else None for b in bets]
        seen: set[str] = set()
        twice = {}
        for i, bet_id in enumerate(ids):
            if isinstance(bet_id, str) and bet_id in seen:
                twice[i] = {"id": [f"side bet id {_show(bet_id)} is used twice in this hand"]}
            if isinstance(bet_id, str):
                seen.add(bet_id)
        if twice:
            raise ValidationError({"side_bets": twice})  # type: ignore[dict-item]

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> HandRecord:
        return HandRecord(**data)


class RulesetSchema(Strict):
    base = Int(limit=MONEY)
    tai = Int(limit=MONEY)
    options = RulebookMap("options")
    tai_table = RulebookMap("tai_table")

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> Ruleset:
        return Ruleset(**data)


_FIRST_DEALER = "required in the first hand: a ruling never guesses who dealt"


class DocumentSchema(Strict):
    format = Choice(FORMAT, required=True)
    variant = Variant(*VARIANTS, required=True)
    players = Ids(count=4, required=True)
    bettors = Ids(outside=True)
    ruleset = fields.Nested(RulesetSchema)
    hand = fields.Nested(HandSchema)
    hands = TupleList(fields.Nested(HandSchema), limit=HANDS, what="hands")
    OPENAPI = {"oneOf": [{"required": ["hand"]}, {"required": ["hands"]}]}  # api.wire.SchemaExtras

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def check(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        if not isinstance(original, dict):
            return
        if "hand" in original and "hands" in original:
            raise ValidationError({"hands": ["give either hand (one hand) or hands (a game), not both"]})
        if "hand" in original:
            first, where = original["hand"], {"hand": {"dealer": [_FIRST_DEALER]}}
        elif "hands" in original:
            hands = original["hands"]
            if isinstance(hands, list) and len(hands) > HANDS.value:
                return  # hands' own error
            if hands == []:
                raise ValidationError({"hands": ["must hold at least one hand"]})
            first = hands[0] if isinstance(hands, list) else None
            where = {"hands": {0: {"dealer": [_FIRST_DEALER]}}}
        else:
            raise ValidationError({"hand": ["required: give hand (one hand) or hands (a game)"]})
        if isinstance(first, dict) and first.get("dealer") is None:
            raise ValidationError(where)  # type: ignore[arg-type]

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> Document:
        single = "hand" in data
        return Document(variant=data["variant"], players=data["players"],
                        hands=(data["hand"],) if single else data["hands"],
                        ruleset=data.get("ruleset", Ruleset()), bettors=data.get("bettors", ()),
                        single=single)


TW16_DOCUMENT_SCHEMA = DocumentSchema()
