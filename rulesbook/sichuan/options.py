"""The options of RULEBOOK_SC §12 and its two presets (`chengdu` the default, `online`), as data,
and the frozen ``ScRules`` a document's ruleset resolves to.

How a ruleset is resolved (§12): the defaults; the preset's options over them; ``ruleset.options``
and ``ruleset.fan_table`` over those. Every refusal names its JSON path under ``ruleset``
(``RulesetError``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping, Optional

from rulesbook import optionspec
from rulesbook.optionspec import RulesetError, Ruleset, basic_errors, resolve, unkey

from .fan_table import VALUES, fan_table_error

__all__ = ["DEFAULT_PRESET", "OPTIONS_SPEC", "PRESETS", "PRESET_FAN", "RULEBOOK_VERSION", "RulesetError",
           "ScOptions", "ScRules", "option_error", "preset_error", "ruleset_errors"]

RULEBOOK_VERSION = "sichuan-2026.12"
DEFAULT_PRESET = "chengdu"
KONG_KINDS = ("claimed", "added", "concealed")
_FIXED = re.compile(r"fixed:([1-9][0-9]{0,8})\Z")

# name: (allowed, default, clause)
OPTIONS_SPEC: dict[str, tuple[object, object, str]] = {
    "cap_fan": (tuple(range(1, 9)), 3, "SC-FAN-30"),
    "self_draw_bonus": (("add_base", "add_fan", "none"), "add_base", "SC-PAY-1"),
    "claimed_kong_bloom": (("self_draw", "discard"), "self_draw", "SC-PAY-5"),
    "kong_pay": ("object", {"claimed": 2, "added": 1, "concealed": 2}, "SC-GF-1"),
    "claimed_kong_others": ("integer", 0, "SC-GF-1"),
    "added_kong_pays": (("on_draw", "always"), "on_draw", "SC-GF-2"),
    "call_transfer": (("this_kong", "all_kongs", "off"), "this_kong", "SC-GF-6"),
    "kong_refund": (bool, True, "SC-GF-7"),
    "pig_pay": ("cap|fixed:K", "cap", "SC-CH-1"),
    "big_call": (bool, True, "SC-CH-2"),
    "checks_include_winners": (bool, False, "SC-CH-1"),
    "multiple_winners": (("all", "head_bump"), "all", "SC-PR-2"),
    "pass_rule": (("until_draw_unless_higher", "until_draw", "none"), "until_draw_unless_higher", "SC-GS-2"),
    "pass_violation": (("false_win", "void"), "false_win", "SC-GS-3"),
    "pass_pon_rule": (("until_draw", "none"), "until_draw", "SC-GS-5"),
    "false_win": ("cap_each|fixed:K|dead_hand", "cap_each", "SC-ZH-2"),
    "void_declaration": (("declared", "implicit"), "declared", "SC-QM-1"),
    "heavenly_earthly": (bool, True, "SC-FAN-15"),
    "concealed_bonus": (bool, False, "SC-FAN-26"),
    "all_simples_bonus": (bool, False, "SC-FAN-27"),
}


def _fixed(words: tuple[str, ...]):
    def check(value: object) -> Optional[str]:
        if value in words or (isinstance(value, str) and _FIXED.match(value)):
            return None
        return f"must be {', '.join(words)} or fixed:K (K a positive whole number below 1,000,000,000)"
    return check


def _kong_pay(value: object) -> Optional[str]:
    if not isinstance(value, dict) or set(value) != set(KONG_KINDS):
        return 'must be an object {"claimed": n, "added": n, "concealed": n} (n in B)'
    if any(type(n) is not int or not 0 <= n <= 1000 for n in value.values()):
        return "each amount must be a whole number of B from 0 to 1000"
    return None


def _count(value: object) -> Optional[str]:
    return None if type(value) is int and 0 <= value <= 1000 else "must be a whole number of B from 0 to 1000"


SPECIAL = {"kong_pay": _kong_pay, "claimed_kong_others": _count, "pig_pay": _fixed(("cap",)),
           "false_win": _fixed(("cap_each", "dead_hand"))}


def preset_error(value: object) -> Optional[str]:
    """Why ``value`` names no preset of §12; None when it does."""
    return optionspec.preset_error(PRESETS, value)


def option_error(name: str, value: object) -> Optional[str]:
    """Why ``value`` is not a valid value of option ``name``; None when it is."""
    return optionspec.option_error(OPTIONS_SPEC, name, value, SPECIAL)


DEFAULTS: dict[str, object] = optionspec.defaults(OPTIONS_SPEC)
#: §12's presets as data: what each sets over the defaults
PRESET_SETS: dict[str, dict[str, object]] = {
    "chengdu": {},
    "online": {"cap_fan": 6, "added_kong_pays": "always", "call_transfer": "all_kongs",
               "concealed_bonus": True, "all_simples_bonus": True},
}
PRESETS: dict[str, dict[str, object]] = optionspec.over_defaults(OPTIONS_SPEC, PRESET_SETS)
PRESET_FAN: dict[str, dict[str, int]] = {name: dict(VALUES) for name in PRESET_SETS}


def fixed_k(value: str) -> Optional[int]:
    """K of an option's ``fixed:K``; None for a word."""
    m = _FIXED.match(value)
    return int(m.group(1)) if m else None


