"""How to install the optional ``dask`` extra, worded by where the referee runs from (issue 30):
a checkout (``pip install -e '.[dask]'``), a built wheel (its path with the extra), a wheel whose
file is gone (the extra's own requirements), a package index; one wording in the error of
``--dask`` without Dask, in ``--help``, in README.md and docs/audit.md."""
from __future__ import annotations

import json

from api import version
from api.cli import main
from api.version import install_extra
from tests.servicekit import ROOT

WHEEL_NAME = "mahjong_referee-0.1.0-py3-none-any.whl"


class FakeDistribution:
    """An installed distribution as importlib.metadata gives it: pip's ``direct_url.json``."""

    def __init__(self, direct_url):
        self._direct = direct_url
        self.requires = ["platformdirs>=4.0", 'dask[bag]>=2024.1; extra == "dask"',
                         'distributed>=2024.1; extra == "dask"', 'pytest>=8; extra == "test"']

    def read_text(self, name):
        return None if self._direct is None else json.dumps(self._direct)


def installed(monkeypatch, direct_url):
    monkeypatch.setattr(version, "_is_checkout", lambda root: False)
    monkeypatch.setattr("importlib.metadata.distribution", lambda name: FakeDistribution(direct_url))


def test_from_this_checkout_the_advice_is_an_editable_install(tmp_path):
    assert install_extra("dask", cwd=str(ROOT)) == "pip install -e '.[dask]'"
    assert install_extra("dask", cwd=str(tmp_path)) == f"pip install -e '{ROOT}[dask]'"


def test_from_a_wheel_the_advice_names_the_wheel_or_what_the_extra_needs(monkeypatch, tmp_path):
    wheel = tmp_path / "dist" / WHEEL_NAME
    wheel.parent.mkdir()
    wheel.write_bytes(b"PK")
    installed(monkeypatch, {"url": wheel.as_uri(), "archive_info": {}})
    assert install_extra("dask", cwd=str(tmp_path)) == f"pip install '{wheel}[dask]'"
    wheel.unlink()  # the wheel is gone: the extra's own requirements, which pip can find
    assert install_extra("dask") == "pip install 'dask[bag]>=2024.1' 'distributed>=2024.1'"


def test_from_an_index_the_advice_is_the_published_name(monkeypatch):
    installed(monkeypatch, None)  # no direct_url.json: installed from an index
    assert install_extra("dask") == "pip install 'mahjong-referee[dask]'"
    installed(monkeypatch, {"url": "https://example.org/x.whl", "archive_info": {}})
    assert install_extra("dask") == "pip install 'mahjong-referee[dask]'"


def test_help_shows_the_advice_whole(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # elsewhere than the checkout: the advice has its path
    try:
        main(["audit", "--help"])
    except SystemExit:
        pass
    text = capsys.readouterr().out
    advice = install_extra("dask")
    assert advice == f"pip install -e '{ROOT}[dask]'"
    assert "needs the dask extra: " + advice in " ".join(text.split())
    assert any(f"'{ROOT}[dask]'" in line for line in text.splitlines())  # never broken over lines


def test_readme_and_docs_give_the_same_forms():
    wheel_form = f"pip install 'dist/{WHEEL_NAME}[dask]'"
    for page in (ROOT / "README.md", ROOT / "docs" / "audit.md"):
        text = page.read_text(encoding="utf-8")
        assert "pip install -e '.[dask]'" in text and wheel_form in text, page
        assert "pip install 'mahjong-referee[dask]'" not in text, page
