"""Mutated riichi records and documents through the audit (issue 32, item 4): how many are ruled,
rejected with a reason, or end in an internal error (the goal: none).

    python -m benchmarks.mutants [--records 20000] [--documents 20000] [--seed 1] [--jobs N]
                                 [--batch 2000] [--keep DIR]

The material is ``tests.riichi_mutants``: the records under ``../shared/data`` with random byte and
field edits (``mutate_record``), and their hands as single-hand documents with random event edits
(``mutate_document``). Each batch of ``--batch`` is written to a temporary folder (a record per
file, the documents as one JSON Lines file) and audited by ``api.audit.audit.audit`` with ``--jobs``
worker processes and a ``--json`` report, as ``referee audit`` would; the counts are the reports'.
Every outcome in internal error is printed with its source and reason; ``--keep DIR`` keeps a copy
of each such input there, for a regression test.

It also measures the gzip bomb: a 64 MiB stream of zeros (64 KB compressed) and a 1 GiB one
(1 MB), each imported in a fresh process: the time to refusal, the import's peak allocation
(``tracemalloc``, a second import) and the process's peak RSS (the interpreter and modules included).
"""
from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from api.audit.audit import audit
from tests.riichi_mutants import documents, hand_documents, mutated_records, records

ROOT = Path(__file__).resolve().parent.parent


def _suffix(data: bytes) -> str:
    head = data.lstrip()[:1]
    return ".json" if head in (b"{", b"[") else ".mjlog"


def _audit(folder: Path, jobs: int) -> dict:
    report = folder.parent / "report.json"
    out = io.StringIO()
    audit([str(folder)], jobs=jobs, progress=False, json_path=str(report), out=out, err=io.StringIO())
    return json.loads(report.read_text(encoding="utf-8"))


def run(kind: str, count: int, seed: int, jobs: int, batch: int, keep: str | None) -> Counter:
    made = mutated_records(count, seed) if kind == "records" else documents(count, seed)
    totals: Counter = Counter()
    done = 0
    start = time.monotonic()
    while done < count:
        n = min(batch, count - done)
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp) / kind
            folder.mkdir()
            if kind == "records":
                for k in range(n):
                    data = next(made)
                    (folder / f"r{done + k:06d}{_suffix(data)}").write_bytes(data)
            else:
                with open(folder / "documents.jsonl", "w", encoding="utf-8") as fh:
                    for _ in range(n):
                        fh.write(json.dumps(next(made), ensure_ascii=False) + "\n")
            report = _audit(folder, jobs)
            s = report["summary"]
            totals.update(ruled=s["ruled"], rejected=s["rejected"], internal_errors=s["internal_errors"],
                          skipped=n - s["ruled"] - s["rejected"] - s["internal_errors"])
            for doc in report["documents"]:
                if doc.get("status") == "error":
                    print(f"  internal error: {doc['source']}: {doc.get('errors')}")
                    if keep:
                        Path(keep).mkdir(parents=True, exist_ok=True)
                        source = doc["source"].rsplit(":", 1)[0] if kind == "documents" else doc["source"]
                        shutil.copy(source, Path(keep) / Path(source).name)
        done += n
        rate = done / (time.monotonic() - start)
        print(f"{kind}: {done:,}/{count:,} {dict(totals)} ({rate:.0f}/s)", flush=True)
    return totals


BOMB = ("import resource, sys, time, tracemalloc\n"
        "from api.records.tenhou import import_tenhou, TenhouError\n"
        "import api.records.tenhou6, api.records.tenhou_mjlog\n"
        "bomb = open(sys.argv[1], 'rb').read()\n"
        "start = time.perf_counter()\n"
        "try:\n    import_tenhou(bomb)\nexcept TenhouError as err:\n    reason = str(err)\n"
        "took = time.perf_counter() - start\n"
        "tracemalloc.start()\n"
        "try:\n    import_tenhou(bomb)\nexcept TenhouError:\n    pass\n"
        "peak = tracemalloc.get_traced_memory()[1]\n"
        "rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print(took, peak, rss, reason)\n")


def bombs() -> None:
    import gzip

    for size in (64 * 2**20, 2**30):
        with tempfile.NamedTemporaryFile(suffix=".mjlog", delete=False) as fh:
            with gzip.GzipFile(fileobj=fh, mode="wb", compresslevel=9, mtime=0) as z:
                chunk = b"\0" * 2**20
                for _ in range(size // len(chunk)):
                    z.write(chunk)
            path = fh.name
        try:
            packed = os.path.getsize(path)
            line = subprocess.run([sys.executable, "-c", BOMB, path], capture_output=True, text=True,
                                  check=True, cwd=ROOT).stdout.split(" ", 3)
            took, peak, rss = float(line[0]), int(line[1]), int(line[2])
            print(f"gzip bomb {size / 2**20:,.0f} MiB in {packed / 1024:,.0f} KB: refused in "
                  f"{took * 1000:.1f} ms; the import's peak allocation {peak / 2**20:.1f} MiB "
                  f"(tracemalloc), the process's peak RSS {rss / 1024:.1f} MiB: {line[3].strip()}")
        finally:
            os.unlink(path)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", type=int, default=20_000)
    ap.add_argument("--documents", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--batch", type=int, default=2000)
    ap.add_argument("--keep", help="copy each input in internal error to this folder")
    ap.add_argument("--no-bombs", action="store_true", help="skip the gzip bomb measurement")
    args = ap.parse_args()
    print(f"material: {len(records())} records, {len(hand_documents())} hands")
    if not args.no_bombs:
        bombs()
    for kind, count in (("records", args.records), ("documents", args.documents)):
        if count:
            totals = run(kind, count, args.seed, args.jobs, args.batch, args.keep)
            print(f"{kind}: {count:,} mutated: {totals['ruled']:,} ruled, {totals['rejected']:,} "
                  f"rejected, {totals['skipped']:,} skipped, {totals['internal_errors']:,} internal errors")


if __name__ == "__main__":
    main()
