"""From hand to hand in Hong Kong (HK-FLOW-10, 11, 12; HK-ZH-4, 5): the next dealer, his streak and
the round wind after a hand, and the finding for a recorded hand that contradicts them.

``opts.dealer_rotation``: ``dealer_win`` (default: the dealer keeps on his win, also as one of
several winners), ``dealer_win_or_draw`` (also on a 流局, 冧莊), ``always`` (the deal passes after
every hand). ``streak`` carries no money (HK-PAY-5).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from rulesbook.rotation import next_dealer, next_round_wind


@dataclass(frozen=True)
class Next:
    dealer: str
    streak: int
    round_wind: Optional[int]  # None without a start dealer


def next_hand(opts, players: tuple[str, ...], dealer: str, streak: int, round_wind: int,
              start_dealer: Optional[str], result: str, winners: Sequence[str],
              offenders: Sequence[str]) -> Optional[Next]:
    """The next hand's dealer, streak and round wind; None when the hand is still open."""
    if result == "open":
        return None
    keeps: Optional[bool]
    if opts.dealer_rotation == "always":
        keeps = False
    elif result == "win":
        keeps = dealer in winners  # HK-FLOW-10; a false declarer beside a valid win bumps nobody
    elif result == "exhaustive_draw":
        keeps = opts.dealer_rotation == "dealer_win_or_draw"
    else:  # false_win (HK-ZH-4, 5): a dealer offender loses the deal; else nothing changes
        keeps = None if dealer not in offenders else False
    if keeps is None:
        new, new_streak = dealer, streak
    elif keeps:
        new, new_streak = dealer, streak + 1
    else:
        new, new_streak = next_dealer(players, dealer), 0
    wind = None if start_dealer is None else next_round_wind(players, round_wind, dealer, new, start_dealer)
    return Next(new, new_streak, wind)
