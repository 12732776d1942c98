"""Wuhan disputes (see tests/test_wh_disputes.py): the 海底 phase and 荒庄, the next dealer, 诈胡 and
several declarations, 过水 and the windows, irregularities and `state` starts."""

import pytest

from tests.whkit import discard, doc, draw, pay, rule, rules_of, ruling, state, win
from tests.whprobe_kit import opts, lines, ruled, winner, pats, kong, single, claimants


def test_a_wrong_single_kong_counts_nothing_and_bars_his_win():  # WH-IRR-2.2, WH-FAN-0, WH-IRR-0
    # B lays out a 9m singly (neither 红中 nor 癞子): a false set, unreported: no item; D then wins
    # on C's 5p as above: A 40, B raw 4 → 20, C 40. Near miss: a 红中 laid: B × 2 → 40
    def game(tile):
        s = state({"D": "46p234s567m55s"}, melds={"D": [("pon:222z", "A")]}, turn="B", phase="discard",
                  holding={"B": tile, "C": "5p"})
        return doc([s, single("B", tile), draw("B", "9s", back=True), discard("B", "9s"), draw("C", "9m"),
                    discard("C", "5p"), win("D", "discard", "5p", "C")])
    hand = rule(game("9m"))
    assert pay(hand) == {"A": 40, "B": 20, "C": 40} and ("WH-IRR-2", "B") in ruled(hand)
    assert pay(rule(game("7z"))) == {"A": 40, "B": 40, "C": 40}


def test_a_kong_at_wall_14_counts_nothing():  # WH-FLOW-4, WH-IRR-2
    # A lays a 红中 at wall_left 14: a wrong kong, no item; A then self-draws 8s on his replacement:
    # the declaration of a player with a false set is 诈胡 at once (WH-IRR-2.2)
    s = state({"A": "234m567p345s8s7z"}, melds={"A": [("pon:111z", "B")]}, phase="discard", wall_left=14)
    hand = rule(doc([s, single("A", "7z"), draw("A", "8s", back=True), win("A")]))
    assert hand["result"] == "false_win" and ("WH-IRR-2", "A") in ruled(hand)


def test_hongzhong_held_is_a_false_win_in_each_mode():  # WH-HZ-1, WH-ZH-1/2/3
    s = state({"A": "234m567p345s7z"}, melds={"A": [("pon:111z", "B")]})
    data = doc([s, draw("A", "7z"), win("A")])
    hand = rule(data)
    assert ruled(hand) == [("WH-ZH-1", "A"), ("WH-HZ-1", "A")] and hand["net"]["A"] == -6000
    hand = rule(dict(data, ruleset=opts(false_win="fixed:50")))  # 50 × 5 to each
    assert hand["net"] == {"A": -750, "B": 250, "C": 250, "D": 250}
    hand = rule(dict(data, ruleset=opts(false_win="dead_hand")))
    assert hand["payments"] == [] and hand["result"] == "open"
    hand = rule(dict(data, ruleset=opts(false_win="fixed:0")))  # K = 0: the hand ends, nothing paid
    assert hand["result"] == "false_win" and hand["payments"] == [] and hand["next"]["dealer"] == "B"


def test_one_winner_counted_from_the_dealer():  # WH-PR-2
    # dealer C: C, D, A, B: D wins. M_D = 开口 2 × 硬胡 2 = 4; A 放炮 2 → 8 → 40; B 开口 2 → 8 → 40;
    # C 庄 2 → 8 → 40; D +100; B's valid declaration is no fault
    hand = rule(claimants("C"))
    assert winner(hand)["player"] == "D" and hand["rulings"] == []
    assert lines(hand) == [("A", 40, 8, None), ("B", 40, 8, None), ("C", 40, 8, None)]
    assert hand["next"] == {"dealer": "D", "streak": 0, "round_wind": None}
    # dealer B: B first; B is the dealer: M_B = 开口 2 × 硬胡 2 × 庄 2 = 8; C raw 8 → 40;
    # D 开口 2 → 16 → 80; A 放炮 2 → 16 → 80; B +200, keeps the deal
    hand = rule(claimants("B"))
    assert winner(hand)["player"] == "B"
    assert lines(hand) == [("C", 40, 8, None), ("D", 80, 16, None), ("A", 80, 16, None)]
    assert hand["next"] == {"dealer": "B", "streak": 1, "round_wind": None}


def test_a_false_declaration_bumps_nobody_and_pays_as_well():  # WH-ZH-5
    # dealer A; B (not open) declares first in seat order: false; D wins: M_D 4: A 庄 → 8 → 40;
    # B 4 → 20; (A discarded: 放炮 2 × 庄 2 = 4 → raw 16 → 80). B pays 2000 to each of A, C, D.
    # net: A −80 + 2000 = 1920; B −20 − 6000 = −6020; C −20 + 2000 = 1980; D +120 + 2000 = 2120
    hand = rule(claimants("A", b_open=False))
    assert hand["result"] == "win" and winner(hand)["player"] == "D"
    assert ("WH-ZH-1", "B") in ruled(hand)
    assert hand["net"] == {"A": 1920, "B": -6020, "C": 1980, "D": 2120}
    assert hand["next"] == {"dealer": "D", "streak": 0, "round_wind": None}


