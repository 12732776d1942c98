"""The 番 table of RULEBOOK_SC §4 (SC-FAN-1 … 27), as data: each row's names, class and default
value. Class P: a base row (the highest that holds counts, SC-FAN-0.2); class A: an addition
(SC-FAN-0.3). 番 are counted from 0 (平胡 0, ×1). SC-FAN-30 (the cap) is the option ``cap_fan``.
"""
from __future__ import annotations

from types import MappingProxyType

from rulesbook.family13.counting import Row
from rulesbook.optionspec import row_check

# ID: (name, English, class, value)
_ROWS: dict[str, tuple[str, str, str, int]] = {
    "SC-FAN-1": ("平胡", "plain win", "P", 0),
    "SC-FAN-2": ("对对胡", "all pongs", "P", 1),
    "SC-FAN-3": ("清一色", "one suit", "P", 2),
    "SC-FAN-4": ("带幺九", "terminals in every set", "P", 2),
    "SC-FAN-5": ("七对", "seven pairs", "P", 2),
    "SC-FAN-6": ("金钩钓", "golden hook", "P", 2),
    "SC-FAN-7": ("清对", "pure pongs", "P", 3),
    "SC-FAN-8": ("将对", "pongs of 2-5-8", "P", 3),
    "SC-FAN-9": ("龙七对", "dragon seven pairs", "P", 4),
    "SC-FAN-10": ("清七对", "pure seven pairs", "P", 4),
    "SC-FAN-11": ("清幺九", "pure terminals", "P", 4),
    "SC-FAN-12": ("将金钩钓", "2-5-8 golden hook", "P", 4),
    "SC-FAN-13": ("清金钩钓", "pure golden hook", "P", 4),
    "SC-FAN-14": ("清龙七对", "pure dragon seven pairs", "P", 5),
    "SC-FAN-15": ("天胡", "heavenly win", "P", 5),
    "SC-FAN-16": ("地胡", "earthly win", "P", 5),
    "SC-FAN-17": ("十八罗汉", "four kongs", "P", 6),
    "SC-FAN-18": ("清十八罗汉", "pure four kongs", "P", 8),
    "SC-FAN-20": ("根", "root", "A", 1),
    "SC-FAN-21": ("杠上花", "kong bloom", "A", 1),
    "SC-FAN-22": ("杠上炮", "kong discard", "A", 1),
    "SC-FAN-23": ("抢杠胡", "robbing a kong", "A", 1),
    "SC-FAN-24": ("海底捞月", "last tile", "A", 1),
    "SC-FAN-25": ("自摸加番", "self-draw", "A", 1),
    "SC-FAN-26": ("门清", "concealed", "A", 1),
    "SC-FAN-27": ("中张", "all simples", "A", 1),
}

ROWS = MappingProxyType({rule: Row(rule, zh, en, cls) for rule, (zh, en, cls, _) in _ROWS.items()})
VALUES: dict[str, int] = {rule: row[3] for rule, row in _ROWS.items()}
BASE_ROWS = tuple(r for r, row in ROWS.items() if row.cls == "P")
MAX_FAN_VALUE = 16


#: why ``key: value`` is not a valid ``ruleset.fan_table`` entry (§12: keys SC-FAN-1 … 27, values
#: 0 … 16); None when it is
fan_table_error = row_check(_ROWS, MAX_FAN_VALUE, "SC-FAN-1 … SC-FAN-18 and SC-FAN-20 … SC-FAN-27",
                            {"SC-FAN-30": "SC-FAN-30 is the option cap_fan, not a row"})
