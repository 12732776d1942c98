"""Shanghai over every way in: the text ruling (the 荒番 counter before and after, the knocks, P
worked out as SH-PAY-0 says, each payment as the share it is), ``?explain=true``, the rulebook entry
(presets, options, 番 rows) and the clause texts, the command line and the audit, a game carrying its
荒番 counter from hand to hand, and the table page's shanghai form. The money in the comments is
worked from RULEBOOK_SH by hand."""
import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from api.documents.documents import adjudicate_data
from api.text.text import format_text
from api.text.text_sh import points_formula, rules_of
from rulesbook import get
from tests.servicekit import role_headers, store_of

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _doc(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def _text(doc: dict) -> str:
    return format_text(adjudicate_data(doc), doc)


def test_the_text_ruling_works_out_a_huang_fan_share():
    # §15: 混碰 F 2, H 2: min((2 + 2) × 4, 20) = 16, × 2 in a 荒番 hand = 32 points, × base 5 = 160
    out = _text(_doc("sh-huangfan-hunpeng"))
    assert "荒番 counter: before 1, no dice recorded (SH-HF-2): a 荒番 hand: shares × 2" in out
    assert "after 0 (a win takes 1 off, not below 0, SH-HF-4)" in out
    assert "Winner B (抓冲 on a discard from D, 2z): 2 番, 2 花 flowers, 32 points" in out
    assert ("points P = min((2 底花 + 2 花) × 2^2, 勒子 20) = min(16, 20) = 16, × 2 荒番\n"
            "      = 32 (SH-PAY-0); one share = P × base 5 = 160") in out
    assert "D pays B 160 = one share V 160 (the discarder alone pays) (SH-PAY-2)" in out
    assert "Next: dealer B, streak 0, 荒番 counter 0 (no round wind" in out


def test_the_text_ruling_of_a_baosankou_self_draw_with_dice():
    # dice 1-3 add 1 to 0: a 荒番 hand; 碰碰胡 F 1, H 2: min(4 × 2, 20) × 2 = 16 points, V 80;
    # A, the feeder of three claims, pays one share more (SH-BAO-1)
    out = _text(_doc("sh-bao-san-kou"))
    assert "before 0, dice 1-3 add 1 → 1 (SH-HF-2): a 荒番 hand: shares × 2" in out
    assert "敲 knocked (SH-QIAO-1): B at event 21" in out
    assert "A pays B 80 = one share V 80 more (包三口: three claims fed) (SH-BAO-1)" in out
    assert out.count("= one share V 80 (自摸: each of the three pays one) (SH-PAY-1)") == 3
    assert "Net: A -160, B +320, C -80, D -80" in out


def test_the_text_ruling_of_a_false_win_names_the_lezi():
    # SH-ZH-2 reverse_lezi: 20 × base 5 = 100 to each other player, not doubled
    out = _text(_doc("sh-false-win"))
    assert "Result: 诈胡 false win" in out and "SH-QIAO-4 [ruled] B" in out
    assert out.count("= 勒子 20 × base 5, to each other player (诈胡) (SH-ZH-2)") == 3
    assert "after 0 (a false win leaves it, SH-HF-4)" in out and "Next: dealer A, streak 1" in out
    doubled = copy.deepcopy(_doc("sh-false-win"))
    doubled["hand"]["huang_fan"] = 2  # a 荒番 hand: the 勒子 is not doubled, the counter stays 2
    out = _text(doubled)
    assert out.count("B pays") == 3 and "Net: A +100, B -300, C +100, D +100" in out
    assert "before 2, no dice recorded (SH-HF-2): a 荒番 hand" in out and "荒番 counter 2" in out
    fixed = copy.deepcopy(_doc("sh-false-win"))
    fixed["ruleset"]["options"] = {"false_win": "fixed:7"}  # 7 × 5 = 35 to each
    assert _text(fixed).count("B pays") == 3 and "= 7 × base 5, to each other player" in _text(fixed)


def test_a_formula_that_does_not_give_the_points_back_is_not_printed():
    rules = rules_of({"preset": "qiaoma", "base": 5})
    w = {"fan": 2, "flowers": 2, "points": 16, "value": 80, "patterns": []}
    assert points_formula(rules, w, doubled=False).startswith("points P = min((2 底花 + 2 花) × 2^2")
    assert points_formula(rules, {**w, "points": 17}, doubled=False) is None  # the near miss
    assert points_formula(rules, w, doubled=True) is None  # 16 × 2 is not 16
    # 无花果: min(10 × 2^F, L); F 2: min(40, 20) = 20
    nf = {"fan": 2, "flowers": 0, "points": 20, "value": 100, "patterns": [{"rule": "SH-FAN-11"}]}
    assert "min(10 无花果 × 2^2, 勒子 20) = min(40, 20) = 20" in points_formula(rules, nf, doubled=False)
    assert points_formula(None, w, doubled=False) is None


def test_explain_gives_each_share_and_the_no_round_wind_note(app):
    client = app.test_client()
    keys = role_headers(store_of(app))
    doc = _doc("sh-knock-flowers")
    body = client.post("/v1/rulings?explain=true", json=doc, headers=keys["auditor"]).get_json()
    explained = body["explained"][0]
    # 门清 F 1, H 4: min(6 × 2, 20) = 12 points, × 5 = 60 from each
    assert explained["payments"] == ["= one share V 60 (自摸: each of the three pays one) (SH-PAY-1)"] * 3
    # Shanghai has no round wind to be unknown: the note says so (api.text.text_money.NO_ROUND_WIND)
    assert explained["round_wind"] == "Shanghai carries no round wind: the winner deals (SH-FLOW-9)"


def test_the_rulebook_entry_lists_presets_options_and_fan_rows(app):
    client = app.test_client()
    books = {b["variant"]: b for b in client.get("/v1/rulebooks").get_json()["rulebooks"]}
    sh = books["shanghai"]
    assert sh["rulebook"] == "shanghai-2026.12" and sh["presets"] == ["qiaoma", "baida", "qinghunpeng"]
    knock = sh["options"]["knock_required"]
    assert knock["default"] is True and knock["presets"] == {"qiaoma": True, "baida": False, "qinghunpeng": False}
    assert sh["options"]["special_only"]["presets"]["qinghunpeng"] is True
    assert sh["options"]["wild"]["presets"]["baida"] is True and sh["options"]["lezi"]["default"] == 20
    assert sh["options"]["flower_values"]["default"]["wind_kong_concealed"] == 3
    assert set(sh["fan_table"]) == {f"SH-FAN-{k}" for k in range(2, 13)}
    assert sh["fan_table"]["SH-FAN-6"]["default"] == 3 and sh["fan_table"]["SH-FAN-11"]["default"] == 0
    assert sh["fan_table"]["SH-FAN-6"]["name"] == "清碰" and sh["fan_table"]["SH-FAN-6"]["special"] is True
    assert sh["fan_table"]["SH-FAN-7"]["special"] is False  # 门清 alone does not win (SH-HU-2)


@pytest.mark.parametrize("cid, title, words", [
    ("SH-BD", "百搭 wild tiles", "the details are Proposal where marked"),  # a family heading with words after its ID
    ("SH-BD-1", "百搭 wild tiles", "no source read gives the mapping"),  # a bracketed remark is no title
    ("SH-BAO-1", "包", "Example: P = 7 at base 5, self-draw: the feeder pays 70"),  # the whole clause
    ("SH-HF-2", "dice", "1-1 or 4-4 add 2"),
    ("SH-PAY-0", "points of one share ([RD]'s formula, [WW]'s defaults)", "the same in a 荒番 hand: 40 points"),
])
def test_clause_texts_are_whole(app, cid, title, words):
    clause = app.test_client().get(f"/v1/rulebooks/shanghai/clauses/{cid}").get_json()
    assert clause["rulebook"] == get("shanghai").RULEBOOK_VERSION and clause["title"] == title
    assert words in clause["text"]


def test_the_command_line_and_the_audit_take_shanghai(tmp_path):
    game = tmp_path / "game.json"
    from rulesbook.shanghai.selfplay import play_game
    import random
    game.write_text(json.dumps(play_game(random.Random(3), 4)), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "api.cli", "adjudicate", str(EXAMPLES / "sh-passed-win.json"),
                          "--format", "text"], capture_output=True, text=True, check=True).stdout
    assert "SH-GS-3 [ruled] B" in out and "Net: A +100, B -300, C +100, D +100" in out
    audit = subprocess.run([sys.executable, "-m", "api.cli", "audit", str(game), str(EXAMPLES / "sh-false-win.json")],
                           capture_output=True, text=True, env={"REFEREE_DB": str(tmp_path / "a.db"),
                                                                "PATH": "/usr/bin:/bin"})
    assert audit.returncode == 0, audit.stderr
    assert "Hands: 5" in audit.stdout and "SH-QIAO-4" in audit.stdout