def passed(events, ruleset=None):
    """dealer A; C discards 3p; B (碰 111z), holding 45p 234m 567s 88s, waits on 3p and 6p."""
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p", "D": "6p3p"})
    return doc([s, discard("C", "3p")] + events, ruleset=ruleset)


LATER_6P = [draw("D", "9s"), discard("D", "6p"), win("B", "discard", "6p", "D")]


LATER_3P = [draw("D", "9s"), discard("D", "3p"), win("B", "discard", "3p", "D")]


@pytest.mark.parametrize("rule_, events, wins", [
    ("all_waits_until_move", LATER_6P, False), ("same_tile_until_move", LATER_6P, True),
    ("same_tile_until_move", LATER_3P, False), ("none", LATER_3P, True)])
def test_pass_rules(rule_, events, wins):  # WH-GS-1, WH-GS-2, WH-GS-3
    # a valid win: small hard, M_B = 开口 2 × 硬胡 2 = 4; A 庄 2 → 8 → 40; C 4 → 20; D 放炮 2 → 8 → 40;
    # a barred one: 诈胡 with WH-GS-3 beside, B −6000
    hand = rule(passed(events, opts(pass_rule=rule_)))
    if wins:
        assert lines(hand) == [("C", 20, 4, None), ("D", 40, 8, None), ("A", 40, 8, None)]
    else:
        assert ruled(hand) == [("WH-ZH-1", "B"), ("WH-GS-3", "B")] and hand["net"]["B"] == -6000


def test_pass_violation_void_and_self_draw_still_allowed():  # WH-GS-3 void, WH-GS-2
    hand = rule(passed(LATER_6P, opts(pass_violation="void")))
    assert ruled(hand) == [("WH-GS-3", "B")] and hand["payments"] == [] and hand["result"] == "open"
    # a self-draw is never barred: D discards 9s, A draws and discards 9m, B draws 6p himself:
    # small hard self-draw: M_B = 开口 2 × 硬胡 2 × 自摸 2 = 8; A 庄 → 16 → 80; C, D 8 → 40
    hand = rule(passed([draw("D", "9s"), discard("D", "9s"), draw("A", "9m"), discard("A", "9m"),
                        draw("B", "6p"), win("B")]))
    assert lines(hand) == [("C", 40, 8, None), ("D", 40, 8, None), ("A", 80, 16, None)]


def test_thrown_laizi_cannot_be_won_on():  # WH-PR-6
    # indicator 1z (癞子 2z); D throws a 2z; A (碰 111z... from B), waiting on 8s, declares on it:
    # 诈胡 with WH-PR-6 beside; A is the dealer: −6000, B deals next
    s = state({"A": "234m567p345s8s"}, melds={"A": [("pon:333z", "B")]}, turn="D", phase="discard",
              holding={"D": "2z"})
    hand = rule(doc([s, discard("D", "2z"), win("A", "discard", "2z", "D")]))
    assert hand["result"] == "false_win" and ("WH-PR-6", "A") in ruled(hand)
    assert hand["net"]["A"] == -6000 and hand["next"]["dealer"] == "B"


def test_haidi_from_a_state():  # WH-FLOW-5.2, WH-HU-4.7, §10 haidi
    # wall 12, the 海底 draws begun, C to draw (A and B made theirs and hold 14): C (碰 111z) self-draws
    # 8s: 海底捞, H 10, hard; M_C = 开口 2 × 硬胡 2 × 1.5 = 6 → raw 60 → 300 each; C +900, deals next
    s = state({"C": "234m567p345s8s", "A": "123456789m12345p", "B": "123456789p12345s"},
              melds={"C": [("pon:111z", "B")]}, turn="C", wall_left=12, haidi=True)
    hand = rule(doc([s, draw("C", "8s"), win("C")]))
    w = winner(hand)
    assert (w["value"], w["factor"], pats(w)) == (10, 6, ["WH-HU-4.7"])
    assert pay(hand) == {"A": 300, "B": 300, "D": 300}
    # near miss: the same self-draw at wall 15 (a plain draw): small: M_C = 2 × 2 × 2 = 8;
    # A 庄 → 16 → 80, B, D 40
    s = state({"C": "234m567p345s8s"}, melds={"C": [("pon:111z", "B")]}, turn="C", wall_left=15)
    assert pay(rule(doc([s, draw("C", "8s"), win("C")]))) == {"A": 80, "B": 40, "D": 40}


def test_haidi_state_then_huangzhuang():  # WH-FLOW-5.3, WH-FLOW-6
    # wall 14 with the 海底 draws begun (B made the last discard): C, D, A, B draw one each, 荒庄 at
    # 10: no money, dealer A keeps the deal, streak + 1
    s = state({}, turn="C", wall_left=14, haidi=True)
    hand = rule(doc([s, draw("C", "9m"), draw("D", "9p"), draw("A", "9s"), draw("B", "8s"),
                     {"type": "exhaustive_draw"}]))
    assert hand["result"] == "exhaustive_draw" and hand["payments"] == []
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


def test_a_pong_on_a_last_discard_keeps_the_chain():  # WH-FLOW-5.1
    # A draws at 15 (14) and discards 5p: a last discard; B 碰s it and discards 9s (a last discard
    # too); nobody takes it: C, D, A, B draw one each; 荒庄
    s = state({"B": "55p123456789m99s"}, turn="A", wall_left=15, holding={"A": "5p"})
    events = [s, draw("A", "9p"), discard("A", "5p"), {"type": "pon", "player": "B", "tile": "5p", "with": "55p"},
              discard("B", "9s"), draw("C", "1s"), draw("D", "2s"), draw("A", "3s"), draw("B", "4s"),
              {"type": "exhaustive_draw"}]
    hand = rule(doc(events))
    assert hand["result"] == "exhaustive_draw" and hand["next"]["streak"] == 1


