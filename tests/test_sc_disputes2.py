"""Sichuan disputes, second round (see tests/test_sc_disputes.py): kong money handed on, robbing,
passes lifted by a higher win, implicit pigs, dead hands, state starts; each worked by hand from
RULEBOOK_SC.md (B = 1, preset ``chengdu`` unless a dispute says otherwise)."""
from __future__ import annotations

import pytest

from referee.errors import InputError
from tests.sckit import VOIDS, WAITING, discard, doc, draw, kong, paid, pon, rule, ruling, state, win
from tests.test_sc_disputes import won, ruled, rows, checks, nets, END, ONLINE, THREE, THREE_VOIDS, d_pong, fan_doc, pons, DEAL, dealt

# --- second round: kong money handed on, robbing, passes lifted by a higher win, implicit pigs ---------

def test_call_transfer_then_nothing_left_to_refund():  # SC-GF-6, SC-GF-7 ("not refunded twice"), SC-CH-2
    # D's concealed 2s kong: A, B, C pay 2 (at 1). D draws 5p and discards it: B wins 平胡 + 杠上炮
    # = 1, V 2, and is handed the kong's 6. C lets it go; C, D, A draw and discard; the wall is out.
    # A (11p 99p 456p 345s 678s) ready (0), C ready (七对 2), D (345s 678s 99m 58m) not ready: he pays A 1 and C 4, and has no
    # kong money left to refund. A -2+1 = -1, B -2+2+6 = +6, C -2+4 = +2, D +6-8-5 = -7
    hands = {"A": "11p99p456p345s678s", "B": WAITING["B"], "C": WAITING["C"], "D": "2222s345s678s99m58m"}
    hand = rule(doc([state(hands, turn="D", wall_left=4), kong("D", "concealed", "2s2s2s2s"), draw("D", "5p", back=True),
                     discard("D", "5p"), win("B", "discard", "5p", "D"), draw("C", "3m"), discard("C", "3m"),
                     draw("D", "1m"), discard("D", "1m"), draw("A", "2m"), discard("A", "2m"), END]))
    assert paid(hand) == [(p, "D", 2, "SC-GF-3", 1) for p in "ABC"] + [
        ("D", "B", 2, "SC-PAY-2", 4), ("D", "B", 6, "SC-GF-6", 4), ("D", "A", 1, "SC-CH-2", 11),
        ("D", "C", 4, "SC-CH-2", 11)]
    assert hand["net"] == nets(A=-1, B=6, C=2, D=-7)
    assert checks(hand) == [("A", False, True, 0), ("C", False, True, 2), ("D", False, False, None)]
    assert ruled(hand) == [("SC-CH-2", "D"), ("SC-GF-6", "D")]
    assert hand["result"] == "win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_robbing_a_concealed_kong_is_a_false_win():  # SC-PR-5, SC-ZH-1, SC-ZH-2, SC-GF-3
    # C (13s 456s 789s 222p 33p) "robs" D's concealed 2s kong: only an added kong may be robbed: a
    # false win, C pays 8 to A, B, D. The kong stands: D draws 3m from the back, A B C (C too: his
    # hand is dead but he pays as anyone) pay 2 each. C -24-2 = -26, A +6, B +6, D +8+6 = +14
    hands = {"A": 13, "B": 13, "C": "13s456s789s222p33p", "D": "2222s345s678s99m56m"}
    hand = rule(doc([state(hands, turn="D"), kong("D", "concealed", "2s2s2s2s"), win("C", "rob_kong", "2s", "D"),
                     draw("D", "3m", back=True), discard("D", "3m")]))
    assert sorted(paid(hand)) == sorted([("C", p, 8, "SC-ZH-2", 2) for p in "ABD"] +
                                        [(p, "D", 2, "SC-GF-3", 1) for p in "ABC"])
    assert hand["net"] == nets(A=6, B=6, C=-26, D=14) and hand["winners"] == [] and hand["left_play"] == []
    assert ("SC-ZH-1", "C") in ruled(hand)


def test_kong_discard_after_a_kong_that_earned_nothing():  # SC-GF-2 (回头杠), SC-GF-6, SC-FAN-22
    # D adds 8s held from an earlier turn (he drew 6s): no kong money. He draws 5m from the back and
    # discards it: A (111m 222m 333m 444m + 5m) wins 清对 3 + 杠上炮 1 = 4, capped 3: D pays 8.
    # Nothing to hand on: no SC-GF-6 ruling
    hands = {"A": "111m222m333m444m5m", "B": "666m777m888m99m56p", "C": "234p567p999p11s79s", "D": "99m222s345s67s8s"}
    position = d_pong(hands, "8s", "6s")
    events = [position, kong("D", "added", "8s8s8s8s"), draw("D", "5m", back=True), discard("D", "5m"),
              win("A", "discard", "5m", "D")]
    hand = rule(doc(events))
    assert paid(hand) == [("D", "A", 8, "SC-PAY-2", 4)] and hand["rulings"] == []
    assert won(hand) == [("A", 1, 4, "discard", 8, 4, 3)] and rows(hand) == ["SC-FAN-7", "SC-FAN-22"]
    # online: the added kong pays always (1 from each of A, B, C), cap 6 (V 16) and all_kongs hands
    # on the 3 and the 2 D held from B before the position: 5. A +20, B -1, C -1, D -18
    events[0] = dict(position, kong_income=[{"to": "D", "from": "B", "amount": 2, "kind": "concealed"}])
    hand = rule(doc(events, ONLINE))
    assert paid(hand) == [(p, "D", 1, "SC-GF-2", 1) for p in "ABC"] + [("D", "A", 16, "SC-PAY-2", 4),
                                                                       ("D", "A", 5, "SC-GF-6", 4)]
    assert hand["net"] == nets(A=20, B=-1, C=-1, D=-18) and ruled(hand) == [("SC-GF-6", "D")]


