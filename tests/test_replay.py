"""Replay: tile movements that can happen are folded in; those that cannot are located errors."""
import pytest

from api.documents.loader import load_document
from referee.errors import InputError
from referee.hand import winning_kinds_of
from referee.replay import Observer
from rulesbook.tw16.table import TW16, replay
from tests.tablekit import deal, discard, doc, draw, ev, flower, kong, pon, chi, rule, state, table, win

# A legal deal: dealer A holds 17 (the 門牌), the others 16; no flowers.
DEAL = deal(A="123m456m789m123p456s77z", B="111m222m333m444p55p66p", C="678m678p678s999p1122z",
            D="234s234s55s66s77s1333z")
HANDS16 = {"A": "234m456m789m123p456s7z", "B": "111m222m333m444p55p66p", "C": "678m678p678s999p1122z",
           "D": "234s234s55s66s77s1333z"}


def errors_of(document):
    with pytest.raises(InputError) as exc:
        rule(document)
    return exc.value.errors


def test_deal_counts_the_live_wall_and_gives_the_dealer_the_first_discard():
    t = table(doc(DEAL))
    assert t.wall_left == 144 - 16 - 65
    assert (t.turn, t.phase) == ("A", "discard")


def test_draw_and_discard_follow_turns():
    t = table(doc(DEAL, discard("A", "6s"), draw("B", "9s"), discard("B", "9s")))
    assert t.wall_left == 62
    assert (t.turn, t.phase) == ("C", "draw")
    assert t.last_discard == ("B", 27 - 9 + 8, 3)  # 9s


@pytest.mark.parametrize("events, path, fragment", [
    pytest.param([DEAL, discard("A", "9s")], "hand.events[1].tile", "does not hold 9s", id="discard-not-held"),
    pytest.param([DEAL, discard("A", "6s"), draw("C", "9s")], "hand.events[2]", "B's turn", id="draw-out-of-turn"),
    pytest.param([DEAL, discard("A", "6s"), draw("B", "9s"), draw("B", "8s")], "hand.events[3]",
                 "must discard before drawing again", id="draw-twice"),
    pytest.param([DEAL, discard("A", "6s"), draw("B", "1m")], "hand.events[2].tile", "fifth 1m", id="fifth-copy"),
    pytest.param([deal(A="113m456m789m123p456s77z", B="111m222m333m444p55p66p", C="678m678p678s999p1122z",
                       D="234s234s55s66s77s1333z")], "hand.events[0].hands.B", "a fifth 1m: only 4 in the set",
                 id="fifth-copy-dealt"),
    pytest.param([deal(A="123m456m789m123p456s7z1f", B="111m222m333m444p55p66p", C="678m678p678s999p112z1f",
                       D="234s234s55s66s77s1333z")], "hand.events[0].hands.C", "a second 1f: only 1 in the set",
                 id="second-flower-dealt"),
    pytest.param([DEAL, discard("A", "6s"), draw("B", "9s", "back")], "hand.events[2].from",
                 "owes no replacement", id="back-draw-without-cause"),
    pytest.param([DEAL, discard("A", "6s"), ev("exhaustive_draw")], "hand.events[2]", "not drawn out",
                 id="early-exhaustive-draw"),
    pytest.param([DEAL, discard("A", "6s"), win("C", "discard", "6s", frm="B")], "hand.events[2].from",
                 "A's, not B's", id="win-from-wrong-player"),
    pytest.param([DEAL, ev("end"), discard("A", "6s")], "hand.events[2]", "nothing may follow", id="after-end"),
    pytest.param([DEAL, discard("A", "6s"), pon("A", "6s", "6s6s")], "hand.events[2]",
                 "cannot claim his own discard", id="pon-own-discard"),
])
def test_impossible_movements_are_input_errors(events, path, fragment):
    errs = errors_of(doc(*events))
    assert path in errs, errs
    assert any(fragment in m for m in errs[path]), errs


def test_irregular_draw_marked_by_an_act_is_replayed_and_noted():
    t = table(doc(DEAL, discard("A", "6s"), draw("C", "9s"), ev("act", player="C", act="grab_draw")))
    assert [(a.kind, a.player, a.at) for a in t.anomalies] == [("irregular_draw", "C", 2)]


def test_flowers_are_replaced_from_the_back_and_lower_the_wall():
    d = deal(A="123m456m789m123p456s7z1f", B="111m222m333m444p55p66p", C="678m678p678s999p1122z",
             D="234s234s55s66s77s1333z")
    t = table(doc(d, flower("A", "1f"), draw("A", "7z", "back"), discard("A", "6s")))
    assert t.p["A"].flowers == [34]
    assert t.wall_left == 62


def test_chi_from_a_player_not_on_the_left_is_recorded_not_rejected():
    t = table(doc(DEAL, discard("A", "6s"), chi("C", "6s", "7s8s")))
    assert [(a.kind, a.player, a.at) for a in t.anomalies] == [("chi_not_from_left", "C", 2)]
    assert t.p["C"].melds[0].tiles == (23, 24, 25) and (t.turn, t.phase) == ("C", "discard")


def test_chi_from_the_left_is_no_anomaly():
    t = table(doc(DEAL, discard("A", "3p"), chi("B", "3p", "4p5p")))
    assert t.anomalies == []
    assert t.p["B"].melds[0].tiles == (11, 12, 13) and t.p["A"].river == []


def test_seat_follows_the_open_seat():
    t = table(doc(DEAL, open_seat="C"))
    assert [t.seat(p) for p in "ABCD"] == [3, 4, 1, 2]


