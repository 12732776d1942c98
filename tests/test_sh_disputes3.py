"""Shanghai disputes, part 3 (RULEBOOK_SH, base 5): 百搭 (SH-BD: 9 → 1, winds, 四百搭 in a 荒番 hand,
无花果 under 百搭, a discarded wild), 清混碰, mutual 包三口 from a ``state``, claims priority; each
worked out by hand in its comment before it was run."""
import copy

from tests.shkit import WAITING, discard, doc, draw, rule, rules_of, state, win
from tests.test_sh_disputes import C3, counted, pay, rs


def baida(hands, indicator, turn="C", phase="draw", flowers=None, **kw):
    s = state(hands=hands, turn=turn, phase=phase, knocked=(),
              flowers={"B": ["1f"], "C": ["2f"]} if flowers is None else flowers, **kw)
    s["indicator"] = indicator
    return s


def test_d43_nine_turns_up_one():  # SH-BD-1 next: 9s → 1s wild; SH-BD-2, SH-PAY-1
    # C's two 1s are wild: 123m 456m 789m 45p + 6p drawn, the wilds a pair: 门清 F 1 (no 无百搭),
    # H 1 (2f): P = (2 + 1) × 2 = 6, 30 from each, +90
    events = [baida(WAITING, "9s"), draw("C", "6p"), win("C", "self_draw")]
    r = rule(doc(events, rs("baida")))
    assert counted(r) == (1, 1, 1, 6, 30, ["SH-FAN-7"]) and r["net"]["C"] == 90


def test_d44_nine_turns_up_one_no_discard_win():  # SH-BD-4: the wild hand on A's 6p: false, 100 each
    hands = {**WAITING, "A": WAITING["A"] + "6p"}
    r = rule(doc([baida(hands, "9s", turn="A", phase="discard"), discard("A", "6p"), win("C", source="A")],
                 rs("baida")))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-BD-4", "ruled")] and r["net"]["C"] == -300


def test_d45_same_rule_nine_is_nine():  # SH-BD-1 same: 9s is wild, C holds none: 门清 + 无百搭 F 2,
    # H 1: (2 + 1) × 4 = 12, A pays 60 on 6p
    hands = {**WAITING, "A": WAITING["A"] + "6p"}
    r = rule(doc([baida(hands, "9s", turn="A", phase="discard"), discard("A", "6p"), win("C", source="A")],
                 rs("baida", wild_rule="same")))
    assert counted(r) == (2, 2, 1, 12, 60, ["SH-FAN-7", "SH-FAN-12"])
    assert r["payments"] == [pay("A", "C", 60, "SH-PAY-2")]


WIND_C = {**WAITING, "C": "123m456m789m45p5s1z"}


def test_d46_north_turns_up_east():  # SH-BD-1 next: 北 (4z) → 東 (1z) wild
    # C's 東 is wild: 123m 456m 789m 456p (6p drawn), 5s + 東 as 5s: 门清 F 1, H 1: P 6, 30 each, +90
    r = rule(doc([baida(WIND_C, "4z"), draw("C", "6p"), win("C", "self_draw")], rs("baida")))
    assert counted(r) == (1, 1, 1, 6, 30, ["SH-FAN-7"]) and r["net"]["C"] == 90


def test_d47_north_same_rule_the_east_is_its_face():  # near miss of d46: 東 is no wild: incomplete, false
    r = rule(doc([baida(WIND_C, "4z"), draw("C", "6p"), win("C", "self_draw")], rs("baida", wild_rule="same")))
    assert r["result"] == "false_win" and r["net"]["C"] == -300


FOUR = {**WAITING, "A": "2266m2345s3678p4z", "C": "555m123s456s79s1p2p"}


def test_d48_four_wilds_in_a_huang_fan_hand():  # SH-BD-3: P = L = 20, × 2 (荒番, Z 1): 40, 200 each
    r = rule(doc([baida(FOUR, "4m"), draw("C", "5m"), win("C", "self_draw")], rs("baida"), huang_fan=1))
    assert r["payments"] == [pay("D", "C", 200, "SH-PAY-1"), pay("A", "C", 200, "SH-PAY-1"),
                             pay("B", "C", 200, "SH-PAY-1")]
    assert r["winners"][0]["points"] == 40 and r["winners"][0]["patterns"][0]["rule"] == "SH-BD-3"
    assert r["huang_fan"]["after"] == 0


