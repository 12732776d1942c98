"""The SQLite store: schema and migration, append-only revisions, one transaction per write, and
concurrent writers (threads and processes) over a real file losing nothing."""
import multiprocessing
import sqlite3
import threading

import pytest

from api.store.store import (CLI, SCHEMA_VERSION, AlreadyRevoked, DuplicateGame, NotFound,
                       SchemaTooNew, StaleRevision, Store)
from tests.servicekit import RULING, add_games, add_revisions, counts, example


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "referee.db")


@pytest.fixture
def store(db):
    s = Store(db)
    yield s
    s.close()


def test_a_new_file_gets_the_schema_in_wal_mode(store):
    assert store.db.journal_mode == "wal"
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert set(store.db.table_names()) >= {"games", "events", "revisions", "api_keys"}


def test_opening_again_migrates_nothing_and_keeps_the_data(db, store):
    store.add_game(example(), RULING, by=CLI)
    again = Store(db)
    assert again.games()[0]["id"] == 1 and counts(again) == counts(store)
    again.close()


def test_a_newer_schema_is_refused(db, store):
    store.db.execute("PRAGMA user_version = 99")
    with pytest.raises(SchemaTooNew, match="schema version 99"):
        Store(db)


def test_a_game_is_stored_with_its_events_and_first_revision(store):
    game, revision = store.add_game(example(), RULING, by={"key": 3, "role": "referee"})
    assert game["kind"] == "hand" and game["hands"] == 1 and game["revisions"] == 1
    assert revision["revision"] == 1 and revision["kind"] == "adjudication"
    assert revision["rulebook"] == RULING["rulebook"] and revision["by"] == {"key": 3, "role": "referee"}
    events = store.events(game["id"])
    assert [(e["at"], e["type"], e["player"], e["tile"]) for e in events] == [
        (0, "state", None, None), (1, "discard", "B", "4p"), (2, "win", "C", "4p")]
    stored = store.game(game["id"])
    assert stored["document"] == example() and stored["latest"]["ruling"] == RULING


@pytest.mark.parametrize("sql", [
    "UPDATE revisions SET reason = 'rewritten'",
    "DELETE FROM revisions",
    "UPDATE games SET document = '{}'",
    "DELETE FROM games",
    "UPDATE events SET type = 'draw'",
    "DELETE FROM api_keys",
    "UPDATE api_keys SET role = 'admin'",
])
def test_the_record_cannot_be_rewritten(store, sql):
    store.add_game(example(), RULING, by=CLI)
    store.create_key("auditor")
    before = counts(store)
    with pytest.raises(sqlite3.IntegrityError):
        store.db.execute(sql)
    assert counts(store) == before
    assert store.revisions(1)[0]["reason"] is None and store.keys()[0]["role"] == "auditor"


def test_the_same_document_twice_is_one_game(store):
    first, _ = store.add_game(example(), RULING, by=CLI)
    before = counts(store)
    with pytest.raises(DuplicateGame) as dup:
        store.add_game(example(), RULING, by=CLI)
    assert dup.value.game_id == first["id"] and counts(store) == before


def test_a_write_that_fails_midway_leaves_nothing(store):
    before = counts(store)
    with pytest.raises(TypeError):  # the ruling cannot be written, after the game and its events were
        store.add_game(example(), {**RULING, "net": {1, 2}}, by=CLI)
    assert counts(store) == before


def test_revisions_are_appended_and_a_review_upholds_the_latest(store):
    game, _ = store.add_game(example(), RULING, by=CLI)
    other = {**RULING, "net": {"A": 0, "B": 0, "C": 0, "D": 0}}
    second = store.add_revision(game["id"], kind="adjudication", by=CLI, ruling=other,
                                options={"multiple_winners": "all"})
    review = store.add_revision(game["id"], kind="review", by=CLI, reason="seen")
    assert (second["revision"], review["revision"], review["reviews"]) == (2, 3, 2)
    assert review["ruling"] == other and review["options"] == {"multiple_winners": "all"}
    assert [r["ruling"] for r in store.revisions(game["id"])] == [RULING, other, other]
    assert store.game(game["id"])["latest"]["revision"] == 3


def test_a_stale_base_revision_is_a_conflict_and_writes_nothing(store):
    game, _ = store.add_game(example(), RULING, by=CLI)
    store.add_revision(game["id"], kind="review", by=CLI, reason="first look")
    before = counts(store)
    with pytest.raises(StaleRevision, match="at revision 2, not 1"):
        store.add_revision(game["id"], kind="review", by=CLI, reason="late", base_revision=1)
    assert counts(store) == before


