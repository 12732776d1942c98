"""The self-play generator (rulesbook.tw16.selfplay) plays only legal hands.

Each generated hand is re-played here by an independent checker that knows the rules it must obey
(RULEBOOK TW-FLOW-1…8, TW-XP-1…7, TW-GS, TW-PAY-4) and keeps its own tile bookkeeping; it shares
no code with the generator except the win test ``hand.is_complete``.
"""
from __future__ import annotations

import collections
import json
import random
from typing import Optional

import pytest

from referee.hand import is_complete, waits
from rulesbook.tw16.selfplay import HandPlay, document, play_game, play_hand
from referee.tiles import FIRST_FLOWER, N_KINDS, parse_tile, parse_tiles

PLAYERS = ("A", "B", "C", "D")
DEAD_WALL = 16
LIVE_AFTER_DEAL = 144 - DEAD_WALL - 65  # 63
ALL_TILES = [k for k in range(34) for _ in range(4)] + list(range(34, 42))

#: the fields each event type may carry (EVENT_LOG.md)
FIELDS = {
    "deal": {"type", "hands"},
    "flower": {"type", "player", "tile"},
    "draw": {"type", "player", "tile", "from"},
    "discard": {"type", "player", "tile"},
    "chi": {"type", "player", "tile", "with"},
    "pon": {"type", "player", "tile", "with"},
    "kong": {"type", "player", "kind", "tiles"},
    "win": {"type", "player", "how", "tile", "from"},
    "exhaustive_draw": {"type"},
}


def _luo(d: int, a: int, b: int) -> Optional[int]:
    """絡牌 (TW-XP-6): 吃 3 with 4-5 → 6; 吃 6 with 4-5 → 3; none for a gap pair or past the end."""
    a, b = sorted((a, b))
    if b != a + 1:
        return None
    if d == a - 1 and b % 9 != 8:
        return b + 1
    if d == b + 1 and a % 9 != 0:
        return a - 1
    return None


