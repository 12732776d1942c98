"""Sichuan disputes as a Chengdu club referee rules them from RULEBOOK_SC.md, each worked out by hand
in its comment before the engine was run: every payment (amount, from, to, rule, ``at``), the nets,
the result, the clauses ruled, the winners (order, at, value, 番), who left play and the checks.

B = 1 and preset ``chengdu`` (cap 3 番: the cap value is 8) unless a dispute says otherwise.
``sckit.WAITING``: A (the dealer) to discard 1199p5p123456789s; B 123456789m11p46p waits 5p (平胡);
C 22p33p77p88p11s99s waits 5p (七对, 2 番); D 15m99m222s345s678s is not ready; voids A m, B s, C m, D p."""
import pytest

from referee.errors import InputError
from tests.sckit import VOIDS, WAITING, declare, discard, doc, draw, kong, paid, pon, rule, ruling, state, win

END = {"type": "exhaustive_draw"}
ONLINE = {"base": 1, "preset": "online"}


def won(hand) -> list[tuple]:
    return [(w["player"], w["order"], w["at"], w["how"], w["value"], w["fan"], w["fan_paid"])
            for w in hand["winners"]]


def ruled(hand) -> list[tuple[str, str]]:
    return sorted((r["rule"], r["player"]) for r in hand["rulings"] if r["status"] == "ruled")


def rows(hand, i: int = 0) -> list[str]:
    return [p["rule"] for p in hand["winners"][i]["patterns"]]


def checks(hand) -> list[tuple]:
    return [(c["player"], c["pig"], c["ready"], c.get("best_fan")) for c in hand["checks"]]


def nets(**kw) -> dict:
    return {p: kw.get(p, 0) for p in "ABCD"}


# --- several wins in one hand (SC-XZ, SC-PAY-4, SC-FLOW-9) ---------------------------------------

#: D waits on 5p too (123m 456m 789m 11m 46p, void s): three players wait on A's 5p
THREE = dict(WAITING, D="123m456m789m11m46p")
THREE_VOIDS = dict(VOIDS, D="s")


def d_pong(hands: dict, tile: str, drawn: str, **kw) -> dict:
    """D to discard, with a pong of ``tile`` (from A), having drawn ``drawn`` from the wall; voids A p,
    B s, C m, D p."""
    return state(hands, turn="D", voids={"A": "p", "B": "s", "C": "m", "D": "p"},
                 melds={"D": [{"kind": "pon", "tiles": tile * 3, "tile": tile, "from": "A"}]},
                 drawn={"tile": drawn, "from": "wall"}, **kw)


def test_one_discard_won_by_three_ends_the_hand():  # SC-PR-2, SC-PAY-4, SC-XZ-3, SC-FLOW-9
    # A's 5p: B 平胡 (V 1), C 七对 (V 4), D 平胡 (V 1); A pays each his own V. The third valid win ends
    # the hand (no checks); the first win was several on one discard: the discarder A deals next,
    # and he dealt this hand: streak 1. Logged C, D, B: ordered from A: B 1, C 2, D 3 (B's at is 4)
    hand = rule(doc([state(THREE, voids=THREE_VOIDS), discard("A", "5p"), win("C", "discard", "5p", "A"),
                     win("D", "discard", "5p", "A"), win("B", "discard", "5p", "A")]))
    assert sorted(paid(hand), key=lambda p: p[1]) == [("A", "B", 1, "SC-PAY-4", 4), ("A", "C", 4, "SC-PAY-4", 2),
                                                      ("A", "D", 1, "SC-PAY-4", 3)]
    assert hand["net"] == nets(A=-6, B=1, C=4, D=1) and hand["result"] == "win" and hand["complete"]
    assert [(w[0], w[1]) for w in won(hand)] == [("B", 1), ("C", 2), ("D", 3)]
    assert hand["left_play"] == ["B", "C", "D"] and "checks" not in hand and hand["rulings"] == []
    assert hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


