"""``referee audit`` meets the same game twice (issue 30): a Tenhou game by its recorded id or its
content (the same game as mjlog and as tenhou.net/6 JSON, a byte copy), an mjref/1 document by
its canonical JSON (a copy re-indented, with its keys in another order, a JSON Lines line). Each
game is audited once, every copy listed with the file it repeats in the table and the JSON and
CSV reports; ``--keep-duplicates`` audits them all. Near misses: a game cut short, a document
that differs in one value. Records are read from ../shared/data and copied only into tmp_path."""
from __future__ import annotations

import csv
import json
import shutil

from api.audit.audit_duplicates import Duplicates, document_identity, tenhou_identity
from api.cli import main
from api.records.tenhou import import_tenhou
from tests.servicekit import ROOT
from tests.test_tenhou_import import MORE, TENHOU, needs_data

TWIN_XML = MORE / "mjlog2json" / "2019103023gm-00a9-0000-f90e0fe9.xml"
TWIN_JSON = MORE / "mjlog2json" / "2019103023gm-00a9-0000-f90e0fe9.json"  # the same game
OTHER = TENHOU / "dnovikoff" / "pao.xml"


def run(capsys, *argv):
    code = main(["audit", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def report(path):
    return json.loads(path.read_text(encoding="utf-8"))


@needs_data
def test_the_same_game_in_two_formats_and_a_byte_copy_is_audited_once(capsys, tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(TWIN_JSON, folder / "a.json")
    shutil.copy(TWIN_XML, folder / "b.xml")       # the same game as mjlog XML
    shutil.copy(OTHER, folder / "c.xml")
    shutil.copy(OTHER, folder / "d-copy.xml")     # a byte copy
    hands = len(import_tenhou(TWIN_XML)[0]["hands"])
    other = len(import_tenhou(OTHER)[0]["hands"])
    out_json, out_csv = tmp_path / "r.json", tmp_path / "r.csv"
    code, out, _ = run(capsys, folder, "--jobs", "2", "--json", out_json, "--csv", out_csv)
    assert code == 0
    assert "Audit: 2 documents, 2 ruled, 0 rejected" in out
    assert (f"Duplicates: 2 record(s) of a game already met ({hands + other:,} hands), left out "
            "(--keep-duplicates audits them)\n"
            f"  {folder / 'b.xml'}: same game as {folder / 'a.json'} (same deal, dora and money)\n"
            f"  {folder / 'd-copy.xml'}: same game as {folder / 'c.xml'} (same deal, dora and money)\n"
            ) in out
    assert f"Hands: {hands + other:,} " in out  # each game's hands counted once
    found = report(out_json)
    assert [(d["source"].rsplit("/", 1)[1], d["status"], d.get("duplicate_of", "").rsplit("/", 1)[-1])
            for d in found["documents"]] == [("a.json", "ruled", ""), ("b.xml", "duplicate", "a.json"),
                                             ("c.xml", "ruled", ""), ("d-copy.xml", "duplicate", "c.xml")]
    assert found["summary"]["hands"] == hands + other
    assert found["summary"]["duplicates"]["kept"] is False
    assert [d["source"] for d in found["summary"]["duplicates"]["found"]] == \
        [str(folder / "b.xml"), str(folder / "d-copy.xml")]
    assert found["summary"]["tenhou"]["records"] == 2
    rows = {r["source"].rsplit("/", 1)[1]: r for r in csv.DictReader(out_csv.open(encoding="utf-8"))}
    assert rows["b.xml"]["status"] == "duplicate" and rows["b.xml"]["duplicate_of"] == str(folder / "a.json")
    assert rows["a.json"]["duplicate_of"] == "" and rows["a.json"]["hands"] == str(hands)

    code, out, _ = run(capsys, folder, "--jobs", "1", "--keep-duplicates", "--json", out_json)
    assert code == 0 and "Audit: 4 documents, 4 ruled, 0 rejected" in out
    assert "Duplicates: 2 record(s) of a game already met" in out and "audited and counted (--keep-duplicates)" in out
    kept = report(out_json)
    assert kept["summary"]["hands"] == 2 * (hands + other)
    assert [d["status"] for d in kept["documents"]] == ["ruled"] * 4
    assert kept["documents"][1]["duplicate_of"] == str(folder / "a.json")


@needs_data
def test_a_recorded_id_makes_the_same_game_and_a_cut_copy_without_it_is_another(capsys, tmp_path):
    game = json.loads(TWIN_JSON.read_text(encoding="utf-8"))
    cut = dict(game, log=game["log"][:-1])  # the last hand cut off: other content, the same ref
    (tmp_path / "1-full.json").write_text(json.dumps(game), encoding="utf-8")
    (tmp_path / "2-cut.json").write_text(json.dumps(cut), encoding="utf-8")
    shorter = {k: v for k, v in game.items() if k != "ref"} | {"log": game["log"][:-2]}
    (tmp_path / "3-cut-no-ref.json").write_text(json.dumps(shorter), encoding="utf-8")
    out_json = tmp_path / "r.json"
    code, out, _ = run(capsys, tmp_path / "1-full.json", tmp_path / "2-cut.json",
                       tmp_path / "3-cut-no-ref.json", "--jobs", "1", "--json", out_json)
    assert code == 0 and "Audit: 2 documents, 2 ruled" in out
    assert f"2-cut.json: same game as {tmp_path / '1-full.json'} (recorded id {game['ref']})" in out
    statuses = [d["status"] for d in report(out_json)["documents"]]
    assert statuses == ["ruled", "duplicate", "ruled"]  # the near miss: no id, other content


def test_a_document_is_the_same_whatever_its_layout_and_a_changed_one_is_not(capsys, tmp_path):
    doc = json.loads((ROOT / "examples" / "discard-win.json").read_text(encoding="utf-8"))
    (tmp_path / "a.json").write_text(json.dumps(doc), encoding="utf-8")
    (tmp_path / "b.json").write_text(json.dumps(dict(reversed(doc.items())), indent=3), encoding="utf-8")
    changed = json.loads(json.dumps(doc))
    changed["ruleset"]["base"] = changed["ruleset"].get("base", 100) + 1
    (tmp_path / "c.jsonl").write_text(json.dumps(doc) + "\n" + json.dumps(changed) + "\n", encoding="utf-8")
    out_json = tmp_path / "r.json"
    code, out, _ = run(capsys, tmp_path, "--jobs", "2", "--json", out_json)
    assert code == 0 and "Audit: 2 documents, 2 ruled" in out
    assert f"Duplicates: 2 record(s) of a game already met (2 hands)" in out
    assert f"  {tmp_path / 'b.json'}: same game as {tmp_path / 'a.json'} (same document)" in out
    assert f"  {tmp_path / 'c.jsonl'}:1: same game as {tmp_path / 'a.json'} (same document)" in out
    assert [d["status"] for d in report(out_json)["documents"]] == ["ruled", "duplicate", "duplicate", "ruled"]
    assert document_identity(doc) != document_identity(changed)


@needs_data
def test_the_content_key_reads_no_names_and_no_encoding():
    xml_doc, xml_rec = import_tenhou(TWIN_XML)
    json_doc, json_rec = import_tenhou(TWIN_JSON)
    assert xml_rec["id"] is None and json_rec["id"] == TWIN_JSON.stem
    assert tenhou_identity(json_doc, json_rec) == [f"id:{TWIN_JSON.stem}", tenhou_identity(xml_doc, xml_rec)[0]]
    def renamed(value):
        return json.loads(json.dumps(value).replace('"' + xml_doc["players"][0] + '"', '"someone else"'))

    assert tenhou_identity(renamed(xml_doc), renamed(xml_rec)) == tenhou_identity(xml_doc, xml_rec)
    moved = json.loads(json.dumps(xml_rec))
    moved["hands"][0]["deltas"] = {p: -n for p, n in moved["hands"][0]["deltas"].items()}
    assert tenhou_identity(xml_doc, moved) != tenhou_identity(xml_doc, xml_rec)  # other money


def test_duplicates_keeps_the_first_source_whichever_key_matches():
    seen = Duplicates()
    first = seen.check({"source": "a", "status": "ruled", "identity": ["id:X", "content:1"], "ruling": {"hands": [{}]}})
    assert first == {"source": "a", "status": "ruled", "ruling": {"hands": [{}]}}  # identity taken out
    assert seen.check({"source": "b", "status": "ruled", "identity": ["content:1"]})["duplicate_of"] == "a"
    assert seen.check({"source": "c", "status": "ruled", "identity": ["id:X", "content:2"]})["same"] == "recorded id X"
    assert seen.check({"source": "d", "status": "ruled", "identity": ["content:2"]})["duplicate_of"] == "a"
    assert seen.check({"source": "e", "status": "ruled", "identity": ["content:3"]})["status"] == "ruled"
    assert seen.check({"source": "f", "status": "rejected", "errors": {}})["status"] == "rejected"
    assert [e["source"] for e in seen.found] == ["b", "c", "d"]