def test_a_pass_lifted_by_a_higher_win_on_a_kong_discard():  # SC-GS-1, SC-GS-2, SC-GF-6, SC-FAN-22
    # C lets A's 5p go (七对, F 2); the pass takes effect at B's discard. B draws 1m, kongs 1111m
    # (A, C, D pay 2 each at 3), draws 9m from the back and discards 5p: C's 七对 + 杠上炮 = 3 > 2
    # stands: B pays 8 and hands C the 6. A -2, B +6-8-6 = -8, C -2+8+6 = +12, D -2
    hands = dict(WAITING, B="111m234m567m8m46p5p", D=13)
    events = [state(hands), discard("A", "5p"), draw("B", "1m"), kong("B", "concealed", "1m1m1m1m"),
              draw("B", "9m", back=True), discard("B", "5p"), win("C", "discard", "5p", "B")]
    hand = rule(doc(events))
    assert paid(hand) == [(p, "B", 2, "SC-GF-3", 3) for p in "ACD"] + [("B", "C", 8, "SC-PAY-2", 6),
                                                                       ("B", "C", 6, "SC-GF-6", 6)]
    assert hand["net"] == nets(A=-2, B=-8, C=12, D=-2) and won(hand) == [("C", 1, 6, "discard", 8, 3, 3)]
    # near miss, pass_rule until_draw: no discard win at all before his draw: a false win (8 to A,
    # B, D); the kong money stays with B, nothing handed on
    hand = rule(doc(events, {"base": 1, "options": {"pass_rule": "until_draw"}}))
    assert paid(hand) == [(p, "B", 2, "SC-GF-3", 3) for p in "ACD"] + [("C", p, 8, "SC-ZH-2", 6) for p in "ABD"]
    assert ruled(hand) == [("SC-GS-3", "C"), ("SC-ZH-1", "C")] and hand["winners"] == []


def test_dealer_wins_first_alone_and_keeps_the_deal():  # SC-FLOW-9, SC-FAN-24, SC-CH-2
    # A (the dealer, streak 2) draws the 海底 9p: 11p 999p 123s 456s 789s 平胡 + 海底捞月 = 1, V 2:
    # B, C, D pay 3. The draw: B ready (0), C ready (2), D pays 1 and 4. A +9, B -2, C +1, D -8.
    # A keeps the deal: streak 3
    hands = dict(WAITING, A="1199p123456789s")
    hand = rule(doc([state(hands, phase="draw", wall_left=1), draw("A", "9p"), win("A", "self_draw"), END], streak=2))
    assert paid(hand) == [(p, "A", 3, "SC-PAY-1", 2) for p in "BCD"] + [("D", "B", 1, "SC-CH-2", 3),
                                                                        ("D", "C", 4, "SC-CH-2", 3)]
    assert hand["net"] == nets(A=9, B=-2, C=1, D=-8)
    assert hand["next"] == {"dealer": "A", "streak": 3, "round_wind": None}


def test_golden_hook_best_call_and_a_wait_on_his_own_fourth():  # SC-CH-0, SC-CH-2, SC-FAN-12
    # C has pongs of 2m 8m 2p 5p and 8p alone: his wait is 将金钩钓 4, capped 3: best call 8. A and D,
    # not ready, pay B 1 and C 8. Near miss: with a pong of 8p and 8p alone he holds all four 8p:
    # not ready; then A, C and D each pay B 1
    melds = {"C": pons("2m", "8m", "2p", "5p", frm="A")}
    events = [state(dict(WAITING, C="8p"), wall_left=1, voids=dict(VOIDS, C="s"), melds=melds), discard("A", "2s"),
              draw("B", "3m"), discard("B", "3m"), END]
    hand = rule(doc(events))
    assert paid(hand) == [("A", "B", 1, "SC-CH-2", 4), ("A", "C", 8, "SC-CH-2", 4), ("D", "B", 1, "SC-CH-2", 4),
                          ("D", "C", 8, "SC-CH-2", 4)]
    assert checks(hand)[2] == ("C", False, True, 3)
    events[0] = state(dict(WAITING, C="8p"), wall_left=1, voids=dict(VOIDS, C="s"),
                      melds={"C": pons("2m", "8m", "2p", "8p", frm="A")})
    hand = rule(doc(events))
    assert paid(hand) == [(p, "B", 1, "SC-CH-2", 4) for p in "ACD"] and checks(hand)[2] == ("C", False, False, None)


