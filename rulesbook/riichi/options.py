"""The riichi options and presets of RULEBOOK_RIICHI §13 / §6, as data, and the frozen ``Options``.

A ruleset names a ``preset`` (default ``tenhou``) that fills every option; ``ruleset.options``
overrides single values. ``option_error`` checks one option for the loader.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Mapping, Optional

from rulesbook import optionspec

RULEBOOK_VERSION = "riichi-2026.12"

ABORTS = ("nine_terminals", "four_winds", "four_kans", "four_riichi", "triple_ron")
PAO_YAKUMAN = ("daisangen", "daisuushi", "suukantsu")

TENHOU: dict[str, object] = {
    "length": "hanchan", "start_points": 25000, "goal_points": 30000, "red_fives": True,
    "open_tanyao": True, "kiriage": False, "kazoe": "yakuman", "double_yakuman": False,
    "multi_yakuman": True, "renhou": "none", "kan_dora": "tenhou", "tenpai_declaration": "auto",
    "riichi_min_points": 1000, "riichi_needs_draw": True, "multiple_ron": "double",
    "multi_ron_honba": "first_winner", "pao": list(PAO_YAKUMAN), "pao_scope": "yakuman",
    "pao_ron_honba": "discarder", "nagashi_mangan": True,
    "abortive_draws": list(ABORTS), "meld_priority": "type", "chankan_closed_kokushi": True,
    "chombo": "table_mangan", "chombo_with_win": "both", "chombo_dealer": "keeps",
    "chombo_honba": "unchanged", "false_win_unrevealed": "dead_hand", "wrong_count": "dead_hand",
    "empty_call": "deposit_1000", "wall_collapse": "chombo", "bust": True,
    "all_last_win_stop": True, "all_last_tenpai_stop": True, "extension": "tenhou",
}

#: Tenhou's server, measured on its recorded money (docs/riichi.md): it settles pao otherwise than
#: RJ-PAY-8 as written, which the ``tenhou`` preset follows; ``api.records.tenhou`` writes these into every
#: document it imports, so that a record is ruled under the rules it was played by
TENHOU_SERVER: dict[str, object] = {"pao": ["daisangen", "daisuushi"], "pao_scope": "whole",
                                    "pao_ron_honba": "liable"}

# name: (allowed: choices | bool | "integer" | "integer|null" | a pattern, tenhou's default, clause);
# pao and abortive_draws take an array of their choices
OPTIONS_SPEC: dict[str, tuple[object, object, str]] = {
    "length": (("hanchan", "tonpuu"), TENHOU["length"], "RJ-END-1"),
    "start_points": ("integer", TENHOU["start_points"], "RJ-END"),
    "goal_points": ("integer", TENHOU["goal_points"], "RJ-END"),
    "red_fives": (bool, TENHOU["red_fives"], "RJ-VAL-2"),
    "open_tanyao": (bool, TENHOU["open_tanyao"], "RJ-VAL-2"),
    "kiriage": (bool, TENHOU["kiriage"], "RJ-VAL-2"),
    "kazoe": (("yakuman", "sanbaiman"), TENHOU["kazoe"], "RJ-VAL-2"),
    "double_yakuman": (bool, TENHOU["double_yakuman"], "RJ-VAL-2"),
    "multi_yakuman": (bool, TENHOU["multi_yakuman"], "RJ-VAL-2"),
    "renhou": (("none", "mangan", "yakuman"), TENHOU["renhou"], "RJ-VAL-2"),
    "kan_dora": (("tenhou", "immediate"), TENHOU["kan_dora"], "RJ-FLOW-4"),
    "tenpai_declaration": (("auto", "declared"), TENHOU["tenpai_declaration"], "RJ-FLOW-8"),
    "riichi_min_points": ("integer|null", TENHOU["riichi_min_points"], "RJ-RII-1"),
    "riichi_needs_draw": (bool, TENHOU["riichi_needs_draw"], "RJ-RII-1"),
    "multiple_ron": (("double", "head_bump", "all"), TENHOU["multiple_ron"], "RJ-PAY-4"),
    "multi_ron_honba": (("first_winner", "each_winner"), TENHOU["multi_ron_honba"], "RJ-PAY-5"),
    "pao": (PAO_YAKUMAN, TENHOU["pao"], "RJ-PAY-8"),  # a list of these
    "pao_scope": (("whole", "yakuman"), TENHOU["pao_scope"], "RJ-PAY-8.2"),
    "pao_ron_honba": (("liable", "discarder"), TENHOU["pao_ron_honba"], "RJ-PAY-8.5"),
    "nagashi_mangan": (bool, TENHOU["nagashi_mangan"], "RJ-PAY-9"),
    "abortive_draws": (ABORTS, TENHOU["abortive_draws"], "RJ-ABT"),  # a list of these
    "meld_priority": (("type", "first_call"), TENHOU["meld_priority"], "RJ-PR-1"),
    "chankan_closed_kokushi": (bool, TENHOU["chankan_closed_kokushi"], "RJ-PR-7"),
    "chombo": ("table_mangan|final:N", TENHOU["chombo"], "RJ-IRR-0"),
    "chombo_with_win": (("both", "void_chombo"), TENHOU["chombo_with_win"], "RJ-IRR-0"),
    "chombo_dealer": (("keeps", "passes"), TENHOU["chombo_dealer"], "RJ-IRR-0"),
    "chombo_honba": (("unchanged", "plus_one"), TENHOU["chombo_honba"], "RJ-IRR-0"),
    "false_win_unrevealed": (("dead_hand", "chombo"), TENHOU["false_win_unrevealed"], "RJ-IRR-1"),
    "wrong_count": (("dead_hand", "chombo"), TENHOU["wrong_count"], "RJ-IRR-4"),
    "empty_call": (("none", "deposit_1000", "dead_hand"), TENHOU["empty_call"], "RJ-IRR-6"),
    "wall_collapse": (("chombo", "chombo_if_drawn"), TENHOU["wall_collapse"], "RJ-IRR-9"),
    "bust": (bool, TENHOU["bust"], "RJ-END-2"),
    "all_last_win_stop": (bool, TENHOU["all_last_win_stop"], "RJ-END-3"),
    "all_last_tenpai_stop": (bool, TENHOU["all_last_tenpai_stop"], "RJ-END-3"),
    "extension": (("tenhou", "none"), TENHOU["extension"], "RJ-END-4"),
}
_LISTS = {"pao", "abortive_draws"}

#: §6's presets table (an explicit option overrides its preset value)
PRESETS: dict[str, dict[str, object]] = {
    "tenhou": TENHOU,
    "wrc2022": {**TENHOU, "chombo": "final:30000", "false_win_unrevealed": "chombo",
                "empty_call": "dead_hand", "multiple_ron": "head_bump", "abortive_draws": [],
                "nagashi_mangan": False, "pao": ["daisangen", "daisuushi"], "kiriage": True,
                "pao_scope": "yakuman", "pao_ron_honba": "discarder",
                "kazoe": "sanbaiman", "multi_yakuman": False, "kan_dora": "immediate",
                "bust": False, "all_last_win_stop": False, "start_points": 30000},
    "ema2016": {**TENHOU, "chombo": "final:20000", "chombo_with_win": "void_chombo",
                "empty_call": "none", "multiple_ron": "all", "multi_ron_honba": "each_winner",
                "abortive_draws": [], "nagashi_mangan": False, "pao": ["daisangen", "daisuushi"],
                "pao_scope": "yakuman", "pao_ron_honba": "discarder", "kazoe": "sanbaiman", "double_yakuman": True, "multi_yakuman": False,
                "kan_dora": "immediate", "bust": False, "all_last_win_stop": False,
                "start_points": 30000},
    "mleague": {**TENHOU, "chombo": "final:20000", "empty_call": "dead_hand",
                "pao": list(PAO_YAKUMAN), "pao_scope": "yakuman", "pao_ron_honba": "discarder",
                "multiple_ron": "head_bump", "abortive_draws": [], "kan_dora": "immediate",
                "riichi_min_points": None, "riichi_needs_draw": False, "bust": False,
                "all_last_win_stop": False, "chankan_closed_kokushi": False},
}
_FINAL = re.compile(r"final:(\d+)\Z")


def _table_mangan_error(value: object) -> Optional[str]:
    ok = value == "table_mangan" or (isinstance(value, str) and _FINAL.match(value))
    return None if ok else "must be table_mangan or final:N (N points off the final score)"


def _points_error(value: object) -> Optional[str]:
    return None if type(value) is int and 0 <= value <= 10 ** 9 else "must be a whole number of points"


def _points_or_null_error(value: object) -> Optional[str]:
    return None if value is None or _points_error(value) is None else \
        "must be a whole number of points, or null (no minimum)"


def _list_error(name: str) -> optionspec.Check:
    allowed = OPTIONS_SPEC[name][0]

    def check(value: object) -> Optional[str]:
        if not isinstance(value, list) or any(v not in allowed for v in value):  # type: ignore[operator]
            return f"must be an array of {', '.join(allowed)}"  # type: ignore[arg-type]
        return None
    return check


_SPECIAL: dict[str, optionspec.Check] = {
    **{name: {"integer": _points_error, "integer|null": _points_or_null_error,
              "table_mangan|final:N": _table_mangan_error}[allowed]  # type: ignore[index]
       for name, (allowed, _, _) in OPTIONS_SPEC.items() if isinstance(allowed, str)},
    **{name: _list_error(name) for name in _LISTS},
}


def option_error(name: str, value: object) -> Optional[str]:
    """Why ``value`` is not a valid value of option ``name``; None when it is."""
    return optionspec.option_error(OPTIONS_SPEC, name, value, _SPECIAL)


def preset_error(value: object) -> Optional[str]:
    return optionspec.preset_error(PRESETS, value, "one of")


@dataclass(frozen=True)
class Options:
    length: str
    start_points: int
    goal_points: int
    red_fives: bool
    open_tanyao: bool
    kiriage: bool
    kazoe: str
    double_yakuman: bool
    multi_yakuman: bool
    renhou: str
    kan_dora: str
    tenpai_declaration: str
    riichi_min_points: Optional[int]
    riichi_needs_draw: bool
    multiple_ron: str
    multi_ron_honba: str
    pao: tuple[str, ...]
    pao_scope: str
    pao_ron_honba: str
    nagashi_mangan: bool
    abortive_draws: tuple[str, ...]
    meld_priority: str
    chankan_closed_kokushi: bool
    chombo: str
    chombo_with_win: str
    chombo_dealer: str
    chombo_honba: str
    false_win_unrevealed: str
    wrong_count: str
    empty_call: str
    wall_collapse: str
    bust: bool
    all_last_win_stop: bool
    all_last_tenpai_stop: bool
    extension: str
    preset: str = "tenhou"

    @classmethod
    def of(cls, preset: Optional[str], raw: Mapping[str, object]) -> "Options":
        name = preset or "tenhou"
        values = {**PRESETS[name], **raw}
        for key in _LISTS:
            values[key] = tuple(values[key])  # type: ignore[arg-type]
        return cls(preset=name, **values)  # type: ignore[arg-type]

    def as_json(self) -> dict:
        return {f.name: (list(v) if isinstance(v := getattr(self, f.name), tuple) else v)
                for f in fields(self)}


assert set(OPTIONS_SPEC) == {f.name for f in fields(Options)} - {"preset"}
assert all(set(p) == set(OPTIONS_SPEC) for p in PRESETS.values())
