"""Shanghai disputes (RULEBOOK_SH, preset `qiaoma` unless said, base 5), each worked out by hand from
the rulebook in its comment before it was run: knocks, flowers, 番 rows, the share and its cap,
payers, several winners, 荒番 and its counter, 包三口, the false win. Part 1 of the club referee's set
(``tests/test_sh_disputes2.py``: 漏胡, 百搭, irregularities, ``state`` starts)."""
import pytest

from api.documents.documents import adjudicate_data
from referee.errors import InputError
from tests.shkit import WAITING, discard, doc, draw, knock, rule, rules_of, state, win


def pay(frm, to, amount, clause, liability=None) -> dict:
    out = {"from": frm, "to": to, "amount": amount, "rule": clause}
    if liability:
        out["liability"] = liability
    return out


def rs(preset="qiaoma", **options) -> dict:
    return {"preset": preset, "base": 5, "options": options}


def counted(r, k=0) -> tuple:
    w = r["winners"][k]
    return w["fan"], w["fan_paid"], w["flowers"], w["points"], w["value"], [p["rule"] for p in w["patterns"]]


def refused(document) -> dict:
    with pytest.raises(InputError) as err:
        adjudicate_data(document)
    return err.value.errors


C3 = {"B": ["1f"], "C": ["2f", "3f", "4f"]}


# --- 敲 (SH-QIAO) ----------------------------------------------------------------------------------

def test_d01_knock_after_a_draw_is_refused():  # SH-QIAO-1, §15: only right after his own discard
    # D discards 4z, A draws 5p and "knocks": an input error at event 3 (the knock)
    errors = refused(doc([state(turn="D"), discard("D", "4z"), draw("A", "5p"), knock("A")]))
    assert any(k.startswith("hand.events[3]") for k in errors)


def test_d02_knock_after_another_players_discard_is_refused():  # SH-QIAO-1
    errors = refused(doc([state(turn="D"), discard("D", "4z"), knock("A")]))
    assert any(k.startswith("hand.events[2]") for k in errors)


def test_d03_a_second_knock_is_refused():  # SH-QIAO-1: C has knocked already in the state
    errors = refused(doc([state(turn="C"), discard("C", "7p"), knock("C")]))
    assert any(k.startswith("hand.events[2]") for k in errors)


def test_d04_self_draw_without_knock_in_a_huang_fan_hand():  # SH-QIAO-4, SH-ZH-1..3, SH-HF-4
    # C (not knocked, no flowers) draws 3p and declares: false. reverse_lezi: 20 × 5 = 100 to each of
    # D, A, B, not doubled though the hand is 荒番 (Z 1, dice 3-5 add 0); the dealer A keeps (streak 1),
    # the counter stays 1
    events = [state(turn="C", phase="draw", knocked=("B",), flowers={"B": ["1f"]}), draw("C", "6p"),
              win("C", "self_draw")]
    r = rule(doc(events, huang_fan=1, dice=[3, 5]))
    assert r["result"] == "false_win" and r["winners"] == []
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-QIAO-4", "ruled")]
    assert sorted((p["to"], p["amount"], p["rule"]) for p in r["payments"]) == [
        ("A", 100, "SH-ZH-2"), ("B", 100, "SH-ZH-2"), ("D", 100, "SH-ZH-2")]
    assert all(p["from"] == "C" for p in r["payments"])
    assert r["net"] == {"A": 100, "B": 100, "C": -300, "D": 100}
    assert r["huang_fan"] == {"before": 1, "dice": 0, "hand": True, "after": 1}
    assert r["next"] == {"dealer": "A", "streak": 1, "round_wind": None, "huang_fan": 1}


def test_d05_the_same_self_draw_knocked_is_a_wuhuaguo():  # near miss of d04: SH-FAN-11, 7, SH-PAY-0, 1
    # C knocked, H 0: 无花果 (0) + 门清 (1): F 1, P = min(10 × 2, 20) = 20; 荒番 ×2 = 40 points, 200
    # from each of D, A, B: C +600; Z 1 → 0; C deals next
    events = [state(turn="C", phase="draw", flowers={"B": ["1f"]}), draw("C", "6p"), win("C", "self_draw")]
    r = rule(doc(events, huang_fan=1, dice=[3, 5]))
    assert counted(r) == (1, 1, 0, 40, 200, ["SH-FAN-7", "SH-FAN-11"])
    assert r["payments"] == [pay("D", "C", 200, "SH-PAY-1"), pay("A", "C", 200, "SH-PAY-1"),
                             pay("B", "C", 200, "SH-PAY-1")]
    assert r["net"] == {"A": -200, "B": -200, "C": 600, "D": -200}
    assert r["next"] == {"dealer": "C", "streak": 0, "round_wind": None, "huang_fan": 0}


