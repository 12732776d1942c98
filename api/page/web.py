"""The table page: a referee enters a dispute from a phone at the table and gets the ruling.

``/`` serves one server-rendered page (``templates/table.html``) with its CSS, scripts and font
from ``static/``; ``/games/<id>`` is the same page opened on a stored game (a permalink). The
page builds an ``mjref/1`` document from taps and sends it to the API (``POST /v1/rulings``,
``/v1/games`` …) with the key the user gave it, if the server needs one. ``/docs/assets/`` serves
Swagger UI's files from the ``swagger-ui-bundle`` package, so ``/docs`` needs no network either.

Nothing here needs a key: the page and its files hold no data; what it fetches goes through the
API's own permissions. Under ``referee serve --table`` the page opened on the server's own machine
also shows the pairing code and the QR code for phones (``api.http.pairing.pairing_info``).
"""
from __future__ import annotations

from functools import cache

from flask import Blueprint, render_template, request, send_from_directory
from marshmallow import fields
from swagger_ui_bundle import swagger_ui_path

from referee.tiles import code
from rulesbook import VARIANTS, get
from rulesbook.wuhan.table import HONG, LAIZI_OF

from api.http.pairing import pairing_info
from api.http.rulebooks import catalogue
from api.page.option_words import page_words
from api.documents.loader import document_schema
from api.documents.schemas.tw16 import Bool, Choice, Player, PlayerMap

NAME = "web"
SWAGGER_UI_ASSETS = "/docs/assets/"

#: per variant, the shape of the table form: concealed tiles per hand (``hand``) and whether the
#: dealer's extra tile is part of the deal (``dealer_dealt``: tw16) or his first draw (riichi),
#: whether the set has flowers and red fives (riichi's are on or off by its option ``red_fives``),
#: the stake fields of ``ruleset`` with their defaults (a variant with presets lists ``preset``
#: instead of base and tai), the hand's fields a fresh document starts with (``defaults``), what
#: the form shows in order (``form``, which lists ``key_options`` where they show) and under "More"
#: (``more``), the options shown on the form itself (``key_options``; the others are under
#: "More"; a test checks every option is offered once), the languages of its rulings, and a
#: clause ID to show as an example; a variant that turns an indicator up gives the wild kind of
#: each tile turned (``indicator.wild_of``, the rulebook's table) and the tiles only laid out alone
#: (``indicator.lay_out``), which the page marks; a set without honours (``honours`` false:
#: sichuan's 108 tiles) and a table without winds (``winds`` false: no round wind, no seat winds),
#: a void suit per player (``void_suit``: 定缺) and the wins that end a hand when a win does not
#: (``wins_to_end``: 血战到底); ``cuts`` false: its hands cannot be cut yet (no ✂). A new variant
#: adds its entry here; the page reads it, with
#: the events and fields the variant's loader accepts (``_forms``).
TABLES: dict[str, dict] = {
    "tw16": {"hand": 16, "dealer_dealt": True, "flowers": True, "red_fives": False,
             "stakes": {"base": 100, "tai": 20}, "defaults": {"streak": 0},
             "form": ["stakes", "players", "dealer", "streak", "round_wind"],
             "more": ["open_seat", "start_dealer", "options", "side_bets"], "key_options": [],
             "languages": ["en", "zh"], "clause_example": "TW-XG-1"},
    "riichi": {"hand": 13, "dealer_dealt": False, "flowers": False, "red_fives": True,
               "stakes": {"preset": "tenhou"}, "defaults": {"honba": 0, "sticks": 0},
               "form": ["stakes", "players", "dealer", "round_wind", "honba", "sticks", "scores",
                        "start_dealer", "key_options"],
               "more": ["options"], "key_options": ["red_fives", "multiple_ron", "chombo"],
               "languages": ["en", "zh", "ja"], "clause_example": "RJ-IRR-1"},
    "hk": {"hand": 13, "dealer_dealt": True, "flowers": True, "red_fives": False,
           "stakes": {"preset": "club", "base": 1}, "defaults": {"streak": 0},
           "form": ["stakes", "players", "dealer", "streak", "round_wind", "start_dealer", "key_options"],
           "more": ["options"], "key_options": ["payment", "false_win", "multiple_winners"],
           "languages": ["en", "zh"], "clause_example": "HK-ZH-1"},
    "guangdong": {"hand": 13, "dealer_dealt": True, "flowers": False, "red_fives": False,
                  "stakes": {"preset": "wufan", "base": 1}, "defaults": {"streak": 0},
                  "form": ["stakes", "players", "dealer", "streak", "round_wind", "start_dealer", "key_options"],
                  "more": ["options"], "key_options": ["min_fan", "limit_fan", "multiple_winners"],
                  "languages": ["en", "zh"], "clause_example": "GD-BAO-1"},
    "wuhan": {"hand": 13, "dealer_dealt": True, "flowers": False, "red_fives": False,
              "stakes": {"preset": "kaikoufan", "base": 1}, "defaults": {"streak": 0},
              "form": ["stakes", "players", "dealer", "streak", "key_options"],
              "more": ["options"], "key_options": ["open_factor", "cap", "false_win"],
              "languages": ["en", "zh"], "clause_example": "WH-CB-1",
              "indicator": {"wild_of": {code(k): code(w) for k, w in enumerate(LAIZI_OF)},
                            "lay_out": [code(HONG)]}},
    # 108 tiles (no honours, no flowers), no winds; 定缺 per player; 血战到底: a win takes the
    # winner out of play and the hand goes on to the third win (``wins_to_end``)
    "sichuan": {"hand": 13, "dealer_dealt": True, "flowers": False, "honours": False, "winds": False, "red_fives": False,
                "void_suit": True, "wins_to_end": 3, "cuts": False,
                "stakes": {"preset": "chengdu", "base": 1}, "defaults": {"streak": 0},
                "form": ["stakes", "players", "dealer", "streak", "key_options"],
                "more": ["options"], "key_options": ["cap_fan", "self_draw_bonus", "multiple_winners"],
                "languages": ["en", "zh"], "clause_example": "SC-QM-2"},
    # shanghai: 中發白 are flowers unless the option dragons_as_flowers is off (SH-FLOW-1); a hand
    # carries its 荒番 counter and the dice that opened the wall (SH-HF-1, 2)
    "shanghai": {"hand": 13, "dealer_dealt": True, "flowers": True, "dragon_flowers": True, "red_fives": False,
                 "stakes": {"preset": "qiaoma", "base": 1}, "defaults": {"streak": 0, "huang_fan": 0},
                 "form": ["stakes", "players", "dealer", "streak", "huang_fan", "dice", "key_options"],
                 "more": ["options"], "key_options": ["knock_required", "multiple_winners", "false_win"],
                 "languages": ["en", "zh"], "clause_example": "SH-QIAO-4"},
}
assert set(TABLES) == set(VARIANTS), "every variant needs its table form"


