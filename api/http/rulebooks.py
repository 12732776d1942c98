"""The rulebooks as the service knows them: variants, versions, presets and options, and each
clause's text by ID (``rulesbook.clauses``). Open to anyone, like ``/healthz``: a rulebook is
public text, not stored data."""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Optional

from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields

from rulesbook import VARIANTS, get
from rulesbook.clauses import clause

from api.http.auth import requires
from api.http.context import ApiError


def _option(spec: object, presets: Optional[dict] = None, name: str = "") -> dict:
    """One entry of a rulebook's ``OPTIONS_SPEC`` (allowed, default, clause) as JSON: ``values``
    is the list of choices, or ``"boolean"``; a choice ``fixed:K`` or ``final:N`` takes a whole
    number, ``integer`` is any whole number and ``null`` is null; ``array``: the value is an array
    of the choices (its default is one); ``object``: an object of the keys its default has
    (sichuan's ``kong_pay``, shanghai's ``flower_values``). A variant with presets gives each
    preset's value."""
    allowed, default, cited = spec  # type: ignore[misc]
    out: dict = {}
    number = _NUMBER.fullmatch(allowed) if isinstance(allowed, str) else None
    if allowed is bool:
        values: object = "boolean"
    elif number:  # "integer ≥ 0 or null", "integer ≥ cap" (wuhan): a whole number from `least`
        values = ["integer", "null"] if number.group(2) else ["integer"]
        least = number.group(1)
        out["least"] = int(least) if least.isdigit() else least
    elif isinstance(allowed, str):
        values = allowed.split("|")
    else:
        values = list(allowed)  # type: ignore[call-overload]
        if isinstance(default, list):
            out["array"] = True
    out = {"values": values, **out, "default": default, "clause": cited}
    if presets:
        out["presets"] = {preset: options[name] for preset, options in presets.items()}
    return out


#: an option that takes a whole number from a least value (a number, or another option's name)
_NUMBER = re.compile(r"integer ≥ (\w+)( or null)?")


def _plain(x: object) -> object:
    """A factor as JSON: a whole number as an integer, else a float (1.5)."""
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else float(x)
    return x


def rulebook(variant: str) -> dict:
    """What a client needs to know of a variant's rulebook to build a document for it."""
    book = get(variant)
    presets = getattr(book, "PRESETS", None)
    out = {"variant": variant, "rulebook": book.RULEBOOK_VERSION,
           "options": {name: _option(spec, presets, name) for name, spec in book.OPTIONS_SPEC.items()}}
    if presets:
        out["presets"] = list(presets)
    tai = getattr(book, "PRESET_TAI", None)  # tw16: each pattern value, by preset (TW-RS-1)
    if tai:
        default = tai[next(iter(tai))]
        out["tai_table"] = {key: {"default": value, "presets": {p: values[key] for p, values in tai.items()}}
                            for key, value in default.items()}
    fan = getattr(book, "PRESET_FAN", None)  # hk: each 番 row's value, by preset (§9.2)
    if fan:
        default = fan[book.DEFAULT_PRESET]
        rows = _rows(variant)
        out["fan_table"] = {key: {"default": value, "presets": {p: values[key] for p, values in fan.items()},
                                  **rows.get(key, {})}
                            for key, value in default.items()}
    factors = getattr(book, "FACTORS", None)  # wuhan: the factor table's keys and defaults (§9.3)
    if factors:
        out["factor_table"] = {key: {"default": _plain(value), "presets": {p: _plain(value) for p in presets or ()}}
                               for key, value in factors.items()}
    return out


def _rows(variant: str) -> dict[str, dict]:
    """The 番 rows' names, and their class or whether they are special, where the variant's table
    gives them as ``ROWS`` (sichuan: 平胡 … 中张, class P a base row, A an addition, RULEBOOK_SC
    SC-FAN-0; shanghai: 碰碰胡 … 无百搭, ``special`` a row that wins whatever the flowers, SH-HU-2)."""
    from importlib import import_module

    try:
        rows = import_module(f"rulesbook.{variant}.fan_table").ROWS
    except (ImportError, AttributeError):
        return {}
    out = {}
    for key, row in rows.items():
        out[key] = {"name": row.name, "en": row.en}
        if hasattr(row, "cls"):
            out[key]["class"] = row.cls
        if hasattr(row, "special"):
            out[key]["special"] = row.special
    return out


def catalogue() -> list[dict]:
    return [rulebook(v) for v in VARIANTS]


def _variant(variant: str) -> str:
    if variant not in VARIANTS:
        raise ApiError(404, "not_found", f"no rulebook for variant {variant!r}; known: "
                       f"{', '.join(VARIANTS)}")
    return variant