def test_dealer_rotation_next_seat():  # WH-FLOW-7
    # the claimants game with dealer C: D wins: next_seat: C's 下家 D deals, streak 0;
    # dealer B wins: keeps, streak 1
    data = claimants("C")
    data["ruleset"] = opts(dealer_rotation="next_seat")
    assert rule(data)["next"] == {"dealer": "D", "streak": 0, "round_wind": None}
    data = claimants("A")
    data["ruleset"] = opts(dealer_rotation="next_seat")
    hand = rule(data)
    assert winner(hand)["player"] == "B" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_state_passed_status_bars_a_discard_win():  # §10 status.passed, WH-GS-3
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p"}, status={"B": {"passed": True}})
    hand = rule(doc([s, discard("C", "3p"), win("B", "discard", "3p", "C")]))
    assert ruled(hand) == [("WH-ZH-1", "B"), ("WH-GS-3", "B")]


def test_must_open_and_pair_258_options():  # WH-HU-2.1, WH-HU-2.3 options
    # must_open false: A (dealer) self-draws 234m 567p 345s 678m 88s unopened: small hard:
    # M_A = 庄 2 × 硬胡 2 × 自摸 2 = 8 → 40 each
    s = state({"A": "234m567p345s678m8s"})
    data = doc([s, draw("A", "8s"), win("A")])
    assert rule(data)["result"] == "false_win"
    data["ruleset"] = opts(must_open=False)
    assert pay(rule(data)) == {"B": 40, "C": 40, "D": 40}
    # pair_258 false: a 99s pair wins small: with 碰 111z: M_A = 16 → 80 each
    s = state({"A": "234m567p345s9s"}, melds={"A": [("pon:111z", "B")]})
    data = doc([s, draw("A", "9s"), win("A")])
    assert rule(data)["result"] == "false_win"
    data["ruleset"] = opts(pair_258=False)
    assert pay(rule(data)) == {"B": 80, "C": 80, "D": 80}


def test_a_win_on_the_last_discard():  # WH-FLOW-5.1
    # wall 15, D draws (14) and discards 8s: a last discard; A wins on it: a plain small hand:
    # M_A = 开口 2 × 硬胡 2 × 庄 2 = 8; B, C 8 → 40; D 放炮 → 16 → 80
    s = state({"A": "234m567p345s8s"}, melds={"A": [("pon:111z", "B")]}, turn="D", wall_left=15,
              holding={"D": "8s"})
    hand = rule(doc([s, draw("D", "9m"), discard("D", "8s"), win("A", "discard", "8s", "D")]))
    assert pats(winner(hand)) == ["WH-HU-3"]
    assert lines(hand) == [("B", 40, 8, None), ("C", 40, 8, None), ("D", 80, 16, None)]


def pong_instead(rule_):
    """dealer A; B (碰 111z) holds 33p 55p 234m 567s; C discards 3p, which B could win on (333p 55p);
    B 碰s it instead and discards a 5p; C draws and discards 5p; B declares on it."""
    s = state({"B": "33p55p234m567s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p5p"})
    return doc([s, discard("C", "3p"), {"type": "pon", "player": "B", "tile": "3p", "with": "33p"},
                discard("B", "5p"), draw("C", "9m"), discard("C", "5p"), win("B", "discard", "5p", "C")],
               ruleset=opts(pass_rule=rule_))


def test_a_pong_instead_of_a_win_is_a_pass_it_does_not_lift():  # WH-GS-1, WH-GS-2
    hand = rule(pong_instead("all_waits_until_move"))
    assert ruled(hand) == [("WH-ZH-1", "B"), ("WH-GS-3", "B")] and hand["net"]["B"] == -6000
    # same_tile_until_move bars only the 3p: the 5p wins: M_B = 开口 2 × 硬胡 2 = 4;
    # C 放炮 2 → 8 → 40; D 4 → 20; A 庄 2 → 8 → 40
    hand = rule(pong_instead("same_tile_until_move"))
    assert lines(hand) == [("C", 40, 8, None), ("D", 20, 4, None), ("A", 40, 8, None)]


def test_a_robbable_kong_let_go_is_a_pass():  # WH-GS-1 (an added kong's window), WH-GS-3
    # A (waits 5m/8m) does not rob B's added 8m; B's replacement closes the window; B discards 5m:
    # A is barred: 诈胡, A (dealer) −6000. pass_rule none: A wins: M_A = 开口 2 × 硬胡 2 × 庄 2 = 8;
    # B 开口 2 × 蓄杠 2 × 放炮 2 = 8 → raw 64 → 320; C, D 8 → 40
    s = state({"A": "67m234p567s55s"}, melds={"A": [("pon:111z", "B")], "B": [("pon:888m", "C")]}, turn="B")
    events = [s, draw("B", "8m"), kong("B", "added", "8888m"), draw("B", "5m", back=True), discard("B", "5m"),
              win("A", "discard", "5m", "B")]
    hand = rule(doc(events))
    assert ruled(hand) == [("WH-ZH-1", "A"), ("WH-GS-3", "A")] and hand["net"]["A"] == -6000
    hand = rule(doc(events, ruleset=opts(pass_rule="none")))
    assert lines(hand) == [("B", 320, 64, None), ("C", 40, 8, None), ("D", 40, 8, None)]


