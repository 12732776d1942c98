"""``referee serve --workers N``: N gunicorn worker processes behind one port (``api.http.serve``).

In process, with gunicorn's master replaced by a recorder: what ``serve`` hands it (the sockets it
bound, workers that serve with waitress, the app's access log, the master's store closed before the fork), the same
one-line errors as waitress for a bad host or a busy port, and the fallback to one waitress process
where gunicorn cannot be imported. As real processes (Linux /proc): two workers rule and store
what clients send from several threads at once, both answer, every game is stored, the app's
settings reach the workers, a defect in a worker is the one 500 envelope with its traceback in the
server's log, and SIGTERM or Ctrl-C ends every process.
"""
from __future__ import annotations

import http.client
import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from api.http import serve as serving
from api.cli import main
from api.documents.documents import adjudicate_data
from api.store.store import Store
from tests.servicekit import ROOT, bearer, example, hand_documents
from tests.test_cli_habits import fake_server  # noqa: F401  (waitress replaced: a fixture)

ENVELOPE = {"code", "status", "message", "errors"}
LINUX = sys.platform.startswith("linux")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- in process: what serve hands gunicorn -------------------------------------------------------


@pytest.fixture
def fake_gunicorn(monkeypatch):
    """gunicorn's master replaced: records the app and the settings, checks that the master holds
    no database connection when it would fork, and closes the inherited sockets."""
    made = []

    def run_gunicorn(wsgi, settings):
        store = getattr(wsgi, "app", wsgi).extensions["referee.store"]
        made.append({"wsgi": wsgi, "settings": settings, "connections": len(store._connections)})
        for bind in settings["bind"]:
            os.close(int(bind.removeprefix("fd://")))
        return 0

    monkeypatch.setattr(serving, "_run_gunicorn", run_gunicorn)
    return made


def test_workers_run_under_gunicorn_with_the_sockets_bound_here(capsys, tmp_path, fake_gunicorn,
                                                                 fake_server):
    log = tmp_path / "access.log"
    code, out, err = run(capsys, "serve", "--workers", "3", "--threads", "2", "--port", "0",
                         "--db", str(tmp_path / "s.db"), "--access-log", str(log))
    assert code == 0 and out == "" and not fake_server
    match = re.fullmatch(r"referee: serving on http://127\.0\.0\.1:(\d+) \(3 workers, 2 threads "
                         rf"each, database {re.escape(str(tmp_path / 's.db'))}\)\n", err)
    assert match and int(match.group(1)) > 0, err
    [made] = fake_gunicorn
    settings = made["settings"]
    assert (settings["workers"], settings["threads"]) == (3, 2)
    assert settings["worker_class"].__name__ == "WaitressWorker"  # waitress in every worker
    assert len(settings["bind"]) == 1 and settings["bind"][0].startswith("fd://")
    assert settings["preload_app"] and settings["accesslog"] is None
    assert isinstance(made["wsgi"], serving.AccessLog)  # the app's own access log, in every worker
    assert made["connections"] == 0  # the master's store closed before the fork


def test_one_worker_is_one_waitress_process(capsys, tmp_path, fake_gunicorn, fake_server):
    code, _, err = run(capsys, "serve", "--workers", "1", "--db", str(tmp_path / "s.db"))
    assert code == 0 and not fake_gunicorn and len(fake_server) == 1
    assert err == f"referee: serving on http://127.0.0.1:4321 (4 threads, database {tmp_path / 's.db'})\n"


def test_the_default_is_one_worker_per_core():
    from api.cli import build_parser

    args = build_parser().parse_args(["serve"])
    assert args.workers == (os.cpu_count() or 1)
    assert build_parser().parse_args(["serve", "--workers", "2"]).workers == 2


def test_zero_workers_is_refused_by_the_parser(capsys):
    with pytest.raises(SystemExit) as done:
        main(["serve", "--workers", "0"])
    assert done.value.code == 2 and "must be 1 or more, not 0" in capsys.readouterr().err


def test_a_busy_port_with_workers_is_the_same_one_line_error(capsys, tmp_path, fake_gunicorn):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, out, err = run(capsys, "serve", "--workers", "2", "--port", str(port), "--db",
                             str(tmp_path / "s.db"))
    assert code == 2 and out == "" and not fake_gunicorn
    assert re.fullmatch(rf"error: cannot listen on 127\.0\.0\.1:{port}: .+\n", err), err


def test_a_host_that_cannot_be_used_with_workers_is_the_same_one_line_error(capsys, tmp_path,
                                                                           fake_gunicorn):
    code, _, err = run(capsys, "serve", "--workers", "2", "--host", "999.1.1.1", "--port", "0",
                       "--db", str(tmp_path / "s.db"))
    assert code == 2 and not fake_gunicorn
    assert err == "error: cannot listen on 999.1.1.1:0: Invalid host/port specified.\n"


