"""Tenhou game records → one ``mjref/1`` document of variant ``riichi`` (RULEBOOK_RIICHI §10, §11),
and the recorded facts beside it.

``import_tenhou(source)`` reads a file path or bytes: mjlog XML (plain or gzip, told apart by the
magic bytes, never by the name) or tenhou.net/6 JSON (one document with every hand in ``log``, or
JSON Lines with one hand a line as mjx writes them). It returns ``(document, recorded)``:

* ``document``: the whole game, ``hands`` in order, each hand's events in table order. Nothing the
  referee must judge is taken from the record: no riichi deposit, no furiten, no value.
* ``recorded``: what the server settled, for an audit to compare with the ruling (never inside the
  document, whose loader rejects unknown fields), in points and player names::

      {"source": "mjlog" | "tenhou6", "players": [...], "owari": {"scores", "points"} | null,
       "hands": [{"label": "East 3, 1 honba", "deltas": {player: points} | null (cut),
                  "before": sc's scores before the result (mjlog) | null, "draw": null | "exhaustive"
                  | "nagashi" | an abort kind, "tenpai": [players] | null, "results": [
          {"result": "win", "who", "from", "pao": player | null, "han", "fu", "points", "limit",
           "yaku": [[Tenhou id, han]], "yakuman": [Tenhou ids], "hand": the AGARI's hai (mjlog)
           | null, "dora": [indicators], "ura": [indicators], "deltas", "value" (JSON only)},
          {"result": "draw", "type", "tenpai", "deltas"}]}]}

  ``han`` is None for a yakuman (and ``fu`` for a JSON limit hand, whose value string has none);
  ``points`` is what the winner is paid without honba and sticks (mjlog's ``ten``).

A three-player game (``ThreePlayerGame``), a file that is not a Tenhou record, or a record that
contradicts itself raises ``TenhouError``, whose message is one line naming the place (the tag or the hand).

The tenhou.net/6 JSON holds per seat a list of tiles taken and a list of tiles given; the importer
interleaves them by playing the turn order (a call string in a take list moves the turn to the
caller; kans and riichi sit in the give lists; ``60`` is the drawn tile discarded) and places the
kan-dora reveals, which the JSON does not time, by RJ-FLOW-4's ``tenhou`` timing.
"""
from __future__ import annotations

import gzip
import json
import os
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Iterable, Optional, Union
from urllib.parse import unquote

from referee.tiles import FIRST_RED, code, compact, kind_of
from rulesbook.riichi.options import TENHOU_SERVER

KYOTAKU = "kyotaku"  # the reserved party of the riichi sticks (§10)
WINDS = ("East", "South", "West", "North")
_RED_IDS = {16: FIRST_RED, 52: FIRST_RED + 1, 88: FIRST_RED + 2}  # mjlog ids of 0m 0p 0s
_LIMITS = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")  # AGARI ten[2]
_ABORTS = {"yao9": "nine_terminals", "kaze4": "four_winds", "kan4": "four_kans",
           "reach4": "four_riichi", "ron3": "triple_ron"}
_DRAW_TYPES = {None: "exhaustive", "nm": "nagashi", **_ABORTS}


class TenhouError(ValueError):
    """A file that cannot be imported; the message is one line and names the place."""


class ThreePlayerGame(TenhouError):
    """A three-player (sanma) record: out of scope for variant riichi (§14.12); an audit lists it
    as skipped, not rejected."""


Source = Union[str, os.PathLike, bytes]


def import_tenhou(source: Source) -> tuple[dict, dict]:
    """The ``mjref/1`` document of a Tenhou record and its recorded facts (see the module doc)."""
    data = _read(source)
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as err:
            raise TenhouError(f"broken gzip data ({err})") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise TenhouError(f"not UTF-8 text (byte {err.start})") from None
    head = text.lstrip()[:1]
    if head == "<":
        return _Mjlog(text).run()
    if head in ("{", "["):
        return _Tenhou6(_json_documents(text)).run()
    raise TenhouError("not a Tenhou record: neither mjlog XML nor tenhou.net/6 JSON")


def is_tenhou6(value: object) -> bool:
    """Whether a JSON value is a tenhou.net/6 record (a ``log`` list), not an ``mjref/1`` document."""
    return isinstance(value, dict) and isinstance(value.get("log"), list) and "format" not in value


def is_record(data: bytes) -> bool:
    """Whether bytes hold a Tenhou record, by their content: gzip, mjlog XML, or JSON whose first
    line (the whole document, or the first of JSON Lines) is a tenhou.net/6 record."""
    if data[:2] == b"\x1f\x8b":
        return True
    text = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text[:8] == b"<mjloggm" or text[:5] == b"<?xml":
        return True
    if text[:1] != b"{":
        return False
    try:
        return is_tenhou6(json.loads(text.split(b"\n", 1)[0]))
    except (ValueError, RecursionError):  # not JSON, or not UTF-8
        return False


def _read(source: Source) -> bytes:
    if isinstance(source, (bytes, bytearray)):
        return bytes(source)
    try:
        with open(source, "rb") as fh:
            return fh.read()
    except FileNotFoundError:
        raise TenhouError("no such file") from None
    except IsADirectoryError:
        raise TenhouError("is a directory, not a record") from None
    except OSError as err:
        raise TenhouError(f"cannot be read ({err.strerror})") from None


