"""插花 side bets: settlement by the mirror rule (TW-HB-1…4) and the hand-to-hand checks of
placements, withdrawals and moves (TW-HB-5…7).

Three entry points:

* :func:`mirror` — after a hand's player-to-player payments are in the ledger, add each side bet's
  mirror payments (TW-HB-1; TW-ZH-3 and TW-BP-2 "and the outside bettors" are this one rule),
  honouring acceptance (TW-HB-3), the stakes (TW-HB-2, option ``inner_unit``) and voiding for
  influence (TW-HB-4).
* :func:`influence` — an outside bettor's recorded influence (TW-HB-4) is a cause the table may
  report; once reported, his winnings in the hand are void (:func:`mirror`'s ``voided``).
* :func:`check_changes` — in a ``hands`` document, compare a hand's ``side_bets`` with the bets in
  force in the previous hand and rule every change that breaks TW-HB-5/6 (TW-HB-7).

Interpretations (the RULEBOOK leaves these open; each is ours):

TW-HB-1 mirror
  1. "One payment" is the net of all original payments between the principal and one accepting
     player that share a ``cause`` (event index; ``None`` is a cause of its own): amounts, tai and
     base counts are netted, the direction is that of the net amount, the tai are the net tai, and
     a base is counted once when the net number of base-counted payments in that direction is
     positive. A group that nets to nothing is not mirrored.
  2. Dealer tai are part of the original payment's tai and are mirrored as they are. The original
     already gives the dealer the worse of the true streak and the marker (TW-FLOW-9), so the
     mirror, using the same tai, does too; no :class:`~rulesbook.tw16.settle.DealerTerms` is needed.
  3. Flat fees (``with_base`` False: TW-PC-1, TW-YP-2, TW-CD-2) are mirrored as that many tai with
     no base. Under ``inner_unit: base`` a unit has no tai part, so a flat fee mirrors to nothing.
  4. Mirrors are computed from original payments only (any payment ruled ``TW-HB-1`` is left out
     of the grouping), never from other mirrors; several bets touching the same players (an inner
     bet and an outside bet on his opponent, say) are each settled on their own.
  5. A fixed stake pays its amount once per payment (per group), whatever the tai and base.
  6. ``units`` multiplies only an inner bet's stake (TW-HB-2 defines units for inner bets only);
     an outer bet's ``units`` is ignored: its stake is its ``stake``.
  7. A mirror payment records the mirrored tai and whether a base was counted, with the amount it
     actually moves; a fixed stake records 0 tai and no base. Zero-amount mirrors are not recorded.

TW-HB-4 influence
  8. Voiding is per mirror payment: each payment the voided outside bettor would receive is not
     made, each he owes is made. It applies to outer bets only (the clause names the outside
     bettor); one finding per voided bettor with a bet in the hand states what was voided.

TW-HB-5/6/7 changes
  9. ``previous`` is the set in force in the previous hand (what this function returned for it),
     not the recorded set: a rejected change that the next hand still shows is then a new
     attempt, checked again (TW-HB-7).
  10. Bets are compared by ``id``. New id: placement. Missing id: withdrawal. Same id, outer both
      times, same bettor, another principal: move. Same id with another kind or bettor, or an
      inner bet with another principal: a withdrawal of the old bet followed by a placement of the
      new one, both checked. Other differences (stake, acceptances, an outer bet's units) are taken
      as given.
  11. An inner bet's 1st unit (插) follows TW-HB-5; its 2nd and further units (飄, 飛) start and
      stop as outside bets (TW-HB-6). A new inner bet whose 1st unit is valid but whose further
      units are not stands at one unit; a withdrawal needs both the 1st unit's and the further
      units' clauses, else the whole bet stands.
  12. "Placed at the latest when the West round's first deal starts": round wind East or South, or
      West on the first hand with round wind West.
  13. Inner withdrawal "not before the game ends; if not clearly losing, not in the next game
      either": allowed only on the first hand of a game (:attr:`BetContext.new_game`), and only
      if the bettor was clearly losing (:attr:`BetContext.clearly_losing`, the caller's call; we
      suggest: his net from the inner bet over the game just ended is negative) or the bet has run
      through two whole games (:attr:`BetContext.games_run`, by bet id; absent = 1).
  14. "Just lost the stake to a win" (插花注被和去): the principal paid a win in the previous hand
      (:attr:`BetContext.lost_to_win`, supplied by the caller).
  15. "At least one full round (圈) left in the game" (four rounds East…North make a game): the
      round wind is not North, or this is the first hand of the North round (exactly one round
      left). :meth:`BetContext.between` computes this.
  16. A finding's ``rule`` is the clause broken (TW-HB-5 or TW-HB-6; the first, when both are); its
      text cites TW-HB-7 for the consequence. ``player`` is the bettor, ``at`` None.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping, Optional, Sequence

from referee.ledger import Ledger, Payment
from referee.model import SideBet
from rulesbook.findings import Finding

from .docket import Cause
from .settle import WINDS

EAST, SOUTH, WEST, NORTH = WINDS
MIRROR_RULE = "TW-HB-1"


# --- TW-HB-1…4: the mirror rule -------------------------------------------------------------


def influence(i: int, bettor: str) -> Cause:
    """TW-HB-4: a side bettor influencing play, recorded as his ``act``; in effect once reported."""
    return Cause("TW-HB-4", bettor, i, frozenset({i}), "插花者影響牌局", "a side bettor influencing play",
                 dead_hand=False)


@dataclass(frozen=True)
class Flow:
    """One payment in TW-HB-1's sense: all that passes between two players for one cause."""

    payer: str
    payee: str
    tai: int
    with_base: bool
    cause: Optional[int]


