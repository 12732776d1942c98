"""Probe (acceptance-style) cases for Guangdong's public irregularities (GD-IRR-0, GD-IRR-2.2,
GD-IRR-3): a wrong claim or an exposed wrong kong is ruled at once, without a report; not restored
before the offender's discard, he is 相公 from that discard (a later declaration of his is 诈胡,
GD-ZH-1), restored in time it costs nothing. Hong Kong waits for a report (HK-IRR-4). `base` 10."""
from tests import hkkit
from tests.gdkit import WAITING, discard, doc, draw, rule, rules_of, state, win

# D (567m 234p 999s 88p 13s) waits on 2s; B, A's 下家, discards 4m and D, who is not B's 下家, 上s it
HANDS = dict(WAITING, A="1199m2378p1234s5z", B="2236p55s678s6z777z4m", D="567m234p999s88p13s")
CHI = {"type": "chi", "player": "D", "tile": "4m", "with": "56m"}


def test_a_wrong_chi_not_restored_makes_him_dead_from_his_discard():  # GD-IRR-3, GD-ZH-1
    events = [state(HANDS, turn="B"), discard("B", "4m"), CHI, discard("D", "7m"), draw("A", "5z"),
              discard("A", "2s"), win("D", "discard", "2s", "A")]
    hand = rule(doc(events))
    assert [(r["rule"], r["player"], r["at"], r["status"]) for r in hand["rulings"]] == [
        ("GD-IRR-3", "D", 2, "ruled"), ("GD-ZH-1", "D", 6, "ruled")]
    assert "相公" in hand["rulings"][0]["decision_zh"] and "相公" in hand["rulings"][0]["decision"]
    assert hand["result"] == "false_win" and hand["net"] == {"A": 320, "B": 320, "C": 320, "D": -960}
    assert hand["next"] == {"dealer": "A", "streak": 0, "round_wind": "1z"}


def test_near_miss_the_wrong_chi_restored_before_his_discard_costs_nothing():  # GD-IRR-3
    restore = {"type": "correct", "player": "D", "about": 2, "action": "restore"}
    events = [state(HANDS, turn="B"), discard("B", "4m"), CHI, restore, draw("C", "9p"), discard("C", "9p"),
              draw("D", "6z"), discard("D", "6z"), draw("A", "5z"), discard("A", "2s"), win("D", "discard", "2s", "A")]
    hand = rule(doc(events))
    assert rules_of(hand) == [("GD-IRR-3", "ruled")] and "no penalty" in hand["rulings"][0]["decision"]
    # 鸡胡 0 + 门前清 1 (the chi is gone): S = 10 × 2 = 20 from the discarder
    assert hand["result"] == "win" and hand["net"] == {"A": -20, "B": 0, "C": 0, "D": 20}


def test_hong_kong_waits_for_a_report():  # HK-IRR-0, HK-IRR-4: the same chi, unreported
    hands = dict(hkkit.WAITING, A="123456789p333z1z", B="123456789m1p7z7z2s4m", D="567m234p111z88p13s")
    events = [hkkit.state(hands, turn="B"), discard("B", "4m"), CHI, discard("D", "7m"), {"type": "end"}]
    hand = hkkit.rule(hkkit.doc(events))
    assert rules_of(hand) == [("HK-IRR-4", "unreported")]


def test_a_late_pon_is_ruled_at_once():  # GD-PR-3, GD-IRR-3
    hands = dict(HANDS, B="2236p55s678s6z777z8p")
    pon = {"type": "pon", "player": "D", "tile": "8p", "with": "88p"}
    hand = rule(doc([state(hands, turn="B"), discard("B", "8p"), draw("C", "9p"), pon, {"type": "end"}]))
    assert [(r["rule"], r["player"], r["at"], r["status"]) for r in hand["rulings"]] == [("GD-IRR-3", "D", 3, "ruled")]


def test_an_exposed_wrong_kong_is_ruled_at_once_a_concealed_one_waits():  # GD-IRR-2.2
    hands = dict(HANDS, B="2236p55s67s6z777z8s4m")
    kong = {"type": "kong", "player": "D", "kind": "claimed", "tiles": "9998s"}
    events = [state(hands, turn="B"), discard("B", "8s"), kong, draw("D", "6z", back=True),
              discard("D", "6z"), {"type": "end"}]
    hand = rule(doc(events))
    assert [(r["rule"], r["player"], r["at"], r["status"]) for r in hand["rulings"]] == [("GD-IRR-2", "D", 2, "ruled")]
    # near miss: two tiles face down, the concealed wrong kong takes effect only when reported
    hands = dict(HANDS, B="2236p55s678s6z777z", D="567m234p999s88p13s6z")
    events = [state(hands, turn="D"), {"type": "kong", "player": "D", "kind": "concealed", "tiles": "1999s"},
              draw("D", "6z", back=True), discard("D", "6z"), {"type": "end"}]
    assert rules_of(rule(doc(events))) == [("GD-IRR-2", "unreported")]


def test_the_dead_hands_start_is_counted_as_at_is_and_the_text_counts_from_one():
    """A decision names events as the JSON's ``at`` does (from 0, as tw16's); the text ruling
    counts them from 1, in English and in Chinese alike (it said 'since event 5' for event 4)."""
    from api.documents.documents import adjudicate_data
    from api.text.text import format_text

    events = [state(HANDS, turn="B"), discard("B", "4m"), CHI, discard("D", "7m"), draw("A", "5z"),
              discard("A", "2s"), win("D", "discard", "2s", "A")]
    d = doc(events)
    zh1 = rule(d)["rulings"][1]
    assert "since event 3" in zh1["decision"] and "自第3事件起" in zh1["decision_zh"]  # his discard
    text = format_text(adjudicate_data(d), d)
    assert "since event 4" in text.replace("\n      ", " ") and "自第4事件起" in text
    # Hong Kong alike, from a report
    hands = dict(hkkit.WAITING, B="34s111s789p555z99p", C="123456789m1p7z7z5s")
    report = {"type": "report", "by": "C", "against": "B", "about": 0, "offence": "HK-IRR-6"}
    hd = hkkit.doc([hkkit.state(hands), report, discard("A", "9p"), win("B", "discard", "9p", "A")])
    zh1 = hkkit.rule(hd)["rulings"][1]
    assert "since event 1" in zh1["decision"] and "自第1事件起" in zh1["decision_zh"]
    text = format_text(adjudicate_data(hd), hd)
    assert "since event 2" in text.replace("\n      ", " ") and "自第2事件起" in text
