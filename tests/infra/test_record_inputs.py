"""The build record knows every input: any file a build reads or could read appearing,
changing or going away builds again (template.yaml, template.potx, a new section, package
assets such as the web page's stylesheet, installed fonts)."""

from __future__ import annotations

import shutil
from fnmatch import fnmatch
from pathlib import Path

from click.testing import CliRunner
from pptx import Presentation

from notedeck.commands.cli import main
from notedeck.infra.cache import PACKAGE, code_fingerprint
from notedeck.template import installed
from notedeck.readers.layout import READ_BY_BUILD, NoteLayout


def test_every_file_a_build_may_read_is_an_input_of_its_record(note):
    """Every pattern watch follows names a file the record hashes, present or not."""
    (note / "audiences" / "support-team" / "sections").mkdir(parents=True)
    (note / "audiences" / "support-team" / "sections" / "06-own.md").write_text("x")
    (note / "sections" / "06-new.md").write_text("x")
    inputs = {p.relative_to(note).as_posix()
              for p in NoteLayout(note).inputs("support-team", None)}
    for pattern in READ_BY_BUILD:
        if "audiences" in pattern:
            pattern = pattern.replace("*", "support-team", 1)
        assert any(fnmatch(name, pattern) for name in inputs), pattern
    assert {"template.pptx", "template.potx", "template.yaml", "sections/06-new.md"} <= inputs


def test_a_template_yaml_added_after_a_build_is_read_by_the_next(note, tmp_path):
    out = tmp_path / "out"

    def build() -> str:
        result = CliRunner().invoke(main, ["build", "--content", str(note), "--out", str(out)])
        assert result.exit_code == 0, result.output
        return result.output

    def last_layout() -> str:
        deck = Presentation(str(out / "deck.pptx"))
        return deck.slides[len(deck.slides) - 1].slide_layout.name

    build()
    before = last_layout()
    (note / "template.yaml").write_text("sources: Content\n", encoding="utf-8")
    assert "nothing changed" not in build()
    assert last_layout() == "Content" != before
    (note / "template.yaml").unlink()
    assert "nothing changed" not in build()
    assert last_layout() == before


def test_any_file_of_the_package_is_part_of_the_code_fingerprint(tmp_path):
    copy = tmp_path / "notedeck"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = code_fingerprint(copy)
    stylesheet = next(copy.rglob("*.css"))
    stylesheet.write_text(stylesheet.read_text(encoding="utf-8") + "\n/* restyled */\n",
                          encoding="utf-8")
    assert code_fingerprint.__wrapped__(copy) != before
    (copy / "notes" / "million-tokens" / "note.yaml").unlink()
    assert code_fingerprint.__wrapped__(copy) not in (before, code_fingerprint(copy))


def test_a_font_installed_in_a_font_folder_changes_the_fonts_stamp(tmp_path, monkeypatch):
    fonts = tmp_path / "fonts"
    (fonts / "extra").mkdir(parents=True)
    monkeypatch.setattr(installed, "FONT_FOLDERS", (str(fonts),))
    before = installed.installed_stamp()
    (fonts / "extra" / "New.ttf").write_bytes(b"font")
    assert installed.installed_stamp() != before
