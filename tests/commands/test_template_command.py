"""`notedeck template show | check | export`, `init` with a template, and `check` on templates."""

from __future__ import annotations

import filecmp
import re
from pathlib import Path

import pptx
from click.testing import CliRunner
from pptx import Presentation
from pptx.util import Inches

from notedeck.commands.cli import main
from notedeck.template.package import DEFAULT_TEMPLATE

PPTX_DEFAULT = Path(pptx.__file__).parent / "templates" / "default.pptx"


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_show_lists_masters_layouts_placeholders_roles_and_fonts(note):
    result = run("template", "show", PPTX_DEFAULT, "--content", note)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "slides 10.00 x 7.50 in (4:3), 1 master(s), 11 layout(s)" in out
    assert "font for text: Calibri (" in out
    assert "layout 'Comparison'" in out
    assert "'Date Placeholder 3'         dt       idx 10" in out
    assert "content         layout 'Title and Content' of master 1, named 'Title and Content'" \
        in out
    assert "body        'Content Placeholder 2' (obj, idx 1)" in out
    assert "number      none: the number leads the title" in out


def test_check_lists_every_fault_in_one_run(note, tmp_path):
    prs = Presentation(str(DEFAULT_TEMPLATE))
    content = next(layout for layout in prs.slide_layouts if layout.name == "Content")
    body = next(ph for ph in content.placeholders if ph.name == "Body")
    body.height = Inches(0.4)                               # too small for any paragraph
    table = next(layout for layout in prs.slide_layouts if layout.name == "Table")
    caption = next(ph for ph in table.placeholders if ph.name == "Caption")
    caption.top = Inches(1.5)                               # over the table
    bad = tmp_path / "bad.pptx"
    prs.save(str(bad))
    result = run("template", "check", bad, "--content", note)
    assert result.exit_code == 2
    assert "placeholders 'Table' (tbl, idx 1) and 'Caption' (body, idx 14) of layout 'Table'" \
        in result.output
    assert "shorten it or enlarge placeholder 'Body' of layout 'Content'" in result.output
    assert re.search(r"\(slides \d+(, \d+)+ of the note; slides \d+(, \d+)+ of [a-z-]+", result.output)
    assert "error(s)" in result.output


def test_check_of_a_good_template_passes(note):
    result = run("template", "check", DEFAULT_TEMPLATE, "--content", note)
    assert result.exit_code == 0 and "no problems" in result.output


def test_export_writes_the_default_template_and_refuses_to_overwrite(tmp_path):
    result = run("template", "export", tmp_path / "styles")
    assert result.exit_code == 0, result.output
    written = tmp_path / "styles" / "template.pptx"
    assert filecmp.cmp(written, DEFAULT_TEMPLATE, shallow=False)
    again = run("template", "export", tmp_path / "styles")
    assert again.exit_code == 2 and "pass --force" in again.output
    assert run("template", "export", tmp_path / "styles", "--force").exit_code == 0


def test_init_copies_the_template_and_the_note_builds_the_same(tmp_path):
    assert run("init", tmp_path / "mine").exit_code == 0
    assert filecmp.cmp(tmp_path / "mine" / "template.pptx", DEFAULT_TEMPLATE, shallow=False)


def test_notedeck_check_reports_the_templates_faults(note):
    prs = Presentation(str(DEFAULT_TEMPLATE))
    prs.slide_width = Inches(12)
    prs.save(str(note / "template.pptx"))
    result = run("check", "--content", note)          # layouts drawn wider: scaled, and said
    assert result.exit_code == 0, result.output
    assert "template.pptx: the slide is 12.00 x 7.50 in, but the layouts' placeholders" in \
        result.output and "notedeck scales them into the slide" in result.output
    (note / "template.yaml").write_text("content: Contents\n", encoding="utf-8")
    result = run("check", "--content", note)
    assert result.exit_code == 2
    assert "template.yaml:1: " in result.output and "no layout 'Contents'" in result.output


def test_a_mapping_without_a_template_pins_the_default_templates_layouts(note, tmp_path):
    (note / "template.yaml").write_text("sources: Content\n", encoding="utf-8")
    assert run("build", "--content", note, "--out", tmp_path / "out").exit_code == 0
    deck = Presentation(str(tmp_path / "out" / "deck.pptx"))
    assert deck.slides[len(deck.slides) - 1].slide_layout.name == "Content"


def test_show_and_check_read_the_template_yaml_beside_the_file(note, tmp_path):
    styles = tmp_path / "styles"
    styles.mkdir()
    (styles / "corporate.pptx").write_bytes(DEFAULT_TEMPLATE.read_bytes())
    (styles / "template.yaml").write_text("sources: Content\n", encoding="utf-8")
    shown = run("template", "show", styles / "corporate.pptx", "--content", note)
    assert shown.exit_code == 0, shown.output
    assert re.search(r"sources +layout 'Content' of master 1, pinned in .*styles/template.yaml",
                     shown.output), shown.output
    (styles / "template.yaml").write_text("sources: Contents\n", encoding="utf-8")
    checked = run("template", "check", styles / "corporate.pptx", "--content", note)
    assert checked.exit_code == 2
    assert "styles/template.yaml:1: " in checked.output and "no layout 'Contents'" in checked.output
