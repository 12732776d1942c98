"""The text ruling of a Shanghai hand (RULEBOOK_SH §15), in Shanghai terms (敲, 花, 番, 勒子, 荒番,
包三口, 诈胡, 漏胡): the hand's 荒番 counter before and after (the dice's part, whether the hand was
played at double stakes), who knocked and when, each winner's flowers H and 番 F and the points
of one share worked out as the rulebook says (SH-PAY-0: P = min((底花 D + H) × 2^F, 勒子 L) × h,
无花果 min(10 × 2^F, L) × h, h the 荒番 factor in a 荒番 hand), the rows with their 番, the findings in
简体中文 and English, every payment as the share it is (自摸 one share from each, 点炮 one share from
the discarder, 抢杠 three from the kong player, a 包三口 extra share, a 诈胡 勒子), the net and the next
hand (its dealer and 荒番 counter). Shanghai seats carry no wind, so no round wind is named.

An explanation is printed only when it gives the amount back exactly; otherwise a payment is named
by its clause alone (``payment_reasons`` is also what ``POST /v1/rulings?explain=true`` shows).
"""
from __future__ import annotations

from typing import Optional

from referee.tiles import TileError, code, parse_tile
from rulesbook.shanghai.baida import wild_kind
from rulesbook.shanghai.options import ShRules

from api.text.text import _findings, _Hand, _missing, _money, wrap
from api.text.text_hk import reader

RESULT = {"win": "胡牌 win", "exhaustive_draw": "荒 exhaustive draw", "false_win": "诈胡 false win",
          "open": "未完 open (the record stops before the hand ended)",
          "undetermined": "未定 undetermined (a fact the log does not hold decides it: see Unknown)"}
_HOW = {"self_draw": "自摸 self-draw", "discard": "抓冲 on a discard", "rob_kong": "抢杠 robbing a kong"}
NO_FLOWERS = "SH-FAN-11"  # 无花果: priced on 10 flowers without 底花
FOUR_WILDS = "SH-BD-3"  # 四百搭: P = L, paid as a self-draw

rules_of = reader(ShRules)


def points_formula(rules: Optional[ShRules], w: dict, doubled: bool) -> Optional[str]:
    """SH-PAY-0 for a winner: ``min((2 + 3) × 2^1, 20) = 10``, ``× 2 荒番``; None when the
    rules do not resolve or the formula does not give the ruling's points back."""
    if rules is None or w.get("points") is None:
        return None
    o = rules.options
    h = o.huang_fan_factor if doubled else 1
    rows = {p["rule"] for p in w.get("patterns") or ()}
    if FOUR_WILDS in rows:
        raw, text = o.lezi, f"勒子 L {o.lezi} (四百搭, SH-BD-3)"
    else:
        F = w["fan"]
        if NO_FLOWERS in rows:
            raw = 10 * 2 ** F
            inner = f"10 无花果 × 2^{F}"
        else:
            raw = (o.base_flowers + w["flowers"]) * 2 ** F
            inner = f"({o.base_flowers} 底花 + {w['flowers']} 花) × 2^{F}"
        capped = min(raw, o.lezi)
        text = f"min({inner}, 勒子 {o.lezi}) = min({raw}, {o.lezi}) = {capped}"
        raw = capped
    if h != 1:
        text += f", × {h} 荒番 = {raw * h}"
    if raw * h != w["points"]:
        return None
    return f"points P = {text} (SH-PAY-0); one share = P × base {rules.base} = {w['value']}"


def _huang_fan_line(hand: dict, record: Optional[dict], rules: Optional[ShRules]) -> list[str]:
    """SH-HF: the counter before, the dice's part, whether it is a 荒番 hand, the counter after."""
    hf = hand.get("huang_fan")
    if not hf:
        return []
    dice = (record or {}).get("dice")
    roll = f"dice {dice[0]}-{dice[1]} add {hf['dice']}" if isinstance(dice, list) and len(dice) == 2 \
        else f"the dice add {hf['dice']}" if hf.get("dice") else "no dice recorded"
    factor = rules.options.huang_fan_factor if rules is not None else None
    played = (f"a 荒番 hand: shares × {factor}" if factor else "a 荒番 hand: shares doubled") if hf["hand"] \
        else "not a 荒番 hand"
    why = {"win": "a win takes 1 off, not below 0", "exhaustive_draw": "an exhaustive draw adds 1",
           "false_win": "a false win leaves it"}.get(hand["result"], "")
    after = f"after {hf['after']}" + (f" ({why}, SH-HF-4)" if why else "") if hf.get("after") is not None else ""
    now = f" → {hf['before'] + hf['dice']}" if hf.get("dice") else ""
    return wrap(f"荒番 counter: before {hf['before']}, {roll}{now} (SH-HF-2): {played} (SH-HF-3)"
                + (f"; {after}" if after else ""), 2)


