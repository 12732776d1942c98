"""What every 13-tile variant's ``state`` holds at a cut (``referee.cut``) beyond the common fields:
each player's standing (相公, the 过水 / 漏胡 bar, and what the variant adds: shanghai's 敲), the 包
liabilities standing, and an added kong still robbable. hk's and shanghai's ``cut`` modules write
their state with it."""
from __future__ import annotations

from typing import Callable

from referee.cut import add_status
from referee.tiles import code


def standing_state(state: dict, players, table, proc, at: int,
                   own: Callable[[str], dict] = lambda p: {}) -> dict:
    """``state`` (``referee.cut.position``'s) with each player's ``status`` (``own(p)`` first, then
    ``dead_hand`` and ``passed``), the ``liabilities`` found (given in full: none derived) and a
    ``robbable`` added kong (until its replacement is drawn)."""
    def conditions(p: str) -> dict:
        st = dict(own(p))
        if proc.dead.is_dead(p, at) is not None:
            st["dead_hand"] = True
        bar = proc.passes.bars.get(p)
        if bar is not None:
            passed = bar.as_status()
            st["passed"] = passed if passed is True else {"tiles": [code(t) for t in passed["tiles"]]}
        return st

    add_status(state, players, conditions)
    state["liabilities"] = [{"clause": li.clause, "liable": li.liable, "covered": li.covered}
                            for li in proc.liabilities.found]
    kong = table.last_added_kong
    if kong is not None and table.pending_back[kong[0]]:
        state["robbable"] = {"player": kong[0], "tile": code(kong[1])}
    return state
