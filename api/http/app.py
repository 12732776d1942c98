"""The referee's HTTP API: ``create_app`` builds the Flask app (flask-smorest, OpenAPI at
``/openapi.json``, browsable docs at ``/docs``, the table page at ``/``: ``api.page.web``).

Every request but ``/healthz`` and the docs carries ``Authorization: Bearer <key>``; the key's role
must grant the endpoint's permission (``api.http.auth``). Every error, ours, Flask's, werkzeug's or
flask-smorest's, leaves as one JSON envelope ``{"code", "status", "message", "errors"}``; an
unexpected exception is logged with its traceback and answered 500 without it.

Configuration (``create_app(config)`` keys, else the environment variable of the same name):
``REFEREE_DB`` (the SQLite file, default ``api.store.store.default_path()``), ``REFEREE_PUBLIC_READS``
(``1``: GETs and ``POST /v1/rulings`` need no key), ``REFEREE_MAX_BODY`` (bytes, default 1 MiB;
larger bodies get 413).
"""
from __future__ import annotations

import os
import re
import sqlite3
import uuid
from typing import Any, Callable, Iterable, Mapping, Optional
from urllib.parse import quote, urlsplit

from flask import Flask, current_app, g, request
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from api.http.auth import DOING, PERMISSIONS, PUBLIC, READ, roles_with
from api.http.context import (NO_BODY, STORE, ApiError, body_too_large, envelope, envelope_bytes,
                      first_error, invalid, status_name, store)
from api import limits
from api.documents.jsonvalues import JsonError, decode_json
from api.store.store import Conflict, NotFound, Store, StoreError, default_path
from api.page.web import NAME as WEB
from api.page.web import SWAGGER_UI_ASSETS, web
from api.http.wire import ErrorSchema, SchemaExtras, describe_loader

MAX_BODY = limits.MAX_BODY  # REFEREE_MAX_BODY's default, the command line's bound on a document
DOCS = "api-docs"  # flask-smorest's blueprint for /openapi.json and /docs
SWAGGER_UI = SWAGGER_UI_ASSETS  # served by api.page.web from the swagger-ui-bundle package: no CDN
BODY_METHODS = ("POST", "PUT", "PATCH")


class ConfigError(ValueError):
    """A ``REFEREE_*`` setting that cannot be used."""


# --- configuration -----------------------------------------------------------------------------


