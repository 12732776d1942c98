"""Irregularities at the table and their penalties (RJ-IRR), with when each takes effect.

As tw16's TW-XG-4: public acts (calls, declarations) are ruled at once; other faults take effect
when reported or admitted; one never in effect is listed ``unreported`` and costs nothing.
* RJ-IRR-4 wrong count: a report without ``about`` judges the count at that moment; the effect is
  option ``wrong_count`` (dead hand, or chombo).
* RJ-IRR-6(a) empty call: a ``call`` of chi, pon, kong or riichi not followed by the act before the
  next draw or claim; option ``empty_call`` (none, a 1000 deposit, dead hand).
* RJ-IRR-9 peeking at the dead wall, the ura indicators or another hand: dead hand; the wall or a
  hand disturbed beyond repair, or 5 or more wall tiles exposed: chombo (option ``wall_collapse``:
  ``chombo_if_drawn`` only if the hand then ends in an exhaustive draw); fewer, restored: nothing.
* the acts of TW-XG-1 (misdraw, 搶摸, 帶牌摸牌, stealing): dead hand once reported.
"""
from __future__ import annotations

from referee import events as ev

from .docket import Cause, Docket, Words
from .options import Options
from .table import RiichiTable

ACTS = {
    "misdraw": Words("drawing or replacing from the wrong place", "錯位摸牌", "誤ツモ"),
    "grab_draw": Words("drawing out of turn", "搶摸", "先ヅモ"),
    "draw_holding": Words("drawing while holding another tile", "帶牌摸牌", "牌を持ったままのツモ"),
    "steal": Words("stealing a tile", "偷牌", "牌の盗み"),
    "not_taken_in": Words("a claimed tile not taken in", "鳴牌未取入", "鳴いた牌を取り込まない"),
}


