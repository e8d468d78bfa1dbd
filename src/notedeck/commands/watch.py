"""`notedeck watch`: build, then rebuild whenever the note's files change, until stopped.

The watcher follows every file a build reads (readers/layout.py: a template
added later too). Editors and git checkouts sometimes replace the note's
folder (rename it away, move a new one in); the file-system watcher would
then follow the old folder, so the folder's identity is checked whenever the
watcher wakes and a replaced folder is watched anew, with a build. A folder
that is gone is waited for, and the round says so.

The watcher builds in its own process, one variant after another, so the
libraries stay imported and charts come from the chart cache, and what a build
made is kept in memory by the content it was made from (stages/reuse.py): after
a prose edit the model and its figures, and every section but the edited one,
are reused. With several variants (--all-audiences)
each change rebuilds only the variants whose inputs changed; the others are
kept by their build records (manifest.py). A bad edit is reported in that
round's outcome and the watcher waits for the next change.

Nothing here prints: `rounds()` yields one Round per build round and the CLI
reports it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

from notedeck.commands.variants import Outcome, build_variant, variants
from notedeck.errors import NotedeckError
from notedeck.options import Options
from notedeck.readers.layout import READ_BY_BUILD
DEBOUNCE_MS = 400          # an editor's save is often several writes: take them as one change,
QUIET_MS = 20              # ... once no other comes for this long (a save's writes come within
                           # a millisecond or two; the build starts 20 to 40 ms after the save)
IDLE_MS = 250              # the watcher wakes this often when idle (and first, once listening)


@dataclass(frozen=True)
class Round:
    """One round: the files whose change started it (none for the first), and each variant's
    build. `notice` says why a round came without a file change (a folder replaced); a round
    that `waits` built nothing: a watched folder is gone, and watching resumes when it is back."""

    changed: tuple[str, ...]
    outcomes: tuple[Outcome, ...]
    notice: str = ""
    waits: bool = False


class Watcher:
    """Builds the chosen variants of a note now and after every relevant change."""

    def __init__(self, options: Options, all_audiences: bool = False, on_planned=None,
                 session=None):
        from notedeck.infra.outfolder import check_destination
        from notedeck.stages.reuse import Session

        check_destination(Path(options.out), Path(options.content))   # no build would succeed
        self.options, self.all_audiences = options, all_audiences
        self.on_planned = on_planned     # serve's preview: sees each build's slides first
        # what a build made that the next can reuse (serve's preview lays out in it too)
        self.session = session if session is not None else Session()
        self.content = Path(options.content)
        self.scenarios_file = Path(options.scenarios_file) if options.scenarios_file else None

    def rounds(self, stop_event=None) -> Iterator[Round]:
        """The first build, then one round per batch of changes, until `stop_event` or Ctrl-C.

        A watched folder renamed away and replaced by another (editors and git checkouts do
        this) is watched anew, with a build; one that is gone is waited for, and said so."""
        notice = ""
        while True:
            identity = self._identity()
            if identity is None:
                yield Round((), (), f"{self._missing()} is gone (renamed or deleted); waiting "
                                    "for it to come back", waits=True)
                if not self._wait_for_folders(stop_event):
                    return
                notice = f"{self.content} is back; watching it again"
                continue
            replaced = yield from self._watch(identity, notice, stop_event)
            if not replaced:
                return                 # stopped: stop_event or Ctrl-C
            notice = (f"{self.content} was replaced by another folder of that name; "
                      "watching the new one")

    def _watch(self, identity, notice: str, stop_event) -> Iterator[Round]:
        """Rounds while the watched folders stay the same ones; True if one was replaced."""
        import watchfiles

        listening = False
        try:
            for changes in watchfiles.watch(*self.folders(), watch_filter=self.relevant,
                                            debounce=DEBOUNCE_MS, step=QUIET_MS,
                                            stop_event=stop_event,
                                            rust_timeout=IDLE_MS, yield_on_timeout=True,
                                            raise_interrupt=False):
                if not listening:      # the watcher is registered: from here nothing is missed
                    listening = True
                    first = self.build()
                    yield Round((), first, notice)
                    self._warm(first)
                elif changes:
                    changed = tuple(sorted({self.shown(path) for _, path in changes}))
                    yield Round(changed, self.build())
                if self._identity() != identity:
                    return True        # the watcher follows the old folder wherever it went
        except FileNotFoundError:      # gone between the check and the start
            return True
        return False

    def _identity(self) -> tuple | None:
        """Which folders the watched paths name now (device and inode); None if one is gone."""
        try:
            return tuple((info.st_dev, info.st_ino)
                         for info in (os.stat(folder) for folder in self.folders()))
        except OSError:
            return None

    def _missing(self) -> Path:
        return next((f for f in self.folders() if not f.is_dir()), self.content)

    def _wait_for_folders(self, stop_event) -> bool:
        """Until every watched folder exists again (True), or a stop (False)."""
        try:
            while self._identity() is None:
                if stop_event is not None and stop_event.is_set():
                    return False
                time.sleep(IDLE_MS / 1000)
        except KeyboardInterrupt:
            return False
        return stop_event is None or not stop_event.is_set()

    def build(self) -> tuple[Outcome, ...]:
        """Every chosen variant, in order; a failure is its Outcome, not an exception."""
        if not self.all_audiences:
            return (build_variant(self.options, self.on_planned, self.session),)
        try:
            todo = variants(self.content)
        except NotedeckError as exc:           # an audience file's name is not a slug
            return (Outcome(None, self.options.out, 0.0, problems=exc.problems),)
        return tuple(build_variant(self.options.variant(name), session=self.session)
                     for name in todo)

    def _warm(self, outcomes: tuple[Outcome, ...]) -> None:
        """A build the records kept made nothing for the session: lay its note out there,
        writing nothing, so that the first edit remakes only what it changes (serve's preview
        does this itself, showing the slides)."""
        from notedeck.stages.run import laid_out

        if self.on_planned is not None:
            return
        for outcome in outcomes:
            if outcome.ok and outcome.result.kept:
                chosen = self.options.variant(outcome.audience) if self.all_audiences \
                    else self.options
                try:
                    laid_out(chosen, _nothing, self.session)
                except NotedeckError:          # changed since: the next round says how
                    pass

    def folders(self) -> list[Path]:
        """The note's folder, and the folder of a --scenarios file kept elsewhere."""
        folders = [self.content]
        if self.scenarios_file is not None and not self._inside(self.scenarios_file,
                                                                self.content):
            folders.append(self.scenarios_file.resolve().parent)
        return folders

    def relevant(self, change, path: str) -> bool:
        """A file the build reads (readers.layout.READ_BY_BUILD) or the --scenarios file.
        (The outputs match none of these: no build triggers another.)"""
        target = Path(path)
        if self.scenarios_file is not None and _same(target, self.scenarios_file):
            return True
        if not self._inside(target, self.content):
            return False
        relative = target.resolve().relative_to(self.content.resolve()).as_posix()
        return any(fnmatch(relative, pattern) for pattern in READ_BY_BUILD)

    def shown(self, path: str) -> str:
        """A changed file as the author knows it: relative to the note's folder where it can be."""
        target = Path(path)
        if self._inside(target, self.content):
            return target.resolve().relative_to(self.content.resolve()).as_posix()
        return str(target)

    @staticmethod
    def _inside(path: Path, folder: Path) -> bool:
        try:
            return path.resolve().is_relative_to(folder.resolve())
        except OSError:
            return False


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def _nothing(*planned) -> None:
    """What a warming lay-out hands its plan to: nobody looks."""