# ---------------------------------------------------------------------------------------------
# What both formats share: players, hands, tiles as codes


def player_names(raw: Iterable[str]) -> list[str]:
    """Names in seat order; a name that repeats an earlier one, is empty or is the reserved
    ``kyotaku`` gets ``#`` and the seat number appended (``NoName``, ``NoName#1``)."""
    names: list[str] = []
    for seat, name in enumerate(raw):
        if not name or name in names or name == KYOTAKU:
            name = f"{name}#{seat}"
        names.append(name)
    return names


def hand_label(round_: int, honba: int) -> str:
    """``"East 3, 1 honba"`` for round 2 (0-based: East 1 is 0, South 1 is 4) with 1 honba."""
    return f"{WINDS[round_ // 4 % 4]} {round_ % 4 + 1}, {honba} honba"


def _compact_sorted(tiles: Iterable[int]) -> str:
    return compact(sorted(tiles, key=_order))


def _order(tile: int) -> tuple[int, int]:
    """Tiles by kind, a red five before the plain ones (as mjlog ids order them)."""
    return kind_of(tile), 0 if tile >= FIRST_RED else 1


def _codes(tiles: Iterable[int]) -> list[str]:
    return [code(t) for t in tiles]


class _Game:
    """The document and the recorded facts being built, hand by hand."""

    def __init__(self, names: list[str], options: dict):
        self.names = names
        self.options = options
        self.hands: list[dict] = []
        self.recorded_hands: list[dict] = []
        self.owari: Optional[dict] = None

    def start_hand(self, round_: int, honba: int, sticks: int, dealer: int, start_dealer: int,
                   scores: list[int], deal: list[list[int]], dora: int) -> list[dict]:
        names = self.names
        events: list[dict] = [{"type": "deal",
                               "hands": {names[s]: _compact_sorted(deal[s]) for s in range(4)},
                               "dora": code(dora)}]
        self.hands.append({"round_wind": f"{round_ // 4 % 4 + 1}z", "dealer": names[dealer],
                           "honba": honba, "sticks": sticks,
                           "scores": {names[s]: scores[s] for s in range(4)},
                           "start_dealer": names[start_dealer], "events": events})
        self.recorded_hands.append({"label": hand_label(round_, honba), "results": [],
                                    "deltas": None, "before": None, "draw": None, "tenpai": None})
        return events

    def record(self, result: dict, deltas: list[int], before: Optional[list[int]] = None) -> None:
        hand = self.recorded_hands[-1]
        result["deltas"] = self.per_player(deltas)
        hand["results"].append(result)
        total = hand["deltas"] or {n: 0 for n in self.names}
        hand["deltas"] = {n: total[n] + result["deltas"][n] for n in self.names}
        if before is not None and hand["before"] is None:
            hand["before"] = self.per_player(before)

    def record_draw(self, kind: str, tenpai: Optional[list[int]], deltas: list[int],
                    before: Optional[list[int]] = None) -> None:
        """A draw of any kind; ``tenpai`` None where the record does not say."""
        hand = self.recorded_hands[-1]
        hand["draw"] = kind
        hand["tenpai"] = None if tenpai is None else [self.names[s] for s in tenpai]
        self.record({"result": "draw", "type": kind, "tenpai": hand["tenpai"]}, deltas, before)

    def per_player(self, values: list) -> dict:
        return {self.names[s]: values[s] for s in range(4)}

    def finish(self, source: str) -> tuple[dict, dict]:
        for hand in self.hands:
            if not _ends(hand["events"]):
                hand["events"].append({"type": "end"})  # a cut record: the hand stays open
        document = {"format": "mjref/1", "variant": "riichi",
                    "ruleset": {"preset": "tenhou", "options": self.options},
                    "players": self.names, "hands": self.hands}
        recorded = {"source": source, "players": self.names, "hands": self.recorded_hands,
                    "owari": self.owari}
        return document, recorded


def _ends(events: list[dict]) -> bool:
    return events[-1]["type"] in ("win", "exhaustive_draw", "abort")


def _options(red: bool, open_tanyao: bool, hanchan: bool, first_scores: Optional[list[int]]) -> dict:
    options = {"red_fives": red, "open_tanyao": open_tanyao,
               "length": "hanchan" if hanchan else "tonpuu", **TENHOU_SERVER}
    if first_scores and len(set(first_scores)) == 1 and first_scores[0] != 25000:
        options["start_points"] = first_scores[0]
    return options


# ---------------------------------------------------------------------------------------------
# mjlog XML


@dataclass(frozen=True)
class Meld:
    """A decoded mjlog ``N m``: ``kind`` is ``chi``, ``pon``, ``added_kan``, ``claimed_kan`` or
    ``concealed_kan``; ``ids`` the tile ids (for ``added_kan`` the pon's three, then the added
    tile); ``called`` the id taken from the feeder (None for a concealed kan); ``from_rel`` the
    feeder's seat relative to the caller (1 next, 2 across, 3 before; 0 none)."""

    kind: str
    ids: tuple[int, ...]
    called: Optional[int]
    from_rel: int