def window(events):
    s = state({"B": "34p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "5p"})
    return doc([s, discard("C", "5p")] + events)


def test_a_discard_win_is_in_time_until_a_later_discard():  # WH-PR-3
    # D has drawn but not discarded: B's win on C's 5p is in time (D's draw undone):
    # M_B = 开口 2 × 硬胡 2 = 4; C 放炮 → 8 → 40; D 4 → 20; A 庄 → 8 → 40
    hand = rule(window([draw("D", "9m"), win("B", "discard", "5p", "C")]))
    assert lines(hand) == [("C", 40, 8, None), ("D", 20, 4, None), ("A", 40, 8, None)]
    # near miss: after D's discard it is late: 诈胡 with WH-PR-3 beside
    hand = rule(window([draw("D", "9m"), discard("D", "9m"), win("B", "discard", "5p", "C")]))
    assert hand["result"] == "false_win" and {"WH-ZH-1", "WH-PR-3"} <= set(rules_of(hand))


def wrong_chi(report: bool):
    """dealer A; C discards 4p and B 吃s it with 35p (C is not his 上家: WH-IRR-3), discards 9m;
    later B self-draws 9p: 345p 234m 567s 999p 88s."""
    s = state({"B": "35p234m567s88s9m99p"}, turn="C", phase="discard", holding={"C": "4p"})
    events = [s, discard("C", "4p"), {"type": "chi", "player": "B", "tile": "4p", "with": "35p"}, discard("B", "9m")]
    if report:
        events.append({"type": "report", "by": "A", "against": "B", "about": 2, "offence": "WH-IRR-3"})
    return doc(events + [draw("C", "1s"), discard("C", "1s"), draw("D", "2s"), discard("D", "2s"),
                         draw("A", "1m"), discard("A", "1m"), draw("B", "9p"), win("B")])


def test_a_wrong_claim_unreported_still_opens():  # WH-IRR-3, WH-IRR-0
    # the chi stands and is a claim (开口): small hard self-draw: M_B = 开口 2 × 硬胡 2 × 自摸 2 = 8;
    # C, D 8 → 40; A 庄 → 16 → 80; B +160; WH-IRR-3 listed unreported
    hand = rule(wrong_chi(False))
    assert lines(hand) == [("C", 40, 8, None), ("D", 40, 8, None), ("A", 80, 16, None)]
    assert [(r["rule"], r["status"]) for r in hand["rulings"]] == [("WH-IRR-3", "unreported")]
    # reported after his discard: 相公 from the report: his win is 诈胡
    hand = rule(wrong_chi(True))
    assert hand["result"] == "false_win" and hand["net"]["B"] == -6000
    assert ("WH-IRR-3", "ruled") in [(r["rule"], r["status"]) for r in hand["rulings"]]


def test_dead_hand_false_win_then_he_pays_with_his_own_product():  # WH-ZH-2 dead_hand, WH-IRR-1
    # A (dealer) declares a self-draw unopened: dead_hand: no money, A is 相公, play goes on; A discards
    # the 8s and B (碰 111z) wins on it: small hard, M_B = 开口 2 × 硬胡 2 = 4; C, D raw 4 → 20;
    # A 庄 2 × 放炮 2 → raw 16 → 80; B +120
    s = state({"A": "234m567p345s678m8s", "B": "234m567p345s8s"}, melds={"B": [("pon:111z", "C")]})
    hand = rule(doc([s, draw("A", "8s"), win("A"), discard("A", "8s"), win("B", "discard", "8s", "A")],
                    ruleset=opts(false_win="dead_hand")))
    assert winner(hand)["player"] == "B"
    assert lines(hand) == [("C", 20, 4, None), ("D", 20, 4, None), ("A", 80, 16, None)]
    assert ruled(hand)[:2] == [("WH-ZH-1", "A"), ("WH-HU-2", "A")]
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_huangzhuang_and_a_false_dealer_under_next_seat():  # WH-FLOW-6, WH-FLOW-7, WH-ZH-4
    # 荒庄: the dealer keeps the deal whatever dealer_rotation says
    s = state({}, turn="C", wall_left=14, haidi=True)
    hand = rule(doc([s, draw("C", "9m"), draw("D", "9p"), draw("A", "9s"), draw("B", "8s"),
                     {"type": "exhaustive_draw"}], ruleset=opts(dealer_rotation="next_seat")))
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}
    # a false-winning dealer loses the deal to his 下家
    s = state({"A": "234m567p345s678m8s"})
    hand = rule(doc([s, draw("A", "8s"), win("A")], ruleset=opts(dealer_rotation="next_seat")))
    assert hand["result"] == "false_win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_haidi_flush_two_units():  # WH-HU-4.7 with WH-HU-4.1, WH-HU-5
    # 海底 draws begun at 14, D to draw: D has 碰 111s, 吃 234s (both from C), holds 567s 999s 8s
    # and draws 8s: 清一色 + 海底捞, k 2, H 20, hard: M_D = 开口 2 × 硬胡 2 × 1.5 = 6 → raw 120 → 600 each
    s = state({"D": "567999s8s"}, melds={"D": [("pon:111s", "C"), ("chi:234s", "C")]}, turn="D",
              wall_left=14, haidi=True)
    hand = rule(doc([s, draw("D", "8s"), win("D")]))
    w = winner(hand)
    assert (w["value"], w["factor"], pats(w)) == (20, 6, ["WH-HU-4.1", "WH-HU-4.7"])
    assert pay(hand) == {"A": 600, "B": 600, "C": 600}


def test_a_pong_taking_the_tile_makes_a_pass():  # WH-GS-1 (a higher claim), WH-GS-2
    # C discards 3p; B could win but D 碰s it and discards 6p: D's discard closed B's window, so the
    # 6p is already barred to B: 诈胡. pass_rule none: B wins: M_B 4; C 4 → 20; D 开口 2 × 放炮 2 → 16
    # → 80; A 庄 → 8 → 40
    s = state({"B": "45p234m567s88s", "D": "33p6p123456789m9s"}, melds={"B": [("pon:111z", "A")]}, turn="C",
              phase="discard", holding={"C": "3p"})
    events = [s, discard("C", "3p"), {"type": "pon", "player": "D", "tile": "3p", "with": "33p"},
              discard("D", "6p"), win("B", "discard", "6p", "D")]
    hand = rule(doc(events))
    assert ruled(hand) == [("WH-ZH-1", "B"), ("WH-GS-3", "B")]
    hand = rule(doc(events, ruleset=opts(pass_rule="none")))
    assert lines(hand) == [("C", 20, 4, None), ("D", 80, 16, None), ("A", 40, 8, None)]


def test_his_own_claim_lifts_the_bar():  # WH-GS-2
    # B (碰 111z; 45p 234m 88s 999m) lets C's 3p go; D discards 9m and B 碰s it (his claim lifts the
    # bar), discards 9m; C discards 6p: B wins: M_B = 开口 2 × 硬胡 2 = 4; C 放炮 → 8 → 40; D 4 → 20;
    # A 庄 → 8 → 40
    s = state({"B": "45p234m88s999m"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p6p", "D": "9m"})
    events = [s, discard("C", "3p"), draw("D", "1s"), discard("D", "9m"),
              {"type": "pon", "player": "B", "tile": "9m", "with": "99m"}, discard("B", "9m"),
              draw("C", "2s"), discard("C", "6p"), win("B", "discard", "6p", "C")]
    hand = rule(doc(events))
    assert lines(hand) == [("C", 40, 8, None), ("D", 20, 4, None), ("A", 40, 8, None)]


def test_robbing_a_late_added_kong_stands():  # WH-IRR-2.3, WH-FLOW-4, WH-CB-3
    # wall 15: B draws 8m (14) and adds it to his 碰 888m: a kong at 14 is a wrong kong; A robs it:
    # the robbing stands, paid by B (WH-CB-3). The false set counts for no item (WH-FAN-0): B's M is
    # 开口 2 → raw 120; C, D 60: B pays 240 → 1200
    s = state({"A": "67m234p567s55s"}, melds={"A": [("pon:111z", "B")], "B": [("pon:888m", "C")]}, turn="B",
              wall_left=15)
    hand = rule(doc([s, draw("B", "8m"), kong("B", "added", "8888m"), win("A", "rob_kong", "8m", "B")]))
    assert winner(hand)["player"] == "A" and pats(winner(hand)) == ["WH-HU-4.8"]
    assert lines(hand) == [("B", 600, 120, None), ("B", 300, 60, "WH-CB-3"), ("B", 300, 60, "WH-CB-3")]


def pending_last(events, **kw):
    """wall 14, D's 8s a last discard still on offer, A to draw; A (dealer, 碰 111z from C) and B
    (碰 333z from C) each hold 234m 567p 345s and an 8s."""
    s = state({"A": "234m567p345s8s", "B": "234m567p345s8s"}, melds={"A": [("pon:111z", "C")], "B": [("pon:333z", "C")]},
              turn="A", wall_left=14, last_discard={"player": "D", "tile": "8s"}, **kw)
    return doc([s] + events)


def test_state_pending_last_discard_won_on():  # §10 state, WH-FLOW-5.1, WH-PR-2
    # A and B both declare on D's 8s: dealer A first: small hard: M_A = 开口 2 × 硬胡 2 × 庄 2 = 8;
    # B 开口 2 → 16 → 80; C 8 → 40; D 放炮 2 → 16 → 80; A +200
    hand = rule(pending_last([win("B", "discard", "8s", "D"), win("A", "discard", "8s", "D")]))
    assert winner(hand)["player"] == "A"
    assert lines(hand) == [("B", 80, 16, None), ("C", 40, 8, None), ("D", 80, 16, None)]


def test_state_pending_last_discard_then_haidi():  # WH-FLOW-5.2, WH-GS-1 (no pass on a 海底 draw)
    # nobody takes D's 8s (A and B pass it); the 海底 draws begin with D's 下家 A: A draws 9m, B draws
    # 8s: 海底捞 (a self-draw, never barred): M_B = 开口 2 × 硬胡 2 × 1.5 = 6 → raw 60 × M_L:
    # A (开口 2) 120 → 600; C, D 60 → 300
    hand = rule(pending_last([draw("A", "9m"), draw("B", "8s"), win("B")]))
    w = winner(hand)
    assert (w["player"], pats(w), w["factor"]) == ("B", ["WH-HU-4.7"], 6)
    assert pay(hand) == {"A": 600, "C": 300, "D": 300}


def test_state_dead_hand_and_same_tile_pass():  # §10 status
    # B 相公 from the state: his win is 诈胡
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p6p"}, status={"B": {"dead_hand": True}})
    hand = rule(doc([s, discard("C", "3p"), win("B", "discard", "3p", "C")]))
    assert hand["result"] == "false_win" and hand["net"]["B"] == -6000
    # same_tile_until_move with 3p passed: the 3p is barred, the 6p is not
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p6p"}, status={"B": {"passed": {"tiles": ["3p"]}}})
    hand = rule(doc([s, discard("C", "3p"), win("B", "discard", "3p", "C")],
                    ruleset=opts(pass_rule="same_tile_until_move")))
    assert ruled(hand) == [("WH-ZH-1", "B"), ("WH-GS-3", "B")]
    hand = rule(doc([s, discard("C", "6p"), win("B", "discard", "6p", "C")],
                    ruleset=opts(pass_rule="same_tile_until_move")))
    assert pay(hand) == {"C": 40, "D": 20, "A": 40}


def test_state_wild_must_follow_the_indicator():  # §10 state.wild
    from referee.errors import InputError
    s = state({"A": "234p567789s5m"}, indicator="4z", melds={"A": [("pon:666p", "B")]}, wild="6z")
    assert winner(rule(doc([s, draw("A", "6z"), win("A")])))["wild"] == [{"tile": "6z", "as": "5m"}]
    s["wild"] = "5z"  # 北 gives 发, not 白
    with pytest.raises(InputError) as err:
        rule(doc([s, draw("A", "6z"), win("A")]))
    assert any("wild" in path for path in err.value.errors)


def test_a_win_undoes_a_pong_and_its_opening():  # WH-PR-4, WH-PR-1, WH-FAN-0 (a claim undone counts nothing)
    # C discards 5p; D 碰s it; B declares on the 5p before any later discard: the win takes the tile,
    # D's 碰 is undone and opens nothing: M_B = 开口 2 × 硬胡 2 = 4; C 放炮 → 8 → 40; D 4 → 20;
    # A 庄 → 8 → 40 (had D's 碰 stood, D would pay 40)
    s = state({"B": "34p234m567s88s", "D": "55p123456789m99s"}, melds={"B": [("pon:111z", "A")]}, turn="C",
              phase="discard", holding={"C": "5p"})
    events = [s, discard("C", "5p"), {"type": "pon", "player": "D", "tile": "5p", "with": "55p"},
              {"type": "correct", "player": "D", "about": 2, "action": "restore"}, win("B", "discard", "5p", "C")]
    hand = rule(doc(events))
    assert lines(hand) == [("C", 40, 8, None), ("D", 20, 4, None), ("A", 40, 8, None)]
    # the same without the table's correction: the win still takes the tile (WH-PR-4)
    hand = rule(doc(events[:3] + events[4:]))
    assert winner(hand)["player"] == "B"
    assert lines(hand) == [("C", 40, 8, None), ("D", 20, 4, None), ("A", 40, 8, None)]


def laizi_misuse(first):
    """indicator 7s (癞子 8s); ``first`` events by B; then C discards 5p and D (碰 222z from A) wins
    with 46p 234s 567m 55s."""
    s = state({"D": "46p234s567m55s", "B": "3p8s88s1234567m9p1s"}, indicator="7s", melds={"D": [("pon:222z", "A")]},
              turn="A", phase="discard", holding={"A": "3p", "C": "5p"})
    return doc([s] + first + [draw("C", "9m"), discard("C", "5p"), win("D", "discard", "5p", "C")])


def test_a_laizi_pong_stands_as_a_claim():  # WH-LZ-3.2, WH-IRR-3, WH-FAN-0
    # A discards 3p; B 碰s it with 3p and a 癞子 8s: a wrong claim, unreported: it stands and is a claim:
    # D small hard: M_D = 开口 2 × 硬胡 2 = 4; A 庄 2 → 8 → 40; B 开口 2 → 8 → 40; C 放炮 → 8 → 40
    hand = rule(laizi_misuse([discard("A", "3p"), {"type": "pon", "player": "B", "tile": "3p", "with": "3p8s"},
                              discard("B", "9p")]))
    assert lines(hand) == [("A", 40, 8, None), ("B", 40, 8, None), ("C", 40, 8, None)]
    assert [(r["rule"], r["player"], r["status"]) for r in hand["rulings"]] == [("WH-IRR-3", "B", "unreported")]


def test_a_kong_of_four_laizi_counts_nothing():  # WH-LZ-3.2, WH-IRR-2.2
    # B (his turn) lays 8888s as a concealed kong: a wrong kong, a false set: no item; B raw 4 → 20
    hand = rule(laizi_misuse([discard("A", "3p"), draw("B", "8s"), kong("B", "concealed", "8888s"),
                              draw("B", "1s", back=True), discard("B", "1s")]))
    assert lines(hand) == [("A", 40, 8, None), ("B", 20, 4, None), ("C", 40, 8, None)]
    assert [(r["rule"], r["player"], r["status"]) for r in hand["rulings"]] == [("WH-IRR-2", "B", "unreported")]


def test_a_call_win_that_cannot_win():  # WH-ZH-1 (a `call: win`)
    # C discards 7p; B (waits 3p/6p) calls a win on it: 诈胡, B −6000, the hand ends
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "7p"})
    hand = rule(doc([s, discard("C", "7p"), {"type": "call", "player": "B", "call": "win"}]))
    assert hand["result"] == "false_win" and ("WH-ZH-1", "B") in ruled(hand)
    assert hand["net"] == {"A": 2000, "B": -6000, "C": 2000, "D": 2000}
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}  # a non-dealer's: unchanged


