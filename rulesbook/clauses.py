"""The rulebooks' clause texts by ID, shipped as data (``rulesbook/<variant>/clauses.json``).

A ruling cites clause IDs (``TW-ZH-2``); a reader wants the clause itself. The texts are generated
from the rulebook's own markdown, in its own words (Chinese terms kept), by::

    python -m rulesbook.clauses ../shared/spec/RULEBOOK.md

which reads the variant from the rulebook's title line (``(variant `tw16`)``) and writes
``rulesbook/tw16/clauses.json``. Amendments follow the rulebook on the command line
(``python -m rulesbook.clauses ../shared/spec/RULEBOOK.md ../shared/spec/RULEBOOK_TW16_PRESETS.md``):
an amendment's title line names the versions it moves the rulebook between (``(tw16-2026.11 →
tw16-2026.12)``); its new clauses and sub-clauses join the rulebook's, its tables are data (no
clauses), and the file records the version it moves to. What counts as a clause, in any variant's
rulebook:

* a family heading: ``### TW-XG 相公 dead hand`` or ``## 2. Settlement of a valid win (TW-PAY)``,
  with the paragraphs and ID-less list items under it as its text (a numbered ``### 6.4 TW-XP-9 …``
  too);
* a list item that starts with an ID (``- TW-FLOW-1 deal: …``, nested ``  - TW-CG-1.1 …``), with
  its continuation lines and the ID-less items nested in it;
* a table row whose first cell is an ID (``| TW-TAI-1 | 風字刻 … |``), its other cells by header;
* an ID defined nowhere else but cited in a paragraph (``… count only the higher (TW-TAI-0).``):
  the sentence that cites it.

The texts are for readers of a ruling, who have the rulebook's clauses but not the source rules it
was written from: a citation of a source (``(seed 004)``, ``seed 001: 無人吃碰情況下``) is taken out
and the source's own words kept; a source named in a sentence (``seed 000 treats …``, ``the
seed's 末八張內除外``) reads "club practice" (``unsourced``). The preset ``seed000`` keeps its name.

``clause(variant, cid)`` looks an ID up; a sub-ID the rulebook gives no text of its own
(``TW-TAI-1.round``, ``TW-PAY-1b``) falls back to its parent (``TW-TAI-1``, ``TW-PAY-1``); an
unknown clause number (``TW-TAI-99``) has no text.
"""
from __future__ import annotations

import json
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Optional

from . import VARIANTS

HERE = Path(__file__).resolve().parent
FILE = "clauses.json"

ID = r"[A-Z]{2}-[A-Z]+(?:-\d+[a-z]?(?:\.[0-9a-z]+)*)?"
_ID_ONLY = re.compile(rf"{ID}\Z")
_TITLE = re.compile(r"#\s.*\(variant `([a-z0-9_]+)`[),]")  # `(variant `x`)` or `(variant `x`, …)`
_VERSION = re.compile(r"Version:\s*\*\*([^*]+)\*\*")
_H3 = re.compile(rf"###\s+(?:[\d.]+\s+)?({ID})\s+(.*)")
_AMENDS = re.compile(r"#\s.*\(([\w.-]+)\s*→\s*([\w.-]+)\)")
# "## 2. Settlement (TW-PAY)", also "(RJ-VAL): more", "(TW-RS, new)" and "(SH-BD), preset `baida`"
_H2 = re.compile(rf"##\s+(?:[\d.]+\s+)?(.*?)\s*\(({ID})(?:,[^)]*)?\)(?:[:,].*)?\s*\Z")
_HEADING = re.compile(r"#{1,6}\s")
_ITEM = re.compile(r"(\s*)-\s+(.*)")
_ID_ITEM = re.compile(rf"({ID})\s+(.*)")
_CITED = re.compile(rf"\(({ID})\)")
_LEAD_MAX = 60  # a lead phrase longer than this is no title
_SEED = r"seed \d{3}"
# a citation alone in brackets or one part of them: "(seed 004)", "(seed 004 table)", "(… ; seed 004)"
_CITATION_ALONE = re.compile(rf"\s*\({_SEED}(?: table)?\)|(?<=[(;,]) ?{_SEED}(?: table)?(?=[;,)])[;,]? ?")
# a citation before the source's words or a reason: "(seed 001: 無人…)", "(頭跳, seed 000 \"…\")"
_CITATION_LEAD = re.compile(rf"(?<=[(,;] ){_SEED}:? (?=[\"「\u3400-\u9fff])|(?<=\(){_SEED}: ")
_SOURCE = re.compile(rf"\b(?:the seed|{_SEED})('s)?\b|\bseed (?=items)")


class ClauseError(ValueError):
    """A rulebook whose clauses cannot be read (no variant in its title, an ID given twice)."""


def plain(text: str) -> str:
    """Markdown emphasis and code marks off: the rulebook's words as a reader sees them."""
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", text)
    return text.replace("`", "")


