"""The input loader (api.documents.schemas.tw16): JSON documents into engine objects, and every bad input as an
InputError naming its JSON path."""
from __future__ import annotations

import copy
import json
import math
from pathlib import Path

import pytest

from api.documents.loader import load_document
from api.documents.schemas.tw16 import error_paths
from referee import events as ev
from referee.errors import InputError
from referee.model import Document, HandRecord, Ruleset, SideBet, Stake
from referee.tiles import UNKNOWN, parse_compact

EXAMPLES = sorted(Path("/work/shared/examples").glob("*.json"))

PLAYERS = ["A", "B", "C", "D"]
DEAL = {"type": "deal", "hands": {"A": 17, "B": 16, "C": 16, "D": 16}}


def doc(*events: dict, **hand: object) -> dict:
    """A one-hand document: A deals, X bets from outside; ``events`` follow a deal by counts."""
    return {"format": "mjref/1", "variant": "tw16", "players": list(PLAYERS), "bettors": ["X"],
            "hand": {"dealer": "A", **hand, "events": [copy.deepcopy(DEAL), *events]}}


def errors_of(data: object) -> dict[str, list[str]]:
    with pytest.raises(InputError) as info:
        load_document(data)
    return info.value.errors


# A document that uses every event type and nearly every field (shapes only: not a legal game).
RICH = {
    "format": "mjref/1",
    "variant": "tw16",
    "ruleset": {"base": 50, "tai": 10, "options": {"single_wait": "shape", "false_win_face": "fixed:5",
                                                   "lik_gu": True},
                "tai_table": {"TW-TAI-14": 8, "TW-TAI-26.set": 1}},
    "players": PLAYERS,
    "bettors": ["X", "Y"],
    "hands": [
        {
            "round_wind": "E", "dealer": "A", "streak": 1, "streak_marker": 0, "open_seat": "B",
            "start_dealer": "A",
            "side_bets": [
                {"id": "sb1", "kind": "outer", "bettor": "X", "principal": "B",
                 "stake": {"base": 50, "tai": 10}, "accepted_by": ["A", "C", "D"]},
                {"id": "sb2", "kind": "outer", "bettor": "Y", "principal": "C", "stake": {"fixed": 30},
                 "units": 2, "accepted_by": ["A"]},
                {"id": "sb3", "kind": "inner", "bettor": "C", "principal": "C", "units": 1,
                 "accepted_by": ["A", "B"]},
            ],
            "events": [
                {"type": "state", "t": 0,
                 "hands": {"A": "123m456m789m2p3p4p6s", "B": ["一萬", "E", "🀄", "?"], "C": 7, "D": "??"},
                 "melds": {"B": [{"kind": "pon", "tiles": "777z", "from": "D"},
                                 {"kind": "chi", "tiles": "345p", "tile": "3p", "from": "A"},
                                 {"kind": "kong", "kong": "concealed", "tiles": "????"}]},
                 "flowers": {"C": ["3f", "菊"]},
                 "discards": {"A": ["1z", "9p"]},
                 "last_discard": {"player": "A", "tile": "9p"},
                 "drawn": {"tile": "4s", "from": "back"},
                 "wall_left": 24, "turn": "B", "phase": "discard",
                 "status": {"D": {"dead_hand": True, "watching": True, "watch_violations": 1}}},
                {"type": "discard", "player": "B", "tile": "5s", "from_meld": False, "t": 1200},
                {"type": "call", "player": "C", "call": "pon", "with": "55s"},
                {"type": "pon", "player": "C", "tile": "5s", "with": ["5s", "五索"]},
                {"type": "chi", "player": "D", "tile": "5s", "with": "46s"},
                {"type": "correct", "player": "D", "about": 4, "action": "restore"},
                {"type": "kong", "player": "C", "kind": "added", "tiles": "5555s"},
                {"type": "draw", "player": "C", "tile": "?", "from": "back"},
                {"type": "flower", "player": "C", "tile": "春"},
                {"type": "draw", "player": "C", "tile": "1m"},
                {"type": "reach", "player": "D", "touched": True},
                {"type": "merge", "player": "C"},
                {"type": "expose", "player": "A", "tiles": "12m", "fault": "other"},
                {"type": "peek", "player": "A", "target": "wall"},
                {"type": "peek", "player": "B", "target": "C"},
                {"type": "act", "player": "B", "act": "hand_disturbed", "recoverable": False},
                {"type": "act", "player": "C", "act": "misdraw", "about": 9},
                {"type": "report", "by": "X", "against": "C", "about": 16, "offence": "TW-XG-1"},
                {"type": "admit", "player": "C", "about": 16, "offence": "TW-XG-1"},
                {"type": "declare", "player": "A", "what": "watch"},
                {"type": "correct", "player": "C", "about": 9, "action": "return_tile", "tile": "?"},
                {"type": "win", "player": "A", "how": "discard", "from": "C", "tile": "3z", "shown": []},
                {"type": "report", "by": "referee", "against": "D"},
                {"type": "end"},
            ],
        },
        {
            "events": [
                {"type": "deal", "hands": {"A": 16, "B": "123456789m1234567p1f", "C": 16, "D": 16}},
                {"type": "rob_flower", "player": "A", "from": "B"},
                {"type": "win", "player": "A", "how": "rob_flower", "from": "B"},
                {"type": "win", "player": "B", "how": "self_draw", "tile": "2p", "shown": "1m"},
                {"type": "decline_last", "player": "D"},
                {"type": "exhaustive_draw"},
            ],
        },
    ],
}


# --- documents that load ---------------------------------------------------------------------


@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem) for p in EXAMPLES])
def test_shared_examples_load(path: Path) -> None:
    document = load_document(json.loads(path.read_text(encoding="utf-8")))
    assert document.single and document.variant == "tw16"
    assert document.players == ("A", "B", "C", "D")
    assert document.ruleset == Ruleset(base=100, tai=20)
    (hand,) = document.hands
    assert hand.dealer == "A" and hand.round_wind == 27 and hand.streak == 0
    assert isinstance(hand.events[0], ev.State)
    assert all(isinstance(tiles, tuple) for tiles in hand.events[0].hands.values())


def test_both_examples_are_there() -> None:
    assert len(EXAMPLES) >= 2


def test_rich_document_builds_every_event_type() -> None:
    document = load_document(copy.deepcopy(RICH))
    assert isinstance(document, Document) and not document.single
    assert document.bettors == ("X", "Y")
    assert document.ruleset.options == {"single_wait": "shape", "false_win_face": "fixed:5",
                                        "lik_gu": True}
    assert document.ruleset.tai_table == {"TW-TAI-14": 8, "TW-TAI-26.set": 1}
    first, second = document.hands
    assert isinstance(first, HandRecord)
    assert (first.round_wind, first.dealer, first.streak, first.streak_marker) == (27, "A", 1, 0)
    assert (first.open_seat, first.start_dealer) == ("B", "A")
    assert first.side_bets == (
        SideBet("sb1", "outer", "X", "B", ("A", "C", "D"), Stake(base=50, tai=10)),
        SideBet("sb2", "outer", "Y", "C", ("A",), Stake(fixed=30), units=2),
        SideBet("sb3", "inner", "C", "C", ("A", "B")),
    )
    assert (second.dealer, second.streak, second.round_wind, second.side_bets) == (None, None, None, ())
    types = {type(e) for hand in document.hands for e in hand.events}
    assert types == set(ev.EVENT_TYPES.values())


def test_rich_document_fields() -> None:
    events = load_document(copy.deepcopy(RICH)).hands[0].events
    state = events[0]
    assert isinstance(state, ev.State)
    assert state.hands["B"] == (0, 27, 33, UNKNOWN) and state.hands["C"] == 7
    assert state.melds["B"] == (
        ev.MeldSpec("pon", (33, 33, 33), source="D"),
        ev.MeldSpec("chi", (11, 12, 13), tile=11, source="A"),
        ev.MeldSpec("kong", (UNKNOWN,) * 4, kong="concealed"),
    )
    assert state.flowers == {"C": (36, 37)} and state.discards == {"A": (27, 17)}
    assert state.last_discard == ("A", 17) and state.drawn == (21, "back")
    assert (state.wall_left, state.turn, state.phase, state.t) == (24, "B", "discard", 0)
    assert state.status == {"D": {"dead_hand": True, "watching": True, "watch_violations": 1}}
    assert events[1] == ev.Discard(player="B", tile=22, t=1200)
    assert events[3] == ev.Pon(player="C", tile=22, with_=(22, 22))
    assert events[7] == ev.Draw(player="C", tile=UNKNOWN, source="back")
    assert events[9] == ev.Draw(player="C", tile=0, source="wall")
    assert events[21] == ev.Win(player="A", how="discard", tile=29, source="C", shown=())
    assert events[22] == ev.Report(by="referee", against="D")


