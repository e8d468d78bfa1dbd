"""'Waiting in line' built with every output: the figures each file shows, reopened and
checked against arithmetic done by hand (u / (1 - u) x S, S / (1 - u), u^2 / (1 - u))."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pptx import Presentation
from pypdf import PdfReader

from notedeck.commands.cli import main

NOTE = Path(__file__).resolve().parents[2] / "src" / "notedeck" / "notes" / "waiting-in-line"
OUTPUTS = "deck,handout,slides,guide,worksheet,print3,web"
# S = 1 h: busy, busy/idle, u/(1-u) x 1 h, 1 h/(1-u), u^2/(1-u)
WAITS = [["Busy", "Busy ÷ idle", "Wait in queue", "Time in system", "Items waiting"],
         ["50%", "1", "1 h", "2 h", "0.5"],          # 0.5/0.5; 1/0.5; 0.25/0.5
         ["75%", "3", "3 h", "4 h", "2.25"],         # 0.75/0.25; 1/0.25; 0.5625/0.25
         ["90%", "9", "9 h", "10 h", "8.1"],         # 0.9/0.1; 1/0.1; 0.81/0.1
         ["95%", "19", "19 h", "20 h", "18.05"]]     # 0.95/0.05; 1/0.05; 0.9025/0.05
TEAMS = [["Team", "Work per item", "Busy", "Wait in queue", "Time in system"],
         ["Payroll queries", "20 min", "80%", "1 h 20 min", "1 h 40 min"],   # 4 x 20 min
         ["Code reviews", "30 min", "90%", "4 h 30 min", "5 h"],             # 9 x 30 min
         ["Sample runs", "2 h", "50%", "2 h", "4 h"],                        # 1 x 2 h
         ["Security reviews", "3 h", "95%", "2 days 9 h", "2 days 12 h"]]   # 19 x 3 h = 57 h


def squash(text: str) -> str:
    return " ".join(text.split())


def build(content: Path, out: Path, *extra: str) -> Path:
    result = CliRunner().invoke(main, ["build", "--content", str(content), "--out", str(out),
                                       "--with", OUTPUTS, *extra])
    assert result.exit_code == 0, result.output
    return out


def deck(path: Path):
    """Every slide's text, every table's rows, and the speaker notes, from the reopened deck."""
    slides, tables, notes = [], [], []
    for slide in Presentation(str(path)).slides:
        slides.append(squash(" ".join(s.text_frame.text for s in slide.shapes
                                      if s.has_text_frame)))
        tables += [[[squash(c.text) for c in row.cells] for row in s.table.rows]
                   for s in slide.shapes if s.has_table]
        notes.append(squash(slide.notes_slide.notes_text_frame.text)
                     if slide.has_notes_slide else "")
    return slides, tables, notes


def pdf_text(path: Path) -> str:
    return squash(" ".join(page.extract_text() or "" for page in PdfReader(str(path)).pages))


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return build(NOTE, tmp_path_factory.mktemp("queue") / "out")


def test_every_output_is_written(built):
    names = {p.name for p in built.iterdir()}
    assert {"deck.pptx", "handout.pdf", "slides.pdf", "guide.pdf", "worksheet.pdf",
            "slides-3up.pdf", "web"} <= names
    assert (built / "web" / "index.html").is_file()


def test_the_deck_shows_the_figures_worked_by_hand(built):
    slides, tables, notes = deck(built / "deck.pptx")
    assert tables == [WAITS, TEAMS]
    two = next(s for s in slides if s.startswith("Two teams, the same work"))
    assert "One team is busy 50% of the time: an item waits 1 hour before anyone starts it" in two
    assert "The other is busy 90%: an item waits 9 hours" in two
    stats = next(s for s in slides if s.startswith("Checked by hand, at 90% busy"))
    # 9 x 1 h; 9 h + 1 h; 9 h / (1 h / 0.9) = 8.1; 9 h / 1 h = 9x
    for figure in ("9 h Wait in queue at 90% busy 9 × 1 h", "10 h Time in system 9 h + 1 h",
                   "8.1 Items waiting 9 h ÷ 1 h 6 min 40 s",
                   "9× Times the wait at 50% busy 9 h ÷ 1 h"):
        assert figure in stats
    assert any("the answer is 9 times" in n and "near 1.8 times as long" in n for n in notes)
    security = next(s for s in slides if s.startswith("The one security engineer"))
    assert "3 h of work · 95% busy · 2 days 9 h in the queue · 2 days 12 h in all" in security


def test_the_handout_tells_the_same_figures(built):
    text = pdf_text(built / "handout.pdf")
    assert "and an item waits 9 hours: 9 times as long" in text
    assert "The busy shares differ by a factor of 1.8; the waits, by a factor of 9." in text
    assert "an item waits 9 hours and is done 10 hours after it arrived, with 8.1 items " \
           "waiting on average" in text
    assert "an item waits 1 hour on average before anyone starts it" in text
    for row in WAITS[1:]:
        assert " ".join(row) in text
    slides = pdf_text(built / "slides.pdf")
    assert "90% 9 9 h 10 h 8.1" in slides and "50% 1 1 h 2 h 0.5" in slides


SCENARIO = """\
service_time: 2 h
utilisation:
  featured: 0.8
  levels: [0.6, 0.8]
