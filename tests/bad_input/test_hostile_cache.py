"""A cache is input too: every listed poisoning is a miss, and the outputs are still right."""

from __future__ import annotations

import hashlib
import shutil
import signal
from pathlib import Path

import pytest

from notedeck.infra.cache import ChartCache
from notedeck.infra.records import Record
from notedeck.stages.stages import prepare
from support import build, options

from .cases import CACHE, Poison
from .helpers import BUNDLED


@pytest.fixture(scope="session")
def seeded(tmp_path_factory) -> Path:
    """A cache folder holding the charts of the bundled note and of its research-lab variant."""
    import os

    folder = tmp_path_factory.mktemp("seeded") / "cache"
    saved = os.environ["NOTEDECK_CACHE_DIR"]
    os.environ["NOTEDECK_CACHE_DIR"] = str(folder)
    try:
        build(BUNDLED, folder.parent / "note")
        build(BUNDLED, folder.parent / "lab", "research-lab")
    finally:
        os.environ["NOTEDECK_CACHE_DIR"] = saved
    shutil.rmtree(folder / "builds")
    return folder


def _entries(cache: Path, audience: str | None) -> dict[str, Path]:
    store = ChartCache(cache)
    deck = prepare(options(BUNDLED, audience=audience)).deck
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
def test_a_poisoned_cache_is_a_miss_and_the_outputs_are_right(case, seeded, output, tmp_path,
                                                              monkeypatch, no_hang):
    cache = tmp_path / "cache"
    shutil.copytree(seeded, cache, symlinks=True)
    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(cache))
    yesterday = _digests(output)
    stamp = Record(BUNDLED, output, options(BUNDLED, output).record())
    stamp.path.parent.mkdir(mode=0o700, exist_ok=True)
    poison = Poison(cache, _entries(cache, None), _entries(cache, "research-lab"), stamp.path,
                    stamp.key, yesterday)
    assert poison.entries["dial"].read_bytes() != poison.foreign["dial"].read_bytes()
    case.poison(poison)
    result = build(BUNDLED, output)
    reported = "\n".join(w.report() for w in result.warnings)
    assert not result.kept
    assert _digests(output) == yesterday           # the right charts, not the planted ones
    for expected in case.expected:
        assert expected in reported
    if not case.expected:
        assert "cache folder" not in reported
