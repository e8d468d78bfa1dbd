"""An older notedeck's output folder (links into OUT/.notedeck/builds/ID) taken over as plain files.

Such a folder held each output as a link OUT/NAME -> .notedeck/current/NAME,
and .notedeck/current a link to builds/ID. Taking it over replaces each link
by a copy of the file it showed, then removes .notedeck/. Only what notedeck
itself kept there is carried: regular files, and folders of them, reached
through no link but OUT's own .notedeck/current, each of at most MAX_FILE
bytes. Anything else there (a link to a private file or to /dev/zero, a pipe,
a folder of links) is refused before anything changes (`problems`), and the
copy itself opens nothing through a link, so a swap meanwhile is refused too.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

from notedeck.errors import Location, NotedeckError, Problem
from notedeck.infra import inside, scratch
from notedeck.infra.entries import LEGACY, kind_of, legacy_link, named, target_of

MAX_FILE = 300 * 1024 * 1024    # bytes: as stamps.MAX_FILE, the largest output notedeck writes
MAX_ENTRIES = 1000              # files and folders carried from one older build
_CURRENT = re.compile(r"builds/[0-9a-f]{16}")


def problems(out: Path) -> list[Problem]:
    """Why the older folder in `out` cannot be taken over as it is ([] when it can, or there
    is none): changed by hand so that its current build cannot be told, or holding what
    notedeck never kept there."""
    state = out / LEGACY
    if kind_of(state) is None:
        return []
    fix = f"remove the folder {state} (keeping what you need from it) and build again"
    found = [_problem(path, f"expected notedeck's own folder, found {named(kind)}; it was "
                            f"changed by hand: {fix}")
             for path in (state, state / "builds")
             if (kind := kind_of(path)) not in (None, "folder")]
    current = state / "current"
    kind = kind_of(current)
    if kind not in (None, "link"):
        found.append(_problem(current, f"expected notedeck's link to the current build, found "
                                       f"{named(kind)}; it was changed by hand: {fix}"))
    elif kind == "link" and not _CURRENT.fullmatch(target_of(current)):
        found.append(_problem(current, f"this link does not lead to one of notedeck's builds; "
                                       f"it was changed by hand: {fix}"))
    shown = current_build(state)
    return found or (_uncarried(shown, fix) if shown is not None else [])


def current_build(state: Path) -> Path | None:
    """OUT/.notedeck/builds/ID, the build .notedeck/current names, if it is a folder reached
    through no link but `current` itself."""
    link = target_of(state / "current")
    folder = state / link
    if not (_CURRENT.fullmatch(link) and kind_of(state) == "folder"
            and kind_of(state / "builds") == "folder" and kind_of(folder) == "folder"):
        return None
    return folder


def _uncarried(shown: Path, fix: str) -> list[Problem]:
    """What in the older build is not a regular file or a folder of them, or is too large."""
    found, seen = [], 0
    for path, kind, size in _walk(shown):
        seen += 1
        if seen > MAX_ENTRIES:
            return [_problem(shown, f"holds more than {MAX_ENTRIES:,} entries, more than any "
                                    f"build notedeck kept; {fix}")]
        if kind == "link":
            found.append(_problem(path, f"a link (to {target_of(path)}) where notedeck kept a "
                                        f"file; it is not carried into the output folder: {fix}"))
        elif kind == "deep":
            found.append(_problem(path, f"a folder nested deeper than any notedeck kept; {fix}"))
        elif kind not in ("file", "folder"):
            found.append(_problem(path, f"a device, pipe or socket where notedeck kept a file; "
                                        f"{fix}"))
        elif kind == "file" and size > MAX_FILE:
            found.append(_problem(path, f"{size:,} bytes, more than any file notedeck writes "
                                        f"(at most {MAX_FILE:,}); {fix}"))
    return found


def _walk(folder: Path, depth: int = 0):
    """(path, kind, size) of each entry below `folder`, links not followed, two levels deep."""
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        path = Path(entry.path)
        kind = kind_of(path)
        size = os.lstat(path).st_size if kind == "file" else 0
        yield path, kind if depth < 2 or kind != "folder" else "deep", size
        if kind == "folder" and depth < 2:
            yield from _walk(path, depth + 1)


def take_over(out: Path, stage: str, step: Callable[[], None]) -> None:
    """Each link of the older folder replaced by a copy of what it showed, then .notedeck/
    removed; `step` before each change (publish.py's fault injection). Nothing is lost at
    any instant: a stop leaves links or copies, and the next build goes on."""
    state = out / LEGACY
    if kind_of(state) != "folder":
        return
    shown = current_build(state)
    copies = scratch.make(stage, out)
    try:
        for entry in sorted(os.scandir(out), key=lambda e: e.name):
            if legacy_link(out, entry.name):
                source = shown / entry.name if shown is not None else None
                if source is not None and kind_of(source) in ("file", "folder"):
                    _carry(source, out / entry.name, copies, step)
                else:
                    step()
                    os.unlink(out / entry.name)
        for entry in sorted(os.scandir(shown), key=lambda e: e.name) if shown else ():
            if kind_of(out / entry.name) is None:
                _carry(Path(entry.path), out / entry.name, copies, step)
        step()
        shutil.rmtree(state)
    finally:
        shutil.rmtree(copies, ignore_errors=True)


def _carry(source: Path, target: Path, copies: Path, step: Callable[[], None]) -> None:
    """A copy of `source` where `target` (a link, or nothing) is, put in place by a rename."""
    copy = copies / target.name
    step()
    _copy(source, copy)
    if kind_of(copy) == "folder" and kind_of(target) == "link":
        os.unlink(target)                      # a folder cannot be renamed over a link
    step()
    os.replace(copy, target)


def _copy(source: Path, copy: Path, depth: int = 0) -> None:
    """A regular file, or a folder of them, copied without following a link; anything else
    is refused (problems() said so before; this holds if it changed meanwhile)."""
    kind = kind_of(source)
    if kind == "folder" and depth < 2:
        copy.mkdir()
        for entry in sorted(os.scandir(source), key=lambda e: e.name):
            _copy(Path(entry.path), copy / entry.name, depth + 1)
        return
    with inside.opened(source.parent, source.name, MAX_FILE) as handle:
        if kind != "file" or handle is None:
            raise NotedeckError([_problem(source, "is no longer a file notedeck can carry "
                                                  "into the output folder; build again")])
        with open(copy, "xb") as written:
            left = MAX_FILE
            while left > 0 and (chunk := os.read(handle, min(left, 1 << 20))):
                written.write(chunk)
                left -= len(chunk)
            written.flush()
            os.fsync(written.fileno())


def _problem(path: Path, message: str) -> Problem:
    return Problem(Location(path), message)
