"""Sichuan over every way in: the text ruling (``api.text.text_sc``: the order of wins, who had left
play, the checks, the money event by event with each payment's sum), ``?explain=true``, the HTTP
API (a ruling, the rulebook with its presets, options and 番 rows, clause texts), the command line,
and the input errors' words. The money is worked by hand from RULEBOOK_SC in each test's comment
(B = 5 in the examples)."""
import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from api.documents.documents import adjudicate_data
from api.text.text import format_text
from api.text.text_money import explain
from api.text.text_sc import payment_reasons
from referee.errors import InputError
from tests.servicekit import role_headers, store_of

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def text_of(name: str) -> str:
    doc = example(name)
    return format_text(adjudicate_data(doc), doc)


def test_two_wins_are_told_in_order_with_who_had_left_play():
    # B self-draws 对对胡 (F 1, V = 5 × 2 = 10): A, C, D each pay V + B = 15 (SC-PAY-1);
    # then D wins 平胡 on C's 7s (V = 5), C alone pays (SC-PAY-2): B had left play
    out = text_of("sc-two-wins")
    assert "1. B (自摸 self-draw, 9s) at event 4" in out and "all four in play" in out
    assert "2. D (点炮 on a discard from C, 7s) at event 7" in out and "already out of play: B" in out
    assert "第1胡：B 自摸九索，1番，V = 10" in out and "第2胡：D 点炮C打出的七索，0番，V = 5" in out
    assert "Left play 离场: B, D; in play at the end 在场: A, C" in out
    assert "A pays B 15 = V 10 = 5 × 2^1 + 底 5 (自摸加底" in out
    assert "C pays D 5 = V 5 = 5 × 2^0 (点炮: the discarder pays V) (SC-PAY-2)" in out
    assert "Money at event 4 (B declares a self-draw with 9s):" in out
    assert "Incomplete: the record stops before the hand ended" in out


def test_several_winners_on_one_discard_each_paid_their_own_value():
    # C's 5p: D 平胡 V = 5, A 七对 F 2 V = 20 (SC-PAY-4); then B's self-draw V 5 + B 5 = 10 from C alone
    out = text_of("sc-three-wins")
    assert out.count("一炮多响 several winners on one tile") == 2 and "D with A (SC-PAY-4)" in out
    assert "C pays A 20 = V 20 = 5 × 2^2 (一炮多响: the discarder pays each winner his" in out
    assert "C pays B 10 = V 5 = 5 × 2^0 + 底 5" in out and "already out of play: D, A" in out
    assert "Next: dealer C, streak 1, round wind none (Sichuan is played without winds" in out


def test_a_near_miss_two_wins_on_two_discards_are_not_one_tile():
    """Two discard wins from the same player on the same kind, but on two discards (a tile moved
    between them), are not 一炮多响."""
    doc = example("sc-two-wins")
    ruling = copy.deepcopy(adjudicate_data(doc))
    hand = ruling["hands"][0]
    hand["winners"][0].update(how="discard", **{"from": "C"}, tile="7s")  # as if B had won on a 7s of C's
    from api.text.text import _Hand
    from api.text.text_sc import _several

    assert _several(hand["winners"], _Hand(hand, doc["hand"]).events) == {}


def test_the_checks_and_their_money():
    # C, a pig: 5 × 2^3 = 40 to A, B, D (SC-CH-1); A not ready: B's best call 5 × 2^0 = 5 and D's
    # 5 × 2^1 = 10 (SC-CH-2); A gives back the 10 B paid for his kong (SC-GF-7)
    out = text_of("sc-pig-big-call")
    assert "Checks at the exhaustive draw 流局查叫" in out
    assert "C: 花猪 pig" in out and "A: not ready 无叫" in out and "D: ready 有叫, best call 1 番" in out
    assert "C pays A 40 = 5 × 2^3 (查花猪" in out
    assert "A pays D 10 = 5 × 2^1 (查大叫: D's best call, 1 番" in out
    assert "A pays B 10 = the kong money B paid A, given back (退税" in out


