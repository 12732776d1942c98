"""Valuation through the ``mahjong`` library (RJ-VAL): every real win of ``../shared/data`` valued to
Tenhou's han, fu, points and limit (§12 A4), and hand-written cases, each with a near miss.

A4 builds each win from its mjlog AGARI tag (``benchmarks.riichi_valuation.agari_wins``: ``hai``
with the winning tile, ``m`` decoded, winds from INIT, flags read from Tenhou's yaku ids: the engine
derives them from the replay instead); then every win again from the imported documents' events,
JSON-only records included."""
from __future__ import annotations

import pkgutil
from dataclasses import replace
from pathlib import Path

import mahjong.hand_calculating.yaku_list as yaku_list
import pytest
from mahjong.hand_calculating.hand_config import HandConstants, OptionalRules
from mahjong.hand_calculating.yaku import Yaku
from mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID, YakuConfig

from api.records.tenhou import import_tenhou
from benchmarks.riichi_valuation import distinct_wins, flags
from referee.tiles import kind_of, parse_compact, parse_tile
from rulesbook.riichi.valuation import (YAKU_KEYS, RMeld, ValuationOptions, WinSituation,
                                        optional_rules, price, to_136, valuate)
from rulesbook.riichi.yaku_names import YAKU_NAMES, yaku_name
from tests.shared_skips import needs_shared, shared

DATA = shared("data")
needs_data = needs_shared("data/tenhou", "data/tenhou-more")

TENHOU_ID = {key: YAKU_ID_TO_TENHOU_ID.get(y.yaku_id) for key, y in vars(YakuConfig()).items()}


def agrees(value, recorded: dict) -> bool:
    """Our valuation against Tenhou's: points and limit always; han, fu and each yaku with its han
    below yakuman (where Tenhou gives them); the yakuman ids above."""
    if value.error or value.points != recorded["points"]:
        return False
    if recorded["limit"] != value.limit and not (recorded["limit"] == "yakuman"
                                                 and value.limit.endswith("yakuman")):
        return False
    if recorded["yakuman"]:
        return sorted(TENHOU_ID[k] for k, _ in value.yakuman) == sorted(recorded["yakuman"])
    theirs = sorted((i, h) for i, h in recorded["yaku"] if h)  # mjlog lists "ura dora 0 han"
    return (value.han == recorded["han"] and recorded["fu"] in (None, value.fu)
            and sorted((TENHOU_ID[k], h) for k, h in value.yaku) == theirs)


# ---------------------------------------------------------------------------------------------
# A4 from the AGARI tags


def value_agari(folders: list[Path], **option) -> tuple[int, list]:
    """Every AGARI of the distinct four-player mjlog games of some folders, with Tenhou's options
    (or one changed): (count, misses)."""
    count, misses = 0, []
    for name, wins in distinct_wins(folders).values():
        for situation, options, recorded in wins:
            count += 1
            if not agrees(valuate(situation, replace(options, **option)), recorded):
                misses.append((name, recorded))
    return count, misses


@needs_data
def test_a4_every_tenhou_agari_valued_as_tenhou_did():
    """675/675 four-player AGARI (RULEBOOK §12 counts 680 with sanma2's 5, which the variant
    refuses)."""
    count, misses = value_agari([DATA / "tenhou"])
    assert (count, misses) == (675, [])


@needs_data
def test_a4_near_miss_kiriage_breaks_the_agreement():
    """RJ-VAL-2: Tenhou has no kiriage; with it, the 69 wins at 4 han 30 fu (measured there) are
    mangan and no longer match; every other win still does."""
    count, misses = value_agari([DATA / "tenhou"], kiriage=True)
    assert count == 675
    assert len(misses) == 69
    assert all((m["han"], m["fu"]) == (4, 30) for _, m in misses)


@needs_data
def test_a4_every_tenhou_more_agari_valued_as_tenhou_did():
    count, misses = value_agari([DATA / "tenhou-more"])
    assert (count, misses) == (787, [])  # the other 155 of its 942 wins are in JSON-only records


# ---------------------------------------------------------------------------------------------
# A4 from the imported document: the same wins, and those of JSON-only records