def test_three_wins_at_three_moments_who_still_pays_whom():  # SC-XZ-1, SC-XZ-2, SC-PAY-1, 2
    # A discards 2s. B draws 5p: self-draw 平胡 V 1, A C D each pay 1 + 1 (at 3). C (next in play
    # after B) draws 5p: 七对 V 4, only A and D pay 4 + 1 (at 5). D draws 1s and lets it go, A draws
    # 9m and discards 5p: D wins 平胡, A pays 1 (at 10): the third win ends the hand. B, a single
    # first winner, deals next (streak 0). A -2-5-1 = -8, B +6, C -2+10 = +8, D -2-5+1 = -6
    hand = rule(doc([state(THREE, voids=THREE_VOIDS), discard("A", "2s"), draw("B", "5p"), win("B", "self_draw"),
                     draw("C", "5p"), win("C", "self_draw"), draw("D", "1s"), discard("D", "1s"), draw("A", "9m"),
                     discard("A", "5p"), win("D", "discard", "5p", "A")]))
    assert paid(hand) == [(p, "B", 2, "SC-PAY-1", 3) for p in "ACD"] + [(p, "C", 5, "SC-PAY-1", 5) for p in "AD"] + [
        ("A", "D", 1, "SC-PAY-2", 10)]
    assert hand["net"] == nets(A=-8, B=6, C=8, D=-6) and hand["result"] == "win"
    assert won(hand) == [("B", 1, 3, "self_draw", 1, 0, 0), ("C", 2, 5, "self_draw", 4, 2, 2),
                         ("D", 3, 10, "discard", 1, 0, 0)]
    assert hand["left_play"] == ["B", "C", "D"] and hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_head_bump_only_the_first_after_the_discarder():  # SC-PR-2 head_bump
    # the same three declarations under head_bump: only B (first after A) wins: A pays him 1 (a single
    # winner: SC-PAY-2); C and D win nothing and stay in play; C, next after B, draws
    hand = rule(doc([state(THREE, voids=THREE_VOIDS), discard("A", "5p"), win("C", "discard", "5p", "A"),
                     win("D", "discard", "5p", "A"), win("B", "discard", "5p", "A"), draw("C", "3m"),
                     discard("C", "3m")], {"base": 1, "options": {"multiple_winners": "head_bump"}}))
    assert paid(hand) == [("A", "B", 1, "SC-PAY-2", 4)] and hand["left_play"] == ["B"]
    assert hand["net"] == nets(A=-1, B=1) and hand["result"] == "open"


def test_kong_money_and_a_bloom_among_players_still_in_play():  # SC-GF-3, SC-GF-4, SC-FAN-20/21, SC-PAY-1
    # B has left play. D's concealed 2s kong: A and C pay 2 each (not B) at 1. D draws 4m from the
    # back: 2222s 345s 678s 99m 456m: 平胡 0 + 根 1 + 杠上花 1 = 2 番, V 4; A and C pay 4 + 1 at 3.
    # A -7, C -7, D +14; two wins in the hand so far: open
    position = state({"A": 13, "B": WAITING["B"], "C": 13, "D": "2222s345s678s99m56m"}, turn="D",
                     left_play=[{"players": ["B"], "how": "self_draw", "tile": "5p"}])
    hand = rule(doc([position, kong("D", "concealed", "2s2s2s2s"), draw("D", "4m", back=True),
                     win("D", "self_draw")]))
    assert paid(hand) == [("A", "D", 2, "SC-GF-3", 1), ("C", "D", 2, "SC-GF-3", 1), ("A", "D", 5, "SC-PAY-1", 3),
                          ("C", "D", 5, "SC-PAY-1", 3)]
    assert hand["net"] == nets(A=-7, C=-7, D=14) and hand["result"] == "open" and hand["left_play"] == ["B", "D"]
    assert won(hand) == [("D", 2, 3, "self_draw", 4, 2, 2)]
    assert rows(hand) == ["SC-FAN-1", "SC-FAN-20", "SC-FAN-21"]


def test_call_transfer_of_a_concealed_kong_split_between_two_winners():  # SC-GF-6, SC-FAN-22, SC-PAY-4
    # D's concealed 2s kong: A, B, C pay 2 each (+6, at 1). D draws 5p from the back and discards
    # it: B (平胡 + 杠上炮 = 1, V 2) and C (七对 + 杠上炮 = 3, V 8) win. D pays 2 and 8, and the kong's
    # 6 is split 3 and 3. A -2, B -2+2+3 = 3, C -2+8+3 = 9, D +6-10-6 = -10
    position = state({"A": 13, "B": WAITING["B"], "C": WAITING["C"], "D": "2222s345s678s99m56m"}, turn="D")
    hand = rule(doc([position, kong("D", "concealed", "2s2s2s2s"), draw("D", "5p", back=True), discard("D", "5p"),
                     win("B", "discard", "5p", "D"), win("C", "discard", "5p", "D")]))
    assert paid(hand) == [(p, "D", 2, "SC-GF-3", 1) for p in "ABC"] + [
        ("D", "B", 2, "SC-PAY-4", 4), ("D", "C", 8, "SC-PAY-4", 5), ("D", "B", 3, "SC-GF-6", 4),
        ("D", "C", 3, "SC-GF-6", 5)]
    assert hand["net"] == nets(A=-2, B=3, C=9, D=-10)
    assert won(hand) == [("B", 1, 4, "discard", 2, 1, 1), ("C", 2, 5, "discard", 8, 3, 3)]
    assert ruled(hand) == [("SC-GF-6", "D")]


