"""Passages in section text: named stretches an audience may replace, and stretches bound to one item.

    <!-- passage: done-example -->            an audience may replace or drop it by name
    <!-- passage: done-example, item: apps -->   ...and it shows only when 'apps' is an item
    <!-- item: apps -->                       shown only when an item 'apps' is in the scenario
    <!-- end -->                              closes the passage

Markers stand on lines of their own and become blank lines, so line numbers stay put.
Resolving a section's text gives chunks, each with the file and line its text comes from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from notedeck.errors import NotedeckError, Problem, Location
from notedeck.readers.validation import suggest

_MARKER = re.compile(r"^\s*<!--\s*(passage|item|end)\b\s*(.*?)\s*-->\s*$", re.IGNORECASE)
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,59}$")
KEYS = ("passage", "item")


@dataclass(frozen=True)
class Chunk:
    """A stretch of text, where it comes from, and the passage it belongs to (if any)."""

    text: str
    file: Path
    line: int                      # line of the chunk's first text line in `file`
    passage: str | None = None
    item: str | None = None


@dataclass(frozen=True)
class Passage:
    name: str | None
    item: str | None
    file: Path
    line: int                      # the opening marker's line
    body: Chunk


@dataclass(frozen=True)
class Replacement:
    """An audience's text for a named passage: `text` None keeps the note's own."""

    name: str
    file: Path
    line: int                      # the key's line in the audience file
    text: Chunk | None = None
    drop: bool = False
    before: Chunk | None = None
    after: Chunk | None = None


@dataclass
class Overlay:
    """What resolving needs: an audience's replacements and the items in play."""

    replacements: dict[str, Replacement] = field(default_factory=dict)
    items: frozenset[str] | None = None           # the scenario's item ids (None: all)
    known: frozenset[str] = frozenset()           # ids a passage may name


@dataclass(frozen=True)
class Resolved:
    chunks: tuple[Chunk, ...]
    names: tuple[str, ...]                         # every passage name the text marks
    hidden: tuple[Passage, ...]                    # passages left out: their item is absent
    warnings: tuple[Problem, ...] = ()


def split(text: str, path: Path, first_line: int) -> list[Chunk | Passage]:
    """The text as plain chunks and passages; marker mistakes are errors at their line."""
    pieces: list[Chunk | Passage] = []
    lines = text.split("\n")
    start, opened, problems = 0, None, []
    for index, line in enumerate(lines):
        match = _MARKER.match(line)
        if not match:
            continue
        number = first_line + index
        kind, rest = match.group(1).lower(), match.group(2)
        if kind == "end":
            if opened is None:
                problems.append(_at(path, number, "'<!-- end -->' without a passage to close; "
                                                  "open one with '<!-- passage: NAME -->'"))
                continue
            name, item, open_line, open_index = opened
            body = Chunk(_blank_ends(lines, open_index + 1, index), path, open_line + 1, name,
                         item)
            pieces.append(Passage(name, item, path, open_line, body))
            start, opened = index, None
            lines[index] = ""
            continue
        if opened is not None:
            problems.append(_at(path, number, f"passages cannot be nested; close the passage "
                                              f"opened on line {opened[2]} with '<!-- end -->' "
                                              "first"))
            continue
        try:
            name, item = _fields(f"{kind}{rest}")
        except ValueError as exc:          # still opened, so its '<!-- end -->' is not stray
            problems.append(_at(path, number, str(exc)))
            name, item = None, None
        pieces.append(Chunk(_blank_ends(lines, start, index), path, first_line + start))
        opened, lines[index] = (name, item, number, index), ""
    if opened is not None:
        problems.append(_at(path, opened[2], "this passage is never closed; add '<!-- end -->' "
                                             "after its text"))
    if problems:
        raise NotedeckError(problems)
    pieces.append(Chunk("\n".join(lines[start:]), path, first_line + start))
    return pieces


def _blank_ends(lines: list[str], start: int, end: int) -> str:
    """Lines start..end-1; the marker line at `start` (if any) is already blank."""
    return "\n".join(lines[start:end])


def _fields(text: str) -> tuple[str | None, str | None]:
    """'passage: NAME, item: ID' -> (NAME, ID)."""
    found: dict[str, str] = {}
    for part in text.split(","):
        key, colon, value = part.partition(":")
        key, value = key.strip().lower(), value.strip()
        if key not in KEYS or not colon:
            raise ValueError(f"unknown passage marker part '{part.strip()}'; expected "
                             "'passage: NAME' and/or 'item: ID'" + suggest(key, list(KEYS)))
        if not _NAME.match(value):
            raise ValueError(f"a {key} name is lower-case letters, digits, '-' and '_', "
                             f"got '{value}'")
        found[key] = value
    return found.get("passage"), found.get("item")


