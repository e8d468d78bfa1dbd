"""An audience's own content: note fields, replaced passages and its own sections/ folder.

    audiences/NAME.yaml               name, title, subtitle, scenarios, note, passages
    audiences/NAME/sections/*.md      a file named like one of the note's replaces it; any
                                      other name adds a section
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

from typing import Annotated, Any

from pydantic import BeforeValidator, PlainValidator, WrapValidator

from notedeck.errors import Location, Problem
from notedeck.model.schema import Settings
from notedeck.readers import yamlfile
from notedeck.readers.layout import NoteLayout
from notedeck.readers.passages import Chunk, Overlay, Replacement
from notedeck.readers.validation import custom, shown
from notedeck.readers.yamlfile import Located


@dataclass(frozen=True)
class Changes:
    """What an audience changes beyond the numbers."""

    note: Located | None = None                         # any note.yaml fields, positions kept
    passages: dict[str, Replacement] = field(default_factory=dict)
    sections: tuple[Path, ...] = ()                     # audiences/NAME/sections/*.md


def read(source: Located, content: Path, slug: str) -> Changes:
    """The `note:` and `passages:` parts of an audience file (checked with its other keys,
    readers/audiences.py), and its sections folder."""
    data = source.data if isinstance(source.data, dict) else {}
    note = part(source, "note") if isinstance(data.get("note"), dict) else None
    replacements = _passages(source, data["passages"]) if data.get("passages") else {}
    folder = NoteLayout(content).audience_sections(slug)
    files = tuple(yamlfile.inside(content, p) for p in sorted(folder.glob("*.md")))
    return Changes(note, replacements, files)


def part(source: Located, key: str) -> Located:
    """The sub-document under one top-level key, its positions re-rooted."""
    def reroot(table: dict) -> dict:
        return {path[1:]: where for path, where in table.items() if path[:1] == (key,)}
    return Located(source.data[key], source.file, reroot(source.positions),
                   keys=reroot(source.keys))


def _markdown(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise custom(f"expected Markdown text, got {shown(value)}")
    return value


class PassageIn(Settings):
    """A passage replaced with text, or with text before and after it."""

    text: Annotated[str | None, PlainValidator(_markdown)] = None
    before: Annotated[str | None, PlainValidator(_markdown)] = None
    after: Annotated[str | None, PlainValidator(_markdown)] = None


def _passage(value: Any, handler) -> Any:
    """Markdown text, nothing (the passage dropped), or a mapping (PassageIn)."""
    if value is None or isinstance(value, str):
        return value
    if not isinstance(value, dict):
        raise custom("expected Markdown text, nothing (to drop the passage) or a mapping "
                     f"with text, before and after, got {shown(value)}")
    return handler(value)


def _named(value: Any) -> dict:
    if not isinstance(value, dict):
        raise custom(f"expected a mapping of passage names to Markdown text, got {shown(value)}")
    return value


# An audience file's `passages:` (its key in audiences.AudienceIn).
Passages = Annotated[dict[str, Annotated[PassageIn, WrapValidator(_passage)]] | None,
                     BeforeValidator(_named)]


def _passages(source: Located, value: dict) -> dict[str, Replacement]:
    lines = yamlfile.read_text(Path(source.file)).replace("\r\n", "\n").split("\n")
    return {str(name): _replacement(source, lines, str(name), entry)
            for name, entry in value.items()}


def _replacement(source: Located, lines: list[str], name: str, entry) -> Replacement:
    key_line = source.where(("passages", name), at_key=True).line or 1
    if entry is None or entry == "":
        return Replacement(name, Path(source.file), key_line, drop=True)
    if isinstance(entry, str):
        return Replacement(name, Path(source.file), key_line,
                           text=_chunk(source, lines, ("passages", name), entry))
    chunks = {k: _chunk(source, lines, ("passages", name, k), v) for k, v in entry.items()
              if isinstance(v, str)}
    return Replacement(name, Path(source.file), key_line, text=chunks.get("text"),
                       drop="text" in entry and not entry["text"],
                       before=chunks.get("before"), after=chunks.get("after"))


def _chunk(source: Located, lines: list[str], path: tuple, text: str) -> Chunk:
    """The text with the line its first line stands on (a block scalar starts one below '|')."""
    where = source.where(path)
    line = where.line or 1
    column = (where.column or 1) - 1
    marker = lines[line - 1][column:column + 1] if line <= len(lines) else ""
    return Chunk(text.rstrip("\n"), Path(source.file), line + 1 if marker in ("|", ">") else line)


def overlay(changes: Changes | None, active: set[str] | None, known: set[str]) -> Overlay:
    """The replacements and the item ids a build's sections are resolved against."""
    return Overlay(dict(changes.passages) if changes else {},
                   frozenset(active) if active is not None else None, frozenset(known))


def section_files(note_files: list[Path], changes: Changes | None) -> list[Path]:
    """The note's section files, each replaced by the audience's file of the same name;
    the audience's other files added."""
    if not changes or not changes.sections:
        return note_files
    own = {p.name: p for p in changes.sections}
    return sorted([own.pop(p.name, p) for p in note_files] + list(own.values()),
                  key=lambda p: p.name)


def unknown_passages(changes: Changes | None, marked: set[str]) -> list[Problem]:
    """Replacements naming a passage no section marks, each at its key with a did-you-mean."""
    if not changes:
        return []
    listed = ", ".join(sorted(marked)) or "none (a section marks one with <!-- passage: NAME -->)"
    problems = []
    for name, replacement in changes.passages.items():
        if name in marked:
            continue
        close = difflib.get_close_matches(name, sorted(marked), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else "."
        problems.append(Problem(Location(replacement.file, replacement.line, None,
                                         f"passages.{name}"),
                                f"no section marks a passage '{name}'{hint} "
                                f"Passages in this note: {listed}"))
    return problems
