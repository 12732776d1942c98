"""包賠 pay for all (TW-BP).

Triggers (TW-BP-1) are ruled by their own families: a second 相公 violation (TW-XG-5, ``docket``),
a second watching violation (TW-YP-4, ``watching``), a wrong kong completed within the last 8 tiles
(TW-CG, ``wrong_melds``), a win pushed down after losing the priority or a watcher's win after a
pass (TW-PR-9, TW-YP-5, ``false_win``). Here: the wall or a hand disturbed beyond recovery (an
``act`` with ``recoverable: false``, ruled as it happens: the table sees it; restored, no penalty),
where a 包賠 ends the hand, its face and its payment (TW-BP-2: as a false win, TW-ZH-2).
"""
from __future__ import annotations

from typing import Mapping, Optional

from referee import events as ev
from referee.ledger import Ledger
from referee.replay import Table
from rulesbook.findings import Finding

from .docket import Cause, Docket, Penalty
from .face import WinContext
from .false_win import FalseCall, pay_false_win
from .options import Rules
from .settle import DealerTerms
from .tai import standalone

DISTURBANCES = {"wall_disturbed": ("弄亂牌牆不可復原", "disturbing the wall beyond recovery", "牌牆弄亂已復原",
                                  "the wall disturbed and restored"),
                "hand_disturbed": ("弄亂他家手牌不可復原", "disturbing another's hand beyond recovery",
                                   "他家手牌弄亂已復原", "another's hand disturbed and restored")}


def disturbance(i: int, e: ev.Act, docket: Docket) -> Optional[Finding]:
    """TW-BP-1: the wall or another's hand disturbed beyond recovery is 包賠 (the hand ends);
    restored (``recoverable`` true or not said), no penalty, and the ruling says so."""
    zh, en, zh_ok, en_ok = DISTURBANCES[e.act]
    lost = e.recoverable is False
    docket.add_cause(Cause("TW-BP-1", e.player, i, frozenset({i}), zh if lost else zh_ok, en if lost else en_ok,
                           public=True, dead_hand=False, listed=False))  # a report of it finds it in effect
    if lost:
        docket.penalties.append(Penalty(e.player, i, "TW-BP-1", zh, en))
        return None
    return Finding("TW-BP-1", e.player, i, "ruled", f"{en_ok[0].upper()}{en_ok[1:]} by {e.player}: no penalty.",
                   f"{e.player}{zh_ok}，不罰。")


def hand_end(penalties: list[Penalty], false_calls: list[FalseCall],
             claimed_from: Mapping[int, int]) -> tuple[Optional[int], Optional[int]]:
    """Where a 包賠 or a called false win ends the hand, and the tile wins on which still count
    (TW-ZH-5, TW-ZH-7): a 包賠 that is a claim of a discard (a 相公's pon as his second violation,
    TW-XG-5) is in the same moment as a win on that discard, which outranks the claim."""
    ends = [(p.at, claimed_from.get(p.at)) for p in penalties[:1]]
    ends += [(c.at, c.contest_at) for c in false_calls]
    if not ends:
        return None, None
    return min(ends, key=lambda x: x[0])


def pay_for_all(ledger: Ledger, table: Table, terms: DealerTerms, penalty: Penalty,
                face: Optional[int], at_draw: bool = False) -> Finding:
    """包賠 (TW-BP-2): paid as a false win is (TW-ZH-2); the hand ends, unless it is settled at a
    荒局 (``at_draw``: found at it, TW-CG-1.2, or after it), whose rule stands (TW-FLOW-8). A face
    of None (a fact is missing) is not paid."""
    if face is not None:
        pay_false_win(ledger, table, terms, penalty.player, face, "TW-BP-2", penalty.at)
    face_en = "unknown (a fact is missing)" if face is None else f"{face} tai"
    return Finding(
        "TW-BP-1", penalty.player, penalty.at, "ruled",
        f"Pay for all (包賠): {penalty.en} by {penalty.player} ({penalty.rule}); he pays each of "
        f"the three base + face {face_en} (TW-BP-2)"
        + ("; the exhaustive draw's rule for the dealer stands." if at_draw else " and the hand ends."),
        f"包賠：{penalty.player}{penalty.zh}（{penalty.rule}），依底注加牌面" + ("台數" if face is None else f"{face}台")
        + "賠付三家，" + ("荒局之連莊規定照行。" if at_draw else "本盤終止。"))


def penalty_face(table: Table, player: str, round_wind: int, terms: DealerTerms, rules: Rules) -> int:
    """A 包賠 with no win declared uses the standalone face (TW-ZH face)."""
    opt = rules.options.false_win_face
    if opt.startswith("fixed:"):
        return int(opt.split(":", 1)[1])
    ps = table.p[player]
    ctx = WinContext(concealed=(), win_tile=None, how="self_draw", melds=tuple(ps.melds),
                     flowers=tuple(ps.flowers), seat=table.seat(player), round_wind=round_wind,
                     is_dealer=player == terms.dealer)
    return standalone(ctx, (), rules.values).tai
