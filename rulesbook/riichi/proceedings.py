"""The moments of a riichi hand: which family looks at each event, and in what order.

``Proceedings`` watches the replay (``referee.replay.Observer``) and hands each moment to:

    riichi       declarations, sticks, double riichi, ippatsu (RJ-RII)
    furiten      passes after every discard and added kan (RJ-FUR)
    claims       what a call, kan or discard may be (RJ-PR, RJ-RII-5)
    irregular    reports, admissions, dead hands, wrong counts, faults at the table (RJ-IRR)
    aborts       abortive draws recorded and due (RJ-ABT)

and notes, for every win declaration, the facts of that moment (``Moment``) that the valuation
and the checks of ``wins`` need: furiten, a dead hand, riichi, ippatsu, first-draw wins. A win
declared and not revealed, on which play goes on (the table folds it void), is judged and ruled as
it is made (RJ-IRR-1), so that a dead hand or a chombo holds for what follows.
"""
from __future__ import annotations

from typing import Optional

from referee import events as ev
from referee.errors import ReplayError
from referee.observer import ByType
from referee.replay import Observer, Table
from referee.tiles import code

from .aborts import Aborts
from .claims import Claims
from .docket import Docket
from .furiten import Furiten
from .irregular import Irregular, count_of
from .options import Options
from .riichi import Declarations
from .table import RiichiTable
from .wins import Moment, judge, rule_unrevealed


class Window:
    """The tile on offer (a discard or an added kan) while it may still be won on."""

    __slots__ = ("at", "tile", "offerer", "kan", "candidates", "declared", "drawer", "claimer")

    def __init__(self, at: int, tile: int, offerer: str, kan: bool, candidates: list[str],
                 declared: set[str]):
        self.at = at  # the discard or added kan on offer
        self.tile = tile
        self.offerer = offerer
        self.kan = kan
        self.candidates = candidates  # could win on it by shape (RJ-FUR-4)
        self.declared = declared
        self.drawer: Optional[str] = None  # the next player drew: the window stays open until he discards
        self.claimer: Optional[str] = None  # claimed (chi, pon, open kan): a ron may still undo it (RJ-PR-3)


#: events of play: none may follow a chombo (RJ-IRR-0)
_PLAY = (ev.Draw, ev.Discard, ev.Chi, ev.Pon, ev.Kong, ev.Riichi, ev.Dora, ev.Abort, ev.ExhaustiveDraw, ev.Win)
#: the event types each check before an event can concern (``Proceedings._before_of``)
_ENDED_BY_CHOMBO = frozenset(k.type for k in _PLAY)
_CLOSES = frozenset(("draw", "chi", "pon", "kong", "discard", "riichi", "exhaustive_draw", "abort"))
_SETTLES = _CLOSES  # a riichi pending is established by these (``Declarations.settle``)
_NOT_DUE = frozenset(("abort", "report", "admit", "act", "end"))
_CLAIMED = frozenset(("chi", "pon"))  # a turn begun by a claim: its discard may be kuikae (RJ-IRR-7)  # allowed after an abortive draw is due