def document_wins(document: dict, recorded: dict):
    """(situation, options, recorded win) for each win, from the imported events."""
    opts = document["ruleset"]["options"]
    options = ValuationOptions(open_tanyao=opts["open_tanyao"], red_fives=opts["red_fives"])
    players = document["players"]
    for hand, facts in zip(document["hands"], recorded["hands"]):
        held = {p: [] for p in players}
        melds = {p: [] for p in players}
        indicators = []
        results = iter(r for r in facts["results"] if r["result"] == "win")
        dealer = players.index(hand["dealer"])
        for e in hand["events"]:
            kind, p = e["type"], e.get("player")
            t = parse_tile(e["tile"], red=True) if "tile" in e else None
            if kind == "deal":
                for q, text in e["hands"].items():
                    held[q] = list(parse_compact(text, red=True))
                indicators = [parse_tile(e["dora"], red=True)]
            elif kind == "draw":
                held[p].append(t)
            elif kind == "discard":
                held[p].remove(t)
            elif kind in ("chi", "pon"):
                with_ = [parse_tile(x, red=True) for x in e["with"]]
                for x in with_:
                    held[p].remove(x)
                melds[p].append(RMeld(kind, tuple(with_ + [t]), True, t))
            elif kind == "kong":
                tiles = tuple(parse_tile(x, red=True) for x in e["tiles"])
                if e["kind"] == "added":
                    held[p].remove(tiles[3])
                    pon = next(m for m in melds[p] if m.kind == "pon" and kind_of(m.tiles[0]) ==
                               kind_of(tiles[3]))
                    melds[p][melds[p].index(pon)] = RMeld("added_kan", pon.tiles + tiles[3:], True,
                                                          pon.called)
                else:
                    for x in tiles[:3] if e["kind"] == "claimed" else tiles:
                        held[p].remove(x)
                    melds[p].append(RMeld("kan", tiles, e["kind"] == "claimed",
                                          tiles[3] if e["kind"] == "claimed" else None))
            elif kind == "dora":
                indicators.append(t)
            elif kind == "win":
                win = next(results)
                seat = players.index(p)
                concealed = held[p] + ([] if e["how"] == "self_draw" else [t])
                yield WinSituation(
                    concealed=tuple(concealed), win_tile=t, melds=tuple(melds[p]),
                    seat_wind=27 + (seat - dealer) % 4,
                    round_wind=parse_tile(hand["round_wind"]),
                    dora_indicators=tuple(indicators),
                    ura_indicators=tuple(parse_tile(x, red=True) for x in e.get("ura", [])),
                    is_tsumo=e["how"] == "self_draw",
                    **flags([i for i, _ in win["yaku"]] + win["yakuman"])), options, win


def value_documents(folder: Path) -> tuple[int, list]:
    seen, count, misses = set(), 0, []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()
                       and p.name not in ("SOURCES.md", "MANIFEST.tsv", "README.txt")):
        if path.name == "sanma2.xml":
            continue
        document, recorded = import_tenhou(path)
        key = tuple(document["hands"][0]["events"][0]["hands"].values())
        if key in seen:
            continue
        seen.add(key)
        for situation, options, win in document_wins(document, recorded):
            count += 1
            if not agrees(valuate(situation, options), win):
                misses.append((path.name, win))
    return count, misses


@needs_data
def test_a4_every_imported_win_valued_as_tenhou_did():
    """Through the importer: tenhou/ (the 31 mjx-json games are the same as 31 mjx-mjlog ones:
    675 distinct wins) and tenhou-more (all 942 wins, JSON-only records included)."""
    assert value_documents(DATA / "tenhou") == (675, [])
    assert value_documents(DATA / "tenhou-more") == (942, [])


# ---------------------------------------------------------------------------------------------
# Hand-written cases: a hand in tile strings, the winning tile inside it


def win(hand: str, tile: str, *melds: RMeld, **kw) -> WinSituation:
    ind = {k: tuple(parse_compact(kw.pop(k), red=True)) for k in ("dora_indicators", "ura_indicators")
           if k in kw}
    return WinSituation(concealed=parse_compact(hand, red=True), win_tile=parse_tile(tile, red=True),
                        melds=melds, **ind, **kw)


def meld(kind: str, tiles: str, called: str | None = None, opened: bool = True) -> RMeld:
    return RMeld(kind, parse_compact(tiles, red=True), opened,
                 parse_tile(called, red=True) if called else None)


NON_DEALER = {"seat_wind": 28}
OPEN_TANYAO_OFF = ValuationOptions(open_tanyao=False)


