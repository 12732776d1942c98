"""A riichi win declaration judged (RJ-VAL, RJ-IRR-1): its value, or why it is a false win.

The valuation's inputs are built from the replay, never from the declaration (RJ-VAL-3): the
winner's tiles with their red fives, his melds, the indicators turned before the win, the flags of
the moment (``proceedings.Moment``). The library is called once per declaration. A declaration is
false (RJ-IRR-1) when the hand does not win or has no yaku (RJ-VAL-1), is in furiten (RJ-FUR-5),
robs a concealed kan without thirteen orphans (RJ-PR-7) or comes after its window (RJ-PR-3); by a
dead hand it is chombo, revealed or not (RJ-IRR-5).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from referee.tiles import FIRST_RED, N_KINDS, code

from .docket import Words
from .options import Options
from .proceedings import Moment
from .table import RiichiTable, RiichiWin
from .valuation import RMeld, Valuation, ValuationOptions, WinSituation, valuate
from .yaku_names import YAKU_NAMES

_FIVES = {4: 0, 13: 1, 22: 2}


@dataclass
class Judged:
    win: RiichiWin
    valid: bool
    value: Optional[Valuation] = None
    reason: Optional[tuple[str, Words]] = None  # why it is false
    situation: Optional[WinSituation] = None

    def patterns(self) -> list[dict]:
        if self.value is None:
            return []
        out = []
        for key, han in self.value.yaku:
            zh, ja, en = YAKU_NAMES[key]
            rule = "RJ-VAL-4" if key in ("dora", "aka_dora", "ura_dora") else "RJ-VAL-1"
            out.append({"rule": rule, "key": key, "name": zh, "ja": ja, "en": en, "han": han})
        return out


def concealed_tiles(w: RiichiWin) -> tuple[int, ...]:
    """The winner's concealed tiles (the winning tile included) with their red fives."""
    out: list[int] = []
    counts = w.concealed or ()
    for k, n in enumerate(counts):
        if k in _FIVES:
            red = w.red[_FIVES[k]]
            out += [FIRST_RED + _FIVES[k]] * red + [k] * (n - red)
        else:
            out += [k] * n
    return tuple(out)


def melds_of(w: RiichiWin) -> tuple[RMeld, ...]:
    out = []
    for m in w.melds:
        if m.kind == "kong":
            kind = {"concealed": "kan", "claimed": "kan", "added": "added_kan"}[m.kong or "claimed"]
            out.append(RMeld(kind, m.tiles, opened=m.kong != "concealed", called=m.tile))
        else:
            out.append(RMeld(m.kind, m.tiles, opened=True, called=m.tile))
    return tuple(out)


def situation(w: RiichiWin, moment: Moment, seat_wind: int, round_wind: int) -> WinSituation:
    tsumo = w.how == "self_draw"
    return WinSituation(
        concealed=concealed_tiles(w), win_tile=w.tile, melds=melds_of(w),  # type: ignore[arg-type]
        seat_wind=seat_wind, round_wind=round_wind, dora_indicators=w.indicators,
        ura_indicators=(w.ura or ()) if moment.riichi else (),
        is_tsumo=tsumo, is_riichi=moment.riichi and not moment.double, is_daburu_riichi=moment.double,
        is_ippatsu=moment.ippatsu, is_rinshan=tsumo and w.rinshan_draw,
        is_chankan=w.how == "rob_kong", is_haitei=tsumo and w.last_tile and not w.rinshan_draw,
        is_houtei=w.how == "discard" and w.last_discard, is_tenhou=moment.tenhou,
        is_chiihou=moment.chiihou, is_renhou=moment.renhou)


def judge(table: RiichiTable, w: RiichiWin, moment: Moment, seat_wind: int, round_wind: int,
          options: Options, missing: list[dict]) -> Judged:
    """Whether the declaration stands, with its value."""
    if w.concealed is None:
        missing.append({"fact": "concealed_tiles", "player": w.player, "at": w.at,
                        "needed_for": "RJ-VAL-1: whether the win stands and its value"})
        return Judged(w, valid=False)
    if moment.dead:  # RJ-IRR-5: a dead hand may not win; its declaration is chombo
        return Judged(w, False, reason=("RJ-IRR-5", Words("his hand is dead (和了放棄)", "已判和了放棄",
                                                         "和了放棄の手である")))
    if w.tile is None or w.tile < 0 or (w.tile < FIRST_RED and w.tile >= N_KINDS):
        return Judged(w, False, reason=("RJ-IRR-1", Words("the winning tile is not known", "和牌之牌不明",
                                                         "和了牌が不明")))
    for kan in w.unturned:  # its indicator was due and never recorded (RJ-FLOW-4)
        missing.append({"fact": "dora_indicators", "player": w.player, "at": w.at,
                        "needed_for": f"RJ-VAL-3: the indicator turned for the kan at event {kan}"})
    if moment.riichi and w.ura is None:
        missing.append({"fact": "ura_indicators", "player": w.player, "at": w.at,
                        "needed_for": "RJ-VAL-3: the ura dora of a winner in riichi"})
    sit = situation(w, moment, seat_wind, round_wind)
    value = valuate(sit, ValuationOptions.from_options(options.as_json()))
    if value.error:
        what = {"no_yaku": Words("his hand has no yaku", "無役", "役がない")}.get(
            value.error, Words(f"his hand does not win on {code(w.tile)}", f"手牌不能和{code(w.tile)}",
                               f"{code(w.tile)}で和了形にならない"))
        return Judged(w, False, value=None, reason=("RJ-VAL-1", what), situation=sit)
    if moment.late:
        return Judged(w, False, value, ("RJ-PR-3", Words(f"he won outside the claim window: {moment.late}",
                                                         "已逾榮和時限", "ロンの時機を逸している")), sit)
    if moment.robbed_concealed and not (options.chankan_closed_kokushi and any("kokushi" in k for k, _ in value.yaku)):
        return Judged(w, False, value, ("RJ-PR-7", Words("a concealed kan may be robbed only with thirteen orphans",
                                                         "暗槓只有國士無雙可搶", "暗槓は国士無双でのみ槍槓できる")), sit)
    if moment.furiten is not None:
        return Judged(w, False, value, moment.furiten, sit)
    return Judged(w, True, value, None, sit)
