"""Crashes under load: does the store keep every write it acknowledged, and its hash chain?

    python -m benchmarks.kill9 [--cycles 5] [--clients 4] [--workers 2] [--seconds 2]

Each cycle starts ``referee serve --workers N`` on the same database, runs ``--clients`` threads
that store games (``POST /v1/games``) and review them (``POST /v1/games/{id}/rulings``) as fast as
they can, and after about ``--seconds`` kills the server's whole process group with SIGKILL, in
the middle of writes. Then it reads the database: every write answered 201 must be there (lost:
acknowledged but absent). At the end ``referee store verify`` must find the chain intact. It
prints, per cycle and in total, the writes acknowledged, found and lost, and verify's verdict.
"""
from __future__ import annotations

import argparse
import copy
import http.client
import json
import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = json.loads((ROOT / "examples" / "discard-win.json").read_text(encoding="utf-8"))


def _serve(db: str, workers: int) -> tuple[subprocess.Popen, int]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    proc = subprocess.Popen([sys.executable, "-m", "api.cli", "serve", "--workers", str(workers),
                             "--port", "0", "--db", db], cwd=ROOT, stderr=subprocess.PIPE,
                            text=True, start_new_session=True, env=env)
    assert select.select([proc.stderr], [], [], 60)[0], "the server printed nothing in 60 s"
    line = proc.stderr.readline()
    port = int(line.split("serving on ", 1)[1].split()[0].rsplit(":", 1)[1])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # until a worker answers
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return proc, port
        except OSError:
            time.sleep(0.05)
    raise AssertionError("no worker answered in 30 s")


def _client(port: int, token: str, first: int, stop: threading.Event, acked: list) -> None:
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    rng, n = random.Random(first), first
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    games: list[int] = []
    while not stop.is_set():
        try:
            if games and rng.random() < 0.5:
                game = rng.choice(games)
                conn.request("POST", f"/v1/games/{game}/rulings",
                             json.dumps({"kind": "review", "reason": "checked"}), headers)
                answer = conn.getresponse()
                body = json.loads(answer.read())
                if answer.status == 201:
                    acked.append(("revision", game, body["revision"]))
            else:
                doc = copy.deepcopy(EXAMPLE)
                doc["ruleset"]["base"] = 100 + n
                n += 1
                conn.request("POST", "/v1/games", json.dumps(doc), headers)
                answer = conn.getresponse()
                body = json.loads(answer.read())
                if answer.status == 201:
                    acked.append(("game", body["id"], 1))
                    games.append(body["id"])
        except (OSError, http.client.HTTPException, ValueError):
            return  # the server is gone


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cycles", type=int, default=5)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from api.store.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "kill9.db")
        store = Store(db)
        token = store.create_key("referee")[1]
        store.close()
        total = {"acknowledged": 0, "found": 0, "lost": 0}
        for cycle in range(args.cycles):
            proc, port = _serve(db, args.workers)
            stop, acked = threading.Event(), []
            clients = [threading.Thread(target=_client, args=(port, token, (cycle * 64 + i) * 100_000,
                                                              stop, acked))
                       for i in range(args.clients)]
            for thread in clients:
                thread.start()
            time.sleep(args.seconds * random.uniform(0.5, 1.5))
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            stop.set()
            for thread in clients:
                thread.join(30)
            conn = sqlite3.connect(db)
            games = {g for (g,) in conn.execute("SELECT id FROM games")}
            revisions = set(conn.execute("SELECT game_id, revision FROM revisions"))
            conn.close()
            found = [a for a in acked if (a[1] in games if a[0] == "game" else (a[1], a[2]) in revisions)]
            lost = len(acked) - len(found)
            print(f"cycle {cycle + 1}: {len(acked)} writes acknowledged, {len(found)} found, {lost} lost")
            total["acknowledged"] += len(acked)
            total["found"] += len(found)
            total["lost"] += lost
        verified = subprocess.run([sys.executable, "-m", "api.cli", "store", "verify", "--db", db],
                                  cwd=ROOT, capture_output=True, text=True)
        print(f"total over {args.cycles} cycles: {total['acknowledged']} acknowledged, "
              f"{total['found']} found, {total['lost']} lost; store verify exit "
              f"{verified.returncode}: {verified.stdout.strip().splitlines()[-1]}")


if __name__ == "__main__":
    main()
