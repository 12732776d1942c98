"""``referee audit PATH…``: rule many documents in parallel processes, for an auditor.

A PATH is a document (``.json``), a JSON Lines file (``.jsonl`` or ``.ndjson``, one document per
line), a Tenhou record (mjlog XML, plain or gzip, or tenhou.net/6 JSON, one document or JSON Lines
of one hand a line), a folder, searched recursively for these (``.json``, ``.jsonl``, ``.ndjson``,
``.xml``, ``.mjlog``, and ``.txt`` holding an mjlog), or ``-``: JSON Lines on standard input (or
one Tenhou record). What a file holds is told by its content (``--from`` says it instead): a
Tenhou record is imported (``api.records.tenhou``), ruled, and each finished hand's ruling compared with the
money the server recorded (``compare``); a three-player record is skipped with its reason. A PATH
that does not exist is a usage error, before anything is ruled. Every document is ruled in a pool of
worker processes (or on a Dask cluster, ``--dask``: ``api.audit.audit_dask``); one that is not JSON, not
a valid document, or even trips an internal error is reported and skipped. The referee's own
output (a ruling, an audit report: recognised by their ``format``, and the report files of this run
by their path) is skipped and counted apart. The run
ends with a summary table: hands by result, irregularities by clause (ruled / unreported /
dismissed), and the rejected documents grouped by their first error. ``--json`` and ``--csv`` write
a report per document; ``--store`` records every ruled document as a game in the database. With no
document to rule, the run says so and exits with 3.
"""
from __future__ import annotations

import csv
import gc
import itertools
import json
import multiprocessing
import os
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from functools import partial
from typing import IO, Iterable, Iterator, Optional, Sequence, TextIO

from api.audit.audit_duplicates import DUPLICATE, Duplicates
from api.audit.audit_exit import ExitRule, fail_on_values
from api.audit.audit_items import (
    ERROR,
    LOCAL_CLUSTER,
    MJLOG,
    MJREF,
    REJECTED,
    REPORT_FORMAT,
    RULED,
    SKIPPED,
    SUFFIXES,
    TENHOU,
    Item,
    check_paths,
    count,
    items,
    rule_one,
)
from api.files import naming
from api.text import neutral
from api.documents.documents import STDIN, UsageError, bounded_lines
from api.limits import MAX_RECORD_BYTES

NOTHING = 3  # the exit status of an audit that found no document to rule
STATUSES = ("ruled", "unreported", "dismissed")  # of a finding (EVENT_LOG.md, "The ruling")
RESULTS = ("win", "false_win", "exhaustive_draw", "abortive_draw", "penalty", "undetermined", "open")


# --- running the work ----------------------------------------------------------------------------


def rule_all(work: Iterable[Item], jobs: int, keep_document: bool, total: int) -> Iterator[dict]:
    """Outcomes in input order, from ``jobs`` worker processes (1: in this process)."""
    if jobs <= 1:
        yield from map(partial(rule_one, keep_document=keep_document), work)
        return
    with pool_context().Pool(jobs, initializer=_lean_gc) as pool:
        for outcomes in pool.imap(partial(_rule_batch, keep_document=keep_document),
                                  batches(work, total, jobs)):
            yield from outcomes


def pool_context():
    """``fork`` on Linux: the workers start with all the audit's process has imported, where
    ``spawn`` or ``forkserver`` (Python 3.14's default there) would import it again in each (3,000
    hands on 2 cores: 2.03–2.06 s forked, 2.28–2.31 s spawned). Elsewhere the system's default."""
    return multiprocessing.get_context("fork" if sys.platform == "linux" else None)


BATCH = 32  # items sent to a worker at a time, at most