def resolve(pieces: list[Chunk | Passage], overlay: Overlay | None) -> Resolved:
    """Chunks in reading order: replaced passages swapped in, passages of absent items left out."""
    overlay = overlay or Overlay()
    chunks: list[Chunk] = []
    hidden: list[Passage] = []
    problems: list[Problem] = []
    warnings: list[Problem] = []
    for piece in pieces:
        if isinstance(piece, Chunk):
            chunks.append(piece)
            continue
        if piece.item and overlay.known and piece.item not in overlay.known:
            unknown = _unknown(piece, overlay)
            (problems if unknown.severity == "error" else warnings).append(unknown)
            if unknown.severity == "error":
                continue
        replacement = overlay.replacements.get(piece.name or "")
        if replacement is not None:
            chunks.extend(_replaced(piece, replacement))
        elif piece.item and overlay.items is not None \
                and piece.item not in overlay.items:
            hidden.append(piece)
        else:
            chunks.append(piece.body)
    if problems:
        raise NotedeckError(problems)
    names = tuple(dict.fromkeys(p.name for p in pieces if isinstance(p, Passage) and p.name))
    return Resolved(tuple(chunks), names, tuple(hidden), tuple(warnings))


def _unknown(passage: Passage, overlay: Overlay) -> Problem:
    """An item neither the note's scenario nor the variant's has: a misspelling (an error,
    with the likely name), or an item no longer there (a warning; the passage is left out)."""
    known = sorted(overlay.known)
    meant = misspelling_of(passage.item, known)
    if meant:
        return _at(passage.file, passage.line, f"unknown item '{passage.item}' in this "
                                               f"passage; did you mean '{meant}'? Expected one "
                                               f"of: {', '.join(known)}")
    return Problem(Location(passage.file, passage.line),
                   f"neither scenarios.yaml nor this variant has the item "
                   f"'{passage.item}', so this passage is left out; remove it, or name one "
                   f"of: {', '.join(known)}", "warning")


def misspelling_of(item: str, known: list[str]) -> str | None:
    """The known id `item` is a slip of the keyboard for, or None.

    Only one letter added, dropped, changed, or two neighbours swapped, in names of three
    letters or more: a looser likeness ('apps' and 'ap') is as often an item that is simply
    no longer in the scenario, whose passage is left out with a warning, not refused."""
    return next((name for name in known if min(len(name), len(item)) >= 3
                 and _one_edit(item, name)), None)


def _one_edit(a: str, b: str) -> bool:
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long = sorted((a, b), key=len)
    return len(long) == len(short) + 1 and any(long[:i] + long[i + 1:] == short
                                               for i in range(len(long)))


def _replaced(passage: Passage, replacement: Replacement) -> list[Chunk]:
    own = [] if replacement.drop else [replacement.text or passage.body]
    parts = [replacement.before, *own, replacement.after]
    return [Chunk(part.text, part.file, part.line, passage.name)
            for part in parts if part is not None]


class Lines:
    """Where each line of the assembled text comes from: (file, line)."""

    def __init__(self, entries: list[tuple[Path, int]]):
        self.entries = entries or [(Path("?"), 1)]

    def at(self, index: int) -> tuple[Path, int]:
        return self.entries[min(max(index, 0), len(self.entries) - 1)]

    @classmethod
    def plain(cls, path: Path, first_line: int, text: str) -> "Lines":
        """The lines of one text written in one file from `first_line` on."""
        return cls([(path, first_line + i) for i in range(text.count("\n") + 1)])


@dataclass(frozen=True)
class Filled:
    text: str                                      # every chunk, filled, a blank line between
    lines: Lines
    chunks: tuple[Chunk, ...]                      # each chunk as filled, for later checks


def assemble(chunks: tuple[Chunk, ...], texts: tuple[str | None, ...] | None = None) -> Filled:
    """The chunks joined, each as written or as `texts` gives it (its placeholders filled;
    None: left out), every line still naming the file and line it comes from."""
    parts, entries, filled_chunks = [], [], []
    for chunk, text in zip(chunks, texts or tuple(c.text for c in chunks)):
        if text is None:
            continue
        source_lines = chunk.text.count("\n") + 1
        lines = text.split("\n")
        entries.extend((chunk.file, chunk.line + min(k, source_lines - 1))
                       for k in range(len(lines)))
        entries.append(entries[-1])                 # the blank line that keeps chunks apart
        parts.append(text)
        filled_chunks.append(Chunk(text, chunk.file, chunk.line, chunk.passage, chunk.item))
    return Filled("\n\n".join(parts), Lines(entries), tuple(filled_chunks))


def _at(path: Path, line: int, message: str) -> Problem:
    return Problem(Location(path, line), message)
