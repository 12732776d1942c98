"""What ``referee audit`` costs against a process that only parses the same file (issue 14).

    python -m benchmarks.audit_ratio [--hands 3000] [--runs 3] [--seed 1] [-- AUDIT OPTIONS]

Writes ``--hands`` self-played tw16 hands (``benchmarks.load.hands``) to a JSON Lines file, then
runs, alternating, a process that only parses it (``json.loads`` per line) and ``python -m api.cli
audit FILE --no-progress`` (with the options after ``--``, e.g. ``-- --jobs 1``), ``--runs`` times
each. Prints the wall time of each as min / median / max, the CPU time of the audit (its process and
its workers), the load average before and after (the machine may be shared), and the ratio of the
medians: the target is 10x or less on 2 cores.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.load import ROOT, hands

PARSE = "import json, sys\nfor line in open(sys.argv[1], 'rb'):\n    json.loads(line)"


def _timed(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system, the process and its children) of a command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def _spread(values: list[float]) -> str:
    return f"min {min(values):.2f}  median {statistics.median(values):.2f}  max {max(values):.2f} s"


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("options", nargs="*", help="options for referee audit, after --")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.jsonl"
        path.write_bytes(b"\n".join(hands(args.hands, args.seed, parallel=True)) + b"\n")
        parse = [sys.executable, "-c", PARSE, str(path)]
        audit = [sys.executable, "-m", "api.cli", "audit", str(path), "--no-progress", *args.options]
        load = os.getloadavg()[0]
        parsed, audited, cpu = [], [], []
        for _ in range(args.runs):
            parsed.append(_timed(parse)[0])
            wall, seconds = _timed(audit)
            audited.append(wall)
            cpu.append(seconds)
        print(f"{args.hands:,} hands ({path.stat().st_size / 1e6:.0f} MB), {args.runs} runs, "
              f"{os.cpu_count()} cores, load {load:.1f} before, {os.getloadavg()[0]:.1f} after")
    print(f"  parse only  {_spread(parsed)}")
    print(f"  audit       {_spread(audited)}  (CPU {_spread(cpu)})")
    print(f"  ratio of the medians: {statistics.median(audited) / statistics.median(parsed):.1f}x")


if __name__ == "__main__":
    main()
