"""The gallery in examples/: every document is ruled as its ruling file says, and every ``Net:``
line of examples/README.md (money worked out by hand) agrees with the ruling."""
import json
import re
from pathlib import Path

import pytest

from api.documents.documents import adjudicate_data

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DOCUMENTS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".ruling.json"))
README = (EXAMPLES / "README.md").read_text(encoding="utf-8")
FAMILIES = ("相公", "詐和", "過水", "錯杠", "眼牌", "包賠", "代位賠付", "priority", "插花")


def _ruling_file(document: Path) -> Path:
    return document.with_name(document.stem + ".ruling.json")


def _load(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", DOCUMENTS, ids=[p.stem for p in DOCUMENTS])
def test_each_example_gets_its_ruling(path):
    assert adjudicate_data(_load(path)) == _load(_ruling_file(path))


def test_every_ruling_file_has_its_document_and_every_family_an_example():
    rulings = sorted(EXAMPLES.glob("*.ruling.json"))
    assert [_ruling_file(d) for d in DOCUMENTS] == rulings
    table = README.split("\n## ", 1)[0]
    for family in FAMILIES:
        assert family in table, family
    assert len(DOCUMENTS) >= len(FAMILIES) + 1


def _sections() -> dict[str, str]:
    parts = re.split(r"^## (\S+\.json)\n", README, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


@pytest.mark.parametrize("path", DOCUMENTS, ids=[p.stem for p in DOCUMENTS])
def test_the_hand_worked_money_agrees(path):
    section = _sections()[path.name]
    line = re.search(r"^Net: (.*)$", section, re.M).group(1)
    worked = {who: int(n) for who, n in (item.split() for item in line.split(", "))}
    assert worked == _load(_ruling_file(path))["net"]
    assert sum(worked.values()) == 0
