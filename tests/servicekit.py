"""Helpers for the service tests (API, store, audit): documents, an app over a temporary database,
keys for each role, and writers that run in other threads or processes."""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path

from api.http.app import STORE, create_app
from api.http.auth import ROLES
from api.documents.documents import adjudicate_data
from api.store.store import Store
from rulesbook.tw16.selfplay import document, play_hand

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = json.loads((ROOT / "examples" / "discard-win.json").read_text(encoding="utf-8"))
TABLES = ("games", "events", "revisions", "api_keys")


def example(n: int = 0) -> dict:
    """The example document, made distinct by its stake (base 100 + n): another game each n."""
    doc = copy.deepcopy(EXAMPLE)
    doc["ruleset"]["base"] = 100 + n
    return doc


def hand_documents(n: int, seed: int = 7) -> list[dict]:
    rng = random.Random(seed)
    return [document(play_hand(rng)) for _ in range(n)]


def make_app(db: Path, **config):
    return create_app({"REFEREE_DB": str(db), "TESTING": True, **config})


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def role_headers(store: Store) -> dict[str, dict]:
    """A fresh key for every role, as request headers."""
    return {role: bearer(store.create_key(role, f"test {role}")[1]) for role in ROLES}


def store_of(app) -> Store:
    return app.extensions[STORE]


def counts(store: Store) -> dict[str, int]:
    return {t: store.db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES}


# --- writers for the concurrency tests (top level: a process must be able to run them) -----------

RULING = adjudicate_data(EXAMPLE)


def add_revisions(db, game_id: int, n: int) -> None:
    """``n`` reviews of a game, through ``db`` (a shared Store) or a Store of its own (a path)."""
    store = db if isinstance(db, Store) else Store(db)
    for _ in range(n):
        store.add_revision(game_id, kind="review", by={"key": None, "role": "cli"}, reason="check")


def add_games(db: str, first: int, n: int) -> None:
    store = Store(db)
    for k in range(first, first + n):
        store.add_game(example(k), RULING, by={"key": None, "role": "cli"})