@pytest.mark.parametrize("situation, options, expected", [
    # riichi + pinfu, ron on 1m of 23m (ryanmen): 2 han 30 fu = 2000 ...
    pytest.param(win("123456m234p678s55p", "1m", is_riichi=True, **NON_DEALER), ValuationOptions(),
                 (2, 30, "", 2000, (("riichi", 1), ("pinfu", 1))), id="riichi-pinfu-ron"),
    # ... near miss: 2m into 13m is a kanchan, no pinfu: 1 han 40 fu
    pytest.param(win("123456m234p678s55p", "2m", is_riichi=True, **NON_DEALER), ValuationOptions(),
                 (1, 40, "", 1300, (("riichi", 1),)), id="riichi-kanchan-no-pinfu"),
    # riichi, pinfu, tanyao and one dora (indicator 5s, one 6s): 4 han 30 fu = 7700, not a mangan
    # with kiriage off ...
    pytest.param(win("234567m234p678s55p", "2m", is_riichi=True, dora_indicators="5s", **NON_DEALER),
                 ValuationOptions(),
                 (4, 30, "", 7700, (("riichi", 1), ("pinfu", 1), ("tanyao", 1), ("dora", 1))),
                 id="kiriage-off-4han-30fu"),
    # ... and with kiriage the same hand is a mangan
    pytest.param(win("234567m234p678s55p", "2m", is_riichi=True, dora_indicators="5s", **NON_DEALER),
                 ValuationOptions(kiriage=True),
                 (4, 30, "mangan", 8000, (("riichi", 1), ("pinfu", 1), ("tanyao", 1), ("dora", 1))),
                 id="kiriage-on-mangan"),
    # a red five is one more han (aka dora) ...
    pytest.param(win("234567m234p678s05p", "2m", is_riichi=True, **NON_DEALER), ValuationOptions(),
                 (4, 30, "", 7700, (("riichi", 1), ("pinfu", 1), ("tanyao", 1), ("aka_dora", 1))),
                 id="red-five"),
    # ... near miss: the same hand with a plain five, or red fives off
    pytest.param(win("234567m234p678s55p", "2m", is_riichi=True, **NON_DEALER), ValuationOptions(),
                 (3, 30, "", 3900, (("riichi", 1), ("pinfu", 1), ("tanyao", 1))), id="plain-five"),
    # ura dora for the riichi winner: indicator 4p, two 5p ...
    pytest.param(win("234567m234p678s55p", "2m", is_riichi=True, ura_indicators="4p", **NON_DEALER),
                 ValuationOptions(),
                 (5, 30, "mangan", 8000,
                  (("riichi", 1), ("pinfu", 1), ("tanyao", 1), ("ura_dora", 2))), id="ura-dora"),
    # ... near miss: an ura indicator that points at nothing he holds
    pytest.param(win("234567m234p678s55p", "2m", is_riichi=True, ura_indicators="9s", **NON_DEALER),
                 ValuationOptions(), (3, 30, "", 3900, (("riichi", 1), ("pinfu", 1), ("tanyao", 1))),
                 id="ura-miss"),
    # open tanyao: a chi of 234m and all simples, 1 han 30 fu (open, no fu: 30) ...
    pytest.param(win("567p678s55m345s", "5m", meld("chi", "234m", "2m"), **NON_DEALER),
                 ValuationOptions(), (1, 30, "", 1000, (("tanyao", 1),)), id="open-tanyao-on"),
    # ... with open_tanyao off it has no yaku
    pytest.param(win("567p678s55m345s", "5m", meld("chi", "234m", "2m"), **NON_DEALER),
                 OPEN_TANYAO_OFF, "no_yaku", id="open-tanyao-off-no-yaku"),
    # ... but the same tiles concealed keep tanyao (no pinfu: he waited on the 5m pair)
    pytest.param(win("234m567p678s55m345s", "5m", **NON_DEALER), OPEN_TANYAO_OFF,
                 (1, 40, "", 1300, (("tanyao", 1),)), id="closed-tanyao-with-open-tanyao-off"),
    # suuankou tanki: one yakuman unless double_yakuman ...
    pytest.param(win("111m222p333s444z55z", "5z", **NON_DEALER), ValuationOptions(),
                 (13, 60, "yakuman", 32000, (("suuankou_tanki", 13),)), id="yakuman-single"),
    pytest.param(win("111m222p333s444z55z", "5z", **NON_DEALER), ValuationOptions(double_yakuman=True),
                 (26, 60, "2x yakuman", 64000, (("suuankou_tanki", 26),)), id="yakuman-double"),
    # daisangen + tsuuiisou: two yakuman add up (multi_yakuman) or the first counts alone
    pytest.param(win("666777z111z22z", "2z", meld("pon", "555z", "5z"), **NON_DEALER),
                 ValuationOptions(), (26, 60, "2x yakuman", 64000, (("daisangen", 13), ("tsuisou", 13))),
                 id="two-yakuman-added"),
    pytest.param(win("666777z111z22z", "2z", meld("pon", "555z", "5z"), **NON_DEALER),
                 ValuationOptions(multi_yakuman=False), (13, 60, "yakuman", 32000, (("daisangen", 13),)),
                 id="two-yakuman-one-counted"),
    # no yaku: open, with terminals, no honours
    pytest.param(win("456p789s234m11s", "4p", meld("chi", "123m", "1m"), **NON_DEALER),
                 ValuationOptions(), "no_yaku", id="no-yaku"),
    # near miss: the same tiles concealed, a ryanmen on 4p: pinfu
    pytest.param(win("123m456p789s234m11s", "4p", **NON_DEALER), ValuationOptions(),
                 (1, 30, "", 1000, (("pinfu", 1),)), id="same-tiles-concealed-pinfu"),
    # not a winning hand at all, and its near miss: the dealer's self-draw, 78s waiting on 9s:
    # tsumo + pinfu, 20 fu, 700 from each
    pytest.param(win("123m456p789s234m19s", "9s", is_tsumo=True), ValuationOptions(),
                 "hand_not_winning", id="hand-not-winning"),
    pytest.param(win("123m456p789s234m99s", "9s", is_tsumo=True), ValuationOptions(),
                 (2, 20, "", 2100, (("tsumo", 1), ("pinfu", 1))), id="dealer-tsumo-pinfu"),
    # renhou: not a yaku under Tenhou's rules (the flag is dropped) ...
    pytest.param(win("123456m234p678s55p", "1m", is_renhou=True, **NON_DEALER), ValuationOptions(),
                 (1, 30, "", 1000, (("pinfu", 1),)), id="renhou-none"),
    # ... a mangan-sized 5 han under renhou: mangan
    pytest.param(win("123456m234p678s55p", "1m", is_renhou=True, **NON_DEALER),
                 ValuationOptions(renhou="mangan"), (6, 30, "haneman", 12000,
                                                     (("renhou", 5), ("pinfu", 1))), id="renhou-mangan"),
    # the winning tile must be in the concealed hand
    pytest.param(win("123456m234p678s55p", "9m", **NON_DEALER), ValuationOptions(),
                 "winning_tile_not_in_hand", id="win-tile-missing"),
])
def test_valuation_cases(situation, options, expected):
    value = valuate(situation, options)
    if isinstance(expected, str):
        assert value.error == expected and value.han == 0 and value.yaku == ()
    else:
        assert value.error is None
        assert (value.han, value.fu, value.limit, value.points, value.yaku) == expected
        assert sum(h for _, h in value.yaku) == value.han


