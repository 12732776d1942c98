"""The self-play bots' choices: a shanten (向聽) estimate, and which discard, claim or kong to take.

Everything is deterministic in the ``random.Random`` the bot is given.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Optional, Sequence

from referee.hand import waits
from referee.tiles import N_KINDS

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


class Seat:
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


class Bot:
    """How the four bots choose (one object for the table: they all play alike).

    ``claim_rate``: the chance a bot takes a pon or chi that improves its hand; ``kong_rate``: the
    chance it makes a kong that does not worsen it; ``skill``: the share of discards chosen by the
    shanten estimate (the rest keep tiles by their neighbours only)."""

    def __init__(self, rng: random.Random, claim_rate: float, kong_rate: float, skill: float):
        self.rng = rng
        self.claim_rate = claim_rate
        self.kong_rate = kong_rate
        self.skill = skill

    # claims -------------------------------------------------------------------------------------
    def pon_choice(self, o: Seat, d: int) -> Optional[str]:
        """``kong`` (碰杠) or ``pon`` when ``o`` claims the discard ``d``; None when he lets it go."""
        now = shanten(o.conc, o.needed)
        if o.conc[d] == 3 and self.rng.random() < self.kong_rate:
            o.conc[d] -= 3
            after = shanten(o.conc, o.needed - 1)
            o.conc[d] += 3
            if after <= now:
                return "kong"
        if self.rng.random() >= self.claim_rate:
            return None
        o.conc[d] -= 2
        after = self.best_after_claim(o, {d})
        o.conc[d] += 2
        return "pon" if after is not None and after < now else None

    def chi_choice(self, o: Seat, d: int) -> Optional[tuple[int, int, Optional[int]]]:
        """The two tiles (and their 絡牌) ``o`` chis the discard ``d`` with, or None."""
        if d >= 27 or self.rng.random() >= self.claim_rate:
            return None
        pos = d % 9
        options = []
        for a, b in ((d - 2, d - 1), (d - 1, d + 1), (d + 1, d + 2)):
            if a < d - pos or b > d - pos + 8 or not (o.conc[a] and o.conc[b]):
                continue
            luo = luo_of(d, a, b)
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
            after = self.best_after_claim(o, forbid)
            o.conc[a] += 1
            o.conc[b] += 1
            if after is not None and after < now and (best is None or after < best[0]):
                best = (after, a, b, luo)
        return None if best is None else best[1:]

    def best_after_claim(self, o: Seat, forbid: set[int]) -> Optional[int]:
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

    def own_kong(self, s: Seat) -> Optional[tuple[str, int]]:
        """A 暗杠 or 加杠 the bot wants to make now, if any (TW-FLOW-5)."""
        options = [("concealed", k) for k in range(N_KINDS) if s.conc[k] == 4]
        options += [("added", m["tiles"][0]) for m in s.melds
                    if m["kind"] == "pon" and s.conc[m["tiles"][0]]]
        if not options:
            return None
        rng_pick = [o for o in options if self.rng.random() < self.kong_rate]
        if not rng_pick:
            return None
        now = self.best_discard_value(s)
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

    def best_discard_value(self, s: Seat) -> int:
        return min(self.discard_values(s, set()).values())

    def discard_values(self, s: Seat, forbid: set[int]) -> dict[int, int]:
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

    def choose_discard(self, s: Seat, forbid: set[int], visible: list[int]) -> int:
        conc = s.conc
        if self.skill < 1.0 and self.rng.random() >= self.skill:  # a careless discard
            return min((k for k in range(N_KINDS) if conc[k] and k not in forbid),
                       key=lambda k: (_isolation(conc, k), -k))
        values = self.discard_values(s, forbid)
        best = min(values.values())
        tied = [k for k, v in values.items() if v == best]
        if len(tied) == 1:
            return tied[0]
        if best == 0:  # ready: keep the most live waits
            def live_waits(k: int) -> int:
                conc[k] -= 1
                w = waits(tuple(conc))
                conc[k] += 1
                return sum(max(0, 4 - visible[x] - conc[x]) for x in w)  # unseen copies
            scored = [(live_waits(k), -_isolation(conc, k), k) for k in tied]
            return max(scored)[2]
        return min(tied, key=lambda k: (_isolation(conc, k), -k))


def luo_of(d: int, a: int, b: int) -> Optional[int]:
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
