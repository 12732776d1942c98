"""Wuhan clauses the other files reach only in passing, each fired and missed on purpose: 皮 and
朝天 items (WH-FAN-7, WH-LZ-2), claims on a last discard (WH-FLOW-5.1), 吃 from the 上家 only
(WH-FLOW-3), a copy-free 癞子 (WH-LZ-3.1), a false declaration beside a valid one (WH-ZH-5), a
claim undone for a win (WH-PR-4), hidden tiles (WH-GS-4). Money worked by hand (B = 5)."""
from api.documents.loader import load_document
from rulesbook.wuhan.factors import table_items
from rulesbook.wuhan.options import WhRules
from rulesbook.wuhan.table import replay
from tests.whkit import discard, doc, draw, pay, reads, rule, rules, rules_of, state, win


def items(data: dict) -> dict:
    d = load_document(data)
    r = WhRules.of(d.ruleset.preset, d.ruleset.options, d.ruleset.factor_table, d.ruleset.base)
    table = replay(d.players, d.hands[0].dealer, d.hands[0].events, r.options)
    return table_items(table, r, len(d.hands[0].events))


def test_pi_single_kong():  # WH-LZ-2 pi_kong single, WH-FAN-7.single, WH-HU-2.2
    # indicator 5p: 皮 5p, 癞子 6p. A lays a 皮 out singly: 皮子杠 ×2
    s = state({"A": "5p234m678m345s999s1z"}, indicator="5p", turn="A", phase="discard")
    data = doc([s, {"type": "single_kong", "player": "A", "tile": "5p"}, draw("A", "9p", back=True),
                discard("A", "9p")], ruleset={"base": 5, "options": {"pi_kong": "single"}})
    assert items(data)["A"] == ["WH-FAN-7.single"] and rule(data)["rulings"] == []
    data["ruleset"] = {"base": 5}  # near miss: under none a 皮 laid singly is a wrong kong
    assert items(data)["A"] == [] and rules_of(rule(data)) == ["WH-IRR-2"]
    # a 皮 held in a winning hand: no win under single
    assert not reads("234m567p345s5p+5p", melds=("pon:111z",), indicator="5p", r=rules(pi_kong="single")).qualifies
    assert reads("234m567p345s5p+5p", melds=("pon:111z",), indicator="5p").qualifies


def test_chaotian_items():  # WH-FAN-7.concealed, WH-FAN-7.claimed
    s = state({"A": "555p234m678m345s99s"}, indicator="5p", turn="A", phase="discard")
    data = doc([s, {"type": "kong", "player": "A", "kind": "concealed", "tiles": "555p"},
                draw("A", "9s", back=True), discard("A", "9s")], ruleset={"options": {"pi_kong": "chaotian"}})
    assert items(data)["A"] == ["WH-FAN-7.concealed"]
    # 小朝天: B holds two 皮 and claims A's third: a claim (开口) and ×2
    s = state({"B": "55p234m678m345s99s"}, indicator="5p", turn="A", phase="discard", holding={"A": "5p"})
    data = doc([s, discard("A", "5p"), {"type": "kong", "player": "B", "kind": "claimed", "tiles": "555p"},
                draw("B", "9m", back=True), discard("B", "9m")], ruleset={"options": {"pi_kong": "chaotian"}})
    assert items(data)["B"] == ["WH-FAN-1", "WH-FAN-7.claimed"] and rule(data)["rulings"] == []


def last_discard(events):
    s = state({"A": "55p234m678m345s9m1z", "D": "234m678p345s1z5p7m7s"}, turn="D", phase="draw",
              wall_left=15)
    return doc([s, draw("D", "9p"), discard("D", "5p")] + events)


def test_a_last_discard_may_be_ponged_not_konged():  # WH-FLOW-5.1, WH-FLOW-4
    # A pons D's last discard 5p and discards 9m: a last discard too; nobody takes it: B, C, D, A draw
    # their 海底 tiles; 荒庄
    events = [{"type": "pon", "player": "A", "tile": "5p", "with": "55p"}, discard("A", "9m"),
              draw("B", "9s"), draw("C", "6z"), draw("D", "3z"), draw("A", "4z"), {"type": "exhaustive_draw"}]
    hand = rule(last_discard(events))
    assert hand["result"] == "exhaustive_draw" and hand["rulings"] == []
    # near miss: a kong of the last discard is a wrong kong
    s = state({"A": "555p234m678m345s1z", "D": "234m678p345s1z5p7m7s"}, turn="D", phase="draw",
              wall_left=15)
    hand = rule(doc([s, draw("D", "9p"), discard("D", "5p"),
                     {"type": "kong", "player": "A", "kind": "claimed", "tiles": "5555p"}]))
    assert [(r["rule"], r["status"]) for r in hand["rulings"]] == [("WH-IRR-2", "unreported")]


