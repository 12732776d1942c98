"""The recorded event log as frozen dataclasses (format ``mjref/1``, see EVENT_LOG.md).

Tiles are ints (``referee.tiles``); players are their ids. A field named ``source`` is the JSON
``from``; ``with_`` is the JSON ``with``. Events are built by the loader (``api.documents.schemas.tw16``) or by code
(tests, the self-play generator); the replay reads them and never changes them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Mapping, Optional, Union

Tiles = tuple[int, ...]
HandTiles = Union[Tiles, int]  # known tiles (UNKNOWN for a hidden one) or just a count


@dataclass(frozen=True)
class Event:
    type: ClassVar[str] = ""
    t: Optional[int] = field(default=None, kw_only=True)


@dataclass(frozen=True)
class MeldSpec:
    """A meld of a ``state`` event: kind ``chi``/``pon``/``kong``; ``kong`` concealed/added/claimed."""

    kind: str
    tiles: Tiles
    kong: Optional[str] = None
    tile: Optional[int] = None
    source: Optional[str] = None


@dataclass(frozen=True)
class LiabilitySpec:
    """A liability of a ``state`` event (13-tile play): the clause that created it, the player
    liable and the player covered."""

    clause: str
    liable: str
    covered: str


@dataclass(frozen=True)
class LeftPlaySpec:
    """A win made before a ``state``'s position, whose winners have left play (several wins in one
    hand, ``referee.several``): the players who won on that one tile, how, the tile, the feeder."""

    players: tuple[str, ...]
    how: str
    tile: int
    source: Optional[str] = None


@dataclass(frozen=True)
class KongIncomeSpec:
    """Kong money paid before a ``state``'s position and still held (RULEBOOK_SC §13)."""

    to: str
    source: str
    amount: int
    kind: str


@dataclass(frozen=True)
class State(Event):
    type: ClassVar[str] = "state"
    hands: Mapping[str, HandTiles]
    melds: Mapping[str, tuple[MeldSpec, ...]] = field(default_factory=dict)
    flowers: Mapping[str, Tiles] = field(default_factory=dict)
    discards: Mapping[str, Tiles] = field(default_factory=dict)
    last_discard: Optional[tuple[str, int]] = None
    drawn: Optional[tuple[int, str]] = None  # (tile, "wall"|"back"|"claim")
    wall_left: Optional[int] = None
    turn: Optional[str] = None
    phase: str = "draw"
    status: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    # a moment inside a turn (EVENT_LOG.md additions, what a cut needs): replacements owed from the
    # back (after a kong or a flower), ``last_discard`` already drawn past by ``turn`` (it may still
    # be won on until he discards), an added kong that may still be robbed (player, tile)
    back_owed: Mapping[str, int] = field(default_factory=dict)
    drawn_past: bool = False
    robbable: Optional[tuple[str, int]] = None
    # riichi (RULEBOOK_RIICHI §10): indicators turned, established riichi, tiles claimed from rivers
    dora_indicators: Tiles = ()
    riichi: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    called_away: Mapping[str, Tiles] = field(default_factory=dict)
    dora_owed: tuple[tuple[str, str, str], ...] = ()  # kans whose indicator is due: (player, kong, when)
    # 13-tile play (RULEBOOK_HK §10.1): the liabilities created before the position, in order;
    # None: derived from the melds by the variant's liability clauses
    liabilities: Optional[tuple["LiabilitySpec", ...]] = None
    # several wins in one hand (RULEBOOK_SC §13): the wins before the position, in order; the kong
    # money paid before it and still held
    left_play: tuple[LeftPlaySpec, ...] = ()
    kong_income: tuple[KongIncomeSpec, ...] = ()
    # the tile turned up after the deal (the 13-tile ``indicator``, RULEBOOK_WH §10, RULEBOOK_SH
    # §15) and the wild kind it gives (optional: checked against the variant's mapping)
    indicator: Optional[int] = None
    wild: Optional[int] = None
    # wuhan (RULEBOOK_WH §10): the tiles each player laid out singly or threw (红中, 癞子, 皮), in
    # order; whether the 海底 draws have begun (``turn`` is the next to draw)
    laid: Mapping[str, Tiles] = field(default_factory=dict)
    haidi: bool = False


