"""Second prober's Wuhan disputes (RULEBOOK_WH.md), each worked by hand in the comment first.

B = 5, preset ``kaikoufan``; turn order A → B → C → D."""

from tests.whkit import discard, doc, draw, rule, state, win


def false_draw(dealer: str, streak: int, ruleset=None):
    """A (碰 666p from B) holds 234p 567s 789s 5m; indicator 4z (癞子 发 6z) and A self-draws 5z: 5m 5z
    make no pair, no reading wins: a false win (WH-ZH-1)."""
    s = state({"A": "234p567789s5m"}, indicator="4z", melds={"A": [("pon:666p", "B")]})
    data = doc([s, draw("A", "5z"), win("A")], ruleset=ruleset, dealer=dealer)
    data["hand"]["streak"] = streak
    return data


def test_dealer_false_win_on_a_streak_loses_the_deal():  # WH-ZH-2, WH-ZH-3, WH-ZH-4, WH-PAY-6
    # dealer A on streak 3 false-wins: 400 × 5 = 2000 to each of B, C, D (streak carries no money,
    # WH-PAY-6): A −6000. WH-ZH-4: his 下家 B deals, streak 0.
    hand = rule(false_draw("A", 3))
    assert hand["result"] == "false_win"
    assert hand["net"] == {"A": -6000, "B": 2000, "C": 2000, "D": 2000}
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_non_dealer_false_win_keeps_dealer_and_streak():  # WH-ZH-4 near miss
    # dealer C on streak 3; A (non-dealer) false-wins: same money (2000 each, A −6000); C keeps the deal,
    # streak stays 3 (not + 1: no win, no 荒庄).
    hand = rule(false_draw("C", 3))
    assert hand["net"] == {"A": -6000, "B": 2000, "C": 2000, "D": 2000}
    assert hand["next"] == {"dealer": "C", "streak": 3, "round_wind": None}


def test_fixed_false_win_price():  # WH-ZH-2 fixed:K
    # false_win fixed:50: 50 × 5 = 250 to each of the other three; A −750; dealer A loses the deal.
    hand = rule(false_draw("A", 1, {"base": 5, "options": {"false_win": "fixed:50"}}))
    assert hand["net"] == {"A": -750, "B": 250, "C": 250, "D": 250}
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_first_declaration_in_seat_order_false_second_wins():  # WH-ZH-5, WH-PR-2, WH-ZH-2
    # indicator 3m (癞子 4m). D throws 5p. A (dealer, closed 234p 123s 567s 5m 111z) declares: no pair,
    # false. B (碰 222p from C, 碰 777s from D; 455m 999s 5p) declares: 4m as 5m, 碰碰胡 soft H 10, M_B 开口 2.
    # The false A bumps nobody: B wins. B's lines: A raw 20 → 100 (no dealer item on a big hand,
    # WH-FAN); C raw 20 → 100; D 放炮 1.5 → raw 30 → 150: B +350. A's false win: 2000 to each of B, C, D.
    # net A −6100, B +2350, C +1900, D +1850 (sum 0); result win; next follows B's win: B deals, 0.
    s = state({"A": "234p123567s5m111z", "B": "455m999s5p"}, indicator="3m",
              melds={"B": [("pon:222p", "C"), ("pon:777s", "D")]},
              turn="D", phase="discard", holding={"D": "5p"})
    hand = rule(doc([s, discard("D", "5p"), win("A", "discard", "5p", "D"), win("B", "discard", "5p", "D")]))
    assert hand["result"] == "win"
    assert [(r["rule"], r["player"], r["status"]) for r in hand["rulings"]] == [("WH-ZH-1", "A", "ruled")]
    assert [(w["player"], w["wild"], w["hard"]) for w in hand["winners"]] == [("B", [{"tile": "4m", "as": "5m"}], False)]
    assert hand["net"] == {"A": -6100, "B": 2350, "C": 1900, "D": 1850}
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}
