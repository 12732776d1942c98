"""漏胡 passed wins (SH-GS) on the family's pass finder (``rulesbook.family13.passes``).

* SH-GS-1: a knocked player (under ``knock_required``; otherwise any player) who could win validly on
  a discard or a robbed kong and whose window closes without his declaration has missed it; a
  hypothetical win is judged as a declaration would be (the family's check: complete, SH-HU-2, not
  相公, a concealed kong never robbed; and ``may_win`` here: knocked, no wild tile under SH-BD-4);
* SH-GS-2 ``pass_rule``: ``same_tile_rest_of_hand`` (the passed kinds barred to the end of the hand),
  ``until_own_draw`` (every discard win barred until his next draw: the family's
  ``all_waits_until_move``, lifted by his own draw only, not by a 吃, 碰 or kong: ``LouHu``), ``none``;
* SH-GS-3 a barred declaration is a false win, or void (``pass_violation``), the judge's;
* SH-GS-4 ``state.status.passed``: the passed kinds.
"""
from __future__ import annotations

from rulesbook.family13.passes import Passes

from .qiao import knocked

#: SH-GS-2's option as the family's pass rules name it
PASS_RULES = {"same_tile_rest_of_hand": "same_tile_rest_of_hand", "until_own_draw": "all_waits_until_move",
              "none": "none"}


def may_win(rules, table, player: str, how: str, count) -> bool:
    """SH-GS-1: a hypothetical win counts only for a knocked player (under ``knock_required``) and,
    under ``no_wild_discard_win``, for a hand holding no wild tile (SH-BD-4; a discard or a robbed
    kong is all a pass is about)."""
    o = rules.options
    return not (o.knock_required and not knocked(table.p[player])) and not (o.no_wild_discard_win and count.wilds)


class LouHu(Passes):
    """The family's pass finder with SH-GS-2's lifting: only his own draw lifts a bar
    (``until_own_draw``: "until his next draw"; a claim in between does not)."""

    lifted_by = frozenset({"draw"})
