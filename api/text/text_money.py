"""Every payment of a ruling as the sum it is, with its clause: what the text ruling prints after
each amount (``api.text.text``) and what the table page shows beside it (``POST /v1/rulings?explain=true``).

tw16: the base, the face tai, the dealer tai (作莊, 連N拉N) and the tai unit
(``= 100 + (3 face + 1 作莊) × 20 (TW-PAY-1)``); a shared liability as its share; a flat fee as tai
alone; a side bet as the payment it mirrors at its stake. riichi: what each payment is, and for
honba and sticks the sum it is (``= 2 honba × 300 (RJ-PAY-5, honba)``). An explanation is given
only when it gives back the amount exactly; otherwise the payment is named by its clause alone.
"""
from __future__ import annotations

from typing import Any, Optional

from referee.model import Ruleset

#: why a next hand's round wind can be unknown: the round wind moves on when the deal comes back
#: to the first dealer's seat (each variant's clause), and the document does not say who dealt first
ROUND_WIND_UNKNOWN = ("the hand gives no start_dealer, and the round wind moves on when the deal "
                      "returns to the first dealer ({clause})")
ROUND_WIND_CLAUSE = {"tw16": "TW-SEAT-2", "hk": "HK-FLOW-11", "guangdong": "GD-FLOW-9"}
#: the variants that score or play no wind: their next hand's round wind is always null, and says why
NO_ROUND_WIND = {"wuhan": "Wuhan scores no wind, WH-FLOW-1",
                 "sichuan": "Sichuan is played without winds: there is no round wind (SC-FLOW-9)",
                 "shanghai": "Shanghai carries no round wind: the winner deals (SH-FLOW-9)"}
#: the clause that puts a win before a claim on the same discard, where it is not tw16's TW-PR
PRIORITY = {"wuhan": "胡 > 碰/杠 > 吃 (WH-PR-1)"}

_RIICHI_PAYMENTS = {"RJ-RII-3": "riichi stick", "RJ-PAY-1": "ron", "RJ-PAY-2": "tsumo",
                    "RJ-PAY-3": "robbing a kan", "RJ-PAY-5": "honba", "RJ-PAY-6": "the sticks on the table",
                    "RJ-PAY-7": "noten payment", "RJ-PAY-8": "pao", "RJ-PAY-9": "nagashi mangan",
                    "RJ-FLOW-10": "his stick back on the re-deal"}


# --- tw16 ----------------------------------------------------------------------------------------

_WIN_RULES = frozenset({"TW-PAY-1", "TW-PAY-1a", "TW-PAY-2", "TW-TAI-29", "TW-TAI-30", "TW-DW-1",
                        "TW-DW-3"})
_PENALTY_RULES = frozenset({"TW-ZH-2", "TW-BP-2"})
_MIRROR = "TW-HB-1"


def _dealer_part(d: int) -> Optional[str]:
    """Dealer tai ``d`` = 1 作莊 + 2N 連N拉N (TW-PAY-3), as words; None when ``d`` is not of that form."""
    if d == 0:
        return ""
    if d < 1 or (d - 1) % 2:
        return None
    n = (d - 1) // 2
    return " + 1 作莊" + (f" + {2 * n} 連{n}拉{n}" if n else "")


def _sum(base: int, unit: int, face: int, d: int) -> Optional[str]:
    """``100 + (3 face + 1 作莊) × 20``: a payment of the base and ``face + d`` tai."""
    dealer = _dealer_part(d)
    if dealer is None or face < 0:
        return None
    if not dealer:
        return f"{base} + {face} face × {unit}"
    return f"{base} + ({face} face{dealer}) × {unit}"


