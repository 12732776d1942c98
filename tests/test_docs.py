"""Every command shown in README.md, docs/*.md and examples/README.md is run, and shows what it
prints (doctest-style); every JSON example in docs/ loads.

A ```sh block either shows a session, ``$ command`` lines each followed by its output, or lists
commands to copy (the README's quick start). Each page runs in a fresh folder of its own, with
``examples/`` in it and ``../shared`` beside it (as in a checkout), ``REFEREE_DB`` and the user
data directory inside it, and this test's ``referee`` first on the PATH. Every command must exit 0: a page that shows a failure shows its
status with ``; echo "exit status $?"``. In shown output, ``...`` stands for anything (times,
paths, keys). ``referee serve`` (alone on its line) is started in the background on a free port,
which then stands for 8080 in the page's later commands; the page's server is stopped at its end.
The lines that set up a virtual environment or run the test suite are not run here: CI runs them
(``.ci/run``), and the test checks that it does.
"""
from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import pytest

from api.documents.documents import adjudicate_data
from api.documents.loader import load_document
from referee.events import EVENT_TYPES, THIRTEEN_EVENT_TYPES, WUHAN_EVENT_TYPES
from rulesbook.tw16.options import OPTIONS_SPEC
from tests.shared_skips import REASON

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "examples" / "README.md"]
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
SHOWN_PORT = "127.0.0.1:8080"
#: quick-start steps that CI runs instead of this test: (how to spot one, what .ci/run must hold)
CI_STEPS = ((r"python3 -m venv \.venv", "python3 -m venv .venv"),
            (r"pip install .*-e '\.\[test\]'", "-e '.[test]'"),
            (r"-m pytest", "-m pytest"))
SERVE = re.compile(r"referee serve(\s+--?[\w-]+(\s+[^-;|&\s]\S*)?)*")


@dataclass
class Command:
    text: str
    shown: Optional[list[str]] = field(default=None)  # the output shown; None: not shown


def commands(page: Path) -> list[Command]:
    found = []
    for block in re.findall(r"```sh\n(.*?)```", page.read_text(encoding="utf-8"), re.S):
        lines = block.rstrip("\n").split("\n")
        if not any(line.startswith("$ ") for line in lines):
            found += [Command(line) for line in lines if line.strip() and not line.startswith("#")]
            continue
        for line in lines:
            if line.startswith("$ "):
                found.append(Command(line[2:], []))
            else:
                found[-1].shown.append(line)  # type: ignore[union-attr]
    return found


def _ci_step(text: str) -> bool:
    return any(re.search(pattern, text) for pattern, _ in CI_STEPS)


def _pattern(shown: list[str]) -> re.Pattern:
    text = "\n".join(line.rstrip() for line in shown)
    return re.compile(re.escape(text).replace(r"\.\.\.", ".*?"), re.S)


def _output(raw: str) -> str:
    return "\n".join(line.rstrip() for line in raw.rstrip("\n").split("\n")) if raw else ""


class Page:
    """One page's commands, run in order in ``folder``."""

    def __init__(self, folder: Path):
        self.folder = folder / "work"
        self.folder.mkdir()
        (self.folder / "examples").symlink_to(ROOT / "examples")
        if (ROOT.parent / "shared").exists():  # ../shared/data read in place, as from a checkout
            (folder / "shared").symlink_to(ROOT.parent / "shared")
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
        self.env.update(PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", PYTHONUNBUFFERED="1",
                        REFEREE_DB=str(folder / "referee.db"), XDG_DATA_HOME=str(folder / "data"),
                        COLUMNS="80", HOME=str(folder))
        self.server: Optional[subprocess.Popen] = None
        self.port: Optional[str] = None

    def local(self, text: str) -> str:
        text = text.replace(".venv/bin/", f"{BIN}/")
        return text.replace(SHOWN_PORT, f"127.0.0.1:{self.port}") if self.port else text

    def run(self, command: Command) -> None:
        if "../shared/" in command.text and not (ROOT.parent / "shared").exists():
            pytest.skip(f"{REASON}: it is not beside the repository, and this page reads its data in place")
        if SERVE.fullmatch(command.text) and not _output("\n".join(command.shown or [])).startswith("error"):
            return self.start(command)
        done = subprocess.run(["bash", "-o", "pipefail", "-c", self.local(command.text)],
                              cwd=self.folder, env=self.env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=120)
        assert done.returncode == 0, f"$ {command.text}\n{done.stdout}"
        self.check(command, done.stdout)

    def check(self, command: Command, out: str) -> None:
        if command.shown is None:
            return
        shown = [self.local(line) for line in command.shown]
        assert _pattern(shown).fullmatch(_output(out)), \
            f"$ {command.text}\n--- shown:\n" + "\n".join(shown) + f"\n--- printed:\n{out}"

    def start(self, command: Command) -> None:
        assert self.server is None, "one server per page"
        self.server = subprocess.Popen(["bash", "-c", f"exec {command.text} --port 0"],
                                       cwd=self.folder, env=self.env, stdout=subprocess.PIPE,
                                       stderr=subprocess.STDOUT, text=True)
        line = self._first_line()
        match = re.search(r"serving on http://127\.0\.0\.1:(\d+)", line)
        assert match, line
        self.port = match.group(1)
        self.check(command, line)

    def _first_line(self) -> str:
        assert self.server is not None and self.server.stdout is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.server.stdout], [], [], 1)
            if ready:
                return self.server.stdout.readline()
            assert self.server.poll() is None, "the server stopped"
        raise AssertionError("the server did not start")

    def close(self) -> None:
        if self.server is not None:
            self.server.terminate()
            try:
                self.server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_command_of_the_page_runs_as_shown(page, tmp_path):
    runner = Page(tmp_path)
    try:
        for command in commands(page):
            if _ci_step(command.text):
                continue  # run by CI: test_the_quick_start_setup_is_what_ci_runs
            runner.run(command)
    finally:
        runner.close()


