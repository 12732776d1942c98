"""What happens to each player as the hand goes on: 相公 (TW-XG), 過水 (TW-GS) and the play
restrictions ruled as they happen (TW-XP), with when each irregularity takes effect (TW-XG-4).

``Proceedings`` watches the replay event by event (``referee.replay.Observer``). It never changes the
table; it collects ``Cause``s (irregularities, each with the moment it took effect, if it did) and,
for every win declaration, the reasons it cannot stand, read at the moment it was made.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from referee import events as ev
from referee.replay import Observer, Table
from referee.tiles import UNKNOWN, code

from .findings import Finding

#: irregular acts that are 相公 causes once reported or admitted (TW-XG-1), with their names
ACT_CAUSES = {
    "misdraw": ("錯位摸補", "drawing or replacing from the wrong place"),
    "grab_draw": ("搶摸", "drawing out of turn"),
    "draw_holding": ("帶牌摸牌", "drawing while holding another tile"),
    "steal": ("偷牌", "stealing a tile"),
    "not_taken_in": ("吃碰未撿入", "a claimed tile not taken in"),
}
#: recorded movements that break a rule but could happen (replay anomalies): 錯吃碰杠 (TW-XG-1)
ANOMALY_CAUSES = {
    "chi_not_from_left": ("錯吃", "a chi not from the player on his left"),
    "wrong_chi": ("錯吃", "a chi whose tiles are not a sequence"),
    "wrong_pon": ("錯碰", "a pon whose pair does not match"),
    "wrong_kong": ("錯杠", "a kong of four unequal tiles"),
}
#: acts that spoil a self-draw (TW-TAI-23: the drawn tile may not fall, touch the river or wall …)
SPOILS_SELF_DRAW = frozenset({"tile_dropped"})


@dataclass
class Cause:
    """An irregularity seen in the log. ``effective`` is the event index from which it is in effect
    (its report or admission, or the act itself for a public act); None while unreported."""

    rule: str
    player: str
    at: int  # the event the ruling rests on
    refs: frozenset[int]  # the indices a report or admission may name
    zh: str
    en: str
    public: bool = False
    effective: Optional[int] = None
    dead_hand: bool = True  # it makes the player 相公
    annotated: Optional[int] = None  # for an act: the event it annotates (e.g. the draw)


@dataclass
class Standing:
    """A player's standing conditions."""

    dead_since: Optional[int] = None  # 相公 in effect from this event
    violations: int = 0  # TW-XG-5
    passed_since: Optional[int] = None  # 過水 in effect from this event
    passed_on: Optional[int] = None  # the tile he let go
    watching: bool = False
    watch_violations: int = 0  # TW-YP-4


@dataclass(frozen=True)
class Fee:
    """A flat fee of a few tai: no base, no dealer tai (TW-PAY-3)."""

    payer: str
    payee: str
    tai: int
    rule: str
    at: int


@dataclass(frozen=True)
class Penalty:
    """包賠 (TW-BP-1): the offender pays the three; the hand ends at ``at``."""

    player: str
    at: int
    rule: str  # the clause that brought it (TW-XG-5, TW-YP-4 …)
    zh: str
    en: str


@dataclass(frozen=True)
class Reason:
    """Why a win declaration cannot stand: the clause and a short phrase in both languages."""

    rule: str
    zh: str
    en: str


