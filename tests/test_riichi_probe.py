"""Riichi probes (RULEBOOK_RIICHI.md), written as a hidden acceptance suite would: irregularities,
pao, several winners and the options that move money, in combinations rounds 1–7 left out. Every
figure is worked out by hand from the rulebook's words.

Two liable players for one winner (RJ-PAY-8, §14.1): B (South) holds 555z 666z 777z 111m 9m and
makes four open kans: 5z on A's discard, 6z on C's, 7z on D's (D fed the third dragon set:
daisangen pao), then 1m on C's (C fed the fourth kan: suukantsu pao); he waits on 9m alone.
Daisangen + suukantsu is 26 han, 64,000 for a non-dealer under ``multi_yakuman``.
"""
from __future__ import annotations

import pytest

from .riichikit import Hand, hand_of, money
from .test_riichi_disputes import findings, next_of, payments

TWO_PAO = {"A": "234m89p38s3344p12z", "B": "555z666z777z111m9m", "C": "234678m678s22s56p",
           "D": "234m44p99s789m567s"}


def four_kans(fourth: str = "claimed", **kw) -> Hand:
    """B's four kans; ``fourth``: ``claimed`` (C's 1m, an open kan: C liable for suukantsu) or
    ``concealed`` (B draws the fourth 1m: no suukantsu pao). Kan dora as the tenhou preset times
    them (RJ-FLOW-4): an open kan's indicator after the rinshan draw, a concealed kan's at once."""
    h = Hand(TWO_PAO, dora="9s", avoid="9m", **kw)
    h.draw("A", "5z").discard("A", "5z").kong("B", "claimed", "5555z").draw("B", back=True)
    h.ev(type="dora", tile="1p").discard("B")
    h.draw("C", "6z").discard("C", "6z").kong("B", "claimed", "6666z").draw("B", back=True)
    h.ev(type="dora", tile="2p").discard("B")
    h.draw("C").discard("C").draw("D", "7z").discard("D", "7z").kong("B", "claimed", "7777z")
    h.draw("B", back=True).ev(type="dora", tile="3p").discard("B")
    h.go(3, start="C")
    if fourth == "concealed":
        return h.draw("B", "1m").kong("B", "concealed", "1111m").ev(type="dora", tile="6p")
    h.draw("B").discard("B").draw("C", "1m").discard("C", "1m").kong("B", "claimed", "1111m")
    return h


def rinshan_9m(fourth: str = "claimed", **kw) -> dict:
    return four_kans(fourth, **kw).draw("B", "9m", back=True).win("B", "self_draw", "9m").rule()


def test_pay8_two_liable_players_each_pay_their_own_yakuman_on_a_self_draw():
    """§14.1 / RJ-PAY-8.2–8.3: D pays daisangen's whole self-draw value, 32,000, and C
    suukantsu's, 32,000; A (dealer) pays nothing. Both pao are ruled."""
    r = rinshan_9m()
    w = hand_of(r)["winners"][0]
    assert (w["han"], w["points"]) == (26, 64000)
    assert findings(r) == [("RJ-PAY-8", "ruled"), ("RJ-PAY-8", "ruled")]
    assert sorted(f["player"] for f in hand_of(r)["rulings"]) == ["C", "D"]
    assert payments(r) == [("D", "B", 32000, "RJ-PAY-8"), ("C", "B", 32000, "RJ-PAY-8")]
    assert money(r) == {"B": 64000, "C": -32000, "D": -32000} and next_of(r) == ("B", 0, 0)


def test_pay8_near_miss_the_fourth_kan_concealed_one_liable_player():
    """The fourth kan from the wall: suukantsu has no liable player; D pays daisangen's 32,000 and
    suukantsu is paid as a non-dealer self-draw: 16,000 from A, 8,000 from C and from D."""
    r = four_kans("concealed").draw("B", "9m", back=True).win("B", "self_draw", "9m").rule()
    assert findings(r) == [("RJ-PAY-8", "ruled")] and hand_of(r)["winners"][0]["pao"] == "D"
    assert money(r) == {"A": -16000, "B": 64000, "C": -8000, "D": -40000}


