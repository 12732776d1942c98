"""Probe (acceptance view) of face tai 牌面, RULEBOOK §3 TW-TAI and RULEBOOK_TW16_PRESETS §4/§6:
each clause's tai on a whole document where the hand has the pattern, and on a near miss that does
not, under both presets (`seed000`, `common`), with every payment worked out to the unit.

Seats: A deals (East, seat 1), B South (2), C West (3), D North (4); East round; base 100, tai 20;
N = 0. B wins in every case. On A's discard A pays 100 + (face + 1) × 20 (TW-PAY-1, TW-PAY-3); on
B's self-draw A pays 100 + (face + 1) × 20 and C, D 100 + face × 20 each (TW-PAY-2).
Expected faces are written from the clause text, not from the scorer.
"""
import pytest

from tests.tablekit import discard, doc, draw, kong, only_hand, paid, rule, state, win

BOTH = ("seed000", "common")


def tiles3(t):
    return t[0] * 3 + t[1]


def P(t, frm="D"):
    return {"kind": "pon", "tiles": tiles3(t), "tile": t, "from": frm}


def C(seq, frm="A"):
    return {"kind": "chi", "tiles": seq, "tile": seq[0] + seq[-1], "from": frm}


def K(t, how="claimed", frm="D"):
    m = {"kind": "kong", "kong": how, "tiles": t[0] * 4 + t[1]}
    if how != "concealed":
        m.update(tile=t, **{"from": frm})
    return m


def _start(hand, melds, flowers, turn, phase, wall_left):
    hands = {"A": 17 if phase == "discard" else 16, "B": hand, "C": 16, "D": 16}
    more = {}
    if melds:
        more["melds"] = {"B": list(melds)}
    if flowers:
        more["flowers"] = {"B": list(flowers)}
    return state(hands, turn=turn, phase=phase, wall_left=wall_left, **more)


def on_discard(hand, tile, melds=(), flowers=(), wall_left=40, preset=None, **kw):
    """A discards ``tile``, B wins on it."""
    return doc(_start(hand, melds, flowers, "A", "discard", wall_left), discard("A", tile),
               win("B", "discard", tile, frm="A"), preset=preset, **kw)


def on_self_draw(hand, tile, melds=(), flowers=(), wall_left=40, preset=None, **kw):
    """B draws ``tile`` from the wall and wins on it."""
    return doc(_start(hand, melds, flowers, "B", "draw", wall_left), draw("B", tile),
               win("B", "self_draw", tile), preset=preset, **kw)


def expected_pay(face, how):
    if how == "discard":
        return [("A", "B", 100 + (face + 1) * 20, "TW-PAY-1")]
    return [("A", "B", 100 + (face + 1) * 20, "TW-PAY-2"), ("C", "B", 100 + face * 20, "TW-PAY-2"),
            ("D", "B", 100 + face * 20, "TW-PAY-2")]


def check(d, expected: dict, how):
    hand = only_hand(rule(d))
    assert hand["rulings"] == [] and hand["result"] == "win", hand["rulings"]
    (w,) = hand["winners"]
    got = {p["rule"]: p["tai"] for p in w["patterns"]}
    assert got == expected
    face = sum(expected.values())
    assert w["tai"] == face
    assert paid(hand) == expected_pay(face, how)
    assert sum(hand["net"].values()) == 0


def by_preset(seed, common):
    return {"seed000": seed, "common": common}


