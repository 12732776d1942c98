"""Paths with doubled slashes (issue 32): ``//games/1`` is an ordinary typo, and a page served at
it would let a browser read ``//v1/…`` as another host. The server answers every such path with
308 to its clean form (the JSON envelope, a ``Location`` on this host), through the real server:
waitress drops a leading ``//`` from ``PATH_INFO``, so the app reads the request line itself."""
from __future__ import annotations

import json
import socket
import threading

import pytest

from api.http.context import STORE
from tests.servicekit import make_app


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from waitress import create_server

    app = make_app(tmp_path_factory.mktemp("paths") / "referee.db")
    served = create_server(app, host="127.0.0.1", port=0, threads=2)
    thread = threading.Thread(target=served.run, daemon=True)
    thread.start()
    yield served.effective_port
    served.close()
    thread.join(5)
    app.extensions[STORE].close()


def raw_get(port: int, target: str) -> tuple[int, dict[str, str], bytes]:
    """GET with the request line exactly as given: (status, headers lowercased, body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(f"GET {target} HTTP/1.1\r\nHost: here\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), {k.lower(): v for k, v in headers.items()}, body


@pytest.mark.parametrize("target, clean", [
    pytest.param("//games/1", "/games/1", id="leading"),
    pytest.param("//v1/games?limit=2", "/v1/games?limit=2", id="api-with-query"),
    pytest.param("/v1/games/1//rulings", "/v1/games/1/rulings", id="inside"),
    pytest.param("///", "/", id="only-slashes"),
    pytest.param("//evil.example/x", "/evil.example/x", id="host-like"),
    pytest.param("//\\evil.example/", "/%5Cevil.example/", id="backslash-quoted"),
    pytest.param("http://here//games/1", "/games/1", id="absolute-form"),
])
def test_a_doubled_slash_is_redirected_to_the_clean_path_on_this_host(server, target, clean):
    status, headers, body = raw_get(server, target)
    assert status == 308 and headers["location"] == clean
    answer = json.loads(body)
    assert set(answer) == {"code", "status", "message", "errors"}
    assert answer["code"] == 308 and answer["status"] == "permanent_redirect"
    assert clean.split("?")[0] in answer["message"]


@pytest.mark.parametrize("target, status", [("/games/1", 200), ("/healthz", 200),
                                            ("/v1/games", 401), ("/./games/1", 404)])
def test_a_clean_path_is_not_redirected(server, target, status):
    assert raw_get(server, target)[0] == status


def test_the_page_knows_its_prefix_from_the_server_not_the_address_bar(tmp_path):
    app = make_app(tmp_path / "r.db")
    html = app.test_client().get("/games/1", environ_overrides={"SCRIPT_NAME": "/club"}).text
    config = json.loads(html.split('<script id="config" type="application/json">')[1]
                        .split("</script>")[0])
    assert config["root"] == "/club" and config["game"] == 1
    assert json.loads(app.test_client().get("/").text.split('type="application/json">')[1]
                      .split("</script>")[0])["root"] == ""
