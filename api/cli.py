"""The ``referee`` command line.

``referee adjudicate FILE [--format json|text]`` prints the ruling of a document. A document that
cannot be read or is not valid exits with status 2 and a message naming the place; never a
traceback.

``referee cut FILE --at N [--hand K] [-o OUT]`` writes the document picked up at event N (a
``state``, then events N…; ``referee.cut``).

``referee import tenhou FILE [-o OUT] [--recorded FILE]`` turns a Tenhou record into one ``riichi``
document (``api.records.tenhou``); a record it cannot take exits with status 2 and a one-line reason.

``referee serve`` runs the HTTP API under gunicorn or waitress (``api.http.serve``); ``referee keys
create|list|revoke`` manages its API keys; ``referee audit PATH…`` rules many documents in parallel
(``api.audit.audit``). The web, store, audit and text modules are imported only by the commands that use
them, so ``adjudicate`` and ``audit`` start fast.

Exit status, for every command: 0 done (ruled), 2 invalid input or usage, 1 an internal error (a
defect); ``audit`` adds 3, nothing to audit. A closed pipe (``referee adjudicate X | head -1``) ends
the command quietly with 0. ``python -m referee`` runs this command line too (``referee/__main__.py``
finds it through the installed entry point, ``run``, so the engine never imports ``api``).
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import textwrap
from typing import Optional, Sequence

from referee.errors import InputError

from api.http.auth import DOING, KEYS, PERMISSIONS, READ, RECORD, ROLES, RULE
from api.files import write_text
from api.text import neutral
from api.documents.documents import UsageError, adjudicate_data, error_lines, read_json
from api.version import install_extra, version_text

EXIT_STATUS = """exit status:
  0  done (adjudicate: the document is ruled)
  1  internal error: a defect of the referee (rerun with --debug, report it)
  2  invalid input or usage: a document that is not valid or cannot be read,
     a bad option, a path that does not exist, a port in use"""


AUDIT_STATUS = """exit status:
  0  every document ruled; findings and disagreements with the recorded
     money fail the run only when asked (--strict, --fail-on)
  1  findings or disagreements asked for by --strict or --fail-on, or an
     internal error on some document (a defect; the others are ruled)
  2  input errors: some documents rejected (not JSON, not valid, a record
     that cannot be imported); or usage: a PATH that does not exist, a bad
     option, a Dask cluster that cannot be used (--dask). 2 wins over 1
  3  nothing to audit: no documents found under the PATHs
The summary's last line says which status applied and why."""


