"""The package's version and the rulebooks it rules by, as ``referee --version`` prints them (and as
an audit's Dask workers are checked against, ``api.audit.audit_dask``); and how to install an optional
extra where this referee runs from (``install_extra``: the error of ``--dask`` without Dask, the
``--help`` of ``--dask``; README.md and docs/audit.md give the same forms)."""
from __future__ import annotations

import json
import os
import shlex
from pathlib import Path
from typing import Optional
from urllib.parse import unquote, urlparse

DISTRIBUTION = "mahjong-referee"
CHECKOUT = "pip install -e {target}"  # a checkout: installed editable, or never installed
PLAIN = "pip install {target}"  # a wheel file (or a folder) pip installed from, or an index


def version_text() -> str:
    """``referee 0.1.0 (rulebooks: tw16-2026.12)``: the package and every rulebook it rules by."""
    from importlib.metadata import PackageNotFoundError, version

    from rulesbook import VARIANTS, get

    try:
        mine = version(DISTRIBUTION)
    except PackageNotFoundError:  # run from a checkout that was never installed
        mine = "(not installed)"
    books = ", ".join(get(v).RULEBOOK_VERSION for v in VARIANTS)
    return f"referee {mine} (rulebooks: {books})"


def install_extra(extra: str = "dask", cwd: Optional[str] = None) -> str:
    """The command that adds the optional ``extra`` to this referee, worded by where it runs from
    (for an installed wheel, pip's record of the install, ``direct_url.json``, PEP 610):

    * a checkout (the code runs from a folder with this project's pyproject.toml), installed
      editable or never installed: ``pip install -e '.[dask]'`` (the checkout's path instead of
      ``.`` when ``cwd``, default the current folder, is elsewhere);
    * a built wheel: ``pip install '/path/mahjong_referee-0.1.0-py3-none-any.whl[dask]'``, the
      wheel pip installed from (a folder installed without ``-e`` likewise); when that file is gone,
      the extra's own requirements (``pip install 'dask[bag]>=2024.1' …``);
    * a package index: ``pip install 'mahjong-referee[dask]'``.

    ``pip install 'mahjong-referee[dask]'`` alone works only where the package is published or
    already installed in that same environment, which a Dask worker's is not."""
    from importlib.metadata import PackageNotFoundError, distribution

    root = Path(__file__).resolve().parent.parent
    if _is_checkout(root):  # editable, or never installed: the code is the checkout's
        return CHECKOUT.format(target=_target(str(root), extra, cwd))
    try:
        dist = distribution(DISTRIBUTION)
        origin = json.loads(dist.read_text("direct_url.json") or "{}")
    except (PackageNotFoundError, ValueError):
        dist, origin = None, {}
    url = origin.get("url", "") if isinstance(origin, dict) else ""
    if dist is None or not url.startswith("file:"):
        return PLAIN.format(target=shlex.quote(f"{DISTRIBUTION}[{extra}]"))
    path = unquote(urlparse(url).path)
    if os.path.exists(path):
        return PLAIN.format(target=_target(path, extra, cwd))
    needs = [r.split(";")[0].strip() for r in dist.requires or ()
             if r.replace(" ", "").endswith((f"extra=='{extra}'", f'extra=="{extra}"'))]
    return PLAIN.format(target=" ".join(map(shlex.quote, needs)) or shlex.quote(f"{DISTRIBUTION}[{extra}]"))


def _is_checkout(root: Path) -> bool:
    """Whether ``root`` (the folder above ``api/``) is this project's checkout."""
    try:
        return f'name = "{DISTRIBUTION}"' in (root / "pyproject.toml").read_text(encoding="utf-8")
    except OSError:
        return False


def _target(path: str, extra: str, cwd: Optional[str]) -> str:
    here = os.path.realpath(cwd or os.getcwd())
    shown = "." if os.path.isdir(path) and os.path.realpath(path) == here else path
    return shlex.quote(f"{shown}[{extra}]")
