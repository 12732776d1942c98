"""What a call, a kan or a discard may be (RJ-PR, RJ-RII-5), ruled as it happens.

* RJ-PR-3: a chi, pon or open kan after the discarder's next player drew (not put back) is late.
* RJ-PR-5 kuikae: after chi or pon, the same turn's discard may not be the claimed kind, nor, after
  a chi with two consecutive tiles, the kind at the other end; a breach is RJ-IRR-7 (dead hand).
* RJ-PR-6: no chi, pon or kan on the houtei discard, no kan on the haitei draw, no fifth kan, no
  chi, pon or open kan by a player in riichi; a breach, like a meld whose tiles do not match or a
  late claim, is RJ-IRR-6(b): the meld stands and the hand is dead; taken back (``correct
  restore``) before his discard, it is restored with the effect of an empty call instead (option
  ``empty_call``), and after his discard it can no longer be taken back.
* RJ-RII-5: in riichi he discards the tile he drew (another of its kind is no breach; any other
  discard is RJ-IRR-10, dead hand) and makes a concealed kan only with the drawn tile and without
  changing his waits (a breach is RJ-IRR-3: listed at once, chombo only if he declares a win or the
  hand ends in an exhaustive draw).
* RJ-IRR-5: a dead hand that calls, kans or declares riichi commits chombo.
"""
from __future__ import annotations

from typing import Optional

from referee import events as ev
from referee.errors import ReplayError
from referee.hand import other_end
from referee.replay import WinFact
from referee.tiles import code, kind_of

from .docket import Cause, Docket, Penalty, Words
from .shapes import riichi_waits
from .table import RiichiTable


