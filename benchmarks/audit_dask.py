"""How long ``referee audit`` takes on generated hands, on this machine and on a Dask cluster.

    python -m benchmarks.audit_dask [--hands 3000] [--runs 3] [--workers 2] [--dask ADDRESS]

Writes ``--hands`` self-played tw16 hands (``rulesbook.tw16.selfplay``) to a JSON Lines file, then
runs the command ``referee audit FILE --json REPORT`` ``--runs`` times each way: locally (``--jobs
WORKERS``), with ``--dask local --workers WORKERS`` (a LocalCluster started by each run), and, when
``--dask`` names a running scheduler, on it. Prints per way the command's wall time (cluster start
included), the audit's own ``seconds`` (from the first document ruled to the last) and hands per
wall second, as min / median / max over the runs, and checks every report holds the same
documents as the local audit's.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

from rulesbook.tw16.selfplay import document, play_hand


def _spread(values: list[float], unit: str, digits: int = 1) -> str:
    return (f"min {min(values):,.{digits}f}  median {statistics.median(values):,.{digits}f}  "
            f"max {max(values):,.{digits}f} {unit}")


def _runs(name: str, argv: list[str], runs: int, hands: int, report: str) -> str:
    walls, seconds = [], []
    documents = None
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv + ["--json", report], check=True, stdout=subprocess.DEVNULL)
        walls.append(time.perf_counter() - start)
        with open(report, encoding="utf-8") as fh:
            text = fh.read()
        seconds.append(json.loads(text)["summary"]["seconds"])
        documents = re.sub(r'"seconds": [\d.]+', "", text)
    print(f"{name}")
    print(f"  wall        {_spread(walls, 's')}")
    print(f"  audit       {_spread(seconds, 's')}")
    print(f"  hands/s     {_spread([hands / w for w in walls], 'hands/s (wall)', 0)}")
    return documents or ""


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--dask", metavar="ADDRESS", help="also a running scheduler")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        lines = os.path.join(tmp, "hands.jsonl")
        with open(lines, "w", encoding="utf-8") as fh:
            for _ in range(args.hands):
                fh.write(json.dumps(document(play_hand(rng))) + "\n")
        report = os.path.join(tmp, "report.json")
        command = [sys.executable, "-m", "referee", "audit", lines]
        print(f"referee audit of {args.hands:,} generated hands ({os.path.getsize(lines) / 1e6:.1f} MB), "
              f"{args.runs} runs each, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
        ways = [(f"local, --jobs {args.workers}", ["--jobs", str(args.workers)]),
                (f"--dask local --workers {args.workers}",
                 ["--dask", "local", "--workers", str(args.workers)])]
        if args.dask:
            ways.append((f"--dask {args.dask}", ["--dask", args.dask]))
        found = {name: _runs(name, command + options, args.runs, args.hands, report)
                 for name, options in ways}
        same = len(set(found.values())) == 1
        print("reports: " + ("the same documents and summary every way" if same else "DIFFER"))
        if not same:
            sys.exit(1)


if __name__ == "__main__":
    main()