def test_pay8_two_liable_players_self_draw_with_honba():
    """§15.3: on a self-draw the liable player pays all the honba with his pao share; with two,
    the first listed (daisangen's, D) pays them: 2 honba = 600 from D."""
    r = rinshan_9m(honba=2)
    assert money(r) == {"B": 64600, "C": -32000, "D": -32600}


def ron_9m(**kw) -> dict:
    """After the fourth kan B discards his rinshan tile; A then discards 9m and B rons."""
    h = four_kans(**kw).draw("B", back=True).ev(type="dora", tile="6p").discard("B")
    h.go(2, start="C")
    return h.draw("A", "9m").discard("A", "9m").win("B", "discard", "9m", frm="A").rule()


@pytest.mark.parametrize("options, expected", [
    # RJ-PAY-8.5 for each yakuman: D and C each pay half of their yakuman's ron value (16,000);
    # the discarder A pays the rest (32,000) and the honba (300)
    pytest.param(None, {"A": -32300, "B": 64300, "C": -16000, "D": -16000}, id="discarder-honba"),
    # pao_ron_honba liable: the first liable player (D) pays the honba instead
    pytest.param({"pao_ron_honba": "liable"}, {"A": -32000, "B": 64300, "C": -16000, "D": -16300},
                 id="liable-honba"),
])
def test_pay8_two_liable_players_ron_by_a_third_player(options, expected):
    r = ron_9m(honba=1, options=options)
    assert findings(r) == [("RJ-PAY-8", "ruled"), ("RJ-PAY-8", "ruled")]
    assert money(r) == expected


def test_pay8_near_miss_one_liable_player_is_the_discarder():
    """C, liable for suukantsu, deals in the 9m himself: his part is an ordinary ron (RJ-PAY-8.4):
    C pays 64,000 − D's half of daisangen (16,000) = 48,000."""
    h = four_kans().draw("B", back=True).ev(type="dora", tile="6p").discard("B")
    r = h.draw("C", "9m").discard("C", "9m").win("B", "discard", "9m", frm="C").rule()
    assert money(r) == {"B": 64000, "C": -48000, "D": -16000}


# ---------------------------------------------------------------------------------------------
# RJ-PAY-8.1: a pon that completed the third dragon set, later grown into an added kan, keeps its
# liability (the claim that completed the set was the pon's; nothing in 8.1–8.6 undoes it).
# tests/test_riichi_disputes.py's PAO: D pons A's 5z and 6z, then B's 7z (B liable); 1 honba, 1
# stick; D self-draws 7p: daisangen, 32,000.


def pao_then_added_kan(added: str, **kw) -> dict:
    from .test_riichi_disputes import PAO
    h = Hand(PAO, dora="1z", avoid="7p1p4p2z", honba=1, sticks=1, **kw)
    h.draw("A", "5z").discard("A", "5z").pon("D", "5z", "55z").discard("D", "1s")
    h.draw("A", "6z").discard("A", "6z").pon("D", "6z", "66z").discard("D", "2s")
    h.draw("A").discard("A").draw("B", "7z").discard("B", "7z").pon("D", "7z", "77z").discard("D", "3s")
    h.go(3, start="A")
    h.draw("D", added).kong("D", "added", added[0] * 4 + added[1])
    h.draw("D", back=True).ev(type="dora", tile="1m").discard("D")  # tenhou: after the rinshan draw
    h.go(3, start="A")
    return h.draw("D", "7p").win("D", "self_draw", "7p").rule()


@pytest.mark.parametrize("added", ["7z", "5z"])
def test_pay8_an_added_kan_on_a_dragon_pon_keeps_the_pao(added):
    """7z: the third set's pon (B's tile) grown into a kan; 5z: the first (A's). Either way B fed
    the third set: he pays 32,000 and the 300 honba (RJ-PAY-8.3); D takes the stick."""
    r = pao_then_added_kan(added)
    assert hand_of(r)["winners"][0]["pao"] == "B" and findings(r) == [("RJ-PAY-8", "ruled")]
    assert money(r) == {"B": -32300, "D": 33300, "kyotaku": -1000} and hand_of(r)["complete"]


def test_pay8_near_miss_an_added_kan_without_daisangen_pao():
    """``pao`` without daisangen: an ordinary non-dealer yakuman self-draw, 16,000 from the dealer
    A and 8,000 from B and C, 100 honba from each."""
    r = pao_then_added_kan("7z", options={"pao": ["daisuushi", "suukantsu"]})
    assert hand_of(r)["winners"][0]["pao"] is None and findings(r) == []
    assert money(r) == {"A": -16100, "B": -8100, "C": -8100, "D": 33300, "kyotaku": -1000}


