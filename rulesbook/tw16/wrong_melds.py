"""錯杠 wrong kong (TW-CG), 錯碰 wrong pon (TW-CP) and 錯打明牌 a discard from an exposed set
(TW-CD), each ruled by the stage of play at which it is found (TW-XG-4: at the first report,
admission or correction about it, or at a clause's own check).

* TW-CG-1: a wrong 暗杠 is checked by the referee himself at every kong-tile win (TW-CG-1.1) and at
  荒局 (TW-CG-1.2: within the last 8 tiles, 包賠); reported, it is 相公.
* TW-CG-2/3: a wrong added / claimed kong: before the replacement entered the hand, with it in the
  hand before his discard, after the discard (it stands; liable; within the last 8 tiles 包賠);
  a claimed kong undone before its replacement is a pon call (TW-CG-3, settled by ``pon_calls``).
* TW-CP-1/2: 未遂 (restore, 相公) or 既遂 (相公 and liable for the next 8 draws).
* TW-CD-1…4: corrected, called on (1 tai to each caller who showed tiles), won on (he pays, the
  dealer rule of TW-CD-3), or unnoticed (liable for the next 8 draws, no 相公).
"""
from __future__ import annotations

from typing import Optional

from referee import events as ev
from referee.replay import Anomaly, Table
from referee.tiles import UNKNOWN, kind_of

from .docket import Cause, Docket, Fee, Liability, Penalty
from .pon_calls import PonCall, PonCalls

#: what follows from a meld fault by the stage it was found at (TW-CG, TW-CP, TW-CD), for the ruling
STAGES = {
    "TW-CG-1.1": ("found by the referee's check of the concealed kongs at a win on a kong tile: he is "
                  "liable for that win", "杠上和牌時檢查暗杠而檢出，由其代位賠付該和牌"),
    # the same check at his own kong-tile win: no liability for his own win (TW-DW-1)
    "TW-CG-1.1 own": ("found by the referee's check of the concealed kongs at his own win on a kong tile: "
                      "no liability for his own win (TW-DW-1)", "杠上自和時檢查暗杠而檢出，自己和牌不負代位賠付"),
    "TW-CG-2.1": ("found before the replacement entered his hand: the kong is restored",
                  "補牌入手前發現，強制復原"),
    "TW-CG-2.2": ("found with the replacement in his hand before his discard: the tile goes back to the "
                  "kong, play keeps the original order, and he is liable for wins on that kong tile",
                  "補牌已入手未打牌時發現，該牌歸回杠上，依原順序繼續，並負該張杠上牌之代位賠付"),
    "TW-CG-2.3": ("found after his discard: the kong stands, play goes on in the new order, and he is "
                  "liable for wins on kong tiles for the rest of the hand",
                  "已打牌後發現，錯杠既遂，依新順序繼續，並負本盤涉及杠上之代位賠付"),
    "TW-CG-3": ("undone before the replacement: penalised as a pon called and not made (TW-PC-1; "
                "with a pair of the discard shown he must pon it, TW-PC-2)",
                "補牌前即時糾正，依喊碰未碰處罰（已亮對子者應碰）"),
    "TW-CG-3.1": ("found before the replacement entered his hand: it goes back; the triplet stays "
                  "exposed and may not be discarded as a safe tile",
                  "補牌入手前發現，該牌歸回杠上，刻子亮出，不得作為安張打出"),
    "TW-CG-3.2": ("found with the replacement in his hand before his discard: a known tile goes back "
                  "as in TW-CG-3.1; one drawn back at random makes him liable for wins on that kong tile",
                  "補牌已入手未打牌時發現，可確定者同⑴；任抽一牌歸回者，負該張杠上牌之代位賠付"),
    "TW-CG-3.3": ("found after his discard: the kong stands, play goes on in the new order, and he is "
                  "liable for others' self-draws within the next 8 draws and for wins on kong tiles",
                  "已打牌後發現，錯杠既遂，依新順序繼續，並負其後八張內自摸與涉及杠上之代位賠付"),
    "TW-CP-1": ("found before play went on from it (未遂): the pon is restored",
                "錯碰未遂，強制復原"),
    "TW-CP-2": ("found after play went on from it (既遂): he is liable for others' self-draws within "
                "the next 8 draws", "錯碰既遂，負其後八張內自摸之代位賠付"),
    "TW-CD-1": ("he restores the set and discards a correct tile", "恢復明牌，改打正確之牌"),
    "TW-CD-2": ("he restores the set and pays 1 tai to each player who called on it showing his tiles; "
                "the tile may not be claimed", "恢復明牌，並賠亮牌吃碰者各一台；該牌不得吃碰"),
    "TW-CD-3": ("won on: he pays the win, restores the set and discards the tile he drew",
                "被和：由其賠付，恢復明牌並打出所摸之牌"),
    "TW-CD-4": ("nobody noticed and play went on: he is liable for others' self-draws within the next "
                "8 draws", "無人發現而繼續行牌，負其後八張內自摸之代位賠付"),
}

