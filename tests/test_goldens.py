"""Goldens of normalised output: the Deck as JSON and each slide's text. NOTEDECK_ACCEPT=1 rewrites them;
a missing one fails."""

from __future__ import annotations

import difflib
import json
import os
import re
from pathlib import Path

from pptx import Presentation

from support import build
from notedeck.stages.compose import compose
from support import gather
from notedeck.render.dump import dumps

GOLDENS = Path(__file__).parent / "goldens"


def compare(name: str, actual: str) -> None:
    path = GOLDENS / name
    if os.environ.get("NOTEDECK_ACCEPT"):
        path.write_text(actual, encoding="utf-8")
    assert path.exists(), f"the golden {name} is missing: NOTEDECK_ACCEPT=1 writes it"
    expected = path.read_text(encoding="utf-8")
    diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        "golden", "now", n=1))
    assert actual == expected, f"{name} changed (NOTEDECK_ACCEPT=1 to accept):\n{diff[:4000]}"


def test_deck_model_golden(note):
    deck, _ = compose(gather(note))
    compare("bundled-deck.json", dumps(deck))


def test_slide_text_golden(note, tmp_path):
    build(note, tmp_path)
    slides = []
    for slide in Presentation(str(tmp_path / "deck.pptx")).slides:
        shapes = [s.text_frame.text for s in slide.shapes if s.has_text_frame and s.text_frame.text]
        tables = [[c.text for c in row.cells] for s in slide.shapes if s.has_table
                  for row in s.table.rows]
        slides.append({"layout": slide.slide_layout.name, "text": shapes, "table": tables})
    text = json.dumps(slides, ensure_ascii=False, indent=1) + "\n"
    # the build id changes with any content or notedeck version: shown as <id>
    compare("bundled-slides.json", re.sub(r"build [0-9a-f]{10}", "build <id>", text))