def test_the_quick_start_setup_is_what_ci_runs():
    steps = [c.text for c in commands(ROOT / "README.md") if _ci_step(c.text)]
    assert steps, "the README shows how to set up and run the tests"
    for text in steps:
        for pattern, needed in CI_STEPS:
            if re.search(pattern, text):
                assert needed in CI, (text, needed)


def test_the_pages_show_commands_and_their_output():
    shown = {str(page.relative_to(ROOT)): commands(page) for page in PAGES}
    silent = [name for name, found in shown.items() if not found]
    assert silent == ["docs/README.md"], silent  # the index only links the pages
    assert sum(1 for found in shown.values() for c in found if c.shown) >= 20


def test_a_shown_output_that_differs_fails(tmp_path):
    runner = Page(tmp_path)
    with pytest.raises(AssertionError):
        runner.run(Command("echo two", ["one"]))
    with pytest.raises(AssertionError):
        runner.run(Command("false", None))  # a status other than 0
    runner.run(Command("echo 'one 2 three'", ["one ... three"]))


def test_a_page_reading_shared_data_is_skipped_without_it(tmp_path, monkeypatch):
    runner = Page(tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path / "elsewhere" / "repository")  # no ../shared
    with pytest.raises(pytest.skip.Exception):
        runner.run(Command("ls ../shared/data", None))
    runner.run(Command("echo needs none", ["needs none"]))  # the near miss: it runs


# --- the JSON examples -----------------------------------------------------------------------------

DOCUMENT = json.loads((ROOT / "examples" / "discard-win.json").read_text(encoding="utf-8"))
FILLER = {"type": "merge", "player": "A"}  # loads anywhere; the loader checks each event's shape
#: the events of a variant of their own, loaded in one of its documents (13-tile: no bettors)
OWN = {"indicator": "wh-false-win.json", "single_kong": "wh-false-win.json"}


def _json_blocks():
    for page in sorted((ROOT / "docs").glob("*.md")):
        for block in re.findall(r"```json\n(.*?)```", page.read_text(encoding="utf-8"), re.S):
            yield page.name, json.loads(block)


def test_every_json_example_loads():
    kinds = set()
    for page, value in _json_blocks():
        if "format" in value:  # a whole document
            assert adjudicate_data(value)["format"] == "mjref-ruling/1"
        elif "type" in value:  # an event
            kinds.add(value["type"])
            events = [value] if value["type"] == "state" else [FILLER] * 10 + [value]
            if value["type"] in OWN:
                own = json.loads((ROOT / "examples" / OWN[value["type"]]).read_text(encoding="utf-8"))
                load_document({**own, "hand": {"dealer": "A", "events": events}})
            else:
                load_document({**DOCUMENT, "bettors": ["X"], "hand": {"dealer": "A", "events": events}})
        else:  # a part of a document
            adjudicate_data({**DOCUMENT, **value})
    # a worked example of every event type (riichi's are in its whole documents)
    assert kinds == set(EVENT_TYPES) | set(THIRTEEN_EVENT_TYPES) | set(WUHAN_EVENT_TYPES)


def test_the_options_table_lists_every_option_with_its_default():
    text = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    for name, (_, default, clause) in OPTIONS_SPEC.items():
        shown = json.dumps(default) if isinstance(default, bool) else default
        assert re.search(rf"^\| `{name}` \| .* \| `{shown}` \| {re.escape(clause)} \|$", text, re.M), name
