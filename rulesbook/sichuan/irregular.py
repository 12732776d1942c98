"""Irregularities (SC-IRR) and the void-suit faults (SC-QM-3, SC-QM-4). Apart from the false win no
irregularity costs money: the sanction is a dead hand (相公: no claim, kong or win for the rest of
the hand; at the exhaustive draw he is not ready, SC-CH-0).

* reports and admissions citing SC-IRR-1, 2, 3 or 4 make the hand dead from then (the family's
  ``DeadHands`` watcher with Sichuan's words);
* a wrong claim (SC-IRR-3: a 吃, a pon whose pair does not match, a pon barred by 过碰, a claim
  after the next player's draw or on the last discard) is ruled as it happens (SC-IRR-0): restored
  before the claimer's discard, no penalty; else his hand is dead from that discard (``WrongClaims``);
* SC-QM-3: a pon or kong of one's own void suit stands and is ruled at once, no money;
* SC-QM-4: a discard of another suit while holding the void suit (known tiles only), once per player.
"""
from __future__ import annotations

from referee import events as ev
from referee.observer import Observer
from referee.tiles import kind_of
from rulesbook.family13.dead_hands import DeadHands, IrrWords
from rulesbook.findings import Finding

from .passes import passed_pong

SC_IRR = IrrWords(
    frozenset(("SC-IRR-1", "SC-IRR-2", "SC-IRR-3", "SC-IRR-4")),
    {"wrong_kong": "SC-IRR-2", "irregular_draw": "SC-IRR-4"},
    {},
    {"SC-IRR-1": ("a wrong count (相公)", "牌数不符（相公）"),
     "SC-IRR-2": ("a wrong kong (错杠): a false set", "错杠：假牌组"),
     "SC-IRR-3": ("a wrong claim", "错误碰杠或吃牌"),
     "SC-IRR-4": ("an irregular draw or a peek", "错摸、抢摸或偷看")},
    {"dismissed": ("The report names no irregularity of SC-IRR: dismissed.", "举报未指明 SC-IRR 所列违例，不予受理。"),
     "ruled": ("{player}: {what}. A dead hand from here: he may not claim, kong or win for the rest of "
               "the hand; no money.", "{player}：{what}。自此相公（死牌），本局不得碰、杠、胡，不另罚款。"),
     "corrected": ("{player}: a wrong kong corrected in time (SC-IRR-2.1): no penalty.",
                   "{player}：错杠及时更正（SC-IRR-2.1），不罚。"),
     "unreported": ("{player}: {what}; not reported, so it changes nothing.", "{player}：{what}；未经举报，不影响本局。")},
    "SC-IRR-0")

#: a wrong claim's reason (en, zh)
CLAIM_WHY = {
    "chi": ("a 吃 (chow): Sichuan has no 吃", "四川麻将不能吃牌"),
    "tiles": ("the tiles do not make the set", "所用的牌不成组"),
    "barred_pon": ("a pong barred by 过碰 until his next draw", "过碰未解，摸牌之前不得碰该张"),
    "late": ("out of its window: the next player had drawn", "已过时：下家已摸牌"),
    "last": ("a claim on the last discard (no replacement is left)", "海底之后不得碰杠"),
    "no_wall": ("a kong with no replacement left", "牌墙已尽，不得开杠"),
}


def dead_hands() -> DeadHands:
    """The family's watcher of reports and admissions with Sichuan's words (no acts looked for in
    the log afterwards: its wrong claims are ruled as they happen, ``WrongClaims``)."""
    return DeadHands(SC_IRR)


