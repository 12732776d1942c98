"""Pattern names and default values of RULEBOOK §3 (seed 000's values), as data.

``PATTERNS`` maps a clause ID to its Chinese and English names. ``DEFAULT_TAI`` maps every
``tai_table`` key to its default value: the clause ID, or ``ID.sub`` for rows of several values.
IDs 9 and 10 (dealer tai) are paid in settlement and have no key; 27 and 28 are unused.
"""
from __future__ import annotations

from typing import Mapping

PATTERNS: dict[str, tuple[str, str]] = {
    "TW-TAI-1": ("風字刻", "wind triplet"),
    "TW-TAI-2": ("箭字刻", "dragon triplet"),
    "TW-TAI-3": ("門清", "concealed hand"),
    "TW-TAI-4": ("不求", "concealed self-draw"),
    "TW-TAI-5": ("全求", "all from others"),
    "TW-TAI-6": ("半求", "half from others"),
    "TW-TAI-7": ("平和", "all sequences"),
    "TW-TAI-8": ("對對和", "all triplets"),
    "TW-TAI-11": ("獨聽", "single wait"),
    "TW-TAI-12": ("搶杠", "robbing a kong"),
    "TW-TAI-13": ("字一色", "all honours"),
    "TW-TAI-14": ("清一色", "one suit"),
    "TW-TAI-15": ("湊一色", "one suit and honours"),
    "TW-TAI-16": ("三暗刻", "three concealed triplets"),
    "TW-TAI-17": ("四暗刻", "four concealed triplets"),
    "TW-TAI-18": ("五暗刻", "five concealed triplets"),
    "TW-TAI-19": ("大四喜", "big four winds"),
    "TW-TAI-20": ("小四喜", "little four winds"),
    "TW-TAI-21": ("大三元", "big three dragons"),
    "TW-TAI-22": ("小三元", "little three dragons"),
    "TW-TAI-23": ("自摸", "self-draw"),
    "TW-TAI-24": ("杠上開花", "win on a kong replacement"),
    "TW-TAI-25": ("海底撈月", "win on the last tile"),
    "TW-TAI-26": ("花牌", "flowers"),
    "TW-TAI-29": ("八仙過海", "eight flowers"),
    "TW-TAI-30": ("七搶一", "seven rob one"),
    "TW-TAI-31": ("天聽", "heavenly ready"),
    "TW-TAI-32": ("地聽", "earthly ready"),
    "TW-TAI-33": ("天和", "heavenly win"),
    "TW-TAI-34": ("地和", "earthly win"),
    "TW-TAI-35": ("人和", "human win"),
    "TW-TAI-36": ("嚦咕嚦咕", "seven pairs and a triplet"),
    "TW-TAI-37": ("河底撈魚", "win on the last discard"),
}

#: the names of the sub-clauses a pattern is cited by under an option (RULEBOOK_TW16_PRESETS §6)
SUB_PATTERNS: dict[str, tuple[str, str]] = {
    "TW-TAI-4.common": ("不求", "concealed self-draw"),
    "TW-TAI-32.common": ("地聽", "earthly ready"),
    "TW-TAI-34.common": ("地胡", "earthly win"),
    "TW-TAI-35.common": ("人胡", "human win"),
}

DEFAULT_TAI: dict[str, int] = {
    "TW-TAI-1.seat": 1,
    "TW-TAI-1.round": 1,
    "TW-TAI-2": 1,
    "TW-TAI-3": 1,
    "TW-TAI-4": 2,
    "TW-TAI-5": 2,
    "TW-TAI-6": 1,
    "TW-TAI-7": 2,
    "TW-TAI-8": 4,
    "TW-TAI-11": 1,
    "TW-TAI-12": 1,
    "TW-TAI-13": 16,
    "TW-TAI-13.deduct": 4,
    "TW-TAI-14": 12,
    "TW-TAI-15": 4,
    "TW-TAI-16": 2,
    "TW-TAI-17": 5,
    "TW-TAI-18": 12,
    "TW-TAI-19": 16,
    "TW-TAI-20": 8,
    "TW-TAI-21": 8,
    "TW-TAI-22": 4,
    "TW-TAI-23": 1,
    "TW-TAI-24": 1,
    "TW-TAI-25": 1,
    "TW-TAI-26.seat": 1,
    "TW-TAI-26.set": 2,
    "TW-TAI-26.all": 8,
    "TW-TAI-29": 8,
    "TW-TAI-30": 8,
    "TW-TAI-31": 8,
    "TW-TAI-32": 6,
    "TW-TAI-33": 16,
    "TW-TAI-34": 16,
    "TW-TAI-35": 8,
    "TW-TAI-36": 8,
    "TW-TAI-37": 1,
}


def tai_table_error(key: str, value: object) -> str | None:
    """Why ``key: value`` is not a valid ``tai_table`` entry; None when it is."""
    if key not in DEFAULT_TAI:
        if key in ("TW-TAI-9", "TW-TAI-10"):
            return "dealer tai (TW-PAY-3) are paid in settlement and have no tai_table key"
        subs = [k for k in DEFAULT_TAI if k.startswith(key + ".")]
        if subs:
            return f"this pattern has several values: use {', '.join(subs)}"
        return f"unknown pattern key {key!r}"
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        return "must be a whole number of tai, 0 or more"
    return None


def tai_values(overrides: Mapping[str, int]) -> dict[str, int]:
    """The pattern values in force: the defaults with the document's ``tai_table`` applied."""
    for key, value in overrides.items():
        err = tai_table_error(key, value)
        if err:
            raise ValueError(f"tai_table.{key}: {err}")
    values = dict(DEFAULT_TAI)
    values.update(overrides)
    return values
