"""RULEBOOK_GD §9: the options, the five presets as data, explicit options and fan_table entries
over a preset, and every refusal at its JSON path."""
import pytest

from rulesbook.guangdong.options import DEFAULT_PRESET, PRESETS, GdRules, RulesetError, ruleset_errors


def test_defaults_are_wufan():
    r = GdRules.of()
    assert r.preset == DEFAULT_PRESET == "wufan"
    o = r.options
    assert (o.min_fan, o.limit_fan, o.special_floor, o.multiple_winners, o.pass_rule) == \
        (0, 5, 3, "all", "same_tile_until_move")
    assert r.values["GD-FAN-16"] == 6 and r.values["GD-FAN-1"] == 0


@pytest.mark.parametrize("preset, field, value", [
    ("yifan", "min_fan", 1), ("sanfan", "min_fan", 3), ("qq", "limit_fan", 3), ("wufan", "min_fan", 0)])
def test_presets_set_their_option(preset, field, value):
    assert getattr(GdRules.of(preset).options, field) == value


def test_seed_list1_sets_the_heavenly_hands_to_nine():
    r = GdRules.of("seed_list1")
    assert [r.values[f"GD-FAN-{n}"] for n in (16, 17, 18, 19)] == [9, 9, 9, 9]
    assert r.values["GD-FAN-13"] == 6


def test_explicit_options_and_rows_override_the_preset():
    r = GdRules.of("sanfan", {"min_fan": 2}, {"GD-FAN-17": 8})
    assert r.options.min_fan == 2 and r.values["GD-FAN-17"] == 8 and r.preset == "sanfan"
    assert GdRules.of("seed_list1", fan_table={"GD-FAN-16": 6}).values["GD-FAN-16"] == 6


@pytest.mark.parametrize("kw, path", [
    ({"preset": "liuzhou"}, "ruleset.preset"),
    ({"options": {"flowers": True}}, "ruleset.options.flowers"),
    ({"options": {"payment": "half"}}, "ruleset.options.payment"),
    ({"options": {"limit_fan": 10}}, "ruleset.options.limit_fan"),
    ({"options": {"limit_fan": 2}}, "ruleset.options.limit_fan"),  # below special_floor 3
    ({"options": {"min_fan": 4, "limit_fan": 3, "special_floor": 0}}, "ruleset.options.limit_fan"),
    ({"options": {"false_win": "fixed:2.5"}}, "ruleset.options.false_win"),
    ({"fan_table": {"GD-FAN-31": 2}}, "ruleset.fan_table.GD-FAN-31"),
    ({"fan_table": {"HK-FAN-3": 2}}, "ruleset.fan_table.HK-FAN-3"),
    ({"fan_table": {"GD-FAN-3": 10}}, "ruleset.fan_table.GD-FAN-3"),
    ({"base": 0}, "ruleset.base"),
])
def test_refusals_name_their_path(kw, path):
    assert ruleset_errors(**kw)[0][0] == path
    with pytest.raises(RulesetError) as err:
        GdRules.of(kw.get("preset"), kw.get("options"), kw.get("fan_table"), kw.get("base", 1))
    assert err.value.path == path


def test_qq_cap_three_with_the_floor_allowed():
    assert ruleset_errors("qq") == [] and ruleset_errors("qq", {"special_floor": 4}) != []
    assert set(PRESETS) == {"wufan", "yifan", "sanfan", "qq", "seed_list1"}


def test_equal_rulesets_are_one_object_and_lists_are_refused():
    assert GdRules.of("qq", base=3) is GdRules.of("qq", base=3)
    with pytest.raises(RulesetError):
        GdRules.of(None, {"pass_rule": ["none"]})
