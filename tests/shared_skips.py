"""What the tests read from the shared repository beside this one (``../shared``: the rulebooks in
``spec/``, the worked ``examples/``, the Tenhou records in ``data/``), read in place and never
copied in. A fresh clone does not have it: the tests that need it skip with a reason that starts
with ``REASON``, and ``tests/conftest.py`` counts them in one line at the end of the run.

``REFEREE_SHARED`` names the shared folder when it is not beside the checkout.
"""
from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("REFEREE_SHARED") or ROOT.parent / "shared")
REASON = "needs ../shared"  # how every such skip's reason starts (conftest counts them)


def shared(*parts: str) -> Path:
    """A path inside the shared folder."""
    return SHARED.joinpath(*parts)


def missing(*wanted: str) -> list[Path]:
    """Which of the ``wanted`` paths (inside the shared folder) are not there."""
    return [p for p in (shared(w) for w in wanted or (".",)) if not p.exists()]


def reason(*wanted: str) -> str:
    gone = missing(*wanted) or [shared(*wanted[:1])]
    return f"{REASON}: {gone[0]} is not here (the shared repository, read in place)"


def needs_shared(*wanted: str) -> "pytest.MarkDecorator":
    """A mark: skip unless every ``wanted`` path (``"data/tenhou"``) is in the shared folder."""
    import pytest  # here: benchmarks read the paths above without pytest

    return pytest.mark.skipif(bool(missing(*wanted)), reason=reason(*wanted))


def skip_without_shared(*wanted: str) -> None:
    """Inside a test or fixture: skip it unless every ``wanted`` path is there."""
    import pytest

    if missing(*wanted):
        pytest.skip(reason(*wanted))


def is_shared_skip(report: "pytest.TestReport") -> bool:
    """Whether a skipped test's report is one of these skips (its reason starts with REASON)."""
    longrepr = report.longrepr
    message = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
    return message.removeprefix("Skipped: ").startswith(REASON)