def test_one_robbed_kong_won_by_two_then_a_third_win():  # SC-PR-5, SC-PAY-3/4, SC-XZ-2, SC-FLOW-9
    # D adds 8s to his pong: B (123m 456m 789m 11s 7s9s) and C (234p 567p 999p 11s 79s) rob it, each
    # 平胡 + 抢杠胡 = 1, V 2: D pays 2 and 2; the kong earns nothing. D (after C, counted from D)
    # draws 5m and discards it: A (111m 222m 333m 444m 5m) wins 清对 3, V 8 (D pays, at 6). The
    # first win was two on one robbed kong: D deals next, streak 0. D -12, A +8, B +2, C +2
    hands = {"A": "111m222m333m444m5m", "B": "123m456m789m11s7s9s", "C": "234p567p999p11s79s",
             "D": "99m222s345s67s8s"}
    position = state(hands, turn="D", voids={"A": "p", "B": "p", "C": "m", "D": "p"},
                     melds={"D": [{"kind": "pon", "tiles": "8s8s8s", "tile": "8s", "from": "A"}]},
                     drawn={"tile": "8s", "from": "wall"})
    hand = rule(doc([position, kong("D", "added", "8s8s8s8s"), win("B", "rob_kong", "8s", "D"),
                     win("C", "rob_kong", "8s", "D"), draw("D", "5m"), discard("D", "5m"), win("A", "discard", "5m", "D")]))
    assert paid(hand) == [("D", "B", 2, "SC-PAY-4", 2), ("D", "C", 2, "SC-PAY-4", 3), ("D", "A", 8, "SC-PAY-2", 6)]
    assert hand["net"] == nets(A=8, B=2, C=2, D=-12) and hand["result"] == "win"
    assert won(hand) == [("B", 1, 2, "rob_kong", 2, 1, 1), ("C", 2, 3, "rob_kong", 2, 1, 1),
                         ("A", 3, 6, "discard", 8, 3, 3)]
    assert rows(hand, 0) == ["SC-FAN-1", "SC-FAN-23"] and rows(hand, 2) == ["SC-FAN-7"]
    assert hand["next"] == {"dealer": "D", "streak": 0, "round_wind": None}


# --- 番 rows, one per dispute: B wins on A's discard, A pays V = 2^F (SC-PAY-2) -----------------------

def fan_doc(b_hand: str, tile: str, b_void: str = "s", melds=None, ruleset=None):
    position = state({"A": 14, "B": b_hand, "C": 13, "D": 13}, voids=dict(VOIDS, B=b_void),
                     **({"melds": {"B": melds}} if melds else {}))
    return doc([position, discard("A", tile), win("B", "discard", tile, "A")], ruleset)


def pons(*tiles, frm="C"):
    return [{"kind": "pon", "tiles": t * 3, "tile": t, "from": frm} for t in tiles]


def kongs(*tiles, kind="claimed", frm="C"):
    return [{"kind": "kong", "kong": kind, "tiles": t * 4, **({"tile": t, "from": frm} if kind == "claimed" else {})}
            for t in tiles]


