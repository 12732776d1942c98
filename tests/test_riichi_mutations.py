"""RULEBOOK_RIICHI §12 A11 on real hands: one recorded hand of ../shared/data/tenhou (read in
place), one event changed, ruled as a single-hand document; each change has a near miss that keeps
the recorded money (Tenhou's server makes these irregularities impossible, so the record itself
is the near miss's expected ruling).

The hands (mjx-mjlog, ``2010112714gm-00a9-0000-d497e395`` unless said):

* hand 1, East 1, 1 honba: P1 declares riichi at event 44 (waits 4p and 9p, his only yaku riichi),
  P0 (dealer) at 67; P1 rons P3's 4p at 83: 1 han 50 fu 1600 + 300 + both sticks.
* hand 9, South 2, 3 honba (dealer P1): P2, open with 發 since event 12, waits on 1s/4s and rons
  P0's 4s at 25 (2000 + 900); P0 was dealt the 0m.
* hand 6, South 1: P3 declares nine terminals with exactly nine kinds, 9m the ninth.
* hand 2, East 2 (dealer P1): P1 chis P0's 6p with 4p5p at 54, discards 9p, and 6p at 71.
"""
from __future__ import annotations

import copy
from collections import Counter

import pytest

from referee.errors import InputError
from referee.tiles import FIRST_RED, kind_of, parse_compact, parse_tile

from .riichikit import hand_of, money, rule
from .test_tenhou_import import TENHOU, imported, needs_data

pytestmark = needs_data

GAME = "2010112714gm-00a9-0000-d497e395.mjlog"


def one_hand(name: str, k: int, preset: str = "tenhou") -> tuple[dict, dict]:
    """Hand ``k`` of a recorded game as a single-hand document, and its recorded facts."""
    doc, rec = imported(TENHOU / "mjx-mjlog" / name)
    out = {"format": "mjref/1", "variant": "riichi",
           "ruleset": dict(copy.deepcopy(doc["ruleset"]), preset=preset),
           "players": list(doc["players"]), "hand": copy.deepcopy(doc["hands"][k])}
    return out, rec["hands"][k]


def events(doc: dict) -> list[dict]:
    return doc["hand"]["events"]


def recorded_net(doc: dict, recorded: dict) -> dict:
    """The recorded money of the hand per player: deltas less 1000 per established riichi
    (RJ-RII-3), read off the mjlog's ``before`` scores, which already have the deposits off."""
    hand = doc["hand"]
    net = {p: recorded["deltas"][p] + recorded["before"][p] - hand["scores"][p] for p in doc["players"]}
    return {p: v for p, v in net.items() if v}


def players_money(ruling: dict) -> dict:
    return {p: v for p, v in money(ruling).items() if p != "kyotaku"}


def swap_tsumogiri(doc: dict, at: int, tile: str) -> dict:
    """The draw at ``at`` and its discard at ``at + 1`` (the same tile) become ``tile``."""
    ev = events(doc)
    assert ev[at]["type"] == "draw" and ev[at + 1]["type"] == "discard" and ev[at]["tile"] == ev[at + 1]["tile"]
    ev[at]["tile"] = ev[at + 1]["tile"] = tile
    return doc


def unseen(doc: dict) -> str:
    """The tile kind (not a five) least seen in the hand, for a draw inserted into it."""
    seen: Counter = Counter()
    for e in events(doc):
        tiles = []
        if e["type"] == "deal":
            tiles = [t for h in e["hands"].values() for t in parse_compact(h, red=True)] + [parse_tile(e["dora"], red=True)]
        elif e["type"] in ("draw", "dora"):
            tiles = [parse_tile(e["tile"], red=True)]
        seen.update(kind_of(t) if t >= FIRST_RED else t for t in tiles)
    kind = min((k for k in range(34) if k not in (4, 13, 22)), key=lambda k: seen[k])
    assert seen[kind] < 4
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"


CHOMBO_P1 = {"P0": 4000, "P1": -8000, "P2": 2000, "P3": 2000}  # P0 deals: table_mangan


