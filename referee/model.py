"""A loaded document: ruleset, seats, side bets and hands (format ``mjref/1``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Optional

from .events import Event


@dataclass(frozen=True)
class Stake:
    """An outer side bet's stake: ``base`` + tai × ``tai`` per payment, or ``fixed`` once."""

    base: int = 0
    tai: int = 0
    fixed: Optional[int] = None


@dataclass(frozen=True)
class SideBet:
    id: str
    kind: str  # outer | inner
    bettor: str
    principal: str
    accepted_by: tuple[str, ...]
    stake: Optional[Stake] = None
    units: int = 1


@dataclass(frozen=True)
class Ruleset:
    """Base 底 and tai 台 amounts, the variant's options (raw; the rulesbook reads them) and the
    pattern-value overrides."""

    base: int = 100
    tai: int = 20
    options: Mapping[str, object] = field(default_factory=dict)
    tai_table: Mapping[str, int] = field(default_factory=dict)
    preset: Optional[str] = None  # riichi, 13-tile play: a named set of options (and values)
    fan_table: Mapping[str, int] = field(default_factory=dict)  # 13-tile play: values by row ID
    factor_table: Mapping[str, float] = field(default_factory=dict)  # wuhan: bases and 翻 items by key


@dataclass(frozen=True)
class HandRecord:
    events: tuple[Event, ...]
    round_wind: Optional[int] = None  # 27..30; None: carried from the previous hand (or East)
    dealer: Optional[str] = None
    streak: Optional[int] = None
    streak_marker: Optional[int] = None
    open_seat: Optional[str] = None
    start_dealer: Optional[str] = None
    side_bets: tuple[SideBet, ...] = ()
    # riichi (RULEBOOK_RIICHI §10): the counter, the sticks on the table, the points at the start,
    # and the whole wall when known ({"live", "rinshan", "dora", "ura"}: tile tuples)
    honba: Optional[int] = None
    sticks: Optional[int] = None
    scores: Optional[Mapping[str, int]] = None
    wall: Optional[Mapping[str, tuple[int, ...]]] = None
    # shanghai (RULEBOOK_SH §15): the 荒番 counter before this hand's dice, and the dice
    huang_fan: Optional[int] = None
    dice: Optional[tuple[int, int]] = None


@dataclass(frozen=True)
class Document:
    variant: str
    players: tuple[str, ...]
    hands: tuple[HandRecord, ...]
    ruleset: Ruleset = Ruleset()
    bettors: tuple[str, ...] = ()
    single: bool = True  # the document had ``hand`` (one hand), not ``hands``