class Checker:
    """Replays a generated hand's JSON events and asserts that every act was legal."""

    def __init__(self, hand: dict, players=PLAYERS):
        self.players = tuple(players)
        self.hand = hand
        self.dealer = hand["dealer"]
        self.events = hand["events"]
        self.conc = {p: [0] * 42 for p in self.players}  # flowers in hand included
        self.melds: dict[str, list[dict]] = {p: [] for p in self.players}
        self.flowers: dict[str, list[int]] = {p: [] for p in self.players}
        self.rivers: dict[str, list[int]] = {p: [] for p in self.players}
        self.live = LIVE_AFTER_DEAL
        self.front_draws: list[int] = []
        self.back_draws: list[int] = []
        self.pending = {p: 0 for p in self.players}
        self.last_own_discard: dict[str, Optional[int]] = {p: None for p in self.players}
        self.passed_pon: dict[str, set[int]] = {p: set() for p in self.players}
        self.go_round: dict[str, set[int]] = {p: set() for p in self.players}
        self.discards_checked = 0
        self.result: Optional[str] = None
        self.winner: Optional[str] = None
        self.how: Optional[str] = None

    # helpers ------------------------------------------------------------------------------------
    def order_after(self, p: str) -> list[str]:
        i = self.players.index(p)
        return [self.players[(i + k) % 4] for k in (1, 2, 3)]

    def c34(self, p: str, extra: Optional[int] = None) -> tuple[int, ...]:
        c = list(self.conc[p][:N_KINDS])
        if extra is not None:
            c[extra] += 1
        return tuple(c)

    def concealed(self, p: str) -> int:
        return sum(self.conc[p][:N_KINDS])

    def held_flowers(self, p: str) -> list[int]:
        return [t for t in range(FIRST_FLOWER, 42) for _ in range(self.conc[p][t])]

    def take(self, p: str, t: int) -> None:
        assert self.conc[p][t] > 0, f"{p} does not hold {t}"
        self.conc[p][t] -= 1

    def draw(self, e: dict, p: str, back: bool) -> int:
        assert e["type"] == "draw" and e["player"] == p, e
        assert (e.get("from", "wall") == "back") == back, e
        assert self.live > 0, "a draw from a drawn-out wall"
        self.live -= 1
        t = parse_tile(e["tile"])
        (self.back_draws if back else self.front_draws).append(t)
        self.conc[p][t] += 1
        if back:
            assert self.pending[p] > 0, "a back draw nobody owed"
            self.pending[p] -= 1
        return t

    def nearest_winner(self, src: str, t: int) -> Optional[str]:
        return next((o for o in self.order_after(src) if is_complete(self.c34(o, t))), None)

    # the hand -----------------------------------------------------------------------------------
    def run(self) -> "Checker":
        for e in self.events:
            assert set(e) <= FIELDS[e["type"]], e
        it = iter(enumerate(self.events))
        self.it = it
        self.check_deal(next(it)[1])
        self.check_flower_passes()
        self.play()
        assert next(it, None) is None, "events after the end of play"
        return self

    def next(self) -> dict:
        i, e = next(self.it)
        self.at = i
        return e

    def check_deal(self, e: dict) -> None:
        assert e["type"] == "deal"
        assert set(e["hands"]) == set(self.players)
        for p, tiles in e["hands"].items():
            ts = parse_tiles(tiles)
            assert len(ts) == (17 if p == self.dealer else 16), (p, len(ts))
            for t in ts:
                self.conc[p][t] += 1
        self.men_pai = parse_tiles(e["hands"][self.dealer])[-1]

    def check_flower_passes(self) -> None:
        """TW-FLOW-2: from the dealer in turn order, all of a player's flowers, then his back draws;
        a flower drawn as a replacement waits for the next pass."""
        order = [self.dealer] + self.order_after(self.dealer)
        self.passes = 0
        while any(self.held_flowers(p) for p in order):
            self.passes += 1
            for p in order:
                held = self.held_flowers(p)
                for _ in held:
                    e = self.next()
                    assert e["type"] == "flower" and e["player"] == p, (self.at, e)
                    t = parse_tile(e["tile"])
                    assert t in held
                    self.take(p, t)
                    self.flowers[p].append(t)
                    self.pending[p] += 1
                for _ in held:
                    self.draw(self.next(), p, back=True)

    def draw_in_play(self, p: str, back: bool) -> Optional[int]:
        """A draw with its flower replacements (laid out at once). None: 荒局 on a flower."""
        if self.live == 0:
            e = self.next()
            assert e["type"] == "exhaustive_draw", e
            self.result = "exhaustive_draw"
            return None
        t = self.draw(self.next(), p, back)
        while t >= FIRST_FLOWER:
            e = self.next()
            assert e["type"] == "flower" and e["player"] == p and parse_tile(e["tile"]) == t, e
            self.take(p, t)
            self.flowers[p].append(t)
            self.pending[p] += 1
            if self.live == 0:  # TW-FLOW-3: no tile left to replace it
                e = self.next()
                assert e["type"] == "exhaustive_draw", e
                self.result = "exhaustive_draw"
                self.flower_exhaust = True
                return None
            t = self.draw(self.next(), p, back=True)
        return t

    def play(self) -> None:
        p, intake, claimed = self.dealer, "deal", None
        drawn: Optional[int] = self.men_pai
        while True:
            d = self.turn(p, intake, claimed, drawn)
            if d is None:
                return
            nxt = self.after_discard(p, d)
            if nxt == "end":
                return
            if nxt is not None:
                p, intake, claimed, drawn = nxt
                continue
            p = self.order_after(p)[0]
            drawn = self.draw_in_play(p, back=False)
            if drawn is None:
                return
            intake, claimed = "draw", None

    def turn(self, p: str, intake: str, claimed, drawn) -> Optional[int]:
        """From the intake to the discard; None when the hand ended in this turn."""
        kongs_ok = intake == "draw"  # TW-XP-1 (chi/pon) and XP-3 (碰杠), none before the first discard
        self_draw_ok = intake in ("deal", "draw")  # TW-XP-2/4
        while True:
            assert not self.held_flowers(p), "a flower kept in hand"
            if self_draw_ok and is_complete(self.c34(p)):
                e = self.next()  # never pass one's own legal self-draw (we check the bot takes it)
                assert e["type"] == "win" and e["player"] == p and e["how"] == "self_draw", e
                if "tile" in e:
                    assert parse_tile(e["tile"]) == drawn
                self.result, self.winner, self.how = "win", p, "self_draw"
                return None
            e = self.next()
            if e["type"] != "kong":
                break
            assert e["player"] == p and kongs_ok, (self.at, e, intake)
            tiles = [parse_tile(t) for t in e["tiles"]]
            assert len(set(tiles)) == 1 and len(tiles) == 4
            t = tiles[0]
            assert self.live >= 1, "a kong with no replacement left"
            if e["kind"] == "concealed":
                for _ in range(4):
                    self.take(p, t)
                self.melds[p].append({"kind": "kong", "tiles": tiles})
                assert not (waits(self.c34(p)) & self.go_round[p]), "TW-XP-5"
            else:
                assert e["kind"] == "added", e
                meld = next(m for m in self.melds[p] if m["kind"] == "pon" and m["tiles"][0] == t)
                self.take(p, t)
                robber = self.nearest_winner(p, t)
                if robber is not None:  # 搶杠 must be taken
                    w = self.next()
                    assert w == {"type": "win", "player": robber, "how": "rob_kong",
                                 "tile": e["tiles"][3], "from": p}, w
                    self.conc[robber][t] += 1
                    self.result, self.winner, self.how = "win", robber, "rob_kong"
                    return None
                meld["kind"] = "kong"
                meld["tiles"].append(t)
            self.pending[p] += 1
            drawn = self.draw_in_play(p, back=True)
            if drawn is None:
                return None
        # the discard
        assert e["type"] == "discard" and e["player"] == p, (self.at, e)
        assert self.pending[p] == 0
        assert self.concealed(p) == 17 - 3 * len(self.melds[p]), "wrong count before the discard"
        d = parse_tile(e["tile"])
        if claimed is not None:
            kind, t, luo = claimed
            assert d != t, "TW-XP-6: discarded the tile just claimed"
            assert d != luo, "TW-XP-6: discarded the 絡牌 of the chi"
        self.take(p, d)
        self.rivers[p].append(d)
        self.discards_checked += 1
        self.last_own_discard[p] = d
        self.passed_pon[p] = set()
        self.go_round[p] = {d}
        for o in self.order_after(p):
            self.go_round[o].add(d)
        return d

    def after_discard(self, p: str, d: int):
        winner = self.nearest_winner(p, d)
        if winner is not None:  # never 過水; head bump to the nearest (TW-PAY-4)
            e = self.next()
            assert e == {"type": "win", "player": winner, "how": "discard", "tile": self.events[self.at - 1]["tile"],
                         "from": p}, e
            self.rivers[p].pop()
            self.conc[winner][d] += 1
            self.result, self.winner, self.how = "win", winner, "discard"
            return "end"
        if self.live == 0:
            e = self.next()
            assert e == {"type": "exhaustive_draw"}, e
            self.result = "exhaustive_draw"
            return "end"
        e = self.events[self.at + 1]
        result = None
        if e["type"] in ("chi", "pon") or (e["type"] == "kong" and e["kind"] == "claimed"):
            self.next()
            q = e["player"]
            assert q != p
            assert self.live > 3, "TW-XP-7: a claim within the last 3 tiles"
            t = parse_tile(e["tile"]) if "tile" in e else d
            assert t == d
            self.rivers[p].pop()
            if e["type"] == "chi":
                a, b = (parse_tile(x) for x in e["with"])
                run = sorted((a, b, d))
                assert q == self.order_after(p)[0], "chi from someone other than the 上家"
                assert run[0] < 27 and run[0] // 9 == run[2] // 9 and run[1] == run[0] + 1 \
                    and run[2] == run[0] + 2, "not a sequence"
                luo = _luo(d, a, b)
                assert self.last_own_discard[q] not in (d, luo) or self.last_own_discard[q] is None, \
                    "TW-XP-6 打出吃入"
                self.take(q, a)
                self.take(q, b)
                self.melds[q].append({"kind": "chi", "tiles": run})
                result = (q, "chi", ("chi", d, luo), None)
            elif e["type"] == "pon":
                assert [parse_tile(x) for x in e["with"]] == [d, d]
                assert d not in self.passed_pon[q], "TW-XP-6: pon of a tile let go this go-round"
                self.take(q, d)
                self.take(q, d)
                self.melds[q].append({"kind": "pon", "tiles": [d, d, d]})
                result = (q, "pon", ("pon", d, None), None)
            else:
                assert [parse_tile(x) for x in e["tiles"]] == [d] * 4
                assert d not in self.passed_pon[q]
                for _ in range(3):
                    self.take(q, d)
                self.melds[q].append({"kind": "kong", "tiles": [d] * 4})
                self.pending[q] += 1
                drawn = self.draw_in_play(q, back=True)
                if drawn is None:
                    return "end"
                result = (q, "kong", None, drawn)
        for o in self.order_after(p):
            if self.conc[o][d] >= 2 and (result is None or result[0] != o):
                self.passed_pon[o].add(d)
        return result

    # the end ------------------------------------------------------------------------------------
    def all_tiles(self, wall_rest: list[int]) -> list[int]:
        out = list(wall_rest)
        for p in self.players:
            out += [t for t in range(42) for _ in range(self.conc[p][t])]
            out += [t for m in self.melds[p] for t in m["tiles"]]
            out += self.flowers[p] + self.rivers[p]
        return out