def test_his_own_draw_that_closes_the_window_does_not_lift_it():  # WH-GS-1, WH-GS-2
    # A discards 3p; B (waits 3p/6p) draws instead of winning: his draw closes his window (a pass) and
    # does not lift it; C and D play; D discards 6p: B is barred: 诈胡. pass_rule none: B wins:
    # M_B = 开口 2 × 硬胡 2 = 4; C 4 → 20; D 放炮 → 8 → 40; A 庄 → 8 → 40
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "C")]}, turn="A", phase="discard",
              holding={"A": "3p", "D": "6p"})
    events = [s, discard("A", "3p"), draw("B", "1s"), discard("B", "1s"), draw("C", "9m"), discard("C", "9m"),
              draw("D", "9s"), discard("D", "6p"), win("B", "discard", "6p", "D")]
    hand = rule(doc(events))
    assert ruled(hand) == [("WH-ZH-1", "B"), ("WH-GS-3", "B")]
    hand = rule(doc(events, ruleset=opts(pass_rule="none")))
    assert lines(hand) == [("C", 20, 4, None), ("D", 40, 8, None), ("A", 40, 8, None)]


def test_a_robbing_after_the_replacement_is_late():  # WH-PR-3, WH-ZH-1
    # B adds 8m to his 碰 and draws his replacement; only then A declares the robbing: out of its
    # window: 诈胡 with WH-PR-3 beside (and WH-GS-3: his let-go robbing is a pass); A (dealer) −6000
    s = state({"A": "67m234p567s55s"}, melds={"A": [("pon:111z", "B")], "B": [("pon:888m", "C")]}, turn="B")
    events = [s, draw("B", "8m"), kong("B", "added", "8888m"), draw("B", "1s", back=True),
              win("A", "rob_kong", "8m", "B")]
    hand = rule(doc(events))
    assert ruled(hand) == [("WH-ZH-1", "A"), ("WH-PR-3", "A"), ("WH-GS-3", "A")]
    assert hand["net"] == {"A": -6000, "B": 2000, "C": 2000, "D": 2000}
    hand = rule(doc(events, ruleset=opts(pass_rule="none")))  # no pass rule: still late
    assert ruled(hand) == [("WH-ZH-1", "A"), ("WH-PR-3", "A")]


