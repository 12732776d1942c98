"""Sichuan flow (SC-FLOW, SC-QM-1, SC-XZ): several wins in one hand, turn order after a win, the
end at the third win or the exhaustive draw, the next dealer, a ``state`` with wins before it, and
the input errors of RULEBOOK_SC §13. B = 1 unless a test says otherwise; ``sckit.WAITING``: A (the
dealer) to discard, B waits on 5p (平胡 0 番, V 1), C on 5p (七对 2 番, V 4), D not ready."""
import pytest

from referee.errors import InputError
from tests.sckit import VOIDS, WAITING, declare, discard, doc, draw, paid, rule, ruling, state, win

ONE_DISCARD_TWO_WINS = [state(), discard("A", "5p"), win("B", "discard", "5p", "A"),
                        win("C", "discard", "5p", "A")]


def errors_of(document) -> dict:
    with pytest.raises(InputError) as err:
        ruling(document)
    return err.value.errors


def test_one_discard_two_winners_each_settled_and_play_goes_on():  # SC-XZ-1, SC-PAY-4, SC-XZ-2
    # A pays B V = 1 (平胡 F 0) and C V = 4 (七对 F 2); the next to draw is D (after C, the last winner
    # counted from A), who draws and discards: the hand is still open
    hand = rule(doc(ONE_DISCARD_TWO_WINS + [draw("D", "3m"), discard("D", "3m")]))
    assert paid(hand) == [("A", "B", 1, "SC-PAY-4", 2), ("A", "C", 4, "SC-PAY-4", 3)]
    assert [(w["player"], w["order"], w["at"], w["value"]) for w in hand["winners"]] == [
        ("B", 1, 2, 1), ("C", 2, 3, 4)]
    assert hand["left_play"] == ["B", "C"] and hand["result"] == "open" and hand["next"] is None
    assert hand["net"] == {"A": -5, "B": 1, "C": 4, "D": 0}


def test_winners_on_one_discard_are_ordered_from_the_discarder_whatever_the_log_order():  # SC-PR-2
    hand = rule(doc([state(), discard("A", "5p"), win("C", "discard", "5p", "A"),
                     win("B", "discard", "5p", "A")]))
    assert [(w["player"], w["order"]) for w in hand["winners"]] == [("B", 1), ("C", 2)]


def test_the_player_after_the_last_winner_draws_not_the_discarders_next():  # SC-XZ-2 near miss
    with pytest.raises(InputError) as err:  # B has left play; after C comes D, not A's next B
        ruling(doc(ONE_DISCARD_TWO_WINS + [draw("A", "3m")]))
    assert "D's turn" in str(err.value.errors)


def test_a_player_who_has_left_play_takes_no_part():  # SC-XZ-4: an input error at his event
    errors = errors_of(doc(ONE_DISCARD_TWO_WINS + [draw("D", "3m"), discard("D", "3m"), draw("B", "3m")]))
    assert errors == {"hand.events[6].player": ["B has left play (he won at event 2): he takes no further part in the hand"]}
    errors = errors_of(doc(ONE_DISCARD_TWO_WINS + [{"type": "pon", "player": "C", "tile": "5p", "with": "5p5p"}]))
    assert list(errors) == ["hand.events[4].player"]


def test_the_third_win_ends_the_hand_and_the_discarder_of_the_first_deals():  # SC-XZ-3, SC-FLOW-9
    # D discards 9p: A (1199p 123456789s) wins 平胡 (11p 999p …): D pays 1. The first win was two
    # on one discard: its discarder A deals next; he dealt this hand too: streak 1
    hand = rule(doc(ONE_DISCARD_TWO_WINS + [draw("D", "9p"), discard("D", "9p"), win("A", "discard", "9p", "D")]))
    assert hand["result"] == "win" and hand["left_play"] == ["B", "C", "A"] and "checks" not in hand
    assert paid(hand)[-1] == ("D", "A", 1, "SC-PAY-2", 6)
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None} and hand["complete"]
    errors = errors_of(doc(ONE_DISCARD_TWO_WINS + [draw("D", "9p"), discard("D", "9p"),
                                                   win("A", "discard", "9p", "D"), draw("D", "3m")]))
    assert list(errors) == ["hand.events[7]"]  # nothing of play after the third win


def test_a_self_draw_with_two_gone_is_paid_by_the_one_left():  # SC-PAY-1, SC-XZ-1
    # A self-draws 9p (平胡, V 1): only D is in play: he pays V + B = 2
    hand = rule(doc(ONE_DISCARD_TWO_WINS + [draw("D", "3m"), discard("D", "3m"), draw("A", "9p"),
                                            win("A", "self_draw")]))
    assert paid(hand)[-1] == ("D", "A", 2, "SC-PAY-1", 7)
    assert hand["net"] == {"A": -3, "B": 1, "C": 4, "D": -2}


