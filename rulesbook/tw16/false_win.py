"""詐和 false win (TW-ZH): judging a win declaration, and what a false one costs.

A win declaration (推倒, or ``call: win``) is checked at once, without a report (TW-XG-4): a 相公 in
force (TW-XG-2), 過水 (TW-GS-2; a watcher's pass is 包賠 instead, TW-YP-5), a self-draw the
restrictions forbid (``restrictions``), a lost priority (TW-PR-9, 包賠: ``priority``); then a report
after the win about the winning tile (TW-ZH-6); then the hand itself: the count, five sets and a
pair, eight flowers for a flower win. The first that applies makes it 詐和 (TW-ZH-1); the offender
pays each of the three base + face (TW-ZH-2), the face per option ``false_win_face``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Optional

from referee import events as ev
from referee.hand import is_complete
from referee.ledger import Ledger
from referee.replay import Table
from referee.tiles import N_KINDS, UNKNOWN, code
from rulesbook.findings import Finding

from .docket import Cause, Docket, Penalty, Reason
from .face import Judged, Score, WinContext
from .options import Rules
from .settle import WINDS, DealerTerms
from .table import Tw16Win
from .tai import score, standalone


@dataclass(frozen=True)
class FalseCall:
    """A ``call: win`` that could not stand (TW-ZH-1): the hand as it was when he called."""

    player: str
    at: int
    reasons: tuple[Reason, ...]
    how: str  # discard | self_draw
    tile: Optional[int]
    concealed: Optional[tuple[int, ...]]  # counts34 with the tile; None when hidden
    melds: tuple
    flowers: tuple[int, ...]
    contest_at: Optional[int]  # the tile's contest: wins on it are simultaneous (TW-ZH-7)


#: acts by which play goes on: a called false win not followed by its win has ended the hand
_PLAY_ON = frozenset({"draw", "discard", "chi", "pon", "kong", "flower", "rob_flower", "exhaustive_draw"})


class FalseWins:
    """The declarations of a hand, as they are made: the reasons each cannot stand."""

    def __init__(self, docket: Docket):
        self.docket = docket
        self.win_reasons: dict[int, list[Reason]] = {}  # win event -> reasons found at once
        self.pending: dict[str, FalseCall] = {}  # call: win, not yet followed by the win itself
        self.false_calls: list[FalseCall] = []

    def declared(self, i: int, e: ev.Win, table: Table, watcher: list[Reason],
                 restricted: list[Reason]) -> list[Reason]:
        """A win declaration: the reasons against it at this moment (TW-XG-4): 相公, then a
        watcher's pass found looking back (``watcher``: TW-YP-5, 包賠) or 過水, then the
        restrictions' (``restricted``)."""
        self.pending.pop(e.player, None)  # the declaration itself is judged
        st = self.docket.standing[e.player]
        out: list[Reason] = []
        if st.dead_since is not None:
            out.append(Reason("TW-XG-2", "相公不得和牌", "a player whose hand is dead (相公) may not win"))
        if st.watching:
            out += watcher
        elif st.passed_since is not None and not keeps_win_after_pass(e.player, table):
            out.append(Reason("TW-GS-2", "過水未解除", "he is in 過水 (a passed win not yet lifted)"))
        out += restricted
        self.win_reasons[i] = out
        return out

    def call_win(self, i: int, e: ev.Call, table: Table, late_at: Optional[int] = None) -> None:
        """``call: win`` is a win declaration's intent: by one who cannot win it is 詐和 (TW-ZH-1),
        ruled once he does not follow it with the win itself; by one who can and does not win, the
        tile passes (TW-GS-1). ``late_at``: it names a discard whose window has closed (the
        priority is ``priority``'s); by one who cannot win on it, it is 詐和 all the same."""
        ps = table.p[e.player]
        c = self.docket.contest
        own_turn = table.turn == e.player and table.phase == "discard"
        if late_at is not None:
            how, tile = "discard", e.tile
            concealed = None
            if not ps.unknown and tile is not None and 0 <= tile < N_KINDS:
                counts = ps.counts[:34]
                counts[tile] += 1
                concealed = tuple(counts)
        elif own_turn or c is None or e.player == c.offerer:
            how, tile = "self_draw", ps.drawn
            concealed = None if ps.unknown else tuple(ps.counts[:34])
        else:
            how, tile = "discard", c.tile
            concealed = None
            if not ps.unknown and 0 <= tile < N_KINDS:
                counts = ps.counts[:34]
                counts[tile] += 1
                concealed = tuple(counts)
            elif not ps.unknown and tile != UNKNOWN:  # a flower: no hand wins on it
                concealed = tuple(ps.counts[:34])
            c.intend(e.player, i, "win", concealed is None or table.wins_on(e.player, tile))
        st = self.docket.standing[e.player]
        reasons = []
        if st.dead_since is not None:
            reasons.append(Reason("TW-XG-2", "相公不得和牌", "a player whose hand is dead (相公) may not win"))
        if st.passed_since is not None and late_at is None and not keeps_win_after_pass(e.player, table):
            # (a late call on the tile he let pass is a priority matter: TW-PR, not TW-GS-2)
            reasons.append(Reason("TW-GS-2", "過水未解除", "he is in 過水 (a passed win not yet lifted)"))
        if concealed is None:
            self.docket.missing.append({"fact": "concealed_tiles", "player": e.player, "at": i,
                                        "needed_for": "TW-ZH-1: whether the called win was possible"})
        elif not is_complete(concealed):
            name = code(tile) if tile is not None and tile != UNKNOWN else "?"
            reasons.append(Reason("TW-ZH-1", f"手牌不能和{name}", f"his hand does not win on {name}"))
        if reasons:
            self.pending[e.player] = FalseCall(e.player, i, tuple(reasons), how, tile, concealed,
                                               tuple(ps.melds), tuple(ps.flowers),
                                               late_at if late_at is not None else c.at if c is not None else None)
            if late_at is not None:  # its window closed: nothing can follow it
                self.confirm(e.player)

    def follow(self, e: ev.Event) -> None:
        """A called win not followed by the declaration itself (he does something else, or play
        goes on) is ruled as the false win it is: it ended the hand (TW-ZH-5)."""
        if not self.pending:
            return
        player = getattr(e, "player", None)
        if player in self.pending and e.type != "win":
            self.confirm(player)  # type: ignore[arg-type]
        if e.type in _PLAY_ON:
            self.confirm_all()

    def confirm(self, player: str) -> None:
        self.false_calls.append(self.pending.pop(player))

    def confirm_all(self) -> None:
        for p in list(self.pending):
            self.confirm(p)

    def late_reasons(self, win_at: int, drawn_at: Optional[int]) -> list[tuple[Cause, Reason]]:
        """TW-ZH-6: a cause reported after the win that concerns the winning tile voids the win."""
        out = []
        for c in self.docket.causes:
            if c.effective is not None and c.effective > win_at and c.annotated is not None \
                    and c.annotated == drawn_at:
                out.append((c, Reason("TW-ZH-6", f"和牌之牌{c.zh}（和後舉發）",
                                      f"the winning tile came by {c.en} (reported after the win)")))
        return out


