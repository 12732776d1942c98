"""HK-PAY-0's money curves as data and the portion P = ``base`` × m(F); the shares of one win
(HK-PAY-1 self-draw: P from each of the three; HK-PAY-2 全銃 / 半銃) and the limit portion a 詐糊 is priced by (HK-ZH-2).
Who pays which share after liabilities is the settlement's (HK-PAY-3 … 8, HK-BAO).
"""
from __future__ import annotations

from typing import NamedTuple

from .options import HkRules

#: m(F) for F = 0 … 13 (HK-PAY-0's table): 半辣上 doubles to 4 番, then ×1.5 and ×2 by turns
#: ("每兩番先至跳一倍"); 辣辣上 doubles every 番 (seed 003's 分值 column)
CURVES: dict[str, tuple[int, ...]] = {
    "half_spicy": (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384),
    "spicy": (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192),
}


def multiplier(curve: str, fan_paid: int) -> int:
    """m(F) on ``curve``; F is 0 … 13 (the cap keeps it there)."""
    return CURVES[curve][fan_paid]


def portion(rules: HkRules, fan_paid: int) -> int:
    """HK-PAY-0: P = ``base`` × m(F) on the ruleset's curve."""
    return rules.base * multiplier(rules.options.money_curve, fan_paid)


def limit_portion(rules: HkRules) -> int:
    """HK-ZH-2: P at F = ``limit_fan`` (128 × ``base`` under `club`, 64 × ``base`` under `casual`)."""
    return portion(rules, rules.options.limit_fan)


class DiscardShares(NamedTuple):
    discarder: int
    each_other: int  # each of the two players who neither won nor discarded


def discard_shares(rules: HkRules, p: int) -> DiscardShares:
    """HK-PAY-2: a win on a discard gives the winner 2P: 全銃 (``payment: full``) the discarder
    pays 2P; 半銃 (``half``) the discarder P and each other P/2 (HK-PAY-7 keeps P even there)."""
    if rules.options.payment == "full":
        return DiscardShares(2 * p, 0)
    assert p % 2 == 0, "HK-PAY-7: a half-pay share must be whole"
    return DiscardShares(p, p // 2)

