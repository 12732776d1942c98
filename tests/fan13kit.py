"""Builders for 13-tile family tests, written like a score sheet: ``win("123m456p789s11z2z+2z",
melds=("pon:777z",))`` is a win with its concealed tiles, then ``+`` and the winning tile (added
back to the concealed tiles, as the counter wants); ``fan(w)`` maps each row's number to the 番 it
adds (a row listed once per set or flower adds them up)."""
from __future__ import annotations

from referee.melds import MeldView
from referee.tiles import counts34, parse_compact, parse_tile
from rulesbook.family13.context import Win13
from rulesbook.hk.fan import FanCount, count_win
from rulesbook.hk.options import HkRules

_KONGS = {"kong": "claimed", "added": "added", "ankong": "concealed"}


def meld(text: str) -> MeldView:
    """``chi:345m``, ``pon:777z``, ``kong:5555m`` (a claimed kong), ``added:5555m`` (加槓),
    ``ankong:5555m`` (a declared concealed kong)."""
    kind, tiles = text.split(":")
    t = parse_compact(tiles)
    if kind in _KONGS:
        concealed = kind == "ankong"
        return MeldView("kong", t, kong=_KONGS[kind], tile=None if concealed else t[0])
    return MeldView(kind, t, tile=t[0])


def parse_win(hand: str, melds=()) -> tuple[tuple[int, ...], int | None, tuple[MeldView, ...]]:
    """``concealed+win`` and meld texts → (the concealed counts with the winning tile, the winning
    tile or None, the melds); no tile may be in view five times."""
    concealed, _, tile = hand.partition("+")
    tiles = list(parse_compact(concealed))
    win_tile = parse_tile(tile) if tile else None
    if win_tile is not None:
        tiles.append(win_tile)
    laid = tuple(meld(m) for m in melds)
    in_view = counts34(tiles + [t for m in laid for t in m.tiles])
    assert max(in_view) <= 4, f"more than four of a tile in {hand} {melds}"
    return tuple(counts34(tiles)), win_tile, laid


def win(hand: str = "", *, how: str = "discard", melds=(), flowers: str = "", seat: int = 1,
        round_wind: str = "1z", sized: bool = True, **flags) -> Win13:
    """A win; a hand given is 14 tiles with its sets on the table (a kong as 3) unless ``sized``
    is False (a test of a wrong size)."""
    concealed, win_tile, laid = parse_win(hand, melds)
    assert not (hand and sized) or sum(concealed) + 3 * len(laid) == 14, f"{hand} {melds} is not 14 tiles"
    return Win13(concealed, win_tile, how, laid, parse_compact(flowers), seat, parse_tile(round_wind), **flags)


def rules(preset: str | None = None, fan_table: dict | None = None, base: int = 1, **options) -> HkRules:
    return HkRules.of(preset, options, fan_table, base)


CLUB = rules()


def count(w: Win13, r: HkRules = CLUB) -> FanCount:
    return count_win(w, r)


def fan(w: Win13, r: HkRules = CLUB) -> dict[int, int] | None:
    """Row number → 番 of the scored (or best) split; None when the hand does not win at all."""
    c = count_win(w, r)
    if not c.complete:
        assert c.patterns == () and c.fan == 0
        return None
    out: dict[int, int] = {}
    for p in c.patterns:
        n = int(p.rule.rsplit("-", 1)[1])
        out[n] = out.get(n, 0) + p.fan
    assert sum(out.values()) == c.fan
    return out
