"""Probe (acceptance view) of a `hands` document whose later hand leaves `round_wind` out (EVENT_LOG.md:
"later hands may leave dealer, streak and round_wind out, and the referee carries them on from the
previous hand's outcome"). Without `start_dealer` the previous outcome's round wind cannot be
computed (`next.round_wind` null): the engine scored the next hand in the East round anyway, so a
東 triplet earned a round-wind tai the log does not support (TW-TAI-1). A face that depends on the
round wind is now listed under `missing` and not paid; one that does not is paid as before.

Hand 1: A deals in the South round; B wins on A's 4s (門清 1 + 平和 2 = 3: A pays 100 + 4 × 20 = 180)
and deals hand 2 (N 0): B is East, C South, D West, A North. In hand 2 B throws 4s and C wins on it.
"""
import pytest

from tests.tablekit import discard, paid, rule, state, win

HAND1_B = "234m567m789p55p23s567s"  # 平和 on 1s/4s


def game(c_hand: str, start_dealer: str | None = None, round_wind2: str | None = None, options=None,
         c_melds=None) -> dict:
    hand1 = {"round_wind": "2z", "dealer": "A", "streak": 0,
             "events": [state({"A": 17, "B": HAND1_B, "C": 16, "D": 16}, turn="A", phase="discard"),
                        discard("A", "4s"), win("B", "discard", "4s", frm="A")]}
    if start_dealer:
        hand1["start_dealer"] = start_dealer
    more = {"melds": {"C": c_melds}} if c_melds else {}
    hand2 = {"events": [state({"A": 16, "B": 17, "C": c_hand, "D": 16}, turn="B", phase="discard", **more),
                        discard("B", "4s"), win("C", "discard", "4s", frm="B")]}
    if round_wind2:
        hand2["round_wind"] = round_wind2
    ruleset = {"base": 100, "tai": 20, **({"options": options} if options else {})}
    return {"format": "mjref/1", "variant": "tw16", "ruleset": ruleset, "players": list("ABCD"),
            "hands": [hand1, hand2]}


ROUND_WIND_GAP = {"fact": "round_wind", "player": "C", "at": 2,
                  "needed_for": "TW-TAI-1: whether a wind set of the win is the round wind"}


@pytest.mark.parametrize("wind", ["1z", "2z"])
def test_a_wind_triplet_in_a_hand_whose_round_wind_is_unknown_is_missing_not_scored_in_east(wind):
    # C holds 東 (round wind if East) or 南 (his seat wind, and the round wind if South): either way
    # the face depends on a round wind the log does not give (South, or West if B was the start dealer)
    h1, h2 = rule(game(wind * 3 + "567m789p55p23s567s"))["hands"]
    assert paid(h1) == [("A", "B", 180, "TW-PAY-1")] and h1["next"]["round_wind"] is None
    assert h2["missing"] == [ROUND_WIND_GAP] and not h2["complete"]
    assert h2["winners"][0]["tai"] is None and paid(h2) == []
    assert h2["result"] == "win" and h2["next"]["dealer"] == "C"  # who won is known; the money is not


def test_near_miss_the_start_dealer_known_carries_the_round_wind_and_east_is_no_round_wind():
    # start_dealer A: the deal passed to B, not back to A: hand 2 is still South round. C's 東 is
    # neither his seat wind nor the round wind: 門清 1 = 1, the dealer B pays 100 + 2 × 20 = 140.
    h1, h2 = rule(game("111z567m789p55p23s567s", start_dealer="A"))["hands"]
    assert h1["next"]["round_wind"] == "2z"
    assert h2["missing"] == [] and paid(h2) == [("B", "C", 140, "TW-PAY-1")]


def test_near_miss_a_recorded_round_wind_is_used():
    h2 = rule(game("111z567m789p55p23s567s", round_wind2="1z"))["hands"][1]
    # East recorded: 東 round 1 + 門清 1 = 2: 100 + 3 × 20 = 160
    assert h2["missing"] == [] and paid(h2) == [("B", "C", 160, "TW-PAY-1")]


def test_near_miss_a_hand_without_a_wind_set_does_not_need_the_round_wind():
    h2 = rule(game("123m567m789p55p23s567s"))["hands"][1]
    # 門清 1 + 平和 2 = 3: 100 + 4 × 20 = 180
    assert h2["missing"] == [] and paid(h2) == [("B", "C", 180, "TW-PAY-1")]