@dataclass(frozen=True)
class Deal(Event):
    type: ClassVar[str] = "deal"
    hands: Mapping[str, HandTiles]
    dora: Optional[int] = None  # riichi: the first dora indicator (RJ-FLOW-1)


@dataclass(frozen=True)
class Indicator(Event):
    """The tile turned face up after the deal (13-tile play with a wild kind: RULEBOOK_WH §10,
    RULEBOOK_SH §15): out of play, one wall tile fewer, counted in the 4-of-a-kind census."""

    type: ClassVar[str] = "indicator"
    tile: int


@dataclass(frozen=True)
class SingleKong(Event):
    """A single kong (RULEBOOK_WH §10): one 红中, 癞子 (or 皮) laid out in his own turn; his
    replacement from the back follows at once."""

    type: ClassVar[str] = "single_kong"
    player: str
    tile: int


@dataclass(frozen=True)
class Flower(Event):
    type: ClassVar[str] = "flower"
    player: str
    tile: int


@dataclass(frozen=True)
class Draw(Event):
    type: ClassVar[str] = "draw"
    player: str
    tile: int
    source: str = "wall"  # "wall" | "back"


@dataclass(frozen=True)
class Discard(Event):
    type: ClassVar[str] = "discard"
    player: str
    tile: int
    from_meld: bool = False


@dataclass(frozen=True)
class Chi(Event):
    type: ClassVar[str] = "chi"
    player: str
    tile: int
    with_: Tiles


@dataclass(frozen=True)
class Pon(Event):
    type: ClassVar[str] = "pon"
    player: str
    tile: int
    with_: Tiles


@dataclass(frozen=True)
class Kong(Event):
    type: ClassVar[str] = "kong"
    player: str
    kind: str  # concealed | added | claimed
    tiles: Tiles


@dataclass(frozen=True)
class Win(Event):
    type: ClassVar[str] = "win"
    player: str
    how: str  # self_draw | discard | rob_kong | flower | rob_flower
    tile: Optional[int] = None
    source: Optional[str] = None
    shown: Optional[Tiles] = None
    ura: Optional[Tiles] = None  # riichi: the ura indicators, for a winner in riichi
    wild: Optional[tuple[tuple[int, int], ...]] = None  # wuhan: what he said each wild tile stood for


@dataclass(frozen=True)
class Declare(Event):
    type: ClassVar[str] = "declare"
    player: str
    what: str  # tian_ting | di_ting | watch | void_suit (sichuan 定缺)
    suit: Optional[str] = None  # void_suit: m, p or s


@dataclass(frozen=True)
class Call(Event):
    type: ClassVar[str] = "call"
    player: str
    call: str  # chi | pon | kong | win
    with_: Optional[Tiles] = None
    tile: Optional[int] = None  # the discard it is about (default: the last discard)


@dataclass(frozen=True)
class Reach(Event):
    type: ClassVar[str] = "reach"
    player: str
    touched: bool = False


@dataclass(frozen=True)
class Merge(Event):
    type: ClassVar[str] = "merge"
    player: str


@dataclass(frozen=True)
class Expose(Event):
    type: ClassVar[str] = "expose"
    player: str
    tiles: Tiles
    fault: str = "own"


@dataclass(frozen=True)
class Peek(Event):
    type: ClassVar[str] = "peek"
    player: str
    target: str


@dataclass(frozen=True)
class Act(Event):
    type: ClassVar[str] = "act"
    player: str
    act: str
    about: Optional[int] = None
    recoverable: Optional[bool] = None
    count: Optional[int] = None  # riichi: wall tiles exposed by a wall_disturbed (RJ-IRR-9)


