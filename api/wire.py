"""The HTTP API's own shapes: request arguments, responses, the error envelope (marshmallow).

A document is loaded by ``api.schemas.load_document``, whose error paths are the contract; its
schema here (``DocumentSchema``) only describes it in the OpenAPI document, with the limits of
``api.limits``. A ruling and a stored document pass through the responses unchanged (``Dict``
fields), so the API gives exactly the JSON of ``referee adjudicate``.

What a marshmallow field cannot say (one of two fields, a field tied to another's value) a schema
says in its ``OPENAPI`` attribute, merged into its OpenAPI description by ``SchemaExtras``.
"""
from __future__ import annotations

import base64
import re

from apispec import BasePlugin
from marshmallow import INCLUDE, Schema, ValidationError, fields, validates_schema
from marshmallow.validate import Equal, Length, OneOf, Range

from referee.events import EVENT_TYPES
from referee.tiles import ALIASES, CODE_INDEX
from rulesbook import VARIANTS
from rulesbook.tw16.options import OPTIONS_SPEC
from rulesbook.tw16.values import DEFAULT_TAI

from .auth import ROLES
from .limits import (MAX_BETTORS, MAX_EVENTS, MAX_HANDS, MAX_ID_LENGTH, MAX_MONEY, MAX_ROW_ID,
                     MAX_SIDE_BETS, MAX_STREAK, MAX_TAI, N_PLAYERS)

RULING_FORMAT = "mjref-ruling/1"
MAX_PAGE = 200
DEFAULT_PAGE = 50


class SchemaExtras(BasePlugin):
    """An apispec plugin: a marshmallow schema's ``OPENAPI`` dict joins its OpenAPI description."""

    def schema_helper(self, name, definition, **kwargs):
        schema = kwargs.get("schema")
        return dict(getattr(schema, "OPENAPI", {}))


# --- paging: ?limit=&cursor= -----------------------------------------------------------------

#: a cursor is the list's tag and the last id its page held (9 bytes, big-endian), in URL-safe
#: base64: 16 characters that a pattern describes exactly (a tag's 3 bytes are 4 characters; an id
#: below 2^63 starts with 9 zero bits: "A", then one of "A".."H")
_CURSOR_TAGS = {"games": b"gam", "revisions": b"rev", "keys": b"key"}


def encode_cursor(kind: str, after: int) -> str:
    return base64.urlsafe_b64encode(_CURSOR_TAGS[kind] + after.to_bytes(9, "big")).decode()


def cursor_pattern(kind: str) -> str:
    """The regular expression of every cursor of the list ``kind``: each one the server accepts."""
    tag = base64.urlsafe_b64encode(_CURSOR_TAGS[kind]).decode()
    return f"^{tag}A[A-H][A-Za-z0-9_-]{{10}}$"


class Cursor(fields.String):
    """An opaque cursor from the ``next_cursor`` of a page of the same list: loads as the last id
    (or revision number) that page held."""

    def __init__(self, kind: str, **kwargs):
        self.pattern = cursor_pattern(kind)
        super().__init__(metadata={"pattern": self.pattern, **kwargs.pop("metadata", {})}, **kwargs)
        self.kind = kind

    def _deserialize(self, value, attr, data, **kwargs) -> int:
        text = super()._deserialize(value, attr, data, **kwargs)
        if re.fullmatch(self.pattern, text) is None:
            raise ValidationError(f"not a cursor of this list of {self.kind}: pass the next_cursor "
                                  "of the previous page, or none for the first page")
        after = int.from_bytes(base64.urlsafe_b64decode(text)[3:], "big")
        assert after <= MAX_ROW_ID  # the pattern says so
        return after


def page_args(kind: str) -> type[Schema]:
    return Schema.from_dict({
        "limit": fields.Integer(load_default=DEFAULT_PAGE, validate=Range(1, MAX_PAGE),
                                metadata={"description": f"items per page (1 to {MAX_PAGE})"}),
        "cursor": Cursor(kind, metadata={"description": "next_cursor of the previous page; none "
                                                        "for the first page"}),
    }, name=f"{kind.title()}PageArgs")


def page_of(item: type[Schema], name: str) -> type[Schema]:
    return Schema.from_dict({
        "items": fields.List(fields.Nested(item), required=True),
        "next_cursor": fields.String(allow_none=True, metadata={
            "description": "pass as ?cursor= for the next page; null on the last page"}),
    }, name=name)


# --- documents and rulings (described, passed through) -------------------------------------------


def _id(allow_none: bool = False, required: bool = False, **metadata) -> fields.String:
    return fields.String(validate=Length(1, MAX_ID_LENGTH), allow_none=allow_none, required=required,
                         metadata=metadata)


def _ids(count: Length, required: bool = False, **metadata) -> fields.List:
    """A list of seats' ids; ``referee`` names the referee in a report, never a seat."""
    return fields.List(_id(**{"not": {"enum": ["referee"]}}), validate=count, required=required,
                       metadata={"uniqueItems": True, **metadata})


