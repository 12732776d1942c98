"""A riichi win declaration judged (RJ-VAL, RJ-IRR-1): its value, or why it is a false win, and
what a false one costs.

The valuation's inputs are built from the replay, never from the declaration (RJ-VAL-3): the
winner's tiles with their red fives, his melds, the indicators turned before the win, the flags of
the moment (``Moment``, noted by ``proceedings``). The library is called once per declaration. A
declaration is false (RJ-IRR-1) when the hand does not win or has no yaku (RJ-VAL-1), is in
furiten (RJ-FUR-5), robs a concealed kan without thirteen orphans (RJ-PR-7) or comes after its
window (RJ-PR-3); by a dead hand it is chombo, revealed or not (RJ-IRR-5). Otherwise a false
declaration revealed (``shown`` absent or not empty) is chombo, and one not revealed (a ``call:
win`` that no ``win`` answers, or ``shown: []``) costs what option ``false_win_unrevealed`` says: a
dead hand, the hand playing on, or chombo. A declaration not revealed that would have stood, after
which play goes on, is a pass (RJ-PR-4: furiten as any pass, no penalty); one on which the record
ends lacks its ``win`` (a missing fact).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from referee.tiles import FIRST_RED, N_KINDS, code, kind_of

from .docket import Docket, Penalty, Words
from .options import Options
from .table import RiichiTable, RiichiWin
from .valuation import RMeld, Valuation, WinSituation, valuate, valuation_options
from .yaku_names import YAKU_NAMES

_FIVES = {4: 0, 13: 1, 22: 2}


@dataclass(frozen=True)
class Moment:
    """What a win declaration's checks and valuation need from the moment it was made."""

    furiten: Optional[tuple[str, Words]]
    riichi: bool
    double: bool
    ippatsu: bool
    tenhou: bool
    chiihou: bool
    renhou: bool
    robbed_concealed: bool  # a concealed kan robbed (RJ-PR-7: thirteen orphans only)
    late: Optional[str]  # outside the claim window (RJ-PR-3)
    dead: bool = False  # his hand is dead (RJ-IRR-5): the declaration is chombo


@dataclass
class Judged:
    win: RiichiWin
    valid: bool
    value: Optional[Valuation] = None
    reason: Optional[tuple[str, Words]] = None  # why it is false
    situation: Optional[WinSituation] = None
    needs: list[dict] = field(default_factory=list)  # facts its value needs (ura, kan indicators):
    # missing only if the win is scored (a false, bumped or voided win is valued by nobody)

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


def _late_words(late: str) -> Words:
    return Words(f"he won outside the claim window: {late}", "已逾榮和時限", "ロンの時機を逸している")


def _in_the_set(sit: WinSituation, red_fives: bool) -> bool:
    """Whether the winning hand (melds and concealed tiles) holds no more copies than the set:
    four of a kind, one red five and three plain fives of a suit while ``red_fives`` is on. Not
    so when he wins on a discard that has since been claimed into a meld."""
    plain = [0] * N_KINDS
    reds: set[int] = set()
    for t in [t for m in sit.melds for t in m.tiles] + list(sit.concealed):
        if t >= FIRST_RED:
            if t in reds:
                return False
            reds.add(t)
        else:
            plain[t] += 1
    return all(n <= (3 if red_fives and k in _FIVES else 4) for k, n in enumerate(plain))


def judge(table: RiichiTable, w: RiichiWin, moment: Moment, seat_wind: int, round_wind: int,
          options: Options, missing: list[dict]) -> Judged:
    """Whether the declaration stands, with its value. The facts its value needs and the log
    lacks (ura indicators, a kan's indicator) are its ``needs``: missing only for a win that is
    scored (``adjudicate``); the concealed tiles, needed to judge it at all, go to ``missing``."""
    needs: list[dict] = []
    j = _judge(table, w, moment, seat_wind, round_wind, options, missing, needs)
    j.needs = needs
    return j


