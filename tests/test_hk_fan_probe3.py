"""Hong Kong 番 rows, money and flow as whole documents (second part) (RULEBOOK_HK §2, §3, §1):
each case scores a real log under a preset, with the money to the unit, beside a near miss.

`base` 5 throughout. m(F) half-spicy: 1 2 4 8 16 24 32 48 64 96 128 (HK-PAY-0); spicy 2^F.
"""
from __future__ import annotations

from tests.hkkit import discard, doc, draw, rule, state, win
from tests.hkprobekit import (KONG, PON_777M, PONGS, QUIET, _on_discard, _pongs, _self_drawn, _table,  # noqa: F401
                              kong, paid, rows, ruleset, winner)



def test_four_concealed_pongs_when_the_discard_completes_the_pair():  # HK-FAN-4
    hand = _on_discard({"A": "111m444p777s555z9s"}, "9s")
    assert rows(hand, "A") == {"HK-FAN-4": 8, "HK-FAN-8": 1, "HK-FAN-14": 1, "HK-FAN-23": 1}
    assert (winner(hand, "A")["fan"], winner(hand, "A")["fan_paid"]) == (11, 10)
    assert paid(hand) == [("D", "A", 1280, "HK-PAY-2")]


def test_a_discard_completing_a_pong_is_all_pongs_near_miss():  # HK-FAN-4 † on a discard, HK-FAN-3
    hand = _on_discard({"A": "111m444p777s55z99s"}, "5z")
    assert rows(hand, "A") == {"HK-FAN-3": 3, "HK-FAN-8": 1, "HK-FAN-14": 1, "HK-FAN-23": 1}
    assert paid(hand) == [("D", "A", 320, "HK-PAY-2")]  # 6 番: P 160
    drawn = _self_drawn({"A": "111m444p777s55z99s"}, "5z")  # the same tile self-drawn: 坎坎糊
    assert rows(drawn, "A") == {"HK-FAN-4": 8, "HK-FAN-8": 1, "HK-FAN-14": 1, "HK-FAN-15": 1,
                                "HK-FAN-23": 1}
    assert drawn["net"]["A"] == 3 * 640


def test_small_four_winds_composed_or_limit():  # HK-FAN-13, option small_four_winds
    hands = {"A": "111z222z333z44z12m"}
    composed = _on_discard(hands, "3m", limit_fan=13)
    assert rows(composed, "A") == {"HK-FAN-5": 3, "HK-FAN-9": 1, "HK-FAN-10": 1, "HK-FAN-13": 3,
                                   "HK-FAN-14": 1, "HK-FAN-23": 1}
    assert paid(composed) == [("D", "A", 1280, "HK-PAY-2")]  # 10 番: P 640
    limit = _on_discard(hands, "3m", limit_fan=13, small_four_winds="limit")
    w = winner(limit, "A")
    assert (w["fan"], w["limit"], w["portion"]) == (13, "HK-FAN-13", 1920)
    assert paid(limit) == [("D", "A", 3840, "HK-PAY-2")]


def test_big_four_winds_against_small_near_miss():  # HK-FAN-30
    hand = _on_discard({"A": "111z222z333z44z55z"}, "4z")
    w = winner(hand, "A")
    assert (w["fan"], w["fan_paid"], w["limit"]) == (13, 10, "HK-FAN-30")
    assert [p["rule"] for p in w["patterns"]] == ["HK-FAN-30"]
    assert paid(hand) == [("D", "A", 1280, "HK-PAY-2")]


KONGS4 = {"A": [{"kind": "kong", "kong": "claimed", "tiles": "1111m", "tile": "1m", "from": "C"},
                {"kind": "kong", "kong": "claimed", "tiles": "2222p", "tile": "2p", "from": "B"},
                {"kind": "kong", "kong": "concealed", "tiles": "3333s"},
                {"kind": "kong", "kong": "added", "tiles": "4444z", "tile": "4z", "from": "D"}]}


def test_four_kongs_on_a_discard():  # HK-FAN-31, HK-BAO-7 (the discarder pays)
    hand = _on_discard({"A": "5z"}, "5z", melds=KONGS4)
    w = winner(hand, "A")
    assert (w["fan"], w["fan_paid"], w["limit"], w["portion"]) == (13, 10, "HK-FAN-31", 640)
    assert paid(hand) == [("D", "A", 1280, "HK-PAY-2")]


def test_three_kongs_and_a_pong_is_no_four_kongs_near_miss():  # HK-FAN-31, HK-FAN-3
    melds = {"A": KONGS4["A"][:3] + [{"kind": "pon", "tiles": "444z", "tile": "4z", "from": "D"}]}
    hand = _on_discard({"A": "5z"}, "5z", melds=melds)
    assert rows(hand, "A") == {"HK-FAN-3": 3, "HK-FAN-23": 1}  # 北 pong: no seat or round wind
    assert paid(hand) == [("D", "A", 160, "HK-PAY-2")]  # fan 4 (fan_min 3): P 80


