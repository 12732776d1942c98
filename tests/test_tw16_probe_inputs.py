"""Probe (acceptance view) of hostile rulesets under tw16 (TW-RS-3, option `false_win_face` of TW-ZH):
a number in an option value is read in ASCII digits only, as every other number and tile of a
document; a fullwidth or other script's digit is an input error at its path, not a face of K tai."""
import pytest

from api.documents.loader import load_document
from referee.errors import InputError
from tests.tablekit import doc, draw, only_hand, paid, rule, state, win

# B (not the dealer) self-draws 4s on 門清一摸三 (3 tai); the fixed face is only read for a false win.
HANDS = {"A": 16, "B": "234m567m789p55p23s567s", "C": 16, "D": 16}
MESSAGE = ["must be as_declared, standalone or fixed:K (K a whole number of tai)"]


@pytest.mark.parametrize("value", ["fixed:３", "fixed:٣", "fixed:۳", "fixed:𝟑", "fixed:３0"])
def test_false_win_face_fixed_k_in_non_ascii_digits_is_an_input_error(value):
    # The engine took "fixed:３" (fullwidth 3) as fixed:3: Python's \d matches every script's digits.
    d = doc(state(HANDS, turn="B"), draw("B", "4s"), win("B", "self_draw", "4s"),
            options={"false_win_face": value})
    with pytest.raises(InputError) as info:
        load_document(d)
    assert info.value.errors == {"ruleset.options.false_win_face": MESSAGE}


@pytest.mark.parametrize("preset", ["seed000", "common"])
def test_false_win_face_fixed_k_near_miss_ascii_digits_rule_the_false_win_at_k(preset):
    # B merges (靠張) the drawn 4s and then claims the self-draw: 詐和 (TW-TAI-23, TW-ZH-1), face fixed 3:
    # 100 + 3 × 20 = 160 to C and D, the dealer A 1 tai more, 180 (TW-ZH-2).
    d = doc(state(HANDS, turn="B"), draw("B", "4s"), {"type": "merge", "player": "B"},
            win("B", "self_draw", "4s"), options={"false_win_face": "fixed:3"}, preset=preset)
    assert paid(only_hand(rule(d))) == [("B", "A", 180, "TW-ZH-2"), ("B", "C", 160, "TW-ZH-2"),
                                        ("B", "D", 160, "TW-ZH-2")]
