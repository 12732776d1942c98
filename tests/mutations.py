"""Randomly edited copies of valid documents: declarations and claims inserted or altered at random
points (a wrong ``how``, a tile from a meld, a flower, a tile not held, a win out of turn, a claim of
a tile long gone, a call naming an old discard), for the property that every document the loader
accepts is ruled, never an internal error. Deterministic in the ``random.Random`` it is given.
"""
from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Callable

import pytest

from referee.errors import InputError
from rulesbook.family13 import selfplay as family_selfplay
from rulesbook.guangdong import selfplay as gd_selfplay
from rulesbook.guangdong.options import PRESETS, GdRules
from rulesbook.hk import selfplay as hk_selfplay
from rulesbook.shanghai import selfplay as sh_selfplay
from rulesbook.shanghai.options import ShRules
from rulesbook.tw16.selfplay import document, play_game, play_hand
from rulesbook.wuhan import selfplay as wh_selfplay
from rulesbook.wuhan.options import PRESETS as WH_PRESETS, WhRules

PLAYERS = ("A", "B", "C", "D")
KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
FLOWERS = [f"{n}f" for n in range(1, 9)]
HOWS = ("self_draw", "discard", "rob_kong", "flower", "rob_flower")
SPECIAL = ("7z",)  # 红中, laid out alone (wuhan's single_kong) like each hand's 癞子


def _seen(events: list[dict], upto: int) -> dict[str, list[str]]:
    """Tiles named so far, by kind of place: discards, claims (meld tiles), draws."""
    out: dict[str, list[str]] = {"discard": [], "meld": [], "draw": []}
    for e in events[:upto]:
        t = e.get("type")
        if t == "discard":
            out["discard"].append(e["tile"])
        elif t in ("chi", "pon"):
            out["meld"].append(e["tile"])
            out["meld"].extend(e["with"] if isinstance(e["with"], list) else [e["with"][:2], e["with"][2:]])
        elif t == "kong":
            tiles = e["tiles"]
            out["meld"].extend(tiles if isinstance(tiles, list) else [tiles[:2]])
        elif t == "draw":
            out["draw"].append(e["tile"])
    return out


SUITED = KINDS[:27]  # sichuan's 108 tiles: an honour or a flower is only an input error there
#: the variants whose wins are only self-draws, discards and robbed kongs (no flower there: an edit
#: putting one in is only an input error)
NO_FLOWER_WINS = ("sichuan", "wuhan")


def _tile(rng: random.Random, events: list[dict], i: int, variant: str = "tw16") -> str:
    seen = _seen(events, i)
    pools = [seen["discard"][-1:], seen["discard"][:3], seen["meld"], seen["draw"][-2:],
             *((SUITED,) if variant == "sichuan" else (KINDS,) if variant == "wuhan" else (FLOWERS, KINDS))]
    pool = rng.choice([p for p in pools if p] or [KINDS])
    tile = rng.choice(pool)
    return tile if len(tile) == 2 else KINDS[0]