def keeps_win_after_pass(player: str, table: Table) -> bool:
    """A standing 天聽 / 地聽 keeps his win after a pass (TW-TAI-31 overrides TW-GS-2)."""
    ps = table.p[player]
    return getattr(ps, "ting", None) is not None and not getattr(ps, "ting_broken", False)


# -- judging a declaration at settlement ----------------------------------------------------------

#: reasons that make a win declaration 包賠 rather than 詐和 (TW-BP-1)
PAY_FOR_ALL = {
    "TW-YP-5": ("眼牌者和牌而曾過水", "a watcher's win with a passed win found looking back"),
    "TW-PR-9": ("喪失優先權仍推倒和牌", "a win pushed down after losing the priority"),
}


def context(table: Table, w: Tw16Win, round_wind: int, dealer: str) -> WinContext:
    """The win as the scorer sees it (TW-TAI)."""
    return WinContext(
        concealed=w.concealed or (), win_tile=w.tile, how=w.how, melds=w.melds, flowers=w.flowers,
        seat=table.seat(w.player), round_wind=round_wind, is_dealer=w.player == dealer,
        kong_replacement=w.kong_replacement, last_tile=w.last_tile, last_discard=w.last_discard,
        wall_draw=w.how in ("flower", "rob_flower") and w.tile is not None and not w.kong_replacement,
        tian_hu=w.tian_hu, di_hu=w.di_hu, ren_hu=w.ren_hu, tian_ting=w.tian_ting, di_ting=w.di_ting,
        di_hu_round=w.di_hu_round, ren_hu_round=w.ren_hu_round,
        win_in_meld=_claimed_win_tile(w))


