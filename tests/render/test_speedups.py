"""The renderers' speed-ups change no output: SVG drawn straight into the PDF, linear pptx parts."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest

from notedeck.stages.compose import compose
from support import gather
from notedeck.render.charts import draw as charts
from notedeck.render.pdfkit import svg as pdf_svg

from support import BUNDLED
from notedeck.render.pptx import emit as pptx_emit
from support import render


@pytest.fixture(scope="module")
def art():
    deck, _ = compose(gather(BUNDLED))
    return {spec.name: charts.draw(spec) for spec in deck.charts}


def test_matplotlib_svg_takes_the_fast_path(art):
    from notedeck.render.pdfkit.blocks import chart_flowable

    for drawn in art.values():
        flowable, how = chart_flowable(drawn, 400, 300)
        assert how == "vector" and isinstance(flowable, pdf_svg.VectorChart)


@pytest.mark.parametrize("svg", [
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>hi</text></svg>',
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    b'<path d="M 0 0 a 1 1 0 0 1 5 5" style="fill: #000000"/></svg>',
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    b'<path d="M 0 0 L 5 5" style="fill: #000000; opacity: 0.5"/></svg>',
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    b'<path d="M 0 0 L 5 5" style="fill: url(#gradient)"/></svg>',
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="5 5 10 10"/>',
    b"<not svg",
])
def test_anything_outside_matplotlibs_subset_is_left_to_svglib(svg):
    assert pdf_svg.vector_chart(svg, 100, 100) is None


def test_the_operators_follow_the_svg():
    svg = (b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
           b'viewBox="0 0 100 50"><defs><path id="m" d="M 0 0 L 1 0" '
           b'style="stroke: #ff0000"/></defs><g transform="translate(10 20) scale(2)">'
           b'<path d="M 0 0 Q 3 3 6 0 z" style="fill: #0000ff; stroke: none"/>'
           b'<use xlink:href="#m" x="4" y="5" style="stroke-width: 3"/></g></svg>')
    ops, view = pdf_svg.to_pdf_ops(svg)
    assert view == (100.0, 50.0)
    assert "1 0 0 -1 0 50 cm" in ops                          # y flipped to PDF's upward axis
    assert "1 0 0 1 10 20 cm" in ops and "2 0 0 2 0 0 cm" in ops
    assert "0 0 1 rg" in ops and "0 0 m\n2 2 4 2 6 0 c\nh\nf" in ops   # quadratic raised to cubic
    assert "1 0 0 1 4 5 cm" in ops and "1 0 0 RG" in ops and "3 w" in ops


def test_the_fast_path_draws_what_svglib_draws(art, tmp_path):
    """Both ways rasterised by poppler: the same picture, pixel for pixel but for antialiasing."""
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    from PIL import Image, ImageChops
    from reportlab.graphics import renderPDF
    from reportlab.pdfgen.canvas import Canvas
    from svglib.svglib import svg2rlg

    for name, drawn in art.items():
        fast = pdf_svg.vector_chart(drawn.svg, drawn.width_in * 72, drawn.height_in * 72)
        pictures = []
        for way in ("fast", "svglib"):
            path = tmp_path / f"{name}-{way}.pdf"
            canvas = Canvas(str(path), pagesize=(fast.width, fast.height))
            if way == "fast":
                fast.canv = canvas
                fast.draw()
            else:
                renderPDF.draw(svg2rlg(io.BytesIO(drawn.svg)), canvas, 0, 0)
            canvas.save()
            subprocess.run(["pdftoppm", "-r", "50", "-png", "-singlefile", str(path),
                            str(path.with_suffix(""))], check=True)
            pictures.append(Image.open(path.with_suffix(".png")).convert("L"))
        difference = ImageChops.difference(*pictures)
        histogram = difference.histogram()
        differing = sum(histogram[64:])          # pixels that differ by a quarter of the range
        assert differing <= 0.001 * pictures[0].width * pictures[0].height, name


def test_linear_parts_leave_the_deck_byte_for_byte(tmp_path, monkeypatch):
    """A 60-slide note (pictures on many slides) rendered with and without the memos."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from synthetic import note_with_slides

    import notedeck.stages.fill
    
    monkeypatch.setattr(notedeck.stages.fill, "MAX_SLIDES", 10**6)
    note = note_with_slides(tmp_path / "note", 60)
    deck, _ = compose(gather(note))
    drawn = {spec.name: charts.draw(spec) for spec in deck.charts}
    render("deck", deck, drawn, tmp_path / "fast" / "deck.pptx")
    monkeypatch.setattr(pptx_emit, "linear_parts", lambda prs: None)
    render("deck", deck, drawn, tmp_path / "plain" / "deck.pptx")
    assert (tmp_path / "fast" / "deck.pptx").read_bytes() == \
        (tmp_path / "plain" / "deck.pptx").read_bytes()


