"""翻 items (WH-FAN): every player's product M_p at a win, the three losers' included.

The items of the table (WH-FAN-1…7: claims, kongs, single kongs, thrown 红中 and 癞子) are read
from the log up to the win (``table_items``): a ``state``'s melds and ``laid`` tiles, then the
events, less what a ``correct restore`` undid; a wrong kong left standing is a false set and counts
nothing (WH-IRR-2.2); a wrong claim that stands is still a claim (WH-IRR-3). The items of the hand
(WH-FAN-8…11: 庄 on a small hand, 硬胡, 自摸, 放炮) depend on the reading (``hand_items``).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Optional

from referee import events as ev
from referee.tiles import kind_of

from .options import WhRules
from .table import HONG, WuhanTable

Item = tuple[str, str, Fraction]  # (key, name, x)

NAMES = {
    "WH-FAN-1": "开口", "WH-FAN-2": "冲杠", "WH-FAN-3": "蓄杠", "WH-FAN-4": "暗杠", "WH-FAN-5": "红中杠",
    "WH-FAN-6": "癞子杠", "WH-FAN-7.claimed": "小朝天", "WH-FAN-7.concealed": "暗朝天",
    "WH-FAN-7.single": "皮子杠", "WH-FAN-8": "庄", "WH-FAN-9": "硬胡", "WH-FAN-10.small": "自摸",
    "WH-FAN-10.big": "自摸", "WH-FAN-11.small": "放炮", "WH-FAN-11.big": "放炮",
}
_ORDER = {key: n for n, key in enumerate(NAMES)}
_KONG = {"claimed": "WH-FAN-2", "added": "WH-FAN-3", "concealed": "WH-FAN-4"}
_CHAOTIAN = {"claimed": "WH-FAN-7.claimed", "concealed": "WH-FAN-7.concealed"}


def _kong_key(kind: str, tiles: int) -> Optional[str]:
    return _CHAOTIAN.get(kind) if tiles == 3 else _KONG.get(kind)


def _single_key(tile: int, table: WuhanTable) -> Optional[str]:
    k = kind_of(tile)
    if k == HONG:
        return "WH-FAN-5"
    if k == table.wild:
        return "WH-FAN-6"
    return "WH-FAN-7.single" if table.pi is not None and k == table.pi else None


def table_items(table: WuhanTable, rules: WhRules, before: int, taken: Optional[int] = None) -> dict[str, list[str]]:
    """Each player's items of the table (keys, one per occurrence) as they stand before event
    ``before`` (WH-FAN-0); ``taken``: the discard a win takes, so that a claim made on it meanwhile
    is undone, logged or not (WH-PR-4, as HK-PR-5)."""
    keys: dict[str, list[str]] = {p: [] for p in table.players}
    claims = {p: 0 for p in table.players}
    counts_thrown = rules.options.special_discard == "counts_as_kong"
    false_sets = {a.at for a in table.anomalies if a.kind == "wrong_kong" and a.at not in table.undone}
    restored = {e.about for e in table.events[:before] if isinstance(e, ev.Correct) and e.action == "restore"}
    events = table.events
    start = events[0] if events else None
    if isinstance(start, ev.State):
        for p, melds in start.melds.items():
            for m in melds:
                if m.kind != "kong" or m.kong in ("claimed", "added"):
                    claims[p] += 1
                if m.kind == "kong":
                    key = _kong_key(m.kong or "", len(m.tiles))
                    if key:
                        keys[p].append(key)
        thrown = [table.thrown[0]] if 0 in table.thrown and counts_thrown else []  # on offer
        for p, tiles in list(start.laid.items()) + [(p, (t,)) for p, t in thrown]:
            for t in tiles:
                key = _single_key(t, table)
                if key:
                    keys[p].append(key)
    for i in range(min(before, len(events))):
        e = events[i]
        if taken is not None and i > taken and isinstance(e, (ev.Chi, ev.Pon, ev.Kong)) \
                and (not isinstance(e, ev.Kong) or e.kind == "claimed"):
            continue  # a claim of the discard won on: undone for the win
        if isinstance(e, (ev.Chi, ev.Pon)) and i not in restored:
            claims[e.player] += 1
        elif isinstance(e, ev.Kong) and i not in table.undone and i not in false_sets:
            if e.kind == "claimed":
                claims[e.player] += 1
            key = _kong_key(e.kind, len(e.tiles))
            if key:
                keys[e.player].append(key)
        elif isinstance(e, ev.SingleKong) and i not in table.undone and i not in false_sets:
            key = _single_key(e.tile, table)
            if key:
                keys[e.player].append(key)
        elif isinstance(e, ev.Discard) and i in table.thrown and counts_thrown:
            key = _single_key(e.tile, table)
            if key:
                keys[e.player].append(key)
    per_claim = rules.options.open_factor == "per_claim"
    for p, n in claims.items():
        keys[p][:0] = ["WH-FAN-1"] * (n if per_claim else min(n, 1))
    return keys


def hand_items(rules: WhRules, players: tuple[str, ...], dealer: str, winner: str, how: str,
               source: Optional[str], big: bool, hard: bool, special: bool) -> dict[str, list[str]]:
    """The items of the hand for a reading: 庄 (small hands only), 硬胡, 自摸 (杠上花, 海底捞 and 抢杠
    included, ``special``: one of those, under ``special_self_draw``), 放炮 (not on a 抢杠)."""
    size = "big" if big else "small"
    keys: dict[str, list[str]] = {p: [] for p in players}
    if not big:
        keys[dealer].append("WH-FAN-8")
    if hard:
        keys[winner].append("WH-FAN-9")
    if (how == "self_draw" or how == "rob_kong") and (rules.options.special_self_draw or not special):
        keys[winner].append(f"WH-FAN-10.{size}")
    if how == "discard" and source is not None:
        keys[source].append(f"WH-FAN-11.{size}")
    return keys


def product(rules: WhRules, keys: list[str]) -> Fraction:
    m = Fraction(1)
    for k in keys:
        m *= rules.x(k)
    return m


def items_json(rules: WhRules, keys: list[str]) -> list[dict]:
    """``factors``: one per occurrence, in clause order."""
    return [{"rule": k, "name": NAMES[k], "x": number(rules.x(k))} for k in sorted(keys, key=_ORDER.__getitem__)]


def number(x: Fraction) -> object:
    """A value for the ruling: an integer when whole, else a float (x.5)."""
    return int(x) if x.denominator == 1 else float(x)
