"""The HTTP API's own shapes: request arguments, responses, the error envelope (marshmallow).

A document is loaded by ``api.documents.loader.load_document``, whose error paths are the contract; the
OpenAPI document describes it from the loader's own schemas (``describe_loader``): a request body is
one of the variants' documents, told apart by ``variant`` (tw16's components keep their plain names,
riichi's are ``riichi.Document``, ``riichi.Hand``, ``riichi.Draw`` …). A ruling and a
stored document pass through the responses unchanged (``Dict`` fields), so the API gives exactly
the JSON of ``referee adjudicate``; ``RulingSchema`` only describes it.

What a marshmallow field cannot say (one of two fields, a field tied to another's value) a schema
says in its ``OPENAPI`` attribute, merged into its OpenAPI description by ``SchemaExtras``; the
limits of ``api.limits`` are stated where the loader's fields carry them.
"""
from __future__ import annotations

import base64
import re

from apispec import BasePlugin
from marshmallow import INCLUDE, Schema, ValidationError, fields, validates_schema
from marshmallow.validate import Length, OneOf, Range

from referee.tiles import ALIASES, CODE_INDEX
from rulesbook.riichi.options import OPTIONS_SPEC as RIICHI_OPTIONS_SPEC
from rulesbook.riichi.options import PRESETS
from rulesbook.tw16.options import OPTIONS_SPEC
from rulesbook.tw16.options import PRESETS as TW16_PRESETS

from api.documents import messages  # noqa: F401  (the project's words for marshmallow's messages)
from api.http.auth import ROLES
from api.limits import (MAX_BETTORS, MAX_CORRECTIONS, MAX_EVENTS, MAX_ID_LENGTH, MAX_PAGE, MAX_PATH,
                     MAX_ROW_ID, MAX_TAI)
from api.http.reviews import OPS as REVIEW_OPS

