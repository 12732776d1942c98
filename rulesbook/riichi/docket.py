"""What the riichi families share while a hand is replayed: the docket.

The findings (each with its clause and the decision in 中文, 日本語 and English), the irregularities
seen (``Cause``) and when each takes effect (as tw16's TW-XG-4: public acts at once, others when
reported or admitted), each player's dead hand (和了放棄, RJ-IRR-5), the penalties the hand comes to
owe (chombo, deposits: RJ-IRR-0) and the facts the log is missing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


@dataclass(frozen=True)
class Finding:
    rule: str
    player: Optional[str]
    at: Optional[int]
    status: str  # ruled | unreported | dismissed
    decision: str
    decision_zh: str
    decision_ja: str

    def as_json(self) -> dict:
        return {"rule": self.rule, "player": self.player, "at": self.at, "status": self.status,
                "decision": self.decision, "decision_zh": self.decision_zh,
                "decision_ja": self.decision_ja}


@dataclass(frozen=True)
class Words:
    """A short phrase in the three languages of a ruling."""

    en: str
    zh: str
    ja: str


@dataclass
class Cause:
    """An irregularity seen in the log (RJ-IRR). ``effective``: the event from which it is in
    effect (its report, admission, or the act itself when public); None while unreported.
    ``grade``: what it costs once in effect (RJ-IRR-0): chombo, dead_hand, deposit or none."""

    rule: str
    player: str
    at: int
    refs: frozenset[int]
    what: Words
    grade: str
    public: bool = False
    effective: Optional[int] = None
    kind: str = ""  # a family's own mark (e.g. "count" for a wrong count)
    stands: Optional[Words] = None  # what stands besides its cost (the meld, the discard)


@dataclass(frozen=True)
class Penalty:
    """A chombo (RJ-IRR-0) or a deposit owed by ``player``, from the clause ``rule`` at ``at``."""

    player: str
    at: int
    rule: str
    grade: str  # chombo | deposit
    what: Words


@dataclass
class Docket:
    players: tuple[str, ...]
    causes: list[Cause] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    dead: dict[str, int] = field(default_factory=dict)  # player -> the event his hand died at
    penalties: list[Penalty] = field(default_factory=list)
    missing: list[dict] = field(default_factory=list)

    def rule(self, rule: str, player: Optional[str], at: Optional[int], what: Words,
             status: str = "ruled") -> None:
        self.findings.append(Finding(rule, player, at, status, what.en, what.zh, what.ja))

    def add_cause(self, cause: Cause) -> None:
        self.causes.append(cause)
        if cause.public:
            self.in_effect(cause, cause.at)

    def in_effect(self, cause: Cause, at: int) -> None:
        """A cause takes effect at ``at``: its grade's consequence follows."""
        cause.effective = at
        if cause.grade == "dead_hand":
            self.dead.setdefault(cause.player, at)
        elif cause.grade in ("chombo", "deposit"):
            self.penalties.append(Penalty(cause.player, at, cause.rule, cause.grade, cause.what))

    def is_dead(self, player: str, at: int) -> bool:
        since = self.dead.get(player)
        return since is not None and since <= at
