"""Probe (acceptance-style) cases for Hong Kong: several declarations on one discard, with 包 per
win (HK-PR-2, HK-PAY-6, HK-BAO-7), 截糊 beside 過水 and 詐糊 (HK-ZH-5, HK-GS-3), and passes made
by a claim or a draw (HK-GS-1, HK-GS-2). Documents ruled through the loader, `base` 5, `club`."""
from tests.hkkit import WAITING, discard, doc, draw, rule, rules_of, state, win

# C: four sets on the table, the fourth (666s) fed by B (十二張落地, HK-BAO-1 B→C), waits on 3s:
#   混一色 3 + 番子 1 + 無花 1 = 5 (fan_min 4), P = 5 × 24 = 120.
# D: 123m 456m 中中中 東東東 + 3s, waits on 3s: 番子 1 + 圈風 1 + 門前清 1 + 無花 1 = 4, P = 80
#   (as dealer, seat East, 門風 too: 5, P 120).
HANDS = {"A": "123456789p33z3s22z", "B": "123456789m1p2p4z4z", "C": "3s", "D": "123m456m777z111z3s"}
MELDS = {"C": [{"kind": "pon", "tiles": "555z", "tile": "5z", "from": "A"},
               {"kind": "pon", "tiles": "111s", "tile": "1s", "from": "D"},
               {"kind": "chi", "tiles": "789s", "tile": "7s", "from": "B"},
               {"kind": "pon", "tiles": "666s", "tile": "6s", "from": "B"}]}


def both(status=None):
    st = state(HANDS, melds=MELDS, **({"status": status} if status else {}))
    return [st, discard("A", "3s"), win("D", "discard", "3s", "A"), win("C", "discard", "3s", "A")]


def club(**options):
    return {"preset": "club", "base": 5, "options": options}


def paid(hand):
    return sorted((p["from"], p["to"], p["amount"], p["rule"], p.get("liability", "")) for p in hand["payments"])


def test_head_bump_the_first_after_the_discarder_wins_whatever_the_log_order():  # HK-PR-2
    hand = rule(doc(both()))
    assert [w["player"] for w in hand["winners"]] == ["C"]  # B, C, D after A: C before D
    assert paid(hand) == [("A", "C", 240, "HK-PAY-2", "")]
    assert ("HK-BAO-1", "ruled") in rules_of(hand) and "HK-ZH-1" not in [r for r, _ in rules_of(hand)]


def test_several_winners_the_discarder_pays_each_2p_when_no_liability_acts():  # HK-PAY-6, HK-BAO-7
    hand = rule(doc(both(), club(multiple_winners="all")))
    assert sorted((w["player"], w["fan"], w["portion"]) for w in hand["winners"]) == [("C", 5, 120), ("D", 4, 80)]
    assert paid(hand) == [("A", "C", 240, "HK-PAY-6", ""), ("A", "D", 160, "HK-PAY-6", "")]


def test_several_winners_bao_on_discard_feeder_acts_on_the_covered_win_only():  # HK-PAY-6 + HK-BAO-7
    hand = rule(doc(both(), club(multiple_winners="all", bao_on_discard="feeder")))
    assert paid(hand) == [("A", "D", 160, "HK-PAY-6", ""), ("B", "C", 240, "HK-PAY-6", "HK-BAO-1")]
    assert hand["net"] == {"A": -160, "B": -240, "C": 240, "D": 160}


def test_several_winners_bao_on_discard_split_p_each_whatever_payment_says():  # HK-BAO-7 split
    for pay in ("full", "half"):
        hand = rule(doc(both(), club(multiple_winners="all", bao_on_discard="split", payment=pay)))
        assert paid(hand) == [("A", "C", 120, "HK-PAY-6", ""), ("A", "D", 160, "HK-PAY-6", ""),
                              ("B", "C", 120, "HK-PAY-6", "HK-BAO-1")]
        assert hand["net"] == {"A": -280, "B": -120, "C": 240, "D": 160}


def test_near_miss_feeder_is_the_discarder_pays_as_discarder():  # HK-BAO-7: liable = discarder
    melds = {"C": MELDS["C"][:3] + [dict(MELDS["C"][3], **{"from": "A"})]}
    st = state(HANDS, melds=melds)
    events = [st, discard("A", "3s"), win("D", "discard", "3s", "A"), win("C", "discard", "3s", "A")]
    hand = rule(doc(events, club(multiple_winners="all", bao_on_discard="split")))
    assert paid(hand) == [("A", "C", 240, "HK-PAY-6", ""), ("A", "D", 160, "HK-PAY-6", "")]


def test_single_winner_split_and_feeder_unchanged():  # HK-BAO-7 near miss: one winner
    events = [state(HANDS, melds=MELDS), discard("A", "3s"), win("C", "discard", "3s", "A")]
    hand = rule(doc(events, club(bao_on_discard="split", payment="half")))
    assert paid(hand) == [("A", "C", 120, "HK-PAY-2", ""), ("B", "C", 120, "HK-PAY-2", "HK-BAO-1")]
    hand = rule(doc(events, club(bao_on_discard="feeder")))
    assert paid(hand) == [("B", "C", 240, "HK-PAY-2", "HK-BAO-1")]


def test_several_winners_nine_down_moves_nothing_the_discarder_pays_2p():  # HK-PAY-6 over HK-BAO-6
    # under half pay with nine_down: C's third set (789s from B) makes B liable for C's discard wins'
    # halves; with several winners the discarder pays 2P and there is no half to move
    hand = rule(doc(both(), club(multiple_winners="all", payment="half", nine_down=True)))
    assert paid(hand) == [("A", "C", 240, "HK-PAY-6", ""), ("A", "D", 160, "HK-PAY-6", "")]


