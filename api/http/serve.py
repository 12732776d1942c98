"""``referee serve``: the HTTP API under waitress (one process) or gunicorn (``--workers N``).

``--workers 1`` runs one waitress process, its threads sharing one core (the GIL). ``--workers N``
(N > 1) runs N gunicorn worker processes behind one port, each serving with waitress and
``threads`` threads (``api.http.connections``: how idle or slow clients are kept from the threads): the
app is built once in the master (its settings checked there), the master's store connections are
closed before the fork and every worker opens its own (``api.store.store.Store`` opens a connection per
thread and per process; WAL lets the writers queue for the lock). The master binds the listening
sockets itself, so a bad host or a busy port is the same one-line error as under waitress, and the
workers inherit them (``fd://``). SIGTERM or Ctrl-C stops the workers and then the master. Where
gunicorn cannot be imported (it does not run on Windows) one waitress process serves, after a
one-line warning.

What the operator can get wrong (a host that does not resolve, a port in use or not allowed) is a
``UsageError`` naming the address, not an internal error. waitress's "Task queue depth" warnings
(every request that waits for a free thread) are off unless asked for; an access log, one line per
request, is written on request (under gunicorn every worker appends its lines to the same file).
"""
from __future__ import annotations

import logging
import os
import signal
import socket
import sys
import threading
import time
from datetime import datetime, timezone
from typing import Any, Callable, Iterable, Optional, TextIO

from api.documents.documents import UsageError

QUEUE_LOGGER = "waitress.queue"
BACKLOG = 1024  # connections waiting to be accepted (waitress's default)
GRACE_SECONDS = 10  # SIGTERM: how long the workers may finish the requests they have


class AccessLog:
    """WSGI middleware: one line per request on ``stream``, after the response has started::

        127.0.0.1 - [25/Nov/2026:13:55:21 +0000] "POST /v1/rulings HTTP/1.1" 200 1650 3.1ms
    """

    def __init__(self, app: Callable, stream: TextIO):
        self.app, self.stream = app, stream
        self._lock = threading.Lock()

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        began = time.perf_counter()
        seen: dict[str, Any] = {}

        def start(status: str, headers: list, exc_info: Any = None) -> Callable:
            seen["status"] = status.split(" ", 1)[0]
            seen["size"] = next((v for k, v in headers if k.lower() == "content-length"), "-")
            return start_response(status, headers, exc_info)

        body = self.app(environ, start)
        self.write(environ, seen.get("status", "-"), seen.get("size", "-"),
                   (time.perf_counter() - began) * 1000)
        return body

    def write(self, environ: dict, status: str, size: str, ms: float) -> None:
        when = datetime.now(timezone.utc).strftime("%d/%b/%Y:%H:%M:%S +0000")
        query = environ.get("QUERY_STRING")
        target = environ.get("PATH_INFO", "") + (f"?{query}" if query else "")
        line = (f'{environ.get("REMOTE_ADDR", "-")} - [{when}] "{environ.get("REQUEST_METHOD")} '
                f'{target} {environ.get("SERVER_PROTOCOL")}" {status} {size} {ms:.1f}ms\n')
        with self._lock:
            self.stream.write(line)
            self.stream.flush()


def _server(app: Any, host: str, port: int, threads: int, body_limit: int) -> Any:
    """One process's waitress on the sockets bound here (``api.http.connections``)."""
    from api.http.connections import Serving

    return Serving(app, _listen(host, port), threads=threads, body_limit=body_limit)


def _listen(host: str, port: int) -> list[socket.socket]:
    """Listening sockets on every address ``host`` resolves to, as waitress binds them, all on one
    port (with ``port`` 0, the one the first socket got). Bound here, in the master, so that a bad
    host or a busy port is a ``UsageError`` before any worker starts."""
    try:
        found = socket.getaddrinfo(host, port, socket.AF_UNSPEC, socket.SOCK_STREAM,
                                   socket.IPPROTO_TCP, socket.AI_PASSIVE)
    except (OSError, UnicodeError):  # waitress's words for the same fault
        raise UsageError(f"cannot listen on {host}:{port}: Invalid host/port specified.") from None
    sockets: list[socket.socket] = []
    seen: set[tuple] = set()
    try:
        for family, kind, proto, _, address in found:
            if address[:2] in seen:
                continue
            seen.add(address[:2])
            if sockets and port == 0:
                address = (address[0], sockets[0].getsockname()[1], *address[2:])
            sock = socket.socket(family, kind, proto)
            sockets.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
            sock.listen(BACKLOG)
    except OSError as err:
        for sock in sockets:
            sock.close()
        raise UsageError(f"cannot listen on {host}:{port}: {err.strerror or err}") from None
    return sockets


def _gunicorn_available() -> bool:
    try:
        import gunicorn.app.base  # noqa: F401  (not on Windows: it needs fcntl)
    except ImportError:
        return False
    return True