def generate(seed: int, **opts) -> tuple[HandPlay, dict, Checker]:
    play = HandPlay(seed, **opts)
    hand = play.run()
    return play, hand, Checker(hand).run()


@pytest.fixture(scope="module")
def default_hands():
    return [generate(seed) for seed in range(200)]


@pytest.fixture(scope="module")
def busy_hands():
    """Bots that claim and kong whenever it does not hurt: many melds, robbed kongs."""
    return [generate(seed, claim_rate=1.0, kong_rate=1.0, skill=1.0) for seed in range(200)]


@pytest.fixture(scope="module")
def all_hands(default_hands, busy_hands):
    return default_hands + busy_hands


def test_every_tile_accounted_for_once(all_hands):
    for play, hand, chk in all_hands:
        assert sorted(chk.all_tiles(play.wall_rest)) == sorted(ALL_TILES)
        assert len(play.wall_rest) == DEAD_WALL + chk.live


def test_wall_front_and_back(all_hands):
    """Draws come from the front of the wall in order, replacements from the back in reverse."""
    for play, hand, chk in all_hands:
        wall = play.wall
        assert chk.front_draws == wall[:len(chk.front_draws)]
        assert chk.back_draws == wall[::-1][:len(chk.back_draws)]
        assert len(chk.front_draws) + len(chk.back_draws) == LIVE_AFTER_DEAL - chk.live


