"""Hong Kong over every way in: the HTTP API (a ruling, the rulebook with its presets, options and
番 rows, clause texts), the command line (JSON and the text ruling in Hong Kong terms) and an audit."""
import json
import subprocess
import sys
from pathlib import Path

from api.documents.documents import adjudicate_data
from rulesbook import get
from tests.servicekit import role_headers, store_of

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DOC = json.loads((EXAMPLES / "hk-twelve-down.json").read_text(encoding="utf-8"))


def test_a_ruling_over_http(app):
    client = app.test_client()
    keys = role_headers(store_of(app))
    response = client.post("/v1/rulings", json=DOC, headers=keys["auditor"])
    assert response.status_code == 200 and response.get_json() == adjudicate_data(DOC)
    bad = dict(DOC, ruleset={"preset": "club", "tai": 20})
    response = client.post("/v1/rulings", json=bad, headers=keys["auditor"])
    assert response.status_code == 422 and "ruleset.tai" in response.get_data(as_text=True)


def test_the_rulebook_lists_presets_options_and_fan_rows(app):
    client = app.test_client()
    books = {b["variant"]: b for b in client.get("/v1/rulebooks").get_json()["rulebooks"]}
    hk = books["hk"]
    assert hk["rulebook"] == "hk-2026.12" and hk["presets"] == ["club", "tournament", "casual"]
    assert hk["options"]["false_win"]["presets"]["tournament"] == "off_table:256"
    assert hk["fan_table"]["HK-FAN-6"] == {"default": 7, "presets": {"club": 7, "tournament": 7, "casual": 4}}
    clause = client.get("/v1/rulebooks/hk/clauses/HK-BAO-1").get_json()
    assert clause["rulebook"] == get("hk").RULEBOOK_VERSION and "十二張落地" in clause["text"]
    point = client.get("/v1/rulebooks/hk/clauses/HK-FAN-0.4").get_json()  # a numbered point: its own text
    assert point["clause"] == "HK-FAN-0.4" and point["text"].startswith("otherwise the split counts the sum")
    assert client.get("/v1/rulebooks/hk/clauses/HK-FAN-0.99").get_json()["clause"] == "HK-FAN-0"


def test_the_command_line_text_ruling():
    out = subprocess.run([sys.executable, "-m", "api.cli", "adjudicate", str(EXAMPLES / "hk-twelve-down.json"),
                          "--format", "text"], capture_output=True, text=True, check=True).stdout
    assert "Result: 食糊 win" in out and "6 番" in out
    assert "portion P = base 5 × m(6) 32 = 160" in out
    assert "B pays C 160 = P (自摸: each pays P), P 160 (HK-PAY-1, D's share, 包" in out
    assert "B pays C 160 = P (自摸: each pays P), P 160 (HK-PAY-1)\n" in out  # B's own share
    assert "Net: A 0, B -480, C +480, D 0" in out
    out = subprocess.run([sys.executable, "-m", "api.cli", "adjudicate",
                          str(EXAMPLES / "hk-tournament-false-win.json"), "--format", "text"],
                         capture_output=True, text=True, check=True).stdout
    assert "Penalty: B loses 1280 off the table = 256 × base 5" in out and "詐糊" in out


def test_an_audit_of_hk_documents(tmp_path):
    out = subprocess.run([sys.executable, "-m", "api.cli", "audit", *sorted(str(p) for p in EXAMPLES.glob("hk-*.json")
                                                                         if not p.name.endswith(".ruling.json"))],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "HK-ZH-1" in out.stdout and "HK-BAO-2" in out.stdout


def test_the_table_page_knows_hk(app):
    from tests.test_web import config_of

    config = config_of(app.test_client().get("/").get_data(as_text=True))
    hk = config["tables"]["hk"]
    assert hk["hand"] == 13 and hk["flowers"] and hk["dealer_dealt"]
    assert set(hk["presets"]) == {"club", "tournament", "casual"}
    assert hk["presets"]["tournament"]["false_win"] == "off_table:256"
    assert hk["events"]["win"]["how"] == ["self_draw", "discard", "rob_kong", "flower"]
    assert "flower" in hk["events"] and not {"declare", "rob_flower", "decline_last", "riichi"} & set(hk["events"])
    assert hk["events"]["state"]["status"] == ["dead_hand"]
