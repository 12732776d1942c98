"""The ``referee`` command line.

``referee adjudicate FILE [--format json|text]`` prints the ruling of a document. A document that
cannot be read or is not valid exits with status 2 and a message naming the place; never a
traceback.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Optional, Sequence

from referee.errors import InputError

from .text import format_text


def _read_json(path: str) -> object:
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        raise InputError({"": [f"{path}: no such file"]}) from None
    except IsADirectoryError:
        raise InputError({"": [f"{path}: is a directory, not a document"]}) from None
    except UnicodeDecodeError as err:
        raise InputError({"": [f"{path}: not UTF-8 text ({err.reason})"]}) from None
    except json.JSONDecodeError as err:
        raise InputError({"": [f"{path}: invalid JSON at line {err.lineno} column {err.colno}: "
                               f"{err.msg}"]}) from None


def adjudicate_data(data: object) -> dict:
    """Load and rule a JSON value: the one path the CLI and the API share."""
    from rulesbook import get

    from .schemas import load_document

    doc = load_document(data)
    return get(doc.variant).adjudicate(doc)


def _cmd_adjudicate(args: argparse.Namespace) -> int:
    ruling = adjudicate_data(_read_json(args.file))
    if args.format == "text":
        print(format_text(ruling))
    else:
        print(json.dumps(ruling, ensure_ascii=False, indent=2))
    return 0


def _error_lines(err: InputError) -> str:
    lines = []
    for path, reasons in err.errors.items():
        for reason in reasons:
            lines.append(f"error: {path}: {reason}" if path else f"error: {reason}")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="referee", description="The mahjong referee.")
    parser.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    sub = parser.add_subparsers(dest="command", required=True)
    adj = sub.add_parser("adjudicate", help="rule a recorded hand or game (an mjref/1 document)")
    adj.add_argument("file", help="the document (JSON)")
    adj.add_argument("--format", choices=("json", "text"), default="json",
                     help="json (the ruling of EVENT_LOG.md, default) or readable text")
    adj.set_defaults(run=_cmd_adjudicate)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except InputError as err:
        print(_error_lines(err), file=sys.stderr)
        return 2
    except Exception as err:  # a defect of ours: say so plainly, keep the traceback for --debug
        if args.debug:
            raise
        print(f"error: internal error ({type(err).__name__}: {err}); rerun with --debug and report it",
              file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
