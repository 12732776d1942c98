"""What every test module shares: ``app``, the HTTP service over a fresh store (a module may define
its own), and at the session's end how many tests skipped because the shared repository
(``../shared``) is not beside this checkout, in one line, with how to run them
(tests/shared_skips.py)."""
from __future__ import annotations

import pytest

from tests.servicekit import make_app, store_of
from tests.shared_skips import SHARED, is_shared_skip


@pytest.fixture
def app(tmp_path):
    """The service over a store of its own in ``tmp_path``, closed after the test."""
    app = make_app(tmp_path / "api.db")
    yield app
    store_of(app).close()


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if is_shared_skip(r)]
    if not skipped:
        return
    terminalreporter.write_line(
        f"{len(skipped)} tests skipped: they read ../shared (rulebooks, examples, Tenhou records), "
        f"not found at {SHARED}; clone the shared repository beside this checkout (or set "
        f"REFEREE_SHARED) to run them", yellow=True, bold=True)