def _judge(table: RiichiTable, w: RiichiWin, moment: Moment, seat_wind: int, round_wind: int,
           options: Options, missing: list[dict], needs: list[dict]) -> Judged:
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
        needs.append({"fact": "dora_indicators", "player": w.player, "at": w.at,
                      "needed_for": f"RJ-VAL-3: the indicator turned for the kan at event {kan}"})
    if moment.riichi and w.ura is None:
        needs.append({"fact": "ura_indicators", "player": w.player, "at": w.at,
                      "needed_for": "RJ-VAL-3: the ura dora of a winner in riichi"})
    sit = situation(w, moment, seat_wind, round_wind)
    if not _in_the_set(sit, options.red_fives):  # the tile he won on lies in a meld since (a late win): no value
        reason = (("RJ-PR-3", _late_words(moment.late)) if moment.late else
                  ("RJ-VAL-1", Words(f"his hand does not win on {code(w.tile)}", f"手牌不能和{code(w.tile)}",
                                     f"{code(w.tile)}で和了形にならない")))
        return Judged(w, False, value=None, reason=reason, situation=sit)
    value = valuate(sit, valuation_options(options))
    if value.error:
        what = {"no_yaku": Words("his hand has no yaku", "無役", "役がない")}.get(
            value.error, Words(f"his hand does not win on {code(w.tile)}", f"手牌不能和{code(w.tile)}",
                               f"{code(w.tile)}で和了形にならない"))
        return Judged(w, False, value=None, reason=("RJ-VAL-1", what), situation=sit)
    if moment.late:
        return Judged(w, False, value, ("RJ-PR-3", _late_words(moment.late)), sit)
    if moment.robbed_concealed and not (options.chankan_closed_kokushi and any("kokushi" in k for k, _ in value.yaku)):
        return Judged(w, False, value, ("RJ-PR-7", Words("a concealed kan may be robbed only with thirteen orphans",
                                                         "暗槓只有國士無雙可搶", "暗槓は国士無双でのみ槍槓できる")), sit)
    if moment.furiten is not None:
        return Judged(w, False, value, moment.furiten, sit)
    return Judged(w, True, value, None, sit)


def rule_false_win(docket: Docket, j: Judged, options: Options) -> None:
    """RJ-IRR-1: a false win; revealed (``shown`` absent or not empty): chombo; not revealed:
    option ``false_win_unrevealed``. By a dead hand: chombo (RJ-IRR-5)."""
    rule, why = j.reason  # type: ignore[misc]
    w = j.win
    shown = w.shown is None or len(w.shown) > 0
    chombo = shown or options.false_win_unrevealed == "chombo" or rule == "RJ-IRR-5"  # a dead hand's: chombo
    if chombo:
        cost = Words("chombo.", "罰滿貫（チョンボ）。", "チョンボ。")
    else:
        cost = Words("he did not reveal his hand, and it is dead.", "未亮牌，判和了放棄。", "手牌を公開しておらず、和了放棄。")
    words = Words(f"False win (錯和): {w.player} declared a win but {why.en} ({rule}); {cost.en}",
                  f"錯和：{w.player}宣告和牌但{why.zh}（{rule}）；{cost.zh}",
                  f"誤和了：{w.player}の和了宣言は不成立（{why.ja}、{rule}）。{cost.ja}")
    docket.rule("RJ-IRR-1", w.player, w.at, words)
    if chombo:
        docket.penalties.append(Penalty(w.player, w.at, "RJ-IRR-1", "chombo", words))
    else:
        docket.dead.setdefault(w.player, w.at)


def rule_unrevealed(docket: Docket, j: Judged, options: Options, plays_on: bool) -> None:
    """A win declared and not revealed, ruled as it is made (RJ-IRR-1): false, as any false win;
    standing, with play going on: he let it pass (RJ-PR-4); standing, with the record ending at it:
    the ``win`` it ends in is missing."""
    w = j.win
    if not j.valid:
        if j.reason is not None:
            rule_false_win(docket, j, options)
        return
    if not plays_on:
        docket.missing.append({"fact": "win", "player": w.player, "at": w.at,
                               "needed_for": "RJ-IRR-1: his declaration would stand; the win it ends in"})
        return
    tile = code(w.tile) if w.tile is not None else "?"
    if w.how == "self_draw":
        docket.rule("RJ-IRR-1", w.player, w.at, Words(
            f"{w.player} declared a self-draw on {tile} that would have stood, and played on without it: "
            "not a false win; he let it pass: no penalty.",
            f"{w.player}宣告自摸{tile}（可成立）而未和牌，繼續行牌：非錯和，視為放棄，不罰。",
            f"{w.player}は成立するツモ和了（{tile}）を宣言したが和了せず続行：誤和了ではなく見逃し、罰なし。"))
        return
    docket.rule("RJ-PR-4", w.player, w.at, Words(
        f"{w.player} declared a win on {w.source}'s {tile} that would have stood, and play went on without "
        "it: not a false win; he let the tile pass (RJ-PR-4): no penalty, and furiten as after any pass "
        "(RJ-FUR-2/3).",
        f"{w.player}宣告榮和{w.source}之{tile}（可成立）而未和牌，繼續行牌：非錯和，視為放過（RJ-PR-4）："
        "不罰，依放過之例振聽（RJ-FUR-2/3）。",
        f"{w.player}は{w.source}の{tile}で成立するロンを宣言したが和了せず続行：誤和了ではなく見逃し"
        "（RJ-PR-4）。罰なし、見逃しとしてフリテン（RJ-FUR-2/3）。"))
