"""Riichi disputes, round 4 (continued from tests/test_riichi_clauses4.py, whose docstring says how
they are written): a riichi from a ``state`` and its stick on a re-deal (RJ-FLOW-10), and the
disputes after it, where clauses meet in one hand or across hands.
"""
from __future__ import annotations

import pytest

from referee.errors import InputError

from .riichikit import Hand, hand_of, money, rule
from .test_riichi_clauses import DEALER_READY, NINE_B, SIMPLES, fourth_kan, game
from .test_riichi_disputes import (DEAL, FOUR, NO_YAKU, PAO, TERMINALS, findings, next_of, payments, riichi_b,
                                   riichi_furiten, state_doc, table)


# ---------------------------------------------------------------------------------------------
# RJ-FLOW-10 with a ``state`` (§10): a riichi established before it put its stick out in this hand


@pytest.mark.parametrize("sticks, expected, nxt", [
    # the state's one stick is B's: the chombo re-deal gives it back (kyotaku pays B 1000)
    pytest.param(1, {"A": 4000, "B": -7000, "C": 2000, "D": 2000, "kyotaku": -1000}, ("A", 0, 0), id="his-stick-back"),
    # two on the table: B's goes back, the carried one stays
    pytest.param(2, {"A": 4000, "B": -7000, "C": 2000, "D": 2000, "kyotaku": -1000}, ("A", 0, 1), id="carried-stays"),
])
def test_flow10_a_chombo_re_deal_returns_a_state_riichis_stick(sticks, expected, nxt):
    """tests/test_riichi_disputes.py's ``state_doc``: B, in riichi from the state (1p/4p), draws
    4p and throws it; his ron on C's 1p is in discard furiten (RJ-FUR-1): chombo (RJ-IRR-1)."""
    doc = state_doc({"type": "draw", "player": "B", "tile": "4p"}, {"type": "discard", "player": "B", "tile": "4p"},
                    {"type": "draw", "player": "C", "tile": "1p"}, {"type": "discard", "player": "C", "tile": "1p"},
                    {"type": "win", "player": "B", "how": "discard", "tile": "1p", "from": "C", "ura": ["5z"]})
    doc["hand"]["sticks"] = sticks
    r = rule(doc)
    assert hand_of(r)["redeal"] is True and ("kyotaku", "B", 1000, "RJ-FLOW-10") in payments(r)
    assert money(r) == expected and next_of(r) == nxt


def test_flow10_near_miss_a_state_riichis_stick_goes_to_the_winner():
    """No chombo: B's tsumo takes every stick on the table, his own among them (RJ-PAY-6)."""
    r = rule(state_doc({"type": "draw", "player": "B", "tile": "4p"},
                       {"type": "win", "player": "B", "how": "self_draw", "tile": "4p", "ura": ["5z"]}))
    assert ("kyotaku", "B", 1000, "RJ-PAY-6") in payments(r) and "RJ-FLOW-10" not in {p[3] for p in payments(r)}


# ---------------------------------------------------------------------------------------------
# RJ-RII-1 / RJ-RII-4 / RJ-FLOW-6: the last riichi allowed, and ippatsu on the haitei draw


@pytest.mark.parametrize("declared_at, han, expected", [
    # B declares with draw 66 (4 tiles left, the fewest RJ-RII-1 allows); his next draw is the
    # 70th: riichi, ippatsu, menzen tsumo, haitei, pinfu 5 han: a mangan, 4000 / 2000, + 100 each
    pytest.param(66, 5, {"A": -4100, "B": 8300, "C": -2100, "D": -2100}, id="ippatsu-haitei"),
    # near miss: declared a go-round earlier (draw 62): no ippatsu, 4 han 20 fu (base 1280):
    # 2600 / 1300, + 100 each
    pytest.param(62, 4, {"A": -2700, "B": 5500, "C": -1400, "D": -1400}, id="haitei-only"),
])
def test_rii4_ippatsu_and_haitei_on_the_last_draw(declared_at, han, expected):
    h = table(honba=1)
    while h.draws < 69:
        p = h.turn
        h.draw(p)
        if h.draws == declared_at:
            h.riichi(p)
        h.discard(p)
    r = h.draw("B", "4p").win("B", "self_draw", "4p", ura="5z").rule()
    keys = {p["key"] for p in hand_of(r)["winners"][0]["patterns"]}
    assert {"riichi", "tsumo", "haitei", "pinfu"} <= keys and ("ippatsu" in keys) is (han == 5)
    assert hand_of(r)["winners"][0]["han"] == han and money(r) == expected


