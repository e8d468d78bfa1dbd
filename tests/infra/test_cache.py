"""The chart cache and build records: same bytes with or without them, never a stale output."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
import zipfile
import tempfile
from pathlib import Path

import pytest

from notedeck.stages.compose import compose
from notedeck.deck import ChartArt
from notedeck.infra import scratch, trust
from notedeck.infra.cache import ChartCache, cache_dir, cache_problem
from notedeck.infra.records import Record
from notedeck.stages.settled import settle
from notedeck.stages.charts import drawn
from notedeck.stages.stages import prepare
from support import build, cli_in_process, digests, gather, options, small_note


@pytest.fixture
def note(tmp_path) -> Path:
    """A small note with three charts and two audiences (tests/notes/charts)."""
    return small_note("charts", tmp_path)


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """A private, empty cache folder for this test."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(folder))
    return folder


def specs_of(note: Path):
    deck, _ = compose(gather(note))
    return deck.charts


def test_the_cache_folder_is_the_environment_variable_else_xdg_else_home(monkeypatch, tmp_path):
    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(tmp_path / "here"))
    assert cache_dir() == tmp_path / "here"
    monkeypatch.delenv("NOTEDECK_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "notedeck"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_dir() == tmp_path / "home" / ".cache" / "notedeck"


def test_a_cached_chart_comes_back_byte_for_byte(note, cache):
    from notedeck.render.charts.draw import draw

    spec = specs_of(note)[0]
    store = ChartCache()
    assert store.get(spec) is None
    made = draw(spec)
    store.put(spec, made)
    again = ChartCache().get(spec)
    assert again == made


def test_an_entry_serves_the_forms_it_holds_and_gains_only_the_ones_it_lacks(note, cache):
    from notedeck.render.charts.draw import draw

    spec = specs_of(note)[0]
    asked = []

    def drawing(spec, forms):
        asked.append(tuple(forms))
        return draw(spec, forms)

    store = ChartCache()
    svg_only = drawn(store, spec, ("svg",), drawing)
    assert svg_only.svg and not svg_only.png
    assert ChartCache().get(spec, ("svg",)) == svg_only
    assert ChartCache().get(spec) is None                    # the PNG is asked for too: a miss
    both = drawn(store, spec, ("png", "svg"), drawing)
    assert asked == [("svg",), ("png",)]
    assert both == draw(spec) == ChartCache().get(spec)
    assert drawn(store, spec, ("png",), drawing) == both and len(asked) == 2


def test_an_entry_holding_no_form_is_a_miss(note, cache):
    spec = specs_of(note)[0]
    ChartCache().put(spec, ChartArt(spec.name, b"", b"", 12.1, 4.5))
    assert ChartCache().get(spec, ()) is None


def test_any_change_to_a_chart_spec_changes_its_key(note):
    from dataclasses import replace

    spec = specs_of(note)[0]
    assert ChartCache.key(spec) == ChartCache.key(replace(spec))
    assert ChartCache.key(spec) != ChartCache.key(replace(spec, title=spec.title + " "))
    assert ChartCache.key(spec) != ChartCache.key(replace(spec, name="other"))


def test_a_damaged_entry_is_a_miss_and_is_removed(note, cache):
    from notedeck.render.charts.draw import draw

    spec = specs_of(note)[2]
    store = ChartCache()
    store.put(spec, draw(spec))
    [entry] = (cache / "charts").glob("*/*.art")
    data = bytearray(entry.read_bytes())
    data[-100] ^= 0xFF                        # one flipped byte in the SVG
    entry.write_bytes(bytes(data))
    assert ChartCache().get(spec) is None
    assert not entry.exists()


def test_a_disabled_cache_reads_and_writes_nothing(note, cache):
    from notedeck.render.charts.draw import draw

    spec = specs_of(note)[1]
    store = ChartCache(enabled=False)
    store.put(spec, draw(spec))
    assert store.get(spec) is None
    assert not cache.exists()


def test_outputs_are_the_same_bytes_with_and_without_the_cache(note, cache, tmp_path):
    first = build(note, tmp_path / "first")          # draws, fills the cache
    second = build(note, tmp_path / "second")        # charts from the cache
    plain = build(note, tmp_path / "plain", cache=False)
    assert not first.kept and not second.kept and not plain.kept
    assert digests(tmp_path / "first") == digests(tmp_path / "second") == \
        digests(tmp_path / "plain")


def test_no_cache_leaves_no_cache_behind(note, cache, tmp_path):
    build(note, tmp_path / "out", cache=False)
    assert not cache.exists()


def test_a_rebuild_with_nothing_changed_is_kept_and_touches_nothing(note, cache, tmp_path):
    out = tmp_path / "out"
    first = build(note, out)
    files = lambda: {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in out.iterdir()}  # noqa: E731
    before = files()
    again = build(note, out)
    assert again.kept
    assert again.files == first.files
    assert files() == before
    assert not build(note, out, cache=False).kept       # --no-cache always writes
    assert files() != before


def test_a_kept_rebuild_imports_no_renderer_and_no_chart_library(note, cache, tmp_path):
    out = tmp_path / "out"
    args = ["build", "--content", str(note), "--out", str(out)]
    subprocess.run(cli_in_process(args), check=True, capture_output=True)
    done = subprocess.run(cli_in_process(args, report_modules=True), capture_output=True,
                          text=True, check=True)
    assert "kept" in done.stdout and "nothing changed since the last build" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout


@pytest.mark.parametrize("change", ["section", "scenario", "own audience", "output edited",
                                    "output deleted", "paper", "SOURCE_DATE_EPOCH"])
def test_every_kind_of_change_builds_again(note, cache, tmp_path, monkeypatch, change):
    out = tmp_path / "out"
    options = {"audience": "north-office"}
    build(note, out, **options)
    match change:
        case "section":
            path = note / "sections" / "02-the-rates.md"
            path.write_text(path.read_text() + "\nOne more sentence.\n")
        case "scenario":
            path = note / "scenarios.yaml"
            path.write_text(path.read_text().replace("backlog: 120 ", "backlog: 150 "))
        case "own audience":
            path = note / "audiences" / "north-office.yaml"
            path.write_text(path.read_text().replace("backlog: 80", "backlog: 90", 1))
        case "output edited":                # saved again: its build id kept, other bytes
            with zipfile.ZipFile(out / "deck.pptx", "a") as deck:
                deck.writestr("ppt/edited.xml", "<edited/>")
            options["force"] = True          # the user's now: replaced only with --force
        case "output deleted":
            (out / "handout.pdf").unlink()
        case "paper":
            options["paper"] = "letter"
        case "SOURCE_DATE_EPOCH":
            monkeypatch.setenv("SOURCE_DATE_EPOCH", "1790000000")
    again = build(note, out, **options)
    assert not again.kept
    assert (out / "deck.pptx").read_bytes()[:2] == b"PK"
    assert (out / "handout.pdf").exists()


def test_another_audiences_file_does_not_rebuild_this_variant(note, cache, tmp_path):
    build(note, tmp_path / "main")
    build(note, tmp_path / "south", "south-office")
    path = note / "audiences" / "north-office.yaml"
    path.write_text(path.read_text() + "\n# edited\n")
    assert build(note, tmp_path / "main").kept
    assert build(note, tmp_path / "south", "south-office").kept


def test_one_changed_number_redraws_only_the_charts_it_changes(note, cache, tmp_path):
    build(note, tmp_path / "out")
    entries = set((cache / "charts").glob("*/*.art"))
    assert len(entries) == 3
    path = note / "scenarios.yaml"
    path.write_text(path.read_text().replace("arrivals: 25 ", "arrivals: 20 ", 1))
    build(note, tmp_path / "out")
    new = set((cache / "charts").glob("*/*.art")) - entries
    assert len(new) == 2                       # clearing and margins; the rates are unchanged


def test_a_failed_build_records_nothing(note, cache, tmp_path):
    from notedeck.errors import NotedeckError

    (note / "scenarios.yaml").write_text("rates: [\n")
    with pytest.raises(NotedeckError):
        build(note, tmp_path / "out")
    assert not (cache / "builds").exists() or not list((cache / "builds").glob("*.json"))


def test_a_full_cache_keeps_its_most_recently_used_half(note, cache):
    from notedeck.deck import ChartArt

    store = ChartCache()
    specs = specs_of(note)
    for index, spec in enumerate(specs):
        png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes([0, 0, 0, 1] * 2) + b"%d" % index
        store.put(spec, ChartArt(spec.name, png, b"<svg/>", 1.0, 1.0))
        entry = store._path(store.key(spec))
        os.utime(entry, (1_000_000 + index, 1_000_000 + index))    # oldest first
    store.prune(keep=2)
    assert [store.get(spec) is not None for spec in specs] == [False, False, True]


def test_a_cache_folder_that_cannot_be_written_only_costs_time(note, tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(blocked))
    result = build(note, tmp_path / "out")
    assert not result.kept and (tmp_path / "out" / "deck.pptx").exists()
    assert blocked.read_text() == "a file where the cache folder would be"
    assert not build(note, tmp_path / "out").kept              # no record could be kept


def test_cli_no_cache_flag_builds_everything(note, cache, tmp_path):
    from click.testing import CliRunner

    from notedeck.commands.cli import main

    args = ["build", "--content", str(note), "--out", str(tmp_path / "out")]
    assert "wrote" in CliRunner().invoke(main, args).output
    assert "kept" in CliRunner().invoke(main, args).output
    result = CliRunner().invoke(main, [*args, "--no-cache"])
    assert result.exit_code == 0 and "wrote" in result.output, result.output


def test_a_kept_build_reports_the_same_warnings_again(note, cache, tmp_path):
    path = note / "sections" / "02-the-rates.md"
    text = path.read_text()
    notes = "### Notes\n\nThe rates rise; the margin rises with them.\n"
    assert notes in text
    path.write_text(text.replace(notes, "", 1))                 # a slide without speaker notes
    first = build(note, tmp_path / "out")
    again = build(note, tmp_path / "out")
    assert again.kept and first.warnings
    assert [w.report() for w in again.warnings] == [w.report() for w in first.warnings]


# --- the cache is input too (trust.py) -------------------------------------------------------

PNG = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes([0, 0, 0, 8] * 2) + b"rest"


def specs(note: Path, audience: str | None = None):
    return prepare(options(note, audience=audience)).deck.charts


def test_an_entry_is_used_only_for_the_key_it_was_made_for(note, cache):
    mine = {s.name: s for s in specs(note)}
    theirs = {s.name: s for s in specs(note, "south-office")}
    store = ChartCache()
    store.put(theirs["clearing"], ChartArt("clearing", PNG, b"<svg/>", 2.0, 1.0))
    planted = store._path(store.key(mine["clearing"]))
    planted.parent.mkdir(parents=True, exist_ok=True)
    planted.write_bytes(store._path(store.key(theirs["clearing"])).read_bytes())
    planted.chmod(0o600)
    assert ChartCache().get(mine["clearing"]) is None
    assert ChartCache().get(theirs["clearing"]) is not None


def test_new_cache_folders_are_private(note, cache):
    [spec, *_] = specs(note)
    ChartCache().put(spec, ChartArt(spec.name, PNG, b"<svg/>", 2.0, 1.0))
    for folder in (cache, cache / "charts"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_a_shared_cache_folder_is_not_used_and_said_once(note, cache, tmp_path):
    cache.mkdir(mode=0o777)
    cache.chmod(0o777)
    first = build(note, tmp_path / "a")
    second = build(note, tmp_path / "b")
    warned = [w.report() for w in first.warnings if "cache folder" in w.report()]
    assert warned == [f"warning: {cache}: the cache folder can be written by other users "
                      "(mode drwxrwxrwx), so anyone could plant a chart or a build record in "
                      "it; it is not used (charts are drawn afresh). Make it your own and "
                      "private (chmod go-w), or set NOTEDECK_CACHE_DIR to a folder of your own"]
    assert not any("cache folder" in w.report() for w in second.warnings)
    assert list(cache.iterdir()) == []                    # nothing read, nothing written
    assert not build(note, tmp_path / "a").kept            # no build record either


def test_the_user_own_private_folder_is_fine(cache):
    cache.mkdir(mode=0o700)
    assert cache_problem() is None
    os.chown(cache, 65534, 65534)
    assert "belongs to another user (user id 65534)" in cache_problem().message


def test_only_small_regular_files_of_the_user_are_read(tmp_path):
    plain = tmp_path / "plain"
    plain.write_bytes(b"x" * 10)
    plain.chmod(0o600)
    assert trust.read_private(plain, 10) == b"x" * 10
    assert trust.read_private(plain, 9) is None                     # too large
    os.mkfifo(tmp_path / "pipe")
    assert trust.read_private(tmp_path / "pipe", 10) is None        # no wait for a writer
    (tmp_path / "zero").symlink_to("/dev/zero")
    assert trust.read_private(tmp_path / "zero", 10) is None        # no link followed
    plain.chmod(0o666)
    assert trust.read_private(plain, 10) is None                    # others may write it
    plain.chmod(0o600)
    os.chown(plain, 65534, 65534)
    assert trust.read_private(plain, 10) is None                    # another user's


def test_a_lock_file_that_is_a_pipe_does_not_hang(tmp_path):
    from notedeck.infra.locks import held

    os.mkfifo(tmp_path / "x.lock")
    with held(tmp_path / "x.lock") as had:
        assert not had
    with held(tmp_path / "y.lock") as had:
        assert had


def test_a_record_is_read_only_for_its_key_and_only_if_whole(note, cache, tmp_path):
    out = tmp_path / "out"
    build(note, out)
    stamp = Record(note, out, settle(options(note, out)).shaping)
    assert stamp.kept() is not None
    good = stamp.path.read_text()
    count = re.search(r'"count": \d+', good).group()
    stamp.path.write_text(good.replace(count, '"count": NaN'))
    assert stamp.kept() is None
    stamp.path.write_text(good.replace(count, '"count": true'))
    assert stamp.kept() is None
    stamp.path.write_text(good)
    assert stamp.kept() is not None
    elsewhere = tmp_path / "elsewhere"
    other = Record(note, elsewhere, settle(options(note, elsewhere)).shaping)
    assert other.key != stamp.key                          # the output folder is in the key


def test_a_file_the_build_does_not_read_does_not_rebuild(note, cache, tmp_path):
    out = tmp_path / "out"
    build(note, out)
    (note / "README.txt").write_text("notes to self")
    (note / "sections" / "draft.txt").write_text("not a section")
    assert build(note, out).kept
    (note / "sections" / "03-new.md").write_text("---\nnumber: 3\ntitle: New\nheadline: New\n"
                                                "---\n\n## A slide\n\nText.\n\n### Notes\n\nSaid.\n")
    assert not build(note, out).kept


def test_the_sweep_leaves_live_processes_and_other_users_folders_alone(tmp_path):
    mine = scratch.make("notedeck-charts", tmp_path)
    dead = tmp_path / "notedeck-charts-999999999-abc"
    dead.mkdir()
    foreign = tmp_path / "notedeck-charts-999999998-abc"
    foreign.mkdir()
    os.chown(foreign, 65534, 65534)
    link = tmp_path / "notedeck-charts-999999997-abc"
    link.symlink_to(tempfile.gettempdir())
    scratch.sweep(tmp_path, "notedeck-charts")
    assert mine.exists() and not dead.exists() and foreign.exists() and link.is_symlink()


DRAW_ONCE = """
import os, sys, time
from notedeck.stages.stages import prepare
from notedeck.infra.cache import ChartCache
from notedeck.options import Options
from notedeck.render.charts import draw as charts
from notedeck.stages.charts import drawn
spec = prepare(Options(__import__("pathlib").Path(sys.argv[1]))).deck.charts[0]
def logged(spec, forms):
    with open(sys.argv[2], "a") as log:
        log.write(f"{os.getpid()}\\n")
    time.sleep(1)                          # long enough for the other process to ask too
    return charts.draw(spec, forms)
drawn(ChartCache(), spec, ("svg",), logged)
"""


def test_two_processes_needing_one_chart_draw_it_once(note, cache, tmp_path):
    log = tmp_path / "draws.log"
    runs = [subprocess.Popen([sys.executable, "-c", DRAW_ONCE, str(note), str(log)])
            for _ in range(2)]
    assert [run.wait(timeout=300) for run in runs] == [0, 0]
    assert len(log.read_text().splitlines()) == 1
