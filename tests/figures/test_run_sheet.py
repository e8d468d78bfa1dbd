"""The guide's run sheet adds up to the sections' planned minutes: a section whose slides all
have times gives the rest to its divider; one whose slides ask for more is warned of."""

from __future__ import annotations

import re

from click.testing import CliRunner
from pypdf import PdfReader

from notedeck.commands.cli import main

SECTION = """---
number: {number}
title: Part {number}
headline: A part
minutes: {minutes}
---

## First slide of {number}

A line.

### Notes ({first} min)

Say it.

## Second slide of {number}

Another line.

### Notes ({second} min)

Say more.
"""


def note(tmp_path, sections):
    assert CliRunner().invoke(main, ["init", "--blank", str(tmp_path / "n")]).exit_code == 0
    folder = tmp_path / "n"
    for old in (folder / "sections").iterdir():
        old.unlink()
    for number, (minutes, first, second) in enumerate(sections, 1):
        (folder / "sections" / f"0{number}-part.md").write_text(
            SECTION.format(number=number, minutes=minutes, first=first, second=second),
            encoding="utf-8")
    return folder


def built(folder, monkeypatch):
    monkeypatch.chdir(folder)
    result = CliRunner().invoke(main, ["build", "--with", "guide"])
    assert result.exit_code == 0, result.output
    text = PdfReader(str(folder / "output" / "guide.pdf")).pages[0].extract_text()
    return result.output, " ".join(text.replace("\xa0", " ").split())


def test_a_sections_minutes_left_over_go_to_its_divider(tmp_path, monkeypatch):
    output, sheet = built(note(tmp_path, [(10, 4, 3), (12, 5, 7)]), monkeypatch)
    assert "warning" not in output
    assert re.search(r"09:00 01 Part 1 3 10 min 09:10 02 Part 2 3 12 min .*total 22 min",
                     sheet), sheet


def test_a_session_that_is_not_the_sections_sum_is_warned_of_by_section(tmp_path,
                                                                        monkeypatch):
    folder = note(tmp_path, [(10, 4, 3), (20, 5, 7)])
    with (folder / "note.yaml").open("a", encoding="utf-8") as yaml:
        yaml.write("session: 60 min\n")
    output, sheet = built(folder, monkeypatch)
    warned = [line.replace("\xa0", " ") for line in output.splitlines()
              if line.startswith("warning")]
    assert len(warned) == 2, output
    assert "01-part.md" in warned[0] and "section 01 'Part 1' plans 10 min, but the run " \
        "sheet gives it 20 min" in warned[0]
    assert "section 02 'Part 2' plans 20 min, but the run sheet gives it 40 min" in warned[1]
    assert "total 60 min" in sheet


def test_slides_that_ask_for_more_than_the_section_are_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(note(tmp_path, [(10, 8, 6)]))
    result = CliRunner().invoke(main, ["build", "--with", "guide"])
    assert result.exit_code == 2 and "more than the section's minutes (10)" in result.output
