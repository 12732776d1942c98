"""tw16 disputes, round 6: a GAME. Each document here is a `hands` document of several hands; the
money of each hand and the `next` it carries were worked out from RULEBOOK.md (TW-SEAT, TW-FLOW,
TW-HB) before running the engine, and the comments carry the arithmetic (base 100, tai 20). Rounds
1–5 (tests/test_tw16_clauses.py … clauses5.py, test_issue10_disputes.py) ruled one hand at a time,
or a streak and the round wind within one game; here the game ends and the next one starts, a side
bet is withdrawn after a hand, and a claim is taken back too late.

Seats: turn order A → B → C → D.
"""
import pytest

from referee.errors import InputError
from tests.tablekit import discard, doc, draw, ev, only_hand, paid, pon, rule, rulings as ruled, state, win

# The flush (清一色 12 + 門清 1 + 不求 2 = 15 on a self-draw of 8m) and three hands that never win.
FLUSH_W, X1, X2, X3 = ("123m234m456m67m789m55m", "123s444z555z666z99p7p7p", "111s222s333s148p25p9p9p",
                       "111z2z3z5s6s7s8s123p456p7z")


def _hand(dealer, streak, round_wind, winner, **more):
    """One hand: ``winner`` self-draws the flush; the other seats hold the three dead hands."""
    others = iter([X1, X2, X3])
    hands = {p: FLUSH_W if p == winner else next(others) for p in "ABCD"}
    return {"round_wind": round_wind, "dealer": dealer, "streak": streak, **more,
            "events": [state(hands, turn=winner), draw(winner, "8m"), win(winner, "self_draw", "8m")]}


def _game(*hands, bettors=()):
    d = {"format": "mjref/1", "variant": "tw16", "ruleset": {"base": 100, "tai": 20},
         "players": ["A", "B", "C", "D"], "hands": list(hands)}
    if bettors:
        d["bettors"] = list(bettors)
    return d


def _flow(ruling):
    return [(ruled(h), h["next"]) for h in ruling["hands"]]


# -- 1. The game ends and the next one starts (TW-SEAT-2/3, TW-FLOW-8) --------------------------------
#
# A started the game (起庄位 A). Hand 1 is North round's last deal: D deals, N 0, and B self-draws
# the flush: A and C pay 100 + 15 × 20 = 400, the dealer D 100 + (15 + 1) × 20 = 420. The deal
# passes and returns to A: four rounds are done, the game (將) is over (TW-SEAT-3). The next game's
# first dealer is found by the dice (TW-SEAT-2; seed 000: 每將首盤由東座者擲三骰子 …
# 即定為莊家位，亦即該將之起庄位): here D, and D is the new game's 起庄位. That is no
# contradiction of hand 1's outcome.
# Hand 2 (D deals, N 0, East round): B self-draws again: 400, 400, 420. The deal passes to A, which
# is not the new 起庄位 D: the round wind stays East (under the old 起庄位 A it would turn South).
END_OF_GAME = [("A", "B", 400, "TW-PAY-2"), ("C", "B", 400, "TW-PAY-2"), ("D", "B", 420, "TW-PAY-2")]


def test_seat2_the_first_dealer_of_the_next_game_is_thrown_for_and_is_no_contradiction():
    # The engine ruled hand 2 a TW-FLOW-8 contradiction (dealer D, expected A) and carried the old
    # 起庄位 into the new game (hand 2's next round wind South).
    ruling = rule(_game(_hand("D", 0, "4z", "B", start_dealer="A"),
                        _hand("D", 0, "1z", "B", start_dealer="D"),
                        _hand("A", 0, "1z", "B")))
    h1, h2, h3 = ruling["hands"]
    assert paid(h1) == END_OF_GAME and paid(h2) == END_OF_GAME
    assert _flow(ruling)[:2] == [([], {"dealer": "A", "streak": 0, "round_wind": "1z"}),
                                 ([], {"dealer": "A", "streak": 0, "round_wind": "1z"})]
    assert ruled(h3) == []
    # Hand 3 (A deals, N 0): B self-draws: the dealer A pays 420, C and D 400.
    assert paid(h3) == [("A", "B", 420, "TW-PAY-2"), ("C", "B", 400, "TW-PAY-2"), ("D", "B", 400, "TW-PAY-2")]
    assert ruling["net"] == {"A": -1220, "B": 3660, "C": -1200, "D": -1240}


