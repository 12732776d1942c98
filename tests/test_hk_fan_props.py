"""Properties of the Hong Kong count over generated winning hands (hypothesis): the count is the
same every time, lies within the minimum and the cap, adds up to its rows, prices the portion on
the curve; and it does not change when the three suits are permuted or a suit's numbers are read
backwards (1 ↔ 9), which leaves every row of §2 as it is."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.melds import MeldView
from referee.tiles import FIRST_FLOWER
from rulesbook.family13.context import Win13
from rulesbook.hk.fan import count_win
from rulesbook.hk.options import HkRules
from rulesbook.hk.portion import CURVES

SUITED_SEQ_STARTS = [s * 9 + n for s in range(3) for n in range(7)]


@st.composite
def hands(draw) -> Win13:
    """Four sets and a pair within four copies of a tile, some sets laid on the table, a winning
    tile among the concealed ones, flowers and flags."""
    held = [0] * 34
    sets: list[tuple[str, int]] = []
    # most hands any tiles; some of one suit, with or without honours, or honours and terminals,
    # so that the flush, terminal and honour rows are met often
    suit = draw(st.integers(0, 2))
    pool = draw(st.sampled_from([
        range(34), range(34), range(9 * suit, 9 * suit + 9), [*range(9 * suit, 9 * suit + 9), *range(27, 34)],
        [0, 8, 9, 17, 18, 26, *range(27, 34)], range(27, 34)]))
    pool = list(pool)
    starts = [t for t in SUITED_SEQ_STARTS if t in pool and t + 2 in pool]
    for _ in range(4):  # each set from a drawn place, moved on to the next place that fits
        if starts and draw(st.booleans()):
            k = draw(st.integers(0, len(starts) - 1))
            t = next((u for i in range(len(starts))
                      if all(held[(u := starts[(k + i) % len(starts)]) + j] < 4 for j in range(3))), None)
            if t is not None:
                for i in range(3):
                    held[t + i] += 1
                sets.append(("seq", t))
                continue
        k = draw(st.integers(0, len(pool) - 1))
        t = next((u for i in range(len(pool)) if held[u := pool[(k + i) % len(pool)]] == 0), None)
        if t is None:  # the pool is used up: any free kind
            t = next(u for u in range(34) if held[u] == 0)
        kong = draw(st.integers(0, 5)) == 5
        held[t] += 4 if kong else 3
        sets.append(("kong" if kong else "pong", t))
    pair = draw(st.sampled_from([t for t in pool if held[t] <= 2] or [t for t in range(34) if held[t] <= 2]))
    held[pair] += 2
    melds, concealed = [], [0] * 34
    concealed[pair] += 2
    for kind, t in sets:
        tiles = (t, t + 1, t + 2) if kind == "seq" else (t,) * (4 if kind == "kong" else 3)
        if kind == "kong":  # a kong is always declared: on the table
            how = draw(st.sampled_from(["claimed", "added", "concealed"]))
            melds.append(MeldView("kong", tiles, kong=how, tile=None if how == "concealed" else t))
        elif draw(st.integers(0, 2)) == 0:
            melds.append(MeldView("chi" if kind == "seq" else "pon", tiles, tile=t))
        else:
            for x in tiles:
                concealed[x] += 1
    win_tile = draw(st.sampled_from([t for t in range(34) if concealed[t]]))
    how = draw(st.sampled_from(["self_draw", "discard", "rob_kong"]))
    flowers = tuple(sorted(draw(st.sets(st.integers(FIRST_FLOWER, FIRST_FLOWER + 7), max_size=6))))
    return Win13(tuple(concealed), win_tile, how, tuple(melds), flowers, draw(st.integers(1, 4)),
                 draw(st.integers(27, 30)), kong_chain=draw(st.integers(0, 2)) if how == "self_draw" else 0,
                 last_tile=draw(st.booleans()), heavenly=draw(st.integers(0, 20)) == 0)


RULESETS = [HkRules.of(), HkRules.of("tournament", base=2), HkRules.of("casual", base=5),
            HkRules.of(options={"min_fan": 5, "limit_fan": 13, "bonus_counts_to_minimum": True}),
            HkRules.of(options={"small_four_winds": "limit", "money_curve": "spicy"}, fan_table={"HK-FAN-37": 4})]


def _map(t: int, perm: tuple[int, int, int], backwards: bool) -> int:
    if t >= 27:
        return t
    n = t % 9
    return perm[t // 9] * 9 + (8 - n if backwards else n)


def relabel(w: Win13, perm: tuple[int, int, int], backwards: bool) -> Win13:
    concealed = [0] * 34
    for t, n in enumerate(w.concealed):
        concealed[_map(t, perm, backwards)] += n
    melds = tuple(MeldView(m.kind, tuple(sorted(_map(t, perm, backwards) for t in m.tiles)), m.kong,
                           None if m.tile is None else _map(m.tile, perm, backwards), m.source)
                  for m in w.melds)
    return Win13(tuple(concealed), _map(w.win_tile, perm, backwards), w.how, melds, w.flowers, w.seat,
                 w.round_wind, w.kong_chain, w.last_tile, w.last_discard, w.heavenly, w.earthly, w.human)


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])


@SETTINGS
@given(hands(), st.sampled_from(RULESETS))
def test_count_is_sound(w, rules):
    c = count_win(w, rules)
    assert c.complete  # every generated hand is four sets and a pair
    again = count_win.__wrapped__(w, rules)  # the same count, computed afresh
    assert again == c
    o = rules.options
    assert 0 <= c.fan_min <= c.fan and sum(p.fan for p in c.patterns) == c.fan
    assert c.fan_paid == min(c.fan, o.limit_fan) <= o.limit_fan
    assert c.portion == rules.base * CURVES[o.money_curve][c.fan_paid]
    if c.limit is not None or c.fan_min >= o.min_fan:
        assert c.qualifies
    elif o.fan_combination == "sum":  # (under highest a limit row not scored also qualifies)
        assert not c.qualifies
    assert all(rules.values[p.rule] == p.fan and p.fan > 0 for p in c.patterns)
    if c.limit is not None and o.fan_combination == "sum":
        assert c.fan_min == c.fan


@SETTINGS
@given(hands(), st.sampled_from(RULESETS), st.permutations((0, 1, 2)), st.booleans())
def test_count_ignores_which_suit_and_which_end(w, rules, perm, backwards):
    c = count_win(w, rules)
    d = count_win(relabel(w, tuple(perm), backwards), rules)
    assert (d.fan, d.fan_min, d.fan_paid, d.limit, d.qualifies) == (c.fan, c.fan_min, c.fan_paid, c.limit, c.qualifies)
    assert [p.rule for p in d.patterns] == [p.rule for p in c.patterns]
