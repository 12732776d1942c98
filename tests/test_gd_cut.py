"""``referee cut`` / ``POST /v1/cut`` for ``guangdong`` (RULEBOOK_GD §10, HK §10's ``state``): a hand
cut at event N rules as the whole, indices shifted (the property over generated hands is
``benchmarks.cut_property --guangdong``); what a ``state`` cannot hold (a chain of kongs a later
杠上开花 reads) is refused at ``at``."""
from __future__ import annotations

import json
import random

import pytest

from api.cli import main
from api.documents.documents import adjudicate_data, cut_data
from api.documents.loader import load_document
from benchmarks.cut_property import Tally
from referee.errors import InputError
from rulesbook.family13.selfplay import document
from rulesbook.guangdong.selfplay import play_hand

from .gdkit import WAITING, discard, doc, draw, state, win
from .servicekit import make_app, store_of
from .test_cut import same_as_whole

RIVERS = {"A": ["1z"], "B": ["1z"], "C": ["1z"], "D": ["3z"]}

#: dealer B (seats B 1z, C 2z, D 3z, A 4z; round 1z): C discards 2z, A claims it for a kong, draws
#: 7s from the back and wins 123m 456p 789s 77s + 2222z: 鸡胡 0 + 自摸 1 + 杠上开花 1 = 2 (南 is
#: neither his seat nor the round), floored to 3 (GD-FAN-30.1): S = 10 × 2^3 = 80; C fed the kong
#: and pays all three shares (GD-BAO-4): C −240, A +240.
BLOOM = {"A": "123m456p789s7s222z", "B": "1199m2378p1234s5z", "C": "2z3366m5566p1155s7z",
         "D": "4455m7799p8m66s6z7z"}


def _bloom() -> dict:
    events = [state(BLOOM, turn="C", discards={"A": ["9m"], "B": ["4z"], "C": ["3z"], "D": ["4z"]}),
              discard("C", "2z"), {"type": "kong", "player": "A", "kind": "claimed", "tiles": "2222z"},
              draw("A", "7s", back=True), win("A", "self_draw", "7s")]
    return doc(events, dealer="B", start_dealer="B")


def test_a_kong_bloom_cut_before_its_kong_rules_as_the_whole():  # GD-BAO-4, GD-FAN-26, GD-FAN-30.1
    data = _bloom()
    whole = adjudicate_data(data)["hands"][0]
    w = whole["winners"][0]
    assert (w["fan"], w["fan_paid"], w["floor"], w["portion"]) == (2, 3, "GD-FAN-30.1", 80)
    assert whole["net"] == {"A": 240, "B": 0, "C": -240, "D": 0}
    for at in (1, 2):  # at 2 the 2z is on offer in the state: its kong's feeder is the state's discarder
        piece = same_as_whole(data, at)
        assert adjudicate_data(piece)["hands"][0]["net"] == {"A": 240, "B": 0, "C": -240, "D": 0}
    assert cut_data(data, 2)["hand"]["events"][0]["last_discard"] == {"player": "C", "tile": "2z"}
    for at in (3, 4):  # inside the chain the bloom reads: refused, naming where to cut
        with pytest.raises(InputError) as err:
            cut_data(data, at)
        assert "began at event 2" in err.value.errors["at"][0] and "cut at 2 or earlier" in err.value.errors["at"][0]


def test_a_concealed_kong_bloom_and_where_its_chain_begins():  # GD-FAN-26, GD-FAN-30.1 not needed
    # A draws the fourth 2z, kongs it concealed, draws 7s from the back and wins: 鸡胡 0 + 门前清 1
    # + 自摸 1 + 杠上开花 1 = 3 (no floor needed), S = 10 × 2^3 = 80 from each of B, C, D; no 包.
    # Cut at the kong (event 5) or before it: the chain is in the cut document, so it rules as the
    # whole (the near miss); after it the chain is split and the cut is refused.
    hands = dict(BLOOM, C="8s3366m5566p1155s7z")
    events = [state(hands, turn="C", discards={"A": ["9m"], "B": ["4z"], "C": ["3z"], "D": ["4z"]}),
              discard("C", "8s"), draw("D", "9s"), discard("D", "9s"), draw("A", "2z"),
              {"type": "kong", "player": "A", "kind": "concealed", "tiles": "2222z"},
              draw("A", "7s", back=True), win("A", "self_draw", "7s")]
    data = doc(events, dealer="B", start_dealer="B")
    whole = adjudicate_data(data)["hands"][0]
    assert (whole["winners"][0]["fan"], whole["winners"][0]["floor"]) == (3, None)
    assert whole["net"] == {"A": 240, "B": -80, "C": -80, "D": -80}
    for at in range(1, 6):
        same_as_whole(data, at)
    for at in (6, 7):
        with pytest.raises(InputError) as err:
            cut_data(data, at)
        assert "cut at 5 or earlier" in err.value.errors["at"][0]


def test_a_pass_in_force_is_carried_by_the_state():  # GD-GS-2, GD-GS-3, GD-ZH-2
    events = [state(discards=RIVERS), discard("A", "3p"), draw("B", "9p"), discard("B", "3p"),
              win("C", "discard", "3p", "B")]
    data = doc(events)
    piece = same_as_whole(data, 4)  # after B's discard: the window on A's 3p closed, C passed it
    assert piece["hand"]["events"][0]["status"] == {"C": {"passed": {"tiles": ["3p"]}}}
    hand = adjudicate_data(piece)["hands"][0]
    assert hand["result"] == "false_win" and hand["net"] == {"A": 320, "B": 320, "C": -960, "D": 320}
    near = same_as_whole(data, 3)  # B drew past A's 3p: its window is still open, no bar yet
    assert near["hand"]["events"][0]["drawn_past"] is True
    assert "status" not in near["hand"]["events"][0]


def test_generated_guangdong_hands_cut_at_random_events_rule_as_the_whole():
    """30 generated Guangdong hands at 4 random events each (过水 bars, 包 liabilities, kongs)."""
    tally, rng = Tally(), random.Random(13)
    for n in range(30):
        d = document(play_hand(rng), variant="guangdong")
        dd, w = load_document(d), adjudicate_data(d)
        for at in sorted(rng.sample(range(1, len(d["hand"]["events"])), 4)):
            tally.check(f"guangdong {n}", d, dd, w, 0, at)
    assert tally.mismatches == [] and tally.cuts > 60


def test_the_command_and_the_api_cut_a_guangdong_hand(tmp_path, capsys):
    data = doc([state(discards=RIVERS), discard("A", "3p"), win("C", "discard", "3p", "A")])
    src = tmp_path / "hand.json"
    src.write_text(json.dumps(data))
    out = tmp_path / "cut.json"
    assert main(["cut", str(src), "--at", "1", "-o", str(out)]) == 0
    assert json.loads(out.read_text()) == cut_data(data, 1)
    app = make_app(tmp_path / "c.db", REFEREE_PUBLIC_READS=True)
    try:
        r = app.test_client().post("/v1/cut?at=1", json=data)
        assert r.status_code == 200 and r.get_json() == cut_data(data, 1)
        bad = app.test_client().post("/v1/cut?at=3", json=data)
        assert bad.status_code == 422 and "at" in bad.get_json()["errors"]
    finally:
        store_of(app).close()
