"""What the referee prints for people and their programs, made harmless: the one place that
neutralises names and echoed input (player ids, labels, unknown field names, file names) before
they reach a terminal or a spreadsheet (issue 32, item 9).

* ``text``: for a terminal (``--format text``, the audit's summary, every ``error:`` line on
  stderr, ``referee keys list``): control characters are shown as their escapes (``\\x1b``,
  ``\\x9b``, ``\\u202e``), so a name holding ESC sequences cannot clear the screen, set the
  window's title or hide text; a lone surrogate too. The line breaks the referee writes itself stay.
* ``csv_cell``: for a spreadsheet (``referee audit --csv``): a text cell that begins with ``=``,
  ``+``, ``-``, ``@``, a tab or a carriage return is prefixed with ``'`` (OWASP's advice on CSV
  injection), so it is shown, never run as a formula; numbers are left as they are.

JSON output is never passed through here: it stays exact (its escapes are JSON's own).
"""
from __future__ import annotations

import os
import re

#: C0 controls but the line feed, DEL, C1 controls, the bidirectional overrides and isolates
#: (which reorder what a terminal shows), the line and paragraph separators, and lone surrogates
_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
                      "\ud800-\udfff]")
_CONTROL_OR_NEWLINE = re.compile(_CONTROL.pattern[:-1] + "\n]")
#: what a spreadsheet takes for the start of a formula (OWASP: = + - @ tab carriage return)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _escape(m: re.Match) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def text(value: object, newlines: bool = True) -> str:
    """``value`` as text a terminal shows as it is written: each control character as its escape;
    line feeds kept when ``newlines`` (the referee's own layout), escaped otherwise (one line)."""
    return (_CONTROL if newlines else _CONTROL_OR_NEWLINE).sub(_escape, str(value))


def file_name(path: "str | os.PathLike") -> str:
    """A file's name as text that can be written anywhere (UTF-8, a report, the store): a byte of
    the name that is not UTF-8 (read by Python as a lone surrogate) is shown as ``\\xff``."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet shows and never runs: text starting like a formula gets a ``'``
    in front; other values (numbers, empty cells) are returned as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value