def test_near_miss_a_wind_set_worth_nothing_in_any_round_is_paid():
    # 大四喜 removes every 風字刻 tai (TW-TAI-19): the face is the same in every round. C: 東南西 pons
    # exposed, 北 concealed, 567m, and 4s alone: the 4s makes his pair.
    melds = [{"kind": "pon", "tiles": t * 3 + "z", "tile": t + "z", "from": "A"} for t in "123"]
    h2 = rule(game("444z567m4s", c_melds=melds))["hands"][1]
    # 大四喜 16 + 獨聽 1 (4s alone) = 17 (湊一色 needs one suit: 567m and 4s are two suits → no; 對對和
    # needs five triplets → no): B pays 100 + 18 × 20 = 460
    assert h2["missing"] == [] and h2["winners"][0]["tai"] == 17
    assert paid(h2) == [("B", "C", 460, "TW-PAY-1")]


def test_a_false_win_whose_standalone_face_holds_a_wind_set_waits_on_the_round_wind_too():
    # C shows a hand that does not win, with a pon of 東 exposed: 詐和, standalone face (東 pon)
    melds = [{"kind": "pon", "tiles": "111z", "tile": "1z", "from": "A"}]
    h2 = rule(game("567m789p55p22s999s", c_melds=melds))["hands"][1]  # 22s: the 4s completes nothing
    assert [r["rule"] for r in h2["rulings"]] == ["TW-ZH-1"]
    assert h2["missing"] == [{"fact": "round_wind", "player": "C", "at": 2,
                              "needed_for": "TW-ZH-2: the face of the false win (TW-TAI-1)"}]
    assert paid(h2) == []
    # near miss: a fixed face needs no round wind: K 2 → each 100 + 40, the dealer B 1 tai more
    h2 = rule(game("567m789p55p22s999s", c_melds=melds, options={"false_win_face": "fixed:2"}))["hands"][1]
    assert h2["missing"] == [] and paid(h2) == [("C", "A", 140, "TW-ZH-2"), ("C", "B", 160, "TW-ZH-2"),
                                                 ("C", "D", 140, "TW-ZH-2")]


def test_the_text_ruling_names_the_missing_round_wind():
    from api.text.text import format_text
    d = game("111z567m789p55p23s567s")
    text = " ".join(format_text(rule(d), d).split())
    assert "Winner C (discard, 4s): tai unknown" in text
    assert "Unknown: the round wind at event 3" in text and "round_wind" not in text


def test_near_miss_the_dealer_kept_the_deal_so_the_round_wind_did_not_move():
    # Hand 1 (South round, no start_dealer): the dealer A wins on B's 4s and keeps the deal (N 1).
    # The deal did not return to anyone: hand 2 is still the South round (TW-SEAT-2), though
    # next.round_wind stays null without start_dealer (EVENT_LOG.md). In hand 2 C (West) wins on A's
    # 4s with 南 222z: the round wind, 1 + 門清 1 = 2; the dealer A (N 1) pays 100 + (2 + 1 + 2) × 20
    # = 200. Hand 3: the deal passed to B (the start dealer unknown): D's 南 triplet is missing again.
    plain = {"round_wind": "2z", "dealer": "A", "streak": 0,
             "events": [state({"A": HAND1_B, "B": 17, "C": 16, "D": 16}, turn="B", phase="discard"),
                        discard("B", "4s"), win("A", "discard", "4s", frm="B")]}
    south = "222z567m789p55p23s567s"
    kept = {"events": [state({"A": 17, "B": 16, "C": south, "D": 16}, turn="A", phase="discard"),
                       discard("A", "4s"), win("C", "discard", "4s", frm="A")]}
    passed = {"events": [state({"A": 16, "B": 16, "C": 17, "D": south}, turn="C", phase="discard"),
                         discard("C", "4s"), win("D", "discard", "4s", frm="C")]}
    d = {"format": "mjref/1", "variant": "tw16", "ruleset": {"base": 100, "tai": 20}, "players": list("ABCD"),
         "hands": [plain, kept, passed]}
    h1, h2, h3 = rule(d)["hands"]
    assert h1["next"] == {"dealer": "A", "streak": 1, "round_wind": None}
    assert h2["missing"] == [] and paid(h2) == [("A", "C", 200, "TW-PAY-1")]
    assert h3["missing"] == [{"fact": "round_wind", "player": "D", "at": 2,
                              "needed_for": "TW-TAI-1: whether a wind set of the win is the round wind"}]
