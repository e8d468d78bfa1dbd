"""Shared by the bad-input tests: an earlier build to protect."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from support import build

from support import BUNDLED


@pytest.fixture(scope="session")
def earlier_build(tmp_path_factory) -> Path:
    """deck.pptx and handout.pdf from one real build of the bundled note."""
    out = tmp_path_factory.mktemp("earlier") / "output"
    build(BUNDLED, out)
    return out


@pytest.fixture
def output(earlier_build: Path, tmp_path: Path) -> Path:
    """A private output folder holding yesterday's deck and handout."""
    folder = tmp_path / "output"
    shutil.copytree(earlier_build, folder, symlinks=True)   # the outputs are links (publish.py)
    return folder
