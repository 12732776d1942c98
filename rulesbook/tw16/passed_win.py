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

from referee.replay import Table
from referee.tiles import code
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
