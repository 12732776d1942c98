"""referee/wild.py: the readings of a hand with wild tiles, checked against a brute force (every
assignment of the wild tiles, each hand then split by referee.hand), and the rule that picks one."""
from __future__ import annotations

from itertools import combinations_with_replacement

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.hand import SEQ, TRIPLET
from referee.tiles import N_KINDS, counts34, parse_tiles
from referee.wild import Reading, canonical, choose, completes, readings, stand_ins, waits

ALL = frozenset(range(N_KINDS))
NO_RED = frozenset(range(N_KINDS - 1))  # Wuhan: a 癞子 never stands for 红中 (7z)


def natural(text: str) -> tuple[int, ...]:
    return tuple(counts34(parse_tiles(text)))


def splits(c: list[int], need_pair: bool) -> list[tuple[object, tuple]]:
    """Every (pair, sets) split of counts ``c``, by the plainest search (no copy limit)."""
    i = next((k for k, n in enumerate(c) if n), None)
    if i is None:
        return [] if need_pair else [(None, ())]
    out = []
    if need_pair and c[i] >= 2:
        c[i] -= 2
        out += [(i, sets) for _, sets in splits(c, False)]
        c[i] += 2
    if c[i] >= 3:
        c[i] -= 3
        out += [(p, ((TRIPLET, i),) + sets) for p, sets in splits(c, need_pair)]
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for k in (i, i + 1, i + 2):
            c[k] -= 1
        out += [(p, ((SEQ, i),) + sets) for p, sets in splits(c, need_pair)]
        for k in (i, i + 1, i + 2):
            c[k] += 1
    return out


def brute(counts: tuple[int, ...], jokers: int, allowed: frozenset[int]) -> set[Reading]:
    out = set()
    for kinds in combinations_with_replacement(sorted(allowed), jokers):
        c = list(counts)
        for k in kinds:
            c[k] += 1
        for pair, sets in splits(c, True):
            out.add(Reading(tuple(kinds), pair, tuple(sorted(sets))))
    return out


def test_wuhan_rulebook_example_reads_the_lai_zi_as_5m():
    # WH-LZ-6 example: 癞子 4m; concealed 5m 5m 9s 9s 9s 5p 5p and the 癞子 (sets 222p 777s on the
    # table): as 5m (555m 999s 55p) or as 5p (555p 999s 55m); both score alike, key (6) takes 5m.
    hand = natural("55m999s55p")
    found = readings(hand, 1, NO_RED)
    assert {r.wild_as for r in found} == {(4,), (13,)}
    score, best = choose(((1,), r) for r in found)
    assert best.wild_as == (4,) and best.pair == 13
    assert stand_ins(best, wild_kind=3) == 1


def test_a_wild_read_as_itself_is_no_stand_in():
    found = readings(natural("123m456p789s5z"), 1, NO_RED)
    assert [r.wild_as for r in found] == [(31,)]  # only as 5z: the pair 55z
    assert stand_ins(found[0], 31) == 0 and stand_ins(found[0], 3) == 1


def test_not_allowed_kinds_are_never_read():
    hand = natural("123m456p789s7z")
    assert completes(hand, 1, ALL) and not completes(hand, 1, NO_RED)


def test_wild_tiles_alone_make_sets_and_the_pair():
    found = readings(natural("123m456m789m"), 2, frozenset({0, 9}))
    assert {(r.wild_as, r.pair) for r in found} == {((0, 0), 0), ((9, 9), 9)}
    three = readings(natural("123m456m11z"), 3, frozenset({18, 19, 20}))
    assert {r.sets[-1] for r in three} >= {(SEQ, 18), (TRIPLET, 20)}


def test_no_copy_limit():
    found = readings(natural("1111m23m"), 2, ALL)  # 1111m 23m and two wild tiles
    assert all(sum(1 for s in r.sets if s == (TRIPLET, 0)) <= 2 for r in found)
    assert completes(natural("111123m"), 2, frozenset({0}))  # 111m 123m and two wild 1m: 11m
    assert completes(natural("1111m"), 1, frozenset({0}))  # 111m + 11m: a fifth 1m


def test_waits_with_a_wild_tile():
    # 123m 456p 789s 5z with a wild: complete already? 13 tiles + wild = 14: no wait asked
    assert waits(natural("123m456p789s"), 1, ALL) == frozenset(range(N_KINDS))  # any pair
    assert waits(natural("123m456p789s1z"), 0, ALL) == frozenset({27})


def test_choose_prefers_the_score_then_canonical_order():
    a = Reading((9,), 0, ((SEQ, 9),))
    b = Reading((0,), 9, ((SEQ, 9),))
    assert choose([((1,), a), ((1,), b)])[1] == b
    assert choose([((2,), a), ((1,), b)])[1] == a
    assert choose([]) is None
    # sets compared as tile lists: 111m before 123m
    t = Reading((0,), 5, ((TRIPLET, 0),))
    s = Reading((0,), 5, ((SEQ, 0),))
    assert canonical(t) < canonical(s)


hands = st.lists(st.integers(0, 26), min_size=2, max_size=11).filter(
    lambda ts: all(ts.count(t) <= 4 for t in ts))


@settings(max_examples=150, deadline=None)
@given(hands, st.integers(0, 2), st.sampled_from([ALL, NO_RED, frozenset(range(27))]))
def test_readings_equal_the_brute_force(tiles, jokers, allowed):
    c = [0] * N_KINDS
    for t in tiles:
        c[t] += 1
    counts = tuple(c)
    if (len(tiles) + jokers) % 3 != 2:
        assert readings(counts, jokers, allowed) == ()
        return
    expected = brute(counts, jokers, allowed)
    assert set(readings(counts, jokers, allowed)) == expected
    assert completes(counts, jokers, allowed) == bool(expected)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 26), min_size=8, max_size=8).filter(
    lambda ts: all(ts.count(t) <= 4 for t in ts)), st.sampled_from([frozenset(range(27))]))
def test_three_wild_tiles_equal_the_brute_force(tiles, allowed):
    c = [0] * N_KINDS
    for t in tiles:
        c[t] += 1
    counts = tuple(c)
    assert set(readings(counts, 3, allowed)) == brute(counts, 3, allowed)
    assert waits(counts, 3, allowed) == frozenset(
        k for k in range(N_KINDS) if completes(tuple(n + (i == k) for i, n in enumerate(counts)),
                                               3, allowed))
