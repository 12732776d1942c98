"""Hostile documents probed across the variants (the brief "hostile documents and records"): each
fault found by mutating the valid example documents is refused as an ``InputError`` naming its
place: by ``load_document``, by ``referee adjudicate`` (exit status 2, ``error: path: reason`` on
stderr, no traceback) and by the HTTP API (a 4xx in the one error envelope, never a 500)."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from api.cli import main
from api.documents.documents import adjudicate_data
from api.documents.loader import load_document
from referee.errors import InputError
from tests.servicekit import make_app, role_headers, store_of

ROOT = Path(__file__).resolve().parent.parent


def _example(name: str) -> dict:
    return json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))


PATH = "hand.events[0].melds.C[0].tiles"


def _hk_meld_tiles(tiles: object) -> dict:
    """hk-twelve-down.json with C's first meld's ``tiles`` replaced by ``tiles``."""
    doc = _example("hk-twelve-down.json")
    state = doc["hand"]["events"][0]
    state["melds"]["C"][0]["tiles"] = tiles
    return doc


def _refused(doc: dict) -> dict[str, list[str]]:
    with pytest.raises(InputError) as err:
        adjudicate_data(doc)
    return err.value.errors


@pytest.fixture(scope="module")
def http(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("probe") / "api.db")
    yield app.test_client(), role_headers(store_of(app))
    store_of(app).close()


# --- HK §10.2 (REFUSED_ALIASES): a tile that is a list, not a code, under hk --------------------------

@pytest.mark.parametrize("tile", [[], [1], {"a": 1}], ids=["list", "list1", "object"])
def test_hk_meld_tile_that_is_a_list_is_an_input_error_at_its_path(tile):
    """Was ``TypeError: unhashable type`` (the hk refused-alias lookup hashed the value before it
    knew it was a string): now the place and the reason."""
    errors = _refused(_hk_meld_tiles([tile, "2m", "3m"]))
    assert errors == {PATH: [f"tile [0]: a tile must be a string, not {type(tile).__name__}"]}, errors


def test_hk_meld_tile_that_is_a_list_exits_2_on_the_command_line(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_hk_meld_tiles([[], "2m", "3m"])), encoding="utf-8")
    assert main(["adjudicate", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"error: {PATH}: tile [0]: " in err and "Traceback" not in err


def test_hk_meld_tile_that_is_a_list_is_a_4xx_over_http(http):
    client, keys = http
    answer = client.post("/v1/rulings", json=_hk_meld_tiles([[], "2m", "3m"]), headers=keys["referee"])
    assert 400 <= answer.status_code < 500, answer.get_json()
    body = answer.get_json()
    assert PATH in body["errors"], body


def test_near_miss_hk_meld_tiles_as_codes_are_read_and_the_refused_alias_still_refused():
    assert load_document(_hk_meld_tiles(["1m", "2m", "3m"]))  # the same tiles as "123m"
    errors = _refused(_hk_meld_tiles(["竹", "2m", "3m"]))  # 竹 is 4f under hk, 3f under tw16: ambiguous
    assert any("ambiguous in variant hk" in r for r in errors[PATH]), errors


# --- a command starts a bounded number of processes (MAX_PROCESSES) ------------------------------

@pytest.mark.parametrize("argv", [
    ["audit", str(ROOT / "examples/discard-win.json"), "--jobs", "99999999999"],
    ["audit", str(ROOT / "examples/discard-win.json"), "--jobs", "257"],
    ["audit", str(ROOT / "examples/discard-win.json"), "--dask", "local", "--workers", "257"],
    ["serve", "--workers", "257"],
    ["serve", "--threads", "100000"],
], ids=["jobs-huge", "jobs-257", "dask-workers", "serve-workers", "serve-threads"])
def test_a_process_count_past_the_limit_is_a_usage_error_before_anything_starts(argv, capsys, monkeypatch):
    """Was ``referee audit --jobs 99999999999``: a pool of that many forked processes (thousands
    forked before the machine ran out of memory, exit 137). Now exit status 2 naming the option."""
    import multiprocessing

    def no_pool(*args, **kwargs):
        raise AssertionError("a pool was started")

    monkeypatch.setattr(multiprocessing.context.ForkContext, "Pool", no_pool)
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "must be at most 256, not" in err and "Traceback" not in err, err


def test_an_audit_starts_no_more_workers_than_documents(monkeypatch, capsys):
    """``--jobs 256`` over 2 documents: 2 workers, the limit's own edge (near miss: accepted)."""
    from api.audit import audit as audit_module

    started = []
    real = audit_module.rule_all

    def spy(work, jobs, keep, total):
        started.append(jobs)
        return real(work, 1, keep, total)  # ruled here: the count asked for is what is checked

    monkeypatch.setattr(audit_module, "rule_all", spy)
    code = main(["audit", str(ROOT / "examples/discard-win.json"), str(ROOT / "examples/false-win.json"), "--jobs", "256",
                 "--no-progress"])
    assert code == 0 and started == [2], (code, started)
    assert "2 documents, 2 ruled" in capsys.readouterr().out


