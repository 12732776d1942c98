"""Wuhan probe: each preset's values under one liability (抢杠 with the 癞子 at 金顶, the third feed
with 杠上花), and the liable cap modes against both presets (``base`` 5)."""

import pytest

from tests.whkit import discard, doc, draw, pay, rule, ruling, state, win
from tests.whprobe_kit import kong, opts, pats, single, winner, wild_of


def rob_pong_pong(ruleset=None):
    """indicator 4m (癞子 5m); A has 碰 111p (C), 碰 999p (D), holds 333p 555p 5m; B (碰 777p from C)
    adds his 7p; A robs it. C has a 暗杠 4444s, D a 碰 222z (A)."""
    s = state({"A": "333p555p5m"}, indicator="4m",
              melds={"A": [("pon:111p", "C"), ("pon:999p", "D")], "B": [("pon:777p", "C")],
                     "C": [("ankong:4444s", None)], "D": [("pon:222z", "A")]},
              turn="B", phase="discard", holding={"B": "7p"})
    return doc([s, kong("B", "added", "7777p"), win("A", "rob_kong", "7p", "B")], ruleset=ruleset)


def shares(hand):
    return [(p["from"], p["amount"], p["raw"], p["cap"], p.get("liability")) for p in hand["payments"]]


def test_robbed_pong_pong_flush_kaikoufan():  # WH-PR-5, WH-HU-4.1/4.4/4.8, WH-HU-5, WH-CB-3, WH-PAY-4
    # 5m read as 7p: 333p 555p 77p: 清一色 + 碰碰胡 + 抢杠, k 3, H 40, soft: M_A = 开口 2 × 1.5 = 3
    # → 120 × M_L: B 开口 2 × 蓄杠 2 = 4 → 480; C 暗杠 4 → 480; D 开口 2 → 240. Not all three reach
    # 300: B pays each share up to 400: 400 + 400 + 240 = 1040 → 5200
    hand = rule(rob_pong_pong())
    w = winner(hand)
    assert (w["value"], w["factor"], w["hard"], wild_of(w)) == (40, 3, False, [("5m", "7p")])
    assert pats(w) == ["WH-HU-4.1", "WH-HU-4.4", "WH-HU-4.8"]
    assert shares(hand) == [("B", 2000, 480, "liable_cap", None), ("B", 2000, 480, "liable_cap", "WH-CB-3"),
                            ("B", 1200, 240, None, "WH-CB-3")]
    assert hand["net"] == {"A": 5200, "B": -5200, "C": 0, "D": 0}


def test_robbed_pong_pong_flush_koukoufan_jin_ding():  # §9.2, WH-FAN-1 per_claim, WH-PAY-3/4
    # 口口翻: M_A = 开口 2² × 1.5 = 6 → 240 × M_L: B 4 → 960, C 4 → 960, D 2 → 480: all three reach
    # 300: 金顶 at 500 each, all paid by B: 1500 → 7500
    hand = rule(rob_pong_pong(opts("koukoufan")))
    assert winner(hand)["factor"] == 6
    assert shares(hand) == [("B", 2500, 960, "jin_ding", None), ("B", 2500, 960, "jin_ding", "WH-CB-3"),
                            ("B", 2500, 480, "jin_ding", "WH-CB-3")]


@pytest.mark.parametrize("preset, mode, total", [
    (None, "normal", 840),  # the shares of WH-PAY-2/3: 300 + 300 + 240
    (None, "total", 400),  # those, their sum capped at liable_cap 400
    ("koukoufan", "normal", 1500),  # 金顶 500 × 3
    ("koukoufan", "total", 500),  # 金顶, the sum capped at koukoufan's liable_cap 500
])
def test_robbed_pong_pong_flush_liable_cap_modes(preset, mode, total):  # WH-PAY-4 liable_cap_mode
    hand = rule(rob_pong_pong(opts(preset, liable_cap_mode=mode)))
    assert hand["net"]["A"] == 5 * total and hand["net"]["B"] == -5 * total