def test_d49_three_wilds_are_not_four():  # SH-BD-3 near miss: same rule, 4m wild: 5555m natural, no win
    r = rule(doc([baida(FOUR, "4m"), draw("C", "5m"), win("C", "self_draw")], rs("baida", wild_rule="same")))
    assert r["result"] == "false_win"


def test_d50_no_flowers_no_wild_capped():  # SH-FAN-11, 12, 7 under 百搭: F 2, 10 × 4 = 40 → 20, A pays 100
    hands = {**WAITING, "A": WAITING["A"] + "6p", "C": "123m678m789m11s45p"}  # no 5m (the wild) held
    r = rule(doc([baida(hands, "4m", turn="A", phase="discard", flowers={"B": ["1f"]}), discard("A", "6p"),
                  win("C", source="A")], rs("baida")))
    assert counted(r) == (2, 2, 0, 20, 100, ["SH-FAN-7", "SH-FAN-11", "SH-FAN-12"])


def test_d51_a_discarded_wild_is_its_face():  # SH-BD-2: A's 5m (the wild kind) completes C's 46m as 5m;
    # no wild held: 门清 + 无百搭 F 2, H 1: 12, A pays 60 (no SH-BD-4)
    hands = {**WAITING, "A": "2266m2345s3678p4z5m", "C": "123m46m789m11s678p"}
    r = rule(doc([baida(hands, "4m", turn="A", phase="discard"), discard("A", "5m"), win("C", source="A")],
                 rs("baida")))
    assert r["payments"] == [pay("A", "C", 60, "SH-PAY-2")]
    assert counted(r) == (2, 2, 1, 12, 60, ["SH-FAN-7", "SH-FAN-12"])


# --- 清混碰 (special_only) ----------------------------------------------------------------------------

def test_d52_qinghunpeng_a_plain_hand_never_wins():  # SH-HU-2 special_only: H 3 plain on 6p: false
    s = state(flowers={"B": ["1f"], "C": ["2f", "3f", "4f"]}, knocked=())
    r = rule(doc([s, discard("A", "6p"), win("C", source="A")], rs("qinghunpeng")))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-HU-2", "ruled")] and r["net"]["C"] == -300


def test_d53_qinghunpeng_no_flowers_is_special():  # SH-FAN-11: 无花果 + 门清 F 1: 20, A pays 100; no knock
    s = state(flowers={"B": ["1f"]}, knocked=())
    r = rule(doc([s, discard("A", "6p"), win("C", source="A")], rs("qinghunpeng")))
    assert r["payments"] == [pay("A", "C", 100, "SH-PAY-2")]


# --- 包三口 mutual, the liability from a ``state`` (SH-BAO-1, 3) -----------------------------------------

MUTUAL_HANDS = {"A": "234m567m345s2288s", "B": "123456789p11z9m6s", "C": "45p77s",
                "D": "3468m678p12p134z8s9s"}
MUTUAL_MELDS = {"C": [{"kind": "pon", "tiles": "111m", "from": "A"}, {"kind": "pon", "tiles": "999s", "from": "A"},
                      {"kind": "pon", "tiles": "333z", "from": "A"}]}


def mutual(option):
    # A (the feeder of C's three claims, knocked, 1f 2f 3f) wins on D's 8s: 234m 567m 345s 888s 22s,
    # plain, 门清 F 1, H 3: P 10, D pays 50; under mutual C (covered) pays A 50 more
    s = state(hands=copy.deepcopy(MUTUAL_HANDS), melds=MUTUAL_MELDS, turn="D", knocked=("A",),
              flowers={"A": ["1f", "2f", "3f"]})
    return rule(doc([s, discard("D", "8s"), win("A", source="D")], rs(bao_san_kou=option)))


def test_d54_mutual_the_covered_player_pays_on_the_feeders_win():  # SH-BAO-1 mutual
    r = mutual("mutual")
    assert r["payments"] == [pay("D", "A", 50, "SH-PAY-2"), pay("C", "A", 50, "SH-BAO-1", "SH-BAO-1")]
    assert r["net"] == {"A": 100, "B": 0, "C": -50, "D": -50}
    assert ("SH-BAO-1", "ruled") in rules_of(r)