def test_a_game_carries_the_huang_fan_counter():
    # SH-HF-4 from hand to hand: a hand that leaves huang_fan out takes the previous next.huang_fan
    import random
    from rulesbook.shanghai.selfplay import play_game
    game = play_game(random.Random(0), 8)
    ruled = adjudicate_data(game)
    counters = [h["huang_fan"]["before"] for h in ruled["hands"]]
    assert counters == [h["huang_fan"] for h in game["hands"]] and max(counters) > 0
    for before, after in zip(ruled["hands"], ruled["hands"][1:]):
        assert after["huang_fan"]["before"] == before["next"]["huang_fan"]
    bare = copy.deepcopy(game)
    for h in bare["hands"][1:]:
        del h["huang_fan"], h["dealer"], h["streak"]
    assert adjudicate_data(bare) == ruled
    wrong = copy.deepcopy(game)
    wrong["hands"][2]["huang_fan"] += 1  # the near miss: a recorded counter that contradicts
    assert "SH-FLOW-10" in [r["rule"] for r in adjudicate_data(wrong)["hands"][2]["rulings"]]


def test_the_table_page_knows_shanghai():
    from api.page.web import _tables
    sh = _tables()["shanghai"]
    assert sh["dragon_flowers"] and sh["flowers"] and sh["hand"] == 13
    assert {"huang_fan", "dice"} <= set(sh["hand_fields"]) and {"huang_fan", "dice"} <= set(sh["form"])
    assert sh["events"]["declare"]["what"] == ["knock"]
    assert "knocked" in sh["events"]["state"]["status"]
    assert sh["presets"]["baida"]["wild"] is True and sh["presets"]["qiaoma"]["wild"] is False


