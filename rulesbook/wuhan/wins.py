"""A Wuhan win declaration judged the moment it is made (WH-ZH-1 with its causes beside it:
WH-IRR-1, WH-IRR-2, WH-HZ-1, WH-HU-2, WH-GS-3, WH-PR-3, WH-IRR-4; WH-PR-5: only an added kong is
robbed; WH-PR-6: a thrown 红中 or 癞子 is never won on), on the family's judge
(``rulesbook.family13.declarations``) with Wuhan's clauses and words (简体中文); and the 癞子 the
winner said he used (``win.wild``, WH-LZ-7), which binds nothing.
"""
from __future__ import annotations

from collections import Counter
from typing import Optional

from referee.thirteen import ThirteenTable, ThirteenWin
from referee.tiles import code, kind_of
from rulesbook.family13 import declarations
from rulesbook.family13.declarations import ZH_SIMPLIFIED, Judged, Words, texts

from .hu import JIANG, NO_SPLIT, WINDS_DRAGONS, WhCount, count_win, face_down_kongs
from .options import WhRules

CLAUSES = {"dead": "WH-ZH-1", "count": "WH-IRR-1", "false_set": "WH-IRR-2", "not_drawn": "WH-ZH-1",
           "late": "WH-PR-3", "barred": "WH-GS-3", "shape": "WH-ZH-1", "minimum": "WH-HU-2"}
TEXT = texts({
    **ZH_SIMPLIFIED, "barred": "过水未解，摸牌或吃、碰、杠之前不得捉炮或抢杠",
    "shape": "无论癞子如何代用都不成胡牌（WH-LZ-6.4）", "minimum": "无一种读法合乎WH-HU-2",
    "call_barred": "过水未解", "call_minimum": "无一种读法合乎WH-HU-2",
}, barred="a pass (过水) is in force: he may not win on a discard or a robbed kong until his next "
          "draw or claim", shape="no reading of his tiles, however the 癞子 are read, is a winning hand "
          "(WH-LZ-6.4)", minimum="no reading of his tiles meets WH-HU-2",
    call_barred="a pass (过水) is in force", call_minimum="no reading of his tiles meets WH-HU-2")


def statement_fault(table: ThirteenTable, w: ThirteenWin, count: Optional[WhCount]) -> Optional[tuple]:
    """WH-LZ-7 / WH-IRR-4: what is wrong with the winner's ``win.wild``: a tile named that is no
    癞子, or 癞子 read so that no valid reading agrees; None when nothing is (or nothing was said)."""
    said = getattr(table.events[w.at], "wild", None)
    if not said:
        return None
    wild_kind = table.wild
    wrong = [code(t) for t, _ in said if kind_of(t) != wild_kind]
    if wrong:
        return ("WH-IRR-4", f"he named {', '.join(wrong)} as 癞子: the 癞子 is "
                            f"{code(wild_kind) if wild_kind is not None else 'none'}",
                f"所报{'、'.join(wrong)}并非癞子（癞子为{code(wild_kind) if wild_kind is not None else '无'}）")
    stated = Counter(kind_of(a) for _, a in said)
    for r in (count.readings if count is not None else ()):
        if r.reading.pair == NO_SPLIT:  # 将一色 / 风一色 unsplit: any kind of the hand's set agrees
            target = JIANG if r.has("WH-HU-4.3") else WINDS_DRAGONS
            if all(k in target for k in stated):
                return None
        elif not stated - Counter(r.reading.wild_as):
            return None
    as_ = ", ".join(f"{code(t)} as {code(a)}" for t, a in said)
    return ("WH-IRR-4", f"he read his 癞子 {as_}: so read, the hand does not win",
            f"所报癞子用法（{as_}）不能成胡")


def _after(table: ThirteenTable):
    def after(j: Judged, count: WhCount) -> None:
        w = j.w
        if count is UNDECIDED:  # only the face-down kong's tiles decide it
            j.missing, j.missing_fact = True, "kong_tiles"
            return
        if w.how == "rob_kong" and w.robbed_concealed:
            j.causes.append(("WH-PR-5", "only an added kong (蓄杠) may be robbed", "只有蓄杠可以抢杠"))
        if w.how == "discard" and w.claimed_at in getattr(table, "thrown", {}):
            j.causes.append(("WH-PR-6", "a thrown 红中 or 癞子 cannot be won on", "丢出的红中或癞子不能捉炮"))
        if count.complete and not count.qualifies:
            j.causes.extend(count.faults)
        if not count.qualifies:
            fault = statement_fault(table, w, count)
            if fault is not None:
                j.causes.append(fault)
    return after


#: a declaration that wins only if his face-down concealed kong is of some kinds (WH-HU-4.1-4.3):
#: complete, no valid reading, no fault: the log lacks the kong's tiles
UNDECIDED = WhCount(True, ())


def _count(rules: WhRules):
    def count(hand) -> WhCount:
        c = count_win(hand, rules)
        if not c.qualifies:
            kongs = face_down_kongs(hand, rules)
            if kongs is not None and any(k.qualifies for k in kongs):
                return UNDECIDED
        return c
    return count


def judge(table: ThirteenTable, w: ThirteenWin, rules: WhRules, round_wind: int,
          dead_since: Optional[int], barred: bool, wrong_kong: bool) -> Judged:
    """The declaration ``w`` as it stood when made."""
    words = Words(CLAUSES, TEXT, after=_after(table), explains=True)
    return declarations.judge(table, w, _count(rules), words, 0, round_wind, dead_since, barred, wrong_kong)


__all__ = ["CLAUSES", "TEXT", "judge", "statement_fault"]