def test_d06_a_knock_with_a_discard_that_is_won_on():  # SH-QIAO-1: D's knocking discard is won on by B
    # D discards 2z and knocks; B (knocked) wins: 混碰 F 2, H 1f + 西 pong = 2, P = min(4 × 4, 20) = 16,
    # D pays 80
    r = rule(doc([state(turn="D", knocked=("B",)), discard("D", "2z"), knock("D"), win("B", source="D")]))
    assert r["payments"] == [pay("D", "B", 80, "SH-PAY-2")] and r["result"] == "win"
    assert counted(r) == (2, 2, 2, 16, 80, ["SH-FAN-5"])


# --- 花 (SH-HUA) and the minimum (SH-HU-2) ---------------------------------------------------------

def test_d07_dragons_laid_out_are_flowers_on_a_discard():  # SH-HUA-1, SH-HU-2: 1f 中 發 = H 3
    # C plain 门清 (F 1), H 3: P = (2 + 3) × 2 = 10, A pays 50 on 6p
    flowers = {"B": ["1f"], "C": ["2f", "5z", "6z"]}
    r = rule(doc([state(flowers=flowers), discard("A", "6p"), win("C", source="A")]))
    assert counted(r) == (1, 1, 3, 10, 50, ["SH-FAN-7"])
    assert r["net"] == {"A": -50, "B": 0, "C": 50, "D": 0} and r["next"]["dealer"] == "C"


def test_d08_two_flowers_on_a_discard_is_a_false_win():  # SH-HU-2 (3 on a discard), SH-ZH-1
    # C H 2 (2f 5z), plain: below 3 → false: 100 to each, dealer A keeps
    flowers = {"B": ["1f"], "C": ["2f", "5z"]}
    r = rule(doc([state(flowers=flowers), discard("A", "6p"), win("C", source="A")]))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-HU-2", "ruled")]
    assert r["net"] == {"A": 100, "B": 100, "C": -300, "D": 100} and r["next"]["dealer"] == "A"


def test_d09_two_flowers_self_drawn_wins():  # SH-HU-2 (2 by self-draw), SH-PAY-1
    # C H 2, 门清 F 1: P = (2 + 2) × 2 = 8, 40 from each, +120
    flowers = {"B": ["1f"], "C": ["2f", "5z"]}
    r = rule(doc([state(turn="C", phase="draw", flowers=flowers), draw("C", "6p"), win("C", "self_draw")]))
    assert counted(r) == (1, 1, 2, 8, 40, ["SH-FAN-7"]) and r["net"]["C"] == 120


def test_d10_one_flower_self_drawn_is_false():  # SH-HU-2 near miss of d09: H 1 < 2
    r = rule(doc([state(turn="C", phase="draw", flowers={"B": ["1f"], "C": ["5z"]}), draw("C", "6p"),
                  win("C", "self_draw")]))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-HU-2", "ruled")] and r["net"]["C"] == -300


def test_d11_a_concealed_wind_triplet_is_a_flower():  # SH-HUA-2 暗花
    # C: 123m 456m 東東東 11s 45p + 2f 3f: H = 2 + 1 = 3, 门清 F 1: P = 10, A pays 50 on 3p
    hands = {**WAITING, "C": "123m456m111z11s45p", "A": "2256m2345s3678p4z9s"}
    r = rule(doc([state(hands=hands, flowers={"B": ["1f"], "C": ["2f", "3f"]}), discard("A", "3p"),
                  win("C", source="A")]))
    assert counted(r) == (1, 1, 3, 10, 50, ["SH-FAN-7"])


