"""Randomly edited riichi documents and Tenhou records (issue 32, item 4), for the property that
each is ruled or rejected with a reason, never an internal error: the suite's tests
(``tests/test_riichi_mutants.py``) and ``benchmarks.mutants`` share them.

The material is real: the records under ``../shared/data`` (mjlog XML, plain or gzip, and
tenhou.net/6 JSON), read as bytes, and the single-hand documents their hands import to.

* ``mutate_document``: one to three edits of a hand's events: an event dropped, repeated or moved;
  a field changed to another player, tile, ``how`` or kind, or to a value of the wrong type; an
  event inserted (a win of any ``how``, a riichi, a dora, a call, a discard, a draw).
* ``mutate_record``: byte edits (flipped, dropped, repeated, inserted, cut) or, for JSON, a field of
  the record set to a hostile value (a huge or non-finite number, a string, an object, a deep
  list, a lone surrogate), or for XML an attribute's value changed.

Deterministic in the ``random.Random`` given.
"""
from __future__ import annotations

import copy
import gzip
import json
import random
import re
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from tests.shared_skips import shared

DATA = shared("data")
KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)] + ["0m", "0p", "0s"]
HOWS = ("self_draw", "discard", "rob_kong", "flower", "nonsense")
ODD_VALUES = (None, True, -1, 0, 3, 10**13, 1.5, "", "x", "1m", [], {}, ["1m"], {"A": 1}, "\u001b[2J")
RECORD_VALUES = (None, True, -1, 0, 59, 60, 99, 10**13, 2.5, "", "p111111", "r60", "a11111111",
                 "k11111111", "m11111111", [], {}, [[]], [1, 2], {"a": 1}, "\u001b]0;x\u0007")
RAW_VALUES = (b"1e400", b"9" * 5000, b"-0", b"\"\\ud800\"", b"[" * 200 + b"]" * 200, b"{}",
              b"\"\"", b"null", b"1.0", b"-99999999999999999999")


def record_paths() -> list[Path]:
    """Every Tenhou record under ``../shared/data`` (mjlog, XML, JSON, .txt holding an mjlog)."""
    return sorted(p for p in DATA.rglob("*") if p.is_file() and p.suffix in (".mjlog", ".xml", ".json", ".txt"))


@lru_cache(maxsize=1)
def records() -> tuple[bytes, ...]:
    """The bytes of every record that imports (the material of ``mutate_record``)."""
    from api.records.tenhou import TenhouError, import_tenhou

    out = []
    for path in record_paths():
        data = path.read_bytes()
        try:
            import_tenhou(data)
        except TenhouError:
            continue
        out.append(data)
    return tuple(out)


@lru_cache(maxsize=1)
def hand_documents() -> tuple[dict, ...]:
    """Every hand of the importable records as a single-hand riichi document."""
    from api.records.tenhou import import_tenhou

    out = []
    for data in records():
        doc, _ = import_tenhou(data)
        for hand in doc["hands"]:
            out.append({"format": "mjref/1", "variant": "riichi", "ruleset": doc["ruleset"],
                        "players": doc["players"], "hand": hand})
    return tuple(out)


# --- documents -----------------------------------------------------------------------------------


def _tile(rng: random.Random, events: list[dict]) -> str:
    named = [e["tile"] for e in events if isinstance(e.get("tile"), str)]
    return rng.choice(named) if named and rng.random() < 0.7 else rng.choice(KINDS)


def _event(rng: random.Random, players: list[str], events: list[dict]) -> dict:
    p = rng.choice(players)
    other = rng.choice([q for q in players if q != p])
    tile = _tile(rng, events)
    kind = rng.random()
    if kind < 0.4:
        e: dict = {"type": "win", "player": p, "how": rng.choice(HOWS)}
        if rng.random() < 0.85:
            e["tile"] = tile
        if e["how"] != "self_draw" or rng.random() < 0.2:
            e["from"] = other
        if rng.random() < 0.2:
            e["ura"] = [rng.choice(KINDS)]
        return e
    if kind < 0.55:
        return {"type": "riichi", "player": p}
    if kind < 0.65:
        return {"type": "dora", "tile": tile}
    if kind < 0.75:
        return {"type": rng.choice(("chi", "pon")), "player": p, "tile": tile,
                "with": [rng.choice(KINDS), rng.choice(KINDS)]}
    if kind < 0.8:
        return {"type": "kong", "player": p, "kind": rng.choice(("concealed", "added", "claimed")),
                "tiles": [tile] * 4}
    if kind < 0.9:
        return {"type": "discard", "player": p, "tile": tile}
    if kind < 0.95:
        return {"type": "abort", "kind": rng.choice(("nine_terminals", "four_winds", "four_kans",
                                                       "four_riichi", "triple_ron")), "player": p}
    return {"type": "draw", "player": p, "tile": tile}


