"""The limits of api.limits in the document loader and the JSON reader: each limit refuses one past
it at its JSON path and accepts the limit itself; a list past its limit is refused before any of
its items is looked at; duplicate checks are linear; an error answer is bounded; the JSON edges
(numbers, surrogates, nesting) are refused at their path."""
from __future__ import annotations

import copy
import json

import pytest

from api import limits
from api.documents.documents import error_lines
from api.documents.jsonvalues import JsonError, bound_errors, decode_json, error_count
from api.documents.loader import load_document
from referee.errors import InputError
from tests.test_schemas import _set, doc, errors_of

BET = {"id": "s", "kind": "inner", "bettor": "C", "principal": "C", "accepted_by": ["A"]}
OUTER = {"id": "o", "kind": "outer", "bettor": "X", "principal": "B", "stake": {"base": 1, "tai": 1},
         "accepted_by": ["A"]}


def _at(path: str, value: object):
    """``doc()`` with ``value`` set at a dotted path (ints index lists)."""
    data = doc()
    _set(path, value)(data)
    return data


def _loads(data: object) -> bool:
    try:
        load_document(data)
    except InputError as err:
        return not any("at most" in r for reasons in err.errors.values() for r in reasons)
    return True


# --- each limit: the limit loads, one past it is refused at its path ----------------------------

M, S, C, T, ID = limits.MAX_MONEY, limits.MAX_STREAK, limits.MAX_COUNT, limits.MAX_TIME, limits.MAX_ID_LENGTH

AT_THE_LIMIT = [
    pytest.param("ruleset", lambda n: {"base": n}, M, "ruleset.base", id="base"),
    pytest.param("ruleset", lambda n: {"tai": n}, M, "ruleset.tai", id="tai"),
    pytest.param("ruleset", lambda n: {"tai_table": {"TW-TAI-14": n}}, limits.MAX_TAI,
                 "ruleset.tai_table.TW-TAI-14", id="tai-table"),
    pytest.param("ruleset", lambda n: {"options": {"false_win_face": f"fixed:{n}"}}, limits.MAX_TAI,
                 "ruleset.options.false_win_face", id="fixed-tai-option"),
    pytest.param("hand.side_bets", lambda n: [{**OUTER, "stake": {"fixed": n}}], M,
                 "hand.side_bets[0].stake.fixed", id="stake-fixed"),
    pytest.param("hand.side_bets", lambda n: [{**OUTER, "stake": {"base": n, "tai": 1}}], M,
                 "hand.side_bets[0].stake.base", id="stake-base"),
    pytest.param("hand.side_bets", lambda n: [{**BET, "units": n}], C, "hand.side_bets[0].units",
                 id="units"),
    pytest.param("hand.streak", lambda n: n, S, "hand.streak", id="streak"),
    pytest.param("hand.streak_marker", lambda n: n, S, "hand.streak_marker", id="streak-marker"),
    pytest.param("hand.events.0", lambda n: {"type": "deal", "hands": {"A": 17, "B": 16, "C": 16, "D": 16},
                                             "t": n}, T, "hand.events[0].t", id="t"),
    pytest.param("hand.events.0", lambda n: {"type": "state", "hands": {"A": n}}, limits.MAX_TILES,
                 "hand.events[0].hands.A", id="count-of-tiles"),
    pytest.param("hand.events.0", lambda n: {"type": "state", "hands": {}, "wall_left": n}, C,
                 "hand.events[0].wall_left", id="wall-left"),
    pytest.param("hand.events.0", lambda n: {"type": "state", "hands": {},
                                             "status": {"A": {"watch_violations": n}}}, C,
                 "hand.events[0].status.A.watch_violations", id="violations"),
]


@pytest.mark.parametrize("path, make, limit, at", AT_THE_LIMIT)
def test_a_number_at_its_limit_loads_and_one_more_is_refused_at_its_path(path, make, limit, at):
    assert _loads(_at(path, make(limit)))
    errors = errors_of(_at(path, make(limit + 1)))
    assert any(f"at most {limit:,}" in r for r in errors[at]), errors


ID_PLACES = [
    pytest.param(lambda s: _at("players", ["A", "B", "C", s]), "players[3]", id="player"),
    pytest.param(lambda s: _at("bettors", [s]), "bettors[0]", id="bettor"),
    pytest.param(lambda s: _at("hand.dealer", s), "hand.dealer", id="dealer"),
    pytest.param(lambda s: _at("hand.side_bets", [{**BET, "id": s}]), "hand.side_bets[0].id",
                 id="side-bet-id"),
    pytest.param(lambda s: _at("hand.side_bets", [{**OUTER, "bettor": s}]), "hand.side_bets[0].bettor",
                 id="side-bet-bettor"),
    pytest.param(lambda s: doc({"type": "admit", "player": "A", "offence": s}),
                 "hand.events[1].offence", id="offence"),
    pytest.param(lambda s: _at("ruleset", {"options": {"false_win_face": "fixed:" + "0" * (len(s) - 7) + "1"}}),
                 "ruleset.options.false_win_face", id="option-value"),
]


