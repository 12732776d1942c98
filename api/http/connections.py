"""How the server meets its clients: waitress's channels, in one process or in each gunicorn worker.

One client must not stop the service (issue 32). waitress reads every request, its headers and its
whole body, on one asynchronous loop and hands a thread only a request that is complete; so an idle
connection, or one that trickles its headers or body, holds a socket and a little memory, never a
thread. Under ``--workers N`` gunicorn's master keeps N worker processes alive (``WaitressWorker``)
and each serves the inherited sockets the same way; gunicorn's own workers are not used (a
``gthread`` thread waits on a socket for the request: 8 idle connections stopped 2 workers of 4
threads).

The bounds, per process (``settings``):

- ``IDLE_SECONDS``: a connection with no complete request that sends nothing for this long is
  closed (waitress's ``channel_timeout``), and so is one whose request, headers and body, has not
  arrived whole ``REQUEST_SECONDS`` after its first byte (a client that sends a byte now and then);
- ``CONNECTIONS``: past this many open connections a process stops accepting until some close
  (the rest wait in the listen queue);
- a body past ``REFEREE_MAX_BODY`` is refused 413 as it arrives, chunked or not: a body is read
  whole or refused, never cut short; headers past ``MAX_HEADERS`` bytes are 431.

What waitress answers itself (a bad chunk size or header is 400, a body too large 413, headers 431)
leaves as the API's one JSON envelope (``EnvelopeErrorTask``), as every error of the app does.
"""
from __future__ import annotations

import os
import socket
import time
from typing import Any, Callable

from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask, ThreadedTaskDispatcher

from api.http.context import body_too_large, envelope_bytes, status_name

IDLE_SECONDS = 30
REQUEST_SECONDS = 30
CLEANUP_SECONDS = 2  # how often the slow and idle connections are looked for
CONNECTIONS = 500
MAX_HEADERS = 64 * 1024
LOOP_SECONDS = 1.0  # a worker's loop wakes at least this often (to tell the master it lives)
GRACE_SECONDS = 5.0  # at a stop, how long the requests under way may take to be answered


def settings(threads: int, body_limit: int) -> dict[str, Any]:
    """waitress's adjustments for the referee."""
    return {"threads": threads, "channel_timeout": IDLE_SECONDS,
            "cleanup_interval": CLEANUP_SECONDS, "connection_limit": CONNECTIONS,
            # waitress refuses a body of max_request_body_size bytes; the app takes body_limit
            "max_request_body_size": body_limit + 1, "max_request_header_size": MAX_HEADERS,
            "asyncore_use_poll": True,  # select() cannot watch descriptors past 1024
            "ident": "referee"}


class EnvelopeErrorTask(ErrorTask):
    """waitress's own error answers (400, 413, 431, 501 …) as the API's JSON envelope."""

    def execute(self) -> None:
        error = self.request.error
        code = error.code
        if code == 413:
            message = body_too_large(self.channel.adj.max_request_body_size - 1)
            status = "body_too_large"
        else:
            message = f"the request cannot be read: {error.body}"
            status = status_name(code)
        data = envelope_bytes(code, status, message)
        self.status = f"{code} {error.reason}"
        self.response_headers.append(("Content-Type", "application/json"))
        self.set_close_on_finish()
        self.content_length = len(data)
        self.write(data)


class Channel(HTTPChannel):
    """A client connection that knows when its current request began (``began``)."""

    error_task_class = EnvelopeErrorTask
    began = 0.0

    def received(self, data: bytes) -> bool:
        if self.request is None and data:
            self.began = time.time()
        return super().received(data)

    def send_continue(self) -> None:
        """``Expect: 100-continue`` on a request refused already (a declared length past the
        limit): no 100, the refusal at once (waitress would send 100 and read the body first)."""
        if self.request is not None and self.request.error is not None:
            self.request.expect_continue = False
            return
        super().send_continue()


class Server(TcpWSGIServer):
    """waitress's server on a socket bound elsewhere (``api.http.serve._listen``), with ``Channel``s;
    its maintenance closes idle connections and requests that take too long to arrive."""

    channel_class = Channel

    def maintenance(self, now: float) -> None:
        super().maintenance(now)  # idle: nothing for IDLE_SECONDS
        late = now - REQUEST_SECONDS
        for channel in list(self.active_channels.values()):
            if not channel.requests and channel.request is not None and channel.began < late:
                channel.will_close = True


class Serving:
    """One process's waitress: a ``Server`` per listening socket, one loop, one thread pool."""

    def __init__(self, app: Callable, sockets: list[socket.socket], *, threads: int,
                 body_limit: int):
        self.adj = Adjustments(sockets=sockets, **settings(threads, body_limit))
        self.map: dict = {}
        self.dispatcher = ThreadedTaskDispatcher()
        self.dispatcher.set_thread_count(threads)
        self.servers = [Server(app, self.map, _sock=sock, dispatcher=self.dispatcher, adj=self.adj,
                               bind_socket=False,
                               sockinfo=(sock.family, sock.type, sock.proto, sock.getsockname()))
                        for sock in sockets]
        first = self.servers[0]
        self.effective_host, self.effective_port = first.effective_host, first.effective_port

    def run(self, alive: Callable[[], bool] = lambda: True) -> None:
        """Serve while ``alive()`` says so (asked at least every ``LOOP_SECONDS``)."""
        while alive():
            wasyncore.loop(timeout=LOOP_SECONDS, map=self.map, use_poll=True, count=1)

    def close(self, grace: float = GRACE_SECONDS) -> None:
        """Stop accepting; for at most ``grace`` seconds, keep the loop going while a request is
        under way or an answer is not yet sent (the loop is what sends them); then close all."""
        for server in self.servers:
            server.accepting = False
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and any(
                isinstance(ch, HTTPChannel) and (ch.requests or ch.total_outbufs_len)
                for ch in list(self.map.values())):
            wasyncore.loop(timeout=0.05, map=self.map, use_poll=True, count=1)
        self.dispatcher.shutdown(cancel_pending=True, timeout=1)
        wasyncore.close_all(self.map)


def worker_class(threads: int, body_limit: int) -> type:
    """gunicorn's worker class for ``--workers N``: each worker serves the sockets gunicorn's master
    bound with ``Serving``, telling the master it lives every ``LOOP_SECONDS`` and stopping when
    asked (SIGTERM: after its requests; SIGINT/SIGQUIT: at once) or when its master is gone."""
    from gunicorn.workers.base import Worker

    class WaitressWorker(Worker):
        def run(self) -> None:
            serving = Serving(self.wsgi, [listener.sock for listener in self.sockets],
                              threads=threads, body_limit=body_limit)
            master = self.ppid

            def alive() -> bool:
                self.notify()
                return self.alive and os.getppid() == master

            try:
                serving.run(alive)
            except SystemExit:  # SIGINT or SIGQUIT: at once
                serving.close(grace=0)
                raise
            serving.close()  # SIGTERM, or the master is gone: the requests under way answered

    return WaitressWorker
