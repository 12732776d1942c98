"""Tenhou's mjlog XML → the game's hands (``api.records.tenhou``): meld codes decoded, tags in order.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Optional
from urllib.parse import unquote

from referee.tiles import code

from api.records.tenhou_game import (
    _DRAW_TYPES,
    _END_TYPES,
    _LIMITS,
    _RED_IDS,
    TenhouError,
    ThreePlayerGame,
    _codes,
    _compact_sorted,
    _ends,
    _Game,
    _options,
    decimal,
    player_names,
    whole,
)


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


#: a draw (T U V W) or discard (D E F G) tag's letter: the move and the seat; its tile id follows
_MOVES = {**{c: ("draw", s) for s, c in enumerate("TUVW")}, **{c: ("discard", s) for s, c in enumerate("DEFG")}}


#: each tile id's code, with red fives (a red five's id) and without
_ID_CODES = {red: [code(_RED_IDS[i] if red and i in _RED_IDS else i // 4) for i in range(136)]
             for red in (True, False)}


#: each draw or discard tag in the form the server writes it (``T52``, ``D0``: the id in plain
#: digits), with red fives and without: (move, seat, the tile's code, its id). A tag of another form (a
#: leading zero, an id past 135) is read the long way, and refused there if it must be.
#: each tile id as the server writes it (plain digits), with red fives and without: its tile
_ID_TILES = {red: {str(i): (_RED_IDS[i] if red and i in _RED_IDS else i // 4) for i in range(136)}
             for red in (True, False)}
_MOVE_TAGS = {red: {f"{letter}{i}": (move, seat, codes[i], i) for letter, (move, seat) in _MOVES.items()
                    for i in range(136)}
              for red, codes in _ID_CODES.items()}


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
        self.moves, self.ids = _MOVE_TAGS[True], _ID_TILES[True]  # (as ``red`` is)
        self.game: Optional[_Game] = None
        self.go: Optional[int] = None
        self.raw_names: Optional[list[str]] = None
        self.start_dealer = 0
        self.at: tuple[int, str] = (0, "")  # the tag being read (index, name), for an error
        # the hand being read: its events, the last play tag (kind, seat, meld) with DORA and
        # REACH aside, the last discard (seat, id), and the tag before its first AGARI
        self.events: list[dict] = []
        self.last: Optional[tuple[str, int, Optional[Meld]]] = None
        self.last_discard: Optional[tuple[int, int]] = None
        self.before_win: Optional[tuple[str, int, Optional[Meld]]] = None

    def run(self) -> tuple[dict, dict]:
        for index, el in enumerate(self.root):
            self.at = (index, el.tag)
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

    @property
    def where(self) -> str:
        return f"tag {self.at[0]} <{self.at[1]}>"

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

    def code_of(self, tile_id: int) -> str:
        """``code(self.tile(tile_id))``, from a table: every draw and discard asks it."""
        if 0 <= tile_id < 136:
            return _ID_CODES[self.red][tile_id]
        return code(self.tile(tile_id))  # (raises: out of range)

    def tiles(self, text: str) -> list[int]:
        ids = self.ids
        return [ids[t] if t in ids else self.tile(whole(t, "tile id")) for t in text.split(",") if t != ""]

    def tag(self, el: ET.Element) -> None:
        name = el.tag
        known = self.moves.get(name)
        if known is not None:  # a draw or discard (most tags), from the table
            return self.move(*known)
        move = _MOVES.get(name[:1])
        if move is not None and name[1:].isdecimal():  # a draw or discard: most tags
            tile_id = whole(name[1:])
            if move[0] == "draw":
                return self.draw(move[1], tile_id)
            return self.discard(move[1], tile_id)
        handler = getattr(self, f"tag_{name}", None)
        if handler is not None:
            handler(el.attrib)
        # SHUFFLE, BYE, and anything else: no event

    def tag_GO(self, a: dict) -> None:
        self.go = whole(a["type"])
        if self.go & 0x10:
            raise ThreePlayerGame("a three-player game (GO type bit 0x10): variant riichi is four-player")
        self.red = not self.go & 0x02
        self.moves, self.ids = _MOVE_TAGS[self.red], _ID_TILES[self.red]

    def tag_UN(self, a: dict) -> None:
        if self.raw_names is None and "n0" in a:  # later UN tags are reconnections
            self.raw_names = [unquote(a.get(f"n{s}", "")) for s in range(4)]

    def tag_TAIKYOKU(self, a: dict) -> None:
        self.start_dealer = whole(a.get("oya", 0))

    def tag_INIT(self, a: dict) -> None:
        seed = [whole(x, "seed value") for x in a["seed"].split(",")]
        if len(seed) != 6:
            raise self.fail(f"seed has {len(seed)} values, not 6")
        deal = [self.tiles(a.get(f"hai{s}", "")) for s in range(4)]
        if not deal[3]:
            raise ThreePlayerGame("a three-player game (no tiles dealt to seat 3): variant riichi is "
                                  "four-player")
        for s, tiles in enumerate(deal):
            if len(tiles) != 13:
                raise self.fail(f"hai{s} holds {len(tiles)} tiles, not 13")
        scores = [whole(x, "ten value") * 100 for x in a["ten"].split(",")][:4]
        if len(scores) != 4:
            raise self.fail(f"ten has {len(scores)} values, not 4")
        if self.game is None:
            if self.go is None:
                raise self.fail("no <GO> tag before the first hand")
            names = player_names(self.raw_names or [f"P{s}" for s in range(4)])
            self.game = _Game(names, _options(self.red, not self.go & 0x04, bool(self.go & 0x08),
                                              scores if seed[:3] == [0, 0, 0] else None))
        self.events = self.game.start_hand(seed[0], seed[1], seed[2], whole(a["oya"]) % 4,
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
        self.need_hand()  # (before the tile id's check, as always)
        self.move("draw", seat, self.code_of(tile_id), tile_id)

    def discard(self, seat: int, tile_id: int) -> None:
        self.need_hand()
        self.move("discard", seat, self.code_of(tile_id), tile_id)

    def move(self, kind: str, seat: int, tile: str, tile_id: int) -> None:
        """A draw or discard of tile id ``tile_id`` (its code ``tile``) by ``seat`` (0–3)."""
        game, events = self.game, self.events
        if game is None or not game.hands or events[-1]["type"] in _END_TYPES:
            self.need_hand()  # (raises: no hand, or its result was read)
        event = {"type": kind, "player": game.names[seat], "tile": tile}
        last = self.last
        if kind == "discard":
            self.last_discard = (seat, tile_id)
        elif last and last[0] == "N" and last[1] == seat and last[2].kind.endswith("kan"):
            event["from"] = "back"  # the rinshan draw after his kan (DORA aside)
        events.append(event)
        self.last = (kind, seat, None)

    def tag_N(self, a: dict) -> None:
        events = self.need_hand()
        seat = whole(a["who"])
        player = self.name(seat)
        meld = decode_meld(whole(a["m"], "meld code", 0xFFFF, 0))
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
            self.need_hand().append({"type": "riichi", "player": self.name(whole(a["who"]))})

    def tag_DORA(self, a: dict) -> None:
        self.need_hand().append({"type": "dora", "tile": code(self.tile(whole(a["hai"], "tile id")))})

    def tag_AGARI(self, a: dict) -> None:
        if self.game is None or not self.game.hands:
            raise self.fail("a result before the first <INIT>")
        events = self.events
        if events[-1]["type"] != "win":
            if _ends(events):
                raise self.fail("a second result for one hand")
            self.before_win = self.last
        who, from_who = whole(a["who"]), whole(a["fromWho"])
        win = {"type": "win", "player": self.name(who)}
        before = self.before_win
        if who == from_who:
            win["how"] = "self_draw"
        elif before and before[0] == "N" and before[1] == from_who and \
                before[2].kind in ("added_kan", "concealed_kan"):
            win["how"] = "rob_kong"
        else:
            win["how"] = "discard"
        win["tile"] = code(self.tile(whole(a["machi"], "tile id")))
        if who != from_who:
            win["from"] = self.name(from_who)
        if "doraHaiUra" in a:
            win["ura"] = _codes(self.tiles(a["doraHaiUra"]))
        events.append(win)
        ten = [whole(x, "ten value") for x in a["ten"].split(",")]
        yaku = [whole(x) for x in a.get("yaku", "").split(",") if x != ""]
        if len(ten) < 3 or len(yaku) % 2:
            raise self.fail(f"ten has {len(ten)} values, not 3" if len(ten) < 3 else
                            f"yaku has {len(yaku)} values, not pairs of id and han")
        pairs = [[yaku[i], yaku[i + 1]] for i in range(0, len(yaku), 2)]
        yakuman = [whole(x) for x in a.get("yakuman", "").split(",") if x != ""]
        pao = whole(a["paoWho"]) if "paoWho" in a else None
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
        sc = [whole(x, "sc value") * 100 for x in a["sc"].split(",")]
        if len(sc) != 8:
            raise self.fail(f"sc has {len(sc)} values, not 8")
        return sc[0::2], sc[1::2]

    def owari(self, a: dict) -> None:
        if "owari" in a:
            values = a["owari"].split(",")
            if len(values) != 8:
                raise self.fail(f"owari has {len(values)} values, not 8")
            self.game.owari = {"scores": self.game.per_player([whole(v, "owari score") * 100 for v in values[0::2]]),
                               "points": self.game.per_player([decimal(v, "owari points") for v in values[1::2]])}
