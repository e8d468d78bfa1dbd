"""`notedeck watch`: real files in a temporary folder, a real watcher; bounded waits, no timings.

Each edit is saved in one step (support.edit), so every edit is one round whatever the load."""

from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from notedeck.commands.watch import Watcher
from notedeck.errors import NotedeckError
from support import WAIT, Running, edit, options, small_note

SECTION = "sections/01-the-margin.md"


@pytest.fixture
def note(tmp_path: Path) -> Path:
    """A small note with three audiences (tests/notes/audiences)."""
    return small_note("audiences", tmp_path)


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(folder))
    return folder


def test_a_change_rebuilds_a_bad_edit_is_reported_and_watching_goes_on(note, tmp_path):
    out = tmp_path / "out"
    running = Running(Watcher(options(note, out)))
    try:
        first = running.next()
        assert first.changed == () and first.outcomes[0].ok
        deck = (out / "deck.pptx").read_bytes()

        edit(note / SECTION, "What clears a backlog", "What clears a pile")
        changed = running.next()
        assert changed.changed == (SECTION,)
        assert changed.outcomes[0].ok and not changed.outcomes[0].result.kept
        assert (out / "deck.pptx").read_bytes() != deck

        good = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
        edit(note / "scenarios.yaml", "arrivals: 25 ", "arrivals: many ")
        bad = running.next()
        assert bad.changed == ("scenarios.yaml",)
        [outcome] = bad.outcomes
        assert not outcome.ok
        assert any("scenarios.yaml:" in p.report() and "arrivals" in p.report()
                   for p in outcome.problems)
        assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == good   # kept

        edit(note / "scenarios.yaml", "arrivals: many ", "arrivals: 20 ")
        fixed = running.next()
        assert fixed.outcomes[0].ok and not fixed.outcomes[0].result.kept
    finally:
        running.close()


def test_with_all_audiences_only_the_changed_audience_is_rebuilt(note, tmp_path):
    running = Running(Watcher(options(note, tmp_path / "out"), all_audiences=True))
    try:
        first = running.next()
        assert [o.name for o in first.outcomes] == ["(note)", "north-office", "south-office",
                                                     "west-office"]
        assert all(o.ok and not o.result.kept for o in first.outcomes)
        edit(note / "audiences" / "south-office.yaml", "backlog: 300", "backlog: 310")
        second = running.next()
        assert second.changed == ("audiences/south-office.yaml",)
        assert {o.name: o.result.kept for o in second.outcomes} == {
            "(note)": True, "north-office": True, "south-office": False, "west-office": True}
    finally:
        running.close()


@pytest.mark.parametrize("all_audiences", [False, True], ids=["note", "every audience"])
def test_a_first_build_the_records_kept_is_laid_out_for_the_first_edit(note, tmp_path,
                                                                       all_audiences):
    """The files were current when watch started, so its first round built nothing: the
    note is then laid out in the session (writing nothing), and the first edit fills and
    lays out only the section it changed."""
    from notedeck.commands.variants import variants
    from notedeck.stages.run import build

    out = tmp_path / "out"
    chosen = options(note, out)
    for name in ([None, *variants(note)] if all_audiences else [None]):
        build(chosen.variant(name))
    watcher = Watcher(chosen, all_audiences=all_audiences)
    running = Running(watcher)
    try:
        first = running.next().outcomes
        assert all(o.ok and o.result.kept for o in first) and len(first) > all_audiences
        deadline = time.monotonic() + WAIT      # the warming runs after the round is shown
        while len(watcher.session.sections) < len(first) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(watcher.session.sections) == len(first)    # each variant's one section
        laid = len(watcher.session.shelves["layout"])
        edit(note / SECTION, "margin", "edge")
        second = running.next().outcomes
        assert all(o.ok and not o.result.kept for o in second)
        assert len(watcher.session.sections) == 2 * len(first)    # ... and its edited one
        assert len(watcher.session.shelves["layout"]) < 2 * laid   # not every slide again
    finally:
        running.close()


def test_only_the_files_a_build_reads_count(note, tmp_path):
    watcher = Watcher(options(note, tmp_path / "out", scenarios_file=tmp_path / "numbers.yaml"))
    relevant = lambda path: watcher.relevant(None, str(path))  # noqa: E731
    assert relevant(note / "note.yaml") and relevant(note / "scenarios.yaml")
    assert relevant(note / SECTION)
    assert relevant(note / "audiences" / "west-office.yaml")
    assert relevant(note / "audiences" / "west-office" / "sections" / "06-ours.md")
    assert relevant(tmp_path / "numbers.yaml")
    assert not relevant(note / "output" / "deck.pptx")          # its own outputs: no loop
    assert not relevant(note / "sections" / ".01-draft.md.swp")
    assert not relevant(note / "README.txt")
    assert not relevant(tmp_path / "elsewhere.yaml")
    assert watcher.folders() == [note, tmp_path]


def test_the_command_prints_what_changed_and_what_was_rebuilt(note, tmp_path):
    lines: queue.Queue = queue.Queue()
    process = subprocess.Popen(
        [sys.executable, "-c", "import sys; from notedeck.commands.cli import main; "
         "sys.argv[0] = 'notedeck'; main()", "watch", "--content", str(note),
         "--out", str(tmp_path / "out")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))   # Ctrl-C, even
    # when this test runs in the background (where SIGINT starts out ignored)
    reader = threading.Thread(target=lambda: [lines.put(line) for line in process.stdout],
                              daemon=True)
    reader.start()

    def until(fragment: str) -> list[str]:
        seen = []
        while True:
            line = lines.get(timeout=WAIT)
            seen.append(line)
            if fragment in line:
                return seen

    try:
        first = until("watching")
        assert any(line.startswith("rebuilt ") and "deck.pptx (7 slides)" in line
                   for line in first)
        edit(note / SECTION, "Each row adds pace", "Each row adds more pace")
        second = until("watching")
        assert f"changed: {SECTION}\n" in second
        assert any(line.startswith("rebuilt ") for line in second)
        edit(note / "note.yaml", "title:", "title: [")
        third = until("watching")
        assert any(line.startswith("error: ") and "note.yaml" in line for line in third)
        assert any("not rebuilt" in line for line in third)
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=WAIT) == 0
        assert "stopped watching" in "".join(until("stopped watching"))
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


# --- watch follows everything a build reads -----------------------------------------------

TEMPLATE = Path(__file__).resolve().parents[2] / "src" / "notedeck" / "template" / "default.pptx"


def test_a_template_added_later_rebuilds(note, tmp_path):
    running = Running(Watcher(options(note, tmp_path / "out")))
    try:
        assert running.next().outcomes[0].ok
        shutil.copyfile(TEMPLATE, note / "template.pptx")
        added = running.next()
        assert added.changed == ("template.pptx",)
        assert added.outcomes[0].ok and not added.outcomes[0].result.kept
    finally:
        running.close()


def test_a_replaced_note_folder_is_watched_anew(note, tmp_path):
    out = tmp_path / "out"
    running = Running(Watcher(options(note, out)))
    try:
        assert running.next().outcomes[0].ok
        deck = (out / "deck.pptx").read_bytes()
        fresh = tmp_path / "checkout"                   # as an editor or a git checkout does
        shutil.copytree(note, fresh)
        edit(fresh / SECTION, "What clears a backlog", "What clears a heap")
        os.rename(note, tmp_path / "note-old")
        os.rename(fresh, note)
        replaced = running.next()
        if replaced.waits:          # it looked between the two renames: gone, then back
            assert replaced.notice == (f"{note} is gone (renamed or deleted); waiting for it "
                                       "to come back")
            replaced = running.next()
            assert replaced.notice == f"{note} is back; watching it again"
        else:
            assert "was replaced by another folder of that name; watching the new one" in \
                replaced.notice
        assert replaced.outcomes[0].ok and not replaced.outcomes[0].result.kept
        assert (out / "deck.pptx").read_bytes() != deck
        edit(note / SECTION, "a heap", "a mound")
        again = running.next()                          # still watching: the new folder
        assert again.changed == (SECTION,)
        assert again.outcomes[0].ok and not again.outcomes[0].result.kept
    finally:
        running.close()


def test_a_note_folder_that_is_gone_is_waited_for_and_said_so(note, tmp_path):
    running = Running(Watcher(options(note, tmp_path / "out")))
    try:
        assert running.next().outcomes[0].ok
        os.rename(note, tmp_path / "away")
        gone = running.next()
        assert gone.waits and gone.outcomes == ()
        assert gone.notice == f"{note} is gone (renamed or deleted); waiting for it to come back"
        os.rename(tmp_path / "away", note)
        back = running.next()
        assert back.notice == f"{note} is back; watching it again"
        assert back.outcomes[0].ok
    finally:
        running.close()


def test_watching_into_the_note_folder_is_refused_at_once(note):
    with pytest.raises(NotedeckError, match="the output folder is inside the note's folder"):
        Watcher(options(note, note / "sections" / "out"))
