"""Sichuan false wins (SC-ZH), passed wins (SC-GS), wrong claims and the void suit (SC-PR, SC-QM,
SC-IRR): each clause fired, a near miss, the money to the unit (B = 1: the cap value is 8B)."""
from tests.sckit import VOIDS, WAITING, discard, doc, draw, kong, paid, pon, rule, rules_of, state, win

CHI = {"type": "chi", "player": "B", "tile": "5p", "with": "4p6p"}


def report(against: str, offence: str, by: str = "referee") -> dict:
    return {"type": "report", "by": by, "against": against, "offence": offence}


def test_false_win_pays_the_cap_to_each_in_play_and_play_goes_on():  # SC-ZH-1, 2, 3, 4
    # D declares on A's 5p without a winning hand: he pays 8 to A, B and C; the valid wins on the
    # same discard are settled (A pays B 1 and C 4); D stays in play with a dead hand
    hand = rule(doc([state(), discard("A", "5p"), win("D", "discard", "5p", "A"), win("B", "discard", "5p", "A"),
                     win("C", "discard", "5p", "A"), draw("D", "3m"), discard("D", "3m")]))
    assert paid(hand) == [("D", p, 8, "SC-ZH-2", 2) for p in "ABC"] + [
        ("A", "B", 1, "SC-PAY-4", 3), ("A", "C", 4, "SC-PAY-4", 4)]
    assert ("SC-ZH-1", "ruled") in rules_of(hand) and hand["left_play"] == ["B", "C"]
    assert hand["result"] == "open"  # a false win ends nothing (SC-ZH-3)


def test_false_win_options():  # SC-ZH-2: fixed:K, dead_hand
    events = [state(), discard("A", "5p"), win("D", "discard", "5p", "A")]
    assert paid(rule(doc(events, {"base": 2, "options": {"false_win": "fixed:3"}}))) == [
        ("D", p, 6, "SC-ZH-2", 2) for p in "ABC"]
    hand = rule(doc(events, {"base": 2, "options": {"false_win": "dead_hand"}}))
    assert paid(hand) == [] and ("SC-ZH-1", "ruled") in rules_of(hand)


def test_a_dead_hand_after_a_false_win_cannot_win_and_is_not_ready():  # SC-ZH-3, SC-CH-0
    # D's false win, later B discards nothing D can use; at the draw D is not ready: he pays
    # 查大叫 to B (1) and C (4), as A does
    hand = rule(doc([state(wall_left=1), discard("A", "2s"), win("D", "discard", "2s", "A"), draw("B", "3m"),
                     discard("B", "3m"), {"type": "exhaustive_draw"}]))
    assert [c["ready"] for c in hand["checks"]] == [False, True, True, False]
    assert paid(hand)[3:] == [("A", "B", 1, "SC-CH-2", 5), ("A", "C", 4, "SC-CH-2", 5),
                              ("D", "B", 1, "SC-CH-2", 5), ("D", "C", 4, "SC-CH-2", 5)]


def test_wrong_suit_win_is_false():  # SC-QM-2 via SC-ZH-1
    # B's void is p here, and his hand holds p: his win on 5p is false (8 to each of A, C, D)
    hand = rule(doc([state(voids=dict(VOIDS, B="p")), discard("A", "5p"), win("B", "discard", "5p", "A")]))
    assert paid(hand) == [("B", p, 8, "SC-ZH-2", 2) for p in "ACD"]
    assert rules_of(hand) == [("SC-ZH-1", "ruled"), ("SC-QM-2", "ruled")]
    hand = rule(doc([state(), discard("A", "5p"), win("B", "discard", "5p", "A")]))  # near miss: void s
    assert paid(hand) == [("A", "B", 1, "SC-PAY-2", 2)]


def test_a_false_call_win_not_followed_is_a_false_win():  # SC-ZH-1 (call: win)
    hand = rule(doc([state(), discard("A", "2s"), {"type": "call", "player": "B", "call": "win"},
                     draw("B", "3m"), discard("B", "3m")]))
    assert paid(hand) == [("B", p, 8, "SC-ZH-2", 2) for p in "ACD"]


PASSED = [state(), discard("A", "5p"), draw("B", "5p"), discard("B", "5p"), win("C", "discard", "5p", "B")]


def test_passed_win_bars_a_win_until_the_next_draw():  # SC-GS-1, 2, 3
    # C lets A's 5p go (七对, F 2); B draws a 5p and discards it (his own self-draw let go is no
    # pass); C declares on it before his own draw: barred (F 2 is not more than 2): a false win
    hand = rule(doc(PASSED))
    assert paid(hand) == [("C", p, 8, "SC-ZH-2", 4) for p in "ABD"]
    assert rules_of(hand) == [("SC-ZH-1", "ruled"), ("SC-GS-3", "ruled")]


