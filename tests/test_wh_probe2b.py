"""Wuhan probe: what the log cannot support (``missing``), 过水 beside several declarations, the
海底 phase with 诈胡 and passes, 全求人 liability by readiness (``base`` 5 unless said)."""

from tests.test_wh_disputes_money import quanqiuren_77
from tests.whkit import discard, doc, draw, pay, rule, ruling, state, win
from tests.whprobe_kit import kong, lines, opts, pats, ruled, wild_of, winner


def test_not_ready_with_the_discarders_tiles_hidden_is_missing():  # WH-CB-2 not_ready, §10 missing
    # B's 碰碰胡 + 全求人 on D's 7s (H 20, M_B 4; raws C 80, D 放炮 1.5 → 120, A 80); under not_ready
    # D pays all three only if he was not ready, which his hidden tiles cannot show: the win stands,
    # D's own share (600: his either way) is paid, C's and A's (C and A, or D) are left out, and the
    # ruling lists D's concealed tiles as missing for WH-CB-2 (docs/rulings.md: never guess)
    data = quanqiuren_77(opts(quanqiuren_bao="not_ready"))
    data["hand"]["events"][0]["hands"]["D"] = 14
    hand = rule(data)
    assert hand["result"] == "win" and hand["complete"] is False
    assert lines(hand) == [("D", 600, 120, None)] and hand["rulings"] == []
    assert [(m["fact"], m["player"], m["at"]) for m in hand["missing"]] == [("concealed_tiles", "D", 1)]
    assert "WH-CB-2" in hand["missing"][0]["needed_for"]


def test_hidden_discarder_under_on_258_tile_misses_nothing():  # WH-CB-2 on_258_tile near miss
    # the default looks at the tile only: D's hidden tiles do not matter (7s: no 将, each his own)
    data = quanqiuren_77()
    data["hand"]["events"][0]["hands"]["D"] = 14
    hand = rule(data)
    assert hand["complete"] is True and hand["missing"] == []
    assert pay(hand) == {"A": 400, "C": 400, "D": 600}


def test_not_ready_with_the_discarder_shown_misses_nothing():  # WH-CB-2 not_ready near miss
    hand = rule(quanqiuren_77(opts(quanqiuren_bao="not_ready")))
    assert hand["missing"] == [] and pay(hand) == {"D": 1400}


def barred_and_valid(ruleset=None):
    """dealer B; C discards 3p, which B (碰 111z, 45p 234m 567s 88s: waits 3p/6p) lets go; D draws
    and discards 6p; B (barred) and A (碰 222z, 78p 234s 567m 55s: waits 6p/9p) both declare."""
    s = state({"B": "45p234m567s88s", "A": "78p234s567m55s"},
              melds={"B": [("pon:111z", "A")], "A": [("pon:222z", "C")]}, turn="C", phase="discard",
              holding={"C": "3p", "D": "6p"})
    return doc([s, discard("C", "3p"), draw("D", "9s"), discard("D", "6p"),
                win("B", "discard", "6p", "D"), win("A", "discard", "6p", "D")], dealer="B", ruleset=ruleset)


def test_a_barred_declaration_first_in_seat_order_bumps_nobody():  # WH-GS-2/3, WH-PR-2, WH-ZH-5, WH-ZH-4
    # from dealer B the order is B, C, D, A: B comes first but is barred (诈胡, WH-GS-3 beside); A's
    # valid win stands: small hard, M_A = 开口 2 × 硬胡 2 = 4: B 庄 2 × 开口 2 → raw 16 → 80; C 4 → 20;
    # D 放炮 2 → 8 → 40. B also pays 400 × 5 to each of A, C, D. The next dealer follows A's win.
    hand = rule(barred_and_valid())
    assert hand["result"] == "win" and winner(hand)["player"] == "A"
    assert ruled(hand) == [("WH-ZH-1", "B"), ("WH-GS-3", "B")]
    assert hand["net"] == {"A": 2140, "B": -6080, "C": 1980, "D": 1960}
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_a_barred_declaration_void_beside_a_valid_win():  # WH-GS-3 void
    hand = rule(barred_and_valid(opts(pass_violation="void")))
    assert winner(hand)["player"] == "A" and ruled(hand) == [("WH-GS-3", "B")]
    assert hand["net"] == {"A": 140, "B": -80, "C": -20, "D": -40}