# ---------------------------------------------------------------------------------------------
# RJ-ABT-3 with RJ-PR-3: the fourth kan's discard won on after the next player's draw


def after_the_fourth_kan(then) -> Hand:
    """tests/test_riichi_clauses.py's ``fourth_kan`` (A, B, C, D each kan their wind; 1 honba, 1
    stick): D throws his replacement 1m (event 20) and the dealer A draws."""
    return then(fourth_kan(lambda h: h.draw("D", "1m", back=True).discard("D", "1m").draw("A")))


def test_abt3_the_fourth_kans_discard_won_on_after_the_next_draw():
    """A has drawn, not discarded: B's ron on D's 1m is in time (RJ-PR-3): a win, no abort. B
    (2222z 23m 456p 789s 11m): South 1 han, 20 + 10 (closed ron) + 32 (concealed honour kan) = 62
    → 70 fu: 4 × 560 → 2300, + 300 honba, + the stick."""
    r = after_the_fourth_kan(lambda h: h.win("B", "discard", "1m", frm="D")).rule()
    assert [(w["player"], w["han"], w["fu"], w["points"]) for w in hand_of(r)["winners"]] == [("B", 1, 70, 2300)]
    assert money(r) == {"B": 3600, "D": -2600, "kyotaku": -1000} and next_of(r) == ("B", 0, 0)


@pytest.mark.parametrize("then, at, what", [
    pytest.param(lambda h: h.discard("A"), 22, "discard", id="next-player-discards"),
    pytest.param(lambda h: h, 21, "draw", id="record-ends-on-the-draw"),
    pytest.param(lambda h: h.win("A", "self_draw"), 22, "win", id="the-drawer-cannot-win-on-it"),
])
def test_abt6_near_miss_after_the_fourth_kans_discard_nobody_rons(then, at, what):
    with pytest.raises(InputError) as err:
        after_the_fourth_kan(then).rule()
    assert err.value.errors == {f"hand.events[{at}]": [
        f"the hand ended at event 20 by four kans (四槓散了, RJ-ABT): an abort event must follow, not a {what}"]}


def test_abt3_the_abort_recorded_after_the_next_draw():
    r = after_the_fourth_kan(lambda h: h.ev(type="abort", kind="four_kans")).rule()
    assert hand_of(r)["abort"] == "four_kans" and money(r) == {} and next_of(r) == ("A", 2, 1)



@pytest.mark.parametrize("then, expected, nxt", [
    # nobody wins on D's riichi tile: it stood (RJ-RII-3; as RJ-ABT-2 says of four winds), and its
    # stick stays on the table with the carried one; the dealer keeps, honba + 1
    pytest.param(lambda h: h.ev(type="abort", kind="four_kans"), {"D": -1000, "kyotaku": 1000}, ("A", 2, 2),
                 id="abort-keeps-his-stick"),
    # B rons it after A's draw, in time: D's riichi never stood: no stick (B's 2300 + 300 + 1000)
    pytest.param(lambda h: h.win("B", "discard", "1m", frm="D"), {"B": 3600, "D": -2600, "kyotaku": -1000},
                 ("B", 0, 0), id="ronned-no-stick"),
])
def test_abt3_a_riichi_declared_with_the_fourth_kans_discard(then, expected, nxt):
    """D declares riichi with his replacement 1m after the fourth kan (his kans are concealed);
    the dealer A draws."""
    h = fourth_kan(lambda h: h.draw("D", "1m", back=True).riichi("D").discard("D", "1m").draw("A"))
    r = then(h).rule()
    assert money(r) == expected and next_of(r) == nxt