def test_d12_a_concealed_wind_kong_is_three_flowers():  # SH-HUA-2 (wind_kong_concealed 3), SH-FAN-7
    # C: ankong 東東東東, 123m 456m 11s 45p, no flowers laid out: H 3; concealed kongs keep 门清: F 1,
    # P = (2 + 3) × 2 = 10, A pays 50
    hands = {**WAITING, "C": "123m456m11s45p", "A": WAITING["A"] + "9s"}
    melds = {"B": [{"kind": "pon", "tiles": "333z", "from": "A"}],
             "C": [{"kind": "kong", "tiles": "1111z", "kong": "concealed"}]}
    hands["D"] = "34789m6789s2p224z"
    r = rule(doc([state(hands=hands, melds=melds, flowers={"B": ["1f"]}), discard("A", "6p"),
                  win("C", source="A")]))
    assert counted(r) == (1, 1, 3, 10, 50, ["SH-FAN-7"])


def test_d13_flower_values_option():  # SH-HUA-2 flower_values: the concealed wind kong at 1 → H 1 < 3
    hands = {**WAITING, "C": "123m456m11s45p", "D": "34789m6789s2p224z", "A": WAITING["A"] + "9s"}
    melds = {"B": [{"kind": "pon", "tiles": "333z", "from": "A"}],
             "C": [{"kind": "kong", "tiles": "1111z", "kong": "concealed"}]}
    ruleset = rs(flower_values={"wind_pong": 1, "wind_kong_exposed": 2, "wind_kong_concealed": 1,
                                "suit_kong_exposed": 1, "suit_kong_concealed": 2})
    r = rule(doc([state(hands=hands, melds=melds, flowers={"B": ["1f"]}), discard("A", "6p"),
                  win("C", source="A")], ruleset))
    assert rules_of(r) == [("SH-ZH-1", "ruled"), ("SH-HU-2", "ruled")]


def test_d14_dragons_not_flowers_a_dragon_pong_counts_as_a_wind():  # SH-FLOW-1 off, SH-HUA-2
    # dragons_as_flowers false: C holds 中中中 (7z) concealed: a dragon triplet counts as a wind one, 1;
    # with 2f 3f: H 3; 门清 F 1: P 10, A pays 50
    hands = {**WAITING, "C": "123m456m777z11s45p", "A": "2256m2345s3678p4z9s"}
    r = rule(doc([state(hands=hands, flowers={"B": ["1f"], "C": ["2f", "3f"]}), discard("A", "3p"),
                  win("C", source="A")], rs(dragons_as_flowers=False)))
    assert counted(r) == (1, 1, 3, 10, 50, ["SH-FAN-7"])


def test_d15_a_dragon_held_under_dragons_as_flowers_no_win():  # SH-IRR-3 at the declaration, SH-ZH-1
    # d14's hand at a default table: 中 is a flower tile held in hand: no winning hand; false, 100 each
    hands = {**WAITING, "C": "123m456m777z11s45p", "A": "2256m2345s3678p4z9s"}
    r = rule(doc([state(hands=hands, flowers={"B": ["1f"], "C": ["2f", "3f"]}), discard("A", "3p"),
                  win("C", source="A")]))
    assert r["result"] == "false_win" and r["net"]["C"] == -300
    assert ("SH-ZH-1", "ruled") in rules_of(r)


# --- 番 rows and the share (SH-FAN, SH-PAY-0) --------------------------------------------------------

def test_d16_pure_pongs_capped():  # SH-FAN-6 清碰 (3) + 门清 (1): F 4, H 2 → (2 + 2) × 16 = 64 → 20
    # C: 111m 333m 555m 777m 9m, flowers 2f 3f; A discards 9m: P 20, A pays 100
    hands = {**WAITING, "C": "1113335557779m", "A": "2256m2345s3678p4z9m", "D": "46889p6789s122z4z"}
    r = rule(doc([state(hands=hands, flowers={"B": ["1f"], "C": ["2f", "3f"]}), discard("A", "9m"),
                  win("C", source="A")]))
    assert counted(r) == (4, 4, 2, 20, 100, ["SH-FAN-6", "SH-FAN-7"])
    assert r["payments"] == [pay("A", "C", 100, "SH-PAY-2")]