class Claims:
    def __init__(self, docket: Docket):
        self.docket = docket
        self.invalid_kans: dict[str, int] = {}  # RJ-IRR-3: player -> his invalid kan after riichi

    def _breach(self, i: int, player: str, rule: str, what: Words, grade: str,
                stands: Optional[Words] = None) -> None:
        self.docket.add_cause(Cause(rule, player, i, frozenset({i}), what, grade, public=True, stands=stands))

    def claim(self, i: int, e: ev.Event, table: RiichiTable, in_riichi: bool) -> None:
        """A chi, pon or claimed kan, before the table takes it in."""
        player = e.player  # type: ignore[attr-defined]
        if self.docket.is_dead(player, i):
            self._breach(i, player, "RJ-IRR-5", Words("a call by a dead hand", "和了放棄者鳴牌",
                                                      "和了放棄者の鳴き"), "chombo")
            return
        why: Optional[Words] = None
        if in_riichi:
            why = Words("a call while in riichi", "立直後鳴牌", "リーチ後の鳴き")
        elif table.wall_left == 0:
            why = Words("a claim of the houtei discard", "鳴河底牌", "河底牌の鳴き")
        elif isinstance(e, ev.Kong) and len(table.kans) >= 4:
            why = Words("a fifth kan", "第五槓", "五つ目の槓")
        elif table.last_discard is None and table.passed_over is not None:
            why = Words("a claim after the next player drew (late, RJ-PR-3)", "下家摸牌後始鳴牌（逾時）",
                        "下家のツモ後の鳴き（遅れ）")
        elif not _matches(e):
            why = Words("a meld whose tiles do not match", "鳴牌之牌不合", "鳴いた牌が合わない")
        elif isinstance(e, ev.Chi) and table.last_discard is not None and table.prev_of(player) != table.last_discard[0]:
            why = Words("a chi not from the player before him", "吃非上家之牌", "上家以外からのチー")
        if why is not None:
            self._breach(i, player, "RJ-IRR-6", why, "dead_hand", Words("the meld stands", "副露成立", "副露は成立"))

    def restored(self, i: int, e: ev.Correct, table: RiichiTable, empty_call: str) -> None:
        """RJ-IRR-6(b): a wrong chi, pon or kan (a fifth kan, a kan on the haitei draw, an open kan
        in riichi) taken back before the claimer's discard: restored, with the effect of an empty
        call (RJ-IRR-6(a), grade ``empty_call``) instead of the dead hand; after his discard the
        meld stands, so it cannot be taken back."""
        meld = table.events[e.about] if 0 <= e.about < len(table.events) else None
        if e.action != "restore" or not isinstance(meld, (ev.Chi, ev.Pon, ev.Kong)):
            return
        cause = next((c for c in self.docket.causes if c.rule == "RJ-IRR-6" and c.at == e.about), None)
        if cause is None:
            return
        if any(isinstance(x, ev.Discard) and x.player == cause.player for x in table.events[e.about + 1:i]):
            raise ReplayError(i, f"{cause.player}'s {meld.type} at event {e.about} ({cause.what.en}) stands: "
                                 "he has discarded since, so it can no longer be taken back (RJ-IRR-6(b))", "about")
        if self.docket.dead.get(cause.player) == cause.at:
            del self.docket.dead[cause.player]  # his hand lives again: the meld is gone
        cause.grade = empty_call
        cause.stands = Words("the meld taken back before his discard, as an empty call",
                             "於其打牌前撤回副露，按空喊論", "打牌前に副露を取り消し、空鳴き扱い")
        self.docket.in_effect(cause, i)

    def own_kan(self, i: int, e: ev.Kong, table: RiichiTable, in_riichi: bool) -> None:
        """A concealed or added kan in his own turn."""
        ps = table.p[e.player]
        if self.docket.is_dead(e.player, i):
            self._breach(i, e.player, "RJ-IRR-5", Words("a kan by a dead hand", "和了放棄者開槓", "和了放棄者の槓"),
                         "chombo")
            return
        if table.wall_left == 0 or len(table.kans) >= 4:
            what = Words("a kan on the haitei draw" if table.wall_left == 0 else "a fifth kan",
                         "海底牌開槓" if table.wall_left == 0 else "第五槓",
                         "海底牌での槓" if table.wall_left == 0 else "五つ目の槓")
            self._breach(i, e.player, "RJ-IRR-6", what, "dead_hand", Words("the kan stands", "槓成立", "槓は成立"))
            return
        if in_riichi and e.kind == "concealed" and not ps.unknown:
            k = kind_of(e.tiles[0])
            drawn = ps.drawn is not None and kind_of(ps.drawn) == k
            counts = list(ps.concealed34())
            if ps.drawn is not None:
                counts[kind_of(ps.drawn)] -= 1
            before = riichi_waits(tuple(counts), not ps.melds)  # his waits before the draw
            counts[k] -= 3
            after = riichi_waits(tuple(counts), False) if counts[k] >= 0 else frozenset()
            if not drawn or before != after:
                self.invalid_kans[e.player] = i
                self.docket.add_cause(Cause("RJ-IRR-3", e.player, i, frozenset({i}), Words(
                    "a concealed kan after riichi " + ("not of the tile he drew" if not drawn else "that changes his waits"),
                    "立直後暗槓" + ("非所摸之牌" if not drawn else "改變聽牌"),
                    "リーチ後の暗槓（" + ("ツモ牌ではない" if not drawn else "待ちが変わる") + "）"), "none"))

    def win_after_invalid_kan(self, w: WinFact) -> bool:
        """RJ-IRR-3: a player in riichi whose concealed kan was not allowed declares a win
        (revealed or not): chombo."""
        k = self.invalid_kans.get(w.player)
        if k is None or k > w.at:
            return False
        words = Words(f"{w.player} declared a win after a concealed kan in riichi that was not allowed "
                      f"(event {k}): chombo",
                      f"{w.player}立直後不當暗槓（第{k}事件）而宣告和牌：罰滿貫",
                      f"{w.player}はリーチ後の不正な暗槓（第{k}事件）の後に和了宣言：チョンボ")
        self.ruled_invalid_kan(w.player)
        self.docket.rule("RJ-IRR-3", w.player, w.at, words)
        self.docket.penalties.append(Penalty(w.player, w.at, "RJ-IRR-3", "chombo", words))
        return True

    def ruled_invalid_kan(self, player: str) -> None:
        """RJ-IRR-3 ruled: his invalid kan, listed ``unreported`` when made, is now the ruled finding."""
        self.docket.causes[:] = [c for c in self.docket.causes if not (c.rule == "RJ-IRR-3" and c.player == player)]

    def riichi(self, i: int, e: ev.Riichi) -> None:
        if self.docket.is_dead(e.player, i):
            self._breach(i, e.player, "RJ-IRR-5", Words("riichi by a dead hand", "和了放棄者立直",
                                                        "和了放棄者のリーチ"), "chombo")

    def discard(self, i: int, e: ev.Discard, table: RiichiTable, in_riichi: bool) -> None:
        ps = table.p[e.player]
        if ps.intake in ("chi", "pon") and ps.drawn_source == "claim" and ps.melds:
            meld = ps.melds[-1]
            banned = {kind_of(meld.tile)} if meld.tile is not None else set()
            if meld.kind == "chi" and meld.tile is not None:
                rest = list(meld.tiles)
                rest.remove(meld.tile)
                other = other_end(meld.tile, tuple(rest))
                if other is not None:
                    banned.add(other)
            if kind_of(e.tile) in banned:
                self._breach(i, e.player, "RJ-IRR-7", Words(
                    f"kuikae ({code(e.tile)} discarded straight after his {meld.kind})",
                    f"食替（{meld.kind}後打出{code(e.tile)}）", f"喰い替え（{meld.kind}直後に{code(e.tile)}を打牌）"),
                    "dead_hand", Words("the discard stands", "該牌成立", "打牌は成立"))
        elif in_riichi and ps.drawn is not None and kind_of(e.tile) != kind_of(ps.drawn) \
                and ps.drawn_source in ("wall", "back"):
            self._breach(i, e.player, "RJ-IRR-10", Words(
                f"a discard in riichi other than the tile he drew ({code(e.tile)})",
                f"立直後打出{code(e.tile)}而非所摸之牌", f"リーチ後にツモ牌以外の{code(e.tile)}を打牌"), "dead_hand")


def _matches(e: ev.Event) -> bool:
    if isinstance(e, ev.Pon):
        return all(kind_of(t) == kind_of(e.tile) for t in e.with_)
    if isinstance(e, ev.Kong):
        kinds = {kind_of(t) for t in e.tiles if t >= 0}
        return len(kinds) <= 1
    if isinstance(e, ev.Chi):
        k = sorted(kind_of(t) for t in (e.tile, *e.with_))
        return k[0] < 27 and k[0] // 9 == k[2] // 9 and k[1] == k[0] + 1 and k[2] == k[0] + 2
    return True