def _gunicorn_settings(sockets: list[socket.socket], workers: int, threads: int, body_limit: int,
                       store: Any) -> dict[str, Any]:
    """gunicorn's settings for ``--workers N``: the sockets bound here (``fd://``), workers that
    serve them with waitress (``api.http.connections.worker_class``), the app's own access log
    (gunicorn's off), its warnings and errors on stderr, proxy headers trusted from nobody (as under
    waitress), and each worker's store closed when it exits."""
    from api.http.connections import worker_class

    return {
        "bind": [f"fd://{sock.detach()}" for sock in sockets],  # gunicorn owns them from here
        "workers": workers, "worker_class": worker_class(threads, body_limit), "threads": threads,
        "preload_app": True, "proc_name": "referee", "graceful_timeout": GRACE_SECONDS,
        "loglevel": "warning", "errorlog": "-", "accesslog": None, "forwarded_allow_ips": "",
        "worker_exit": lambda arbiter, worker: store.close(),
        "control_socket_disable": True,  # gunicorn >= 25.1 would open $XDG_RUNTIME_DIR/gunicorn.ctl
    }


OPTIONAL_SETTINGS = {"control_socket_disable"}  # settings that older gunicorns do not have


def _run_gunicorn(wsgi: Callable, settings: dict[str, Any]) -> int:
    """Run gunicorn's master until SIGTERM or Ctrl-C; its exit status, in the master. In a worker,
    gunicorn's ``sys.exit`` at the worker's end goes on up (the worker's own status)."""
    from gunicorn.app.base import BaseApplication

    class Workers(BaseApplication):
        def load_config(self) -> None:
            for name, value in settings.items():
                if name in self.cfg.settings or name not in OPTIONAL_SETTINGS:
                    self.cfg.set(name, value)

        def load(self) -> Callable:
            return wsgi

    master = os.getpid()
    try:
        Workers().run()
    except SystemExit as stop:
        if os.getpid() != master:
            raise
        return 0 if stop.code in (None, 0) else 1  # gunicorn has said why on stderr
    return 0


def _loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only."""
    from ipaddress import ip_address

    try:
        return host == "localhost" or ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def serve(*, host: Optional[str], port: int, threads: int, db: Optional[str],
          access_log: Optional[str], queue_warnings: bool, workers: int = 1,
          table: bool = False) -> int:
    """Run the API until SIGTERM or Ctrl-C; print where it listens and which database it uses.
    ``table``: listen on the LAN address (unless ``host`` is given), print the page's URL, its QR
    code and a pairing code for phones (``api.http.pairing``)."""
    from api.http.app import create_app
    from api.http.context import STORE
    from api.http.pairing import CODE, URL, announce, lan_address, new_code

    config: dict[str, Any] = {"REFEREE_DB": db} if db else {}
    if table:
        host = host or lan_address()
        config[CODE] = new_code()
    host = host or "127.0.0.1"

    if workers > 1 and not _gunicorn_available():
        print(f"referee: warning: gunicorn is not available here: one process serves, not "
              f"{workers}", file=sys.stderr, flush=True)
        workers = 1
    logging.getLogger(QUEUE_LOGGER).setLevel(logging.WARNING if queue_warnings else logging.ERROR)
    app = create_app(config or None)
    store = app.extensions[STORE]
    if app.config["REFEREE_PUBLIC_READS"] and not _loopback(host):
        print(f"referee: warning: REFEREE_PUBLIC_READS=1 on {host}: every stored game and ruling "
              "can be read by anyone who reaches this address", file=sys.stderr, flush=True)

    def tell_table(bound_host: str, bound_port: int) -> None:
        if table:
            if bound_host in ("0.0.0.0", "::", ""):  # every address: a phone needs a real one
                bound_host = lan_address()
            shown = f"[{bound_host}]" if ":" in bound_host else bound_host
            app.config[URL] = f"http://{shown}:{bound_port}"
            announce(app.config[URL], app.config[CODE], sys.stderr)

    log_file: Optional[TextIO] = None
    wsgi: Any = app
    try:
        if access_log:
            log_file = sys.stderr if access_log == "-" else open(access_log, "a", encoding="utf-8")
            wsgi = AccessLog(app, log_file)
        if workers > 1:
            sockets = _listen(host, port)
            bound_host, bound_port = sockets[0].getsockname()[:2]
            shown = f"[{bound_host}]" if ":" in bound_host else bound_host
            print(f"referee: serving on http://{shown}:{bound_port} ({workers} workers, {threads} "
                  f"threads each, database {store.path})", file=sys.stderr, flush=True)
            tell_table(bound_host, bound_port)
            settings = _gunicorn_settings(sockets, workers, threads,
                                          app.config["MAX_CONTENT_LENGTH"], store)
            store.close()  # before the fork: every worker opens connections of its own
            return _run_gunicorn(wsgi, settings)
        server = _server(wsgi, host, port, threads, app.config["MAX_CONTENT_LENGTH"])
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        where = f"http://{getattr(server, 'effective_host', host)}:" \
                f"{getattr(server, 'effective_port', port)}"
        print(f"referee: serving on {where} ({threads} threads, database {store.path})",
              file=sys.stderr, flush=True)
        tell_table(str(getattr(server, "effective_host", host)),
                   int(getattr(server, "effective_port", port)))
        try:
            server.run()
        except (KeyboardInterrupt, SystemExit):  # Ctrl-C or SIGTERM: a normal stop
            pass
        finally:
            server.close()
    finally:
        store.close()
        if log_file is not None and log_file is not sys.stderr:
            log_file.close()
    return 0
