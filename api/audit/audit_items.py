"""The audit's work: what to rule (``items``: the documents, JSON Lines lines and Tenhou records
under the paths, told apart by content or ``--from``) and ruling one of them (``rule_one``, in a
worker process or on a Dask worker; a Tenhou record's ruling compared with the recorded money,
``compare``). ``api.audit.audit`` runs them and reports; ``api.audit.audit_dask`` runs them on a cluster.
"""
from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import Iterable, Iterator, Optional, Sequence

from referee.errors import InputError

from api.audit.audit_duplicates import document_identity, tenhou_identity
from api.documents.documents import STDIN, UsageError, adjudicate_data, bounded_lines, check_size, read_json
from api.limits import MAX_RECORD_BYTES
from api.documents.jsonvalues import decode_json
from api.text.neutral import file_name
from api.records.tenhou import TenhouError, import_tenhou, is_record, is_tenhou6
from api.records.tenhou_game import ThreePlayerGame

LINES = (".jsonl", ".ndjson")  # JSON Lines: one document per line
SUFFIXES = (".json", *LINES)
MJLOG = (".xml", ".mjlog")  # Tenhou's mjlog XML, plain or gzip; also a .txt that holds one
RULED, REJECTED, ERROR, SKIPPED = "ruled", "rejected", "error", "skipped"
MJREF, TENHOU = "mjref", "tenhou"  # what a file holds (--from); None: told by its content
LOCAL_CLUSTER = "local"  # --dask local: a Dask LocalCluster on this machine
REPORT_FORMAT = "mjref-audit/1"  # the ``format`` of a JSON report
OUTPUT_FORMATS = (REPORT_FORMAT, "mjref-ruling/1")  # the referee's own output: never audited

#: one unit of work: (source, path of a file or None, a JSON Lines line or the bytes of a record
#: or None, what it holds: MJREF, TENHOU or None to tell by its content). With a path, the bytes
#: are the file's content, already read (``with_content``), else None: the worker reads the file.
Item = tuple[str, Optional[str], Optional[bytes], Optional[str]]


# --- what to rule ----------------------------------------------------------------------------------


def _files(path: Path, holds: Optional[str] = None) -> list[Path]:
    if path.is_dir():
        return sorted(p for p in path.rglob("*") if _listed(p) and _wanted(p, holds))
    return [path]  # a file named on the command line is read whatever its name


def _listed(path: Path) -> bool:
    """A regular file, or a link to nothing (dangling or a loop): passed on, for the worker to
    report it as a document that cannot be read, never left out unsaid. A folder, a FIFO or a
    device is no document (reading a FIFO would wait for ever)."""
    return path.is_file() or (path.is_symlink() and not path.exists())


def _wanted(path: Path, holds: Optional[str]) -> bool:
    """Whether a file found in a folder is read: a document or JSON Lines, and unless ``--from
    mjref`` an mjlog (``.xml``, ``.mjlog``, or a ``.txt`` whose first bytes are one)."""
    if path.suffix in SUFFIXES:
        return True
    if holds == MJREF or path.suffix not in (*MJLOG, ".txt"):
        return False
    if path.suffix in MJLOG:
        return True
    try:
        with open(path, "rb") as fh:
            head = fh.read(64)
    except OSError:
        return False
    return is_record(head)


def check_paths(paths: Sequence[str]) -> None:
    """Every PATH must exist (``-`` at most once): ``UsageError`` naming the first that does not."""
    for given in paths:
        if given != STDIN and not os.path.exists(given):
            raise UsageError(f"{given}: no such file or folder")
    if list(paths).count(STDIN) > 1:
        raise UsageError("standard input (-) can be read only once")


def items(paths: Sequence[str], stdin: Optional[list[bytes]] = None,
          exclude: Iterable[str] = (), holds: Optional[str] = None) -> Iterator[Item]:
    """The documents under ``paths``, in order; a JSON Lines file gives one per non-blank line, and
    ``-`` the lines of ``stdin``, unless they are a Tenhou record (one hand a line: one item).
    Files in ``exclude`` (this run's reports) are left out. A path that cannot be read is passed
    on as a file, for the worker to report."""
    skip = {os.path.abspath(p) for p in exclude}
    for given in paths:
        if given == STDIN:
            yield from _lines("<stdin>", None, stdin or [], holds)
            continue
        for path in _files(Path(given), holds):
            if os.path.abspath(path) in skip:
                continue
            try:
                lines = open(path, "rb") if path.suffix in LINES and path.is_file() else None
            except OSError:
                lines = None
            if lines is None:
                yield file_name(path), str(path), None, holds
                continue
            with lines:  # each line cut past the largest thing a line may be (a Tenhou record)
                yield from _lines(file_name(path), str(path), bounded_lines(lines, MAX_RECORD_BYTES), holds)


