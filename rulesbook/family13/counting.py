"""番 counting with a table as data (the procedure of HK-FAN-0, which the other 13-tile variants
cite): for each split, the rows that hold, their strikes, a limit hand, the sum or the highest row;
the best split; the minimum and the cap.

A variant gives a ``Table`` (its rows with class and names, its exclusions, the "how won" rows a
limit hand keeps) and, per split, the rows that hold and how many times (a row counted once per
set or per flower holds several times). Values come from the ruleset in force (``values``): a row
whose value is 0 is switched off (never holds, strikes nothing, never listed).

Classes: S shape, U suit, H honours, C circumstance (how won, and the concealed hand), B bonus
(flowers), L limit (例牌), W a flower win (scored alone).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Iterable, Mapping, Optional

LIMIT = "L"
BONUS = "B"
FLOWER_WIN = "W"


@lru_cache(maxsize=None)
def _number(rule: str) -> int:
    """The number of a row's clause ID (``HK-FAN-3`` → 3): rows are ordered by it."""
    return int(rule.rsplit("-", 1)[1])


@dataclass(frozen=True)
class Row:
    rule: str  # the clause ID, e.g. "HK-FAN-3"
    name: str  # Chinese name
    en: str  # English name
    cls: str  # S U H C B L W

    @property
    def number(self) -> int:
        return _number(self.rule)


@dataclass(frozen=True)
class Table:
    """A variant's 番 table: its rows, the exclusion table (a holding row strikes the rows listed
    after it) and the rows a limit hand adds (its "how won" rows)."""

    rows: Mapping[str, Row]
    excludes: Mapping[str, tuple[str, ...]]
    limit_keeps: frozenset[str]
    type_classes: frozenset[str] = frozenset()  # ``combination: type``: the classes of hand types

    def __post_init__(self) -> None:
        known = set(self.rows)
        assert all(r in known and set(s) <= known for r, s in self.excludes.items()), "exclusions name rows"
        assert self.limit_keeps <= known


@dataclass(frozen=True)
class Pattern:
    """One listed row (a row held several times is listed once per time)."""

    rule: str
    name: str
    en: str
    fan: int

    def as_json(self) -> dict:
        return {"rule": self.rule, "name": self.name, "en": self.en, "fan": self.fan}


@dataclass(frozen=True)
class Count:
    """A split's count, or the win's (the best split's): ``fan`` before the minimum and the cap,
    ``fan_min`` the part that counts toward the minimum, ``limit`` the class-L or W row scored,
    ``rows`` the rows listed, (row, times) by row number (``patterns`` names them)."""

    fan: int
    fan_min: int
    limit: Optional[str]
    rows: tuple[tuple[str, int], ...]
    limit_holds: bool = False  # a class-L or W row holds (under ``highest`` it may not be the one scored)
    beyond: bool = False  # ``type``: the type's value exceeds the cap; it is paid alone, uncapped
    tiebreak: tuple = ()  # ``type``: what orders splits before the count (F paid, then the type's value)

    @property
    def key(self) -> tuple:
        """HK-FAN-0.5's order: most 番, then the higher ``fan_min``, then the listed row numbers
        that come first."""
        return (*self.tiebreak, -self.fan, -self.fan_min, [_number(r) for r, n in self.rows for _ in range(n)])


def patterns(table: Table, count: Count, values: Mapping[str, int]) -> tuple[Pattern, ...]:
    """The listed rows of a count as ``Pattern``s: a row held several times once per time."""
    return tuple(Pattern(rule, table.rows[rule].name, table.rows[rule].en, values[rule])
                 for rule, times in count.rows for _ in range(times))


@dataclass(frozen=True)
class Rules:
    """What the counting reads of a ruleset."""

    values: Mapping[str, int]
    min_fan: int
    limit_fan: int
    combination: str = "sum"  # sum | highest (HK-FAN-0.9) | type (one hand type and additions)
    bonus_counts_to_minimum: bool = False


def _listed(rows: Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(rows, key=lambda rt: _number(rt[0])))


def count_split(table: Table, holding: Mapping[str, int], rules: Rules) -> Count:
    """HK-FAN-0.3/0.4/0.6/0.7/0.9: the count of one split from the rows that hold (row → times).
    Under ``type`` the count is ``_typed``'s."""
    if rules.combination == "type":
        return _typed(table, holding, rules)
    rows, values = table.rows, rules.values
    on = {r: n for r, n in holding.items() if n and values[r]}  # 0.8
    if rules.combination == "highest" or any(rows[r].cls == FLOWER_WIN for r in on):
        return _one_row(table, on, rules)
    struck = {s for r in on for s in table.excludes.get(r, ())}
    return _summed(table, {r: n for r, n in on.items() if r not in struck}, rules)


