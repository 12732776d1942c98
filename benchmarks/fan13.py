"""How fast a Hong Kong win is valued (HK-FAN, ``rulesbook.hk.fan.count_win``) beside a tw16 win
(TW-TAI, ``rulesbook.tw16.tai.score``), on random winning hands of each.

    python -m benchmarks.fan13 [--hands 3000] [--repeat 5] [--seed 1]

Both generators draw the same way: sets (chows or pongs, now and then a kong) and a pair within
four copies of a tile, a third of the sets on the table, a winning tile among the concealed ones,
self-draw or discard, flowers; hk hands have four sets, tw16 hands five. Each run first empties
every memo of hand analysis (decompositions, readings, splits, whole counts), so "new" is the cost
of hands never seen; "again" rules the same hands once more (what a replay that values one hand
twice pays). Prints µs per win, min / median / max of the runs, one core, in process.
"""
from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from typing import Callable

from referee import hand
from referee.melds import MeldView
from referee.model import Ruleset
from referee.tiles import FIRST_FLOWER
from rulesbook.family13 import shapes
from rulesbook.family13.context import Win13
from rulesbook.hk import fan
from rulesbook.hk.options import HkRules
from rulesbook.tw16 import tai
from rulesbook.tw16.face import WinContext
from rulesbook.tw16.options import Rules

STARTS = [s * 9 + n for s in range(3) for n in range(7)]


def winning_hand(rng: random.Random, n_sets: int) -> tuple:
    """(concealed counts, melds, winning tile, how, flowers, seat, round wind) of a random win."""
    held = [0] * 34
    concealed = [0] * 34
    melds = []
    while len(melds) + sum(concealed) // 3 < n_sets:
        if rng.random() < 0.55:
            t = rng.choice(STARTS)
            tiles = (t, t + 1, t + 2)
            kind = "chi"
        else:
            t = rng.randrange(34)
            kind = "kong" if rng.random() < 0.08 else "pon"
            tiles = (t,) * (4 if kind == "kong" else 3)
        if any(held[x] + tiles.count(x) > 4 for x in tiles):
            continue
        for x in tiles:
            held[x] += 1
        if kind == "kong":
            how = rng.choice(("claimed", "added", "concealed"))
            melds.append(MeldView("kong", tiles, kong=how, tile=None if how == "concealed" else t))
        elif rng.random() < 0.33:
            melds.append(MeldView(kind, tiles, tile=t))
        else:
            for x in tiles:
                concealed[x] += 1
    pair = rng.choice([t for t in range(34) if held[t] <= 2])
    concealed[pair] += 2
    win_tile = rng.choice([t for t in range(34) if concealed[t]])
    flowers = tuple(sorted(rng.sample(range(FIRST_FLOWER, FIRST_FLOWER + 8), rng.randrange(4))))
    return (tuple(concealed), tuple(melds), win_tile, rng.choice(("self_draw", "discard")), flowers,
            rng.randint(1, 4), rng.randint(27, 30))


def clear_memos() -> None:
    for f in (hand.decompositions, hand._set_splits, shapes.concealed_splits, fan.count_win, fan._win_rows,
              tai._concealed_readings):
        f.cache_clear()


def _once(value: Callable, items: list) -> tuple[float, float]:
    """µs per win of one run over ``items``: with every memo emptied first, then again."""
    clear_memos()
    gc.collect()
    out = []
    for _ in range(2):
        t0 = time.process_time()
        for item in items:
            value(item)
        out.append((time.process_time() - t0) / len(items) * 1e6)
    return out[0], out[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hk_rules = HkRules.of()
    hk = [Win13(c, w, how, m, f, seat, rw) for c, m, w, how, f, seat, rw in
          (winning_hand(rng, 4) for _ in range(args.hands))]
    tw_rules = Rules.of(Ruleset())
    tw = [WinContext(c, w, how, m, f, seat, rw, seat == 1) for c, m, w, how, f, seat, rw in
          (winning_hand(rng, 5) for _ in range(args.hands))]
    assert all(fan.count_win(x, hk_rules).complete for x in hk)
    assert all(tai.score(x, tw_rules.options, tw_rules.values).complete for x in tw)
    runs: dict[str, list[tuple[float, float]]] = {"hk  count_win": [], "tw16 tai.score": []}
    for _ in range(args.repeat):  # the two alternate, so that both meet the same load
        runs["hk  count_win"].append(_once(lambda x: fan.count_win(x, hk_rules), hk))
        runs["tw16 tai.score"].append(_once(lambda x: tai.score(x, tw_rules.options, tw_rules.values), tw))
    print(f"{args.hands} random winning hands each, {args.repeat} runs, µs per win (min / median / max)")
    for name, timed in runs.items():
        new, again = [t[0] for t in timed], [t[1] for t in timed]
        print(f"{name:15} new {min(new):6.1f} / {statistics.median(new):6.1f} / {max(new):6.1f}"
              f"   again {min(again):6.1f} / {statistics.median(again):6.1f} / {max(again):6.1f}")
    ratios = [h[0] / t[0] for h, t in zip(runs["hk  count_win"], runs["tw16 tai.score"])]
    print(f"hk / tw16, new hands, run by run: {' '.join(f'{r:.2f}' for r in ratios)}")

if __name__ == "__main__":
    main()