@pytest.mark.parametrize("make, at", ID_PLACES)
def test_an_id_of_64_characters_loads_and_65_are_refused(make, at):
    longest = "x" * ID
    data = make(longest)
    if at == "players[3]" or at == "hand.dealer":  # the dealer must be seated: seat him
        data["players"][3] = data["hand"]["dealer"] = longest
    assert _loads(data)
    errors = errors_of(make("x" * (ID + 1)))
    assert any(f"at most {ID} characters" in r for r in errors[at]), errors


# --- lists: refused before their items are looked at --------------------------------------------


class Untouchable(list):
    """A list whose items must not be looked at (its length may be)."""

    def __iter__(self):
        raise AssertionError("the items of a list past its limit were looked at")

    def __getitem__(self, index):
        raise AssertionError("the items of a list past its limit were looked at")


LISTS = [
    pytest.param("players", ["A", "B", "C", "D"], "A", "players", "exactly 4 players", id="players"),
    pytest.param("bettors", [], "X", "bettors", "at most 64 bettors", id="bettors"),
    pytest.param("hand.side_bets", [], BET, "hand.side_bets", "at most 64 side bets", id="side-bets"),
    pytest.param("hand.events", [], {"type": "end"}, "hand.events", "at most 2,000 events",
                 id="events"),
    pytest.param("hand.events.0", None, None, "hand.events[0].hands.A", "at most 144 tiles",
                 id="tiles"),
]


@pytest.mark.parametrize("path, start, item, at, reason", LISTS)
def test_a_list_past_its_limit_is_refused_before_its_items(path, start, item, at, reason):
    if path == "hand.events.0":  # a tile list: an array of tiles in a state's hand
        def make(n, cls=list):
            return _at(path, {"type": "state", "hands": {"A": cls(["1m"] * n)}})
        limit = limits.MAX_TILES
    else:
        limit = {"players": 4, "bettors": limits.MAX_BETTORS, "hand.side_bets": limits.MAX_SIDE_BETS,
                 "hand.events": limits.MAX_EVENTS}[path]

        def make(n, cls=list):
            items = [copy.deepcopy(item) for _ in range(n)]
            if path == "bettors":
                items = [f"X{i}" for i in range(n)]
            if path == "hand.side_bets":
                items = [{**BET, "id": f"s{i}"} for i in range(n)]
            if path == "players":
                items = ["A", "B", "C", "D", "E"][:n]
            return _at(path, cls(items))
    assert _loads(make(limit))
    errors = errors_of(make(limit + 1, Untouchable))
    assert any(reason in r for r in errors[at]), errors


def test_hands_past_their_limit_are_refused_before_their_items():
    data = doc()
    data["hands"] = Untouchable([data.pop("hand")] * (limits.MAX_HANDS + 1))
    assert errors_of(data)["hands"] == [f"must hold at most {limits.MAX_HANDS:,} hands, not 1,001"]


def test_a_compact_tile_string_longer_than_any_144_tiles_is_refused_unread():
    longest = "1m" * limits.MAX_TILES
    errors = errors_of(_at("hand.events.0", {"type": "state", "hands": {"A": longest + "1"}}))
    assert "at most 144 tiles" in errors["hand.events[0].hands.A"][0]
    assert _loads(_at("hand.events.0", {"type": "state", "hands": {"A": longest}}))


# --- linear checks, bounded messages ------------------------------------------------------------


class Counted(str):
    """A string that counts how often it is compared or hashed."""

    calls = 0

    def __eq__(self, other):
        Counted.calls += 1
        return str.__eq__(self, other)

    def __hash__(self):
        Counted.calls += 1
        return str.__hash__(self)


@pytest.mark.parametrize("path", ["bettors", "hand.side_bets.0.accepted_by", "players"])
def test_duplicate_checks_are_linear(path):
    n = {"bettors": limits.MAX_BETTORS, "players": 4, "hand.side_bets.0.accepted_by": 3}[path]
    ids = [Counted(f"Z{i}") for i in range(n)]
    data = _at("hand.side_bets", [dict(BET)]) if "side_bets" in path else doc()
    _set(path, ids)(data)
    Counted.calls = 0
    _loads(data)
    assert Counted.calls <= 8 * n  # a quadratic check makes n * (n - 1) / 2 comparisons more


