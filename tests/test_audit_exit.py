"""``referee audit``'s exit status for a pipeline (issue 30): 0 when the run is not asked to fail
on what it found, 1 for findings (``--strict``, ``--fail-on CLAUSE``) or disagreements with the
recorded money (``--strict``, ``--fail-on disagreement``) and for an internal error, 2 for input
errors, which win over 1; the summary's last line and the JSON report say which and why. Near
misses: a prefix that is not a clause's (TW-CG-1 against TW-CG-10), a finding dismissed."""
from __future__ import annotations

import json
import re
import shutil

import pytest

from api.audit.audit_exit import ExitRule, fail_on_values, matches
from api.cli import main
from api.documents.documents import UsageError
from tests.servicekit import ROOT
from tests.test_tenhou_import import TENHOU, needs_data

PAO = TENHOU / "dnovikoff" / "pao.xml"  # a daisangen pao win: an RJ-PAY-8 finding, money agreeing


def run(capsys, *argv):
    code = main(["audit", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def last_line(out):
    return out.rstrip("\n").rsplit("\n", 1)[1]


def altered_pao(tmp_path):
    """pao.xml with the recorded money of its pao win moved 100 from P0 to P2, as altered.xml."""
    text = PAO.read_text(encoding="utf-8")
    sc = re.findall(r'<AGARI [^>]*sc="([^"]+)"', text)[-1]
    values = [int(v) for v in sc.split(",")]
    values[1] += 1
    values[5] -= 1
    path = tmp_path / "altered.xml"
    path.write_text(text.replace(f'sc="{sc}"', f'sc="{",".join(map(str, values))}"'), encoding="utf-8")
    return path


@needs_data
def test_a_disagreement_fails_the_run_only_when_asked(capsys, tmp_path):
    altered = altered_pao(tmp_path)
    code, out, _ = run(capsys, altered, "--jobs", "1")
    assert code == 0 and last_line(out) == ("Exit status 0: every document ruled (findings and "
                                            "disagreements fail the run only with --strict or --fail-on)")
    code, out, _ = run(capsys, altered, "--jobs", "1", "--fail-on", "disagreement")
    assert code == 1 and last_line(out) == \
        "Exit status 1: 1 hand(s) disagreeing with the recorded money (--fail-on disagreement)"
    code, out, _ = run(capsys, PAO, "--jobs", "1", "--fail-on", "disagreement")  # the near miss
    assert code == 0 and last_line(out) == \
        "Exit status 0: every document ruled, nothing that --fail-on disagreement fails on"
    report = tmp_path / "r.json"
    code, out, _ = run(capsys, altered, "--jobs", "1", "--strict", "--json", report)
    assert code == 1 and last_line(out) == ("Exit status 1: 1 finding(s) (--strict); 1 hand(s) "
                                            "disagreeing with the recorded money (--strict)")
    assert json.loads(report.read_text(encoding="utf-8"))["summary"]["exit"] == \
        {"status": 1, "reason": last_line(out)}


@needs_data
def test_fail_on_takes_a_clause_or_its_family(capsys):
    for option, code in ((["--fail-on", "RJ-PAY-8"], 1), (["--fail-on", "RJ-PAY"], 1),
                         (["--fail-on", "RJ"], 1), (["--fail-on", "RJ-PAY-"], 1),
                         (["--fail-on", "RJ-FLOW-11"], 0), (["--fail-on", "TW-ZH", "--fail-on", "RJ-PAY-8"], 1)):
        got, out, _ = run(capsys, PAO, "--jobs", "1", *option)
        assert got == code, option
        assert last_line(out).startswith(f"Exit status {code}: "), option


def test_a_prefix_matches_the_clause_and_its_parts_only():
    assert matches("TW-CG-1.2", "TW-CG-1") and matches("TW-CG-1", "TW-CG-1") and matches("TW-CG-1", "TW-CG")
    assert not matches("TW-CG-10", "TW-CG-1") and not matches("TW-CGX-1", "TW-CG")
    assert matches("RJ-FLOW-11", "RJ") and not matches("TW-ZH-1", "RJ")


def test_a_fail_on_that_is_no_clause_is_a_usage_error_with_a_hint(capsys):
    assert fail_on_values(["TW-CG-1.1", "disagreement", "RJ-FLOW-11"]) == ("TW-CG-1.1", "disagreement", "RJ-FLOW-11")
    with pytest.raises(UsageError, match=r"--fail-on TW-ZHH: not a clause .* did you mean 'TW-ZH'\?"):
        fail_on_values(["TW-ZHH"])
    with pytest.raises(UsageError, match="did you mean 'disagreement'"):
        fail_on_values(["disagreements"])
    code, out, err = run(capsys, ROOT / "examples", "--fail-on", "tw-zh")
    assert code == 2 and out == "" and err.startswith("error: --fail-on tw-zh: ") and "'TW-ZH'" in err


def test_findings_fail_with_strict_and_input_errors_win(capsys, tmp_path):
    shutil.copytree(ROOT / "examples", tmp_path / "ex", ignore=shutil.ignore_patterns("*.md"))
    code, out, _ = run(capsys, tmp_path / "ex", "--jobs", "1", "--strict")
    counts = re.search(r"  all +(\d+) +(\d+) +(\d+)", out).groups()
    failing = int(counts[0]) + int(counts[1])  # ruled and unreported; dismissed do not fail
    assert code == 1 and last_line(out) == f"Exit status 1: {failing} finding(s) (--strict)"
    (tmp_path / "ex" / "broken.json").write_text("[1, 2", encoding="utf-8")
    code, out, _ = run(capsys, tmp_path / "ex", "--jobs", "1", "--strict")
    assert code == 2 and last_line(out) == \
        f"Exit status 2: 1 document(s) rejected (input errors); {failing} finding(s) (--strict)"
    code, out, _ = run(capsys, tmp_path / "ex", "--jobs", "1")
    assert code == 2 and last_line(out) == "Exit status 2: 1 document(s) rejected (input errors)"


def test_the_rule_counts_what_was_asked():
    clauses = {"TW-ZH-1": {"ruled": 2, "unreported": 0, "dismissed": 0},
               "TW-GS-1": {"ruled": 0, "unreported": 0, "dismissed": 3}}
    assert ExitRule().status(clauses, 0, 0, 0)[0] == 0
    assert ExitRule(fail_on=("TW-GS",)).status(clauses, 0, 0, 0) == \
        (0, "Exit status 0: every document ruled, nothing that --fail-on TW-GS fails on")  # dismissed
    assert ExitRule(fail_on=("TW-ZH",)).status(clauses, 0, 0, 0)[0] == 1
    assert ExitRule().status(clauses, 0, 1, 0) == (1, "Exit status 1: 1 internal error(s), a defect of the referee")
    assert ExitRule().status({}, 0, 0, 0) == (0, "Exit status 0: every document ruled, no finding, no disagreement")
