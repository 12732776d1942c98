"""荒番 (SH-HF): a counter Z ≥ 0 carried from hand to hand (``hand.huang_fan``: its value before the
hand's dice, else the previous hand's ``next.huang_fan``, else 0). The dice that open the wall add
to it (SH-HF-2); the hand is a 荒番 hand, its shares × ``huang_fan_factor``, when Z is then above 0
(SH-HF-3); at its end a valid win takes 1 off (not below 0), an exhaustive draw adds 1, a false win
leaves it (SH-HF-4). Option ``huang_fan: false`` disables it all (the counter stays as recorded).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

DOUBLE = frozenset(((1, 1), (4, 4)))


def dice_adds(dice: Optional[tuple[int, int]]) -> int:
    """SH-HF-2: 1-1 or 4-4 add 2; any other roll with a 1 or a 4, and 2-2, 3-3, 5-5, 6-6, add 1;
    no dice recorded adds 0."""
    if dice is None:
        return 0
    a, b = dice
    if (a, b) in DOUBLE:
        return 2
    return 1 if a in (1, 4) or b in (1, 4) or a == b else 0


@dataclass(frozen=True)
class HuangFan:
    before: int  # Z from the last hand (or as recorded)
    dice: int  # what the dice add
    on: bool  # the option ``huang_fan``

    @property
    def hand(self) -> bool:
        """SH-HF-3: a 荒番 hand."""
        return self.on and self.before + self.dice > 0

    def factor(self, factor: int) -> int:
        return factor if self.hand else 1

    def after(self, result: str) -> Optional[int]:
        """SH-HF-4: Z for the next hand (None while the hand is open or undetermined)."""
        z = self.before + self.dice
        if not self.on:
            return self.before
        if result == "win":
            return max(z - 1, 0)
        if result == "exhaustive_draw":
            return z + 1
        if result == "false_win":
            return z
        return None

    def as_json(self, result: str) -> dict:
        return {"before": self.before, "dice": self.dice, "hand": self.hand, "after": self.after(result)}


def of_hand(recorded: Optional[int], carried: Optional[int], dice: Optional[tuple[int, int]],
            on: bool) -> HuangFan:
    """The hand's 荒番: the recorded counter (else the carried one, else 0) and its dice."""
    before = recorded if recorded is not None else (carried or 0)
    return HuangFan(before, dice_adds(dice) if on else 0, on)
