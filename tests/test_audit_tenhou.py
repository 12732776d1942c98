"""``referee audit`` on Tenhou records (issue 12, RULEBOOK_RIICHI §11–12): mjlog XML (gzip, plain,
in a .txt), tenhou.net/6 JSON (one document, JSON Lines in a .json or .jsonl, standard input)
told apart by content or by ``--from``; each finished hand's ruling compared with the recorded
money (per seat: net + the seat's own riichi stick == the recorded delta) and each next hand with
the previous ruling (RJ-FLOW-11); disagreements in the table and in the JSON and CSV reports with
the file, the hand's label and the per-seat difference; a three-player record skipped with its
reason, a broken one rejected with its place; the library called once per win declaration.
The records are read from ../shared/data in place; only altered copies are written (to tmp_path)."""
from __future__ import annotations

import csv
import gzip
import io
import json
import re
import shutil
import subprocess
import sys

import pytest

from api.audit.audit import audit, first_error_key
from api.audit.audit_items import compare
from api.cli import main
from api.documents.documents import adjudicate_data
from api.store.store import Store
from api.records.tenhou import import_tenhou, is_record
from tests.servicekit import ROOT, hand_documents
from tests.test_tenhou_import import MORE, TENHOU, needs_data

pytestmark = needs_data

GZIP_MJLOG = TENHOU / "mjx-mjlog" / "double-ron.mjlog"             # a double ron
PLAIN_MJLOG = TENHOU / "dnovikoff" / "pao.xml"                      # pao (a daisangen self-draw)
TXT_MJLOG = TENHOU / "tenhou-python-bot" / "32.txt"                  # an mjlog in a .txt
LINES_JSON = TENHOU / "mjx-json" / "2020052700gm-00a9-0000-75a4695c.json"  # one hand a line
ONE_JSON = MORE / "mjlog2json" / "2019103023gm-00a9-0000-f90e0fe9.json"    # double ron and pao
SANMA = TENHOU / "dnovikoff" / "sanma2.xml"
ENDED = TENHOU / "dnovikoff" / "bug1.xml"  # a hand played after the game ended by RJ-END (2009)
RECORDS = (GZIP_MJLOG, PLAIN_MJLOG, TXT_MJLOG, LINES_JSON, ONE_JSON)


