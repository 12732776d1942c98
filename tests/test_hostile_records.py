"""Issue 32, items 2, 3 and 6 (records): one reading of every input. A JSON object that gives a name
twice is refused at its path, wherever a document or a record is read; every malformed Tenhou record
is an input error naming the record's place (``referee import`` exits 2, ``referee audit`` lists it
as rejected and goes on, its reports written); a gzip record is inflated under a size and ratio cap.
"""
from __future__ import annotations

import copy
import gzip
import json
import subprocess
import sys

import pytest

from api.audit.audit_items import REJECTED, RULED, rule_tenhou
from api.cli import main
from api.documents.documents import adjudicate_data
from api.documents.jsonvalues import JsonError, decode_json
from api.limits import MAX_INFLATION, MAX_RECORD_BYTES
from api.records.tenhou import TenhouError, import_tenhou, inflate
from tests.servicekit import EXAMPLE, ROOT, counts, make_app, role_headers, store_of
from tests.test_tenhou_import import MINI, SIX, TENHOU, needs_data

GOOD = TENHOU / "mjx-json" / "2010081709gm-00a9-0000-fe3371ad.json"
DUPLICATE_TAI = json.dumps(EXAMPLE).replace('"tai": 20', '"tai": 20, "tai": 2000')


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def six(**change) -> bytes:
    return json.dumps(dict(copy.deepcopy(SIX), **change)).encode()


def six_hand(part: int, value: object) -> bytes:
    record = copy.deepcopy(SIX)
    record["log"][0][part] = value
    return json.dumps(record).encode()


# --- item 2: a name given twice ------------------------------------------------------------------


def test_a_repeated_name_is_refused_at_its_path():
    assert '"tai": 20, "tai": 2000' in DUPLICATE_TAI
    with pytest.raises(JsonError) as info:
        decode_json(DUPLICATE_TAI)
    assert list(info.value.errors) == ["ruleset.tai"]
    assert "given more than once" in info.value.errors["ruleset.tai"][0]
    with pytest.raises(JsonError) as info:
        decode_json('{"a": [{"b": 1, "c": {"d": 1, "d": 1}}]}')  # even with the same value
    assert list(info.value.errors) == ["a[0].c.d"]


def test_near_miss_the_same_name_in_two_objects_is_read():
    assert decode_json('{"a": {"x": 1}, "b": {"x": 2}, "x": 3}') == {"a": {"x": 1}, "b": {"x": 2}, "x": 3}


def test_cli_adjudicate_refuses_a_repeated_name(capsys, tmp_path):
    path = tmp_path / "dup.json"
    path.write_text(DUPLICATE_TAI, encoding="utf-8")
    code, out, err = run(capsys, "adjudicate", str(path))
    assert code == 2 and out == ""
    assert err.startswith("error: ruleset.tai: this name is given more than once")


@pytest.mark.parametrize("url", ["/v1/rulings", "/v1/games"])
def test_http_refuses_a_repeated_name_and_stores_nothing(tmp_path, url):
    app = make_app(tmp_path / "api.db")
    client = app.test_client()
    keys = role_headers(store_of(app))
    response = client.post(url, data=DUPLICATE_TAI, content_type="application/json",
                           headers=keys["referee"])
    body = response.get_json()
    assert response.status_code == 400 and body["code"] == 400, body
    assert "ruleset.tai" in body["errors"]
    assert counts(store_of(app))["games"] == 0
    store_of(app).close()


def test_a_tenhou6_record_with_a_repeated_name_is_refused():
    text = six().decode().replace('"aka": 1', '"aka": 1, "aka": 0')
    with pytest.raises(TenhouError, match=r"^at rule\.aka: this name is given more than once"):
        import_tenhou(text.encode())


# --- item 3: every malformed record is an input error at its place ---------------------------------