def test_the_unchanged_hands_rule_to_their_recorded_money():
    for k in (1, 2, 9):
        doc, recorded = one_hand(GAME, k)
        r = rule(doc)
        assert hand_of(r)["rulings"] == [] and players_money(r) == recorded_net(doc, recorded)


# ---------------------------------------------------------------------------------------------
# a ron turned furiten (RJ-FUR-1/2/3 → RJ-IRR-1 chombo), per preset


@pytest.mark.parametrize("preset, expected, penalty", [
    pytest.param("tenhou", CHOMBO_P1, [], id="tenhou"),
    pytest.param("wrc2022", {}, [{"player": "P1", "points": 30000, "rule": "RJ-IRR-1", "applies_to": "final_score"}],
                 id="wrc2022"),
    pytest.param("ema2016", {}, [{"player": "P1", "points": 20000, "rule": "RJ-IRR-1", "applies_to": "final_score"}],
                 id="ema2016"),
])
def test_fur1_his_own_tsumogiri_of_a_wait_makes_his_ron_a_false_win(preset, expected, penalty):
    """P1 in riichi draws 9p, his other wait, at event 52 and lets it go: discard furiten. His ron
    on 4p is chombo; both riichi sticks of the hand go back; P0 deals again, honba 1."""
    doc, _ = one_hand(GAME, 1, preset)
    r = rule(swap_tsumogiri(doc, 52, "9p"))
    x = hand_of(r)
    assert (x["result"], x["redeal"]) == ("false_win", True) and "RJ-FUR-1" in x["rulings"][0]["decision"]
    assert money(r) == expected and x["penalties"] == penalty
    assert (x["next"]["dealer"], x["next"]["honba"], x["next"]["sticks"]) == ("P0", 1, 0)


def test_fur1_near_miss_another_tile():
    doc, recorded = one_hand(GAME, 1)
    assert players_money(rule(swap_tsumogiri(doc, 52, "7z"))) == recorded_net(doc, recorded)


def test_fur3_a_wait_let_pass_in_riichi():
    """P0's tsumogiri at event 50 becomes 9p: P1, in riichi, lets it pass; his later ron is chombo."""
    doc, _ = one_hand(GAME, 1)
    r = rule(swap_tsumogiri(doc, 50, "9p"))
    assert "RJ-FUR-3" in hand_of(r)["rulings"][0]["decision"] and money(r) == CHOMBO_P1


def test_fur3_near_miss():
    doc, recorded = one_hand(GAME, 1)
    assert players_money(rule(swap_tsumogiri(doc, 50, "7z"))) == recorded_net(doc, recorded)


def test_fur2_a_wait_let_pass_in_the_same_go_round():
    """P3's 4z at event 21 becomes 1s: P2 lets it pass and rons P0's 4s before his next discard.
    P1 deals: P2 pays him 4000 and the others 2000; the honba stay at 3."""
    doc, _ = one_hand(GAME, 9)
    r = rule(swap_tsumogiri(doc, 21, "1s"))
    x = hand_of(r)
    assert "RJ-FUR-2" in x["rulings"][0]["decision"]
    assert money(r) == {"P0": 2000, "P1": 4000, "P2": -8000, "P3": 2000}
    assert (x["next"]["dealer"], x["next"]["honba"]) == ("P1", 3)


def test_fur2_near_miss_his_discard_came_between():
    """The same 1s one go-round earlier (event 13): P2 discards at 20 and may ron again."""
    doc, recorded = one_hand(GAME, 9)
    assert players_money(rule(swap_tsumogiri(doc, 13, "1s"))) == recorded_net(doc, recorded)


# ---------------------------------------------------------------------------------------------
# no yaku (RJ-VAL-1 → RJ-IRR-1)


def test_irr1_without_his_riichi_the_ron_has_no_yaku():
    doc, _ = one_hand(GAME, 1)
    assert events(doc).pop(44) == {"type": "riichi", "player": "P1"}
    r = rule(doc)
    assert "no yaku" in hand_of(r)["rulings"][0]["decision"] and money(r) == CHOMBO_P1


