"""Wuhan over every way in: the HTTP API (a ruling, the ruling explained, the rulebook with its
presets, options and factor_table, clause texts), the command line (the text ruling in 简体中文 and
English: each winner's reading, H and M_W, each share as the sum it is with the loser's items and
what capped it, the 承包 lines), ``referee audit``, and the input errors of the ways in. Money in the
comments is worked from RULEBOOK_WH (base 5)."""
import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from api.documents.documents import adjudicate_data
from api.text.text import format_text
from api.text.text_money import explain
from rulesbook import get
from tests.servicekit import role_headers, store_of

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def text_of(doc: dict) -> str:
    return format_text(adjudicate_data(doc), doc)


def test_a_ruling_over_http_explained(app):
    doc = example("wh-wild-reading")
    client = app.test_client()
    keys = role_headers(store_of(app))
    response = client.post("/v1/rulings?explain=true", json=doc, headers=keys["auditor"])
    body = response.get_json()
    assert response.status_code == 200 and body["rulebook"] == "wuhan-2026.12" and body["preset"] == "kaikoufan"
    # §10: D pays 5 × H 1 × M_A 4 × M_D (开口 2 × 癞子杠 4 × 放炮 2 = 16) = 320
    assert body["explained"][0]["payments"][2] == ("= 5 × 64, raw 64 = H 1 × M_A 4 × M_D 16; "
                                                   "M_D = 开口 2 × 癞子杠 4 × 放炮 2 = 16 (WH-PAY-1)")
    assert body["explained"][0]["round_wind"] == "Wuhan scores no wind, WH-FLOW-1"
    bad = dict(doc, ruleset={"preset": "kaikoufan", "fan_table": {"WH-FAN-6": 2}})
    response = client.post("/v1/rulings", json=bad, headers=keys["auditor"])
    assert response.status_code == 422 and "ruleset.fan_table" in response.get_json()["errors"]


def test_the_rulebook_lists_presets_options_and_the_factor_table(app):
    client = app.test_client()
    books = {b["variant"]: b for b in client.get("/v1/rulebooks").get_json()["rulebooks"]}
    wh = books["wuhan"]
    assert wh["rulebook"] == "wuhan-2026.12" and wh["presets"] == ["kaikoufan", "koukoufan"]
    assert wh["options"]["jin_ding"] == {"values": ["integer"], "least": "cap", "default": 400,
                                         "clause": "WH-PAY-3", "presets": {"kaikoufan": 400, "koukoufan": 500}}
    assert wh["options"]["max_wild_small"]["values"] == ["integer", "null"] and wh["options"]["max_wild_small"]["least"] == 0
    assert wh["options"]["open_factor"]["presets"] == {"kaikoufan": "once", "koukoufan": "per_claim"}
    assert wh["factor_table"]["WH-FAN-10.big"] == {"default": 1.5, "presets": {"kaikoufan": 1.5, "koukoufan": 1.5}}
    assert wh["factor_table"]["WH-HU-4"]["default"] == 10 and "fan_table" not in wh
    assert "factor_table" not in books["hk"]  # near miss: the other variants have none
    part = client.get("/v1/rulebooks/wuhan/clauses/WH-FAN-10.small").get_json()
    assert part["clause"] == "WH-FAN-10.small" and part["title"] == "自摸" and "1.5 big" in part["text"]
    assert "金顶" in client.get("/v1/rulebooks/wuhan/clauses/WH-PAY-3").get_json()["text"]


def test_the_text_ruling_reads_the_wild_tile_and_each_share():
    out = text_of(example("wh-wild-reading"))
    assert "Winner A (接炮 on D's discard, 5p): 小胡 small hand, 软胡 soft, H 1, M_A 4" in out
    assert "    癞子 read: 8s as 5m (WH-LZ-6)" in out
    assert "    M_A = 2 × 2 = 4 (WH-FAN-0)" in out
    assert "  B pays A 40 = 5 × 8, raw 8 = H 1 × M_A 4 × M_B 2; M_B = 庄 2 = 2 (WH-PAY-1)" in out
    assert "  C pays A 20 = 5 × 4, raw 4 = H 1 × M_A 4 × M_C 1; M_C = 1: no items (WH-PAY-1)" in out
    assert "round wind none (Wuhan scores no wind, WH-FLOW-1)" in out


def test_the_text_ruling_names_a_liability_and_whose_share_it_pays():
    # WH-CB-1: A fed C's third claim; C's hard 清一色 self-draw, H 10, M_C 6: A pays D's share 120
    # and B's 60 beside his own 240 (5 × 420 = 2100)
    out = text_of(example("wh-third-feed"))
    assert "Winner C (自摸 self-draw, 8p): 大胡 big hand, 硬胡 hard, H 10, 1 unit, M_C 6" in out
    assert "A pays C 600 = 5 × 120, raw 120 = H 10 × M_C 6 × M_D 2; M_D = 开口 2 = 2\n      (WH-PAY-1, D's share, 承包 第三口承包 the third feed of a 清一色 WH-CB-1)" in out
    assert "A pays C 1200 = 5 × 240, raw 240 = H 10 × M_C 6 × M_A 4; M_A = 暗杠 4 = 4\n      (WH-PAY-1)" in out
    assert "B's share, 承包" in out and "A's share" not in out  # near miss: his own share moved nothing


