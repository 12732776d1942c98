"""``referee serve``: the HTTP API under waitress.

What the operator can get wrong (a host that does not resolve, a port in use or not allowed) is a
``UsageError`` naming the address, not an internal error. waitress's "Task queue depth" warnings
(every request that waits for a free thread) are off unless asked for; an access log, one line per
request, is written on request.
"""
from __future__ import annotations

import logging
import signal
import sys
import threading
import time
from datetime import datetime, timezone
from typing import Any, Callable, Iterable, Optional, TextIO

from .documents import UsageError

QUEUE_LOGGER = "waitress.queue"


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
    from waitress import create_server

    # waitress refuses absurd bodies itself (plain text); anything up to 16x the limit reaches the
    # app and gets the JSON 413
    try:
        return create_server(app, host=host, port=port, threads=threads,
                             max_request_body_size=16 * body_limit, ident="referee")
    except (OSError, ValueError) as err:  # ValueError: waitress could not resolve the host
        reason = getattr(err, "strerror", None) or str(err)
        raise UsageError(f"cannot listen on {host}:{port}: {reason}") from None


def serve(*, host: str, port: int, threads: int, db: Optional[str], access_log: Optional[str],
          queue_warnings: bool) -> int:
    """Run the API until SIGTERM or Ctrl-C; print where it listens and which database it uses."""
    from .app import create_app
    from .context import STORE

    logging.getLogger(QUEUE_LOGGER).setLevel(logging.WARNING if queue_warnings else logging.ERROR)
    app = create_app({"REFEREE_DB": db} if db else None)
    store = app.extensions[STORE]
    log_file: Optional[TextIO] = None
    wsgi: Any = app
    try:
        if access_log:
            log_file = sys.stderr if access_log == "-" else open(access_log, "a", encoding="utf-8")
            wsgi = AccessLog(app, log_file)
        server = _server(wsgi, host, port, threads, app.config["MAX_CONTENT_LENGTH"])
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        where = f"http://{getattr(server, 'effective_host', host)}:" \
                f"{getattr(server, 'effective_port', port)}"
        print(f"referee: serving on {where} ({threads} threads, database {store.path})",
              file=sys.stderr, flush=True)
        try:
            server.run()
        except KeyboardInterrupt:  # Ctrl-C: a normal stop
            pass
        finally:
            server.close()
    finally:
        store.close()
        if log_file is not None and log_file is not sys.stderr:
            log_file.close()
    return 0
