"""End to end: build a note through the CLI, reopen both files, compare figures with the note."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from pptx import Presentation
from pypdf import PdfReader

from notedeck.commands.cli import main
from test_compose import BUDGETS, CHECKS
import office

BOTTLENECK = ("2 h 14 min 20 s", "60.8 seconds", "99.3%", "0.7%", "1.3%", "98.7%",
              "10,000×", "132.57×", "8,060")


def squash(text: str) -> str:
    """Runs of spaces as one; a no-break space (a number kept with its unit) is a space."""
    return re.sub(r"\s+", " ", text)


def build(args: list[str]) -> Path:
    result = CliRunner().invoke(main, ["build", *args])
    assert result.exit_code == 0, result.output
    return Path(args[args.index("--out") + 1])


@pytest.fixture(scope="module")
def bundled(tmp_path_factory) -> Path:
    return build(["--out", str(tmp_path_factory.mktemp("bundled"))])


@pytest.fixture(scope="module")
def unseen(tmp_path_factory) -> Path:
    from conftest import THREE_WORKLOADS

    folder = tmp_path_factory.mktemp("unseen")
    (folder / "other.yaml").write_text(THREE_WORKLOADS, encoding="utf-8")
    return build(["--scenarios", str(folder / "other.yaml"), "--out", str(folder / "out")])


def deck_text(path: Path) -> tuple[str, list, list]:
    """All text of the deck (shapes, table cells, notes), the tables, and the charts' alt
    texts (native charts, or pictures with --charts picture)."""
    presentation = Presentation(str(path))
    parts, tables, pictures = [], [], []
    for slide in presentation.slides:
        for shape in slide.shapes:
            if shape.has_text_frame:
                parts.append(shape.text_frame.text)
            if shape.has_table:
                rows = [tuple(squash(c.text) for c in row.cells) for row in shape.table.rows]
                tables.append(rows)
                parts.extend(" ".join(r) for r in rows)
            if shape.shape_type == 13:
                pictures.append(shape._element.nvPicPr.cNvPr.get("descr"))
            if shape.has_chart:
                pictures.append(shape._element.nvGraphicFramePr.cNvPr.get("descr"))
        if slide.has_notes_slide:
            parts.append(slide.notes_slide.notes_text_frame.text)
    return squash("\n".join(parts)), tables, pictures


def handout_text(path: Path) -> str:
    return squash("\n".join(page.extract_text() for page in PdfReader(str(path)).pages))


def test_build_prints_what_it_wrote(tmp_path):
    result = CliRunner().invoke(main, ["build", "--out", str(tmp_path)])
    assert result.exit_code == 0
    assert re.search(r"wrote .*deck\.pptx \(\d+ slides\)", result.output)
    assert re.search(r"wrote .*handout\.pdf \(\d+ pages\)", result.output)


def test_deck_has_every_figure_of_the_note(bundled):
    text, tables, pictures = deck_text(bundled / "deck.pptx")
    assert BUDGETS == [tuple(r) for r in tables[0][1:]]
    assert CHECKS == [tuple(r) for r in tables[1][1:]]
    for figure in BOTTLENECK:
        assert figure in text
    assert len(pictures) == 3 and all(p and len(p) > 80 for p in pictures)
    assert "10,000 streams × 100 tokens/sec" in text and "1,000,000 tokens/sec" in text


def test_every_slide_has_notes_a_number_and_a_footer(bundled):
    presentation = Presentation(str(bundled / "deck.pptx"))
    assert presentation.slide_width / presentation.slide_height == pytest.approx(16 / 9, 0.01)
    for index, slide in enumerate(presentation.slides, start=1):
        assert slide.has_notes_slide and slide.notes_slide.notes_text_frame.text.strip(), index
        if index > 1:
            texts = " ".join(s.text_frame.text for s in slide.shapes if s.has_text_frame)
            assert "One million tokens a second" in texts, index
            xml = slide._element.xml
            assert 'type="slidenum"' in xml, index


def test_handout_has_every_figure_of_the_note(bundled):
    text = handout_text(bundled / "handout.pdf")
    for row in BUDGETS + CHECKS:
        assert " ".join(row) in text, row
    for figure in BOTTLENECK:
        assert figure in text
    for title in ("Claude Opus 5.5 overview", "Context windows", "Latency optimization",
                  "Sarathi-Serve", "PagedAttention"):
        assert title in text
    info = PdfReader(str(bundled / "handout.pdf")).metadata
    assert info.title == "One million tokens a second" and info.author and info.subject


def test_unseen_scenario_everywhere_and_nothing_stale(unseen):
    deck, tables, _ = deck_text(unseen / "deck.pptx")
    handout = handout_text(unseen / "handout.pdf")
    row = ("300 practice quizzes × 900", "270,000", "1 h 52 min 30 s", "1.1 seconds")
    assert tables[0][2] == row and " ".join(row) in handout
    for text in (deck, handout):
        assert "6,250×" in text and "45 min" in text and "250,000 tokens/sec" in text
        for stale in ("132.57×", "2 h 14 min 20 s", "story endings", "1,000,000 tokens/sec",
                      "forty", "ten thousand", "8,060"):
            assert stale not in text, stale


def test_audience_build_goes_to_its_own_folder(tmp_path, monkeypatch, note):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(note, tmp_path / "content")
    result = CliRunner().invoke(main, ["build", "--audience", "support-team"])
    assert result.exit_code == 0, result.output
    text, _, _ = deck_text(tmp_path / "output" / "support-team" / "deck.pptx")
    assert "Customer support team" in text and "reply drafts" in text
    assert "Customer support team" in handout_text(tmp_path / "output" / "support-team" / "handout.pdf")


def test_letter_paper(tmp_path):
    out = build(["--paper", "letter", "--out", str(tmp_path)])
    box = PdfReader(str(out / "handout.pdf")).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


@pytest.mark.skipif(not shutil.which("soffice"), reason="LibreOffice is not installed")
def test_libreoffice_draws_every_slide_and_paragraph(bundled, tmp_path):
    office.convert("pdf", bundled / "deck.pptx", tmp_path, timeout=240)
    pages = PdfReader(str(tmp_path / "deck.pdf")).pages
    slides = Presentation(str(bundled / "deck.pptx")).slides
    assert len(pages) == len(slides)
    for number, (page, slide) in enumerate(zip(pages, slides), start=1):
        drawn = squash(page.extract_text()).replace(" ", "")
        for shape in slide.shapes:
            if not shape.has_text_frame:
                continue
            for paragraph in shape.text_frame.paragraphs:
                words = squash(paragraph.text).replace(" ", "")
                if words and not words.isdigit():
                    assert words in drawn, (number, paragraph.text)


@pytest.mark.skipif(not shutil.which("qpdf"), reason="qpdf is not installed")
def test_qpdf_check_passes(bundled):
    subprocess.run(["qpdf", "--check", str(bundled / "handout.pdf")], check=True,
                   capture_output=True)


@pytest.mark.skipif(not shutil.which("pdffonts"), reason="pdffonts is not installed")
def test_every_handout_font_is_embedded(bundled):
    listing = subprocess.run(["pdffonts", str(bundled / "handout.pdf")], check=True,
                             capture_output=True, text=True).stdout.splitlines()[2:]
    assert listing and all(line.split()[-5] == "yes" for line in listing), listing


def test_deck_passes_openxml_audit(bundled):
    openxml_audit = pytest.importorskip("openxml_audit")
    result = openxml_audit.validate_pptx(bundled / "deck.pptx")
    assert result.is_valid, [str(e) for e in result.errors[:10]]


def test_deck_carries_no_stale_thumbnail(bundled):
    import zipfile

    with zipfile.ZipFile(bundled / "deck.pptx") as archive:
        assert not [name for name in archive.namelist() if "thumbnail" in name]
