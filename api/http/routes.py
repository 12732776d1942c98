"""The API's endpoints, one blueprint per resource: rulings, games (with their revisions), keys,
health. Each view names the permission it needs (``api.http.auth.requires``)."""
from __future__ import annotations

import json
from typing import Callable, Iterator, Optional

from flask import Response, g, request, url_for
from flask.views import MethodView
from flask_smorest import Blueprint
from werkzeug.routing import IntegerConverter, ValidationError

from referee.errors import InputError
from rulesbook import VARIANTS, get

from api.http.auth import KEYS, READ, RECORD, RULE, requires
from api.http.context import ApiError, document_body, first_error, invalid, store
from api.documents.documents import adjudicate_data
from api.http.cut import blp as cut
from api.limits import MAX_ANSWER, MAX_ROW_ID
from api.http.pairing import blp as pairing
from api.http.reviews import ReviewError, rule_review
from api.http.rulebooks import blp as rulebooks
from api.store.store import schema_version
from api.http.wire import (
    ExplainArgs,
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


def _next_link(cursor: Optional[str]) -> dict[str, str]:
    """The ``Link`` header of a page that has a next one (RFC 8288), as ``next_cursor`` says."""
    if cursor is None:
        return {}
    query = {**request.args.to_dict(), "cursor": cursor}
    target = url_for(request.endpoint, **(request.view_args or {}), **query)
    return {"Link": f'<{target}>; rel="next"'}


def page(fetch: Callable[..., list[dict]], args: dict, kind: str, key: str):
    """One page: ``limit`` items after the cursor, and the cursor of the next page if there is one
    (``next_cursor``, and the ``Link`` header)."""
    items = fetch(after=args.get("cursor", 0), limit=args["limit"] + 1)
    more = len(items) > args["limit"]
    items = items[:args["limit"]]
    cursor = encode_cursor(kind, items[-1][key]) if more else None
    return {"items": items, "next_cursor": cursor}, 200, _next_link(cursor)


def text_page(texts: Iterator[tuple[int, str]], args: dict, kind: str) -> Response:
    """One page of items given as (key, JSON text): at most ``limit`` items and ``MAX_ANSWER``
    bytes (a page ends before the item that would pass it; its first item is always in it), built
    from the texts as they are, never decoded."""
    items: list[bytes] = []
    size, last, more = 0, 0, False
    for key, text in texts:
        data = text.encode()
        if len(items) == args["limit"] or (items and size + len(data) + 1 > MAX_ANSWER):
            more = True
            break
        items.append(data)
        size += len(data) + 1
        last = key
    cursor = encode_cursor(kind, last) if more else None
    body = b'{"items":[' + b",".join(items) + b'],"next_cursor":' + json.dumps(cursor).encode() + b"}\n"
    return Response(body, 200, _next_link(cursor), mimetype="application/json")


# --- rulings -----------------------------------------------------------------------------------

rulings = Blueprint("rulings", __name__, url_prefix="/v1", description="Rule a document; store nothing.")


@rulings.route("/rulings")
class Rulings(MethodView):
    @requires(RULE)
    @rulings.doc(requestBody=DOCUMENT_BODY)
    @rulings.arguments(ExplainArgs, location="query")
    @rulings.alt_response(200, schema=RulingSchema, success=True,
                          description="the ruling, as `referee adjudicate` prints it")
    def post(self, args):
        """Rule a document

        A `hand` or `hands` document (mjref/1) in, its ruling out. Nothing is stored. An invalid
        document is 422 with `errors` keyed by JSON path. `?explain=true` adds `explained`: each
        payment as the sum it is, with its clause (as `--format text` prints it)."""
        document = document_body()
        ruling = rule(document)
        if args["explain"]:
            from api.text.text_money import explain

            ruling = {**ruling, "explained": explain(ruling, document)}
        return ruling


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
        game, revision = store().add_game(document, ruling, by=g.who,
                                          body=request.get_data(cache=True))
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
        """Every revision of a game's ruling, in order

        A page holds at most `limit` revisions and at most `MAX_ANSWER` bytes (4 MiB): it ends
        before the revision that would pass it (one revision alone may). `next_cursor` and the
        `Link` header give the next page."""
        texts = store().revision_texts(game_id, after=args.get("cursor", 0))
        try:
            return text_page(texts, args, "revisions")
        finally:
            texts.close()

    @requires(RECORD)
    @games.arguments(RevisionRequest, required=False)  # no body: re-adjudicate as stored
    @games.response(201, RevisionSchema)
    def post(self, args, game_id):
        """Add a revision: re-adjudicate, or record a review

        `adjudication` rules the stored document again under this rulebook, with `options`
        merged over the document's own `ruleset.options`. `review` records a referee's review:
        a `reason`, and `options` and `corrections` to the stored document if any; the engine
        rules the corrected document and its ruling is the revision (a ruling or money sent is
        422). Either way a new revision is added; none is ever changed; a game that moved on
        since the revision read (`base_revision`, else the latest) is 409."""
        game = store().game(game_id)
        latest = game["latest"]
        base = args.get("base_revision", latest["revision"])  # what this request was ruled from
        if args["kind"] == "review":
            try:
                ruled = rule_review(game["document"], latest, args.get("options", {}),
                                    args.get("corrections", []))
            except ReviewError as err:
                raise invalid(err.errors) from None
            return store().add_revision(game_id, kind="review", by=g.who, reason=args["reason"],
                                        base_revision=base, **ruled)
        document = game["document"]
        ruleset = dict(document.get("ruleset") or {})
        ruleset["options"] = {**(ruleset.get("options") or {}), **args.get("options", {})}
        ruling = _readjudicate({**document, "ruleset": ruleset}, "options" in args)
        return store().add_revision(game_id, kind="adjudication", by=g.who, ruling=ruling,
                                    options=ruleset["options"], reason=args.get("reason"),
                                    base_revision=base)


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


BLUEPRINTS = (rulings, cut, games, keys, health, rulebooks, pairing)
