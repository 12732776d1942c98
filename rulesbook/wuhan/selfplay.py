"""Self-play of legal Wuhan hands (RULEBOOK_WH), for property tests, mutations and benchmarks: the
13-tile family's generator (``rulesbook.family13.selfplay``: its wall, draws, bookkeeping, discard
chooser and hand object) with what Wuhan plays differently:

* 136 tiles, no flowers; after the deal the next wall tile is turned up (the ``indicator`` event,
  WH-FLOW-2) and gives the 癞子 (``LAIZI_OF``, WH-LZ-1): 82 tiles are left to draw;
* in his turn a player lays out his 红中 (and his 皮 under ``pi_kong: single``) and, by chance, his
  癞子 alone (``single_kong``, then a draw from the back, WH-FLOW-4); a 红中 he still holds is thrown
  as his discard (丢红中), a 癞子 rarely (丢癞子); a thrown tile is never claimed nor won on (WH-PR-6);
* claims and kongs never use a 癞子 or 红中 (WH-LZ-3.2); no kong of any kind once ``wall_left`` is
  14 or less (WH-FLOW-4); a concealed kong is four natural tiles;
* the 海底 phase (WH-FLOW-5): a discard at ``wall_left`` ≤ 14 that nobody takes starts one draw
  each, nobody discarding, from the discarder's 下家; a self-draw on one wins (海底捞); after the
  fourth, 荒庄 (``exhaustive_draw``);
* one winner (WH-PR-2): of the players whose hand wins on a discard or an added kong, the first in
  turn order counted from the dealer declares; every valid win is declared at once, so nobody
  passes (WH-GS). A win is valid when ``rulesbook.wuhan`` reads the declared hand validly (open,
  no 红中, the 将 pair, the wild limit: ``count_win``).

``play_game`` plays consecutive hands: the winner deals next, the dealer keeps the deal after a
荒庄 (WH-FLOW-6/7, the default ``dealer_rotation``). Everything is deterministic in the
``random.Random`` (or seed) it is given.
"""
from __future__ import annotations

import random
from typing import Optional, Sequence

from referee.melds import MeldView
from referee.tiles import N_KINDS, code
from rulesbook.family13 import selfplay
from rulesbook.family13.context import Win13
from rulesbook.family13.selfplay import PLAYERS, HandPlay, Seed, Variant

from .hu import count_win
from .options import WhRules
from .table import HONG, LAIZI_OF, LAST

WH = Variant("wuhan", WhRules.of, count_win, lambda r: False, lambda r: 0)

__all__ = ["WH", "PLAYERS", "WuhanPlay", "document", "play_game", "play_hand"]


