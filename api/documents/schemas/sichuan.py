"""Input schemas of Sichuan documents (RULEBOOK_SC §13: RULEBOOK_HK §10.1 the 13-tile base, and
sichuan's additions), as hk's (``api.documents.schemas.hk``) with these changes: the ruleset is
checked by sichuan's rulebook (``rulesbook.sichuan.options.ruleset_errors``: its presets, options
and 番 rows); no winds (a hand's ``round_wind`` and ``start_dealer`` are input errors), no flowers
(the ``flower`` event and ``win.how: flower`` are input errors), no 包 (a ``state``'s
``liabilities`` is an input error); the ``declare`` event is 定缺 (``what: void_suit``, ``suit``);
a ``state`` carries ``left_play``, ``kong_income``, and per player ``status.void_suit`` and
``status.passed`` (``{"fan": F}`` or ``true``). An honour tile anywhere is refused by the table at
its event (SC-FLOW: 108 tiles); an event by a player who has left play too (SC-XZ-4). The fast
loader (``api.documents.fastload``) builds the same documents from the valid ones.
"""
from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields, post_load, validates_schema

from referee import events as ev
from rulesbook.sichuan.fan_table import MAX_FAN_VALUE
from rulesbook.sichuan.options import preset_error, ruleset_errors

from api.documents.schemas import hk
from api.documents.schemas import tw16 as s
from api.limits import HANDS, MONEY, STREAK


class NotSc(hk.NotHk):
    """Strict, with a plain word for another variant's fields, and for the 13-tile base's fields
    Sichuan does not have (``REFUSED``)."""

    VARIANT = "sichuan"


NO_WINDS = "Sichuan has no winds: a hand has no {} (RULEBOOK_SC §13)"


class RulesetSchema(hk.RulesetSchema, NotSc):
    preset = s.Preset(preset_error)
    ruleset_errors = staticmethod(ruleset_errors)


class PassedField(fields.Field):
    """``status.passed`` (§13): ``true``, ``false`` or ``{"fan": F}``."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> object:
        if value is True or value is False:
            return value
        if not isinstance(value, dict) or set(value) != {"fan"}:
            raise ValidationError('must be true, false or {"fan": F} (the F of the best win passed)')
        fan = value["fan"]
        if type(fan) is not int or not 0 <= fan <= MAX_FAN_VALUE:
            raise ValidationError({"fan": [f"must be a whole number of 番 from 0 to {MAX_FAN_VALUE}"]})
        return {"fan": fan}


class StatusSchema(NotSc):
    dead_hand = s.Bool()
    passed = PassedField()
    void_suit = s.Choice("m", "p", "s")


class LeftPlaySchema(s.Strict):
    """A win made before the position (§13)."""

    players = s.TupleList(s.Player(), required=True)
    how = s.Choice("self_draw", "discard", "rob_kong", required=True)
    tile = s.Tile(hk.NO_FLOWER, required=True)
    source = s.Player(data_key="from", allow_none=True)

    @validates_schema(pass_original=True, skip_on_field_errors=True)
    def check(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        players, how, given = data["players"], data["how"], s._given(original, "from")
        if not 1 <= len(players) <= 3:
            raise ValidationError({"players": ["one to three players won on one tile"]})
        if how == "self_draw" and (len(players) > 1 or given):
            raise ValidationError({"players" if len(players) > 1 else "from":
                                   ["a self-draw is one player's, from nobody"]})
        if how != "self_draw" and not given:
            raise ValidationError({"from": [f"required for a {how} win: whose tile was won on"]})
        if given and data["source"] in players:
            raise ValidationError({"from": ["a player does not win on his own tile"]})

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> ev.LeftPlaySpec:
        return ev.LeftPlaySpec(tuple(data["players"]), data["how"], data["tile"], data.get("source"))


class KongIncomeSchema(s.Strict):
    """Kong money paid before the position and still held (§13)."""

    to = s.Player(required=True)
    source = s.Player(data_key="from", required=True)
    amount = s.Int(minimum=1, limit=MONEY, required=True)
    kind = s.Choice(*ev.KONG_KINDS, required=True)

    @validates_schema(skip_on_field_errors=True)
    def check(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data["to"] == data["source"]:
            raise ValidationError({"from": ["a player does not pay himself"]})

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> ev.KongIncomeSpec:
        return ev.KongIncomeSpec(data["to"], data["source"], data["amount"], data["kind"])


class StateSchema(hk.StateSchema, NotSc):
    class Meta(hk.StateSchema.Meta):
        exclude = ("liabilities", "flowers")

    REFUSED = {"liabilities": "Sichuan has no 包: a state carries no liabilities (RULEBOOK_SC §13)",
               "flowers": "Sichuan plays without flowers (SC-FLOW)"}
    status = s.PlayerMap(fields.Nested(StatusSchema))
    left_play = s.TupleList(fields.Nested(LeftPlaySchema))
    kong_income = s.TupleList(fields.Nested(KongIncomeSchema))


class WinSchema(hk.WinSchema):
    how = s.Choice("self_draw", "discard", "rob_kong", required=True)


class DeclareSchema(s.PlayerEventSchema):
    """定缺 (SC-QM-1): ``{"type": "declare", "player": "B", "what": "void_suit", "suit": "p"}``."""

    event = ev.Declare
    what = s.Choice("void_suit", required=True)
    suit = s.Choice("m", "p", "s", required=True)


SC_SCHEMAS = {**hk.EVENT_SCHEMAS, "state": StateSchema(), "win": WinSchema(), "declare": DeclareSchema()}
del SC_SCHEMAS["flower"]


class Events(hk.Events):
    schemas = SC_SCHEMAS
    others = (hk.Events.others - {"declare"}) | frozenset({"flower"})


class HandSchema(NotSc, s.BuildsHand):
    dealer = s.Player(allow_none=True)
    streak = s.Int(limit=STREAK, allow_none=True)
    events = Events(required=True)
    REFUSED = {"round_wind": NO_WINDS.format("round wind"), "start_dealer": NO_WINDS.format("start dealer")}


class DocumentSchema(hk.DocumentSchema, NotSc):
    ruleset = fields.Nested(RulesetSchema)
    hand = fields.Nested(HandSchema)
    hands = s.TupleList(fields.Nested(HandSchema), limit=HANDS, what="hands")


SC_DOCUMENT_SCHEMA = DocumentSchema()
