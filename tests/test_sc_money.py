"""Sichuan money (SC-PAY, SC-GF, SC-CH): each clause fired, a near miss, and the money to the unit,
RULEBOOK_SC.md's worked examples among them (B = 5 where the rulebook's example says so). Every
payment carries the event index it belongs to (SC-PAY-7)."""
from tests.sckit import VOIDS, WAITING, discard, doc, draw, kong, paid, rule, rules_of, state, win

B5 = {"base": 5}
END = {"type": "exhaustive_draw"}

#: B draws 4m to 111m 222p 333p 44m 55p: 对对胡 (F 1); A, C, D hold nothing that wins
POND = {"A": "456m789m456p789p9s", "B": "111m222p333p44m55p", "C": "123s456s789s567m1p",
        "D": "234s567s888s99s67m"}
POND_VOIDS = {"A": "s", "B": "s", "C": "p", "D": "p"}


def test_self_draw_each_in_play_pays_v_and_a_base():  # SC-PAY-1 (the rulebook's example)
    # B = 5, 对对胡 F 1, V = 10: each of the three pays 10 + 5 = 15, B gets 45
    hand = rule(doc([state(POND, turn="B", phase="draw", voids=POND_VOIDS), draw("B", "4m"),
                     win("B", "self_draw")], B5))
    assert paid(hand) == [(p, "B", 15, "SC-PAY-1", 2) for p in "ACD"]
    assert hand["winners"][0]["value"] == 10 and hand["net"]["B"] == 45
    # one player already left play: two pay 15, B gets 30
    gone = state(POND, turn="B", phase="draw", voids=POND_VOIDS,
                 left_play=[{"players": ["C"], "how": "self_draw", "tile": "2s"}])
    hand = rule(doc([gone, draw("B", "4m"), win("B", "self_draw")], B5))
    assert paid(hand) == [("A", "B", 15, "SC-PAY-1", 2), ("D", "B", 15, "SC-PAY-1", 2)]


def test_self_draw_bonus_options():  # SC-PAY-1 near miss, SC-FAN-25
    events = [state(POND, turn="B", phase="draw", voids=POND_VOIDS), draw("B", "4m"), win("B", "self_draw")]
    hand = rule(doc(events, {"base": 5, "options": {"self_draw_bonus": "none"}}))
    assert [p[2] for p in paid(hand)] == [10, 10, 10]
    hand = rule(doc(events, {"base": 5, "options": {"self_draw_bonus": "add_fan"}}))  # 1 + 1 = 2 番: 20
    assert [p[2] for p in paid(hand)] == [20, 20, 20]
    assert [p["rule"] for p in hand["winners"][0]["patterns"]] == ["SC-FAN-2", "SC-FAN-25"]


def test_discard_win_the_discarder_alone_pays_v():  # SC-PAY-2 (example: 七对 F 2, B = 5: 20)
    hand = rule(doc([state(), discard("A", "5p"), win("C", "discard", "5p", "A")], B5))
    assert paid(hand) == [("A", "C", 20, "SC-PAY-2", 2)]


def test_several_winners_on_one_discard():  # SC-PAY-4 (the rulebook's example, B = 5)
    # C discards 5p; D wins 平胡 (V 5), A wins 七对 (V 20): C pays 5 to D and 20 to A
    hands = {"C": WAITING["A"], "D": WAITING["B"], "A": WAITING["C"], "B": WAITING["D"]}
    voids = {"C": "m", "D": "s", "A": "m", "B": "p"}
    hand = rule(doc([state(hands, turn="C", voids=voids), discard("C", "5p"), win("D", "discard", "5p", "C"),
                     win("A", "discard", "5p", "C")], B5))
    assert paid(hand) == [("C", "D", 5, "SC-PAY-4", 2), ("C", "A", 20, "SC-PAY-4", 3)]
    assert [(w["player"], w["order"]) for w in hand["winners"]] == [("D", 1), ("A", 2)]


