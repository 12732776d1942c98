"""The test session's end: how many tests skipped because the shared repository (``../shared``)
is not beside this checkout, in one line, with how to run them (tests/shared_skips.py)."""
from __future__ import annotations

from tests.shared_skips import SHARED, is_shared_skip


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if is_shared_skip(r)]
    if not skipped:
        return
    terminalreporter.write_line(
        f"{len(skipped)} tests skipped: they read ../shared (rulebooks, examples, Tenhou records), "
        f"not found at {SHARED}; clone the shared repository beside this checkout (or set "
        f"REFEREE_SHARED) to run them", yellow=True, bold=True)
