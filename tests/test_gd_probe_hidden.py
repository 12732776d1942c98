"""Probe (acceptance-style) cases for a pass that cannot be known (GD-GS-4, HK-GS-4) under a
same-tile rule (GD-GS-2's default `same_tile_until_move`): the declarer's tiles were hidden at an
earlier discard, so whether he let a win pass there is unknown; it matters only when that tile is
of the kind he now declares on and no move of his has lifted it since. `base` 10 (guangdong)."""
import pytest

from tests import hkkit
from tests.gdkit import WAITING, discard, doc, draw, rule, win

SHOWN = "123m456m789m11s45p"  # C's tiles, shown at his declaration: waits on 3p and 6p
HIDDEN = dict(WAITING, C=13)
MISSING = [{"fact": "concealed_tiles", "player": "C", "at": 1,
            "needed_for": "GD-GS-1: whether he let a win pass there, which would bar this one"}]


def declared(tile, frm):
    return dict(win("C", "discard", tile, frm), shown=SHOWN)


@pytest.mark.parametrize("tile, missing", [("3p", MISSING), ("6p", [])])
def test_only_a_hidden_pass_of_the_same_kind_leaves_the_win_unknown(tile, missing):
    events = [hkkit.state(HIDDEN), discard("A", "3p"), draw("B", "1z"), discard("B", tile), declared(tile, "B")]
    hand = rule(doc(events))
    assert hand["missing"] == missing
    if missing:
        assert hand["result"] == "undetermined" and hand["payments"] == [] and hand["next"] is None
    else:  # 平胡 1 + 门前清 1: S 40 from B
        assert hand["result"] == "win" and hand["net"] == {"A": 0, "B": -40, "C": 40, "D": 0}


def test_his_own_draw_lifts_the_unknown_pass():  # GD-GS-2: the next 动牌
    events = [hkkit.state(HIDDEN), discard("A", "3p"), draw("B", "1z"), discard("B", "1z"), draw("C", "5z"),
              discard("C", "5z"), draw("D", "3p"), discard("D", "3p"), declared("3p", "D")]
    hand = rule(doc(events))
    assert hand["result"] == "win" and hand["missing"] == [] and hand["net"]["D"] == -40


def test_the_draw_that_closes_the_window_does_not_lift_it():  # GD-GS-2 interpretation
    hands = dict(WAITING, A="1199m2378p1234s5z", B="2236p55s678s6z777z3p", C=13)
    events = [hkkit.state(hands, turn="B"), discard("B", "3p"), draw("C", "1z"), discard("C", "1z"),
              draw("D", "3p"), discard("D", "3p"), declared("3p", "D")]
    assert rule(doc(events))["missing"] == MISSING
    events[4:] = [draw("D", "6p"), discard("D", "6p"), declared("6p", "D")]  # near miss: another kind
    assert rule(doc(events))["result"] == "win"


def test_hong_kong_all_waits_any_hidden_pass_matters_same_tile_only_its_kind():  # HK-GS-4
    hands = dict(hkkit.WAITING, C=13)
    events = [hkkit.state(hands), discard("A", "2s"), draw("B", "3z"), discard("B", "5s"),
              dict(win("C", "discard", "5s", "B"), shown="34s111s789s555z99s")]
    assert hkkit.rule(hkkit.doc(events))["result"] == "undetermined"
    hand = hkkit.rule(hkkit.doc(events, {"preset": "club", "base": 5, "options": {"pass_rule": "same_tile_until_move"}}))
    assert hand["result"] == "win" and hand["missing"] == [] and hand["net"] == {"A": 0, "B": -320, "C": 320, "D": 0}
