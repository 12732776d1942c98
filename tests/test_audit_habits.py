"""``referee audit`` habits: its own reports and rulings skipped (by content), standard input and
.ndjson, a BOM, nothing to audit (exit 3), money per seat or per player in the CSV."""
import csv
import io
import json

from api.audit.audit import NOTHING, audit
from api.audit.audit_items import REPORT_FORMAT
from api.cli import main
from api.documents.documents import adjudicate_data
from tests.servicekit import example

BOM = b"\xef\xbb\xbf"


def run(capsys, *argv):
    code = main(["audit", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _write(path, value):
    path.write_text(json.dumps(value), encoding="utf-8")
    return path


def test_a_second_run_skips_the_first_runs_report(capsys, tmp_path):
    _write(tmp_path / "game.json", example())
    report = tmp_path / "report.json"
    assert run(capsys, str(tmp_path), "--json", str(report), "--jobs", "1")[0] == 0
    assert json.loads(report.read_text())["format"] == REPORT_FORMAT
    kept = tmp_path / "last-week.json"
    report.rename(kept)  # the report of another run, under any name
    code, out, _ = run(capsys, str(tmp_path), "--json", str(report), "--jobs", "1")
    assert code == 0 and "1 documents, 1 ruled, 0 rejected" in out
    assert "Skipped, the referee's own output: 1 audit report(s)" in out
    summary = json.loads(report.read_text())["summary"]
    assert summary["skipped"] == {REPORT_FORMAT: 1} and summary["documents"] == 1


def test_a_saved_ruling_is_skipped_and_an_unknown_format_is_rejected(capsys, tmp_path):
    _write(tmp_path / "game.json", example())
    _write(tmp_path / "game.ruling.json", adjudicate_data(example()))
    _write(tmp_path / "other.json", {**example(), "format": "mjref/2"})  # the near miss
    code, out, _ = run(capsys, str(tmp_path), "--jobs", "1")
    assert code == 2 and "2 documents, 1 ruled, 1 rejected" in out and "1 ruling(s)" in out


def test_only_output_files_is_nothing_to_audit(capsys, tmp_path):
    _write(tmp_path / "game.ruling.json", adjudicate_data(example()))
    code, out, err = run(capsys, str(tmp_path), "--jobs", "1")
    assert code == NOTHING and "nothing to audit" in err
    assert out.endswith("\nExit status 3: nothing to audit\n")  # the table's last line agrees


def test_an_empty_folder_says_so_and_exits_3(capsys, tmp_path):
    (tmp_path / "notes.txt").write_text("no documents here")
    code, out, err = run(capsys, str(tmp_path), "--json", str(tmp_path / "r.json"))
    assert code == NOTHING == 3 and out == ""
    assert err == (f"nothing to audit: no documents in {tmp_path} (looked for .json, .jsonl, "
                   ".ndjson files and the lines of JSON Lines, Tenhou records: .xml, .mjlog and "
                   ".txt holding an mjlog)\n")
    assert not (tmp_path / "r.json").exists()


def test_ndjson_standard_input_and_byte_order_marks(capsys, tmp_path):
    lines = [json.dumps(example(k)) for k in range(3)]
    (tmp_path / "a.ndjson").write_bytes(BOM + "\n".join(lines[:2]).encode())
    (tmp_path / "b.json").write_bytes(BOM + lines[2].encode())
    out, err = io.StringIO(), io.StringIO()
    stdin = io.BytesIO(BOM + "\n".join([json.dumps(example(7)), "", "{bad"]).encode())
    code = audit([str(tmp_path), "-"], jobs=1, progress=False, out=out, err=err, stdin=stdin,
                 json_path=str(tmp_path / "r.json"))
    documents = json.loads((tmp_path / "r.json").read_text())["documents"]
    assert [d["source"] for d in documents] == [f"{tmp_path / 'a.ndjson'}:1", f"{tmp_path / 'a.ndjson'}:2",
                                                str(tmp_path / "b.json"), "<stdin>:1", "<stdin>:3"]
    assert [d["status"] for d in documents] == ["ruled"] * 4 + ["rejected"] and code == 2


def test_standard_input_once_only(capsys):
    code, _, err = run(capsys, "-", "-")
    assert code == 2 and "only once" in err


def _rows(path):
    return list(csv.DictReader(path.open(encoding="utf-8")))


def test_the_csv_has_a_column_per_player_when_all_share_them(capsys, tmp_path):
    _write(tmp_path / "a.json", example())
    _write(tmp_path / "b.json", example(1))
    run(capsys, str(tmp_path), "--csv", str(tmp_path / "r.csv"), "--jobs", "1")
    rows = _rows(tmp_path / "r.csv")
    assert [k for k in rows[0] if k.startswith("net_")] == ["net_A", "net_B", "net_C", "net_D"]
    assert [(r["net_B"], r["net_C"], r["players"]) for r in rows] == [
        ("-220", "220", "A B C D"), ("-221", "221", "A B C D")]
    assert json.loads(rows[0]["net"]) == {"A": 0, "B": -220, "C": 220, "D": 0}


def test_the_csv_has_a_column_per_seat_when_players_differ(capsys, tmp_path):
    other = example(1)
    other["players"] = ["P", "Q", "R", "S"]
    text = json.dumps(other)
    for old, new in (('"A"', '"P"'), ('"B"', '"Q"'), ('"C"', '"R"'), ('"D"', '"S"')):
        text = text.replace(old, new)
    _write(tmp_path / "a.json", example())
    (tmp_path / "b.json").write_text(text)
    (tmp_path / "c.json").write_text("{broken")
    run(capsys, str(tmp_path), "--csv", str(tmp_path / "r.csv"), "--jobs", "1")
    rows = _rows(tmp_path / "r.csv")
    assert [k for k in rows[0] if k.startswith("net_")] == [f"net_seat{k}" for k in range(1, 5)]
    assert [(r["players"], r["net_seat2"], r["net_seat3"]) for r in rows[:2]] == [
        ("A B C D", "-220", "220"), ("P Q R S", "-221", "221")]
    assert rows[2]["status"] == "rejected" and rows[2]["net_seat1"] == ""
