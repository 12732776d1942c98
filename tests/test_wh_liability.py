"""承包 (WH-CB): the third feed of a 清一色, the 全求人 discarder of a 将, the robbed konger, and
their precedence; each with its near miss and its money to the unit (B = 5)."""
from tests.whkit import discard, doc, draw, pay, rule, rules_of, state, win


def third_feed(c_hand: str = "678p2p", draw_tile: str = "2p", ruleset=None):
    """WH-CB-1's example: C has 碰 999p from D, 吃 123p from B, 碰 555p from A (A fed the third); A:
    开口 × 红中杠 (M 4), B nothing (M 1), D 开口 (M 2); C draws and wins."""
    melds = {"C": [("pon:999p", "D"), ("chi:123p", "B"), ("pon:555p", "A")], "A": [("pon:111m", "D")],
             "D": [("pon:333m", "B")]}
    s = state({"C": c_hand}, melds=melds, laid={"A": "7z"}, turn="C", phase="draw")
    return doc([s, draw("C", draw_tile), win("C")], ruleset=ruleset)


def test_the_third_feeder_pays_for_a_flush():  # WH-CB-1
    # a hard 清一色 self-drawn: H 10, M_C = 开口 2 × 硬胡 2 × 自摸 1.5 = 6; A raw 240, B 60, D 120 (none
    # over 400): A pays all three, 5 × 420 = 2100; B and D nothing
    hand = rule(third_feed())
    assert pay(hand) == {"A": 2100}
    # the shares in turn order after C: D's (moved), A's own, B's (moved)
    assert [(p["amount"], p.get("liability")) for p in hand["payments"]] == [
        (600, "WH-CB-1"), (1200, None), (300, "WH-CB-1")]
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("WH-CB-1", "A", 0)]


def test_no_flush_no_liability():  # near miss: a small hand; each pays his own
    # C holds 678s (not 清一色): small, 22p 将: M_C = 开口 2 × 硬胡 2 × 自摸 2 = 8, H 1; dealer A: 庄 2 × 开口
    # 2 × 红中杠 2 = 8 → raw 64 → 320; B raw 8 → 40; D 开口 2 → raw 16 → 80
    hand = rule(third_feed("678s2p"))
    assert pay(hand) == {"A": 320, "B": 40, "D": 80} and rules_of(hand) == []


def test_third_feed_covers_jiang_only_under_its_option():
    # 将一色: C's sets 222p (from D) 888p (from B) 555p (from A), holds 22m 5s, wins on 5s by self-draw
    melds = {"C": [("pon:222p", "D"), ("pon:888p", "B"), ("pon:555p", "A")], "A": [("pon:111m", "D")],
             "D": [("pon:333m", "B")]}

    def game(ruleset=None):
        s = state({"C": "22m5s8s"}, melds=melds, laid={"A": "7z"}, turn="C", phase="draw")
        return doc([s, draw("C", "5s"), win("C")], ruleset=ruleset)
    # flush (default): 将一色 + 碰碰胡? 22m 5s 8s 5s: no split as pongs (5s 5s 8s 22m): 将一色 unsplit,
    # H 10, hard, M_C 6: each his own: A 240 → 1200, B 60 → 300, D 120 → 600
    assert pay(rule(game())) == {"A": 1200, "B": 300, "D": 600}
    hand = rule(game({"base": 5, "options": {"third_feed_covers": "flush_and_jiang"}}))
    assert pay(hand) == {"A": 2100} and rules_of(hand) == ["WH-CB-1"]


def quanqiuren(tile: str, melds):
    """B, four claimed sets, one tile in hand, wins on D's discard of its pair (dealer C)."""
    all_melds = {"B": melds, "C": [("pon:111z", "A")], "D": [("pon:222z", "A")]}
    s = state({"B": tile}, indicator="4z", melds=all_melds, turn="D", phase="discard", holding={"D": tile})
    return doc([s, discard("D", tile), win("B", "discard", tile, "D")], dealer="C")