def test_unknown_games_and_keys_are_not_found(store):
    with pytest.raises(NotFound):
        store.game(9)
    with pytest.raises(NotFound):
        store.revisions(9)
    with pytest.raises(NotFound):
        store.add_revision(9, kind="review", by=CLI, reason="x")
    with pytest.raises(NotFound):
        store.revoke_key(9)


def test_keys_are_kept_as_hashes_and_revoked_once(store):
    record, token = store.create_key("referee", "table 3")
    row = store.db.execute("SELECT * FROM api_keys").fetchone()
    assert token not in [str(v) for v in row] and len(row[1]) == 64
    assert store.key_for(token) == (record["id"], "referee") and store.key_for(token + "x") is None
    assert store.revoke_key(record["id"])["revoked"]
    assert store.key_for(token) is None
    with pytest.raises(AlreadyRevoked):
        store.revoke_key(record["id"])


def test_paging_picks_up_after_the_cursor(store):
    for k in range(5):
        store.add_game(example(k), RULING, by=CLI)
    assert [g["id"] for g in store.games(after=2, limit=2)] == [3, 4]
    assert [g["id"] for g in store.games(after=4, limit=2)] == [5]


def _assert_all_revisions_kept(db, game_id, expected):
    store = Store(db)
    numbers = [r["revision"] for r in store.revisions(game_id, limit=10_000)]
    assert numbers == list(range(1, expected + 1))
    store.close()