# Hands (B's concealed tiles without the winning tile).
PLAIN = "234m567m789p55p23s"  # with a pon of 9s below: nothing but what is added; waits 1s/4s
NINE_S = [P("9s")]
# (id, builder, hand, tile, melds, flowers, extra, {preset: expected})
CASES = [
    # TW-TAI-1 風字刻: 南 is B's seat wind (1); 東 the round wind (1); 西 neither (0, not listed)
    ("1-seat-wind", on_discard, "222z234m567m789p55p23s", "4s", (), (), {}, {"TW-TAI-1": 1, "TW-TAI-3": 1}),
    ("1-round-wind", on_discard, "111z234m567m789p55p23s", "4s", (), (), {}, {"TW-TAI-1": 1, "TW-TAI-3": 1}),
    ("1-seat-and-round-south-round", on_discard, "222z234m567m789p55p23s", "4s", (), (),
     {"round_wind": "2z"}, {"TW-TAI-1": 2, "TW-TAI-3": 1}),
    ("1-miss-west", on_discard, "333z234m567m789p55p23s", "4s", (), (), {}, {"TW-TAI-3": 1}),
    ("1-miss-wind-pair", on_discard, "22z234m567m789p555p23s", "4s", (), (), {}, {"TW-TAI-3": 1}),
    # TW-TAI-2 箭字刻, one per dragon set
    ("2-dragon-pon", on_discard, PLAIN, "4s", [P("7z")], (), {}, {"TW-TAI-2": 1}),
    ("2-miss-dragon-pair", on_discard, "234m567m789p77z23s", "4s", NINE_S, (), {}, {}),
    # TW-TAI-3 門清 (暗杠 allowed) / near miss: an added kong
    ("3-concealed-kong-kept", on_discard, "234m567m789p55p23s", "4s", [K("9s", "concealed")], (), {},
     {"TW-TAI-3": 1}),
    ("3-miss-added-kong", on_discard, "234m567m789p55p23s", "4s", [K("9s", "added")], (), {}, {}),
    # TW-TAI-4 不求 / TW-TAI-4.common: 3 either way (門清一摸三)
    ("4-concealed-self-draw", on_self_draw, "234m567m789p55p23s567s", "4s", (), (), {},
     by_preset({"TW-TAI-3": 1, "TW-TAI-4": 2}, {"TW-TAI-3": 1, "TW-TAI-4.common": 1, "TW-TAI-23": 1})),
    ("4-miss-open-self-draw", on_self_draw, PLAIN, "4s", NINE_S, (), {}, {"TW-TAI-23": 1}),
    # TW-TAI-5 全求 + 獨聽 / near miss: one of the sets a 暗杠
    ("5-all-from-others", on_discard, "8s", "8s", [P("4z", "C"), C("123m"), K("9p"), P("7p"), C("456m")], (),
     {}, {"TW-TAI-5": 2, "TW-TAI-11": 1}),
    ("5-miss-concealed-kong", on_discard, "8s", "8s",
     [P("4z", "C"), C("123m"), K("9p", "concealed"), P("7p"), C("456m")], (), {}, {"TW-TAI-11": 1}),
    # TW-TAI-6 半求 + 獨聽 + 自摸 / near miss: four sets exposed (four concealed tiles left)
    ("6-half-from-others", on_self_draw, "8s", "8s", [P("3z", "C"), C("123m"), K("9p"), P("7p"), C("456m")],
     (), {}, {"TW-TAI-6": 1, "TW-TAI-11": 1, "TW-TAI-23": 1}),
    ("6-miss-four-sets", on_self_draw, "456s8s", "8s", [P("3z", "C"), C("123m"), K("9p"), P("7p")], (), {},
     {"TW-TAI-11": 1, "TW-TAI-23": 1}),
    # TW-TAI-7 平和 (+ 門清) / near misses: a flower; a self-draw
    ("7-all-sequences", on_discard, "123m456m789m234p55s67p", "8p", (), (), {}, {"TW-TAI-3": 1, "TW-TAI-7": 2}),
    ("7-all-sequences-exposed-chi", on_discard, "456m789m234p55s67p", "8p", [C("123m")], (), {},
     {"TW-TAI-7": 2}),
    ("7-miss-a-flower", on_discard, "123m456m789m234p55s67p", "8p", (), ["1f"], {}, {"TW-TAI-3": 1}),
    ("7-miss-self-draw", on_self_draw, "456m789m234p55s67p", "8p", [C("123m")], (), {}, {"TW-TAI-23": 1}),
    # TW-TAI-8 對對和 / near miss: one sequence
    ("8-all-triplets", on_discard, "444m55s99s", "9s", [P("1m"), P("2p"), P("3s")], (), {},
     {"TW-TAI-8": 4}),
    ("8-miss-one-sequence", on_discard, "456m55s99s", "9s", [P("1m"), P("2p"), P("3s")], (), {}, {}),
    # TW-TAI-11 獨聽: 嵌張 / near miss: two-sided
    ("11-middle-wait", on_discard, "234m567m789p55p24s", "3s", NINE_S, (), {}, {"TW-TAI-11": 1}),
    ("11-miss-two-sided", on_discard, PLAIN, "1s", NINE_S, (), {}, {}),
    # TW-TAI-13 字一色: 16 (seed000) / 8 (common); with 小三元 the deduct 4 (seed000) / 0 (common).
    # B: 東 (round) pon, 南 (seat) 暗刻 → 風字刻 2; 西 暗刻; 白 發 sets + 中 pair → 小三元 4
    ("13-all-honours-little-dragons", on_discard, "222z333z555z66z77z", "6z", [P("1z")], (), {},
     by_preset({"TW-TAI-1": 2, "TW-TAI-8": 0, "TW-TAI-13": 12, "TW-TAI-16": 2, "TW-TAI-22": 4},
               {"TW-TAI-1": 2, "TW-TAI-13": 8, "TW-TAI-16": 2, "TW-TAI-22": 4})),
    # near miss: one suited set → 湊一色 4 with 小三元 and 對對和
    ("13-miss-one-suit-set", on_discard, "222z111m555z66z77z", "6z", [P("1z")], (), {},
     {"TW-TAI-1": 2, "TW-TAI-8": 4, "TW-TAI-15": 4, "TW-TAI-16": 2, "TW-TAI-22": 4}),
    # TW-TAI-14 清一色 12 / 8 / near miss with an honour pair: 湊一色 4
    ("14-one-suit", on_discard, "123m456m789m234m6m", "6m", [P("9m")], (), {},
     by_preset({"TW-TAI-14": 12}, {"TW-TAI-14": 8})),
    ("14-miss-honour-pair", on_discard, "123m456m789m11z66m", "6m", [P("9m")], (), {},
     {"TW-TAI-15": 4}),
    # TW-TAI-16 三暗刻 / near miss: the third triplet completed by a discard
    ("16-three-concealed", on_discard, "111m222p333s78p55s", "9p", NINE_S, (), {}, {"TW-TAI-16": 2}),
    ("16-miss-third-by-discard", on_discard, "111m222p33s789p55s", "3s", [P("9s")], (), {}, {}),
    # TW-TAI-17 四暗刻 / near miss by discard: 三暗刻
    ("17-four-concealed-self-draw", on_self_draw, "111m222p333s444m7p", "7p", NINE_S, (), {},
     {"TW-TAI-8": 4, "TW-TAI-11": 1, "TW-TAI-17": 5, "TW-TAI-23": 1}),
    # TW-TAI-18 五暗刻: seed000 12 + 不求 2 = 14; common 8 + 不求 1 + 自摸 1 = 10; both + 獨聽
    ("18-five-concealed-self-draw", on_self_draw, "111m222p333s444m999s7p", "7p", (), (), {},
     by_preset({"TW-TAI-4": 2, "TW-TAI-11": 1, "TW-TAI-18": 12},
               {"TW-TAI-4.common": 1, "TW-TAI-11": 1, "TW-TAI-18": 8, "TW-TAI-23": 1})),
    # near miss: the fifth completed on a discard → 四暗刻 + 對對和 + 門清
    ("18-miss-fifth-by-discard", on_discard, "111m222p333s444m99s77p", "9s", (), (), {},
     {"TW-TAI-3": 1, "TW-TAI-8": 4, "TW-TAI-17": 5}),
    # TW-TAI-19 大四喜 (no 風字刻, no 小四喜), + 對對和 + 湊一色 + 獨聽
    ("19-big-four-winds", on_discard, "333z444z5m", "5m", [P("1z", "C"), P("2z", "C"), P("1m")], (), {},
     {"TW-TAI-8": 4, "TW-TAI-11": 1, "TW-TAI-15": 4, "TW-TAI-19": 16}),
    # TW-TAI-20 小四喜 keeps 風字刻 (東 round 1 + 南 seat 1) / near miss two wind sets
    ("20-little-four-winds", on_discard, "333z44z123m56p", "7p", [P("1z", "C"), P("2z", "C")], (), {},
     {"TW-TAI-1": 2, "TW-TAI-20": 8}),
    ("20-miss-two-wind-sets", on_discard, "777p44z123m56p", "7p", [P("1z", "C"), P("2z", "C")], (), {},
     {"TW-TAI-1": 2}),
    # TW-TAI-21 大三元 (no 箭字刻) / TW-TAI-22 小三元 (no 箭字刻)
    ("21-big-three-dragons", on_discard, "777z123m56p11s", "7p", [P("5z"), P("6z")], (), {},
     {"TW-TAI-21": 8}),
    ("22-little-three-dragons", on_discard, "77z123m56p111s", "7p", [P("5z"), P("6z")], (), {},
     {"TW-TAI-22": 4}),
    ("22-miss-wind-pair", on_discard, "11z123m56p111s", "7p", [P("5z"), P("6z")], (), {}, {"TW-TAI-2": 2}),
    # TW-TAI-23 自摸 alone on an open hand; near miss on a discard: nothing
    ("23-self-draw-open", on_self_draw, PLAIN, "1s", NINE_S, (), {}, {"TW-TAI-23": 1}),
    ("23-miss-discard-open", on_discard, PLAIN, "1s", NINE_S, (), {}, {}),
    # TW-TAI-25 海底撈月 (wall_left 1 at the draw) / near miss wall_left 2
    ("25-last-tile", on_self_draw, PLAIN, "1s", NINE_S, (), {"wall_left": 1},
     {"TW-TAI-23": 1, "TW-TAI-25": 1}),
    ("25-miss-second-last", on_self_draw, PLAIN, "1s", NINE_S, (), {"wall_left": 2}, {"TW-TAI-23": 1}),
    # TW-TAI-26 花牌: 蘭 (2f) and 夏 (6f) are South's; 梅 not; 春夏秋冬 a 花杠 (2) + 蘭 1
    ("26-both-seat-flowers", on_discard, PLAIN, "1s", NINE_S, ("2f", "6f", "1f"), {}, {"TW-TAI-26": 2}),
    ("26-flower-set-and-seat", on_discard, PLAIN, "1s", NINE_S, ("5f", "6f", "7f", "8f", "2f"), {},
     {"TW-TAI-26": 3}),
    ("26-miss-other-seats", on_discard, PLAIN, "1s", NINE_S, ("1f", "3f", "8f"), {}, {}),
    # TW-TAI-37 河底撈魚: common only (river_bottom true); won on the discard at wall_left 0
    ("37-last-discard", on_discard, PLAIN, "1s", NINE_S, (), {"wall_left": 0},
     by_preset({}, {"TW-TAI-37": 1})),
    ("37-miss-not-last", on_discard, PLAIN, "1s", NINE_S, (), {"wall_left": 1}, {}),
]


