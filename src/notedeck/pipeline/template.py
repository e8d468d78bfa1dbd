"""The note's own template.pptx, read once: its bytes for the deck renderer, or None."""

from __future__ import annotations

from pathlib import Path

from notedeck.readers import yamlfile
from notedeck.readers.layout import NoteLayout

MAX_TEMPLATE_BYTES = 50_000_000


def read_template(content: Path) -> tuple[bytes | None, str]:
    """(the template's bytes, its name as messages show it); (None, name) when the note has none."""
    path = NoteLayout(content).template
    if not path.exists() and not path.is_symlink():
        return None, str(path)
    return yamlfile.read_bytes(yamlfile.inside(content, path), MAX_TEMPLATE_BYTES), str(path)
