"""The wheel's file list stays complete as the code grows: every folder of game/ and of the
shipped maps and art is a package in pyproject.toml, and every file in them is package data
(issue: installs like a real game). The CI step in .ci/run builds the wheel and plays it outside
the repository; this catches an omission in the ordinary test run first."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETUP = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
WHERE = {"game": ROOT / "game", **{pkg: ROOT / folder for pkg, folder in SETUP["package-dir"].items()}}


def _folders(package: str) -> dict[str, Path]:
    """Every folder under a package's root, named as the package it becomes in the wheel."""
    root = WHERE[package]
    found = {package: root}
    for d in root.rglob("*"):
        if d.is_dir() and d.name != "__pycache__" and not any(part.startswith(".") for part in d.parts):
            found[".".join((package, *d.relative_to(root).parts))] = d
    return found


def _installed(package: str) -> dict[str, Path]:
    """The folders of a package that go into the wheel: those not mapped somewhere else."""
    mapped = set(SETUP["package-dir"]) - {package}
    return {name: d for name, d in _folders(package).items() if not any(name.startswith(m) for m in mapped)}


def test_every_folder_of_the_game_and_its_maps_and_art_is_a_package():
    folders = {name for pkg in WHERE for name in _installed(pkg)}
    assert folders == set(SETUP["packages"]), folders ^ set(SETUP["packages"])


def test_every_file_in_them_is_package_data():
    globs = SETUP["package-data"]["*"]
    left_out = [
        f
        for pkg in WHERE
        for d in _installed(pkg).values()
        for f in d.iterdir()
        if f.is_file() and f.suffix not in (".py", ".pyc") and not any(fnmatch(f.name, g) for g in globs)
    ]
    assert not left_out, left_out
