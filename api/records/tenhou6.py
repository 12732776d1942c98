"""tenhou.net/6 JSON → the game's hands (``api.records.tenhou``): take and give lists interleaved by the
turn order, kan-dora placed by RJ-FLOW-4's ``tenhou`` timing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from referee.tiles import FIRST_RED, code

from api.documents.jsonvalues import JsonError, JsonSyntaxError, clip, decode_json
from api.limits import MAX_COUNT
from api.records.tenhou_game import (
    TenhouError,
    ThreePlayerGame,
    _codes,
    _Game,
    _options,
    _order,
    decimal,
    json_error_line,
    player_names,
    whole,
)


def _json_documents(text: str) -> list[dict]:
    """One JSON document, or JSON Lines (one hand a line), read by the referee's one JSON reader
    (``api.documents.jsonvalues``: no repeated name, no number it cannot write back, bounded nesting)."""
    try:
        docs = [decode_json(text)]
    except JsonSyntaxError as whole:
        lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
        if len(lines) < 2:
            raise TenhouError(f"invalid JSON at line {whole.line} column {whole.column}: "
                              f"{whole.msg}") from None
        docs = []
        for n, line in lines:
            try:
                docs.append(decode_json(line))
            except JsonSyntaxError as err:
                raise TenhouError(f"invalid JSON on line {n} column {err.column}: {err.msg}") from None
            except JsonError as err:
                raise TenhouError(f"line {n}: {json_error_line(err)}") from None
    except JsonError as err:
        raise TenhouError(json_error_line(err)) from None
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
_VALUE = re.compile(r"(?:(\d{1,4})符(\d{1,4})飜|(数え役満|三倍満|倍満|跳満|満貫|役満))(\d{1,9})(?:-(\d{1,9}))?点(∀)?$")
_YAKU = re.compile(r"(.+)\((?:(\d{1,4})飜|(役満))\)$")
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
    if type(n) is int:  # (not a bool: ``True`` would find 1)
        tile = _TILES6[red].get(n)
        if tile is not None:
            return tile
    return _tile6_long(n, red)


def _tile6_long(n: object, red: bool) -> int:
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


#: every tenhou.net/6 tile number a game may hold, with red fives and without: our tile
_TILES6 = {red: {n: _tile6_long(n, red) for n in [*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48),
                                                *((51, 52, 53) if red else ())]}
           for red in (True, False)}


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
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise TenhouError(f"'name' is not a list of names (strings): {clip(repr(names), 60)}")
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
        try:
            scores = [whole(v, "a score") for v in start] if isinstance(start, list) else None
        except ValueError as err:
            raise TenhouError(f"hand 0: {err}") from None
        self.game = _Game(player_names(names), _options(self.red, open_tanyao, hanchan, scores))
        ref = first.get("ref")  # the game's id on the server, when the record carries it
        if isinstance(ref, str) and 0 < len(ref) <= 100 and ref.isprintable():
            self.game.id = ref
        sc = first.get("sc") if len(docs) == 1 else docs[-1].get("sc")
        if isinstance(sc, list) and len(sc) == 8:
            try:
                self.game.owari = {"scores": self.game.per_player([whole(v, "a final score")
                                                                   for v in sc[0::2]]),
                                   "points": self.game.per_player([decimal(v, "final points")
                                                                   for v in sc[1::2]])}
            except ValueError as err:
                raise TenhouError(f"'sc': {err}") from None

    def run(self) -> tuple[dict, dict]:
        if not self.log:
            raise TenhouError("no hand: 'log' is empty")
        for index, hand in enumerate(self.log):
            try:
                _Hand6(self, hand).play()
            except (ValueError, TypeError, IndexError, KeyError, AttributeError) as err:
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


def _deltas(values: object) -> list[int]:
    """A result's four score changes, bounded."""
    if not isinstance(values, list) or len(values) != 4:
        raise ValueError(f"the score changes {clip(repr(values), 40)} are not 4 numbers")
    return [whole(v, "a score change") for v in values]


class _Hand6:
    """One hand of a tenhou.net/6 log, played in turn order into events."""

    def __init__(self, owner: _Tenhou6, raw: list):
        if not isinstance(raw, list) or len(raw) != 17:
            raise ValueError(f"a hand has {len(raw) if isinstance(raw, list) else 0} parts, not 17")
        self.owner = owner
        self.game = owner.game
        self.names = owner.game.names
        for part in range(16):
            if not isinstance(raw[part], list):
                raise ValueError(f"part {part} is {clip(repr(raw[part]), 40)}, not a list")
        if len(raw[0]) != 3 or len(raw[1]) != 4:
            raise ValueError("part 0 is not [round, honba, sticks] or part 1 not 4 scores")
        round_, honba, sticks = (whole(v, what, MAX_COUNT, 0) for v, what in
                                 zip(raw[0], ("the round", "the honba", "the sticks")))
        scores, dora, ura = [whole(v, "a score") for v in raw[1]], raw[2], raw[3]
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
                                           scores, self.deal, self.dora[0])
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
        deltas = _deltas(result[1]) if len(result) > 1 else [0, 0, 0, 0]
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
            if self.last_discard is None:
                raise ValueError("three rons (三家和了) with no discard to ron")
            discarder = self.last_discard[0]
            event["players"] = [self.names[(discarder + k) % 4] for k in (1, 2, 3)]
        self.emit(event)
        self.game.record_draw(kind, None, deltas)

    def win(self, deltas: list, detail: list) -> None:
        if not isinstance(detail, list) or len(detail) < 4:
            raise ValueError(f"a win's details {clip(repr(detail), 40)} are not [who, from, pao, "
                             "value, yaku…]")
        who, from_who, pao = (whole(v, "a seat", 3, 0) for v in detail[:3])
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
                         _deltas(deltas))