def test_third_feed_by_a_claimed_kong_then_its_flower():  # WH-CB-1, WH-HU-4.6, WH-FAN-2, WH-HU-5
    # C has 碰 999p (D), 吃 123p (B); A discards 5p; C 冲杠s it (his third claim, fed by A), draws 2p
    # from the tail and wins: 999p 123p 5555p 678p 22p: 清一色 + 杠上花, H 20, hard:
    # M_C = 开口 2 × 冲杠 2 × 硬胡 2 × 1.5 = 12 → 240 each (no 金顶); A pays all: 720 → 3600
    s = state({"C": "555p678p2p"}, melds={"C": [("pon:999p", "D"), ("chi:123p", "B")]}, turn="A",
              phase="discard", holding={"A": "5p"})
    hand = rule(doc([s, discard("A", "5p"), kong("C", "claimed", "5555p"), draw("C", "2p", back=True),
                     win("C")]))
    w = winner(hand)
    assert (w["value"], w["factor"], pats(w)) == (20, 12, ["WH-HU-4.1", "WH-HU-4.6"])
    assert [(p["from"], p["amount"], p.get("liability")) for p in hand["payments"]] == [
        ("A", 1200, "WH-CB-1"), ("A", 1200, None), ("A", 1200, "WH-CB-1")]
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("WH-CB-1", "A", 2)]
    # koukoufan: 开口 2³: M_C = 8 × 2 × 2 × 1.5 = 48 → 960 each: 金顶 500 each, A pays 1500 → 7500
    hand = rule(doc([s, discard("A", "5p"), kong("C", "claimed", "5555p"), draw("C", "2p", back=True),
                     win("C")], ruleset=opts("koukoufan")))
    assert hand["net"] == {"A": -7500, "B": 0, "C": 7500, "D": 0}


def test_an_added_kong_in_the_log_is_no_claim_for_the_third_feed():  # WH-CB-0, WH-CB-1, WH-FAN-3
    # C has 碰 999p (D), 碰 555p (A); he draws the 4th 5p and adds it (蓄杠: no claim), plays on; B
    # discards 1p and C chows it with 23p: his third claim, B's. C self-draws 2p: 999p 5555p 123p
    # 678p 22p, 清一色 hard: M_C = 开口 2 × 蓄杠 2 × 硬胡 2 × 1.5 = 12 → 120 each; B pays 360 → 1800
    s = state({"C": "23p678p2p1s"}, melds={"C": [("pon:999p", "D"), ("pon:555p", "A")]}, turn="C",
              holding={"B": "1p"})
    events = [s, draw("C", "5p"), kong("C", "added", "5555p"), draw("C", "9m", back=True), discard("C", "9m"),
              draw("D", "1m"), discard("D", "1m"), draw("A", "2m"), discard("A", "2m"), draw("B", "3m"),
              discard("B", "1p"), {"type": "chi", "player": "C", "tile": "1p", "with": "23p"},
              discard("C", "1s"), draw("D", "4m"), discard("D", "4m"), draw("A", "5s"), discard("A", "5s"),
              draw("B", "6s"), discard("B", "6s"), draw("C", "2p"), win("C")]
    hand = rule(doc(events))
    assert winner(hand)["factor"] == 12
    assert [(p["from"], p["amount"], p.get("liability")) for p in hand["payments"]] == [
        ("B", 600, "WH-CB-1"), ("B", 600, "WH-CB-1"), ("B", 600, None)]
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("WH-CB-1", "B", 11)]