@dataclass(frozen=True)
class Report(Event):
    type: ClassVar[str] = "report"
    by: str
    against: str
    about: Optional[int] = None
    offence: Optional[str] = None


@dataclass(frozen=True)
class Admit(Event):
    type: ClassVar[str] = "admit"
    player: str
    about: Optional[int] = None
    offence: Optional[str] = None


@dataclass(frozen=True)
class Correct(Event):
    type: ClassVar[str] = "correct"
    player: str
    about: int
    action: str  # restore | return_tile
    tile: Optional[int] = None
    random: bool = False  # the tile put back was drawn at random from his hand (TW-CG-2.2, TW-CG-3.2)


@dataclass(frozen=True)
class RobFlower(Event):
    type: ClassVar[str] = "rob_flower"
    player: str
    source: str


@dataclass(frozen=True)
class DeclineLast(Event):
    type: ClassVar[str] = "decline_last"
    player: str


@dataclass(frozen=True)
class ExhaustiveDraw(Event):
    type: ClassVar[str] = "exhaustive_draw"
    tenpai: Optional[tuple[str, ...]] = None  # riichi: players who declared tenpai (RJ-FLOW-8)
    nagashi: Optional[tuple[str, ...]] = None  # riichi: players who claim nagashi mangan (RJ-PAY-9)


@dataclass(frozen=True)
class Riichi(Event):
    """立直 declared (riichi); his discard follows at once (RJ-RII-2)."""

    type: ClassVar[str] = "riichi"
    player: str


@dataclass(frozen=True)
class Dora(Event):
    """A kan-dora indicator turned (RJ-FLOW-4)."""

    type: ClassVar[str] = "dora"
    tile: int


@dataclass(frozen=True)
class Abort(Event):
    """途中流局, an abortive draw (RJ-ABT): ``kind``; ``player`` for nine terminals, ``players`` the
    three declarers of a triple ron."""

    type: ClassVar[str] = "abort"
    kind: str
    player: Optional[str] = None
    players: Optional[tuple[str, ...]] = None
    shown: bool = True  # nine_terminals: False, the hand not shown: withdrawn (RULEBOOK_RIICHI §15.10)


@dataclass(frozen=True)
class End(Event):
    type: ClassVar[str] = "end"


#: the events of mjref/1 as EVENT_LOG.md lists them (tw16's and every variant's)
EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (State, Deal, Flower, Draw, Discard, Chi, Pon, Kong, Win, Declare, Call, Reach, Merge,
                Expose, Peek, Act, Report, Admit, Correct, RobFlower, DeclineLast, ExhaustiveDraw, End)
}
#: the 13-tile variants' additions that a variant switches on (``TableRules.wild_of``)
THIRTEEN_EVENT_TYPES: dict[str, type[Event]] = {cls.type: cls for cls in (Indicator,)}
#: wuhan's own events (RULEBOOK_WH §10)
WUHAN_EVENT_TYPES: dict[str, type[Event]] = {cls.type: cls for cls in (SingleKong,)}
#: riichi's additions (RULEBOOK_RIICHI §10)
RIICHI_EVENT_TYPES: dict[str, type[Event]] = {cls.type: cls for cls in (Riichi, Dora, Abort)}
#: the events only tw16 has, and only riichi has (an input error in the other variant)
TW16_ONLY = frozenset({"flower", "declare", "rob_flower", "decline_last"})
RIICHI_ONLY = frozenset({"riichi", "dora", "abort"})
ABORT_KINDS = ("nine_terminals", "four_winds", "four_kans", "four_riichi", "triple_ron")

ACTS = ("misdraw", "grab_draw", "draw_holding", "steal", "not_taken_in", "tile_dropped", "influence",
        "wall_disturbed", "hand_disturbed")
WIN_HOWS = ("self_draw", "discard", "rob_kong", "flower", "rob_flower")
KONG_KINDS = ("concealed", "added", "claimed")