def test_d55_feeder_only_near_miss():  # SH-BAO-1 feeder: the feeder's own win carries no extra share
    r = mutual("feeder")
    assert r["payments"] == [pay("D", "A", 50, "SH-PAY-2")]


# --- claims (SH-PR) ------------------------------------------------------------------------------------

def test_d56_a_win_beats_a_pon_recorded_first():  # SH-PR-1, SH-PR-4: D's pon undone, B wins: A pays 80
    hands = {**WAITING, "A": "2256m2345s3678p1z2z"}
    events = [state(hands=hands), discard("A", "2z"), {"type": "pon", "player": "D", "tile": "2z",
                                                        "with": ["2z", "2z"]}, win("B", source="A")]
    r = rule(doc(events))
    assert r["payments"] == [pay("A", "B", 80, "SH-PAY-2")] and r["result"] == "win"


# --- the next hand, a knocked kong, the cap option on a false win ----------------------------------

def test_d57_the_dealer_wins_and_keeps_with_a_streak():  # SH-FLOW-9: C deals and self-draws: (2 + 3) × 2
    # = 10, 50 from each, +150; C deals again, streak 1
    d = doc([state(turn="C", phase="draw", flowers=C3), draw("C", "6p"), win("C", "self_draw")])
    d["hand"]["dealer"] = "C"
    r = rule(d)
    assert r["net"] == {"A": -50, "B": -50, "C": 150, "D": -50}
    assert r["next"] == {"dealer": "C", "streak": 1, "round_wind": None, "huang_fan": 0}


def test_d58_a_recorded_dealer_against_the_last_ruling():  # SH-FLOW-10: C won hand 1, hand 2 records A
    # hand 2 is ruled with A as recorded (B's win on D's 2z: 80) and SH-FLOW-10 is listed against A;
    # game: A −50, B −50 + 80 = 30, C +150, D −50 − 80 = −130
    from api.documents.documents import adjudicate_data
    first = doc([state(turn="C", phase="draw", flowers=C3), draw("C", "6p"), win("C", "self_draw")])["hand"]
    second = doc([state(turn="D"), discard("D", "2z"), win("B", source="D")])["hand"]
    data = doc([])
    del data["hand"]
    data["hands"] = [first, second]
    g = adjudicate_data(data)
    assert [(f["rule"], f["player"]) for f in g["hands"][1]["rulings"]] == [("SH-FLOW-10", "A")]
    assert g["net"] == {"A": -50, "B": 30, "C": 150, "D": -130}


def test_d59_false_win_priced_on_the_lezi_option():  # SH-ZH-2 reverse_lezi with lezi 10: 50 to each
    r = rule(doc([state(turn="D", knocked=("C",)), discard("D", "2z"), win("B", source="D")], rs(lezi=10)))
    assert r["net"] == {"A": 50, "B": -150, "C": 50, "D": 50}


KONG_C = {**WAITING, "A": WAITING["A"] + "1s", "C": "123m456m789m111s4p"}


def test_d60_a_knocked_claimed_kong_that_keeps_the_waits():  # SH-QIAO-2: allowed (waits 4p before and
    # after); C wins on D's 4p: H 3 + an exposed suit kong 1 = 4, no 门清, F 0: P 6, D pays 30
    events = [state(hands=KONG_C, flowers=C3), discard("A", "1s"),
              {"type": "kong", "player": "C", "kind": "claimed", "tiles": ["1s"] * 4},
              draw("C", "9s", back=True), discard("C", "9s"), draw("D", "4p"), discard("D", "4p"),
              win("C", source="D")]
    r = rule(doc(events))
    assert r["rulings"] == [] and r["payments"] == [pay("D", "C", 30, "SH-PAY-2")]
    assert counted(r) == (0, 0, 4, 6, 30, [])


def test_d61_a_knocked_pon_is_a_wrong_claim():  # SH-QIAO-2, SH-IRR-4: C pons 1s (locked): listed;
    # reported by D before the win: dead (相公), his win on 4p is false: 100 to each
    events = [state(hands={**KONG_C, "C": "123m456m789m11s4p9p"}, flowers=C3), discard("A", "1s"),
              {"type": "pon", "player": "C", "tile": "1s", "with": ["1s", "1s"]}, discard("C", "9p"),
              {"type": "report", "by": "D", "against": "C", "offence": "SH-IRR-4"},
              draw("D", "4p"), discard("D", "4p"), win("C", source="D")]
    r = rule(doc(events))
    assert ("SH-IRR-4", "ruled") in rules_of(r) and ("SH-ZH-1", "ruled") in rules_of(r)
    assert r["net"] == {"A": 100, "B": 100, "C": -300, "D": 100}