def run(capsys, *argv):
    code = main(["audit", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def expected(path):
    """What the audit must find in one record, from importing and ruling it here."""
    document, recorded = import_tenhou(path)
    return compare(adjudicate_data(document), recorded)


def test_every_format_is_told_by_content_and_every_hand_agrees(capsys, tmp_path):
    report, table = tmp_path / "r.json", tmp_path / "r.csv"
    code, out, err = run(capsys, *RECORDS, SANMA, "--jobs", "2", "--json", report, "--csv", table)
    found = [expected(p) for p in RECORDS]
    compared = sum(f["compared"] for f in found)
    assert code == 0 and err == ""
    assert compared == sum(f["agreeing"] for f in found) == 36
    assert f"Tenhou records: {compared} of {compared} finished hands agree with the recorded money" in out
    assert f"Audit: {len(RECORDS)} documents, {len(RECORDS)} ruled, 0 rejected" in out
    assert ("Skipped: 1 Tenhou record(s): a three-player game (GO type bit 0x10): variant riichi is "
            f"four-player\n  e.g. {SANMA}\n") in out
    documents = json.loads(report.read_text(encoding="utf-8"))["documents"]
    assert [d["source"] for d in documents] == [str(p) for p in (*RECORDS, SANMA)]
    assert [d["recorded"] for d in documents[:-1]] == found
    assert documents[-1] == {"source": str(SANMA), "status": "skipped", "record": "tenhou",
                             "reason": "a three-player game (GO type bit 0x10): variant riichi is four-player"}
    rows = list(csv.DictReader(table.open(encoding="utf-8")))
    assert [int(r["agreeing"]) for r in rows[:-1]] == [f["compared"] for f in found]
    assert rows[-1]["status"] == "skipped" and rows[-1]["first_error"].startswith("a three-player game")


def test_a_hand_settled_otherwise_than_recorded_is_listed_with_its_difference(capsys, tmp_path):
    text = PLAIN_MJLOG.read_text(encoding="utf-8")
    sc = re.findall(r'<AGARI [^>]*sc="([^"]+)"', text)[-1]  # the pao win, East 2, 1 honba
    values = [int(v) for v in sc.split(",")]
    values[1] += 1  # the recorded delta of seat 0 up by 100, of seat 1 down by 100
    values[3] -= 1
    altered = tmp_path / "altered.xml"
    altered.write_text(text.replace(f'sc="{sc}"', f'sc="{",".join(map(str, values))}"'), encoding="utf-8")
    report, table = tmp_path / "r.json", tmp_path / "r.csv"
    code, out, _ = run(capsys, altered, PLAIN_MJLOG, "--jobs", "1", "--json", report, "--csv", table)
    assert code == 0  # a disagreement is reported, not a failure of the run
    hands = len(import_tenhou(PLAIN_MJLOG)[1]["hands"])
    assert f"Tenhou records: {2 * hands - 1} of {2 * hands} finished hands agree" in out
    assert (f"Disagreements (ruled - recorded, per seat)\n  {altered}: East 2, 1 honba: "
            "P0 -100, P1 +100, P2 0, P3 0\n") in out
    summary = json.loads(report.read_text(encoding="utf-8"))["summary"]["tenhou"]
    assert summary["disagreements"] == [{"source": str(altered), "hand": 3, "label": "East 2, 1 honba",
                                         "difference": {"P0": -100, "P1": 100, "P2": 0, "P3": 0}}]
    rows = {r["source"]: r for r in csv.DictReader(table.open(encoding="utf-8"))}
    assert rows[str(altered)]["disagreements"] == "East 2, 1 honba: P0 -100, P1 +100, P2 0, P3 0"
    assert rows[str(PLAIN_MJLOG)]["disagreements"] == ""  # the near miss: the real record agrees
    assert rows[str(PLAIN_MJLOG)]["agreeing"] == rows[str(PLAIN_MJLOG)]["compared"] == str(hands)


def test_a_next_hand_that_contradicts_the_ruling_is_listed(capsys):
    code, out, _ = run(capsys, ENDED, PLAIN_MJLOG, "--jobs", "1")
    transitions = sum(len(import_tenhou(p)[1]["hands"]) - 1 for p in (ENDED, PLAIN_MJLOG))
    assert code == 0
    assert f"and {transitions - 1} of {transitions} next hands start as the previous ruling says" in out
    assert f"Next hands that contradict the ruling (RJ-FLOW-11)\n  {ENDED}: South 4, 2 honba\n" in out
    assert str(PLAIN_MJLOG) + ":" not in out  # the near miss: no contradiction listed for it


def test_a_broken_record_is_rejected_with_its_place(capsys, tmp_path):
    text = PLAIN_MJLOG.read_text(encoding="utf-8")
    first_draw = re.search(r"<T(\d+)/>", text)
    (tmp_path / "bad-tile.xml").write_text(text.replace(first_draw.group(0), "<T200/>", 1), encoding="utf-8")
    (tmp_path / "cut.mjlog").write_bytes(gzip.compress(text[:len(text) // 2].encode()))
    report = tmp_path / "r.json"
    code, out, _ = run(capsys, tmp_path, "--jobs", "1", "--json", report)
    assert code == 2 and "2 documents, 0 ruled, 2 rejected" in out
    errors = {d["source"].rsplit("/", 1)[1]: d["errors"][""][0]
              for d in json.loads(report.read_text(encoding="utf-8"))["documents"]}
    assert re.fullmatch(r"hand 0, tag \d+ <T200>: tile id 200 out of 0-135", errors["bad-tile.xml"])
    assert errors["cut.mjlog"].startswith("not well-formed XML at line 1 column ")
    assert "hand *, tag * <T200>: tile id 200 out of 0-135" in out  # grouped without its numbers


def test_first_error_keys_take_out_a_records_hand_and_tag():
    errors = {"": ["hand 3, tag 45 <N>: chi of tile id 12 from seat 2, which is not the last discard"]}
    assert first_error_key("a.xml", errors, record=True) == \
        "hand *, tag * <N>: chi of tile id 12 from seat *, which is not the last discard"
    assert first_error_key("a.json", errors) == errors[""][0]  # a document's reason: as it is


def test_a_folder_takes_mjlogs_in_txt_files_and_leaves_other_text(capsys, tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    shutil.copy(TXT_MJLOG, folder / "game.txt")
    shutil.copy(GZIP_MJLOG, folder / "game.mjlog")
    (folder / "README.txt").write_text("where these logs come from")
    report = tmp_path / "r.json"
    code, out, _ = run(capsys, folder, "--jobs", "1", "--json", report)
    sources = [d["source"] for d in json.loads(report.read_text(encoding="utf-8"))["documents"]]
    assert code == 0 and sorted(sources) == [str(folder / "game.mjlog"), str(folder / "game.txt")]
    code, _, err = run(capsys, folder, "--from", "mjref")  # the near miss: documents only
    assert code == 3
    assert err.endswith("(looked for .json, .jsonl, .ndjson files and the lines of JSON Lines)\n")


def test_json_lines_of_one_game_are_one_record_from_a_file_or_standard_input(tmp_path):
    lines = tmp_path / "game.jsonl"
    shutil.copy(LINES_JSON, lines)
    hands = expected(LINES_JSON)["compared"]
    for paths, stdin in (([str(lines)], None), (["-"], io.BytesIO(LINES_JSON.read_bytes()))):
        out, report = io.StringIO(), tmp_path / "r.json"
        assert audit(paths, jobs=1, progress=False, out=out, err=io.StringIO(), stdin=stdin,
                     json_path=str(report)) == 0
        documents = json.loads(report.read_text(encoding="utf-8"))["documents"]
        assert len(documents) == 1 and documents[0]["recorded"]["agreeing"] == hands, paths
        assert f"{hands} of {hands} finished hands agree" in out.getvalue()


def test_from_says_what_every_file_holds(capsys, tmp_path):
    document = tmp_path / "doc.json"
    document.write_text(json.dumps(import_tenhou(PLAIN_MJLOG)[0]), encoding="utf-8")
    report = tmp_path / "r.json"
    # by content: an mjref/1 document is ruled as before, the mjlog as a record
    assert run(capsys, document, PLAIN_MJLOG, "--jobs", "1", "--json", report)[0] == 0
    entries = json.loads(report.read_text(encoding="utf-8"))["documents"]
    assert "record" not in entries[0] and entries[1]["record"] == "tenhou"
    assert entries[0]["ruling"] == entries[1]["ruling"]
    # --from tenhou: the document is no Tenhou record; --from mjref: the mjlog is no JSON
    code, out, _ = run(capsys, document, "--from", "tenhou", "--jobs", "1")
    assert code == 2 and "not a tenhou.net/6 record: no 'log' list" in out
    code, out, _ = run(capsys, PLAIN_MJLOG, "--from", "mjref", "--jobs", "1")
    assert code == 2 and "invalid JSON: Expecting value" in out


def test_is_record_reads_content_not_names():
    assert is_record(GZIP_MJLOG.read_bytes()) and is_record(TXT_MJLOG.read_bytes()[:64])
    assert is_record(LINES_JSON.read_bytes()) and is_record(ONE_JSON.read_bytes())
    assert not is_record(b'{"format": "mjref/1", "log": []}')  # the near miss: a document
    assert not is_record(b"where these logs come from") and not is_record(b"{oops")


def test_store_keeps_the_imported_game(capsys, tmp_path):
    db = tmp_path / "a.db"
    code, out, _ = run(capsys, PLAIN_MJLOG, "--store", "--db", db, "--jobs", "1")
    assert code == 0 and "Stored: 1 new games" in out
    store = Store(str(db))
    game = store.game(store.games(limit=5)[0]["id"])
    assert game["document"] == import_tenhou(PLAIN_MJLOG)[0] and game["variant"] == "riichi"
    store.close()


@pytest.mark.parametrize("path", [GZIP_MJLOG, ONE_JSON, PLAIN_MJLOG])
def test_the_library_is_called_once_per_win_declaration(monkeypatch, path):
    import rulesbook.riichi.valuation as valuation
    import rulesbook.riichi.wins as wins

    calls = {"valuate": 0, "library": 0}
    real_valuate, real_library = wins.valuate, valuation.HandCalculator.estimate_hand_value

    def counted_valuate(*args, **kwargs):
        calls["valuate"] += 1
        return real_valuate(*args, **kwargs)

    def counted_library(*args, **kwargs):
        calls["library"] += 1
        return real_library(*args, **kwargs)

    monkeypatch.setattr(wins, "valuate", counted_valuate)
    monkeypatch.setattr(valuation.HandCalculator, "estimate_hand_value", staticmethod(counted_library))
    document, recorded = import_tenhou(path)
    declarations = sum(1 for hand in document["hands"] for e in hand["events"] if e["type"] == "win")
    results = sum(1 for hand in recorded["hands"] for r in hand["results"] if r["result"] == "win")
    adjudicate_data(document)
    assert calls == {"valuate": declarations, "library": declarations} and declarations == results


READERS = ("api.records.tenhou6", "api.records.tenhou_mjlog", "xml.etree.ElementTree")
NEVER = ("api.text.text", "flask", "sqlite_utils", "api.store.store")  # audit without --store never needs them
PROBE = ("import sys\nfrom api.cli import main\nmain(['audit', sys.argv[1], '--jobs', '1'])\n"
         "print(' '.join(sorted(sys.modules)), file=sys.stderr)")


def _loaded_by_an_audit_of(path) -> set[str]:
    """The modules a fresh ``referee audit PATH`` process has loaded when it is done."""
    done = subprocess.run([sys.executable, "-c", PROBE, str(path)], capture_output=True, text=True,
                          cwd=ROOT)
    return set(done.stderr.split())


def test_an_audit_loads_the_tenhou_readers_only_when_it_meets_a_record(tmp_path):
    lines = tmp_path / "hands.jsonl"
    lines.write_text(json.dumps(hand_documents(1)[0]) + "\n")
    without = _loaded_by_an_audit_of(lines)
    assert "api.audit.audit" in without and not without & {*READERS, *NEVER}
    with_record = _loaded_by_an_audit_of(PLAIN_MJLOG)  # near miss: a record is read by them
    assert set(READERS) <= with_record and not with_record & set(NEVER)


def test_an_audit_of_valid_tw16_documents_loads_neither_the_schemas_nor_riichi(tmp_path):
    """The fast loader takes valid documents without marshmallow, and reads riichi's options only
    for a riichi document: an audit of valid tw16 hands loads neither (a lighter start)."""
    heavy = {"marshmallow", "api.documents.schemas.tw16", "api.documents.schemas.riichi", "rulesbook.riichi"}
    lines = tmp_path / "hands.jsonl"
    lines.write_text(json.dumps(hand_documents(1)[0]) + "\n")
    assert not _loaded_by_an_audit_of(lines) & heavy
    # near misses: a document the fast loader does not take is explained by the schema; a riichi
    # document is ruled by riichi's rulebook
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({**hand_documents(1)[0], "colour": "red"}) + "\n")
    assert {"marshmallow", "api.documents.schemas.tw16"} <= _loaded_by_an_audit_of(bad)
    riichi = tmp_path / "riichi.json"
    riichi.write_text(json.dumps(import_tenhou(PLAIN_MJLOG)[0]))
    assert "rulesbook.riichi" in _loaded_by_an_audit_of(riichi)
