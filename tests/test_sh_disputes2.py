"""Shanghai disputes, part 2 (RULEBOOK_SH, base 5): 漏胡 under each option, the robbed kong, the false
win's options, 百搭 (readings, 9 → 1, winds, 四百搭, 无百搭, SH-BD-4), 清混碰, irregularities and
``state`` starts; each worked out by hand in its comment before it was run."""
import pytest

from tests.shkit import WAITING, discard, doc, draw, knock, rule, rules_of, state, win
from tests.test_sh_disputes import C3, counted, pay, rs

# C waits on 6p and 9p (78p); H 3 (2f 3f 4f), 门清: a win is F 1, P = (2 + 3) × 2 = 10, 50 a share
C69 = {**WAITING, "C": "123m456m789m11s78p", "A": WAITING["A"] + "1z"}
PASS_FIRST = [state(hands=C69, flowers=C3), discard("A", "6p")]  # C lets A's 6p go


def pass_then_other_tile(ruleset):
    # B draws 9p and (locked) discards it; C declares on it before his own draw
    return rule(doc(PASS_FIRST + [draw("B", "9p"), discard("B", "9p"), win("C", source="B")], ruleset))


def test_d29_pass_same_tile_allows_another_kind():  # SH-GS-2 same_tile_rest_of_hand: 9p ≠ 6p, B pays 50
    r = pass_then_other_tile(None)
    assert r["payments"] == [pay("B", "C", 50, "SH-PAY-2")] and r["result"] == "win"
    assert counted(r) == (1, 1, 3, 10, 50, ["SH-FAN-7"])


def test_d30_pass_until_own_draw_bars_every_kind():  # SH-GS-2 until_own_draw, SH-GS-3: false, 100 each
    r = pass_then_other_tile(rs(pass_rule="until_own_draw"))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-GS-3", "ruled")]
    assert r["net"] == {"A": 100, "B": 100, "C": -300, "D": 100} and r["next"]["dealer"] == "A"


def test_d31_pass_violation_void():  # SH-GS-3 void: the barred declaration changes nothing, no money
    r = pass_then_other_tile(rs(pass_rule="until_own_draw", pass_violation="void"))
    assert r["payments"] == [] and r["winners"] == [] and r["result"] != "win"
    assert all(v == 0 for v in r["net"].values())


# the same tile again later: A's 6p passed; B 5s, C 7s (locked: the drawn tile), D draws and discards 6p
LATER_6P = PASS_FIRST + [draw("B", "5s"), discard("B", "5s"), draw("C", "7s"), discard("C", "7s"),
                         draw("D", "6p"), discard("D", "6p"), win("C", source="D")]


def test_d32_pass_same_tile_bars_it_for_the_hand():  # SH-GS-2 default, SH-GS-3: false, 100 each
    r = rule(doc(LATER_6P))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-GS-3", "ruled")] and r["net"]["C"] == -300


def test_d33_pass_until_own_draw_lifted_by_his_draw():  # SH-GS-2 until_own_draw: C drew 7s since: D pays 50
    r = rule(doc(LATER_6P, rs(pass_rule="until_own_draw")))
    assert r["payments"] == [pay("D", "C", 50, "SH-PAY-2")]


def test_d34_pass_rule_none():  # SH-GS-2 none: D pays 50
    assert rule(doc(LATER_6P, rs(pass_rule="none")))["payments"] == [pay("D", "C", 50, "SH-PAY-2")]


def test_d35_a_passed_tile_may_be_self_drawn():  # SH-GS-2: he may self-draw it: 50 from each, +150
    events = PASS_FIRST + [draw("B", "5s"), discard("B", "5s"), draw("C", "6p"), win("C", "self_draw")]
    r = rule(doc(events))
    assert r["net"] == {"A": -50, "B": -50, "C": 150, "D": -50} and r["rulings"] == []


def test_d36_no_pass_before_the_knock():  # SH-GS-1: C had not knocked when A's 6p went by: no 漏胡
    # C knocks with his 7s; D's 6p: C wins, D pays 50
    events = [state(hands=C69, flowers=C3, knocked=("B",)), discard("A", "6p"), draw("B", "5s"),
              discard("B", "5s"), draw("C", "7s"), discard("C", "7s"), knock("C"), draw("D", "6p"),
              discard("D", "6p"), win("C", source="D")]
    assert rule(doc(events))["payments"] == [pay("D", "C", 50, "SH-PAY-2")]


