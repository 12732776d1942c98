"""``referee cut FILE --at N`` and ``POST /v1/cut``: a recorded hand picked up at event N rules as
the whole (issue 27; RULEBOOK_RIICHI §15.14). The property over every real hand and 2,000 generated
tw16 hands is ``benchmarks.cut_property``; here a bounded sample of it, the moments inside a turn
(between a riichi and its discard, after a kan before its replacement and indicator, a discard
drawn past), the refusals and the ways in.
"""
from __future__ import annotations

import json
import random

import pytest

from api.cli import main
from api.documents.documents import adjudicate_data, cut_data
from api.documents.loader import load_document
from benchmarks.cut_property import Tally, normal
from referee.errors import InputError
from rulesbook import get
from rulesbook.tw16.selfplay import document, play_hand

from .riichikit import Hand
from .servicekit import make_app, store_of
from .test_tenhou_import import MORE, TENHOU, imported, needs_data

PAO = TENHOU / "dnovikoff" / "pao.xml"


def same_as_whole(data: dict, at: int, hand=None) -> dict:
    """The cut at ``at`` and its ruling, checked equal to the whole's (indices shifted)."""
    piece = cut_data(data, at, hand)
    whole = adjudicate_data(data)["hands"][hand or 0]
    assert normal(adjudicate_data(piece)["hands"][0], 1) == normal(whole, at)
    return piece


def test_a_riichi_hand_cut_at_every_event_rules_as_the_whole():
    """B's riichi, C's concealed kan (its indicator, its replacement) breaking B's ippatsu, and B's
    ron on D's 8s: every cut a state can hold rules as the whole (between the riichi and its
    discard, after the kan before its indicator and replacement, after the discard won on…); the
    others (the first go-round) are refused at ``at``."""
    h = Hand({"A": "123406789m1155p", "B": "234567m234p5567s", "C": "1111z258m258p258s",
              "D": "77z135m130p130s99s"}, avoid="5s8s")
    h.go(5)
    h.draw("B").riichi("B").discard("B")
    h.draw("C").kong("C", "concealed", "1111z").ev(type="dora", tile="2z")
    h.draw("C", back=True).discard("C")
    h.draw("D", "8s").discard("D", "8s").win("B", "discard", "8s", frm="D", ura="4z")
    doc = h.doc()
    n = len(doc["hand"]["events"])
    cuts = []
    for at in range(1, n):
        try:
            same_as_whole(doc, at)
            cuts.append(at)
        except InputError as err:
            assert "never the first go-round" in err.errors["at"][0], err.errors
    assert cuts == list(range(cuts[0], n)) and cuts[0] <= 9
    # a cut of a cut is the cut at the sum: the state of a state holds what the first held
    for at in cuts[:-2]:
        again = cut_data(cut_data(doc, at), 2)
        assert normal(adjudicate_data(again)["hands"][0], 1) == normal(adjudicate_data(doc)["hands"][0], at + 1)
    winner = adjudicate_data(doc)["hands"][0]["winners"][0]
    assert winner["player"] == "B" and "riichi" in [p["key"] for p in winner["patterns"]]


def _random_cuts(tally: Tally, label: str, play, rng: random.Random, hands: int) -> None:
    """``hands`` one-hand documents ``play(rng)`` each cut at 4 events drawn by ``rng``, into ``tally``."""
    for n in range(hands):
        d = play(rng)
        dd, w = load_document(d), adjudicate_data(d)
        for at in sorted(rng.sample(range(1, len(d["hand"]["events"])), 4)):
            tally.check(f"{label} {n}", d, dd, w, 0, at)


@needs_data
def test_a_sample_of_the_property_on_real_hands_and_generated_tw16():
    """A bounded sample of benchmarks.cut_property: Tenhou's pao game at every event of every
    hand, and 40 generated tw16 hands at 4 random events each; no cut differs from the whole."""
    tally = Tally()
    data, _ = imported(PAO)
    doc = load_document(data)
    whole = adjudicate_data(data)
    for k, record in enumerate(doc.hands):
        for at in range(1, len(record.events), 3):
            tally.check("pao", data, doc, whole, k, at)
    _random_cuts(tally, "tw16", lambda rng: document(play_hand(rng)), random.Random(5), 40)
    assert tally.mismatches == []
    assert tally.cuts > 200


def test_generated_hk_hands_cut_at_random_events_rule_as_the_whole():
    """30 generated Hong Kong hands at 4 random events each (過水 bars, 包 liabilities, flowers)."""
    from rulesbook.hk.selfplay import document as hk_document, play_hand as hk_hand

    tally = Tally()
    _random_cuts(tally, "hk", lambda rng: hk_document(hk_hand(rng)), random.Random(11), 30)
    assert tally.mismatches == [] and tally.cuts > 60


