"""The PowerPoint deck, rendered from a hand-built Deck and reopened with python-pptx."""

from __future__ import annotations

import hashlib
import io
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from pptx import Presentation
from pptx.util import Emu

from notedeck.errors import NotedeckError
from notedeck.deck import (Axis, Bar, BarChart, BulletList, Callout, ChartSlide, ContentSlide, Deck, Handout, Line, LineChart, Meta, Paragraph, Run, Segment, SectionSlide, Source, SourcesSlide, Stat, Stats, Table, TableSlide, Tick, TitleSlide)
from notedeck.deck import ChartArt
from notedeck.layout import fit, measure
from notedeck.template import package
from notedeck.template.package import DEFAULT_TEMPLATE
from notedeck.template.roles import SHIPPED, SHIPPED_LAYOUTS
from notedeck.theme import CHART_SIZES_IN, chart_size
from support import render

FOOTER = "One million tokens a second"


# --- a realistic Deck, by hand ---------------------------------------------------------

Art = ChartArt   # the real art type; the pictures are drawn here, small


def draw(name: str, kind: str) -> Art:
    width, height = CHART_SIZES_IN[kind]
    image = Image.new("RGB", (round(width * 40), round(height * 40)), "white")
    pen = ImageDraw.Draw(image)
    pen.rectangle((2, 2, image.width - 3, image.height - 3), outline="#D0D7DE", width=2)
    for i, colour in enumerate(("#0072B2", "#E69F00", "#009E73")):
        top = 30 + i * 50
        pen.rectangle((40, top, 40 + (i + 2) * 60, top + 30), fill=colour)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return Art(name, buffer.getvalue(), b"<svg/>", width, height)


def b(text: str) -> Run:
    return Run(text, bold=True)


def r(text: str) -> Run:
    return Run(text)


BUDGETS = Table(
    "budgets", "Every budget at the two ends of the dial (writing time only)",
    ("Workload", "Output tokens", "100 tokens/sec", "1,000,000 tokens/sec"),
    (("40 app drafts × 20,000", "800,000", "2 h 13 min 20 s", "0.8 seconds"),
     ("1,000 story endings × 1,000", "1,000,000", "2 h 46 min 40 s", "1 second"),
     ("10,000 support replies × 300", "3,000,000", "8 h 20 min", "3 seconds"),
     ("100 research summaries × 5,000", "500,000", "1 h 23 min 20 s", "0.5 seconds")),
    ("left", "right", "right", "right"), highlight=1)

BOTTLENECK_STATS = Stats((
    Stat("2 h 14 min 20 s", "Total at 100 tokens/sec", "Writing 99.3% · Checking 0.7%"),
    Stat("60.8 seconds", "Total at 1,000,000 tokens/sec", "Writing 1.3% · Checking 98.7%"),
    Stat("10,000×", "Writing speedup", "1,000,000 ÷ 100 tokens/sec"),
    Stat("132.57×", "End-to-end speedup", "8,060 ÷ 60.8 seconds"),
))

DIAL = LineChart(
    "dial", "Writing time at each stop of the dial",
    "Line chart, log scales: seconds of writing against tokens per second for four workloads; "
    "1,000,000 story-ending tokens take 2 h 46 min 40 s at 100 tokens/sec and 1 second at "
    "1,000,000 tokens/sec.",
    Axis("Tokens per second", (Tick(100, "100"), Tick(1e6, "1M")), "log"),
    Axis("Writing time", (Tick(1, "1 second"), Tick(10000, "2 h 46 min")), "log"),
    (Line("story endings", (100, 1e6), (10000, 1)),))

BOTTLENECK = BarChart(
    "bottleneck", "Writing against checking",
    "Two 100% bars. At 100 tokens/sec writing is 99.3% of 2 h 14 min 20 s; at 1,000,000 "
    "tokens/sec checking is 98.7% of 60.8 seconds.",
    (Bar("100 tokens/sec", "2 h 14 min 20 s",
         (Segment("Writing", 0.993, "99.3%"), Segment("Checking", 0.007, "0.7%"))),
     Bar("1,000,000 tokens/sec", "60.8 seconds",
         (Segment("Writing", 0.013, "1.3%"), Segment("Checking", 0.987, "98.7%")))))