def _plausible(rng: random.Random, players: list[str], events: list[dict]) -> list[dict]:
    """One or two events that may well have happened next: a ron on the last discard, a self-draw,
    a riichi and its discard, a call, an irregular act and its report, an abort or a draw."""
    discard = next((e for e in reversed(events) if e.get("type") == "discard"), None)
    draw = events[-1] if events and events[-1].get("type") == "draw" else None
    p = rng.choice(players)
    what = rng.random()
    if discard is not None and what < 0.3:
        rons = [q for q in players if q != discard.get("player")]
        out = []
        for q in rng.sample(rons, rng.choice((1, 1, 1, 2, 3))):
            e = {"type": "win", "player": q, "how": "discard", "tile": discard.get("tile"),
                 "from": discard.get("player")}
            if rng.random() < 0.2:
                e["ura"] = [rng.choice(KINDS)]
            if rng.random() < 0.15:
                e["shown"] = []
            out.append(e)
        return out
    if draw is not None and what < 0.45:
        if rng.random() < 0.5:
            return [{"type": "win", "player": draw.get("player"), "how": "self_draw",
                     "tile": draw.get("tile")}]
        return [{"type": "riichi", "player": draw.get("player")},
                {"type": "discard", "player": draw.get("player"), "tile": draw.get("tile")}]
    if what < 0.55:
        e = {"type": "call", "player": p, "call": rng.choice(("riichi", "win", "pon", "chi", "kong"))}
        if discard is not None and rng.random() < 0.5:
            e["tile"] = discard.get("tile")
        return [e]
    if what < 0.65:
        act = {"type": "act", "player": p, "act": rng.choice(
            ("misdraw", "grab_draw", "draw_holding", "steal", "tile_dropped", "wall_disturbed",
             "hand_disturbed", "not_taken_in"))}
        if rng.random() < 0.5:
            act["recoverable"] = rng.random() < 0.5
        if act["act"] == "wall_disturbed" and rng.random() < 0.7:
            act["count"] = rng.randint(1, 8)
        out = [act]
        if rng.random() < 0.6:
            out.append({"type": "report", "by": rng.choice(players + ["referee"]), "against": p})
        return out
    if what < 0.72:
        return [{"type": "peek", "player": p, "target": rng.choice(["wall", "dead_wall", "ura"] + players)}]
    if what < 0.76:  # an act, report or correction about any event, even a later one or itself
        about = rng.randrange(-1, len(events) + 2)
        kind = rng.random()
        if kind < 0.4:
            return [{"type": "report", "by": rng.choice(players + ["referee"]), "against": p,
                     "about": about, "offence": rng.choice(("RJ-IRR-4", "RJ-IRR-1", "RJ-IRR-6", "TW-XG-1"))}]
        if kind < 0.7:
            return [{"type": "correct", "player": p, "about": about,
                     "action": rng.choice(("restore", "return_tile")), "tile": rng.choice(KINDS + ["?"])}]
        return [{"type": "act", "player": p, "act": rng.choice(("misdraw", "steal", "hand_disturbed")),
                 "about": about}]
    if what < 0.8:
        e = {"type": "exhaustive_draw"}
        if rng.random() < 0.7:
            e["tenpai"] = rng.sample(players, rng.randint(0, 4))
        if rng.random() < 0.2:
            e["nagashi"] = rng.sample(players, 1)
        return [e]
    return [_event(rng, players, events)]


HAND_VALUES = {"honba": (0, 1, 8, 999, 1000), "sticks": (0, 3, 999), "round_wind": ("1z", "2z", "4z"),
               "scores": ({"low": -31000}, {"high": 10**12}, {"zero": 0}, {"drop": None})}

