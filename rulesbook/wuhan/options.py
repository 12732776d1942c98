"""The options of RULEBOOK_WH §9.1, its two presets (`kaikoufan` the default, `koukoufan`, §9.2) and
its ``factor_table`` (§9.3: hand bases and 翻 item values by key), as data; the frozen ``WhRules``
a document's ruleset resolves to.

How a ruleset is resolved: the defaults; the preset's options over them; ``ruleset.options`` and
``ruleset.factor_table`` over those; then the whole is checked (``jin_ding`` and ``liable_cap`` ≥
``cap``). Every refusal names its JSON path under ``ruleset`` (``RulesetError``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields
from fractions import Fraction
from functools import lru_cache
from typing import Mapping, Optional

from rulesbook import optionspec
from rulesbook.optionspec import Ruleset, basic_errors, resolve, unkey

RULEBOOK_VERSION = "wuhan-2026.12"
DEFAULT_PRESET = "kaikoufan"
_FIXED = re.compile(r"fixed:(0|[1-9][0-9]{0,8})\Z")

# name: (allowed, default, clause)
OPTIONS_SPEC: dict[str, tuple[object, object, str]] = {
    "dealer_rotation": (("winner_deals", "next_seat"), "winner_deals", "WH-FLOW-7"),
    "pi_kong": (("none", "chaotian", "single"), "none", "WH-LZ-2"),
    "special_discard": (("counts_as_kong", "plain"), "counts_as_kong", "WH-LZ-3.3"),
    "laizi_self_is_hard": (bool, True, "WH-LZ-4"),
    "max_wild_small": ("integer ≥ 0 or null", 1, "WH-LZ-5"),
    "max_wild_big": ("integer ≥ 0 or null", None, "WH-LZ-5"),
    "must_open": (bool, True, "WH-HU-2.1"),
    "pair_258": (bool, True, "WH-HU-2.3"),
    "open_factor": (("once", "per_claim"), "once", "WH-FAN-1"),
    "special_self_draw": (bool, True, "WH-FAN-10"),
    "cap": ("integer ≥ 1", 300, "WH-PAY-2"),
    "cap_scale": (("unit", "hand_base"), "unit", "WH-PAY-2"),
    "jin_ding": ("integer ≥ cap", 400, "WH-PAY-3"),
    "liable_cap": ("integer ≥ cap", 400, "WH-PAY-4"),
    "liable_cap_mode": (("per_share", "total", "normal"), "per_share", "WH-PAY-4"),
    "third_feed_covers": (("flush", "flush_and_jiang"), "flush", "WH-CB-1"),
    "quanqiuren_bao": (("on_258_tile", "not_ready", "never"), "on_258_tile", "WH-CB-2"),
    "false_win": ("reverse_jin_ding|fixed:K|dead_hand", "reverse_jin_ding", "WH-ZH-2"),
    "pass_rule": (("all_waits_until_move", "same_tile_until_move", "none"), "all_waits_until_move",
                  "WH-GS-2"),
    "pass_violation": (("false_win", "void"), "false_win", "WH-GS-3"),
}

#: §9.3: the factor table's keys and defaults
FACTORS: dict[str, Fraction | int] = {
    "WH-HU-3": 1, "WH-HU-4": 10, "WH-FAN-1": 2, "WH-FAN-2": 2, "WH-FAN-3": 2, "WH-FAN-4": 4,
    "WH-FAN-5": 2, "WH-FAN-6": 4, "WH-FAN-7.claimed": 2, "WH-FAN-7.concealed": 4, "WH-FAN-7.single": 2,
    "WH-FAN-8": 2, "WH-FAN-9": 2, "WH-FAN-10.small": 2, "WH-FAN-10.big": Fraction(3, 2),
    "WH-FAN-11.small": 2, "WH-FAN-11.big": Fraction(3, 2),
}
MAX_FACTOR = 1_000_000


def factor_error(key: object, value: object) -> Optional[str]:
    """Why ``value`` is no value of factor ``key`` (§9.3: ≥ 1, whole or ending in .5)."""
    if key not in FACTORS:
        return f"unknown factor {key!r}; known: {', '.join(FACTORS)}"
    if type(value) not in (int, float) or not 1 <= value <= MAX_FACTOR or (2 * value) % 1:
        return f"must be a number from 1 to {MAX_FACTOR:,}, whole or ending in .5"
    return None


def _int_or_null(least: int):
    def check(value: object) -> Optional[str]:
        if value is None or (type(value) is int and least <= value <= 10 ** 9):
            return None
        return f"must be a whole number from {least} or null"
    return check


def _integer(least: int):
    def check(value: object) -> Optional[str]:
        if type(value) is int and least <= value <= 10 ** 9:
            return None
        return f"must be a whole number from {least} to 1,000,000,000"
    return check


def false_win_error(value: object) -> Optional[str]:
    if value in ("reverse_jin_ding", "dead_hand") or (isinstance(value, str) and _FIXED.match(value)):
        return None
    return "must be reverse_jin_ding, fixed:K (K a whole number ≥ 0) or dead_hand"


SPECIAL = {"max_wild_small": _int_or_null(0), "max_wild_big": _int_or_null(0), "cap": _integer(1),
           "jin_ding": _integer(1), "liable_cap": _integer(1), "false_win": false_win_error}


def preset_error(value: object) -> Optional[str]:
    """Why ``value`` names no preset of §9.2; None when it does."""
    return optionspec.preset_error(PRESETS, value)


def option_error(name: str, value: object) -> Optional[str]:
    """Why ``value`` is not a valid value of option ``name``; None when it is."""
    return optionspec.option_error(OPTIONS_SPEC, name, value, SPECIAL)


DEFAULTS: dict[str, object] = optionspec.defaults(OPTIONS_SPEC)
#: §9.2's presets as data: what each sets over the defaults
PRESET_SETS: dict[str, dict[str, object]] = {
    "kaikoufan": {},
    "koukoufan": {"open_factor": "per_claim", "jin_ding": 500, "liable_cap": 500},
}
PRESETS: dict[str, dict[str, object]] = optionspec.over_defaults(OPTIONS_SPEC, PRESET_SETS)


@dataclass(frozen=True)
class WhOptions(optionspec.Options):
    dealer_rotation: str
    pi_kong: str
    special_discard: str
    laizi_self_is_hard: bool
    max_wild_small: Optional[int]
    max_wild_big: Optional[int]
    must_open: bool
    pair_258: bool
    open_factor: str
    special_self_draw: bool
    cap: int
    cap_scale: str
    jin_ding: int
    liable_cap: int
    liable_cap_mode: str
    third_feed_covers: str
    quanqiuren_bao: str
    false_win: str
    pass_rule: str
    pass_violation: str

    # what the 13-tile family's pieces read, fixed in Wuhan: one winner (WH-PR-2); a concealed kong
    # is no claim and no set on the table for the third feed (WH-CB-0)
    multiple_winners = "head_bump"
    concealed_kong_on_table = False
    min_fan = 0  # no minimum: a ``call: win`` fails on WH-HU-2 alone


assert set(OPTIONS_SPEC) == {f.name for f in fields(WhOptions)}
assert all(option_error(k, v) is None for p in PRESETS.values() for k, v in p.items())


@dataclass(frozen=True, eq=False)
class WhRules(Ruleset):
    """A document's ruleset as the wuhan rulebook reads it (preset, options, factors, base)."""

    preset: str
    options: WhOptions
    values: Mapping[str, Fraction | int]
    base: int = 1

    @classmethod
    def of(cls, preset: Optional[str] = None, options: Mapping[str, object] | None = None,
           factor_table: Mapping[str, object] | None = None, base: int = 1) -> "WhRules":
        """The rules of a ruleset (``preset`` None: `kaikoufan`); ``RulesetError`` at its JSON path."""
        return resolve(_read, _rules_of, preset, options, factor_table, base)

    def __post_init__(self) -> None:
        """Factors exact: whole ones as integers, the others as fractions (a JSON 1.5 is 3/2)."""
        object.__setattr__(self, "values", {k: _exact(v) for k, v in self.values.items()})
        super().__post_init__()

    def x(self, key: str) -> Fraction | int:
        """A factor table value (§9.3)."""
        return self.values[key]