def test_irr1_near_miss_without_the_other_riichi():
    """Without P0's riichi: P1's 1600 + 300 + his own stick back; P3 pays 1900."""
    doc, _ = one_hand(GAME, 1)
    assert events(doc).pop(67) == {"type": "riichi", "player": "P0"}
    assert money(rule(doc)) == {"P1": 1900, "P3": -1900}


# ---------------------------------------------------------------------------------------------
# false riichi (RJ-IRR-2): the declaration discard changed, tenpai broken


def test_irr2_riichi_declared_with_the_wrong_tile_is_noten_at_the_draw():
    """mjx 2010102910 South 1: P0 (dealer), the only one tenpai, declares with 9p instead of 4p
    (event 67): noten at the exhaustive draw: chombo, 4000 to each, P0 deals again."""
    doc, _ = one_hand("2010102910gm-00a9-0000-cdb9804c.mjlog", 6)
    assert events(doc)[67] == {"type": "discard", "player": "P0", "tile": "4p"}
    events(doc)[67]["tile"] = "9p"
    r = rule(doc)
    x = hand_of(r)
    assert [f["rule"] for f in x["rulings"]] == ["RJ-IRR-2"] and (x["result"], x["redeal"]) == ("exhaustive_draw", True)
    assert money(r) == {"P0": -12000, "P1": 4000, "P2": 4000, "P3": 4000}


def test_irr2_near_miss_as_recorded():
    doc, recorded = one_hand("2010102910gm-00a9-0000-cdb9804c.mjlog", 6)
    r = rule(doc)
    assert hand_of(r)["tenpai"] == ["P0"] and players_money(r) == recorded_net(doc, recorded) == \
        {"P0": 2000, "P1": -1000, "P2": -1000, "P3": -1000}
    assert hand_of(r)["next"]["sticks"] == 1


# ---------------------------------------------------------------------------------------------
# kuikae (RJ-IRR-7) and a late pon (RJ-IRR-6b)


def test_irr7_kuikae_by_swapping_two_of_his_discards():
    """P1 discards 6p straight after his chi of 6p (events 55 and 71 swap their tiles): his hand
    is dead; P0's self-draw is paid as recorded."""
    doc, recorded = one_hand(GAME, 2)
    ev = events(doc)
    assert (ev[54]["type"], ev[55]["tile"], ev[71]["tile"]) == ("chi", "9p", "6p")
    ev[55]["tile"], ev[71]["tile"] = "6p", "9p"
    r = rule(doc)
    assert [(f["rule"], f["player"], f["at"]) for f in hand_of(r)["rulings"]] == [("RJ-IRR-7", "P1", 55)]
    assert players_money(r) == recorded_net(doc, recorded)


def test_irr6b_a_pon_after_the_next_player_drew():
    """mjx 2010081709 South 1: P1 pons P3's 1z (event 25); here P0 has drawn first."""
    doc, _ = one_hand("2010081709gm-00a9-0000-fe3371ad.mjlog", 9)
    ev = events(doc)
    assert ev[25] == {"type": "pon", "player": "P1", "tile": "1z", "with": ["1z", "1z"]}
    ev[25:] = [{"type": "draw", "player": "P0", "tile": unseen(doc)}, ev[25], {"type": "end"}]
    r = rule(doc)
    assert [(f["rule"], f["player"]) for f in hand_of(r)["rulings"]] == [("RJ-IRR-6", "P1")]
    assert "late" in hand_of(r)["rulings"][0]["decision"]


def test_irr6b_near_miss_the_draw_put_back():
    """P0's draw put back (``correct``) before the pon: the rest of the hand as recorded."""
    doc, recorded = one_hand("2010081709gm-00a9-0000-fe3371ad.mjlog", 9)
    ev = events(doc)
    ev[25:25] = [{"type": "draw", "player": "P0", "tile": unseen(doc)},
                 {"type": "correct", "player": "P0", "about": 25, "action": "return_tile"}]
    r = rule(doc)
    assert hand_of(r)["rulings"] == [] and players_money(r) == recorded_net(doc, recorded)


