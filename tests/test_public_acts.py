"""Public acts ruled at once, one mechanism for the variants that name them (``IrrWords.public``):
Shanghai's wrong claim (SH-IRR-0, SH-IRR-4), Guangdong's wrong claim and exposed wrong kong
(GD-IRR-0, GD-IRR-2.2, GD-IRR-3). Not restored before the offender's discard he is 相公 from it;
restored it costs nothing, ruled at the restore and listed in event order; one already reported
under its clause is not ruled a second time. Guangdong `base` 10, Shanghai `qiaoma` base 5."""
from __future__ import annotations

import pytest

from api.documents.documents import adjudicate_data, cut_data
from referee.errors import InputError
from tests import gdkit as gd
from tests import shkit as sh
from tests.test_gd_probe_irr import CHI, HANDS
from tests.test_sh_probe import NO_KNOCK, chi_then_win


def seen(hand: dict) -> list[tuple]:
    return [(r["rule"], r["player"], r["at"], r["status"]) for r in hand["rulings"]]


# --- reported before his discard: ruled once, from the report --------------------------------------

def test_sh_a_wrong_chi_reported_before_his_discard_is_ruled_once():  # SH-IRR-0, SH-IRR-4, SH-ZH-1
    # C chis D's 9m (not his 上家) and is reported (SH-IRR-4) before he discards: 相公 from the
    # report (event 3), not a second time at his discard. His win on A's 6p is false: the 勒子
    # 20 × 5 = 100 to each of A, B and D.
    report = {"type": "report", "by": "A", "against": "C", "about": 2, "offence": "SH-IRR-4"}
    events = chi_then_win("D")
    r = sh.rule(sh.doc(events[:3] + [report] + events[3:], NO_KNOCK))
    assert seen(r) == [("SH-IRR-4", "C", 3, "ruled"), ("SH-ZH-1", "C", 9, "ruled")]
    assert "since event 3" in r["rulings"][1]["decision"]
    assert r["net"] == {"A": 100, "B": 100, "C": -300, "D": 100}
    # near miss: no report: ruled at once at the chi, 相公 from his discard (event 3)
    r = sh.rule(sh.doc(events, NO_KNOCK))
    assert seen(r) == [("SH-IRR-4", "C", 2, "ruled"), ("SH-ZH-1", "C", 8, "ruled")]
    assert "since event 3" in r["rulings"][1]["decision"]
    assert r["net"] == {"A": 100, "B": 100, "C": -300, "D": 100}


def test_gd_a_wrong_chi_reported_before_his_discard_is_ruled_once():  # GD-IRR-0, GD-IRR-3, GD-ZH-1
    # D 上s B's 4m (D is not B's 下家) and is reported before he discards: 相公 from the report; his
    # win on A's 2s is 诈胡: 32 × 10 = 320 to each other player (GD-ZH-1)
    report = {"type": "report", "by": "A", "against": "D", "about": 2, "offence": "GD-IRR-3"}
    events = [gd.state(HANDS, turn="B"), gd.discard("B", "4m"), CHI, report, gd.discard("D", "7m"),
              gd.draw("A", "5z"), gd.discard("A", "2s"), gd.win("D", "discard", "2s", "A")]
    hand = gd.rule(gd.doc(events))
    assert seen(hand) == [("GD-IRR-3", "D", 3, "ruled"), ("GD-ZH-1", "D", 7, "ruled")]
    assert hand["net"] == {"A": 320, "B": 320, "C": 320, "D": -960}
    # near miss: no report: ruled at the chi (event 2), 相公 from his discard
    hand = gd.rule(gd.doc(events[:3] + events[4:]))
    assert seen(hand) == [("GD-IRR-3", "D", 2, "ruled"), ("GD-ZH-1", "D", 6, "ruled")]
    assert hand["net"] == {"A": 320, "B": 320, "C": 320, "D": -960}


# --- restored: ruled at the restore, in event order ------------------------------------------------

RESTORE = {"type": "correct", "player": "D", "about": 2, "action": "restore"}
#: D's wrong chi restored; C draws and discards, D and A too, then D wins A's 2s: 鸡胡 0 + 门前清 1,
#: S = 10 × 2 = 20 from A
RESTORED = [gd.state(HANDS, turn="B"), gd.discard("B", "4m"), CHI, RESTORE, gd.draw("C", "9p"),
            gd.discard("C", "9p"), gd.draw("D", "6z"), gd.discard("D", "6z"), gd.draw("A", "5z"),
            gd.discard("A", "2s"), gd.win("D", "discard", "2s", "A")]


