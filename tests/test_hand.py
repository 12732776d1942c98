"""Hand analysis: completeness, waits and decompositions on count arrays."""
import pytest

from referee.hand import (SEQ, TRIPLET, decompositions, is_complete, is_seven_pairs_and_triplet,
                          waits)
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


def test_lik_gu_shape():
    assert is_seven_pairs_and_triplet(c("11223344m5566p77s111z"))
    assert not is_seven_pairs_and_triplet(c("11223344m5566p77s11z"))
