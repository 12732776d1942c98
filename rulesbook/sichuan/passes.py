"""过胡 and 过碰 (SC-GS), found by the referee from the replay (full information).

* 过胡 (SC-GS-1, 2, 4) on the family's watcher (``rulesbook.family13.passes``): a player in play who
  could validly win on a discard or an added kong and lets its window close has passed it; until his
  next own draw (a claim does not lift it) he may not win on a discard or a robbed kong, unless, under
  ``until_draw_unless_higher``, that win's F is greater than the highest F he passed (``Bar.fan``).
  Seven pairs waits are looked at as well as four sets and a pair; players who have left play are
  no candidates. A ``state``'s ``status.passed`` (``{"fan": F}`` or ``true``) is a pass in force.
* 过碰 (SC-GS-5): a player in play who could have ponged a discard and let it go may not pong that
  kind until his next draw (a claim of another kind does not lift it); such a pong is a wrong claim
  (SC-IRR-3). Looked for at each pon only
  (``passed_pong``): nothing is kept at every discard.
"""
from __future__ import annotations

from typing import Callable, Optional

from referee import events as ev
from referee.tiles import N_KINDS, kind_of
from rulesbook.family13.passes import Passes

#: fan_of(table, player, tile, how, at): the F of his valid win on ``tile`` now, None if none
FanOf = Callable[[object, str, int, str, int], Optional[int]]


class WinPasses(Passes):
    lifted_by = frozenset({"draw"})  # SC-GS-2: only his own draw lifts a pass (a claim does not)

    def __init__(self, rule: str, fan_of: FanOf):
        self.sc_rule = rule
        self.fan_of = fan_of
        self.fans: dict[tuple[str, int], int] = {}  # (player, tile event) -> the F he could win
        self._pairs: dict[str, tuple[int, Optional[int]]] = {}
        self._clean: dict[str, tuple[int, bool]] = {}  # player -> (hand version, holds his void suit)
        self._held: Optional[tuple] = None  # a discard's window still open under an added kong's
        super().__init__("none" if rule == "none" else "all_waits_until_move", self._can_win)

    def _can_win(self, table, player: str, tile: int, how: str, at: int) -> bool:
        f = self.fan_of(table, player, tile, how, at)
        if f is None:
            return False
        self.fans[(player, at)] = f
        return True

    def barred(self, player: str, tile: int, fan: Optional[int] = None) -> bool:  # type: ignore[override]
        """Whether a discard or robbing win of ``player`` worth F ``fan`` is barred now."""
        bar = self.bars.get(player)
        if bar is None or kind_of(tile) >= N_KINDS:
            return False
        passed = getattr(bar, "fan", None)
        return self.sc_rule != "until_draw_unless_higher" or fan is None or passed is None or fan <= passed

    def status(self, player: str) -> object:
        """``status.passed`` of a pass in force (§13): ``{"fan": F}``, or ``true`` under ``until_draw``."""
        bar = self.bars.get(player)
        if bar is None:
            return None
        fan = getattr(bar, "fan", None)
        return True if self.sc_rule == "until_draw" or fan is None else {"fan": fan}

    def _pass(self, player: str, at: int) -> None:
        where = self.window[1] if self.window is not None else None
        super()._pass(player, at)
        bar = self.bars[player]
        f = self.fans.get((player, where)) if where is not None else None
        if f is not None:
            bar.fan = max(getattr(bar, "fan", f), f)  # type: ignore[attr-defined]

    def _open_kong(self, i: int, e: ev.Kong, table) -> None:
        """SC-PR-5: a concealed kong is never robbed: it opens no window, and a discard's window still
        open (SC-PR-3: until a later discard) stays open across it; across an added kong too, held
        while the robbing window is open (until its replacement draw)."""
        if e.kind == "concealed":
            return
        held = self.window
        super()._open_kong(i, e, table)
        if held is not None and held[1] < i:
            if self.window is None:
                self.window = held
            else:
                self._held = held

    def _closing_discard(self, i: int, e: ev.Discard, table) -> None:
        super()._closing_discard(i, e, table)
        if self._held is not None:  # a later discard closes the held discard's window as well
            self.window, self._held = self._held, None
            super()._closing_discard(i, e, table)

    def _own_move(self, i: int, e: ev.Event, table) -> None:
        super()._own_move(i, e, table)
        if self._held is not None and self.window is None:  # the robbing window closed: back to the discard's
            self.window, self._held = self._held, None

    def _from_state(self, i: int, e: ev.State, table) -> None:
        super()._from_state(i, e, table)
        for name, status in e.status.items():
            passed = status.get("passed")
            if isinstance(passed, dict) and "fan" in passed and name in self.bars:
                self.bars[name].tiles = None
                self.bars[name].fan = passed["fan"]  # type: ignore[attr-defined]

    def _candidates(self, table, tile: int, at: int, how: str, but: str) -> set[str]:
        """The players in play whose hand ``tile`` completes (four sets and a pair, or seven pairs)
        and who would win validly. A player who still holds his void suit, or whose void suit the
        tile is, cannot win (SC-QM-2): his waits are not even looked at."""
        if self.rule == "none":
            return set()
        k = kind_of(tile)
        if k >= N_KINDS:
            return set()
        suit = k // 9
        out = set()
        left, voids, clean = table.left_at, table.voids, self._clean
        for name, ps in table.p.items():
            if name == but or name in left or ps.unknown:
                continue
            void = voids.get(name)
            if void is not None:
                if void == suit:
                    continue
                held = clean.get(name)
                if held is None or held[0] != ps.version:  # his void suit still in hand, by version
                    held = clean[name] = (ps.version, any(ps.counts[void * 9:void * 9 + 9]))
                if held[1]:
                    continue
            if (table.wins_on(name, tile) or ps.counts[k] % 2 and self._pairs_wait(ps) == k) \
                    and self.can_win(table, name, tile, how, at):
                out.add(name)
        return out

    def _pairs_wait(self, ps) -> Optional[int]:
        """The kind that completes his seven pairs (13 concealed tiles, no meld, six pairs and a
        single), kept until his hand changes; None when there is none."""
        cached = self._pairs.get(ps.name)
        if cached is not None and cached[0] == ps.version:
            return cached[1]
        wait = None
        if not ps.melds and not ps.unknown:
            counts = ps.counts[:N_KINDS]
            odd = [t for t, n in enumerate(counts) if n % 2]
            if len(odd) == 1 and sum(counts) == 13:
                wait = odd[0]
        self._pairs[ps.name] = (ps.version, wait)
        return wait


