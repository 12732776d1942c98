"""The fast loader (api.documents.fastload) builds what the schemas build, and takes nothing they refuse.

Every document below goes to both: the fast loader alone (``fast_document``) and the schema alone
(``load_document(data, fast=False)``). Where the schema accepts a document, the fast loader must
build an equal one (dataclass equality and the same ``repr``: the same types, the same order of
every dict); where the schema refuses it, the fast loader must refuse it, and ``load_document``
must give the schema's errors word for word (every variant's ``hands`` is capped at ``MAX_HANDS``).
The valid documents (self-play, the examples, tests/cases, rich documents of both variants, real
Tenhou games imported by ``api.records.tenhou``) between them use every field each schema declares; the
others are those edited: systematically (every place of the rich documents deleted, nulled,
retyped, set to values near it and at each limit, every object given each field name),
``tests.mutations``' edits of play, and a bounded hypothesis search of random edits.
"""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.documents.schemas import riichi as r
from api.documents.schemas import tw16 as s
from api.documents.fastload import fast_document
from api.documents.loader import load_document
from api.documents.schemas.tw16 import seating
from api.records.tenhou import TenhouError, import_tenhou
from referee.errors import InputError
from referee.model import Document
from referee.tiles import TileError, parse_compact, parse_tile
from rulesbook.tw16.selfplay import document, play_game, play_hand
from tests.mutations import documents as edited_plays
from tests.test_schemas import RICH
from tests.test_tenhou_import import MORE, TENHOU, record_files
from tests.shared_skips import shared, skip_without_shared

ROOT = Path(__file__).resolve().parent.parent
SHARED_EXAMPLES = shared("examples")
#: variants the fast loader leaves to their schema
SCHEMA_ONLY: set[str] = set()


def fast(data: object) -> Optional[Document]:
    with seating(data) as seats:
        return fast_document(data, seats)


def by_schema(data: object) -> Document | InputError:
    try:
        return load_document(data, fast=False)
    except InputError as err:
        return err


def agree(data: object, errors: bool = True) -> Optional[Document]:
    """The fast loader's document (None: refused), after checking that the fast loader takes what
    the schema accepts and builds what it builds, refuses what it refuses, and (``errors``) that
    ``load_document`` answers as the schema does."""
    quick, slow = fast(data), by_schema(data)
    if isinstance(slow, Document) and slow.variant in SCHEMA_ONLY:
        assert quick is None  # this loader does not take the variant yet: the schema loads it
    elif isinstance(slow, Document):
        assert quick is not None, "the fast loader left a valid document to the schema"
        assert quick == slow and repr(quick) == repr(slow)
        for quick_hand, slow_hand in zip(quick.hands, slow.hands):  # built without __init__
            assert [list(vars(e).items()) for e in quick_hand.events] == \
                [list(vars(e).items()) for e in slow_hand.events]
    else:
        assert quick is None, f"the fast loader took what the schema refuses: {slow.errors}"
    if not errors:
        return quick
    try:
        loaded: Document | InputError = load_document(data)
    except InputError as err:
        loaded = err
    if isinstance(slow, InputError):
        assert isinstance(loaded, InputError) and loaded.errors == slow.errors
    else:
        assert loaded == slow and repr(loaded) == repr(slow)
    return quick


# --- the valid documents ------------------------------------------------------------------------