def _event(rng: random.Random, events: list[dict], i: int, variant: str = "tw16") -> dict:
    p = rng.choice(PLAYERS)
    others = [q for q in PLAYERS if q != p]
    tile = _tile(rng, events, i, variant)
    kind = rng.random()
    if kind < 0.35:  # a win declaration
        e: dict = {"type": "win", "player": p, "how": rng.choice(HOWS[:3] if variant in NO_FLOWER_WINS else HOWS)}
        if rng.random() < 0.8:
            e["tile"] = tile
        if e["how"] in ("discard", "rob_kong", "rob_flower") or rng.random() < 0.2:
            e["from"] = rng.choice(others)
        if rng.random() < 0.2:
            e["shown"] = [tile] if rng.random() < 0.5 else []
        return e
    if kind < 0.5:
        e = {"type": "call", "player": p, "call": rng.choice(("chi", "pon", "kong", "win"))}
        if rng.random() < 0.4:
            e["tile"] = tile
        if rng.random() < 0.3:
            e["with"] = [tile, tile]
        return e
    if kind < 0.7:  # a claim, perhaps of a tile long gone
        claim = rng.choice(("chi", "pon", "kong"))
        if claim == "kong":
            return {"type": "kong", "player": p, "kind": rng.choice(("claimed", "added", "concealed")),
                    "tiles": [tile] * 3 + [rng.choice([tile] + KINDS)]}
        return {"type": claim, "player": p, "tile": tile, "with": [tile, rng.choice([tile] + KINDS)]}
    if kind < 0.8:
        return {"type": "report", "by": rng.choice(others), "against": p,
                **({"about": rng.randrange(max(1, i))} if rng.random() < 0.7 else {})}
    if kind < 0.9:
        return {"type": "correct", "player": p, "about": rng.randrange(max(1, i)),
                "action": rng.choice(("restore", "return_tile"))}
    if variant == "wuhan" and kind < 0.93:  # wuhan's own: a single kong of 红中, a 癞子 or any tile; a stated reading
        return rng.choice([{"type": "single_kong", "player": p, "tile": rng.choice([*SPECIAL, tile])},
                           {"type": "win", "player": p, "how": rng.choice(HOWS[:3]), "tile": tile,
                            "wild": [{"tile": tile, "as": rng.choice(KINDS)}]}])
    return rng.choice([{"type": "discard", "player": p, "tile": tile},
                       {"type": "draw", "player": p, "tile": tile},
                       {"type": "merge", "player": p}, {"type": "reach", "player": p},
                       {"type": "declare", "player": p, "what": "void_suit", "suit": rng.choice("mps")}
                       if variant == "sichuan" else  # 定缺, perhaps a second one or late
                       {"type": "declare", "player": p, "what": rng.choice(("watch", "tian_ting", "di_ting", "knock"))}])


def mutate(doc: dict, rng: random.Random, cut: float = 0.0, variant: str = "tw16") -> dict:
    """One or two random edits of one hand of ``doc`` (a copy). With chance ``cut`` the record of
    a one-hand document stops a few events after the last edit (an ``end``): a shorter document,
    whose edit is less often made impossible by the play recorded after it."""
    doc = copy.deepcopy(doc)
    hands = doc["hands"] if "hands" in doc else [doc["hand"]]
    events = rng.choice(hands)["events"]
    last = 1
    for _ in range(rng.choice((1, 1, 2))):
        i = rng.randrange(1, len(events) + 1) if len(events) > 1 else len(events)
        r = rng.random()
        last = max(last, i)
        if r < 0.65:
            events.insert(i, _event(rng, events, i, variant))
            if events[i]["type"] == "single_kong":  # wuhan: its replacement follows at once (§10)
                events.insert(i + 1, {"type": "draw", "player": events[i]["player"], "tile": rng.choice(KINDS),
                                      "from": "back"})
        elif r < 0.8 and len(events) > 2:
            del events[rng.randrange(1, len(events))]
        elif len(events) > 2:  # alter a declaration or claim in place
            j = rng.randrange(1, len(events))
            last = max(last, j)
            e = events[j]
            if e.get("type") == "win":
                e["how"] = rng.choice(HOWS[:3] if variant in NO_FLOWER_WINS else HOWS)
            if "tile" in e:
                e["tile"] = _tile(rng, events, j, variant)
            if "from" in e and rng.random() < 0.5:
                e["from"] = rng.choice(PLAYERS)
    if "hand" in doc and rng.random() < cut:
        del events[last + 1 + rng.randrange(6):]
        if events[-1].get("type") not in ("win", "exhaustive_draw", "end"):
            events.append({"type": "end"})
    return doc


