"""docs/models.md's walk-through: its files copied out of the page build the deck it
describes, and the errors it quotes are the ones check prints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pptx import Presentation

from notedeck.commands.cli import main

C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"

DOC = Path(__file__).resolve().parents[2] / "docs" / "models.md"
FENCE = re.compile(r"^(`{3,})\w+ file=(\S+)\n(.*?)^\1$", re.M | re.S)


def files() -> dict[str, str]:
    """The walk-through's files by name, as the page shows them."""
    return {name: text for _, name, text in FENCE.findall(DOC.read_text(encoding="utf-8"))}


def write(folder: Path) -> Path:
    for name, text in files().items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def quoted_errors() -> list[str]:
    """The messages of the page's 'errors met on the way', each after its comment line."""
    text = DOC.read_text(encoding="utf-8")
    part = text[text.index("### 6. The errors met on the way"):]
    block = part[part.index("```\n") + 4:]
    block = block[:block.index("```")]
    return [line for line in block.splitlines() if line and not line.startswith("#")]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_the_page_holds_the_whole_note():
    assert sorted(files()) == ["model.yaml", "note.yaml", "scenarios.yaml",
                               "sections/01-the-margin.md"]


def test_the_walkthrough_builds_the_deck_it_describes(tmp_path):
    note = write(tmp_path / "backlog")
    built = run("build", "--content", str(note), "--out", str(tmp_path / "out"))
    assert built.exit_code == 0, built.output
    assert "deck.pptx (7 slides)" in built.output and "handout.pdf (1 page)" in built.output
    deck = Presentation(str(tmp_path / "out" / "deck.pptx"))
    tables = [[[" ".join(c.text.split()) for c in row.cells] for row in shape.table.rows]
              for slide in deck.slides for shape in slide.shapes if shape.has_table]
    # 120 items at a margin of (rate - 25) items a week: 120/5, 120/10, 120/15, 120/30
    assert tables == [[["Finished", "Margin", "Time to clear"],
                       ["30 items a week", "5 items a week", "24 weeks"],
                       ["35 items a week", "10 items a week", "12 weeks"],
                       ["40 items a week", "15 items a week", "8 weeks"],
                       ["55 items a week", "30 items a week", "4 weeks"]]]
    text = " ".join(" ".join(shape.text_frame.text.split()) for slide in deck.slides
                    for shape in slide.shapes if shape.has_text_frame)
    assert "The pile: 120 items waiting today" in text
    assert "The margin: 5 items a week, so the pile is gone in 24 weeks" in text
    assert "120 items ÷ 5 items a week" in text and "30 items a week − 25 items a week" in text
    (chart,) = [shape.chart for slide in deck.slides for shape in slide.shapes
                if shape.has_chart]
    assert " ".join(chart.chart_title.text_frame.text.split()) == \
        "At 30 items a week, the pile is gone in 24 weeks"
    # "Edit Data" holds the weeks the labels say, in a format that says "weeks"
    assert [round(v, 9) for v in chart.plots[0].series[0].values] == [24, 12, 8, 4]
    assert chart.plots[0].series[0]._element.find(f".//{C}formatCode").text == \
        '#,##0"\u00a0weeks"'


@pytest.mark.parametrize("case, change", [
    ("rule", ("scenarios.yaml", "finish: 30 ", "finish: 25 ")),
    ("name", ("model.yaml", "backlog / margin", "backlog / margn")),
    ("unit", ("model.yaml", "backlog / margin", "backlog + margin")),
    ("table", ("sections/01-the-margin.md", "```table\nclearing\n```\n\n### Notes",
               "```table\nclearng\n```\n\n### Notes")),
])
def test_the_errors_the_page_quotes_are_the_ones_check_prints(tmp_path, monkeypatch, case,
                                                              change):
    note = write(tmp_path / "backlog")
    name, old, new = change
    text = (note / name).read_text(encoding="utf-8")
    (note / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    monkeypatch.chdir(note)
    checked = run("check")
    assert checked.exit_code == 2
    quoted = quoted_errors()[["rule", "name", "unit", "table"].index(case)]
    assert f"error: {quoted}" in checked.stderr.splitlines()
