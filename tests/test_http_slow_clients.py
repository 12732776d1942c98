"""Clients that cannot stop the server (issue 32): idle and slow connections hold no thread, a
request that takes too long to arrive is closed, a body is read whole or refused (413, never cut
short, chunked or not), and what the server refuses itself is the API's JSON envelope.

In process: ``api.http.connections.Serving`` (what ``--workers 1`` runs and every worker runs) in a
thread, its timeouts shortened. As real processes (``referee serve --workers 2``, Linux): a bounded
load of held connections, then health checks and a ruling still answer (asserted on success; the
timeouts are generous, no time is asserted).
"""
from __future__ import annotations

import json
import socket
import sys
import threading
import time
import urllib.request

import pytest

from api.http import connections
from api.http.context import STORE
from api.documents.documents import adjudicate_data
from api.http.serve import _listen
from tests.servicekit import example, make_app
from tests.test_serve_workers import Served

ENVELOPE = {"code", "status", "message", "errors"}
LIMIT = 4096
BIG_HEADER = b"GET /healthz HTTP/1.1\r\nX-Big: "


@pytest.fixture
def serving(tmp_path, monkeypatch):
    monkeypatch.setattr(connections, "IDLE_SECONDS", 1)
    monkeypatch.setattr(connections, "REQUEST_SECONDS", 1)
    monkeypatch.setattr(connections, "CLEANUP_SECONDS", 0.2)
    app = make_app(tmp_path / "r.db", REFEREE_PUBLIC_READS=True, REFEREE_MAX_BODY=LIMIT)
    served = connections.Serving(app, _listen("127.0.0.1", 0), threads=2, body_limit=LIMIT)
    stop = threading.Event()
    thread = threading.Thread(target=served.run, args=(lambda: not stop.is_set(),), daemon=True)
    thread.start()
    yield served.effective_port
    stop.set()
    thread.join(10)
    served.close()
    app.extensions[STORE].close()


def exchange(port: int, data: bytes, timeout: float = 10) -> tuple[int, dict]:
    """Send ``data`` as is; the status and the JSON body of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
        conn.sendall(data)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert b"application/json" in head, head
    return int(head.split()[1]), json.loads(body)


def post(body: bytes, *headers: str) -> bytes:
    lines = ["POST /v1/rulings HTTP/1.1", "Host: here", "Content-Type: application/json",
             "Connection: close", *headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def chunked(*chunks: bytes) -> bytes:
    return b"".join(b"%x\r\n%s\r\n" % (len(c), c) for c in chunks) + b"0\r\n\r\n"


def test_a_chunked_body_is_ruled_whole(serving):
    doc = json.dumps(example(0)).encode()
    status, body = exchange(serving, post(chunked(doc[:100], doc[100:]), "Transfer-Encoding: chunked"))
    assert status == 200 and body == adjudicate_data(example(0))


def test_a_chunked_body_past_the_limit_is_refused_not_cut_short(serving):
    """Its first ``LIMIT`` bytes are a valid document: ruling them would rule what was not sent."""
    doc = json.dumps(example(0)).encode()
    padded = doc + b" " * (LIMIT - len(doc))
    status, body = exchange(serving, post(chunked(padded, b' {"more": 1}'), "Transfer-Encoding: chunked"))
    assert status == 413 and set(body) == ENVELOPE and body["status"] == "body_too_large"
    assert f"limit of {LIMIT} bytes (REFEREE_MAX_BODY)" in body["message"]


def test_a_declared_length_past_the_limit_is_413_in_the_envelope(serving):
    status, body = exchange(serving, post(b"", f"Content-Length: {LIMIT + 1}"))
    assert status == 413 and body["status"] == "body_too_large"
    assert f"limit of {LIMIT} bytes" in body["message"]
    # with Expect: 100-continue, the refusal comes at once (not a 100, then the body read)
    status, body = exchange(serving, post(b"", f"Content-Length: {LIMIT * 1000}",
                                          "Expect: 100-continue"))
    assert status == 413 and body["status"] == "body_too_large"


def test_a_body_of_exactly_the_limit_reaches_the_app(serving):
    doc = json.dumps(example(0)).encode()
    padded = doc + b" " * (LIMIT - len(doc))
    status, body = exchange(serving, post(padded, f"Content-Length: {LIMIT}"))
    assert status == 200 and body == adjudicate_data(example(0))
    framed = padded[:-16]  # chunked, the limit counts the chunks' framing too (waitress's way)
    status, body = exchange(serving, post(chunked(framed), "Transfer-Encoding: chunked"))
    assert status == 200 and body == adjudicate_data(example(0))


@pytest.mark.parametrize("data, code, status", [
    pytest.param(post(b"zz\r\n{}\r\n0\r\n\r\n", "Transfer-Encoding: chunked"), 400, "bad_request",
                 id="bad-chunk-size"),
    pytest.param(post(b"{}", "Content-Length: x"), 400, "bad_request", id="bad-length"),
    pytest.param(BIG_HEADER.ljust(connections.MAX_HEADERS, b"a"), 431,  # every byte read: no reset
                 "request_header_fields_too_large", id="headers-too-large"),
])
def test_what_the_server_refuses_itself_is_the_envelope(serving, data, code, status):
    answer_code, body = exchange(serving, data)
    assert (answer_code, body["code"], body["status"]) == (code, code, status)
    assert set(body) == ENVELOPE and body["message"].startswith("the request cannot be read")


def _closed_within(conn: socket.socket, seconds: float, trickle: bytes = b"") -> bool:
    """Whether the server closes ``conn`` within ``seconds``, while ``trickle`` is sent a byte at a
    time."""
    deadline = time.monotonic() + seconds
    conn.settimeout(0.2)
    sent = 0
    while time.monotonic() < deadline:
        try:
            if sent < len(trickle):
                conn.sendall(trickle[sent:sent + 1])
                sent += 1
            if conn.recv(1024) == b"":
                return True
        except socket.timeout:
            continue
        except OSError:  # reset by the server
            return True
    return False


def test_an_idle_connection_is_closed(serving):
    with socket.create_connection(("127.0.0.1", serving), timeout=5) as conn:
        assert _closed_within(conn, 15)


def test_a_request_that_trickles_in_is_closed(serving):
    """One byte every 0.2 s never leaves the connection idle; the request's own clock ends it."""
    with socket.create_connection(("127.0.0.1", serving), timeout=5) as conn:
        assert _closed_within(conn, 15, trickle=post(b"{" + b" " * 200, "Content-Length: 300"))


