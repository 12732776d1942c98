"""``referee cut`` / ``POST /v1/cut`` for ``wuhan`` (RULEBOOK_WH §10's ``state``): a hand cut at
event N rules as the whole, indices shifted (the property over generated hands is
``benchmarks.cut_property --wuhan``); the state carries the indicator, what each player laid out
alone or threw (``laid``, not his river), a pass in force and the WH-CB-1 liability standing; what a
``state`` cannot hold is refused at ``at``: a chain of kongs (single kongs too) that a later 杠上花
reads. Inside the 海底 draws the state says they have begun (``haidi``)."""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from api.cli import main
from api.documents.documents import adjudicate_data, cut_data
from api.documents.loader import load_document
from benchmarks.cut_property import Tally
from referee.errors import InputError
from rulesbook.wuhan.selfplay import document, play_hand

from .servicekit import make_app, store_of
from .test_cut import same_as_whole

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["wh-wild-reading", "wh-third-feed", "wh-passed-win", "wh-two-claimants"])
def test_each_example_cut_at_each_event_rules_as_the_whole(name):
    data = example(name)
    events = data["hand"]["events"]
    over = next(i for i, e in enumerate(events) if e["type"] == "win")  # a state is a position in play
    for at in range(1, over + 1):
        piece = same_as_whole(data, at)
        assert piece["hand"]["events"][0]["indicator"] == data["hand"]["events"][0]["indicator"]


def test_the_state_carries_the_laid_tiles_the_pass_and_the_liability():
    # wh-passed-win after D's 6p: B's pass on C's 3p is in force (all_waits_until_move: passed true),
    # so his declaration is 诈胡 in the cut as in the whole: B pays 5 × 400 to each (WH-ZH-2)
    piece = same_as_whole(example("wh-passed-win"), 4)
    assert piece["hand"]["events"][0]["status"] == {"B": {"passed": True}}
    assert adjudicate_data(piece)["net"] == {"A": 2000, "B": -6000, "C": 2000, "D": 2000}
    piece = same_as_whole(example("wh-wild-reading"), 2)  # D's 癞子杠 stays in laid, not his river
    assert piece["hand"]["events"][0]["laid"] == {"D": ["8s"]} and piece["hand"]["events"][0]["discards"] == {"D": ["5p"]}
    piece = same_as_whole(example("wh-third-feed"), 1)  # the third feed's liability (WH-CB-1)
    assert piece["hand"]["events"][0]["liabilities"] == [{"clause": "WH-CB-1", "liable": "A", "covered": "C"}]


def _red_dragon_bloom() -> dict:
    """A lays out his 红中 (a single kong), draws 8s from the back and wins on it: 杠上花 (WH-HU-4.6)."""
    data = example("wh-wild-reading")
    s = data["hand"]["events"][0]
    s.update({"hands": dict(s["hands"], A="34p67m55s8s7z", D="23m89p66s1155z"), "turn": "A",
              "phase": "discard", "laid": {"D": ["8s"]}, "discards": {"D": ["9s"]}})
    data["hand"]["events"][1:] = [{"type": "single_kong", "player": "A", "tile": "7z"},
                                  {"type": "draw", "player": "A", "tile": "5p", "from": "back"},
                                  {"type": "win", "player": "A", "how": "self_draw", "tile": "5p"}]
    return data


def test_a_single_kong_chain_a_bloom_reads_is_not_split():
    data = _red_dragon_bloom()
    whole = adjudicate_data(data)["hands"][0]
    assert "WH-HU-4.6" in [p["rule"] for p in whole["winners"][0]["patterns"]]
    same_as_whole(data, 1)  # before the single kong: the chain is in the cut document
    for at in (2, 3):
        with pytest.raises(InputError) as err:
            cut_data(data, at)
        assert "cut at 1 or earlier" in err.value.errors["at"][0]


def test_a_cut_inside_the_haidi_draws_says_they_have_begun():
    """WH-FLOW-5: cut at each 海底 draw, the state says the draws have begun (``haidi``), the next to
    draw has the turn, and the 荒庄 rules as the whole."""
    hand = next(h for h in (play_hand(random.Random(s)) for s in range(60))
                if h["events"][-1]["type"] == "exhaustive_draw")
    data = document(hand)
    events = data["hand"]["events"]
    first = len(events) - 5  # the four 海底 draws, then 荒庄
    assert [e["type"] for e in events[first:]] == ["draw"] * 4 + ["exhaustive_draw"]
    assert "haidi" not in same_as_whole(data, first)["hand"]["events"][0]  # near miss: none drawn yet
    for at in range(first + 1, first + 4):
        state = same_as_whole(data, at)["hand"]["events"][0]
        assert state["haidi"] is True and state["phase"] == "draw" and state["turn"] == events[at]["player"]


def test_generated_wuhan_hands_cut_at_random_events_rule_as_the_whole():
    """40 generated Wuhan hands at 4 random events each (single kongs, thrown tiles, passes, 承包)."""
    tally, rng = Tally(), random.Random(17)
    for n in range(40):
        d = document(play_hand(rng))
        dd, w = load_document(d), adjudicate_data(d)
        for at in sorted(rng.sample(range(1, len(d["hand"]["events"])), 4)):
            tally.check(f"wuhan {n}", d, dd, w, 0, at)
    assert tally.mismatches == [] and tally.cuts > 100


def test_the_command_and_the_api_cut_a_wuhan_hand(tmp_path):
    data = example("wh-wild-reading")
    src = tmp_path / "hand.json"
    src.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "cut.json"
    assert main(["cut", str(src), "--at", "2", "-o", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == cut_data(data, 2)
    app = make_app(tmp_path / "c.db", REFEREE_PUBLIC_READS=True)
    try:
        r = app.test_client().post("/v1/cut?at=2", json=data)
        assert r.status_code == 200 and r.get_json() == cut_data(data, 2)
        bad = app.test_client().post("/v1/cut?at=3", json=copy.deepcopy(data))
        assert bad.status_code == 422 and "at" in bad.get_json()["errors"]
    finally:
        store_of(app).close()
