"""The text ruling of a riichi document (``referee adjudicate X --format text``): each hand's label,
the result (an abortive draw with its kind, a re-deal), winners with han, fu, limit and points, yaku
in 中文, 日本語 and English and the fu by reason, payments with honba and sticks worked out, the net
with ``kyotaku``, scores, tenpai, final-score penalties, the next hand and the game's end, findings
with their Japanese decision. Real games are imported from ../shared/data in place."""
from __future__ import annotations

import copy

import pytest

from api.cli import main
from api.documents.documents import adjudicate_data
from api.records.tenhou import import_tenhou
from api.text.text import format_text, width
from tests.test_riichi_disputes import state_doc
from tests.test_tenhou_import import TENHOU, needs_data

pytestmark = needs_data

PAO = TENHOU / "dnovikoff" / "pao.xml"     # 4 hands: riichi, ippatsu, honba, sticks; daisangen pao; bust
DRAWS = TENHOU / "dnovikoff" / "bug2.xml"  # exhaustive draws with tenpai, nine terminals, a double ron


def told(document):
    return format_text(adjudicate_data(document), document)


@pytest.fixture(scope="module")
def pao():
    return import_tenhou(PAO)[0]


@pytest.fixture(scope="module")
def draws():
    return import_tenhou(DRAWS)[0]


def test_a_game_is_told_hand_by_hand_with_its_money_worked_out(pao):
    lines = told(pao).splitlines()
    assert lines[0] == "Ruling (riichi-2026.12, variant riichi)"
    for line in [
        "Hand 1 (East 1, 0 honba): 和了 win",
        "  Winner P0 (tsumo, 9p): 7 han 20 fu, haneman, 18000 points",
        "    RJ-VAL-1   立直 リーチ Riichi: 1 han",
        "    RJ-VAL-1   門前清自摸和 Menzen tsumo: 1 han",  # one name where Chinese and Japanese agree
        "    RJ-VAL-4   赤寶牌 赤ドラ Aka dora: 1 han",
        "    Fu: 20 base",
        "  P2 pays kyotaku 1000 (RJ-RII-3, riichi stick)",
        "  P1 pays P0 6000 (RJ-PAY-2, tsumo)",
        "  kyotaku pays P0 2000 = 2 × 1000 (RJ-PAY-6, the sticks on the table)",
        "  Net: P0 +19000, P1 -6000, P2 -7000, P3 -6000, kyotaku 0",
        "  Scores: P0 44000, P1 19000, P2 18000, P3 19000",
        "  Next: dealer P0, honba 1, sticks 0, round wind 1z (East)",
        "  P0 pays P3 100 = 1 honba × 100 (RJ-PAY-5, honba)",
        "Hand 3 (East 2, 0 honba): 和了 win",
        "  Winner P1 (ron on P0's 6m): 3 han 40 fu, 7700 points",
        "    Fu: 30 base + 4 closed_pon = 34, rounded up to 40",
        "  P0 pays P1 7700 (RJ-PAY-1, ron)",
        "Hand 4 (East 2, 1 honba): 和了 win",
        "  Winner P2 (tsumo, 5m): yakuman (13 han), 32000 points; pao: P0",
        "    RJ-VAL-1   大三元 Daisangen: 13 han",
        "  RJ-PAY-8 [ruled] P0, event 96 (P2 pons 7z with 7z 7z)",
        "  P0 pays P2 32000 (RJ-PAY-8, pao)",
        "  P0 pays P2 300 = 1 honba × 300 (RJ-PAY-5, honba)",
        "  Next: dealer P2, honba 0, sticks 0, round wind 1z (East); the game is over",
        "Total: P0 -27100, P1 -1400, P2 +22200, P3 +6300, kyotaku 0",
        "Final scores: P0 -2100, P1 23600, P2 47200, P3 31300",
    ]:
        assert line in lines, line
    assert not any(line.startswith("  Tenpai") for line in lines)  # no draw in this game
    assert all(width(line) <= 80 for line in lines)


def test_a_finding_gives_its_decision_in_chinese_japanese_and_english(pao):
    text = told(pao)
    zh, ja = text.index("    包牌：P0放出"), text.index("    包（責任払い）：P0が")
    assert zh < ja < text.index("    Pao: P0 fed the set")


def test_draws_say_who_was_tenpai_and_an_abort_its_kind(draws):
    lines = told(draws).splitlines()
    for line in ["Hand 5 (East 4, 1 honba): 荒牌平局 exhaustive draw",
                 "  P3 pays P0 1500 (RJ-PAY-7, noten payment)",
                 "  Net: P0 +1500, P1 -1500, P2 +500, P3 -1500, kyotaku +1000",
                 "  Tenpai: P0, P2",
                 "  Next: dealer P0, honba 2, sticks 1, round wind 2z (South)",
                 "Hand 9 (South 3, 0 honba): 途中流局 abortive draw: 九種九牌 nine terminals"]:
        assert line in lines, line


