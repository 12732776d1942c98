"""``referee audit PATH…``: rule many documents in parallel processes, for an auditor.

A PATH is a document (``.json``), a JSON Lines file (``.jsonl`` or ``.ndjson``, one document per
line), a folder, searched recursively for these, or ``-``: JSON Lines on standard input. A PATH
that does not exist is a usage error, before anything is ruled. Every document is ruled in a pool of
worker processes; one that is not JSON, not a valid document, or even trips an internal error is
reported and skipped. The referee's own output (a ruling, an audit report: recognised by their
``format``, and the report files of this run by their path) is skipped and counted apart. The run
ends with a summary table: hands by result, irregularities by clause (ruled / unreported /
dismissed), and the rejected documents grouped by their first error. ``--json`` and ``--csv`` write
a report per document; ``--store`` records every ruled document as a game in the database. With no
document to rule, the run says so and exits with 3.
"""
from __future__ import annotations

import csv
import json
import multiprocessing
import os
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from functools import partial
from pathlib import Path
from typing import IO, Iterable, Iterator, Optional, Sequence, TextIO

from referee.errors import InputError

from .documents import STDIN, UsageError, adjudicate_data, read_json
from .jsonvalues import decode_json

LINES = (".jsonl", ".ndjson")  # JSON Lines: one document per line
SUFFIXES = (".json", *LINES)
RULED, REJECTED, ERROR, SKIPPED = "ruled", "rejected", "error", "skipped"
NOTHING = 3  # the exit status of an audit that found no document to rule
REPORT_FORMAT = "mjref-audit/1"  # the ``format`` of a JSON report
OUTPUT_FORMATS = (REPORT_FORMAT, "mjref-ruling/1")  # the referee's own output: never audited
STATUSES = ("ruled", "unreported", "dismissed")  # of a finding (EVENT_LOG.md, "The ruling")
RESULTS = ("win", "false_win", "exhaustive_draw", "abortive_draw", "penalty", "undetermined", "open")

#: one unit of work: (source, path of a .json file or None, a JSON Lines line or None)
Item = tuple[str, Optional[str], Optional[bytes]]


# --- what to rule ----------------------------------------------------------------------------------


def _files(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file())
    return [path]  # a file named on the command line is read whatever its name


def check_paths(paths: Sequence[str]) -> None:
    """Every PATH must exist (``-`` at most once): ``UsageError`` naming the first that does not."""
    for given in paths:
        if given != STDIN and not os.path.exists(given):
            raise UsageError(f"{given}: no such file or folder")
    if list(paths).count(STDIN) > 1:
        raise UsageError("standard input (-) can be read only once")


def items(paths: Sequence[str], stdin: Optional[list[bytes]] = None,
          exclude: Iterable[str] = ()) -> Iterator[Item]:
    """The documents under ``paths``, in order; a JSON Lines file gives one per non-blank line, and
    ``-`` the lines of ``stdin``. Files in ``exclude`` (this run's reports) are left out. A path
    that cannot be read is passed on as a file, for the worker to report."""
    skip = {os.path.abspath(p) for p in exclude}
    for given in paths:
        if given == STDIN:
            yield from _lines("<stdin>", stdin or [])
            continue
        for path in _files(Path(given)):
            if os.path.abspath(path) in skip:
                continue
            try:
                lines = open(path, "rb") if path.suffix in LINES and path.is_file() else None
            except OSError:
                lines = None
            if lines is None:
                yield str(path), str(path), None
                continue
            with lines:
                yield from _lines(str(path), lines)


def _lines(source: str, lines: Iterable[bytes]) -> Iterator[Item]:
    for number, line in enumerate(lines, 1):
        if line.strip():
            yield f"{source}:{number}", None, line


def count(paths: Sequence[str], stdin: Optional[list[bytes]] = None, exclude: Iterable[str] = ()) -> int:
    return sum(1 for _ in items(paths, stdin, exclude))


# --- ruling one (in a worker) --------------------------------------------------------------------


