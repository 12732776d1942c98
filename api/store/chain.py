"""Tamper evidence: every stored revision carries a SHA-256 chained to the one stored before it.

The revisions of the whole store form one chain in the order they were written (``seq`` 1, 2, …,
across games). A revision's ``hash`` is the SHA-256 of the previous revision's hash (``GENESIS``
for the first) and of everything the revision says, exactly as stored: its game and number, kind,
time, who, rulebook, options, reason, the revision it reviews, corrections and ruling JSON, and its
game's record (kind, variant, players, time, who, the digest of the document, the SHA-256 of the
document as stored and of the bytes received, ``games.body``). Changing, removing or inserting any
of these anywhere breaks the chain from there on; ``api.store.verify`` finds the first break.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Optional

GENESIS = "0" * 64

#: the game's columns a revision's hash covers (``body`` and ``document`` by their SHA-256)
GAME_FIELDS = ("id", "kind", "variant", "players", "hands", "digest", "created", "key_id", "role")
#: the revision's columns its hash covers, as stored (``seq`` and ``hash`` are the chain itself)
REVISION_FIELDS = ("seq", "game_id", "revision", "kind", "created", "rulebook", "options", "reason",
                   "reviews", "key_id", "role", "corrections", "ruling")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def game_material(game: dict[str, Any]) -> list:
    """What a revision's hash covers of its game: its columns, its document's and body's hashes
    (no body, as for a game stored before schema 5 or without the bytes: ``None``)."""
    body: Optional[bytes] = game["body"]
    return [*(game[name] for name in GAME_FIELDS), sha256(game["document"].encode("utf-8")),
            None if body is None else sha256(bytes(body))]


def revision_hash(previous: str, revision: dict[str, Any], game: list) -> str:
    """The hash of ``revision`` (a row: ``REVISION_FIELDS``) after ``previous``, in the game whose
    ``game_material`` is ``game``."""
    material = [previous, *(revision[name] for name in REVISION_FIELDS), *game]
    return sha256(json.dumps(material, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
