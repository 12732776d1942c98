"""The exit status of ``referee audit``, for a pipeline (issue 30), and the summary's line that
says which status applied and why.

| status | meaning |
|---|---|
| 0 | every document ruled; no finding or disagreement that the run was asked to fail on |
| 1 | findings or disagreements asked for (``--strict``, ``--fail-on``), or an internal error on some document (a defect of the referee) |
| 2 | input errors: some documents rejected (not JSON, not a valid document, a record that cannot be imported) |
| 3 | nothing to audit (``api.audit.audit.NOTHING``) |

Precedence: 2 over 1 over 0. Input errors come first because the run's figures leave out what
could not be read, so its findings are not the whole answer; the line names every reason
that held, the first deciding the status. A usage error (a PATH that does not exist, a bad
option, a Dask cluster that cannot be used) stops the run with 2 before anything is ruled.

What fails the run, opted into: ``--strict`` any finding ruled or unreported (a dismissed one is
no irregularity) and any disagreement with the money a Tenhou server recorded; ``--fail-on X``
(repeatable) findings of a clause or a family by prefix (``RJ-FLOW-11``, ``TW-ZH``: a prefix
matches the clause itself and its parts, ``TW-CG-1`` matches ``TW-CG-1.2`` but not ``TW-CG-10``),
or ``disagreement``. A prefix that no rulebook's clause has is a usage error (a typo would
otherwise never fail a run), with the nearest clause as a hint.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Optional

from api.documents.documents import UsageError

AGREE, FOUND, INPUT = 0, 1, 2  # NOTHING, 3, is api.audit.audit's
DISAGREEMENT = "disagreement"  # --fail-on disagreement
FAILING = ("ruled", "unreported")  # the statuses of a finding that --strict fails on
_PREFIX = re.compile(r"[A-Z]{2}(-[A-Z]+(-[0-9A-Za-z.]+)?)?-?\Z")


def matches(rule: str, prefix: str) -> bool:
    """Whether clause ``rule`` is ``prefix`` or one of its parts (by ``-`` or ``.``)."""
    if prefix.endswith("-"):
        return rule.startswith(prefix)
    return rule == prefix or rule.startswith(prefix + "-") or rule.startswith(prefix + ".")


def fail_on_values(values: Optional[Iterable[str]]) -> tuple[str, ...]:
    """The ``--fail-on`` values, checked: ``disagreement`` or a prefix of some rulebook's clause;
    else a ``UsageError`` naming the value, with the nearest clause as a hint."""
    found = []
    for value in values or ():
        if value == DISAGREEMENT:
            found.append(value)
            continue
        from rulesbook import VARIANTS
        from rulesbook.clauses import clauses

        from api.documents.messages import hint

        known = [cid for v in VARIANTS for cid in clauses(v)]
        if not _PREFIX.match(value) or not any(matches(cid, value) or matches(value, cid)
                                               for cid in known):
            raise UsageError(f"--fail-on {value}: not a clause or family of any rulebook (RJ-FLOW-11, "
                             f"TW-ZH), nor {DISAGREEMENT}{hint(value, [*known, DISAGREEMENT])}")
        found.append(value)
    return tuple(found)


@dataclass(frozen=True)
class ExitRule:
    """What the run was asked to fail on: ``strict``, and the ``fail_on`` values."""

    strict: bool = False
    fail_on: tuple[str, ...] = ()

    @property
    def asked(self) -> str:
        """The options that asked, as typed: ``--strict``, ``--fail-on RJ-FLOW-11``."""
        return ", ".join((["--strict"] if self.strict else []) + [f"--fail-on {v}" for v in self.fail_on])

    def status(self, clauses: dict, rejected: int, errors: int, disagreements: int) -> tuple[int, str]:
        """``(exit status, the summary's line)`` from the run's counts: ``clauses`` the findings
        by clause and status (``{rule: {status: n}}``), the documents ``rejected`` and with an
        internal error, the hands that ``disagree`` with the recorded money."""
        prefixes = [v for v in self.fail_on if v != DISAGREEMENT]
        findings = sum(n for rule, counts in clauses.items() for s, n in counts.items()
                       if s in FAILING and (self.strict or any(matches(rule, p) for p in prefixes)))
        disagreeing = disagreements if self.strict or DISAGREEMENT in self.fail_on else 0
        reasons: list[tuple[int, str]] = []
        if rejected:
            reasons.append((INPUT, f"{rejected:,} document(s) rejected (input errors)"))
        if errors:
            reasons.append((FOUND, f"{errors:,} internal error(s), a defect of the referee"))
        if findings:
            reasons.append((FOUND, f"{findings:,} finding(s) ({self.asked})"))
        if disagreeing:
            reasons.append((FOUND, f"{disagreeing:,} hand(s) disagreeing with the recorded money "
                                   f"({self.asked})"))
        if reasons:
            status = max(code for code, _ in reasons)
            return status, f"Exit status {status}: " + "; ".join(why for _, why in reasons)
        total = sum(n for counts in clauses.values() for s, n in counts.items() if s in FAILING)
        if not (total or disagreements):
            return AGREE, "Exit status 0: every document ruled, no finding, no disagreement"
        if self.strict or self.fail_on:
            return AGREE, f"Exit status 0: every document ruled, nothing that {self.asked} fails on"
        return AGREE, ("Exit status 0: every document ruled (findings and disagreements fail the run "
                       "only with --strict or --fail-on)")