def _flag(name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("", "0", "false", "no", "off"):
        return False
    raise ConfigError(f"{name} must be 1 or 0, not {value!r}")


def _size(name: str, value: object) -> int:
    try:
        size = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        size = 0
    if size <= 0:
        raise ConfigError(f"{name} must be a positive number of bytes, not {value!r}")
    return size


def _settings(config: Optional[Mapping[str, Any]]) -> dict[str, Any]:
    given = dict(config or {})
    env = os.environ
    return {
        "REFEREE_DB": str(given.pop("REFEREE_DB", None) or default_path()),
        "REFEREE_PUBLIC_READS": _flag("REFEREE_PUBLIC_READS", given.pop(
            "REFEREE_PUBLIC_READS", env.get("REFEREE_PUBLIC_READS", ""))),
        "REFEREE_MAX_BODY": _size("REFEREE_MAX_BODY", given.pop(
            "REFEREE_MAX_BODY", env.get("REFEREE_MAX_BODY", MAX_BODY))),
        **given,
    }


class RefereeApi(Api):
    """flask-smorest's Api with the referee's error envelope for every ``HTTPException``."""

    ERROR_SCHEMA = ErrorSchema

    def handle_http_exception(self, error: HTTPException):
        return _http_error(error)


def create_app(config: Optional[Mapping[str, Any]] = None) -> Flask:
    """The API app. ``config``: Flask settings and the ``REFEREE_*`` keys of the module docstring."""
    app = Flask("api", static_folder=None)  # the table page's files: api.page.web's blueprint
    app.config.update(
        API_TITLE="The mahjong referee", API_VERSION="1", OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/", OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="docs", OPENAPI_SWAGGER_UI_URL=SWAGGER_UI,
        OPENAPI_SWAGGER_UI_CONFIG={"validatorUrl": None},  # no badge fetched from the internet
        API_SPEC_OPTIONS={
            "info": {"description": "Rules recorded mahjong hands (mjref/1 documents) and keeps "
                                    "games with every revision of their rulings. For people: "
                                    "[the table page](/)."},
            "components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
            "security": [{"bearer": []}],
        },
    )
    app.config.update(_settings(config))
    app.config["MAX_CONTENT_LENGTH"] = app.config["REFEREE_MAX_BODY"]
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep the ruling's own order
    app.json.ensure_ascii = False  # type: ignore[attr-defined]  # as the CLI prints it

    app.extensions[STORE] = Store(app.config["REFEREE_DB"])
    api = RefereeApi(app, spec_kwargs={"extra_plugins": [SchemaExtras()]})
    describe_loader(api)
    from api.http.routes import BLUEPRINTS, CONVERTERS

    app.url_map.converters.update(CONVERTERS)
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    app.register_blueprint(web)

    app.before_request(_authorize)
    app.before_request(_read_body)
    app.register_error_handler(ApiError, _api_error)
    app.register_error_handler(StoreError, _store_error)
    app.register_error_handler(Exception, _internal_error)
    app.wsgi_app = SingleSlashes(app.wsgi_app)  # type: ignore[method-assign]
    return app


class SingleSlashes:
    """WSGI middleware: a path with doubled slashes (``//games/1``, an ordinary typo) is answered
    308 to its clean form, before any route sees it. A page served at ``//games/1`` would have a
    browser resolve a link like ``//v1/…`` as another host's, which must never happen. The
    ``Location`` is a path on this host with every slash single and every unsafe character
    quoted (``/\\host`` too is another host to a browser); the query string is kept."""

    SAFE = "/:@!$&'()*+,;=-._~"  # RFC 3986 pchar, and the slash

    def __init__(self, app: Callable):
        self.app = app

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        # the path as the client sent it: waitress's PATH_INFO has lost a leading "//" already
        raw = environ.get("REQUEST_URI") or environ.get("RAW_URI") or ""
        if "://" in raw.split("?", 1)[0]:  # absolute-form, as a proxy sends it
            raw = urlsplit(raw).path
        path = raw.split("?", 1)[0] if raw.startswith("/") else \
            environ.get("SCRIPT_NAME", "") + environ.get("PATH_INFO", "")
        if "//" not in path:
            return self.app(environ, start_response)
        clean = re.sub("/{2,}", "/", path).encode("latin-1", "replace")  # WSGI's str of bytes
        location = quote(clean, safe=self.SAFE + "%")
        query = environ.get("QUERY_STRING")
        if query:
            location += "?" + quote(query, safe=self.SAFE + "?%")
        data = envelope_bytes(308, "permanent_redirect", "this path has doubled slashes; its "
                              f"clean form is {location}")
        start_response("308 Permanent Redirect", [
            ("Location", location), ("Content-Type", "application/json"),
            ("Content-Length", str(len(data)))])
        return [data]


# --- who may ---------------------------------------------------------------------------------


def _permission() -> Optional[str]:
    """The permission the matched view needs; None for the docs, the table page, OPTIONS, or no
    route (404/405)."""
    if request.endpoint is None or request.blueprint in (DOCS, WEB) or request.method == "OPTIONS":
        return None
    view = current_app.view_functions[request.endpoint]
    cls = getattr(view, "view_class", None)
    if cls is not None:
        method = request.method.lower()
        view = getattr(cls, method, None) or (getattr(cls, "get", None) if method == "head" else None)
    return getattr(view, "_requires", READ)  # a view that does not say is not open


def _unauthorized(message: str) -> ApiError:
    return ApiError(401, "unauthorized", message, headers={"WWW-Authenticate": "Bearer"})


def _bearer() -> Optional[str]:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise _unauthorized("the Authorization header must be 'Bearer <key>'")
    return token.strip()


def _authorize() -> None:
    need = _permission()
    g.who = None
    if need is None:
        return
    token = _bearer()
    if token is None:
        if need in PUBLIC and current_app.config["REFEREE_PUBLIC_READS"]:
            return
        raise _unauthorized("this request needs an API key: send the header "
                            "'Authorization: Bearer <key>'")
    found = store().key_for(token)
    if found is None:
        raise _unauthorized("unknown or revoked API key")
    key_id, role = found
    if need not in PERMISSIONS[role]:
        raise ApiError(403, "forbidden", f"a key with role {role} may not {DOING[need]}; that needs "
                       f"the role {' or '.join(roles_with(need))}")
    g.who = {"key": key_id, "role": role}


# --- the body ----------------------------------------------------------------------------------


def _read_body() -> None:
    """Decode a JSON body once (``g.body``; ``NO_BODY`` when there is none): 413 over the limit,
    415 if not sent as JSON, 400 if it is not JSON (``api.documents.jsonvalues.decode_json``: its errors at
    their JSON paths)."""
    g.body = NO_BODY
    if request.method not in BODY_METHODS or request.endpoint is None:
        return
    data = request.get_data(cache=True)  # raises 413 past MAX_CONTENT_LENGTH
    if not data:
        return
    if not request.is_json:
        raise ApiError(415, "unsupported_media_type", "send the body as JSON, with the header "
                       f"'Content-Type: application/json' (not {request.mimetype or 'none'})")
    try:
        g.body = decode_json(data)
    except JsonError as err:
        raise ApiError(400, "invalid_json", "the body is not JSON the referee can read: "
                       + first_error(err.errors), err.errors) from None


# --- errors -------------------------------------------------------------------------------------


def _request_errors(messages: Mapping[str, Any]) -> dict[str, list[str]]:
    """webargs' ``{"json": {...}, "query": {...}}`` as paths: body fields as JSON paths (as in a
    document's errors), query parameters as ``query.<name>``."""
    from api.documents.schemas.tw16 import error_paths

    out: dict[str, list[str]] = {}
    for location, tree in messages.items():
        for path, reasons in error_paths(tree, "" if location == "json" else location).items():
            out.setdefault(path, []).extend(reasons)
    return out


def _http_error(error: HTTPException):
    """werkzeug's and flask-smorest's errors (404, 405, 413, a body webargs rejects …). A 500 is
    Flask's wrapper of an exception nothing handled: it gets the one internal-error envelope."""
    code = error.code or 500
    if code == 500:
        return _unexpected(getattr(error, "original_exception", None) or error)
    headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
    data = getattr(error, "data", None) or {}
    if "messages" in data:  # webargs: 422 a field, 400 a body it could not parse
        errors = _request_errors(data["messages"])
        if code != 422:
            return envelope(code, "invalid_json" if code == 400 else status_name(code),
                            "the request is not valid: " + first_error(errors), errors, headers)
        return _api_error(invalid(errors))
    messages = {
        404: f"no such endpoint: {request.method} {request.path}",
        405: f"{request.method} is not allowed on {request.path}; allowed: "
             f"{headers.get('Allow', 'none')}",
        413: body_too_large(current_app.config["MAX_CONTENT_LENGTH"]),
    }
    status = {413: "body_too_large"}.get(code, status_name(code))
    return envelope(code, status, messages.get(code, error.description or status), None, headers)


def _api_error(error: ApiError):
    return envelope(error.code, error.status, error.message, error.errors, error.headers)


def _store_error(error: StoreError):
    if not isinstance(error, (NotFound, Conflict)):  # the database cannot be used: ours to mend
        return _unexpected(error)
    return envelope(404 if isinstance(error, NotFound) else 409, error.status, str(error))


def _internal_error(error: Exception):
    if isinstance(error, HTTPException):  # one raised outside flask-smorest's reach
        return _http_error(error)
    if isinstance(error, sqlite3.OperationalError) and "locked" in str(error):
        return envelope(503, "busy", "the database is busy; try again", None, {"Retry-After": "1"})
    return _unexpected(error)


def _unexpected(error: BaseException):
    """500 for a defect of ours: the traceback goes to the log under a reference, never out."""
    ref = uuid.uuid4().hex[:12]
    current_app.logger.error("internal error %s on %s %s", ref, request.method, request.path,
                             exc_info=error)
    return envelope(500, "internal_error", f"internal error (reference {ref}); it has been logged")
