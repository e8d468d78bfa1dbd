"""Which note a command reads when none is named, and the bundled example notes `init` copies.

A command without --content reads the note in the folder you are in (one holding
note.yaml, as MkDocs reads mkdocs.yml), else ./content, else the bundled example.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from notedeck.readers.layout import NOTE

BUNDLED = Path(__file__).resolve().parent.parent / "bundled"
EXAMPLES_FOLDER = Path(__file__).resolve().parent.parent / "examples"    # the other bundled notes
HERE = Path(".")


@dataclass(frozen=True)
class Example:
    """A note shipped with notedeck: `init --example NAME` copies it; `init --list` tells it
    by its model's own `about:` (the engine keeps no word of any note's subject)."""

    name: str
    folder: Path
    audience: str          # the one example audience `init` copies (all: --with-examples)


# The first is the default. A further bundled note joins with one line here.
EXAMPLES = (Example("million-tokens", BUNDLED, "support-team"),
            Example("waiting-in-line", EXAMPLES_FOLDER / "waiting-in-line", "planning-office"))
# `init --blank`: the smallest note that builds (one input, one formula, one table, one chart,
# one section), the start of docs/models.md's tutorial; no audience.
BLANK = Example("blank", EXAMPLES_FOLDER / "blank", "")


def content_folder(path: Path | None) -> Path:
    """--content as given; else this folder when it holds note.yaml; else ./content; else
    the bundled example (`bundled_fallback` says when that is the one chosen)."""
    if path is not None:
        return path
    if (HERE / NOTE).is_file():
        return HERE
    here = Path("content")
    return here if here.is_dir() else BUNDLED


def bundled_fallback(path: Path | None) -> bool:
    """Whether a command without --content reads the bundled example (no note here)."""
    return path is None and content_folder(None) == BUNDLED


def shown(folder: Path) -> str:
    """A note's folder as messages name it: the folder you are in by its name."""
    if folder != HERE:
        return str(folder)
    return Path.cwd().name or str(Path.cwd())


def example(name: str | None) -> Example:
    """The bundled example called NAME (the first without one); an unknown name lists them."""
    from notedeck.errors import NotedeckError
    from notedeck.readers.validation import suggest

    if name is None:
        return EXAMPLES[0]
    for found in EXAMPLES:
        if found.name == name:
            return found
    raise NotedeckError(f"--example: no bundled note called '{name}'"
                        + suggest(name, [e.name for e in EXAMPLES]))
