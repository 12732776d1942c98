"""Settlement of valid wins (TW-PAY-1…5) and the next dealer (TW-FLOW-8/9)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from referee.ledger import Ledger


@dataclass(frozen=True)
class DealerTerms:
    """Who deals, the true streak N (連莊) and the streak marker the dice show (TW-FLOW-9)."""

    dealer: str
    streak: int
    marker: int

    def dealer_tai(self, dealer_collects: bool) -> int:
        """作莊 1 + 連N拉N 2N (TW-PAY-3, TW-TAI-9/10). The dealer always gets the worse of the true
        N and the marker: he collects by the smaller and pays by the larger (TW-FLOW-9)."""
        n = min(self.streak, self.marker) if dealer_collects else max(self.streak, self.marker)
        return 1 + 2 * n


def pay_win(ledger: Ledger, terms: DealerTerms, winner: str, payers: Sequence[str], face: int,
            rule: str, cause: Optional[int] = None, liable: Sequence[str] = ()) -> None:
    """Each payer pays the winner B + n·T; a payment between the dealer and another player carries
    the dealer tai (TW-PAY-3). With ``liable`` players (代位, TW-DW-1) they pay exactly those
    shares in the payers' place, equally when several (TW-DW-3; ``liable`` in the order that
    pays an indivisible remainder)."""
    for payer in payers:
        tai = face
        if terms.dealer in (payer, winner):
            tai += terms.dealer_tai(dealer_collects=winner == terms.dealer)
        if not liable:
            ledger.pay(payer, winner, tai, rule, cause=cause)
        elif len(liable) == 1:
            ledger.pay(liable[0], winner, tai, "TW-DW-1", cause=cause)
        else:
            ledger.pay_shared(liable, winner, tai, "TW-DW-3", cause=cause)


def head_bump(players: Sequence[str], discarder: str, claimants: Sequence[str]) -> str:
    """頭跳 (TW-PAY-4): of several players winning on one tile, the nearest after the discarder in
    turn order wins."""
    start = players.index(discarder)
    return min(claimants, key=lambda p: (players.index(p) - start) % len(players))


WINDS = (27, 28, 29, 30)


def next_round_wind(round_wind: int, new_dealer: str, old_dealer: str,
                    start_dealer: Optional[str]) -> Optional[int]:
    """The round wind advances each time the deal returns to the starting dealer's seat (TW-SEAT-2);
    without the starting seat it cannot be known."""
    if start_dealer is None:
        return None
    if new_dealer != old_dealer and new_dealer == start_dealer:
        return WINDS[(WINDS.index(round_wind) + 1) % 4]
    return round_wind
