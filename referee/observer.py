"""Observers of a replay: the rulebook's checks that depend on the moment. ``Table.replay`` calls
each observer's hooks for an event's type just before and just after the table takes it in
(``Observer.hooks``); ``chain_of`` puts an event type's hooks in order, once per hand.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, Sequence

from . import events as ev

#: an observer's look at event ``i`` and the table (a ``referee.replay.Table``, which imports this
#: module: typed ``Any`` here, so that the two modules do not import each other)
Table = Any
Hook = Callable[[int, ev.Event, Table], None]


class Observer:
    """Watches a replay event by event (the rulebook's checks that depend on the moment)."""

    def before(self, i: int, e: ev.Event, table: Table) -> None:
        """Called before event ``i`` is folded in."""

    def after(self, i: int, e: ev.Event, table: Table) -> None:
        """Called after event ``i`` is folded in."""

    def done(self, table: Table) -> None:
        """Called once after the last event."""

    def hooks(self) -> tuple[Mapping[str, Hook], Mapping[str, Hook], Optional[Hook], Optional[Hook]]:
        """What the replay calls: (hooks before an event by its type, hooks after it by its type,
        a hook before every event, a hook after every event). By default ``before`` and ``after``
        on every event; an observer that looks at few event types names them, and the replay
        calls nothing else for the others."""
        return {}, {}, self.before, self.after


def chain_of(kind: str, handler: Callable, hooks: Sequence[tuple]) -> tuple[tuple, Callable, tuple]:
    """What an event of type ``kind`` calls: the observers' hooks before it, the table's
    handler, their hooks after it; in the observers' order, each observer's hooks for the type
    before its hooks for every event (``Observer.hooks``). Worked out at the first event of
    each type, so an event calls only what looks at it."""
    befores, afters = [], []
    for by_type_before, by_type_after, every_before, every_after in hooks:
        for by_type, every, out in ((by_type_before, every_before, befores),
                                    (by_type_after, every_after, afters)):
            if kind in by_type:
                out.append(by_type[kind])
            if every is not None:
                out.append(every)
    return tuple(befores), handler, tuple(afters)


class ByType(dict):
    """An observer's hooks by event type, each made at its first question (``make(kind)``; a hand
    meets a few types): for an observer whose checks for a type fold the flags of several families
    into one call (riichi's, tw16's) instead of a hook on every event. ``kinds``: the types it looks
    at (None: every type)."""

    def __init__(self, make: Callable[[str], Optional[Hook]], kinds: Optional[frozenset[str]] = None):
        super().__init__()
        self.make = make
        self.kinds = kinds

    def __contains__(self, kind) -> bool:
        return self.kinds is None or kind in self.kinds

    def __missing__(self, kind: str):
        hook = self[kind] = self.make(kind)
        return hook


class Unfinished(Observer):
    """Another observer's hooks without its ``done``: a replay stopped mid-hand (``referee.cut``),
    whose end of record is no end of the hand (no window closes, no abort is owed)."""

    def __init__(self, inner: Observer):
        self.inner = inner

    def hooks(self):
        return self.inner.hooks()