#: every way to write a round wind (``1z``…``4z`` and their aliases)
WINDS = sorted(text for text, tile in {**CODE_INDEX, **ALIASES}.items() if 27 <= tile <= 30)


def _option(allowed: object) -> dict:
    """One option of ``OPTIONS_SPEC`` as a JSON schema."""
    if allowed is bool:
        return {"type": "boolean"}
    if isinstance(allowed, tuple):
        return {"type": "string", "enum": list(allowed)}
    words = "|".join(re.escape(w) for w in str(allowed).split("|") if w != "fixed:K")
    return {"type": "string", "maxLength": MAX_ID_LENGTH, "pattern": f"^({words}|fixed:{_UP_TO_MAX_TAI})$"}


#: the numbers 0 to MAX_TAI (a power of ten), leading zeros allowed, as a regular expression
_UP_TO_MAX_TAI = f"0*([0-9]{{1,{len(str(MAX_TAI)) - 1}}}|{MAX_TAI})"
assert MAX_TAI == 10 ** (len(str(MAX_TAI)) - 1), "the pattern above needs a power of ten"


#: ``ruleset.options`` (and a re-adjudication's ``options``): tw16's options table
OPTIONS = {"type": "object", "additionalProperties": False,
           "properties": {name: {**_option(allowed), "description": f"{clause}; default "
                                 f"{str(default).lower() if default in (True, False) else default}"}
                          for name, (allowed, default, clause) in OPTIONS_SPEC.items()}}


class RulesetDoc(Schema):
    base = fields.Integer(validate=Range(0, MAX_MONEY), metadata={"description": "底; default 100"})
    tai = fields.Integer(validate=Range(0, MAX_MONEY), metadata={"description": "台; default 20"})
    options = fields.Dict(metadata=OPTIONS)
    tai_table = fields.Dict(metadata={
        "description": "pattern values by pattern key", "additionalProperties": False,
        "properties": {key: {"type": "integer", "minimum": 0, "maximum": MAX_TAI} for key in DEFAULT_TAI}})


class EventDoc(Schema):
    """An event: its ``type`` and that type's fields (EVENT_LOG.md, "Events")."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, validate=OneOf(tuple(EVENT_TYPES)))


class HandDoc(Schema):
    """A hand; null in a field is the same as leaving it out."""

    round_wind = fields.String(allow_none=True, validate=OneOf(WINDS))
    dealer = _id(allow_none=True, description="a player; required in the first hand")
    streak = fields.Integer(allow_none=True, validate=Range(0, MAX_STREAK))
    streak_marker = fields.Integer(allow_none=True, validate=Range(0, MAX_STREAK))
    open_seat = _id(allow_none=True)
    start_dealer = _id(allow_none=True)
    side_bets = fields.List(fields.Dict(), validate=Length(max=MAX_SIDE_BETS))
    events = fields.List(fields.Nested(EventDoc), required=True, validate=Length(max=MAX_EVENTS))


class OneHandDoc(HandDoc):
    """A document's one hand: it names its dealer."""

    dealer = _id(required=True, description="a player")


class DocumentSchema(Schema):
    """An ``mjref/1`` document (EVENT_LOG.md): exactly one of ``hand`` or ``hands``. A document
    this describes may still be refused (422): its events must be a record that can have happened,
    its ids seated players."""

    OPENAPI = {"oneOf": [{"required": ["hand"]}, {"required": ["hands"]}]}

    format = fields.String(required=True, validate=OneOf(("mjref/1",)))
    variant = fields.String(required=True, validate=OneOf(VARIANTS))
    ruleset = fields.Nested(RulesetDoc)
    players = _ids(Length(equal=N_PLAYERS), description="four distinct ids, in turn order",
                   required=True)
    bettors = _ids(Length(max=MAX_BETTORS), description="side bettors outside the table")
    hand = fields.Nested(OneHandDoc, metadata={"description": "one hand"})
    hands = fields.List(fields.Nested(HandDoc), validate=Length(1, MAX_HANDS),
                        metadata={"description": "a recorded game, hand by hand"})


class RulingSchema(Schema):
    """The ruling of EVENT_LOG.md ("The ruling"), as ``referee adjudicate`` prints it."""

    format = fields.String(metadata={"example": RULING_FORMAT})
    variant = fields.String()
    rulebook = fields.String(metadata={"example": "tw16-2026.11"})
    hands = fields.List(fields.Dict(), metadata={
        "description": "per hand: result, complete, winners, rulings, payments, net, next, missing"})
    net = fields.Dict(keys=fields.String(), values=fields.Integer())


# --- stored games and revisions ------------------------------------------------------------------


class WhoSchema(Schema):
    key = fields.Integer(allow_none=True, metadata={"description": "the API key's id (null: the CLI)"})
    role = fields.String(metadata={"description": "referee, admin, or cli"})


