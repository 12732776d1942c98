"""Hong Kong 番 rows, money and flow as whole documents from a `state` (RULEBOOK_HK §2, §3, §1):
each case scores a real log under a preset, with the money to the unit, beside a near miss.

`base` 5 throughout. m(F) half-spicy: 1 2 4 8 16 24 32 48 64 96 128 (HK-PAY-0); spicy 2^F.
"""
from __future__ import annotations

from tests.hkkit import discard, doc, draw, rule, state, win
from tests.hkprobekit import (KONG, PON_777M, PONGS, QUIET, _on_discard, _pongs, _self_drawn, _table,  # noqa: F401
                              kong, paid, rows, ruleset, winner)



# ---- HK-FAN-9 / 10: seat and round wind follow the dealer, not the seat letters ----------------

def _south_wind_win(round_wind: str, dealer: str = "B") -> dict:
    # dealer B is East; C is seat 2 (South): C holds 222z concealed and waits on 1s alone
    hands = {"A": "1s1m1p9m9p9s3z3z4z4z6z6z7z7z", **QUIET, "C": "123m456p789s222z1s"}  # A discards 1s
    events = [state(hands, turn="A"), discard("A", "1s"), win("C", "discard", "1s", "A")]
    return rule(doc(events, ruleset(), round_wind=round_wind, dealer=dealer, start_dealer="A"))


def test_seat_and_round_wind_on_one_pong_count_twice():  # HK-FAN-9, HK-FAN-10
    hand = _south_wind_win("2z")
    assert rows(hand, "C") == {"HK-FAN-9": 1, "HK-FAN-10": 1, "HK-FAN-14": 1, "HK-FAN-23": 1}
    w = winner(hand, "C")
    assert (w["fan"], w["fan_min"], w["fan_paid"], w["portion"]) == (4, 3, 4, 80)
    assert paid(hand) == [("A", "C", 160, "HK-PAY-2")]
    assert hand["next"] == {"dealer": "C", "streak": 0, "round_wind": "2z"}


def test_seat_wind_alone_is_below_the_minimum_near_miss():  # HK-FAN-9, HK-FAN-35, HK-ZH-2
    hand = _south_wind_win("1z")  # 門風 1 + 門前清 1 (+ 無花, a bonus row): fan_min 2 < 3
    assert hand["result"] == "false_win"
    assert hand["net"] == {"A": 640, "B": 640, "C": -1920, "D": 640}
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}  # HK-ZH-4: a non-dealer's


def test_the_pong_is_not_seat_wind_when_the_dealer_moves_near_miss():  # HK-FAN-9: seat follows the dealer
    hand = _south_wind_win("2z", dealer="A")  # now C is seat 3 (West): 圈風 1 + 門前清 1 only
    assert hand["result"] == "false_win" and hand["winners"] == []
    assert hand["net"]["C"] == -1920


# ---- HK-FAN-19 / 20 / HK-FLOW-8, 9 ------------------------------------------------------------

LAST = {"A": "123m456p789s23s55s", "B": "2345m2345p6789s6m", "C": "6789m6789p1z1z2z2z3z",
        "D": "11z2z3z3z4z4z4z5z5z5z6z6z"}


def test_last_discard_win_adds_he_di():  # HK-FAN-20
    hands = {**LAST}
    events = [state(hands, turn="D", phase="draw", wall_left=1), draw("D", "4s"), discard("D", "4s"),
              win("A", "discard", "4s", "D")]
    hand = rule(doc(events))
    # 平糊 1 + 門前清 1 + 河底撈魚 1 (+ 無花 1): fan 4, fan_min 3
    assert rows(hand, "A") == {"HK-FAN-2": 1, "HK-FAN-14": 1, "HK-FAN-20": 1, "HK-FAN-23": 1}
    assert paid(hand) == [("D", "A", 160, "HK-PAY-2")]
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": "1z"}


