"""Private temporary folders named after their process, and the sweep that removes a killed one's.

A folder is made as PREFIX-PID-XXXXXXXX. A process killed outright cannot
remove its own folder, so every run sweeps the folders whose process is gone:
only folders (never a link), only the user's own, only names of this form.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
from pathlib import Path


def make(prefix: str, folder: Path | str | None = None) -> Path:
    """A new folder PREFIX-PID-XXXXXXXX in `folder` (default: the system's temporary folder)."""
    return Path(tempfile.mkdtemp(prefix=f"{prefix}-{os.getpid()}-", dir=folder))


def sweep(folder: Path | str | None, prefix: str, own: bool = False) -> None:
    """Remove `folder`'s PREFIX-PID-* folders whose process no longer runs (and, with
    `own`, this process's)."""
    for entry, pid in _named(folder, prefix):
        if (not alive(pid) or own and pid == os.getpid()) and _own(entry, folder=True):
            shutil.rmtree(entry.path, ignore_errors=True)


def sweep_files(folder: Path | str | None, prefix: str) -> None:
    """Remove `folder`'s PREFIX-PID-* files whose process no longer runs."""
    for entry, pid in _named(folder, prefix):
        if not alive(pid) and _own(entry, folder=False):
            try:
                os.unlink(entry.path)
            except OSError:
                pass


def alive(pid: int) -> bool:
    """Whether a process with this id runs (one we may not ask about runs too)."""
    if pid <= 0:
        return True                        # not a pid we wrote: leave it alone
    if os.name == "nt":
        return _alive_on_windows(pid)
    try:
        os.kill(pid, 0)                    # signal 0: asks, sends nothing (POSIX)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True
    return True


def _alive_on_windows(pid: int) -> bool:
    """Windows has no signal 0 (os.kill would end the process): ask for a handle instead."""
    import ctypes

    kernel = ctypes.windll.kernel32                      # type: ignore[attr-defined]
    handle = kernel.OpenProcess(0x1000, False, pid)      # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return kernel.GetLastError() == 5                # access denied: it runs
    code = ctypes.c_ulong()
    kernel.GetExitCodeProcess(handle, ctypes.byref(code))
    kernel.CloseHandle(handle)
    return code.value == 259                             # STILL_ACTIVE


def _named(folder: Path | str | None, prefix: str):
    folder = Path(folder if folder is not None else tempfile.gettempdir())
    pattern = re.compile(rf"{re.escape(prefix)}-(\d+)-[\w]+")
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        if match:
            yield entry, int(match.group(1))


def _own(entry: os.DirEntry, folder: bool) -> bool:
    try:
        info = entry.stat(follow_symlinks=False)
    except OSError:
        return False
    kind = stat.S_ISDIR(info.st_mode) if folder else stat.S_ISREG(info.st_mode)
    me = getattr(os, "geteuid", None)            # Windows: the user's own temporary folder
    return kind and (me is None or info.st_uid == me())
