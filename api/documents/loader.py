"""The way in: ``load_document`` loads a decoded JSON value as a document of its variant.

The variant's schema is the record: tw16's (``api.documents.schemas.tw16``), riichi's
(``api.documents.schemas.riichi``) or hk's (``api.documents.schemas.hk``), tw16's when the variant
is unknown (it says so at ``variant``). A valid document is built by the fast loader
(``api.documents.fastload``), the same objects the schema builds, without the schema's cost;
whatever it does not take, the schema loads. Every error is reported at once, as
``InputError(errors)`` mapping JSON paths to reasons, bounded
(``api.documents.jsonvalues.bound_errors``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from referee.errors import InputError
from referee.model import Document

from api.documents.doc_terms import seating
from api.documents.fastload import fast_document
from api.documents.jsonvalues import bound_errors

if TYPE_CHECKING:
    from marshmallow import Schema


def document_schema(variant: Optional[str]) -> "Schema":
    """The schema of a variant's documents (tw16's when the variant is unknown: it says so).
    The schemas (and marshmallow) are imported at the first document the fast loader does not
    take: a run that meets only valid documents never loads them."""
    from api.documents.schemas.guangdong import GD_DOCUMENT_SCHEMA
    from api.documents.schemas.hk import HK_DOCUMENT_SCHEMA
    from api.documents.schemas.riichi import RIICHI_DOCUMENT_SCHEMA
    from api.documents.schemas.sichuan import SC_DOCUMENT_SCHEMA
    from api.documents.schemas.shanghai import SH_DOCUMENT_SCHEMA
    from api.documents.schemas.tw16 import TW16_DOCUMENT_SCHEMA
    from api.documents.schemas.wuhan import WH_DOCUMENT_SCHEMA

    return {"tw16": TW16_DOCUMENT_SCHEMA, "riichi": RIICHI_DOCUMENT_SCHEMA,
            "hk": HK_DOCUMENT_SCHEMA, "guangdong": GD_DOCUMENT_SCHEMA,
            "wuhan": WH_DOCUMENT_SCHEMA, "sichuan": SC_DOCUMENT_SCHEMA,
            "shanghai": SH_DOCUMENT_SCHEMA}.get(variant or "", TW16_DOCUMENT_SCHEMA)


def load_document(data: object, fast: bool = True) -> Document:
    """Load a decoded JSON value as a document, or raise ``InputError`` naming every fault.

    Any JSON value may be given; whatever is wrong with it comes back as ``InputError``, never as
    another exception. ``errors`` maps a JSON path to its reasons, for instance::

        {"hand.events[3].tile": ["unknown tile '0m'"]}

    (the path of the document itself is ``""``). ``fast=False``: the schema alone loads it (the
    fast loader's tests compare the two).
    """
    with seating(data) as seats:
        document = fast_document(data, seats) if fast else None
        if document is not None:
            return document
        return _schema_load(data, seats.variant)


def _schema_load(data: object, variant: Optional[str]) -> Document:
    """The variant's schema loads the document (within its ``seating``), or ``InputError``."""
    from marshmallow import ValidationError

    from api.documents.schema_fields import error_paths

    try:
        return document_schema(variant).load(data)  # type: ignore[return-value]
    except ValidationError as err:
        raise InputError(bound_errors(error_paths(err.messages))) from None