# --- an audit names every document it cannot read ------------------------------------------------

def test_an_audit_lists_a_dangling_or_looping_link_as_rejected_and_rules_the_rest(tmp_path, capsys):
    """Was: a ``.json`` link to nothing in a folder was left out unsaid (``is_file`` is false for
    it), so the report said "1 documents, 1 ruled", exit 0. Now each is rejected by name, exit 2."""
    (tmp_path / "good.json").write_text((ROOT / "examples" / "discard-win.json").read_text(encoding="utf-8"))
    (tmp_path / "dangling.json").symlink_to(tmp_path / "gone.json")
    (tmp_path / "loop.json").symlink_to(tmp_path / "loop.json")
    report = tmp_path / "report.out"
    code = main(["audit", str(tmp_path), "--jobs", "1", "--no-progress", "--json", str(report)])
    out = capsys.readouterr().out
    assert code == 2 and "3 documents, 1 ruled, 2 rejected, 0 internal errors" in out, out
    outcomes = {Path(d["source"]).name: d for d in json.loads(report.read_text(encoding="utf-8"))["documents"]}
    assert outcomes["good.json"]["status"] == "ruled"
    assert outcomes["dangling.json"]["errors"] == {"": [f"{tmp_path / 'dangling.json'}: no such file"]}
    assert outcomes["loop.json"]["status"] == "rejected" and "cannot read" in outcomes["loop.json"]["errors"][""][0]


def test_near_miss_a_fifo_a_folder_and_a_link_to_a_document_are_not_rejected(tmp_path, capsys):
    """A FIFO named .json is no document (reading it would wait for ever) and a folder named .json
    is searched; a link to a document is read like the document."""
    import os

    (tmp_path / "good.json").write_text((ROOT / "examples" / "discard-win.json").read_text(encoding="utf-8"))
    (tmp_path / "link.json").symlink_to(tmp_path / "good.json")
    os.mkfifo(tmp_path / "fifo.json")
    (tmp_path / "folder.json").mkdir()
    code = main(["audit", str(tmp_path), "--jobs", "1", "--no-progress", "--keep-duplicates"])
    out = capsys.readouterr().out
    assert code == 0 and "2 documents, 2 ruled, 0 rejected" in out, out


# --- a report that cannot be written is named -----------------------------------------------------

FULL = "/dev/full"  # every write fails: No space left on device


@pytest.mark.skipif(not Path(FULL).exists(), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [
    ["audit", "{ex}", "--jobs", "1", "--no-progress", "--json", FULL],
    ["audit", "{ex}", "--jobs", "1", "--no-progress", "--csv", FULL],
    ["audit", "{ex}", "--jobs", "1", "--no-progress", "--html", FULL],
    ["cut", "{hk}", "--at", "3", "-o", FULL],
], ids=["json", "csv", "html", "cut"])
def test_a_full_disk_is_exit_2_naming_the_file(argv, capsys):
    """Was "error: [Errno 28] No space left on device", naming no file: a write (not an open) that
    fails raises an OSError without one. Now the file is named, exit status 2."""
    argv = [a.format(ex=ROOT / "examples" / "discard-win.json", hk=ROOT / "examples" / "hk-dragons-bao.json")
            for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"No space left on device: '{FULL}'" in err and "Traceback" not in err, err


def test_near_miss_a_report_written_is_whole_json(tmp_path, capsys):
    report = tmp_path / "r.json"
    assert main(["audit", str(ROOT / "examples" / "discard-win.json"), "--jobs", "1", "--no-progress",
                 "--json", str(report)]) == 0
    assert json.loads(report.read_text(encoding="utf-8"))["documents"][0]["status"] == "ruled"
