"""Inline text: runs of one style, and the strings inside any model object."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields, is_dataclass



@dataclass(frozen=True)
class Run:
    """A stretch of text with one style."""

    text: str
    bold: bool = False
    italic: bool = False


Text = tuple[Run, ...]


def plain(text: Text) -> str:
    """The characters of a run sequence, styles dropped."""
    return "".join(run.text for run in text)


def strings(value: object) -> Iterator[str]:
    """Every string held anywhere inside a model object."""
    if isinstance(value, str):
        yield value
    elif is_dataclass(value):
        for item in fields(value):
            if item.metadata.get("content", True):
                yield from strings(getattr(value, item.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from strings(item)