class _Version(argparse.Action):
    """``--version``, computed only when asked (it loads the rulebooks)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object):
        super().__init__(option_strings, dest, nargs=0, help="print the version and the rulebook "
                         "versions, and exit")

    def __call__(self, parser, namespace, values, option_string=None):  # type: ignore[override]
        print(version_text())
        parser.exit()


def _cmd_adjudicate(args: argparse.Namespace) -> int:
    data = read_json(args.file)
    ruling = adjudicate_data(data)
    if args.format == "text":
        from api.text.text import format_text

        print(neutral.text(format_text(ruling, data)))
    else:
        print(json.dumps(ruling, ensure_ascii=False, indent=2))
    return 0


def _cmd_cut(args: argparse.Namespace) -> int:
    from api.documents.documents import cut_data

    text = json.dumps(cut_data(read_json(args.file), args.at, args.hand), ensure_ascii=False, indent=2)
    if args.output:
        write_text(args.output, text + "\n")
    else:
        print(text)
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    from api.http.serve import serve

    return serve(host=args.host, port=args.port, threads=args.threads, db=args.db,
                 access_log=args.access_log, queue_warnings=args.queue_warnings,
                 workers=args.workers, table=args.table)


def _cmd_keys(args: argparse.Namespace) -> int:
    from api.store.store import Store

    store = Store(args.db)
    try:
        if args.action == "create":
            record, token = store.create_key(args.role, args.label)
            print(token)
            print(f"key {record['id']} ({record['role']}) created in the database {store.path}; "
                  "the key is shown only now", file=sys.stderr)
        elif args.action == "revoke":
            record = store.revoke_key(args.id)
            print(f"key {record['id']} ({record['role']}) revoked at {record['revoked']} "
                  f"in the database {store.path}")
        else:
            print(f"keys in the database {store.path}:")
            print(f"{'id':>4}  {'role':<8}  {'created':<24}  {'revoked':<24}  label")
            after = 0
            while page := store.keys(after=after, limit=200):
                for k in page:
                    print(f"{k['id']:>4}  {k['role']:<8}  {k['created']:<24}  "
                          f"{k['revoked'] or '-':<24}  {neutral.text(k['label'] or '', False)}")
                after = page[-1]["id"]
    finally:
        store.close()
    return 0


def _cmd_store(args: argparse.Namespace) -> int:
    from api.store.store import default_path
    from api.store.verify import TAMPERED, verify

    report = verify(args.db or default_path(), args.known or "")
    if args.json:
        print(json.dumps(report.as_json(), ensure_ascii=False, indent=2))
    else:
        print("\n".join(report.lines()))
    return TAMPERED if report.tampered else 0


def _cmd_audit(args: argparse.Namespace) -> int:
    from api.audit.audit import audit

    return audit(args.paths, jobs=args.jobs, progress=args.progress, json_path=args.json,
                 csv_path=args.csv, store=args.store, store_path=args.db, holds=args.source_format,
                 dask=args.dask, workers=args.workers, keep_duplicates=args.keep_duplicates,
                 strict=args.strict, fail_on=args.fail_on or (), html_path=args.html)


def _cmd_import(args: argparse.Namespace) -> int:
    from api.records.tenhou import TenhouError, import_tenhou

    for path in (args.output, args.recorded):
        if path and os.path.exists(path) and os.path.samefile(path, args.file):
            raise UsageError(f"{path} is the record being imported: write to another file")
    try:
        document, recorded = import_tenhou(args.file)
    except TenhouError as err:
        print(neutral.text(f"error: {args.file}: {err}", False), file=sys.stderr)
        return 2
    for value, path in ((recorded, args.recorded), (document, args.output)):
        text = json.dumps(value, ensure_ascii=False, indent=2)
        if path:
            write_text(path, text + "\n")
        elif value is document:
            print(text)
    return 0


def _port(text: str) -> int:
    value = int(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {value}")
    return value


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def _processes(text: str) -> int:
    """A count of processes or threads to start: 1 to ``MAX_PROCESSES``."""
    from api.limits import MAX_PROCESSES

    value = _positive(text)
    if value > MAX_PROCESSES:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_PROCESSES:,}, not {value:,}")
    return value


def _user_fault(err: Exception) -> bool:
    """Whether ``err`` is something the user can fix (a file or port, a bad setting, a key that
    does not exist), said in one line, rather than a defect of ours."""
    kinds: list[type] = [OSError, UsageError]
    for module, name in (("api.store.store", "StoreError"), ("api.http.app", "ConfigError")):
        if module in sys.modules:
            kinds.append(getattr(sys.modules[module], name))
    return isinstance(err, tuple(kinds))


INSTALL_DASK = "{install dask}"  # in a help text: the command install_extra gives, when shown


class _Help(argparse.RawDescriptionHelpFormatter):
    """Help texts as written, with ``INSTALL_DASK`` worked out only when a help is printed (it
    reads the package's metadata)."""

    def _get_help_string(self, action: argparse.Action) -> Optional[str]:
        text = super()._get_help_string(action)
        if text and INSTALL_DASK in text:
            text = text.replace(INSTALL_DASK, install_extra("dask").replace("%", "%%"))
        return text

    def _split_lines(self, text: str, width: int) -> list[str]:
        """Lines broken at spaces only: a command, a path or a clause ID stays whole to copy."""
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False,
                             break_long_words=False)


def _command(sub, name: str, summary: str, description: str, examples: str,
             status: str = EXIT_STATUS) -> argparse.ArgumentParser:
    """A subcommand with a one-line summary (in ``referee --help``), a description, examples and
    the exit status in its own ``--help``."""
    return sub.add_parser(name, help=summary, description=_wrap(description),
                          epilog=f"examples:\n{examples}\n\n{status}", formatter_class=_Help)


def _roles_help() -> str:
    """What each role may do, from ``api.http.auth``'s table."""
    lines = ["roles (what a key may do over the HTTP API):"]
    for role in ROLES:
        may = ", ".join(DOING[p] for p in (READ, RULE, RECORD, KEYS) if p in PERMISSIONS[role])
        lines.append(textwrap.fill(may, 78, initial_indent=f"  {role:<8} ", subsequent_indent=" " * 11))
    return "\n".join(lines)