RICH_RIICHI = {
    "format": "mjref/1",
    "variant": "riichi",
    "ruleset": {"preset": "wrc2022", "options": {"red_fives": True, "pao": ["daisangen"],
                                                 "riichi_min_points": None, "chombo": "final:8000"}},
    "players": ["P0", "P1", "P2", "P3"],
    "hands": [
        {
            "round_wind": "1z", "dealer": "P0", "honba": 1, "sticks": 2, "start_dealer": "P0",
            "scores": {"P0": 25000, "P1": -300, "P2": 30000, "P3": 20300},
            "wall": {"live": "123456789m0p", "rinshan": "1234s", "dora": "55556z",
                     "ura": ["1m", "2m", "3m", "4m", "0s"]},
            "events": [
                {"type": "state", "t": 0,
                 "hands": {"P0": "123m406p789s1122z", "P1": 13, "P2": ["1m", "?", "E"], "P3": "?????"},
                 "melds": {"P3": [{"kind": "pon", "tiles": "555z", "tile": "5z", "from": "P0"},
                                  {"kind": "kong", "kong": "concealed", "tiles": "????"}]},
                 "discards": {"P0": "19m"}, "last_discard": {"player": "P0", "tile": "9m"},
                 "drawn": {"tile": "1f"}, "wall_left": 40, "turn": "P1", "phase": "discard",
                 "status": {"P2": {"dead_hand": False, "furiten_temporary": True,
                                   "furiten_riichi": False}},
                 "dora_indicators": "3z", "riichi": {"P2": {"double": False, "ippatsu": True}},
                 "called_away": {"P0": ["5z"]}},
                {"type": "discard", "player": "P1", "tile": "0p", "t": 5},
                {"type": "call", "player": "P2", "call": "pon", "with": "55p", "tile": "0p"},
                {"type": "pon", "player": "P2", "tile": "0p", "with": ["5p", "5p"]},
                {"type": "discard", "player": "P2", "tile": "3s"},
                {"type": "chi", "player": "P3", "tile": "3s", "with": "24s"},
                {"type": "discard", "player": "P3", "tile": "9p"},
                {"type": "draw", "player": "P0", "tile": "7z", "from": "wall"},
                {"type": "riichi", "player": "P0"},
                {"type": "kong", "player": "P0", "kind": "concealed", "tiles": "7777z"},
                {"type": "dora", "tile": "2m"},
                {"type": "draw", "player": "P0", "tile": "4s", "from": "back"},
                {"type": "call", "player": "P1", "call": "riichi"},
                {"type": "reach", "player": "P1", "touched": True},
                {"type": "merge", "player": "P1"},
                {"type": "expose", "player": "P1", "tiles": "12m", "fault": "own"},
                {"type": "peek", "player": "P2", "target": "ura"},
                {"type": "act", "player": "P3", "act": "wall_disturbed", "count": 2, "recoverable": True},
                {"type": "act", "player": "P3", "act": "misdraw", "about": 7},
                {"type": "report", "by": "referee", "against": "P3", "about": 17, "offence": "RJ-IRR-9"},
                {"type": "admit", "player": "P3", "about": 17, "offence": "RJ-IRR-9"},
                {"type": "correct", "player": "P1", "about": 15, "action": "return_tile", "tile": "1m",
                 "random": True},
                {"type": "win", "player": "P2", "how": "discard", "from": "P0", "tile": "4s",
                 "shown": "123m", "ura": ["5m"]},
                {"type": "abort", "kind": "triple_ron", "players": ["P1", "P2", "P3"]},
                {"type": "end"},
            ],
        },
        {
            "events": [
                {"type": "deal", "hands": {"P0": "123456789m1234p", "P1": 13, "P2": 13, "P3": 13},
                 "dora": "E"},
                {"type": "abort", "kind": "nine_terminals", "player": "P0", "shown": True},
                {"type": "abort", "kind": "four_winds"},
                {"type": "win", "player": "P1", "how": "self_draw", "tile": "1m"},
                {"type": "exhaustive_draw", "tenpai": ["P0", "P2"], "nagashi": []},
            ],
        },
    ],
}

#: one riichi hand (``hand``), without a ruleset (the preset tenhou), its red fives off
RIICHI_HAND = {
    "format": "mjref/1", "variant": "riichi", "players": ["E1", "S1", "W1", "N1"],
    "hand": {"dealer": "S1", "events": [
        {"type": "state", "hands": {"E1": 13, "S1": "1112345678999m", "W1": 13, "N1": 13},
         "drawn": {"tile": "9m", "from": "claim"}, "phase": "discard", "turn": "S1"},
        {"type": "win", "player": "S1", "how": "self_draw", "ura": None},
    ]},
}

#: the fields of a ``state`` that a cut writes (a moment inside a turn), in both variants
STATE_MOMENTS = [
    {"format": "mjref/1", "variant": "tw16", "players": ["A", "B", "C", "D"], "hand": {"dealer": "A", "events": [
        {"type": "state", "hands": {"A": 16, "B": 17, "C": 16, "D": 16}, "last_discard": {"player": "A", "tile": "1m"},
         "drawn_past": True, "turn": "B", "phase": "discard", "back_owed": {"B": 0}, "robbable": None,
         "status": {"C": {"unponned": ["2m"], "go_round_discard": ["3m"], "exposed": ["4m"]}}},
        {"type": "discard", "player": "B", "tile": "2m"}]}},
    {"format": "mjref/1", "variant": "riichi", "players": ["A", "B", "C", "D"], "hand": {"dealer": "A", "events": [
        {"type": "state", "hands": {"A": 13, "B": 13, "C": 10, "D": 13},
         "melds": {"C": [{"kind": "kong", "kong": "added", "tiles": "5555z", "tile": "5z", "from": "A"}]},
         "turn": "C", "phase": "discard", "back_owed": {"C": 1}, "robbable": {"player": "C", "tile": "5z"},
         "dora_indicators": ["1z"], "dora_owed": [{"player": "C", "kong": "added", "when": "after_draw"}],
         "riichi": {"B": {"double": False, "ippatsu": False, "stick": "hand", "established": True,
                          "discard_owed": False, "with_last_discard": False}},
         "wall_left": 30, "drawn_past": False},
        {"type": "draw", "player": "C", "tile": "1m", "from": "back"},
        {"type": "dora", "tile": "2z"},
        {"type": "discard", "player": "C", "tile": "1m"}, {"type": "end"}]}},
]

