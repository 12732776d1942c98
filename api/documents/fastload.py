"""The fast loader: a valid document into the engine's objects without marshmallow.

``fast_document(data, seats)`` builds, for a valid document, the very ``Document`` the variant's
marshmallow schema builds (``api.documents.schemas.tw16`` for tw16, ``api.documents.schemas.riichi``
for riichi), five to ten times sooner (``benchmarks.adjudicate``); for anything else it returns
None, and ``api.documents.loader.load_document`` loads the document with the schema, so that every
error, its JSON path and its words stay the schema's. It takes less than the schema (when in doubt
it refuses), never more: ``tests/test_fastload.py`` feeds generated, recorded and edited documents
to both and requires the same answer.

How (the readers and shapes are in ``api.documents.fastload_readers``, the validators across
fields in ``api.documents.fastload_checks``): each JSON object has a ``_Shape``: its
fields (JSON name → attribute, reader, whether null is accepted), the required ones, a check across
fields mirroring the schema's validators, and what it builds. A reader takes a value and returns it
loaded or raises (``_Refused``, or the ``KeyError`` of a tile or field not in its table, the
``TypeError`` of a value that cannot be looked up there or indexed). The draws, discards and flowers
of just a player and a tile (and a draw's ``from``), most of a hand, take a shorter way
(``_Variant._events``); events are built without their frozen ``__init__`` (``_blank``). The tile
tables are the schema's tile kinds (``ANY``, ``NO_FLOWER``, ``FLOWER``, ``WIND``) read through
``referee.tiles.parse_tile`` once, per kind and red fives. The limits are ``api.limits``'; the
rulebook checks of ``ruleset`` are the functions the schemas call. The schemas stay the record of
what is valid: a check added to one is added here too (or the document that shows it falls back,
when this loader does not know its field)."""
from __future__ import annotations

from typing import Any, Callable, Optional

from referee import events as ev
from referee.model import Document, HandRecord, Ruleset, SideBet, Stake
from rulesbook.tw16.options import option_error, preset_error
from rulesbook.tw16.values import tai_table_error

from api.documents.fastload_readers import (
    _REFUSED,
    Reader,
    _about,
    _attributes,
    _blank,
    _bool,
    _choice,
    _int,
    _list_of,
    _Load,
    _nested,
    _player,
    _player_map,
    _player_or,
    _player_or_bettor,
    _players,
    _refuse,
    _same,
    _Shape,
    _shape,
    _text,
    _tile,
    _tile_table,
    _tiles,
)
from api.documents.fastload_checks import (
    _abort_ok,
    _act_ok,
    _correct_ok,
    _dice,
    _DRAW_SOURCES,
    _entries,
    _from_another,
    _hk_meld_ok,
    _ids,
    _left_play_ok,
    _meld_ok,
    _passed,
    _passed_fan,
    _riichi_act_ok,
    _riichi_state_ok,
    _seated_list,
    _side_bet_ok,
    _stake_ok,
    _state_ok,
    _win_ok,
    _wh_meld_ok,
)
from api.limits import (
    EVENTS,
    HANDS,
    MONEY,
    N_PLAYERS,
    SIDE_BETS,
    STREAK,
    TIME,
)
from api.documents.doc_terms import (
    ANY,
    FACE_UP,
    FLOWER,
    FORMAT,
    GD_BAO_CLAUSES,
    HK_BAO_CLAUSES,
    KIND,
    KYOTAKU,
    NO_FLOWER,
    REFEREE,
    REFUSED_ALIASES,
    WH_CB_CLAUSES,
    SH_BAO_CLAUSES,
    SH_FLOWER,
    WIND,
    _bounded_riichi_option,
    _Seats,
    _TileKind,
    id_look,
)

# --- the variants ---------------------------------------------------------------------------------



