"""Before and after a change, in one sitting: the riichi rule stage, ``referee audit`` of the real
Tenhou records, and the tw16 engine, each in a fresh process per run (cold caches: an auditor's
case), the two trees taking turns so that a change in a shared machine's load falls on both.

    python -m benchmarks.before_after BEFORE_TREE [--runs 3] [--data ../shared/data] [--only rule,audit,tw16]

``BEFORE_TREE`` is a checkout (or ``git archive`` export) of the code before the change; this tree
is the after. Every figure is hands per CPU second (``time.process_time`` in process; the command's
user + system time, workers included, for the audit), min / median / max of ``--runs`` runs, and
the ratio of the medians.

* rule: the Tenhou records imported and loaded first (not timed), then ``adjudicate`` on each;
* audit: ``python -m referee audit DATA/tenhou DATA/tenhou-more --jobs 1``;
* tw16: ``--tw16-hands`` self-played tw16 hands, loaded first, then ``tw16.adjudicate`` on each.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RULE = """
import sys, time
try:
    from api.audit.audit_items import items
    from api.documents.loader import load_document
    from api.records.tenhou import TenhouError, import_tenhou
except ImportError:  # a tree from before api/ was split by concern (issue 31's own baseline)
    from api.audit_items import items
    from api.loader import load_document
    from api.tenhou import TenhouError, import_tenhou
from rulesbook import get
docs, hands = [], 0
for _, path, _, _ in items(sys.argv[1:], holds="tenhou"):
    try:
        document, _ = import_tenhou(path)
    except TenhouError:
        continue
    docs.append(load_document(document))
    hands += len(document["hands"])
rule = get("riichi").adjudicate
start = time.process_time()
for doc in docs:
    rule(doc)
print(hands / (time.process_time() - start))
"""

TW16 = """
import random, sys, time
try:
    from api.documents.loader import load_document
except ImportError:  # a tree from before api/ was split by concern
    from api.loader import load_document
from rulesbook import tw16
from rulesbook.tw16.selfplay import document, play_hand
rng = random.Random(1)
docs = [load_document(document(play_hand(rng))) for _ in range(int(sys.argv[1]))]
start = time.process_time()
for doc in docs:
    tw16.adjudicate(doc)
print(len(docs) / (time.process_time() - start))
"""


def _in_process(tree: Path, code: str, args: list[str]) -> float:
    out = subprocess.run([sys.executable, "-c", code, *args], cwd=tree, check=True,
                         capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(tree)})
    return float(out.stdout.strip().splitlines()[-1])


def _audit(tree: Path, folders: list[str]) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "r.json")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "referee", "audit", *folders, "--jobs", "1", "--json", report],
                       cwd=tree, check=True, stdout=subprocess.DEVNULL,
                       env={**os.environ, "PYTHONPATH": str(tree)})
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        with open(report, encoding="utf-8") as fh:
            hands = json.load(fh)["summary"]["hands"]
    return hands / ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))


def _spread(values: list[float]) -> str:
    return (f"min {min(values):7,.0f}  median {statistics.median(values):7,.0f}  "
            f"max {max(values):7,.0f}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--only", default="rule,audit,tw16")
    parser.add_argument("--tw16-hands", type=int, default=1000)
    args = parser.parse_args(argv)
    folders = [str((args.data / "tenhou").resolve()), str((args.data / "tenhou-more").resolve())]
    measures = {
        "rule": lambda tree: _in_process(tree, RULE, folders),
        "audit": lambda tree: _audit(tree, folders),
        "tw16": lambda tree: _in_process(tree, TW16, [str(args.tw16_hands)]),
    }
    trees = {"before": args.before.resolve(), "after": ROOT}
    print(f"{args.runs} runs each, hands per CPU second, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}")
    for name in args.only.split(","):
        got: dict[str, list[float]] = {"before": [], "after": []}
        for _ in range(args.runs):
            for which, tree in trees.items():
                got[which].append(measures[name](tree))
        ratio = statistics.median(got["after"]) / statistics.median(got["before"])
        print(f"{name:<6} before {_spread(got['before'])}   after {_spread(got['after'])}   "
              f"ratio of the medians {ratio:.2f}x", flush=True)
    print(f"load after {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