def test_implicit_voids_a_three_suit_hand_is_a_pig():  # SC-QM-1 implicit, SC-CH-0, SC-CH-1, SC-CH-2
    # no voids; D (15m 99m 222s 345s 67s 3p) holds all three suits: a pig, 8 to each of A, B, C. A
    # (after 2s) pays B 1 and C 4. A +3, B +9, C +12, D -24
    position = state(dict(WAITING, D="15m99m222s345s67s3p"), wall_left=1)
    position["status"] = {}
    hand = rule(doc([position, discard("A", "2s"), draw("B", "3m"), discard("B", "3m"), END],
                    {"base": 1, "options": {"void_declaration": "implicit"}}))
    assert paid(hand) == [("D", p, 8, "SC-CH-1", 4) for p in "ABC"] + [("A", "B", 1, "SC-CH-2", 4),
                                                                       ("A", "C", 4, "SC-CH-2", 4)]
    assert hand["net"] == nets(A=3, B=9, C=12, D=-24) and checks(hand)[3] == ("D", True, False, None)


def test_self_draw_bonus_add_fan_is_capped():  # SC-FAN-25, SC-FAN-30, SC-PAY-1
    # B (111m 333m 555m 77m 99m) draws 7m: 清对 3 + 自摸加番 1 = 4, capped 3: each pays 8 (no base).
    # Default add_base: 清对 3, each pays 8 + 1
    events = [state({"A": 13, "B": "111m333m555m77m99m", "C": 13, "D": 13}, turn="B", phase="draw"),
              draw("B", "7m"), win("B", "self_draw")]
    hand = rule(doc(events, {"base": 1, "options": {"self_draw_bonus": "add_fan"}}))
    assert paid(hand) == [(p, "B", 8, "SC-PAY-1", 2) for p in "ACD"] and won(hand)[0][4:] == (8, 4, 3)
    assert paid(rule(doc(events))) == [(p, "B", 9, "SC-PAY-1", 2) for p in "ACD"]


def test_claimed_kong_bloom_with_a_player_gone():  # SC-GF-1, SC-PAY-5, SC-PAY-1, claimed_kong_others
    # B has left play. A's 2s to D's 222s: A pays 2. D draws 4m from the back: 平胡 + 根 + 杠上花 = 2,
    # V 4. Default (self_draw): A and C pay 4 + 1. Under discard: A alone pays 4. With
    # claimed_kong_others 1: C (in play) pays 1 more at the kong, B nothing
    position = state(dict(WAITING, D="222s345s678s99m56m"), left_play=[{"players": ["B"], "how": "self_draw", "tile": "5p"}])
    events = [position, discard("A", "2s"), kong("D", "claimed", "2s2s2s2s"), draw("D", "4m", back=True),
              win("D", "self_draw")]
    hand = rule(doc(events))
    assert paid(hand) == [("A", "D", 2, "SC-GF-1", 2), ("A", "D", 5, "SC-PAY-1", 4), ("C", "D", 5, "SC-PAY-1", 4)]
    assert hand["net"] == nets(A=-7, C=-5, D=12)
    hand = rule(doc(events, {"base": 1, "options": {"claimed_kong_bloom": "discard"}}))
    assert paid(hand) == [("A", "D", 2, "SC-GF-1", 2), ("A", "D", 4, "SC-PAY-5", 4)]
    hand = rule(doc(events, {"base": 1, "options": {"claimed_kong_others": 1}}))
    assert paid(hand)[:2] == [("A", "D", 2, "SC-GF-1", 2), ("C", "D", 1, "SC-GF-1", 2)] and len(paid(hand)) == 4


def test_two_wins_on_the_last_discard_then_the_draw():  # SC-FLOW-7, SC-FLOW-8, SC-PAY-4, SC-CH-2
    # the wall is out; A's last discard 5p is won by B (1) and C (4). The draw: A (1199p 123456789s)
    # is ready (0); D pays A 1. A -5+1 = -4, B +1, C +4, D -1. A, the discarder, deals next: streak 1
    hand = rule(doc([state(wall_left=0), discard("A", "5p"), win("B", "discard", "5p", "A"),
                     win("C", "discard", "5p", "A"), END]))
    assert paid(hand) == [("A", "B", 1, "SC-PAY-4", 2), ("A", "C", 4, "SC-PAY-4", 3), ("D", "A", 1, "SC-CH-2", 4)]
    assert hand["net"] == nets(A=-4, B=1, C=4, D=-1) and hand["result"] == "win"
    assert checks(hand) == [("A", False, True, 0), ("D", False, False, None)]
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


def test_false_win_under_the_online_cap():  # SC-ZH-2, SC-FAN-30, preset online
    # D declares on A's 5p with nothing: online cap 6: 64 to each of A, B, C
    hand = rule(doc([state(), discard("A", "5p"), win("D", "discard", "5p", "A")], ONLINE))
    assert paid(hand) == [("D", p, 64, "SC-ZH-2", 2) for p in "ABC"] and hand["net"] == nets(A=64, B=64, C=64, D=-192)


