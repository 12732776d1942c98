"""tw16's schema of record: a JSON document (format ``mjref/1``, EVENT_LOG.md) into the engine's
objects; its pieces (``Strict`` from ``base.py``, the event schemas, ``Events``, ``Preset``, ``BuildsHand``, the
document's checks) are what ``riichi.py`` and ``hk.py`` beside it extend.

Its fields and the tw16 document (``TW16_DOCUMENT_SCHEMA``); ``api.documents.loader.load_document``
is the way in, choosing the variant's schema (riichi's: ``api.documents.schemas.riichi``). A load
checks all that can be checked without replaying a hand: the shape of every object (an unknown field
is an error: a typo must not silently change a ruling), tile codes, enumerations, that every player
id is seated, that an ``about`` points back, that a ``state`` comes first. Whether a movement could
happen (does he hold that tile, a fifth copy, whose turn) is the replay's business
(``referee.replay``).

Every error is reported at once, as ``InputError(errors)`` mapping JSON paths to reasons (at most
``api.limits.MAX_ERRORS`` of them, then how many more). The limits of ``api.limits`` are checked
here: a number above its limit is refused at its path, a list longer than its limit before any of
its items is looked at (``players`` first of all), and no check costs more than linear work.
Only this package imports marshmallow; the engine sees frozen dataclasses, tiles as ints.

The field types, the document's constants and ``seating`` are in ``api.documents.schema_fields``.
"""
from __future__ import annotations

from typing import Any, Callable, ClassVar

from marshmallow import (
    ValidationError,
    fields,
    post_load,
    validates_schema,
)

from referee import events as ev
from referee.model import Document, HandRecord, Ruleset, SideBet, Stake
from referee.tiles import (
    UNKNOWN,
    code,
)
from rulesbook import VARIANTS
from rulesbook.tw16.options import preset_error as tw16_preset_error

from api.limits import (EVENTS, HANDS, MONEY, SIDE_BETS, STREAK, TIME)
from api.documents.messages import REQUIRED, hint

# the parts, and what other modules import from here (re-exported)
from api.documents.schema_fields import ANY, About, Bool, Choice, FLOWER, FORMAT, HandTiles, Ids  # noqa: F401
from api.documents.schema_fields import Int, NO_FLOWER, Player, PlayerMap, Players, REFEREE, ROOT  # noqa: F401
from api.documents.schema_fields import RulebookMap, Text, Tile, Tiles, TupleList, Variant, WIND  # noqa: F401
from api.documents.schema_fields import _ALIAS_CHARS, _REPR, _RULEBOOK_CHECKS, _SEATS, _Seats  # noqa: F401
from api.documents.schema_fields import _TAI_IN_TEXT, _TILE_TEXT, _TileKind, _alternatives  # noqa: F401
from api.documents.schema_fields import _bounded_entry, _check_player, _id_set, _join, _parse_tile  # noqa: F401
from api.documents.schema_fields import _read_tiles, _red_fives, _show, _too_long, _too_many  # noqa: F401
from api.documents.schema_fields import error_paths, seating  # noqa: F401
from api.documents.schemas.base import Faults, Foreign, Strict, _given  # noqa: F401

# --- schemas -------------------------------------------------------------------------------------


# events


class EventSchema(Strict):
    """An event; subclasses name the dataclass they build (``event``) and its fields."""

    event: ClassVar[type[ev.Event]]
    type = fields.Raw(required=True)  # already checked by _load_event, which picked this schema
    t = Int(limit=TIME, allow_none=True)

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> ev.Event:
        del data["type"]
        return self.event(**data)


class PlayerEventSchema(EventSchema):
    player = Player(required=True)


