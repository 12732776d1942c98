"""Several wins in one hand as a capability of the replay (``referee.several``), switched on by a
table class and ``TableRules.wins_to_end``, apart from any rulebook: the winners leave play, turn
order skips them, the hand ends at the n-th win; without it the first win ends the hand."""
from dataclasses import dataclass

import pytest

from referee import events as ev
from referee.errors import ReplayError
from referee.several import SeveralWins
from referee.table_facts import TableRules
from referee.thirteen import ThirteenTable
from referee.tiles import parse_compact as t
from referee.tiles import parse_tile as one

RULES = TableRules(hand_size=13, wall_tiles=136, dead_wall=0, flowers=False, dealer_extra_dealt=True,
                   wins_to_end=2)


@dataclass
class TwoWins(SeveralWins, ThirteenTable):
    pass


#: A is to discard; the replay records wins as declared (judging them is a rulebook's part)
HANDS = {"A": t("1199p5p123456789s"), "B": t("123456789m11p46p"), "C": t("111z222z333z444z5p"),
         "D": t("15m99m222s345s678s")}


def play(events, table_class=TwoWins, rules=RULES):
    start = ev.State(hands=HANDS, wall_left=40, turn="A", phase="discard")
    table = table_class(players=("A", "B", "C", "D"), dealer="A", open_seat="A", rules=rules)
    return table.replay([start] + events)


def test_a_win_leaves_play_and_the_next_after_the_winner_draws():
    table = play([ev.Discard(player="A", tile=one("5p")), ev.Win(player="B", how="discard", source="A"),
                  ev.Draw(player="C", tile=one("3m"))])
    assert table.left == ["B"] and table.left_at == {"B": 2} and table.ended is None
    assert table.next_of("A") == "C" and table.in_play("B", 2) and not table.in_play("B")


def test_the_nth_win_ends_the_hand():
    table = play([ev.Discard(player="A", tile=one("5p")), ev.Win(player="B", how="discard", source="A"),
                  ev.Win(player="C", how="discard", source="A")])
    assert table.ended == "win" and table.left == ["B", "C"] and table.won_on == {1: ["B", "C"]}
    with pytest.raises(ReplayError):
        play([ev.Discard(player="A", tile=one("5p")), ev.Win(player="B", how="discard", source="A"),
              ev.Win(player="C", how="discard", source="A"), ev.Draw(player="D", tile=one("3m"))])


def test_a_player_who_left_play_is_refused_and_the_won_tile_cannot_be_claimed():
    with pytest.raises(ReplayError) as err:
        play([ev.Discard(player="A", tile=one("5p")), ev.Win(player="B", how="discard", source="A"),
              ev.Draw(player="B", tile=one("3m"))])
    assert err.value.reason.startswith("B has left play")
    with pytest.raises(ReplayError) as err:
        play([ev.Discard(player="A", tile=one("1p")), ev.Win(player="B", how="discard", source="A"),
              ev.Pon(player="C", tile=one("1p"), with_=t("1p1p"))])
    assert "the win took the tile" in err.value.reason


def test_without_the_switch_the_first_win_ends_the_hand():
    table = play([ev.Discard(player="A", tile=one("5p")), ev.Win(player="B", how="discard", source="A")],
                 ThirteenTable, TableRules(13, 136, 0, False, True))
    assert table.ended == "win" and not hasattr(table, "left")
