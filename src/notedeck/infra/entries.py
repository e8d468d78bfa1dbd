"""What a path under an output folder is, seen without following a link."""

from __future__ import annotations

import os
import stat
from pathlib import Path

LEGACY = ".notedeck"           # notedeck's folder inside OUT before plain files (legacy.py)


def legacy_link(out: Path, name: str) -> bool:
    """Whether OUT/NAME is a link an older notedeck made (.notedeck/current/NAME)."""
    try:
        return os.readlink(out / name) == f"{LEGACY}/current/{name}"
    except (OSError, ValueError):
        return False


def kind_of(path: Path) -> str | None:
    try:
        mode = os.lstat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "folder"
    return "file" if stat.S_ISREG(mode) else "other"


def target_of(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return "somewhere else"


def named(kind: str | None) -> str:
    return {"file": "a file", "link": "a link", "folder": "a folder"}.get(kind, "a device or pipe")
