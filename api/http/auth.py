"""Who may do what: API keys and their roles.

A key is a random token (``secrets.token_urlsafe``) shown once when it is made; only its SHA-256 is
stored. A password hash (bcrypt, scrypt) would cost more than a whole ruling on every request, and a
token of 256 random bits needs no stretching.

Each endpoint needs one permission; a role is the set of permissions it grants. With public reads
(``REFEREE_PUBLIC_READS=1``) the permissions in ``PUBLIC`` need no key at all.
"""
from __future__ import annotations

import hashlib
import secrets
from typing import Callable, Optional, TypeVar

READ = "read"  # games, their rulings and revisions
RULE = "rule"  # ask for a ruling (POST /v1/rulings, stores nothing)
RECORD = "record"  # store games, add revisions
KEYS = "keys"  # make, list and revoke API keys

PERMISSIONS: dict[str, frozenset[str]] = {
    "auditor": frozenset({READ, RULE}),
    "referee": frozenset({READ, RULE, RECORD}),
    "admin": frozenset({READ, RULE, RECORD, KEYS}),
}
ROLES = tuple(PERMISSIONS)
PUBLIC = frozenset({READ, RULE})  # open to anyone when the operator opts into public reads

DOING = {READ: "read games", RULE: "ask for rulings", RECORD: "store games or add revisions",
         KEYS: "manage API keys"}

F = TypeVar("F", bound=Callable)


def requires(permission: Optional[str]) -> Callable[[F], F]:
    """Mark a view with the permission it needs (``None``: open to anyone, like ``/healthz``)."""

    def mark(view: F) -> F:
        view._requires = permission  # type: ignore[attr-defined]
        return view

    return mark


def new_token() -> str:
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def roles_with(permission: str) -> list[str]:
    return [role for role, perms in PERMISSIONS.items() if permission in perms]