def _choices(field: fields.Field) -> list[str] | None:
    """What a form offers for a field, read from the loader: a choice's values, a player field's
    other words (``wall``, ``referee``), or the flags of a per-player object (``status``)."""
    if isinstance(field, Choice):
        return list(field.choices)
    if isinstance(field, Player):
        return list(field.also) or None
    if isinstance(field, PlayerMap) and isinstance(field.values, fields.Nested):
        return [name for name, f in field.values.schema.fields.items() if isinstance(f, Bool)]
    return None


def _forms(variant: str) -> dict:
    """The variant's hand fields, and per event type it accepts, its fields (JSON names) with
    their choices: the page offers these and no other (its events are the loader's own)."""
    hand = document_schema(variant).fields["hand"].schema
    events = hand.fields["events"].schemas
    return {"hand_fields": [f.data_key or name for name, f in hand.fields.items()],
            "events": {kind: {f.data_key or name: _choices(f) for name, f in schema.fields.items()
                              if name not in ("type", "t")}
                       for kind, schema in events.items()}}


def _presets(variant: str) -> dict[str, dict]:
    """Each preset's option values, so the form shows what a preset sets."""
    return {name: dict(values) for name, values in getattr(get(variant), "PRESETS", {}).items()}


@cache
def _tables() -> dict[str, dict]:
    """What the page knows of each variant's table (read once: it is code, not data)."""
    return {v: {**TABLES[v], **_forms(v), "presets": _presets(v)} for v in VARIANTS}


web = Blueprint(NAME, __name__, static_folder="static", static_url_path="/static",
                template_folder="templates")


def _page(game: int | None = None):
    # root: where the app is mounted (SCRIPT_NAME, "" at the top), the page's prefix of every URL
    config = {"rulebooks": catalogue(), "tables": _tables(), "option_words": page_words(), "game": game,
              "root": request.script_root, "pairing": pairing_info()}
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