# ---------------------------------------------------------------------------------------------
# nine terminals (RJ-IRR-8 / RJ-ABT-1)


def test_irr8_eight_kinds_declared_as_nine():
    """P3's ninth kind, 9m drawn at event 7, becomes 2m: a false declaration, chombo; P0 deals."""
    doc, _ = one_hand(GAME, 6)
    assert events(doc)[7] == {"type": "draw", "player": "P3", "tile": "9m"}
    events(doc)[7]["tile"] = "2m"
    r = rule(doc)
    assert [f["rule"] for f in hand_of(r)["rulings"]] == ["RJ-IRR-8"] and hand_of(r)["result"] == "penalty"
    assert money(r) == {"P0": 4000, "P1": 2000, "P2": 2000, "P3": -8000}


def test_abt1_near_miss_as_recorded():
    doc, _ = one_hand(GAME, 6)
    r = rule(doc)
    assert (hand_of(r)["result"], hand_of(r)["abort"], money(r)) == ("abortive_draw", "nine_terminals", {})
    assert (hand_of(r)["next"]["dealer"], hand_of(r)["next"]["honba"]) == ("P0", 1)


# ---------------------------------------------------------------------------------------------
# input errors: a fifth red five; a compulsory abort not recorded (RJ-ABT-6)


def test_a_second_0m_is_an_input_error_naming_the_event():
    doc, _ = one_hand(GAME, 9)
    assert FIRST_RED in parse_compact(events(doc)[0]["hands"]["P0"], red=True)  # P0 holds the 0m
    with pytest.raises(InputError) as err:
        rule(swap_tsumogiri(doc, 21, "0m"))
    assert err.value.errors == {"hand.events[21].tile": ["a second 0m: the set has one red five of each suit"]}


def test_a_second_0m_near_miss_a_plain_5m():
    doc, recorded = one_hand(GAME, 9)
    assert players_money(rule(swap_tsumogiri(doc, 21, "5m"))) == recorded_net(doc, recorded)


@pytest.mark.parametrize("name, k, at, ended, kind", [
    pytest.param("2020052221gm-00a9-0000-6f0524c7.mjlog", 9, 9, 8, "four winds (四風連打", id="four-winds"),
    pytest.param("2018040923gm-00a9-0000-1833afca.mjlog", 2, 117, 116, "four riichi (四家立直", id="four-riichi"),
    pytest.param("2016052515gm-00a9-0000-c4d72066.mjlog", 2, 138, 137, "four kans (四槓散了", id="four-kans"),
])
def test_abt6_a_compulsory_abort_not_recorded(name, k, at, ended, kind):
    """The recorded ``abort`` replaced by the next player's draw: an input error naming the event
    where the hand ended. As recorded (the near miss): an abortive draw, nothing paid but the
    sticks put out, the dealer keeps, honba + 1."""
    doc, _ = one_hand(name, k)
    r = rule(doc)
    assert hand_of(r)["result"] == "abortive_draw"
    assert {p["rule"] for p in hand_of(r)["payments"]} <= {"RJ-RII-3"}
    assert hand_of(r)["next"]["dealer"] == doc["hand"]["dealer"] and hand_of(r)["next"]["honba"] == doc["hand"]["honba"] + 1
    ev = events(doc)
    assert ev[at]["type"] == "abort"
    last = ev[at - 1]["player"]
    players = doc["players"]
    ev[at] = {"type": "draw", "player": players[(players.index(last) + 1) % 4], "tile": unseen(doc)}
    with pytest.raises(InputError) as err:
        rule(doc)
    assert err.value.errors == {f"hand.events[{at}]": [
        f"the hand ended at event {ended} by {kind}, RJ-ABT): an abort event must follow, not a draw"]}
