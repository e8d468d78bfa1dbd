"""The handout's pages are decided in its plan: `check` refuses what no page can hold, at the
note's line, and `build` then writes nothing."""

from __future__ import annotations

import re

from click.testing import CliRunner

from bad_input.helpers import snapshot
from notedeck.commands.cli import main
from support import small_note

TALL = re.compile(r'detail: "[^"]*"')


def test_check_refuses_headline_figures_taller_than_a_page_at_their_line(tmp_path):
    note = small_note("handout-too-tall", tmp_path)
    before = snapshot(note)
    result = CliRunner().invoke(main, ["check", "--content", str(note)])
    assert result.exit_code == 2, result.output
    assert (f"error: {note / 'sections' / '01-the-pile.md'}:20: the handout cannot be set: the "
            "headline figures in section 01: ") in result.output
    assert "pt tall, and a page (a4) holds 709 pt of text; shorten it or split it in two" \
        in result.output
    assert "Traceback" not in result.output and snapshot(note) == before


def test_build_refuses_it_before_writing_and_leaves_the_last_outputs_alone(tmp_path):
    note = small_note("handout-too-tall", tmp_path)
    model = note / "model.yaml"
    tall = model.read_text(encoding="utf-8")
    model.write_text(TALL.sub('detail: "short"', tall), encoding="utf-8")
    out = tmp_path / "out"
    first = CliRunner().invoke(main, ["build", "--content", str(note), "--out", str(out)])
    assert first.exit_code == 0, first.output
    built = snapshot(out)
    assert {"deck.pptx", "handout.pdf"} <= set(built)
    model.write_text(tall, encoding="utf-8")
    again = CliRunner().invoke(main, ["build", "--content", str(note), "--out", str(out)])
    assert again.exit_code == 2 and "the handout cannot be set" in again.output
    assert snapshot(out) == built