def rule_one(item: Item, keep_document: bool = False) -> dict:
    """The outcome of one document: ``status`` ruled (with ``ruling``), rejected or error (with
    ``errors``, and the ``exception``'s name). Never raises."""
    source, path, line = item
    try:
        data = read_json(path) if path is not None else decode_json(line or b"")
        if isinstance(data, dict) and data.get("format") in OUTPUT_FORMATS:
            return {"source": source, "status": SKIPPED, "format": data["format"]}
        ruling = adjudicate_data(data)
    except InputError as err:
        return {"source": source, "status": REJECTED, "errors": err.errors}
    except OSError as err:
        return {"source": source, "status": REJECTED,
                "errors": {"": [f"{source}: cannot read ({err.strerror or err})"]}}
    except Exception as err:  # a defect of ours: report it against the document, go on
        return {"source": source, "status": ERROR, "exception": type(err).__name__,
                "errors": {"": [f"internal error ({type(err).__name__}: {err})"]}}
    out = {"source": source, "status": RULED, "players": data["players"], "ruling": ruling}
    if keep_document:
        out["document"] = data
    return out


def rule_all(work: Iterable[Item], jobs: int, keep_document: bool, total: int) -> Iterator[dict]:
    """Outcomes in input order, from ``jobs`` worker processes (1: in this process)."""
    fn = partial(rule_one, keep_document=keep_document)
    if jobs <= 1:
        yield from map(fn, work)
        return
    chunk = max(1, min(32, total // (jobs * 16)))
    with multiprocessing.Pool(jobs) as pool:
        yield from pool.imap(fn, work, chunksize=chunk)


# --- the summary ---------------------------------------------------------------------------------


def first_error_key(source: str, errors: dict[str, list[str]]) -> str:
    """The first error, with what varies between documents taken out (indices, positions), so that
    documents rejected for the same reason group together."""
    path, reasons = next(iter(errors.items()), ("", [""]))
    reason = reasons[0] if reasons else ""
    if reason.startswith(source + ": "):
        reason = reason[len(source) + 2:]
    reason = re.sub(r" at (line \d+ )?column \d+", "", reason)
    path = re.sub(r"\[\d+\]", "[*]", path)
    return f"{path}: {reason}" if path else reason


class Summary:
    """Counts over the outcomes, for the closing table and the JSON report."""

    def __init__(self) -> None:
        self.documents = Counter()  # by status
        self.hands = 0
        self.results = Counter()
        self.winners = 0
        self.clauses: dict[str, Counter] = defaultdict(Counter)
        self.rejections: dict[str, list] = {}  # first error -> [count, an example source]
        self.stored = Counter()  # stored, duplicate
        self.skipped = Counter()  # the referee's own output, by format
        self.database: Optional[str] = None  # where --store recorded the games
        self.seconds = 0.0

    def add(self, outcome: dict) -> None:
        if outcome["status"] == SKIPPED:
            self.skipped[outcome["format"]] += 1
            return
        self.documents[outcome["status"]] += 1
        if outcome["status"] != RULED:
            key = (f"internal error ({outcome['exception']})" if outcome["status"] == ERROR
                   else first_error_key(outcome["source"], outcome["errors"]))
            entry = self.rejections.setdefault(key, [0, outcome["source"]])
            entry[0] += 1
            return
        for hand in outcome["ruling"]["hands"]:
            self.hands += 1
            self.results[hand["result"]] += 1
            self.winners += len(hand["winners"])
            for finding in hand["rulings"]:
                self.clauses[finding["rule"]][finding["status"]] += 1

    @property
    def total(self) -> int:
        return sum(self.documents.values())

    def as_json(self) -> dict:
        return {
            "documents": self.total, "ruled": self.documents[RULED],
            "rejected": self.documents[REJECTED], "internal_errors": self.documents[ERROR],
            "hands": self.hands, "results": dict(self.results), "winners": self.winners,
            "irregularities": {rule: {s: c[s] for s in STATUSES} for rule, c in sorted(self.clauses.items())},
            "rejections": [{"first_error": k, "documents": n, "example": ex}
                           for k, (n, ex) in self._rejections()],
            "stored": dict(self.stored), "skipped": dict(self.skipped),
            "seconds": round(self.seconds, 3),
        }

    def _rejections(self) -> list[tuple[str, list]]:
        return sorted(self.rejections.items(), key=lambda kv: (-kv[1][0], kv[0]))

    def table(self) -> str:
        rate = self.total / self.seconds if self.seconds else 0.0
        lines = [f"Audit: {self.total:,} documents, {self.documents[RULED]:,} ruled, "
                 f"{self.documents[REJECTED]:,} rejected, {self.documents[ERROR]:,} internal errors "
                 f"({self.seconds:.1f} s, {rate:,.0f} documents/s)"]
        if self.skipped:
            lines.append("Skipped, the referee's own output: " + ", ".join(
                f"{n:,} {_OUTPUT_NAMES.get(f, f)}" for f, n in sorted(self.skipped.items())))
        if self.stored:
            lines.append(f"Stored: {self.stored['stored']:,} new games, "
                         f"{self.stored['duplicate']:,} already stored (database {self.database})")
        lines += ["", f"Hands: {self.hands:,}   winners: {self.winners:,}"]
        others = sorted(set(self.results) - set(RESULTS))
        for result in (*RESULTS, *others):
            lines.append(f"  {result:<22}{self.results[result]:>10,}")
        if self.clauses:
            lines += ["", f"{'Irregularities by clause':<24}" + "".join(f"{s:>12}" for s in STATUSES)]
            for rule, counts in sorted(self.clauses.items()):
                lines.append(f"  {rule:<22}" + "".join(f"{counts[s]:>12,}" for s in STATUSES))
            totals = [sum(c[s] for c in self.clauses.values()) for s in STATUSES]
            lines.append(f"  {'all':<22}" + "".join(f"{n:>12,}" for n in totals))
        if self.rejections:
            lines += ["", "Documents rejected, by first error"]
            for key, (n, example) in self._rejections():
                lines.append(f"  {n:>8,}  {key}")
                lines.append(f"  {'':>8}  e.g. {example}")
        return "\n".join(lines)


_OUTPUT_NAMES = {REPORT_FORMAT: "audit report(s)", "mjref-ruling/1": "ruling(s)"}


# --- per-document reports ------------------------------------------------------------------------

CSV_FIELDS = ("source", "status", "hands", "results", "winners", "ruled", "unreported", "dismissed",
              "clauses", "players", "net", "first_error", "game")
SEATS = 4


def csv_row(outcome: dict) -> dict:
    row = {"source": outcome["source"], "status": outcome["status"], "game": outcome.get("game", "")}
    if outcome["status"] != RULED:
        path, reasons = next(iter(outcome["errors"].items()), ("", [""]))
        row["first_error"] = f"{path}: {reasons[0]}" if path else reasons[0]
        return row
    hands = outcome["ruling"]["hands"]
    findings = [f for hand in hands for f in hand["rulings"]]
    row.update(hands=len(hands), results=" ".join(h["result"] for h in hands),
               winners=sum(len(h["winners"]) for h in hands),
               clauses=" ".join(sorted({f["rule"] for f in findings})),
               players=" ".join(outcome["players"]),
               net=json.dumps(outcome["ruling"]["net"], ensure_ascii=False))
    row.update({s: sum(1 for f in findings if f["status"] == s) for s in STATUSES})
    return row


class SeatColumns:
    """The CSV's money columns: ``net_<player>`` when every ruled document seats the same four
    players, else ``net_seat1`` … ``net_seat4`` in each document's turn order (its ``players``
    column says who sat where). The ``net`` column keeps everyone, side bettors included, as JSON."""

    def __init__(self) -> None:
        self.first: Optional[list[str]] = None
        self.same = True

    def see(self, players: Sequence[str]) -> None:
        if self.first is None:
            self.first = list(players)
        elif set(players) != set(self.first):
            self.same = False

    @property
    def names(self) -> list[str]:
        if self.same and self.first:
            return [f"net_{p}" for p in self.first]
        return [f"net_seat{k}" for k in range(1, SEATS + 1)]

    def fill(self, row: dict) -> dict:
        if row.get("status") != RULED:
            return row
        players, net = row["players"].split(" "), json.loads(row["net"])
        keys = players if self.same and self.first else range(len(players))
        for column, key, player in zip(self.names, keys, players):
            row[column] = net[key if isinstance(key, str) else player]
        return row


class Reports:
    """The ``--json`` report, written as the outcomes arrive, and the ``--csv`` report, whose rows
    wait in a temporary file until the money columns are known (see ``SeatColumns``)."""

    def __init__(self, json_path: Optional[str], csv_path: Optional[str]):
        self._json: Optional[TextIO] = open(json_path, "w", encoding="utf-8") if json_path else None
        self._csv_path = csv_path
        self._rows: Optional[IO[str]] = (tempfile.TemporaryFile("w+", encoding="utf-8")
                                         if csv_path else None)
        self._seats = SeatColumns()
        self._first = True
        if self._json:
            self._json.write(f'{{"format": "{REPORT_FORMAT}", "documents": [\n')

    def add(self, outcome: dict) -> None:
        if self._json:
            entry = {k: v for k, v in outcome.items() if k != "document"}
            self._json.write(("" if self._first else ",\n") + json.dumps(entry, ensure_ascii=False))
            self._first = False
        if self._rows is not None and outcome["status"] != SKIPPED:
            if outcome["status"] == RULED:
                self._seats.see(outcome["players"])
            self._rows.write(json.dumps(csv_row(outcome), ensure_ascii=False) + "\n")

    def close(self, summary: Summary) -> None:
        if self._json:
            self._json.write('\n],\n"summary": ' + json.dumps(summary.as_json(), ensure_ascii=False)
                             + "}\n")
            self._json.close()
        if self._rows is not None and self._csv_path:
            at = CSV_FIELDS.index("net")
            fields = [*CSV_FIELDS[:at], *self._seats.names, *CSV_FIELDS[at:]]
            self._rows.seek(0)
            with open(self._csv_path, "w", encoding="utf-8", newline="") as fh:
                writer = csv.DictWriter(fh, fields)
                writer.writeheader()
                for line in self._rows:
                    writer.writerow(self._seats.fill(json.loads(line)))
            self._rows.close()


# --- the progress bar ----------------------------------------------------------------------------


class Progress:
    """``[#####.....]  4,321/10,000  43%  812 docs/s  ETA 7 s`` on one line of ``stream``."""

    WIDTH = 30

    def __init__(self, total: int, stream: IO[str], enabled: bool, every: float = 0.1):
        self.total, self.stream, self.enabled, self.every = total, stream, enabled, every
        self.done = 0
        self.start = self._last = time.monotonic()

    def step(self) -> None:
        self.done += 1
        if self.enabled and time.monotonic() - self._last >= self.every:
            self._draw()

    def _draw(self) -> None:
        self._last = now = time.monotonic()
        share = self.done / self.total if self.total else 1.0
        filled = int(self.WIDTH * share)
        rate = self.done / (now - self.start) if now > self.start else 0.0
        eta = f"ETA {(self.total - self.done) / rate:.0f} s" if rate and self.done < self.total else ""
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {self.done:,}/{self.total:,}"
                          f" {share:4.0%} {rate:,.0f} docs/s {eta:<12}")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self._draw()
            self.stream.write("\n")
            self.stream.flush()


# --- the command ---------------------------------------------------------------------------------


def audit(paths: Sequence[str], *, jobs: Optional[int] = None, progress: Optional[bool] = None,
          json_path: Optional[str] = None, csv_path: Optional[str] = None,
          store_path: Optional[str] = None, store: bool = False,
          out: Optional[TextIO] = None, err: Optional[TextIO] = None,
          stdin: Optional[IO[bytes]] = None) -> int:
    """Run an audit; print the summary table on ``out`` (stdout), the progress bar on ``err``
    (stderr). Exit status: 0 every document ruled, 2 some rejected, 1 an internal error on some,
    3 (``NOTHING``) no document to rule. A PATH that does not exist raises ``UsageError`` first."""
    out, err = out or sys.stdout, err or sys.stderr
    check_paths(paths)
    lines = (stdin or sys.stdin.buffer).readlines() if STDIN in paths else None
    exclude = [p for p in (json_path, csv_path) if p]
    total = count(paths, lines, exclude)
    if total == 0:
        print(f"nothing to audit: no documents in {' '.join(paths)} (looked for "
              f"{', '.join(SUFFIXES)} files and the lines of JSON Lines)", file=err)
        return NOTHING
    jobs = jobs or os.cpu_count() or 1
    show = err.isatty() if progress is None else progress
    db = None
    if store:
        from .store import CLI, DuplicateGame, Store

        db = Store(store_path)
    summary, reports = Summary(), Reports(json_path, csv_path)
    summary.database = db.path if db is not None else None
    bar = Progress(total, err, show)
    start = time.monotonic()
    try:
        for outcome in rule_all(items(paths, lines, exclude), jobs, store, total):
            if db is not None and outcome["status"] == RULED:
                try:
                    game, _ = db.add_game(outcome.pop("document"), outcome["ruling"], by=CLI)
                    outcome["game"] = game["id"]
                    summary.stored["stored"] += 1
                except DuplicateGame as dup:
                    outcome["game"] = dup.game_id
                    summary.stored["duplicate"] += 1
            summary.add(outcome)
            reports.add(outcome)
            bar.step()
    finally:
        summary.seconds = time.monotonic() - start
        bar.close()
        reports.close(summary)
        if db is not None:
            db.close()
    print(summary.table(), file=out)
    if not summary.total:
        print("nothing to audit: every file found is the referee's own output", file=err)
        return NOTHING
    if summary.documents[ERROR]:
        return 1
    return 2 if summary.documents[REJECTED] else 0