def test_gd_a_restored_claim_is_listed_in_event_order():  # GD-IRR-3 restored, GD-IRR-5
    # a report against C (event 8) comes after the restored chi (event 2): the rulings in event order
    report = {"type": "report", "by": "A", "against": "C", "about": 4, "offence": "GD-IRR-5"}
    hand = gd.rule(gd.doc(RESTORED[:8] + [report] + RESTORED[8:]))
    assert seen(hand) == [("GD-IRR-3", "D", 2, "ruled"), ("GD-IRR-5", "C", 8, "ruled")]
    assert "no penalty" in hand["rulings"][0]["decision"] and "不罚" in hand["rulings"][0]["decision_zh"]
    assert hand["net"] == {"A": -20, "B": 0, "C": 0, "D": 20}
    # near miss: not restored (D discards 7m at once): 相公 from that discard; his win is 诈胡
    events = RESTORED[:3] + [gd.discard("D", "7m"), gd.draw("A", "5z"), report, gd.discard("A", "2s"),
                             gd.win("D", "discard", "2s", "A")]
    hand = gd.rule(gd.doc(events))
    assert seen(hand) == [("GD-IRR-3", "D", 2, "ruled"), ("GD-IRR-5", "C", 5, "ruled"), ("GD-ZH-1", "D", 7, "ruled")]
    assert hand["net"] == {"A": 320, "B": 320, "C": 320, "D": -960}


def test_gd_a_cut_after_a_restored_claim_is_made_before_its_discard_refused():  # GD-IRR-3, cut
    # after the restore the claim costs nothing: a state can hold the table (as after any ruling)
    data = gd.doc(RESTORED)
    piece = adjudicate_data(cut_data(data, 10))["hands"][0]
    assert piece["net"] == {"A": -20, "B": 0, "C": 0, "D": 20}
    # near miss: the same chi not restored, cut before D's discard: its ruling is still to come
    events = RESTORED[:3] + [gd.discard("D", "7m"), gd.draw("A", "5z"), gd.discard("A", "2s"), {"type": "end"}]
    with pytest.raises(InputError) as err:
        cut_data(gd.doc(events), 3)
    assert "GD-IRR-3" in err.value.errors["at"][0] and "not reported yet" in err.value.errors["at"][0]


# --- no discard of his followed ----------------------------------------------------------------------

def test_gd_a_wrong_claimed_kong_on_the_last_discard_lists_both_faults():  # GD-IRR-2.2, GD-IRR-3
    # D kongs B's 8s, the last discard (no replacement left), with 999s: a late claim (GD-IRR-3) and
    # an exposed wrong kong (GD-IRR-2.2), both ruled at once; no discard of his follows, so neither
    # is in effect yet (public_pending). No money.
    hands = dict(HANDS, B="2236p55s67s6z777z8s4m")
    kong = {"type": "kong", "player": "D", "kind": "claimed", "tiles": "9998s"}
    hand = gd.rule(gd.doc([gd.state(hands, turn="B", wall_left=0), gd.discard("B", "8s"), kong, {"type": "end"}]))
    assert seen(hand) == [("GD-IRR-3", "D", 2, "ruled"), ("GD-IRR-2", "D", 2, "ruled")]
    assert all("unless he restores it first" in r["decision"] for r in hand["rulings"])
    assert hand["net"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    # near miss: four 8s: a true kong, only the late claim
    hands = dict(hands, D="567m234p888s88p13s")
    kong = dict(kong, tiles="8888s")
    hand = gd.rule(gd.doc([gd.state(hands, turn="B", wall_left=0), gd.discard("B", "8s"), kong, {"type": "end"}]))
    assert seen(hand) == [("GD-IRR-3", "D", 2, "ruled")]


def test_sh_a_wrong_claim_with_no_discard_after_it_is_unreported():  # SH-IRR-0, SH-IRR-4
    # Shanghai has no words for a public act still awaiting its discard: listed like a fault never
    # in effect (unreported), costing nothing
    r = sh.rule(sh.doc(chi_then_win("D")[:3] + [{"type": "end"}], NO_KNOCK))
    assert seen(r) == [("SH-IRR-4", "C", 2, "unreported")] and r["payments"] == []
    # near miss: his discard follows: ruled, in effect from it
    r = sh.rule(sh.doc(chi_then_win("D")[:4] + [{"type": "end"}], NO_KNOCK))
    assert seen(r) == [("SH-IRR-4", "C", 2, "ruled")] and r["payments"] == []
