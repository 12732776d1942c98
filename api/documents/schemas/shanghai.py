"""Input schemas of Shanghai documents (RULEBOOK_SH §15: RULEBOOK_HK §10.1 the 13-tile base, and
Shanghai's additions), as hk's (``api.documents.schemas.hk``) with these changes: the ruleset is
checked by shanghai's rulebook (``rulesbook.shanghai.options.ruleset_errors``: its presets, options
and 番 rows); a hand may carry ``huang_fan`` (the 荒番 counter before its dice, ≥ 0) and ``dice`` (two
whole numbers 1–6); ``declare`` is accepted with ``what: knock`` (where it may stand is the
replay's: right after the same player's discard); a ``state``'s ``status`` may say ``knocked`` and
its ``liabilities`` name SH-BAO-1; the flower tiles are 1f–8f and 中發白 (``5z 6z 7z``: the
table refuses them as flowers when ``dragons_as_flowers`` is off); a win is ``self_draw``,
``discard`` or ``rob_kong``; the 13-tile base's ``indicator`` event and ``state.indicator`` /
``state.wild`` (SH-BD-1: the table refuses them without ``wild``); ``status.passed: true`` (every
discard win barred) only under ``pass_rule: until_own_draw`` (SH-GS-4 names the passed kinds). Every
other variant refuses these fields (hk's schema names them as shanghai's). The fast loader
(``api.documents.fastload``) builds valid shanghai documents as this schema does (``passed: true``
it leaves to this schema); whatever it does not take, this schema loads.
"""
from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields

from referee import events as ev
from rulesbook.shanghai.options import preset_error, ruleset_errors

from api.documents.doc_terms import SH_BAO_CLAUSES, SH_FLOWER
from api.documents.schemas import hk
from api.documents.schemas import tw16 as s
from api.limits import HANDS, STREAK


class NotSh(hk.NotHk):
    FOREIGN = {k: v for k, v in hk.NotHk.FOREIGN.items() if v != "shanghai"}
    VARIANT = "shanghai"


class RulesetSchema(hk.RulesetSchema, NotSh):
    preset = s.Preset(preset_error)
    ruleset_errors = staticmethod(ruleset_errors)


class LiabilitySchema(hk.LiabilitySchema):
    clause = s.Choice(*SH_BAO_CLAUSES, required=True)


class StatusSchema(hk.StatusSchema, NotSh):
    knocked = s.Bool()  # SH-QIAO-1


class StateSchema(hk.IndicatorStateSchema, NotSh):
    """A state: ``indicator`` and ``wild`` under ``wild`` (SH-BD-1; the table refuses them without)."""

    FOREIGN = {k: v for k, v in NotSh.FOREIGN.items() if k not in hk.INDICATOR}
    flowers = s.PlayerMap(s.Tiles(SH_FLOWER))
    liabilities = s.TupleList(fields.Nested(LiabilitySchema), allow_none=True)
    status = s.PlayerMap(fields.Nested(StatusSchema))


class FlowerSchema(s.FlowerSchema):
    tile = s.Tile(SH_FLOWER, required=True)


class WinSchema(hk.WinSchema):
    how = s.Choice("self_draw", "discard", "rob_kong", required=True)


class DeclareSchema(s.PlayerEventSchema):
    """``declare`` ``what: knock`` (敲, SH-QIAO-1)."""

    event = ev.Declare
    what = s.Choice("knock", required=True)


SH_SCHEMAS = {**hk.EVENT_SCHEMAS, "state": StateSchema(), "win": WinSchema(), "flower": FlowerSchema(),
              "declare": DeclareSchema(), "indicator": hk.IndicatorSchema()}


class Events(hk.Events):
    schemas = SH_SCHEMAS
    others = hk.Events.others - frozenset({"declare", "indicator"})


class Dice(fields.Field):
    """``dice``: the roll that opened the wall, two whole numbers 1–6 (SH-HF-2)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> tuple[int, int]:
        if not isinstance(value, list) or len(value) != 2 or not all(
                type(d) is int and 1 <= d <= 6 for d in value):
            raise ValidationError("must be two whole numbers from 1 to 6, the roll that opened the wall")
        return (value[0], value[1])


class HandSchema(hk.HandSchema, NotSh):
    events = Events(required=True)
    huang_fan = s.Int(limit=STREAK, allow_none=True)  # SH-HF-1
    dice = Dice(allow_none=True)  # SH-HF-2


class DocumentSchema(hk.PassedTrue, hk.DocumentSchema, NotSh):
    all_waits = "until_own_draw"  # SH-GS-2: the rule that bars every discard win
    pass_default = "same_tile_rest_of_hand"

    ruleset = fields.Nested(RulesetSchema)
    hand = fields.Nested(HandSchema)
    hands = s.TupleList(fields.Nested(HandSchema), limit=HANDS, what="hands")


SH_DOCUMENT_SCHEMA = DocumentSchema()