def _params():
    for name, build, hand, tile, melds, flowers, extra, expected in CASES:
        for preset in BOTH:
            exp = expected.get(preset, expected) if set(expected) <= set(BOTH) and expected else expected
            exp = {k: v for k, v in exp.items() if v}
            yield pytest.param(build, hand, tile, melds, flowers, dict(extra), preset, exp,
                               id=f"{name}-{preset}")


@pytest.mark.parametrize("build, hand, tile, melds, flowers, extra, preset, expected", list(_params()))
def test_face_tai(build, hand, tile, melds, flowers, extra, preset, expected):
    how = "discard" if build is on_discard else "self_draw"
    check(build(hand, tile, melds, flowers, preset=preset, **extra), expected, how)


# -- TW-TAI-24/25 with §0's dead wall: under common the kong's replacement can be the 海底 ------------

@pytest.mark.parametrize("preset, expected", [
    # wall_left 3: draw (2), 暗杠, replacement (seed000 drawn at 2; common the kong takes one more: at 1,
    # the 海底). 門清 1 + 不求 2 + 杠上開花 1 = 4; common 門清 1 + 不求 1 + 自摸 1 + 杠上開花 1 + 海底撈月 1 = 5
    ("seed000", {"TW-TAI-3": 1, "TW-TAI-4": 2, "TW-TAI-24": 1}),
    ("common", {"TW-TAI-3": 1, "TW-TAI-4.common": 1, "TW-TAI-23": 1, "TW-TAI-24": 1, "TW-TAI-25": 1})])