def test_a_cut_hand_rules_as_the_whole():
    """``referee cut`` on shanghai: every cut of a self-played hand or game that a ``state`` can hold
    rules as the whole does (result, net, next, the 荒番 counter); the refusals name their reason."""
    import random
    from api.documents.documents import cut_data
    from referee.errors import InputError
    from rulesbook.shanghai.selfplay import document, play_game, play_hand

    kept = refused = 0
    from rulesbook.shanghai.options import ShRules
    baida = [(document(play_hand(random.Random(s), rules=ShRules.of("baida")), ruleset={"preset": "baida"}), (None,))
             for s in range(4)]  # the state carries the indicator and the wild kind (SH-BD-1)
    for data, hands in [(document(play_hand(random.Random(s))), (None,)) for s in range(8)] + baida + \
                       [(play_game(random.Random(4), 3), (1, 2))]:
        whole = adjudicate_data(data)
        for k in hands:
            events = (data["hands"][k] if k is not None else data["hand"])["events"]
            for at in range(1, len(events), 7):
                try:
                    out = cut_data(data, at, k)
                except InputError as err:
                    refused += 1
                    assert set(err.errors) == {"at"}, err.errors
                    continue
                kept += 1
                ruled, want = adjudicate_data(out)["hands"][0], whole["hands"][k or 0]
                assert [ruled[f] for f in ("result", "net", "next", "huang_fan")] == \
                       [want[f] for f in ("result", "net", "next", "huang_fan")]
    assert kept > 50 and refused > 5


def test_a_cut_keeps_the_knock_and_refuses_to_split_it_from_its_discard():
    from api.documents.documents import cut_data
    from referee.errors import InputError

    doc = _doc("sh-bao-san-kou")  # B discards 9m at index 19 and knocks at 20
    with pytest.raises(InputError) as err:
        cut_data(doc, 20)
    assert "goes with the discard before it (SH-QIAO-1)" in err.value.errors["at"][0]
    out = cut_data(doc, 21)
    state = out["hand"]["events"][0]
    assert state["status"] == {"B": {"knocked": True}} and out["hand"]["huang_fan"] == 0
    assert state["liabilities"] == [{"clause": "SH-BAO-1", "liable": "A", "covered": "B"}]
    assert adjudicate_data(out)["net"] == adjudicate_data(doc)["net"]  # A -160, B +320, C -80, D -80


def test_a_baida_win_names_the_wild_and_a_discard_win_with_it_is_false():
    # SH-BD-1: indicator 4p, 5p wild; 门清 F 1, H 2: min(4 × 2, 20) = 8 points, V 40 from each
    doc = _doc("sh-baida-wild")
    out = _text(doc)
    assert "百搭 wild tiles (SH-BD-1): indicator 4p, every 5p is wild" in out
    assert "Net: A +120, B -40, C -40, D -40" in out
    on_discard = copy.deepcopy(doc)  # the near miss: A holds the wild 5p and wins on D's 1z (SH-BD-4)
    on_discard["hand"]["events"][0].update(turn="D", phase="discard")
    on_discard["hand"]["events"][0]["hands"].update(A="123m456m789s1z23p5p", D="369m147p258s1s234z1z")
    on_discard["hand"]["events"][1:] = [{"type": "discard", "player": "D", "tile": "1z"},
                                        {"type": "win", "player": "A", "how": "discard", "from": "D", "tile": "1z"}]
    hand = adjudicate_data(on_discard)["hands"][0]
    assert hand["result"] == "false_win" and "SH-BD-4" in [r["rule"] for r in hand["rulings"]]


def test_four_wilds_are_priced_at_the_lezi_in_the_text():
    # SH-BD-3 四百搭 self-drawn: P = L 20, × 2 in a 荒番 hand = 40 points, × base 5 = 200 from each
    doc = _doc("sh-baida-wild")
    doc["hand"]["huang_fan"] = 1
    doc["hand"]["events"][0]["hands"].update(A="555p19m19s11z6789p", B="147m288p369s2344z")
    out = _text(doc)
    assert "points P = 勒子 L 20 (四百搭, SH-BD-3), × 2 荒番 = 40 (SH-PAY-0)" in out
    assert "Net: A +600, B -200, C -200, D -200" in out


def test_a_win_on_hidden_tiles_is_undetermined_and_says_what_is_missing():
    doc = _doc("sh-huangfan-hunpeng")
    doc["hand"]["events"][0]["hands"]["B"] = 10  # B's concealed tiles not entered
    out = _text(doc)
    assert "Result: 未定 undetermined" in out and "Unknown: B's concealed tiles at event 3" in out
    assert "Net: A 0, B 0, C 0, D 0" in out and "after" not in out.split("荒番 counter")[1].split("\n")[0]
