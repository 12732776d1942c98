"""The table page: a referee enters a dispute from a phone at the table and gets the ruling.

``/`` serves one server-rendered page (``templates/table.html``) with its CSS, script and font
from ``static/``; ``/games/<id>`` is the same page opened on a stored game (a permalink). The
page builds an ``mjref/1`` document from taps and sends it to the API (``POST /v1/rulings``,
``/v1/games`` …) with the key the user gave it, if the server needs one. ``/docs/assets/`` serves
Swagger UI's files from the ``swagger-ui-bundle`` package, so ``/docs`` needs no network either.

Nothing here needs a key: the page and its files hold no data; what it fetches goes through the
API's own permissions.
"""
from __future__ import annotations

from flask import Blueprint, render_template, send_from_directory
from swagger_ui_bundle import swagger_ui_path

from rulesbook import VARIANTS

from .rulebooks import catalogue

NAME = "web"
SWAGGER_UI_ASSETS = "/docs/assets/"

#: per variant, the shape of the table form: concealed tiles per hand, whether the set has flowers
#: and red fives, and the stake fields of ``ruleset`` with their defaults (a variant with presets
#: lists ``preset`` instead of base and tai). A new variant adds its entry here; the page reads it.
TABLES: dict[str, dict] = {
    "tw16": {"hand": 16, "flowers": True, "red_fives": False,
             "stakes": {"base": 100, "tai": 20}},
}
assert set(TABLES) == set(VARIANTS), "every variant needs its table form"

web = Blueprint(NAME, __name__, static_folder="static", static_url_path="/static",
                template_folder="templates")


def _page(game: int | None = None):
    config = {"rulebooks": catalogue(), "tables": TABLES, "game": game}
    return render_template("table.html", config=config)


@web.get("/")
def table():
    return _page()


@web.get("/games/<int:game_id>")
def game(game_id: int):
    return _page(game_id)


@web.get(SWAGGER_UI_ASSETS + "<path:filename>")
def swagger_ui(filename: str):
    return send_from_directory(swagger_ui_path, filename)
