"""The text ruling of a Sichuan 血战到底 hand (RULEBOOK_SC §13), in 简体中文 and English.

A 血战 hand settles money as it goes, so its text is told in the order things happened:

* the order of wins (胡牌顺序): each win's number, who won, how and on whose tile, at which event,
  who had already left play, the 番 counted and paid (the cap, SC-FAN-30) and the value
  V = B × 2^F (SC-PAY-0), the rows with their 番; several winners on one discard (一炮多响) named
  as such;
* who left play and who was still in play when the hand ended;
* the checks at the exhaustive draw (查花猪, 查大叫, 退税: SC-CH), player by player;
* the findings, in 简体中文 and English;
* the money event by event (SC-PAY-7: each payment's ``at``): each payment as the sum it is, with
  its clause (``A pays B 3 = V 2 + 底 1 (自摸加底) (SC-PAY-1)``): a win's V, a self-draw's bonus,
  several winners each paid their own V, 刮风下雨 as so many B, 呼叫转移 as the kong money handed
  on, 退税 as the kong money given back, the pig's cap value, a best call, a false win's cap value;
* the net, the next dealer, what is missing.

``payment_reasons`` gives the same sums to ``api.text.text_money.explain`` (the table page's
``?explain=true``). An explanation is given only when it gives the amount back exactly;
otherwise the payment is named by its clause alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from rulesbook.sichuan.options import ScRules, fixed_k

from api.text.text import _closing, _findings, _Hand, wrap, zh_text
from api.text.text_hk import reader

RESULT = {"win": "胡牌 win", "exhaustive_draw": "流局 exhaustive draw",
          "open": "未完 open (the record stops before the hand ended)"}
HOW = {"self_draw": ("自摸", "self-draw"), "discard": ("点炮", "on a discard"),
       "rob_kong": ("抢杠胡", "robbing a kong")}
_KONG = {"SC-GF-1": ("刮风 直杠", "claimed kong", "claimed"), "SC-GF-2": ("刮风 面下杠", "added kong", "added"),
         "SC-GF-3": ("下雨 暗杠", "concealed kong", "concealed")}

rules_of = reader(ScRules)


@dataclass
class _Money:
    """What the payments of one hand are explained from: the rules (None when the ruleset does
    not resolve), the winners by their win event, the checks by player."""

    rules: Optional[ScRules]
    wins: dict[int, dict]  # win event index -> winner
    checks: dict[str, dict]

    def v(self, w: dict) -> str:
        """``V 4 = 1 × 2^2``: a winner's value as the sum it is (SC-PAY-0)."""
        if self.rules is not None and w.get("value") == self.rules.base << w["fan_paid"]:
            return f"V {w['value']} = {self.rules.base} × 2^{w['fan_paid']}"
        return f"V {w.get('value')}"

    def why(self, p: dict) -> str:
        """The sum a payment is and its clause, or its clause alone."""
        said = self._sum(p)
        return f"{said} ({p['rule']})" if said else f"({p['rule']})"

    def _sum(self, p: dict) -> str:  # noqa: C901 (one line per clause)
        rule, amount, rules = p["rule"], p["amount"], self.rules
        w = self.wins.get(p.get("at"))  # type: ignore[arg-type]
        if w is not None and w["player"] != p["to"]:
            w = None
        if rule == "SC-PAY-1" and w is not None:
            rest = amount - w["value"]
            if rest == 0:
                return f"= {self.v(w)} (自摸: each player in play pays V)"
            if rules is not None and rest == rules.base and rules.options.self_draw_bonus == "add_base":
                return f"= {self.v(w)} + 底 {rules.base} (自摸加底: each player in play pays V and one B)"
            return ""
        if rule in ("SC-PAY-2", "SC-PAY-3", "SC-PAY-4", "SC-PAY-5") and w is not None and amount == w["value"]:
            return "= " + self.v(w) + {
                "SC-PAY-2": " (点炮: the discarder pays V)",
                "SC-PAY-3": " (抢杠胡: the kong player pays V as a discarder)",
                "SC-PAY-4": f" (一炮多响: the discarder pays each winner his own V, {p['to']}'s here)",
                "SC-PAY-5": " (点杠花: the player who fed the kong pays V alone)"}[rule]
        if rule in _KONG and rules is not None:
            zh, en, kind = _KONG[rule]
            n = rules.options.kong_pay[kind]
            if rule == "SC-GF-1" and amount != n * rules.base and amount == rules.options.claimed_kong_others * rules.base:
                return (f"= {rules.options.claimed_kong_others} × B {rules.base} (擦挂: each other player in "
                        f"play, for {p['to']}'s claimed kong)")
            if amount == n * rules.base:
                whom = "the discarder feeds it" if kind == "claimed" else "each other player in play"
                return f"= {n} × B {rules.base} ({zh} {en}: {whom})"
            return ""
        if rule == "SC-GF-6":
            return f"= the kong money {p['from']} took, handed on (呼叫转移 call transfer to the 杠上炮 winner {p['to']})"
        if rule == "SC-GF-7":
            return f"= the kong money {p['to']} paid {p['from']}, given back (退税: {p['from']} is not ready)"
        if rule == "SC-IRR-2":
            return f"= the kong money {p['to']} paid {p['from']} for a wrong kong, given back (错杠)"
        if rules is None:
            return ""
        if rule == "SC-CH-1":
            return self._cap_or_fixed(amount, rules.options.pig_pay, "查花猪: the pig pays each player in play who is no pig")
        if rule == "SC-ZH-2":
            return self._cap_or_fixed(amount, rules.options.false_win, "诈胡: the offender pays each other player in play")
        if rule == "SC-CH-2":
            best = self.checks.get(p["to"], {}).get("best_fan")
            if isinstance(best, int) and amount == rules.base << best:
                return (f"= {rules.base} × 2^{best} (查大叫: {p['to']}'s best call, {best} 番, paid by a "
                        "player not ready)")
        return ""

    def _cap_or_fixed(self, amount: int, option: str, what: str) -> str:
        rules = self.rules
        assert rules is not None
        k = fixed_k(option)
        if k is None and amount == rules.cap_value:
            return f"= {rules.base} × 2^{rules.options.cap_fan} ({what} the cap value)"
        if k is not None and amount == k * rules.base:
            return f"= {k} × B {rules.base} ({what} {option})"
        return ""


