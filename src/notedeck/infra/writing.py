"""Writing into OUT: the folder made (and unmade on failure), the private staging folder, the machine's refusals as problems."""

from __future__ import annotations

import errno
from contextlib import contextmanager
from pathlib import Path

from notedeck.errors import fail
from notedeck.infra import manifest, scratch

STAGE = ".notedeck"            # a build writes into OUT/.notedeck-PID-XXXX/ (scratch.make)

# Failures of the machine rather than of notedeck: reported as problems with the output folder.
_WRITE_ERRORS = {errno.ENOSPC, errno.EFBIG, errno.EROFS, errno.EACCES, errno.EPERM, errno.EIO,
                 *((errno.EDQUOT,) if hasattr(errno, "EDQUOT") else ())}


@contextmanager
def output_folder(out: Path):
    """The folder, created if need be, in which the machine's refusals are problems; folders
    created here are removed again on failure."""
    if out.exists() and not out.is_dir():
        raise fail(out, "--out names a file; expected a folder to write deck.pptx and "
                        "handout.pdf into")
    created = [p for p in (out, *out.parents) if not p.exists()]
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise fail(out, f"cannot create the output folder: {exc.strerror}") from None
    try:
        sweep(out)
        with _writing(out):
            yield out
    except BaseException:
        sweep(out, own=True)       # a stop can land between making the stage and its `try`
        for folder in created:
            _remove_if_empty(folder)
        raise


def staging(folder: Path) -> Path:
    """The private staging folder inside OUT; a folder that takes no new entry (/proc/self,
    a file system that refuses them) is said as such, whatever the machine's reason."""
    try:
        return scratch.make(STAGE, folder)
    except OSError as exc:
        raise fail(folder, f"cannot write the outputs here: {exc.strerror or exc}; the files "
                           "already in the folder are unchanged") from None


def sweep(out: Path, own: bool = False) -> None:
    """Remove the stage folders (.notedeck-PID-XXXX) of builds into `out` that were killed;
    with `own`, this process's own too (its build into `out` failed or was stopped)."""
    scratch.sweep(out, STAGE, own)
    scratch.sweep_files(out, manifest.TEMPORARY)


@contextmanager
def _writing(out: Path):
    """Turn the machine's refusals (disk full, read-only, no permission) into clear problems."""
    try:
        yield
    except OSError as exc:
        if exc.errno not in _WRITE_ERRORS:
            raise
        raise fail(out, f"cannot write the outputs here: {exc.strerror or exc}; the files "
                        "already in the folder are unchanged") from None


def _remove_if_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass
