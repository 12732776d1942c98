"""Self-play of legal Guangdong hands: the family's generator (``rulesbook.family13.selfplay``)
with Guangdong's rules (136 tiles, no flowers, no tail) and count. Every valid win is declared at
once (nobody passes), by the nearest declarer."""
from __future__ import annotations

from rulesbook.family13 import selfplay
from rulesbook.family13.selfplay import PLAYERS, Seed, Variant

from .fan import count_win
from .options import GdRules

GD = Variant("guangdong", GdRules.of, count_win, lambda r: False, lambda r: 0)

__all__ = ["GD", "PLAYERS", "play_game", "play_hand"]


def play_hand(rng: Seed = None, **kw) -> dict:
    """One self-played Guangdong hand (a JSON-able ``hand`` object, full information)."""
    return selfplay.play_hand(rng, variant=GD, **kw)


def play_game(rng: Seed = None, n_hands: int = 8, **kw) -> dict:
    return selfplay.play_game(rng, n_hands, variant=GD, **kw)
