"""docs/riichi.md stays true: its example document rules to the text and JSON it shows, its presets
and options table is the rulebook's (every option, every preset's value), and its table of the
tenhou preset's data-driven choices holds: each record agrees under the tenhou preset and differs
as shown under the other choice. (tests/test_docs.py runs the page's commands.)"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from api.audit.audit import _signed
from api.audit.audit_items import compare
from api.documents.documents import adjudicate_data
from api.records.tenhou import import_tenhou
from api.text.text import format_text
from rulesbook.riichi.options import OPTIONS_SPEC, PAO_YAKUMAN, PRESETS
from tests.test_tenhou_import import MORE, needs_data

PAGE = (Path(__file__).resolve().parent.parent / "docs" / "riichi.md").read_text(encoding="utf-8")


def blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", PAGE, re.S)


def test_the_example_rules_as_shown():
    document = json.loads(blocks("json")[0])
    ruling = adjudicate_data(document)
    text, shown_json = blocks("text")[:2]
    assert text == format_text(ruling, document) + "\n"
    assert json.loads(shown_json) == ruling
    assert shown_json == json.dumps(ruling, ensure_ascii=False, indent=2) + "\n"


def _cell(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(value) + "]"
    if isinstance(value, bool):
        return json.dumps(value)
    return "null" if value is None else str(value)


def _values(allowed: object, default: object) -> str:
    if allowed is bool:
        text = "true, false"
    elif allowed in ("integer", "integer|null"):
        text = "whole number" + (" or null" if allowed == "integer|null" else "")
    elif isinstance(allowed, str):
        text = ", ".join(allowed.split("|"))
    else:
        text = ", ".join(allowed)  # type: ignore[call-overload]
    return f"array of {text}" if isinstance(default, list) else text


def test_the_options_table_is_the_rulebooks():
    header = "| option | values | " + " | ".join(f"`{p}`" for p in PRESETS) + " | clause |"
    assert header in PAGE.splitlines()
    rows = [line for line in PAGE.splitlines() if re.match(r"\| `[a-z_]+` \| ", line)
            and line.count("|") == len(PRESETS) + 4]
    expected = [f"| `{name}` | {_values(allowed, default)} | "
                + " | ".join(_cell(PRESETS[p][name]) for p in PRESETS) + f" | {clause} |"
                for name, (allowed, default, clause) in OPTIONS_SPEC.items()]
    assert rows == expected


OTHER = {"pao_scope": {"pao_scope": "yakuman"}, "pao_ron_honba": {"pao_ron_honba": "discarder"},
         "pao": {"pao": list(PAO_YAKUMAN)}}
ROW = re.compile(r"^\| `(\w+)[^|]*\| `([^`]+)` \| ([^|]+) \| [^|]+ \| `[^`]+`[^:]*: ([^|]+) \|$", re.M)


def choices():
    section = PAGE[PAGE.index("## Tenhou's server and the tenhou preset"):]
    return ROW.findall(section)


def test_the_page_lists_the_two_choices_the_money_shows():
    assert [option for option, *_ in choices()] == ["pao_scope", "pao_ron_honba"]


@needs_data
@pytest.mark.parametrize("option, record, label, difference", choices(), ids=lambda v: str(v)[:20])
def test_each_choice_is_what_tenhou_recorded(option, record, label, difference):
    document, recorded = import_tenhou(MORE / record)
    found = compare(adjudicate_data(document), recorded)
    assert found["agreeing"] == found["compared"]  # as imported (the server's choices): as recorded
    ruleset = {"preset": "tenhou", "options": {**document["ruleset"]["options"], **OTHER[option]}}
    other = compare(adjudicate_data({**document, "ruleset": ruleset}), recorded)
    assert [(d["label"], ", ".join(f"{p} {_signed(n)}" for p, n in d["difference"].items()))
            for d in other["disagreements"]] == [(label.strip(), difference.strip())]
