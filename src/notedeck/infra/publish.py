"""Publishing a build's files as one set of plain files, with a manifest written last.

A build writes its outputs into a staging folder inside OUT
(OUT/.notedeck-PID-XXXX, swept if the build is killed). Publishing then, with
stop signals held: replaces OUT's manifest by one saying the set is not whole
(manifest.py), moves each file into place with one `os.replace`, removes the
files of the previous set that this one no longer has, and writes the new
set's manifest last. A build killed at any point leaves either a whole set
with its manifest or a set its manifest calls not whole, which the next build
publishes again (a build record is used only beside a whole manifest that
holds its files).

No link is made anywhere under OUT. A folder from an older notedeck (outputs
linked into OUT/.notedeck/builds/ID) is taken over once: each link is replaced
by a copy of the file it showed (each carries its build id, so the build
replaces those of its set and leaves the others), then .notedeck/ is removed. A file in the way
that notedeck did not make is refused before anything is written (outfolder.py);
with --force it is moved aside as NAME (yours).EXT, never lost.
"""

from __future__ import annotations

import os
import shutil
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from notedeck.infra import manifest, scratch
from notedeck.infra.outfolder import LEGACY, kind_of, legacy_link, preflight

STAGE = ".notedeck"            # a build writes into OUT/.notedeck-PID-XXXX/ (scratch.make)
_HELD = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK")
              if hasattr(signal, name))
FAULT_VARIABLE = "NOTEDECK_FAULT_AT"     # test-only: see _step
_steps = 0


@dataclass(frozen=True)
class Published:
    """The published files, and the user's own files moved aside for them (--force): each
    (where it was, where it is now), for the CLI to say."""

    paths: tuple[Path, ...]
    aside: tuple[tuple[Path, Path], ...] = ()
    removed: tuple[Path, ...] = ()     # the last set's outputs this build was not asked for


def publish(stage: Path, names: tuple[str, ...], out: Path, build: str = "",
            force: bool = False) -> Published:
    """Make the files `names` of the folder `stage` (directly inside `out`) the published set
    of `out`. Raises NotedeckError for something in the way, and OSError for a refusal of the
    machine (disk full, no permission); either way the manifest then says the set is not
    whole only if files had begun to move."""
    out, stage = Path(out), Path(stage)
    with _locked(out):
        sweep(out)                                # what killed builds left
        preflight(out, names, force)              # refuse before anything changes
        with _signals_held():
            take_over(out)
        foreign = preflight(out, names, force)    # the taken-over files are plain now
        held = manifest.read(out)
        files = {name: manifest.file_hash(stage / name) for name in names}
        for name in names:
            _fsync(stage / name)
        with _signals_held():
            aside, removed = _switch(stage, names, out, held, foreign, build, files)
            _fsync_folder(out)
            _step()
            manifest.write(out, manifest.Manifest(build, files))
    return Published(tuple(out / name for name in names), aside, removed)


def _switch(stage: Path, names, out: Path, held, foreign, build: str,
            files) -> tuple[tuple[tuple[Path, Path], ...], tuple[Path, ...]]:
    """Every staged file in place, the last set's leftovers gone, the foreign ones aside
    (returned: where each was, where it is now; and the leftovers removed)."""
    _step()
    manifest.write(out, (held or manifest.Manifest("")).publishing(build, files))
    aside, removed = [], []
    for name in foreign:
        _step()
        aside.append((out / name, _aside(out / name)))
        os.replace(*aside[-1])
    for name in names:
        target = out / name
        if target.parent != out and kind_of(target.parent) is None:
            _step()
            target.parent.mkdir()
        _step()
        os.replace(stage / name, target)
    for name in sorted({*held.files, *held.before} - set(names)) if held is not None else ():
        if held.knows(out, name):                 # the last set's, unchanged since
            _step()
            _remove(out / name)
            removed.append(out / name)
            if "/" in name:
                _remove_if_empty((out / name).parent)
    return tuple(aside), tuple(removed)


