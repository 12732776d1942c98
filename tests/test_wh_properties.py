"""Properties of Wuhan rulings over random legal hands from the deal (the indicator, single kongs,
thrown 红中 and 癞子, the 海底 draws, 荒庄, and a self-drawn win whenever a draw completes a valid
hand): every hand adjudicates (the replay refusing a fifth copy of a tile), sums to zero, and rules
the same twice."""
import random

import pytest

from referee.tiles import code
from rulesbook.family13.context import Win13
from rulesbook.wuhan.hu import count_win
from rulesbook.wuhan.options import WhRules
from rulesbook.wuhan.table import HONG, LAIZI_OF
from tests.whkit import ruling

P = ["A", "B", "C", "D"]
#: the rules the random players declare by (the documents are ruled by the club's: some 诈胡)
LOOSE = WhRules.of(None, {"must_open": False, "pair_258": False, "max_wild_small": None})


def _wins(hand: list[int], wild: int, indicator: int) -> bool:
    counts = [0] * 34
    for t in hand:
        counts[t] += 1
    w = Win13(tuple(counts), hand[-1], "self_draw", (), indicator=indicator, wild=wild)
    return count_win(w, LOOSE).qualifies


def _useful(hand: list[int], t: int, wild: int) -> int:
    """How well a tile fits the hand (its copies and its suit neighbours): the least useful goes."""
    if t == wild:
        return 99
    near = sum(1 for u in hand if u != t and u < 27 and t < 27 and u // 9 == t // 9 and abs(u - t) <= 2)
    return 3 * (hand.count(t) - 1) + near


def random_hand(seed: int) -> dict:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    rng.shuffle(wall)
    hands = {p: [wall.pop() for _ in range(13)] for p in P}
    hands["A"].append(wall.pop())
    indicator = wall.pop()
    wild = LAIZI_OF[indicator]
    events = [{"type": "deal", "hands": {p: "".join(code(t) for t in h) for p, h in hands.items()}},
              {"type": "indicator", "tile": code(indicator)}]
    turn, first = 0, True
    while True:
        p, h = P[turn], hands[P[turn]]
        if not first:
            h.append(wall.pop())
            events.append({"type": "draw", "player": p, "tile": code(h[-1])})
        first = False
        if len(wall) > 14 and rng.random() < 0.6 and any(t in (HONG, wild) for t in h):
            t = next(t for t in h if t in (HONG, wild))
            h.remove(t)
            events.append({"type": "single_kong", "player": p, "tile": code(t)})
            h.append(wall.pop(0))
            events.append({"type": "draw", "player": p, "tile": code(h[-1]), "from": "back"})
        if _wins(h, wild, indicator):  # declared, not open: a 诈胡 (or must_open off: a win)
            events.append({"type": "win", "player": p, "how": "self_draw"})
            break
        t = min(h, key=lambda t: (_useful(h, t, wild), rng.random()))
        h.remove(t)
        events.append({"type": "discard", "player": p, "tile": code(t)})
        turn = (turn + 1) % 4
        if len(wall) <= 14:
            for k in range(4):
                q = P[(turn + k) % 4]
                hands[q].append(wall.pop())
                events.append({"type": "draw", "player": q, "tile": code(hands[q][-1])})
            events.append({"type": "exhaustive_draw"})
            break
    options = {"must_open": False, "pair_258": seed % 2 == 0}
    return {"format": "mjref/1", "variant": "wuhan", "ruleset": {"base": 5, "options": options},
            "players": P, "hand": {"dealer": "A", "events": events}}


@pytest.mark.parametrize("seed", range(40))
def test_random_hands_rule_and_sum_to_zero(seed):
    data = random_hand(seed)
    first = ruling(data)
    assert first == ruling(data)
    hand = first["hands"][0]
    assert sum(hand["net"].values()) == 0
    assert hand["result"] in ("win", "false_win", "exhaustive_draw")
    if hand["result"] == "win":
        assert sum(p["amount"] for p in hand["payments"]) == hand["net"][hand["winners"][0]["player"]]
