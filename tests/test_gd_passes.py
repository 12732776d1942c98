"""GD-GS 过水 on the shared watcher (``rulesbook.family13.passes``) with Guangdong's count, and the
Guangdong table's numbers (136 tiles, no flowers, 83 after the deal: GD-FLOW-2, GD-IRR-4)."""
import pytest

from referee import events as ev
from referee.errors import ReplayError
from referee.tiles import parse_compact as t
from referee.tiles import parse_tile as one
from rulesbook.guangdong.options import GdRules
from rulesbook.guangdong.table import TABLE_RULES, passes, replay

P = ("A", "B", "C", "D")
HANDS = {"A": t("1199m23378p1234s5z"), "B": t("123m456m789m11s45p"), "C": t("2236p55s678s6z777z"),
         "D": t("5566m1267z999s88p")}


def _run(rules, upto_discard: str, **state):
    """A discards 3p (B could win: 45p waits on 3p and 6p) and B draws instead of declaring (his
    window closes: a pass); then B discards and C discards ``upto_discard``."""
    w = passes(rules, 27)
    events = [ev.State(hands=HANDS, turn="A", phase="discard", wall_left=40, **state),
              ev.Discard(player="A", tile=one("3p")), ev.Draw(player="B", tile=one("9p")),
              ev.Discard(player="B", tile=one("9p")), ev.Draw(player="C", tile=one("1p")),
              ev.Discard(player="C", tile=one(upto_discard))]
    replay(P, "A", events, [w])
    return w


def test_same_tile_until_move_bars_the_passed_kind_only():  # GD-GS-1, GD-GS-2 (default)
    w = _run(GdRules.of(), "3p")
    assert w.barred("B", one("3p")) and not w.barred("B", one("6p"))
    assert w.bars["B"].as_status() == {"tiles": [one("3p")]}


def test_all_waits_and_none():  # GD-GS-2 options
    assert _run(GdRules.of(None, {"pass_rule": "all_waits_until_move"}), "6p").barred("B", one("6p"))
    assert not _run(GdRules.of(None, {"pass_rule": "none"}), "3p").barred("B", one("3p"))


def test_the_next_move_lifts_the_bar():  # GD-GS-2: until his next 动牌
    w = passes(GdRules.of(), 27)
    events = [ev.State(hands=HANDS, turn="A", phase="discard", wall_left=40),
              ev.Discard(player="A", tile=one("3p")), ev.Draw(player="B", tile=one("9p")),
              ev.Discard(player="B", tile=one("9p")), ev.Draw(player="C", tile=one("1p")),
              ev.Discard(player="C", tile=one("1p")), ev.Draw(player="D", tile=one("4s")),
              ev.Discard(player="D", tile=one("4s")), ev.Draw(player="A", tile=one("6s")),
              ev.Discard(player="A", tile=one("6s")), ev.Draw(player="B", tile=one("9s")),
              ev.Discard(player="B", tile=one("9s"))]
    replay(P, "A", events, [w])
    assert not w.barred("B", one("3p"))


def test_no_pass_when_the_minimum_is_not_reached():  # GD-GS-1 near miss: sanfan, a 1-番 hand
    w = _run(GdRules.of("sanfan"), "3p")
    assert not w.barred("B", one("3p"))


def test_a_flower_tile_is_an_input_error():  # GD-IRR-4, §10
    with pytest.raises(ReplayError):
        replay(P, "A", [ev.State(hands={**HANDS, "A": t("1199m23378p1234s1f")}, turn="A", phase="discard",
                                 wall_left=40)])


def test_wall_after_the_deal_is_83():  # GD-FLOW-2
    assert TABLE_RULES.wall_tiles == 136 and TABLE_RULES.dead_wall == 0
    replay(P, "A", [ev.State(hands=HANDS, turn="A", phase="discard", wall_left=83)])
    with pytest.raises(ReplayError):
        replay(P, "A", [ev.State(hands=HANDS, turn="A", phase="discard", wall_left=84)])