def test_a_single_first_winner_deals_next():  # SC-FLOW-9
    # B alone wins A's 5p (C lets it go); C draws the last tile; exhaustive draw. B deals next
    hand = rule(doc([state(wall_left=1), discard("A", "5p"), win("B", "discard", "5p", "A"),
                     draw("C", "3m"), discard("C", "3m"), {"type": "exhaustive_draw"}]))
    assert hand["result"] == "win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}
    assert [c["player"] for c in hand["checks"]] == ["A", "C", "D"]  # B has left play: no check


def test_no_win_the_dealer_keeps_the_deal():  # SC-FLOW-9, SC-FLOW-8
    hand = rule(doc([state(wall_left=1), discard("A", "2s"), draw("B", "3m"), discard("B", "3m"),
                     {"type": "exhaustive_draw"}], streak=2))
    assert hand["result"] == "exhaustive_draw" and hand["next"] == {"dealer": "A", "streak": 3, "round_wind": None}


def test_a_state_with_a_win_before_it():  # SC-XZ-5, §13 state.left_play
    # B won by self-draw before the position (his hand without the winning tile); C wins A's 5p:
    # order 2; B's win is the first: B deals next once the hand ends
    before = state(left_play=[{"players": ["B"], "how": "self_draw", "tile": "3m"}], wall_left=1)
    hand = rule(doc([before, discard("A", "5p"), win("C", "discard", "5p", "A"), draw("D", "3m"),
                     discard("D", "3m"), {"type": "exhaustive_draw"}]))
    assert [(w["player"], w["order"]) for w in hand["winners"]] == [("C", 2)]
    assert hand["left_play"] == ["B", "C"] and hand["next"]["dealer"] == "B"
    assert paid(hand)[0] == ("A", "C", 4, "SC-PAY-2", 2)
    errors = errors_of(doc([before, discard("A", "5p"), draw("B", "3m")]))
    assert errors == {"hand.events[2].player": ["B has left play (he won before the position given): he "
                                                "takes no further part in the hand"]}


def test_a_state_whose_turn_has_left_play_is_refused():  # SC-XZ-5
    before = state(left_play=[{"players": ["A"], "how": "self_draw", "tile": "3m"}])
    assert "hand.events[0].turn" in errors_of(doc([before]))


DEAL = {"A": "1199p5p123456789s", "B": "123456789m11p46p", "C": "22p33p77p88p11s99s6p",
        "D": "15m99m222s345s678s"}


def test_the_void_suit_is_declared_after_the_deal_before_the_dealers_discard():  # SC-QM-1
    decl = [declare(p, v) for p, v in VOIDS.items()]
    hand = rule(doc([{"type": "deal", "hands": DEAL}] + decl + [discard("A", "5p")]))
    assert hand["result"] == "open"
    errors = errors_of(doc([{"type": "deal", "hands": DEAL}] + decl[:3] + [discard("A", "5p")]))
    assert errors == {"hand.events[4]": ["D declared no void suit (定缺) before the dealer's first discard (SC-QM-1)"]}
    errors = errors_of(doc([{"type": "deal", "hands": DEAL}] + decl + [declare("B", "m")]))
    assert list(errors) == ["hand.events[5].player"]  # final: a second one is refused
    errors = errors_of(doc([{"type": "deal", "hands": DEAL}] + decl[:3] + [discard("A", "5p"), declare("D", "p")]))
    assert list(errors) == ["hand.events[4]"]
    errors = errors_of(doc([{"type": "deal", "hands": DEAL}, declare("A", "m")],
                           {"base": 1, "options": {"void_declaration": "implicit"}}))
    assert list(errors) == ["hand.events[1].what"]


def test_a_state_names_every_void_suit():  # SC-QM-1, §13
    position = state()
    del position["status"]["C"]
    assert errors_of(doc([position])) == {"hand.events[0].status.C.void_suit": ["C's void suit is required (SC-QM-1)"]}
    for p in "ABD":
        del position["status"][p]  # under implicit no void suit is named: a hand's is the suit it lacks
    assert rule(doc([position, discard("A", "5p")], {"base": 1, "options": {"void_declaration": "implicit"}}))
    position["status"]["A"] = {"void_suit": "m"}
    errors = errors_of(doc([position], {"base": 1, "options": {"void_declaration": "implicit"}}))
    assert list(errors) == ["hand.events[0].status.A.void_suit"]


