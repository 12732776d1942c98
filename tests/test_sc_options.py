"""Sichuan options and presets (RULEBOOK_SC §12): the presets are data, explicit options and
``fan_table`` entries override them one by one, the ruling records the preset, every refusal names
its path under ``ruleset``."""
import pytest

from rulesbook.optionspec import RulesetError
from rulesbook.sichuan.options import DEFAULT_PRESET, OPTIONS_SPEC, PRESETS, ScRules, ruleset_errors
from tests.sckit import discard, doc, ruling, state, win


def test_chengdu_is_the_default_and_online_sets_its_five():  # §12
    assert DEFAULT_PRESET == "chengdu" and ScRules.of().preset == "chengdu"
    chengdu, online = PRESETS["chengdu"], PRESETS["online"]
    assert {k for k in OPTIONS_SPEC if chengdu[k] != online[k]} == {
        "cap_fan", "added_kong_pays", "call_transfer", "concealed_bonus", "all_simples_bonus"}
    assert chengdu["kong_pay"] == {"claimed": 2, "added": 1, "concealed": 2} and chengdu["cap_fan"] == 3


def test_explicit_options_override_the_preset():  # §12
    r = ScRules.of("online", {"cap_fan": 4}, {"SC-FAN-5": 3}, 5)
    assert (r.preset, r.options.cap_fan, r.options.concealed_bonus, r.values["SC-FAN-5"], r.base) == (
        "online", 4, True, 3, 5)
    assert r.cap_value == 80 and r.value(2) == 20 and r.fixed_or_cap("fixed:3") == 15
    r = ScRules.of(options={"kong_pay": {"claimed": 3, "added": 1, "concealed": 2}})
    assert r.options.kong_pay["claimed"] == 3 and hash(r) == hash(ScRules.of(
        options={"kong_pay": {"claimed": 3, "added": 1, "concealed": 2}}))


def test_the_ruling_records_the_preset_and_the_rulebook():  # §13
    out = ruling(doc([state(), discard("A", "5p"), win("C", "discard", "5p", "A")],
                     {"base": 1, "preset": "online"}))
    assert (out["variant"], out["rulebook"], out["preset"]) == ("sichuan", "sichuan-2026.12", "online")


@pytest.mark.parametrize("kw, path", [
    ({"preset": "wufan"}, "ruleset.preset"),
    ({"options": {"cap_fan": 9}}, "ruleset.options.cap_fan"),
    ({"options": {"cap_fan": True}}, "ruleset.options.cap_fan"),
    ({"options": {"false_win": "reverse_limit"}}, "ruleset.options.false_win"),
    ({"options": {"pig_pay": "fixed:0"}}, "ruleset.options.pig_pay"),
    ({"options": {"kong_pay": {"claimed": 2}}}, "ruleset.options.kong_pay"),
    ({"options": {"kong_pay": {"claimed": 2, "added": -1, "concealed": 2}}}, "ruleset.options.kong_pay"),
    ({"options": {"claimed_kong_others": "1"}}, "ruleset.options.claimed_kong_others"),
    ({"options": {"min_fan": 1}}, "ruleset.options.min_fan"),
    ({"fan_table": {"SC-FAN-19": 1}}, "ruleset.fan_table.SC-FAN-19"),
    ({"fan_table": {"SC-FAN-5": 17}}, "ruleset.fan_table.SC-FAN-5"),
    ({"base": 0}, "ruleset.base"),
])
def test_refusals_name_their_path(kw, path):  # §12
    assert [p for p, _ in ruleset_errors(**kw)] == [path]
    with pytest.raises(RulesetError) as err:
        ScRules.of(**kw)
    assert err.value.path == path