FAN_ROWS = [
    # hand, tile, void, melds, ruleset, rows, fan, V: each worked out from §4
    # 111m 222m 333p 555p 44p: all pongs 1 番, V 2
    ("111m222m333p44p55p", "5p", "s", None, None, ["SC-FAN-2"], 1, 2),
    # 111m 234m 555m 678m 999m (九莲 shape): 清一色 2 (234m has no 1 or 9: not 带幺九), V 4
    ("1112345678999m", "5m", "s", None, None, ["SC-FAN-3"], 2, 4),
    # 123m 789m 111p 789p 99p: every set and the pair hold a 1 or 9: 带幺九 2, V 4
    ("123m789m111p789p9p", "9p", "s", None, None, ["SC-FAN-4"], 2, 4),
    # four pongs on the table, 5p single: 金钩钓 2 (对对胡 1 not added), V 4
    ("5p", "5p", "s", pons("2m", "7m", "3p", "9p"), None, ["SC-FAN-6"], 2, 4),
    # 111m 333m 555m 777m 99m: 清对 3 (not 清一色 + 对对胡), V 8
    ("111m333m555m77m99m", "7m", "s", None, None, ["SC-FAN-7"], 3, 8),
    # 222m 555m 888m 222p 55p: 将对 3, V 8
    ("222m555m888m22p55p", "2p", "s", None, None, ["SC-FAN-8"], 3, 8),
    # 1111m 22m 33m 55p 66p 77p: 龙七对 4, its quad no 根; capped at 3: V 8
    ("1111m22m33m55p66p7p", "7p", "s", None, None, ["SC-FAN-9"], 4, 8),
    # the same under preset online (cap 6): V 16
    ("1111m22m33m55p66p7p", "7p", "s", None, ONLINE, ["SC-FAN-9"], 4, 16),
    # 1111m 2222m 33m 55p 7p + 7p: 龙七对 4 + the second quad a 根 1 = 5; online: V 32
    ("1111m2222m33m55p7p", "7p", "s", None, ONLINE, ["SC-FAN-9", "SC-FAN-20"], 5, 32),
    # 11m 22m 44m 55m 66m 88m 99m: 清七对 4; online V 16
    ("11m22m44m55m66m88m9m", "9m", "s", None, ONLINE, ["SC-FAN-10"], 4, 16),
    # 11m 123m 123m 789m 999m: 清幺九 4 + 根 (1m ×4) + 根 (9m ×4) = 6: online V 64, chengdu V 8
    ("11m123m123m789m99m", "9m", "s", None, ONLINE, ["SC-FAN-11", "SC-FAN-20", "SC-FAN-20"], 6, 64),
    ("11m123m123m789m99m", "9m", "s", None, None, ["SC-FAN-11", "SC-FAN-20", "SC-FAN-20"], 6, 8),
    # 111m 222m 333m 789m 9m + 9m: split 123m ×3 789m 99m is 清幺九 4 (the split 111m 222m 333m is
    # only 清一色 2: the highest split counts); online V 16
    ("111222333m789m9m", "9m", "s", None, ONLINE, ["SC-FAN-11"], 4, 16),
    # pongs 2m 5m 8m 2p, 8p single: 将金钩钓 4; cap_fan 5: V 16
    ("8p", "8p", "s", pons("2m", "5m", "8m", "2p"), {"base": 1, "options": {"cap_fan": 5}}, ["SC-FAN-12"], 4, 16),
    # pongs 1m 3m 5m 7m, 9m single: 清金钩钓 4 (清对 3 not added); online V 16
    ("9m", "9m", "s", pons("1m", "3m", "5m", "7m"), ONLINE, ["SC-FAN-13"], 4, 16),
    # 1111p 22p 33p 44p 55p 66p: 清龙七对 5; online V 32
    ("1111p22p33p44p55p6p", "6p", "m", None, ONLINE, ["SC-FAN-14"], 5, 32),
    # kongs 1m 2m 3p 4p, 5p single: 十八罗汉 6, its kongs no 根; online V 64
    ("5p", "5p", "s", kongs("1m", "2m", "3p", "4p"), ONLINE, ["SC-FAN-17"], 6, 64),
    # kongs 1m 2m 3m 4m, 5m single: 清十八罗汉 8; cap_fan 8: V 256
    ("5m", "5m", "s", kongs("1m", "2m", "3m", "4m"), {"base": 1, "options": {"cap_fan": 8}}, ["SC-FAN-18"], 8, 256),
    # pongs 2m 7m 3p and a claimed kong 9p, 5p single: 金钩钓 2 + 根 (the kong) 1 = 3, V 8
    ("5p", "5p", "s", pons("2m", "7m", "3p") + kongs("9p"), None, ["SC-FAN-6", "SC-FAN-20"], 3, 8),
    # pong 5p and the fourth 5p in hand (345p): 平胡 + 根 = 1, V 2
    ("345p123m456m7m", "7m", "s", pons("5p"), None, ["SC-FAN-1", "SC-FAN-20"], 1, 2),
    # the all-pongs hand with 对对胡 set to 2 by fan_table, base 3: V 3 × 4 = 12
    ("111m222m333p44p55p", "5p", "s", None, {"base": 3, "fan_table": {"SC-FAN-2": 2}}, ["SC-FAN-2"], 2, 12),
]


@pytest.mark.parametrize("b_hand, tile, void, melds, ruleset, want_rows, fan, value", FAN_ROWS)
def test_fan_row_and_its_money(b_hand, tile, void, melds, ruleset, want_rows, fan, value):  # SC-FAN, SC-PAY-0/2
    hand = rule(fan_doc(b_hand, tile, void, melds, ruleset))
    assert sorted(rows(hand)) == sorted(want_rows)
    cap = (ruleset or {}).get("options", {}).get("cap_fan", 6 if ruleset == ONLINE else 3)
    assert won(hand) == [("B", 1, 2, "discard", value, fan, min(fan, cap))]
    assert paid(hand) == [("A", "B", value, "SC-PAY-2", 2)] and hand["net"] == nets(A=-value, B=value)


# --- circumstance rows from the deal, the last tile, room extras ---------------------------------

DEAL = {"A": "1199p5p123456789s", "B": "123456789m11p46p", "C": "22p33p77p88p11s99s6p",
        "D": "15m99m222s345s678s"}


def dealt(hands=None) -> list:
    return [{"type": "deal", "hands": hands or DEAL}] + [declare(p, v) for p, v in VOIDS.items()]


def test_heavenly_win():  # SC-FAN-15, SC-PAY-1, SC-FAN-30
    # A's dealt 14 are 555p 99p 123s 456s 789s: 天胡 5 (a base row above 平胡), capped 3: V 8; each
    # of B, C, D pays 8 + 1 at 5. One win: the hand goes on
    hand = rule(doc(dealt(dict(DEAL, A="555p99p123456789s")) + [win("A", "self_draw")]))
    assert paid(hand) == [(p, "A", 9, "SC-PAY-1", 5) for p in "BCD"] and rows(hand) == ["SC-FAN-15"]
    assert won(hand) == [("A", 1, 5, "self_draw", 8, 5, 3)] and hand["net"] == nets(A=27, B=-9, C=-9, D=-9)


