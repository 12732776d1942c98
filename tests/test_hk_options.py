"""Hong Kong options and presets (RULEBOOK_HK §9), and the money curves of HK-PAY-0: each preset's
values, explicit options and ``fan_table`` entries over a preset, every refusal at its JSON path,
the curves and the shares of one win checked to the unit."""
from __future__ import annotations

import pytest

from rulesbook.hk.fan_table import CASUAL_VALUES, CLUB_VALUES, fan_table_error
from rulesbook.hk.options import (
    OPTIONS_SPEC,
    PRESET_FAN,
    PRESETS,
    HkRules,
    RulesetError,
    option_error,
    preset_error,
    ruleset_errors,
)
from rulesbook.hk.portion import CURVES, discard_shares, limit_portion, multiplier, portion

# --- presets (§9.2) ----------------------------------------------------------------------------


def test_club_is_the_default_and_the_options_table():
    r = HkRules.of()
    assert r.preset == "club" and r.base == 1
    assert r.options.as_json() == {name: spec[1] for name, spec in OPTIONS_SPEC.items()}
    assert dict(r.values) == CLUB_VALUES
    assert (r.options.min_fan, r.options.limit_fan, r.options.money_curve, r.options.payment) == \
        (3, 10, "half_spicy", "full")


def test_tournament_is_club_with_false_win_off_the_table():
    r = HkRules.of("tournament", base=2)
    differ = {k: v for k, v in r.options.as_json().items() if v != PRESETS["club"][k]}
    assert differ == {"false_win": "off_table:256"}
    assert r.options.false_win_k() == 256 and dict(r.values) == CLUB_VALUES
    assert 256 * r.base == 512  # §9.2: a 詐糊 costs 512 off the table at [HKMA]'s base 2


def test_casual_is_seed_003():
    r = HkRules.of("casual")
    differ = {k: v for k, v in r.options.as_json().items() if v != PRESETS["club"][k]}
    assert differ == {"min_fan": 0, "limit_fan": 6, "fan_combination": "highest",
                      "money_curve": "spicy", "dealer_rotation": "always"}
    v = r.values
    assert (v["HK-FAN-3"], v["HK-FAN-5"], v["HK-FAN-6"], v["HK-FAN-7"]) == (2, 2, 4, 5)
    assert (v["HK-FAN-37"], v["HK-FAN-38"], v["HK-FAN-26"], v["HK-FAN-29"]) == (4, 5, 6, 6)
    assert all(v[f"HK-FAN-{n}"] == 0 for n in (4, 8, 9, 10, *range(14, 26), 31, 32, 33, 34))
    assert dict(v) == CASUAL_VALUES


def test_club_values_are_the_rulebook_table():
    """§2's table: the club value of every row."""
    expected = {2: 1, 3: 3, 4: 8, 5: 3, 6: 7, 7: 1, 8: 1, 9: 1, 10: 1, 11: 3, 12: 5, 13: 3, 14: 1,
                15: 1, 16: 1, 17: 1, 18: 8, 19: 1, 20: 1, 21: 1, 22: 2, 23: 1, 24: 3, 25: 8, 26: 10,
                27: 10, 28: 10, 29: 13, 30: 13, 31: 13, 32: 13, 33: 13, 34: 13, 37: 0, 38: 0}
    assert CLUB_VALUES == {f"HK-FAN-{n}": v for n, v in expected.items()}
    assert set(PRESET_FAN) == set(PRESETS) == {"club", "tournament", "casual"}


# --- overrides (§9.1: options, then fan_table, over the preset) --------------------------------


def test_an_explicit_option_overrides_the_preset():
    r = HkRules.of("casual", {"money_curve": "half_spicy", "dealer_rotation": "dealer_win"})
    assert r.preset == "casual"
    assert (r.options.money_curve, r.options.dealer_rotation, r.options.min_fan) == ("half_spicy", "dealer_win", 0)


def test_fan_table_overrides_the_preset_row_by_row():
    r = HkRules.of("casual", fan_table={"HK-FAN-8": 1, "HK-FAN-34": 3})
    assert (r.values["HK-FAN-8"], r.values["HK-FAN-34"], r.values["HK-FAN-3"]) == (1, 3, 2)
    assert HkRules.of(fan_table={"HK-FAN-37": 4}).values["HK-FAN-37"] == 4  # a club switches 混碰 on


