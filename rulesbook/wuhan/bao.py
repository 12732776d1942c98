"""承包 liability (WH-CB): the third feeder (WH-CB-1, created by the claim, on the family's engine
``rulesbook.family13.liability``), the 全求人 discarder (WH-CB-2) and the robbed konger (WH-CB-3),
both found at the win, and which one acts for a reading (WH-CB-4: 抢杠 > 全求人 > third feed).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from referee.tiles import kind_of
from rulesbook.family13.liability import Liability, MeldRule, third_set

from .hu import JIANG, WhReading

RANK = {"WH-CB-3": 0, "WH-CB-2": 1, "WH-CB-1": 2}
NAMES = {"WH-CB-1": ("第三口承包", "the third feed of a 清一色"),
         "WH-CB-2": ("全求人承包", "the discarder of a 全求人's 将"),
         "WH-CB-3": ("抢杠承包", "the robbed kong")}


def meld_rules(opts) -> list[MeldRule]:
    """WH-CB-1: the claim that is the winner's third (his sets on the table, concealed kongs not
    among them, go from two to three; a 蓄杠 adds no claim, WH-CB-0)."""
    return [MeldRule("WH-CB-1", RANK["WH-CB-1"], third_set)]


@dataclass(frozen=True)
class Acting:
    clause: str
    liable: str
    at: Optional[int]  # the creating event (None: the position given)


def acting(opts, found: Sequence[Liability], reading: WhReading, winner: str, how: str,
           source: Optional[str], tile: Optional[int], claimed_at: Optional[int], before: int,
           not_ready: Callable[[str], bool]) -> Optional[Acting]:
    """The liability that makes one player pay for this reading's win, by WH-CB-4's precedence;
    ``not_ready(player)``: whether he was not ready at his discard (``quanqiuren_bao: not_ready``)."""
    if how == "rob_kong" and source is not None:
        return Acting("WH-CB-3", source, claimed_at)
    if how == "discard" and source is not None and reading.has("WH-HU-4.5"):
        rule = opts.quanqiuren_bao
        if rule == "on_258_tile" and tile is not None and kind_of(tile) in JIANG \
                or rule == "not_ready" and not_ready(source):
            return Acting("WH-CB-2", source, claimed_at)
    covered = ("WH-HU-4.1", "WH-HU-4.2") + (("WH-HU-4.3",) if opts.third_feed_covers == "flush_and_jiang" else ())
    if any(reading.has(h) for h in covered):
        for li in found:
            if li.clause == "WH-CB-1" and li.covered == winner and (li.at is None or li.at < before) \
                    and li.liable != winner:
                return Acting("WH-CB-1", li.liable, li.at)
    return None
