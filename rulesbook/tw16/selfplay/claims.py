"""The claims a discard meets in a self-played hand (TW-FLOW-4, TW-PAY-4): a win first (the nearest
winner after the discarder, 頭跳), then a pon or claimed kong, then a chi from the 上家; none with 3 or
fewer live tiles (TW-XP-7). A part of ``play.HandPlay``, whose seats, wall and recording it uses."""
from __future__ import annotations

from typing import Optional

from referee.tiles import code

from .bot import Seat

CLAIM_FLOOR = 3  # TW-XP-7: no 吃/碰/碰杠 when wall_left <= 3


class Claims:
    def _after_discard(self, s: Seat, d: int) -> Optional[tuple]:
        """和 > 碰/杠 > 吃 > the next draw. Returns the claimer's next turn, or None to draw on."""
        others = self._order_from(s.name)
        for o in others:  # 頭跳: the nearest winner after the discarder
            if self._wins_on(o, d):
                s.river.pop()
                self.visible[d] -= 1
                o.conc[d] += 1
                self._win(o, "discard", d, s.name)
        if self.live <= 0:
            self._end("exhaustive_draw")
        result = None
        if self.live > CLAIM_FLOOR:
            result = self._pon_or_kong(s, d, others)
            if result is None:
                result = self._chi(s, d, others[0])
        for o in others:
            if o.conc[d] >= 2 and (result is None or result[0] is not o):
                o.passed_pon.add(d)  # let it go unponned: no pon of it again this go-round
        return result

    def _take_claimed(self, s: Seat, d: int) -> None:
        s.river.pop()
        self.visible[d] -= 1

    def _pon_or_kong(self, s: Seat, d: int, others: list[Seat]):
        for o in others:  # the first who may pon it decides (as a table would wait for him)
            if o.conc[d] < 2 or d in o.passed_pon:
                continue
            choice = self.bot.pon_choice(o, d)
            if choice == "kong":
                self._take_claimed(s, d)
                o.conc[d] -= 3
                o.melds.append({"kind": "kong", "kong": "claimed", "tiles": [d] * 4, "tile": d,
                                "from": s.name})
                self.visible[d] += 4
                self._emit(type="kong", player=o.name, kind="claimed", tiles=[code(d)] * 4)
                drawn = self._draw(o, back=True)
                return o, "kong", drawn, None
            if choice == "pon":
                self._take_claimed(s, d)
                o.conc[d] -= 2
                o.melds.append({"kind": "pon", "tiles": [d] * 3, "tile": d, "from": s.name})
                self.visible[d] += 3
                self._emit(type="pon", player=o.name, tile=code(d), **{"with": [code(d)] * 2})
                return o, "pon", None, ("pon", d, None)
            return None
        return None

    def _chi(self, s: Seat, d: int, o: Seat):
        choice = self.bot.chi_choice(o, d)
        if choice is None:
            return None
        a, b, luo = choice
        self._take_claimed(s, d)
        o.conc[a] -= 1
        o.conc[b] -= 1
        o.melds.append({"kind": "chi", "tiles": sorted((a, b, d)), "tile": d, "from": s.name})
        self.visible[a] += 1
        self.visible[b] += 1
        self.visible[d] += 1
        self._emit(type="chi", player=o.name, tile=code(d), **{"with": [code(a), code(b)]})
        return o, "chi", None, ("chi", d, luo)
