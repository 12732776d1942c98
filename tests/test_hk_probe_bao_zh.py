"""Probe (acceptance-style) cases for Hong Kong: 包 chosen among several (HK-BAO-5 > HK-BAO-2 >
HK-BAO-1, `share`; HK-BAO-8, 9), a false win after liabilities (HK-BAO-10, HK-ZH-3, HK-ZH-4), several
false declarations (HK-ZH-5), each preset's values on one hand (§9.2), the last tile (HK-FAN-19,
20, HK-FLOW-8) and the discard window (HK-PR-3). `base` 5, `club` unless named."""
import pytest

from tests.hkkit import WAITING, discard, doc, draw, rule, rules_of, state, win


def m(kind, tiles, frm):
    return {"kind": kind, "tiles": tiles, "tile": tiles[0] + tiles[-1], "from": frm}


def paid(hand):
    return sorted((p["from"], p["to"], p["amount"], p["rule"], p.get("liability", "")) for p in hand["payments"])


def club(**options):
    return {"preset": "club", "base": 5, "options": options}


# C has ponged 白 and 發 from B and 中 from A (大三元包: A); he claims D's 8s as a kong (his fourth
# set: 十二張落地 D) and wins on its replacement 9s (槓上開花包: D).  大三元 5 + 番子 3 + 對對糊 3 +
# 混一色 3 + 槓上開花 1 + 自摸 1 + 無花 1 = 17 → F 10, P = 5 × 128 = 640, 3P = 1920.
BLOOM_HANDS = {"A": "123456789p1234m", "B": "123456789m1122z", "C": "888s9s", "D": "8s456m789m33z44z3s55s"}
BLOOM_MELDS = {"C": [m("pon", "555z", "B"), m("pon", "666z", "B"), m("pon", "777z", "A")]}
KONG = {"type": "kong", "player": "C", "kind": "claimed", "tiles": "8888s"}


def bloom(tile="9s"):
    return [state(BLOOM_HANDS, melds=BLOOM_MELDS, turn="D"), discard("D", "8s"), KONG,
            draw("C", tile, back=True), win("C", "self_draw", tile)]


def test_kong_bloom_bao_outranks_big_dragons_and_twelve_down():  # HK-BAO-5, HK-BAO-8 precedence
    hand = rule(doc(bloom()))
    w = hand["winners"][0]
    assert (w["fan"], w["fan_paid"], w["portion"]) == (17, 10, 640)
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [
        ("HK-BAO-2", "A", 0), ("HK-BAO-1", "D", 2), ("HK-BAO-5", "D", 2)]
    assert paid(hand) == [("D", "C", 640, "HK-PAY-1", ""), ("D", "C", 640, "HK-PAY-1", "HK-BAO-5"),
                          ("D", "C", 640, "HK-PAY-1", "HK-BAO-5")]


def test_share_splits_3p_between_the_distinct_liable_players():  # HK-BAO-8 share
    hand = rule(doc(bloom(), club(liability_combination="share")))
    assert paid(hand) == [("A", "C", 960, "HK-PAY-1", "HK-BAO-2"), ("D", "C", 960, "HK-PAY-1", "HK-BAO-5")]


@pytest.mark.parametrize("off, payer, liability", [
    ({"kong_bloom_bao": False}, "A", "HK-BAO-2"),
    ({"kong_bloom_bao": False, "big_three_dragons_bao": False}, "D", "HK-BAO-1"),
])
def test_with_a_liability_switched_off_the_next_one_acts(off, payer, liability):  # HK-BAO-8
    hand = rule(doc(bloom(), club(**off)))
    assert hand["net"] == {"A": 0, "B": 0, "C": 1920, "D": 0, payer: -1920}
    assert sorted(p.get("liability") or "-" for p in hand["payments"]) == ["-", liability, liability]
    assert "HK-BAO-5" not in [r for r, _ in rules_of(hand)]


def test_near_miss_every_liability_off_the_three_pay():  # HK-PAY-1
    hand = rule(doc(bloom(), club(kong_bloom_bao=False, big_three_dragons_bao=False, twelve_down=False)))
    assert hand["net"] == {"A": -640, "B": -640, "C": 1920, "D": -640} and hand["rulings"] == []