def batches(work: Iterable[Item], total: int, jobs: int) -> Iterator[list[Item]]:
    """The ``total`` items in runs for ``jobs`` workers, each a quarter of what is left per worker
    (at most ``BATCH``, at least one): few runs to send while much is left, then smaller and smaller
    ones, so that the workers run out of work together rather than one waiting for the other's
    last run (guided self-scheduling)."""
    work, left = iter(work), total
    while batch := list(itertools.islice(work, max(1, min(BATCH, left // (jobs * 4))))):
        left -= len(batch)
        yield batch


def _rule_batch(batch: list[Item], keep_document: bool) -> list[dict]:
    return [rule_one(item, keep_document) for item in batch]


WORKER_GC = (10_000, 10, 10)  # a worker's collection thresholds (Python's default: 700, 10, 10)


def _lean_gc() -> None:
    """In a worker, at its start: what it inherited from the audit's process (the modules, the
    rulebooks) is set aside from the collector, so that no collection walks it again, nor copies its
    memory pages by writing to them; and the young objects are collected when 10,000, not 700, have
    gathered. A ruling leaves little cyclic garbage: the collector took ~6% of a worker's time
    (1,500 hands), now ~2.5%."""
    gc.freeze()
    gc.set_threshold(*WORKER_GC)


def _check_cluster_options(dask: Optional[str], jobs: Optional[int], workers: Optional[int]) -> None:
    """``--jobs`` is the local audit's, ``--workers`` the processes of ``--dask local``."""
    if dask and jobs:
        raise UsageError("--jobs sets the processes of an audit on this machine; with --dask the "
                         "cluster's workers rule (--workers N with --dask local)")
    if workers and dask != LOCAL_CLUSTER:
        raise UsageError("--workers sets the processes of --dask local; without --dask, --jobs "
                         "sets the audit's processes")


# --- the summary ---------------------------------------------------------------------------------


def first_error_key(source: str, errors: dict[str, list[str]], record: bool = False) -> str:
    """The first error, with what varies between documents taken out (indices, positions), so that
    documents rejected for the same reason group together; for a Tenhou ``record`` also its hand,
    tag and line numbers."""
    path, reasons = next(iter(errors.items()), ("", [""]))
    reason = reasons[0] if reasons else ""
    if reason.startswith(source + ": "):
        reason = reason[len(source) + 2:]
    reason = re.sub(r" at (line \d+ )?column \d+", "", reason)
    if record:
        reason = re.sub(r"\b(hand|tag|line|seat) \d+", r"\1 *", reason)
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
        self.passed_over: dict[str, list] = {}  # Tenhou records skipped: reason -> [count, example]
        self.records = Counter()  # Tenhou records ruled; their hands compared, agreeing, …
        self.disagreements: list[tuple[str, dict]] = []  # (source, a disagreement of compare())
        self.contradictions: list[tuple[str, dict]] = []  # (source, a contradiction of compare())
        self.database: Optional[str] = None  # where --store recorded the games
        self.duplicates = Duplicates()  # the audit's, which found them
        self.rule = ExitRule()  # what the run fails on (--strict, --fail-on)
        self.finished = False  # every outcome added: the exit status is known
        self.seconds = 0.0

    def add(self, outcome: dict) -> None:
        if outcome["status"] == DUPLICATE:  # listed by self.duplicates, counted nowhere
            return
        if outcome["status"] == SKIPPED:
            if "reason" in outcome:
                self.passed_over.setdefault(outcome["reason"], [0, outcome["source"]])[0] += 1
            else:
                self.skipped[outcome["format"]] += 1
            return
        self.documents[outcome["status"]] += 1
        if outcome["status"] != RULED:
            key = (f"internal error ({outcome['exception']})" if outcome["status"] == ERROR
                   else first_error_key(outcome["source"], outcome["errors"],
                                        outcome.get("record") == TENHOU))
            entry = self.rejections.setdefault(key, [0, outcome["source"]])
            entry[0] += 1
            return
        if "recorded" in outcome:
            self.records["records"] += 1
            self.records.update({k: v for k, v in outcome["recorded"].items() if isinstance(v, int)})
            self.disagreements += [(outcome["source"], d) for d in outcome["recorded"]["disagreements"]]
            self.contradictions += [(outcome["source"], c) for c in outcome["recorded"]["contradictions"]]
        for hand in outcome["ruling"]["hands"]:
            self.hands += 1
            self.results[hand["result"]] += 1
            self.winners += len(hand["winners"])
            for finding in hand["rulings"]:
                self.clauses[finding["rule"]][finding["status"]] += 1

    @property
    def total(self) -> int:
        return sum(self.documents.values())

    def exit(self) -> tuple[int, str]:
        """The exit status and the line that says why (``api.audit.audit_exit``)."""
        if not self.total:
            return NOTHING, f"Exit status {NOTHING}: nothing to audit"
        return self.rule.status(self.clauses, self.documents[REJECTED], self.documents[ERROR],
                                len(self.disagreements))

    def as_json(self) -> dict:
        return {
            "documents": self.total, "ruled": self.documents[RULED],
            "rejected": self.documents[REJECTED], "internal_errors": self.documents[ERROR],
            "hands": self.hands, "results": dict(self.results), "winners": self.winners,
            "irregularities": {rule: {s: c[s] for s in STATUSES} for rule, c in sorted(self.clauses.items())},
            "rejections": [{"first_error": k, "documents": n, "example": ex}
                           for k, (n, ex) in self._rejections()],
            "stored": dict(self.stored), "skipped": dict(self.skipped),
            "duplicates": self.duplicates.as_json(),
            **({"exit": dict(zip(("status", "reason"), self.exit()))} if self.finished else {}),
            "seconds": round(self.seconds, 3),
            **({"tenhou": self._tenhou_json()} if self.records or self.passed_over else {}),
        }

    def _tenhou_json(self) -> dict:
        r = self.records
        return {"records": r["records"], "hands_compared": r["compared"], "hands_agreeing": r["agreeing"],
                "next_hands": r["transitions"], "next_hands_following": r["following"],
                "disagreements": [{"source": s, **d} for s, d in self.disagreements],
                "contradictions": [{"source": s, **c} for s, c in self.contradictions],
                "skipped": [{"reason": k, "records": n, "example": ex}
                            for k, (n, ex) in _by_count(self.passed_over)]}

    def _rejections(self) -> list[tuple[str, list]]:
        return _by_count(self.rejections)

    def table(self) -> str:
        rate = self.total / self.seconds if self.seconds else 0.0
        lines = [f"Audit: {self.total:,} documents, {self.documents[RULED]:,} ruled, "
                 f"{self.documents[REJECTED]:,} rejected, {self.documents[ERROR]:,} internal errors "
                 f"({self.seconds:.1f} s, {rate:,.0f} documents/s)"]
        if self.skipped:
            lines.append("Skipped, the referee's own output: " + ", ".join(
                f"{n:,} {_OUTPUT_NAMES.get(f, f)}" for f, n in sorted(self.skipped.items())))
        lines += self.duplicates.lines()
        if self.stored:
            lines.append(f"Stored: {self.stored['stored']:,} new games, "
                         f"{self.stored['duplicate']:,} already stored (database {self.database})")
        lines += self._tenhou_lines()
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
        return "\n".join([*lines, "", self.exit()[1]])


    SHOWN = 20  # disagreements and contradictions listed in the table; the reports hold all

    def _tenhou_lines(self) -> list[str]:
        """The auditor's view of Tenhou records: the hands that settle as the server recorded."""
        lines = []
        for reason, (n, example) in _by_count(self.passed_over):
            lines += [f"Skipped: {n:,} Tenhou record(s): {reason}", f"  e.g. {example}"]
        if not self.records:
            return lines
        r = self.records
        lines.append(f"Tenhou records: {r['agreeing']:,} of {r['compared']:,} finished hands agree "
                     f"with the recorded money")
        lines.append(f"  and {r['following']:,} of {r['transitions']:,} next hands start as the previous "
                     f"ruling says (no RJ-FLOW-11)")
        for title, found in (("Disagreements (ruled - recorded, per seat)", self.disagreements),
                             ("Next hands that contradict the ruling (RJ-FLOW-11)", self.contradictions)):
            if not found:
                continue
            lines += ["", title + (f", the first {self.SHOWN} of {len(found):,}"
                                   if len(found) > self.SHOWN else "")]
            for source, entry in found[:self.SHOWN]:
                money = ", ".join(f"{p} {_signed(n)}" for p, n in entry.get("difference", {}).items())
                lines.append(f"  {source}: {entry['label']}" + (f": {money}" if money else ""))
        return lines


def _by_count(groups: dict[str, list]) -> list[tuple[str, list]]:
    """``{key: [count, example]}`` by count, most first, then by key."""
    return sorted(groups.items(), key=lambda kv: (-kv[1][0], kv[0]))


def _signed(n: int) -> str:
    return f"{n:+,d}" if n else "0"


_OUTPUT_NAMES = {REPORT_FORMAT: "audit report(s)", "mjref-ruling/1": "ruling(s)"}


# --- per-document reports ------------------------------------------------------------------------

CSV_FIELDS = ("source", "status", "hands", "results", "winners", "ruled", "unreported", "dismissed",
              "clauses", "players", "net", "first_error", "game")
TENHOU_FIELDS = ("compared", "agreeing", "next_hands", "next_following", "disagreements")
"""Added after ``CSV_FIELDS`` when the run holds Tenhou records."""
DUPLICATE_FIELDS = ("duplicate_of",)
"""Added last when the run found a duplicate (``api.audit.audit_duplicates``)."""
SEATS = 4


def csv_row(outcome: dict) -> dict:
    row = {"source": outcome["source"], "status": outcome["status"], "game": outcome.get("game", "")}
    if "duplicate_of" in outcome:
        row["duplicate_of"] = outcome["duplicate_of"]
    if outcome["status"] == DUPLICATE:
        return row
    if outcome["status"] == SKIPPED:  # a Tenhou record (the referee's own output has no row)
        row["first_error"] = outcome["reason"]
        return row
    if "recorded" in outcome:
        found = outcome["recorded"]
        row.update(compared=found["compared"], agreeing=found["agreeing"],
                   next_hands=found["transitions"], next_following=found["following"],
                   disagreements="; ".join(
                       f"{d['label']}: " + ", ".join(f"{p} {_signed(n)}" for p, n in d["difference"].items())
                       for d in found["disagreements"]))
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
        self._json_path, self._csv_path = json_path or "", csv_path
        self._rows: Optional[IO[str]] = (tempfile.TemporaryFile("w+", encoding="utf-8")
                                         if csv_path else None)
        self._seats = SeatColumns()
        self._tenhou = False  # whether a Tenhou record was seen: the CSV then has TENHOU_FIELDS
        self._copies = False  # whether a duplicate was found: the CSV then has DUPLICATE_FIELDS
        self._first = True
        if self._json:
            self._json.write(f'{{"format": "{REPORT_FORMAT}", "documents": [\n')

    def add(self, outcome: dict) -> None:
        if self._json:
            entry = {k: v for k, v in outcome.items() if k != "document"}
            with naming(self._json_path):
                self._json.write(("" if self._first else ",\n") + json.dumps(entry, ensure_ascii=False))
            self._first = False
        self._tenhou = self._tenhou or outcome.get("record") == TENHOU
        self._copies = self._copies or "duplicate_of" in outcome
        if self._rows is not None and (outcome["status"] != SKIPPED or "reason" in outcome):
            if outcome["status"] == RULED:
                self._seats.see(outcome["players"])
            self._rows.write(json.dumps(csv_row(outcome), ensure_ascii=False) + "\n")

    def close(self, summary: Summary) -> None:
        if self._json:
            with naming(self._json_path):
                self._json.write('\n],\n"summary": ' + json.dumps(summary.as_json(), ensure_ascii=False)
                                 + "}\n")
                self._json.close()
        if self._rows is not None and self._csv_path:
            at = CSV_FIELDS.index("net")
            fields = [*CSV_FIELDS[:at], *self._seats.names, *CSV_FIELDS[at:],
                      *(TENHOU_FIELDS if self._tenhou else ()),
                      *(DUPLICATE_FIELDS if self._copies else ())]
            self._rows.seek(0)
            with naming(self._csv_path), open(self._csv_path, "w", encoding="utf-8", newline="") as fh:
                writer = csv.writer(fh)  # every cell through api.text.neutral: no live formula
                writer.writerow([neutral.csv_cell(f) for f in fields])
                for line in self._rows:
                    row = self._seats.fill(json.loads(line))
                    writer.writerow([neutral.csv_cell(row.get(f, "")) for f in fields])
            self._rows.close()


# --- the progress bar ----------------------------------------------------------------------------


class Progress:
    """``[#####.....]  4,321/10,000  43%  812 docs/s  ETA 7 s`` on one line of ``stream``."""

    WIDTH = 30

    def __init__(self, total: int, stream: IO[str], enabled: bool, every: float = 0.1):
        self.total, self.stream, self.enabled, self.every = total, stream, enabled, every
        self.done = 0
        self.start = self._last = time.monotonic()

    def step(self, n: int = 1) -> None:
        self.done += n
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
          stdin: Optional[IO[bytes]] = None, holds: Optional[str] = None,
          dask: Optional[str] = None, workers: Optional[int] = None,
          keep_duplicates: bool = False, strict: bool = False,
          fail_on: Sequence[str] = (), html_path: Optional[str] = None) -> int:
    """Run an audit; print the summary table on ``out`` (stdout), the progress bar on ``err``
    (stderr). ``holds``: what every file holds (``--from``: MJREF or TENHOU), None to tell by
    content. ``dask``: rule on the Dask cluster at this address, or ``local`` (a LocalCluster of
    ``workers`` processes), instead of ``jobs`` processes (``api.audit.audit_dask``). A game met a second
    time is left out and listed, unless ``keep_duplicates`` (``api.audit.audit_duplicates``).
    ``html_path``: the report as one page too (``api.audit.audit_html``). Exit status (``api.audit.audit_exit``;
    the table's last line says which and why): 2 some documents rejected, 1 an internal error on
    some or what ``strict`` / ``fail_on`` ask to fail on (findings, disagreements with the recorded
    money), else 0; 3 (``NOTHING``) no document to rule. A PATH that does not exist, a ``fail_on``
    that is no clause, or a cluster that cannot be used, raises ``UsageError`` first."""
    out, err = out or sys.stdout, err or sys.stderr
    check_paths(paths)
    _check_cluster_options(dask, jobs, workers)
    rule = ExitRule(strict, fail_on_values(fail_on))
    lines = list(bounded_lines(stdin or sys.stdin.buffer, MAX_RECORD_BYTES)) if STDIN in paths else None
    exclude = [p for p in (json_path, csv_path) if p]
    total = count(paths, lines, exclude, holds)
    if total == 0:
        tenhou = "" if holds == MJREF else (", Tenhou records: " + ", ".join(MJLOG) + " and .txt "
                                            "holding an mjlog")
        print(neutral.text(f"nothing to audit: no documents in {' '.join(paths)} (looked for "
                           f"{', '.join(SUFFIXES)} files and the lines of JSON Lines{tenhou})", False),
              file=err)
        return NOTHING
    jobs = min(jobs or os.cpu_count() or 1, total)  # no worker without a document to rule
    show = err.isatty() if progress is None else progress
    cluster = None
    if dask:  # connected and checked before any report is written
        from api.audit.audit_dask import Cluster

        cluster = Cluster(dask, workers)
    db = None
    try:
        if store:
            from api.store.store import CLI, DuplicateGame, Store

            db = Store(store_path)
        summary, reports = Summary(), Reports(json_path, csv_path)
        page = None
        if html_path:
            from api.audit.audit_html import HtmlReport

            page = HtmlReport(html_path)
    except BaseException:
        if cluster is not None:
            cluster.close()
        raise
    summary.database = db.path if db is not None else None
    summary.duplicates, summary.rule = Duplicates(keep_duplicates), rule
    bar = Progress(total, err, show)
    start = time.monotonic()
    work = items(paths, lines, exclude, holds)
    keep = store or page is not None  # the documents come back: to store, for the text rulings
    try:
        outcomes = (cluster.rule(work, keep, total, bar.step) if cluster is not None
                    else rule_all(work, jobs, keep, total))
        for outcome in outcomes:
            outcome = summary.duplicates.check(outcome)
            document = outcome.pop("document", None)
            if page is not None:
                page.add(outcome, document)
            if db is not None and outcome["status"] == RULED:
                try:
                    game, _ = db.add_game(document, outcome["ruling"], by=CLI)
                    outcome["game"] = game["id"]
                    summary.stored["stored"] += 1
                except DuplicateGame as dup:
                    outcome["game"] = dup.game_id
                    summary.stored["duplicate"] += 1
            summary.add(outcome)
            reports.add(outcome)
            if cluster is None:  # a cluster's partitions step the bar as they complete
                bar.step()
        summary.finished = True
    finally:
        summary.seconds = time.monotonic() - start
        bar.close()
        reports.close(summary)
        if page is not None:
            page.close(summary)
        if db is not None:
            db.close()
        if cluster is not None:
            cluster.close()
    print(neutral.text(summary.table()), file=out)
    if not summary.total:
        what = " or a skipped Tenhou record" if summary.passed_over else ""
        print(f"nothing to audit: every file found is the referee's own output{what}", file=err)
    return summary.exit()[0]
