"""Guangdong over every way in: the HTTP API (a ruling, the rulebook with its presets, options and
番 rows, clause texts), the command line (the text ruling in 简体中文 and English), and the input
errors guangdong adds (flowers, hk's options, passed: true outside all_waits_until_move)."""
import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from api.documents.documents import adjudicate_data
from api.documents.loader import load_document
from referee.errors import InputError
from rulesbook import get
from tests.servicekit import role_headers, store_of

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DOC = json.loads((EXAMPLES / "gd-kong-bloom.json").read_text(encoding="utf-8"))


def test_a_ruling_over_http(app):
    client = app.test_client()
    keys = role_headers(store_of(app))
    response = client.post("/v1/rulings", json=DOC, headers=keys["auditor"])
    assert response.status_code == 200 and response.get_json() == adjudicate_data(DOC)
    assert response.get_json()["rulebook"] == "guangdong-2026.12" and response.get_json()["preset"] == "wufan"
    bad = dict(DOC, ruleset={"preset": "wufan", "options": {"flowers": True}})
    response = client.post("/v1/rulings", json=bad, headers=keys["auditor"])
    assert response.status_code == 422 and "ruleset.options.flowers" in response.get_data(as_text=True)


def test_the_rulebook_lists_presets_options_and_fan_rows(app):
    client = app.test_client()
    books = {b["variant"]: b for b in client.get("/v1/rulebooks").get_json()["rulebooks"]}
    gd = books["guangdong"]
    assert gd["rulebook"] == "guangdong-2026.12" and gd["presets"] == ["wufan", "yifan", "sanfan", "qq", "seed_list1"]
    assert gd["options"]["limit_fan"]["presets"]["qq"] == 3 and gd["options"]["min_fan"]["presets"]["sanfan"] == 3
    assert gd["fan_table"]["GD-FAN-17"]["presets"]["seed_list1"] == 9
    clause = client.get("/v1/rulebooks/guangdong/clauses/GD-BAO-1").get_json()
    assert clause["rulebook"] == get("guangdong").RULEBOOK_VERSION and "十二张落地" in clause["text"]


def test_the_command_line_text_ruling():
    out = subprocess.run([sys.executable, "-m", "api.cli", "adjudicate", str(EXAMPLES / "gd-rob-kong.json"),
                          "--format", "text"], capture_output=True, text=True, check=True).stdout
    assert "Result: 胡牌 win" in out and "share S = base 10 × 2^3 = 80" in out
    assert "B pays C 240 = 3S (the kong player pays all three shares), S 80 (GD-PAY-3, 包\n      抢杠包 GD-BAO-5)" in out
    assert "抢杠包" in out and "Net: A 0, B -240, C +240, D 0" in out


@pytest.mark.parametrize("edit, path", [
    (lambda d: d["hand"]["events"].insert(1, {"type": "flower", "player": "A", "tile": "1f"}), "hand.events[1].type"),
    (lambda d: d["hand"]["events"][0]["hands"].__setitem__("A", "1199m23478p1234s1f"), "hand.events[0].hands.A"),
    (lambda d: d["hand"]["events"][-1].__setitem__("how", "flower"), "hand.events[4].how"),
    (lambda d: d.__setitem__("ruleset", {"base": 10, "tai": 20}), "ruleset.tai"),
    (lambda d: d.__setitem__("ruleset", {"preset": "club"}), "ruleset.preset"),
    (lambda d: d["hand"]["events"][0].__setitem__("status", {"C": {"passed": True}}),
     "hand.events[0].status.C.passed"),
    (lambda d: d["hand"]["events"][0].__setitem__("liabilities",
                                                  [{"clause": "HK-BAO-1", "liable": "A", "covered": "C"}]),
     "hand.events[0].liabilities[0].clause"),
    (lambda d: d["hand"]["events"][0].__setitem__("wall_left", 84), "hand.events[0].wall_left"),
])
def test_what_guangdong_refuses(edit, path):  # GD §10, GD-IRR-4
    data = copy.deepcopy(DOC)
    edit(data)
    with pytest.raises(InputError) as err:
        load_document(data) and adjudicate_data(data)
    assert path in err.value.errors, err.value.errors


def test_passed_true_under_all_waits():
    data = copy.deepcopy(DOC)
    data["ruleset"] = {"base": 10, "options": {"pass_rule": "all_waits_until_move"}}
    data["hand"]["events"][0]["status"] = {"B": {"passed": True}}
    assert adjudicate_data(data)["hands"][0]["net"]["C"] == 240
