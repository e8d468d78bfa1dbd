"""Fixtures for the web page's browser tests: Debian's chromium, driven over the DevTools pipe."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cdp import Browser, find_chromium
from webpage import build_page


@pytest.fixture(scope="session")
def chromium() -> str:
    path = find_chromium()
    if path is None:
        pytest.skip("no Chromium to drive: install Debian's chromium (.ci/run does) or set "
                    "NOTEDECK_CHROMIUM to a Chromium executable")
    return path


@pytest.fixture(scope="module")
def browser(chromium):
    with Browser(chromium) as opened:
        yield opened


@pytest.fixture(scope="module")
def note_page(tmp_path_factory):
    """The bundled note's page, written to a file as `notedeck build --with web` would."""
    return build_page(out=tmp_path_factory.mktemp("web"))


@pytest.fixture(scope="session")
def shots(tmp_path_factory) -> Path:
    """Where screenshots go: $NOTEDECK_SCREENSHOTS to keep and look at them, else a temporary folder."""
    folder = os.environ.get("NOTEDECK_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        return Path(folder)
    return tmp_path_factory.mktemp("screenshots")
