"""deck.pptx stays accessible by the rules PowerPoint's Accessibility Checker applies: every
slide has a title, no two titles are the same (a continued slide says so), every picture, chart
and group has alt text, every table a header row, every run its language, and each slide's
reading order (its shape tree) starts with the title. On the bundled template, with charts as
pictures too, and on a template LibreOffice ships, converted."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
from pptx import Presentation

import office
from support import BUNDLED, build

LIGHTS = Path("/usr/lib/libreoffice/share/template/common/presnt/Lights.otp")
NS = {"a": "http://schemas.openxmlformats.org/drawingml/2006/main",
      "p": "http://schemas.openxmlformats.org/presentationml/2006/main"}


def problems(deck: Path) -> list[str]:
    """What PowerPoint's Accessibility Checker would list, slide by slide."""
    found, titles = [], Counter()
    for number, slide in enumerate(Presentation(str(deck)).slides, start=1):
        title = slide.shapes.title
        text = title.text_frame.text.strip() if title is not None else ""
        if not text:
            found.append(f"slide {number}: missing slide title")
        titles[text] += 1
        tree = slide.shapes._spTree
        shapes = list(tree.iter_shape_elms())
        if title is not None and shapes and shapes[0] is not title._element:
            found.append(f"slide {number}: the reading order starts with {shapes[0].tag}")
        for element in tree.xpath(".//p:pic | .//p:graphicFrame[.//c:chart] | .//p:grpSp"):
            if not element.xpath("string(./*[1]/p:cNvPr/@descr)").strip():
                found.append(f"slide {number}: no alt text on {element.tag.split('}')[1]}")
        for table in tree.xpath(".//a:tbl"):
            if table.xpath("string(a:tblPr/@firstRow)") not in ("1", "true"):
                found.append(f"slide {number}: a table without a header row")
        runs = tree.xpath(".//a:r | .//a:fld")
        if any(not run.xpath("string(a:rPr/@lang)") for run in runs):
            found.append(f"slide {number}: a run without its language")
    found += [f"{count} slides titled {text!r}" for text, count in titles.items() if count > 1]
    return found


@pytest.mark.parametrize("charts", ("native", "picture"))
@pytest.mark.parametrize("audience", (None, "team-berlin"))
def test_the_bundled_deck_passes_the_accessibility_checks(tmp_path, charts, audience):
    build(BUNDLED, tmp_path, audience=audience, charts=charts)
    assert problems(tmp_path / "deck.pptx") == []


def test_continued_slides_say_so_and_keep_their_titles_apart(tmp_path, note):
    """A list too long for one slide goes on over three: "(cont.)", then "(cont.) 2"."""
    section = next((note / "sections").glob("01-*.md"))
    items = "\n".join(f"- **Point {n}**: a line long enough to take a line of its own here"
                      for n in range(30))
    text = section.read_text(encoding="utf-8")
    section.write_text(text.replace("## Memory is not writing speed",
                                    f"## A long list\n\n{items}\n\n## Memory is not writing speed",
                                    1), encoding="utf-8")
    build(note, tmp_path / "out")
    deck = Presentation(str(tmp_path / "out" / "deck.pptx"))
    titles = [s.shapes.title.text_frame.text for s in deck.slides]
    assert [t for t in titles if t.startswith("A long list")] == \
        ["A long list", "A long list (cont.)", "A long list (cont.) 2"]
    assert problems(tmp_path / "out" / "deck.pptx") == []


@pytest.fixture(scope="module")
def lights(tmp_path_factory) -> Path:
    """LibreOffice's Lights template as a .pptx."""
    if not office.SOFFICE or not LIGHTS.exists():
        pytest.skip("LibreOffice or its Lights template is not installed")
    folder = tmp_path_factory.mktemp("lights")
    office.convert("pptx", LIGHTS, folder)
    return folder / "Lights.pptx"


def test_a_deck_on_a_libreoffice_template_passes_the_accessibility_checks(note, lights,
                                                                           tmp_path):
    shutil.copy(lights, note / "template.pptx")
    build(note, tmp_path)
    assert problems(tmp_path / "deck.pptx") == []
