"""The same game twice in an audit (issue 30): each game is audited once, its copies listed.

A game's identity is a set of keys, any one of which a copy shares with it:

* a Tenhou record: its recorded id when the record carries one (tenhou.net/6 JSON's ``ref``,
  ``"2016022509gm-0009-0000-b327da61"``), and always a key over its content: per hand the dealt
  tiles in seat order, the dora indicators and the recorded money per seat. The content key does
  not read players' names or the encoding, so the same game as mjlog XML and as tenhou.net/6 JSON
  is one game; a copy cut short (fewer hands, a hand without its result) is another record.
* an ``mjref/1`` document (a file or a JSON Lines line): the SHA-256 of its canonical JSON (keys
  sorted, no spaces), so that formatting and key order do not matter.

The worker that rules a document gives its keys (``identity``: ``tenhou_identity``,
``document_identity``) with the outcome; the audit's process meets the outcomes in input order,
so the first copy is the one audited and every later one is a duplicate of it (``Duplicates``).
A duplicate is still read and ruled (its identity is known only then) but counted nowhere: the
summary lists it with the file it repeats, the JSON report has it with ``status: duplicate``,
``duplicate_of`` and ``same`` (how it was matched), the CSV a row with ``duplicate_of``.
``--keep-duplicates`` keeps them: audited and counted as before, still listed.
"""
from __future__ import annotations

import hashlib
import json
DUPLICATE = "duplicate"  # the status of an outcome left out as a copy of an earlier one
ID, CONTENT, DOCUMENT = "id", "content", "document"  # the kinds of key
_HOW = {ID: "recorded id", CONTENT: "same deal, dora and money", DOCUMENT: "same document"}


#: canonical JSON: keys sorted, no spaces; a decoded value has no cycle to look for, and not
#: looking makes it ~15% cheaper (it is ~9% of a self-played tw16 hand's ruling time)
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                              check_circular=False)


def _digest(value: object) -> str:
    return hashlib.sha256(_CANONICAL.encode(value).encode("utf-8", "surrogatepass")).hexdigest()


def document_identity(data: object) -> list[str]:
    """The keys of an ``mjref/1`` document: the SHA-256 of its canonical JSON."""
    return [f"{DOCUMENT}:{_digest(data)}"]


def tenhou_identity(document: dict, recorded: dict) -> list[str]:
    """The keys of an imported Tenhou record (``api.records.tenhou.import_tenhou``): its recorded id, if
    any, and its content (per hand: dealt tiles by seat, dora indicators, recorded money by seat)."""
    players = document["players"]
    hands = []
    for hand, facts in zip(document["hands"], recorded["hands"]):
        deal, events = hand["events"][0], hand["events"]
        dora = [deal.get("dora"), *(e.get("tile") for e in events if e["type"] == "dora")]
        deltas = facts["deltas"]
        hands.append([[deal["hands"][p] for p in players], dora,
                      None if deltas is None else [deltas[p] for p in players]])
    keys = [f"{CONTENT}:{_digest(hands)}"]
    if recorded.get("id"):
        keys.insert(0, f"{ID}:{recorded['id']}")
    return keys


class Duplicates:
    """The games met so far (key → the first source) and the copies found: ``check`` each outcome
    in input order. ``keep``: copies are audited too (``--keep-duplicates``)."""

    SHOWN = 5  # copies listed in the summary table; the reports hold all

    def __init__(self, keep: bool = False):
        self.keep = keep
        self._seen: dict[str, str] = {}
        self.found: list[dict] = []  # {"source", "duplicate_of", "same", "hands"}

    def check(self, outcome: dict) -> dict:
        """The outcome to count and report: itself (its ``identity`` taken out), or for a copy of
        a game met before, unless ``keep``, a ``duplicate`` outcome naming the first source."""
        keys = outcome.pop("identity", None) or []
        first, how = None, None
        for key in keys:
            if key in self._seen:
                first, how = self._seen[key], key.split(":", 1)
                break
        for key in keys:  # a copy's other keys lead to the game's first source too
            self._seen.setdefault(key, first or outcome["source"])
        if first is None:
            return outcome
        same = _HOW[how[0]] + (f" {how[1]}" if how[0] == ID else "")
        hands = outcome.get("ruling", {}).get("hands")
        entry = {"source": outcome["source"], "duplicate_of": first, "same": same,
                 "hands": len(hands) if hands is not None else 0}
        self.found.append(entry)
        if self.keep:
            outcome.update(duplicate_of=first, same=same)
            return outcome
        copy = {"source": outcome["source"], "status": DUPLICATE, "duplicate_of": first, "same": same}
        if "record" in outcome:
            copy["record"] = outcome["record"]
        return copy

    def lines(self) -> list[str]:
        """The summary's lines: how many copies, what was done with them, the first few."""
        if not self.found:
            return []
        n, hands = len(self.found), sum(e.get("hands", 0) for e in self.found)
        what = ("audited and counted (--keep-duplicates)" if self.keep
                else "left out (--keep-duplicates audits them)")
        lines = [f"Duplicates: {n:,} record(s) of a game already met ({hands:,} hands), {what}"]
        for entry in self.found[:self.SHOWN]:
            lines.append(f"  {entry['source']}: same game as {entry['duplicate_of']} ({entry['same']})")
        if n > self.SHOWN:
            lines.append(f"  … and {n - self.SHOWN:,} more (the --json and --csv reports list all)")
        return lines

    def as_json(self) -> dict:
        return {"kept": self.keep, "found": list(self.found)}
