"""Tamper evidence (issue 32): every revision's hash chained to the one before, the bytes a game
was received as kept, and ``referee store verify`` naming the first break and any schema change
(exit 0 nothing found, 4 tampered, 2 a store that cannot be verified)."""
from __future__ import annotations

import json
import sqlite3

import pytest

from api.store.chain import GENESIS
from api.cli import main
from api.store.store import MIGRATIONS, SCHEMA_VERSION, Store, _v5
from tests.servicekit import RULING, example, make_app, role_headers, store_of

CLI = {"key": None, "role": "cli"}


def filled(path) -> str:
    """A store of 3 games, each reviewed once: 6 revisions, game by game."""
    store = Store(str(path))
    for n in range(3):
        game, _ = store.add_game(example(n), RULING, by=CLI)
        store.add_revision(game["id"], kind="review", by=CLI, reason="checked")
    store.close()
    return str(path)


def verify(capsys, db, *more) -> tuple[int, str]:
    code = main(["store", "verify", "--db", db, *more])
    out, err = capsys.readouterr()
    return code, out + err


def tamper(db: str, *statements: str) -> None:
    conn = sqlite3.connect(db)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()


def test_an_untouched_store_verifies(capsys, tmp_path):
    db = filled(tmp_path / "s.db")
    code, out = verify(capsys, db)
    assert code == 0, out
    assert f"schema version {SCHEMA_VERSION}, 3 games, 6 revisions" in out
    assert "schema: as this referee makes it" in out and "chain: intact, 6 revisions" in out
    assert out.rstrip().endswith("verdict: no tampering found")
    head = out.split("head ")[1].split()[0]
    code, out = verify(capsys, db, "--known", head)
    assert code == 0 and "revision seq 6 has it" in out
    code, out = verify(capsys, db, "--json")
    report = json.loads(out)
    assert code == 0 and report["tampered"] is False and report["head"] == head
    assert (report["revisions"], report["chain_break"], report["schema_changes"]) == (6, None, [])


@pytest.mark.parametrize("statements, schema, chain", [
    pytest.param(["DROP TRIGGER revisions_no_update"], "trigger revisions_no_update: missing", "",
                 id="drop-trigger"),
    pytest.param(["ALTER TABLE revisions DROP COLUMN reason"], "table revisions: changed",
                 "the store cannot be read", id="drop-column"),
    pytest.param(["DROP TRIGGER revisions_no_update",
                  "UPDATE revisions SET ruling = replace(ruling, '220', '2200') "
                  "WHERE game_id = 2 AND revision = 1"],
                 "trigger revisions_no_update: missing",
                 "revision 1 of game 2 (seq 3): its hash does not match", id="edit-money"),
    pytest.param(["DROP TRIGGER revisions_no_delete",
                  "DELETE FROM revisions WHERE game_id = 2 AND revision = 2",
                  "CREATE TRIGGER revisions_no_delete BEFORE DELETE ON revisions "
                  "BEGIN SELECT RAISE(ABORT, 'revisions are append-only'); END"],
                 "", "revision 1 of game 3 (seq 5): seq 4 was expected", id="delete-and-restore"),
    pytest.param(["DROP TRIGGER games_no_update",
                  "UPDATE games SET created = '2020-01-01T00:00:00.000Z' WHERE id = 1",
                  "CREATE TRIGGER games_no_update BEFORE UPDATE ON games "
                  "BEGIN SELECT RAISE(ABORT, 'games are append-only'); END"],
                 "", "revision 1 of game 1 (seq 1)", id="edit-a-game"),
    pytest.param(["PRAGMA writable_schema = ON",
                  "UPDATE sqlite_master SET sql = replace(sql, 'append-only', 'fine') "
                  "WHERE name = 'games_no_delete'"],
                 "trigger games_no_delete: changed", "", id="writable-schema"),
    pytest.param(["CREATE TABLE notes (x)"], "table notes: not made by this referee", "",
                 id="added-table"),
])
def test_each_kind_of_tampering_is_named(capsys, tmp_path, statements, schema, chain):
    db = filled(tmp_path / "s.db")
    tamper(db, *statements)
    code, out = verify(capsys, db)
    assert code == 4 and "verdict: TAMPERED (exit 4)" in out, out
    assert (schema in out) if schema else "schema: as this referee makes it" in out
    assert (chain in out) if chain else "chain: intact" in out
    code, out = verify(capsys, db, "--json")
    assert code == 4 and json.loads(out)["tampered"] is True


def test_events_the_hashes_do_not_cover_are_checked_against_the_document(capsys, tmp_path):
    db = filled(tmp_path / "s.db")
    tamper(db, "DROP TRIGGER events_no_update",
           "UPDATE events SET tile = '9m' WHERE game_id = 2 AND at = 1",
           "CREATE TRIGGER events_no_update BEFORE UPDATE ON events "
           "BEGIN SELECT RAISE(ABORT, 'events are append-only'); END")
    code, out = verify(capsys, db)
    assert code == 4 and "game 2: its events are not those of its document" in out


