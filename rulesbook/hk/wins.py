"""A Hong Kong win declaration judged the moment it is made (HK-ZH-1, HK-FAN-35, HK-GS-3,
HK-PR-3, HK-PR-6, HK-FAN-24/25's moment), and several declarations on one tile (HK-PR-2 截糊,
HK-ZH-5), on the family's judge (``rulesbook.family13.declarations``) with Hong Kong's clauses and
words, and its own checks: a flower win outside its moment or with fewer than 7 flowers; a robbed
concealed kong that is not 十三么 (HK-PR-6). The count is the 番 count's (``rulesbook.hk.fan``).
"""
from __future__ import annotations

from typing import Optional

from referee.thirteen import ThirteenTable, ThirteenWin
from rulesbook.family13 import declarations
from rulesbook.family13.declarations import Judged, Words, head_bump, texts

from .fan import count_win
from .options import HkRules

__all__ = ["Judged", "judge", "head_bump"]

CLAUSES = {"dead": "HK-ZH-1", "count": "HK-IRR-1", "false_set": "HK-IRR-2", "not_drawn": "HK-ZH-1",
           "late": "HK-PR-3", "barred": "HK-GS-3", "shape": "HK-ZH-1", "minimum": "HK-FAN-35"}
TEXT = texts({
    "since_event": "自第{n}事件起", "since_state": "開局狀態已", "dead": "{player}{since_zh}相公，不得食糊",
    "count": "{player}手牌{held}張，應為{want}張（{size}相公）", "false_set": "錯槓成假牌組，不成四組一對",
    "not_drawn": "自摸{tile}，但該張並非本巡所摸", "late": "該張已過時，不能再食",
    "barred": "過水未解，摸牌或吃碰前不得食{tile}", "shape": "不成四組一對，亦非十三么",
    "minimum": "計起糊番數{fan_min}番，不足{min_fan}番起糊", "call_dead": "{player}相公，不得食糊",
    "call_barred": "過水未解", "call_no_tile": "手中並無{tile}", "call_shape": "手牌不能食{tile}",
    "call_minimum": "計起糊番數{fan_min}番，不足起糊",
}, barred="a pass (過水) is in force: he may not win on {tile} until his next draw or claim",
    shape="the tiles are not four sets and a pair, nor 十三么", call_barred="a pass (過水) is in force")


def _flower_moment(j: Judged) -> None:
    w = j.w
    if w.how != "flower":
        return
    if not w.flower_moment:
        j.causes.append(("HK-FAN-24", "a flower win is declared only right after the 7th or 8th "
                         "flower is laid out", "花糊須於補第七或第八隻花時即時宣告"))
    elif len(set(w.flowers)) < 7:
        j.causes.append(("HK-FAN-24", f"only {len(set(w.flowers))} flowers are laid out",
                         f"只得{len(set(w.flowers))}隻花"))


def _words(rules: HkRules) -> Words:
    o = rules.options

    def after(j: Judged, count) -> None:
        if j.w.robbed_concealed and not (o.rob_concealed_kong_13 and count.limit == "HK-FAN-29"):
            j.causes.append(("HK-PR-6", "a concealed kong may be robbed only to complete 十三么",
                             "暗槓只可搶槓糊十三么") if o.rob_concealed_kong_13 else
                            ("HK-PR-6", "a concealed kong may not be robbed (rob_concealed_kong_13 is off)",
                             "暗槓不可搶（不設搶暗槓糊十三么）"))
        if j.w.how == "flower" and not count.complete:
            j.causes.append(("HK-FAN-24", "no flower win row is in force", "花糊不計"))

    return Words(CLAUSES, TEXT, before=_flower_moment, after=after)


def judge(table: ThirteenTable, w: ThirteenWin, rules: HkRules, round_wind: int,
          dead_since: Optional[int], barred: bool, wrong_kong: bool) -> Judged:
    """The declaration ``w`` as it stood when made."""
    return declarations.judge(table, w, lambda hand: count_win(hand, rules), _words(rules),
                              rules.options.min_fan, round_wind, dead_since, barred, wrong_kong)