def test_held_connections_hold_no_thread(serving):
    held = [socket.create_connection(("127.0.0.1", serving), timeout=5) for _ in range(20)]
    try:
        for conn in held[::2]:
            conn.sendall(post(b"{", "Content-Length: 1000"))  # a body that never comes
        for _ in range(3):
            with urllib.request.urlopen(f"http://127.0.0.1:{serving}/healthz", timeout=10) as r:
                assert r.status == 200
    finally:
        for conn in held:
            conn.close()


# --- real processes ------------------------------------------------------------------------------

HELD = 80


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="gunicorn and /proc: Linux")
def test_the_workers_answer_while_many_clients_hold_connections(tmp_path):
    """80 connections held (half idle, half stuck in a body) against 2 workers of 2 threads: the
    old gthread workers stopped answering at 4; every check here is answered."""
    server = Served(tmp_path / "held.db", {"REFEREE_PUBLIC_READS": "1"}, threads=2)
    held: list[socket.socket] = []
    try:
        port = int(server.base.rsplit(":", 1)[1])
        for i in range(HELD):
            conn = socket.create_connection(("127.0.0.1", port), timeout=10)
            if i % 2:
                conn.sendall(post(b"{", "Content-Length: 100000"))
            held.append(conn)
        answered = [server.request("GET", "/healthz")[0] for _ in range(10)]
        status, ruling = server.request("POST", "/v1/rulings", example(0))
        assert answered == [200] * 10
        assert status == 200 and ruling == adjudicate_data(example(0))
        for conn in held:
            conn.close()
        held.clear()
        assert server.stop() == 0
        assert "Traceback" not in server.log, server.log
    finally:
        for conn in held:
            conn.close()
        server.close()


def test_a_stop_answers_the_requests_under_way():
    """SIGTERM: the loop stops accepting but runs on until the answers under way are sent."""
    began = threading.Event()

    def slow(environ, start_response):
        began.set()
        time.sleep(connections.LOOP_SECONDS * 3)  # the loop sees the stop long before this ends
        body = b'{"done": true}' + b" " * 300_000  # more than one send
        start_response("200 OK", [("Content-Type", "application/json"),
                                  ("Content-Length", str(len(body)))])
        return [body]

    served = connections.Serving(slow, _listen("127.0.0.1", 0), threads=1, body_limit=LIMIT)
    stop = threading.Event()

    def loop():
        served.run(lambda: not stop.is_set())
        served.close()

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    answers = []
    client = threading.Thread(target=lambda: answers.append(exchange(
        served.effective_port, b"GET / HTTP/1.1\r\nHost: here\r\nConnection: close\r\n\r\n")))
    client.start()
    assert began.wait(10)
    stop.set()  # while the answer is being made
    client.join(20)
    thread.join(20)
    assert answers == [(200, {"done": True})]