def test_passed_win_options():  # SC-GS-2 none, SC-GS-3 void
    hand = rule(doc(PASSED, {"base": 1, "options": {"pass_rule": "none"}}))
    assert paid(hand) == [("B", "C", 4, "SC-PAY-2", 4)]
    hand = rule(doc(PASSED, {"base": 1, "options": {"pass_violation": "void"}}))
    assert paid(hand) == [] and rules_of(hand) == [("SC-GS-3", "ruled")]


def test_a_higher_win_is_not_barred():  # SC-GS-2 until_draw_unless_higher, §13 status.passed
    # C passed a win worth F 1 before the position: A's 5p gives him 七对, F 2 > 1: it stands
    events = [state(status={"C": {"passed": {"fan": 1}}}), discard("A", "5p"), win("C", "discard", "5p", "A")]
    assert paid(rule(doc(events))) == [("A", "C", 4, "SC-PAY-2", 2)]
    events[0] = state(status={"C": {"passed": {"fan": 2}}})  # near miss: F 2 is not more than 2
    assert paid(rule(doc(events)))[0] == ("C", "A", 8, "SC-ZH-2", 2)
    hand = rule(doc([state(status={"C": {"passed": {"fan": 1}}}), discard("A", "5p"),
                     win("C", "discard", "5p", "A")], {"base": 1, "options": {"pass_rule": "until_draw"}}))
    assert paid(hand)[0] == ("C", "A", 8, "SC-ZH-2", 2)  # until_draw: no win at all


def test_own_draw_lifts_the_pass():  # SC-GS-2 near miss
    # C passes A's 5p, B and then C draw: the bar is lifted; D discards 5p: C wins
    hand = rule(doc([state(), discard("A", "5p"), draw("B", "3m"), discard("B", "3m"), draw("C", "1m"),
                     discard("C", "1m"), draw("D", "5p"), discard("D", "5p"), win("C", "discard", "5p", "D")]))
    assert paid(hand) == [("D", "C", 4, "SC-PAY-2", 8)]


PON_PASS = [state(), discard("A", "5p"), draw("B", "3m"), discard("B", "9m"), draw("C", "9m"), discard("C", "9m"),
            pon("D", "9m", "9m9m"), discard("D", "1m")]


def test_passed_pong_is_a_wrong_claim():  # SC-GS-5, SC-IRR-3
    # D could pong B's 9m and let it go; before his next draw he pongs C's 9m: a wrong claim, not
    # corrected before his discard: the meld stands, his hand is dead, no money
    hand = rule(doc(PON_PASS))
    assert rules_of(hand) == [("SC-IRR-3", "ruled")] and paid(hand) == []
    assert rules_of(rule(doc(PON_PASS, {"base": 1, "options": {"pass_pon_rule": "none"}}))) == []


def test_a_chow_is_a_wrong_claim():  # SC-FLOW-5, SC-IRR-3
    hand = rule(doc([state(), discard("A", "5p"), CHI, discard("B", "1p")]))
    assert rules_of(hand) == [("SC-IRR-3", "ruled")] and "his hand is dead" in hand["rulings"][0]["decision"]
    hand = rule(doc([state(), discard("A", "5p"), CHI, {"type": "correct", "player": "B", "about": 2, "action": "restore"},
                     draw("B", "3m"), discard("B", "3m")]))  # restored before his discard: no penalty
    assert rules_of(hand) == [("SC-IRR-3", "ruled")] and "no penalty" in hand["rulings"][0]["decision"]


def test_a_dead_hand_from_a_chow_cannot_win():  # SC-IRR-3, SC-IRR-1
    # B chows, discards 9m (dead from there: 12345678m 11p waits 6m 9m); D discards 9m: B's
    # declaration is false (a dead hand): 8 to each of A, C, D
    hand = rule(doc([state(), discard("A", "5p"), CHI, discard("B", "9m"), draw("C", "1m"), discard("C", "1m"),
                     draw("D", "3m"), discard("D", "9m"), win("B", "discard", "9m", "D")]))
    assert paid(hand) == [("B", p, 8, "SC-ZH-2", 8) for p in "ACD"]
    assert ("SC-ZH-1", "ruled") in rules_of(hand) and ("SC-IRR-1", "ruled") in rules_of(hand)


def test_a_pong_of_ones_own_void_suit():  # SC-QM-3, SC-QM-4
    # D (void m here) pongs 9m: ruled at once, no money; he then discards 2s while holding 1m 5m:
    # SC-QM-4, no money
    hand = rule(doc(PON_PASS[:6] + [pon("D", "9m", "9m9m"), discard("D", "2s")],
                    {"base": 1, "options": {"pass_pon_rule": "none"}}))
    assert rules_of(hand) == []  # near miss: D's void is p
    position = state(voids=dict(VOIDS, D="m"))
    hand = rule(doc([position] + PON_PASS[1:6] + [pon("D", "9m", "9m9m"), discard("D", "2s")],
                    {"base": 1, "options": {"pass_pon_rule": "none"}}))
    assert rules_of(hand) == [("SC-QM-3", "ruled"), ("SC-QM-4", "ruled")] and paid(hand) == []