SOURCES = (
    Source("Anthropic", "Claude Opus 5.5 overview", "Official documentation",
           "Output speed figures for current models."),
    Source("OpenAI", "Latency optimization", "Official documentation",
           "Fixed steps (prompts, tool calls, round trips) add delay of their own."),
    Source("G. M. Amdahl", "Validity of the single processor approach to achieving large "
           "scale computing capabilities", "AFIPS, 1967",
           "The untouched part of a job bounds the speedup."),
    Source("Leviathan, Kalman and Matias", "Fast inference from transformers via "
           "speculative decoding", "arXiv, 2022", "How decoding speed is raised today."),
)


def hand_deck() -> Deck:
    meta = Meta("One million tokens a second",
                "What an imagined writing speed changes, and what it leaves alone",
                "notedeck field notes", "2 October 2026", "Product managers", FOOTER,
                "Writing speed and end-to-end time", ("tokens", "latency"))
    slides = (
        TitleSlide(meta.title, meta.subtitle, meta.audience, meta.date,
                   ("Welcome. This note imagines writing at a million tokens a second.",)),
        SectionSlide("01", "What the number means",
                     "A million a second can mean four different things",
                     ("Section one: what the number means.",)),
        ContentSlide("Four readings of one number", (
            Paragraph((r("The same figure hides very different systems:"),)),
            BulletList((
                (b("One agent"), r(": a single stream writing 1,000,000 tokens/sec")),
                (b("Many agents"), r(": 10,000 streams at 100 tokens/sec each")),
                (b("A burst"), r(": the peak rate of a short job, not its "), Run("average",
                                                                                italic=True)),
                (b("A fleet"), r(": every customer's traffic added together")),
                (b("A budget"), r(": how much output a team may buy in a day")),
            )),
        ), ("Ask which reading the room had in mind.",), "01"),
        ContentSlide("The bottleneck in figures", (
            BOTTLENECK_STATS,
            Callout((b("1,000 × 1,000 = 1,000,000 tokens · 1 second of writing"),)),
            Paragraph((r("Checking now fills almost all of the faster run."),)),
        ), ("Read the four figures left to right.",), "01"),
        TableSlide("Budgets", BUDGETS,
                   (Paragraph((r("Toy model: writing time is output tokens divided by speed."),)),),
                   ("The highlighted row is the example we follow.",), "01"),
        SectionSlide("02", "The serial bottleneck",
                     "Faster writing is not the same as faster work",
                     ("Section two: the serial bottleneck.",)),
        ChartSlide("10,000× faster writing, not 10,000× faster work", BOTTLENECK,
                   side=(BOTTLENECK_STATS, Paragraph((r(
                       "With a check of 60 seconds, the job falls from 2 h 14 min 20 s to 60.8 "
                       "seconds: 132.57× faster end to end."),))),
                   notes=("Writing became 10,000× faster, the whole job only 132.57×.",),
                   section="02"),
        ChartSlide("Writing time across the dial", DIAL,
                   caption=(Paragraph((r("Each line is one workload; both axes are "
                                         "logarithmic."),)),),
                   notes=("Walk along the dial from left to right.",), section="02"),
        SourcesSlide("Sources and boundaries", SOURCES,
                     ("A toy model: writing time is output tokens divided by speed, plus one "
                      "fixed check.",
                      "Parallel tests, cost, energy and draft quality are left out."),
                     ("Point to the sources for anyone who wants to check a figure.",)),
    )
    return Deck(meta, slides, Handout((), SOURCES, ()), (DIAL, BOTTLENECK))


def hand_art() -> dict[str, Art]:
    return {"dial": draw("dial", "line"), "bottleneck": draw("bottleneck", "bar")}