class OptionSchema(Schema):
    values = fields.Raw(metadata={"description": 'the choices, or "boolean"; fixed:K and final:N '
                                                 'take a whole number, "integer" is any whole number, '
                                                 '"null" is null, "object" an object of the keys its '
                                                 'default has (sichuan\'s kong_pay, shanghai\'s flower_values)'})
    array = fields.Boolean(metadata={"description": "the value is an array of the choices (only "
                                                    "given when true)"})
    least = fields.Raw(metadata={"description": 'with "integer": the least value, a number or the '
                                                'name of the option it may not be below'})
    default = fields.Raw()
    clause = fields.String(metadata={"description": "the clause the option belongs to"})
    presets = fields.Dict(keys=fields.String(), values=fields.Raw(), metadata={
        "description": "only for a variant that has presets: each preset's value"})


class TaiValueSchema(Schema):
    default = fields.Integer(metadata={"description": "the default preset's value"})
    presets = fields.Dict(keys=fields.String(), values=fields.Integer(),
                          metadata={"description": "each preset's value"})
    name = fields.String(metadata={"description": "sichuan, shanghai: the row's Chinese name (平胡)"})
    en = fields.String(metadata={"description": "sichuan, shanghai: the row's English name"})
    class_ = fields.String(data_key="class", attribute="class", metadata={
        "description": "sichuan: P, a base row (the highest counts), or A, an addition (SC-FAN-0)"})
    special = fields.Boolean(metadata={
        "description": "shanghai: a special row, one that wins whatever the flowers (SH-HU-2)"})


class FactorValueSchema(Schema):
    default = fields.Raw(metadata={"description": "the default preset's value (whole, or ending in .5)"})
    presets = fields.Dict(keys=fields.String(), values=fields.Raw(),
                          metadata={"description": "each preset's value"})


class RulebookSchema(Schema):
    variant = fields.String(metadata={"example": "tw16"})
    rulebook = fields.String(metadata={"example": "tw16-2026.12"})
    presets = fields.List(fields.String(), metadata={"description": "only for a variant that has presets"})
    options = fields.Dict(keys=fields.String(), values=fields.Nested(OptionSchema))
    tai_table = fields.Dict(keys=fields.String(), values=fields.Nested(TaiValueSchema), metadata={
        "description": "tw16 only: every tai_table key with its value in each preset (TW-RS-1)"})
    fan_table = fields.Dict(keys=fields.String(), values=fields.Nested(TaiValueSchema), metadata={
        "description": "13-tile variants (hk): every 番 row with its value in each preset"})
    factor_table = fields.Dict(keys=fields.String(), values=fields.Nested(FactorValueSchema), metadata={
        "description": "wuhan only: every factor_table key (hand bases and 翻 items, §9.3) with its "
                       "value in each preset"})


class RulebooksSchema(Schema):
    rulebooks = fields.List(fields.Nested(RulebookSchema))


class ClauseSchema(Schema):
    variant = fields.String()
    rulebook = fields.String()
    id = fields.String(metadata={"description": "the ID asked for", "example": "TW-ZH-2"})
    clause = fields.String(metadata={"description": "the ID whose text this is: the one asked for, "
                                                    "or the clause a sub-ID belongs to"})
    title = fields.String()
    text = fields.String(metadata={"description": "the clause in the rulebook's own words"})


blp = Blueprint("rulebooks", __name__, url_prefix="/v1/rulebooks",
                description="The rulebooks: variants, versions, options, clause texts by ID.")


@blp.route("")
class Rulebooks(MethodView):
    @requires(None)
    @blp.doc(security=[])
    @blp.response(200, RulebooksSchema)
    def get(self):
        """The variants this referee rules, with their rulebook versions and options"""
        return {"rulebooks": catalogue()}


@blp.route("/<variant>/clauses/<clause_id>")
class Clause(MethodView):
    @requires(None)
    @blp.doc(security=[])
    @blp.response(200, ClauseSchema)
    def get(self, variant, clause_id):
        """A clause's text, by its ID (TW-ZH-2)

        A sub-ID with no text of its own (TW-TAI-1.round) gives its clause's text, named in
        `clause`. 404 for a clause the rulebook does not have."""
        found = clause(_variant(variant), clause_id)
        if found is None:
            raise ApiError(404, "not_found", f"no clause {clause_id!r} in the {variant} rulebook "
                           f"({get(variant).RULEBOOK_VERSION})")
        return {"variant": variant, "rulebook": get(variant).RULEBOOK_VERSION, **found}
