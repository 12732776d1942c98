"""What the families of irregularities share while a hand is replayed: the docket.

Each player's standing conditions (相公, 過水, 眼牌), the irregularities seen so far (``Cause``) and
when each takes effect (TW-XG-4: from its report or admission, or at once for a public act; a 相公
who commits a new cause violates, TW-XG-5), and what the hand comes to owe on the way: flat fees,
包賠, substitute liabilities (代位) and the facts the log is missing. The claimable tile being
contested (``Contest``; ``priority`` decides it) is kept here too, because several families read it.

The families (dead_hand, passed_win, restrictions, pon_calls, watching, wrong_melds, flowers,
priority, false_win) each keep their own state and write here; ``proceedings`` calls them in order.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Optional

from rulesbook.findings import Finding


@dataclass
class Cause:
    """An irregularity seen in the log. ``effective`` is the event index from which it is in effect
    (its report or admission, or the act itself for a public act); None while unreported."""

    rule: str
    player: str
    at: int  # the event the ruling rests on
    refs: frozenset[int]  # the indices a report or admission may name
    zh: str
    en: str
    public: bool = False
    effective: Optional[int] = None
    dead_hand: bool = True  # it makes the player 相公
    annotated: Optional[int] = None  # for an act: the event it annotates (e.g. the draw)
    listed: bool = True  # False: another finding already states it (a priority ruling)
    kind: str = ""  # "count" (a standing fault a report names without ``about``), "wrong_pon",
    #                 "wrong_kong", "from_meld" (錯打明牌): causes ruled by the stage at which they are found
    callers: list = field(default_factory=list)  # TW-CD-2: who called on the wrong tile, showing tiles
    wall: Optional[int] = None  # wall_left when it happened (the last 8 tiles, TW-CG)
    stage: Optional[str] = None  # a key of wrong_melds.STAGES other than ``rule`` (TW-CG-1.1 own)
    names: frozenset[str] = frozenset()  # other clauses that name it (a watcher's pass: TW-YP-1, TW-GS-1)

    def named_by(self, offence: str) -> bool:
        """TW-XG-4: a report's ``offence`` names this irregularity when it cites a clause of its family:
        the rule broken, the family itself, or the sanction (相公, TW-XG, for a cause that makes the hand
        dead; 包賠 and 代位, TW-BP and TW-DW, for a wrong meld, whose sanction goes by its stage)."""
        clauses = {self.rule, *self.names}
        if self.dead_hand:
            clauses.add("TW-XG-1")
        if self.kind in MELD_FAULTS:
            clauses.update(("TW-BP-1", "TW-DW-1"))
        return family(offence) in {family(c) for c in clauses}


#: the kinds of cause ruled by the stage at which they are found (TW-CG, TW-CP, TW-CD)
MELD_FAULTS = frozenset({"wrong_pon", "wrong_kong", "from_meld"})


def family(rule: str) -> str:
    """A clause ID's family: ``TW-XG-1`` → ``TW-XG``, ``TW-CG-1.1`` → ``TW-CG``, ``TW-YP`` → itself."""
    return "-".join(rule.split("-")[:2])


@dataclass
class Standing:
    """A player's standing conditions."""

    dead_since: Optional[int] = None  # 相公 in effect from this event
    violations: int = 0  # TW-XG-5
    violated_at: Optional[int] = None  # the event of his last violation (a claim that also breaks a TW-XP)
    passed_since: Optional[int] = None  # 過水 in effect from this event
    passed_on: Optional[int] = None  # the tile he let go
    watching: bool = False
    watch_violations: int = 0  # TW-YP-4
    ting_lost: Optional[int] = None  # a 天聽/地聽 player passed a win here: the pattern is lost (TW-TAI-31)


@dataclass(frozen=True)
class Fee:
    """A flat fee of a few tai: no base, no dealer tai (TW-PAY-3)."""

    payer: str
    payee: str
    tai: int
    rule: str
    at: int


@dataclass(frozen=True)
class Penalty:
    """包賠 (TW-BP-1): the offender pays the three; the hand ends at ``at``."""

    player: str
    at: int
    rule: str  # the clause that brought it (TW-XG-5, TW-YP-4 …)
    zh: str
    en: str


@dataclass(frozen=True)
class Reason:
    """Why a win declaration cannot stand: the clause and a short phrase in both languages.
    ``listed``: a finding of the same clause at the declaration already states it (a TW-PR-9
    priority decision), so the reason voids the win without a second finding."""

    rule: str
    zh: str
    en: str
    listed: bool = False