def _preset(error: Callable[[object], Optional[str]]) -> Reader:
    """``ruleset.preset``: a name the variant's rulebook knows (``error`` is its check), else refused
    (the schema then says why, at ``ruleset.preset``)."""
    def preset(value: Any, load: _Load) -> str:
        return value if type(value) is str and not error(value) else _refuse()
    return preset

THIRTEEN = ("hk", "guangdong", "wuhan", "sichuan", "shanghai")  # the 13-tile variants: one shape, with their differences
NO_FLOWERS = ("guangdong", "wuhan")  # 136 tiles: no flower event, no flower win (sichuan: 108, said apart)


class _Variant:
    """The shapes of one variant's documents (tw16, riichi with or without the red fives, and the
    13-tile variants: hk, guangdong, wuhan, sichuan, shanghai)."""

    def __init__(self, variant: str, red: bool):
        self.variant = variant
        riichi, hk, gd, wh = variant == "riichi", variant in THIRTEEN, variant in NO_FLOWERS, variant == "wuhan"
        sc = variant == "sichuan"  # RULEBOOK_SC §13: no flowers, winds or 包; 定缺, left_play, kong_income
        sh = variant == "shanghai"
        refused = REFUSED_ALIASES.get(variant, frozenset())
        tables = {kind: {k: v for k, v in _tile_table(SH_FLOWER if sh and kind is FLOWER else kind, red).items()
                         if k not in refused}
                  for kind in (ANY, NO_FLOWER, FLOWER, WIND, FACE_UP, KIND)}  # shanghai's flowers: 中發白 too
        tile = {kind: _tile(table) for kind, table in tables.items()}

        def tiles(kind: _TileKind, length: Optional[int] = None, count: bool = False) -> Reader:
            return _tiles(tables[kind], red, length, count=count)

        # outside riichi's tiles are never flowers; tw16's own fields take any tile
        plain = NO_FLOWER if riichi else ANY
        meld = _shape(ev.MeldSpec, ("kind", _choice("chi", "pon", "kong"), "r"),
                      ("kong", _choice(*ev.KONG_KINDS), ""), ("tiles", tiles(NO_FLOWER), "r"),
                      ("tile", tile[NO_FLOWER], "n"), ("from", _player, "n=source"),
                      check=_wh_meld_ok if wh else _hk_meld_ok if hk else _meld_ok)
        last_discard = _shape(lambda kw: (kw["player"], kw["tile"]), ("player", _player, "r"),
                              ("tile", tile[NO_FLOWER], "r"), plain=True)
        drawn = _shape(lambda kw: (kw["tile"], kw.get("source", "wall")), ("tile", tile[ANY], "r"),
                       ("from", _choice("wall", "back", "claim"), "=source"), plain=True)
        status = (("dead_hand", "furiten_temporary", "furiten_riichi") if riichi else ("dead_hand", "knocked") if sh
                  else ("dead_hand",) if hk
                  else ("dead_hand", "passed", "watching", "tian_ting", "di_ting"))
        status_shape = _shape(dict, *((name, _bool, "") for name in status),
                              *((("passed", _passed_fan, ""), ("void_suit", _choice("m", "p", "s"), ""))
                                if sc else (("passed", _passed(tiles(NO_FLOWER), not (gd or sh)), ""),) if hk else ()),
                              *(() if riichi or hk else (("watch_violations", _int(), ""),
                                                   ("dead_hand_violations", _int(), ""),
                                                   ("unponned", tiles(NO_FLOWER), ""),
                                                   ("go_round_discard", tiles(NO_FLOWER), ""),
                                                   ("exposed", tiles(NO_FLOWER), ""))), plain=True)
        state = [("hands", _player_map(tiles(NO_FLOWER, count=True)), "r"),
                 ("melds", _player_map(_list_of(meld)), ""),
                 *(() if riichi or sc else (("flowers", _player_map(tiles(FLOWER)), ""),)),
                 ("discards", _player_map(tiles(NO_FLOWER)), ""),
                 ("last_discard", _nested(last_discard), "n"), ("drawn", _nested(drawn), "n"),
                 ("wall_left", _int(), "n"), ("turn", _player, "n"),
                 ("phase", _choice("draw", "discard"), ""),
                 ("status", _player_map(_nested(status_shape)), ""),
                 ("back_owed", _player_map(_int()), ""), ("drawn_past", _bool, ""),
                 ("robbable", _nested(last_discard), "n")]
        if sc:
            left_play = _shape(ev.LeftPlaySpec, ("players", _seated_list, "r"),
                               ("how", _choice("self_draw", "discard", "rob_kong"), "r"),
                               ("tile", tile[NO_FLOWER], "r"), ("from", _player, "n=source"),
                               check=_left_play_ok)
            kong_income = _shape(ev.KongIncomeSpec, ("to", _player, "r"), ("from", _player, "r=source"),
                                 ("amount", _int(1, MONEY.value), "r"), ("kind", _choice(*ev.KONG_KINDS), "r"),
                                 check=lambda kw, load: kw["to"] != kw["source"])
            state += [("left_play", _list_of(left_play), ""), ("kong_income", _list_of(kong_income), "")]
        elif hk:
            clauses = (WH_CB_CLAUSES if wh else GD_BAO_CLAUSES if gd else SH_BAO_CLAUSES if sh
                       else HK_BAO_CLAUSES)
            liability = _shape(ev.LiabilitySpec, ("clause", _choice(*clauses), "r"),
                               ("liable", _player, "r"), ("covered", _player, "r"),
                               check=lambda kw, load: kw["liable"] != kw["covered"])
            state.append(("liabilities", _list_of(liability), "n"))
        if wh or sh:  # the indicator and the wild kind (WH §10, SH-BD-1)
            state += [("indicator", tile[FACE_UP], "n"), ("wild", tile[KIND], "n")]
        if wh:  # what each laid out or threw, the 海底 draws (WH §10)
            state += [("laid", _player_map(tiles(NO_FLOWER)), ""), ("haidi", _bool, "")]
        if riichi:
            riichi_status = _shape(dict, ("double", _bool, ""), ("ippatsu", _bool, ""),
                                   ("stick", _choice("table", "hand"), ""), ("established", _bool, ""),
                                   ("with_last_discard", _bool, ""),
                                   ("discard_owed", _bool, ""), plain=True)
            dora_owed = _shape(lambda kw: (kw["player"], kw["kong"], kw["when"]), ("player", _player, "r"),
                               ("kong", _choice(*ev.KONG_KINDS), "r"),
                               ("when", _choice("at_once", "after_draw", "open"), "r"), plain=True)
            state += [("dora_indicators", tiles(NO_FLOWER), ""),
                      ("riichi", _player_map(_nested(riichi_status)), ""),
                      ("called_away", _player_map(tiles(NO_FLOWER)), ""),
                      ("dora_owed", _list_of(dora_owed), "")]
        player = ("player", _player, "r")
        about = ("about", _about, "n")
        events: dict[str, tuple] = {
            "state": (ev.State, _riichi_state_ok if riichi else _state_ok, *state),
            "deal": (ev.Deal, None, ("hands", _player_map(tiles(plain, count=True)), "r"),
                     *((("dora", tile[NO_FLOWER], "r"),) if riichi else ())),
            "draw": (ev.Draw, None, player, ("tile", tile[plain], "r"),
                     ("from", _choice(*_DRAW_SOURCES), "=source")),
            "discard": (ev.Discard, None, player, ("tile", tile[plain], "r"),
                        *(() if riichi else (("from_meld", _bool, ""),))),
            "chi": (ev.Chi, None, player, ("tile", tile[plain], "r"),
                    ("with", tiles(plain, 2), "r=with_")),
            "pon": (ev.Pon, None, player, ("tile", tile[plain], "r"),
                    ("with", tiles(plain, 2), "r=with_")),
            "kong": ((ev.Kong, lambda kw, load: len(kw["tiles"]) in (3, 4), player,  # wuhan: a 朝天 of 3
                      ("kind", _choice(*ev.KONG_KINDS), "r"), ("tiles", tiles(NO_FLOWER), "r")) if wh else
                     (ev.Kong, None, player, ("kind", _choice(*ev.KONG_KINDS), "r"), ("tiles", tiles(plain, 4), "r"))),
            "win": (ev.Win, _win_ok, player,
                    ("how", _choice(*(("self_draw", "discard", "rob_kong") if riichi
                                      else ("self_draw", "discard", "rob_kong") if gd or sc or sh
                                      else ("self_draw", "discard", "rob_kong", "flower") if hk
                                      else ev.WIN_HOWS)), "r"),
                    ("tile", tile[plain], "n"), ("from", _player, "n=source"),
                    ("shown", tiles(NO_FLOWER), "n"),
                    *((("ura", tiles(NO_FLOWER), "n"),) if riichi else ()),
                    *((("wild", _list_of(_shape(lambda tile, as_: (tile, as_), ("tile", tile[KIND], "r"),
                                                ("as", tile[KIND], "r=as_"))), "n"),) if wh else ())),
            "call": (ev.Call, None, player,
                     ("call", _choice("chi", "pon", "kong", "win", *(("riichi",) if riichi else ())),
                      "r"),
                     ("with", tiles(plain), "n=with_"), ("tile", tile[NO_FLOWER], "")),
            "reach": (ev.Reach, None, player, ("touched", _bool, "")),
            "merge": (ev.Merge, None, player),
            "expose": (ev.Expose, None, player, ("tiles", tiles(plain), "r"),
                       ("fault", _choice("own", "other"), "")),
            "peek": (ev.Peek, None, player,
                     ("target", _player_or(*(("wall", "dead_wall", "ura", "kong_tile") if riichi
                                             else ("wall", "kong_tile"))), "r")),
            "act": ((ev.Act, _riichi_act_ok, player,
                     ("act", _choice(*(a for a in ev.ACTS if a != "influence")), "r"), about,
                     ("recoverable", _bool, "n"), ("count", _int(), "n")) if riichi else
                    (ev.Act, _act_ok, player, ("act", _choice(*(a for a in ev.ACTS if a != "influence")), "r"),
                     about, ("recoverable", _bool, "n")) if hk else
                    (ev.Act, _act_ok, ("player", _player_or_bettor, "r"),
                     ("act", _choice(*ev.ACTS), "r"), about, ("recoverable", _bool, "n"))),
            "report": (ev.Report, None,
                       ("by", _player_or(REFEREE, bettors=not (riichi or hk)), "r"),
                       ("against", _player if riichi or hk else _player_or_bettor, "r"), about,
                       ("offence", _text, "n")),
            "admit": (ev.Admit, None, player, about, ("offence", _text, "n")),
            "correct": (ev.Correct, _correct_ok, player, ("about", _about, "r"),
                        ("action", _choice("restore", "return_tile"), "r"),
                        ("tile", tile[plain], "n"), ("random", _bool, "")),
            "exhaustive_draw": (ev.ExhaustiveDraw, None,
                                *((("tenpai", _players, "n"), ("nagashi", _players, "n"))
                                  if riichi else ())),
            "end": (ev.End, None),
        }
        if riichi:
            events |= {"riichi": (ev.Riichi, None, player),
                       "dora": (ev.Dora, None, ("tile", tile[NO_FLOWER], "r")),
                       "abort": (ev.Abort, _abort_ok, ("kind", _choice(*ev.ABORT_KINDS), "r"),
                                 ("player", _player, "n"), ("players", _players, "n"), ("shown", _bool, ""))}
        elif not (gd or sc):  # guangdong, wuhan and sichuan play without flowers; hk and tw16 lay them out
            events["flower"] = (ev.Flower, None, player, ("tile", tile[FLOWER], "r"))
        if wh or sh:  # the tile turned up (WH-LZ-1, SH-BD-1)
            events["indicator"] = (ev.Indicator, None, ("tile", tile[FACE_UP], "r"))
        if wh:
            events["single_kong"] = (ev.SingleKong, None, player, ("tile", tile[NO_FLOWER], "r"))
        if sc:  # 定缺 (SC-QM-1)
            events["declare"] = (ev.Declare, None, player, ("what", _choice("void_suit"), "r"),
                                 ("suit", _choice("m", "p", "s"), "r"))
        if sh:  # 敲 (SH-QIAO-1)
            events["declare"] = (ev.Declare, None, player, ("what", _choice("knock"), "r"))
        if not (riichi or gd or hk):  # tw16's own events
            events |= {"declare": (ev.Declare, None, player,
                                   ("what", _choice("tian_ting", "di_ting", "watch"), "r")),
                       "rob_flower": (ev.RobFlower, _from_another, player,
                                      ("from", _player, "r=source")),
                       "decline_last": (ev.DeclineLast, None, player)}
        #: per event type: its shape (``type`` among its fields, checked already), its class and
        #: its ``__dict__`` before the fields read are set (``_blank``; None: built by its __init__)
        self.events = {}
        for kind, (cls, check, *fields) in events.items():
            shape = _shape(cls, ("type", _same, "r"), ("t", _int(high=TIME.value), "n"), *fields,
                           check=check)
            given = {shape.fields[name][0] for name in shape.required} - {"type"}
            self.events[kind] = (shape, cls, _blank(cls, given))
        #: a draw, discard or flower of just a player and a tile: its class, its ``__dict__``
        #: before the two are set, the tile table
        self.lanes = {kind: (cls, _blank(cls, ("player", "tile")),
                             tables[FLOWER if kind == "flower" else plain])
                      for kind, (_, cls, _) in self.events.items()
                      if kind in ("draw", "discard", "flower")}
        self.hand = self._hand(tile[WIND], tiles)
        self.ruleset = self._riichi_ruleset() if riichi else self._thirteen_ruleset(variant) if hk else (
                        _shape(Ruleset, ("preset", _preset(preset_error), ""),
                               ("base", _int(high=MONEY.value), ""),
                               ("tai", _int(high=MONEY.value), ""),
                               ("options", _entries(option_error, "options"), ""),
                               ("tai_table", _entries(tai_table_error, "tai_table"), "")))

    @staticmethod
    def _riichi_ruleset() -> _Shape:
        """A riichi ruleset: a preset and options, checked by riichi's rulebook (imported here, so
        that a run of tw16 documents never loads it)."""
        from rulesbook.riichi.options import option_error, preset_error

        return _shape(lambda preset=None, options=None: Ruleset(options=options or {}, preset=preset),
                      ("preset", _preset(preset_error), ""),
                      ("options", _entries(option_error, bound=_bounded_riichi_option), ""))

    @staticmethod
    def _thirteen_ruleset(variant: str) -> _Shape:
        """A 13-tile ruleset: preset, base, options and its table of values (``fan_table``;
        wuhan's ``factor_table``), checked by the variant's rulebook, each entry and then as a
        whole (``ruleset_errors``)."""
        from importlib import import_module

        book = import_module(f"rulesbook.{variant}.options")
        option_error, preset_error, ruleset_errors = book.option_error, book.preset_error, book.ruleset_errors
        if variant == "wuhan":
            table, entry_error = "factor_table", book.factor_error
        else:
            table, entry_error = "fan_table", import_module(f"rulesbook.{variant}.fan_table").fan_table_error

        def whole(kw: dict, load: _Load) -> bool:
            return not ruleset_errors(kw.get("preset"), kw.get("options"), kw.get(table), kw.get("base", 1))

        def build(preset=None, base=1, options=None, **values) -> Ruleset:
            return Ruleset(base=base, options=options or {}, preset=preset, **{table: values.get(table) or {}})

        return _shape(build, ("preset", _preset(preset_error), ""), ("base", _int(1, MONEY.value), ""),
                      ("options", _entries(option_error, "options"), ""),
                      (table, _entries(entry_error, table), ""), check=whole)

    def _hand(self, wind: Reader, tiles: Callable[..., Reader]) -> _Shape:
        seats = (("round_wind", wind, "n"), ("dealer", _player, "n"),
                 ("start_dealer", _player, "n"), ("events", self._events, "r"))
        if self.variant == "sichuan":  # no winds: a round_wind or start_dealer is left to the schema
            return _shape(HandRecord, *seats[1:2], seats[3], ("streak", _int(high=STREAK.value), "n"))
        if self.variant == "shanghai":  # the 荒番 counter and the dice (SH-HF-1, 2)
            return _shape(HandRecord, *seats, ("streak", _int(high=STREAK.value), "n"),
                          ("huang_fan", _int(high=STREAK.value), "n"), ("dice", _dice, "n"))
        if self.variant in THIRTEEN:
            return _shape(HandRecord, *seats, ("streak", _int(high=STREAK.value), "n"))
        if self.variant == "riichi":
            wall = _shape(dict, ("live", tiles(NO_FLOWER), "r"), ("rinshan", tiles(NO_FLOWER, 4), "r"),
                          ("dora", tiles(NO_FLOWER, 5), "r"), ("ura", tiles(NO_FLOWER, 5), "r"),
                          plain=True)
            return _shape(HandRecord, *seats, ("honba", _int(high=STREAK.value), "n"),
                          ("sticks", _int(), "n"),
                          ("scores", _player_map(_int(-MONEY.value, MONEY.value)), "n"),
                          ("wall", _nested(wall), "n"))
        stake = _shape(Stake, *((name, _int(high=MONEY.value), "") for name in ("base", "tai", "fixed")),
                       check=_stake_ok)
        side_bet = _shape(SideBet, ("id", _text, "r"), ("kind", _choice("outer", "inner"), "r"),
                          ("bettor", _text, "r"), ("principal", _player, "r"),
                          ("stake", _nested(stake), ""), ("units", _int(1), ""),
                          ("accepted_by", _players, "r"), check=_side_bet_ok)
        return _shape(HandRecord, *seats, ("streak", _int(high=STREAK.value), "n"),
                      ("streak_marker", _int(high=STREAK.value), "n"), ("open_seat", _player, "n"),
                      ("side_bets", _list_of(side_bet, SIDE_BETS.value), ""), check=_distinct_bets)

    def _events(self, value: Any, load: _Load) -> tuple[ev.Event, ...]:
        """``api.documents.schemas.tw16.Events``: each event by the shape of its type, ``state`` first only.
        (``_attributes`` inlined: this loop is most of a load.)"""
        if type(value) is not list or len(value) > EVENTS.value:
            return _refuse()
        shapes, lanes, players, new, out = self.events, self.lanes, load.players, object.__new__, []
        append = out.append
        for raw in value:  # the index of this event: len(out)
            kind = raw["type"]
            lane = lanes.get(kind)
            size = len(raw)
            # most events: a draw, discard or flower of three fields, a draw of four with "from";
            # the other two are then the required "player" and "tile" (else the KeyError
            # refuses the event, as the schema does)
            if lane is not None and (size == 3 or size == 4 and kind == "draw"
                                     and raw.get("from") in _DRAW_SOURCES):
                cls, blank, table = lane
                player = raw["player"]
                if player not in players:
                    return _refuse()
                event = new(cls)
                attributes = event.__dict__
                attributes.update(blank)
                attributes["player"] = player
                attributes["tile"] = table[raw["tile"]]
                if size == 4:
                    attributes["source"] = raw["from"]
                append(event)
                continue
            index = len(out)
            if kind == "state" and index:
                return _refuse()
            load.index = index
            shape, cls, blank = shapes[kind]
            fields = shape.fields
            attributes = {}
            for key, item in raw.items():
                attr, read, nullable = fields[key]
                if item is not None:
                    attributes[attr] = read(item, load)
                elif nullable:
                    attributes[attr] = None
                else:
                    return _refuse()
            if not raw.keys() >= shape.required or (
                    shape.check is not None and not shape.check(attributes, load)):
                return _refuse()
            del attributes["type"]
            if blank is None:
                append(cls(**attributes))
            else:
                event = new(cls)
                event.__dict__.update(blank)
                event.__dict__.update(attributes)
                append(event)
        return tuple(out)

    def document(self, data: Any, load: _Load) -> Document:
        """``DocumentSchema``: format, variant, players, bettors (tw16), ruleset, hand or hands."""
        if type(data) is not dict or data.get("format") != FORMAT or data.get("variant") != self.variant:
            return _refuse()
        riichi, hk = self.variant == "riichi", self.variant in THIRTEEN
        known = {"format", "variant", "players", "ruleset", "hand", "hands",
                 *(() if riichi or hk else ("bettors",))}
        if not known.issuperset(data) or ("hand" in data) == ("hands" in data):
            return _refuse()
        players = _ids(data["players"], load)
        if len(players) != N_PLAYERS or (riichi and KYOTAKU in players):
            return _refuse()
        bettors = _ids(data.get("bettors", []), load)  # at most MAX_BETTORS: seats.bettors is set
        if bettors and not {id_look(b) for b in bettors}.isdisjoint(id_look(p) for p in players):
            return _refuse()  # (a bettor named like a player, or looking like one)
        ruleset = (self.ruleset.build(_attributes(data["ruleset"], self.ruleset, load))
                   if "ruleset" in data else Ruleset(preset="tenhou") if riichi else Ruleset(base=1) if hk
                   else Ruleset())
        single = "hand" in data
        raw = [data["hand"]] if single else data["hands"]
        if type(raw) is not list or not 0 < len(raw) <= HANDS.value or type(raw[0]) is not dict \
                or raw[0].get("dealer") is None:
            return _refuse()
        hands = _list_of(self.hand)(raw, load)
        return Document(variant=self.variant, players=players, hands=hands, ruleset=ruleset,
                        bettors=bettors, single=single)


