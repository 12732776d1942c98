"""Input schemas of riichi documents (RULEBOOK_RIICHI §10), on the pieces of ``api.documents.schemas.tw16``.

What differs from tw16: the ruleset is a ``preset`` with ``options`` (no base, tai or tai table); a
hand carries ``honba``, ``sticks``, ``scores`` and optionally the ``wall``; tiles include the red
fives when ``red_fives`` is on, never flowers; the events ``riichi``, ``dora`` and ``abort`` exist,
``deal`` gives the first dora indicator, ``win`` the ura indicators, ``exhaustive_draw`` the tenpai
and nagashi claims; tw16's own (``flower``, ``declare``, ``rob_flower``, ``decline_last``, side bets,
the streak) are errors. ``kyotaku`` (the table's sticks) is no player's name.
"""
from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields, post_load, validates_schema

from referee import events as ev
from referee.model import Ruleset
from rulesbook.riichi.options import option_error, preset_error

from api.documents.schemas import tw16 as s
from api.documents.doc_terms import KYOTAKU
from api.documents.doc_terms import _bounded_riichi_option
from api.limits import HANDS, MONEY, STREAK

TW16_FIELDS = {"streak", "streak_marker", "open_seat", "side_bets", "bettors", "base", "tai", "tai_table"}


class NotRiichi(s.Foreign):
    """Strict, with a plain word for tw16's fields: they are not riichi's."""

    FOREIGN = dict.fromkeys(TW16_FIELDS, "tw16")
    VARIANT = "riichi"