@pytest.mark.parametrize("laid, cap, amounts", [
    # A's 红中杠 off: A's M 8, raw 240 under the cap; B and D raw 480 capped at 300 (no 金顶)
    pytest.param([], "封顶 the cap", [1500, 1200, 1500], id="cap"),
    # all three raw 480: 金顶, 400 each
    pytest.param(["7z"], "金顶: all three raw shares reached the cap", [2000, 2000, 2000], id="jin-ding"),
])
def test_the_text_ruling_says_what_capped_a_share(laid, cap, amounts):
    doc = example("wh-jin-ding")
    state = doc["hand"]["events"][0]
    state["laid"]["A"] = laid
    if not laid:
        del state["laid"]["A"]
    ruling = adjudicate_data(doc)
    assert [p["amount"] for p in ruling["hands"][0]["payments"]] == amounts  # D, A, B
    out = format_text(ruling, doc).replace("\n      ", " ")
    assert out.count(cap) == (2 if not laid else 3)
    if not laid:
        assert "A pays C 1200 = 5 × 240, raw 240 = H 10 × M_C 3 × M_A 8" in out


def test_a_liable_cap_is_named():
    # the third-feed hand with A's 红中杠 as well: A's M 8, his own raw 480 > the liable cap 400
    # (WH-PAY-4 per_share); D 120, B 60 as before: A pays 5 × (400 + 120 + 60) = 2900
    doc = example("wh-third-feed")
    doc["hand"]["events"][0]["laid"] = {"A": ["7z"]}
    ruling = adjudicate_data(doc)
    assert ruling["net"]["A"] == -2900
    out = format_text(ruling, doc).replace("\n      ", " ")
    assert "A pays C 2000 = 5 × 400, 承包封顶 the liable cap, raw 480 = H 10 × M_C 6 × M_A 8; M_A = 暗杠 4 × 红中杠 2" in out


def test_a_false_win_and_a_passed_win_in_text():
    out = text_of(example("wh-false-win"))
    assert "Result: 诈胡 false win" in out and "A pays B 2000 = 5 × 400, 金顶 400 reversed (诈胡) (WH-ZH-2)" in out
    assert "Next: dealer B, streak 0" in out  # WH-ZH-4: the dealer's false win passes the deal
    doc = example("wh-false-win")
    doc["ruleset"] = {"base": 5, "options": {"false_win": "fixed:100"}}
    assert "A pays B 500 = 5 × 100, the fixed amount 100 (诈胡) (WH-ZH-2)" in text_of(doc)
    out = text_of(example("wh-passed-win"))
    assert "WH-GS-3 [ruled] B" in out and "过水" in out


def test_explained_money_agrees_with_the_text_for_every_example():
    for path in sorted(EXAMPLES.glob("wh-*.json")):
        if path.name.endswith(".ruling.json"):
            continue
        doc = json.loads(path.read_text(encoding="utf-8"))
        ruling = adjudicate_data(doc)
        text = format_text(ruling, doc).replace("\n      ", " ")
        for p, why in zip(ruling["hands"][0]["payments"], explain(ruling, doc)[0]["payments"]):
            assert f"{p['from']} pays {p['to']} {p['amount']} {why}" in text, path.name


def test_the_command_line_and_an_audit():
    out = subprocess.run([sys.executable, "-m", "api.cli", "adjudicate", str(EXAMPLES / "wh-jin-ding.json"),
                          "--format", "text"], capture_output=True, text=True, check=True).stdout
    assert out.startswith("Ruling (wuhan-2026.12, variant wuhan, preset kaikoufan)")
    assert "Net: A -2000, B -2000, C +6000, D -2000" in out
    files = [str(p) for p in sorted(EXAMPLES.glob("wh-*.json")) if not p.name.endswith(".ruling.json")]
    done = subprocess.run([sys.executable, "-m", "api.cli", "audit", *files], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert f"{len(files)} documents, {len(files)} ruled, 0 rejected, 0 internal errors" in done.stdout
    assert "WH-CB-1" in done.stdout and "WH-GS-3" in done.stdout


@pytest.mark.parametrize("edit, path", [
    (lambda d: d["hand"]["events"][0].pop("indicator"), "hand.events[0].indicator"),
    (lambda d: d["hand"]["events"][0].__setitem__("wild", "9s"), "hand.events[0].wild"),
    (lambda d: d["hand"]["events"].insert(1, {"type": "flower", "player": "D", "tile": "1f"}), "hand.events[1].type"),
    (lambda d: d.__setitem__("ruleset", {"preset": "wufan"}), "ruleset.preset"),
    (lambda d: d.__setitem__("ruleset", {"factor_table": {"WH-FAN-6": 1.25}}), "ruleset.factor_table.WH-FAN-6"),
    (lambda d: d.__setitem__("ruleset", {"options": {"cap": 300, "jin_ding": 200}}), "ruleset.options.jin_ding"),
])
def test_what_the_ways_in_refuse_at_its_place(edit, path):
    from referee.errors import InputError

    data = copy.deepcopy(example("wh-wild-reading"))
    edit(data)
    with pytest.raises(InputError) as err:
        adjudicate_data(data)
    assert path in err.value.errors, err.value.errors
    assert get("wuhan").RULEBOOK_VERSION == "wuhan-2026.12"
