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
  with the paragraphs, ID-less list items and tables of its section as its text (under its
  sub-headings without an ID too; a numbered ``### 6.4 TW-XP-9 …`` as well); a family with no
  words of its own lists its clauses (``Clauses: TW-FLOW-1 deal; …``);
* a list item that starts with an ID (``- TW-FLOW-1 deal: …``, nested ``  - TW-CG-1.1 …``, bold
  ``- **GD-FAN-30 the 3-番 floor** …``), with all that is indented under it: continuation lines,
  nested points (an ID'd one is also a clause of its own, and so is a numbered point ``- 0.3 …``
  of ``GD-FAN-0``: ``GD-FAN-0.3``), paragraphs after them and tables;
* a table row whose first cell is an ID (``| TW-TAI-1 | 風字刻 … |``), its other cells by header;
  a row of sub-IDs (``| WH-FAN-7.claimed, .concealed | …``) gives each and their stem; a row
  saying "see below" goes on with the item that names the same ID below it;
* an ID defined nowhere else but cited in a paragraph (``… count only the higher (TW-TAI-0).``):
  the sentence that cites it.

The title line may go on after the variant (``(variant `sichuan`, 四川麻将 …)``).
``tests/test_clause_texts.py`` checks every shared rulebook (those of variants to come too) this
way: every word of a clause's block in the markdown is in its text.

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
_TITLE = re.compile(r"#\s.*\(variant `([a-z0-9_]+)`[,)]")
_VERSION = re.compile(r"Version:\s*\*\*([^*]+)\*\*")
_H3 = re.compile(rf"###\s+(?:[\d.]+\s+)?({ID})\s+(.*)")
_AMENDS = re.compile(r"#\s.*\(([\w.-]+)\s*→\s*([\w.-]+)\)")
# "## 2. Settlement (TW-PAY)", also "(RJ-VAL): more" and "(TW-RS, new)"
# … and "(WH-FAN, WH-PAY)": a heading of two families, each with the heading's words
_H2 = re.compile(rf"##\s+(?:[\d.]+\s+)?(.*?)\s*\(({ID})((?:,\s*{ID})*)(?:,[^)]*)?\)(?:[:,].*)?\s*\Z")  # ", preset `baida`" too
_HEADING = re.compile(r"#{1,6}\s")
_ITEM = re.compile(r"(\s*)-\s+(.*)")
_ID_ITEM = re.compile(rf"({ID})\s+(.*)")
_BOLD_ID_ITEM = re.compile(rf"\*\*({ID})\s+(.+?)\*\*\s*(.*)")  # "**GD-FAN-30 the 3-番 floor** (…"
_POINT = re.compile(r"(\d+(?:\.\d+)+)\s+(.*)")  # a numbered point of its clause: "0.3 the count …"
_COMPOUND = re.compile(rf"({ID})((?:,\s*\.[0-9a-z]+)+)\Z")  # "WH-FAN-7.claimed, .concealed, .single"
_CITED = re.compile(rf"\(({ID})\)")
_LEAD_MAX = 60  # a lead phrase longer than this is no title
_SEED = r"seed \d{3}"
# a citation alone in brackets or one part of them: "(seed 004)", "(seed 004 table)", "(… ; seed 004)"
_CITATION_ALONE = re.compile(rf"\s*\({_SEED}(?: table)?\)|\s*\(seed\)|, ?(?:{_SEED}|seed)(?: table)?(?=\))|"
                             rf"(?<=\()seed; |(?<=[(;,]) ?{_SEED}(?: table)?(?=[;,)])[;,]? ?")
# a citation before the source's words or a reason: "(seed 001: 無人…)", "(頭跳, seed 000 \"…\")"
_CITATION_LEAD = re.compile(rf"(?<=[(,;] ){_SEED}:? (?=[\"「\u3400-\u9fff])|(?<=\(){_SEED}: "
                            r"|(?:^|(?<=\. ))Seed \d{3}: (?=[\"「])", re.MULTILINE)  # "Seed 002: "…""
_SOURCE = re.compile(rf"\b(?:the seed|{_SEED})('s)?\b|\bseed (?=items)", re.IGNORECASE)
# a seed's own practice named: "seed 002's 成都 practice" reads "成都 practice"
_SOURCE_PRACTICE = re.compile(rf"\b{_SEED}'s (?=[^\s,;)]+ practice)", re.IGNORECASE)


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
    text = _SOURCE_PRACTICE.sub("", text)
    return _SOURCE.sub(lambda m: ("C" if m.group(0)[0].isupper() else "c") + ("lub practice's" if m.group(1) else
                       "lub practice") if m.group(0) != "seed " else "", text)


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


class _Line:
    """A line of clause text, shared by the clause it belongs to and the clauses it is nested in
    (a continuation extends it in each). ``own``: the clause whose head line it is (rendered bare
    there); elsewhere it reads ``prefix`` + ``text`` (a nested point: its indent, ``- `` and ID)."""

    __slots__ = ("text", "prefix", "own")

    def __init__(self, text: str, prefix: str = "", own: Optional[str] = None) -> None:
        self.text, self.prefix, self.own = text, prefix, own

    def render(self, cid: str) -> str:
        return self.text if self.own == cid else self.prefix + self.text


class _Reader:
    """One pass over the markdown: clauses in order, each with its lines. A clause's text is all
    of it: its list item with the continuation lines, the paragraphs and tables indented under it
    and its nested points (an ID'd nested point is also a clause of its own); a table row's other
    cells, joined by the item that defines the same ID further on (a row saying "see below"); a
    family heading's paragraphs, ID-less points and tables, under its sub-headings too."""

    def __init__(self) -> None:
        self.amending: frozenset[str] = frozenset()  # the clauses an amendment read now may not redefine
        self.clauses: dict[str, dict] = {}
        self.lines: dict[str, list[_Line]] = {}
        self.headings: list[tuple[int, Optional[str]]] = []  # (level, family ID or None) open
        self.family: Optional[str] = None  # the family heading in force
        self.siblings: list[str] = []  # the other families the same heading names ("(WH-FAN, WH-PAY)")
        self.items: list[tuple[Optional[str], int]] = []  # the list items open (ID or None), with indents
        self.open: Optional[tuple[_Line, int]] = None  # the line a more indented line continues
        self.header: Optional[list[str]] = None  # the header of the table being read
        self.paragraphs: list[tuple[Optional[str], str]] = []  # (family, text) of free paragraphs
        self.families: set[str] = set()  # the family headings read
        self.rows: set[str] = set()  # clauses a table row defined (an item may go on with them)
        self.row_parts: dict[str, list[tuple[str, str]]] = {}  # their (header, cell) pairs
        self.stems: dict[str, tuple[str, Optional[str], str]] = {}  # WH-FAN-7 of "WH-FAN-7.a, .b" rows
        self.blank = False  # a blank line came before this one
        self.after_heading = False  # the line before this one was a heading
        self.section: dict[str, tuple[str, ...]] = {}  # the family headings a clause was read under

    def add(self, cid: str, title: str, family: Optional[str]) -> None:
        if cid in self.clauses:
            raise ClauseError(f"clause {cid} is defined twice")
        self.clauses[cid] = {"title": plain(title), "family": family}
        self.lines[cid] = []
        section = tuple(f for _, f in self.headings if f is not None and f != cid)
        sibling = next((f for f in self.siblings if cid.startswith(f + "-")), None)
        self.section[cid] = tuple(sibling if f == self.family else f for f in section) if sibling else section

    def owners(self) -> list[str]:
        """The clauses a line read now belongs to: the ID'd items open, else the family."""
        ids = self.nested_in()
        return ids or ([self.family] if self.family else [])

    def nested_in(self) -> list[str]:
        """The ID'd items open: a clause read now is also a line of theirs (not of the family)."""
        return [cid for cid, _ in self.items if cid is not None]

    def emit(self, line: _Line, targets: list[str]) -> None:
        for cid in targets:
            self.lines[cid].append(line)

    def read(self, text: str) -> None:
        paragraph: list[str] = []
        for raw in text.splitlines() + [""]:
            line = raw.rstrip()
            item = _ITEM.match(line)
            indent = len(line) - len(line.lstrip())
            # a table starts after a blank line or a heading ("| b" going on a line is none)
            table = line.lstrip().startswith("|") and line.endswith("|") and (
                self.header is not None or self.blank or self.after_heading)
            inner = bool(line.strip()) and not item and not _HEADING.match(line) and not table \
                and indent > 0 and self._holder(indent) is not None
            if not line.strip() or line.startswith("#") or table or item or inner:
                if paragraph:
                    self.paragraphs.append((self.family, " ".join(paragraph)))
                    if self.family and not self.items:
                        self.emit(_Line(" ".join(paragraph)), [self.family, *self.siblings])
                    paragraph = []
            if not line.strip():
                self.header = None  # a blank line ends a table
                self.blank = True
                continue
            self.after_heading = bool(_HEADING.match(line))
            if self.after_heading:
                self.heading(line)
            elif table:
                self.row(_cells(line), indent)
            elif item:
                self.list_item(len(item.group(1)), item.group(2))
            elif self.open is not None and indent > self.open[1] and not self.blank:
                self.open[0].text += " " + line.strip()  # continuation
            elif inner:
                self.inner_paragraph(indent, line.strip())
            else:
                self.items, self.open = [], None
                paragraph.append(line.strip())
            self.blank = False

    def _holder(self, indent: int) -> Optional[int]:
        """The depth in ``items`` of the innermost open item a line indented ``indent`` is inside."""
        for k in range(len(self.items) - 1, -1, -1):
            if self.items[k][1] < indent:
                return k
        return None

    def inner_paragraph(self, indent: int, text: str) -> None:
        """A paragraph indented under an open item (after its nested points, or after a blank
        line): a line of that item's text."""
        k = self._holder(indent)
        assert k is not None
        del self.items[k + 1:]
        line = _Line(text)
        self.emit(line, self.owners())
        self.open = (line, self.items[k][1])
        self.paragraphs.append((self.family, text))

    def heading(self, line: str) -> None:
        self.items, self.open, self.header, self.siblings = [], None, None, []
        level = len(line) - len(line.lstrip("#"))
        while self.headings and self.headings[-1][0] >= level:
            self.headings.pop()
        h3, h2 = _H3.match(line), _H2.match(line)
        cid: Optional[str] = None
        if h3 and h3.group(1) not in self.amending:
            cid = h3.group(1)
            self.add(cid, h3.group(2), None)
        elif h2 and not h3:
            cid = h2.group(2)
            self.add(cid, h2.group(1), None)
            for sibling in re.findall(ID, h2.group(3)):  # each family the heading names is one
                self.add(sibling, h2.group(1), None)
                self.families.add(sibling)
                self.siblings.append(sibling)
        if cid is not None:
            self.families.add(cid)
        elif h3:  # an amendment's heading on a rulebook clause: no family of its own, none around it
            self.headings = []
        self.headings.append((level, cid))
        self.family = next((f for _, f in reversed(self.headings) if f is not None), None)

    def row(self, cells: list[str], indent: int) -> None:
        k = self._holder(indent) if indent else None
        if k is None:
            self.items = []
        else:
            del self.items[k + 1:]
        self.open = None
        if all(re.fullmatch(r":?-+:?", c) for c in cells):
            return  # the header's rule
        if self.header is None:
            self.header = cells
            return
        pad = "  " * (indent // 2)
        compound = _COMPOUND.match(cells[0])
        if (_ID_ONLY.match(cells[0]) or compound) and len(cells) >= 2 and not self.amending:  # (an amendment's are data)
            ids = [cells[0]] if not compound else [compound.group(1)] + [
                compound.group(1).rsplit(".", 1)[0] + s for s in re.findall(r"\.[0-9a-z]+", compound.group(2))]
            parts = [(h, c) for h, c in zip(self.header[2:], cells[2:]) if c]
            rest = "; ".join(f"{h}: {c}" for h, c in parts)
            self.row_parts[cells[0]] = parts
            owner = self.owners()[-1] if self.owners() else None
            line = _Line(rest, f"{pad}- {cells[0]} {plain(cells[1])}: ", ids[0])
            for cid in ids:
                self.add(cid, cells[1], owner)
                self.rows.add(cid)
                self.lines[cid].append(line if cid == ids[0] else _Line(rest, "", cid))
            if compound:
                self.stems.setdefault(ids[0].rsplit(".", 1)[0], (cells[1], owner, rest))
            self.emit(line, self.nested_in())
        elif self.owners():  # a table of the family's or the item's own (the exclusions): a line per row
            rest = "; ".join(f"{h}: {c}" for h, c in zip(self.header[1:], cells[1:]) if c)
            self.emit(_Line(f"{pad}- {cells[0]}: " + rest), self.owners())

    def list_item(self, indent: int, body: str) -> None:
        self.header = None
        while self.items and self.items[-1][1] >= indent:
            self.items.pop()
        owners = self.owners()
        owner = owners[-1] if owners else None  # the item (or family) it is in
        pad = "  " * (indent // 2)
        head, bold = _ID_ITEM.match(body), _BOLD_ID_ITEM.match(body)
        if bold:
            cid, title, rest = bold.group(1), bold.group(2), f"{bold.group(2)} {bold.group(3)}".rstrip()
        elif head and _ID_ONLY.match(head.group(1)):
            cid, title, rest = head.group(1), None, head.group(2)
        else:
            cid = title = rest = None
            point = _POINT.match(body)
            if point and owner is not None and point.group(1).startswith(owner.rsplit("-", 1)[1] + "."):
                numbered = f"{owner.rsplit('-', 1)[0]}-{point.group(1)}"  # "- 0.3 …" in GD-FAN-0: GD-FAN-0.3
                if _ID_ONLY.match(numbered) and numbered not in self.clauses and not self.amending:
                    self.add(numbered, _lead(point.group(2)) or "", owner)
                    line = _Line(point.group(2), f"{pad}- {point.group(1)} ", numbered)
                    self.emit(line, owners + [numbered])
                    self.items.append((numbered, indent))
                    self.open = (line, indent)
                    return
        if owner is None and cid is not None and cid in self.clauses and self.families:
            self.open = None  # outside every family, a list naming clauses defined in one (a
            return  # rulebook's list of decisions, RULEBOOK_HK §11) cites them: no second definition
        if cid is not None and rest is not None and cid not in self.amending:
            if cid in self.rows and not self.amending:
                kept = "; ".join(f"{h}: {c}" for h, c in self.row_parts.get(cid, ()) if c != "see below")
                for line in self.lines[cid]:  # the row's "see below" is this item
                    line.text = kept
            elif cid not in self.clauses or not self.amending:
                self.add(cid, title if title is not None else _lead(rest) or "", owner)
            line = _Line(rest, f"{pad}- {cid} ", cid)
            self.emit(line, self.nested_in() + [cid])
            self.items.append((cid, indent))
            self.open = (line, indent)
            return
        line = _Line(body, f"{pad}- ")  # an ID-less point of its owner
        self.emit(line, owners)
        self.items.append((None, indent))
        self.open = (line, indent)

    def finish(self) -> None:
        """The stem of a row of sub-IDs (``WH-FAN-7.claimed, .concealed``) defined nowhere else:
        the row's text; a family heading with no words of its own: the list of its clauses."""
        for stem, (title, owner, rest) in self.stems.items():
            if stem not in self.clauses:
                self.add(stem, title, owner)
                self.section[stem] = next(self.section[c] for c in self.rows if c.startswith(stem + "."))
                self.lines[stem].append(_Line(rest, "", stem))
        for fam in self.families:
            if not any(line.render(fam).strip() for line in self.lines[fam]):
                members = [f"{cid} {c['title']}".rstrip() for cid, c in self.clauses.items()
                           if fam in self.section[cid]]
                if members:
                    self.lines[fam] = [_Line("Clauses: " + "; ".join(members) + ".", "", fam)]

    def cited_only(self) -> None:
        """IDs cited in a paragraph and defined nowhere: the sentence that cites them."""
        for family, text in self.paragraphs:
            for sentence in re.split(r"(?<=[.;])\s+(?=[A-Z*])", text):
                for cid in _CITED.findall(sentence):
                    if cid not in self.clauses:
                        self.add(cid, "", family)
                        self.section[cid] = (family,) if family else ()
                        self.lines[cid].append(_Line(sentence))

    def title(self, cid: Optional[str]) -> str:
        """A clause's own title, else the title of the clause or family it sits in."""
        while cid is not None and not self.clauses[cid]["title"]:
            cid = self.clauses[cid]["family"]
        return self.clauses[cid]["title"] if cid is not None else ""

    def result(self) -> dict[str, dict]:
        return {cid: {"title": unsourced(self.title(cid)),
                      "text": unsourced(plain("\n".join(line.render(cid) for line in self.lines[cid])))}
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
    reader.finish()
    for text in amendments:
        moves = _AMENDS.match(text.lstrip().splitlines()[0] if text.strip() else "")
        if moves is None or moves.group(1) != version:
            raise ClauseError(f"an amendment's first line must name the version it amends "
                              f"({version} → next)")
        version = moves.group(2)
        reader.amending = frozenset(reader.clauses)
        reader.family, reader.items, reader.open, reader.header = None, [], None, None
        reader.headings, reader.rows, reader.stems = [], set(), {}
        reader.read(text)
        reader.cited_only()
        reader.finish()
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
