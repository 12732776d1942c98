"""Properties of generated legal hands (self-play from the deal, with flowers, claims and kongs):
every one adjudicates without error, sums to zero, conserves the 144 tiles and rules the same twice."""
import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from api.documents.loader import load_document
from rulesbook.tw16.table import replay
from rulesbook.tw16.selfplay import document, play_game, play_hand
from rulesbook import tw16

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def tiles_on_table(table) -> int:
    total = table.wall_left + table.rules.dead_wall
    for ps in table.p.values():
        total += ps.concealed_count + sum(len(m.tiles) for m in ps.melds) + len(ps.flowers) + len(ps.river)
    return total


@settings(max_examples=150, deadline=None)
@given(SEEDS)
def test_generated_hand_is_ruled_sums_to_zero_and_conserves_tiles(seed):
    raw = document(play_hand(random.Random(seed)))
    doc = load_document(copy.deepcopy(raw))
    ruling = tw16.adjudicate(doc)
    hand = ruling["hands"][0]
    assert sum(hand["net"].values()) == 0
    assert sum(p["amount"] for p in hand["payments"] if p["to"] == "A") - sum(
        p["amount"] for p in hand["payments"] if p["from"] == "A") == hand["net"]["A"]
    assert hand["result"] in ("win", "exhaustive_draw")
    assert hand["rulings"] == [] and hand["missing"] == [] and hand["complete"]
    if hand["result"] == "win":
        assert len(hand["winners"]) == 1 and hand["winners"][0]["tai"] >= 0
        assert hand["payments"]
    h = doc.hands[0]
    table = replay(doc.players, h.dealer, h.open_seat, h.events)
    assert tiles_on_table(table) == 144
    assert tw16.adjudicate(load_document(copy.deepcopy(raw))) == ruling


@settings(max_examples=15, deadline=None)
@given(SEEDS)
def test_generated_game_carries_the_deal_and_totals_the_hands(seed):
    raw = play_game(random.Random(seed), 6)
    ruling = tw16.adjudicate(load_document(raw))
    assert all(h["rulings"] == [] for h in ruling["hands"])  # the rotation was followed: no TW-FLOW-8
    for name in raw["players"]:
        assert ruling["net"][name] == sum(h["net"][name] for h in ruling["hands"])
    assert sum(ruling["net"].values()) == 0