# --- reading the deck back -----------------------------------------------------------

def slide_texts(slide) -> list[str]:
    """Every text on a slide: shapes' text, table cells, in shape order."""
    texts = []
    for shape in slide.shapes:
        if shape.has_text_frame and shape.text_frame.text:
            texts.append(shape.text_frame.text)
        if shape.has_table:
            texts.extend(cell.text for row in shape.table.rows for cell in row.cells)
    return texts


def all_text(slide) -> str:
    return "\n".join(slide_texts(slide))


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> Path:
    """The hand-built deck with its charts as pictures (--charts picture); native charts are
    tested in test_pptx_charts.py."""
    out = tmp_path_factory.mktemp("deck") / "deck.pptx"
    return render("deck", hand_deck(), hand_art(), out, charts="picture")


@pytest.fixture(scope="module")
def prs(rendered):
    return Presentation(str(rendered))


def test_slide_count_and_layouts(prs):
    names = [slide.slide_layout.name for slide in prs.slides]
    assert names == ["Title", "Section", "Content", "Content", "Table", "Section",
                     "Chart and Text", "Chart", "Sources"]
    assert prs.slide_width == Emu(12192000) and prs.slide_height == Emu(6858000)


def test_titles_are_in_title_placeholders(prs):
    titles = [slide.shapes.title.text_frame.text for slide in prs.slides]
    assert titles == [
        "One million tokens a second", "What the number means", "Four readings of one number",
        "The bottleneck in figures", "Budgets", "The serial bottleneck",
        "10,000× faster writing, not 10,000× faster work", "Writing time across the dial",
        "Sources and boundaries"]


def test_every_slide_text(prs):
    s = list(prs.slides)
    title = all_text(s[0])
    for text in ("What an imagined writing speed changes", "Product managers", "2 October 2026"):
        assert text in title
    assert "01" in all_text(s[1]) and "four different things" in all_text(s[1])
    assert "10,000 streams at 100 tokens/sec each" in all_text(s[2])
    for text in ("2 h 14 min 20 s", "Total at 100 tokens/sec", "132.57×",
                 "1,000 × 1,000 = 1,000,000 tokens · 1 second of writing",
                 "Checking now fills almost all"):
        assert text in all_text(s[3])
    assert "Every budget at the two ends of the dial" in all_text(s[4])
    assert "Toy model" in all_text(s[4])
    assert "Faster writing is not the same as faster work" in all_text(s[5])
    assert "132.57× faster end to end" in all_text(s[6]) and "60.8 seconds" in all_text(s[6])
    assert "both axes are logarithmic" in all_text(s[7])
    sources = all_text(s[8])
    for text in ("Anthropic, Claude Opus 5.5 overview. Official documentation",
                 "AFIPS, 1967", "Parallel tests, cost, energy"):
        assert text in sources


def test_bullets_are_real_paragraphs_with_runs(prs):
    body = next(sh for sh in prs.slides[2].placeholders if sh.placeholder_format.idx == 1)
    paragraphs = body.text_frame.paragraphs
    assert len(paragraphs) == 6
    assert paragraphs[0]._p.pPr.find(pptx_tag("buNone")) is not None
    for p in paragraphs[1:]:
        assert p.level == 0 and p._p.pPr.find(pptx_tag("buChar")) is not None
    lead = paragraphs[1].runs[0]
    assert lead.text == "One agent" and lead.font.bold and lead.font.name is None   # inherited
    burst = paragraphs[3].runs
    assert [run.text for run in burst if run.font.italic] == ["average"]


def pptx_tag(name: str) -> str:
    return f"{{http://schemas.openxmlformats.org/drawingml/2006/main}}{name}"


def test_every_run_takes_the_themes_fonts(prs):
    """Placeholders inherit the template's fonts; text boxes and tables name a theme font."""
    for slide in prs.slides:
        for element in slide.shapes._spTree.iter(pptx_tag("rPr")):
            latin = element.find(pptx_tag("latin"))
            assert latin is None or latin.get("typeface") in ("+mn-lt", "+mj-lt")


