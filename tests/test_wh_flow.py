"""The flow of a Wuhan hand (WH-FLOW, WH-HZ-2, WH-LZ-3.3): the deal and the indicator, single kongs
and their replacement, thrown 红中 and 癞子, no kong at wall_left ≤ 14, the 海底 phase, 荒庄, the
next dealer, a game's hands checked (WH-FLOW-8)."""
import pytest

from referee.errors import InputError
from tests.whkit import discard, doc, draw, pay, rule, rules_of, ruling, state, win

DEAL = {"A": "123456789m12345p", "B": "123456789p5678s", "C": "1234s555666z111z", "D": "22z33z44z5z9m9p9s678s"}


def deal_doc(events):
    return doc([{"type": "deal", "hands": DEAL}] + events)


def test_the_deal_and_the_indicator():  # WH-FLOW-2
    data = deal_doc([{"type": "indicator", "tile": "8s"}, discard("A", "1m"), draw("B", "9s")])
    hand = rule(data)
    assert hand["result"] == "open" and hand["next"] is None
    with pytest.raises(InputError) as err:  # the indicator is required, right after the deal
        ruling(deal_doc([discard("A", "1m")]))
    assert "hand.events[1].type" in err.value.errors


def late(events, wall_left=15, **kw):
    """A at wall_left 15, D to draw; A holds 111z (pon from B) and 234m 567p 345s 8s."""
    s = state({"A": "234m567p345s8s"}, melds={"A": [("pon:111z", "B")]}, turn="D", phase="draw",
              wall_left=wall_left, **kw)
    return doc([s] + events)


HAIDI = [draw("D", "9m"), discard("D", "9m"), draw("A", "9p"), draw("B", "9s"), draw("C", "6z"), draw("D", "3z")]


def test_the_haidi_draws_then_huangzhuang():  # WH-FLOW-5, WH-FLOW-6
    # D draws (14) and discards 9m: a last discard; nobody takes it: A, B, C, D draw one each (13 … 10)
    # and keep it; 荒庄: no money, the dealer A keeps the deal, streak + 1
    hand = rule(late(HAIDI + [{"type": "exhaustive_draw"}]))
    assert hand["result"] == "exhaustive_draw" and hand["payments"] == []
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


def test_huangzhuang_before_the_fourth_haidi_draw_is_an_input_error():  # near miss
    with pytest.raises(InputError) as err:
        ruling(late(HAIDI[:-1] + [{"type": "exhaustive_draw"}]))
    assert "hand.events[6]" in err.value.errors


def test_nobody_discards_during_the_haidi_draws():  # WH-FLOW-5.2
    with pytest.raises(InputError) as err:
        ruling(late(HAIDI[:3] + [discard("A", "9p")]))
    assert "hand.events[4]" in err.value.errors


def test_haidi_lao():  # WH-HU-4.7
    # A's 海底 draw 8s completes 234m 567p 345s 88s: 海底捞, big, H 10; M_A = 开口 2 × 硬胡 2 × 自摸 1.5
    # = 6; B, C, D (M 1) raw 60 each → 300 each; A receives 900
    hand = rule(late(HAIDI[:2] + [draw("A", "8s"), win("A")]))
    w = hand["winners"][0]
    assert [p["rule"] for p in w["patterns"]] == ["WH-HU-4.7"] and pay(hand) == {"B": 300, "C": 300, "D": 300}
    # near miss: the same self-draw in ordinary play is a small hand: M_A = 开口 2 × 硬胡 2 × 自摸 2 ×
    # 庄 2 = 16, H 1: raw 16 each → 80 each
    hand = rule(late([draw("D", "9m"), discard("D", "9m"), draw("A", "8s"), win("A")], wall_left=30))
    assert hand["winners"][0]["hu"] == "small" and pay(hand) == {"B": 80, "C": 80, "D": 80}


def test_a_state_in_the_haidi_draws():  # §10 state.haidi
    # wall_left 13: D made the first 海底 draw and keeps his tile (14 held); A draws next
    s = state({"A": "234m567p345s8s"}, melds={"A": [("pon:111z", "B")]}, turn="A", phase="draw",
              wall_left=13, haidi=True, holding={"D": "9m"})
    s["hands"]["D"] += "9p"
    hand = rule(doc([s, draw("A", "8s"), win("A")]))
    assert [p["rule"] for p in hand["winners"][0]["patterns"]] == ["WH-HU-4.7"]
    s["hands"]["D"] = s["hands"]["D"][:-2]  # near miss: D without his 海底 tile: a wrong count
    with pytest.raises(InputError):
        ruling(doc([s, draw("A", "8s"), win("A")]))
    s["wall_left"] = 20  # near miss: the 海底 draws do not begin above 14
    with pytest.raises(InputError) as err:
        ruling(doc([s, draw("A", "8s"), win("A")]))
    assert "hand.events[0].haidi" in err.value.errors