def decode_meld(m: int) -> Meld:
    """Decode mjlog's bit-packed meld (Appendix A)."""
    from_rel = m & 3
    if m & 0x4:  # chi: a run of three, one offset per tile
        base, called = divmod(m >> 10, 3)
        first = base // 7 * 9 + base % 7
        ids = tuple((first + i) * 4 + (m >> (3 + 2 * i) & 3) for i in range(3))
        return Meld("chi", ids, ids[called], from_rel)
    if m & 0x18:  # pon, or the tile added to one
        kind, called = divmod(m >> 9, 3)
        unused = m >> 5 & 3
        ids = tuple(kind * 4 + i for i in range(4) if i != unused)
        if m & 0x8:
            return Meld("pon", ids, ids[called], from_rel)
        return Meld("added_kan", ids + (kind * 4 + unused,), ids[called], from_rel)
    if m & 0x20:
        raise ValueError("a nukidora (three-player) call")
    called = m >> 8
    ids = tuple(called // 4 * 4 + i for i in range(4))
    if from_rel == 0:
        return Meld("concealed_kan", ids, None, 0)
    return Meld("claimed_kan", ids, called, from_rel)


_DRAW_TAG = re.compile(r"([TUVW])(\d+)$")
_DISCARD_TAG = re.compile(r"([DEFG])(\d+)$")


class _Mjlog:
    def __init__(self, text: str):
        if "<!DOCTYPE" in text or "<!ENTITY" in text:
            raise TenhouError("mjlog with a DOCTYPE or ENTITY declaration is refused")
        try:
            self.root = ET.fromstring(text)
        except ET.ParseError as err:
            line, col = err.position
            raise TenhouError(f"not well-formed XML at line {line} column {col}") from None
        if self.root.tag != "mjloggm":
            raise TenhouError(f"not an mjlog: the root tag is <{self.root.tag}>, not <mjloggm>")
        self.red = True
        self.game: Optional[_Game] = None
        self.go: Optional[int] = None
        self.raw_names: Optional[list[str]] = None
        self.start_dealer = 0
        self.where = ""
        # the hand being read: its events, the last play tag (kind, seat, meld) with DORA and
        # REACH aside, the last discard (seat, id), and the tag before its first AGARI
        self.events: list[dict] = []
        self.last: Optional[tuple[str, int, Optional[Meld]]] = None
        self.last_discard: Optional[tuple[int, int]] = None
        self.before_win: Optional[tuple[str, int, Optional[Meld]]] = None

    def run(self) -> tuple[dict, dict]:
        for index, el in enumerate(self.root):
            self.where = f"tag {index} <{el.tag}>"
            try:
                self.tag(el)
            except TenhouError:
                raise
            except (KeyError, ValueError, IndexError) as err:
                reason = f"attribute {err} missing" if isinstance(err, KeyError) else str(err)
                raise TenhouError(f"{self.hand_where()}{self.where}: {reason}") from None
        if self.game is None:
            raise TenhouError("no hand: the mjlog has no <INIT> tag")
        return self.game.finish("mjlog")

    def hand_where(self) -> str:
        return f"hand {len(self.game.hands) - 1}, " if self.game and self.game.hands else ""

    def fail(self, reason: str) -> TenhouError:
        return TenhouError(f"{self.hand_where()}{self.where}: {reason}")

    def tile(self, tile_id: int) -> int:
        if not 0 <= tile_id < 136:
            raise self.fail(f"tile id {tile_id} out of 0-135")
        if self.red and tile_id in _RED_IDS:
            return _RED_IDS[tile_id]
        return tile_id // 4

    def tiles(self, text: str) -> list[int]:
        return [self.tile(int(t)) for t in text.split(",") if t != ""]

    def tag(self, el: ET.Element) -> None:
        name, a = el.tag, el.attrib
        if m := _DRAW_TAG.match(name):
            return self.draw("TUVW".index(m.group(1)), int(m.group(2)))
        if m := _DISCARD_TAG.match(name):
            return self.discard("DEFG".index(m.group(1)), int(m.group(2)))
        handler = getattr(self, f"tag_{name}", None)
        if handler is not None:
            handler(a)
        # SHUFFLE, BYE, and anything else: no event

    def tag_GO(self, a: dict) -> None:
        self.go = int(a["type"])
        if self.go & 0x10:
            raise ThreePlayerGame("a three-player game (GO type bit 0x10): variant riichi is four-player")
        self.red = not self.go & 0x02

    def tag_UN(self, a: dict) -> None:
        if self.raw_names is None and "n0" in a:  # later UN tags are reconnections
            self.raw_names = [unquote(a.get(f"n{s}", "")) for s in range(4)]

    def tag_TAIKYOKU(self, a: dict) -> None:
        self.start_dealer = int(a.get("oya", 0))

    def tag_INIT(self, a: dict) -> None:
        seed = [int(x) for x in a["seed"].split(",")]
        if len(seed) != 6:
            raise self.fail(f"seed has {len(seed)} values, not 6")
        deal = [self.tiles(a.get(f"hai{s}", "")) for s in range(4)]
        if not deal[3]:
            raise ThreePlayerGame("a three-player game (no tiles dealt to seat 3): variant riichi is "
                                  "four-player")
        for s, tiles in enumerate(deal):
            if len(tiles) != 13:
                raise self.fail(f"hai{s} holds {len(tiles)} tiles, not 13")
        scores = [int(x) * 100 for x in a["ten"].split(",")][:4]
        if self.game is None:
            if self.go is None:
                raise self.fail("no <GO> tag before the first hand")
            names = player_names(self.raw_names or [f"P{s}" for s in range(4)])
            self.game = _Game(names, _options(self.red, not self.go & 0x04, bool(self.go & 0x08),
                                              scores if seed[:3] == [0, 0, 0] else None))
        self.events = self.game.start_hand(seed[0], seed[1], seed[2], int(a["oya"]) % 4,
                                           self.start_dealer % 4, scores, deal, self.tile(seed[5]))
        self.last = self.last_discard = self.before_win = None

    def need_hand(self) -> list[dict]:
        if self.game is None or not self.game.hands:
            raise self.fail("a play tag before the first <INIT>")
        if _ends(self.events):
            raise self.fail("a play tag after the hand's result")
        return self.events

    def name(self, seat: int) -> str:
        if not 0 <= seat < 4:
            raise self.fail(f"seat {seat} out of 0-3")
        return self.game.names[seat]

    def draw(self, seat: int, tile_id: int) -> None:
        events = self.need_hand()
        event = {"type": "draw", "player": self.name(seat), "tile": code(self.tile(tile_id))}
        if self.last and self.last[0] == "N" and self.last[1] == seat and \
                self.last[2].kind.endswith("kan"):
            event["from"] = "back"  # the rinshan draw after his kan (DORA aside)
        events.append(event)
        self.last = ("draw", seat, None)

    def discard(self, seat: int, tile_id: int) -> None:
        self.need_hand().append({"type": "discard", "player": self.name(seat),
                                 "tile": code(self.tile(tile_id))})
        self.last = ("discard", seat, None)
        self.last_discard = (seat, tile_id)

    def tag_N(self, a: dict) -> None:
        events = self.need_hand()
        seat = int(a["who"])
        player = self.name(seat)
        meld = decode_meld(int(a["m"]))
        if meld.called is not None and meld.kind != "added_kan":
            feeder = (seat + meld.from_rel) % 4
            if self.last_discard != (feeder, meld.called) or self.last[0] != "discard":
                raise self.fail(f"{meld.kind} of tile id {meld.called} from seat {feeder}, "
                                f"which is not the last discard")
            rest = sorted(i for i in meld.ids if i != meld.called)
            if meld.kind == "claimed_kan":
                events.append({"type": "kong", "player": player, "kind": "claimed",
                               "tiles": _codes(self.tile(i) for i in rest + [meld.called])})
            else:
                events.append({"type": meld.kind, "player": player,
                               "tile": code(self.tile(meld.called)),
                               "with": _codes(self.tile(i) for i in rest)})
        elif meld.kind == "added_kan":
            ids = sorted(meld.ids[:3]) + [meld.ids[3]]
            events.append({"type": "kong", "player": player, "kind": "added",
                           "tiles": _codes(self.tile(i) for i in ids)})
        else:
            events.append({"type": "kong", "player": player, "kind": "concealed",
                           "tiles": _codes(self.tile(i) for i in sorted(meld.ids))})
        self.last = ("N", seat, meld)

    def tag_REACH(self, a: dict) -> None:
        if a.get("step") == "1":  # step 2 (the deposit) is the referee's to establish
            self.need_hand().append({"type": "riichi", "player": self.name(int(a["who"]))})

    def tag_DORA(self, a: dict) -> None:
        self.need_hand().append({"type": "dora", "tile": code(self.tile(int(a["hai"])))})

    def tag_AGARI(self, a: dict) -> None:
        if self.game is None or not self.game.hands:
            raise self.fail("a result before the first <INIT>")
        events = self.events
        if events[-1]["type"] != "win":
            if _ends(events):
                raise self.fail("a second result for one hand")
            self.before_win = self.last
        who, from_who = int(a["who"]), int(a["fromWho"])
        win = {"type": "win", "player": self.name(who)}
        before = self.before_win
        if who == from_who:
            win["how"] = "self_draw"
        elif before and before[0] == "N" and before[1] == from_who and \
                before[2].kind in ("added_kan", "concealed_kan"):
            win["how"] = "rob_kong"
        else:
            win["how"] = "discard"
        win["tile"] = code(self.tile(int(a["machi"])))
        if who != from_who:
            win["from"] = self.name(from_who)
        if "doraHaiUra" in a:
            win["ura"] = _codes(self.tiles(a["doraHaiUra"]))
        events.append(win)
        ten = [int(x) for x in a["ten"].split(",")]
        yaku = [int(x) for x in a.get("yaku", "").split(",") if x != ""]
        pairs = [[yaku[i], yaku[i + 1]] for i in range(0, len(yaku), 2)]
        yakuman = [int(x) for x in a.get("yakuman", "").split(",") if x != ""]
        pao = int(a["paoWho"]) if "paoWho" in a else None
        result = {"result": "win", "who": self.name(who), "from": self.name(from_who),
                  "pao": self.name(pao) if pao is not None and pao != who else None,
                  "han": sum(h for _, h in pairs) if pairs else None, "fu": ten[0],
                  "points": ten[1], "limit": _LIMITS[ten[2]] if 0 <= ten[2] < 6 else str(ten[2]),
                  "yaku": pairs, "yakuman": yakuman,
                  "hand": _compact_sorted(self.tiles(a["hai"])),
                  "dora": _codes(self.tiles(a.get("doraHai", ""))),
                  "ura": _codes(self.tiles(a.get("doraHaiUra", "")))}
        before_scores, deltas = self.sc(a)
        self.game.record(result, deltas, before_scores)
        self.owari(a)

    def tag_RYUUKYOKU(self, a: dict) -> None:
        events = self.need_hand()
        kind = _DRAW_TYPES.get(a.get("type"))
        if kind is None:
            raise self.fail(f"unknown draw type {a.get('type')!r}")
        shown = [s for s in range(4) if f"hai{s}" in a]
        before_scores, deltas = self.sc(a)
        if kind in ("exhaustive", "nagashi"):
            event = {"type": "exhaustive_draw", "tenpai": [self.name(s) for s in shown]}
            if kind == "nagashi":  # the server paid it: the seats it credited
                event["nagashi"] = [self.name(s) for s in range(4) if deltas[s] > 0]
            events.append(event)
        else:
            event = {"type": "abort", "kind": kind}
            if kind == "nine_terminals":
                if len(shown) != 1:
                    raise self.fail(f"nine terminals shown by {len(shown)} seats, not 1")
                event["player"] = self.name(shown[0])
            elif kind == "triple_ron":
                event["players"] = [self.name(s) for s in shown]
            events.append(event)
        self.game.record_draw(kind, shown if kind in ("exhaustive", "nagashi") else None, deltas,
                              before_scores)
        self.owari(a)

    def sc(self, a: dict) -> tuple[list[int], list[int]]:
        sc = [int(x) * 100 for x in a["sc"].split(",")]
        if len(sc) != 8:
            raise self.fail(f"sc has {len(sc)} values, not 8")
        return sc[0::2], sc[1::2]

    def owari(self, a: dict) -> None:
        if "owari" in a:
            values = a["owari"].split(",")
            self.game.owari = {"scores": self.game.per_player([int(v) * 100 for v in values[0::2]]),
                               "points": self.game.per_player([float(v) for v in values[1::2]])}


# ---------------------------------------------------------------------------------------------
# tenhou.net/6 JSON


def _json_documents(text: str) -> list[dict]:
    """One JSON document, or JSON Lines (one hand a line)."""
    try:
        docs = [json.loads(text)]
    except json.JSONDecodeError as whole:
        lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
        if len(lines) < 2:
            raise TenhouError(f"invalid JSON at line {whole.lineno} column {whole.colno}: "
                              f"{whole.msg}") from None
        docs = []
        for n, line in lines:
            try:
                docs.append(json.loads(line))
            except json.JSONDecodeError as err:
                raise TenhouError(f"invalid JSON on line {n} column {err.colno}: {err.msg}") from None
    for n, doc in enumerate(docs):
        if not isinstance(doc, dict) or not isinstance(doc.get("log"), list):
            where = f"line {n + 1}: " if len(docs) > 1 else ""
            raise TenhouError(f"{where}not a tenhou.net/6 record: no 'log' list")
    return docs


_YAKU_IDS = {name: i for i, name in enumerate((
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
    "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順",
    "三色同刻", "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色",
    "清一色", "人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭",
    "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子",
    "ドラ", "裏ドラ", "赤ドラ"))}
"""Tenhou's yaku ids (those of mjlog's ``yaku``) by the names its JSON writes."""
_VALUE_LIMITS = {"満貫": "mangan", "跳満": "haneman", "倍満": "baiman", "三倍満": "sanbaiman",
                 "役満": "yakuman", "数え役満": "yakuman"}
_VALUE = re.compile(r"(?:(\d+)符(\d+)飜|(数え役満|三倍満|倍満|跳満|満貫|役満))(\d+)(?:-(\d+))?点(∀)?$")
_YAKU = re.compile(r"(.+)\((?:(\d+)飜|(役満))\)$")
_ABORT_RESULTS = {"九種九牌": "nine_terminals", "四風連打": "four_winds", "四槓散了": "four_kans",
                  "四家立直": "four_riichi", "三家和了": "triple_ron"}


def parse_value(text: str) -> dict:
    """A JSON win's value string: ``"30符4飜7700点"``, ``"満貫2000-4000点"``, ``"2600点∀"`` (a
    dealer's self-draw, paid by all) → fu, han (None where the string has none), points (the
    total the winner is paid, as mjlog's ``ten`` gives it) and limit."""
    m = _VALUE.match(re.sub(r"\s", "", text))
    if not m:
        raise ValueError(f"unreadable value {text!r}")
    fu, han, limit, first, second, everyone = m.groups()
    first = int(first)
    # "A-B": each non-dealer pays A, the dealer B; "A∀": each of the three pays A
    points = first * 3 if everyone else 2 * first + int(second) if second else first
    return {"fu": int(fu) if fu else None, "han": int(han) if han else None,
            "points": points, "limit": _VALUE_LIMITS.get(limit, "")}


def _tile6(n: object, red: bool) -> int:
    """A tenhou.net/6 tile number → our tile (11–19 m, 21–29 p, 31–39 s, 41–47 z, 51–53 red)."""
    if not isinstance(n, int) or isinstance(n, bool):
        raise ValueError(f"tile {n!r} is not a number")
    suit, rank = divmod(n, 10)
    if suit == 5 and 1 <= rank <= 3:
        if not red:
            raise ValueError(f"red five {n} in a game without red fives")
        return FIRST_RED + rank - 1
    if 1 <= suit <= 3 and 1 <= rank <= 9:
        return (suit - 1) * 9 + rank - 1
    if suit == 4 and 1 <= rank <= 7:
        return 27 + rank - 1
    raise ValueError(f"tile {n!r} is not a tenhou.net/6 tile")


_CALL = re.compile(r"^((?:\d\d)*)([cpmka])(\d\d)((?:\d\d)*)$")


@dataclass(frozen=True)
class _Call:
    letter: str           # c chi, p pon, m open kan, k added kan, a concealed kan
    named: int            # the tile after the letter: the claimed one (c p m), the added one (k)
    others: tuple[int, ...]
    position: int         # the letter's place in the string: who fed it


class _Tenhou6:
    def __init__(self, docs: list[dict]):
        first = docs[0]
        self.log = [hand for doc in docs for hand in doc["log"]]
        rule = first.get("rule") if isinstance(first.get("rule"), dict) else {}
        disp = str(rule.get("disp", ""))
        names = first.get("name") or ["", "", "", ""]
        if disp.startswith("三") or len(names) == 3 or \
                any(isinstance(h, list) and len(h) == 14 for h in self.log):
            raise ThreePlayerGame("a three-player game: variant riichi is four-player")
        if len(names) != 4:
            raise TenhouError(f"'name' has {len(names)} players, not 4")
        akas = [rule[k] for k in ("aka", "aka51", "aka52", "aka53") if k in rule]
        self.red = any(akas) if akas else True
        lobby = "東" in disp or "南" in disp
        hanchan = "南" in disp if lobby else True
        open_tanyao = "喰" in disp if lobby else True
        first_hand = self.log[0] if self.log else None
        start = None
        if isinstance(first_hand, list) and len(first_hand) > 1 and first_hand[0] == [0, 0, 0]:
            start = first_hand[1]
        self.game = _Game(player_names(str(n) for n in names),
                          _options(self.red, open_tanyao, hanchan, start))
        sc = first.get("sc") if len(docs) == 1 else docs[-1].get("sc")
        if isinstance(sc, list) and len(sc) == 8:
            self.game.owari = {"scores": self.game.per_player([int(v) for v in sc[0::2]]),
                               "points": self.game.per_player([float(v) for v in sc[1::2]])}

    def run(self) -> tuple[dict, dict]:
        if not self.log:
            raise TenhouError("no hand: 'log' is empty")
        for index, hand in enumerate(self.log):
            try:
                _Hand6(self, hand).play()
            except (ValueError, TypeError, IndexError, KeyError) as err:
                raise TenhouError(f"hand {index}: {err}") from None
        return self.game.finish("tenhou6")

    def tile(self, n: object) -> int:
        return _tile6(n, self.red)

    def call(self, text: str) -> _Call:
        m = _CALL.match(text)
        if not m:
            raise ValueError(f"unreadable call {text!r}")
        before, letter, named, after = m.groups()
        others = [before[i:i + 2] for i in range(0, len(before), 2)] + \
                 [after[i:i + 2] for i in range(0, len(after), 2)]
        size = 2 if letter == "c" or letter == "p" else 3
        if len(others) != size:
            raise ValueError(f"call {text!r} holds {len(others) + 1} tiles")
        return _Call(letter, self.tile(int(named)), tuple(self.tile(int(t)) for t in others),
                     len(before))


class _Hand6:
    """One hand of a tenhou.net/6 log, played in turn order into events."""

    def __init__(self, owner: _Tenhou6, raw: list):
        if not isinstance(raw, list) or len(raw) != 17:
            raise ValueError(f"a hand has {len(raw) if isinstance(raw, list) else 0} parts, not 17")
        self.owner = owner
        self.game = owner.game
        self.names = owner.game.names
        (round_, honba, sticks), scores, dora, ura = raw[0], raw[1], raw[2], raw[3]
        self.result = raw[16]
        self.deal = [[owner.tile(t) for t in raw[4 + 3 * s]] for s in range(4)]
        self.takes = [list(raw[5 + 3 * s]) for s in range(4)]
        self.gives = [list(raw[6 + 3 * s]) for s in range(4)]
        self.dora = [owner.tile(t) for t in dora]
        self.ura = [owner.tile(t) for t in ura]
        if not self.dora:
            raise ValueError("no dora indicator")
        for s in range(4):
            if len(self.deal[s]) != 13:
                raise ValueError(f"seat {s} is dealt {len(self.deal[s])} tiles, not 13")
        self.dealer = round_ % 4
        self.events = self.game.start_hand(round_, honba, sticks, self.dealer, 0,
                                           [int(x) for x in scores], self.deal, self.dora[0])
        self.next_dora = 1
        self.ti = [0, 0, 0, 0]
        self.gi = [0, 0, 0, 0]
        self.drawn: Optional[int] = None
        self.riichi: set[int] = set()
        self.last_discard: Optional[tuple[int, int]] = None
        self.last_act: Optional[tuple[str, int, int]] = None  # (draw/discard/added/concealed, seat, tile)

    def emit(self, event: dict) -> None:
        self.events.append(event)

    def turn_dora(self) -> None:
        if self.next_dora < len(self.dora):
            self.emit({"type": "dora", "tile": code(self.dora[self.next_dora])})
            self.next_dora += 1

    def play(self) -> None:
        seat, must_draw, back, pending = self.dealer, True, False, 0
        while True:
            if must_draw:
                if self.ti[seat] >= len(self.takes[seat]):
                    break  # the hand ended on the last discard (or on a robbed kan)
                take = self.takes[seat][self.ti[seat]]
                if isinstance(take, str):
                    raise ValueError(f"seat {seat}'s call {take!r} does not follow a discard "
                                     f"it can claim")
                self.ti[seat] += 1
                self.drawn = self.owner.tile(take)
                event = {"type": "draw", "player": self.names[seat], "tile": code(self.drawn)}
                if back:
                    event["from"] = "back"
                self.emit(event)
                self.last_act = ("draw", seat, self.drawn)
            if self.gi[seat] >= len(self.gives[seat]):
                break  # he ended the hand holding his tiles: a self-draw or nine terminals
            give = self.gives[seat][self.gi[seat]]
            self.gi[seat] += 1
            if isinstance(give, str) and give[:1] != "r":
                call = self.owner.call(give)
                if call.letter not in "ka":
                    raise ValueError(f"seat {seat} gives the claim {give!r}")
                self.kan(seat, call)
                for _ in range(pending):  # turned at his next kan (RJ-FLOW-4, tenhou)
                    self.turn_dora()
                pending = 0
                if call.letter == "a":
                    self.turn_dora()  # a concealed kan turns its indicator at once
                else:
                    pending = 1  # an added kan turns it after the rinshan draw
                must_draw, back = True, True
                continue
            for _ in range(pending):
                self.turn_dora()
            pending = 0
            self.give(seat, give)
            claim = self.claim(seat)
            if claim is None:
                seat, must_draw, back = (seat + 1) % 4, True, False
                continue
            seat, call = claim
            if call.letter == "m":
                placeholder = self.gives[seat][self.gi[seat]] if self.gi[seat] < len(self.gives[seat]) else None
                if placeholder != 0:
                    raise ValueError(f"seat {seat}'s open kan has no 0 in his discards")
                self.gi[seat] += 1
                pending, must_draw, back = 1, True, True
            else:
                must_draw, back = False, False
        if self.next_dora < len(self.dora):
            raise ValueError(f"{len(self.dora) - self.next_dora} dora indicator(s) turned by no kan")
        for s in range(4):
            if self.ti[s] != len(self.takes[s]) or self.gi[s] != len(self.gives[s]):
                raise ValueError(f"seat {s}'s tiles cannot be put in turn order (take "
                                 f"{self.ti[s]} of {len(self.takes[s])}, discard {self.gi[s]} of "
                                 f"{len(self.gives[s])})")
        self.finish(seat)

    def give(self, seat: int, give: object) -> None:
        """A discard, or a riichi declaration and its discard; ``60`` is the drawn tile."""
        if isinstance(give, str):
            self.riichi.add(seat)
            self.emit({"type": "riichi", "player": self.names[seat]})
            give = int(give[1:])
        if give == 60:
            if self.drawn is None or self.last_act[:2] != ("draw", seat):
                raise ValueError(f"seat {seat} discards the drawn tile without a draw")
            tile = self.drawn
        else:
            tile = self.owner.tile(give)
        self.emit({"type": "discard", "player": self.names[seat], "tile": code(tile)})
        self.last_discard = (seat, tile)
        self.last_act = ("discard", seat, tile)

    def kan(self, seat: int, call: _Call) -> None:
        player = self.names[seat]
        if call.letter == "a":
            tiles = sorted(call.others + (call.named,), key=_order)
            self.emit({"type": "kong", "player": player, "kind": "concealed", "tiles": _codes(tiles)})
            self.last_act = ("concealed", seat, call.named)
        else:
            pon = sorted(call.others, key=_order)
            self.emit({"type": "kong", "player": player, "kind": "added",
                       "tiles": _codes(pon + [call.named])})
            self.last_act = ("added", seat, call.named)

    def claim(self, discarder: int) -> Optional[tuple[int, _Call]]:
        """Who claims the discard just made: a pon or open kan first, then the next seat's chi.
        A call string at the head of a seat's take list is his next act, so it is this discard's
        when its feeder and tile match."""
        tile = self.last_discard[1]
        found = None
        for q in range(4):
            if q == discarder or self.ti[q] >= len(self.takes[q]):
                continue
            take = self.takes[q][self.ti[q]]
            if not isinstance(take, str):
                continue
            call = self.owner.call(take)
            if call.named != tile:
                continue
            if call.letter == "c":
                feeder = (q + 3) % 4
            elif call.letter in "pm":
                places = {0: 3, 2: 2, 4 if call.letter == "p" else 6: 1}
                if call.position not in places:
                    raise ValueError(f"call {take!r} names no feeder")
                feeder = (q + places[call.position]) % 4
            else:
                raise ValueError(f"seat {q} takes the kan {take!r}")
            if feeder != discarder:
                continue
            if call.letter in "pm" or found is None:
                found = (q, call)
        if found is None:
            return None
        q, call = found
        self.ti[q] += 1
        player = self.names[q]
        hand = sorted(call.others, key=_order)
        if call.letter == "m":
            self.emit({"type": "kong", "player": player, "kind": "claimed",
                       "tiles": _codes(hand + [call.named])})
        else:
            self.emit({"type": "chi" if call.letter == "c" else "pon", "player": player,
                       "tile": code(call.named), "with": _codes(hand)})
        self.last_act = ("claim", q, call.named)
        return found

    def finish(self, seat: int) -> None:
        result = self.result
        if not isinstance(result, list) or not result or not isinstance(result[0], str):
            raise ValueError("no result")
        what = result[0]
        if what == "和了":
            if len(result) < 3 or len(result) % 2 == 0:
                raise ValueError("a win result without its deltas and details")
            for k in range(1, len(result), 2):
                self.win(result[k], result[k + 1])
            return
        deltas = [int(x) for x in result[1]] if len(result) > 1 else [0, 0, 0, 0]
        if what in ("流局", "全員不聴", "全員聴牌", "流し満貫"):
            kind = "nagashi" if what == "流し満貫" else "exhaustive"
            if what == "全員聴牌":
                tenpai = [0, 1, 2, 3]
            elif kind == "exhaustive":  # the deltas leave the deposits out: gainers are tenpai
                tenpai = [s for s in range(4) if deltas[s] > 0]
            else:
                tenpai = None  # a nagashi record does not say who was tenpai
            event = {"type": "exhaustive_draw"}
            if tenpai is not None:
                event["tenpai"] = [self.names[s] for s in tenpai]
            if kind == "nagashi":
                event["nagashi"] = [self.names[s] for s in range(4) if deltas[s] > 0]
            self.emit(event)
            self.game.record_draw(kind, tenpai, deltas)
            return
        kind = _ABORT_RESULTS.get(what)
        if kind is None:
            raise ValueError(f"unknown result {what!r}")
        event = {"type": "abort", "kind": kind}
        if kind == "nine_terminals":
            event["player"] = self.names[seat]
        elif kind == "triple_ron":
            discarder = self.last_discard[0]
            event["players"] = [self.names[(discarder + k) % 4] for k in (1, 2, 3)]
        self.emit(event)
        self.game.record_draw(kind, None, deltas)

    def win(self, deltas: list, detail: list) -> None:
        who, from_who, pao = int(detail[0]), int(detail[1]), int(detail[2])
        event = {"type": "win", "player": self.names[who]}
        if self.last_act is None:
            raise ValueError("a win before any play")
        act, actor, tile = self.last_act
        if who == from_who:
            if act != "draw" or actor != who:
                raise ValueError(f"seat {who}'s self-draw does not follow his draw")
            event["how"] = "self_draw"
        elif act in ("added", "concealed") and actor == from_who:
            event["how"] = "rob_kong"
        elif act == "discard" and actor == from_who:
            event["how"] = "discard"
        else:
            raise ValueError(f"seat {who}'s win from seat {from_who} follows no discard or kan of his")
        event["tile"] = code(tile)
        if who != from_who:
            event["from"] = self.names[from_who]
        if who in self.riichi and self.ura:
            event["ura"] = _codes(self.ura)
        self.emit(event)
        value = parse_value(str(detail[3]))
        yaku, yakuman = [], []
        for text in detail[4:]:
            m = _YAKU.match(re.sub(r"\s", "", str(text)).replace("自風", "自風 ").replace(
                "場風", "場風 ").replace("役牌", "役牌 "))
            if not m or m.group(1) not in _YAKU_IDS:
                raise ValueError(f"unknown yaku {text!r}")
            if m.group(3):
                yakuman.append(_YAKU_IDS[m.group(1)])
            else:
                yaku.append([_YAKU_IDS[m.group(1)], int(m.group(2))])
        han = value["han"] if value["han"] is not None else (
            sum(h for _, h in yaku) if yaku and not yakuman else None)
        indicators = self.dora[:self.next_dora]
        self.game.record({"result": "win", "who": self.names[who], "from": self.names[from_who],
                          "pao": self.names[pao] if pao != who else None, "han": han,
                          "fu": value["fu"], "points": value["points"], "limit": value["limit"],
                          "yaku": yaku, "yakuman": yakuman, "hand": None,
                          "dora": _codes(indicators),
                          "ura": event.get("ura", []), "value": str(detail[3])},
                         [int(x) for x in deltas])
