"""Settlement (RJ-PAY): wins, honba, sticks, pao, noten payments, nagashi mangan, chombo's cost.

Every payment carries its clause and sums to zero over the four players and the table's sticks
(``kyotaku``, §10). Base payments come from the valuation (RJ-VAL-5); this module adds who pays
whom, honba and sticks, and moves what pao moves.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from referee.ledger import Ledger
from referee.melds import MeldView
from referee.tiles import kind_of

from .options import Options
from .riichi import DEPOSIT, Declaration
from .shapes import ORPHANS
from .valuation import price, valuation_options
from .wins import Judged

KYOTAKU = "kyotaku"
DRAGONS = (31, 32, 33)
WINDS = (27, 28, 29, 30)


def turn_order_from(players: tuple[str, ...], start: str) -> list[str]:
    """The players in turn order beginning with ``start``."""
    k = players.index(start)
    return [players[(k + n) % 4] for n in range(4)]


def pay_deposits(ledger: Ledger, established: list[Declaration]) -> None:
    """RJ-RII-3: each riichi established in the hand puts 1000 on the table."""
    for d in sorted(established, key=lambda d: d.established or 0):
        ledger.pay_points(d.player, KYOTAKU, DEPOSIT, "RJ-RII-3", cause=d.discard)


@dataclass(frozen=True)
class Pao:
    """RJ-PAY-8: ``player`` is liable for ``yakuman`` of ``winner``, from the claim at ``at``."""

    player: str
    winner: str
    yakuman: str
    at: int


def pao_of(winner: str, melds: list[MeldView], claims_at: list[int], options: Options,
           kan_at: Optional[list[int]] = None) -> list[Pao]:
    """RJ-PAY-8.1: the discarder whose tile, claimed by pon or open kan, completed the winner's
    third dragon set or fourth wind set (the earlier sets melded), or his fourth kan by an open
    kan. ``claims_at``: the event index of each meld, in the same order. A pon later grown into an
    added kan keeps its liability: the claim that completed the set was the pon's. ``kan_at``: when
    each meld became a kan (an added kan's own event), for the fourth kan in time."""
    out = []
    dragon = [(m, at) for m, at in zip(melds, claims_at) if m.kind != "chi" and m.tiles[0] in DRAGONS]
    wind = [(m, at) for m, at in zip(melds, claims_at) if m.kind != "chi" and m.tiles[0] in WINDS]
    # his kans in the order they were made (``kan_at``: when each meld became a kan; an added kan
    # keeps its pon's place among the melds, but it is a kan only from its own event)
    kans = [(m, at) for m, at, _ in sorted(
        ((m, at, t) for m, at, t in zip(melds, claims_at, kan_at or claims_at) if m.kind == "kong"),
        key=lambda x: x[2])]
    for name, sets, n in (("daisangen", dragon, 3), ("daisuushi", wind, 4)):
        if name in options.pao and len(sets) >= n:
            m, at = sets[n - 1]  # the pon that completed it stays the claim an added kan later grows
            if m.source is not None:
                out.append(Pao(m.source, winner, name, at))
    if "suukantsu" in options.pao and len(kans) >= 4:
        m, at = kans[3]
        if m.kong == "claimed" and m.source is not None:
            out.append(Pao(m.source, winner, "suukantsu", at))
    return out


def liable_for(j: Judged, pao: list[Pao]) -> list[Pao]:
    """The paos that answer for the win ``j`` (RJ-PAY-8): one for each pao yakuman the win holds
    (two liable players in one hand each answer for his own yakuman, §14.1), in the order the
    yakuman are listed (daisangen or daisuushi before suukantsu), while the win's value lasts
    (``multi_yakuman: false``: one yakuman's value, answered for by the first)."""
    assert j.value is not None
    held = _held(j.value)
    left = sum(h for _, h in j.value.yakuman)  # the win's yakuman value: a pao beyond it moves nothing
    out: list[Pao] = []
    for p in pao:
        if p.winner == j.win.player and p.yakuman in held and all(q.yakuman != p.yakuman for q in out) and left:
            out.append(p)
            left -= min(left, next(h for k, h in j.value.all_yakuman if k == p.yakuman))
    return out


def pay_win(ledger: Ledger, j: Judged, players: tuple[str, ...], dealer: str, discarder: Optional[str],
            honba: int, with_honba: bool, sticks: int, with_sticks: bool, paos: list[Pao],
            options: Options) -> None:
    """One valid win: its base payments (RJ-PAY-1…3), honba (RJ-PAY-5), the sticks (RJ-PAY-6) and
    what pao moves (RJ-PAY-8: ``paos``, from ``liable_for``). Option ``pao_scope``: ``whole``
    (Tenhou, measured: the liable answers for the whole win; with two liable players, the first
    listed) or ``yakuman``
    (RJ-PAY-8.2: only each pao yakuman's value moves, each liable player answering for his own,
    §14.1); ``pao_ron_honba``: on a ron, who pays the honba: the ``liable`` (Tenhou, measured) or
    the ``discarder`` (RJ-PAY-8.5, EMA). On a self-draw the honba go with the pao (§15.3): the first
    liable player pays them all."""
    v = j.value
    assert v is not None
    w, at = j.win, j.win.at
    winner_dealer = w.player == dealer
    if options.pao_scope == "whole":
        paos = paos[:1]
    moved, rest_han = _moved(v, paos, winner_dealer, discarder is None, options)
    honba_payer = discarder
    if discarder is not None:  # ron, or a robbed kan (RJ-PAY-1/3)
        rule = "RJ-PAY-3" if w.how == "rob_kong" else "RJ-PAY-1"
        rest = v.points
        for pao in paos:
            if pao.player == discarder or not moved[pao.yakuman]:  # RJ-PAY-8.4: an ordinary ron
                continue
            ledger.pay_points(pao.player, w.player, moved[pao.yakuman] // 2, "RJ-PAY-8", cause=at)  # 8.5
            rest -= moved[pao.yakuman] // 2
            if options.pao_ron_honba == "liable" and honba_payer == discarder:
                honba_payer = pao.player
        ledger.pay_points(discarder, w.player, rest, rule, cause=at)
        if with_honba and honba:
            ledger.pay_points(honba_payer, w.player, 300 * honba, "RJ-PAY-5", cause=at)  # type: ignore[arg-type]
    else:  # self-draw (RJ-PAY-2)
        main, additional = v.main, v.additional
        if paos:  # RJ-PAY-8.3: each liable pays what his pao moves; the first, all honba (§15.3)
            for pao in paos:
                if moved[pao.yakuman]:
                    ledger.pay_points(pao.player, w.player, moved[pao.yakuman], "RJ-PAY-8", cause=at)
            main = additional = 0
            if options.pao_scope == "yakuman" and rest_han:  # the other yakuman, paid normally (8.2)
                rest_price = price(rest_han, 0, dealer=winner_dealer, tsumo=True, yakuman=True,
                                   options=valuation_options(options))
                main, additional = rest_price.main, rest_price.additional
        for p in players:
            share = main if winner_dealer or p == dealer else additional
            if p != w.player and share:
                ledger.pay_points(p, w.player, share, "RJ-PAY-2", cause=at)
        if with_honba and honba:
            if paos:
                ledger.pay_points(paos[0].player, w.player, 300 * honba, "RJ-PAY-5", cause=at)
            else:
                for p in players:
                    if p != w.player:
                        ledger.pay_points(p, w.player, 100 * honba, "RJ-PAY-5", cause=at)
    if with_sticks and sticks:
        ledger.pay_points(KYOTAKU, w.player, DEPOSIT * sticks, "RJ-PAY-6", cause=at)


def _held(v) -> set[str]:
    """Every yakuman the hand holds, also one ``multi_yakuman: false`` left out of its value."""
    return {k for k, _ in v.all_yakuman}


def _moved(v, paos: list[Pao], dealer: bool, tsumo: bool, options: Options) -> tuple[dict[str, int], int]:
    """What each pao moves (RJ-PAY-8.2), and the yakuman han of the win left to pay normally.
    ``whole``: the whole win. ``yakuman``: each pao yakuman's own value, within the win's value
    (under ``multi_yakuman: false`` the win is worth its largest yakuman alone: a pao yakuman among
    equals answers for it, whichever the valuation names)."""
    if options.pao_scope == "whole":
        return {p.yakuman: v.points for p in paos}, 0
    left = sum(h for _, h in v.yakuman)
    out = {}
    for p in paos:
        han = min(next(h for k, h in v.all_yakuman if k == p.yakuman), left)
        left -= han
        out[p.yakuman] = price(han, 0, dealer=dealer, tsumo=tsumo, options=valuation_options(options),
                               yakuman=True).points if han else 0
    return out, left


# -- draws --------------------------------------------------------------------------------------

def pay_noten(ledger: Ledger, players: tuple[str, ...], dealer: str, tenpai: list[str], at: int) -> None:
    """RJ-PAY-7: 3000 in all from the noten players to the tenpai players (2 and 2: paired in turn
    order from the dealer)."""
    order = turn_order_from(players, dealer)
    ready = [p for p in order if p in tenpai]
    noten = [p for p in order if p not in tenpai]
    if len(ready) in (0, 4):
        return
    if len(ready) == 2:
        for payer, payee in zip(noten, ready):
            ledger.pay_points(payer, payee, 1500, "RJ-PAY-7", cause=at)
        return
    each = 3000 // (len(noten) * len(ready))
    for payer in noten:
        for payee in ready:
            ledger.pay_points(payer, payee, each, "RJ-PAY-7", cause=at)


def pay_nagashi(ledger: Ledger, players: tuple[str, ...], dealer: str, winner: str, at: int) -> None:
    """RJ-PAY-9: a mangan as if by self-draw: 4000 from each for the dealer, else 4000 from the
    dealer and 2000 from each other."""
    for p in players:
        if p != winner:
            ledger.pay_points(p, winner, 4000 if winner == dealer or p == dealer else 2000, "RJ-PAY-9", cause=at)


def pay_chombo(ledger: Ledger, players: tuple[str, ...], dealer: str, offender: str, rule: str, at: int) -> None:
    """RJ-IRR-0 ``table_mangan``: a non-dealer offender pays 4000 to the dealer and 2000 to each
    other; a dealer offender 4000 to each."""
    for p in players:
        if p != offender:
            ledger.pay_points(offender, p, 4000 if offender == dealer or p == dealer else 2000, rule, cause=at)


def nagashi_of(table, players: tuple[str, ...]) -> list[str]:
    """RJ-PAY-9: players whose every discard is a terminal or honour, none claimed by another (a
    claim taken back, ``correct restore``, left the tile in his river); a ``state``'s river and its
    tiles called away count as his discards (§15.14)."""
    claimed = {table.claimed_from[k] for k in table.claimed_from if k not in table.undone}
    rivers: dict[str, list[tuple[int, int]]] = {p: [] for p in players}  # the log read once for all four
    for k, e in enumerate(table.events):
        if getattr(e, "type", "") == "discard" and e.player in rivers:
            rivers[e.player].append((k, e.tile))
    out = []
    for p in players:
        mine = rivers[p]
        before = table.state_rivers.get(p, ())  # a ``state``'s river and its tiles called away (§15.14)
        if (mine or before) and all(kind_of(t) in ORPHANS for t in before) and not table.state_called.get(p) \
                and all(kind_of(t) in ORPHANS for _, t in mine) and not any(k in claimed for k, _ in mine):
            out.append(p)
    return out