def test_win_shown_absent_is_none_and_empty_is_empty() -> None:
    win = {"type": "win", "player": "A", "how": "self_draw"}
    assert load_document(doc(win)).hands[0].events[1].shown is None
    assert load_document(doc({**win, "shown": []})).hands[0].events[1].shown == ()


def test_compact_string_and_alias_array_give_the_same_tiles() -> None:
    as_compact = doc()
    as_compact["hand"]["events"][0]["hands"]["A"] = "123m5p1z7z"
    as_aliases = doc()
    as_aliases["hand"]["events"][0]["hands"]["A"] = ["一萬", "二万", "🀉", "五筒", "E", "中"]
    tiles = load_document(as_compact).hands[0].events[0].hands["A"]
    assert tiles == load_document(as_aliases).hands[0].events[0].hands["A"]
    assert tiles == parse_compact("123m5p1z7z")


def test_later_hands_may_leave_dealer_to_the_engine() -> None:
    data = doc()
    data["hands"] = [data.pop("hand"), {"events": [DEAL]}]
    document = load_document(data)
    assert [h.dealer for h in document.hands] == ["A", None]


def test_defaults() -> None:
    data = doc({"type": "draw", "player": "A", "tile": "1m"})
    del data["bettors"]
    document = load_document(data)
    assert document.ruleset == Ruleset() and document.bettors == () and document.single
    hand = document.hands[0]
    assert (hand.round_wind, hand.streak, hand.streak_marker, hand.open_seat) == (None,) * 4
    assert hand.events[1] == ev.Draw(player="A", tile=0, source="wall")


# --- bad input: the path and a reason ---------------------------------------------------------


def _set(path: str, value: object):
    """A mutation of ``doc()``-made data: set the value at a dotted path (ints index lists)."""
    def apply(data: dict) -> None:
        *parents, last = [int(k) if k.isdigit() else k for k in path.split(".")]
        node = data
        for key in parents:
            node = node[key]
        node[last] = value
    return apply


def _both(data: dict) -> None:
    data["hands"] = [copy.deepcopy(data["hand"])]


def _state_second(data: dict) -> None:
    data["hands"] = [data.pop("hand"), {"events": [DEAL, {"type": "draw", "player": "B", "tile": "1m"},
                                                   {"type": "state", "hands": {"A": 16}}]}]


