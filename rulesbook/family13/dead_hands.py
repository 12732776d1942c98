"""相公 and the other irregularities of 13-tile play (HK-IRR, GD-IRR). Apart from 诈胡 no
irregularity costs money: the sanction is 相公, the player may not win (or claim) for the rest of
the hand.

Timing (HK-IRR-0, GD-IRR-0): a fault takes effect at its ``report`` or ``admit`` citing one of the
variant's IRR clauses (from that event on the player is 相公); a win declaration finds a wrong count
and a false set itself (``declarations``). Faults visible in the log and never in effect are listed
``unreported``: the replay's anomalies (a wrong kong, a wrong claim, an irregular draw) and the
log's own acts the variant names (a flower discarded or kept, the claimed tile's kind discarded in
the claiming turn, a claim on the last discard or after the next player's draw). A wrong kong
restored by a ``correct`` is listed, costing nothing. Where a 相公 may not claim (GD-IRR-3), a claim
by one is a public act, ruled at once: restored before his discard it costs nothing, else the meld
stands and he stays 相公. Where every wrong claim and exposed wrong kong is a public act
(``public_claim``, ``public_kong``: GD-IRR-0, 2.2, 3), each is ruled at once and, not restored
before the offender's discard, makes him 相公 from it.
Where the variant rules only a wrong claim as a public act (``at_once``, SH-IRR-4), it is ruled
as it happens in the same way. The clauses and words are the variant's (``IrrWords``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional, Sequence

from referee import events as ev
from referee.observer import Observer
from referee.tiles import is_flower, kind_of
from rulesbook.findings import Finding


@dataclass(frozen=True)
class IrrWords:
    """``clauses``: the IRR clauses a report may cite; ``anomaly``: the replay's anomaly kind → its
    clause; ``acts``: ``flower``, ``same_kind``, ``late_claim``, ``dead_claim`` (a claim by a 相公),
    ``public_claim`` and ``public_kong`` (wrong claims and exposed wrong kongs ruled at once) → the
    clause (absent: not looked for); ``words``: clause → (en, zh); ``text``: the sentences
    (``dismissed``, ``ruled``, ``corrected``, ``unreported``; ``dead_claim``,
    ``dead_claim_restored`` where ``dead_claim`` is looked for; ``public``, ``public_pending``,
    ``public_restored`` where ``public_claim`` is: (en, zh) templates over ``player``, ``what``)."""

    clauses: frozenset[str]
    anomaly: Mapping[str, str]
    acts: Mapping[str, str]
    words: Mapping[str, tuple[str, str]]
    text: Mapping[str, tuple[str, str]]
    other: str  # the clause a report naming no IRR clause is dismissed under
    #: the clauses of wrong claims ruled as they happen (a public act: SH-IRR-4), with the texts
    #: ``claim_ruled`` and ``claim_restored``; none by default (相公 from the report, HK-IRR-4)
    at_once: frozenset[str] = frozenset()


class DeadHands(Observer):
    """Who is 相公 from which event, and the findings of the IRR clauses."""

    def __init__(self, words: IrrWords) -> None:
        self.w = words
        self.dead: dict[str, int] = {}
        self.findings: list[Finding] = []
        self.reported: set[tuple[str, str]] = set()  # (player, clause) in effect
        self.breaches: list[tuple[str, str, int]] = []  # (clause, player, event) seen in the log
        self.last_discard: dict[str, int] = {}  # player -> his last discard (public faults)
        self.public_ruled: set[int] = set()  # the events of the public faults ruled at a discard
        self.pending: dict[str, tuple[int, str]] = {}  # at_once: claimer -> (wrong claim, clause)
        self.settled: set[int] = set()  # at_once: wrong claims ruled as they happened

    def hooks(self):
        after = {"report": self._report, "admit": self._report}
        if "dead_claim" in self.w.acts:
            after.update(chi=self._claim, pon=self._claim, kong=self._claim)
        before = {}
        if "public_claim" in self.w.acts:
            after.update(discard=self._public)
        if self.w.at_once:
            claimed = {kind: self._chain(after.get(kind), self._wrong_claim) for kind in ("chi", "pon", "kong")}
            after.update(claimed, correct=self._claim_restored)
            before["discard"] = self._claimer_discards
        return before, after, None, None

    @staticmethod
    def _chain(first, second):
        if first is None:
            return second

        def both(i, e, table) -> None:
            first(i, e, table)
            second(i, e, table)
        return both

    # wrong claims ruled as they happen (``at_once``) -------------------------------------------
    def _wrong_claim_clause(self, i: int, e: ev.Event, table) -> Optional[str]:
        """The ``at_once`` clause the claim at ``i`` breaks (the replay's anomaly at it, or a claim
        on the last discard or after the next player's draw), None when it breaks none."""
        if isinstance(e, ev.Kong) and e.kind != "claimed":
            return None
        for a in table.anomalies:
            if a.at == i and self.w.anomaly.get(a.kind) in self.w.at_once:
                return self.w.anomaly[a.kind]
        late = self.w.acts.get("late_claim")
        if late in self.w.at_once and (table.wall_before[i] == 0
                                       or self._after_a_draw(table.events, table.claimed_from.get(i), i)):
            return late
        return None

    def _wrong_claim(self, i: int, e: ev.Event, table) -> None:
        clause = self._wrong_claim_clause(i, e, table)
        if clause is not None:
            self.pending[e.player] = (i, clause)  # type: ignore[attr-defined]

    def _claim_restored(self, i: int, e: ev.Event, table) -> None:
        for player, (at, clause) in list(self.pending.items()):
            if e.action == "restore" and e.about == at:  # type: ignore[attr-defined]
                del self.pending[player]
                self.settled.add(at)
                self.findings.append(self._say("claim_restored", clause, player, at, "ruled"))

    def _claimer_discards(self, i: int, e: ev.Event, table) -> None:
        claim = self.pending.pop(e.player, None) if self.pending else None  # type: ignore[attr-defined]
        if claim is not None:
            at, clause = claim
            self.make_dead(e.player, i)  # type: ignore[attr-defined]
            self.settled.add(at)
            self.findings.append(self._say("claim_ruled", clause, e.player, at, "ruled"))  # type: ignore[attr-defined]

    def _public(self, i: int, e: ev.Event, table) -> None:
        """GD-IRR-3, GD-IRR-2.2: a wrong claim, or an exposed wrong kong, is a public act ruled at
        once: not restored before the offender's discard, he is 相公 from that discard."""
        player = e.player  # type: ignore[attr-defined]
        start = self.last_discard.get(player, -1)
        self.last_discard[player] = i
        for rule, at in self._public_faults(table, player, start, i):
            if (player, rule) not in self.reported and not self._taken_back(table, at, player):
                self.make_dead(player, i)
                self.public_ruled.add(at)
                self.findings.append(self._say("public", rule, player, at, "ruled"))

    def _taken_back(self, table, at: int, player: str) -> bool:
        """Whether the claim or kong at ``at`` was restored before ``player``'s next discard."""
        return at in table.undone or self._restored(table.events, at, player)

    def _public_faults(self, table, player: str, start: int, end: int) -> list[tuple[str, int]]:
        """The wrong claims (and exposed wrong kongs) of ``player`` between events ``start`` and
        ``end``, as (clause, event)."""
        claim, kong = self.w.acts["public_claim"], self.w.acts.get("public_kong")
        events, out = table.events, []
        for a in table.anomalies:
            if a.player != player or not start < a.at < end:
                continue
            if a.kind in ("wrong_chi", "chi_not_from_left", "wrong_pon"):
                out.append((claim, a.at))
            elif a.kind == "wrong_kong" and kong and events[a.at].kind in ("claimed", "added"):
                out.append((kong, a.at))
        for k in range(start + 1, end):
            x = events[k]
            if getattr(x, "player", None) == player and (
                    x.type in ("chi", "pon") or x.type == "kong" and x.kind == "claimed") and (
                    table.wall_before[k] == 0 or self._after_a_draw(events, table.claimed_from.get(k), k)):
                out.append((claim, k))
        return sorted(set(out), key=lambda f: f[1])

    def _claim(self, i: int, e: ev.Event, table) -> None:
        """A claim (上, 碰, 明杠) by a 相公 (GD-IRR-3): ruled at once, with no money; restored by a
        ``correct`` before his next discard it costs nothing, else the meld stands (he is 相公
        already, so nothing else changes)."""
        if isinstance(e, ev.Kong) and e.kind != "claimed" or self.is_dead(e.player, i) is None:  # type: ignore[attr-defined]
            return
        key = "dead_claim_restored" if self._restored(table.events, i, e.player) else "dead_claim"  # type: ignore[attr-defined]
        self.findings.append(self._say(key, self.w.acts["dead_claim"], e.player, i, "ruled"))  # type: ignore[attr-defined]

    @staticmethod
    def _restored(events, claim: int, player: str) -> bool:
        """Whether the claim at ``claim`` is restored (``correct restore``) before the claimer's
        next discard."""
        for x in events[claim + 1:]:
            if x.type == "correct" and x.action == "restore" and x.about == claim:
                return True
            if x.type == "discard" and x.player == player:
                return False
        return False

    def is_dead(self, player: str, at: int) -> Optional[int]:
        since = self.dead.get(player)
        return since if since is not None and since < at else None

    def make_dead(self, player: str, at: int) -> None:
        self.dead.setdefault(player, at)

    def _say(self, key: str, rule: str, player: str, at: int, status: str) -> Finding:
        en, zh = self.w.text[key]
        what_en, what_zh = self.w.words.get(rule, ("", ""))
        return Finding(rule, player, at, status, en.format(player=player, what=what_en),
                       zh.format(player=player, what=what_zh))

    def _report(self, i: int, e: ev.Event, table) -> None:
        player = e.against if isinstance(e, ev.Report) else e.player  # type: ignore[attr-defined]
        offence = e.offence  # type: ignore[attr-defined]
        if offence not in self.w.clauses:
            self.findings.append(self._say("dismissed", offence or self.w.other, player, i, "dismissed"))
            return
        self.make_dead(player, i)
        self.reported.add((player, offence))
        self.findings.append(self._say("ruled", offence, player, i, "ruled"))

    def _seen(self, table) -> None:
        """Faults of the log's own acts (read after the replay)."""
        events, wall, acts = table.events, table.wall_before, self.w.acts
        if not acts:  # the variant looks for none of the log's own acts (sichuan: ruled as they happen)
            return
        for i, e in enumerate(events):
            if e.type == "draw" and is_flower(e.tile) and "flower" in acts:
                laid = next((x for x in events[i + 1:] if getattr(x, "player", None) == e.player), None)
                if laid is not None and not (laid.type == "flower" and laid.tile == e.tile):
                    self.breaches.append((acts["flower"], e.player, i))  # kept, not laid out
            elif e.type == "discard":
                prev = events[i - 1] if i else None
                if is_flower(e.tile):
                    if "flower" in acts:
                        self.breaches.append((acts["flower"], e.player, i))
                elif isinstance(prev, (ev.Chi, ev.Pon)) and prev.player == e.player \
                        and kind_of(prev.tile) == kind_of(e.tile) and "same_kind" in acts:
                    self.breaches.append((acts["same_kind"], e.player, i))
            elif (e.type in ("chi", "pon") or e.type == "kong" and e.kind == "claimed") and "late_claim" in acts:
                if wall[i] == 0 or self._after_a_draw(events, table.claimed_from.get(i), i):
                    self.breaches.append((acts["late_claim"], e.player, i))

    @staticmethod
    def _after_a_draw(events, discard: Optional[int], claim: int) -> bool:
        """A claim made after the next player drew from the wall (no tile put back between) is out
        of its window (HK-PR-3, GD-PR-3)."""
        if discard is None:
            return False
        between = events[discard + 1:claim]
        return any(x.type == "draw" and x.source == "wall" for x in between) and not any(
            x.type == "correct" and x.action == "return_tile" for x in between)

    def unreported(self, table, ruled: Sequence[Finding] = ()) -> list[Finding]:
        """Faults in the log never in effect, and corrected wrong kongs. ``ruled``: the hand's other
        findings; a fault one of them put in effect (a false set found at its owner's win
        declaration, HK-IRR-2.2, SH-IRR-2, SC-IRR-2.2) is not also listed unreported."""
        self._seen(table)
        found = {(f.player, f.rule) for f in ruled if f.status == "ruled"}
        out = []
        if "public_claim" in self.w.acts:  # ruled at once: restored in time, or no discard of his followed
            for player in table.players:
                for rule, at in self._public_faults(table, player, -1, len(table.events)):
                    back = self._taken_back(table, at, player)
                    if back and rule == self.w.acts.get("public_kong"):
                        continue  # a wrong kong restored in time: GD-IRR-2.1's listing below
                    if at not in self.public_ruled and (player, rule) not in self.reported:
                        self.public_ruled.add(at)
                        out.append(self._say("public_restored" if back else "public_pending",
                                             rule, player, at, "ruled"))
        for a in table.anomalies:
            rule = self.w.anomaly.get(a.kind)
            if rule is None or (a.player, rule) in self.reported or (a.player, rule) in found \
                    or a.at in self.public_ruled or a.at in self.settled:
                continue
            if a.kind == "wrong_kong" and a.at in table.undone:
                out.append(self._say("corrected", rule, a.player, a.at, "ruled"))
                continue
            out.append(self._say("unreported", rule, a.player, a.at, "unreported"))
        for rule, player, at in self.breaches:
            if (player, rule) not in self.reported and (player, rule) not in found \
                    and at not in self.public_ruled and at not in self.settled:
                out.append(self._say("unreported", rule, player, at, "unreported"))
        return out
