"""``referee import tenhou``: Tenhou's mjlog XML and tenhou.net/6 JSON → one ``mjref/1`` document
(RULEBOOK_RIICHI §10, §11), checked on every real record in ``../shared/data`` (§12 A1, A2, A10).

The physical checks replay each imported hand with a small tile count kept here (the product's
replay is the engine's): the concealed hand at each AGARI equals the tag's ``hai``, no tile is seen
more often than the 136-tile set holds, every exhaustive draw comes after exactly 70 draws, and the
indicators turned before each AGARI are as many as its ``doraHai``."""
from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from api.cli import main
from api.records.tenhou import TenhouError, import_tenhou
from api.records.tenhou6 import parse_value
from api.records.tenhou_game import player_names
from api.records.tenhou_mjlog import decode_meld
from referee.tiles import FIRST_RED, kind_of, parse_compact, parse_tile
from rulesbook.riichi.options import TENHOU_SERVER
from tests.shared_skips import needs_shared, shared

ROOT = Path(__file__).resolve().parent.parent
DATA = shared("data")
TENHOU, MORE = DATA / "tenhou", DATA / "tenhou-more"
needs_data = needs_shared("data/tenhou", "data/tenhou-more")


def record_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir()
                  if p.is_file() and p.name not in ("SOURCES.md", "MANIFEST.tsv", "README.txt"))


@lru_cache(maxsize=None)
def imported(path: Path):
    """(document, recorded) of one file, or the TenhouError it raised."""
    try:
        return import_tenhou(path)
    except TenhouError as err:
        return err


def first_deal(doc: dict) -> tuple:
    """A game's identity: its first deal, by seat (names differ between copies)."""
    return tuple(doc["hands"][0]["events"][0]["hands"].values())


def unique_games(folders: list[Path]) -> dict:
    """The distinct games of some folders, by first deal; of copies, the one with most results."""
    games: dict = {}
    for folder in folders:
        for path in record_files(folder):
            got = imported(path)
            if isinstance(got, TenhouError):
                continue
            doc, rec = got
            results = sum(len(h["results"]) for h in rec["hands"])
            key = first_deal(doc)
            if key not in games or results > games[key][2]:
                games[key] = (doc, rec, results, path)
    return games


def tally(games: dict) -> dict:
    c: Counter = Counter()
    for doc, rec, _, _ in games.values():
        c["games"] += 1
        c["hands"] += len(doc["hands"])
        for hand in rec["hands"]:
            wins = [r for r in hand["results"] if r["result"] == "win"]
            c["agari"] += len(wins)
            c["double_ron"] += len(wins) == 2
            c["pao"] += any(w["pao"] for w in wins)
            if hand["draw"]:
                c[hand["draw"]] += 1
    return dict(c)


# ---------------------------------------------------------------------------------------------
# A1: every file imports; the counts of RULEBOOK_RIICHI §12 and tenhou-more/SOURCES.md

@needs_data
@pytest.mark.parametrize("folders, files, expected", [
    pytest.param(["mjx-mjlog"], 35, {"games": 33, "hands": 335, "agari": 274, "double_ron": 2,
                                     "pao": 1, "exhaustive": 54, "nine_terminals": 5, "four_kans": 1,
                                     "four_riichi": 1, "four_winds": 1, "nagashi": 1}, id="mjx-mjlog"),
    pytest.param(["tenhou-python-bot"], 38, {"games": 36, "hands": 345, "agari": 290, "double_ron": 1,
                                             "pao": 0, "exhaustive": 53, "nine_terminals": 3},
                 id="tenhou-python-bot"),
    # 17 games, sanma2.xml refused: 13 standard + 3 special lobbies (6 hands, 6 AGARI)
    pytest.param(["dnovikoff"], 17, {"games": 16, "hands": 130, "agari": 111, "double_ron": 4, "pao": 1,
                                     "exhaustive": 22, "nine_terminals": 1}, id="dnovikoff"),
    pytest.param(["mjx-json"], 31, {"games": 31, "hands": 326, "agari": 265, "double_ron": 1, "pao": 0,
                                    "exhaustive": 53, "nine_terminals": 5, "four_kans": 1,
                                    "four_riichi": 1, "four_winds": 1, "nagashi": 1}, id="mjx-json"),
])
def test_a1_tenhou_folders_import_with_the_rulebook_counts(folders, files, expected):
    paths = [p for f in folders for p in record_files(TENHOU / f)]
    assert len(paths) == files
    counts = tally(unique_games([TENHOU / f for f in folders]))
    assert {k: counts.get(k, 0) for k in expected} == expected


