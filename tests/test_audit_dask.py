"""``referee audit --dask`` (issue 14, part 4): the same audit ruled on a Dask cluster gives the
local audit's summary table and reports, byte for byte apart from the timings: a few hundred
self-played hands in JSON Lines, rejected documents, the referee's own output and Tenhou records
read from ../shared/data in place (where it is beside the repository). On two clusters: a
LocalCluster of 2 worker processes (``--dask local --workers 2``, documents pickled across
processes) and one of 2 in-process workers over TCP (``--dask tcp://…``: started once for the
module, fast). Outcomes come back in input order whatever order the partitions complete in, and the
progress bar advances as they complete. Without the extra, ``--dask`` says how to install it; a
scheduler that cannot be reached, an address that is not one, and workers of another version are
refused in one line, before any report is written; a cluster failing mid-run stops it in one line.
The cluster tests skip when Dask is not installed (``.ci/run`` installs the extra)."""
from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import logging
import re
import socket
import sys
import threading

import pytest

from api.audit import audit_dask
from api.audit.audit import audit
from api.audit.audit_items import items
from api.cli import main
from api.version import install_extra, version_text
from api.store.store import Store
from tests.servicekit import ROOT, example, hand_documents
from tests.test_tenhou_import import TENHOU

DASK = all(importlib.util.find_spec(m) for m in ("dask", "distributed"))  # the optional extra
needs_dask = pytest.mark.skipif(not DASK, reason="Dask is not installed "
                                "(pip install -e '.[dask]'; .ci/run installs it)")
RECORDS = [TENHOU / "dnovikoff" / "bug1.xml",  # a hand after the game ended: RJ-FLOW-11
           TENHOU / "dnovikoff" / "sanma2.xml",  # three players: skipped with its reason
           TENHOU / "mjx-json" / "2020052700gm-00a9-0000-75a4695c.json"]  # tenhou.net/6, by content
BLOT = "<elapsed>"  # what a run's own durations read as, so that two runs compare
TIMINGS = [(re.compile(r"\(\d[\d.,]* s, [\d,]+ documents/s\)"), f"({BLOT})"),
           (re.compile(r'"seconds": [\d.]+'), f'"seconds": "{BLOT}"')]


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    """Self-played hands in JSON Lines (with a bad line and a document with no variant), bad
    files (not JSON, not UTF-8, an unknown tile), a document in CRLF with a byte order mark, a
    saved ruling (the referee's own output), and Tenhou records read in place."""
    root = tmp_path_factory.mktemp("records")
    lines = [json.dumps(d) for d in hand_documents(200, seed=14)]
    lines[5:5] = ["{oops", json.dumps({"format": "mjref/1"}), ""]
    (root / "hands.jsonl").write_text("\n".join(lines) + "\n")
    bad = example()
    bad["hand"]["events"][1]["tile"] = "0m"
    (root / "bad-tile.json").write_text(json.dumps(bad))
    (root / "broken.json").write_text("[1,\r\n 2")
    (root / "latin1.json").write_bytes('{"players": ["Zoë"]}'.encode("latin-1"))
    (root / "crlf.json").write_bytes(b"\xef\xbb\xbf" + json.dumps(example(), indent=1)
                                     .replace("\n", "\r\n").encode())
    (root / "ruling.json").write_text(json.dumps({"format": "mjref-ruling/1"}))
    return [str(root), *(map(str, RECORDS) if TENHOU.is_dir() else ())]


@pytest.fixture(scope="module")
def scheduler():
    """A cluster of 2 in-process workers behind a TCP scheduler: its address."""
    if not DASK:
        pytest.skip("Dask is not installed")
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp://",
                      dashboard_address=audit_dask.HTTP, silence_logs=logging.ERROR) as cluster:
        yield cluster.scheduler_address


def audit_run(capsys, tmp_path, name, paths, *options, progress=False):
    """(exit status, summary table, JSON report, CSV report), the timings blotted out; with
    ``progress``, also what the progress bar wrote (else stderr must be empty)."""
    report, table = tmp_path / f"{name}.json", tmp_path / f"{name}.csv"
    code = main(["audit", *paths, "--json", str(report), "--csv", str(table), *options,
                 "--progress" if progress else "--no-progress"])
    out, err = capsys.readouterr()
    assert err == "" or progress  # nothing from Dask on stderr: no warning, no log
    texts = blot(out, report.read_text(encoding="utf-8"), table.read_text(encoding="utf-8"))
    return (code, *texts, err) if progress else (code, *texts)


def blot(*texts: str) -> list[str]:
    for pattern, mark in TIMINGS:
        texts = tuple(pattern.sub(mark, t) for t in texts)
    return list(texts)