def judge(table: Table, w: Tw16Win, reasons: list[Reason], round_wind: int, rules: Rules,
          terms: DealerTerms, missing: list[dict], ting_lost: bool = False,
          round_known: bool = True) -> Judged:
    """Whether a declaration stands, given the ``reasons`` found against it before settlement
    (at once, and reported after the win: TW-ZH-6); then the declared hand itself. A valid win gets
    its face; a false one its false-win face and its findings (包賠 for the reasons that say so).
    A hidden hand that nothing else voids cannot be judged: its validity is unknown (``missing``).
    ``ting_lost``: a 天聽/地聽 player who passed a win keeps it without the pattern (TW-TAI-31).
    ``round_known`` False: the round wind is not known (``face_by_round``); a face that depends on
    it is missing, never guessed."""
    event = table.events[w.at]
    assert isinstance(event, ev.Win)
    if not _holds_win_tile(w) and not _claimed_win_tile(w):  # a flower, or a tile not in his hand
        name = code(w.tile) if w.tile is not None else "?"
        reasons.append(Reason("TW-ZH-1", f"所稱和牌之牌{name}不在其手牌", f"the winning tile he names ({name}) "
                              "is not a tile of his hand"))
    if ting_lost:
        w = replace(w, tian_ting=False, di_ting=False, di_hu=False, ren_hu=False)
    gaps = missing_for_win(w, rules.options.river_bottom)
    want = table.rules.hand_size + 1 - 3 * len(w.melds)
    flower_win = w.how in ("flower", "rob_flower")
    if flower_win and len(w.flowers) != 8:  # TW-TAI-29/30: the eight flowers are the win
        reasons.append(Reason("TW-FL-1", f"僅有花牌{len(w.flowers)}張，未滿8張",
                              f"he holds {len(w.flowers)} flowers, not 8"))
    if gaps and not reasons and not flower_win and w.concealed_count != want:
        reasons.append(count_reason(w.concealed_count, want))  # a count is known even when tiles are not
    if gaps and not reasons:
        if w.concealed is None and not flower_win:  # TW-ZH-1 cannot be checked
            missing.append({"fact": "concealed_tiles", "player": w.player, "at": w.at,
                            "needed_for": "TW-ZH-1: whether the win stands; its face (TW-TAI); "
                                          "the next dealer (TW-FLOW-8)"})
            missing.extend(g for g in gaps if g["fact"] != "concealed_tiles")
            return Judged(w, event, valid=False, unknown=True)
        missing.extend(gaps)
        return Judged(w, event, valid=True, face=None)
    ctx = context(table, w, round_wind, terms.dealer)
    s = Score(False)
    if flower_win:  # TW-TAI-29/30: eight flowers win whatever the hand (fewer: TW-FL-1 above)
        if not reasons and w.concealed is None:  # a hand that also wins adds its face: not in the log
            missing.append({"fact": "concealed_tiles", "player": w.player, "at": w.at,
                            "needed_for": "TW-TAI-29/30: whether the hand also wins (its self-draw face added)"})
            return Judged(w, event, valid=True, face=None)
        if not reasons:
            s = score(ctx, rules.options, rules.values)
    elif w.concealed_count != want:
        reasons.append(count_reason(w.concealed_count, want))
    elif not gaps and (_holds_win_tile(w) or _claimed_win_tile(w)):
        s = score(ctx, rules.options, rules.values)
        if not s.complete:
            reasons.append(Reason("TW-ZH-1", "所示手牌未成五搭一將",
                                  "the declared hand is not five sets and a pair"))
    def face_in(r: int) -> int:
        return score(replace(ctx, round_wind=r), rules.options, rules.values).tai

    if not reasons and not round_known and s.complete and face_by_round(face_in, round_wind, False) is None:
        missing.append(round_wind_gap(w.player, w.at, "TW-TAI-1: whether a wind set of the win is the round wind"))
        return Judged(w, event, valid=True, face=None)
    if not reasons:
        if w.robbed is not None:  # TW-FL-3 (b): a replacement that wins is a self-draw of its own
            flowers = list(w.flowers)
            flowers.remove(w.robbed)
            own = score(replace(ctx, how="self_draw", kong_replacement=True, flowers=tuple(flowers)),
                        rules.options, rules.values)
            if own.complete:
                rob = tuple(p for p in s.patterns if p.rule == "TW-TAI-30")
                both = Score(True, own.patterns + rob)
                return Judged(w, event, valid=True, score=both, face=both.tai, self_draw=own)
        return Judged(w, event, valid=True, score=s, face=s.tai)
    # 詐和 (TW-ZH-1). Its face: option false_win_face (as_declared: what the declared hand would
    # have scored had it been valid, when it is complete).
    gaps = false_face_gaps(gaps, w, rules.options.false_win_face, w.concealed_count != want)
    if gaps:
        missing.extend(gaps)
        face = None
    else:
        face = face_by_round(lambda r: false_win_face(replace(ctx, round_wind=r), w, rules,
                                                      score(replace(ctx, round_wind=r), rules.options, rules.values)
                                                      if s.complete and r != round_wind else s),
                             round_wind, round_known)
        if face is None:
            missing.append(round_wind_gap(w.player, w.at, "TW-ZH-2: the face of the false win (TW-TAI-1)"))
    first = reasons[0]
    found = [Finding(r.rule, w.player, w.at, "ruled", f"{w.player} may not win: {r.en}.",
                     f"{w.player}不得和牌：{r.zh}。") for r in reasons if r.rule != "TW-ZH-1" and not r.listed]
    for r in reasons:  # 包賠, not 詐和, and not a violation
        if r.rule in PAY_FOR_ALL:
            zh, en = PAY_FOR_ALL[r.rule]
            return Judged(w, event, valid=False, face=face, findings=tuple(found),
                          pay_for_all=Penalty(w.player, w.at, r.rule, zh, en))
    face_en = "unknown (a fact is missing)" if face is None else f"face {face} tai"
    found.append(Finding(
        "TW-ZH-1", w.player, w.at, "ruled",
        f"False win (詐和): {w.player} declared a win but {first.en}; he pays each of the three "
        f"base + face, {face_en} (TW-ZH-2).",
        f"詐和：{w.player}宣告和牌但{first.zh}，依底注加牌面台數賠付三家"
        + ("" if face is None else f"（牌面{face}台）") + "。"))
    return Judged(w, event, valid=False, score=None, face=face, findings=tuple(found))