def test_d37_passed_given_by_the_state():  # SH-GS-4: state.status.passed {"tiles": ["6p"]}: false on 6p
    def start(extra):
        return state(hands={**C69, "A": WAITING["A"], "D": WAITING["D"] + extra}, turn="D", flowers=C3,
                     status={"C": {"knocked": True, "passed": {"tiles": ["6p"]}}})
    r = rule(doc([start("6p"), discard("D", "6p"), win("C", source="D")]))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-GS-3", "ruled")] and r["net"]["C"] == -300
    ok = rule(doc([start("9p"), discard("D", "9p"), win("C", source="D")]))  # near miss: 9p is not barred
    assert ok["payments"] == [pay("D", "C", 50, "SH-PAY-2")]


# --- the robbed kong (SH-PAY-3, SH-PR-5, SH-HU-2) -------------------------------------------------

ROB = {"A": "2256m2348s3678p4z", "B": "111p333p999p2z", "C": "123m456m789m11s46s", "D": WAITING["D"]}


def rob(flowers, **fields):
    return rule(doc([state(hands=ROB, melds={"B": [{"kind": "pon", "tiles": "555s", "from": "A"}]}, turn="B",
                           phase="draw", flowers=flowers, knocked=("C",)), draw("B", "5s"),
                     {"type": "kong", "player": "B", "kind": "added", "tiles": ["5s"] * 4},
                     win("C", "rob_kong", source="B")], **fields))


def test_d38_robbing_needs_the_discard_minimum():  # SH-HU-2: a robbed kong needs 3; H 2: false
    r = rob({"C": ["2f", "3f"]})
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-HU-2", "ruled")] and r["net"]["C"] == -300


def test_d39_robbed_kong_in_a_huang_fan_hand():  # SH-PAY-3, SH-HF-3: P (2 + 3) × 2 = 10, × 2 = 20;
    # B pays 3 × 20 × 5 = 300 (SH-BAO-2); Z 2 (dice 4-1) → 1; C deals next
    r = rob({"C": ["2f", "3f", "4f"]}, dice=[4, 1], huang_fan=1)
    assert r["payments"] == [pay("B", "C", 300, "SH-PAY-3", "SH-BAO-2")]
    assert counted(r) == (1, 1, 3, 20, 100, ["SH-FAN-7"])
    assert r["huang_fan"] == {"before": 1, "dice": 1, "hand": True, "after": 1}
    assert r["next"]["dealer"] == "C"


# --- the false win's options (SH-ZH-2, 3) ---------------------------------------------------------

UNKNOCKED = [state(turn="D", knocked=("C",)), discard("D", "2z"), win("B", source="D")]


def test_d40_false_win_fixed():  # SH-ZH-2 fixed:7: 7 × 5 = 35 to each, B −105; the hand ends, A keeps
    r = rule(doc(UNKNOCKED, rs(false_win="fixed:7")))
    assert r["net"] == {"A": 35, "B": -105, "C": 35, "D": 35} and r["result"] == "false_win"
    assert r["next"]["dealer"] == "A"


def test_d41_false_win_dead_hand_play_goes_on():  # SH-ZH-2, 3 dead_hand: no money, the hand goes on
    # B's false declaration costs nothing; A draws and discards 6p; C (no flowers: 无花果 0 + 门清 1,
    # P = min(10 × 2, 20) = 20) wins: A pays 100; result win, C deals next
    events = UNKNOCKED + [draw("A", "6p"), discard("A", "6p"), win("C", source="A")]
    r = rule(doc(events, rs(false_win="dead_hand")))
    assert r["payments"] == [pay("A", "C", 100, "SH-PAY-2")] and r["result"] == "win"
    assert counted(r) == (1, 1, 0, 20, 100, ["SH-FAN-7", "SH-FAN-11"])
    assert ("SH-ZH-1", "ruled") in rules_of(r) and r["next"]["dealer"] == "C"


def test_d42_dead_hand_may_not_win_later():  # SH-ZH-2 dead_hand: B's later win on 2z is false again
    events = UNKNOCKED[:1] + [discard("D", "4z"), win("B", source="D"), draw("A", "2z"), discard("A", "2z"),
                              win("B", source="A")]
    r = rule(doc([state(turn="D", knocked=("C",), hands={**WAITING, "A": "2256m2345s3678p1z",
                                                        "D": WAITING["D"] + "4z"})] + events[1:],
                 rs(false_win="dead_hand")))
    assert r["payments"] == [] and r["winners"] == []


# --- windows (SH-PR-3) and the last discard (SH-FLOW-7) --------------------------------------------

def test_d62_a_late_win_still_in_its_window():  # SH-PR-3: a win on a discard until a later discard:
    # B has drawn but not discarded; C takes A's 6p: valid, A pays 50
    r = rule(doc(PASS_FIRST + [draw("B", "5s"), win("C", source="A", tile="6p")]))
    assert r["payments"] == [pay("A", "C", 50, "SH-PAY-2")] and r["rulings"] == []


