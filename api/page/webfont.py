"""The table page's font for Chinese text, so that tiles and rulings read on a machine without a
CJK font (clubs' old laptops, a bare CI): a subset of a free CJK font to the characters the page
can show, shipped in ``api/page/static/`` (a WOFF2 file of some tens of KB).

Regenerate after the page or the rulebooks gain new characters (a maintainer's step; it needs
``pip install fonttools brotli`` and a CJK font file, e.g. Debian's ``fonts-droid-fallback``)::

    python -m api.page.webfont /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf

The characters: the tile faces, the page's own words (``static/*.js``, ``option_words.py``), and the Chinese of every
rulebook (its code's decisions and pattern names, its clause texts). A character it lacks falls
back to the device's own fonts.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent  # the checkout: api/page → api → .
OUT = HERE / "static" / "han.woff2"
TILE_FACES = "一二三四五六七八九萬筒索東南西北白發中梅蘭竹菊春夏秋冬"
_WIDE = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]")


def characters() -> str:
    """Every CJK character (and full-width mark) the page may show, sorted."""
    found = set(TILE_FACES)
    sources = [*sorted((HERE / "static").glob("*.js")), HERE / "option_words.py", *sorted((ROOT / "rulesbook").rglob("*.py")),
               *sorted((ROOT / "rulesbook").rglob("clauses.json"))]
    for path in sources:
        found |= set(_WIDE.findall(path.read_text(encoding="utf-8")))
    return "".join(sorted(found))


def build(font_file: str, out: Path = OUT) -> int:
    from fontTools import subset  # a maintainer's tool, not a dependency of the service

    text = characters() + "0123456789"
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = []
    options.name_IDs = ["*"]  # keep the font's names and its licence notice
    options.notdef_outline = True
    font = subset.load_font(font_file, options)
    sub = subset.Subsetter(options)
    sub.populate(text=text)
    sub.subset(font)
    subset.save_font(font, str(out), options)
    return len(text)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    n = build(argv[0])
    print(f"{OUT}: {n} characters, {OUT.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
