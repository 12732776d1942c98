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
stands and he stays 相公. The public acts the variant names (``public``: a wrong claim, SH-IRR-4
and GD-IRR-3; an exposed wrong kong, GD-IRR-2.2) are ruled at once (SH-IRR-0, GD-IRR-0), without
a report: restored before the offender's next discard they cost nothing, else he is 相公 from that
discard. The clauses and words are the variant's (``IrrWords``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Optional, Sequence

from referee import events as ev
from referee.observer import Observer
from referee.tiles import is_flower, kind_of
from rulesbook.findings import Finding


@dataclass(frozen=True)
class IrrWords:
    """``clauses``: the IRR clauses a report may cite; ``anomaly``: the replay's anomaly kind → its
    clause; ``acts``: ``flower``, ``same_kind``, ``late_claim``, ``dead_claim`` (a claim by a 相公)
    → the clause (absent: not looked for); ``words``: clause → (en, zh); ``text``: the sentences
    (``dismissed``, ``ruled``, ``corrected``, ``unreported``; ``dead_claim``,
    ``dead_claim_restored`` where ``dead_claim`` is looked for; ``public``, ``public_restored``
    and, where a public act no discard of his followed is ruled, ``public_pending`` (absent: it is
    listed as a fault never in effect) where ``public`` is given: (en, zh) templates over
    ``player``, ``what``)."""

    clauses: frozenset[str]
    anomaly: Mapping[str, str]
    acts: Mapping[str, str]
    words: Mapping[str, tuple[str, str]]
    text: Mapping[str, tuple[str, str]]
    other: str  # the clause a report naming no IRR clause is dismissed under
    #: the public acts, ruled at once (SH-IRR-0, GD-IRR-0): fault kind → its clause. ``claim``: a
    #: wrong or late chi, pon or claimed kong; ``kong``: an exposed (claimed or added) wrong kong.
    #: None by default (a fault is in effect from its report, HK-IRR-4)
    public: Mapping[str, str] = field(default_factory=dict)


class DeadHands(Observer):
    """Who is 相公 from which event, and the findings of the IRR clauses."""

    def __init__(self, words: IrrWords) -> None:
        self.w = words
        self.dead: dict[str, int] = {}
        self.findings: list[Finding] = []
        self.reported: set[tuple[str, str]] = set()  # (player, clause) in effect
        self.breaches: list[tuple[str, str, int]] = []  # (clause, player, event) seen in the log
        #: public acts awaiting their offender's discard: player -> [(event, kind, clause)]
        self.pending: dict[str, list[tuple[int, str, str]]] = {}
        self.public_ruled: set[int] = set()  # the public acts ruled (their events): at a discard, or restored

    def hooks(self):
        after = {"report": self._report, "admit": self._report}
        claimed = [f for f, on in ((self._claim, "dead_claim" in self.w.acts),
                                   (self._public_act, bool(self.w.public))) if on]
        if claimed:
            def claim(i: int, e: ev.Event, table) -> None:
                for f in claimed:
                    f(i, e, table)
            after.update(chi=claim, pon=claim, kong=claim)
        if not self.w.public:
            return {}, after, None, None
        after["correct"] = self._public_restored
        return {"discard": self._offender_discards}, after, None, None

    # public acts, ruled at once (``public``: SH-IRR-0, SH-IRR-4; GD-IRR-0, GD-IRR-2.2, GD-IRR-3) ---
    def _public_faults(self, i: int, e: ev.Event, table) -> list[tuple[str, str]]:
        """The public faults of the claim or kong at ``i``, as (kind, clause): ``claim``, a chi, pon
        or claimed kong the replay finds wrong (an anomaly of the claim clause) or made on the last
        discard or after the next player's draw; ``kong``, a claimed or added kong the replay finds
        wrong (an anomaly of the kong clause)."""
        public, out, player = self.w.public, [], e.player  # type: ignore[attr-defined]
        kong_kind = e.kind if isinstance(e, ev.Kong) else None
        clauses = {self.w.anomaly.get(a.kind) for a in table.anomalies if a.at == i and a.player == player}
        claim = public.get("claim")
        if claim and kong_kind in (None, "claimed") and (
                claim in clauses or table.wall_before[i] == 0
                or self._after_a_draw(table.events, table.claimed_from.get(i), i)):
            out.append(("claim", claim))
        kong = public.get("kong")
        if kong and kong_kind in ("claimed", "added") and kong in clauses:
            out.append(("kong", kong))
        return out

    def _public_act(self, i: int, e: ev.Event, table) -> None:
        for kind, clause in self._public_faults(i, e, table):
            self.pending.setdefault(e.player, []).append((i, kind, clause))  # type: ignore[attr-defined]

    def _public_restored(self, i: int, e: ev.Event, table) -> None:
        """A public act restored (``correct restore``) before the offender's discard: a claim costs
        nothing (``public_restored``); a wrong kong is listed as corrected (``unreported``)."""
        if e.action != "restore":  # type: ignore[attr-defined]
            return
        for player, faults in self.pending.items():
            for fault in [f for f in faults if f[0] == e.about]:  # type: ignore[attr-defined]
                faults.remove(fault)
                at, kind, clause = fault
                if kind == "claim" and (player, clause) not in self.reported:
                    self.public_ruled.add(at)
                    self.findings.append(self._say("public_restored", clause, player, at, "ruled"))

    def _offender_discards(self, i: int, e: ev.Event, table) -> None:
        """His public acts not restored before this discard make him 相公 from it (one already
        reported under its clause is not ruled a second time)."""
        player = e.player  # type: ignore[attr-defined]
        for at, _, clause in self.pending.pop(player, ()):
            if (player, clause) not in self.reported:
                self.make_dead(player, i)
                self.public_ruled.add(at)
                self.findings.append(self._say("public", clause, player, at, "ruled"))

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
        done, out = set(self.public_ruled), []
        if "public_pending" in self.w.text:  # no discard of his followed: ruled, not yet in effect
            for player in table.players:
                for at, _, clause in self.pending.get(player, ()):
                    if (player, clause) not in self.reported:
                        done.add(at)
                        out.append(self._say("public_pending", clause, player, at, "ruled"))
        for a in table.anomalies:
            rule = self.w.anomaly.get(a.kind)
            if rule is None or (a.player, rule) in self.reported or (a.player, rule) in found \
                    or a.at in done:
                continue
            if a.kind == "wrong_kong" and a.at in table.undone:
                out.append(self._say("corrected", rule, a.player, a.at, "ruled"))
                continue
            out.append(self._say("unreported", rule, a.player, a.at, "unreported"))
        for rule, player, at in self.breaches:
            if (player, rule) not in self.reported and (player, rule) not in found \
                    and at not in done:
                out.append(self._say("unreported", rule, player, at, "unreported"))
        return out
