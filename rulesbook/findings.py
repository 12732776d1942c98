"""A finding: one ruling on one irregularity, explained in English and Chinese (tw16 and the
13-tile variants)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class Finding:
    rule: str  # clause ID
    player: Optional[str]  # the offender
    at: Optional[int]  # the event index the ruling rests on
    status: str  # ruled | unreported | dismissed
    decision: str
    decision_zh: str

    def as_json(self) -> dict:
        return {"rule": self.rule, "player": self.player, "at": self.at, "status": self.status,
                "decision": self.decision, "decision_zh": self.decision_zh}