def test_d65_head_bump_when_the_first_is_false():  # SH-PR-2 head_bump, SH-ZH-4: D (first after C) has not
    # knocked: his declaration is false (100 to each of A, B, C); B's valid one wins: C pays 80; B deals
    from tests.test_sh_disputes import WRAP, WRAP_FLOWERS
    r = rule(doc([state(hands=WRAP, turn="C", knocked=("B",), flowers=WRAP_FLOWERS), discard("C", "2z"),
                  win("B", source="C"), win("D", source="C")], rs(multiple_winners="head_bump")))
    assert pay("C", "B", 80, "SH-PAY-2") in r["payments"]
    assert r["net"] == {"A": 100, "B": 180, "C": 20, "D": -300} and r["result"] == "win"
    assert r["next"]["dealer"] == "B"


DEALT = {"A": "2256m2345s3678p4z1z", "B": "111p333p999p333z2z", "C": "123m456m789m11s45p", "D": "34789m6789s2p12z8f"}


def test_d66_from_the_deal_a_flower_turned_up_then_nine():  # SH-FLOW-4, SH-BD-1 (1f laid aside, 9s → 1s)
    # C's 1s pair is wild; he draws 6p: 123m 456m 789m 456p + two wilds as a pair. No flowers: 无花果,
    # 门清: F 1, P = min(10 × 2, 20) = 20: 100 from each, +300
    events = [{"type": "deal", "hands": DEALT}, {"type": "flower", "player": "D", "tile": "8f"},
              draw("D", "2z", back=True), {"type": "indicator", "tile": "1f"}, {"type": "indicator", "tile": "9s"},
              discard("A", "1z"), draw("B", "5s"), discard("B", "5s"), draw("C", "6p"), win("C", "self_draw")]
    r = rule(doc(events, rs("baida")))
    assert counted(r) == (1, 1, 0, 20, 100, ["SH-FAN-7", "SH-FAN-11"])
    assert r["net"] == {"A": -100, "B": -100, "C": 300, "D": -100}


def test_d67_from_the_deal_the_same_rule():  # SH-BD-1 same: 9s wild, C holds none; the 1s pair natural:
    # 123m 456m 789m 456p 11s: 门清 + 无百搭 + 无花果: F 2, 10 × 4 = 40 → 20: 100 from each
    events = [{"type": "deal", "hands": DEALT}, {"type": "flower", "player": "D", "tile": "8f"},
              draw("D", "2z", back=True), {"type": "indicator", "tile": "1f"}, {"type": "indicator", "tile": "9s"},
              discard("A", "1z"), draw("B", "5s"), discard("B", "5s"), draw("C", "6p"), win("C", "self_draw")]
    r = rule(doc(events, rs("baida", wild_rule="same")))
    assert counted(r) == (2, 2, 0, 20, 100, ["SH-FAN-7", "SH-FAN-11", "SH-FAN-12"])


# --- irregularities (SH-IRR) -------------------------------------------------------------------------

def test_d71_a_wrong_kong_standing_at_the_declaration():  # SH-IRR-2, SH-ZH-1: 111s + 2s "kong": a false
    # set; C's self-draw on 5p is false at once: 100 to each, A keeps the deal
    events = [state(hands={**WAITING, "C": "123m456m789m111s5p"}, turn="C", phase="draw", flowers=C3),
              draw("C", "2s"), {"type": "kong", "player": "C", "kind": "concealed", "tiles": ["1s", "1s", "1s", "2s"]},
              draw("C", "5p", back=True), win("C", "self_draw")]
    r = rule(doc(events))
    assert ("SH-ZH-1", "ruled") in rules_of(r) and ("SH-IRR-2", "ruled") in rules_of(r)
    assert r["net"] == {"A": 100, "B": 100, "C": -300, "D": 100}
    assert r["next"] == {"dealer": "A", "streak": 1, "round_wind": None, "huang_fan": 0}


