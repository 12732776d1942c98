"""Input schemas of Hong Kong documents (RULEBOOK_HK §10.1 the 13-tile base, §10.2 hk), on the
pieces of ``api.documents.schemas.tw16``.

What differs from tw16: the ruleset is a ``preset`` with ``base``, ``options`` and ``fan_table``,
resolved by the rulebook (``rulesbook.hk.options.ruleset_errors``: every fault at its path); a hand
carries ``streak`` but no ``streak_marker``, ``open_seat`` or side bets; a ``state`` names the
feeder (``from``) of every claimed set and of an added kong, may carry ``liabilities`` and each
player's ``passed``; a win is ``self_draw``, ``discard``, ``rob_kong`` or ``flower``. tw16's own
fields and events (``declare``, ``rob_flower``, ``decline_last``, ``act: influence``, bettors) and
riichi's (``honba``, ``sticks``, ``scores``, ``wall``, ``riichi``, ``dora``, ``abort``, red fives)
are input errors naming their path. ``竹``, ``菊``, 🀤 and 🀥 are refused as ambiguous
(``api.documents.doc_terms.REFUSED_ALIASES``). The fast loader (``api.documents.fastload``) builds the same documents
without marshmallow; this schema is the record of what is valid.
"""
from __future__ import annotations

from typing import Any, ClassVar

from marshmallow import ValidationError, fields, post_load, validates_schema

from referee import events as ev
from referee.model import Ruleset
from rulesbook.hk.options import preset_error, ruleset_errors

from api.documents.schemas import tw16 as s
from api.documents.doc_terms import FACE_UP, HK_BAO_CLAUSES, KIND
from api.limits import HANDS, MONEY, STREAK

TW16 = {"streak_marker", "open_seat", "side_bets", "bettors", "tai", "tai_table", "watching",
        "tian_ting", "di_ting", "watch_violations", "dead_hand_violations"}
SHANGHAI = {"huang_fan", "dice", "knocked"}
#: the 13-tile base's fields that a variant switches on (the indicator, RULEBOOK_WH §10 and
#: RULEBOOK_SH §15): refused by name where it is not
INDICATOR = {"indicator", "wild"}
WUHAN = {"laid", "haidi", "factor_table"}  # RULEBOOK_WH §10
RIICHI = {"honba", "sticks", "scores", "wall", "dora", "ura", "tenpai", "nagashi",
          "dora_indicators", "riichi", "called_away", "furiten_temporary", "furiten_riichi"}


class NotHk(s.Foreign):
    """Strict, with a plain word for tw16's and riichi's fields: they are not hk's."""

    FOREIGN = {**dict.fromkeys(TW16, "tw16"), **dict.fromkeys(RIICHI, "riichi"),
               **dict.fromkeys(SHANGHAI, "shanghai"), **dict.fromkeys(INDICATOR, "wuhan or shanghai"),
               **dict.fromkeys(WUHAN, "wuhan")}
    VARIANT = "hk"


class RulesetSchema(NotHk):
    preset = s.Preset(preset_error)
    base = s.Int(minimum=1, limit=MONEY)
    options = s.RulebookMap("options")
    fan_table = s.RulebookMap("fan_table")
    ruleset_errors = staticmethod(ruleset_errors)  # the rulebook's check of the whole
    table_key: ClassVar[str] = "fan_table"  # the values' table (wuhan: ``factor_table``)

    @validates_schema(skip_on_field_errors=True)
    def resolved(self, data: dict[str, Any], **kwargs: Any) -> None:
        """The ruleset as a whole (``limit_fan`` against ``min_fan``, HK-PAY-7's integer rule)."""
        errors: dict[str, Any] = {}
        for path, reason in self.ruleset_errors(data.get("preset"), data.get("options"),
                                                data.get(self.table_key), data.get("base", 1)):
            parts = path.split(".")[1:]
            if not parts:
                errors.setdefault("_schema", []).append(reason)
                continue
            node = errors
            for part in parts[:-1]:
                node = node.setdefault(part, {})
            node.setdefault(parts[-1], []).append(reason)
        if errors:
            raise ValidationError(errors)  # type: ignore[arg-type]

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> Ruleset:
        return Ruleset(base=data.get("base", 1), options=data.get("options", {}),
                       fan_table=data.get("fan_table", {}), preset=data.get("preset"))


