"""The API's endpoints, one blueprint per resource: rulings, games (with their revisions), keys,
health. Each view names the permission it needs (``api.auth.requires``)."""
from __future__ import annotations

from typing import Callable

from flask import g, url_for
from flask.views import MethodView
from flask_smorest import Blueprint
from werkzeug.routing import IntegerConverter, ValidationError

from referee.errors import InputError
from rulesbook import VARIANTS, get

from .auth import KEYS, READ, RECORD, RULE, requires
from .context import ApiError, document_body, first_error, invalid, store
from .documents import adjudicate_data
from .limits import MAX_ROW_ID
from .cut import blp as cut
from .rulebooks import blp as rulebooks
from .store import schema_version
from .wire import (
    GameDetailSchema,
    GameSchema,
    HealthSchema,
    KeyRequest,
    KeySchema,
    NewKeySchema,
    RevisionRequest,
    RevisionSchema,
    RulingSchema,
    StoredGameSchema,
    document_schema,
    encode_cursor,
    page_args,
    page_of,
)

DOCUMENT_BODY = {"required": True, "content": {"application/json": {"schema": document_schema()}}}
OPTIONS_PATH = "ruleset.options"


class RowId(IntegerConverter):
    """``<row_id:…>``: a game or key id in a path, described in OpenAPI with SQLite's range (1 to
    ``MAX_ROW_ID``). A number outside it still reaches the view, whose store answers 404 ("no game
    N") rather than the router's "no such endpoint"."""

    def __init__(self, map):  # noqa: A002  (werkzeug's name)
        super().__init__(map, min=1, max=MAX_ROW_ID)

    def to_python(self, value: str) -> int:
        try:
            return int(value)
        except ValueError:  # more digits than Python reads: no such path
            raise ValidationError() from None


#: the URL converters the blueprints' rules use (``create_app`` registers them first)
CONVERTERS = {"row_id": RowId}


def rule(document: object) -> dict:
    """The ruling of a document; an invalid one is 422 with the loader's JSON paths."""
    try:
        return adjudicate_data(document)
    except InputError as err:
        raise invalid(err.errors, "document", "invalid_document") from None


def page(fetch: Callable[..., list[dict]], args: dict, kind: str, key: str) -> dict:
    """One page: ``limit`` items after the cursor, and the cursor of the next page if there is one."""
    items = fetch(after=args.get("cursor", 0), limit=args["limit"] + 1)
    more = len(items) > args["limit"]
    items = items[:args["limit"]]
    return {"items": items, "next_cursor": encode_cursor(kind, items[-1][key]) if more else None}


# --- rulings -----------------------------------------------------------------------------------

rulings = Blueprint("rulings", __name__, url_prefix="/v1", description="Rule a document; store nothing.")


@rulings.route("/rulings")
class Rulings(MethodView):
    @requires(RULE)
    @rulings.doc(requestBody=DOCUMENT_BODY)
    @rulings.alt_response(200, schema=RulingSchema, success=True,
                          description="the ruling, as `referee adjudicate` prints it")
    def post(self):
        """Rule a document

        A `hand` or `hands` document (mjref/1) in, its ruling out. Nothing is stored. An invalid
        document is 422 with `errors` keyed by JSON path."""
        return rule(document_body())


# --- games -------------------------------------------------------------------------------------

games = Blueprint("games", __name__, url_prefix="/v1/games",
                  description="Recorded games and every revision of their rulings (append-only).")


@games.route("")
class Games(MethodView):
    @requires(READ)
    @games.arguments(page_args("games"), location="query")
    @games.response(200, page_of(GameSchema, "GamePage"))
    def get(self, args):
        """List the stored games, oldest first"""
        return page(store().games, args, "games", "id")

    @requires(RECORD)
    @games.doc(requestBody=DOCUMENT_BODY)
    @games.response(201, StoredGameSchema)
    def post(self):
        """Store a game and its ruling

        Rules the document and stores both (revision 1). The same document stored again is 409,
        naming the game it is."""
        document = document_body()
        ruling = rule(document)
        game, revision = store().add_game(document, ruling, by=g.who)
        return {**game, "latest": revision}, 201, {"Location": url_for("games.Game", game_id=game["id"])}


@games.route("/<row_id:game_id>")
class Game(MethodView):
    @requires(READ)
    @games.response(200, GameDetailSchema)
    def get(self, game_id):
        """A game: its document and its latest ruling"""
        return store().game(game_id)