def test_nine_gates_concealed_or_not():  # HK-FAN-28, HK-FAN-6
    gates = _on_discard({"A": "1112345678999m"}, "5m")
    w = winner(gates, "A")
    assert (w["fan"], w["limit"], w["portion"]) == (10, "HK-FAN-28", 640)
    assert paid(gates) == [("D", "A", 1280, "HK-PAY-2")]
    # near miss: the 111m ponged, the same tiles: 清一色 7 + 無花 1, no 門前清
    pon = {"A": [{"kind": "pon", "tiles": "111m", "tile": "1m", "from": "C"}]}
    near = _on_discard({"A": "2345678999m"}, "5m", melds=pon)
    assert rows(near, "A") == {"HK-FAN-6": 7, "HK-FAN-23": 1}
    assert paid(near) == [("D", "A", 640, "HK-PAY-2")]  # 8 番: P 320


def test_all_terminals_against_mixed_terminals():  # HK-FAN-27, HK-FAN-7 (+ HK-FAN-3)
    pon = {"A": [{"kind": "pon", "tiles": "999s", "tile": "9s", "from": "C"}]}
    terms = _on_discard({"A": "111m999m111p9p"}, "9p", melds=pon)
    w = winner(terms, "A")
    assert (w["fan"], w["limit"], [p["rule"] for p in w["patterns"]]) == (10, "HK-FAN-27", ["HK-FAN-27"])
    assert paid(terms) == [("D", "A", 1280, "HK-PAY-2")]
    mixed = _on_discard({"A": "111m999m111z9p"}, "9p", melds=pon)
    assert rows(mixed, "A") == {"HK-FAN-3": 3, "HK-FAN-7": 1, "HK-FAN-9": 1, "HK-FAN-10": 1,
                                "HK-FAN-23": 1}
    assert paid(mixed) == [("D", "A", 480, "HK-PAY-2")]  # 3 + 1 + 1 + 1 + 1 = 7 番: P 240
    casual = _on_discard({"A": "111m999m111z9p"}, "9p", melds=pon, preset="casual")
    assert [p["rule"] for p in winner(casual, "A")["patterns"]] == ["HK-FAN-7"]
    assert paid(casual) == [("D", "A", 2 * 5 * 32, "HK-PAY-2")]  # 花么 5, spicy: P 160


def test_casual_tie_lists_the_lowest_row():  # HK-FAN-0.9 (lowest ID among equal values), HK-FAN-37
    pon = {"A": [{"kind": "pon", "tiles": "777m", "tile": "7m", "from": "C"}]}
    both = _on_discard({"A": "555m888m222z3m"}, "3m", melds=pon, preset="casual")
    assert [p["rule"] for p in winner(both, "A")["patterns"]] == ["HK-FAN-37"]
    assert paid(both) == [("D", "A", 160, "HK-PAY-2")]  # 混碰 4: P 80
    off = _on_discard({"A": "555m888m222z3m"}, "3m", melds=pon, preset="casual", fan_table={"HK-FAN-37": 0})
    assert [p["rule"] for p in winner(off, "A")["patterns"]] == ["HK-FAN-3"]  # 對對糊 2 = 混一色 2
    assert paid(off) == [("D", "A", 40, "HK-PAY-2")]


def test_seat_flowers_follow_the_dealer():  # HK-FAN-21, HK-FAN-22, HK-FAN-23
    # C wins on A's 3m with 123m 456p 789s 555z + 3m... (番子 1 + 門前清 1): flowers decide the minimum
    hands = {"C": "12m456p789s555z99s"}
    def go(flowers, dealer, **options):
        st = state(_table(hands, None, "A", "3m"), turn="A", phase="discard", flowers={"C": flowers})
        return rule(doc([st, discard("A", "3m"), win("C", "discard", "3m", "A")], ruleset(**options),
                        dealer=dealer, start_dealer="A"))
    south = go(["2f", "6f"], "B", bonus_counts_to_minimum=True)  # C is seat 2: both are 正花
    assert rows(south, "C") == {"HK-FAN-8": 1, "HK-FAN-14": 1, "HK-FAN-21": 2}
    assert paid(south) == [("A", "C", 160, "HK-PAY-2")]
    west = go(["2f", "6f"], "A", bonus_counts_to_minimum=True)  # C is seat 3: none, and no 無花
    assert west["result"] == "false_win"
    group = go(["1f", "2f", "3f", "4f", "7f"], "A")  # 一台花 2 + 秋 正花 1 (seat 3), not counted to 3
    assert group["result"] == "false_win"
    group = go(["1f", "2f", "3f", "4f", "7f"], "A", bonus_counts_to_minimum=True)
    assert rows(group, "C") == {"HK-FAN-8": 1, "HK-FAN-14": 1, "HK-FAN-21": 1, "HK-FAN-22": 2}
    assert paid(group) == [("A", "C", 2 * 5 * 24, "HK-PAY-2")]