class Options(s.fields.Field):
    """``ruleset.options``: each entry bounded (``_bounded_riichi_option``: a name or text at most
    ``MAX_ID_LENGTH`` characters, points in a text at most ``MAX_MONEY``, a list no longer than its
    choices), then checked by the riichi rulebook; a fault under its key."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> dict[str, object]:
        if not isinstance(value, dict):
            raise ValidationError("must be an object")
        errors = {str(k): [r] for k, v in value.items()
                  if (r := "must be a string" if not isinstance(k, str)
                      else _bounded_riichi_option(k, v) or option_error(k, v))}
        if errors:
            raise ValidationError(errors)  # type: ignore[arg-type]
        return dict(value)


class RulesetSchema(NotRiichi):
    preset = s.Preset(preset_error)
    options = Options()

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> Ruleset:
        return Ruleset(options=data.get("options", {}), preset=data.get("preset"))


# events ---------------------------------------------------------------------------------------

NO_FLOWER = s.NO_FLOWER


class StatusSchema(s.Strict):
    dead_hand = s.Bool()
    furiten_temporary = s.Bool()
    furiten_riichi = s.Bool()


class RiichiStatusSchema(s.Strict):
    double = s.Bool()
    ippatsu = s.Bool()
    stick = s.Choice("table", "hand")
    established = s.Bool()
    with_last_discard = s.Bool()
    discard_owed = s.Bool()


class DoraOwedSchema(s.Strict):
    player = s.Player(required=True)
    kong = s.Choice("concealed", "added", "claimed", required=True)
    when = s.Choice("at_once", "after_draw", "open", required=True)

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> tuple[str, str, str]:
        return data["player"], data["kong"], data["when"]


class StateSchema(s.EventSchema, NotRiichi):
    event = ev.State
    hands = s.PlayerMap(s.HandTiles(NO_FLOWER), required=True)
    melds = s.PlayerMap(s.TupleList(fields.Nested(s.MeldSchema)))
    discards = s.PlayerMap(s.Tiles(NO_FLOWER))
    last_discard = fields.Nested(s.LastDiscardSchema, allow_none=True)
    drawn = fields.Nested(s.DrawnSchema, allow_none=True)
    wall_left = s.Int(allow_none=True)
    turn = s.Player(allow_none=True)
    phase = s.Choice("draw", "discard")
    status = s.PlayerMap(fields.Nested(StatusSchema))
    dora_indicators = s.Tiles(NO_FLOWER)
    riichi = s.PlayerMap(fields.Nested(RiichiStatusSchema))
    called_away = s.PlayerMap(s.Tiles(NO_FLOWER))
    back_owed = s.PlayerMap(s.Int())
    drawn_past = s.Bool()
    robbable = fields.Nested(s.LastDiscardSchema, allow_none=True)
    dora_owed = s.TupleList(fields.Nested(DoraOwedSchema))

    @validates_schema(skip_on_field_errors=False)
    def check(self, data: dict[str, Any], **kwargs: Any) -> None:
        s.state_check(data)
        if data.get("wall_left") is not None and data["wall_left"] > 70:
            raise ValidationError({"wall_left": ["the live wall holds at most 70 tiles"]})


class DealSchema(s.EventSchema):
    event = ev.Deal
    hands = s.PlayerMap(s.HandTiles(NO_FLOWER), required=True)
    dora = s.Tile(NO_FLOWER, required=True)


class DrawSchema(s.PlayerEventSchema):
    event = ev.Draw
    tile = s.Tile(NO_FLOWER, required=True)
    source = s.Choice("wall", "back", data_key="from")


class DiscardSchema(s.PlayerEventSchema):
    event = ev.Discard
    tile = s.Tile(NO_FLOWER, required=True)


class ChiSchema(s.ChiSchema):
    tile = s.Tile(NO_FLOWER, required=True)
    with_ = s.Tiles(NO_FLOWER, length=2, data_key="with", required=True)


class PonSchema(ChiSchema):
    event = ev.Pon


class KongSchema(s.KongSchema):
    tiles = s.Tiles(NO_FLOWER, length=4, required=True)


class WinSchema(s.FromOtherSchema):
    event = ev.Win
    how = s.Choice("self_draw", "discard", "rob_kong", required=True)
    tile = s.Tile(NO_FLOWER, allow_none=True)
    source = s.Player(data_key="from", allow_none=True)
    shown = s.Tiles(NO_FLOWER, allow_none=True)
    ura = s.Tiles(NO_FLOWER, allow_none=True)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def check(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        how, given = data.get("how"), s._given(original, "from")
        if how in ("discard", "rob_kong") and not given:
            raise ValidationError({"from": [f"required for a {how} win: whose tile was won on"]})
        if how == "self_draw" and given:
            raise ValidationError({"from": ["not allowed for a self_draw win"]})


class CallSchema(s.PlayerEventSchema):
    event = ev.Call
    call = s.Choice("chi", "pon", "kong", "win", "riichi", required=True)
    with_ = s.Tiles(NO_FLOWER, data_key="with", allow_none=True)
    tile = s.Tile(NO_FLOWER)


class PeekSchema(s.PlayerEventSchema):
    event = ev.Peek
    target = s.Player(also=("wall", "dead_wall", "ura", "kong_tile"), required=True)


class ActSchema(s.PlayerEventSchema):
    event = ev.Act
    act = s.Choice(*(a for a in ev.ACTS if a != "influence"), required=True)
    about = s.About(allow_none=True)
    recoverable = s.Bool(allow_none=True)
    count = s.Int(allow_none=True)

    @validates_schema(skip_on_field_errors=False)
    def check(self, data: dict[str, Any], **kwargs: Any) -> None:
        act = data.get("act")
        if act != "wall_disturbed" and data.get("count") is not None:
            raise ValidationError({"count": ["only for wall_disturbed: the wall tiles exposed"]})
        if act not in ("wall_disturbed", "hand_disturbed") and data.get("recoverable") is not None:
            raise ValidationError({"recoverable": ["only for wall_disturbed or hand_disturbed"]})


class ReportSchema(s.EventSchema):
    event = ev.Report
    by = s.Player(also=(s.REFEREE,), required=True)
    against = s.Player(required=True)
    about = s.About(allow_none=True)
    offence = s.Text(allow_none=True)


class CorrectSchema(s.CorrectSchema):
    tile = s.Tile(NO_FLOWER, allow_none=True)


class ExposeSchema(s.ExposeSchema):
    tiles = s.Tiles(NO_FLOWER, required=True)


class RiichiSchema(s.PlayerEventSchema):
    event = ev.Riichi


class DoraSchema(s.EventSchema):
    event = ev.Dora
    tile = s.Tile(NO_FLOWER, required=True)


class AbortSchema(s.EventSchema):
    event = ev.Abort
    kind = s.Choice(*ev.ABORT_KINDS, required=True)
    player = s.Player(allow_none=True)
    players = s.Players(allow_none=True)
    shown = s.Bool()

    @validates_schema(skip_on_field_errors=False)
    def check(self, data: dict[str, Any], **kwargs: Any) -> None:
        kind = data.get("kind")
        if kind != "nine_terminals" and data.get("shown") is False:
            raise ValidationError({"shown": [f"only nine_terminals can be withdrawn (shown: false), not {kind}"]})
        if kind == "nine_terminals" and data.get("player") is None:
            raise ValidationError({"player": ["required for nine_terminals: who declared it"]})
        if kind != "nine_terminals" and data.get("player") is not None:
            raise ValidationError({"player": [f"only for nine_terminals, not {kind}"]})
        players = data.get("players")
        if kind == "triple_ron" and (players is None or len(players) != 3):
            raise ValidationError({"players": ["required for triple_ron: the three declarers"]})
        if kind != "triple_ron" and players is not None:
            raise ValidationError({"players": [f"only for triple_ron, not {kind}"]})

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> ev.Event:
        del data["type"]
        return ev.Abort(**data)


class ExhaustiveDrawSchema(s.EventSchema):
    event = ev.ExhaustiveDraw
    tenpai = s.Players(allow_none=True)
    nagashi = s.Players(allow_none=True)


EVENT_SCHEMAS: dict[str, s.EventSchema] = {
    k.event.type: k()
    for k in (StateSchema, DealSchema, DrawSchema, DiscardSchema, ChiSchema, PonSchema, KongSchema,
              WinSchema, CallSchema, s.ReachSchema, s.MergeSchema, ExposeSchema, PeekSchema,
              ActSchema, ReportSchema, s.AdmitSchema, CorrectSchema, RiichiSchema, DoraSchema,
              AbortSchema, ExhaustiveDrawSchema, s.EndSchema)
}
assert EVENT_SCHEMAS.keys() == (ev.EVENT_TYPES.keys() - ev.TW16_ONLY) | ev.RIICHI_EVENT_TYPES.keys(), \
    "one schema per riichi event"


class Events(s.Events):
    schemas = EVENT_SCHEMAS
    others = ev.TW16_ONLY


# hands and the document ------------------------------------------------------------------------


class WallSchema(s.Strict):
    live = s.Tiles(NO_FLOWER, required=True)
    rinshan = s.Tiles(NO_FLOWER, length=4, required=True)
    dora = s.Tiles(NO_FLOWER, length=5, required=True)
    ura = s.Tiles(NO_FLOWER, length=5, required=True)

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> dict:
        return dict(data)


class HandSchema(NotRiichi, s.BuildsHand):
    round_wind = s.Tile(s.WIND, allow_none=True)
    dealer = s.Player(allow_none=True)
    honba = s.Int(limit=STREAK, allow_none=True)
    sticks = s.Int(allow_none=True)
    scores = s.PlayerMap(s.Int(minimum=-MONEY.value, limit=MONEY), allow_none=True)
    start_dealer = s.Player(allow_none=True)
    wall = fields.Nested(WallSchema, allow_none=True)
    events = Events(required=True)


class DocumentSchema(s.DocumentSchema, NotRiichi):
    ruleset = fields.Nested(RulesetSchema)
    hand = fields.Nested(HandSchema)
    hands = s.TupleList(fields.Nested(HandSchema), limit=HANDS, what="hands")
    bettors = s.Ids(outside=True)  # refused by NotRiichi with a plain word

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def kyotaku(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        players = original.get("players") if isinstance(original, dict) else None
        if isinstance(players, list) and KYOTAKU in players:
            raise ValidationError({"players": [f"{KYOTAKU!r} is the table's sticks (§10), no player's id"]})

    @staticmethod
    def default_ruleset() -> Ruleset:
        return Ruleset(preset="tenhou")


RIICHI_DOCUMENT_SCHEMA = DocumentSchema()