@needs_data
def test_a1_all_four_player_agari_of_tenhou_and_tenhou_more():
    """§12: 675 four-player AGARI in tenhou/ (86 games less sanma2's 5); SOURCES.md of
    tenhou-more: 140 distinct records, 1,095 hands, 936 + 6 wins, nothing refused."""
    mjlogs = unique_games([TENHOU / f for f in ("mjx-mjlog", "tenhou-python-bot", "dnovikoff")])
    assert tally(mjlogs)["agari"] == 675 and len(mjlogs) == 85
    more_folders = sorted(p for p in MORE.iterdir() if p.is_dir())
    assert not [p for f in more_folders for p in record_files(f)
                if isinstance(imported(p), TenhouError)]
    more = tally(unique_games(more_folders))
    assert (more["games"], more["hands"], more["agari"]) == (140, 1095, 942)
    assert (more["double_ron"], more["pao"], more["nagashi"], more["triple_ron"],
            more["four_winds"], more["four_riichi"], more["nine_terminals"]) == (14, 4, 3, 3, 1, 1, 11)


@needs_data
def test_a1_three_player_game_is_refused_with_a_reason():
    err = imported(TENHOU / "dnovikoff" / "sanma2.xml")
    assert isinstance(err, TenhouError)
    assert str(err) == "a three-player game (GO type bit 0x10): variant riichi is four-player"


@needs_data
def test_a1_four_player_special_lobbies_keep_their_rules():
    one_hand, _ = imported(TENHOU / "dnovikoff" / "sanma.xml")  # a 1000-point lobby, four players
    assert one_hand["ruleset"]["options"]["start_points"] == 1000
    assert imported(TENHOU / "dnovikoff" / "newattr2023.xml")[0]["ruleset"]["options"] == {
        "red_fives": True, "open_tanyao": True, "length": "tonpuu", "start_points": 30000, **TENHOU_SERVER}
    assert imported(TENHOU / "mjx-mjlog" / "double-ron.mjlog")[0]["ruleset"]["options"] == {
        "red_fives": True, "open_tanyao": True, "length": "hanchan", **TENHOU_SERVER}


@needs_data
def test_a1_cut_copies():
    """``-no-round-end`` stops inside its last hand: that hand stays open (``end``);
    ``-no-game-end`` has every hand finished but no ``owari``; the complete copy has both."""
    stem = TENHOU / "mjx-mjlog" / "2011020401gm-00a9-0000-f6eff225"
    full, full_rec = imported(Path(f"{stem}.mjlog"))
    cut, cut_rec = imported(Path(f"{stem}-no-round-end.mjlog"))
    no_end, no_end_rec = imported(Path(f"{stem}-no-game-end.mjlog"))
    assert len(cut["hands"]) == len(full["hands"]) == 8 and len(no_end["hands"]) == 7
    assert cut["hands"][-1]["events"][-1] == {"type": "end"}
    assert cut["hands"][-1]["events"][:-1] == full["hands"][-1]["events"][:-4]  # less U26 E5 V19 win
    assert cut_rec["hands"][-1]["results"] == [] and cut_rec["hands"][-1]["deltas"] is None
    assert full["hands"][-1]["events"][-1]["type"] == "win"
    assert [h["events"][-1]["type"] for h in no_end["hands"]] == \
        [h["events"][-1]["type"] for h in full["hands"][:7]]
    assert no_end_rec["owari"] is None and cut_rec["owari"] is None
    assert full_rec["owari"]["scores"] == {"P0": 20700, "P1": 13600, "P2": 33600, "P3": 32100}


