"""The note's own template, read once: its bytes and its role mapping, for the deck renderer."""

from __future__ import annotations

from pathlib import Path

from notedeck.errors import Collector, fail
from notedeck.readers import yamlfile
from notedeck.readers.layout import NoteLayout

MAX_TEMPLATE_BYTES = 50_000_000


def read_template(content: Path) -> tuple[bytes | None, str, tuple, str]:
    """(the template's bytes, its name as messages show it, the roles pinned in template.yaml,
    that file's name); bytes None when the note has no template of its own."""
    layout = NoteLayout(content)
    found = Collector()
    data = found.run(_template_bytes, content, layout)
    pins = found.run(_pins, content, layout.template_map) or ()
    found.raise_if_any()
    return data, str(layout.template), pins, str(layout.template_map)


def _template_bytes(content: Path, layout: NoteLayout) -> bytes | None:
    present = layout.templates
    if len(present) > 1:
        raise fail(present[1], f"the note has both {present[0].name} and {present[1].name}; "
                               "keep one")
    path = layout.template
    if not path.exists() and not path.is_symlink():
        return None
    return yamlfile.read_bytes(yamlfile.inside(content, path), MAX_TEMPLATE_BYTES)


def _pins(content: Path, path: Path) -> tuple:
    from notedeck.readers import templatemap

    if not path.exists() and not path.is_symlink():
        return ()
    return templatemap.read(yamlfile.inside(content, path)).pins