@pytest.mark.parametrize("record, message", [
    pytest.param(six().replace(b"25000", b"1e400", 1), r"^at log\[0\]\[1\]\[0\]: the number 1e400 "
                 r"cannot be read: not a finite number", id="1e400"),
    pytest.param(six().replace(b"25000", b"9" * 5000, 1), r"^at log\[0\]\[1\]\[0\]: .* an integer "
                 r"of 5,000 digits", id="5000-digits"),
    pytest.param(six(name=["A", 7, "C", "D"]), r"^'name' is not a list of names", id="number-name"),
    pytest.param(six_hand(1, [{}, 25000, 25000, 25000]), r"^hand 0: a score \{\} is not a whole number",
                 id="object-score"),
    pytest.param(six_hand(1, [25000, 10**13, 25000, 25000]), r"^hand 0: a score 10000000000000 is "
                 r"out of range", id="huge-score"),
    pytest.param(six_hand(0, [0, 5000, 0]), r"^hand 0: the honba 5000 is out of range", id="honba"),
    pytest.param(six_hand(16, ["流局", [1, 2, 3]]), r"^hand 0: the score changes \[1, 2, 3\] are not 4",
                 id="short-deltas"),
    pytest.param(six_hand(16, ["和了", [0, 0, 0, 0], [9, 0, 0, "1000点"]]), r"^hand 0: a seat 9 is out",
                 id="seat-9"),
    pytest.param(six(sc=[1e300, 0, 25000, 0, 25000, 0, 25000, 0]), r"^'sc': a final score 1e\+300",
                 id="float-final-score"),
    pytest.param(b'{"log": [' + b"[" * 100_000 + b"]" * 100_000 + b"]}", r"^JSON nested deeper than 64",
                 id="100000-nested"),
    pytest.param(six().replace(b'"A"', b'"\\ud800"', 1), r"^at name\[0\]: this string holds a lone "
                 r"surrogate", id="lone-surrogate"),
    pytest.param(six_hand(4, "11,12"), r"^hand 0: part 4 is '11,12', not a list", id="string-deal"),
    pytest.param(json.dumps({**SIX, "log": [SIX["log"][0][:5] + [[], [], SIX["log"][0][7], [], []]
                                            + SIX["log"][0][10:16] + [["三家和了"]]]}).encode(),
                 r"^hand 0: three rons \(三家和了\) with no discard", id="triple-ron-before-a-discard"),
    pytest.param(MINI.format(more='<AGARI who="1" fromWho="0" machi="16" ten="30,' + "9" * 5000
                             + ',0" sc="0,0,0,0,0,0,0,0" hai="0"/>').encode(),
                 r"^hand 0, tag 6 <AGARI>: ten value '9999.* is not a whole number", id="mjlog-5000-digits"),
    pytest.param(MINI.format(more='<RYUUKYOKU sc="250,0,250,0,250,0,250,0" owari="250,1e400,250,0,'
                             '250,0,250,0"/>').encode(), r"owari points '1e400' is not a number",
                 id="mjlog-owari-inf"),
    pytest.param(MINI.replace('ten="250,250,250,250"', 'ten="250,250,250,9999999999999"')
                 .format(more="").encode(), r"^tag 3 <INIT>: ten value 9999999999999 is out", id="mjlog-ten"),
])
def test_a_malformed_record_is_an_input_error_at_its_place(record, message):
    with pytest.raises(TenhouError, match=message):
        import_tenhou(record)


def test_near_miss_the_well_formed_record_imports():
    doc, recorded = import_tenhou(six())
    assert doc["players"] == ["A", "B", "C", "D"] and recorded["hands"][0]["draw"] == "nine_terminals"


def test_a_corrupt_deflate_block_is_a_broken_gzip():
    packed = bytearray(gzip.compress(MINI.format(more="").encode() * 20))
    packed[30] ^= 0xFF
    packed[31] ^= 0x55
    with pytest.raises(TenhouError, match=r"^broken gzip data \("):
        import_tenhou(bytes(packed))
    with pytest.raises(TenhouError, match="ends before the end"):
        import_tenhou(gzip.compress(MINI.format(more="").encode())[:-12])


def test_gzip_members_and_padding_inflate_as_gzip_reads_them():
    text = MINI.format(more="").encode()
    two = gzip.compress(text[:100]) + gzip.compress(text[100:]) + b"\0" * 8
    assert inflate(two) == gzip.decompress(two) == text


# --- item 6 (records): bounded inflation --------------------------------------------------------


def test_a_gzip_bomb_is_refused_before_it_is_inflated():
    """64 MiB of zeros in 64 KB: past MAX_INFLATION at once. The refusal is fast and needs little
    memory (measured in a child process: its peak is well under the bomb's size)."""
    bomb = gzip.compress(b"\0" * (64 * 2**20), compresslevel=9)
    assert len(bomb) * MAX_INFLATION < 64 * 2**20
    with pytest.raises(TenhouError, match=r"^gzip data inflating past [\d,]+ bytes"):
        import_tenhou(bomb)
    code = ("import gzip, resource, sys; from api.records.tenhou import import_tenhou, TenhouError\n"
            "bomb = sys.stdin.buffer.read()\n"
            "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
            "try:\n    import_tenhou(bomb)\nexcept TenhouError:\n    pass\n"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)")
    grown_kb = int(subprocess.run([sys.executable, "-c", code], input=bomb, capture_output=True,
                                  check=True, cwd=ROOT).stdout)
    assert grown_kb * 1024 < 16 * 2**20  # under a quarter of the bomb; it would be 64 MiB inflated