# ---------------------------------------------------------------------------------------------
# A2: each imported hand is physically consistent


def replay_counts(doc: dict, rec: dict) -> Counter:
    """Replays every hand of a game with plain tile counts; returns what was checked, and fails on
    the first inconsistency with the hand's label."""
    red = doc["ruleset"]["options"]["red_fives"]
    checked: Counter = Counter()
    for hand, facts in zip(doc["hands"], rec["hands"]):
        label = facts["label"]
        held = {p: Counter() for p in doc["players"]}
        pons: dict = {p: Counter() for p in doc["players"]}
        seen: Counter = Counter()
        draws = turned = 0
        wins = iter(r for r in facts["results"] if r["result"] == "win")
        ura_seen = False

        def take(player, tiles):
            for t in tiles:
                assert held[player][t] > 0, f"{label}: {player} gives {t} he does not hold"
                held[player][t] -= 1

        for event in hand["events"]:
            kind, player = event["type"], event.get("player")
            tile = parse_tile(event["tile"], red=True) if "tile" in event else None
            if kind == "deal":
                for p, text in event["hands"].items():
                    held[p].update(parse_compact(text, red=True))
                    seen.update(parse_compact(text, red=True))
                seen[parse_tile(event["dora"], red=True)] += 1
            elif kind == "draw":
                held[player][tile] += 1
                seen[tile] += 1
                draws += 1
            elif kind == "discard":
                take(player, [tile])
            elif kind in ("chi", "pon"):
                take(player, [parse_tile(t, red=True) for t in event["with"]])
                if kind == "pon":
                    pons[player][kind_of(tile)] += 1
            elif kind == "kong":
                tiles = [parse_tile(t, red=True) for t in event["tiles"]]
                assert len({kind_of(t) for t in tiles}) == 1
                if event["kind"] == "claimed":
                    take(player, tiles[:3])
                elif event["kind"] == "added":
                    assert pons[player][kind_of(tiles[3])] > 0, f"{label}: added kan without a pon"
                    pons[player][kind_of(tiles[3])] -= 1
                    take(player, tiles[3:])
                else:
                    take(player, tiles)
            elif kind == "dora":
                seen[tile] += 1
                turned += 1
            elif kind == "win":
                agari = next(wins)
                concealed = held[player] + Counter([tile] if event["how"] != "self_draw" else [])
                if agari["hand"] is not None:  # mjlog: the AGARI's hai
                    assert concealed == Counter(parse_compact(agari["hand"], red=True)), label
                    checked["hai"] += 1
                assert turned + 1 == len(agari["dora"]), f"{label}: indicators turned"
                assert event.get("ura", []) == agari["ura"]
                if event.get("ura") and not ura_seen:
                    seen.update(parse_tile(t, red=True) for t in event["ura"])
                    ura_seen = True
                checked["agari"] += 1
            elif kind == "exhaustive_draw":
                assert draws == 70, f"{label}: exhaustive draw after {draws} draws"
                checked["exhaustive"] += 1
        for t, n in seen.items():
            copies = 1 if t >= FIRST_RED else (3 if red and kind_of(t) in (4, 13, 22) else 4)
            assert n <= copies, f"{label}: {n} copies of tile {t}"
        checked["hands"] += 1
    return checked


@needs_data
def test_a2_tenhou_hands_are_physically_consistent():
    folders = [TENHOU / f for f in ("mjx-mjlog", "tenhou-python-bot", "dnovikoff", "mjx-json")]
    total: Counter = Counter()
    for doc, rec, _, _ in unique_games(folders[:3]).values():
        total += replay_counts(doc, rec)
    # 675/675 AGARI match their hai; 129/129 exhaustive draws and the nagashi mangan after 70 draws
    assert (total["agari"], total["hai"], total["exhaustive"]) == (675, 675, 130)
    json_total: Counter = Counter()
    for doc, rec, _, _ in unique_games(folders[3:]).values():
        json_total += replay_counts(doc, rec)
    assert (json_total["agari"], json_total["exhaustive"]) == (265, 54)


