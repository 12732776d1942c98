"""Claim priority disputes (TW-PR): who gets a tile that several players want.

A ``Contest`` follows one claimable tile (a discard, or an added kong that can be robbed) from the
moment it is offered until the player who took the turn after it discards: every intent to claim
it (a ``call``, or the claim or win itself), the next player's reach, draw and merge, and a chi.
The order of these acts in the log decides (RULEBOOK TW-PR; EVENT_LOG.md: the order of the array
is the order in which things happened). The functions here read a contest and say who has the
priority; ``Proceedings`` turns that into findings, reasons against a win and 相公.

Windows, read from TW-PR-1…8: a win or pon intent on the tile keeps its priority until the player
who took the turn after it has discarded (TW-PR-3/6/7), except that a pon loses to a draw already
merged into the hand (TW-PR-4) and every intent loses to a self-draw whose act (reach or draw) came
first (TW-PR-1/2).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from referee.tiles import code


@dataclass(frozen=True)
class Intent:
    at: int  # the first sign of it: the call, or the claim or win itself
    kind: str  # win | pon | kong | chi
    capable: bool  # he could make it (a pair for pon, a winning hand for win); True if hidden


@dataclass
class Contest:
    at: int  # the discard or added kong
    tile: int
    offerer: str
    nxt: str  # the offerer's next player: the one who draws
    robbable_kong: bool = False  # an added kong: only a win may take it
    intents: dict[str, Intent] = field(default_factory=dict)
    candidates: dict[str, int] = field(default_factory=dict)  # could win on it, not yet decided
    self_act: Optional[int] = None  # the next player's first reach or wall draw
    drawn_at: Optional[int] = None  # his wall draw, while it stands
    draw_seen: Optional[int] = None  # his wall draw, even if put back
    merged_at: Optional[int] = None  # the drawn tile went into the hand row (TW-PR-4)
    chi_seen: Optional[int] = None  # a chi of the tile (standing or restored)
    claim_seen: Optional[int] = None  # a pon or kong of the tile (standing or restored)
    self_draw_at: Optional[int] = None  # the next player's self-draw declaration
    reached: Optional[int] = None  # the next player reached for the wall while able to win on it
    discard_wins: list[tuple[str, int]] = field(default_factory=list)  # (winner, event)
    decided: Optional[int] = None  # the index of its priority finding, once ruled

    def intend(self, player: str, at: int, kind: str, capable: bool) -> Intent:
        return self.intents.setdefault(player, Intent(at, kind, capable))


@dataclass(frozen=True)
class Decision:
    """A priority ruling: the clause, who lost (None: nobody is at fault), and both phrasings."""

    rule: str
    loser: Optional[str]
    en: str
    zh: str


def on_self_draw(c: Contest, player: str) -> tuple[Optional[Decision], list[str]]:
    """The next player declares a self-draw on the tile he drew past the contested one.
    TW-PR-1 (a pon or kong) / TW-PR-2 (a win on the discard): an intent before his reach or draw has
    priority; he pushed down anyway (TW-PR-9). Otherwise the self-draw has priority: returns the
    players whose discard wins came after his act (they lose, TW-PR-9)."""
    act = c.self_act if c.self_act is not None else c.draw_seen
    assert act is not None
    rivals = sorted((it.at, p, it.kind) for p, it in c.intents.items()
                    if p != player and it.kind in ("win", "pon", "kong") and it.capable)
    earlier = [r for r in rivals if r[0] < act]
    tile = code(c.tile)
    if earlier:
        at, rival, kind = earlier[0]
        rule = "TW-PR-2" if kind == "win" else "TW-PR-1"
        what_en = "a win on" if kind == "win" else f"a {kind} of"
        what_zh = "和" if kind == "win" else "碰" if kind == "pon" else "杠"
        return Decision(rule, player,
                        f"{rival} showed {what_en} {tile} (event {at}) before {player} reached for the "
                        f"wall (event {act}): {rival} has the priority, not {player}'s self-draw.",
                        f"{rival}{what_zh}{tile}之意思表示（第{at}事件）早於{player}摸牌（第{act}事件），"
                        f"{rival}優先，{player}不得自摸。"), []
    later = [r for r in rivals if r[0] > act]
    losers = [p for p, w in c.discard_wins if c.intents[p].at > act]
    if not later:
        return None, losers
    at, rival, kind = later[0]
    rule = "TW-PR-2" if kind == "win" else "TW-PR-1"
    return Decision(rule, rival if rival in losers else None,
                    f"{player} reached for the wall (event {act}) before {rival} showed a claim on "
                    f"{tile} (event {at}): the self-draw has the priority.",
                    f"{player}摸牌（第{act}事件）早於{rival}之意思表示（第{at}事件），自摸優先。"), losers


def on_discard_win(c: Contest, player: str) -> Optional[Decision]:
    """A win on the contested tile. After a self-draw declared by the next player, the earlier of the
    two acts has the priority (TW-PR-2); otherwise the win comes before a draw not yet followed by
    a discard (TW-PR-7), a chi not yet followed by a discard (TW-PR-6) and a pon (TW-PR-5: he had
    not reached for the wall)."""
    intent = c.intents[player].at
    tile = code(c.tile)
    if c.self_draw_at is not None:
        act = c.self_act if c.self_act is not None else c.draw_seen
        if act is not None and intent > act:
            return Decision("TW-PR-2", player,
                            f"{c.nxt} reached for the wall (event {act}) before {player} showed the win "
                            f"on {tile} (event {intent}): {c.nxt}'s self-draw has the priority.",
                            f"{c.nxt}摸牌（第{act}事件）早於{player}和{tile}之意思表示（第{intent}事件），"
                            "自摸優先。")
        return None
    if player == c.nxt:
        return None  # the drawer himself: his reach was 過水 and his win is 詐和 (TW-GS-1/2)
    rival = c.intents.get(c.nxt)
    if c.reached is not None and rival is not None and rival.kind == "win":
        return Decision("TW-PR-8", c.nxt,
                        f"{c.nxt} reached for the wall (event {c.reached}) while able to win on "
                        f"{tile}: he is in 過水; {player}, later in turn order, has the priority.",
                        f"{c.nxt}已伸手摸牌（第{c.reached}事件），視為過水不和，輪序在後之{player}優先。")
    if c.draw_seen is not None:
        return _in_time("TW-PR-7", player, "win", tile, intent, f"{c.nxt} drew and discarded",
                        f"{c.nxt}摸牌並打牌", "draw")
    if c.chi_seen is not None:
        return _in_time("TW-PR-6", player, "win", tile, intent, "the chi player discarded", "吃牌者打牌",
                        "chi")
    if c.claim_seen is not None:
        return Decision("TW-PR-5", None,
                        f"{player} had not reached for the wall: his win on {tile} has the priority "
                        "over the pon.",
                        f"{player}未伸手摸牌，和{tile}優先於碰牌。")
    return None


def on_pon(c: Contest, player: str) -> Optional[Decision]:
    """A pon or claimed kong of the contested tile. Past a draw: before the drawn tile was merged the
    pon has the priority (TW-PR-4), after it the pon is pressed against a lost priority (TW-PR-10).
    After a chi taken back: called before the chi player discarded, the pon has it (TW-PR-3)."""
    intent = c.intents[player].at
    tile = code(c.tile)
    if c.reached is not None:
        return Decision("TW-PR-5", None,
                        f"{c.nxt} could win on {tile} but reached for the wall (event {c.reached}): "
                        f"{player}'s pon has the priority and {c.nxt} is in 過水.",
                        f"{c.nxt}可和{tile}而已伸手摸牌（第{c.reached}事件），碰牌優先，{c.nxt}視為過水。")
    if c.draw_seen is not None:
        if c.drawn_at is not None and c.merged_at is not None and intent > c.merged_at:
            return Decision("TW-PR-10", player,
                            f"{player} ponned {tile} (event {intent}) after {c.nxt} had merged his "
                            f"draw (event {c.merged_at}): the draw had the priority; he pressed a lost "
                            "pon: his hand is dead (相公) and he is liable for others' self-draws "
                            "within the next 8 draws (TW-DW).",
                            f"{c.nxt}所摸之牌已入手牌列（第{c.merged_at}事件）後{player}仍碰{tile}，"
                            "喪失碰牌優先權而執意碰牌：判相公，並對其後摸序八張內他人自摸負代位賠付責任。")
        return _in_time("TW-PR-4", player, "pon", tile, intent, f"{c.nxt}'s draw was merged into his hand",
                        f"{c.nxt}摸牌入手牌列", "draw")
    if c.chi_seen is not None:
        return _in_time("TW-PR-3", player, "pon", tile, intent, "the chi player discarded", "吃牌者打牌",
                        "chi")
    return None


_ZH = {"win": "和", "pon": "碰", "draw": "摸牌", "chi": "吃牌"}


def _in_time(rule: str, player: str, kind: str, tile: str, intent: int, before_en: str,
             before_zh: str, over: str) -> Decision:
    """A claim shown before the act that would have closed its window: it has the priority."""
    return Decision(rule, None,
                    f"{player} showed the {kind} {'on' if kind == 'win' else 'of'} {tile} (event {intent}) "
                    f"before {before_en}: the "
                    f"{kind} has the priority over the {over}.",
                    f"{player}於{before_zh}前表示{_ZH[kind]}{tile}（第{intent}事件），"
                    f"{'和銃' if kind == 'win' else '碰牌'}優先於{_ZH[over]}。")


def late_pon_call(c: Contest, player: str, at: int) -> Optional[Decision]:
    """A pon call after the next player merged his draw has lost (TW-PR-4); it is no 喊碰未碰
    (TW-PC-3)."""
    if c.drawn_at is not None and c.merged_at is not None and at > c.merged_at:
        return Decision("TW-PR-4", None,
                        f"{player} called pon on {code(c.tile)} (event {at}) after {c.nxt} had merged "
                        f"his draw (event {c.merged_at}): the draw stands; the call is no 喊碰未碰 "
                        "(TW-PC-3).",
                        f"{player}於{c.nxt}摸牌入手牌列後（第{c.merged_at}事件）始喊碰{code(c.tile)}，"
                        "摸牌優先；不以喊碰未碰論。")
    return None