def take_over(out: Path) -> None:
    """An output folder of an older notedeck (links into OUT/.notedeck/builds/ID) as plain
    files: each link replaced by a copy of what it showed, then .notedeck/ removed. Nothing
    is lost at any instant: a stop leaves links or copies, and the next build goes on."""
    state = out / LEGACY
    if kind_of(state) != "folder":
        return
    shown = _legacy_current(state)
    copies = scratch.make(STAGE, out)
    try:
        for entry in sorted(os.scandir(out), key=lambda e: e.name):
            if legacy_link(out, entry.name):
                source = shown / entry.name if shown is not None else None
                if source is not None and kind_of(source) in ("file", "folder"):
                    _carry(source, out / entry.name, copies)
                else:
                    _step()
                    os.unlink(out / entry.name)
        for entry in sorted(os.scandir(shown), key=lambda e: e.name) if shown else ():
            if kind_of(out / entry.name) is None:
                _carry(Path(entry.path), out / entry.name, copies)
        _step()
        shutil.rmtree(state)
    finally:
        shutil.rmtree(copies, ignore_errors=True)


def _legacy_current(state: Path) -> Path | None:
    try:
        folder = state / os.readlink(state / "current")
    except (OSError, ValueError):
        return None
    inside = folder.resolve().is_relative_to(state.resolve())
    return folder if inside and kind_of(folder) == "folder" else None


def _carry(source: Path, target: Path, copies: Path) -> None:
    """A copy of `source` where `target` (a link, or nothing) is, put in place by a rename."""
    copy = copies / target.name
    _step()
    if kind_of(source) == "folder":
        shutil.copytree(source, copy, symlinks=True)
        if kind_of(target) == "link":
            os.unlink(target)                  # a folder cannot be renamed over a link
    else:
        shutil.copyfile(source, copy)
    _fsync(copy)
    _step()
    os.replace(copy, target)


def _aside(path: Path) -> Path:
    """A free name beside `path` for a file notedeck did not make: 'deck (yours).pptx'."""
    for n in range(1, 1000):
        mark = "yours" if n == 1 else f"yours {n}"
        candidate = path.with_name(f"{path.stem} ({mark}){path.suffix}")
        if kind_of(candidate) is None:
            return candidate
    raise OSError(f"no free name to move {path} aside")


def sweep(out: Path, own: bool = False) -> None:
    """Remove the stage folders (.notedeck-PID-XXXX) of builds into `out` that were killed;
    with `own`, this process's own too (its build into `out` failed or was stopped)."""
    scratch.sweep(out, STAGE, own)
    scratch.sweep_files(out, manifest.TEMPORARY)


# --- one publish at a time, and no stop half way ------------------------------------------

@contextmanager
def _locked(out: Path) -> Iterator[None]:
    """One publish into `out` at a time, across processes: a lock file (filelock) in a private
    folder of this user's in the system's temporary folder; where none can be had, publishing
    goes unlocked (the manifest still tells a set that is not whole)."""
    import getpass
    import hashlib
    import tempfile

    from notedeck.infra import trust

    folder = Path(tempfile.gettempdir()) / f"notedeck-locks-{_user(getpass)}"
    try:
        trust.make_folder(folder)
        if trust.folder_problem(folder) is not None:
            raise OSError("not a private folder")
    except OSError:
        yield
        return
    from notedeck.infra.locks import held

    name = hashlib.sha256(str(out.resolve()).encode()).hexdigest()[:32]
    with held(folder / f"{name}.lock"):
        yield


def _user(getpass) -> str:
    try:
        return "".join(c for c in getpass.getuser() if c.isalnum())[:32] or "user"
    except (KeyError, OSError, ImportError):
        return "user"


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP (Ctrl-Break on Windows) wait while the set is published,
    then are dropped: once files move, a stop would only leave a set the next build must
    publish again. Only the main thread may hold them; elsewhere nothing is held."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.signal(number, lambda *_: None) for number in _HELD}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


# --- small steps, each one a place the fault-injection test can stop ------------------------

def _step() -> None:
    """Test-only fault injection (tests/infra/test_publish.py): with NOTEDECK_FAULT_AT=N in
    the environment, this process kills itself just before its Nth publishing step."""
    global _steps
    _steps += 1
    if os.environ.get(FAULT_VARIABLE) == str(_steps):
        os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))


def _fsync(path: Path) -> None:
    """A file's bytes, or a folder's files, safe on disk."""
    if kind_of(path) == "folder":
        for inner in sorted(path.iterdir()):
            _fsync(inner)
        return _fsync_folder(path)
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


def _fsync_folder(path: Path) -> None:
    """A folder's entries safe on disk, where the system can open a folder (not Windows)."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
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


def _remove_if_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass
