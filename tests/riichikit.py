"""A small language for riichi disputes in tests (RULEBOOK_RIICHI §10 documents).

    h = Hand({"A": "...13 tiles", "B": ..., "C": ..., "D": ...}, avoid="1p4p")
    h.go(3)                       # three turns from the dealer: each draws a filler tile, discards it
    h.draw("B").riichi("B").discard("B")          # B draws, declares riichi, discards the drawn tile
    h.draw("C").discard("C", "1p").win("B", "discard", "1p", frm="C", ura="3z")
    ruling = rule(h.doc())

Filler tiles: every tile of the 136 the document does not name (the deal, the indicators, the ura
and the scripted draws) is dealt out, in a fixed scrambled order, to the draws that name no tile
(``pick`` narrows one to some kinds); the kinds in ``avoid`` come last (a test keeps its waits out of the river that
way). A filler draw is always discarded at once (``discard(p)`` without a tile: the drawn tile), so
hands change only where a test says. ``exhaust()`` plays filler turns until the 70th draw and
records the exhaustive draw.
"""
from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Optional

from api.documents.documents import adjudicate_data

PLAYERS = ("A", "B", "C", "D")
KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
LIVE = 70


def tiles_of(text: str) -> list[str]:
    """``"123m0p55z"`` → ``["1m", "2m", "3m", "0p", "5z", "5z"]``."""
    out, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    assert not digits, f"no suit after {digits!r} in {text!r}"
    return out


def full_set() -> Counter:
    """The 136 tiles with red fives: 0m 0p 0s once, 5m 5p 5s three times."""
    c = Counter({k: 4 for k in KINDS})
    for s in "mps":
        c[f"5{s}"], c[f"0{s}"] = 3, 1
    return c


class Filler(int):
    """A draw's tile left to ``Hand.doc`` (numbered by the draw), and its discard; ``pick``: the
    kinds it may be (any when empty)."""

    pick: frozenset = frozenset()

    def __new__(cls, n: int, pick: str = ""):
        f = super().__new__(cls, n)
        f.pick = frozenset(tiles_of(pick))
        return f

    def __deepcopy__(self, memo):
        return self