@pytest.fixture(scope="module")
def local(records, tmp_path_factory):
    """The local audit of the records (one process): what every cluster must give."""
    tmp, out = tmp_path_factory.mktemp("local"), io.StringIO()
    code = audit(records, jobs=1, json_path=str(tmp / "r.json"), csv_path=str(tmp / "r.csv"),
                 out=out, err=io.StringIO())
    return (code, *blot(out.getvalue(), (tmp / "r.json").read_text(encoding="utf-8"),
                        (tmp / "r.csv").read_text(encoding="utf-8")))


@needs_dask
def test_the_local_audit_holds_what_the_comparison_needs(local):
    code, table, report, _ = local
    summary = json.loads(report)["summary"]
    assert code == 2 and summary["ruled"] >= 200 and summary["rejected"] == 5
    assert summary["skipped"] == {"mjref-ruling/1": 1}
    if TENHOU.is_dir():
        assert summary["tenhou"]["records"] == 2 and summary["tenhou"]["contradictions"]
        assert summary["tenhou"]["skipped"][0]["records"] == 1
    # the run-dependent fields are masked, so that the comparisons below compare like with like
    assert f'"{BLOT}"' in report and f"({BLOT})" in table


@needs_dask
def test_a_local_cluster_of_two_processes_gives_the_local_audit(capsys, recwarn, tmp_path, records,
                                                                local):
    with socket.socket() as dashboard:  # Dask's default port taken, as by another cluster
        with contextlib.suppress(OSError):  # (or already taken)
            dashboard.bind(("127.0.0.1", 8787))
            dashboard.listen()
        found = audit_run(capsys, tmp_path, "dask", records, "--dask", "local", "--workers", "2")
    assert found == local
    assert not [str(w.message) for w in recwarn if "in use" in str(w.message)]  # a free port


@needs_dask
def test_a_scheduler_by_its_address_gives_the_local_audit_with_its_progress(capsys, tmp_path,
                                                                            records, local,
                                                                            scheduler):
    assert scheduler.startswith("tcp://")
    *found, bar = audit_run(capsys, tmp_path, "tcp", records, "--dask", scheduler, progress=True)
    assert tuple(found) == local
    total = len(list(items(records)))  # the bar counts every item, the saved ruling too
    assert f"{total:,}/{total:,} 100%" in bar and bar.count("\n") == 1 and bar.count("\r") >= 2


HELD = {"source": None, "released": threading.Event()}  # by reference: workers in this process


def held_entry(entry, keep_document=False):
    """``rule_entry``, held on the worker until released for the item named in ``HELD``."""
    if entry[0] == HELD["source"]:
        HELD["released"].wait(30)
    return audit_dask.rule_one(entry, keep_document)


