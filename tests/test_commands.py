"""``referee keys`` and the failures of ``referee serve`` that the operator can fix: one line on
stderr and exit status 2, no traceback."""
import pytest

from api.cli import main
from api.store.store import Store


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_keys_are_created_listed_and_revoked(capsys, tmp_path):
    db = str(tmp_path / "keys.db")
    code, token, err = run(capsys, "keys", "create", "--role", "referee", "--label", "table 3",
                           "--db", db)
    token = token.strip()
    assert code == 0 and "key 1 (referee) created" in err and len(token) >= 40
    store = Store(db)
    assert store.key_for(token) == (1, "referee")
    code, out, _ = run(capsys, "keys", "list", "--db", db)
    assert code == 0 and "referee" in out and "table 3" in out and token not in out
    code, out, _ = run(capsys, "keys", "revoke", "1", "--db", db)
    assert code == 0 and "key 1 (referee) revoked" in out and store.key_for(token) is None
    code, _, err = run(capsys, "keys", "revoke", "1", "--db", db)
    assert code == 2 and err.startswith("error: API key 1 was revoked at")
    code, _, err = run(capsys, "keys", "revoke", "7", "--db", db)
    assert code == 2 and err == "error: no API key 7\n"
    store.close()


def test_the_database_path_comes_from_the_environment(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "from-env.db"))
    assert run(capsys, "keys", "create", "--role", "admin")[0] == 0
    assert (tmp_path / "from-env.db").exists()


def test_an_unknown_role_is_refused_by_the_parser(capsys, tmp_path):
    with pytest.raises(SystemExit) as exit_:
        main(["keys", "create", "--role", "owner", "--db", str(tmp_path / "k.db")])
    assert exit_.value.code == 2 and "invalid choice: 'owner'" in capsys.readouterr().err


@pytest.mark.parametrize("env, fragment", [
    ({"REFEREE_PUBLIC_READS": "perhaps"}, "REFEREE_PUBLIC_READS must be 1 or 0"),
    ({"REFEREE_MAX_BODY": "-5"}, "REFEREE_MAX_BODY must be a positive number of bytes"),
])
def test_serve_refuses_bad_settings_in_one_line(capsys, tmp_path, monkeypatch, env, fragment):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code, _, err = run(capsys, "serve", "--port", "0", "--db", str(tmp_path / "s.db"))
    assert code == 2 and fragment in err and "Traceback" not in err


def test_a_database_that_cannot_be_opened_is_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "keys", "list", "--db", str(tmp_path / "no" / "such" / "dir.db"))
    assert code == 2 and err.startswith("error: ") and "dir.db" in err and len(err.splitlines()) == 1
