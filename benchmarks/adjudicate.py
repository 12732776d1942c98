"""How fast the engine adjudicates full-information tw16 hands, in process, on one core.

    python -m benchmarks.adjudicate [--hands 2000] [--seed 1] [--repeat 3]

Generates legal hands by self-play (from the deal, with flowers, claims and kongs), loads them once,
then times two paths per hand: the engine alone (replay, scoring, settlement, ruling JSON, from a
loaded document) and the whole path from a JSON value (loader included), as the CLI and the API run
it. Prints hands per second and the median time per hand; each figure is the best of ``--repeat``
runs (the machine is shared, so the best run is the least disturbed one), and every run's rate is
shown too: the first starts with empty caches (hands never seen before).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from api.loader import load_document
from rulesbook.tw16.selfplay import document, play_hand
from rulesbook import tw16


def _time_each(fn, items) -> list[float]:
    out = []
    clock = time.perf_counter
    for item in items:
        start = clock()
        fn(item)
        out.append(clock() - start)
    return out


def _report(name: str, runs: list[list[float]]) -> None:
    best = min(runs, key=sum)
    total = sum(best)
    print(f"{name:<28} {len(best) / total:10.0f} hands/s   median {statistics.median(best) * 1e6:8.0f} µs"
          f"   p99 {sorted(best)[int(len(best) * 0.99) - 1] * 1e6:8.0f} µs"
          f"   (runs: {', '.join(f'{len(r) / sum(r):.0f}' for r in runs)} hands/s)")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    raw = [document(play_hand(rng)) for _ in range(args.hands)]
    docs = [load_document(d) for d in raw]
    events = sum(len(d.hands[0].events) for d in docs)
    wins = sum(1 for d in docs if any(e.type == "win" for e in d.hands[0].events))
    print(f"{args.hands} generated hands, {events / args.hands:.0f} events per hand on average, "
          f"{wins / args.hands:.0%} end in a win")
    engine = [_time_each(tw16.adjudicate, docs) for _ in range(args.repeat)]
    _report("engine (loaded document)", engine)
    full = [_time_each(lambda d: tw16.adjudicate(load_document(d)), raw) for _ in range(args.repeat)]
    _report("JSON value to ruling", full)


if __name__ == "__main__":
    main()
