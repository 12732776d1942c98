"""The clause texts shipped with each rulebook (rulesbook.clauses) and the API that serves them:
the committed file is what the generator makes of the rulebook now, every clause the code cites has
a text, and GET /v1/rulebooks… answers without a key, 404 in the envelope for what is not there."""
import json
import re

import pytest

from rulesbook import VARIANTS, get
from rulesbook import clauses as cl
from tests.servicekit import ROOT, make_app, store_of
from tests.shared_skips import shared, skip_without_shared

SPEC = shared("spec")
ENVELOPE = {"code", "status", "message", "errors"}


def rulebook_markdown(variant: str) -> str:
    """The shared rulebook whose title names ``variant``."""
    skip_without_shared("spec")
    for path in sorted(SPEC.glob("RULEBOOK*.md")):
        text = path.read_text(encoding="utf-8")
        if re.search(rf"\(variant `{variant}`[,)]", text.splitlines()[0]):  # "(variant `sichuan`, 四川…)"
            return text
    pytest.fail(f"no rulebook in {SPEC} names the variant {variant}")


def amendments(variant: str) -> tuple[str, ...]:
    """The shared amendments to the rulebook of ``variant`` (``# tw16 presets: amendment to
    RULEBOOK.md (tw16-2026.11 → tw16-2026.12)``), in the order of the versions they move it to."""
    found = []
    for path in sorted(SPEC.glob("RULEBOOK*.md")):
        text = path.read_text(encoding="utf-8")
        first = text.splitlines()[0]
        if first.startswith(f"# {variant} ") and "amendment to" in first:
            found.append((first.rsplit("→", 1)[-1], text))
    return tuple(text for _, text in sorted(found))


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_shipped_clauses_are_what_the_rulebook_gives_now(variant):
    shipped = json.loads(cl.path_of(variant).read_text(encoding="utf-8"))
    fresh = cl.generate(rulebook_markdown(variant), amendments(variant))
    assert cl.dumps(fresh) == cl.dumps(shipped), (
        f"rulesbook/{variant}/clauses.json is stale: python -m rulesbook.clauses <the rulebook> "
        "<its amendments>")
    assert shipped["rulebook"] == get(variant).RULEBOOK_VERSION


