"""`notedeck check`: every variant of a note gathered and composed, nothing written."""

from __future__ import annotations

from pathlib import Path

from .errors import NotedeckError, Problem
from .readers import audiences


def check_note(content: Path) -> list[Problem]:
    """Errors and warnings of the note and each audience, without duplicates."""
    from .compose import compose
    from .gather import gather

    found: list[Problem] = []
    slugs = audiences.names(content) if content.is_dir() else []
    for slug in [None, *slugs]:
        try:
            _, warnings = compose(gather(content, slug))
            found.extend(warnings)
        except NotedeckError as exc:
            found.extend(exc.problems)
    unique = []
    for problem in found:
        if str(problem) not in {str(p) for p in unique}:
            unique.append(problem)
    return unique