def flows(payments: Sequence[Payment]) -> list[Flow]:
    """Group original payments by unordered pair and cause, netted (interpretation 1); mirror
    payments (rule TW-HB-1) are left out (interpretation 4). In order of first appearance."""
    sums: dict[tuple[str, str, Optional[int]], list[int]] = {}
    for p in payments:
        if p.rule == MIRROR_RULE:
            continue
        a, b = sorted((p.payer, p.payee))
        sign = 1 if p.payer == a else -1  # positive: a pays b
        acc = sums.setdefault((a, b, p.cause), [0, 0, 0])
        acc[0] += sign * p.amount
        acc[1] += sign * p.tai
        acc[2] += sign * int(p.with_base)
    out = []
    for (a, b, cause), (amount, tai, bases) in sums.items():
        if amount == 0:
            continue
        sign = 1 if amount > 0 else -1
        payer, payee = (a, b) if sign > 0 else (b, a)
        out.append(Flow(payer, payee, sign * tai, sign * bases > 0, cause))
    return out


def _price(bet: SideBet, flow: Flow, ledger: Ledger, inner_unit: str) -> tuple[int, int, bool]:
    """(amount, tai, with_base) of one bet's mirror of one flow (TW-HB-1/2)."""
    if bet.kind == "inner":
        if inner_unit == "base":  # one B per unit, no tai (interpretation 3)
            return (bet.units * ledger.base if flow.with_base else 0), 0, flow.with_base
        unit = (ledger.base if flow.with_base else 0) + flow.tai * ledger.tai_unit
        return bet.units * unit, flow.tai, flow.with_base
    stake = bet.stake
    if stake is None:
        raise ValueError(f"outer side bet {bet.id!r} has no stake")
    if stake.fixed is not None:
        return stake.fixed, 0, False
    return (stake.base if flow.with_base else 0) + flow.tai * stake.tai, flow.tai, flow.with_base