BAD = [
    pytest.param(doc(), _set("colour", "red"), "colour", "unknown field", id="unknown-top-field"),
    pytest.param(doc({"type": "draw", "player": "A", "tile": "1m"}), _set("hand.events.1.tiel", "2m"),
                 "hand.events[1].tiel", "unknown field", id="unknown-event-field"),
    pytest.param(doc(), _set("hand.dealr", "A"), "hand.dealr", "unknown field",
                 id="unknown-hand-field"),
    pytest.param(doc({"type": "draw", "player": "A", "tile": "0m"}), None,
                 "hand.events[1].tile", "unknown tile '0m'", id="unknown-tile-code"),
    pytest.param(doc(), _set("hand.events.0.hands.A", "123m一萬"), "hand.events[0].hands.A",
                 "aliases are accepted only in an array", id="alias-in-compact-string"),
    pytest.param(doc(), _set("hand.events.0.hands.B", ["1m", "X"]), "hand.events[0].hands.B",
                 "tile [1]: unknown tile 'X'", id="bad-tile-in-array"),
    pytest.param(doc({"type": "drow", "player": "A", "tile": "1m"}), None,
                 "hand.events[1].type", "unknown event type 'drow'", id="bad-event-type"),
    pytest.param(doc({"player": "A"}), None, "hand.events[1].type", "required, and missing",
                 id="event-without-type"),
    pytest.param(doc({"type": "draw", "player": "Z", "tile": "1m"}), None,
                 "hand.events[1].player", "'Z' is not a seated player", id="wrong-player-id"),
    pytest.param(doc(), _set("hand.events.0.hands.Z", 16), "hand.events[0].hands.Z",
                 "not a seated player", id="wrong-player-key"),
    pytest.param(doc({"type": "report", "by": "Q", "against": "B"}), None, "hand.events[1].by",
                 "not a seated player, a bettor or 'referee'", id="report-by-stranger"),
    pytest.param(doc({"type": "act", "player": "A", "act": "misdraw", "about": 1}), None,
                 "hand.events[1].about", "earlier event", id="about-points-at-itself"),
    pytest.param(doc({"type": "act", "player": "A", "act": "misdraw", "about": 0},
                     {"type": "report", "by": "B", "against": "A", "about": 5}), None,
                 "hand.events[2].about", "earlier event", id="about-points-forward"),
    pytest.param(doc(), _both, "hands", "not both", id="both-hand-and-hands"),
    pytest.param(doc(), lambda d: d.pop("hand"), "hand", "give hand", id="neither-hand-nor-hands"),
    pytest.param(doc(), _set("ruleset", {"options": {"single_wait": "maybe"}}),
                 "ruleset.options.single_wait", "must be one of kinds, shape", id="bad-option-value"),
    pytest.param(doc(), _set("ruleset", {"options": {"single_wiat": "kinds"}}),
                 "ruleset.options.single_wiat", "unknown option", id="unknown-option"),
    pytest.param(doc(), _set("ruleset", {"tai_table": {"TW-TAI-99": 3}}),
                 "ruleset.tai_table.TW-TAI-99", "unknown pattern key", id="bad-tai-table-key"),
    pytest.param(doc(), _set("ruleset", {"tai_table": {"TW-TAI-14": -1}}),
                 "ruleset.tai_table.TW-TAI-14", "0 or more", id="bad-tai-table-value"),
    pytest.param(doc(), _set("ruleset", {"base": 1.5}), "ruleset.base", "whole number",
                 id="fractional-base"),
    pytest.param(doc(), _state_second, "hands[1].events[2]", "first event", id="state-not-first"),
    pytest.param(doc({"type": "kong", "player": "A", "kind": "concealed", "tiles": "111m"}), None,
                 "hand.events[1].tiles", "must be 4 tiles, not 3", id="kong-with-3-tiles"),
    pytest.param(doc({"type": "kong", "player": "A", "kind": "hidden", "tiles": "1111m"}), None,
                 "hand.events[1].kind", "concealed, added or claimed", id="bad-kong-kind"),
    pytest.param(doc({"type": "chi", "player": "B", "tile": "3m", "with": "124m"}), None,
                 "hand.events[1].with", "must be 2 tiles, not 3", id="chi-with-3-tiles"),
    pytest.param(doc({"type": "flower", "player": "A", "tile": "1m"}), None,
                 "hand.events[1].tile", "'1m' is not a flower", id="bad-flower-tile"),
    pytest.param(doc({"type": "flower", "player": "A", "tile": "?"}), None,
                 "hand.events[1].tile", "'?' is not a flower", id="hidden-flower"),
    pytest.param(doc(), _set("hand.events.0", {"type": "state", "hands": {"A": "123m1f"}}),
                 "hand.events[0].hands.A", "'1f' is a flower", id="flower-in-state-hand"),
    pytest.param(doc(), _set("hand.events.0", {"type": "state", "hands": {},
                                               "flowers": {"C": "1f2p"}}),
                 "hand.events[0].flowers.C", "'2p' is not a flower", id="bad-state-flower"),
    pytest.param(doc(), _set("hand.side_bets", [{"id": "s", "kind": "outer", "bettor": "X",
                                                 "principal": "B", "accepted_by": ["A"]}]),
                 "hand.side_bets[0].stake", "needs a stake", id="outer-bet-without-stake"),
    pytest.param(doc(), _set("hand.side_bets", [{"id": "s", "kind": "outer", "bettor": "A",
                                                 "principal": "B", "stake": {"fixed": 5},
                                                 "accepted_by": ["C"]}]),
                 "hand.side_bets[0].bettor", "not one of bettors", id="outer-bet-by-a-player"),
    pytest.param(doc(), _set("hand.side_bets", [{"id": "s", "kind": "inner", "bettor": "C",
                                                 "principal": "B", "accepted_by": ["A"]}]),
                 "hand.side_bets[0].bettor", "bettor is its principal", id="inner-bet-on-another"),
    pytest.param(doc(), _set("hand.side_bets", [{"id": "s", "kind": "outer", "bettor": "X",
                                                 "principal": "B", "stake": {"base": 5, "fixed": 5},
                                                 "accepted_by": ["A"]}]),
                 "hand.side_bets[0].stake", "{base, tai} or {fixed}", id="mixed-stake"),
    pytest.param(doc(), _set("hand.side_bets", [{"id": "s", "kind": "outer", "bettor": "X",
                                                 "principal": "B", "stake": {}, "accepted_by": ["A"]}]),
                 "hand.side_bets[0].stake", "{base, tai} or {fixed}", id="empty-stake"),
    pytest.param(doc(), _set("hand.side_bets", [{"id": "s", "kind": "inner", "bettor": "C",
                                                 "principal": "C", "units": 0, "accepted_by": ["A"]}]),
                 "hand.side_bets[0].units", "1 or more", id="zero-units"),
    pytest.param(doc(), _set("hand.side_bets", [{"id": "s", "kind": "inner", "bettor": "C",
                                                 "principal": "C", "accepted_by": ["A"]},
                                                {"id": "s", "kind": "inner", "bettor": "D",
                                                 "principal": "D", "accepted_by": ["A"]}]),
                 "hand.side_bets[1].id", "used twice", id="duplicate-side-bet-id"),
    pytest.param(doc(), _set("hand.side_bets", [{"id": "s", "kind": "inner", "bettor": "C",
                                                 "principal": "C", "accepted_by": ["A", "Z"]}]),
                 "hand.side_bets[0].accepted_by[1]", "not a seated player", id="bet-accepted-by-stranger"),
    pytest.param(doc(), _set("format", "mjref/2"), "format", "must be mjref/1", id="bad-format"),
    pytest.param(doc(), lambda d: d.pop("variant"), "variant", "required, and missing", id="missing-variant"),
    pytest.param(doc(), _set("players", ["A", "B", "C"]), "players", "exactly 4 players",
                 id="three-players"),
    pytest.param(doc(), _set("players", ["A", "B", "A", "D"]), "players[2]", "listed twice",
                 id="duplicate-player"),
    pytest.param(doc(), _set("bettors", ["X", "B"]), "bettors[1]", "is a player",
                 id="bettor-is-a-player"),
    pytest.param(doc(), lambda d: d.update(hands=[]) or d.pop("hand"), "hands", "at least one hand",
                 id="empty-hands"),
    pytest.param(doc(), lambda d: d["hand"].pop("dealer"), "hand.dealer", "never guesses who dealt",
                 id="first-hand-without-dealer"),
    pytest.param(doc(), _set("hand.round_wind", "5z"), "hand.round_wind", "not a wind",
                 id="round-wind-not-a-wind"),
    pytest.param(doc(), _set("hand.streak", -1), "hand.streak", "0 or more", id="negative-streak"),
    pytest.param(doc(), lambda d: d["hand"].pop("events"), "hand.events", "required, and missing",
                 id="missing-events"),
    pytest.param(doc({"type": "win", "player": "D", "how": "discard", "tile": "3z"}), None,
                 "hand.events[1].from", "required for a discard win", id="discard-win-without-from"),
    pytest.param(doc({"type": "win", "player": "D", "how": "self_draw", "from": "B"}), None,
                 "hand.events[1].from", "not allowed for a self_draw win", id="self-draw-with-from"),
    pytest.param(doc({"type": "rob_flower", "player": "D", "from": "D"}), None,
                 "hand.events[1].from", "another player", id="rob-own-flower"),
    pytest.param(doc({"type": "act", "player": "A", "act": "steal", "recoverable": True}), None,
                 "hand.events[1].recoverable", "only for wall_disturbed or hand_disturbed",
                 id="recoverable-on-steal"),
    pytest.param(doc({"type": "draw", "player": "A", "tile": "1m", "from": "kong"}), None,
                 "hand.events[1].from", "must be wall or back", id="bad-draw-source"),
    pytest.param(doc({"type": "reach", "player": "A", "touched": 1}), None,
                 "hand.events[1].touched", "true or false", id="int-for-bool"),
    pytest.param(doc(), _set("hand.events.0.hands.A", -2), "hand.events[0].hands.A", "0 or more",
                 id="negative-count"),
    pytest.param(doc(), _set("hand.events.0", {"type": "state", "hands": {},
                                               "drawn": {"tile": "1m"}}),
                 "hand.events[0].drawn", "discard phase", id="drawn-in-draw-phase"),
    pytest.param(doc(), _set("hand.events.0", {"type": "state", "hands": {},
                                               "status": {"D": {"dead": True}}}),
                 "hand.events[0].status.D.dead", "unknown field", id="unknown-status-field"),
    pytest.param(doc(), _set("hand.events.0", {"type": "state", "hands": {},
                                               "melds": {"B": [{"kind": "kong", "tiles": "1111m"}]}}),
                 "hand.events[0].melds.B[0].kong", "required for a kong", id="meld-kong-without-kind"),
    pytest.param(doc(), _set("hand.events.0", {"type": "state", "hands": {},
                                               "melds": {"B": [{"kind": "chi", "tiles": "123m",
                                                                "tile": "4m", "from": "A"}]}}),
                 "hand.events[0].melds.B[0].tile", "not among the meld's tiles", id="meld-bad-tile"),
    pytest.param(doc(), _set("hand.events", "deal"), "hand.events", "array of events",
                 id="events-not-a-list"),
    pytest.param(doc(), _set("hand.events.0", ["deal"]), "hand.events[0]", "JSON object",
                 id="event-not-an-object"),
]