def test_native_table(prs):
    frame = next(sh for sh in prs.slides[4].shapes if sh.has_table)
    table = frame.table
    cells = [[cell.text for cell in row.cells] for row in table.rows]
    assert cells[0] == list(BUDGETS.header)
    assert cells[2] == ["1,000 story endings × 1,000", "1,000,000", "2 h 46 min 40 s",
                        "1 second"]
    assert len(cells) == 5
    number = table.cell(2, 2).text_frame.paragraphs[0]
    assert number._p.pPr.get("algn") == "r"
    assert table.cell(2, 0).text_frame.paragraphs[0]._p.pPr.get("algn") == "l"
    highlighted = table.cell(2, 1)._tc.tcPr.find(pptx_tag("solidFill"))
    assert highlighted.find(pptx_tag("schemeClr")).get("val") == "bg2"
    header = table.cell(0, 1)._tc.tcPr.find(pptx_tag("solidFill"))
    assert header.find(pptx_tag("schemeClr")).get("val") == "accent1"
    assert table.cell(1, 1)._tc.tcPr.find(pptx_tag("solidFill")) is None
    assert table.cell(0, 0).text_frame.paragraphs[0].runs[0].font.bold
    caption_top = next(sh for sh in prs.slides[4].placeholders
                       if sh.placeholder_format.idx == 14).top
    assert caption_top >= frame.top + frame.height


def test_notes_on_every_slide(prs):
    for slide in prs.slides:
        assert slide.has_notes_slide and slide.notes_slide.notes_text_frame.text.strip()
    assert prs.slides[4].notes_slide.notes_text_frame.text == \
        "The highlighted row is the example we follow."


def test_pictures_with_alt_text(prs):
    for index, spec in ((6, BOTTLENECK), (7, DIAL)):
        pictures = [sh for sh in prs.slides[index].shapes if sh.shape_type == 13]
        assert len(pictures) == 1
        picture = pictures[0]
        assert picture._element.nvPicPr.cNvPr.get("descr") == spec.alt_text
        ratio = chart_size(spec)[0] / chart_size(spec)[1]
        assert abs(picture.width / picture.height - ratio) < 0.01
        assert picture.width <= Emu(round(chart_size(spec)[0] * 914400)) + 1


def test_side_text_beside_the_chart(prs):
    slide = prs.slides[6]
    picture = next(sh for sh in slide.shapes if sh.shape_type == 13)
    texts = [sh for sh in slide.shapes if sh.has_text_frame and "132.57× faster end to end"
             in sh.text_frame.text]
    assert texts and texts[0].left >= picture.left + picture.width


def test_footer_and_slide_numbers(prs):
    for number, slide in enumerate(prs.slides, start=1):
        kinds = {sh.placeholder_format.type: sh for sh in slide.placeholders}
        footers = [sh for sh in slide.placeholders if sh._element.ph.get("type") == "ftr"]
        numbers = [sh for sh in slide.placeholders if sh._element.ph.get("type") == "sldNum"]
        if number == 1:
            assert not footers and not numbers
            continue
        section = {2: "01", 3: "01", 4: "01", 5: "01", 6: "02", 7: "02", 8: "02"}.get(number)
        assert kinds and footers[0].text_frame.text == (f"{FOOTER} · {section}" if section
                                                        else FOOTER)
        field = numbers[0]._element.find(f".//{pptx_tag('fld')}")
        assert field.get("type") == "slidenum" and numbers[0].text_frame.text == str(number)


def text_shapes(prs):
    for index, slide in enumerate(prs.slides, start=1):
        for shape in slide.shapes:
            if shape.has_text_frame and shape.text_frame.text.strip():
                yield index, shape


