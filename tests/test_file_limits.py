"""A document the command line reads is bounded as an HTTP body is (``MAX_BODY``, api/limits.py):
``referee adjudicate`` refuses a larger file or standard input with exit 2 naming the file and the
limit; ``referee audit`` lists a larger file, or JSON Lines line, as rejected and goes on. A
document of exactly ``MAX_BODY`` bytes is read (the near miss)."""
from __future__ import annotations

import io
import json

from api.cli import main
from api.documents.documents import bounded_lines, read_json
from api.limits import MAX_BODY
from tests.servicekit import example


def _padded(size: int) -> bytes:
    """A valid document of exactly ``size`` bytes (blanks after its JSON)."""
    text = json.dumps(example(0)).encode()
    assert len(text) < size
    return text + b" " * (size - len(text))


def test_adjudicate_refuses_a_file_past_the_limit(tmp_path, capsys):
    big, edge = tmp_path / "big.json", tmp_path / "edge.json"
    big.write_bytes(_padded(MAX_BODY + 1))
    edge.write_bytes(_padded(MAX_BODY))
    assert main(["adjudicate", str(big)]) == 2
    err = capsys.readouterr().err
    assert f"big.json: larger than {MAX_BODY:,} bytes (MAX_BODY" in err
    assert main(["adjudicate", str(edge)]) == 0  # exactly the limit: read and ruled
    assert json.loads(capsys.readouterr().out)["format"] == "mjref-ruling/1"


def test_standard_input_is_bounded_alike(monkeypatch, capsys):
    class Stdin:
        buffer = io.BytesIO(_padded(MAX_BODY + 1))

    monkeypatch.setattr("sys.stdin", Stdin)
    assert main(["adjudicate", "-"]) == 2
    assert "<stdin>: larger than" in capsys.readouterr().err


def test_the_read_stops_one_byte_past_the_limit(tmp_path, monkeypatch):
    """A file far past the limit is not read whole: one read of MAX_BODY + 1 bytes."""
    sizes = []
    real_open = open

    class Counting(io.BufferedReader):
        def read(self, size=-1):
            sizes.append(size)
            return super().read(size)

    huge = tmp_path / "huge.json"
    huge.write_bytes(_padded(3 * MAX_BODY))
    monkeypatch.setattr("builtins.open", lambda *a, **k: Counting(io.FileIO(a[0], "rb"))
                        if a[0] == str(huge) else real_open(*a, **k))
    try:
        read_json(str(huge))
    except Exception as err:  # InputError
        assert "larger than" in str(err)
    assert sizes == [MAX_BODY + 1]


def test_audit_lists_a_large_file_and_a_large_line_as_rejected_and_goes_on(tmp_path, capsys):
    (tmp_path / "a-big.json").write_bytes(_padded(MAX_BODY + 1))
    (tmp_path / "b-fine.json").write_text(json.dumps(example(1)))
    (tmp_path / "c-lines.jsonl").write_bytes(json.dumps(example(2)).encode() + b"\n"
                                             + _padded(MAX_BODY + 1) + b"\n" + _padded(MAX_BODY) + b"\n")
    report = tmp_path / "report.json"
    code = main(["audit", str(tmp_path), "--jobs", "1", "--json", str(report)])
    capsys.readouterr()
    assert code == 2  # some were rejected
    docs = {d["source"].rsplit("/", 1)[-1]: d for d in json.loads(report.read_text())["documents"]}
    assert docs["a-big.json"]["status"] == "rejected"
    assert docs["a-big.json"]["errors"][""][0].endswith(f"a-big.json: larger than {MAX_BODY:,} bytes (MAX_BODY, "
                                                        "the limit of one document, as of an HTTP body): not read")
    assert docs["c-lines.jsonl:2"]["status"] == "rejected" and "MAX_BODY" in docs["c-lines.jsonl:2"]["errors"][""][0]
    assert [docs[s]["status"] for s in ("b-fine.json", "c-lines.jsonl:1", "c-lines.jsonl:3")] == ["ruled"] * 3


def test_bounded_lines_cut_a_long_line_and_keep_counting():
    fh = io.BytesIO(b"ab\n" + b"x" * 50 + b"\ncd\n")
    assert list(bounded_lines(fh, 10)) == [b"ab\n", b"x" * 11, b"cd\n"]