def _money(hand: dict, ruleset: object) -> _Money:
    rules = rules_of(ruleset) if isinstance(ruleset, dict) else None
    return _Money(rules, {w["at"]: w for w in hand["winners"] if isinstance(w.get("at"), int)},
                  {c["player"]: c for c in hand.get("checks") or ()})


def payment_reasons(hand: dict, ruleset: dict) -> list[str]:
    """Each payment of a sichuan hand's ruling as the sum it is and its clause."""
    money = _money(hand, ruleset)
    return [money.why(p) for p in hand["payments"]]


def _left_before(h: _Hand) -> list[str]:
    """The players the record's ``state`` lists as having won before its position (SC-XZ-5)."""
    first = h.events[0] if h.events and isinstance(h.events[0], dict) else {}
    out: list[str] = []
    if first.get("type") == "state":
        for win in first.get("left_play") or ():
            if isinstance(win, dict):
                out += [p for p in win.get("players") or () if isinstance(p, str) and p not in out]
    return out


_MOVES = frozenset({"draw", "discard", "pon", "kong", "chi"})


def _several(winners: list[dict], events: list) -> dict[str, list[str]]:
    """一炮多响: each winner on a discard or a robbed kong with the others on the same tile (the
    same discarder and tile, and no tile moved between the two wins)."""
    def one_tile(a: dict, b: dict) -> bool:
        if a["how"] != b["how"] or a.get("from") != b.get("from") or a.get("tile") != b.get("tile"):
            return False
        i, j = sorted((a.get("at"), b.get("at")), key=lambda x: x if isinstance(x, int) else -1)
        if not (isinstance(i, int) and isinstance(j, int)):
            return False
        return not any(isinstance(e, dict) and e.get("type") in _MOVES for e in events[i + 1:j])

    out: dict[str, list[str]] = {}
    for w in winners:
        if w["how"] in ("discard", "rob_kong"):
            same = [x["player"] for x in winners if x is not w and one_tile(w, x)]
            if same:
                out[w["player"]] = same
    return out