def test_a_restored_claim_does_not_open():  # WH-HU-2.1, WH-FAN-0 (a restored claim counts nothing)
    # B (234m 567p 678s 22p 88s) 碰s A's 2p; the table restores it before his discard; B then draws 8s:
    # 234m 567p 678s 888s 22p is a hand, but B has no claim standing: not open: 诈胡, B −6000
    s = state({"B": "234m567p678s22p88s"}, turn="A", phase="discard", holding={"A": "2p"})
    events = [s, discard("A", "2p"), {"type": "pon", "player": "B", "tile": "2p", "with": "22p"},
              {"type": "correct", "player": "B", "about": 2, "action": "restore"},
              draw("B", "8s"), win("B")]
    hand = rule(doc(events))
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "B"), ("WH-HU-2", "B")]
    assert hand["net"] == {"A": 2000, "B": -6000, "C": 2000, "D": 2000}


def test_a_kong_on_a_last_discard_counts_nothing():  # WH-FLOW-4, WH-FLOW-5.1, WH-IRR-2/3, WH-FAN-0
    # wall 15: D draws (14) and discards 9p, a last discard; B 冲杠s it (a kong at 14: wrong, a false
    # set: no 冲杠, no claim), draws from the tail and throws 1s; nobody takes it: C, D, A draw; A's
    # 海底 draw 8s wins: 海底捞, M_A = 开口 2 × 硬胡 2 × 1.5 = 6 → raw 60 × M_L: B (nothing) 60, C, D 60
    s = state({"A": "234m567p345s8s", "B": "999p123456789m9s"}, melds={"A": [("pon:111z", "C")]}, turn="D",
              wall_left=15, holding={"D": "9p"})
    events = [s, draw("D", "2z"), discard("D", "9p"), kong("B", "claimed", "9999p"), draw("B", "1s", back=True),
              discard("B", "1s"), draw("C", "2s"), draw("D", "3s"), draw("A", "8s"), win("A")]
    hand = rule(doc(events))
    assert pats(winner(hand)) == ["WH-HU-4.7"]
    assert lines(hand) == [("B", 300, 60, None), ("C", 300, 60, None), ("D", 300, 60, None)]
    assert ("WH-IRR-2", "B") in ruled(hand)