def test_seat2_near_miss_the_same_hand_in_the_middle_of_the_game_contradicts_the_rotation():
    # Hand 1 in the West round: the deal passes to A and the round turns North; a hand 2 dealt by D in
    # the East round contradicts both (TW-FLOW-8), whatever 起庄位 it names.
    ruling = rule(_game(_hand("D", 0, "3z", "B", start_dealer="A"), _hand("D", 0, "1z", "B", start_dealer="D")))
    assert _flow(ruling)[0] == ([], {"dealer": "A", "streak": 0, "round_wind": "4z"})
    assert ruled(ruling["hands"][1]) == [("TW-FLOW-8", "D", None, "ruled")]


def test_seat3_near_miss_a_last_dealer_who_wins_keeps_the_deal_and_the_game_goes_on():
    # D wins North round's last deal: he keeps it, N 1, still North (TW-FLOW-8); each pays 420.
    # A hand 2 recorded as a new game (D, N 0, East) contradicts that.
    ruling = rule(_game(_hand("D", 0, "4z", "D", start_dealer="A"), _hand("D", 0, "1z", "D", start_dealer="D")))
    assert paid(ruling["hands"][0]) == [(p, "D", 420, "TW-PAY-2") for p in "ABC"]
    assert _flow(ruling)[0] == ([], {"dealer": "D", "streak": 1, "round_wind": "4z"})
    assert ruled(ruling["hands"][1]) == [("TW-FLOW-8", "D", None, "ruled")]


def test_seat2_near_miss_the_next_game_starts_in_the_east_round_at_n_0():
    # A new game begins with the East round and no streak: hand 2 recorded in the South round is a
    # contradiction even though its dealer is free.
    ruling = rule(_game(_hand("D", 0, "4z", "B", start_dealer="A"), _hand("D", 0, "2z", "B", start_dealer="D")))
    assert ruled(ruling["hands"][1]) == [("TW-FLOW-8", "D", None, "ruled")]


# -- 2. A claim ruled when made, taken back too late (TW-XG-5, the TW-XP sanction) --------------------
#
# A discards 中 (7z) and C pons it (event 2) though the claim is unlawful: C is 相公 (TW-XG-5, his
# first violation), or the wall is down to 3 tiles (TW-XP-7). Either is ruled when made and costs
# nothing yet; the claim "is undone if a `correct` follows before the next player draws or claims,
# else it stands". The engine accepted a `restore` after D's draw, or after D's pon of C's discard,
# and replayed the pon as undone; the claim stands then, so a log that takes it back is refused,
# naming the correction.
DEAD_PON = {"A": "123m456m789m111z3z99s7z5s", "B": "123p456p789p123s456s7z",
            "C": "111m222m333m444p7z7z6p8p", "D": "777s888s9p55p66p444z1s2s"}
UNDO_PON = ev("correct", player="C", about=2, action="restore")
UNLAWFUL = {"dead": ({"status": {"C": {"dead_hand": True}}}, "TW-XG-5"), "last3": ({"wall_left": 3}, "TW-XP-7")}


def _unlawful_pon(why, *events):
    more, _ = UNLAWFUL[why]
    return doc(state(DEAD_PON, turn="A", phase="discard", **more), discard("A", "7z"), pon("C", "7z"), *events)


@pytest.mark.parametrize("why", UNLAWFUL)
@pytest.mark.parametrize("late", [[discard("C", "6p"), draw("D", "3s")],
                                  [discard("C", "6p"), pon("D", "6p")]], ids=["drawn", "claimed"])
def test_xg5_xp_a_claim_taken_back_after_the_next_draw_or_claim_stands_and_the_log_is_refused(why, late):
    with pytest.raises(InputError, match=r"hand\.events\[5\]\.about: the claim at event 2 can no longer be undone"):
        rule(_unlawful_pon(why, *late, UNDO_PON, ev("end")))


@pytest.mark.parametrize("why", UNLAWFUL)
def test_xg5_xp_near_miss_taken_back_before_the_next_draw_the_pon_is_undone_and_play_goes_on(why):
    # Undone at once: the 中 is back in the river, B draws next and lets it go (B waits on 中 alone:
    # 過水, TW-GS-1, listed where B passed it). The violation is ruled and costs nothing.
    hand = only_hand(rule(_unlawful_pon(why, UNDO_PON, draw("B", "1p"), discard("B", "1p"), ev("end"))))
    assert ruled(hand) == [("TW-GS-1", "B", 1, "ruled"), (UNLAWFUL[why][1], "C", 2, "ruled")]
    assert paid(hand) == [] and hand["result"] == "open"


