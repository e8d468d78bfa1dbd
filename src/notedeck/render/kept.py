"""What a loaded process (watch, serve) keeps for the renderers from one build to the next.

A plain build keeps nothing: `shelf(name)` is None and a renderer makes everything.
While stages/reuse.py's session is in use, `shelf(name)` is a bounded shelf
(get(key), put(key, value)) on which a renderer keeps what it made, by a key it
makes from everything the value is made from, so a later build writes the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

_shelves: ContextVar[Mapping[str, Any] | None] = ContextVar("notedeck_render_kept",
                                                            default=None)


@contextmanager
def keeping(shelves: Mapping[str, Any]) -> Iterator[None]:
    """Renderers inside the block find their shelves in `shelves`, by name."""
    token = _shelves.set(shelves)
    try:
        yield
    finally:
        _shelves.reset(token)


def shelf(name: str):
    """The shelf this process keeps `name`'s values on, or None in a plain build."""
    shelves = _shelves.get()
    return None if shelves is None else shelves.get(name)
