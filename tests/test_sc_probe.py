"""Sichuan acceptance probes (RULEBOOK_SC.md read clause by clause as a hidden acceptance suite
would): combinations and edges the other Sichuan modules do not rule yet, each worked out by hand
in its comment (B = 1, preset ``chengdu``, cap 3 番 → the cap value 8, unless a case says otherwise).

Voids as ``tests.sckit.VOIDS`` (A m, B s, C m, D p) unless a case gives its own."""
from __future__ import annotations

from tests.sckit import VOIDS, WAITING, declare, discard, doc, draw, kong, paid, pon, rule, state, win

END = {"type": "exhaustive_draw"}
#: hands dealt with the voids of ``VOIDS``: B waits 5p (平胡), C 6p (七对), D is not ready
DEAL = {"A": "1199p5p123456789s", "B": "123456789m11p46p", "C": "22p33p77p88p11s99s6p",
        "D": "15m99m222s345s678s"}


def nets(**kw) -> dict:
    return {p: kw.get(p, 0) for p in "ABCD"}


def rows(hand, i: int = 0) -> list[str]:
    return [p["rule"] for p in hand["winners"][i]["patterns"]]


def ruled(hand) -> list[tuple[str, str]]:
    return sorted((r["rule"], r["player"]) for r in hand["rulings"] if r["status"] == "ruled")


def dealt(hands: dict, voids: dict | None = None) -> list:
    return [{"type": "deal", "hands": hands}] + [declare(p, v) for p, v in (voids or VOIDS).items()]


# --- SC-FAN-15 天胡: on the dealt 14 only ---------------------------------------------------------

def test_heavenly_win_needs_the_dealt_14_not_a_kong_replacement():  # SC-FAN-15, SC-FAN-21, SC-FAN-20, SC-GF-3
    # A (void m) is dealt 5555p 99p 123s 456s 78s; before his first discard he kongs 5555p (B, C, D pay
    # 2 each when the replacement is drawn; the payments belong to the kong, event 5) and wins on its replacement 9s. The hand that wins is no
    # longer his dealt 14: no 天胡; 平胡 0 + 根 1 (the kong) + 杠上花 1 = 2, V 4; each pays 4 + 1.
    # A +6 +15 = +21, B, C, D -7 each
    hands = dict(DEAL, A="5555p99p123s456s78s", C="22p33p77p88p11s99s4p")
    hand = rule(doc(dealt(hands) + [kong("A", "concealed", "5p5p5p5p"), draw("A", "9s", back=True),
                                    win("A", "self_draw", "9s")]))
    assert rows(hand) == ["SC-FAN-1", "SC-FAN-20", "SC-FAN-21"]
    assert hand["winners"][0]["fan"] == 2 and hand["winners"][0]["value"] == 4
    assert paid(hand) == [(p, "A", 2, "SC-GF-3", 5) for p in "BCD"] + [(p, "A", 5, "SC-PAY-1", 7) for p in "BCD"]
    assert hand["net"] == nets(A=21, B=-7, C=-7, D=-7)


def test_heavenly_win_with_four_of_a_kind_kept_concealed():  # SC-FAN-15 near miss, SC-FAN-20, SC-FAN-30
    # four 5p kept concealed in the dealt 14 (5555p 67p 99p 123s 456s = 555p 567p 99p 123s 456s): the
    # dealt hand wins before any kong: 天胡 5 + 根 1 = 6, F 3, V 8; each of B, C, D pays 8 + 1 at 5
    hands = dict(DEAL, A="5555p67p99p123s456s", B="123456789m11p48p", C="22p33p77p88p11s99s4p")
    hand = rule(doc(dealt(hands) + [win("A", "self_draw")]))
    assert rows(hand) == ["SC-FAN-15", "SC-FAN-20"] and hand["winners"][0]["fan"] == 6
    assert paid(hand) == [(p, "A", 9, "SC-PAY-1", 5) for p in "BCD"] and hand["net"] == nets(A=27, B=-9, C=-9, D=-9)


# --- SC-GF-2 面下杠: the tile drawn in that same turn, also after another kong ---------------------

