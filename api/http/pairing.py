"""Pairing a phone with the table server: ``referee serve --table``.

The server listens on the machine's address on the local network (``lan_address``) and prints the
page's URL, a QR code of it and a pairing code of six digits. The phone opens the URL (or scans
the QR code, whose URL carries the code after ``#pair=``: a fragment, never sent in a request) and
sends the code to ``POST /v1/pair``; the answer is a new API key with the role ``referee`` that
expires after ``KEY_HOURS`` hours, which the page keeps in the browser. Nobody types a token.

The code is made once per run (``new_code``) and given to the app (``REFEREE_PAIRING_CODE``), so
every worker process knows it. Guessing it is slowed: after ``FREE_TRIES`` wrong codes a process
answers 429 to every try for ``LOCK_SECONDS`` seconds (6 digits at 5 tries in 30 s take weeks).
``GET /v1/pairing`` gives the URL, the code and the QR code (SVG) to the server's own machine only
(a request from a loopback address or the server's own, with no proxy header), so the page opened there shows them to
the phones around it; anyone else gets 403. Without ``--table`` pairing is off (404).
"""
from __future__ import annotations

import hmac
import secrets
import socket
import threading
import time
from datetime import datetime, timedelta, timezone
from ipaddress import ip_address
from typing import Optional, TextIO
from urllib.parse import urlsplit

from flask import current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

from api.http.auth import requires
from api.http.context import ApiError, store

CODE_DIGITS = 6
KEY_HOURS = 8
FREE_TRIES = 5
LOCK_SECONDS = 30
CODE = "REFEREE_PAIRING_CODE"
URL = "REFEREE_TABLE_URL"
PROXY_HEADERS = ("X-Forwarded-For", "Forwarded", "X-Real-IP", "X-Forwarded-Host")


def new_code() -> str:
    return f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"


def lan_address() -> str:
    """The address this machine has on its local network: the one the system would send from to
    reach another network (a UDP socket "connected" to a documentation address sends nothing);
    127.0.0.1 when there is no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): routed, never answered
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def pair_url(base: str, code: str) -> str:
    return f"{base}/#pair={code}"


def qr_svg(text: str) -> str:
    import segno

    return segno.make(text, error="m").svg_inline(scale=4, dark="#000", light="#fff")


def announce(base: str, code: str, stream: TextIO) -> None:
    """The URL, its QR code (with the pairing code in it) and the code, on the terminal."""
    import segno

    stream.write(f"referee: open {base}/ on a phone on this network, or scan:\n")
    segno.make(pair_url(base, code), error="m").terminal(out=stream, compact=True)
    stream.write(f"referee: pairing code {code} (a paired phone's key lasts {KEY_HOURS} hours; "
                 f"the page at {base}/ on this machine shows the code too)\n")
    stream.flush()


class _Tries:
    """Wrong codes in this process: after ``FREE_TRIES`` of them, ``LOCK_SECONDS`` of 429."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.wrong = 0
        self.until = 0.0

    def check(self, code: str, given: str) -> bool:
        with self.lock:
            now = time.monotonic()
            if now < self.until:
                wait = int(self.until - now) + 1
                raise ApiError(429, "too_many_tries",
                               f"too many wrong pairing codes: try again in {wait} s",
                               headers={"Retry-After": str(wait)})
            if hmac.compare_digest(code.encode(), given.encode()):
                self.wrong = 0
                return True
            self.wrong += 1
            if self.wrong >= FREE_TRIES:
                self.wrong, self.until = 0, now + LOCK_SECONDS
            return False


TRIES = _Tries()


def _code() -> str:
    code = current_app.config.get(CODE)
    if not code:
        raise ApiError(404, "not_found", "pairing is off: start the server with "
                                         "'referee serve --table'")
    return code


def local_request() -> bool:
    """Whether the request comes from this machine itself (a loopback address, or the address the
    table server listens on), not through a proxy."""
    try:
        sender = ip_address(request.remote_addr or "")
    except ValueError:
        return False
    ours = urlsplit(current_app.config.get(URL) or "").hostname
    own = sender.is_loopback or (ours is not None and str(sender) == ours)
    return own and not any(h in request.headers for h in PROXY_HEADERS)


class PairRequest(Schema):
    code = fields.String(required=True, validate=validate.Regexp(
        rf"^\d{{{CODE_DIGITS}}}$", error=f"the pairing code is {CODE_DIGITS} digits"),
        metadata={"description": "the code 'referee serve --table' printed"})
    label = fields.String(load_default="paired phone", validate=validate.Length(max=80))


class PairedSchema(Schema):
    key = fields.String(metadata={"description": "an API key with the role referee"})
    role = fields.String()
    expires = fields.String()


class PairingSchema(Schema):
    url = fields.String()
    code = fields.String()
    qr = fields.String(metadata={"description": "the QR code of the URL with the code, as SVG"})
    hours = fields.Integer()


blp = Blueprint("pairing", __name__, url_prefix="/v1",
                description="Pairing a phone with a table server (referee serve --table).")


@blp.route("/pair")
class Pair(MethodView):
    @requires(None)
    @blp.doc(security=[])
    @blp.arguments(PairRequest)
    @blp.response(201, PairedSchema)
    def post(self, args):
        """Exchange the pairing code for a referee's key that expires

        Open to anyone who has the code; wrong codes are slowed (429)."""
        if not TRIES.check(_code(), args["code"]):
            raise ApiError(403, "forbidden", "wrong pairing code: it is shown where the server "
                                             "runs")
        until = datetime.now(timezone.utc) + timedelta(hours=KEY_HOURS)
        expires = until.isoformat(timespec="milliseconds").replace("+00:00", "Z")
        label = f"{args['label']}, until {expires[:16].replace('T', ' ')} UTC"  # in keys list
        record, token = store().create_key("referee", label, expires=expires)
        return {"key": token, "role": record["role"], "expires": record["expires"]}


@blp.route("/pairing")
class Pairing(MethodView):
    @requires(None)
    @blp.doc(security=[])
    @blp.response(200, PairingSchema)
    def get(self):
        """The pairing code, URL and QR code: for the server's own machine only"""
        _code()
        shown = pairing_info()
        if shown is None:
            raise ApiError(403, "forbidden", "the pairing code is shown only on the server's "
                                             "own machine")
        return shown


def pairing_info() -> Optional[dict]:
    """What the server's own machine is shown to pair phones (URL, code, QR code as SVG, how
    long a key lasts); None where pairing is off or the request comes from elsewhere."""
    code = current_app.config.get(CODE)
    if not code or not local_request():
        return None
    base = current_app.config.get(URL) or request.host_url.rstrip("/")
    return {"url": base + "/", "code": code, "qr": qr_svg(pair_url(base, code)),
            "hours": KEY_HOURS}