def _win_lines(h: _Hand, money: _Money) -> list[str]:
    winners = sorted(h.hand["winners"], key=lambda w: w.get("order", 0))
    if not winners:
        return []
    lines = ["  Order of wins 胡牌顺序 (血战到底: each win is settled when it is made, SC-XZ-1)"]
    out = _left_before(h)
    several = _several(winners, h.events)
    for w in winners:
        zh, en = HOW.get(w["how"], (w["how"], w["how"]))
        src = f" from {w['from']}" if w.get("from") else ""
        cap = f", capped at {w['fan_paid']} (SC-FAN-30)" if w["fan_paid"] != w["fan"] else ""
        where = h.event(w.get("at"))
        gone = f"; already out of play: {', '.join(out)}" if out else "; all four in play"
        lines += wrap(f"{w.get('order')}. {w['player']} ({zh} {en}{src}, {w['tile'] or '-'}) at {where}: "
                      f"{w['fan']} 番{cap}, {money.v(w)}{gone}", 2, hang=3)
        zh_src = f"{w['from']}打出的" if w.get("from") else ""
        zh_line = (f"第{w.get('order')}胡：{w['player']} {zh}{zh_src}{w['tile'] or ''}，{w['fan']}番"
                   + (f"（封顶{w['fan_paid']}番）" if cap else "") + f"，V = {w.get('value')}")
        if w["player"] in several:
            zh_line += f"；一炮多响，与{'、'.join(several[w['player']])}同胡此牌"
            lines += wrap(f"一炮多响 several winners on one tile: {w['player']} with "
                          f"{', '.join(several[w['player']])} (SC-PAY-4)", 5)
        lines += wrap(zh_text(zh_line).replace("萬", "万"), 5, zh=True)
        for p in w["patterns"]:
            lines += wrap(f"{p['rule']:<10} {p['name']} {p['en']}: {p['fan']}", 5)
        out.append(w["player"])
    return lines


def _left_lines(h: _Hand) -> list[str]:
    hand = h.hand
    left = list(hand.get("left_play") or [])
    if not left:
        return []
    players = list(hand["net"])
    in_play = [p for p in players if p not in left]
    return wrap(f"Left play 离场: {', '.join(left)}; in play at the end 在场: {', '.join(in_play) or 'nobody'}", 2)


def _check_lines(h: _Hand, events: list) -> list[str]:
    checks = h.hand.get("checks")
    if checks is None:
        return []
    at = next((i for i, e in enumerate(events) if isinstance(e, dict) and e.get("type") == "exhaustive_draw"), None)
    head = "Checks at the exhaustive draw 流局查叫 (SC-CH: 查花猪, 查大叫, 退税)"
    lines = wrap(head + (f", {h.event(at)}" if at is not None else ""), 2)
    for c in checks:
        if c.get("pig"):
            en, zh = "花猪 pig: still holds his void suit (SC-CH-1)", "花猪"
        elif c.get("ready"):
            en = f"ready 有叫, best call {c.get('best_fan')} 番 (SC-CH-2)"
            zh = f"有叫，最大叫{c.get('best_fan')}番"
        else:
            en, zh = "not ready 无叫 (SC-CH-0)", "无叫"
        lines += wrap(f"{c['player']}: {en} · {c['player']}：{zh}", 4)
    return lines


def sc_lines(h: _Hand, ruleset: dict) -> list[str]:
    hand = h.hand
    money = _money(hand, ruleset)
    lines = _win_lines(h, money) + _left_lines(h) + _check_lines(h, h.events)
    lines += _findings(h)
    at: object = object()
    for p in hand["payments"]:
        if p.get("at") != at:
            at = p.get("at")
            lines += wrap(f"Money at {h.event(at)}:" if isinstance(at, int) else "Money:", 2)
        lines += wrap(f"{p['from']} pays {p['to']} {p['amount']} {money.why(p)}", 4, hang=4)
    return lines + _closing(h, "sichuan")

