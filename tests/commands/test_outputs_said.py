"""No output vanishes unannounced: a build asked for fewer outputs than the folder holds says
which it removes; the --all-audiences summary counts each output's own pages."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from notedeck.commands.cli import main
from notedeck.commands.variants import Outcome, summary
from notedeck.infra.records import Written
from notedeck.stages.run import BuildResult


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_a_smaller_build_says_each_output_it_removes(tmp_path, monkeypatch):
    assert run("init", "--blank", str(tmp_path / "n")).exit_code == 0
    monkeypatch.chdir(tmp_path / "n")
    assert run("build", "--with", "guide,web").exit_code == 0
    assert (tmp_path / "n" / "output" / "guide.pdf").is_file()
    again = run("build")
    assert again.exit_code == 0, again.output
    removed = [line for line in again.output.splitlines() if line.startswith("removed")]
    assert removed == [f"removed output/{name}: this build was not asked for it (name it with "
                       "--with, or in note.yaml's outputs: to build it every time)"
                       for name in ("guide.pdf", "web/index.html")]
    assert not (tmp_path / "n" / "output" / "guide.pdf").exists()
    assert "removed" not in run("build").output            # nothing more to remove


def test_the_summary_counts_the_handouts_pages_not_the_web_pages(tmp_path):
    files = (Written(tmp_path / "deck.pptx", 24, "slides"),
             Written(tmp_path / "handout.pdf", 6, "pages"),
             Written(tmp_path / "web" / "index.html", 1, "pages"))
    done = Outcome(None, tmp_path, 1.0, BuildResult(files, 1.0, ()))
    header, row = summary([done]).splitlines()[:2]
    assert header.split()[:5] == ["variant", "status", "deck.pptx", "handout.pdf",
                                  "web/index.html"]
    assert " ".join(row.split()).startswith("(note) built 24 slides 6 pages 1 page ")
