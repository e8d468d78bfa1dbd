"""Publishing a build's files as one set: a reader sees the whole old set or the whole new one.

An output folder OUT holds

    OUT/deck.pptx    -> .notedeck/current/deck.pptx     one link per file, made once
    OUT/handout.pdf  -> .notedeck/current/handout.pdf
    OUT/.notedeck/current -> builds/ID                   the one link a build switches
    OUT/.notedeck/builds/ID/deck.pptx, handout.pdf       the files of one finished build

People open OUT/deck.pptx and OUT/handout.pdf as before; both lead through
`current` to one build's folder. To publish, the staged folder moves, whole, to
builds/ID; a link still missing is made (it shows nothing while `current` has
no such file); then one rename puts a new `current` over the old one. That
rename is the instant the whole old set becomes the whole new set: a build
killed before it leaves the old set, after it the new one, and the next
publish removes what a killed one left behind.

A plain file where a link belongs (an output folder from before this layout,
or a deck saved over its link) is first carried into a build folder of its
own by a hard link, so that it becomes a link without its content changing
for a moment. A folder, a device, or a link notedeck did not make, where an
output belongs is refused before anything changes.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import shutil
import signal
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from notedeck.infra import scratch
from notedeck.infra.outfolder import BUILDS, CURRENT, STATE, kind_of, link_text, ours, preflight
from notedeck.infra.outfolder import current  # noqa: F401  (the reader's side, with publish)

STAGE = ".notedeck"            # a build writes into OUT/.notedeck-PID-XXXX/ (scratch.make)
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")      # what an output may be called
_HELD = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
FAULT_VARIABLE = "NOTEDECK_FAULT_AT"     # test-only: see _step
_steps = 0


def publish(staged: Mapping[str, Path], out: Path) -> tuple[Path, ...]:
    """Make `staged` (output name -> file, or folder of files, all in one stage folder of their
    own directly inside `out`) the published set of `out`, replacing the previous set at one
    instant.

    Raises NotedeckError for something in the way, and OSError for a refusal of the
    machine (disk full, no permission); either way the published set is unchanged.
    """
    out = Path(out)
    names = tuple(staged)
    folder = _stage_folder(staged, out)
    handle = os.open(out, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        import fcntl

        fcntl.flock(handle, fcntl.LOCK_EX)       # one publish at a time; released on close
        old = preflight(out, names)
        with _signals_held():
            _publish(out, names, staged, folder, old)
    finally:
        os.close(handle)
    return tuple(out / name for name in names)


# --- the publishing steps ----------------------------------------------------------------

def _publish(out: Path, names, staged, folder: Path, old: Path | None) -> None:
    state, builds = out / STATE, out / STATE / BUILDS
    for path in (state, builds):
        if not path.is_dir():
            _step()
            path.mkdir(mode=0o755)
    for path in staged.values():
        _fsync(path)
    _settle(folder, staged)
    new = builds / secrets.token_hex(8)
    _step()
    os.rename(folder, new)
    made, switched = [], False
    try:
        _fsync_folder(new)
        _fsync_folder(builds)
        _carry(out, names, old)
        for name in names:
            if not ours(out / name):
                _link(out, name)                 # shows nothing until `current` has NAME
                made.append(name)
        _fsync_folder(out)
        switched = _point(out, new)              # THE moment: old set -> new set
    except OSError:
        if not switched:                         # the old set still shows: take back the rest
            for name in made:
                _remove(out / name)
            shutil.rmtree(new, ignore_errors=True)
            raise
    _tidy(out, names, new)


def _settle(folder: Path, staged: Mapping[str, Path]) -> None:
    """The stage folder holds exactly the outputs, under their names (nothing shows yet)."""
    _step()
    os.chmod(folder, 0o755)                   # others may read outputs, as with plain files
    keep = {path.name for path in staged.values()}
    for entry in list(os.scandir(folder)):
        if entry.name not in keep:
            _step()
            _remove(Path(entry.path))
    for name, path in staged.items():
        _step()
        os.chmod(path, 0o755 if kind_of(path) == "folder" else 0o644)
        if path.name != name:
            _step()
            os.rename(path, folder / name)


def _carry(out: Path, names, old: Path | None) -> None:
    """Plain files where links belong become links, their content unchanged at every instant:
    a new build folder gets the old build's files and the plain files (hard links), becomes
    `current`, and then each plain file is replaced by its link to the same bytes."""
    plain = [name for name in names if kind_of(out / name) == "file"]
    if not plain:
        return
    carried = out / STATE / BUILDS / secrets.token_hex(8)
    _step()
    carried.mkdir()
    for entry in os.scandir(old) if old is not None else ():
        if not entry.is_symlink() and entry.name not in plain:
            _copy(Path(entry.path), carried / entry.name)
    for name in plain:
        _copy(out / name, carried / name)
    _fsync_folder(carried)
    _point(out, carried)
    for name in plain:
        _link(out, name)


def _point(out: Path, build: Path) -> bool:
    """Switch STATE/current to `build` with one rename."""
    state = out / STATE
    temporary = state / f"tmp-{os.getpid()}-{CURRENT}"
    _remove(temporary)
    _step()
    os.symlink(f"{BUILDS}/{build.name}", temporary)
    _step()
    os.rename(temporary, state / CURRENT)
    return True


def _link(out: Path, name: str) -> None:
    """OUT/NAME -> STATE/current/NAME, put in place by one rename."""
    temporary = out / STATE / f"tmp-{os.getpid()}-{name}"
    _remove(temporary)
    _step()
    os.symlink(link_text(name), temporary)
    _step()
    os.rename(temporary, out / name)


def _tidy(out: Path, names, new: Path) -> None:
    """After the switch: remove links that now show nothing, superseded builds, and what
    killed publishes left. Nothing here changes what a reader sees, and nothing fails."""
    state = out / STATE
    try:
        _fsync_folder(state)
        for entry in list(os.scandir(out)):
            if entry.name not in names and ours(Path(entry.path)):
                _step()
                _remove(Path(entry.path))
        for entry in list(os.scandir(state / BUILDS)):
            if entry.name != new.name:
                _step()
                shutil.rmtree(entry.path, ignore_errors=True)
        for entry in list(os.scandir(state)):
            match = re.fullmatch(r"tmp-(\d+)-.*", entry.name)
            if match and not scratch.alive(int(match.group(1))):
                _step()
                _remove(Path(entry.path))
        sweep(out)
    except OSError:
        pass


def sweep(out: Path, own: bool = False) -> None:
    """Remove the stage folders (.notedeck-PID-XXXX) of builds into `out` that were killed;
    with `own`, this process's own too (its build into `out` failed or was stopped)."""
    scratch.sweep(out, STAGE, own)


