"""Helpers shared by the bad-input and CLI tests: folder snapshots, the CLI in a subprocess, reopening."""

from __future__ import annotations

import hashlib
from pathlib import Path

BUNDLED = Path(__file__).resolve().parents[2] / "src" / "notedeck" / "notes" / "million-tokens"


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


GIB = 1 << 30
CPU_SECONDS = 120           # a hang's end, as a resource limit: never a measure of speed


def bounded(*args: str, cwd: Path | None = None, env: dict | None = None):
    """The notedeck CLI in a process of its own held to 1 GiB of address space and
    CPU_SECONDS of processor time (children included, each under the same limits); its
    CompletedProcess with text output. The process is forked from one that has imported
    notedeck already (tests/forked.py), so a run costs what it does, not an interpreter's
    start. What must hold of any run on hostile input: an exit of 0 or 2, and no traceback
    or internal error (`assert_clean`)."""
    import forked

    return forked.run(list(args), {"RLIMIT_AS": GIB, "RLIMIT_CPU": CPU_SECONDS}, cwd, env,
                      timeout=20 * CPU_SECONDS)


def limits() -> None:
    """A run's limits, for a process started otherwise: GIB of address space, CPU_SECONDS
    of processor time."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (GIB, GIB))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def assert_clean(done, code: int | None = None) -> None:
    """Exit 0 or 2 (or exactly `code`), no traceback, no internal error."""
    said = done.stdout + done.stderr
    assert done.returncode in ((0, 2) if code is None else (code,)), said
    assert "Traceback" not in said and "internal error" not in said, said
