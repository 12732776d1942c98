"""百搭 wild tiles (SH-BD, preset `baida`) on ``referee.wild``: the wild kind (SH-BD-1), a wild tile
standing for another (SH-BD-2), 无百搭 (SH-FAN-12), 四百搭 (SH-BD-3); each fired and a near miss, the
points worked by hand (D 2, L 20)."""
import pytest

from rulesbook.shanghai.baida import wild_kind
from tests.shkit import count, rules

FIVE_M = 4  # the wild kind in these counts: 5m (an indicator 4m under ``next``)
BAIDA = rules("baida").with_wild(FIVE_M)


def rows(c) -> list[str]:
    return [p.rule for p in c.patterns]


@pytest.mark.parametrize("indicator, rule, wild", [
    pytest.param(3, "next", 4, id="4m-gives-5m"), pytest.param(8, "next", 0, id="9m-gives-1m"),
    pytest.param(26, "next", 18, id="9s-gives-1s"), pytest.param(30, "next", 27, id="north-gives-east"),
    pytest.param(27, "next", 28, id="east-gives-south"), pytest.param(33, "next", 31, id="red-gives-white"),
    pytest.param(3, "same", 3, id="same"),
])
def test_the_wild_kind(indicator, rule, wild):  # SH-BD-1 wild_rule
    assert wild_kind(indicator, rule) == wild


def test_a_wild_tile_stands_for_another():  # SH-BD-2: the two 5m read 5m (in 456m) and 5p (4p ? 6p)
    c = count("123m456m789m11s4p5m+6p", BAIDA, flowers="1f", how="self_draw")
    assert c.complete and c.wilds == 2 and rows(c) == ["SH-FAN-7"] and c.points == 6  # (2 + 1) × 2
    assert not count("123m456m789m11s4p5m+6p", rules("baida"), flowers="1f", how="self_draw").complete  # no wild


def test_the_best_reading_is_taken():  # SH-FAN-0.2 over the readings: 5m read as 5p makes 清一色
    c = count("123p456p789p11p4p5m+6p", BAIDA, flowers="1f", how="self_draw")
    assert rows(c) == ["SH-FAN-4", "SH-FAN-7"] and c.points == 20  # (2 + 1) × 8 = 24 → 20


def test_no_wild_row_and_a_discarded_wild_is_its_face():  # SH-FAN-12, SH-BD-2
    won_on = count("123m46m789m11s345p+5m", BAIDA, flowers="1f", how="discard")
    assert won_on.wilds == 0 and rows(won_on) == ["SH-FAN-7", "SH-FAN-12"] and won_on.points == 12  # 3 × 4
    drawn = count("123m46m789m11s345p+5m", BAIDA, flowers="1f", how="self_draw")
    assert drawn.wilds == 1 and rows(drawn) == ["SH-FAN-7"] and drawn.points == 6  # near miss: a wild held


def test_no_wild_row_only_under_wild():  # SH-FAN-12 near miss: no 百搭 at the table
    assert "SH-FAN-12" not in rows(count("123m456m789m11s45p+3p", rules(), flowers="1f2f3f"))


def test_four_wilds_win_at_once():  # SH-BD-3 四百搭: P = L = 20, whatever the rest
    c = count("5555m123p456p79p1s+1s", BAIDA, flowers="1f", how="self_draw")
    assert rows(c) == ["SH-BD-3"] and c.points == 20 and c.qualifies
    on_discard = count("5555m123p456p79p1s+1s", BAIDA, flowers="1f", how="discard")
    assert rows(on_discard) != ["SH-BD-3"] and on_discard.wilds == 4  # near miss: not a self-draw


def test_same_rule_three_wilds_at_most():  # SH-BD-1 same: the indicator's kind, its three other copies
    r = rules("baida", wild_rule="same").with_wild(wild_kind(FIVE_M, "same"))
    assert count("123m456m789m11s4p5m+6p", r, flowers="1f", how="self_draw").wilds == 2