# ---------------------------------------------------------------------------------------------
# RJ-PAY-3 with RJ-PAY-4/5/6 and RJ-RII-4: two players rob one added kan


@pytest.mark.parametrize("riichi, expected", [
    # B (first from D, the kanner): chankan, pinfu 2 han 30 fu = 2000 + 300 honba + the stick;
    # C: tanyao, pinfu, chankan 3900; D pays both as the discarder (RJ-PAY-3)
    pytest.param(False, {"B": 3300, "C": 3900, "D": -6200, "kyotaku": -1000}, id="plain"),
    # B declared riichi before D's added kan: the robbed kan never completed, so his ippatsu holds
    # (RJ-RII-4): riichi, ippatsu, chankan, pinfu 4 han 30 fu = 7700 + 300 + both sticks
    pytest.param(True, {"B": 9000, "C": 3900, "D": -11900, "kyotaku": -1000}, id="riichi-ippatsu"),
])
def test_pay3_a_double_chankan(riichi, expected):
    """D pons A's 4p and later adds the fourth; B (1p/4p) and C (4p/7p) rob it (1 honba, 1 stick)."""
    h = table(honba=1, sticks=1).draw("A", "4p").discard("A", "4p").pon("D", "4p", "44p").discard("D", "9s")
    if riichi:
        h.draw("A").discard("A").draw("B").riichi("B").discard("B").draw("C").discard("C")
    else:
        h.go(3)
    h.draw("D", "4p").kong("D", "added", "4444p")
    r = h.win("C", "rob_kong", "4p", frm="D").win("B", "rob_kong", "4p", frm="D", **({"ura": ["5z"]} if riichi else {})).rule()
    assert [w["player"] for w in hand_of(r)["winners"]] == ["B", "C"]
    assert ("ippatsu" in [p["key"] for p in hand_of(r)["winners"][0]["patterns"]]) is riichi
    assert money(r) == expected and next_of(r) == ("B", 0, 0)


# ---------------------------------------------------------------------------------------------
# RJ-FUR-3 / RJ-IRR-0 with RJ-PAY-6: a riichi player's furiten ron beside a valid ron


@pytest.mark.parametrize("preset, expected", [
    # tenhou (chombo_with_win: both): no re-deal, so B's stick stood and goes with the carried one
    # to C (2000 + 300 + 2000); B pays his chombo: A 4000, C 2000, D 2000
    pytest.param("tenhou", {"A": 1700, "B": -9000, "C": 6300, "D": 2000, "kyotaku": -1000}, id="both"),
    # ema2016 (void_chombo, multiple_ron all): only C's win, with both sticks and the honba
    pytest.param("ema2016", {"A": -2300, "B": -1000, "C": 4300, "kyotaku": -1000}, id="void-chombo"),
])
def test_irr0_a_riichi_furiten_ron_beside_a_valid_ron_the_sticks(preset, expected):
    """B in riichi let C's 1p pass (RJ-FUR-3); B and C ron A's 4p (1 honba, 1 stick carried)."""
    h = riichi_furiten(honba=1, sticks=1, preset=preset)
    r = h.win("B", "discard", "4p", frm="A", ura="5z").win("C", "discard", "4p", frm="A").rule()
    assert [w["player"] for w in hand_of(r)["winners"]] == ["C"] and hand_of(r)["redeal"] is False
    assert money(r) == expected and next_of(r) == ("B", 0, 0)


def test_abt4_the_fourth_riichi_tile_ronned_in_furiten_re_deals_all_sticks_back():
    """C declared riichi with 9s, one of his waits (RJ-FUR-1), and rons D's fourth riichi tile 9s:
    a false win, chombo (RJ-IRR-1). No four riichi (the tile was won on); the re-deal gives A, B
    and C their sticks back (D's never stood); the carried stick and the honba stay."""
    h = Hand(FOUR, honba=1, sticks=1, avoid="2p4p7p9s3z9m").go(4)
    h.draw("A").riichi("A").discard("A").draw("B").riichi("B").discard("B")
    h.draw("C", "9s").riichi("C").discard("C", "9s").draw("D", "9s").riichi("D").discard("D", "9s")
    r = h.win("C", "discard", "9s", frm="D", ura="5z").rule()
    assert (hand_of(r)["result"], hand_of(r)["redeal"]) == ("false_win", True)
    assert money(r) == {"A": 4000, "B": 2000, "C": -8000, "D": 2000} and next_of(r) == ("A", 1, 1)