def test_a_pass_kept_across_an_added_kong():  # SC-GS-1, SC-PR-3, SC-GS-2 until_draw
    # C lets A's 5p go (七对); B draws 6p and adds it to his pong of 6p (A, C, D pay 1 each at 3),
    # draws 9m from the back and discards 5p: C's window on A's 5p closed at that discard: under
    # until_draw his declaration is barred: a false win, 8 to A, B, D. Default rule: 七对 + 杠上炮
    # = 3 > 2 stands: B pays 8 and hands C the 3. B (a pong of 6p from D) holds 123m 456m 789m 5p
    hands = dict(WAITING, B="123m456m789m5p", D=13)
    position = state(hands, voids=dict(VOIDS, B="s"),
                     melds={"B": [{"kind": "pon", "tiles": "6p6p6p", "tile": "6p", "from": "D"}]})
    events = [position, discard("A", "5p"), draw("B", "6p"), kong("B", "added", "6p6p6p6p"), draw("B", "9m", back=True),
              discard("B", "5p"), win("C", "discard", "5p", "B")]
    hand = rule(doc(events, {"base": 1, "options": {"pass_rule": "until_draw"}}))
    assert paid(hand) == [(p, "B", 1, "SC-GF-2", 3) for p in "ACD"] + [("C", p, 8, "SC-ZH-2", 6) for p in "ABD"]
    assert ruled(hand) == [("SC-GS-3", "C"), ("SC-ZH-1", "C")]
    hand = rule(doc(events))
    assert paid(hand) == [(p, "B", 1, "SC-GF-2", 3) for p in "ACD"] + [("B", "C", 8, "SC-PAY-2", 6),
                                                                       ("B", "C", 3, "SC-GF-6", 6)]


def test_earthly_win_by_self_draw_on_the_first_draw():  # SC-FAN-16, SC-PAY-1
    # from the deal: A discards 2s, B (123456789m 11p 4p6p) draws 5p on his first draw: 地胡 5,
    # capped 3, V 8: each of A, C, D pays 8 + 1 at 7
    hand = rule(doc(dealt(dict(DEAL, B="123456789m11p4p6p")) + [discard("A", "2s"), draw("B", "5p"),
                                                                win("B", "self_draw")]))
    assert paid(hand) == [(p, "B", 9, "SC-PAY-1", 7) for p in "ACD"] and rows(hand) == ["SC-FAN-16"]
    assert won(hand) == [("B", 1, 7, "self_draw", 8, 5, 3)]


def test_a_late_declaration_on_an_old_discard():  # SC-PR-3, SC-ZH-1, SC-GS-3
    # C declares on A's 5p after B's discard: the tile is no longer claimable (and C passed it at
    # B's discard): a false win, 8 to each of A, B, D at 4
    hand = rule(doc([state(), discard("A", "5p"), draw("B", "3m"), discard("B", "3m"), win("C", "discard", "5p", "A")]))
    assert paid(hand) == [("C", p, 8, "SC-ZH-2", 4) for p in "ABD"] and hand["winners"] == []
    assert ("SC-ZH-1", "C") in ruled(hand) and ("SC-PR-3", "C") in ruled(hand)


def test_a_pig_pays_the_cap_and_refunds_its_kong_money():  # SC-CH-1, SC-CH-4, SC-GF-7
    # A (void s, holding s) is a pig: 8 to each of B, C, D; he refunds B's 2 of kong money; D, not
    # ready, pays B 1 and C 4. A -26, B +8+1+2 = +11, C +12, D +8-5 = +3
    income = [{"to": "A", "from": "B", "amount": 2, "kind": "claimed"}]
    hand = rule(doc([state(voids=dict(VOIDS, A="s"), wall_left=1, kong_income=income), discard("A", "2s"),
                     draw("B", "3m"), discard("B", "3m"), END]))
    assert paid(hand) == [("A", p, 8, "SC-CH-1", 4) for p in "BCD"] + [
        ("D", "B", 1, "SC-CH-2", 4), ("D", "C", 4, "SC-CH-2", 4), ("A", "B", 2, "SC-GF-7", 4)]
    assert hand["net"] == nets(A=-26, B=11, C=12, D=3)
    assert ruled(hand) == [("SC-CH-1", "A"), ("SC-CH-2", "D"), ("SC-GF-7", "A")]


def test_options_override_the_preset_and_the_table():  # §12 presets, SC-FAN-30, fan_table
    # online with cap_fan 4: 龙七对 4, V 16; 根 valued 2 by fan_table: 平胡 + 根 = 2, V 4
    hand = rule(fan_doc("1111m22m33m55p66p7p", "7p", "s", None, {"base": 1, "preset": "online",
                                                                   "options": {"cap_fan": 4}}))
    assert paid(hand) == [("A", "B", 16, "SC-PAY-2", 2)] and won(hand)[0][4:] == (16, 4, 4)
    hand = rule(fan_doc("345p123m456m7m", "7m", "s", pons("5p"), {"base": 1, "fan_table": {"SC-FAN-20": 2}}))
    assert paid(hand) == [("A", "B", 4, "SC-PAY-2", 2)] and won(hand)[0][4:] == (4, 2, 2)