def test_the_pass_does_not_bar_a_haidi_self_draw():  # WH-GS-2 (self-draw never barred), WH-HU-4.7
    # wall 15, D draws (14) and discards 3p: a last discard B could win on; B lets it go; nobody
    # takes it: the 海底 draws begin with A. A, B: B draws 6p himself: 海底捞, H 10, hard:
    # M_B = 开口 2 × 硬胡 2 × 1.5 = 6 → raw 60 each → 300 each (A is the dealer: no 庄 on a big hand)
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="D", wall_left=15,
              holding={"D": "3p"})
    hand = rule(doc([s, draw("D", "9m"), discard("D", "3p"), draw("A", "9p"), draw("B", "6p"), win("B")]))
    w = winner(hand)
    assert (w["value"], w["factor"], pats(w)) == (10, 6, ["WH-HU-4.7"])
    assert pay(hand) == {"A": 300, "C": 300, "D": 300}


def test_a_false_haidi_self_draw_ends_the_hand():  # WH-ZH-1/2/3 in the 海底 draws
    # the same 海底 draws; B draws 7p and declares: no reading: 诈胡, 2000 to each, no 荒庄
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="D", wall_left=15,
              holding={"D": "3p"})
    hand = rule(doc([s, draw("D", "9m"), discard("D", "3p"), draw("A", "9p"), draw("B", "7p"), win("B")]))
    assert hand["result"] == "false_win"
    assert hand["net"] == {"A": 2000, "B": -6000, "C": 2000, "D": 2000}
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}  # B no dealer: A keeps


def test_a_chow_on_a_last_discard_then_the_haidi_from_the_chower():  # WH-FLOW-5.1/5.2
    # wall 15: D draws (14), discards 3p; A (his 下家) chows 3p with 45p and discards 9m: a last
    # discard too; nobody takes it: the 海底 draws begin with A's 下家 B: B, C, D, A; C self-draws 8s
    # on his: C (碰 111z, 234m 567p 345s 8s): 海底捞, hard: M_C = 6 → raw 60 × M_L: B, D 300; A
    # (碰 and 吃: 开口 once, 2) raw 120 → 600
    s = state({"A": "45p123m789s9m1p", "C": "234m567p345s8s"}, melds={"A": [("pon:222z", "B")],
              "C": [("pon:111z", "B")]}, turn="D", wall_left=15, holding={"D": "3p"})
    events = [s, draw("D", "9p"), discard("D", "3p"),
              {"type": "chi", "player": "A", "tile": "3p", "with": "45p"}, discard("A", "9m"),
              draw("B", "6m"), draw("C", "8s"), win("C")]
    hand = rule(doc(events))
    assert pats(winner(hand)) == ["WH-HU-4.7"] and pay(hand) == {"A": 600, "B": 300, "D": 300}


def thrown_last(tile, ruleset=None):
    """wall 15: D draws (14) and throws ``tile`` (a 红中 or the 癞子 2z of indicator 1z): a last
    discard nobody may take; the 海底 draws begin with A; B (碰 111z, 45p 234m 567s 88s) draws 6p."""
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="D", wall_left=15,
              holding={"D": tile})
    return doc([s, draw("D", "9m"), discard("D", tile), draw("A", "9p"), draw("B", "6p"), win("B")],
               ruleset=ruleset)


def test_a_thrown_last_discard_starts_the_haidi_and_counts_for_its_thrower():  # WH-FLOW-5.2, WH-HZ-2, WH-LZ-3.3
    # 海底捞 hard: M_B = 6 → raw 60 × M_L: C, A 300; D 丢红中 2 → 600, 丢癞子 4 → 1200
    assert lines(rule(thrown_last("7z"))) == [("C", 300, 60, None), ("D", 600, 120, None), ("A", 300, 60, None)]
    assert lines(rule(thrown_last("2z"))) == [("C", 300, 60, None), ("D", 1200, 240, None), ("A", 300, 60, None)]