def remeasure(shape) -> tuple[float, float]:
    """The height a text needs and the room it has, re-measured from the file (inches)."""
    frame = shape.text_frame
    body = frame._txBody.bodyPr
    insets = [int(body.get(k)) / 914400 for k in ("lIns", "tIns", "rIns", "bIns")]
    width = shape.width / 914400 - insets[0] - insets[2]
    room = shape.height / 914400 - insets[1] - insets[3]
    height = 0.0
    for i, p in enumerate(frame.paragraphs):
        ppr = p._p.pPr
        indent = int(ppr.get("marL", "0")) / 914400
        spacing = int(ppr.find(pptx_tag("lnSpc"))[0].get("val")) / 100000
        sizes = [element.get("sz") for element in p._p.iter(pptx_tag("rPr"))]
        size = int(sizes[0]) / 100
        runs = tuple(Run(run.text, bool(run.font.bold), bool(run.font.italic))
                     for run in p.runs) or (Run(p.text),)
        lines = measure.wrap(runs, (width - indent) * 72 * fit.WIDTH_SLACK, size)
        height += len(lines) * measure.line_height(size, spacing) / 72
        if i:
            height += int(ppr.find(pptx_tag("spcBef"))[0].get("val")) / 100 / 72
    return height, room


def test_nothing_overflows(prs):
    width, height = prs.slide_width, prs.slide_height
    for index, shape in text_shapes(prs):
        need, room = remeasure(shape)
        assert need <= room + 1e-6, (index, shape.name, shape.text_frame.text[:60], need, room)
    for slide in prs.slides:
        for shape in slide.shapes:
            assert 0 <= shape.left and shape.left + shape.width <= width, shape.name
            assert 0 <= shape.top and shape.top + shape.height <= height, shape.name


def test_table_rows_fit_their_box(prs):
    frame = next(sh for sh in prs.slides[4].shapes if sh.has_table)
    assert sum(row.height for row in frame.table.rows) == pytest.approx(frame.height, abs=10)
    assert sum(col.width for col in frame.table.columns) == pytest.approx(frame.width, abs=10)


# --- continuation and failure ----------------------------------------------------------

def one_slide_deck(slide) -> Deck:
    deck = hand_deck()
    return replace(deck, slides=(deck.slides[0], slide))


def test_thirty_bullets_continue_onto_more_slides(tmp_path):
    items = tuple((b(f"Point {i}"), r(": a workload that writes a few thousand tokens and then "
                                       "waits for its check"),) for i in range(1, 31))
    slide = ContentSlide("Thirty points", (BulletList(items, ordered=True),), ("Notes.",), "01")
    out = render("deck", one_slide_deck(slide), hand_art(), tmp_path / "deck.pptx")
    deck = Presentation(str(out))
    slides = list(deck.slides)[1:]
    assert len(slides) >= 3
    assert slides[0].shapes.title.text_frame.text == "Thirty points"
    assert [s.shapes.title.text_frame.text for s in slides[1:]] == \
        ["Thirty points (cont.)"] + [f"Thirty points (cont.) {n}" for n in range(2, len(slides))]
    texts = "\n".join(all_text(s) for s in slides)
    assert all(f"Point {i}:" in texts for i in range(1, 31))
    starts = []
    for s in slides:
        body = next(sh for sh in s.placeholders if sh.placeholder_format.idx == 1)
        numbering = body.text_frame.paragraphs[0]._p.pPr.find(pptx_tag("buAutoNum"))
        starts.append(int(numbering.get("startAt")))
    assert starts[0] == 1 and starts == sorted(starts) and len(set(starts)) == len(starts)
    counts = [len(next(sh for sh in s.placeholders if sh.placeholder_format.idx == 1)
                  .text_frame.paragraphs) for s in slides]
    assert max(counts) - min(counts) <= 2          # balanced, not a stub last slide
    for index, shape in text_shapes(deck):
        need, room = remeasure(shape)
        assert need <= room + 1e-6
    assert all(s.has_notes_slide for s in slides)


