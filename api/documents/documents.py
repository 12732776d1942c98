"""What every way in shares: reading a document (a file or a JSON value), ruling it, and saying
what is wrong with one that is not valid.

The command line, the HTTP app and the audit all import this module; it imports none of them.
Reading JSON and bounding error answers is ``api.documents.jsonvalues``.
"""
from __future__ import annotations

import io
import sys
from typing import IO, Iterator, Optional

from referee.errors import InputError
from rulesbook import get

from api.limits import MAX_BODY
from api.text import neutral
from api.documents.jsonvalues import bound_errors, decode_json
from api.documents.loader import load_document

STDIN = "-"  # a path that means standard input


class UsageError(ValueError):
    """The command was asked for something it cannot do as asked (a path that does not exist, a
    port in use, nothing to audit): said in one line, exit status 2."""


# --- reading and ruling ----------------------------------------------------------------------------


def read_json(path: str, content: Optional[bytes] = None) -> object:
    """The JSON value in the file at ``path`` (``-``: standard input), UTF-8 with or without a
    byte order mark; ``InputError`` (path "") when it cannot be read, or when it holds more than
    ``MAX_BODY`` bytes (the bound of an HTTP body: read no further than one byte past it).
    ``content``: the file's bytes, read elsewhere (by an audit's client for a Dask worker), taken as
    the file would be."""
    name = "<stdin>" if path == STDIN else neutral.file_name(path)
    try:
        if path == STDIN:
            raw = sys.stdin.buffer.read(MAX_BODY + 1)
        elif content is not None:
            raw = content
        else:
            with open(path, "rb") as fh:
                raw = fh.read(MAX_BODY + 1)
    except FileNotFoundError:
        raise InputError({"": [f"{name}: no such file"]}) from None
    except IsADirectoryError:
        raise InputError({"": [f"{name}: is a directory, not a document"]}) from None
    check_size(name, raw)
    try:  # as open() reads text: universal newlines
        text = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8-sig").read()
    except UnicodeDecodeError as err:
        raise InputError({"": [f"{name}: not UTF-8 text ({err.reason})"]}) from None
    return decode_json(text, source=name)


def check_size(name: str, raw: bytes) -> None:
    """``InputError`` (path "") naming ``name`` and the limit when a document's bytes pass
    ``MAX_BODY`` (give a JSON Lines line without its line break)."""
    if len(raw) > MAX_BODY:
        raise InputError({"": [f"{name}: larger than {MAX_BODY:,} bytes (MAX_BODY, the limit of one "
                               f"document, as of an HTTP body): not read"]})


def bounded_lines(fh: IO[bytes], limit: int) -> Iterator[bytes]:
    """The lines of a binary file, each cut to its first ``limit`` + 1 bytes (the rest of a longer
    line is read past, never held): a line past ``limit`` is known as such at bounded cost."""
    while True:
        line = fh.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            while True:
                rest = fh.readline(limit + 1)
                if not rest or rest.endswith(b"\n"):
                    break
        yield line


def adjudicate_data(data: object) -> dict:
    """Load and rule a JSON value: the one path the CLI, the API and the audit share."""
    doc = load_document(data)
    return get(doc.variant).adjudicate(doc)


def cut_data(data: object, at: int, hand: Optional[int] = None) -> dict:
    """The document ``data`` cut before event ``at`` of its hand (``hand``: which, in a game):
    its hand starts with a ``state`` of the table then (``referee.cut``). ``InputError`` names the
    document's faults, or ``at`` / ``hand`` when the cut cannot be made."""
    from referee.cut import cut

    doc = load_document(data)
    rulebook = get(doc.variant)
    if not hasattr(rulebook, "cut"):
        raise InputError({"variant": [f"a {doc.variant} hand cannot be cut yet"]})
    return cut(data, doc, at, hand, rulebook.cut)  # type: ignore[arg-type]


def error_lines(err: InputError) -> str:
    """An invalid document's faults, one ``error: path: reason`` line each (at most
    ``MAX_ERRORS`` of them, then how many more), control characters shown escaped (a name echoed
    from the input cannot drive the terminal: ``api.text.neutral``)."""
    lines = []
    for path, reasons in bound_errors(err.errors).items():
        for reason in reasons:
            line = f"error: {path}: {reason}" if path else f"error: {reason}"
            lines.append(neutral.text(line, newlines=False))
    return "\n".join(lines)