RULING_FORMAT = "mjref-ruling/1"
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
        "limit": fields.Integer(load_default=DEFAULT_PAGE, validate=Range(
            1, MAX_PAGE, error="must be {min} to {max}, not {input}"),
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

TILE = {"type": "string", "description": "a tile: a code (1m-9m, 1p-9p, 1s-9s, 1z-7z, 1f-8f), an "
        "alias (五筒, E, 中, 🀄 …) or ? for a hidden tile", "example": "5p"}
TILES = {"oneOf": [{"type": "string", "description": "a compact string of codes", "example": "123m55p?"},
                   {"type": "array", "items": TILE}],
         "description": "tiles: a compact string of codes or an array of tiles"}
RIICHI_TILE = {**TILE, "description": "a tile: a code (1m-9m, 1p-9p, 1s-9s, 1z-7z; 0m 0p 0s the red "
               "fives, with red_fives on), an alias (五筒, E, 中, 5mr …) or ? for a hidden tile"}
RIICHI_TILES = {**TILES, "oneOf": [TILES["oneOf"][0], {"type": "array", "items": RIICHI_TILE}]}


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


def _loader_property(self, field, **kwargs) -> dict:
    """The OpenAPI property of a field of the document loader (``api.documents.schemas.tw16``), whose fields are
    its own classes: added to flask-smorest's converter by ``describe_loader``."""
    from api.documents.schemas import riichi as rs
    from api.documents.schemas import tw16 as ld

    riichi = _variant_at(field) == "riichi"
    if riichi and field.name in rs.TW16_FIELDS and isinstance(field.parent, rs.NotRiichi):
        return {"not": {}, "description": "a tw16 field: refused under variant riichi"}
    if isinstance(field, ld.Preset) and field.error is rs.preset_error:  # riichi's presets
        return {"type": "string", "enum": list(PRESETS), "default": "tenhou",
                "description": "fills every option (RULEBOOK_RIICHI §13); options override it"}
    if isinstance(field, rs.Options):
        return {"type": "object", "additionalProperties": False,
                "properties": {name: _riichi_option(*spec) for name, spec in RIICHI_OPTIONS_SPEC.items()},
                "description": "overrides of the preset's options (RULEBOOK_RIICHI §13)"}
    if isinstance(field, ld.Events):
        kinds = [self.resolve_nested_schema(schema.__class__) for schema in field.schemas.values()]
        return {"type": "array", "description": "the hand's events in the order they happened; "
                "each refers to an earlier one by its 0-based index (about)", "maxItems": MAX_EVENTS,
                "items": {"oneOf": kinds, "discriminator": {"propertyName": "type"}}}
    if field.name == "type" and isinstance(getattr(field, "parent", None), ld.EventSchema):
        return {"type": "string", "enum": [field.parent.event.type]}
    if isinstance(field, ld.Variant) and isinstance(getattr(field, "parent", None), ld.DocumentSchema):
        return {"type": "string", "enum": [_variant_of(field.parent.__class__)]}
    if isinstance(field, ld.Choice):
        return {"type": "string", "enum": list(field.choices)}
    if isinstance(field, ld.About):
        return {"type": "integer", "minimum": 0, "description": "the 0-based index of an earlier "
                "event of the same hand"}
    if isinstance(field, ld.Int):
        return {"type": "integer", "minimum": field.minimum, "maximum": field.maximum}
    if isinstance(field, ld.Bool):
        return {"type": "boolean"}
    if isinstance(field, ld.Text):
        return {"type": "string", "minLength": 1, "maxLength": MAX_ID_LENGTH}
    if isinstance(field, ld.Player):
        return {"type": "string", "maxLength": MAX_ID_LENGTH, "description": "a player id (one of players)"
                + (", or a bettor" if field.bettors else "")
                + "".join(f", or {a!r}" for a in field.also)}
    if isinstance(field, (ld.Players, ld.Ids)):
        out: dict = {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": MAX_ID_LENGTH},
                     "uniqueItems": True}
        if field.__class__ is ld.Ids and field.count:
            out.update(minItems=field.count, maxItems=field.count)
        elif field.__class__ is ld.Ids:
            out.update(maxItems=MAX_BETTORS)
        return out
    if isinstance(field, ld.TupleList) and field.limit is not None:
        return {"maxItems": field.limit.value}
    if isinstance(field, ld.HandTiles):
        return {"oneOf": [*(RIICHI_TILES if riichi else TILES)["oneOf"], {"type": "integer", "minimum": 0,
                                            "description": "how many tiles, unknown"}]}
    if isinstance(field, ld.Tiles):
        out = dict(RIICHI_TILES if riichi else TILES)
        if field.length:
            out["description"] += f" ({field.length} tiles)"
        return out
    if isinstance(field, ld.Tile):
        return dict(RIICHI_TILE if riichi else TILE)
    if isinstance(field, ld.PlayerMap):
        return {"type": "object", "description": "keyed by player id",
                "additionalProperties": self.field2property(field.values)}
    if isinstance(field, ld.Preset) and field.error is ld.tw16_preset_error:
        return {"type": "string", "enum": list(TW16_PRESETS), "default": "seed000",
                "description": "TW-RS-1: a named table (seed000: the rulebook; common: seed 001's); "
                               "options and tai_table entries override it key by key (TW-RS-2)"}
    if isinstance(field, ld.RulebookMap):
        return {"type": "object", "description": f"the variant's {field.table} (RULEBOOK.md)"}
    return {}


def _riichi_option(allowed: object, default: object, clause: str) -> dict:
    """The OpenAPI property of one riichi option (``RIICHI_OPTIONS_SPEC``: choices, ``bool``,
    ``"integer"``, ``"integer|null"``, ``"table_mangan|final:N"``; a list default: an array)."""
    out: dict = {"default": default, "description": f"{clause}; the tenhou preset's value is shown"}
    if allowed is bool:
        out["type"] = "boolean"
    elif allowed in ("integer", "integer|null"):
        out.update(type="integer", minimum=0, **({"nullable": True} if allowed == "integer|null" else {}))
    elif isinstance(allowed, str):
        first, pattern = allowed.split("|")
        out.update(type="string", pattern=f"^({first}|final:[0-9]+)$", example=pattern.replace("N", "20000"),
                   maxLength=MAX_ID_LENGTH)  # and N at most MAX_MONEY points (doc_terms._bounded_riichi_option)
    elif isinstance(default, list):
        out.update(type="array", items={"type": "string", "enum": list(allowed)}, uniqueItems=True,
                   maxItems=len(allowed))  # type: ignore[arg-type]
    else:
        out.update(type="string", enum=list(allowed))
    return out


def _variant_at(field) -> str:
    """The variant of the loader schema a field belongs to (through the fields holding it)."""
    holder = getattr(field, "parent", None)
    while holder is not None and not isinstance(holder, Schema):
        holder = getattr(holder, "parent", None)
    return "tw16" if holder is None else _variant_of(holder.__class__)


def _variant_of(schema: type) -> str:
    """The variant a loader schema belongs to: riichi's live in ``api.documents.schemas.riichi``."""
    return "riichi" if schema.__module__ == "api.documents.schemas.riichi" else "tw16"


def component_name(schema: object) -> str:
    """A schema's component name: its class name without ``Schema``; a riichi loader schema's
    with ``riichi.`` before it (``riichi.Hand``), as riichi has schemas of the same names."""
    cls = schema if isinstance(schema, type) else schema.__class__
    name = cls.__name__[:-len("Schema")] if cls.__name__.endswith("Schema") else cls.__name__
    return f"riichi.{name}" if _variant_of(cls) == "riichi" else name


def describe_loader(api) -> None:
    """Let the OpenAPI document describe a document field by field, from the loader itself."""
    api.ma_plugin.converter.add_attribute_function(_loader_property)
    api.ma_plugin.schema_name_resolver = component_name
    api.ma_plugin.converter.schema_name_resolver = component_name


def document_schema() -> dict:
    """The OpenAPI request body of a document (``mjref/1``): one of the loader's document schemas,
    by ``variant``."""
    from api.documents.schemas.riichi import DocumentSchema as RiichiDocument
    from api.documents.schemas.tw16 import DocumentSchema

    kinds = {"tw16": DocumentSchema, "riichi": RiichiDocument}
    return {"oneOf": list(kinds.values()), "discriminator": {"propertyName": "variant", "mapping": {
        variant: f"#/components/schemas/{component_name(schema)}" for variant, schema in kinds.items()}}}


RIICHI = "riichi only: "
TW16 = "tw16 only: "
SICHUAN = "sichuan only: "


class PatternSchema(Schema):
    rule = fields.String(metadata={"example": "TW-TAI-3"})
    name = fields.String(metadata={"description": "in Chinese", "example": "門清"})
    en = fields.String(metadata={"description": "in English", "example": "concealed hand"})
    tai = fields.Integer(metadata={"description": TW16 + "its tai"})
    key = fields.String(metadata={"description": RIICHI + "the yaku's key", "example": "riichi"})
    ja = fields.String(metadata={"description": RIICHI + "in Japanese", "example": "リーチ"})
    han = fields.Integer(metadata={"description": RIICHI + "its han"})


class FuSchema(Schema):
    fu = fields.Integer()
    reason = fields.String(metadata={"example": "closed_pon"})


class WinnerSchema(Schema):
    player = fields.String()
    how = fields.String(metadata={"description": "self_draw, discard, rob_kong, flower, rob_flower"})
    tile = fields.String(allow_none=True)
    tai = fields.Integer(allow_none=True, metadata={
        "description": TW16 + "the face tai, the sum of patterns (no dealer tai); null when unknown"})
    patterns = fields.List(fields.Nested(PatternSchema))
    from_ = fields.String(data_key="from", allow_none=True, metadata={
        "description": RIICHI + "whose tile was won on; null for a self-draw"})
    han = fields.Integer(metadata={"description": RIICHI + "han (13 a yakuman)"})
    fu = fields.Integer()
    limit = fields.String(metadata={"description": RIICHI + "'' or mangan, haneman, baiman, "
                                    "sanbaiman, yakuman, 2x yakuman …"})
    points = fields.Integer(metadata={"description": RIICHI + "the base payments (RJ-VAL-5), without "
                                      "honba or sticks"})
    pao = fields.String(allow_none=True, metadata={"description": RIICHI + "the liable player (RJ-PAY-8)"})
    fu_details = fields.List(fields.Nested(FuSchema), metadata={"description": RIICHI + "fu by reason"})
    order = fields.Integer(metadata={"description": SICHUAN + "the win's number in the hand (1, 2, 3; "
                                     "winners on one discard numbered in turn order from the discarder)"})
    at = fields.Integer(metadata={"description": SICHUAN + "the 0-based index of the win event"})
    value = fields.Integer(metadata={"description": SICHUAN + "V = base × 2^fan_paid (SC-PAY-0): what a "
                                     "discarder pays; a self-draw payer pays V plus the bonus"})


class FindingSchema(Schema):
    rule = fields.String(metadata={"description": "the clause ID", "example": "TW-XG-1"})
    player = fields.String(allow_none=True, metadata={"description": "the offender"})
    at = fields.Integer(allow_none=True, metadata={"description": "the 0-based index of the event "
                                                                  "it rests on"})
    status = fields.String(metadata={"description": "ruled, unreported or dismissed"})
    decision = fields.String(metadata={"description": "in English"})
    decision_zh = fields.String(metadata={"description": "in Chinese"})
    decision_ja = fields.String(metadata={"description": RIICHI + "in Japanese"})


class PaymentSchema(Schema):
    from_ = fields.String(data_key="from", metadata={"description": "a player, a bettor, or in riichi "
                                                     "kyotaku (the table's sticks)"})
    to = fields.String()
    amount = fields.Integer(metadata={"description": "whole units (riichi: points); every hand sums "
                                                     "to zero"})
    rule = fields.String(metadata={"description": "the clause that caused it"})
    at = fields.Integer(metadata={"description": SICHUAN + "the 0-based index of the event it belongs "
                                  "to (a win, a kong's replacement draw, the exhaustive draw; SC-PAY-7)"})


class CheckSchema(Schema):
    player = fields.String()
    pig = fields.Boolean(metadata={"description": "花猪: he still holds his void suit (SC-CH-1)"})
    ready = fields.Boolean(metadata={"description": "下叫: one tile from a win without his void suit"})
    best_fan = fields.Integer(metadata={"description": "a ready player's best call, capped (SC-CH-2)"})


class NextSchema(Schema):
    dealer = fields.String()
    streak = fields.Integer(metadata={"description": TW16 + "the dealer's streak"})
    round_wind = fields.String(allow_none=True, metadata={"description": "null without start_dealer"})
    honba = fields.Integer(metadata={"description": RIICHI + "the honba counter"})
    sticks = fields.Integer(metadata={"description": RIICHI + "riichi sticks on the table"})
    game_over = fields.Boolean(metadata={"description": RIICHI + "the game ended with this hand (RJ-END)"})


class PenaltySchema(Schema):
    player = fields.String()
    points = fields.Integer(metadata={"description": "taken off his final score"})
    rule = fields.String()
    applies_to = fields.String(metadata={"example": "final_score"})


class MissingSchema(Schema):
    fact = fields.String(metadata={"description": "concealed_tiles, kong_tiles, tile, order, "
                                                  "wall_left or round_wind"})
    player = fields.String(allow_none=True)
    at = fields.Integer(allow_none=True)
    needed_for = fields.String()


class HandRulingSchema(Schema):
    result = fields.String(metadata={"description": "win, exhaustive_draw, false_win, penalty, open, "
                                     "undetermined; riichi adds abortive_draw"})
    abort = fields.String(metadata={"description": RIICHI + "an abortive draw's kind: nine_terminals, "
                                    "four_winds, four_kans, four_riichi, triple_ron"})
    complete = fields.Boolean(metadata={"description": "false when a missing fact left a payment out"})
    redeal = fields.Boolean(metadata={"description": RIICHI + "a chombo: the hand is dealt again"})
    winners = fields.List(fields.Nested(WinnerSchema))
    rulings = fields.List(fields.Nested(FindingSchema))
    payments = fields.List(fields.Nested(PaymentSchema))
    net = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "per player (and bettor); riichi adds kyotaku, the table's sticks"})
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(), allow_none=True, metadata={
        "description": RIICHI + "each player's points after the hand; null when the start is unknown"})
    tenpai = fields.List(fields.String(), allow_none=True, metadata={
        "description": RIICHI + "the players counted tenpai at an exhaustive draw, else null"})
    penalties = fields.List(fields.Nested(PenaltySchema), metadata={
        "description": RIICHI + "final-score chombo costs (chombo: final:N), outside net"})
    next = fields.Nested(NextSchema, allow_none=True, metadata={"description": "null when open"})
    missing = fields.List(fields.Nested(MissingSchema))
    left_play = fields.List(fields.String(), metadata={
        "description": SICHUAN + "the players who left play by a win in this hand, in order"})
    checks = fields.List(fields.Nested(CheckSchema), metadata={
        "description": SICHUAN + "only after an exhaustive draw: each player in play checked (SC-CH-5)"})