def test_pay8_a_states_added_kan_on_the_third_dragon_set_keeps_the_pao():
    """§15.14: the same from a ``state``: C's melds are B's 5z pon, D's 6z pon and an added kan
    grown on A's 7z pon (``from: A``): A fed the third set and pays the whole self-draw (8.3)."""
    from .riichikit import rule
    from .test_riichi_state import doc
    melds = [{"kind": "pon", "tiles": "555z", "tile": "5z", "from": "B"},
             {"kind": "pon", "tiles": "666z", "tile": "6z", "from": "D"},
             {"kind": "kong", "kong": "added", "tiles": "7777z", "tile": "7z", "from": "A"}]
    r = rule(doc({"hands": {"A": 13, "B": 13, "C": "123m4p", "D": 13}, "melds": {"C": melds}, "turn": "C"},
                 {"type": "draw", "player": "C", "tile": "4p"}, {"type": "win", "player": "C", "how": "self_draw"}))
    assert hand_of(r)["winners"][0]["pao"] == "A" and money(r) == {"A": -32000, "C": 32000}


# ---------------------------------------------------------------------------------------------
# RJ-FUR-1/2 by shape (§14.6): a wait with no yaku still counts. B holds 234m 456m 678s 77z 22p, a
# shanpon on 7z (中, a yaku) and 2p (no yaku: no tanyao with 7z, no pinfu, no yakuhai).

SHANPON = {"A": "113m89p38s334566z", "B": "234m456m678s77z22p", "C": "234678m678s22s56p",
           "D": "111z44p99s789m567s"}


def shanpon(**kw) -> Hand:
    return Hand(SHANPON, avoid="2p7z", **kw)


def test_fur2_a_pass_on_the_wait_without_yaku_is_temporary_furiten():
    """D discards 2p (B could not have won on it: no yaku), then A discards 7z before B's next
    discard: B's ron is in temporary furiten (RJ-FUR-2 by shape), a false win, chombo."""
    h = shanpon().go(3).draw("D", "2p").discard("D", "2p").draw("A", "7z").discard("A", "7z")
    r = h.win("B", "discard", "7z", frm="A").rule()
    assert hand_of(r)["result"] == "false_win" and findings(r) == [("RJ-IRR-1", "ruled")]
    assert "RJ-FUR-2" in hand_of(r)["rulings"][0]["decision"]
    assert money(r) == {"A": 4000, "B": -8000, "C": 2000, "D": 2000} and next_of(r) == ("A", 0, 0)


def test_fur2_near_miss_his_discard_after_the_pass():
    """B discards between the 2p and C's 7z: the ron stands: 中 1 han; 20 + 10 (closed ron) + 4
    (7z triplet completed by ron) = 34 → 40 fu: 1300 from C."""
    h = shanpon().go(4).draw("A", "2p").discard("A", "2p").draw("B").discard("B")
    r = h.draw("C", "7z").discard("C", "7z").win("B", "discard", "7z", frm="C").rule()
    w = hand_of(r)["winners"][0]
    assert (w["han"], w["fu"], w["points"]) == (1, 40, 1300) and money(r) == {"B": 1300, "C": -1300}


def test_fur1_the_wait_without_yaku_in_his_own_river():
    """B discarded a 2p himself: discard furiten on every wait (RJ-FUR-1), also the 7z that has a
    yaku."""
    h = shanpon().go(1).draw("B", "2p").discard("B", "2p").go(2)
    r = h.draw("A", "7z").discard("A", "7z").win("B", "discard", "7z", frm="A").rule()
    assert "RJ-FUR-1" in hand_of(r)["rulings"][0]["decision"] and money(r)["B"] == -8000


# ---------------------------------------------------------------------------------------------
# RJ-PAY-8.2 with ``multi_yakuman: false`` (§15.5: one yakuman's value): D's daisuushi (B fed the
# fourth wind set, tests/test_riichi_clauses.py's WINDS4) with a 6z pair is also tsuuiisou. The
# win is worth one yakuman, 32,000, and D won with daisuushi: B's liability stands whichever of
# the two equal yakuman the valuation names.