class _Money:
    """Explains a hand's payments from the document (stakes, dealer, side bets) and the ruling
    (each winner's face). Each explanation is checked against the amount before it is used."""

    def __init__(self, hand: dict, record: Optional[dict], ruleset: dict, terms: Any):
        self.hand, self.record, self.terms = hand, record or {}, terms
        default = Ruleset()
        self.base = ruleset.get("base", default.base)
        self.unit = ruleset.get("tai", default.tai)
        self.options = ruleset.get("options") or {}
        self.faces = {w["player"]: w["tai"] for w in hand["winners"] if w["tai"] is not None}
        self.counted: list[Optional[tuple[int, bool]]] = []  # (tai, with base) of each payment

    def explain_all(self) -> list[str]:
        payments = self.hand["payments"]
        shared = self._shares(payments)
        out = []
        for k, p in enumerate(payments):
            text, counted = self._explain(k, p, shared)
            self.counted.append(counted)
            out.append(text)
        for k, p in enumerate(payments):  # mirrors last: they need the payments they mirror
            if p["rule"] == _MIRROR:
                out[k] = self._mirror(p, payments)
        return out

    @staticmethod
    def _shares(payments: list[dict]) -> dict[int, tuple[int, int, int]]:
        """TW-DW-3: payment index -> (total of its share, how many pay it, its place among them);
        a share is paid by consecutive payments of the liable players, the first paying the
        remainder."""
        out: dict[int, tuple[int, int, int]] = {}
        liable: dict[str, list[str]] = {}
        for p in payments:
            if p["rule"] == "TW-DW-3" and p["from"] not in liable.setdefault(p["to"], []):
                liable[p["to"]].append(p["from"])
        k = 0
        while k < len(payments):
            p = payments[k]
            parts = len(liable.get(p["to"], ())) if p["rule"] == "TW-DW-3" else 0
            block = payments[k:k + parts]
            if parts and all(q["rule"] == "TW-DW-3" and q["to"] == p["to"] for q in block):
                total = sum(q["amount"] for q in block)
                for place in range(parts):
                    out[k + place] = (total, parts, place)
                k += parts
            else:
                k += 1
        return out

    def _tai(self, amount: int) -> Optional[int]:
        """The tai in an amount that counts the base, when it is a whole number of them."""
        rest = amount - self.base
        return rest // self.unit if self.unit and rest >= 0 and rest % self.unit == 0 else None

    def _explain(self, k: int, p: dict, shared: dict) -> tuple[str, Optional[tuple[int, bool]]]:
        rule, amount = p["rule"], p["amount"]
        if rule in _WIN_RULES and p["to"] in self.faces:
            face = self.faces[p["to"]]
            total, parts, place = shared.get(k, (amount, 1, 0))
            t = self._tai(total)
            formula = _sum(self.base, self.unit, face, t - face) if t is not None else None
            if formula and parts > 1:
                rest = total - (total // parts) * parts
                extra = f" + {rest} remainder" if place == 0 and rest else ""
                return f"= ({formula}) ÷ {parts}{extra}", (t, True)  # type: ignore[return-value]
            if formula:
                return f"= {formula}", (t, True)  # type: ignore[return-value]
        if rule in _PENALTY_RULES and self.terms is not None:
            t = self._tai(amount)
            dealer = self.terms.dealer
            d = (self.terms.dealer_tai(dealer_collects=p["to"] == dealer)
                 if dealer in (p["from"], p["to"]) else 0)
            formula = _sum(self.base, self.unit, t - d, d) if t is not None else None
            if formula:
                return f"= {formula}", (t, True)  # type: ignore[return-value]
        if rule not in _PENALTY_RULES and rule != _MIRROR and self.unit and amount % self.unit == 0:
            if rule not in _WIN_RULES or rule == "TW-TAI-30":  # a fee, or 七搶一's flat tai
                n = amount // self.unit
                return f"= {n} × {self.unit} ({rule}, flat: no base, no dealer tai)", (n, False)
        return "", None

    def _mirror(self, p: dict, payments: list[dict]) -> str:
        """A side bet's payment (TW-HB-1) as the payment it mirrors at the bet's stake."""
        for bet in self.record.get("side_bets") or ():
            bettor, principal = bet.get("bettor"), bet.get("principal")
            if bettor not in (p["from"], p["to"]):
                continue
            other = p["to"] if p["from"] == bettor else p["from"]
            if other not in (bet.get("accepted_by") or ()):
                continue
            for q, counted in zip(payments, self.counted):
                if counted is None or {q["from"], q["to"]} != {principal, other}:
                    continue
                if (q["to"] == principal) != (p["to"] == bettor):
                    continue  # a mirror goes the way its principal's payment went
                formula = self._stake(bet, counted)
                if formula and formula[0] == p["amount"]:
                    return (f"= {formula[1]}, mirroring {q['from']} pays {q['to']} {q['amount']} "
                            f"(TW-HB-1, bet {bet.get('id')})")
        return ""

    def _stake(self, bet: dict, counted: tuple[int, bool]) -> Optional[tuple[int, str]]:
        tai, with_base = counted
        if bet.get("kind") == "inner":
            units = bet.get("units", 1)
            if self.options.get("inner_unit", "stake") == "base":
                return units * self.base * with_base, f"{units} × {self.base}"
            one = (self.base if with_base else 0) + tai * self.unit
            shown = f"{self.base} + {tai} × {self.unit}" if with_base else f"{tai} × {self.unit}"
            return units * one, f"{units} × ({shown})"
        stake = bet.get("stake") or {}
        if "fixed" in stake:
            return stake["fixed"], f"the fixed stake {stake['fixed']}"
        sb, st = stake.get("base", 0), stake.get("tai", 0)
        if with_base:
            return sb + tai * st, f"{sb} + {tai} × {st}"
        return tai * st, f"{tai} × {st}"


def _terms(record: Optional[dict], previous: Optional[dict]) -> Any:
    """Who dealt this hand, with the streak and its marker: as recorded, else as the previous
    hand's ruling left them (TW-FLOW-8/9)."""
    from rulesbook.tw16.settle import DealerTerms

    record = record or {}
    carried = (previous or {}).get("next") or {}
    dealer = record.get("dealer") or carried.get("dealer")
    streak = record.get("streak")
    streak = streak if streak is not None else carried.get("streak", 0)
    marker = record.get("streak_marker")
    if dealer is None:
        return None
    return DealerTerms(dealer, streak, marker if marker is not None else streak)


# --- both ----------------------------------------------------------------------------------------


def payment_reasons(hand: dict, record: Optional[dict], ruleset: dict, previous: Optional[dict],
                    variant: str) -> list[str]:
    """For each payment of a hand's ruling, the sum it is and its clause (``= … (TW-PAY-1)``), or
    its clause alone (``(TW-PAY-1)``). ``record``: the document's hand (None: clauses only);
    ``ruleset``: the document's; ``previous``: the ruling of the hand before, if any."""
    if variant == "hk":
        from api.text.text_hk import payment_reasons as hk_reasons  # it imports api.text.text, which imports us

        return hk_reasons(hand, ruleset)
    if variant == "guangdong":
        from api.text.text_gd import payment_reasons as gd_reasons  # it imports api.text.text, which imports us

        return gd_reasons(hand, ruleset)
    if variant == "wuhan":
        from api.text.text_wh import payment_reasons as wh_reasons  # it imports api.text.text, which imports us

        return wh_reasons(hand, ruleset)
    if variant == "sichuan":
        from api.text.text_sc import payment_reasons as sc_reasons  # it imports api.text.text, which imports us

        return sc_reasons(hand, ruleset)
    if variant == "shanghai":
        from api.text.text_sh import payment_reasons as sh_reasons  # it imports api.text.text, which imports us

        return sh_reasons(hand, ruleset)
    if variant == "riichi":
        record, carried = record or {}, (previous or {}).get("next") or {}
        honba = record.get("honba") if record.get("honba") is not None else carried.get("honba")
        return [_riichi_why(p, honba).lstrip() for p in hand["payments"]]
    explained = [""] * len(hand["payments"])
    if record is not None and variant == "tw16":
        explained = _Money(hand, record, ruleset, _terms(record, previous)).explain_all()
    out = []
    for p, why in zip(hand["payments"], explained):
        if not why.endswith(")"):  # the clause, unless the explanation already ends with it
            why = f"{why} ({p['rule']})" if why else f"({p['rule']})"
        out.append(why)
    return out


def round_wind_unknown(variant: str) -> str:
    if variant in NO_ROUND_WIND:
        return NO_ROUND_WIND[variant]
    return ROUND_WIND_UNKNOWN.format(clause=ROUND_WIND_CLAUSE.get(variant, "its rulebook"))


def records_of(ruling: dict, document: Any) -> tuple[list[Optional[dict]], dict]:
    """The document's hands matched to the ruling's (None each where they do not match), and
    its ruleset."""
    records: list[Optional[dict]] = [None] * len(ruling["hands"])
    ruleset: dict = {}
    if isinstance(document, dict):
        found = document.get("hands") if "hands" in document else [document.get("hand")]
        if isinstance(found, list) and len(found) == len(ruling["hands"]):
            records = found
        ruleset = document.get("ruleset") or {}
    return records, ruleset


_CLAIMS = {"chi": "吃 chi", "pon": "碰 pon", "kong": "杠 kong"}


def lost_claims(hand: dict, record: Optional[dict], variant: str = "tw16") -> list[str]:
    """Why a claim on a discard gave way: a call (or a chi, pon or kong) by another player on the
    discard a winner won on, before his win, yields to it (和 > 碰/杠 > 吃, TW-PR). Events are
    counted from 0, as in the ruling's decisions."""
    events = [e for e in (record or {}).get("events") or () if isinstance(e, dict)]
    winners = {w["player"] for w in hand["winners"] if w.get("how") in ("discard", "rob_kong")}
    out, discard = [], None
    for i, e in enumerate(events):
        if e.get("type") == "discard":
            discard = i
        elif e.get("type") == "win" and e.get("player") in winners and discard is not None:
            for j in range(discard + 1, i):
                c = events[j]
                kind = c.get("call") if c.get("type") == "call" else c.get("type")
                if kind in _CLAIMS and c.get("player") != e["player"]:
                    out.append(f"{c.get('player')}'s {_CLAIMS[kind]} (event {j}) gives way to "
                               f"{e['player']}'s win on the same discard (event {discard}): a win "
                               f"comes first, {PRIORITY.get(variant, '和 > 碰/杠 > 吃 (TW-PR)')}")
    return out


def explain(ruling: dict, document: Any) -> list[dict]:
    """Per hand of the ruling: each payment's sum and clause (``payments``), why the next hand's
    round wind is unknown where it is (``round_wind``, else None) and why a claim gave way to a
    win (``claims``)."""
    records, ruleset = records_of(ruling, document)
    out, previous = [], None
    for hand, record in zip(ruling["hands"], records):
        nxt = hand.get("next") or {}
        out.append({"payments": payment_reasons(hand, record, ruleset, previous, ruling["variant"]),
                    "round_wind": round_wind_unknown(ruling["variant"])
                    if nxt and nxt.get("round_wind") is None else None,
                    "claims": lost_claims(hand, record, ruling["variant"])})
        previous = hand
    return out


def _riichi_why(p: dict, honba: Optional[int]) -> str:
    """`` = 2 honba × 300 (RJ-PAY-5, honba)``: a payment's clause, what it is, and for honba and
    sticks the sum it is when that gives the amount back."""
    rule, amount = p["rule"], p["amount"]
    what = _RIICHI_PAYMENTS.get(rule)
    if what is None and p["to"] == "kyotaku":
        what = "to the table's sticks"
    elif what is None and rule.startswith("RJ-IRR"):
        what = "chombo"
    formula = ""
    if rule == "RJ-PAY-5" and honba:
        formula = next((f" = {honba} honba × {unit}" for unit in (300, 100) if amount == honba * unit), "")
    elif rule == "RJ-PAY-6" and amount % 1000 == 0:
        formula = f" = {amount // 1000} × 1000"
    return f"{formula} ({rule}" + (f", {what})" if what else ")")