#: D (void p) has a pong of 8s fed by A and holds 2222s 345s 99m and a fourth tile; D to draw
KONG_HANDS = {"A": "1199p55p3456799s", "B": WAITING["B"], "C": WAITING["C"], "D": "2222s345s99m5m"}
KONG_VOIDS = {"A": "m", "B": "s", "C": "m", "D": "p"}


def kong_turn(d_hand: str, first_draw: str) -> list:
    """D draws ``first_draw``, kongs 2222s concealed (replacement 5m), adds 8s to his pong
    (replacement 6m) and discards 6m."""
    position = state(dict(KONG_HANDS, D=d_hand), turn="D", phase="draw", voids=KONG_VOIDS,
                     melds={"D": [{"kind": "pon", "tiles": "888s", "tile": "8s", "from": "A"}]})
    return [position, draw("D", first_draw), kong("D", "concealed", "2s2s2s2s"), draw("D", "5m", back=True),
            kong("D", "added", "8s8s8s8s"), draw("D", "6m", back=True), discard("D", "6m")]


def test_added_kong_with_the_tile_drawn_earlier_in_the_same_turn():  # SC-GF-2, SC-GF-3, SC-GF-4
    # D draws 8s from the wall, first declares the concealed 2s kong (A, B, C pay 2 each at its
    # replacement; the payments belong to the kong, event 2), then adds the 8s he drew in this same
    # turn to his pong: 1 from each of A, B, C (event 4), though the replacement 5m came in between.
    # A, B, C -3 each, D +9
    hand = rule(doc(kong_turn("2222s345s99m5m", "8s")))
    assert paid(hand) == [(p, "D", 2, "SC-GF-3", 2) for p in "ABC"] + [(p, "D", 1, "SC-GF-2", 4) for p in "ABC"]
    assert hand["net"] == nets(A=-3, B=-3, C=-3, D=9) and hand["rulings"] == []


def test_added_kong_with_a_tile_held_from_an_earlier_turn_earns_nothing():  # SC-GF-2 回头杠 (near miss)
    # the same turn, but D held his 8s from an earlier turn and drew 5m: the added kong earns
    # nothing; only the concealed kong's 2 from each. A, B, C -2 each, D +6
    hand = rule(doc(kong_turn("2222s345s99m8s", "5m")))
    assert paid(hand) == [(p, "D", 2, "SC-GF-3", 2) for p in "ABC"]
    assert hand["net"] == nets(A=-2, B=-2, C=-2, D=6)


# --- SC-GS-5 过碰: only his own draw lifts it, not a claim of another kind -----------------------

#: A (void m) holds 33m to discard twice; C (void p) holds 33m and 55m
PONG_HANDS = {"A": "33m1199p123456s78s", "B": "124456789m11p46p", "C": "33m55m123s456s789s",
              "D": "15m99m456s678s789s"}
PONG_VOIDS = {"A": "m", "B": "s", "C": "p", "D": "p"}


def pong_again(c_turn: list) -> list:
    """A discards 3m, C lets it go (B draws 9p) and B discards 5m; ``c_turn`` is C's turn; then D
    draws and discards 2p, A draws 1s and discards his second 3m, C pongs it and discards 1s."""
    return [state(PONG_HANDS, voids=PONG_VOIDS), discard("A", "3m"), draw("B", "9p"), discard("B", "5m")] + c_turn + [
        draw("D", "2p"), discard("D", "2p"), draw("A", "1s"), discard("A", "3m"), pon("C", "3m", "3m3m"),
        discard("C", "1s")]


def test_a_pong_of_another_kind_does_not_lift_a_passed_pong():  # SC-GS-5, SC-IRR-3, SC-IRR-1, SC-CH-2
    # C lets A's 3m go (B's draw closes its window: 过碰 on 3m until C's next draw). C then pongs B's
    # 5m (another kind: legal) and discards 9s: no draw of his. His pong of A's second 3m is barred:
    # a wrong claim (SC-IRR-3), not restored before his discard (event 11), so his hand is dead from
    # there; no money
    hand = rule(doc(pong_again([pon("C", "5m", "5m5m"), discard("C", "9s")])))
    assert ruled(hand) == [("SC-IRR-3", "C")] and hand["rulings"][0]["at"] == 10
    assert "过碰" in hand["rulings"][0]["decision_zh"] and hand["payments"] == []


