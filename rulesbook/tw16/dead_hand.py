"""相公 dead hand (TW-XG): its causes, reports and admissions, wrong counts, and the findings.

TW-XG-1: misdraws, 搶摸, 帶牌摸牌, stealing, a claimed tile not taken in (``act``), peeking, a wrong
chi and a wrong count are causes; each takes effect when reported (舉發) or admitted (自承)
(TW-XG-4), from there the player may only draw and discard (TW-XG-2). A report without ``about``
judges the count at that moment (缺張 / 逾張); a report that names nothing is ``dismissed``. A 相公
who claims commits a violation (TW-XG-5; the second is 包賠, kept by the ``docket``). A cause never
reported is listed ``unreported`` and changes no money.
"""
from __future__ import annotations

from referee import events as ev
from referee.replay import Anomaly, Table
from rulesbook.findings import Finding

from .docket import Cause, Docket, family
from .watching import Watching
from .wrong_melds import STAGES, WrongMelds

#: irregular acts that are 相公 causes once reported or admitted (TW-XG-1), with their names
ACT_CAUSES = {
    "misdraw": ("錯位摸補", "drawing or replacing from the wrong place"),
    "grab_draw": ("搶摸", "drawing out of turn"),
    "draw_holding": ("帶牌摸牌", "drawing while holding another tile"),
    "steal": ("偷牌", "stealing a tile"),
    "not_taken_in": ("吃碰未撿入", "a claimed tile not taken in"),
}
#: recorded chis that break a rule but could happen (replay anomalies): 錯吃 (TW-XG-1)
ANOMALY_CAUSES = {
    "chi_not_from_left": ("錯吃", "a chi not from the player on his left"),
    "wrong_chi": ("錯吃", "a chi whose tiles are not a sequence"),
}