def test_every_address_of_the_host_listens_on_one_port(monkeypatch):
    real = socket.getaddrinfo

    def two_addresses(host, port, *args):  # as "localhost" may be, with a repeat
        return [*real("127.0.0.1", port, *args), *real("127.0.0.2", port, *args),
                *real("127.0.0.1", port, *args)]

    monkeypatch.setattr(socket, "getaddrinfo", two_addresses)
    sockets = serving._listen("here", 0)
    try:
        assert [s.getsockname()[0] for s in sockets] == ["127.0.0.1", "127.0.0.2"]
        assert len({s.getsockname()[1] for s in sockets}) == 1 and sockets[0].getsockname()[1] > 0
        for sock in sockets:
            with socket.create_connection(sock.getsockname()[:2], timeout=5):
                pass  # listening already: clients queue until a worker accepts
    finally:
        for sock in sockets:
            sock.close()


def test_without_gunicorn_one_waitress_process_serves_after_a_warning(capsys, tmp_path, monkeypatch,
                                                                     fake_gunicorn, fake_server):
    monkeypatch.setitem(sys.modules, "gunicorn.app.base", None)  # import fails, as on Windows
    code, _, err = run(capsys, "serve", "--workers", "2", "--db", str(tmp_path / "s.db"))
    assert code == 0 and not fake_gunicorn and len(fake_server) == 1
    warning, served = err.splitlines()
    assert warning == "referee: warning: gunicorn is not available here: one process serves, not 2"
    assert served.startswith("referee: serving on http://127.0.0.1:4321 (4 threads, ")


def test_with_gunicorn_there_is_no_warning(capsys, tmp_path, fake_gunicorn, fake_server):
    code, _, err = run(capsys, "serve", "--workers", "2", "--port", "0", "--db",
                       str(tmp_path / "s.db"))
    assert code == 0 and len(fake_gunicorn) == 1 and "warning" not in err


# --- real processes --------------------------------------------------------------------------------


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue  # ended meanwhile
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _holder(server_port: int, client_port: int, pids: list[int]) -> int | None:
    """Which of ``pids`` holds the server's end of the loopback connection from ``client_port``
    (Linux /proc/net/tcp and /proc/PID/fd): the worker that accepted it and answers on it."""
    inode = None
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote = (int(address.rsplit(":", 1)[1], 16) for address in fields[1:3])
        if (local, remote) == (server_port, client_port):
            inode = fields[9]
    for pid in pids:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                if os.readlink(fd) == f"socket:[{inode}]":
                    return pid
            except OSError:
                continue  # closed meanwhile
    return None


def _alive(pid: int) -> bool:
    return Path(f"/proc/{pid}").exists()


