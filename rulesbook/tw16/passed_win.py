"""過水 passed win (TW-GS), found by the referee himself.

TW-GS-4: after every discard (and added kong, for 搶杠) every other player whose hand wins on that
tile is a candidate; when the tile can no longer be won on, a candidate who did not win has passed
(TW-GS-1), also one who reached for the wall while able to win. He may not win until he discards
(or adds to a kong) a tile that does not win for him (TW-GS-1/3); a win in 過水 is 詐和 (TW-GS-2,
judged by ``false_win``).

A watcher may not pass a win at all (TW-YP-1): his pass is never lifted; reported before his win it
is a watching violation (TW-YP-4), found only at his win it makes the win 包賠 (TW-YP-5). A 天聽 /
地聽 player who is not watching keeps his later win but loses the pattern (TW-TAI-31/32).
"""
from __future__ import annotations

from typing import Optional

from referee.hand import winning_kinds_of
from referee.replay import Table
from referee.win_checks import laid_down
from referee.tiles import N_KINDS, UNKNOWN, code
from rulesbook.findings import Finding

from .docket import Cause, Contest, Docket

WATCH_PASS = "watch_pass"  # the kind of a watcher's pass, a cause once reported (TW-YP-4)


class PassedWins:
    def __init__(self, docket: Docket):
        self.docket = docket
        self.passes: list[Finding] = []

    def candidates(self, c: Contest, winners: list[str]) -> None:
        """TW-GS-4: every player whose hand wins on the offered tile (``winners``: the table's
        ``winners_on``), not a 相公 (he may not win)."""
        for p in winners:
            if self.docket.standing[p].dead_since is None:
                c.candidates[p] = c.at

    def close(self, c: Contest, i: Optional[int], table: Table) -> None:
        """The tile can no longer be won on: who could have and did not has passed (TW-GS-1)."""
        for p, at in c.candidates.items():
            self.passed(p, at, i, table, tile=c.tile)

    def passed(self, p: str, at: int, i: Optional[int], table: Table, reached: bool = False,
               tile: Optional[int] = None) -> None:
        st = self.docket.standing[p]
        if tile is None:
            tile = self.docket.contest.tile if self.docket.contest is not None else None
        st.passed_since = at if st.passed_since is None else st.passed_since
        st.passed_on = tile
        if st.watching:  # TW-YP-1: a watcher may not pass; a cause once reported (TW-YP-4)
            self.docket.causes.append(Cause("TW-YP-4", p, at, frozenset({at} | ({i} if i is not None else set())),
                                            "眼牌者過水", "a watcher passing a win", kind=WATCH_PASS,
                                            listed=False,  # its GS-1 finding states it until reported
                                            names=frozenset({"TW-YP-1", "TW-GS-1"})))
        elif getattr(table.p[p], "ting", None) and not getattr(table.p[p], "ting_broken", False) \
                and st.ting_lost is None:
            st.ting_lost = at  # TW-TAI-31/32: he keeps his later win, not the pattern
        name = code(tile) if tile is not None else "?"
        how_en = "reached for the wall" if reached else "did not win"
        how_zh = "已伸手摸牌" if reached else "未和"
        if st.ting_lost == at:
            zh = "天聽" if table.p[p].ting == "tian_ting" else "地聽"  # type: ignore[attr-defined]
            then_en = (f"as a {zh} player who does not watch he keeps a later win, but {zh} is lost "
                       "(TW-TAI-31/32)")
            then_zh = f"其宣告{zh}未眼牌，其後和牌仍有效，但不計{zh}"
        else:
            then_en = "he may not win until he discards a tile that does not win for him"
            then_zh = "須打出一張非和之牌前不得和牌"
        self.passes.append(Finding(
            "TW-GS-1", p, at, "ruled",
            f"Passed win: {p} could win on {name} and {how_en}; {then_en}.",
            f"過水：{p}可和{name}而{how_zh}，{then_zh}。"))

    def lift(self, p: str, tile: int, table: Table) -> None:
        """TW-GS-1/3: a discard (or 加杠) of a tile that does not win for him lifts 過水."""
        st = self.docket.standing[p]
        if st.passed_since is not None and not table.wins_on(p, tile):
            st.passed_since = None
            st.passed_on = None

    def looked_back(self, i: int, e, table: Table, lifts: bool = True) -> Optional[tuple[int, int]]:
        """TW-GS-4 at a win by a player whose hand was hidden: once he lays it down, his concealed
        tiles at every earlier moment follow from the known tiles he took in and gave out since
        (the log then holds the fact). Returns the (event, tile) of a pass not lifted by his win, or
        None: no such pass, or a tile of his on the way is hidden or moved otherwise (no guess).
        ``lifts``: False for a watcher, whose pass nothing lifts (TW-YP-1)."""
        ps = table.p[e.player]
        if not ps.unknown or e.shown is None or e.how not in ("self_draw", "discard", "rob_kong"):
            return None
        now = list(ps.counts[:N_KINDS])
        unknown, _, stray = laid_down(now, ps.unknown, [t for t in e.shown if t < N_KINDS])
        if unknown or stray is not None:  # (a tile he cannot hold: the replay refuses the win)
            return None
        moves = []  # (event, +1 taken in / -1 given out, tile), his own, from the start to the win
        for j, x in enumerate(table.events[:i]):
            if getattr(x, "player", None) != e.player or x.type in ("call", "reach", "merge", "declare",
                                                                      "report", "flower", "peek", "expose"):
                if x.type in ("correct", "act") and getattr(x, "player", None) == e.player:
                    return None
                continue
            if x.type == "draw":
                moves.append((j, 1, (x.tile,)))
            elif x.type == "discard":
                if not x.from_meld:
                    moves.append((j, -1, (x.tile,)))
            elif x.type in ("chi", "pon"):
                moves.append((j, -1, tuple(x.with_)))
            elif x.type == "kong" and x.kind in ("concealed", "added"):
                moves.append((j, -1, tuple(x.tiles) if x.kind == "concealed" else tuple(x.tiles)[-1:]))
            elif x.type == "kong":  # claimed: three from the hand, the fourth the discard
                rest = list(x.tiles)
                claimed = next((d.tile for d in reversed(table.events[:j]) if d.type == "discard"), None)
                if claimed not in rest:
                    return None
                rest.remove(claimed)
                moves.append((j, -1, tuple(rest)))
            elif x.type not in ("state", "deal"):
                return None  # a tile moved some other way (搶花, a correction …): not followed back
        hand = list(now)
        for _, sign, tiles in moves:
            for t in tiles:
                if t == UNKNOWN:
                    return None
                if t < N_KINDS:
                    hand[t] -= sign
        if min(hand) < 0:
            return None
        by_event = {j: (sign, tiles) for j, sign, tiles in moves}
        passed: Optional[tuple[int, int]] = None
        last = i  # the tile won on is no pass: the last one offered before a win on a discard or kong
        if e.how != "self_draw":
            last = max((j for j, x in enumerate(table.events[:i]) if x.type == "discard"
                        or (x.type == "kong" and getattr(x, "kind", "") == "added")), default=i)
        for j, x in enumerate(table.events[:i]):
            if j in by_event:
                sign, tiles = by_event[j]
                for t in tiles:
                    if t < N_KINDS:
                        hand[t] += sign
                if lifts and sign < 0 and passed is not None and (x.type == "discard" or getattr(x, "kind", "") == "added") \
                        and not _wins(hand, tiles[0]):
                    passed = None  # TW-GS-1/3: a discard or 加杠 that does not win for him lifts it
                continue
            offered = x.type == "discard" or (x.type == "kong" and getattr(x, "kind", "") == "added")
            if offered and j < last and getattr(x, "player", None) != e.player and passed is None:
                tile = x.tile if x.type == "discard" else tuple(x.tiles)[-1]
                if tile != UNKNOWN and tile < N_KINDS and _wins(hand, tile):
                    passed = (j, tile)
        return passed


def _wins(hand: list[int], tile: int) -> bool:
    return tile in winning_kinds_of(hand)