OPTION_VALUES = {"start_points": (0, 100, 10**9), "goal_points": (0, 10**9),
                 "chombo": ("final:0", "final:1000", "table_mangan"), "length": ("tonpuu", "hanchan"),
                 "riichi_needs_draw": (True, False), "nagashi_mangan": (True, False),
                 "abortive_draws": ([], ["triple_ron"]), "pao": ([], ["suukantsu"]),
                 "bust": (True, False), "chombo_dealer": ("keeps", "passes"),
                 "chombo_honba": ("unchanged", "plus_one"), "multi_ron_honba": ("first_winner", "each_winner"),
                 "double_yakuman": (True, False), "kazoe": ("yakuman", "sanbaiman"),
                 "meld_priority": ("type", "first_call"), "extension": ("tenhou", "none"),"multiple_ron": ("double", "head_bump", "all"), "chombo": ("table_mangan", "final:20"),
                 "chombo_with_win": ("both", "void_chombo"), "false_win_unrevealed": ("dead_hand", "chombo"),
                 "empty_call": ("none", "deposit_1000", "dead_hand"), "tenpai_declaration": ("auto", "declared"),
                 "kan_dora": ("tenhou", "immediate"), "riichi_min_points": (1000, None),
                 "wall_collapse": ("chombo", "chombo_if_drawn"), "wrong_count": ("dead_hand", "chombo"),
                 "renhou": ("none", "mangan", "yakuman"), "kiriage": (True, False)}


def mutate_document(rng: random.Random, doc: dict) -> dict:
    """A copy of a single-hand document, with other options three times in ten; cut at a random
    event and what may have happened next added (``_plausible``, one time in two), else one to three random edits of its events (never the deal at index 0), cut
    a few events after the last edit with a chance of one half."""
    doc = copy.deepcopy(doc)
    players = doc["players"]
    events = doc["hand"]["events"]
    if rng.random() < 0.3:  # another club's options
        options = doc["ruleset"] = copy.deepcopy(doc["ruleset"])
        options = options.setdefault("options", {})
        for name in rng.sample(sorted(OPTION_VALUES), rng.randint(1, 3)):
            options[name] = rng.choice(OPTION_VALUES[name])
    if rng.random() < 0.15:  # the hand's numbers at their edges
        hand = doc["hand"]
        field = rng.choice(sorted(HAND_VALUES))
        value = rng.choice(HAND_VALUES[field])
        if field == "scores":
            (how, points), = value.items()
            scores = hand.setdefault("scores", {q: 25000 for q in players})
            victim = rng.choice(players)
            if points is None:
                del scores[victim]
            else:
                scores[victim] = points
        else:
            hand[field] = value
    if rng.random() < 0.5:  # play cut at a random point, then what may have happened next
        del events[rng.randrange(1, len(events)):]
        for _ in range(rng.randint(1, 2)):
            events.extend(_plausible(rng, players, events))
        return doc
    last = 1
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(1, len(events) + 1)
        what = rng.random()
        if what < 0.35 or i == len(events):
            events.insert(i, _event(rng, players, events[:i]))
        elif what < 0.5:
            del events[i]
        elif what < 0.6:
            events.insert(i, copy.deepcopy(events[i]))
        elif what < 0.7:
            j = rng.randrange(1, len(events))
            events[i], events[j] = events[j], events[i]
        else:
            event = events[i]
            field = rng.choice(sorted(event))
            if field == "player":
                event[field] = rng.choice(players)
            elif field == "tile":
                event[field] = _tile(rng, events[:i])
            elif field == "how":
                event[field] = rng.choice(HOWS)
            elif field == "type":
                event[field] = rng.choice(("draw", "discard", "win", "riichi", "chi", "pon"))
            else:
                event[field] = rng.choice(ODD_VALUES)
        last = max(last, i)
    if rng.random() < 0.5 and last + 3 < len(events):
        del events[last + rng.randint(1, 3):]
    return doc