# ---------------------------------------------------------------------------------------------
# RJ-END-2 in a ``hands`` document without ``start_dealer``: a bust needs no hand number


@pytest.mark.parametrize("finish, options, over", [
    # the noten dealer A pays 1000 to each of B, C, D: 2900 → −100, the game is over
    pytest.param("draw", None, True, id="draw-bust"),
    pytest.param("draw", {"bust": False}, False, id="near-miss-bust-off"),
    # B's chombo (no yaku, RJ-IRR-1): 8000 from 5000: −3000, over, though the hand is re-dealt
    pytest.param("chombo", None, True, id="chombo-bust"),
])
def test_end2_a_bust_without_start_dealer(finish, options, over):
    if finish == "draw":
        h = table(scores={"A": 2900, "B": 32000, "C": 32000, "D": 33100}, options=options).exhaust()
    else:
        h = table(NO_YAKU, avoid="1p4p7p9s3p", scores={"A": 25000, "B": 5000, "C": 35000, "D": 35000}).go(4)
        h.draw("A", "3p").discard("A", "3p").win("B", "discard", "3p", frm="A")
    d = game(h)
    assert "start_dealer" not in d["hands"][0]
    r = rule(d)
    assert hand_of(r)["next"]["game_over"] is over and ("final" in r) is over


# ---------------------------------------------------------------------------------------------
# RJ-END-4 across two hands of the extension: a dealer kept by tenpai, then by an abortive draw


@pytest.mark.parametrize("second, over", [
    # our reading (RJ-END-4 names only tenpai): an abortive draw keeps the deal like tenpai; the
    # dealer A is not sole top (D 33,000), so play goes on
    pytest.param("abort", False, id="abort-plays-on"),
    # near miss: the noten dealer passes the deal and D holds 30,000 or more: over
    pytest.param("draw", True, id="lost-deal-ends"),
])
def test_end4_the_extension_after_a_tenpai_continuation(second, over):
    """West 1 (start dealer A). Hand 1: A tenpai (``DEALER_READY``), B noten pays 1000 to each:
    A 26,000, D 33,000: A keeps by tenpai without sole top and plays on. Hand 2: four winds
    (RJ-ABT-2), or A noten at the draw (3000 to B, C, D)."""
    h1 = table(DEALER_READY, start_dealer="A", round_wind="3z",
               scores={"A": 25000, "B": 21000, "C": 22000, "D": 32000}).exhaust()
    h2 = table()
    if second == "abort":
        for p in "ABCD":
            h2.draw(p, "2z").discard(p, "2z")
        h2.ev(type="abort", kind="four_winds")
    else:
        h2.exhaust()
    d = game(h1, h2)
    for k in ("round_wind", "dealer", "honba", "sticks", "scores"):
        del d["hands"][1][k]  # carried from the first hand's ruling
    r = rule(d)
    assert r["hands"][0]["next"] == {"dealer": "A", "honba": 1, "sticks": 0, "round_wind": "3z", "game_over": False}
    assert r["hands"][1]["rulings"] == [] and r["hands"][1]["next"]["game_over"] is over


# ---------------------------------------------------------------------------------------------
# RJ-RII-3 with RJ-RII-4: a ron on another player's riichi tile, within one's own ippatsu


