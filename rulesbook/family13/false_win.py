"""A false win's payment in 13-tile play (RULEBOOK_HK HK-ZH-2, as the later variants cite it): the
option's value read (``reverse_limit``, ``each_limit_self_draw``, ``off_table:K``, ``fixed:K``,
``dead_hand``) and the money moved: the offender pays each other player one limit portion, three,
or K × base, or loses K × base off the table (a penalty outside ``net``); ``dead_hand`` costs
nothing (the variant makes him 相公)."""
from __future__ import annotations

import re
from typing import Optional, Sequence

from referee.ledger import Ledger

WORDS = ("reverse_limit", "each_limit_self_draw", "dead_hand")
K_VALUE = re.compile(r"(off_table|fixed):([1-9][0-9]{0,8})\Z")  # K a positive integer


def option_error(value: object) -> Optional[str]:
    """Why ``value`` is not a value of the ``false_win`` option; None when it is."""
    if value in WORDS or (isinstance(value, str) and K_VALUE.match(value)):
        return None
    return ("must be reverse_limit, each_limit_self_draw, off_table:K, fixed:K or dead_hand "
            "(K a positive whole number below 1,000,000,000)")


def false_win_rule(value: str) -> tuple[str, int]:
    """The option as (kind, K): ``off_table:256`` → (``off_table``, 256); K 0 when there is none."""
    kind, _, k = value.partition(":")
    return kind, int(k) if k else 0


def pay_false_win(ledger: Ledger, option: str, others: Sequence[str], offender: str, base: int,
                  limit_portion: int, rule: str, cause: int) -> Optional[dict]:
    """Settle one false win; the penalty off the table, if the option takes one (else None)."""
    kind, k = false_win_rule(option)
    if kind == "off_table":
        return {"player": offender, "amount": k * base, "rule": rule}
    each = {"reverse_limit": limit_portion, "each_limit_self_draw": 3 * limit_portion,
            "fixed": k * base, "dead_hand": 0}[kind]
    if each:
        for o in others:
            ledger.pay_points(offender, o, each, rule, cause=cause)
    return None
