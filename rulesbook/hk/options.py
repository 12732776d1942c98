"""The options of RULEBOOK_HK §9.1 and the presets of §9.2 (`club` the default, `tournament`,
`casual`), as data, and the frozen ``HkRules`` a document's ruleset resolves to.

How a ruleset is resolved (§9.1): the preset's option values and ``fan_table`` values; each option
of ``ruleset.options`` replaces the preset's; each entry of ``ruleset.fan_table`` replaces its
row's value. Then the whole is checked (``limit_fan`` against ``min_fan``; HK-PAY-7's integer
rule). Every refusal names its JSON path under ``ruleset`` (``RulesetError``).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Mapping, Optional

from rulesbook import optionspec
from rulesbook.family13 import false_win
from rulesbook.optionspec import RulesetError, Ruleset, basic_errors, resolve, unkey

from .fan_table import CASUAL_VALUES, CLUB_VALUES, SMALL_FOUR_WINDS_LIMIT, fan_table_error

RULEBOOK_VERSION = "hk-2026.12"
DEFAULT_PRESET = "club"
FAN_RANGE = tuple(range(14))  # 0 … 13 番: the money tables stop at 13

# name: (allowed: bool, a tuple of choices, or a pattern read by ``family13.false_win.option_error``; club's value;
# clause)
OPTIONS_SPEC: dict[str, tuple[object, object, str]] = {
    "flowers": (bool, True, "§0"),
    "dead_wall": (("keep14", "none"), "keep14", "HK-FLOW-2"),
    "min_fan": (FAN_RANGE, 3, "HK-FAN-35"),
    "limit_fan": (FAN_RANGE[1:], 10, "HK-FAN-36"),
    "bonus_counts_to_minimum": (bool, False, "HK-FAN-0.6"),
    "concealed_hand_with_flowers": (bool, True, "HK-FAN-14"),
    "small_four_winds": (("composed", "limit"), "composed", "HK-FAN-13"),
    "fan_combination": (("sum", "highest"), "sum", "HK-FAN-0.9"),
    "money_curve": (("half_spicy", "spicy"), "half_spicy", "HK-PAY-0"),
    "payment": (("full", "half"), "full", "HK-PAY-2"),
    "rob_kong_payment": (("kong_player_pays_all", "discard"), "kong_player_pays_all", "HK-PAY-3"),
    "multiple_winners": (("head_bump", "all"), "head_bump", "HK-PR-2"),
    "dealer_rotation": (("dealer_win", "dealer_win_or_draw", "always"), "dealer_win", "HK-FLOW-10"),
    "twelve_down": (bool, True, "HK-BAO-1"),
    "twelve_down_repeat": (("first_only", "each"), "first_only", "HK-BAO-1"),
    "big_three_dragons_bao": (bool, True, "HK-BAO-2"),
    "big_four_winds_bao": (bool, True, "HK-BAO-3"),
    "four_kongs_bao": (bool, True, "HK-BAO-4"),
    "kong_bloom_bao": (bool, True, "HK-BAO-5"),
    "nine_down": (bool, False, "HK-BAO-6"),
    "concealed_kong_on_table": (bool, True, "HK-BAO-0"),
    "bao_on_discard": (("discarder", "feeder", "split"), "discarder", "HK-BAO-7"),
    "liability_combination": (("precedence", "share"), "precedence", "HK-BAO-8"),
    "false_win": ("reverse_limit|each_limit_self_draw|off_table:K|fixed:K|dead_hand",
                  "reverse_limit", "HK-ZH-2"),
    "pass_rule": (("all_waits_until_move", "same_tile_until_move", "none"), "all_waits_until_move",
                  "HK-GS-2"),
    "pass_violation": (("false_win", "void"), "false_win", "HK-GS-3"),
    "rob_concealed_kong_13": (bool, True, "HK-PR-6"),
}

def option_error(name: str, value: object) -> Optional[str]:
    """Why ``value`` is not a valid value of option ``name``; None when it is."""
    return optionspec.option_error(OPTIONS_SPEC, name, value, {"false_win": false_win.option_error})


#: §9.2: each preset's options (complete) and its fan_table values (complete)
_CLUB = {name: spec[1] for name, spec in OPTIONS_SPEC.items()}
PRESETS: dict[str, dict[str, object]] = {
    "club": _CLUB,
    "tournament": {**_CLUB, "false_win": "off_table:256"},
    "casual": {**_CLUB, "min_fan": 0, "limit_fan": 6, "fan_combination": "highest",
               "money_curve": "spicy", "dealer_rotation": "always"},
}
PRESET_FAN: dict[str, dict[str, int]] = {"club": CLUB_VALUES, "tournament": CLUB_VALUES,
                                         "casual": CASUAL_VALUES}


def preset_error(value: object) -> Optional[str]:
    """Why ``value`` names no preset of §9.2; None when it does."""
    return optionspec.preset_error(PRESETS, value)


@dataclass(frozen=True)
class HkOptions(optionspec.Options):
    flowers: bool
    dead_wall: str
    min_fan: int
    limit_fan: int
    bonus_counts_to_minimum: bool
    concealed_hand_with_flowers: bool
    small_four_winds: str
    fan_combination: str
    money_curve: str
    payment: str
    rob_kong_payment: str
    multiple_winners: str
    dealer_rotation: str
    twelve_down: bool
    twelve_down_repeat: str
    big_three_dragons_bao: bool
    big_four_winds_bao: bool
    four_kongs_bao: bool
    kong_bloom_bao: bool
    nine_down: bool
    concealed_kong_on_table: bool
    bao_on_discard: str
    liability_combination: str
    false_win: str
    pass_rule: str
    pass_violation: str
    rob_concealed_kong_13: bool

    def false_win_k(self) -> Optional[int]:
        """K of ``false_win: off_table:K`` or ``fixed:K``; None for the other values."""
        m = false_win.K_VALUE.match(self.false_win)
        return int(m.group(2)) if m else None


assert set(OPTIONS_SPEC) == {f.name for f in fields(HkOptions)}
assert all(set(p) == set(OPTIONS_SPEC) for p in PRESETS.values())
assert all(option_error(k, v) is None for p in PRESETS.values() for k, v in p.items())


@dataclass(frozen=True, eq=False)
class HkRules(Ruleset):
    """A document's ruleset as the hk rulebook reads it: the preset in force, the options and row
    values resolved over it, and ``base`` (HK-PAY-0). Hashable: counts are memoised on it."""

    preset: str
    options: HkOptions
    values: Mapping[str, int]  # every row's value in force (read-only)
    base: int = 1

    @classmethod
    def of(cls, preset: Optional[str] = None, options: Mapping[str, object] | None = None,
           fan_table: Mapping[str, object] | None = None, base: int = 1) -> "HkRules":
        """The rules of a ruleset (``preset`` None: `club`). Equal rulesets give the same object
        (an audit's documents mostly share one); a bad one raises ``RulesetError`` each time."""
        return resolve(_read, _rules_of, preset, options, fan_table, base)


def ruleset_errors(preset: object = None, options: Mapping[str, object] | None = None,
                   fan_table: Mapping[str, object] | None = None, base: object = 1) -> list[tuple[str, str]]:
    """Every refusal of a ruleset as (JSON path, reason), in path order; [] when it resolves."""
    errors = basic_errors(PRESETS, option_error, fan_table_error, preset, options, fan_table, base)
    if errors:
        return errors
    merged = {**PRESETS[preset or DEFAULT_PRESET], **(options or {})}
    low = max(1, merged["min_fan"])  # type: ignore[call-overload]
    if merged["limit_fan"] < low:  # type: ignore[operator]
        errors.append(("ruleset.options.limit_fan",
                       f"must be from max(1, min_fan) = {low} to 13 (HK-FAN-36); it is {merged['limit_fan']}"))
    if merged["payment"] == "half" and merged["min_fan"] == 0 and base % 2:  # type: ignore[operator]
        errors.append(("ruleset", "payment half with min_fan 0 needs an even base: at 0 番 each "
                                  "other player would pay half a unit (HK-PAY-7)"))
    return errors


def _values(name: str, resolved: HkOptions) -> dict[str, int]:
    values = dict(PRESET_FAN[name])
    if resolved.small_four_winds == "limit":
        values["HK-FAN-13"] = SMALL_FOUR_WINDS_LIMIT  # HK-FAN-13: an L row of 13 (fan_table may set it)
    return values


def _read(preset: Optional[str], options: Mapping[str, object], fan_table: Mapping[str, object],
          base: int) -> HkRules:
    return optionspec.build(HkRules, HkOptions, ruleset_errors, DEFAULT_PRESET, PRESETS.__getitem__,
                            _values, preset, options, fan_table, base)


@lru_cache(maxsize=256)
def _rules_of(key: tuple) -> HkRules:
    return _read(*unkey(key))