def daisuushi_tsuuiisou(finish: str, **kw) -> dict:
    from .test_riichi_clauses import WINDS4
    h = Hand(dict(WINDS4, D="11z22z33z44z6z123s9m"), avoid="6z", **kw)
    for wind, junk in (("1z", "1s"), ("2z", "2s"), ("3z", "3s")):
        h.draw("A", wind).discard("A", wind).pon("D", wind, wind[0] * 2 + "z").discard("D", junk)
    h.draw("A").discard("A").draw("B", "4z").discard("B", "4z").pon("D", "4z", "44z").discard("D", "9m")
    h.go(3, start="A")
    if finish == "tsumo":
        return h.draw("D", "6z").win("D", "self_draw", "6z").rule()
    return h.draw("D").discard("D").draw("A", "6z").discard("A", "6z").win("D", "discard", "6z", frm="A").rule()


@pytest.mark.parametrize("preset, options, finish, expected", [
    # 8.3: B pays the whole (single) yakuman self-draw
    pytest.param("wrc2022", None, "tsumo", {"B": -32000, "D": 32000}, id="wrc2022-tsumo"),
    # 8.5: A (discarder) and B each pay half
    pytest.param("wrc2022", None, "ron", {"A": -16000, "B": -16000, "D": 32000}, id="wrc2022-ron"),
    pytest.param("tenhou", {"multi_yakuman": False}, "tsumo", {"B": -32000, "D": 32000}, id="tenhou-single"),
])
def test_pay8_pao_stands_when_multi_yakuman_off_keeps_one_yakuman(preset, options, finish, expected):
    r = daisuushi_tsuuiisou(finish, preset=preset, options=options)
    w = hand_of(r)["winners"][0]
    assert (w["points"], w["pao"]) == (32000, "B") and findings(r) == [("RJ-PAY-8", "ruled")]
    assert [p["key"] for p in w["patterns"]] == ["daisuushi"]  # of two equals, the one its pao follows
    assert money(r) == expected


def test_pay8_near_miss_multi_yakuman_on_both_yakuman_paid():
    """The tenhou preset adds them (64,000): B pays daisuushi's 32,000 (8.2), tsuuiisou is an
    ordinary self-draw: 16,000 from the dealer A, 8,000 from B and from C."""
    r = daisuushi_tsuuiisou("tsumo")
    assert hand_of(r)["winners"][0]["points"] == 64000
    assert money(r) == {"A": -16000, "B": -40000, "C": -8000, "D": 64000}


# ---------------------------------------------------------------------------------------------
# §10 ``missing``: only what a ruling needs and the log lacks. The ura indicators of a player in
# riichi are needed for the value of a win that is scored, not for a declaration that is false
# or that a head bump leaves unscored (tests/test_riichi_disputes.py's table: B in riichi waits on
# 1p/4p).


def b_in_riichi(**kw) -> Hand:
    from .test_riichi_disputes import riichi_b, table
    return riichi_b(table(**kw)).go(2, start="C")


@pytest.mark.parametrize("shown", [None, []], ids=["revealed", "not-revealed"])
def test_val3_a_false_win_in_riichi_needs_no_ura(shown):
    """B declares ron on A's 3m (no win). Revealed: chombo, re-deal; not revealed: dead hand, and
    at the exhaustive draw B is noten (C, D tenpai: A and B pay 1500). Either way nothing is
    missing: no win is valued."""
    h = b_in_riichi().draw("A", "3m").discard("A", "3m")
    h.win("B", "discard", "3m", frm="A", **({} if shown is None else {"shown": shown}))
    r = (h.rule() if shown is None else h.exhaust().rule())
    assert findings(r) == [("RJ-IRR-1", "ruled")]
    assert hand_of(r)["missing"] == [] and hand_of(r)["complete"] is True
    if shown is None:
        assert money(r) == {"A": 4000, "B": -8000, "C": 2000, "D": 2000}
    else:
        assert money(r) == {"A": -1500, "B": -2500, "C": 1500, "D": 1500, "kyotaku": 1000}


