"""What notedeck kept between builds is input too: read only the user's own, private, regular files.

The chart cache and the build records live in a folder anyone could have
prepared: a shared machine's world-writable cache, a link planted in it, a
pipe where an entry should be. Here, a folder is used only if it belongs to
this user and no one else may write to it; a file is read only if it is a
regular file (never through a link, never a pipe or device, whose reading
could wait or never end) that belongs to this user, no one else may write to,
and is at most a given size. Anything else reads as nothing: a miss.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from notedeck.infra.inside import read_handle

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
# POSIX owners and mode bits; Windows has neither (its ACLs keep a user's profile private, and
# the mode bits it reports are made up), so there a file's owner and mode are not asked.
_POSIX = os.name == "posix"


def folder_problem(folder: Path) -> str | None:
    """Why `folder` must not hold cached work (None when it may, or when it does not exist
    yet: it is then made private). A folder that cannot be made is a matter of time only."""
    try:
        info = os.stat(folder)
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode):
        return None
    if _POSIX and info.st_uid != os.geteuid():
        return f"belongs to another user (user id {info.st_uid})"
    if _POSIX and info.st_mode & 0o022:
        return f"can be written by other users (mode {stat.filemode(info.st_mode)})"
    return None


def make_folder(folder: Path) -> None:
    """`folder` and its missing parents, new ones readable and writable by this user only."""
    missing = [p for p in (folder, *folder.parents) if not p.is_dir()]
    for path in reversed(missing):              # pathlib's parents=True ignores `mode`
        path.mkdir(mode=0o700, exist_ok=True)


def read_private(path: Path, limit: int) -> bytes | None:
    """The bytes of `path` if it is a regular file of this user's, not writable by others,
    of at most `limit` bytes; else None."""
    try:
        handle = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC)
    except OSError:
        return None
    try:
        if not _private_file(os.fstat(handle), limit):
            return None
        return read_handle(handle, limit)
    except OSError:
        return None
    finally:
        os.close(handle)


def strict_json(data: bytes):
    """JSON without NaN or Infinity (they raise ValueError, like any other damage)."""
    def refuse(name: str):
        raise ValueError(f"{name} is not a number here")

    return json.loads(data.decode("utf-8"), parse_constant=refuse)


def whole(value, low: int, high: int) -> int:
    """`value` if it is a whole number from `low` to `high` (not a bool); else ValueError."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"expected a whole number from {low} to {high}")
    return value


def _private_file(info: os.stat_result, limit: int | None) -> bool:
    return (stat.S_ISREG(info.st_mode)
            and (not _POSIX or info.st_uid == os.geteuid() and not info.st_mode & 0o022)
            and (limit is None or info.st_size <= limit))