def test_no_flower_row_without_flowers():  # HK-FAN-23 (only when `flowers` is on)
    hand = _on_discard({"A": "111m444p777s555z9s"}, "9s", flowers=False)
    assert rows(hand, "A") == {"HK-FAN-4": 8, "HK-FAN-8": 1, "HK-FAN-14": 1}
    assert winner(hand, "A")["fan"] == 10


# ---- flower wins by preset ----------------------------------------------------------------------

def _flower_win(count: int, preset: str = "club", **options) -> dict:
    laid = ["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f"][:count]
    st = state(flowers={"B": laid[:-1]})
    events = [st, discard("A", "9p"), draw("B", laid[-1]), {"type": "flower", "player": "B", "tile": laid[-1]},
              win("B", "flower")]
    return rule(doc(events, ruleset(preset, **options)))


def test_eight_flowers_paid_as_a_self_draw():  # HK-FAN-25, HK-PAY-4
    hand = _flower_win(8)
    w = winner(hand, "B")
    assert (w["fan"], w["fan_paid"], w["limit"], w["portion"]) == (8, 8, "HK-FAN-25", 320)
    assert [p["rule"] for p in w["patterns"]] == ["HK-FAN-25"]
    assert hand["net"] == {"A": -320, "B": 960, "C": -320, "D": -320}
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}
    capped = _flower_win(8, limit_fan=5)  # the cap applies to a flower win as to any count
    assert winner(capped, "B")["portion"] == 120 and capped["net"]["B"] == 360


def test_no_flower_win_under_casual_near_miss():  # HK-FAN-0.8: 花糊 is 0 under casual, so 詐糊
    hand = _flower_win(7, "casual")
    assert hand["result"] == "false_win"
    assert hand["net"] == {"A": 320, "B": -960, "C": 320, "D": 320}  # casual's limit portion 64 × 5
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}  # always: the deal passes
    club = _flower_win(7, "tournament")
    assert winner(club, "B")["portion"] == 40 and club["net"]["B"] == 120


# ---- 海底 on a kong replacement; limit hands under a high minimum ---------------------------------

def _kong_replacement_win(wall_left: int) -> dict:
    events = [state(dict(KONG), turn="A", phase="draw", wall_left=wall_left), draw("A", "7p"),
              kong("A", "concealed", "7777p"), draw("A", "3s", back=True), win("A", "self_draw", "3s")]
    return rule(doc(events))


def test_last_tile_as_a_kong_replacement():  # HK-FAN-19 with HK-FAN-17
    hand = _kong_replacement_win(2)
    assert rows(hand, "A") == {"HK-FAN-8": 1, "HK-FAN-15": 1, "HK-FAN-17": 1, "HK-FAN-19": 1, "HK-FAN-23": 1}
    assert hand["net"]["A"] == 3 * 120
    near = _kong_replacement_win(3)
    assert "HK-FAN-19" not in rows(near, "A") and near["net"]["A"] == 3 * 80


def test_a_limit_hand_qualifies_under_any_minimum():  # HK-FAN-35, HK-FAN-26
    hands = {"A": "111z222z333z555z6z"}
    hand = _on_discard(hands, "6z", min_fan=11, limit_fan=13)  # 字一色 10 < 11, but a limit hand
    w = winner(hand, "A")
    assert (w["fan"], w["fan_paid"], w["limit"]) == (10, 10, "HK-FAN-26")
    assert paid(hand) == [("D", "A", 1280, "HK-PAY-2")]
    # near miss: a non-limit hand of 11 (混一色 3 + 對對糊 3 + 花么 1 + 番子 1 + 門風 1 + 圈風 1 + 無花 1,
    # fan_min 10) is 詐糊 under a minimum of 11
    pon = {"A": [{"kind": "pon", "tiles": "999m", "tile": "9m", "from": "C"}]}
    near = _on_discard({"A": "111z222z555z7z"}, "7z", melds=pon, min_fan=11, limit_fan=13)
    assert near["result"] == "false_win"
    w = winner(_on_discard({"A": "111z222z555z7z"}, "7z", melds=pon, min_fan=9, limit_fan=13), "A")
    assert (w["fan"], w["fan_min"], w["limit"], w["portion"]) == (11, 10, None, 960)


# ---- fan_combination: highest under club values (HK-FAN-0.9) ------------------------------------