#: tw16's fields RICH leaves out: a status passed (過水) or di_ting, a bettor's act, the flower
#: and rob_flower wins, a declared di_ting, a discard from a meld, nulls
RICH_MORE = {
    "format": "mjref/1", "variant": "tw16", "players": ["A", "B", "C", "D"], "bettors": ["X"],
    "hand": {"dealer": "B", "round_wind": "S", "events": [
        {"type": "state", "hands": {"A": 16, "B": "123456789m123p??", "C": 16, "D": 16},
         "status": {"C": {"passed": True, "di_ting": False, "tian_ting": False,
                          "dead_hand_violations": 0}}, "last_discard": None, "drawn": None},
        {"type": "act", "player": "X", "act": "influence"},
        {"type": "declare", "player": "B", "what": "di_ting"},
        {"type": "discard", "player": "B", "tile": "1f", "from_meld": True},
        {"type": "call", "player": "C", "call": "win", "tile": "9m"},
        {"type": "win", "player": "C", "how": "flower", "shown": []},
        {"type": "rob_flower", "player": "D", "from": "A"},
        {"type": "act", "player": "A", "act": "wall_disturbed", "recoverable": None},
        {"type": "report", "by": "A", "against": "X", "offence": "TW-HB-4"},
        {"type": "correct", "player": "B", "about": 3, "action": "restore", "random": False},
        {"type": "peek", "player": "D", "target": "kong_tile"},
        {"type": "exhaustive_draw", "t": 90000},
    ]},
    "ruleset": {"options": {}, "tai_table": {}},
}


def _examples() -> list[tuple[str, dict]]:
    paths = [p for p in sorted((ROOT / "examples").glob("*.json")) if not p.name.endswith(".ruling.json")]
    paths += sorted(SHARED_EXAMPLES.glob("*.json"))
    return [(p.stem, json.loads(p.read_text(encoding="utf-8"))) for p in paths]


def _cases() -> list[tuple[str, dict]]:
    return [(p.stem, json.loads(p.read_text(encoding="utf-8"))["document"])
            for p in sorted((ROOT / "tests" / "cases").glob("*.json"))]


def _selfplay() -> list[tuple[str, dict]]:
    from rulesbook.sichuan import selfplay as sc

    rng = random.Random(14)
    hands = [(f"hand-{k}", document(play_hand(rng))) for k in range(24)]
    sichuan = [(f"sichuan-hand-{k}", sc.document(sc.play_hand(rng))) for k in range(6)]
    return hands + [(f"game-{k}", play_game(rng, 3)) for k in range(2)] + sichuan + [
        ("sichuan-game", sc.play_game(rng, 3))]


def _tenhou(every: int = 6) -> list[tuple[str, dict]]:
    """Every ``every``-th record of the shared Tenhou games (both folders), imported."""
    if not TENHOU.is_dir() or not MORE.is_dir():
        return []
    out = []
    for path in (record_files(TENHOU / "dnovikoff") + record_files(MORE / "houou-statistics"))[::every]:
        try:
            out.append((path.name, import_tenhou(path)[0]))
        except TenhouError:  # the three-player game
            continue
    return out


_CORPUS: dict[str, list[tuple[str, dict]]] = {}


def corpus(group: str) -> list[tuple[str, dict]]:
    """The valid documents of a group, made once per session."""
    if group not in _CORPUS:
        _CORPUS[group] = {"rich": lambda: [("RICH", RICH), ("RICH_MORE", RICH_MORE),
                                           ("RICH_RIICHI", RICH_RIICHI), ("RIICHI_HAND", RIICHI_HAND),
                                           *(("STATE_MOMENTS", d) for d in STATE_MOMENTS)],
                          "examples": _examples, "cases": _cases, "selfplay": _selfplay,
                          "tenhou": _tenhou}[group]()
    return _CORPUS[group]


GROUPS = ("rich", "examples", "cases", "selfplay", "tenhou")


@pytest.mark.parametrize("group", GROUPS)
def test_every_valid_document_is_built_by_the_fast_loader_as_the_schema_builds_it(group):
    documents = corpus(group)
    if not documents:
        skip_without_shared("data/tenhou")
    for name, data in documents:
        taken = agree(data) is not None
        assert taken or data.get("variant") in SCHEMA_ONLY, f"{group} {name}: the fast loader did not take it"


def test_the_valid_documents_use_every_field_of_both_variants():
    """Each field every schema declares is given somewhere in the valid documents, so that the
    comparison above reads it with both loaders."""
    for variant, schemas in (("tw16", _TW16), ("riichi", _RIICHI)):
        declared = {_place(where, key) for where, schema in schemas.items() for key in _keys(schema)}
        if variant == "riichi":
            declared = {(w, k) for w, k in declared if k not in r.TW16_FIELDS}
        used: set[tuple[str, str]] = set()
        for group in GROUPS:
            for _, data in corpus(group):
                if data["variant"] == variant:
                    used |= set(_places(data))
        assert declared - used == set(), f"{variant}: fields no valid document gives"