@needs_data
def test_a2_tenhou_more_hands_are_physically_consistent():
    total: Counter = Counter()
    for doc, rec, _, _ in unique_games(sorted(p for p in MORE.iterdir() if p.is_dir())).values():
        total += replay_counts(doc, rec)
    # 147 + 1 exhaustive draws and 2 + 1 nagashi mangan (SOURCES.md), all after 70 draws
    assert (total["hands"], total["agari"], total["exhaustive"]) == (1095, 942, 151)
    assert total["hai"] == 727  # the AGARI of mjlog records; JSON wins carry no hai


# ---------------------------------------------------------------------------------------------
# A10: a game read from JSON gives the same hands and events as from its mjlog


def by_seat(doc: dict) -> list[dict]:
    """Hands with player names replaced by seat numbers (the copies name players differently)."""
    seat = {name: str(s) for s, name in enumerate(doc["players"])}

    def rename(value):
        if isinstance(value, dict):
            return {seat.get(k, k): rename(v) for k, v in value.items()}
        if isinstance(value, list):
            return [rename(v) for v in value]
        return seat.get(value, value) if isinstance(value, str) else value
    return [rename(h) for h in doc["hands"]]


def compare_twins(json_paths: list[Path], mjlog_paths: list[Path]) -> Counter:
    mjlogs = {first_deal(imported(p)[0]): imported(p) for p in mjlog_paths
              if not isinstance(imported(p), TenhouError)}
    c: Counter = Counter()
    for path in json_paths:
        doc, rec = imported(path)
        twin, twin_rec = mjlogs[first_deal(doc)]
        assert doc["ruleset"] == twin["ruleset"], path.name
        for k, (mine, theirs) in enumerate(zip(by_seat(doc), by_seat(twin))):
            for event in mine["events"]:  # a JSON nagashi draw does not say who was tenpai
                if event["type"] == "exhaustive_draw" and "tenpai" not in event:
                    theirs["events"][-1].pop("tenpai")
                    c["nagashi"] += 1
            assert mine == theirs, f"{path.name} hand {k}"
            c["hands"] += 1
            c["dora"] += sum(e["type"] == "dora" for e in mine["events"])
        assert len(doc["hands"]) == len(twin["hands"])
        for mine, theirs in zip(by_seat(rec), by_seat(twin_rec)):
            assert mine["deltas"] == theirs["deltas"]
            for a, b in zip(mine["results"], theirs["results"]):
                if a["result"] == "win":
                    b = dict(b, yaku=[y for y in b["yaku"] if y[1]])  # mjlog's "ura dora 0 han"
                    if a["fu"] is None:  # "満貫8000点" gives no fu
                        b["fu"] = None
                if a["result"] == "draw" and a["tenpai"] is None:  # nor a nagashi who is tenpai
                    b = dict(b, tenpai=None)
                keys = ("han", "fu", "points", "limit", "yaku", "yakuman", "type", "tenpai")
                assert [a.get(k) for k in keys] == [b.get(k) for k in keys]
        c["games"] += 1
    return c


@needs_data
def test_a10_mjx_json_equals_mjx_mjlog():
    c = compare_twins(record_files(TENHOU / "mjx-json"), record_files(TENHOU / "mjx-mjlog"))
    assert (c["games"], c["hands"], c["nagashi"]) == (31, 326, 1)
    assert c["dora"] == 31  # kan-dora placed by RJ-FLOW-4 where the mjlog has its DORA tags


@needs_data
def test_a10_tenhou_more_twins_agree():
    c = compare_twins([p for f in ("mjlog2json", "riichi-rs") for p in record_files(MORE / f)
                       if p.suffix == ".json" and (p.with_suffix(".xml")).exists()],
                      [p for f in ("mjlog2json", "riichi-rs") for p in record_files(MORE / f)
                       if p.suffix == ".xml"])
    assert (c["games"], c["hands"]) == (7, 71)