def test_a_false_win_after_liabilities_pays_no_liability():  # HK-BAO-10, HK-ZH-3, HK-ZH-4
    hand = rule(doc(bloom("3s")))  # 888s kong + 9s 3s: no pair
    assert hand["result"] == "false_win"
    assert [r for r, _ in rules_of(hand)] == ["HK-BAO-2", "HK-BAO-1", "HK-ZH-1"]  # no HK-BAO-5: no bloom
    assert paid(hand) == [("C", p, 640, "HK-ZH-2", "") for p in "ABD"]
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": "1z"}


# several false declarations, no valid one (HK-ZH-5) ------------------------------------------------

def test_two_false_declarations_each_pays_the_dealer_keeps():  # HK-ZH-5, HK-ZH-4
    events = [state(), discard("A", "9p"), win("B", "discard", "9p", "A"), win("D", "discard", "9p", "A")]
    hand = rule(doc(events, streak=2))
    assert hand["result"] == "false_win" and [r for r, _ in rules_of(hand)] == ["HK-ZH-1", "HK-ZH-1"]
    assert hand["net"] == {"A": 1280, "B": -1280, "C": 1280, "D": -1280}
    assert hand["next"] == {"dealer": "A", "streak": 2, "round_wind": "1z"}


def test_a_dealer_among_the_false_declarers_loses_the_deal():  # HK-ZH-5
    hands = dict(WAITING, A="123456789p444m1z", D="2233445566778p9p")
    events = [state(hands, turn="D"), discard("D", "9p"), win("A", "discard", "9p", "D"),
              win("B", "discard", "9p", "D")]
    hand = rule(doc(events, dealer="B", streak=2))
    assert hand["net"] == {"A": -1280, "B": -1280, "C": 1280, "D": 1280}
    assert hand["next"] == {"dealer": "C", "streak": 0, "round_wind": "1z"}


def test_under_always_a_non_dealers_false_win_passes_the_deal():  # HK-ZH-4 always
    events = [state(), discard("A", "9p"), win("B", "discard", "9p", "A")]
    hand = rule(doc(events, club(dealer_rotation="always"), streak=2))
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}
    hand = rule(doc(events, club(dealer_rotation="dealer_win_or_draw"), streak=2))  # near miss
    assert hand["next"] == {"dealer": "A", "streak": 2, "round_wind": "1z"}


# each preset's values on one hand (§9.2) -----------------------------------------------------------

# C (the dealer, holding 菊 3f) wins on A's 9s with 白發中 concealed, 123s and 9s 9s.
PRESET_HANDS = dict(WAITING, C="555z666z777z123s9s", B="123456789m1p4z4z5s", A="123456789p444m9s1z")
PRESET_DOC = [state(PRESET_HANDS, flowers={"C": ["3f"]}), discard("A", "9s"), win("C", "discard", "9s", "A")]


@pytest.mark.parametrize("preset, fan, fan_paid, portion, rows", [
    # 大三元 5 + 番子 3 + 混一色 3 + 門前清 1 = 12 (菊 3f is no seat flower of the dealer, and he
    # has a flower: no 無花), capped at 10: P 5 × 128
    ("club", 12, 10, 640, {"HK-FAN-5", "HK-FAN-8", "HK-FAN-12", "HK-FAN-14"}),
    ("tournament", 12, 10, 640, {"HK-FAN-5", "HK-FAN-8", "HK-FAN-12", "HK-FAN-14"}),
    # one row, the best: 大三元 6 (混一色 2; no flower rows); cap 6; spicy: P = 5 × 64
    ("casual", 6, 6, 320, {"HK-FAN-12"}),
])
def test_one_hand_under_each_preset(preset, fan, fan_paid, portion, rows):
    hand = rule(doc(PRESET_DOC, {"preset": preset, "base": 5}, dealer="C", streak=1))
    w = hand["winners"][0]
    assert (w["fan"], w["fan_paid"], w["portion"]) == (fan, fan_paid, portion)
    assert {p["rule"] for p in w["patterns"]} == rows
    assert paid(hand) == [("A", "C", 2 * portion, "HK-PAY-2", "")]
    # the dealer C won: he keeps under club and tournament; casual passes the deal after every hand
    assert hand["next"] == ({"dealer": "D", "streak": 0, "round_wind": "1z"} if preset == "casual"
                            else {"dealer": "C", "streak": 2, "round_wind": "1z"})


