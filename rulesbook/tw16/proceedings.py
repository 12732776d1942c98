"""The moments of a hand: which family of rules looks at each event, and in what order.

``Proceedings`` watches the replay (``referee.replay.Observer``): just before and just after the
table takes each event in, it hands the moment to the families that care, in the order written
below. It never changes the table and decides nothing itself; the families keep their own state
and write what they find to the shared ``docket``:

    dead_hand   相公 causes, reports, admissions, wrong counts (TW-XG)
    passed_win  過水 found by the referee (TW-GS)
    restrictions 行牌禁制 (TW-XP)
    pon_calls   喊碰未碰 (TW-PC)
    watching    眼牌 (TW-YP)
    wrong_melds 錯杠 / 錯碰 / 錯打明牌 by the stage found (TW-CG, TW-CP, TW-CD)
    flowers     花牌 faults and flower wins (TW-FL)
    priority    claim disputes over the tile on offer (TW-PR)
    false_win   win declarations and called wins (TW-ZH)
    side_bets   a bettor's influence (TW-HB-4)

A tile on offer (a discard, or an added kong that may be robbed) opens a window; it closes when the
tile can no longer be claimed or won on: then pon calls not carried out are settled, called wins
not followed are ruled, who could have won has passed, and who could have ponned may not pon it
again in his go-round.
"""
from __future__ import annotations

from typing import Optional

from referee import events as ev
from referee.errors import ReplayError
from referee.hand import is_complete
from referee.observer import ByType
from referee.replay import Observer, Table
from referee.tiles import FIRST_FLOWER, UNKNOWN
from rulesbook.findings import Finding

from .dead_hand import DeadHand
from .docket import Contest, Docket
from .false_win import FalseWins
from .flowers import Flowers
from .passed_win import PassedWins
from .pay_for_all import disturbance, hand_end
from .pon_calls import PonCall, PonCalls
from .priority import Priority, late_pon_call
from .restrictions import Restrictions
from .side_bets import influence
from .watching import Watching
from .wrong_melds import WrongMelds

#: events that move tiles or play on: none may follow the end of the hand
_MOVES = frozenset({"draw", "discard", "chi", "pon", "kong", "flower", "rob_flower", "decline_last",
                    "exhaustive_draw", "declare"})


#: the event types whose movements ``referee.replay.Table`` may record as anomalies (a chi, pon
#: or kong that breaks a rule, an irregular draw): tw16's table records none of its own
_ANOMALOUS = frozenset({"draw", "chi", "pon", "kong"})
#: the types whose own hook looks at the flags of ``_every_before`` itself (most events)
_FLAGS_LOOKED_AT = frozenset({"draw", "discard"})
_CLAIMS = frozenset({"chi", "pon"})  # the intakes after which a discard is restricted (TW-XP-6)


def _moves_on(e: ev.Event) -> bool:
    """A draw or a claim: play has gone on past a claim made before it."""
    return isinstance(e, (ev.Draw, ev.Chi, ev.Pon)) or isinstance(e, ev.Kong) and e.kind == "claimed"