def test_earthly_win_on_the_dealers_first_discard_and_the_option_off():  # SC-FAN-16, option heavenly_earthly
    # B wins A's first discard 5p: 地胡 5, capped 3: A pays 8 at 6. Option off: 平胡, A pays 1
    events = dealt() + [discard("A", "5p"), win("B", "discard", "5p", "A")]
    hand = rule(doc(events))
    assert paid(hand) == [("A", "B", 8, "SC-PAY-2", 6)] and rows(hand) == ["SC-FAN-16"]
    hand = rule(doc(events, {"base": 1, "options": {"heavenly_earthly": False}}))
    assert paid(hand) == [("A", "B", 1, "SC-PAY-2", 6)] and rows(hand) == ["SC-FAN-1"]


def test_no_earthly_win_after_a_claim():  # SC-FAN-16 near miss
    # A discards 2s, D pongs it and discards 1m; A (after D) draws 3m and discards 5p: B's win is no
    # longer before any claim: 平胡, V 1 (at 10)
    events = dealt() + [discard("A", "2s"), pon("D", "2s", "2s2s"), discard("D", "1m"), draw("A", "3m"),
                        discard("A", "5p"), win("B", "discard", "5p", "A")]
    hand = rule(doc(events))
    assert paid(hand) == [("A", "B", 1, "SC-PAY-2", 10)] and rows(hand) == ["SC-FAN-1"]


def test_last_tile_self_draw_then_the_checks():  # SC-FAN-24, SC-FLOW-8, SC-CH-2
    # B draws the 海底 5p: 平胡 + 海底捞月 = 1, V 2; A C D pay 2 + 1 (at 2). The wall is out: the
    # exhaustive draw (3) checks A, C, D. A (1199p 123456789s) is ready on 1p/9p, best 平胡 0 (that
    # all four 1p are seen does not matter); C ready 七对 2; D not ready: he pays A 1 and C 4.
    # A -3+1 = -2, B +9, C -3+4 = +1, D -3-5 = -8. B, the first winner, deals next
    position = state(dict(WAITING, A="1199p123456789s"), turn="B", phase="draw", wall_left=1)
    hand = rule(doc([position, draw("B", "5p"), win("B", "self_draw"), END]))
    assert paid(hand) == [(p, "B", 3, "SC-PAY-1", 2) for p in "ACD"] + [("D", "A", 1, "SC-CH-2", 3),
                                                                        ("D", "C", 4, "SC-CH-2", 3)]
    assert rows(hand) == ["SC-FAN-1", "SC-FAN-24"] and hand["net"] == nets(A=-2, B=9, C=1, D=-8)
    assert checks(hand) == [("A", False, True, 0), ("C", False, True, 2), ("D", False, False, None)]
    assert ruled(hand) == [("SC-CH-2", "D")] and hand["result"] == "win"
    assert hand["next"] == {"dealer": "B", "streak": 0, "round_wind": None}


def test_room_extras_on_a_concealed_all_simples_self_draw():  # SC-FAN-26, 27, preset online
    # B (234m 567m 345p 678p 2p) draws 2p: chengdu 平胡 V 1, each pays 1 + 1; online 门清 + 中张 = 2,
    # V 4, each pays 4 + 1
    events = [state({"A": 13, "B": "234m567m345p678p2p", "C": 13, "D": 13}, turn="B", phase="draw"),
              draw("B", "2p"), win("B", "self_draw")]
    assert paid(rule(doc(events))) == [(p, "B", 2, "SC-PAY-1", 2) for p in "ACD"]
    hand = rule(doc(events, ONLINE))
    assert paid(hand) == [(p, "B", 5, "SC-PAY-1", 2) for p in "ACD"]
    assert rows(hand) == ["SC-FAN-1", "SC-FAN-26", "SC-FAN-27"]


def test_pure_suit_with_a_root_self_drawn():  # SC-FAN-3, SC-FAN-20 (the rulebook's §4 example)
    # B holds 1111m 23m 456m 789m 9m and draws 9m: 111m 123m 456m 789m 99m, all 萬: 清一色 2 + 根
    # (four 1m) 1 = 3, V 8; each of A, C, D pays 8 + 1 at 2
    events = [state({"A": 13, "B": "1111m23m456m789m9m", "C": 13, "D": 13}, turn="B", phase="draw"),
              draw("B", "9m"), win("B", "self_draw")]
    hand = rule(doc(events))
    assert paid(hand) == [(p, "B", 9, "SC-PAY-1", 2) for p in "ACD"]
    assert rows(hand) == ["SC-FAN-3", "SC-FAN-20"] and won(hand) == [("B", 1, 2, "self_draw", 8, 3, 3)]


# --- the exhaustive draw: 查花猪, 查大叫, 退税 (SC-CH, SC-GF-7) -------------------------------------------