class Irregular:
    def __init__(self, docket: Docket, options: Options):
        self.docket = docket
        self.options = options
        self.calls: dict[str, tuple[int, str]] = {}  # open calls: player -> (event, what)

    # -- calls (RJ-IRR-6a) ---------------------------------------------------------------------
    def called(self, i: int, e: ev.Call) -> None:
        if e.call in ("chi", "pon", "kong", "riichi"):
            self.calls[e.player] = (i, e.call)

    def carried_out(self, player: str, what: str) -> None:
        call = self.calls.get(player)
        if call is not None and (call[1] == what or {call[1], what} <= {"kong", "pon"}):
            del self.calls[player]

    def outranked(self, claimer: str, claim: str) -> None:
        """RJ-PR-1: a meld call that loses the tile to a claim with priority (a ron over any meld;
        under ``meld_priority: type`` a pon or kan over a chi; under ``first_call`` an earlier
        call) was not empty: it is dropped before the calls are settled."""
        mine = self.calls.get(claimer)
        for player, (at, what) in list(self.calls.items()):
            if player == claimer or what == "riichi":
                continue
            if claim == "win":
                beaten = True
            elif self.options.meld_priority == "type":
                beaten = what == "chi" and claim in ("pon", "kong")
            else:
                beaten = mine is not None and mine[0] < at
            if beaten:
                del self.calls[player]

    def empty_call_grade(self) -> str:
        """What an empty call costs (option ``empty_call``), as a cause's grade."""
        return {"none": "none", "deposit_1000": "deposit", "dead_hand": "dead_hand"}[self.options.empty_call]

    def settle_calls(self, i: int) -> None:
        """The next draw or claim: calls not carried out are empty (RJ-IRR-6a)."""
        if not self.calls:
            return
        grade = self.empty_call_grade()
        for player, (at, what) in self.calls.items():
            self.docket.add_cause(Cause("RJ-IRR-6", player, at, frozenset({at}), Words(
                f"an empty call of {what} (the {what} did not follow)", f"空喊{what}（未實行）",
                f"空鳴き（{what}の発声のみ）"), grade, public=True))
        self.calls = {}

    # -- faults that take effect when reported ----------------------------------------------------
    def act(self, i: int, e: ev.Act, table: RiichiTable) -> None:
        about = e.about if e.about is not None else table._previous_of(table.events, i, e.player)
        refs = frozenset({i} | ({about} if about is not None else set()))
        if e.act in ACTS:
            self.docket.add_cause(Cause("RJ-IRR-9", e.player, i, refs, ACTS[e.act], "dead_hand"))
        elif e.act in ("wall_disturbed", "hand_disturbed"):
            beyond = e.recoverable is False or (e.count is not None and e.count >= 5)
            if beyond:
                grade = "chombo" if self.options.wall_collapse == "chombo" else "chombo_if_drawn"
                self.docket.add_cause(Cause("RJ-IRR-9", e.player, i, refs, Words(
                    "the wall or a hand disturbed beyond repair" if e.count is None or e.count < 5
                    else f"{e.count} wall tiles exposed", "牌山或手牌弄亂不可復原" if e.count is None or e.count < 5
                    else f"翻開牌山{e.count}張", "山・手牌の崩し（復元不能）" if e.count is None or e.count < 5
                    else f"山の牌を{e.count}枚露出"), grade, public=True, kind="wall"))

    def peek(self, i: int, e: ev.Peek) -> None:
        if e.target in ("wall", "kong_tile"):
            return
        target = {"dead_wall": "the dead wall", "ura": "the ura indicators"}.get(e.target, f"{e.target}'s hand")
        self.docket.add_cause(Cause("RJ-IRR-9", e.player, i, frozenset({i}), Words(
            f"looking at {target}", "偷看王牌或他家手牌", "王牌・他家の手牌を見る"), "dead_hand"))

    def report(self, i: int, e: ev.Event, table: RiichiTable, count_of) -> None:
        """A report (or admission) puts the fault it names in effect; without ``about`` it judges
        the count (RJ-IRR-4); naming nothing, it is dismissed."""
        offender = e.against if isinstance(e, ev.Report) else e.player  # type: ignore[attr-defined]
        about, offence = e.about, e.offence  # type: ignore[attr-defined]
        if about is None and offence in (None, "RJ-IRR-4"):
            have, want = count_of(offender, table)
            if have != want:
                grade = "chombo" if self.options.wrong_count == "chombo" else "dead_hand"
                zh, en = ("少牌", "a short hand") if have < want else ("多牌", "a long hand")
                self.docket.add_cause(Cause("RJ-IRR-4", offender, i, frozenset({i}), Words(
                    f"{en} ({have} concealed tiles, not {want})", f"{zh}（暗牌{have}張，應為{want}張）",
                    f"{'少牌' if have < want else '多牌'}（手牌{have}枚、正しくは{want}枚）"), grade, public=True))
                return
        for cause in self.docket.causes:
            if cause.player != offender:
                continue
            if (about is not None and about in cause.refs) or (about is None and offence == cause.rule):
                if cause.effective is None:
                    self.docket.in_effect(cause, i)
                return
        if isinstance(e, ev.Report):
            what = f" ({offence})" if offence else ""
            self.docket.rule(offence or "RJ-IRR-0", offender, i, Words(
                f"Report against {offender}{what} names no irregularity in the log: dismissed.",
                f"對{offender}之舉發{what}查無違規，不予受理。", f"{offender}への指摘{what}は違反に当たらず、却下。"),
                status="dismissed")

    def unreported(self) -> list[Cause]:
        return [c for c in self.docket.causes if c.effective is None]


def count_of(player: str, table: RiichiTable) -> tuple[int, int]:
    """His concealed tiles, and how many a correct hand holds now (RJ-IRR-4)."""
    ps = table.p[player]
    holding = table.turn == player and table.phase == "discard"
    return ps.concealed_count, ps.expected_count(table.rules, holding) - table.pending_back[player]