def test_concurrent_threads_lose_no_revision_and_no_game(db, store):
    game, _ = store.add_game(example(1000), RULING, by=CLI)
    # two threads share the store (a connection each), two open their own
    threads = [threading.Thread(target=add_revisions, args=(where, game["id"], 10))
               for where in (store, store, db, db)]
    threads += [threading.Thread(target=add_games, args=(db, 10 * k, 10)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    _assert_all_revisions_kept(db, game["id"], 1 + 40)
    assert len(store.games(limit=100)) == 1 + 40


def test_concurrent_processes_lose_no_revision_and_no_game(db, store):
    game, _ = store.add_game(example(1000), RULING, by=CLI)
    procs = [multiprocessing.Process(target=add_revisions, args=(db, game["id"], 10)) for _ in range(3)]
    procs += [multiprocessing.Process(target=add_games, args=(db, 10 * k, 10)) for k in range(3)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0] * len(procs)
    _assert_all_revisions_kept(db, game["id"], 1 + 30)
    assert len(store.games(limit=100)) == 1 + 30


# --- append-only against every write statement SQLite offers, through a raw connection ----------

#: per table: its key columns (the primary key, then a unique one) and a column to change
TABLE_KEYS = {"games": (("id",), ("digest",), "document"), "events": (("game_id", "hand", "at"), None, "type"),
              "revisions": (("game_id", "revision"), None, "ruling"),
              "api_keys": (("id",), ("sha256",), "role")}


def _dump(db: str) -> dict[str, list[tuple]]:
    with sqlite3.connect(db) as conn:
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall() for t in TABLE_KEYS}


def _rewrites(conn: sqlite3.Connection, table: str) -> list[tuple[str, tuple]]:
    """Every way SQLite offers to change or remove the table's first row: (statement, parameters)."""
    key, unique, column = TABLE_KEYS[table]
    cursor = conn.execute(f"SELECT * FROM {table} ORDER BY rowid LIMIT 1")
    names = [d[0] for d in cursor.description]
    row = dict(zip(names, cursor.fetchone()))
    changed = {**row, column: "admin" if table == "api_keys" else "rewritten"}
    cols, marks = ", ".join(names), ", ".join("?" * len(names))
    values = tuple(changed[n] for n in names)
    where = " AND ".join(f"{k} = ?" for k in key)
    at = tuple(row[k] for k in key)
    conflict = ", ".join(key)
    out = [
        (f"UPDATE {table} SET {column} = 'rewritten' WHERE {where}", at),
        (f"UPDATE OR REPLACE {table} SET {column} = 'rewritten' WHERE {where}", at),
        (f"DELETE FROM {table} WHERE {where}", at),
        (f"REPLACE INTO {table} ({cols}) VALUES ({marks})", values),
        (f"INSERT OR REPLACE INTO {table} ({cols}) VALUES ({marks})", values),
        (f"INSERT INTO {table} ({cols}) VALUES ({marks}) ON CONFLICT ({conflict}) DO UPDATE SET "
         f"{column} = excluded.{column}", values),
        (f"INSERT OR IGNORE INTO {table} ({cols}) VALUES ({marks})", values),
        (f"INSERT INTO {table} ({cols}) VALUES ({marks}) ON CONFLICT DO NOTHING", values),
    ]
    if unique:  # the same unique key under a new id: REPLACE would delete the row that holds it
        moved = tuple((row[n] + 1000 if n == "id" else changed[n]) for n in names)
        out.append((f"INSERT OR REPLACE INTO {table} ({cols}) VALUES ({marks})", moved))
    return out


@pytest.mark.parametrize("table", list(TABLE_KEYS))
def test_no_write_statement_changes_or_removes_a_stored_row(db, store, table):
    store.add_game(example(), RULING, by=CLI)
    store.add_revision(1, kind="review", by=CLI, reason="seen")
    store.create_key("auditor", "club")
    before = _dump(db)
    with sqlite3.connect(db) as conn:  # what anyone with the file can do: no pragma of ours
        statements = _rewrites(conn, table)
        refused = 0
        for sql, params in statements:
            try:
                conn.execute(sql, params)
                conn.commit()
            except sqlite3.IntegrityError as err:
                assert "append-only" in str(err) or "revoked" in str(err), err
                refused += 1
    assert _dump(db) == before
    assert refused >= len(statements) - 1  # all but ON CONFLICT DO NOTHING, which changes nothing


def test_appending_through_a_raw_connection_still_works(db, store):
    store.create_key("auditor")
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO api_keys (sha256, role, created) VALUES ('f' , 'auditor', 'now')")
    assert [k["id"] for k in store.keys()] == [1, 2]


def test_a_revoked_key_cannot_be_replaced_by_an_admin_key(db, store, tmp_path):
    from api.http.auth import digest
    from tests.servicekit import make_app

    record, token = store.create_key("auditor", "former member")
    store.revoke_key(record["id"])
    with sqlite3.connect(db) as conn, pytest.raises(sqlite3.IntegrityError, match="append-only"):
        conn.execute("INSERT OR REPLACE INTO api_keys (id, sha256, role, created) VALUES (?, ?, ?, ?)",
                     (record["id"], digest(token), "admin", "2026-01-01"))
    assert store.key_for(token) is None
    app = make_app(db)
    assert app.test_client().get("/v1/keys", headers={"Authorization": f"Bearer {token}"}).status_code == 401
    app.extensions["referee.store"].close()


def test_a_version_1_database_is_migrated_and_keeps_its_rows(tmp_path):
    from sqlite_utils import Database

    from api.store.store import MIGRATIONS

    path = str(tmp_path / "v1.db")
    old = Database(path)
    MIGRATIONS[0](old)
    old.execute("PRAGMA user_version = 1")
    old["api_keys"].insert({"sha256": "a" * 64, "role": "auditor", "created": "2026-01-01"})
    old.conn.commit()
    old.conn.close()
    with sqlite3.connect(path) as conn:  # version 1: REPLACE rewrites a row
        conn.execute("REPLACE INTO api_keys (id, sha256, role, created) VALUES (1, ?, 'referee', 'x')",
                     ("a" * 64,))
    store = Store(path)
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == len(MIGRATIONS)
    assert [(k["id"], k["role"]) for k in store.keys()] == [(1, "referee")]
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        store.db.execute("REPLACE INTO api_keys (id, sha256, role, created) VALUES (1, ?, 'admin', 'x')",
                         ["a" * 64])
    assert store.revoke_key(1)["revoked"]  # revoking is still the one update allowed
    store.close()


def test_ids_beyond_sqlite_are_not_found(store):
    for call in (lambda: store.game(2**63), lambda: store.revisions(2**63), lambda: store.events(2**70),
                 lambda: store.revoke_key(2**63), lambda: store.add_revision(2**63, kind="review", by=CLI,
                                                                               reason="x")):
        with pytest.raises(NotFound):
            call()


def test_a_key_that_has_expired_is_refused_as_a_revoked_one(tmp_path):
    store = Store(str(tmp_path / "k.db"))
    old, old_token = store.create_key("referee", "phone", expires="2000-01-01T00:00:00.000Z")
    live, live_token = store.create_key("referee", "phone", expires="2999-01-01T00:00:00.000Z")
    assert store.key_for(old_token) is None
    assert store.key_for(live_token) == (live["id"], "referee")  # near miss: not yet expired
    assert [k["expires"] for k in store.keys()] == [old["expires"], live["expires"]]
    with pytest.raises(sqlite3.IntegrityError):
        store.db.execute("UPDATE api_keys SET expires = NULL WHERE id = ?", [old["id"]])
    assert store.revoke_key(live["id"])["expires"] == live["expires"]
    store.close()
