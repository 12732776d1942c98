"""Schemathesis against the served OpenAPI document, all checks, bounded: run only where
schemathesis is installed (it is not a dependency of the project).

    SCHEMATHESIS_EXAMPLES=100 python -m pytest tests/test_schemathesis.py -s

runs it longer (the default, 10 examples per operation, takes under a minute). The settings in
``tests/schemathesis.toml`` say which rejections no schema can express.
"""
import os
import re
import select
import sqlite3
import subprocess
import sys

import pytest

from api.http.auth import digest
from api.store.store import Store, now
from tests.servicekit import ROOT

pytest.importorskip("schemathesis")

#: the key the run uses: an id far from those it tries, so that DELETE /v1/keys/{key_id} (which an
#: admin may do to any key, its own too) does not revoke it halfway
KEY_ID = 2**62


def _serve(db: str) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, "-m", "api.cli", "serve", "--port", "0", "--db", db],
                            cwd=ROOT, stderr=subprocess.PIPE, text=True)
    assert select.select([proc.stderr], [], [], 60)[0], "the server printed nothing in 60 s"
    line = proc.stderr.readline()
    assert "serving on http://" in line, line
    return proc, line.split("serving on ", 1)[1].split()[0]


#: revoking keys runs apart, last: its stateful links would revoke the run's own key (an admin may
#: revoke any key, its own too) and leave every later request a 401
REVOKE = "DELETE /v1/keys/{key_id}"


def test_schemathesis_finds_no_server_error_and_no_valid_request_rejected(tmp_path):
    db = str(tmp_path / "schemathesis.db")
    Store(db).close()
    token = "schemathesis-admin-key"
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO api_keys (id, sha256, role, label, created) VALUES (?, ?, ?, ?, ?)",
                     (KEY_ID, digest(token), "admin", "schemathesis", now()))
    proc, base = _serve(db)
    command = [sys.executable, "-m", "schemathesis.cli", "--config-file",
               str(ROOT / "tests" / "schemathesis.toml"), "run", f"{base}/openapi.json",
               "-H", f"Authorization: Bearer {token}", "--checks", "all",
               "--max-examples", os.environ.get("SCHEMATHESIS_EXAMPLES", "10"),
               "--generation-deterministic", "--workers", "1", "--no-color"]
    runs = [["--exclude-name", REVOKE], ["--include-name", REVOKE]]
    try:
        done = [subprocess.run(command + run, capture_output=True, text=True, timeout=1800,
                               cwd=tmp_path)  # its cache (.schemathesis/) stays out of the tree
                for run in runs]
    finally:
        proc.terminate()
        proc.wait(10)
    for run, result in zip(runs, done):
        summary = "\n".join(line for line in result.stdout.splitlines()
                            if re.search(r"generated|passed|failed|Failures|ST\d{3}|warning", line))
        print(f"\n{' '.join(command[3:] + run)}\n{summary}")
    for result in done:
        failures = result.stdout.partition("= FAILURES =")[2].partition("= WARNINGS =")[0]
        assert result.returncode == 0, failures[:20_000] or result.stdout[-20_000:]
        assert "Authentication failed" not in result.stdout  # the key held for the whole run