def single(tile, after=None, hand="234m567p345s7z8s"):
    """A (dealer, 11 tiles, one pon) lays out ``tile`` singly."""
    s = state({"A": hand}, melds={"A": [("pon:111z", "B")]}, turn="A", phase="discard", wall_left=40)
    events = [s, {"type": "single_kong", "player": "A", "tile": tile}]
    return doc(events + (after if after is not None else [draw("A", "8s", back=True), win("A")]))


def test_a_single_kong_and_the_flower_on_its_replacement():  # WH-FLOW-4, WH-HZ-2, WH-HU-4.6
    # A lays out 7z (红中杠) and his replacement 8s completes 234m 567p 345s 88s: 杠上花, big, H 10;
    # M_A = 开口 2 × 红中杠 2 × 硬胡 2 × 自摸 1.5 = 12; B, C, D raw 120 each → 600 each
    hand = rule(single("7z"))
    w = hand["winners"][0]
    assert [p["rule"] for p in w["patterns"]] == ["WH-HU-4.6"] and w["factor"] == 12
    assert {"rule": "WH-FAN-5", "name": "红中杠", "x": 2} in w["factors"]
    assert pay(hand) == {"B": 600, "C": 600, "D": 600}


def test_the_replacement_must_follow_a_single_kong():  # §10
    with pytest.raises(InputError) as err:
        ruling(single("7z", [discard("A", "8s")]))
    assert "hand.events[2]" in err.value.errors


def test_a_single_kong_of_another_tile_is_a_wrong_kong():  # WH-IRR-2
    hand = rule(single("9m", [draw("A", "1s", back=True), discard("A", "1s")], hand="234m567p345s9m8s"))
    assert [(r["rule"], r["status"]) for r in hand["rulings"]] == [("WH-IRR-2", "unreported")]
    hand = rule(single("7z", [draw("A", "1s", back=True), discard("A", "1s")]))  # near miss: 红中
    assert hand["rulings"] == []


def test_no_kong_at_wall_left_14_or_less():  # WH-FLOW-4
    s = state({"A": "234m567p345s7z8s"}, melds={"A": [("pon:111z", "B")]}, turn="A", phase="discard",
              wall_left=14)
    hand = rule(doc([s, {"type": "single_kong", "player": "A", "tile": "7z"}, draw("A", "1s", back=True),
                     discard("A", "1s")]))
    assert [(r["rule"], r["status"]) for r in hand["rulings"]] == [("WH-IRR-2", "unreported")]


def test_a_thrown_laizi_cannot_be_won_on():  # WH-PR-6, WH-LZ-3.3
    # D throws 8s, the 癞子 (indicator 7s); A, whose hand it would complete, declares: 诈胡
    s = state({"A": "234m567p345s8s"}, indicator="7s", melds={"A": [("pon:111z", "B")]}, turn="D",
              phase="discard", holding={"D": "8s"})
    hand = rule(doc([s, discard("D", "8s"), win("A", "discard", "8s", "D")]))
    assert hand["result"] == "false_win" and "WH-PR-6" in rules_of(hand)


def test_a_thrown_laizi_counts_as_a_laizi_kong():  # WH-LZ-3.3, WH-FAN-6
    # D throws 8s, the 癞子 (indicator 7s); A then self-draws: D's factors hold 癞子杠 ×4 under
    # special_discard counts_as_kong only
    def game(option):
        s = state({"A": "234m567p345s5s"}, indicator="7s", melds={"A": [("pon:111z", "B")]}, turn="D",
                  phase="discard", holding={"D": "8s"})
        ruleset = {"base": 5, "options": {"special_discard": option}}
        return doc([s, discard("D", "8s"), draw("A", "5s"), win("A")], ruleset=ruleset)
    # A (dealer) self-draws a hard small hand: M_A = 开口 2 × 硬胡 2 × 自摸 2 × 庄 2 = 16; D 癞子杠 4 → raw
    # 64 → 320; B, C raw 16 → 80
    assert pay(rule(game("counts_as_kong"))) == {"B": 80, "C": 80, "D": 320}
    assert pay(rule(game("plain"))) == {"B": 80, "C": 80, "D": 80}  # near miss


