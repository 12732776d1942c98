"""番 of a Sichuan win (RULEBOOK_SC §4, SC-FAN-0 … 30): for each split of the declared hand (four
sets and a pair, or seven pairs, a four-of-a-kind counting as two pairs), the one base row (class
P) of highest value that holds, plus every addition (class A) that holds; the best split; F =
min(fan, ``cap_fan``). A hand that holds a tile of the player's void suit is complete but does not
qualify (SC-QM-2). ``best_call`` counts a hypothetical discard win with class P and 根 only
(SC-FAN-0.5, SC-CH-2).

    c = count_win(ScWin(...), ScRules.of())

``c.fan`` the count, ``c.fan_paid`` F, ``c.value`` V = B × 2^F (SC-PAY-0). Memoised by (win, rules).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Optional

from referee.hand import SEQ, winning_kinds_of
from referee.tiles import N_KINDS
from rulesbook.family13.context import Split, Win13
from rulesbook.family13.counting import Pattern
from rulesbook.family13.shapes import splits

from .fan_table import ROWS
from .options import ScRules

IMPLICIT = 3  # ``void`` of a hand under ``void_declaration: implicit``: two suits at most
NO_VOID = -1
ROOT = "SC-FAN-20"
SEVEN_PAIRS_DRAGON = ("SC-FAN-9", "SC-FAN-14")  # their first four-of-a-kind is no 根
FOUR_KONGS = ("SC-FAN-17", "SC-FAN-18")  # their kongs are no 根


@dataclass(frozen=True)
class ScWin(Win13):
    """A win as the Sichuan counter needs it: the family's ``Win13`` and two facts of its own."""

    kong_discard: bool = False  # 杠上炮: won on the discard made right after a kong replacement
    void: int = NO_VOID  # the declared void suit (0 萬, 1 筒, 2 索), IMPLICIT, or NO_VOID (unknown)
    fed_bloom: bool = False  # 点杠花 paid as a discard (SC-PAY-5 ``discard``): no self-draw bonus


def sc_win(hand: Win13, kong_discard: bool, void: int, fed_bloom: bool = False) -> ScWin:
    """The family's ``Win13`` with Sichuan's facts."""
    return ScWin(**{f.name: getattr(hand, f.name) for f in fields(Win13)}, kong_discard=kong_discard,
                 void=void, fed_bloom=fed_bloom)


@dataclass(frozen=True)
class ScCount:
    complete: bool
    qualifies: bool
    fan: int = 0
    fan_paid: int = 0
    value: int = 0
    patterns: tuple[Pattern, ...] = ()

    @property
    def fan_min(self) -> int:  # the family's judge reads it
        return self.fan

    def as_json(self) -> dict:
        return {"fan": self.fan, "fan_paid": self.fan_paid, "value": self.value,
                "patterns": [p.as_json() for p in self.patterns]}


_NOT_A_WIN = ScCount(False, False)


def whole_hand(win: Win13) -> list[int]:
    """The counts of the whole hand: concealed tiles (the winning tile included) and melds."""
    held = list(win.concealed)
    for m in win.melds:
        for t in m.tiles:
            if 0 <= t < N_KINDS:
                held[t] += 1
    return held


def breaks_void(held, void: int) -> bool:
    """SC-QM-2: the hand holds a tile of the void suit (under ``implicit``: all three suits)."""
    if void == NO_VOID:
        return False
    suits = [any(held[s * 9:s * 9 + 9]) for s in range(3)]
    return all(suits) if void == IMPLICIT else suits[void]


def _terminal_set(kind: int, first: int) -> bool:
    n = first % 9
    return n in (0, 6) if kind == SEQ else n in (0, 8)


def _base_rows(win: Win13, s: Split, flush: bool, two_five_eight: bool, heavenly: bool,
               earthly: bool) -> dict[str, bool]:
    """The class-P rows that hold for one split."""
    pairs = bool(s.pairs)
    dragon = pairs and len(set(s.pairs)) < 7
    pongs = not pairs and len(s.pong_kinds) == 4
    hook = not pairs and len(win.melds) == 4 and all(m.kind != "chi" for m in win.melds)
    kongs = hook and all(m.kind == "kong" for m in win.melds)
    terminals = not pairs and s.pair is not None and s.pair % 9 in (0, 8) and all(
        _terminal_set(x.kind, x.tile) for x in s.sets)
    return {
        "SC-FAN-1": True, "SC-FAN-2": pongs, "SC-FAN-3": flush, "SC-FAN-4": terminals,
        "SC-FAN-5": pairs and not dragon, "SC-FAN-6": hook, "SC-FAN-7": flush and pongs,
        "SC-FAN-8": pongs and two_five_eight, "SC-FAN-9": dragon, "SC-FAN-10": flush and pairs and not dragon,
        "SC-FAN-11": flush and terminals, "SC-FAN-12": hook and two_five_eight, "SC-FAN-13": flush and hook,
        "SC-FAN-14": flush and dragon, "SC-FAN-15": heavenly, "SC-FAN-16": earthly,
        "SC-FAN-17": kongs, "SC-FAN-18": flush and kongs,
    }