def mirror(payments: Sequence[Payment], bets: Sequence[SideBet], ledger: Ledger, *,
           inner_unit: str = "stake", voided: frozenset[str] = frozenset()) -> list[Finding]:
    """Settle the hand's side bets by the mirror rule and record the payments in ``ledger``.

    ``payments``: the hand's original payments (``ledger.payments`` may be passed as is: it is
    read once, before anything is added, and earlier TW-HB-1 payments in it are ignored).
    ``bets``: the side bets in force (as :func:`check_changes` returns them).
    ``inner_unit``: the option of that name (``stake``: a unit is B + tai·T of the table;
    ``base``: one B). ``voided``: outside bettors reported for influencing play (TW-HB-4).

    TW-HB-1: for each flow between a bet's principal and a player in its ``accepted_by``
    (TW-HB-3: no one else), the bettor receives from that player what the principal received, or
    pays him what the principal paid, at the bet's stake (TW-HB-2): outer ``{base, tai}`` →
    base (only when the flow counted a base) + tai × stake tai; outer ``{fixed}`` → the fixed
    amount; inner → ``units`` × the unit. Each mirror payment has rule ``TW-HB-1`` and the flow's
    cause. TW-HB-4: a voided outside bettor's winnings are not paid, his losses are.

    Returns the TW-HB-4 findings (one per voided bettor with an outer bet in the hand).
    """
    if inner_unit not in ("stake", "base"):
        raise ValueError(f"inner_unit must be stake or base, not {inner_unit!r}")
    groups = flows(list(payments))
    lost: dict[str, list[int]] = {b.bettor: [0, 0] for b in bets
                                  if b.kind == "outer" and b.bettor in voided}
    for bet in bets:
        for flow in groups:
            if flow.payee == bet.principal:
                other, receives = flow.payer, True
            elif flow.payer == bet.principal:
                other, receives = flow.payee, False
            else:
                continue
            if other not in bet.accepted_by:
                continue
            amount, tai, with_base = _price(bet, flow, ledger, inner_unit)
            if amount == 0:
                continue
            if bet.bettor in lost:
                lost[bet.bettor][0 if receives else 1] += amount
                if receives:
                    continue
            payer, payee = (other, bet.bettor) if receives else (bet.bettor, other)
            ledger.payments.append(Payment(payer, payee, amount, MIRROR_RULE, tai, with_base,
                                           flow.cause))
    return [Finding(
        "TW-HB-4", bettor, None, "ruled",
        f"{bettor} influenced play (voice, movement, expression or glance): his side-bet winnings "
        f"in this hand ({won}) are void and his losses ({paid}) are paid.",
        f"{bettor}以聲音、動作、表情或眼神影響行牌：本盤插花贏得之{won}無效，輸者{paid}照付。")
        for bettor, (won, paid) in lost.items()]


# --- TW-HB-5…7: placements, withdrawals and moves -------------------------------------------

@dataclass(frozen=True)
class BetContext:
    """What TW-HB-5/6 need to know about the hand whose side-bet set is checked.

    ``streak``: this hand's N. ``round_wind``: 27…30 (1z…4z). ``first_west_deal``: the first hand
    of the West round. ``lost_to_win``: the players who paid a win in the previous hand.
    ``full_round_left``: at least one full round is left in the game. ``new_game``: the first hand
    of a game after another (the previous hand's round wind North, this one East).
    ``clearly_losing``: inner bettors clearly losing (明顯失利) over the game just ended.
    ``games_run``: by inner bet id, how many whole games it has run through (absent: 1).
    """

    streak: int
    round_wind: int
    first_west_deal: bool = False
    lost_to_win: frozenset[str] = frozenset()
    full_round_left: bool = True
    new_game: bool = False
    clearly_losing: frozenset[str] = frozenset()
    games_run: Mapping[str, int] = field(default_factory=dict, hash=False)

    @classmethod
    def between(cls, previous_wind: Optional[int], round_wind: int, streak: int,
                lost_to_win: frozenset[str] = frozenset(), **more: object) -> "BetContext":
        """The context from the previous hand's and this hand's round winds (interpretations 12,
        13 and 15); ``more`` passes ``clearly_losing`` and ``games_run``."""
        return cls(streak, round_wind,
                   first_west_deal=previous_wind == SOUTH and round_wind == WEST,
                   lost_to_win=frozenset(lost_to_win),
                   full_round_left=round_wind != NORTH or previous_wind == WEST,
                   new_game=previous_wind == NORTH and round_wind == EAST,
                   **more)  # type: ignore[arg-type]


