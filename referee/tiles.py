"""Tiles: codes, aliases, compact strings and count arrays.

A tile is an int:

* 0–8   1m…9m  萬 characters
* 9–17  1p…9p  筒 dots
* 18–26 1s…9s  索 bamboo
* 27–33 1z…7z  東 南 西 北 白 發 中
* 34–41 1f…8f  梅 蘭 竹 菊 春 夏 秋 冬 (flowers)
* 42–44 0m 0p 0s  the red fives (赤五萬 赤五筒 赤五索) of variants that have them (riichi); their
  kind is 4, 13, 22 (``kind_of``). They are read only where a caller asks for them (``red=True``).
* UNKNOWN (-1) a hidden tile, written ``?``

Hand analysis works on count arrays over the 34 kinds (flowers excluded).
"""
from __future__ import annotations

import re
from typing import Iterable, Sequence

N_KINDS = 34
N_TILES = 42  # kinds and flowers: the tiles of a count array
FIRST_FLOWER = 34
FIRST_RED = 42
RED_FIVES = {42: 4, 43: 13, 44: 22}  # red five -> its kind
UNKNOWN = -1
SUITS = "mpsz"

_CODES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)] + [
    f"{n}f" for n in range(1, 9)
]
CODE_INDEX = {c: i for i, c in enumerate(_CODES)}
_RED_CODES = ["0m", "0p", "0s"]
RED_INDEX = {c: FIRST_RED + i for i, c in enumerate(_RED_CODES)}
RED_ALIASES = {alias: FIRST_RED + i for i, (suit, word) in enumerate(zip("mps", "萬筒索"))
               for alias in (f"5{suit}r", f"赤五{word}")}


class TileError(ValueError):
    """A tile or tile list that cannot be read; the message names the bad part."""


def _aliases() -> dict[str, int]:
    table: dict[str, int] = {}
    numerals = "一二三四五六七八九"
    for n, ch in enumerate(numerals):
        for word in ("萬", "万"):
            table[ch + word] = n
        table[ch + "筒"] = 9 + n
        for word in ("索", "條", "条"):
            table[ch + word] = 18 + n
        table[chr(0x1F007 + n)] = n  # 🀇…🀏
        table[chr(0x1F019 + n)] = 9 + n  # 🀙…🀡
        table[chr(0x1F010 + n)] = 18 + n  # 🀐…🀘
    for k, (letter, han) in enumerate(zip("ESWN", "東南西北")):
        table[letter] = table[han] = table[chr(0x1F000 + k)] = 27 + k
    for k, (letter, han, uni) in enumerate(zip("PFC", "白發中", "\U0001F006\U0001F005\U0001F004")):
        table[letter] = table[han] = table[uni] = 31 + k
    table["发"] = 32
    for k, han in enumerate("梅蘭竹菊春夏秋冬"):
        table[han] = table[chr(0x1F022 + k)] = FIRST_FLOWER + k
    table["松"] = FIRST_FLOWER
    table["兰"] = FIRST_FLOWER + 1
    return table


ALIASES = _aliases()


def code(tile: int) -> str:
    """The canonical code of a tile: ``code(0) == "1m"``, ``code(UNKNOWN) == "?"``."""
    if tile == UNKNOWN:
        return "?"
    return _RED_CODES[tile - FIRST_RED] if tile >= FIRST_RED else _CODES[tile]


def kind_of(tile: int) -> int:
    """The kind of a tile: a red five's plain five, any other tile itself."""
    return RED_FIVES.get(tile, tile)


def is_red(tile: int) -> bool:
    return tile >= FIRST_RED


def parse_tile(text: str, red: bool = False) -> int:
    """A tile from its code or an alias (``"5p"``, ``"五筒"``, ``"E"``, ``"🀄"``, ``"?"``); with
    ``red``, also a red five (``"0m"``, ``"5mr"``, ``"赤五萬"``)."""
    if not isinstance(text, str):
        raise TileError(f"a tile must be a string, not {type(text).__name__}")
    if text == "?":
        return UNKNOWN
    found = CODE_INDEX.get(text)
    if found is None:
        found = ALIASES.get(text)
    if found is None and red:
        found = RED_INDEX.get(text, RED_ALIASES.get(text))
    if found is None:
        raise TileError(f"unknown tile {text!r}")
    return found


_COMPACT = re.compile(r"(\d+)([mpszf])|(\?)")


def parse_compact(text: str, red: bool = False) -> tuple[int, ...]:
    """Tiles from a compact string: ``"123m11z??"`` (codes only, no aliases); with ``red``, a 0
    is a red five (``"550m"``)."""
    out: list[int] = []
    pos = 0
    for m in _COMPACT.finditer(text):
        if m.start() != pos:
            raise TileError(f"cannot read {text[pos:m.start()]!r} at position {pos} of {text!r}")
        pos = m.end()
        if m.group(3):
            out.append(UNKNOWN)
            continue
        suit = m.group(2)
        for digit in m.group(1):
            c = digit + suit
            if c in CODE_INDEX:
                out.append(CODE_INDEX[c])
            elif red and c in RED_INDEX:
                out.append(RED_INDEX[c])
            else:
                raise TileError(f"unknown tile {c!r} in {text!r}")
    if pos != len(text):
        raise TileError(f"cannot read {text[pos:]!r} at position {pos} of {text!r}")
    return tuple(out)


def parse_tiles(value: str | Sequence[str], red: bool = False) -> tuple[int, ...]:
    """A tile list: a compact string or a list of codes/aliases."""
    if isinstance(value, str):
        return parse_compact(value, red)
    if isinstance(value, (list, tuple)):
        return tuple(parse_tile(t, red) for t in value)
    raise TileError("a tile list must be a compact string or an array of tiles")


def codes(tiles: Iterable[int]) -> list[str]:
    return [code(t) for t in tiles]


def compact(tiles: Iterable[int]) -> str:
    """The compact string of tiles in the given order, grouped by runs of one suit."""
    out: list[str] = []
    run_suit = ""
    digits = ""
    for t in tiles:
        c = code(t)
        if c == "?":
            if digits:
                out.append(digits + run_suit)
                digits, run_suit = "", ""
            out.append("?")
            continue
        if c[1] != run_suit and digits:
            out.append(digits + run_suit)
            digits = ""
        run_suit = c[1]
        digits += c[0]
    if digits:
        out.append(digits + run_suit)
    return "".join(out)


def is_flower(tile: int) -> bool:
    return FIRST_FLOWER <= tile < FIRST_RED


def is_honour(tile: int) -> bool:
    return 27 <= tile < FIRST_FLOWER


def suit_of(tile: int) -> int:
    """0 m, 1 p, 2 s, 3 z, 4 f."""
    return 4 if tile >= FIRST_FLOWER else tile // 9


def flower_seat(tile: int) -> int:
    """The seat number (1 East … 4 North) a flower belongs to: ((k − 1) mod 4) + 1."""
    return (tile - FIRST_FLOWER) % 4 + 1


def counts34(tiles: Iterable[int]) -> list[int]:
    c = [0] * N_KINDS
    for t in tiles:
        c[t] += 1
    return c


def sorted_tiles(tiles: Iterable[int]) -> list[int]:
    return sorted(tiles, key=lambda t: (t == UNKNOWN, t))
