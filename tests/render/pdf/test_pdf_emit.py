"""The PDF handout, rendered from a hand-built Deck and read back with pypdf and poppler."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import matplotlib
import pytest
from pypdf import PdfReader

from notedeck.errors import NotedeckError
from notedeck.deck import (Axis, Bar, BarChart, BulletList, Callout, Chart, Deck, Handout, HandoutSection, Heading, Line, LineChart, Meta, Paragraph, Prompt, Run, Segment, Source, Stat, Stats, Table, Tick, Worksheet)
from notedeck.deck import ChartArt
from notedeck.render.pdf import paginate
from notedeck.render.pdfkit.blocks import chart_flowable
from notedeck.paper import PAPERS
from notedeck.render.pdfkit.sizing import column_widths, fit_box, raster_limit, stats_per_row
from notedeck.theme import CHART_DPI, CHART_SIZES_IN
from notedeck.render.pdf import emit as pdf_emit
from support import render

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


# --- a realistic Deck ----------------------------------------------------------------

Art = ChartArt   # the real art type; the pictures are drawn here, small


def draw(name: str, kind: str) -> Art:
    width, height = CHART_SIZES_IN[kind]
    with plt.rc_context({"svg.fonttype": "path", "svg.hashsalt": "notedeck",
                         "font.size": 14}):
        fig, ax = plt.subplots(figsize=(width, height))
        if kind == "line":
            speeds = [100, 1e3, 1e4, 1e5, 1e6]
            for tokens in (1e6, 8e5, 3e6, 1e7):
                ax.loglog(speeds, [tokens / s for s in speeds], marker="o")
            ax.set_xlabel("Tokens per second (one agent)")
            ax.set_ylabel("Seconds of writing")
        else:
            ax.barh(["100 tokens/sec", "1,000,000 tokens/sec"], [99.3, 1.3], color="#0072B2")
            ax.barh(["100 tokens/sec", "1,000,000 tokens/sec"], [0.7, 98.7], left=[99.3, 1.3],
                    color="#E69F00")
        ax.set_title(name)
        svg, png = io.BytesIO(), io.BytesIO()
        fig.savefig(svg, format="svg", metadata={"Date": None})
        fig.savefig(png, format="png", dpi=CHART_DPI, metadata={"Software": None})
        plt.close(fig)
    return Art(name, png.getvalue(), svg.getvalue(), width, height)


def T(*parts) -> tuple[Run, ...]:
    """Runs from strings; a (text, "b"|"i"|"bi") pair is styled."""
    runs = []
    for part in parts:
        if isinstance(part, str):
            runs.append(Run(part))
        else:
            text, how = part
            runs.append(Run(text, bold="b" in how, italic="i" in how))
    return tuple(runs)


BUDGETS = Table(
    name="budgets", caption="All four budgets at the two ends of the dial",
    header=("Workload", "Output tokens", "100 tokens/sec", "1,000,000 tokens/sec"),
    rows=(("1,000 story endings × 1,000", "1,000,000", "2 h 46 min 40 s", "1 second"),
          ("40 app drafts × 20,000", "800,000", "2 h 13 min 20 s", "0.8 seconds"),
          ("10,000 critiqued candidates × 300", "3,000,000", "8 h 20 min", "3 seconds"),
          ("10,000 rehearsals × 1,000", "10,000,000", "27 h 46 min 40 s", "10 seconds")),
    align=("left", "right", "right", "right"))

CHECKS = Table(
    name="checks", caption="The same 800,000 tokens with four check times",
    header=("Fixed check", "100 tokens/sec", "1,000,000 tokens/sec", "End to end"),
    rows=(("None", "2 h 13 min 20 s", "0.8 seconds", "10,000×"),
          ("60 seconds", "2 h 14 min 20 s", "60.8 seconds", "132.57×"),
          ("15 min", "2 h 28 min 20 s", "15 min 1 s", "9.88×"),
          ("24 h", "26 h 13 min 20 s", "24 h 1 s", "1.09×")),
    align=("left", "right", "right", "right"), highlight=1)

STATS = Stats((Stat("10,000×", "Writing speedup", "1,000,000 ÷ 100 tokens/sec"),
               Stat("132.57×", "End-to-end speedup", "8,060 ÷ 60.8 seconds"),
               Stat("98.7%", "Of the faster total is checking")))

DIAL = LineChart(
    name="dial", title="Writing time against speed", alt_text="Four falling lines.",
    x=Axis("Tokens per second", (Tick(100, "100"), Tick(1e6, "1M")), "log"),
    y=Axis("Writing time", (Tick(1, "1 second"),), "log"),
    lines=(Line("1,000 story endings", (100, 1e6), (1e4, 1)),))

BOTTLENECK = BarChart(
    name="bottleneck", title="Where the time goes", alt_text="Two bars.",
    bars=(Bar("100 tokens/sec", "2 h 14 min 20 s",
              (Segment("Writing", 0.993, "99.3%"), Segment("Checking", 0.007, "0.7%"))),
          Bar("1,000,000 tokens/sec", "60.8 seconds",
              (Segment("Writing", 0.013, "1.3%"), Segment("Checking", 0.987, "98.7%")))))

PROMPTS = (
    Prompt("What does “done” mean?", "One testable sentence: “ladders are due back in seven days”.", 4),
    Prompt("Your criteria", "Two or three, written before you read any option.", 4),
    Prompt("The slow step", "Name the check that speed will not touch → can it be shorter?", 3),
    Prompt("Ask for disagreement", "Which assumptions would make each option wrong?", 4),
)

SOURCES = (
    Source("Anthropic", "Claude Opus 5.5 overview", "Official documentation",
           "Context window, output cap and latency class."),
    Source("Anthropic", "Context windows", "Official documentation",
           "The window is working memory and includes the reply."),
    Source("OpenAI", "Latency optimization", "Official API guide",
           "Output generation usually dominates latency."),
    Source("Agrawal et al.",
           "Taming Throughput-Latency Tradeoff in LLM Inference with Sarathi-Serve",
           "arXiv, 2024", "Prefill, decoding and batching."),
    Source("Kwon et al.", "Efficient Memory Management for Large Language Model Serving "
           "with PagedAttention", "SOSP, 2023", "How serving systems batch requests."),
)

SECTIONS = (
    HandoutSection("01", "What the number means",
                   "“A million a second” can mean four different things.", (
        Paragraph(T("People say ", ("a million tokens a second", "i"),
                    " and mean different quantities. Only one of them is our dial.")),
        BulletList((T(("Context capacity", "b"), " – how much fits in one request, reply included."),
                    T(("Input processing", "b"), " – how fast a prompt is read, largely in parallel."),
                    T(("Aggregate throughput", "b"), " – 10,000 streams × 100 tokens/sec = 1,000,000 tokens/sec."),
                    T(("Single-agent output", "b"), " — how fast one agent writes: our dial.")),
                   ordered=True),
        Paragraph(T("A token is a chunk of text, often part of a word. Counts of tokens "
                    "are not counts of words; R&D <notes> say so too.\x07")),
        Chart(DIAL),
        BUDGETS,
        Callout(T("At 1,000,000 tokens/sec, 1,000 story endings take about ",
                  ("1 second", "b"), " to write.")),
    )),
    HandoutSection("02", "Four thought experiments", "Cheap drafts move the hard part.", (
        Paragraph(T("Each budget counts written output only. None is a finished product.")),
        Heading("Every ending, laid out like a map", 3),
        Callout(T("1,000 × 1,000 = 1,000,000 tokens → 1 second of writing")),
        Paragraph(T("Ask for an ending to your story and get a thousand. A helpful tool maps "
                    "them so you can explore, then blend the two you like. ",
                    ("Still scarce: taste.", "b"))),
        Callout(T("40 × 20,000 = 800,000 tokens → 0.8 seconds of writing")),
        Paragraph(T("Forty drafts of a tool-library app appear before you finish the sentence. "
                    "If no test checks the seven-day due date, all forty may lend ladders for "
                    "seventy days. ", ("Still scarce: a clear spec.", "b"))),
        Callout(T("10,000 × 300 = 3,000,000 tokens → 3 seconds of writing")),
        Paragraph(T("Ten thousand catalyst candidates, then everything waits at the lab bench: "
                    "reactions take hours, cultures days, field trials a season. ",
                    ("Still scarce: physical evidence.", "b"))),
        Callout(T("10,000 × 1,000 = 10,000,000 tokens → 10 seconds of writing")),
        Paragraph(T("Rehearse the talk with your landlord ten thousand ways. Rehearsing the "
                    "wrong person is a confident mistake, not a prophecy. ",
                    ("Still scarce: fidelity.", "b"))),
    )),
    HandoutSection("03", "The serial bottleneck",
                   "10,000× faster writing is not 10,000× faster work.", (
        Paragraph(T("Take the forty app drafts, 800,000 output tokens, and add one fixed "
                    "check after writing that speed does not touch: a 60-second test run.")),
        STATS,
        Chart(BOTTLENECK),
        CHECKS,
        Paragraph(T("Whatever is not sped up becomes nearly all of the remaining time: "
                    "that’s Amdahl’s law. At zero check the full 10,000× returns; at a day "
                    "the gain nearly vanishes.")),
    )),
    HandoutSection("04", "What gets precious",
                   "When generation gets cheap, judgement gets precious.", (
        BulletList((T(("Taste", "b"), ": which option is yours."),
                    T(("Specs and tests", "b"), ": what “working” means."),
                    T(("Practice", "b"), ": speed cannot learn it for you."),
                    T(("Physical evidence", "b"), ": the world answers at its own pace."),
                    T(("Fidelity", "b"), ": a simulation is only as good as its model."),
                    T(("Cost and energy", "b"), ": is it worth running at all?"))),
        Paragraph(T("Fast is not cheap. More options do not guarantee a good one; drafts "
                    "from one model can all be wrong together.")),
    )),
    HandoutSection("05", "Use it this week",
                   "Before you ask for more, decide how you will choose.", (
        BulletList((T("Write down what “done” means, as one testable sentence."),
                    T("Set two or three criteria before reading any options."),
                    T("Find the slow step and shorten it without skipping validation."),
                    T("Ask for disagreement, not volume.")), ordered=True),
        Worksheet("Worksheet: your next hand-off", PROMPTS),
    )),
)

META = Meta(title="One million tokens a second",
            subtitle="What a very fast writing agent changes, and what it does not",
            author="notedeck test author", date="2 October 2026",
            audience="For engineering leads", footer="One million tokens a second · handout",
            subject="Writing speed, serial bottlenecks and judgement",
            keywords=("tokens", "Amdahl's law", "AI agents"))

DECK = Deck(
    meta=META, slides=(),
    handout=Handout(SECTIONS, SOURCES, (
        "All workloads, speeds and budgets are illustrative arithmetic, not benchmarks, "
        "forecasts or product specifications.",
        "The speed is imagined: no source measures, claims or predicts it. Sources checked "
        "2 October 2026.")),
    charts=(DIAL, BOTTLENECK))


@pytest.fixture(scope="module")
def art() -> dict[str, Art]:
    return {"dial": draw("dial", "line"), "bottleneck": draw("bottleneck", "bar")}


@pytest.fixture(scope="module")
def handout(art, tmp_path_factory) -> Path:
    return render("handout", DECK, art, tmp_path_factory.mktemp("a4") / "handout.pdf")


def pages_text(path: Path) -> list[str]:
    """Each page's text with runs of whitespace made one space."""
    return [re.sub(r"\s+", " ", page.extract_text()) for page in PdfReader(path).pages]


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


