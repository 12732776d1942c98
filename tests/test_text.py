"""The text ruling: each amount explained (and only when the explanation gives it back), events
numbered from 1 with what happened, tiles in Chinese inside Chinese text, lines of at most 80
columns, unknown values with their reason, no blank where a player would be."""
import json
from pathlib import Path

import pytest

from api.documents.documents import adjudicate_data
from api.text.text import format_text, width, wrap, zh_text

CASES = Path(__file__).parent / "cases"


def case(name):
    return json.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))["document"]


def text_of(document):
    return format_text(adjudicate_data(document), document)


def lines_of(document):
    return text_of(document).splitlines()


@pytest.mark.parametrize("name, line", [
    pytest.param("zh3-false-win-settles-the-side-bets",
                 "  C pays A 120 = 100 + (0 face + 1 作莊) × 20 (TW-ZH-2)", id="false-win-to-the-dealer"),
    pytest.param("zh3-false-win-settles-the-side-bets",
                 "  C pays B 100 = 100 + 0 face × 20 (TW-ZH-2)", id="false-win-to-a-non-dealer"),
    pytest.param("yp5-watcher-wins-after-a-pass",
                 "  C pays A 400 = 100 + (14 face + 1 作莊) × 20 (TW-BP-2)", id="pay-for-all"),
    pytest.param("dw3-two-wrong-concealed-kongs-share-a-deal-in-remainder-first-after-the-winner",
                 "  D pays B 71 = (101 + 2 face × 20) ÷ 2 + 1 remainder (TW-DW-3)", id="shared-remainder"),
    pytest.param("dw3-two-wrong-concealed-kongs-share-a-deal-in-remainder-first-after-the-winner",
                 "  A pays B 70 = (101 + 2 face × 20) ÷ 2 (TW-DW-3)", id="shared"),
    pytest.param("pc1-pon-called-not-made",
                 "  A pays B 20 = 1 × 20 (TW-PC-1, flat: no base, no dealer tai)", id="flat-fee"),
    pytest.param("hb1-side-bets-mirror-a-discard-win",
                 "  A pays X 120 = 50 + 7 × 10, mirroring A pays D 240 (TW-HB-1, bet x1)", id="outer-bet"),
    pytest.param("hb1-side-bets-mirror-a-discard-win",
                 "  Y pays D 30 = the fixed stake 30, mirroring A pays D 240 (TW-HB-1, bet y1)",
                 id="fixed-bet"),
    pytest.param("zh3-false-win-settles-the-side-bets",
                 "  C pays A 120 = 1 × (100 + 1 × 20), mirroring C pays A 120 (TW-HB-1, bet c1)",
                 id="inner-bet"),
    pytest.param("flow9-dealer-deals-in-marker-high",
                 None, id="streak-marker"),
])
def test_each_amount_is_explained(name, line):
    lines = lines_of(case(name))
    if line is None:  # every payment of this case is explained
        assert all(" = " in l for l in lines if " pays " in l), lines
    else:
        assert line in lines, "\n".join(lines)


def test_an_explanation_that_does_not_give_the_amount_back_is_left_out():
    document = case("zh3-false-win-settles-the-side-bets")
    ruling = adjudicate_data(document)
    document["ruleset"]["base"] = 90  # not the stake the ruling was made with
    lines = format_text(ruling, document).splitlines()
    assert "  C pays B 100 (TW-ZH-2)" in lines
    assert not any(" = 90 " in line for line in lines)


def test_without_the_document_amounts_are_stated_plainly():
    document = case("pc1-pon-called-not-made")
    lines = format_text(adjudicate_data(document)).splitlines()
    assert "  A pays B 20 (TW-PC-1)" in lines and "  TW-PC-1 [ruled] A, event 3" in lines


def test_events_count_from_1_and_say_what_happened():
    ruling_at = adjudicate_data(case("yp5-watcher-wins-after-a-pass"))["hands"][0]["rulings"][0]["at"]
    lines = lines_of(case("yp5-watcher-wins-after-a-pass"))
    assert ruling_at == 1  # the JSON stays 0-based
    assert "  TW-GS-1 [ruled] C, event 2 (B discards 5p)" in lines
    text = text_of(case("dw3-two-wrong-concealed-kongs-share-a-deal-in-remainder-first-after-the-winner"))
    assert "D makes a concealed kong 4z 4z 4z 5z" in text
    assert "（第2事件）" in text and "（第1事件）" not in text  # the decisions renumbered too
    assert "at\n      event 2:" in text or "at event 2:" in text


