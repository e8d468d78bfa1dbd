"""watch follows everything a build reads: a template added later, a note folder replaced or gone."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from notedeck.commands.watch import Watcher
from notedeck.errors import NotedeckError
from perf_features.test_watch import Running, edit
from support import options

TEMPLATE = Path(__file__).resolve().parents[2] / "src" / "notedeck" / "templates" / "default.pptx"


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(folder))
    return folder


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
        edit(fresh / "sections" / "04-what-gets-precious.md", "Six hats of judgement",
             "Five hats of judgement")
        os.rename(note, tmp_path / "note-old")
        os.rename(fresh, note)
        replaced = running.next()
        assert "was replaced by another folder of that name; watching the new one" in \
            replaced.notice
        assert replaced.outcomes[0].ok and not replaced.outcomes[0].result.kept
        assert (out / "deck.pptx").read_bytes() != deck
        edit(note / "sections" / "04-what-gets-precious.md", "Five hats", "Four hats")
        again = running.next()                          # still watching: the new folder
        assert again.changed == ("sections/04-what-gets-precious.md",)
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
        Watcher(options(note, note / "output"))
