"""Self-play: legal Taiwan 16-tile hands from the deal (自動對局), for property tests and benchmarks.
Four simple bots play one hand (盤) from a shuffled set of 144 tiles and the generator records it as
a full-information ``mjref/1`` hand (EVENT_LOG.md): every tile is known. Play follows RULEBOOK.md:

* the deal (TW-FLOW-1): 16 tiles each, the dealer 17, the 門牌 last in his list;
* the flower passes (TW-FLOW-2): from the dealer in turn order, each player lays out every flower he
  holds and then draws as many from the back (杠尾); a flower drawn as a replacement waits for the
  next pass. During play a drawn flower is laid out and replaced at once;
* the wall (§0): 144 − 16 dead − 65 dealt = 63 live draws; every draw, front or back, lowers it by
  one; a discard that wins for nobody when none is left, or a flower with no replacement, ends the
  hand in 荒局 (``exhaustive_draw``);
* claims (TW-FLOW-4, TW-PAY-4): a win on a discard first (the nearest winner after the discarder
  takes it, 頭跳), then a pon or claimed kong (碰 / 碰杠), then a chi from the 上家 only;
* the play restrictions TW-XP-1…7: no kong in a turn that began with 吃/碰 (XP-1); no self-draw win
  and no kong in a turn that began with a 碰杠 (XP-2/3/4); no 暗杠 whose waits were discarded in the
  player's go-round (XP-5, avoided by not making that kong); after 吃 neither the claimed tile nor its
  絡牌 is discarded, and a tile the player discarded in his go-round (or its 絡牌) is not chied
  (XP-6); after 碰 not the same tile; no pon of a tile he let go unponned in his go-round (XP-6); no
  claim with 3 or fewer live tiles (XP-7);
* every win that is there is taken (never 過水, TW-GS): on a discard, on an added kong (搶杠), and a
  self-draw whenever the turn began with a normal draw (天和 included). The optional flower wins
  (八仙過海, 七搶一: "may", TW-FL-1/3) are never declared.
The bots discard by a shanten (向聽) estimate over per-suit decompositions, keeping the discard that
leaves the most live waits once ready, and otherwise the most isolated tile (honours and terminals
first). Claims and kongs are taken only when they do not make the hand worse, with a probability
(``claim_rate``, ``kong_rate``) for variety.

Everything is deterministic in the ``random.Random`` (or seed) it is given: no global randomness.
Public: ``play_hand``, ``play_game``, ``document``, and ``HandPlay`` for callers (tests) that also
want the generator's own bookkeeping (the tiles left in the wall).
"""
from __future__ import annotations

from typing import Optional, Sequence

from .play import PLAYERS, HandPlay, Seed, rng_of

__all__ = ["HandPlay", "play_hand", "play_game", "document", "FORMAT", "VARIANT", "RULESET"]

FORMAT = "mjref/1"
VARIANT = "tw16"
RULESET = {"base": 100, "tai": 20}
WINDS = ("1z", "2z", "3z", "4z")


# -- public API -----------------------------------------------------------------------------------


def play_hand(rng: Seed = None, players: Sequence[str] = PLAYERS, dealer: Optional[str] = None,
              round_wind: str = "1z", streak: int = 0, start_dealer: Optional[str] = None,
              claim_rate: float = 0.3, kong_rate: float = 0.6, skill: float = 0.4) -> dict:
    """One self-played hand from the deal: a JSON-able ``hand`` object (tile codes, full information).

    ``rng`` is a ``random.Random`` (advanced in place) or a seed. ``claim_rate``: the chance a bot
    takes a pon or chi that improves its hand; ``kong_rate``: the chance it makes a kong that does
    not worsen it; ``skill``: the share of discards chosen by the shanten estimate (the rest keep
    tiles by their neighbours only). The defaults end roughly 60 % of hands in a win.
    """
    return HandPlay(rng, players, dealer, round_wind, streak, start_dealer, claim_rate, kong_rate,
                    skill).run()


def document(hand: dict, players: Sequence[str] = PLAYERS, ruleset: Optional[dict] = None) -> dict:
    """A full one-hand ``mjref/1`` document around a ``hand`` object."""
    return {"format": FORMAT, "variant": VARIANT, "ruleset": dict(ruleset or RULESET),
            "players": list(players), "hand": hand}


def play_game(rng: Seed = None, n_hands: int = 16, players: Sequence[str] = PLAYERS,
              start_dealer: Optional[str] = None, claim_rate: float = 0.3, kong_rate: float = 0.6,
              skill: float = 0.4, ruleset: Optional[dict] = None) -> dict:
    """A ``hands`` document of ``n_hands`` consecutive self-played hands.

    Dealer and streak follow TW-FLOW-8 (the dealer keeps the deal with N + 1 when he wins or at 荒局;
    otherwise the next player deals with N = 0) and the round wind advances each time the deal returns
    to ``start_dealer`` (TW-SEAT-2; after North it wraps to East, a new game).
    """
    r = rng_of(rng)
    players = tuple(players)
    start = start_dealer if start_dealer is not None else players[0]
    dealer, streak, wind = start, 0, 0
    hands = []
    for _ in range(n_hands):
        play = HandPlay(r, players, dealer, WINDS[wind], streak, start, claim_rate, kong_rate, skill)
        hands.append(play.run())
        if play.result == "exhaustive_draw" or play.winner == dealer:
            streak += 1
        else:
            dealer = players[(players.index(dealer) + 1) % 4]
            streak = 0
            if dealer == start:
                wind = (wind + 1) % 4
    return {"format": FORMAT, "variant": VARIANT, "ruleset": dict(ruleset or RULESET),
            "players": list(players), "hands": hands}
