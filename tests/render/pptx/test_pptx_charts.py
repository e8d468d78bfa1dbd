"""Native charts in deck.pptx: read back with python-pptx, their data the core's figures."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import zipfile

import pytest
from pptx import Presentation

from notedeck.stages.compose import compose
from support import BUNDLED, build, gather
import office

C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("native")
    build(BUNDLED, out / "native")
    build(BUNDLED, out / "picture", charts="picture")
    return out


@pytest.fixture(scope="module")
def specs():
    deck, _ = compose(gather(BUNDLED))
    return {spec.name: spec for spec in deck.charts}


def charts(deck_path) -> dict:
    """Each native chart of the deck by its name, with the slide it is on."""
    found = {}
    for number, slide in enumerate(Presentation(str(deck_path)).slides, start=1):
        for shape in slide.shapes:
            if shape.has_chart:
                found[shape.name.removeprefix("Chart: ")] = (number, shape)
    return found


def xy(series) -> list[tuple[float, float]]:
    xs = [float(v.text) for v in series._element.find(f"{C}xVal").iter(f"{C}v")]
    return list(zip(xs, series.values))


def test_three_native_charts_with_alt_text_from_their_data(built, specs):
    found = charts(built / "native" / "deck.pptx")
    assert set(found) == {"dial", "bottleneck", "speedup"}
    for name, (_, shape) in found.items():
        assert shape._element.nvGraphicFramePr.cNvPr.get("descr") == specs[name].alt_text
        assert shape.chart.chart_title.text_frame.text == specs[name].title


def test_dial_series_are_the_cores_writing_times_on_log_axes(built, specs):
    _, shape = charts(built / "native" / "deck.pptx")["dial"]
    chart, spec = shape.chart, specs["dial"]
    drawn = {s.name: xy(s) for s in chart.plots[0].series}
    for line in spec.lines:
        assert drawn[line.label] == list(zip(line.x, line.y))
    for axis in chart._chartSpace.iter(f"{C}valAx"):
        assert axis.find(f"{C}scaling/{C}logBase").get("val") == "10"
    labels = {"".join(t.text for t in d.iter(f"{A}t")) for d in chart._chartSpace.iter(f"{C}dLbl")}
    ticks = {t.label for t in spec.x.ticks} | {t.label for t in spec.y.ticks}
    assert {t.label for t in spec.x.ticks} <= labels
    assert labels <= ticks and len(ticks - labels) <= 1   # a label that would collide is left out


def test_bottleneck_is_two_100_percent_bars_of_the_cores_shares(built, specs):
    _, shape = charts(built / "native" / "deck.pptx")["bottleneck"]
    chart, spec = shape.chart, specs["bottleneck"]
    assert chart._chartSpace.find(f".//{C}barChart/{C}grouping").get("val") == "percentStacked"
    for j, series in enumerate(chart.plots[0].series):
        assert series.name == spec.bars[0].segments[j].label
        assert list(series.values) == [bar.segments[j].value for bar in spec.bars]
    assert [c.split("\n")[0] for c in chart.plots[0].categories] == [b.label for b in spec.bars]


def test_speedup_curve_is_the_cores_and_labels_only_the_points_it_reaches(built, specs):
    """A log axis has no 0: the curve starts at its first positive check, and the no-check
    point (x = 0), which the drawn curve does not reach, has neither dot nor label."""
    _, shape = charts(built / "native" / "deck.pptx")["speedup"]
    chart, spec = shape.chart, specs["speedup"]
    curve_spec, reference = spec.lines[0], spec.references[0]
    curve = next(s for s in chart.plots[0].series if s.name == curve_spec.label)
    assert xy(curve) == [(x, y) for x, y in zip(curve_spec.x, curve_spec.y) if x > 0]
    ceiling = next(s for s in chart.plots[0].series if s.name == reference.label)
    assert set(ceiling.values) == {reference.value}
    texts = {"".join(t.text for t in d.iter(f"{A}t")).strip()
             for d in chart._chartSpace.iter(f"{C}dLbl")}
    reached = {p.label for p in curve_spec.points if p.x > 0}
    assert reached and reached <= texts and reference.label in texts
    assert not {p.label for p in curve_spec.points if p.x <= 0} & texts
    for axis in chart._chartSpace.iter(f"{C}valAx"):
        assert axis.find(f"{C}scaling/{C}logBase").get("val") == "10"


def test_series_and_text_take_theme_colours(built):
    with zipfile.ZipFile(built / "native" / "deck.pptx") as archive:
        for name in archive.namelist():
            if name.startswith("ppt/charts/chart"):
                xml = archive.read(name).decode()
                assert "srgbClr" not in xml and 'schemeClr val="accent1"' in xml, name


def test_edit_data_finds_the_figures_in_the_embedded_workbook(built, specs):
    _, shape = charts(built / "native" / "deck.pptx")["bottleneck"]
    blob = shape.chart.part.chart_workbook.xlsx_part.blob
    with zipfile.ZipFile(io.BytesIO(blob)) as book:
        sheet = book.read("xl/worksheets/sheet1.xml").decode()
        strings = book.read("xl/sharedStrings.xml").decode()
    numbers = [float(v) for v in re.findall(r"<c r=\"[B-Z]\d+\"[^>]*><v>([^<]+)</v>", sheet)]
    for bar in specs["bottleneck"].bars:
        assert bar.label in strings
        for segment in bar.segments:
            assert any(abs(n - segment.value) < 1e-12 for n in numbers), segment


def test_the_picture_option_keeps_pictures(built, specs):
    deck = Presentation(str(built / "picture" / "deck.pptx"))
    pictures = [sh for slide in deck.slides for sh in slide.shapes if sh.shape_type == 13]
    assert {p.name.removeprefix("Chart: ") for p in pictures} == \
        {spec.title for spec in specs.values()}
    assert not charts(built / "picture" / "deck.pptx")


def test_handout_is_the_same_with_either_form(built):
    assert (built / "native" / "handout.pdf").read_bytes() == \
        (built / "picture" / "handout.pdf").read_bytes()


@pytest.mark.skipif(not (shutil.which("soffice") and shutil.which("pdftotext")),
                    reason="LibreOffice or pdftotext is not installed")
def test_libreoffice_draws_the_charts_labels(built, tmp_path):
    """Every label of every chart (ticks, points, the ceiling) is drawn on its slide."""
    office.convert("pdf", built / "native" / "deck.pptx", tmp_path, timeout=240)
    for name, (number, shape) in charts(built / "native" / "deck.pptx").items():
        drawn = subprocess.run(["pdftotext", "-f", str(number), "-l", str(number),
                                str(tmp_path / "deck.pdf"), "-"], capture_output=True,
                               text=True, check=True).stdout
        drawn = "".join(drawn.split())                 # no-break spaces too
        for label in ("".join(t.text for t in d.iter(f"{A}t"))
                      for d in shape.chart._chartSpace.iter(f"{C}dLbl")):
            assert "".join(label.split()) in drawn, (name, label)


AGAIN = "\n## The margin again\n\n```chart\nmargins\n```\n\n### Notes\n\nOnce more.\n"


def test_a_chart_shown_twice_has_two_charts_of_the_same_bytes_each_with_its_workbook(tmp_path):
    from support import small_note

    note = small_note("charts", tmp_path)
    section = note / "sections" / "02-the-rates.md"
    slides, handout = section.read_text(encoding="utf-8").split("# Handout")
    section.write_text(slides + AGAIN + "\n# Handout" + handout, encoding="utf-8")
    build(note, tmp_path / "out")
    shown = [shape for slide in Presentation(str(tmp_path / "out" / "deck.pptx")).slides
             for shape in slide.shapes if shape.has_chart and shape.name == "Chart: margins"]
    assert len(shown) == 2
    first, again = (shape.chart.part for shape in shown)
    assert first is not again and first.partname != again.partname
    assert first.blob == again.blob
    books = [part.chart_workbook.xlsx_part for part in (first, again)]
    assert books[0] is not books[1] and books[0].blob == books[1].blob
    assert [list(s.values) for s in shown[1].chart.plots[0].series] == \
        [list(s.values) for s in shown[0].chart.plots[0].series]
    for book in books:
        with zipfile.ZipFile(io.BytesIO(book.blob)) as opened:
            assert "xl/worksheets/sheet1.xml" in opened.namelist()