def test_state_checks_the_concealed_counts():
    hands = dict(HANDS16, A="123m456m789m123p4s")  # A holds 15 (EVENT_LOG.md: an input error)
    errs = errors_of(doc(state(hands)))
    assert "hand.events[0].hands.A" in errs


def test_state_with_hidden_hands_reveals_tiles_as_they_are_played():
    hands = {"A": 16, "B": 16, "C": 16, "D": 16}
    t = table(doc(state(hands, turn="A", phase="draw"), draw("A", "?"), discard("A", "5p")))
    assert t.p["A"].unknown == 16 and t.last_discard[:2] == ("A", 13)


def test_claimed_kong_replacement_and_dead_wall_option():
    hands = dict(HANDS16)
    base = [state(hands, turn="A", phase="draw", wall_left=30), draw("A", "1m"), discard("A", "1m"),
            kong("B", "claimed", "1111m"), draw("B", "9s", "back"), discard("B", "9s")]
    assert table(doc(*base)).wall_left == 28
    d = doc(*base, options={"dead_wall": "plus_one_per_kong"})
    from api.documents.loader import load_document
    from dataclasses import replace

    from rulesbook.tw16.table import TW16, replay
    loaded = load_document(d)
    t = replay(loaded.players, "A", None, loaded.hands[0].events, replace(TW16, kong_costs_wall=True))
    assert t.wall_left == 27


def test_who_wins_on_a_tile_is_asked_of_every_hand_at_once():
    # B waits on 1s/9s (two pairs), C on 9s (a single wait), D's hand is hidden; A discards 9s
    t = table(doc(state(hands={"A": "234567888m111222z3z9s", "B": "111m999m111p999p11s99s",
                               "C": "234m567m234p567p345s9s", "D": 16}, turn="A", phase="discard"),
                  discard("A", "9s")))
    nine, one, five = 26, 18, 22  # 9s, 1s, 5s
    assert t.winners_on(nine) == ["B", "C"]  # in seat order, and as wins_on asks them one by one
    assert [p for p in t.players if t.wins_on(p, nine)] == ["B", "C"]
    assert t.winners_on(nine, but="B") == ["C"]
    assert t.winners_on(one) == ["B"]
    assert t.winners_on(five) == []  # near miss: completes nobody's hand
    assert t.winners_on(34) == []  # a flower completes no hand


def _fresh(t, player):
    """What a player's hand wins on, worked out afresh (no kept answer)."""
    return winning_kinds_of(t.p[player].counts)


class _AsksAtDiscards(Observer):
    """Asks who wins on each discard, as the rulebook does (the discarder is not asked)."""

    def after(self, i, e, t):
        if e.type == "discard":
            t.winners_on(e.tile, but=e.player)


def _replayed(*events):
    loaded = load_document(doc(*events))
    return replay(loaded.players, "A", None, loaded.hands[0].events, TW16, (_AsksAtDiscards(),))


_WAITING = [state({"A": "234567888m111222z3z9s", "B": "111m999m111p999p11s99s",
                   "C": "234m567m234p567p345s9s", "D": 16}, turn="A", phase="discard"),
            discard("A", "7m")]  # B waits on 1s and 9s; his answer is worked out at this discard


def test_a_drawn_tile_discarded_at_once_keeps_what_was_worked_out_before_the_draw():
    t = _replayed(*_WAITING, draw("B", "5p"), discard("B", "5p"))  # 摸打: his hand is as before
    b = t.p["B"]
    assert b.wins_cache == (b.version, frozenset({18, 26}))  # kept, though nobody asked him again
    assert b.wins_cache[1] == _fresh(t, "B")


def test_another_tile_discarded_after_the_draw_is_worked_out_afresh():
    t = _replayed(*_WAITING, draw("B", "5p"), discard("B", "1m"))  # near miss: his hand changed
    b = t.p["B"]
    assert b.wins_cache[0] != b.version  # not current: asked again only when needed
    assert t.winners_on(26) == ["C"] and _fresh(t, "B") == frozenset()


def test_kept_answers_agree_with_fresh_ones_over_self_play():
    """After every discard, each player's kept answer (when current) is what his hand wins on
    worked out afresh; and a drawn tile discarded at once (about a third of discards) does keep it."""
    import random

    from rulesbook.tw16.selfplay import document, play_hand

    class Check(_AsksAtDiscards):
        kept = 0

        def after(self, i, e, t):
            if e.type != "discard":
                return
            for name, ps in t.p.items():
                if ps.wins_cache[0] == ps.version:
                    assert ps.wins_cache[1] == _fresh(t, name), (i, name)
                    self.kept += name == e.player  # the discarder's: kept, never asked here
            super().after(i, e, t)

    rng = random.Random(3)
    check = Check()
    for _ in range(60):
        loaded = load_document(document(play_hand(rng)))
        h = loaded.hands[0]
        replay(loaded.players, h.dealer or "A", h.open_seat, h.events, TW16, (check,))
    assert check.kept > 100


def test_play_before_a_deal_or_a_position_says_so_never_none():
    from api.documents.documents import adjudicate_data

    for first in (discard("A", "4p"), draw("A", "4p")):
        with pytest.raises(InputError) as err:
            adjudicate_data(doc(first))
        [(path, [message])] = err.value.errors.items()
        assert path == "hand.events[0]" and "None" not in message
        assert message.startswith("play begins before the hand has a start: record the deal or a known position")