def test_a_discard_before_the_last_draw_is_no_he_di_near_miss():  # HK-FAN-20
    events = [state(dict(LAST), turn="D", phase="draw", wall_left=2), draw("D", "4s"), discard("D", "4s"),
              win("A", "discard", "4s", "D")]
    hand = rule(doc(events))
    assert hand["result"] == "false_win"  # 平糊 + 門前清: 2 < 3
    assert hand["net"]["A"] == -1920


def test_last_tile_self_draw_adds_hai_di():  # HK-FAN-19, HK-PAY-1
    events = [state(dict(LAST), turn="A", phase="draw", wall_left=1), draw("A", "4s"),
              win("A", "self_draw", "4s")]
    hand = rule(doc(events))
    assert rows(hand, "A") == {"HK-FAN-2": 1, "HK-FAN-14": 1, "HK-FAN-15": 1, "HK-FAN-19": 1,
                               "HK-FAN-23": 1}
    w = winner(hand, "A")
    assert (w["fan"], w["fan_paid"], w["portion"]) == (5, 5, 120)
    assert paid(hand) == [("B", "A", 120, "HK-PAY-1"), ("C", "A", 120, "HK-PAY-1"),
                          ("D", "A", 120, "HK-PAY-1")]


def test_self_draw_before_the_last_tile_near_miss():  # HK-FAN-19
    events = [state(dict(LAST), turn="A", phase="draw", wall_left=2), draw("A", "4s"),
              win("A", "self_draw", "4s")]
    hand = rule(doc(events))
    assert "HK-FAN-19" not in rows(hand, "A")
    assert winner(hand, "A")["portion"] == 80  # 4 番 (fan_min 3)
    assert hand["net"]["A"] == 240


def _exhausted(preset: str = "club", **options) -> dict:
    events = [state(dict(LAST), turn="D", phase="draw", wall_left=1), draw("D", "9p"), discard("D", "9p"),
              {"type": "exhaustive_draw"}]
    return rule(doc(events, ruleset(preset, **options), streak=2))


