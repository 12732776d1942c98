"""A fresh clone has no ../shared: the tests that read it skip with one reason, and the run ends
with one line that counts them and says how to run them (tests/shared_skips.py,
tests/conftest.py). Run here in a subprocess with ``REFEREE_SHARED`` naming a folder that does
not exist; the near misses: another skip is not counted, and with the folder there is no line."""
from __future__ import annotations

import os
import subprocess
import sys

from tests.servicekit import ROOT
from tests.shared_skips import SHARED

PROBE = '''
import pytest
from tests.shared_skips import needs_shared, skip_without_shared

@needs_shared("examples")
def test_marked():
    pass

def test_skipped_inside():
    skip_without_shared("spec", "data")

def test_skipped_for_another_reason():
    pytest.skip("not today")

def test_runs():
    pass
'''


def pytest_run(tmp_path, shared, *args):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("REFEREE_", "PYTEST_"))}
    env["REFEREE_SHARED"] = str(shared)
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout


def test_the_skips_for_shared_are_counted_in_one_line(tmp_path):
    probe = tmp_path / "test_probe.py"
    probe.write_text(PROBE, encoding="utf-8")
    gone = tmp_path / "no-shared"
    code, out = pytest_run(tmp_path, gone, "-p", "tests.conftest", "-rs", str(probe))
    assert code == 0 and "1 passed, 3 skipped" in out
    assert (f"2 tests skipped: they read ../shared (rulebooks, examples, Tenhou records), not found "
            f"at {gone}; clone the shared repository beside this checkout (or set REFEREE_SHARED) "
            "to run them") in out
    assert f"needs ../shared: {gone / 'examples'} is not here" in out  # each skip's reason, with -rs
    code, out = pytest_run(tmp_path, SHARED, "-p", "tests.conftest", str(probe))
    assert code == 0 and "3 passed, 1 skipped" in out and "tests skipped: they read" not in out


def test_a_test_module_that_reads_shared_skips_without_it(tmp_path):
    gone = tmp_path / "no-shared"
    code, out = pytest_run(tmp_path, gone, "tests/test_cli.py::test_shared_discard_win_example")
    assert code == 0 and "1 skipped" in out and "1 tests skipped: they read ../shared" in out