def mutate_game(rng: random.Random, doc: dict) -> dict:
    """A whole game with one hand edited as ``mutate_document`` edits it, and a hand dropped or
    two swapped three times in ten (the next hand no longer follows: RJ-FLOW-11)."""
    doc = copy.deepcopy(doc)
    hands = doc["hands"]
    k = rng.randrange(len(hands))
    one = mutate_document(rng, {**doc, "hand": hands[k]})
    hands[k], doc["ruleset"] = one["hand"], one["ruleset"]
    if len(hands) > 2 and rng.random() < 0.3:
        i, j = rng.sample(range(len(hands)), 2)
        if rng.random() < 0.5:
            del hands[i]
        else:
            hands[i], hands[j] = hands[j], hands[i]
    return doc


@lru_cache(maxsize=1)
def game_documents() -> tuple[dict, ...]:
    """The whole games of the importable records (the material of ``mutate_game``)."""
    from api.records.tenhou import import_tenhou

    return tuple(import_tenhou(data)[0] for data in records())


def documents(count: int, seed: int, games: float = 0.02) -> Iterator[dict]:
    """``count`` mutated documents: a whole game ``games`` of the time, else a single hand."""
    rng = random.Random(seed)
    base = hand_documents()
    for _ in range(count):
        if rng.random() < games:
            yield mutate_game(rng, rng.choice(game_documents()))
        else:
            yield mutate_document(rng, rng.choice(base))


# --- records -------------------------------------------------------------------------------------


def _paths(value: object, path: tuple = ()) -> Iterator[tuple]:
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for k, v in enumerate(value):
            yield from _paths(v, path + (k,))


TILES6 = [s * 10 + r for s in (1, 2, 3) for r in range(1, 10)] + list(range(41, 48)) + [51, 52, 53, 60]


def _plausible6(rng: random.Random, old: object) -> object:
    """Another value of the same kind: a tile for a tile, a call string with another letter or
    tiles, a list with an element dropped, repeated or moved."""
    if isinstance(old, int) and not isinstance(old, bool):
        return rng.choice(TILES6) if rng.random() < 0.8 else old + rng.choice((-1, 1, 100, -1000))
    if isinstance(old, str) and (old[:1].isdigit() or old[:1] in ("r", "c", "p", "m", "k", "a")):
        text = list(old)
        letters = [i for i, ch in enumerate(text) if ch.isalpha()]
        if letters and rng.random() < 0.5:
            text[letters[0]] = rng.choice("cpmkar")
        else:
            digits = [i for i, ch in enumerate(text) if ch.isdigit()]
            if digits:
                text[rng.choice(digits)] = rng.choice("0123456789")
        return "".join(text)
    if isinstance(old, list) and old:
        old = list(old)
        i = rng.randrange(len(old))
        what = rng.random()
        if what < 0.4:
            del old[i]
        elif what < 0.7:
            old.insert(i, old[rng.randrange(len(old))])
        else:
            j = rng.randrange(len(old))
            old[i], old[j] = old[j], old[i]
        return old
    return rng.choice(RECORD_VALUES)


def _json_edit(rng: random.Random, text: bytes) -> bytes:
    lines = text.split(b"\n")
    n = rng.randrange(len(lines))
    try:
        value = json.loads(lines[n])
    except ValueError:
        return text
    paths = [p for p in _paths(value) if p]
    if not paths:
        return text
    path = rng.choice(paths)
    holder = value
    for key in path[:-1]:
        holder = holder[key]
    marker = "\u0000MUTANT\u0000"
    if rng.random() < 0.5:
        for _ in range(rng.randint(1, 3)):
            path = rng.choice(paths)
            holder = value
            try:
                for key in path[:-1]:
                    holder = holder[key]
                holder[path[-1]] = _plausible6(rng, holder[path[-1]])
            except (KeyError, IndexError, TypeError):
                pass
        return b"\n".join(lines[:n] + [json.dumps(value, ensure_ascii=False).encode()] + lines[n + 1:])
    if rng.random() < 0.3:
        holder[path[-1]] = marker
        raw = rng.choice(RAW_VALUES)
    else:
        holder[path[-1]] = rng.choice(RECORD_VALUES)
        raw = None
    line = json.dumps(value, ensure_ascii=False).encode()
    if raw is not None:
        line = line.replace(json.dumps(marker).encode(), raw)
    lines[n] = line
    return b"\n".join(lines)


