"""Shared fixtures: the bundled note, copied into a temporary folder so tests can change it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

BUNDLED = Path(__file__).resolve().parents[1] / "src" / "notedeck" / "notes" / "million-tokens"

THREE_WORKLOADS = """\
speeds:
  baseline: 40
  imagined: 250000
  dial: [40, 400, 4000, 250000]
throughput: {streams: 300, tokens_per_second: 40}
workloads:
  - id: memos
    label: policy memos
    count: 12
    tokens_each: 7000
    title: Twelve memos before coffee
    scene: An agent drafts {{ workloads['memos'].count.words }} memos.
    still_scarce: Knowing which memo to send.
  - id: quizzes
    label: practice quizzes
    count: 300
    tokens_each: 900
    title: A quiz for every learner
    scene: Each of {{ workloads['quizzes'].count.words }} learners gets a quiz.
    still_scarce: Knowing what the learner needs.
  - id: briefs
    label: case briefs
    count: 75
    tokens_each: 2400
    title: Briefs for the whole docket
    scene: The docket's briefs arrive at once.
    still_scarce: A lawyer's judgement.
bottleneck:
  workload: quizzes
  check: 45 min
  checks: [0, 45 min, 3 h]
  slider: [0, 10 min, 1 h, 2 days]
"""


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true",
                     help="also run the tests marked slow (each takes many minutes)")


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: takes many minutes; skipped unless --slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def note(tmp_path: Path) -> Path:
    """A private copy of the bundled note."""
    target = tmp_path / "note"
    shutil.copytree(BUNDLED, target)
    return target


@pytest.fixture
def three_workloads(tmp_path: Path) -> Path:
    """A scenario file the project has never seen: other speeds, three workloads."""
    path = tmp_path / "other.yaml"
    path.write_text(THREE_WORKLOADS, encoding="utf-8")
    return path


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory):
    """Builds in tests cache charts and build records in a temporary folder, never in ~/.cache."""
    import os

    saved = os.environ.get("NOTEDECK_CACHE_DIR")
    os.environ["NOTEDECK_CACHE_DIR"] = str(tmp_path_factory.mktemp("notedeck-cache"))
    yield
    if saved is None:
        os.environ.pop("NOTEDECK_CACHE_DIR", None)
    else:
        os.environ["NOTEDECK_CACHE_DIR"] = saved


# --- a real browser, for the web page (tests/render/web) and `notedeck serve` ------------------

@pytest.fixture(scope="session")
def chromium() -> str:
    """Debian's Chromium (or $NOTEDECK_CHROMIUM), driven by tests/cdp.py; skip where there is none."""
    from cdp import find_chromium

    path = find_chromium()
    if path is None:
        pytest.skip("no Chromium to drive: install Debian's chromium (.ci/run does) or set "
                    "NOTEDECK_CHROMIUM to a Chromium executable")
    return path


@pytest.fixture(scope="module")
def browser(chromium):
    from cdp import Browser

    with Browser(chromium) as opened:
        yield opened


@pytest.fixture(scope="session")
def shots(tmp_path_factory) -> Path:
    """Where screenshots go: $NOTEDECK_SCREENSHOTS to keep and look at them, else a temporary folder."""
    import os

    folder = os.environ.get("NOTEDECK_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        return Path(folder)
    return tmp_path_factory.mktemp("screenshots")
