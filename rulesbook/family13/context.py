"""A win as the 13-tile family's counters see it: ``Win13`` (the declared hand and how it was won,
facts the replay established) and ``Split``, one way to read the hand as four sets and a pair
(``shapes.splits`` makes them).

A set is a ``Set13``: a chow (``SEQ``) or a pong (``TRIPLET``, a kong too) from its lowest tile,
whether it is a kong, and whether it is *claimed*: made with another player's tile (a chow, pong,
claimed kong or added kong on the table, or a concealed pong the winning discard or robbed tile
completed). A declared concealed kong is on the table but not claimed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Optional

from referee.hand import SEQ, TRIPLET
from referee.melds import MeldView
from referee.tiles import N_KINDS

CLAIMED_WINS = ("discard", "rob_kong")  # the winning tile was another player's
SELF_DRAWN = "self_draw"
FLOWER_WIN = "flower"


class Set13(NamedTuple):
    kind: int  # SEQ | TRIPLET
    tile: int  # the lowest tile (the pong's kind)
    kong: bool = False
    claimed: bool = False  # another player's tile is in it (see the module's docstring)

    @property
    def pong(self) -> bool:
        return self.kind == TRIPLET


@dataclass(frozen=True)
class Split:
    """One reading of a winning hand: four sets (the melds on the table included) and a pair, or
    十三么 (``orphans``: no sets, no pair), or seven pairs (``pairs``: their kinds, a kind held four
    times twice; no sets, no pair) where a variant plays it. What the predicates read of the sets
    is worked out once, when the split is made."""

    sets: tuple[Set13, ...]
    pair: Optional[int]
    orphans: bool = False
    pairs: tuple[int, ...] = ()
    pong_kinds: tuple[int, ...] = field(init=False, compare=False, repr=False)  # pongs and kongs
    chows: int = field(init=False, compare=False, repr=False)
    kongs: int = field(init=False, compare=False, repr=False)
    claimed: bool = field(init=False, compare=False, repr=False)  # a set holds another's tile

    def __post_init__(self) -> None:
        pongs = tuple(s.tile for s in self.sets if s.kind == TRIPLET)
        object.__setattr__(self, "pong_kinds", pongs)
        object.__setattr__(self, "chows", len(self.sets) - len(pongs))
        object.__setattr__(self, "kongs", sum(1 for s in self.sets if s.kong))
        object.__setattr__(self, "claimed", any(s.claimed for s in self.sets))

    def pongs(self) -> tuple[int, ...]:
        """The kinds of the pongs and kongs."""
        return self.pong_kinds


@dataclass(frozen=True)
class Win13:
    """A win declaration as the counter needs it.

    ``concealed`` counts the concealed tiles over the 34 kinds *including* the winning tile (also
    for a win on a discard or a robbed kong); ``melds`` are the sets on the table as laid (declared
    kongs included); ``flowers`` the flower tiles the winner laid out. ``how``: ``self_draw``,
    ``discard``, ``rob_kong`` or ``flower``. The flags are facts of the replay; the variant's table
    decides what they are worth.
    """

    concealed: tuple[int, ...]
    win_tile: Optional[int]
    how: str
    melds: tuple[MeldView, ...] = ()
    flowers: tuple[int, ...] = ()
    seat: int = 1  # 1 East (the dealer) … 4 North
    round_wind: int = 27  # 27 東 … 30 北
    kong_chain: int = 0  # a self-draw of a kong's replacement: kongs made in a row this turn (1, 2 …)
    last_tile: bool = False  # 海底: the winning tile was drawn at wall_left 1
    last_discard: bool = False  # 河底: won on the discard made after the 海底 was drawn
    heavenly: bool = False  # the dealer won by self-draw before his first discard
    earthly: bool = False  # a non-dealer won on the dealer's first discard, no claim before
    human: bool = False  # a non-dealer won before his own first discard otherwise, no claim before
    dealer_first_discard: bool = False  # a non-dealer won on the dealer's first discard (a kong before it or not)
    replacement: bool = False  # a self-draw of a tile drawn from the far end (a kong's or a flower's)
    indicator: Optional[int] = None  # the tile turned up after the deal (variants with a wild kind)
    wild: Optional[int] = None  # the wild kind it gives

    def __post_init__(self) -> None:
        if len(self.concealed) != N_KINDS:
            raise ValueError(f"concealed must count the {N_KINDS} kinds")
        if self.win_tile is not None and not self.concealed[self.win_tile]:
            raise ValueError(f"the winning tile {self.win_tile} is not among the concealed tiles")
        if not (1 <= self.seat <= 4 and 27 <= self.round_wind <= 30 and self.kong_chain >= 0):
            raise ValueError("seat is 1 … 4, round_wind 27 … 30, kong_chain 0 or more")

    @property
    def seat_wind(self) -> int:
        return 26 + self.seat

    @property
    def self_drawn(self) -> bool:
        return self.how == SELF_DRAWN

    @property
    def claimed_tile(self) -> bool:
        return self.how in CLAIMED_WINS


def meld_set(meld: MeldView) -> Set13:
    """A meld on the table as a set of a split."""
    kong = meld.kind == "kong"
    return Set13(SEQ if meld.kind == "chi" else TRIPLET, meld.base, kong, not meld.concealed)