def test_val3_near_miss_a_scored_riichi_win_without_ura_lists_it():
    h = b_in_riichi().draw("A", "1p").discard("A", "1p").win("B", "discard", "1p", frm="A")
    r = h.rule()
    assert [m["fact"] for m in hand_of(r)["missing"]] == ["ura_indicators"]
    assert hand_of(r)["complete"] is False and hand_of(r)["winners"][0]["player"] == "B"


def test_pay4_a_head_bumped_riichi_winner_needs_no_ura():
    """B (in riichi, no ura given) and D both ron C's 4p under head_bump: from C the order is D,
    A, B: D wins alone (East, 40 fu: 1300) and takes B's stick; B's bumped win needs nothing."""
    h = b_in_riichi(options={"multiple_ron": "head_bump"}).draw("A").discard("A").draw("B").discard("B")
    h.draw("C", "4p").discard("C", "4p").win("B", "discard", "4p", frm="C").win("D", "discard", "4p", frm="C")
    r = h.rule()
    assert [w["player"] for w in hand_of(r)["winners"]] == ["D"]
    assert hand_of(r)["missing"] == [] and money(r) == {"B": -1000, "C": -1300, "D": 2300}


# ---------------------------------------------------------------------------------------------
# RJ-RII-3 from a ``state`` (§15.14, docs/riichi.md): B's riichi ``with_last_discard`` was
# established by C's draw past B's 3m, its stick (``stick: table``, the default) among the hand's
# one stick. A ron on the 3m in time (before C discards, RJ-PR-3) undoes the riichi: the stick
# goes back to B, and the winner takes no stick.

DRAWN_PAST = {"hands": {"A": 13, "B": 13, "C": "12m456p789s555z11z9p", "D": "12m456p789s666z44z"},
              "discards": {"B": ["3m"]}, "last_discard": {"player": "B", "tile": "3m"},
              "drawn_past": True, "turn": "C", "phase": "discard"}


def drawn_past(riichi: dict, *events: dict) -> dict:
    from .riichikit import rule
    from .test_riichi_state import doc
    d = doc(dict(DRAWN_PAST, riichi={"B": riichi}), *events)
    d["hand"]["sticks"] = 1
    return rule(d)


RON_3M = {"type": "win", "player": "D", "how": "discard", "from": "B", "tile": "3m"}


def test_rii3_a_states_riichi_won_on_in_time_gives_its_stick_back():
    """D's ron (6z, 1 han 50 fu: 1600): B pays 1600 and gets his stick back from the table."""
    r = drawn_past({"with_last_discard": True}, RON_3M)
    assert [w["player"] for w in hand_of(r)["winners"]] == ["D"]
    assert ("kyotaku", "B", 1000, "RJ-RII-3") in payments(r)
    assert money(r) == {"B": -600, "D": 1600, "kyotaku": -1000} and next_of(r) == ("B", 0, 0)


def test_rii3_near_miss_a_states_riichi_established_before_the_last_discard():
    """Without ``with_last_discard`` B's riichi was established before the state and the 3m is an
    ordinary discard: the ron does not undo it; D takes the stick on the table."""
    r = drawn_past({}, RON_3M)
    assert money(r) == {"B": -1600, "D": 2600, "kyotaku": -1000}


def test_rii3_a_states_riichi_stick_of_this_hand_won_on_in_time():
    """``stick: hand``: the stick was to be paid in this ruling; the ron undoes it: nothing is
    paid for it (the carried stick goes to D)."""
    r = drawn_past({"with_last_discard": True, "stick": "hand"}, RON_3M)
    assert money(r) == {"B": -1600, "D": 2600, "kyotaku": -1000}


# ---------------------------------------------------------------------------------------------
# RJ-ABT-5 recorded as the abort: "three players declare a valid ron on the same discard". The
# record is checked as the three wins would be (like every other abort, one that has not arisen
# is an input error at its event). tests/test_riichi_disputes.py's table: B waits on 1p/4p, C on
# 4p/7p, D on 4p/9s; 2 honba and a stick carried.


def triple_abort(tile: str, players=("B", "C", "D"), before=None) -> Hand:
    from .test_riichi_disputes import table
    h = table(honba=2, sticks=1).go(4)
    if before:
        before(h)
    h.draw("A", tile).discard("A", tile)
    return h.ev(type="abort", kind="triple_ron", players=list(players))


