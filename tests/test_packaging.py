"""The package as a user installs it: what the wheel holds, its licence and metadata, and a
description (the README) whose links stay inside the repository."""
import re
import tomllib
from pathlib import Path

from setuptools import find_packages

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_wheel_holds_the_referee_and_not_the_benchmarks():
    include = PROJECT["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = set(find_packages(str(ROOT), include=include))
    assert {"referee", "rulesbook", "rulesbook.tw16", "api"} <= packages
    assert not any(p.split(".")[0] in ("benchmarks", "tests") for p in packages), packages
    assert (ROOT / "benchmarks" / "__init__.py").exists()  # still runs from a checkout


def test_licence_and_metadata():
    project = PROJECT["project"]
    assert project["license"] == "MIT" and "MIT License" in (ROOT / "LICENSE").read_text()
    assert project["license-files"] == ["LICENSE"] and project["authors"] and project["classifiers"]
    assert "platformdirs>=4.0" in project["dependencies"]
    assert (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").startswith("# Changelog")


def test_the_description_links_only_inside_the_repository():
    readme = (ROOT / project_readme()).read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme)
    assert len(links) >= 8
    for target in links:
        assert not re.match(r"\w+://", target) and not target.startswith("../"), target
        assert (ROOT / target).exists(), target


def project_readme() -> str:
    return PROJECT["project"]["readme"]


def test_every_file_the_table_page_loads_is_package_data():
    """The page's template and each static file it names (its scripts, CSS, font) ship in the wheel."""
    shipped = {path for package, patterns in PROJECT["tool"]["setuptools"]["package-data"].items()
               for pattern in patterns for path in (ROOT / package.replace(".", "/")).glob(pattern)}
    [template] = [p for p in shipped if p.name == "table.html"]
    names = re.findall(r"filename='([^']+)'", template.read_text(encoding="utf-8"))
    assert "table.js" in names and "table.css" in names and "han.woff2" in names, names
    for name in names:
        assert template.parent.parent / "static" / name in shipped, name
