"""The 包 liability engine of 13-tile play: liabilities created by claims (RULEBOOK_HK.md HK-BAO-0…4,
6, 9), carried by a ``state`` or derived from its melds (§10.2), and chosen for a covered win
(HK-BAO-8).

A variant gives its liability rules as data (``MeldRule``): the clause, its rank in precedence, and
a test of the claimer's sets on the table after a claim that a feeder made. ``Liabilities`` watches
the replay (an ``Observer``) and lists each liability at its creating claim; ``derive`` builds them
from a position's melds in the order made. What a liability covers and who pays is the variant's
settlement (it reads ``Liability.clause``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Optional, Sequence

from referee import events as ev
from referee.melds import MeldView
from referee.observer import Observer

DRAGONS = frozenset({31, 32, 33})
WINDS = frozenset({27, 28, 29, 30})


@dataclass(frozen=True)
class Liability:
    """``liable`` pays for ``covered``'s wins as ``clause`` says, from event ``at`` (None: carried
    by a ``state``); ``rank``: precedence, lower first (HK-BAO-8)."""

    clause: str
    liable: str
    covered: str
    at: Optional[int]
    rank: int


@dataclass(frozen=True)
class Sets:
    """A player's sets on the table (落地) after a claim, and the claim itself."""

    melds: tuple[MeldView, ...]  # on the table, in the order made (concealed kongs as the option says)
    new: MeldView  # the set the claim made (an added kong: the kong)
    before: int  # how many sets were on the table before the claim
    kongs: int = 0  # his declared kongs of any kind, the claim's included

    def of(self, kinds: frozenset[int]) -> int:
        return sum(1 for m in self.melds if m.kind in ("pon", "kong") and min(m.tiles) in kinds)

    @property
    def new_kind(self) -> int:
        return min(self.new.tiles)


#: a rule's test: whether the claim that made ``Sets.new`` creates the liability
Test = Callable[[Sets], bool]


@dataclass(frozen=True)
class MeldRule:
    clause: str
    rank: int
    test: Test
    once_per_liable: bool = False  # 包先不包後: a player liable under it is not made liable again


def fourth_set(s: Sets) -> bool:
    """十二張落地: the claim takes his sets on the table from three to four."""
    return s.before == 3 and len(s.melds) == 4


def third_set(s: Sets) -> bool:
    """九章落地: the claim takes his sets on the table from two to three."""
    return s.before == 2 and len(s.melds) == 3


def third_dragon(s: Sets) -> bool:
    """The claim makes his third dragon set (a pon or claimed kong), the other two on the table."""
    return s.new.kind != "chi" and s.new_kind in DRAGONS and s.of(DRAGONS) == 3


def fourth_wind(s: Sets) -> bool:
    return s.new.kind != "chi" and s.new_kind in WINDS and s.of(WINDS) == 4


def fourth_kong(s: Sets) -> bool:
    """A claimed kong that is his fourth declared kong (of any kind)."""
    return s.new.kind == "kong" and s.new.kong == "claimed" and s.kongs == 4


def on_table(melds: Iterable[MeldView], concealed_kongs: bool) -> tuple[MeldView, ...]:
    return tuple(m for m in melds if concealed_kongs or not m.concealed)


class Liabilities(Observer):
    """Watches the claims of a replay and lists the liabilities they create, in order."""

    def __init__(self, rules: Sequence[MeldRule], concealed_kongs_on_table: bool):
        self.rules = rules
        self.concealed_kongs = concealed_kongs_on_table
        self.found: list[Liability] = []
        self._before = 0

    def hooks(self):
        before = {k: self._count for k in ("chi", "pon", "kong")}
        after = {**{k: self._claimed for k in ("chi", "pon", "kong")}, "correct": self._undone}
        return before, after, None, None

    def _undone(self, i: int, e: ev.Event, table) -> None:
        """A claim undone (``correct restore``: a win took its tile, or a wrong claim restored)
        never stood: the liabilities it created go with it (SH-BAO-1's third claim, HK-BAO …)."""
        if e.action == "restore":  # type: ignore[attr-defined]
            self.found = [li for li in self.found if li.at != e.about]  # type: ignore[attr-defined]

    def seed(self, liabilities: Iterable[Liability]) -> None:
        """Liabilities that stood before the position (a ``state``'s, given or derived)."""
        self.found.extend(liabilities)

    def _count(self, i: int, e: ev.Event, table) -> None:
        self._before = len(on_table(table.p[e.player].melds, self.concealed_kongs))  # type: ignore[attr-defined]

    def _claimed(self, i: int, e: ev.Event, table) -> None:
        player = e.player  # type: ignore[attr-defined]
        melds = table.p[player].melds
        new = self._new_meld(e, melds)
        if new is None or i in table.undone:
            return
        self.found.extend(create(self.rules, self.found, player, new,
                                 on_table(melds, self.concealed_kongs), self._before, i,
                                 sum(1 for m in melds if m.kind == "kong")))

    @staticmethod
    def _new_meld(e: ev.Event, melds: Sequence[MeldView]) -> Optional[MeldView]:
        if isinstance(e, ev.Kong) and e.kind == "added":
            return next((m for m in melds if m.kind == "kong" and m.kong == "added"
                         and sorted(m.tiles) == sorted(e.tiles)), None)
        return melds[-1] if melds else None