class Hand:
    def __init__(self, deal: dict[str, str], dora: str = "5z", dealer: str = "A", avoid: str = "",
                 honba: int = 0, sticks: int = 0, scores: Optional[dict[str, int]] = None,
                 preset: Optional[str] = None, options: Optional[dict] = None,
                 round_wind: str = "1z", start_dealer: Optional[str] = None, seed: int = 1):
        self.deal = {p: tiles_of(deal[p]) for p in PLAYERS}
        for p in PLAYERS:
            assert len(self.deal[p]) == 13, f"{p} is dealt {len(self.deal[p])} tiles"
        self.dora = dora
        self.dealer = dealer
        self.avoid = set(tiles_of(avoid))
        self.hand = {"round_wind": round_wind, "dealer": dealer, "honba": honba, "sticks": sticks,
                     "scores": scores or {p: 25000 for p in PLAYERS}}
        if start_dealer:
            self.hand["start_dealer"] = start_dealer
        self.ruleset: dict = {"preset": preset or "tenhou"}
        if options:
            self.ruleset["options"] = options
        self.events: list[dict] = [{"type": "deal", "hands": {p: deal[p] for p in PLAYERS}, "dora": dora}]
        self.turn = dealer
        self.draws = 0
        self.seed = seed

    # -- events ---------------------------------------------------------------------------------
    def ev(self, **event) -> "Hand":
        self.events.append(event)
        return self

    def draw(self, player: Optional[str] = None, tile: Optional[str] = None, back: bool = False,
             pick: str = "") -> "Hand":
        """``tile`` None: a filler tile, of the kinds in ``pick`` if given."""
        player = player or self.turn
        e = {"type": "draw", "player": player, "tile": tile if tile is not None else Filler(self.draws, pick)}
        if back:
            e["from"] = "back"
        self.draws += 1
        self.turn = player
        return self.ev(**e)

    def discard(self, player: Optional[str] = None, tile: Optional[str] = None) -> "Hand":
        """``tile`` None: the tile he just drew (a filler draw stays a filler)."""
        player = player or self.turn
        if tile is None:
            drawn = self.events[-1] if self.events[-1]["type"] == "draw" else \
                next(e for e in reversed(self.events) if e["type"] == "draw" and e["player"] == player)
            tile = drawn["tile"]  # a filler stays a filler: filled by doc()
        self.turn = PLAYERS[(PLAYERS.index(player) + 1) % 4]
        return self.ev(type="discard", player=player, tile=tile)

    def go(self, n: int = 1, start: Optional[str] = None) -> "Hand":
        """``n`` filler turns in turn order from ``start`` (default: whose turn it is)."""
        if start:
            self.turn = start
        for _ in range(n):
            self.draw().discard()
        return self

    def riichi(self, player: Optional[str] = None) -> "Hand":
        return self.ev(type="riichi", player=player or self.turn)

    def chi(self, player: str, tile: str, with_: str) -> "Hand":
        self.turn = player
        return self.ev(type="chi", player=player, tile=tile, **{"with": tiles_of(with_)})

    def pon(self, player: str, tile: str, with_: str) -> "Hand":
        self.turn = player
        return self.ev(type="pon", player=player, tile=tile, **{"with": tiles_of(with_)})

    def kong(self, player: str, kind: str, tiles: str) -> "Hand":
        self.turn = player
        return self.ev(type="kong", player=player, kind=kind, tiles=tiles_of(tiles))

    def win(self, player: str, how: str, tile: Optional[str] = None, frm: Optional[str] = None,
            ura: Optional[str] = None, **more) -> "Hand":
        e = {"type": "win", "player": player, "how": how}
        if tile is not None:
            e["tile"] = tile
        if frm is not None:
            e["from"] = frm
        if ura is not None:
            e["ura"] = tiles_of(ura)
        return self.ev(**e, **more)

    def exhaust(self, **more) -> "Hand":
        """Filler turns up to the 70th draw, then the exhaustive draw."""
        while self.draws < LIVE:
            self.draw().discard()
        return self.ev(type="exhaustive_draw", **more)

    # -- the document -----------------------------------------------------------------------------
    def named(self) -> Counter:
        """Every tile the events name that leaves the unseen wall: deal, indicators, ura, draws."""
        c: Counter = Counter()
        for p in PLAYERS:
            c.update(self.deal[p])
        c[self.dora] += 1
        ura_seen = False
        for e in self.events:
            if e["type"] in ("draw", "dora") and not isinstance(e.get("tile"), Filler):
                c[e["tile"]] += 1
            if e["type"] == "win" and e.get("ura") and not ura_seen:
                c.update(e["ura"])
                ura_seen = True
        return c

    def doc(self, strict: bool = True) -> dict:
        """The document; ``strict``: the tiles it names fit in the set (a test of a fifth copy
        says ``strict=False``)."""
        events = copy.deepcopy(self.events)
        pool = full_set()
        pool.subtract(self.named())
        bad = {t: n for t, n in pool.items() if n < 0}
        assert not (strict and bad), f"more copies named than the set holds: {bad}"
        order = [t for t in sorted(pool) for _ in range(max(pool[t], 0))]
        random.Random(self.seed).shuffle(order)
        order.sort(key=lambda t: t.replace("0", "5") in self.avoid or t in self.avoid)
        filled: dict[Filler, str] = {}
        for e in events:
            f = e.get("tile")
            if isinstance(f, Filler):
                if f not in filled:
                    k = next(k for k, t in enumerate(order) if not f.pick or t.replace("0", "5") in f.pick)
                    filled[f] = order.pop(k)
                e["tile"] = filled[f]
        return {"format": "mjref/1", "variant": "riichi", "ruleset": copy.deepcopy(self.ruleset),
                "players": list(PLAYERS), "hand": {**copy.deepcopy(self.hand), "events": events}}

    def rule(self) -> dict:
        return rule(self.doc())


def rule(document: dict) -> dict:
    """The ruling of one document, through the command line's path (loader and rulebook)."""
    return adjudicate_data(copy.deepcopy(document))


def hand_of(ruling: dict) -> dict:
    return ruling["hands"][0]


def money(ruling: dict) -> dict:
    """The hand's net per party, zeros left out."""
    return {p: v for p, v in hand_of(ruling)["net"].items() if v}