@pytest.mark.parametrize("rotation, winner, want", [
    ("winner_deals", "B", {"dealer": "B", "streak": 0, "round_wind": None}),
    ("next_seat", "B", {"dealer": "B", "streak": 0, "round_wind": None}),
    ("winner_deals", "C", {"dealer": "C", "streak": 0, "round_wind": None}),
    ("next_seat", "C", {"dealer": "B", "streak": 0, "round_wind": None}),
    ("next_seat", "A", {"dealer": "A", "streak": 1, "round_wind": None}),
])
def test_the_next_dealer(rotation, winner, want):  # WH-FLOW-7
    s = state({winner: "234m567p345s8s"}, melds={winner: [("pon:111z", "D" if winner != "D" else "A")]},
              turn=winner, phase="draw")
    data = doc([s, draw(winner, "8s"), win(winner)], ruleset={"base": 5, "options": {"dealer_rotation": rotation}},
               round_wind="2z", start_dealer="A")
    assert rule(data)["next"] == want


def test_a_game_checks_each_hands_dealer():  # WH-FLOW-8
    s = state({"B": "234m567p345s8s"}, melds={"B": [("pon:111z", "D")]}, turn="B", phase="draw")
    first = {"dealer": "A", "streak": 0, "events": [s, draw("B", "8s"), win("B")]}
    second = {"dealer": "C", "streak": 0, "round_wind": "3z", "events": [dict(s), draw("B", "8s"), win("B")]}
    data = {"format": "mjref/1", "variant": "wuhan", "players": ["A", "B", "C", "D"], "hands": [first, second]}
    out = ruling(data)
    assert [r["rule"] for r in out["hands"][1]["rulings"]] == ["WH-FLOW-8"]
    second["dealer"] = "B"  # near miss: the winner deals; the round wind is not checked
    assert ruling(data)["hands"][1]["rulings"] == []


def test_a_flower_on_the_kong_from_a_position():  # WH-HU-4.6 from a state's drawn tile
    s = state({"A": "234m567p345s8s8s"}, melds={"A": [("pon:111z", "B")]}, turn="A", phase="discard",
              drawn={"tile": "8s", "from": "back"})
    hand = rule(doc([s, win("A")]))
    assert [p["rule"] for p in hand["winners"][0]["patterns"]] == ["WH-HU-4.6"]
    s["drawn"] = {"tile": "8s", "from": "wall"}  # near miss: a wall draw: a small hand
    assert rule(doc([s, win("A")]))["winners"][0]["hu"] == "small"


def test_a_thrown_tile_on_offer_in_a_state_is_not_claimable():  # WH-PR-6
    s = state({"A": "234m567p345s8s"}, indicator="7s", melds={"A": [("pon:111z", "B")]}, turn="A",
              phase="draw", last_discard={"player": "D", "tile": "8s"})
    hand = rule(doc([s, win("A", "discard", "8s", "D")]))
    assert hand["result"] == "false_win" and "WH-PR-6" in rules_of(hand)


def test_a_laizi_in_a_claim_or_a_kong():  # WH-LZ-3.2: WH-IRR-3, WH-IRR-2
    # 癞子 8s (indicator 7s): B chows A's 7s with 8s 9s: a 癞子 in a claim, a wrong claim
    s = state({"B": "89s234m567p345s1z9m"}, indicator="7s", turn="A", phase="discard", holding={"A": "7s"})
    hand = rule(doc([s, discard("A", "7s"), {"type": "chi", "player": "B", "tile": "7s", "with": "89s"},
                     discard("B", "9m")]))
    assert [(r["rule"], r["status"]) for r in hand["rulings"]] == [("WH-IRR-3", "unreported")]
    # a concealed kong of 4 癞子 … here of 红中: a wrong kong
    s = state({"A": "7777z234m567p345s1z"}, turn="A", phase="discard")
    hand = rule(doc([s, {"type": "kong", "player": "A", "kind": "concealed", "tiles": "7777z"},
                     draw("A", "9s", back=True), discard("A", "9s")]))
    assert [(r["rule"], r["status"]) for r in hand["rulings"]] == [("WH-IRR-2", "unreported")]


def chaotian(option):
    """A holds three 皮 (indicator 5p: 皮 5p) and lays them as a concealed kong."""
    s = state({"A": "555p234m678m345s99s"}, indicator="5p", turn="A", phase="discard")
    return doc([s, {"type": "kong", "player": "A", "kind": "concealed", "tiles": "555p"},
                draw("A", "9s", back=True), discard("A", "9s")],
               ruleset={"base": 5, "options": {"pi_kong": option}})


def test_chaotian_only_under_its_option():  # WH-LZ-2, WH-IRR-2
    assert rule(chaotian("chaotian"))["rulings"] == []
    assert [r["rule"] for r in rule(chaotian("none"))["rulings"]] == ["WH-IRR-2"]  # near miss
    data = chaotian("chaotian")
    data["hand"]["events"][1] = {"type": "kong", "player": "A", "kind": "added", "tiles": "555p"}
    with pytest.raises(InputError):
        ruling(data)