def test_small_four_winds_limit_sets_13_and_fan_table_wins():
    assert HkRules.of(options={"small_four_winds": "limit"}).values["HK-FAN-13"] == 13
    r = HkRules.of(options={"small_four_winds": "limit"}, fan_table={"HK-FAN-13": 10})
    assert r.values["HK-FAN-13"] == 10


def test_equal_rulesets_are_read_once():
    a = HkRules.of("club", {"payment": "half"}, {"HK-FAN-5": 4}, 10)
    assert a is HkRules.of("club", {"payment": "half"}, {"HK-FAN-5": 4}, 10)
    assert a is not HkRules.of("club", {"payment": "full"}, {"HK-FAN-5": 4}, 10)  # near miss
    assert a == HkRules.of("club", {"payment": "half"}, {"HK-FAN-5": 4}, 10) and hash(a)


# --- refusals at their JSON path ---------------------------------------------------------------

BAD = [
    ("unknown preset", dict(preset="parlour"), "ruleset.preset", "unknown preset 'parlour'; known: club, tournament, casual"),
    ("preset not a string", dict(preset=["club"]), "ruleset.preset", "unknown preset ['club']"),
    ("unknown option", dict(options={"min_faan": 3}), "ruleset.options.min_faan", "unknown option 'min_faan'"),
    ("tw16 option", dict(options={"lik_gu": True}), "ruleset.options.lik_gu", "unknown option 'lik_gu'"),
    ("bad choice", dict(options={"payment": "quarter"}), "ruleset.options.payment", "must be one of full, half"),
    ("bool for bool", dict(options={"flowers": "yes"}), "ruleset.options.flowers", "must be true or false"),
    ("min_fan above 13", dict(options={"min_fan": 14}), "ruleset.options.min_fan", "must be one of 0, 1"),
    ("min_fan a boolean", dict(options={"min_fan": True}), "ruleset.options.min_fan", "must be one of"),
    ("min_fan a float", dict(options={"min_fan": 3.5}), "ruleset.options.min_fan", "must be one of"),
    ("min_fan a whole float", dict(options={"min_fan": 3.0}), "ruleset.options.min_fan", "must be one of"),
    ("limit_fan 0", dict(options={"limit_fan": 0}), "ruleset.options.limit_fan", "must be one of 1, 2"),
    ("limit_fan below min_fan", dict(options={"min_fan": 5, "limit_fan": 4}), "ruleset.options.limit_fan",
     "must be from max(1, min_fan) = 5 to 13"),
    ("casual cap below a raised minimum", dict(preset="casual", options={"min_fan": 8}),
     "ruleset.options.limit_fan", "= 8 to 13 (HK-FAN-36); it is 6"),
    ("false_win K 0", dict(options={"false_win": "off_table:0"}), "ruleset.options.false_win", "K a positive"),
    ("false_win K huge", dict(options={"false_win": "fixed:" + "9" * 5000}), "ruleset.options.false_win",
     "must be reverse_limit"),
    ("false_win word", dict(options={"false_win": "limit"}), "ruleset.options.false_win", "must be reverse_limit"),
    ("unknown row", dict(fan_table={"HK-FAN-40": 1}), "ruleset.fan_table.HK-FAN-40", "unknown row 'HK-FAN-40'"),
    ("tw16 row", dict(fan_table={"TW-TAI-3": 1}), "ruleset.fan_table.TW-TAI-3", "unknown row"),
    ("chicken hand", dict(fan_table={"HK-FAN-1": 1}), "ruleset.fan_table.HK-FAN-1", "雞糊 is 0"),
    ("minimum is an option", dict(fan_table={"HK-FAN-35": 2}), "ruleset.fan_table.HK-FAN-35", "option min_fan"),
    ("cap is an option", dict(fan_table={"HK-FAN-36": 2}), "ruleset.fan_table.HK-FAN-36", "option limit_fan"),
    ("row value 14", dict(fan_table={"HK-FAN-3": 14}), "ruleset.fan_table.HK-FAN-3", "from 0 to 13"),
    ("row value negative", dict(fan_table={"HK-FAN-3": -1}), "ruleset.fan_table.HK-FAN-3", "from 0 to 13"),
    ("row value a boolean", dict(fan_table={"HK-FAN-3": True}), "ruleset.fan_table.HK-FAN-3", "whole number"),
    ("base 0", dict(base=0), "ruleset.base", "1 or more"),
    ("half pay at 0 番 with an odd base", dict(preset="casual", options={"payment": "half"}, base=5),
     "ruleset", "HK-PAY-7"),
]


