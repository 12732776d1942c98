"""The deal from hand to hand, as every variant seats it: the next dealer in turn order, and the
round wind, which advances when the deal passes back to the game's starting dealer."""
from __future__ import annotations

from typing import Optional

WINDS = (27, 28, 29, 30)


def next_dealer(players: tuple[str, ...], dealer: str) -> str:
    return players[(players.index(dealer) + 1) % 4]


def next_round_wind(players: tuple[str, ...], round_wind: int, old: str, new: str,
                    start_dealer: Optional[str]) -> int:
    """The round wind advances when the deal passes back to the starting dealer."""
    if start_dealer is not None and new != old and new == start_dealer:
        return WINDS[(WINDS.index(round_wind) + 1) % 4]
    return round_wind