def test_head_bump_a_false_declaration_bumps_nobody():  # SC-PR-2 head_bump, SC-ZH-4
    # B (void p here) declares first on A's 5p: false (8 to A, C, D); C, next, wins 七对: A pays 4
    hand = rule(doc([state(voids=dict(VOIDS, B="p")), discard("A", "5p"), win("B", "discard", "5p", "A"),
                     win("C", "discard", "5p", "A")], {"base": 1, "options": {"multiple_winners": "head_bump"}}))
    assert paid(hand) == [("B", p, 8, "SC-ZH-2", 2) for p in "ACD"] + [("A", "C", 4, "SC-PAY-2", 3)]
    assert hand["left_play"] == ["C"] and hand["net"] == nets(A=4, B=-24, C=12, D=8)


def test_a_reported_peek_makes_a_dead_hand_that_pays_the_big_call():  # SC-IRR-4, SC-IRR-1, SC-CH-0
    # C (ready on 5p) is reported for peeking: his hand is dead; at the draw he is not ready. A and C
    # and D are not ready, B is: each pays B 1. A -1, B +3, C -1, D -1
    report = {"type": "report", "by": "A", "against": "C", "offence": "SC-IRR-4"}
    hand = rule(doc([state(wall_left=1), report, discard("A", "2s"), draw("B", "3m"), discard("B", "3m"), END]))
    assert paid(hand) == [(p, "B", 1, "SC-CH-2", 5) for p in "ACD"]
    assert checks(hand)[2] == ("C", False, False, None) and ("SC-IRR-4", "C") in ruled(hand)


def test_the_discarder_draws_when_the_last_winner_sits_before_him():  # SC-XZ-2
    # D alone wins A's 5p (平胡, A pays 1); the next in play after D, counted from A, is A himself
    hand = rule(doc([state(THREE, voids=THREE_VOIDS), discard("A", "5p"), win("D", "discard", "5p", "A"),
                     draw("A", "3m"), discard("A", "3m")]))
    assert paid(hand) == [("A", "D", 1, "SC-PAY-2", 2)] and hand["left_play"] == ["D"] and hand["result"] == "open"


def test_the_third_win_after_two_in_the_state():  # SC-XZ-3, SC-XZ-5, SC-FLOW-9
    # B (self-draw) and C (on A's 5p) won before the position; D wins A's 5p: order 3, the hand ends,
    # B's win was the first: B deals next. A pays D 1
    gone = [{"players": ["B"], "how": "self_draw", "tile": "5p"},
            {"players": ["C"], "how": "discard", "from": "A", "tile": "5p"}]
    hand = rule(doc([state(THREE, voids=THREE_VOIDS, left_play=gone), discard("A", "5p"), win("D", "discard", "5p", "A")]))
    assert paid(hand) == [("A", "D", 1, "SC-PAY-2", 2)] and won(hand) == [("D", 3, 2, "discard", 1, 0, 0)]
    assert hand["result"] == "win" and hand["left_play"] == ["B", "C", "D"] and "checks" not in hand
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_a_wrong_kong_restored_after_its_replacement():  # SC-IRR-2.1, SC-GF-8, SC-GF-4
    # D's concealed "kong" 2s2s2s3s: A, B, C pay 2 at its replacement. Restored (then the replacement
    # put back, the order RULEBOOK_SC words it) before his discard: no penalty, but its money is not
    # owed: 2 back to each at the restore (3). D then discards from his 14 tiles
    rain = {"A": "1199p5p1345678s9s", "B": WAITING["B"], "C": WAITING["C"], "D": "2222s345s678s99m56m"}
    hand = rule(doc([state(rain, turn="D"), kong("D", "concealed", "2s2s2s3s"), draw("D", "3m", back=True),
                     {"type": "correct", "player": "D", "about": 1, "action": "restore"},
                     {"type": "correct", "player": "D", "about": 2, "action": "return_tile", "tile": "3m"},
                     discard("D", "3s")]))
    assert paid(hand) == [(p, "D", 2, "SC-GF-3", 1) for p in "ABC"] + [("D", p, 2, "SC-IRR-2", 3) for p in "ABC"]
    assert hand["net"] == nets() and ruled(hand) == [("SC-IRR-2", "D")]
    assert "no penalty" in hand["rulings"][0]["decision"]