def round_wind_gap(player: str, at: int, needed_for: str) -> dict:
    return {"fact": "round_wind", "player": player, "at": at, "needed_for": needed_for}


def face_by_round(face_of: Callable[[int], int], round_wind: int, known: bool) -> Optional[int]:
    """``face_of(round_wind)``. When the round wind is not known (a later hand of a ``hands``
    document leaves it out after an outcome whose round wind could not be computed, EVENT_LOG.md
    ``start_dealer``), the face if every wind gives the same, else None: a wind set's round tai
    (TW-TAI-1) is not guessed."""
    if known:
        return face_of(round_wind)
    faces = {face_of(r) for r in WINDS}
    return faces.pop() if len(faces) == 1 else None


def _holds_win_tile(w: Tw16Win) -> bool:
    """The winning tile named is a tile of his declared hand (a hidden hand may hold it)."""
    if w.how in ("flower", "rob_flower") or w.tile is None:
        return True
    return w.tile < N_KINDS and (w.concealed is None or w.concealed[w.tile] > 0)


def _claimed_win_tile(w: Tw16Win) -> bool:
    """A self-draw declared on the tile he has just claimed (吃/碰): the tile is in his last meld,
    not among his concealed tiles. It is 詐和 (TW-XP-4: the turn did not begin with a draw); its face
    as declared scores the hand with that tile completing the meld, 自摸 included (TW-ZH face)."""
    return (w.how == "self_draw" and not w.normal_draw_turn and w.tile is not None
            and w.tile < N_KINDS and bool(w.melds) and w.melds[-1].tile == w.tile
            and w.concealed is not None and not w.concealed[w.tile])