def test_d17_half_flush_with_winds():  # SH-FAN-3 混一色 (1) + 门清 (1): F 2, H 1 → (2 + 1) × 4 = 12
    # C: 123s 456s 789s 東東 北北 (waits on 東 or 北); wins on D's 東: 東 triplet + 北 pair. A triplet
    # completed by a discard counts 1 like a pong (SH-HUA-2), so H = 2f + 1 = 2, P = (2 + 2) × 4 = 16, 80
    hands = {**WAITING, "C": "123456789s1144z", "D": "34789m6789p2p122z4z"}
    r = rule(doc([state(hands=hands, turn="D", knocked=("C",), flowers={"B": ["1f"], "C": ["2f"]}),
                  discard("D", "1z"), win("C", source="D")]))
    assert counted(r) == (2, 2, 2, 16, 80, ["SH-FAN-3", "SH-FAN-7"])


def test_d18_kong_bloom_on_a_flower_replacement():  # SH-FAN-8 (after a flower), SH-HUA-1
    # C (2f) draws 8f, lays it out, draws 6p from the far end and wins: H 2, 门清 + 杠开: F 2,
    # P = (2 + 2) × 4 = 16: 80 from each, +240
    events = [state(turn="C", phase="draw", flowers={"B": ["1f"], "C": ["2f"]}), draw("C", "8f"),
              {"type": "flower", "player": "C", "tile": "8f"}, draw("C", "6p", back=True), win("C", "self_draw")]
    r = rule(doc(events))
    assert counted(r) == (2, 2, 2, 16, 80, ["SH-FAN-7", "SH-FAN-8"]) and r["net"]["C"] == 240


@pytest.mark.parametrize("wall, fan, each", [
    pytest.param(1, 2, 100, id="last-tile"),  # 门清 + 海底捞月: (2 + 3) × 4 = 20, 100 from each
    pytest.param(2, 1, 50, id="near-miss-not-last"),  # 门清 only: 5 × 2 = 10, 50
])
def test_d19_bottom_of_the_sea(wall, fan, each):  # SH-FAN-10
    r = rule(doc([state(turn="C", phase="draw", flowers=C3, wall_left=wall), draw("C", "6p"),
                  win("C", "self_draw")]))
    assert r["winners"][0]["fan"] == fan and r["net"] == {"A": -each, "B": -each, "C": 3 * each, "D": -each}


def test_d20_big_cart_on_four_melds():  # SH-FAN-9 大吊车
    # C: chi 123m and 789p from B, pon 555s from A, pon 777s from D, 1s left; A discards 1s:
    # 大吊车 F 1, H 3 (2f 3f 4f; suit pongs add nothing): P = (2 + 3) × 2 = 10, A pays 50
    melds = {"B": [{"kind": "pon", "tiles": "333z", "from": "A"}],
             "C": [{"kind": "chi", "tiles": "123m", "from": "B"}, {"kind": "pon", "tiles": "555s", "from": "A"},
                   {"kind": "pon", "tiles": "777s", "from": "D"}, {"kind": "chi", "tiles": "789p", "from": "B"}]}
    hands = {**WAITING, "C": "1s", "A": WAITING["A"] + "1s"}
    r = rule(doc([state(hands=hands, melds=melds, flowers=C3), discard("A", "1s"), win("C", source="A")]))
    assert counted(r) == (1, 1, 3, 10, 50, ["SH-FAN-9"]) and r["payments"] == [pay("A", "C", 50, "SH-PAY-2")]


# --- several winners (SH-PR-2, SH-PAY-4, SH-FLOW-9) ------------------------------------------------

#: C discards 2z: B (混碰, P 16) and D (123s 456s 789s 234m 2z: 门清, H 3, P 10) both wait on it
WRAP = {**WAITING, "C": "123m456m789m11s2z79p", "D": "123s456s789s234m2z"}
WRAP_FLOWERS = {"B": ["1f"], "D": ["2f", "3f", "4f"]}


def test_d21_two_winners_the_next_dealer_wraps_round():  # SH-PAY-4, SH-FLOW-9
    # C pays B 80 and D 50; the winner first in turn order after C is D (D, A, B), D deals next
    r = rule(doc([state(hands=WRAP, turn="C", knocked=("B", "D"), flowers=WRAP_FLOWERS), discard("C", "2z"),
                  win("B", source="C"), win("D", source="C")]))
    assert r["payments"] == [pay("C", "B", 80, "SH-PAY-4"), pay("C", "D", 50, "SH-PAY-4")]
    assert r["net"] == {"A": 0, "B": 80, "C": -130, "D": 50}
    assert r["next"] == {"dealer": "D", "streak": 0, "round_wind": None, "huang_fan": 0}


