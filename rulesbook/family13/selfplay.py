"""Self-play: legal 13-tile hands from the deal (Hong Kong, Guangdong, Sichuan), for property tests and
benchmarks. The variant gives its rules and its count (``Variant``). Four simple
bots play one hand from a shuffled set of 144 tiles (136 without flowers) and the generator records
it as a full-information ``mjref/1`` hand. Play follows RULEBOOK_HK.md:

* the deal (HK-FLOW-3): 13 tiles each, the dealer 14, his 14th last in his list; then the
  replacement phase (HK-FLOW-4): the dealer first, then in turn order, each lays out his flowers one
  by one, each replaced at once from the back (a replacement that is a flower is laid out and
  replaced at once too); during play a drawn flower is laid out and replaced at once;
* the wall (HK-FLOW-2): 77 drawable tiles after the deal, every draw lowering it by one; when the
  next player has nothing to draw the hand ends in 流局 (``exhaustive_draw``);
* claims (HK-PR-1): a win first (the nearest valid declarer after the discarder: 截糊), then a pon
  or claimed kong, then a chi from the 上家 only; no claim on the last discard (HK-FLOW-8); after a
  chi or pon the claimed tile's kind is not discarded in that turn (HK-FLOW-7);
* every valid win is declared at once, so nobody ever passes (HK-GS): on a discard, on an added
  kong (搶槓), and by self-draw. A win is valid when the hand is complete and the 番 count reaches
  the minimum (``rulesbook.hk.fan``). Flower wins (HK-FAN-24/25, "may") are not declared.

The bots collect one suit and the honours (混一色), discarding the other suits first, then the most
isolated tile, and take claims and kongs with a probability (``claim_rate``, ``kong_rate``) for variety. Everything is deterministic in the
``random.Random`` (or seed) it is given.

A variant where a win does not end the hand (Sichuan 血战到底: ``Variant.wins_to_end`` 3) plays on
after each win: the winner leaves play (``left``; turn order, claims and robbing skip him), every
valid declarer on one discard or robbed kong wins (in turn order from the discarder), and the next
player in play after the (last) winner draws. ``Variant.kinds`` is the tile set (27: no honours),
``Variant.chi`` whether chows are played. A variant's generator overrides the hooks: its tiles
(``_tiles``) and which are flowers (``_is_flower``), what follows the deal (``_opening``: Shanghai's
indicator; ``_after_deal``: Sichuan's 定缺), who may claim (``_may_claim``, ``_may_chi``,
``_kong_kinds``), a declaration that goes with a discard (``_discarded``: Shanghai's knock), who
declares a win on a tile (``_declarers``: 截糊 by default, everyone under 一炮多响) and the validity of
a win (``_valid``).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Optional, Sequence, Union

from referee.hand import is_complete, thirteen_orphans
from referee.melds import MeldView
from referee.tiles import FIRST_FLOWER, N_KINDS, code
from rulesbook.family13.context import Win13

PLAYERS = ("A", "B", "C", "D")


@dataclass(frozen=True)
class Variant:
    """What the generator reads of a variant: its name, its default rules (``rules()``), its count
    (``count(win, rules)`` with ``qualifies``), whether flowers are played and the tail kept."""

    name: str
    rules: Callable[[], object]
    count: Callable
    flowers: Callable[[object], bool]
    tail: Callable[[object], int]
    kinds: int = N_KINDS  # the tile kinds played (27: the three suits alone, 108 tiles)
    chi: bool = True  # whether a chow may be claimed
    wins_to_end: int = 1  # the valid wins that end a hand (3: 血战到底)


WINDS = (27, 28, 29, 30)
Seed = Union[random.Random, int, None]


def _rng(seed: Seed) -> random.Random:
    return seed if isinstance(seed, random.Random) else random.Random(seed)


class _Player:
    def __init__(self, name: str):
        self.name = name
        self.counts = [0] * FIRST_FLOWER
        self.melds: list[MeldView] = []
        self.flowers: list[int] = []


class HandPlay:
    """One hand: ``run()`` plays it and returns the ``hand`` object (tile codes)."""

    def __init__(self, rng: Seed = None, players: Sequence[str] = PLAYERS, dealer: Optional[str] = None,
                 round_wind: int = 27, streak: int = 0, start_dealer: Optional[str] = None,
                 rules=None, claim_rate: float = 0.6, kong_rate: float = 0.7,
                 variant: Optional[Variant] = None):
        self.rng = _rng(rng)
        self.names = tuple(players)
        self.dealer = dealer or self.names[0]
        self.round_wind, self.streak, self.start = round_wind, streak, start_dealer
        assert variant is not None, "the variant's rules and count"
        self.variant = variant
        self.rules = rules or self.variant.rules()
        self.flowers = self.variant.flowers(self.rules)
        self.tail = self.variant.tail(self.rules)
        self.claim_rate, self.kong_rate = claim_rate, kong_rate
        self.p = {n: _Player(n) for n in self.names}
        self.events: list[dict] = []
        self.result: Optional[str] = None
        self.winner: Optional[str] = None  # the first valid winner
        self.left: list[str] = []  # the players who have won (left play), in order
        self.drawn: dict[str, Optional[int]] = {n: None for n in self.names}  # each one's last draw

    # -- bookkeeping ----------------------------------------------------------------------------
    def _seat(self, name: str) -> int:
        return (self.names.index(name) - self.names.index(self.dealer)) % 4 + 1

    def _next(self, name: str) -> str:
        """The next player in play in turn order (a player who has won is skipped)."""
        k = self.names.index(name)
        return next(n for d in (1, 2, 3, 4) if (n := self.names[(k + d) % 4]) not in self.left)

    def _others(self, name: str) -> list[str]:
        """The players in play after ``name``, in turn order."""
        k = self.names.index(name)
        return [n for d in (1, 2, 3) if (n := self.names[(k + d) % 4]) not in self.left]

    @property
    def wall_left(self) -> int:
        return len(self.wall) - self.tail

    def _emit(self, **e) -> None:
        self.events.append(e)

    def _valid(self, name: str, tile: int, how: str, kong_chain: int = 0) -> bool:
        """Whether ``name`` wins validly with ``tile`` (already in his counts for a self-draw)."""
        ps = self.p[name]
        counts = list(ps.counts[:N_KINDS])
        if how != "self_draw":
            counts[tile] += 1
        if not (is_complete(tuple(counts)) or not ps.melds and thirteen_orphans(tuple(counts))):
            return False
        win = Win13(concealed=tuple(counts), win_tile=tile, how=how, melds=tuple(ps.melds),
                    flowers=tuple(ps.flowers), seat=self._seat(name), round_wind=self.round_wind,
                    kong_chain=kong_chain, last_tile=how == "self_draw" and self.wall_left == 0,
                    last_discard=how == "discard" and self.wall_left == 0)
        return self._counted(name, win).qualifies

    def _counted(self, name: str, win: Win13):
        """The variant's count of ``name``'s win (a variant adds its own facts of the win)."""
        return self.variant.count(win, self.rules)

    # -- drawing --------------------------------------------------------------------------------
    def _draw(self, name: str, back: bool) -> Optional[int]:
        """Draw (and lay out and replace flowers at once); the tile kept, or None when the wall
        cannot give one."""
        while True:
            if self.wall_left <= 0:
                return None
            tile = self.wall.pop() if back else self.wall.pop(0)
            self._emit(type="draw", player=name, tile=code(tile), **({"from": "back"} if back else {}))
            if self._is_flower(tile):
                self.p[name].flowers.append(tile)
                self._emit(type="flower", player=name, tile=code(tile))
                back = True
                continue
            self.p[name].counts[tile] += 1
            self.drawn[name] = tile
            return tile

    # -- choosing -------------------------------------------------------------------------------
    def _discard_choice(self, name: str, barred: Optional[int]) -> int:
        """The tile to let go: one outside the suit the bot collects (it plays for 混一色, the
        three 番 that most often reach the minimum), then the most isolated; honour pairs kept."""
        ps = self.p[name]
        counts = ps.counts
        held = [sum(counts[9 * s:9 * s + 9]) + sum(len(m.tiles) for m in ps.melds if m.tiles[0] // 9 == s)
                for s in range(3)]
        suit = max(range(3), key=lambda s: held[s])
        best, score = -1, None
        for t in range(N_KINDS):
            if not counts[t] or t == barred:
                continue
            s = 10 * counts[t]
            if t < 27:
                if t // 9 != suit:
                    s -= 30
                for d in (-2, -1, 1, 2):
                    u = t + d
                    if 0 <= u < 27 and u // 9 == t // 9 and counts[u]:
                        s += 4 if abs(d) == 1 else 2
            else:
                s += 5 if counts[t] >= 2 else -2
            s += self.rng.random()
            if score is None or s < score:
                best, score = t, s
        if best < 0:  # only the barred kind is left: it must go
            best = next(t for t in range(N_KINDS) if counts[t])
        return best

    # -- the variant's hooks (a variant's generator overrides them; these are Hong Kong's) --------
    def _tiles(self) -> list[int]:
        """The set of tiles: the variant's kinds four times, and the 8 flowers when they are played."""
        tiles = [k for k in range(self.variant.kinds) for _ in range(4)]
        return tiles + list(range(FIRST_FLOWER, FIRST_FLOWER + 8)) if self.flowers else tiles

    def _is_flower(self, tile: int) -> bool:
        """Whether a tile is laid out and replaced when drawn (HK-FLOW-4)."""
        return tile >= FIRST_FLOWER

    def _opening(self) -> Optional[str]:
        """What happens after the deal's replacements, before the dealer's first act ('end' when
        it empties the wall); nothing here."""
        return None

    def _after_deal(self) -> None:
        """What follows the deal before play (a variant's declarations); nothing here."""

    def _may_claim(self, name: str, tile: Optional[int] = None) -> bool:
        """Whether the bot ``name`` would pon or kong ``tile`` (claimed, or in his turn; None: any
        tile); any here."""
        return True

    def _may_chi(self, name: str) -> bool:
        """Whether ``name`` may 吃 the discard of his 上家 (where the variant plays chows)."""
        return self.variant.chi and self._may_claim(name)

    def _kong_kinds(self, name: str) -> Sequence[int]:
        """The kinds ``name`` may make a kong of in his turn."""
        return [t for t in range(N_KINDS) if self._may_claim(name, t)]

    def _discarded(self, name: str, tile: int) -> None:
        """After ``name``'s discard is recorded (a declaration that goes with it); nothing here."""

    def _declarers(self, who: str, tile: int, how: str) -> list[str]:
        """Who declares a win on ``who``'s discard or added kong of ``tile``, in turn order after
        him: the nearest valid declarer (截糊), or every valid one where a win does not end the
        hand."""
        valid = []
        for name in self._others(who):
            if self._valid(name, tile, how):
                valid.append(name)
                if self.variant.wins_to_end == 1:
                    break
        return valid

    def _from_draw(self, name: str, back: bool = False, chain: int = 0) -> Optional[str]:
        """``name`` draws (from the back after a kong); a valid self-draw is declared, and where the
        hand goes on the next player in play draws. The player now in his turn, or None when the
        hand has ended."""
        while True:
            tile = self._draw(name, back)
            if tile is None:
                self._end_draw()
                return None
            if not self._valid(name, tile, "self_draw", chain):
                return name
            if self._win(name, "self_draw", tile):
                return None
            name, back, chain = self._next(name), False, 0

    def run(self) -> dict:
        tiles = self._tiles()
        self.rng.shuffle(tiles)
        self.wall = tiles
        order = [self.names[(self.names.index(self.dealer) + k) % 4] for k in range(4)]
        dealt = {n: [self.wall.pop(0) for _ in range(14 if n == self.dealer else 13)] for n in order}
        self._emit(type="deal", hands={n: [code(t) for t in dealt[n]] for n in self.names})
        for n in order:
            for t in dealt[n]:
                if not self._is_flower(t):
                    self.p[n].counts[t] += 1
        for n in order:  # the replacement phase (HK-FLOW-4)
            for t in [t for t in dealt[n] if self._is_flower(t)]:
                self.p[n].flowers.append(t)
                self._emit(type="flower", player=n, tile=code(t))
                if self._draw(n, back=True) is None:
                    return self._end_draw()
        if self._opening() == "end":
            return self._end_draw()
        self._after_deal()
        turn: Optional[str] = self.dealer
        chain, barred = 0, None
        held = next(t for t in reversed(range(N_KINDS)) if self.p[self.dealer].counts[t])
        if self._valid(self.dealer, held, "self_draw"):  # 天糊 on the dealt hand
            if self._win(self.dealer, "self_draw", held):
                return self._hand()
            turn = self._from_draw(self._next(self.dealer))
        while turn is not None:
            # in turn, holding one tile more: kongs, then discard
            ps = self.p[turn]
            kong = self._kong_in_turn(turn, barred is None)
            if kong == "won":
                return self._hand()
            if isinstance(kong, tuple):  # robbed, and the hand goes on: the next player draws
                turn, chain, barred = self._from_draw(kong[1]), 0, None
                continue
            if kong is not None:
                chain += 1
                drawer = self._from_draw(turn, back=True, chain=chain)
                if drawer != turn:  # the kong bloomed, or the wall ran out
                    turn, chain = drawer, 0
                continue
            t = self._discard_choice(turn, barred)
            ps.counts[t] -= 1
            self._emit(type="discard", player=turn, tile=code(t))
            self._discarded(turn, t)
            chain, barred = 0, None
            nxt = self._after_discard(turn, t)
            if nxt == "won":
                return self._hand()
            if nxt is not None:
                turn, barred = nxt
                continue
            turn = self._from_draw(self._next(turn))
        return self._hand()

    def _wins_on(self, who: str, t: int, how: str):
        """Win declarations on ``who``'s discard or added kong of ``t`` (``_declarers``), each
        declarer winning in turn order. None when nobody wins; 'won' when the hand has ended; else
        the player in play who draws next."""
        winners = self._declarers(who, t, how)
        ended = False
        for name in winners:
            self.p[name].counts[t] += 1
            ended = self._win(name, how, t, who) or ended
        if not winners:
            return None
        return "won" if ended else self._next(winners[-1])

    def _after_discard(self, who: str, t: int):
        """Claims on a discard: a win (截糊), then a pon or claimed kong, then a chi; the claimer
        and the kind he may not discard, or 'won', or None (the next player draws)."""
        won = self._wins_on(who, t, "discard")
        if won == "won":
            return "won"
        if won is not None:  # the hand goes on: the next player in play after the last winner draws
            drawer = self._from_draw(won)
            return "won" if drawer is None else (drawer, None)
        if self.wall_left <= 0:
            return None  # HK-FLOW-8: no claim on the last discard
        for name in self._others(who):
            ps = self.p[name]
            if not self._may_claim(name, t):
                continue
            if ps.counts[t] >= 3 and self.rng.random() < self.kong_rate:
                ps.counts[t] -= 3
                ps.melds.append(MeldView("kong", (t,) * 4, "claimed", t, who))
                self._emit(type="kong", player=name, kind="claimed", tiles=[code(t)] * 4)
                drawer = self._from_draw(name, back=True, chain=1)
                return "won" if drawer is None else (drawer, None)
            if ps.counts[t] >= 2 and self.rng.random() < self.claim_rate:
                ps.counts[t] -= 2
                ps.melds.append(MeldView("pon", (t,) * 3, None, t, who))
                self._emit(type="pon", player=name, tile=code(t), **{"with": [code(t)] * 2})
                return name, t
        name = self._next(who)
        ps = self.p[name]
        if t < 27 and self._may_chi(name) and self.rng.random() < self.claim_rate:
            for a, b in ((t - 2, t - 1), (t - 1, t + 1), (t + 1, t + 2)):
                if 0 <= a and b < 27 and a // 9 == b // 9 == t // 9 and ps.counts[a] and ps.counts[b]:
                    ps.counts[a] -= 1
                    ps.counts[b] -= 1
                    ps.melds.append(MeldView("chi", tuple(sorted((a, b, t))), None, t, who))
                    self._emit(type="chi", player=name, tile=code(t), **{"with": [code(a), code(b)]})
                    return name, t
        return None

    def _kong_in_turn(self, name: str, may: bool):
        """A concealed or added kong in his turn (a robbing win on an added kong first)."""
        ps = self.p[name]
        kinds = self._kong_kinds(name)
        if not may or not kinds or self.wall_left <= 0 or self.rng.random() >= self.kong_rate:
            return None
        for t in kinds:
            if ps.counts[t] == 4:
                ps.counts[t] -= 4
                ps.melds.append(MeldView("kong", (t,) * 4, "concealed"))
                self._emit(type="kong", player=name, kind="concealed", tiles=[code(t)] * 4)
                return t
            if ps.counts[t] and any(m.kind == "pon" and m.tiles[0] == t for m in ps.melds):
                k = next(i for i, m in enumerate(ps.melds) if m.kind == "pon" and m.tiles[0] == t)
                m = ps.melds[k]
                ps.counts[t] -= 1
                ps.melds[k] = MeldView("kong", (t,) * 4, "added", m.tile, m.source)
                self._emit(type="kong", player=name, kind="added", tiles=[code(t)] * 4)
                won = self._wins_on(name, t, "rob_kong")
                if won is None:
                    return t
                if won != "won":  # robbed, and the hand goes on: his kong is a pon again
                    ps.melds[k] = m
                    return "robbed", won
                return "won"
        return None

    def _win(self, name: str, how: str, tile: int, source: Optional[str] = None) -> bool:
        """A valid win declared; whether it ends the hand (the variant's ``wins_to_end``-th)."""
        e = {"type": "win", "player": name, "how": how, "tile": code(tile)}
        if source is not None:
            e["from"] = source
        self._emit(**e)
        self.result, self.winner = "win", self.winner or name
        self.left.append(name)
        return len(self.left) >= self.variant.wins_to_end

    def _end_draw(self) -> dict:
        self._emit(type="exhaustive_draw")
        self.result = self.result or "exhaustive_draw"
        return self._hand()

    def _hand(self) -> dict:
        hand = {"round_wind": code(self.round_wind), "dealer": self.dealer, "streak": self.streak,
                "events": self.events}
        if self.start is not None:
            hand["start_dealer"] = self.start
        return hand