@pytest.mark.parametrize("on, expected", [
    # B rons C's declaration tile 1p: C's riichi never stood (no stick); another's riichi is no
    # call, so B's ippatsu holds: riichi, ippatsu, pinfu 3 han 30 fu = 3900 + 300 + 2 sticks
    pytest.param("C", {"B": 5200, "C": -4200, "kyotaku": -1000}, id="on-the-riichi-tile"),
    # near miss: D's draw established C's riichi; B rons D's 1p: the same 3900 + 300, and three
    # sticks (the carried one, B's and C's)
    pytest.param("D", {"B": 6200, "C": -1000, "D": -4200, "kyotaku": -1000}, id="after-it-stood"),
])
def test_rii3_a_ron_on_a_riichi_tile_with_ippatsu(on, expected):
    h = riichi_b(table(honba=1, sticks=1)).draw("C", "1p" if on == "C" else None).riichi("C").discard("C")
    if on == "D":
        h.draw("D", "1p").discard("D", "1p")
    r = h.win("B", "discard", "1p", frm=on, ura="5z").rule()
    assert "ippatsu" in [p["key"] for p in hand_of(r)["winners"][0]["patterns"]]
    assert money(r) == expected and next_of(r) == ("B", 0, 0)


# ---------------------------------------------------------------------------------------------
# RJ-ABT-2 with RJ-ABT-4: four double riichi declared on the same wind


@pytest.mark.parametrize("kind, declarers", [
    # each declares riichi with his first discard, South: four winds and four riichi arise by the
    # same discard; either abort may be recorded; all four sticks stay (RJ-ABT-2/4)
    pytest.param("four_winds", "ABCD", id="recorded-as-four-winds"),
    pytest.param("four_riichi", "ABCD", id="recorded-as-four-riichi"),
    # near miss: three riichi are not four: only four winds arose
    pytest.param("four_riichi", "ABC", id="three-riichi"),
])
def test_abt2_four_double_riichi_on_four_winds(kind, declarers):
    h = table(honba=1, sticks=1)
    for p in "ABCD":
        h.draw(p, "2z")
        if p in declarers:
            h.riichi(p)
        h.discard(p, "2z")
    h.ev(type="abort", kind=kind)
    if len(declarers) < 4:
        with pytest.raises(InputError, match="no four riichi"):
            h.rule()
        return
    r = h.rule()
    assert (hand_of(r)["result"], hand_of(r)["abort"]) == ("abortive_draw", kind)
    assert money(r) == {"A": -1000, "B": -1000, "C": -1000, "D": -1000, "kyotaku": 4000}
    assert next_of(r) == ("A", 2, 5)


def test_abt1_nine_terminals_after_a_double_riichi():
    """The dealer A declares (double) riichi with his first discard; B's first draw gives him nine
    terminal and honour kinds (tests/test_riichi_clauses.py's ``NINE_B``). A riichi is no call, so
    B's 九種九牌 stands (RJ-ABT-1; after a pon it is chombo: ``test_irr8_nine_terminals_after_a_call_is_chombo``);
    B's draw established A's riichi: his stick stays with the carried one (RJ-ABT-0)."""
    h = table(NINE_B, honba=1, sticks=1).draw("A").riichi("A").discard("A").draw("B", "9s")
    r = h.ev(type="abort", kind="nine_terminals", player="B").rule()
    assert (hand_of(r)["abort"], findings(r)) == ("nine_terminals", [])
    assert money(r) == {"A": -1000, "kyotaku": 1000} and next_of(r) == ("A", 2, 2)


# ---------------------------------------------------------------------------------------------
# RJ-PAY-4 with RJ-FLOW-9: the dealer's ron and the deal, per preset


@pytest.mark.parametrize("preset, expected, nxt", [
    # double: C (first after B) 2000 + 300 + the stick, the dealer A 1500: A won, he keeps
    pytest.param("tenhou", {"A": 1500, "B": -3800, "C": 3300, "kyotaku": -1000}, ("A", 2, 0), id="tenhou"),
    # all, each_winner honba: A also gets 300; he keeps
    pytest.param("ema2016", {"A": 1800, "B": -4100, "C": 3300, "kyotaku": -1000}, ("A", 2, 0), id="ema2016"),
    # head_bump: C, nearer to B, takes the tile; A lost only by head bump (no irregularity, RJ-PAY-4)
    # and did not win: the deal passes, honba 0
    pytest.param("wrc2022", {"B": -2300, "C": 3300, "kyotaku": -1000}, ("B", 0, 0), id="wrc2022"),
    pytest.param("mleague", {"B": -2300, "C": 3300, "kyotaku": -1000}, ("B", 0, 0), id="mleague"),
])
def test_flow9_the_dealers_ron_beside_a_nearer_one_per_preset(preset, expected, nxt):
    """``DEALER_READY`` (the dealer A waits on 1p/4p): B discards 4p; A and C ron (1 honba, 1 stick)."""
    h = table(DEALER_READY, honba=1, sticks=1, preset=preset).go(1).draw("B", "4p").discard("B", "4p")
    r = h.win("A", "discard", "4p", frm="B").win("C", "discard", "4p", frm="B").rule()
    assert findings(r) == [] and money(r) == expected and next_of(r) == nxt


