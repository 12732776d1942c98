"""The input schemas' parts (``api.documents.schemas.tw16``): the document's constants, the seating a load
checks players against (``seating``), error paths, and the field types (whole numbers, choices,
players, ids, tiles by kind, player maps, rulebook maps) with the project's own messages.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Optional

from marshmallow import (
    ValidationError,
    fields,
)

from referee.tiles import (
    ALIASES,
    TileError,
    parse_compact,
    parse_tile,
)
from rulesbook import VARIANTS
from rulesbook.guangdong.fan_table import fan_table_error as gd_fan_table_error
from rulesbook.guangdong.options import option_error as gd_option_error
from rulesbook.sichuan.fan_table import fan_table_error as sc_fan_table_error
from rulesbook.sichuan.options import option_error as sc_option_error
from rulesbook.shanghai.fan_table import fan_table_error as sh_fan_table_error
from rulesbook.shanghai.options import option_error as sh_option_error
from rulesbook.hk.fan_table import fan_table_error
from rulesbook.hk.options import option_error as hk_option_error
from rulesbook.riichi.options import option_error as riichi_option_error
from rulesbook.wuhan.options import factor_error as wh_factor_error
from rulesbook.wuhan.options import option_error as wh_option_error
from rulesbook.tw16.options import option_error
from rulesbook.tw16.values import tai_table_error

from api.documents.doc_terms import (  # noqa: F401  (names the schemas import from here)
    ANY,
    FLOWER,
    FORMAT,
    NO_FLOWER,
    REFEREE,
    REFUSED_ALIASES,
    ROOT,
    WIND,
    _REPR,
    _SEATS,
    _TAI_IN_TEXT,
    _TILE_TEXT,
    _bounded_entry,
    _id_set,
    _red_fives,
    _Seats,
    _show,
    _TileKind,
    _too_long,
    id_look,
    id_unseen,
    seating,
)
from api.documents.jsonvalues import join_path
from api.limits import (BETTORS, COUNT, EVENTS, MAX_ID_LENGTH, MAX_TILES, PLAYERS, TILES, Limit)
from api.documents.messages import hint, option_hint, tile_hint, variant_words


#: per variant, the rulebook's checks of one ``ruleset.options`` / ``ruleset.tai_table`` entry
_RULEBOOK_CHECKS: dict[str, dict[str, Callable[[str, object], Optional[str]]]] = {
    "tw16": {"options": option_error, "tai_table": tai_table_error},
    "riichi": {"options": riichi_option_error},  # its loader (api.documents.schemas.riichi) checks each
    "hk": {"options": hk_option_error, "fan_table": fan_table_error},
    "guangdong": {"options": gd_option_error, "fan_table": gd_fan_table_error},
    "wuhan": {"options": wh_option_error, "factor_table": wh_factor_error},
    "sichuan": {"options": sc_option_error, "fan_table": sc_fan_table_error},
    "shanghai": {"options": sh_option_error, "fan_table": sh_fan_table_error},
}
assert set(VARIANTS) <= set(_RULEBOOK_CHECKS), "every variant's options must be checked"


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
                                  f"rules {_alternatives(self.choices)} {variant_words(self.choices)}")
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
        seated = {id_look(p): p for p in players or ()}
        errors: dict[object, list[str]] = {}
        exact: set[str] = set()
        seen: dict[str, str] = {}  # what each id looks like -> the first id that looks so
        for i, name in enumerate(value):
            look = id_look(name) if isinstance(name, str) else ""
            if not isinstance(name, str) or not name:
                errors[i] = [f"must be a non-empty string, not {_show(name)}"]
            elif len(name) > MAX_ID_LENGTH:
                errors[i] = [_too_long(name)]
            elif name == REFEREE:
                errors[i] = [f"{REFEREE!r} is reserved for reports made by the referee"]
            elif name in exact:
                errors[i] = [f"{name!r} is listed twice"]
            elif (unseen := id_unseen(name)) is not None:
                errors[i] = [f"{name!r} holds a character nobody can see ({unseen}): a referee could "
                             "not tell it from another id"]
            elif look in seen:
                errors[i] = [f"{name!r} looks the same as {seen[look]!r} (case, width or spaces "
                             "apart): ids must be told apart at the table"]
            elif players is not None and name in players:
                errors[i] = [f"{name!r} is a player: a bettor is not seated at the table"]
            elif look in seated:
                errors[i] = [f"{name!r} looks the same as the player {seated[look]!r}: a bettor "
                             "is not seated at the table, and ids must be told apart"]
            if isinstance(name, str) and name:
                exact.add(name)
                seen.setdefault(look, name)
        if errors:
            raise ValidationError(errors)  # type: ignore[arg-type]
        return tuple(value)


_ALIAS_CHARS = frozenset("".join(ALIASES))


def _parse_tile(value: object) -> int:
    """``referee.tiles.parse_tile``, a long string refused before it is looked up (and shown cut)."""
    if isinstance(value, str) and len(value) > _TILE_TEXT:
        raise TileError(f"unknown tile {_show(value)}")
    seats = _SEATS.get()
    if isinstance(value, str) and value in REFUSED_ALIASES.get(seats.variant, ()):
        raise TileError(f"{_show(value)} is ambiguous in variant {seats.variant}: give the code "
                        "(1f 梅, 2f 蘭, 3f 菊, 4f 竹)")
    return parse_tile(value, red=seats.red)  # type: ignore[arg-type]


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
            if reason and self.table == "options" and reason.startswith(f"unknown option {key!r}"):
                said = f"unknown option {key!r}"  # name the option meant, or whose it is
                reason = said + option_hint(key, variant, _option_names()) + reason[len(said):]
            if reason:
                errors[str(key)] = [reason]
        if errors:
            raise ValidationError(errors)  # type: ignore[arg-type]
        return dict(value)


def _option_names() -> dict[str, Iterable[str]]:
    """Each variant's option names (its rulebook's ``OPTIONS_SPEC``)."""
    from rulesbook import get

    return {v: tuple(get(v).OPTIONS_SPEC) for v in VARIANTS}


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