_TW16 = {"document": s.DocumentSchema, "ruleset": s.RulesetSchema, "hand": s.HandSchema,
         "side_bet": s.SideBetSchema, "stake": s.StakeSchema, "meld": s.MeldSchema,
         "status": s.StatusSchema, "last_discard": s.LastDiscardSchema, "drawn": s.DrawnSchema,
         **{f"event:{kind}": type(schema) for kind, schema in s.Events.schemas.items()}}
_RIICHI = {"document": r.DocumentSchema, "ruleset": r.RulesetSchema, "hand": r.HandSchema,
           "wall": r.WallSchema, "meld": s.MeldSchema, "status": r.StatusSchema,
           "riichi_status": r.RiichiStatusSchema, "last_discard": s.LastDiscardSchema,
           "drawn": s.DrawnSchema, "dora_owed": r.DoraOwedSchema,
           **{f"event:{kind}": type(schema) for kind, schema in r.EVENT_SCHEMAS.items()}}


def _keys(schema: type) -> set[str]:
    return {field.data_key or name for name, field in schema().load_fields.items()}


#: the names of every field of both variants' events, and a typo and the Python names of two;
#: of their other objects
EVENT_NAMES = tuple(sorted({key for schemas in (_TW16, _RIICHI) for where, schema in schemas.items()
                            if where.startswith("event:") for key in _keys(schema)}
                           | {"extra", "with_", "source", "Tile"}))
OBJECT_NAMES = tuple(sorted({key for schemas in (_TW16, _RIICHI) for where, schema in schemas.items()
                             if not where.startswith("event:") for key in _keys(schema)} | {"extra"}))
NAMES = EVENT_NAMES + OBJECT_NAMES


def _place(where: str, key: str) -> tuple[str, str]:
    """Which object and field: every event's ``t`` and ``type`` are one field (``EventSchema``'s)."""
    return ("event", key) if where.startswith("event:") and key in ("t", "type") else (where, key)


def _places(data: dict) -> Iterator[tuple[str, str]]:
    """(which object, field) for every field a document gives."""
    def fields(obj: object, where: str) -> Iterator[tuple[str, str]]:
        yield from (_place(where, key) for key in obj) if isinstance(obj, dict) else ()

    yield from fields(data, "document")
    yield from fields(data.get("ruleset", {}), "ruleset")
    for hand in data["hands"] if "hands" in data else [data["hand"]]:
        yield from fields(hand, "hand")
        yield from fields(hand.get("wall") or {}, "wall")
        for bet in hand.get("side_bets", []):
            yield from fields(bet, "side_bet")
            yield from fields(bet.get("stake", {}), "stake")
        for event in hand["events"]:
            yield from fields(event, f"event:{event['type']}")
            for melds in event.get("melds", {}).values() if event["type"] == "state" else ():
                for meld in melds:
                    yield from fields(meld, "meld")
            for where in ("status", "riichi"):
                for entry in (event.get(where) or {}).values() if event["type"] == "state" else ():
                    yield from fields(entry, "status" if where == "status" else "riichi_status")
            for where in ("last_discard", "drawn"):
                if event["type"] == "state":
                    yield from fields(event.get(where) or {}, where)
            for owed in event.get("dora_owed", ()) if event["type"] == "state" else ():
                yield from fields(owed, "dora_owed")


# --- the edited documents -------------------------------------------------------------------------

#: numbers put in place of a number: each limit and its next (and the riichi wall's 70)
NUMBERS = (-1, 0, 1, 70, 71, 144, 145, 1000, 1001, 2000, 2001, 10**9, 10**9 + 1, 10**12, 10**12 + 1,
           -(10**12), -(10**12) - 1)
#: strings put in place of a tile, of an id, of a word or of a tile list
TILES = ("?", "1m", "5p", "0m", "0p", "0s", "5mr", "赤五萬", "1f", "8f", "春", "1z", "E", "P", "4z",
         "5z", "7z", "一萬", "🀄", "6P", "1m ", "")
IDS = ("A", "B", "X", "Y", "P0", "P3", "E1", "Z", "referee", "kyotaku", "wall", "ura", "dead_wall",
       "kong_tile", "", "x" * 64, "x" * 65)
WORDS = ("discard", "self_draw", "rob_kong", "flower", "rob_flower", "concealed", "added", "claimed",
         "chi", "pon", "kong", "win", "riichi", "restore", "return_tile", "influence", "misdraw",
         "wall_disturbed", "hand_disturbed", "nine_terminals", "triple_ron", "four_winds", "outer",
         "inner", "wall", "back", "claim", "own", "other", "watch", "di_ting", "draw", "state", "deal",
         "end", "dora", "flower", "tenhou", "mleague", "head_bump", "shape", "fixed:5", "fixed:1001",
         "final:100", "TW-TAI-14", "mjref/1", "tw16", "riichi", "Discard", "x" * 65, "")