def _wrap(text: str) -> str:
    """Paragraphs filled to 78 columns; a paragraph with line breaks of its own is kept as is."""
    return "\n\n".join(p if "\n" in p else textwrap.fill(p, 78) for p in text.split("\n\n"))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="referee", formatter_class=argparse.RawDescriptionHelpFormatter,
        description=_wrap("The mahjong referee: rules recorded hands (mjref/1 documents) as a club "
                    "referee would: irregularities and the clauses that apply, each win's face "
                    "tai, every payment. Run 'referee COMMAND --help' for a command's options "
                    "and examples; docs/ in the repository has the rest."),
        epilog="examples:\n  referee adjudicate examples/discard-win.json --format text\n"
               "  referee audit records/ --json report.json\n"
               "  referee keys create --role referee --label 'table 3'\n"
               f"  referee serve --port 8080\n\n{EXIT_STATUS}")
    parser.add_argument("--version", action=_Version)
    parser.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    adj = _command(sub, "adjudicate", "rule a recorded hand or game (an mjref/1 document)",
                   "Rule one document and print its ruling: the ruling JSON (the public format, "
                   "docs/rulings.md) or, with --format text, a readable account that explains "
                   "every amount.",
                   "  referee adjudicate examples/discard-win.json --format text\n"
                   "  referee adjudicate game.json > ruling.json\n"
                   "  cat game.json | referee adjudicate -")
    adj.add_argument("file", help="the document (JSON, UTF-8, a BOM allowed); - reads standard input")
    adj.add_argument("--format", choices=("json", "text"), default="json",
                     help="json (the ruling JSON, default) or text (readable, explains the money)")
    adj.set_defaults(run=_cmd_adjudicate)

    cut = _command(sub, "cut", "pick a recorded hand up at event N (a state, then events N…)",
                   "Write the document whose hand starts with a 'state' holding the table as it "
                   "stood before event N (hands, melds with whom they came from, rivers and the "
                   "tiles called away, the wall, dora, riichi, furiten and every status of the "
                   "variant), followed by events N onwards. Its ruling is the ruling of the whole "
                   "hand, with the event indices shifted by the cut. A moment a state cannot hold "
                   "(the first go-round, after play ended) exits with status 2 and says why.",
                   "  referee cut game.json --at 40 --hand 3 -o dispute.json\n"
                   "  referee cut hand.json --at 25 | referee adjudicate -")
    cut.add_argument("file", help="the document (JSON); - reads standard input")
    cut.add_argument("--at", type=int, required=True, metavar="N",
                     help="the event the cut document goes on from (0-based, in its hand)")
    cut.add_argument("--hand", type=int, metavar="K",
                     help="in a game ('hands'): which hand, 0-based (a one-hand document: none)")
    cut.add_argument("-o", "--output", metavar="OUT", help="write the document here (default: stdout)")
    cut.set_defaults(run=_cmd_cut)

    db_help = ("the SQLite database (default: $REFEREE_DB, else referee.db in your data "
               "directory; the command prints which)")
    serve = _command(sub, "serve", "run the HTTP API (gunicorn workers, or waitress)",
                     "Serve the HTTP API (docs/http-api.md) until Ctrl-C or SIGTERM. It prints the "
                     "address and the full path of its database on stderr. Requests need an API "
                     "key (referee keys create) unless REFEREE_PUBLIC_READS=1. --workers N runs N "
                     "gunicorn worker processes behind the one port, one per core by default; "
                     "--workers 1 one waitress process.",
                     "  referee serve\n  referee serve --table\n"
                     "  referee serve --host 0.0.0.0 --port 8000 --access-log\n"
                     "  referee serve --workers 1 --threads 8\n"
                     "  REFEREE_DB=/srv/referee.db referee serve --access-log /var/log/referee.log")
    serve.add_argument("--host", help="address to listen on (default 127.0.0.1; with --table, this "
                       "machine's address on the local network)")
    serve.add_argument("--table", action="store_true",
                       help="for phones at the table: listen on the local network, print the "
                            "page's URL, its QR code and a pairing code (a paired phone gets a "
                            "referee key for 8 hours); stored games stay private")
    serve.add_argument("--port", type=_port, default=8080, help="port (default 8080; 0: any free one)")
    serve.add_argument("--workers", type=_processes, default=os.cpu_count() or 1,
                       help="worker processes (default: the number of cores, here "
                            f"{os.cpu_count() or 1}); 1: one waitress process")
    serve.add_argument("--threads", type=_processes, default=4,
                       help="threads in each worker process (default 4)")
    serve.add_argument("--db", help=db_help)
    serve.add_argument("--access-log", nargs="?", const="-", metavar="FILE",
                       help="log one line per request, to FILE or (without FILE) to stderr")
    serve.add_argument("--queue-warnings", action="store_true",
                       help="show waitress's 'Task queue depth' warnings (off by default; "
                            "--workers 1 only)")
    serve.set_defaults(run=_cmd_serve)

    keys = _command(sub, "keys", "make, list and revoke API keys",
                    f"Manage the API keys of the HTTP API, in the store that 'referee serve' "
                    f"uses (the same --db or $REFEREE_DB). Each command names the database it "
                    f"used.\n\n{_roles_help()}",
                    "  referee keys create --role referee --label 'table 3'\n"
                    "  referee keys list\n  referee keys revoke 2")
    keys_sub = keys.add_subparsers(dest="action", required=True, metavar="ACTION")
    create = _command(keys_sub, "create", "make a key and print it (shown only this once)",
                      f"Make an API key with a role and print its token on stdout; only its "
                      f"SHA-256 is stored, so the token is shown only this once.\n\n{_roles_help()}",
                      "  referee keys create --role admin --label me > admin.key\n"
                      "  referee keys create --role auditor --label 'audit office'")
    create.add_argument("--role", required=True, choices=ROLES, help="what the key may do (see roles)")
    create.add_argument("--label", help="who holds it")
    list_ = _command(keys_sub, "list", "list the keys (never the tokens)",
                     "List every key: id, role, when made and revoked, label.",
                     "  referee keys list")
    revoke = _command(keys_sub, "revoke", "revoke a key by its id",
                      "Revoke a key: requests with it are refused from now on (401). A key is "
                      "never deleted.", "  referee keys revoke 2")
    revoke.add_argument("id", type=int, help="the key's id (referee keys list)")
    for p in (create, revoke, list_):
        p.add_argument("--db", help=db_help)
    keys.set_defaults(run=_cmd_keys)

    stor = _command(sub, "store", "check the store for tampering",
                    "Check the store that 'referee serve' uses (the same --db or $REFEREE_DB): its "
                    "schema against the one this referee makes, the hash chain of every revision "
                    "(the first break is named), each game's events against its document, and "
                    "SQLite's integrity_check. Only reads.\n\nexit status: 0 nothing found, 4 "
                    "tampering found, 2 a store that cannot be verified (no such file, not a store, "
                    "another schema version).",
                    "  referee store verify\n  referee store verify --db club.db")
    stor_sub = stor.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = _command(stor_sub, "verify", "verify the schema, the hash chain and the records",
                     "Verify the store; print what was checked and the first break; exit 4 if "
                     "anything was changed.", "  referee store verify --db club.db")
    check.add_argument("--db", help=db_help)
    check.add_argument("--known", metavar="HASH", help="a head hash printed by an earlier verify "
                       "and kept elsewhere: check the chain still holds it")
    check.add_argument("--json", action="store_true", help="print the report as JSON")
    stor.set_defaults(run=_cmd_store)

    aud = _command(sub, "audit", "rule many documents in parallel, with a summary table",
                   "Rule every document under the PATHs in parallel and print a summary: hands by "
                   "result, irregularities by clause, rejected documents by first error. Tenhou "
                   "records (mjlog XML, tenhou.net/6 JSON) are imported and ruled, and each "
                   "finished hand compared with the money the server recorded. The referee's own "
                   "output files (rulings, audit reports) are recognised by their content and "
                   "skipped.",
                   "  referee audit records/\n"
                   "  referee audit games.jsonl --json report.json --csv report.csv\n"
                   "  referee audit tenhou-logs/ --csv hands.csv --fail-on disagreement\n"
                   "  referee audit records/ --html report.html\n"
                   "  referee audit archive/ --dask tcp://scheduler:8786 --json report.json\n"
                   "  export-games | referee audit - --store", AUDIT_STATUS)
    aud.add_argument("paths", nargs="+", metavar="PATH",
                     help="documents (.json), JSON Lines (.jsonl or .ndjson, one document a line), "
                          "Tenhou records (.xml, .mjlog, .json; a .txt holding an mjlog), folders "
                          "(searched recursively), - for JSON Lines on standard input")
    aud.add_argument("--from", dest="source_format", choices=("mjref", "tenhou"),
                     help="what every file holds: mjref/1 documents or Tenhou records (default: "
                          "told by each file's content)")
    aud.add_argument("--jobs", type=_processes, help="worker processes (default: one per core)")
    aud.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                     help="show a progress bar on stderr (default: when stderr is a terminal)")
    aud.add_argument("--json", metavar="FILE", help="write a JSON report, every document's ruling")
    aud.add_argument("--csv", metavar="FILE", help="write a CSV report, one row per document, "
                                                  "one net column per seat")
    aud.add_argument("--html", metavar="FILE",
                     help="write the report as one self-contained web page: the summary, charts "
                          "of findings by clause and of money disagreements by game, each finding "
                          "linked to its hand's text ruling")
    aud.add_argument("--dask", metavar="ADDRESS",
                     help="rule on a Dask cluster: its scheduler (tcp://HOST:8786), or local (a "
                          "LocalCluster here); needs the dask extra: " + INSTALL_DASK)
    aud.add_argument("--workers", type=_processes,
                     help="with --dask local: its worker processes (default: one per core)")
    aud.add_argument("--strict", action="store_true",
                     help="exit 1 on any finding (ruled or unreported) and any hand disagreeing "
                          "with the money a Tenhou server recorded")
    aud.add_argument("--fail-on", action="append", metavar="CLAUSE|disagreement",
                     help="exit 1 on findings of this clause or family (RJ-FLOW-11, TW-ZH: its "
                          "parts too), or on disagreement with the recorded money; repeatable")
    aud.add_argument("--keep-duplicates", action="store_true",
                     help="audit every copy of a game found twice (by its recorded id, or its "
                          "content); by default a copy is left out and listed with the file it "
                          "repeats")
    aud.add_argument("--store", action="store_true", help="record each ruled document as a game")
    aud.add_argument("--db", help=db_help + ", with --store")
    aud.set_defaults(run=_cmd_audit)

    imp = _command(sub, "import", "turn a recorded game into one mjref/1 document",
                   "Turn a game recorded by another program into one mjref/1 document (variant "
                   "riichi) and print it, or write it with -o.",
                   "  referee import tenhou game.mjlog -o game.json\n"
                   "  referee import tenhou tenhou6.json -o game.json --recorded facts.json")
    imp.add_argument("source_format", choices=("tenhou",), metavar="FORMAT",
                     help="tenhou: mjlog XML (plain or gzip) or tenhou.net/6 JSON (or JSON Lines)")
    imp.add_argument("file", help="the record")
    imp.add_argument("-o", "--output", metavar="OUT", help="write the document here (default: stdout)")
    imp.add_argument("--recorded", metavar="FILE",
                     help="also write the recorded facts (money, tenpai, han/fu/points per win)")
    imp.set_defaults(run=_cmd_import)
    return parser


def _quiet_stdout() -> None:
    """The reader of our stdout went away (``| head``): send what is left to nowhere, so that
    neither this write nor the final flush complains."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real file descriptor (a test's captured stdout)
        pass


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code = args.run(args)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except InputError as err:
        print(error_lines(err), file=sys.stderr)
        return 2
    except Exception as err:  # a defect of ours: say so plainly, keep the traceback for --debug
        if _user_fault(err):
            print(neutral.text(f"error: {err}", False), file=sys.stderr)
            return 2
        if args.debug:
            raise
        print(neutral.text(f"error: internal error ({type(err).__name__}: {err}); rerun with --debug "
                           "and report it", False), file=sys.stderr)
        return 1


def run(argv: Optional[Sequence[str]] = None) -> None:
    """The ``referee`` program (its console script, ``python -m api.cli``): ``main``, then exit with
    its status. Before the interpreter's teardown, every object is set aside from the collector
    (``gc.freeze``): the final collections would walk all of them only for the process to end
    (~25 ms at the end of an audit); atexit handlers and flushes still run. ``main`` itself
    leaves the collector alone, for a process that calls it and goes on."""
    code = main(argv)
    gc.freeze()
    sys.exit(code)


if __name__ == "__main__":
    run()
