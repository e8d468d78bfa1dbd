"""A note with money (negative amounts, prices kept in cents shown in euros) and a payback in
years, built in en-GB and de-DE: every output writes CLDR's forms, and no figure breaks across
lines (tests/notes/money)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pptx import Presentation
from pypdf import PdfReader

from notedeck.commands.cli import main

NOTE = Path(__file__).resolve().parents[1] / "notes" / "money"
NBSP = "\u00a0"
WJ = "\u2060"           # a word joiner holds a minus to the currency symbol after it
FIGURES = {
    "note": ["-€240 a year", "€0.30/kWh", "€0.12/kWh", "-€5,775", "24.1 years",
             "24 years and 1 month", "-€3,375.00", "€1,440.00 a year"],
    "berlin": ["-240 € pro Jahr", "0,30 €/kWh", "0,12 €/kWh", "-5.775 €", "24,1 Jahre",
               "24 Jahre und 1 Monat", "-3.375,00 €", "1.440,00 € pro Jahr"],
}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("money")
    note = shutil.copytree(NOTE, folder / "note")
    result = CliRunner().invoke(main, ["build", "--content", str(note), "--all-audiences",
                                       "--with", "slides,web,guide", "--out", str(folder / "out"),
                                       "--no-cache", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return folder / "out"


def _variant(built: Path, name: str) -> Path:
    return built if name == "note" else built / name


def _pptx_text(path: Path) -> list[str]:
    """Every paragraph of the deck: slides, tables, charts' labels and speaker notes."""
    found = []
    for slide in Presentation(str(path)).slides:
        for shape in slide.shapes:
            if shape.has_text_frame:
                found += [p.text for p in shape.text_frame.paragraphs]
            if shape.has_table:
                found += [c.text for row in shape.table.rows for c in row.cells]
            if shape.has_chart:
                found += re.findall(r"<(?:a:t|c:v)>([^<]*)</",           # labels, categories
                                    shape.chart.part.blob.decode("utf-8"))
        if slide.has_notes_slide:
            found += [p.text for p in slide.notes_slide.notes_text_frame.paragraphs]
    return [text.replace(WJ, "") for text in found]


def _pdf_lines(path: Path) -> list[str]:
    return [line.replace(WJ, "") for page in PdfReader(str(path)).pages
            for line in page.extract_text().splitlines()]


def _web_text(path: Path) -> str:
    text = re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))
    return text.replace("&nbsp;", NBSP).replace(WJ, "")


@pytest.mark.parametrize("variant", ["note", "berlin"])
def test_every_output_writes_cldrs_money_and_never_euro_minus(built, variant):
    folder = _variant(built, variant)
    texts = {"deck.pptx": "\n".join(_pptx_text(folder / "deck.pptx")),
             "handout.pdf": "\n".join(_pdf_lines(folder / "handout.pdf")),
             "slides.pdf": "\n".join(_pdf_lines(folder / "slides.pdf")),
             "web": _web_text(folder / "web" / "index.html")}
    for name, text in texts.items():
        assert "€-" not in text and "€" + NBSP + "-" not in text, name
        flat = text.replace(NBSP, " ")
        missing = [f for f in FIGURES[variant] if f not in flat
                   and not (name.endswith(".pdf") and f not in _IN_PDF)]
        assert not missing, f"{name} lacks {missing}"


_IN_PDF = {"-€240 a year", "€0.30/kWh", "-€5,775", "24.1 years", "-€3,375.00",
           "-240 € pro Jahr", "0,30 €/kWh", "-5.775 €", "24,1 Jahre", "-3.375,00 €"}


@pytest.mark.parametrize("variant", ["note", "berlin"])
def test_every_space_inside_a_figure_is_no_break_in_the_deck(built, variant):
    text = "\n".join(_pptx_text(_variant(built, variant) / "deck.pptx"))
    for figure in FIGURES[variant]:
        if " and " in figure or " und " in figure:      # a duration's parts: each held whole
            figure = figure.replace(" and ", "\0").replace(" und ", "\1")
            held = figure.replace(" ", NBSP).replace("\0", " and ").replace("\1", " und ")
            assert held in text, figure
            continue
        assert figure.replace(" ", NBSP) in text, figure


@pytest.mark.parametrize("variant", ["note", "berlin"])
@pytest.mark.parametrize("output", ["handout.pdf", "slides.pdf"])
def test_no_figure_breaks_across_lines_in_a_pdf(built, variant, output):
    lines = [line.replace(NBSP, " ") for line in
             _pdf_lines(_variant(built, variant) / output)]
    for figure in _IN_PDF & set(FIGURES[variant]):
        whole = sum(figure in line for line in lines)
        assert whole, f"{figure} is not whole on any line of {output}"
        head, tail = figure.split(" ", 1) if " " in figure else (figure, None)
        if tail:
            assert not any(line.endswith(head) and not line.endswith(figure)
                           for line in lines), f"{figure} breaks after '{head}' in {output}"


def test_a_german_section_writes_its_own_keywords(built):
    """### Notizen (2 min), # Handzettel, **Frage** and **Achten auf** in the German sections."""
    deck = Presentation(str(built / "berlin" / "deck.pptx"))
    notes = [slide.notes_slide.notes_text_frame.text for slide in deck.slides
             if slide.has_notes_slide]
    assert any(n.startswith("Die neue Wärme kostet") for n in notes)
    handout = " ".join(_pdf_lines(built / "berlin" / "handout.pdf")).replace(NBSP, " ")
    assert "Bei 0,30 €/kWh statt 0,12 €/kWh kostet die Wärme" in handout
    guide = " ".join(_pdf_lines(built / "berlin" / "guide.pdf")).replace(NBSP, " ")
    assert "Übung. Wie lange dauert es, bis 5.775 € zurück sind?" in guide
    assert "Achten Sie auf: 24,1 Jahre" in guide and "Folie 3 · 09:00 · 2 Min." in guide


def test_a_rules_message_is_in_the_builds_language(tmp_path):
    note = shutil.copytree(NOTE, tmp_path / "note")
    scenarios = note / "scenarios.yaml"
    scenarios.write_text(scenarios.read_text(encoding="utf-8").replace("factor: 3", "factor: 1.5"),
                         encoding="utf-8")
    said = CliRunner().invoke(main, ["check", "--content", str(note)]).output  # every audience
    assert "scenarios.yaml:4:9: factor: a factor of 1.5 is low for a heat pump" in said
    assert "scenarios.yaml:4:9: factor: ein Faktor von 1.5 ist niedrig für eine Wärmepumpe" in said


def test_french_elides_before_a_vowel_and_german_words_take_their_case(built, tmp_path):
    """'au prix de {fuel}' with 'électricité' reads 'au prix d’électricité'; a German slot
    {decade.span:dative} and {{ payback.dative }} read 'nach 10 Jahren', 'in 24,1 Jahren'."""
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "--content", str(NOTE), "--audience", "lyon",
                                       "--out", str(out), "--no-cache"])
    assert result.exit_code == 0, result.output
    handout = " ".join(_pdf_lines(out / "handout.pdf")).replace(NBSP, " ")
    assert "au prix d’électricité" in handout and "de électricité" not in handout
    german = "\n".join(_pptx_text(built / "berlin" / "deck.pptx")).replace(NBSP, " ")
    assert "Nach 10 Jahren beträgt der Saldo -3.375 €" in german
    assert "kommen 5.775 € in 24,1 Jahren zurück" in german
