"""The command line's habits: --version, python -m referee, - for standard input, a BOM, a quiet
exit on a closed pipe, help with examples, roles and exit status, the store's one default place,
serve's usage errors, queue warnings and access log."""
import io
import json
import logging
import os
import re
import socket
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from api.http import serve as serving
from api.http.app import create_app
from api.http.auth import DOING, PERMISSIONS
from api.cli import build_parser, main
from api.store.store import default_path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "discard-win.json"
BIN = Path(sys.executable).parent


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_version_names_the_package_and_every_rulebook(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert out == f"referee {version('mahjong-referee')} (rulebooks: tw16-2026.12, riichi-2026.12, hk-2026.12, guangdong-2026.12, wuhan-2026.12, sichuan-2026.12, shanghai-2026.12)\n"


def test_python_m_referee_runs_the_command_line_and_the_engine_stays_free_of_api(tmp_path):
    done = subprocess.run([sys.executable, "-m", "referee", "--version"], capture_output=True,
                          text=True, cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("referee ") and "tw16-2026.12" in done.stdout
    probe = ("import sys, referee, referee.replay, referee.__main__; "
             "print(sorted(m for m in sys.modules if m == 'api' or m.startswith('api.')))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT)
    assert done.stdout.strip() == "[]", done.stderr


def test_python_m_referee_without_the_installed_script_says_how_to_install(capsys, monkeypatch):
    import referee.__main__ as entry

    monkeypatch.setattr(entry, "entry_points", lambda **kw: ())
    assert entry.main() == 2
    assert "not installed" in capsys.readouterr().err


def _stdin(monkeypatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_a_dash_reads_the_document_from_standard_input_with_or_without_a_bom(capsys, monkeypatch):
    for data in (EXAMPLE.read_bytes(), b"\xef\xbb\xbf" + EXAMPLE.read_bytes()):
        _stdin(monkeypatch, data)
        code, out, err = run(capsys, "adjudicate", "-")
        assert code == 0 and err == "" and json.loads(out)["net"]["C"] == 220


def test_bad_standard_input_is_named_as_such(capsys, monkeypatch):
    _stdin(monkeypatch, b"{nope")
    code, out, err = run(capsys, "adjudicate", "-")
    assert code == 2 and out == "" and err.startswith("error: <stdin>: invalid JSON at line 1")


def test_a_file_with_a_bom_is_read_and_utf16_is_not(capsys, tmp_path):
    bom, utf16 = tmp_path / "bom.json", tmp_path / "utf16.json"
    bom.write_bytes(b"\xef\xbb\xbf" + EXAMPLE.read_bytes())
    utf16.write_bytes(EXAMPLE.read_text(encoding="utf-8").encode("utf-16"))
    assert run(capsys, "adjudicate", str(bom))[0] == 0
    code, _, err = run(capsys, "adjudicate", str(utf16))
    assert code == 2 and "not UTF-8 text" in err


def test_a_closed_pipe_ends_quietly_with_status_0():
    """``referee adjudicate X | head -1``: the reader is gone before we write; no 'Broken pipe'."""
    read, write = os.pipe()
    os.close(read)  # the reader has left already: every write fails with EPIPE
    proc = subprocess.Popen([str(BIN / "referee"), "adjudicate", str(EXAMPLE)], stdout=write,
                            stderr=subprocess.PIPE)
    os.close(write)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0 and err == b""


def test_a_pipe_into_head_gets_the_first_line_and_status_0():
    done = subprocess.run(["bash", "-c", f"'{BIN / 'referee'}' adjudicate '{EXAMPLE}' | head -1; "
                                         "echo ${PIPESTATUS[0]}"], capture_output=True, text=True)
    assert done.stdout.splitlines() == ["{", "0"] and done.stderr == ""


@pytest.mark.parametrize("command", [["adjudicate"], ["serve"], ["keys"], ["keys", "create"],
                                     ["keys", "list"], ["keys", "revoke"], ["audit"], ["import"], []])
def test_every_help_has_examples_and_the_exit_status(capsys, command):
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    text = capsys.readouterr().out
    assert "examples:\n  referee" in text and "exit status:" in text
    assert "  2  " in text and "  1  " in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_keys_create_help_says_what_each_role_may_do(capsys):
    with pytest.raises(SystemExit):
        main(["keys", "create", "--help"])
    text = capsys.readouterr().out
    roles = text.split("roles (what a key may do over the HTTP API):\n", 1)[1].split("\n\n", 1)[0]
    paragraphs = re.split(r"\n(?=  \S)", roles)  # a role's words, over its continuation lines
    for role, permissions in PERMISSIONS.items():
        line = " ".join(next(p for p in paragraphs if p.startswith(f"  {role} ")).split())
        for permission, doing in DOING.items():
            assert (doing in line) == (permission in permissions), (role, doing)


def test_the_audit_help_documents_nothing_to_audit(capsys):
    with pytest.raises(SystemExit):
        main(["audit", "--help"])
    assert "  3  nothing to audit" in capsys.readouterr().out


# --- the store's one place -----------------------------------------------------------------------


def test_the_default_store_is_in_the_users_data_directory(monkeypatch, tmp_path):
    monkeypatch.delenv("REFEREE_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path() == str(tmp_path / "data" / "mahjong-referee" / "referee.db")
    assert (tmp_path / "data" / "mahjong-referee").is_dir()
    monkeypatch.setenv("REFEREE_DB", "elsewhere.db")  # the near miss: the variable wins
    assert default_path() == "elsewhere.db"


def test_keys_name_the_database_in_full(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "keys", "create", "--role", "auditor", "--db", "k.db")
    assert code == 0 and f"in the database {tmp_path / 'k.db'};" in err
    code, out, _ = run(capsys, "keys", "list", "--db", "k.db")
    assert out.startswith(f"keys in the database {tmp_path / 'k.db'}:\n")
    code, out, _ = run(capsys, "keys", "revoke", "1", "--db", "k.db")
    assert out.rstrip().endswith(f"in the database {tmp_path / 'k.db'}")


# --- serve ---------------------------------------------------------------------------------------


def test_a_busy_port_is_a_usage_error_that_names_it(capsys, tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, out, err = run(capsys, "serve", "--port", str(port), "--db", str(tmp_path / "s.db"))
    assert code == 2 and out == ""
    assert re.fullmatch(rf"error: cannot listen on 127\.0\.0\.1:{port}: .+\n", err), err


def test_a_host_that_cannot_be_used_is_a_usage_error(capsys, tmp_path):
    code, _, err = run(capsys, "serve", "--host", "999.1.1.1", "--port", "0", "--db",
                       str(tmp_path / "s.db"))
    assert code == 2 and err.startswith("error: cannot listen on 999.1.1.1:0: ")
    assert len(err.splitlines()) == 1 and "internal" not in err


def test_a_port_out_of_range_is_refused_by_the_parser(capsys):
    with pytest.raises(SystemExit) as done:
        main(["serve", "--port", "70000"])
    assert done.value.code == 2 and "a port is 0 to 65535" in capsys.readouterr().err


class _Server:
    effective_host, effective_port = "127.0.0.1", 4321

    def __init__(self, app):
        self.app = app

    def run(self):
        pass

    def close(self):
        pass


@pytest.fixture
def fake_server(monkeypatch):
    made = []

    def make(app, host, port, threads, body_limit):
        made.append(_Server(app))
        return made[-1]

    monkeypatch.setattr(serving, "_server", make)
    yield made
    logging.getLogger(serving.QUEUE_LOGGER).setLevel(logging.NOTSET)


def test_serve_silences_queue_warnings_unless_asked(capsys, tmp_path, fake_server):
    assert run(capsys, "serve", "--workers", "1", "--db", str(tmp_path / "s.db"))[0] == 0
    assert logging.getLogger("waitress.queue").level == logging.ERROR
    assert run(capsys, "serve", "--workers", "1", "--db", str(tmp_path / "s.db"),
               "--queue-warnings")[0] == 0
    assert logging.getLogger("waitress.queue").level == logging.WARNING


def test_serve_prints_where_and_the_full_database_path(capsys, tmp_path, fake_server, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "serve", "--workers", "1", "--db", "here.db")
    assert code == 0 and err == (f"referee: serving on http://127.0.0.1:4321 (4 threads, database "
                                 f"{tmp_path / 'here.db'})\n")
    assert not isinstance(fake_server[-1].app, serving.AccessLog)  # no access log unless asked


def test_the_access_log_writes_one_line_per_request(capsys, tmp_path, fake_server):
    log = tmp_path / "access.log"
    assert run(capsys, "serve", "--workers", "1", "--db", str(tmp_path / "s.db"), "--access-log",
               str(log))[0] == 0
    wrapped = fake_server[-1].app
    assert isinstance(wrapped, serving.AccessLog)
    stream = io.StringIO()
    client = create_app({"REFEREE_DB": str(tmp_path / "s.db")}).test_client()
    from werkzeug.test import Client

    client = Client(serving.AccessLog(client.application, stream))
    client.get("/healthz")
    client.get("/v1/games?limit=2")
    lines = stream.getvalue().splitlines()
    assert len(lines) == 2
    assert re.fullmatch(r'\S+ - \[\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d \+0000\] "GET /healthz HTTP/1.1" '
                        r'200 \d+ \d+\.\dms', lines[0]), lines[0]
    assert '"GET /v1/games?limit=2 HTTP/1.1" 401 ' in lines[1]


def test_the_parser_keeps_the_commands():
    assert {"adjudicate", "serve", "keys", "audit"} <= set(build_parser()._subparsers._group_actions[0].choices)


def test_the_api_reads_a_body_with_a_bom_too(tmp_path):
    from tests.servicekit import make_app, role_headers, store_of

    app = make_app(tmp_path / "b.db")
    headers = {**role_headers(store_of(app))["auditor"], "Content-Type": "application/json"}
    client = app.test_client()
    answer = client.post("/v1/rulings", data=b"\xef\xbb\xbf" + EXAMPLE.read_bytes(), headers=headers)
    assert answer.status_code == 200 and answer.get_json()["net"]["C"] == 220
    latin1 = b'\xef\xbb\xbf{"format": "mjref/1", "variant": "tw16\xe9"}'  # the near miss: not UTF-8
    assert client.post("/v1/rulings", data=latin1, headers=headers).status_code == 400
    store_of(app).close()