def test_kong_money_and_its_transfer():
    # D's added kong on the drawn tile: A, B, C pay 1 × B = 5 each (SC-GF-2); A wins 对对胡 + 杠上炮 on
    # D's discard: V = 5 × 2^2 = 20 (SC-PAY-2) and D's 15 kong money goes to A (SC-GF-6)
    out = text_of("sc-call-transfer")
    assert "A pays D 5 = 1 × B 5 (刮风 面下杠 added kong: each other player in play)" in out
    assert "D pays A 15 = the kong money D took, handed on (呼叫转移" in out
    assert "SC-FAN-22  杠上炮 kong discard: 1" in out


def test_false_wins_pay_the_cap_value():
    # 诈胡: the cap value 5 × 2^3 = 40 to each other player in play (SC-ZH-2)
    for name in ("sc-void-suit-win", "sc-passed-win"):
        out = text_of(name)
        assert "C pays A 40 = 5 × 2^3 (诈胡: the offender pays each other player in play the" in out
        assert "SC-ZH-1 [ruled] C" in out


def test_explain_gives_each_payment_its_sum_and_the_round_wind_its_reason():
    doc = example("sc-call-transfer")
    ruling = adjudicate_data(doc)
    explained = explain(ruling, doc)[0]
    assert explained["payments"] == payment_reasons(ruling["hands"][0], doc["ruleset"])
    assert explained["payments"][3] == "= V 20 = 5 × 2^2 (点炮: the discarder pays V) (SC-PAY-2)"
    assert "no round wind" in (explained["round_wind"] or "") or ruling["hands"][0]["next"] is None


def test_a_payment_is_named_by_its_clause_alone_when_its_sum_cannot_be_said():
    """Near miss: without the ruleset's rules (an unknown preset) no sum is claimed."""
    doc = example("sc-two-wins")
    ruling = adjudicate_data(doc)
    hand = ruling["hands"][0]
    odd = copy.deepcopy(hand)
    odd["payments"][0]["amount"] += 1  # a sum that does not give the amount back
    reasons = payment_reasons(odd, doc["ruleset"])
    assert reasons[0] == "(SC-PAY-1)" and reasons[1].startswith("= V 10")
    assert payment_reasons(hand, {"preset": "nowhere"})[3] == "= V 5 (点炮: the discarder pays V) (SC-PAY-2)"


def test_a_ruling_and_its_explanation_over_http(app):
    client = app.test_client()
    keys = role_headers(store_of(app))
    doc = example("sc-three-wins")
    response = client.post("/v1/rulings?explain=true", json=doc, headers=keys["auditor"])
    body = response.get_json()
    assert response.status_code == 200 and body["hands"] == adjudicate_data(doc)["hands"]
    assert [p["at"] for p in body["hands"][0]["payments"]] == [2, 3, 5]
    assert body["explained"][0]["payments"][1].startswith("= V 20 = 5 × 2^2 (一炮多响")
    bad = dict(doc, ruleset={"preset": "chengdu", "options": {"limit_fan": 4}})
    response = client.post("/v1/rulings", json=bad, headers=keys["auditor"])
    assert response.status_code == 422
    assert "it is an option of hk and guangdong, not of sichuan (sichuan's is 'cap_fan')" in \
        response.get_json()["errors"]["ruleset.options.limit_fan"][0]


def test_the_rulebook_lists_presets_options_and_fan_rows_with_their_names(app):
    client = app.test_client()
    books = {b["variant"]: b for b in client.get("/v1/rulebooks").get_json()["rulebooks"]}
    sc = books["sichuan"]
    assert sc["rulebook"] == "sichuan-2026.12" and sc["presets"] == ["chengdu", "online"]
    assert sc["options"]["cap_fan"]["presets"] == {"chengdu": 3, "online": 6}
    assert sc["options"]["kong_pay"]["default"] == {"claimed": 2, "added": 1, "concealed": 2}
    assert sc["fan_table"]["SC-FAN-9"] == {"default": 4, "presets": {"chengdu": 4, "online": 4},
                                          "name": "龙七对", "en": "dragon seven pairs", "class": "P"}
    assert sc["fan_table"]["SC-FAN-20"]["class"] == "A"
    assert "name" not in books["hk"]["fan_table"]["HK-FAN-6"]  # near miss: hk's table gives no names
    clause = client.get("/v1/rulebooks/sichuan/clauses/SC-FLOW-9").get_json()
    assert clause["text"].endswith("There is no round wind: next.round_wind is null.")


