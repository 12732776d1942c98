"""The way in: ``load_document`` loads a decoded JSON value as a document of its variant.

The variant's schema does the work: tw16's (``api.schemas``) or riichi's (``api.riichi_schemas``),
tw16's when the variant is unknown (it says so at ``variant``). Every error is reported at once, as
``InputError(errors)`` mapping JSON paths to reasons, bounded (``api.jsonvalues.bound_errors``).
"""
from __future__ import annotations

from typing import Optional

from marshmallow import Schema, ValidationError

from referee.errors import InputError
from referee.model import Document

from .jsonvalues import bound_errors
from .riichi_schemas import RIICHI_DOCUMENT_SCHEMA
from .schemas import TW16_DOCUMENT_SCHEMA, error_paths, seating

SCHEMAS: dict[str, Schema] = {"tw16": TW16_DOCUMENT_SCHEMA, "riichi": RIICHI_DOCUMENT_SCHEMA}


def document_schema(variant: Optional[str]) -> Schema:
    """The schema of a variant's documents (tw16's when the variant is unknown: it says so)."""
    return SCHEMAS.get(variant or "", TW16_DOCUMENT_SCHEMA)


def load_document(data: object) -> Document:
    """Load a decoded JSON value as a document, or raise ``InputError`` naming every fault.

    Any JSON value may be given; whatever is wrong with it comes back as ``InputError``, never as
    another exception. ``errors`` maps a JSON path to its reasons, for instance::

        {"hand.events[3].tile": ["unknown tile '0m'"]}

    (the path of the document itself is ``""``).
    """
    with seating(data) as seats:
        try:
            return document_schema(seats.variant).load(data)  # type: ignore[return-value]
        except ValidationError as err:
            raise InputError(bound_errors(error_paths(err.messages))) from None
