"""Mutated Wuhan documents through the loader and the engine: how many are ruled, rejected with a
reason at a place in the hand, or end in an internal error (the goal: none).

    python -m benchmarks.wuhan_mutations [--documents 20000] [--seed 1] [--cut 0.7]

The material is ``tests.mutations`` (``documents(…, variant="wuhan")``): hands self-played under
both presets (``rulesbook.wuhan.selfplay``) and a few games, each edited at random (a declaration,
a claim, a kong or single kong of any tile, a stated reading of a wild tile, a report, a
correction, an event deleted or altered), a share of them cut short after the edit. Each is judged
by ``tests.mutations.verdict``: loaded (``api.documents.loader``) and ruled (``rulesbook.wuhan``),
the ruling checked (zero sum, positive integer payments, every finding names a player, the same
ruling twice). Prints the counts by outcome, the time, and each internal error with its document's
number and reason.
"""
from __future__ import annotations

import argparse
import time
from collections import Counter

from api.documents.loader import load_document
from rulesbook import wuhan
from tests.mutations import documents, verdict


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cut", type=float, default=0.7)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    made = documents(args.documents, seed=args.seed, cut=args.cut, variant="wuhan")
    made_in = time.perf_counter() - start
    seen: Counter = Counter()
    errors = []
    start = time.perf_counter()
    for k, data in enumerate(made):
        try:
            seen[verdict(load_document, wuhan.adjudicate, data, f"document {k}")] += 1
        except BaseException as err:  # pytest.fail's exception too: an internal error, counted
            if isinstance(err, KeyboardInterrupt):
                raise
            seen["internal error"] += 1
            errors.append(f"document {k}: {type(err).__name__}: {err}")
    took = time.perf_counter() - start
    print(f"{args.documents} mutated wuhan documents (seed {args.seed}, cut {args.cut}), made in "
          f"{made_in:.1f} s, judged in {took:.1f} s ({args.documents / took:.0f} documents/s)")
    for outcome, n in sorted(seen.items(), key=lambda kv: -kv[1]):
        print(f"  {outcome:<20} {n:6d}")
    print(f"internal errors: {seen['internal error']}")
    for line in errors[:50]:
        print("  " + line)
    return 1 if seen["internal error"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
