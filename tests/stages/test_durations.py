"""Durations as people say them, built: a 3-day check reads "3 days" in the deck's table and
prose and the handout's, prose says "2 hours", and a note or an audience may choose otherwise."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from pptx import Presentation
from pypdf import PdfReader

from support import BUNDLED, build

SPACES = re.compile(r"[\s\u00a0\u202f]+")


def _note(tmp_path, scenario_edit=None, note_edit=None):
    note = tmp_path / "note"
    shutil.copytree(BUNDLED, note)
    if scenario_edit:
        path = note / "scenarios.yaml"
        path.write_text(path.read_text(encoding="utf-8").replace(*scenario_edit), encoding="utf-8")
    if note_edit:
        path = note / "note.yaml"
        path.write_text(path.read_text(encoding="utf-8").replace(*note_edit), encoding="utf-8")
    return note


def _deck_text(folder) -> str:
    texts = []
    for slide in Presentation(str(folder / "deck.pptx")).slides:
        for shape in slide.shapes:
            if shape.has_text_frame:
                texts.append(shape.text_frame.text)
            if shape.has_table:
                texts.extend(c.text for row in shape.table.rows for c in row.cells)
    return SPACES.sub(" ", "\n".join(texts))


def _handout_text(folder) -> str:
    return SPACES.sub(" ", " ".join(p.extract_text() for p in PdfReader(folder / "handout.pdf").pages))


@pytest.fixture(scope="module")
def three_days(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("days")
    note = _note(tmp, ("  check: 60 s ", "  check: 3 days "))
    note_edit = note / "scenarios.yaml"
    note_edit.write_text(note_edit.read_text(encoding="utf-8").replace(
        "slider: [0, 1 min, 1 h, 1 day]", "slider: [0, 1 min, 1 h, 1 week]"), encoding="utf-8")
    build(note, tmp / "out", outputs=("deck", "handout", "web"))
    return tmp / "out"


def test_a_three_day_check_reads_three_days_in_deck_and_handout(three_days):
    deck, handout = _deck_text(three_days), _handout_text(three_days)
    for text in (deck, handout):
        assert "72 h" not in text
        assert "a test run of 3 days" in text                 # prose
        assert "3 days 2 h 13 min" in text                    # the stats, compact, to the minute
    assert "3 days, 2 hours and 13 minutes" in handout        # prose in words


def test_the_web_pages_slider_ends_at_one_week_not_hours(three_days):
    page = (three_days / "web" / "index.html").read_text(encoding="utf-8")
    data = SPACES.sub(" ", page)
    assert "168 h" not in data and "1 week" in data
    assert json.dumps("3 days")[1:-1] in data


def test_a_note_may_keep_hours_and_write_prose_compact(tmp_path):
    note = _note(tmp_path, ("  check: 60 s ", "  check: 3 days "),
                 ("locale: en-GB", "locale: en-GB\ndurations: {prose: compact, days_from: never}"))
    build(note, tmp_path / "out")
    handout = _handout_text(tmp_path / "out")
    assert "a test run of 72 h" in handout and "3 days" not in handout
    assert "2 hours" not in handout and "2 h 13 min 20 s" in handout


def test_an_audience_chooses_its_own_durations(tmp_path):
    note = _note(tmp_path)
    path = note / "audiences" / "support-team.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "name: Customer support team",
        "name: Customer support team\nnote:\n  durations: {prose: compact}"), encoding="utf-8")
    build(note, tmp_path / "out", audience="support-team")
    assert "review of 2 h, the job falls from 2 h 33 min 20 s to 2 h:" in \
        _deck_text(tmp_path / "out")
    assert "2 hours" not in _deck_text(tmp_path / "out")
