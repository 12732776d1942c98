"""The replay is variant-neutral: a toy variant (13 tiles, 136 in the set, no flowers, the dealer's
14th tile drawn, not dealt) replays on the same ``referee.replay`` without touching tw16, and adds an
event of its own by subclassing ``Table`` (python-chess's way with variant boards)."""
from dataclasses import dataclass

import pytest

from referee import events as ev
from referee.errors import ReplayError
from referee.replay import Table, TableRules, replay
from referee.tiles import parse_compact as tiles
from referee.tiles import parse_tile as tile

TOY = TableRules(hand_size=13, wall_tiles=136, dead_wall=14, flowers=False, dealer_extra_dealt=False)
PLAYERS = ("A", "B", "C", "D")
DEAL = ev.Deal(hands={"A": tiles("123m456m789m1p2p3p9s"), "B": tiles("11p456p789p55s678s"),
                      "C": tiles("123s456s789s1z1z2z3z"), "D": tiles("147m258p369s4z5z6z7z")})


def hand(*events: ev.Event) -> list[ev.Event]:
    return [DEAL, *events]


def test_toy_variant_replays_a_short_hand():
    t = replay(PLAYERS, "A", None, hand(
        ev.Draw(player="A", tile=tile("9s")),  # the dealer's 14th is his first draw
        ev.Discard(player="A", tile=tile("1p")),
        ev.Pon(player="B", tile=tile("1p"), with_=tiles("1p1p")),
        ev.Discard(player="B", tile=tile("8s")),  # 456p 789p 55s 67s: waits on 5s and 8s
        ev.Draw(player="C", tile=tile("3z")),
        ev.Discard(player="C", tile=tile("1z")),
        ev.Draw(player="D", tile=tile("5s")),
        ev.Discard(player="D", tile=tile("5s")),
        ev.Win(player="B", how="discard", tile=tile("5s"), source="D"),
    ), TOY)
    assert t.wall_left == 136 - 14 - 4 * 13 - 3
    assert t.ended == "win" and [w.player for w in t.wins] == ["B"]
    win = t.wins[0]
    assert win.concealed_count == 13 + 1 - 3 * 1 and win.claimed_at == 8
    assert [m.kind for m in t.p["B"].melds] == ["pon"]


def test_toy_variant_deals_thirteen_to_the_dealer_too():
    with pytest.raises(ReplayError, match="was dealt 14 tiles; the deal gives 13$"):
        replay(PLAYERS, "A", None, [ev.Deal(hands={**DEAL.hands, "A": tiles("123m456m789m1p2p3p9s9s")})],
               TOY)


def test_an_event_the_variant_lacks_is_an_input_error():
    with pytest.raises(ReplayError, match="no 'flower' event in this variant"):
        replay(PLAYERS, "A", None, hand(ev.Draw(player="A", tile=tile("9s")),
                                        ev.Flower(player="A", tile=tile("9s"))), TOY)
    with pytest.raises(ReplayError, match="a win by 'flower' does not exist"):
        replay(PLAYERS, "A", None, hand(ev.Draw(player="A", tile=tile("9s")),
                                        ev.Win(player="A", how="flower")), TOY)


@dataclass(frozen=True)
class Tap(ev.Event):
    """The toy's own event: a player taps the table (it moves no tile)."""

    type = "tap"
    player: str


@dataclass
class TappingTable(Table):
    taps: int = 0

    def _handlers(self):
        return {**super()._handlers(), "tap": self._on_tap}

    def _on_tap(self, i: int, e: Tap) -> None:
        self.taps += 1


def test_a_variant_adds_its_own_event_by_subclassing_the_table():
    t = replay(PLAYERS, "A", None, hand(ev.Draw(player="A", tile=tile("9s")), Tap(player="A"),
                                        Tap(player="B")), TOY, table_class=TappingTable)
    assert isinstance(t, TappingTable) and t.taps == 2 and t.turn == "A" and t.phase == "discard"
