"""``POST /v1/rulings?explain=true``: each payment as the sum it is, with its clause, exactly as the
text ruling prints it (api.text.text_money, shared by both), and why a round wind is unknown."""
from __future__ import annotations

import json

import pytest

from api.documents.documents import adjudicate_data
from api.text.text import format_text
from tests.servicekit import ROOT, make_app
from tests.test_browser import RIICHI

EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*.json") if not p.name.endswith(".ruling.json"))


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("explain") / "e.db", REFEREE_PUBLIC_READS=True)
    yield app.test_client()
    app.extensions["referee.store"].close()


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_each_payment_is_explained_as_the_text_ruling_prints_it(client, path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    answer = client.post("/v1/rulings?explain=true", json=doc)
    assert answer.status_code == 200
    ruling = answer.get_json()
    explained = ruling.pop("explained")
    assert ruling == adjudicate_data(doc)  # the ruling itself is unchanged
    text = flat(format_text(ruling, doc))
    assert len(explained) == len(ruling["hands"])
    for hand, why in zip(ruling["hands"], explained):
        assert len(why["payments"]) == len(hand["payments"])
        for p, reason in zip(hand["payments"], why["payments"]):
            assert reason.endswith(")") and p["rule"] in reason
            assert flat(f"{p['from']} pays {p['to']} {p['amount']} {reason}") in text


def test_the_dealers_tai_are_spelled_out(client):
    doc = json.loads((ROOT / "examples" / "discard-win.json").read_text(encoding="utf-8"))
    [hand] = client.post("/v1/rulings?explain=true", json=doc).get_json()["explained"]
    assert hand == {"payments": ["= 100 + (3 face + 1 作莊 + 2 連1拉1) × 20 (TW-PAY-1)"],
                    "round_wind": None, "claims": []}
    plain = client.post("/v1/rulings", json=doc).get_json()
    assert "explained" not in plain  # near miss: asked for only


def test_a_riichi_payment_names_what_it_is(client):
    [hand] = client.post("/v1/rulings?explain=true", json=RIICHI).get_json()["explained"]
    ruling = adjudicate_data(RIICHI)["hands"][0]
    for p, reason in zip(ruling["payments"], hand["payments"]):
        assert p["rule"] in reason
    honba = [r for p, r in zip(ruling["payments"], hand["payments"]) if p["rule"] == "RJ-PAY-5"]
    assert honba == ["= 1 honba × 300 (RJ-PAY-5, honba)"]


def test_why_a_round_wind_is_unknown(client):
    doc = json.loads((ROOT / "examples" / "discard-win.json").read_text(encoding="utf-8"))
    [known] = client.post("/v1/rulings?explain=true", json=doc).get_json()["explained"]
    assert known["round_wind"] is None  # near miss: the first dealer is given
    del doc["hand"]["start_dealer"]
    answer = client.post("/v1/rulings?explain=true", json=doc).get_json()
    assert answer["hands"][0]["next"]["round_wind"] is None
    assert answer["explained"][0]["round_wind"].startswith("the hand gives no start_dealer")
    assert "TW-SEAT-2" in answer["explained"][0]["round_wind"]
    assert flat(answer["explained"][0]["round_wind"]) in flat(format_text(adjudicate_data(doc), doc))


def test_explain_must_be_true_or_false(client):
    answer = client.post("/v1/rulings?explain=maybe", json=RIICHI)
    assert answer.status_code == 422 and answer.get_json()["errors"] == {
        "query.explain": ["must be true or false"]}


def test_why_a_pon_call_gave_way_to_a_win_on_the_same_discard(client):
    from tests.tablekit import discard, doc, state, win

    hands = {"A": 17, "B": "123m456m789m123p456p8s", "C": 16, "D": 16}
    called = doc(state(hands=hands, turn="A", phase="discard", wall_left=None), discard("A", "8s"),
                 {"type": "call", "player": "C", "call": "pon"}, win("B", "discard", "8s", frm="A"))
    [why] = client.post("/v1/rulings?explain=true", json=called).get_json()["explained"]
    assert why["claims"] == ["C's 碰 pon (event 2) gives way to B's win on the same discard "
                             "(event 1): a win comes first, 和 > 碰/杠 > 吃 (TW-PR)"]
    called["hand"]["events"][2]["player"] = "B"  # near miss: his own call is no lost claim
    [why] = client.post("/v1/rulings?explain=true", json=called).get_json()["explained"]
    assert why["claims"] == []


def test_an_hk_round_wind_unknown_cites_hks_clause(client):
    doc = json.loads((ROOT / "examples" / "hk-false-win.json").read_text(encoding="utf-8"))
    doc["hand"].pop("start_dealer", None)
    answer = client.post("/v1/rulings?explain=true", json=doc).get_json()
    assert answer["hands"][0]["next"]["round_wind"] is None
    assert answer["explained"][0]["round_wind"].endswith("(HK-FLOW-11)")
