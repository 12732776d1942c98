"""One self-played tw16 hand from the deal (the table: deal, flower passes, turns, claims), the bots'
choices coming from ``bot``."""
from __future__ import annotations

import random
from typing import Optional, Sequence, Union

from referee.hand import is_complete
from referee.tiles import FIRST_FLOWER, N_KINDS, code, compact

from .bot import Bot, Seat
from .claims import Claims

PLAYERS = ("A", "B", "C", "D")
HAND_SIZE = 16
DEAD_WALL = 16  # 殘牌: never drawn (option dead_wall = fixed16)
ALL_TILES = tuple(k for k in range(N_KINDS) for _ in range(4)) + tuple(range(FIRST_FLOWER, FIRST_FLOWER + 8))

Seed = Union[random.Random, int, None]


def rng_of(rng: Seed) -> random.Random:
    return rng if isinstance(rng, random.Random) else random.Random(rng)


class _Ended(Exception):
    """The hand is over (a win or 荒局); the events are complete."""

class HandPlay(Claims):
    """One self-played hand. ``run()`` returns the ``hand`` object; afterwards ``result``
    (``win``/``exhaustive_draw``), ``winner``, ``how`` and ``wall_rest`` (the tiles never drawn,
    dead wall included) describe how it ended."""

    def __init__(self, rng: Seed = None, players: Sequence[str] = PLAYERS, dealer: Optional[str] = None,
                 round_wind: str = "1z", streak: int = 0, start_dealer: Optional[str] = None,
                 claim_rate: float = 0.3, kong_rate: float = 0.6, skill: float = 0.4):
        self.rng = rng_of(rng)
        self.players = tuple(players)
        if len(self.players) != 4 or len(set(self.players)) != 4:
            raise ValueError("players must be four distinct ids in turn order")
        self.dealer = dealer if dealer is not None else self.players[0]
        if self.dealer not in self.players:
            raise ValueError(f"dealer {self.dealer!r} is not seated")
        self.round_wind = round_wind
        self.streak = streak
        self.start_dealer = start_dealer
        self.bot = Bot(self.rng, claim_rate, kong_rate, skill)
        self.seats = {p: Seat(p) for p in self.players}
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
    def _order_from(self, player: str) -> list[Seat]:
        """The other three players in turn order after ``player``."""
        i = self.players.index(player)
        return [self.seats[self.players[(i + k) % 4]] for k in (1, 2, 3)]

    def _next(self, player: str) -> Seat:
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

    def _win(self, s: Seat, how: str, tile: Optional[int], source: Optional[str] = None) -> None:
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

    def _take_wall(self, s: Seat, back: bool) -> int:
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

    def _draw(self, s: Seat, back: bool = False) -> int:
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
    def _turn(self, s: Seat, intake: str, drawn: Optional[int],
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
            chosen = self.bot.own_kong(s)
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
        d = self.bot.choose_discard(s, forbid, self.visible)
        self._discard(s, d)
        return d

    def _discard(self, s: Seat, d: int) -> None:
        s.conc[d] -= 1
        s.river.append(d)
        self.visible[d] += 1
        s.last_discard = d
        s.passed_pon = set()
        s.go_round = {d}
        for o in self._order_from(s.name):
            o.go_round.add(d)
        self._emit(type="discard", player=s.name, tile=code(d))

    def _wins_on(self, s: Seat, t: int) -> bool:
        s.conc[t] += 1
        ok = is_complete(tuple(s.conc))
        s.conc[t] -= 1
        return ok
