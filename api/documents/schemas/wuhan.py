"""Input schemas of Wuhan documents (RULEBOOK_WH §10: RULEBOOK_HK §10.1 the 13-tile base, and
wuhan's changes), as hk's (``api.documents.schemas.hk``) with these differences: the ruleset is a
``preset`` (`kaikoufan`, `koukoufan`) with ``base``, ``options`` and ``factor_table``, checked by
wuhan's rulebook (``rulesbook.wuhan.options.ruleset_errors``), ``fan_table`` refused; no flowers (the
``flower`` event and ``win.how: flower`` are input errors; a flower tile is refused by the table);
the ``indicator`` event (the 13-tile base's, switched on) and ``single_kong``; ``win.wild``; a
``state``'s ``indicator`` (the table requires it), ``wild``, ``laid``, ``haidi``, and
``liabilities`` naming WH-CB-1 only; ``status.passed: true`` only under ``pass_rule:
all_waits_until_move`` (the default). Every one of these is an input error under another variant
(their schemas do not know them).
"""
from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields, post_load, validates_schema

from referee import events as ev
from referee.model import Ruleset
from rulesbook.wuhan.options import preset_error, ruleset_errors

from api.documents.doc_terms import WH_CB_CLAUSES
from api.documents.schemas import hk
from api.documents.schemas import tw16 as s
from api.limits import HANDS


class NotWh(hk.NotHk):
    """Strict, with a plain word for the other variants' fields (the indicator's are wuhan's)."""

    FOREIGN = {**{k: v for k, v in hk.NotHk.FOREIGN.items() if k not in hk.INDICATOR | hk.WUHAN},
               "fan_table": "hk or guangdong (wuhan has no 番 row: its values are factor_table)"}
    VARIANT = "wuhan"


class RulesetSchema(NotWh, hk.RulesetSchema):
    """hk's ruleset with ``factor_table`` in place of ``fan_table`` (refused by name)."""

    class Meta(hk.RulesetSchema.Meta):
        exclude = ("fan_table",)

    preset = s.Preset(preset_error)
    factor_table = s.RulebookMap("factor_table")
    ruleset_errors = staticmethod(ruleset_errors)
    table_key = "factor_table"

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> Ruleset:
        return Ruleset(base=data.get("base", 1), options=data.get("options", {}),
                       factor_table=data.get("factor_table", {}), preset=data.get("preset"))


class LiabilitySchema(hk.LiabilitySchema):
    clause = s.Choice(*WH_CB_CLAUSES, required=True)
    self_clause = "WH-CB-0"  # the winner is never his own feeder


class StatusSchema(NotWh, hk.StatusSchema):
    pass


class MeldSchema(hk.MeldSchema):
    """A ``state`` meld: a kong of four, or a 朝天 of three 皮 (§10; WH-IRR-2 outside
    ``pi_kong: chaotian``, ruled by the table)."""

    KONG_SIZES = (4, 3)


class KongSchema(s.KongSchema):
    tiles = s.Tiles(s.NO_FLOWER, required=True)

    @validates_schema(skip_on_field_errors=True)
    def size(self, data: dict[str, Any], **kwargs: Any) -> None:
        if len(data["tiles"]) not in (3, 4):
            raise ValidationError({"tiles": [f"a kong has 4 tiles (3 for a 朝天), not {len(data['tiles'])}"]})


class StateSchema(NotWh, hk.IndicatorStateSchema):
    melds = s.PlayerMap(s.TupleList(fields.Nested(MeldSchema)))
    liabilities = s.TupleList(fields.Nested(LiabilitySchema), allow_none=True)
    status = s.PlayerMap(fields.Nested(StatusSchema))
    laid = s.PlayerMap(s.Tiles(s.NO_FLOWER))
    haidi = s.Bool()


class WildSaid(s.Strict):
    """One entry of ``win.wild``: a 癞子 of his hand and the kind he said it stood for."""

    tile = s.Tile(s.NO_FLOWER, required=True)
    as_ = s.Tile(s.NO_FLOWER, data_key="as", required=True)

    @validates_schema(skip_on_field_errors=True)
    def known(self, data: dict[str, Any], **kwargs: Any) -> None:
        for key, value in (("tile", data["tile"]), ("as", data["as_"])):
            if value == -1:
                raise ValidationError({key: ["'?' is no tile he could have said"]})

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> tuple[int, int]:
        return data["tile"], data["as_"]


class WinSchema(hk.WinSchema):
    how = s.Choice("self_draw", "discard", "rob_kong", required=True)
    wild = s.TupleList(fields.Nested(WildSaid), allow_none=True)


class SingleKongSchema(s.PlayerEventSchema):
    """``{"type": "single_kong", "player": "B", "tile": "7z"}``: a 红中 or 癞子 laid out (WH-FLOW-4)."""

    event = ev.SingleKong
    tile = s.Tile(s.NO_FLOWER, required=True)


WH_SCHEMAS: dict[str, s.EventSchema] = {**hk.EVENT_SCHEMAS, "state": StateSchema(), "win": WinSchema(),
                                        "kong": KongSchema(),
                                        "indicator": hk.IndicatorSchema(), "single_kong": SingleKongSchema()}
del WH_SCHEMAS["flower"]


class Events(hk.Events):
    schemas = WH_SCHEMAS
    others = (hk.Events.others - WH_SCHEMAS.keys()) | frozenset({"flower"})


class HandSchema(NotWh, hk.HandSchema):
    events = Events(required=True)


class DocumentSchema(hk.PassedTrue, NotWh, hk.DocumentSchema):
    ruleset = fields.Nested(RulesetSchema)
    hand = fields.Nested(HandSchema)
    hands = s.TupleList(fields.Nested(HandSchema), limit=HANDS, what="hands")


WH_DOCUMENT_SCHEMA = DocumentSchema()