def _exact(value: object) -> Fraction | int:
    """A factor exactly: an integer when whole (the fast case), else a fraction."""
    x = Fraction(value)  # type: ignore[arg-type]
    return int(x) if x.denominator == 1 else x


def ruleset_errors(preset: object = None, options: Mapping[str, object] | None = None,
                   factor_table: Mapping[str, object] | None = None,
                   base: object = 1) -> list[tuple[str, str]]:
    """Every refusal of a ruleset as (JSON path, reason), in path order; [] when it resolves."""
    errors = [(path.replace("ruleset.fan_table.", "ruleset.factor_table."), reason) for path, reason in
              basic_errors(PRESETS, option_error, factor_error, preset, options, factor_table, base)]
    if errors:
        return errors
    m = {**PRESETS[preset or DEFAULT_PRESET], **(options or {})}  # type: ignore[index]
    for name in ("jin_ding", "liable_cap"):
        if m[name] < m["cap"]:  # type: ignore[operator]
            errors.append((f"ruleset.options.{name}", f"must be at least cap ({m['cap']}); it is {m[name]}"))
    return errors


def _read(preset: Optional[str], options: Mapping[str, object], factor_table: Mapping[str, object],
          base: int) -> WhRules:
    return optionspec.build(WhRules, WhOptions, ruleset_errors, DEFAULT_PRESET, PRESETS.__getitem__,
                            lambda name, _: FACTORS, preset, options, factor_table, base)


@lru_cache(maxsize=256)
def _rules_of(key: tuple) -> WhRules:
    return _read(*unkey(key))