_ATTRIBUTE = re.compile(rb'(\w+)="([^"]*)"')


_TAG = re.compile(rb"<[A-Z][^<>]*/>")
TAGS = (b'<REACH who="1" step="1"/>', b'<REACH who="2" step="2" ten="250,250,250,250"/>',
        b'<DORA hai="17"/>', b'<N who="2" m="34314"/>', b'<N who="0" m="18441"/>',
        b'<AGARI ba="0,0" hai="0,1,2,4,5,6,8,9,10,12,13,14,16,17" machi="17" ten="30,1000,0" '
        b'yaku="0,1" doraHai="17" who="1" fromWho="0" sc="250,-10,250,10,250,0,250,0"/>',
        b'<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0" type="yao9" hai0="0,4,32,36,72,108"/>',
        b'<T0/>', b'<D0/>', b'<U135/>', b'<INIT seed="0,0,0,1,2,3" ten="250,250,250,250" oya="0" '
        b'hai0="1,2,3" hai1="4" hai2="5" hai3="6"/>', b'<UN n0="%1B%5B2J" n1="b" n2="c" n3="d"/>')


def _tag_edit(rng: random.Random, text: bytes) -> bytes:
    """A tag dropped, repeated, moved, renamed (a draw for another seat) or one inserted."""
    found = list(_TAG.finditer(text))
    if not found:
        return text
    m = rng.choice(found)
    tag = m.group()
    what = rng.random()
    if what < 0.25:
        return text[:m.start()] + text[m.end():]
    if what < 0.45:
        return text[:m.start()] + tag + tag + text[m.end():]
    if what < 0.6:
        other = rng.choice(found)
        if other.start() > m.end():
            return text[:m.start()] + other.group() + text[m.end():other.start()] + tag + text[other.end():]
        return text
    if what < 0.8 and tag[1:2] in b"TUVWDEFG":
        return text[:m.start()] + b"<" + bytes([rng.choice(b"TUVWDEFG")]) + tag[2:] + text[m.end():]
    return text[:m.start()] + rng.choice(TAGS) + text[m.start():]


def _xml_edit(rng: random.Random, text: bytes) -> bytes:
    if rng.random() < 0.5:
        return _tag_edit(rng, text)
    found = list(_ATTRIBUTE.finditer(text))
    if not found:
        return text
    m = rng.choice(found)
    value = rng.choice((b"", b"-1", b"999", b"1,2", b"9" * 5000, b"1e400", b"x", b"0,0,0,0,0,0",
                        m.group(2) + b"," + m.group(2), m.group(2)[::-1], b"136", b"%ED%A0%80",
                        b"&#27;[2J", b"&#xD800;"))
    return text[:m.start(2)] + value + text[m.end(2):]


def _byte_edit(rng: random.Random, data: bytes) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if not data:
            break
        i = rng.randrange(len(data))
        what = rng.random()
        if what < 0.4:
            data[i] = rng.randrange(256)
        elif what < 0.6:
            del data[i:i + rng.randint(1, 16)]
        elif what < 0.8:
            data[i:i] = data[i:i + rng.randint(1, 32)]
        elif what < 0.9:
            data[i:i] = bytes(rng.choice(b"[]{}<>\",:0123456789-e") for _ in range(rng.randint(1, 8)))
        else:
            del data[i:]
    return bytes(data)


def mutate_record(rng: random.Random, data: bytes) -> bytes:
    """A copy of a record's bytes with random byte edits, or a field or attribute edit; a gzip
    record is edited as gzip bytes or, half the time, inflated, edited and deflated again."""
    packed = data[:2] == b"\x1f\x8b"
    if packed and rng.random() < 0.5:
        return gzip.compress(mutate_record(rng, gzip.decompress(data)), mtime=0)
    if not packed and rng.random() < 0.6:
        head = data.lstrip()[:1]
        edited = _xml_edit(rng, data) if head == b"<" else _json_edit(rng, data)
        if edited != data:
            return edited
    return _byte_edit(rng, data)


def mutated_records(count: int, seed: int) -> Iterator[bytes]:
    rng = random.Random(seed)
    base = records()
    for _ in range(count):
        yield mutate_record(rng, rng.choice(base))