def test_a_thrown_last_discard_under_plain_counts_nothing():  # WH-LZ-3.3 special_discard plain near miss
    assert pay(rule(thrown_last("2z", opts(special_discard="plain")))) == {"A": 300, "C": 300, "D": 300}


def test_a_game_of_four_hands_dealer_and_streak():  # WH-FLOW-6/7/8, WH-ZH-4, WH-PAY-6
    # 1: dealer B; A self-draws a small hand (碰 111z): M_A = 开口 2 × 硬胡 2 × 自摸 2 = 8: B 庄 2 → 16
    #    → 80, C, D 40: next A, streak 0.  2: dealer A; 荒庄 after the 海底 draws: no money; A keeps,
    #    streak 1.  3: dealer A, streak 1: C declares a self-draw with no pair: 诈胡 (WH-ZH-1 alone), 2000 to each;
    #    a non-dealer's false win: A keeps, streak 1.  4: recorded with streak 0: WH-FLOW-8 (ruled),
    #    settled as recorded; A self-draws as dealer: M_A 8 × 庄 2 = 16: 80 from each
    win_a = [state({"A": "234m567p345s8s"}, melds={"A": [("pon:111z", "C")]}), draw("A", "8s"), win("A")]
    huang = [state({}, turn="C", wall_left=14, haidi=True), draw("C", "9m"), draw("D", "9p"), draw("A", "9s"),
             draw("B", "8s"), {"type": "exhaustive_draw"}]
    false_c = [state({"C": "234m567p345s8s"}, melds={"C": [("pon:111z", "A")]}, turn="C"), draw("C", "9s"),
               win("C")]
    hands = [{"dealer": "B", "streak": 0, "events": win_a}, {"dealer": "A", "streak": 0, "events": huang},
             {"dealer": "A", "streak": 1, "events": false_c}, {"dealer": "A", "streak": 0, "events": win_a}]
    out = ruling({"format": "mjref/1", "variant": "wuhan", "ruleset": {"base": 5},
                  "players": ["A", "B", "C", "D"], "hands": hands})
    h = out["hands"]
    assert [x["result"] for x in h] == ["win", "exhaustive_draw", "false_win", "win"]
    assert [(x["next"]["dealer"], x["next"]["streak"]) for x in h] == [("A", 0), ("A", 1), ("A", 1), ("A", 1)]
    assert [r["rule"] for x in h for r in x["rulings"]] == ["WH-ZH-1", "WH-FLOW-8"]
    assert h[0]["net"] == {"A": 160, "B": -80, "C": -40, "D": -40} and h[1]["payments"] == []
    assert h[2]["net"] == {"A": 2000, "B": 2000, "C": -6000, "D": 2000}
    assert h[3]["net"] == {"A": 240, "B": -80, "C": -80, "D": -80}
    assert out["net"] == {"A": 2400, "B": 1840, "C": -6120, "D": 1880}


def test_a_liability_for_oneself_is_refused_with_wuhans_clause():  # §10 liabilities, WH-CB-0
    import pytest
    from referee.errors import InputError

    melds = {"C": [("pon:999p", "D"), ("chi:123p", "B"), ("pon:555p", "A")]}
    s = state({"C": "678p2p"}, melds=melds, turn="C", liabilities=[{"clause": "WH-CB-1", "liable": "C",
                                                                    "covered": "C"}])
    with pytest.raises(InputError) as err:
        ruling(doc([s, draw("C", "2p"), win("C")]))
    assert err.value.errors["hand.events[0].liabilities[0].covered"] == [
        "a player is never liable for himself (WH-CB-0)"]
    s["liabilities"] = [{"clause": "WH-CB-1", "liable": "B", "covered": "C"}]  # near miss: given, B pays
    assert pay(rule(doc([s, draw("C", "2p"), win("C")]))) == {"B": 900}


