"""Files under an output folder, hashed, copied and removed without following a link below it.

OUT itself may be reached through a link (the user chose it); nothing below it
is: a folder on the way that is a link, or a final name that is a link, a
pipe or a device, reads as no file. Where the system opens a name relative to
an open folder (Linux, macOS), each step is taken from the folder opened
before it, so a link swapped in meanwhile is not followed either.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_RELATIVE = os.open in os.supports_dir_fd and os.unlink in os.supports_dir_fd


@contextmanager
def opened(folder: Path, name: str, limit: int | None = None) -> Iterator[int | None]:
    """A descriptor of FOLDER/NAME (NAME: 'a' or 'a/b') if it is a regular file of at most
    `limit` bytes reached through no link below FOLDER; None otherwise."""
    handle = _open(Path(folder), name)
    try:
        if handle is not None:
            info = os.fstat(handle)
            if not stat.S_ISREG(info.st_mode) or limit is not None and info.st_size > limit:
                os.close(handle)
                handle = None
        yield handle
    finally:
        if handle is not None:
            os.close(handle)


def file_hash(folder: Path, name: str) -> str:
    """The SHA-256 of FOLDER/NAME, a regular file reached through no link ('' otherwise)."""
    try:
        with opened(folder, name) as handle:
            if handle is None:
                return ""
            digest = hashlib.sha256()
            while chunk := os.read(handle, 1 << 20):
                digest.update(chunk)
            return digest.hexdigest()
    except OSError:
        return ""


def read(folder: Path, name: str, limit: int) -> bytes | None:
    """The bytes of FOLDER/NAME, a regular file of at most `limit` bytes reached through no
    link; None otherwise."""
    try:
        with opened(folder, name, limit) as handle:
            return None if handle is None else read_handle(handle, limit)
    except OSError:
        return None


def read_handle(handle: int, limit: int) -> bytes | None:
    """The bytes of an open file, if there are at most `limit` of them; reads one byte past
    the limit at most, however large the file claims or turns out to be."""
    chunks, left = [], limit + 1
    while left > 0 and (chunk := os.read(handle, min(left, 1 << 20))):
        chunks.append(chunk)
        left -= len(chunk)
    data = b"".join(chunks)
    return data if len(data) <= limit else None


def remove(folder: Path, name: str) -> None:
    """Remove FOLDER/NAME, never through a link on the way (a link at the end is removed
    itself, as unlinking does); what is not there, or lies past a link, is left."""
    head, _, tail = name.rpartition("/")
    try:
        if _RELATIVE:
            parent = _open(Path(folder), head, folder_only=True) if head else \
                os.open(folder, os.O_RDONLY | _DIRECTORY)
            if parent is None:
                return
            try:
                os.unlink(tail, dir_fd=parent)
            finally:
                os.close(parent)
        elif not head or _plain_folder(Path(folder) / head):
            os.unlink(Path(folder) / name)
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError, PermissionError):
        pass


def remove_folder_if_empty(folder: Path, name: str) -> None:
    """Remove FOLDER/NAME if it is an empty folder (rmdir removes no link)."""
    try:
        os.rmdir(Path(folder) / name)
    except OSError:
        pass


def _open(folder: Path, name: str, folder_only: bool = False) -> int | None:
    """A descriptor of FOLDER/NAME opened through no link below FOLDER, or None."""
    parts = name.split("/")
    flags = os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _BINARY
    if not _RELATIVE:
        path = folder.joinpath(*parts)
        if not all(_plain_folder(folder.joinpath(*parts[:n])) for n in range(1, len(parts))):
            return None
        try:
            return os.open(path, flags | (_DIRECTORY if folder_only else 0))
        except OSError:
            return None
    try:
        current = os.open(folder, os.O_RDONLY | _DIRECTORY)
    except OSError:
        return None
    try:
        for n, part in enumerate(parts):
            last = n == len(parts) - 1
            mode = flags | (_DIRECTORY if not last or folder_only else 0)
            following = os.open(part, mode, dir_fd=current)
            os.close(current)
            current = following
        found, current = current, None
        return found
    except OSError:
        return None
    finally:
        if current is not None:
            os.close(current)


def _plain_folder(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False