#: D (pon of 8s) has drawn the fourth 8s; C waits on 8s (79s): 平胡; A and B hold nothing that wins
ROB = {"A": "111m222m333m444m5m", "B": "666m777m888m99m56p", "C": "234p567p999p11s79s", "D": "99m222s345s67s8s"}
ROB_VOIDS = {"A": "p", "B": "s", "C": "m", "D": "p"}
ROB_MELDS = {"D": [{"kind": "pon", "tiles": "8s8s8s", "tile": "8s", "from": "A"}]}


def rob_state(hands=None, drawn="8s", voids=None, **kw) -> dict:
    return state(hands or ROB, turn="D", voids=voids or ROB_VOIDS, melds=ROB_MELDS,
                 drawn={"tile": drawn, "from": "wall"}, **kw)


def test_robbing_a_kong_the_kong_player_pays_and_the_kong_earns_nothing():  # SC-PAY-3, SC-GF-4, SC-PR-5
    # C robs 8s (234p 567p 999p 11s 79s): 平胡 + 抢杠胡 = 1 番, B = 5: D pays V = 10 (the rulebook's
    # example robs with 对对胡, which the fourth copy cannot complete: D holds the other three).
    # D's kong is a pon again, no replacement is owed: D (next after C, counted from D) draws
    hand = rule(doc([rob_state(), kong("D", "added", "8s8s8s8s"), win("C", "rob_kong", "8s", "D"),
                     draw("D", "3m"), discard("D", "3m")], B5))
    assert paid(hand) == [("D", "C", 10, "SC-PAY-3", 2)]
    assert [p["rule"] for p in hand["winners"][0]["patterns"]] == ["SC-FAN-1", "SC-FAN-23"]


def test_added_kong_money_with_the_tile_just_drawn():  # SC-GF-2 (example: two others in play: +10)
    hand = rule(doc([rob_state(left_play=[{"players": ["B"], "how": "self_draw", "tile": "3p"}]),
                     kong("D", "added", "8s8s8s8s"), draw("D", "3m", back=True), discard("D", "3m")], B5))
    assert paid(hand) == [("A", "D", 5, "SC-GF-2", 1), ("C", "D", 5, "SC-GF-2", 1)]
    hand = rule(doc([rob_state(), kong("D", "added", "8s8s8s8s"), draw("D", "3m", back=True)], B5))
    assert [p[2] for p in paid(hand)] == [5, 5, 5]  # all three in play: +15


def test_an_added_kong_with_a_tile_held_from_before_earns_nothing():  # SC-GF-2 near miss, option
    events = [rob_state(drawn="6s"), kong("D", "added", "8s8s8s8s"), draw("D", "3m", back=True)]
    assert paid(rule(doc(events, B5))) == []
    hand = rule(doc(events, {"base": 5, "options": {"added_kong_pays": "always"}}))
    assert [p[2] for p in paid(hand)] == [5, 5, 5]
    assert paid(rule(doc(events[:2], B5))) == []  # SC-GF-4: no replacement drawn, no money


#: D holds four 2s in his turn (a concealed kong); A, B, C as in WAITING (A without his 2s)
RAIN = {"A": "1199p5p1345678s9s", "B": WAITING["B"], "C": WAITING["C"], "D": "2222s345s678s99m56m"}


def test_concealed_kong_each_in_play_pays_two_base():  # SC-GF-3 (example: +30; one gone: +20)
    events = [kong("D", "concealed", "2s2s2s2s"), draw("D", "3m", back=True), discard("D", "3m")]
    hand = rule(doc([state(RAIN, turn="D", wall_left=30)] + events, B5))
    assert paid(hand) == [(p, "D", 10, "SC-GF-3", 1) for p in "ABC"]
    gone = state(RAIN, turn="D", wall_left=30, left_play=[{"players": ["C"], "how": "self_draw", "tile": "5p"}])
    hand = rule(doc([gone] + events, B5))
    assert paid(hand) == [(p, "D", 10, "SC-GF-3", 1) for p in "AB"]


#: A discards 2s to D's 222s: D's claimed kong; D then waits 4m/7m (56m)
BLOOM = dict(WAITING, D="222s345s678s99m56m")