def test_a_passed_pong_lifted_by_his_draw():  # SC-GS-5 near miss
    # the same, but C draws 2p and discards it in his turn: his draw lifts the bar; his pong of A's
    # second 3m is legal: no ruling
    hand = rule(doc(pong_again([draw("C", "2p"), discard("C", "2p")])))
    assert hand["rulings"] == [] and hand["payments"] == []


# --- SC-GS-2: a pass keeps the F of the win passed, 地胡 included ---------------------------------

#: D (void p) holds the nine gates in 索 (1112345678999s); A, the dealer, opens with 5s
EARTHLY = {"A": "1199p55p12345678s", "B": "12345678m11p46p9s", "C": "22p33p44p66p77p88p5p", "D": "1112345678999s"}
EARTHLY_VOIDS = {"A": "m", "B": "s", "C": "m", "D": "p"}


def passed_earthly() -> list:
    """A discards 5s first; D lets it go (B's draw closes the window); B discards 9s and D declares
    on it before his own draw."""
    return dealt(EARTHLY, EARTHLY_VOIDS) + [discard("A", "5s"), draw("B", "9m"), discard("B", "9s"),
                                            win("D", "discard", "9s", "B")]


def test_a_passed_earthly_win_is_kept_at_its_capped_f():  # SC-GS-1, SC-GS-2, SC-FAN-16, SC-GS-3, SC-ZH-2
    # D could have won A's first discard: 清一色 2 → 地胡 5, F 3 (the cap). His pass keeps F 3. On
    # B's 9s he has 清一色 2 + 根 (9999s) 1 = F 3, not greater: barred, a false win: 8 to each of
    # A, B, C (at 8); his hand is dead, the hand goes on
    hand = rule(doc(passed_earthly()))
    assert ruled(hand) == [("SC-GS-3", "D"), ("SC-ZH-1", "D")] and hand["winners"] == []
    assert paid(hand) == [("D", p, 8, "SC-ZH-2", 8) for p in "ABC"] and hand["net"] == nets(A=8, B=8, C=8, D=-24)


def test_without_earthly_wins_the_pass_is_kept_at_f_2():  # SC-GS-2 near miss, option heavenly_earthly
    # heavenly_earthly off: the win passed was 清一色, F 2; F 3 on B's 9s is greater: it stands,
    # B pays 8
    hand = rule(doc(passed_earthly(), {"base": 1, "options": {"heavenly_earthly": False}}))
    assert rows(hand) == ["SC-FAN-3", "SC-FAN-20"] and paid(hand) == [("B", "D", 8, "SC-PAY-2", 8)]


# --- SC-PAY-5 点杠花 paid as a discard: no self-draw bonus, 自摸加番 included -----------------------

#: D (void p) holds 222s 345s 678s 99m 56m; A discards 2s, D kongs it and draws 4m from the back
BLOOM = dict(WAITING, D="222s345s678s99m56m")
BLOOM_EVENTS = [state(BLOOM), discard("A", "2s"), kong("D", "claimed", "2s2s2s2s"), draw("D", "4m", back=True),
                win("D", "self_draw")]


def test_a_fed_bloom_paid_as_a_discard_has_no_self_draw_fan():  # SC-PAY-5, SC-FAN-25, SC-FAN-21, SC-GF-1
    # claimed_kong_bloom discard with self_draw_bonus add_fan, B = 5: A pays D 10 for the kong (at 2);
    # D's 杠上花 on its replacement is paid by A alone "with no self-draw bonus": 平胡 0 + 根 1 + 杠上花 1
    # = 2 (no 自摸加番), V 20. A -30, D +30
    hand = rule(doc(BLOOM_EVENTS, {"base": 5, "options": {"claimed_kong_bloom": "discard", "self_draw_bonus": "add_fan"}}))
    assert rows(hand) == ["SC-FAN-1", "SC-FAN-20", "SC-FAN-21"] and hand["winners"][0]["value"] == 20
    assert paid(hand) == [("A", "D", 10, "SC-GF-1", 2), ("A", "D", 20, "SC-PAY-5", 4)]
    assert hand["net"] == nets(A=-30, D=30)


