"""``referee store verify``: does the store still hold what was written, as it was written?

Three checks, on a connection that only reads (``PRAGMA query_only``):

1. The schema, table by table, index by index, trigger by trigger, against the one this referee's
   migrations make (built in memory): a dropped trigger, a dropped or added column, an edit through
   ``writable_schema`` are reported by name.
2. The chain (``api.store.chain``): the revisions in ``seq`` order, each hash recomputed from what the row
   and its game hold and the hash before it. The first break is reported (the revision, and why);
   the chain is not followed past it. With ``known`` (a head printed by an earlier verify and kept
   elsewhere), that the chain still holds it: a chain rewritten whole, or cut short, does not.
3. What the hashes do not cover: each game's events, recomputed from its stored document, and its
   digest; every game has its first revision. And SQLite's own ``integrity_check``.

Exit status: 0 nothing found, 4 tampering found (or a store that is damaged), 2 a store that cannot
be verified (no such file, not a SQLite database, another schema version).
"""
from __future__ import annotations

import json
import os
import re
import sqlite3
from dataclasses import dataclass, field
from typing import Iterator

from api.store.chain import GENESIS, REVISION_FIELDS, game_material, revision_hash
from api.documents.documents import UsageError

TAMPERED = 4


@dataclass
class Report:
    path: str
    version: int = 0
    games: int = 0
    revisions: int = 0
    head: str = GENESIS
    schema: list[str] = field(default_factory=list)  # each difference, one line
    chain: str = ""  # the first break, or "" if none
    records: list[str] = field(default_factory=list)  # events or games that do not match
    integrity: str = "ok"
    known: str = ""  # a hash recorded earlier (--known): where it is in the chain, or ""
    known_found: int = 0  # its seq; 0 if not found

    @property
    def tampered(self) -> bool:
        return bool(self.schema or self.chain or self.records or self.integrity != "ok"
                    or (self.known and not self.known_found))

    def as_json(self) -> dict:
        """The report for a pipeline (``--json``): every check's result, and the verdict."""
        return {"path": self.path, "schema_version": self.version, "games": self.games,
                "revisions": self.revisions, "head": self.head, "schema_changes": self.schema,
                "chain_break": self.chain or None, "record_faults": self.records,
                "integrity_check": self.integrity, "known": self.known or None,
                "known_seq": self.known_found or None, "tampered": self.tampered}

    def lines(self) -> Iterator[str]:
        yield (f"store {self.path}: schema version {self.version}, {self.games:,} games, "
               f"{self.revisions:,} revisions")
        if self.schema:
            yield f"schema: changed ({len(self.schema)} differences from what this referee makes)"
            yield from (f"  {line}" for line in self.schema)
        else:
            yield "schema: as this referee makes it"
        yield f"chain: broken at {self.chain}" if self.chain else \
            f"chain: intact, {self.revisions:,} revisions; head {self.head}"
        if self.known:
            yield (f"known hash: revision seq {self.known_found} has it; the chain up to it is "
                   "as it was" if self.known_found else "known hash: not in the chain: the chain "
                   "was rewritten or cut short since it was recorded")
        if self.records:
            yield f"records: {len(self.records)} do not match their game"
            yield from (f"  {line}" for line in self.records[:20])
        else:
            yield "records: every game's events and digest match its document"
        yield f"integrity_check: {self.integrity}"
        yield "verdict: TAMPERED (exit 4)" if self.tampered else "verdict: no tampering found"


# --- the schema ---------------------------------------------------------------------------------


def _shape(conn: sqlite3.Connection) -> dict[str, str]:
    """Every table's columns and foreign keys, every index's columns, every trigger's and view's
    SQL (spaces collapsed): what a schema change would alter."""
    shape: dict[str, str] = {}
    rows = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master "
                        "WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").fetchall()
    for kind, name, table, sql in rows:
        quoted = name.replace('"', '""')
        if kind == "table":
            columns = [(c[1], str(c[2]).upper(), c[3], c[5])
                       for c in conn.execute(f'PRAGMA table_info("{quoted}")')]
            keys = sorted(tuple(k[2:5]) for k in conn.execute(f'PRAGMA foreign_key_list("{quoted}")'))
            shape[f"table {name}"] = json.dumps({"columns": columns, "foreign keys": keys})
        elif kind == "index":
            unique = any(i[1] == name and i[2] for i in conn.execute(
                f'PRAGMA index_list("{table.replace(chr(34), chr(34) * 2)}")'))
            columns = [c[2] for c in conn.execute(f'PRAGMA index_info("{quoted}")')]
            shape[f"index {name}"] = json.dumps({"on": table, "columns": columns, "unique": unique})
        else:
            shape[f"{kind} {name}"] = re.sub(r"\s+", " ", sql or "").strip()
    return shape


def _reference() -> dict[str, str]:
    from sqlite_utils import Database

    from api.store.store import MIGRATIONS

    conn = sqlite3.connect(":memory:")
    db = Database(conn)
    for migration in MIGRATIONS:
        migration(db)
    shape = _shape(conn)
    conn.close()
    return shape