def _lines(source: str, path: Optional[str], lines: Iterable[bytes],
           holds: Optional[str]) -> Iterator[Item]:
    """The non-blank lines, each a document; or, when the first is a Tenhou record (or ``--from
    tenhou``), the whole of them as one record (the file at ``path``, or the bytes read)."""
    numbered = enumerate(lines, 1)
    head = []
    for number, line in numbered:
        head.append((number, line))
        if line.strip():
            break
    if head and holds != MJREF and (holds == TENHOU or is_record(head[-1][1])):
        rest = b"".join(line for _, line in (*head, *numbered)) if path is None else None
        yield source, path, rest, TENHOU
        return
    for number, line in itertools.chain(head, numbered):
        if line.strip():
            yield f"{source}:{number}", None, line, MJREF


def count(paths: Sequence[str], stdin: Optional[list[bytes]] = None, exclude: Iterable[str] = (),
          holds: Optional[str] = None) -> int:
    return sum(1 for _ in items(paths, stdin, exclude, holds))


# --- ruling one (in a worker) --------------------------------------------------------------------


def rule_one(item: Item, keep_document: bool = False) -> dict:
    """The outcome of one document: ``status`` ruled (with ``ruling`` and the game's
    ``identity``, ``api.audit.audit_duplicates``), rejected or error (with ``errors``, and the
    ``exception``'s name). Never raises. A Tenhou record's outcome is
    ``rule_tenhou``'s."""
    source, path, line, holds = item
    file = line if line is not None else path  # what rule_tenhou reads: the bytes, or the file
    try:
        if holds == TENHOU:
            return rule_tenhou(source, file or b"", keep_document)
        try:
            if path is None:
                check_size(source, (line or b"").rstrip(b"\r\n"))  # a JSON Lines line: one document
            data = read_json(path, line) if path is not None else decode_json(line or b"")
        except InputError:
            if holds is None and path is not None and _is_record(path, line):
                return rule_tenhou(source, file, keep_document)
            raise
        if holds is None and path is not None and is_tenhou6(data):
            return rule_tenhou(source, file, keep_document)
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
    out = {"source": source, "status": RULED, "players": data["players"], "ruling": ruling,
           "identity": document_identity(data)}
    if keep_document:
        out["document"] = data
    return out


def _is_record(path: str, content: Optional[bytes] = None) -> bool:
    """Whether a file that is not JSON holds a Tenhou record (an mjlog, tenhou.net/6 JSON Lines)."""
    if content is not None:
        return is_record(content)
    try:
        with open(path, "rb") as fh:
            return is_record(fh.read(MAX_RECORD_BYTES + 1))
    except OSError:
        return False  # read_json has said why


def rule_tenhou(source: str, record: "str | bytes", keep_document: bool = False) -> dict:
    """A Tenhou record imported and ruled, its ruling compared with the recorded money
    (``recorded``, see ``compare``); a three-player record ``skipped`` with its ``reason``, one that
    cannot be imported or ruled ``rejected`` with its place. Every outcome says ``record: tenhou``."""
    try:
        document, recorded = import_tenhou(record)
        ruling = adjudicate_data(document)
    except ThreePlayerGame as err:
        return {"source": source, "status": SKIPPED, "record": TENHOU, "reason": str(err)}
    except TenhouError as err:
        return {"source": source, "status": REJECTED, "record": TENHOU, "errors": {"": [str(err)]}}
    except InputError as err:  # imported, but not a document the referee can rule
        return {"source": source, "status": REJECTED, "record": TENHOU, "errors": err.errors}
    out = {"source": source, "status": RULED, "record": TENHOU, "players": document["players"],
           "ruling": ruling, "recorded": compare(ruling, recorded),
           "identity": tenhou_identity(document, recorded)}
    if keep_document:
        out["document"] = document
    return out


def compare(ruling: dict, recorded: dict) -> dict:
    """The ruling of an imported game against what the server recorded. Per finished hand, each
    seat's ruled money is its ``net`` plus the riichi stick it put out (RJ-RII-3, the server's
    ``sc`` counts it before the result), and it agrees when every seat's equals the recorded delta;
    per hand after the first, the hand follows when it starts as the previous ruling says (no
    RJ-FLOW-11 finding). ``disagreements`` give the hand, its label and per seat ruled − recorded;
    ``contradictions`` the hand, its label and the RJ-FLOW-11 decision."""
    out: dict = {"compared": 0, "agreeing": 0, "transitions": 0, "following": 0,
                 "disagreements": [], "contradictions": []}
    for k, (hand, facts) in enumerate(zip(ruling["hands"], recorded["hands"])):
        flow = [f for f in hand["rulings"] if f["rule"] == "RJ-FLOW-11"]
        if k:
            out["transitions"] += 1
            out["following"] += not flow
        for finding in flow:
            out["contradictions"].append({"hand": k, "label": facts["label"],
                                          "decision": finding["decision"]})
        if facts["deltas"] is None:
            continue  # cut before its result: nothing recorded to compare
        ruled = {p: n for p, n in hand["net"].items() if p in facts["deltas"]}
        for pay in hand["payments"]:
            if pay["rule"] == "RJ-RII-3" and pay["from"] in ruled:
                ruled[pay["from"]] += pay["amount"]
        difference = {p: ruled[p] - facts["deltas"][p] for p in recorded["players"]}
        out["compared"] += 1
        if any(difference.values()):
            out["disagreements"].append({"hand": k, "label": facts["label"], "difference": difference})
        else:
            out["agreeing"] += 1
    return out
