"""The fast loader's checks (``api.documents.fastload``): the schemas' validators across fields, and
the readers of a few fields that need more than one reader of ``api.documents.fastload_readers``
(``status.passed``, ``ruleset.options`` entries, ids, shanghai's ``dice``). Each mirrors the check
of the schema that is the record of what is valid; it refuses (``False``, or ``_Refused`` raised)
what the schema refuses, and when in doubt."""
from __future__ import annotations

from typing import Any, Callable, Optional

from referee.tiles import UNKNOWN

from api.documents.doc_terms import REFEREE, _bounded_entry, id_look, id_unseen
from api.documents.fastload_readers import Reader, _Load, _player, _refuse
from api.limits import MAX_ID_LENGTH


def _meld_ok(kw: dict, load: _Load, kong_sizes: tuple[int, ...] = (4,)) -> bool:
    kind, kong, tiles, tile = kw["kind"], kw.get("kong"), kw["tiles"], kw.get("tile")
    if (kind == "kong") != (kong is not None) or len(tiles) not in (kong_sizes if kind == "kong" else (3,)):
        return False
    if kong == "concealed":
        return tile is None and kw.get("source") is None
    return tile is None or not tiles or UNKNOWN in (tile, *tiles) or tile in tiles


def _state_ok(kw: dict, load: _Load) -> bool:
    discard_phase = kw.get("phase", "draw") == "discard"
    return (kw.get("drawn") is None or discard_phase) and (
        not kw.get("drawn_past") or (discard_phase and kw.get("last_discard") is not None))


def _riichi_state_ok(kw: dict, load: _Load) -> bool:
    wall_left = kw.get("wall_left")
    return _state_ok(kw, load) and (wall_left is None or wall_left <= 70)


def _hk_meld_ok(kw: dict, load: _Load, kong_sizes: tuple[int, ...] = (4,)) -> bool:
    """13-tile play: a claimed set and an added kong name their feeder (``from``)."""
    claimed = kw["kind"] in ("chi", "pon") or kw.get("kong") in ("claimed", "added")
    return _meld_ok(kw, load, kong_sizes) and (not claimed or kw.get("source") is not None)


def _wh_meld_ok(kw: dict, load: _Load) -> bool:
    """wuhan: a kong of four, or a 朝天 of three 皮 (RULEBOOK_WH §10)."""
    return _hk_meld_ok(kw, load, (4, 3))


def _passed(tiles: Reader, all_waits: bool = True) -> Reader:
    """13-tile play's ``status.passed``: true, false or ``{"tiles": [...]}`` (``all_waits`` False:
    guangdong's and shanghai's ``true``, which their schemas check against the options, is left to
    the schema)."""
    def read(value: Any, load: _Load) -> object:
        if value is True and not all_waits:
            return _refuse()
        if type(value) is bool:
            return value
        if type(value) is not dict or set(value) != {"tiles"}:
            return _refuse()
        return {"tiles": tiles(value["tiles"], load)}
    return read


def _passed_fan(value: Any, load: _Load) -> object:
    """sichuan's ``status.passed``: true, false or ``{"fan": F}`` (RULEBOOK_SC §13)."""
    from rulesbook.sichuan.fan_table import MAX_FAN_VALUE

    if type(value) is bool:
        return value
    if type(value) is not dict or set(value) != {"fan"}:
        return _refuse()
    fan = value["fan"]
    return {"fan": fan} if type(fan) is int and 0 <= fan <= MAX_FAN_VALUE else _refuse()


def _seated_list(value: Any, load: _Load) -> tuple[str, ...]:
    """An array of seated players (repeats left to the table), as a tuple."""
    if type(value) is not list:
        return _refuse()
    return tuple(_player(name, load) for name in value)


def _left_play_ok(kw: dict, load: _Load) -> bool:
    """sichuan's ``state.left_play`` entry: one to three players won on one tile; a self-draw is
    one player's, from nobody; a discard or robbed kong names whose tile, not one of the winners."""
    players, given = kw["players"], kw.get("source") is not None
    if not 1 <= len(players) <= 3 or given != (kw["how"] != "self_draw"):
        return False
    return len(players) == 1 if kw["how"] == "self_draw" else kw["source"] not in players


