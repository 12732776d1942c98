"""How fast the engine adjudicates full-information tw16 hands, in process, on one core.

    python -m benchmarks.adjudicate [--hands 2000] [--seed 1] [--repeat 3] [--clock wall|cpu]

Generates legal hands by self-play (from the deal, with flowers, claims and kongs), loads them once,
then times each path per hand: the engine alone (replay, scoring, settlement, ruling JSON, from a
loaded document); the whole path from a JSON value (loader included) and from JSON text (the JSON
reader ``api.documents.jsonvalues.decode_json`` too), as the CLI, the API and the audit run them, each with
the fast loader (``api.documents.fastload``, the default) and with the marshmallow schema alone
(``load_document(…, fast=False)``, the loader before the fast one); JSON text to the loaded
document, the JSON reader alone, and the two loaders alone.
Prints hands per second (min, median and max of the ``--repeat`` runs, the paths taking turns in
each round, so that a change in the machine's load falls on all of them) and the median and p99
time per hand of the best run. "engine (loaded document)" rules the same hands in every run: its
first run starts with empty caches, the later ones meet hands already seen (memoised analyses);
"engine, new hands" and "JSON text to ruling, new hands" rule other hands in each run (an auditor's
case: no hand is seen twice), the first run also in a fresh process. ``--clock cpu`` times this
process's CPU time instead of the wall clock: what one core does, however loaded a shared machine
is.

Then the other variants beside tw16, per event (an hk hand runs to the wall's end more often than
a tw16 hand, so hands are compared by their cost per event): hk's, guangdong's, wuhan's,
sichuan's and shanghai's hands by their own self-play (``rulesbook.hk.selfplay``,
``rulesbook.guangdong.selfplay``, ``rulesbook.wuhan.selfplay``, ``rulesbook.sichuan.selfplay``:
108 tiles, several wins per hand; ``rulesbook.shanghai.selfplay``: knocks, 一炮多响, a 荒番
counter), the engine on loaded documents and the whole path from a JSON value.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from api.documents.jsonvalues import decode_json
from api.documents.loader import load_document
from rulesbook import guangdong, hk, shanghai, sichuan, tw16, wuhan
from rulesbook.family13 import selfplay as family_selfplay
from rulesbook.guangdong import selfplay as gd_selfplay
from rulesbook.hk import selfplay as hk_selfplay
from rulesbook.sichuan import selfplay as sc_selfplay
from rulesbook.shanghai import selfplay as sh_selfplay
from rulesbook.tw16.selfplay import document, play_hand
from rulesbook.wuhan import selfplay as wh_selfplay

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def _time_each(fn, items, clock) -> list[float]:
    out = []
    for item in items:
        start = clock()
        fn(item)
        out.append(clock() - start)
    return out


def _report(name: str, runs: list[list[float]]) -> None:
    best = min(runs, key=sum)
    rates = sorted(len(r) / sum(r) for r in runs)
    print(f"{name:<34} min {rates[0]:6.0f}  median {statistics.median(rates):6.0f}  "
          f"max {rates[-1]:6.0f} hands/s   median {statistics.median(best) * 1e6:6.0f} µs"
          f"   p99 {sorted(best)[int(len(best) * 0.99) - 1] * 1e6:6.0f} µs")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--clock", choices=CLOCKS, default="wall")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    raw = [document(play_hand(rng)) for _ in range(args.hands)]
    texts = [json.dumps(d, ensure_ascii=False) for d in raw]
    docs = [load_document(d) for d in raw]
    fresh = {  # hands for the paths that never meet a hand twice: other hands in each run
        "engine, new hands": iter([[load_document(document(play_hand(rng))) for _ in range(args.hands)]
                                   for _ in range(args.repeat)]),
        "JSON text to ruling, new hands": iter([
            [json.dumps(document(play_hand(rng)), ensure_ascii=False) for _ in range(args.hands)]
            for _ in range(args.repeat)]),
    }
    events = sum(len(d.hands[0].events) for d in docs)
    wins = sum(1 for d in docs if any(e.type == "win" for e in d.hands[0].events))
    print(f"{args.hands} generated hands, {events / args.hands:.0f} events per hand on average, "
          f"{wins / args.hands:.0%} end in a win; {args.clock} clock, {args.repeat} runs")
    paths = {
        "engine, new hands": (tw16.adjudicate, None),
        "engine (loaded document)": (tw16.adjudicate, docs),
        "JSON value to ruling": (lambda d: tw16.adjudicate(load_document(d)), raw),
        "JSON value to ruling, schema alone": (lambda d: tw16.adjudicate(load_document(d, fast=False)), raw),
        "JSON text to ruling": (lambda t: tw16.adjudicate(load_document(decode_json(t))), texts),
        "JSON text to ruling, new hands": (lambda t: tw16.adjudicate(load_document(decode_json(t))), None),
        "JSON text to ruling, schema alone": (
            lambda t: tw16.adjudicate(load_document(decode_json(t), fast=False)), texts),
        "JSON text to document (fast)": (lambda t: load_document(decode_json(t)), texts),
        "JSON reader alone": (decode_json, texts),
        "loader alone (fast)": (load_document, raw),
        "loader alone (schema)": (lambda d: load_document(d, fast=False), raw),
    }
    runs: dict[str, list[list[float]]] = {name: [] for name in paths}
    clock = CLOCKS[args.clock]
    for _ in range(args.repeat):
        for name, (fn, items) in paths.items():
            runs[name].append(_time_each(fn, next(fresh[name]) if items is None else items, clock))
    for name, timed in runs.items():
        _report(name, timed)
    _per_event("tw16", docs, runs["engine (loaded document)"])
    _variants(args, rng, clock)


def _per_event(variant: str, docs, timed: list[list[float]]) -> None:
    events = sum(len(d.hands[0].events) for d in docs)
    best = min(sum(r) for r in timed)
    print(f"{variant:<6} engine per event: {best / events * 1e6:6.1f} µs "
          f"({events / len(docs):.0f} events per hand)")


def _variants(args, rng: random.Random, clock) -> None:
    """hk, guangdong, wuhan, sichuan and shanghai beside tw16: the engine and the JSON value path,
    per hand and per event."""
    for name, book, play in (("hk", hk, hk_selfplay.play_hand), ("guangdong", guangdong, gd_selfplay.play_hand),
                             ("wuhan", wuhan, wh_selfplay.play_hand),
                             ("sichuan", sichuan, sc_selfplay.play_hand),
                             ("shanghai", shanghai, sh_selfplay.play_hand)):
        raw = [family_selfplay.document(play(rng), variant=name) for _ in range(args.hands)]
        docs = [load_document(d) for d in raw]
        wins = [sum(e.type == "win" for e in d.hands[0].events) for d in docs]
        several = f", {sum(n > 1 for n in wins) / args.hands:.0%} with two or three" if name == "sichuan" else ""
        print(f"{name}: {args.hands} generated hands, {sum(n > 0 for n in wins) / args.hands:.0%} "
              f"with a win{several}")
        engine, whole = f"{name} engine (loaded document)", f"{name} JSON value to ruling"
        runs: dict[str, list[list[float]]] = {engine: [], whole: []}
        for _ in range(args.repeat):
            runs[engine].append(_time_each(book.adjudicate, docs, clock))
            runs[whole].append(_time_each(lambda d: book.adjudicate(load_document(d)), raw, clock))
        for label, timed in runs.items():
            _report(label, timed)
        _per_event(name, docs, runs[engine])


if __name__ == "__main__":
    main()