def test_side_bet_ids_are_checked_once_each():
    bets = [{**BET, "id": Counted("same")} for _ in range(limits.MAX_SIDE_BETS)]
    Counted.calls = 0
    errors = errors_of(_at("hand.side_bets", bets))
    assert "used twice" in errors["hand.side_bets[63].id"][0]
    assert Counted.calls <= 8 * len(bets)


def test_not_seated_names_at_most_the_four_players_whatever_the_players_list():
    data = doc({"type": "draw", "player": "Z", "tile": "1m"})
    data["players"] = [f"P{i}" for i in range(5000)]
    errors = errors_of(data)
    assert errors["players"] == ["must list exactly 4 players, not 5,000"]
    assert all(len(r) <= limits.MAX_REASON for reasons in errors.values() for r in reasons)
    seated = errors_of(doc({"type": "draw", "player": "Z", "tile": "1m"}))["hand.events[1].player"]
    assert seated == ["'Z' is not a seated player (players: A, B, C, D)"]


def test_a_long_value_is_shown_cut_in_its_message():
    errors = errors_of(doc({"type": "draw", "player": "A", "tile": "x" * 100_000}))
    (reason,) = errors["hand.events[1].tile"]
    assert reason.startswith("unknown tile 'xxx") and len(reason) < 60


# --- at most MAX_ERRORS errors, then how many more ------------------------------------------------


def test_an_answer_lists_at_most_100_errors_then_how_many_more():
    data = doc(*[{"type": "draw", "player": "A", "tile": "0m"}] * 1999)
    err = pytest.raises(InputError, load_document, data).value
    assert error_count(err.errors) == 1999
    assert sum(len(r) for r in err.errors.values()) == limits.MAX_ERRORS + 1
    assert err.errors[""] == ["and 1,899 more errors, not listed (at most 100 are)"]
    lines = error_lines(err).splitlines()
    assert len(lines) == 101 and lines[-1] == "error: and 1,899 more errors, not listed (at most 100 are)"


def test_100_errors_are_all_listed():
    err = pytest.raises(InputError, load_document,
                        doc(*[{"type": "draw", "player": "A", "tile": "0m"}] * 100)).value
    assert "" not in err.errors and error_count(err.errors) == 100


def test_bounding_twice_changes_nothing():
    errors = {f"e{i}": ["bad"] for i in range(250)}
    once = bound_errors(errors)
    assert bound_errors(once) == once and error_count(once) == 250


def test_paths_and_reasons_are_cut_and_printable():
    errors = bound_errors({"k" * 10_000: ["r" * 10_000], "\ud800": ["\udfff"]})
    (long_path, surrogate) = errors
    assert len(long_path) == limits.MAX_PATH and len(errors[long_path][0]) == limits.MAX_REASON
    assert surrogate == "\\ud800" and errors[surrogate] == ["\\udfff"]
    json.dumps(errors, ensure_ascii=False).encode("utf-8")  # writable


def test_unknown_fields_are_refused_at_their_path_cut_to_a_bounded_length():
    data = doc()
    data["k" * 50_000] = 1
    (path,) = errors_of(data)
    assert path.startswith("kkk") and len(path) <= limits.MAX_PATH


# --- the JSON edges -----------------------------------------------------------------------------


def _json_errors(data: bytes | str) -> dict[str, list[str]]:
    with pytest.raises(JsonError) as info:
        decode_json(data)
    return info.value.errors


@pytest.mark.parametrize("text, path, fragment", [
    pytest.param('{"a": "\\ud800"}', "a", "lone surrogate (\\ud800)", id="surrogate-in-a-string"),
    pytest.param('{"a": ["x", "b\\udfffc"]}', "a[1]", "lone surrogate (\\udfff)", id="low-surrogate"),
    pytest.param('{"hand": {"\\ud800x": 1}}', "hand.\\ud800x", "this name holds a lone surrogate",
                 id="surrogate-in-a-name"),
    pytest.param('{"t": ' + "9" * 5000 + "}", "t", "an integer of 5,000 digits", id="long-integer"),
    pytest.param('{"t": -' + "9" * 5000 + "}", "t", "an integer of 5,000 digits", id="long-negative"),
    pytest.param('{"a": [1e999]}', "a[0]", "not a finite number", id="overflowing-float"),
    pytest.param('{"a": NaN}', "a", "NaN is not JSON", id="nan"),
    pytest.param('{"a": -Infinity}', "a", "-Infinity is not JSON", id="infinity"),
    pytest.param("[" * 65 + "]" * 65, "[0]" * 64, "nested deeper than 64 levels", id="65-levels"),
    pytest.param("[" * 100_000 + "]" * 100_000, "", "nested deeper than 64 levels", id="recursion"),
    pytest.param('{"a": 1', "", "invalid JSON at line 1 column 8", id="syntax"),
])
def test_json_the_referee_cannot_take_is_refused_at_its_path(text, path, fragment):
    errors = _json_errors(text.encode())
    assert any(fragment in r for r in errors[path]), errors
    json.dumps(errors, ensure_ascii=False).encode("utf-8")  # the answer is writable


