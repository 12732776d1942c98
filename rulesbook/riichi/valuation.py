"""Valuation of a win (RJ-VAL), delegated to the ``mahjong`` library (MahjongRepository/mahjong, MIT).

We build the library's inputs from what the replay derived (``WinSituation``, in our tile ints),
call ``HandCalculator.estimate_hand_value`` once, and read its answer back (``Valuation``): han,
fu, each yaku with its han, each fu with its reason, the limit and the base payments (RJ-VAL-5,
without honba or sticks, which RJ-PAY adds). Nothing the library does is done again here.

* RJ-VAL-2: every ``OptionalRules`` keyword is passed explicitly (the library's defaults are not
  Tenhou's); our options (``ValuationOptions``, named as §13 names them) choose the switchable ones.
* RJ-VAL-3: tiles become 136-ids: kind k → ids 4k…4k+3, the red fives ids 16 (0m), 52 (0p),
  88 (0s), every other copy a distinct id; chi tiles sorted ascending; a concealed kan is ``KAN``
  with ``opened=False``, an added kan ``SHOUMINKAN``; ``tsumi_number`` and ``kyoutaku_number`` 0.
* ``price`` values a given han/fu (or a yakuman count) for a dealer or non-dealer winner through
  the library's ``ScoresCalculator``: what RJ-PAY-8.2 needs to move one pao yakuman alone.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Mapping, Optional

from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import (
    HandConfig,
    HandConstants,
    OptionalRules,
)
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.hand_calculating.yaku_config import YakuConfig
from mahjong.meld import Meld

from referee.tiles import FIRST_RED, code, kind_of

YAKU_KEYS: dict[type, str] = {type(yaku): key for key, yaku in vars(YakuConfig()).items()}
"""Each yaku class of the library → its stable snake_case key (the library's own attribute name in
``YakuConfig``: ``riichi``, ``daburu_riichi``, ``seat_wind_east``, ``aka_dora`` …)."""

_MELD_TYPES = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN, "added_kan": Meld.SHOUMINKAN}
_FIVES = (4, 13, 22)  # the kinds that have a red copy
_PAO_YAKUMAN = ("daisangen", "daisuushi", "suukantsu")  # the yakuman RJ-PAY-8 may make one liable for


@dataclass(frozen=True)
class ValuationOptions:
    """The ruleset options that change a win's value (§13; defaults: the ``tenhou`` preset)."""

    open_tanyao: bool = True
    red_fives: bool = True
    kiriage: bool = False
    kazoe: str = "yakuman"        # 13+ han without a yakuman: "yakuman" or capped at "sanbaiman"
    double_yakuman: bool = False  # 13-wait kokushi, suuankou tanki, junsei chuuren, daisuushi
    multi_yakuman: bool = True    # several yakuman add up; off: the largest one alone
    renhou: str = "none"          # "none" (not a yaku), "mangan" (the library's 5 han), "yakuman"

    def __post_init__(self):
        if self.kazoe not in ("yakuman", "sanbaiman"):
            raise ValueError(f"kazoe must be 'yakuman' or 'sanbaiman', not {self.kazoe!r}")
        if self.renhou not in ("none", "mangan", "yakuman"):
            raise ValueError(f"renhou must be 'none', 'mangan' or 'yakuman', not {self.renhou!r}")

    @classmethod
    def from_options(cls, options: Mapping[str, object]) -> "ValuationOptions":
        """The valuation options among a ruleset's options (the others are ignored)."""
        names = cls.__dataclass_fields__
        return cls(**{k: v for k, v in options.items() if k in names})


@lru_cache(maxsize=64)
def valuation_options(options) -> ValuationOptions:
    """The valuation options of a ruleset's ``Options`` (frozen), built once: every win of a
    document, and of every document on the same ruleset, shares them."""
    return ValuationOptions.from_options(options.as_json())


@lru_cache(maxsize=None)
def optional_rules(options: ValuationOptions) -> OptionalRules:
    """RJ-VAL-2's table: every keyword explicit."""
    return OptionalRules(
        has_open_tanyao=options.open_tanyao,
        has_aka_dora=options.red_fives,
        has_double_yakuman=options.double_yakuman,
        kazoe_limit=(HandConstants.KAZOE_LIMITED if options.kazoe == "yakuman"
                     else HandConstants.KAZOE_SANBAIMAN),
        kiriage=options.kiriage,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=options.renhou == "yakuman",
        has_daisharin=False,
        has_daisharin_other_suits=False,
        has_sashikomi_yakuman=False,
        limit_to_sextuple_yakuman=True,
        paarenchan_needs_yaku=True,
        has_daichisei=False,
        is_three_player=False,
    )


@dataclass(frozen=True)
class RMeld:
    """A meld in our tile ints: ``kind`` ``chi`` | ``pon`` | ``kan`` (claimed, or concealed with
    ``opened=False``) | ``added_kan``; ``tiles`` with their red fives; ``called`` the tile taken
    from another player (None for a concealed kan)."""

    kind: str
    tiles: tuple[int, ...]
    opened: bool = True
    called: Optional[int] = None


