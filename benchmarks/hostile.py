"""Hostile requests: what each costs the service and how big its answer is.

    python -m benchmarks.hostile [--kb 300] [--only NAME …]

Each probe is a request body of about ``--kb`` kilobytes of one hostile shape (the shapes of issue
15's probe: lists of ids far past their limits, every error repeated, long ids, deep nesting,
numbers and strings the JSON reader cannot take, a hand of thousands of events), POSTed to
``/v1/rulings`` through Flask's test client with an auditor key. It prints, per probe, the status,
the answer's size and the time taken (the median of 3), and for the CLI the size of stderr from
``referee adjudicate`` on the same body. The limits of ``api.limits`` should keep every answer
well under 1 MB and every probe well under a second.
"""
from __future__ import annotations

import argparse
import io
import json
import statistics
import tempfile
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Callable

DOC = {"format": "mjref/1", "variant": "tw16", "players": ["A", "B", "C", "D"]}
DEAL = {"type": "deal", "hands": {"A": 17, "B": 16, "C": 16, "D": 16}}


def _fill(size: int, unit: str) -> int:
    """How many times ``unit`` fits in ``size`` bytes."""
    return max(1, size // len(unit.encode()))


def _document(**fields) -> dict:
    return {**DOC, "hand": {"dealer": "A", "events": [DEAL]}, **fields}


def _events(size: int, event: dict) -> bytes:
    n = _fill(size, json.dumps(event) + ", ")
    return json.dumps(_document(hand={"dealer": "A", "events": [DEAL] + [event] * n})).encode()


def bettors(size: int) -> bytes:
    n = _fill(size, '"b123456", ')
    return json.dumps(_document(bettors=[f"b{i:06d}" for i in range(n)])).encode()


def players(size: int) -> bytes:
    n = _fill(size, '"p123456", ')
    return json.dumps({**_document(), "players": [f"p{i:06d}" for i in range(n)]}).encode()


def seated(size: int) -> bytes:
    """Many players, and many events naming someone not seated (each error once named them all)."""
    doc = {**_document(), "players": [f"p{i:04d}" for i in range(2000)]}
    unit = json.dumps({"type": "draw", "player": "Z", "tile": "1m"}) + ", "
    doc["hand"]["events"] += [{"type": "draw", "player": "Z", "tile": "1m"}] * _fill(size - 16_000, unit)
    return json.dumps(doc).encode()


def bad_events(size: int) -> bytes:
    """As many events as a hand may hold, each with two faults and ids as long as allowed."""
    event = {"type": "draw", "player": "Z" * 64, "tile": "x" * 4, "from": "w" * 64}
    doc = _document()
    doc["hand"]["events"] += [event] * min(_fill(size, json.dumps(event) + ", "), 1999)
    return json.dumps(doc).encode()


def tile_array(size: int) -> bytes:
    n = _fill(size, '"0m", ')
    return _events(0, {"type": "expose", "player": "A", "tiles": ["0m"] * n})


def unknown_fields(size: int) -> bytes:
    n = _fill(size, '"k1234567": 0, ')
    return json.dumps({**_document(), **{f"k{i:07d}": 0 for i in range(n)}}).encode()


def long_key(size: int) -> bytes:
    return json.dumps({**_document(), "k" * size: 0}).encode()


def long_id(size: int) -> bytes:
    return json.dumps(_document(hand={"dealer": "A" * size, "events": [DEAL]})).encode()


def side_bets(size: int) -> bytes:
    bet = {"id": "s", "kind": "inner", "bettor": "C", "principal": "C", "accepted_by": ["A"]}
    n = _fill(size, json.dumps(bet) + ", ")
    return json.dumps(_document(hand={"dealer": "A", "side_bets": [bet] * n, "events": [DEAL]})).encode()


def deep(size: int) -> bytes:
    n = size // 2
    return b'{"format": ' + b"[" * n + b"]" * n + b"}"


def long_int(size: int) -> bytes:
    n = _fill(size, "9" * 5000 + ", ")
    return ('{"t": [' + ", ".join(["9" * 5000] * n) + "]}").encode()


def surrogates(size: int) -> bytes:
    n = _fill(size, '"\\ud800": "\\udc00", ')
    return ("{" + ", ".join(f'"\\ud800{i}": "\\udc00"' for i in range(n)) + "}").encode()


def many_hands(size: int) -> bytes:
    """As many hands as a document may hold, each with faults."""
    hand = {"dealer": "Q" * 64, "events": [{"type": "draw", "player": "Z" * 64, "tile": "0m"}]}
    n = min(_fill(size, json.dumps(hand) + ", "), 1000)
    return json.dumps({**DOC, "hands": [hand] * n}).encode()


def long_hand(size: int) -> bytes:
    """A hand of as many events as the limit allows, each a report the referee dismisses: a valid
    document whose ruling grows with its events."""
    report = {"type": "report", "by": "referee", "against": "B"}
    doc = _document()
    doc["hand"]["events"] += [report] * min(_fill(size, json.dumps(report) + ", "), 1999)
    return json.dumps(doc).encode()


PROBES: dict[str, Callable[[int], bytes]] = {
    "30,000 bettors": lambda size: bettors(330_000),
    "bettors": bettors, "players": players, "not seated": seated, "bad events": bad_events,
    "tile array": tile_array, "unknown fields": unknown_fields, "long key": long_key,
    "long id": long_id, "side bets": side_bets, "deep nesting": deep, "long integers": long_int,
    "surrogates": surrogates, "many hands": many_hands, "long hand": long_hand,
}


def _timed(fn: Callable[[], object], runs: int = 3) -> tuple[object, float]:
    results, times = None, []
    for _ in range(runs):
        start = time.perf_counter()
        results = fn()
        times.append(time.perf_counter() - start)
    return results, statistics.median(times)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=int, default=300, help="size of each body in kilobytes")
    parser.add_argument("--only", nargs="*", help="run only these probes")
    parser.add_argument("--no-cli", action="store_true", help="skip the command-line runs")
    args = parser.parse_args(argv)

    from api.http.app import create_app
    from api.cli import main as cli
    from api.http.context import STORE

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"REFEREE_DB": str(Path(tmp) / "probe.db")})
        key = app.extensions[STORE].create_key("auditor", "probe")[1]
        client = app.test_client()
        headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
        print(f"{'probe':<16}{'body':>10}{'status':>8}{'answer':>12}{'time':>10}"
              f"{'cli exit':>10}{'stderr':>10}{'cli time':>10}")
        for name, make in PROBES.items():
            if args.only and name not in args.only:
                continue
            body = make(args.kb * 1000)
            response, seconds = _timed(lambda: client.post("/v1/rulings", data=body, headers=headers))
            line = (f"{name:<16}{len(body):>10,}{response.status_code:>8}"  # type: ignore[attr-defined]
                    f"{len(response.data):>12,}{seconds * 1e3:>8.0f}ms")  # type: ignore[attr-defined]
            if not args.no_cli:
                path = Path(tmp) / "probe.json"
                path.write_bytes(body)
                err = io.StringIO()

                def run() -> int:
                    err.seek(0)
                    err.truncate()
                    with redirect_stdout(io.StringIO()), redirect_stderr(err):
                        return cli(["adjudicate", str(path)])

                code, cli_seconds = _timed(run)
                line += f"{code:>10}{len(err.getvalue().encode()):>10,}{cli_seconds * 1e3:>8.0f}ms"
            print(line, flush=True)
        app.extensions[STORE].close()


if __name__ == "__main__":
    main()