class Served:
    """``referee serve --workers 2 --port 0`` as a subprocess, in a session of its own."""

    def __init__(self, db: Path, env: dict[str, str] | None = None, threads: int = 4,
                 python: tuple[str, ...] = ("-m", "api.cli")):
        self.proc = subprocess.Popen(
            [sys.executable, *python, "serve", "--workers", "2", "--threads", str(threads),
             "--port", "0", "--db", str(db)],
            cwd=ROOT, stderr=subprocess.PIPE, text=True, start_new_session=True,
            env={**{k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")},
                 **(env or {})})
        assert select.select([self.proc.stderr], [], [], 60)[0], "the server printed nothing in 60 s"
        line = self.proc.stderr.readline()
        assert "(2 workers, " in line, line
        self.base = line.split("serving on ", 1)[1].split()[0]
        self.workers = self._wait_for_workers(2)
        self._log: list[str] = []
        self._drain = threading.Thread(target=lambda: self._log.extend(self.proc.stderr), daemon=True)
        self._drain.start()

    def _wait_for_workers(self, n: int) -> list[int]:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            workers = _children(self.proc.pid)
            if len(workers) >= n:
                return workers
            time.sleep(0.05)
        raise AssertionError(f"fewer than {n} workers after 30 s")

    def request(self, method: str, path: str, body: object = None, headers: dict | None = None,
                raw: bytes | None = None) -> tuple[int, dict]:
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json",
                                                  **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as err:
            return err.code, json.load(err)

    def stop(self, how: str = "SIGTERM") -> int:
        if how == "SIGTERM":
            self.proc.send_signal(signal.SIGTERM)
        else:  # Ctrl-C at a terminal: SIGINT to the whole foreground group
            os.killpg(self.proc.pid, signal.SIGINT)
        code = self.proc.wait(timeout=30)
        self._drain.join(timeout=5)
        return code

    def close(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    @property
    def log(self) -> str:
        return "".join(self._log)


@pytest.fixture
def served(tmp_path):
    store = Store(str(tmp_path / "served.db"))
    tokens = {role: store.create_key(role)[1] for role in ("auditor", "referee")}
    store.close()
    server = Served(tmp_path / "served.db", {"REFEREE_MAX_BODY": "200000"})
    server.tokens = tokens
    yield server
    server.close()


@pytest.mark.skipif(not LINUX, reason="gunicorn and /proc: Linux")
def test_two_workers_answer_every_client_and_store_every_game(served, tmp_path):
    docs = hand_documents(24, seed=11)
    expected = [adjudicate_data(doc) for doc in docs]
    auditor, referee = bearer(served.tokens["auditor"]), bearer(served.tokens["referee"])
    port = int(served.base.rsplit(":", 1)[1])

    def rule(first: int) -> tuple[list[bool], int | None]:
        """Three rulings on one keep-alive connection, and the worker that answered them."""
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        right = []
        for i in range(first, first + 3):
            conn.request("POST", "/v1/rulings", json.dumps(docs[i % len(docs)]),
                         {"Content-Type": "application/json", **auditor})
            response = conn.getresponse()
            right.append(response.status == 200 and json.load(response) == expected[i % len(docs)])
        worker = _holder(port, conn.sock.getsockname()[1], served.workers)
        conn.close()
        return right, worker

    def store_game(k: int) -> tuple[int, int]:
        status, body = served.request("POST", "/v1/games", example(1000 + k), referee)
        return status, body.get("id", -1)

    with ThreadPoolExecutor(8) as pool:
        answered = list(pool.map(rule, range(0, 96, 3)))
        stored = list(pool.map(store_game, range(40)))
        rounds = 0  # under concurrent clients both workers answer; more rounds only if one did not
        while rounds < 20 and not {w for _, w in answered} >= set(served.workers):
            answered += pool.map(rule, range(0, 24, 3))
            rounds += 1
    assert all(all(right) for right, _ in answered) and len(answered) >= 32  # every ruling right
    assert {w for _, w in answered} >= set(served.workers)  # both workers answered
    assert [status for status, _ in stored] == [201] * 40
    assert len({game for _, game in stored}) == 40  # none lost, none merged
    status, page = served.request("GET", "/v1/games?limit=100", headers=auditor)
    assert status == 200 and sorted(g["id"] for g in page["items"]) == sorted(g for _, g in stored)
    # the app's own settings reach every worker: REFEREE_MAX_BODY, keys, the one envelope
    status, body = served.request("POST", "/v1/rulings", headers=auditor,
                                  raw=b'{"x": "' + b"a" * 250_000 + b'"}')
    assert status == 413 and set(body) == ENVELOPE and "REFEREE_MAX_BODY" in body["message"]
    status, body = served.request("POST", "/v1/rulings", docs[0])
    assert status == 401 and set(body) == ENVELOPE  # REFEREE_PUBLIC_READS is off here
    assert sorted(_children(served.proc.pid)) == sorted(served.workers)  # no worker was replaced
    assert served.stop() == 0
    assert "Traceback" not in served.log and "WORKER TIMEOUT" not in served.log, served.log


#: ``referee`` whose engine fails on a document of base 13: a defect inside a worker
BROKEN = """
import sys
import api.http.routes
ruled = api.http.routes.adjudicate_data
def broken(document):
    if document["ruleset"]["base"] == 13:
        raise RuntimeError("secret detail of the engine")
    return ruled(document)
api.http.routes.adjudicate_data = broken
from api.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.skipif(not LINUX, reason="gunicorn and /proc: Linux")
def test_public_reads_and_the_500_envelope_in_the_workers(tmp_path):
    server = Served(tmp_path / "public.db", {"REFEREE_PUBLIC_READS": "1"}, threads=1,
                    python=("-c", BROKEN))
    try:
        status, body = server.request("POST", "/v1/rulings", example(0))
        assert status == 200 and body == adjudicate_data(example(0))  # no key needed
        status, body = server.request("POST", "/v1/games", example(0))
        assert status == 401 and set(body) == ENVELOPE  # storing still needs a key
        broken = example(0)
        broken["ruleset"]["base"] = 13
        status, body = server.request("POST", "/v1/rulings", broken)
        assert status == 500 and set(body) == ENVELOPE and body["status"] == "internal_error"
        reference = re.search(r"reference (\w+)", body["message"]).group(1)
        assert "secret" not in json.dumps(body)
        assert server.stop() == 0
        assert f"internal error {reference}" in server.log  # the traceback is in the server's log
        assert "secret detail of the engine" in server.log
    finally:
        server.close()


@pytest.mark.skipif(not LINUX, reason="gunicorn and /proc: Linux")
@pytest.mark.parametrize("how", ["SIGTERM", "Ctrl-C"])
def test_a_stop_ends_every_process(tmp_path, how):
    server = Served(tmp_path / "stop.db", {"REFEREE_PUBLIC_READS": "1"}, threads=1)
    try:
        assert server.request("GET", "/healthz")[0] == 200
        workers = server.workers
        assert len(workers) == 2 and all(_alive(pid) for pid in workers)
        assert server.stop(how) == 0
        assert not [pid for pid in workers if _alive(pid)], "a worker outlived the master"
        assert not _children(server.proc.pid)
        assert "Traceback" not in server.log, server.log
    finally:
        server.close()
