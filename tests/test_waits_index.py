"""Waits kept, not recomputed (issue 31): riichi's waits of a live count list agree with the
memoised ``riichi_waits`` of its tuple (seven pairs and thirteen orphans looked at only when the
number of kinds held allows them), and the index of who waits on each kind agrees with every
player's waits worked out anew, however the hands change."""
from __future__ import annotations

import random

from referee.hand import winning_kinds_of
from referee.table_facts import PlayerState
from referee.waits import WaitsIndex
from rulesbook.riichi.shapes import riichi_waits, riichi_waits_of
from tests.test_riichi_shapes import hands


def _tenpai_hands(n: int, seed: int):
    """13-tile hands near a win: a complete 14-tile hand less one tile, and random ones."""
    rng = random.Random(seed)
    for _ in range(n):
        counts = [0] * 34
        while sum(counts) < 12:
            t = rng.randrange(34)
            if rng.random() < 0.5 and t < 27 and t % 9 <= 6:
                tiles = (t, t + 1, t + 2)
            else:
                tiles = (t, t, t)
            if all(counts[x] + tiles.count(x) <= 4 for x in tiles):
                for x in tiles:
                    counts[x] += 1
        t = rng.randrange(34)
        if counts[t] < 4:
            counts[t] += 1
        yield tuple(counts)


def test_the_waits_of_a_live_list_are_those_of_the_memoised_tuple():
    met = {"special": 0, "any": 0}
    for counts in [*hands(3000), *_tenpai_hands(3000, 5)]:
        for closed in (True, False):
            live = list(counts) + [0] * 8  # a count list goes on past the kinds (flowers)
            got = riichi_waits_of(live, closed)
            assert got == riichi_waits(counts, closed), (counts, closed)
            met["any"] += bool(got)
            met["special"] += closed and got != riichi_waits_of(live, False)
    assert met["special"] > 50 and met["any"] > 500  # waits of both kinds were met


class _Table:
    def __init__(self, names):
        self.p = {n: PlayerState(n) for n in names}


def test_the_index_agrees_with_every_players_waits_worked_out_anew():
    rng = random.Random(3)
    names = ("A", "B", "C", "D")
    table = _Table(names)
    index = WaitsIndex(table, lambda ps: winning_kinds_of(ps.counts), slot="wins_cache")
    tenpai = list(_tenpai_hands(400, 9))
    found = 0
    for step in range(3000):
        ps = table.p[rng.choice(names)]
        if rng.random() < 0.3:  # a new hand, often one near a win
            ps.counts[:34] = rng.choice(tenpai)
        elif rng.random() < 0.1:
            ps.unknown = 1 - ps.unknown  # hidden tiles: he waits on nothing known
        else:
            t = rng.randrange(34)
            ps.counts[t] = max(0, min(4, ps.counts[t] + rng.choice((-1, 1))))
        ps.version += 1
        tile = rng.randrange(-1, 45)
        but = rng.choice((None, *names))
        expected = [n for n, q in table.p.items() if n != but and not q.unknown and 0 <= tile < 34
                    and tile in winning_kinds_of(q.counts)] if tile < 42 else \
            [n for n, q in table.p.items() if n != but and not q.unknown
             and {42: 4, 43: 13, 44: 22}[tile] in winning_kinds_of(q.counts)]
        assert index.on(tile, but) == expected, step
        found += bool(expected)
    assert found > 30  # the index named players, not only none


def test_a_hand_that_did_not_change_is_not_worked_out_again():
    table = _Table(("A", "B"))
    calls = []
    index = WaitsIndex(table, lambda ps: calls.append(ps.name) or frozenset({3}))
    assert index.on(3) == ["A", "B"] and index.on(3, but="A") == ["B"] and len(calls) == 2
    table.p["B"].version += 1
    assert index.on(4) == [] and calls == ["A", "B", "B"]
