"""How fast ``referee audit`` rules the shared Tenhou games, beside the ``mahjong`` library alone
on the same wins.

    python -m benchmarks.riichi_audit [--data ../shared/data] [--runs 3] [--jobs N]

1. ``referee audit DATA/tenhou DATA/tenhou-more`` as a command, ``--runs`` times: wall time,
   hands per second, and hands per CPU second (the workers' and the parent's user + system time:
   what one core does, however loaded the machine is); min / median / max of the runs.
2. The same records in this process, one core, by stage: the import (``api.records.tenhou``), the loader
   (``api.documents.loader.load_document``, with its fast path) and the rulebook (``adjudicate``), hands per
   CPU second each; beside them the loader with the marshmallow schema alone (``fast=False``).
3. The library alone: every win the rulebook valued in 2. (its inputs captured from
   ``rulesbook.riichi.wins.valuate``), ``HandCalculator.estimate_hand_value`` timed on its own,
   wins per CPU second.

In process the clock is this process's CPU time (``time.process_time``), so that other work on a
shared machine does not count; the command's wall time is given beside its CPU time.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mahjong.hand_calculating.hand import HandCalculator

import rulesbook.riichi.wins as wins
from api.audit.audit_items import items
from benchmarks.riichi_valuation import _rates
from api.documents.loader import load_document
from api.records.tenhou import TenhouError, import_tenhou
from rulesbook import get
from rulesbook.riichi.valuation import library_inputs

ROOT = Path(__file__).resolve().parent.parent


def _spread(values: list[float], unit: str, digits: int = 0) -> str:
    return (f"min {min(values):,.{digits}f}  median {statistics.median(values):,.{digits}f}  "
            f"max {max(values):,.{digits}f} {unit}")


def command_runs(folders: list[str], runs: int, jobs: int | None) -> None:
    walls, rates, per_cpu = [], [], []
    hands = 0
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            report = os.path.join(tmp, "r.json")
            argv = [sys.executable, "-m", "referee", "audit", *folders, "--json", report]
            if jobs:
                argv += ["--jobs", str(jobs)]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            with open(report, encoding="utf-8") as fh:
                summary = json.load(fh)["summary"]
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        hands = summary["hands"]
        walls.append(wall)
        rates.append(hands / wall)
        per_cpu.append(hands / cpu)
        tenhou = summary["tenhou"]
        agree = f"{tenhou['hands_agreeing']:,}/{tenhou['hands_compared']:,} agree"
    print(f"referee audit {' '.join(folders)} ({hands:,} hands, {agree}; {runs} runs, "
          f"jobs {jobs or os.cpu_count()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f})")
    print(f"  wall              {_spread(walls, 's', 1)}")
    print(f"  hands/s           {_spread(rates, 'hands/s')}")
    print(f"  hands/CPU-second  {_spread(per_cpu, 'hands/s/core')}")


def stages(folders: list[str]) -> list[tuple]:
    """Each stage on every record, one core; returns the valued wins' (situation, options)."""
    captured: list[tuple] = []
    real = wins.valuate

    def capture(situation, options):
        captured.append((situation, options))
        return real(situation, options)

    clock = time.process_time
    spent = {"import": 0.0, "load": 0.0, "rule": 0.0}
    schema = 0.0  # the loader with the schema alone
    hands = 0
    wins.valuate = capture
    try:
        for _, path, _, _ in items(folders, holds="tenhou"):
            start = clock()
            try:
                document, _ = import_tenhou(path)
            except TenhouError:
                continue  # the three-player game
            loaded = clock()
            doc = load_document(document)
            ruled = clock()
            get("riichi").adjudicate(doc)
            done = clock()
            load_document(document, fast=False)
            schema += clock() - done
            spent["import"] += loaded - start
            spent["load"] += ruled - loaded
            spent["rule"] += done - ruled
            hands += len(document["hands"])
    finally:
        wins.valuate = real
    total = sum(spent.values())
    print(f"in process, CPU time, {hands:,} hands: " + ", ".join(
        f"{k} {hands / v:,.0f} hands/s ({v / total:.0%})" for k, v in spent.items())
          + f"; all {hands / total:,.0f} hands/s; the loader with the schema alone "
            f"{hands / schema:,.0f} hands/s")
    return captured


def library(captured: list[tuple], runs: int) -> None:
    timed = []
    for _ in range(runs):
        inputs = [library_inputs(s, o) for s, o in captured]  # one HandConfig per win, as the rule stage makes them
        each = []
        for kwargs in inputs:
            start = time.process_time()
            HandCalculator.estimate_hand_value(**kwargs)
            each.append(time.process_time() - start)
        timed.append(each)
    print(f"mahjong library alone, the same {len(captured):,} wins: {_rates(timed)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, help="worker processes of the audit (default: its own)")
    args = parser.parse_args()
    folders = [str(args.data / "tenhou"), str(args.data / "tenhou-more")]
    command_runs(folders, args.runs, args.jobs)
    library(stages(folders), args.runs)


if __name__ == "__main__":
    main()