def test_d63_a_win_after_the_window_closed():  # SH-PR-3, SH-GS-3: B has discarded: false, 100 to each
    r = rule(doc(PASS_FIRST + [draw("B", "5s"), discard("B", "5s"), win("C", source="A", tile="6p")]))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-PR-3", "ruled"), ("SH-GS-3", "ruled")]
    assert r["net"] == {"A": 100, "B": 100, "C": -300, "D": 100} and r["result"] == "false_win"


def test_d64_the_last_discard_may_be_won_on():  # SH-FLOW-7: wall 0, A's last discard 6p: C wins,
    # no 海底捞月 (a self-draw row): 门清 F 1, P 10, A pays 50
    r = rule(doc([state(hands=C69, flowers=C3, wall_left=0), discard("A", "6p"), win("C", source="A")]))
    assert r["payments"] == [pay("A", "C", 50, "SH-PAY-2")] and counted(r)[0] == 1


def test_d68_a_dragon_in_state_flowers_only_when_dragons_are_flowers():  # SH-FLOW-1, §15 state.flowers
    # dragons_as_flowers off: a 白 (5z) laid out in a state is an input error, as a `flower` event is;
    # near miss: at a default table it counts: B H 1f + 5z + 西 pong = 3, 混碰 F 2: 5 × 4 = 20, D pays 100
    from api.documents.documents import adjudicate_data
    from referee.errors import InputError
    events = [state(turn="D", flowers={"B": ["1f", "5z"]}), discard("D", "2z"), win("B", source="D")]
    with pytest.raises(InputError) as err:
        adjudicate_data(doc(events, rs(dragons_as_flowers=False)))
    assert list(err.value.errors) == ["hand.events[0].flowers.B"]
    assert rule(doc(events))["payments"] == [pay("D", "B", 100, "SH-PAY-2")]


TWO_ROBBERS = {**ROB, "D": "234m567m789p46s22z"}  # D waits on 5s too (234m 567m 789p 46s 22z)


def two_robbers(*tail):
    return rule(doc([state(hands=TWO_ROBBERS, melds={"B": [{"kind": "pon", "tiles": "555s", "from": "A"}]},
                           turn="B", phase="draw", flowers={"C": ["2f", "3f", "4f"], "D": ["5f", "6f", "7f"]},
                           knocked=("C", "D")), draw("B", "5s"),
                     {"type": "kong", "player": "B", "kind": "added", "tiles": ["5s"] * 4}, *tail]))


def test_d69_two_players_rob_one_kong():  # SH-PAY-3, 4, SH-BAO-2, SH-FLOW-9
    # C and D: H 3, 门清 F 1: P 10 each; B pays each 3 × 50 = 150; C (first after B) deals next
    r = two_robbers(win("D", "rob_kong", source="B"), win("C", "rob_kong", source="B"))
    assert r["payments"] == [pay("B", "D", 150, "SH-PAY-4", "SH-BAO-2"), pay("B", "C", 150, "SH-PAY-4", "SH-BAO-2")]
    assert r["net"] == {"A": 0, "B": -300, "C": 150, "D": 150} and r["next"]["dealer"] == "C"


def test_d70_robbing_after_the_replacement_is_drawn():  # SH-PR-3, SH-GS-1, 3: the window closed at B's
    # replacement draw: D has missed it (漏胡 on 5s): false, 100 to each
    r = two_robbers(draw("B", "9s", back=True), win("D", "rob_kong", source="B", tile="5s"))
    assert ("SH-ZH-1", "ruled") in rules_of(r) and r["result"] == "false_win"
    assert r["net"] == {"A": 100, "B": 100, "C": 100, "D": -300}


def test_d77_a_late_rob_is_false_whatever_the_pass_rule():  # SH-PR-3, SH-ZH-1: under pass_rule none no
    # 漏胡 bars D, but the robbing window closed at B's replacement draw: false, 100 to each
    r = rule(doc([state(hands=TWO_ROBBERS, melds={"B": [{"kind": "pon", "tiles": "555s", "from": "A"}]},
                        turn="B", phase="draw", flowers={"C": ["2f", "3f", "4f"], "D": ["5f", "6f", "7f"]},
                        knocked=("C", "D")), draw("B", "5s"),
                  {"type": "kong", "player": "B", "kind": "added", "tiles": ["5s"] * 4},
                  draw("B", "9s", back=True), win("D", "rob_kong", source="B", tile="5s")], rs(pass_rule="none")))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-PR-3", "ruled")] and r["result"] == "false_win"
    assert r["net"] == {"A": 100, "B": 100, "C": 100, "D": -300}
