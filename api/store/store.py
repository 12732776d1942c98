"""The store: recorded games, their events and every ruling revision, in one SQLite file.

``Store(path)`` opens the file (``default_path()``: ``REFEREE_DB``, else ``referee.db`` in the
user's data directory, e.g. ``~/.local/share/mahjong-referee/`` on Linux), creates or migrates its
schema (``PRAGMA user_version``) and turns on WAL so readers never wait for a writer. Each thread
gets its own connection.

The record is append-only: a game, its events and its revisions are never updated or deleted
(triggers refuse it, and refuse an insert that would replace a row: ``REPLACE`` deletes without
firing the delete triggers); a new ruling is a new revision. API keys are only ever revoked (the one
update allowed). Ids are SQLite's signed 64-bit integers: a larger one is not found. Every write is
one ``BEGIN IMMEDIATE`` transaction: it takes the write lock before reading the numbers it will
write (the next revision, a duplicate document), so concurrent writers in threads or processes
queue for the lock instead of colliding, and a write that fails leaves nothing behind.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import Any, Callable, Iterator, Optional

from sqlite_utils import Database

from api.http.auth import digest, new_token
from api.store.chain import GENESIS, REVISION_FIELDS, game_material, revision_hash
from api.limits import MAX_ROW_ID

DEFAULT_NAME = "referee.db"
APP_DIR = "mahjong-referee"  # the folder in the user's data directory (platformdirs)
ENV_PATH = "REFEREE_DB"
BUSY_SECONDS = 30.0  # how long a writer waits for the lock before giving up

Who = dict[str, Any]  # {"key": key id or None, "role": "referee" | "admin" | "cli"}
CLI: Who = {"key": None, "role": "cli"}


def default_path() -> str:
    """Where the store lives unless a path is given: ``$REFEREE_DB``, else ``referee.db`` in the
    user's data directory (created when needed), so that every command finds the same file
    whatever folder it runs from."""
    given = os.environ.get(ENV_PATH)
    if given:
        return given
    from platformdirs import user_data_path

    return str(user_data_path(APP_DIR, appauthor=False, ensure_exists=True) / DEFAULT_NAME)


class StoreError(Exception):
    """A request the store refuses; ``status`` is its stable snake_case name."""

    status = "store_error"


class NotFound(StoreError):
    status = "not_found"


class Conflict(StoreError):
    status = "conflict"


class DuplicateGame(Conflict):
    status = "duplicate_game"

    def __init__(self, game_id: int):
        self.game_id = game_id
        super().__init__(f"this document is already stored as game {game_id}")


class StaleRevision(Conflict):
    status = "stale_revision"


class AlreadyRevoked(Conflict):
    status = "already_revoked"


class SchemaTooNew(StoreError):
    status = "schema_too_new"


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def document_digest(document: object) -> str:
    """SHA-256 of the document's canonical JSON: the same record posted twice is one game."""
    canonical = json.dumps(document, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


# --- schema ------------------------------------------------------------------------------------


def _append_only(db: Database, table: str, actions: tuple[str, ...] = ("UPDATE", "DELETE")) -> None:
    for action in actions:
        db.execute(f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                   f"BEGIN SELECT RAISE(ABORT, '{table} are append-only'); END")


def _v1(db: Database) -> None:
    db["games"].create({"id": int, "kind": str, "variant": str, "players": str, "hands": int,
                        "digest": str, "document": str, "created": str, "key_id": int, "role": str},
                       pk="id", not_null={"kind", "variant", "players", "hands", "digest",
                                          "document", "created", "role"})
    db["games"].create_index(["digest"], unique=True)
    db["events"].create({"game_id": int, "hand": int, "at": int, "type": str, "player": str,
                         "tile": str},
                        pk=("game_id", "hand", "at"), not_null={"type"},
                        foreign_keys=[("game_id", "games", "id")])
    db["events"].create_index(["type"])
    db["events"].create_index(["player"])
    db["revisions"].create({"game_id": int, "revision": int, "kind": str, "created": str,
                            "rulebook": str, "options": str, "reason": str, "reviews": int,
                            "key_id": int, "role": str, "ruling": str},
                           pk=("game_id", "revision"),
                           not_null={"kind", "created", "rulebook", "options", "role", "ruling"},
                           foreign_keys=[("game_id", "games", "id")])
    db["api_keys"].create({"id": int, "sha256": str, "role": str, "label": str, "created": str,
                           "revoked": str},
                          pk="id", not_null={"sha256", "role", "created"})
    db["api_keys"].create_index(["sha256"], unique=True)
    for table in ("games", "events", "revisions"):
        _append_only(db, table)
    db.execute("CREATE TRIGGER api_keys_no_delete BEFORE DELETE ON api_keys "
               "BEGIN SELECT RAISE(ABORT, 'API keys are revoked, never deleted'); END")
    db.execute("CREATE TRIGGER api_keys_revoke_once BEFORE UPDATE ON api_keys "
               "WHEN OLD.revoked IS NOT NULL OR NEW.revoked IS NULL OR NEW.id IS NOT OLD.id "
               "OR NEW.sha256 IS NOT OLD.sha256 OR NEW.role IS NOT OLD.role "
               "OR NEW.label IS NOT OLD.label OR NEW.created IS NOT OLD.created "
               "BEGIN SELECT RAISE(ABORT, 'an API key can only be revoked, once'); END")


#: each table's keys: an insert that meets one of them is refused (``_v2``)
_KEYS = {"games": (("id",), ("digest",)), "events": (("game_id", "hand", "at"),),
         "revisions": (("game_id", "revision"),), "api_keys": (("id",), ("sha256",))}


def _v2(db: Database) -> None:
    """No insert may meet an existing row's key: ``INSERT OR REPLACE`` / ``REPLACE`` would delete
    that row without firing its DELETE trigger (SQLite fires them only with recursive_triggers,
    a per-connection setting), ``INSERT OR IGNORE`` would hide the change. An upsert is refused
    here too, before its DO UPDATE reaches the UPDATE triggers."""
    for table, keys in _KEYS.items():
        meets = " OR ".join(
            f"EXISTS (SELECT 1 FROM {table} WHERE "
            + " AND ".join(f"{column} = NEW.{column}" for column in key) + ")" for key in keys)
        db.execute(f"CREATE TRIGGER {table}_no_replace BEFORE INSERT ON {table} WHEN {meets} "
                   f"BEGIN SELECT RAISE(ABORT, '{table} are append-only: a row is never replaced'); "
                   "END")


def _v3(db: Database) -> None:
    """A review's corrections to the stored document (``api.http.reviews``), as JSON; NULL if none."""
    db.execute("ALTER TABLE revisions ADD COLUMN corrections TEXT")


def _v4(db: Database) -> None:
    """A key may expire (a phone paired by ``referee serve --table``): after ``expires`` it is
    refused as a revoked one is. Set when the key is made, never changed (the trigger)."""
    db.execute("ALTER TABLE api_keys ADD COLUMN expires TEXT")
    db.execute("CREATE TRIGGER api_keys_expires_fixed BEFORE UPDATE ON api_keys "
               "WHEN NEW.expires IS NOT OLD.expires "
               "BEGIN SELECT RAISE(ABORT, 'an API key can only be revoked, once'); END")


_GAME_MATERIAL = "id, kind, variant, players, hands, digest, created, key_id, role, document, body"


def _game_material(db: Database, game_id: int) -> list:
    cursor = db.execute(f"SELECT {_GAME_MATERIAL} FROM games WHERE id = ?", [game_id])
    names = [d[0] for d in cursor.description]
    return game_material(dict(zip(names, cursor.fetchone())))


def _v5(db: Database) -> None:
    """Tamper evidence (``api.store.chain``): the bytes a game was sent as (``games.body``; NULL for the
    games stored before), and each revision's place in the store's one chain (``seq``) and its
    ``hash``. The revisions stored before are chained in the order they were written (rowid), the
    one time an UPDATE trigger is lifted, inside the migration's transaction."""
    db.execute("ALTER TABLE games ADD COLUMN body BLOB")
    db.execute("ALTER TABLE revisions ADD COLUMN seq INTEGER")
    db.execute("ALTER TABLE revisions ADD COLUMN hash TEXT")
    db.execute("DROP TRIGGER revisions_no_update")
    previous, seq, after, games = GENESIS, 0, 0, {}
    columns = ", ".join(name for name in REVISION_FIELDS if name != "seq")
    while True:
        cursor = db.execute(f"SELECT rowid, {columns} FROM revisions WHERE rowid > ? ORDER BY rowid "
                            "LIMIT 20", [after])
        names = [d[0] for d in cursor.description]
        rows = [dict(zip(names, values)) for values in cursor.fetchall()]
        if not rows:
            break
        for row in rows:
            seq += 1
            if row["game_id"] not in games:
                games[row["game_id"]] = _game_material(db, row["game_id"])
            previous = revision_hash(previous, {**row, "seq": seq}, games[row["game_id"]])
            db.execute("UPDATE revisions SET seq = ?, hash = ? WHERE rowid = ?",
                       [seq, previous, row["rowid"]])
        after = rows[-1]["rowid"]
    db.execute("CREATE UNIQUE INDEX revisions_seq ON revisions (seq)")
    _append_only(db, "revisions", ("UPDATE",))


#: the migrations in order; the schema version is how many have run (``PRAGMA user_version``)
MIGRATIONS: tuple[Callable[[Database], None], ...] = (_v1, _v2, _v3, _v4, _v5)
SCHEMA_VERSION = len(MIGRATIONS)


@contextmanager
def _immediate(db: Database) -> Iterator[Database]:
    """One write transaction that holds the write lock from its first statement."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.rollback()
        raise
    else:
        try:
            db.commit()
        except BaseException:
            db.rollback()
            raise


def schema_version(db: Database) -> int:
    return db.execute("PRAGMA user_version").fetchone()[0]


def migrate(db: Database) -> int:
    """Bring the schema up to ``SCHEMA_VERSION`` in one transaction; running it again does nothing."""
    db.enable_wal()
    with _immediate(db):
        version = schema_version(db)
        if version > SCHEMA_VERSION:
            raise SchemaTooNew(f"the database has schema version {version}, newer than this "
                               f"referee knows ({SCHEMA_VERSION}); upgrade the referee")
        for migration in MIGRATIONS[version:]:
            migration(db)
        if version != SCHEMA_VERSION:
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    return SCHEMA_VERSION


# --- rows to JSON --------------------------------------------------------------------------------

_GAME_COLUMNS = "g.id, g.kind, g.variant, g.players, g.hands, g.created, g.key_id, g.role"
_REVISION_COLUMNS = ("game_id, revision, kind, created, rulebook, options, reason, reviews, key_id, "
                     "role, corrections, ruling, hash")


def _game(row: dict) -> dict:
    return {"id": row["id"], "kind": row["kind"], "variant": row["variant"],
            "players": json.loads(row["players"]), "hands": row["hands"], "created": row["created"],
            "by": {"key": row["key_id"], "role": row["role"]}, "revisions": row["revisions"]}


def _revision(row: dict, options: Any = None, ruling: Any = None) -> dict:
    """A revision row as JSON; ``options`` and ``ruling`` are decoded from the row unless given."""
    return {"game": row["game_id"], "revision": row["revision"], "kind": row["kind"],
            "created": row["created"], "by": {"key": row["key_id"], "role": row["role"]},
            "rulebook": row["rulebook"],
            "options": json.loads(row["options"]) if options is None else options,
            "reason": row["reason"], "reviews": row["reviews"],
            "corrections": json.loads(row["corrections"]) if row["corrections"] else None,
            "ruling": json.loads(row["ruling"]) if ruling is None else ruling, "hash": row["hash"]}


def _revision_text(row: dict) -> str:
    """A revision row as the JSON text of ``_revision(row)``, its options and ruling spliced in as
    stored (never decoded: a page of large rulings costs its bytes, not their objects)."""
    head = _compact({"game": row["game_id"], "revision": row["revision"], "kind": row["kind"],
                     "created": row["created"], "by": {"key": row["key_id"], "role": row["role"]},
                     "rulebook": row["rulebook"]})
    middle = _compact({"reason": row["reason"], "reviews": row["reviews"]})
    corrections = row["corrections"] or "null"
    return (f'{head[:-1]},"options":{row["options"]},{middle[1:-1]},"corrections":{corrections},'
            f'"ruling":{row["ruling"]},"hash":{_compact(row["hash"])}}}')


def _key(row: dict) -> dict:
    return {"id": row["id"], "role": row["role"], "label": row["label"], "created": row["created"],
            "revoked": row["revoked"], "expires": row.get("expires")}


def _row_id(number: int, what: str) -> int:
    """A game id, key id or revision number as SQLite can hold it; beyond its range, not found."""
    if not 0 < number <= MAX_ROW_ID:
        raise NotFound(f"no {what} {number}")
    return number


def _hands_of(document: dict) -> list[dict]:
    return [document["hand"]] if "hand" in document else list(document["hands"])


_EVENT_INSERT = "INSERT INTO events (game_id, hand, at, type, player, tile) VALUES (?, ?, ?, ?, ?, ?)"


def _event_rows(game_id: int, document: dict) -> Iterator[tuple]:
    for h, hand in enumerate(_hands_of(document)):
        for at, event in enumerate(hand["events"]):
            player, tile = event.get("player"), event.get("tile")
            yield (game_id, h, at, event["type"], player if isinstance(player, str) else None,
                   tile if isinstance(tile, str) else None)


class Store:
    """The referee's SQLite file. Safe to share between threads (a connection per thread) and to
    open from several processes at once."""

    def __init__(self, path: Optional[str] = None):
        self.path = os.path.abspath(path or default_path())
        self._local = threading.local()
        self._lock = threading.Lock()
        self._connections: list[sqlite3.Connection] = []
        self._pid = os.getpid()
        migrate(self.db)

    # --- connections ---------------------------------------------------------------------------

    @property
    def db(self) -> Database:
        if os.getpid() != self._pid:  # a forked child must not use its parent's connections
            self._local, self._connections, self._pid = threading.local(), [], os.getpid()
        db = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = self._open()
        return db

    def _open(self) -> Database:
        try:
            conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, check_same_thread=False)
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA synchronous = NORMAL")  # WAL: durable once checkpointed, never corrupt
        except sqlite3.Error as err:
            raise StoreError(f"cannot open the database {self.path}: {err}") from None
        with self._lock:
            self._connections.append(conn)
        return Database(conn, execute_plugins=False)

    def close(self) -> None:
        """Close every thread's connection (at shutdown)."""
        with self._lock:
            for conn in self._connections:
                conn.close()
            self._connections.clear()
        self._local = threading.local()

    @contextmanager
    def write(self) -> Iterator[Database]:
        with _immediate(self.db) as db:
            yield db

    def _rows(self, sql: str, params: Any = ()) -> list[dict]:
        cursor = self.db.execute(sql, params)
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row)) for row in cursor.fetchall()]

    # --- games and revisions -------------------------------------------------------------------

    def add_game(self, document: dict, ruling: dict, *, by: Who,
                 body: Optional[bytes] = None) -> tuple[dict, dict]:
        """Store a valid document, its events and its first ruling (revision 1); ``body``: the
        bytes it was received as (kept as they came, and covered by the revisions' hashes).

        Returns (game, revision). Raises ``DuplicateGame`` if the same document is stored already.
        """
        hands = _hands_of(document)
        options = (document.get("ruleset") or {}).get("options") or {}
        created = now()
        row = {"kind": "hand" if "hand" in document else "hands", "variant": document["variant"],
               "players": _compact(document["players"]), "hands": len(hands),
               "digest": document_digest(document), "document": _compact(document),
               "created": created, "key_id": by["key"], "role": by["role"], "body": body}
        with self.write() as db:
            found = db.execute("SELECT id FROM games WHERE digest = ?", [row["digest"]]).fetchone()
            if found:
                raise DuplicateGame(found[0])
            game_id = db["games"].insert(row).last_pk
            # the hundreds of event rows of a game in one statement (sqlite-utils' insert_all
            # inspects every value and costs more than the rest of the write)
            db.conn.executemany(_EVENT_INSERT, _event_rows(game_id, document))
            revision = self._insert_revision(db, game_id, 1, kind="adjudication", ruling=ruling,
                                             options=options, rulebook=ruling["rulebook"],
                                             reason=None, reviews=None, by=by, created=created)
        game = _game({**row, "id": game_id, "revisions": 1})
        return game, revision

    def add_revision(self, game_id: int, *, kind: str, by: Who, ruling: Optional[dict] = None,
                     options: Optional[dict] = None, reason: Optional[str] = None,
                     base_revision: Optional[int] = None,
                     corrections: Optional[list] = None) -> dict:
        """Append the next revision of a game's ruling and return it.

        ``kind`` is ``adjudication`` (``ruling`` and ``options`` required) or ``review`` (a
        referee's review: ``reason`` required; the engine's ``ruling`` of the reviewed inputs,
        under ``options`` and ``corrections`` (``api.http.reviews``); without them the latest ruling,
        options and corrections are kept, as the same inputs rule the same).
        ``base_revision``: the revision the caller saw; if the game has moved on, ``StaleRevision``.
        """
        _row_id(game_id, "game")
        with self.write() as db:
            latest = db.execute("SELECT revision, ruling, options, rulebook, corrections FROM revisions "
                                "WHERE game_id = ? ORDER BY revision DESC LIMIT 1",
                                [game_id]).fetchone()
            if latest is None:
                raise NotFound(f"no game {game_id}")
            number, latest_ruling, latest_options, latest_rulebook, latest_corrections = latest
            if base_revision is not None and base_revision != number:
                raise StaleRevision(f"game {game_id} is at revision {number}, not {base_revision}: "
                                    f"read revision {number} and try again")
            reviews = None
            if kind == "review":
                reviews = number
                if ruling is None:
                    ruling, options = json.loads(latest_ruling), json.loads(latest_options)
                    corrections = json.loads(latest_corrections or "null")
            assert ruling is not None and options is not None
            rulebook = ruling.get("rulebook")
            return self._insert_revision(
                db, game_id, number + 1, kind=kind, ruling=ruling, options=options,
                rulebook=rulebook if isinstance(rulebook, str) else latest_rulebook,
                reason=reason, reviews=reviews, by=by, created=now(), corrections=corrections)

    @staticmethod
    def _insert_revision(db: Database, game_id: int, number: int, *, kind: str, ruling: dict,
                         options: dict, rulebook: str, reason: Optional[str],
                         reviews: Optional[int], by: Who, created: str,
                         corrections: Optional[list] = None) -> dict:
        row = {"game_id": game_id, "revision": number, "kind": kind, "created": created,
               "rulebook": rulebook, "options": _compact(options), "reason": reason,
               "reviews": reviews, "key_id": by["key"], "role": by["role"],
               "corrections": _compact(corrections) if corrections else None,
               "ruling": _compact(ruling)}
        last = db.execute("SELECT seq, hash FROM revisions ORDER BY seq DESC LIMIT 1").fetchone()
        row["seq"], previous = (last[0] + 1, last[1]) if last else (1, GENESIS)
        row["hash"] = revision_hash(previous, row, _game_material(db, game_id))
        db["revisions"].insert(row)
        return _revision(row, options, ruling)

    def game(self, game_id: int) -> dict:
        """The game, its document and its latest revision (``latest``)."""
        _row_id(game_id, "game")
        rows = self._rows(f"SELECT {_GAME_COLUMNS}, g.document, (SELECT MAX(revision) FROM revisions "
                          "r WHERE r.game_id = g.id) AS revisions FROM games g WHERE g.id = ?",
                          [game_id])
        if not rows:
            raise NotFound(f"no game {game_id}")
        latest = self._rows(f"SELECT {_REVISION_COLUMNS} FROM revisions WHERE game_id = ? "
                            "AND revision = ?", [game_id, rows[0]["revisions"]])
        return {**_game(rows[0]), "document": json.loads(rows[0]["document"]),
                "latest": _revision(latest[0])}

    def games(self, *, after: int = 0, limit: int = 50) -> list[dict]:
        """Games in the order they were stored, those with an id above ``after``."""
        rows = self._rows(f"SELECT {_GAME_COLUMNS}, (SELECT MAX(revision) FROM revisions r "
                          "WHERE r.game_id = g.id) AS revisions FROM games g WHERE g.id > ? "
                          "ORDER BY g.id LIMIT ?", [after, limit])
        return [_game(r) for r in rows]

    def revisions(self, game_id: int, *, after: int = 0, limit: int = 50) -> list[dict]:
        """A game's revisions in order, those numbered above ``after``."""
        _row_id(game_id, "game")
        rows = self._rows(f"SELECT {_REVISION_COLUMNS} FROM revisions WHERE game_id = ? "
                          "AND revision > ? ORDER BY revision LIMIT ?", [game_id, after, limit])
        if not rows and not self._rows("SELECT 1 FROM games WHERE id = ?", [game_id]):
            raise NotFound(f"no game {game_id}")
        return [_revision(r) for r in rows]

    def revision_texts(self, game_id: int, *, after: int = 0) -> Iterator[tuple[int, str]]:
        """A game's revisions numbered above ``after``, in order, one at a time: (number, its JSON
        text, as ``revisions`` would give it). Stop when you have enough: rows are read lazily."""
        _row_id(game_id, "game")
        cursor = self.db.execute(f"SELECT {_REVISION_COLUMNS} FROM revisions WHERE game_id = ? "
                                 "AND revision > ? ORDER BY revision", [game_id, after])
        names = [d[0] for d in cursor.description]
        found = False
        try:
            for values in cursor:
                found = True
                row = dict(zip(names, values))
                yield row["revision"], _revision_text(row)
        finally:
            cursor.close()
        if not found and not self._rows("SELECT 1 FROM games WHERE id = ?", [game_id]):
            raise NotFound(f"no game {game_id}")

    def events(self, game_id: int) -> list[dict]:
        """A game's events, one row each (hand, at, type, player, tile), in order."""
        _row_id(game_id, "game")
        return self._rows("SELECT hand, at, type, player, tile FROM events WHERE game_id = ? "
                          "ORDER BY hand, at", [game_id])

    # --- API keys ------------------------------------------------------------------------------

    def create_key(self, role: str, label: Optional[str] = None,
                   expires: Optional[str] = None) -> tuple[dict, str]:
        """A new key for ``role``: (its record, the token). The token is not kept, only its hash.
        ``expires``: when it stops being accepted (an ISO time as ``now()`` writes it), or never."""
        token = new_token()
        row = {"sha256": digest(token), "role": role, "label": label, "created": now(),
               "revoked": None, "expires": expires}
        with self.write() as db:
            key_id = db["api_keys"].insert(row).last_pk
        return _key({**row, "id": key_id}), token

    def key_for(self, token: str) -> Optional[tuple[int, str]]:
        """(id, role) of the live key with this token, or None."""
        return self.db.execute("SELECT id, role FROM api_keys WHERE sha256 = ? AND revoked IS NULL "
                               "AND (expires IS NULL OR expires > ?)",
                               [digest(token), now()]).fetchone()

    def keys(self, *, after: int = 0, limit: int = 50) -> list[dict]:
        rows = self._rows("SELECT id, role, label, created, revoked, expires FROM api_keys WHERE id > ? "
                          "ORDER BY id LIMIT ?", [after, limit])
        return [_key(r) for r in rows]

    def revoke_key(self, key_id: int) -> dict:
        _row_id(key_id, "API key")
        with self.write() as db:
            rows = self._rows("SELECT id, role, label, created, revoked, expires FROM api_keys "
                              "WHERE id = ?",
                              [key_id])
            if not rows:
                raise NotFound(f"no API key {key_id}")
            record = _key(rows[0])
            if record["revoked"]:
                raise AlreadyRevoked(f"API key {key_id} was revoked at {record['revoked']}")
            record["revoked"] = now()
            db.execute("UPDATE api_keys SET revoked = ? WHERE id = ?", [record["revoked"], key_id])
        return record
