"""Input schemas of Guangdong documents (RULEBOOK_GD §10: RULEBOOK_HK §10.1 the 13-tile base as it
stands, and guangdong's differences), as hk's (``api.documents.schemas.hk``) with these changes: the ruleset
is checked by guangdong's rulebook (``rulesbook.guangdong.options.ruleset_errors``: its presets,
options and 番 rows); no flowers (the ``flower`` event and ``win.how: flower`` are input errors; a
flower tile anywhere is refused by the table at its event); a ``state``'s ``liabilities`` name
GD-BAO-1…3 (GD-BAO-4 and 5 are found at their win); ``status.passed: true`` only under
``pass_rule: all_waits_until_move``. The fast loader (``api.documents.fastload``) takes its valid documents
but those with ``passed: true`` (this schema decides them).
"""
from __future__ import annotations

from marshmallow import fields

from rulesbook.guangdong.options import preset_error, ruleset_errors

from api.documents.doc_terms import GD_BAO_CLAUSES
from api.documents.schemas import hk
from api.documents.schemas import tw16 as s
from api.limits import HANDS


class NotGd(hk.NotHk):
    VARIANT = "guangdong"


class RulesetSchema(hk.RulesetSchema, NotGd):
    preset = s.Preset(preset_error)
    ruleset_errors = staticmethod(ruleset_errors)


class LiabilitySchema(hk.LiabilitySchema):
    clause = s.Choice(*GD_BAO_CLAUSES, required=True)


class StatusSchema(hk.StatusSchema, NotGd):
    pass


class StateSchema(hk.StateSchema, NotGd):
    liabilities = s.TupleList(fields.Nested(LiabilitySchema), allow_none=True)
    status = s.PlayerMap(fields.Nested(StatusSchema))


class WinSchema(hk.WinSchema):
    how = s.Choice("self_draw", "discard", "rob_kong", required=True)


GD_SCHEMAS = {**hk.EVENT_SCHEMAS, "state": StateSchema(), "win": WinSchema()}
del GD_SCHEMAS["flower"]


class Events(hk.Events):
    schemas = GD_SCHEMAS
    others = hk.Events.others | frozenset({"flower"})


class HandSchema(hk.HandSchema, NotGd):
    events = Events(required=True)


class DocumentSchema(hk.PassedTrue, hk.DocumentSchema, NotGd):
    ruleset = fields.Nested(RulesetSchema)
    hand = fields.Nested(HandSchema)
    hands = s.TupleList(fields.Nested(HandSchema), limit=HANDS, what="hands")

    pass_default = "same_tile_until_move"


GD_DOCUMENT_SCHEMA = DocumentSchema()