@pytest.mark.parametrize("change, path", [
    (lambda d: d["hand"].update(round_wind="1z"), "hand.round_wind"),
    (lambda d: d["hand"].update(start_dealer="A"), "hand.start_dealer"),
    (lambda d: d["hand"]["events"][0]["hands"].update(D="15m99m222s345s67s1z"), "hand.events[0].hands.D"),
    (lambda d: d["hand"]["events"].append({"type": "flower", "player": "A", "tile": "1f"}), "hand.events[1].type"),
    (lambda d: d["hand"]["events"].append(win("A", "flower")), "hand.events[1].how"),
    (lambda d: d["hand"]["events"][0].update(liabilities=[]), "hand.events[0].liabilities"),
    (lambda d: d["hand"]["events"][0].update(wall_left=56), "hand.events[0].wall_left"),
    (lambda d: d["ruleset"].update(options={"limit_fan": 5}), "ruleset.options.limit_fan"),
    (lambda d: d["ruleset"].update(preset="wufan"), "ruleset.preset"),
    (lambda d: d["ruleset"].update(fan_table={"SC-FAN-30": 4}), "ruleset.fan_table.SC-FAN-30"),
    (lambda d: d["hand"]["events"][0]["status"]["A"].update(passed={"tiles": ["5p"]}), "hand.events[0].status.A.passed"),
])
def test_input_errors_at_their_path(change, path):  # §13
    document = doc([state()])
    change(document)
    assert path in errors_of(document)


def test_sichuan_fields_are_input_errors_elsewhere():  # §13: SC additions only under sichuan
    from tests import hkkit
    document = hkkit.doc([hkkit.state(left_play=[])])
    assert "hand.events[0].left_play" in errors_of(document)
    document = hkkit.doc([hkkit.state(), {"type": "declare", "player": "A", "what": "void_suit", "suit": "m"}])
    assert "hand.events[1].type" in errors_of(document)


def test_heavenly_and_earthly_wins_from_the_deal():  # SC-FAN-15, SC-FAN-16
    # A's dealt 14 win (123m 456m 789m 11p 456p) before his first discard: 天胡 5 番, F 3 (cap), V 8;
    # B, C, D pay 8 + 1 each
    deal = dict(DEAL, A="123456789m11p456p")
    hand = rule(doc([{"type": "deal", "hands": deal}] + [declare(p, v) for p, v in dict(VOIDS, A="s").items()]
                    + [win("A", "self_draw")]))
    assert hand["winners"][0]["patterns"][0]["rule"] == "SC-FAN-15" and paid(hand) == [
        (p, "A", 9, "SC-PAY-1", 5) for p in "BCD"]
    # B (平胡) and C (七对) win on the dealer's first discard: 地胡 5 番 each, F 3: A pays 8 and 8
    deal = dict(DEAL, C="22p33p77p88p11s99s5p")
    hand = rule(doc([{"type": "deal", "hands": deal}] + [declare(p, v) for p, v in VOIDS.items()]
                    + [discard("A", "5p"), win("B", "discard", "5p", "A"), win("C", "discard", "5p", "A")]))
    assert [w["patterns"][0]["rule"] for w in hand["winners"]] == ["SC-FAN-16", "SC-FAN-16"]
    assert paid(hand) == [("A", "B", 8, "SC-PAY-4", 6), ("A", "C", 8, "SC-PAY-4", 7)]
    hand = rule(doc([{"type": "deal", "hands": deal}] + [declare(p, v) for p, v in VOIDS.items()]
                    + [discard("A", "5p"), win("C", "discard", "5p", "A")],
                    {"base": 1, "options": {"heavenly_earthly": False}}))  # near miss: off, 七对 F 2
    assert paid(hand) == [("A", "C", 4, "SC-PAY-2", 6)]


def test_no_claim_on_the_last_discard():  # SC-FLOW-7, SC-IRR-3
    # the wall is drawn out: D's pong of A's 2s is a wrong claim; his discard makes his hand dead
    # (no money); at the exhaustive draw he is not ready
    hand = rule(doc([state(wall_left=0), discard("A", "2s"), {"type": "pon", "player": "D", "tile": "2s", "with": "2s2s"},
                     discard("D", "1m"), {"type": "exhaustive_draw"}]))
    assert ("SC-IRR-3", "ruled") in [(r["rule"], r["status"]) for r in hand["rulings"]]
    assert "no replacement" in hand["rulings"][0]["decision"]


