"""The SQLite store: games, events and every ruling revision, append-only; the revisions' hash
chain and ``referee store verify``."""