def documents(n: int, seed: int = 0, cut: float = 0.0, variant: str = "tw16") -> list[dict]:
    """``n`` mutated documents from generated valid hands (tw16: and a few whole games; hk: under
    its three presets; guangdong: under its five; wuhan and sichuan: under their two; shanghai:
    under its three; and a few games); ``cut``: the share of one-hand documents whose record
    stops a few events after the edit."""
    rng = random.Random(seed)
    if variant == "wuhan":
        base = [wh_selfplay.document(wh_selfplay.play_hand(rng, rules=WhRules.of(preset)),
                                     ruleset={"preset": preset, "base": 2})
                for preset in WH_PRESETS for _ in range(20)]
        base += [wh_selfplay.play_game(rng, 3, ruleset={"preset": preset, "base": 1}, rules=WhRules.of(preset))
                 for preset in WH_PRESETS]
    elif variant == "sichuan":
        from rulesbook.sichuan import selfplay as sc_selfplay
        from rulesbook.sichuan.options import PRESETS as SC_PRESETS
        from rulesbook.sichuan.options import ScRules

        base = [sc_selfplay.document(sc_selfplay.play_hand(rng, rules=ScRules.of(preset)),
                                     ruleset={"preset": preset, "base": 2})
                for preset in SC_PRESETS for _ in range(20)] + [sc_selfplay.play_game(rng, 3) for _ in range(3)]
    elif variant == "hk":
        base = [hk_selfplay.document(hk_selfplay.play_hand(rng), ruleset={"preset": preset, "base": 2})
                for preset in ("club", "tournament", "casual") for _ in range(14)]
    elif variant == "shanghai":  # under its three presets, and games
        base = [sh_selfplay.document(sh_selfplay.play_hand(rng, rules=ShRules.of(preset)),
                                     ruleset={"preset": preset, "base": 2})
                for preset in ("qiaoma", "baida", "qinghunpeng") for _ in range(12)]
        base += [sh_selfplay.play_game(rng, 3, ruleset={"base": 2}) for _ in range(3)]
    elif variant == "guangdong":
        base = [family_selfplay.document(gd_selfplay.play_hand(rng, rules=GdRules.of(preset)),
                                         ruleset={"preset": preset, "base": 2}, variant="guangdong")
                for preset in PRESETS for _ in range(9)]
    else:
        base = [document(play_hand(rng)) for _ in range(40)] + [play_game(rng, 3) for _ in range(3)]
    return [mutate(rng.choice(base), rng, cut, variant) for _ in range(n)]


def verdicts(variant: str, count: int, seed: int, cut: float = 0.7) -> Counter:
    """The ``verdict`` of each of ``count`` mutated documents of ``variant`` (its rulebook's
    ``adjudicate`` after ``load_document``), counted: how many were rejected, and the results."""
    from api.documents.loader import load_document
    from rulesbook import get

    book = get(variant)
    return Counter(verdict(load_document, book.adjudicate, d, f"mutated {variant} document {k}")
                   for k, d in enumerate(documents(count, seed=seed, cut=cut, variant=variant)))


def all_ruled_or_rejected(variant: str, count: int, seed: int, most_rejected: float = 0.9,
                          cut: float = 0.7) -> Counter:
    """``verdicts`` with the checks every variant's test makes: each document ruled or rejected at
    a place, a tenth to ``most_rejected`` of them rejected, and wins and false wins among the rest."""
    seen = verdicts(variant, count, seed, cut)
    assert sum(seen.values()) == count
    assert count // 10 < seen["rejected"] < count * most_rejected, seen
    assert seen["false_win"] >= 2 and seen["win"] >= 2, seen
    return seen


def verdict(load: Callable[[dict], object], adjudicate: Callable[[object], dict], data: dict, name: str) -> str:
    """'rejected' (an ``InputError`` at a hand's path), or the result of the last hand ruled, once the
    ruling is checked: each hand's net and the whole net sum to zero, every payment a positive
    integer, every finding names a player, the same log gives the same ruling. Any other exception
    fails the test, naming the document (``name``)."""
    try:
        document = load(data)
        ruling = adjudicate(document)
    except InputError as err:
        assert err.errors and all(path.startswith(("hand.", "hands[")) for path in err.errors), err.errors
        return "rejected"
    except Exception as err:  # an internal error
        pytest.fail(f"{name}: {type(err).__name__}: {err}")
    for hand in ruling["hands"]:
        assert sum(hand["net"].values()) == 0, hand
        assert all(isinstance(p["amount"], int) and p["amount"] > 0 for p in hand["payments"]), hand
        assert all(f["player"] is not None for f in hand["rulings"]), hand  # every ruling names a player
    assert sum(ruling["net"].values()) == 0
    assert adjudicate(document) == ruling  # the same log always gives the same ruling
    return ruling["hands"][-1]["result"]