def test_xg5_near_miss_a_lawful_pon_is_not_a_claim_ruled_when_made_and_the_rule_does_not_reach_it():
    # The same pon by a live C with 40 tiles left is lawful; its `restore` after D's draw is no
    # TW-XG-5/XP matter (the table undid a lawful claim), so the log replays as before.
    hand = only_hand(rule(doc(state(DEAD_PON, turn="A", phase="discard"), discard("A", "7z"), pon("C", "7z"),
                              discard("C", "6p"), draw("D", "3s"), UNDO_PON, ev("end"))))
    assert [r for r in ruled(hand) if r[0] in ("TW-XG-5", "TW-XP-7")] == []


# -- 3. An outside bet withdrawn after its principal paid a false win, not a win (TW-HB-6/7, TW-ZH-3) --
#
# X backs B against the three (50/10), accepted by all. Hand 1 (A deals, N 0): B draws 9s and
# declares a self-draw on an incomplete hand: 詐和 (TW-ZH-1), standalone face 0. B pays A
# 100 + (0 + 1) × 20 = 120 (TW-ZH-2: the dealer's 1 + 2N tai), C and D 100 each; X, backing the
# offender, pays each his mirror (TW-ZH-3): A 50 + 1 × 10 = 60, C and D 50. A keeps the deal at N 0
# (TW-ZH-4). Hand 2 shows no bet: a withdrawal. TW-HB-6 lets an outside bet go only "when N = 0
# and the principal has just lost the stake to a win" (seed 000: 非連莊且插花注被和去時退插); B lost
# his to a 詐和, not to a win: the withdrawal is ruled against X and the bet stands for hand 2
# (TW-HB-7). There B self-draws the flush: A pays 420, C and D 400; X collects A 50 + 16 × 10 = 210,
# C and D 50 + 15 × 10 = 200.
X_ON_B = [{"id": "x1", "kind": "outer", "bettor": "X", "principal": "B", "stake": {"base": 50, "tai": 10},
           "accepted_by": ["A", "C", "D"]}]


def _false_win_then_withdrawal():
    others = {"A": X1, "B": FLUSH_W, "C": X2, "D": X3}
    hand1 = {"round_wind": "1z", "dealer": "A", "streak": 0, "start_dealer": "A", "side_bets": X_ON_B,
             "events": [state(others, turn="B"), draw("B", "9s"), win("B", "self_draw", "9s")]}
    return _game(hand1, _hand("A", 0, "1z", "B", side_bets=[]), bettors=["X"])


def test_hb6_a_bet_withdrawn_after_its_principals_false_win_stands_for_the_next_hand():
    ruling = rule(_false_win_then_withdrawal())
    h1, h2 = ruling["hands"]
    assert h1["result"] == "false_win" and h1["next"] == {"dealer": "A", "streak": 0, "round_wind": "1z"}
    assert paid(h1) == [("B", "A", 120, "TW-ZH-2"), ("B", "C", 100, "TW-ZH-2"), ("B", "D", 100, "TW-ZH-2"),
                        ("X", "A", 60, "TW-HB-1"), ("X", "C", 50, "TW-HB-1"), ("X", "D", 50, "TW-HB-1")]
    assert ruled(h2) == [("TW-HB-6", "X", None, "ruled")]
    assert paid(h2) == [("A", "B", 420, "TW-PAY-2"), ("C", "B", 400, "TW-PAY-2"), ("D", "B", 400, "TW-PAY-2"),
                        ("A", "X", 210, "TW-HB-1"), ("C", "X", 200, "TW-HB-1"), ("D", "X", 200, "TW-HB-1")]
    assert ruling["net"]["X"] == -160 + 610


def test_hb6_near_miss_a_bet_withdrawn_after_its_principal_paid_a_win_at_n_0_is_gone():
    # Hand 1: D self-draws the flush: B pays 400 (A 420, C 400), X mirrors B's payment: 50 + 15 × 10
    # = 200 to D. The deal passes to B (N 0): the withdrawal is in time, hand 2 moves no bet money;
    # B, dealing, self-draws: each pays 100 + 16 × 20 = 420.
    ruling = rule(_game(_hand("A", 0, "1z", "D", start_dealer="A", side_bets=X_ON_B),
                        _hand("B", 0, "1z", "B", side_bets=[]), bettors=["X"]))
    h1, h2 = ruling["hands"]
    assert ("X", "D", 200, "TW-HB-1") in paid(h1)
    assert ruled(h2) == [] and paid(h2) == [(p, "B", 420, "TW-PAY-2") for p in "ACD"]
    assert ruling["net"]["X"] == -200


