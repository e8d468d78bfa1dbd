"""A cache is input too: every listed poisoning is a miss, and the outputs are still right (on
the fixture note tests/notes/charts: three charts, two audiences)."""

from __future__ import annotations

import hashlib
import shutil
import signal
from pathlib import Path

import pytest

from notedeck.infra.cache import ChartCache
from notedeck.infra.records import Record
from notedeck.stages.settled import settle
from notedeck.stages.stages import prepare
from support import build, options, small_note

from .cases import CACHE, Poison

AUDIENCE = "north-office"


@pytest.fixture(scope="module")
def note(tmp_path_factory) -> Path:
    """The fixture note, read by every build here and changed by none."""
    return small_note("charts", tmp_path_factory.mktemp("note"))


@pytest.fixture(scope="module")
def seeded(note, tmp_path_factory) -> Path:
    """A cache folder holding the charts of the note and of its AUDIENCE variant."""
    import os

    folder = tmp_path_factory.mktemp("seeded") / "cache"
    saved = os.environ["NOTEDECK_CACHE_DIR"]
    os.environ["NOTEDECK_CACHE_DIR"] = str(folder)
    try:
        build(note, folder.parent / "note")
        build(note, folder.parent / "variant", AUDIENCE)
    finally:
        os.environ["NOTEDECK_CACHE_DIR"] = saved
    shutil.rmtree(folder / "builds")
    return folder


@pytest.fixture(scope="module")
def earlier_build(note, tmp_path_factory) -> Path:
    """deck.pptx and handout.pdf from one real build of the note."""
    out = tmp_path_factory.mktemp("earlier") / "output"
    build(note, out)
    return out


def _entries(note: Path, cache: Path, audience: str | None) -> dict[str, Path]:
    store = ChartCache(cache)
    deck = prepare(options(note, audience=audience)).deck
    return {spec.name: store._path(store.key(spec)) for spec in deck.charts}


def _digests(folder: Path) -> dict[str, str]:
    return {name: hashlib.sha256((folder / name).read_bytes()).hexdigest()
            for name in ("deck.pptx", "handout.pdf")}


@pytest.fixture
def no_hang():
    """A build that waits on a pipe fails the test instead of hanging it."""
    def stop(signum, frame):
        raise TimeoutError("the build hung")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(120)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def test_the_cache_cases_hold_every_kind_of_poison():
    assert len(CACHE) >= 20 and len({case.id for case in CACHE}) == len(CACHE)


@pytest.mark.parametrize("case", CACHE, ids=[case.id for case in CACHE])
def test_a_poisoned_cache_is_a_miss_and_the_outputs_are_right(case, note, seeded, output,
                                                              tmp_path, monkeypatch, no_hang):
    cache = tmp_path / "cache"
    shutil.copytree(seeded, cache, symlinks=True)
    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(cache))
    yesterday = _digests(output)
    stamp = Record(note, output, settle(options(note, output)).shaping)
    stamp.path.parent.mkdir(mode=0o700, exist_ok=True)
    poison = Poison(cache, _entries(note, cache, None), _entries(note, cache, AUDIENCE),
                    stamp.path, stamp.key, yesterday)
    assert poison.entries["clearing"].read_bytes() != poison.foreign["clearing"].read_bytes()
    case.poison(poison)
    result = build(note, output)
    reported = "\n".join(w.report() for w in result.warnings)
    assert not result.kept
    assert _digests(output) == yesterday           # the right charts, not the planted ones
    for expected in case.expected:
        assert expected in reported
    if not case.expected:
        assert "cache folder" not in reported
