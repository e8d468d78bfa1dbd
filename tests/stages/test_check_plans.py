"""notedeck check refuses everything build refuses, with the same file and line: planner refusals too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pptx import Presentation
from pptx.util import Emu

from notedeck.errors import NotedeckError
from support import build, check_note, small_note

DEFAULT_TEMPLATE = Path(__file__).resolve().parents[2] / "src/notedeck/template/default.pptx"
SECTION = "sections/01-the-margin.md"


@pytest.fixture
def note(tmp_path: Path) -> Path:
    """The fixture note tests/notes/charts: its first section opens with a bulleted slide."""
    return small_note("charts", tmp_path)


def first_slide_title(note: Path, title: str) -> None:
    path = note / SECTION
    path.write_text(re.sub(r"^## .*$", f"## {title}", path.read_text(), count=1, flags=re.M))


def paragraph_after_first_title(note: Path, text: str) -> None:
    path = note / SECTION
    body = path.read_text()
    end = body.index("\n", body.index("\n## ") + 4)
    path.write_text(body[:end + 1] + "\n" + text + "\n" + body[end + 1:])


def template(note: Path, change) -> None:
    prs = Presentation(str(DEFAULT_TEMPLATE))
    change(prs)
    prs.save(str(note / "template.pptx"))


def body_over_title(prs) -> None:
    layout = next(layout for layout in prs.slide_layouts if layout.name == "Content")
    title, body = (next(ph for ph in layout.placeholders if ph.name == name)
                   for name in ("Title", "Body"))
    body.top = title.top


def one_line_content_title(prs) -> None:
    layout = next(layout for layout in prs.slide_layouts if layout.name == "Content")
    title = next(ph for ph in layout.placeholders if ph.name == "Title")
    title.height = Emu(320040)


def long_title_in_a_tiny_box(note: Path) -> None:
    """A title no size can fit: even at the smallest size notedeck sets a title (60% of its
    usual smallest), ninety wide letters need two lines, and the title box holds one."""
    template(note, one_line_content_title)
    first_slide_title(note, "WWWWWWWWW " * 9)


def tiny_title_box(prs) -> None:
    layout = next(layout for layout in prs.slide_layouts if layout.name == "Title")
    title = next(ph for ph in layout.placeholders if ph.placeholder_format.type == 3
                 or ph.placeholder_format.idx == 0)
    title.width, title.height = Emu(600000), Emu(200000)


CASES = {
    "a paragraph longer than a slide": (
        lambda note: paragraph_after_first_title(note, "word " * 3000), SECTION,
        "does not fit on its own in placeholder 'Body' of layout 'Content'"),
    "a template with overlapping placeholders": (
        lambda note: template(note, body_over_title), "template.pptx",
        "placeholders 'Title' (title, idx 0) and 'Body' (body, idx 1) of layout 'Content'"),
    "a file that is not a template": (
        lambda note: (note / "template.pptx").write_bytes(b"not a zip"), "template.pptx",
        "expected a PowerPoint file (a zip package)"),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_check_reports_what_build_refuses_at_the_same_place(note, tmp_path, case):
    edit, file, message = CASES[case]
    edit(note)
    with pytest.raises(NotedeckError) as refused:
        build(note, tmp_path / "out", cache=False)
    reports = [p.report() for p in refused.value.problems]
    assert any(message in r and str(note / file) in r for r in reports), reports
    checked = [p.report() for p in check_note(note) if p.severity == "error"]
    for report in reports:
        assert report in checked
    assert not (tmp_path / "out").exists()


RUN_ON = {
    "a title no size can fit in its box": (long_title_in_a_tiny_box, SECTION,
                                           "notedeck lets it run into the free room below"),
    "a restyled template with a tiny title box": (lambda note: template(note, tiny_title_box),
                                                  "note.yaml",
                                                  "notedeck lets it run into the free room below"),
}


@pytest.mark.parametrize("case", RUN_ON, ids=list(RUN_ON))
def test_check_warns_of_a_text_run_on_below_its_box_as_build_does(note, tmp_path, case):
    """A short text too long for its box at the smallest size runs on into the free room
    below it (templates from the wild are often cramped), with a warning at the text's file."""
    edit, file, message = RUN_ON[case]
    edit(note)
    built = build(note, tmp_path / "out", cache=False)
    warned = [w.report() for w in built.warnings if message in w.message]
    assert warned and all(str(note / file) in w for w in warned), warned
    checked = [p.report() for p in check_note(note) if p.severity == "warning"]
    for report in warned:
        assert report in checked


def test_a_planner_refusal_names_the_section_file_and_the_slide_line(note, tmp_path):
    long_title_in_a_tiny_box(note)
    line = next(i for i, text in enumerate((note / SECTION).read_text().split("\n"), 1)
                if text.startswith("## "))
    problems = [p for p in check_note(note) if "title does not fit" in p.message]
    assert problems and {(Path(p.where.file), p.where.line) for p in problems} == \
        {(note / SECTION, line)}