def test_a_wrong_recorded_dealer_is_ruled_and_settled_as_recorded():  # WH-FLOW-8, WH-FAN-8
    # hand 1: dealer A; B self-draws: next B. Hand 2 is recorded with dealer C: WH-FLOW-8 against C,
    # and the hand is settled with C as dealer: B's small self-draw, M_B = 开口 2 × 硬胡 2 × 自摸 2 = 8:
    # C 庄 2 → 16 → 80; D, A 8 → 40. The winner deals next: B, streak 0
    s = state({"B": "234m567p345s8s"}, melds={"B": [("pon:111z", "D")]}, turn="B")
    hands = [{"dealer": "A", "streak": 0, "events": [s, draw("B", "8s"), win("B")]},
             {"dealer": "C", "streak": 0, "events": [dict(s), draw("B", "8s"), win("B")]}]
    out = ruling({"format": "mjref/1", "variant": "wuhan", "ruleset": {"base": 5},
                  "players": ["A", "B", "C", "D"], "hands": hands})
    second = out["hands"][1]
    assert [(r["rule"], r["player"], r["status"]) for r in second["rulings"]] == [("WH-FLOW-8", "C", "ruled")]
    assert [(p["from"], p["amount"]) for p in second["payments"]] == [("C", 80), ("D", 40), ("A", 40)]
    assert second["next"] == {"dealer": "B", "streak": 0, "round_wind": None}
    assert out["hands"][0]["payments"][2] == {**out["hands"][0]["payments"][2], "from": "A", "amount": 80}


@pytest.mark.parametrize("mode, hu, wild, liable", [
    ("per_share", "big", [("2m", "1p"), ("2m", "1p")], "A"),
    ("normal", "big", [("2m", "1p"), ("2m", "1p")], "A"),
    ("total", "small", [("2m", "2m"), ("2m", "2m")], None)])
def test_the_liable_cap_mode_decides_the_reading(mode, hu, wild, liable):  # WH-LZ-6.5 key 1, WH-PAY-4, WH-CB-1
    # indicator 1m (癞子 2m); C (碰 999p D, 吃 123p B, 碰 555p A: A fed the third) holds 678p 2m and
    # draws the other 2m; factor_table 暗杠 40, and A, B, D each have one (M 40). Read as 11p: a soft
    # 清一色, H 10, M_C = 3 → raw 1200 each: 金顶, A liable: 400 × 3 = 1200 (per_share, normal) but
    # under total the sum is capped at 400. Read as themselves: pair 22m, a hard small hand,
    # M_C = 开口 2 × 硬胡 2 × 自摸 2 = 8 → raws 320, A 庄 2 → 640, 320: 金顶, 1200, no liability.
    # Key (1) takes the flush (1200 = 1200, then key 2: its raws are larger) unless total leaves 400.
    s = state({"C": "678p2m"}, indicator="1m",
              melds={"C": [("pon:999p", "D"), ("chi:123p", "B"), ("pon:555p", "A")], "A": [("ankong:1111s", None)],
                     "B": [("ankong:3333s", None)], "D": [("ankong:6666m", None)]}, turn="C")
    hand = rule(doc([s, draw("C", "2m"), win("C")],
                    ruleset=opts(factor_table={"WH-FAN-4": 40}, liable_cap_mode=mode)))
    w = winner(hand)
    assert (w["hu"], wild_of(w)) == (hu, wild)
    assert [p["cap"] for p in hand["payments"]] == ["jin_ding"] * 3
    assert {p["from"] for p in hand["payments"]} == ({liable} if liable else {"A", "B", "D"})
    assert hand["net"]["C"] == 6000


def test_a_cut_inside_the_haidi_draws_keeps_a_thrown_last_discard_laid():  # §10 laid, haidi; WH-FLOW-5.2
    # D throws the 癞子 2z as the last discard (wall 14); the 海底 draws begin; cut before B's draw
    # (A has drawn his): the state says haidi, B to draw, and D's 2z under laid, so D still pays with
    # 丢癞子 ×4 (raw 240, as in the whole hand). Near miss: cut before A's draw: the 2z on offer.
    from api.documents.documents import cut_data
    from tests.test_cut import same_as_whole
    from tests.test_wh_probe2b import thrown_last

    data = thrown_last("2z")
    piece = same_as_whole(data, 4)
    s = piece["hand"]["events"][0]
    assert (s["haidi"], s["turn"], s["phase"], s["laid"]) == (True, "B", "draw", {"D": ["2z"]})
    assert "last_discard" not in s
    s = same_as_whole(data, 3)["hand"]["events"][0]
    assert s["last_discard"] == {"player": "D", "tile": "2z"} and "laid" not in s
    assert cut_data(data, 3)["hand"]["events"][0].get("haidi") is None