def test_long_table_repeats_its_header(tmp_path):
    rows = tuple((f"{i} drafts × 1,000", f"{i * 1000:,}", "1 h", "1 second") for i in range(40))
    table = replace(BUDGETS, rows=rows, highlight=25)
    slide = TableSlide("Budgets", table, (), ("Notes.",), "01")
    deck = Presentation(str(render("deck", one_slide_deck(slide), hand_art(),
                                        tmp_path / "deck.pptx")))
    tables = [next(sh for sh in s.shapes if sh.has_table).table for s in list(deck.slides)[1:]]
    assert len(tables) >= 2
    assert all([c.text for c in t.rows[0].cells] == list(BUDGETS.header) for t in tables)
    body = [cells for t in tables for cells in ([c.text for c in row.cells]
                                                for row in list(t.rows)[1:])]
    assert body == [list(row) for row in rows]
    filled = [t for t in tables for row in list(t.rows)[1:]
              if row.cells[0]._tc.tcPr.find(pptx_tag("solidFill")) is not None]
    assert len(filled) == 1


def test_a_title_too_long_for_its_usual_sizes_is_set_smaller_with_a_warning(tmp_path):
    title = ("Budgets " + "and what the writing speed leaves alone " * 8)[:300]
    assert len(title) == 300
    slide = ContentSlide(title, (Paragraph((r("Text."),)),), ("Notes.",), "01")
    from support import laid_out

    layout = laid_out(one_slide_deck(slide))
    size = next(s for s in layout.slides[1].shapes if getattr(s, "slot", "") == "title").size
    assert size < 24
    said = [str(w) for w in layout.warnings if "slide 2 'Budgets and what" in str(w)]
    assert len(said) == 1 and f"the title is set at {size:g} pt, below the 24 pt" in said[0]
    render("deck", one_slide_deck(slide), hand_art(), tmp_path / "deck.pptx")
    assert (tmp_path / "deck.pptx").exists()


def test_a_title_no_size_could_fit_fails_naming_the_slide(tmp_path):
    title = ("Budgets " + "and what the writing speed leaves alone " * 40)[:1500]
    slide = ContentSlide(title, (Paragraph((r("Text."),)),), ("Notes.",), "01")
    with pytest.raises(NotedeckError) as caught:
        render("deck", one_slide_deck(slide), hand_art(), tmp_path / "deck.pptx")
    message = str(caught.value)
    assert "slide 2 'Budgets and what" in message and "title does not fit" in message
    assert not (tmp_path / "deck.pptx").exists()


def test_missing_chart_art_lists_the_drawn_ones(tmp_path):
    with pytest.raises(NotedeckError, match="no chart art named 'dial'; drawn charts: "
                                            "bottleneck"):
        render("deck", hand_deck(), {"bottleneck": hand_art()["bottleneck"]}, tmp_path / "d.pptx",
               charts="picture")


def test_control_characters_are_stripped(tmp_path):
    slide = ContentSlide("Bad\x00 title\x07", (Paragraph((r("Line\x0bwith\x1f control"),)),),
                         ("Notes\x08 too.",), "01")
    deck = Presentation(str(render("deck", one_slide_deck(slide), hand_art(),
                                        tmp_path / "deck.pptx")))
    slide = deck.slides[1]
    assert slide.shapes.title.text_frame.text == "Bad title"
    assert "Line with control" in all_text(slide)
    assert slide.notes_slide.notes_text_frame.text == "Notes too."


# --- template, determinism, validity ---------------------------------------------------

def test_template_has_every_layout_by_name():
    template = package.load(None)
    assert {role: mapped.layout.name for role, mapped in template.roles.items()} == \
        {role: name for role, (name, _) in SHIPPED.items()}
    for role, (_, by_idx) in SHIPPED.items():
        slots = template.roles[role].slots
        assert {slot: ph.idx for slot, ph in slots.items()} == by_idx
    prs = Presentation(str(DEFAULT_TEMPLATE))
    assert [layout.name for layout in prs.slide_layouts] == list(SHIPPED_LAYOUTS)
    theme = zipfile.ZipFile(DEFAULT_TEMPLATE).read("ppt/theme/theme1.xml").decode()
    assert 'typeface="Arial"' in theme and "0072B2" in theme


