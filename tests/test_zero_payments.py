"""A payment worth nothing is no line of a ruling (``referee.ledger.Ledger.as_json``): a ruleset
with a base of 0 makes the shares of a false win that carry no tai worth 0 (found by
tests/test_hostile_probe_props.py's hypothesis search)."""
from api.documents.documents import adjudicate_data


def _false_win(base: int) -> dict:
    return {"format": "mjref/1", "variant": "tw16", "ruleset": {"base": base, "tai": 20},
            "players": ["A", "B", "C", "D"],
            "hand": {"round_wind": "1z", "dealer": "A", "streak": 0, "events": [
                {"type": "state", "hands": {"A": "123m456m789m111z2z3z5s6s9s", "B": "123p456p789p123s456s7z",
                                            "C": "111m222m333m148p25p9s9s", "D": "123s444z555z666z99p7p7p"},
                 "turn": "A", "phase": "discard", "wall_left": 40},
                {"type": "discard", "player": "A", "tile": "9s"},
                {"type": "call", "player": "C", "call": "win"},  # C's hand does not win on 9s
                {"type": "end"}]}}


def test_a_false_win_at_base_0_lists_only_the_payment_that_moves_money():
    hand = adjudicate_data(_false_win(0))["hands"][0]
    assert [r["rule"] for r in hand["rulings"]][:1] == ["TW-ZH-1"]
    assert hand["payments"] == [{"from": "C", "to": "A", "amount": 20, "rule": "TW-ZH-2"}]  # dealer's tai
    assert hand["net"] == {"A": 20, "B": 0, "C": -20, "D": 0}


def test_near_miss_at_base_100_every_share_is_a_line():
    hand = adjudicate_data(_false_win(100))["hands"][0]
    assert [(p["to"], p["amount"]) for p in hand["payments"]] == [("A", 120), ("B", 100), ("D", 100)]
    assert hand["net"] == {"A": 120, "B": 100, "C": -320, "D": 100}