def test_a_dead_hand_may_not_claim_or_kong():  # SC-IRR-1, SC-IRR-3 (rulebook-silent sanction: see docs)
    # B's hand is dead (state): his pong of A's 1p stands once he discards (SC-IRR-3 ruled), no money.
    # D's hand is dead: his concealed kong stands but earns nothing (he may not kong)
    hand = rule(doc([state(status={"B": {"dead_hand": True}}), discard("A", "1p"), pon("B", "1p", "1p1p"),
                     discard("B", "9m")]))
    assert paid(hand) == [] and ruled(hand) == [("SC-IRR-3", "B")]
    rain = {"A": "1199p5p1345678s9s", "B": WAITING["B"], "C": WAITING["C"], "D": "2222s345s678s99m56m"}
    hand = rule(doc([state(rain, turn="D", status={"D": {"dead_hand": True}}), kong("D", "concealed", "2s2s2s2s"),
                     draw("D", "3m", back=True), discard("D", "3m")]))
    assert paid(hand) == [] and ruled(hand) == [("SC-IRR-3", "D")]
    hand = rule(doc([state(rain, turn="D"), kong("D", "concealed", "2s2s2s2s"), draw("D", "3m", back=True),
                     discard("D", "3m")]))  # near miss: alive, the kong earns 2 from each
    assert paid(hand) == [(p, "D", 2, "SC-GF-3", 1) for p in "ABC"] and hand["rulings"] == []


def test_an_earlier_win_on_the_tile_of_a_player_already_gone_is_refused():  # SC-XZ-1, SC-XZ-5
    # B left play first: C cannot have won on B's tile afterwards (B discards no more)
    with pytest.raises(InputError) as err:
        ruling(doc([state(left_play=[{"players": ["B"], "how": "self_draw", "tile": "5p"},
                                     {"players": ["C"], "how": "discard", "from": "B", "tile": "5p"}])]))
    assert list(err.value.errors) == ["hand.events[0].left_play[1].from"]


def test_added_kong_money_from_players_in_play_a_dead_hand_included():  # SC-GF-2, SC-GF-4, SC-IRR-1
    # B has left play; C's hand is dead. D adds the 8s he just drew to his pong: A and C (dead, but
    # he pays as anyone) pay 1 each, B nothing (at 1). A -1, C -1, D +2
    hands = {"A": "111m222m333m444m5m", "B": "666m777m888m99m56p", "C": "234p567p999p11s79s", "D": "99m222s345s67s8s"}
    position = d_pong(hands, "8s", "8s", status={"C": {"dead_hand": True}},
                      left_play=[{"players": ["B"], "how": "self_draw", "tile": "5p"}])
    hand = rule(doc([position, kong("D", "added", "8s8s8s8s"), draw("D", "3m", back=True), discard("D", "3m")]))
    assert paid(hand) == [("A", "D", 1, "SC-GF-2", 1), ("C", "D", 1, "SC-GF-2", 1)]
    assert hand["net"] == nets(A=-1, C=-1, D=2) and hand["rulings"] == []


def test_pig_and_best_call_follow_the_cap():  # SC-CH-1 (cap value), SC-CH-2, SC-FAN-30, presets
    # A (void s) is a pig; C waits on 2p only (龙七对 4); D is not ready. Online (cap 6): A pays 64
    # to B, C, D; D pays B 1 and C 16. cap_fan 1 and base 3: the pig pays 3 × 2 = 6 each; D pays B 3
    # and C 3 × 2^min(4, 1) = 6
    events = [state(dict(WAITING, C="222p33p77p88p11s99s"), voids=dict(VOIDS, A="s"), wall_left=1), discard("A", "2s"),
              draw("B", "3m"), discard("B", "3m"), END]
    hand = rule(doc(events, ONLINE))
    assert paid(hand) == [("A", p, 64, "SC-CH-1", 4) for p in "BCD"] + [("D", "B", 1, "SC-CH-2", 4),
                                                                        ("D", "C", 16, "SC-CH-2", 4)]
    assert checks(hand)[2] == ("C", False, True, 4)
    hand = rule(doc(events, {"base": 3, "options": {"cap_fan": 1}}))
    assert paid(hand) == [("A", p, 6, "SC-CH-1", 4) for p in "BCD"] + [("D", "B", 3, "SC-CH-2", 4),
                                                                       ("D", "C", 6, "SC-CH-2", 4)]
    assert hand["net"] == nets(A=-18, B=9, C=12, D=-3)


def test_a_win_declared_on_a_tile_already_ponged_takes_it():  # SC-PR-1, SC-PR-3, SC-PR-4
    # D (55p …) pongs A's 5p; B declares a win on it before D discards: in time, the win takes the
    # tile and D's pong is undone, restore logged or not (no penalty, no money): A pays B 1; C draws
    hands, voids = dict(WAITING, D="55p123m456m789m19m"), dict(VOIDS, D="s")
    for extra in ([], [{"type": "correct", "player": "D", "about": 2, "action": "restore"}]):
        hand = rule(doc([state(hands, voids=voids), discard("A", "5p"), pon("D", "5p", "5p5p"),
                         win("B", "discard", "5p", "A")] + extra + [draw("C", "3m"), discard("C", "3m")]))
        assert paid(hand) == [("A", "B", 1, "SC-PAY-2", 3)] and hand["rulings"] == [] and hand["left_play"] == ["B"]


