"""Native charts' numbers in deck.pptx, read back from the chart XML and the embedded workbook:
the figures' forms in the locale's CLDR shapes (tests/notes/money in en-GB, de-DE, fr-FR)."""

from __future__ import annotations

import io
import re
import shutil
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree
from pptx import Presentation

import office
from notedeck.commands.cli import main

NOTE = Path(__file__).resolve().parents[2] / "notes" / "money"
C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
S = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
NB = "\u00a0"
# The money a year of each heat (old, new), its total outlay after each span, the balance.
A_YEAR = {"note": f'"€"#,##0"{NB}a{NB}year";"-€"#,##0"{NB}a{NB}year"',
          "berlin": f'#,##0"{NB}€{NB}pro{NB}Jahr"', "lyon": f'#,##0"{NB}€{NB}par{NB}an"'}
EUROS = {"note": '"€"#,##0;"-€"#,##0', "berlin": f'#,##0"{NB}€"', "lyon": f'#,##0"{NB}€"'}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("numbers")
    result = CliRunner().invoke(main, ["build", "--content", str(NOTE), "--all-audiences",
                                       "--out", str(out), "--no-cache", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return out


def _deck(built: Path, variant: str) -> Path:
    return built / "deck.pptx" if variant == "note" else built / variant / "deck.pptx"


def _charts(deck: Path) -> dict:
    """Each native chart by its name: (slide number, graphic frame)."""
    return {shape.name.removeprefix("Chart: "): (number, shape)
            for number, slide in enumerate(Presentation(str(deck)).slides, start=1)
            for shape in slide.shapes if shape.has_chart}


def _workbook(chart) -> tuple[dict[str, float], dict[str, str]]:
    """The embedded workbook's numbers by cell, and each such cell's number format code."""
    with zipfile.ZipFile(io.BytesIO(chart.part.chart_workbook.xlsx_part.blob)) as book:
        sheet = etree.fromstring(book.read("xl/worksheets/sheet1.xml"))
        styles = etree.fromstring(book.read("xl/styles.xml"))
    codes = {f.get("numFmtId"): f.get("formatCode") for f in styles.iter(f"{S}numFmt")}
    cell_formats = [x.get("numFmtId") for x in styles.find(f"{S}cellXfs")]
    values, formats = {}, {}
    for cell in sheet.iter(f"{S}c"):
        if cell.get("t") is None and cell.find(f"{S}v") is not None:
            values[cell.get("r")] = float(cell.find(f"{S}v").text)
            formats[cell.get("r")] = codes.get(cell_formats[int(cell.get("s", 0))], "General")
    return values, formats


@pytest.mark.parametrize("variant", ["note", "berlin", "lyon"])
def test_bars_of_money_a_year_keep_euros_a_year_in_their_form(built, variant):
    """Values a year in euros (not per second), the axis, data labels and cached values in
    CLDR's form for the locale: the symbol before or after, the words of the unit."""
    _, shape = _charts(_deck(built, variant))["costs"]
    chart = shape.chart
    space = chart._chartSpace
    axis = space.find(f".//{C}valAx/{C}numFmt")
    assert (axis.get("formatCode"), axis.get("sourceLinked")) == (A_YEAR[variant], "0")
    for labels in space.iter(f"{C}dLbls"):
        assert labels.find(f"{C}numFmt").get("formatCode") == A_YEAR[variant]
    assert [c.text for c in space.iter(f"{C}formatCode")] == [A_YEAR[variant]]
    assert [round(v, 6) for v in chart.plots[0].series[0].values] == [1440, 1200]
    values, formats = _workbook(chart)
    assert sorted(round(v, 6) for v in values.values()) == [1200, 1440]
    assert set(formats.values()) == {A_YEAR[variant]}


@pytest.mark.parametrize("variant", ["note", "berlin", "lyon"])
def test_a_balance_line_shows_negative_euros_as_the_locale_writes_them(built, variant):
    """The y axis of a balance below and above 0: "-€4,575" in English (a section of its own
    for negatives), "-4.575 €" in German and French (Excel's minus before the number)."""
    _, shape = _charts(_deck(built, variant))["balance"]
    space = shape.chart._chartSpace
    x_axis, y_axis = space.findall(f".//{C}valAx")
    assert y_axis.find(f"{C}numFmt").get("formatCode") == EUROS[variant]
    assert x_axis.find(f"{C}numFmt").get("formatCode") == "#,##0"
    assert all(a.find(f"{C}crosses").get("val") == "min" for a in (x_axis, y_axis))
    _, formats = _workbook(shape.chart)
    assert EUROS[variant] in formats.values() and "#,##0" in formats.values()
    balance = next(s for s in shape.chart.plots[0].series
                   if s.name in ("Balance", "Saldo", "Solde"))
    assert [round(v, 6) for v in balance.values] == [-4575, -3375, -975, 1425]


HELPERS = {"note": {"Labels of the axis “Years since installation”", "Labels of the axis “Balance”"},
           "berlin": {"Beschriftung der Achse „Jahre seit dem Einbau“",
                      "Beschriftung der Achse „Saldo“"},
           "lyon": {f"Graduations de l’axe «{NB}Années depuis l’installation{NB}»",
                    f"Graduations de l’axe «{NB}Solde{NB}»"}}


@pytest.mark.parametrize("variant", ["note", "berlin", "lyon"])
def test_edit_data_names_the_series_that_place_the_axis_labels(built, variant):
    """The series that carry the tick labels say so in the deck's language, apart from the
    data: "Edit Data" shows no second column named like the line."""
    _, shape = _charts(_deck(built, variant))["balance"]
    names = [s.name for s in shape.chart.plots[0].series]
    assert HELPERS[variant] <= set(names)
    assert len(names) == len(set(names))


def test_side_by_side_columns_have_their_legend_above_the_plot(built):
    _, shape = _charts(_deck(built, "note"))["spent"]
    space = shape.chart._chartSpace
    legend_y = float(space.find(f".//{C}legend/{C}layout/{C}manualLayout/{C}y").get("val"))
    plot_y = float(space.find(f".//{C}plotArea/{C}layout/{C}manualLayout/{C}y").get("val"))
    title_y = float(space.find(f".//{C}title/{C}layout/{C}manualLayout/{C}y").get("val"))
    assert title_y < legend_y < plot_y
    assert space.find(f".//{C}valAx/{C}scaling/{C}min").get("val") == "0.0"


@pytest.mark.parametrize("variant", ["note", "berlin", "lyon"])
def test_the_charts_xml_passes_the_openxml_audit(built, variant):
    openxml_audit = pytest.importorskip("openxml_audit")
    result = openxml_audit.validate_pptx(_deck(built, variant))
    assert result.is_valid, [str(error) for error in result.errors[:10]]


@pytest.fixture(scope="module")
def drawn(built, tmp_path_factory) -> Path:
    """Each variant's deck drawn by LibreOffice, in one run: `<variant>.pdf`."""
    if not shutil.which("soffice"):
        pytest.skip("LibreOffice (soffice) is not installed")
    folder = tmp_path_factory.mktemp("drawn")
    decks = [Path(shutil.copy(_deck(built, variant), folder / f"{variant}.pptx"))
             for variant in ("note", "berlin", "lyon")]
    office.convert("pdf", decks, folder, timeout=600)
    return folder


@pytest.mark.parametrize("variant", ["note", "berlin", "lyon"])
def test_libreoffice_draws_every_label_whole_inside_its_chart(built, drawn, variant):
    """Each data label's text, as LibreOffice draws the deck, lies wholly inside the chart's
    frame: none clipped at the edge ("2.152 € pro Jah"), none lost; and no text of the chart
    is squeezed narrower to fit (LibreOffice's way with a label given no room)."""
    import pdfplumber

    deck = _deck(built, variant)
    with pdfplumber.open(drawn / f"{variant}.pdf") as pdf:
        for name, (number, shape) in _charts(deck).items():
            page = pdf.pages[number - 1]
            scale = page.width / Presentation(str(deck)).slide_width
            frame = tuple(v * scale for v in (shape.left, shape.top, shape.left + shape.width,
                                              shape.top + shape.height))
            drawn = page.within_bbox(frame)
            inside = re.sub(r"\s", "", drawn.extract_text())
            squeezed = {c["text"] for c in drawn.chars
                        if abs(abs(c["matrix"][0]) - abs(c["matrix"][3])) > 0.02}
            assert not squeezed, (variant, name, "".join(sorted(squeezed)))
            for label in shape.chart._chartSpace.iter(f"{C}dLbl"):
                text = re.sub(r"[\s\u2060]", "", "".join(t.text for t in label.iter(f"{A}t")))
                assert text in inside, (variant, name, text)