def _wild_line(h: _Hand, rules: Optional[ShRules]) -> list[str]:
    """SH-BD-1: the tile turned up and the wild kind it gives (百搭), as the record has them."""
    turned = [e.get("tile") for e in h.events if isinstance(e, dict) and e.get("type") == "indicator"]
    first = h.events[0] if h.events and isinstance(h.events[0], dict) else {}
    indicator = next((t for t in reversed(turned) if isinstance(t, str)), None) or first.get("indicator")
    if not isinstance(indicator, str):
        return []
    wild = first.get("wild") if not turned else None
    if wild is None and rules is not None:
        try:
            wild = code(wild_kind(parse_tile(indicator), rules.options.wild_rule))
        except TileError:
            wild = None
    aside = [t for t in turned[:-1] if isinstance(t, str)]
    laid = f" (flowers turned up and laid aside first: {' '.join(aside)})" if aside else ""
    return wrap(f"百搭 wild tiles (SH-BD-1): indicator {indicator}{laid}" +
                (f", every {wild} is wild" if wild else ""), 2)


def _knocks(h: _Hand) -> list[str]:
    """SH-QIAO-1: who knocked, at which event (numbered from 1)."""
    knocks = [f"{e.get('player')} at event {i + 1}" for i, e in enumerate(h.events)
              if isinstance(e, dict) and e.get("type") == "declare" and e.get("what") == "knock"]
    return wrap("敲 knocked (SH-QIAO-1): " + ", ".join(knocks), 2) if knocks else []


def sh_lines(h: _Hand, ruleset: dict, record: Optional[dict] = None) -> list[str]:
    hand, lines = h.hand, []
    rules = rules_of(ruleset) if isinstance(ruleset, dict) else None
    lines += _huang_fan_line(hand, record, rules)
    lines += _wild_line(h, rules)
    lines += _knocks(h)
    doubled = bool((hand.get("huang_fan") or {}).get("hand"))
    for w in hand["winners"]:
        src = f" from {w['from']}" if w.get("from") else ""
        lines += wrap(f"Winner {w['player']} ({_HOW.get(w['how'], w['how'])}{src}, {w.get('tile') or '-'}): "
                      f"{w['fan']} 番, {w['flowers']} 花 flowers, {w['points']} points", 2)
        formula = points_formula(rules, w, doubled)
        if formula:
            lines += wrap(formula, 4)
        for p in w["patterns"]:
            lines += wrap(f"{p['rule']:<10} {p['name']} {p['en']}: {p['fan']} 番", 4)
    lines += _findings(h)
    for p, why in zip(hand["payments"], payment_reasons(hand, ruleset)):
        lines += wrap(f"{p['from']} pays {p['to']} {p['amount']} {why}", 2, hang=4)
    lines += wrap("Net: " + ", ".join(f"{who} {_money(n)}" for who, n in hand["net"].items()), 2)
    nxt = hand.get("next")
    if nxt:
        counter = f", 荒番 counter {nxt['huang_fan']}" if nxt.get("huang_fan") is not None else ""
        lines += wrap(f"Next: dealer {nxt['dealer']}, streak {nxt['streak']}{counter} "
                      "(no round wind: Shanghai seats carry none, SH-FLOW-9)", 2)
    return lines + _missing(h)


def payment_reasons(hand: dict, ruleset: dict) -> list[str]:
    """Each payment as the share it is and its clause."""
    rules = rules_of(ruleset) if isinstance(ruleset, dict) else None
    values = {w["player"]: w.get("value") for w in hand["winners"]}
    return [_why(p, values.get(p["to"]), rules) for p in hand["payments"]]


def _why(p: dict, V: Optional[int], rules: Optional[ShRules]) -> str:
    rule, amount = p["rule"], p["amount"]
    share = ""
    if rule == "SH-ZH-2" and rules is not None:
        fw = rules.options.false_win
        if fw == "reverse_lezi" and amount == rules.lezi_money:
            share = f"= 勒子 {rules.options.lezi} × base {rules.base}, to each other player (诈胡)"
        elif fw.startswith("fixed:") and amount == int(fw[6:]) * rules.base:
            share = f"= {fw[6:]} × base {rules.base}, to each other player (诈胡)"
    elif V:
        if p.get("liability") == "SH-BAO-1" or rule == "SH-BAO-1":
            if amount == V:
                share = f"= one share V {V} more (包三口: three claims fed)"
        elif amount == V:
            share = {"SH-PAY-1": f"= one share V {V} (自摸: each of the three pays one)",
                     "SH-PAY-2": f"= one share V {V} (the discarder alone pays)",
                     "SH-PAY-4": f"= one share V {V} (each winner on the tile)"}.get(rule, f"= one share V {V}")
        elif amount == 3 * V and rule in ("SH-PAY-3", "SH-PAY-4"):
            share = f"= 3V, V {V} (抢杠: the kong player pays all three shares)"
        elif amount == 2 * V:
            share = f"= 2V, V {V}"
    moved = f", 包 {p['liability']}" if p.get("liability") and p["liability"] != rule else ""
    return " ".join(x for x in (share, f"({rule}{moved})") if x)
