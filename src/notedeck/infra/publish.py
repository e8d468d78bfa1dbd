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

No link is made anywhere under OUT, and none below it is followed: a file of
the last set is removed only if it is still the bytes the manifest lists, a
plain file reached through no link (OUT/web may be a link to the user's own
site: nothing is removed through it), carrying notedeck's stamp with its
content intact; the manifest alone, which anyone can write, removes nothing.
A folder from an older notedeck (outputs linked into OUT/.notedeck/builds/ID)
is taken over once (legacy.py). A file in the way that is not notedeck's is
refused before anything is written (outfolder.py); with --force it is moved
aside as NAME (yours).EXT, never lost.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from notedeck.infra import inside, legacy, manifest, stamps
from notedeck.infra.writing import STAGE, sweep
from notedeck.infra.entries import kind_of
from notedeck.infra.outfolder import preflight

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
            force: bool = False, note: str = "") -> Published:
    """Make the files `names` of the folder `stage` (directly inside `out`) the published set
    of `out` (made from the note titled `note`, when given). Raises NotedeckError for
    something in the way, and OSError for a refusal of the machine (disk full, no
    permission); either way the manifest then says the set is not whole only if files had
    begun to move."""
    out, stage = Path(out), Path(stage)
    with _locked(out):
        sweep(out)                                # what killed builds left
        preflight(out, names, force, note)        # refuse before anything changes
        with _signals_held():
            legacy.take_over(out, STAGE, _step)
        foreign = preflight(out, names, force, note)    # the taken-over files are plain now
        held = manifest.read(out)
        files = {name: manifest.file_hash(stage / name) for name in names}
        moved = {name for name, _ in foreign}
        replaced = {name: digest for name in names if name not in moved
                    and (digest := inside.file_hash(out, name))}     # notedeck's, preflight says
        for name in names:
            _fsync(stage / name)
        with _signals_held():
            aside, removed = _switch(stage, names, out, held, foreign, build, files,
                                     replaced)
            _fsync_folder(out)
            _step()
            manifest.write(out, manifest.Manifest(build, files))
    return Published(tuple(out / name for name in names), aside, removed)


def _switch(stage: Path, names, out: Path, held, foreign, build: str, files,
            replaced) -> tuple[tuple[tuple[Path, Path], ...], tuple[Path, ...]]:
    """Every staged file in place, the last set's leftovers gone, the foreign ones aside
    (returned: where each was, where it is now; and the leftovers removed). Until the new
    set's manifest stands, the one in place lists the files being replaced too, so a stop
    leaves each known."""
    _step()
    manifest.write(out, (held or manifest.Manifest("")).publishing(build, files, replaced))
    aside, removed = [], []
    for name, free in foreign:
        _step()
        aside.append((out / name, free))
        os.replace(*aside[-1])
    for name in names:
        target = out / name
        if target.parent != out and kind_of(target.parent) is None:
            _step()
            target.parent.mkdir()
        _step()
        os.replace(stage / name, target)
    for name in sorted({*held.files, *held.before} - set(names)) if held is not None else ():
        if _leftover(out, name, held):
            _step()
            inside.remove(out, name)
            removed.append(out / name)
            if "/" in name:
                inside.remove_folder_if_empty(out, name.rpartition("/")[0])
    return tuple(aside), tuple(removed)


def _leftover(out: Path, name: str, held: manifest.Manifest) -> bool:
    """Whether OUT/NAME is a file of the last set, unchanged since: the bytes the manifest
    lists, a plain file reached through no link, carrying notedeck's stamp, its content
    what the stamp's digest says (older files, which carry none, by their stamp alone)."""
    if not held.knows(out, name):
        return False
    data = inside.read(out, name, stamps.MAX_FILE)
    found = stamps.stamp_of(data) if data is not None else None
    return found is not None and stamps.intact_data(data, found) is not False


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
