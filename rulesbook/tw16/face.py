"""A win as the tw16 scorer sees it (``WinContext``), the face it scores (``Score`` of
``Pattern``s, TW-TAI), and a win declaration judged (``Judged``: valid or not, with its face)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from referee import events as ev
from referee.melds import MeldView
from referee.tiles import code
from rulesbook.findings import Finding

from .docket import Penalty
from .table import Tw16Win


@dataclass(frozen=True)
class WinContext:
    """A win as the scorer needs it.

    ``concealed`` counts the concealed tiles over the 34 kinds *including* the winning tile (for a
    flower win: the 17 concealed tiles after the replacement). ``how`` is the win event's ``how``.
    The flags are facts the replay established; the scorer decides what they are worth.
    """

    concealed: tuple[int, ...]
    win_tile: Optional[int]
    how: str  # self_draw | discard | rob_kong | flower | rob_flower
    melds: tuple[MeldView, ...]
    flowers: tuple[int, ...]
    seat: int  # 1 East … 4 North, from the open seat (開門序)
    round_wind: int  # tile 27..30
    is_dealer: bool
    kong_replacement: bool = False  # the winning tile was a 杠尾 replacement (after a kong or flower)
    wall_draw: bool = False  # a flower win's tile came from the wall, not from 杠尾 (TW-FL-2, TW-FL-3 a)
    last_tile: bool = False  # the winning tile was the 海底 tile (drawn at wall_left 1)
    last_discard: bool = False  # won on the hand's last discard (河底, wall_left 0)
    tian_hu: bool = False  # dealer wins on the dealt hand before his first discard
    di_hu: bool = False  # TW-TAI-34 conditions met
    ren_hu: bool = False  # TW-TAI-35 conditions met
    di_hu_round: bool = False  # TW-TAI-34.common: 地胡 by the first go-round (first_turn_wins)
    ren_hu_round: bool = False  # TW-TAI-35.common: 人胡 by the first go-round
    tian_ting: bool = False  # a standing, unbroken 天聽 declaration
    di_ting: bool = False  # a standing, unbroken 地聽 declaration
    win_in_meld: bool = False  # a self-draw declared on the tile just claimed: it sits in the last meld


@dataclass(frozen=True)
class Pattern:
    rule: str  # clause ID, e.g. "TW-TAI-3"
    name: str  # Chinese name
    en: str  # English name
    tai: int

    def as_json(self) -> dict:
        return {"rule": self.rule, "name": self.name, "en": self.en, "tai": self.tai}


@dataclass(frozen=True)
class Score:
    """The scored face of a win: its patterns (clause order) and their sum; ``complete`` is False
    when the tiles do not make a winning hand (then ``patterns`` is empty)."""

    complete: bool
    patterns: tuple[Pattern, ...] = ()

    @property
    def tai(self) -> int:
        return sum(p.tai for p in self.patterns)


@dataclass
class Judged:
    win: Tw16Win
    event: ev.Win
    valid: bool
    score: Optional[Score] = None
    face: Optional[int] = None  # None: the face cannot be known (a missing fact)
    findings: tuple[Finding, ...] = ()
    pay_for_all: Optional[Penalty] = None  # voided as 包賠 rather than 詐和 (TW-YP-5, TW-PR-9)
    self_draw: Optional[Score] = None  # 七搶一 (b) whose replacement wins: paid as a self-draw (TW-FL-3)
    unknown: bool = False  # whether it stands cannot be known (a hidden hand: ``missing``)

    def as_json(self) -> dict:
        tile = self.event.tile if self.event.tile is not None else self.win.tile
        return {"player": self.win.player, "how": self.win.how,
                "tile": None if tile is None else code(tile), "tai": self.face,
                "patterns": [p.as_json() for p in self.score.patterns] if self.score else []}
