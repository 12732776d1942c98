"""``python -m referee``: the ``referee`` command line.

The engine does not import the command line (``api``): this module looks up the ``referee``
console script that the installed distribution declares and runs it, so ``referee/`` names no
module of ``api`` and ``import referee`` loads none. It is read only by ``python -m referee``.
"""
from __future__ import annotations

import sys
from importlib.metadata import entry_points

SCRIPT = "referee"


def main() -> int:
    found = entry_points(group="console_scripts", name=SCRIPT)
    if not found:
        print("error: the referee command line is not installed: pip install the project "
              "(pip install -e . in a checkout)", file=sys.stderr)
        return 2
    return next(iter(found)).load()()


if __name__ == "__main__":
    sys.exit(main())
