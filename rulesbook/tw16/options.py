"""The options table of RULEBOOK.md and the presets (TW-RS), as data, and the frozen ``Options``
and ``Rules`` built from a document's ruleset.

A ruleset names a ``preset`` (TW-RS-1; default ``seed000``, the rulebook as written) that gives
every option and every ``tai_table`` value; each entry of ``ruleset.options`` and of
``ruleset.tai_table`` then replaces the preset's value of that one key (TW-RS-2). The presets are
``presets.json`` (RULEBOOK_TW16_PRESETS.md §4).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from referee.model import Ruleset
from referee.replay import TableRules
from rulesbook import optionspec
from rulesbook.optionspec import typed

from .table import TW16
from .values import DEFAULT_TAI, tai_values

RULEBOOK_VERSION = "tw16-2026.12"
DEFAULT_PRESET = "seed000"

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
    "buqiu": (("instead_of_zimo", "with_zimo"), "instead_of_zimo", "TW-TAI-4"),
    "first_turn_wins": (("declared", "first_go_round"), "declared", "TW-TAI-34"),
    "di_ting": (("claims_allowed", "no_prior_claims"), "claims_allowed", "TW-TAI-32"),
    "kong_from_upper": (bool, True, "TW-XP-9"),
}

_FIXED = re.compile(r"fixed:([0-9]+)\Z")  # ASCII digits only, as every other number of a document


def _false_win_face_error(value: object) -> str | None:
    if value in ("as_declared", "standalone") or (isinstance(value, str) and _FIXED.match(value)):
        return None
    return "must be as_declared, standalone or fixed:K (K a whole number of tai)"


def option_error(name: str, value: object) -> str | None:
    """Why ``value`` is not a valid value of option ``name``; None when it is."""
    return optionspec.option_error(OPTIONS_SPEC, name, value, {"false_win_face": _false_win_face_error})


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
    buqiu: str = "instead_of_zimo"
    first_turn_wins: str = "declared"
    di_ting: str = "claims_allowed"
    kong_from_upper: bool = True

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


def _presets() -> tuple[dict[str, dict[str, object]], dict[str, dict[str, int]]]:
    """Each preset's complete option set and complete tai table (TW-RS-1): the rulebook's defaults
    with the preset's own values of ``presets.json``; each is checked as a document's would be."""
    raw = json.loads((Path(__file__).with_name("presets.json")).read_text(encoding="utf-8"))["presets"]
    options, tai = {}, {}
    for name, preset in raw.items():
        options[name] = Options.from_mapping(preset["options"]).as_json()
        tai[name] = tai_values(preset["tai_table"])
    return options, tai


#: preset name -> every option's value; preset name -> every tai_table key's value (TW-RS-1)
PRESETS, PRESET_TAI = _presets()
assert PRESETS[DEFAULT_PRESET] == Options().as_json() and PRESET_TAI[DEFAULT_PRESET] == DEFAULT_TAI


def preset_error(value: object) -> str | None:
    """TW-RS-3: why ``value`` names no preset of this rulebook; None when it does."""
    return optionspec.preset_error(PRESETS, value)


@dataclass(frozen=True)
class Rules:
    """A document's ruleset as the tw16 rulebook reads it (TW-RS-2): the preset in force, the
    options and pattern values resolved over it, base and tai, and the table (the dead wall grows
    per kong under ``dead_wall: plus_one_per_kong``)."""

    options: Options
    values: Mapping[str, int]  # read-only: one Rules serves every document of its ruleset
    base: int
    tai: int
    table: TableRules
    preset: str = DEFAULT_PRESET

    @classmethod
    def of(cls, ruleset: Ruleset) -> "Rules":
        """The rules of a ruleset; the same for equal rulesets (an audit's documents mostly share
        one), so they are read once (a bad one raises each time)."""
        # each value with its type: 1, 1.0 and True are equal keys, not equal options
        preset = DEFAULT_PRESET if ruleset.preset is None else ruleset.preset
        key = (typed(ruleset.options), typed(ruleset.tai_table),
               type(ruleset.base), ruleset.base, type(ruleset.tai), ruleset.tai, type(preset), preset)
        try:
            hash(key)
        except TypeError:  # a value that cannot be a key (a list given as an option: its error)
            return cls._read(ruleset.options, ruleset.tai_table, ruleset.base, ruleset.tai, preset)
        return _rules_of(cls, key)

    @classmethod
    def _read(cls, options_raw: Mapping[str, object], tai_table: Mapping[str, int], base: int,
              tai: int, preset: object = DEFAULT_PRESET) -> "Rules":
        err = preset_error(preset)
        if err:
            raise ValueError(f"preset: {err}")
        for name, value in options_raw.items():  # checked before they meet the preset's
            err = option_error(name, value)
            if err:
                raise ValueError(f"options.{name}: {err}")
        options = Options.from_mapping({**PRESETS[preset], **options_raw})  # type: ignore[index]
        table = replace(TW16, kong_costs_wall=options.dead_wall == "plus_one_per_kong")
        values = tai_values({**PRESET_TAI[preset], **tai_table})  # type: ignore[index]
        return cls(options, MappingProxyType(values), base, tai, table, preset)  # type: ignore[arg-type]


@lru_cache(maxsize=256)
def _rules_of(cls: type[Rules], key: tuple) -> Rules:
    options, tai_table, _, base, _, tai, _, preset = key
    return cls._read({k: v for k, _, v in options}, {k: v for k, _, v in tai_table}, base, tai, preset)
