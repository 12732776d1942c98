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

from dataclasses import dataclass
from typing import Iterable, Mapping, Optional

LIMIT = "L"
BONUS = "B"
FLOWER_WIN = "W"


@dataclass(frozen=True)
class Row:
    rule: str  # the clause ID, e.g. "HK-FAN-3"
    name: str  # Chinese name
    en: str  # English name
    cls: str  # S U H C B L W

    @property
    def number(self) -> int:
        return int(self.rule.rsplit("-", 1)[1])


@dataclass(frozen=True)
class Table:
    """A variant's 番 table: its rows, the exclusion table (a holding row strikes the rows listed
    after it) and the rows a limit hand adds (its "how won" rows)."""

    rows: Mapping[str, Row]
    excludes: Mapping[str, tuple[str, ...]]
    limit_keeps: frozenset[str]

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
    ``fan_min`` the part that counts toward the minimum, ``limit`` the class-L or W row scored."""

    fan: int
    fan_min: int
    limit: Optional[str]
    patterns: tuple[Pattern, ...]

    @property
    def key(self) -> tuple:
        """HK-FAN-0.5's order: most 番, then the higher ``fan_min``, then the listed row numbers
        that come first."""
        return (-self.fan, -self.fan_min, [int(p.rule.rsplit("-", 1)[1]) for p in self.patterns])


@dataclass(frozen=True)
class Rules:
    """What the counting reads of a ruleset."""

    values: Mapping[str, int]
    min_fan: int
    limit_fan: int
    combination: str = "sum"  # sum | highest (HK-FAN-0.9)
    bonus_counts_to_minimum: bool = False


def _listed(table: Table, rows: Iterable[tuple[str, int]], values: Mapping[str, int]) -> tuple[Pattern, ...]:
    out = []
    for rule, times in sorted(rows, key=lambda rt: table.rows[rt[0]].number):
        row = table.rows[rule]
        out.extend(Pattern(rule, row.name, row.en, values[rule]) for _ in range(times))
    return tuple(out)


def count_split(table: Table, holding: Mapping[str, int], rules: Rules) -> Count:
    """HK-FAN-0.3/0.4/0.6/0.7/0.9: the count of one split from the rows that hold (row → times)."""
    rows = table.rows
    on = {r: n for r, n in holding.items() if n and rules.values[r]}  # 0.8
    flower = [r for r in on if rows[r].cls == FLOWER_WIN]
    if flower:  # 0.7: scored alone
        rule = max(flower, key=lambda r: (rules.values[r], -rows[r].number))
        v = rules.values[rule]
        return Count(v, v, rule, _listed(table, [(rule, 1)], rules.values))
    if rules.combination == "highest":  # 0.9: one row, its value
        if not on:
            return Count(0, 0, None, ())
        rule = max(on, key=lambda r: (rules.values[r], -rows[r].number))
        v = rules.values[rule]
        fan_min = max((rules.values[r] for r in on if rows[r].cls != BONUS), default=0)
        if rules.bonus_counts_to_minimum:
            fan_min = v
        return Count(v, fan_min, rule if rows[rule].cls == LIMIT else None,
                     _listed(table, [(rule, 1)], rules.values))
    struck = {s for r in on for s in table.excludes.get(r, ())}
    kept = {r: n for r, n in on.items() if r not in struck}
    limits = [r for r in kept if rows[r].cls == LIMIT]
    if limits:  # 0.3: the highest limit row and the how-won rows
        rule = max(limits, key=lambda r: (rules.values[r], -rows[r].number))
        listed = [(rule, 1)] + [(r, n) for r, n in kept.items() if r in table.limit_keeps]
        fan = sum(rules.values[r] * n for r, n in listed)
        return Count(fan, fan, rule, _listed(table, listed, rules.values))
    fan = sum(rules.values[r] * n for r, n in kept.items())
    bonus = 0 if rules.bonus_counts_to_minimum else \
        sum(rules.values[r] * n for r, n in kept.items() if rows[r].cls == BONUS)
    return Count(fan, fan - bonus, None, _listed(table, kept.items(), rules.values))


def qualifies(count: Count, rules: Rules, table: Table) -> bool:
    """HK-FAN-35: the split's ``fan_min`` reaches the minimum, or a limit hand or flower win."""
    return count.limit is not None or count.fan_min >= rules.min_fan


def best(counts: Iterable[Count], rules: Rules, table: Table) -> tuple[Optional[Count], Optional[Count]]:
    """HK-FAN-0.5: the scored split among those that qualify (None if none does), and the best of
    all splits (what the hand is worth, shown when it does not qualify)."""
    every = sorted(counts, key=lambda c: c.key)
    if not every:
        return None, None
    scored = next((c for c in every if qualifies(c, rules, table)), None)
    return scored, every[0]


def paid(fan: int, rules: Rules) -> int:
    """HK-FAN-36: the 番 paid, after the cap."""
    return min(fan, rules.limit_fan)
