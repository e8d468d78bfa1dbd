"""Each bundled audience, built: nothing of a workload it does not have reaches its deck, notes or handout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pptx import Presentation
from pypdf import PdfReader

from support import gather
from notedeck.readers import passages, yamlfile
from notedeck.readers.layout import NoteLayout
from support import build

BUNDLED = Path(__file__).resolve().parents[2] / "src" / "notedeck" / "notes" / "million-tokens"

AUDIENCES = NoteLayout(BUNDLED).audience_names()
# The German and French audiences retell the note's own workloads in another language
# (tests/build/test_build_locales.py); these tests are about audiences with workloads of
# their own.
RETOLD = [name for name in AUDIENCES if name not in ("equipe-lyon", "team-berlin")]
_TEMPLATE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}")


def flat(text: str) -> str:
    for curly, straight in (("\u00a0", " "), ("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'),
                            ("\u201d", '"')):
        text = text.replace(curly, straight)
    return " ".join(text.split()).lower()


def built_text(out) -> str:
    """Every word of the deck (slides and speaker notes) and of the handout."""
    deck = Presentation(str(out / "deck.pptx"))
    parts = []
    for slide in deck.slides:
        parts += [s.text_frame.text for s in slide.shapes if s.has_text_frame]
        parts += [c.text for s in slide.shapes if s.has_table for row in s.table.rows
                  for c in row.cells]
        if slide.has_notes_slide:
            parts.append(slide.notes_slide.notes_text_frame.text)
    parts += [page.extract_text() for page in PdfReader(str(out / "handout.pdf")).pages]
    return flat(" ".join(parts))


def bound_sentences(absent: set[str]) -> list[str]:
    """Sentences (placeholders cut out) of every section passage bound to an absent workload."""
    found = []
    for path in NoteLayout(BUNDLED).section_files():
        body = yamlfile.read_text(path).split("\n---\n", 1)[1]
        for piece in passages.split(body, path, 1):
            if isinstance(piece, passages.Passage) and piece.item in absent:
                for part in _TEMPLATE.split(piece.body.text):
                    found += [s.strip() for s in re.split(r"[.;:]", part)
                              if len(s.split()) >= 4]
    return found


@pytest.mark.parametrize("name", RETOLD)
def test_an_audience_shows_nothing_of_the_workloads_it_replaced(name, tmp_path):
    default = gather(BUNDLED).evaluation.inputs.values
    variant = gather(BUNDLED, name).evaluation.inputs.values
    build(BUNDLED, tmp_path, audience=name)
    text = built_text(tmp_path)
    for label in (flat(w["label"]) for w in variant["workloads"]):   # 'call rehearsals' is its own
        text = text.replace(label, " ")
    own = {w["id"] for w in variant["workloads"]}
    absent = {w["id"] for w in default["workloads"]} - own
    assert absent, "every bundled audience has workloads of its own"
    for sentence in bound_sentences(absent):
        assert flat(sentence) not in text, sentence
    for workload in (w for w in default["workloads"] if w["id"] in absent):
        for term in (workload["label"], workload["singular"], workload["title"]):
            if term and "{" not in term:
                assert not re.search(rf"\b{re.escape(flat(term))}\b", text), term
    for term in (default["bottleneck"]["check_label"], default["bottleneck"]["check_example"]):
        assert flat(term) not in text, term


def test_the_note_itself_shows_its_bound_passages(tmp_path):
    build(BUNDLED, tmp_path)
    text = built_text(tmp_path)
    for sentence in bound_sentences({"apps", "candidates", "rehearsals"}):
        assert flat(sentence) in text, sentence
