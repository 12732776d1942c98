"""途中流局 abortive draws (RJ-ABT), as the log records them (``abort``) and as the table must.

* RJ-ABT-1 九種九牌 (optional, declared): on his first draw, no call of any kind before it, at least
  9 distinct terminal and honour kinds among his 14 tiles; declared without them it is a false
  declaration (RJ-IRR-8: shown, chombo).
* RJ-ABT-2 四風連打, RJ-ABT-3 四槓散了, RJ-ABT-4 四家立直 are compulsory: where one arises the hand
  ends; play recorded after it is an input error naming the condition (RJ-ABT-6, §14.7).
* RJ-ABT-5 三家和了: three valid rons on one discard (under ``multiple_ron: double``) abort the hand,
  recorded as the ``abort`` or as the three wins.
A kind the ruleset does not have in force (``abortive_draws``) cannot be recorded as an abort.
"""
from __future__ import annotations

from typing import Optional

from referee import events as ev
from referee.errors import ReplayError
from referee.tiles import kind_of

from .docket import Docket, Penalty, Words
from .shapes import ORPHANS
from .table import RiichiTable

WINDS = (27, 28, 29, 30)
NAMES = {"nine_terminals": ("九種九牌", "九種九牌", "nine terminals"),
         "four_winds": ("四風連打", "四風連打", "four winds"),
         "four_kans": ("四槓散了", "四槓散了", "four kans"),
         "four_riichi": ("四家立直", "四家立直", "four riichi"),
         "triple_ron": ("三家和了", "三家和", "triple ron")}