COMPACT = ("", "12m", "1f", "0m", "55556z", "1234s", "??", "1m?", "12M", "1111222233334444555566667777m")


def _reads(read: Callable[..., object], value: str) -> bool:
    """Whether ``read`` (``parse_tile``, ``parse_compact``) takes ``value``, red fives included."""
    try:
        read(value, red=True)
    except TileError:
        return False
    return True


def _near(value: Any) -> list[Any]:
    """The values put in place of ``value``: of its own kind, near it and at the limits."""
    kind = type(value)
    if kind is bool:
        return [not value, 0, 1]
    if kind is int:
        return sorted({value - 1, value + 1, *NUMBERS}) + [float(value), True]
    if kind is str:
        pool = (TILES if _reads(parse_tile, value) else IDS if value in IDS else WORDS if value in WORDS
                else COMPACT if _reads(parse_compact, value) else WORDS)
        return [v for v in pool if v != value] + [value.upper(), value * 2]
    if kind is list:
        return [[], value[:-1], value[:1] + value, value + value[-1:], value * 80]
    if kind is dict:
        return [{}]
    return [0, "x"]


def _samples(data: object, out: dict[str, list]) -> dict[str, list]:
    """The first two values given to each field name anywhere in ``data``, added to ``out``."""
    if isinstance(data, dict):
        for key, item in data.items():
            seen = out.setdefault(key, [])
            if len(seen) < 2 and item not in seen:
                seen.append(item)
            _samples(item, out)
    elif isinstance(data, list):
        for item in data:
            _samples(item, out)
    return out