def test_a_reported_dead_hand():  # SC-IRR-1, SC-IRR-0
    hand = rule(doc([state(), report("B", "SC-IRR-1"), discard("A", "5p"), win("B", "discard", "5p", "A"),
                     win("C", "discard", "5p", "A")]))
    assert ("SC-IRR-1", "ruled") in rules_of(hand) and ("SC-ZH-1", "ruled") in rules_of(hand)
    assert paid(hand) == [("B", p, 8, "SC-ZH-2", 3) for p in "ACD"] + [("A", "C", 4, "SC-PAY-2", 4)]


RAIN = {"A": "1199p5p1345678s9s", "B": WAITING["B"], "C": WAITING["C"], "D": "2222s345s678s99m56m"}


def test_a_wrong_kong_reported_gives_its_money_back():  # SC-IRR-2.2, SC-GF-8
    # D's concealed "kong" 2s2s2s3s: A, B, C pay 2 each at its replacement; reported: D's hand is
    # dead and the money goes back (SC-IRR-2 at the report)
    events = [state(RAIN, turn="D"), kong("D", "concealed", "2s2s2s3s"), draw("D", "3m", back=True), discard("D", "3m")]
    hand = rule(doc(events + [report("D", "SC-IRR-2", by="A")]))
    assert paid(hand) == [(p, "D", 2, "SC-GF-3", 1) for p in "ABC"] + [("D", p, 2, "SC-IRR-2", 4) for p in "ABC"]
    hand = rule(doc(events))  # near miss: never reported, it changes nothing
    assert paid(hand) == [(p, "D", 2, "SC-GF-3", 1) for p in "ABC"] and rules_of(hand) == [("SC-IRR-2", "unreported")]


def test_head_bump_one_winner_per_tile():  # SC-PR-2 head_bump
    hand = rule(doc([state(), discard("A", "5p"), win("C", "discard", "5p", "A"), win("B", "discard", "5p", "A"),
                     draw("C", "3m"), discard("C", "3m")], {"base": 1, "options": {"multiple_winners": "head_bump"}}))
    assert paid(hand) == [("A", "B", 1, "SC-PAY-2", 3)] and hand["left_play"] == ["B"]


def test_a_pass_given_as_true_bars_every_discard_win():  # SC-GS-2 until_draw, §13 status.passed
    events = [state(status={"C": {"passed": True}}), discard("A", "5p"), win("C", "discard", "5p", "A")]
    hand = rule(doc(events, {"base": 1, "options": {"pass_rule": "until_draw"}}))
    assert paid(hand)[0] == ("C", "A", 8, "SC-ZH-2", 2)


def test_a_kong_with_the_wall_drawn_out():  # SC-FLOW-6, SC-IRR-3
    # the wall is drawn out: D's concealed kong stands as laid (no replacement), he discards: his hand
    # is dead; it earns nothing
    rain = {"A": "1199p5p1345678s9s", "B": WAITING["B"], "C": WAITING["C"], "D": "2222s345s678s99m56m"}
    hand = rule(doc([state(rain, turn="D", wall_left=0), kong("D", "concealed", "2s2s2s2s"), discard("D", "5m"),
                     {"type": "exhaustive_draw"}]))
    assert ("SC-IRR-3", "ruled") in rules_of(hand) and not any(p[3].startswith("SC-GF") for p in paid(hand))
    assert hand["checks"][3] == {"player": "D", "pig": False, "ready": False}


def test_a_wrong_kong_corrected_in_time_or_found_at_a_declaration():  # SC-IRR-2.1, 2.2, SC-GF-8
    hand = rule(doc([state(RAIN, turn="D"), kong("D", "concealed", "2s2s2s3s"),
                     {"type": "correct", "player": "D", "about": 1, "action": "restore"}, discard("D", "3s")]))
    assert rules_of(hand) == [("SC-IRR-2", "ruled")] and "no penalty" in hand["rulings"][0]["decision"]
    assert paid(hand) == []  # restored before its replacement: it never earned anything
    # not corrected: at D's later win declaration the false set makes it false; its kong money goes
    # back there (2 to each of A, B, C) and he pays 8 to each (SC-ZH-2)
    hand = rule(doc([state(RAIN, turn="D"), kong("D", "concealed", "2s2s2s3s"), draw("D", "3m", back=True),
                     discard("D", "3m"), draw("A", "9p"), discard("A", "9p"), draw("B", "1m"), discard("B", "1m"),
                     draw("C", "7m"), discard("C", "7m"), draw("D", "1m"), win("D", "self_draw")]))
    assert paid(hand) == [(p, "D", 2, "SC-GF-3", 1) for p in "ABC"] + [("D", p, 2, "SC-IRR-2", 11) for p in "ABC"] + [
        ("D", p, 8, "SC-ZH-2", 11) for p in "ABC"]
