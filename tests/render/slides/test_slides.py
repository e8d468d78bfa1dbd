"""slides.pdf: drawn from the deck's own plan, checked against LibreOffice's rendering of deck.pptx."""

from __future__ import annotations

import zipfile

import pytest
from pypdf import PdfReader

from support import laid_out, render
from notedeck.render.slides import emit as slides
from notedeck.layout.planned import ChartPlace
from ..editions import BUNDLED, composed, qpdf_clean, tool, unembedded_fonts
from .pdflines import differences, pdf_lines
import office

# Every bundled audience, and the note without one. In the German deck one line of the
# sources' notes (11.9 pt) fits the box by 0.9 pt as slides.pdf measures it (glyph advances
# on LibreOffice's twip grid, pair kerning) and LibreOffice breaks it one word earlier.
BORDERLINE = {"team-berlin": "one sources line fits by 0.9 pt; LibreOffice breaks it earlier"}
NAMES = (None, *sorted(p.stem for p in (BUNDLED / "audiences").glob("*.yaml")))
ALL_AUDIENCES = tuple(
    pytest.param(name, marks=pytest.mark.xfail(reason=BORDERLINE[name], strict=True))
    if name in BORDERLINE else name for name in NAMES)

# How far a line of slides.pdf may sit from the same line in LibreOffice's PDF of the deck.
TOLERANCE_PT = 6.0


@pytest.fixture(scope="module")
def bundled(tmp_path_factory):
    deck, art = composed()
    out = tmp_path_factory.mktemp("slides") / "slides.pdf"
    planned = slides.plan(deck, laid_out(deck), art)
    return planned, out, slides.emit(planned, out)


def test_one_page_per_planned_slide_at_the_slide_size(bundled):
    planned, out, pages = bundled
    reader = PdfReader(out)
    assert pages == len(planned.slides) == len(reader.pages)
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (960, 540)


def test_outline_has_sections_with_their_slide_titles(bundled):
    planned, out, _ = bundled
    outline = PdfReader(out).outline
    top = [item.title for item in outline if not isinstance(item, list)]
    assert top[0] == planned.meta.title
    assert "01 What the number means" in top and top[-1].startswith("Sources")
    first_section = outline[top.index("01 What the number means") + 1]
    assert [item.title for item in first_section][:2] == [
        "Four things the number could mean", "Memory is not writing speed"]


def test_every_slide_text_is_on_its_page(bundled):
    planned, out, _ = bundled
    reader = PdfReader(out)
    for slide, page in zip(planned.slides, reader.pages):
        text = " ".join(page.extract_text().split())
        assert " ".join(slide.title.split()[:3]) in text


def test_metadata_and_fonts(bundled):
    planned, out, _ = bundled
    info = PdfReader(out).metadata
    assert info.title == planned.meta.title and info.creator == "notedeck"
    if tool("pdffonts"):
        assert unembedded_fonts(out) == []
    if tool("qpdf"):
        assert qpdf_clean(out) == ""


def test_same_plan_same_bytes(bundled, tmp_path):
    planned, out, _ = bundled
    again = tmp_path / "again.pdf"
    slides.emit(planned, again)
    assert again.read_bytes() == out.read_bytes()


@pytest.fixture(scope="module")
def drawn(tmp_path_factory) -> dict:
    """Per audience: slides.pdf's plan and lines, LibreOffice's lines of deck.pptx built with
    charts="picture", and that deck and the default one (native charts) as files; every deck
    LibreOffice draws is drawn in one run."""
    if not tool("soffice"):
        pytest.skip("LibreOffice (soffice) is not installed")
    folder = tmp_path_factory.mktemp("drawn")
    made, decks = {}, []
    for audience in NAMES:
        deck, art = composed(audience)
        name = audience or "note"
        planned = slides.plan(deck, laid_out(deck), art)
        slides.emit(planned, folder / f"{name}.slides.pdf")
        made[audience] = planned, pdf_lines(folder / f"{name}.slides.pdf")
        decks.append(render("deck", deck, art, folder / f"{name}.picture.pptx", charts="picture"))
        render("deck", deck, art, folder / f"{name}.native.pptx", charts="native")
    office.convert("pdf", decks, folder, timeout=1200)
    return {audience: (planned, ours, pdf_lines(folder / f"{audience or 'note'}.picture.pdf"),
                       {charts: folder / f"{audience or 'note'}.{charts}.pptx"
                        for charts in ("picture", "native")})
            for audience, (planned, ours) in made.items()}


@pytest.mark.parametrize("audience", ALL_AUDIENCES)
def test_lines_match_libreoffice(audience, drawn):
    """Every text line of every slide: same text, same slide, within TOLERANCE_PT of
    LibreOffice's rendering of deck.pptx built with charts="picture" (the plan slides.pdf
    draws)."""
    planned, ours, theirs, _ = drawn[audience]
    assert sum(len(page) for page in ours) > 10 * len(ours) / 2
    assert len(ours) == len(theirs)
    problems = [f"slide {n}: {p}" for n, (o, t) in enumerate(zip(ours, theirs), start=1)
                for p in differences(o, t, TOLERANCE_PT)]
    assert problems == []


@pytest.mark.parametrize("audience", NAMES)
def test_the_default_deck_differs_from_the_picture_deck_only_on_chart_slides(audience, drawn):
    """The default deck (native charts) holds the picture deck's slides, masters, layouts and
    theme byte for byte but on the slides with a chart, so LibreOffice draws its other slides
    as the lines above were checked; a native chart's lettering LibreOffice sets itself, so
    those slides differ from the vector picture by design (and the stamp's content digest,
    docProps/custom.xml, with them)."""
    planned, _, _, files = drawn[audience]
    charted = {f"ppt/slides/slide{n}.xml" for n, slide in enumerate(planned.slides, start=1)
               if any(isinstance(shape, ChartPlace) for shape in slide.shapes)}
    assert charted
    charted |= {f"ppt/slides/_rels/{name.rsplit('/', 1)[1]}.rels" for name in charted}
    with zipfile.ZipFile(files["picture"]) as picture, zipfile.ZipFile(files["native"]) as native:
        shared = set(picture.namelist()) & set(native.namelist())
        assert {f"ppt/slides/slide{n}.xml" for n in range(1, len(planned.slides) + 1)} <= shared
        differ = {name for name in shared if picture.read(name) != native.read(name)}
    # the content types list the chart parts; the custom properties carry each deck's identity
    assert differ - {"[Content_Types].xml", "docProps/custom.xml"} == charted
