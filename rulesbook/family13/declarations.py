"""A 13-tile win declaration judged the moment it is made (HK-ZH-1 / GD-ZH-1 and the faults beside
them), and several declarations on one tile (HK-PR-2 / GD-PR-2 截糊 ``head_bump``).

A declaration wins when none of these holds: a 相公 in force; a wrong count; a false set (a wrong
kong standing); a discard no longer claimable; a pass in force for a win on another's tile; tiles
that are not four sets and a pair nor 十三幺, or no split reaching the minimum; or a fault the
variant's own check finds (``Words.special``). The clause IDs and the words (English and Chinese,
``str.format`` templates) are the variant's (``Words``). Where the declarer's tiles are hidden the
declaration is listed as ``missing``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, Optional, Sequence

from referee.thirteen import ThirteenTable, ThirteenWin
from referee.tiles import code, kind_of
from rulesbook.family13.win_facts import win13

Cause = tuple[str, str, str]  # (clause, en, zh)


#: the English of each fault, the same in every 13-tile variant (a variant may replace one)
ENGLISH = {
    "since_event": "since event {n}",
    "since_state": "from the position given",
    "dead": "{player} is 相公 ({since_en}): he may not win",
    "count": "{player} holds {held} tiles where a winning hand holds {want} ({size}相公)",
    "false_set": "a wrong kong stands among his sets: the hand is not four sets and a pair",
    "not_drawn": "a self-draw on {tile}, a tile he did not draw in his turn",
    "late": "the discard was no longer claimable",
    "minimum": "{fan_min} 番 toward the minimum, below {min_fan}",
    "call_dead": "{player} is 相公: he may not win",
    "call_no_tile": "he holds no {tile} to win with",
    "call_shape": "his hand does not win on {tile}",
    "call_minimum": "{fan_min} 番 toward the minimum, below {min_fan}",
}


#: the Chinese of the faults every simplified-Chinese variant words alike (Guangdong, Shanghai,
#: Wuhan, Sichuan);
#: a variant adds its own ``barred``, ``shape``, ``minimum``, ``call_barred``, ``call_minimum``
ZH_SIMPLIFIED = {
    "since_event": "自第{n}事件起", "since_state": "开局状态已", "dead": "{player}{since_zh}相公，不得胡牌",
    "count": "{player}手牌{held}张，应为{want}张（{size}相公）", "false_set": "错杠成假牌组，不成四组一对",
    "not_drawn": "自摸{tile}，但该张并非本轮所摸", "late": "该张已过时，不能再胡",
    "call_dead": "{player}相公，不得胡牌", "call_no_tile": "手中并无{tile}", "call_shape": "手牌不能胡{tile}",
}


def texts(chinese: Mapping[str, str], **english: str) -> dict[str, tuple[str, str]]:
    """A variant's (en, zh) words: its Chinese for every key, the English of ``ENGLISH`` unless it
    gives its own."""
    return {key: (english.get(key) or ENGLISH[key], zh) for key, zh in chinese.items()}


@dataclass(frozen=True)
class Words:
    """A variant's clause for each fault (keys ``dead``, ``count``, ``false_set``, ``not_drawn``,
    ``late``, ``barred``, ``shape``, ``minimum``) and its words: ``text[key]`` = (en, zh) templates
    over ``player``, ``since_en``, ``since_zh``, ``held``, ``want``, ``size``, ``tile``, ``fan_min``,
    ``min_fan``, ``n``; ``since_event`` and ``since_state`` are the (en, zh) of when a 相公 began.
``before(judged)`` and ``after(judged, count)`` add the variant's own causes."""

    clause: Mapping[str, str]
    text: Mapping[str, tuple[str, str]]
    big_small: tuple[str, str] = ("大", "小")
    before: Optional[Callable[["Judged"], None]] = None  # the variant's checks before the count
    after: Optional[Callable[["Judged", object], None]] = None  # and after it
    # the variant's ``after`` names why a complete hand does not qualify (wuhan's WH-HU-2): no
    # ``minimum`` cause is added beside its causes
    explains: bool = False


