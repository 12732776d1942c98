"""How fast the HTTP service rules, under concurrent clients; and how fast ``referee audit`` runs.

    python -m benchmarks.load [--workers 1,2] [--runs 3] [--clients 4] [--seconds 10] [--threads 4]
                              [--docs 300] [--seed 1]
    python -m benchmarks.load --audit 10000 [--jobs 2] [--store]

The load test starts ``referee serve --workers N`` (N gunicorn workers; 1: one waitress process)
as a subprocess on a free loopback port, with a temporary database and an auditor key, and runs
``--clients`` client threads in this process, each on its own keep-alive connection
(``http.client``), POSTing full self-played hand documents (about 110 events each, every one
different) to ``/v1/rulings`` for ``--seconds``. It prints rulings per second, the latency
percentiles, and the CPU each side used (the server's: its master and workers): server and load
generator share the machine. ``--workers 1,2 --runs 3`` runs 1, 2, 1, 2, 1, 2 (a fresh server
each, alternating so that both see the same machine) and ends with the min/median/max of each.

``--audit N`` instead generates N self-played hands into a temporary JSON Lines file and times
``referee audit`` on it (with ``--store``: also recording every game in a fresh database).
"""
from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from rulesbook.tw16.selfplay import document, play_hand

ROOT = Path(__file__).resolve().parent.parent


def _hands(span: tuple[int, int, int]) -> list[bytes]:
    """Self-played one-hand documents ``start`` to ``stop`` as JSON bytes, each from its own seed."""
    start, stop, seed = span
    return [json.dumps(document(play_hand(random.Random(seed * 1_000_003 + i)))).encode()
            for i in range(start, stop)]


def hands(n: int, seed: int, parallel: bool = False) -> list[bytes]:
    if not parallel:
        return _hands((0, n, seed))
    spans = [(i, min(i + 250, n), seed) for i in range(0, n, 250)]
    with multiprocessing.Pool() as pool:
        return [doc for chunk in pool.map(_hands, spans) for doc in chunk]


