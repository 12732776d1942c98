"""Helpers of the Wuhan disputes (tests/test_wh_disputes*.py): a ruleset, a ruling's lines and
rulings as tuples, and the positions several files share."""
from tests.whkit import discard, doc, state, win


def opts(preset: str | None = None, factor_table: dict | None = None, **options) -> dict:
    out: dict = {"base": 5}
    if preset:
        out["preset"] = preset
    if options:
        out["options"] = options
    if factor_table:
        out["factor_table"] = factor_table
    return out


def lines(hand: dict) -> list[tuple]:
    """(from, amount, raw, liability) of each payment line, in the ruling's order."""
    return [(p["from"], p["amount"], p.get("raw"), p.get("liability")) for p in hand["payments"]]


def ruled(hand: dict) -> list[tuple[str, str]]:
    return [(r["rule"], r.get("player")) for r in hand["rulings"]]


def winner(hand: dict) -> dict:
    assert hand["result"] == "win" and len(hand["winners"]) == 1, hand
    return hand["winners"][0]


def wild_of(w: dict) -> list[tuple[str, str]]:
    return sorted((x["tile"], x["as"]) for x in w["wild"])


def pats(w: dict) -> list[str]:
    return [p["rule"] for p in w["patterns"]]


def kong(player, kind, tiles):
    return {"type": "kong", "player": player, "kind": kind, "tiles": tiles}


def single(player, tile):
    return {"type": "single_kong", "player": player, "tile": tile}


def hard_or_soft(ruleset=None):
    """indicator 4m (癞子 5m); A (dealer) has 碰 111z (B), 碰 999s (C), 碰 111p (D), holds 3m 4m 5m 5p
    and wins on D's 5p."""
    s = state({"A": "345m5p"}, indicator="4m",
              melds={"A": [("pon:111z", "B"), ("pon:999s", "C"), ("pon:111p", "D")]},
              turn="D", phase="discard", holding={"D": "5p"})
    return doc([s, discard("D", "5p"), win("A", "discard", "5p", "D")], ruleset=ruleset)


def claimants(dealer, b_open=True):
    """A discards 5p; B (waits 2p/5p) and D (碰 222z, waits 5p) both declare (B first in the log)."""
    hands = {"D": "46p234s567m55s"}
    melds = {"D": [("pon:222z", "C")]}
    if b_open:
        hands["B"] = "34p234m567s88s"
        melds["B"] = [("pon:111z", "C")]
    else:
        hands["B"] = "34p234m567s88s999m"
    s = state(hands, melds=melds, turn="A", phase="discard", holding={"A": "5p"})
    return doc([s, discard("A", "5p"), win("B", "discard", "5p", "A"), win("D", "discard", "5p", "A")],
               dealer=dealer)