class Aborts:
    def __init__(self, docket: Docket, in_force: tuple[str, ...]):
        self.docket = docket
        self.in_force = in_force
        self.due: Optional[tuple[str, int]] = None  # a compulsory abort that has arisen: (kind, at)
        self.ruled: Optional[str] = None  # the abort that ended the hand
        # the next player's draw after the discard that completed a condition (for four riichi,
        # the draw that established the fourth): that discard may still be won on until he
        # discards (RJ-PR-3); a fourth riichi whose tile is won on never stood (RJ-RII-3)
        self.provisional: Optional[int] = None
        self.also: Optional[str] = None  # a second condition arisen by the same discard
        # 四風連打 is looked at once, at the fourth first discard; until then every discard asks
        # ``after_discard`` (after it, only a fourth kan does: ``Proceedings`` reads the flag)
        self.winds_pending = "four_winds" in in_force

    # -- compulsory conditions, as the hand goes on ----------------------------------------------
    def check_due(self, i: int, e: ev.Event) -> None:
        """Before event ``i``: after a compulsory condition only its ``abort`` may follow."""
        if self.due is None or isinstance(e, (ev.Abort, ev.Report, ev.Admit, ev.Act, ev.End)):
            return
        if self.provisional is None and self.due[0] in ("four_kans", "four_winds"):
            if isinstance(e, ev.Win):
                return  # the discard that completes the condition may still be won on
            if isinstance(e, ev.Draw) and e.source != "back":
                self.provisional = i  # and still after the next player's draw (RJ-PR-3)
                return
        if self.provisional is not None and (i == self.provisional or (
                isinstance(e, ev.Win) and e.how == "discard")):
            return  # the draw itself, and a ron in time on the discard (RJ-PR-3)
        self._ended(i, e.type)

    def _ended(self, i: int, what: str) -> None:
        kind, at = self.due  # type: ignore[misc]
        raise ReplayError(i, f"the hand ended at event {at} by {NAMES[kind][2]} ({NAMES[kind][0]}, "
                             f"RJ-ABT): an abort event must follow, not a {what}")

    def won_on(self, discard_at: int) -> None:
        """A ron on the discard that completed the condition, in time (RJ-PR-3): the hand ends by
        the win; on the fourth riichi's tile, that riichi never stood (RJ-RII-3): not four."""
        if self.due is not None and self.due[1] == discard_at:
            self.due = self.provisional = None

    def finish(self) -> None:
        """The record ends on the next player's draw after the condition arose (for four riichi,
        the draw that established the fourth): no abort followed it."""
        if self.due is not None and self.provisional is not None:
            self._ended(self.provisional, "draw")

    def after_discard(self, i: int, table: RiichiTable) -> None:
        """四風連打 after the fourth first discard; 四槓散了 after the discard that follows the
        fourth kan's replacement (of kans by two or more players)."""
        first = table.first_discard_at
        if self.winds_pending and len(first) == 4:  # looked at once: every player has discarded
            self.winds_pending = False
            if first.get(table.events[i].player) == i:  # ... and this is the fourth first discard
                self._four_winds(i, table)
        if len(table.kans) == 4 and "four_kans" in self.in_force and len({p for p, _, _ in table.kans}) > 1:
            fourth = table.kans[-1][2]
            if any(isinstance(table.events[k], (ev.Draw, ev.State)) for k in range(fourth, i)) and self.due is None:
                self.due = ("four_kans", i)

    def _four_winds(self, i: int, table: RiichiTable) -> None:
        """四風連打: the four first discards are one wind, and no call came before."""
        firsts = [kind_of(table.events[k].tile) for k in table.first_discard_at.values()]  # type: ignore[attr-defined]
        no_call = not [c for c in table.calls if c < i]
        if no_call and firsts[0] in WINDS and all(f == firsts[0] for f in firsts):
            self.due = ("four_winds", i)

    def riichi_established(self, i: int, count: int, by_draw: Optional[int] = None) -> None:
        if "four_riichi" in self.in_force and count == 4 and self.due is None:
            self.due = ("four_riichi", i)
            self.provisional = by_draw
        elif "four_riichi" in self.in_force and count == 4 and self.due is not None and self.due[1] == i:
            self.also = "four_riichi"  # four riichi declared on the four winds' discards: either ends it

    # -- the abort recorded ------------------------------------------------------------------------
    def recorded(self, i: int, e: ev.Abort, table: RiichiTable) -> None:
        if e.kind not in self.in_force:
            raise ReplayError(i, f"{NAMES[e.kind][2]} ({NAMES[e.kind][0]}) is not an abortive draw "
                                 "of this ruleset (option abortive_draws)", "kind")
        if e.kind == "nine_terminals":
            self._nine_terminals(i, e, table)
        elif e.kind != "triple_ron" and (self.due is None or e.kind not in (self.due[0], self.also)):
            raise ReplayError(i, f"no {NAMES[e.kind][2]} ({NAMES[e.kind][0]}) has arisen", "kind")
        self.due = self.provisional = self.also = None
        self.ruled = e.kind

    def _nine_terminals(self, i: int, e: ev.Abort, table: RiichiTable) -> None:
        ps = table.p[e.player]  # type: ignore[index]
        kinds = sum(1 for t in ORPHANS if ps.counts[t])
        first = ps.n_discards == 0 and ps.n_wall_draws == 1 and table.turn == e.player and \
            table.phase == "discard" and not table.calls
        if ps.unknown:
            self.docket.missing.append({"fact": "concealed_tiles", "player": e.player, "at": i,
                                        "needed_for": "RJ-ABT-1: nine distinct terminals and honours"})
            return
        if first and kinds >= 9:
            return
        why = (f"with only {kinds} distinct terminal and honour kinds" if first and kinds < 9
               else "not on his first uninterrupted draw")
        words = Words(
            f"{e.player} declared nine terminals (九種九牌) {why}: a false declaration, chombo.",
            f"{e.player}宣告九種九牌但{'么九牌僅' + str(kinds) + '種' if first else '非第一巡未被打斷之摸牌'}：錯誤宣告，罰滿貫（チョンボ）。",
            f"{e.player}の九種九牌宣言は条件不足（{'么九牌' + str(kinds) + '種' if first else '第一ツモではない'}）：チョンボ。")
        self.docket.rule("RJ-IRR-8", e.player, i, words)
        self.docket.penalties.append(Penalty(e.player, i, "RJ-IRR-8", "chombo", words))  # shown: RJ-IRR-8