@games.route("/<row_id:game_id>/rulings")
class GameRulings(MethodView):
    @requires(READ)
    @games.arguments(page_args("revisions"), location="query")
    @games.response(200, page_of(RevisionSchema, "RevisionPage"))
    def get(self, args, game_id):
        """Every revision of a game's ruling, in order"""
        return page(lambda **kw: store().revisions(game_id, **kw), args, "revisions", "revision")

    @requires(RECORD)
    @games.arguments(RevisionRequest, required=False)  # no body: re-adjudicate as stored
    @games.response(201, RevisionSchema)
    def post(self, args, game_id):
        """Add a revision: re-adjudicate, or record a review

        `adjudication` rules the stored document again under this rulebook, with `options`
        merged over the document's own `ruleset.options`. `review` records a referee's review
        with a `reason`, upholding the latest ruling or replacing it with `ruling`. Either way
        a new revision is added; none is ever changed."""
        game = store().game(game_id)
        if args["kind"] == "review":
            ruling = args.get("ruling")
            if ruling is not None:
                _check_reviewed(ruling, game["document"])
            return store().add_revision(game_id, kind="review", by=g.who, ruling=ruling,
                                        reason=args["reason"], base_revision=args.get("base_revision"))
        document = game["document"]
        ruleset = dict(document.get("ruleset") or {})
        ruleset["options"] = {**(ruleset.get("options") or {}), **args.get("options", {})}
        ruling = _readjudicate({**document, "ruleset": ruleset}, "options" in args)
        return store().add_revision(game_id, kind="adjudication", by=g.who, ruling=ruling,
                                    options=ruleset["options"], reason=args.get("reason"),
                                    base_revision=args.get("base_revision"))


def _readjudicate(document: dict, options_given: bool) -> dict:
    """Rule a stored document again: a bad option given is the request's fault (422, at
    ``options``); a stored document the loader now refuses is a conflict with this version of the
    referee (409)."""
    try:
        return adjudicate_data(document)
    except InputError as err:
        if options_given and all(path.startswith(OPTIONS_PATH) for path in err.errors):
            raise invalid({"options" + path[len(OPTIONS_PATH):]: reasons
                           for path, reasons in err.errors.items()}) from None
        raise ApiError(409, "stored_document_invalid", "the stored document does not load under "
                       "this version of the referee: " + first_error(err.errors), err.errors) from None


def _check_reviewed(ruling: dict, document: dict) -> None:
    """A reviewed ruling covers the document's hands and settles between its seats."""
    errors = {}
    hands = len(document["hands"]) if "hands" in document else 1
    if len(ruling["hands"]) != hands:
        errors["ruling.hands"] = [f"the game has {hands} hand(s), the ruling {len(ruling['hands'])}"]
    seats = set(document["players"]) | set(document.get("bettors") or [])
    if set(ruling["net"]) != seats:
        errors["ruling.net"] = [f"the net must name exactly {', '.join(sorted(seats))}"]
    if errors:
        raise invalid(errors)


# --- keys --------------------------------------------------------------------------------------

keys = Blueprint("keys", __name__, url_prefix="/v1/keys", description="API keys (admin).")


@keys.route("")
class Keys(MethodView):
    @requires(KEYS)
    @keys.arguments(page_args("keys"), location="query")
    @keys.response(200, page_of(KeySchema, "KeyPage"))
    def get(self, args):
        """List the API keys (never their tokens)"""
        return page(store().keys, args, "keys", "id")

    @requires(KEYS)
    @keys.arguments(KeyRequest)
    @keys.response(201, NewKeySchema)
    def post(self, args):
        """Make a key

        The response holds the token, this once; only its SHA-256 is stored."""
        record, token = store().create_key(args["role"], args.get("label"))
        return {**record, "key": token}


@keys.route("/<row_id:key_id>")
class Key(MethodView):
    @requires(KEYS)
    @keys.response(200, KeySchema)
    def delete(self, key_id):
        """Revoke a key (409 if it is revoked already)"""
        return store().revoke_key(key_id)


# --- health ------------------------------------------------------------------------------------

health = Blueprint("health", __name__, description="Liveness.")


@health.route("/healthz")
class Health(MethodView):
    @requires(None)
    @health.doc(security=[])
    @health.response(200, HealthSchema)
    def get(self):
        """Is the service up, and its database readable"""
        return {"status": "ok", "schema_version": schema_version(store().db),
                "rulebooks": {v: get(v).RULEBOOK_VERSION for v in VARIANTS}}


BLUEPRINTS = (rulings, cut, games, keys, health, rulebooks)