def test_claimed_kong_the_feeder_pays_and_a_bloom_on_it():  # SC-GF-1, SC-PAY-5, SC-FAN-20/21
    # A pays D 2B = 10 at the kong. D draws 4m from the back: 平胡 + 根 (his kong) + 杠上花 = 2 番,
    # V 20; under claimed_kong_bloom self_draw (default) each of A, B, C pays 20 + 5
    events = [state(BLOOM), discard("A", "2s"), kong("D", "claimed", "2s2s2s2s"), draw("D", "4m", back=True),
              win("D", "self_draw")]
    hand = rule(doc(events, B5))
    assert paid(hand) == [("A", "D", 10, "SC-GF-1", 2)] + [(p, "D", 25, "SC-PAY-1", 4) for p in "ABC"]
    assert [p["rule"] for p in hand["winners"][0]["patterns"]] == ["SC-FAN-1", "SC-FAN-20", "SC-FAN-21"]
    hand = rule(doc(events, {"base": 5, "options": {"claimed_kong_bloom": "discard"}}))
    assert paid(hand) == [("A", "D", 10, "SC-GF-1", 2), ("A", "D", 20, "SC-PAY-5", 4)]
    # the rulebook's example: 平胡 + 杠上花 = 1 番 (根 switched off here), the feeder pays 10
    hand = rule(doc(events, {"base": 5, "options": {"claimed_kong_bloom": "discard"}, "fan_table": {"SC-FAN-20": 0}}))
    assert paid(hand)[-1] == ("A", "D", 10, "SC-PAY-5", 4)
    hand = rule(doc(events, {"base": 5, "options": {"claimed_kong_others": 1}}))
    assert paid(hand)[:3] == [("A", "D", 10, "SC-GF-1", 2), ("B", "D", 5, "SC-GF-1", 2), ("C", "D", 5, "SC-GF-1", 2)]


def test_call_transfer_after_a_kong_discard():  # SC-GF-6, SC-FAN-22 (the rulebook's example)
    # D adds a kong with the tile he drew: three others pay 5 (+15); he draws 5m and discards it;
    # A wins 对对胡 + 杠上炮 (F 2, V 20): D pays A 20 and hands A the 15. A +30, B −5, C −5, D −20
    hands = dict(ROB, A="111m222m444p55m66p")
    hand = rule(doc([rob_state(hands, voids=dict(ROB_VOIDS, A="s")), kong("D", "added", "8s8s8s8s"),
                     draw("D", "5m", back=True), discard("D", "5m"), win("A", "discard", "5m", "D")], B5))
    assert paid(hand) == [(p, "D", 5, "SC-GF-2", 1) for p in "ABC"] + [
        ("D", "A", 20, "SC-PAY-2", 4), ("D", "A", 15, "SC-GF-6", 4)]
    assert hand["net"] == {"A": 30, "B": -5, "C": -5, "D": -20}
    assert ("SC-GF-6", "ruled") in rules_of(hand)


def test_call_transfer_split_among_several_winners_and_off():  # SC-GF-6, option call_transfer
    # D kongs A's 2s (A pays 2), draws 5p and discards it: B (平胡 + 杠上炮, V 2) and C (七对 + 杠上炮,
    # V 8) win; the kong's 2 is split: 1 each
    events = [state(), discard("A", "2s"), kong("D", "claimed", "2s2s2s2s"), draw("D", "5p", back=True),
              discard("D", "5p"), win("B", "discard", "5p", "D"), win("C", "discard", "5p", "D")]
    hand = rule(doc(events))
    assert paid(hand) == [("A", "D", 2, "SC-GF-1", 2), ("D", "B", 2, "SC-PAY-4", 5), ("D", "C", 8, "SC-PAY-4", 6),
                          ("D", "B", 1, "SC-GF-6", 5), ("D", "C", 1, "SC-GF-6", 6)]
    hand = rule(doc(events, {"base": 1, "options": {"call_transfer": "off"}}))
    assert [p[3] for p in paid(hand)] == ["SC-GF-1", "SC-PAY-4", "SC-PAY-4"]