# --- content -------------------------------------------------------------------------

def test_every_heading_cell_stat_and_source_is_in_the_text(handout):
    text = " ".join(pages_text(handout))
    expected = [META.title, META.subtitle, META.author, META.date, META.audience]
    for section in SECTIONS:
        expected += [section.number, section.title, section.headline]
    for table in (BUDGETS, CHECKS):
        expected += [table.caption, *table.header, *(cell for row in table.rows for cell in row)]
    expected += [part for stat in STATS.items for part in (stat.value, stat.label, stat.detail)]
    expected += [source.title for source in SOURCES] + [source.author for source in SOURCES]
    expected += [prompt.title for prompt in PROMPTS] + ["Worksheet: your next hand-off"]
    expected += list(DECK.handout.boundaries) + ["Every ending, laid out like a map"]
    missing = [item for item in expected if squash(item) not in text]
    assert not missing


def test_typographic_characters_and_markup_characters_survive(handout):
    text = " ".join(pages_text(handout))
    for char in "×÷’“”→–—":
        assert char in text, char
    assert "R&D <notes> say so too." in text
    assert "\x07" not in text


def test_sources_read_author_title_kind_note(handout):
    text = " ".join(pages_text(handout))
    assert ("OpenAI, Latency optimization. Official API guide. "
            "Output generation usually dominates latency.") in text


