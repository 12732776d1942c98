"""Money (WH-PAY) and the reading a ruling takes (WH-LZ-6.5).

Every win is paid by the three other players: raw_L = H × M_W × M_L (WH-PAY-1), capped at ``cap``
(WH-PAY-2), 金顶 when all three reach it (WH-PAY-3), one payer for all under a liability (WH-PAY-4,
``liable_cap_mode``), shares rounded down after the caps and paid × ``base`` (WH-PAY-0, 5). Each
valid reading is settled in full (``settle_reading``) and the one first by WH-LZ-6.5's keys is
taken (``referee.wild.choose``). A false win pays ``jin_ding`` × B (or K × B) to each other player
(WH-ZH-2).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Optional, Sequence

from referee import wild
from referee.ledger import Ledger
from rulesbook.family13.false_win import pay_false_win as family_false_win
from rulesbook.family13.shares import after

from .bao import Acting, acting
from .factors import hand_items, items_json, number, product
from .hu import WhReading
from .options import WhRules


@dataclass(frozen=True)
class Line:
    loser: str
    payer: str
    points: int
    raw: Fraction
    cap: Optional[str]
    keys: tuple[str, ...]


@dataclass(frozen=True)
class Settled:
    """A reading settled in full: the winner's items and M_W, the lines, the liability acting."""

    reading: WhReading
    winner_keys: tuple[str, ...]
    factor: Fraction
    lines: tuple[Line, ...]
    liability: Optional[Acting]

    def key(self) -> tuple:
        """WH-LZ-6.5 keys (1)–(5), greatest first; (6) is ``wild.canonical``."""
        r = self.reading
        return (sum(x.points for x in self.lines), sum(x.raw for x in self.lines), r.hard, r.units,
                -r.stand_ins)


def shares(rules: WhRules, raws: Sequence[Fraction], h: Fraction,
           liable: bool) -> list[tuple[Fraction, Optional[str]]]:
    """Each loser's share and what set it (WH-PAY-2…4)."""
    o = rules.options
    scale = h if o.cap_scale == "hand_base" else 1
    cap, jin, lcap = o.cap * scale, o.jin_ding * scale, o.liable_cap * scale
    if all(r >= cap for r in raws):  # 金顶; under ``total`` their sum is still capped (WH-PAY-4)
        out: list[tuple[Fraction, Optional[str]]] = [(Fraction(jin), "jin_ding") for _ in raws]
    elif liable and o.liable_cap_mode == "per_share":
        return [(min(r, lcap), "liable_cap" if r > lcap else None) for r in raws]
    else:
        out = [(min(r, cap), "cap" if r > cap else None) for r in raws]
    if liable and o.liable_cap_mode == "total":
        left, capped = Fraction(lcap), []
        for s, why in out:
            capped.append((min(s, left), "liable_cap" if s > left else why))
            left -= min(s, left)
        return capped
    return out


def settle_reading(rules: WhRules, players: tuple[str, ...], dealer: str, winner: str, how: str,
                   source: Optional[str], reading: WhReading, table_keys: dict[str, list[str]],
                   bao: Optional[Acting]) -> Settled:
    special = any(reading.has(h) for h in ("WH-HU-4.6", "WH-HU-4.7", "WH-HU-4.8"))
    hand_keys = hand_items(rules, players, dealer, winner, how, source, reading.big, reading.hard, special)
    keys = {p: tuple(table_keys[p] + hand_keys[p]) for p in players}
    m_w = product(rules, list(keys[winner]))
    losers = after(players, winner)
    raws = [reading.value * m_w * product(rules, list(keys[p])) for p in losers]
    lines = tuple(Line(p, bao.liable if bao is not None else p, math.floor(s), raw, why, keys[p])
                  for p, raw, (s, why) in zip(losers, raws, shares(rules, raws, reading.value, bao is not None)))
    return Settled(reading, keys[winner], m_w, lines, bao)


def best(rules: WhRules, players: tuple[str, ...], dealer: str, winner: str, how: str,
         source: Optional[str], readings: Sequence[WhReading], table_keys: dict[str, list[str]],
         bao_of: Callable[[WhReading], Optional[Acting]]) -> Settled:
    """Every valid reading settled, the first by WH-LZ-6.5 taken."""
    settled = {r.reading: settle_reading(rules, players, dealer, winner, how, source, r, table_keys,
                                         bao_of(r)) for r in readings}
    chosen = wild.choose((s.key(), r) for r, s in settled.items())
    assert chosen is not None
    return settled[chosen[1]]


def pay(ledger: Ledger, rules: WhRules, winner: str, s: Settled, cause: int) -> None:
    """The chosen reading's lines into the ledger, each × ``base``, with its raw, cap and factors."""
    for x in s.lines:
        if x.points == 0:  # a share the liable total cap left nothing of (WH-PAY-4 total): no line
            continue
        ledger.pay_points(x.payer, winner, x.points * rules.base, "WH-PAY-1", cause=cause,
                          liability=s.liability.clause if s.liability is not None and x.payer != x.loser else None,
                          extra=(("raw", number(x.raw)), ("cap", x.cap),
                                 ("factors", items_json(rules, list(x.keys)))))


def pay_false_win(ledger: Ledger, rules: WhRules, players: Sequence[str], offender: str,
                  cause: int) -> Optional[dict]:
    """WH-ZH-2: ``reverse_jin_ding`` (``jin_ding`` × B to each), ``fixed:K`` (K × B; K 0: nothing,
    the hand still ends), ``dead_hand`` (nothing), on the family's settlement."""
    option = rules.options.false_win
    if option == "reverse_jin_ding":
        option = "reverse_limit"
    return family_false_win(ledger, option, after(players, offender), offender, rules.base,
                            rules.options.jin_ding * rules.base, "WH-ZH-2", cause)