class Proceedings(Observer):
    def __init__(self, players: tuple[str, ...], strict_kong_peek: bool = False,
                 kong_from_upper: bool = True):
        self.docket = d = Docket(players)
        self.pon_calls = PonCalls(d)
        self.melds = WrongMelds(d, self.pon_calls, strict_kong_peek)
        self.watching = Watching(d)
        self.dead = DeadHand(d, self.melds, self.watching)
        self.passed = PassedWins(d)
        self.restrictions = Restrictions(d, kong_from_upper)
        self.flowers = Flowers(d)
        self.priority = Priority(d)
        self.false_wins = FalseWins(d)
        self._anomalies_seen = 0
        self.restored: list[Finding] = []  # disturbances restored without penalty (TW-BP-1)
        self._unlawful: dict[int, str] = {}  # claims ruled when made (TW-XG-5, TW-XP): at → claimer

    # -- the tile on offer ---------------------------------------------------------------------
    def _open_window(self, at: int, tile: int, offerer: str, table: Table, kong: bool = False) -> None:
        c = self.docket.contest = Contest(at, tile, offerer, table.next_of(offerer), kong)
        if tile != UNKNOWN:
            winners = table.winners_on(tile, offerer)
            if winners:  # (most tiles complete no hand: the family is asked only of those that do)
                self.passed.candidates(c, winners)

    def _close_window(self, i: Optional[int], table: Table, taker: Optional[str] = None) -> None:
        if self.pon_calls.open:  # (each family's call is skipped when it has nothing to do)
            self.pon_calls.settle()
        c = self.docket.contest
        if c is None:
            return
        if self.false_wins.pending:
            self.false_wins.confirm_all()
        if c.candidates:
            self.passed.close(c, i, table)
        if c.tile != UNKNOWN:
            self.restrictions.let_go(c, taker, table)
        self.docket.contest = None

    # -- what the replay calls ----------------------------------------------------------------
    def hooks(self):
        """Each event type's one hook before it and one after it (``_before_of``, ``_after_of``),
        made at the type's first event: the checks every event once passed are folded into them,
        each called only when its flag says it has something to do."""
        return ByType(self._before_of), ByType(self._after_of, _AFTER_KINDS), None, None

    def _before_of(self, kind: str):
        """Before an event of type ``kind``: the checks of every event (``_every_before``) when a
        flag says they have something to do, then the type's own hook (``_BEFORE``). A draw's and
        a discard's own hooks (most events) look at the flags themselves."""
        own = getattr(self, self._BEFORE[kind]) if kind in self._BEFORE else None
        if kind in _FLAGS_LOOKED_AT:
            return own
        false_wins, docket, every = self.false_wins, self.docket, self._every_before

        def before(i: int, e: ev.Event, table: Table) -> None:
            if false_wins.pending or false_wins.false_calls or docket.penalties:
                every(i, e, table)
            if own is not None:
                own(i, e, table)
        return before

    def _after_of(self, kind: str):
        """After an event of type ``kind``: its own hook (``_AFTER``), then, for the types whose
        movements the table may record as anomalies (``_ANOMALOUS``), the families' look at them."""
        own = getattr(self, self._AFTER[kind]) if kind in self._AFTER else None
        if kind not in _ANOMALOUS:
            return own
        seen = self._anomalies

        def after(i: int, e: ev.Event, table: Table) -> None:
            if own is not None:
                own(i, e, table)
            if len(table.anomalies) > self._anomalies_seen:
                seen(table)
        return after

    # -- before the table takes an event in -----------------------------------------------------
    def _every_before(self, i: int, e: ev.Event, table: Table) -> None:
        """A called win not followed (``false_wins.follow``); a move or a win after the end of the
        hand by a penalty or a called false win (``_after_the_end``)."""
        false_wins = self.false_wins
        if false_wins.pending:
            false_wins.follow(e)
        if (self.docket.penalties or false_wins.false_calls) and (e.type in _MOVES or e.type == "win"):
            self._after_the_end(i, e, table)  # only a penalty or a called false win ends the hand

    def _after_the_end(self, i: int, e: ev.Event, table: Table) -> None:
        """A 包賠 or a called false win ends the hand where it falls (TW-BP-2, TW-ZH-5): no tile
        moves after it, and only a win on the same tile may follow (TW-ZH-7). EVENT_LOG.md allows
        reports, admissions and corrections after the end; anything else cannot have happened."""
        ends = [p for p in self.docket.penalties if p.rule != "TW-CG-1.2"]
        end_at, same_tile = hand_end(ends, self.false_wins.false_calls, table.claimed_from)
        if end_at is None or end_at >= i:
            return
        if e.type == "exhaustive_draw" and end_at == i - 1 and table.events[end_at].type == "decline_last":
            return  # the 荒局 that a declined 海底 tile brings is recorded after it (TW-YP-3)
        if isinstance(e, ev.Win) and same_tile is not None and e.how in ("discard", "rob_kong"):
            src = (table.last_discard or table._past_draw()) if e.how == "discard" else table.last_added_kong
            if src is not None and src[2] == same_tile:
                return
        what = next((f"包賠, {p.rule}" for p in ends if p.at == end_at), "a false win called, TW-ZH-5")
        raise ReplayError(i, f"the hand ended at event {end_at} ({what}): no {e.type} may follow")

    def _before_win(self, i: int, e: ev.Win, table: Table) -> None:
        self.melds.meld_discard_outcome(i, e, table)
        restricted = self.restrictions.self_draw_reasons(e, table, table._wins_on_deal(e.player))
        st = self.docket.standing[e.player]
        if st.passed_since is None and st.dead_since is None:  # a hidden hand laid down (TW-GS-4)
            found = self.passed.looked_back(i, e, table, lifts=not st.watching)
            if found is not None:
                self.passed.passed(e.player, found[0], None, table, tile=found[1])
        watcher = self.watching.passes_found_at_win(e.player, i)
        reasons = self.false_wins.declared(i, e, table, watcher, restricted)
        reasons += self.flowers.declared(e, table)
        late = table.late_discard(i, e)
        if late is not None:  # pushed down on a discard no longer claimable (TW-PR-9)
            reasons.append(self.priority.late_win(i, e, late[2], table))
        c = self.docket.contest
        if c is None:
            return
        if late is not None:
            c.candidates = {}  # the hand ends here (包賠): nobody else passed the tile on offer
            self.pon_calls.lost_to_win()
            return
        own, earlier = self.priority.win(i, e)
        reasons += own
        for at, reason in earlier:  # earlier wins on the discard that came too late
            self.false_wins.win_reasons[at].append(reason)
        if e.how in ("discard", "rob_kong"):
            exposed = self.restrictions.exposed_reason(e.player, table)
            if exposed is not None:
                reasons.append(exposed)
        c.candidates = {}  # the tile is won on (or the hand ends): nobody else passed it
        self.pon_calls.lost_to_win()  # a pon call loses to the win (TW-PC-3)

    def _before_reach(self, i: int, e: ev.Reach, table: Table) -> None:
        c = self.docket.contest
        if c is None:
            return
        self.priority.reach(i, e.player)
        if e.player in c.candidates:
            self.passed.passed(e.player, c.candidates.pop(e.player), i, table, reached=True)

    def _before_draw(self, i: int, e: ev.Draw, table: Table) -> None:
        false_wins = self.false_wins
        if false_wins.pending or false_wins.false_calls or self.docket.penalties:
            self._every_before(i, e, table)
        if self.docket.causes:
            self.melds.meld_discard_outcome(i, e, table)
        if e.source == "back":
            return  # a replacement does not touch the contest on the last tile
        if not self.priority.draw(i, e.player):
            self._close_window(i, table, taker=e.player)
            return
        c = self.docket.contest
        if e.player in c.candidates:  # type: ignore[union-attr]  # drawing is reaching (TW-GS-1)
            self.passed.passed(e.player, c.candidates.pop(e.player), i, table, reached=True)  # type: ignore[union-attr]

    def _before_merge(self, i: int, e: ev.Merge, table: Table) -> None:
        ps = table.p[e.player]
        self.priority.merge(i, e.player, not ps.unknown and is_complete(ps.concealed34()))

    def _before_claim(self, i: int, e: ev.Event, table: Table) -> None:
        player = e.player  # type: ignore[attr-defined]
        pressed = False
        if isinstance(e, ev.Kong) and e.kind != "claimed":
            self._close_window(i, table, taker=player)
        elif self.docket.contest is not None:
            if not isinstance(e, ev.Chi):
                self.pon_calls.carried_out(player)
            pressed = self.priority.claim(i, e)
        ruled = len(self.docket.causes)
        self.dead.claim(i, e)  # TW-XG-5
        self.restrictions.check_claim(i, e, table)
        if len(self.docket.causes) > ruled:  # a claim that breaks a restriction holds no priority
            self.priority.unlawful(player)
            if not isinstance(e, ev.Kong) or e.kind == "claimed":
                self._unlawful[i] = player
        if pressed:
            self.priority.pressed(i, player)  # TW-PR-10

    def _before_correct(self, i: int, e: ev.Correct, table: Table) -> None:
        claimer = self._unlawful.get(e.about)
        if e.action == "restore" and claimer is not None and any(
                _moves_on(later) and later.player != claimer for later in table.events[e.about + 1:i]):
            raise ReplayError(i, f"the claim at event {e.about} can no longer be undone: once another "
                                 "player has drawn or claimed, a claim ruled when made stands "
                                 "(TW-XG-5, TW-XP)", "about")
        self.priority.put_back(e)
        undone = table.events[e.about] if 0 <= e.about < i else None
        if e.action == "restore" and isinstance(undone, (ev.Chi, ev.Pon, ev.Kong)) and table.claimed_from.get(e.about) is not None:
            self.priority.unlawful(undone.player)  # a claim undone holds no priority

    def _before_discard(self, i: int, e: ev.Discard, table: Table) -> None:
        false_wins = self.false_wins
        if false_wins.pending or false_wins.false_calls or self.docket.penalties:
            self._every_before(i, e, table)
        self._close_window(i, table, e.player)
        if table.p[e.player].intake in _CLAIMS:  # (TW-XP-6 looks only at a discard after a claim)
            self.restrictions.check_discard(i, e, table)
        if e.tile >= FIRST_FLOWER or any(table.p[e.player].counts[FIRST_FLOWER:]):
            self.flowers.check_discard(i, e, table)  # (a flower discarded or in his hand: TW-FL-4)
        if e.from_meld:
            self.melds.meld_discard(i, e)

    def _before_rob_flower(self, i: int, e: ev.Event, table: Table) -> None:
        self.dead.claim(i, e)  # 搶花 is a claim: a 相公's is a violation (TW-XG-5)

    def _before_exhaustive_draw(self, i: int, e: ev.Event, table: Table) -> None:
        self._close_window(i, table)
        self.melds.at_exhaustive_draw(i)  # TW-CG-1.2

    # -- after the table took an event in --------------------------------------------------------
    def _anomalies(self, table: Table) -> None:
        for a in table.anomalies[self._anomalies_seen:]:
            if not self.melds.anomaly(a, table):
                self.dead.anomaly(a)
        self._anomalies_seen = len(table.anomalies)

    def _after_state(self, i: int, e: ev.State, table: Table) -> None:
        self.docket.from_state(e.status)
        self.restrictions.from_state(e.status)
        self.melds.state(e)
        # the tile on offer opens its window, as after its discard or added kong in the log
        if table.last_added_kong is not None and table.last_added_kong[2] == i:
            self._open_window(i, table.last_added_kong[1], table.last_added_kong[0], table, kong=True)
        elif table.last_discard is not None:
            self._open_window(i, table.last_discard[1], table.last_discard[0], table)

    def _after_discard(self, i: int, e: ev.Discard, table: Table) -> None:
        if self.docket.standing[e.player].passed_since is not None:
            self.passed.lift(e.player, e.tile, table)
        self.restrictions.after_discard(e, table)
        self._open_window(i, e.tile, e.player, table)

    def _after_kong(self, i: int, e: ev.Kong, table: Table) -> None:
        if e.kind == "added":
            self.passed.lift(e.player, e.tiles[3], table)
            self._open_window(i, e.tiles[3], e.player, table, kong=True)
        elif e.kind == "concealed":
            self.restrictions.check_xp5(i, e, table)
        self.watching.konged(i, e)  # TW-YP-1

    def _after_act(self, i: int, e: ev.Act, table: Table) -> None:
        if e.act == "influence" and e.player not in self.docket.standing:  # a bettor's (TW-HB-4)
            self.docket.add_cause(influence(i, e.player))
        elif e.act in ("wall_disturbed", "hand_disturbed"):  # TW-BP-1
            restored = disturbance(i, e, self.docket)
            if restored is not None:
                self.restored.append(restored)
        else:
            self.dead.act(i, e, table)

    def _after_peek(self, i: int, e: ev.Peek, table: Table) -> None:
        if not self.watching.may_look(e.player, e.target):
            self.dead.peek(i, e)

    def _after_declare(self, i: int, e: ev.Declare, table: Table) -> None:
        if e.what == "watch":
            self.watching.start(i, e, table)

    def _after_merge(self, i: int, e: ev.Merge, table: Table) -> None:
        self.watching.merged(i, e)

    def _after_decline_last(self, i: int, e: ev.DeclineLast, table: Table) -> None:
        self.watching.declined_last(i, e)  # TW-YP-3

    def _after_flower(self, i: int, e: ev.Flower, table: Table) -> None:
        self.flowers.laid_out(i, e, table)

    def _after_expose(self, i: int, e: ev.Expose, table: Table) -> None:
        self.restrictions.after_expose(e)

    def _after_call(self, i: int, e: ev.Call, table: Table) -> None:
        """A spoken or shown intent: a win call is a declaration's intent (``false_win``); a claim
        call joins the tile's contest, and a pon call not carried out is settled when the window
        closes (TW-PC-1), unless it could not lawfully be made (TW-PC-3)."""
        late = self.priority.late_call(i, e, table)
        if late is not None:  # about a discard whose window has closed (TW-PR-3/4/6/7)
            if e.call == "win" and late >= 0:
                self.false_wins.call_win(i, e, table, late_at=late)
            return
        if e.call == "win":
            self.false_wins.call_win(i, e, table)
            return
        c = self.docket.contest
        if c is None or c.robbable_kong or e.player == c.offerer:
            return  # a call with no discard to claim could not be carried out (TW-PC-3)
        ps = table.p[e.player]
        need = {"chi": 2, "pon": 2, "kong": 3}[e.call]
        capable = bool(ps.unknown) or c.tile == UNKNOWN or e.call == "chi" or ps.counts[c.tile] >= need
        c.intend(e.player, i, e.call, capable)
        if e.with_ and e.call in ("chi", "pon"):
            self.melds.note_caller(e.player, c.at)  # TW-CD-2
        if e.call not in ("pon", "kong") or self.melds.from_meld(c.at):
            return  # a tile from a meld may not be claimed: no 喊碰未碰 (TW-CD-2, TW-PC-3)
        if e.call == "kong" and self.restrictions.kong_forbidden(e.player, c.offerer):
            return  # a kong on the 上家's discard could not be made lawfully (TW-XP-9, TW-PC-3)
        late = late_pon_call(c, e.player, i)
        if late is not None:  # it lost to the draw: no fee (TW-PC-3)
            self.priority.decide(late, i)
            return
        self.pon_calls.called(e.player, PonCall(i, c.at, c.offerer, bool(e.with_), "TW-PC-1"))

    def _after_report(self, i: int, e: ev.Event, table: Table) -> None:
        self.dead.take_effect(i, e, table)

    def _after_correct(self, i: int, e: ev.Correct, table: Table) -> None:
        self.melds.corrected(i, e, table)

    def done(self, table: Table) -> None:
        self._close_window(None, table)
        self.false_wins.confirm_all()

    #: event type -> the method that looks at it, before and after the table takes it in
    _BEFORE = {
        "win": "_before_win", "reach": "_before_reach", "draw": "_before_draw",
        "merge": "_before_merge", "chi": "_before_claim", "pon": "_before_claim",
        "kong": "_before_claim", "correct": "_before_correct", "discard": "_before_discard",
        "exhaustive_draw": "_before_exhaustive_draw", "rob_flower": "_before_rob_flower",
    }
    _AFTER = {
        "state": "_after_state", "discard": "_after_discard", "kong": "_after_kong",
        "act": "_after_act", "peek": "_after_peek", "declare": "_after_declare",
        "call": "_after_call", "merge": "_after_merge", "expose": "_after_expose",
        "report": "_after_report", "admit": "_after_report", "correct": "_after_correct",
        "flower": "_after_flower", "decline_last": "_after_decline_last",
    }

    # -- what the families found ------------------------------------------------------------------
    def findings(self) -> list[Finding]:
        out = (self.passed.passes + self.docket.dismissed + self.priority.findings
               + self.dead.findings() + self.dead.again + self.restored)
        return sorted(out, key=lambda f: (f.at if f.at is not None else -1))


#: the types with a hook after them
_AFTER_KINDS = frozenset(Proceedings._AFTER) | _ANOMALOUS
