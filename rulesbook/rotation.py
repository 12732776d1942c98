"""The deal from hand to hand, as every variant seats it: the next dealer in turn order, and the
round wind, which advances when the deal passes back to the game's starting dealer."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

WINDS = (27, 28, 29, 30)


def next_dealer(players: tuple[str, ...], dealer: str) -> str:
    return players[(players.index(dealer) + 1) % 4]


def next_round_wind(players: tuple[str, ...], round_wind: int, old: str, new: str,
                    start_dealer: Optional[str]) -> int:
    """The round wind advances when the deal passes back to the starting dealer."""
    if start_dealer is not None and new != old and new == start_dealer:
        return WINDS[(WINDS.index(round_wind) + 1) % 4]
    return round_wind


@dataclass(frozen=True)
class Next:
    dealer: str
    streak: int
    round_wind: Optional[int]  # None without a start dealer


def next_hand(opts, players: tuple[str, ...], dealer: str, streak: int, round_wind: int,
              start_dealer: Optional[str], result: str, winners: Sequence[str],
              offenders: Sequence[str]) -> Optional[Next]:
    """The next hand's dealer, streak and round wind; None when the hand is still open.
    ``opts.dealer_rotation``: ``dealer_win`` (the dealer keeps on his win, also as one of several
    winners), ``dealer_win_or_draw`` (also on an exhaustive draw), ``always`` (the deal always
    passes), ``winner_deals`` (the first of ``winners``, given in turn order from the discarder,
    deals; an exhaustive draw leaves the dealer), ``next_seat`` (the dealer keeps on his win and
    on an exhaustive draw, WH-FLOW-6/7). A false win (HK-ZH-4, GD-ZH-4): a dealer offender
    loses the deal, else nothing changes."""
    if result == "open":
        return None
    keeps: Optional[bool]
    if opts.dealer_rotation == "always":
        keeps = False
    elif opts.dealer_rotation == "winner_deals" and result == "win":  # GD-FLOW-8: the first winner deals
        first = winners[0]
        new, new_streak = first, (streak + 1 if first == dealer else 0)
        wind = None if start_dealer is None else next_round_wind(players, round_wind, dealer, new, start_dealer)
        return Next(new, new_streak, wind)
    elif result == "win":
        keeps = dealer in winners  # HK-FLOW-10; a false declarer beside a valid win bumps nobody
    elif result == "exhaustive_draw":
        keeps = opts.dealer_rotation in ("dealer_win_or_draw", "winner_deals", "next_seat")
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