# ---------------------------------------------------------------------------------------------
# The pieces, each with a near miss


@pytest.mark.parametrize("m, kind, ids, called, from_rel", [
    # chi 2-3-4m (first kind 1), called the 2m (index 0), offsets 0 1 2, fed from the seat before
    pytest.param((1 * 3 + 0) << 10 | 0x4 | 0 << 3 | 1 << 5 | 2 << 7 | 3, "chi", (4, 9, 14), 4, 3,
                 id="chi"),
    pytest.param((31 * 3 + 2) << 9 | 0x8 | 1 << 5 | 2, "pon", (124, 126, 127), 127, 2, id="pon"),
    pytest.param((31 * 3 + 2) << 9 | 0x10 | 1 << 5 | 2, "added_kan", (124, 126, 127, 125), 127, 2,
                 id="added-kan"),
    pytest.param(53 << 8 | 1, "claimed_kan", (52, 53, 54, 55), 53, 1, id="claimed-kan"),
    pytest.param(53 << 8, "concealed_kan", (52, 53, 54, 55), None, 0, id="concealed-kan"),
])
def test_decode_meld(m, kind, ids, called, from_rel):
    meld = decode_meld(m)
    assert (meld.kind, meld.ids, meld.called, meld.from_rel) == (kind, ids, called, from_rel)


def test_decode_meld_refuses_nukidora():
    with pytest.raises(ValueError, match="nukidora"):
        decode_meld(0x20)


def test_player_names_repeated_empty_and_reserved():
    assert player_names(["NoName", "NoName", "kyotaku", ""]) == ["NoName", "NoName#1", "kyotaku#2", "#3"]
    assert player_names(["A", "B", "C", "D"]) == ["A", "B", "C", "D"]


@pytest.mark.parametrize("text, expected", [
    ("30符4飜7700点", {"fu": 30, "han": 4, "points": 7700, "limit": ""}),
    ("30符2飜500-1000点", {"fu": 30, "han": 2, "points": 2000, "limit": ""}),
    ("40符3飜2600点∀", {"fu": 40, "han": 3, "points": 7800, "limit": ""}),
    ("満貫2000-4000点", {"fu": None, "han": None, "points": 8000, "limit": "mangan"}),
    ("三倍満36000点", {"fu": None, "han": None, "points": 36000, "limit": "sanbaiman"}),
    ("役満16000点∀", {"fu": None, "han": None, "points": 48000, "limit": "yakuman"}),
])
def test_parse_value(text, expected):
    assert parse_value(text) == expected


def test_parse_value_refuses_what_it_cannot_read():
    with pytest.raises(ValueError, match="unreadable value"):
        parse_value("30符7700点")


MINI = ('<mjloggm ver="2.3"><GO type="169"/><UN n0="A%20B" n1="C" n2="D" n3="E"/>'
        '<TAIKYOKU oya="0"/><INIT seed="0,0,0,1,2,3" ten="250,250,250,250" oya="0" '
        'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,17,18,19,20,21,22,23,24,25,26" '
        'hai2="27,28,29,30,31,32,33,34,35,36,37,38,39" hai3="40,41,42,43,44,45,46,47,48,49,50,51,53"/>'
        '<T16/><D16/>{more}</mjloggm>')


def test_mini_mjlog_plain_and_gzip_give_one_document():
    text = MINI.format(more="")
    doc, rec = import_tenhou(text.encode())
    assert doc["players"] == ["A B", "C", "D", "E"]
    assert doc["hands"][0]["events"][1:] == [{"type": "draw", "player": "A B", "tile": "0m"},
                                             {"type": "discard", "player": "A B", "tile": "0m"},
                                             {"type": "end"}]
    assert import_tenhou(gzip.compress(text.encode())) == (doc, rec)
    no_red = text.replace('type="169"', 'type="171"')  # bit 0x02: no red fives
    assert import_tenhou(no_red.encode())[0]["hands"][0]["events"][1]["tile"] == "5m"


