"""A words file (words/LANGUAGE.yaml, an audience's `words:`) checked by the model's words
schema: keys where the model has no text, texts that do not compile and keys given twice are
all said in one run, each at its own line; what is right is shown in the build."""

from __future__ import annotations

from click.testing import CliRunner
from pypdf import PdfReader

from notedeck.commands.cli import main
from support import small_note


def said(note) -> list[str]:
    result = CliRunner().invoke(main, ["check", "--content", str(note)])
    assert result.exit_code == 2, result.output
    return [line.replace(f"{note}/", "") for line in result.output.splitlines()
            if line.startswith("error")]


def test_every_problem_of_a_words_file_at_its_line_in_one_run(tmp_path):
    note = small_note("money", tmp_path)
    words = note / "words" / "de.yaml"
    text = words.read_text(encoding="utf-8")
    text = text.replace("      span: {header: Nach}", "      spn: {header: Nach}")
    text = text.replace('detail: "{new_cost} statt {old_cost}"', 'detail: "{new_kost}"')
    text = text.replace('  - "ein Faktor', '  - zwei\n  - "ein Faktor')
    text += "tables.balance.caption: noch einmal\n"
    words.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    at = {key: next(n for n, line in enumerate(lines, 1) if key in line)
          for key in ("spn:", "new_kost", "ein Faktor", "tables.balance.caption:")}
    found = said(note)
    assert found[0] == (f"error: words/de.yaml:{at['spn:']}:7: tables.balance.columns.spn: "
                        "unknown key 'spn'; did you mean 'span'? Expected one of: span, balance")
    assert any(f"words/de.yaml:{at['new_kost']}:" in line and "new_kost" in line
               for line in found), found
    assert any(f"words/de.yaml:{at['ein Faktor']}:" in line and "rules[1]" in line
               and "the model's list here has 1 text; this is text 2" in line for line in found), found
    assert any(f"words/de.yaml:{at['tables.balance.caption:']}:1:" in line and
               "'tables.balance.caption' is given twice" in line for line in found), found
    assert len(found) == 4, found


def test_an_audiences_dotted_key_is_placed_at_its_line(tmp_path):
    note = small_note("money", tmp_path)
    audience = note / "audiences" / "berlin.yaml"
    audience.write_text(audience.read_text(encoding="utf-8") +
                        "words:\n  tables.balanse.caption: Ein Saldo\n", encoding="utf-8")
    line = len(audience.read_text(encoding="utf-8").splitlines())
    assert said(note) == [
        f"error: audiences/berlin.yaml:{line}:3: words.tables.balanse.caption: unknown key "
        "'balanse'; did you mean 'balance'? Expected one of: balance"]


def test_a_text_alone_stands_for_a_mapping_of_text_and_lists(tmp_path):
    """`alt: words` where the model writes the alt text as a mapping (text: with lists:): the
    words file may give the text alone; the lists keep the note's own words."""
    from pptx import Presentation

    note = small_note("money", tmp_path)
    audience = note / "audiences" / "berlin.yaml"
    audience.write_text(audience.read_text(encoding="utf-8") +
                        'words:\n  charts.balance.alt: "Der Saldo, Spanne um Spanne: {rows}."\n',
                        encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "--content", str(note), "--audience", "berlin",
                                       "--out", str(out)])
    assert result.exit_code == 0, result.output
    described = [shape._element.xpath("./*[1]/p:cNvPr/@descr")
                 for slide in Presentation(str(out / "deck.pptx")).slides
                 for shape in slide.shapes if shape.has_chart]
    assert any(d and d[0].startswith("Der Saldo, Spanne um Spanne: ") for d in described), \
        described


def test_a_words_file_that_is_a_folder_or_a_pipe_is_refused_not_skipped(tmp_path):
    import os

    for kind in ("folder", "pipe") if hasattr(os, "mkfifo") else ("folder",):
        note = small_note("money", tmp_path / kind)
        words = note / "words" / "de.yaml"
        words.unlink()
        words.mkdir() if kind == "folder" else os.mkfifo(words)
        found = said(note)
        assert len(found) == 1 and found[0].startswith("error: words/de.yaml: expected a"), found
