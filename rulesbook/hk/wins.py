"""A Hong Kong win declaration judged the moment it is made (HK-ZH-1, HK-FAN-35, HK-GS-3,
HK-PR-3, HK-PR-6, HK-FAN-24/25's moment), and several declarations on one tile (HK-PR-2 截糊,
HK-ZH-5).

A declaration wins when none of these holds: a 相公 in force; a wrong count (HK-IRR-1); a false set
(a wrong kong standing, HK-IRR-2.2); a discard no longer claimable (HK-PR-3); a pass in force for a
win on another's tile (HK-GS-3); a flower win outside its moment or with fewer than 7 flowers; a
robbed concealed kong that is not 十三么 (HK-PR-6); tiles that are not four sets and a pair nor
十三么, or no split reaching the minimum (HK-FAN-35). The count is the 番 count's
(``rulesbook.hk.fan``). Where the declarer's tiles are hidden the declaration is listed as
``missing`` and its payments left out.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

from referee.thirteen import ThirteenTable, ThirteenWin
from referee.tiles import code, kind_of
from rulesbook.family13.win_facts import win13

from .fan import FanCount, count_win
from .options import HkRules


@dataclass
class Judged:
    w: ThirteenWin
    count: Optional[FanCount] = None
    causes: list[tuple[str, str, str]] = field(default_factory=list)  # (clause, en, zh) beside HK-ZH-1
    missing: bool = False
    bumped: bool = False  # a valid declaration that lost only by head bump (HK-PR-2)
    pass_unknown: Optional[int] = None  # HK-GS-4: a tile he may have passed with his tiles unknown

    @property
    def wins(self) -> bool:
        return (not self.causes and not self.missing and not self.bumped and self.count is not None
                and self.count.qualifies and self.pass_unknown is None)

    @property
    def undetermined(self) -> bool:
        """It would win, or its tiles are not known, and only a fact the log lacks decides it."""
        return not self.causes and (self.missing or self.pass_unknown is not None)

    @property
    def false(self) -> bool:
        return bool(self.causes)

    @property
    def barred_only(self) -> bool:
        """Its one fault is a pass (HK-GS-3)."""
        return [c[0] for c in self.causes] == ["HK-GS-3"]


def judge(table: ThirteenTable, w: ThirteenWin, rules: HkRules, round_wind: int,
          dead_since: Optional[int], barred: bool, wrong_kong: bool) -> Judged:
    """The declaration ``w`` as it stood when made."""
    j = Judged(w)
    o = rules.options
    if dead_since is not None:
        since_en = f"since event {dead_since + 1}" if dead_since >= 0 else "from the position given"
        since_zh = f"自第{dead_since + 1}事件起" if dead_since >= 0 else "開局狀態已"
        j.causes.append(("HK-ZH-1", f"{w.player} is 相公 ({since_en}): he may not win",
                         f"{w.player}{since_zh}相公，不得食糊"))
    if w.how != "flower":
        want = 14 - 3 * len(w.melds)
        if w.concealed_count != want:
            big = w.concealed_count > want
            j.causes.append(("HK-IRR-1", f"{w.player} holds {w.concealed_count} tiles where a winning "
                             f"hand holds {want} ({'大' if big else '小'}相公)",
                             f"{w.player}手牌{w.concealed_count}張，應為{want}張（{'大' if big else '小'}相公）"))
    if wrong_kong:
        j.causes.append(("HK-IRR-2", "a wrong kong stands among his sets: the hand is not four sets "
                         "and a pair", "錯槓成假牌組，不成四組一對"))
    if w.how == "self_draw" and not (w.player == table.dealer and w.before_own_discard) \
            and w.drawn is not None and w.tile is not None and kind_of(w.tile) != kind_of(w.drawn):
        j.causes.append(("HK-ZH-1", f"a self-draw on {code(w.tile)}, a tile he did not draw in his turn",
                         f"自摸{code(w.tile)}，但該張並非本巡所摸"))
    if w.late and not _in_window(table, w):
        j.causes.append(("HK-PR-3", "the discard was no longer claimable", "該張已過時，不能再食"))
    if barred and w.how in ("discard", "rob_kong"):
        j.causes.append(("HK-GS-3", f"a pass (過水) is in force: he may not win on {code(w.tile)} "
                         "until his next draw or claim", f"過水未解，摸牌或吃碰前不得食{code(w.tile)}"))
    if w.how == "flower":
        if not w.flower_moment:
            j.causes.append(("HK-FAN-24", "a flower win is declared only right after the 7th or 8th "
                             "flower is laid out", "花糊須於補第七或第八隻花時即時宣告"))
        elif len(set(w.flowers)) < 7:
            j.causes.append(("HK-FAN-24", f"only {len(set(w.flowers))} flowers are laid out",
                             f"只得{len(set(w.flowers))}隻花"))
    hand = win13(table, w, round_wind)
    if hand is None:
        j.missing = True
        return j
    j.count = count_win(hand, rules)
    if w.robbed_concealed and not (o.rob_concealed_kong_13 and j.count.limit == "HK-FAN-29"):
        j.causes.append(("HK-PR-6", "a concealed kong may be robbed only to complete 十三么",
                         "暗槓只可搶槓糊十三么"))
    if not j.count.complete and w.how != "flower":
        j.causes.append(("HK-ZH-1", "the tiles are not four sets and a pair, nor 十三么",
                         "不成四組一對，亦非十三么"))
    elif not j.count.complete:
        j.causes.append(("HK-FAN-24", "no flower win row is in force", "花糊不計"))
    elif not j.count.qualifies:
        j.causes.append(("HK-FAN-35", f"{j.count.fan_min} 番 toward the minimum, below {o.min_fan}",
                         f"計起糊番數{j.count.fan_min}番，不足{o.min_fan}番起糊"))
    return j


def _in_window(table: ThirteenTable, w: ThirteenWin) -> bool:
    """HK-PR-3, HK-PR-5: a win on a discard is in time until a later discard is made; a claim made
    on it meanwhile is undone (the log may lack its ``correct restore``)."""
    at = w.claimed_at
    return at is not None and not any(x.type == "discard" for x in table.events[at + 1:w.at])


def head_bump(judged: Sequence[Judged], players: tuple[str, ...], multiple: str) -> None:
    """HK-PR-2: of the valid declarations on one tile only the first in turn order after the
    discarder (or the kong player) wins under ``head_bump``; the others are bumped (no fault). A
    false declaration bumps nobody (HK-ZH-5)."""
    if multiple == "all":
        return
    groups: dict[int, list[Judged]] = {}
    for j in judged:
        if j.wins and j.w.how in ("discard", "rob_kong") and j.w.claimed_at is not None:
            groups.setdefault(j.w.claimed_at, []).append(j)
    for group in groups.values():
        src = group[0].w.source
        k = players.index(src)  # type: ignore[arg-type]
        group.sort(key=lambda j: (players.index(j.w.player) - k) % 4)
        for j in group[1:]:
            j.bumped = True