def test_a_pong_of_the_void_suit_then_a_win_declared():  # SC-QM-3, SC-QM-2, SC-ZH-1, SC-ZH-2
    # D (void m) pongs B's 9m (SC-QM-3, no money), discards 1m; later he declares on B's 5m: 5m
    # 222s 345s 678s + 999m is a winning shape but holds his void suit: a false win, 8 to A, B, C
    position = state(dict(WAITING, A="1199p123456789s"), voids=dict(VOIDS, D="m"), turn="B", phase="draw", wall_left=5)
    hand = rule(doc([position, draw("B", "9m"), discard("B", "9m"), pon("D", "9m", "9m9m"), discard("D", "1m"),
                     draw("A", "3m"), discard("A", "3m"), draw("B", "7m"), discard("B", "5m"),
                     win("D", "discard", "5m", "B")]))
    assert paid(hand) == [("D", p, 8, "SC-ZH-2", 9) for p in "ABC"] and hand["winners"] == []
    assert ruled(hand) == [("SC-QM-2", "D"), ("SC-QM-3", "D"), ("SC-ZH-1", "D")]


def test_best_call_counts_a_root_the_wait_would_make():  # SC-CH-2, SC-FAN-0.5, SC-FAN-20, SC-CH-0
    # C has a pong of 5p and holds 34p 123m 456m 77m: 2p gives 平胡 0, 5p (the fourth, though all four
    # are now seen: unseen copies are not asked) 平胡 + 根 1: best call 2. A and D pay B 1 and C 2
    hands = dict(WAITING, C="34p123m456m77m")
    hand = rule(doc([state(hands, voids=dict(VOIDS, C="s"), melds={"C": pons("5p", frm="B")}, wall_left=1),
                     discard("A", "2s"), draw("B", "3m"), discard("B", "3m"), END]))
    assert paid(hand) == [("A", "B", 1, "SC-CH-2", 4), ("A", "C", 2, "SC-CH-2", 4), ("D", "B", 1, "SC-CH-2", 4),
                          ("D", "C", 2, "SC-CH-2", 4)]
    assert checks(hand)[2] == ("C", False, True, 1) and hand["net"] == nets(A=-3, B=2, C=4, D=-3)


def test_the_third_win_is_the_second_of_two_on_one_discard():  # SC-XZ-3, SC-PAY-4, SC-FLOW-9
    # B won before the position. A's 5p is won by C (七对, 4) and D (平胡, 1): wins 2 and 3: the hand
    # ends, no checks; B's earlier win was the first: B deals next
    hand = rule(doc([state(THREE, voids=THREE_VOIDS, left_play=[{"players": ["B"], "how": "self_draw", "tile": "5p"}]),
                     discard("A", "5p"), win("C", "discard", "5p", "A"), win("D", "discard", "5p", "A")]))
    assert paid(hand) == [("A", "C", 4, "SC-PAY-4", 2), ("A", "D", 1, "SC-PAY-4", 3)]
    assert won(hand) == [("C", 2, 2, "discard", 4, 2, 2), ("D", 3, 3, "discard", 1, 0, 0)]
    assert hand["result"] == "win" and "checks" not in hand and hand["next"]["dealer"] == "B"


def test_a_robbing_win_let_go_is_a_pass():  # SC-GS-1 (a tile added to a kong), SC-GS-2, SC-GS-3
    # D adds the 9s he drew to his pong: A, B, C pay 1 (at 1). C (234p 567p 678s 11s 78s) could rob
    # it (平胡 + 抢杠胡, F 1) and lets it go: the pass takes effect at the replacement draw. D
    # discards 6s: C's 平胡 + 杠上炮 is F 1, not more than 1: a false win, 8 to A, B, D (at 4).
    # Near miss, pass_rule none: it stands: D pays 2 and hands C the kong's 3
    hands = {"A": "111m222m333m444m5m", "B": "666m777m888m99m56p", "C": "234p567p678s11s78s", "D": "99m222s345s67s9s"}
    position = d_pong(hands, "9s", "9s")
    events = [position, kong("D", "added", "9s9s9s9s"), draw("D", "3m", back=True), discard("D", "6s"),
              win("C", "discard", "6s", "D")]
    hand = rule(doc(events))
    assert paid(hand) == [(p, "D", 1, "SC-GF-2", 1) for p in "ABC"] + [("C", p, 8, "SC-ZH-2", 4) for p in "ABD"]
    assert ruled(hand) == [("SC-GS-3", "C"), ("SC-ZH-1", "C")]
    hand = rule(doc(events, {"base": 1, "options": {"pass_rule": "none"}}))
    assert paid(hand) == [(p, "D", 1, "SC-GF-2", 1) for p in "ABC"] + [("D", "C", 2, "SC-PAY-2", 4),
                                                                       ("D", "C", 3, "SC-GF-6", 4)]


# --- a position taken right after a kong's replacement (state ``drawn.from: back``, §13) -------------

#: B has a kong of 3p and has just drawn its replacement 1p: 123m 456m 789m 3333p 11p
BLOOM_STATE = dict(WAITING, A="1199p123456789s", B="123456789m11p", C="22p77p88p11s99s5p6p7p")


