"""Hand analysis: completeness, waits and decompositions on count arrays."""
import random

import pytest

from referee.hand import (SEQ, TRIPLET, decompositions, is_complete, is_seven_pairs_and_triplet,
                          waits, winning_kinds, winning_kinds_of)
from referee.tiles import code, counts34, parse_compact


def c(text: str) -> tuple[int, ...]:
    return tuple(counts34(parse_compact(text)))


def kinds(ws) -> list[str]:
    return sorted(code(t) for t in ws)


@pytest.mark.parametrize("tiles, complete", [
    pytest.param("123m456m789m234p345s66s", True, id="five-sequences-and-pair"),
    pytest.param("111222333m444p55z", True, id="triplets"),
    pytest.param("123m456m789m234p345s67s", False, id="no-pair"),
    pytest.param("123m456m789m234p345s6s", False, id="wrong-count"),
    pytest.param("11z", True, id="pair-only (four kongs exposed)"),
    pytest.param("899m123p456p789s11z", False, id="honours-do-not-run"),
    pytest.param("891m", False, id="no-wrap-around"),
])
def test_is_complete(tiles, complete):
    assert is_complete(c(tiles)) is complete
    assert bool(decompositions(c(tiles))) is complete


def test_every_decomposition_is_listed():
    # 111222333m: three triplets or three equal sequences
    decs = decompositions(c("111222333m456p77s"))
    sets = {d[1] for d in decs}
    assert ((SEQ, 0), (SEQ, 0), (SEQ, 0), (SEQ, 12)) in sets
    assert ((SEQ, 12), (TRIPLET, 0), (TRIPLET, 1), (TRIPLET, 2)) in sets
    assert len(decs) == 2


@pytest.mark.parametrize("tiles, expected", [
    pytest.param("1112345678999m", ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"], id="nine-gates"),
    pytest.param("123m456m789m2p3p4p66s3s4s", ["2s", "5s"], id="two-sided"),
    pytest.param("123m456m789m123p444s1z", ["1z"], id="single-honour"),
    pytest.param("123m456m789m123p13s55z", ["2s"], id="closed-wait"),
    pytest.param("123m456m789m123p5555z", [], id="four-held-is-no-wait"),
    pytest.param("123m456m789m123p12s", [], id="not-ready-count"),
])
def test_waits(tiles, expected):
    assert kinds(waits(c(tiles))) == expected


@pytest.mark.parametrize("tiles, expected", [
    pytest.param("111m999m111p999p11s99s", ["1s", "9s"], id="two-pairs"),
    pytest.param("123m456m789m2p3p4p66s3s4s", ["2s", "5s"], id="two-sided"),
    pytest.param("123m456m789m123p444s1z", ["1z"], id="single-honour"),
    pytest.param("123m456m789m123p22z33z", ["2z", "3z"], id="two-honour-pairs"),
    pytest.param("1111m234p567p789s", ["1m"], id="a-fifth-copy-counts-here-not-in-waits"),
    pytest.param("123m456m789m123p1z2z", [], id="two-parts-wrong"),
    pytest.param("123m456m789m2p3p4p66s3s4s5s", [], id="not-one-short"),
])
def test_winning_kinds(tiles, expected):
    assert kinds(winning_kinds(c(tiles))) == expected
    assert kinds(waits(c(tiles))) == [k for k in expected if c(tiles)[parse_compact(k)[0]] < 4]


def _hands(rng: random.Random):
    """Complete hands of 0–5 sets and a pair (some in one suit) with one tile taken out, and
    random handfuls."""
    for _ in range(1500):
        c = [0] * 34
        suits = [rng.randrange(4)] if rng.random() < 0.4 else [0, 1, 2, 3]

        def kind() -> int:
            s = rng.choice(suits)
            return 27 + rng.randrange(7) if s == 3 else 9 * s + rng.randrange(9)
        c[kind()] += 2
        for _ in range(rng.randint(0, 5)):
            t = kind()
            if t < 27 and t % 9 <= 6 and rng.random() < 0.6:
                for d in range(3):
                    c[t + d] += 1
            else:
                c[t] += 3
        c[rng.choice([t for t in range(34) if c[t]])] -= 1
        yield tuple(c)
    for _ in range(1500):
        c = [0] * 34
        for _ in range(rng.choice((1, 4, 7, 10, 13, 16))):
            c[rng.randrange(34)] += 1
        yield tuple(c)


def test_winning_kinds_is_is_complete_with_one_more_tile():
    """winning_kinds (part by part) and waits agree with is_complete tried kind by kind."""
    ready = 0
    for hand in _hands(random.Random(14)):
        one_more = [t for t in range(34) if is_complete(tuple(n + (k == t) for k, n in enumerate(hand)))]
        assert sorted(winning_kinds(hand)) == one_more, hand
        # the unmemoised form the table asks with a player's live counts (flowers after the kinds)
        assert sorted(winning_kinds_of(list(hand) + [1, 0, 0, 0, 0, 0, 0, 0])) == one_more, hand
        assert sorted(waits(hand)) == [t for t in one_more if hand[t] < 4], hand
        ready += bool(one_more)
    assert ready > 500  # the generator makes ready hands, not only hopeless ones


def test_lik_gu_shape():
    assert is_seven_pairs_and_triplet(c("11223344m5566p77s111z"))
    assert not is_seven_pairs_and_triplet(c("11223344m5566p77s11z"))