def _places_of(value: object, at: tuple = ()) -> Iterator[tuple]:
    """The path of every value inside ``value`` (itself first)."""
    yield at
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places_of(item, (*at, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _places_of(item, (*at, i))


def _get(data: object, at: tuple) -> object:
    for key in at:
        data = data[key]  # type: ignore[index]
    return data


def _edit(data: Any, at: tuple, how: str, value: Any = None, name: str = "") -> Any:
    """A copy of ``data`` with the value at ``at`` deleted, set to ``value``, or (an object)
    given a field ``name`` set to ``value``, or its field renamed ``name``."""
    data = copy.deepcopy(data)
    if not at:
        return value if how == "set" else data
    parent = _get(data, at[:-1])
    last = at[-1]
    if how == "delete":
        del parent[last]  # type: ignore[attr-defined]
    elif how == "set":
        parent[last] = value  # type: ignore[index]
    elif how == "add" and isinstance(parent[last], dict):  # type: ignore[index]
        parent[last][name] = value  # type: ignore[index]
    elif how == "rename" and isinstance(parent, dict) and name not in parent:
        parent[name] = parent.pop(last)
    return data


def _units(data: dict) -> Iterator[tuple[dict, tuple]]:
    """Small documents cut from ``data``, each with the place its edits go to: the document with
    its first hand of one ``end`` (edits anywhere), and per event of every hand, a hand of just a
    dealer and that event after an ``end`` (edits in the event; a state first, an event with
    ``about`` at its own index after as many ``end``)."""
    hands = data["hands"] if "hands" in data else [data["hand"]]
    rest = {k: v for k, v in data.items() if k not in ("hand", "hands")}
    yield {**rest, "hand": {**hands[0], "events": [{"type": "end"}]}}, ()
    for hand in hands:
        for i, event in enumerate(hand["events"]):
            at = 0 if event["type"] == "state" else i if "about" in event else 1
            unit = {**rest, "hand": {"dealer": data["players"][0],
                                     "events": [{"type": "end"}] * at + [event]}}
            yield unit, ("hand", "events", at)


def _edits(unit: dict, inside: tuple) -> Iterator[Any]:
    """Each place under ``inside`` deleted, nulled, retyped and set to each of its near values;
    each object given an unknown field and every field a document may hold (with a value it takes
    somewhere); each array led by a copy of its first item."""
    for at in _places_of(_get(unit, inside), inside):
        value = _get(unit, at)
        if at:
            yield _edit(unit, at, "delete")
        for other in (None, "x" if isinstance(value, (dict, list)) else {"x": 1}, *_near(value)):
            yield _edit(unit, at, "set", other)
        if isinstance(value, dict):
            for name in EVENT_NAMES if at[:2] == ("hand", "events") and len(at) == 3 else OBJECT_NAMES:
                for sample in SAMPLES.get(name, [1]) if name not in value else ():
                    yield _edit(unit, at, "add", sample, name)


#: values each field name is given in the rich documents (1 for an unknown name)
SAMPLES: dict[str, list] = {}
for _, _rich in corpus("rich"):
    _samples(_rich, SAMPLES)


@pytest.mark.parametrize("name", ["RICH", "RICH_MORE", "RICH_RIICHI", "RIICHI_HAND"])
def test_every_place_of_the_rich_documents_edited_agrees(name):
    """Each rich document cut into small ones (``_units``), each edited every way ``_edits`` knows:
    the two loaders agree on every edit, hundreds of which stay valid."""
    data = dict(corpus("rich"))[name]
    taken = refused = 0
    for unit, inside in _units(data):
        assert agree(unit, errors=False) is not None
        for edited in _edits(unit, inside):
            if agree(edited, errors=False) is None:
                refused += 1
            else:
                taken += 1
    assert taken > 100 and refused > 500


def _tw16(*events: dict, **more: Any) -> dict:
    """A tw16 document of one hand of ``events`` (an ``end``); ``more``: other fields."""
    return {"format": "mjref/1", "variant": "tw16", "players": ["A", "B", "C", "D"],
            "hand": {"dealer": "A", "events": list(events) or [{"type": "end"}]}, **more}


def _hands(n: int) -> dict:
    return {**{k: v for k, v in _tw16().items() if k != "hand"}, "hands": [_tw16()["hand"]] * n}


def _bets(n: int) -> dict:
    bets = [{"id": f"b{k}", "kind": "inner", "bettor": "A", "principal": "A", "accepted_by": ["B"]}
            for k in range(n)]
    data = _tw16()
    data["hand"]["side_bets"] = bets
    return data


@pytest.mark.parametrize("at_limit,past_limit", [
    pytest.param(_tw16(bettors=[f"X{k}" for k in range(64)]),
                 _tw16(bettors=[f"X{k}" for k in range(65)]), id="bettors"),
    pytest.param(_bets(64), _bets(65), id="side_bets"),
    pytest.param(_tw16(*[{"type": "end"}] * 2000), _tw16(*[{"type": "end"}] * 2001), id="events"),
    pytest.param(_hands(1000), _hands(1001), id="hands"),
    pytest.param(_tw16({"type": "expose", "player": "A", "tiles": ["1m"] * 144}),
                 _tw16({"type": "expose", "player": "A", "tiles": ["1m"] * 145}), id="tiles"),
    pytest.param(_tw16({"type": "expose", "player": "A", "tiles": "1" * 287 + "m"}),
                 _tw16({"type": "expose", "player": "A", "tiles": "1" * 288 + "m"}), id="tile-string"),
    pytest.param(_tw16({"type": "deal", "hands": {"A": 144}}), _tw16({"type": "deal", "hands": {"A": 145}}),
                 id="tile-count"),
])
def test_each_list_limit_is_the_schemas(at_limit, past_limit):
    """At its limit a list is taken by both loaders; one more item and both refuse it."""
    assert agree(at_limit, errors=False) is not None
    assert agree(past_limit, errors=False) is None and isinstance(by_schema(past_limit), InputError)


@pytest.mark.parametrize("variant", ["riichi", "hk", "guangdong", "sichuan"])
def test_a_game_of_more_hands_than_the_limit_is_refused_by_both_loaders(variant):
    """Every variant's ``hands`` is capped at ``MAX_HANDS`` as tw16's is: one more hand is an input
    error at ``hands`` from both loaders, before any of its hands is read."""
    hands = [{"dealer": "P0", "events": [{"type": "end"}]}] * 1001
    data = {"format": "mjref/1", "variant": variant, "players": ["P0", "P1", "P2", "P3"],
            "hands": hands}
    refused = by_schema(data)
    assert fast(data) is None and isinstance(refused, InputError)
    assert refused.errors == {"hands": ["must hold at most 1,000 hands, not 1,001"]}


def test_edited_plays_agree():
    """``tests.mutations``' edits of generated play (a wrong how, a tile not held, a claim of a
    tile long gone …): the schema accepts most, and the fast loader builds each one the same."""
    taken = sum(agree(data) is not None for data in edited_plays(150, seed=14, cut=0.7))
    assert taken > 100


def test_edited_sichuan_plays_agree():
    """The same for sichuan's self-play (定缺 declared again or late, wins by players who have
    left play, state starts with left_play and kong_income in the examples): both loaders agree."""
    taken = sum(agree(data) is not None for data in edited_plays(150, seed=16, cut=0.7, variant="sichuan"))
    assert taken > 100


def test_a_sichuan_state_with_its_additions_agrees():
    """RULEBOOK_SC §13's state: void suits, passes with their F, wins before the position and the
    kong money still held; and each of them wrong, refused by both loaders alike."""
    state = {"type": "state", "hands": {"A": 13, "B": 10, "C": 13, "D": 10}, "turn": "C",
             "melds": {"D": [{"kind": "pon", "tiles": "777s", "tile": "7s", "from": "B"}]},
             "status": {"A": {"void_suit": "m", "passed": {"fan": 1}}, "B": {"void_suit": "p"},
                        "C": {"void_suit": "s", "passed": True}, "D": {"void_suit": "m", "dead_hand": False}},
             "left_play": [{"players": ["B"], "how": "self_draw", "tile": "5p"}],
             "kong_income": [{"to": "D", "from": "A", "amount": 2, "kind": "added"}], "wall_left": 30}
    doc = {"format": "mjref/1", "variant": "sichuan", "players": ["A", "B", "C", "D"],
           "hand": {"dealer": "A", "streak": 1, "events": [state, {"type": "draw", "player": "C", "tile": "1m"}]}}
    assert agree(doc) is not None
    for edit in ({"left_play": [{"players": ["B"], "how": "discard", "tile": "5p"}]},
                 {"left_play": [{"players": ["B", "D"], "how": "discard", "tile": "5p", "from": "B"}]},
                 {"left_play": [{"players": [], "how": "self_draw", "tile": "5p"}]},
                 {"left_play": [{"players": ["B", "D"], "how": "self_draw", "tile": "5p"}]},
                 {"kong_income": [{"to": "D", "from": "D", "amount": 2, "kind": "added"}]},
                 {"kong_income": [{"to": "D", "from": "A", "amount": 0, "kind": "added"}]},
                 {"status": {"A": {"void_suit": "z"}}}, {"status": {"A": {"passed": {"fan": -1}}}},
                 {"status": {"A": {"passed": {"tiles": ["1m"]}}}}, {"flowers": {}}, {"liabilities": []}):
        edited = {**doc, "hand": {**doc["hand"], "events": [{**state, **edit}, *doc["hand"]["events"][1:]]}}
        assert agree(edited) is None, edit
    for hand_edit in ({"round_wind": "1z"}, {"start_dealer": "A"}):
        assert agree({**doc, "hand": {**doc["hand"], **hand_edit}}) is None, hand_edit


def test_edited_guangdong_plays_agree():
    """The same for guangdong's self-play under its five presets (a flower put in is refused by
    both; ``passed: true`` is left to the schema)."""
    taken = sum(agree(data) is not None for data in edited_plays(150, seed=15, cut=0.7, variant="guangdong"))
    assert taken > 100


def test_edited_wuhan_plays_agree():
    """The same for wuhan's self-play under its two presets (its own edits too: single kongs of any
    tile, a stated reading of a wild tile)."""
    taken = sum(agree(data) is not None for data in edited_plays(150, seed=16, cut=0.7, variant="wuhan"))
    assert taken > 100


def _wuhan(*events: dict, state: Optional[dict] = None) -> dict:
    return {"format": "mjref/1", "variant": "wuhan",
            "ruleset": {"preset": "koukoufan", "base": 5, "options": {"cap": 200, "max_wild_small": None},
                        "factor_table": {"WH-FAN-6": 2, "WH-FAN-10.big": 1.5}},
            "players": ["A", "B", "C", "D"], "hand": {"dealer": "B", "streak": 1, "round_wind": "1z",
                                                       "events": [state, *events] if state else list(events)}}


WUHAN_STATE = {"type": "state", "indicator": "7s", "wild": "8s", "hands": {
    "A": "34p67m558s", "B": "1155m2468p1379s3z", "C": "234m567p234s4466z", "D": "23m589p66s1155z"},
    "melds": {"A": [{"kind": "pon", "tiles": "222z", "tile": "2z", "from": "C"},
                    {"kind": "kong", "kong": "claimed", "tiles": "9999m", "tile": "9m", "from": "B"}],
              "D": [{"kind": "pon", "tiles": "111p", "tile": "1p", "from": "C"}]},
    "laid": {"D": ["8s"]}, "haidi": False, "status": {"C": {"passed": {"tiles": ["3p"]}}},
    "liabilities": [], "wall_left": 40, "turn": "D", "phase": "discard"}


@pytest.mark.parametrize("data", [
    pytest.param(_wuhan({"type": "discard", "player": "D", "tile": "5p"},
                        {"type": "win", "player": "A", "how": "discard", "tile": "5p", "from": "D",
                         "wild": [{"tile": "8s", "as": "5m"}]}, state=WUHAN_STATE), id="state"),
    pytest.param(_wuhan({"type": "deal", "hands": {"A": 14, "B": 13, "C": 13, "D": 13}},
                        {"type": "indicator", "tile": "4z"}, {"type": "single_kong", "player": "A", "tile": "7z"},
                        {"type": "draw", "player": "A", "tile": "?", "from": "back"}, {"type": "end"}), id="deal"),
    pytest.param(_wuhan({"type": "deal", "hands": {"A": 14, "B": 13, "C": 13, "D": 13}},
                        {"type": "indicator", "tile": "4z"},
                        {"type": "kong", "player": "A", "kind": "concealed", "tiles": "444z"}, {"type": "end"}),
                 id="chaotian-three"),
])
def test_a_wuhan_document_with_every_field_of_its_own(data):
    """Every field wuhan adds (RULEBOOK_WH §10) is read alike by both loaders."""
    assert agree(data) is not None


@pytest.mark.parametrize("edit", [
    pytest.param(lambda d: d["hand"]["events"][0].__setitem__("indicator", "?"), id="indicator-hidden"),
    pytest.param(lambda d: d["hand"]["events"][0].__setitem__("wild", "1f"), id="wild-flower"),
    pytest.param(lambda d: d["hand"]["events"][-1]["wild"][0].__setitem__("as", "?"), id="said-hidden"),
    pytest.param(lambda d: d["ruleset"].__setitem__("fan_table", {}), id="fan-table"),
    pytest.param(lambda d: d["hand"]["events"].insert(1, {"type": "kong", "player": "D", "kind": "concealed",
                                                           "tiles": "3333f"}), id="kong-of-flowers"),
    pytest.param(lambda d: d["hand"]["events"].insert(1, {"type": "kong", "player": "D", "kind": "concealed",
                                                           "tiles": "33z"}), id="kong-of-two"),
    pytest.param(lambda d: d["hand"]["events"][0]["melds"]["D"].append(
        {"kind": "kong", "kong": "concealed", "tiles": "55z"}), id="meld-kong-of-two"),
    pytest.param(lambda d: d["ruleset"]["factor_table"].__setitem__("WH-FAN-6", 1.25), id="factor"),
    pytest.param(lambda d: d["hand"]["events"][0]["liabilities"].append(
        {"clause": "WH-CB-2", "liable": "D", "covered": "A"}), id="liability"),
])
def test_what_wuhan_refuses_both_loaders_refuse(edit):
    data = copy.deepcopy(_wuhan({"type": "discard", "player": "D", "tile": "5p"},
                                {"type": "win", "player": "A", "how": "discard", "tile": "5p", "from": "D",
                                 "wild": [{"tile": "8s", "as": "5m"}]}, state=WUHAN_STATE))
    edit(data)
    assert agree(data) is None and isinstance(by_schema(data), InputError)


#: values put in place of another by the random edits
VALUES: tuple[Any, ...] = (None, True, False, 1.0, *NUMBERS, *TILES, *IDS, *WORDS, *COMPACT, [], ["A"],
                           ["A", "B", "C"], ["P0", "P1", "P2"], ["1m", "2m"], ["1f"], ["0m"],
                           ["daisangen"], {}, {"A": 1}, {"P0": 1}, {"tile": "1m"}, {"fixed": 5})


def _small() -> list[dict]:
    """The valid documents small enough to edit many times: a riichi game cut to two hands."""
    out = [data for group in ("rich", "examples", "cases") for _, data in corpus(group)]
    out += [data for _, data in corpus("selfplay")[:4]]
    for _, game in corpus("tenhou")[:3]:
        out.append({**game, "hands": game["hands"][:2]})
    return out


@settings(max_examples=200, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_randomly_edited_documents_agree(data):
    """One to three edits at random places of a valid document, each a deletion, a value from
    ``VALUES`` put in place, a field from ``NAMES`` added or a field renamed: the fast loader
    builds what the schema builds or refuses what it refuses."""
    documents = _small()
    edited = documents[data.draw(st.integers(0, len(documents) - 1), label="document")]
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        places = list(_places_of(edited))
        at = places[data.draw(st.integers(0, len(places) - 1), label="place")]
        how = data.draw(st.sampled_from(("delete", "set", "set", "set", "add", "rename")), label="how")
        if how == "delete" and not at:
            continue
        edited = _edit(edited, at, how, data.draw(st.sampled_from(VALUES), label="value"),
                       data.draw(st.sampled_from(NAMES), label="name"))
    agree(edited)


def test_the_fast_loader_is_used_and_can_be_left_out(monkeypatch):
    """``load_document`` builds a valid document without the schema; ``fast=False`` uses the
    schema alone; a document with one fault gets the schema's error, at its path, in its words."""
    data = dict(corpus("rich"))["RICH"]
    calls = []
    real = s.DocumentSchema.load

    def counted(self, *args, **kwargs):
        calls.append(self)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(s.DocumentSchema, "load", counted)
    assert load_document(copy.deepcopy(data)) == load_document(copy.deepcopy(data), fast=False)
    assert len(calls) == 1  # the second load only
    wrong = _edit(data, ("hands", 0, "events", 1, "tile"), "set", "0s")
    with pytest.raises(InputError) as info:
        load_document(wrong)
    assert info.value.errors == {"hands[0].events[1].tile": ["unknown tile '0s'"]}
    assert len(calls) == 2 and fast(wrong) is None