def test_24_25_the_replacement_of_a_concealed_kong(preset, expected):
    hands = {"A": 16, "B": "234m567m789p55p23s999s", "C": 16, "D": 16}
    d = doc(state(hands, turn="B", wall_left=3), draw("B", "9s"), kong("B", "concealed", "9999s"),
            draw("B", "1s", "back"), win("B", "self_draw", "1s"), preset=preset)
    check(d, expected, "self_draw")


# -- TW-TAI-29 八仙過海 whose replacement also wins (RULEBOOK_TW16_PRESETS §6.1) -----------------------
EIGHT = {"A": "111z222z333z444z55z66z", "B": "234m567m22p345p678p67s", "C": "111m999m111p999p11s99s",
         "D": "123s123s456s789s5z6z77z"}


@pytest.mark.parametrize("preset, replacement, patterns", [
    # the replacement does not win: 八仙過海 8 alone
    ("seed000", "5p", {"TW-TAI-29": 8}),
    ("common", "5p", {"TW-TAI-29": 8}),
    # 9s completes five concealed triplets: seed000 五暗刻 12 + 不求 2 + 杠上開花 1 + 8 = 23;
    # common 五暗刻 8 + 不求 1 + 自摸 1 + 杠上開花 1 + 8 = 19 (flowers not counted beside 八仙過海)
    ("seed000", "9s", {"TW-TAI-4": 2, "TW-TAI-18": 12, "TW-TAI-24": 1, "TW-TAI-29": 8}),
    ("common", "9s", {"TW-TAI-4.common": 1, "TW-TAI-18": 8, "TW-TAI-23": 1, "TW-TAI-24": 1, "TW-TAI-29": 8})])
