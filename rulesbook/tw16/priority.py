"""Claim priority disputes (TW-PR): who gets a tile that several players want.

A ``Contest`` follows one claimable tile (a discard, or an added kong that can be robbed) from the
moment it is offered until the player who took the turn after it discards: every intent to claim
it (a ``call``, or the claim or win itself), the next player's reach, draw and merge, and a chi.
The order of these acts in the log decides (RULEBOOK TW-PR; EVENT_LOG.md: the order of the array
is the order in which things happened). The functions here read a contest and say who has the
priority; ``Priority`` follows the contest as the hand is replayed and turns the decisions into
findings (one per dispute), reasons against a win (TW-PR-9, 包賠) and 相公 (TW-PR-10).

Windows, read from TW-PR-1…8: a win or pon intent on the tile keeps its priority until the player
who took the turn after it has discarded (TW-PR-3/6/7), except that a pon loses to a draw already
merged into the hand (TW-PR-4) and every intent loses to a self-draw whose act (reach or draw) came
first (TW-PR-1/2).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from referee import events as ev
from referee.tiles import code
from rulesbook.findings import Finding

from .docket import Cause, Contest, Docket, Intent, Liability, Reason


@dataclass(frozen=True)
class Decision:
    """A priority ruling: the clause, who lost (None: nobody is at fault), both phrasings, and the
    player it is about (the loser, else the claimant whose claim it decides)."""

    rule: str
    loser: Optional[str]
    en: str
    zh: str
    about: str = ""

    @property
    def player(self) -> str:
        return self.loser or self.about


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
        # 和 > 碰/杠 (TW-PR default order): a win intended before his act takes the tile even if a
        # pon call came first, so the ruling names the win (TW-PR-2) and its claimant.
        at, rival, kind = next((r for r in earlier if r[2] == "win"), earlier[0])
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
                    f"{player}摸牌（第{act}事件）早於{rival}之意思表示（第{at}事件），自摸優先。", rival), losers


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
    if c.drawn_at is not None and c.merged_at is not None and c.drawn_wins and intent > c.merged_at:
        return Decision("TW-PR-2", player,
                        f"{c.nxt} drew a tile that wins for him and merged it into his hand (event "
                        f"{c.merged_at}) before {player} showed the win on {tile} (event {intent}): the "
                        "discard was no longer his to win on.",
                        f"{c.nxt}摸得可和之牌並已入手牌列（第{c.merged_at}事件）後，{player}始表示和{tile}"
                        f"（第{intent}事件），已喪失優先權。")
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
                        f"{player}未伸手摸牌，和{tile}優先於碰牌。", player)
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
                        f"{c.nxt}可和{tile}而已伸手摸牌（第{c.reached}事件），碰牌優先，{c.nxt}視為過水。", player)
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
                    f"{'和銃' if kind == 'win' else '碰牌'}優先於{_ZH[over]}。", player)


def late_pon_call(c: Contest, player: str, at: int) -> Optional[Decision]:
    """A pon call after the next player merged his draw has lost (TW-PR-4); it is no 喊碰未碰
    (TW-PC-3)."""
    if c.drawn_at is not None and c.merged_at is not None and at > c.merged_at:
        return Decision("TW-PR-4", None,
                        f"{player} called pon on {code(c.tile)} (event {at}) after {c.nxt} had merged "
                        f"his draw (event {c.merged_at}): the draw stands; the call is no 喊碰未碰 "
                        "(TW-PC-3).",
                        f"{player}於{c.nxt}摸牌入手牌列後（第{c.merged_at}事件）始喊碰{code(c.tile)}，"
                        "摸牌優先；不以喊碰未碰論。", player)
    return None


class Priority:
    """The contest of the tile on offer (``docket.contest``), as the hand goes on."""

    def __init__(self, docket: Docket):
        self.docket = docket
        self.findings: list[Finding] = []  # TW-PR rulings, one per dispute

    def decide(self, d: Decision, at: int) -> None:
        """One priority ruling per contest: a later act of the same dispute restates it."""
        f = Finding(d.rule, d.player, at, "ruled", d.en, d.zh)
        c = self.docket.contest
        if c is not None and c.decided is not None:
            self.findings[c.decided] = f
            return
        if c is not None:
            c.decided = len(self.findings)
        self.findings.append(f)

    @staticmethod
    def lost(d: Decision) -> Reason:
        """TW-PR-9: pushing the hand down after losing a self-draw or win priority is 包賠."""
        return Reason("TW-PR-9", f"喪失優先權仍推倒（{d.rule}）",
                      f"he pushed the hand down after losing the priority ({d.rule})",
                      listed=d.rule == "TW-PR-9")

    def reach(self, i: int, player: str) -> None:
        """The next player reaches for the wall: his self-draw act; 過水 if he could win on the
        tile (TW-GS-1, TW-PR-5/8)."""
        c = self.docket.contest
        if player == c.nxt and c.self_act is None:  # type: ignore[union-attr]
            c.self_act = i  # type: ignore[union-attr]
        if player in c.candidates and player == c.nxt:  # type: ignore[union-attr]
            c.reached = i  # type: ignore[union-attr]

    def draw(self, i: int, player: str) -> bool:
        """A wall draw. Past the tile by the next player, its claims are decided by TW-PR and the
        window stays open until he discards (TW-PR-7) or, for a pon, merges the tile (TW-PR-4):
        True. Any other draw closes the window: False."""
        c = self.docket.contest
        if c is None or player != c.nxt or c.robbable_kong or c.drawn_at is not None:
            return False
        c.self_act = i if c.self_act is None else c.self_act
        c.drawn_at = c.draw_seen = i
        if player in c.candidates:  # drawing is reaching for the wall (TW-GS-1)
            c.reached = i
        return True

    def merge(self, i: int, player: str, drawn_wins: bool) -> None:
        c = self.docket.contest
        if c is not None and player == c.nxt and c.drawn_at is not None and c.merged_at is None:
            c.merged_at = i  # a pon called from here on has lost to the draw (TW-PR-4)
            c.drawn_wins = drawn_wins  # a win pushed down from here on has lost to it (TW-PR-1/2)

    def claim(self, i: int, e: ev.Event) -> bool:
        """A chi, pon or claimed kong of the tile. True when it is a pon pressed after losing the
        priority (TW-PR-10)."""
        c = self.docket.contest
        player = e.player  # type: ignore[attr-defined]
        kind = "chi" if isinstance(e, ev.Chi) else "pon" if isinstance(e, ev.Pon) else "kong"
        tiles = tuple(e.with_) + (e.tile,) if isinstance(e, (ev.Chi, ev.Pon)) else tuple(e.tiles)  # type: ignore[attr-defined]
        known = [t for t in tiles if t >= 0]
        lawful = kind == "chi" or all(t == known[0] for t in known)  # a pair or three of the tile
        c.intend(player, i, kind, lawful)  # type: ignore[union-attr]
        if kind == "chi":
            c.chi_seen = i  # type: ignore[union-attr]
            return False
        d = on_pon(c, player)  # type: ignore[arg-type]
        if d is not None:
            self.decide(d, i)
        c.claim_seen = i  # type: ignore[union-attr]
        return d is not None and d.loser is not None

    def pressed(self, i: int, player: str) -> None:
        """TW-PR-10: a pon pressed after losing the priority: 相公, liable for the next 8 draws."""
        self.docket.add_cause(Cause("TW-PR-10", player, i, frozenset({i}), "喪失碰牌優先權仍碰",
                                    "a pon pressed after losing the priority", public=True, listed=False))
        self.docket.liabilities.append(Liability(player, i, "TW-PR-10", "next8"))

    def unlawful(self, player: str) -> None:
        """His claim could not lawfully be made (TW-XP, a 相公's claim), or it was undone: it never
        wins a priority contest (as TW-PC-3 says of its fee)."""
        c = self.docket.contest
        it = c.intents.get(player) if c is not None else None
        if it is not None and it.capable:
            c.intents[player] = Intent(it.at, it.kind, False)  # type: ignore[union-attr]

    def put_back(self, e: ev.Correct) -> None:
        c = self.docket.contest
        if c is not None and e.about == c.drawn_at and e.action == "return_tile":
            c.drawn_at = None  # the draw is put back: the tile can be claimed again
            c.merged_at = None

    def late_win(self, i: int, e: ev.Win, at: int, table) -> Reason:
        """A win pushed down at ``i`` on the discard at ``at`` after its window closed: the claim
        that took it (TW-PR-6 for a chi) or the next player's draw (TW-PR-7) came first and its
        player discarded; he pushed down after losing the priority (TW-PR-9)."""
        events = table.events
        tile = code(events[at].tile)
        rule, what_en, what_zh = "TW-PR-9", "play went on from it", "牌局已繼續"
        for k in range(at + 1, i):
            x = events[k]
            took = table.claimed_from.get(k) == at
            if took or (isinstance(x, ev.Draw) and x.source == "wall"):
                rest = next((j for j in range(k + 1, i) if isinstance(events[j], ev.Discard)
                             and events[j].player == x.player), None)
                then_en = "" if rest is None else f" and discarded (event {rest})"
                then_zh = "" if rest is None else f"並打牌（第{rest}事件）"
                if took:
                    rule = "TW-PR-6" if isinstance(x, ev.Chi) else rule
                    how = {"chi": "吃", "pon": "碰"}.get(x.type, "杠")
                    what_en = f"{x.player} took it by {x.type} (event {k}){then_en}"
                    what_zh = f"{x.player}已{how}（第{k}事件）{then_zh}"
                else:
                    rule = "TW-PR-7"
                    what_en = f"{x.player} drew (event {k}){then_en}"
                    what_zh = f"{x.player}已摸牌（第{k}事件）{then_zh}"
                break
        d = Decision(rule, e.player,
                     f"{e.player} pushed down on {e.source}'s {tile} (event {at}) after {what_en}: he "
                     "had lost the priority.",
                     f"{what_zh}後，{e.player}始推倒和{e.source}之{tile}（第{at}事件），已喪失優先權。")
        self.findings.append(Finding(d.rule, d.player, i, "ruled", d.en, d.zh))
        return self.lost(d)

    def late_call(self, i: int, e: ev.Call, table) -> Optional[int]:
        """A call naming a discard whose window has closed (``call.tile``, EVENT_LOG.md): the claim
        or the draw that came first keeps it (TW-PR-3/6 against a chi, TW-PR-4/7 against the next
        player's draw); the call could not be carried out, so it is no 喊碰未碰 (TW-PC-3). Returns
        that discard's index (-1: there is none), None when the call is about the tile on offer."""
        c = self.docket.contest
        if e.tile is None or (c is not None and c.tile == e.tile):
            return None
        at = next((j for j in range(i - 1, -1, -1) if isinstance(table.events[j], ev.Discard)
                   and table.events[j].tile == e.tile and table.events[j].player != e.player), None)
        if at is None:
            return -1  # no such discard: nothing to claim, nothing to rule (TW-PC-3)
        events, tile, win = table.events, code(e.tile), e.call == "win"
        rule = "TW-PR-7" if win else "TW-PR-4"
        over_en, over_zh = "play went on from it", "牌局已繼續"
        for k in range(at + 1, i):
            x = events[k]
            took = table.claimed_from.get(k) == at
            if took or (isinstance(x, ev.Draw) and x.source == "wall"):
                if took and isinstance(x, ev.Chi):
                    rule = "TW-PR-6" if win else "TW-PR-3"
                    over_en, over_zh = f"{x.player} chied it (event {k}) and discarded", f"{x.player}已吃（第{k}事件）並打牌"
                elif took:
                    rule = "TW-PR-9" if win else "TW-PR-3"
                    over_en, over_zh = f"{x.player} took it (event {k}) and discarded", f"{x.player}已取（第{k}事件）並打牌"
                else:
                    over_en, over_zh = f"{x.player} drew (event {k}) and discarded", f"{x.player}已摸牌（第{k}事件）並打牌"
                break
        what = {"win": "和", "pon": "碰", "kong": "杠", "chi": "吃"}[e.call]
        self.findings.append(Finding(
            rule, e.player, i, "ruled",
            f"{e.player} called {e.call} on {tile} (event {at}) after {over_en}: too late, the call "
            "has no priority" + ("." if win else " and is no 喊碰未碰 (TW-PC-3)."),
            f"{over_zh}後，{e.player}始喊{what}{tile}（第{at}事件）：已逾時，無優先權"
            + ("。" if win else "，不以喊碰未碰論。")))
        return at

    def win(self, i: int, e: ev.Win) -> tuple[list[Reason], list[tuple[int, Reason]]]:
        """A win declared while the tile is contested: the reasons it lost the priority (TW-PR-9),
        and those of earlier wins on the discard that came too late for a self-draw."""
        c = self.docket.contest
        assert c is not None
        own: list[Reason] = []
        earlier: list[tuple[int, Reason]] = []
        if e.how in ("discard", "rob_kong"):
            c.intend(e.player, i, "win", True)
            c.discard_wins.append((e.player, i))
            d = on_discard_win(c, e.player)
            if d is not None:
                self.decide(d, c.intents[e.player].at)
                if d.loser == e.player:  # (TW-PR-8's loser is in 過水: his win is 詐和, TW-GS-2)
                    own.append(self.lost(d))
        elif e.how == "self_draw" and e.player == c.nxt and c.draw_seen is not None:
            c.self_draw_at = i
            d, losers = on_self_draw(c, e.player)
            if d is not None:
                self.decide(d, i)
                if d.loser == e.player:
                    own.append(self.lost(d))
                earlier = [(at, self.lost(d)) for p, at in c.discard_wins if p in losers]
        return own, earlier
