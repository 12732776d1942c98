"""Self-play of legal Sichuan 血战到底 hands: the family's generator (``rulesbook.family13.selfplay``)
with Sichuan's set and flow (RULEBOOK_SC), for property tests, mutation tests and benchmarks.

* 108 tiles (the three suits), no flowers, no dead wall; no chow (SC-FLOW-5);
* after the deal each player declares his void suit (定缺, SC-QM-1), the suit he holds fewest of,
  in turn order from the dealer; the bots discard the void suit first (SC-QM-4 never fires) and
  never pon or kong it (SC-QM-3 never fires);
* a win does not end the hand (SC-XZ): the winner leaves play, every valid declarer on one discard
  or one robbed kong wins (一炮多响, SC-PR-2 ``all``), play goes on from the next player in play
  (SC-XZ-2), and the hand ends at the third win or at the exhaustive draw;
* a valid win is one the Sichuan count accepts (``rulesbook.sichuan.fan.count_win``: a winning
  shape without the void suit), with 杠上炮 known to it; every valid win is declared at once, so
  nobody passes a win (SC-GS-1); a pon let go bars that kind to the bot until its next draw
  (过碰, SC-GS-5), so no pon is ever a wrong claim.

``play_game`` chains hands with the next dealer of SC-FLOW-9: the first winner, the discarder (or
the robbed kong's player) when the first win was several players on one tile, else the dealer.
"""
from __future__ import annotations

from typing import Optional, Sequence

from rulesbook.family13 import selfplay
from rulesbook.family13.context import Win13
from rulesbook.family13.selfplay import PLAYERS, Seed, Variant

from .fan import count_win, sc_win
from .options import ScRules

SUITS = "mps"
SC = Variant("sichuan", ScRules.of, count_win, lambda r: False, lambda r: 0, kinds=27, chi=False,
             wins_to_end=3)

__all__ = ["SC", "PLAYERS", "HandPlay", "document", "play_game", "play_hand"]


class HandPlay(selfplay.HandPlay):
    """One Sichuan hand (see the module)."""

    def __init__(self, *args, **kw) -> None:
        super().__init__(*args, variant=SC, **kw)
        self.void: dict[str, int] = {}  # the declared void suit: 0 萬, 1 筒, 2 索
        # 过碰: kind -> the discard that barred it, until his next draw
        self.pon_bar: dict[str, dict[int, int]] = {n: {} for n in self.names}
        self.first: list[str] = []  # the first tile's winners (several on one discard: 一炮多响)
        self.feeder: Optional[str] = None  # whose discard or kong the first win was on
        self._first_end = -1  # the event index of the last of those wins

    def _after_deal(self) -> None:
        k = self.names.index(self.dealer)
        for name in (self.names[(k + d) % 4] for d in range(4)):
            counts = self.p[name].counts
            suit = min(range(3), key=lambda s: (sum(counts[9 * s:9 * s + 9]), s))
            self.void[name] = suit
            self._emit(type="declare", player=name, what="void_suit", suit=SUITS[suit])

    def _holds_void(self, name: str) -> bool:
        ps, v = self.p[name], self.void[name]
        return any(ps.counts[9 * v:9 * v + 9]) or any(m.tiles[0] // 9 == v for m in ps.melds)

    def _valid(self, name: str, tile: int, how: str, kong_chain: int = 0) -> bool:
        if tile // 9 == self.void[name] or self._holds_void(name):
            return False  # SC-QM-2: never declared, so never a false win
        return super()._valid(name, tile, how, kong_chain)

    def _counted(self, name: str, win: Win13):
        e = self.events
        kong_discard = (win.how == "discard" and len(e) >= 2 and e[-1]["type"] == "discard"
                        and e[-2]["type"] == "draw" and e[-2].get("from") == "back")
        return count_win(sc_win(win, kong_discard, self.void[name]), self.rules)

    def _may_claim(self, name: str, tile: int) -> bool:
        barred = self.pon_bar[name].get(tile)
        return tile // 9 != self.void[name] and (barred is None or barred == len(self.events) - 1)

    def _after_discard(self, who: str, t: int):
        # whoever could pon this discard and lets it go may not pon its kind until his next draw
        # (SC-GS-5): the bar is set now, and this discard itself stays open to him
        for name in self._others(who):
            if self.p[name].counts[t] >= 2 and t // 9 != self.void[name]:
                self.pon_bar[name].setdefault(t, len(self.events) - 1)
        return super()._after_discard(who, t)

    def _draw(self, name: str, back: bool) -> Optional[int]:
        self.pon_bar[name].clear()
        return super()._draw(name, back)

    def _discard_choice(self, name: str, barred: Optional[int]) -> int:
        ps, v = self.p[name], self.void[name]
        held = [t for t in range(9 * v, 9 * v + 9) if ps.counts[t]]
        if held:  # the void suit goes first, the tile with fewest neighbours first
            return min(held, key=lambda t: (sum(ps.counts[u] for u in (t - 1, t + 1) if 9 * v <= u < 9 * v + 9), t))
        return super()._discard_choice(name, barred)

    def _win(self, name: str, how: str, tile: int, source: Optional[str] = None) -> bool:
        at = len(self.events)
        if not self.first:
            self.first, self.feeder, self._first_end = [name], source, at
        elif source is not None and source == self.feeder and at == self._first_end + 1:
            self.first.append(name)  # 一炮多响 on the first tile: the win just before was on it too
            self._first_end = at
        return super()._win(name, how, tile, source)

    def next_dealer(self) -> str:
        """SC-FLOW-9: the first winner; the feeder when several won on that first tile; else the
        dealer."""
        if not self.first:
            return self.dealer
        return self.feeder if len(self.first) > 1 and self.feeder else self.first[0]


def play_hand(rng: Seed = None, **kw) -> dict:
    """One self-played Sichuan hand (a JSON-able ``hand`` object, full information)."""
    hand = HandPlay(rng, **kw).run()
    hand.pop("round_wind", None)  # no winds in Sichuan (§13: an input error)
    return hand


def document(hand: dict, players: Sequence[str] = PLAYERS, ruleset: Optional[dict] = None) -> dict:
    return selfplay.document(hand, players, ruleset, "sichuan")


def play_game(rng: Seed = None, n_hands: int = 8, players: Sequence[str] = PLAYERS, rules=None,
              ruleset: Optional[dict] = None) -> dict:
    """A ``hands`` document of ``n_hands`` consecutive Sichuan hands, each dealt by the previous
    hand's next dealer (SC-FLOW-9), ``streak`` counting the hands he has dealt in a row."""
    r = selfplay._rng(rng)
    players = tuple(players)
    dealer, streak, hands = players[0], 0, []
    for _ in range(n_hands):
        play = HandPlay(r, players, dealer, streak=streak, rules=rules)
        hand = play.run()
        hand.pop("round_wind", None)
        hands.append(hand)
        nxt = play.next_dealer()
        streak, dealer = (streak + 1 if nxt == dealer else 0), nxt
    return {"format": "mjref/1", "variant": "sichuan", "ruleset": dict(ruleset or {"base": 1}),
            "players": list(players), "hands": hands}


def tiles_of(hand: dict) -> int:
    """How many tiles a self-played hand's deal and draws brought to the table (108 at most)."""
    dealt = sum(len(v) for e in hand["events"] if e["type"] == "deal" for v in e["hands"].values())
    return dealt + sum(1 for e in hand["events"] if e["type"] == "draw")

