"""The 番 table of RULEBOOK_HK §2 (HK-FAN-2 … 34, 37, 38), as data: each row's names and class, its
`club` value (also `tournament`'s) and `casual`'s (§9.2), and the exclusion table.

HK-FAN-1 (雞糊) is 0 by definition and never listed; HK-FAN-35 (起糊) and 36 (爆棚) are the
options ``min_fan`` and ``limit_fan``: none of the three is a row, so ``fan_table`` cannot name
them. 一台花 (22) replacing its own group's 正花 (21) is a strike within one row family and is read
by ``family13.patterns.seat_flowers``.
"""
from __future__ import annotations

from types import MappingProxyType

from rulesbook.family13.counting import Row, Table
from rulesbook.optionspec import row_check

# ID: (name, English, class, club value, casual value)
_ROWS: dict[str, tuple[str, str, str, int, int]] = {
    "HK-FAN-2": ("平糊", "common hand", "S", 1, 1),
    "HK-FAN-3": ("對對糊", "all pongs", "S", 3, 2),
    "HK-FAN-4": ("坎坎糊", "four concealed pongs", "S", 8, 0),
    "HK-FAN-5": ("混一色", "half flush", "U", 3, 2),
    "HK-FAN-6": ("清一色", "full flush", "U", 7, 4),
    "HK-FAN-7": ("花么", "mixed terminals", "U", 1, 5),
    "HK-FAN-8": ("番子", "dragon pong", "H", 1, 0),
    "HK-FAN-9": ("門風", "seat wind", "H", 1, 0),
    "HK-FAN-10": ("圈風", "round wind", "H", 1, 0),
    "HK-FAN-11": ("小三元", "small three dragons", "H", 3, 5),
    "HK-FAN-12": ("大三元", "big three dragons", "H", 5, 6),
    "HK-FAN-13": ("小四喜", "small four winds", "H", 3, 5),
    "HK-FAN-14": ("門前清", "concealed hand", "C", 1, 0),
    "HK-FAN-15": ("自摸", "self-draw", "C", 1, 0),
    "HK-FAN-16": ("搶槓", "robbing a kong", "C", 1, 0),
    "HK-FAN-17": ("槓上開花", "kong replacement win", "C", 1, 0),
    "HK-FAN-18": ("連槓開花", "kong on kong", "C", 8, 0),
    "HK-FAN-19": ("海底撈月", "last tile", "C", 1, 0),
    "HK-FAN-20": ("河底撈魚", "last discard", "C", 1, 0),
    "HK-FAN-21": ("正花", "seat flower", "B", 1, 0),
    "HK-FAN-22": ("一台花", "a full group of flowers", "B", 2, 0),
    "HK-FAN-23": ("無花", "no flowers", "B", 1, 0),
    "HK-FAN-24": ("花糊", "seven flowers", "W", 3, 0),
    "HK-FAN-25": ("大花糊", "eight flowers", "W", 8, 0),
    "HK-FAN-26": ("字一色", "all honours", "L", 10, 6),
    "HK-FAN-27": ("清么九", "all terminals", "L", 10, 6),
    "HK-FAN-28": ("九子連環", "nine gates", "L", 10, 6),
    "HK-FAN-29": ("十三么", "thirteen orphans", "L", 13, 6),
    "HK-FAN-30": ("大四喜", "big four winds", "L", 13, 6),
    "HK-FAN-31": ("十八羅漢", "four kongs", "L", 13, 0),
    "HK-FAN-32": ("天糊", "heavenly hand", "L", 13, 0),
    "HK-FAN-33": ("地糊", "earthly hand", "L", 13, 0),
    "HK-FAN-34": ("人糊", "human hand", "L", 13, 0),
    "HK-FAN-37": ("混碰", "half-flush pongs", "U", 0, 4),
    "HK-FAN-38": ("清碰", "full-flush pongs", "U", 0, 5),
}

#: the exclusion table of §2: a holding row strikes the rows after it (a class-L row's strikes and a
#: flower win's are the procedure's, HK-FAN-0.3 and 0.7)
EXCLUDES: dict[str, tuple[str, ...]] = {
    "HK-FAN-6": ("HK-FAN-5",),  # 清一色 → 混一色
    "HK-FAN-4": ("HK-FAN-3",),  # 坎坎糊 → 對對糊
    "HK-FAN-18": ("HK-FAN-17",),  # 連槓開花 → 槓上開花
    "HK-FAN-16": ("HK-FAN-15",),  # 搶槓 → 自摸
    "HK-FAN-37": ("HK-FAN-3", "HK-FAN-5"),  # 混碰 → 對對糊, 混一色
    "HK-FAN-38": ("HK-FAN-3", "HK-FAN-6"),  # 清碰 → 對對糊, 清一色
}

#: the "how won" rows a limit hand adds (HK-FAN-0.3): 自摸, 搶槓, 槓上開花, 連槓開花, 海底, 河底
HOW_WON = frozenset(("HK-FAN-15", "HK-FAN-16", "HK-FAN-17", "HK-FAN-18", "HK-FAN-19", "HK-FAN-20"))



def _table(classes: dict[str, str]) -> Table:
    rows = {rule: Row(rule, zh, en, classes.get(rule, cls)) for rule, (zh, en, cls, _, _) in _ROWS.items()}
    return Table(MappingProxyType(rows), MappingProxyType(EXCLUDES), HOW_WON)


TABLE = _table({})
#: the table under ``small_four_winds: limit``: 小四喜 is a class-L row (HK-FAN-13)
TABLE_SMALL_FOUR_LIMIT = _table({"HK-FAN-13": "L"})


def table_of(small_four_winds: str) -> Table:
    return TABLE_SMALL_FOUR_LIMIT if small_four_winds == "limit" else TABLE

#: each preset's values (§9.2): `club` and `tournament` are the table of §2
CLUB_VALUES: dict[str, int] = {rule: row[3] for rule, row in _ROWS.items()}
CASUAL_VALUES: dict[str, int] = {rule: row[4] for rule, row in _ROWS.items()}

#: 小四喜 under ``small_four_winds: limit`` (HK-FAN-13): an L row of 13
SMALL_FOUR_WINDS_LIMIT = 13
MAX_FAN_VALUE = 13


#: why ``key: value`` is not a valid ``ruleset.fan_table`` entry (§10.2: keys HK-FAN-2 … 34, 37, 38;
#: values 0 … 13); None when it is
fan_table_error = row_check(_ROWS, MAX_FAN_VALUE, "HK-FAN-2 … HK-FAN-34, HK-FAN-37, HK-FAN-38", {
    "HK-FAN-1": "雞糊 is 0 by definition", "HK-FAN-35": "HK-FAN-35 is the option min_fan, not a row",
    "HK-FAN-36": "HK-FAN-36 is the option limit_fan, not a row"})