def _summed(table: Table, kept: Mapping[str, int], rules: Rules, typ: Optional[str] = None) -> Count:
    """0.3 a limit hand (a class-L row that is not the type of ``type``), else the sum of the kept
    rows; ``fan_min`` leaves out class B unless ``bonus_counts_to_minimum``."""
    rows, values = table.rows, rules.values
    limits = [r for r in kept if rows[r].cls == LIMIT and r != typ]
    if limits:  # 0.3: the highest limit row and the how-won rows
        rule = max(limits, key=lambda r: (values[r], -rows[r].number))
        listed = [(rule, 1)] + [(r, n) for r, n in kept.items() if r in table.limit_keeps]
        fan = sum(values[r] * n for r, n in listed)
        return Count(fan, fan, rule, _listed(listed), True)
    fan = sum(values[r] * n for r, n in kept.items())
    bonus = 0 if rules.bonus_counts_to_minimum else \
        sum(values[r] * n for r, n in kept.items() if rows[r].cls == BONUS)
    limit = typ if typ is not None and rows[typ].cls == LIMIT else None
    return Count(fan, fan - bonus, limit, _listed(kept.items()))


def _typed(table: Table, holding: Mapping[str, int], rules: Rules) -> Count:
    """``combination: type`` (GD-FAN-0.2…0.4: one hand type plus additions). The split's type is
    its highest-valued type row (a type row of value 0, 鸡胡, still holds and is listed); the
    additions that hold and are not struck are added. A type whose value exceeds ``limit_fan`` is
    beyond the cap: counted alone (no additions), paid uncapped (``beyond``), and it qualifies.
    Splits are ordered by the 番 paid, then the type's value, then the count (GD-FAN-0.6)."""
    rows, values = table.rows, rules.values
    on = {r: n for r, n in holding.items() if n and (values[r] or rows[r].cls in table.type_classes)}
    struck = {s for r in on if values[r] for s in table.excludes.get(r, ())}
    kept = _one_type(table, {r: n for r, n in on.items() if r not in struck}, values)
    typ = next((r for r in kept if rows[r].cls in table.type_classes), None)
    worth = values[typ] if typ is not None else 0
    if worth > rules.limit_fan:
        return Count(worth, worth, typ if rows[typ].cls == LIMIT else None, ((typ, 1),), True, True,  # type: ignore[index]
                     (-worth, -worth))
    c = _summed(table, {r: n for r, n in kept.items() if r == typ or values[r]}, rules, typ)
    return replace(c, tiebreak=(-min(c.fan, rules.limit_fan), -worth))


def _one_type(table: Table, kept: Mapping[str, int], values: Mapping[str, int]) -> dict[str, int]:
    """``combination: type`` (the later variants' "one hand type, plus additions": a split's type
    is its highest-valued row of the table's ``type_classes``, the lowest number among equals);
    the other type rows are dropped, every other row is added."""
    types = [r for r in kept if table.rows[r].cls in table.type_classes]
    best = max(types, key=lambda r: (values[r], -table.rows[r].number), default=None)
    return {r: n for r, n in kept.items() if r == best or r not in types}


def _one_row(table: Table, on: Mapping[str, int], rules: Rules) -> Count:
    """0.7, a flower win: its row alone; 0.9, ``highest``: the greatest row's value (the lowest
    number among equals), its ``fan_min`` the greatest of the rows not of class B."""
    rows, values = table.rows, rules.values
    flower = [r for r in on if rows[r].cls == FLOWER_WIN]
    if not on:
        return Count(0, 0, None, ())
    rule = max(flower or on, key=lambda r: (values[r], -rows[r].number))
    v = values[rule]
    if flower or rules.bonus_counts_to_minimum:
        fan_min = v
    else:
        fan_min = max((values[r] for r in on if rows[r].cls != BONUS), default=0)
    limit = rule if rows[rule].cls in (LIMIT, FLOWER_WIN) else None
    holds = any(rows[r].cls in (LIMIT, FLOWER_WIN) for r in on)
    return Count(v, fan_min, limit, ((rule, 1),), holds)


def qualifies(count: Count, rules: Rules) -> bool:
    """HK-FAN-35: the split's ``fan_min`` reaches the minimum, or a limit hand or flower win."""
    return count.limit_holds or count.fan_min >= rules.min_fan


def best(counts: Iterable[Count], rules: Rules) -> tuple[Optional[Count], Optional[Count]]:
    """HK-FAN-0.5: the scored split among those that qualify (None if none does), and the best of
    all splits (what the hand is worth, shown when it does not qualify)."""
    every = list(counts)
    if len(every) > 1:
        every.sort(key=lambda c: c.key)
    elif not every:
        return None, None
    scored = next((c for c in every if qualifies(c, rules)), None)
    return scored, every[0]


def paid_count(count: Count, rules: Rules) -> int:
    """The 番 paid of a count: its own when beyond the cap (``type``), else capped."""
    return count.fan if count.beyond else paid(count.fan, rules)


def paid(fan: int, rules: Rules) -> int:
    """HK-FAN-36: the 番 paid, after the cap."""
    return min(fan, rules.limit_fan)
