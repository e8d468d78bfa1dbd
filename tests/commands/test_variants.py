"""`notedeck build --all-audiences`: every variant, in parallel, one failure reported, not fatal."""

from __future__ import annotations

import os
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from notedeck.commands.cli import main
from notedeck.commands.variants import build_all, build_variant, summary, variants

from support import cli_in_process, digests, options, small_note
from bad_input.helpers import reopen


@pytest.fixture
def note(tmp_path: Path) -> Path:
    """A small note with three audiences (tests/notes/audiences): a bar chart each."""
    return small_note("audiences", tmp_path)


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(folder))
    return folder


def test_the_variants_are_the_note_then_each_audience(note):
    assert variants(note) == [None, "north-office", "south-office", "west-office"]


def test_every_variant_is_built_into_its_own_folder(note, tmp_path):
    out = tmp_path / "output"
    result = CliRunner().invoke(main, ["build", "--all-audiences", "--content", str(note),
                                       "--out", str(out)])
    assert result.exit_code == 0, result.output
    for folder in (out, out / "north-office", out / "south-office", out / "west-office"):
        assert sorted(p.name for p in folder.iterdir() if p.is_file()) == \
            [".notedeck.json", "deck.pptx", "handout.pdf"]
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["variant", "status", "deck.pptx", "handout.pdf", "time",
                                "folder"]
    assert [line.split()[0] for line in lines[1:5]] == ["(note)", "north-office",
                                                        "south-office", "west-office"]
    assert all(line.split()[1] == "built" for line in lines[1:5])
    assert lines[-1] == "4 of 4 variants built"


def test_the_same_files_as_building_each_variant_alone(note, tmp_path):
    build_all(options(note, tmp_path / "all", jobs=2))
    for audience in (None, "west-office"):
        alone = tmp_path / f"alone-{audience}"
        args = ["build", "--content", str(note), "--out", str(alone), "--no-cache"]
        assert CliRunner().invoke(main, args + (["--audience", audience] if audience else []),
                                  ).exit_code == 0
        assert digests(alone) == digests(tmp_path / "all" / (audience or ""))


def test_one_failing_audience_is_reported_and_the_others_are_built(note, tmp_path):
    (note / "audiences" / "broken.yaml").write_text("name: Broken\nscenarios:\n  rates: [\n")
    out = tmp_path / "output"
    done = subprocess.run(cli_in_process(["build", "--all-audiences", "--content", str(note),
                                          "--out", str(out)]), capture_output=True, text=True)
    assert done.returncode == 2
    assert "broken: error: " in done.stdout and "broken.yaml" in done.stdout
    rows = {line.split()[0]: line.split()[1] for line in done.stdout.splitlines()
            if line.split() and line.split()[0] in ("(note)", "broken", "north-office",
                                                     "south-office", "west-office")}
    assert rows == {"(note)": "built", "broken": "failed", "north-office": "built",
                    "south-office": "built", "west-office": "built"}
    assert "4 of 5 variants built; 1 failed" in done.stdout
    assert not (out / "broken").exists()
    assert (out / "west-office" / "handout.pdf").exists()


def test_a_failure_no_check_foresaw_is_its_variants_outcome(note, tmp_path):
    """An exception that is no bad-input error (here: an output folder whose name holds a
    NUL byte, which no command line can pass) ends its own variant as an internal error,
    with its traceback; the variants built before and after it are written."""
    whole = options(note, tmp_path / "out", jobs=1)
    tasks = [whole.variant(None), replace(whole.variant("south-office"),
                                          out=tmp_path / "out" / "south\0office"),
             whole.variant("west-office")]
    outcomes = [build_variant(task) for task in tasks]
    assert [o.ok for o in outcomes] == [True, False, True]
    assert outcomes[1].internal == "ValueError: embedded null byte"
    assert "Traceback" in outcomes[1].traceback and not outcomes[1].problems
    assert "internal error" in summary(outcomes)
    for folder in (tmp_path / "out", tmp_path / "out" / "west-office"):
        reopen(folder)                      # a deck with slides, a handout with pages


def _entries(cache: Path) -> dict[str, tuple[int, str]]:
    """The chart cache's entries: each file's inode and SHA-256 (a chart drawn again is
    stored anew, under a new inode)."""
    import hashlib

    return {p.name: (p.stat().st_ino, hashlib.sha256(p.read_bytes()).hexdigest())
            for p in sorted((cache / "charts").glob("*/*.art"))}


def test_charts_two_variants_share_are_drawn_once(note, tmp_path, cache):
    """Two audiences with the same numbers: the second built finds its chart in the cache
    the first stored, and stores nothing (in one process here, so the cache can be looked at
    between variants; across processes the cache's lock keeps it so: see
    tests/infra/test_cache.py)."""
    text = (note / "audiences" / "west-office.yaml").read_text()
    (note / "audiences" / "west-copy.yaml").write_text(
        text.replace("name: West office", "name: West office, second shift"))
    seen = {}
    outcomes = build_all(options(note, tmp_path / "out", jobs=1),
                         on_done=lambda outcome: seen.setdefault(outcome.name, _entries(cache)))
    assert [o.name for o in outcomes] == ["(note)", "north-office", "south-office", "west-copy",
                                          "west-office"]
    assert all(o.ok for o in outcomes)
    # the note and the three audiences each have a chart of their own; west-office shares
    # the one west-copy (built before it, by name) stored
    assert [len(seen[name]) for name in ("(note)", "north-office", "south-office",
                                         "west-copy", "west-office")] == [1, 2, 3, 4, 4]
    assert seen["west-office"] == seen["west-copy"]
    assert (tmp_path / "out" / "west-copy" / "deck.pptx").is_file()


def test_no_cache_uses_a_private_cache_and_leaves_none(note, tmp_path, cache):
    outcomes = build_all(options(note, tmp_path / "out", cache=False, jobs=2))
    assert all(o.ok and not o.result.kept for o in outcomes)
    assert not cache.exists()
    assert "NOTEDECK_CACHE_DIR" in os.environ and os.environ["NOTEDECK_CACHE_DIR"] == str(cache)


def test_a_second_run_keeps_what_has_not_changed(note, tmp_path):
    out = tmp_path / "out"
    build_all(options(note, out, jobs=1))       # what is kept is each build's, pool or not
    path = note / "audiences" / "south-office.yaml"
    path.write_text(path.read_text() + "\n# a comment\n")
    again = {o.name: o.result.kept for o in build_all(options(note, out, jobs=1))}
    assert again == {"(note)": True, "north-office": True, "south-office": False,
                     "west-office": True}


def test_all_audiences_and_audience_together_is_a_usage_error(note):
    result = CliRunner().invoke(main, ["build", "--all-audiences", "--audience", "x",
                                       "--content", str(note)])
    assert result.exit_code == 2
    assert "drop --audience" in result.output


def test_a_note_without_audiences_builds_just_the_note(note, tmp_path):
    for path in (note / "audiences").iterdir():
        path.unlink()
    result = CliRunner().invoke(main, ["build", "--all-audiences", "--content", str(note),
                                       "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "1 of 1 variants built" in result.output