def test_outcome_matches_bookkeeping(all_hands):
    for play, hand, chk in all_hands:
        assert (chk.result, chk.winner, chk.how) == (play.result, play.winner, play.how)
        last = hand["events"][-1]
        assert last["type"] == ("win" if chk.result == "win" else "exhaustive_draw")
        if chk.result == "exhaustive_draw":
            assert chk.live == 0
        assert chk.discards_checked > 0 or chk.how == "self_draw"


def test_wins_are_real(all_hands):
    for play, hand, chk in all_hands:
        if chk.result == "win":
            assert is_complete(chk.c34(chk.winner))
            assert chk.concealed(chk.winner) == 17 - 3 * len(chk.melds[chk.winner])


def test_mix_of_outcomes(default_hands):
    outcomes = collections.Counter(p.how or p.result for p, _, _ in default_hands)
    acts = collections.Counter()
    for _, hand, _ in default_hands:
        for e in hand["events"]:
            acts[e["type"] + ("." + e["kind"] if e["type"] == "kong" else "")] += 1
    assert outcomes["discard"] >= 20
    assert outcomes["self_draw"] >= 10
    assert outcomes["exhaustive_draw"] >= 20
    wins = outcomes["discard"] + outcomes["self_draw"] + outcomes["rob_kong"]
    assert 0.4 <= wins / len(default_hands) <= 0.8
    for kind in ("chi", "pon", "kong.concealed", "kong.added", "kong.claimed", "flower"):
        assert acts[kind] >= 5, kind
    assert any(chk.passes >= 2 for _, _, chk in default_hands), "a flower drawn as replacement"


def test_robbed_kongs_and_busy_play(busy_hands):
    outcomes = collections.Counter(p.how or p.result for p, _, _ in busy_hands)
    assert outcomes["rob_kong"] >= 1
    assert any(len(chk.melds[p]) >= 4 for _, _, chk in busy_hands for p in PLAYERS)


