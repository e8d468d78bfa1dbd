"""Helpers shared by the bad-input and CLI tests: folder snapshots, the CLI in a subprocess, reopening."""

from __future__ import annotations

import hashlib
from pathlib import Path

BUNDLED = Path(__file__).resolve().parents[2] / "src" / "notedeck" / "bundled"


def snapshot(folder: Path) -> dict[str, str]:
    """Every file and folder under `folder`, with each file's SHA-256: byte-for-byte identity."""
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): (hashlib.sha256(p.read_bytes()).hexdigest()
                                         if p.is_file() else "folder")
            for p in sorted(folder.rglob("*"))}


def cli(*args: str, prelude: str = "") -> list[str]:
    """The notedeck command line, run in a fresh Python process (after `prelude`, if given)."""
    import sys

    return [sys.executable, "-c", prelude + "\nimport sys; from notedeck.commands.cli import main; "
            "sys.argv[0] = 'notedeck'; main()", *args]


def reopen(folder: Path) -> tuple[int, int]:
    """Slides and pages of the deck and handout in `folder`, read back by python-pptx and pypdf."""
    from pptx import Presentation
    from pypdf import PdfReader

    slides = len(Presentation(str(folder / "deck.pptx")).slides)
    pages = len(PdfReader(str(folder / "handout.pdf")).pages)
    assert slides > 0 and pages > 0
    return slides, pages
