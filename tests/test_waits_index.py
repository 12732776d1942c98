"""Waits kept, not recomputed (issue 31): riichi's waits of a live count list agree with the
memoised ``riichi_waits`` of its tuple (seven pairs and thirteen orphans looked at only when the
number of kinds held allows them), and the index of who waits on each kind agrees with every
player's waits worked out anew, however the hands change. A riichi deal, its plain tiles given in
one loop, leaves the table as one given tile by tile, and refuses a second red five, a fourth plain
five and a fifth copy at the hand that holds it."""
from __future__ import annotations

import random

from referee.hand import winning_kinds_of
from referee.table_facts import PlayerState
from referee.waits import WaitsIndex
from rulesbook.riichi.shapes import riichi_waits, riichi_waits_of
from tests.test_riichi_shapes import hands


def _tenpai_hands(n: int, seed: int):
    """13-tile hands near a win: a complete 14-tile hand less one tile, and random ones."""
    rng = random.Random(seed)
    for _ in range(n):
        counts = [0] * 34
        while sum(counts) < 12:
            t = rng.randrange(34)
            if rng.random() < 0.5 and t < 27 and t % 9 <= 6:
                tiles = (t, t + 1, t + 2)
            else:
                tiles = (t, t, t)
            if all(counts[x] + tiles.count(x) <= 4 for x in tiles):
                for x in tiles:
                    counts[x] += 1
        t = rng.randrange(34)
        if counts[t] < 4:
            counts[t] += 1
        yield tuple(counts)


def test_the_waits_of_a_live_list_are_those_of_the_memoised_tuple():
    met = {"special": 0, "any": 0}
    for counts in [*hands(3000), *_tenpai_hands(3000, 5)]:
        for closed in (True, False):
            live = list(counts) + [0] * 8  # a count list goes on past the kinds (flowers)
            got = riichi_waits_of(live, () if closed else ("a meld",))
            assert got == riichi_waits(counts, closed), (counts, closed)
            met["any"] += bool(got)
            met["special"] += closed and got != riichi_waits_of(live, ("a meld",))
    assert met["special"] > 50 and met["any"] > 500  # waits of both kinds were met


class _Table:
    def __init__(self, names):
        self.p = {n: PlayerState(n) for n in names}


def test_the_index_agrees_with_every_players_waits_worked_out_anew():
    rng = random.Random(3)
    names = ("A", "B", "C", "D")
    table = _Table(names)
    index = WaitsIndex(table, winning_kinds_of, slot="wins_cache")
    tenpai = list(_tenpai_hands(400, 9))
    found = 0
    for step in range(3000):
        ps = table.p[rng.choice(names)]
        if rng.random() < 0.3:  # a new hand, often one near a win
            ps.counts[:34] = rng.choice(tenpai)
        elif rng.random() < 0.1:
            ps.unknown = 1 - ps.unknown  # hidden tiles: he waits on nothing known
        else:
            t = rng.randrange(34)
            ps.counts[t] = max(0, min(4, ps.counts[t] + rng.choice((-1, 1))))
        ps.version += 1
        tile = rng.randrange(-1, 45)
        but = rng.choice((None, *names))
        expected = [n for n, q in table.p.items() if n != but and not q.unknown and 0 <= tile < 34
                    and tile in winning_kinds_of(q.counts)] if tile < 42 else \
            [n for n, q in table.p.items() if n != but and not q.unknown
             and {42: 4, 43: 13, 44: 22}[tile] in winning_kinds_of(q.counts)]
        assert index.on(tile, but) == expected, step
        found += bool(expected)
    assert found > 30  # the index named players, not only none


def test_a_hand_that_did_not_change_is_not_worked_out_again():
    table = _Table(("A", "B"))
    calls = []
    whose = {id(ps.counts): name for name, ps in table.p.items()}  # (kinds is asked of counts and melds)
    index = WaitsIndex(table, lambda counts, melds: calls.append(whose[id(counts)]) or frozenset({3}))
    assert index.on(3) == ["A", "B"] and index.on(3, but="A") == ["B"] and len(calls) == 2
    table.p["B"].version += 1
    assert index.on(4) == [] and calls == ["A", "B", "B"]


# -- a riichi deal: the fives through riichi's own give, every other tile in one loop ------------

def _deal(hands: dict, table_class=None):
    from referee import events as ev
    from referee.tiles import parse_tile
    from rulesbook.riichi.table import RIICHI, RiichiTable
    table = (table_class or RiichiTable)(players=("A", "B", "C", "D"), dealer="A", open_seat="A", rules=RIICHI)
    deal = ev.Deal(hands={p: tuple(parse_tile(t, red=True) for t in tiles.split()) for p, tiles in hands.items()},
                   dora=parse_tile("1z"))
    return table.replay([deal])


_HANDS = {"A": "0m 5m 5m 1p 2p 3p 1s 1s 9s 9s 7z 7z 0p", "B": "5p 5p 6p 7p 8p 9p 1m 2m 3m 4m 0s 5s 6s",
          "C": "1z 2z 3z 4z 5z 6z 1m 1m 2m 2m 3m 3m 4m", "D": "5s 5s 7s 8s 9s 9m 9m 9m 8m 8m 8m 7m 4s"}


def test_a_riichi_deal_gives_as_one_tile_at_a_time():
    from rulesbook.riichi.table import RiichiTable

    class OneByOne(RiichiTable):
        own_tiles = None  # every tile through riichi's own give, as before the one loop

    fast, slow = _deal(_HANDS), _deal(_HANDS, OneByOne)
    for p in "ABCD":
        a, b = fast.p[p], slow.p[p]
        assert (a.counts, a.red, a.unknown) == (b.counts, b.red, b.unknown)
        assert a.version > 0
    assert fast.seen == slow.seen and fast.seen_red == slow.seen_red == [1, 1, 1]


def test_a_riichi_deal_refuses_a_second_red_five_and_a_fourth_plain_five_at_the_hand():
    import pytest

    from referee.errors import ReplayError
    with pytest.raises(ReplayError, match="a second 0m") as second:
        _deal({**_HANDS, "C": "0m 2z 3z 4z 5z 6z 1m 1m 2m 2m 3m 3m 4m"})
    with pytest.raises(ReplayError, match="a fourth plain 5p") as fourth:
        _deal({**_HANDS, "C": "5p 5p 3z 4z 5z 6z 1m 1m 2m 2m 3m 3m 4m"})
    with pytest.raises(ReplayError, match="a fifth 1m") as fifth:
        _deal({**_HANDS, "C": "1m 2z 3z 4z 5z 6z 1m 1m 1m 2m 2m 3m 3m"})
    assert {(x.value.index, x.value.field) for x in (second, fourth, fifth)} == {(0, "hands.C")}