class DeadHand:
    def __init__(self, docket: Docket, melds: WrongMelds, watching: Watching):
        self.docket = docket
        self.melds = melds  # a report may find a meld fault: ruled by its stage (TW-CG/CP/CD)
        self.watching = watching  # or a watcher's pass: a watching violation (TW-YP-4)
        self.again: list[Finding] = []  # reports of a fault already in effect

    # -- causes ----------------------------------------------------------------------------------
    def act(self, i: int, e: ev.Act, table: Table) -> None:
        if e.act in ACT_CAUSES:
            about = e.about if e.about is not None else table._previous_of(table.events, i, e.player)
            zh, en = ACT_CAUSES[e.act]
            self.docket.add_cause(Cause("TW-XG-1", e.player, i, frozenset({i, about}) - {None}, zh, en,
                                        annotated=about))

    def anomaly(self, a: Anomaly) -> None:
        if a.kind in ANOMALY_CAUSES:
            zh, en = ANOMALY_CAUSES[a.kind]
            self.docket.add_cause(Cause("TW-XG-1", a.player, a.at, frozenset({a.at}), zh, en))

    def peek(self, i: int, e: ev.Peek) -> None:
        self.docket.add_cause(Cause("TW-XG-1", e.player, i, frozenset({i}), "窺視暗牌",
                                    "peeking at concealed or wall tiles"))

    def claim(self, i: int, e: ev.Event) -> None:
        """TW-XG-5: a claim (吃, 碰, 碰杠, 搶花) by a player whose hand is dead is a violation, ruled at
        once."""
        player = e.player  # type: ignore[attr-defined]
        claim = isinstance(e, (ev.Chi, ev.Pon, ev.RobFlower)) or (isinstance(e, ev.Kong) and e.kind == "claimed")
        if claim and self.docket.standing[player].dead_since is not None:
            self.docket.add_cause(Cause("TW-XG-5", player, i, frozenset({i}), "相公吃碰",
                                        "claiming with a dead hand", public=True))

    # -- reports and admissions (TW-XG-4) ---------------------------------------------------------
    def take_effect(self, i: int, e: ev.Event, table: Table) -> None:
        """A report (舉發) or admission (自承) puts the irregularity it names in effect."""
        offender = e.against if isinstance(e, ev.Report) else e.player  # type: ignore[attr-defined]
        about = e.about  # type: ignore[attr-defined]
        offence = e.offence  # type: ignore[attr-defined]
        # a wrong count is a seated player's standing fault; a bettor holds no tiles (TW-HB-4)
        if about is None and (offence is None or family(offence) == "TW-XG") and offender in table.p \
                and self._wrong_count(i, offender, table):
            return
        # ``about`` names the irregular act; without it, ``offence`` names any clause of its family
        named = [c for c in self.docket.causes if c.player == offender and (
            (about is not None and about in c.refs)
            or (about is None and offence is not None and c.named_by(offence)))]
        for cause in named:
            if cause.effective is None:
                if cause.kind == "watch_pass":
                    self.watching.reported_pass(cause, i)
                else:
                    self.melds.found(cause, i, table)
                return
        if named:  # a fault already in effect: listed as reported, no new effect
            self._again(i, e, named[0])
            return
        if isinstance(e, ev.Report):
            what = f" ({offence})" if offence else ""
            self.docket.dismissed.append(Finding(
                offence or "TW-XG-4", offender, i, "dismissed",
                f"Report against {offender}{what} names no irregularity in the log: dismissed.",
                f"對{offender}之舉發{what}查無違規，不予受理。"))

    def _again(self, i: int, e: ev.Event, cause: Cause) -> None:
        how_en, how_zh = ("Report", "舉發") if isinstance(e, ev.Report) else ("Admission", "自承")
        self.again.append(Finding(
            cause.rule, cause.player, i, "ruled",
            f"{how_en} of {cause.en} by {cause.player} ({cause.zh}): already in effect since event "
            f"{cause.effective}; no new effect.",
            f"{how_zh}{cause.player}{cause.zh}：自第{cause.effective}事件起已生效，不另生效力。"))

    @staticmethod
    def _count_cause(player: str, at: int, have: int, want: int) -> Cause:
        zh, en = ("缺張", "a short hand") if have < want else ("逾張", "a long hand")
        return Cause("TW-XG-1", player, at, frozenset({at}), f"{zh}（暗牌{have}張，應為{want}張）",
                     f"{en} ({have} concealed tiles, not {want})", kind="count")

    @staticmethod
    def count_of(player: str, table: Table) -> tuple[int, int]:
        """His concealed tiles, and how many a correct hand holds now."""
        ps = table.p[player]
        holding = table.turn == player and table.phase == "discard"
        return ps.concealed_count, ps.expected_count(table.rules, holding) - table.pending_back[player]

    def _wrong_count(self, i: int, player: str, table: Table) -> bool:
        """A report of a standing fault (no ``about``): 缺張/逾張, a wrong count of concealed tiles
        at the moment of the report, is a 相公 cause from there (TW-XG-1)."""
        have, want = self.count_of(player, table)
        if have == want:
            return False
        standing = next((c for c in self.docket.causes if c.player == player and c.kind == "count"
                         and c.effective is not None), None)
        if standing is not None:  # reported again: already in effect
            self._again(i, table.events[i], standing)
            return True
        cause = next((c for c in self.docket.causes if c.player == player and c.kind == "count"
                      and c.effective is None), None)
        if cause is None:
            cause = self._count_cause(player, i, have, want)
            self.docket.add_cause(cause)
        self.docket.in_effect(cause, i)
        return True

    # -- the findings ------------------------------------------------------------------------------
    def findings(self) -> list[Finding]:
        """Every cause seen, with its status: ruled (and what follows from it), or unreported."""
        out = []
        for c in self.docket.causes:
            if not c.listed:
                continue
            status = "ruled" if c.effective is not None else "unreported"
            if c.effective is None:
                en = f"{c.en} by {c.player} ({c.zh}); never reported or admitted: no effect (TW-XG-4)."
                zh = f"{c.player}{c.zh}，未經舉發或自承，不生效力。"
            elif c.dead_hand and (since := self.docket.standing[c.player].dead_since) is not None \
                    and since < c.effective:  # a cause by a player already dead: a violation
                en = (f"{c.en} by {c.player} ({c.zh}): his hand was already dead (相公) from event {since}, "
                      "so this is a violation (TW-XG-5).")
                zh = f"{c.player}{c.zh}；其自第{since}事件起已判相公，此為違規（TW-XG-5）。"
            elif c.dead_hand:
                en = f"{c.en} by {c.player} ({c.zh}): his hand is dead (相公) from event {c.effective}."
                zh = f"{c.player}{c.zh}，自第{c.effective}事件起判相公。"
            else:
                en = f"{c.en} by {c.player} ({c.zh})."
                zh = f"{c.player}{c.zh}。"
            stage = c.stage or c.rule  # a stage text other than its clause's own (TW-CG-1.1 own)
            if c.effective is not None and stage in STAGES:
                stage_en, stage_zh = STAGES[stage]
                en, zh = f"{en[:-1]}; {stage_en}.", f"{zh[:-1]}；{stage_zh}。"
            out.append(Finding(c.rule, c.player, c.at, status, en[0].upper() + en[1:], zh))
        return out