def _distinct_bets(kw: dict, load: _Load) -> bool:
    ids = [bet.id for bet in kw.get("side_bets", ())]
    return len(set(ids)) == len(ids)


#: the loaders by variant and red fives, each made at its variant's first document
_VARIANTS: dict[tuple[str, bool], Optional[_Variant]] = dict.fromkeys(
    (("tw16", False), ("riichi", True), ("riichi", False), ("hk", False), ("guangdong", False),
     ("wuhan", False), ("sichuan", False), ("shanghai", False)))


def _variant(variant: Optional[str], red: bool) -> Optional[_Variant]:
    key = (variant, red)
    if key not in _VARIANTS:
        return None
    made = _VARIANTS[key]  # type: ignore[index]
    if made is None:
        made = _VARIANTS[key] = _Variant(variant, red)  # type: ignore[index, arg-type]
    return made


def fast_document(data: object, seats: _Seats) -> Optional[Document]:
    """The document ``data`` loads as, when this loader takes it; None when it does not (an
    invalid document, or a valid one it does not know: the schema then loads it). ``seats``: the
    document's players, bettors, variant and red fives as ``api.documents.schemas.tw16.seating`` read them."""
    variant = _variant(seats.variant, seats.red)
    if variant is None or seats.players is None or seats.bettors is None:
        return None
    try:
        return variant.document(data, _Load(seats.players, seats.bettors))
    except _REFUSED:
        return None