# events ---------------------------------------------------------------------------------------

NO_FLOWER = s.NO_FLOWER


class MeldSchema(s.MeldSchema):
    """A meld of a ``state``: ``from`` names the feeder of a claimed set and of an added kong
    (§10.1: liability reads it)."""

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def feeder(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        kind, kong = data.get("kind"), data.get("kong")
        if (kind in ("chi", "pon") or kind == "kong" and kong in ("claimed", "added")) \
                and not s._given(original, "from"):
            what = f"an {kong} kong" if kind == "kong" else f"a {kind}"
            raise ValidationError({"from": [f"required for {what}: who fed it (13-tile play)"]})


class PassedField(s.fields.Field):
    """``status.passed``: ``true`` (every discard win barred) or ``{"tiles": [...]}``."""

    _tiles = s.Tiles(NO_FLOWER)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> object:
        if value is True or value is False:
            return value
        if not isinstance(value, dict):
            raise ValidationError('must be true, false or {"tiles": [...]}')
        unknown = [k for k in value if k != "tiles"]
        if unknown:
            raise ValidationError({str(k): ["unknown field: a pass names only the tiles it bars"] for k in unknown})
        if "tiles" not in value:
            raise ValidationError({"tiles": ["required: the kinds barred"]})
        try:
            return {"tiles": self._tiles.deserialize(value["tiles"])}
        except ValidationError as err:
            raise ValidationError({"tiles": err.messages}) from None


class StatusSchema(NotHk):
    dead_hand = s.Bool()
    passed = PassedField()


class LiabilitySchema(s.Strict):
    clause = s.Choice(*HK_BAO_CLAUSES, required=True)
    liable = s.Player(required=True)
    covered = s.Player(required=True)
    self_clause = "HK-BAO-10"  # the variant's clause: nobody is liable for himself

    @validates_schema(skip_on_field_errors=True)
    def check(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data["liable"] == data["covered"]:
            raise ValidationError({"covered": [f"a player is never liable for himself ({self.self_clause})"]})

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> ev.LiabilitySpec:
        return ev.LiabilitySpec(**data)


class StateSchema(s.EventSchema, NotHk):
    event = ev.State
    hands = s.PlayerMap(s.HandTiles(NO_FLOWER), required=True)
    melds = s.PlayerMap(s.TupleList(fields.Nested(MeldSchema)))
    flowers = s.PlayerMap(s.Tiles(s.FLOWER))
    discards = s.PlayerMap(s.Tiles(NO_FLOWER))
    last_discard = fields.Nested(s.LastDiscardSchema, allow_none=True)
    drawn = fields.Nested(s.DrawnSchema, allow_none=True)
    wall_left = s.Int(allow_none=True)
    turn = s.Player(allow_none=True)
    phase = s.Choice("draw", "discard")
    status = s.PlayerMap(fields.Nested(StatusSchema))
    back_owed = s.PlayerMap(s.Int())
    drawn_past = s.Bool()
    robbable = fields.Nested(s.LastDiscardSchema, allow_none=True)
    liabilities = s.TupleList(fields.Nested(LiabilitySchema), allow_none=True)

    @validates_schema(skip_on_field_errors=False)
    def check(self, data: dict[str, Any], **kwargs: Any) -> None:
        s.state_check(data)


class IndicatorStateSchema(StateSchema):
    """A ``state`` of a variant that turns up an indicator: ``indicator`` (required by the table)
    and ``wild`` (checked by the table against the variant's mapping)."""

    FOREIGN = {k: v for k, v in NotHk.FOREIGN.items() if k not in INDICATOR}
    indicator = s.Tile(FACE_UP, allow_none=True)
    wild = s.Tile(KIND, allow_none=True)


class IndicatorSchema(s.EventSchema):
    """``{"type": "indicator", "tile": "4p"}``: the tile turned up after the deal (the 13-tile
    base's event a variant switches on; where it stands is the table's check)."""

    event = ev.Indicator
    tile = s.Tile(FACE_UP, required=True)


class WinSchema(s.FromOtherSchema):
    event = ev.Win
    how = s.Choice("self_draw", "discard", "rob_kong", "flower", required=True)
    tile = s.Tile(allow_none=True)
    source = s.Player(data_key="from", allow_none=True)
    shown = s.Tiles(NO_FLOWER, allow_none=True)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def check(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        how, given = data.get("how"), s._given(original, "from")
        if how in ("discard", "rob_kong") and not given:
            raise ValidationError({"from": [f"required for a {how} win: whose tile was won on"]})
        if how in ("self_draw", "flower") and given:
            raise ValidationError({"from": [f"not allowed for a {how} win"]})


class ActSchema(s.ActSchema):
    act = s.Choice(*(a for a in ev.ACTS if a != "influence"), required=True)


class ReportSchema(s.ReportSchema):
    by = s.Player(also=(s.REFEREE,), required=True)
    against = s.Player(required=True)


class CorrectSchema(s.CorrectSchema):
    tile = s.Tile(allow_none=True)


HK_EVENTS = ev.EVENT_TYPES.keys() - {"declare", "rob_flower", "decline_last"}
EVENT_SCHEMAS: dict[str, s.EventSchema] = {
    k.event.type: k()
    for k in (StateSchema, s.DealSchema, s.FlowerSchema, s.DrawSchema, s.DiscardSchema,
              s.ChiSchema, s.PonSchema, s.KongSchema, WinSchema, s.CallSchema, s.ReachSchema,
              s.MergeSchema, s.ExposeSchema, s.PeekSchema, ActSchema, ReportSchema, s.AdmitSchema,
              CorrectSchema, s.ExhaustiveDrawSchema, s.EndSchema)
}
assert EVENT_SCHEMAS.keys() == HK_EVENTS, "one schema per hk event"


class Events(s.Events):
    schemas = EVENT_SCHEMAS
    others = (ev.RIICHI_ONLY | frozenset({"declare", "rob_flower", "decline_last"})
              | ev.THIRTEEN_EVENT_TYPES.keys() | ev.WUHAN_EVENT_TYPES.keys())


# hands and the document ------------------------------------------------------------------------


class HandSchema(NotHk, s.BuildsHand):
    round_wind = s.Tile(s.WIND, allow_none=True)
    dealer = s.Player(allow_none=True)
    streak = s.Int(limit=STREAK, allow_none=True)
    start_dealer = s.Player(allow_none=True)
    events = Events(required=True)


class PassedTrue:
    """A document check: ``status.passed: true`` bars every wait, so it stands only under the pass
    rule that does (``all_waits``: ``all_waits_until_move``; Shanghai's ``until_own_draw``), the rule
    in force being the options', else ``pass_default`` (GD §10, WH §10, SH §15)."""

    pass_default: ClassVar[str] = "all_waits_until_move"
    all_waits: ClassVar[str] = "all_waits_until_move"

    @validates_schema(pass_original=True, skip_on_field_errors=True)
    def passed_true(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        ruleset = data.get("ruleset")
        rule = (ruleset.options if ruleset is not None else {}).get("pass_rule", self.pass_default)
        if rule == self.all_waits:
            return
        hands = [("hand", data["hand"])] if "hand" in data else [
            (f"hands[{k}]", h) for k, h in enumerate(data.get("hands") or ())]
        for where, record in hands:
            for i, e in enumerate(record.events):
                for name, status in (getattr(e, "status", None) or {}).items():
                    if status.get("passed") is True:
                        raise ValidationError({where: {"events": {i: {"status": {name: {"passed": [
                            f'true bars every wait: only under pass_rule {self.all_waits}; '
                            'name the passed kinds: {"tiles": [...]}']}}}}}})


class DocumentSchema(s.DocumentSchema, NotHk):
    ruleset = fields.Nested(RulesetSchema)
    hand = fields.Nested(HandSchema)
    hands = s.TupleList(fields.Nested(HandSchema), limit=HANDS, what="hands")
    bettors = s.Ids(outside=True)  # refused by NotHk with a plain word

    @staticmethod
    def default_ruleset() -> Ruleset:
        return Ruleset(base=1)


HK_DOCUMENT_SCHEMA = DocumentSchema()