def play_hand(rng: Seed = None, **kw) -> dict:
    """One self-played hand (a JSON-able ``hand`` object, full information)."""
    return HandPlay(rng, **kw).run()


def document(hand: dict, players: Sequence[str] = PLAYERS, ruleset: Optional[dict] = None,
             variant: str = "hk") -> dict:
    return {"format": "mjref/1", "variant": variant, "ruleset": dict(ruleset or {"base": 1}),
            "players": list(players), "hand": hand}


def play_game(rng: Seed = None, n_hands: int = 8, players: Sequence[str] = PLAYERS,
              rules=None, ruleset: Optional[dict] = None, *, variant: Variant) -> dict:
    """A ``hands`` document of ``n_hands`` consecutive hands: the dealer keeps the deal on his win
    (``streak`` + 1), else it passes (HK-FLOW-10, ``dealer_win``), and the round wind advances when
    it returns to the first dealer (HK-FLOW-11)."""
    r = _rng(rng)
    players = tuple(players)
    dealer, streak, wind = players[0], 0, 0
    hands = []
    for _ in range(n_hands):
        play = HandPlay(r, players, dealer, WINDS[wind], streak, players[0], rules, variant=variant)
        hands.append(play.run())
        if play.winner == dealer:
            streak += 1
        else:
            dealer, streak = players[(players.index(dealer) + 1) % 4], 0
            if dealer == players[0]:
                wind = (wind + 1) % 4
    return {"format": "mjref/1", "variant": variant.name, "ruleset": dict(ruleset or {"base": 1}),
            "players": list(players), "hands": hands}
