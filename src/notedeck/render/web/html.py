"""Small, safe HTML: escaping, elements with attributes, styled runs, unique ids."""

from __future__ import annotations

import re
from html import escape

from notedeck.deck import Text


def esc(text: str) -> str:
    """Text for element content or a quoted attribute value."""
    return escape(text, quote=True)


def attrs(**values: object) -> str:
    """' name="value"' pairs; a trailing underscore is dropped (class_), other underscores
    become dashes (aria_label); None and False leave the attribute out, True writes it bare."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(str(value))}"')
    return "".join(out)


def el(name: str, content: str = "", **values: object) -> str:
    """One element; `content` is HTML already (escape text with esc())."""
    return f"<{name}{attrs(**values)}>{content}</{name}>"


def runs(text: Text) -> str:
    """Styled runs as HTML: bold as <strong>, italic as <em>."""
    parts = []
    for run in text:
        html = esc(run.text)
        if run.italic:
            html = f"<em>{html}</em>"
        if run.bold:
            html = f"<strong>{html}</strong>"
        parts.append(html)
    return "".join(parts)


class Ids:
    """Unique, readable element ids: "level-1", "level-2", ...; the same Deck gives the same ids."""

    def __init__(self) -> None:
        self.used: dict[str, int] = {}

    def new(self, hint: str) -> str:
        stem = re.sub(r"[^a-z0-9]+", "-", hint.lower()).strip("-") or "part"
        self.used[stem] = self.used.get(stem, 0) + 1
        return f"{stem}-{self.used[stem]}"
