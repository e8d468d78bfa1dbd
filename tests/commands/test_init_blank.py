"""`init --blank`: the minimal note builds; `figures` lists a model's figures before any
section is written."""

from __future__ import annotations

import json
import shutil

from click.testing import CliRunner
from pptx import Presentation

from notedeck.commands.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_the_blank_note_builds_with_its_table_and_chart(tmp_path, monkeypatch):
    started = run("init", "--blank", str(tmp_path / "first"))
    assert started.exit_code == 0, started.output
    assert started.output.startswith(f"started a blank note in {tmp_path / 'first'}")
    assert sorted(p.name for p in (tmp_path / "first").iterdir()) == \
        ["model.yaml", "note.yaml", "scenarios.yaml", "sections", "template.pptx"]
    monkeypatch.chdir(tmp_path / "first")
    built = run("build")
    assert built.exit_code == 0, built.output
    deck = Presentation(str(tmp_path / "first" / "output" / "deck.pptx"))
    shapes = [shape for slide in deck.slides for shape in slide.shapes]
    assert any(shape.has_table for shape in shapes)
    cells = [c.text.replace("\xa0", " ") for s in shapes if s.has_table for row in s.table.rows for c in row.cells]
    assert "39 h" in cells                       # 45 min a week, 52 weeks
    assert any(shape.shape_type == 13 or getattr(shape, "has_chart", False) for shape in shapes)


def test_blank_refuses_an_example_beside_it(tmp_path):
    result = run("init", "--blank", "--example", "waiting-in-line", str(tmp_path / "x"))
    assert result.exit_code == 2 and "--blank" in result.output
    assert not (tmp_path / "x").exists()


def test_figures_lists_a_model_with_no_section(tmp_path):
    assert run("init", "--blank", str(tmp_path / "first")).exit_code == 0
    shutil.rmtree(tmp_path / "first" / "sections")
    listed = run("figures", "--content", str(tmp_path / "first"), "--json")
    assert listed.exit_code == 0, listed.output
    figures = {k: v.replace("\xa0", " ") for k, v in json.loads(listed.output).items()}
    assert figures["tasks['meetings'].yearly"] == "3 days and 6 hours"
    assert figures["tasks['reports'].time"] == "45 minutes"
    built = run("build", "--content", str(tmp_path / "first"))
    assert built.exit_code == 2 and "no section files found" in built.output
