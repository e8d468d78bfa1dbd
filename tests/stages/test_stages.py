"""The stages one by one: read leaves prose unfilled, compute is pure, fill formats through one Formatter."""

from __future__ import annotations


from pathlib import Path

import pytest

from notedeck.stages.compose import compose
from notedeck.errors import NotedeckError
from notedeck.figures.formatting import Formatter
from notedeck.options import Options
from notedeck.stages.fill import fill
from notedeck.stages.read import read
from notedeck.stages.stages import plan_all, prepare, sized_art
from support import BUNDLED


def test_read_keeps_placeholders_and_positions():
    note = read(BUNDLED)
    assert [t.number for t in note.sections] == [1, 2, 3, 4, 5]
    bottleneck = note.sections[2]
    assert "{{" in bottleneck.body and bottleneck.body_line > 4
    assert note.inputs.values["bottleneck"]["workload"] == "apps"
    assert note.audience is None


def test_read_with_an_audience_merges_its_scenario():
    note = read(BUNDLED, "support-team")
    assert note.audience.name and note.inputs.values["bottleneck"]["workload"] != "apps"


def test_compute_is_pure_the_same_scenario_gives_equal_figures():
    note = read(BUNDLED)
    assert note.model.evaluate(note.inputs).tree() == note.model.evaluate(note.inputs).tree()


def test_fill_formats_every_figure_through_the_formatter_it_is_given():
    note = read(BUNDLED)
    filled = fill(note, note.model.evaluate(note.inputs), Formatter())
    assert filled.names["bottleneck"]["featured"]["end_to_end_speedup"] == "132.57×"
    assert filled.names["workloads"]["endings"]["total_tokens"] == "1,000,000"
    text = " ".join(r.text for s in filled.sections for slide in s.slides for b in slide.blocks
                    for r in getattr(b, "runs", ()))
    assert "{{" not in text and "132.57" in text


def test_fill_reports_every_bad_placeholder_at_once(note):
    for name in ("01-what-the-number-means.md", "03-the-serial-bottleneck.md"):
        path = note / "sections" / name
        path.write_text(path.read_text().replace("## ", "## {{ nothing }} ", 1))
    with pytest.raises(NotedeckError) as refused:
        read_note = read(note)
        fill(read_note, read_note.model.evaluate(read_note.inputs), Formatter())
    files = {Path(p.where.file).name for p in refused.value.problems}
    assert files == {"01-what-the-number-means.md", "03-the-serial-bottleneck.md"}


def test_an_unknown_locale_is_refused_by_the_formatter():
    with pytest.raises(ValueError, match="unknown locale"):
        Formatter("xx-XX")


def test_prepare_then_plan_every_output_without_drawing(tmp_path):
    options = Options(BUNDLED, tmp_path, outputs=("deck", "handout", "json"))
    prepared = prepare(options)
    # the Deck is final after compose: the build id travels in the stamp beside it
    assert prepared.deck == compose(prepared.source)[0] and prepared.stamp.build
    plans = plan_all(prepared, sized_art(prepared.deck)).plans
    assert [renderer.name for renderer, _ in plans] == ["deck", "handout", "json"]
    assert not any(tmp_path.iterdir())            # planning writes nothing


def test_strict_makes_a_warning_fatal(note):
    path = note / "sections" / "04-what-gets-precious.md"
    path.write_text(path.read_text().replace("\n## ", "\n## 漢 ", 1))
    assert prepare(Options(note)).warnings
    with pytest.raises(NotedeckError, match="no bundled font has"):
        prepare(Options(note, strict=True))
