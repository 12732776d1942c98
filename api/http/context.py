"""What the HTTP app and its views share: the one error envelope, the running app's store, the
request's document. Imports neither the app nor the views."""
from __future__ import annotations

import json
from http import HTTPStatus
from typing import Any, Optional

from flask import current_app, g

from api.documents.jsonvalues import bound_errors, clip, error_count, printable
from api.limits import MAX_PATH, MAX_REASON
from api.store.store import Store

STORE = "referee.store"  # the app's extension key for its Store
MAX_MESSAGE = MAX_PATH + MAX_REASON + 200  # an envelope's message: a fault's path and reason, and words
NO_BODY = object()  # g.body of a request without one (a JSON body may be null)


class ApiError(Exception):
    """An error answered with the envelope: ``code`` the HTTP status, ``status`` its stable
    snake_case name, ``errors`` JSON path -> reasons."""

    def __init__(self, code: int, status: str, message: str,
                 errors: Optional[dict[str, list[str]]] = None,
                 headers: Optional[dict[str, str]] = None):
        super().__init__(message)
        self.code, self.status, self.message = code, status, message
        self.errors = errors or {}
        self.headers = headers or {}


def envelope(code: int, status: str, message: str, errors: Optional[dict] = None,
             headers: Any = None) -> tuple[dict, int, Any]:
    """An error response (body, HTTP status, headers): the one envelope, its errors bounded and
    everything in it printable as UTF-8 (``api.documents.jsonvalues.bound_errors``)."""
    body = {"code": code, "status": status, "message": printable(clip(message, MAX_MESSAGE)),
            "errors": bound_errors(errors) if errors else {}}
    return body, code, headers or {}


def envelope_bytes(code: int, status: str, message: str) -> bytes:
    """The envelope as the bytes of a response body, for what answers outside Flask (the server's
    own refusals, the doubled-slash redirect)."""
    body, _, _ = envelope(code, status, message)
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


def status_name(code: int) -> str:
    """An HTTP status's stable snake_case name: 405 ``method_not_allowed``."""
    try:
        return HTTPStatus(code).phrase.lower().replace(" ", "_").replace("-", "_")
    except ValueError:
        return "error"


def body_too_large(limit: int) -> str:
    """The message of a 413, from the app or from the server that read the body."""
    return f"the body is larger than the limit of {limit} bytes (REFEREE_MAX_BODY)"


def first_error(errors: dict[str, list[str]]) -> str:
    """``path: reason``, the first fault, with how many more there are."""
    errors = bound_errors(errors)
    path, reasons = next(((p, r) for p, r in errors.items() if r), ("", []))
    if not reasons:
        return ""
    reason, total = reasons[0], error_count(errors)
    more = f" (and {total - 1:,} more)" if total > 1 else ""
    return (f"{path}: {reason}" if path else reason) + more


def invalid(errors: dict[str, list[str]], what: str = "request",
            status: str = "invalid_request") -> ApiError:
    """422: the request (or the document it carries) is not valid, at these JSON paths."""
    return ApiError(422, status, f"the {what} is not valid: " + first_error(errors), errors)


def store() -> Store:
    return current_app.extensions[STORE]


def document_body() -> object:
    """The request's document; 400 when the body is empty."""
    if g.body is NO_BODY:
        raise ApiError(400, "missing_body", "the request has no body: send an mjref/1 document as "
                       "JSON (Content-Type: application/json)")
    return g.body
