"""Pairing a phone with the table server (api.http.pairing, ``referee serve --table``): the code buys a
referee's key that expires; wrong codes are refused and slowed; the code is shown to the server's
own machine only; without --table pairing is off."""
from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone

import pytest

from api.http import pairing
from tests.servicekit import bearer, example, make_app
from tests.test_serve_workers import fake_gunicorn, run  # noqa: F401  (a fixture)
from tests.test_cli_habits import fake_server  # noqa: F401  (a fixture)

CODE = "246810"


@pytest.fixture
def client(tmp_path):
    pairing.TRIES.__init__()
    app = make_app(tmp_path / "p.db", REFEREE_PAIRING_CODE=CODE,
                   REFEREE_TABLE_URL="http://192.168.1.20:8080")
    yield app.test_client()
    app.extensions["referee.store"].close()
    pairing.TRIES.__init__()


def pair(client, code, addr="192.168.1.33"):
    return client.post("/v1/pair", json={"code": code}, environ_base={"REMOTE_ADDR": addr})


def test_the_code_buys_a_referee_key_that_expires_in_eight_hours(client):
    answer = pair(client, CODE)
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    assert body["role"] == "referee"
    expires = datetime.fromisoformat(body["expires"].replace("Z", "+00:00"))
    assert timedelta(hours=7, minutes=59) < expires - datetime.now(timezone.utc) <= timedelta(hours=8)
    stored = client.post("/v1/games", json=example(), headers=bearer(body["key"]))
    assert stored.status_code == 201  # a referee may store games
    assert stored.get_json()["by"]["role"] == "referee"
    [key] = client.application.extensions["referee.store"].keys()
    assert key["label"] == f"paired phone, until {body['expires'][:16].replace('T', ' ')} UTC"
    assert client.get("/v1/games").status_code == 401  # near miss: without the key, private


def test_a_wrong_code_is_refused_and_five_of_them_lock_pairing_for_a_while(client):
    for _ in range(pairing.FREE_TRIES):
        answer = pair(client, "000000")
        assert answer.status_code == 403 and "wrong pairing code" in answer.get_json()["message"]
    locked = pair(client, CODE)  # even the right code waits now
    assert locked.status_code == 429 and locked.get_json()["status"] == "too_many_tries"
    assert 0 < int(locked.headers["Retry-After"]) <= pairing.LOCK_SECONDS
    pairing.TRIES.until = 0.0  # the wait is over
    assert pair(client, CODE).status_code == 201


@pytest.mark.parametrize("code", ["12345", "1234567", "abcdef", ""])
def test_a_code_that_is_not_six_digits_is_422_at_code(client, code):
    answer = pair(client, code)
    assert answer.status_code == 422
    assert answer.get_json()["errors"] == {"code": ["the pairing code is 6 digits"]}


def test_without_table_pairing_is_off(tmp_path):
    app = make_app(tmp_path / "off.db")
    answer = app.test_client().post("/v1/pair", json={"code": CODE})
    assert answer.status_code == 404 and "referee serve --table" in answer.get_json()["message"]
    assert app.test_client().get("/v1/pairing").status_code == 404
    app.extensions["referee.store"].close()


@pytest.mark.parametrize("addr, headers, shown", [
    ("127.0.0.1", {}, True),
    ("192.168.1.20", {}, True),  # the server's own address on the network
    ("192.168.1.33", {}, False),  # a phone
    ("127.0.0.1", {"X-Forwarded-For": "192.168.1.33"}, False),  # through a proxy on this machine
])
def test_the_code_and_qr_are_shown_to_the_servers_own_machine_only(client, addr, headers, shown):
    answer = client.get("/v1/pairing", headers=headers, environ_base={"REMOTE_ADDR": addr})
    if not shown:
        assert answer.status_code == 403 and CODE not in answer.get_data(as_text=True)
        return
    body = answer.get_json()
    assert answer.status_code == 200 and body["code"] == CODE and body["hours"] == 8
    assert body["url"] == "http://192.168.1.20:8080/"
    assert body["qr"].startswith("<svg") and "</svg>" in body["qr"]


def test_serve_table_listens_on_the_lan_and_prints_url_qr_and_code(capsys, tmp_path, monkeypatch,
                                                                  fake_gunicorn):
    monkeypatch.setattr(pairing, "lan_address", lambda: "127.0.0.1")  # the test's "network"
    code, out, err = run(capsys, "serve", "--table", "--workers", "2", "--port", "0",
                         "--db", str(tmp_path / "t.db"))
    assert code == 0 and out == ""
    port = re.search(r"serving on http://127\.0\.0\.1:(\d+)", err).group(1)
    assert f"open http://127.0.0.1:{port}/ on a phone on this network" in err
    assert "▀" in err or "█" in err  # the QR code, drawn in the terminal
    printed = re.search(r"pairing code (\d{6})", err).group(1)
    [made] = fake_gunicorn
    app = made["wsgi"]
    assert app.config["REFEREE_PAIRING_CODE"] == printed
    assert app.config["REFEREE_PUBLIC_READS"] is False  # stored games stay private


def test_the_lan_address_is_an_address():
    from ipaddress import ip_address

    assert ip_address(pairing.lan_address()).version == 4


def test_serve_table_on_every_address_shows_the_lan_address(capsys, tmp_path, monkeypatch,
                                                           fake_gunicorn):
    monkeypatch.setattr(pairing, "lan_address", lambda: "192.168.7.7")
    code, _, err = run(capsys, "serve", "--table", "--host", "0.0.0.0", "--workers", "2",
                       "--port", "0", "--db", str(tmp_path / "t.db"))
    assert code == 0 and re.search(r"open http://192\.168\.7\.7:\d+/ on a phone", err)


@pytest.mark.parametrize("host, warned", [("0.0.0.0", True), ("127.0.0.1", False)])
def test_public_reads_beyond_this_machine_are_warned_of(capsys, tmp_path, monkeypatch, fake_gunicorn,
                                                        host, warned):
    monkeypatch.setenv("REFEREE_PUBLIC_READS", "1")
    code, _, err = run(capsys, "serve", "--host", host, "--workers", "2", "--port", "0",
                       "--db", str(tmp_path / "w.db"))
    assert code == 0
    assert ("warning: REFEREE_PUBLIC_READS=1 on 0.0.0.0: every stored game" in err) is warned


@pytest.mark.parametrize("addr, headers, shown", [
    ("127.0.0.1", {}, True), ("192.168.1.33", {}, False),
    ("127.0.0.1", {"X-Real-IP": "192.168.1.33"}, False)])
def test_the_page_shows_the_code_on_the_servers_machine_only(client, addr, headers, shown):
    html = client.get("/", headers=headers, environ_base={"REMOTE_ADDR": addr}).get_data(as_text=True)
    found = re.search(r'<script id="config" type="application/json">(.*?)</script>', html, re.S)
    config = json.loads(found.group(1))
    assert (config["pairing"] is not None) is shown and (CODE in html) is shown
