"""The note's own template (template.pptx or .potx), else notedeck's default: read once, made
safe; and the note's template.yaml, which pins layouts to roles."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from notedeck.readers.template import TemplatePackage, default_template, note_source, sanitize
from notedeck.stages import reuse

if TYPE_CHECKING:
    from notedeck.readers.templatemap import TemplateMap


@dataclass(frozen=True)
class Assets:
    """The template a deck is laid out on: its package's bytes (None: the default), the name
    messages give it, and the roles its template.yaml pins."""

    template: bytes | None = None
    template_name: str = "template.pptx"
    template_map: tuple = ()                 # roles pinned in template.yaml (readers.templatemap.Pin)
    template_map_name: str = "template.yaml"


def read_template(content: Path) -> TemplatePackage:
    """The template the deck is built on, checked and repacked clean (readers/template.py);
    its warnings say what was left out."""
    found = note_source(content)
    if found is None:
        return default_template()
    data, name = found
    return reuse.template(data, name, lambda: sanitize(data, name))


def read_template_map(content: Path) -> TemplateMap:
    """The note's template.yaml, read once: the roles it pins and the parts it accepts as
    left out (an empty map without one)."""
    from notedeck.readers import templatemap, yamlfile
    from notedeck.readers.layout import NoteLayout

    path = NoteLayout(content).template_map
    if not path.exists() and not path.is_symlink():
        return templatemap.TemplateMap(str(path), ())
    return templatemap.read(yamlfile.inside(content, path))


def accepted(template: TemplatePackage, mapping: TemplateMap) -> TemplatePackage:
    """The template with what the note's template.yaml lists under `left_out:` no longer
    warned of."""
    if template.left_out and mapping.left_out:
        return template.accepting(mapping.left_out)
    return template