#: his own moves (a draw lifts a 过碰; another ends the search when it changed his count of the kind)
_OWN_MOVES = frozenset(("draw", "discard", "chi", "pon", "kong", "correct"))
#: the events that close a discard's window otherwise than by a draw
_TAKEN = frozenset(("chi", "pon", "kong", "win"))


def _touches(x: ev.Event, k: int) -> bool:
    """Whether his own move ``x`` changed how many tiles of kind ``k`` he holds (a correction is
    taken to have)."""
    if x.type == "correct":
        return True
    tiles = getattr(x, "tiles", None) or ((x.tile,) + tuple(getattr(x, "with_", ())) if hasattr(x, "tile") else ())
    return any(kind_of(t) == k for t in tiles)


def passed_pong(table, i: int, e: ev.Pon) -> bool:
    """SC-GS-5, asked just before the pon ``e`` at event ``i``: whether its player let a discard of
    that kind go since his last draw, its window closed by a draw (not claimed, not won), while he
    held the pair he pons with: none of his own moves since (a claim of another kind, a discard of
    another tile) changed how many of that kind he holds. Only his own draw lifts the bar."""
    player, k = e.player, kind_of(e.tile)
    if table.p[player].counts[k] < 2:
        return False
    src = table.last_discard or table._past_draw()
    claimed = src[2] if src is not None else None
    events = table.events
    for j in range(i - 1, -1, -1):
        x = events[j]
        if x.type in ("state", "deal"):
            return False
        if getattr(x, "player", None) == player and x.type in _OWN_MOVES and (x.type == "draw" or _touches(x, k)):
            return False
        if x.type == "discard" and j != claimed and kind_of(x.tile) == k:
            closing = next((y for y in events[j + 1:i] if y.type == "draw" or y.type in _TAKEN), None)
            if closing is not None and closing.type == "draw":
                return True
    return False
