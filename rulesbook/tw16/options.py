"""The options table of RULEBOOK.md, as data, and the frozen ``Options`` built from it."""
from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping

from referee.model import Ruleset
from referee.replay import TableRules

from .table import TW16
from .values import tai_values

RULEBOOK_VERSION = "tw16-2026.11"

# name: (allowed values, or bool, default, clause)
OPTIONS_SPEC: dict[str, tuple[object, object, str]] = {
    "multiple_winners": (("head_bump", "all"), "head_bump", "TW-PAY-4"),
    "dead_wall": (("fixed16", "plus_one_per_kong"), "fixed16", "§0"),
    "single_wait": (("kinds", "shape"), "kinds", "TW-TAI-11"),
    "false_win_face": ("as_declared|standalone|fixed:K", "as_declared", "TW-ZH"),
    "lik_gu": (bool, False, "TW-TAI-36"),
    "river_bottom": (bool, False, "TW-TAI-37"),
    "strict_kong_peek": (bool, False, "TW-CG-2.1"),
    "inner_unit": (("stake", "base"), "stake", "TW-HB-2"),
}

_FIXED = re.compile(r"fixed:(\d+)\Z")


def option_error(name: str, value: object) -> str | None:
    """Why ``value`` is not a valid value of option ``name``; None when it is."""
    if name not in OPTIONS_SPEC:
        return f"unknown option {name!r}; known: {', '.join(OPTIONS_SPEC)}"
    allowed = OPTIONS_SPEC[name][0]
    if allowed is bool:
        return None if isinstance(value, bool) else "must be true or false"
    if name == "false_win_face":
        if value in ("as_declared", "standalone") or (isinstance(value, str) and _FIXED.match(value)):
            return None
        return "must be as_declared, standalone or fixed:K (K a whole number of tai)"
    if value not in allowed:  # type: ignore[operator]
        return f"must be one of {', '.join(allowed)}"  # type: ignore[arg-type]
    return None


@dataclass(frozen=True)
class Options:
    multiple_winners: str = "head_bump"
    dead_wall: str = "fixed16"
    single_wait: str = "kinds"
    false_win_face: str = "as_declared"
    lik_gu: bool = False
    river_bottom: bool = False
    strict_kong_peek: bool = False
    inner_unit: str = "stake"

    @classmethod
    def from_mapping(cls, raw: Mapping[str, object]) -> "Options":
        for name, value in raw.items():
            err = option_error(name, value)
            if err:
                raise ValueError(f"options.{name}: {err}")
        return cls(**dict(raw))  # type: ignore[arg-type]

    def as_json(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


assert {f.name: f.default for f in fields(Options)} == {k: v[1] for k, v in OPTIONS_SPEC.items()}


@dataclass(frozen=True)
class Rules:
    """A document's ruleset as the tw16 rulebook reads it: the options, the pattern values, base
    and tai, and the table (the dead wall grows per kong under ``dead_wall: plus_one_per_kong``)."""

    options: Options
    values: Mapping[str, int]  # read-only: one Rules serves every document of its ruleset
    base: int
    tai: int
    table: TableRules

    @classmethod
    def of(cls, ruleset: Ruleset) -> "Rules":
        """The rules of a ruleset; the same for equal rulesets (an audit's documents mostly share
        one), so they are read once (a bad one raises each time)."""
        # each value with its type: 1, 1.0 and True are equal keys, not equal options
        key = (tuple((k, type(v), v) for k, v in ruleset.options.items()),
               tuple((k, type(v), v) for k, v in ruleset.tai_table.items()),
               type(ruleset.base), ruleset.base, type(ruleset.tai), ruleset.tai)
        try:
            hash(key)
        except TypeError:  # a value that cannot be a key (a list given as an option: its error)
            return cls._read(ruleset.options, ruleset.tai_table, ruleset.base, ruleset.tai)
        return _rules_of(cls, key)

    @classmethod
    def _read(cls, options_raw: Mapping[str, object], tai_table: Mapping[str, int], base: int,
              tai: int) -> "Rules":
        options = Options.from_mapping(options_raw)
        table = replace(TW16, kong_costs_wall=options.dead_wall == "plus_one_per_kong")
        return cls(options, MappingProxyType(tai_values(tai_table)), base, tai, table)


@lru_cache(maxsize=256)
def _rules_of(cls: type[Rules], key: tuple) -> Rules:
    options, tai_table, _, base, _, tai = key
    return cls._read({k: v for k, _, v in options}, {k: v for k, _, v in tai_table}, base, tai)