@pytest.mark.parametrize("preset, net_b, penalties", [
    ("club", -3 * 640, []), ("casual", -3 * 320, []),
    ("tournament", 0, [{"player": "B", "amount": 1280, "rule": "HK-ZH-2"}]),
])
def test_each_presets_false_win(preset, net_b, penalties):  # HK-ZH-2 per preset
    hand = rule(doc([state(), discard("A", "9p"), win("B", "discard", "9p", "A")], {"preset": preset, "base": 5}))
    assert hand["net"]["B"] == net_b and hand["penalties"] == penalties


# the last tile and the window --------------------------------------------------------------------

W13 = dict(WAITING, A="123456789p444m2s")  # A in his draw phase: 13 tiles


def test_the_last_discard_won_counts_river_bottom():  # HK-FAN-20 河底撈魚
    events = [state(W13, turn="B", phase="draw", wall_left=1), draw("B", "6z"), discard("B", "5s"),
              win("C", "discard", "5s", "B")]
    hand = rule(doc(events))
    assert "HK-FAN-20" in {p["rule"] for p in hand["winners"][0]["patterns"]}
    assert hand["winners"][0]["fan"] == 7 and paid(hand) == [("B", "C", 480, "HK-PAY-2", "")]
    # near miss: one tile earlier it is an ordinary discard (6 番, 2P 320)
    events[0] = state(W13, turn="B", phase="draw", wall_left=2)
    assert rule(doc(events))["net"]["C"] == 320


def test_the_last_tile_self_drawn_counts_sea_bottom():  # HK-FAN-19 海底撈月 + 自摸
    hand = rule(doc([state(W13, turn="C", phase="draw", wall_left=1), draw("C", "5s"), win("C", "self_draw", "5s")]))
    rows = {p["rule"] for p in hand["winners"][0]["patterns"]}
    assert {"HK-FAN-15", "HK-FAN-19"} <= rows and hand["winners"][0]["fan"] == 8
    assert hand["net"] == {"A": -320, "B": -320, "C": 960, "D": -320}


def test_a_claim_on_the_last_discard_is_a_wrong_claim():  # HK-FLOW-8, HK-IRR-4 (unreported)
    hands = dict(W13, D="22334455667p55s")
    events = [state(hands, turn="B", phase="draw", wall_left=1), draw("B", "6z"), discard("B", "5s"),
              {"type": "pon", "player": "D", "tile": "5s", "with": "55s"}, discard("D", "2p"),
              {"type": "exhaustive_draw"}]
    hand = rule(doc(events))
    assert hand["result"] == "exhaustive_draw" and rules_of(hand) == [("HK-IRR-4", "unreported")]


def test_the_next_players_draw_inside_the_window_is_undone_for_the_win():  # HK-PR-3
    hand = rule(doc([state(), discard("A", "2s"), draw("B", "6z"), win("C", "discard", "2s", "A")]))
    assert hand["result"] == "win" and paid(hand) == [("A", "C", 320, "HK-PAY-2", "")]
    # near miss: after B's discard the window is shut (and C has passed the 2s)
    hand = rule(doc([state(), discard("A", "2s"), draw("B", "6z"), discard("B", "6z"), win("C", "discard", "2s", "A")]))
    assert hand["result"] == "false_win" and ("HK-ZH-1", "ruled") in rules_of(hand)


@pytest.mark.parametrize("ruleset, result, net_b", [
    ({"preset": "casual", "base": 5}, "false_win", -960),  # 花糊 is 0 under casual: no flower win
    ({"preset": "club", "base": 5}, "win", 120),  # 3 番, P 40 from each (HK-PAY-4)
    ({"preset": "casual", "base": 5, "fan_table": {"HK-FAN-24": 3}}, "win", 120),  # spicy 2^3 × 5 = 40
])
def test_a_flower_win_under_each_preset(ruleset, result, net_b):  # HK-FAN-0.8, HK-FAN-24
    events = [state(flowers={"B": ["1f", "2f", "3f", "4f", "5f", "6f"]}), discard("A", "9p"), draw("B", "7f"),
              {"type": "flower", "player": "B", "tile": "7f"}, win("B", "flower")]
    hand = rule(doc(events, ruleset))
    assert hand["result"] == result and hand["net"]["B"] == net_b