def test_a_wrong_added_kong_robbed_stands_and_counts_no_xugang():  # WH-IRR-2.3, WH-CB-3, WH-FAN-0
    # B adds a 9m to his 碰 888m (no kong: a false set); A (碰 111z, 78m 234p 567s 55s) robs the 9m:
    # the robbing stands: 抢杠 hard, M_A = 开口 2 × 硬胡 2 × 1.5 = 6 → raw 60 × M_L; B 开口 2 only (the
    # false set counts no 蓄杠) → 120; C, D 60; B pays all: 240 → 1200; WH-IRR-2 listed unreported
    s = state({"A": "78m234p567s55s"}, melds={"A": [("pon:111z", "B")], "B": [("pon:888m", "C")]}, turn="B",
              holding={"B": "9m"})
    hand = rule(doc([s, draw("B", "1s"), {"type": "kong", "player": "B", "kind": "added", "tiles": "8889m"},
                     win("A", "rob_kong", "9m", "B")]))
    assert pats(winner(hand)) == ["WH-HU-4.8"]
    assert lines(hand) == [("B", 600, 120, None), ("B", 300, 60, "WH-CB-3"), ("B", 300, 60, "WH-CB-3")]
    assert [(r["rule"], r["player"], r["status"]) for r in hand["rulings"]] == [
        ("WH-CB-3", "B", "ruled"), ("WH-IRR-2", "B", "unreported")]


def chow_given_way():
    """C has 碰 999p (D), 吃 123p (B). B discards 4p; C chows it, D pongs it: the chow is restored
    (WH-PR-4). A later discards 7p and C pongs it (event 8). C self-draws 2p (清一色)."""
    s = state({"C": "5678p277p"}, melds={"C": [("pon:999p", "D"), ("chi:123p", "B")]}, turn="B",
              phase="discard", holding={"B": "4p3m", "D": "44p9m1m", "A": "7p2m"})
    events = [s, discard("B", "4p"), {"type": "chi", "player": "C", "tile": "4p", "with": "56p"},
              {"type": "correct", "player": "C", "about": 2, "action": "restore"},
              {"type": "pon", "player": "D", "tile": "4p", "with": "44p"}, discard("D", "9m"),
              draw("A", "1s"), discard("A", "7p"), {"type": "pon", "player": "C", "tile": "7p", "with": "77p"},
              discard("C", "8p"), draw("D", "1m"), discard("D", "1m"), draw("A", "2m"), discard("A", "2m"),
              draw("B", "3m"), discard("B", "3m"), draw("C", "2p"), win("C")]
    return doc(events)


def test_a_chow_given_way_to_a_pong_is_no_claim_for_the_third_feed():  # WH-CB-0, WH-PR-4, WH-CB-1
    # C has 碰 999p (D), 吃 123p (B). B discards 4p; C chows it, D pongs it: the chow is restored
    # (WH-PR-4). A later discards 7p and C pongs it: his third claim is A's. C self-draws 2p:
    # 999p 123p 777p 567p 22p, 清一色 hard: M_C = 6 → raw 60 × M_L: D (碰: 开口 2) 120, A 60, B 60;
    # A pays all: 240 → 1200 (not B, whose 4p fed a claim that was undone)
    hand = rule(chow_given_way())
    assert lines(hand) == [("A", 600, 120, "WH-CB-1"), ("A", 300, 60, None), ("A", 300, 60, "WH-CB-1")]
    assert [(r["rule"], r["player"], r["at"]) for r in hand["rulings"]] == [("WH-CB-1", "A", 8)]


def test_not_ready_hidden_leaves_out_the_discarders_own_share_when_it_would_change():  # WH-CB-2, WH-PAY-4
    # as above, D also has a 暗杠 (M_D = 暗杠 4 × 放炮 1.5 = 6, raw 480): liable, his own share is
    # ≤ liable_cap 400; not liable, ≤ cap 300: no share is paid alike either way: none is paid
    melds = {"B": [("pon:111z", "A"), ("pon:222z", "C"), ("pon:444m", "D"), ("pon:666p", "A")],
             "D": [("ankong:9999m", None)]}
    s = state({"B": "7s"}, melds=melds, turn="D", phase="discard", holding={"D": "7s"})
    s["hands"]["D"] = 11
    hand = rule(doc([s, discard("D", "7s"), win("B", "discard", "7s", "D")],
                    ruleset=opts(quanqiuren_bao="not_ready")))
    assert hand["result"] == "win" and hand["payments"] == [] and hand["complete"] is False
    assert [(m["fact"], m["player"]) for m in hand["missing"]] == [("concealed_tiles", "D")]
    # near miss: D's tiles shown (no claim, so never ready): he pays all three, each ≤ 400:
    # A 80, C 80, his own 480 → 400: 560 → 2800
    s["hands"]["D"] = state({"B": "7s"}, melds=melds, turn="D", phase="discard", holding={"D": "7s"})["hands"]["D"]
    hand = rule(doc([s, discard("D", "7s"), win("B", "discard", "7s", "D")],
                    ruleset=opts(quanqiuren_bao="not_ready")))
    assert hand["missing"] == [] and pay(hand) == {"D": 2800}


