"""Which note a command reads when none is named: ./content, else the bundled one."""

from __future__ import annotations

from pathlib import Path

BUNDLED = Path(__file__).resolve().parent.parent / "bundled"


def content_folder(path: Path | None) -> Path:
    if path is not None:
        return path
    here = Path("content")
    return here if here.is_dir() else BUNDLED
