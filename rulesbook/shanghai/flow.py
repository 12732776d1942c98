"""From hand to hand in Shanghai (SH-FLOW-9, 10): the winner deals next; of several winners on one
tile the first in turn order after the discarder; after an exhaustive draw or a hand ended by a
false win the dealer keeps the deal. ``streak`` counts the hands the same player has dealt in a
row and carries no money; the round wind carries nothing (``next.round_wind`` is null).
"""
from __future__ import annotations

from typing import Optional, Sequence

from rulesbook.rotation import Next


def next_hand(opts, players: tuple[str, ...], dealer: str, streak: int, round_wind: int,
              start_dealer: Optional[str], result: str, winners: Sequence[str],
              offenders: Sequence[str]) -> Optional[Next]:
    """SH-FLOW-9 (``winners`` in turn order from the discarder); None while the hand is open."""
    if result == "open":
        return None
    new = winners[0] if result == "win" else dealer
    return Next(new, streak + 1 if new == dealer else 0, None)