@dataclass(frozen=True)
class WinSituation:
    """A win as the replay derived it (RJ-VAL-3): ``concealed`` holds every tile not in a meld,
    the winning tile included; winds are tile ints 27–30; the flags are the replay's, never the
    declaration's."""

    concealed: tuple[int, ...]
    win_tile: int
    melds: tuple[RMeld, ...] = ()
    seat_wind: int = EAST
    round_wind: int = EAST
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    is_tsumo: bool = False
    is_riichi: bool = False
    is_daburu_riichi: bool = False
    is_ippatsu: bool = False
    is_rinshan: bool = False
    is_chankan: bool = False
    is_haitei: bool = False
    is_houtei: bool = False
    is_tenhou: bool = False
    is_chiihou: bool = False
    is_renhou: bool = False  # counted only when the ``renhou`` option makes it a yaku

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == EAST


@dataclass(frozen=True)
class Price:
    """Base payments (RJ-VAL-5): a ron's discarder pays ``main``; on a self-draw the dealer (or,
    when the dealer wins, each player) pays ``main`` and each non-dealer ``additional``.
    ``points`` is what the winner is paid in all, without honba or sticks."""

    main: int
    additional: int
    points: int
    limit: str  # "", "mangan", "haneman", "baiman", "sanbaiman", "yakuman", "2x yakuman" …


@dataclass(frozen=True)
class Valuation:
    """The library's answer. ``error`` is its code when the hand does not win (``hand_not_winning``,
    ``no_yaku``, ``winning_tile_not_in_hand``, a flag it refuses …), and then the rest is empty.
    ``yaku`` are (key, han) pairs summing to ``han``, dora included; ``yakuman`` the yakuman among
    them, each with its own han (13, or 26 for a double), so that one of them can be priced alone
    (RJ-PAY-8.2, ``price(han, 0, yakuman=True)``)."""

    error: Optional[str]
    han: int = 0
    fu: int = 0
    limit: str = ""
    main: int = 0
    additional: int = 0
    points: int = 0
    yaku: tuple[tuple[str, int], ...] = ()
    fu_details: tuple[tuple[int, str], ...] = ()
    yakuman: tuple[tuple[str, int], ...] = ()
    held: Optional[tuple[tuple[str, int], ...]] = None  # every yakuman the hand holds, before
    # ``multi_yakuman: false`` keeps the largest alone (None: the same as ``yakuman``): a pao
    # yakuman the cap left out is still a yakuman he won with (RJ-PAY-8.2)

    @property
    def all_yakuman(self) -> tuple[tuple[str, int], ...]:
        return self.yakuman if self.held is None else self.held


def _limit(cost: dict, han: int, fu: int, options: ValuationOptions) -> str:
    """The library's level without its "kiriage"/"kazoe" qualifier. With kiriage on, the library
    pays a mangan below 5 han right but leaves its level empty; its level without kiriage names it."""
    level = cost["yaku_level"]
    if not level and options.kiriage and han < 5:
        level = ScoresCalculator.calculate_scores(han, fu, _config(replace(options, kiriage=False)))[
            "yaku_level"]
    for prefix in ("kiriage ", "kazoe "):
        if level.startswith(prefix):
            return level[len(prefix):]
    return level


@lru_cache(maxsize=64)
def _template(options: ValuationOptions) -> HandConfig:
    # honba and sticks are RJ-PAY-5/6's: the library's would credit every winner of a double ron
    return HandConfig(options=optional_rules(options), tsumi_number=0, kyoutaku_number=0)


def _config(options: ValuationOptions, **flags) -> HandConfig:
    """A ``HandConfig`` of the ruleset's options (made once per ruleset) with this win's
    ``flags``: its fields copied from the ruleset's, the library's yaku (``YakuConfig``, 50 objects
    made in 16 µs) shared with it. The library writes only into the yaku it counts in this call
    (each dora kind's han, before it reads it; the double yakuman's han, the same for every call
    of the ruleset), and ``valuate`` reads a result before the next call."""
    config = object.__new__(HandConfig)
    fields = config.__dict__
    fields.update(_template(options).__dict__)
    fields.update(flags)
    config.is_dealer = config.player_wind == EAST
    return config


def price(han: int, fu: int, *, dealer: bool, tsumo: bool,
          options: ValuationOptions = ValuationOptions(), yakuman: bool = False) -> Price:
    """The base payments of ``han``/``fu`` for a dealer or non-dealer winner (``yakuman``: ``han``
    is 13 per yakuman, outside the kazoe rule), by the library's ``ScoresCalculator``."""
    config = _config(options, is_tsumo=tsumo, player_wind=EAST if dealer else SOUTH)
    cost = ScoresCalculator.calculate_scores(han, fu, config, yakuman)
    return Price(cost["main"], cost["additional"], cost["total"], _limit(cost, han, fu, options))