@needs_dask
def test_outcomes_come_in_input_order_whatever_order_partitions_complete(monkeypatch, records,
                                                                         scheduler):
    """The first partition is held on its worker until another has completed (the client's
    progress callback releases it), and still its outcomes come first."""
    work = list(items([records[0]]))[:60]
    steps = []
    HELD["source"] = work[0][0]
    HELD["released"].clear()

    def done(n):
        steps.append((n, HELD["released"].is_set()))
        HELD["released"].set()

    monkeypatch.setattr(audit_dask, "rule_entry", held_entry)
    with audit_dask.Cluster(scheduler) as cluster:
        outcomes = list(cluster.rule(iter(work), False, len(work), done))
    assert [o["source"] for o in outcomes] == [source for source, *_ in work]
    size = max(1, min(audit_dask.PARTITION, len(work) // (2 * 8)))
    assert len(steps) == -(-len(work) // size) >= 3 and sum(n for n, _ in steps) == len(work)
    assert steps[0][1] is False  # one completed while the first was held: out of order


@needs_dask
def test_store_keeps_each_document_ruled_on_the_cluster(capsys, tmp_path, scheduler):
    lines = tmp_path / "few.jsonl"
    lines.write_text("\n".join(json.dumps(d) for d in hand_documents(3, seed=2)) + "\n")
    db = tmp_path / "audit.db"
    assert main(["audit", str(lines), "--dask", scheduler, "--store", "--db", str(db)]) == 0
    assert "Stored: 3 new games, 0 already stored" in capsys.readouterr().out
    store = Store(str(db))
    assert [g["id"] for g in store.games(limit=10)] and len(store.games(limit=10)) == 3
    store.close()


def broken_entry(entry, keep_document=False):
    """A partition that fails on its worker, as one does when the cluster loses it."""
    raise RuntimeError("worker lost\nwhile ruling")


@needs_dask
def test_a_cluster_that_fails_during_the_run_stops_it_in_one_line(capsys, tmp_path, monkeypatch,
                                                                  scheduler):
    lines, report = tmp_path / "few.jsonl", tmp_path / "report.json"
    lines.write_text("\n".join(json.dumps(d) for d in hand_documents(3, seed=5)) + "\n")
    monkeypatch.setattr(audit_dask, "rule_entry", broken_entry)
    code = main(["audit", str(lines), "--dask", scheduler, "--json", str(report)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == (f"error: the Dask cluster at {scheduler} failed during the audit (RuntimeError: "
                   "worker lost while ruling)\n")
    assert json.loads(report.read_text())["summary"]["documents"] == 0  # closed, still JSON


def test_a_file_the_client_cannot_read_is_reported_as_the_local_audit_does(tmp_path):
    gone = str(tmp_path / "gone.json")
    item = (gone, gone, None, None)
    assert audit_dask.with_content(item) == audit_dask.rule_one(item) == {
        "source": gone, "status": "rejected", "errors": {"": [f"{gone}: no such file"]}}
    here = tmp_path / "here.json"
    here.write_bytes(b"{}")
    assert audit_dask.with_content((str(here), str(here), None, None)) == (
        str(here), str(here), b"{}", None)  # near miss: read, for the worker
    outcome = audit_dask.with_content(item)
    assert audit_dask.rule_entry(outcome) is outcome


def test_without_the_extra_dask_says_how_to_install_it(capsys, tmp_path, monkeypatch):
    doc = tmp_path / "game.json"
    doc.write_text(json.dumps(example()))
    monkeypatch.setitem(sys.modules, "dask.bag", None)  # as if not installed
    monkeypatch.setitem(sys.modules, "distributed", None)
    report = tmp_path / "report.json"
    assert main(["audit", str(doc), "--dask", "local", "--json", str(report)]) == 2
    out, err = capsys.readouterr()
    assert err == ("error: --dask needs Dask, an optional extra that is not installed (dask.bag): "
                   f"{install_extra('dask')}\n")
    assert install_extra("dask", cwd=str(ROOT)) == "pip install -e '.[dask]'"  # from this checkout
    assert out == "" and not report.exists()
    assert main(["audit", str(doc), "--jobs", "1"]) == 0  # near miss: the local audit needs no Dask


@needs_dask
def test_a_scheduler_that_cannot_be_reached_is_one_line(capsys, tmp_path):
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    doc, report = tmp_path / "game.json", tmp_path / "report.json"
    doc.write_text(json.dumps(example()))
    code = main(["audit", str(doc), "--dask", f"tcp://127.0.0.1:{port}", "--json", str(report)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and not report.exists()
    assert err == f"error: cannot reach the Dask scheduler at tcp://127.0.0.1:{port}: Connection refused\n"
    assert main(["audit", str(doc), "--dask", "nowhere"]) == 2
    assert capsys.readouterr().err == ("error: --dask nowhere: not a scheduler address (missing port "
                                       "number in address 'nowhere'); give tcp://HOST:PORT or local\n")


@pytest.mark.parametrize("options, message", [
    (["--workers", "2"], "error: --workers sets the processes of --dask local; without --dask, "
                         "--jobs sets the audit's processes\n"),
    (["--dask", "tcp://127.0.0.1:8786", "--workers", "2"],
     "error: --workers sets the processes of --dask local; without --dask, --jobs sets the "
     "audit's processes\n"),
    (["--dask", "local", "--jobs", "2"], "error: --jobs sets the processes of an audit on this "
     "machine; with --dask the cluster's workers rule (--workers N with --dask local)\n"),
], ids=["workers-without-dask", "workers-with-an-address", "jobs-with-dask"])
def test_options_of_the_other_kind_of_audit_are_refused(capsys, tmp_path, options, message):
    doc = tmp_path / "game.json"
    doc.write_text(json.dumps(example()))
    assert main(["audit", str(doc), *options]) == 2
    assert capsys.readouterr().err == message


def test_workers_of_another_version_are_refused():
    mine = version_text()
    audit_dask.check_versions(mine, {"tcp://10.0.0.2:4001": mine, "tcp://10.0.0.3:4001": mine})
    other = mine.replace("referee ", "referee 9.", 1)
    with pytest.raises(audit_dask.ClusterError, match=re.escape(
            f"the Dask worker tcp://10.0.0.3:4001 runs {other}, this is {mine}: install the same "
            "version on every worker")):
        audit_dask.check_versions(mine, {"tcp://10.0.0.2:4001": mine, "tcp://10.0.0.3:4001": other})
    with pytest.raises(audit_dask.ClusterError, match=re.escape(
            "the Dask worker tcp://10.0.0.2:4001 cannot run the referee (ModuleNotFoundError: No "
            "module named 'api'): install referee")):
        audit_dask.check_versions(mine, {"tcp://10.0.0.2:4001": ModuleNotFoundError(
            "No module named 'api'")})