def create(rules: Sequence[MeldRule], standing: Sequence[Liability], player: str, new: MeldView,
           table_sets: tuple[MeldView, ...], before: int, at: Optional[int], kongs: int = 0) -> list[Liability]:
    """The liabilities one set creates: only a claimed set (it has a feeder) creates any, not an
    added kong (its pong did); the covered player is never his own feeder (HK-BAO-10)."""
    feeder = new.source
    if feeder is None or feeder == player or new.kind == "kong" and new.kong != "claimed":
        return []
    sets = Sets(table_sets, new, before, kongs)
    out = []
    for rule in rules:
        if rule.once_per_liable and any(li.clause == rule.clause and li.liable == feeder
                                        for li in standing):
            continue
        if rule.test(sets):
            out.append(Liability(rule.clause, feeder, player, at, rule.rank))
    return out


def derive(rules: Sequence[MeldRule], melds: dict[str, Sequence[MeldView]],
           concealed_kongs_on_table: bool) -> list[Liability]:
    """The liabilities a position's melds imply, each player's melds taken in the order made (an
    added kong as the pon its feeder fed, then grown): §10.2's derivation when a ``state`` gives
    none."""
    out: list[Liability] = []
    for player, seq in melds.items():
        shown: list[MeldView] = []
        for m in seq:
            before = len(on_table(shown, concealed_kongs_on_table))
            made = MeldView("pon", m.tiles[:3], None, m.tile, m.source) if m.kong == "added" else m
            shown.append(made)
            out.extend(create(rules, out, player, made, on_table(shown, concealed_kongs_on_table),
                              before, None, sum(1 for x in shown if x.kind == "kong")))
            shown[-1] = m
    return out


def bloom_feeder(table, w) -> Optional[tuple[str, int]]:
    """杠上开花包 / 槓上開花包 (HK-BAO-5, GD-BAO-4): a replacement self-draw whose chain of kongs
    made in a row this turn (under hk, each made with the previous one's replacement: the table's
    ``kong_link``) holds a claimed kong: (its feeder, the kong's event), the chain's first claimed
    kong; None otherwise (a chain of added and concealed kongs only, or no chain). A chain that is
    the starting ``state`` (its drawn tile that kong's replacement: ``state_bloom``) holds his last
    meld there, a claimed kong whose ``from`` fed it."""
    if w.how != "self_draw" or not w.kong_chain:
        return None
    for k in w.kong_chain:
        e = table.events[k]
        if isinstance(e, ev.State):
            last = (e.melds.get(w.player) or (None,))[-1]
            if last is not None and last.kind == "kong" and last.kong == "claimed" \
                    and last.source not in (None, w.player):
                return last.source, k
        elif isinstance(e, ev.Kong) and e.kind == "claimed":
            at = table.claimed_from.get(k)
            feeder = None if at is None else _discarder(table.events[at])
            if feeder is not None and feeder != w.player:
                return feeder, k
    return None


def state_replacement(table, player: Optional[str]) -> bool:
    """Whether the record starts from a ``state`` in which ``player`` has just drawn a kong's
    replacement (``drawn.from: back``; in a variant without flowers only a kong's replacement is
    drawn from the back)."""
    first = table.events[0] if table.events else None
    return isinstance(first, ev.State) and first.turn == player and first.phase == "discard" \
        and first.drawn is not None and first.drawn[1] == "back"


def state_kong(table, player: str) -> Optional[ev.MeldSpec]:
    """His last kong in the starting ``state`` (melds are in the order made), whose replacement he
    has just drawn (``state_replacement``); None when there is none."""
    if not state_replacement(table, player):
        return None
    kongs = [m for m in table.events[0].melds.get(player, ()) if m.kind == "kong"]
    return kongs[-1] if kongs else None


def state_bloom_feeder(table, w) -> Optional[tuple[str, int]]:
    """A replacement self-draw of a record that starts right after a replacement was drawn: the
    feeder of his last kong in the ``state`` when it is a claimed kong, with ``at`` 0 (the
    ``state``); None otherwise. The bloom is on that replacement, or on the replacement of further
    kongs made right after it (his chain of kongs reaches back to the ``state``: no act of his
    between it and the chain's first kong). For a variant without flowers."""
    if w.how != "self_draw" or not w.kong_replacement:
        return None
    if w.kong_chain and any(getattr(table.events[j], "player", None) == w.player for j in range(1, w.kong_chain[0])):
        return None
    last = state_kong(table, w.player)
    if last is not None and last.kong == "claimed" and last.source not in (None, w.player):
        return last.source, 0
    return None


def _discarder(e: ev.Event) -> Optional[str]:
    """Who discarded the tile claimed from event ``e``: a discard's player, or the ``state``'s
    ``last_discard`` (a tile on offer when the record starts)."""
    if isinstance(e, ev.State):
        return e.last_discard[0] if e.last_discard is not None else None
    return getattr(e, "player", None)


def select(liabilities: Sequence[Liability], covered: str, clauses: Iterable[str],
           before: int) -> list[Liability]:
    """The liabilities of ``clauses`` standing for ``covered`` before event ``before``, ordered for
    precedence: by rank, then the earliest created (a ``state``'s first)."""
    wanted = set(clauses)
    found = [li for li in liabilities if li.covered == covered and li.clause in wanted
             and (li.at is None or li.at < before)]
    return sorted(found, key=lambda li: (li.rank, -1 if li.at is None else li.at))