def test_a_cut_after_a_concealed_kong_keeps_it_unrobbable():  # WH-PR-5, §10 state (robbable)
    # B makes a concealed kong of 8m; A "robs" it: 诈胡 with WH-PR-5. Cut between the kong and the
    # robbing: the state says the kong may be robbed (robbable), and the piece still reads it as a
    # concealed kong: the same 诈胡 (it read it as an added kong and let A win). Near miss: the added
    # kong cut the same way: the robbing stands (B pays 1800)
    from tests.test_cut import same_as_whole
    from tests.test_wh_disputes_money import rob

    piece = same_as_whole(rob("concealed"), 3)
    assert piece["hand"]["events"][0]["robbable"] == {"player": "B", "tile": "8m"}
    hand = rule(piece)
    assert hand["result"] == "false_win" and ("WH-PR-5", "A") in [(r["rule"], r["player"]) for r in hand["rulings"]]
    assert rule(same_as_whole(rob("added"), 3))["net"] == {"A": 1800, "B": -1800, "C": 0, "D": 0}


def test_a_cut_of_a_position_with_a_thrown_tile_on_offer():  # §10 last_discard (a thrown 癞子), WH-PR-6
    # the state gives D's thrown 癞子 8s on offer; A declares on it (诈胡, WH-PR-6). Cut at 1: the
    # same position (the cut crashed: it looked for the tile among D's laid tiles)
    from tests.test_cut import same_as_whole

    s = state({"A": "234m567p345s8s"}, indicator="7s", melds={"A": [("pon:111z", "B")]}, turn="A",
              phase="draw", last_discard={"player": "D", "tile": "8s"})
    piece = same_as_whole(doc([s, win("A", "discard", "8s", "D")]), 1)
    assert piece["hand"]["events"][0]["last_discard"] == {"player": "D", "tile": "8s"}
    assert "laid" not in piece["hand"]["events"][0]


def test_cuts_a_state_cannot_hold_are_refused():  # §10 laid under special_discard plain; haidi
    # plain: once a 红中 or 癞子 is thrown (event 2 here) a state cannot say it counts nothing: cuts
    # after it are refused, at it the tile is still on offer (near miss: the default cuts there)
    from api.documents.documents import cut_data
    from referee.errors import InputError
    from tests.test_cut import same_as_whole
    from tests.test_wh_probe2b import thrown_last

    for at, refused in ((3, False), (4, True)):
        data = thrown_last("2z", opts(special_discard="plain"))
        if refused:
            with pytest.raises(InputError) as err:
                cut_data(data, at)
            assert set(err.value.errors) == {"at"} and "special_discard plain" in err.value.errors["at"][0]
        else:
            same_as_whole(data, at)
    same_as_whole(thrown_last("2z"), 4)
    # between B's 海底 draw (event 4) and his win on it: refused; before the draw: cut
    with pytest.raises(InputError) as err:
        cut_data(thrown_last("7z"), 5)
    assert "海底 draw" in err.value.errors["at"][0]


def test_robbed_pong_pong_flush_under_hand_base_caps_nothing():  # WH-PAY-2 cap_scale hand_base, §9.2
    # koukoufan with cap_scale hand_base: H 40 scales cap (12000), 金顶 and liable_cap (20000): the
    # raws 960, 960, 480 are paid in full by B: 2400 → 12000, no share capped, no 金顶
    hand = rule(rob_pong_pong(opts("koukoufan", cap_scale="hand_base")))
    assert shares(hand) == [("B", 4800, 960, None, None), ("B", 4800, 960, None, "WH-CB-3"),
                            ("B", 2400, 480, None, "WH-CB-3")]


def face_down(concealed, draw_tile):
    """dealer A: a claimed set from B, a concealed kong laid face down ("????"); he self-draws."""
    s = state({"A": concealed[0]}, melds={"A": [(concealed[1], "B"), ("ankong:9999s", None)]}, turn="A")
    s["melds"]["A"][1]["tiles"] = "????"
    return doc([s, draw("A", draw_tile), win("A")])