@pytest.mark.parametrize("data, mutate, path, reason", BAD)
def test_bad_input_names_path_and_reason(data, mutate, path, reason) -> None:
    data = copy.deepcopy(data)  # BAD's documents are shared (test_messages reads them too)
    if mutate:
        mutate(data)
    errors = errors_of(data)
    assert path in errors, errors
    assert any(reason in message for message in errors[path]), errors[path]


def test_bad_input_kinds_are_many() -> None:
    assert len({p.id for p in BAD}) >= 40


def test_all_errors_are_collected() -> None:
    data = doc({"type": "draw", "player": "Z", "tile": "1m"},
               {"type": "discard", "player": "A", "tile": "0m"},
               {"type": "kong", "player": "A", "kind": "added", "tiles": "11m"})
    data["format"] = "mjref/9"
    data["extra"] = 1
    assert set(errors_of(data)) == {"format", "extra", "hand.events[1].player", "hand.events[2].tile",
                                    "hand.events[3].tiles"}


def test_the_root_path_is_empty() -> None:
    assert errors_of([]) == {"": ["must be a JSON object"]}


def test_error_paths_flattens_marshmallow_messages() -> None:
    nested = {"hand": {"events": {3: {"tile": ["bad"]}, 4: ["not first"]}, "_schema": ["whole"]},
              "hands": {1: {"side_bets": {0: {"stake": {"_schema": ["shape"]}}}}}}
    assert error_paths(nested) == {"hand.events[3].tile": ["bad"], "hand.events[4]": ["not first"],
                                   "hand": ["whole"], "hands[1].side_bets[0].stake": ["shape"]}


