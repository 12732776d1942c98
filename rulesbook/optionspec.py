"""What every variant's options table shares: the shape of ``OPTIONS_SPEC`` and the checks of one
option, one preset name, and the key an equal ruleset is cached by.

A variant's ``OPTIONS_SPEC`` maps an option's name to ``(allowed, default, clause)``. ``allowed`` is
``bool``, a tuple of choices (strings, or whole numbers: a value must have a choice's type, so
``True`` and ``3.0`` are no number here), or a string
the variant reads itself (``"integer"``, ``"a|b|fixed:K"``: the variant passes its own check for
that option in ``special``). ``api.http.rulebooks`` and ``api.http.wire`` read the same table.
"""
from __future__ import annotations

from dataclasses import fields
from types import MappingProxyType
from typing import Callable, Mapping, Optional

Spec = Mapping[str, tuple[object, object, str]]
Check = Callable[[object], Optional[str]]
Check2 = Callable[[object, object], Optional[str]]  # (key, value) -> why it is refused, or None


def option_error(spec: Spec, name: str, value: object,
                 special: Mapping[str, Check] | None = None) -> Optional[str]:
    """Why ``value`` is not a valid value of option ``name`` of ``spec``; None when it is.
    ``special`` holds the variant's own check of the options whose ``allowed`` is not bool or
    choices."""
    if name not in spec:
        return f"unknown option {name!r}; known: {', '.join(spec)}"
    if special and name in special:
        return special[name](value)
    allowed = spec[name][0]
    if allowed is bool:
        return None if isinstance(value, bool) else "must be true or false"
    # a choice of the same type only: True == 1 == 1.0, but neither is the number of 番 1
    if type(value) in {type(a) for a in allowed} and value in allowed:  # type: ignore[attr-defined,operator]
        return None
    return _choices(allowed)


def _choices(allowed: object) -> str:
    return f"must be one of {', '.join(str(a) for a in allowed)}"  # type: ignore[attr-defined]


def defaults(spec: Spec) -> dict[str, object]:
    """Each option's default, from its spec row ``(allowed, default, …)``."""
    return {name: row[1] for name, row in spec.items()}


def over_defaults(spec: Spec, sets: Mapping[str, Mapping[str, object]]) -> dict[str, dict[str, object]]:
    """Each preset's whole option map: what it ``sets`` over the defaults of ``spec``."""
    base = defaults(spec)
    return {name: {**base, **given} for name, given in sets.items()}


def preset_error(presets: Mapping[str, object], value: object, lead: str = "known") -> Optional[str]:
    """Why ``value`` names no preset of ``presets``; None when it does (a list or an object is no
    preset's name)."""
    if isinstance(value, str) and value in presets:
        return None
    return f"unknown preset {value!r}; {lead}: {', '.join(presets)}"


def row_check(rows: Mapping[str, object], most: int, listed: str,
              not_rows: Mapping[str, str] | None = None) -> Check2:
    """A variant's ``fan_table_error(key, value)``: why ``key: value`` is not a valid
    ``ruleset.fan_table`` entry (a key of ``rows``, a whole number of 番 from 0 to ``most``), None
    when it is. ``listed`` names the rows in the refusal of an unknown key; ``not_rows`` gives the
    refusal of a clause that is no row (an option, a row with no value)."""
    def fan_table_error(key: object, value: object) -> Optional[str]:
        if key not in rows:
            if not_rows and key in not_rows:
                return not_rows[key]  # type: ignore[index]
            return f"unknown row {key!r}; rows are {listed}"
        if type(value) is not int or not 0 <= value <= most:
            return f"must be a whole number of 番 from 0 to {most}"
        return None
    return fan_table_error


def typed(mapping: Mapping[str, object]) -> tuple:
    """A mapping as a cache key that keeps each value's type: 1, 1.0 and True are equal keys, not
    equal options. Unhashable values make an unhashable key (the caller reads those uncached)."""
    return tuple((k, type(v), v) for k, v in mapping.items())


class Options:
    """Base of a variant's frozen dataclass of resolved options."""

    def as_json(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]


class RulesetError(ValueError):
    """A ruleset the rulebook refuses, at its JSON path (``ruleset.options.limit_fan``)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def basic_errors(presets: Mapping[str, object], option_check: Callable[[str, object], Optional[str]],
                 row_check: Callable[[object, object], Optional[str]], preset: object,
                 options: Mapping[str, object] | None, fan_table: Mapping[str, object] | None,
                 base: object) -> list[tuple[str, str]]:
    """The refusals every 番-table variant shares, as (JSON path, reason): an unknown preset, a bad
    option, a bad ``fan_table`` entry, a ``base`` that is not a whole number ≥ 1."""
    errors: list[tuple[str, str]] = []
    if preset is not None and (err := preset_error(presets, preset)):
        errors.append(("ruleset.preset", err))
    for name, value in (options or {}).items():
        if err := option_check(name, value):
            errors.append((f"ruleset.options.{name}", err))
    for key, value in (fan_table or {}).items():
        if err := row_check(key, value):
            errors.append((f"ruleset.fan_table.{key}", err))
    if type(base) is not int or base < 1:
        errors.append(("ruleset.base", "must be a whole number, 1 or more"))
    return errors


class Ruleset:
    """A document's ruleset as a 番-table rulebook reads it: the preset in force, the options (a
    frozen dataclass of the variant's) and row values resolved over it, and ``base``. Hashable:
    counts are memoised on it. A subclass is a frozen dataclass with these four fields."""

    preset: str
    options: object
    values: Mapping[str, int]
    base: int

    def __post_init__(self) -> None:  # hashed at every memoised count: once is enough
        object.__setattr__(self, "_hash", hash((self.preset, self.options, tuple(self.values.items()), self.base)))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined]

    def __eq__(self, other: object) -> bool:
        return (type(other) is type(self) and (self.preset, self.options, self.base) ==  # type: ignore[attr-defined]
                (other.preset, other.options, other.base) and dict(self.values) == dict(other.values))  # type: ignore[attr-defined]


def resolve(read: Callable, cached: Callable, preset: Optional[str], options: Mapping[str, object] | None,
            fan_table: Mapping[str, object] | None, base: int):
    """A ruleset read through the variant's cache (``cached(key)``) when its values can be a key,
    else by ``read(preset, options, fan_table, base)`` (a value that cannot be a key, a list given as
    an option, gets its error there)."""
    options = options or {}
    fan_table = fan_table or {}
    key = (type(preset), preset, typed(options), typed(fan_table), type(base), base)
    try:
        hash(key)
    except TypeError:
        return read(preset, options, fan_table, base)
    return cached(key)


def unkey(key: tuple) -> tuple:
    """``resolve``'s key back to (preset, options, fan_table, base)."""
    _, preset, options, fan_table, _, base = key
    return preset, {k: v for k, _, v in options}, {k: v for k, _, v in fan_table}, base


def build(rules_cls, options_cls, errors: Callable, default: str, options_of: Callable[[str], Mapping],
          values_of: Callable, preset: Optional[str], options: Mapping[str, object],
          fan_table: Mapping[str, object], base: int):
    """A ruleset resolved (or ``RulesetError`` at the first refusal ``errors`` finds): the preset's
    options (``options_of(name)``) with ``options`` over them, the preset's row values
    (``values_of(name, resolved options)``) with ``fan_table`` over them."""
    found = errors(preset, options, fan_table, base)
    if found:
        raise RulesetError(*found[0])
    name = preset or default
    resolved = options_cls(**{**options_of(name), **options})
    values = {**values_of(name, resolved), **fan_table}
    return rules_cls(name, resolved, MappingProxyType(values), base)