class Proceedings(Observer):
    def __init__(self, players: tuple[str, ...], options: Options, dealer: str,
                 scores: Optional[dict[str, int]], seats: dict[str, int], round_wind: int):
        self.docket = d = Docket(players)
        self.options = options
        self.dealer = dealer
        self.seats = seats  # each player's seat wind
        self.round_wind = round_wind
        self.riichi = Declarations(d, options.riichi_min_points, options.riichi_needs_draw, scores)
        self.furiten = Furiten(players)
        self.claims = Claims(d)
        self.irregular = Irregular(d, options)
        self.aborts = Aborts(d, options.abortive_draws)
        self.window: Optional[Window] = None
        self.moments: dict[int, Moment] = {}

    # -- what the replay calls ------------------------------------------------------------------
    def hooks(self):
        """Each event type's hook before it (``_before_of``) and after it (``_AFTER``): a check
        that cannot concern a type is not called for it, and one that can is called only when
        its flag says it has something to do (a penalty given, a tile on offer, a riichi pending,
        an abortive draw due)."""
        return (ByType(self._before_of), {kind: getattr(self, f.__name__) for kind, f in self._AFTER.items()},
                None, None)

    def before(self, i: int, e: ev.Event, table: Table) -> None:
        self._before_of(e.type)(i, e, table)

    def _before_of(self, kind: str):
        """Before an event of type ``kind``: the chombo's end (RJ-IRR-0), the window's close
        (RJ-FUR-2/3), the riichi established (RJ-RII-2/3), the abortive draw due (RJ-ABT), then
        the type's own hook (``_BEFORE``)."""
        chombo, settles, due = kind in _ENDED_BY_CHOMBO, kind in _SETTLES, kind not in _NOT_DUE
        close = self._closer(kind)
        handler = self._BEFORE.get(kind)
        withdrawable = kind == "abort"
        # a draw's and a discard's own hooks are called only when their flag says they have
        # something to do: a call not carried out (``_before_draw``), a claim or a riichi made
        # (``_before_discard``'s kuikae and riichi discard checks)
        drawing, discarding = kind == "draw", kind == "discard"

        docket, riichi, aborts, irregular = self.docket, self.riichi, self.aborts, self.irregular

        def before(i: int, e: ev.Event, table: RiichiTable) -> None:
            if withdrawable and not e.shown:  # type: ignore[attr-defined]
                return  # nine terminals withdrawn (RJ-IRR-8, §15.10): no finding, no abort
            if chombo and docket.penalties:
                self._after_a_chombo(i, e, table)
            if close is not None and self.window is not None:
                close(e, self.window, i)
            if settles and riichi.pending is not None:
                established = riichi.settle(i, e)
                if established is not None:  # the event that establishes the fourth riichi ends the hand
                    aborts.riichi_established(established.discard, len(riichi.established()),
                                              i if isinstance(e, ev.Draw) else None)
            if due and aborts.due is not None:
                aborts.check_due(i, e)
            if handler is not None:
                if drawing:
                    if irregular.calls:
                        handler(self, i, e, table)
                elif discarding:
                    if riichi.made or table.p[e.player].intake in _CLAIMED:  # type: ignore[attr-defined]
                        handler(self, i, e, table)
                else:
                    handler(self, i, e, table)
        return before

    def _after_a_chombo(self, i: int, e: ev.Event, table: RiichiTable) -> None:
        """A chombo ends the hand where it falls (RJ-IRR-0): no play may follow it, only a win on
        the same tile (in the same moment) and reports, admissions, corrections. A riichi
        declared by a dead hand (RJ-IRR-5) is one act with its sideways discard (RJ-RII-2): that
        discard is still recorded."""
        chombo = next((p for p in self.docket.penalties if p.grade == "chombo"), None)
        if chombo is None or chombo.at >= i or not isinstance(e, _PLAY):
            return
        if isinstance(e, ev.Discard) and table.riichi_pending == e.player and chombo.player == e.player \
                and isinstance(table.events[chombo.at], ev.Riichi):
            return
        if isinstance(e, ev.Win) and e.how != "self_draw" and self.window is not None \
                and self.window.at < chombo.at:
            return
        raise ReplayError(i, f"the hand ended at event {chombo.at} (chombo, {chombo.rule}): "
                             f"no {e.type} may follow")

    def _closer(self, kind: str):
        """How an event of type ``kind`` closes the tile on offer (``_close_window``), or None:
        annotations and calls leave it open."""
        if kind not in _CLOSES:
            return None
        return {"draw": self._close_on_draw, "chi": self._close_on_claim, "pon": self._close_on_claim,
                "kong": self._close_on_kong, "abort": self._close_on_abort}.get(kind, self._close_window)

    def _close_window(self, e: ev.Event, w: Window, i: int) -> None:
        """The tile on offer can no longer be won on: who could have and did not passed it
        (RJ-PR-4, RJ-FUR-2/3). A ron is in time until the discarder's next player discards, not
        draws (RJ-PR-3): his wall draw is his own pass only (``_close_on_draw``), and his next act
        (discard, riichi, kan) closes the window. A chi, pon or open kan of the tile leaves it open
        until the claimer's next act (``_close_on_claim``): a ron on the claimed tile still wins
        there, the meld undone (``correct restore``, RJ-PR-3), so no one has passed it yet."""
        if w.candidates:
            for p in w.candidates:
                if p not in w.declared:
                    self.furiten.passed(p, w.at, self.riichi.in_riichi(p, i) is not None)
        self.window = None

    def _close_on_draw(self, e: ev.Draw, w: Window, i: int) -> None:
        if e.source != "back" and w.drawer is None and not w.kan:
            w.drawer = e.player
            if e.player in w.candidates and e.player not in w.declared:
                self.furiten.passed(e.player, w.at, self.riichi.in_riichi(e.player, i) is not None)
                w.candidates.remove(e.player)
            return
        self._close_window(e, w, i)

    def _close_on_claim(self, e: ev.Event, w: Window, i: int) -> None:
        if w.claimer is None and not w.kan:
            w.claimer = e.player  # type: ignore[attr-defined]
            return
        self._close_window(e, w, i)

    def _close_on_kong(self, e: ev.Kong, w: Window, i: int) -> None:
        if e.kind == "claimed":
            self._close_on_claim(e, w, i)
        else:
            self._close_window(e, w, i)

    def _close_on_abort(self, e: ev.Abort, w: Window, i: int) -> None:
        if e.kind != "triple_ron":
            self._close_window(e, w, i)

    def _before_call(self, i: int, e: ev.Call, table: RiichiTable) -> None:
        declared = table.declaration(i, e)
        if declared is not None:
            self._before_win(i, declared, table)

    def _before_win(self, i: int, e: ev.Win, table: RiichiTable) -> None:
        ps = table.p[e.player]
        w = self.window
        only = isinstance(table.events[i], ev.Call) or table.declared_only(i, e)  # not revealed, play goes on
        if w is not None and not only:
            w.declared.add(e.player)
        if e.how != "self_draw" and not only:
            self.irregular.outranked(e.player, "win")
        late = None
        if e.how == "discard":
            late_src = table.late_discard(i, e)
            if late_src is not None:
                claimed = any(at == late_src[2] and k not in table.undone for k, at in table.claimed_from.items())
                late = ("the discard had been claimed (chi, pon or kan) and the meld was not taken back "
                        "before the win (correct restore, RJ-PR-3)" if claimed else
                        "the discard's window had closed: the next player had discarded")
            elif not only and (table.last_discard or table._past_draw()) is not None:
                on = (table.last_discard or table._past_draw())[2]  # type: ignore[index]
                self.riichi.won_on(on)
                self.aborts.won_on(on)
            # (no discard on offer at all: the replay refuses the win, "there is no discard")
        elif table.late_kong(e) is not None:
            late = "the kan had completed: its player had discarded since"
        furiten = None if e.how == "self_draw" else self.furiten.reason(e.player, table)
        decl = self.riichi.in_riichi(e.player, i)
        robbed = table.last_added_kong[2] if e.how == "rob_kong" and table.last_added_kong else None
        first_draw = (e.how == "self_draw" and ps.drawn_source == "wall" and ps.n_wall_draws == 1
                      and ps.n_discards == 0 and not table.calls)
        self.moments[i] = Moment(
            furiten=furiten, riichi=decl is not None, double=decl is not None and decl.double,
            ippatsu=decl is not None and self.riichi.ippatsu(e.player, i, table, robbed),
            tenhou=first_draw and e.player == self.dealer,
            chiihou=first_draw and e.player != self.dealer,
            renhou=(e.how == "discard" and e.player != self.dealer and ps.n_wall_draws == 0
                    and not table.calls),
            robbed_concealed=robbed is not None and getattr(table.events[robbed], "kind", "") == "concealed",
            late=late, dead=self.docket.is_dead(e.player, i))

    def _before_riichi(self, i: int, e: ev.Riichi, table: RiichiTable) -> None:
        self.irregular.carried_out(e.player, "riichi")
        self.claims.riichi(i, e)
        self.riichi.declared(i, e, table)

    def _after_state(self, i: int, e: ev.State, table: RiichiTable) -> None:
        """A position mid-hand (§10): its established riichi and the standing conditions it
        gives (dead hand, temporary and riichi furiten) hold from the start."""
        for name, st in e.riichi.items():
            self.riichi.from_state(name, i, st)
        for name, st in e.status.items():
            if st.get("dead_hand"):
                self.docket.dead.setdefault(name, i)
            if st.get("furiten_temporary"):
                self.furiten.temporary[name] = i
            if st.get("furiten_riichi"):
                self.furiten.riichi[name] = i
        # the tile on offer (§15.14): who lets it pass is in furiten, as after a discard in the log
        if table.last_added_kong is not None and table.last_added_kong[2] == i:
            who, tile, _ = table.last_added_kong
            self._offer(i, tile, who, table, kan=True)
        elif e.last_discard is not None:
            who, tile = e.last_discard
            self._offer(i, tile, who, table, kan=False)
            if e.drawn_past and table.turn is not None:  # the drawer's own pass is in his status
                self.window.drawer = table.turn  # type: ignore[union-attr]
                if table.turn in self.window.candidates:  # type: ignore[union-attr]
                    self.window.candidates.remove(table.turn)  # type: ignore[union-attr]

    def _before_abort(self, i: int, e: ev.Abort, table: RiichiTable) -> None:
        if e.kind == "triple_ron" and e.kind in self.options.abortive_draws:
            self._triple_ron(i, e, table)
        self.aborts.recorded(i, e, table)

    def _triple_ron(self, i: int, e: ev.Abort, table: RiichiTable) -> None:
        """RJ-ABT-5 recorded as the abort: three players declare a valid ron on one discard (or an
        added kan: recorded as three wins it aborts the same). The record is checked as the three
        wins would be, as far as it can be: a discard (or added kan) on offer, not the declarers'
        own, and each known hand completed by it by shape, not dead and not in furiten (RJ-FUR,
        RJ-IRR-5). A hand the log does not show is taken as declared."""
        w = self.window
        src = (table.last_added_kong if w is not None and w.kan else table.last_discard or table._past_draw())
        if w is None or src is None or src[2] != w.at:
            raise ReplayError(i, "no discard is on offer: no triple ron (三家和了, RJ-ABT-5) has arisen", "kind")
        discarder, tile = w.offerer, code(w.tile)
        for p in e.players or ():
            why = None
            if p == discarder:
                why = f"{p} {'made the kan of' if w.kan else 'discarded'} the {tile}"
            elif p == w.drawer:
                why = f"{p} drew past the {tile} (RJ-PR-4)"
            elif table.p[p].unknown:
                continue
            elif p not in w.candidates:
                why = f"{p}'s hand does not win on the {tile}"
            elif self.docket.is_dead(p, i):
                why = f"{p}'s hand is dead (RJ-IRR-5)"
            elif (furiten := self.furiten.reason(p, table)) is not None:
                why = f"{p} is in furiten ({furiten[0]})"
            if why is not None:
                raise ReplayError(i, f"{why}: no triple ron (三家和了, RJ-ABT-5) has arisen", "players")

    def _before_draw(self, i: int, e: ev.Draw, table: RiichiTable) -> None:
        if e.source != "back" and self.irregular.calls:
            self.irregular.settle_calls(i)

    def _before_claim(self, i: int, e: ev.Event, table: RiichiTable) -> None:
        player = e.player  # type: ignore[attr-defined]
        in_riichi = self._in_riichi(player, i)
        if isinstance(e, ev.Kong) and e.kind != "claimed":
            self.claims.own_kan(i, e, table, in_riichi)
            return
        self.irregular.outranked(player, e.type)
        self.irregular.carried_out(player, e.type)
        self.claims.claim(i, e, table, in_riichi)
        self.irregular.settle_calls(i)

    def _before_correct(self, i: int, e: ev.Correct, table: RiichiTable) -> None:
        self.claims.restored(i, e, table, self.irregular.empty_call_grade())
        w = self.window
        if w is not None and e.action == "restore" and 0 <= e.about < len(table.events) \
                and getattr(table.events[e.about], "player", None) == w.claimer:
            w.claimer = None  # the claim taken back: the tile is on offer again (RJ-PR-3)

    def _before_discard(self, i: int, e: ev.Discard, table: RiichiTable) -> None:
        in_riichi = e.player in self.riichi.made and self._in_riichi(e.player, i) \
            and table.p[e.player].riichi_discard is not None  # (no riichi made: none looked for)
        self.claims.discard(i, e, table, in_riichi)

    def _in_riichi(self, player: str, i: int) -> bool:
        d = self.riichi.made.get(player)
        return d is not None and not d.void and d.discard is not None
    # -- after the table took an event in --------------------------------------------------------
    def after(self, i: int, e: ev.Event, table: Table) -> None:
        handler = self._AFTER.get(e.type)
        if handler is not None:
            handler(self, i, e, table)

    def _after_discard(self, i: int, e: ev.Discard, table: RiichiTable) -> None:
        player = e.player
        self.furiten.temporary[player] = None  # RJ-FUR-2 lasts until his next discard (``discarded``)
        if player in self.riichi.made:  # (his declaration's discard, it may be)
            self.riichi.discarded(i, e, table)
        self.window = Window(i, e.tile, player, False, self.furiten.offered(i, e.tile, player, table), set())
        aborts = self.aborts
        if aborts.winds_pending or len(table.kans) == 4:  # (nothing to look at otherwise)
            aborts.after_discard(i, table)

    def _after_kong(self, i: int, e: ev.Kong, table: RiichiTable) -> None:
        if e.kind == "added":
            self._offer(i, e.tiles[3], e.player, table, kan=True)

    def _after_call(self, i: int, e: ev.Call, table: RiichiTable) -> None:
        self.irregular.called(i, e)
        self._declared(i, table)

    def _after_win(self, i: int, e: ev.Win, table: RiichiTable) -> None:
        self._declared(i, table)

    def _declared(self, i: int, table: RiichiTable) -> None:
        """A win declared at ``i`` and not revealed, folded void: ruled now (RJ-IRR-1)."""
        w = table.wins[-1] if table.wins else None
        if w is None or w.at != i or not w.void:
            return
        j = judge(table, w, self.moments[i], self.seats[w.player], self.round_wind, self.options,  # type: ignore[arg-type]
                  self.docket.missing)
        if j.valid and self.claims.win_after_invalid_kan(w):
            j.valid = False
        rule_unrevealed(self.docket, j, self.options, table.answer(i, w.player) == "play")

    def _after_act(self, i: int, e: ev.Act, table: RiichiTable) -> None:
        self.irregular.act(i, e, table)

    def _after_peek(self, i: int, e: ev.Peek, table: RiichiTable) -> None:
        self.irregular.peek(i, e)

    def _after_report(self, i: int, e: ev.Event, table: RiichiTable) -> None:
        self.irregular.report(i, e, table, count_of)

    def _offer(self, at: int, tile: int, offerer: str, table: RiichiTable, kan: bool) -> None:
        self.window = Window(at, tile, offerer, kan, self.furiten.offered(at, tile, offerer, table), set())

    def done(self, table: Table) -> None:
        self.aborts.finish()
        if table.ended is not None:
            self.irregular.settle_calls(len(table.events))

    _BEFORE = {"win": _before_win, "call": _before_call, "riichi": _before_riichi, "abort": _before_abort, "draw": _before_draw,
               "chi": _before_claim, "pon": _before_claim, "kong": _before_claim, "discard": _before_discard,
               "correct": _before_correct}
    _AFTER = {"state": _after_state, "discard": _after_discard, "kong": _after_kong, "call": _after_call,
              "win": _after_win,
              "act": _after_act, "peek": _after_peek, "report": _after_report, "admit": _after_report}
