"""Locks across processes on every OS (filelock), each bounded: one not had in time is done without."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

WAIT = 120.0             # seconds: longer than any one publish or chart drawing takes


@contextmanager
def held(path: Path, wait: float = WAIT) -> Iterator[bool]:
    """Hold the lock file `path` (made if missing) while the block runs; True if it was had.
    Anything but a regular file at `path` (a link, a pipe) is left alone: no lock."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            yield False
            return
    except FileNotFoundError:
        pass
    except OSError:
        yield False
        return
    from filelock import FileLock, Timeout

    lock = FileLock(path, timeout=wait)
    try:
        lock.acquire()
    except (Timeout, OSError):
        yield False
        return
    try:
        yield True
    finally:
        lock.release()
