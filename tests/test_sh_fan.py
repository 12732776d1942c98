"""Shanghai 花, 番 and points (SH-HUA, SH-FAN, SH-HU-2, SH-PAY-0): each row fired and a near miss,
the points of one share worked by hand from RULEBOOK_SH (D = 2 底花, L = 20 勒子)."""
import pytest

from rulesbook.shanghai.fan import points
from tests.shkit import count, rules


def rows(c) -> list[str]:
    return [p.rule for p in c.patterns]


def test_flower_count_of_the_rulebook_example():  # SH-HUA-3: 1f, two 中, a 東 pong, a concealed 3333s kong
    c = count("123m456m1s+1s", melds=["pon:111z", "ankong:3333s"], flowers="1f7z7z", how="self_draw")
    assert c.flowers == 3 + 1 + 2  # laid out 3 (dragons are flowers), wind pong 1, concealed suit kong 2
    assert c.qualifies  # a plain hand with H 6 ≥ 2 by self-draw


@pytest.mark.parametrize("meld, h", [
    pytest.param("pon:111z", 1, id="wind-pong"), pytest.param("kong:1111z", 2, id="wind-kong-claimed"),
    pytest.param("added:1111z", 2, id="wind-kong-added"), pytest.param("ankong:1111z", 3, id="wind-kong-concealed"),
    pytest.param("kong:5555p", 1, id="suit-kong-claimed"), pytest.param("ankong:5555p", 2, id="suit-kong-concealed"),
    pytest.param("pon:555p", 0, id="suit-pong-near-miss"),
])
def test_set_flowers(meld, h):  # SH-HUA-2
    assert count("123m456m789m1s+1s", melds=[meld], flowers="1f", how="self_draw").flowers == 1 + h


def test_concealed_wind_triplet_is_a_flower_a_pair_is_not():  # SH-HUA-2 暗花
    assert count("222z123m456m789m1s+1s", flowers="1f", how="self_draw").flowers == 2
    assert count("2z123m456m789m111s+2z", flowers="1f", how="self_draw").flowers == 1 + 0  # 2z the pair


def test_flower_values_are_options():  # SH-HUA-2 ``flower_values``
    r = rules(flower_values={"wind_pong": 3})
    assert count("123m456m789m1s+1s", r, melds=["pon:111z"], flowers="1f", how="self_draw").flowers == 4


def test_dragon_sets_count_as_winds_when_dragons_are_not_flowers():  # SH-HUA-2 (Proposal)
    r = rules(dragons_as_flowers=False)
    assert count("123m456m789m1s+1s", r, melds=["pon:777z"], flowers="1f", how="self_draw").flowers == 2
    assert not count("123m456m789m1s+1s", melds=["pon:777z"], flowers="1f", how="self_draw").complete  # SH-IRR-3


@pytest.mark.parametrize("text, kw, want, fan", [
    pytest.param("111m222p333s5s+5s", {"melds": ["pon:999m"]}, ["SH-FAN-2"], 1, id="pengpeng"),
    pytest.param("123m456m789m1z+1z", {"melds": ["pon:999m"]}, ["SH-FAN-3"], 1, id="hunyise"),
    pytest.param("123m456m789m1m+1m", {"melds": ["pon:999m"]}, ["SH-FAN-4"], 2, id="qingyise"),
    pytest.param("111m222m333m1z+1z", {"melds": ["pon:999m"]}, ["SH-FAN-5"], 2, id="hunpeng"),
    pytest.param("111m222m333m5m+5m", {"melds": ["pon:999m"]}, ["SH-FAN-6"], 3, id="qingpeng"),
])
def test_special_rows_and_their_replacements(text, kw, want, fan):  # SH-FAN-2…6, SH-FAN-0.2
    c = count(text, flowers="1f", **kw)
    assert rows(c) == want and c.fan == fan and c.special


def test_concealed_hand_and_its_near_miss():  # SH-FAN-7: a concealed kong keeps it, a pong does not
    assert rows(count("123m456m789m11s45p+3p", flowers="1f2f3f")) == ["SH-FAN-7"]
    assert rows(count("123m456m11s45p+3p", flowers="1f2f3f", melds=["ankong:7777s"])) == ["SH-FAN-7"]
    assert rows(count("123m456m11s45p+3p", flowers="1f2f3f", melds=["pon:777s"])) == []