def test_source_markup_italicises_the_title_and_ends_each_part_once():
    assert paginate.source_markup(Source("A & B", "Why <x>?", "Blog", "Ends here.")) == \
        "A &amp; B, <i>Why &lt;x&gt;?</i> Blog. Ends here."
    assert paginate.source_markup(Source("", "Title", "", "")) == "<i>Title</i>."


def test_every_page_has_the_footer_and_page_n_of_m(handout):
    pages = pages_text(handout)
    assert len(pages) > 1
    for number, text in enumerate(pages, start=1):
        assert f"page {number} of {len(pages)}" in text
        assert META.footer in text


def test_metadata_comes_from_the_deck(handout):
    info = PdfReader(handout).metadata
    assert info.title == META.title
    assert info.author == META.author
    assert info.subject == META.subject
    assert info["/Keywords"] == "tokens, Amdahl's law, AI agents"


# --- paper ---------------------------------------------------------------------------

@pytest.mark.parametrize("paper, size", [("a4", (595.28, 841.89)), ("letter", (612, 792))])
def test_paper_size(art, tmp_path, paper, size):
    out = render("handout", DECK, art, tmp_path / f"{paper}.pdf", paper=paper)
    for page in PdfReader(out).pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == \
            pytest.approx(size, abs=0.01)