class WuhanPlay(HandPlay):
    """One Wuhan hand: ``run()`` plays it and returns the ``hand`` object (tile codes). A win ends
    the hand (``_win`` records it; what it returns is not read).
    ``lay_rate``: the chance a held 癞子 is laid out in a turn (红中 always is, while kongs may be
    made); ``throw_rate``: the chance a 癞子 is thrown as the discard."""

    def __init__(self, rng: Seed = None, lay_rate: float = 0.6, throw_rate: float = 0.05, **kw):
        super().__init__(rng, variant=WH, **kw)
        self.lay_rate, self.throw_rate = lay_rate, throw_rate
        self.indicator: int = -1
        self.wild: int = -1

    # -- what is Wuhan's -------------------------------------------------------------------------
    @property
    def _must_go(self) -> tuple[int, ...]:
        """What may not stay in a winning hand and is laid out (or thrown) as soon as may be: 红中,
        and the 皮 under ``pi_kong: single`` (WH-LZ-2)."""
        return (HONG, self.indicator) if self.rules.options.pi_kong == "single" else (HONG,)

    def _special(self, t: int) -> bool:
        """红中 and the 癞子 (and the 皮 under ``pi_kong: single``): laid out alone or thrown,
        never claimed or in a set on the table."""
        return t in self._must_go or t == self.wild

    def _valid(self, name: str, tile: int, how: str, kong_chain: int = 0, haidi: bool = False) -> bool:
        ps = self.p[name]
        counts = list(ps.counts[:N_KINDS])
        if how != "self_draw":
            counts[tile] += 1
        win = Win13(concealed=tuple(counts), win_tile=tile, how=how, melds=tuple(ps.melds), flowers=(),
                    seat=self._seat(name), round_wind=self.round_wind, kong_chain=kong_chain,
                    last_tile=haidi, indicator=self.indicator, wild=self.wild)
        return count_win(win, self.rules).qualifies

    def _first_declarer(self, who: str, tile: int, how: str) -> Optional[str]:
        """WH-PR-2: of the others whose hand wins on ``who``'s tile, the first counted from the dealer."""
        start = self.names.index(self.dealer)
        for k in range(4):
            name = self.names[(start + k) % 4]
            if name != who and self._valid(name, tile, how):
                return name
        return None

    def _lay_out(self, name: str) -> Optional[int]:
        """A single kong in his turn (WH-FLOW-4): his 红中, else by chance his 癞子; the tile, or None."""
        ps = self.p[name]
        if self.wall_left <= LAST:
            return None
        for t in (*self._must_go, self.wild):
            if ps.counts[t] and (t != self.wild or self.rng.random() < self.lay_rate):
                ps.counts[t] -= 1
                self._emit(type="single_kong", player=name, tile=code(t))
                return t
        return None

    def _kong_in_turn(self, name: str, may: bool):
        """A concealed kong of four natural tiles or an added kong, while kongs may be made (a
        robbing win on an added kong first: the first declarer from the dealer)."""
        ps = self.p[name]
        if not may or self.wall_left <= LAST or self.rng.random() >= self.kong_rate:
            return None
        for t in range(N_KINDS):
            if self._special(t):
                continue
            if ps.counts[t] == 4:
                ps.counts[t] -= 4
                ps.melds.append(MeldView("kong", (t,) * 4, "concealed"))
                self._emit(type="kong", player=name, kind="concealed", tiles=[code(t)] * 4)
                return t
            k = next((i for i, m in enumerate(ps.melds) if m.kind == "pon" and m.tiles[0] == t), None)
            if ps.counts[t] and k is not None:
                m = ps.melds[k]
                ps.counts[t] -= 1
                ps.melds[k] = MeldView("kong", (t,) * 4, "added", m.tile, m.source)
                self._emit(type="kong", player=name, kind="added", tiles=[code(t)] * 4)
                robber = self._first_declarer(name, t, "rob_kong")
                if robber is not None:
                    self.p[robber].counts[t] += 1
                    self._win(robber, "rob_kong", t, name)
                    return "won"
                return t
        return None

    def _discard_pick(self, name: str, barred: Optional[int]) -> int:
        """A 红中 still held is thrown; a 癞子 only by chance (or when nothing else is left);
        otherwise the family's choice among the natural tiles."""
        counts = self.p[name].counts
        for t in self._must_go:
            if counts[t]:
                return t
        held = counts[self.wild]
        if held and (self.rng.random() < self.throw_rate or sum(counts[:N_KINDS]) == held):
            return self.wild
        counts[self.wild] = 0  # the chooser never sees the 癞子
        try:
            return self._discard_choice(name, barred)
        finally:
            counts[self.wild] = held

    def _claims(self, who: str, t: int):
        """Claims on a natural discard: the first valid declarer from the dealer wins; then a 碰 or
        冲杠 (no 杠 on a last discard), then a 吃 by the 下家, never with a 癞子. Returns 'won', or
        (the claimer, the kind he may not discard now, the kongs in his chain), or None."""
        winner = self._first_declarer(who, t, "discard")
        if winner is not None:
            self.p[winner].counts[t] += 1
            self._win(winner, "discard", t, who)
            return "won"
        for k in (1, 2, 3):
            name = self.names[(self.names.index(who) + k) % 4]
            ps = self.p[name]
            if ps.counts[t] >= 3 and self.wall_left > LAST and self.rng.random() < self.kong_rate:
                ps.counts[t] -= 3
                ps.melds.append(MeldView("kong", (t,) * 4, "claimed", t, who))
                self._emit(type="kong", player=name, kind="claimed", tiles=[code(t)] * 4)
                return self._replacement(name, 1)
            if ps.counts[t] >= 2 and self.rng.random() < self.claim_rate:
                ps.counts[t] -= 2
                ps.melds.append(MeldView("pon", (t,) * 3, None, t, who))
                self._emit(type="pon", player=name, tile=code(t), **{"with": [code(t)] * 2})
                return name, t, 0
        name = self._next(who)
        ps = self.p[name]
        if t < 27 and self.rng.random() < self.claim_rate:
            for a, b in ((t - 2, t - 1), (t - 1, t + 1), (t + 1, t + 2)):
                if 0 <= a and b < 27 and a // 9 == b // 9 == t // 9 and ps.counts[a] and ps.counts[b] \
                        and not self._special(a) and not self._special(b):
                    ps.counts[a] -= 1
                    ps.counts[b] -= 1
                    ps.melds.append(MeldView("chi", tuple(sorted((a, b, t))), None, t, who))
                    self._emit(type="chi", player=name, tile=code(t), **{"with": [code(a), code(b)]})
                    return name, t, 0
        return None

    def _replacement(self, name: str, chain: int):
        """The draw from the back after a kong or a single kong: 杠上花 if it wins, else his turn
        goes on ('won', or (name, None, chain))."""
        tile = self._draw(name, back=True)
        if tile is not None and self._valid(name, tile, "self_draw", chain):
            self._win(name, "self_draw", tile)
            return "won"
        return name, None, chain

    def _haidi(self, discarder: str) -> dict:
        """WH-FLOW-5.2/5.3: one draw each from the discarder's 下家, nobody discarding; a self-draw
        on one is 海底捞; after the fourth, 荒庄."""
        name = discarder
        for _ in range(4):
            name = self._next(name)
            tile = self._draw(name, back=False)
            if tile is None:
                break
            if self._valid(name, tile, "self_draw", haidi=True):
                self._win(name, "self_draw", tile)
                return self._hand()
        return self._end_draw()

    # -- the hand -------------------------------------------------------------------------------
    def run(self) -> dict:
        self.wall = [k for k in range(N_KINDS) for _ in range(4)]
        self.rng.shuffle(self.wall)
        order = [self.names[(self.names.index(self.dealer) + k) % 4] for k in range(4)]
        dealt = {n: [self.wall.pop(0) for _ in range(14 if n == self.dealer else 13)] for n in order}
        self._emit(type="deal", hands={n: [code(t) for t in dealt[n]] for n in self.names})
        for n in order:
            for t in dealt[n]:
                self.p[n].counts[t] += 1
        self.indicator = self.wall.pop(0)  # WH-FLOW-2: turned up, out of play
        self.wild = LAIZI_OF[self.indicator]
        self._emit(type="indicator", tile=code(self.indicator))
        turn, chain, barred = self.dealer, 0, None
        while True:
            # in turn, holding one tile more: single kongs and kongs, then the discard
            laid = self._lay_out(turn)
            kong = laid if laid is not None else self._kong_in_turn(turn, barred is None)
            if kong == "won":
                return self._hand()
            if kong is not None:
                chain += 1
                if self._replacement(turn, chain) == "won":
                    return self._hand()
                continue
            t = self._discard_pick(turn, barred)
            self.p[turn].counts[t] -= 1
            self._emit(type="discard", player=turn, tile=code(t))
            chain, barred = 0, None
            claim = None if self._special(t) else self._claims(turn, t)
            if claim == "won":
                return self._hand()
            if claim is not None:
                turn, barred, chain = claim
                continue
            if self.wall_left <= LAST:  # a last discard nobody took (WH-FLOW-5.1)
                return self._haidi(turn)
            turn = self._next(turn)
            tile = self._draw(turn, back=False)
            if tile is None:
                return self._end_draw()
            if self._valid(turn, tile, "self_draw"):
                self._win(turn, "self_draw", tile)
                return self._hand()