def cited_ids(variant: str) -> set[str]:
    prefix = next(iter(cl.clauses(variant))).split("-")[0]
    found = set()
    for path in sorted((ROOT / "rulesbook" / variant).glob("*.py")):
        found |= set(re.findall(rf"\b{prefix}-[A-Z]+(?:-\d+[a-z]?(?:\.[0-9a-z]+)*)?",
                                path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_clause_the_code_cites_has_a_text(variant):
    cited = cited_ids(variant)
    assert len(cited) > 50  # the grep found the code's citations
    missing = sorted(cid for cid in cited if cl.clause(variant, cid) is None)
    assert missing == []
    for cid in cited:
        assert cl.clause(variant, cid)["text"] or cl.clause(variant, cid)["title"], cid


def test_a_sub_id_falls_back_to_its_clause_and_an_unknown_number_does_not():
    assert cl.clause("tw16", "TW-TAI-1.round")["clause"] == "TW-TAI-1"
    assert cl.clause("tw16", "TW-CG-1.1")["clause"] == "TW-CG-1.1"  # it has a text of its own
    assert cl.clause("tw16", "TW-PAY-1a")["clause"] == "TW-PAY-1a"
    assert cl.clause("tw16", "TW-PAY-1z")["clause"] == "TW-PAY-1"
    assert cl.clause("tw16", "TW-TAI-99") is None  # not part of the family TW-TAI's text
    assert cl.clause("tw16", "TW-NOPE-1") is None
    assert cl.parent("TW-CG-1") is None and cl.parent("TW-CG-1.1") == "TW-CG-1"
    with pytest.raises(KeyError):
        cl.clauses("mahjong-solitaire")


def test_a_clause_keeps_the_rulebooks_own_words():
    zh2 = cl.clause("tw16", "TW-ZH-2")
    assert zh2["title"] == "payment"
    assert zh2["text"].startswith("payment: the offender pays each of the other three B + face·T.")
    xg = cl.clause("tw16", "TW-XG-1")
    assert "缺張 short count" in xg["text"] and xg["title"].startswith("causes")
    tai = cl.clause("tw16", "TW-TAI-8")
    assert tai["title"] == "對對和 all triplets" and "tai: 4" in tai["text"]
    assert "count only the higher (TW-TAI-0)" in cl.clause("tw16", "TW-TAI-0")["text"]


# --- the generator on small rulebooks --------------------------------------------------------

BOOK = """# Test rulebook (variant `tw16`), structured for code

Version: **tw16-test.1**

## 1. Flow of a hand (TW-FLOW)

Intro of the flow.

- TW-FLOW-1 deal: each player takes 16 tiles; the dealer
  takes one more (TW-XP).
- TW-FLOW-2 a clause with no lead phrase (it says: nothing) and goes on.
  - TW-FLOW-2.1 nested: its own text.
  - an ID-less point of TW-FLOW-2,
    continued here.
- An ID-less point of the family.

### TW-XG 相公 dead hand
- TW-XG-1 causes: *Interpretation:* `short` count.

| ID | pattern | tai | definition |
|---|---|---|---|
| TW-TAI-3 | 門清 concealed | 1 | no 吃 |
| not an ID | x | 2 | y |

Count every pattern that holds (TW-TAI-0). The flow is cited here too (TW-FLOW-1).
"""


def test_the_generator_reads_items_nested_items_tables_headings_and_cited_sentences():
    data = cl.generate(BOOK)
    assert data["variant"] == "tw16" and data["rulebook"] == "tw16-test.1"
    c = data["clauses"]
    assert c["TW-FLOW"] == {"title": "Flow of a hand",
                            "text": "Intro of the flow.\n- An ID-less point of the family."}
    assert c["TW-FLOW-1"] == {"title": "deal", "text": "deal: each player takes 16 tiles; the "
                              "dealer takes one more (TW-XP)."}
    assert c["TW-FLOW-2"]["title"] == "Flow of a hand"  # no lead phrase: its family's title
    assert c["TW-FLOW-2"]["text"].endswith("  - an ID-less point of TW-FLOW-2, continued here.")
    assert c["TW-FLOW-2.1"] == {"title": "nested", "text": "nested: its own text."}
    assert c["TW-XG-1"] == {"title": "causes", "text": "causes: Interpretation: short count."}
    assert c["TW-TAI-3"] == {"title": "門清 concealed", "text": "tai: 1; definition: no 吃"}
    assert c["TW-TAI-0"]["text"] == "Count every pattern that holds (TW-TAI-0)."
    # near misses: a cited ID defined elsewhere keeps its definition; a mention is no clause
    assert c["TW-FLOW-1"]["title"] == "deal" and "TW-XP" not in c
    assert "not an ID" not in c


AMENDMENT = """# tw16 test: amendment to RULEBOOK.md (tw16-test.1 → tw16-test.2)

## 3. Rulesets (TW-RS, new)

- TW-RS-1 presets. A preset names a table.

| key | value |
|---|---|
| TW-TAI-3 | 2 |

### 6.1 TW-TAI-3.common 門清 read otherwise (option)

The new reading.

- TW-TAI-3 门清: a rulebook clause named again by the amendment is no new clause.
"""


def test_a_heading_of_two_families_gives_both_and_a_bare_seed_citation_goes():
    """RULEBOOK_WH's headings name two families ("(WH-FAN, WH-PAY)"): each is a family with the
    heading's words, and lists its own clauses when it has none; "(default, seed 002)" reads
    "(default)". Near miss: a one-family heading has no sibling."""
    book = ("# T (variant `tw16`)\n\nVersion: **tw16-test.1**\n\n## 4. Items and money (TW-FAN, TW-PAY)\n\n"
            "Both families' words.\n\n- TW-FAN-0 procedure: the items (default, seed 002).\n"
            "- TW-PAY-1 money: the shares (seed).\n\n## 5. Other (TW-OT, TW-XX)\n\n- TW-XX-1 x.\n- TW-OT-1 y.\n"
            "\n## 6. Alone (TW-AL)\n\n- TW-AL-1 z.\n")
    c = cl.generate(book)["clauses"]
    assert c["TW-FAN"] == c["TW-PAY"] == {"title": "Items and money", "text": "Both families' words."}
    assert c["TW-OT"]["text"] == "Clauses: TW-OT-1." and c["TW-XX"]["text"] == "Clauses: TW-XX-1."
    assert c["TW-FAN-0"]["text"] == "procedure: the items (default)."
    assert c["TW-PAY-1"]["text"] == "money: the shares."
    assert c["TW-AL"]["text"] == "Clauses: TW-AL-1." and "TW-AL-1" not in c["TW-OT"]["text"]


def test_the_wuhan_clauses_are_whole():
    """WH clauses: the families each heading names (WH-HZ, WH-PAY, WH-IRR are families, not the
    sentences of §11 that cite them), the item tables, the rows of parts."""
    wh = cl.generate(rulebook_markdown("wuhan"))["clauses"]
    assert wh["WH-PAY"]["title"] == wh["WH-FAN"]["title"] == "翻 items and money"
    assert wh["WH-HZ"]["text"] == "Clauses: WH-HZ-1; WH-HZ-2 红中杠."
    assert wh["WH-IRR"]["text"].startswith("Wuhan sources name") and "14." not in wh["WH-IRR"]["text"]
    assert wh["WH-FLOW-4"]["text"].endswith("A kong that breaks this clause is a wrong kong (WH-IRR-2).")
    assert wh["WH-FAN-10"]["title"] == "自摸" and "1.5 big" in wh["WH-FAN-10"]["text"]
    assert cl.parent("WH-FAN-7.claimed") == "WH-FAN-7" and "WH-FAN-7" in wh
    assert wh["WH-CB-2"]["text"].splitlines()[-1].startswith("Example (B = 5): B, with four claimed sets")
    assert "(default)" in wh["WH-LZ-2"]["text"] and "(default,)" not in wh["WH-LZ-2"]["text"]
    assert len(wh) > 100
def test_a_line_after_an_items_nested_points_stays_with_the_item_and_a_long_title_line_reads():
    """RULEBOOK_SC's title names more than the variant; SC-FLOW-9's last line, indented under its
    nested points, is SC-FLOW-9's (not its family's)."""
    book = ("# Sichuan test (variant `tw16`, 四川麻将 血战到底)\n\nVersion: **tw16-test.1**\n\n"
            "## 1. Flow (TW-FLOW)\n\n- TW-FLOW-9 next dealer:\n  - the first winner;\n"
            "  - no win: the dealer keeps.\n  A win in state.left_play counts.\n  and goes on.\n"
            "- TW-FLOW-10 next.\n")
    c = cl.generate(book)["clauses"]
    assert c["TW-FLOW-9"]["text"] == ("next dealer:\n  - the first winner;\n  - no win: the dealer "
                                      "keeps.\nA win in state.left_play counts. and goes on.")
    assert "left_play" not in c["TW-FLOW"]["text"]  # near miss: nothing of TW-FLOW-9 leaks into its family
    assert c["TW-FLOW-10"]["text"] == "next."


def test_the_sichuan_clauses_are_whole():
    """Every SC clause reads whole: SC-FLOW-9 keeps its closing lines, the 番 rows their values."""
    sc = cl.generate(rulebook_markdown("sichuan"))["clauses"]
    assert sc["SC-FLOW-9"]["text"].endswith("There is no round wind: next.round_wind is null.")
    assert "left_play" not in sc["SC-FLOW"]["text"]
    assert sc["SC-FAN-9"]["title"] == "龙七对 dragon seven pairs" and "番: 4; class: P" in sc["SC-FAN-9"]["text"]
    assert sc["SC-XZ-1"]["text"].startswith("a valid win does not end the hand: the winner leaves play (成都 practice;")
    assert sc["SC-CH"]["text"].startswith('"流局查卫生（查花猪）". 查大叫 and 退税')
    assert "(Proposal, as HK-FLOW-8)" in sc["SC-FLOW-7"]["text"]
    assert len(sc) > 100


def test_an_amendment_adds_its_clauses_and_moves_the_version_on():
    data = cl.generate(BOOK, (AMENDMENT,))
    c = data["clauses"]
    assert data["rulebook"] == "tw16-test.2" and c["TW-RS"]["title"] == "Rulesets"
    assert c["TW-RS-1"] == {"title": "presets", "text": "presets. A preset names a table."}
    assert c["TW-TAI-3.common"]["title"] == "門清 read otherwise (option)"
    assert c["TW-TAI-3.common"]["text"].startswith("The new reading.")
    # near miss: the rulebook's own clause keeps its text (the amendment's table is data)
    assert c["TW-TAI-3"] == cl.generate(BOOK)["clauses"]["TW-TAI-3"]
    with pytest.raises(cl.ClauseError, match="the version it amends"):
        cl.generate(BOOK, (AMENDMENT.replace("tw16-test.1 →", "tw16-test.0 →"),))


@pytest.mark.parametrize("book, fragment", [
    pytest.param("# A rulebook without its variant\n", "must name its variant", id="no-variant"),
    pytest.param("# R (variant `tw16`)\n- TW-A-1 one.\n- TW-A-1 again.\n", "defined twice",
                 id="twice"),
])
def test_a_rulebook_the_generator_cannot_read(book, fragment):
    with pytest.raises(cl.ClauseError, match=fragment):
        cl.generate(book)


def test_the_command_writes_the_variants_file(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(cl, "HERE", tmp_path)
    (tmp_path / "tw16").mkdir()
    book = tmp_path / "book.md"
    book.write_text(BOOK, encoding="utf-8")
    assert cl.main([str(book)]) == 0
    written = json.loads((tmp_path / "tw16" / "clauses.json").read_text(encoding="utf-8"))
    assert written == cl.generate(BOOK)
    assert cl.main([]) == 2 and cl.main([str(tmp_path / "nothing.md")]) == 2
    book.write_text(BOOK.replace("`tw16`", "`go`"), encoding="utf-8")
    assert cl.main([str(book)]) == 2
    assert "no rulebook package" in capsys.readouterr().err


# --- the API --------------------------------------------------------------------------------


@pytest.fixture
def client(tmp_path):
    app = make_app(tmp_path / "api.db")  # no public reads: these need no key anyway
    yield app.test_client()
    store_of(app).close()


def test_the_rulebooks_are_listed_without_a_key(client):
    body = client.get("/v1/rulebooks").get_json()
    books = {b["variant"]: b for b in body["rulebooks"]}
    assert set(books) == set(VARIANTS)
    tw16 = books["tw16"]
    assert tw16["rulebook"] == get("tw16").RULEBOOK_VERSION and tw16["presets"] == ["seed000", "common"]
    spec = get("tw16").OPTIONS_SPEC
    assert {k: v["default"] for k, v in tw16["options"].items()} == {k: v[1] for k, v in spec.items()}
    assert tw16["options"]["lik_gu"]["values"] == "boolean"
    assert tw16["options"]["false_win_face"]["values"] == ["as_declared", "standalone", "fixed:K"]


def test_the_tw16_presets_are_listed_with_their_options_and_values(client):
    """RULEBOOK_TW16_PRESETS §7: each option's value and each tai_table key's value per preset."""
    tw16 = {b["variant"]: b for b in client.get("/v1/rulebooks").get_json()["rulebooks"]}["tw16"]
    assert tw16["options"]["buqiu"] == {"values": ["instead_of_zimo", "with_zimo"], "default": "instead_of_zimo",
                                        "clause": "TW-TAI-4",
                                        "presets": {"seed000": "instead_of_zimo", "common": "with_zimo"}}
    assert tw16["options"]["kong_from_upper"]["presets"] == {"seed000": True, "common": False}
    assert tw16["tai_table"]["TW-TAI-33"] == {"default": 16, "presets": {"seed000": 16, "common": 24}}
    assert tw16["tai_table"]["TW-TAI-7"] == {"default": 2, "presets": {"seed000": 2, "common": 2}}
    assert set(tw16["tai_table"]) == set(get("tw16").PRESET_TAI["seed000"])


@pytest.mark.parametrize("cid", ["TW-RS-1", "TW-RS-2", "TW-RS-3", "TW-RS-4", "TW-XP-9", "TW-TAI-4.common",
                                 "TW-TAI-32.common", "TW-TAI-34.common", "TW-TAI-35.common"])
def test_the_preset_clauses_answer_with_their_own_text(client, cid):
    body = client.get(f"/v1/rulebooks/tw16/clauses/{cid}").get_json()
    assert body["clause"] == cid and body["rulebook"] == "tw16-2026.12" and body["text"]
    if cid.endswith(".common"):  # not the clause it varies
        assert body["text"] != cl.clauses("tw16")[cid.split(".")[0]]["text"]


def test_a_clause_by_id_and_a_sub_id_by_its_clause(client):
    body = client.get("/v1/rulebooks/tw16/clauses/TW-ZH-2").get_json()
    assert body == {"variant": "tw16", "rulebook": get("tw16").RULEBOOK_VERSION, "id": "TW-ZH-2",
                    "clause": "TW-ZH-2", **cl.clauses("tw16")["TW-ZH-2"]}
    sub = client.get("/v1/rulebooks/tw16/clauses/TW-TAI-26.set").get_json()
    assert sub["id"] == "TW-TAI-26.set" and sub["clause"] == "TW-TAI-26"


@pytest.mark.parametrize("url, fragment", [
    pytest.param("/v1/rulebooks/tw16/clauses/TW-ZH-99", "no clause 'TW-ZH-99'", id="clause"),
    pytest.param("/v1/rulebooks/solitaire/clauses/TW-ZH-2", "no rulebook for variant 'solitaire'", id="variant"),
])
def test_what_the_rulebooks_do_not_have_is_404_in_the_envelope(client, url, fragment):
    response = client.get(url)
    body = response.get_json()
    assert response.status_code == 404 and set(body) == ENVELOPE
    assert body["status"] == "not_found" and fragment in body["message"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_clause_text_cites_the_source_rules_readers_do_not_have(variant):
    for cid, c in cl.clauses(variant).items():
        for part in (c["title"], c["text"]):
            assert not re.search(r"\bseed \d{3}|\bthe seed\b", part), (cid, part)


@pytest.mark.parametrize("text, reader", [
    ("dora from an indicator (seed 004 table): suits", "dora from an indicator: suits"),
    ("before the declaration (seed 001: 無人吃碰情況下; a claim undone)", "before the declaration (無人吃碰情況下; a claim undone)"),
    ("honba + 1 (seed 004, RJ-ABT-0);", "honba + 1 (RJ-ABT-0);"),
    ("must show (seed 004: riichi players must show)", "must show (riichi players must show)"),
    ("the false win ends it; seed 000 treats the penalty", "the false win ends it; club practice treats the penalty"),
    ("(the seed's 末八張內除外)", "(club practice's 末八張內除外)"),
    ("ruleset.preset names a preset: seed000 (the default)", "ruleset.preset names a preset: seed000 (the default)"),
    ("Seed 002 names 刮风下雨 without figures.", "Club practice names 刮风下雨 without figures."),
    ('Seed 002: "流局查卫生（查花猪）". 查大叫 too.', '"流局查卫生（查花猪）". 查大叫 too.'),
    ("the winner leaves play (seed 002's 成都 practice; [MA])", "the winner leaves play (成都 practice; [MA])"),
])
def test_a_citation_of_the_source_rules_is_taken_out_and_a_preset_keeps_its_name(text, reader):
    assert cl.unsourced(text) == reader
