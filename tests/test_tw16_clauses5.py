"""tw16 disputes, round 5: rulings that turn on WHEN. Rounds 1–4 (tests/test_tw16_clauses.py …
test_tw16_clauses4.py, test_issue10_disputes.py) ruled clauses alone and where they meet; here each
dispute is written at the moment the rulebook names, one event earlier and one event later, and
the ruling must change exactly where RULEBOOK.md says, with the money to the unit (base 100, tai
20; A deals with N = 0 unless a test says otherwise). Every amount was worked out from RULEBOOK.md
before running the engine; the comments carry the arithmetic.

Seats: A East (the dealer), B South, C West, D North; round wind East. Turn order A → B → C → D.
"""
from tests.tablekit import deal, discard, doc, draw, ev, kong, only_hand, paid, rule, rulings as ruled, state, win


def report(against, about, by="A"):
    return ev("report", by=by, against=against, about=about)


# -- 1. A second 相公 violation reported before the last play, after the 荒局, or never -------------
#    (TW-XG-1 "a report may come … also after its last play", TW-XG-5, TW-BP-2, TW-FLOW-8)
#
# C is already 相公 with one violation. With 3 tiles left he draws, peeks at the wall (event 2: a new
# 相公 cause, so once reported his second violation, 包賠) and discards; D and A draw the last two
# tiles. C's standalone face is 0 (no honour set, no flower): 包賠 costs him 100 to each non-dealer
# and 100 + (0 + 1 + 2N) × 20 to the dealer.
H = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s456s7z",
     "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p7p"}
PEEK = [draw("C", "4p"), ev("peek", player="C", target="wall"), discard("C", "4p"),
        draw("D", "5p"), discard("D", "5p"), draw("A", "6p"), discard("A", "6p")]


def _peek(*events, **kw):
    return doc(state(H, turn="C", wall_left=3, status={"C": {"dead_hand": True, "dead_hand_violations": 1}}),
               *events, **kw)


def test_bp2_flow8_a_second_violation_reported_after_the_exhaustive_draw_pays_for_all_and_the_draw_rule_stands():
    hand = only_hand(rule(_peek(*PEEK, ev("exhaustive_draw"), report("C", 2))))
    # The report comes after the last play: the 包賠 is settled (A 120, B and D 100) but it did not
    # end the hand, the 荒局 did: result exhaustive_draw, the dealer A keeps the deal, N 0 → 1.
    assert ruled(hand) == [("TW-XG-1", "C", 2, "ruled"), ("TW-BP-1", "C", 9, "ruled")]
    assert paid(hand) == [("C", "A", 120, "TW-BP-2"), ("C", "B", 100, "TW-BP-2"), ("C", "D", 100, "TW-BP-2")]
    assert hand["result"] == "exhaustive_draw" and hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}
    assert "rule for the dealer stands" in hand["rulings"][1]["decision"]


def test_bp2_near_miss_reported_one_event_earlier_the_pay_for_all_ends_the_hand_and_the_streak_stops():
    # Reported after the last discard, before the 荒局 is called: the 包賠 ends the hand there
    # (TW-BP-2; no exhaustive_draw may follow) and, C not being the dealer, A keeps the deal without
    # N growing (TW-ZH-4). The same money.
    hand = only_hand(rule(_peek(*PEEK, report("C", 2), ev("end"))))
    assert ruled(hand) == [("TW-XG-1", "C", 2, "ruled"), ("TW-BP-1", "C", 8, "ruled")]
    assert paid(hand) == [("C", "A", 120, "TW-BP-2"), ("C", "B", 100, "TW-BP-2"), ("C", "D", 100, "TW-BP-2")]
    assert hand["result"] == "penalty" and hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_bp2_flow8_a_dealer_offender_keeps_the_deal_when_found_after_the_draw_and_loses_it_before():
    # C deals with N 1: each of the three gets 100 + (0 + 1 + 2) × 20 = 160 either way.
    after = only_hand(rule(_peek(*PEEK, ev("exhaustive_draw"), report("C", 2), dealer="C", streak=1)))
    assert paid(after) == [("C", "A", 160, "TW-BP-2"), ("C", "B", 160, "TW-BP-2"), ("C", "D", 160, "TW-BP-2")]
    assert after["next"] == {"dealer": "C", "streak": 2, "round_wind": None}  # 荒局: he keeps it, N + 1
    before = only_hand(rule(_peek(*PEEK, report("C", 2), ev("end"), dealer="C", streak=1)))
    assert paid(before) == paid(after)
    assert before["next"] == {"dealer": "D", "streak": 0, "round_wind": None}  # TW-ZH-4: he loses it


def test_bp2_near_miss_never_reported_the_peek_is_listed_and_the_draw_costs_nothing():
    hand = only_hand(rule(_peek(*PEEK, ev("exhaustive_draw"))))
    assert ruled(hand) == [("TW-XG-1", "C", 2, "unreported")] and paid(hand) == []
    assert hand["result"] == "exhaustive_draw" and hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


