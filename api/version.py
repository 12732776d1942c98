"""The package's version and the rulebooks it rules by, as ``referee --version`` prints them (and as
an audit's Dask workers are checked against, ``api.audit_dask``)."""
from __future__ import annotations

DISTRIBUTION = "mahjong-referee"


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