def _stage_folder(staged: Mapping[str, Path], out: Path) -> Path:
    folders = {Path(path).parent for path in staged.values()}
    if not staged or len(folders) != 1:
        raise ValueError("publish() takes the files of one stage folder")
    [folder] = folders
    if not os.path.samefile(folder.parent, out):
        raise ValueError(f"the stage folder {folder} is not directly inside {out}")
    for name in staged:
        if not _NAME.fullmatch(name) or name.startswith(STATE):
            raise ValueError(f"{name!r} cannot be an output's name")
    return folder


# --- small steps, each one a place the fault-injection test can stop ------------------------

def _step() -> None:
    """Test-only fault injection (tests/infra/test_publish.py): with NOTEDECK_FAULT_AT=N in
    the environment, this process kills itself with SIGKILL just before its Nth publishing step."""
    global _steps
    _steps += 1
    if os.environ.get(FAULT_VARIABLE) == str(_steps):
        os.kill(os.getpid(), signal.SIGKILL)


def _copy(source: Path, target: Path) -> None:
    """A hard link where the file system allows one, else a copy made durable; a folder
    output is copied folder by folder, its files so."""
    if kind_of(source) == "folder":
        _step()
        target.mkdir()
        for inner in sorted(source.iterdir()):
            _copy(inner, target / inner.name)
        return _fsync_folder(target)
    _step()
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EXDEV, errno.EMLINK, errno.ENOTSUP,
                             errno.EOPNOTSUPP, errno.EACCES):
            raise
        shutil.copyfile(source, target, follow_symlinks=False)
        _fsync(target)


def _fsync(path: Path) -> None:
    """A file's bytes, or a folder output's files and folders, safe on disk."""
    if kind_of(path) == "folder":
        for inner in sorted(path.iterdir()):
            _fsync(inner)
        return _fsync_folder(path)
    _step()
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


def _fsync_folder(path: Path) -> None:
    _step()
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _remove(path: Path) -> None:
    try:
        if kind_of(path) == "folder":
            shutil.rmtree(path)
        else:
            os.unlink(path)
    except FileNotFoundError:
        pass


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP wait while the set is published: once the new files are in
    place a stop would only leave notedeck saying 'untouched' about a changed folder."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
        while signal.sigtimedwait(_HELD - previous, 0):
            pass                          # too late to stop: the new set is published
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