_KONG_RULE = {"concealed": "TW-CG-1", "added": "TW-CG-2", "claimed": "TW-CG-3"}
MELD_KINDS = frozenset({"wrong_pon", "from_meld", "wrong_kong"})


class WrongMelds:
    def __init__(self, docket: Docket, pon_calls: PonCalls, strict_kong_peek: bool = False):
        self.docket = docket
        self.pon_calls = pon_calls
        self.strict_kong_peek = strict_kong_peek  # option: TW-CG-2.1 rules 相公 for a wrong added kong restored

    def anomaly(self, a: Anomaly, table: Table) -> bool:
        """A wrong kong or pon laid down: a cause ruled by the stage it is found at. False for an
        anomaly that is not a meld fault of this family."""
        if a.kind == "wrong_kong":  # 錯杠: ruled by its kind and the stage found (TW-CG)
            kind = table.events[a.at].kind  # type: ignore[attr-defined]
            article = "an" if kind == "added" else "a"
            self.docket.add_cause(Cause(_KONG_RULE[kind], a.player, a.at, frozenset({a.at}), "錯杠",
                                        f"{article} {kind} kong of four unequal tiles", kind="wrong_kong",
                                        wall=table.wall_before[a.at]))
            return True
        if a.kind == "wrong_pon":  # 錯碰: ruled by the stage it is found at (TW-CP)
            self.docket.add_cause(Cause("TW-CP-1", a.player, a.at, frozenset({a.at}), "錯碰",
                                        "a pon whose pair does not match", kind="wrong_pon"))
            return True
        return False

    def state(self, e: ev.State) -> None:
        """Concealed kongs a ``state`` gives with four known unequal tiles: wrong 暗杠 made before
        it, checked by the referee at kong-tile wins like any other (TW-CG-1.1). Made before the
        last 8 tiles if the state has more than 8 left; otherwise when is unknown (TW-CG-1.2/1.3)."""
        before8 = e.wall_left if e.wall_left is not None and e.wall_left > 8 else None
        for player, melds in e.melds.items():
            for m in melds:
                known = [kind_of(t) for t in m.tiles if t != UNKNOWN]
                if m.kind == "kong" and m.kong == "concealed" and any(t != known[0] for t in known):
                    self.docket.add_cause(Cause("TW-CG-1", player, 0, frozenset({0}), "錯杠",
                                                "a concealed kong of four unequal tiles", kind="wrong_kong",
                                                wall=before8))

    # -- found: the stage rules ------------------------------------------------------------------
    def found(self, cause: Cause, i: int, table: Table) -> None:
        """A cause is found (reported, admitted or corrected) at ``i``: it takes effect, as the
        clause for the stage of play it was found at."""
        if cause.kind == "wrong_pon" and self._pon_completed(cause, i, table):
            # TW-CP-2 既遂: 相公, and liable for others' self-draws in the next 8 draws
            cause.rule, cause.zh, cause.en = "TW-CP-2", "錯碰既遂", "a wrong pon found after play went on from it"
            self.docket.liabilities.append(Liability(cause.player, cause.at, "TW-CP-2", "next8"))
        elif cause.kind == "wrong_kong":
            self._kong_stage(cause, i, table)
        elif cause.kind == "from_meld" and cause.callers:
            cause.rule = "TW-CD-2"  # as TW-CD-1, and 1 T to each who called showing his tiles
            for caller in cause.callers:
                self.docket.fees.append(Fee(cause.player, caller, 1, "TW-CD-2", cause.at))
        self.docket.in_effect(cause, i)

    def _kong_stage(self, cause: Cause, found: int, table: Table) -> None:
        """TW-CG-2/3: a wrong added or claimed kong, by the stage it is found at: before the
        replacement was drawn, with the replacement in hand before his discard, after the discard
        (it stands; within the last 8 tiles 包賠). TW-CG-1: a wrong concealed kong is 相公 when
        reported; its liability is the referee's own check at kong-tile wins (``liability``)."""
        events, p, k = table.events, cause.player, cause.at
        back = next((j for j in range(k + 1, found) if isinstance(events[j], ev.Draw)
                     and events[j].player == p and events[j].source == "back"), None)
        disc = next((j for j in range(k + 1, found) if isinstance(events[j], ev.Discard)
                     and events[j].player == p), None)
        # the replacement entered his hand at its merge, or else at his next kong or win (TW-XG-4)
        merged = back is not None and any(isinstance(events[j], (ev.Merge, ev.Kong, ev.Win)) and events[j].player == p
                                          for j in range(back + 1, disc if disc is not None else found))
        last8 = cause.wall is not None and cause.wall <= 8
        in_hand = merged and disc is None  # the replacement entered the hand (插入手牌), not yet discarded
        liabilities = self.docket.liabilities
        if cause.rule == "TW-CG-2":
            if disc is None and not in_hand:
                cause.rule, cause.dead_hand = "TW-CG-2.1", self.strict_kong_peek
            elif in_hand:  # the tile goes back: liable for that kong tile
                cause.rule = "TW-CG-2.2"
                liabilities.append(Liability(p, k, "TW-CG-2.2", "that_kong_tile", since=found))
            else:
                cause.rule = "TW-CG-2.3"
                liabilities.append(Liability(p, k, "TW-CG-2.3", "kong_tile"))
                self._completed(cause, found, last8, "末八張內錯加杠既遂", "a wrong added kong")
        elif cause.rule == "TW-CG-3":
            if back is None:  # undone in time: as 喊碰未碰 (TW-PC-1), no 相公; a pair shown must pon (TW-PC-2)
                cause.dead_hand = False
                src = table.claimed_from.get(k)
                if src is not None:
                    tile = getattr(events[src], "tile", None)
                    shown = list(events[k].tiles)  # type: ignore[attr-defined]
                    if tile in shown:
                        shown.remove(tile)
                    self.pon_calls.called(p, PonCall(k, src, events[src].player,  # type: ignore[attr-defined]
                                                     shown.count(tile) >= 2, "TW-CG-3"))
            elif disc is None and not in_hand:
                cause.rule = "TW-CG-3.1"
            elif in_hand:  # liable only when the tile put back had to be drawn at random
                cause.rule = "TW-CG-3.2"
            else:
                cause.rule = "TW-CG-3.3"
                liabilities.append(Liability(p, k, "TW-CG-3.3", "next8"))
                liabilities.append(Liability(p, k, "TW-CG-3.3", "kong_tile"))
                self._completed(cause, found, last8, "末八張內錯碰杠既遂", "a wrong claimed kong")

    def _completed(self, cause: Cause, found: int, last8: bool, zh: str, en: str) -> None:
        """A wrong kong completed (``cause.rule``, TW-CG-2.3 or 3.3): within the last 8 tiles its
        penalty (包賠); made at a wall the log does not give, whether it was is unknown."""
        if last8:
            self.docket.penalties.append(Penalty(cause.player, found, cause.rule, zh,
                                                 f"{en} completed within the last 8 tiles"))
        elif cause.wall is None:
            self.docket.missing.append(_wall_unknown(cause.player, cause.at, f"{cause.rule}: whether the wrong "
                                                     "kong was made within the last 8 tiles (包賠)"))

    @staticmethod
    def _pon_completed(cause: Cause, found: int, table: Table) -> bool:
        """TW-CP: 既遂 once someone claimed the pon-er's discard and discarded, or the next player's
        draw entered his hand: its merge, or else his discard, kong or self-draw win (TW-XG-4);
        before that 未遂."""
        events, p = table.events, cause.player
        nxt = table.next_of(p)
        d1 = next((k for k in range(cause.at + 1, found)
                   if isinstance(events[k], ev.Discard) and events[k].player == p), None)
        if d1 is None:
            return False
        claimer = None
        for k in range(d1 + 1, found):
            e = events[k]
            if claimer is None and table.claimed_from.get(k) == d1:
                claimer = e.player  # type: ignore[attr-defined]
            elif claimer is not None and isinstance(e, ev.Discard) and e.player == claimer:
                return True
            elif isinstance(e, (ev.Merge, ev.Discard, ev.Kong)) and e.player == nxt:
                return True
            elif isinstance(e, ev.Win) and e.how == "self_draw" and e.player == nxt:
                return True
        return False

    def corrected(self, i: int, e: ev.Correct, table: Table) -> None:
        """A correction by the table shows the fault was found (TW-CP-1, TW-CD-1, TW-CG); putting
        back a wrong kong's replacement corrects the kong. TW-CG-3.2: a replacement that entered
        the hand, put back as a tile drawn at random by another player, makes the offender liable
        as in TW-CG-2.2 (for that kong tile)."""
        about = {e.about}
        if e.action == "return_tile" and getattr(table.events[e.about], "source", None) == "back":
            about.add(table.replaced_by(e.about))
        for cause in self.docket.causes:
            if cause.kind in MELD_KINDS and about & cause.refs:
                if cause.effective is None:
                    self.found(cause, i, table)
                if cause.rule == "TW-CG-3.2" and e.action == "return_tile" and (e.random or e.tile == UNKNOWN) \
                        and not any(li.rule == "TW-CG-3.2" and li.at == cause.at for li in self.docket.liabilities):
                    self.docket.liabilities.append(Liability(e.player, cause.at, "TW-CG-3.2", "that_kong_tile",
                                                             since=i))
                return

    # -- the concealed kongs: the referee's own check (TW-CG-1) --------------------------------
    def wrong_concealed_kongs(self, before: int) -> list[Cause]:
        """Wrong 暗杠 made before ``before``: the referee checks them at every kong-tile win
        (TW-CG-1.1, no report needed)."""
        return [c for c in self.docket.causes if c.kind == "wrong_kong" and c.rule in ("TW-CG-1", "TW-CG-1.1")
                and c.at < before]

    def check_concealed_kongs(self, win_at: int, winner: str) -> list[Cause]:
        """TW-CG-1.1: at a kong-tile win the referee checks the concealed kongs himself; a wrong one
        not reported before is found by that check (the hand ends there: no 相公 to follow). The
        winner's own is found too, but is liable for nothing (TW-DW-1: not for his own win)."""
        found = self.wrong_concealed_kongs(win_at)
        for c in found:
            if c.effective is None:
                c.rule, c.effective, c.dead_hand = "TW-CG-1.1", win_at, False
                c.stage = "TW-CG-1.1 own" if c.player == winner else None
        return found

    def unknown_last8(self, before: int, but: str) -> list[dict]:
        """TW-CG-1.3: a wrong 暗杠 in effect by settlement makes its owner liable for every later win
        if it was made within the last 8 tiles; made at a wall the log does not give, who pays a
        win after it (``before``, not ``but``'s own) is unknown, and nothing is guessed."""
        return [_wall_unknown(c.player, c.at, "TW-CG-1.3: whether the wrong concealed kong was made within "
                                              "the last 8 tiles (who pays the win)")
                for c in self.wrong_concealed_kongs(before)
                if c.player != but and c.effective is not None and c.wall is None]

    def hidden_concealed_kongs(self, before: int, table: Table, clause: str, but: Optional[str] = None,
                               last8: bool = False) -> list[dict]:
        """Concealed kongs made before ``before`` whose tiles the log does not show: the referee's
        own check (TW-CG-1.1/1.2) cannot be made, and nothing is guessed (``missing``). ``last8``:
        only those made within the last 8 tiles (at 荒局); ``but``: not the winner's own."""
        out = []
        events = table.events
        for k in range(min(before, len(events))):
            e = events[k]
            kind = e.type  # (not isinstance: this looks at every event of the hand)
            if kind == "state":
                shown = e.wall_left is not None and e.wall_left > 8  # made earlier: not in the last 8
                out += [(p, k, None) for p, melds in e.melds.items() for m in melds
                        if m.kind == "kong" and m.kong == "concealed" and UNKNOWN in m.tiles
                        and not (last8 and shown)]
            elif kind == "kong" and e.kind == "concealed" and UNKNOWN in e.tiles and k not in table.undone:
                if not last8 or table.wall_before[k] is None or table.wall_before[k] <= 8:
                    out.append((e.player, k, table.wall_before[k]))
        return [{"fact": "kong_tiles", "player": p, "at": k,
                 "needed_for": f"{clause}: the referee's check of the concealed kongs"}
                for p, k, _ in out if p != but]

    def at_exhaustive_draw(self, i: int) -> None:
        """TW-CG-1.2: a wrong 暗杠 within the last 8 tiles, found at 荒局, is 包賠."""
        for c in self.wrong_concealed_kongs(i):
            if c.wall is None:  # made at a wall the log does not give: 包賠 or not is unknown
                self.docket.missing.append(_wall_unknown(c.player, c.at, "TW-CG-1.2: whether the wrong concealed "
                                                                         "kong was made within the last 8 tiles"))
            elif c.wall <= 8:
                self.docket.in_effect(c, i)
                self.docket.penalties.append(Penalty(c.player, i, "TW-CG-1.2", "末八張內錯暗杠（荒局檢出）",
                                                     "a wrong concealed kong within the last 8 tiles, found at the exhaustive draw"))

    # -- 錯打明牌 (TW-CD) ---------------------------------------------------------------------------
    def meld_discard(self, i: int, e: ev.Discard) -> None:
        """錯打明牌 (TW-CD): ruled as it turns out: a win on it (CD-3, also one after the next
        draw that beats it, TW-PR-7), found before the next draw (CD-1/2), or play going on
        unnoticed (CD-4)."""
        self.docket.add_cause(Cause("TW-CD-1", e.player, i, frozenset({i}), "錯打明牌",
                                    "discarding a tile from an exposed set", kind="from_meld"))

    def meld_discard_outcome(self, i: int, e: ev.Event, table: Table) -> None:
        for cause in self.docket.causes:
            if cause.kind != "from_meld" or (cause.effective is not None and cause.rule != "TW-CD-4"):
                continue
            offered = table.last_discard or table._past_draw()  # also past a draw (TW-PR-7)
            if isinstance(e, ev.Win) and e.how == "discard" and offered is not None and offered[2] == cause.at:
                # he pays the win; the hand ends. Also a win after the next player's draw: it takes
                # the priority over that draw (TW-PR-7), so play did not go on (no TW-CD-4).
                if cause.rule == "TW-CD-4":
                    self.docket.liabilities = [li for li in self.docket.liabilities
                                               if (li.player, li.at, li.rule) != (cause.player, cause.at, "TW-CD-4")]
                cause.rule, cause.dead_hand = "TW-CD-3", False
                self.docket.in_effect(cause, i)
            elif cause.effective is None and isinstance(e, ev.Draw) and e.source == "wall":
                if cause.callers:
                    self.found(cause, i, table)
                else:  # TW-CD-4: nobody noticed: no 相公, liable for 8 draws
                    cause.rule, cause.dead_hand = "TW-CD-4", False
                    self.docket.in_effect(cause, i)
                    self.docket.liabilities.append(Liability(cause.player, cause.at, "TW-CD-4", "next8"))

    def from_meld(self, discard_at: int) -> bool:
        """Whether the discard came from an exposed set: it may not be claimed, and a pon call on
        it is no 喊碰未碰 (TW-CD-2, TW-PC-3)."""
        return any(c.kind == "from_meld" and c.at == discard_at for c in self.docket.causes)

    def note_caller(self, player: str, discard_at: int) -> None:
        """TW-CD-2: a call showing tiles on a tile discarded from a meld, not yet found."""
        for cause in self.docket.causes:
            if cause.kind == "from_meld" and cause.at == discard_at and cause.effective is None:
                cause.callers.append(player)

    def cd3_offenders(self) -> list[str]:
        """Players whose discard from an exposed set was won on (TW-CD-3: dealer rule)."""
        return [c.player for c in self.docket.causes if c.rule == "TW-CD-3"]


def _wall_unknown(player: str, at: int, needed_for: str) -> dict:
    """A ``missing`` fact: the wall count when a wrong kong was made (the last 8 tiles, TW-CG)."""
    return {"fact": "wall_left", "player": player, "at": at, "needed_for": needed_for}