teams:
  - id: desk
    label: desk tickets
    service_time: 15 min
    utilisation: 0.75
    title: The help desk
    scene: A ticket waits {{ teams['desk'].wait }}.
"""


def test_another_scenario_of_the_shape_gives_figures_checkable_by_hand(tmp_path):
    note = tmp_path / "note"
    shutil.copytree(NOTE, note)
    (note / "scenarios.yaml").write_text(SCENARIO, encoding="utf-8")
    out = build(note, tmp_path / "out")
    _, tables, _ = deck(out / "deck.pptx")
    # S = 2 h: 0.6/0.4 = 1.5 -> 3 h, 2 h/0.4 = 5 h, 0.36/0.4 = 0.9;
    #          0.8/0.2 = 4 -> 8 h, 2 h/0.2 = 10 h, 0.64/0.2 = 3.2
    assert tables[0][1:] == [["60%", "1.5", "3 h", "5 h", "0.9"],
                             ["80%", "4", "8 h", "10 h", "3.2"]]
    # 0.75/0.25 = 3 -> 45 min waiting, 15 min/0.25 = 1 h in all
    assert tables[1][1:] == [["Desk tickets", "15 min", "75%", "45 min", "1 h"]]
    text = pdf_text(out / "handout.pdf")
    assert "8 hours: 2.67 times as long" in text            # 8 h / 3 h
    assert "The busy shares differ by a factor of 1.33" in text   # 0.8 / 0.6
    assert "A ticket waits 45 minutes." in text


def test_the_planning_office_retelling(tmp_path):
    out = build(NOTE, tmp_path / "out", "--audience", "planning-office")
    slides, tables, _ = deck(out / "deck.pptx")
    # S = 30 min at 0.5, 0.6, 0.8, 0.9: x1, x1.5, x4, x9
    assert tables[0][1:] == [["50%", "1", "30 min", "1 h", "0.5"],
                             ["60%", "1.5", "45 min", "1 h 15 min", "0.9"],
                             ["80%", "4", "2 h", "2 h 30 min", "3.2"],
                             ["90%", "9", "4 h 30 min", "5 h", "8.1"]]
    assert [row[0] for row in tables[1][1:]] == ["Counter enquiries", "Applications to validate",
                                                 "Site visits"]
    assert any(s.startswith("Two offices, the same applications") for s in slides)


def test_check_strict_finds_nothing_in_the_note_or_its_audience():
    args = ["check", "--strict", "--content", str(NOTE)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert result.output.endswith("no problems\n")


def page_text(path: Path) -> str:
    """The web page's words, without its scripts, styles and tags."""
    import html

    text = re.sub(r"<script.*?</script>|<style.*?</style>", "", path.read_text(encoding="utf-8"),
                  flags=re.S)
    return squash(html.unescape(re.sub(r"<[^>]+>", " ", text)))