def test_a_concealed_kong_is_never_robbed():  # SC-PR-5: an input error (there is no added kong)
    rain = {"A": "1199p5p1345678s9s", "B": WAITING["B"], "C": WAITING["C"], "D": "2222s345s678s99m56m"}
    errors = errors_of(doc([state(rain, turn="D"), {"type": "kong", "player": "D", "kind": "concealed", "tiles": "2s2s2s2s"},
                            win("C", "rob_kong", "2s", "D")]))
    assert errors == {"hand.events[2]": ["there is no added kong to win on"]}


def test_a_dealer_against_the_previous_ruling_is_a_finding():  # SC-FLOW-10
    first = {"dealer": "A", "streak": 0, "events": [state(wall_left=1), discard("A", "2s"), draw("B", "3m"),
                                                     discard("B", "3m"), {"type": "exhaustive_draw"}]}
    second = {"dealer": "B", "streak": 0, "events": [state(wall_left=1, turn="B", hands={
        "A": WAITING["B"], "B": WAITING["A"], "C": WAITING["C"], "D": WAITING["D"]},
        voids={"A": "s", "B": "m", "C": "m", "D": "p"}), discard("B", "2s")]}
    out = ruling({"format": "mjref/1", "variant": "sichuan", "ruleset": {"base": 1}, "players": ["A", "B", "C", "D"],
                  "hands": [first, second]})
    assert out["hands"][0]["next"] == {"dealer": "A", "streak": 1, "round_wind": None}
    assert [(r["rule"], r["player"]) for r in out["hands"][1]["rulings"]] == [("SC-FLOW-10", "B")]


def test_a_win_with_hidden_tiles_is_undetermined():  # SC-ZH-1 needs the tiles: listed as missing
    hand = rule(doc([state(dict(WAITING, B=13)), discard("A", "5p"), win("B", "discard", "5p", "A")]))
    assert hand["result"] == "undetermined" and paid(hand) == [] and not hand["complete"]
    assert hand["missing"][0]["fact"] == "concealed_tiles" and hand["missing"][0]["player"] == "B"


def test_implicit_void_a_hand_of_three_suits_does_not_win():  # SC-QM-1 implicit, SC-QM-2
    position = state(dict(WAITING, B="123456m789s11p46p"))
    del position["status"]
    implicit = {"base": 1, "options": {"void_declaration": "implicit"}}
    hand = rule(doc([position, discard("A", "5p"), win("B", "discard", "5p", "A")], implicit))
    assert [(r["rule"]) for r in hand["rulings"]] == ["SC-ZH-1", "SC-QM-2"]
    hand = rule(doc([position, discard("A", "5p"), win("C", "discard", "5p", "A")], implicit))  # p and s
    assert paid(hand) == [("A", "C", 4, "SC-PAY-2", 2)]


def test_after_the_end_only_reports_and_corrections():  # §13
    ended = [state(wall_left=1), discard("A", "2s"), draw("B", "3m"), discard("B", "3m"), {"type": "exhaustive_draw"}]
    assert rule(doc(ended + [{"type": "report", "by": "referee", "against": "A", "offence": "SC-IRR-4"},
                             {"type": "end"}]))["result"] == "exhaustive_draw"
    assert list(errors_of(doc(ended + [{"type": "call", "player": "A", "call": "win"}]))) == ["hand.events[5]"]


@pytest.mark.parametrize("left, path", [
    ([{"players": ["B"], "how": "self_draw", "tile": "3m"}, {"players": ["B"], "how": "self_draw", "tile": "4m"}],
     "hand.events[0].left_play[1].players"),
    ([{"players": ["B", "C"], "how": "self_draw", "tile": "3m"}], "hand.events[0].left_play[0].players"),
    ([{"players": ["B"], "how": "discard", "tile": "3m"}], "hand.events[0].left_play[0].from"),
    ([{"players": ["B"], "how": "discard", "tile": "3m", "from": "B"}], "hand.events[0].left_play[0].from"),
    ([{"players": ["B", "C", "D"], "how": "discard", "tile": "3m", "from": "A"}], "hand.events[0].left_play"),
    ([{"players": ["B"], "how": "self_draw", "tile": "1z"}], "hand.events[0].left_play[0].tile"),
])
def test_a_states_earlier_wins_are_checked(left, path):  # §13 state.left_play
    assert path in errors_of(doc([state(left_play=left)]))


def test_a_states_kong_income_is_checked():  # §13 state.kong_income
    income = [{"to": "D", "from": "D", "amount": 2, "kind": "claimed"}]
    assert "hand.events[0].kong_income[0].from" in errors_of(doc([state(kong_income=income)]))
    income = [{"to": "D", "from": "A", "amount": 0, "kind": "claimed"}]
    assert "hand.events[0].kong_income[0].amount" in errors_of(doc([state(kong_income=income)]))