def test_a_renamed_layout_is_found_by_its_placeholders(tmp_path):
    prs = Presentation(str(DEFAULT_TEMPLATE))
    prs.slide_layouts[3]._element.cSld.set("name", "Graph")
    renamed = tmp_path / "corporate.pptx"
    prs.save(str(renamed))
    deck = Presentation(str(render("deck", hand_deck(), hand_art(), tmp_path / "deck.pptx",
                                   template=renamed)))
    assert [s.slide_layout.name for s in deck.slides][7] == "Graph"


def test_a_swapped_template_is_used(tmp_path):
    prs = Presentation(str(DEFAULT_TEMPLATE))
    layout = next(lay for lay in prs.slide_layouts if lay.name == "Content")
    body = next(ph for ph in layout.placeholders if ph.placeholder_format.idx == 1)
    body.left = Emu(914400)
    prs.slides.add_slide(layout).shapes.title.text = "A slide of the template's own"
    corporate = tmp_path / "corporate.pptx"
    prs.save(str(corporate))
    out = render("deck", hand_deck(), hand_art(), tmp_path / "deck.pptx", template=corporate)
    deck = Presentation(str(out))
    assert len(deck.slides) == len(hand_deck().slides)
    slide = deck.slides[2]
    body = next(sh for sh in slide.placeholders if sh.placeholder_format.idx == 1)
    assert body.left == Emu(914400)


def test_same_deck_same_bytes(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1790000000")
    first = render("deck", hand_deck(), hand_art(), tmp_path / "a.pptx")
    second = render("deck", hand_deck(), hand_art(), tmp_path / "b.pptx")
    assert hashlib.sha256(first.read_bytes()).digest() == \
        hashlib.sha256(second.read_bytes()).digest()
    with zipfile.ZipFile(first) as archive:
        assert {info.date_time for info in archive.infolist()} == {(2026, 9, 21, 14, 13, 20)}
    core = Presentation(str(first)).core_properties
    assert core.title == "One million tokens a second" and core.author == "notedeck field notes"
    assert core.subject == "Writing speed and end-to-end time" and core.revision == 1
    assert core.created.year == 2026 and core.modified == core.created


def test_openxml_audit_finds_no_errors(rendered):
    openxml_audit = pytest.importorskip("openxml_audit")
    result = openxml_audit.validate_pptx(rendered)
    assert result.is_valid, [str(error) for error in result.errors[:10]]
    template = openxml_audit.validate_pptx(DEFAULT_TEMPLATE)
    assert template.is_valid, [str(error) for error in template.errors[:10]]


def test_text_too_long_beside_a_chart_follows_on_its_own_slide(tmp_path):
    """An extreme scenario makes the figures beside the bottleneck chart too long to fit there."""
    from support import build as build_note
    from conftest import BUNDLED

    scenario = (BUNDLED / "scenarios.yaml").read_text(encoding="utf-8")
    scenario = (scenario.replace("baseline: 100 ", "baseline: 0.001 ")
                .replace("imagined: 1000000 ", "imagined: 1000000000000 ")
                .replace("count: 40\n", "count: 1000000000\n")
                .replace("tokens_each: 20000\n", "tokens_each: 1000000000\n"))
    path = tmp_path / "extreme.yaml"
    path.write_text(scenario, encoding="utf-8")
    build_note(BUNDLED, tmp_path / "out", scenarios_file=path)
    titles = [s.shapes.title.text for s in Presentation(str(tmp_path / "out" / "deck.pptx")).slides
              if s.shapes.title is not None]
    chart_title = next(t for t in titles if t.endswith("faster work"))
    assert fit.continuation_title(chart_title) in titles