def test_tiles_are_chinese_in_chinese_text_and_codes_in_english():
    lines = lines_of(case("yp5-watcher-wins-after-a-pass"))
    assert "    過水：C可和五筒而已伸手摸牌，須打出一張非和之牌前不得和牌。" in lines
    assert any("could win on 5p" in line for line in lines)


@pytest.mark.parametrize("text, expected", [
    ("C可和9p", "C可和九筒"), ("吃345s", "吃三四五索"), ("碰7z", "碰中"), ("花8f", "花冬"),
    ("1z與2z", "東與南"),
    # near misses: clause IDs, amounts and indices are not tiles
    ("TW-CG-1.1（第12事件）", "TW-CG-1.1（第12事件）"), ("底100台20", "底100台20"),
    ("TW-TAI-26.set", "TW-TAI-26.set"), ("9z", "9z"),
])
def test_tile_codes_in_chinese_text(text, expected):
    assert zh_text(text) == expected


def test_every_case_prints_within_80_columns():
    for path in sorted(CASES.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))["document"]
        try:
            text = text_of(document)
        except ValueError:  # the error cases
            continue
        assert all(width(line) <= 80 for line in text.splitlines()), (path.name, text)


def test_wrap_breaks_chinese_between_characters_and_english_at_spaces():
    zh = "共同代位賠付：" + "平均代賠之和牌" * 12
    lines = wrap(zh, 4, zh=True)
    assert len(lines) > 1 and all(width(line) <= 80 for line in lines)
    assert "".join(line.strip() for line in lines) == zh
    en = " ".join(["word"] * 40)
    lines = wrap(en, 2)
    assert all(width(line) <= 80 for line in lines) and " ".join(l.strip() for l in lines) == en
    mixed = "a player whose hand is dead (相公) " * 6  # English text keeps 相公 whole
    assert all(line.count("(相") == line.count("公)") for line in wrap(mixed, 6))


def test_an_unknown_value_says_why():
    lines = lines_of(case("missing-hidden-winner-hand"))
    assert "  Unknown: C's concealed tiles at event 3 (C declares a win on B's 9s), not in" in lines
    document = json.loads((CASES.parent.parent / "examples" / "discard-win.json").read_text())
    ruling = adjudicate_data(document)
    hand = ruling["hands"][0]
    hand["winners"][0]["tai"] = None
    hand["missing"] = [{"fact": "kong_tiles", "player": "C", "at": 1, "needed_for": "TW-TAI"}]
    lines = format_text(ruling, document).splitlines()
    assert "  Winner C (discard, 4p): tai unknown (the tiles of C's concealed kong not in" in lines
    assert lines[lines.index("  Winner C (discard, 4p): tai unknown (the tiles of C's concealed kong not in")
                 + 1] == "    the log)"  # wrapped within 80 columns
    assert "  Unknown: the tiles of C's concealed kong at event 2 (B discards 4p), not in" in lines


def test_a_finding_without_a_player_prints_no_blank():
    ruling = adjudicate_data(case("pc1-pon-called-not-made"))
    finding = ruling["hands"][0]["rulings"][0]
    finding.update(player=None)
    lines = format_text(ruling).splitlines()
    assert "  TW-PC-1 [ruled] event 3" in lines
    finding.update(at=None)
    assert "  TW-PC-1 [ruled]" in format_text(ruling).splitlines()


def test_every_event_type_is_told_in_words():
    import re

    from api.text.text import describe
    from referee.events import EVENT_TYPES, THIRTEEN_EVENT_TYPES, WUHAN_EVENT_TYPES

    page = (Path(__file__).resolve().parent.parent / "docs" / "event-log.md").read_text(encoding="utf-8")
    told = {}
    for block in re.findall(r"```json\n(.*?)```", page, re.S):
        event = json.loads(block)
        if "type" in event:
            told[event["type"]] = describe(event)
    every = set(EVENT_TYPES) | set(THIRTEEN_EVENT_TYPES) | set(WUHAN_EVENT_TYPES)
    assert set(EVENT_TYPES) <= set(told) <= every  # the 13-tile indicator is shown inline there
    told.update((kind, describe({"type": kind, "player": "A", "tile": "4p"})) for kind in every - set(told))
    assert all(text != kind and "None" not in text for kind, text in told.items()), told
    assert describe({"type": "rumour"}) == "rumour"  # an unknown type is named as it is
