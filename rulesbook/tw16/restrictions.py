"""行牌禁制 play restrictions (TW-XP), ruled as they happen (TW-XG-4).

A claim or kong that breaks a restriction is 錯吃碰杠: a public act, 相公 at once (TW-XP-1/3/6/7/8,
and TW-XP-9 under the option ``kong_from_upper: false``);
a forbidden discard after a claim (TW-XP-6 吃入打出) stands and is a cause once reported; a self-draw
the restrictions forbid is 詐和 (TW-XP-2/4/5, and TW-TAI-23's clean draw), judged by ``false_win``
from the reasons given here.
"""
from __future__ import annotations

from typing import Optional

from referee import events as ev
from referee.hand import other_end
from referee.replay import Table

from .docket import Cause, Contest, Docket, Reason

#: acts that spoil a self-draw (TW-TAI-23: the drawn tile may not fall, touch the river or wall …)
SPOILS_SELF_DRAW = frozenset({"tile_dropped"})


class Restrictions:
    def __init__(self, docket: Docket, kong_from_upper: bool = True):
        self.docket = docket
        self.kong_from_upper = kong_from_upper  # option; False: TW-XP-9
        players = docket.players
        self.unponned: dict[str, set[int]] = {p: set() for p in players}  # TW-XP-6, per go-round
        self.discarded: dict[str, set[int]] = {p: set() for p in players}  # TW-XP-6 打出吃入, per go-round
        self.exposed: dict[str, list[int]] = {p: [0] * 34 for p in players}  # TW-XP-8, own-fault, per kind
        self.xp5: dict[str, int] = {}  # TW-XP-5: player -> his 暗杠 (靠張, wait gone)

    def from_state(self, status) -> None:
        """A ``state``'s restrictions in force (its status ``unponned``, ``go_round_discard``,
        ``exposed``): as if their events were in the log."""
        for p, given in status.items():
            self.unponned[p] |= set(given.get("unponned", ()))
            self.discarded[p] |= set(given.get("go_round_discard", ()))
            for t in given.get("exposed", ()):
                if 0 <= t < 34:
                    self.exposed[p][t] += 1

    # -- claims and kongs ------------------------------------------------------------------------
    def check_claim(self, i: int, e: ev.Event, table: Table) -> None:
        """Claims and kongs that break a play restriction are ruled as they happen (TW-XG-4, TW-XP)."""
        ps = table.p[e.player]  # type: ignore[attr-defined]
        player = e.player  # type: ignore[attr-defined]
        broken: Optional[tuple[str, str, str]] = None
        claim = isinstance(e, (ev.Chi, ev.Pon)) or (isinstance(e, ev.Kong) and e.kind == "claimed")
        if isinstance(e, ev.Kong) and e.kind != "claimed" and ps.intake in ("chi", "pon"):
            broken = ("TW-XP-1", "吃碰後接著開杠", "a kong straight after a chi or pon")
        elif isinstance(e, ev.Kong) and e.kind == "concealed" and ps.after_claimed_kong:
            broken = ("TW-XP-3", "碰杠補牌後接著暗杠", "a concealed kong straight after a claimed kong's replacement")
        elif claim and table.wall_left is not None and table.wall_left <= 3:
            broken = ("TW-XP-7", "末三張內吃碰杠", "a claim within the last 3 drawable tiles")
        elif isinstance(e, ev.Chi) and (e.tile in self.discarded[player]
                                        or other_end(e.tile, tuple(e.with_)) in self.discarded[player]):
            broken = ("TW-XP-6", "打出吃入", "a chi of a tile (or its 絡牌) he discarded this go-round")
        elif isinstance(e, ev.Pon) and e.tile in self.unponned[player]:
            broken = ("TW-XP-6", "同巡碰第二張", "a pon of a tile he let go unponned this go-round")
        elif self._uses_exposed(player, e, ps):
            broken = ("TW-XP-8", "以外露之暗牌吃碰杠", "a claim or kong made with tiles he exposed by his own fault")
        elif isinstance(e, ev.Kong) and e.kind == "claimed" and table.last_discard is not None \
                and self.kong_forbidden(player, table.last_discard[0]):
            broken = ("TW-XP-9", "槓上家之牌（順槓）", "a claimed kong of his 上家's discard (順槓)")
        if broken:
            rule, zh, en = broken
            self.docket.add_cause(Cause(rule, player, i, frozenset({i}), zh, en, public=True))

    def kong_forbidden(self, player: str, discarder: str) -> bool:
        """TW-XP-9 (option ``kong_from_upper: false``): no 碰杠 of the 上家's discard (不得順槓);
        碰 of it, and a later 加杠 of that 碰, stay allowed."""
        players = self.docket.players
        return not self.kong_from_upper and players[(players.index(player) - 1) % 4] == discarder

    def _uses_exposed(self, player: str, e: ev.Event, ps) -> bool:
        """TW-XP-8: the tiles taken from his hand include one he exposed by his own fault."""
        ex = self.exposed[player]
        if not any(ex):
            return False
        if isinstance(e, (ev.Chi, ev.Pon)):
            used = list(e.with_)
        elif isinstance(e, ev.Kong):
            used = list(e.tiles)
            if e.kind == "added":
                used = used[3:]
            elif e.kind == "claimed":
                c = self.docket.contest
                claimed = c.tile if c is not None else used[-1]
                used.remove(claimed if claimed in used else used[-1])
        else:
            return False
        return any(0 <= t < 34 and used.count(t) > ps.counts[t] - ex[t] for t in set(used))

    # -- discards and go-rounds ------------------------------------------------------------------
    def check_discard(self, i: int, e: ev.Discard, table: Table) -> None:
        """TW-XP-6 吃入打出: after a chi, not the same tile or its 絡牌; after a pon, not the same
        tile. It stands and is a 相公 cause once reported (TW-XG-1)."""
        ps = table.p[e.player]
        if ps.intake not in ("chi", "pon") or not ps.melds or ps.drawn_source != "claim":
            return
        meld = ps.melds[-1]
        banned = {meld.tile}
        if meld.kind == "chi" and meld.tile is not None:
            rest = sorted(list(meld.tiles))
            rest.remove(meld.tile)
            other = other_end(meld.tile, tuple(rest))
            if other is not None:
                banned.add(other)
        if e.tile in banned:
            self.docket.add_cause(Cause("TW-XP-6", e.player, i, frozenset({i}), "吃碰後打出同（絡）牌",
                                        "discarding the claimed tile (or its 絡牌) straight after the claim"))

    def after_discard(self, e: ev.Discard, table: Table) -> None:
        """A new go-round begins with his discard (TW-XP-5/6); an exposed tile discarded has left
        his hand (TW-XP-8)."""
        if self.unponned[e.player]:
            self.unponned[e.player] = set()
        if self.xp5:
            self.xp5.pop(e.player, None)
        self.discarded[e.player] = {e.tile}
        ex = self.exposed[e.player]
        if 0 <= e.tile < 34 and ex[e.tile] > table.p[e.player].counts[e.tile]:
            ex[e.tile] = table.p[e.player].counts[e.tile]

    def let_go(self, c: Contest, taker: Optional[str], table: Table) -> None:
        """Who could have ponned the tile and did not may not pon it again in his go-round (TW-XP-6)."""
        tile = c.tile
        if tile < 0:
            return
        for p, ps in table.p.items():
            if ps.counts[tile] >= 2 and p != taker and p != c.offerer:
                self.unponned[p].add(tile)

    def after_expose(self, e: ev.Expose) -> None:
        """TW-XP-8: tiles shown or spoken of by his own fault may not be used to claim or to win on
        a discard for the rest of the hand."""
        if e.fault == "own":
            for t in e.tiles:
                if 0 <= t < 34:
                    self.exposed[e.player][t] += 1

    def check_xp5(self, i: int, e: ev.Kong, table: Table) -> None:
        """TW-XP-5: the tile drawn before a 暗杠 was merged (靠張) and a tile he now waits on was
        discarded, by anyone, in his same go-round (his own last discard and every discard since;
        *interpretation* of 同巡打過之牌): a self-draw on the replacement is void."""
        ps = table.p[e.player]
        self.xp5.pop(e.player, None)
        if not ps.merged or ps.unknown:
            return
        waits = table.waits_of(e.player)
        for j in range(i - 1, -1, -1):
            d = table.events[j]
            if isinstance(d, ev.Discard):
                if d.tile in waits:
                    self.xp5[e.player] = i
                    return
                if d.player == e.player:
                    break

    # -- reasons against a win declaration -------------------------------------------------------
    def self_draw_reasons(self, e: ev.Win, table: Table, on_deal: bool) -> list[Reason]:
        """TW-XP-2/4/5 and TW-TAI-23: a self-draw the restrictions forbid (checked at once)."""
        out: list[Reason] = []
        if e.how != "self_draw" or on_deal:
            return out
        ps = table.p[e.player]
        if ps.after_claimed_kong:
            out.append(Reason("TW-XP-2", "碰杠補牌不得自摸", "a claimed kong's replacement may not win by self-draw"))
        elif ps.intake not in ("draw", "deal", None):
            out.append(Reason("TW-XP-4", "進牌非始於摸牌", "the turn did not begin with a draw"))
        if e.player in self.xp5 and ps.drawn_source == "back":
            out.append(Reason("TW-XP-5", "暗杠前靠張且可和之牌同巡已打出",
                              "the tile drawn before his concealed kong was merged and a tile he "
                              "waits on was discarded in his go-round"))
        if ps.merged:
            out.append(Reason("TW-TAI-23", "靠張", "the drawn tile touched the hand (靠張) before the win"))
        if ps.drawn_at is not None and any(a.act in SPOILS_SELF_DRAW for a in table.acts.get(ps.drawn_at, ())):
            out.append(Reason("TW-TAI-23", "摸牌違規", "the drawn tile was not taken cleanly"))
        return out

    def exposed_reason(self, player: str, table: Table) -> Optional[Reason]:
        """TW-XP-8: no win on a discard with concealed tiles he exposed by his own fault."""
        ps = table.p[player]
        if any(self.exposed[player][k] and ps.counts[k] for k in range(34)):
            return Reason("TW-XP-8", "以外露之暗牌和銃", "he exposed concealed tiles by his own "
                          "fault and may not win on a discard with them")
        return None