def to_136(situation: WinSituation, red_fives: bool = True) -> tuple[list[int], int, list[Meld]]:
    """The library's ``tiles``, ``win_tile`` and ``melds`` for a situation (RJ-VAL-3): a red five
    takes id 4k, the other copies of kind k the next free ids from 4k (4k + 1 for a five while red
    fives are on)."""
    next_id: dict[int, int] = {}

    def take(tile: int) -> int:
        if tile >= FIRST_RED:
            if not red_fives:
                raise ValueError(f"red five {code(tile)} with red_fives off")
            if tile in next_id:
                raise ValueError(f"two copies of the red five {code(tile)}")
            next_id[tile] = 0
            return 4 * kind_of(tile)
        i = next_id.get(tile, 4 * tile + (tile in _FIVES and red_fives))
        if i >= 4 * tile + 4:
            raise ValueError(f"more copies of {code(tile)} than the tile set holds")
        next_id[tile] = i + 1
        return i

    melds = []
    for meld in situation.melds:
        if meld.kind not in _MELD_TYPES:
            raise ValueError(f"unknown meld kind {meld.kind!r}")
        pairs = [(t, take(t)) for t in meld.tiles]
        called = next((i for t, i in pairs if t == meld.called), None)
        melds.append(Meld(_MELD_TYPES[meld.kind], sorted(i for _, i in pairs),
                          opened=meld.opened, called_tile=called))
    concealed = [(t, take(t)) for t in situation.concealed]
    win = [i for t, i in concealed if t == situation.win_tile]
    tiles = [i for m in melds for i in m.tiles] + [i for _, i in concealed]
    return tiles, (win[-1] if win else -1), melds


def _indicators(tiles: tuple[int, ...]) -> list[int]:
    # an indicator is read by its kind only; its own id never meets the hand's
    return [4 * kind_of(t) for t in tiles]


def library_inputs(situation: WinSituation, options: ValuationOptions) -> Optional[dict]:
    """The keyword arguments of ``HandCalculator.estimate_hand_value`` for a win (RJ-VAL-3), with
    the win's ``HandConfig`` (``_config``: read the result before the next call); None when the
    winning tile is not in the concealed hand."""
    tiles, win_tile, melds = to_136(situation, options.red_fives)
    if win_tile < 0:
        return None
    config = _config(
        options, player_wind=situation.seat_wind, round_wind=situation.round_wind,
        is_tsumo=situation.is_tsumo, is_riichi=situation.is_riichi,
        is_daburu_riichi=situation.is_daburu_riichi, is_ippatsu=situation.is_ippatsu,
        is_rinshan=situation.is_rinshan, is_chankan=situation.is_chankan,
        is_haitei=situation.is_haitei, is_houtei=situation.is_houtei,
        is_tenhou=situation.is_tenhou, is_chiihou=situation.is_chiihou,
        is_renhou=situation.is_renhou and options.renhou != "none",
        is_open_riichi=False, is_nagashi_mangan=False, paarenchan=0)
    return {"tiles": tiles, "win_tile": win_tile, "melds": melds, "config": config,
            "dora_indicators": _indicators(situation.dora_indicators),
            "ura_dora_indicators": _indicators(situation.ura_indicators)}


def valuate(situation: WinSituation, options: ValuationOptions = ValuationOptions()) -> Valuation:
    """The value of a win (RJ-VAL-1…5), by one call of the library."""
    inputs = library_inputs(situation, options)
    if inputs is None:
        return Valuation(error=HandCalculator.ERR_NO_WINNING_TILE)
    result = HandCalculator.estimate_hand_value(**inputs)
    if result.error:
        return Valuation(error=result.error)
    yaku = tuple((YAKU_KEYS[type(y)], y.han_open if result.is_open_hand and y.han_open
                  else y.han_closed) for y in result.yaku)
    yakuman = tuple((key, han) for (key, han), y in zip(yaku, result.yaku) if y.is_yakuman)
    han, cost = result.han, result.cost
    held = None
    if not options.multi_yakuman and len(yakuman) > 1:  # the largest yakuman alone; of equals,
        # one a pao may follow (RJ-PAY-8), so that the ruling names the yakuman its pao answers for
        kept = max(yakuman, key=lambda kh: (kh[1], kh[0] in _PAO_YAKUMAN))
        held = yakuman
        yaku = yakuman = (kept,)
        han = kept[1]
        cost = ScoresCalculator.calculate_scores(han, result.fu, inputs["config"], True)
    return Valuation(error=None, han=han, fu=result.fu, limit=_limit(cost, han, result.fu, options),
                     main=cost["main"], additional=cost["additional"], points=cost["total"],
                     yaku=yaku, yakuman=yakuman, held=held,
                     fu_details=tuple((d["fu"], d["reason"]) for d in result.fu_details or ()))
