"""``referee audit``: a folder of good and bad documents and JSON Lines, in parallel; the summary
numbers against a tally of the same rulings; the JSON and CSV reports; --store; bad documents and
internal errors reported and skipped; the collector in the workers and at the program's end."""
import csv
import gc
import json
import multiprocessing
import shutil
import subprocess
import sys
import tomllib
from collections import Counter

import pytest

from api.audit.audit import BATCH, WORKER_GC, Progress, batches, first_error_key, pool_context, rule_all
from api.cli import main
from api.documents.documents import adjudicate_data
from api.store.store import Store
from tests.servicekit import ROOT, example, hand_documents

CASES = sorted((ROOT / "tests" / "cases").glob("*.json"))


@pytest.fixture
def folder(tmp_path):
    """Scenario documents (findings ruled, unreported, dismissed), one .json each, in a nested
    folder; self-played hands in JSON Lines, with a blank and two bad lines; three bad files."""
    root = tmp_path / "records"
    (root / "cases" / "deeper").mkdir(parents=True)
    for k, case in enumerate(CASES):
        where = root / "cases" / ("deeper" if k % 2 else "")
        (where / case.name).write_text(json.dumps(json.loads(case.read_text())["document"]))
    lines = [json.dumps(d) for d in hand_documents(12)]
    lines[3:3] = ["", "{oops", json.dumps({"format": "mjref/1"})]
    (root / "hands.jsonl").write_text("\n".join(lines) + "\n")
    (root / "broken.json").write_text("[1, 2")
    (root / "bad-tile.json").write_text(json.dumps(_with_tile("0m")))
    (root / "impossible.json").write_text(json.dumps(_with_tile("5m")))
    (root / "notes.txt").write_text("not a document, and not read")
    return root


def _with_tile(tile):
    doc = example()
    doc["hand"]["events"][1]["tile"] = tile
    return doc


def documents_in(root):
    """(source, JSON value or None when it is not JSON), the way the audit finds them."""
    found = []
    for path in sorted(p for p in root.rglob("*") if p.suffix in (".json", ".jsonl")):
        if path.suffix == ".json":
            try:
                found.append((str(path), json.loads(path.read_text())))
            except ValueError:
                found.append((str(path), None))
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if line.strip():
                try:
                    found.append((f"{path}:{n}", json.loads(line)))
                except ValueError:
                    found.append((f"{path}:{n}", None))
    return found


def tally(root):
    """What the summary must say, from ruling each document on its own."""
    out = {"ruled": 0, "rejected": 0, "hands": 0, "results": Counter(), "clauses": Counter()}
    for _, value in documents_in(root):
        try:
            ruling = adjudicate_data(value) if value is not None else None
        except ValueError:
            ruling = None
        if ruling is None:
            out["rejected"] += 1
            continue
        out["ruled"] += 1
        for hand in ruling["hands"]:
            out["hands"] += 1
            out["results"][hand["result"]] += 1
            for finding in hand["rulings"]:
                out["clauses"][(finding["rule"], finding["status"])] += 1
    return out


