"""The ``referee`` command line.

``referee adjudicate FILE [--format json|text]`` prints the ruling of a document. A document that
cannot be read or is not valid exits with status 2 and a message naming the place; never a
traceback.

``referee import tenhou FILE [-o OUT] [--recorded FILE]`` turns a Tenhou record into one ``riichi``
document (``api.tenhou``); a record it cannot take exits with status 2 and a one-line reason.

``referee serve`` runs the HTTP API under waitress; ``referee keys create|list|revoke`` manages its
API keys; ``referee audit PATH…`` rules many documents in parallel (``api.audit``). The web, store
and audit modules are imported only by the commands that use them, so ``adjudicate`` starts fast.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Optional, Sequence

from referee.errors import InputError

from .auth import ROLES
from .documents import adjudicate_data, error_lines, read_json
from .text import format_text


def _cmd_adjudicate(args: argparse.Namespace) -> int:
    ruling = adjudicate_data(read_json(args.file))
    if args.format == "text":
        print(format_text(ruling))
    else:
        print(json.dumps(ruling, ensure_ascii=False, indent=2))
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    import signal

    from waitress import create_server

    from .app import create_app
    from .context import STORE

    app = create_app({"REFEREE_DB": args.db} if args.db else None)
    body_limit = app.config["MAX_CONTENT_LENGTH"]
    # waitress refuses absurd bodies itself (plain text); anything up to 16x the limit reaches the
    # app and gets the JSON 413
    server = create_server(app, host=args.host, port=args.port, threads=args.threads,
                           max_request_body_size=16 * body_limit, ident="referee")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    where = f"http://{getattr(server, 'effective_host', args.host)}:" \
            f"{getattr(server, 'effective_port', args.port)}"
    print(f"referee: serving on {where} ({args.threads} threads, database "
          f"{app.extensions[STORE].path})", file=sys.stderr, flush=True)
    try:
        server.run()
    except KeyboardInterrupt:  # Ctrl-C: a normal stop
        pass
    finally:
        server.close()
        app.extensions[STORE].close()
    return 0


def _cmd_keys(args: argparse.Namespace) -> int:
    from .store import Store

    store = Store(args.db)
    try:
        if args.action == "create":
            record, token = store.create_key(args.role, args.label)
            print(token)
            print(f"key {record['id']} ({record['role']}) created; the key is shown only now",
                  file=sys.stderr)
        elif args.action == "revoke":
            record = store.revoke_key(args.id)
            print(f"key {record['id']} ({record['role']}) revoked at {record['revoked']}")
        else:
            print(f"{'id':>4}  {'role':<8}  {'created':<24}  {'revoked':<24}  label")
            after = 0
            while page := store.keys(after=after, limit=200):
                for k in page:
                    print(f"{k['id']:>4}  {k['role']:<8}  {k['created']:<24}  "
                          f"{k['revoked'] or '-':<24}  {k['label'] or ''}")
                after = page[-1]["id"]
    finally:
        store.close()
    return 0


def _cmd_audit(args: argparse.Namespace) -> int:
    from .audit import audit

    return audit(args.paths, jobs=args.jobs, progress=args.progress, json_path=args.json,
                 csv_path=args.csv, store=args.store, store_path=args.db)


def _cmd_import(args: argparse.Namespace) -> int:
    from .tenhou import TenhouError, import_tenhou

    try:
        document, recorded = import_tenhou(args.file)
    except TenhouError as err:
        print(f"error: {args.file}: {err}", file=sys.stderr)
        return 2
    for value, path in ((recorded, args.recorded), (document, args.output)):
        text = json.dumps(value, ensure_ascii=False, indent=2)
        if path:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
        elif value is document:
            print(text)
    return 0


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def _user_fault(err: Exception) -> bool:
    """Whether ``err`` is something the user can fix (a file or port, a bad setting, a key that
    does not exist), said in one line, rather than a defect of ours."""
    kinds: list[type] = [OSError]
    for module, name in (("api.store", "StoreError"), ("api.app", "ConfigError")):
        if module in sys.modules:
            kinds.append(getattr(sys.modules[module], name))
    return isinstance(err, tuple(kinds))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="referee", description="The mahjong referee.")
    parser.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    sub = parser.add_subparsers(dest="command", required=True)
    adj = sub.add_parser("adjudicate", help="rule a recorded hand or game (an mjref/1 document)")
    adj.add_argument("file", help="the document (JSON)")
    adj.add_argument("--format", choices=("json", "text"), default="json",
                     help="json (the ruling of EVENT_LOG.md, default) or readable text")
    adj.set_defaults(run=_cmd_adjudicate)

    db_help = "the SQLite database (default: $REFEREE_DB, else referee.db)"
    serve = sub.add_parser("serve", help="run the HTTP API (waitress)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8080, help="port (default 8080; 0: any free one)")
    serve.add_argument("--threads", type=_positive, default=4, help="worker threads (default 4)")
    serve.add_argument("--db", help=db_help)
    serve.set_defaults(run=_cmd_serve)

    keys = sub.add_parser("keys", help="make, list and revoke API keys")
    keys_sub = keys.add_subparsers(dest="action", required=True)
    create = keys_sub.add_parser("create", help="make a key and print it (shown only this once)")
    create.add_argument("--role", required=True, choices=ROLES)
    create.add_argument("--label", help="who holds it")
    keys_sub.add_parser("list", help="list the keys (never the tokens)")
    revoke = keys_sub.add_parser("revoke", help="revoke a key by its id")
    revoke.add_argument("id", type=int)
    for p in (create, revoke, keys_sub.choices["list"]):
        p.add_argument("--db", help=db_help)
    keys.set_defaults(run=_cmd_keys)

    aud = sub.add_parser("audit", help="rule many documents in parallel, with a summary table")
    aud.add_argument("paths", nargs="+", metavar="PATH",
                     help="documents (.json), JSON Lines files (.jsonl), folders (searched recursively)")
    aud.add_argument("--jobs", type=_positive, help="worker processes (default: one per core)")
    aud.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                     help="show a progress bar on stderr (default: when stderr is a terminal)")
    aud.add_argument("--json", metavar="FILE", help="write a JSON report, every document's ruling")
    aud.add_argument("--csv", metavar="FILE", help="write a CSV report, one row per document")
    aud.add_argument("--store", action="store_true", help="record each ruled document as a game")
    aud.add_argument("--db", help=db_help + ", with --store")
    aud.set_defaults(run=_cmd_audit)

    imp = sub.add_parser("import", help="turn a recorded game into one mjref/1 document")
    imp.add_argument("source_format", choices=("tenhou",), metavar="FORMAT",
                     help="tenhou: mjlog XML (plain or gzip) or tenhou.net/6 JSON (or JSON Lines)")
    imp.add_argument("file", help="the record")
    imp.add_argument("-o", "--output", metavar="OUT", help="write the document here (default: stdout)")
    imp.add_argument("--recorded", metavar="FILE",
                     help="also write the recorded facts (money, tenpai, han/fu/points per win)")
    imp.set_defaults(run=_cmd_import)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except InputError as err:
        print(error_lines(err), file=sys.stderr)
        return 2
    except Exception as err:  # a defect of ours: say so plainly, keep the traceback for --debug
        if _user_fault(err):
            print(f"error: {err}", file=sys.stderr)
            return 2
        if args.debug:
            raise
        print(f"error: internal error ({type(err).__name__}: {err}); rerun with --debug and report it",
              file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
