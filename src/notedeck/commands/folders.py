"""Which note a command reads when none is named, and the bundled example notes `init` copies.

A command without --content reads the note in the folder you are in (one holding
note.yaml, as MkDocs reads mkdocs.yml), else ./content, else the bundled example.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from notedeck.readers.layout import AUDIENCES, NOTE, NoteLayout

NOTES = Path(__file__).resolve().parent.parent / "notes"    # the bundled notes, side by side
HERE = Path(".")


@dataclass(frozen=True)
class Example:
    """A note shipped with notedeck: `init --example NAME` copies it; `init --list` tells it
    by its model's own `about:` (the engine keeps no word of any note's subject)."""

    name: str
    folder: Path
    audience: str          # the one example audience `init` copies (all: --with-examples)


def examples(notes: Path = NOTES) -> tuple[Example, ...]:
    """Every bundled note, found: each folder of notes/ that holds note.yaml, by name (the
    first is the default). `init` copies one example audience: the first by name that is a
    single file, with no folder of its own (all: --with-examples)."""
    found = []
    for folder in sorted(p for p in notes.iterdir() if (p / NOTE).is_file()):
        audiences = NoteLayout(folder).audience_names()
        plain = [a for a in audiences if not (folder / AUDIENCES / a).is_dir()]
        found.append(Example(folder.name, folder, (plain or audiences or [""])[0]))
    return tuple(found)


def bundled() -> Path:
    """The default bundled note: the one a command reads when no note is found."""
    return examples()[0].folder


# `init --blank`: the smallest note that builds (one input, one formula, one table, one chart,
# one section), the start of docs/models.md's tutorial; no audience. Not an example: apart.
BLANK = Example("blank", Path(__file__).resolve().parent.parent / "blank", "")


def content_folder(path: Path | None) -> Path:
    """--content as given; else this folder when it holds note.yaml; else ./content; else
    the bundled example (`bundled_fallback` says when that is the one chosen)."""
    if path is not None:
        return path
    if (HERE / NOTE).is_file():
        return HERE
    here = Path("content")
    return here if here.is_dir() else bundled()


def bundled_fallback(path: Path | None) -> bool:
    """Whether a command without --content reads the bundled example (no note here)."""
    return path is None and content_folder(None) == bundled()


def shown(folder: Path) -> str:
    """A note's folder as messages name it: the folder you are in by its name."""
    if folder != HERE:
        return str(folder)
    return Path.cwd().name or str(Path.cwd())


def example(name: str | None) -> Example:
    """The bundled example called NAME (the first without one); an unknown name lists them."""
    from notedeck.errors import NotedeckError
    from notedeck.readers.validation import suggest

    found = examples()
    if name is None:
        return found[0]
    for one in found:
        if one.name == name:
            return one
    raise NotedeckError(f"--example: no bundled note called '{name}'"
                        + suggest(name, [e.name for e in found]))
