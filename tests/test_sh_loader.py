"""Shanghai documents in (RULEBOOK_SH §14, §15): the presets as data and explicit options over
them, every refusal at its JSON path, the fields only shanghai has refused elsewhere, the table's
start (91 tiles after the deal), a ``state`` as §15 gives it."""
import pytest

from api.documents.documents import adjudicate_data
from referee import events as ev
from referee.errors import InputError
from referee.tiles import parse_compact
from rulesbook.optionspec import RulesetError
from rulesbook.shanghai.options import PRESETS, ShRules
from rulesbook.shanghai.table import replay
from tests import hkkit
from tests.shkit import WAITING, discard, doc, rule, state, win


def errors(data) -> dict:
    with pytest.raises(InputError) as err:
        adjudicate_data(data)
    return err.value.errors


def test_presets_are_data_and_options_override_them():  # §14
    assert ShRules.of().preset == "qiaoma" and ShRules.of().options.knock_required
    baida = ShRules.of("baida").options
    assert (baida.knock_required, baida.wild, baida.no_wild_discard_win, baida.min_flowers_discard) == (False, True, True, 0)
    assert ShRules.of("qinghunpeng").options.special_only
    assert ShRules.of("baida", {"knock_required": True}).options.knock_required  # explicit wins
    assert set(PRESETS) == {"qiaoma", "baida", "qinghunpeng"}


def test_the_ruling_records_the_preset():  # §15 ruleset.preset
    data = doc([state(turn="D", knocked=()), discard("D", "2z"), win("B", source="D")],
               {"preset": "qinghunpeng", "base": 5})
    assert adjudicate_data(data)["preset"] == "qinghunpeng"
    assert adjudicate_data(doc([state()], {"base": 5}))["preset"] == "qiaoma"


@pytest.mark.parametrize("ruleset, path", [
    pytest.param({"preset": "shanghai"}, "ruleset.preset", id="preset"),
    pytest.param({"options": {"lezi": 0}}, "ruleset.options.lezi", id="lezi"),
    pytest.param({"options": {"min_flowers_discard": -1}}, "ruleset.options.min_flowers_discard", id="minimum"),
    pytest.param({"options": {"flower_values": {"dragon_pong": 1}}}, "ruleset.options.flower_values", id="flower-values"),
    pytest.param({"options": {"false_win": "fixed:0"}}, "ruleset.options.false_win", id="false-win"),
    # a superscript or full-width digit is a digit to str.isdigit, never a number of a document
    pytest.param({"options": {"false_win": "fixed:²"}}, "ruleset.options.false_win", id="false-win-superscript"),
    pytest.param({"options": {"false_win": "fixed:３"}}, "ruleset.options.false_win", id="false-win-fullwidth"),
    pytest.param({"options": {"bao_san_kou": "yes"}}, "ruleset.options.bao_san_kou", id="bao"),
    pytest.param({"options": {"min_fan": 3}}, "ruleset.options.min_fan", id="unknown-option"),
    pytest.param({"fan_table": {"SH-FAN-1": 1}}, "ruleset.fan_table.SH-FAN-1", id="plain-row"),
    pytest.param({"fan_table": {"SH-FAN-4": 10}}, "ruleset.fan_table.SH-FAN-4", id="row-value"),
])
def test_ruleset_refusals_at_their_path(ruleset, path):  # §14
    assert path in errors(doc([state()], ruleset))
    with pytest.raises(RulesetError):
        ShRules.of(ruleset.get("preset"), ruleset.get("options"), ruleset.get("fan_table"))


@pytest.mark.parametrize("change, path", [
    pytest.param({"huang_fan": -1}, "hand.huang_fan", id="huang-fan"),
    pytest.param({"dice": [0, 7]}, "hand.dice", id="dice"),
    pytest.param({"dice": [1, 2, 3]}, "hand.dice", id="three-dice"),
])
def test_hand_fields(change, path):  # §15 hand huang_fan, dice
    assert path in errors(doc([state()], **change))


