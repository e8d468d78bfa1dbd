"""A loaded process's reuse (stages/reuse.py): what a build keeps is handed to the next only for
the same content, and the files are a fresh process's bytes either way."""

from __future__ import annotations

from pathlib import Path

import pytest

from notedeck.stages import reuse
from notedeck.stages.run import build
from support import edit, options, small_note

SECTION = "sections/01-the-margin.md"
OUTPUTS = ("deck.pptx", "handout.pdf")


@pytest.fixture
def note(tmp_path: Path) -> Path:
    """Two sections, two audiences (tests/notes/charts)."""
    return small_note("charts", tmp_path)


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(tmp_path / "cache"))


class Seen:
    """A session's builds, each seen as it was planned: its figures and its sections."""

    def __init__(self, note: Path, out: Path, audience: str | None = None):
        self.options = options(note, out, audience)
        self.session = reuse.Session()
        self.builds: list = []
        self.layouts: list = []

    def build(self):
        return build(self.options, self._seen, self.session)

    def _seen(self, prepared, art, planned) -> None:
        self.builds.append(prepared)
        self.layouts.append(planned.layout)

    def table(self):
        """The table of the last build's first table slide."""
        from notedeck.deck import TableSlide

        return next(s.table for s in self.builds[-1].deck.slides if isinstance(s, TableSlide))

    def shapes(self, title: str):
        """The shapes the last build's layout planned for the slide titled `title`."""
        return next(s.shapes for s in self.layouts[-1].slides if s.title == title)

    @property
    def figures(self):
        return self.builds[-1].source.evaluation.run.values

    @property
    def sections(self):
        return self.builds[-1].source.sections


def files(out: Path) -> dict[str, bytes]:
    return {name: (out / name).read_bytes() for name in OUTPUTS}


def cold(note: Path, out: Path, audience: str | None = None) -> dict[str, bytes]:
    build(options(note, out, audience, cache=False))
    return files(out)


def test_a_prose_edit_reuses_the_figures_and_the_other_sections(note, tmp_path):
    seen = Seen(note, tmp_path / "out")
    seen.build()
    figures, (first, second) = seen.figures, seen.sections
    names, template = seen.builds[-1].source.names, seen.builds[-1].assets.template
    table = seen.table()
    kept, edited = seen.shapes("The pile, the margin and the time"), seen.shapes(
        "What clears a backlog")
    edit(note / SECTION, "What clears a backlog", "What clears a pile")
    seen.build()
    assert seen.shapes("The pile, the margin and the time") is kept     # laid out once
    assert seen.shapes("What clears a pile") is not edited
    assert len(seen.session.shelves["pptx.copies"]) > 0     # deck.pptx's layouts, copied
    assert seen.table() is table                            # written from the figures once
    assert seen.figures is figures                            # not evaluated again
    assert seen.builds[-1].source.names is names
    assert seen.builds[-1].assets.template is template        # not read and repacked again
    assert seen.sections[1] is second and seen.sections[0] is not first
    assert files(tmp_path / "out") == cold(note, tmp_path / "cold")


def charts(deck: Path) -> dict[str, bytes]:
    """Each native chart's XML, relationships and workbook in a deck, by part name."""
    import zipfile

    with zipfile.ZipFile(deck) as package:
        return {name: package.read(name) for name in package.namelist()
                if name.startswith(("ppt/charts/", "ppt/embeddings/"))}


def test_a_slide_or_a_native_chart_is_written_again_only_when_it_changes(note, tmp_path):
    from pptx import Presentation

    seen = Seen(note, tmp_path / "out")
    seen.build()
    shelf, slides = seen.session.shelves["pptx.charts"], seen.session.shelves["pptx.slides"]
    kept = {key: shelf.get(key) for key in list(shelf.held)}
    first = charts(tmp_path / "out" / "deck.pptx")
    assert len(kept) == 3 and sorted(first)[:3] == [f"ppt/charts/_rels/chart{n}.xml.rels"
                                                    for n in (1, 2, 3)]
    assert len(slides) == len(Presentation(str(tmp_path / "out" / "deck.pptx")).slides)
    written = len(slides)
    edit(note / SECTION, "What clears a backlog", "What clears a pile")
    seen.build()
    # written again: the edited slide, and the title slide (its notes carry the build id)
    assert len(slides) == written + 2
    assert {key: shelf.get(key) for key in list(shelf.held)} == kept
    assert all(shelf.get(key) is parts for key, parts in kept.items())     # copied, not written
    assert charts(tmp_path / "out" / "deck.pptx") == first
    assert files(tmp_path / "out") == cold(note, tmp_path / "cold")
    edit(note / "scenarios.yaml", "arrivals: 25", "arrivals: 26")
    seen.build()
    now = charts(tmp_path / "out" / "deck.pptx")
    changed = {name for name in first if now[name] != first[name]}
    assert changed and changed != set(first)           # the charts of the arrivals, only
    assert len(shelf) > len(kept)
    assert files(tmp_path / "out") == cold(note, tmp_path / "cold2")


