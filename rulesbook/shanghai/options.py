"""The options of RULEBOOK_SH §14 and its three presets (`qiaoma` the default 上海敲麻, `baida`
上海百搭, `qinghunpeng` 上海清混碰), as data, and the frozen ``ShRules`` a document's ruleset
resolves to.

How a ruleset is resolved (§14): the defaults; the preset's options over them; ``ruleset.options``
and ``ruleset.fan_table`` over those (explicit options override the preset). Every refusal names
its JSON path under ``ruleset`` (``RulesetError``). ``flower_values`` (an object, SH-HUA-2) is
kept as sorted (name, value) pairs so that the rules stay hashable.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping, Optional

from rulesbook import optionspec
from rulesbook.optionspec import RulesetError, Ruleset, basic_errors, resolve, unkey

from .fan_table import VALUES, fan_table_error

RULEBOOK_VERSION = "shanghai-2026.12"
DEFAULT_PRESET = "qiaoma"
MAX_NUMBER = 1_000_000  # an integer option's bound (flowers, points, factors)

#: SH-HUA-2's defaults: the flowers an honour or kong set of the winning hand adds
FLOWER_VALUES = {"wind_pong": 1, "wind_kong_exposed": 2, "wind_kong_concealed": 3,
                 "suit_kong_exposed": 1, "suit_kong_concealed": 2}

# name: (allowed, default, clause)
OPTIONS_SPEC: dict[str, tuple[object, object, str]] = {
    "chi": (bool, True, "SH-FLOW-5"),
    "dragons_as_flowers": (bool, True, "SH-FLOW-1"),
    "knock_required": (bool, True, "SH-QIAO"),
    "flower_values": ("object", dict(FLOWER_VALUES), "SH-HUA-2"),
    "base_flowers": ("integer", 2, "SH-PAY-0"),
    "lezi": ("integer", 20, "SH-PAY-0"),
    "min_flowers_discard": ("integer", 3, "SH-HU-2"),
    "min_flowers_self_draw": ("integer", 2, "SH-HU-2"),
    "special_only": (bool, False, "SH-HU-2"),
    "huang_fan": (bool, True, "SH-HF"),
    "huang_fan_factor": ("integer", 2, "SH-HF-3"),
    "multiple_winners": (("all", "head_bump"), "all", "SH-PR-2"),
    "rob_kong_payment": (("kong_player_three", "discard"), "kong_player_three", "SH-PAY-3"),
    "bao_san_kou": (("feeder", "mutual", "off"), "feeder", "SH-BAO-1"),
    "pass_rule": (("same_tile_rest_of_hand", "until_own_draw", "none"), "same_tile_rest_of_hand", "SH-GS-2"),
    "pass_violation": (("false_win", "void"), "false_win", "SH-GS-3"),
    "false_win": ("reverse_lezi|fixed:K|dead_hand", "reverse_lezi", "SH-ZH-2"),
    "wild": (bool, False, "SH-BD-1"),
    "wild_rule": (("next", "same"), "next", "SH-BD-1"),
    "no_wild_discard_win": (bool, False, "SH-BD-4"),
}
#: the least value of each integer option
_LEAST = {"base_flowers": 0, "lezi": 1, "min_flowers_discard": 0, "min_flowers_self_draw": 0,
          "huang_fan_factor": 1}


def _integer(name: str):
    least = _LEAST[name]

    def check(value: object) -> Optional[str]:
        if type(value) is int and least <= value <= MAX_NUMBER:
            return None
        return f"must be a whole number from {least} to {MAX_NUMBER:,}"
    return check


def _flower_values(value: object) -> Optional[str]:
    if not isinstance(value, dict):
        return f"must be an object of {', '.join(FLOWER_VALUES)}"
    for k, v in value.items():
        if k not in FLOWER_VALUES:
            return f"unknown set {k!r}; sets are {', '.join(FLOWER_VALUES)}"
        if type(v) is not int or not 0 <= v <= 100:
            return f"{k}: must be a whole number of flowers from 0 to 100"
    return None


def _false_win(value: object) -> Optional[str]:
    if value in ("reverse_lezi", "dead_hand"):
        return None
    if isinstance(value, str) and value.startswith("fixed:") and value[6:].isascii() \
            and value[6:].isdigit() \
            and value[6:] == str(int(value[6:])) and 1 <= int(value[6:]) <= MAX_NUMBER:
        return None
    return f"must be reverse_lezi, fixed:K or dead_hand (K a whole number from 1 to {MAX_NUMBER:,})"


SPECIAL = {**{name: _integer(name) for name in _LEAST}, "flower_values": _flower_values,
           "false_win": _false_win}


def option_error(name: str, value: object) -> Optional[str]:
    """Why ``value`` is not a valid value of option ``name``; None when it is."""
    return optionspec.option_error(OPTIONS_SPEC, name, value, SPECIAL)


def preset_error(value: object) -> Optional[str]:
    """Why ``value`` names no preset of §14; None when it does."""
    return optionspec.preset_error(PRESETS, value)


DEFAULTS: dict[str, object] = optionspec.defaults(OPTIONS_SPEC)
#: §14's presets as data: what each sets over the defaults
PRESET_SETS: dict[str, dict[str, object]] = {
    "qiaoma": {},
    "baida": {"knock_required": False, "min_flowers_discard": 0, "min_flowers_self_draw": 0,
              "wild": True, "no_wild_discard_win": True},
    "qinghunpeng": {"knock_required": False, "min_flowers_discard": 0, "min_flowers_self_draw": 0,
                    "special_only": True},
}
PRESETS: dict[str, dict[str, object]] = optionspec.over_defaults(OPTIONS_SPEC, PRESET_SETS)
PRESET_FAN: dict[str, dict[str, int]] = {name: dict(VALUES) for name in PRESET_SETS}


@dataclass(frozen=True)
class ShOptions(optionspec.Options):
    chi: bool
    dragons_as_flowers: bool
    knock_required: bool
    flower_values: tuple[tuple[str, int], ...]
    base_flowers: int
    lezi: int
    min_flowers_discard: int
    min_flowers_self_draw: int
    special_only: bool
    huang_fan: bool
    huang_fan_factor: int
    multiple_winners: str
    rob_kong_payment: str
    bao_san_kou: str
    pass_rule: str
    pass_violation: str
    false_win: str
    wild: bool
    wild_rule: str
    no_wild_discard_win: bool

    #: what the family's pieces read: no concealed kong counts toward 包三口 (only claims do)
    concealed_kong_on_table = False

    @property
    def min_fan(self) -> int:
        """The family's call check names the minimum: a plain hand's flowers on a discard."""
        return self.min_flowers_discard

    def flower_value(self, name: str) -> int:
        return dict(self.flower_values)[name]

    def as_json(self) -> dict:
        out = super().as_json()
        out["flower_values"] = dict(self.flower_values)
        return out


assert set(OPTIONS_SPEC) == {f.name for f in fields(ShOptions)}
assert all(option_error(k, v) is None for p in PRESETS.values() for k, v in p.items())


@dataclass(frozen=True, eq=False)
class ShRules(Ruleset):
    """A document's ruleset as the shanghai rulebook reads it (preset, options, row values, base)."""

    preset: str
    options: ShOptions
    values: Mapping[str, int]
    base: int = 1

    @classmethod
    def of(cls, preset: Optional[str] = None, options: Mapping[str, object] | None = None,
           fan_table: Mapping[str, object] | None = None, base: int = 1) -> "ShRules":
        """The rules of a ruleset (``preset`` None: `qiaoma`); ``RulesetError`` at its JSON path."""
        return resolve(_read, _rules_of, preset, options, fan_table, base)

    @property
    def lezi_money(self) -> int:
        """SH-ZH-2: the 勒子 in money, L × ``base``."""
        return self.options.lezi * self.base


def ruleset_errors(preset: object = None, options: Mapping[str, object] | None = None,
                   fan_table: Mapping[str, object] | None = None, base: object = 1) -> list[tuple[str, str]]:
    """Every refusal of a ruleset as (JSON path, reason), in path order; [] when it resolves."""
    return basic_errors(PRESETS, option_error, fan_table_error, preset, options, fan_table, base)


def _read(preset: Optional[str], options: Mapping[str, object], fan_table: Mapping[str, object],
          base: int) -> ShRules:
    found = ruleset_errors(preset, options, fan_table, base)
    if found:
        raise RulesetError(*found[0])
    name = preset or DEFAULT_PRESET
    merged = {**PRESETS[name], **options}
    merged["flower_values"] = tuple(sorted({**FLOWER_VALUES, **merged["flower_values"]}.items()))  # type: ignore[dict-item]
    resolved = ShOptions(**merged)  # type: ignore[arg-type]
    return ShRules(name, resolved, MappingProxyType({**PRESET_FAN[name], **fan_table}), base)


@lru_cache(maxsize=256)
def _rules_of(key: tuple) -> ShRules:
    return _read(*unkey(key))