def test_letter_has_one_inch_side_margins_and_a4_25_mm():
    assert PAPERS["letter"].left == PAPERS["letter"].right == 72
    assert PAPERS["a4"].left == pytest.approx(25 * 72 / 25.4)


def test_unknown_paper_names_the_choices(art, tmp_path):
    with pytest.raises(NotedeckError, match="a4, letter"):
        render("handout", DECK, art, tmp_path / "x.pdf", paper="a5")
    assert not (tmp_path / "x.pdf").exists()


def test_missing_chart_art_names_the_chart(art, tmp_path):
    with pytest.raises(NotedeckError, match="'bottleneck'.*drawn: dial"):
        render("handout", DECK, {"dial": art["dial"]}, tmp_path / "x.pdf")
    assert list(tmp_path.iterdir()) == []


# --- the file ------------------------------------------------------------------------

@pytest.mark.skipif(not shutil.which("pdffonts"), reason="poppler's pdffonts is not installed")
def test_every_font_is_liberation_sans_and_embedded(handout):
    lines = subprocess.run(["pdffonts", str(handout)], capture_output=True, text=True,
                           check=True).stdout.splitlines()[2:]
    assert len(lines) >= 3        # regular, bold, italic at least
    for line in lines:
        name, emb = line.split()[0], line[line.index(" TrueType ") :].split()
        assert "LiberationSans" in name, line
        assert emb[2] == "yes", line   # columns: type, encoding, emb, sub, uni
        assert emb[4] == "yes", line   # a ToUnicode map, so text can be copied