def test_the_package_written_from_its_parts_is_the_saved_one(tmp_path):
    """deck.pptx written from python-pptx's entries equals python-pptx's saved zip rewritten."""
    from pptx import Presentation

    prs = Presentation(str(pptx_emit.DEFAULT_TEMPLATE))
    prs.slides.add_slide(prs.slide_layouts[0]).shapes.title.text = "One"
    saved = io.BytesIO()
    prs.save(saved)
    pptx_emit.normalise_package(saved, tmp_path / "saved.pptx", slides=1, custom=b"<x/>")
    pptx_emit.write_package(pptx_emit._entries(prs), tmp_path / "entries.pptx", slides=1,
                            custom=b"<x/>")
    assert (tmp_path / "saved.pptx").read_bytes() == (tmp_path / "entries.pptx").read_bytes()


def test_fast_subsets_assign_the_codes_reportlab_assigns():
    """FastTTFont and reportlab's TTFont split random texts (ASCII, Latin, Greek, CJK, a
    no-break space, glyphs the font lacks, over three subsets) into the same codes."""
    import random

    from reportlab.pdfbase.ttfonts import TTFont

    from notedeck.render.pdfkit.subsets import FastTTFont
    from notedeck.theme import FONT_FILES

    plain, fast = (kind(name, str(FONT_FILES["regular"]))
                   for kind, name in ((TTFont, "plain"), (FastTTFont, "fast")))
    one, other = type("Doc", (), {})(), type("Doc", (), {})()
    alphabet = ([chr(c) for c in range(0x20, 0x7F)] + list("\xa0éüß–—‘’“”…×÷→Ωαβ中\u0001")
                + [chr(c) for c in range(0x100, 0x300)])
    rng = random.Random(1)
    for _ in range(5000):
        pool = alphabet[:95] if rng.random() < 0.7 else alphabet
        text = "".join(rng.choice(pool) for _ in range(rng.randint(0, 30)))
        assert fast.splitString(text, other) == plain.splitString(text, one), text
    assert fast.state[other].assignments == plain.state[one].assignments
    assert len(plain.state[one].subsets) >= 3


def test_a_chart_shown_three_times_is_drawn_once_in_the_pdf(art, tmp_path):
    """The handout's vector chart is one form XObject, placed wherever the chart is shown."""
    import pikepdf
    from reportlab.platypus import SimpleDocTemplate

    drawn = next(iter(art.values()))
    path = tmp_path / "three.pdf"
    flowables = [pdf_svg.vector_chart(drawn.svg, 300, 200) for _ in range(3)]
    SimpleDocTemplate(str(path)).build(flowables)
    with pikepdf.open(path) as pdf:
        forms = {obj.objgen for page in pdf.pages
                 for obj in page.Resources.get("/XObject", {}).values()
                 if obj.get("/Subtype") == "/Form"}
        placed = sum(page.Contents.read_bytes().count(b" Do") for page in pdf.pages)
    assert len(forms) == 1 and placed == 3
