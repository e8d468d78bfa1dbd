"""The BuildPlan is settled before compose: note.yaml's outputs and --with give one plan, the same
bytes, and check plans what build writes."""

from __future__ import annotations

import hashlib

import pytest

from notedeck.stages.stages import prepare
from notedeck.errors import NotedeckError
from notedeck.options import Options
from support import build, check_note


def listing(note, names: str) -> None:
    path = note / "note.yaml"
    path.write_text(path.read_text() + f"\noutputs: [{names}]\n")


def sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_web_page_note_yaml_lists_is_the_page_with_web_writes(note, tmp_path):
    build(note, tmp_path / "with", outputs=("deck", "handout", "web"))
    listing(note, "web")
    build(note, tmp_path / "listed")
    for name in ("web/index.html", "deck.pptx", "handout.pdf"):
        assert sha(tmp_path / "listed" / name) == sha(tmp_path / "with" / name), name
    assert b"application/json" in (tmp_path / "listed" / "web" / "index.html").read_bytes()


def test_the_plan_knows_every_output_and_what_it_needs_before_compose(note):
    listing(note, "guide, web")
    prepared = prepare(Options(note, outputs=("deck", "handout", "slides")))
    plan = prepared.plan
    assert [r.name for r in plan.renderers] == ["deck", "handout", "slides", "guide", "web"]
    assert plan.needs == {"layout", "backgrounds", "clock", "live"}
    assert plan.forms == {"svg"}
    assert prepared.deck.live is not None              # composed for the page, up front


def test_an_unknown_output_in_note_yaml_is_refused_with_its_line(note):
    listing(note, "deck, posters")
    lines = (note / "note.yaml").read_text().splitlines()
    with pytest.raises(NotedeckError) as caught:
        prepare(Options(note))
    [problem] = caught.value.problems
    assert "unknown output 'posters'" in problem.message and "web" in problem.message
    assert problem.where.line == len(lines)


def test_check_settles_the_plan_build_settles(note, tmp_path):
    listing(note, "guide, posters")
    with pytest.raises(NotedeckError) as refused:
        build(note, tmp_path / "out")
    found = [p for p in check_note(note) if p.severity == "error"]
    assert [str(p) for p in refused.value.problems] == [str(p) for p in found][:1]
    assert not (tmp_path / "out").exists()
