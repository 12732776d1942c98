"""Every clause of every shared rulebook (RULEBOOK*.md: the four variants with packages, and
wuhan, sichuan, shanghai, whose packages come later) gets its whole text from the generator
(``rulesbook.clauses``), in each format a rulebook uses: a list item with its continuation lines,
nested points, indented paragraphs and tables; a table row (with the item a "see below" points
to); a family heading's paragraphs, points and tables. The check reads each clause's block out of
the markdown on its own (by indentation) and asks that every word of it is in the clause's text."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from rulesbook import clauses as cl
from tests.shared_skips import shared, skip_without_shared

SPEC = shared("spec")
BOOKS = ["RULEBOOK.md", "RULEBOOK_GD.md", "RULEBOOK_HK.md", "RULEBOOK_RIICHI.md", "RULEBOOK_SC.md",
         "RULEBOOK_SH.md", "RULEBOOK_WH.md", "RULEBOOK_TW16_PRESETS.md"]
AMENDS = {"RULEBOOK_TW16_PRESETS.md": "RULEBOOK.md"}
ITEM = re.compile(rf"(\s*)-\s+(?:\*\*)?({cl.ID})\b")
ROW = re.compile(r"\s*\|.*\|\Z")
HEADING = re.compile(r"(#+)\s")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _block(lines: list[str], k: int) -> list[str]:
    """Line ``k`` (a list item) and the lines under it: up to the first line indented no deeper
    (a blank line between stays inside when more indented lines follow)."""
    own = _indent(lines[k])
    out = [lines[k]]
    for line in lines[k + 1:]:
        if line.strip() and _indent(line) <= own:
            break
        out.append(line)
    return out


def _words(text: str) -> Counter:
    """The words of a text as a reader sees them (markdown, list marks, table rules and the
    source citations off, as the generator takes them off)."""
    lines = [re.sub(r"^-\s+", "", line.strip()) for line in text.splitlines()]
    lines = [line for line in lines if not re.fullmatch(r"\|?(\s*:?-+:?\s*\|)+\s*:?-*:?\s*", line)]
    flat = cl.unsourced(cl.plain(" ".join(line for line in lines if line)))
    return Counter(w for w in re.findall(r"[^\s|;:,.()\[\]\"“”「」]+", flat) if w != "-")


def _without_headers(block: list[str]) -> list[str]:
    """A block without its tables' header rows and rules (the text gives each cell its header)."""
    out, previous_row = [], False
    for n, line in enumerate(block):
        is_row = bool(ROW.match(line))
        header = is_row and not previous_row and n + 1 < len(block) and ROW.match(block[n + 1]) \
            and re.fullmatch(r"\s*\|(\s*:?-+:?\s*\|)+\s*", block[n + 1])
        rule = is_row and re.fullmatch(r"\s*\|(\s*:?-+:?\s*\|)+\s*", line)
        if not header and not rule:
            out.append(line)
        previous_row = is_row
    return out


def _missing(block: list[str], text: str, cid: str) -> list[str]:
    want = _words("\n".join(_without_headers(block)))
    want -= _words(cid)  # the ID the item opens with is not repeated in its text
    return sorted((want - _words(text)).elements())


def _generated(book: str) -> tuple[dict, list[str], set[str]]:
    """The clauses the generator makes of ``book`` (with its rulebook, for an amendment), the
    book's lines, and the IDs the rulebook itself defines (an amendment may not)."""
    skip_without_shared("spec")
    text = (SPEC / book).read_text(encoding="utf-8")
    if book in AMENDS:
        base = (SPEC / AMENDS[book]).read_text(encoding="utf-8")
        return cl.generate(base, (text,))["clauses"], text.splitlines(), set(cl.generate(base)["clauses"])
    return cl.generate(text)["clauses"], text.splitlines(), set()


def _fragment(text: str) -> bool:
    """A text that is no whole clause: empty, a pointer ("see below"), or a sentence cut at
    the front (it starts lower case or after a bracket closes)."""
    t = text.strip()
    return not t or "see below" in t or bool(re.match(r"[a-z`]*\)|[,;:.)]", t))


@pytest.mark.parametrize("book", BOOKS)
def test_every_clause_has_its_whole_text(book):
    clauses, lines, base = _generated(book)
    amendment = book in AMENDS
    assert len(clauses) > 50
    seen: set[str] = set()
    checked = 0
    for k, line in enumerate(lines):
        item = ITEM.match(line)
        if item and item.group(2) not in seen and item.group(2) not in base and _ID(item.group(2)):
            cid = item.group(2)
            seen.add(cid)
            assert cid in clauses, f"{book}:{k + 1}: {cid} has no text"
            assert _missing(_block(lines, k), clauses[cid]["text"], cid) == [], f"{book}:{k + 1}: {cid}"
            checked += 1
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if ROW.match(line) else []
        if cells and _ID(cells[0]) and not amendment and cells[0] not in seen:
            seen.add(cells[0])
            want = _words(" ".join(c for c in cells[2:] if c != "see below"))  # (the item below says it)
            assert not (want - _words(clauses[cells[0]]["text"])), f"{book}:{k + 1}: {cells[0]}"
            checked += 1
    for cid, c in clauses.items():
        assert not _fragment(c["text"]), f"{book}: {cid} reads {c['text'][:80]!r}"
    assert checked > (5 if amendment else 40)