# -- the refusals --------------------------------------------------------------------------------

def _tw16() -> dict:
    return document(play_hand(random.Random(3)))


def test_a_cut_out_of_range_names_at():
    data = _tw16()
    n = len(data["hand"]["events"])
    with pytest.raises(InputError) as err:
        cut_data(data, n)
    assert err.value.errors == {"at": [f"the hand has {n} events: cut at 0 to {n - 1}"]}


def test_the_first_go_round_is_refused_and_after_it_a_cut_is_made():
    data = _tw16()
    with pytest.raises(InputError) as err:
        cut_data(data, 2)
    assert "never the first go-round" in err.value.errors["at"][0]
    assert cut_data(data, 0) == data  # at 0: the document itself
    first = next(at for at in range(1, 60) if _cuts(data, at))
    assert cut_data(data, first)["hand"]["events"][0]["type"] == "state"


def _cuts(data: dict, at: int) -> bool:
    try:
        cut_data(data, at)
        return True
    except InputError:
        return False


def test_a_game_needs_its_hand_number():
    data, _ = imported(PAO)
    with pytest.raises(InputError) as err:
        cut_data(data, 5)
    assert "say which to cut" in err.value.errors["hand"][0]
    with pytest.raises(InputError) as err:
        cut_data(data, 5, hand=len(data["hands"]))
    assert "hand" in err.value.errors


def test_after_the_win_is_refused():
    data = _tw16()
    last = len(data["hand"]["events"]) - 1
    events = data["hand"]["events"]
    win = next(k for k, e in enumerate(events) if e["type"] in ("win", "exhaustive_draw"))
    if win < last:
        with pytest.raises(InputError) as err:
            cut_data(data, win + 1)
        assert "play ended" in err.value.errors["at"][0]
    same_as_whole(data, win)


# -- the ways in ---------------------------------------------------------------------------------

def test_the_command_writes_the_cut_document(tmp_path, capsys):
    data = _tw16()
    src = tmp_path / "hand.json"
    src.write_text(json.dumps(data))
    at = next(at for at in range(1, 60) if _cuts(data, at))
    out = tmp_path / "cut.json"
    assert main(["cut", str(src), "--at", str(at), "-o", str(out)]) == 0
    assert json.loads(out.read_text()) == cut_data(data, at)
    assert main(["cut", str(src), "--at", "1"]) == 2
    assert "error: at: a state is never the first go-round" in capsys.readouterr().err


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("c") / "c.db", REFEREE_PUBLIC_READS=True)
    yield app.test_client()
    store_of(app).close()


def test_the_api_cuts_as_the_command(client):
    data = _tw16()
    at = next(at for at in range(1, 60) if _cuts(data, at))
    r = client.post(f"/v1/cut?at={at}", json=data)
    assert r.status_code == 200 and r.get_json() == cut_data(data, at)
    bad = client.post("/v1/cut?at=1", json=data)
    assert bad.status_code == 422 and "at" in bad.get_json()["errors"]
    assert client.post("/v1/cut", json=data).status_code == 422  # at is required


@needs_data
def test_the_api_cuts_a_game_hand(client):
    data, _ = imported(PAO)
    r = client.post("/v1/cut?at=30&hand=1", json=data)
    assert r.status_code == 200
    assert r.get_json() == cut_data(data, 30, 1)
    assert get("riichi").cut is not None and MORE.is_dir()


def test_a_fault_not_reported_yet_is_refused():
    """B's concealed kan in riichi changed his waits (RJ-IRR-3, listed unreported): a cut after
    it would lose the fault his later win is ruled by; refused, and before it the cut is made."""
    from .test_riichi_disputes import KAN, kan_after_riichi

    h = kan_after_riichi(KAN, "3m")
    doc = h.draw("B", "4m").win("B", "self_draw", "4m", ura="5z6z").doc()
    kan = next(k for k, e in enumerate(doc["hand"]["events"]) if e["type"] == "kong")
    with pytest.raises(InputError) as err:
        cut_data(doc, kan + 1)
    assert "RJ-IRR-3" in err.value.errors["at"][0] and "not reported yet" in err.value.errors["at"][0]
    assert hand_of_cut(doc, kan)["result"] == "penalty"


def hand_of_cut(doc: dict, at: int) -> dict:
    return adjudicate_data(same_as_whole(doc, at))["hands"][0]