def test_bp2_zh6_the_same_report_after_another_players_win_leaves_the_win_and_pays_for_all_beside_it():
    # With the wall open, B self-draws 7z alone (門清 1 + 不求 2 + 獨聽 1 = 4: A 100 + 5 × 20 = 200,
    # C and D 180), then the peek is reported. A 相公 cause reported after a win does not void it
    # (TW-ZH-6); C's second violation runs from the report and is settled beside the win (engine's
    # reading: RULEBOOK.md names no moment after which a 包賠 is no longer owed). Next dealer by the win.
    hand = only_hand(rule(doc(state(H, turn="C", status={"C": {"dead_hand": True, "dead_hand_violations": 1}}),
                              *PEEK, draw("B", "7z"), win("B", "self_draw", "7z"), report("C", 2))))
    assert ruled(hand) == [("TW-XG-1", "C", 2, "ruled"), ("TW-BP-1", "C", 10, "ruled")]
    assert paid(hand) == [("C", "A", 120, "TW-BP-2"), ("C", "B", 100, "TW-BP-2"), ("C", "D", 100, "TW-BP-2"),
                          ("A", "B", 200, "TW-PAY-2"), ("C", "B", 180, "TW-PAY-2"), ("D", "B", 180, "TW-PAY-2")]
    assert hand["result"] == "win" and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


# -- 2. A win on a tile discarded from an exposed set: before the next draw, after it, after his discard
#    (TW-CD-3, TW-CD-4, TW-PR-7, TW-PR-9, TW-FLOW-8)
#
# B has chied 345s from A and discards its 5s (錯打明牌, event 1). D (123s 444z 666z 789p 67s 99p)
# wins on 5s or 8s (no 獨聽): 北 his seat wind 1 + 發 1 + 門清 1 = 3; B pays 100 + 3 × 20 = 160.
CD = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s7z4s",
      "C": "111m222m333m67s25p4p9s9s", "D": "123s444z666z789p67s99p"}
CD_MELDS = {"B": [{"kind": "chi", "tiles": "345s", "tile": "3s", "from": "A"}]}
FROM_MELD = {"type": "discard", "player": "B", "tile": "5s", "from_meld": True}
RESTORE = [ev("correct", player="B", about=1, action="restore"), discard("B", "4s")]


def _cd(*events, **kw):
    return only_hand(rule(doc(state(CD, turn="B", phase="discard", melds=CD_MELDS), FROM_MELD, *events, **kw)))


def test_cd3_near_miss_won_on_before_the_next_draw_the_offender_pays_and_the_dealer_keeps_the_deal():
    hand = _cd(win("D", "discard", "5s", frm="B"), *RESTORE)
    assert hand["winners"][0]["tai"] == 3 and ruled(hand) == [("TW-CD-3", "B", 1, "ruled")]
    assert paid(hand) == [("B", "D", 160, "TW-PAY-1")]
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}  # A keeps it, N does not grow


def test_cd3_pr7_won_on_after_the_next_player_drew_it_is_still_won_on_not_play_going_on():
    # C has drawn (event 2) but not discarded: D's win takes the priority over the draw (TW-PR-7), so
    # somebody won on the tile (TW-CD-3), not "nobody noticed and play went on" (TW-CD-4): the dealer
    # A keeps the deal with N unchanged, and B is liable for nothing more. (The engine ruled TW-CD-4
    # at the draw and passed the deal to B.) The same with the draw put back first.
    for undo in ([], [ev("correct", player="C", about=2, action="return_tile")]):
        hand = _cd(draw("C", "5p"), *undo, win("D", "discard", "5s", frm="B"), *RESTORE)
        assert ruled(hand) == [("TW-CD-3", "B", 1, "ruled"), ("TW-PR-7", "D", 3 + len(undo), "ruled")]
        assert paid(hand) == [("B", "D", 160, "TW-PAY-1")]
        assert hand["result"] == "win" and hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}


def test_cd4_pr9_near_miss_after_the_next_players_discard_play_went_on_and_the_late_win_pays_for_all():
    # C drew and discarded: play went on (TW-CD-4, no 相公); D's win on B's 5s lost its priority
    # (TW-PR-7) and he passed it (TW-GS-1): 包賠 by the face as declared 3 (TW-PR-9): the dealer A
    # 100 + (3 + 1) × 20 = 180, B and C 160. The dealer keeps the deal, N does not grow (TW-ZH-4).
    hand = _cd(draw("C", "5p"), discard("C", "5p"), win("D", "discard", "5s", frm="B"))
    assert ("TW-CD-4", "B", 1, "ruled") in ruled(hand) and ("TW-PR-9", "D", 4, "ruled") in ruled(hand)
    assert paid(hand) == [("D", "A", 180, "TW-BP-2"), ("D", "B", 160, "TW-BP-2"), ("D", "C", 160, "TW-BP-2")]
    assert hand["result"] == "penalty" and hand["next"] == {"dealer": "A", "streak": 0, "round_wind": None}