def test_valuation_reads_fu_and_base_payments():
    """A non-dealer self-draw (tsumo + pinfu + tanyao, 20 fu): dealer 700, others 400."""
    value = valuate(win("234567m234p678s55p", "2m", is_tsumo=True, **NON_DEALER))
    assert (value.han, value.fu, value.main, value.additional, value.points) == (3, 20, 1300, 700, 2700)
    assert value.fu_details == ((20, "base"),)


def test_yakuman_han_for_pao_and_price():
    """RJ-PAY-8.2: one yakuman of several is priced alone by ``price``."""
    value = valuate(win("666777z111z22z", "2z", meld("pon", "555z", "5z"), is_tsumo=True))
    assert value.yakuman == (("daisangen", 13), ("tsuisou", 13))
    alone = price(13, 0, dealer=True, tsumo=True, yakuman=True)
    assert (alone.main, alone.additional, alone.points, alone.limit) == (16000, 16000, 48000, "yakuman")
    assert price(13, 0, dealer=False, tsumo=False, yakuman=True).points == 32000
    assert price(3, 30, dealer=False, tsumo=True) == type(alone)(2000, 1000, 4000, "")
    # with kiriage on, the library pays 4 han 40 fu as a mangan but leaves its level empty: named
    kiriage = ValuationOptions(kiriage=True)
    assert price(4, 40, dealer=False, tsumo=False, options=kiriage) == type(alone)(8000, 0, 8000, "mangan")
    assert price(4, 30, dealer=False, tsumo=False, options=kiriage).limit == "mangan"
    assert price(3, 30, dealer=False, tsumo=False, options=kiriage).limit == ""
    # kazoe: 13 han without a yakuman is a yakuman, or a sanbaiman by option
    assert price(13, 30, dealer=False, tsumo=False).limit == "yakuman"
    assert price(13, 30, dealer=False, tsumo=False,
                 options=ValuationOptions(kazoe="sanbaiman")) == type(alone)(24000, 0, 24000, "sanbaiman")


