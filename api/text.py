"""A readable text form of a ruling, for a referee at the table."""
from __future__ import annotations

_RESULT = {"win": "和牌 win", "exhaustive_draw": "荒局 exhaustive draw", "false_win": "詐和 false win",
           "penalty": "包賠 penalty", "open": "未完 open (the record stops before the hand ended)",
           "undetermined": "未定 undetermined (a fact the log does not hold decides it: see missing)"}


def _money(n: int) -> str:
    return f"{n:+d}" if n else "0"


def format_text(ruling: dict) -> str:
    lines = [f"Ruling ({ruling['rulebook']}, variant {ruling['variant']})"]
    many = len(ruling["hands"]) > 1
    for k, hand in enumerate(ruling["hands"]):
        lines.append("")
        lines.append(f"Hand {k + 1}: {_RESULT.get(hand['result'], hand['result'])}" if many
                     else f"Result: {_RESULT.get(hand['result'], hand['result'])}")
        for w in hand["winners"]:
            tai = "?" if w["tai"] is None else w["tai"]
            lines.append(f"  Winner {w['player']} ({w['how']}, {w['tile']}): {tai} tai")
            for p in w["patterns"]:
                lines.append(f"    {p['rule']:<10} {p['name']} {p['en']}: {p['tai']}")
        for r in hand["rulings"]:
            at = "" if r["at"] is None else f" at event {r['at']}"
            lines.append(f"  {r['rule']} [{r['status']}] {r['player'] or ''}{at}")
            lines.append(f"    {r['decision_zh']}")
            lines.append(f"    {r['decision']}")
        for p in hand["payments"]:
            lines.append(f"  {p['from']} pays {p['to']} {p['amount']} ({p['rule']})")
        lines.append("  Net: " + ", ".join(f"{who} {_money(n)}" for who, n in hand["net"].items()))
        if hand["next"]:
            nxt = hand["next"]
            lines.append(f"  Next: dealer {nxt['dealer']}, streak {nxt['streak']}, "
                         f"round wind {nxt['round_wind'] or 'unknown'}")
        for m in hand["missing"]:
            lines.append(f"  Missing: {m['fact']} of {m['player']} at event {m['at']} "
                         f"(needed for {m['needed_for']})")
        if not hand["complete"]:
            lines.append("  Incomplete: payments that depend on missing facts are left out.")
    if many:
        lines.append("")
        lines.append("Total: " + ", ".join(f"{who} {_money(n)}" for who, n in ruling["net"].items()))
    return "\n".join(lines)