def test_two_pigs_pay_the_non_pigs_not_each_other():  # SC-CH-1, SC-CH-2, SC-CH-4
    # voids A s and B p: both hold their void suit: pigs. A discards 2s, B draws the last tile 3m and
    # discards 1p (his void), the draw. A and B each pay 8 to C and 8 to D (not to each other); D,
    # not ready and no pig, pays C (七对) 4; pigs pay no 查大叫. A -16, B -16, C +20, D +12
    position = state(voids=dict(VOIDS, A="s", B="p"), wall_left=1)
    hand = rule(doc([position, discard("A", "2s"), draw("B", "3m"), discard("B", "1p"), END]))
    assert paid(hand) == [("A", "C", 8, "SC-CH-1", 4), ("A", "D", 8, "SC-CH-1", 4), ("B", "C", 8, "SC-CH-1", 4),
                          ("B", "D", 8, "SC-CH-1", 4), ("D", "C", 4, "SC-CH-2", 4)]
    assert hand["net"] == nets(A=-16, B=-16, C=20, D=12)
    assert checks(hand) == [("A", True, False, None), ("B", True, False, None), ("C", False, True, 2),
                            ("D", False, False, None)]
    assert ruled(hand) == [("SC-CH-1", "A"), ("SC-CH-1", "B"), ("SC-CH-2", "D")]
    assert hand["result"] == "exhaustive_draw" and hand["next"] == {"dealer": "A", "streak": 1, "round_wind": None}


def test_best_call_of_a_dragon_seven_pairs_wait():  # SC-CH-2, SC-FAN-0.5, SC-FAN-9, SC-FAN-30
    # C holds 222p 33p 77p 88p 11s 99s: only 2p completes (2222p as two pairs): 龙七对 4, capped 3: 8.
    # A (after 2s: 1199p 5p 13456789s) and D are not ready: each pays B 1 and C 8. Online (cap 6): 16
    events = [state(dict(WAITING, C="222p33p77p88p11s99s"), wall_left=1), discard("A", "2s"), draw("B", "3m"),
              discard("B", "3m"), END]
    hand = rule(doc(events))
    assert paid(hand) == [("A", "B", 1, "SC-CH-2", 4), ("A", "C", 8, "SC-CH-2", 4), ("D", "B", 1, "SC-CH-2", 4),
                          ("D", "C", 8, "SC-CH-2", 4)]
    assert checks(hand) == [("A", False, False, None), ("B", False, True, 0), ("C", False, True, 3),
                            ("D", False, False, None)]
    hand = rule(doc(events, ONLINE))
    assert [p[2] for p in paid(hand)] == [1, 16, 1, 16] and hand["net"] == nets(A=-17, B=2, C=32, D=-17)


def test_a_wait_only_on_a_kind_he_holds_four_of_is_not_ready():  # SC-CH-0
    # D holds 6666s 123m 456m 789m: only a fifth 6s would complete it: not ready. A (1199p 5p 123m
    # 789m 9m 55m, after 1p) is not ready. Each pays B 1 and C 4
    hands = dict(WAITING, A="1199p5p1237899m55m", D="6666s123m456m789m")
    hand = rule(doc([state(hands, voids=dict(VOIDS, A="s"), wall_left=1), discard("A", "1p"), draw("B", "3m"),
                     discard("B", "3m"), END]))
    assert paid(hand) == [("A", "B", 1, "SC-CH-2", 4), ("A", "C", 4, "SC-CH-2", 4), ("D", "B", 1, "SC-CH-2", 4),
                          ("D", "C", 4, "SC-CH-2", 4)]
    assert checks(hand)[3] == ("D", False, False, None) and hand["net"] == nets(A=-5, B=2, C=8, D=-5)


def test_refund_to_a_payer_who_has_left_play():  # SC-GF-7, SC-CH-2, SC-CH-4, §13 kong_income
    # A's concealed 9p kong earned 2 from each of B, C, D before the position; B has since won. At
    # the draw A (3p5p7p 1s…7s after his 1p) is not ready: he pays C 4 (七对) and refunds 2 to B, C
    # and D. D not ready pays C 4. A -4-6 = -10, B +2, C +4+4+2 = +10, D -4+2 = -2. B's win makes the result win; he deals next
    hands = {"A": "1p3p5p7p1s3s5s7s2s4s6s", "B": WAITING["B"], "C": WAITING["C"], "D": WAITING["D"]}
    income = [{"to": "A", "from": p, "amount": 2, "kind": "concealed"} for p in "BCD"]
    position = state(hands, wall_left=1, melds={"A": [{"kind": "kong", "kong": "concealed", "tiles": "9p9p9p9p"}]},
                     left_play=[{"players": ["B"], "how": "self_draw", "tile": "5p"}], kong_income=income)
    hand = rule(doc([position, discard("A", "1p"), draw("C", "3m"), discard("C", "3m"), END]))
    assert paid(hand) == [("A", "C", 4, "SC-CH-2", 4), ("D", "C", 4, "SC-CH-2", 4)] + [
        ("A", p, 2, "SC-GF-7", 4) for p in "BCD"]
    assert hand["net"] == nets(A=-10, B=2, C=10, D=-2) and hand["result"] == "win"
    assert checks(hand) == [("A", False, False, None), ("C", False, True, 2), ("D", False, False, None)]
    assert ruled(hand) == [("SC-CH-2", "A"), ("SC-CH-2", "D"), ("SC-GF-7", "A")]
    assert hand["next"]["dealer"] == "B"