def test_kong_bloom_bottom_of_the_sea_and_big_cart():  # SH-FAN-8, 10, 9
    base = dict(flowers="1f2f", how="self_draw", melds=["pon:777s"])
    assert rows(count("123m456m11s45p+3p", replacement=True, **base)) == ["SH-FAN-8"]
    assert rows(count("123m456m11s45p+3p", last_tile=True, **base)) == ["SH-FAN-10"]
    assert rows(count("123m456m11s45p+3p", **base)) == []  # near miss: a wall draw
    four = ["pon:777s", "chi:123m", "chi:456m", "chi:345p"]
    assert rows(count("1s+1s", flowers="1f2f3f", melds=four)) == ["SH-FAN-9"]


def test_no_flowers_is_special_and_priced_on_ten():  # SH-FAN-11, SH-PAY-0
    c = count("123m456m789m11s45p+3p")
    assert rows(c) == ["SH-FAN-7", "SH-FAN-11"] and c.special and c.qualifies
    assert c.points == 20  # min(10 × 2^1, 20)


def test_points_examples_of_the_rulebook():  # SH-PAY-0
    assert points(rules(), 5, 0) == 7  # plain self-draw, H 5: (2 + 5) × 1
    assert points(rules(), 3, 3) == 20  # 清一色 门清 H 3: (2 + 3) × 8 = 40, capped at 20
    assert points(rules(), 0, 2) == 20  # 无花果 碰碰胡 门清: 10 × 4 = 40 → 20
    assert points(rules(), 1, 1) == 6  # (2 + 1) × 2
    assert points(rules(lezi=100), 3, 3) == 40 and points(rules(base_flowers=0), 4, 0) == 4
    assert points(rules(), 2, 99) == 20  # a huge F is still the cap


def test_qingyise_concealed_capped():  # SH-PAY-0's worked example as a count
    c = count("1233456789995m+5m", flowers="1f2f3f")
    assert (c.fan, c.flowers, c.points) == (3, 3, 20)  # 清一色 2 + 门清 1; 40 → 20


@pytest.mark.parametrize("flowers, how, ok", [
    pytest.param("1f2f", "self_draw", True, id="two-self-draw"),
    pytest.param("1f2f", "discard", False, id="two-discard-near-miss"),
    pytest.param("1f2f3f", "discard", True, id="three-discard"),
    pytest.param("1f", "self_draw", False, id="one-self-draw-near-miss"),
    pytest.param("", "discard", True, id="none-is-wuhuaguo"),
])
def test_minimum_of_a_plain_hand(flowers, how, ok):  # SH-HU-2 and its example
    c = count("123m456m11s45p+3p", flowers=flowers, how=how, melds=["pon:777s"])
    assert c.complete and c.qualifies is ok


def test_special_only_bars_every_plain_hand():  # SH-HU-2 special_only (preset qinghunpeng)
    r = rules("qinghunpeng")
    assert not count("123m456m11s45p+3p", r, flowers="1f2f3f4f5f", melds=["pon:777s"]).qualifies
    assert count("123m456m789m1z+1z", r, melds=["pon:999m"], flowers="1f").qualifies  # 混一色


def test_baida_preset_any_complete_hand_wins():  # §14 presets
    assert count("123m456m11s45p+3p", rules("baida"), flowers="1f", melds=["pon:777s"]).qualifies


def test_fan_table_values_are_ruleset_data():  # §14 ruleset.fan_table
    c = count("123m456m789m1m+1m", rules(fan_table={"SH-FAN-4": 3}), flowers="1f", melds=["pon:999m"])
    assert c.fan == 3 and c.points == 20  # (2 + 1) × 8 = 24 → 20


def test_best_split_by_points():  # SH-FAN-0.2: 111222333m read as pongs beats the chows
    c = count("111m222m333m777m5m+5m", flowers="1f")
    assert "SH-FAN-6" in rows(c) and c.fan == 4  # 清碰 3 + 门清 1: (2 + 1) × 16 → 20


def test_a_dragon_held_never_wins():  # SH-IRR-3 under dragons_as_flowers
    c = count("123m456m789m11s77z+7z", flowers="1f", melds=[])
    assert not c.complete and c.flower_tile