# ---------------------------------------------------------------------------------------------
# RJ-PAY-8 with RJ-PAY-4/5/6: the liable player is the other winner of a double ron


@pytest.mark.parametrize("options, expected", [
    # D (first after C): daisangen 32,000, half from C, half from the liable B (RJ-PAY-8.5), 300
    # honba from C (pao_ron_honba: discarder) and the stick; B, second: pinfu 1000 from C
    pytest.param(None, {"B": -15000, "C": -17300, "D": 33300, "kyotaku": -1000}, id="discarder-pays-honba"),
    # pao_ron_honba: liable (Tenhou's server): B pays the 300
    pytest.param({"pao_ron_honba": "liable"}, {"B": -15300, "C": -17000, "D": 33300, "kyotaku": -1000},
                 id="liable-pays-honba"),
])
def test_pay8_the_liable_player_is_the_other_winner_of_a_double_ron(options, expected):
    """``pao`` with B waiting on 4p/7p (123789m 234s 99p 56p): B fed D's third dragon set; C
    discards 7p and D and B both ron it (1 honba, 1 stick)."""
    h = Hand(dict(PAO, B="123789m234s99p56p"), avoid="7p1p4p2z", honba=1, sticks=1, options=options)
    h.draw("A", "5z").discard("A", "5z").pon("D", "5z", "55z").discard("D", "1s")
    h.draw("A", "6z").discard("A", "6z").pon("D", "6z", "66z").discard("D", "2s")
    h.draw("A").discard("A").draw("B", "7z").discard("B", "7z").pon("D", "7z", "77z").discard("D", "3s")
    h.go(3, start="A").draw("D").discard("D").go(2).draw("C", "7p").discard("C", "7p")
    r = h.win("B", "discard", "7p", frm="C").win("D", "discard", "7p", frm="C").rule()
    assert [(w["player"], w["points"], w["pao"]) for w in hand_of(r)["winners"]] == [("D", 32000, "B"), ("B", 1000, None)]
    assert money(r) == expected and next_of(r) == ("B", 0, 0)


@pytest.mark.parametrize("dead", [pytest.param(True, id="dead-hand"), pytest.param(False, id="near-miss-alive")])
def test_pay9_a_dead_hand_is_paid_no_nagashi(dead):
    """C calls a win on A's first discard and shows nothing: under the tenhou preset his hand is
    dead (RJ-IRR-1 unrevealed, RJ-IRR-5), and a dead hand may not win and pays as noten, so his
    river of terminals earns no nagashi mangan; D's still does (4000 from the dealer A, 2000 from
    B and C) and replaces the noten payments (RJ-PAY-9). Near miss: no call, both are paid."""
    h = table(dict(DEAL, A="223m89p38s334667z"))
    while h.draws < 70:
        p = h.turn
        h.draw(p, pick=TERMINALS if p in "CD" else SIMPLES).discard(p)
        if dead and h.draws == 1:
            h.ev(type="call", player="C", call="win")
    r = h.ev(type="exhaustive_draw", nagashi=["D"] if dead else ["C", "D"]).rule()
    assert {p[3] for p in payments(r)} == {"RJ-PAY-9"}
    if dead:
        assert money(r) == {"A": -4000, "B": -2000, "C": -2000, "D": 8000}
    else:
        assert money(r) == {"A": -8000, "B": -4000, "C": 6000, "D": 6000}