@dataclass(frozen=True)
class Liability:
    """代位賠付 (TW-DW): the offender pays the wins that fall in his window in place of their
    payers. ``window``: ``next8`` (others' self-draws within the next 8 live-wall draws),
    ``kong_tile`` (wins on kong tiles for the rest of the hand), ``that_kong_tile`` (the one tile put
    back on the kong: the first replacement drawn after ``since``, TW-CG-2.2/3.2), ``rest_of_hand``
    (every later win, TW-CG-1.3)."""

    player: str
    at: int
    rule: str
    window: str
    since: Optional[int] = None


@dataclass(frozen=True)
class Intent:
    at: int  # the first sign of it: the call, or the claim or win itself
    kind: str  # win | pon | kong | chi
    capable: bool  # he could make it (a pair for pon, a winning hand for win); True if hidden


class Contest:
    """The tile on offer and the acts that contest it. One is made per discard, so only what every
    contest has is set when it is made; the rest reads as the class's default (None) until it
    happens."""

    at: int  # the discard or added kong
    tile: int
    offerer: str
    nxt: str  # the offerer's next player: the one who draws
    robbable_kong: bool = False  # an added kong: only a win may take it
    intents: dict[str, Intent]
    candidates: dict[str, int]  # could win on it, not yet decided
    discard_wins: list[tuple[str, int]]  # (winner, event)
    self_act: Optional[int] = None  # the next player's first reach or wall draw
    drawn_at: Optional[int] = None  # his wall draw, while it stands
    draw_seen: Optional[int] = None  # his wall draw, even if put back
    merged_at: Optional[int] = None  # the drawn tile went into the hand row (TW-PR-4)
    drawn_wins: bool = False  # ... and it completes his hand: the discard is his no more (TW-PR-1/2)
    chi_seen: Optional[int] = None  # a chi of the tile (standing or restored)
    claim_seen: Optional[int] = None  # a pon or kong of the tile (standing or restored)
    self_draw_at: Optional[int] = None  # the next player's self-draw declaration
    reached: Optional[int] = None  # the next player reached for the wall while able to win on it
    decided: Optional[int] = None  # the index of its priority finding, once ruled

    def __init__(self, at: int, tile: int, offerer: str, nxt: str, robbable_kong: bool = False):
        self.at, self.tile, self.offerer, self.nxt = at, tile, offerer, nxt
        if robbable_kong:
            self.robbable_kong = True
        self.intents, self.candidates, self.discard_wins = {}, {}, []

    def intend(self, player: str, at: int, kind: str, capable: bool) -> Intent:
        return self.intents.setdefault(player, Intent(at, kind, capable))


@dataclass
class Docket:
    players: tuple[str, ...]
    standing: dict[str, Standing] = field(default_factory=dict)
    causes: list[Cause] = field(default_factory=list)
    fees: list[Fee] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    liabilities: list[Liability] = field(default_factory=list)
    missing: list[dict] = field(default_factory=list)
    dismissed: list[Finding] = field(default_factory=list)  # reports that name no irregularity
    contest: Optional[Contest] = None  # the claimable tile and the acts that contest it (TW-PR)

    def __post_init__(self) -> None:
        for p in self.players:
            self.standing.setdefault(p, Standing())

    def from_state(self, status: Mapping[str, Mapping[str, object]]) -> None:
        """The standing conditions a ``state`` event gives (EVENT_LOG.md)."""
        for p, given in status.items():
            st = self.standing[p]
            if given.get("dead_hand"):
                st.dead_since = 0
            if given.get("passed"):
                st.passed_since = 0
            st.watching = bool(given.get("watching"))
            st.watch_violations = int(given.get("watch_violations", 0))  # type: ignore[arg-type]
            st.violations = int(given.get("dead_hand_violations", 0))  # type: ignore[arg-type]

    def add_cause(self, cause: Cause) -> None:
        """An irregularity seen; a public act is in effect at once (TW-XG-4)."""
        self.causes.append(cause)
        if cause.public:
            self.in_effect(cause, cause.at)

    def in_effect(self, cause: Cause, at: int) -> None:
        """A cause takes effect: 相公 from here; a 相公 who commits a new cause violates (TW-XG-5).
        Causes taking effect at the same event are one violation (a 相公's claim that also breaks a
        play restriction is listed under both clauses, and counts once)."""
        cause.effective = at
        if not cause.dead_hand:
            return
        st = self.standing[cause.player]
        if st.dead_since is None:
            st.dead_since = at
        elif st.dead_since < at and st.violated_at != at:  # one act is one violation, whatever it breaks
            st.violations += 1
            st.violated_at = at
            if st.violations == 2:  # TW-XG-5: the second violation is 包賠
                self.penalties.append(Penalty(cause.player, at, "TW-XG-5", "相公二度違規",
                                              "a second violation while his hand is dead"))
