"""What a replayed table is made of: a variant's physical rules (``TableRules``), the movements
kept for the rulebook to rule (``Anomaly``), a win declaration's facts (``WinFact``) and each
player's state (``PlayerState``). ``referee.replay`` folds events into them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .melds import MeldView
from .tiles import N_KINDS, N_TILES


@dataclass(frozen=True)
class TableRules:
    """A variant's physical parameters (its rulebook gives them; nothing here has a default)."""

    hand_size: int  # concealed tiles of a hand between turns, with no melds
    wall_tiles: int  # every tile in the set
    dead_wall: int  # tiles never drawn from the live wall
    flowers: bool  # flowers are laid out and replaced from the back
    dealer_extra_dealt: bool  # the dealer's extra tile comes with the deal (tw16's 門牌), not by a draw
    kong_costs_wall: bool = False  # the dead wall grows by one per kong (tw16 option dead_wall)
    # several wins in one hand (``referee.several``, 血战到底): the valid win that ends the hand (1:
    # the first, as most variants play; 3: the third, the winners leaving play one by one)
    wins_to_end: int = 1
    # 13-tile play with an indicator (``referee.thirteen``): the wild kind of each of the 34 kinds
    # turned up (None for a kind that cannot be the indicator); None: no indicator in this variant
    wild_of: Optional[tuple[Optional[int], ...]] = None


@dataclass(frozen=True)
class Anomaly:
    """A recorded movement that breaks a rule (not an input error): for the rulebook to rule on."""

    kind: str  # wrong_chi | chi_not_from_left | wrong_pon | wrong_kong | irregular_draw
    player: str
    at: int
    detail: str = ""


@dataclass(frozen=True)
class WinFact:
    """A win declaration as the table stood when it was made."""

    at: int
    player: str
    how: str
    tile: Optional[int]  # the tile that completed the hand (flower wins: the replacement, if known)
    source: Optional[str]
    concealed: Optional[tuple[int, ...]]  # counts34 incl. the winning tile; None when tiles are hidden
    concealed_count: int  # concealed tiles incl. the winning tile (flowers excluded)
    melds: tuple[MeldView, ...]
    flowers: tuple[int, ...]
    shown: Optional[tuple[int, ...]]
    wall_left: Optional[int]
    claimed_at: Optional[int] = None  # the discard or added kong won on (its event index)
    kong_replacement: bool = False
    after_claimed_kong: bool = False  # the winning tile is a 碰杠 replacement (TW-XP-2)
    normal_draw_turn: bool = True  # the turn began with a normal draw (TW-XP-4)
    merged: bool = False  # the drawn tile touched the hand (靠張) before the win (TW-TAI-23)
    last_tile: bool = False  # the winning tile was the last drawable tile
    last_discard: bool = False  # won on the discard made after the last draw
    void: bool = False  # the variant voids it without ending play (tw16: a flower win declared early)
    late: bool = False  # won on a discard no longer claimable (the priority was lost meanwhile)


class PlayerState:
    __slots__ = ("name", "counts", "unknown", "melds", "flowers", "river", "n_discards", "n_wall_draws",
                 "drawn", "drawn_source", "drawn_at", "intake", "merged", "after_claimed_kong", "status",
                 "version", "drawn_version", "waits_cache", "wins_cache")

    def __init__(self, name: str):
        self.name = name
        self.counts = [0] * N_TILES  # known concealed tiles (flowers in hand included)
        self.unknown = 0  # hidden concealed tiles
        self.melds: list[MeldView] = []
        self.flowers: list[int] = []
        self.river: list[int] = []
        self.n_discards = 0
        self.n_wall_draws = 0
        self.drawn: Optional[int] = None  # the tile taken in this turn
        self.drawn_source: Optional[str] = None  # wall | back | claim | deal
        self.drawn_at: Optional[int] = None
        self.intake: Optional[str] = None  # how this turn began: draw | chi | pon | kong | deal
        self.merged = False
        self.after_claimed_kong = False  # his replacement is for a claimed kong (tw16 TW-XP-2/3)
        self.status: dict[str, object] = {}
        self.version = 0  # bumped whenever the concealed tiles or melds change
        self.drawn_version = -2  # his version just after his last draw
        self.waits_cache: tuple[int, frozenset[int]] = (-1, frozenset())
        self.wins_cache: tuple[int, frozenset[int]] = (-1, frozenset())  # (version, winning kinds)

    @property
    def concealed_count(self) -> int:
        return sum(self.counts) + self.unknown

    def concealed34(self) -> tuple[int, ...]:
        return tuple(self.counts[:N_KINDS])

    def expected_count(self, rules: TableRules, holding_turn: bool) -> int:
        """The concealed tiles a correct hand holds now: hand size − 3 × melds, one more in his
        turn."""
        return rules.hand_size - 3 * len(self.melds) + (1 if holding_turn else 0)
