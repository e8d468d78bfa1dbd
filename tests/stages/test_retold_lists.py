"""Lists a facilitator retells, and the worksheet's prompts, are named passages: an audience
retells them in its own file without copying a section."""

from __future__ import annotations

import re

from pptx import Presentation
from pypdf import PdfReader

from notedeck.readers import passages, yamlfile
from notedeck.readers.layout import NoteLayout
from support import BUNDLED, build

RETOLD = {"four-meanings", "not-writing-speed", "cheap-drafts", "amdahl", "six-hats",
          "six-hats-handout", "habits", "try-it", "worksheet-prompts"}


def test_every_list_and_the_worksheets_prompts_are_named_passages_of_the_bundled_note():
    names, loose = set(), []
    for path in NoteLayout(BUNDLED).section_files():
        body = yamlfile.read_text(path).split("\n---\n", 1)[1]
        for piece in passages.split(body, path, 1):
            if isinstance(piece, passages.Passage):
                names.add(piece.name)
                continue
            text = re.sub(r"```exercise\n.*?```", "", piece.text, flags=re.S)
            loose += [f"{path.name}: {line}" for line in text.split("\n")
                      if line.startswith("- **")]
    assert RETOLD <= names
    assert loose == []


def test_an_audience_retells_the_six_hats_and_the_worksheet_in_its_own_file(note, tmp_path):
    audience = note / "audiences" / "support-team.yaml"
    audience.write_text(audience.read_text(encoding="utf-8") + (
        "\npassages:\n"
        "  six-hats: |\n"
        "    - **Tone**: which reply sounds like us\n"
        "    - **Policy**: what the rules allow\n"
        "  worksheet-prompts: |\n"
        "    - **Pick one queue**: the tickets you would hand to an agent.\n"
        "    - **Name its review**: who reads the replies, and for how long.\n"), encoding="utf-8")
    out = tmp_path / "out"
    build(note, out, audience="support-team", outputs=("deck", "handout", "worksheet"))
    slides = [" ".join(s.text_frame.text for s in slide.shapes if s.has_text_frame)
              for slide in Presentation(str(out / "deck.pptx")).slides]
    hats = next(text for text in slides if "Six hats of judgement" in text)
    assert "Tone: which reply sounds like us" in hats and "Taste" not in hats
    worksheet = " ".join(p.extract_text() for p in PdfReader(out / "worksheet.pdf").pages)
    assert "Pick one queue" in worksheet and "Name its review" in worksheet
    assert "Set your criteria" not in worksheet
    handout = " ".join(p.extract_text() for p in PdfReader(out / "handout.pdf").pages)
    assert "Pick one queue" in handout and "deciding which of many options" in handout
