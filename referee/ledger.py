"""The ledger: every payment of a hand, in integers, with the clause that caused it.

A payment keeps how it was counted (with or without the base, and how many tai) as well as the
amount, so that a side bet can mirror it at its own stake (TW-HB-1).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional, Sequence


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    amount: int
    rule: str
    tai: int = 0  # tai counted in the amount (dealer tai included)
    with_base: bool = True
    cause: Optional[int] = None  # the event index the payment rests on
    parts: int = 1  # a share paid by several liable players together: this is one of ``parts``
    liability: Optional[str] = None  # 13-tile play: the liability clause that moved this share
    extra: tuple = ()  # a variant's own fields of the payment line, as (key, value) pairs (wuhan)

    def as_json(self, with_at: bool = False) -> dict:
        """The ruling's payment; ``with_at``: with the event index it belongs to (``at``), as a
        hand with several wins settles each when it happens (RULEBOOK_SC SC-PAY-7)."""
        out = {"from": self.payer, "to": self.payee, "amount": self.amount, "rule": self.rule}
        if self.extra:
            out.update(self.extra)
        if self.liability is not None:
            out["liability"] = self.liability
        if with_at:
            out["at"] = self.cause
        return out


class Ledger:
    def __init__(self, base: int, tai: int):
        self.base = base
        self.tai_unit = tai
        self.payments: list[Payment] = []

    def pay(self, payer: str, payee: str, tai: int, rule: str, *, with_base: bool = True,
            cause: Optional[int] = None) -> Payment:
        """Record a payment worth ``with_base``·B + ``tai``·T."""
        if payer == payee:
            raise ValueError(f"{payer} cannot pay himself ({rule})")
        amount = (self.base if with_base else 0) + tai * self.tai_unit
        p = Payment(payer, payee, amount, rule, tai, with_base, cause)
        self.payments.append(p)
        return p

    def pay_points(self, payer: str, payee: str, amount: int, rule: str, *,
                   cause: Optional[int] = None, liability: Optional[str] = None,
                   extra: tuple = ()) -> Payment:
        """Record a payment of ``amount`` (a variant that counts points, not base and tai);
        ``extra``: the variant's own fields of the line."""
        if payer == payee:
            raise ValueError(f"{payer} cannot pay himself ({rule})")
        p = Payment(payer, payee, amount, rule, 0, False, cause, liability=liability, extra=extra)
        self.payments.append(p)
        return p

    def give_back(self, p: Payment, rule: str, *, cause: Optional[int] = None,
                  to: Optional[str] = None) -> Payment:
        """A payment reversed: its payee hands its amount back to its payer (or on, to ``to``),
        under ``rule`` at event ``cause`` (kong money refunded or handed on, RULEBOOK_SC SC-GF)."""
        return self.pay_points(p.payee, to if to is not None else p.payer, p.amount, rule, cause=cause)

    def pay_shared(self, payers: Sequence[str], payee: str, shares: Sequence[int], rule: str, *,
                   cause: Optional[int] = None) -> list[Payment]:
        """Several shares, each worth B + tai·T (``shares``: their tai), paid as one whole by several
        players equally; the indivisible remainder of the whole is paid by the first of ``payers``
        (the caller orders them). Each payment records the whole's tai, one base."""
        total = sum(self.base + tai * self.tai_unit for tai in shares)
        tai = sum(shares)
        each, rest = divmod(total, len(payers))
        out = []
        for k, payer in enumerate(payers):
            p = Payment(payer, payee, each + (rest if k == 0 else 0), rule, tai, True, cause,
                        parts=len(payers))
            self.payments.append(p)
            out.append(p)
        return out

    def as_json(self, with_at: bool = False) -> list[dict]:
        """The ruling's payments (``Payment.as_json``). A payment worth nothing (a base of 0 with no
        tai) moves no money and is no line of the ruling; the ledger keeps it, as a side bet at its
        own stake may still mirror it (TW-HB-1)."""
        return [p.as_json(with_at) for p in self.payments if p.amount]

    def net(self, parties: Iterable[str]) -> dict[str, int]:
        """Each party's balance; asserts the settlement sums to zero (TW-PAY-5)."""
        out = {p: 0 for p in parties}
        for p in self.payments:
            out[p.payer] -= p.amount
            out[p.payee] += p.amount
        assert sum(out.values()) == 0, f"settlement does not sum to zero: {out}"
        return out
