"""``POST /v1/cut``: pick a recorded hand up at event N (``referee cut``'s HTTP twin): the document
in, the document whose hand starts with a ``state`` of the table before event N out. Thin: the cut
is ``api.documents.documents.cut_data`` (``referee.cut``)."""
from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields
from marshmallow.validate import Range

from referee.errors import InputError

from api.http.auth import RULE, requires
from api.http.context import document_body, invalid
from api.documents.documents import cut_data
from api.limits import EVENTS, HANDS
from api.http.wire import document_schema

blp = Blueprint("cut", __name__, url_prefix="/v1", description="Pick a recorded hand up at an event.")

CutArgs = Schema.from_dict({
    "at": fields.Integer(required=True, validate=Range(0, EVENTS.value, error="must be {min} to {max}, not {input}"),
                         metadata={"description": "the event the cut document goes on from (0-based, in its hand)"}),
    "hand": fields.Integer(validate=Range(0, HANDS.value, error="must be {min} to {max}, not {input}"),
                           metadata={"description": "in a game (`hands`): which hand, 0-based"}),
}, name="CutArgs")

BODY = {"required": True, "content": {"application/json": {"schema": document_schema()}}}


@blp.route("/cut")
class Cut(MethodView):
    @requires(RULE)
    @blp.arguments(CutArgs, location="query")
    @blp.doc(requestBody=BODY)
    @blp.alt_response(200, schema=document_schema(), success=True,
                      description="the document picked up at event `at`: its hand starts with a `state`")
    def post(self, args):
        """Pick a hand up at event N

        The document whose hand starts with a `state` holding the table as it stood before event
        `at` (hands, melds and whom they came from, rivers and tiles called away, the wall, every
        status), followed by events `at`…; its ruling is the whole hand's, event indices shifted.
        An invalid document is 422 at its JSON path; a moment a state cannot hold is 422 at `at`."""
        document = document_body()
        try:
            return cut_data(document, args["at"], args.get("hand"))
        except InputError as err:
            raise invalid(err.errors, "document", "invalid_document") from None