@pytest.mark.parametrize("more, message", [
    # seat 1 chis 3m 4m 5m with the 5m id 17 from seat 0, whose discard was the 0m (id 16)
    pytest.param(f'<N who="1" m="{(2 * 3 + 2) << 10 | 0x4 | 1 << 5 | 1 << 7 | 3}"/>',
                 "hand 0, tag 6 <N>: chi of tile id 17 from seat 0, which is not the last discard",
                 id="claim-not-last-discard"),
    pytest.param('<T200/>', "hand 0, tag 6 <T200>: tile id 200 out of 0-135", id="bad-tile-id"),
    pytest.param('<AGARI who="1"/>', "hand 0, tag 6 <AGARI>: attribute 'fromWho' missing",
                 id="agari-missing-attribute"),
    pytest.param('<RYUUKYOKU type="xyz" sc="0,0,0,0,0,0,0,0"/>', "unknown draw type 'xyz'",
                 id="unknown-draw"),
])
def test_mini_mjlog_faults_name_the_place(more, message):
    with pytest.raises(TenhouError) as err:
        import_tenhou(MINI.format(more=more).encode())
    assert message in str(err.value)


def test_mini_mjlog_claim_of_the_last_discard_is_read():
    """Seat 1 draws 6p and discards his 5m (id 17); seat 2 pons it (ids 17 18 19, called 17, fed
    by the seat before him): the call matches the last discard."""
    m = (4 * 3 + 0) << 9 | 0x8 | 0 << 5 | 3
    doc, _ = import_tenhou(MINI.format(more=f'<U60/><E17/><N who="2" m="{m}"/>').encode())
    assert doc["hands"][0]["events"][-2] == {"type": "pon", "player": "D", "tile": "5m",
                                             "with": ["5m", "5m"]}


def test_not_a_record():
    with pytest.raises(TenhouError, match="neither mjlog XML nor tenhou.net/6 JSON"):
        import_tenhou(b"hello")
    with pytest.raises(TenhouError, match="not well-formed XML at line 1"):
        import_tenhou(b"<mjloggm><GO")
    with pytest.raises(TenhouError, match="no 'log' list"):
        import_tenhou(b'{"name": []}')


SIX = {"title": ["", ""], "name": ["A", "B", "C", "D"], "rule": {"disp": "般南喰赤", "aka": 1},
       "log": [[[0, 0, 0], [25000] * 4, [16], [],
                [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24], [51], [60],
                [25, 26, 27, 28, 29, 31, 32, 33, 34, 35, 36, 37, 38], ["c515253"], [39],
                [41, 41, 42, 42, 43, 43, 44, 44, 45, 45, 46, 46, 47], [], [],
                [11, 12, 13, 14, 16, 17, 18, 19, 21, 22, 23, 24, 25], [], [],
                ["九種九牌"]]]}


def test_tenhou6_faults_name_the_hand():
    """B's chi claims a 0p, but A discarded his drawn 0m: the turn order cannot take it. The same
    chi of the 0m is read."""
    doc, _ = import_tenhou(json.dumps(SIX).encode())
    assert doc["hands"][0]["events"][3] == {"type": "chi", "player": "B", "tile": "0m",
                                            "with": ["0p", "0s"]}
    wrong = json.loads(json.dumps(SIX))
    wrong["log"][0][8] = ["c525153"]
    with pytest.raises(TenhouError, match=r"^hand 0: seat 1's call 'c525153' does not follow"):
        import_tenhou(json.dumps(wrong).encode())
    three = dict(SIX, name=["A", "B", "C"])
    with pytest.raises(TenhouError, match="three-player"):
        import_tenhou(json.dumps(three).encode())


