"""From hand to hand (RJ-FLOW-9/10/11) and the end of the game (RJ-END).

``Carry`` is what one hand's ruling says the next must be: dealer, honba, sticks, round wind and
scores; a recorded hand that contradicts it is an RJ-FLOW-11 finding (its recorded values are used
for its own settlement). ``game_over`` applies RJ-END-1…4 (bust, the last scheduled hand with
agari-yame and tenpai-yame, the West/South extension); ``final`` RJ-END-5 (the sticks left go to
the top, ties by seat order from the starting dealer).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from rulesbook.rotation import WINDS

from .options import Options


@dataclass(frozen=True)
class Carry:
    dealer: str
    honba: int
    sticks: int
    round_wind: int
    scores: Optional[dict[str, int]]
    start_dealer: Optional[str]
    game_over: bool = False


def kyoku(players: tuple[str, ...], dealer: str, start_dealer: Optional[str]) -> Optional[int]:
    """The hand number 1–4 within its round wind."""
    if start_dealer is None:
        return None
    return (players.index(dealer) - players.index(start_dealer)) % 4 + 1


def sole_top(scores: dict[str, int], player: str) -> bool:
    return all(scores[player] > s for p, s in scores.items() if p != player)


def game_over(players: tuple[str, ...], options: Options, round_wind: int, dealer: str,
              start_dealer: Optional[str], kept: Optional[str], scores: Optional[dict[str, int]]) -> bool:
    """RJ-END after a hand (``kept``: how the dealer kept the deal, ``win`` | ``tenpai`` | ``other``,
    None when he lost it; ``scores`` after the hand)."""
    if scores is None:
        return False
    if options.bust and any(s < 0 for s in scores.values()):
        return True  # RJ-END-2: a bust needs no hand number
    if start_dealer is None:
        return False
    number = kyoku(players, dealer, start_dealer)
    last_wind = WINDS[0] if options.length == "tonpuu" else WINDS[1]
    extension_wind = WINDS[WINDS.index(last_wind) + 1]
    goal = options.goal_points
    reached = any(s >= goal for s in scores.values())
    if round_wind == last_wind and number == 4:  # RJ-END-3, the last scheduled hand
        if kept is None:
            return reached or options.extension == "none"
        if kept == "win" and options.all_last_win_stop:
            return sole_top(scores, dealer) and scores[dealer] >= goal
        if kept == "tenpai" and options.all_last_tenpai_stop:
            return sole_top(scores, dealer) and scores[dealer] >= goal
        return False
    if options.extension != "none" and round_wind == extension_wind:  # RJ-END-4, sudden death
        if number == 4 and kept is None:
            return True
        if not reached:
            return False
        if kept == "tenpai" and not sole_top(scores, dealer):
            return False
        return kept is None or kept == "win" or sole_top(scores, dealer)
    return False


def final(players: tuple[str, ...], scores: dict[str, int], sticks: int,
          start_dealer: Optional[str], penalties: list[dict]) -> dict:
    """RJ-END-5: the sticks left go to the top player (ties by seat order from the starting
    dealer); ``adjusted`` takes the final-score penalties (RJ-IRR-0 ``final:N``) off."""
    start = players.index(start_dealer) if start_dealer in players else 0
    order = [players[(start + k) % 4] for k in range(4)]
    top = max(order, key=lambda p: (scores[p], -order.index(p)))
    out = dict(scores)
    out[top] += 1000 * sticks
    adjusted = dict(out)
    for pen in penalties:
        adjusted[pen["player"]] -= pen["points"]
    return {"scores": out, "kyotaku_to": top if sticks else None, "penalties": penalties,
            "adjusted": adjusted}