class WrongClaims(Observer):
    """SC-IRR-3 and SC-QM-3 as they happen (see the module); ``findings`` in event order."""

    def __init__(self, dead: DeadHands, pon_rule: str):
        self.dead = dead
        self.pon_rule = pon_rule  # SC-GS-5: until_draw | none
        self.barred_pons: set[int] = set()
        self.pending: dict[str, tuple[int, str]] = {}  # claimer -> (claim event, why)
        self.findings: list[Finding] = []
        self.qm4: set[str] = set()

    def hooks(self):
        after = {"chi": self._claim, "pon": self._claim, "kong": self._claim, "correct": self._correct}
        return {"discard": self._discard, "pon": self._pon}, after, None, None

    def _pon(self, i: int, e: ev.Pon, table) -> None:
        if self.pon_rule != "none" and passed_pong(table, i, e):
            self.barred_pons.add(i)

    def _claim(self, i: int, e: ev.Event, table) -> None:
        player = e.player  # type: ignore[attr-defined]
        why = None
        if e.type == "chi":
            why = "chi"
        elif e.type == "pon" and any(a.kind == "wrong_pon" and a.at == i for a in table.anomalies):
            why = "tiles"
        elif e.type == "pon" and i in self.barred_pons:
            why = "barred_pon"
        if e.type == "kong" and table.wall_before[i] == 0:
            why = why or "no_wall"
        elif e.type != "kong" or e.kind == "claimed":  # type: ignore[attr-defined]
            at = table.claimed_from.get(i)
            if why is None and table.wall_before[i] == 0:
                why = "last"
            elif why is None and at is not None and DeadHands._after_a_draw(table.events, at, i):
                why = "late"
        if why is not None:
            self.pending[player] = (i, why)
        tiles = [kind_of(t) for t in getattr(e, "tiles", ()) or ((e.tile,) + tuple(e.with_))]  # type: ignore[attr-defined]
        void = table.void_of(player)
        if e.type in ("pon", "kong") and 0 <= void < 3 and tiles and all(t // 9 == void for t in tiles if t < 27):
            self.findings.append(Finding(
                "SC-QM-3", player, i, "ruled",
                f"{player} made a {e.type} of his own void suit: it stands, but he can no longer win "
                "and is a 花猪 at the exhaustive draw (SC-QM-2, SC-CH-1); no money.",
                f"{player}碰杠了自己的缺门：照样成立，但已不能胡牌，流局时为花猪（SC-QM-2、SC-CH-1），不另罚款。"))

    def _correct(self, i: int, e: ev.Correct, table) -> None:
        for player, (at, why) in list(self.pending.items()):
            if e.action == "restore" and e.about == at:
                del self.pending[player]
                en, zh = CLAIM_WHY[why]
                self.findings.append(Finding("SC-IRR-3", player, at, "ruled",
                                             f"{player}: {en}; restored before his discard: no penalty.",
                                             f"{player}：{zh}；出牌前已更正，不罚。"))

    def _discard(self, i: int, e: ev.Discard, table) -> None:
        claim = self.pending.pop(e.player, None) if self.pending else None
        if claim is not None:
            at, why = claim
            en, zh = CLAIM_WHY[why]
            self.dead.make_dead(e.player, i)
            self.findings.append(Finding("SC-IRR-3", e.player, at, "ruled",
                                         f"{e.player}: {en}; not corrected before his discard: the meld "
                                         "stands and his hand is dead (相公) for the rest of the hand; no money.",
                                         f"{e.player}：{zh}；出牌前未更正：牌组照留，本局相公（死牌），不另罚款。"))
        if e.player in self.qm4:
            return
        void = table.voids.get(e.player)  # a declared void suit (none under ``implicit``)
        if void is None or e.tile // 9 == void:
            return
        ps = table.p[e.player]
        if any(ps.counts[void * 9:void * 9 + 9]):
            self.qm4.add(e.player)
            status = "ruled" if not ps.unknown else "unreported"
            self.findings.append(Finding(
                "SC-QM-4", e.player, i, status,
                f"{e.player} discarded another suit while still holding his void suit: no money; he must "
                "be rid of it to win (SC-QM-2) and is a 花猪 if he still holds it at the draw.",
                f"{e.player}仍持有缺门的牌却打出别门：不罚款；须打完缺门才可胡（SC-QM-2），流局时仍持有即为花猪。"))