def test_d22_head_bump_takes_the_first_after_the_discarder():  # SH-PR-2 head_bump
    # only D wins (first after C): C pays D 50 as a single discard win (SH-PAY-2); D deals next
    r = rule(doc([state(hands=WRAP, turn="C", knocked=("B", "D"), flowers=WRAP_FLOWERS), discard("C", "2z"),
                  win("B", source="C"), win("D", source="C")], rs(multiple_winners="head_bump")))
    assert r["payments"] == [pay("C", "D", 50, "SH-PAY-2")] and r["net"]["B"] == 0
    assert r["next"]["dealer"] == "D" and r["result"] == "win"


def test_d23_a_false_declaration_beside_a_valid_one():  # SH-ZH-4
    # D has not knocked: his declaration is false (100 to each of A, B, C); B's stands: C pays 80 (one
    # valid winner: SH-PAY-2); result win, B deals next, Z 1 → 0 (a valid win) and B's share doubled
    # in this 荒番 hand: 32 × 5 = 160
    r = rule(doc([state(hands=WRAP, turn="C", knocked=("B",), flowers=WRAP_FLOWERS), discard("C", "2z"),
                  win("B", source="C"), win("D", source="C")], huang_fan=1))
    assert r["result"] == "win" and ("SH-ZH-1", "ruled") in rules_of(r) and ("SH-QIAO-4", "ruled") in rules_of(r)
    assert pay("C", "B", 160, "SH-PAY-2") in r["payments"]
    assert sorted((p["from"], p["to"], p["amount"]) for p in r["payments"] if p["rule"] == "SH-ZH-2") == [
        ("D", "A", 100), ("D", "B", 100), ("D", "C", 100)]
    assert r["net"] == {"A": 100, "B": 260, "C": -60, "D": -300}
    assert r["next"]["dealer"] == "B" and r["huang_fan"]["after"] == 0


# --- 荒番 (SH-HF) -------------------------------------------------------------------------------------

PURE = {**WAITING, "C": "1113335557779m", "A": "2256m2345s3678p4z9m", "D": "46889p6789s122z4z"}


def test_d24_dice_one_one_double_the_capped_share():  # SH-HF-2, 3, SH-PAY-0 (cap before the factor)
    # d16's 清碰 门清 (P 20 after the cap); Z 0, dice 1-1 add 2: a 荒番 hand, P 40, A pays 200; Z 2 → 1
    r = rule(doc([state(hands=PURE, flowers={"B": ["1f"], "C": ["2f", "3f"]}), discard("A", "9m"),
                  win("C", source="A")], dice=[1, 1]))
    assert counted(r) == (4, 4, 2, 40, 200, ["SH-FAN-6", "SH-FAN-7"])
    assert r["huang_fan"] == {"before": 0, "dice": 2, "hand": True, "after": 1} and r["next"]["huang_fan"] == 1


def test_d25_a_game_draw_false_win_win():  # SH-HF-4 across three hands, SH-FLOW-9
    # hand 1: Z 0, dice 2-3 (0), drawn out: Z 1, A keeps (streak 1)
    # hand 2: Z 1, dice 6-6 (+1) = 2; C's unknocked self-draw is false: 100 to each; Z stays 2, A keeps
    # hand 3: Z 2: 荒番; B wins on D's 2z: 16 × 2 = 32 points, 160; Z 1; B deals next
    first = doc([state(turn="A", wall_left=0), discard("A", "1z"), {"type": "exhaustive_draw"}], dice=[2, 3])["hand"]
    second = doc([state(turn="C", phase="draw", knocked=("B",), flowers={"B": ["1f"]}), draw("C", "6p"),
                  win("C", "self_draw")], dice=[6, 6])["hand"]
    third = doc([state(turn="D"), discard("D", "2z"), win("B", source="D")])["hand"]
    data = doc([])
    del data["hand"]
    data["hands"] = [first, second, third]
    g = adjudicate_data(data)
    assert [h["huang_fan"] for h in g["hands"]] == [
        {"before": 0, "dice": 0, "hand": False, "after": 1}, {"before": 1, "dice": 1, "hand": True, "after": 2},
        {"before": 2, "dice": 0, "hand": True, "after": 1}]
    assert [h["next"]["dealer"] for h in g["hands"]] == ["A", "A", "B"]
    assert [h["next"]["streak"] for h in g["hands"]] == [1, 2, 0]
    assert g["net"] == {"A": 100, "B": 260, "C": -300, "D": -60}
    assert all(h["rulings"] == [] for h in (g["hands"][0], g["hands"][2]))