def _cpu_seconds(pid: int) -> float:
    """User + system CPU of a process (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def _tree_cpu_seconds(pid: int) -> float:
    """CPU of a process and of its children (a gunicorn master and its workers; Linux /proc)."""
    children = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                children.append(int(entry.name))
        except (OSError, IndexError, ValueError):
            continue
    return _cpu_seconds(pid) + sum(map(_cpu_seconds, children))


def start_server(db: str, threads: int, workers: int) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "api.cli", "serve", "--port", "0", "--threads", str(threads),
         "--workers", str(workers), "--db", db], cwd=ROOT, stderr=subprocess.PIPE, text=True)
    line = proc.stderr.readline()  # "referee: serving on http://127.0.0.1:PORT (…)"
    if "serving on" not in line:
        proc.kill()
        raise SystemExit(f"the server did not start: {line}{proc.stderr.read()}")
    port = int(line.split("serving on http://", 1)[1].split()[0].rsplit(":", 1)[1])
    threading.Thread(target=proc.stderr.read, daemon=True).start()  # drain its log
    return proc, port


def client(port: int, key: str, docs: list[bytes], offset: int, deadline: float,
           latencies: list[float], failures: list[str]) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port)
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {key}"}
    clock = time.perf_counter
    i = offset
    while clock() < deadline:
        body = docs[i % len(docs)]
        i += 1
        start = clock()
        conn.request("POST", "/v1/rulings", body, headers)
        response = conn.getresponse()
        data = response.read()
        latencies.append(clock() - start)
        if response.status != 200:
            failures.append(f"{response.status} {data[:200]!r}")
    conn.close()


def load(args: argparse.Namespace) -> None:
    print(f"generating {args.docs} self-played hands …", flush=True)
    docs = hands(args.docs, args.seed)
    results: dict[int, list[tuple[float, float]]] = {n: [] for n in args.workers}
    for _ in range(args.runs):
        for workers in args.workers:
            results[workers].append(load_once(args, docs, workers))
    if args.runs > 1 or len(args.workers) > 1:
        print(f"\nsummary of {args.runs} run(s) each, min / median / max:")
        for workers, runs in results.items():
            rates, p99s = sorted(r for r, _ in runs), sorted(p for _, p in runs)
            print(f"  --workers {workers}: {rates[0]:,.0f} / {statistics.median(rates):,.0f} / "
                  f"{rates[-1]:,.0f} rulings/s   p99 {p99s[0]:.1f} / {statistics.median(p99s):.1f} / "
                  f"{p99s[-1]:.1f} ms")


def load_once(args: argparse.Namespace, docs: list[bytes], workers: int) -> tuple[float, float]:
    """One run on a fresh server: prints its figures, returns (rulings/s, p99 in ms)."""
    from api.store.store import Store

    events = statistics.mean(len(json.loads(d)["hand"]["events"]) for d in docs)
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "load.db")
        store = Store(db)
        _, key = store.create_key("auditor", "load benchmark")
        store.close()
        server, port = start_server(db, args.threads, workers)
        try:
            warm: list[float] = []
            client(port, key, docs, 0, time.perf_counter() + 1.0, warm, [])
            latencies: list[list[float]] = [[] for _ in range(args.clients)]
            failures: list[str] = []
            cpu_server, cpu_self = _tree_cpu_seconds(server.pid), time.process_time()
            start = time.perf_counter()
            deadline = start + args.seconds
            threads = [threading.Thread(target=client, args=(port, key, docs, k * 997, deadline,
                                                             latencies[k], failures))
                       for k in range(args.clients)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            elapsed = time.perf_counter() - start
            cpu_server = _tree_cpu_seconds(server.pid) - cpu_server
            cpu_self = time.process_time() - cpu_self
        finally:
            server.terminate()
            server.wait(10)
    every = sorted(x for lat in latencies for x in lat)
    n = len(every)

    def pct(p: float) -> float:
        return every[min(n - 1, int(n * p))] * 1e3

    how = (f"{workers} gunicorn workers of {args.threads} threads" if workers > 1
           else f"waitress {args.threads} threads")
    print(f"POST /v1/rulings: {n} requests ({len(failures)} failed) in {elapsed:.1f} s from "
          f"{args.clients} clients, {how}; documents of {events:.0f} events on average")
    print(f"  {n / elapsed:,.0f} rulings/s   p50 {pct(0.50):.1f} ms   p90 {pct(0.90):.1f} ms   "
          f"p99 {pct(0.99):.1f} ms   max {every[-1] * 1e3:.1f} ms")
    print(f"  CPU: server {cpu_server / elapsed:.0%} of a core, load generator "
          f"{cpu_self / elapsed:.0%} (of {os.cpu_count()} cores)", flush=True)
    for failure in failures[:5]:
        print(f"  failed: {failure}")
    return n / elapsed, pct(0.99)


def _counts(text: str) -> list[int]:
    try:
        values = [int(part) for part in text.split(",")]
    except ValueError:
        values = []
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(f"one or more numbers of workers, comma-separated, "
                                         f"each 1 or more, not {text!r}")
    return values


def audit(args: argparse.Namespace) -> None:
    print(f"generating {args.audit} self-played hands …", flush=True)
    docs = hands(args.audit, args.seed, parallel=True)
    megabytes = sum(map(len, docs)) / 1e6
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.jsonl"
        path.write_bytes(b"\n".join(docs) + b"\n")
        command = [sys.executable, "-m", "api.cli", "audit", str(path), "--no-progress"]
        if args.jobs:
            command += ["--jobs", str(args.jobs)]
        if args.store:
            command += ["--store", "--db", str(Path(tmp) / "audit.db")]
        start = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        elapsed = time.perf_counter() - start
    print(done.stdout.split("\n\n")[0])
    if done.returncode != 0:
        print(done.stdout, done.stderr, sep="\n")
    print(f"referee audit{' --store' if args.store else ''}: {args.audit:,} hands in {elapsed:.1f} s "
          f"= {args.audit / elapsed:,.0f} documents/s (whole command, {args.jobs or os.cpu_count()} "
          f"jobs, {megabytes:.0f} MB of JSON Lines)")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=4, help="concurrent client connections")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to load the server")
    parser.add_argument("--workers", type=_counts, default=[os.cpu_count() or 1],
                        help="referee serve --workers: one number, or several to compare (1,2); "
                             "default the number of cores")
    parser.add_argument("--runs", type=int, default=1, help="runs of each --workers, alternating")
    parser.add_argument("--threads", type=int, default=4, help="threads of each worker")
    parser.add_argument("--docs", type=int, default=300, help="distinct documents to send")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--audit", type=int, metavar="N", help="time referee audit on N hands instead")
    parser.add_argument("--jobs", type=int, help="with --audit: worker processes")
    parser.add_argument("--store", action="store_true", help="with --audit: also --store")
    args = parser.parse_args(argv)
    if args.audit:
        audit(args)
    else:
        load(args)


if __name__ == "__main__":
    main()
