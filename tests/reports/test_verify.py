"""The build id and `notedeck verify`: current, what changed, whose file it is, not ours."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from reportlab.pdfgen.canvas import Canvas

from notedeck.commands.cli import main
from notedeck.reports.verify import read_stamp
from support import small_note

NEW = "slides,guide,worksheet,print3"
SLIDE_SHAPED = "slides,guide,print3"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def small(tmp_path):
    """The fixture note tests/notes/charts (two audiences), for what any note shows alike."""
    return small_note("charts", tmp_path)


def built(note, out, *more, outputs: str = NEW) -> dict:
    result = run("build", "--content", str(note), "--out", str(out), "--with", outputs, *more)
    assert result.exit_code == 0, result.output
    return {path.name: read_stamp(path) for path in out.iterdir() if path.suffix == ".pdf"}


def shaped(note, out, *more) -> dict:
    """built, without the worksheet (the small note holds none)."""
    return built(note, out, *more, outputs=SLIDE_SHAPED)


def test_every_new_output_carries_one_build_id(note, tmp_path):
    stamps = built(note, tmp_path / "out")
    assert {"slides.pdf", "guide.pdf", "worksheet.pdf", "slides-3up.pdf"} <= set(stamps)
    ids = {s.build for s in stamps.values() if s is not None}
    assert len(ids) == 1 and len(ids.pop()) == 10
    assert stamps["guide.pdf"].figures["bottleneck.check"] == "60\u00a0seconds"


def test_same_content_same_id_and_a_comment_changes_nothing(small, tmp_path):
    first = shaped(small, tmp_path / "a")["slides.pdf"].build
    assert shaped(small, tmp_path / "b", "--no-cache")["slides.pdf"].build == first
    scenarios = small / "scenarios.yaml"
    scenarios.write_text("# a comment\n" + scenarios.read_text(encoding="utf-8"),
                         encoding="utf-8")
    assert shaped(small, tmp_path / "c")["slides.pdf"].build == first
    other = shaped(small, tmp_path / "d", "--audience", "north-office")["slides.pdf"]
    assert other.build != first and other.audience == "north-office"


def test_verify_says_current(small, tmp_path):
    shaped(small, tmp_path / "out")
    result = run("verify", "--content", str(small), str(tmp_path / "out" / "slides.pdf"),
                 str(tmp_path / "out" / "guide.pdf"))
    assert result.exit_code == 0, result.output
    assert result.output.count(": current (build ") == 2


def test_verify_names_the_figures_a_scenario_edit_changed(note, tmp_path):
    built(note, tmp_path / "out")
    scenarios = note / "scenarios.yaml"
    scenarios.write_text(scenarios.read_text(encoding="utf-8").replace("  check: 60 s",
                                                                       "  check: 2 min", 1),
                         encoding="utf-8")
    result = run("verify", "--content", str(note), str(tmp_path / "out" / "guide.pdf"))
    assert result.exit_code == 1
    assert "not current" in result.output
    assert "bottleneck.check: 60\u00a0seconds -> 2\u00a0minutes" in result.output
    assert "bottleneck.featured.end_to_end_speedup: 132.57× -> 67.22×" in result.output


def test_verify_names_the_audience_a_file_belongs_to(small, tmp_path):
    shaped(small, tmp_path / "out", "--audience", "north-office")
    path = str(tmp_path / "out" / "slides.pdf")
    result = run("verify", "--content", str(small), "--audience", "south-office", path)
    assert result.exit_code == 1
    assert "belongs to audience 'north-office', not to audience 'south-office'" in result.output
    mine = run("verify", "--content", str(small), path)
    assert mine.exit_code == 0 and "audience 'north-office'" in mine.output


def test_verify_says_a_pdf_is_not_notedecks(small, tmp_path):
    foreign = tmp_path / "other.pdf"
    canvas = Canvas(str(foreign))
    canvas.drawString(72, 720, "Made elsewhere")
    canvas.save()
    result = run("verify", "--content", str(small), str(foreign))
    assert result.exit_code == 2
    assert "not made by notedeck" in result.output


def _deck_with_custom(path, custom: bytes) -> None:
    import zipfile

    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("docProps/custom.xml", custom)


def test_verify_refuses_what_is_not_a_file_without_reading_it(small, tmp_path):
    import os

    pipe = tmp_path / "deck.pptx"
    os.mkfifo(pipe)                 # reading a pipe would wait for a writer forever
    result = run("verify", "--content", str(small), str(pipe))
    assert result.exit_code == 2
    assert f"{pipe}: not a file; expected a deck.pptx or a PDF that notedeck wrote" in result.output
    assert "Traceback" not in result.output


def test_a_hostile_deck_s_properties_are_bounded(small, tmp_path):
    import base64
    import zlib

    from notedeck.render.provenance import MAX_FIGURES, unpack_figures

    bomb = base64.b64encode(zlib.compress(b'{"a":"' + b"0" * (50 * MAX_FIGURES) + b'"}', 9))
    assert unpack_figures(bomb.decode()) == {}          # inflated no further than the bound
    assert unpack_figures(base64.b64encode(zlib.compress(b"[1, 2]")).decode()) == {}
    big = tmp_path / "big.pptx"
    _deck_with_custom(big, b"<Properties>" + b" " * (5 * 1024 * 1024) + b"</Properties>")
    entity = tmp_path / "entity.pptx"
    _deck_with_custom(entity, b'<?xml version="1.0"?><!DOCTYPE p [<!ENTITY e SYSTEM '
                              b'"file:///etc/passwd">]><Properties><property name="NotedeckBuild">'
                              b'&e;</property></Properties>')
    for path in (big, entity):
        result = run("verify", "--content", str(small), str(path))
        assert result.exit_code == 2, result.output
        assert "not made by notedeck" in result.output and "root:" not in result.output


def test_the_web_page_carries_the_same_build_id(small, tmp_path):
    out = tmp_path / "out"
    result = run("build", "--content", str(small), "--out", str(out), "--with", "web")
    assert result.exit_code == 0, result.output
    build = read_stamp(out / "handout.pdf").build
    page = (out / "web" / "index.html").read_text(encoding="utf-8")
    assert f'<meta name="notedeck-build" content="{build}">' in page
    assert f"build {build}</p></footer>" in page


def test_verify_reads_the_web_page_and_says_current_after_a_build(note, tmp_path):
    out = tmp_path / "out"
    assert run("build", "--content", str(note), "--out", str(out), "--with",
               "web").exit_code == 0
    page = out / "web" / "index.html"
    found = read_stamp(page)
    assert found is not None and found.build == read_stamp(out / "handout.pdf").build
    assert found.figures["bottleneck.check"] == "60\u00a0seconds"
    result = run("verify", "--content", str(note), str(page))
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{page}: current (build {found.build}")


def test_a_worksheet_is_judged_by_the_figures_and_words_it_shows(note, tmp_path):
    out = tmp_path / "out"
    stamps = built(note, out)
    sheet = stamps["worksheet.pdf"]
    assert sheet.output == "worksheet" and len(sheet.shown) == 10
    assert "bottleneck.check" not in sheet.figures           # it shows no figure of the note
    scenarios = note / "scenarios.yaml"
    scenarios.write_text(scenarios.read_text(encoding="utf-8").replace("  check: 60 s",
                                                                       "  check: 2 min", 1),
                         encoding="utf-8")
    result = run("verify", "--content", str(note), str(out / "worksheet.pdf"),
                 str(out / "guide.pdf"))
    assert result.exit_code == 1                                # the guide is stale
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{out / 'worksheet.pdf'}: current: what it shows is unchanged")
    assert "guide.pdf: not current" in result.output
    section = note / "sections" / "05-use-it-this-week.md"
    section.write_text(section.read_text(encoding="utf-8").replace(
        "someone else could test.", "a colleague could test."), encoding="utf-8")
    stale = run("verify", "--content", str(note), str(out / "worksheet.pdf"))
    assert stale.exit_code == 1 and "worksheet.pdf: not current" in stale.output


def test_a_page_with_a_forged_or_broken_build_id_is_not_notedecks(tmp_path):
    page = tmp_path / "index.html"
    page.write_text('<html><head><meta name="notedeck-build" content="../../etc"></head>'
                    '<body>hi</body></html>', encoding="utf-8")
    assert read_stamp(page) is None
    result = run("verify", "--content", str(tmp_path), str(page))
    assert result.exit_code == 2 and "not made by notedeck" in result.output


def test_a_copied_folder_of_plain_files_verifies_current(small, tmp_path):
    import shutil

    run("build", "--content", str(small), "--out", str(tmp_path / "out"))
    shutil.copytree(tmp_path / "out", tmp_path / "copy")
    assert [p for p in (tmp_path / "copy").rglob("*") if p.is_symlink()] == []
    result = run("verify", "--content", str(small), str(tmp_path / "copy" / "deck.pptx"),
                 str(tmp_path / "copy" / "handout.pdf"))
    assert result.exit_code == 0, result.output
    assert result.output.count(": current (build ") == 2


def test_verify_says_a_file_is_not_of_the_set_beside_it(small, tmp_path):
    import shutil

    old, new = tmp_path / "old", tmp_path / "new"
    run("build", "--content", str(small), "--out", str(old))
    (small / "scenarios.yaml").write_text((small / "scenarios.yaml").read_text()
                                          .replace("backlog: 120", "backlog: 150"))
    run("build", "--content", str(small), "--out", str(new))
    shutil.copy(old / "handout.pdf", new / "handout.pdf")        # yesterday's, copied in
    result = run("verify", "--content", str(small), str(new / "handout.pdf"),
                 str(new / "deck.pptx"))
    assert "handout.pdf: it does not belong to the set beside it" in result.output
    assert f"{new / 'deck.pptx'}: current" in result.output
    assert result.exit_code != 0


def test_a_build_after_an_edit_replaces_its_own_deck_json(small, tmp_path):
    """deck.json carries its build id in its meta: the next build replaces it, verify reads it,
    and a deck.json the author wrote is still refused."""
    import json

    from support import edit

    out = tmp_path / "out"
    built(small, out, outputs="json")
    first = json.loads((out / "deck.json").read_text(encoding="utf-8"))["meta"]["build"]
    edit(small / "sections" / "01-the-margin.md", "What clears a backlog", "What clears a pile")
    built(small, out, outputs="json")
    again = json.loads((out / "deck.json").read_text(encoding="utf-8"))["meta"]["build"]
    assert again != first
    result = run("verify", "--content", str(small), str(out / "deck.json"))
    assert result.exit_code == 0, result.output
    assert f"deck.json: current (build {again}" in result.output
    (out / "deck.json").write_text('{"meta": {"title": "mine"}}\n', encoding="utf-8")
    edit(small / "sections" / "01-the-margin.md", "What clears a pile", "What clears a backlog")
    result = run("build", "--content", str(small), "--out", str(out), "--with", "json")
    assert result.exit_code != 0
    assert "deck.json was not made by notedeck" in result.output