# -- 4. A hand ended by TW-CD-3 in the North round: who deals next, and whether the game ends
#    (TW-CD-3, TW-FLOW-8, TW-SEAT-2/3)
#
# B has chied 345s from A and discards its 5s (錯打明牌, event 1); D (123s 444z 666z 789p 67s 99p)
# wins on it; B restores the set and discards 4s. In the North round 北 is the round wind for
# anyone: D's face is 北 (round) 1 + 發 1 + 門清 1 = 3 (北 is D's seat wind only when A deals).
CD = {"A": "123m456m789m111z2z3z5s6s", "B": "123p456p789p123s7z4s",
      "C": "111m222m333m67s25p4p9s9s", "D": "123s444z666z789p67s99p"}
CD_CHI = {"B": [{"kind": "chi", "tiles": "345s", "tile": "3s", "from": "A"}]}
CD_WIN = [state(CD, turn="B", phase="discard", melds=CD_CHI),
          {"type": "discard", "player": "B", "tile": "5s", "from_meld": True}, win("D", "discard", "5s", frm="B"),
          ev("correct", player="B", about=1, action="restore"), discard("B", "4s")]


def _cd_game(dealer, streak, second):
    return _game({"round_wind": "4z", "dealer": dealer, "streak": streak, "start_dealer": "C",
                  "events": CD_WIN}, second)


def test_cd3_flow8_the_dealer_wins_on_a_meld_discard_keeps_the_deal_and_n_does_not_grow():
    # D deals on a streak of 1 and wins: B pays 100 + (3 + 1 + 2) × 20 = 220. "Otherwise the dealer
    # keeps it … and N does not grow": hand 2 is D's at N 1, still North; recorded at N 2 it is ruled.
    ruling = rule(_cd_game("D", 1, _hand("D", 1, "4z", "B")))
    h1, h2 = ruling["hands"]
    assert paid(h1) == [("B", "D", 220, "TW-PAY-1")]
    assert h1["next"] == {"dealer": "D", "streak": 1, "round_wind": "4z"} and ruled(h2) == []
    ruling = rule(_cd_game("D", 1, _hand("D", 2, "4z", "B")))
    assert ruled(ruling["hands"][1]) == [("TW-FLOW-8", "D", None, "ruled")]


def test_cd3_seat3_a_dealer_who_discards_from_his_meld_loses_the_deal_and_that_can_end_the_game():
    # B deals (N 0) and is the offender: he pays D 100 + (3 + 1) × 20 = 180 and loses the deal. It
    # passes to C, the 起庄位, after the North round: the game is over, and the next game's first
    # dealer (A, by the dice) is no contradiction (TW-SEAT-2).
    ruling = rule(_cd_game("B", 0, _hand("A", 0, "1z", "B", start_dealer="A")))
    h1, h2 = ruling["hands"]
    assert paid(h1) == [("B", "D", 180, "TW-PAY-1")]
    assert h1["next"] == {"dealer": "C", "streak": 0, "round_wind": "1z"} and ruled(h2) == []


# -- 5. An inner bet withdrawn when the next game starts (TW-HB-5; side_bets.py interpretation 13)
#
# C raises his own stake by one unit (插, one B/T stake) against A, B and D. Inner bets "may not be
# withdrawn before the game ends; if not clearly losing, not in the next game either". The engine
# never told the check who was clearly losing nor how many games a bet had run through, so in a
# `hands` document an inner bet could never be withdrawn at all. Hand 1 is the North round's last
# deal (D deals, 起庄位 A); hand 2 starts the next game (A deals, N 0) without C's bet.
C_INNER = [{"id": "in1", "kind": "inner", "bettor": "C", "principal": "C", "units": 1, "accepted_by": ["A", "B", "D"]}]


def _inner_game(first_winner, *later):
    return _game(_hand("D", 0, "4z", first_winner, start_dealer="A", side_bets=C_INNER),
                 *later or [_hand("A", 0, "1z", "B", side_bets=[])])


def test_hb5_an_inner_bet_clearly_losing_over_the_game_may_be_withdrawn_at_the_next_game():
    # Hand 1: B self-draws: C pays 400 and, by his bet, 400 more (TW-HB-1: one unit of 100 + 15 × 20):
    # he lost by the bet over the game. Hand 2: the withdrawal stands; B's self-draw moves no bet money.
    ruling = rule(_inner_game("B"))
    h1, h2 = ruling["hands"]
    assert ("C", "B", 400, "TW-HB-1") in paid(h1)
    assert ruled(h2) == [] and [p for p in paid(h2) if p[3] == "TW-HB-1"] == []