def schema_changes(conn: sqlite3.Connection) -> list[str]:
    found, expected = _shape(conn), _reference()
    changes = [f"{name}: missing" for name in expected if name not in found]
    changes += [f"{name}: not made by this referee" for name in found if name not in expected]
    changes += [f"{name}: changed" for name in expected
                if name in found and found[name] != expected[name]]
    return changes


# --- the chain and the records ----------------------------------------------------------------


def _game_rows(conn: sqlite3.Connection) -> dict[int, dict]:
    cursor = conn.execute("SELECT id, kind, variant, players, hands, digest, created, key_id, role, "
                          "document, body FROM games")
    names = [d[0] for d in cursor.description]
    return {row[0]: dict(zip(names, row)) for row in cursor}


def chain_break(conn: sqlite3.Connection, games: dict[int, list], report: Report) -> str:
    """The first revision whose place or hash is wrong, described; "" if none."""
    cursor = conn.execute(f"SELECT {', '.join(REVISION_FIELDS)}, hash FROM revisions "
                          "ORDER BY seq IS NULL, seq")
    names = [d[0] for d in cursor.description]
    previous, expected = GENESIS, 1
    for values in cursor:
        row = dict(zip(names, values))
        where = f"revision {row['revision']} of game {row['game_id']} (seq {row['seq']})"
        if row["seq"] is None:
            return f"{where}: it has no place in the chain"
        if row["seq"] != expected:
            return (f"{where}: seq {expected} was expected: a revision was removed" if row["seq"] >
                    expected else f"{where}: seq {row['seq']} is there twice")
        if row["game_id"] not in games:
            return f"{where}: its game is not in the store"
        if revision_hash(previous, row, games[row["game_id"]]) != row["hash"]:
            return (f"{where}: its hash does not match what it holds (the revision or its game "
                    "was changed after it was written)")
        previous, expected = row["hash"], expected + 1
        report.head = previous
        if previous == report.known:
            report.known_found = row["seq"]
    return ""


def record_faults(conn: sqlite3.Connection, games: dict[int, dict]) -> list[str]:
    """Games whose events or digest do not match their document, or that lack revision 1."""
    from api.store.store import _event_rows, document_digest

    faults = []
    firsts = {g for (g,) in conn.execute("SELECT game_id FROM revisions WHERE revision = 1")}
    for game_id, game in sorted(games.items()):
        document = json.loads(game["document"])
        if document_digest(document) != game["digest"]:
            faults.append(f"game {game_id}: its digest is not its document's")
        stored = conn.execute("SELECT game_id, hand, at, type, player, tile FROM events "
                              "WHERE game_id = ? ORDER BY hand, at", [game_id]).fetchall()
        if stored != list(_event_rows(game_id, document)):
            faults.append(f"game {game_id}: its events are not those of its document")
        if game_id not in firsts:
            faults.append(f"game {game_id}: its first revision is gone")
    orphans = conn.execute("SELECT COUNT(*) FROM events WHERE game_id NOT IN "
                           "(SELECT id FROM games)").fetchone()[0]
    if orphans:
        faults.append(f"{orphans} events belong to no game")
    return faults


def verify(path: str, known: str = "") -> Report:
    """Verify the store at ``path`` (and that the chain holds ``known``, a head recorded before);
    a ``UsageError`` if it cannot be verified."""
    from api.store.store import SCHEMA_VERSION

    path = os.path.abspath(path)
    if not os.path.isfile(path):
        raise UsageError(f"{path}: no such file")
    if known and re.fullmatch(r"[0-9a-f]{64}", known) is None:
        raise UsageError(f"--known: not a SHA-256 in hex: {known[:80]!r}")
    report = Report(path, known=known)
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA query_only = ON")
        try:
            report.version = conn.execute("PRAGMA user_version").fetchone()[0]
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except sqlite3.DatabaseError as err:
            raise UsageError(f"{path}: not a store of the referee: {err}") from None
        if report.version != SCHEMA_VERSION:
            raise UsageError(f"{path}: schema version {report.version}, not {SCHEMA_VERSION}: "
                             + ("open it once with this referee (referee keys list --db PATH) to "
                                "migrate it, then verify" if report.version < SCHEMA_VERSION else
                                "verify it with the referee that wrote it"))
        report.schema = schema_changes(conn)
        report.integrity = "; ".join(r[0] for r in conn.execute("PRAGMA integrity_check"))
        try:
            rows = _game_rows(conn)
            report.games = len(rows)
            report.revisions = conn.execute("SELECT COUNT(*) FROM revisions").fetchone()[0]
            report.chain = chain_break(conn, {k: game_material(v) for k, v in rows.items()}, report)
            report.records = record_faults(conn, rows)
        except sqlite3.Error as err:  # a column or table the chain needs is gone
            report.chain = report.chain or f"the start: the store cannot be read as written ({err})"
    finally:
        conn.close()
    return report
