"""The referee's own words for what marshmallow would say in its own, and "did you mean".

Every message a user reads should sound the same: lower case, no full stop, the fault and where it
comes from. marshmallow's defaults ("Missing data for required field.", "Not a valid list.") are
replaced here, once, for every field and schema in the process (marshmallow's documented way:
each field class's ``default_error_messages``). ``api.documents.schemas.tw16`` and ``api.http.wire`` import this
module, so the table is in force wherever a document or a request is loaded.

``did_you_mean`` finds the name a typo was meant to be (``playr`` → ``player``); ``tile_hint``
the tile code (``6P`` → ``6p``); ``option_hint`` the option an unknown one was meant to be, or the
variants it belongs to (``limit_fan`` under sichuan: hk's and guangdong's cap, sichuan's is
``cap_fan``).
"""
from __future__ import annotations

import difflib
import unicodedata
from typing import Iterable, Optional

from marshmallow import Schema, fields

from referee.tiles import TileError, code, parse_compact, parse_tile

REQUIRED = "required, and missing"
UNKNOWN_FIELD = "unknown field"

#: field class -> its messages, in the project's voice
FIELD_MESSAGES: dict[type, dict[str, str]] = {
    fields.Field: {"required": REQUIRED, "null": "may not be null",
                   "validator_failed": "not a valid value"},
    fields.Nested: {"type": "must be a JSON object"},
    fields.List: {"invalid": "must be an array"},
    fields.Tuple: {"invalid": "must be an array"},
    fields.Mapping: {"invalid": "must be a JSON object"},
    fields.String: {"invalid": "must be a string", "invalid_utf8": "must be UTF-8 text"},
    fields.Number: {"invalid": "must be a number", "too_large": "the number is too large"},
    fields.Integer: {"invalid": "must be a whole number"},
    fields.Boolean: {"invalid": "must be true or false"},
}
SCHEMA_MESSAGES = {"type": "must be a JSON object", "unknown": UNKNOWN_FIELD}


def install() -> None:
    """Put the table in force (idempotent)."""
    for cls, messages in FIELD_MESSAGES.items():
        cls.default_error_messages.update(messages)
    Schema._default_error_messages.update(SCHEMA_MESSAGES)


def did_you_mean(word: str, choices: Iterable[str]) -> Optional[str]:
    """The one of ``choices`` that ``word`` was most likely meant to be: the same but for case,
    else the closest by spelling; None when nothing is close."""
    choices = [c for c in choices if isinstance(c, str)]
    same_case = [c for c in choices if c.lower() == word.lower() and c != word]
    if same_case:
        return same_case[0]
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.75)
    return close[0] if close and close[0] != word else None


def hint(word: object, choices: Iterable[str]) -> str:
    """``"; did you mean 'player'?"`` or nothing."""
    found = did_you_mean(word, choices) if isinstance(word, str) else None
    return f"; did you mean {found!r}?" if found else ""


#: options that say the same thing under another name in another variant: name -> variant -> its own
SAME_IDEA: dict[str, dict[str, str]] = {
    "limit_fan": {"sichuan": "cap_fan"},  # the cap of 番 (HK-FAN-36, GD-FAN-32; SC-FAN-30)
    "cap_fan": {"hk": "limit_fan", "guangdong": "limit_fan"},
}


def option_hint(name: object, variant: str, options: dict[str, Iterable[str]]) -> str:
    """For an option ``name`` unknown to ``variant`` (``options``: each variant's option names):
    ``"; did you mean 'cap_fan'?"``, or ``"; it is an option of hk and guangdong, not of
    sichuan (sichuan's is 'cap_fan')"``, or nothing."""
    if not isinstance(name, str):
        return ""
    own = SAME_IDEA.get(name, {}).get(variant)
    found = hint(name, options.get(variant, ()))
    if found and not own:
        return found
    others = [v for v, names in options.items() if v != variant and name in names]
    if not others:
        return f"; did you mean {own!r}?" if own else ""
    where = " and ".join([", ".join(others[:-1]), others[-1]] if len(others) > 1 else others)
    return f"; it is an option of {where}, not of {variant}" + (f" ({variant}'s is {own!r})" if own else "")


def tile_hint(text: object) -> str:
    """``"; did you mean '6p'?"`` for a tile code or compact string that is wrong only in its case,
    spacing or order (``6P``, ``p6``, ``"123M"``), or in its width (``４ｐ``, as a Chinese or Japanese
    keyboard types it: the tile codes are ASCII), else nothing."""
    if not isinstance(text, str):
        return ""
    flat = unicodedata.normalize("NFKC", text).strip().replace(" ", "")
    for candidate in dict.fromkeys((flat, flat.lower(), flat[::-1], flat[::-1].lower())):
        if candidate == text:
            continue
        for read in (parse_tile, parse_compact):
            try:
                tiles = read(candidate)
            except TileError:
                continue
            shown = code(tiles) if isinstance(tiles, int) else candidate
            return f"; did you mean {shown!r}?"
    return ""


#: every variant by its name in words: those this referee rules, then those planned
VARIANT_NAMES = {"tw16": "Taiwan 16-tile", "riichi": "Japanese riichi", "hk": "Hong Kong",
                 "guangdong": "Guangdong", "wuhan": "Wuhan", "shanghai": "Shanghai", "sichuan": "Sichuan"}


def variant_words(ruled: Iterable[str]) -> str:
    """``(Taiwan 16-tile, …, Wuhan); Shanghai and Sichuan are planned``: the variants ruled, by
    name, and those still planned."""
    ruled = list(ruled)
    planned = [name for v, name in VARIANT_NAMES.items() if v not in ruled]
    words = "(" + ", ".join(VARIANT_NAMES.get(v, v) for v in ruled) + ")"
    if planned:
        last = planned[-1]
        words += "; " + (" and ".join([", ".join(planned[:-1]), last]) if len(planned) > 1 else last)
        words += " are planned" if len(planned) > 1 else " is planned"
    return words


def suggest_fields(messages: object, data: object, known: Iterable[str]) -> None:
    """In a schema's error messages, name the field each unknown one was likely meant to be."""
    if not isinstance(messages, dict) or not isinstance(data, dict):
        return
    known = list(known)
    for key, reasons in messages.items():
        if key in data and reasons == [UNKNOWN_FIELD]:
            messages[key] = [UNKNOWN_FIELD + hint(key, known)]


install()