class RevisionSchema(Schema):
    game = fields.Integer()
    revision = fields.Integer(metadata={"description": "1, 2, … in order; never rewritten"})
    kind = fields.String(metadata={"description": "adjudication or review"})
    created = fields.String(metadata={"description": "UTC, ISO 8601"})
    by = fields.Nested(WhoSchema)
    rulebook = fields.String(metadata={"description": "the rulebook version of the ruling"})
    options = fields.Dict(metadata={"description": "the ruleset options it was ruled under"})
    reason = fields.String(allow_none=True)
    reviews = fields.Integer(allow_none=True, metadata={"description": "the revision a review reviewed"})
    ruling = fields.Dict(metadata={"description": "the ruling (EVENT_LOG.md)"})


class GameSchema(Schema):
    id = fields.Integer()
    kind = fields.String(metadata={"description": "hand (one hand) or hands (a recorded game)"})
    variant = fields.String()
    players = fields.List(fields.String())
    hands = fields.Integer(metadata={"description": "how many hands it holds"})
    created = fields.String()
    by = fields.Nested(WhoSchema)
    revisions = fields.Integer(metadata={"description": "the latest revision's number"})


class StoredGameSchema(GameSchema):
    latest = fields.Nested(RevisionSchema, metadata={"description": "the ruling in force"})


class GameDetailSchema(StoredGameSchema):
    document = fields.Dict(metadata={"description": "the document as stored"})


class ReviewedRuling(Schema):
    """A ruling a referee gives in a review: the ruling JSON, its money summing to zero."""

    class Meta:
        unknown = INCLUDE

    format = fields.String(required=True, validate=Equal(RULING_FORMAT))
    hands = fields.List(fields.Dict(), required=True)
    net = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True), required=True)

    @validates_schema
    def _sums_to_zero(self, data, **kwargs):
        total = sum(data["net"].values())
        if total:
            raise ValidationError(f"the net sums to {total}, not 0", "net")


class RevisionRequest(Schema):
    OPENAPI = {"oneOf": [
        {"title": "adjudication", "properties": {"kind": {"enum": ["adjudication"]}},
         "not": {"required": ["ruling"]}},
        {"title": "review", "properties": {"kind": {"enum": ["review"]}},
         "required": ["kind", "reason"], "not": {"required": ["options"]}},
    ]}

    kind = fields.String(load_default="adjudication", validate=OneOf(("adjudication", "review")),
                         metadata={"description": "adjudication: rule the stored document again; "
                                                  "review: a referee's review of the latest ruling"})
    options = fields.Dict(keys=fields.String(), metadata={
        **OPTIONS, "description": "adjudication only: ruleset options merged over the document's own"})
    reason = fields.String(validate=Length(1, 2000), metadata={"description": "required for a review"})
    ruling = fields.Nested(ReviewedRuling, metadata={
        "description": "review only: the reviewed ruling; without it the review upholds the latest"})
    base_revision = fields.Integer(strict=True, validate=Range(1, MAX_ROW_ID), metadata={
        "description": "the revision you read; 409 if the game has a later one"})

    @validates_schema
    def _fits_the_kind(self, data, **kwargs):
        errors = {}
        if data["kind"] == "review":
            if "reason" not in data:
                errors["reason"] = ["a review needs a reason"]
            if "options" in data:
                errors["options"] = ["a review keeps the options of the ruling it reviews; "
                                     "re-adjudicate (kind 'adjudication') to change them"]
        elif "ruling" in data:
            errors["ruling"] = ["a ruling is given only with kind 'review'; an adjudication "
                                "computes its own"]
        if errors:
            raise ValidationError(errors)


# --- API keys ------------------------------------------------------------------------------------


class KeyRequest(Schema):
    role = fields.String(required=True, validate=OneOf(ROLES))
    label = fields.String(validate=Length(max=200), metadata={"description": "who holds it"})


class KeySchema(Schema):
    id = fields.Integer()
    role = fields.String()
    label = fields.String(allow_none=True)
    created = fields.String()
    revoked = fields.String(allow_none=True)


class NewKeySchema(KeySchema):
    key = fields.String(metadata={"description": "the token: shown this once, only its SHA-256 is kept"})


# --- health and errors -----------------------------------------------------------------------------


class HealthSchema(Schema):
    status = fields.String(metadata={"example": "ok"})
    schema_version = fields.Integer()
    rulebooks = fields.Dict(keys=fields.String(), values=fields.String())


class ErrorSchema(Schema):
    """The one error envelope of every error response."""

    code = fields.Integer(metadata={"description": "the HTTP status code"})
    status = fields.String(metadata={"description": "a stable snake_case name: invalid_document, "
                                                    "not_found, unauthorized, body_too_large, …"})
    message = fields.String(metadata={"description": "what is wrong, naming the place"})
    errors = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), metadata={
        "description": "JSON path (hand.events[3].tile, query.limit) to reasons; {} if none"})