@dataclass(frozen=True)
class ScOptions(optionspec.Options):
    cap_fan: int
    self_draw_bonus: str
    claimed_kong_bloom: str
    kong_pay: Mapping[str, int]
    claimed_kong_others: int
    added_kong_pays: str
    call_transfer: str
    kong_refund: bool
    pig_pay: str
    big_call: bool
    checks_include_winners: bool
    multiple_winners: str
    pass_rule: str
    pass_violation: str
    pass_pon_rule: str
    false_win: str
    void_declaration: str
    heavenly_earthly: bool
    concealed_bonus: bool
    all_simples_bonus: bool

    def __post_init__(self) -> None:  # the object option, frozen and hashable
        object.__setattr__(self, "kong_pay", MappingProxyType(dict(self.kong_pay)))

    def __hash__(self) -> int:
        return hash(tuple((f.name, tuple(sorted(v.items())) if isinstance(v := getattr(self, f.name), Mapping)
                           else v) for f in fields(self)))

    def as_json(self) -> dict:
        out = super().as_json()
        out["kong_pay"] = dict(self.kong_pay)
        return out


assert set(OPTIONS_SPEC) == {f.name for f in fields(ScOptions)}
assert all(option_error(k, v) is None for p in PRESETS.values() for k, v in p.items())


@dataclass(frozen=True, eq=False)
class ScRules(Ruleset):
    """A document's ruleset as the sichuan rulebook reads it (preset, options, row values, base)."""

    preset: str
    options: ScOptions
    values: Mapping[str, int]
    base: int = 1

    @classmethod
    def of(cls, preset: Optional[str] = None, options: Mapping[str, object] | None = None,
           fan_table: Mapping[str, object] | None = None, base: int = 1) -> "ScRules":
        """The rules of a ruleset (``preset`` None: `chengdu`); ``RulesetError`` at its JSON path."""
        return resolve(_read, _rules_of, preset, options, fan_table, base)

    @property
    def cap_value(self) -> int:
        """B × 2^``cap_fan``: the cap value (SC-CH-1, SC-ZH-2)."""
        return self.base << self.options.cap_fan

    def value(self, fan_paid: int) -> int:
        """SC-PAY-0: V = B × 2^F."""
        return self.base << fan_paid

    def fixed_or_cap(self, option: str) -> int:
        """An amount option (``pig_pay``, ``false_win``): K × B under ``fixed:K``, else the cap value."""
        k = fixed_k(option)
        return self.cap_value if k is None else k * self.base


def ruleset_errors(preset: object = None, options: Mapping[str, object] | None = None,
                   fan_table: Mapping[str, object] | None = None, base: object = 1) -> list[tuple[str, str]]:
    """Every refusal of a ruleset as (JSON path, reason), in path order; [] when it resolves."""
    return basic_errors(PRESETS, option_error, fan_table_error, preset, options, fan_table, base)


def _read(preset: Optional[str], options: Mapping[str, object], fan_table: Mapping[str, object],
          base: int) -> ScRules:
    return optionspec.build(ScRules, ScOptions, ruleset_errors, DEFAULT_PRESET, PRESETS.__getitem__,
                            lambda name, _: PRESET_FAN[name], preset, options, fan_table, base)


@lru_cache(maxsize=256)
def _rules_of(key: tuple) -> ScRules:
    return _read(*unkey(key))