def test_init_example_then_build_with_web_shows_the_figures(tmp_path, monkeypatch):
    """`notedeck init --example waiting-in-line q && notedeck build --content q --with web`"""
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["init", "--example", "waiting-in-line", "q"]).exit_code == 0
    result = CliRunner().invoke(main, ["build", "--content", "q", "--with", "web"])
    assert result.exit_code == 0, result.output
    text = page_text(tmp_path / "output" / "web" / "index.html")
    for row in WAITS:
        assert " ".join(row) in text
    for row in TEAMS[1:]:
        assert " ".join(row) in text
    assert "an item waits 9 hours: 9 times as long" in text
    # the big figures: label, value, detail
    assert "Wait in queue at 90% busy 9 h 9 × 1 h Time in system 10 h 9 h + 1 h Items " \
           "waiting 8.1 9 h ÷ 1 h 6 min 40 s Times the wait at 50% busy 9× 9 h ÷ 1 h" in text


def test_a_chart_the_note_does_not_have_is_an_author_error(tmp_path):
    note = tmp_path / "note"
    shutil.copytree(NOTE, note)
    section = note / "sections" / "02-one-formula.md"
    text = section.read_text(encoding="utf-8")
    section.write_text(text.replace("```stats\nfeatured\n```", "```chart\ndial\n```", 1),
                       encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--content", str(note)])
    assert result.exit_code == 2
    assert f"{section}:" in result.stderr
    assert "unknown chart 'dial'; expected one of: waits" in result.stderr


def chart_shapes(path: Path) -> list:
    return [s for slide in Presentation(str(path)).slides for s in slide.shapes if s.has_chart]


def test_the_wait_chart_draws_the_curve_with_the_tables_levels_marked(built):
    """The deck's native chart: the sweep from 5% to 99% busy, its alt text naming every
    level of the table with its wait (u / (1 - u) x 1 h), and the same levels in the web
    page's chart."""
    charts = chart_shapes(built / "deck.pptx")
    assert len(charts) == 1
    chart = charts[0].chart
    assert squash(chart.chart_title.text_frame.text) == "At 90% busy, an item of 1 h waits 9 h for " \
                                                "its turn"
    described = charts[0]._element.xpath("./p:nvGraphicFramePr/p:cNvPr/@descr")[0]
    assert squash(described).endswith("Marked: 50% busy, 1 h; 75% busy, 3 h; 90% busy, 9 h; "
                                      "95% busy, 19 h.")
    assert "from 5% to 99%" in described
    web = (built / "web" / "index.html").read_text(encoding="utf-8")
    svg = web[web.index('class="chart waits-chart"'):]
    svg = squash(svg[:svg.index("</svg>")].replace("\u00a0", " "))
    for label in ("50%: 1 h", "75%: 3 h", "90%: 9 h", "95%: 19 h", "20%", "1 hour",
                  "Share of time busy", "Wait in queue"):
        assert label in svg


def test_the_wait_chart_follows_the_scenario(tmp_path):
    """Another service time and other levels: the title, the marked levels and the
    reference line move with them (30 min: 0.6 / 0.4 x 30 min = 45 min)."""
    note = tmp_path / "note"
    shutil.copytree(NOTE, note)
    path = note / "scenarios.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("service_time: 1 h ", "service_time: 30 min ", 1)
    text = text.replace("featured: 0.9 ", "featured: 0.6 ", 1)
    text = text.replace("levels: [0.5, 0.75, 0.9, 0.95]", "levels: [0.6, 0.8]", 1)
    path.write_text(text, encoding="utf-8")
    out = build(note, tmp_path / "out")
    chart = chart_shapes(out / "deck.pptx")[0]
    assert squash(chart.chart.chart_title.text_frame.text) == \
        "At 60% busy, an item of 30 min waits 45 min for its turn"
    described = squash(chart._element.xpath("./p:nvGraphicFramePr/p:cNvPr/@descr")[0])
    assert described.endswith("Marked: 60% busy, 45 min; 80% busy, 2 h.")
