"""Wuhan documents for the tests, ruled through the loader as every way in rules them (`base` 5,
the rulebook's examples' base, preset `kaikoufan` unless a test says otherwise).

``state(...)`` writes a ``state`` start from the hands and melds a test cares about; the players it
leaves out are dealt filler from the tiles not yet in view (never a 癞子, a 红中 or a 皮, spread
over the kinds so that nobody's filler waits on the tiles a test plays), so that every position is a
possible one. ``reads(...)`` is a declaration as the counter sees it (``Win13``)."""
from __future__ import annotations

from api.documents.documents import adjudicate_data
from referee.melds import MeldView
from referee.tiles import code, counts34, parse_compact, parse_tile
from rulesbook.family13.context import Win13
from rulesbook.wuhan.hu import WhCount, count_win
from rulesbook.wuhan.options import WhRules
from rulesbook.wuhan.table import HONG, LAIZI_OF

PLAYERS = ["A", "B", "C", "D"]
#: the filler's order: one of each kind in turn, far apart (1m 1p 1s 1z 4m …), never a run's middle
_ORDER = [k for step in range(3) for s in (0, 9, 18) for k in (s + step, s + step + 3, s + step + 6)] \
    + list(range(27, 33))


def doc(events: list, ruleset: dict | None = None, dealer: str = "A", **hand) -> dict:
    return {"format": "mjref/1", "variant": "wuhan",
            "ruleset": {"base": 5} if ruleset is None else ruleset,
            "players": list(PLAYERS), "hand": {"dealer": dealer, "streak": 0, **hand, "events": events}}


def ruling(data: dict) -> dict:
    out = adjudicate_data(data)
    assert sum(out["net"].values()) == 0
    return out


def rule(data: dict) -> dict:
    return ruling(data)["hands"][0]


def meld(text: str, source: str | None = None) -> dict:
    """``pon:777z``, ``chi:345m``, ``kong:5555m`` (冲杠), ``added:5555m`` (蓄杠), ``ankong:5555m``
    (暗杠); the claimed tile is the first."""
    kind, tiles = text.split(":")
    t = parse_compact(tiles)
    if kind in ("kong", "added", "ankong"):
        m = {"kind": "kong", "kong": {"kong": "claimed", "added": "added", "ankong": "concealed"}[kind],
             "tiles": tiles}
        if kind != "ankong":
            m.update(tile=code(t[0]), **{"from": source})
        return m
    return {"kind": kind, "tiles": tiles, "tile": code(t[0]), "from": source}


def state(hands: dict, *, indicator: str = "1z", melds: dict | None = None, laid: dict | None = None,
          turn: str = "A", phase: str = "draw", wall_left: int = 40, discards: dict | None = None,
          holding: dict | None = None, **kw) -> dict:
    """A ``state`` event; ``melds``: player → [(text, from)], ``laid``: player → tiles;
    ``holding``: tiles a filled player holds among his filler."""
    melds = melds or {}
    laid = laid or {}
    holding = holding or {}
    in_view = list(parse_compact("".join(hands.values()) + "".join(holding.values()))) + [parse_tile(indicator)]
    for ms in melds.values():
        for text, _ in ms:
            in_view += parse_compact(text.split(":")[1])
    for tiles in list(laid.values()) + list((discards or {}).values()):
        in_view += parse_compact(tiles)
    seen = counts34(in_view)
    assert max(seen) <= 4, f"a fifth tile: {[code(k) for k, n in enumerate(seen) if n > 4]}"
    wild = LAIZI_OF[parse_tile(indicator)]
    full = dict(hands)
    for p in PLAYERS:
        if p in full:
            continue
        want = 13 - 3 * len(melds.get(p, ())) + (p == turn and phase == "discard")
        tiles: list[int] = list(parse_compact(holding.get(p, "")))
        free = [k for k in _ORDER if k not in (wild, HONG, parse_tile(indicator))]
        while len(tiles) < want:  # the kind least in view first: far from what the test plays
            k = min(free, key=lambda k: (seen[k] + 2 * tiles.count(k), free.index(k)))
            assert seen[k] < 4, "no filler left"
            tiles.append(k)
            seen[k] += 1
        full[p] = "".join(code(t) for t in sorted(tiles))
    out = {"type": "state", "indicator": indicator, "hands": full, "turn": turn, "phase": phase,
           "wall_left": wall_left, **kw}
    if melds:
        out["melds"] = {p: [meld(t, s) for t, s in ms] for p, ms in melds.items()}
    if laid:
        out["laid"] = laid
    if discards:
        out["discards"] = discards
    return out


def draw(player: str, tile: str, back: bool = False) -> dict:
    return {"type": "draw", "player": player, "tile": tile, **({"from": "back"} if back else {})}


def discard(player: str, tile: str) -> dict:
    return {"type": "discard", "player": player, "tile": tile}


def win(player: str, how: str = "self_draw", tile: str | None = None, source: str | None = None,
        **kw) -> dict:
    e = {"type": "win", "player": player, "how": how, **kw}
    if tile is not None:
        e["tile"] = tile
    if source is not None:
        e["from"] = source
    return e


def pay(hand: dict) -> dict[str, int]:
    """Each payer's amount (summed over his lines)."""
    out: dict[str, int] = {}
    for p in hand["payments"]:
        out[p["from"]] = out.get(p["from"], 0) + p["amount"]
    return out


def rules_of(rule: dict) -> list[str]:
    return [r["rule"] for r in rule["rulings"]]


def rules(preset: str | None = None, factor_table: dict | None = None, base: int = 1, **options) -> WhRules:
    return WhRules.of(preset, options, factor_table, base)


_KONGS = {"kong": "claimed", "added": "added", "ankong": "concealed"}


def reads(hand: str, *, melds=(), indicator: str = "1z", how: str = "discard", r: WhRules | None = None,
          **flags) -> WhCount:
    """The counter's answer for ``concealed+win`` with melds (``pon:777z`` …)."""
    concealed, _, tile = hand.partition("+")
    tiles = list(parse_compact(concealed)) + [parse_tile(tile)]
    laid = []
    for text in melds:
        kind, ts = text.split(":")
        t = parse_compact(ts)
        if kind in _KONGS:
            laid.append(MeldView("kong", t, _KONGS[kind], None if kind == "ankong" else t[0], None))
        else:
            laid.append(MeldView(kind, t, None, t[0], "X"))
    ind = parse_tile(indicator)
    w = Win13(tuple(counts34(tiles)), parse_tile(tile), how, tuple(laid), indicator=ind,
              wild=LAIZI_OF[ind], **flags)
    return count_win(w, r or rules())