def test_highest_takes_one_row_and_its_minimum_skips_bonus_rows():  # HK-FAN-0.9, HK-FAN-0.6
    st_hands = {"A": "555z123m456m78m11z"}
    def go(flowers, hands=st_hands):
        st = state(_table(hands, None, "D", "9m"), turn="D", phase="discard", flowers={"A": flowers})
        return rule(doc([st, discard("D", "9m"), win("A", "discard", "9m", "D")],
                        ruleset(fan_combination="highest")))
    hand = go(["1f", "2f", "3f", "4f"])  # 混一色 3 is the greatest (一台花 2, 番子 1, 門前清 1)
    w = winner(hand, "A")
    assert ([p["rule"] for p in w["patterns"]], w["fan"], w["fan_min"], w["portion"]) == (["HK-FAN-5"], 3, 3, 40)
    assert paid(hand) == [("D", "A", 80, "HK-PAY-2")]
    near = go(["1f", "2f", "3f", "4f"], {"A": "555z123m456p78s11z"})  # no flush: 一台花 2 > 番子 1
    assert near["result"] == "false_win"  # count 2, fan_min 1 (a bonus row is not counted)


# ---- from hand to hand: 連莊 carried by `next`, the round wind (HK-FLOW-10, 11, 12) -------------

def _game(*hands: dict) -> dict:
    from api.documents.documents import adjudicate_data
    game = doc([])
    del game["hand"]
    game["hands"] = list(hands)
    return adjudicate_data(game)


def _hand(events: list, dealer: str, streak: int, round_wind: str = "1z") -> dict:
    return {"round_wind": round_wind, "dealer": dealer, "streak": streak, "start_dealer": "A",
            "events": events}


def _dealer_self_draw(dealer: str) -> list:
    hands = {dealer: "123m456p789s23s55s"}
    return [state(_table(hands, drawn=("4s",)), turn=dealer, phase="draw", wall_left=2), draw(dealer, "4s"),
            win(dealer, "self_draw", "4s")]


def test_streak_carried_over_two_dealer_wins_then_passed():  # HK-FLOW-10, HK-FLOW-12 (no finding)
    ruling = _game(_hand(_dealer_self_draw("A"), "A", 0), _hand(_dealer_self_draw("A"), "A", 1),
                   _hand(_dealer_self_draw("C"), "A", 2))
    nexts = [h["next"] for h in ruling["hands"]]
    assert nexts == [{"dealer": "A", "streak": 1, "round_wind": "1z"}, {"dealer": "A", "streak": 2, "round_wind": "1z"},
                     {"dealer": "B", "streak": 0, "round_wind": "1z"}]
    assert all(h["rulings"] == [] for h in ruling["hands"])
    # no streak money (HK-PAY-5): each self-draw is 平糊 + 門前清 + 自摸 + 無花 = 4 番, P 80
    assert ruling["net"] == {"A": 240 * 2 - 80, "B": -160 - 80, "C": -160 + 240, "D": -160 - 80}


def test_a_streak_that_contradicts_next_is_ruled_near_miss():  # HK-FLOW-12
    ruling = _game(_hand(_dealer_self_draw("A"), "A", 0), _hand(_dealer_self_draw("A"), "A", 0))
    second = ruling["hands"][1]
    assert [r["rule"] for r in second["rulings"]] == ["HK-FLOW-12"]
    assert second["next"] == {"dealer": "A", "streak": 1, "round_wind": "1z"}  # from the recorded 0
    assert second["net"]["A"] == 240


def test_round_wind_advances_and_wraps():  # HK-FLOW-11
    ruling = _game(_hand(_dealer_self_draw("C"), "D", 3, "2z"), _hand(_dealer_self_draw("A"), "A", 0, "3z"))
    assert ruling["hands"][0]["next"] == {"dealer": "A", "streak": 0, "round_wind": "3z"}
    assert ruling["hands"][1]["rulings"] == []
    wrap = _game(_hand(_dealer_self_draw("B"), "D", 0, "4z"))
    assert wrap["hands"][0]["next"] == {"dealer": "A", "streak": 0, "round_wind": "1z"}
    kept = _game(_hand(_dealer_self_draw("D"), "D", 0, "4z"))  # the dealer keeps: no advance
    assert kept["hands"][0]["next"] == {"dealer": "D", "streak": 1, "round_wind": "4z"}


# ---- a false win's next dealer and money by preset (HK-ZH-4 with HK-FLOW-10, HK-ZH-2's curve) ----

def _false_by(who: str, preset: str = "club", streak: int = 2, **options) -> dict:
    # ``who`` declares a self-draw on 123m 456p 789s 23s 55s + 9m: not a winning hand
    hands = {who: "123m456p789s23s55s"}
    events = [state(_table(hands, drawn=("9m",)), turn=who, phase="draw"), draw(who, "9m"),
              win(who, "self_draw", "9m")]
    return rule(doc(events, ruleset(preset, **options), streak=streak))