def robbable_let_go(rule_):
    """dealer A (碰 888m from C) adds his drawn 8m; B (碰 111z, 67m 234p 567s 55s: waits 5m/8m) does
    not rob it; A draws from the tail and discards 5m; B declares on it."""
    s = state({"B": "67m234p567s55s"}, melds={"A": [("pon:888m", "C")], "B": [("pon:111z", "C")]}, turn="A",
              holding={"A": "5m"})
    return doc([s, draw("A", "8m"), kong("A", "added", "8888m"), draw("A", "9s", back=True), discard("A", "5m"),
                win("B", "discard", "5m", "A")], ruleset=opts(pass_rule=rule_))


def test_a_kong_let_go_bars_every_wait_under_the_default():  # WH-GS-1 (a tile added to a kong), WH-GS-2/3
    hand = rule(robbable_let_go("all_waits_until_move"))
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "B"), ("WH-GS-3", "B")]


def test_a_kong_let_go_bars_only_its_tile_under_same_tile():  # WH-GS-2 same_tile_until_move
    # the 5m is not the passed 8m: B wins, small hard, M_B = 开口 2 × 硬胡 2 = 4; A 开口 2 × 蓄杠 2 ×
    # 庄 2 × 放炮 2 = 16 → 64 → 320; C, D 4 → 20
    hand = rule(robbable_let_go("same_tile_until_move"))
    assert lines(hand) == [("C", 20, 4, None), ("D", 20, 4, None), ("A", 320, 64, None)]


def test_two_false_declarations_on_one_tile_both_pay():  # WH-ZH-1/2/3/4/5
    # dealer B; A discards 9p; B (not open) and D (碰 222z, waiting on 5p) both declare: both
    # are 诈胡 and each pays 400 × 5 to each other player (B and D to each other too); the dealer B
    # was one of them: his 下家 C deals, streak 0
    s = state({"B": "34p234m567s88s999m", "D": "46p234s567m55s"}, melds={"D": [("pon:222z", "C")]}, turn="A",
              phase="discard", holding={"A": "9p"})
    hand = rule(doc([s, discard("A", "9p"), win("B", "discard", "9p", "A"), win("D", "discard", "9p", "A")],
                    dealer="B"))
    assert hand["result"] == "false_win" and hand["winners"] == []
    assert [r for r in ruled(hand) if r[0] == "WH-ZH-1"] == [("WH-ZH-1", "B"), ("WH-ZH-1", "D")]
    assert hand["net"] == {"A": 4000, "B": -4000, "C": 4000, "D": -4000}
    assert hand["next"] == {"dealer": "C", "streak": 0, "round_wind": None}


def test_not_ready_hidden_between_two_liabilities_pays_and_lists_nothing():  # WH-CB-2/4/5, WH-CB-1
    # B's 全求人 清一色 碰碰胡 on D's 8p (raws A 160, C 160, D 240), A fed B's third claim. Under
    # not_ready with D's tiles hidden: D pays all if he was not ready (WH-CB-2 first), else A does
    # (WH-CB-1): every share's payer depends on it, so none is paid and no liability is listed
    from tests.test_wh_disputes_money import quanqiuren_flush

    data = quanqiuren_flush(opts(quanqiuren_bao="not_ready"))
    data["hand"]["events"][0]["hands"]["D"] = 14
    hand = rule(data)
    assert hand["result"] == "win" and hand["payments"] == [] and hand["rulings"] == []
    assert [(m["fact"], m["player"]) for m in hand["missing"]] == [("concealed_tiles", "D")]
    data["ruleset"] = opts(quanqiuren_bao="never")  # near miss: nothing depends on D: A pays all
    hand = rule(data)
    assert pay(hand) == {"A": 2800} and ruled(hand) == [("WH-CB-1", "A")] and hand["missing"] == []