# --- 包三口 (SH-BAO-1) --------------------------------------------------------------------------------

BAO_HANDS = {"A": "2256m2345s678p134z", "B": "123456789p112s2z", "C": "33z45p77s8s", "D": "34789m6789s2p122z"}
BAO_MELDS = {"C": [{"kind": "pon", "tiles": "111m", "from": "A"}, {"kind": "pon", "tiles": "999s", "from": "A"}]}


def bao(tail, ruleset=None, **fields):
    return rule(doc([state(hands=BAO_HANDS, melds=BAO_MELDS, flowers={"C": ["1f", "2f"]}, knocked=()),
                     discard("A", "3z"), {"type": "pon", "player": "C", "tile": "3z", "with": ["3z", "3z"]},
                     discard("C", "8s"), knock("C")] + tail, ruleset, **fields))


def test_d26_the_feeder_discards_the_winning_tile():  # SH-BAO-1: 2P when X is the discarder
    # C: 1f 2f + 西 pong = H 3, F 0: P 5, 25; A discards 6p: A pays 25 (SH-PAY-2) + 25 (SH-BAO-1)
    r = bao([draw("D", "5s"), discard("D", "5s"), draw("A", "9m"), discard("A", "6p"), win("C", source="A")])
    assert r["payments"] == [pay("A", "C", 25, "SH-PAY-2"), pay("A", "C", 25, "SH-BAO-1", "SH-BAO-1")]
    assert r["net"] == {"A": -50, "B": 0, "C": 50, "D": 0}
    assert [(f["rule"], f["player"], f["at"]) for f in r["rulings"]] == [("SH-BAO-1", "A", 2)]


def test_d27_the_liability_is_listed_without_a_covered_win():  # SH-BAO-3: listed at the claim, no money
    r = bao([draw("D", "5s"), discard("D", "5s")])
    assert r["result"] == "open" and r["payments"] == [] and r["net"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert [(f["rule"], f["player"], f["at"], f["status"]) for f in r["rulings"]] == [("SH-BAO-1", "A", 2, "ruled")]


def test_d28_huang_fan_doubles_the_bao_share_too():  # SH-BAO-1 + SH-HF-3
    # d26 in a 荒番 hand (Z 1): P 5 × 2 = 10, 50; A pays 50 + 50
    r = bao([draw("D", "5s"), discard("D", "5s"), draw("A", "9m"), discard("A", "6p"), win("C", source="A")],
            huang_fan=1)
    assert r["payments"] == [pay("A", "C", 50, "SH-PAY-2"), pay("A", "C", 50, "SH-BAO-1", "SH-BAO-1")]
    assert r["winners"][0]["points"] == 10 and r["winners"][0]["value"] == 50


def test_d78_the_examples_of_sh_pay_0_and_1():  # SH-PAY-0, SH-PAY-1: a plain self-draw, H 5, F 0:
    # (2 + 5) × 1 = 7 points, 35 a share; each of the three pays 35, +105. C: pon 777s (so no 门清),
    # 123m 456m 789m and 4p waiting for its pair; 1f–5f laid out
    melds = {"B": [{"kind": "pon", "tiles": "333z", "from": "A"}], "C": [{"kind": "pon", "tiles": "777s", "from": "A"}]}
    s = state(hands={**WAITING, "C": "123m456m789m4p"}, melds=melds, turn="C", phase="draw",
              flowers={"C": ["1f", "2f", "3f", "4f", "5f"]})
    r = rule(doc([s, draw("C", "4p"), win("C", "self_draw")]))
    assert counted(r) == (0, 0, 5, 7, 35, [])
    assert r["payments"] == [pay("D", "C", 35, "SH-PAY-1"), pay("A", "C", 35, "SH-PAY-1"), pay("B", "C", 35, "SH-PAY-1")]
    assert r["net"] == {"A": -35, "B": -35, "C": 105, "D": -35}