def test_a_face_down_kong_that_may_make_a_flush_leaves_the_money_open():  # WH-FLOW-4, WH-HU-4.1, §10 missing
    # A: 碰 111p, a face-down concealed kong, 234p 678p 5p + 5p: a 清一色 if the kong is of 筒 (H 10),
    # else a small hand (H 1): every share depends on it: none is paid, kong_tiles is missing
    hand = rule(face_down(("234p678p5p", "pon:111p"), "5p"))
    assert hand["result"] == "win" and hand["payments"] == [] and hand["complete"] is False
    assert [(m["fact"], m["player"]) for m in hand["missing"]] == [("kong_tiles", "A")]


def test_a_face_down_kong_that_cannot_change_the_hand_is_no_question():  # near miss
    # A: 碰 111z, the face-down kong, 234m 567p 8s + 8s: no shape hand whatever the kong is: a small
    # hard self-draw: M_A = 开口 2 × 暗杠 4 × 庄 2 × 硬胡 2 × 自摸 2 = 64 → 320 each, nothing missing
    hand = rule(face_down(("234m567p8s", "pon:111z"), "8s"))
    assert hand["missing"] == [] and pay(hand) == {"B": 320, "C": 320, "D": 320}


def test_a_win_that_stands_only_if_a_face_down_kong_is_a_flush_is_undetermined():  # WH-HU-2.3, WH-ZH-1
    # A: 碰 111p, a face-down kong, 234p 678p 7p + 7p: the pair 77p is no 将, so the hand wins only as a
    # 清一色, i.e. only if the kong is of 筒: not a false win (it was ruled one, −6000), undetermined,
    # kong_tiles missing, nothing paid. Near miss: 234m instead: no kong makes it win: 诈胡
    hand = rule(face_down(("234p678p7p", "pon:111p"), "7p"))
    assert (hand["result"], hand["payments"], hand["next"]) == ("undetermined", [], None)
    assert [(m["fact"], m["player"]) for m in hand["missing"]] == [("kong_tiles", "A")]
    hand = rule(face_down(("234m678p7p", "pon:111p"), "7p"))
    assert hand["result"] == "false_win" and hand["net"]["A"] == -6000 and hand["missing"] == []


def pi_laid(pi_kong):
    """indicator 3s (癞子 4s, 皮 3s); dealer A (碰 111z) lays a 3s singly, draws 8s from the tail and
    declares on it."""
    s = state({"A": "234m567p567s8s3s"}, indicator="3s", melds={"A": [("pon:111z", "B")]}, turn="A",
              phase="discard")
    return doc([s, single("A", "3s"), draw("A", "8s", back=True), win("A")], ruleset=opts(pi_kong=pi_kong))


def test_a_false_set_ruled_at_the_declaration_is_not_also_unreported():  # WH-IRR-0, WH-IRR-2.2, WH-ZH-1
    # pi_kong none: a 皮 laid singly is a wrong kong, a false set: his declaration is 诈胡 with WH-IRR-2
    # ruled beside it; it was listed a second time as "unreported" (never in effect), which it was
    hand = rule(pi_laid("none"))
    assert hand["result"] == "false_win"
    assert [(r["rule"], r["player"], r["status"]) for r in hand["rulings"]] == [
        ("WH-ZH-1", "A", "ruled"), ("WH-IRR-2", "A", "ruled")]


def test_a_pi_laid_singly_under_single_is_a_kong_and_its_flower():  # near miss: WH-LZ-2 single, WH-HU-4.6
    # 皮子杠 ×2; 杠上花, H 10, hard: M_A = 开口 2 × 皮子杠 2 × 硬胡 2 × 1.5 = 12 → 120 each → 600
    hand = rule(pi_laid("single"))
    w = winner(hand)
    assert (pats(w), w["factor"], hand["rulings"]) == (["WH-HU-4.6"], 12, [])
    assert pay(hand) == {"B": 600, "C": 600, "D": 600}