def test_near_miss_a_record_under_the_ratio_inflates():
    text = MINI.format(more="").encode()
    assert len(text) < MAX_INFLATION * len(gzip.compress(text))
    assert import_tenhou(gzip.compress(text)) == import_tenhou(text)


def test_a_record_past_the_size_cap_is_refused(tmp_path):
    big = tmp_path / "big.xml"
    big.write_bytes(b"<mjloggm>" + b" " * MAX_RECORD_BYTES + b"</mjloggm>")
    with pytest.raises(TenhouError, match=r"^more than [\d,]+ bytes"):
        import_tenhou(str(big))


# --- the ways in: import exits 2, audit lists and goes on ---------------------------------------


HOSTILE = {"inf.json": six().replace(b"25000", b"1e400", 1),
           "nested.json": b'{"log": [' + b"[" * 100_000 + b"]" * 100_000 + b"]}",
           "surrogate.json": six().replace(b'"A"', b'"\\ud800"', 1),
           "deflate.mjlog": gzip.compress(MINI.format(more="").encode())[:-30] + b"\x00" * 30,
           "bomb.mjlog": gzip.compress(b"<mjloggm>" + b" " * (16 * 2**20), compresslevel=9),
           "dup.json": six().replace(b'"aka": 1', b'"aka": 1, "aka": 0')}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_cli_import_exits_2_naming_the_record(capsys, tmp_path, name):
    path = tmp_path / name
    path.write_bytes(HOSTILE[name])
    code, out, err = run(capsys, "import", "tenhou", str(path))
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.startswith(f"error: {path}: ") and err.count("\n") == 1