def _from_another(kw: dict, load: _Load) -> bool:
    return kw.get("source") is None or kw["source"] != kw["player"]


def _win_ok(kw: dict, load: _Load) -> bool:
    """A win names whose tile it was won on (``from``) exactly when it is won on another's."""
    given = kw.get("source") is not None
    return _from_another(kw, load) and given == (kw["how"] in ("discard", "rob_kong", "rob_flower"))


_DISTURBANCES = ("wall_disturbed", "hand_disturbed")
#: the "from" of a draw, in both variants
_DRAW_SOURCES = frozenset({"wall", "back"})


def _act_ok(kw: dict, load: _Load) -> bool:
    act = kw["act"]
    return ((act == "influence" or kw["player"] in load.players)
            and (act in _DISTURBANCES or kw.get("recoverable") is None))


def _riichi_act_ok(kw: dict, load: _Load) -> bool:
    act = kw["act"]
    return ((act == "wall_disturbed" or kw.get("count") is None)
            and (act in _DISTURBANCES or kw.get("recoverable") is None))


def _correct_ok(kw: dict, load: _Load) -> bool:
    return not (kw.get("random") and kw["action"] == "restore")


def _abort_ok(kw: dict, load: _Load) -> bool:
    """nine_terminals names who declared it; triple_ron the three declarers; no other kind either."""
    kind, players = kw["kind"], kw.get("players")
    if (kind == "nine_terminals") != (kw.get("player") is not None) or (
            kind != "nine_terminals" and kw.get("shown") is False):
        return False
    return players is not None and len(players) == 3 if kind == "triple_ron" else players is None


def _stake_ok(kw: dict, load: _Load) -> bool:
    return set(kw) in ({"base", "tai"}, {"fixed"})


def _side_bet_ok(kw: dict, load: _Load) -> bool:
    if kw["kind"] == "outer":
        return kw.get("stake") is not None and kw["bettor"] in load.bettors
    return kw.get("stake") is None and kw["bettor"] == kw["principal"]


def _entries(check: Callable[[str, object], Optional[str]], bounded: str = "",
             bound: Optional[Callable[[str, object], Optional[str]]] = None) -> Reader:
    """``ruleset.options`` / ``ruleset.tai_table``: every entry passes the rulebook's ``check``
    (and, with ``bounded``, ``api.documents.schemas.tw16``' limits of that table; with ``bound``,
    the variant's own: riichi's ``_bounded_riichi_option``); loads as a plain dict."""
    def read(value: Any, load: _Load) -> dict[str, object]:
        if type(value) is not dict:
            return _refuse()
        for key, item in value.items():
            if bounded and (len(key) > MAX_ID_LENGTH or _bounded_entry(bounded, item)):
                return _refuse()
            if bound is not None and (type(key) is not str or bound(key, item)):
                return _refuse()
            if check(key, item):
                return _refuse()
        return dict(value)
    return read


def _ids(value: Any, load: _Load) -> tuple[str, ...]:
    """``api.documents.schemas.tw16.Ids``: distinct non-empty ids of an id's length, none ``referee``."""
    if type(value) is not list or len(set(value)) != len(value):
        return _refuse()
    for name in value:
        if type(name) is not str or not 0 < len(name) <= MAX_ID_LENGTH or name == REFEREE:
            return _refuse()
        if not name.isprintable() and id_unseen(name) is not None:
            return _refuse()  # (a character a person cannot see: the schemas say which)
    if len({id_look(name) for name in value}) != len(value):
        return _refuse()  # (two that look the same)
    return tuple(value)


def _dice(value: Any, load: _Load) -> tuple[int, int]:
    """shanghai's ``dice`` (``api.documents.schemas.shanghai.Dice``): two whole numbers 1–6."""
    if type(value) is not list or len(value) != 2 or not all(type(d) is int and 1 <= d <= 6 for d in value):
        return _refuse()
    return (value[0], value[1])
