"""包 in Shanghai (SH-BAO): 包三口, created by a player's third claim (吃, 碰, 明杠) on one other
player's discards (SH-BAO-1, on the family's engine ``rulesbook.family13.liability``: the feeder is
liable, the claimer covered), and which liabilities add a share to a win: under ``feeder`` the
feeder's on the covered player's wins, under ``mutual`` also the covered player's on the feeder's
wins, none under ``off``. The robbed kong's liability (SH-BAO-2) is the settlement's (SH-PAY-3).
"""
from __future__ import annotations

from typing import Sequence

from rulesbook.family13.liability import Liability, MeldRule, Sets

CLAUSE = "SH-BAO-1"
RANK = {CLAUSE: 0}
CLAIMED = ("chi", "pon", "kong")


def third_claim(s: Sets) -> bool:
    """包三口: the claim is the third set on his table fed by the same player (an added kong
    counts as the pon its feeder fed)."""
    feeder = s.new.source
    fed = sum(1 for m in s.melds if m.source == feeder and m.kind in CLAIMED and m.kong != "concealed")
    return fed == 3


def meld_rules(opts) -> list[MeldRule]:
    """SH-BAO-1 unless ``bao_san_kou: off``."""
    return [] if opts.bao_san_kou == "off" else [MeldRule(CLAUSE, RANK[CLAUSE], third_claim)]


def extra_payers(opts, liabilities: Sequence[Liability], winner: str, before: int) -> list[tuple[str, Liability]]:
    """The players who pay one share more on ``winner``'s win at event ``before`` (SH-BAO-1), with
    the liability that makes them: the feeder of his three claims; under ``mutual`` also the
    player whose three claims he fed."""
    out = []
    for li in liabilities:
        if li.clause != CLAUSE or (li.at is not None and li.at >= before):
            continue
        if li.covered == winner:
            out.append((li.liable, li))
        elif opts.bao_san_kou == "mutual" and li.liable == winner:
            out.append((li.covered, li))
    return out
