"""The build id and `notedeck verify`: current, what changed, whose file it is, not ours."""

from __future__ import annotations

from click.testing import CliRunner
from reportlab.pdfgen.canvas import Canvas

from notedeck.commands.cli import main
from notedeck.pipeline.edition import read_stamp

NEW = "slides,guide,worksheet,print3"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def built(note, out, *more) -> dict:
    result = run("build", "--content", str(note), "--out", str(out), "--with", NEW, *more)
    assert result.exit_code == 0, result.output
    return {path.name: read_stamp(path) for path in out.iterdir() if path.suffix == ".pdf"}


def test_every_new_output_carries_one_build_id(note, tmp_path):
    stamps = built(note, tmp_path / "out")
    assert {"slides.pdf", "guide.pdf", "worksheet.pdf", "slides-3up.pdf"} <= set(stamps)
    ids = {s.build for s in stamps.values() if s is not None}
    assert len(ids) == 1 and len(ids.pop()) == 10
    assert stamps["guide.pdf"].figures["bottleneck.check"] == "60 seconds"


def test_same_content_same_id_and_a_comment_changes_nothing(note, tmp_path):
    first = built(note, tmp_path / "a")["slides.pdf"].build
    assert built(note, tmp_path / "b", "--no-cache")["slides.pdf"].build == first
    scenarios = note / "scenarios.yaml"
    scenarios.write_text("# a comment\n" + scenarios.read_text(encoding="utf-8"),
                         encoding="utf-8")
    assert built(note, tmp_path / "c")["slides.pdf"].build == first
    other = built(note, tmp_path / "d", "--audience", "support-team")["slides.pdf"]
    assert other.build != first and other.audience == "support-team"


def test_verify_says_current(note, tmp_path):
    built(note, tmp_path / "out")
    result = run("verify", "--content", str(note), str(tmp_path / "out" / "slides.pdf"),
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
    assert "bottleneck.check: 60 seconds -> 2 min" in result.output
    assert "bottleneck.end_to_end_speedup: 132.57× -> 67.22×" in result.output


def test_verify_names_the_audience_a_file_belongs_to(note, tmp_path):
    built(note, tmp_path / "out", "--audience", "support-team")
    path = str(tmp_path / "out" / "slides.pdf")
    result = run("verify", "--content", str(note), "--audience", "research-lab", path)
    assert result.exit_code == 1
    assert "belongs to audience 'support-team', not to audience 'research-lab'" in result.output
    mine = run("verify", "--content", str(note), path)
    assert mine.exit_code == 0 and "audience 'support-team'" in mine.output


def test_verify_says_a_pdf_is_not_notedecks(note, tmp_path):
    foreign = tmp_path / "other.pdf"
    canvas = Canvas(str(foreign))
    canvas.drawString(72, 720, "Made elsewhere")
    canvas.save()
    result = run("verify", "--content", str(note), str(foreign))
    assert result.exit_code == 2
    assert "not made by notedeck" in result.output