def test_nobody_tenpai_is_said(draws):
    ruling = adjudicate_data(draws)
    hand = next(h for h in ruling["hands"] if h["tenpai"])
    hand["tenpai"] = []
    assert "  Tenpai: none" in format_text(ruling, draws).splitlines()


def _false_win(document, chombo):
    """The ron of the game's third hand declared by P2, whose hand does not win: chombo."""
    hand = copy.deepcopy(document["hands"][2])
    hand["events"][-1]["player"] = "P2"
    return {**document, "ruleset": {"preset": "tenhou", "options": {**document["ruleset"]["options"],
                                                                     "chombo": chombo}},
            "hands": [hand]}


def test_a_chombo_is_a_re_deal_paid_at_the_table_or_on_the_final_score(pao):
    at_table = told(_false_win(pao, "table_mangan")).splitlines()
    assert at_table[2:4] == ["Result (East 2, 0 honba): 誤和了 false win",
                             "  Re-deal: the hand is played again (RJ-IRR-0)"]
    assert "    誤和了：P2の和了宣言は不成立（六萬で和了形にならない、RJ-VAL-1）。チョンボ。" in at_table
    assert "  P2 pays P1 4000 (RJ-IRR-1, chombo)" in at_table
    assert not any(line.startswith("  Penalty") for line in at_table)  # the near miss
    final = told(_false_win(pao, "final:20000")).splitlines()
    assert "  Penalty: P2 loses 20000 points on the final score (RJ-IRR-1; outside the net)" in final
    assert not any(" pays " in line for line in final)


def test_a_stick_given_back_on_a_re_deal_is_named():
    """RJ-FLOW-10: B's riichi from the state put its stick out in this hand; his chombo's re-deal
    gives it back, and the text says what the payment is (a chombo without a stick: no such line)."""
    events = ({"type": "draw", "player": "B", "tile": "5m"}, {"type": "discard", "player": "B", "tile": "5m"},
              {"type": "draw", "player": "C", "tile": "1p"}, {"type": "discard", "player": "C", "tile": "1p"},
              {"type": "win", "player": "B", "how": "discard", "tile": "1p", "from": "C", "ura": ["5z"]})
    document = state_doc(*events, B={"dead_hand": True})
    lines = told(document).splitlines()
    assert "  kyotaku pays B 1000 (RJ-FLOW-10, his stick back on the re-deal)" in lines
    assert "  B pays A 4000 (RJ-IRR-1, chombo)" in lines
    document["hand"]["events"][0] = dict(document["hand"]["events"][0], riichi={})  # B not in riichi
    document["hand"]["sticks"] = 0
    assert not any("RJ-FLOW-10" in line for line in told(document).splitlines())


def test_a_honba_that_does_not_give_the_amount_back_is_stated_plainly(pao):
    ruling = adjudicate_data(pao)
    document = copy.deepcopy(pao)
    document["hands"][3]["honba"] = 2  # not the honba the ruling was made with
    lines = format_text(ruling, document).splitlines()
    assert "  P0 pays P2 300 (RJ-PAY-5, honba)" in lines
    assert "Hand 4 (East 2, 2 honba): 和了 win" in lines


def test_without_the_document_the_ruling_is_still_told(pao):
    lines = format_text(adjudicate_data(pao)).splitlines()
    assert "Hand 4: 和了 win" in lines  # no label: the hand's seating is in the document
    assert "  P0 pays P2 300 = 1 honba × 300 (RJ-PAY-5, honba)" in lines  # carried by the ruling
    assert "  P0 pays P1 7700 (RJ-PAY-1, ron)" in lines


def test_the_command_prints_it(capsys, tmp_path, pao):
    import json

    path = tmp_path / "game.json"
    path.write_text(json.dumps(pao, ensure_ascii=False), encoding="utf-8")
    assert main(["adjudicate", str(path), "--format", "text"]) == 0
    assert capsys.readouterr().out == told(pao) + "\n"


def test_riichi_events_are_told_in_words():
    from api.text.text import describe

    assert describe({"type": "riichi", "player": "C"}) == "C declares riichi"
    assert describe({"type": "dora", "tile": "3p"}) == "a kan-dora indicator is turned: 3p"
    assert describe({"type": "abort", "kind": "nine_terminals", "player": "A"}) == \
        "the hand is aborted: 九種九牌 nine terminals, declared by A"
    assert describe({"type": "abort", "kind": "four_winds"}) == "the hand is aborted: 四風連打 four winds"