def test_exhaustive_draw_next_dealer_by_preset():  # HK-FLOW-9, HK-FLOW-10
    club = _exhausted()
    assert club["result"] == "exhaustive_draw" and club["payments"] == []
    assert club["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}
    assert _exhausted("tournament")["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}
    assert _exhausted("casual")["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}
    kept = _exhausted(dealer_rotation="dealer_win_or_draw")
    assert kept["next"] == {"dealer": "A", "streak": 3, "round_wind": "1z"}


# ---- HK-FAN-17 / 18 through kong events; HK-FAN-14 broken by a concealed kong -------------------

def test_kong_bloom_after_a_concealed_kong():  # HK-FAN-17, HK-FAN-14 (broken), HK-PAY-1
    events = [state(dict(KONG), turn="A", phase="draw"), draw("A", "7p"), kong("A", "concealed", "7777p"),
              draw("A", "3s", back=True), win("A", "self_draw", "3s")]
    hand = rule(doc(events))
    assert rows(hand, "A") == {"HK-FAN-8": 1, "HK-FAN-15": 1, "HK-FAN-17": 1, "HK-FAN-23": 1}
    assert winner(hand, "A")["portion"] == 80
    assert hand["net"] == {"A": 240, "B": -80, "C": -80, "D": -80}


def test_flower_replacement_win_is_no_kong_bloom_near_miss():  # HK-FAN-17 (補花後不算)
    hands = {**KONG, "A": "777p555z123m45s99s"}
    events = [state(hands, turn="A", phase="draw"), draw("A", "5f"), {"type": "flower", "player": "A",
              "tile": "5f"}, draw("A", "3s", back=True), win("A", "self_draw", "3s")]
    hand = rule(doc(events))
    # 番子 1 + 門前清 1 + 自摸 1 + 正花 (春, seat 1) 1: no 槓上開花, no 無花
    assert rows(hand, "A") == {"HK-FAN-8": 1, "HK-FAN-14": 1, "HK-FAN-15": 1, "HK-FAN-21": 1}
    assert hand["net"]["A"] == 3 * 80


def test_kong_on_kong_bloom_strikes_kong_bloom():  # HK-FAN-18, HK-FAN-36
    hands = {**KONG, "A": "777p888p123m45s99s"}
    events = [state(hands, turn="A", phase="draw"), draw("A", "7p"), kong("A", "concealed", "7777p"),
              draw("A", "8p", back=True), kong("A", "concealed", "8888p"), draw("A", "3s", back=True),
              win("A", "self_draw", "3s")]
    hand = rule(doc(events))
    assert rows(hand, "A") == {"HK-FAN-15": 1, "HK-FAN-18": 8, "HK-FAN-23": 1}
    w = winner(hand, "A")
    assert (w["fan"], w["fan_min"], w["fan_paid"], w["portion"]) == (10, 9, 10, 640)
    assert hand["net"]["A"] == 1920
    # under casual (連槓開花 0, 雞糊 wins at 0 番, spicy): P = 5, and the deal passes
    hand = rule(doc(events, ruleset("casual")))
    w = winner(hand, "A")
    assert (w["fan"], w["fan_paid"], w["portion"], w["patterns"]) == (0, 0, 5, [])
    assert hand["net"] == {"A": 15, "B": -5, "C": -5, "D": -5}
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}


def test_a_kong_then_a_wall_draw_win_is_no_bloom_near_miss():  # HK-FAN-17
    hands = {**KONG, "A": "777p555z123m45s99s"}
    events = [state(hands, turn="A", phase="draw"), draw("A", "7p"), kong("A", "concealed", "7777p"),
              draw("A", "9m", back=True), discard("A", "9m"), draw("B", "9p"), discard("B", "9p"),
              draw("C", "3z"), discard("C", "3z"), draw("D", "7z"), discard("D", "7z"),
              draw("A", "3s"), win("A", "self_draw", "3s")]
    hand = rule(doc(events))  # 番子 1 + 自摸 1 (+ 無花): fan_min 2, and no 門前清 (a declared kong)
    assert hand["result"] == "false_win" and hand["winners"] == []
    assert hand["net"] == {"A": -1920, "B": 640, "C": 640, "D": 640}
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}


def test_full_flush_pongs_sum_under_club_capped():  # HK-FAN-6 + HK-FAN-3, HK-FAN-36, HK-PAY-2
    hand = _pongs("club")
    assert rows(hand, "A") == {"HK-FAN-3": 3, "HK-FAN-6": 7, "HK-FAN-23": 1}
    w = winner(hand, "A")
    assert (w["fan"], w["fan_min"], w["fan_paid"], w["portion"], w["limit"]) == (11, 10, 10, 640, None)
    assert paid(hand) == [("D", "A", 1280, "HK-PAY-2")]
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": "1z"}


def test_full_flush_pongs_is_one_type_under_casual():  # HK-FAN-38, HK-FAN-0.9, HK-PAY-0 spicy
    hand = _pongs("casual")
    assert [p["rule"] for p in winner(hand, "A")["patterns"]] == ["HK-FAN-38"]
    w = winner(hand, "A")
    assert (w["fan"], w["fan_paid"], w["portion"]) == (5, 5, 160)
    assert paid(hand) == [("D", "A", 320, "HK-PAY-2")]
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}  # always


def test_casual_without_qing_peng_takes_the_best_single_row_near_miss():  # HK-FAN-0.8, 0.9
    hand = _pongs("casual", {"HK-FAN-38": 0})
    assert [p["rule"] for p in winner(hand, "A")["patterns"]] == ["HK-FAN-6"]
    assert winner(hand, "A")["portion"] == 80
    assert paid(hand) == [("D", "A", 160, "HK-PAY-2")]