def test_a_bloom_on_a_replacement_drawn_before_the_position():  # SC-FAN-21, SC-PAY-1, SC-PAY-5
    # 平胡 + 根 (the kong) + 杠上花 = 2, V 4: A, C, D pay 4 + 1. The kong was claimed from A: under
    # claimed_kong_bloom discard A alone pays 4 (SC-PAY-5)
    concealed = {"B": [{"kind": "kong", "kong": "concealed", "tiles": "3p3p3p3p"}]}
    hand = rule(doc([state(BLOOM_STATE, turn="B", melds=concealed, drawn={"tile": "1p", "from": "back"}),
                     win("B", "self_draw")]))
    assert paid(hand) == [(p, "B", 5, "SC-PAY-1", 1) for p in "ACD"]
    assert rows(hand) == ["SC-FAN-1", "SC-FAN-20", "SC-FAN-21"]
    claimed = {"B": [{"kind": "kong", "kong": "claimed", "tiles": "3p3p3p3p", "tile": "3p", "from": "A"}]}
    hand = rule(doc([state(BLOOM_STATE, turn="B", melds=claimed, drawn={"tile": "1p", "from": "back"}),
                     win("B", "self_draw")], {"base": 1, "options": {"claimed_kong_bloom": "discard"}}))
    assert paid(hand) == [("A", "B", 4, "SC-PAY-5", 1)]
    hand = rule(doc([state(BLOOM_STATE, turn="B", melds=concealed, drawn={"tile": "1p", "from": "wall"}),
                     win("B", "self_draw")]))  # near miss: drawn from the wall: 平胡 + 根, V 2, 3 each
    assert paid(hand) == [(p, "B", 3, "SC-PAY-1", 1) for p in "ACD"]


def test_a_kong_discard_from_a_position_hands_on_that_kongs_money():  # SC-FAN-22, SC-GF-6, §13 kong_income
    # D has a claimed kong of 1s (A paid 2) and then a concealed kong of 2s (A, B, C paid 2 each), and
    # has just drawn its replacement 5p; he discards it and B wins 平胡 + 杠上炮 = 1, V 2. this_kong:
    # the concealed kong's 6 goes to B; all_kongs: all 8
    hands = {"A": 13, "B": WAITING["B"], "C": 13, "D": "345s99m56m5p"}
    income = [{"to": "D", "from": p, "amount": 2, "kind": "concealed"} for p in "ABC"] + [
        {"to": "D", "from": "A", "amount": 2, "kind": "claimed"}]
    melds = {"D": [{"kind": "kong", "kong": "claimed", "tiles": "1s1s1s1s", "tile": "1s", "from": "A"},
                   {"kind": "kong", "kong": "concealed", "tiles": "2s2s2s2s"}]}
    events = [state(hands, turn="D", melds=melds, drawn={"tile": "5p", "from": "back"}, kong_income=income),
              discard("D", "5p"), win("B", "discard", "5p", "D")]
    hand = rule(doc(events))
    assert paid(hand) == [("D", "B", 2, "SC-PAY-2", 2), ("D", "B", 6, "SC-GF-6", 2)]
    assert rows(hand) == ["SC-FAN-1", "SC-FAN-22"] and ruled(hand) == [("SC-GF-6", "D")]
    hand = rule(doc(events, {"base": 1, "options": {"call_transfer": "all_kongs"}}))
    assert paid(hand) == [("D", "B", 2, "SC-PAY-2", 2), ("D", "B", 8, "SC-GF-6", 2)]


def test_the_discard_of_a_false_win_may_still_be_claimed():  # SC-ZH-3, SC-GF-1
    # B declares on A's 2s with nothing: 8 to A, C, D. The 2s stays A's discard: D kongs it (222s):
    # A pays 2 at the kong. A +8-2 = +6, B -24, C +8, D +8+2 = +10
    hand = rule(doc([state(), discard("A", "2s"), win("B", "discard", "2s", "A"), kong("D", "claimed", "2s2s2s2s"),
                     draw("D", "3m", back=True), discard("D", "3m")]))
    assert paid(hand) == [("B", p, 8, "SC-ZH-2", 2) for p in "ACD"] + [("A", "D", 2, "SC-GF-1", 3)]
    assert hand["net"] == nets(A=6, B=-24, C=8, D=10) and ruled(hand) == [("SC-ZH-1", "B")]


def test_head_bump_the_single_winner_deals_next():  # SC-PR-2 head_bump, SC-FLOW-9, SC-CH-2
    # head_bump: only B wins A's 5p (A pays 1); C, bumped, draws the last tile. At the draw A (1p/9p,
    # 0) and C (七对 2) are ready, D pays 1 and 4. The first win was one player's: B deals next
    hand = rule(doc([state(wall_left=1), discard("A", "5p"), win("B", "discard", "5p", "A"),
                     win("C", "discard", "5p", "A"), draw("C", "3m"), discard("C", "3m"), END],
                    {"base": 1, "options": {"multiple_winners": "head_bump"}}))
    assert paid(hand) == [("A", "B", 1, "SC-PAY-2", 2), ("D", "A", 1, "SC-CH-2", 6), ("D", "C", 4, "SC-CH-2", 6)]
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None} and hand["left_play"] == ["B"]
    assert hand["net"] == nets(A=0, B=1, C=4, D=-5)