@pytest.mark.parametrize("given, path, reason", [pytest.param(g, p, r, id=i) for i, g, p, r in BAD])
def test_refused_at_its_path(given, path, reason):
    errors = ruleset_errors(**given)
    assert errors and errors[0][0] == path and reason in errors[0][1]
    with pytest.raises(RulesetError) as caught:
        HkRules.of(**given)
    assert caught.value.path == path and reason in caught.value.reason
    assert str(caught.value).startswith(f"{path}: ")


def test_near_misses_are_accepted():
    """Each refusal's near miss resolves: half pay at min 0 with an even base, the cap equal to the
    minimum, K 1, a row at 13 or 0."""
    for given in (dict(preset="casual", options={"payment": "half"}, base=4),
                  dict(preset="casual", options={"payment": "half", "min_fan": 1}, base=5),
                  dict(options={"min_fan": 5, "limit_fan": 5}),
                  dict(options={"false_win": "off_table:1"}), dict(options={"false_win": "fixed:50"}),
                  dict(options={"false_win": "dead_hand"}),
                  dict(fan_table={"HK-FAN-3": 13, "HK-FAN-4": 0})):
        assert ruleset_errors(**given) == []
        HkRules.of(**given)


def test_every_error_is_listed_in_path_order():
    errors = ruleset_errors("club", {"bogus": 1, "payment": "x"}, {"HK-FAN-0": 1}, 0)
    assert [p for p, _ in errors] == ["ruleset.options.bogus", "ruleset.options.payment",
                                      "ruleset.fan_table.HK-FAN-0", "ruleset.base"]


def test_single_checks_for_the_loader():
    assert option_error("nine_down", True) is None and option_error("nine_down", 1) == "must be true or false"
    assert preset_error("tournament") is None and preset_error(None) is not None
    assert fan_table_error("HK-FAN-38", 5) is None


def test_unhashable_values_are_refused_not_crashed():
    with pytest.raises(RulesetError) as caught:
        HkRules.of(options={"pass_rule": ["none"]})
    assert caught.value.path == "ruleset.options.pass_rule"


# --- money curves (HK-PAY-0) and shares (HK-PAY-1, 2), HK-ZH-2's limit portion ------------------


def test_half_spicy_closed_form():
    """2^F up to 4; even F > 4: 16 × 2^((F − 4)/2); odd F > 4: 24 × 2^((F − 5)/2)."""
    for f in range(14):
        closed = 2 ** f if f <= 4 else 16 * 2 ** ((f - 4) // 2) if f % 2 == 0 else 24 * 2 ** ((f - 5) // 2)
        assert multiplier("half_spicy", f) == closed
        assert multiplier("spicy", f) == 2 ** f
    assert len(CURVES["half_spicy"]) == len(CURVES["spicy"]) == 14


def test_portion_examples():
    """HK-PAY-0: base 5, F = 7: m = 48, P = 240 (spicy: 128, 640)."""
    assert portion(HkRules.of(base=5), 7) == 240
    assert portion(HkRules.of(options={"money_curve": "spicy"}, base=5), 7) == 640


@pytest.mark.parametrize("payment, f, shares", [("full", 6, (320, 0)), ("half", 6, (160, 80)),
                                                 ("full", 0, (10, 0)), ("half", 3, (40, 20))])
def test_discard_shares(payment, f, shares):
    """HK-PAY-2: base 5, F = 6: P = 160; full: the discarder 320; half: 160 and 80 each; the
    winner gets 2P either way."""
    r = HkRules.of(options={"payment": payment}, base=5)
    s = discard_shares(r, portion(r, f))
    assert tuple(s) == shares and s.discarder + 2 * s.each_other == 2 * portion(r, f)


def test_limit_portion():
    """HK-ZH-2: 128 × base under club, 64 × base under casual."""
    assert limit_portion(HkRules.of(base=5)) == 640
    assert limit_portion(HkRules.of("casual", base=5)) == 320
    assert limit_portion(HkRules.of(options={"limit_fan": 13})) == 384