def run(capsys, *argv):
    code = main(["audit", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_folder_is_audited_in_parallel_with_a_true_summary(capsys, tmp_path, folder):
    report, table = tmp_path / "report.json", tmp_path / "report.csv"
    code, out, err = run(capsys, str(folder), "--jobs", "2", "--json", str(report), "--csv", str(table))
    expected = tally(folder)
    summary = json.loads(report.read_text())["summary"]
    assert code == 2  # some documents were rejected
    assert summary["ruled"] == expected["ruled"] and summary["rejected"] == expected["rejected"]
    assert expected["rejected"] >= 5  # the three bad files and two bad lines at least
    assert summary["internal_errors"] == 0 and summary["documents"] == len(documents_in(folder))
    assert summary["hands"] == expected["hands"] and summary["results"] == dict(expected["results"])
    clauses = Counter({(rule, status): n for rule, counts in summary["irregularities"].items()
                       for status, n in counts.items() if n})
    assert clauses == expected["clauses"]
    assert {status for _, status in clauses} == {"ruled", "unreported", "dismissed"}  # all three seen
    assert f"{expected['ruled']:,} ruled" in out and "Irregularities by clause" in out
    for rule, status in clauses:
        assert rule in out
    assert err == ""  # stderr is no terminal here: no progress bar


def test_rejected_documents_are_grouped_by_first_error(capsys, tmp_path, folder):
    report = tmp_path / "report.json"
    run(capsys, str(folder), "--jobs", "1", "--json", str(report))
    groups = {g["first_error"]: g for g in json.loads(report.read_text())["summary"]["rejections"]}
    assert groups["invalid JSON: Expecting property name enclosed in double quotes"]["documents"] == 1
    assert groups["hand.events[*].tile: unknown tile '0m'"]["example"].endswith("bad-tile.json")
    assert groups["hand.events[*].tile: B does not hold 5m"]["documents"] == 1
    assert "variant: required, and missing" in groups


def test_the_reports_hold_every_document(capsys, tmp_path, folder):
    report, table = tmp_path / "report.json", tmp_path / "report.csv"
    run(capsys, str(folder), "--json", str(report), "--csv", str(table), "--jobs", "2")
    documents = json.loads(report.read_text())["documents"]
    rows = list(csv.DictReader(table.open(encoding="utf-8")))
    expected = documents_in(folder)
    assert [d["source"] for d in documents] == [r["source"] for r in rows] == [s for s, _ in expected]
    for entry, row, (_, value) in zip(documents, rows, expected):
        assert entry["status"] == row["status"]
        if entry["status"] == "ruled":
            assert entry["ruling"] == adjudicate_data(value)
            assert int(row["hands"]) == len(entry["ruling"]["hands"])
            assert json.loads(row["net"]) == entry["ruling"]["net"]
        else:
            assert entry["errors"] and row["first_error"]
    bad = next(r for r in rows if r["source"].endswith("impossible.json"))
    assert bad["first_error"] == "hand.events[1].tile: B does not hold 5m"


def test_store_records_each_ruled_document_once(capsys, tmp_path, folder):
    db, table = tmp_path / "audit.db", tmp_path / "report.csv"
    code, out, _ = run(capsys, str(folder), "--store", "--db", str(db), "--csv", str(table))
    ruled = tally(folder)["ruled"]
    store = Store(str(db))
    games = store.games(limit=200)
    assert len(games) == ruled and f"Stored: {ruled:,} new games, 0 already stored" in out
    rows = [r for r in csv.DictReader(table.open(encoding="utf-8")) if r["status"] == "ruled"]
    first = store.game(int(rows[0]["game"]))
    assert first["latest"]["ruling"]["net"] == json.loads(rows[0]["net"])
    assert first["latest"]["by"] == {"key": None, "role": "cli"}
    code, out, _ = run(capsys, str(folder), "--store", "--db", str(db))
    assert len(store.games(limit=200)) == ruled and f"Stored: 0 new games, {ruled:,} already" in out
    store.close()


def test_an_internal_error_is_reported_and_the_run_goes_on(capsys, tmp_path, monkeypatch):
    for k in range(3):
        (tmp_path / f"doc{k}.json").write_text(json.dumps(example(k)))

    def sometimes_broken(value):
        if value["ruleset"]["base"] == 101:
            raise KeyError("a defect")
        return adjudicate_data(value)

    monkeypatch.setattr("api.audit.audit_items.adjudicate_data", sometimes_broken)
    code, out, _ = run(capsys, str(tmp_path), "--jobs", "1")
    assert code == 1
    assert "3 documents, 2 ruled, 0 rejected, 1 internal errors" in out
    assert "internal error (KeyError)" in out and "doc1.json" in out


def test_a_missing_path_is_a_usage_error_before_anything_is_ruled(capsys, tmp_path):
    shutil.copy(ROOT / "examples" / "discard-win.json", tmp_path / "good.json")
    code, out, err = run(capsys, str(tmp_path / "good.json"), str(tmp_path / "gone.json"),
                         "--json", str(tmp_path / "r.json"))
    assert code == 2 and out == "" and err == f"error: {tmp_path / 'gone.json'}: no such file or folder\n"
    assert not (tmp_path / "r.json").exists()


def test_the_progress_bar_is_drawn_on_request(capsys, tmp_path):
    shutil.copy(ROOT / "examples" / "discard-win.json", tmp_path / "good.json")
    code, out, err = run(capsys, str(tmp_path), "--progress", "--jobs", "1")
    assert code == 0 and "[" + "#" * Progress.WIDTH + "] 1/1 100%" in err and err.endswith("\n")
    assert "docs/s" in err and "docs/s" not in out


def collector(item, keep_document=False):
    """In place of ``rule_one``: the collector's settings where the item is ruled."""
    return {"source": item[0], "thresholds": gc.get_threshold(), "frozen": gc.get_freeze_count()}


def test_workers_keep_what_they_inherit_out_of_the_collector(monkeypatch):
    monkeypatch.setattr("api.audit.audit.rule_one", collector)
    work = [(f"doc{k}", None, b"{}", None) for k in range(4)]
    here = gc.get_threshold()
    outcomes = list(rule_all(work, jobs=2, keep_document=False, total=len(work)))
    assert [o["source"] for o in outcomes] == ["doc0", "doc1", "doc2", "doc3"]
    assert all(o["thresholds"] == WORKER_GC and o["frozen"] > 10_000 for o in outcomes)
    # near misses: the audit's own process, and an audit in it (--jobs 1), keep their collector
    assert gc.get_threshold() == here != WORKER_GC
    alone = list(rule_all(work, jobs=1, keep_document=False, total=len(work)))
    assert all(o["thresholds"] == here and o["frozen"] == gc.get_freeze_count() for o in alone)


def test_workers_are_forked_on_linux_and_started_the_systems_way_elsewhere(monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    assert pool_context().get_start_method() == "fork"
    monkeypatch.setattr(sys, "platform", "darwin")  # near miss: macOS's default stays (spawn)
    assert pool_context() is multiprocessing.get_context()


def test_workers_get_smaller_and_smaller_runs_so_that_they_end_together():
    runs = list(batches(iter(range(3000)), 3000, jobs=2))
    assert [k for run in runs for k in run] == list(range(3000))  # every item once, in order
    sizes = [len(run) for run in runs]
    assert sizes[0] == BATCH and sizes == sorted(sizes, reverse=True) and sizes[-8:] == [1] * 8
    assert len(runs) < 3000 / BATCH * 1.5  # few runs to send all the same
    # near misses: a few items go one by one; more items than counted (a file that grew) all go
    assert [len(run) for run in batches(range(5), 5, jobs=2)] == [1] * 5
    assert sum(len(run) for run in batches(range(100), 40, jobs=2)) == 100


EXIT_PROBE = ("import atexit, gc, sys\nimport api.cli\n"
              "atexit.register(lambda: print('frozen at exit:', gc.get_freeze_count() > 0))\n"
              "getattr(api.cli, sys.argv[1])(sys.argv[2:])")


@pytest.mark.parametrize("entry, argv, status, frozen", [
    ("run", ["audit", "examples/discard-win.json"], 0, True),
    ("run", ["audit", "examples/gone.json"], 2, True),
    ("main", ["audit", "examples/discard-win.json"], 0, False),  # near miss: for a caller that goes on
], ids=["run", "run-usage-error", "main"])
def test_the_program_sets_everything_aside_from_the_collector_before_it_ends(entry, argv, status,
                                                                             frozen):
    done = subprocess.run([sys.executable, "-c", EXIT_PROBE, entry, *argv], capture_output=True,
                          text=True, cwd=ROOT)
    assert done.returncode == status and done.stdout.endswith(f"frozen at exit: {frozen}\n")


def test_the_referee_script_is_the_program():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"referee": "api.cli:run"}


@pytest.mark.parametrize("source, errors, key", [
    ("a.json", {"": ["a.json: invalid JSON at line 3 column 9: Expecting value"]},
     "invalid JSON: Expecting value"),
    ("x.jsonl:4", {"hands[2].events[14].tile": ["unknown tile '0m'"]},
     "hands[*].events[*].tile: unknown tile '0m'"),
    ("b.json", {"": ["b.json: no such file"]}, "no such file"),
])
def test_first_error_keys_group_alike_faults(source, errors, key):
    assert first_error_key(source, errors) == key
