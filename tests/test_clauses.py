"""The clause texts shipped with each rulebook (rulesbook.clauses) and the API that serves them:
the committed file is what the generator makes of the rulebook now, every clause the code cites has
a text, and GET /v1/rulebooks… answers without a key, 404 in the envelope for what is not there."""
import json
import re

import pytest

from rulesbook import VARIANTS, get
from rulesbook import clauses as cl
from tests.servicekit import ROOT, make_app, store_of

SPEC = ROOT.parent / "shared" / "spec"
ENVELOPE = {"code", "status", "message", "errors"}


def rulebook_markdown(variant: str) -> str:
    """The shared rulebook whose title names ``variant``."""
    if not SPEC.is_dir():
        pytest.skip(f"{SPEC} is not here: the rulebooks are read from ../shared in place")
    for path in sorted(SPEC.glob("RULEBOOK*.md")):
        text = path.read_text(encoding="utf-8")
        if f"(variant `{variant}`)" in text.splitlines()[0]:
            return text
    pytest.fail(f"no rulebook in {SPEC} names the variant {variant}")


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_shipped_clauses_are_what_the_rulebook_gives_now(variant):
    shipped = json.loads(cl.path_of(variant).read_text(encoding="utf-8"))
    fresh = cl.generate(rulebook_markdown(variant))
    assert cl.dumps(fresh) == cl.dumps(shipped), (
        f"rulesbook/{variant}/clauses.json is stale: python -m rulesbook.clauses <the rulebook>")
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
    assert tw16["rulebook"] == get("tw16").RULEBOOK_VERSION and "presets" not in tw16
    spec = get("tw16").OPTIONS_SPEC
    assert {k: v["default"] for k, v in tw16["options"].items()} == {k: v[1] for k, v in spec.items()}
    assert tw16["options"]["lik_gu"]["values"] == "boolean"
    assert tw16["options"]["false_win_face"]["values"] == ["as_declared", "standalone", "fixed:K"]


def test_a_clause_by_id_and_a_sub_id_by_its_clause(client):
    body = client.get("/v1/rulebooks/tw16/clauses/TW-ZH-2").get_json()
    assert body == {"variant": "tw16", "rulebook": get("tw16").RULEBOOK_VERSION, "id": "TW-ZH-2",
                    "clause": "TW-ZH-2", **cl.clauses("tw16")["TW-ZH-2"]}
    sub = client.get("/v1/rulebooks/tw16/clauses/TW-TAI-26.set").get_json()
    assert sub["id"] == "TW-TAI-26.set" and sub["clause"] == "TW-TAI-26"


@pytest.mark.parametrize("url, fragment", [
    pytest.param("/v1/rulebooks/tw16/clauses/TW-ZH-99", "no clause 'TW-ZH-99'", id="clause"),
    pytest.param("/v1/rulebooks/hk/clauses/TW-ZH-2", "no rulebook for variant 'hk'", id="variant"),
])
def test_what_the_rulebooks_do_not_have_is_404_in_the_envelope(client, url, fragment):
    response = client.get(url)
    body = response.get_json()
    assert response.status_code == 404 and set(body) == ENVELOPE
    assert body["status"] == "not_found" and fragment in body["message"]