def test_same_seed_same_document():
    a = json.dumps(document(play_hand(7)))
    assert a == json.dumps(document(play_hand(random.Random(7))))
    assert a != json.dumps(document(play_hand(8)))
    assert json.dumps(play_game(3, 6)) == json.dumps(play_game(random.Random(3), 6))


def test_rng_is_advanced_in_place():
    r = random.Random(1)
    first, second = play_hand(r), play_hand(r)
    assert first != second


def test_document_shape():
    d = document(play_hand(5, dealer="C", streak=2, round_wind="3z"))
    assert d["format"] == "mjref/1" and d["variant"] == "tw16"
    assert d["ruleset"] == {"base": 100, "tai": 20}
    assert d["players"] == list(PLAYERS)
    h = d["hand"]
    assert (h["dealer"], h["streak"], h["round_wind"]) == ("C", 2, "3z")
    assert len(parse_tiles(h["events"][0]["hands"]["C"])) == 17
    Checker(h).run()


def test_other_seats_and_dealers():
    players = ("east", "south", "west", "north")
    for seed in range(20):
        hand = play_hand(seed, players=players, dealer=players[seed % 4])
        Checker(hand, players).run()


def test_game_follows_dealer_rotation():
    """TW-FLOW-8 / TW-SEAT-2, computed here from each hand's own outcome."""
    game = play_game(11, 40, start_dealer="B")
    assert game["format"] == "mjref/1" and len(game["hands"]) == 40
    dealer, streak, wind, advances = "B", 0, 0, 0
    winds = ["1z", "2z", "3z", "4z"]
    for hand in game["hands"]:
        assert (hand["dealer"], hand["streak"], hand["round_wind"]) == (dealer, streak, winds[wind])
        assert hand["start_dealer"] == "B"
        chk = Checker(hand).run()
        if chk.result == "exhaustive_draw" or chk.winner == dealer:
            streak += 1
        else:
            dealer, streak = PLAYERS[(PLAYERS.index(dealer) + 1) % 4], 0
            if dealer == "B":
                wind, advances = (wind + 1) % 4, advances + 1
    assert advances >= 1 and max(h["streak"] for h in game["hands"]) >= 1


def test_referee_accepts_self_play():
    """Any legal game adjudicates without error, finds no irregularity and sums to zero."""
    cli = pytest.importorskip("api.documents.documents")
    for seed in range(30):
        for opts in ({}, {"claim_rate": 1.0, "kong_rate": 1.0, "skill": 1.0}):
            play = HandPlay(seed, **opts)
            ruling = cli.adjudicate_data(document(play.run()))
            hand = ruling["hands"][0]
            assert hand["rulings"] == [], (seed, opts, hand["rulings"])
            assert hand["result"] == play.result
            assert sum(ruling["net"].values()) == 0
    game = cli.adjudicate_data(play_game(2, 12))
    assert all(h["rulings"] == [] for h in game["hands"])


class _Stacked(random.Random):
    """A Random whose first shuffle puts the given tiles on top (the rest shuffled as usual)."""

    def __init__(self, seed: int, top: list[int]):
        super().__init__(seed)
        self.top = top

    def shuffle(self, x) -> None:  # type: ignore[override]
        super().shuffle(x)
        if self.top:
            rest = list(x)
            for t in self.top:
                rest.remove(t)
            x[:] = self.top + rest
            self.top = []


def test_heavenly_win_is_taken():
    """天和 (TW-TAI-33): the dealer's dealt hand is complete, he wins at once on the 門牌."""
    complete = [0, 0, 0, 1, 2, 3, 4, 5, 6, 17, 17, 17, 18, 19, 20, 31]  # + 門牌 31 (5z)
    filler = [k for k in range(7, 16) for _ in range(4)] + [k for k in range(21, 24) for _ in range(4)]
    top = complete + filler[:48] + [31]
    assert len(top) == 65
    play = HandPlay(_Stacked(3, top))
    hand = play.run()
    assert hand["events"][-1] == {"type": "win", "player": "A", "how": "self_draw", "tile": "5z"}
    assert len(hand["events"]) == 2
    Checker(hand).run()
