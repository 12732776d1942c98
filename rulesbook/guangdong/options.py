"""The options of RULEBOOK_GD §9 and its five presets (`wufan` the default, `yifan`, `sanfan`,
`qq`, `seed_list1`), as data, and the frozen ``GdRules`` a document's ruleset resolves to.

How a ruleset is resolved (§9): the defaults; the preset's options and ``fan_table`` entries over
them; ``ruleset.options`` and ``ruleset.fan_table`` over those. Then the whole is checked
(``limit_fan`` ≥ ``min_fan``, ≥ ``special_floor``, ≤ 9). Every refusal names its JSON path under
``ruleset`` (``RulesetError``).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Mapping, Optional

from rulesbook import optionspec
from rulesbook.family13 import false_win
from rulesbook.optionspec import RulesetError, Ruleset, basic_errors, resolve, unkey

from .fan_table import MAX_FAN_VALUE, VALUES, fan_table_error

RULEBOOK_VERSION = "guangdong-2026.12"
DEFAULT_PRESET = "wufan"
FAN_RANGE = tuple(range(MAX_FAN_VALUE + 1))

# name: (allowed, default, clause)
OPTIONS_SPEC: dict[str, tuple[object, object, str]] = {
    "min_fan": (FAN_RANGE, 0, "GD-FAN-31"),
    "limit_fan": (FAN_RANGE, 5, "GD-FAN-32"),
    "special_floor": (FAN_RANGE, 3, "GD-FAN-30"),
    "multi_win_floor": (("three_winners", "any_multiple", "none"), "three_winners", "GD-FAN-30.2"),
    "rob_kong_self_draw_fan": (bool, True, "GD-FAN-27"),
    "discard_payment": (("one_share", "three_shares"), "one_share", "GD-PAY-2"),
    "rob_kong_payment": (("kong_player_pays_all", "discard"), "kong_player_pays_all", "GD-PAY-3"),
    "multiple_winners": (("all", "head_bump"), "all", "GD-PR-2"),
    "dealer_rotation": (("dealer_win_or_draw", "dealer_win", "winner_deals"), "dealer_win_or_draw",
                        "GD-FLOW-8"),
    "twelve_down": (bool, True, "GD-BAO-1"),
    "twelve_down_repeat": (("first_only", "each"), "first_only", "GD-BAO-1"),
    "concealed_kong_on_table": (bool, False, "GD-BAO-0"),
    "big_three_dragons_bao": (bool, True, "GD-BAO-2"),
    "big_four_winds_bao": (bool, True, "GD-BAO-3"),
    "kong_bloom_bao": (bool, True, "GD-BAO-4"),
    "bao_on_discard": (("discarder", "feeder"), "discarder", "GD-BAO-6"),
    "liability_combination": (("precedence", "share"), "precedence", "GD-BAO-7"),
    "false_win": ("reverse_limit|each_limit_self_draw|off_table:K|fixed:K|dead_hand",
                  "reverse_limit", "GD-ZH-2"),
    "pass_rule": (("same_tile_until_move", "all_waits_until_move", "none"), "same_tile_until_move",
                  "GD-GS-2"),
    "pass_violation": (("false_win", "void"), "false_win", "GD-GS-3"),
}

def preset_error(value: object) -> Optional[str]:
    """Why ``value`` names no preset of §9; None when it does."""
    return optionspec.preset_error(PRESETS, value)


def option_error(name: str, value: object) -> Optional[str]:
    """Why ``value`` is not a valid value of option ``name``; None when it is."""
    return optionspec.option_error(OPTIONS_SPEC, name, value, {"false_win": false_win.option_error})


DEFAULTS: dict[str, object] = optionspec.defaults(OPTIONS_SPEC)
#: §9's presets as data: what each sets over the defaults (options, then fan_table entries)
PRESET_SETS: dict[str, tuple[dict[str, object], dict[str, int]]] = {
    "wufan": ({}, {}),
    "yifan": ({"min_fan": 1}, {}),
    "sanfan": ({"min_fan": 3}, {}),
    "qq": ({"limit_fan": 3}, {}),
    "seed_list1": ({}, {"GD-FAN-16": 9, "GD-FAN-17": 9, "GD-FAN-18": 9, "GD-FAN-19": 9}),
}
#: each preset's options and row values in full
PRESETS: dict[str, dict[str, object]] = optionspec.over_defaults(
    OPTIONS_SPEC, {name: o for name, (o, _) in PRESET_SETS.items()})
PRESET_FAN: dict[str, dict[str, int]] = {name: {**VALUES, **f} for name, (_, f) in PRESET_SETS.items()}


@dataclass(frozen=True)
class GdOptions(optionspec.Options):
    min_fan: int
    limit_fan: int
    special_floor: int
    multi_win_floor: str
    rob_kong_self_draw_fan: bool
    discard_payment: str
    rob_kong_payment: str
    multiple_winners: str
    dealer_rotation: str
    twelve_down: bool
    twelve_down_repeat: str
    concealed_kong_on_table: bool
    big_three_dragons_bao: bool
    big_four_winds_bao: bool
    kong_bloom_bao: bool
    bao_on_discard: str
    liability_combination: str
    false_win: str
    pass_rule: str
    pass_violation: str


assert set(OPTIONS_SPEC) == {f.name for f in fields(GdOptions)}
assert all(option_error(k, v) is None for p in PRESETS.values() for k, v in p.items())
assert all(fan_table_error(k, v) is None for p in PRESET_FAN.values() for k, v in p.items())


@dataclass(frozen=True, eq=False)
class GdRules(Ruleset):
    """A document's ruleset as the guangdong rulebook reads it (preset, options, row values, base)."""

    preset: str
    options: GdOptions
    values: Mapping[str, int]
    base: int = 1

    @classmethod
    def of(cls, preset: Optional[str] = None, options: Mapping[str, object] | None = None,
           fan_table: Mapping[str, object] | None = None, base: int = 1) -> "GdRules":
        """The rules of a ruleset (``preset`` None: `wufan`); ``RulesetError`` at its JSON path."""
        return resolve(_read, _rules_of, preset, options, fan_table, base)

    @property
    def cap_share(self) -> int:
        """GD-ZH-2: one share at the cap, ``base`` × 2^``limit_fan``."""
        return self.base << self.options.limit_fan


def ruleset_errors(preset: object = None, options: Mapping[str, object] | None = None,
                   fan_table: Mapping[str, object] | None = None, base: object = 1) -> list[tuple[str, str]]:
    """Every refusal of a ruleset as (JSON path, reason), in path order; [] when it resolves."""
    errors = basic_errors(PRESETS, option_error, fan_table_error, preset, options, fan_table, base)
    if errors:
        return errors
    m = {**PRESETS[preset or DEFAULT_PRESET], **(options or {})}  # type: ignore[index]
    low = max(m["min_fan"], m["special_floor"])  # type: ignore[call-overload]
    if m["limit_fan"] < low:  # type: ignore[operator]
        errors.append(("ruleset.options.limit_fan",
                       f"must be from max(min_fan, special_floor) = {low} to {MAX_FAN_VALUE} "
                       f"(GD-FAN-32); it is {m['limit_fan']}"))
    return errors


def _read(preset: Optional[str], options: Mapping[str, object], fan_table: Mapping[str, object],
          base: int) -> GdRules:
    return optionspec.build(GdRules, GdOptions, ruleset_errors, DEFAULT_PRESET, PRESETS.__getitem__,
                            lambda name, _: PRESET_FAN[name], preset, options, fan_table, base)


@lru_cache(maxsize=256)
def _rules_of(key: tuple) -> GdRules:
    return _read(*unkey(key))