class FinalSchema(Schema):
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "the final scores, the sticks left given to the top (RJ-END-5)"})
    kyotaku_to = fields.String(allow_none=True)
    penalties = fields.List(fields.Nested(PenaltySchema))
    adjusted = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "the final scores less the penalties"})


class ExplainedSchema(Schema):
    payments = fields.List(fields.String(), metadata={
        "description": "per payment, in order: the sum it is and its clause, as the text ruling "
                       "prints it (= 100 + (0 face + 1 作莊) × 20 (TW-PAY-1)), or its clause alone"})
    round_wind = fields.String(allow_none=True, metadata={
        "description": "why the next hand's round wind is unknown; null when it is known"})
    claims = fields.List(fields.String(), metadata={
        "description": "why a claim on a discard gave way to a win on it (TW-PR)"})


class ExplainArgs(Schema):
    explain = fields.Boolean(load_default=False, metadata={
        "description": "add `explained`: each payment's sum and clause, per hand"})


class RulingSchema(Schema):
    """The ruling (docs/rulings.md), as ``referee adjudicate`` prints it."""

    format = fields.String(metadata={"example": RULING_FORMAT})
    variant = fields.String()
    rulebook = fields.String(metadata={"example": "tw16-2026.12"})
    preset = fields.String(metadata={"example": "seed000", "description": "tw16: the preset in force "
                                     "(TW-RS-4), seed000 when the document named none"})
    hands = fields.List(fields.Nested(HandRulingSchema))
    net = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "every player and bettor (riichi: and kyotaku) over all hands; sums to zero"})
    final = fields.Nested(FinalSchema, metadata={"description": RIICHI + "a hands document whose game "
                                                 "ended (RJ-END-5)"})
    explained = fields.List(fields.Nested(ExplainedSchema), metadata={
        "description": "with ?explain=true only: per hand, each payment's sum and clause"})


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
    corrections = fields.List(fields.Dict(), allow_none=True, metadata={
        "description": "a review's corrections to the stored document (with those of the "
                       "revisions it follows), as ruled; null if none"})
    ruling = fields.Dict(metadata={"description": "the ruling (EVENT_LOG.md)"})
    hash = fields.String(metadata={"description": "SHA-256 chained to the revision stored before "
                                                  "it (tamper evidence: referee store verify)"})


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