@pytest.mark.parametrize("book", BOOKS)
def test_every_family_heading_has_its_own_words(book):
    """A family heading's text holds the paragraphs, ID-less points and tables of its section
    (sub-headings without an ID included); one with no words of its own lists its clauses."""
    clauses, lines, base = _generated(book)
    heads = [(k, len(HEADING.match(line).group(1)), _family(line)) for k, line in enumerate(lines)
             if HEADING.match(line)]
    checked = 0
    for n, (k, level, cid) in enumerate(heads):
        if cid is None or cid in base or cid not in clauses:
            continue
        end = next((j for j, lv, other in heads[n + 1:] if lv <= level or other is not None), len(lines))
        own, j = [], k + 1
        while j < end:
            line = lines[j]
            if HEADING.match(line):
                j += 1
                continue
            item = ITEM.match(line)
            if item or (line.strip() and _indent(line) > 0):
                block = _block(lines, j) if line.lstrip().startswith("-") else [line]
                if not item:
                    own += block
                j += len(block)
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")] if ROW.match(line) else []
            if not (cells and _ID(cells[0])):
                own.append(line)
            j += 1
        text = clauses[cid]["text"]
        if any(line.strip() for line in _without_headers(own)):
            want = _words("\n".join(_without_headers(own)))
            assert not (want - _words(text)), f"{book}:{k + 1}: {cid} lacks {sorted((want - _words(text)).elements())[:8]}"
        else:
            assert text.startswith("Clauses: "), f"{book}:{k + 1}: {cid}"
        checked += 1
    assert checked >= 5


def _ID(text: str) -> bool:
    return bool(re.fullmatch(cl.ID, text)) and "-" in text[3:] or bool(re.fullmatch(r"[A-Z]{2}-[A-Z]+", text))


def _family(line: str):
    m = cl._H3.match(line) or cl._H2.match(line)
    if m is None:
        return None
    return m.group(1) if cl._H3.match(line) else m.group(2)


def test_the_generator_keeps_a_paragraph_under_its_item_and_a_row_with_its_item():
    """The cases the check found: a paragraph indented after an item's nested points (GD-FLOW-8),
    a row saying "see below" and the bold item below it (GD-FAN-30), numbered points of a clause
    (GD-FAN-0.3), a row of sub-IDs (WH-FAN-7.claimed, .concealed), a title line that goes on after
    the variant (sichuan), and a family heading with no words of its own (SH-FAN)."""
    book = """# R (variant `tw16`, more words)

## 1. Flow (TW-FLOW)

- TW-FLOW-8 rotation:
  - one way;
  - another way.
  A hand ended by a false win follows TW-ZH-4.
- TW-FLOW-9 next.

## 2. Tai (TW-TAI)

### TW-TAI-0 procedure

- 0.3 the count within the cap.

### The table

| ID | pattern | tai | notes |
|---|---|---|---|
| TW-TAI-30 | floor | — | see below |
| TW-TAI-7.claimed, .concealed | kongs | 2 / 4 | each |

- **TW-TAI-30 the floor** (option `floor`):
  - 30.1 a bloom: F = max(F, 3).

## 3. Money (TW-PAY)

### TW-PAY-0 shares

Each pays a share.
"""
    c = cl.generate(book)["clauses"]
    assert c["TW-FLOW-8"]["text"] == ("rotation:\n  - one way;\n  - another way.\n"
                                      "A hand ended by a false win follows TW-ZH-4.")
    assert c["TW-FLOW"]["text"] == "Clauses: TW-FLOW-8 rotation; TW-FLOW-9."
    assert c["TW-TAI-0.3"]["text"] == "the count within the cap."
    assert c["TW-TAI-0"]["text"] == "- 0.3 the count within the cap."
    assert c["TW-TAI-30"]["title"] == "floor"
    assert c["TW-TAI-30"]["text"] == "tai: —\nthe floor (option floor):\n  - 30.1 a bloom: F = max(F, 3)."
    assert c["TW-TAI-30.1"]["text"] == "a bloom: F = max(F, 3)."
    assert c["TW-TAI-7.concealed"]["text"] == c["TW-TAI-7"]["text"] == "tai: 2 / 4; notes: each"
    assert c["TW-PAY"]["text"] == "Clauses: TW-PAY-0 shares."
    # near miss: a row whose text is whole keeps it; a paragraph at the margin is the family's
    plain_row = cl.generate(book.replace("| TW-TAI-30 | floor | — | see below |", "| TW-TAI-31 | cap | 5 | x |")
                            .replace("**TW-TAI-30 the floor**", "**TW-TAI-30 the floor**"))["clauses"]
    assert plain_row["TW-TAI-31"]["text"] == "tai: 5; notes: x"
    margin = cl.generate(book.replace("  A hand ended", "A hand ended"))["clauses"]
    assert margin["TW-FLOW-8"]["text"] == "rotation:\n  - one way;\n  - another way."
    assert margin["TW-FLOW"]["text"].startswith("A hand ended by a false win follows TW-ZH-4.")