# --- junk anywhere: only ever InputError --------------------------------------------------------

JUNK = [None, True, False, 0, -1, 10**30, 1.5, math.nan, math.inf, "", "x", "?", "referee", "1f",
        [], [None], [[[]]], ["?"], {}, {"type": "state"}, {"": None}, {"A": {"B": []}}]


def _positions(node: object, path: tuple = ()):
    """Every place of a JSON value: (path to it) for each value, container or leaf."""
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _positions(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _positions(value, path + (i,))


def _replaced(data: object, path: tuple, value: object) -> object:
    if not path:
        return copy.deepcopy(value)
    out = copy.deepcopy(data)
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = copy.deepcopy(value)
    return out


def _load_or_input_error(data: object) -> None:
    try:
        load_document(data)
    except InputError as err:
        assert err.errors and all(isinstance(p, str) and m and all(isinstance(x, str) for x in m)
                                  for p, m in err.errors.items())


@pytest.mark.parametrize("junk", [pytest.param(j, id=repr(j)[:20]) for j in JUNK])
def test_junk_documents_give_input_error(junk: object) -> None:
    with pytest.raises(InputError):
        load_document(junk)


@pytest.mark.parametrize("junk", [pytest.param(j, id=repr(j)[:20]) for j in JUNK])
def test_junk_anywhere_gives_only_input_error(junk: object) -> None:
    for path in _positions(RICH):
        _load_or_input_error(_replaced(RICH, path, junk))


def test_junk_keys_and_dropped_values_give_only_input_error() -> None:
    for path in _positions(RICH):
        if not path:
            continue
        parent = _replaced(RICH, (), RICH)
        node = parent
        for key in path[:-1]:
            node = node[key]
        if isinstance(node, dict):
            node["zz" if path[-1] != "zz" else "zy"] = node.pop(path[-1])
        else:
            del node[path[-1]]
        _load_or_input_error(parent)
