"""What model/ reads: plain data and where each part of it was written (no files here)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from notedeck.errors import Location
from notedeck.model.messages import key_text


class Document(Protocol):
    """Plain data (mappings, lists, text, int, Decimal, bool, None) and its positions.

    readers/yamlfile.Located is one: `where(path)` gives the file, line and column of the
    value at a key path (of the key itself with `at_key`), and the key path as text."""

    data: Any

    def where(self, path: tuple, at_key: bool = False) -> Location: ...


@dataclass
class Plain:
    """Data with no positions (a value made in code): problems name the key path only."""

    data: Any
    file: str = "<data>"

    def where(self, path: tuple, at_key: bool = False) -> Location:
        return Location(self.file, None, None, key_text(path))


def at(document: Document, path: tuple) -> Any:
    """The value at a key path, or None."""
    value = document.data
    for part in path:
        if isinstance(part, int) and isinstance(value, list) and -len(value) <= part < len(value):
            value = value[part]
        elif isinstance(part, str) and isinstance(value, dict) and part in value:
            value = value[part]
        else:
            return None
    return value


@dataclass(frozen=True)
class Under:
    """A part of a document, at a key path: its problems are placed in the whole document."""

    document: Document
    root: tuple
    data: Any

    def where(self, path: tuple, at_key: bool = False) -> Location:
        return self.document.where(self.root + tuple(path), at_key)