def test_no_pass_on_a_tile_that_would_not_win_validly():  # WH-GS-1 ("could win validly")
    # B (碰 111z) holds 33p 88s 234m 567s: on 8s only 888s + 33p, no 将 pair: not a valid win, so
    # letting C's 8s go is no pass; D then discards 3p: B wins: M_B = 开口 2 × 硬胡 2 = 4;
    # C 4 → 20; D 放炮 → 8 → 40; A 庄 → 8 → 40
    s = state({"B": "33p88s234m567s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "8s", "D": "3p"})
    hand = rule(doc([s, discard("C", "8s"), draw("D", "9m"), discard("D", "3p"), win("B", "discard", "3p", "D")]))
    assert lines(hand) == [("C", 20, 4, None), ("D", 40, 8, None), ("A", 40, 8, None)]


def test_a_hand_from_the_deal():  # WH-FLOW-2/3, WH-LZ-1, WH-PAY-1
    # indicator 8p (癞子 9p). A deals and throws 9s; B draws 1p and throws it; A 碰s it (a claim from
    # anyone) and throws 5p; B draws 2s, throws it; C draws 8m and throws 5p: A wins on it: 123m
    # 456m 789m 111p 55p, small hard: M_A = 开口 2 × 硬胡 2 × 庄 2 = 8; B 8 → 40; C 放炮 2 → 16 → 80;
    # D 8 → 40; A +160, deals again (streak 1)
    deal = {"A": "123456789m1155p9s", "B": "234567p11223z3z3z", "C": "13579s2468m579p6z",
            "D": "1368s1379p4455z7z"}
    events = [{"type": "deal", "hands": deal}, {"type": "indicator", "tile": "8p"}, discard("A", "9s"),
              draw("B", "1p"), discard("B", "1p"), {"type": "pon", "player": "A", "tile": "1p", "with": "11p"},
              discard("A", "5p"), draw("B", "2s"), discard("B", "2s"), draw("C", "8m"), discard("C", "5p"),
              win("A", "discard", "5p", "C")]
    hand = rule(doc(events))
    w = winner(hand)
    assert (w["player"], w["hu"], w["factor"], w["hard"], w["wild"]) == ("A", "small", 8, True, [])
    assert lines(hand) == [("B", 40, 8, None), ("C", 80, 16, None), ("D", 40, 8, None)]
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


def test_a_game_after_a_false_winning_dealer():  # WH-ZH-4, WH-FLOW-8
    # hand 1: dealer A declares unopened: 诈胡, B deals next (streak 0). Hand 2 recorded with A dealing
    # again: a WH-FLOW-8 finding against the record; its money is settled as recorded (荒庄: none)
    first = doc([state({"A": "234m567p345s678m8s"}), draw("A", "8s"), win("A")])["hand"]
    second = doc([state({}, turn="C", wall_left=14, haidi=True), draw("C", "9m"), draw("D", "9p"), draw("A", "9s"),
                  draw("B", "8s"), {"type": "exhaustive_draw"}])["hand"]
    data = {"format": "mjref/1", "variant": "wuhan", "ruleset": {"base": 5}, "players": list("ABCD"),
            "hands": [first, second]}
    out = ruling(data)
    assert out["hands"][0]["next"] == {"dealer": "B", "streak": 0, "round_wind": None}
    assert [(r["rule"], r["status"]) for r in out["hands"][1]["rulings"]] == [("WH-FLOW-8", "ruled")]
    assert out["net"] == {"A": -6000, "B": 2000, "C": 2000, "D": 2000}
    second["dealer"] = "B"  # near miss: as ruled
    assert ruling(data)["hands"][1]["rulings"] == []


def test_a_thrown_pi_cannot_be_won_on_under_single():  # WH-LZ-2 single, WH-PR-6
    # indicator 5s (皮 5s): D throws a 5s; A (碰 111z) waits on 5s (345m 567p 234m 5s): under
    # pi_kong single it is thrown, never won on: 诈胡 with WH-PR-6 beside; under none it is a plain
    # discard: A wins: small hard, M_A = 开口 2 × 硬胡 2 × 庄 2 = 8; B, C 40; D 放炮 → 16 → 80
    s = state({"A": "345m567p234m5s"}, indicator="5s", melds={"A": [("pon:111z", "B")]}, turn="D",
              phase="discard", holding={"D": "5s"})
    events = [s, discard("D", "5s"), win("A", "discard", "5s", "D")]
    hand = rule(doc(events, ruleset=opts(pi_kong="single")))
    assert hand["result"] == "false_win" and ("WH-PR-6", "A") in ruled(hand)
    hand = rule(doc(events))
    assert lines(hand) == [("B", 40, 8, None), ("C", 40, 8, None), ("D", 80, 16, None)]


def test_hidden_tiles_leave_the_pass_undetermined():  # WH-GS-4
    # B's concealed tiles are unknown (a count) until he shows them at his win on D's 6p: whether he
    # let C's 3p pass cannot be known: the ruling lists the missing fact and pays nothing. His win
    # on the 3p itself (shown) is no question of a pass: M_B 4; C 放炮 → 8 → 40; D 20; A 庄 → 40
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p", "D": "6p"})
    s["hands"]["B"] = 10
    hand = rule(doc([s, discard("C", "3p"), draw("D", "9s"), discard("D", "6p"),
                     win("B", "discard", "6p", "D", shown="45p234m567s88s")]))
    assert hand["result"] == "undetermined" and hand["payments"] == []
    assert [(m["fact"], m["player"], m["at"]) for m in hand["missing"]] == [("concealed_tiles", "B", 1)]
    hand = rule(doc([s, discard("C", "3p"), win("B", "discard", "3p", "C", shown="45p234m567s88s")]))
    assert lines(hand) == [("C", 40, 8, None), ("D", 20, 4, None), ("A", 40, 8, None)]