class MeldSchema(Strict):
    KONG_SIZES: ClassVar[tuple[int, ...]] = (4,)  # wuhan: (4, 3), a 朝天 of three
    kind = Choice("chi", "pon", "kong", required=True)
    kong = Choice(*ev.KONG_KINDS)
    tiles = Tiles(NO_FLOWER, required=True)
    tile = Tile(NO_FLOWER, allow_none=True)
    source = Player(data_key="from", allow_none=True)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def check(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        faults = Faults()
        kind, tiles, tile = data.get("kind"), data.get("tiles"), data.get("tile")
        if kind == "kong" and not _given(original, "kong"):
            faults.add("kong", "required for a kong: concealed, added or claimed")
        if kind in ("chi", "pon") and _given(original, "kong"):
            faults.add("kong", f"only for a kong, not a {kind}")
        sizes = self.KONG_SIZES if kind == "kong" else (3,)
        if kind and tiles is not None and len(tiles) not in sizes:
            faults.add("tiles", f"a {kind} has {' or '.join(map(str, sizes))} tiles, not {len(tiles)}")
        if data.get("kong") == "concealed":
            for key in ("tile", "from"):
                if _given(original, key):
                    faults.add(key, "not for a concealed kong: it claims no tile")
        elif tile is not None and tiles and UNKNOWN not in (tile, *tiles) and tile not in tiles:
            faults.add("tile", f"the claimed tile {code(tile)} is not among the meld's tiles")
        faults.raise_any()

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> ev.MeldSpec:
        return ev.MeldSpec(**data)


class LastDiscardSchema(Strict):
    player = Player(required=True)
    tile = Tile(NO_FLOWER, required=True)

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> tuple[str, int]:
        return data["player"], data["tile"]


class DrawnSchema(Strict):
    tile = Tile(required=True)
    source = Choice("wall", "back", "claim", data_key="from", load_default="wall")

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> tuple[int, str]:
        return data["tile"], data["source"]


class StatusSchema(Strict):
    """A player's standing conditions; loads as the plain dict of the fields given."""

    dead_hand = Bool()
    passed = Bool()
    watching = Bool()
    tian_ting = Bool()
    di_ting = Bool()
    watch_violations = Int()
    dead_hand_violations = Int()
    # the restrictions of his go-round (TW-XP-6) and tiles he exposed by his own fault (TW-XP-8)
    unponned = Tiles(NO_FLOWER)
    go_round_discard = Tiles(NO_FLOWER)
    exposed = Tiles(NO_FLOWER)


class StateSchema(EventSchema):
    event = ev.State
    hands = PlayerMap(HandTiles(NO_FLOWER), required=True)
    melds = PlayerMap(TupleList(fields.Nested(MeldSchema)))
    flowers = PlayerMap(Tiles(FLOWER))
    discards = PlayerMap(Tiles(NO_FLOWER))
    last_discard = fields.Nested(LastDiscardSchema, allow_none=True)
    drawn = fields.Nested(DrawnSchema, allow_none=True)
    wall_left = Int(allow_none=True)
    turn = Player(allow_none=True)
    phase = Choice("draw", "discard")
    status = PlayerMap(fields.Nested(StatusSchema))
    back_owed = PlayerMap(Int())
    drawn_past = Bool()
    robbable = fields.Nested(LastDiscardSchema, allow_none=True)

    @validates_schema(skip_on_field_errors=False)
    def check(self, data: dict[str, Any], **kwargs: Any) -> None:
        state_check(data)


def state_check(data: dict[str, Any]) -> None:
    """What a ``state`` says across its fields (both variants)."""
    if data.get("drawn") is not None and data.get("phase", "draw") != "discard":
        raise ValidationError({"drawn": ["only for a turn in its discard phase (phase: discard)"]})
    if data.get("drawn_past") and (data.get("last_discard") is None or data.get("phase", "draw") != "discard"):
        raise ValidationError({"drawn_past": ["only with a last_discard and a turn in its discard phase"]})


class DealSchema(EventSchema):
    event = ev.Deal
    hands = PlayerMap(HandTiles(), required=True)  # dealt flowers are laid out later, by `flower`


class FlowerSchema(PlayerEventSchema):
    event = ev.Flower
    tile = Tile(FLOWER, required=True)


class DrawSchema(PlayerEventSchema):
    event = ev.Draw
    tile = Tile(required=True)
    source = Choice("wall", "back", data_key="from")


class DiscardSchema(PlayerEventSchema):
    event = ev.Discard
    tile = Tile(required=True)
    from_meld = Bool()


class ChiSchema(PlayerEventSchema):
    event = ev.Chi
    tile = Tile(required=True)
    with_ = Tiles(length=2, data_key="with", required=True)


class PonSchema(ChiSchema):
    event = ev.Pon


class KongSchema(PlayerEventSchema):
    event = ev.Kong
    kind = Choice(*ev.KONG_KINDS, required=True)
    tiles = Tiles(length=4, required=True)


class FromOtherSchema(PlayerEventSchema):
    """An event whose ``from`` names another player than ``player``."""

    @validates_schema(skip_on_field_errors=False)
    def check_from(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("source") is not None and data.get("source") == data.get("player"):
            raise ValidationError({"from": ["must be another player than player"]})


class WinSchema(FromOtherSchema):
    event = ev.Win
    how = Choice(*ev.WIN_HOWS, required=True)
    tile = Tile(allow_none=True)
    source = Player(data_key="from", allow_none=True)
    shown = Tiles(NO_FLOWER, allow_none=True)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def check(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        how, given = data.get("how"), _given(original, "from")
        if how in ("discard", "rob_kong", "rob_flower") and not given:
            raise ValidationError({"from": [f"required for a {how} win: whose tile was won on"]})
        if how in ("self_draw", "flower") and given:
            raise ValidationError({"from": [f"not allowed for a {how} win"]})


class DeclareSchema(PlayerEventSchema):
    event = ev.Declare
    what = Choice("tian_ting", "di_ting", "watch", required=True)


class CallSchema(PlayerEventSchema):
    event = ev.Call
    call = Choice("chi", "pon", "kong", "win", required=True)
    with_ = Tiles(data_key="with", allow_none=True)
    tile = Tile(NO_FLOWER)  # the discard it is about; default the last discard


class ReachSchema(PlayerEventSchema):
    event = ev.Reach
    touched = Bool()


class MergeSchema(PlayerEventSchema):
    event = ev.Merge


class ExposeSchema(PlayerEventSchema):
    event = ev.Expose
    tiles = Tiles(required=True)
    fault = Choice("own", "other")


class PeekSchema(PlayerEventSchema):
    event = ev.Peek
    target = Player(also=("wall", "kong_tile"), required=True)


_DISTURBANCES = ("wall_disturbed", "hand_disturbed")


class ActSchema(EventSchema):
    event = ev.Act
    player = Player(bettors=True, required=True)  # a bettor's act: influence (TW-HB-4)
    act = Choice(*ev.ACTS, required=True)
    about = About(allow_none=True)
    recoverable = Bool(allow_none=True)

    @validates_schema(skip_on_field_errors=False)
    def check(self, data: dict[str, Any], **kwargs: Any) -> None:
        act = data.get("act")
        players = _SEATS.get().players
        if act and act != "influence" and players is not None and data.get("player") not in (None, *players):
            raise ValidationError({"player": [f"a side bettor's act can only be influence, not {act}"]})
        if act and act not in _DISTURBANCES and data.get("recoverable") is not None:
            raise ValidationError({"recoverable": [f"only for {_alternatives(_DISTURBANCES)}, "
                                                   f"not for {act}"]})


class ReportSchema(EventSchema):
    event = ev.Report
    by = Player(bettors=True, also=(REFEREE,), required=True)
    against = Player(bettors=True, required=True)  # a bettor, for influence (TW-HB-4)
    about = About(allow_none=True)
    offence = Text(allow_none=True)


class AdmitSchema(PlayerEventSchema):
    event = ev.Admit
    about = About(allow_none=True)
    offence = Text(allow_none=True)


class CorrectSchema(PlayerEventSchema):
    event = ev.Correct
    about = About(required=True)
    action = Choice("restore", "return_tile", required=True)
    tile = Tile(allow_none=True)
    random = Bool()

    @validates_schema(skip_on_field_errors=False)
    def check(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("random") and data.get("action") == "restore":
            raise ValidationError({"random": ["only for return_tile: a tile put back at random"]})


class RobFlowerSchema(FromOtherSchema):
    event = ev.RobFlower
    source = Player(data_key="from", required=True)


class DeclineLastSchema(PlayerEventSchema):
    event = ev.DeclineLast


class ExhaustiveDrawSchema(EventSchema):
    event = ev.ExhaustiveDraw


class EndSchema(EventSchema):
    event = ev.End


_EVENT_SCHEMAS: dict[str, EventSchema] = {
    s.event.type: s()
    for s in (StateSchema, DealSchema, FlowerSchema, DrawSchema, DiscardSchema, ChiSchema, PonSchema,
              KongSchema, WinSchema, DeclareSchema, CallSchema, ReachSchema, MergeSchema, ExposeSchema,
              PeekSchema, ActSchema, ReportSchema, AdmitSchema, CorrectSchema, RobFlowerSchema,
              DeclineLastSchema, ExhaustiveDrawSchema, EndSchema)
}
assert _EVENT_SCHEMAS.keys() == ev.EVENT_TYPES.keys(), "one schema per event type"


def _load_event(raw: object, index: int, schemas: dict[str, EventSchema] = _EVENT_SCHEMAS,
                others: frozenset[str] = ev.RIICHI_ONLY) -> ev.Event:
    if not isinstance(raw, dict):
        raise ValidationError("an event must be a JSON object")
    if "type" not in raw:
        raise ValidationError({"type": [REQUIRED]})
    kind = raw["type"]
    schema = schemas.get(kind) if isinstance(kind, str) else None
    if schema is None and isinstance(kind, str) and kind in others:
        raise ValidationError({"type": [f"a {kind} event belongs to another variant than "
                                        f"{_SEATS.get().variant or 'tw16'}"]})
    if schema is None:
        raise ValidationError({"type": [f"unknown event type {_show(kind)}{hint(kind, schemas)}"
                                        f" (one of {', '.join(schemas)})"]})
    if kind == "state" and index > 0:
        raise ValidationError("a state event may only be the first event of a hand")
    return schema.load(raw)  # type: ignore[return-value]


class Events(fields.Field):
    """A hand's ``events``: each loaded by the schema of its ``type``, as a tuple. ``schemas``: the
    variant's event schemas; ``others``: the event types only other variants have."""

    schemas: ClassVar[dict[str, EventSchema]] = _EVENT_SCHEMAS
    others: ClassVar[frozenset[str]] = ev.RIICHI_ONLY

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> tuple[ev.Event, ...]:
        if not isinstance(value, list):
            raise ValidationError("must be an array of events")
        if reason := _too_many(value, EVENTS, "events"):
            raise ValidationError(reason)
        seats = _SEATS.get()
        out: list[ev.Event] = []
        errors: dict[int, Any] = {}
        for i, raw in enumerate(value):
            seats.event = i  # for About
            try:
                out.append(_load_event(raw, i, self.schemas, self.others))
            except ValidationError as err:
                errors[i] = err.messages
        if errors:
            raise ValidationError(errors)  # type: ignore[arg-type]
        return tuple(out)


# hands and the document


class StakeSchema(Strict):
    """An outer bet's stake: ``{base, tai}`` or ``{fixed}``."""

    base = Int(limit=MONEY)
    tai = Int(limit=MONEY)
    fixed = Int(limit=MONEY)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def check(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        given = {k for k in ("base", "tai", "fixed") if _given(original, k)}
        if given not in ({"base", "tai"}, {"fixed"}):
            raise ValidationError("must be {base, tai} or {fixed}")

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> Stake:
        return Stake(**data)


class SideBetSchema(Strict):
    id = Text(required=True)
    kind = Choice("outer", "inner", required=True)
    bettor = Text(required=True)
    principal = Player(required=True)
    stake = fields.Nested(StakeSchema)
    units = Int(minimum=1)
    accepted_by = Players(required=True)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def check(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        faults = Faults()
        kind, bettor, principal = data.get("kind"), data.get("bettor"), data.get("principal")
        bettors = _SEATS.get().bettors
        if kind == "outer":
            if not _given(original, "stake"):
                faults.add("stake", "an outer bet needs a stake: {base, tai} or {fixed}")
            if bettor and bettors is not None and bettor not in bettors:
                faults.add("bettor", f"{bettor!r} is not one of bettors (an outer bet's bettor "
                                     "sits outside the table)")
        elif kind == "inner":
            if _given(original, "stake"):
                faults.add("stake", "an inner bet has no stake of its own: its unit is set by "
                                    "the ruleset option inner_unit")
            if bettor and principal and bettor != principal:
                faults.add("bettor", f"an inner bet's bettor is its principal {principal!r}, "
                                     f"not {bettor!r}")
        faults.raise_any()

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> SideBet:
        return SideBet(**data)


class BuildsHand:
    """Every variant's hand schema loads into a ``HandRecord`` of what it read."""

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> HandRecord:
        return HandRecord(**data)


class HandSchema(Strict, BuildsHand):
    round_wind = Tile(WIND, allow_none=True)
    dealer = Player(allow_none=True)
    streak = Int(limit=STREAK, allow_none=True)
    streak_marker = Int(limit=STREAK, allow_none=True)
    open_seat = Player(allow_none=True)
    start_dealer = Player(allow_none=True)
    side_bets = TupleList(fields.Nested(SideBetSchema), limit=SIDE_BETS, what="side bets")
    events = Events(required=True)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def check(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        bets = original.get("side_bets") if isinstance(original, dict) else None
        if not isinstance(bets, list) or len(bets) > SIDE_BETS.value:
            return  # side_bets' own error
        ids = [b.get("id") if isinstance(b, dict) else None for b in bets]
        seen: set[str] = set()
        twice = {}
        for i, bet_id in enumerate(ids):
            if isinstance(bet_id, str) and bet_id in seen:
                twice[i] = {"id": [f"side bet id {_show(bet_id)} is used twice in this hand"]}
            if isinstance(bet_id, str):
                seen.add(bet_id)
        if twice:
            raise ValidationError({"side_bets": twice})  # type: ignore[dict-item]


class Preset(fields.Field):
    """``ruleset.preset``: the name of one of a variant rulebook's presets; anything else is an error
    naming the known ones (``error``, the variant's ``preset_error``: why a value is no preset)."""

    def __init__(self, error: Callable[[Any], str | None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.error = error

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        reason = self.error(value)
        if reason:
            raise ValidationError(reason)
        return value


class RulesetSchema(Strict):
    preset = Preset(tw16_preset_error, error_messages={"null": tw16_preset_error(None)})  # TW-RS-1/3
    base = Int(limit=MONEY)
    tai = Int(limit=MONEY)
    options = RulebookMap("options")
    tai_table = RulebookMap("tai_table")

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> Ruleset:
        return Ruleset(**data)


_FIRST_DEALER = "required in the first hand: a ruling never guesses who dealt"


class DocumentSchema(Strict):
    format = Choice(FORMAT, required=True)
    variant = Variant(*VARIANTS, required=True)
    players = Ids(count=4, required=True)
    bettors = Ids(outside=True)
    ruleset = fields.Nested(RulesetSchema)
    hand = fields.Nested(HandSchema)
    hands = TupleList(fields.Nested(HandSchema), limit=HANDS, what="hands")
    OPENAPI = {"oneOf": [{"required": ["hand"]}, {"required": ["hands"]}]}  # api.http.wire.SchemaExtras

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def check(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        if not isinstance(original, dict):
            return
        if "hand" in original and "hands" in original:
            raise ValidationError({"hands": ["give either hand (one hand) or hands (a game), not both"]})
        if "hand" in original:
            first, where = original["hand"], {"hand": {"dealer": [_FIRST_DEALER]}}
        elif "hands" in original:
            hands = original["hands"]
            if isinstance(hands, list) and len(hands) > HANDS.value:
                return  # hands' own error
            if hands == []:
                raise ValidationError({"hands": ["must hold at least one hand"]})
            first = hands[0] if isinstance(hands, list) else None
            where = {"hands": {0: {"dealer": [_FIRST_DEALER]}}}
        else:
            raise ValidationError({"hand": ["required: give hand (one hand) or hands (a game)"]})
        if isinstance(first, dict) and first.get("dealer") is None:
            raise ValidationError(where)  # type: ignore[arg-type]

    @staticmethod
    def default_ruleset() -> Ruleset:
        """The ruleset of a document that gives none (each variant's schema says its own)."""
        return Ruleset()

    @post_load
    def build(self, data: dict[str, Any], **kwargs: Any) -> Document:
        single = "hand" in data
        return Document(variant=data["variant"], players=data["players"],
                        hands=(data["hand"],) if single else data["hands"],
                        ruleset=data.get("ruleset", self.default_ruleset()),
                        bettors=data.get("bettors", ()), single=single)


TW16_DOCUMENT_SCHEMA = DocumentSchema()