def test_a_chain_rewritten_whole_is_caught_only_by_a_known_head(capsys, tmp_path):
    """Anyone who can write the file can recompute every hash: a head kept elsewhere shows it."""
    db = filled(tmp_path / "s.db")
    head = verify(capsys, db)[1].split("head ")[1].split()[0]
    store = Store(db)  # the chain cut after game 2 and grown again: a different head
    tamper(db, "DROP TRIGGER revisions_no_delete", "DELETE FROM revisions WHERE game_id = 3",
           "DROP TRIGGER events_no_delete", "DELETE FROM events WHERE game_id = 3",
           "DROP TRIGGER games_no_delete", "DELETE FROM games WHERE id = 3")
    for name, table in (("revisions_no_delete", "revisions"), ("events_no_delete", "events"),
                        ("games_no_delete", "games")):
        tamper(db, f"CREATE TRIGGER {name} BEFORE DELETE ON {table} "
                   f"BEGIN SELECT RAISE(ABORT, '{table} are append-only'); END")
    store.add_game(example(7), RULING, by=CLI)
    store.close()
    code, out = verify(capsys, db)
    assert code == 0  # every hash is right: the rewrite itself leaves no mark
    code, out = verify(capsys, db, "--known", head)
    assert code == 4 and "known hash: not in the chain" in out


def test_a_store_that_cannot_be_verified_is_exit_2(capsys, tmp_path):
    assert verify(capsys, str(tmp_path / "none.db"))[0] == 2
    (tmp_path / "text.db").write_text("not a database " * 100)
    code, out = verify(capsys, str(tmp_path / "text.db"))
    assert code == 2 and "not a store of the referee" in out
    old = sqlite3.connect(tmp_path / "old.db")
    old.execute("PRAGMA user_version = 2")
    old.close()
    code, out = verify(capsys, str(tmp_path / "old.db"))
    assert code == 2 and "schema version 2, not" in out and "to migrate it" in out
    db = filled(tmp_path / "s.db")
    assert verify(capsys, db, "--known", "xyz")[0] == 2


def test_a_store_from_before_the_chain_is_chained_by_its_migration(capsys, tmp_path):
    from sqlite_utils import Database

    path = str(tmp_path / "v4.db")
    old = Database(path)
    before = MIGRATIONS.index(_v5)  # the store as it was before the chain
    for migration in MIGRATIONS[:before]:
        migration(old)
    old.execute(f"PRAGMA user_version = {before}")
    document = json.dumps(example(0), separators=(",", ":"))
    old["games"].insert({"id": 1, "kind": "hand", "variant": "tw16", "players": '["A","B","C","D"]',
                         "hands": 1, "digest": "d", "document": document, "created": "t",
                         "role": "cli"})
    for n in (1, 2):
        old["revisions"].insert({"game_id": 1, "revision": n, "kind": "adjudication",
                                 "created": "t", "rulebook": "r", "options": "{}", "role": "cli",
                                 "ruling": json.dumps(RULING)})
    old.conn.commit()
    old.conn.close()
    store = Store(path)
    rows = store.db.execute("SELECT seq, hash FROM revisions ORDER BY seq").fetchall()
    assert [seq for seq, _ in rows] == [1, 2] and all(len(h) == 64 for _, h in rows)
    assert rows[0][1] != GENESIS
    store.add_revision(1, kind="review", by=CLI, reason="after the migration")
    store.close()
    code, out = verify(capsys, path)
    assert "chain: intact, 3 revisions" in out
    assert "game 1: its digest is not its document's" in out and code == 4  # "d" was never one


def test_the_bytes_received_are_kept_and_covered(capsys, tmp_path):
    app = make_app(tmp_path / "api.db")
    keys = role_headers(store_of(app))
    sent = b"\xef\xbb\xbf" + json.dumps(example(0), indent=3).encode()  # a BOM, spaces: as sent
    answer = app.test_client().post("/v1/games", data=sent, content_type="application/json",
                                    headers=keys["referee"])
    assert answer.status_code == 201 and len(answer.get_json()["latest"]["hash"]) == 64
    db = store_of(app).path
    assert store_of(app).db.execute("SELECT body FROM games").fetchone()[0] == sent
    store_of(app).close()
    assert verify(capsys, db)[0] == 0
    tamper(db, "DROP TRIGGER games_no_update", "UPDATE games SET body = CAST('{}' AS BLOB)")
    code, out = verify(capsys, db)
    assert code == 4 and "revision 1 of game 1 (seq 1): its hash does not match" in out
