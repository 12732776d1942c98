"""How fast the ``mahjong`` library values real wins (RJ-VAL), alone and through our adapter.

    python -m benchmarks.riichi_valuation [--data ../shared/data] [--repeat 5]

Reads every AGARI of the distinct four-player mjlog games under ``--data`` (``tenhou/`` and
``tenhou-more/``), builds each win as a ``WinSituation`` straight from its tag (``hai`` with the
winning tile, ``m`` decoded, winds from INIT, flags from Tenhou's yaku ids: the engine derives them
from the replay instead), then times, ``--repeat`` times, the library's ``estimate_hand_value``
alone (its inputs built beforehand) and our ``valuate`` (inputs built, the library called, the
answer read back). Prints wins per second (min / median / max of the runs) and the median per win,
one core, in process. ``agari_wins`` is also what
tests/test_riichi_valuation.py values against Tenhou's ``ten`` (§12 A4).
"""
from __future__ import annotations

import argparse
import gzip
import statistics
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Iterator

from mahjong.hand_calculating.hand import HandCalculator

from api.records.tenhou_game import _RED_IDS
from api.records.tenhou_mjlog import decode_meld
from rulesbook.riichi.valuation import (
    RMeld,
    ValuationOptions,
    WinSituation,
    library_inputs,
    valuate,
)

ROOT = Path(__file__).resolve().parent.parent
LIMITS = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")  # AGARI ten[2]
FLAGS = {1: "is_riichi", 2: "is_ippatsu", 3: "is_chankan", 4: "is_rinshan", 5: "is_haitei",
         6: "is_houtei", 21: "is_daburu_riichi", 37: "is_tenhou", 38: "is_chiihou"}
"""Tenhou yaku ids → the flags of RJ-VAL-3 they show."""


def flags(yaku_ids) -> dict:
    return {FLAGS[i]: True for i in yaku_ids if i in FLAGS}


def mjlog_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file()
                  and p.suffix in (".xml", ".mjlog", ".txt") and p.name != "README.txt")


def agari_wins(path: Path) -> Iterator[tuple[WinSituation, ValuationOptions, dict]]:
    """(situation, options, recorded) for each AGARI of a four-player mjlog (none for sanma);
    ``recorded`` holds Tenhou's han, fu, points, limit, yaku [id, han] pairs, yakuman ids, and
    the game's ``first_deal`` (its identity among copies)."""
    data = path.read_bytes()
    root = ET.fromstring(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)
    go = int(root.find("GO").get("type"))
    if go & 0x10:
        return
    red = not go & 0x02
    options = ValuationOptions(open_tanyao=not go & 0x04, red_fives=red)
    first_deal = tuple(root.find("INIT").get(f"hai{s}") for s in range(4))

    def tile(i: int) -> int:
        return _RED_IDS[i] if red and i in _RED_IDS else i // 4

    def tiles(text: str) -> tuple[int, ...]:
        return tuple(tile(int(x)) for x in text.split(",") if x)

    round_ = dealer = 0
    for el in root:
        if el.tag == "INIT":
            round_, dealer = int(el.get("seed").split(",")[0]), int(el.get("oya"))
        if el.tag != "AGARI":
            continue
        a = el.attrib
        who, from_who = int(a["who"]), int(a["fromWho"])
        melds = []
        for m in (int(x) for x in a.get("m", "").split(",") if x):
            meld = decode_meld(m)
            kind = {"claimed_kan": "kan", "concealed_kan": "kan"}.get(meld.kind, meld.kind)
            melds.append(RMeld(kind, tuple(tile(i) for i in meld.ids), meld.kind != "concealed_kan",
                               None if meld.called is None else tile(meld.called)))
        yaku = [int(x) for x in a.get("yaku", "").split(",") if x]
        pairs = [list(p) for p in zip(yaku[0::2], yaku[1::2])]
        yakuman = [int(x) for x in a.get("yakuman", "").split(",") if x]
        ten = [int(x) for x in a["ten"].split(",")]
        situation = WinSituation(
            concealed=tiles(a["hai"]), win_tile=tile(int(a["machi"])), melds=tuple(melds),
            seat_wind=27 + (who - dealer) % 4, round_wind=27 + round_ // 4 % 4,
            dora_indicators=tiles(a["doraHai"]), ura_indicators=tiles(a.get("doraHaiUra", "")),
            is_tsumo=who == from_who, **flags([i for i, _ in pairs] + yakuman))
        yield situation, options, {"han": sum(h for _, h in pairs), "fu": ten[0], "points": ten[1],
                                   "limit": LIMITS[ten[2]], "yaku": pairs, "yakuman": yakuman,
                                   "first_deal": first_deal}


def distinct_wins(folders: list[Path]) -> dict:
    """The AGARI of the distinct four-player games of some folders: {first deal: (file, wins)},
    of copies of a game the one with most AGARI (a cut copy loses some)."""
    games: dict = {}
    for folder in folders:
        for path in mjlog_files(folder):
            wins = list(agari_wins(path))
            if wins and len(wins) > len(games.get(wins[0][2]["first_deal"], ("", []))[1]):
                games[wins[0][2]["first_deal"]] = (path.name, wins)
    return games


def _rates(runs: list[list[float]]) -> str:
    rates = [len(each) / sum(each) for each in runs]
    medians = [statistics.median(each) for each in runs]
    return (f"min {min(rates):6.0f}  median {statistics.median(rates):6.0f}  max {max(rates):6.0f} "
            f"wins/s;  median per win {statistics.median(medians) * 1e6:4.0f} µs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    wins = [(s, o) for _, ws in distinct_wins([args.data / "tenhou", args.data / "tenhou-more"]).values()
            for s, o, _ in ws]
    clock = time.perf_counter
    adapter, library = [], []
    for _ in range(args.repeat):
        each = []
        for situation, options in wins:
            start = clock()
            valuate(situation, options)
            each.append(clock() - start)
        adapter.append(each)
        inputs = [library_inputs(s, o) for s, o in wins]  # one HandConfig per win, as the rule stage makes them
        each = []
        for kwargs in inputs:
            start = clock()
            HandCalculator.estimate_hand_value(**kwargs)
            each.append(clock() - start)
        library.append(each)
    print(f"{len(wins)} real wins (AGARI of the distinct four-player mjlog games), {args.repeat} runs")
    print(f"library call alone        {_rates(library)}")
    print(f"valuate (adapter+library) {_rates(adapter)}")


if __name__ == "__main__":
    main()