@dataclass
class Proceedings(Observer):
    players: tuple[str, ...]
    standing: dict[str, Standing] = field(default_factory=dict)
    causes: list[Cause] = field(default_factory=list)
    passes: list[Finding] = field(default_factory=list)
    dismissed: list[Finding] = field(default_factory=list)
    win_reasons: dict[int, list[Reason]] = field(default_factory=dict)
    fees: list[Fee] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    _pon_calls: dict[str, tuple[int, int, str, bool]] = field(default_factory=dict)  # TW-PC
    _anomalies_seen: int = 0
    # players who could win on the claimable tile at (index), not yet decided
    _candidates: dict[str, int] = field(default_factory=dict)
    _claim_tile: Optional[int] = None
    _claim_at: Optional[int] = None
    _unponned: dict[str, set[int]] = field(default_factory=dict)  # TW-XP-6, per go-round
    _discarded: dict[str, set[int]] = field(default_factory=dict)  # TW-XP-6 打出吃入, per go-round

    def __post_init__(self) -> None:
        for p in self.players:
            self.standing.setdefault(p, Standing())
            self._unponned[p] = set()
            self._discarded[p] = set()

    # -- the moments --------------------------------------------------------------------------
    # Dispatch by event type (the hot path of a full-hand replay): only these types matter here.
    _CLOSING = frozenset({"draw", "chi", "pon", "kong", "flower", "discard", "exhaustive_draw"})

    def before(self, i: int, e: ev.Event, table: Table) -> None:
        t = e.type
        if t == "win":
            self.win_reasons[i] = self._reasons_against(i, e, table)  # type: ignore[arg-type]
            if self._claim_at is not None and e.how in ("discard", "rob_kong"):  # type: ignore[attr-defined]
                self._candidates = {}  # the tile is won on: the hand ends, nobody else passed it
                self._pon_calls = {}  # a pon call loses to the win (TW-PC-3)
            return
        if t == "reach":
            if e.player in self._candidates:  # type: ignore[attr-defined]
                self._pass(e.player, self._candidates.pop(e.player), i, reached=True)  # type: ignore[attr-defined]
            return
        if t not in self._CLOSING:
            return
        if t == "draw" and e.source == "back":  # type: ignore[attr-defined]
            return  # a replacement does not close the window on the last discard
        if t in ("pon", "kong"):
            self._pon_calls.pop(e.player, None)  # type: ignore[attr-defined]  # the call is carried out
        if self._claim_at is not None or self._pon_calls:
            self._close_window(i, table, taker=getattr(e, "player", None))
        if t in ("chi", "pon", "kong"):
            self._check_claim(i, e, table)
        elif t == "discard":
            self._check_discard(i, e, table)  # type: ignore[arg-type]

    def after(self, i: int, e: ev.Event, table: Table) -> None:
        handler = self._AFTER.get(e.type)
        if handler is not None:
            handler(self, i, e, table)
        if len(table.anomalies) > self._anomalies_seen:
            for a in table.anomalies[self._anomalies_seen:]:
                if a.kind in ANOMALY_CAUSES:
                    zh, en = ANOMALY_CAUSES[a.kind]
                    self._add_cause(Cause("TW-XG-1", a.player, a.at, frozenset({a.at}), zh, en))
            self._anomalies_seen = len(table.anomalies)

    def _after_act(self, i: int, e: ev.Act, table: Table) -> None:
        if e.act in ACT_CAUSES:
            about = e.about if e.about is not None else table._previous_of(table.events, i, e.player)
            zh, en = ACT_CAUSES[e.act]
            self._add_cause(Cause("TW-XG-1", e.player, i, frozenset({i, about}) - {None}, zh, en,
                                  annotated=about))

    def _after_declare(self, i: int, e: ev.Declare, table: Table) -> None:
        if e.what == "watch":
            self._start_watching(i, e, table)

    def _after_merge(self, i: int, e: ev.Merge, table: Table) -> None:
        if self.standing[e.player].watching:
            self._watch_violation(i, e.player, "摸牌靠入手牌", "put a drawn tile into the hand")

    def _after_kong(self, i: int, e: ev.Kong, table: Table) -> None:
        if e.kind == "added":
            self._after_added_kong(i, e, table)

    def done(self, table: Table) -> None:
        self._close_window(None, table)

    # -- 過水 TW-GS -----------------------------------------------------------------------------
    def _open_window(self, at: int, tile: int, offerer: str, table: Table) -> None:
        """TW-GS-4: after a discard or added kong, every player whose hand wins on the tile."""
        self._claim_tile, self._claim_at = tile, at
        self._candidates = {}
        if tile == UNKNOWN:
            return
        for p in self.players:
            if p == offerer or self.standing[p].dead_since is not None:
                continue
            if table.wins_on(p, tile):
                self._candidates[p] = at

    def _close_window(self, i: Optional[int], table: Table, taker: Optional[str] = None) -> None:
        """The tile can no longer be won on: who could have and did not has passed (TW-GS-1); who
        could have ponned it and did not may not pon it again in his go-round (TW-XP-6)."""
        for p, at in self._candidates.items():
            self._pass(p, at, i)  # a watcher's pass is ruled at his win (TW-YP-5)
        self._settle_pon_calls()
        tile = self._claim_tile
        if self._claim_at is not None and tile is not None and tile != UNKNOWN:
            offerer = getattr(table.events[self._claim_at], "player", None)
            for p in self.players:
                if p not in (taker, offerer) and table.p[p].counts[tile] >= 2:
                    self._unponned[p].add(tile)
        self._candidates = {}
        self._claim_at = None

    def _pass(self, p: str, at: int, i: Optional[int], reached: bool = False) -> None:
        st = self.standing[p]
        st.passed_since = at if st.passed_since is None else st.passed_since
        st.passed_on = self._claim_tile
        tile = code(self._claim_tile) if self._claim_tile is not None else "?"
        how_en = "reached for the wall" if reached else "did not win"
        how_zh = "已伸手摸牌" if reached else "未和"
        self.passes.append(Finding(
            "TW-GS-1", p, at, "ruled",
            f"Passed win: {p} could win on {tile} and {how_en}; he may not win until he discards a "
            "tile that does not win for him.",
            f"過水：{p}可和{tile}而{how_zh}，須打出一張非和之牌前不得和牌。"))

    def _lift_pass(self, p: str, tile: int, table: Table) -> None:
        """TW-GS-1/3: a discard (or 加杠) of a tile that does not win for him lifts 過水."""
        st = self.standing[p]
        if st.passed_since is not None and not table.wins_on(p, tile):
            st.passed_since = None
            st.passed_on = None

    def _after_discard(self, i: int, e: ev.Discard, table: Table) -> None:
        self._lift_pass(e.player, e.tile, table)
        self._unponned[e.player] = set()  # a new go-round begins with his discard
        self._discarded[e.player] = {e.tile}
        self._open_window(i, e.tile, e.player, table)

    def _after_added_kong(self, i: int, e: ev.Kong, table: Table) -> None:
        self._lift_pass(e.player, e.tiles[3], table)
        self._open_window(i, e.tiles[3], e.player, table)

    # -- 喊碰未碰 TW-PC ----------------------------------------------------------------------------
    def _after_call(self, i: int, e: ev.Call, table: Table) -> None:
        if e.call not in ("pon", "kong") or table.last_discard is None:
            return  # a call with no discard to claim could not be carried out (TW-PC-3)
        discarder, _, at = table.last_discard
        if discarder != e.player:
            self._pon_calls[e.player] = (i, at, discarder, bool(e.with_))

    def _settle_pon_calls(self) -> None:
        """TW-PC-1: a pon intent not carried out before the next draw or claim costs 1 tai to the
        discarder (not to his 上家); with the pair shown he also becomes 相公 (TW-PC-2)."""
        for p, (at, _, discarder, shown) in self._pon_calls.items():
            if self.players[(self.players.index(p) - 1) % 4] != discarder:
                self.fees.append(Fee(p, discarder, 1, "TW-PC-1", at))
            self._add_cause(Cause("TW-PC-1", p, at, frozenset({at}), "喊碰未碰",
                                  "a pon called and not made", public=True, dead_hand=False))
            if shown:
                self._add_cause(Cause("TW-PC-2", p, at, frozenset({at}), "已亮對子未碰",
                                      "the pair shown with a pon call and the pon not made", public=True))
        self._pon_calls = {}

    # -- 眼牌 TW-YP ----------------------------------------------------------------------------------
    def _start_watching(self, i: int, e: ev.Declare, table: Table) -> None:
        st = self.standing[e.player]
        st.watching = True
        ps = table.p[e.player]
        if not ps.unknown and not table.waits_of(e.player):
            self._watch_violation(i, e.player, "未聽牌而眼牌", "watching while not ready")

    def _watch_violation(self, i: int, p: str, zh: str, en: str) -> None:
        """TW-YP-4: a watcher's violation makes him 相公; the second is 包賠."""
        st = self.standing[p]
        st.watch_violations += 1
        self._add_cause(Cause("TW-YP-4", p, i, frozenset({i}), zh, en, public=True,
                              dead_hand=st.dead_since is None))
        if st.watch_violations == 2:
            self.penalties.append(Penalty(p, i, "TW-YP-4", "眼牌二度違規", "a second watching violation"))

    # -- 相公 TW-XG ------------------------------------------------------------------------------
    def _after_state(self, i: int, e: ev.State, table: Table) -> None:
        for p, status in e.status.items():
            st = self.standing[p]
            if status.get("dead_hand"):
                st.dead_since = 0
            if status.get("passed"):
                st.passed_since = 0
            st.watching = bool(status.get("watching"))
            st.watch_violations = int(status.get("watch_violations", 0))  # type: ignore[arg-type]
            st.violations = int(status.get("dead_hand_violations", 0))  # type: ignore[arg-type]

    def _after_peek(self, i: int, e: ev.Peek, table: Table) -> None:
        st = self.standing[e.player]
        if st.watching and e.target != "wall":
            return  # TW-YP-1: a ready watcher may look at concealed tiles and the top kong tile
        self._add_cause(Cause("TW-XG-1", e.player, i, frozenset({i}), "窺視暗牌",
                              "peeking at concealed or wall tiles"))

    def _add_cause(self, cause: Cause) -> None:
        self.causes.append(cause)
        if cause.public:
            self._in_effect(cause, cause.at)

    def _in_effect(self, cause: Cause, at: int) -> None:
        """A cause takes effect: 相公 from here; a 相公 who commits a new cause violates (TW-XG-5)."""
        cause.effective = at
        if not cause.dead_hand:
            return
        st = self.standing[cause.player]
        if st.dead_since is None:
            st.dead_since = at
        elif st.dead_since < at:
            st.violations += 1
            if st.violations == 2:  # TW-XG-5: the second violation is 包賠
                self.penalties.append(Penalty(cause.player, at, "TW-XG-5", "相公二度違規",
                                              "a second violation while his hand is dead"))

    def _take_effect(self, i: int, e: ev.Event, table: Table) -> None:
        """TW-XG-4: a report (舉發) or admission (自承) puts the irregularity it names in effect."""
        offender = e.against if isinstance(e, ev.Report) else e.player
        about = e.about
        offence = e.offence
        for cause in self.causes:
            if cause.player != offender or cause.effective is not None:
                continue
            if (about is not None and about in cause.refs) or (about is None and offence == cause.rule):
                self._in_effect(cause, i)
                return
        if isinstance(e, ev.Report):
            what = f" ({offence})" if offence else ""
            self.dismissed.append(Finding(
                offence or "TW-XG-4", offender, i, "dismissed",
                f"Report against {offender}{what} names no irregularity in the log: dismissed.",
                f"對{offender}之舉發{what}查無違規，不予受理。"))

    def _check_claim(self, i: int, e: ev.Event, table: Table) -> None:
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
        elif isinstance(e, ev.Chi) and (e.tile in self._discarded[player]
                                        or self._luo_of_chi(e) in self._discarded[player]):
            broken = ("TW-XP-6", "打出吃入", "a chi of a tile (or its 絡牌) he discarded this go-round")
        elif isinstance(e, ev.Pon) and e.tile in self._unponned[player]:
            broken = ("TW-XP-6", "同巡碰第二張", "a pon of a tile he let go unponned this go-round")
        st = self.standing[player]
        if claim and st.dead_since is not None:
            self._add_cause(Cause("TW-XG-5", player, i, frozenset({i}), "相公吃碰",
                                  "a claim by a player whose hand is dead", public=True))
        if broken:
            rule, zh, en = broken
            self._add_cause(Cause(rule, player, i, frozenset({i}), zh, en, public=True))

    def _check_discard(self, i: int, e: ev.Discard, table: Table) -> None:
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
            luo = self._luo(meld.tile, tuple(rest))
            if luo is not None:
                banned.add(luo)
        if e.tile in banned:
            self._add_cause(Cause("TW-XP-6", e.player, i, frozenset({i}), "吃碰後打出同（絡）牌",
                                  "discarding the claimed tile (or its 絡牌) straight after the claim"))

    @staticmethod
    def _luo(tile: int, with_: tuple[int, ...]) -> Optional[int]:
        """The 絡牌 of a chi of ``tile`` with two consecutive tiles: the tile at the other end."""
        a, b = sorted(with_)
        if b != a + 1 or a >= 27:
            return None
        other = a - 1 if tile == b + 1 else b + 1 if tile == a - 1 else None
        if other is None or other < 0 or other // 9 != a // 9:
            return None
        return other

    @classmethod
    def _luo_of_chi(cls, e: ev.Chi) -> Optional[int]:
        return cls._luo(e.tile, tuple(e.with_))

    # -- a win declaration, checked at once (TW-XG-4) -----------------------------------------------
    def _reasons_against(self, i: int, e: ev.Win, table: Table) -> list[Reason]:
        out: list[Reason] = []
        st = self.standing[e.player]
        ps = table.p[e.player]
        if st.dead_since is not None:
            out.append(Reason("TW-XG-2", "相公不得和牌", "a player whose hand is dead (相公) may not win"))
        if st.passed_since is not None:
            if st.watching:  # TW-YP-5: a watcher's win with a pass found looking back is 包賠
                out.append(Reason("TW-YP-5", "眼牌者曾過水", "a watcher who passed a win (過水)"))
            elif ps.ting is None or ps.ting_broken:  # a standing 天聽/地聽 keeps the win (TW-TAI-31)
                out.append(Reason("TW-GS-2", "過水未解除", "he is in 過水 (a passed win not yet lifted)"))
        if e.how == "self_draw" and not table._is_tian_hu_moment(e.player):
            if ps.after_claimed_kong:
                out.append(Reason("TW-XP-2", "碰杠補牌不得自摸", "a claimed kong's replacement may not win by self-draw"))
            elif ps.intake not in ("draw", "deal", None):
                out.append(Reason("TW-XP-4", "進牌非始於摸牌", "the turn did not begin with a draw"))
            if ps.merged:
                out.append(Reason("TW-TAI-23", "靠張", "the drawn tile touched the hand (靠張) before the win"))
            if ps.drawn_at is not None and any(a.act in SPOILS_SELF_DRAW for a in table.acts.get(ps.drawn_at, ())):
                out.append(Reason("TW-TAI-23", "摸牌違規", "the drawn tile was not taken cleanly"))
        return out

    def late_reasons(self, win_at: int, drawn_at: Optional[int]) -> list[tuple[Cause, Reason]]:
        """TW-ZH-6: a cause reported after the win that concerns the winning tile voids the win."""
        out = []
        for c in self.causes:
            if c.effective is not None and c.effective > win_at and c.annotated is not None \
                    and c.annotated == drawn_at:
                out.append((c, Reason("TW-ZH-6", f"和牌之牌{c.zh}（和後舉發）",
                                      f"the winning tile came by {c.en} (reported after the win)")))
        return out

    _AFTER = {
        "state": _after_state, "discard": _after_discard, "kong": _after_kong, "act": _after_act,
        "peek": _after_peek, "declare": _after_declare, "call": _after_call, "merge": _after_merge,
        "report": _take_effect, "admit": _take_effect,
    }

    # -- findings ---------------------------------------------------------------------------------
    def findings(self) -> list[Finding]:
        out = list(self.passes) + list(self.dismissed)
        for c in self.causes:
            status = "ruled" if c.effective is not None else "unreported"
            if c.effective is None:
                en = f"{c.en} by {c.player} ({c.zh}); never reported or admitted: no effect (TW-XG-4)."
                zh = f"{c.player}{c.zh}，未經舉發或自承，不生效力。"
            elif c.dead_hand:
                en = f"{c.en} by {c.player} ({c.zh}): his hand is dead (相公) from event {c.effective}."
                zh = f"{c.player}{c.zh}，自第{c.effective}事件起判相公。"
            else:
                en = f"{c.en} by {c.player} ({c.zh})."
                zh = f"{c.player}{c.zh}。"
            out.append(Finding(c.rule, c.player, c.at, status, en, zh))
        return sorted(out, key=lambda f: (f.at if f.at is not None else -1))