def test_the_same_bloom_paid_as_a_self_draw_has_it():  # SC-PAY-5 near miss, SC-FAN-25, SC-PAY-1
    # claimed_kong_bloom self_draw (default), add_fan: a self-draw: 2 + 自摸加番 1 = 3, V 40 from each
    # of A, B, C (no base added under add_fan). A -50, B -40, C -40, D +130
    hand = rule(doc(BLOOM_EVENTS, {"base": 5, "options": {"self_draw_bonus": "add_fan"}}))
    assert rows(hand) == ["SC-FAN-1", "SC-FAN-20", "SC-FAN-21", "SC-FAN-25"]
    assert paid(hand) == [("A", "D", 10, "SC-GF-1", 2)] + [(p, "D", 40, "SC-PAY-1", 4) for p in "ABC"]
    assert hand["net"] == nets(A=-50, B=-40, C=-40, D=130)


# --- combinations: a false declaration beside two valid ones on a 杠上炮 ---------------------------

def test_kong_discard_won_by_two_beside_a_false_declaration():  # SC-ZH-4, SC-GF-6, SC-PAY-4, SC-FAN-22, SC-PR-2
    # D's concealed 2s kong: A, B, C pay 2 (at 1). D draws 5p from the back and discards it. A
    # declares on it holding nothing that wins: a false win, 8 to each of B, C, D (all in play at 4).
    # B (平胡 + 杠上炮 = 1, V 2) and C (七对 + 杠上炮 = 3, V 8) win it: D pays each his V, and the
    # kong's 6 is split between the valid winners: 3 each. A -26, B +11, C +17, D -2
    hands = {"A": "1199p133456789s", "B": WAITING["B"], "C": WAITING["C"], "D": "2222s345s678s99m56m"}
    hand = rule(doc([state(hands, turn="D", voids=KONG_VOIDS), kong("D", "concealed", "2s2s2s2s"),
                     draw("D", "5p", back=True), discard("D", "5p"), win("A", "discard", "5p", "D"),
                     win("B", "discard", "5p", "D"), win("C", "discard", "5p", "D")]))
    assert [(w["player"], w["order"], w["fan"], w["value"]) for w in hand["winners"]] == [("B", 1, 1, 2), ("C", 2, 3, 8)]
    assert paid(hand) == [(p, "D", 2, "SC-GF-3", 1) for p in "ABC"] + [("A", p, 8, "SC-ZH-2", 4) for p in "BCD"] + [
        ("D", "B", 2, "SC-PAY-4", 5), ("D", "C", 8, "SC-PAY-4", 6), ("D", "B", 3, "SC-GF-6", 5), ("D", "C", 3, "SC-GF-6", 6)]
    assert hand["net"] == nets(A=-26, B=11, C=17, D=-2) and ruled(hand) == [("SC-GF-6", "D"), ("SC-ZH-1", "A")]
    assert hand["left_play"] == ["B", "C"] and hand["result"] == "open"


# --- SC-IRR-2.2 a false set found at the declaration is listed once, ruled -------------------------

def test_a_wrong_kong_found_at_the_declaration_is_ruled_not_unreported():  # SC-IRR-2.2, SC-GF-8, SC-ZH-1, SC-ZH-2
    # D lays 2s2s2s3s as a concealed kong (A, B, C pay 2 at its replacement), plays on, and
    # self-draws 1m: the false set makes the declaration false: its kong money goes back (SC-IRR-2,
    # at 11) and he pays 8 to each; SC-IRR-2 is ruled there, and not listed "unreported" as well
    hands = {"A": "1199p5p1345678s9s", "B": WAITING["B"], "C": WAITING["C"], "D": "2222s345s678s99m56m"}
    hand = rule(doc([state(hands, turn="D"), kong("D", "concealed", "2s2s2s3s"), draw("D", "3m", back=True),
                     discard("D", "3m"), draw("A", "9p"), discard("A", "9p"), draw("B", "1m"), discard("B", "1m"),
                     draw("C", "7m"), discard("C", "7m"), draw("D", "1m"), win("D", "self_draw")]))
    assert [(r["rule"], r["player"], r["status"]) for r in hand["rulings"]] == [
        ("SC-ZH-1", "D", "ruled"), ("SC-IRR-2", "D", "ruled")]
    assert hand["net"] == nets(A=8, B=8, C=8, D=-24)
