"""The 番 table of RULEBOOK_GD §2 (GD-FAN-1 … 27), as data: each row's names, class and default
value, and the exclusion table.

Classes: T a hand type, L a limit hand type (beyond the cap at the defaults), A an addition. A
winning hand has one type, the highest that holds, and the additions that hold (GD-FAN-0, counted
by ``rulesbook.family13.counting`` under ``combination: type``). GD-FAN-30 (the floor), 31 (the
minimum) and 32 (the cap) are the options ``special_floor``, ``min_fan`` and ``limit_fan``, not rows.
"""
from __future__ import annotations

from types import MappingProxyType

from rulesbook.family13.counting import Row, Table
from rulesbook.optionspec import row_check

# ID: (name, English, class, value)
_ROWS: dict[str, tuple[str, str, str, int]] = {
    "GD-FAN-1": ("鸡胡", "chicken hand", "T", 0),
    "GD-FAN-2": ("平胡", "all chows", "T", 1),
    "GD-FAN-3": ("碰碰胡", "all pongs", "T", 2),
    "GD-FAN-4": ("混一色", "half flush", "T", 2),
    "GD-FAN-5": ("清一色", "full flush", "T", 4),
    "GD-FAN-6": ("混碰", "half flush all pongs", "T", 4),
    "GD-FAN-7": ("清碰", "full flush all pongs", "T", 5),
    "GD-FAN-8": ("混幺九", "terminals and honours", "T", 5),
    "GD-FAN-9": ("小三元", "small three dragons", "T", 5),
    "GD-FAN-10": ("小四喜", "small four winds", "T", 5),
    "GD-FAN-11": ("字一色", "all honours", "L", 6),
    "GD-FAN-12": ("清幺九", "all terminals", "L", 6),
    "GD-FAN-13": ("大三元", "big three dragons", "L", 6),
    "GD-FAN-14": ("大四喜", "big four winds", "L", 6),
    "GD-FAN-15": ("九莲宝灯", "nine gates", "L", 6),
    "GD-FAN-16": ("十三幺", "thirteen orphans", "L", 6),
    "GD-FAN-17": ("天和", "heavenly hand", "L", 6),
    "GD-FAN-18": ("地和", "earthly hand", "L", 6),
    "GD-FAN-19": ("人和", "human hand", "L", 6),
    "GD-FAN-20": ("自摸", "self-draw", "A", 1),
    "GD-FAN-21": ("门前清", "concealed hand", "A", 1),
    "GD-FAN-22": ("门风", "seat wind", "A", 1),
    "GD-FAN-23": ("圈风", "round wind", "A", 1),
    "GD-FAN-24": ("三元牌", "dragon pong", "A", 1),
    "GD-FAN-25": ("海底捞月", "last tile", "A", 1),
    "GD-FAN-26": ("杠上开花", "kong bloom", "A", 1),
    "GD-FAN-27": ("抢杠", "robbing a kong", "A", 0),
}

#: the exclusion table of §2 (a type beyond the cap striking every addition is the procedure's,
#: GD-FAN-0.4)
EXCLUDES: dict[str, tuple[str, ...]] = {
    "GD-FAN-9": ("GD-FAN-24",),  # 小三元 → its two dragon pongs' 三元牌 (a third would be 大三元)
    "GD-FAN-10": ("GD-FAN-22", "GD-FAN-23"),  # 小四喜 → 门风, 圈风 on its winds
}

TYPE_CLASSES = frozenset(("T", "L"))
TABLE = Table(MappingProxyType({rule: Row(rule, zh, en, cls) for rule, (zh, en, cls, _) in _ROWS.items()}),
              MappingProxyType(EXCLUDES), frozenset(), TYPE_CLASSES)
VALUES: dict[str, int] = {rule: row[3] for rule, row in _ROWS.items()}
MAX_FAN_VALUE = 9  # the money table of GD-PAY-0 stops at 9 番


#: why ``key: value`` is not a valid ``ruleset.fan_table`` entry (GD §9: keys GD-FAN-1 … 27, values
#: 0 … 9); None when it is
fan_table_error = row_check(_ROWS, MAX_FAN_VALUE, "GD-FAN-1 … GD-FAN-27", {
    key: f"{key} is the option {name}, not a row" for key, name in
    (("GD-FAN-30", "special_floor"), ("GD-FAN-31", "min_fan"), ("GD-FAN-32", "limit_fan"))})
