"""The one JSON reader of every way in, and error answers kept bounded.

``decode_json``: whatever the bytes, it returns a value the referee can work on and write back out,
or raises ``JsonError`` naming the place. ``bound_errors`` keeps an answer about errors bounded
whatever the input (``api.limits``). The loader (``api.documents.schemas.tw16``), the documents module, the HTTP
app and the audit import this module; it imports none of them.
"""
from __future__ import annotations

import json
import math
import re
from typing import Mapping, Optional, Sequence, Union

from referee.errors import InputError

from api.limits import MAX_DEPTH, MAX_ERRORS, MAX_PATH, MAX_REASON

ROOT = ""  # the path of the document itself


class JsonError(InputError):
    """Bytes or text that are not a JSON value the referee accepts (syntax, encoding, nesting, a
    number or string that cannot be read or written back, a name repeated in one object): a 400 in
    the API, exit 2 in the CLI."""


class JsonSyntaxError(JsonError):
    """Text that is not JSON at all (``json_fault``): ``line``, ``column`` and ``msg`` of the fault."""

    def __init__(self, errors: dict[str, list[str]], err: json.JSONDecodeError):
        super().__init__(errors)
        self.line, self.column, self.msg = err.lineno, err.colno, err.msg


def json_fault(err: json.JSONDecodeError) -> str:
    """A JSON syntax error in words, with its line and column."""
    return f"invalid JSON at line {err.lineno} column {err.colno}: {err.msg}"


# --- the JSON edges ------------------------------------------------------------------------------


class _Unreadable:
    """Put in place of a number the decoder could not take (too long to read, not finite)."""

    __slots__ = ("reason",)

    def __init__(self, reason: str):
        self.reason = reason


#: a \\uD800-\\uDFFF escape: the only way a lone surrogate gets into a strictly decoded text
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_CONTAINERS = (dict, list)


def decode_json(data: Union[bytes, str], source: Optional[str] = None) -> object:
    """The JSON value of ``data`` (bytes in UTF-8, -16 or -32, or text), or ``JsonError``.

    Refused, each at its JSON path where it has one: text that is not JSON or not strictly
    encoded; nesting deeper than ``MAX_DEPTH``; an integer too long for Python to read (over 4,300
    digits), a number that is not finite (``NaN``, ``Infinity``, ``1e999``); a string or a name
    holding a lone surrogate (``"\\ud800"``: not Unicode, it could not be written back as UTF-8);
    a name given twice in one object (``{"tai": 20, "tai": 2000}``: readers disagree on which one
    counts, so the document has no one meaning), at the object's path, naming the name.
    ``source`` (a file name) prefixes the reasons about the whole text.
    """
    prefix = f"{source}: " if source else ""
    unreadable: list[_Unreadable] = []

    def number(text: str, read=int) -> object:
        try:
            value = read(text)
        except ValueError:  # Python's limit on the digits of an int
            value = None
        if value is None or (read is float and not math.isfinite(value)):
            unreadable.append(_Unreadable(f"the number {clip(text, 24)} cannot be read: "
                                          + ("not a finite number" if read is float else
                                             f"an integer of {len(text.lstrip('-')):,} digits")))
            return unreadable[-1]
        return value

    def constant(text: str) -> object:
        unreadable.append(_Unreadable(f"{text} is not JSON: a number must be finite"))
        return unreadable[-1]

    repeated: dict[int, list[str]] = {}  # id of an object -> its names given more than once

    def pairs(items: list) -> dict:
        obj = dict(items)
        if len(obj) != len(items):
            seen: set = set()
            repeated[id(obj)] = list(dict.fromkeys(k for k, _ in items if k in seen or seen.add(k)))
        return obj

    try:
        encoding = json.detect_encoding(data) if isinstance(data, bytes) else None
        text = data.decode(encoding) if isinstance(data, bytes) else data
        value = json.loads(text, parse_int=number, parse_float=lambda t: number(t, float),
                           parse_constant=constant, object_pairs_hook=pairs)
    except json.JSONDecodeError as err:
        raise JsonSyntaxError({ROOT: [prefix + json_fault(err)]}, err) from None
    except UnicodeDecodeError as err:
        raise JsonError({ROOT: [f"{prefix}not UTF-8 text ({err.reason})"]}) from None
    except RecursionError:
        raise JsonError({ROOT: [f"{prefix}JSON nested deeper than {MAX_DEPTH} levels"]}) from None
    surrogates = _SURROGATE_ESCAPE.search(text) is not None
    if unreadable or surrogates or repeated or not (
            _shallow_text(data if encoding in ("utf-8", "utf-8-sig")  # type: ignore[arg-type]
                          else text.encode("utf-8", "surrogatepass"))
            or _shallow(value)):
        faults = _faults(value, surrogates, repeated)
        if faults:
            raise JsonError(bound_errors(faults))
    return value


#: every byte but JSON's brackets and quotes (in UTF-8 no other character has a byte below 128)
_NOT_MARKS = bytes(sorted(set(range(256)) - set(b'[]{}"')))
#: objects and arrays nest alike
_ONE_BRACKET = bytes.maketrans(b"{}", b"[]")