def test_29_eight_flowers_with_and_without_a_winning_replacement(preset, replacement, patterns):
    d = doc(state(EIGHT, turn="C", wall_left=30, flowers={"C": [f"{k}f" for k in range(1, 8)]}), draw("C", "8f"),
            {"type": "flower", "player": "C", "tile": "8f"}, draw("C", replacement, "back"), win("C", "flower", "8f"),
            dealer="D", streak=1, preset=preset)
    hand = only_hand(rule(d))
    (w,) = hand["winners"]
    assert {p["rule"]: p["tai"] for p in w["patterns"]} == patterns
    face = sum(patterns.values())
    # A and B pay 100 + face × 20; the dealer D (N 1) 100 + (face + 1 + 2) × 20
    assert paid(hand) == [("A", "C", 100 + face * 20, "TW-TAI-29"), ("B", "C", 100 + face * 20, "TW-TAI-29"),
                          ("D", "C", 100 + (face + 3) * 20, "TW-TAI-29")]


# -- TW-TAI-36 嚦咕嚦咕 (option lik_gu): its self-draw adds 自摸 1, never 不求, under both presets -------

@pytest.mark.parametrize("preset", BOTH)
def test_36_lik_gu_self_drawn(preset):
    hands = {"A": 16, "B": "11m33m22p99p44s77s1z777z", "C": 16, "D": 16}
    d = doc(state(hands, turn="B"), draw("B", "1z"), win("B", "self_draw", "1z"), preset=preset,
            options={"lik_gu": True})
    # 嚦咕嚦咕 8 + 中 triplet 1 + 獨聽 (東 alone) 1 + 自摸 1 = 11 (門清 and 不求 excluded)
    check(d, {"TW-TAI-2": 1, "TW-TAI-11": 1, "TW-TAI-23": 1, "TW-TAI-36": 8}, "self_draw")
    # near miss: the option off, the same tiles make no hand: 詐和 (TW-ZH-1)
    off = only_hand(rule(doc(state(hands, turn="B"), draw("B", "1z"), win("B", "self_draw", "1z"), preset=preset)))
    assert off["result"] == "false_win" and [r["rule"] for r in off["rulings"]] == ["TW-ZH-1"]