def test_abt5_near_miss_three_valid_rons_recorded_as_the_abort():
    r = triple_abort("4p").rule()
    assert (hand_of(r)["result"], hand_of(r)["abort"]) == ("abortive_draw", "triple_ron")
    assert money(r) == {} and next_of(r) == ("A", 3, 1)


@pytest.mark.parametrize("tile, players, before, message", [
    pytest.param("1p", "BCD", None, "C's hand does not win on the 1p", id="c-not-waiting"),
    pytest.param("4p", "ACD", None, "A discarded the 4p", id="the-discarder"),
    # B discarded a 1p earlier: discard furiten (RJ-FUR-1), his ron would be false
    pytest.param("4p", "BCD", lambda h: h.go(1).draw("B", "1p").discard("B", "1p").go(2, start="C"),
                 "B is in furiten (RJ-FUR-1)", id="b-furiten"),
])
def test_abt5_a_triple_ron_abort_that_has_not_arisen_is_an_input_error(tile, players, before, message):
    from referee.errors import InputError
    with pytest.raises(InputError) as err:
        triple_abort(tile, players, before).rule()
    (path, [text]), = err.value.errors.items()
    assert path.endswith(".players") and text == f"{message}: no triple ron (三家和了, RJ-ABT-5) has arisen"


def test_abt5_a_triple_ron_abort_from_a_state_with_hidden_hands_stands():
    """The hands not shown (a ``state`` with counts): the record is taken as declared."""
    from .riichikit import rule
    from .test_riichi_state import doc
    r = rule(doc({"last_discard": {"player": "A", "tile": "4p"}, "discards": {"A": ["4p"]}, "turn": "B"},
                 {"type": "abort", "kind": "triple_ron", "players": ["B", "C", "D"]}))
    assert hand_of(r)["abort"] == "triple_ron" and money(r) == {}


# ---------------------------------------------------------------------------------------------
# RJ-FLOW-7: the hand ends in an exhaustive draw when the 70th draw's discard passes with no win.
# A record that ends it while the last drawer still holds 14 tiles is missing that discard: read as
# it stood, his 14 tiles would count him noten (RJ-FLOW-8) for a discard he never made.


def last_draw(discard: bool) -> Hand:
    from .test_riichi_disputes import table
    h = table()
    while h.draws < 70:
        h.draw()
        if h.draws < 70 or discard:
            h.discard()
    return h.ev(type="exhaustive_draw")


def test_flow7_an_exhaustive_draw_before_the_last_discard_is_an_input_error():
    from referee.errors import InputError
    with pytest.raises(InputError) as err:
        last_draw(False).rule()
    assert list(err.value.errors.values()) == [[
        "B drew the last tile and has not discarded: the hand ends in an exhaustive draw only after "
        "his discard (RJ-FLOW-7)"]]


def test_flow7_near_miss_after_the_last_discard():
    """B (tenpai), C and D tenpai, the dealer A noten: A pays 1000 to each (RJ-PAY-7)."""
    r = last_draw(True).rule()
    assert hand_of(r)["tenpai"] == ["B", "C", "D"] and money(r) == {"A": -3000, "B": 1000, "C": 1000, "D": 1000}


# ---------------------------------------------------------------------------------------------
# RJ-PAY-8.1 suukantsu: "when the claimer's fourth kan is an open kan on that discard": the fourth
# kan in time. An added kan keeps its pon's place among the melds, but it is a kan only from its
# own event. B (11m 222p 333s 444s 9m 8m, not the dealer) pons A's 1m, then makes open kans on
# C's 2p, D's 3s and A's 4s (his third kan), and waits on 9m.