class Correction(Schema):
    """One correction a review makes to the stored document (``api.http.reviews``)."""

    op = fields.String(load_default="set", validate=OneOf(REVIEW_OPS), metadata={
        "description": "set: a field's or a list item's value; insert: a list item before the "
                       "index (the list's length appends); remove: a field or a list item"})
    path = fields.String(required=True, validate=Length(1, MAX_PATH), metadata={
        "description": "where, as the referee's errors name places", "example": "hand.events[3].tile"})
    value = fields.Raw(allow_none=True, metadata={"description": "the value (set and insert)"})

    @validates_schema
    def _value_when_needed(self, data, **kwargs):
        if data["op"] != "remove" and "value" not in data:
            raise ValidationError(f"{data['op']} needs a value", "value")
        if data["op"] == "remove" and "value" in data:
            raise ValidationError("remove takes no value", "value")


class RevisionRequest(Schema):
    OPENAPI = {"oneOf": [
        {"title": "adjudication", "properties": {"kind": {"enum": ["adjudication"]}},
         "not": {"required": ["corrections"]}},
        {"title": "review", "properties": {"kind": {"enum": ["review"]}},
         "required": ["kind", "reason"]},
    ]}

    kind = fields.String(load_default="adjudication", validate=OneOf(("adjudication", "review")),
                         metadata={"description": "adjudication: rule the stored document again; "
                                                  "review: a referee's review of the latest ruling, "
                                                  "ruled by the engine"})
    options = fields.Dict(keys=fields.String(), metadata={
        **OPTIONS, "description": "ruleset options: an adjudication's merged over the document's "
                                  "own, a review's over those of the revision it reviews"})
    reason = fields.String(validate=Length(1, 2000), metadata={
        "description": "why; required for a review (the referee's note)"})
    corrections = fields.List(fields.Nested(Correction), validate=Length(
        max=MAX_CORRECTIONS, error="at most {max} corrections"), metadata={
        "description": "review only: corrections to the stored document, after those of the "
                       "revision reviewed; the engine rules the corrected document"})
    ruling = fields.Raw(metadata={"description": "never accepted: the engine rules a review"})
    net = fields.Raw(metadata={"description": "never accepted: the engine rules a review"})
    base_revision = fields.Integer(strict=True, validate=Range(1, MAX_ROW_ID), metadata={
        "description": "the revision you read; 409 if the game has a later one"})

    @validates_schema
    def _fits_the_kind(self, data, **kwargs):
        errors = {}
        for money in ("ruling", "net"):
            if money in data:
                errors[money] = ["the engine rules every revision: a review gives options, "
                                 "corrections or a reason, never a ruling or money"]
        if data["kind"] == "review":
            if "reason" not in data:
                errors["reason"] = ["a review needs a reason"]
        elif "corrections" in data:
            errors["corrections"] = ["corrections are given only with kind 'review'; an "
                                     "adjudication rules the document as recorded"]
        if errors:
            raise ValidationError(errors)


# --- API keys ------------------------------------------------------------------------------------


class KeyRequest(Schema):
    role = fields.String(required=True, validate=OneOf(ROLES, error="must be {choices}, not {input!r}"))
    label = fields.String(validate=Length(max=200, error="must be at most 200 characters"),
                          metadata={"description": "who holds it"})


class KeySchema(Schema):
    id = fields.Integer()
    role = fields.String()
    label = fields.String(allow_none=True)
    created = fields.String()
    revoked = fields.String(allow_none=True)
    expires = fields.String(allow_none=True, metadata={
        "description": "when the key stops being accepted (a paired phone's); null: never"})


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
