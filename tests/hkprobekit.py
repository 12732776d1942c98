"""Helpers of the Hong Kong whole-document probes (tests/test_hk_fan_probe2.py, 3): a ruling's
rows, winner and payments; lookers-on filled with scattered tiles; `base` 5."""
from __future__ import annotations

from tests.hkkit import discard, doc, draw, rule, state, win


def kong(p: str, kind: str, tiles: str) -> dict:
    return {"type": "kong", "player": p, "kind": kind, "tiles": tiles}


def rows(hand: dict, who: str) -> dict[str, int]:
    w = next(w for w in hand["winners"] if w["player"] == who)
    out: dict[str, int] = {}
    for p in w["patterns"]:
        out[p["rule"]] = out.get(p["rule"], 0) + p["fan"]
    return out


def winner(hand: dict, who: str) -> dict:
    return next(w for w in hand["winners"] if w["player"] == who)


def paid(hand: dict) -> list[tuple]:
    return sorted((p["from"], p["to"], p["amount"], p["rule"]) for p in hand["payments"])


def ruleset(preset: str = "club", **options) -> dict:
    return {"preset": preset, "base": 5, **({"options": options} if options else {})}


# Quiet hands for the players who only look on (no kind held more than the wall allows).
QUIET = {"B": "2345m2345p2345s6m", "D": "6789m6789p6789s5m"}


KONG = {"A": "777p555z123m45s99s", "B": "2345m2345p6789s6m", "C": "6669m1234p1z1z2z2z3z",
        "D": "11z2z3z3z4z4z4z6z6z6z7z7z"}


# ---- casual: one type per hand, its own curve and cap -------------------------------------------

PONGS = {"A": "555m888m999m3m", "B": "2345p2345s6789p6s", "C": "6789s1z1z2z2z3z3z4z4z5z",
         "D": "3m1p1p9p9p9s9s4z5z5z6z6z7z7z"}
PON_777M = {"A": [{"kind": "pon", "tiles": "777m", "tile": "7m", "from": "C"}]}


def _pongs(preset: str, fan_table: dict | None = None, **options) -> dict:
    # A (dealer) has ponged 777m and wins on D's 3m: 555m 888m 999m 33m, a full flush of pongs
    events = [state(dict(PONGS), turn="D", phase="discard", melds=PON_777M), discard("D", "3m"),
              win("A", "discard", "3m", "D")]
    rs = ruleset(preset, **options)
    if fan_table:
        rs["fan_table"] = fan_table
    return rule(doc(events, rs))


# ---- more rows as whole documents: the lookers-on hold scattered tiles (`_table`) ---------------

KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def _tiles(code: str) -> list[str]:
    out, digits = [], ""
    for ch in code:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    return out


def _table(hands: dict, melds: dict | None = None, discarder: str | None = None, tile: str | None = None,
           drawn: tuple = ()) -> dict:
    """``hands`` with the missing players filled with scattered single tiles (no pair, so nobody else
    is ready), from what the given hands, melds, the discard and the draws leave of each kind."""
    left = {k: 4 for k in KINDS}
    used = [t for h in hands.values() for t in _tiles(h)]
    used += [t for ms in (melds or {}).values() for m in ms for t in _tiles(m["tiles"])]
    used += [tile] if tile else []
    used += list(drawn)
    for t in used:
        if t not in left:  # a flower
            continue
        left[t] -= 1
        assert left[t] >= 0, t
    out = dict(hands)
    for p in "ABCD":
        if p in out:
            continue
        pick = [tile] if p == discarder else []
        for k in sorted(KINDS, key=lambda k: -left[k]):
            if len(pick) == (14 if p == discarder else 13):
                break
            if left[k] and k not in pick:
                pick.append(k)
                left[k] -= 1
        out[p] = "".join(pick)
    return out


def _on_discard(hands: dict, tile: str, by: str = "D", winner: str = "A", melds: dict | None = None,
                preset: str = "club", fan_table: dict | None = None, **options) -> dict:
    st = state(_table(hands, melds, by, tile), turn=by, phase="discard", **({"melds": melds} if melds else {}))
    rs = ruleset(preset, **options)
    if fan_table:
        rs["fan_table"] = fan_table
    return rule(doc([st, discard(by, tile), win(winner, "discard", tile, by)], rs))


def _self_drawn(hands: dict, tile: str, winner: str = "A", melds: dict | None = None,
                preset: str = "club", **options) -> dict:
    st = state(_table(hands, melds, drawn=(tile,)), turn=winner, phase="draw",
               **({"melds": melds} if melds else {}))
    return rule(doc([st, draw(winner, tile), win(winner, "self_draw", tile)], ruleset(preset, **options)))