def kans_of_b(fourth: str) -> Hand:
    """``fourth``: ``added`` (B adds the 1m to his pon: his fourth kan, and wins on the rinshan
    9m) or ``open`` (B added the 1m before A's 4s, which is then his fourth kan, an open kan)."""
    deal = {"A": "234m89p58s3344p12z", "B": "11m222p333s444s9m8m", "C": "234678m678s22s56p",
            "D": "234m44p99s789m567s"}
    h = Hand(deal, avoid="9m", dora="9s")
    h.draw("A", "1m").discard("A", "1m").pon("B", "1m", "11m").discard("B", "8m")
    h.draw("C", "2p").discard("C", "2p").kong("B", "claimed", "2222p").draw("B", back=True)
    h.ev(type="dora", tile="7z").discard("B").draw("C").discard("C")
    h.draw("D", "3s").discard("D", "3s").kong("B", "claimed", "3333s").draw("B", back=True)
    h.ev(type="dora", tile="6z").discard("B").go(2, start="C")
    if fourth == "open":
        h.draw("A").discard("A").draw("B", "1m").kong("B", "added", "1111m").draw("B", back=True)
        h.ev(type="dora", tile="5z").discard("B").go(2, start="C")
    h.draw("A", "4s").discard("A", "4s").kong("B", "claimed", "4444s")
    if fourth == "open":
        return h.draw("B", "9m", back=True).win("B", "self_draw", "9m")
    h.draw("B", back=True).ev(type="dora", tile="5z").discard("B").go(3, start="C")
    h.draw("B", "1m").kong("B", "added", "1111m")
    return h.draw("B", "9m", back=True).win("B", "self_draw", "9m")


def test_pay8_suukantsu_the_fourth_kan_added_nobody_is_liable():
    """A fed B's third kan, not his fourth: an ordinary non-dealer yakuman self-draw, 16,000 from
    the dealer A, 8,000 from C and D."""
    r = kans_of_b("added").rule()
    w = hand_of(r)["winners"][0]
    assert [p["key"] for p in w["patterns"]] == ["suukantsu"] and w["pao"] is None and findings(r) == []
    assert money(r) == {"A": -16000, "B": 32000, "C": -8000, "D": -8000}


def test_pay8_near_miss_the_fourth_kan_an_open_kan_on_a_4s():
    """The same melds, the 1m added earlier: A's 4s made the fourth kan (8.3: A pays 32,000)."""
    r = kans_of_b("open").rule()
    assert hand_of(r)["winners"][0]["pao"] == "A" and money(r) == {"A": -32000, "B": 32000}


def test_pay8_suukantsu_record_rules_the_same_with_or_without_suukantsu_pao():
    """mjai-reviewer/suukantsu_1.json, East 2: P3's open kan on P0's 2p was his second kan, his
    fourth an added kan: under either pao list every hand agrees with Tenhou's money."""
    from api.audit.audit_items import compare
    from api.documents.documents import adjudicate_data
    from api.records.tenhou import import_tenhou
    from rulesbook.riichi.options import PAO_YAKUMAN
    from tests.test_tenhou_import import MORE
    path = MORE / "mjai-reviewer" / "suukantsu_1.json"
    if not path.exists():
        pytest.skip("the shared Tenhou records are not here")
    document, recorded = import_tenhou(path)
    for pao in (document["ruleset"]["options"]["pao"], list(PAO_YAKUMAN)):
        ruleset = {"preset": "tenhou", "options": {**document["ruleset"]["options"], "pao": pao}}
        found = compare(adjudicate_data({**document, "ruleset": ruleset}), recorded)
        assert found["agreeing"] == found["compared"] and not found["disagreements"]


@pytest.mark.parametrize("fourth", ["added", "open"])
def test_pay8_a_cut_rules_the_suukantsu_as_the_whole_or_is_refused(fourth):
    """§15.14 (a ``state`` is ruled as the same play): every cut of the hand rules as the whole,
    except where B's fourth kan, an added kan, lies at its pon's place among the state's melds: a
    state cannot say it came fourth, and the cut is refused (as for a missed dora indicator)."""
    from api.documents.documents import adjudicate_data, cut_data
    from referee.errors import InputError
    from tests.test_cut import same_as_whole
    doc = kans_of_b(fourth).doc()
    refused = []
    for at in range(1, len(doc["hand"]["events"])):
        try:
            same_as_whole(doc, at)
        except InputError as err:
            if "never the first go-round" not in err.errors["at"][0]:
                refused.append((at, err.errors["at"][0]))
    last_kan = max(k for k, e in enumerate(doc["hand"]["events"]) if e["type"] == "kong")
    if fourth == "open":
        assert refused == []
    else:
        assert [at for at, _ in refused] == [last_kan + 1, last_kan + 2]
        assert refused[0][1].startswith(f"B's fourth kan (event {last_kan}) was added to an earlier pon")
    assert adjudicate_data(cut_data(doc, last_kan))["hands"][0]["winners"][0]["pao"] == (
        None if fourth == "added" else "A")