def test_a_model_edit_computes_again(note, tmp_path):
    seen = Seen(note, tmp_path / "out")
    seen.build()
    figures, sections = seen.figures, seen.sections
    model = (note / "model.yaml").read_text(encoding="utf-8")
    (note / "model.yaml").write_text(model + "\n# a comment\n", encoding="utf-8")
    seen.build()
    assert seen.figures is not figures
    assert not any(a is b for a, b in zip(seen.sections, sections))
    assert seen.builds[-1].source.names is not seen.builds[0].source.names
    assert files(tmp_path / "out") == cold(note, tmp_path / "cold")


def test_a_scenario_edit_computes_the_figures_again(note, tmp_path):
    seen = Seen(note, tmp_path / "out")
    seen.build()
    figures, table = seen.figures, seen.table()
    edit(note / "scenarios.yaml", "arrivals: 25", "arrivals: 26")
    seen.build()
    assert seen.figures is not figures and seen.table() is not table
    assert files(tmp_path / "out") == cold(note, tmp_path / "cold")
    edit(note / "scenarios.yaml", "arrivals: 26", "arrivals: 25")
    seen.build()                                # back to the first values: those figures
    assert seen.figures is figures


def test_an_audience_edit_fills_its_sections_again(note, tmp_path):
    audience = next(p.stem for p in (note / "audiences").glob("*.yaml"))
    seen = Seen(note, tmp_path / "out", audience)
    seen.build()
    sections = seen.sections
    path = note / "audiences" / f"{audience}.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    seen.build()
    assert not any(a is b for a, b in zip(seen.sections, sections))
    assert files(tmp_path / "out") == cold(note, tmp_path / "cold", audience)


def test_without_a_session_nothing_is_kept(note, tmp_path):
    seen = Seen(note, tmp_path / "out")
    seen.session = None
    seen.build()
    figures = seen.figures
    (tmp_path / "out" / "deck.pptx").unlink()          # the build record keeps nothing then
    seen.build()
    assert seen.figures is not figures


SPIN = ("{% for a in [" + ", ".join(["1"] * 1500) + "] %}{% for b in [1, 2, 3, 4, 5, 6, 7, 8, "
        "9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24] %}{% endfor %}"
        "{% endfor %}\n")


def _spinning(note: Path, number: int) -> None:
    """A section whose notes' placeholders spend about a thirteenth of a build's steps."""
    (note / "sections" / f"{number:02d}-loops.md").write_text(
        f"---\nnumber: {number}\ntitle: Loops {number}\nheadline: Loops\n---\n\n"
        f"## Slide {number}\n\nText.\n\n### Notes\n\n{SPIN}", encoding="utf-8")


def test_kept_sections_spend_the_build_budget_they_spent_when_filled(tmp_path):
    from notedeck.errors import NotedeckError

    note = small_note("budgets", tmp_path)
    for number in range(2, 14):
        _spinning(note, number)
    seen = Seen(note, tmp_path / "out")
    seen.build()                                     # twelve within the build's budget
    _spinning(note, 14)                              # the thirteenth is one too many ...
    with pytest.raises(NotedeckError) as kept:
        seen.build()                                 # ... though twelve are kept
    with pytest.raises(NotedeckError) as fresh:
        build(options(note, tmp_path / "cold", cache=False))
    said = [p.report() for p in kept.value.problems]
    assert said == [p.report() for p in fresh.value.problems]
    assert "14-loops.md:13: the placeholders of this note do too much work in all" in said[0]


CONTROLS = """
controls:
  pace:
    label: The finishing rate
    chart: clearing
    controls:
      pace:
        slider: compared
        label: Finished
        text: "{rate}"
        start: finish
    shows:
      sentence:
        text: "Finishing {rate}, the pile is gone in {weeks}."
"""


def test_the_web_pages_live_controls_are_kept_until_the_figures_change(note, tmp_path):
    model = note / "model.yaml"
    model.write_text(model.read_text(encoding="utf-8") + CONTROLS, encoding="utf-8")
    seen = Seen(note, tmp_path / "out")
    seen.options = options(note, tmp_path / "out", outputs=("deck", "handout", "web"))
    seen.build()
    live, charts = seen.builds[-1].deck.live, seen.builds[-1].deck.charts
    assert live is not None
    edit(note / SECTION, "What clears a backlog", "What clears a pile")
    seen.build()
    assert seen.builds[-1].deck.live is live
    assert all(a is b for a, b in zip(seen.builds[-1].deck.charts, charts))
    page = (tmp_path / "out" / "web" / "index.html").read_bytes()
    build(options(note, tmp_path / "cold", cache=False, outputs=("deck", "handout", "web")))
    assert page == (tmp_path / "cold" / "web" / "index.html").read_bytes()
    edit(note / "scenarios.yaml", "arrivals: 25", "arrivals: 26")
    seen.build()
    assert seen.builds[-1].deck.live is not live


def test_a_template_edit_reads_the_template_again(note, tmp_path):
    from notedeck.template.package import DEFAULT_TEMPLATE

    seen = Seen(note, tmp_path / "out")
    seen.build()
    template, figures = seen.builds[-1].assets.template, seen.figures
    shapes = seen.shapes("The pile, the margin and the time")
    (note / "template.pptx").write_bytes(DEFAULT_TEMPLATE.read_bytes())
    seen.build()
    assert seen.builds[-1].assets.template is not template
    assert seen.shapes("The pile, the margin and the time") is not shapes
    assert seen.figures is figures                   # the template is no input of the figures
    assert files(tmp_path / "out") == cold(note, tmp_path / "cold")
