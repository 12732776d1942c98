"""The Wuhan adjudication: one referee's checklist per hand (RULEBOOK_WH.md), on the family's
``rulesbook.family13.hand`` and ``proceedings`` with Wuhan's pieces: one winner counted from the
dealer (WH-PR-2), no wind (WH-FLOW-1), values in ``ruleset.factor_table``.

``adjudicate(document)`` returns the ruling JSON of EVENT_LOG.md with RULEBOOK_WH §10's additions
(``winners[]``: ``hu``, ``value``, ``factor``, ``hard``, ``wild``, ``patterns``, ``factors``, no
``fan``; ``payments[]``: ``raw``, ``cap``, ``factors``).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

from referee import events as ev
from referee.tiles import N_KINDS, code
from rulesbook.family13 import hand
from rulesbook.family13.context import Win13
from rulesbook.family13.declarations import Words
from rulesbook.family13.hand import Carry, HandPlan
from rulesbook.family13.proceedings import Plan, Proceedings
from rulesbook.family13.win_facts import win13
from rulesbook.findings import Finding

from . import bao
from .factors import items_json, number, table_items
from .hu import count_win, face_down_kongs, pattern_json, wild_json
from .irregular import WH_IRR
from .options import RULEBOOK_VERSION, WhRules
from .settle import Settled, best, pay, pay_false_win
from .table import replay
from .wins import CLAUSES, TEXT, judge, statement_fault

__all__ = ["Carry", "adjudicate", "rules_of"]

PROCEEDINGS = Plan(count=count_win, judge=judge, words=Words(CLAUSES, TEXT), irr=WH_IRR,
                   meld_rules=bao.meld_rules, rank=bao.RANK, robbable_concealed=lambda rules, count: False,
                   orphans=False)


def _proceedings(rules: WhRules, round_wind: int) -> Proceedings:
    return Proceedings(rules, round_wind, PROCEEDINGS)


def _not_ready(table, rules: WhRules, hidden: set[str], assume: bool = False):
    """Whether a player, as he stands, waits on no tile that would give him a valid win
    (``quanqiuren_bao: not_ready``, WH-CB-2); for a player whose concealed tiles the log does not
    show the answer is ``assume``, and he is put in ``hidden`` (the ruling lists the missing fact)."""
    def check(player: str) -> bool:
        ps = table.p[player]
        if ps.unknown:
            hidden.add(player)
            return assume
        for k in range(N_KINDS):
            counts = list(ps.counts[:N_KINDS])
            counts[k] += 1
            hand13 = Win13(concealed=tuple(counts), win_tile=k, how="discard", melds=tuple(ps.melds),
                           indicator=table.indicator, wild=table.wild)
            if count_win(hand13, rules).qualifies:
                return False
        return True
    return check


def _agreed(s: Settled, others: list[Optional[Settled]]) -> Settled:
    """``s`` with only the lines the same (payer and amount) in every settlement the log cannot
    tell from it (None: one in which the hand does not win): the others need the missing fact."""
    return replace(s, lines=tuple(x for n, x in enumerate(s.lines) if all(
        o is not None and (o.lines[n].payer, o.lines[n].points) == (x.payer, x.points) for o in others)))


def _settle(ledger, rules: WhRules, players, table, proc, valid, findings) -> list[dict]:
    """The one valid win's money (WH-PAY), its reading chosen in full (WH-LZ-6.5), its liability
    listed when it moves money (WH-CB-5), a wrong statement of its 癞子 (WH-IRR-4)."""
    winners = []
    for j in valid:
        w = j.w
        keys = table_items(table, rules, w.at, w.claimed_at if w.how == "discard" else None)
        restored = {e.about for e in table.events[:w.at] if isinstance(e, ev.Correct) and e.action == "restore"}
        found = [li for li in proc.liabilities.found if li.at not in restored]  # WH-CB-0: not counted
        hidden: set[str] = set()

        def settled(assume: bool) -> Settled:
            not_ready = _not_ready(table, rules, hidden, assume)
            return best(rules, players, table.dealer, w.player, w.how, w.source, j.count.readings, keys,
                        lambda r: bao.acting(rules.options, found, r, w.player, w.how, w.source, w.tile,
                                             w.claimed_at, w.at, not_ready))
        s = settled(False)
        if hidden:  # WH-CB-2 not_ready, the discarder's tiles hidden
            s = _agreed(s, [settled(True)])
            proc.missing += [{"fact": "concealed_tiles", "player": p, "at": w.claimed_at, "needed_for":
                              "WH-CB-2: whether he was ready at his discard (quanqiuren_bao not_ready), "
                              "which would make him pay all three shares"} for p in sorted(hidden)]
        hand13 = win13(table, w, 27)  # (wuhan scores no wind)
        kongs = None if hand13 is None else face_down_kongs(hand13, rules)
        if kongs is not None:  # the winner's concealed kong laid face down, its tiles not in the log
            agreed = _agreed(s, [None if not c.qualifies else
                                 best(rules, players, table.dealer, w.player, w.how, w.source, c.readings, keys,
                                      lambda r: bao.acting(rules.options, found, r, w.player, w.how, w.source,
                                                           w.tile, w.claimed_at, w.at, _not_ready(table, rules, set())))
                                 for c in kongs])
            if agreed.lines != s.lines:
                s = agreed
                proc.missing.append({"fact": "kong_tiles", "player": w.player, "at": w.at, "needed_for":
                                     "WH-HU-4.1-4.3: whether his hand is a 清一色, 风一色 or 将一色 with it"})
        pay(ledger, rules, w.player, s, w.at)
        if s.liability is not None and any(x.payer != x.loser for x in s.lines):  # it moves money
            findings.append(_liability_finding(s.liability, w.player))
        fault = statement_fault(table, w, j.count)
        if fault is not None:
            findings.append(Finding(fault[0], w.player, w.at, "ruled",
                                    f"{w.player}: {fault[1]}; the hand is read by WH-LZ-6 and the win stands.",
                                    f"{w.player}：{fault[2]}；按WH-LZ-6读牌，胡牌成立。"))
        r = s.reading
        winner = {"player": w.player, "how": w.how, "tile": None if w.tile is None else code(w.tile)}
        if w.source is not None:
            winner["from"] = w.source
        winner.update({"hu": "big" if r.big else "small", "value": number(r.value),
                       "factor": number(s.factor), "hard": r.hard,
                       "wild": wild_json(r, table.wild),
                       "patterns": [pattern_json(h) for h in r.hands],
                       "factors": items_json(rules, list(s.winner_keys))})
        winners.append(winner)
    return winners


def _liability_finding(li: bao.Acting, covered: str) -> Finding:
    """WH-CB-5: at its creating event (the third claim, the discard, the added kong)."""
    zh, en = bao.NAMES[li.clause]
    return Finding(li.clause, li.liable, li.at if li.at is not None else 0, "ruled",
                   f"{li.liable} is liable (承包, {en}) for {covered}'s win: he pays all three shares.",
                   f"{li.liable}{zh}：{covered}胡牌的三家分数由{li.liable}一人支付。")


PLAN = HandPlan(
    rules_of=WhRules.of, proceedings=_proceedings, replay=replay, settle=_settle,
    pay_false_win=pay_false_win, liability_finding=lambda li: None,
    clause={"flow": "WH-FLOW-8", "zh": "WH-ZH-1", "barred": "WH-GS-3"},
    beside=frozenset(("WH-IRR-1", "WH-IRR-2", "WH-HZ-1", "WH-HU-2", "WH-GS-3", "WH-PR-3", "WH-IRR-4",
                      "WH-PR-5", "WH-PR-6")),
    text=hand.texts({
        "flow": "本局记录与上局裁定不符（{items}），本局按记录结算。", "flow_item": "{name}{have}（应为{want}）",
        "void": "{player}宣告无效：{what}。不罚款，照常行牌。", "false": "{player}诈胡：{what}。{cost}",
        "dead_hand": "本局相公，不罚款，照常行牌。", "ends": "诈胡：本局结束，按WH-ZH-2赔付。",
        "shared": "诈胡：按WH-ZH-2赔付；同一张牌的有效胡牌照常成立（WH-ZH-5）。",
    }, "False win (诈胡): the hand ends and he pays as WH-ZH-2 says.", hand.shared_words("WH")),
    flow_names=("庄家", "连庄", "圈风"),
    missing={"win": "WH-ZH-1: whether the declaration wins; WH-PAY: its money",
             "pass": "WH-GS-1: whether he let a win pass there, which would bar this one"},
    version=RULEBOOK_VERSION, bump_from_dealer=True, winds=False, table_field="factor_table")


rules_of = PLAN.read_rules
seating = PLAN.seating
adjudicate = PLAN.adjudicate
