"""Self-play: legal Taiwan 16-tile hands from the deal (自動對局), for property tests and benchmarks.

Four simple bots play one hand (盤) from a shuffled set of 144 tiles and the generator records it as
a full-information ``mjref/1`` hand (EVENT_LOG.md): every tile is known. Play follows RULEBOOK.md:

* the deal (TW-FLOW-1): 16 tiles each, the dealer 17, the 門牌 last in his list;
* the flower passes (TW-FLOW-2): from the dealer in turn order, each player lays out every flower he
  holds and then draws as many from the back (杠尾); a flower drawn as a replacement waits for the
  next pass. During play a drawn flower is laid out and replaced at once;
* the wall (§0): 144 − 16 dead − 65 dealt = 63 live draws; every draw, front or back, lowers it by
  one; a discard that wins for nobody when none is left, or a flower with no replacement, ends the
  hand in 荒局 (``exhaustive_draw``);
* claims (TW-FLOW-4, TW-PAY-4): a win on a discard first (the nearest winner after the discarder
  takes it, 頭跳), then a pon or claimed kong (碰 / 碰杠), then a chi from the 上家 only;
* the play restrictions TW-XP-1…7: no kong in a turn that began with 吃/碰 (XP-1); no self-draw win
  and no kong in a turn that began with a 碰杠 (XP-2/3/4); no 暗杠 whose waits were discarded in the
  player's go-round (XP-5, avoided by not making that kong); after 吃 neither the claimed tile nor its
  絡牌 is discarded, and a tile the player discarded in his go-round (or its 絡牌) is not chied
  (XP-6); after 碰 not the same tile; no pon of a tile he let go unponned in his go-round (XP-6); no
  claim with 3 or fewer live tiles (XP-7);
* every win that is there is taken (never 過水, TW-GS): on a discard, on an added kong (搶杠), and a
  self-draw whenever the turn began with a normal draw (天和 included). The optional flower wins
  (八仙過海, 七搶一: "may", TW-FL-1/3) are never declared.

The bots discard by a shanten (向聽) estimate over per-suit decompositions, keeping the discard that
leaves the most live waits once ready, and otherwise the most isolated tile (honours and terminals
first). Claims and kongs are taken only when they do not make the hand worse, with a probability
(``claim_rate``, ``kong_rate``) for variety.

Everything is deterministic in the ``random.Random`` (or seed) it is given: no global randomness.
Public: ``play_hand``, ``play_game``, ``document``, and ``HandPlay`` for callers (tests) that also
want the generator's own bookkeeping (the tiles left in the wall).
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Optional, Sequence, Union

from .hand import is_complete, waits
from .tiles import FIRST_FLOWER, N_KINDS, code, compact

__all__ = ["HandPlay", "play_hand", "play_game", "document", "FORMAT", "VARIANT", "RULESET"]

FORMAT = "mjref/1"
VARIANT = "tw16"
RULESET = {"base": 100, "tai": 20}
PLAYERS = ("A", "B", "C", "D")
WINDS = ("1z", "2z", "3z", "4z")

HAND_SIZE = 16
DEAD_WALL = 16  # 殘牌: never drawn (option dead_wall = fixed16)
CLAIM_FLOOR = 3  # TW-XP-7: no 吃/碰/碰杠 when wall_left <= 3
ALL_TILES = tuple(k for k in range(N_KINDS) for _ in range(4)) + tuple(range(FIRST_FLOWER, FIRST_FLOWER + 8))

Seed = Union[random.Random, int, None]


def _rng(rng: Seed) -> random.Random:
    return rng if isinstance(rng, random.Random) else random.Random(rng)


# -- shanten (向聽) estimate --------------------------------------------------------------------
# A suit's tiles split into sets (m), partial sets (t: two of a sequence or a pair) and at most one
# pair taken as the head (p). A hand needing n sets is 2n − 2M − min(T, n − M) − P tiles from
# complete (−1 complete, 0 ready). Each suit keeps only its Pareto-best (m, m + t) per p, memoised
# by the suit's counts, so a discard decision costs a few cached look-ups.

Frontier = tuple[tuple[int, int, int], ...]


def _prune(options: set[tuple[int, int, int]]) -> Frontier:
    best: list[tuple[int, int, int]] = []
    for m, t, p in sorted(options, key=lambda o: (-o[0], -(o[0] + o[1]))):
        if any(bm >= m and bm + bt >= m + t and bp == p for bm, bt, bp in best):
            continue
        best.append((m, t, p))
    return tuple(best)


@lru_cache(maxsize=1 << 18)
def _frontier(counts: tuple[int, ...], honour: bool) -> Frontier:
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return ((0, 0, 0),)
    c = list(counts)
    out: set[tuple[int, int, int]] = set()

    def take(kinds: tuple[int, ...], dm: int, dt: int, dp: int) -> None:
        for k in kinds:
            c[k] -= 1
        rest = _frontier(tuple(c), honour)
        for k in kinds:
            c[k] += 1
        for m, t, p in rest:
            if p + dp <= 1:
                out.add((m + dm, t + dt, p + dp))

    take((i,), 0, 0, 0)  # left over
    if c[i] >= 3:
        take((i, i, i), 1, 0, 0)
    if c[i] >= 2:
        take((i, i), 0, 0, 1)
        take((i, i), 0, 1, 0)
    if not honour:
        if i <= 6 and c[i + 1] and c[i + 2]:
            take((i, i + 1, i + 2), 1, 0, 0)
        if i <= 7 and c[i + 1]:
            take((i, i + 1), 0, 1, 0)
        if i <= 6 and c[i + 2]:
            take((i, i + 2), 0, 1, 0)
    return _prune(out)


@lru_cache(maxsize=1 << 18)
def _combine(a: Frontier, b: Frontier) -> Frontier:
    return _prune({(ma + mb, ta + tb, pa + pb)
                   for ma, ta, pa in a for mb, tb, pb in b if pa + pb <= 1})


def _suits(conc: Sequence[int]) -> list[Frontier]:
    return [_frontier(tuple(conc[0:9]), False), _frontier(tuple(conc[9:18]), False),
            _frontier(tuple(conc[18:27]), False), _frontier(tuple(conc[27:34]), True)]


def _value(f: Frontier, n: int) -> int:
    return min(2 * n - 2 * m - min(t, n - m) - p for m, t, p in f)


def shanten(conc: Sequence[int], n: int) -> int:
    """Tiles from ready (0) or complete (−1) for concealed counts needing ``n`` sets and a pair."""
    s = _suits(conc)
    return _value(_combine(_combine(s[0], s[1]), _combine(s[2], s[3])), n)


def _rest_of(s: list[Frontier]) -> list[Frontier]:
    """For each suit, the other three suits combined."""
    return [_combine(_combine(s[1], s[2]), s[3]), _combine(_combine(s[0], s[2]), s[3]),
            _combine(_combine(s[0], s[1]), s[3]), _combine(_combine(s[0], s[1]), s[2])]


def _isolation(conc: Sequence[int], k: int) -> float:
    """How much a tile is worth keeping by its neighbours alone (lower = discard first)."""
    c = conc[k]
    if k >= 27:
        return 3.0 * (c - 1) - 1.5
    score = 3.0 * (c - 1)
    pos = k % 9
    for d, w in ((-2, 1.0), (-1, 2.0), (1, 2.0), (2, 1.0)):
        if 0 <= pos + d <= 8 and conc[k + d]:
            score += w
    if pos in (0, 8):
        score -= 1.0
    elif pos in (1, 7):
        score -= 0.5
    return score


# -- one hand ------------------------------------------------------------------------------------


class _Seat:
    __slots__ = ("name", "conc", "held_flowers", "melds", "flowers", "river", "last_discard",
                 "passed_pon", "go_round")

    def __init__(self, name: str):
        self.name = name
        self.conc = [0] * N_KINDS  # concealed tiles by kind (flowers never stay here)
        self.held_flowers: list[int] = []  # flowers held between the deal's passes
        self.melds: list[dict] = []  # {"kind", "tiles", "tile", "from", "kong"}
        self.flowers: list[int] = []
        self.river: list[int] = []
        self.last_discard: Optional[int] = None  # TW-XP-6: his discard of this go-round
        self.passed_pon: set[int] = set()  # tiles he let go unponned in this go-round (TW-XP-6)
        self.go_round: set[int] = set()  # tiles discarded by anyone in his go-round (TW-XP-5)

    @property
    def needed(self) -> int:
        """Sets still to make in the concealed hand."""
        return 5 - len(self.melds)


class _Ended(Exception):
    """The hand is over (a win or 荒局); the events are complete."""


class HandPlay:
    """One self-played hand. ``run()`` returns the ``hand`` object; afterwards ``result``
    (``win``/``exhaustive_draw``), ``winner``, ``how`` and ``wall_rest`` (the tiles never drawn,
    dead wall included) describe how it ended."""

    def __init__(self, rng: Seed = None, players: Sequence[str] = PLAYERS, dealer: Optional[str] = None,
                 round_wind: str = "1z", streak: int = 0, start_dealer: Optional[str] = None,
                 claim_rate: float = 0.3, kong_rate: float = 0.6, skill: float = 0.4):
        self.rng = _rng(rng)
        self.players = tuple(players)
        if len(self.players) != 4 or len(set(self.players)) != 4:
            raise ValueError("players must be four distinct ids in turn order")
        self.dealer = dealer if dealer is not None else self.players[0]
        if self.dealer not in self.players:
            raise ValueError(f"dealer {self.dealer!r} is not seated")
        self.round_wind = round_wind
        self.streak = streak
        self.start_dealer = start_dealer
        self.claim_rate = claim_rate
        self.kong_rate = kong_rate
        self.skill = skill
        self.seats = {p: _Seat(p) for p in self.players}
        self.events: list[dict] = []
        self.visible = [0] * N_KINDS  # tiles face up on the table: rivers and melds
        self.result: Optional[str] = None
        self.winner: Optional[str] = None
        self.how: Optional[str] = None
        self.men_pai = -1  # the dealer's 17th tile (門牌)
        self.wall: list[int] = []  # the undealt tiles: drawn from the front, replaced from the back
        self.front = 0
        self.back = 0

    # seats ----------------------------------------------------------------------------------
    def _order_from(self, player: str) -> list[_Seat]:
        """The other three players in turn order after ``player``."""
        i = self.players.index(player)
        return [self.seats[self.players[(i + k) % 4]] for k in (1, 2, 3)]

    def _next(self, player: str) -> _Seat:
        return self._order_from(player)[0]

    @property
    def live(self) -> int:
        """wall_left: drawable tiles, the dead wall not counted."""
        return self.back - self.front - DEAD_WALL

    @property
    def wall_rest(self) -> list[int]:
        return self.wall[self.front:self.back]

    # recording ------------------------------------------------------------------------------
    def _emit(self, **event: object) -> None:
        self.events.append(event)

    def _end(self, result: str, winner: Optional[str] = None, how: Optional[str] = None) -> None:
        self.result, self.winner, self.how = result, winner, how
        if result == "exhaustive_draw":
            self._emit(type="exhaustive_draw")
        raise _Ended

    def _win(self, s: _Seat, how: str, tile: Optional[int], source: Optional[str] = None) -> None:
        event: dict = {"type": "win", "player": s.name, "how": how}
        if tile is not None:
            event["tile"] = code(tile)
        if source is not None:
            event["from"] = source
        self.events.append(event)
        self._end("win", s.name, how)

    # the hand -------------------------------------------------------------------------------
    def run(self) -> dict:
        try:
            self._deal()
            self._flower_passes()
            self._play()
        except _Ended:  # play stopped: a win, or the wall ran out
            pass
        hand: dict = {"round_wind": self.round_wind, "dealer": self.dealer, "streak": self.streak}
        if self.start_dealer is not None:
            hand["start_dealer"] = self.start_dealer
        hand["events"] = self.events
        return hand

    def _deal(self) -> None:
        """TW-FLOW-1: 16 each from the front, the dealer one more (the 門牌, listed last)."""
        tiles = list(ALL_TILES)
        self.rng.shuffle(tiles)
        dealt = 0
        hands: dict[str, str] = {}
        order = [self.seats[self.dealer]] + self._order_from(self.dealer)
        for s in order:
            mine = sorted(tiles[dealt:dealt + HAND_SIZE])
            dealt += HAND_SIZE
            if s.name == self.dealer:
                self.men_pai = tiles[4 * HAND_SIZE]
                mine.append(self.men_pai)
            for t in mine:
                if t >= FIRST_FLOWER:
                    s.held_flowers.append(t)
                else:
                    s.conc[t] += 1
            hands[s.name] = compact(mine)
        self.wall = tiles[4 * HAND_SIZE + 1:]
        self.front, self.back = 0, len(self.wall)
        self._emit(type="deal", hands={p: hands[p] for p in self.players})

    def _take_wall(self, s: _Seat, back: bool) -> int:
        if self.live <= 0:
            self._end("exhaustive_draw")
        if back:
            self.back -= 1
            t = self.wall[self.back]
            self._emit(type="draw", player=s.name, tile=code(t), **{"from": "back"})
        else:
            t = self.wall[self.front]
            self.front += 1
            self._emit(type="draw", player=s.name, tile=code(t))
        return t

    def _flower_passes(self) -> None:
        """TW-FLOW-2: pass after pass from the dealer until nobody holds a flower."""
        order = [self.seats[self.dealer]] + self._order_from(self.dealer)
        while any(s.held_flowers for s in order):
            for s in order:
                out, s.held_flowers = s.held_flowers, []
                for f in out:
                    self._emit(type="flower", player=s.name, tile=code(f))
                    s.flowers.append(f)
                for _ in out:
                    t = self._take_wall(s, back=True)
                    if t >= FIRST_FLOWER:
                        s.held_flowers.append(t)  # waits for the next pass
                    else:
                        s.conc[t] += 1

    def _draw(self, s: _Seat, back: bool = False) -> int:
        """Draw one tile; a flower is laid out at once and replaced from the back (TW-FLOW-2/3)."""
        t = self._take_wall(s, back)
        while t >= FIRST_FLOWER:
            self._emit(type="flower", player=s.name, tile=code(t))
            s.flowers.append(t)
            t = self._take_wall(s, back=True)  # none left: 荒局
        s.conc[t] += 1
        return t

    def _play(self) -> None:
        s = self.seats[self.dealer]
        intake = "deal"
        drawn: Optional[int] = None if self.men_pai >= FIRST_FLOWER else self.men_pai
        claim: Optional[tuple[str, int, Optional[int]]] = None
        while True:
            d = self._turn(s, intake, drawn, claim)
            nxt = self._after_discard(s, d)
            if nxt is not None:
                s, intake, drawn, claim = nxt
                continue
            s = self._next(s.name)
            drawn = self._draw(s)
            intake, claim = "draw", None

    # a turn -----------------------------------------------------------------------------------
    def _turn(self, s: _Seat, intake: str, drawn: Optional[int],
              claim: Optional[tuple[str, int, Optional[int]]]) -> int:
        """From the intake to the discard. ``intake``: deal | draw | chi | pon | kong (碰杠)."""
        forbid: set[int] = set()
        if claim is not None:
            _, tile, luo = claim
            forbid.add(tile)  # TW-XP-6: not the claimed tile after 吃 or 碰 ...
            if luo is not None:
                forbid.add(luo)  # ... nor its 絡牌 after 吃
        self_draw_ok = intake in ("deal", "draw")  # TW-XP-2/4
        kong_ok = intake == "draw"  # TW-XP-1/3 (and none before the dealer's first discard)
        while True:
            if self_draw_ok and is_complete(tuple(s.conc)):
                self._win(s, "self_draw", drawn)
            if not (kong_ok and self.live >= 1):
                break
            chosen = self._own_kong(s)
            if chosen is None:
                break
            kind, t = chosen
            if kind == "concealed":
                s.conc[t] -= 4
                s.melds.append({"kind": "kong", "kong": "concealed", "tiles": [t] * 4, "tile": None,
                                "from": None})
                self.visible[t] += 4
                self._emit(type="kong", player=s.name, kind="concealed", tiles=[code(t)] * 4)
            else:
                meld = next(m for m in s.melds if m["kind"] == "pon" and m["tiles"][0] == t)
                s.conc[t] -= 1
                self._emit(type="kong", player=s.name, kind="added", tiles=[code(t)] * 4)
                for o in self._order_from(s.name):  # 搶杠: the nearest winner robs it
                    if self._wins_on(o, t):
                        o.conc[t] += 1  # the robbed tile goes to the winner; the pon stays a pon
                        self._win(o, "rob_kong", t, s.name)
                meld["kind"], meld["kong"] = "kong", "added"
                meld["tiles"].append(t)
                self.visible[t] += 1
            drawn = self._draw(s, back=True)
        d = self._choose_discard(s, forbid)
        self._discard(s, d)
        return d

    def _discard(self, s: _Seat, d: int) -> None:
        s.conc[d] -= 1
        s.river.append(d)
        self.visible[d] += 1
        s.last_discard = d
        s.passed_pon = set()
        s.go_round = {d}
        for o in self._order_from(s.name):
            o.go_round.add(d)
        self._emit(type="discard", player=s.name, tile=code(d))

    def _wins_on(self, s: _Seat, t: int) -> bool:
        s.conc[t] += 1
        ok = is_complete(tuple(s.conc))
        s.conc[t] -= 1
        return ok

    # claims -------------------------------------------------------------------------------------
    def _after_discard(self, s: _Seat, d: int) -> Optional[tuple]:
        """和 > 碰/杠 > 吃 > the next draw. Returns the claimer's next turn, or None to draw on."""
        others = self._order_from(s.name)
        for o in others:  # 頭跳: the nearest winner after the discarder
            if self._wins_on(o, d):
                s.river.pop()
                self.visible[d] -= 1
                o.conc[d] += 1
                self._win(o, "discard", d, s.name)
        if self.live <= 0:
            self._end("exhaustive_draw")
        result = None
        if self.live > CLAIM_FLOOR:
            result = self._pon_or_kong(s, d, others)
            if result is None:
                result = self._chi(s, d, others[0])
        for o in others:
            if o.conc[d] >= 2 and (result is None or result[0] is not o):
                o.passed_pon.add(d)  # let it go unponned: no pon of it again this go-round
        return result

    def _take_claimed(self, s: _Seat, d: int) -> None:
        s.river.pop()
        self.visible[d] -= 1

    def _pon_or_kong(self, s: _Seat, d: int, others: list[_Seat]):
        for o in others:
            if o.conc[d] < 2 or d in o.passed_pon:
                continue
            now = shanten(o.conc, o.needed)
            if o.conc[d] == 3 and self.rng.random() < self.kong_rate:
                o.conc[d] -= 3
                after = shanten(o.conc, o.needed - 1)
                o.conc[d] += 3
                if after <= now:
                    self._take_claimed(s, d)
                    o.conc[d] -= 3
                    o.melds.append({"kind": "kong", "kong": "claimed", "tiles": [d] * 4, "tile": d,
                                    "from": s.name})
                    self.visible[d] += 4
                    self._emit(type="kong", player=o.name, kind="claimed", tiles=[code(d)] * 4)
                    drawn = self._draw(o, back=True)
                    return o, "kong", drawn, None
            if self.rng.random() >= self.claim_rate:
                return None
            o.conc[d] -= 2
            after = self._best_after_claim(o, {d})
            o.conc[d] += 2
            if after is not None and after < now:
                self._take_claimed(s, d)
                o.conc[d] -= 2
                o.melds.append({"kind": "pon", "tiles": [d] * 3, "tile": d, "from": s.name})
                self.visible[d] += 3
                self._emit(type="pon", player=o.name, tile=code(d), **{"with": [code(d)] * 2})
                return o, "pon", None, ("pon", d, None)
            return None
        return None

    def _chi(self, s: _Seat, d: int, o: _Seat):
        if d >= 27 or self.rng.random() >= self.claim_rate:
            return None
        pos = d % 9
        options = []
        for a, b in ((d - 2, d - 1), (d - 1, d + 1), (d + 1, d + 2)):
            if a < d - pos or b > d - pos + 8 or not (o.conc[a] and o.conc[b]):
                continue
            luo = _luo(d, a, b)
            if o.last_discard is not None and o.last_discard in (d, luo):
                continue  # TW-XP-6 打出吃入
            options.append((a, b, luo))
        if not options:
            return None
        now = shanten(o.conc, o.needed)
        best = None
        for a, b, luo in options:
            o.conc[a] -= 1
            o.conc[b] -= 1
            forbid = {d} if luo is None else {d, luo}
            after = self._best_after_claim(o, forbid)
            o.conc[a] += 1
            o.conc[b] += 1
            if after is not None and after < now and (best is None or after < best[0]):
                best = (after, a, b, luo)
        if best is None:
            return None
        _, a, b, luo = best
        self._take_claimed(s, d)
        o.conc[a] -= 1
        o.conc[b] -= 1
        o.melds.append({"kind": "chi", "tiles": sorted((a, b, d)), "tile": d, "from": s.name})
        self.visible[a] += 1
        self.visible[b] += 1
        self.visible[d] += 1
        self._emit(type="chi", player=o.name, tile=code(d), **{"with": [code(a), code(b)]})
        return o, "chi", None, ("chi", d, luo)

    def _best_after_claim(self, o: _Seat, forbid: set[int]) -> Optional[int]:
        """The shanten after a claim (its tiles already out of ``o.conc``, the meld not yet counted)
        and the best allowed discard; None if every tile left is forbidden."""
        n = o.needed - 1
        best = None
        for k in range(N_KINDS):
            if o.conc[k] and k not in forbid:
                o.conc[k] -= 1
                v = shanten(o.conc, n)
                o.conc[k] += 1
                if best is None or v < best:
                    best = v
        return best

    # kongs --------------------------------------------------------------------------------------
    def _own_kong(self, s: _Seat) -> Optional[tuple[str, int]]:
        """A 暗杠 or 加杠 the bot wants to make now, if any (TW-FLOW-5)."""
        options = [("concealed", k) for k in range(N_KINDS) if s.conc[k] == 4]
        options += [("added", m["tiles"][0]) for m in s.melds
                    if m["kind"] == "pon" and s.conc[m["tiles"][0]]]
        if not options:
            return None
        rng_pick = [o for o in options if self.rng.random() < self.kong_rate]
        if not rng_pick:
            return None
        now = self._best_discard_value(s)
        for kind, t in rng_pick:
            if kind == "concealed":
                s.conc[t] -= 4
                after = shanten(s.conc, s.needed - 1)
                ready = waits(tuple(s.conc)) if after <= 0 else frozenset()
                s.conc[t] += 4
                if ready & s.go_round:
                    continue  # TW-XP-5: a wait of his already passed by in this go-round
            else:
                s.conc[t] -= 1
                after = shanten(s.conc, s.needed)
                s.conc[t] += 1
            if after <= now:
                return kind, t
        return None

    # discards -----------------------------------------------------------------------------------
    def _best_discard_value(self, s: _Seat) -> int:
        return min(self._discard_values(s, set()).values())

    def _discard_values(self, s: _Seat, forbid: set[int]) -> dict[int, int]:
        conc = s.conc
        n = s.needed
        suits = _suits(conc)
        rest = _rest_of(suits)
        out: dict[int, int] = {}
        for k in range(N_KINDS):
            if not conc[k] or k in forbid:
                continue
            si = min(k // 9, 3)
            lo = si * 9
            conc[k] -= 1
            f = _frontier(tuple(conc[lo:lo + (9 if si < 3 else 7)]), si == 3)
            conc[k] += 1
            out[k] = _value(_combine(f, rest[si]), n)
        return out

    def _choose_discard(self, s: _Seat, forbid: set[int]) -> int:
        conc = s.conc
        if self.skill < 1.0 and self.rng.random() >= self.skill:  # a careless discard
            return min((k for k in range(N_KINDS) if conc[k] and k not in forbid),
                       key=lambda k: (_isolation(conc, k), -k))
        values = self._discard_values(s, forbid)
        best = min(values.values())
        tied = [k for k, v in values.items() if v == best]
        if len(tied) == 1:
            return tied[0]
        if best == 0:  # ready: keep the most live waits
            def live_waits(k: int) -> int:
                conc[k] -= 1
                w = waits(tuple(conc))
                conc[k] += 1
                return sum(max(0, 4 - self.visible[x] - conc[x]) for x in w)  # unseen copies
            scored = [(live_waits(k), -_isolation(conc, k), k) for k in tied]
            return max(scored)[2]
        return min(tied, key=lambda k: (_isolation(conc, k), -k))


def _luo(d: int, a: int, b: int) -> Optional[int]:
    """絡牌 of a chi of ``d`` with ``a``, ``b`` (TW-XP-6): with a consecutive pair, the tile at the
    other end (吃 3 with 4-5 → 6); none with a gap pair or past the suit's end."""
    if b != a + 1:
        return None
    if d == a - 1:
        other = b + 1
        return other if other // 9 == b // 9 else None
    if d == b + 1:
        other = a - 1
        return other if other >= 0 and other // 9 == a // 9 else None
    return None


# -- public API -----------------------------------------------------------------------------------


def play_hand(rng: Seed = None, players: Sequence[str] = PLAYERS, dealer: Optional[str] = None,
              round_wind: str = "1z", streak: int = 0, start_dealer: Optional[str] = None,
              claim_rate: float = 0.3, kong_rate: float = 0.6, skill: float = 0.4) -> dict:
    """One self-played hand from the deal: a JSON-able ``hand`` object (tile codes, full information).

    ``rng`` is a ``random.Random`` (advanced in place) or a seed. ``claim_rate``: the chance a bot
    takes a pon or chi that improves its hand; ``kong_rate``: the chance it makes a kong that does
    not worsen it; ``skill``: the share of discards chosen by the shanten estimate (the rest keep
    tiles by their neighbours only). The defaults end roughly 60 % of hands in a win.
    """
    return HandPlay(rng, players, dealer, round_wind, streak, start_dealer, claim_rate, kong_rate,
                    skill).run()


def document(hand: dict, players: Sequence[str] = PLAYERS, ruleset: Optional[dict] = None) -> dict:
    """A full one-hand ``mjref/1`` document around a ``hand`` object."""
    return {"format": FORMAT, "variant": VARIANT, "ruleset": dict(ruleset or RULESET),
            "players": list(players), "hand": hand}


def play_game(rng: Seed = None, n_hands: int = 16, players: Sequence[str] = PLAYERS,
              start_dealer: Optional[str] = None, claim_rate: float = 0.3, kong_rate: float = 0.6,
              skill: float = 0.4, ruleset: Optional[dict] = None) -> dict:
    """A ``hands`` document of ``n_hands`` consecutive self-played hands.

    Dealer and streak follow TW-FLOW-8 (the dealer keeps the deal with N + 1 when he wins or at 荒局;
    otherwise the next player deals with N = 0) and the round wind advances each time the deal returns
    to ``start_dealer`` (TW-SEAT-2; after North it wraps to East, a new game).
    """
    r = _rng(rng)
    players = tuple(players)
    start = start_dealer if start_dealer is not None else players[0]
    dealer, streak, wind = start, 0, 0
    hands = []
    for _ in range(n_hands):
        play = HandPlay(r, players, dealer, WINDS[wind], streak, start, claim_rate, kong_rate, skill)
        hands.append(play.run())
        if play.result == "exhaustive_draw" or play.winner == dealer:
            streak += 1
        else:
            dealer = players[(players.index(dealer) + 1) % 4]
            streak = 0
            if dealer == start:
                wind = (wind + 1) % 4
    return {"format": FORMAT, "variant": VARIANT, "ruleset": dict(ruleset or RULESET),
            "players": list(players), "hands": hands}
