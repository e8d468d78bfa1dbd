"""The note's own template (template.pptx or .potx), else notedeck's default: read once, made safe."""

from __future__ import annotations

from pathlib import Path

from notedeck.readers.template import TemplatePackage, default_template, read_note_template


def read_template(content: Path) -> TemplatePackage:
    """The template the deck is built on, checked and repacked clean (readers/template.py);
    its warnings say what was left out."""
    return read_note_template(content) or default_template()
