"""Self-play of legal Shanghai hands and games (RULEBOOK_SH), for property tests, mutation tests
and benchmarks: the 13-tile family's generator (``rulesbook.family13.selfplay``) with Shanghai's
own acts, through its hooks:

* the set (SH-FLOW-1): 144 tiles; the 8 flowers and, under ``dragons_as_flowers``, the 12 dragon
  tiles are laid out when drawn and replaced from the far end (SH-FLOW-4); no dead wall (SH-FLOW-2);
* 敲 (SH-QIAO): a player whose hand is ready after his discard knocks with it (``declare``,
  ``what: knock``, right after the discard) where a win needs a knock (``knock_required``); a
  knocked hand is locked: no 吃 or 碰, a kong only of the tile he has just drawn and only when his
  winning tiles stay the same, and otherwise he lets go the tile he has just drawn;
* wins (SH-HU, SH-PR-2): every valid declaration is made at once, by every valid declarer on a
  discard or an added kong under ``multiple_winners: all`` (一炮多响), by the nearest under
  ``head_bump``, so nobody passes a win (no 漏胡); a win is valid when the engine's count says so
  (``rulesbook.shanghai.fan.count_win``: complete, the flowers or a special row, the wild rules);
* 百搭 (SH-BD, ``wild``): after the deal's replacements the far-end tile is turned up
  (``indicator``; a flower turned up is laid aside and the next turned); the bots keep wild tiles;
* the hand carries its 荒番 counter ``huang_fan`` and the ``dice`` that opened the wall (SH-HF-1, 2);
  a game (``play_game``) carries the counter from hand to hand (SH-HF-4: a win takes one off, an
  exhaustive draw adds one) and gives the deal to the winner (the first after the discarder when
  several win), the dealer keeping it after a draw (SH-FLOW-9).

Everything is deterministic in the ``random.Random`` (or seed) it is given.
"""
from __future__ import annotations

import random
from typing import Optional, Sequence

from referee.hand import is_complete, winning_kinds
from referee.tiles import FIRST_FLOWER, N_KINDS, code
from rulesbook.family13 import selfplay
from rulesbook.family13.context import Win13
from rulesbook.family13.selfplay import PLAYERS, Seed, Variant

from .baida import DRAGONS
from .fan import count_win
from .huangfan import dice_adds
from .options import ShRules
SH = Variant("shanghai", ShRules.of, count_win, lambda r: True, lambda r: 0)

__all__ = ["SH", "PLAYERS", "HandPlay", "play_game", "play_hand", "document"]