def test_non_dealer_false_win_keeps_the_deal_but_always_passes_it():  # HK-ZH-4
    club = _false_by("C")
    assert club["result"] == "false_win"
    assert club["next"] == {"dealer": "A", "streak": 2, "round_wind": "1z"}
    assert club["net"] == {"A": 640, "B": 640, "C": -1920, "D": 640}
    casual = _false_by("C", "casual")
    assert casual["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}
    assert casual["net"] == {"A": 320, "B": 320, "C": -960, "D": 320}
    tour = _false_by("C", "tournament")
    assert tour["net"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert tour["penalties"] == [{"player": "C", "amount": 1280, "rule": "HK-ZH-2"}]
    assert tour["next"] == {"dealer": "A", "streak": 2, "round_wind": "1z"}


def test_dealer_false_win_passes_the_deal_whatever_the_rotation():  # HK-ZH-4
    for preset, options in (("club", {}), ("club", {"dealer_rotation": "dealer_win_or_draw"}), ("casual", {})):
        hand = _false_by("A", preset, **options)
        assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": "1z"}, (preset, options)


def test_false_win_limit_portion_follows_the_curve():  # HK-ZH-2, HK-PAY-0
    spicy = _false_by("C", money_curve="spicy")  # 2^10 × 5 = 5120 to each
    assert spicy["net"] == {"A": 5120, "B": 5120, "C": -15360, "D": 5120}
    low = _false_by("C", limit_fan=5)  # m(5) 24 × 5 = 120 to each
    assert low["net"] == {"A": 120, "B": 120, "C": -360, "D": 120}
    each = _false_by("C", false_win="each_limit_self_draw")
    assert each["net"] == {"A": 1920, "B": 1920, "C": -5760, "D": 1920}


# ---- 地糊 / 天糊 around the dealer's concealed kong before his first discard ----------------------

FIRST = {"A": "1111m23456789m1z3z", "B": "123456789p33z55s", "C": "123456789s4z456p", "D": "5556667778889m"}


def test_a_concealed_kong_before_the_first_discard_spoils_earthly_hand():  # HK-FAN-33 (no kong event)
    plain = rule(doc([{"type": "deal", "hands": FIRST}, discard("A", "3z"), win("B", "discard", "3z", "A")]))
    w = winner(plain, "B")
    assert (w["fan"], w["limit"]) == (13, "HK-FAN-33") and plain["net"]["A"] == -1280
    events = [{"type": "deal", "hands": FIRST}, kong("A", "concealed", "1111m"), draw("A", "7z", back=True),
              discard("A", "3z"), win("B", "discard", "3z", "A")]
    near = rule(doc(events))  # 門前清 1 (+ 無花): 詐糊
    assert near["result"] == "false_win" and near["net"]["B"] == -1920
    assert near["next"] == {"dealer": "A", "streak": 0, "round_wind": "1z"}


def test_heavenly_hand_on_a_kong_replacement():  # HK-FAN-32 with HK-FAN-17 (how-won rows add)
    hands = dict(FIRST, A="1111m234567m3z3z8m9m", D="555666888m99p99s")
    events = [{"type": "deal", "hands": hands}, kong("A", "concealed", "1111m"), draw("A", "7m", back=True),
              win("A", "self_draw", "7m")]
    hand = rule(doc(events, ruleset(limit_fan=13)))
    w = winner(hand, "A")
    assert rows(hand, "A") == {"HK-FAN-32": 13, "HK-FAN-15": 1, "HK-FAN-17": 1}
    assert (w["fan"], w["fan_paid"], w["portion"]) == (15, 13, 5 * 384)
    assert hand["net"]["A"] == 3 * 1920


def test_big_and_small_three_dragons_by_preset():  # HK-FAN-12, HK-FAN-11, HK-FAN-8, HK-FAN-0.9
    big = _on_discard({"A": "555z666z777z123m9p"}, "9p")
    assert rows(big, "A") == {"HK-FAN-8": 3, "HK-FAN-12": 5, "HK-FAN-14": 1, "HK-FAN-23": 1}
    assert (winner(big, "A")["fan"], winner(big, "A")["limit"]) == (10, None)
    assert paid(big) == [("D", "A", 1280, "HK-PAY-2")]
    small = _on_discard({"A": "555z666z77z123m99p"}, "9p")  # near miss: the third dragon is the pair
    assert rows(small, "A") == {"HK-FAN-8": 2, "HK-FAN-11": 3, "HK-FAN-14": 1, "HK-FAN-23": 1}
    assert paid(small) == [("D", "A", 480, "HK-PAY-2")]  # 7 番: P 240
    cbig = _on_discard({"A": "555z666z777z123m9p"}, "9p", preset="casual")
    assert [p["rule"] for p in winner(cbig, "A")["patterns"]] == ["HK-FAN-12"]
    assert paid(cbig) == [("D", "A", 640, "HK-PAY-2")]  # 6: P 5 × 64
    csmall = _on_discard({"A": "555z666z77z123m99p"}, "9p", preset="casual")
    assert [p["rule"] for p in winner(csmall, "A")["patterns"]] == ["HK-FAN-11"]
    assert paid(csmall) == [("D", "A", 320, "HK-PAY-2")]  # 5: P 5 × 32


def test_common_hand_with_an_honour_pair_and_a_dragon_pair():  # HK-FAN-2 (any pair, any wait)
    hand = _self_drawn({"A": "123m456p789s23s55z"}, "4s")
    assert rows(hand, "A") == {"HK-FAN-2": 1, "HK-FAN-14": 1, "HK-FAN-15": 1, "HK-FAN-23": 1}
    assert hand["net"]["A"] == 3 * 80
    near = _self_drawn({"A": "123m456p999s23s55z"}, "4s")  # a pong: no 平糊, fan_min 2
    assert near["result"] == "false_win" and near["net"]["A"] == -1920


def test_qing_peng_switched_on_under_club_strikes_its_parts():  # HK-FAN-38 exclusions, HK-FAN-0.8
    on = _pongs("club", {"HK-FAN-38": 6})
    assert rows(on, "A") == {"HK-FAN-38": 6, "HK-FAN-23": 1}  # 對對糊 and 清一色 struck
    w = winner(on, "A")
    assert (w["fan"], w["fan_min"], w["portion"]) == (7, 6, 240)
    assert paid(on) == [("D", "A", 480, "HK-PAY-2")]
    near = _pongs("club", {"HK-FAN-37": 6})  # 混碰 needs an honour: off for this hand
    assert rows(near, "A") == {"HK-FAN-3": 3, "HK-FAN-6": 7, "HK-FAN-23": 1}


# ---- 連槓開花 needs a kong made with the previous kong's replacement (HK-FAN-18, HK-BAO-5) ---------

def _kong_kong(a_hand: str, first_back: str, claimed: bool = False) -> dict:
    """A kongs 7p (concealed after drawing it, or claimed from B's discard), draws ``first_back`` from
    the back, kongs 3333m, and self-draws 3s from the back: 123s 99s 555z beside the two kongs."""
    drawn = (first_back, "3s") + (() if claimed else ("7p",))
    hands = _table({"A": a_hand}, discarder="B" if claimed else None, tile="7p" if claimed else None,
                   drawn=drawn)
    if claimed:
        events = [state(hands, turn="B", phase="discard"), discard("B", "7p"),
                  kong("A", "claimed", "7777p")]
    else:
        events = [state(hands, turn="A", phase="draw"), draw("A", "7p"), kong("A", "concealed", "7777p")]
    events += [draw("A", first_back, back=True), kong("A", "concealed", "3333m"), draw("A", "3s", back=True),
               win("A", "self_draw", "3s")]
    return rule(doc(events))


def test_kong_on_kong_made_with_the_replacement():  # HK-FAN-18 fires
    hand = _kong_kong("777p333m555z12s99s", "3m")
    assert rows(hand, "A") == {"HK-FAN-8": 1, "HK-FAN-15": 1, "HK-FAN-18": 8, "HK-FAN-23": 1}
    assert hand["net"] == {"A": 1920, "B": -640, "C": -640, "D": -640}


def test_a_second_kong_not_made_with_the_replacement_is_a_plain_bloom():  # HK-FAN-18 near miss, HK-FAN-17
    # the 3333m was held before; the first kong's replacement (5z) is not in it: 槓上開花 1, not 連槓開花 8
    hand = _kong_kong("777p3333m55z12s99s", "5z")
    assert rows(hand, "A") == {"HK-FAN-8": 1, "HK-FAN-15": 1, "HK-FAN-17": 1, "HK-FAN-23": 1}
    assert hand["net"] == {"A": 240, "B": -80, "C": -80, "D": -80}


def test_kong_bloom_bao_follows_only_a_linked_chain():  # HK-BAO-5 along HK-FAN-18's chain
    linked = _kong_kong("777p333m555z12s99s", "3m", claimed=True)  # B fed the 明槓 that began the chain
    assert rows(linked, "A")["HK-FAN-18"] == 8
    assert linked["net"] == {"A": 1920, "B": -1920, "C": 0, "D": 0}
    assert [(r["rule"], r["player"]) for r in linked["rulings"]] == [("HK-BAO-5", "B")]
    unlinked = _kong_kong("777p3333m55z12s99s", "5z", claimed=True)  # the bloom is the concealed kong's
    assert rows(unlinked, "A")["HK-FAN-17"] == 1 and unlinked["rulings"] == []
    assert unlinked["net"] == {"A": 240, "B": -80, "C": -80, "D": -80}


def test_the_link_is_the_flower_replacement_or_the_added_tile():  # HK-FAN-18 with HK-FAN-17's flower case
    hands = _table({"A": "777p333m555z12s99s"}, drawn=("7p", "5f", "3m", "3s"))
    events = [state(hands, turn="A", phase="draw"), draw("A", "7p"), kong("A", "concealed", "7777p"),
              draw("A", "5f", back=True), {"type": "flower", "player": "A", "tile": "5f"},
              draw("A", "3m", back=True), kong("A", "concealed", "3333m"), draw("A", "3s", back=True),
              win("A", "self_draw", "3s")]
    hand = rule(doc(events))
    assert rows(hand, "A") == {"HK-FAN-8": 1, "HK-FAN-15": 1, "HK-FAN-18": 8, "HK-FAN-21": 1}
    assert hand["net"]["A"] == 3 * 640
    pon = {"A": [{"kind": "pon", "tiles": "333m", "tile": "3m", "from": "C"}]}
    hands = _table({"A": "777p555z12s99s"}, pon, drawn=("7p", "3m", "3s"))
    events = [state(hands, turn="A", phase="draw", melds=pon), draw("A", "7p"), kong("A", "concealed", "7777p"),
              draw("A", "3m", back=True), kong("A", "added", "3333m"), draw("A", "3s", back=True),
              win("A", "self_draw", "3s")]
    hand = rule(doc(events))
    assert rows(hand, "A") == {"HK-FAN-8": 1, "HK-FAN-15": 1, "HK-FAN-18": 8, "HK-FAN-23": 1}


# ---- 槓上開花 from a position: `drawn` says where the tile came from (EVENT_LOG.md `state`) --------

def _from_position(source: str, last_meld: dict) -> dict:
    melds = {"A": [last_meld]}
    hands = _table({"A": "123m555z12s99s3s"}, melds)
    st = state(hands, turn="A", phase="discard", melds=melds, drawn={"tile": "3s", "from": source},
               flowers={"A": ["6f"]})
    return rule(doc([st, win("A", "self_draw", "3s")]))


CONCEALED_7P = {"kind": "kong", "kong": "concealed", "tiles": "7777p"}


def test_a_position_showing_a_kong_replacement_is_a_kong_bloom():  # HK-FAN-17 from a state
    hand = _from_position("back", CONCEALED_7P)
    assert rows(hand, "A") == {"HK-FAN-8": 1, "HK-FAN-15": 1, "HK-FAN-17": 1}
    w = winner(hand, "A")
    assert (w["fan"], w["fan_min"], w["portion"]) == (3, 3, 40)
    assert hand["net"] == {"A": 120, "B": -40, "C": -40, "D": -40}


def test_a_position_showing_a_wall_draw_or_a_flower_replacement_near_miss():  # HK-FAN-17
    wall = _from_position("wall", CONCEALED_7P)  # 番子 1 + 自摸 1: below the minimum
    assert wall["result"] == "false_win" and wall["net"]["A"] == -1920
    # his last meld a pong: the tile from the back replaced a flower (補花後不算)
    flower = _from_position("back", {"kind": "pon", "tiles": "777p", "tile": "7p", "from": "C"})
    assert flower["result"] == "false_win" and flower["net"]["A"] == -1920


def test_last_tile_and_last_discard_from_a_position():  # HK-FAN-19, HK-FAN-20 from a state
    hands = _table({"A": "123m456p789s23s55s4s"})
    st = state(hands, turn="A", phase="discard", wall_left=0, drawn={"tile": "4s", "from": "wall"})
    hand = rule(doc([st, win("A", "self_draw", "4s")]))
    assert "HK-FAN-19" in rows(hand, "A") and hand["net"]["A"] == 3 * 120
    hands = _table({"A": "123m456p789s23s55s"}, drawn=("4s",))
    for wall_left, won in ((0, True), (1, False)):
        st = state(hands, turn="A", phase="draw", wall_left=wall_left, last_discard={"player": "D", "tile": "4s"},
                   discards={"D": ["4s"]})
        hand = rule(doc([st, win("A", "discard", "4s", "D")]))
        assert (hand["result"] == "win") is won  # 平糊 + 門前清 (+ 河底撈魚 at wall_left 0)
        assert hand["net"]["D"] == (-160 if won else 640)


def test_concealed_hand_without_flowers_played_and_the_spicy_curve():  # HK-FAN-14 option, HK-PAY-0
    # flowers off: 門前清 holds again under concealed_hand_with_flowers false (and no 無花)
    hand = _on_discard({"A": "111m444p777s555z9s"}, "9s", flowers=False, concealed_hand_with_flowers=False)
    assert rows(hand, "A") == {"HK-FAN-4": 8, "HK-FAN-8": 1, "HK-FAN-14": 1}
    # 大三元 hand of 10 under the spicy curve: P = 5 × 2^10
    spicy = _on_discard({"A": "555z666z777z123m9p"}, "9p", money_curve="spicy")
    assert winner(spicy, "A")["portion"] == 5120 and paid(spicy) == [("D", "A", 10240, "HK-PAY-2")]
    half = _on_discard({"A": "555z666z77z123m99p"}, "9p", money_curve="spicy", payment="half")  # 7 番
    assert paid(half) == [("B", "A", 320, "HK-PAY-2"), ("C", "A", 320, "HK-PAY-2"), ("D", "A", 640, "HK-PAY-2")]


def test_kong_bloom_bao_from_a_position():  # HK-BAO-5 when the state shows the claimed kong's replacement
    claimed = {"kind": "kong", "kong": "claimed", "tiles": "7777p", "tile": "7p", "from": "C"}
    melds = {"A": [claimed]}
    hands = _table({"A": "123m555z12s99s3s"}, melds)
    st = state(hands, turn="A", phase="discard", melds=melds, drawn={"tile": "3s", "from": "back"})
    hand = rule(doc([st, win("A", "self_draw", "3s")]))
    assert rows(hand, "A") == {"HK-FAN-8": 1, "HK-FAN-15": 1, "HK-FAN-17": 1, "HK-FAN-23": 1}
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("HK-BAO-5", "C", 0)]
    assert hand["net"] == {"A": 240, "B": 0, "C": -240, "D": 0}
    # near miss: his own concealed kong has no feeder: each pays his share
    melds = {"A": [{"kind": "kong", "kong": "concealed", "tiles": "7777p"}]}
    st = state(_table({"A": "123m555z12s99s3s"}, melds), turn="A", phase="discard", melds=melds,
               drawn={"tile": "3s", "from": "back"})
    hand = rule(doc([st, win("A", "self_draw", "3s")]))
    assert hand["rulings"] == [] and hand["net"] == {"A": 240, "B": -80, "C": -80, "D": -80}


def test_four_concealed_pongs_allow_a_concealed_kong_not_an_added_one():  # HK-FAN-4, HK-FAN-14
    concealed = {"A": [{"kind": "kong", "kong": "concealed", "tiles": "4444p"}]}
    hand = _self_drawn({"A": "111m777s55z99s"}, "5z", melds=concealed)
    # 坎坎糊 8 + 番子 1 + 自摸 1 + 無花 1 (no 門前清: a declared kong): 11, paid at 10
    assert rows(hand, "A") == {"HK-FAN-4": 8, "HK-FAN-8": 1, "HK-FAN-15": 1, "HK-FAN-23": 1}
    assert hand["net"]["A"] == 3 * 640
    added = {"A": [{"kind": "kong", "kong": "added", "tiles": "4444p", "tile": "4p", "from": "C"}]}
    near = _self_drawn({"A": "111m777s55z99s"}, "5z", melds=added)
    assert rows(near, "A") == {"HK-FAN-3": 3, "HK-FAN-8": 1, "HK-FAN-15": 1, "HK-FAN-23": 1}
    assert near["net"]["A"] == 3 * 160  # 6 番: P 160


def test_a_position_owing_a_kong_replacement():  # HK-FAN-17 from a cut state (`back_owed`)
    melds = {"A": [CONCEALED_7P]}
    hands = _table({"A": "123m555z12s99s"}, melds, drawn=("3s",))
    st = state(hands, turn="A", phase="discard", melds=melds, back_owed={"A": 1})
    hand = rule(doc([st, draw("A", "3s", back=True), win("A", "self_draw", "3s")]))
    assert rows(hand, "A") == {"HK-FAN-8": 1, "HK-FAN-15": 1, "HK-FAN-17": 1, "HK-FAN-23": 1}
    assert hand["net"]["A"] == 3 * 80


def test_kong_on_kong_from_a_position_needs_the_shown_replacement():  # HK-FAN-18 from a state
    melds = {"A": [CONCEALED_7P]}
    def go(drawn_tile):
        hands = _table({"A": "3333m555z12s99s"}, melds, drawn=("3s",))
        st = state(hands, turn="A", phase="discard", melds=melds, drawn={"tile": drawn_tile, "from": "back"})
        return rule(doc([st, kong("A", "concealed", "3333m"), draw("A", "3s", back=True),
                         win("A", "self_draw", "3s")]))
    linked = go("3m")  # the 7777p's replacement was the fourth 3m: 連槓開花
    assert rows(linked, "A") == {"HK-FAN-8": 1, "HK-FAN-15": 1, "HK-FAN-18": 8, "HK-FAN-23": 1}
    assert linked["net"]["A"] == 3 * 640
    unlinked = go("5z")  # the same tiles, the replacement a 5z: the 3333m was held before
    assert rows(unlinked, "A") == {"HK-FAN-8": 1, "HK-FAN-15": 1, "HK-FAN-17": 1, "HK-FAN-23": 1}
    assert unlinked["net"]["A"] == 3 * 80