def test_the_command_line():
    run = [sys.executable, "-m", "api.cli", "adjudicate", str(EXAMPLES / "sc-pig-big-call.json"), "--format", "text"]
    out = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    assert out.startswith("Ruling (sichuan-2026.12, variant sichuan, preset chengdu)")
    assert "Net: A +15, B +55, C -120, D +50" in out


@pytest.mark.parametrize("edit, path, words", [
    (lambda d: d["hand"].__setitem__("round_wind", "1z"), "hand.round_wind", "no winds"),
    (lambda d: d["ruleset"].__setitem__("options", {"cap_fan": 4, "limit_fan": 4}), "ruleset.options.limit_fan",
     "sichuan's is 'cap_fan'"),
    (lambda d: d["ruleset"].__setitem__("options", {"dead_wall": "keep14"}), "ruleset.options.dead_wall",
     "it is an option of tw16 and hk, not of sichuan;"),
    (lambda d: d["hand"]["events"].append({"type": "draw", "player": "B", "tile": "1m"}), "hand.events[7].player",
     "B has left play"),
])
def test_input_errors_name_the_place_and_the_reason(edit, path, words):
    doc = example("sc-two-wins")
    edit(doc)
    with pytest.raises(InputError) as err:
        adjudicate_data(doc)
    assert words in " ".join(err.value.errors[path])


def test_a_near_miss_an_unknown_option_of_no_variant_gets_no_variant_named():
    doc = example("sc-two-wins")
    doc["ruleset"]["options"] = {"cap_fann": 3}
    with pytest.raises(InputError) as err:
        adjudicate_data(doc)
    reason = err.value.errors["ruleset.options.cap_fann"][0]
    assert "did you mean 'cap_fan'?" in reason and "it is an option of" not in reason


def test_an_audit_of_sichuan_documents_reports_every_win_and_the_money_by_event(tmp_path):
    """``referee audit`` over the sichuan examples and a self-played game: every document ruled,
    each hand's winners counted (several per hand), the HTML report embedding the text rulings."""
    import shutil

    from rulesbook.sichuan.selfplay import play_game

    for path in EXAMPLES.glob("sc-*.json"):
        if not path.name.endswith(".ruling.json"):
            shutil.copy(path, tmp_path / path.name)
    (tmp_path / "game.json").write_text(json.dumps(play_game(4, 3)), encoding="utf-8")
    run = [sys.executable, "-m", "api.cli", "audit", str(tmp_path), "--jobs", "1",
           "--json", str(tmp_path / "report.json"), "--html", str(tmp_path / "report.html")]
    out = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    assert out.startswith("Audit: 7 documents, 7 ruled, 0 rejected, 0 internal errors")
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    three = next(d for d in report["documents"] if d["source"].endswith("sc-three-wins.json"))
    assert [w["order"] for w in three["ruling"]["hands"][0]["winners"]] == [1, 2, 3]
    assert [p["at"] for p in three["ruling"]["hands"][0]["payments"]] == [2, 3, 5]
    assert report["summary"]["winners"] >= 3 + 2 + 1  # several winners per hand all counted
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "Money at event" in html and "SC-CH-1" in html and "no text ruling" not in html


@pytest.mark.parametrize("options, each, said", [
    # 对对胡 1 + 自摸加番 1 = F 2: V = 5 × 2^2 = 20 from each, no bonus (SC-PAY-1, SC-FAN-25)
    ({"self_draw_bonus": "add_fan"}, 20, "= V 20 = 5 × 2^2 (自摸: each player in play pays V) (SC-PAY-1)"),
    # F 1: V = 10 from each, no bonus
    ({"self_draw_bonus": "none"}, 10, "= V 10 = 5 × 2^1 (自摸: each player in play pays V) (SC-PAY-1)"),
    # the default: V 10 and one B 5 from each
    ({}, 15, "= V 10 = 5 × 2^1 + 底 5 (自摸加底: each player in play pays V and one B) (SC-PAY-1)"),
])
def test_the_self_draw_bonus_as_the_option_says(options, each, said):
    doc = example("sc-two-wins")
    doc["ruleset"]["options"] = options
    hand = adjudicate_data(doc)["hands"][0]
    assert [p["amount"] for p in hand["payments"][:3]] == [each] * 3
    assert payment_reasons(hand, doc["ruleset"])[0] == said
