"""The command line: exit 2 for bad input or usage, 1 for an internal error, tracebacks on request."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from notedeck.commands.cli import main

from bad_input.helpers import BUNDLED, cli, snapshot

# A damaged installation: reportlab cannot be imported, so the handout renderer fails inside notedeck.
BROKEN_REPORTLAB = """
import sys
class Damaged:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "reportlab":
            raise ImportError("reportlab is damaged")
sys.meta_path.insert(0, Damaged())
"""


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_bad_input_exits_2_with_located_messages_and_no_traceback(note):
    scenarios = note / "scenarios.yaml"
    scenarios.write_text(scenarios.read_text().replace("count: 40\n", "count: ten\n"))
    result = run("figures", "--content", str(note))
    assert result.exit_code == 2
    assert f"error: {scenarios}:40:12: workloads[1].count: expected a whole number from 1 to 1,000,000,000, got 'ten'" in result.output
    assert "Traceback" not in result.output


def test_usage_errors_exit_2():
    assert run("build", "--paper", "a5").exit_code == 2
    assert run("bulid").exit_code == 2
    assert run("check", "--no-such-option").exit_code == 2


def test_a_missing_content_folder_exits_2(tmp_path):
    result = run("check", "--content", str(tmp_path / "nowhere"))
    assert result.exit_code == 2
    assert "content folder not found" in result.output


def test_init_refuses_a_folder_that_is_not_empty(tmp_path):
    (tmp_path / "keep.txt").write_text("mine")
    result = run("init", str(tmp_path))
    assert result.exit_code == 2 and "not empty" in result.output
    assert (tmp_path / "keep.txt").read_text() == "mine"


def test_an_internal_error_apologises_in_one_line_and_leaves_the_outputs(tmp_path):
    out = tmp_path / "output"
    out.mkdir()
    (out / "handout.pdf").write_bytes(b"%PDF-1.4 yesterday's handout /NotedeckBuild (0123456789)")
    before = snapshot(out)
    done = subprocess.run(cli("build", "--content", str(BUNDLED), "--out", str(out),
                              prelude=BROKEN_REPORTLAB), capture_output=True, text=True)
    assert done.returncode == 1
    assert "notedeck: internal error, sorry: ImportError: reportlab is damaged" in done.stderr
    assert "--traceback" in done.stderr and "Traceback" not in done.stderr
    assert snapshot(out) == before


def test_traceback_shows_where_an_internal_error_happened(tmp_path):
    done = subprocess.run(cli("--traceback", "build", "--content", str(BUNDLED),
                              "--out", str(tmp_path / "out"), prelude=BROKEN_REPORTLAB),
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert "Traceback (most recent call last)" in done.stderr
    assert not (tmp_path / "out").exists()


def test_help_does_not_import_the_renderers():
    code = ("import sys\nfrom click.testing import CliRunner\nfrom notedeck.commands.cli import main\n"
            "CliRunner().invoke(main, ['--help'])\n"
            "print(sorted(m for m in ('matplotlib', 'reportlab', 'pptx') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "[]", done.stderr


def test_check_on_the_bundled_note_is_clean_even_when_strict():
    result = run("check", "--content", str(BUNDLED), "--strict")
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith("no problems")


def test_init_starts_a_note_that_builds_and_figures_lists_every_name(tmp_path):
    from click.testing import CliRunner
    import json

    runner = CliRunner()
    started = runner.invoke(main, ["init", str(tmp_path / "mine")])
    assert started.exit_code == 0 and (tmp_path / "mine" / "scenarios.yaml").is_file()
    built = runner.invoke(main, ["build", "--content", str(tmp_path / "mine"),
                                 "--out", str(tmp_path / "out")])
    assert built.exit_code == 0, built.output
    listed = runner.invoke(main, ["figures", "--content", str(tmp_path / "mine"), "--json"])
    figures = json.loads(listed.output)
    assert figures["bottleneck.featured.end_to_end_speedup"] == "132.57×"
    assert figures["workloads['apps'].count"] == "40"
    table = runner.invoke(main, ["figures", "--content", str(tmp_path / "mine"),
                                 "--audience", "hospital-admin"]).output
    assert "bottleneck.featured.end_to_end_speedup" in table and "132.57×" not in table


def test_version():
    from click.testing import CliRunner

    assert CliRunner().invoke(main, ["--version"]).output.startswith("notedeck, version 1.")


def test_a_reader_that_leaves_early_gets_no_apology(tmp_path):
    """`notedeck figures | true`: the reader is gone before the first line; no apology, no traceback."""
    notedeck = Path(sys.executable).with_name("notedeck")
    run = subprocess.run(f"'{notedeck}' figures | true", shell=True, capture_output=True,
                         text=True, cwd=tmp_path, timeout=120)
    assert "internal error" not in run.stderr and "Traceback" not in run.stderr, run.stderr