@pytest.mark.skipif(not shutil.which("qpdf"), reason="qpdf is not installed")
def test_qpdf_finds_no_structural_errors(handout):
    result = subprocess.run(["qpdf", "--check", str(handout)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_same_deck_gives_the_same_bytes(art, handout, tmp_path):
    again = render("handout", DECK, art, tmp_path / "elsewhere.pdf")
    assert again.read_bytes() == handout.read_bytes()


def test_source_date_epoch_sets_the_creation_date(art, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1790899200")   # 2026-10-02 00:00 UTC
    first = render("handout", DECK, art, tmp_path / "one.pdf")
    second = render("handout", DECK, art, tmp_path / "two.pdf")
    assert first.read_bytes() == second.read_bytes()
    assert PdfReader(first).metadata["/CreationDate"].startswith("D:20261002000000")


def test_no_partial_file_is_left_behind(handout):
    assert [p.name for p in handout.parent.iterdir()] == ["handout.pdf"]


# --- tables --------------------------------------------------------------------------

def test_a_long_table_repeats_its_header_on_the_next_page(art, tmp_path):
    header = ("Row label", "Output tokens", "Writing time")
    rows = tuple((f"Workload number {n}", f"{n * 1000:,}", f"{n} seconds") for n in range(1, 61))
    long = Table("long", "Sixty workloads", header, rows, ("left", "right", "right"))
    section = HandoutSection("01", "A long table", "It cannot fit on one page.",
                             (Paragraph(T("Before the table.")), long))
    deck = replace(DECK, handout=Handout((section,), (), ()), charts=())
    pages = pages_text(render("handout", deck, {}, tmp_path / "long.pdf"))
    with_rows = [text for text in pages if "Workload number" in text]
    assert len(with_rows) >= 2
    for text in with_rows:
        assert "Row label Output tokens Writing time" in text
    assert "Workload number 60 60,000 60 seconds" in with_rows[-1]


@pytest.mark.parametrize("filler", range(12, 27))
def test_a_heading_stays_with_its_table_and_a_short_table_is_not_split(art, tmp_path, filler):
    # The filler pushes the section heading down the first page, row by row,
    # through the point where heading, caption and table no longer fit below it.
    before = HandoutSection("01", "Filler", "Lines to push what follows down.",
                            tuple(Paragraph(T(f"Filler line {n}.")) for n in range(filler)))
    after = HandoutSection("02", "The serial bottleneck", "Checks decide.", (CHECKS,))
    deck = replace(DECK, handout=Handout((before, after), (), ()), charts=())
    pages = pages_text(render("handout", deck, {}, tmp_path / "kept.pdf"))
    [page] = [text for text in pages if "The serial bottleneck" in text]
    assert CHECKS.caption in page
    assert all(" ".join(row) in page for row in CHECKS.rows)


def test_columns_share_the_width_and_never_go_below_their_longest_word():
    assert sum(column_widths((100, 50), (40, 50), 300)) == pytest.approx(300)
    assert column_widths((100, 50), (40, 50), 300) == pytest.approx((200, 100))
    narrow = column_widths((400, 60, 60), (80, 60, 60), 300)
    assert sum(narrow) == pytest.approx(300)
    assert narrow[1:] == pytest.approx((60, 60))


# --- charts --------------------------------------------------------------------------

def test_charts_are_vectors_scaled_to_the_text_width(art, handout):
    drawing, how = chart_flowable(art["dial"], 450, 300)
    assert how == "vector"
    assert drawing.width == pytest.approx(450)
    width, height = CHART_SIZES_IN["line"]
    assert drawing.height == pytest.approx(450 * height / width)
    assert all(not page.images for page in PdfReader(handout).pages)


def test_unreadable_svg_falls_back_to_the_png_at_300_dpi(art):
    broken = replace(art["bottleneck"], svg=b"<not svg")
    image, how = chart_flowable(broken, 450, 400)
    assert how == "raster"
    pixels_wide = CHART_SIZES_IN["bar"][0] * CHART_DPI
    assert image.drawWidth <= raster_limit(round(pixels_wide)) + 0.01
    assert image.drawWidth / 72 * 300 <= pixels_wide + 1


def test_a_handout_chart_whose_svg_cannot_be_read_prints_its_png_in_the_same_place(art,
                                                                                 tmp_path):
    """The page layout takes a chart's size from its spec; the SVG is read as its page is
    drawn, and an unreadable one falls back to the PNG there."""
    vector, raster = tmp_path / "vector.pdf", tmp_path / "raster.pdf"
    render("handout", DECK, art, vector)
    render("handout", DECK, {name: replace(a, svg=b"<not svg") for name, a in art.items()},
           raster)
    pages = PdfReader(raster).pages
    assert len(pages) == len(PdfReader(vector).pages)
    assert sum(len(page.images) for page in pages) == len(art)


def test_headline_figures_go_side_by_side_while_their_values_fit():
    assert stats_per_row((50, 50, 50, 50), 400) == 4
    assert stats_per_row((50, 150, 50, 50), 400) == 2       # 2 + 2, not 3 + 1
    assert stats_per_row((50, 120, 50), 400) == 3
    assert stats_per_row((50, 150, 50), 400) == 2
    assert stats_per_row((50,) * 6, 400) == 3                # at most four a row: 3 + 3
    assert stats_per_row((500,), 400) == 1


def test_fit_box_keeps_the_aspect_and_never_enlarges():
    assert fit_box(100, 50, 400, 400) == (100, 50)
    assert fit_box(800, 400, 400, 400) == (400, 200)
    assert fit_box(800, 400, 800, 100) == (200, 100)