def count_reason(have: int, want: int) -> Reason:
    """A wrong count at the declaration (缺張 / 逾張, TW-XG-1): he cannot win."""
    return Reason("TW-XG-1", f"暗牌{have}張，應為{want}張（缺張/逾張）", f"he holds {have} concealed tiles, not {want}")


def false_win_face(ctx: WinContext, w: Tw16Win, rules: Rules, declared: Score) -> int:
    """The face of a false win (TW-ZH, option ``false_win_face``)."""
    opt = rules.options.false_win_face
    if opt.startswith("fixed:"):
        return int(opt.split(":", 1)[1])
    if opt == "as_declared":
        if not declared.complete and w.concealed is not None and w.how not in ("flower", "rob_flower") \
                and _holds_win_tile(w) and w.concealed_count == rules.table.hand_size + 1 - 3 * len(w.melds):
            declared = score(ctx, rules.options, rules.values)
        if declared.complete:
            return declared.tai
    return standalone(ctx, _shown(w), rules.values).tai


def false_face_gaps(gaps: list[dict], w: Tw16Win, opt: str, miscount: bool) -> list[dict]:
    """The facts a false win's face needs, of those its hand lacks (TW-ZH face): none for
    ``fixed:K``; for the standalone face (option ``standalone``, or ``as_declared`` when the declared
    hand cannot be complete: a wrong count) only the tiles it counts: the kongs on the table, and his
    concealed tiles when he laid down the whole hand (no ``shown``); ``as_declared`` every one."""
    if opt.startswith("fixed:"):
        return []
    if opt == "standalone" or miscount:
        return [g for g in gaps if g["fact"] == "kong_tiles" or (g["fact"] == "concealed_tiles" and w.shown is None)]
    return gaps


def _shown(w: Tw16Win) -> tuple[int, ...]:
    """The concealed tiles he laid face up, without the winning tile: ``shown``, or, when it is
    absent, his whole concealed hand (EVENT_LOG ``win.shown``; its honour triplets count in the
    standalone face, TW-ZH)."""
    if w.shown is not None or w.concealed is None:
        return w.shown or ()
    counts = list(w.concealed)
    if w.how not in ("flower", "rob_flower") and w.tile is not None and w.tile < N_KINDS \
            and counts[w.tile] > 0:
        counts[w.tile] -= 1
    return tuple(t for t, n in enumerate(counts) for _ in range(n))


