"""The 番 table of RULEBOOK_SH §4 (SH-FAN-1 … 12), as data: each row's names, its class (``S`` a
special row, SH-HU-2: a hand holding one may win whatever its flowers; ``A`` an addition), and its
default value.

SH-FAN-0.2: every row that holds is summed, except that 混碰 replaces 碰碰胡 and 混一色 and 清碰
replaces 碰碰胡 and 清一色 (``REPLACES``). ``ruleset.fan_table`` may change a row's value (0 … 9);
a row of value 0 still holds (垃圾胡, 无花果 are 0 by default) and is listed when it is special.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import NamedTuple, Optional


class Row(NamedTuple):
    name: str
    en: str
    cls: str  # S special (SH-HU-2) | A addition
    value: int

    @property
    def special(self) -> bool:
        return self.cls == "S"


# ID: (name, English, class, value); SH-FAN-1 垃圾胡 is what a hand with no row is, never listed
ROWS: MappingProxyType = MappingProxyType({
    "SH-FAN-2": Row("碰碰胡", "all pongs", "S", 1),
    "SH-FAN-3": Row("混一色", "half flush", "S", 1),
    "SH-FAN-4": Row("清一色", "full flush", "S", 2),
    "SH-FAN-5": Row("混碰", "half flush all pongs", "S", 2),
    "SH-FAN-6": Row("清碰", "full flush all pongs", "S", 3),
    "SH-FAN-7": Row("门清", "concealed hand", "A", 1),
    "SH-FAN-8": Row("杠开", "win on a replacement", "A", 1),
    "SH-FAN-9": Row("大吊车", "single wait on the pair, four melds down", "A", 1),
    "SH-FAN-10": Row("海底捞月", "last tile", "A", 1),
    "SH-FAN-11": Row("无花果", "no flowers", "S", 0),
    "SH-FAN-12": Row("无百搭", "no wild tile", "A", 1),
})
#: SH-FAN-0.2: a row that holds strikes these
REPLACES: dict[str, tuple[str, ...]] = {"SH-FAN-5": ("SH-FAN-2", "SH-FAN-3"),
                                        "SH-FAN-6": ("SH-FAN-2", "SH-FAN-4")}
VALUES: dict[str, int] = {rule: row.value for rule, row in ROWS.items()}
MAX_FAN_VALUE = 9
PLAIN = ("SH-FAN-1", "垃圾胡", "plain hand")


def fan_table_error(key: object, value: object) -> Optional[str]:
    """Why ``key: value`` is not a valid ``ruleset.fan_table`` entry (SH §14: rows SH-FAN-2 … 12,
    values 0 … 9); None when it is."""
    if key not in ROWS:
        if key == "SH-FAN-1":
            return "SH-FAN-1 (垃圾胡) is what a hand with no row is: it has no value to set"
        return f"unknown row {key!r}; rows are SH-FAN-2 … SH-FAN-12"
    if type(value) is not int or not 0 <= value <= MAX_FAN_VALUE:
        return f"must be a whole number of 番 from 0 to {MAX_FAN_VALUE}"
    return None