def test_hb5_near_miss_an_inner_bet_winning_over_the_game_stays_through_the_next_one():
    # Hand 1: C self-draws: A and B pay 400, D (dealer) 420, and by the bet the same again to C. Not
    # losing: the withdrawal in hand 2 is ruled (TW-HB-5, TW-HB-7) and the bet mirrors B's win there:
    # C pays B 400 + 400.
    ruling = rule(_inner_game("C"))
    h1, h2 = ruling["hands"]
    assert ("D", "C", 420, "TW-HB-1") in paid(h1)
    assert ruled(h2) == [("TW-HB-5", "C", None, "ruled")]
    assert ("C", "B", 400, "TW-HB-1") in paid(h2)


def test_hb5_an_inner_bet_that_ran_through_two_games_may_be_withdrawn_at_the_third():
    # The bet stands in game 2 (hand 2: B wins, C's bet -400; hand 3, the game's last deal written
    # straight after it, a TW-FLOW-8 contradiction taken as recorded: C wins, +1240). Winning over
    # game 2 too, but it has run through two games: at game 3 the withdrawal stands.
    third = _hand("A", 0, "1z", "B", side_bets=[])
    ruling = rule(_inner_game("C", _hand("A", 0, "1z", "B", side_bets=C_INNER),
                              _hand("D", 0, "4z", "C", side_bets=C_INNER), third))
    assert [ruled(h) for h in ruling["hands"]] == [[], [], [("TW-FLOW-8", "D", None, "ruled")], []]
    assert [p for p in paid(ruling["hands"][3]) if p[3] == "TW-HB-1"] == []


# -- 6. A non-dealer's 包賠 on the dealer's streak, then an outside bet placed (TW-BP-2, TW-ZH-4,
#    TW-FLOW-9, TW-HB-6/7)
#
# A deals on a true streak of 2 whose dice show 1. C, already 相公 once, pons A's 中 (his second
# violation, TW-XG-5): 包賠, the hand ends. His standalone face is 中 1 (the pon on the table): A,
# collecting, gets the worse N, the marker's: 100 + (1 + 1 + 2 × 1) × 20 = 180; B and D 100 + 20 =
# 120. A non-dealer's penalty: A keeps the deal and N stays 2, neither grown nor reset (TW-ZH-4).
# Hand 2: X starts a bet on B while the dealer is on a streak: void (TW-HB-6/7), no bet money. A
# self-draws the flush: each pays 100 + (15 + 1 + 2 × 2) × 20 = 500.
def _pay_for_all_then_bet(second_streak):
    hand1 = {"round_wind": "1z", "dealer": "A", "streak": 2, "streak_marker": 1, "start_dealer": "A",
             "events": [state(DEAD_PON, turn="A", phase="discard",
                              status={"C": {"dead_hand": True, "dead_hand_violations": 1}}),
                        discard("A", "7z"), pon("C", "7z"), ev("end")]}
    return _game(hand1, _hand("A", second_streak, "1z", "A", side_bets=X_ON_B), bettors=["X"])


def test_bp2_zh4_a_non_dealers_pay_for_all_keeps_the_streak_and_a_bet_placed_on_it_is_void():
    ruling = rule(_pay_for_all_then_bet(2))
    h1, h2 = ruling["hands"]
    assert paid(h1) == [("C", "A", 180, "TW-BP-2"), ("C", "B", 120, "TW-BP-2"), ("C", "D", 120, "TW-BP-2")]
    assert h1["result"] == "penalty" and h1["next"] == {"dealer": "A", "streak": 2, "round_wind": "1z"}
    assert ruled(h2) == [("TW-HB-6", "X", None, "ruled")]
    assert paid(h2) == [(p, "A", 500, "TW-PAY-2") for p in "BCD"]
    assert ruling["net"] == {"A": 1680, "B": -380, "C": -920, "D": -380, "X": 0}  # B, D +120 -500; C -420 -500


def test_bp2_zh4_near_miss_the_next_hand_at_a_grown_streak_is_ruled_and_settled_as_recorded():
    # Recorded at N 3: a TW-FLOW-8 finding, and the recorded N is used: 100 + (15 + 1 + 6) × 20 = 540.
    h2 = rule(_pay_for_all_then_bet(3))["hands"][1]
    assert ruled(h2) == [("TW-FLOW-8", "A", None, "ruled"), ("TW-HB-6", "X", None, "ruled")]
    assert paid(h2) == [(p, "A", 540, "TW-PAY-2") for p in "BCD"]
