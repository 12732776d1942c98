"""相公 and the other irregularities (HK-IRR-0…6). Apart from 詐糊 no irregularity costs money: the
sanction is 相公, the player may not win for the rest of the hand (HK-IRR-1's effect).

Timing (HK-IRR-0): a fault takes effect at its ``report`` or ``admit`` citing an HK-IRR clause
(from that event on the player is 相公); a win declaration finds a wrong count (HK-IRR-1) and a false
set (HK-IRR-2.2) itself (``wins``). Faults visible in the log and never in effect are listed
``unreported``: a wrong kong (HK-IRR-2), a wrong claim (HK-IRR-4: not a set, 上 not from the 上家),
the claimed tile's kind discarded in the claiming turn (HK-IRR-5, HK-FLOW-7), a flower discarded
(HK-IRR-3), a claim on the last discard (HK-IRR-4, HK-FLOW-8) or after the next player's draw
(HK-IRR-4, HK-PR-3), an irregular draw (HK-IRR-6). A wrong kong restored by a ``correct`` is listed, costing nothing (HK-IRR-2.1).
"""
from __future__ import annotations

from typing import Optional

from referee import events as ev
from referee.observer import Observer
from referee.tiles import is_flower, kind_of
from rulesbook.findings import Finding

CLAUSES = {f"HK-IRR-{n}" for n in range(1, 7)}
_ANOMALY = {"wrong_kong": "HK-IRR-2", "wrong_chi": "HK-IRR-4", "chi_not_from_left": "HK-IRR-4",
            "wrong_pon": "HK-IRR-4", "irregular_draw": "HK-IRR-6"}
WORDS = {
    "HK-IRR-1": ("a wrong count (大相公 / 小相公)", "牌數不符（大相公／小相公）"),
    "HK-IRR-2": ("a wrong kong (錯槓): a false set", "錯槓：假牌組"),
    "HK-IRR-3": ("a flower discarded or not laid out", "花牌打出或未補花"),
    "HK-IRR-4": ("a wrong claim (not a set, not from the 上家, out of its window, or on the last "
                 "discard)", "錯誤吃碰槓（不成組、非上家、逾時或食尾張）"),
    "HK-IRR-5": ("the claimed tile's kind discarded in the claiming turn (HK-FLOW-7)",
                 "上／碰後即打出同一張牌（HK-FLOW-7）"),
    "HK-IRR-6": ("an irregular draw or a peek", "錯摸、搶摸或偷看"),
}


class DeadHands(Observer):
    """Who is 相公 from which event, and the findings of HK-IRR."""

    def __init__(self) -> None:
        self.dead: dict[str, int] = {}
        self.findings: list[Finding] = []
        self.reported: set[tuple[str, str]] = set()  # (player, clause) in effect
        self.breaches: list[tuple[str, str, int]] = []  # (clause, player, event) seen in the log

    def hooks(self):
        return {}, {"report": self._report, "admit": self._report}, None, None

    def is_dead(self, player: str, at: int) -> Optional[int]:
        since = self.dead.get(player)
        return since if since is not None and since < at else None

    def make_dead(self, player: str, at: int) -> None:
        self.dead.setdefault(player, at)

    def _report(self, i: int, e: ev.Event, table) -> None:
        player = e.against if isinstance(e, ev.Report) else e.player  # type: ignore[attr-defined]
        offence = e.offence  # type: ignore[attr-defined]
        if offence not in CLAUSES:
            self.findings.append(Finding(offence or "HK-IRR-0", player, i, "dismissed",
                                         "The report names no irregularity of HK-IRR: dismissed.",
                                         "舉發未指明 HK-IRR 所列違例，不予受理。"))
            return
        en, zh = WORDS[offence]
        self.make_dead(player, i)
        self.reported.add((player, offence))
        self.findings.append(Finding(offence, player, i, "ruled",
                                     f"{player}: {en}. 相公 from here: he may not win for the rest "
                                     "of the hand; no money.",
                                     f"{player}：{zh}。自此相公，本局不得食糊，不另罰款。"))

    def _seen(self, table) -> None:
        """Faults of the log's own acts (read after the replay): a flower discarded (HK-IRR-3), the
        claimed tile's kind discarded in the claiming turn (HK-IRR-5), a claim on the discard made
        after the last draw (HK-IRR-4, HK-FLOW-8)."""
        events, wall = table.events, table.wall_before
        for i, e in enumerate(events):
            if e.type == "draw" and is_flower(e.tile):
                laid = next((x for x in events[i + 1:] if getattr(x, "player", None) == e.player), None)
                if laid is not None and not (laid.type == "flower" and laid.tile == e.tile):
                    self.breaches.append(("HK-IRR-3", e.player, i))  # kept, not laid out
            elif e.type == "discard":
                prev = events[i - 1] if i else None
                if is_flower(e.tile):
                    self.breaches.append(("HK-IRR-3", e.player, i))
                elif isinstance(prev, (ev.Chi, ev.Pon)) and prev.player == e.player \
                        and kind_of(prev.tile) == kind_of(e.tile):
                    self.breaches.append(("HK-IRR-5", e.player, i))
            elif e.type in ("chi", "pon") or e.type == "kong" and e.kind == "claimed":
                if wall[i] == 0 or self._after_a_draw(events, table.claimed_from.get(i), i):
                    self.breaches.append(("HK-IRR-4", e.player, i))

    @staticmethod
    def _after_a_draw(events, discard: Optional[int], claim: int) -> bool:
        """HK-PR-3: a claim made after the next player drew from the wall (no tile put back
        between) is out of its window."""
        if discard is None:
            return False
        between = events[discard + 1:claim]
        return any(x.type == "draw" and x.source == "wall" for x in between) and not any(
            x.type == "correct" and x.action == "return_tile" for x in between)

    def unreported(self, table) -> list[Finding]:
        """Faults in the log never in effect (HK-IRR-0), and corrected wrong kongs (HK-IRR-2.1)."""
        self._seen(table)
        out = []
        for a in table.anomalies:
            rule = _ANOMALY.get(a.kind)
            if rule is None or (a.player, rule) in self.reported:
                continue
            en, zh = WORDS[rule]
            if a.kind == "wrong_kong" and a.at in table.undone:
                out.append(Finding(rule, a.player, a.at, "ruled",
                                   f"{a.player}: a wrong kong corrected in time (HK-IRR-2.1): no penalty.",
                                   f"{a.player}：錯槓及時更正（HK-IRR-2.1），不罰。"))
                continue
            out.append(Finding(rule, a.player, a.at, "unreported",
                               f"{a.player}: {en}; not reported, so it changes nothing.",
                               f"{a.player}：{zh}；未經舉發，不影響本局。"))
        for rule, player, at in self.breaches:
            if (player, rule) not in self.reported:
                en, zh = WORDS[rule]
                out.append(Finding(rule, player, at, "unreported",
                                   f"{player}: {en}; not reported, so it changes nothing.",
                                   f"{player}：{zh}；未經舉發，不影響本局。"))
        return out