@dataclass
class Judged:
    w: ThirteenWin
    count: Optional[object] = None  # the variant's count (``complete``, ``qualifies``, ``fan_min``)
    causes: list[Cause] = field(default_factory=list)
    missing: bool = False
    missing_fact: str = "concealed_tiles"  # what the log lacks when ``missing`` (wuhan: ``kong_tiles``)
    bumped: bool = False  # a valid declaration that lost only by head bump
    pass_unknown: Optional[int] = None  # a tile he may have passed with his tiles unknown
    barred_clause: str = ""

    @property
    def wins(self) -> bool:
        return (not self.causes and not self.missing and not self.bumped and self.count is not None
                and self.count.qualifies and self.pass_unknown is None)  # type: ignore[attr-defined]

    @property
    def undetermined(self) -> bool:
        """It would win, or its tiles are not known, and only a fact the log lacks decides it."""
        return not self.causes and (self.missing or self.pass_unknown is not None)

    @property
    def false(self) -> bool:
        return bool(self.causes)

    @property
    def barred_only(self) -> bool:
        """Its one fault is a pass."""
        return [c[0] for c in self.causes] == [self.barred_clause]


def judge(table: ThirteenTable, w: ThirteenWin, count_of: Callable, words: Words, min_fan: int,
          round_wind: int, dead_since: Optional[int], barred: bool, wrong_kong: bool) -> Judged:
    """The declaration ``w`` as it stood when made; ``count_of(Win13)`` is the variant's count."""
    j = Judged(w, barred_clause=words.clause["barred"])

    def cause(key: str, **kw) -> None:
        en, zh = words.text[key]
        j.causes.append((words.clause[key], en.format(player=w.player, **kw), zh.format(player=w.player, **kw)))

    if dead_since is not None:
        en, zh = words.text["since_event" if dead_since >= 0 else "since_state"]
        cause("dead", since_en=en.format(n=dead_since), since_zh=zh.format(n=dead_since))  # 0-based, as ``at``
    if w.how != "flower":
        want = 14 - 3 * len(w.melds)
        if w.concealed_count != want:
            cause("count", held=w.concealed_count, want=want,
                  size=words.big_small[0] if w.concealed_count > want else words.big_small[1])
    if wrong_kong:
        cause("false_set")
    if w.how == "self_draw" and not (w.player == table.dealer and w.before_own_discard) \
            and w.drawn is not None and w.tile is not None and kind_of(w.tile) != kind_of(w.drawn):
        cause("not_drawn", tile=code(w.tile))
    if w.late and not in_window(table, w):
        cause("late")
    if barred and w.how in ("discard", "rob_kong"):
        cause("barred", tile=code(w.tile))  # type: ignore[arg-type]
    if words.before is not None:
        words.before(j)
    hand = win13(table, w, round_wind)
    if hand is None:
        j.missing = True
        return j
    j.count = count = count_of(hand)
    if words.after is not None:
        words.after(j, count)
    if w.how != "flower" and not count.complete:
        cause("shape")
    elif count.complete and not count.qualifies and not words.explains:
        cause("minimum", fan_min=count.fan_min, min_fan=min_fan)
    return j


def in_window(table: ThirteenTable, w: ThirteenWin) -> bool:
    """A win on a discard is in time until a later discard is made; a claim made on it meanwhile
    is undone (the log may lack its ``correct restore``). A robbing is in time until the kong's
    replacement is drawn."""
    at = w.claimed_at
    closing = "draw" if w.how == "rob_kong" else "discard"
    return at is not None and not any(x.type == closing for x in table.events[at + 1:w.at])


def head_bump(judged: Sequence[Judged], players: tuple[str, ...], multiple: str,
              first: Optional[str] = None) -> None:
    """Of the valid declarations on one tile only the first in turn order after the discarder (or
    the kong player) wins under ``head_bump``, or the first counted from ``first`` when given (the
    dealer first, WH-PR-2); the others are bumped (no fault). A false declaration bumps nobody."""
    if multiple == "all":
        return
    groups: dict[int, list[Judged]] = {}
    for j in judged:
        if j.wins and j.w.how in ("discard", "rob_kong") and j.w.claimed_at is not None:
            groups.setdefault(j.w.claimed_at, []).append(j)
    for group in groups.values():
        src = group[0].w.source
        k = players.index(first) if first is not None else players.index(src)  # type: ignore[arg-type]
        group.sort(key=lambda j: (players.index(j.w.player) - k) % 4)
        for j in group[1:]:
            j.bumped = True