def test_optional_rules_pass_every_keyword_as_rj_val_2():
    rules = optional_rules(ValuationOptions())
    expected = {"has_open_tanyao": True, "has_aka_dora": True, "has_double_yakuman": False,
                "kazoe_limit": HandConstants.KAZOE_LIMITED, "kiriage": False,
                "fu_for_open_pinfu": True, "fu_for_pinfu_tsumo": False, "renhou_as_yakuman": False,
                "has_daisharin": False, "has_daisharin_other_suits": False,
                "has_sashikomi_yakuman": False, "limit_to_sextuple_yakuman": True,
                "paarenchan_needs_yaku": True, "has_daichisei": False, "is_three_player": False}
    assert vars(rules) == expected
    # near miss: the library's own defaults are not Tenhou's
    assert vars(OptionalRules()) != expected
    other = optional_rules(ValuationOptions(open_tanyao=False, red_fives=False, kiriage=True,
                                            kazoe="sanbaiman", double_yakuman=True, renhou="yakuman"))
    assert {k: v for k, v in vars(other).items() if v != expected[k]} == {
        "has_open_tanyao": False, "has_aka_dora": False, "kiriage": True, "has_double_yakuman": True,
        "kazoe_limit": HandConstants.KAZOE_SANBAIMAN, "renhou_as_yakuman": True}


def test_options_from_a_ruleset():
    options = ValuationOptions.from_options({"kiriage": True, "multiple_ron": "double"})
    assert options == ValuationOptions(kiriage=True)
    with pytest.raises(ValueError, match="kazoe"):
        ValuationOptions(kazoe="none")


def test_to_136_ids_as_rj_val_3():
    """Red fives take 16/52/88, other copies distinct ids, chi sorted ascending."""
    situation = win("05m123p", "0m", meld("chi", "786s", "8s"), meld("kan", "5505p", opened=False))
    tiles, win_tile, melds = to_136(situation)
    assert melds[0].tiles == (92, 96, 100) and melds[0].called_tile == 100
    assert melds[1].tiles == (52, 53, 54, 55) and melds[1].opened is False
    assert sorted(tiles) == sorted([92, 96, 100, 52, 53, 54, 55, 16, 17, 36, 40, 44])
    assert win_tile == 16
    # near miss: red fives off, a plain five may take 16
    assert to_136(win("5555m", "5m"), red_fives=False)[0] == [16, 17, 18, 19]
    with pytest.raises(ValueError, match="more copies of 5m"):
        to_136(win("5555m", "5m"))  # with red fives on, a fourth plain 5m cannot exist
    with pytest.raises(ValueError, match="red_fives off"):
        to_136(win("0m", "0m"), red_fives=False)


def test_every_library_yaku_is_named():
    """Each yaku class the installed library defines has a key and a name in three languages."""
    for module in pkgutil.walk_packages(yaku_list.__path__, yaku_list.__name__ + "."):
        __import__(module.name)

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)
    classes = set(subclasses(Yaku))
    assert len(classes) >= 60
    assert classes <= set(YAKU_KEYS)
    assert set(YAKU_KEYS.values()) == set(YAKU_NAMES)
    assert all(all(names) for names in YAKU_NAMES.values())
    assert yaku_name("riichi") == {"name": "立直", "ja": "リーチ", "en": "Riichi"}
    assert yaku_name("pinfu") == {"name": "平和", "ja": "ピンフ", "en": "Pinfu"}
    assert yaku_name("dora") == {"name": "寶牌", "ja": "ドラ", "en": "Dora"}