def unsourced(text: str) -> str:
    """Text without citations of the source rules (see the module's docstring)."""
    text = _CITATION_ALONE.sub("", text)
    text = _CITATION_LEAD.sub("", text)
    return _SOURCE.sub(lambda m: "club practice's" if m.group(1) else
                       "" if m.group(0) == "seed " else "club practice", text)


def _lead(body: str) -> Optional[str]:
    """The phrase before the first ``:`` outside brackets (``deal: each player …`` → ``deal``), or
    a short first sentence (``presets. `ruleset.preset` names …`` → ``presets``)."""
    short = re.match(r"([^.:`(\[]{1,30})\.\s", body)
    if short:
        return short.group(1).strip()
    depth = 0
    for i, ch in enumerate(body):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == ":" and depth == 0 and body[i + 1:i + 2] in (" ", ""):
            lead = body[:i].strip()
            if lead.startswith("(") and lead.endswith(")"):
                return None  # "(option `wild`, true in `baida`): …" is a remark, no title
            return lead if 0 < len(lead) <= _LEAD_MAX else None
    return None


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


class _Reader:
    """One pass over the markdown: clauses in order, each with its lines."""

    def __init__(self) -> None:
        self.amending: frozenset[str] = frozenset()  # the clauses an amendment read now may not redefine
        self.clauses: dict[str, dict] = {}
        self.lines: dict[str, list[str]] = {}
        self.family: Optional[str] = None  # the family heading in force
        self.items: list[tuple[str, int]] = []  # the ID'd list items open, with their indents
        self.open: Optional[tuple[str, int]] = None  # whose last line a continuation extends
        self.header: Optional[list[str]] = None  # the header of the table being read
        self.paragraphs: list[tuple[Optional[str], str]] = []  # (family, text) of free paragraphs
        self.families = False  # a family heading has been read

    def add(self, cid: str, title: str, family: Optional[str]) -> None:
        if cid in self.clauses:
            raise ClauseError(f"clause {cid} is defined twice")
        self.clauses[cid] = {"title": plain(title), "family": family}
        self.lines[cid] = []

    def read(self, text: str) -> None:
        paragraph: list[str] = []
        for raw in text.splitlines() + [""]:
            line = raw.rstrip()
            item = _ITEM.match(line)
            if not line.strip() or line.startswith("#") or line.lstrip().startswith("|") or item:
                if paragraph:
                    self.paragraphs.append((self.family, " ".join(paragraph)))
                    if self.family and not self.items:
                        self.lines[self.family].append(" ".join(paragraph))
                    paragraph = []
            if not line.strip():
                self.header = None  # a blank line ends a table
                continue
            if _HEADING.match(line):
                self.heading(line)
            elif line.lstrip().startswith("|"):
                self.row(_cells(line))
            elif item:
                self.list_item(len(item.group(1)), item.group(2))
            elif self.open is not None and (len(line) - len(line.lstrip())) > self.open[1]:
                self.lines[self.open[0]][-1] += " " + line.strip()  # continuation
            else:
                self.items, self.open = [], None
                paragraph.append(line.strip())

    def heading(self, line: str) -> None:
        self.items, self.open, self.header = [], None, None
        h3, h2 = _H3.match(line), _H2.match(line)
        if h3 and h3.group(1) in self.amending:  # an amendment's heading on a rulebook clause
            self.family = None
        elif h3:
            self.family = h3.group(1)
            self.add(self.family, h3.group(2), None)
            self.families = True
        elif h2:
            self.family = h2.group(2)
            self.add(self.family, h2.group(1), None)
            self.families = True
        else:
            self.family = None

    def row(self, cells: list[str]) -> None:
        self.items, self.open = [], None
        if all(re.fullmatch(r":?-+:?", c) for c in cells):
            return  # the header's rule
        if self.header is None:
            self.header = cells
            return
        if _ID_ONLY.match(cells[0]) and len(cells) >= 2 and not self.amending:  # (an amendment's are data)
            self.add(cells[0], cells[1], self.family)
            rest = [f"{h}: {c}" for h, c in zip(self.header[2:], cells[2:]) if c]
            self.lines[cells[0]].append("; ".join(rest))
        elif self.family:  # a table of the family's own (the exclusions): a line per row
            rest = [f"{h}: {c}" for h, c in zip(self.header[1:], cells[1:]) if c]
            self.lines[self.family].append(f"- {cells[0]}: " + "; ".join(rest))

    def list_item(self, indent: int, body: str) -> None:
        self.header = None
        while self.items and self.items[-1][1] >= indent:
            self.items.pop()
        owner = self.items[-1][0] if self.items else self.family  # the item (or family) it is in
        head = _ID_ITEM.match(body)
        if owner is None and head and head.group(1) in self.clauses and self.families:
            self.open = None  # outside every family, a list naming clauses defined in one (a
            return  # rulebook's list of decisions, RULEBOOK_HK §11) cites them: no second definition
        if head and _ID_ONLY.match(head.group(1)) and head.group(1) not in self.amending:
            cid, rest = head.group(1), head.group(2)
            if cid not in self.clauses or not self.amending:
                self.add(cid, _lead(rest) or "", owner)
            self.lines[cid].append(rest)  # (an amendment's heading may have introduced it)
            self.items.append((cid, indent))
            self.open = (cid, indent)
            return
        self.open = (owner, indent) if owner else None  # an ID-less point of its owner
        if owner:
            self.lines[owner].append("  " * (indent // 2) + "- " + body)

    def cited_only(self) -> None:
        """IDs cited in a paragraph and defined nowhere: the sentence that cites them."""
        for family, text in self.paragraphs:
            for sentence in re.split(r"(?<=[.;])\s+(?=[A-Z*])", text):
                for cid in _CITED.findall(sentence):
                    if cid not in self.clauses:
                        self.add(cid, "", family)
                        self.lines[cid].append(sentence)

    def title(self, cid: Optional[str]) -> str:
        """A clause's own title, else the title of the clause or family it sits in."""
        while cid is not None and not self.clauses[cid]["title"]:
            cid = self.clauses[cid]["family"]
        return self.clauses[cid]["title"] if cid is not None else ""

    def result(self) -> dict[str, dict]:
        return {cid: {"title": unsourced(self.title(cid)),
                      "text": unsourced(plain("\n".join(self.lines[cid])))}
                for cid in self.clauses}


def generate(markdown: str, amendments: tuple[str, ...] = ()) -> dict:
    """The clause file of a rulebook's markdown and its amendments' (each moving the version on):
    ``{"variant", "rulebook", "clauses"}``."""
    first = markdown.lstrip().splitlines()[0] if markdown.strip() else ""
    title = _TITLE.match(first)
    if title is None:
        raise ClauseError("the rulebook's first line must name its variant: (variant `name`)")
    found = _VERSION.search(markdown)
    version = found.group(1) if found else None
    reader = _Reader()
    reader.read(markdown)
    reader.cited_only()
    for text in amendments:
        moves = _AMENDS.match(text.lstrip().splitlines()[0] if text.strip() else "")
        if moves is None or moves.group(1) != version:
            raise ClauseError(f"an amendment's first line must name the version it amends "
                              f"({version} → next)")
        version = moves.group(2)
        reader.amending = frozenset(reader.clauses)
        reader.family, reader.items, reader.open, reader.header = None, [], None, None
        reader.read(text)
        reader.cited_only()
    return {"variant": title.group(1), "rulebook": version, "clauses": reader.result()}


def path_of(variant: str) -> Path:
    return HERE / variant / FILE


@lru_cache(maxsize=None)
def clauses(variant: str) -> dict[str, dict]:
    """Every clause of a variant's rulebook: ID -> {title, text}; ``{}`` if it ships none."""
    if variant not in VARIANTS:
        raise KeyError(variant)
    try:
        data = json.loads(path_of(variant).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return data["clauses"]


def parent(cid: str) -> Optional[str]:
    """The clause a sub-ID belongs to: TW-CG-1.1 → TW-CG-1, TW-TAI-1.round → TW-TAI-1,
    TW-PAY-1a → TW-PAY-1; None for a clause (TW-CG-1 is not a part of the family TW-CG's text)."""
    if "." in cid:
        return cid.rsplit(".", 1)[0]
    if len(cid) > 1 and cid[-1].isalpha() and cid[-2].isdigit():
        return cid[:-1]
    return None


def clause(variant: str, cid: str) -> Optional[dict]:
    """The text of clause ``cid``: ``{"id", "clause", "title", "text"}``, where ``clause`` is the ID
    whose text it is (``cid`` itself, or the nearest parent that has one); None if neither has."""
    table = clauses(variant)
    at: Optional[str] = cid
    while at is not None and at not in table:
        at = parent(at)
    if at is None:
        return None
    return {"id": cid, "clause": at, **table[at]}


def write(markdown_path: str, *amendment_paths: str) -> Path:
    data = generate(Path(markdown_path).read_text(encoding="utf-8"),
                    tuple(Path(p).read_text(encoding="utf-8") for p in amendment_paths))
    if data["variant"] not in VARIANTS:
        raise ClauseError(f"variant {data['variant']!r} has no rulebook package (known: "
                          f"{', '.join(VARIANTS)})")
    out = path_of(data["variant"])
    out.write_text(dumps(data), encoding="utf-8")
    return out


def dumps(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m rulesbook.clauses RULEBOOK.md [AMENDMENT.md ...]", file=sys.stderr)
        return 2
    try:
        out = write(*argv)
    except (OSError, ClauseError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
