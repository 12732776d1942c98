"""A referee's review of a stored game: what it may change, and how the engine rules it.

A review never carries money. It carries a note (``reason``), ruleset ``options`` merged over
those of the revision it reviews, and ``corrections`` to the stored document (an event recorded
wrong, a tile misread): each one sets, inserts or removes the value at a JSON path, in the paths
the loader's errors use (``hand.events[3].tile``). The corrections of the revision reviewed come
first, then the review's own, so a later review keeps what an earlier one corrected. The engine
rules the corrected document under the merged options, and that ruling, with its rulebook version,
is the revision stored: what the engine never ruled is never stored. The game's document itself
never changes (the store is append-only); a re-adjudication (kind ``adjudication``) rules it as
recorded.

No rulebook (RULEBOOK*.md) lets a referee set the money past the engine's ruling, so there is no
override: a ruling or a net sent with a review is refused at its field.
"""
from __future__ import annotations

import copy
import re
from typing import Any

from referee.errors import InputError

from api.documents.documents import adjudicate_data

OPTIONS_PATH = "ruleset.options"
OPS = ("set", "insert", "remove")
_PATH = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d{1,6}\])*")
_STEP = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")


class ReviewError(Exception):
    """A review the engine cannot rule: ``errors`` at the request's JSON paths."""

    def __init__(self, errors: dict[str, list[str]]):
        super().__init__(next(iter(errors)))
        self.errors = errors


def parse_path(path: str) -> list[str | int]:
    """``hand.events[3].tile`` → ``["hand", "events", 3, "tile"]``; a ``ValueError`` if the path
    is not one (names and indices only)."""
    if _PATH.fullmatch(path) is None:
        raise ValueError("not a path of the document: write it as the referee's errors do, e.g. "
                         "hand.events[3].tile")
    if path == OPTIONS_PATH or path.startswith((OPTIONS_PATH + ".", OPTIONS_PATH + "[")):
        raise ValueError("options are given as the review's options, not corrected in place")
    return [name if name else int(index) for name, index in _STEP.findall(path)]


def _apply(document: Any, correction: dict) -> None:
    """One correction, in place; a ``ValueError`` naming what is not there."""
    steps = parse_path(correction["path"])
    op = correction.get("op", "set")
    parent = document
    for depth, step in enumerate(steps[:-1]):
        parent = _child(parent, step, steps[:depth + 1])
    last = steps[-1]
    if isinstance(last, str):
        if not isinstance(parent, dict):
            raise ValueError(f"{_shown(steps[:-1])} is not an object")
        if op == "insert":
            raise ValueError("insert puts an item into a list: end the path with [index]")
        if op == "remove":
            if last not in parent:
                raise ValueError(f"there is no {_shown(steps)} to remove")
            del parent[last]
        else:
            parent[last] = copy.deepcopy(correction["value"])
        return
    if not isinstance(parent, list):
        raise ValueError(f"{_shown(steps[:-1])} is not a list")
    size = len(parent)
    if op == "insert":
        if last > size:
            raise ValueError(f"{_shown(steps[:-1])} has {size} items: insert at 0 to {size}")
        parent.insert(last, copy.deepcopy(correction["value"]))
    elif last >= size:
        raise ValueError(f"{_shown(steps[:-1])} has {size} items: no item {last}")
    elif op == "remove":
        del parent[last]
    else:
        parent[last] = copy.deepcopy(correction["value"])


def _child(value: Any, step: str | int, steps: list) -> Any:
    if isinstance(step, str) and isinstance(value, dict) and step in value:
        return value[step]
    if isinstance(step, int) and isinstance(value, list) and step < len(value):
        return value[step]
    raise ValueError(f"the document has no {_shown(steps)}")


def _shown(steps: list) -> str:
    text = "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in steps).lstrip(".")
    return text or "the document"


def corrected(document: dict, corrections: list[dict], first_new: int) -> dict:
    """The document with the corrections applied in order (a copy); a ``ReviewError`` at
    ``corrections[i]`` (counting the review's own from 0, past the ``first_new`` inherited)."""
    doc = copy.deepcopy(document)
    for i, correction in enumerate(corrections):
        try:
            _apply(doc, correction)
        except ValueError as err:
            where = f"corrections[{i - first_new}].path" if i >= first_new else "corrections"
            raise ReviewError({where: [str(err)]}) from None
    return doc


def rule_review(document: dict, reviewed: dict, options: dict, corrections: list[dict]) -> dict:
    """What a review stores, as the engine rules it: ``{"ruling", "options", "corrections"}``.

    ``reviewed`` is the revision reviewed (its options and corrections come first)."""
    inherited = list(reviewed.get("corrections") or [])
    every = inherited + corrections
    doc = corrected(document, every, len(inherited))
    merged = {**(reviewed.get("options") or {}), **options}
    ruleset = dict(doc.get("ruleset") or {}) if isinstance(doc.get("ruleset"), dict) else {}
    ruleset["options"] = merged
    doc["ruleset"] = ruleset
    try:
        ruling = adjudicate_data(doc)
    except InputError as err:
        errors: dict[str, list[str]] = {}
        for path, reasons in err.errors.items():
            if path.startswith(OPTIONS_PATH):
                errors["options" + path[len(OPTIONS_PATH):]] = reasons
            else:
                errors["document" + ("." + path if path and not path.startswith("[") else path)] = reasons
        raise ReviewError(errors) from None
    return {"ruling": ruling, "options": merged, "corrections": every or None}