def test_full_flush_pongs_half_pay():  # HK-PAY-2 half
    hand = _pongs("club", payment="half")
    assert paid(hand) == [("B", "A", 320, "HK-PAY-2"), ("C", "A", 320, "HK-PAY-2"),
                          ("D", "A", 640, "HK-PAY-2")]


# ---- limit hands: how-won rows add, the cap by preset -------------------------------------------

HONOURS = {"A": "111z222z333z55z66z", "B": "2345m2345p6789s6m", "C": "6789m6789p1s2s3s4s5s",
           "D": "1p1p9m9m9s9s8s8s7s7s1m1m4z"}


def _honours(preset: str = "club", **options) -> dict:
    events = [state(dict(HONOURS), turn="A", phase="draw"), draw("A", "6z"), win("A", "self_draw", "6z")]
    return rule(doc(events, ruleset(preset, **options)))


def test_all_honours_self_drawn_by_preset():  # HK-FAN-26, HK-FAN-0.3, HK-FAN-36, HK-PAY-1
    club = _honours()
    w = winner(club, "A")
    assert rows(club, "A") == {"HK-FAN-26": 10, "HK-FAN-15": 1}
    assert (w["fan"], w["fan_paid"], w["limit"], w["portion"]) == (11, 10, "HK-FAN-26", 640)
    assert club["net"] == {"A": 1920, "B": -640, "C": -640, "D": -640}
    w13 = winner(_honours(limit_fan=13), "A")
    assert (w13["fan_paid"], w13["portion"]) == (11, 960)
    cas = _honours("casual")
    wc = winner(cas, "A")
    assert (wc["fan"], wc["fan_paid"], wc["limit"], wc["portion"]) == (6, 6, "HK-FAN-26", 320)
    assert cas["net"] == {"A": 960, "B": -320, "C": -320, "D": -320}


# ---- bonus rows and the minimum ------------------------------------------------------------------

def _bonus(**options) -> dict:
    # dealer A: 555z concealed, 123m 456p 78s 99s; flowers 1f-4f laid out: 一台花 2
    hands = {"A": "555z123m456p78s99s", "B": "2345m2345p2345s6m", "C": "6789m6789p1z1z2z2z3z",
             "D": "9s11z2z3z3z4z4z4z6z6z6z7z7z"}
    events = [state(hands, turn="D", phase="discard", flowers={"A": ["1f", "2f", "3f", "4f"]}),
              discard("D", "9s"), win("A", "discard", "9s", "D")]
    return rule(doc(events, ruleset(**options)))


def test_a_full_flower_group_does_not_reach_the_minimum():  # HK-FAN-0.6, HK-FAN-22, HK-FAN-35
    hand = _bonus()  # 番子 1 + 門前清 1 + 一台花 2: fan 4, fan_min 2
    assert hand["result"] == "false_win"
    assert hand["net"] == {"A": -1920, "B": 640, "C": 640, "D": 640}
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}  # HK-ZH-4: the dealer's


def test_a_full_flower_group_counts_when_bonus_counts_to_minimum():  # HK-FAN-0.6 option, HK-FAN-22
    hand = _bonus(bonus_counts_to_minimum=True)
    assert rows(hand, "A") == {"HK-FAN-8": 1, "HK-FAN-14": 1, "HK-FAN-22": 2}
    w = winner(hand, "A")
    assert (w["fan"], w["fan_min"], w["portion"]) == (4, 4, 80)
    assert paid(hand) == [("D", "A", 160, "HK-PAY-2")]


def test_concealed_hand_with_flowers_off_drops_men_qian_qing():  # HK-FAN-14 option
    hand = _bonus(bonus_counts_to_minimum=True, concealed_hand_with_flowers=False)
    assert rows(hand, "A") == {"HK-FAN-8": 1, "HK-FAN-22": 2}
    assert paid(hand) == [("D", "A", 80, "HK-PAY-2")]  # fan 3: P 40