def test_the_quanqiuren_discarder_of_a_jiang_pays():  # WH-CB-2
    # H 10 (全求人, 88s 将), M_B = 开口 2 × 硬胡 2 = 4: A (M 1) raw 40, C (2) 80, D (放炮 1.5 × 开口 2 = 3)
    # 120: D pays all, 5 × 240 = 1200
    hand = rule(quanqiuren("8s", [("chi:123m", "A"), ("pon:555p", "C"), ("pon:999p", "D"), ("pon:333s", "A")]))
    assert pay(hand) == {"D": 1200} and [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [
        ("WH-CB-2", "D", 1)]


def test_a_quanqiuren_on_a_non_jiang_is_no_liability():  # near miss
    # 77s is no 将: it wins only as a shape hand: all pongs, 碰碰胡 + 全求人, H 20, M_B 4: A 80 → 400,
    # C 160 → 800, D 240 → 1200: each his own
    hand = rule(quanqiuren("7s", [("pon:111m", "A"), ("pon:555p", "C"), ("pon:999p", "D"), ("pon:333s", "A")]))
    assert pay(hand) == {"A": 400, "C": 800, "D": 1200} and rules_of(hand) == []
    # and with a chow among the sets it does not win at all (诈胡)
    hand = rule(quanqiuren("7s", [("chi:123m", "A"), ("pon:555p", "C"), ("pon:999p", "D"), ("pon:333s", "A")]))
    assert hand["result"] == "false_win"


def test_quanqiuren_bao_never():
    data = quanqiuren("8s", [("chi:123m", "A"), ("pon:555p", "C"), ("pon:999p", "D"), ("pon:333s", "A")])
    data["ruleset"] = {"base": 5, "options": {"quanqiuren_bao": "never"}}
    assert pay(rule(data)) == {"A": 200, "C": 400, "D": 600}


def robbed(ruleset=None):
    """A (dealer) adds 5p to his 碰; B (吃 234m from A), holding 456s 789s 22s 46p, robs it."""
    s = state({"B": "456s789s22s46p"}, melds={"A": [("pon:555p", "C")], "B": [("chi:234m", "A")]},
              turn="A", phase="discard", holding={"A": "5p"})
    return doc([s, {"type": "kong", "player": "A", "kind": "added", "tiles": "5555p"},
                win("B", "rob_kong", "5p", "A")], ruleset=ruleset)


def test_the_robbed_konger_pays():  # WH-CB-3, WH-PR-5
    # 抢杠, H 10, won as a self-draw: M_B = 开口 2 × 硬胡 2 × 自摸 1.5 = 6; A 开口 2 × 蓄杠 2 (the robbed
    # kong still counts) = 4 → raw 240; C, D raw 60: A pays all, 5 × 360 = 1800
    hand = rule(robbed())
    w = hand["winners"][0]
    assert [p["rule"] for p in w["patterns"]] == ["WH-HU-4.8"] and w["factor"] == 6
    assert pay(hand) == {"A": 1800}
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("WH-CB-3", "A", 1)]
    assert hand["payments"][2]["factors"] == [{"rule": "WH-FAN-1", "name": "开口", "x": 2},
                                              {"rule": "WH-FAN-3", "name": "蓄杠", "x": 2}]


def test_a_concealed_kong_is_never_robbed():  # WH-PR-5: near miss
    s = state({"B": "456s789s22s46p"}, melds={"B": [("chi:234m", "A")]}, turn="A", phase="discard",
              holding={"A": "5555p"})
    hand = rule(doc([s, {"type": "kong", "player": "A", "kind": "concealed", "tiles": "5555p"},
                     win("B", "rob_kong", "5p", "A")]))
    assert hand["result"] == "false_win" and "WH-PR-5" in rules_of(hand)


def test_robbing_comes_before_the_third_feed():  # WH-CB-4
    # C's 清一色 of p (碰 999p from D, 吃 123p from B, 碰 555p from A: A fed the third), robbing B's
    # added 6p: 抢杠 + 清一色, H 20: WH-CB-3 (B pays), not WH-CB-1 (A)
    melds = {"C": [("pon:999p", "D"), ("chi:123p", "B"), ("pon:555p", "A")], "B": [("pon:666p", "D")]}
    s = state({"C": "78p22p"}, melds=melds, turn="B", phase="discard", holding={"B": "6p"})
    hand = rule(doc([s, {"type": "kong", "player": "B", "kind": "added", "tiles": "6666p"},
                     win("C", "rob_kong", "6p", "B")]))
    assert set(pay(hand)) == {"B"} and rules_of(hand) == ["WH-CB-3"]
    assert hand["winners"][0]["value"] == 20


def test_quanqiuren_bao_not_ready():  # WH-CB-2 under quanqiuren_bao: not_ready
    # D's filler waits on nothing: not ready at his discard: he pays all, 1200 (as on a 将)
    data = quanqiuren("8s", [("chi:123m", "A"), ("pon:555p", "C"), ("pon:999p", "D"), ("pon:333s", "A")])
    data["ruleset"] = {"base": 5, "options": {"quanqiuren_bao": "not_ready"}}
    assert pay(rule(data)) == {"D": 1200}
    # near miss: D (碰 222z) holds 234m 567p 345s 5s after his discard: ready on 5s: each his own:
    # A 40 → 200, C 80 → 400, D 120 → 600
    melds = {"B": [("chi:123m", "A"), ("pon:555p", "C"), ("pon:999p", "D"), ("pon:333s", "A")],
             "C": [("pon:111z", "A")], "D": [("pon:222z", "A")]}
    s = state({"B": "8s", "D": "234m567p345s5s8s"}, indicator="4z", melds=melds, turn="D", phase="discard")
    data = doc([s, discard("D", "8s"), win("B", "discard", "8s", "D")], dealer="C",
               ruleset={"base": 5, "options": {"quanqiuren_bao": "not_ready"}})
    assert pay(rule(data)) == {"A": 200, "C": 400, "D": 600}


def test_special_self_draw_off():  # WH-FAN-10 option special_self_draw: false
    # the 抢杠 without its 自摸 item: M_B = 开口 2 × 硬胡 2 = 4: A raw 160, C 40, D 40: A pays 5 × 240
    assert pay(rule(robbed({"base": 5, "options": {"special_self_draw": False}}))) == {"A": 1200}
