"""Text as people paste it: control characters removed with a warning naming file and line."""

from __future__ import annotations

import re
import zipfile

import pytest

from support import build
from notedeck.errors import NotedeckError
from support import gather

from .helpers import reopen, snapshot

S1 = "sections/01-what-the-number-means.md"
XML_INVALID = re.compile(rb"&#x?0*(?:[0-8bcefBCEF]|1[0-9a-fA-F]);|[\x00-\x08\x0b\x0c\x0e-\x1f]")


def edit(note, name: str, old: str, new: str) -> None:
    path = note / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def reports(warnings) -> str:
    return "\n".join(w.report() for w in warnings)


def test_control_characters_are_removed_with_warnings_and_the_deck_stays_valid(note, tmp_path):
    edit(note, S1, "to write.", "to write.\x07\x1b")
    edit(note, "scenarios.yaml", "Taste: only you", "Taste:\x0b only\x00 you")
    edit(note, "note.yaml", "subtitle: What", "subtitle: \ufffeWhat")
    result = build(note, tmp_path / "out")
    text = reports(result.warnings)
    assert f"warning: {note / S1}:37: removed 2 invisible control character(s) (U+0007, U+001B)" in text
    assert f"{note / 'scenarios.yaml'}:35: removed 2 invisible control character(s) (U+000B, U+0000)" in text
    assert f"{note / 'note.yaml'}:5: removed 1 invisible control character(s) (U+FFFE)" in text
    reopen(tmp_path / "out")
    with zipfile.ZipFile(tmp_path / "out" / "deck.pptx") as deck:
        xml = {name: deck.read(name) for name in deck.namelist() if name.endswith(".xml")}
    for name, part in xml.items():
        assert not XML_INVALID.search(part), name
    assert any(b"only you can tell" in part for part in xml.values())


def test_strict_refuses_control_characters_and_leaves_the_outputs(note, output):
    edit(note, S1, "to write.", "to write.\x07")
    before = snapshot(output)
    with pytest.raises(NotedeckError, match=r"01-what-the-number-means.md:37: removed 1"):
        build(note, output, strict=True)
    assert snapshot(output) == before


def test_a_byte_order_mark_and_windows_line_endings_are_accepted(note):
    for path in [note / S1, note / "note.yaml", note / "scenarios.yaml"]:
        text = path.read_text(encoding="utf-8").replace("\n", "\r\n")
        path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    source = gather(note)
    assert source.warnings == ()
    assert source.sections[0].slides[0].title == "Four things the number could mean"


def test_raw_html_is_left_out_with_a_warning(note):
    edit(note, S1, "to write.", "to <b>write</b>.")
    warnings = reports(gather(note).warnings)
    assert f"{note / S1}:37: raw HTML '<b>' is left out; use **bold** and *italic*" in warnings


def test_emoji_and_other_scripts_pass_through_the_readers(note):
    edit(note, S1, "## Turn the dial", "## Turn the dial 🎛️ 速度")
    source = gather(note)
    titles = [s.title for s in source.sections[0].slides]
    assert "Turn the dial 🎛️ 速度" in titles