def play_hand(rng: Seed = None, **kw) -> dict:
    """One self-played Wuhan hand (a JSON-able ``hand`` object, full information)."""
    return WuhanPlay(rng, **kw).run()


def document(hand: dict, players: Sequence[str] = PLAYERS, ruleset: Optional[dict] = None) -> dict:
    return selfplay.document(hand, players, ruleset, variant="wuhan")


def play_game(rng: Seed = None, n_hands: int = 8, players: Sequence[str] = PLAYERS,
              rules: Optional[WhRules] = None, ruleset: Optional[dict] = None) -> dict:
    """A ``hands`` document of ``n_hands`` consecutive hands: the winner deals next (``streak`` + 1
    when he dealt), the dealer keeps the deal after a 荒庄 (``streak`` + 1) (WH-FLOW-6/7)."""
    r = rng if isinstance(rng, random.Random) else random.Random(rng)
    players = tuple(players)
    dealer, streak = players[0], 0
    hands = []
    for _ in range(n_hands):
        play = WuhanPlay(r, players=players, dealer=dealer, streak=streak, rules=rules)
        hands.append(play.run())
        if play.winner is None or play.winner == dealer:
            streak += 1
        else:
            dealer, streak = play.winner, 0
    return {"format": "mjref/1", "variant": "wuhan", "ruleset": dict(ruleset or {"base": 1}),
            "players": list(players), "hands": hands}
