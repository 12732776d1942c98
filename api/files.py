"""Writing the files a command is asked for (``--json``, ``--csv``, ``--html``, ``-o``): a failure
to write names the file. ``open`` names it when it cannot open one, but a write, a flush or a
close that fails (a full disk, ``/dev/full``, an I/O error) raises an ``OSError`` with no file
name, which the command line would print as "error: [Errno 28] No space left on device" alone."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator


@contextmanager
def naming(path: str) -> Iterator[None]:
    """Re-raise an ``OSError`` that names no file as one naming ``path`` (the same errno)."""
    try:
        yield
    except OSError as err:
        if err.filename is None:
            raise OSError(err.errno, err.strerror or str(err), str(path)) from None
        raise


def write_text(path: str, text: str) -> None:
    """``text`` written to ``path`` (UTF-8), an ``OSError`` naming ``path``."""
    with naming(path), open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