def test_a_pig_pays_a_non_ready_player_and_nobody_pays_a_best_call():  # SC-CH-1, SC-CH-2 near miss
    # B and C have won; A (void s here, holding s) is a pig, D is not ready: A pays D 8; D pays
    # nobody (no ready player in play). A -8, D +8
    position = state(voids=dict(VOIDS, A="s"), wall_left=1, left_play=[
        {"players": ["B", "C"], "how": "discard", "from": "D", "tile": "5p"}])
    hand = rule(doc([position, discard("A", "2s"), draw("D", "3m"), discard("D", "3m"), END]))
    assert paid(hand) == [("A", "D", 8, "SC-CH-1", 4)] and hand["net"] == nets(A=-8, D=8)
    assert checks(hand) == [("A", True, False, None), ("D", False, False, None)]
    assert hand["next"] == {"dealer": "D", "streak": 0, "round_wind": None}  # 一炮多响 before: D deals


# --- false wins, passes, wrong claims, the void suit ------------------------------------------------

def test_false_win_pays_only_players_in_play_and_the_tile_is_still_won():  # SC-ZH-1..4, SC-XZ-1
    # B has left play. D declares on A's 5p without a winning hand: 8 to A and C only. C then wins the
    # same 5p (七对): A pays 4. D (next in play after C) draws and discards: play goes on.
    # A +8-4 = +4, C +12, D -16
    position = state(left_play=[{"players": ["B"], "how": "self_draw", "tile": "5p"}])
    hand = rule(doc([position, discard("A", "5p"), win("D", "discard", "5p", "A"), win("C", "discard", "5p", "A"),
                     draw("D", "3m"), discard("D", "3m")]))
    assert paid(hand) == [("D", "A", 8, "SC-ZH-2", 2), ("D", "C", 8, "SC-ZH-2", 2), ("A", "C", 4, "SC-PAY-2", 3)]
    assert hand["net"] == nets(A=4, C=12, D=-16) and hand["left_play"] == ["B", "C"]
    assert won(hand) == [("C", 2, 3, "discard", 4, 2, 2)] and ("SC-ZH-1", "D") in ruled(hand)
    assert hand["result"] == "open"


def test_a_dead_hand_from_the_state_declares_a_self_draw():  # SC-ZH-1, SC-IRR-1, SC-ZH-3, §13 dead_hand
    # B's hand is dead: his self-draw on 5p is false: 8 to each of A, C, D (at 2). The tiles go back;
    # B discards the 5p and C wins it (七对, V 4). B -28, A +8, C +12, D +8
    position = state(dict(WAITING, A="1199p123456789s"), turn="B", phase="draw", status={"B": {"dead_hand": True}})
    hand = rule(doc([position, draw("B", "5p"), win("B", "self_draw"), discard("B", "5p"),
                     win("C", "discard", "5p", "B")]))
    assert paid(hand) == [("B", p, 8, "SC-ZH-2", 2) for p in "ACD"] + [("B", "C", 4, "SC-PAY-2", 4)]
    assert hand["net"] == nets(A=8, B=-28, C=12, D=8) and ("SC-ZH-1", "B") in ruled(hand)
    assert won(hand) == [("C", 1, 4, "discard", 4, 2, 2)]


def test_passes_in_the_state_one_barred_one_higher():  # SC-GS-2, SC-GS-3, SC-ZH-2, §13 passed
    # B passed a 平胡 (F 0), C a win of F 1. A's 5p: B's 平胡 is not more than 0: a false win, 8 to
    # A, C, D; C's 七对 F 2 > 1 stands: A pays 4. A +4, B -24, C +12, D +8
    position = state(status={"B": {"passed": {"fan": 0}}, "C": {"passed": {"fan": 1}}})
    hand = rule(doc([position, discard("A", "5p"), win("B", "discard", "5p", "A"), win("C", "discard", "5p", "A")]))
    assert sorted(paid(hand)) == sorted([("B", p, 8, "SC-ZH-2", 2) for p in "ACD"] + [("A", "C", 4, "SC-PAY-2", 3)])
    assert hand["net"] == nets(A=4, B=-24, C=12, D=8)
    assert ("SC-GS-3", "B") in ruled(hand) and ("SC-ZH-1", "B") in ruled(hand)
    assert won(hand) == [("C", 1, 3, "discard", 4, 2, 2)]


def test_wrong_suit_under_implicit_voids():  # SC-QM-1 implicit, SC-QM-2, SC-ZH-1
    # no voids declared; B (123m 456m 789m 55s 46p) on A's 5p would hold three suits: false, 8 to A,
    # C, D. C (p and s only) wins the same tile: A pays 4. A +4, B -24, C +12, D +8
    hands = dict(WAITING, B="123m456m789m55s46p")
    position = state(hands)
    position["status"] = {}
    hand = rule(doc([position, discard("A", "5p"), win("B", "discard", "5p", "A"), win("C", "discard", "5p", "A")],
                    {"base": 1, "options": {"void_declaration": "implicit"}}))
    assert sorted(paid(hand)) == sorted([("B", p, 8, "SC-ZH-2", 2) for p in "ACD"] + [("A", "C", 4, "SC-PAY-2", 3)])
    assert ("SC-QM-2", "B") in ruled(hand) and hand["net"] == nets(A=4, B=-24, C=12, D=8)