def _additions(win: ScWin, rules: ScRules, held: list[int], call: bool) -> dict[str, bool]:
    """The class-A rows other than 根 (none for a best call, SC-FAN-0.5)."""
    if call:
        return {}
    o = rules.options
    drawn = win.how == "self_draw"
    return {
        # (no flowers: a tile drawn from the back is a kong's replacement, also one a state gives)
        "SC-FAN-21": drawn and (win.kong_chain >= 1 or win.replacement), "SC-FAN-22": win.how == "discard" and win.kong_discard,
        "SC-FAN-23": win.how == "rob_kong", "SC-FAN-24": drawn and win.last_tile,
        # SC-PAY-5: a 点杠花 paid as a discard carries no self-draw bonus, 自摸加番 included
        "SC-FAN-25": drawn and o.self_draw_bonus == "add_fan" and not win.fed_bloom,
        "SC-FAN-26": o.concealed_bonus and drawn and all(m.concealed for m in win.melds),
        "SC-FAN-27": o.all_simples_bonus and not any(held[t] for t in range(27) if t % 9 in (0, 8)),
    }


@lru_cache(maxsize=1 << 14)
def count_win(win: ScWin, rules: ScRules, call: bool = False) -> ScCount:
    """The 番 of a win declaration (SC-FAN-0); ``complete`` False when the tiles do not win;
    ``qualifies`` False when they hold the void suit. ``call``: a best call (SC-FAN-0.5)."""
    readings = splits(win, "four_as_two")
    if not readings:
        return _NOT_A_WIN
    held = whole_hand(win)
    suits = sum(1 for s in range(3) if any(held[s * 9:s * 9 + 9]))
    flush = suits == 1
    two_five_eight = all(n == 0 or t % 9 in (1, 4, 7) for t, n in enumerate(held[:27]))
    roots = sum(1 for n in held if n == 4)
    values = rules.values
    # SC-FAN-15: on his dealt 14: a win on a kong's replacement (the only tile drawn from the back in
    # Sichuan) is 杠上花 on a hand the kong changed, not 天胡
    heavenly = not call and rules.options.heavenly_earthly and win.heavenly and not win.replacement
    earthly = not call and rules.options.heavenly_earthly and (
        win.earthly or win.human and win.how == "self_draw")
    extra = [r for r, on in _additions(win, rules, held, call).items() if on and values[r]]
    best: Optional[tuple[int, list[tuple[str, int]]]] = None
    for s in readings:
        holding = [r for r, on in _base_rows(win, s, flush, two_five_eight, heavenly, earthly).items() if on]
        base = max(holding, key=lambda r: (values[r], -ROWS[r].number))
        n_roots = roots - (1 if base in SEVEN_PAIRS_DRAGON else 4 if base in FOUR_KONGS else 0)
        rows = [(base, values[base])] + [(ROOT, values[ROOT])] * (max(n_roots, 0) if values[ROOT] else 0)
        rows += [(r, values[r]) for r in extra]
        total = sum(v for _, v in rows)
        if best is None or total > best[0]:
            best = (total, rows)
    assert best is not None
    fan, rows = best
    paid = min(fan, rules.options.cap_fan)
    patterns = tuple(Pattern(r, ROWS[r].name, ROWS[r].en, v) for r, v in rows)
    return ScCount(True, not breaks_void(held, win.void), fan, paid, rules.value(paid), patterns)


def best_call(hand: Win13, void: int, rules: ScRules) -> Optional[int]:
    """SC-CH-0, SC-CH-2: a concealed hand one tile short (13 − 3 × melds tiles): the highest F of
    any winning hand that one tile not of the void suit, of which he does not hold four, completes,
    counted as a discard win with class P and 根 only; None when he is not ready. Only the kinds
    that complete four sets and a pair, or seven pairs, are counted."""
    held = whole_hand(hand)
    if breaks_void(held, void):
        return None
    concealed = hand.concealed
    kinds = set(winning_kinds_of(concealed))
    if not hand.melds and sum(concealed) == 13:
        odd = [t for t, n in enumerate(concealed) if n % 2]
        if len(odd) == 1:
            kinds.add(odd[0])  # six pairs and a single (a four of a kind is two pairs)
    top = None
    for t in kinds:
        if t >= 27 or held[t] >= 4 or (0 <= void < 3 and t // 9 == void):
            continue
        counts = list(concealed)
        counts[t] += 1
        c = count_win(ScWin(concealed=tuple(counts), win_tile=t, how="discard", melds=hand.melds,
                            void=void), rules, True)
        if c.complete and c.qualifies and (top is None or c.fan_paid > top):
            top = c.fan_paid
    return top
