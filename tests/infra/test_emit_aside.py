"""infra/emit_aside.py: outputs planned and written by a forked child are the bytes written
here, and what its planner refuses is reported beside the others' refusals."""

from __future__ import annotations

import hashlib
import os
import signal
from pathlib import Path

import pytest

from notedeck.errors import NotedeckError, fail
from notedeck.options import Options
from notedeck.infra import emit_aside
from notedeck.build.run import _emit
from notedeck.build.stages import plan_all, prepare, renderers, sized_art
from support import BUNDLED, build, digests

OPTIONS = Options(BUNDLED, outputs=("deck", "json"))
PREPARED = prepare(OPTIONS)
PLANS = plan_all(PREPARED, sized_art(PREPARED.deck), OPTIONS)
RENDERERS = renderers(OPTIONS)


def plan_one(renderer):
    return renderer.plan(PREPARED.deck, sized_art(PREPARED.deck), renderer.settings(OPTIONS),
                         PREPARED.assets)


@pytest.fixture
def children(monkeypatch) -> list:
    """The pid of every child emit_aside forks."""
    started = []
    real = emit_aside._Child.start.__func__

    def start(cls, *args):
        child = real(cls, *args)
        started.append(child.pid if child else None)
        return child

    monkeypatch.setattr(emit_aside._Child, "start", classmethod(start))
    return started


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def written_here(tmp_path: Path) -> dict[str, str]:
    folder = tmp_path / "here"
    folder.mkdir()
    return {w.path.name: sha(w.path) for w in (_emit(r, p, folder) for r, p in PLANS)}


@pytest.mark.parametrize("in_child", [lambda: None, lambda: 1 / 0,
                                      lambda: os.kill(os.getpid(), signal.SIGKILL)],
                         ids=["child", "child-fails", "child-killed"])
def test_outputs_aside_come_back_in_order_with_the_same_bytes(tmp_path, children, in_child):
    stage = tmp_path / "stage"
    stage.mkdir()
    outputs = emit_aside.write_all(RENDERERS, plan_one, lambda r, p: _emit(r, p, stage), {0},
                                   in_child)
    written = outputs.written
    assert [w.path for w in written] == [stage / "deck.pptx", stage / "deck.json"]
    assert [(w.count, w.unit) for w in written] == [(25, "slides"), (25, "slides")]
    assert {w.path.name: sha(w.path) for w in written} == written_here(tmp_path)
    assert len(children) == 1 and children[0] is not None


@pytest.mark.parametrize("in_child", [lambda: None, lambda: 1 / 0],
                         ids=["child", "child-fails"])
def test_every_planners_refusal_is_reported_at_once_in_the_outputs_order(tmp_path, children,
                                                                        in_child):
    def refusing(renderer):
        raise fail(Path("content") / f"{renderer.name}.yaml", f"{renderer.name} refused")

    stage = tmp_path / "stage"
    stage.mkdir()
    with pytest.raises(NotedeckError) as raised:
        emit_aside.write_all(RENDERERS, refusing, lambda r, p: _emit(r, p, stage), {0}, in_child)
    assert [p.message for p in raised.value.problems] == ["deck refused", "json refused"]
    assert list(stage.iterdir()) == []
    assert len(children) == 1


def test_a_default_build_writes_the_deck_aside_to_the_same_bytes(tmp_path, children, monkeypatch):
    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(tmp_path / "cache"))
    build(BUNDLED, tmp_path / "aside", cache=False)
    assert len(children) == 1
    build(BUNDLED, tmp_path / "here", cache=False, workers=False)
    build(BUNDLED, tmp_path / "picture", cache=False, charts="picture")   # every output reads art
    assert len(children) == 1
    assert digests(tmp_path / "aside") == digests(tmp_path / "here")
    assert not [p for p in (tmp_path / "aside").iterdir() if p.name.startswith(".notedeck-")]