KEPT = [state(turn="D", phase="draw"), draw("D", "7z"), discard("D", "2p"),
        {"type": "admit", "player": "D", "offence": "SH-IRR-3"}, draw("A", "9m"), discard("A", "4z")]


def test_d72_an_admitted_flower_kept_the_others_play_on():  # SH-IRR-3 admitted: D dead, no money for it;
    # B self-draws 2z: 混碰 F 2, H 2: 16, 80 from each, +240
    r = rule(doc(KEPT + [draw("B", "2z"), win("B", "self_draw")]))
    assert r["net"] == {"A": -80, "B": 240, "C": -80, "D": -80}
    assert [(f["rule"], f["status"], f["at"]) for f in r["rulings"]] == [("SH-IRR-3", "ruled", 3)]


def test_d73_the_dead_hand_may_not_win():  # SH-IRR-0, 3, SH-HU-1: D's later self-draw is false: 100 to each
    r = rule(doc(KEPT + [draw("B", "5s"), discard("B", "5s"), draw("C", "7s"), discard("C", "7s"),
                         draw("D", "9m"), win("D", "self_draw")]))
    assert r["result"] == "false_win" and ("SH-ZH-1", "ruled") in rules_of(r)
    assert r["net"] == {"A": 100, "B": 100, "C": 100, "D": -300}


def test_d74_last_tile_after_a_flower():  # SH-FAN-7, 8, 10 together: wall 2; C draws 8f (1 left), lays it
    # out, draws the last tile 6p from the far end and wins: H 3 + 8f = 4, F 3: 6 × 8 = 48 → 20, 100 each
    events = [state(turn="C", phase="draw", flowers=C3, wall_left=2), draw("C", "8f"),
              {"type": "flower", "player": "C", "tile": "8f"}, draw("C", "6p", back=True), win("C", "self_draw")]
    r = rule(doc(events))
    assert counted(r) == (3, 3, 4, 20, 100, ["SH-FAN-7", "SH-FAN-8", "SH-FAN-10"])
    assert r["net"] == {"A": -100, "B": -100, "C": 300, "D": -100}


def test_d75_a_dragon_indicator_when_dragons_are_tiles():  # SH-BD-1 next among the dragons (rulebook
    # silent; ruled in the order of their codes 白 5z → 發 6z → 中 7z → 白): 發 turned up, 中 wild.
    # C's 中 stands for 5s: 123m 456m 789m 456p (6p drawn) 55s: 门清 F 1, H 1 (2f): 6, 30 each, +90
    hands = {**WAITING, "C": "123m456m789m45p5s7z"}
    r = rule(doc([baida(hands, "6z"), draw("C", "6p"), win("C", "self_draw")], rs("baida", dragons_as_flowers=False)))
    assert counted(r) == (1, 1, 1, 6, 30, ["SH-FAN-7"]) and r["net"]["C"] == 90
    near = rule(doc([baida(hands, "5z"), draw("C", "6p"), win("C", "self_draw")], rs("baida", dragons_as_flowers=False)))
    assert near["result"] == "false_win"  # near miss: 白 turned up makes 發 wild; the 中 is its face


def test_d76_dealer_and_counter_both_contradicted_one_ruling():  # SH-FLOW-10: one ruling for the hand,
    # naming both; the recorded values are used: Z 1 recorded, a 荒番 hand: B 32 × 5 = 160 from D
    from api.documents.documents import adjudicate_data
    first = doc([state(turn="C", phase="draw", flowers=C3), draw("C", "6p"), win("C", "self_draw")])["hand"]
    second = doc([state(turn="D"), discard("D", "2z"), win("B", source="D")], huang_fan=1)["hand"]
    data = doc([])
    del data["hand"]
    data["hands"] = [first, second]
    hand = adjudicate_data(data)["hands"][1]
    assert [(f["rule"], f["player"]) for f in hand["rulings"]] == [("SH-FLOW-10", "A")]
    assert "dealer A (expected C)" in hand["rulings"][0]["decision"]
    assert "荒番 1 (expected 0)" in hand["rulings"][0]["decision"] and "荒番1（应为0）" in hand["rulings"][0]["decision_zh"]
    assert hand["net"] == {"A": 0, "B": 160, "C": 0, "D": -160}
