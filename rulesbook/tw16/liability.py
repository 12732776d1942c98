"""代位賠付 substitute liability (TW-DW).

A liability is kept as a record (``docket.Liability``: offender, event, clause, window) from the
moment its fault is in effect; at settlement it moves the payment of every win in its window to the
offender(s), who pay exactly the shares the payers would have paid (TW-DW-1), shared equally when
several are liable (TW-DW-3). Windows (TW-DW-2): ``next8`` (others' self-draws by the next 8 live-wall
draws), ``kong_tile`` (杠上開花, or a deal-in by discarding a replacement unchanged), ``that_kong_tile``
(the one tile put back on a kong), ``rest_of_hand``. A kong-tile win also makes every wrong 暗杠 on
the table liable (TW-CG-1.1, the referee's own check); a wrong 暗杠 made within the last 8 tiles and
found by settlement, every later win (TW-CG-1.3).
"""
from __future__ import annotations

from typing import Optional

from referee import events as ev
from referee.replay import Table, WinFact
from rulesbook.findings import Finding

from .docket import Liability
from .wrong_melds import WrongMelds


def liable_for(table: Table, liabilities: list[Liability], melds: WrongMelds, w: WinFact) -> list[Liability]:
    """The liabilities whose window holds this win, one per player (his earliest), ordered for
    TW-DW-3: the first in turn order after the winner pays an indivisible remainder."""
    drawn = drawn_index(table, w)
    replacement = kong_tile_draw(table, w, drawn)
    kong_tile = replacement is not None
    out = []
    for li in liabilities:
        if li.player == w.player or li.at >= w.at:
            continue
        if li.window == "kong_tile" and kong_tile:
            out.append(li)
        elif li.window == "that_kong_tile" and kong_tile and replacement == next(
                (k for k in range(li.since + 1, w.at) if isinstance(table.events[k], ev.Draw)  # type: ignore[operator]
                 and table.events[k].source == "back"), None):
            out.append(li)
        elif li.window == "next8" and w.how == "self_draw" and drawn is not None and li.at < drawn:
            back = getattr(table.events[drawn], "source", "wall") == "back"
            n = sum(1 for k in range(li.at + 1, drawn + (0 if back else 1))
                    if isinstance(table.events[k], ev.Draw) and table.events[k].source == "wall")
            if n <= 8 and (n >= 1 or back):
                out.append(li)
    if kong_tile:
        out += [Liability(c.player, c.at, "TW-CG-1.1", "kong_tile")
                for c in melds.wrong_concealed_kongs(w.at) if c.player != w.player]
    out += [Liability(c.player, c.at, "TW-CG-1.3", "rest_of_hand")  # found by settlement
            for c in melds.wrong_concealed_kongs(w.at)
            if c.player != w.player and c.effective is not None and c.wall is not None and c.wall <= 8]
    first = {li.player: li for li in reversed(out)}  # one liability per player: his earliest
    k = table.players.index(w.player)
    return sorted(first.values(), key=lambda li: (table.players.index(li.player) - k) % 4)


def kong_tile_draw(table: Table, w: WinFact, drawn: Optional[int]) -> Optional[int]:
    """The replacement draw of a kong-tile win: 杠上開花 on it, or a win on it discarded unchanged
    by its drawer; None for any other win."""
    if w.how == "self_draw":
        return drawn if w.kong_replacement else None
    if w.how != "discard" or w.claimed_at is None or w.claimed_at == 0:
        return None
    d, prev = table.events[w.claimed_at], table.events[w.claimed_at - 1]
    if (isinstance(prev, ev.Draw) and prev.source == "back" and prev.player == d.player  # type: ignore[attr-defined]
            and prev.tile == d.tile):  # type: ignore[attr-defined]
        return w.claimed_at - 1
    return None


def drawn_index(table: Table, w: WinFact) -> Optional[int]:
    """The event that brought the winning tile into a self-drawing winner's hand."""
    if w.how != "self_draw":
        return None
    for j in range(w.at - 1, -1, -1):
        e = table.events[j]
        if isinstance(e, ev.Draw) and e.player == w.player:
            return j
        if isinstance(e, (ev.Discard, ev.Chi, ev.Pon)) and getattr(e, "player", None) == w.player:
            return None
    return None


_WINDOW = {"next8": ("others' self-draws within the next 8 draws", "其後摸序八張內他人自摸"),
           "kong_tile": ("wins on kong tiles", "涉及杠上牌之和牌"),
           "that_kong_tile": ("wins on the kong tile put back", "其後該張杠上牌之和牌"),
           "rest_of_hand": ("every later win of the hand (a wrong concealed kong within the last 8 tiles)",
                            "末八張內錯暗杠：其後本盤之和牌")}


def liability_finding(w: WinFact, liable: list[Liability]) -> Finding:
    """The ruling that moves a win's payment to the liable (TW-DW-1) or shares it (TW-DW-3)."""
    names = ", ".join(li.player for li in liable)
    why = "; ".join(f"{li.rule} at event {li.at}: {_WINDOW[li.window][0]}" for li in liable)
    why_zh = "；".join(f"{li.rule}（第{li.at}事件）：{_WINDOW[li.window][1]}" for li in liable)
    kind = "self-draw" if w.how == "self_draw" else "win"
    if len(liable) == 1:
        return Finding("TW-DW-1", liable[0].player, w.at, "ruled",
                       f"Substitute liability (代位): {names} pays {w.player}'s {kind} in place of "
                       f"its payers ({why}).",
                       f"代位賠付：{names}代賠{w.player}之和牌（{why_zh}）。")
    return Finding("TW-DW-3", liable[0].player, w.at, "ruled",
                   f"Shared substitute liability (代位): {names} pay {w.player}'s {kind} equally "
                   f"({why}); {liable[0].player}, first after the winner in turn order, pays the "
                   "indivisible remainder.",
                   f"共同代位賠付：{names}平均代賠{w.player}之和牌（{why_zh}）；不能均分之餘數由"
                   f"{liable[0].player}支付。")
