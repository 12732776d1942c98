"""The ``referee`` command line: rulings printed, bad documents rejected with exit 2, no traceback;
and the README's quick-start output kept true."""
import json
import re
from pathlib import Path

import pytest

from api.cli import main
from tests.shared_skips import needs_shared, shared

ROOT = Path(__file__).resolve().parent.parent
SHARED_EXAMPLES = shared("examples")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_adjudicate_prints_the_ruling_json(capsys):
    code, out, err = run(capsys, "adjudicate", str(ROOT / "examples" / "discard-win.json"))
    assert code == 0 and err == ""
    ruling = json.loads(out)
    assert ruling["format"] == "mjref-ruling/1" and ruling["rulebook"] == "tw16-2026.12"
    assert ruling["net"] == {"A": 0, "B": -220, "C": 220, "D": 0}


def test_readme_quick_start_output_is_true(capsys):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.search(r"it prints:\n\n```text\n(.*?)```", readme, re.S).group(1)
    code, out, _ = run(capsys, "adjudicate", "examples/discard-win.json", "--format", "text")
    assert code == 0
    assert out == shown


@needs_shared("examples")
def test_shared_discard_win_example(capsys):
    code, out, _ = run(capsys, "adjudicate", str(SHARED_EXAMPLES / "tw16-discard-win.json"))
    hand = json.loads(out)["hands"][0]
    assert code == 0
    assert hand["winners"][0]["tai"] == 10
    assert hand["net"] == {"A": 0, "B": -300, "C": 0, "D": 300}
    assert hand["next"]["dealer"] == "B" and hand["next"]["streak"] == 0


@pytest.mark.parametrize("content, fragment", [
    pytest.param("{not json", "invalid JSON at line 1", id="not-json"),
    pytest.param('{"format": "mjref/1"}', "variant", id="missing-fields"),
    pytest.param(json.dumps({"format": "mjref/1", "variant": "tw16", "players": ["A", "B", "C", "D"],
                             "hand": {"dealer": "A", "events": [{"type": "draw", "player": "A", "tile": "0m"}]}}),
                 "hand.events[0].tile", id="bad-tile"),
])
def test_bad_documents_exit_2_with_the_place(capsys, tmp_path, content, fragment):
    path = tmp_path / "doc.json"
    path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "adjudicate", str(path))
    assert code == 2 and out == ""
    assert fragment in err and "Traceback" not in err


def test_missing_file_exits_2(capsys, tmp_path):
    code, _, err = run(capsys, "adjudicate", str(tmp_path / "nope.json"))
    assert code == 2 and "no such file" in err


def test_impossible_movement_exits_2_with_event_index(capsys, tmp_path):
    doc = json.loads((ROOT / "examples" / "discard-win.json").read_text(encoding="utf-8"))
    doc["hand"]["events"][1]["tile"] = "5m"  # B does not hold 5m
    path = tmp_path / "doc.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = run(capsys, "adjudicate", str(path))
    assert code == 2
    assert "hand.events[1].tile: B does not hold 5m" in err