def test_chi_only_from_the_shangjia():  # WH-FLOW-3, WH-IRR-3
    s = state({"C": "46p234m678m345s1z9s"}, turn="A", phase="discard", holding={"A": "5p"})
    hand = rule(doc([s, discard("A", "5p"), {"type": "chi", "player": "C", "tile": "5p", "with": "46p"},
                     discard("C", "1z")]))
    assert [(r["rule"], r["status"]) for r in hand["rulings"]] == [("WH-IRR-3", "unreported")]
    s = state({"B": "46p234m678m345s1z9s"}, turn="A", phase="discard", holding={"A": "5p"})
    hand = rule(doc([s, discard("A", "5p"), {"type": "chi", "player": "B", "tile": "5p", "with": "46p"},
                     discard("B", "1z")]))  # near miss: B is A's 下家
    assert hand["rulings"] == []


def test_a_laizi_has_no_copy_limit():  # WH-LZ-3.1
    # 碰 555m and 5m held: the 癞子 2z read as a fifth 5m makes the 将 pair 55m
    r = reads("5m234p678s345s+2z", melds=("pon:555m",), indicator="1z")
    assert [(x.reading.wild_as, x.reading.pair) for x in r.readings] == [((4,), 4)]


def test_a_false_declaration_beside_a_valid_one_pays_too():  # WH-ZH-5
    s = state({"B": "39p234m567s88s", "D": "46p234s567m55s"},
              melds={"B": [("pon:111z", "A")], "D": [("pon:222z", "A")]}, turn="C", phase="discard",
              holding={"C": "5p"})
    hand = rule(doc([s, discard("C", "5p"), win("B", "discard", "5p", "C"), win("D", "discard", "5p", "C")]))
    # B (39p: no win on 5p) and D (46p) declare on C's 5p. D: small, hard: M_D = 开口 2 × 硬胡 2 = 4;
    # A dealer 庄 2 → raw 8 → 40; C 放炮 2 → 40; B 开口 2 → 40; B's false win: 2000 to each of A, C, D
    assert hand["result"] == "win" and [w["player"] for w in hand["winners"]] == ["D"]
    assert hand["net"] == {"A": 2000 - 40, "B": -6000 - 40, "C": 2000 - 40, "D": 2000 + 120}
    assert next_dealer(hand) == "D"
    # D's valid win on the same tile ends the hand, not B's false one: the decision says so
    zh = [f for f in hand["rulings"] if f["rule"] == "WH-ZH-1"][0]
    assert "WH-ZH-5" in zh["decision"] and "the hand ends" not in zh["decision"]
    assert "WH-ZH-5" in zh["decision_zh"] and "本局结束" not in zh["decision_zh"]


def test_a_lone_false_declaration_ends_the_hand():  # WH-ZH-3, the near miss of WH-ZH-5's words
    s = state({"B": "39p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "5p"})
    hand = rule(doc([s, discard("C", "5p"), win("B", "discard", "5p", "C")]))
    zh = [f for f in hand["rulings"] if f["rule"] == "WH-ZH-1"][0]
    assert "the hand ends" in zh["decision"] and "本局结束" in zh["decision_zh"]


def next_dealer(hand):
    return hand["next"]["dealer"]


def test_a_claim_undone_for_a_win():  # WH-PR-4
    # C discards 3p; D pons it; B's win comes in time: the pon is restored and B wins, no penalty
    s = state({"B": "45p234m567s88s", "D": "33p234s567m6z9m9s7p8p"}, melds={"B": [("pon:111z", "A")]},
              turn="C", phase="discard", holding={"C": "3p"})
    hand = rule(doc([s, discard("C", "3p"), {"type": "pon", "player": "D", "tile": "3p", "with": "33p"},
                     {"type": "correct", "player": "D", "about": 2, "action": "restore"},
                     win("B", "discard", "3p", "C")]))
    assert hand["result"] == "win" and hand["rulings"] == [] and pay(hand) == {"A": 40, "C": 40, "D": 20}


def test_hidden_tiles_leave_the_ruling_open():  # WH-GS-4, WH-ZH-1 missing
    s = state({"B": "45p234m567s88s"}, melds={"B": [("pon:111z", "A")]}, turn="C", phase="discard",
              holding={"C": "3p"})
    s["hands"]["B"] = 10
    hand = rule(doc([s, discard("C", "3p"), win("B", "discard", "3p", "C")]))
    assert hand["complete"] is False and hand["missing"][0]["fact"] == "concealed_tiles"