def _shallow_text(utf8: bytes) -> bool:
    """Whether the JSON text ``utf8`` (valid, in UTF-8) surely nests at most ``MAX_DEPTH`` levels;
    False also when it cannot tell (a string holds a bracket: ``_shallow`` walks the value then).
    About five times sooner than ``_shallow``, by ``bytes`` methods alone: without its escaped
    backslashes and quotes, then without every byte but brackets and quotes, a string is ``""``
    where it holds no bracket; when every quote is in such a pair (counted from the left), the
    brackets left are the value's, and each pass of ``replace(b"[]", b"")`` takes away their
    innermost level."""
    if b"\\" in utf8:  # escapes pair backslashes from the left, as replace does
        utf8 = utf8.replace(b"\\\\", b"").replace(b'\\"', b"")
    marks = utf8.translate(None, _NOT_MARKS)
    if marks.count(b'"') != 2 * marks.count(b'""'):
        return False
    marks = marks.translate(_ONE_BRACKET, b'"')
    for _ in range(MAX_DEPTH):
        marks = marks.replace(b"[]", b"")
        if not marks:
            return True
    return False


def _shallow(value: object) -> bool:
    """Whether ``value`` nests at most ``MAX_DEPTH`` levels (level by level: no recursion)."""
    level = [value] if type(value) in _CONTAINERS else []
    for _ in range(MAX_DEPTH):
        following: list = []
        for node in level:
            following += [v for v in (node.values() if type(node) is dict else node)
                          if type(v) in _CONTAINERS]
        if not following:
            return True
        level = following
    return False


def _faults(value: object, surrogates: bool,
            repeated: Optional[Mapping[int, list[str]]] = None) -> dict[str, list[str]]:
    """Every unreadable number, string with a lone surrogate, object with a repeated name (by the
    ids in ``repeated``) and container nested too deeply in a decoded value, at its JSON path
    (depth first, in document order)."""
    faults: dict[str, list[str]] = {}
    stack: list[tuple[object, str, int]] = [(value, ROOT, 1)]
    while stack:
        node, path, depth = stack.pop()
        if isinstance(node, _Unreadable):
            faults.setdefault(path, []).append(node.reason)
        elif surrogates and isinstance(node, str) and _SURROGATE.search(node):
            faults.setdefault(path, []).append(_surrogate_reason(node, "string"))
        elif type(node) in _CONTAINERS and depth > MAX_DEPTH:
            faults.setdefault(path, []).append(f"JSON nested deeper than {MAX_DEPTH} levels")
        elif type(node) is dict:
            for key in (repeated or {}).get(id(node), ()):
                faults.setdefault(join_path(path, key), []).append(
                    "this name is given more than once in its object (which one counts would be a "
                    "guess): give each name once")
            for key in reversed(list(node)):
                at = join_path(path, key)
                if surrogates and _SURROGATE.search(key):
                    faults.setdefault(at, []).append(_surrogate_reason(key, "name"))
                stack.append((node[key], at, depth + 1))
        elif type(node) is list:
            stack += [(item, f"{path}[{i}]", depth + 1) for i, item in reversed(list(enumerate(node)))]
    return faults


def _surrogate_reason(text: str, what: str) -> str:
    lone = _SURROGATE.search(text).group()  # type: ignore[union-attr]
    return (f"this {what} holds a lone surrogate ({printable(lone)}): JSON text must be Unicode, "
            "write the character itself or its pair of escapes")


# --- paths and messages that are safe to answer --------------------------------------------------


def printable(text: str) -> str:
    """``text`` as it can be written in UTF-8: a lone surrogate becomes its escape (``\\ud800``)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def clip(text: str, size: int) -> str:
    """``text`` cut to ``size`` characters, the cut shown by "…"."""
    return text if len(text) <= size else text[:size - 1] + "…"


def join_path(path: str, key: object) -> str:
    """The JSON path of ``key`` (a name or an index) under ``path``: ``hand.events[3]``. A name is
    shown cut to ``MAX_PATH`` characters and printable."""
    if type(key) is int:
        return f"{path}[{key}]"
    name = printable(clip(str(key), MAX_PATH))
    return f"{path}.{name}" if path else name


_MORE = re.compile(r"and ([\d,]+) more errors?, not listed")


def _more(count: int) -> str:
    return f"and {count:,} more error{'s' if count > 1 else ''}, not listed (at most {MAX_ERRORS} are)"


def bound_errors(errors: Mapping[str, Sequence[object]]) -> dict[str, list[str]]:
    """At most ``MAX_ERRORS`` reasons, each path and reason cut to a bounded length and printable,
    then one reason at the root path saying how many more there are. Bounding twice changes
    nothing."""
    out: dict[str, list[str]] = {}
    kept = dropped = 0
    for path, reasons in errors.items():
        for reason in reasons:
            text = str(reason)
            more = _MORE.match(text) if path == ROOT else None
            if more:
                dropped += int(more.group(1).replace(",", ""))
            elif kept < MAX_ERRORS:
                key = printable(clip(path, MAX_PATH))
                out.setdefault(key, []).append(printable(clip(text, MAX_REASON)))
                kept += 1
            else:
                dropped += 1
    if dropped:
        out.setdefault(ROOT, []).append(_more(dropped))
    return out


def error_count(errors: Mapping[str, Sequence[str]]) -> int:
    """How many errors ``errors`` stands for, those left out by ``bound_errors`` included."""
    total = 0
    for path, reasons in errors.items():
        for reason in reasons:
            more = _MORE.match(reason) if path == ROOT else None
            total += int(more.group(1).replace(",", "")) if more else 1
    return total
