"""The skeleton every variant's ``adjudicate`` shares: the hands of a document ruled one after the
other, each from what the one before carries (``rule_hands``); a hand the log cannot support is an
``InputError`` at its JSON path; the net over the document, asserted to sum to zero; the ruling's
envelope (``envelope``); for the variants that count a dealer's streak, what a hand carries into
the next (``Carry``), how the next hand is seated from it (``seated``) and the ruling's ``next``
(``next_json``). What one hand's ruling is stays with the variant.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Optional, TypeVar

from referee.errors import InputError, ReplayError
from referee.model import Document, HandRecord
from referee.tiles import code
from rulesbook.rotation import WINDS

RULING_FORMAT = "mjref-ruling/1"

C = TypeVar("C")


def rule_hands(doc: Document, parties: Iterable[str],
               rule_hand: Callable[[HandRecord, Optional[C], str], tuple[dict, Optional[C]]],
               ) -> tuple[list[dict], dict[str, int], Optional[C]]:
    """Each hand of ``doc`` ruled in order by ``rule_hand(record, carry, prefix)`` (``prefix``: the
    hand's JSON path), which returns its ruling and what it carries into the next hand (None into
    the first). Returns the rulings, the net of ``parties`` over them all, and the last carry."""
    total = {p: 0 for p in parties}
    out_hands = []
    carry: Optional[C] = None
    for k, record in enumerate(doc.hands):
        prefix = "hand" if doc.single else f"hands[{k}]"
        try:
            ruling, carry = rule_hand(record, carry, prefix)
        except ReplayError as err:
            raise InputError({err.path(prefix): [err.reason]}) from None
        for p, amount in ruling["net"].items():
            total[p] += amount
        out_hands.append(ruling)
    assert sum(total.values()) == 0
    return out_hands, total, carry


def envelope(doc: Document, rulebook: str, preset: Optional[str], hands: list[dict], net: dict[str, int]
           ) -> dict[str, Any]:
    """The ruling's envelope (EVENT_LOG.md): its format, the variant and rulebook version, the
    preset (None: a variant that names none), the hands' rulings and the net."""
    out: dict[str, Any] = {"format": RULING_FORMAT, "variant": doc.variant, "rulebook": rulebook}
    if preset is not None:
        out["preset"] = preset
    out["hands"], out["net"] = hands, net
    return out


def need_dealer(record: HandRecord, carry: Any, prefix: str) -> None:
    """The first hand (nothing carried into it) must name its dealer."""
    if record.dealer is None and carry is None:
        raise InputError({f"{prefix}.dealer": ["the first hand must name its dealer"]})


@dataclass(frozen=True)
class Carry:
    """What one hand's outcome says the next hand must be: its dealer, streak and round wind (None:
    not known), the start dealer; ``game_over``: four rounds are done, the next hand starts a new
    game (tw16, TW-SEAT-3)."""

    dealer: str
    streak: int
    round_wind: Optional[int]
    start_dealer: Optional[str]
    game_over: bool = False


def seated(record: HandRecord, carry: Optional[Carry], prefix: str) -> tuple[str, int, int, Optional[str]]:
    """The hand's dealer, streak, round wind and start dealer: as recorded, else as carried from the
    previous hand (the first hand: streak 0, East round; it must name its dealer)."""
    need_dealer(record, carry, prefix)
    dealer = record.dealer if record.dealer is not None else carry.dealer  # type: ignore[union-attr]
    streak = record.streak if record.streak is not None else (carry.streak if carry else 0)
    round_wind = record.round_wind if record.round_wind is not None else (
        carry.round_wind if carry and carry.round_wind is not None else WINDS[0])
    start_dealer = record.start_dealer or (carry.start_dealer if carry else None)
    return dealer, streak, round_wind, start_dealer


def next_json(nxt: Any) -> Optional[dict]:
    """A ruling's ``next`` from ``nxt`` (its ``dealer``, ``streak``, ``round_wind``; None: not known)."""
    if nxt is None:
        return None
    return {"dealer": nxt.dealer, "streak": nxt.streak,
            "round_wind": None if nxt.round_wind is None else code(nxt.round_wind)}