class HandPlay(selfplay.HandPlay):
    """One Shanghai hand; ``huang_fan`` the counter before the dice, ``dice`` the roll (None: no
    roll recorded)."""

    def __init__(self, *args, huang_fan: int = 0, dice: Optional[tuple[int, int]] = None, **kw) -> None:
        super().__init__(*args, variant=SH, **kw)
        self.huang_fan, self.dice = huang_fan, dice
        o = self.rules.options
        self.dragons, self.knock_needed = o.dragons_as_flowers, o.knock_required
        self.knocked: set[str] = set()
        self.indicator: Optional[int] = None  # the tile turned up (SH-BD-1)
        self.wild: Optional[int] = None  # the wild kind it gives

    # -- the hooks ------------------------------------------------------------------------------
    def _tiles(self) -> list[int]:
        return [k for k in range(N_KINDS) for _ in range(4)] + list(range(FIRST_FLOWER, FIRST_FLOWER + 8))

    def _is_flower(self, tile: int) -> bool:
        return tile >= FIRST_FLOWER or self.dragons and tile in DRAGONS

    def _opening(self) -> Optional[str]:
        """SH-BD-1: the indicator turned up from the far end, flowers laid aside."""
        if not self.rules.options.wild:
            return None
        while True:
            if self.wall_left <= 0:
                return "end"
            tile = self.wall.pop()
            self._emit(type="indicator", tile=code(tile))
            if not self._is_flower(tile):
                from .baida import wild_kind  # (百搭 only)
                self.indicator, self.wild = tile, wild_kind(tile, self.rules.options.wild_rule)
                return None

    def _may_claim(self, name: str, tile: Optional[int] = None) -> bool:
        return name not in self.knocked  # SH-QIAO-2: a knocked hand is locked

    def _may_chi(self, name: str) -> bool:
        return super()._may_chi(name) and self.rules.options.chi  # SH-FLOW-5 (option chi)

    def _kong_kinds(self, name: str):
        """SH-QIAO-2: a knocked player makes a kong only of the tile he has just drawn, and only
        when his winning tiles stay the same."""
        if name not in self.knocked:
            return super()._kong_kinds(name)
        t, ps = self.drawn[name], self.p[name]
        if t is None:
            return ()
        before = list(ps.counts[:N_KINDS])
        before[t] -= 1
        if ps.counts[t] == 4:
            after = list(before)
            after[t] = 0
            return (t,) if self._waits_of(tuple(before)) == self._waits_of(tuple(after)) else ()
        return (t,) if any(m.kind == "pon" and m.tiles[0] == t for m in ps.melds) else ()

    def _discarded(self, name: str, tile: int) -> None:
        """SH-QIAO-1: knock with the discard that leaves the hand ready."""
        if self.knock_needed and name not in self.knocked and self._waits(name):
            self.knocked.add(name)
            self._emit(type="declare", player=name, what="knock")

    def _declarers(self, who: str, tile: int, how: str) -> list[str]:
        """SH-PR-2: every valid declarer in turn order after ``who`` (一炮多响), or the nearest."""
        names = [self.names[(self.names.index(who) + k) % 4] for k in (1, 2, 3)]
        valid = [n for n in names if self._valid(n, tile, how)]
        return valid if self.rules.options.multiple_winners == "all" else valid[:1]

    def _discard_choice(self, name: str, barred: Optional[int]) -> int:
        """A knocked player lets go the tile he has just drawn (SH-QIAO-2); the others never let a
        wild tile go while they hold another tile."""
        if name in self.knocked and self.drawn[name] is not None:
            return self.drawn[name]
        counts = self.p[name].counts
        if self.wild is None or not counts[self.wild] or sum(counts) == counts[self.wild]:
            return super()._discard_choice(name, barred)
        held = counts[self.wild]
        counts[self.wild] = 0  # out of the bot's sight while it chooses
        try:
            return super()._discard_choice(name, barred)
        finally:
            counts[self.wild] = held

    # -- what the count needs -------------------------------------------------------------------
    def _complete(self, counts: tuple[int, ...]) -> bool:
        if self.wild is None or not counts[self.wild]:
            return is_complete(counts)
        from referee import wild as wild_tiles  # (百搭 only)
        natural = list(counts)
        jokers, natural[self.wild] = natural[self.wild], 0
        return wild_tiles.completes(tuple(natural), jokers, _ANY)

    def _waits(self, name: str) -> bool:
        """Whether ``name``'s concealed tiles (after his discard) are one tile from complete."""
        return bool(self._waits_of(tuple(self.p[name].counts[:N_KINDS])))

    def _waits_of(self, counts: tuple[int, ...]) -> frozenset[int]:
        """The kinds that complete ``counts`` (a wild tile standing for any, SH-BD-2)."""
        if self.wild is None or not counts[self.wild]:
            return winning_kinds(counts)
        from referee import wild as wild_tiles  # (百搭 only)
        natural = list(counts)
        jokers, natural[self.wild] = natural[self.wild], 0
        return wild_tiles.waits(tuple(natural), jokers, _ANY)

    def _valid(self, name: str, tile: int, how: str, kong_chain: int = 0) -> bool:
        """SH-HU-1: knocked where it is needed, complete, the engine's count qualifies it, and no
        wild tile in a discard win under ``no_wild_discard_win`` (SH-BD-4)."""
        if self.knock_needed and name not in self.knocked:
            return False
        ps = self.p[name]
        counts = list(ps.counts[:N_KINDS])
        if how != "self_draw":
            counts[tile] += 1
        if not self._complete(tuple(counts)):
            return False
        win = Win13(concealed=tuple(counts), win_tile=tile, how=how, melds=tuple(ps.melds),
                    flowers=tuple(ps.flowers), kong_chain=kong_chain,
                    last_tile=how == "self_draw" and self.wall_left == 0,
                    last_discard=how == "discard" and self.wall_left == 0,
                    replacement=how == "self_draw" and kong_chain > 0,
                    indicator=self.indicator, wild=self.wild)
        count = self.variant.count(win, self.rules)
        if count.wilds and how != "self_draw" and self.rules.options.no_wild_discard_win:
            return False  # SH-BD-4: a hand holding a wild tile wins only by self-draw
        return count.qualifies

    def _hand(self) -> dict:
        hand = super()._hand()
        del hand["round_wind"]  # Shanghai seats carry no wind (SH-FLOW-9: next.round_wind is null)
        hand["huang_fan"] = self.huang_fan
        if self.dice is not None:
            hand["dice"] = list(self.dice)
        return hand


_ANY = frozenset(range(N_KINDS))  # SH-BD-2: a wild stands for any non-flower tile


def play_hand(rng: Seed = None, **kw) -> dict:
    """One self-played Shanghai hand (a JSON-able ``hand`` object, full information)."""
    return HandPlay(rng, **kw).run()


def document(hand: dict, players: Sequence[str] = PLAYERS, ruleset: Optional[dict] = None) -> dict:
    return selfplay.document(hand, players, ruleset, "shanghai")


def play_game(rng: Seed = None, n_hands: int = 8, players: Sequence[str] = PLAYERS,
              rules: Optional[ShRules] = None, ruleset: Optional[dict] = None) -> dict:
    """A ``hands`` document of ``n_hands`` consecutive Shanghai hands, each with a roll of the dice:
    the deal goes to the winner and stays after a draw (SH-FLOW-9, ``streak`` the hands dealt in a
    row); the 荒番 counter goes on from hand to hand (SH-HF-2, 4)."""
    r = selfplay._rng(rng)
    players = tuple(players)
    dealer, streak, counter = players[0], 0, 0
    hands = []
    for _ in range(n_hands):
        dice = (r.randint(1, 6), r.randint(1, 6))
        play = HandPlay(r, players, dealer, streak=streak, rules=rules, huang_fan=counter, dice=dice)
        hands.append(play.run())
        counter += dice_adds(dice)
        if play.result == "win":
            counter = max(0, counter - 1)
            streak = streak + 1 if play.winner == dealer else 0
            dealer = play.winner
        else:
            counter, streak = counter + 1, streak + 1
    return {"format": "mjref/1", "variant": "shanghai", "ruleset": dict(ruleset or {"base": 1}),
            "players": list(players), "hands": hands}