#: B discards 9m to A's 999m (a claimed kong); nobody is ready at the draw and nobody is a 花猪
DRY = {"A": "999m1357p9p12468m", "B": "9m123p456p789p1s4s7s9s", "C": "3355m7m7799s2s4s5s6s",
       "D": "1144p6677p2m4m6m8m5p"}
DRY_VOIDS = {"A": "s", "B": "m", "C": "p", "D": "s"}


def test_kong_refund_at_the_draw():  # SC-GF-7, SC-CH-3 (the rulebook's example, B = 5)
    # A kongs B's 9m (B pays 10); A is not ready at the draw: he gives the 10 back to B
    events = [state(DRY, turn="B", voids=DRY_VOIDS, wall_left=1), discard("B", "9m"),
              kong("A", "claimed", "9m9m9m9m"), draw("A", "3s", back=True), discard("A", "3s"), END]
    hand = rule(doc(events, B5))
    assert paid(hand) == [("B", "A", 10, "SC-GF-1", 2), ("A", "B", 10, "SC-GF-7", 5)]
    assert ("SC-GF-7", "ruled") in rules_of(hand) and hand["net"] == {p: 0 for p in "ABCD"}
    assert [c["ready"] for c in hand["checks"]] == [False] * 4
    hand = rule(doc(events, {"base": 5, "options": {"kong_refund": False}}))
    assert paid(hand) == [("B", "A", 10, "SC-GF-1", 2)]


def test_kong_money_from_before_the_position_is_refunded():  # SC-GF-7, §13 kong_income
    income = [{"to": "D", "from": "A", "amount": 2, "kind": "claimed"}]
    hand = rule(doc([state(wall_left=1, kong_income=income), discard("A", "2s"), draw("B", "3m"),
                     discard("B", "3m"), END]))
    assert ("D", "A", 2, "SC-GF-7", 4) in paid(hand)
    income = [{"to": "C", "from": "A", "amount": 2, "kind": "claimed"}]  # C is ready: he keeps it
    hand = rule(doc([state(wall_left=1, kong_income=income), discard("A", "2s"), draw("B", "3m"),
                     discard("B", "3m"), END]))
    assert not any(p[3] == "SC-GF-7" for p in paid(hand))


def test_big_call_not_ready_pay_the_ready_their_best_call():  # SC-CH-2
    # A and D are not ready: each pays B 1 (平胡) and C 4 (七对)
    hand = rule(doc([state(wall_left=1), discard("A", "2s"), draw("B", "3m"), discard("B", "3m"), END]))
    assert paid(hand) == [("A", "B", 1, "SC-CH-2", 4), ("A", "C", 4, "SC-CH-2", 4),
                          ("D", "B", 1, "SC-CH-2", 4), ("D", "C", 4, "SC-CH-2", 4)]
    assert hand["checks"][1] == {"player": "B", "pig": False, "ready": True, "best_fan": 0}
    hand = rule(doc([state(wall_left=1), discard("A", "2s"), draw("B", "3m"), discard("B", "3m"), END],
                    {"base": 1, "options": {"big_call": False}}))
    assert paid(hand) == []


def test_big_call_the_rulebooks_example():  # SC-CH-2, SC-FAN-0.5 (B = 5)
    # B, all 索 (111s 33s 5s 666s 7s 789s), waits on 3s (清一色, 2) or 6s (清一色 and his fourth 6s,
    # a 根: 3): best call F 3, V 40; A, not ready, pays B 40 (C and D have won: no part)
    hands = {"A": "123456789m1p3p5p7p9p", "B": "1113356667789s", "C": 13, "D": 13}
    gone = [{"players": ["C"], "how": "self_draw", "tile": "2p"}, {"players": ["D"], "how": "self_draw", "tile": "4p"}]
    hand = rule(doc([state(hands, voids={"A": "s", "B": "m", "C": "m", "D": "m"}, wall_left=1, left_play=gone),
                     discard("A", "9p"), draw("B", "2m"), discard("B", "2m"), END], B5))
    assert paid(hand) == [("A", "B", 40, "SC-CH-2", 4)]
    assert hand["checks"] == [{"player": "A", "pig": False, "ready": False},
                              {"player": "B", "pig": False, "ready": True, "best_fan": 3}]
    assert hand["next"]["dealer"] == "C"