def test_declared_void_from_the_deal_wrong_suit_win_then_discard_order():  # SC-QM-1, 2, 4, SC-ZH
    # B declares m though he holds nine m. On A's first discard 5p his win holds m: false (SC-QM-2),
    # 8 to each of A, C, D at 6. He then draws 3m and discards 1p while holding m: SC-QM-4, no money
    events = [{"type": "deal", "hands": DEAL}] + [declare(p, v) for p, v in dict(VOIDS, B="m").items()] + [
        discard("A", "5p"), win("B", "discard", "5p", "A"), draw("B", "3m"), discard("B", "1p")]
    hand = rule(doc(events))
    assert paid(hand) == [("B", p, 8, "SC-ZH-2", 6) for p in "ACD"] and hand["net"] == nets(A=8, B=-24, C=8, D=8)
    assert ruled(hand) == [("SC-QM-2", "B"), ("SC-QM-4", "B"), ("SC-ZH-1", "B")]


def test_pong_of_the_void_suit_makes_a_pig():  # SC-QM-3, SC-CH-1
    # D (void m) pongs B's 9m: ruled at once, no money. At the draw his meld holds m: a pig; he pays
    # 8 to A (ready 1p/9p), B and C; no 查大叫 (everyone else ready). D -24
    position = state(dict(WAITING, A="1199p123456789s"), voids=dict(VOIDS, D="m"), turn="B", phase="draw", wall_left=2)
    hand = rule(doc([position, draw("B", "9m"), discard("B", "9m"), pon("D", "9m", "9m9m"), discard("D", "1m"),
                     draw("A", "3m"), discard("A", "3m"), END]))
    assert paid(hand) == [("D", p, 8, "SC-CH-1", 7) for p in "ABC"] and hand["net"] == nets(A=8, B=8, C=8, D=-24)
    assert ruled(hand) == [("SC-CH-1", "D"), ("SC-QM-3", "D")]
    assert checks(hand) == [("A", False, True, 0), ("B", False, True, 0), ("C", False, True, 2), ("D", True, False, None)]


def test_pong_of_the_last_discard_is_a_wrong_claim():  # SC-FLOW-7, SC-IRR-3, SC-CH-2
    # the wall is out; A discards 2s and D pongs it, then discards 5m: the meld stands and D's hand
    # is dead. At the draw A (not ready) and D (dead) each pay B 1 and C 4
    hand = rule(doc([state(wall_left=0), discard("A", "2s"), pon("D", "2s", "2s2s"), discard("D", "5m"), END]))
    assert paid(hand) == [("A", "B", 1, "SC-CH-2", 4), ("A", "C", 4, "SC-CH-2", 4), ("D", "B", 1, "SC-CH-2", 4),
                          ("D", "C", 4, "SC-CH-2", 4)]
    assert ruled(hand) == [("SC-CH-2", "A"), ("SC-CH-2", "D"), ("SC-IRR-3", "D")]


def test_a_chow_makes_a_dead_hand_that_refunds_and_pays_the_big_call():  # SC-IRR-3, SC-IRR-1, SC-GF-7
    # B holds 2 of A's kong money (claimed, before the position). B chows A's 5p and discards 9m: his
    # hand is dead. C draws 3m, D draws the last 3m, the draw: A ready (1p/9p, 0), C ready (七对 2),
    # B dead and D not ready: each pays A 1 and C 4; B refunds A 2. A +4, B -7, C +8, D -5
    income = [{"to": "B", "from": "A", "amount": 2, "kind": "claimed"}]
    hand = rule(doc([state(wall_left=2, kong_income=income), discard("A", "5p"),
                     {"type": "chi", "player": "B", "tile": "5p", "with": "4p6p"}, discard("B", "9m"), draw("C", "3m"),
                     discard("C", "3m"), draw("D", "3m"), discard("D", "3m"), END]))
    assert paid(hand) == [("B", "A", 1, "SC-CH-2", 8), ("B", "C", 4, "SC-CH-2", 8), ("D", "A", 1, "SC-CH-2", 8),
                          ("D", "C", 4, "SC-CH-2", 8), ("B", "A", 2, "SC-GF-7", 8)]
    assert hand["net"] == nets(A=4, B=-7, C=8, D=-5)
    assert ruled(hand) == [("SC-CH-2", "B"), ("SC-CH-2", "D"), ("SC-GF-7", "B"), ("SC-IRR-3", "B")]


def test_input_error_a_winner_claims_again():  # SC-PR-6, SC-XZ-4
    with pytest.raises(InputError) as err:
        ruling(doc([state(), discard("A", "5p"), win("B", "discard", "5p", "A"), draw("C", "3m"), discard("C", "3m"),
                    pon("B", "3m", "3m3m")]))
    assert list(err.value.errors) == ["hand.events[5].player"]
