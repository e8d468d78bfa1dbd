"""Which note a command reads when none is named (./content, else the bundled one); a new note's folder."""

from __future__ import annotations

from pathlib import Path

BUNDLED = Path(__file__).resolve().parent.parent / "bundled"


def content_folder(path: Path | None) -> Path:
    if path is not None:
        return path
    here = Path("content")
    return here if here.is_dir() else BUNDLED


def start_note(directory: Path) -> None:
    """The bundled note and the deck's template copied into DIRECTORY (new, or empty); a
    folder this made is removed again if the machine refuses a write."""
    import os
    import shutil

    from notedeck.errors import fail
    from notedeck.reports.templates import export

    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise fail(directory, "the folder exists and is not empty; choose a new folder")
    made = not os.path.lexists(directory)
    try:
        shutil.copytree(BUNDLED, directory, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__"))
        export(directory)              # the deck's template, ready to restyle
    except (OSError, shutil.Error) as exc:
        if made:
            shutil.rmtree(directory, ignore_errors=True)
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise fail(directory, f"cannot start a note here: {reason}") from None