def laizi_alone(ruleset=None):
    """indicator 4m (癞子 5m); B has 碰 111z (A), 222z (C), 333z (D), 999p (A) and holds only 5m: any
    discard pairs it (碰碰胡 + 全求人). C discards 9m, B lets it go; D draws and discards 5s; B declares."""
    s = state({"B": "5m"}, indicator="4m",
              melds={"B": [("pon:111z", "A"), ("pon:222z", "C"), ("pon:333z", "D"), ("pon:999p", "A")]},
              turn="C", phase="discard", holding={"C": "9m", "D": "5s"})
    return doc([s, discard("C", "9m"), draw("D", "1s"), discard("D", "5s"), win("B", "discard", "5s", "D")],
               ruleset=ruleset)


def test_a_single_laizi_waits_on_everything_so_every_discard_is_a_pass():  # WH-GS-1/2/3, WH-LZ-3.1
    hand = rule(laizi_alone())
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "B"), ("WH-GS-3", "B")]
    assert hand["net"] == {"A": 2000, "B": -6000, "C": 2000, "D": 2000}


def test_a_single_laizi_without_the_pass_rule_wins_and_the_jiang_discarder_pays():  # WH-CB-2, WH-HU-5
    # pass_rule none: 5m read as 5s, pair 55s: 碰碰胡 + 全求人, soft, H 20, M_B = 开口 2 → 40 × M_L:
    # C 40, D 放炮 1.5 → 60, A 40; 5s is a 将: D pays all: 140 → 700
    hand = rule(laizi_alone(opts(pass_rule="none")))
    w = winner(hand)
    assert (w["value"], w["factor"], w["hard"], wild_of(w)) == (20, 2, False, [("5m", "5s")])
    assert lines(hand) == [("D", 200, 40, "WH-CB-2"), ("D", 300, 60, None), ("D", 200, 40, "WH-CB-2")]


def test_a_cut_after_a_restored_claim_carries_no_liability_from_it():  # WH-CB-0, §10 liabilities
    # cut after the restore (and after the third claim): the state's liabilities hold A's (from the
    # 7p) and never B's (from the restored chow); every such cut rules as the whole (A pays 1200)
    from api.documents.documents import cut_data
    from tests.test_cut import same_as_whole

    data = chow_given_way()
    assert cut_data(data, 5)["hand"]["events"][0]["liabilities"] == []
    piece = same_as_whole(data, 9)
    assert piece["hand"]["events"][0]["liabilities"] == [{"clause": "WH-CB-1", "liable": "A", "covered": "C"}]
    for at in (4, 6, 8, 12, 16):
        assert pay(rule(same_as_whole(data, at))) == {"A": 1200}


def test_a_haidi_self_draw_still_needs_a_jiang_pair():  # WH-HU-2.3 (海底捞 is no shape hand), WH-ZH-1
    # wall 12, the 海底 draws begun, C (碰 111z) draws 9s to 234m 567p 345s 9s: pair 99s, no 将, and
    # 海底捞 alone is no shape hand: 诈胡 with WH-HU-2 beside; near miss: an 8s wins (300 each)
    hands = {"C": "234m567p345s9s", "A": "123456789m12345p", "B": "123456789p12345s"}
    s = state(hands, melds={"C": [("pon:111z", "B")]}, turn="C", wall_left=12, haidi=True)
    hand = rule(doc([s, draw("C", "9s"), win("C")]))
    assert hand["result"] == "false_win" and ruled(hand) == [("WH-ZH-1", "C"), ("WH-HU-2", "C")]
    s = state(dict(hands, C="234m567p345s8s"), melds={"C": [("pon:111z", "B")]}, turn="C", wall_left=12,
              haidi=True)
    assert pay(rule(doc([s, draw("C", "8s"), win("C")]))) == {"A": 300, "B": 300, "D": 300}