def missing_for_win(w: Tw16Win, river_bottom: bool = False) -> list[dict]:
    """Facts a win's face needs that the log does not hold (never guessed). With the option
    ``river_bottom`` on, a win on a discard needs ``wall_left`` too (TW-TAI-37, the last discard)."""
    gaps = []
    if w.how not in ("flower", "rob_flower"):
        if w.concealed is None:
            gaps.append({"fact": "concealed_tiles", "player": w.player, "at": w.at,
                         "needed_for": "TW-TAI: the face of the win"})
        elif w.tile is None:
            gaps.append({"fact": "tile", "player": w.player, "at": w.at,
                         "needed_for": "TW-TAI-11: which tile completed the hand"})
        if w.how == "self_draw" and w.wall_left is None and not w.tian_hu:
            gaps.append({"fact": "wall_left", "player": w.player, "at": w.at,
                         "needed_for": "TW-TAI-25: whether the winning tile was the 海底 tile"})
        if river_bottom and w.how == "discard" and w.wall_left is None:
            gaps.append({"fact": "wall_left", "player": w.player, "at": w.at,
                         "needed_for": "TW-TAI-37: whether the winning tile was the last discard"})
    for m in w.melds:
        if m.concealed and -1 in m.tiles:
            gaps.append({"fact": "kong_tiles", "player": w.player, "at": w.at,
                         "needed_for": "TW-TAI: the face of the win"})
            break
    return gaps


# -- what a false win costs (TW-ZH-2) -------------------------------------------------------------

def pay_false_win(ledger: Ledger, table: Table, terms: DealerTerms, offender: str, face: int,
                  rule: str, at: int) -> None:
    """TW-ZH-2 (and TW-BP-2, which pays the same way): B + face·T to each of the three; a
    non-dealer offender pays the dealer (1+2N)·T more; a dealer offender pays each
    B + (face + 1 + 2N)·T (paying: the worse N, TW-FLOW-9)."""
    for other in table.players:
        if other == offender:
            continue
        tai = face
        if terms.dealer in (offender, other):
            tai += terms.dealer_tai(dealer_collects=other == terms.dealer)
        ledger.pay(offender, other, tai, rule, cause=at)


def false_call_face(table: Table, call: FalseCall, round_wind: int, terms: DealerTerms,
                    rules: Rules) -> int:
    """The face of a called false win (TW-ZH face): as_declared scores the hand he called when it
    is complete, else the standalone face of what is on the table."""
    opt = rules.options.false_win_face
    if opt.startswith("fixed:"):
        return int(opt.split(":", 1)[1])
    ctx = WinContext(concealed=call.concealed or (), win_tile=call.tile, how=call.how,
                     melds=call.melds, flowers=call.flowers, seat=table.seat(call.player),
                     round_wind=round_wind, is_dealer=call.player == terms.dealer)
    if opt == "as_declared" and call.concealed is not None and (
            call.tile is None or 0 <= call.tile < N_KINDS and call.concealed[call.tile]):
        s = score(ctx, rules.options, rules.values)
        if s.complete:
            return s.tai
    return standalone(ctx, (), rules.values).tai


def settle_false_call(ledger: Ledger, table: Table, terms: DealerTerms, call: FalseCall,
                      round_wind: int, rules: Rules, missing: list[dict],
                      round_known: bool = True) -> list[Finding]:
    """A called false win (TW-ZH-1): its findings, and it pays the three (TW-ZH-2), unless its face
    waits on an unknown round wind (``missing``)."""
    face = face_by_round(lambda r: false_call_face(table, call, r, terms, rules), round_wind, round_known)
    first = call.reasons[0]
    out = [Finding(r.rule, call.player, call.at, "ruled", f"{call.player} may not win: {r.en}.",
                   f"{call.player}不得和牌：{r.zh}。") for r in call.reasons if r.rule != "TW-ZH-1"]
    face_en = "unknown (a fact is missing)" if face is None else f"{face} tai"
    out.append(Finding(
        "TW-ZH-1", call.player, call.at, "ruled",
        f"False win (詐和): {call.player} called a win but {first.en}; he pays each of the three "
        f"base + face {face_en} (TW-ZH-2).",
        f"詐和：{call.player}叫和但{first.zh}，依底注加牌面"
        + ("台數" if face is None else f"{face}台") + "賠付三家。"))
    if face is None:
        missing.append(round_wind_gap(call.player, call.at, "TW-ZH-2: the face of the false win (TW-TAI-1)"))
    else:
        pay_false_win(ledger, table, terms, call.player, face, "TW-ZH-2", call.at)
    return out