@needs_data
def test_audit_lists_hostile_records_as_rejected_and_writes_its_reports(capsys, tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    for name, data in HOSTILE.items():
        (folder / name).write_bytes(data)
    (folder / "good.json").write_bytes(GOOD.read_bytes())
    report, table, db = tmp_path / "report.json", tmp_path / "hands.csv", tmp_path / "audit.db"
    code, out, err = run(capsys, "audit", str(folder), "--jobs", "1", "--json", str(report),
                         "--csv", str(table), "--store", "--db", str(db))
    assert "Traceback" not in err and ", 0 internal errors" in out + err
    assert code == 2  # documents rejected, none in error
    summary = json.loads(report.read_text(encoding="utf-8"))["summary"]
    assert summary["rejected"] == len(HOSTILE) and summary["ruled"] == 1
    assert summary["internal_errors"] == 0 and summary["stored"]
    assert table.read_text(encoding="utf-8").count("\n") >= 2  # the header and the good record's hand


@needs_data
def test_rule_tenhou_outcomes():
    out = rule_tenhou("inf", HOSTILE["inf.json"])
    assert out["status"] == REJECTED and "1e400" in out["errors"][""][0]
    assert rule_tenhou("good", str(GOOD))["status"] == RULED



# --- the riichi engine: a win on a discard before any discard --------------------------------------


def test_a_riichi_ron_before_any_discard_is_an_input_error():
    """RJ: a ``win`` with ``how: discard`` when no discard is on offer (the dealer has drawn and
    declared riichi, nothing discarded yet): the replay refuses it at its event, no TypeError."""
    from referee.errors import InputError
    from tests.riichikit import Hand
    from tests.test_riichi_clauses import DEAL

    for hand in (Hand(DEAL).draw("A").riichi("A").win("B", "discard", "1m", frm="A"),
                 Hand(DEAL).win("B", "discard", "1m", frm="A")):
        with pytest.raises(InputError) as info:
            adjudicate_data(hand.doc())
        assert list(info.value.errors.values())[0] == ["there is no discard to win on"]


def test_near_miss_a_riichi_ron_on_the_first_discard_is_ruled():
    from tests.riichikit import Hand
    from tests.test_riichi_clauses import DEAL

    ruling = adjudicate_data(Hand(DEAL).draw("A", "4p").riichi("A").discard("A", "4p")
                             .win("B", "discard", "4p", frm="A").doc())
    assert ruling["hands"][0]["result"] == "win"  # B waits on 1p/4p


def test_a_ron_on_a_discard_he_has_just_claimed_into_a_kan_is_a_late_false_win():
    """Found by the mutants: D claims A's 1z into a kan, then declares ron on that same 1z. The
    hand holds five 1z: it has no value to compute (the library refused it: ValueError); the win is
    late (RJ-PR-3, the discard had been claimed) and false (RJ-IRR-1, chombo)."""
    from tests.riichikit import Hand
    from tests.test_riichi_clauses import DEAL

    assert DEAL["D"].startswith("111z")
    hand = (Hand(DEAL).draw("A", "1z").discard("A", "1z")
            .kong("D", "claimed", "1111z").win("D", "discard", "1z", frm="A"))
    ruling = adjudicate_data(hand.doc())["hands"][0]
    assert ruling["result"] == "false_win"
    finding = ruling["rulings"][0]
    assert finding["rule"] == "RJ-IRR-1" and finding["player"] == "D"
    assert "outside the claim window" in finding["decision"] and "(RJ-PR-3)" in finding["decision"]
    assert sum(ruling["net"].values()) == 0


def test_near_miss_a_ron_on_the_discard_before_the_kan_claim_is_judged_by_its_value():
    from tests.riichikit import Hand
    from tests.test_riichi_clauses import DEAL

    hand = Hand(DEAL).draw("A", "1z").discard("A", "1z").win("D", "discard", "1z", frm="A")
    ruling = adjudicate_data(hand.doc())["hands"][0]
    assert ruling["result"] == "false_win"
    assert "his hand does not win on 1z (RJ-VAL-1)" in ruling["rulings"][0]["decision"]


def test_audit_of_a_file_whose_name_is_not_utf8_writes_every_report(capsys, tmp_path):
    """A name's byte that is not UTF-8 (Python reads it as a lone surrogate) once stopped the audit
    at its --json, --csv or --store report (UnicodeEncodeError): it is shown as ``\\xff``."""
    import os

    folder = tmp_path / "records"
    folder.mkdir()
    name = os.fsdecode(b"game\xff.json")
    (folder / name).write_bytes((ROOT / "examples" / "discard-win.json").read_bytes())
    (folder / os.fsdecode(b"bad\xfe.json")).write_bytes(b'{"format": "mjref/1", "x": 1, "x": 2}')
    report, table, db = tmp_path / "report.json", tmp_path / "hands.csv", tmp_path / "audit.db"
    code, out, err = run(capsys, "audit", str(folder), "--jobs", "1", "--json", str(report),
                         "--csv", str(table), "--store", "--db", str(db))
    assert code == 2 and "internal error (" not in out + err, out + err
    entries = json.loads(report.read_text(encoding="utf-8"))["documents"]
    assert sorted(e["source"].rsplit("/", 1)[-1] for e in entries) == ["bad\\xfe.json", "game\\xff.json"]
    assert "game\\xff.json" in table.read_text(encoding="utf-8")
    assert "bad\\xfe.json" in out  # the rejection's example, in the summary


@pytest.mark.parametrize("red_fives, reason", [
    (True, "outside the claim window"),  # a fourth plain 5s: more than the set holds
    (False, "his hand does not win on 5s (RJ-VAL-1)"),  # the near miss: four plain fives exist
])
def test_a_ron_on_a_five_he_has_just_ponned_counts_the_red_five_out(red_fives, reason):
    """Found by the mutants: B pons A's 5s with his two, then declares ron on that 5s. With red
    fives the set has three plain 5s, so his hand cannot be valued (a ValueError, once)."""
    from tests.riichikit import Hand
    from tests.test_riichi_clauses import DEAL

    deal = dict(DEAL, B="123789m55s99p234p", D="111z44p99s789m678s")
    hand = (Hand(deal, options={"red_fives": red_fives}).draw("A", "5s").discard("A", "5s")
            .pon("B", "5s", "55s").win("B", "discard", "5s", frm="A"))
    ruling = adjudicate_data(hand.doc())["hands"][0]
    assert ruling["result"] == "false_win" and reason in ruling["rulings"][0]["decision"]
    assert sum(ruling["net"].values()) == 0


@pytest.mark.parametrize("more, message", [
    ('<AGARI who="1" fromWho="0" machi="16" ten="30,1000" sc="0,0,0,0,0,0,0,0" hai="0"/>',
     "hand 0, tag 6 <AGARI>: ten has 2 values, not 3"),
    ('<AGARI who="1" fromWho="0" machi="16" ten="30,1000,0" yaku="1" sc="0,0,0,0,0,0,0,0" hai="0"/>',
     "hand 0, tag 6 <AGARI>: yaku has 1 values, not pairs of id and han"),
    ('<RYUUKYOKU sc="250,0,250,0,250,0,250,0" owari="250,1,250,0"/>',
     "hand 0, tag 6 <RYUUKYOKU>: owari has 4 values, not 8"),
])
def test_mjlog_lists_of_the_wrong_length_are_named(more, message):
    """Found by the record mutants: these were "list index out of range"."""
    with pytest.raises(TenhouError) as info:
        import_tenhou(MINI.format(more=more).encode())
    assert str(info.value) == message
    with pytest.raises(TenhouError, match=r"^tag 3 <INIT>: ten has 3 values, not 4"):
        import_tenhou(MINI.replace('ten="250,250,250,250"', 'ten="250,250,250"').format(more="").encode())