def test_tenhou6_json_lines_and_one_document_agree():
    hand = [[0, 0, 0], [25000] * 4, [16], [],
            [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24], [51], [],
            [25, 26, 27, 28, 29, 31, 32, 33, 34, 35, 36, 37, 38], [], [],
            [41, 41, 42, 42, 43, 43, 44, 44, 45, 45, 46, 46, 47], [], [],
            [11, 12, 13, 14, 16, 17, 18, 19, 21, 22, 23, 24, 25], [], [],
            ["和了", [48000, -16000, -16000, -16000], [0, 0, 0, "役満16000点∀", "天和(役満)"]]]
    one = dict(SIX, log=[hand, hand])
    lines = "\n".join(json.dumps(dict(SIX, log=[hand])) for _ in range(2))
    doc, rec = import_tenhou(json.dumps(one).encode())
    assert import_tenhou(lines.encode()) == (doc, rec)
    assert len(doc["hands"]) == 2
    assert doc["hands"][0]["events"][1:] == [{"type": "draw", "player": "A", "tile": "0m"},
                                             {"type": "win", "player": "A", "how": "self_draw",
                                              "tile": "0m"}]
    assert rec["hands"][0]["results"][0]["yakuman"] == [37]


# ---------------------------------------------------------------------------------------------
# The command


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@needs_data
def test_cli_import_prints_the_document_and_writes_the_recorded(capsys, tmp_path):
    path = TENHOU / "dnovikoff" / "pao.xml"
    code, out, err = run(capsys, "import", "tenhou", str(path), "--recorded", str(tmp_path / "r.json"))
    assert code == 0 and err == ""
    assert json.loads(out) == imported(path)[0]
    recorded = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert recorded["hands"][-1]["results"][0]["pao"] == "P0"
    code, out, _ = run(capsys, "import", "tenhou", str(path), "-o", str(tmp_path / "d.json"))
    assert code == 0 and out == ""
    assert json.loads((tmp_path / "d.json").read_text(encoding="utf-8")) == imported(path)[0]


@needs_data
def test_cli_import_refuses_three_players_in_one_line(capsys):
    code, out, err = run(capsys, "import", "tenhou", str(TENHOU / "dnovikoff" / "sanma2.xml"))
    assert code == 2 and out == ""
    assert err == f"error: {TENHOU / 'dnovikoff' / 'sanma2.xml'}: a three-player game (GO type bit " \
                  "0x10): variant riichi is four-player\n"


@needs_data
def test_readme_import_example_is_true(capsys, monkeypatch):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.search(r"```text\n\$ referee (import tenhou \S+)\n(.*?)```", readme, re.S)
    monkeypatch.chdir(ROOT)
    code, out, err = run(capsys, *shown.group(1).split())
    assert code == 2 and out == "" and err == shown.group(2)


def test_cli_import_malformed_and_missing_files(capsys, tmp_path):
    bad = tmp_path / "bad.mjlog"
    bad.write_bytes(gzip.compress(MINI.format(more="<T200/>").encode()))
    code, out, err = run(capsys, "import", "tenhou", str(bad))
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.count("\n") == 1 and "hand 0, tag 6 <T200>" in err
    code, _, err = run(capsys, "import", "tenhou", str(tmp_path / "none.xml"))
    assert code == 2 and "no such file" in err


def test_cli_import_never_writes_over_the_record_it_reads(capsys, tmp_path):
    record = tmp_path / "game.json"
    record.write_text('{"title": ["", ""]}', encoding="utf-8")
    for flag in ("-o", "--recorded"):
        code, out, err = run(capsys, "import", "tenhou", str(record), flag, str(record))
        assert code == 2 and out == "" and "is the record being imported" in err
        assert record.read_text(encoding="utf-8") == '{"title": ["", ""]}'
    code, _, err = run(capsys, "import", "tenhou", str(record), "-o", str(tmp_path / "out.json"))
    assert "is the record being imported" not in err  # near miss: another file is written


def test_cli_import_help_example_writes_another_file():
    from api.cli import build_parser

    helptext = build_parser()._subparsers._group_actions[0].choices["import"].format_help()
    for line in re.findall(r"referee import tenhou (\S+) -o (\S+)", helptext):
        assert line[0] != line[1]