@pytest.mark.parametrize("text, value", [
    pytest.param('{"a": "\\ud83d\\ude00"}', {"a": "😀"}, id="surrogate-pair"),
    pytest.param('{"a": "\\\\ud800"}', {"a": "\\ud800"}, id="escaped-backslash"),
    pytest.param("[" + "9" * 4300 + "]", [int("9" * 4300)], id="4300-digits"),
    pytest.param("[1e308, -0.0]", [1e308, -0.0], id="finite-floats"),
    pytest.param("[" * 64 + "]" * 64, json.loads("[" * 64 + "]" * 64), id="64-levels"),
])
def test_json_at_the_edges_is_read(text, value):
    assert decode_json(text.encode()) == value


def test_raw_surrogate_bytes_are_not_utf8():
    errors = _json_errors('{"a": "\ud800"}'.encode("utf-8", "surrogatepass"))
    assert errors[""][0].startswith("not UTF-8 text")


def test_many_faults_are_bounded():
    text = "[" + ", ".join(['"\\ud800"'] * 5000) + "]"
    errors = _json_errors(text)
    assert error_count(errors) == 5000 and sum(map(len, errors.values())) == limits.MAX_ERRORS + 1


def test_the_readme_lists_the_limits():
    from tests.servicekit import ROOT

    assert limits.markdown_table() in (ROOT / "README.md").read_text(encoding="utf-8")


# --- the command line and the audit -------------------------------------------------------------

EDGE_FILES = [
    pytest.param('{"format": "mjref/1", "players": ["\\ud800"]}', "players[0]: this string holds a lone",
                 id="surrogate"),
    pytest.param('{"format": "mjref/1", "hand": {"streak": ' + "9" * 5000 + "}}",
                 "hand.streak: the number", id="long-integer"),
    pytest.param("[" * 3000 + "]" * 3000, "nested deeper than 64 levels", id="deep"),
    pytest.param('{"t": Infinity}', "t: Infinity is not JSON", id="infinity"),
]


def _adjudicate(capsys, path) -> tuple[int, str]:
    from api.cli import main

    code = main(["adjudicate", str(path)])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("text, fragment", EDGE_FILES)
def test_the_cli_exits_2_at_the_json_edges(capsys, tmp_path, text, fragment):
    path = tmp_path / "edge.json"
    path.write_text(text, encoding="utf-8")
    code, err = _adjudicate(capsys, path)
    assert code == 2 and fragment in err and "Traceback" not in err


def test_the_cli_prints_at_most_100_errors_then_how_many_more(capsys, tmp_path):
    path = tmp_path / "many.json"
    path.write_text(json.dumps(doc(*[{"type": "draw", "player": "Z" * 100, "tile": "0m"}] * 1999)))
    code, err = _adjudicate(capsys, path)
    lines = err.splitlines()
    assert code == 2 and len(lines) == limits.MAX_ERRORS + 1
    assert lines[-1] == "error: and 3,898 more errors, not listed (at most 100 are)"
    assert len(err) < 100 * (limits.MAX_PATH + limits.MAX_REASON)


def test_the_audit_rejects_unreadable_lines_without_an_internal_error(tmp_path, capsys):
    from api.audit.audit import audit

    good = json.dumps(doc())
    lines = [good, '{"a": "\\udfff"}', '{"n": ' + "1" * 5000 + "}", "[" * 2000 + "]" * 2000, "[NaN]"]
    (tmp_path / "lines.jsonl").write_text("\n".join(lines) + "\n")
    report = tmp_path / "report.json"
    assert audit([str(tmp_path / "lines.jsonl")], jobs=1, json_path=str(report)) == 2
    outcomes = json.loads(report.read_text(encoding="utf-8"))["documents"]
    assert [o["status"] for o in outcomes] == ["ruled", "rejected", "rejected", "rejected", "rejected"]