def test_the_dealer_among_several_winners_keeps_the_deal():  # HK-PAY-6, HK-FLOW-10
    hand = rule(doc(both(), club(multiple_winners="all"), dealer="D", streak=2))
    assert sorted((w["player"], w["fan"]) for w in hand["winners"]) == [("C", 5), ("D", 5)]  # D 門風 too
    assert hand["net"] == {"A": -480, "B": 0, "C": 240, "D": 240}
    assert hand["next"] == {"dealer": "D", "streak": 3, "round_wind": "1z"}
    # head bump: the dealer D is bumped by C; the deal passes to A, the start dealer: round 南
    hand = rule(doc(both(), dealer="D", streak=2))
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": "2z"}


def test_a_barred_nearer_declarer_is_false_and_bumps_nobody():  # HK-GS-3 + HK-ZH-5 + HK-PR-2
    hand = rule(doc(both({"C": {"passed": True}})))
    assert [w["player"] for w in hand["winners"]] == ["D"] and hand["result"] == "win"
    assert ("HK-ZH-1", "ruled") in rules_of(hand) and ("HK-GS-3", "ruled") in rules_of(hand)
    assert hand["net"] == {"A": -160 + 640, "B": 640, "C": -1920, "D": 160 + 640}
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}  # the valid win decides


def test_a_barred_nearer_declarer_under_void_costs_nothing():  # HK-GS-3 void
    hand = rule(doc(both({"C": {"passed": True}}), club(pass_violation="void")))
    assert rules_of(hand) == [("HK-BAO-1", "ruled"), ("HK-GS-3", "ruled")]
    assert hand["net"] == {"A": -160, "B": 0, "C": 0, "D": 160}


def test_a_barred_nearer_declarer_under_tournament_is_off_the_table():  # HK-ZH-2 off_table:256
    hand = rule(doc(both({"C": {"passed": True}}), {"preset": "tournament", "base": 2}))
    assert hand["penalties"] == [{"player": "C", "amount": 512, "rule": "HK-ZH-2"}]
    assert hand["net"] == {"A": -64, "B": 0, "C": 0, "D": 64}  # D: F 4, P 2 × 16 = 32


# 過水 made by a claim or a draw --------------------------------------------------------------------

PASSING = dict(WAITING, A="123456789p444m1z", B="123456789m1p7z7z2s5s")  # C waits on 2s / 5s


def test_a_chow_of_the_winning_tile_is_a_pass_it_does_not_lift():  # HK-GS-1, HK-GS-2
    events = [state(PASSING, turn="B"), discard("B", "2s"),
              {"type": "chi", "player": "C", "tile": "2s", "with": "34s"}, discard("C", "9s"),
              draw("D", "9s"), discard("D", "9s"), win("C", "discard", "9s", "D")]
    hand = rule(doc(events))
    assert hand["result"] == "false_win" and ("HK-GS-3", "ruled") in rules_of(hand)
    assert hand["net"] == {"A": 640, "B": 640, "C": -1920, "D": 640}
    # near miss: same_tile_until_move bars only 2s; 9s wins (混一色 3 + 番子 1 + 無花 1: P 120)
    hand = rule(doc(events, club(pass_rule="same_tile_until_move")))
    assert hand["result"] == "win" and hand["net"] == {"A": 0, "B": 0, "C": 240, "D": -240}


def test_a_draw_instead_of_the_win_bars_the_rest_of_the_go_round():  # HK-GS-1 reach for the wall
    events = [state(PASSING, turn="B"), discard("B", "2s"), draw("C", "3z"), discard("C", "3z"),
              draw("D", "5s"), discard("D", "5s"), win("C", "discard", "5s", "D")]
    assert rule(doc(events))["result"] == "false_win"
    # near miss: his next draw lifts it
    lifted = events[:5] + [discard("D", "4z"), draw("A", "2z"), discard("A", "2z"), draw("B", "6z"),
                           discard("B", "6z"), draw("C", "2p"), discard("C", "2p"), draw("D", "5s"),
                           discard("D", "5s"), win("C", "discard", "5s", "D")]
    lifted[4] = draw("D", "4z")
    hand = rule(doc(lifted))
    assert hand["result"] == "win" and hand["net"] == {"A": 0, "B": 0, "C": 320, "D": -320}


def test_a_reach_and_the_draw_it_begins_are_one_act():  # HK-GS-1 (reach or draw), HK-GS-2
    hands = dict(WAITING, B="34s111s789s555z99s", C="123456789m1p7z7z5s")  # B waits on 2s / 5s
    events = [state(hands), discard("A", "2s"), {"type": "reach", "player": "B"}, draw("B", "3z"),
              discard("B", "3z"), draw("C", "9p"), discard("C", "5s"), win("B", "discard", "5s", "C")]
    hand = rule(doc(events))  # the draw completes the reach that closed his window: it lifts nothing
    assert hand["result"] == "false_win" and ("HK-GS-3", "ruled") in rules_of(hand)
    assert hand["net"] == {"A": 640, "B": -1920, "C": 640, "D": 640}
    # near miss: his next draw lifts it (混一色 3 + 番子 1 + 門前清 1 + 無花 1: P 160)
    events[5:] = [draw("C", "9p"), discard("C", "9p"), draw("D", "1z"), discard("D", "1z"), draw("A", "3z"),
                  discard("A", "3z"), draw("B", "2p"), discard("B", "2p"), draw("C", "4z"), discard("C", "5s"),
                  win("B", "discard", "5s", "C")]
    hand = rule(doc(events))
    assert hand["result"] == "win" and hand["net"] == {"A": 0, "B": 320, "C": -320, "D": 0}