Reason = tuple[str, str, str]  # (clause, English, Chinese)


def _streak(ctx: BetContext) -> list[Reason]:
    if ctx.streak == 0:
        return []
    return [("TW-HB-6", f"the dealer is on a streak (N = {ctx.streak})", f"莊家連莊中（連{ctx.streak}）")]


def _round_left(ctx: BetContext) -> list[Reason]:
    if ctx.full_round_left:
        return []
    return [("TW-HB-6", "less than one full round is left in the game", "該將剩餘牌局不足一圈")]


def _stake_lost(ctx: BetContext, principal: str) -> list[Reason]:
    if principal in ctx.lost_to_win:
        return []
    return [("TW-HB-6", f"{principal} has not just lost the stake to a win", f"{principal}之插花注未被和去")]


def _outer_start(ctx: BetContext) -> list[Reason]:
    """TW-HB-6: start when N = 0, with a full round left."""
    return _streak(ctx) + _round_left(ctx)


def _outer_stop(ctx: BetContext, principal: str) -> list[Reason]:
    """TW-HB-6: withdraw when N = 0 and the principal has just lost the stake to a win."""
    return _streak(ctx) + _stake_lost(ctx, principal)


def _inner_start(ctx: BetContext) -> list[Reason]:
    """TW-HB-5: the 1st inner unit is placed by the West round's first deal (interpretation 12)."""
    if ctx.round_wind in (EAST, SOUTH) or (ctx.round_wind == WEST and ctx.first_west_deal):
        return []
    return [("TW-HB-5", "inner bets must be placed by the first deal of the West round",
             "內插應於西風起庄（含）前為之")]


def _inner_stop(ctx: BetContext, bet: SideBet) -> list[Reason]:
    """TW-HB-5: the 1st unit is kept to the game's end, and through the next game unless clearly
    losing (interpretation 13); further units stop as outside bets (TW-HB-6)."""
    out: list[Reason] = []
    if not ctx.new_game:
        out.append(("TW-HB-5", "an inner bet may not be withdrawn before the game ends",
                    "內插至該將結束前不得退插"))
    elif bet.principal not in ctx.clearly_losing and ctx.games_run.get(bet.id, 1) < 2:
        out.append(("TW-HB-5", "an inner bet not clearly losing may not be withdrawn in the next "
                    "game either", "內插無明顯失利，次一將不得退插"))
    if bet.units > 1:
        out += _outer_stop(ctx, bet.principal)
    return out


def _finding(bet: SideBet, reasons: list[Reason], what: tuple[str, str],
             then: tuple[str, str]) -> Finding:
    return Finding(
        reasons[0][0], bet.bettor, None, "ruled",
        f"{bet.bettor} may not {what[0]}: " + "; ".join(r[1] for r in reasons)
        + f"; {then[0]} (TW-HB-7).",
        f"{bet.bettor}不得{what[1]}：" + "；".join(r[2] for r in reasons) + f"；{then[1]}。")


_VOID = ("the bet is void for this hand", "本盤該注無效")
_STANDS = ("the bet stands as before for this hand", "本盤該注維持原狀")


