"""The fast loader (api.documents.fastload) on shanghai documents: it builds what shanghai's schema
builds and takes nothing it refuses (``tests.test_fastload.agree``), for self-played and edited
plays and for each field shanghai adds (RULEBOOK_SH §15)."""
import copy
import json

from tests.mutations import documents as edited_plays
from tests.test_fastload import ROOT, agree


def test_edited_shanghai_plays_agree():
    """The same for shanghai's self-play (qiaoma and qinghunpeng hands, games): its knocks, 中發白
    laid out as flowers, the hand's 荒番 counter and dice (a knock edited onto another player, a
    dragon put in a hand or a flower event, are refused or taken alike)."""
    taken = sum(agree(data) is not None for data in edited_plays(150, seed=16, cut=0.7, variant="shanghai"))
    assert taken > 30


def test_shanghai_fields_load_alike():
    """shanghai's own fields in both loaders: ``huang_fan`` and ``dice`` (two numbers 1–6), a
    knock, a dragon laid out, ``status.knocked``, an SH-BAO-1 liability; and their near misses."""
    base = json.loads((ROOT / "examples" / "sh-bao-san-kou.json").read_text(encoding="utf-8"))
    assert agree(base) is not None
    for edit, taken in [
        (lambda d: d["hand"].__setitem__("dice", [6, 6]), True),
        (lambda d: d["hand"].__setitem__("dice", [0, 6]), False),
        (lambda d: d["hand"].__setitem__("dice", [1, 2, 3]), False),
        (lambda d: d["hand"].__setitem__("dice", None), True),
        (lambda d: d["hand"].__setitem__("huang_fan", 3), True),
        (lambda d: d["hand"].__setitem__("huang_fan", -1), False),
        (lambda d: d["hand"]["events"][0].__setitem__("flowers", {"A": ["7z", "2f"]}), True),
        (lambda d: d["hand"]["events"][0].__setitem__("flowers", {"A": ["1z"]}), False),
        (lambda d: d["hand"]["events"][0].__setitem__("status", {"B": {"knocked": True}}), True),
        (lambda d: d["hand"]["events"][0].__setitem__("liabilities", [
            {"clause": "SH-BAO-1", "liable": "A", "covered": "B"}]), True),
        (lambda d: d["hand"]["events"][0].__setitem__("liabilities", [
            {"clause": "HK-BAO-1", "liable": "A", "covered": "B"}]), False),
        (lambda d: d["hand"]["events"][21].__setitem__("what", "watch"), False),
        (lambda d: d["hand"]["events"].insert(2, {"type": "flower", "player": "B", "tile": "6z"}), True),
    ]:
        data = copy.deepcopy(base)
        edit(data)
        assert (agree(data) is not None) == taken, data["hand"]["events"][0]


def test_baida_indicator_loads_alike():
    """百搭 (SH-BD-1): a self-played ``baida`` hand with its ``indicator`` events, and a ``state``
    with ``indicator`` and ``wild``, built alike; a hidden indicator or a flower as the wild kind
    refused by both."""
    import random

    from rulesbook.shanghai.options import ShRules
    from rulesbook.shanghai.selfplay import document, play_hand

    hand = document(play_hand(random.Random(2), rules=ShRules.of("baida")), ruleset={"preset": "baida"})
    assert any(e["type"] == "indicator" for e in hand["hand"]["events"]) and agree(hand) is not None
    base = json.loads((ROOT / "examples" / "sh-knock-flowers.json").read_text(encoding="utf-8"))
    base["ruleset"] = {"preset": "baida", "base": 5}
    for fields, taken in [({"indicator": "4p", "wild": "5p"}, True), ({"indicator": "?"}, False),
                          ({"indicator": "4p", "wild": "1f"}, False), ({"indicator": "1f"}, True)]:
        data = copy.deepcopy(base)
        data["hand"]["events"][0].update(fields)
        assert (agree(data) is not None) == taken, fields
