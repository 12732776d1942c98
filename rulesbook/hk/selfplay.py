"""Self-play of legal Hong Kong hands: the family's generator (``rulesbook.family13.selfplay``)
with Hong Kong's rules and count."""
from __future__ import annotations

from typing import Optional, Sequence

from rulesbook.family13 import selfplay
from rulesbook.family13.selfplay import PLAYERS, Seed, Variant

from .fan import count_win
from .options import HkRules

HK = Variant("hk", HkRules.of, count_win, lambda r: r.options.flowers,
             lambda r: 14 if r.options.dead_wall == "keep14" else 0)


class HandPlay(selfplay.HandPlay):
    def __init__(self, *args, **kw) -> None:
        super().__init__(*args, variant=HK, **kw)


def play_hand(rng: Seed = None, **kw) -> dict:
    """One self-played Hong Kong hand (a JSON-able ``hand`` object, full information)."""
    return HandPlay(rng, **kw).run()


def document(hand: dict, players: Sequence[str] = PLAYERS, ruleset: Optional[dict] = None) -> dict:
    return selfplay.document(hand, players, ruleset, "hk")


def play_game(rng: Seed = None, n_hands: int = 8, players: Sequence[str] = PLAYERS, rules=None,
              ruleset: Optional[dict] = None) -> dict:
    """A ``hands`` document of consecutive Hong Kong hands (``family13.selfplay.play_game``)."""
    return selfplay.play_game(rng, n_hands, players, rules, ruleset, variant=HK)