def _place(bet: SideBet, ctx: BetContext) -> tuple[Optional[SideBet], list[Finding]]:
    """A new bet: in force, cut to one unit, or void (TW-HB-5/6/7)."""
    if bet.kind == "outer":
        why = _outer_start(ctx)
        what = (f"start side bet {bet.id} on {bet.principal}", f"起插{bet.id}（主家{bet.principal}）")
    else:
        why = _inner_start(ctx)
        what = (f"place inner bet {bet.id}", f"內插{bet.id}")
    if why:
        return None, [_finding(bet, why, what, _VOID)]
    if bet.units > 1 and (why := _outer_start(ctx)):
        return replace(bet, units=1), [_finding(
            bet, why, (f"place inner bet {bet.id} at {bet.units} units (飄/飛)",
                       f"內插{bet.id}加至{bet.units}底（飄、飛）"),
            ("the bet stands at 1 unit for this hand", "本盤以1底計"))]
    return bet, []


def _withdraw(bet: SideBet, ctx: BetContext) -> list[Finding]:
    """A bet gone from the set: no finding when allowed (TW-HB-5/6), else it stands (TW-HB-7)."""
    if bet.kind == "outer":
        why = _outer_stop(ctx, bet.principal)
        what = (f"withdraw side bet {bet.id} on {bet.principal}", f"退插{bet.id}（主家{bet.principal}）")
    else:
        why = _inner_stop(ctx, bet)
        what = (f"withdraw inner bet {bet.id}", f"退內插{bet.id}")
    return [_finding(bet, why, what, _STANDS)] if why else []


def _alter(old: SideBet, new: SideBet, ctx: BetContext) -> tuple[Optional[SideBet], list[Finding]]:
    """The same id in both sets: a move, a change of inner units, or (interpretation 10) a
    withdrawal followed by a placement."""
    if old.kind != new.kind or old.bettor != new.bettor or (
            old.kind == "inner" and old.principal != new.principal):
        gone = _withdraw(old, ctx)
        return (old, gone) if gone else _place(new, ctx)
    if old.kind == "outer":
        if old.principal == new.principal:
            return new, []
        why = _stake_lost(ctx, old.principal) + _round_left(ctx)  # TW-HB-6 move
        if why:
            return old, [_finding(new, why, (f"move side bet {new.id} from {old.principal} to "
                                             f"{new.principal}",
                                             f"將{new.id}自{old.principal}轉插{new.principal}"), _STANDS)]
        return new, []
    if new.units == old.units:
        return new, []
    if new.units > old.units:  # 飄/飛 start as outside bets (TW-HB-6)
        why = _outer_start(ctx)
        what = (f"raise inner bet {new.id} from {old.units} to {new.units} units",
                f"將內插{new.id}由{old.units}底加至{new.units}底")
    else:
        why = _outer_stop(ctx, old.principal)
        what = (f"lower inner bet {new.id} from {old.units} to {new.units} units",
                f"將內插{new.id}由{old.units}底減至{new.units}底")
    if why:
        return replace(new, units=old.units), [_finding(new, why, what, (
            f"the bet stands at {old.units} units for this hand", f"本盤維持{old.units}底"))]
    return new, []


def check_changes(previous: Optional[Sequence[SideBet]], current: Sequence[SideBet],
                  ctx: BetContext) -> tuple[tuple[SideBet, ...], list[Finding]]:
    """TW-HB-5/6/7: the bets in force for this hand's settlement, and a finding per invalid change.

    ``previous``: the bets in force in the previous hand (this function's result for it), None for
    a document's first hand, whose set is taken as given. ``current``: this hand's recorded set.
    The result lists ``current``'s bets in order (each as it stands after the checks; a void new
    bet left out), then the bets whose withdrawal was rejected, in ``previous``'s order.
    """
    if previous is None:
        return tuple(current), []
    before = {b.id: b for b in previous}
    now = {b.id for b in current}
    force: list[SideBet] = []
    findings: list[Finding] = []
    for bet in current:
        old = before.get(bet.id)
        kept, found = _place(bet, ctx) if old is None else _alter(old, bet, ctx)
        if kept is not None:
            force.append(kept)
        findings += found
    for bet in previous:
        if bet.id not in now:
            found = _withdraw(bet, ctx)
            if found:
                force.append(bet)
            findings += found
    return tuple(force), findings