def test_pig_pays_the_cap_to_each_non_pig_in_play():  # SC-CH-1, SC-CH-4 (the rulebook's example)
    # B = 5: C is a 花猪 (void p, holds p), D has won: C pays 40 (8B) to A and to B, nothing to D; a
    # pig pays no 查大叫; A, not ready, pays B (ready on 5p, 平胡) 5
    gone = state(wall_left=1, voids=dict(VOIDS, C="p"), left_play=[{"players": ["D"], "how": "self_draw", "tile": "3m"}])
    events = [gone, discard("A", "2s"), draw("B", "3m"), discard("B", "3m"), END]
    hand = rule(doc(events, B5))
    assert paid(hand) == [("C", "A", 40, "SC-CH-1", 4), ("C", "B", 40, "SC-CH-1", 4), ("A", "B", 5, "SC-CH-2", 4)]
    assert ("SC-CH-1", "ruled") in rules_of(hand)
    hand = rule(doc(events, {"base": 5, "options": {"checks_include_winners": True, "pig_pay": "fixed:3"}}))
    assert paid(hand)[:3] == [("C", "A", 15, "SC-CH-1", 4), ("C", "B", 15, "SC-CH-1", 4), ("C", "D", 15, "SC-CH-1", 4)]


def test_checks_with_hidden_tiles_are_missing():  # SC-CH-0
    hands = dict(WAITING, D=13)
    hand = rule(doc([state(hands, wall_left=1), discard("A", "2s"), draw("B", "3m"), discard("B", "3m"), END]))
    assert hand["missing"] == [{"fact": "concealed_tiles", "player": "D", "at": 4,
                                "needed_for": "SC-CH-0: whether he is a 花猪 or ready at the exhaustive draw"}]
    assert paid(hand) == [] and not hand["complete"]


def test_call_transfer_of_all_kongs():  # SC-GF-6 all_kongs, §13 kong_income
    # D held 3 of kong money from before the position (B's) and earns 2 from A's 2s: this_kong hands
    # on the 2 (1 each); all_kongs hands on 5: B, nearest D, gets the remainder: 3, C 2
    events = [state(kong_income=[{"to": "D", "from": "B", "amount": 3, "kind": "concealed"}]), discard("A", "2s"),
              kong("D", "claimed", "2s2s2s2s"), draw("D", "5p", back=True), discard("D", "5p"),
              win("B", "discard", "5p", "D"), win("C", "discard", "5p", "D")]
    assert [p for p in paid(rule(doc(events))) if p[3] == "SC-GF-6"] == [
        ("D", "B", 1, "SC-GF-6", 5), ("D", "C", 1, "SC-GF-6", 6)]
    hand = rule(doc(events, {"base": 1, "options": {"call_transfer": "all_kongs"}}))
    assert [p for p in paid(hand) if p[3] == "SC-GF-6"] == [("D", "B", 3, "SC-GF-6", 5), ("D", "C", 2, "SC-GF-6", 6)]


def test_two_players_rob_one_kong():  # SC-PAY-3, SC-PAY-4, SC-XZ-2
    # B (void p here: 666m 777m 888m 99m 79s) and C both rob D's 8s: 平胡 + 抢杠胡 = 1 番, V 2 each
    # (B = 1); D pays each; B is first from D; after C (the last) comes D, who draws
    hands = dict(ROB, B="666m777m888m99m79s")
    hand = rule(doc([rob_state(hands, voids=dict(ROB_VOIDS, B="p")), kong("D", "added", "8s8s8s8s"),
                     win("C", "rob_kong", "8s", "D"), win("B", "rob_kong", "8s", "D"), draw("D", "3m")]))
    assert paid(hand) == [("D", "C", 2, "SC-PAY-4", 2), ("D", "B", 2, "SC-PAY-4", 3)]  # in event order
    assert [(w["player"], w["order"]) for w in hand["winners"]] == [("B", 1), ("C", 2)]
