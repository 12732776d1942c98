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
from referee.hand import is_complete
from referee.tiles import UNKNOWN, code

from . import priority
from .findings import Finding
from .priority import Contest

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
#: what follows from a meld fault by the stage it was found at (TW-CG, TW-CP, TW-CD), for the ruling
STAGES = {
    "TW-CG-1.1": ("found by the referee's check of the concealed kongs at a win on a kong tile: he is "
                  "liable for that win", "杠上和牌時檢查暗杠而檢出，由其代位賠付該和牌"),
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
    listed: bool = True  # False: another finding already states it (a priority ruling)
    kind: str = ""  # "count" (a standing fault a report names without ``about``), "wrong_pon",
    #                 "from_meld" (錯打明牌): causes ruled by the stage at which they are found
    callers: list = field(default_factory=list)  # TW-CD-2: who called on the wrong tile, showing tiles
    wall: Optional[int] = None  # wall_left when it happened (the last 8 tiles, TW-CG)


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


@dataclass(frozen=True)
class FalseCall:
    """A ``call: win`` that could not stand (TW-ZH-1): the hand as it was when he called."""

    player: str
    at: int
    reasons: tuple[Reason, ...]
    how: str  # discard | self_draw
    tile: Optional[int]
    concealed: Optional[tuple[int, ...]]  # counts34 with the tile; None when hidden
    melds: tuple
    flowers: tuple[int, ...]
    contest_at: Optional[int]  # the tile's contest: wins on it are simultaneous (TW-ZH-7)


@dataclass(frozen=True)
class Liability:
    """代位賠付 (TW-DW): the offender pays the wins that fall in his window in place of their
    payers. ``window``: ``next8`` (others' self-draws within the next 8 live-wall draws),
    ``kong_tile`` (wins on kong tiles for the rest of the hand), ``that_kong_tile`` (the one tile put
    back on the kong: the first replacement drawn after ``since``, TW-CG-2.2/3.2), ``rest_of_hand``
    (every later win, TW-CG-1.3)."""

    player: str
    at: int
    rule: str
    window: str
    since: Optional[int] = None


@dataclass
class Proceedings(Observer):
    players: tuple[str, ...]
    strict_kong_peek: bool = False  # option: TW-CG-2.1 rules 相公 for a wrong added kong restored
    standing: dict[str, Standing] = field(default_factory=dict)
    causes: list[Cause] = field(default_factory=list)
    passes: list[Finding] = field(default_factory=list)
    dismissed: list[Finding] = field(default_factory=list)
    priority: list[Finding] = field(default_factory=list)  # TW-PR rulings
    win_reasons: dict[int, list[Reason]] = field(default_factory=dict)
    fees: list[Fee] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    false_calls: list[FalseCall] = field(default_factory=list)
    liabilities: list[Liability] = field(default_factory=list)
    missing: list[dict] = field(default_factory=list)
    contest: Optional[Contest] = None  # the claimable tile and the acts that contest it (TW-PR)
    # TW-PC: player -> (call, discard, discarder, pair shown, clause); TW-CG-3 for a claimed kong undone
    _pon_calls: dict[str, tuple[int, int, str, bool, str]] = field(default_factory=dict)
    _win_calls: dict[str, FalseCall] = field(default_factory=dict)  # call: win, not yet followed
    _anomalies_seen: int = 0
    _unponned: dict[str, set[int]] = field(default_factory=dict)  # TW-XP-6, per go-round
    _discarded: dict[str, set[int]] = field(default_factory=dict)  # TW-XP-6 打出吃入, per go-round
    _exposed: dict[str, list[int]] = field(default_factory=dict)  # TW-XP-8, own-fault, per kind
    _xp5: dict[str, int] = field(default_factory=dict)  # TW-XP-5: player -> his 暗杠 (靠張, wait gone)
    _flower_declared: set[str] = field(default_factory=set)  # TW-FL-1: declared before the replacement
    _flowers_kept: set[tuple[str, int]] = field(default_factory=set)  # TW-FL-4, reported once

    def __post_init__(self) -> None:
        for p in self.players:
            self.standing.setdefault(p, Standing())
            self._unponned[p] = set()
            self._discarded[p] = set()
            self._exposed[p] = [0] * 34

    # -- the moments --------------------------------------------------------------------------
    # Dispatch by event type (the hot path of a full-hand replay): only these types matter here.
    def before(self, i: int, e: ev.Event, table: Table) -> None:
        handler = self._BEFORE.get(e.type)
        if handler is not None:
            handler(self, i, e, table)
        if self._win_calls and getattr(e, "player", None) in self._win_calls and e.type != "win":
            self._confirm_win_call(e.player)  # type: ignore[attr-defined]

    def _before_win(self, i: int, e: ev.Win, table: Table) -> None:
        self._win_calls.pop(e.player, None)  # the declaration itself is judged
        self._meld_discard_outcome(i, e, table)
        reasons = self._reasons_against(i, e, table)
        self.win_reasons[i] = reasons
        if e.how == "flower":
            if e.player in self._flower_declared:  # TW-FL-1: not a second time
                reasons.append(Reason("TW-FL-1", "花和不得再次宣告", "a flower win may not be declared again "
                                      "after one declared before the replacement"))
            if table.pending_back[e.player] > 0:
                self._flower_declared.add(e.player)
        c = self.contest
        if c is None:
            return
        if e.how in ("discard", "rob_kong"):
            ps = table.p[e.player]
            c.intend(e.player, i, "win", True)
            c.discard_wins.append((e.player, i))
            d = priority.on_discard_win(c, e.player)
            if d is not None:
                self._decide(d, c.intents[e.player].at)
                if d.loser == e.player:  # (TW-PR-8's loser is in 過水: his win is 詐和, TW-GS-2)
                    reasons.append(self._lost_priority(d))
            if any(self._exposed[e.player][k] and ps.counts[k] for k in range(34)):
                reasons.append(Reason("TW-XP-8", "以外露之暗牌和銃", "he exposed concealed tiles by his own "
                                      "fault and may not win on a discard with them"))
        elif e.how == "self_draw" and e.player == c.nxt and c.draw_seen is not None:
            c.self_draw_at = i
            d, losers = priority.on_self_draw(c, e.player)
            if d is not None:
                self._decide(d, i)
                if d.loser == e.player:
                    reasons.append(self._lost_priority(d))
                for p, at in c.discard_wins:  # earlier wins on the discard that came too late
                    if p in losers:
                        self.win_reasons[at].append(self._lost_priority(d))
        c.candidates = {}  # the tile is won on (or the hand ends): nobody else passed it
        self._pon_calls = {}  # a pon call loses to the win (TW-PC-3)

    @staticmethod
    def _lost_priority(d: "priority.Decision") -> Reason:
        """TW-PR-9: pushing the hand down after losing a self-draw or win priority is 包賠."""
        return Reason("TW-PR-9", f"喪失優先權仍推倒（{d.rule}）",
                      f"he pushed the hand down after losing the priority ({d.rule})")

    def _decide(self, d: "priority.Decision", at: int) -> None:
        """One priority ruling per contest: a later act of the same dispute restates it."""
        f = Finding(d.rule, d.loser, at, "ruled", d.en, d.zh)
        c = self.contest
        if c is not None and c.decided is not None:
            self.priority[c.decided] = f
            return
        if c is not None:
            c.decided = len(self.priority)
        self.priority.append(f)

    def _before_reach(self, i: int, e: ev.Reach, table: Table) -> None:
        c = self.contest
        if c is None:
            return
        if e.player == c.nxt and c.self_act is None:
            c.self_act = i
        if e.player in c.candidates:
            if e.player == c.nxt:
                c.reached = i
            self._pass(e.player, c.candidates.pop(e.player), i, reached=True)

    def _before_draw(self, i: int, e: ev.Draw, table: Table) -> None:
        self._meld_discard_outcome(i, e, table)
        if e.source == "back":
            return  # a replacement does not touch the contest on the last tile
        c = self.contest
        if c is None or e.player != c.nxt or c.robbable_kong or c.drawn_at is not None:
            self._close_window(i, table, taker=e.player)
            return
        # The next player draws past the discard: its claims are decided by TW-PR, and the window
        # stays open until he discards (TW-PR-7) or, for a pon, merges the tile (TW-PR-4).
        c.self_act = i if c.self_act is None else c.self_act
        c.drawn_at = c.draw_seen = i
        if e.player in c.candidates:  # drawing is reaching for the wall (TW-GS-1)
            c.reached = i
            self._pass(e.player, c.candidates.pop(e.player), i, reached=True)

    def _before_merge(self, i: int, e: ev.Merge, table: Table) -> None:
        c = self.contest
        if c is not None and e.player == c.nxt and c.drawn_at is not None and c.merged_at is None:
            c.merged_at = i  # a pon called from here on has lost to the draw (TW-PR-4)

    def _before_claim(self, i: int, e: ev.Event, table: Table) -> None:
        player = e.player  # type: ignore[attr-defined]
        c = self.contest
        if isinstance(e, ev.Kong) and e.kind != "claimed":
            self._close_window(i, table, taker=player)
        elif c is not None:
            kind = "chi" if isinstance(e, ev.Chi) else "pon" if isinstance(e, ev.Pon) else "kong"
            c.intend(player, i, kind, True)
            if kind == "chi":
                c.chi_seen = i
            else:
                self._pon_calls.pop(player, None)  # the call is carried out
                d = priority.on_pon(c, player)
                if d is not None:
                    self._decide(d, i)
                if d is not None and d.loser is not None:  # TW-PR-10: 相公, liable for 8 draws
                    self._check_claim(i, e, table)
                    self._add_cause(Cause("TW-PR-10", player, i, frozenset({i}), "喪失碰牌優先權仍碰",
                                          "a pon pressed after losing the priority", public=True,
                                          listed=False))
                    self.liabilities.append(Liability(player, i, "TW-PR-10", "next8"))
                    c.claim_seen = i
                    return
                c.claim_seen = i
        self._check_claim(i, e, table)

    def _before_correct(self, i: int, e: ev.Correct, table: Table) -> None:
        c = self.contest
        if c is not None and e.about == c.drawn_at and e.action == "return_tile":
            c.drawn_at = None  # the draw is put back: the tile can be claimed again
            c.merged_at = None

    def _before_discard(self, i: int, e: ev.Discard, table: Table) -> None:
        self._close_window(i, table, taker=e.player)
        self._check_discard(i, e, table)
        self._check_flowers(i, e, table)
        if e.from_meld:
            self._meld_discard(i, e)

    def _before_close(self, i: int, e: ev.Event, table: Table) -> None:
        self._close_window(i, table)
        if e.type == "exhaustive_draw":  # TW-CG-1.2: a wrong 暗杠 within the last 8, found at 荒局
            for c in self.wrong_concealed_kongs(i):
                if c.wall is not None and c.wall <= 8:
                    self._in_effect(c, i)
                    self.penalties.append(Penalty(c.player, i, "TW-CG-1.2", "末八張內錯暗杠（荒局檢出）",
                                                  "a wrong concealed kong within the last 8 tiles, found at the exhaustive draw"))

    def after(self, i: int, e: ev.Event, table: Table) -> None:
        handler = self._AFTER.get(e.type)
        if handler is not None:
            handler(self, i, e, table)
        if len(table.anomalies) > self._anomalies_seen:
            for a in table.anomalies[self._anomalies_seen:]:
                if a.kind == "wrong_kong":  # 錯杠: ruled by its kind and the stage found (TW-CG)
                    kind = table.events[a.at].kind  # type: ignore[attr-defined]
                    rule = {"concealed": "TW-CG-1", "added": "TW-CG-2", "claimed": "TW-CG-3"}[kind]
                    article = "an" if kind == "added" else "a"
                    self._add_cause(Cause(rule, a.player, a.at, frozenset({a.at}), "錯杠",
                                          f"{article} {kind} kong of four unequal tiles", kind="wrong_kong",
                                          wall=table.wall_before[a.at]))
                elif a.kind == "wrong_pon":  # 錯碰: ruled by the stage it is found at (TW-CP)
                    zh, en = ANOMALY_CAUSES[a.kind]
                    self._add_cause(Cause("TW-CP-1", a.player, a.at, frozenset({a.at}), zh, en,
                                          kind="wrong_pon"))
                elif a.kind in ANOMALY_CAUSES:
                    zh, en = ANOMALY_CAUSES[a.kind]
                    self._add_cause(Cause("TW-XG-1", a.player, a.at, frozenset({a.at}), zh, en))
            self._anomalies_seen = len(table.anomalies)

    def _after_act(self, i: int, e: ev.Act, table: Table) -> None:
        if e.act == "influence" and e.player not in self.standing:  # a bettor's (TW-HB-4)
            self._add_cause(Cause("TW-HB-4", e.player, i, frozenset({i}), "插花者影響牌局",
                                  "a side bettor influencing play", dead_hand=False))
        elif e.act in ACT_CAUSES:
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
        elif e.kind == "concealed":
            self._check_xp5(i, e, table)

    def _after_expose(self, i: int, e: ev.Expose, table: Table) -> None:
        """TW-XP-8: tiles shown or spoken of by his own fault may not be used to claim or to win on
        a discard for the rest of the hand."""
        if e.fault == "own":
            for t in e.tiles:
                if 0 <= t < 34:
                    self._exposed[e.player][t] += 1

    def done(self, table: Table) -> None:
        self._close_window(None, table)
        for p in list(self._win_calls):
            self._confirm_win_call(p)

    # -- 過水 TW-GS -----------------------------------------------------------------------------
    def _open_window(self, at: int, tile: int, offerer: str, table: Table, kong: bool = False) -> None:
        """TW-GS-4: after a discard or added kong, every player whose hand wins on the tile."""
        c = self.contest = Contest(at, tile, offerer, table.next_of(offerer), robbable_kong=kong)
        if tile == UNKNOWN:
            return
        for p in self.players:
            if p == offerer or self.standing[p].dead_since is not None:
                continue
            if table.wins_on(p, tile):
                c.candidates[p] = at

    def _close_window(self, i: Optional[int], table: Table, taker: Optional[str] = None) -> None:
        """The tile can no longer be won on: who could have and did not has passed (TW-GS-1); who
        could have ponned it and did not may not pon it again in his go-round (TW-XP-6)."""
        self._settle_pon_calls()
        c = self.contest
        if c is None:
            return
        for p in list(self._win_calls):
            self._confirm_win_call(p)
        for p, at in c.candidates.items():
            self._pass(p, at, i, tile=c.tile)  # a watcher's pass is ruled at his win (TW-YP-5)
        if c.tile != UNKNOWN:
            for p in self.players:
                if p not in (taker, c.offerer) and table.p[p].counts[c.tile] >= 2:
                    self._unponned[p].add(c.tile)
        self.contest = None

    def _pass(self, p: str, at: int, i: Optional[int], reached: bool = False,
              tile: Optional[int] = None) -> None:
        st = self.standing[p]
        if tile is None:
            tile = self.contest.tile if self.contest is not None else None
        st.passed_since = at if st.passed_since is None else st.passed_since
        st.passed_on = tile
        name = code(tile) if tile is not None else "?"
        how_en = "reached for the wall" if reached else "did not win"
        how_zh = "已伸手摸牌" if reached else "未和"
        self.passes.append(Finding(
            "TW-GS-1", p, at, "ruled",
            f"Passed win: {p} could win on {name} and {how_en}; he may not win until he discards a "
            "tile that does not win for him.",
            f"過水：{p}可和{name}而{how_zh}，須打出一張非和之牌前不得和牌。"))

    def _lift_pass(self, p: str, tile: int, table: Table) -> None:
        """TW-GS-1/3: a discard (or 加杠) of a tile that does not win for him lifts 過水."""
        st = self.standing[p]
        if st.passed_since is not None and not table.wins_on(p, tile):
            st.passed_since = None
            st.passed_on = None

    def _after_discard(self, i: int, e: ev.Discard, table: Table) -> None:
        self._lift_pass(e.player, e.tile, table)
        self._unponned[e.player] = set()  # a new go-round begins with his discard
        self._xp5.pop(e.player, None)
        self._discarded[e.player] = {e.tile}
        ex = self._exposed[e.player]
        if 0 <= e.tile < 34 and ex[e.tile] > table.p[e.player].counts[e.tile]:
            ex[e.tile] = table.p[e.player].counts[e.tile]  # an exposed tile has left the hand
        self._open_window(i, e.tile, e.player, table)

    def _after_added_kong(self, i: int, e: ev.Kong, table: Table) -> None:
        self._lift_pass(e.player, e.tiles[3], table)
        self._open_window(i, e.tiles[3], e.player, table, kong=True)

    def _check_xp5(self, i: int, e: ev.Kong, table: Table) -> None:
        """TW-XP-5: the tile drawn before a 暗杠 was merged (靠張) and a tile he now waits on was
        discarded, by anyone, in his same go-round (his own last discard and every discard since;
        *interpretation* of 同巡打過之牌): a self-draw on the replacement is void."""
        ps = table.p[e.player]
        self._xp5.pop(e.player, None)
        if not ps.merged or ps.unknown:
            return
        waits = table.waits_of(e.player)
        for j in range(i - 1, -1, -1):
            d = table.events[j]
            if isinstance(d, ev.Discard):
                if d.tile in waits:
                    self._xp5[e.player] = i
                    return
                if d.player == e.player:
                    break

    # -- calls: 喊碰未碰 TW-PC, a called win TW-ZH-1 ------------------------------------------------
    def _after_call(self, i: int, e: ev.Call, table: Table) -> None:
        c = self.contest
        if e.call == "win":
            self._call_win(i, e, table)
            return
        if c is None or c.robbable_kong or e.player == c.offerer:
            return  # a call with no discard to claim could not be carried out (TW-PC-3)
        ps = table.p[e.player]
        need = {"chi": 2, "pon": 2, "kong": 3}[e.call]
        capable = bool(ps.unknown) or c.tile == UNKNOWN or e.call == "chi" \
            or ps.counts[c.tile] >= need
        c.intend(e.player, i, e.call, capable)
        if e.with_ and e.call in ("chi", "pon"):
            for cause in self.causes:  # TW-CD-2: a call showing tiles on a tile from a meld
                if cause.kind == "from_meld" and cause.at == c.at and cause.effective is None:
                    cause.callers.append(e.player)
        if e.call not in ("pon", "kong") or any(
                cause.kind == "from_meld" and cause.at == c.at for cause in self.causes):
            return  # a tile from a meld may not be claimed: no 喊碰未碰 (TW-CD-2, TW-PC-3)
        late = priority.late_pon_call(c, e.player, i)
        if late is not None:  # it lost to the draw: no fee (TW-PC-3)
            self._decide(late, i)
            return
        self._pon_calls[e.player] = (i, c.at, c.offerer, bool(e.with_), "TW-PC-1")

    def _call_win(self, i: int, e: ev.Call, table: Table) -> None:
        """``call: win`` is a win declaration's intent: by one who cannot win it is 詐和 (TW-ZH-1),
        ruled once he does not follow it with the win itself; by one who can and does not win, the
        tile passes (TW-GS-1)."""
        ps = table.p[e.player]
        c = self.contest
        own_turn = table.turn == e.player and table.phase == "discard"
        if own_turn or c is None or e.player == c.offerer:
            how, tile = "self_draw", ps.drawn
            concealed = None if ps.unknown else tuple(ps.counts[:34])
        else:
            how, tile = "discard", c.tile
            concealed = None
            if not ps.unknown and tile != UNKNOWN:
                counts = ps.counts[:34]
                counts[tile] += 1
                concealed = tuple(counts)
            c.intend(e.player, i, "win", concealed is None or table.wins_on(e.player, tile))
        st = self.standing[e.player]
        reasons = []
        if st.dead_since is not None:
            reasons.append(Reason("TW-XG-2", "相公不得和牌", "a player whose hand is dead (相公) may not win"))
        if st.passed_since is not None and (ps.ting is None or ps.ting_broken):
            reasons.append(Reason("TW-GS-2", "過水未解除", "he is in 過水 (a passed win not yet lifted)"))
        if concealed is None:
            self.missing.append({"fact": "concealed_tiles", "player": e.player, "at": i,
                                 "needed_for": "TW-ZH-1: whether the called win was possible"})
        elif not is_complete(concealed):
            name = code(tile) if tile is not None and tile != UNKNOWN else "?"
            reasons.append(Reason("TW-ZH-1", f"手牌不能和{name}", f"his hand does not win on {name}"))
        if reasons:
            self._win_calls[e.player] = FalseCall(e.player, i, tuple(reasons), how, tile, concealed,
                                                  tuple(ps.melds), tuple(ps.flowers),
                                                  c.at if c is not None else None)

    def _confirm_win_call(self, player: str) -> None:
        """A called win not followed by the declaration itself is ruled as the false win it is."""
        call = self._win_calls.pop(player)
        self.false_calls.append(call)

    def _settle_pon_calls(self) -> None:
        """TW-PC-1: a pon intent not carried out in time costs 1 tai to the discarder (not to his
        上家); with the pair shown he also becomes 相公 (TW-PC-2). A wrong claimed kong undone before
        its replacement is such a call (TW-CG-3): its own ruling stands for TW-PC-1's."""
        for p, (at, _, discarder, shown, rule) in self._pon_calls.items():
            if self.players[(self.players.index(p) - 1) % 4] != discarder:
                self.fees.append(Fee(p, discarder, 1, rule, at))
            if rule == "TW-PC-1":
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
        if about is None and offence in (None, "TW-XG-1") and self._wrong_count(i, offender, table):
            return
        for cause in self.causes:
            if cause.player != offender or cause.effective is not None:
                continue
            if (about is not None and about in cause.refs) or (about is None and offence == cause.rule):
                self._found(cause, i, table)
                return
        if isinstance(e, ev.Report):
            what = f" ({offence})" if offence else ""
            self.dismissed.append(Finding(
                offence or "TW-XG-4", offender, i, "dismissed",
                f"Report against {offender}{what} names no irregularity in the log: dismissed.",
                f"對{offender}之舉發{what}查無違規，不予受理。"))

    @staticmethod
    def _count_cause(player: str, at: int, have: int, want: int) -> Cause:
        zh, en = ("缺張", "a short hand") if have < want else ("逾張", "a long hand")
        return Cause("TW-XG-1", player, at, frozenset({at}), f"{zh}（暗牌{have}張，應為{want}張）",
                     f"{en} ({have} concealed tiles, not {want})", kind="count")

    @staticmethod
    def _count_of(player: str, table: Table) -> tuple[int, int]:
        """His concealed tiles, and how many a correct hand holds now."""
        ps = table.p[player]
        holding = table.turn == player and table.phase == "discard"
        return ps.concealed_count, ps.expected_count(table.rules, holding) - table.pending_back[player]

    def _wrong_count(self, i: int, player: str, table: Table) -> bool:
        """A report of a standing fault (no ``about``): 缺張/逾張, a wrong count of concealed tiles
        at the moment of the report, is a 相公 cause from there (TW-XG-1)."""
        have, want = self._count_of(player, table)
        if have == want:
            return False
        cause = next((c for c in self.causes if c.player == player and c.kind == "count"
                      and c.effective is None), None)
        if cause is None:
            cause = self._count_cause(player, i, have, want)
            self._add_cause(cause)
        self._in_effect(cause, i)
        return True

    # -- faults ruled by the stage at which they are found: 錯碰 TW-CP, 錯打明牌 TW-CD ---------------
    def _found(self, cause: Cause, i: int, table: Table) -> None:
        """A cause is found (reported, admitted or corrected) at ``i``: it takes effect, as the
        clause for the stage of play it was found at."""
        if cause.kind == "wrong_pon" and self._pon_completed(cause, i, table):
            # TW-CP-2 既遂: 相公, and liable for others' self-draws in the next 8 draws
            cause.rule, cause.zh, cause.en = "TW-CP-2", "錯碰既遂", "a wrong pon found after play went on from it"
            self.liabilities.append(Liability(cause.player, cause.at, "TW-CP-2", "next8"))
        elif cause.kind == "wrong_kong":
            self._kong_stage(cause, i, table)
        elif cause.kind == "from_meld" and cause.callers:
            cause.rule = "TW-CD-2"  # as TW-CD-1, and 1 T to each who called showing his tiles
            for caller in cause.callers:
                self.fees.append(Fee(cause.player, caller, 1, "TW-CD-2", cause.at))
        self._in_effect(cause, i)

    def _kong_stage(self, cause: Cause, found: int, table: Table) -> None:
        """TW-CG-2/3: a wrong added or claimed kong, by the stage it is found at: before the
        replacement was drawn, with the replacement in hand before his discard, after the discard
        (it stands; within the last 8 tiles 包賠). TW-CG-1: a wrong concealed kong is 相公 when
        reported; its liability is the referee's own check at kong-tile wins (adjudicate)."""
        events, p, k = table.events, cause.player, cause.at
        back = next((j for j in range(k + 1, found) if isinstance(events[j], ev.Draw)
                     and events[j].player == p and events[j].source == "back"), None)
        disc = next((j for j in range(k + 1, found) if isinstance(events[j], ev.Discard)
                     and events[j].player == p), None)
        merged = back is not None and any(isinstance(events[j], ev.Merge) and events[j].player == p
                                          for j in range(back + 1, disc if disc is not None else found))
        last8 = cause.wall is not None and cause.wall <= 8
        in_hand = merged and disc is None  # the replacement entered the hand (插入手牌), not yet discarded
        if cause.rule == "TW-CG-2":
            if disc is None and not in_hand:
                cause.rule, cause.dead_hand = "TW-CG-2.1", self.strict_kong_peek
            elif in_hand:  # the tile goes back: liable for that kong tile
                cause.rule = "TW-CG-2.2"
                self.liabilities.append(Liability(p, k, "TW-CG-2.2", "that_kong_tile", since=found))
            else:
                cause.rule = "TW-CG-2.3"
                self.liabilities.append(Liability(p, k, "TW-CG-2.3", "kong_tile"))
                if last8:
                    self.penalties.append(Penalty(p, found, "TW-CG-2.3", "末八張內錯加杠既遂",
                                                  "a wrong added kong completed within the last 8 tiles"))
        elif cause.rule == "TW-CG-3":
            if back is None:  # undone in time: as 喊碰未碰 (TW-PC-1), no 相公; a pair shown must pon (TW-PC-2)
                cause.dead_hand = False
                src = table.claimed_from.get(k)
                if src is not None:
                    tile = getattr(events[src], "tile", None)
                    shown = list(events[k].tiles)  # type: ignore[attr-defined]
                    if tile in shown:
                        shown.remove(tile)
                    self._pon_calls[p] = (k, src, events[src].player, shown.count(tile) >= 2,  # type: ignore[attr-defined]
                                          "TW-CG-3")
            elif disc is None and not in_hand:
                cause.rule = "TW-CG-3.1"
            elif in_hand:  # liable only when the tile put back had to be drawn at random
                cause.rule = "TW-CG-3.2"
            else:
                cause.rule = "TW-CG-3.3"
                self.liabilities.append(Liability(p, k, "TW-CG-3.3", "next8"))
                self.liabilities.append(Liability(p, k, "TW-CG-3.3", "kong_tile"))
                if last8:
                    self.penalties.append(Penalty(p, found, "TW-CG-3.3", "末八張內錯碰杠既遂",
                                                  "a wrong claimed kong completed within the last 8 tiles"))

    def wrong_concealed_kongs(self, before: int) -> list[Cause]:
        """Wrong 暗杠 made before ``before``: the referee checks them at every kong-tile win
        (TW-CG-1.1, no report needed)."""
        return [c for c in self.causes if c.kind == "wrong_kong" and c.rule in ("TW-CG-1", "TW-CG-1.1")
                and c.at < before]

    def check_concealed_kongs(self, win_at: int) -> list[Cause]:
        """TW-CG-1.1: at a kong-tile win the referee checks the concealed kongs himself; a wrong one
        not reported before is found by that check (the hand ends there: no 相公 to follow)."""
        found = self.wrong_concealed_kongs(win_at)
        for c in found:
            if c.effective is None:
                c.rule, c.effective, c.dead_hand = "TW-CG-1.1", win_at, False
        return found

    @staticmethod
    def _pon_completed(cause: Cause, found: int, table: Table) -> bool:
        """TW-CP: 既遂 once someone claimed the pon-er's discard and discarded, or the next player
        merged his draw (or discarded); before that 未遂."""
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
            elif isinstance(e, (ev.Merge, ev.Discard)) and e.player == nxt:
                return True
        return False

    def _after_correct(self, i: int, e: ev.Correct, table: Table) -> None:
        """A correction by the table shows the fault was found (TW-CP-1, TW-CD-1, TW-CG); putting
        back a wrong kong's replacement corrects the kong. TW-CG-3.2: a replacement that entered
        the hand, put back as a tile drawn at random by another player, makes the offender liable
        as in TW-CG-2.2 (for that kong tile)."""
        about = {e.about}
        if e.action == "return_tile" and getattr(table.events[e.about], "source", None) == "back":
            about.add(table.replaced_by(e.about))
        for cause in self.causes:
            if cause.kind in ("wrong_pon", "from_meld", "wrong_kong") and about & cause.refs:
                if cause.effective is None:
                    self._found(cause, i, table)
                if cause.rule == "TW-CG-3.2" and e.action == "return_tile" and (e.random or e.tile == UNKNOWN) \
                        and not any(li.rule == "TW-CG-3.2" and li.at == cause.at for li in self.liabilities):
                    self.liabilities.append(Liability(e.player, cause.at, "TW-CG-3.2", "that_kong_tile", since=i))
                return

    def _meld_discard(self, i: int, e: ev.Discard) -> None:
        """錯打明牌 (TW-CD): ruled as it turns out: a win on it (CD-3), found before the next draw
        (CD-1/2), or play going on unnoticed (CD-4)."""
        self._add_cause(Cause("TW-CD-1", e.player, i, frozenset({i}), "錯打明牌",
                              "discarding a tile from an exposed set", kind="from_meld"))

    def _meld_discard_outcome(self, i: int, e: ev.Event, table: Table) -> None:
        for cause in self.causes:
            if cause.kind != "from_meld" or cause.effective is not None:
                continue
            if isinstance(e, ev.Win) and e.how == "discard" and table.last_discard is not None \
                    and table.last_discard[2] == cause.at:
                cause.rule, cause.dead_hand = "TW-CD-3", False  # he pays the win; the hand ends
                self._in_effect(cause, i)
            elif isinstance(e, ev.Draw) and e.source == "wall":
                if cause.callers:
                    self._found(cause, i, table)
                else:  # TW-CD-4: nobody noticed: no 相公, liable for 8 draws
                    cause.rule, cause.dead_hand = "TW-CD-4", False
                    self._in_effect(cause, i)
                    self.liabilities.append(Liability(cause.player, cause.at, "TW-CD-4", "next8"))

    def cd3_offenders(self) -> list[str]:
        """Players whose discard from an exposed set was won on (TW-CD-3: dealer rule)."""
        return [c.player for c in self.causes if c.rule == "TW-CD-3"]

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
        elif self._uses_exposed(player, e, ps):
            broken = ("TW-XP-8", "以外露之暗牌吃碰杠", "a claim or kong made with tiles he exposed by his own fault")
        st = self.standing[player]
        if claim and st.dead_since is not None:
            self._add_cause(Cause("TW-XG-5", player, i, frozenset({i}), "相公吃碰",
                                  "a claim by a player whose hand is dead", public=True))
        if broken:
            rule, zh, en = broken
            self._add_cause(Cause(rule, player, i, frozenset({i}), zh, en, public=True))

    def _check_flowers(self, i: int, e: ev.Discard, table: Table) -> None:
        """TW-FL-4: a flower discarded, or kept in the hand past his discard: 相公 once reported
        (TW-XG-1)."""
        if e.tile >= 34:
            self._add_cause(Cause("TW-FL-4", e.player, i, frozenset({i}), "打出花牌", "discarding a flower"))
        counts = table.p[e.player].counts
        if not any(counts[34:]):
            return
        for f in range(34, len(counts)):
            if counts[f] - (e.tile == f) > 0 and (e.player, f) not in self._flowers_kept:
                self._flowers_kept.add((e.player, f))
                self._add_cause(Cause("TW-FL-4", e.player, i, frozenset({i}), "花牌留在手中未補",
                                      "keeping a flower in the hand instead of laying it out"))

    def _uses_exposed(self, player: str, e: ev.Event, ps) -> bool:
        """TW-XP-8: the tiles taken from his hand include one he exposed by his own fault."""
        ex = self._exposed[player]
        if not any(ex):
            return False
        if isinstance(e, (ev.Chi, ev.Pon)):
            used = list(e.with_)
        elif isinstance(e, ev.Kong):
            used = list(e.tiles)
            if e.kind == "added":
                used = used[3:]
            elif e.kind == "claimed":
                claimed = self.contest.tile if self.contest is not None else used[-1]
                used.remove(claimed if claimed in used else used[-1])
        else:
            return False
        return any(0 <= t < 34 and used.count(t) > ps.counts[t] - ex[t] for t in set(used))

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
            if e.player in self._xp5 and ps.drawn_source == "back":
                out.append(Reason("TW-XP-5", "暗杠前靠張且可和之牌同巡已打出",
                                  "the tile drawn before his concealed kong was merged and a tile he "
                                  "waits on was discarded in his go-round"))
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

    _BEFORE = {
        "win": _before_win, "reach": _before_reach, "draw": _before_draw, "merge": _before_merge,
        "chi": _before_claim, "pon": _before_claim, "kong": _before_claim,
        "correct": _before_correct, "discard": _before_discard, "exhaustive_draw": _before_close,
    }
    _AFTER = {
        "state": _after_state, "discard": _after_discard, "kong": _after_kong, "act": _after_act,
        "peek": _after_peek, "declare": _after_declare, "call": _after_call, "merge": _after_merge,
        "expose": _after_expose, "report": _take_effect, "admit": _take_effect,
        "correct": _after_correct,
    }

    def influencers(self) -> dict[str, int]:
        """Outside bettors reported for influencing play (their wins in this hand are void,
        TW-HB-4), with the index of the act."""
        return {c.player: c.at for c in self.causes if c.rule == "TW-HB-4" and c.effective is not None}

    # -- findings ---------------------------------------------------------------------------------
    def findings(self) -> list[Finding]:
        out = list(self.passes) + list(self.dismissed) + list(self.priority)
        for c in self.causes:
            if not c.listed:
                continue
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
            if c.effective is not None and c.rule in STAGES:
                stage_en, stage_zh = STAGES[c.rule]
                en, zh = f"{en[:-1]}; {stage_en}.", f"{zh[:-1]}；{stage_zh}。"
            out.append(Finding(c.rule, c.player, c.at, status, en[0].upper() + en[1:], zh))
        return sorted(out, key=lambda f: (f.at if f.at is not None else -1))
