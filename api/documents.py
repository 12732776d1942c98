"""What every way in shares: reading a document (a file or a JSON value), ruling it, and saying
what is wrong with one that is not valid.

The command line, the HTTP app and the audit all import this module; it imports none of them.
"""
from __future__ import annotations

import json
import sys

from referee.errors import InputError

STDIN = "-"  # a path that means standard input


class UsageError(ValueError):
    """The command was asked for something it cannot do as asked (a path that does not exist, a
    port in use, nothing to audit): said in one line, exit status 2."""


def json_fault(err: json.JSONDecodeError) -> str:
    """A JSON syntax error in words, with its line and column."""
    return f"invalid JSON at line {err.lineno} column {err.colno}: {err.msg}"


def read_json(path: str) -> object:
    """The JSON value in the file at ``path`` (``-``: standard input), UTF-8 with or without a
    byte order mark; ``InputError`` (path "") when it cannot be read."""
    name = "<stdin>" if path == STDIN else path
    try:
        if path == STDIN:
            return json.loads(sys.stdin.buffer.read().decode("utf-8-sig"))
        with open(path, encoding="utf-8-sig") as fh:
            return json.load(fh)
    except FileNotFoundError:
        raise InputError({"": [f"{path}: no such file"]}) from None
    except IsADirectoryError:
        raise InputError({"": [f"{path}: is a directory, not a document"]}) from None
    except UnicodeDecodeError as err:
        raise InputError({"": [f"{name}: not UTF-8 text ({err.reason})"]}) from None
    except json.JSONDecodeError as err:
        raise InputError({"": [f"{name}: {json_fault(err)}"]}) from None


def adjudicate_data(data: object) -> dict:
    """Load and rule a JSON value: the one path the CLI, the API and the audit share."""
    from rulesbook import get

    from .schemas import load_document

    doc = load_document(data)
    return get(doc.variant).adjudicate(doc)


def error_lines(err: InputError) -> str:
    """An invalid document's faults, one ``error: path: reason`` line each."""
    lines = []
    for path, reasons in err.errors.items():
        for reason in reasons:
            lines.append(f"error: {path}: {reason}" if path else f"error: {reason}")
    return "\n".join(lines)