@pytest.mark.parametrize("event, path", [
    pytest.param({"type": "declare", "player": "A", "what": "watch"}, "hand.events[1].what", id="declare-watch"),
    pytest.param({"type": "win", "player": "A", "how": "flower"}, "hand.events[1].how", id="flower-win"),
    pytest.param({"type": "flower", "player": "A", "tile": "1z"}, "hand.events[1].tile", id="wind-no-flower"),
    pytest.param({"type": "riichi", "player": "A"}, "hand.events[1].type", id="riichi"),
])
def test_event_refusals(event, path):  # §15: only what: knock; no flower win; flower tiles
    assert path in errors(doc([state(), event]))


def test_state_refusals():  # §15 state: wall_left ≤ 91, no 1f-8f in a hand, SH-BAO-1 only
    assert "hand.events[0].wall_left" in errors(doc([state(wall_left=92)]))
    assert "hand.events[0].hands.A" in errors(doc([state(hands={**WAITING, "A": WAITING["A"] + "1f"})]))
    s = state()
    s["liabilities"] = [{"clause": "HK-BAO-1", "liable": "A", "covered": "C"}]
    assert "hand.events[0].liabilities[0].clause" in errors(doc([s]))


def test_shanghai_fields_are_refused_elsewhere():  # §15: an input error under every other variant
    hk = hkkit.doc([hkkit.state()], huang_fan=1, dice=[1, 2])
    found = errors(hk)
    assert found["hand.huang_fan"] == ["a shanghai field: not in variant hk"]
    assert "hand.dice" in found
    knock = hkkit.doc([hkkit.state(), {"type": "declare", "player": "A", "what": "knock"}])
    assert "hand.events[1].type" in errors(knock)
    status = hkkit.state()
    status["status"] = {"A": {"knocked": True}}
    assert "hand.events[0].status.A.knocked" in errors(hkkit.doc([status]))


def test_the_deal_leaves_91():  # SH-FLOW-2, 3: 144 − 53, no tail
    hands = {"A": 14, "B": 13, "C": 13, "D": 13}
    table = replay(("A", "B", "C", "D"), "A", [ev.Deal(hands=hands)], ShRules.of().options)
    assert table.wall_left == 91 and table.turn == "A" and table.phase == "discard"


def test_a_state_as_section_15_gives_it():  # §15 state: knocked, flowers with 中發白, wall_left 91
    s = state(flowers={"B": ["1f", "5z", "7z"]}, wall_left=91)
    r = rule(doc([s]))
    assert r["result"] == "open" and r["next"] is None and r["huang_fan"]["after"] is None
    table = replay(("A", "B", "C", "D"), "A", [ev.State(
        hands={p: parse_compact(t) for p, t in {**WAITING, "A": WAITING["A"] + "1z"}.items()},
        melds={"B": (ev.MeldSpec("pon", parse_compact("333z"), None, 29, "A"),)},
        flowers={"B": parse_compact("1f5z7z")}, status={"B": {"knocked": True}}, turn="A", phase="discard",
        wall_left=91)], ShRules.of().options)
    assert table.p["B"].status["knocked"] and table.p["C"].status == {} and len(table.p["B"].flowers) == 3


def test_passed_true_only_under_until_own_draw():  # SH-GS-4: the passed kinds, or true under its rule
    s = state()
    s["status"]["C"]["passed"] = True
    assert "hand.events[0].status.C.passed" in errors(doc([s]))
    ok = rule(doc([s], {"preset": "qiaoma", "base": 5, "options": {"pass_rule": "until_own_draw"}}))
    assert ok["result"] == "open"
    s["status"]["C"]["passed"] = {"tiles": ["6p"]}
    assert rule(doc([s, discard("A", "6p"), win("C", source="A")]))["result"] == "false_win"  # SH-GS-3
