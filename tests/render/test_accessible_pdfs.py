"""Every PDF of a build with all outputs is a tagged PDF (PDF/UA-1): pdfua finds nothing, the
structure tree read back has the note's headings, tables with header cells, charts as figures
with their text, and read in its order it is the note's text; nothing else is on the page but
running headers and footers. For the note (English) and its German and French audiences."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pikepdf
import pytest
from pptx import Presentation

from notedeck.deck import BulletList, Callout, Chart, Heading, Paragraph, Stats, Table, Worksheet
from notedeck.deck import plain
from support import BUNDLED, build, gather
from notedeck.stages.compose import compose

from .editions import tool
from . import pdftags
from .pdftags import Node

OUTPUTS = ("slides", "guide", "worksheet", "print1", "print3", "print6")
FILES = ("handout.pdf", "slides.pdf", "guide.pdf", "worksheet.pdf", "slides-1up.pdf",
         "slides-3up.pdf", "slides-6up.pdf")
VARIANTS = {None: "en-GB", "team-berlin": "de-DE", "equipe-lyon": "fr-FR"}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict:
    """Each variant built with every output: {audience: (folder, Deck)}."""
    root = tmp_path_factory.mktemp("tagged")
    out = {}
    for audience in VARIANTS:
        folder = root / (audience or "note")
        build(BUNDLED, folder, audience=audience, outputs=("deck", "handout", *OUTPUTS))
        out[audience] = folder, compose(gather(BUNDLED, audience=audience))[0]
    return out


@cache
def read(path: Path) -> tuple[list[Node], dict[int, list[str]]]:
    """pdftags.read, once per file: the files are built once and the tests only look."""
    return pdftags.read(path)


def words(text: str) -> str:
    """Text as compared: its words, one space between (no-break spaces and line breaks alike)."""
    return " ".join(text.split())


# --- the machine-checkable rules ----------------------------------------------------------

@pytest.mark.parametrize("audience", VARIANTS, ids=[a or "note" for a in VARIANTS])
def test_pdfua_check_finds_nothing_in_any_pdf(built, audience):
    folder, _ = built[audience]
    run = subprocess.run([sys.executable, "-m", "pdfua", "check", "--format", "json",
                          *(str(folder / name) for name in FILES)],
                         capture_output=True, text=True)
    reports, decoder, at = [], json.JSONDecoder(), 0
    while at < len(run.stdout.rstrip()):
        report, at = decoder.raw_decode(run.stdout, at)
        reports.append(report)
        at = len(run.stdout) - len(run.stdout[at:].lstrip())
    assert {Path(r["file"]).name for r in reports} == set(FILES)
    for report in reports:
        assert report["findings"] == [] and report["skipped"] == [], report
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize("audience", VARIANTS, ids=[a or "note" for a in VARIANTS])
def test_every_pdf_declares_its_language_title_and_tags(built, audience):
    folder, deck = built[audience]
    for name in FILES:
        with pikepdf.open(folder / name) as pdf:
            root = pdf.Root
            assert str(root.Lang) == VARIANTS[audience], name
            assert root.MarkInfo.Marked is True and root.ViewerPreferences.DisplayDocTitle
            assert "/StructTreeRoot" in root and pdf.pdf_version == "1.7"
            with pdf.open_metadata() as xmp:
                assert xmp["dc:title"].startswith(deck.meta.title), name
                assert xmp["pdfuaid:part"] == "1"
            for number, page in enumerate(pdf.pages):
                assert page.obj.StructParents == number and page.obj.Tabs == "/S"


@pytest.mark.skipif(not tool("pdfinfo"), reason="poppler's pdfinfo is not installed")
def test_poppler_says_every_pdf_is_tagged(built):
    folder, _ = built[None]
    for name in FILES:
        info = subprocess.run(["pdfinfo", str(folder / name)], capture_output=True, text=True,
                              check=True).stdout
        assert re.search(r"^Tagged:\s+yes$", info, re.M), name


def fonts(pdf: pikepdf.Pdf):
    """Every font a page draws with, directly or in a form it places."""
    def resources(holder):
        res = holder.get("/Resources") or {}
        yield from (res.get("/Font") or {}).values()
        for xobject in (res.get("/XObject") or {}).values():
            if xobject.get("/Subtype") == "/Form":
                yield from resources(xobject)
    for page in pdf.pages:
        yield from resources(page.obj)


@pytest.mark.parametrize("audience", VARIANTS, ids=[a or "note" for a in VARIANTS])
def test_every_font_is_embedded_with_a_map_to_unicode(built, audience):
    folder, _ = built[audience]
    for name in FILES:
        with pikepdf.open(folder / name) as pdf:
            for font in fonts(pdf):
                assert font.Subtype in ("/TrueType", "/Type0"), (name, font.BaseFont)
                descriptor = font.FontDescriptor if "/FontDescriptor" in font else \
                    font.DescendantFonts[0].FontDescriptor
                assert "/FontFile2" in descriptor, (name, font.BaseFont)
                assert "/ToUnicode" in font, (name, font.BaseFont)


@pytest.mark.parametrize("audience", VARIANTS, ids=[a or "note" for a in VARIANTS])
def test_only_running_headers_and_footers_are_left_out_of_the_structure(built, audience):
    """Text on a page that no element holds (an artifact) is the footer, the page number,
    the build id, a printed page's running title and the slides' own footers and numbers."""
    folder, deck = built[audience]
    meta = deck.meta
    known = [meta.footer, meta.title, meta.labels.guide.footer, meta.labels.worksheet, "\u00b7"]
    page = re.escape(meta.labels.page).replace(r"\{number\}", r"\d+").replace(r"\{total\}", r"\d+")
    for name in FILES:
        _, artifacts = read(folder / name)
        for texts in artifacts.values():
            for text in texts:
                rest = re.sub(rf"{page}|build [0-9a-f]{{10}}", " ", text.split(": ", 1)[1])
                for part in sorted(known, key=len, reverse=True):
                    rest = rest.replace(part, " ")
                rest = re.sub(r"\b0?\d+\b", " ", rest)          # slide numbers, "· 01"
                assert not rest.strip(), (name, text)


# --- the handout ----------------------------------------------------------------------------

def handout_text(deck) -> list[str]:
    """The handout's text as the note has it, block by block, in the note's order."""
    meta, out = deck.meta, []
    out += [meta.audience] if meta.audience else []
    out += [meta.title, meta.subtitle, f"{meta.author} \u00b7 {meta.date}"]
    for section in deck.handout.sections:
        out += [f"{section.number} {section.title}", section.headline]
        for block in section.blocks:
            out += block_text(block)
    return [words(text) for text in out if words(text)]


def block_text(block) -> list[str]:
    match block:
        case Paragraph(runs=runs) | Callout(runs=runs):
            return [plain(runs)]
        case Heading(text=text):
            return [text]
        case BulletList(items=items):
            return [part for runs in items for part in ("\u2022", plain(runs))] \
                if not block.ordered else [p for n, runs in enumerate(items)
                                           for p in (f"{n + 1}.", plain(runs))]
        case Table():
            return [block.caption, *block.header, *(cell for row in block.rows for cell in row)]
        case Stats(items=items):
            return [text for s in items for text in (s.value, s.label, s.detail)]
        case Worksheet():
            return [block.title] + [t for p in block.prompts for t in (p.title, p.hint)]
        case Chart():
            return []
    raise TypeError(type(block).__name__)


def leaves(nodes: list[Node]) -> list[Node]:
    return [n for top in nodes for n in top.walk() if n.text or n.role == "Figure"]


@pytest.mark.parametrize("audience", VARIANTS, ids=[a or "note" for a in VARIANTS])
def test_the_handout_read_in_structure_order_is_the_notes_text(built, audience):
    folder, deck = built[audience]
    tree, _ = read(folder / "handout.pdf")
    texts = [words(n.text) for n in leaves(tree) if n.role != "Figure"]
    sources = deck.handout.sources
    expected = handout_text(deck)
    assert texts[:len(expected)] == expected
    rest = texts[len(expected):]          # the sources and boundaries, in full sentences
    assert rest[0] == words(deck.meta.labels.sources)
    for text, source in zip(rest[1:], sources):
        assert words(source.title) in text and words(source.note) in text
    assert rest[len(sources) + 2:] == [words(b) for b in deck.handout.boundaries]


@pytest.mark.parametrize("audience", VARIANTS, ids=[a or "note" for a in VARIANTS])
def test_the_handouts_headings_are_the_notes_sections_in_order(built, audience):
    folder, deck = built[audience]
    tree, _ = read(folder / "handout.pdf")
    document = tree[0]
    assert document.role == "Document"
    assert [n.text for n in document.children if n.role == "H1"] == [words(deck.meta.title)]
    sections = [s for s in document.children if s.role == "Sect"]
    assert [words(s.children[0].text) for s in sections] == \
        [words(f"{s.number} {s.title}") for s in deck.handout.sections] + \
        [words(deck.meta.labels.sources)]
    assert all(s.children[0].role == "H2" for s in sections)
    levels = [int(n.role[1]) for n in document.walk() if re.fullmatch(r"H\d", n.role)]
    assert levels[0] == 1 and all(b <= a + 1 for a, b in zip(levels, levels[1:]))


@pytest.mark.parametrize("name", FILES)
def test_every_table_has_a_row_of_header_cells_with_their_scope(built, name):
    folder, _ = built["team-berlin"]
    tree, _ = read(folder / name)
    tables = [n for n in tree[0].walk() if n.role == "Table"]
    if name in ("handout.pdf", "slides.pdf", "guide.pdf"):
        assert tables, name
    for table in tables:
        rows = [n for n in table.children if n.role == "TR"]
        assert rows and all(c.role == "TH" for c in rows[0].children), name
        assert all(c.attributes.get("Scope") == "Column" for c in rows[0].children)
        assert all(c.role == "TD" for row in rows[1:] for c in row.children)
        assert len({len(row.children) for row in rows}) == 1      # a regular table


@pytest.mark.parametrize("name", ("handout.pdf", "slides.pdf", "slides-1up.pdf"))
def test_every_chart_is_a_figure_with_its_alt_text_and_box(built, name):
    folder, deck = built[None]
    tree, _ = read(folder / name)
    figures = [n for n in tree[0].walk() if n.role == "Figure"]
    assert [f.alt for f in figures] == [spec.alt_text for spec in deck.charts]
    for figure in figures:
        left, bottom, right, top = figure.attributes["BBox"]
        assert right - left > 100 and top - bottom > 60


# --- the slides -------------------------------------------------------------------------------

def deck_texts(path: Path) -> list[list[str]]:
    """Each slide's text in deck.pptx (paragraphs, then table cells), without its footer and
    slide number."""
    slides = []
    for slide in Presentation(str(path)).slides:
        texts = []
        for shape in slide.shapes:
            if shape.is_placeholder and shape.placeholder_format.type in (13, 15):
                continue            # slide number, footer
            if shape.has_text_frame:
                texts += [words(p.text) for p in shape.text_frame.paragraphs if words(p.text)]
            if shape.has_table:
                texts += [words(c.text) for row in shape.table.rows for c in row.cells]
        slides.append(texts)
    return slides


@pytest.mark.parametrize("audience", VARIANTS, ids=[a or "note" for a in VARIANTS])
def test_slides_pdf_is_a_section_per_slide_with_the_decks_text(built, audience):
    folder, deck = built[audience]
    tree, _ = read(folder / "slides.pdf")
    sections = tree[0].children
    expected = deck_texts(folder / "deck.pptx")
    assert [s.role for s in sections] == ["Sect"] * len(expected)
    for number, (section, texts) in enumerate(zip(sections, expected), start=1):
        assert re.fullmatch(r"H[123]", section.children[0].role), number
        assert section.children[0].text == texts[0], number        # the title first
        got = [words(n.text) for n in section.walk() if n.text and n.role != "Lbl"]
        assert sorted(got) == sorted(texts), number
    levels = [n.role for s in sections for n in s.children[:1]]
    assert levels[0] == "H1" and levels.count("H1") == 1


@pytest.mark.parametrize("name", ("slides-1up.pdf", "slides-3up.pdf", "slides-6up.pdf"))
def test_printed_slides_have_the_structure_of_slides_pdf(built, name):
    folder, _ = built["equipe-lyon"]
    def shape(path):
        tree, _ = read(path)
        return [(n.role, n.text, n.alt) for n in tree[0].walk()]
    assert shape(folder / name) == shape(folder / "slides.pdf")


def test_the_guide_and_the_worksheet_are_outlined_by_their_headings(built):
    folder, deck = built[None]
    guide, _ = read(folder / "guide.pdf")
    headings = [(n.role, n.text) for n in guide[0].walk() if re.fullmatch(r"H\d", n.role)]
    words_ = deck.meta.labels.guide
    assert headings[:3] == [("H1", deck.meta.title), ("H2", words_.run_sheet),
                            ("H2", words_.by_slide)]
    assert [text for role, text in headings[3:]] == \
        [words(f"{s.number} {s.title}") for s in deck.handout.sections]
    sheet, _ = read(folder / "worksheet.pdf")
    headings = [(n.role, n.text) for n in sheet[0].walk() if re.fullmatch(r"H\d", n.role)]
    assert [role for role, _ in headings] == ["H1", "H2"]
