"""How a hand starts: from the deal (``deal``) or from a known position (``state``); the part of
``referee.replay.Table`` that seats the players' tiles (a mixin; a variant's table overrides its
hooks, e.g. tw16's dealer's extra tile and flowers).
"""
from __future__ import annotations

from . import events as ev
from .errors import ReplayError
from .melds import MeldView
from .table_facts import PlayerState


class Starts:
    """``Table``'s ``state`` and ``deal`` events."""

    # state / deal ------------------------------------------------------------------------------
    def _on_state(self, i: int, e: ev.State) -> None:
        if i != 0:
            raise ReplayError(i, "a 'state' event may only be the first event")
        for name, meld_list in e.melds.items():
            ps = self.p[name]
            for k, m in enumerate(meld_list):
                for t in m.tiles:
                    self._reveal(i, t, f"melds.{name}[{k}]")
                ps.melds.append(MeldView(m.kind, tuple(m.tiles), m.kong, m.tile, m.source))
        for name, fl in e.flowers.items():
            for t in fl:
                self._reveal(i, t, f"flowers.{name}")
            self.p[name].flowers.extend(fl)
        for name, river in e.discards.items():
            for t in river:
                self._reveal(i, t, f"discards.{name}")
            self.p[name].river.extend(river)
            self.p[name].n_discards = len(river)
        if e.last_discard is not None:
            who, tile = e.last_discard
            river = self.p[who].river
            if not river or river[-1] != tile:
                self._reveal(i, tile, "last_discard.tile")
                river.append(tile)
            self.last_discard = (who, tile, i)
        self.phase = e.phase
        self.turn = e.turn or (self.next_of(e.last_discard[0]) if e.last_discard else self.dealer)
        for name, hand in e.hands.items():
            self._fill_hand(i, self.p[name], hand)
        for name, n in e.back_owed.items():
            self.pending_back[name] = n
        if e.drawn_past and e.last_discard is not None:  # drawn past by ``turn``: not claimable now
            self.passed_over = (self.last_discard, self.turn, i)
            self.last_discard = None
        if e.robbable is not None:
            self.last_added_kong = (e.robbable[0], e.robbable[1], i)
        for name in self.players:
            ps = self.p[name]
            holding = self.phase == "discard" and name == self.turn
            want = ps.expected_count(self.rules, holding) - self.pending_back[name] + self._held_over(name)
            if name in e.hands and ps.concealed_count != want:
                raise ReplayError(
                    i, f"{name} holds {ps.concealed_count} concealed tiles; with {len(ps.melds)} "
                       f"melds {'in his discard phase ' if holding else ''}he must hold {want}"
                       + self.count_note, f"hands.{name}")
            ps.status = dict(e.status.get(name, {}))
            self._standing_status(i, ps)
        if e.drawn is not None and self.phase == "discard":
            tile, source = e.drawn
            ps = self.p[self.turn]
            ps.drawn, ps.drawn_source, ps.drawn_at = tile, source, i
            claimed = ps.melds[-1].kind if ps.melds and ps.melds[-1].kong != "concealed" else "claim"
            ps.intake = "draw" if source in ("wall", "back") else claimed  # a claim: his last meld's
        elif self.phase == "discard":
            self.p[self.turn].intake = None  # unknown: the state does not say how the turn began
        self.wall_left = e.wall_left
        self.play_started = True

    def _held_over(self, name: str) -> int:
        """Variant hook: tiles a player holds beyond the count at a ``state`` (wuhan: his 海底 tile)."""
        return 0

    def _standing_status(self, i: int, ps: PlayerState) -> None:
        """Variant hook: a ``state``'s standing conditions that the replay itself follows."""

    def _on_deal(self, i: int, e: ev.Deal) -> None:
        if i != 0:
            raise ReplayError(i, "a 'deal' event may only be the first event")
        self.from_deal = True
        dealt = 0
        for name in self.players:
            if name not in e.hands:
                raise ReplayError(i, f"no tiles dealt to {name}", "hands")
            ps = self.p[name]
            hand = e.hands[name]
            self._fill_hand(i, ps, hand)
            n = ps.concealed_count
            extra = name == self.dealer and self.rules.dealer_extra_dealt
            want = self.rules.hand_size + (1 if extra else 0)
            if n != want and not (extra and n == want - 1 and self._may_miss_extra_tile()):
                raise ReplayError(i, f"{name} was dealt {n} tiles; the deal gives {want}"
                                     + (self._extra_tile_note() if extra else ""), f"hands.{name}")
            dealt += n
            ps.intake = "deal"
            if extra and n == want and not isinstance(hand, int):
                ps.drawn, ps.drawn_source, ps.drawn_at = hand[-1], "deal", i  # the extra tile
        self.wall_left = self.rules.wall_tiles - self.rules.dead_wall - dealt
        self.turn = self.dealer
        dealer_count = self.p[self.dealer].concealed_count
        self.phase = "discard" if dealer_count == self.rules.hand_size + 1 else "draw"

    def _may_miss_extra_tile(self) -> bool:
        """Variant hook: whether the dealer may be dealt one tile short (and draw it later)."""
        return False

    def _extra_tile_note(self) -> str:
        """Variant hook: what the deal-count error adds for the dealer."""
        return ""
