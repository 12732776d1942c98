"""Settlement of valid wins (TW-PAY-1…5), the dealer's terms (TW-FLOW-9), and the next dealer
(TW-FLOW-8, TW-ZH-4, TW-CD-3) with the hand-to-hand check of a recorded game (TW-SEAT-2)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from referee.ledger import Ledger
from referee.model import HandRecord
from referee.replay import Table, WinFact
from referee.tiles import code
from rulesbook.findings import Finding
from rulesbook.hands import Carry, seated

from .face import Judged


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
    shares in the payers' place; several share the whole equally (TW-DW-3; ``liable`` in the order
    that pays the indivisible remainder of the whole)."""
    shares = []
    for payer in payers:
        tai = face
        if terms.dealer in (payer, winner):
            tai += terms.dealer_tai(dealer_collects=winner == terms.dealer)
        if not liable:
            ledger.pay(payer, winner, tai, rule, cause=cause)
        elif len(liable) == 1:
            ledger.pay(liable[0], winner, tai, "TW-DW-1", cause=cause)
        shares.append(tai)
    if len(liable) > 1:
        ledger.pay_shared(liable, winner, shares, "TW-DW-3", cause=cause)


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


# -- the valid wins -----------------------------------------------------------------------------

_PAY_RULE = {"discard": "TW-PAY-1", "rob_kong": "TW-PAY-1a", "self_draw": "TW-PAY-2",
             "flower": "TW-TAI-29", "rob_flower": "TW-TAI-30"}


def payers(table: Table, w: WinFact) -> list[str]:
    """放銃 pays alone (discard, robbed kong TW-PAY-1a, robbed flower TW-TAI-30); otherwise the
    other three (self-draw, 八仙過海)."""
    if w.how in ("discard", "rob_kong", "rob_flower"):
        return [w.source]  # type: ignore[list-item]
    return [p for p in table.players if p != w.player]


def pay_valid_win(ledger: Ledger, table: Table, terms: DealerTerms, j: Judged,
                  liable: list[str]) -> None:
    if j.self_draw is not None:
        # TW-FL-3 (b): the replacement won as 杠上開花: all three pay that self-draw by its face
        # (the robbed flower not counted), and the robbed player pays the 七搶一 tai apart (flat:
        # the base and the dealer tai are in the self-draw's shares; *interpretation*).
        w = j.win
        pay_win(ledger, terms, w.player, [p for p in table.players if p != w.player], j.self_draw.tai,
                "TW-PAY-2", cause=w.at, liable=liable)
        rob = (j.face or 0) - j.self_draw.tai
        ledger.pay(w.source, w.player, rob, "TW-TAI-30", with_base=False, cause=w.at)  # type: ignore[arg-type]
        return
    pay_win(ledger, terms, j.win.player, payers(table, j.win), j.face or 0, _PAY_RULE[j.win.how],
            cause=j.win.at, liable=liable)


def apply_head_bump(table: Table, wins: list[Judged], multiple_winners: str) -> tuple[list[Judged], bool]:
    """頭跳 TW-PAY-4 (default) or every winner (option multiple_winners: all). ``wins``: the valid
    wins and those whose validity is unknown (a hidden hand); a valid win behind a nearer unknown
    one cannot be known to win and is left out, as the unknown one is. Returns the winners and
    whether an unknown win still decides the outcome."""
    if multiple_winners == "all":
        return [j for j in wins if not j.unknown], any(j.unknown for j in wins)
    by_tile: dict[int, list[Judged]] = {}
    for j in wins:  # wins on one discard or added kong share its index; others stand alone
        key = j.win.claimed_at if j.win.claimed_at is not None else -1 - j.win.at
        by_tile.setdefault(key, []).append(j)
    kept, undecided = [], False
    for group in by_tile.values():
        if len(group) > 1:
            first = head_bump(table.players, group[0].win.source, [j.win.player for j in group])  # type: ignore[arg-type]
            group = [j for j in group if j.win.player == first]
        kept.extend(j for j in group if not j.unknown)
        undecided = undecided or any(j.unknown for j in group)
    return sorted(kept, key=lambda j: j.win.at), undecided


# -- the next hand ------------------------------------------------------------------------------

def seating(record: HandRecord, carry: Optional[Carry], prefix: str):
    """The hand's dealer, streak and round wind: as recorded, else as carried from the previous
    hand. A recorded value that contradicts the previous outcome is a TW-FLOW-8 finding."""
    findings: list[Finding] = []
    dealer, streak, round_wind, start_dealer = seated(record, carry, prefix)
    if carry is not None and carry.game_over:  # a new game: its first dealer is thrown for, and his
        start_dealer = record.start_dealer or dealer  # seat is its 起庄位 (TW-SEAT-2)
    if carry is not None:
        wrong = []
        if dealer != carry.dealer and not carry.game_over:
            wrong.append(f"dealer {dealer} (expected {carry.dealer})")
        if streak != carry.streak:
            wrong.append(f"streak {streak} (expected {carry.streak})")
        if carry.round_wind is not None and round_wind != carry.round_wind:
            wrong.append(f"round wind {code(round_wind)} (expected {code(carry.round_wind)})")
        if wrong:
            findings.append(Finding(
                "TW-FLOW-8", dealer, None, "ruled",
                "The recorded hand contradicts the previous hand's outcome: " + ", ".join(wrong)
                + "; the recorded values are used for this hand's settlement.",
                "本盤記錄與上盤結果不符（" + "、".join(wrong) + "），本盤依記錄結算。"))
    marker = record.streak_marker if record.streak_marker is not None else streak
    return DealerTerms(dealer, streak, marker), round_wind, start_dealer, findings


def outcome(table: Table, terms: DealerTerms, valid: list[Judged], offenders: list[str],
            penalty: bool, round_wind: int, start_dealer: Optional[str],
            meld_discarders: list[str]) -> tuple[str, Optional[Carry]]:
    """The hand's result and the next dealer: TW-FLOW-8, TW-ZH-4 for a penalty, TW-CD-3."""
    dealer = terms.dealer

    def carry(new: str, streak: int) -> Carry:
        wind = next_round_wind(round_wind, new, dealer, start_dealer)
        return Carry(new, streak, wind, start_dealer, game_over=round_wind == WINDS[3] and wind == WINDS[0])

    if valid and meld_discarders:  # TW-CD-3: as a penalty, whoever won (TW-FLOW-8 → TW-ZH-4)
        if dealer in meld_discarders or dealer in offenders:  # a dealer who false-won loses it too
            return "win", carry(table.next_of(dealer), 0)
        return "win", carry(dealer, terms.streak)

    if valid:  # TW-FLOW-8 (also beside a false win or 包賠 in the same moment, TW-ZH-7)
        if any(j.win.player == dealer for j in valid):
            return "win", carry(dealer, terms.streak + 1)
        return "win", carry(table.next_of(dealer), 0)
    if offenders:
        # TW-ZH-4: an offending dealer loses the deal; otherwise he keeps it and N does not grow.
        result = "penalty" if penalty else "false_win"
        if dealer in offenders:
            return result, carry(table.next_of(dealer), 0)
        return result, carry(dealer, terms.streak)
    if table.ended == "exhaustive_draw":
        return "exhaustive_draw", carry(dealer, terms.streak + 1)
    return "open", None
