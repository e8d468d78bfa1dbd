"""Private temporary folders named after their process, and the sweep that removes a killed one's.

A folder is made as PREFIX-PID-XXXXXXXX. A process killed with SIGKILL cannot
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
    folder = Path(folder if folder is not None else tempfile.gettempdir())
    pattern = re.compile(rf"{re.escape(prefix)}-(\d+)-[\w]+")
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        pid = int(match.group(1)) if match else 0
        if match and (not alive(pid) or own and pid == os.getpid()) and _own_folder(entry):
            shutil.rmtree(entry.path, ignore_errors=True)


def alive(pid: int) -> bool:
    """Whether a process with this id runs (one we may not signal runs too)."""
    if pid <= 0:
        return True                        # not a pid we wrote: leave it alone
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True
    return True


def _own_folder(entry: os.DirEntry) -> bool:
    try:
        info = entry.stat(follow_symlinks=False)
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.geteuid()
