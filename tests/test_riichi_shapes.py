"""Seven pairs and thirteen orphans waits (RJ-VAL-6 shapes) found directly agree with their
definition: every kind added to 13 closed tiles and the 14 tested as seven pairs or thirteen
orphans. Seeded hands leaning to pairs and to orphans, and every orphan hand one short."""
from __future__ import annotations

import random

from rulesbook.riichi.shapes import ORPHANS, _special_waits, riichi_waits, seven_pairs, thirteen_orphans


def by_definition(counts: tuple[int, ...]) -> set[int]:
    out, c = set(), list(counts)
    for t in range(34):
        if c[t] < 4:
            c[t] += 1
            if seven_pairs(tuple(c)) or thirteen_orphans(tuple(c)):
                out.add(t)
            c[t] -= 1
    return out


def hands(n: int, seed: int = 12):
    rng = random.Random(seed)
    for k in range(n):
        pool = ([t for t in ORPHANS for _ in range(4)] if k % 3 == 0 else
                [t for t in rng.sample(range(34), 7) for _ in range(3)] if k % 3 == 1 else
                [t for t in range(34) for _ in range(4)])
        counts = [0] * 34
        for t in rng.sample(pool, 13):
            counts[t] += 1
        yield tuple(counts)


def test_the_special_waits_are_those_of_the_definition():
    special = 0
    for counts in hands(3000):
        expected = by_definition(counts)
        assert {t for t in _special_waits(counts) if counts[t] < 4} == expected, counts
        special += bool(expected)
    assert special > 50  # both shapes were met, not only hands with no such wait


def test_every_thirteen_orphans_wait():
    one_each = tuple(1 if t in ORPHANS else 0 for t in range(34))
    assert _special_waits(one_each) == set(ORPHANS) == by_definition(one_each)
    for missing in ORPHANS:
        for pair in ORPHANS:
            if pair != missing:
                counts = list(one_each)
                counts[missing], counts[pair] = 0, 2
                assert _special_waits(tuple(counts)) == {missing} == by_definition(tuple(counts))


def test_an_open_hand_has_no_special_wait():
    pairs = tuple(2 if t in (0, 3, 6, 10, 13, 16) else 1 if t == 20 else 0 for t in range(34))  # 3s single
    assert riichi_waits(pairs, True) == {20} and riichi_waits(pairs, False) == frozenset()
